//! Kibitzer: reading, checking and formatting contract-bridge deal files.
//!
//! The pipeline: [`text`] decodes bytes, [`syntax`] builds a lossless tree, and the layers above
//! (analysis, formatting, the language server) work on that tree.

pub mod cli;
pub mod syntax;
pub mod text;
