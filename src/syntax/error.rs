//! The problems the parsers report, with their codes from the diagnostic catalogue.

use crate::diagnostic::Code;
use rowan::TextRange;

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
    pub fn code(self) -> Code {
        match self {
            SyntaxCode::UnterminatedString => Code::S001,
            SyntaxCode::MalformedTagPair => Code::S002,
            SyntaxCode::UnexpectedText => Code::S003,
            SyntaxCode::UnterminatedComment => Code::S004,
            SyntaxCode::TabInString => Code::S005,
            SyntaxCode::UnknownLabel => Code::R901,
            SyntaxCode::UnterminatedParagraph => Code::R905,
            SyntaxCode::MissingSpaceAfterLabel => Code::R906,
            SyntaxCode::MalformedPair => Code::L702,
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
    /// What, inserted right after the range, mends the error, when the parser knows what is
    /// missing (a pair's closing `|`, the space after a label).
    pub missing: Option<Missing>,
}

/// Text a syntax error lacks, and how a fix that inserts it is named.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Missing {
    /// The text to insert.
    pub text: &'static str,
    /// The fix's title, for people.
    pub title: &'static str,
}
