//! Kibitzer: reading, checking and formatting contract-bridge deal files.
//!
//! The pipeline: [`text`] decodes bytes, [`syntax`] builds a lossless tree, [`bridge`] knows the
//! game itself, [`model`] reads each tree into bridge terms (reading, never judging), and the
//! layers above (analysis, conversion, formatting, the editor features, the language server) read
//! games through it.

// The browser's build (no `native` feature) leaves out the command line, which is what reads
// the settings files and some of the checker's options: what only it uses lies idle there.
#![cfg_attr(not(feature = "native"), allow(dead_code, unused_imports))]

pub mod analysis;
pub mod bridge;
#[cfg(feature = "native")]
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
#[cfg(test)]
pub(crate) mod testing;
pub mod text;
pub mod web;

pub use notation::{Converted, Notation};
