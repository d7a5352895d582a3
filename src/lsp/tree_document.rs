//! An open document kept as a rope and a tree of pieces (RBN records, LIN boards): what a
//! notation caches to publish its diagnostics, and what its pieces answer to the editor's
//! questions, is the document's `body` ([`PieceBody`]); the text, its edits and its versions are
//! handled here once for every such notation, in its `OpenText`.

use std::ops::{Range, RangeInclusive};

use ropey::Rope;
use tower_lsp_server::ls_types::Uri;

use super::config::Settings;
use super::convert;
use super::job::FormatJob;
use super::job::Job;
use super::open_text::{
    ready, text_fields, ClientTerms, Fixable, HintMore, OpenText, Placed, PlacedHints,
};
use super::piece_cache::{CarryingGrammar, PieceCache};
use super::position::{meets, shifted, splice_rope};
use super::published::Published;
use crate::convert::Board;
use crate::format::pieces::{piece_edits, PieceFormat};
use crate::ide;
use crate::syntax::{TextRange, TopGrammar, TopLevel};

/// What a notation whose document is a [`TreeDocument`] answers, in its own terms: ranges are
/// relative to the piece that starts at the byte offset given with them. What every tree
/// notation does alike (the text, its diagnostics in LSP form, the semantic tokens of its
/// pieces) is done once, in the `OpenText` below; `open_document` converts every notation's
/// answers to the protocol.
pub(crate) trait PieceBody<G: TopGrammar>:
    Default + Send + Sized + std::fmt::Debug + 'static
{
    /// The board holding `offset`, if any.
    fn board_at(doc: &mut TreeDocument<G, Self>, offset: usize) -> Option<Board>;
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
    /// The inlay hints of each piece meeting the bytes `wanted`, with the piece's start.
    fn inlay_hints(doc: &mut TreeDocument<G, Self>, wanted: RangeInclusive<usize>) -> PlacedHints;
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

impl<G: CarryingGrammar> TreeDocument<G, PieceCache<G>> {
    /// The diagnostics the settings show (those meeting `within` when given), each with its LSP
    /// form, after bringing the cache up to date.
    fn fixable(&mut self, within: Option<(usize, usize)>, client: ClientTerms<'_>) -> Vec<Fixable> {
        self.refresh();
        self.shown_diagnostics(client.settings)
            .into_iter()
            .filter(|d| within.is_none_or(|within| meets(d.range, within)))
            .map(|d| {
                let lsp = convert::diagnostic(&self.rope, &self.uri, &d, client.encoding);
                (d, lsp)
            })
            .collect()
    }
}

/// The semantic tokens of the children of `parse` (RBN records, LIN boards) that meet the byte
/// range `range` (all when `None`), with absolute ranges, each child's tokens given by
/// `tokens_of`; children outside the range are not read.
fn piece_tokens<L: TopGrammar>(
    rope: &Rope,
    parse: &crate::syntax::TopLevel<L>,
    range: Option<(usize, usize)>,
    tokens_of: impl Fn(rowan::SyntaxNode<L>) -> Vec<ide::SemanticToken>,
) -> Vec<(TextRange, ide::SemanticToken)> {
    let wanted = range.unwrap_or((0, rope.len_bytes()));
    let mut kept = Vec::new();
    for (node, start) in parse.chunks() {
        let start = start as usize;
        if !meets(shifted(node.text_range(), start), wanted) {
            continue;
        }
        for token in tokens_of(node) {
            let absolute = shifted(token.range, start);
            if meets(absolute, wanted) {
                kept.push((absolute, token));
            }
        }
    }
    kept
}

impl<G> OpenText for TreeDocument<G, PieceCache<G>>
where
    G: CarryingGrammar + PieceFormat + Send + 'static,
    PieceCache<G>: PieceBody<G>,
    TreeDocument<G, PieceCache<G>>: Send,
{
    text_fields!();

    fn replace(&mut self, text: &str) {
        self.rope = Rope::from_str(text);
        self.parse = TopLevel::new(text);
        self.generation += 1;
    }

    fn apply_edit(&mut self, range: Range<usize>, text: &str) {
        splice_rope(&mut self.rope, range.clone(), text);
        self.parse.apply_edit(range, text.len(), &self.rope);
        self.generation += 1;
    }

    fn invalidate(&mut self) {
        self.forget_findings()
    }

    fn board_at(&mut self, offset: usize) -> Option<Board> {
        PieceCache::<G>::board_at(self, offset)
    }

    fn diagnostics(&mut self, client: ClientTerms<'_>) -> Published {
        self.fixable(None, client)
            .into_iter()
            .map(|(_, lsp)| lsp)
            .collect::<Vec<_>>()
            .into()
    }

    fn diagnostics_in(&mut self, from: usize, to: usize, client: ClientTerms<'_>) -> Vec<Fixable> {
        self.fixable(Some((from, to)), client)
    }

    fn formatter(&self, range: Option<TextRange>, settings: &Settings) -> FormatJob {
        let (rope, parse, eol) = (self.rope.clone(), self.parse.clone(), settings.format_eol);
        Box::new(move || piece_edits(&parse, &rope.to_string(), range, eol))
    }

    fn hover(&mut self, offset: usize) -> Option<Placed<ide::Hover>> {
        PieceCache::<G>::hover(self, offset)
    }

    fn completions(&mut self, offset: usize) -> Option<Placed<Vec<ide::Completion>>> {
        PieceCache::<G>::completions(self, offset)
    }

    fn symbols(&mut self) -> Job<Vec<Placed<ide::Symbol>>> {
        ready(PieceCache::<G>::symbols(self))
    }

    fn folding_ranges(&mut self) -> Job<Vec<Placed<(TextRange, ide::FoldKind)>>> {
        ready(PieceCache::<G>::folding_ranges(self))
    }

    fn semantic_tokens(
        &mut self,
        range: Option<(usize, usize)>,
    ) -> Job<Vec<(TextRange, ide::SemanticToken)>> {
        ready(piece_tokens(
            &self.rope,
            &self.parse,
            range,
            PieceCache::<G>::semantic_tokens,
        ))
    }

    fn definition(&mut self, offset: usize) -> Option<Placed<TextRange>> {
        PieceCache::<G>::definition(self, offset)
    }

    fn references(
        &mut self,
        offset: usize,
        include_declaration: bool,
    ) -> Option<Placed<Vec<TextRange>>> {
        PieceCache::<G>::references(self, offset, include_declaration)
    }

    fn inlay_hints(&mut self, wanted: RangeInclusive<usize>, _: HintMore<'_>) -> PlacedHints {
        PieceCache::<G>::inlay_hints(self, wanted)
    }
}
