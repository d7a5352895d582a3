//! Where the server meets the analysis and the formatter: the only place that calls them, so
//! that following their changes touches nothing else.

use super::config::Settings;
pub use crate::analysis::double_dummy::{Solutions, DOUBLE_DUMMY_TAGS};
use crate::analysis::rbn::check_record;
pub use crate::analysis::suppress::DIRECTIVE;
use crate::analysis::suppress::{self, PieceFacts};
use crate::analysis::text_checks::check_final_newline;
pub use crate::analysis::text_checks::{declares_export, EXPORT_HEAD_LINES};
use crate::analysis::{check_piece, document_options, CheckOptions};
use crate::diagnostic::{Diagnostic, TextEdit};
use crate::format::{format_outline, format_outline_range, FormatOptions};
use crate::model::board::with_editor_views;
use crate::model::board::BoardModel;
use crate::model::rbn::is_deal;
use crate::model::Inheritance;
use crate::model::{Carry, LinCarry};
use crate::notation::Notation;
use crate::syntax::lin::Piece;
use crate::syntax::pbn::ast::Game;
use crate::syntax::rbn::{RbnNode, Record};
use crate::syntax::{Outline, SyntaxError, SyntaxNode, TextRange};

/// The check options of a document whose first lines are `head` (see
/// [`crate::analysis::document_options`]).
pub fn check_options(settings: &Settings, head: &str) -> CheckOptions {
    document_options(
        head,
        &CheckOptions {
            export: settings.check_export,
            double_dummy: settings.solutions.clone(),
        },
    )
}

/// The diagnostics of one chunk (rooted at its start; `text` is its text), its syntax `errors`
/// included: the same call `kibitzer check` makes for each piece of a file.
pub(crate) fn piece_diagnostics(
    chunk: &SyntaxNode,
    text: &str,
    errors: &[SyntaxError],
    inherited: Option<&Inheritance>,
    options: &CheckOptions,
) -> Vec<Diagnostic> {
    let none = Inheritance::default();
    check_piece(
        text,
        Some(chunk),
        errors,
        inherited.unwrap_or(&none),
        options,
    )
    .1
}

/// The edits of "fix all" on a whole text (`source.fixAll`): every safe fix of every code the
/// settings select, applied and checked again until none is left, as `kibitzer check --fix`
/// does to a file; none when nothing is fixed.
pub(crate) fn fix_all(notation: Notation, text: &str, settings: &Settings) -> Vec<TextEdit> {
    let options = check_options(settings, text);
    let selected = |d: &Diagnostic| {
        settings
            .selection
            .as_ref()
            .is_none_or(|s| s.allows(d.code.as_str()))
    };
    let (fixed, applied, _) = crate::diagnostic::fix::fix_until_done(text, false, |text| {
        let report = notation.check(text, &options);
        (
            (),
            report.diagnostics.into_iter().filter(selected).collect(),
        )
    });
    if applied == 0 {
        return Vec::new();
    }
    crate::diagnostic::fix::edits_between(text, &fixed)
}

fn options(settings: &Settings) -> FormatOptions {
    FormatOptions {
        export: settings.format_export,
        eol: settings.format_eol,
    }
}

/// The edits that format the whole document (one per game that changes).
pub(crate) fn format_all(outline: &Outline, text: &str, settings: &Settings) -> Vec<TextEdit> {
    format_outline(outline, text, &options(settings))
}

/// The edits that format the games `range` touches.
pub(crate) fn format_games_in(
    outline: &Outline,
    text: &str,
    range: TextRange,
    settings: &Settings,
) -> Vec<TextEdit> {
    format_outline_range(outline, text, range, &options(settings))
}

/// The diagnostics of one RBN record (rooted at its start; ranges relative to it) beyond its
/// syntax errors, advancing `carry` past it. Records of `%` lines only are not deals: they get
/// nothing and leave `carry` alone.
pub(crate) fn rbn_record_diagnostics(record: &RbnNode, carry: &mut Carry) -> Vec<Diagnostic> {
    let Some(record) = Record::cast(record.clone()) else {
        return Vec::new();
    };
    if !is_deal(&record) {
        return Vec::new();
    }
    check_record(&record, carry).1
}

/// A syntax error as a diagnostic (same range).
pub fn syntax_diagnostic(error: &SyntaxError) -> Diagnostic {
    crate::analysis::syntax_diagnostic(error)
}

/// The diagnostics about the end of a text (S011), given its end from the start of a line
/// (`tail`, starting at byte `tail_start`); ranges are absolute.
pub(crate) fn end_diagnostics(tail: &str, tail_start: usize) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    check_final_newline(tail, tail_start, &mut out);
    out
}

/// The answer to `kibitzer.convert` (and the browser's `kibitzer/convert`): a document in
/// `notation` converted to `to` (`pbn`, `rbn`, `lin`, `dup`, `bri`, `dge`, `dlm`, or `url` for
/// BBO handviewer addresses, one a line; the other notation when not given), as `{text,
/// language, warnings, unread, bytes}`; `bytes` is the file in base64 for a dealing machine's
/// notation, else null.
pub(crate) fn conversion(
    notation: Notation,
    text: &str,
    to: Option<&str>,
) -> Result<serde_json::Value, String> {
    if to == Some("url") {
        return Ok(serde_json::json!({
            "text": notation.handviewer_links(text),
            "language": "url",
            "warnings": [],
            "unread": [],
        }));
    }
    let target = match to {
        None => notation.counterpart(),
        Some(name) => Notation::from_language_id(name).ok_or_else(|| {
            format!("no notation called {name:?} (pbn, rbn, lin, dup, bri, dge, dlm or url)")
        })?,
    };
    let converted = notation.convert(text, target);
    // A dealing machine's file is bytes (its text holds them as Latin-1 characters): they go
    // as base64, for the editor to save as they are.
    let bytes = target
        .dealing()
        .map(|_| base64(&crate::model::dealing::bytes_of(&converted.text)));
    Ok(serde_json::json!({
        "bytes": bytes,
        "text": converted.text,
        "language": converted.notation.extension(),
        "warnings": converted
            .source_errors
            .iter()
            .map(|e| format!("the source has an error, and what it concerns may be missing: {e}"))
            .chain(converted.losses.iter().cloned())
            .collect::<Vec<_>>(),
        "unread": converted.unread,
    }))
}

/// The document a command names first: its URI as a string, or as `{uri}`.
pub(crate) fn command_uri(
    arguments: &[serde_json::Value],
) -> Option<tower_lsp_server::ls_types::Uri> {
    let first = arguments.first()?;
    first
        .as_str()
        .or_else(|| first.get("uri").and_then(serde_json::Value::as_str))?
        .parse()
        .ok()
}

/// Bytes in base64 (RFC 4648, with `=` padding).
fn base64(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for group in bytes.chunks(3) {
        let b = [
            group[0],
            *group.get(1).unwrap_or(&0),
            *group.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= group.len() {
                out.push(char::from(DIGITS[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The suppression facts of a piece of a PBN document, when it holds `% kibitzer-ignore:`
/// lines (the server keeps them with the piece's diagnostics).
pub(crate) fn suppression_facts(text: &str) -> Option<PieceFacts> {
    suppress::mentions_directive(text).then(|| suppress::piece_facts(text, suppress::pbn_body_line))
}

/// The suppression facts of a piece of a PBN document, whatever it holds (for the pieces
/// before the document's first tag).
pub(crate) fn body_facts(text: &str) -> PieceFacts {
    suppress::piece_facts(text, suppress::pbn_body_line)
}

/// The suppression pass over a document's diagnostics (absolute, in text order), given its
/// pieces with their facts.
pub(crate) fn suppress(
    pieces: &[(TextRange, &PieceFacts)],
    diagnostics: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    let pieces: Vec<suppress::Piece<'_>> = pieces
        .iter()
        .map(|(range, facts)| suppress::Piece {
            range: *range,
            facts,
        })
        .collect();
    suppress::apply(&pieces, diagnostics)
}

/// The suppression pass over an RBN document's diagnostics (absolute, in text order).
pub(crate) fn suppress_rbn(
    text: &str,
    child_starts: &[u32],
    diagnostics: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    suppress::apply_to_text(
        text,
        || child_starts.to_vec(),
        suppress::rbn_body_line,
        diagnostics,
    )
}

/// A PBN game read whole into its model, with what earlier games hand down (for the board view
/// and the double-dummy hover).
pub(crate) fn read_board(game: &Game, inherited: &Inheritance) -> BoardModel {
    crate::model::board::read_board(game, inherited)
}

/// A PBN game read into its model with its source map, as the editor reads it (no
/// inheritance), for the inlay hints.
pub(crate) fn read_game_for_editor(game: &Game) -> crate::model::board::BoardModel {
    crate::model::board::lower(game.syntax())
}

/// An RBN record read whole into its model, when it is a deal, advancing `carry` (for the
/// board view and the double-dummy hover).
pub(crate) fn read_rbn_board(record: &Record, carry: &mut Carry) -> Option<BoardModel> {
    is_deal(record).then(|| crate::model::read_record(record, carry))
}

/// An RBN record read into its model for the editor (with the views it looks things up in),
/// when it is a deal.
pub(crate) fn rbn_board_for_editor(record: &Record, carry: &Carry) -> Option<BoardModel> {
    is_deal(record)
        .then(|| with_editor_views(crate::model::read_record(record, &mut carry.clone())))
}

/// A LIN board read into its model for the editor (with the views it looks things up in).
pub(crate) fn lin_board_for_editor(piece: &Piece, carry: &LinCarry) -> BoardModel {
    with_editor_views(crate::model::lin::read_board(piece, carry))
}

/// A LIN board read whole into its model, with what its header hands down (for the board view
/// and the double-dummy hover).
pub(crate) fn read_lin_board(piece: &Piece, carry: &LinCarry) -> BoardModel {
    crate::model::lin::read_board(piece, carry)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_pads_every_length_as_rfc_4648_does() {
        // RFC 4648's own test vectors.
        for (plain, encoded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), encoded, "{plain:?}");
        }
        assert_eq!(base64(&[0xff, 0xfe, 0x00]), "//4A");
    }

    #[test]
    fn a_conversion_to_a_dealing_machine_gives_its_bytes() {
        let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJ.T98.765.432 T987.AKQ.J43.765 65432.J7.AKQ.JT8 .65432.T982.AKQ9\"]\n";
        let dup = conversion(Notation::Pbn, text, Some("dup")).unwrap_or_default();
        let bytes = dup["bytes"].as_str().unwrap_or_default();
        assert!(!bytes.is_empty(), "{dup}");
        let expected = crate::model::dealing::bytes_of(dup["text"].as_str().unwrap_or_default());
        assert_eq!(bytes, base64(&expected));
        let pbn = conversion(Notation::Pbn, text, Some("rbn")).unwrap_or_default();
        assert!(pbn["bytes"].is_null(), "{pbn}");
    }
}
