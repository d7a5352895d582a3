//! An open document kept as a rope and a tree of pieces (RBN records, LIN boards): what a
//! notation caches to publish its diagnostics is the document's `body` (a [`TreeCache`]: the
//! [`PieceCache`] of every notation, keyed by each child's tree), and what its pieces answer to
//! the editor's questions is its [`PieceBody`]; the text, its edits and its versions are handled
//! once for every such notation, in its `OpenText` (`tree_open_text.rs`).

use std::fmt::Debug;
use std::ops::RangeInclusive;
use std::sync::Arc;

use ropey::Rope;
use rowan::NodeOrToken;
use tower_lsp_server::ls_types::Uri;

use crate::analysis::PieceFindings;
use crate::diagnostic::Diagnostic;
use crate::ide;
use crate::lsp::config::Settings;
use crate::lsp::document::open_text::Placed;
use crate::lsp::document::piece_cache::{PieceCache, PieceKey};
use crate::model::board::BoardModel;
use crate::syntax::{GreenElement, TextRange, TopGrammar, TopLevel};

/// A notation whose pieces are checked one at a time, each given what the pieces before it
/// hand down.
pub(crate) trait CarryingGrammar: TopGrammar {
    /// What the pieces before a piece hand down to it.
    type Carried: Clone + PartialEq + Default + Debug + Send + Sync + 'static;

    /// The findings of child `index` of `parse`, given `carried`, which it advances.
    fn check_piece(
        parse: &TopLevel<Self>,
        index: usize,
        carried: &mut Self::Carried,
    ) -> PieceFindings;

    /// The findings of the whole text from those of its pieces, in text order (`starts`: where
    /// each child starts): what reaches across pieces (the end of the text, suppressions).
    fn whole_text(_rope: &Rope, _starts: &[u32], all: Vec<Diagnostic>) -> Vec<Diagnostic> {
        all
    }
}

/// The per-piece findings of a tree notation's document, each child named by its tree.
pub(crate) type TreeCache<G> =
    PieceCache<GreenElement, <G as CarryingGrammar>::Carried, PieceFindings>;

impl PieceKey for GreenElement {
    fn is_piece(&self) -> bool {
        matches!(self, NodeOrToken::Node(_))
    }
}

/// Whether two children are the same tree: the parser keeps the trees of the children an edit
/// did not reach (the same pointer), and builds again a neighbour it scanned, often unchanged
/// (an equal tree, compared only then).
fn same(a: &GreenElement, b: &GreenElement) -> bool {
    same_pointer(a, b) || a == b
}

/// Whether two children are the very same tree (not only equal).
fn same_pointer(a: &GreenElement, b: &GreenElement) -> bool {
    match (a, b) {
        (NodeOrToken::Node(a), NodeOrToken::Node(b)) => std::ptr::eq(&**a, &**b),
        (NodeOrToken::Token(a), NodeOrToken::Token(b)) => std::ptr::eq(&**a, &**b),
        _ => false,
    }
}

/// A child of the file with where it starts and the state the pieces before it hand down.
#[derive(Debug, Clone)]
pub(crate) struct PieceContext<G: CarryingGrammar> {
    /// The piece (rooted at its start), or `None` for the blank text between pieces.
    pub node: Option<rowan::SyntaxNode<G>>,
    /// Where it starts.
    pub start: usize,
    /// What the pieces before it hand down.
    pub carried: Arc<G::Carried>,
}

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
    /// The generation the body's entries were last matched to the children at: a refresh with
    /// no change since walks none of them again (a request after a keystroke refreshes too, and
    /// a large file has tens of thousands of children).
    matched: Option<u64>,
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
            matched: None,
        }
    }
}

impl<G: CarryingGrammar> TreeDocument<G, TreeCache<G>> {
    /// Forgets every cached finding (after a settings change).
    pub fn forget_findings(&mut self) {
        self.body.clear();
        self.matched = None;
    }

    /// Brings the findings up to date: the children an edit replaced are checked, and those
    /// after them while the state handed down differs.
    pub fn refresh(&mut self) {
        if self.matched != Some(self.generation) {
            self.keep_unchanged_children();
            self.matched = Some(self.generation);
        }
        let parse = &self.parse;
        self.body
            .refresh_in_order(|index, _, carried| Arc::new(G::check_piece(parse, index, carried)));
    }

    /// Keeps the entries of the children the tree still has at the same place from the start or
    /// from the end, and makes new entries for the rest.
    fn keep_unchanged_children(&mut self) {
        let children = self.parse.children();
        let cache = &mut self.body;
        let old = cache.len();
        // The tree of today, so that the next edit finds it by its pointer (most are that tree
        // already: no count to touch).
        let mut keep = |kept: usize, now: usize| {
            let Some(key) = cache.key_mut(kept) else {
                return false;
            };
            if !same(key, &children[now]) {
                return false;
            }
            if !same_pointer(key, &children[now]) {
                *key = children[now].clone();
            }
            true
        };
        let mut prefix = 0;
        while prefix < old.min(children.len()) && keep(prefix, prefix) {
            prefix += 1;
        }
        let mut suffix = 0;
        while suffix < (old - prefix).min(children.len() - prefix)
            && keep(old - 1 - suffix, children.len() - 1 - suffix)
        {
            suffix += 1;
        }
        let fresh = children[prefix..children.len() - suffix].iter().cloned();
        cache.replace(prefix..old - suffix, fresh);
    }

    /// Every finding the settings show, placed in the text, in text order (call
    /// [`TreeDocument::refresh`] first).
    pub fn shown_diagnostics(&self, settings: &Settings) -> Vec<Diagnostic> {
        let starts = self.parse.child_starts();
        let len = self.rope.len_bytes();
        let mut all: Vec<Diagnostic> = Vec::new();
        let mut carrier_start = 0;
        for (index, (_, findings)) in self.body.children().enumerate() {
            let Some(findings) = findings else {
                continue;
            };
            let start = starts.get(index).copied().unwrap_or(0);
            if findings.carried_from_here {
                carrier_start = start;
            }
            all.extend(findings.within.iter().map(|d| d.clone().shifted(start)));
            all.extend(
                findings
                    .in_carrier
                    .iter()
                    .map(|d| d.clone().shifted(carrier_start)),
            );
        }
        all.sort_by_key(|d| (d.range.start(), d.range.end()));
        G::whole_text(&self.rope, starts, all)
            .into_iter()
            .filter(|d| settings.shows(d.code, d.severity))
            .filter(|d| usize::from(d.range.end()) <= len)
            .collect()
    }

    /// The child holding `offset` (the end of the text, or past it, counts as in the last child).
    fn index_at(&self, offset: usize) -> Option<usize> {
        u32::try_from(offset)
            .ok()
            .and_then(|offset| self.parse.child_index_at(offset))
            .or_else(|| self.parse.child_count().checked_sub(1))
    }

    /// The child holding `offset`, with the state handed down to it (the findings are refreshed
    /// first, which computes that state).
    pub fn context_at(&mut self, offset: usize) -> PieceContext<G> {
        self.refresh();
        match self.index_at(offset) {
            Some(index) => self.context(index),
            None => PieceContext {
                node: None,
                start: 0,
                carried: Arc::default(),
            },
        }
    }

    /// The last piece starting at or before `offset` (a place in the blank text after a piece
    /// counts as in it: the end of a line), with the state handed down to it.
    pub fn piece_at(&mut self, offset: usize) -> Option<PieceContext<G>> {
        self.refresh();
        let index = self.index_at(offset)?;
        let piece = (0..=index)
            .rev()
            .find(|&i| self.body.key(i).is_some_and(PieceKey::is_piece))?;
        Some(self.context(piece))
    }

    /// Child `index` with where it starts and the state handed down to it.
    fn context(&self, index: usize) -> PieceContext<G> {
        let start = self.parse.child_starts().get(index).copied().unwrap_or(0) as usize;
        let node = match self.body.key(index) {
            Some(NodeOrToken::Node(green)) => Some(rowan::SyntaxNode::new_root(green.clone())),
            _ => None,
        };
        PieceContext {
            node,
            start,
            carried: self.body.received(index),
        }
    }

    /// Every piece (not the blank text between) with its start and the state handed down to it.
    pub fn pieces(&mut self) -> Vec<PieceContext<G>> {
        self.refresh();
        (0..self.body.len())
            .map(|i| self.context(i))
            .filter(|c| c.node.is_some())
            .collect()
    }
}
