//! The formatters: PBN export format ([`pbn`]), canonical RBN ([`rbn`]) and LIN as BBO writes
//! it ([`lin`]), each without losing anything; RBN and LIN share the piece-by-piece walk
//! (`pieces`). What every notation's writer shares is here: the line end to write ([`Eol`])
//! and what the formatter is asked to do ([`FormatOptions`]).

pub mod lin;
pub mod pbn;
pub(crate) mod pieces;
pub mod rbn;

pub use pbn::render::{Settings, MANDATORY};
pub use pbn::{format_document, format_game, format_text, kept_as_written};
pub(crate) use pbn::{format_outline, format_outline_range};

/// Which line end to write.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Eol {
    /// The file's own (its first line end; `\n` when it has none).
    #[default]
    Keep,
    /// `\n`.
    Lf,
    /// `\r\n`, as export format requires.
    Crlf,
}

impl Eol {
    /// The line end to write in `text`: for `Keep`, the text's first line end (`\r\n`, `\r` or
    /// `\n`; `\n` when it has none). Every notation's writer resolves line ends here.
    pub fn newline(self, text: &str) -> &'static str {
        match self {
            Eol::Lf => "\n",
            Eol::Crlf => "\r\n",
            Eol::Keep => {
                let bytes = text.as_bytes();
                match memchr::memchr2(b'\n', b'\r', bytes) {
                    Some(at) if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') => "\r\n",
                    Some(at) if bytes[at] == b'\r' => "\r",
                    _ => "\n",
                }
            }
        }
    }
}

/// What the formatter is asked to do.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct FormatOptions {
    /// Strict export: add the `% PBN 2.1` / `% EXPORT` header and missing mandatory tags.
    pub export: bool,
    /// The line end to write.
    pub eol: Eol,
}
