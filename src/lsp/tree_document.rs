//! An open document kept as a rope and a tree of pieces (RBN records, LIN boards): what a
//! notation caches to publish its diagnostics is the document's `body` (a `PieceCache`), and
//! what its pieces answer to the editor's questions is its [`PieceBody`]; the text, its edits
//! and its versions are handled once for every such notation, in its `OpenText`
//! (`tree_open_text.rs`).

use std::ops::RangeInclusive;

use ropey::Rope;
use tower_lsp_server::ls_types::Uri;

use super::open_text::Placed;
use crate::ide;
use crate::model::pbn::BoardModel;
use crate::syntax::{TextRange, TopGrammar, TopLevel};

/// What a notation whose document is a [`TreeDocument`] answers, in its own terms: ranges are
/// relative to the piece that starts at the byte offset given with them. What every tree
/// notation does alike (the text, its diagnostics in LSP form, the semantic tokens of its
/// pieces) is done once, in its `OpenText` (`tree_open_text.rs`); `open_document` converts every notation's
/// answers to the protocol.
pub(crate) trait PieceBody<G: TopGrammar>:
    Default + Send + Sized + std::fmt::Debug + 'static
{
    /// The board holding `offset`, if any.
    fn board_at(doc: &mut TreeDocument<G, Self>, offset: usize) -> Option<BoardModel>;
    /// The hover at `offset`, with the start of its piece.
    fn hover(doc: &mut TreeDocument<G, Self>, offset: usize) -> Option<Placed<ide::Hover>>;
    /// The completions at `offset`, with the start of their piece.
    fn completions(
        doc: &mut TreeDocument<G, Self>,
        offset: usize,
    ) -> Option<Placed<Vec<ide::Completion>>>;
    /// A symbol for each piece worth one, with the piece's start.
    fn symbols(doc: &mut TreeDocument<G, Self>) -> Vec<Placed<ide::Symbol>>;
    /// The foldable ranges of each piece, with the piece's start.
    fn folding_ranges(doc: &mut TreeDocument<G, Self>) -> Vec<Placed<(TextRange, ide::FoldKind)>>;
    /// The highlighted tokens of one piece (ranges relative to it).
    fn semantic_tokens(piece: rowan::SyntaxNode<G>) -> Vec<ide::SemanticToken>;
    /// Where the note reference at `offset` leads, with the start of its piece (notations
    /// without note references answer nothing).
    fn definition(_doc: &mut TreeDocument<G, Self>, _offset: usize) -> Option<Placed<TextRange>> {
        None
    }
    /// Every reference to the note at `offset`, with the start of their piece.
    fn references(
        _doc: &mut TreeDocument<G, Self>,
        _offset: usize,
        _include_declaration: bool,
    ) -> Option<Placed<Vec<TextRange>>> {
        None
    }
    /// The board of each piece meeting the bytes `wanted` that holds one, with the piece's
    /// start (what the inlay hints are read from).
    fn boards_in(
        doc: &mut TreeDocument<G, Self>,
        wanted: RangeInclusive<usize>,
    ) -> Vec<(BoardModel, usize)>;
}

/// An open document of a notation whose tree is a [`TopLevel`] of pieces.
#[derive(Debug)]
pub(crate) struct TreeDocument<G: TopGrammar, B> {
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
            parse: TopLevel::new(text),
            version,
            generation: 0,
            body: B::default(),
        }
    }
}
