//! Converting between PBN, RBN, LIN and the dealing machines' files: writers from a board's
//! model.
//!
//! Each notation is read whole into each board's `BoardModel` by the `model` layer (its
//! context, deal, auction and play as written and followed, and its descriptive facts under PBN
//! tag names) and written here. Whatever the source says that the model or the target cannot
//! hold is collected and reported, never dropped silently.

pub(crate) mod handviewer;
pub mod readback;
pub(crate) mod to_dealing;
pub(crate) mod to_lin;
pub(crate) mod to_pbn;
pub(crate) mod to_rbn;

pub use crate::model::{read_lin, read_pbn, read_rbn};
pub use to_lin::write_lin;
pub use to_pbn::{write_pbn, PbnGame};
pub use to_rbn::{write_pbn_file, write_rbn};

use crate::syntax::{SyntaxCode, SyntaxError};

/// At most this many places of unread text are listed one by one; the rest are counted.
const UNREAD_LISTED: usize = 20;

/// What of a source text its reading skipped, for the conversion's list of what it leaves out:
/// the text of each syntax error that stops a reader from taking it in (stray text, an RBN line
/// without a label, text that is no LIN pair, a line or board past the cap), with its line.
/// Errors that leave their text readable (an unclosed string or comment, a tab in a string, a
/// missing space after a label, a LIN pair without its closing `|`: any error that only lacks a
/// delimiter the parser knows) are not listed. Nor is S002: a tag pair without its `]` is read,
/// one whose value is not quoted is not, and the error does not tell them apart.
pub(crate) fn unread_text(text: &str, errors: &[SyntaxError]) -> Vec<String> {
    let mut skipped: Vec<&SyntaxError> = errors
        .iter()
        .filter(|e| {
            e.missing.is_none()
                && matches!(
                    e.code,
                    SyntaxCode::UnexpectedText
                        | SyntaxCode::UnknownLabel
                        | SyntaxCode::MalformedPair
                )
        })
        .collect();
    skipped.sort_by_key(|e| e.range.start());
    let (mut line, mut counted) = (1usize, 0usize);
    let mut out = Vec::new();
    for error in skipped.iter().take(UNREAD_LISTED) {
        let start = usize::from(error.range.start()).min(text.len());
        let end = usize::from(error.range.end()).clamp(start, text.len());
        line += memchr::memchr_iter(b'\n', &text.as_bytes()[counted..start]).count();
        counted = start;
        let piece = text.get(start..end).unwrap_or("");
        let first_line = piece.lines().next().unwrap_or("");
        let mut excerpt: String = first_line.chars().take(24).collect();
        if excerpt.len() < piece.len() {
            excerpt.push('…');
        }
        out.push(format!(
            "line {line}: `{}` ({}: {})",
            excerpt.escape_debug(),
            error.code.code(),
            error.message
        ));
    }
    if skipped.len() > UNREAD_LISTED {
        out.push(format!(
            "and {} more such places (`kibitzer check` lists them all)",
            skipped.len() - UNREAD_LISTED
        ));
    }
    out
}
