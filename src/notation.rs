//! Which notation a document is written in, and the entry points that work for either.
//!
//! Front ends (the CLI, the language server) decide the notation once, from a path or an
//! editor's language id, and then call [`check_document`]; per-record RBN trees are in
//! [`crate::syntax::rbn::RbnParse`], per-game PBN trees in [`crate::syntax::Parse`].

use std::path::Path;

use crate::analysis::{check_stream, CheckOptions, FileReport};

/// The notations Kibitzer reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Portable Bridge Notation (`.pbn`).
    Pbn,
    /// Richard's Bridge Notation (`.rbn`).
    Rbn,
}

impl Notation {
    /// The notation of a file by its extension (any case); PBN when it is not `.rbn`.
    pub fn from_path(path: &Path) -> Notation {
        match path.extension().and_then(|e| e.to_str()) {
            Some(ext) if ext.eq_ignore_ascii_case("rbn") => Notation::Rbn,
            _ => Notation::Pbn,
        }
    }

    /// The notation of an editor language id (`pbn`, `rbn`).
    pub fn from_language_id(id: &str) -> Option<Notation> {
        match id.to_ascii_lowercase().as_str() {
            "pbn" => Some(Notation::Pbn),
            "rbn" => Some(Notation::Rbn),
            _ => None,
        }
    }

    /// The usual file extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            Notation::Pbn => "pbn",
            Notation::Rbn => "rbn",
        }
    }
}

/// Checks a whole document in the given notation (diagnostic ranges in the text).
pub fn check_document(notation: Notation, text: &str, options: &CheckOptions) -> FileReport {
    match notation {
        Notation::Pbn => {
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
            check_stream(text, options, threads)
        }
        Notation::Rbn => crate::analysis::rbn::check_rbn_text(text),
    }
}
