//! Where the server meets the analysis and the formatter: the only place that calls them, so
//! that following their changes touches nothing else.

use super::config::Settings;
use crate::analysis::text_checks::check_piece_text;
use crate::analysis::{check_game, CheckOptions, Diagnostic, Inheritance, TextEdit};
use crate::format::{format_outline, format_outline_range, FormatOptions};
use crate::syntax::ast::Game;
use crate::syntax::{Outline, SyntaxNode, TextRange};

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
