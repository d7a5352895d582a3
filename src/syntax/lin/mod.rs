//! LIN (Bridge Base Online) syntax: a lossless rowan tree of `key|value|` pairs, one node per
//! board, and incremental reparsing.
//!
//! The tree: `FILE` holds `BOARD` nodes (and a `HEADER` node for the pairs before the first
//! board that hold a vugraph header's `vg` or `rs` and deal no cards). A piece holds `PAIR` nodes (key, `|`, value,
//! `|`), line ends and spaces between them, and `ERROR` nodes for text that is no pair. Errors
//! carry the code L702.

mod ast;
mod kind;
mod parse;

pub use ast::{Pair, Pairs, Piece};
pub use kind::{LinElement, LinKind, LinLanguage, LinNode, LinToken};
pub(crate) use parse::{build_piece, piece_is_board, piece_ranges, read_piece};
pub use parse::{LinParse, LIN_PIECE_CAP};
