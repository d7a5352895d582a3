//! Syntax: lexing and parsing PBN and RBN into lossless rowan trees, and incremental reparsing.
//!
//! Each notation has its room: PBN in [`pbn`], RBN (a line-based notation with its own kinds) in
//! [`rbn`], LIN in [`lin`]. What they share is here: the top level of a parsed file ([`TopLevel`]),
//! the syntax errors, the green-tree builder and the tree listing.
//!
//! The tree is lossless: the text of the root is the input, byte for byte. Errors are nodes or
//! marks in the tree plus [`SyntaxError`]s with their S codes from the diagnostic catalogue.

pub(crate) mod builder;
mod dump;
mod error;
mod kinds;
pub mod lin;
pub mod pbn;
pub mod rbn;
mod top;

pub use dump::{dump_lin_tree, dump_rbn_tree, dump_tree};
pub use error::{Missing, SyntaxCode, SyntaxError};
pub use pbn::{Outline, Parse, ParsedChunk, Splice};
pub use pbn::{PbnLanguage, SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken};
pub use rowan::{TextRange, TextSize};
pub(crate) use top::clip;
pub use top::{ChildSpans, FileLanguage, TopGrammar, TopLevel};
pub use top::{GreenElement, TextSource};

/// The most bytes of one line of data (a PBN section's calls, cards or table rows; an RBN
/// field's data) read as tokens; the rest of a longer line is one piece of unread text, reported
/// as such. No real line comes near it (PBN's limit is 255 characters, S006, and lets a reader cut
/// a line there; RBN's is 512, R903), and a line of millions of calls or cards would otherwise
/// cost tens of bytes of tree for every byte of text.
pub const DATA_LINE_CAP: usize = 1 << 16;
