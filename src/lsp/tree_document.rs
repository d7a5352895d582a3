//! An open document kept as a rope and a tree of pieces (RBN records, LIN boards): the text,
//! its edits and its versions are handled here once; what a notation caches to publish its
//! diagnostics is the document's `body`.

use ropey::Rope;
use tower_lsp_server::ls_types::{self as lsp, Uri};

use super::position::{edit_rope, BadChange};
use crate::syntax::{TopGrammar, TopLevel};
use crate::text::PositionEncoding;

/// An open document of a notation whose tree is a [`TopLevel`] of pieces.
#[derive(Debug)]
pub struct TreeDocument<G: TopGrammar, B> {
    /// Its URI.
    pub uri: Uri,
    /// The text.
    pub rope: Rope,
    /// The tree.
    pub parse: TopLevel<G>,
    /// The client's version of the text.
    pub version: i32,
    /// Increases with every change (to drop outdated diagnostics runs).
    pub generation: u64,
    /// What the notation keeps to publish diagnostics.
    pub body: B,
}

impl<G: TopGrammar, B: Default> TreeDocument<G, B> {
    /// A document opened with `text`.
    pub fn new(uri: Uri, text: &str, version: i32) -> Self {
        TreeDocument {
            uri,
            rope: Rope::from_str(text),
            parse: TopLevel::parse_text(text),
            version,
            generation: 0,
            body: B::default(),
        }
    }

    /// Replaces the whole text.
    pub fn replace(&mut self, text: &str) {
        self.rope = Rope::from_str(text);
        self.parse = TopLevel::parse_text(text);
        self.generation += 1;
    }

    /// Applies one change: `range` in the negotiated encoding (or the whole text when `None`);
    /// the pieces around it are reparsed.
    pub fn apply_change(
        &mut self,
        range: Option<lsp::Range>,
        text: &str,
        encoding: PositionEncoding,
    ) -> Result<(), BadChange> {
        let Some(range) = range else {
            self.replace(text);
            return Ok(());
        };
        let edited = edit_rope(&mut self.rope, range, text, encoding)?;
        self.parse.apply_edit(edited, text.len(), &self.rope);
        self.generation += 1;
        Ok(())
    }
}
