//! What every notation whose document is a [`TreeDocument`] with a [`TreeCache`] (RBN, LIN)
//! answers alike, written once: its text and edits, its diagnostics in LSP form (the cache
//! refreshed first), formatting, and the semantic tokens of its pieces; the rest is asked of the
//! notation's [`PieceBody`].

use std::ops::{Range, RangeInclusive};

use ropey::Rope;

use crate::format::pieces::{piece_edits, PieceFormat};
use crate::ide;
use crate::lsp::config::Settings;
use crate::lsp::convert;
use crate::lsp::document::open_text::{
    board_hints, lsp_forms, ready, text_fields, ClientTerms, Fixable, HintMore, OpenText, Placed,
    PlacedHints,
};
use crate::lsp::document::tree::{CarryingGrammar, PieceBody, TreeCache, TreeDocument};
use crate::lsp::job::FormatJob;
use crate::lsp::job::Job;
use crate::lsp::position::{meets, shifted, splice_rope};
use crate::lsp::published::Published;
use crate::model::board::BoardModel;
use crate::syntax::{TextRange, TopGrammar, TopLevel};

impl<G: CarryingGrammar> TreeDocument<G, TreeCache<G>> {
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

impl<G> OpenText for TreeDocument<G, TreeCache<G>>
where
    G: CarryingGrammar + PieceFormat + Send + 'static,
    TreeCache<G>: PieceBody<G>,
    TreeDocument<G, TreeCache<G>>: Send,
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

    fn board_at(&mut self, offset: usize) -> Option<BoardModel> {
        TreeCache::<G>::board_at(self, offset)
    }

    fn diagnostics(&mut self, client: ClientTerms<'_>) -> Published {
        lsp_forms(self.fixable(None, client))
    }

    fn diagnostics_in(&mut self, from: usize, to: usize, client: ClientTerms<'_>) -> Vec<Fixable> {
        self.fixable(Some((from, to)), client)
    }

    fn formatter(&self, range: Option<TextRange>, settings: &Settings) -> FormatJob {
        let (rope, parse, eol) = (self.rope.clone(), self.parse.clone(), settings.format_eol);
        Box::new(move || piece_edits(&parse, &rope.to_string(), range, eol))
    }

    fn hover(&mut self, offset: usize) -> Option<Placed<ide::Hover>> {
        TreeCache::<G>::hover(self, offset)
    }

    fn completions(&mut self, offset: usize) -> Option<Placed<Vec<ide::Completion>>> {
        TreeCache::<G>::completions(self, offset)
    }

    fn symbols(&mut self) -> Job<Vec<Placed<ide::Symbol>>> {
        ready(TreeCache::<G>::symbols(self))
    }

    fn folding_ranges(&mut self) -> Job<Vec<Placed<(TextRange, ide::FoldKind)>>> {
        ready(TreeCache::<G>::folding_ranges(self))
    }

    fn semantic_tokens(
        &mut self,
        range: Option<(usize, usize)>,
    ) -> Job<Vec<(TextRange, ide::SemanticToken)>> {
        ready(piece_tokens(
            &self.rope,
            &self.parse,
            range,
            TreeCache::<G>::semantic_tokens,
        ))
    }

    fn definition(&mut self, offset: usize) -> Option<Placed<TextRange>> {
        TreeCache::<G>::definition(self, offset)
    }

    fn references(
        &mut self,
        offset: usize,
        include_declaration: bool,
    ) -> Option<Placed<Vec<TextRange>>> {
        TreeCache::<G>::references(self, offset, include_declaration)
    }

    fn inlay_hints(&mut self, wanted: RangeInclusive<usize>, more: HintMore<'_>) -> PlacedHints {
        TreeCache::<G>::boards_in(self, wanted)
            .into_iter()
            .map(|(board, start)| (board_hints(&board, more), start))
            .collect()
    }
}
