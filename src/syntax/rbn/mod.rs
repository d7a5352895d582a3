//! RBN (Richard's Bridge Notation) syntax: a lossless rowan tree per record, and incremental
//! reparsing.
//!
//! The tree: `FILE` holds `RECORD` nodes and `BLANK_LINES` tokens. A record holds `%` lines,
//! `FIELD` nodes (label, space, data tokens, line end), `NOTE` nodes, `PARAGRAPH` tokens and
//! `ERROR` nodes for lines without a label. Errors carry the R codes R901, R905 and R906.

mod ast;
mod kind;
mod parse;
mod parser;

pub use ast::{Field, Note, Record, RecordItem};
pub use kind::{RbnElement, RbnKind, RbnLanguage, RbnNode, RbnToken};
pub use parse::{parsed_pieces, RbnGreenElement, RbnParse};
pub use parser::{is_label, parse_record, LABELS};

/// The most bytes of one RBN field's data read as tokens; the rest is one unread piece (R903
/// says so). A quarter of PBN's [`DATA_LINE_CAP`](crate::syntax::DATA_LINE_CAP): an RBN line has
/// at most 512 characters, and each call or card read is checked through a PBN image that holds
/// it again, so a 50 MB line of calls with the PBN cap peaked at 2.7× the file.
pub const RBN_DATA_CAP: usize = crate::syntax::DATA_LINE_CAP / 4;
