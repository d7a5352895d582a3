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
pub use parse::{RbnGreenElement, RbnParse};
pub use parser::{is_label, parse_record, LABELS};
