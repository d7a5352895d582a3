//! Analysis: judging games read by the `model` layer against the catalogue, in passes over the
//! models of their tags, deal, auction and play.
//!
//! Everything here works on one game at a time, on a tree rooted at the game itself, so ranges
//! are relative to the game's start: callers add the game's offset. That keeps per-game results
//! position-independent (the language server caches them by green node).

pub mod auction;
pub mod board;
pub(crate) mod cross;
pub(crate) mod deal;
pub(crate) mod dealing;
pub mod double_dummy;
pub mod lin;
pub mod misreading;
pub(crate) mod notes;
pub mod pbn;
pub mod play;
pub mod rbn;
pub(crate) mod rules;
pub mod solve;
pub(crate) mod suppress;
pub mod text_checks;

pub use pbn::{
    check_game, check_piece, check_stream, check_stream_into, check_text, document_options,
    syntax_diagnostic, CheckOptions, FileReport, Found, GameReport, WholeFileFacts, WindowChecker,
};

/// The findings of one piece of a file (an RBN record, a LIN board or header) checked with the
/// state the pieces before it handed down, as the language server caches them per piece.
#[derive(Debug, Clone, Default)]
pub(crate) struct PieceFindings {
    /// The findings within the piece, placed from its start.
    pub within: Vec<crate::diagnostic::Diagnostic>,
    /// The findings that lie in the piece the state was carried from (a LIN board's result
    /// against its vugraph header's), placed from that piece's start.
    pub in_carrier: Vec<crate::diagnostic::Diagnostic>,
    /// Whether this piece is where the state handed on from now is carried from.
    pub carried_from_here: bool,
}
