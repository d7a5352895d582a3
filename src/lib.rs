//! Kibitzer: reading, checking and formatting contract-bridge deal files.
//!
//! The pipeline: [`text`] decodes bytes, [`syntax`] builds a lossless tree, [`bridge`] knows the
//! game itself, [`model`] reads each tree into bridge terms (reading, never judging), and the
//! layers above (analysis, conversion, formatting, the editor features, the language server) read
//! games through it.

pub mod analysis;
pub mod bridge;
pub mod cli;
pub(crate) mod config;
pub mod convert;
pub mod diagnostic;
pub mod double_dummy;
pub mod format;
pub mod ide;
pub mod lsp;
pub mod model;
pub mod notation;
pub mod parallel;
pub mod syntax;
#[cfg(test)]
pub(crate) mod testing;
pub mod text;

pub use notation::{Converted, Notation};
