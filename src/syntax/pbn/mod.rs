//! PBN's syntax: the lexer, the parser into a lossless rowan tree, the typed view of that tree
//! ([`ast`]), the splitter that finds game boundaries without parsing, and the incremental parse
//! of a whole file ([`Parse`]).

pub mod ast;
pub(crate) mod kind;
pub mod lexer;
pub(crate) mod parse;
pub(crate) mod parser;
pub(crate) mod split;

pub use kind::{PbnLanguage, SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken};
pub use parse::{Outline, Parse, ParsedChunk, Splice};
