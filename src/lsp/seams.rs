//! Where the server meets the analysis and the formatter: the only place that calls them, so
//! that following their changes touches nothing else.

use super::config::Settings;
use crate::analysis::Diagnostic;
use crate::syntax::SyntaxNode;

/// The diagnostics of one game (rooted at its start), beyond the syntax errors the parse gives.
pub fn game_diagnostics(_game: &SyntaxNode, _settings: &Settings) -> Vec<Diagnostic> {
    Vec::new()
}

/// The whole text formatted, or `None` when formatting is unavailable or changes nothing.
pub fn format_text(_text: &str, _settings: &Settings) -> Option<String> {
    None
}

/// One game's text formatted, or `None` when it is left as it is.
pub fn format_game(_text: &str, _settings: &Settings) -> Option<String> {
    None
}
