//! An open document, whatever its notation. What the protocol handlers ask of every document
//! (its text and version, taking changes, diagnostics, formatting, the board at a position,
//! hover, completion, symbols, folding, semantic tokens, inlay hints, note links) is one trait,
//! [`OpenText`], which each notation's document implements in the library's terms: each answer
//! comes with the start of the game, record or board its ranges are relative to. [`OpenDocument`]
//! holds one of them with its notation, and turns those answers into the protocol's (the one
//! place that does, through `convert`), so a handler converts in, asks and converts out, whatever
//! the notation.

use std::ops::{Deref, DerefMut};

use ropey::Rope;
use tower_lsp_server::ls_types::{self as lsp, Uri};

use super::config::Settings;
use super::convert::{self, completion_item, encode_tokens, folding_range, hover, inlay_hint};
use super::document::{Document, Published};
use super::job::{FormatJob, Job};
use super::lin_document::LinDocument;
use super::position::{edit_rope, meets, shifted, BadChange};
use super::rbn_document::RbnDocument;
use super::tree_document::{PieceBody, TreeDocument};
use crate::convert::Board;
use crate::diagnostic::Diagnostic;
use crate::ide;
use crate::notation::Notation;
use crate::parallel::{available_threads, map_slices};
use crate::syntax::{SyntaxNode, TextRange, TextSize, TopGrammar, TopLevel};
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

/// An answer about one piece of a document (a PBN game, an RBN record, a LIN board) with the
/// byte offset the piece starts at: the answer's ranges are relative to that start.
pub type Placed<T> = (T, usize);

/// What the server asks of an open document, whatever its notation, answered in the library's
/// terms ([`OpenDocument`] turns them into the protocol's).
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
    /// Brings the diagnostics up to date and returns them in LSP form: the one answer given in
    /// the protocol's terms, since a PBN document caches its diagnostics that way so that a
    /// keystroke in a large file republishes them quickly.
    fn diagnostics(&mut self, settings: &Settings, encoding: PositionEncoding) -> Published;
    /// The diagnostics meeting the byte range `from..=to` with their LSP form, for the quick
    /// fixes they carry.
    fn diagnostics_in(
        &mut self,
        from: usize,
        to: usize,
        settings: &Settings,
        encoding: PositionEncoding,
    ) -> Vec<(Diagnostic, lsp::Diagnostic)>;
    /// The formatting of the whole document, or of the games or records `range` touches.
    fn formatter(&self, range: Option<TextRange>, settings: &Settings) -> FormatJob;
    /// The hover at byte `offset` (`more` adds to a PBN game's).
    fn hover(&mut self, offset: usize, more: HoverMore<'_>) -> Option<Placed<ide::Hover>>;
    /// The completions at byte `offset`.
    fn completions(&mut self, offset: usize) -> Option<Placed<Vec<ide::Completion>>>;
    /// The outline: a symbol per game, record or board.
    fn symbols(&mut self) -> Job<Vec<Placed<ide::Symbol>>>;
    /// The ranges the editor may fold.
    fn folding_ranges(&mut self) -> Job<Vec<Placed<(TextRange, ide::FoldKind)>>>;
    /// The semantic tokens meeting the byte range `range` (the whole document when `None`), with
    /// their absolute ranges, in text order.
    fn semantic_tokens(
        &mut self,
        range: Option<(usize, usize)>,
    ) -> Job<Vec<(TextRange, ide::SemanticToken)>>;
    /// Where the note reference at byte `offset` leads; PBN and RBN link their notes to their
    /// references.
    fn definition(&mut self, _offset: usize) -> Option<Placed<TextRange>> {
        None
    }
    /// Every place that names the note at byte `offset`.
    fn references(
        &mut self,
        _offset: usize,
        _include_declaration: bool,
    ) -> Option<Placed<Vec<TextRange>>> {
        None
    }
    /// The inlay hints of each piece meeting the byte range `from..=to` (`more` adds to a PBN
    /// game's).
    fn inlay_hints(
        &mut self,
        from: usize,
        to: usize,
        more: HintMore<'_>,
    ) -> Vec<Placed<Vec<ide::InlayHint>>>;
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
    };
}
pub(super) use text_fields;

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

impl<G, B> OpenText for TreeDocument<G, B>
where
    G: TopGrammar + Send + 'static,
    B: PieceBody<G>,
    TreeDocument<G, B>: Send,
{
    text_fields!();

    fn replace(&mut self, text: &str) {
        self.rope = Rope::from_str(text);
        self.parse = TopLevel::new(text);
        self.generation += 1;
    }

    fn apply_edit(
        &mut self,
        range: lsp::Range,
        text: &str,
        encoding: PositionEncoding,
    ) -> Result<(), BadChange> {
        let edited = edit_rope(&mut self.rope, range, text, encoding)?;
        self.parse.apply_edit(edited, text.len(), &self.rope);
        self.generation += 1;
        Ok(())
    }

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
            .filter(|d| meets(d.range, (from, to)))
            .map(|d| {
                let lsp = convert::diagnostic(&self.rope, &self.uri, &d, encoding);
                (d, lsp)
            })
            .collect()
    }

    fn formatter(&self, range: Option<TextRange>, settings: &Settings) -> FormatJob {
        B::formatter(self, range, settings)
    }

    fn hover(&mut self, offset: usize, _: HoverMore<'_>) -> Option<Placed<ide::Hover>> {
        B::hover(self, offset)
    }

    fn completions(&mut self, offset: usize) -> Option<Placed<Vec<ide::Completion>>> {
        B::completions(self, offset)
    }

    fn symbols(&mut self) -> Job<Vec<Placed<ide::Symbol>>> {
        ready(B::symbols(self))
    }

    fn folding_ranges(&mut self) -> Job<Vec<Placed<(TextRange, ide::FoldKind)>>> {
        ready(B::folding_ranges(self))
    }

    fn semantic_tokens(
        &mut self,
        range: Option<(usize, usize)>,
    ) -> Job<Vec<(TextRange, ide::SemanticToken)>> {
        ready(piece_tokens(
            &self.rope,
            &self.parse,
            range,
            B::semantic_tokens,
        ))
    }

    fn definition(&mut self, offset: usize) -> Option<Placed<TextRange>> {
        B::definition(self, offset)
    }

    fn references(
        &mut self,
        offset: usize,
        include_declaration: bool,
    ) -> Option<Placed<Vec<TextRange>>> {
        B::references(self, offset, include_declaration)
    }

    fn inlay_hints(
        &mut self,
        from: usize,
        to: usize,
        _: HintMore<'_>,
    ) -> Vec<Placed<Vec<ide::InlayHint>>> {
        B::inlay_hints(self, from, to)
    }
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
    /// The hover at byte `offset`, in LSP form (`more` adds to a PBN game's).
    pub fn hover(
        &mut self,
        offset: usize,
        encoding: PositionEncoding,
        more: HoverMore<'_>,
    ) -> Option<lsp::Hover> {
        let (found, start) = self.body.hover(offset, more)?;
        Some(hover(self.body.rope(), found, start, encoding))
    }

    /// The completions at byte `offset`, in LSP form.
    pub fn completions(
        &mut self,
        offset: usize,
        encoding: PositionEncoding,
    ) -> Option<Vec<lsp::CompletionItem>> {
        let (items, start) = self.body.completions(offset)?;
        let rope = self.body.rope();
        let convert = |item| completion_item(rope, item, start, offset, encoding);
        Some(items.into_iter().map(convert).collect())
    }

    /// The outline in LSP form, worked out by the job.
    pub fn symbols(&mut self, encoding: PositionEncoding) -> Job<Vec<lsp::DocumentSymbol>> {
        let (rope, job) = (self.body.rope().clone(), self.body.symbols());
        Box::new(move || {
            on_every_core(&job(), |(found, start)| {
                Some(convert::symbol(&rope, found, *start, encoding))
            })
        })
    }

    /// The foldable ranges in LSP form (those of more than one line), worked out by the job.
    pub fn folding_ranges(&mut self, encoding: PositionEncoding) -> Job<Vec<lsp::FoldingRange>> {
        let (rope, job) = (self.body.rope().clone(), self.body.folding_ranges());
        Box::new(move || {
            on_every_core(&job(), |&((range, kind), start)| {
                folding_range(&rope, range, start, kind, encoding)
            })
        })
    }

    /// The semantic tokens meeting the byte range `range` (the whole document when `None`), in
    /// LSP form, worked out by the job.
    pub fn semantic_tokens(
        &mut self,
        range: Option<(usize, usize)>,
        encoding: PositionEncoding,
    ) -> Job<Vec<lsp::SemanticToken>> {
        let (rope, job) = (self.body.rope().clone(), self.body.semantic_tokens(range));
        Box::new(move || encode_tokens(&rope, &job(), encoding))
    }

    /// Where the note reference at byte `offset` leads (an absolute byte range).
    pub fn definition(&mut self, offset: usize) -> Option<TextRange> {
        let (target, start) = self.body.definition(offset)?;
        Some(shifted(target, start))
    }

    /// Every place that names the note at byte `offset` (absolute byte ranges).
    pub fn references(&mut self, offset: usize, include_declaration: bool) -> Vec<TextRange> {
        let Some((found, start)) = self.body.references(offset, include_declaration) else {
            return Vec::new();
        };
        found.into_iter().map(|r| shifted(r, start)).collect()
    }

    /// The inlay hints at bytes `from..=to`, in LSP form (`more` adds to a PBN game's).
    pub fn inlay_hints(
        &mut self,
        from: usize,
        to: usize,
        encoding: PositionEncoding,
        more: HintMore<'_>,
    ) -> Vec<lsp::InlayHint> {
        let placed = self.body.inlay_hints(from, to, more);
        let rope = self.body.rope();
        let mut out = Vec::new();
        for (hints, start) in placed {
            for hint in hints {
                let offset = usize::from(hint.offset) + start;
                if (from..=to).contains(&offset) {
                    out.push(inlay_hint(rope, hint, start, encoding));
                }
            }
        }
        out
    }
}

/// Pieces answered in the library's terms, turned into the protocol's on every core when they
/// are many (a whole large file's symbols, say); `None`s are left out.
fn on_every_core<T: Sync, R: Send>(
    items: &[T],
    convert: impl Fn(&T) -> Option<R> + Sync,
) -> Vec<R> {
    let threads = if items.len() < CONVERT_ON_ONE_CORE {
        1
    } else {
        available_threads()
    };
    map_slices(items, threads, |part| {
        part.iter().filter_map(&convert).collect()
    })
}

/// Below this many answers, turning them into the protocol's is not worth more threads.
const CONVERT_ON_ONE_CORE: usize = 2048;

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
