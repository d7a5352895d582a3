//! The notation seam: which notation a document is written in, and the one place that sends
//! each whole-document job (check, format, dump, convert) to that notation's code.
//!
//! Front ends (the CLI, the language server, the tests) decide the notation once, from a path or
//! an editor's language id, and then call these methods; nothing else matches on the notation to
//! choose a parser, a checker or a writer. A new notation is a new variant here and the match
//! arms the compiler then asks for.

use std::path::Path;

use crate::analysis::{check_stream, CheckOptions, FileReport};
use crate::convert::{read_lin, read_pbn, read_rbn, write_lin, write_pbn_file, write_rbn, Board};
use crate::format::{format_text, rbn::format_rbn, FormatOptions};
use crate::syntax::lin::LinParse;
use crate::syntax::rbn::RbnParse;
use crate::syntax::{dump_lin_tree, dump_rbn_tree, dump_tree, Parse};

/// The notations Kibitzer reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Portable Bridge Notation (`.pbn`).
    Pbn,
    /// Richard's Bridge Notation (`.rbn`).
    Rbn,
    /// Bridge Base Online's LIN (`.lin`).
    Lin,
}

/// A whole text converted to another notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Converted {
    /// The converted text.
    pub text: String,
    /// The notation it is written in.
    pub notation: Notation,
    /// What the target notation cannot express (left out of `text`).
    pub dropped: Vec<String>,
}

impl Notation {
    /// Every notation, in the order they are listed to users.
    pub const ALL: [Notation; 3] = [Notation::Pbn, Notation::Rbn, Notation::Lin];

    /// The notation of a file by its extension (any case); PBN when it is none of ours.
    pub fn from_path(path: &Path) -> Notation {
        Notation::of_file(path).unwrap_or(Notation::Pbn)
    }

    /// The notation of a file by its extension (any case), if it is one Kibitzer reads: what a
    /// folder walk keeps.
    pub fn of_file(path: &Path) -> Option<Notation> {
        let ext = path.extension()?.to_str()?;
        Notation::ALL
            .into_iter()
            .find(|n| ext.eq_ignore_ascii_case(n.extension()))
    }

    /// The notation of an editor language id (`pbn`, `rbn`).
    pub fn from_language_id(id: &str) -> Option<Notation> {
        Notation::ALL
            .into_iter()
            .find(|n| id.eq_ignore_ascii_case(n.extension()))
    }

    /// The usual file extension, without the dot (also the editor language id).
    pub fn extension(self) -> &'static str {
        match self {
            Notation::Pbn => "pbn",
            Notation::Rbn => "rbn",
            Notation::Lin => "lin",
        }
    }

    /// The notation's name for people (`PBN`).
    pub fn name(self) -> &'static str {
        match self {
            Notation::Pbn => "PBN",
            Notation::Rbn => "RBN",
            Notation::Lin => "LIN",
        }
    }

    /// Checks a whole document (diagnostic ranges in the text), on every core for large texts.
    pub fn check(self, text: &str, options: &CheckOptions) -> FileReport {
        let threads = crate::parallel::available_threads();
        self.check_on(text, options, threads)
    }

    /// [`Notation::check`] on at most `threads` threads (a caller checking many files at once
    /// gives each one thread).
    pub fn check_on(self, text: &str, options: &CheckOptions, threads: usize) -> FileReport {
        match self {
            Notation::Pbn => check_stream(text, options, threads),
            Notation::Rbn => crate::analysis::rbn::check_rbn_text(text, options),
            Notation::Lin => crate::analysis::lin::check_lin_text(text, options),
        }
    }

    /// Formats a whole document; the same options mean the same thing for every notation.
    pub fn format(self, text: &str, options: &FormatOptions) -> String {
        match self {
            Notation::Pbn => format_text(text, options),
            Notation::Rbn => format_rbn(text, options),
            Notation::Lin => crate::format::lin::format_lin(text, options),
        }
    }

    /// The syntax tree printed one node or token a line, then the syntax errors.
    pub fn dump(self, text: &str) -> String {
        match self {
            Notation::Pbn => dump_tree(&Parse::new(text)),
            Notation::Rbn => dump_rbn_tree(&RbnParse::new(text)),
            Notation::Lin => dump_lin_tree(&LinParse::new(text)),
        }
    }

    /// Reads every board of a text into the format-neutral record.
    pub fn read_boards(self, text: &str) -> Vec<Board> {
        match self {
            Notation::Pbn => read_pbn(text),
            Notation::Rbn => read_rbn(text),
            Notation::Lin => read_lin(text),
        }
    }

    /// Writes boards as a whole text in this notation, with what it cannot express.
    pub fn write_boards(self, boards: &[Board]) -> (String, Vec<String>) {
        match self {
            Notation::Pbn => write_pbn_file(boards),
            Notation::Rbn => write_rbn(boards),
            Notation::Lin => write_lin(boards),
        }
    }

    /// Converts a whole text in this notation to `to`.
    pub fn convert(self, text: &str, to: Notation) -> Converted {
        let (text, dropped) = to.write_boards(&self.read_boards(text));
        Converted {
            text,
            notation: to,
            dropped,
        }
    }

    /// The other notation of a pair (for the editor's one-step conversion command).
    pub fn counterpart(self) -> Notation {
        match self {
            Notation::Pbn => Notation::Rbn,
            Notation::Rbn | Notation::Lin => Notation::Pbn,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Eol;

    #[test]
    fn names_extensions_and_language_ids_agree() {
        for notation in Notation::ALL {
            let file = format!("x.{}", notation.extension().to_uppercase());
            assert_eq!(Notation::of_file(Path::new(&file)), Some(notation));
            assert_eq!(
                Notation::from_language_id(notation.extension()),
                Some(notation)
            );
        }
        assert_eq!(Notation::of_file(Path::new("x.txt")), None);
        assert_eq!(Notation::from_path(Path::new("x")), Notation::Pbn);
    }

    #[test]
    fn line_end_options_hold_for_every_notation() {
        let texts = [
            (Notation::Pbn, "[Event \"x\"]\r\n[Board \"1\"]\r\n"),
            (Notation::Rbn, "b 1\r\nA NZ:P\r\n"),
            (Notation::Lin, "qx|o1|md|3SA,,,|\r\nqx|o2|sv|o|\r\n"),
        ];
        for (notation, crlf) in texts {
            let kept = notation.format(crlf, &FormatOptions::default());
            assert!(
                !kept.replace("\r\n", "").contains('\n'),
                "{notation:?} keeps CRLF"
            );
            let lf = notation.format(
                crlf,
                &FormatOptions {
                    eol: Eol::Lf,
                    ..FormatOptions::default()
                },
            );
            assert!(!lf.contains('\r'), "{notation:?} writes LF");
            let back = notation.format(
                &lf,
                &FormatOptions {
                    eol: Eol::Crlf,
                    ..FormatOptions::default()
                },
            );
            assert!(
                !back.replace("\r\n", "").contains('\n'),
                "{notation:?} writes CRLF"
            );
        }
    }
}
