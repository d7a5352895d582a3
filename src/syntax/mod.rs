//! Syntax: lexing and parsing PBN and RBN into lossless rowan trees, and incremental reparsing.
//!
//! PBN lives at the top of this module; RBN, a line-based notation with its own kinds, in [`rbn`].
//!
//! The tree is lossless: the text of the root is the input, byte for byte. Errors are nodes or
//! marks in the tree plus [`SyntaxError`]s with their S codes from the diagnostic catalogue.

pub mod ast;
pub mod builder;
mod dump;
mod kind;
mod kinds;
pub mod lexer;
pub mod lin;
mod parse;
pub mod parser;
pub mod rbn;
pub mod split;
mod top;

pub use dump::{dump_lin_tree, dump_rbn_tree, dump_tree};
pub use kind::{PbnLanguage, SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken};
pub(crate) use parse::clip;
pub use parse::{GreenElement, Outline, Parse, ParsedChunk, Splice, TextSource};
pub use rowan::{TextRange, TextSize};
pub use top::{FileLanguage, TopLevel};

/// The catalogue codes of the errors the parser itself reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SyntaxCode {
    /// S001: a string is not closed before the end of its line.
    UnterminatedString,
    /// S002: a tag pair is missing its name, its value or its `]`, or its value is not quoted.
    MalformedTagPair,
    /// S003: text that is no token of the place it stands in.
    UnexpectedText,
    /// S004: a `{` comment is not closed before the end of the file.
    UnterminatedComment,
    /// S005: a tab character inside a string.
    TabInString,
    /// R901: an RBN line starts with no label, note digit, `{` or `%`.
    UnknownLabel,
    /// R905: an RBN `{` paragraph is not closed by `}` at the end of a line.
    UnterminatedParagraph,
    /// R906: no space between an RBN label and its data.
    MissingSpaceAfterLabel,
    /// L702: LIN text that is no `key|value|` pair, or a pair without its closing `|`.
    MalformedPair,
}

impl SyntaxCode {
    /// The catalogue code, e.g. `S002`.
    pub fn code(self) -> &'static str {
        match self {
            SyntaxCode::UnterminatedString => "S001",
            SyntaxCode::MalformedTagPair => "S002",
            SyntaxCode::UnexpectedText => "S003",
            SyntaxCode::UnterminatedComment => "S004",
            SyntaxCode::TabInString => "S005",
            SyntaxCode::UnknownLabel => "R901",
            SyntaxCode::UnterminatedParagraph => "R905",
            SyntaxCode::MissingSpaceAfterLabel => "R906",
            SyntaxCode::MalformedPair => "L702",
        }
    }

    /// The catalogue name, e.g. `malformed-tag-pair`.
    pub fn name(self) -> &'static str {
        match self {
            SyntaxCode::UnterminatedString => "unterminated-string",
            SyntaxCode::MalformedTagPair => "malformed-tag-pair",
            SyntaxCode::UnexpectedText => "unexpected-text",
            SyntaxCode::UnterminatedComment => "unterminated-comment",
            SyntaxCode::TabInString => "tab-in-string",
            SyntaxCode::UnknownLabel => "unknown-label",
            SyntaxCode::UnterminatedParagraph => "unterminated-paragraph",
            SyntaxCode::MissingSpaceAfterLabel => "missing-space-after-label",
            SyntaxCode::MalformedPair => "malformed-pair",
        }
    }
}

/// A problem the parser found, with its byte range in the text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SyntaxError {
    /// Which catalogue entry this is.
    pub code: SyntaxCode,
    /// Where it is (byte offsets).
    pub range: TextRange,
    /// What is wrong, for people.
    pub message: String,
}
