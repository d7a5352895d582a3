//! Analysis: judging games read by the `model` layer against the catalogue, in passes over the
//! models of their tags, deal, auction and play.
//!
//! Everything here works on one game at a time, on a tree rooted at the game itself, so ranges
//! are relative to the game's start: callers add the game's offset. That keeps per-game results
//! position-independent (the language server caches them by green node).

pub mod auction;
pub mod board;
mod check;
pub mod cross;
pub mod deal;
pub mod double_dummy;
pub mod lin;
pub mod notes;
pub mod play;
pub mod rbn;
pub mod sections;
pub mod solve;
pub mod suppress;
pub mod tables;
pub mod tags;
pub mod text_checks;

pub use check::{
    check_game, check_piece, check_stream, check_stream_into, check_text, document_options,
    syntax_diagnostic, CheckOptions, FileReport, Found, GameReport, WholeFileFacts, WindowChecker,
};
