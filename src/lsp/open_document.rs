//! An open document, whatever its notation. What the protocol handlers ask of every document
//! (its text and version, taking changes, diagnostics, formatting, the board at a position,
//! hover, completion, symbols, folding, semantic tokens) is one trait, [`OpenText`], which each
//! notation's document implements; [`OpenDocument`] holds one of them and is that trait (it
//! dereferences to it), so a handler converts in, asks the trait and converts out, whatever the
//! notation.

use std::ops::{Deref, DerefMut};

use ropey::Rope;
use tower_lsp_server::ls_types::{self as lsp, Uri};

use super::config::Settings;
use super::convert::{self, completion_item, encode_tokens, folding_range, hover, symbol};
use super::document::{Document, Published, Snapshot};
use super::job::{FormatJob, Job};
use super::lin_document::LinDocument;
use super::position::{position_of, shifted, BadChange};
use super::rbn_document::RbnDocument;
use super::seams;
use super::tree_document::{PieceBody, TreeDocument};
use crate::convert::Board;
use crate::diagnostic::Diagnostic;
use crate::ide;
use crate::notation::Notation;
use crate::syntax::{SyntaxNode, TextRange, TextSize, TopGrammar};
use crate::text::PositionEncoding;

/// What the server adds to the hover of a PBN game (the double-dummy lines), given the game and
/// the offset in it.
pub type HoverMore<'a> = &'a dyn Fn(&SyntaxNode, TextSize) -> Option<String>;

/// What the server adds to the inlay hints of a PBN game (what each card cost at double dummy),
/// given the game.
pub type HintMore<'a> = &'a dyn Fn(&SyntaxNode) -> Vec<ide::InlayHint>;

/// Documents larger than this get semantic tokens for their first this-many bytes only in a
/// `full` request: tokens for a whole 100,000-game file would be tens of millions of numbers
/// (seconds of work and gigabytes for the client too), so only the beginning (what is on screen
/// after opening) is covered, and range requests and the TextMate grammar colour the rest.
pub const FULL_TOKENS_LIMIT: usize = 4 << 20;

/// What the server asks of an open document, whatever its notation.
pub trait OpenText: Send + std::fmt::Debug {
    /// The text.
    fn rope(&self) -> &Rope;
    /// The client's version.
    fn version(&self) -> i32;
    /// Records the client's version.
    fn set_version(&mut self, version: i32);
    /// The generation (increases with every change).
    fn generation(&self) -> u64;
    /// Replaces the whole text.
    fn replace(&mut self, text: &str);
    /// Applies one change: `range` in the negotiated encoding (or the whole text when `None`).
    fn apply_change(
        &mut self,
        range: Option<lsp::Range>,
        text: &str,
        encoding: PositionEncoding,
    ) -> Result<(), BadChange> {
        match range {
            Some(range) => self.apply_edit(range, text, encoding),
            None => {
                self.replace(text);
                Ok(())
            }
        }
    }
    /// Replaces `range` (in the negotiated encoding) with `text`.
    fn apply_edit(
        &mut self,
        range: lsp::Range,
        text: &str,
        encoding: PositionEncoding,
    ) -> Result<(), BadChange>;
    /// Forgets every cached diagnostic (after a settings change).
    fn invalidate(&mut self);
    /// Forgets the cached diagnostics that double-dummy results decide (only PBN keeps them).
    fn invalidate_double_dummy(&mut self) {}
    /// The board holding `offset`, if any.
    fn board_at(&mut self, offset: usize) -> Option<Board>;
    /// The complete deal of the game holding `offset`, for the double-dummy solver to work on
    /// ahead of a hover (only PBN shows double-dummy results).
    fn deal_to_solve(&mut self, _offset: usize) -> Option<crate::bridge::Deal> {
        None
    }
    /// Brings the diagnostics up to date and returns them in LSP form.
    fn diagnostics(&mut self, settings: &Settings, encoding: PositionEncoding) -> Published;
    /// The formatting of the whole document, or of the games or records `range` touches.
    fn formatter(&self, range: Option<TextRange>, settings: &Settings) -> FormatJob;
    /// The hover at byte `offset`, in LSP form (`more` adds to a PBN game's).
    fn hover(
        &mut self,
        offset: usize,
        encoding: PositionEncoding,
        more: HoverMore<'_>,
    ) -> Option<lsp::Hover>;
    /// The completions at byte `offset`, in LSP form.
    fn completions(
        &mut self,
        offset: usize,
        encoding: PositionEncoding,
    ) -> Option<Vec<lsp::CompletionItem>>;
    /// The outline: a symbol per game, record or board.
    fn symbols(&mut self, encoding: PositionEncoding) -> Job<Vec<lsp::DocumentSymbol>>;
    /// The ranges the editor may fold.
    fn folding_ranges(&mut self, encoding: PositionEncoding) -> Job<Vec<lsp::FoldingRange>>;
    /// The semantic tokens meeting the byte range `range` (the whole document when `None`).
    fn semantic_tokens(
        &mut self,
        range: Option<(usize, usize)>,
        encoding: PositionEncoding,
    ) -> Job<Vec<lsp::SemanticToken>>;
    /// Where the note reference at byte `offset` leads (an absolute byte range); PBN and RBN
    /// link their notes to their references.
    fn definition(&mut self, _offset: usize) -> Option<TextRange> {
        None
    }
    /// Every place that names the note at byte `offset` (absolute byte ranges).
    fn references(&mut self, _offset: usize, _include_declaration: bool) -> Vec<TextRange> {
        Vec::new()
    }
    /// The diagnostics meeting the byte range `from..=to` with their LSP form, for the quick
    /// fixes they carry.
    fn diagnostics_in(
        &mut self,
        _from: usize,
        _to: usize,
        _settings: &Settings,
        _encoding: PositionEncoding,
    ) -> Vec<(Diagnostic, lsp::Diagnostic)> {
        Vec::new()
    }
    /// The inlay hints in the byte range `from..=to`, in LSP form (`more` adds to a PBN game's).
    fn inlay_hints(
        &mut self,
        from: usize,
        to: usize,
        encoding: PositionEncoding,
        more: HintMore<'_>,
    ) -> Vec<lsp::InlayHint>;
}

/// A job that only hands over an answer already known.
fn ready<T: Send + 'static>(answer: T) -> Job<T> {
    Box::new(move || answer)
}

/// The fields every document keeps under the same names.
macro_rules! text_fields {
    () => {
        fn rope(&self) -> &Rope {
            &self.rope
        }
        fn version(&self) -> i32 {
            self.version
        }
        fn set_version(&mut self, version: i32) {
            self.version = version;
        }
        fn generation(&self) -> u64 {
            self.generation
        }
        fn replace(&mut self, text: &str) {
            Self::replace(self, text)
        }
        fn apply_edit(
            &mut self,
            range: lsp::Range,
            text: &str,
            encoding: PositionEncoding,
        ) -> Result<(), BadChange> {
            Self::apply_edit(self, range, text, encoding)
        }
    };
}

impl OpenText for Document {
    text_fields!();

    fn invalidate(&mut self) {
        Document::invalidate(self)
    }

    fn invalidate_double_dummy(&mut self) {
        Document::invalidate_double_dummy(self)
    }

    fn board_at(&mut self, offset: usize) -> Option<Board> {
        Document::board_at(self, offset)
    }

    fn deal_to_solve(&mut self, offset: usize) -> Option<crate::bridge::Deal> {
        let (node, _) = self.chunk_at(offset)?;
        crate::model::pbn::lower(&node)
            .deal
            .filter(|d| d.is_complete())
    }

    fn diagnostics(&mut self, settings: &Settings, encoding: PositionEncoding) -> Published {
        self.refresh(settings, encoding);
        self.published(settings, encoding)
    }

    fn formatter(&self, range: Option<TextRange>, settings: &Settings) -> FormatJob {
        let settings = settings.clone();
        let (rope, outline) = (self.rope.clone(), self.outline.clone());
        Box::new(move || {
            let text = rope.to_string();
            match range {
                Some(range) => seams::format_games_in(&outline, &text, range, &settings),
                None => seams::format_all(&outline, &text, &settings),
            }
        })
    }

    fn hover(
        &mut self,
        offset: usize,
        encoding: PositionEncoding,
        more: HoverMore<'_>,
    ) -> Option<lsp::Hover> {
        let (node, start) = self.chunk_at(offset)?;
        let relative = TextSize::from((offset - start) as u32);
        let mut found = ide::hover(&node, relative)?;
        if let Some(more) = more(&node, relative) {
            found.markdown.push_str("\n\n");
            found.markdown.push_str(&more);
        }
        Some(hover(&self.rope, found, start, encoding))
    }

    fn completions(
        &mut self,
        offset: usize,
        encoding: PositionEncoding,
    ) -> Option<Vec<lsp::CompletionItem>> {
        let (node, start) = self.chunk_at(offset)?;
        let items = ide::completions(&node, TextSize::from((offset - start) as u32));
        Some(lsp_completions(&self.rope, items, start, offset, encoding))
    }

    fn symbols(&mut self, encoding: PositionEncoding) -> Job<Vec<lsp::DocumentSymbol>> {
        let snapshot = self.snapshot();
        Box::new(move || {
            let rope = &snapshot.rope;
            snapshot
                .map_chunks(0..rope.len_bytes(), &|node, start| {
                    ide::game_symbol(&node).map(|s| symbol(rope, s, start, encoding))
                })
                .into_iter()
                .flatten()
                .collect()
        })
    }

    fn folding_ranges(&mut self, encoding: PositionEncoding) -> Job<Vec<lsp::FoldingRange>> {
        let snapshot = self.snapshot();
        Box::new(move || {
            let rope = &snapshot.rope;
            let per_chunk = snapshot.map_chunks(0..rope.len_bytes(), &|node, start| {
                ide::folding_ranges(&node)
                    .into_iter()
                    .filter_map(|(range, kind)| folding_range(rope, range, start, kind, encoding))
                    .collect::<Vec<_>>()
            });
            per_chunk.into_iter().flatten().collect()
        })
    }

    fn semantic_tokens(
        &mut self,
        range: Option<(usize, usize)>,
        encoding: PositionEncoding,
    ) -> Job<Vec<lsp::SemanticToken>> {
        let snapshot = self.snapshot();
        Box::new(move || game_tokens(&snapshot, range, encoding))
    }

    fn definition(&mut self, offset: usize) -> Option<TextRange> {
        let (node, start) = self.chunk_at(offset)?;
        let target = ide::definition(&node, TextSize::from((offset - start) as u32))?;
        Some(shifted(target, start))
    }

    fn references(&mut self, offset: usize, include_declaration: bool) -> Vec<TextRange> {
        let Some((node, start)) = self.chunk_at(offset) else {
            return Vec::new();
        };
        let at = TextSize::from((offset - start) as u32);
        ide::references(&node, at, include_declaration)
            .into_iter()
            .map(|r| shifted(r, start))
            .collect()
    }

    fn diagnostics_in(
        &mut self,
        from: usize,
        to: usize,
        settings: &Settings,
        encoding: PositionEncoding,
    ) -> Vec<(Diagnostic, lsp::Diagnostic)> {
        self.refresh(settings, encoding);
        Document::diagnostics_in(self, from..to, settings, encoding)
    }

    fn inlay_hints(
        &mut self,
        from: usize,
        to: usize,
        encoding: PositionEncoding,
        more: HintMore<'_>,
    ) -> Vec<lsp::InlayHint> {
        let snapshot = self.snapshot();
        let mut out = Vec::new();
        for (node, start) in snapshot.chunks(from..to) {
            let mut hints = ide::inlay_hints(&node);
            hints.extend(more(&node));
            out.extend(lsp_hints(&self.rope, hints, start, from, to, encoding));
        }
        out
    }
}

/// The hints of a piece starting at `start` that fall in `from..=to`, in LSP form.
fn lsp_hints(
    rope: &Rope,
    hints: Vec<ide::InlayHint>,
    start: usize,
    from: usize,
    to: usize,
    encoding: PositionEncoding,
) -> impl Iterator<Item = lsp::InlayHint> + '_ {
    hints.into_iter().filter_map(move |hint| {
        let offset = usize::from(hint.offset) + start;
        (from..=to).contains(&offset).then(|| lsp::InlayHint {
            position: position_of(rope, offset, encoding),
            label: lsp::InlayHintLabel::String(hint.label),
            kind: None,
            text_edits: None,
            tooltip: Some(lsp::InlayHintTooltip::String(hint.tooltip)),
            padding_left: Some(true),
            padding_right: None,
            data: None,
        })
    })
}

/// The semantic tokens of the games of a PBN snapshot that meet the byte range `range` (all
/// when `None`).
fn game_tokens(
    snapshot: &Snapshot,
    range: Option<(usize, usize)>,
    encoding: PositionEncoding,
) -> Vec<lsp::SemanticToken> {
    let (from, to) = range.unwrap_or((0, snapshot.rope.len_bytes()));
    let per_chunk = snapshot.map_chunks(from..to, &|node, start| {
        ide::semantic_tokens(&node)
            .into_iter()
            .map(|token| (shifted(token.range, start), token))
            .filter(|(absolute, _)| {
                usize::from(absolute.end()) >= from && usize::from(absolute.start()) <= to
            })
            .collect::<Vec<_>>()
    });
    let all: Vec<_> = per_chunk.into_iter().flatten().collect();
    encode_tokens(&snapshot.rope, &all, encoding)
}

/// The semantic tokens of the children of `parse` (RBN records, LIN boards) that meet the byte
/// range `range` (all when `None`), each child's tokens given by `tokens_of`; children outside
/// the range are not read.
fn piece_tokens<L: crate::syntax::TopGrammar>(
    rope: &Rope,
    parse: &crate::syntax::TopLevel<L>,
    range: Option<(usize, usize)>,
    encoding: PositionEncoding,
    tokens_of: impl Fn(rowan::SyntaxNode<L>) -> Vec<ide::SemanticToken>,
) -> Vec<lsp::SemanticToken> {
    let (from, to) = range.unwrap_or((0, rope.len_bytes()));
    let meets = |r: TextRange| usize::from(r.end()) >= from && usize::from(r.start()) <= to;
    let mut kept = Vec::new();
    for (node, start) in parse.chunks() {
        let start = start as usize;
        if !meets(shifted(node.text_range(), start)) {
            continue;
        }
        for token in tokens_of(node) {
            let absolute = shifted(token.range, start);
            if meets(absolute) {
                kept.push((absolute, token));
            }
        }
    }
    encode_tokens(rope, &kept, encoding)
}

impl<G, B> OpenText for TreeDocument<G, B>
where
    G: TopGrammar + Send + 'static,
    B: PieceBody<G>,
    TreeDocument<G, B>: Send,
{
    text_fields!();

    fn invalidate(&mut self) {
        B::invalidate(self)
    }

    fn board_at(&mut self, offset: usize) -> Option<Board> {
        B::board_at(self, offset)
    }

    fn diagnostics(&mut self, settings: &Settings, encoding: PositionEncoding) -> Published {
        B::shown(self, settings)
            .iter()
            .map(|d| convert::diagnostic(&self.rope, &self.uri, d, encoding))
            .collect::<Vec<_>>()
            .into()
    }

    fn diagnostics_in(
        &mut self,
        from: usize,
        to: usize,
        settings: &Settings,
        encoding: PositionEncoding,
    ) -> Vec<(Diagnostic, lsp::Diagnostic)> {
        B::shown(self, settings)
            .into_iter()
            .filter(|d| usize::from(d.range.start()) <= to && usize::from(d.range.end()) >= from)
            .map(|d| {
                let lsp = convert::diagnostic(&self.rope, &self.uri, &d, encoding);
                (d, lsp)
            })
            .collect()
    }

    fn formatter(&self, range: Option<TextRange>, settings: &Settings) -> FormatJob {
        B::formatter(self, range, settings)
    }

    fn hover(
        &mut self,
        offset: usize,
        encoding: PositionEncoding,
        _: HoverMore<'_>,
    ) -> Option<lsp::Hover> {
        let (found, start) = B::hover(self, offset)?;
        Some(hover(&self.rope, found, start, encoding))
    }

    fn completions(
        &mut self,
        offset: usize,
        encoding: PositionEncoding,
    ) -> Option<Vec<lsp::CompletionItem>> {
        let (items, start) = B::completions(self, offset)?;
        Some(lsp_completions(&self.rope, items, start, offset, encoding))
    }

    fn symbols(&mut self, encoding: PositionEncoding) -> Job<Vec<lsp::DocumentSymbol>> {
        let symbols = B::symbols(self)
            .into_iter()
            .map(|(found, start)| symbol(&self.rope, found, start, encoding))
            .collect();
        ready(symbols)
    }

    fn folding_ranges(&mut self, encoding: PositionEncoding) -> Job<Vec<lsp::FoldingRange>> {
        let folds = B::folding_ranges(self)
            .into_iter()
            .filter_map(|(range, kind, start)| {
                folding_range(&self.rope, range, start, kind, encoding)
            })
            .collect();
        ready(folds)
    }

    fn semantic_tokens(
        &mut self,
        range: Option<(usize, usize)>,
        encoding: PositionEncoding,
    ) -> Job<Vec<lsp::SemanticToken>> {
        ready(piece_tokens(
            &self.rope,
            &self.parse,
            range,
            encoding,
            B::semantic_tokens,
        ))
    }

    fn definition(&mut self, offset: usize) -> Option<TextRange> {
        let (target, start) = B::definition(self, offset)?;
        Some(shifted(target, start))
    }

    fn references(&mut self, offset: usize, include_declaration: bool) -> Vec<TextRange> {
        B::references(self, offset, include_declaration)
            .map(|(found, start)| found.into_iter().map(|r| shifted(r, start)).collect())
            .unwrap_or_default()
    }

    fn inlay_hints(
        &mut self,
        from: usize,
        to: usize,
        encoding: PositionEncoding,
        _: HintMore<'_>,
    ) -> Vec<lsp::InlayHint> {
        let mut out = Vec::new();
        for (hints, start) in B::inlay_hints(self, from, to) {
            out.extend(lsp_hints(&self.rope, hints, start, from, to, encoding));
        }
        out
    }
}

/// Completions of a piece starting at `start`, asked at `offset`, in LSP form.
fn lsp_completions(
    rope: &Rope,
    items: Vec<ide::Completion>,
    start: usize,
    offset: usize,
    encoding: PositionEncoding,
) -> Vec<lsp::CompletionItem> {
    items
        .into_iter()
        .map(|item| completion_item(rope, item, start, offset, encoding))
        .collect()
}

/// An open document: its notation, and the notation's document as what every document is.
#[derive(Debug)]
pub struct OpenDocument {
    notation: Notation,
    body: Box<dyn OpenText>,
}

impl OpenDocument {
    /// A document opened with `text`: RBN when the language id is `rbn`, or when the language id
    /// is not one of ours and the URI ends with `.rbn`; PBN otherwise.
    pub fn new(uri: Uri, language_id: &str, text: &str, version: i32) -> OpenDocument {
        let notation = OpenDocument::notation_of(&uri, language_id);
        let body: Box<dyn OpenText> = match notation {
            Notation::Pbn => Box::new(Document::new(uri, text, version)),
            Notation::Rbn => Box::new(RbnDocument::new(uri, text, version)),
            Notation::Lin => Box::new(LinDocument::new(uri, text, version)),
        };
        OpenDocument { notation, body }
    }

    /// [`OpenDocument::new`], checking a PBN document while it is parsed (see
    /// [`Document::open`]); the other notations are checked by their first refresh.
    pub fn open(
        uri: Uri,
        language_id: &str,
        text: &str,
        version: i32,
        settings: &Settings,
        encoding: PositionEncoding,
    ) -> OpenDocument {
        match OpenDocument::notation_of(&uri, language_id) {
            Notation::Pbn => OpenDocument {
                notation: Notation::Pbn,
                body: Box::new(Document::open(uri, text, version, settings, encoding)),
            },
            _ => OpenDocument::new(uri, language_id, text, version),
        }
    }

    fn notation_of(uri: &Uri, language_id: &str) -> Notation {
        Notation::from_language_id(language_id).unwrap_or_else(|| {
            let path = uri.path().as_str().to_string();
            Notation::from_path(std::path::Path::new(&path))
        })
    }

    /// The notation the document is read in.
    pub fn notation(&self) -> Notation {
        self.notation
    }
}

impl Deref for OpenDocument {
    type Target = dyn OpenText;

    fn deref(&self) -> &Self::Target {
        &*self.body
    }
}

impl DerefMut for OpenDocument {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut *self.body
    }
}
