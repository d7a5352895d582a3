//! The language server: LSP glue around the library (`kibitzer lsp`).
//!
//! Documents live in ropes with the outline of their parse (no trees: a game's tree is parsed
//! again from the rope when a feature needs it); every change goes through the per-game
//! reparse, which also says which games to check again.
//! The document lock is a `std::sync::Mutex`, always taken and released inside a synchronous
//! block, never across an `.await`. Diagnostics runs are debounced and carry the document's
//! generation: a run whose document changed meanwhile is dropped.

pub(crate) mod capabilities;
pub(crate) mod config;
pub mod convert;
pub(crate) mod deal_text;
pub(crate) mod document;
pub(crate) mod handlers;
#[cfg(feature = "native")]
pub(crate) mod handoff;
pub(crate) mod job;
#[cfg(feature = "native")]
mod machine;
pub(crate) mod position;
pub(crate) mod published;
pub(crate) mod seams;
#[cfg(feature = "native")]
mod server;
#[cfg(feature = "native")]
mod solving;
#[cfg(feature = "native")]
mod stdio;
pub(crate) mod workspace;

#[cfg(feature = "native")]
pub use server::Backend;
#[cfg(feature = "native")]
pub use stdio::{run, serve, service};
