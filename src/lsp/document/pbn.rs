//! An open PBN document: its rope, the outline of its parse, and its per-game diagnostics (kept
//! in LSP form, so that a keystroke in a large file republishes quickly) in the [`PieceCache`]
//! every notation shares, and its answers to the editor's questions (its `OpenText`).

use std::ops::{Range, RangeInclusive};
use std::sync::{Arc, OnceLock};

use ropey::Rope;
use rowan::GreenNode;
use tower_lsp_server::ls_types::{self as lsp, Uri};

use crate::analysis::suppress::PieceFacts;
use crate::analysis::CheckOptions;
use crate::diagnostic::Diagnostic;
use crate::ide;
use crate::lsp::config::Settings;
use crate::lsp::convert;
use crate::lsp::document::open_text::{
    board_hints, text_fields, ClientTerms, Fixable, HintMore, OpenText, Placed, PlacedHints,
};
use crate::lsp::document::piece_cache::{PieceCache, PieceKey};
use crate::lsp::job::{FormatJob, Job};
use crate::lsp::position::{
    head_of, meets, range_of, rope_contains, shifted, splice_rope, starts_line, tail_of,
    PiecePositions,
};
use crate::lsp::published::{
    CachedDiagnostic, CheckedPiece, KeptOutline, KeptSymbol, Part, Published,
};
use crate::lsp::seams;
use crate::model::board::BoardModel;
use crate::model::Inheritance;
use crate::parallel::{available_threads, map_slices, threads_for};
use crate::syntax::builder::TokenCache;
use crate::syntax::pbn::ast::Game;
use crate::syntax::pbn::parser::parse_chunk;
use crate::syntax::{
    Outline, ParsedChunk, SyntaxError, SyntaxNode, TextRange, TextSize, TextSource,
};
use crate::text::PositionEncoding;

/// Reading at least this many games at once (the outline, the tokens) is spread over threads.
const PARALLEL_GAMES: usize = crate::lsp::document::piece_cache::PARALLEL_PIECES;

/// How many recently parsed games a document keeps the trees of.
const TREE_CACHE: usize = 4;

/// What names one version of a child of the file node in the cache (never its tree).
#[derive(Debug, Clone)]
struct PbnChild {
    /// A new number whenever an edit replaces the child, so that a cached tree is only used for
    /// the text it was parsed from.
    id: u64,
    /// The line breaks in its text (CR, LF and CRLF each one, as the rope counts them): the
    /// line each child starts on is the sum of those before it.
    line_breaks: u32,
    /// Whether it is a run of blank lines (nothing to check).
    blank: bool,
    /// Its outline entry and folds once asked for (made on the first outline or folding
    /// request, or while a large file is opened: see [`OUTLINE_AT_OPEN`]).
    outline: OnceLock<Arc<KeptOutline>>,
}

impl PieceKey for PbnChild {
    fn is_piece(&self) -> bool {
        !self.blank
    }
}

/// The diagnostics of each child of a PBN document, with what earlier games hand down through
/// `#`/`##` (tracked only in documents that use it).
type GameCache = PieceCache<PbnChild, Inheritance, CheckedPiece>;

/// An open document.
///
/// It keeps the text, the [`Outline`] of its parse (child boundaries, kinds and syntax errors)
/// and, per child, the diagnostics; no syntax tree is kept beyond a few recently used games.
/// A feature that needs a game's tree parses that game's text again ([`Document::chunk_at`],
/// [`Snapshot::chunks`]), which takes microseconds.
#[derive(Debug)]
pub(crate) struct Document {
    /// Its URI.
    pub uri: Uri,
    /// The text.
    pub rope: Rope,
    /// The top level of the parse: where each game, comment chunk and blank run starts, and the
    /// syntax errors.
    pub outline: Outline,
    /// The client's version of the text.
    pub version: i32,
    /// Increases with every change (to drop outdated diagnostics runs).
    pub generation: u64,
    /// The diagnostics of each child of the outline.
    games: GameCache,
    /// The number the next new entry gets.
    next_id: u64,
    /// The trees of the games parsed last, by entry id, the most recent last.
    trees: Vec<(u64, GreenNode)>,
    /// Whether the text may use tag inheritance (`"#`); then each game's diagnostics depend on
    /// the games before it, and the cache follows what they hand down. Set when such text is
    /// opened or typed, cleared on a full reload.
    uses_inheritance: bool,
    /// Shared by every child without diagnostics.
    no_diagnostics: Arc<CheckedPiece>,
    /// The first lines of the text, where `% EXPORT` may switch export rules on for the whole
    /// document.
    head: String,
    /// The `check.export` setting the cached diagnostics were computed with.
    checked_with: Option<(bool, bool)>,
}

/// Parses one chunk's text on its own: its tree and its syntax errors (relative to its start).
/// What the cached diagnostics depend on in the settings: export rules, and the DD checks.
fn checked_with(settings: &Settings) -> (bool, bool) {
    (settings.check_export, settings.solutions.is_some())
}

fn parse_one(text: &str) -> (GreenNode, Vec<SyntaxError>) {
    parse_chunk(text, &mut TokenCache::default())
}

/// The line breaks in `text`, counted as the rope counts them: LF, CR, and CRLF as one.
fn line_breaks(text: &str) -> u32 {
    let bytes = text.as_bytes();
    memchr::memchr2_iter(b'\n', b'\r', bytes)
        .filter(|&at| bytes[at] == b'\n' || bytes.get(at + 1) != Some(&b'\n'))
        .count() as u32
}

/// What checking a chunk needs besides the chunk: where the diagnostics go and how to write
/// them.
struct Checker<'a> {
    rope: &'a Rope,
    uri: &'a Uri,
    options: CheckOptions,
    encoding: PositionEncoding,
    /// The findings every piece without any shares.
    empty: &'a Arc<CheckedPiece>,
}

impl Checker<'_> {
    /// The diagnostics of the chunk `node` (its text `text`) starting at `start`, with its syntax `errors`
    /// (relative to the chunk) and what earlier games hand down.
    fn check(
        &self,
        start: u32,
        text: &str,
        node: &GreenNode,
        errors: &[SyntaxError],
        inherited: Option<&Inheritance>,
    ) -> Arc<CheckedPiece> {
        let chunk = SyntaxNode::new_root(node.clone());
        let diagnostics = seams::piece_diagnostics(&chunk, text, errors, inherited, &self.options);
        let facts = seams::suppression_facts(text);
        if diagnostics.is_empty() && facts.is_none() {
            return self.empty.clone();
        }
        let rope = self.rope;
        let encoding = self.encoding;
        // Lines are counted no further than the last place a diagnostic names.
        let upto = diagnostics
            .iter()
            .flat_map(|d| std::iter::once(d.range).chain(d.related.iter().map(|r| r.range)))
            .map(|range| usize::from(range.end()))
            .max()
            .unwrap_or(0);
        let positions = PiecePositions::new(text, starts_line(rope, start as usize), upto);
        // Through the rope only where the piece cannot say (a first line begun before it).
        let through_rope = |range: TextRange| {
            let base_line = rope.byte_to_line((start as usize).min(rope.len_bytes())) as u32;
            let mut lsp = range_of(rope, shifted(range, start as usize), encoding);
            lsp.start.line -= base_line.min(lsp.start.line);
            lsp.end.line -= base_line.min(lsp.end.line);
            lsp
        };
        let place = |range: TextRange| {
            positions
                .as_ref()
                .and_then(|p| p.range(range, encoding))
                .unwrap_or_else(|| through_rope(range))
        };
        let cached = diagnostics
            .into_iter()
            .map(|diagnostic| {
                let lsp = convert::diagnostic_placed(self.uri, &diagnostic, place);
                CachedDiagnostic { diagnostic, lsp }
            })
            .collect();
        Arc::new(CheckedPiece {
            diagnostics: cached,
            facts,
        })
    }
}

impl Document {
    /// A document opened with `text`; its diagnostics are computed by the first
    /// [`Document::refresh`].
    #[cfg(test)]
    pub fn new(uri: Uri, text: &str, version: i32) -> Document {
        let mut doc = Document::empty(uri, version);
        doc.load(text, Loading::Parse);
        doc
    }

    /// A document opened with `text`, checked as it is parsed: one pass over the text, on every
    /// core, that keeps each game's diagnostics and drops its tree.
    pub fn open(
        uri: Uri,
        text: &str,
        version: i32,
        settings: &Settings,
        encoding: PositionEncoding,
    ) -> Document {
        let mut doc = Document::empty(uri, version);
        doc.load(text, Loading::Check(settings, encoding));
        doc
    }

    /// A document opened with `text` and left unchecked (its games are checked by
    /// [`Document::check_some`] or the first refresh): a server with one thread answers the
    /// outline of a large file sooner so. The outline is read as on [`Document::open`].
    pub fn open_unchecked(
        uri: Uri,
        text: &str,
        version: i32,
        encoding: PositionEncoding,
    ) -> Document {
        let mut doc = Document::empty(uri, version);
        doc.load(text, Loading::Outline(encoding));
        doc
    }

    fn empty(uri: Uri, version: i32) -> Document {
        Document {
            uri,
            rope: Rope::new(),
            outline: Outline::default(),
            version,
            generation: 0,
            games: GameCache::default(),
            next_id: 0,
            trees: Vec::new(),
            uses_inheritance: false,
            no_diagnostics: Arc::new(CheckedPiece::default()),
            head: String::new(),
            checked_with: None,
        }
    }

    /// Takes `text` as the whole new text, read as `loading` says.
    fn load(&mut self, text: &str, loading: Loading<'_>) {
        self.rope = Rope::from_str(text);
        self.head = head_of(&self.rope);
        let check = match loading {
            Loading::Check(settings, encoding) => Some((settings, encoding)),
            Loading::Parse | Loading::Outline(_) => None,
        };
        self.checked_with = check.map(|(settings, _)| checked_with(settings));
        // A value that inherits (`"#`) makes each game depend on the ones before it.
        self.uses_inheritance = rope_contains(&self.rope, b"\"#");
        self.trees.clear();
        let threads = available_threads();
        // Each chunk's line breaks are counted as it is parsed, on its worker.
        // Outline entries read on opening (see OUTLINE_AT_OPEN), by where their game starts:
        // kept apart from the results, which every file of any size holds a moment.
        let kept = std::sync::Mutex::new(Vec::new());
        let outline_in = match loading {
            Loading::Check(_, encoding) | Loading::Outline(encoding) => {
                Some(encoding).filter(|_| OUTLINE_AT_OPEN.contains(&text.len()))
            }
            Loading::Parse => None,
        };
        let rope = &self.rope;
        let keep_outline = |chunk: &ParsedChunk<'_>, encoding: PositionEncoding| {
            let start = chunk.start as usize;
            if let Some(read) = outline_at_open(rope, (start, chunk.text), chunk.node, encoding) {
                kept.lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner())
                    .push((start, read));
            }
        };
        let results = match check {
            // Inheritance makes each game depend on the ones before: then the whole text is
            // checked in order, on one thread, after the outline is built.
            Some((settings, encoding)) if !self.uses_inheritance => {
                let checker = self.checker(settings, encoding);
                let visit = |chunk: ParsedChunk<'_>| {
                    let found =
                        checker.check(chunk.start, chunk.text, chunk.node, chunk.errors, None);
                    if let Some(encoding) = outline_in {
                        keep_outline(&chunk, encoding);
                    }
                    (line_breaks(chunk.text), Some(found))
                };
                let (outline, results) = Outline::build(text, threads, &visit);
                self.outline = outline;
                results
            }
            _ => {
                // Only a document left unchecked keeps its outline here (one checked with
                // inheritance reads it when asked, as it did).
                let outline_in = outline_in.filter(|_| check.is_none() && !self.uses_inheritance);
                let visit = |chunk: ParsedChunk<'_>| {
                    if let Some(encoding) = outline_in {
                        keep_outline(&chunk, encoding);
                    }
                    (line_breaks(chunk.text), None)
                };
                let (outline, results) = Outline::build(text, threads, &visit);
                self.outline = outline;
                results
            }
        };
        let mut kept = kept
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // Few games have their sections in the outline: what was read is then no use.
        if results.iter().flatten().count() <= crate::lsp::document::OUTLINE_DETAIL_GAMES {
            kept.clear();
        }
        kept.sort_unstable_by_key(|(start, _)| *start);
        let mut kept = kept.into_iter().peekable();
        let starts = self.outline.child_starts();
        let first_id = self.next_id;
        self.next_id += results.len() as u64;
        let children = results.into_iter().enumerate().map(|(index, result)| {
            let (line_breaks, diagnostics, blank) = match result {
                // A run of blank lines: nothing to check.
                None => {
                    let range = self.outline.child_range(index).map(Range::<usize>::from);
                    let blank = range.and_then(|r| text.get(r)).unwrap_or_default();
                    (line_breaks(blank), Some(self.no_diagnostics.clone()), true)
                }
                Some((breaks, computed)) => (breaks, computed, false),
            };
            let start = starts.get(index).map(|&s| s as usize);
            let outline = match kept.peek() {
                Some((at, _)) if Some(*at) == start => kept.next().map(|(_, read)| read),
                _ => None,
            };
            let id = first_id + index as u64;
            let child = PbnChild {
                id,
                line_breaks,
                blank,
                outline: outline.map_or_else(OnceLock::new, OnceLock::from),
            };
            (child, diagnostics)
        });
        self.games = GameCache::of(children);
        if self.uses_inheritance {
            self.settle_inheritance();
        }
    }

    /// What checks this document's games with `settings`, writing positions in `encoding`.
    fn checker(&self, settings: &Settings, encoding: PositionEncoding) -> Checker<'_> {
        Checker {
            rope: &self.rope,
            uri: &self.uri,
            options: seams::check_options(settings, &self.head),
            encoding,
            empty: &self.no_diagnostics,
        }
    }

    /// The key of child `index` of the outline, new to the cache.
    fn fresh_child(&mut self, index: usize) -> PbnChild {
        let id = self.next_id;
        self.next_id += 1;
        let line_breaks = self
            .outline
            .child_range(index)
            .and_then(|range| self.rope.get_byte_slice(Range::<usize>::from(range)))
            .map_or(0, |child| child.len_lines().saturating_sub(1) as u32);
        PbnChild {
            id,
            line_breaks,
            blank: self.outline.is_blank(index),
            outline: OnceLock::new(),
        }
    }

    fn remember_tree(&mut self, id: u64, node: GreenNode) {
        self.trees.retain(|(cached, _)| *cached != id);
        if self.trees.len() >= TREE_CACHE {
            self.trees.remove(0);
        }
        self.trees.push((id, node));
    }

    /// The tree of child `index` (`None` for a blank-line run): from the small cache of recently
    /// used games, or parsed from the text.
    fn tree(&mut self, index: usize) -> Option<GreenNode> {
        if self.outline.is_blank(index) {
            return None;
        }
        let id = self.games.key(index)?.id;
        if let Some(position) = self.trees.iter().position(|(cached, _)| *cached == id) {
            let found = self.trees.remove(position);
            let node = found.1.clone();
            self.trees.push(found);
            return Some(node);
        }
        let range = self.outline.child_range(index)?;
        let text = TextSource::slice(&self.rope, range.into());
        let (node, _) = parse_one(&text);
        self.remember_tree(id, node.clone());
        Some(node)
    }

    /// The tree of child `index`, whose key is `child`, without touching the cache (for passes
    /// over many games).
    fn tree_uncached(&self, index: usize, child: &PbnChild) -> Option<GreenNode> {
        if child.blank {
            return None;
        }
        let id = child.id;
        if let Some((_, node)) = self.trees.iter().find(|(cached, _)| *cached == id) {
            return Some(node.clone());
        }
        let range = self.outline.child_range(index)?;
        Some(parse_one(&TextSource::slice(&self.rope, range.into())).0)
    }

    /// The child holding `offset` as a red node rooted at its start, with that start.
    pub fn chunk_at(&mut self, offset: usize) -> Option<(SyntaxNode, usize)> {
        let index = self.outline.child_index_at(offset as u32)?;
        let node = self.tree(index)?;
        let start = *self.outline.child_starts().get(index)? as usize;
        Some((SyntaxNode::new_root(node), start))
    }

    /// The board (game) holding `offset`, read whole into its model with what earlier games
    /// hand down; `None` outside every game.
    pub fn board_at(&mut self, offset: usize) -> Option<BoardModel> {
        let index = self.outline.child_index_at(offset as u32)?;
        let game = as_game(self.tree(index)?)?;
        Some(seams::read_board(&game, &self.games.received(index)))
    }

    /// Brings the diagnostics cache up to date: the children an edit replaced (or all, after a
    /// settings change) are parsed from the text again and checked.
    pub fn refresh(&mut self, settings: &Settings, encoding: PositionEncoding) {
        self.check_some(settings, encoding, usize::MAX);
    }

    /// Checks up to `games` of the games not checked yet (see [`Document::open_unchecked`]):
    /// how many are left unchecked.
    pub fn check_some(
        &mut self,
        settings: &Settings,
        encoding: PositionEncoding,
        games: usize,
    ) -> usize {
        self.check_within(0..usize::MAX, settings, encoding, games)
    }

    /// [`Document::check_some`] among the children `within` (by index) only.
    fn check_within(
        &mut self,
        within: Range<usize>,
        settings: &Settings,
        encoding: PositionEncoding,
        games: usize,
    ) -> usize {
        self.settle_settings(settings);
        let mut cache = std::mem::take(&mut self.games);
        let this = &*self;
        let left = cache.refresh_some(within, games, |index, child, inherited| {
            let node = this.tree_uncached(index, child);
            this.compute(index, node.as_ref(), inherited, settings, encoding)
        });
        self.games = cache;
        left
    }

    /// Forgets the findings when `settings` check the games otherwise than they were checked.
    fn settle_settings(&mut self, settings: &Settings) {
        if self.checked_with != Some(checked_with(settings)) {
            // The settings file or the editor changed what the games are checked with.
            if self.checked_with.is_some() {
                self.invalidate();
            }
            self.checked_with = Some(checked_with(settings));
        }
    }

    /// Hands each game what the games before it pass down with `#`/`##`, from the first game
    /// an edit replaced until a game receives what it did before (the games after it are
    /// unchanged, so their states are too), and forgets the diagnostics of the games whose
    /// inheritance changed. Only for documents that use inheritance.
    fn settle_inheritance(&mut self) {
        let mut games = std::mem::take(&mut self.games);
        let this = &*self;
        games.settle_states(|index, child, state| {
            if let Some(game) = this.tree_uncached(index, child).and_then(as_game) {
                state.advance(&game);
            }
        });
        self.games = games;
    }

    /// Forgets the cached diagnostics of the games that carry double-dummy results (after the
    /// solver finished a deal, so that they are checked against it).
    pub fn invalidate_double_dummy(&mut self) {
        let (rope, outline) = (&self.rope, &self.outline);
        self.games.forget_findings(|index, _| {
            let Some(range) = outline.child_range(index) else {
                return false;
            };
            let text = TextSource::slice(rope, range.into());
            let text: &str = &text;
            seams::DOUBLE_DUMMY_TAGS
                .iter()
                .any(|name| text.contains(name))
        });
    }

    /// Forgets every cached diagnostic (after a settings change).
    pub fn invalidate(&mut self) {
        self.games.forget_findings(|_, child| !child.blank);
    }

    /// The diagnostics of child `index`, whose tree is `node`, given what earlier games hand
    /// down.
    fn compute(
        &self,
        index: usize,
        node: Option<&GreenNode>,
        inherited: Option<&Inheritance>,
        settings: &Settings,
        encoding: PositionEncoding,
    ) -> Arc<CheckedPiece> {
        let (Some(node), Some(range)) = (node, self.outline.child_range(index)) else {
            return self.no_diagnostics.clone();
        };
        let start = u32::from(range.start());
        let errors: Vec<SyntaxError> = self
            .outline
            .errors_in(index)
            .iter()
            .map(|e| {
                let mut e = e.clone();
                e.range -= range.start();
                e
            })
            .collect();
        let checker = self.checker(settings, encoding);
        let text = TextSource::slice(&self.rope, range.into());
        checker.check(start, &text, node, &errors, inherited)
    }

    /// Every diagnostic at or above the settings' minimum severity, in LSP form, with absolute
    /// positions (the cache must be fresh: call [`Document::refresh`] first).
    #[cfg(test)]
    pub fn lsp_diagnostics(
        &self,
        settings: &Settings,
        encoding: PositionEncoding,
    ) -> Vec<lsp::Diagnostic> {
        self.published(settings, encoding).into_vec()
    }

    /// [`Document::lsp_diagnostics`] as they are published: each game's cached LSP forms are
    /// shared, not copied, and moved to the game's lines only as they are written (copying the
    /// 75,000 hints of a 100,000-game file took half of a keystroke's refresh).
    pub fn published(&self, settings: &Settings, encoding: PositionEncoding) -> Published {
        if let Some(all) = self.suppressed() {
            return Published::from(
                all.iter()
                    .filter(|d| settings.shows(d.code, d.severity))
                    .map(|d| convert::diagnostic(&self.rope, &self.uri, d, encoding))
                    .collect::<Vec<_>>(),
            );
        }
        // Each game's first line is the sum of the line breaks before it, not looked up in the
        // rope: on a large file that was half of every keystroke's publish.
        let mut line = 0u32;
        let mut parts = Vec::new();
        for (child, findings) in self.games.children() {
            if let Some(part) = findings.and_then(|piece| shown_part(line, piece, settings)) {
                parts.push(part);
            }
            line = line.saturating_add(child.line_breaks);
        }
        let mut published = Published { parts };
        let rest: Vec<lsp::Diagnostic> = self
            .end_diagnostics(settings)
            .map(|d| convert::diagnostic(&self.rope, &self.uri, &d, encoding))
            .collect();
        if !rest.is_empty() {
            published.parts.push(Part::Full(rest));
        }
        published
    }

    /// When the document holds `% kibitzer-ignore:` lines: every diagnostic (absolute ranges, in
    /// text order, of every severity) after the suppression pass, as `check` gives them. `None`
    /// for a document without them, whose cached diagnostics stand as they are.
    fn suppressed(&self) -> Option<Vec<Diagnostic>> {
        if self
            .games
            .children()
            .all(|(_, found)| found.is_none_or(|d| d.facts.is_none()))
        {
            return None;
        }
        let empty = PieceFacts::default();
        // Pieces without directives only matter up to the first body line of the document: read
        // their facts from the text until it is found.
        let mut body_seen = false;
        let mut scanned: Vec<Option<PieceFacts>> = Vec::with_capacity(self.games.len());
        for index in 0..self.games.len() {
            let stored = self.games.findings(index).and_then(|d| d.facts.clone());
            let facts = match stored {
                Some(facts) => Some(facts),
                None if !body_seen => self
                    .outline
                    .child_range(index)
                    .map(|r| seams::body_facts(&TextSource::slice(&self.rope, r.into()))),
                None => None,
            };
            body_seen |= facts.as_ref().is_some_and(|f| f.first_body_line.is_some());
            scanned.push(facts);
        }
        let mut all = Vec::new();
        let mut pieces = Vec::with_capacity(self.games.len());
        for (index, (_, found)) in self.games.children().enumerate() {
            let Some(range) = self.outline.child_range(index) else {
                continue;
            };
            if let Some(checked) = found {
                let start = u32::from(range.start());
                all.extend(
                    checked
                        .diagnostics
                        .iter()
                        .map(|c| c.diagnostic.clone().shifted(start)),
                );
            }
            pieces.push((range, scanned[index].as_ref().unwrap_or(&empty)));
        }
        let (tail, start) = tail_of(&self.rope);
        all.extend(seams::end_diagnostics(&tail, start));
        all.sort_by_key(|d| (d.range.start(), d.range.end()));
        Some(seams::suppress(&pieces, all))
    }

    /// The diagnostics about the end of the text (absolute ranges) at or above the settings'
    /// minimum severity.
    fn end_diagnostics(&self, settings: &Settings) -> impl Iterator<Item = Diagnostic> + '_ {
        let (tail, start) = tail_of(&self.rope);
        let settings = settings.clone();
        seams::end_diagnostics(&tail, start)
            .into_iter()
            .filter(move |d| settings.shows(d.code, d.severity))
    }

    /// The diagnostics (absolute byte ranges) whose range meets `range`, with their LSP form.
    pub fn diagnostics_in(
        &self,
        range: Range<usize>,
        settings: &Settings,
        encoding: PositionEncoding,
    ) -> Vec<Fixable> {
        let mut out = Vec::new();
        let starts = self.outline.child_starts();
        let first = self.outline.child_index_at(range.start as u32).unwrap_or(0);
        let last = self.outline.child_index_at(range.end as u32).unwrap_or(0);
        for index in first..=last.min(self.games.len().saturating_sub(1)) {
            let Some(diagnostics) = self.games.findings(index) else {
                continue;
            };
            let start = starts.get(index).copied().unwrap_or(0);
            let base = self.rope.byte_to_line(start as usize) as u32;
            for cached in diagnostics.diagnostics.iter() {
                if !settings.shows(cached.diagnostic.code, cached.diagnostic.severity) {
                    continue;
                }
                let absolute = cached.diagnostic.clone().shifted(start);
                let (s, e) = (
                    usize::from(absolute.range.start()),
                    usize::from(absolute.range.end()),
                );
                if s <= range.end && e >= range.start {
                    out.push((absolute, cached.lsp_from_line(base)));
                }
            }
        }
        for d in self.end_diagnostics(settings) {
            let (s, e) = (usize::from(d.range.start()), usize::from(d.range.end()));
            if s <= range.end && e >= range.start {
                let lsp = convert::diagnostic(&self.rope, &self.uri, &d, encoding);
                out.push((d, lsp));
            }
        }
        out
    }

    /// The non-blank children with where they start and what of their outline is kept, for a
    /// job to read.
    fn checked_pieces(&self) -> CheckedPieces {
        let starts = self.outline.child_starts();
        let mut pieces = Vec::with_capacity(self.games.len());
        // First lines summed from the line breaks, as the publish does.
        let mut line = 0u32;
        for (index, (child, _)) in self.games.children().enumerate() {
            if let (false, Some(&start)) = (child.blank, starts.get(index)) {
                pieces.push(CheckedAt {
                    index,
                    start: start as usize,
                    line,
                    kept: child.outline.get_or_init(Arc::default).clone(),
                });
            }
            line = line.saturating_add(child.line_breaks);
        }
        CheckedPieces {
            snapshot: self.snapshot(),
            pieces,
        }
    }

    /// A snapshot for work done outside the lock: the text and its outline.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            rope: self.rope.clone(),
            outline: self.outline.clone(),
        }
    }
}

/// Every non-blank child of a document with where it starts and what of its outline is kept:
/// what the outline and folding jobs read.
struct CheckedPieces {
    snapshot: Snapshot,
    pieces: Vec<CheckedAt>,
}

/// A child of [`CheckedPieces`].
struct CheckedAt {
    index: usize,
    /// Its first byte and its first line.
    start: usize,
    line: u32,
    /// What of its outline is kept (shared with the document's cache).
    kept: Arc<KeptOutline>,
}

impl CheckedPieces {
    /// `each` of every piece's kept part (`kept` picks it, `usable` says whether it serves;
    /// `read` reads it from the piece's tree), in text order, on every core when the pieces
    /// are many. A part read is kept when the piece starts a line: then no edit elsewhere
    /// moves its columns; `also` then keeps other parts read from the same tree.
    fn map<P: Send + Sync, T: Send>(
        &self,
        kept: impl Fn(&KeptOutline) -> &OnceLock<P> + Sync,
        usable: impl Fn(&P) -> bool + Sync,
        read: impl Fn(SyntaxNode, &CheckedAt) -> P + Sync,
        also: impl Fn(&KeptOutline, &SyntaxNode) + Sync,
        each: impl Fn(&P, &CheckedAt) -> Option<T> + Sync,
    ) -> Vec<T> {
        let threads = threads_for(self.pieces.len(), PARALLEL_GAMES);
        let rope = &self.snapshot.rope;
        map_slices(&self.pieces, threads, |part| {
            let mut cache = TokenCache::default();
            part.iter()
                .filter_map(|at| {
                    let lock = kept(&at.kept);
                    if let Some(found) = lock.get().filter(|p| usable(p)) {
                        return each(found, at);
                    }
                    let (node, start) = self.snapshot.parse_child(at.index, &mut cache)?;
                    if lock.get().is_none() && starts_line(rope, start) {
                        also(&at.kept, &node);
                        let fresh = read(node, at);
                        return each(lock.get_or_init(|| fresh), at);
                    }
                    each(&read(node, at), at)
                })
                .collect()
        })
    }
}

/// The published run of the game starting on line `base`: its cached diagnostics `piece` that
/// `settings` shows, placed there (`None` when it has none).
fn shown_part(base: u32, piece: &Arc<CheckedPiece>, settings: &Settings) -> Option<Part> {
    if piece.diagnostics.is_empty() {
        return None;
    }
    let shown = |c: &CachedDiagnostic| settings.shows(c.diagnostic.code, c.diagnostic.severity);
    let only = (!piece.diagnostics.iter().all(shown)).then(|| {
        (0..piece.diagnostics.len())
            .filter(|&i| shown(&piece.diagnostics[i]))
            .collect()
    });
    Some(Part::Cached {
        base,
        piece: piece.clone(),
        only,
    })
}

/// The outline entry of the piece `node` starting at byte `start`, on line `line`, in LSP form
/// with lines counted from that line (with its sections when `detailed`).
fn kept_symbol(
    node: &SyntaxNode,
    rope: &Rope,
    (start, line): (usize, u32),
    detailed: bool,
    encoding: PositionEncoding,
) -> KeptSymbol {
    let found = if detailed {
        ide::game_symbol(node)
    } else {
        ide::game_brief_symbol(node)
    };
    KeptSymbol {
        symbol: found.map(|found| {
            let placed = convert::symbol(rope, &found, start, encoding);
            convert::symbol_lines_up(&placed, line)
        }),
        detailed,
    }
}

/// From this size, a file's games' outline entries (without their sections) and folds are read
/// as each game is parsed to be checked on opening: an editor asks for both as soon as the
/// file is open, and reading them later parsed every game again (the outline of a 20,000-game
/// file came 1.6 s after its findings in VS Code, both cores busy with the window).
pub(crate) const OUTLINE_AT_OPEN: std::ops::Range<usize> = (2 << 20)..(32 << 20);
// Up to 32 MiB (some 40,000 games): beyond, the opening's fifth more time and 430 bytes a game
// cost more than they give, VS Code itself taking seconds over so many symbols (the
// 100,000-game file opened in 1.63 times `check`'s time with them, against the 1.5 aimed at).

/// How [`Document::load`] reads a new text.
#[derive(Clone, Copy)]
enum Loading<'a> {
    /// Parsed only (the games are checked by the next refresh).
    Parse,
    /// Parsed and checked with these settings, positions in this encoding (and the outline read
    /// with it in [`OUTLINE_AT_OPEN`]).
    Check(&'a Settings, PositionEncoding),
    /// Parsed, the outline read in [`OUTLINE_AT_OPEN`], the games left unchecked.
    Outline(PositionEncoding),
}

/// The outline entry and folds of the chunk `node` at byte `start` of `rope`, when it starts a
/// line (else its columns move with edits before it on its line, and nothing is kept).
fn outline_at_open(
    rope: &Rope,
    (start, text): (usize, &str),
    node: &GreenNode,
    encoding: PositionEncoding,
) -> Option<Arc<KeptOutline>> {
    if !starts_line(rope, start) {
        return None;
    }
    let node = SyntaxNode::new_root(node.clone());
    let kept = KeptOutline::default();
    // Placed from the game's own text, lines counted from its first: what `kept_symbol` gives
    // through the rope, without a descent of the rope's tree for each end of each range (a
    // third of the outline's time in the browser). A game ending inside a CRLF goes the rope's
    // way.
    let symbol = match PiecePositions::new(text, true, usize::MAX) {
        Some(positions) => KeptSymbol {
            symbol: ide::game_brief_symbol(&node).map(|found| {
                // Every range of the game is inside its text, which starts a line: placed.
                convert::symbol_placed(&found, &|range| {
                    positions.range(range, encoding).unwrap_or_default()
                })
            }),
            detailed: false,
        },
        None => {
            let line = rope.byte_to_line(start) as u32;
            kept_symbol(&node, rope, (start, line), false, encoding)
        }
    };
    let _ = kept.symbol.set(symbol);
    let _ = kept.folds.set(ide::folding_ranges(&node));
    Some(Arc::new(kept))
}

/// The chunk `node` as a game, if it is one.
fn as_game(node: GreenNode) -> Option<Game> {
    Game::cast(SyntaxNode::new_root(node))
}

/// An immutable copy of a document's text and outline (the rope is shared, not copied).
#[derive(Debug, Clone)]
pub(crate) struct Snapshot {
    /// The text.
    pub rope: Rope,
    /// The outline of its parse.
    pub outline: Outline,
}

impl Snapshot {
    /// The game and comment chunks meeting the byte range `range`, as red nodes with starts,
    /// each parsed from the text as the iteration reaches it.
    pub fn chunks(&self, range: Range<usize>) -> impl Iterator<Item = (SyntaxNode, usize)> + '_ {
        let (first, last) = self.index_range(&range);
        let mut cache = TokenCache::default();
        (first..last).filter_map(move |i| self.parse_child(i, &mut cache))
    }
}

impl Snapshot {
    /// Runs `each` on the game and comment chunks meeting `range` (parsed from the text) and
    /// gives the results in text order; many chunks are spread over every core.
    pub fn map_chunks<T: Send>(
        &self,
        range: Range<usize>,
        each: &(dyn Fn(SyntaxNode, usize) -> T + Sync),
    ) -> Vec<T> {
        let (first, last) = self.index_range(&range);
        let indices: Vec<usize> = (first..last).collect();
        let threads = threads_for(indices.len(), PARALLEL_GAMES);
        map_slices(&indices, threads, |part| {
            let mut cache = TokenCache::default();
            part.iter()
                .filter_map(|&i| {
                    let (node, start) = self.parse_child(i, &mut cache)?;
                    Some(each(node, start))
                })
                .collect()
        })
    }

    /// The indices of the children meeting `range`.
    fn index_range(&self, range: &Range<usize>) -> (usize, usize) {
        let starts = self.outline.child_starts();
        let first = starts
            .partition_point(|&s| (s as usize) <= range.start)
            .saturating_sub(1);
        let last = starts.partition_point(|&s| (s as usize) < range.end.max(range.start + 1));
        (first, last.max(first))
    }

    /// Child `index` parsed from the text, with its start (`None` for a blank-line run).
    fn parse_child(&self, index: usize, cache: &mut TokenCache) -> Option<(SyntaxNode, usize)> {
        if self.outline.is_blank(index) {
            return None;
        }
        let child = self.outline.child_range(index)?;
        let text = TextSource::slice(&self.rope, child.into());
        let (node, _) = parse_chunk(&text, cache);
        Some((SyntaxNode::new_root(node), usize::from(child.start())))
    }
}

impl OpenText for Document {
    text_fields!();

    fn replace(&mut self, text: &str) {
        self.load(text, Loading::Parse);
        self.generation += 1;
    }

    fn apply_edit(&mut self, range: Range<usize>, text: &str) {
        let first_line = self.rope.byte_to_line(range.start);
        let Range { start, end } = range.clone();
        splice_rope(&mut self.rope, range, text);
        if first_line < seams::EXPORT_HEAD_LINES {
            let head = head_of(&self.rope);
            // Whether `% EXPORT` is declared is all that the head decides; when that changes,
            // every game is checked again.
            if seams::declares_export(&head) != seams::declares_export(&self.head) {
                self.invalidate();
            }
            self.head = head;
        }
        // The games the edit reparses are the ones asked about next: keep a few of their trees.
        let mut parsed: Vec<(usize, GreenNode)> = Vec::new();
        let splice =
            self.outline
                .apply_edit_with(start..end, text.len(), &self.rope, |index, chunk| {
                    if parsed.len() < TREE_CACHE {
                        parsed.push((index, chunk.node.clone()));
                    }
                });
        let fresh: Vec<PbnChild> = splice
            .new_range()
            .map(|index| self.fresh_child(index))
            .collect();
        self.games.replace(splice.removed.clone(), fresh);
        for (index, node) in parsed {
            if let Some(id) = self.games.key(index).map(|child| child.id) {
                self.remember_tree(id, node);
            }
        }
        if text.contains('#') && !self.uses_inheritance {
            // From now on every game's diagnostics depend on the games before it.
            self.uses_inheritance = true;
            self.games.forget_states();
        }
        if self.uses_inheritance {
            self.settle_inheritance();
        }
        self.generation += 1;
    }

    fn invalidate(&mut self) {
        Document::invalidate(self)
    }

    fn invalidate_double_dummy(&mut self) {
        Document::invalidate_double_dummy(self)
    }

    fn board_at(&mut self, offset: usize) -> Option<BoardModel> {
        Document::board_at(self, offset)
    }

    fn deal_to_solve(&mut self, offset: usize) -> Option<crate::bridge::Deal> {
        let (node, _) = self.chunk_at(offset)?;
        crate::model::board::lower(&node)
            .map
            .hands
            .filter(|d| d.is_complete())
    }

    fn diagnostics(&mut self, client: ClientTerms<'_>) -> Published {
        self.refresh(client.settings, client.encoding);
        self.published(client.settings, client.encoding)
    }

    fn check_some(&mut self, client: ClientTerms<'_>, games: usize) -> usize {
        Document::check_some(self, client.settings, client.encoding, games)
    }

    fn diagnostics_in(&mut self, from: usize, to: usize, client: ClientTerms<'_>) -> Vec<Fixable> {
        // Only the games the range meets are brought up to date: the code actions of the lines
        // on screen did not wait for the rest of a large file opened unchecked (3 s in the
        // browser, with the outline asked behind them).
        let first = self.outline.child_index_at(from as u32).unwrap_or(0);
        let last = self.outline.child_index_at(to as u32).unwrap_or(0);
        let within = first..last.saturating_add(1);
        self.check_within(within, client.settings, client.encoding, usize::MAX);
        Document::diagnostics_in(self, from..to, client.settings, client.encoding)
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

    fn hover(&mut self, offset: usize) -> Option<Placed<ide::Hover>> {
        let (node, start) = self.chunk_at(offset)?;
        let relative = TextSize::from((offset - start) as u32);
        Some((ide::hover(&node, relative)?, start))
    }

    fn completions(&mut self, offset: usize) -> Option<Placed<Vec<ide::Completion>>> {
        let (node, start) = self.chunk_at(offset)?;
        let items = ide::completions(&node, TextSize::from((offset - start) as u32));
        Some((items, start))
    }

    fn symbols(&mut self) -> Job<Vec<Placed<ide::Symbol>>> {
        let snapshot = self.snapshot();
        Box::new(move || {
            let all = 0..snapshot.rope.len_bytes();
            let per_game = snapshot.map_chunks(all, &|node, start| {
                ide::game_symbol(&node).map(|found| (found, start))
            });
            per_game.into_iter().flatten().collect()
        })
    }

    fn lsp_symbols(&mut self, encoding: PositionEncoding) -> Option<Job<Vec<lsp::DocumentSymbol>>> {
        let pieces = self.checked_pieces();
        Some(Box::new(move || {
            // The outline of many games leaves their sections out (OpenDocument::symbols).
            let detailed = pieces.pieces.len() <= crate::lsp::document::OUTLINE_DETAIL_GAMES;
            let rope = &pieces.snapshot.rope;
            pieces.map(
                |kept| &kept.symbol,
                |kept| kept.detailed || !detailed,
                |node, at| kept_symbol(&node, rope, (at.start, at.line), detailed, encoding),
                // An editor asks for the folds with the outline: the game is parsed once
                // for both (a 20,000-game file's first outline and folds took 0.39 and
                // 0.36 s, each parsing every game).
                |kept, node| {
                    kept.folds.get_or_init(|| ide::folding_ranges(node));
                },
                |kept, at| {
                    let symbol = kept.symbol.as_ref()?;
                    Some(convert::symbol_lines_down(symbol, at.line))
                },
            )
        }))
    }

    fn folding_ranges(&mut self) -> Job<Vec<Placed<(TextRange, ide::FoldKind)>>> {
        let pieces = self.checked_pieces();
        Box::new(move || {
            let per_piece = pieces.map(
                |kept| &kept.folds,
                |_| true,
                |node, _| ide::folding_ranges(&node),
                |_, _| {},
                |folds, at| {
                    Some(
                        folds
                            .iter()
                            .map(|&fold| (fold, at.start))
                            .collect::<Vec<_>>(),
                    )
                },
            );
            per_piece.into_iter().flatten().collect()
        })
    }

    fn semantic_tokens(
        &mut self,
        range: Option<(usize, usize)>,
    ) -> Job<Vec<(TextRange, ide::SemanticToken)>> {
        let snapshot = self.snapshot();
        Box::new(move || game_tokens(&snapshot, range))
    }

    fn definition(&mut self, offset: usize) -> Option<Placed<TextRange>> {
        let (node, start) = self.chunk_at(offset)?;
        let target = ide::definition(&node, TextSize::from((offset - start) as u32))?;
        Some((target, start))
    }

    fn references(
        &mut self,
        offset: usize,
        include_declaration: bool,
    ) -> Option<Placed<Vec<TextRange>>> {
        let (node, start) = self.chunk_at(offset)?;
        let at = TextSize::from((offset - start) as u32);
        Some((ide::references(&node, at, include_declaration), start))
    }

    fn inlay_hints(&mut self, wanted: RangeInclusive<usize>, more: HintMore<'_>) -> PlacedHints {
        let snapshot = self.snapshot();
        let mut out = Vec::new();
        for (node, start) in snapshot.chunks(*wanted.start()..*wanted.end()) {
            if let Some(game) = Game::cast(node) {
                let model = seams::read_game_for_editor(&game);
                out.push((board_hints(&model, more), start));
            }
        }
        out
    }
}

/// The semantic tokens of the games of a PBN snapshot that meet the byte range `range` (all
/// when `None`), with absolute ranges.
fn game_tokens(
    snapshot: &Snapshot,
    range: Option<(usize, usize)>,
) -> Vec<(TextRange, ide::SemanticToken)> {
    let wanted = range.unwrap_or((0, snapshot.rope.len_bytes()));
    let per_chunk = snapshot.map_chunks(wanted.0..wanted.1, &|node, start| {
        ide::semantic_tokens(&node)
            .into_iter()
            .map(|token| (shifted(token.range, start), token))
            .filter(|(absolute, _)| meets(*absolute, wanted))
            .collect::<Vec<_>>()
    });
    per_chunk.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lsp::document::open_text::test_uri;
    use crate::lsp::position::position_of;
    use crate::lsp::published::PARALLEL_WRITE;
    use crate::syntax::Parse;

    #[test]
    fn edits_keep_rope_and_tree_equal_to_a_full_parse() {
        let text = "[Board \"1\"]\n[West \"Zoë\"]\n\n[Board \"2\"]\n";
        let mut doc = Document::new(test_uri("t.pbn"), text, 1);
        let range = lsp::Range::new(lsp::Position::new(1, 9), lsp::Position::new(1, 10));
        doc.apply_change(Some(range), "é€😀", PositionEncoding::Utf16)
            .unwrap();
        let now = doc.rope.to_string();
        assert_eq!(now, "[Board \"1\"]\n[West \"Zoé€😀\"]\n\n[Board \"2\"]\n");
        assert_eq!(doc.outline, Outline::new(&now));
        let bad = lsp::Range::new(lsp::Position::new(40, 0), lsp::Position::new(1, 0));
        assert!(doc
            .apply_change(Some(bad), "x", PositionEncoding::Utf16)
            .is_err());
        assert_eq!(doc.rope.to_string(), now);
    }

    fn settings() -> Settings {
        Settings::default()
    }

    /// A few games with errors of several kinds, a comment chunk and blank runs.
    const GAMES: &str = "[Event \"a\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
        [Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n\
        [Auction \"N\"]\n1S Pass 2S Pass\nPass Pass\n\n\
        {a comment}\n\n\
        [Event \"b\"]\n[Board \"x\"]\n[Dealer \"Q\"]\n[Contract \"8S\"]\n\n\n\
        [Event \"c\"\n[Board \"3\"]\n[Auction \"E\"]\n1C 1C\n";

    /// The published diagnostics of `doc`, made comparable.
    fn published(doc: &mut Document) -> Vec<String> {
        let settings = settings();
        doc.refresh(&settings, PositionEncoding::Utf16);
        doc.lsp_diagnostics(&settings, PositionEncoding::Utf16)
            .iter()
            .map(|d| serde_json::to_string(d).unwrap_or_default())
            .collect()
    }

    #[test]
    fn published_diagnostics_are_written_as_their_copies_would_be() {
        // Games below the first line, related locations (P510, N403), a faded N402, and
        // hints; then with the hints hidden, so that some games show only part of theirs.
        let text = format!(
            "{GAMES}\n\n[Event \"d\"]\n[Play \"N\"]\nSA * S2 *\n\n\
             [Event \"e\"]\n[Auction \"N\"]\n1S =1= Pass\n[Note \"1:x\"]\n[Note \"1:y\"]\n[Note \"2:z\"]\n\n\
             [Event \"f\"]\n[Scori \"x\"]\n[Auction \"N\"]\n1S 1C\n"
        );
        let mut doc = opened(&text);
        let mut warnings = settings();
        warnings.min_severity = crate::diagnostic::Severity::Warning;
        for (settings, partial) in [(settings(), false), (warnings, true)] {
            doc.refresh(&settings, PositionEncoding::Utf16);
            let published = doc.published(&settings, PositionEncoding::Utf16);
            let filtered = |part: &Part| matches!(part, Part::Cached { only: Some(_), .. });
            assert_eq!(published.parts.iter().any(filtered), partial);
            let written = serde_json::to_value(&published).unwrap_or_default();
            let len: usize = published.parts.iter().map(Part::len).sum();
            let copies = published.into_vec();
            assert_eq!(copies.len(), len);
            assert_eq!(written, serde_json::to_value(&copies).unwrap_or_default());
            let lines: Vec<u32> = copies.iter().map(|d| d.range.start.line).collect();
            assert!(lines.iter().any(|&line| line > 20), "{lines:?}");
            let related = copies.iter().filter(|d| d.related_information.is_some());
            assert!(related.count() >= 2, "{copies:#?}");
        }
        assert!(doc
            .lsp_diagnostics(&settings(), PositionEncoding::Utf16)
            .iter()
            .any(|d| d.tags.is_some()));
    }

    #[test]
    fn the_diagnostics_of_many_games_written_on_every_core_are_those_of_one_moved_down() {
        let settings = settings();
        // Few diagnostics (written on one thread), then thousands (written in slices).
        let copy = format!("{GAMES}\n\n");
        let lines = copy.matches('\n').count() as u32;
        let mut one = Vec::new();
        for copies in [1, 600] {
            let mut doc = opened(&copy.repeat(copies));
            doc.refresh(&settings, PositionEncoding::Utf16);
            let published = doc.published(&settings, PositionEncoding::Utf16);
            let count: usize = published.parts.iter().map(Part::len).sum();
            assert_eq!(count >= PARALLEL_WRITE, copies > 1, "{count} diagnostics");
            let written = published.to_json().unwrap_or_default();
            assert_eq!(written, serde_json::to_vec(&published).unwrap_or_default());
            // Each copy's diagnostics are the first copy's, moved down to it.
            let all = published.into_vec();
            if copies == 1 {
                one = all;
                continue;
            }
            assert_eq!(all.len(), one.len() * copies);
            for (k, chunk) in all.chunks(one.len()).enumerate() {
                for (d, first) in chunk.iter().zip(&one) {
                    let moved = convert::lines_down(first.range, k as u32 * lines);
                    assert_eq!((d.range, &d.message), (moved, &first.message));
                }
            }
        }
        let empty = Published::default().to_json().unwrap_or_default();
        assert_eq!(empty, b"[]");
    }

    #[test]
    fn a_large_files_outline_read_on_opening_is_the_one_read_when_asked() {
        // Games of every kind, one after a comment on its line, one with CRLF line ends, one
        // whose names are wider in UTF-16 than in characters.
        let unit = format!(
            "{GAMES}\n{{c}} [Board \"7\"]\n\n[Event \"d\"]\r\n[Board \"8\"]\r\n\r\n\
             [Event \"é😀\"]\n[Board \"😀9\"]\n[Contract \"3NT\"]\n\n"
        );
        let text = unit.repeat(OUTLINE_AT_OPEN.start / unit.len() + 1);
        let mut at_open = opened(&text);
        let kept = at_open
            .games
            .children()
            .filter(|(c, _)| c.outline.get().is_some())
            .count();
        let games = at_open.games.children().filter(|(c, _)| !c.blank).count();
        assert!(kept > games / 2, "{kept} of {games} kept on opening");
        let mut when_asked = Document::new(test_uri("t.pbn"), &text, 1);
        when_asked.refresh(&settings(), PositionEncoding::Utf16);
        assert!(when_asked
            .games
            .children()
            .all(|(c, _)| c.outline.get().is_none()));
        let outline =
            |doc: &mut Document| doc.lsp_symbols(PositionEncoding::Utf16).map(|job| job());
        let folds = |doc: &mut Document| doc.folding_ranges()();
        assert_eq!(outline(&mut at_open), outline(&mut when_asked));
        assert_eq!(folds(&mut at_open), folds(&mut when_asked));
        // Both again, each now from what it kept.
        assert_eq!(outline(&mut at_open), outline(&mut when_asked));
        assert_eq!(folds(&mut at_open), folds(&mut when_asked));
    }

    #[test]
    fn a_large_file_opened_unchecked_then_checked_in_parts_is_the_file_checked_on_opening() {
        let unit = format!("{GAMES}\n[Board \"7\"]\n[Deal \"N:AKQ\"]\n\n");
        let text = unit.repeat(OUTLINE_AT_OPEN.start / unit.len() + 1);
        let checked = opened(&text);
        let mut unchecked =
            Document::open_unchecked(test_uri("t.pbn"), &text, 1, PositionEncoding::Utf16);
        assert!(unchecked
            .games
            .children()
            .all(|(c, f)| c.blank || f.is_none()));
        let outline =
            |doc: &mut Document| doc.lsp_symbols(PositionEncoding::Utf16).map(|job| job());
        assert_eq!(outline(&mut unchecked), outline(&mut opened(&text)));
        let games = checked.games.children().filter(|(c, _)| !c.blank).count();
        // The code actions of the first game's lines check that game only.
        let terms = settings();
        let client = ClientTerms {
            settings: &terms,
            encoding: PositionEncoding::Utf16,
        };
        let lines = |doc: &mut Document| {
            let found = OpenText::diagnostics_in(doc, 0, 40, client);
            found.into_iter().map(|(_, lsp)| lsp).collect::<Vec<_>>()
        };
        let mut checked_copy = opened(&text);
        assert_eq!(lines(&mut unchecked), lines(&mut checked_copy));
        let checked_now = |doc: &Document| {
            doc.games
                .children()
                .filter(|(c, f)| !c.blank && f.is_some())
                .count()
        };
        assert_eq!(checked_now(&unchecked), 1);
        let mut left = Vec::new();
        loop {
            let now = unchecked.check_some(&settings(), PositionEncoding::Utf16, games.div_ceil(3));
            left.push(now);
            if now == 0 {
                break;
            }
        }
        assert_eq!(left.len(), 3, "checked in three parts: {left:?}");
        assert_eq!(left[0], games - 1 - games.div_ceil(3));
        assert_eq!(
            unchecked.lsp_diagnostics(&settings(), PositionEncoding::Utf16),
            checked.lsp_diagnostics(&settings(), PositionEncoding::Utf16)
        );
        assert!(!checked
            .lsp_diagnostics(&settings(), PositionEncoding::Utf16)
            .is_empty());
    }

    fn opened(text: &str) -> Document {
        Document::open(
            test_uri("t.pbn"),
            text,
            1,
            &settings(),
            PositionEncoding::Utf16,
        )
    }

    /// A deterministic pseudo-random number below `n`.
    fn below(seed: &mut u64, n: usize) -> usize {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        (*seed % n.max(1) as u64) as usize
    }

    /// The nearest place at or before `at` that an LSP position can name: a character
    /// boundary, and not between the two bytes of a CRLF (one line break to the protocol).
    fn floor(text: &str, mut at: usize) -> usize {
        while !text.is_char_boundary(at)
            || text[..at].ends_with('\r') && text[at..].starts_with('\n')
        {
            at -= 1;
        }
        at
    }

    /// Checks that the line breaks each child keeps add up to the line the rope puts it on.
    fn assert_lines_counted(doc: &Document) {
        let mut line = 0;
        for (index, (child, _)) in doc.games.children().enumerate() {
            let start = doc.outline.child_starts()[index] as usize;
            assert_eq!(
                line,
                doc.rope.byte_to_line(start),
                "child {index} of {doc:?}"
            );
            line += child.line_breaks as usize;
        }
        assert_eq!(line, doc.rope.len_lines() - 1);
    }

    type OutlineAndFolds = (
        Vec<lsp::DocumentSymbol>,
        Vec<Placed<(TextRange, ide::FoldKind)>>,
    );

    /// What the outline and folding jobs of `doc` give.
    fn outline_and_folds(doc: &mut Document) -> OutlineAndFolds {
        let symbols = doc.lsp_symbols(PositionEncoding::Utf16).unwrap();
        (symbols(), OpenText::folding_ranges(doc)())
    }

    /// The outline and folds of `text` read from its full parse, game by game.
    fn parsed_outline(text: &str) -> OutlineAndFolds {
        let full = Parse::new(text);
        let rope = Rope::from_str(text);
        let mut symbols = Vec::new();
        let mut folds = Vec::new();
        for (index, child) in full.children().iter().enumerate() {
            let Some(node) = child.as_node() else {
                continue;
            };
            let start = full.child_starts()[index] as usize;
            let node = SyntaxNode::new_root(node.clone());
            symbols.extend(
                ide::game_symbol(&node)
                    .map(|found| convert::symbol(&rope, &found, start, PositionEncoding::Utf16)),
            );
            folds.extend(ide::folding_ranges(&node).into_iter().map(|f| (f, start)));
        }
        (symbols, folds)
    }

    /// Edits `doc` and a plain copy of its text at random and checks, after each edit, that the
    /// outline, the diagnostics and the trees handed to features equal those of a document
    /// opened with the new text.
    fn random_edits_match_fresh_documents(text: &str, seed: u64) {
        const INSERTS: &[&str] = &[
            "\n",
            "\n\n",
            "x",
            "\"",
            "[",
            "]",
            "{",
            "}",
            "#",
            "\"#\"",
            "[Board \"7\"]\n",
            " ",
            "é",
            "[Event \"#\"]\n",
            "Pass ",
            "1NT ",
            "\r",
            "\r\n",
        ];
        let mut seed = seed;
        let mut doc = opened(text);
        let mut text = text.to_string();
        for _ in 0..120 {
            let len = text.len();
            let start = floor(&text, below(&mut seed, len + 1));
            let end = floor(&text, (start + below(&mut seed, 6)).min(len));
            let insert = INSERTS[below(&mut seed, INSERTS.len())];
            let range = lsp::Range::new(
                position_of(&doc.rope, start, PositionEncoding::Utf16),
                position_of(&doc.rope, end, PositionEncoding::Utf16),
            );
            doc.apply_change(Some(range), insert, PositionEncoding::Utf16)
                .unwrap();
            text.replace_range(start..end, insert);
            assert_eq!(doc.rope.to_string(), text);
            assert_eq!(doc.outline, Outline::new(&text), "{text:?}");
            assert_lines_counted(&doc);
            let mut fresh = opened(&text);
            assert_lines_counted(&fresh);
            // The board under a place, with what earlier games hand down, is known before the
            // diagnostics are brought up to date.
            let at = below(&mut seed, text.len() + 1);
            let board = |doc: &mut Document| format!("{:?}", doc.board_at(at));
            assert_eq!(board(&mut doc), board(&mut fresh), "{text:?} at {at}");
            // The outline and folds, from the cache where it is fresh and from the text where
            // an edit left it without findings, are those of the full parse, before the
            // diagnostics are brought up to date and after.
            let parsed = parsed_outline(&text);
            assert_eq!(outline_and_folds(&mut doc), parsed, "{text:?}");
            assert_eq!(published(&mut doc), published(&mut fresh), "{text:?}");
            assert_eq!(outline_and_folds(&mut doc), parsed, "{text:?}");
            // A feature's tree (cached or parsed again) is the full parse's.
            let full = Parse::new(&text);
            let ours = doc.chunk_at(at).map(|(n, s)| (n.green().into_owned(), s));
            let theirs = full
                .chunk_at(at as u32)
                .map(|(n, s)| (n.green().into_owned(), s as usize));
            assert_eq!(ours, theirs, "{text:?} at {at}");
        }
    }

    #[test]
    fn edited_documents_publish_what_freshly_opened_ones_do() {
        random_edits_match_fresh_documents(GAMES, 0x2545_F491_4F6C_DD1D);
        random_edits_match_fresh_documents(&GAMES.repeat(3), 0x9E37_79B9_7F4A_7C15);
    }

    #[test]
    fn inheritance_is_followed_through_edits() {
        let text = "[Event \"Cup\"]\n[Board \"1\"]\n\n[Event \"#\"]\n[Board \"2\"]\n\n\
            [Event \"#\"]\n[Board \"3\"]\n";
        random_edits_match_fresh_documents(text, 0xDEAD_BEEF_CAFE_F00D);
        // Without any `#` at first, typing one switches inheritance on.
        random_edits_match_fresh_documents("[Event \"x\"]\n\n[Event \"y\"]\n", 77);
    }

    #[test]
    fn opening_checks_while_parsing_like_a_later_refresh() {
        // Few games, and enough that a refresh checks them on every core; without and with
        // inheritance (then each game is checked with what the games before it hand down).
        let inheriting = format!("{GAMES}\n\n[Event \"#\"]\n[Board \"#\"]\n[Dealer \"Q\"]\n\n");
        for (copy, copies) in [(GAMES, 50), (GAMES, 800), (inheriting.as_str(), 600)] {
            let text = copy.repeat(copies);
            let mut lazy = Document::new(test_uri("t.pbn"), &text, 1);
            let mut eager = opened(&text);
            let published_eager = published(&mut eager);
            assert!(!published_eager.is_empty());
            assert_eq!(published(&mut lazy), published_eager);
            assert_eq!(lazy.games.last_checked >= PARALLEL_GAMES, copies > 50);
            // After a settings change everything is checked again, with the same result.
            eager.invalidate();
            assert_eq!(published(&mut eager), published_eager);
            assert_eq!(eager.games.last_checked, lazy.games.last_checked);
        }
    }

    #[test]
    fn snapshot_chunks_are_the_full_parse_chunks() {
        let text = GAMES.repeat(2);
        let doc = opened(&text);
        let full = Parse::new(&text);
        let snapshot = doc.snapshot();
        let ours: Vec<_> = snapshot
            .chunks(0..text.len())
            .map(|(n, s)| (n.green().into_owned(), s))
            .collect();
        let theirs: Vec<_> = (0..full.children().len())
            .filter_map(|i| {
                let node = full.children()[i].as_node()?.clone();
                Some((node, full.child_starts()[i] as usize))
            })
            .collect();
        assert_eq!(ours, theirs);
        assert_eq!(snapshot.chunks(3..4).count(), 1);
        // Mapped in parallel (enough chunks for that), in text order all the same.
        let many = GAMES.repeat(PARALLEL_GAMES / 2);
        let doc = opened(&many);
        let snapshot = doc.snapshot();
        let mapped = snapshot.map_chunks(0..many.len(), &|node, start| {
            (node.green().into_owned(), start)
        });
        let walked: Vec<_> = snapshot
            .chunks(0..many.len())
            .map(|(n, s)| (n.green().into_owned(), s))
            .collect();
        assert!(walked.len() >= PARALLEL_GAMES);
        assert_eq!(mapped, walked);
    }
}
