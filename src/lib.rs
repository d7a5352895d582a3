//! Kibitzer: reading, checking and formatting contract-bridge deal files.
//!
//! The pipeline: [`text`] decodes bytes, [`syntax`] builds a lossless tree, [`bridge`] knows the
//! game itself, and the layers above (analysis, formatting, the language server) combine them.

pub mod analysis;
pub mod bridge;
pub mod cli;
pub mod config;
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
pub mod text;

pub use notation::{Converted, Notation};
