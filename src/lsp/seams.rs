//! Where the server meets the analysis and the formatter: the only place that calls them, so
//! that following their changes touches nothing else.

use super::config::Settings;
use crate::analysis::rbn::check_record;
use crate::analysis::text_checks::check_final_newline;
use crate::analysis::text_checks::check_piece_text;
use crate::analysis::{check_game, CheckOptions, Diagnostic, Inheritance, TextEdit};
use crate::convert::from_rbn::is_deal;
use crate::convert::{convert_text, Carry, Converted};
use crate::format::{format_outline, format_outline_range, FormatOptions};
use crate::notation::Notation;
use crate::syntax::ast::Game;
use crate::syntax::rbn::{RbnNode, RbnParse, Record};
use crate::syntax::{Outline, SyntaxError, SyntaxNode, TextRange};

/// The diagnostics of one chunk (rooted at its start; `text` is its text) beyond the syntax
/// errors the parse gives: the text checks and, for a game, every game check, with what earlier
/// games hand down.
pub fn game_diagnostics(
    chunk: &SyntaxNode,
    text: &str,
    inherited: Option<&Inheritance>,
    settings: &Settings,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    check_piece_text(text, Some(chunk), &mut out);
    if let Some(game) = Game::cast(chunk.clone()) {
        let none = Inheritance::default();
        let options = CheckOptions {
            export: settings.check_export,
        };
        out.extend(check_game(&game, inherited.unwrap_or(&none), &options).diagnostics);
    }
    out
}

fn options(settings: &Settings) -> FormatOptions {
    FormatOptions {
        export: settings.format_export,
        eol: settings.format_eol,
    }
}

/// The edits that format the whole document (one per game that changes).
pub fn format_all(outline: &Outline, text: &str, settings: &Settings) -> Vec<TextEdit> {
    format_outline(outline, text, &options(settings))
}

/// The edits that format the games `range` touches.
pub fn format_games_in(
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
pub fn rbn_record_diagnostics(record: &RbnNode, carry: &mut Carry) -> Vec<Diagnostic> {
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

/// The diagnostics about the end of a text, given its last line (ranges relative to that line).
pub fn last_line_diagnostics(last_line: &str) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    check_final_newline(last_line, &mut out);
    out
}

/// The edits that format an RBN document, or only the records `range` touches.
pub fn format_rbn(
    parse: &RbnParse,
    text: &str,
    range: Option<TextRange>,
    settings: &Settings,
) -> Vec<TextEdit> {
    crate::format::rbn::format_rbn_edits(parse, text, range, settings.format_eol)
}

/// A document converted to the other notation.
pub fn convert(notation: Notation, text: &str) -> Converted {
    convert_text(notation, text)
}
