//! Text handling: decoding files, remembering how they were encoded, and line/column positions.

mod decode;
mod line_index;

pub use decode::{decode, encode, read_file, Encoding, LineEnding, ReadError, SourceText};
pub use line_index::{LineCol, LineIndex, PositionEncoding};
