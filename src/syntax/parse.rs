//! A parsed file, and keeping it current under edits.
//!
//! The file node's children (games, comment-only chunks and runs of blank lines) are kept in a
//! vector with their offsets rather than only inside a rowan root: an edit then replaces the few
//! children it touches in place, without cloning the hundreds of thousands of others (rowan's
//! `splice_children` copies them all, several milliseconds on a 100,000-game file). The `FILE`
//! green node is assembled from the vector when someone asks for the whole tree.
//!
//! An [`Outline`] is the same top level without the trees: the child boundaries, which
//! children are blank-line runs, and the syntax errors. The incremental reparse needs nothing
//! more, so both share it; the language server keeps an outline and parses a game's text again
//! when it needs that game's tree.

use std::borrow::Cow;
use std::ops::Range;
use std::sync::OnceLock;

use rowan::{GreenNode, GreenToken, NodeOrToken};

use super::builder::TokenCache;
use crate::parallel::pull_jobs;

use super::error::SyntaxError;
use super::kind::{PbnLanguage, SyntaxKind};
use super::parser::parse_chunk;
use super::split::{Piece, Splitter};
use super::top::FileLanguage;
pub use super::top::GreenElement;
use super::top::TopLevel;
use rowan::{TextRange, TextSize};

/// Texts the incremental reparser can read from: a `str`, or an editor's rope.
pub trait TextSource {
    /// The length in bytes.
    fn len(&self) -> usize;
    /// Whether the text is empty.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The text of a byte range (both ends on character boundaries).
    fn slice(&self, range: Range<usize>) -> Cow<'_, str>;
}

impl TextSource for str {
    fn len(&self) -> usize {
        str::len(self)
    }
    fn slice(&self, range: Range<usize>) -> Cow<'_, str> {
        Cow::Borrowed(self.get(range).unwrap_or(""))
    }
}

/// Files larger than this are parsed on several threads.
const PARALLEL_THRESHOLD: usize = 1 << 20;

/// The syntax tree of a whole PBN file and its syntax errors.
pub type Parse = TopLevel<PbnLanguage>;

/// One parsed piece: the green element and its errors (relative to the piece).
type ParsedPiece = (GreenElement, Vec<SyntaxError>);

fn parse_piece(text: &str, piece: &Piece, cache: &mut TokenCache) -> ParsedPiece {
    let range = piece.range();
    let piece_text = &text[range];
    match piece {
        Piece::Blank(_) => (
            NodeOrToken::Token(GreenToken::new(SyntaxKind::BLANK_LINES.into(), piece_text)),
            Vec::new(),
        ),
        Piece::Chunk(_) => {
            let (node, errors) = parse_chunk(piece_text, cache);
            (NodeOrToken::Node(node), errors)
        }
    }
}

fn shift(error: &mut SyntaxError, by: u32) {
    error.range += TextSize::from(by);
}

/// Splits `text` and runs `each` on every piece (on several threads when the text is large),
/// giving the pieces and the results in text order.
fn for_each_piece<T: Send>(
    text: &str,
    threads: usize,
    each: &(dyn Fn(&str, &Piece, &mut TokenCache) -> T + Sync),
) -> (Vec<Piece>, Vec<T>) {
    if threads > 1 && text.len() >= PARALLEL_THRESHOLD {
        parse_parallel(text, threads, each)
    } else {
        let pieces = Splitter::all(text);
        let mut cache = TokenCache::default();
        let results = pieces
            .iter()
            .map(|piece| each(text, piece, &mut cache))
            .collect();
        (pieces, results)
    }
}

impl Parse {
    /// Parses a whole text (on several threads when it is large).
    ///
    /// Texts of 4 GiB or more cannot be represented (offsets are 32-bit); the caller refuses them
    /// when reading files. Here they are cut at the limit rather than panicking.
    pub fn new(text: &str) -> Parse {
        Parse::with_threads(text, crate::parallel::available_threads())
    }

    /// Parses a whole text using at most `threads` threads (1 parses on the calling thread).
    pub fn with_threads(text: &str, threads: usize) -> Parse {
        let text = clip(text);
        let (pieces, parsed) = for_each_piece(text, threads, &parse_piece);
        let mut parse = Parse::with_capacity(text.len() as u32, parsed.len());
        for (piece, (element, errors)) in pieces.iter().zip(parsed) {
            let start = piece.range().start as u32;
            let errors = errors
                .into_iter()
                .map(|mut e| {
                    shift(&mut e, start);
                    e
                })
                .collect();
            parse.push(element, start, errors);
        }
        parse
    }

    /// The outline of this parse: the same boundaries, kinds and errors, without the trees.
    pub fn outline(&self) -> Outline {
        Outline {
            starts: self.starts.clone(),
            blank: (0..self.children.len()).map(|i| self.is_blank(i)).collect(),
            len: self.len,
            errors: self.errors.clone(),
        }
    }

    /// Updates the tree after the bytes `old_range` of the old text were replaced by
    /// `inserted_len` bytes; `new_text` is the whole new text.
    ///
    /// Only the chunks the edit touches are relexed and reparsed: from the child holding the
    /// edit, until the new pieces meet an old child boundary past the edit in a state
    /// where the rest of the file must split exactly as before. The result equals
    /// `Parse::new(new_text)`; an inconsistent edit (ranges that do not fit) falls back to that.
    pub fn apply_edit(
        &mut self,
        old_range: Range<usize>,
        inserted_len: usize,
        new_text: &(impl TextSource + ?Sized),
    ) {
        let plan = plan_edit(
            &self.starts,
            &|i| self.is_blank(i),
            self.len,
            old_range,
            inserted_len,
            new_text,
        );
        let Some(plan) = plan else {
            *self = Parse::new(&new_text.slice(0..new_text.len()));
            return;
        };
        let mut cache = TokenCache::default();
        let mut new_children = Vec::with_capacity(plan.pieces.len());
        let mut new_errors = Vec::new();
        for piece in &plan.pieces {
            let (element, errors) = parse_piece(&plan.text, piece, &mut cache);
            let start = (plan.region_start + piece.range().start) as u32;
            new_children.push(element);
            new_errors.extend(errors.into_iter().map(|mut e| {
                shift(&mut e, start);
                e
            }));
        }
        self.children.splice(plan.first..plan.last, new_children);
        plan.splice_offsets(&mut self.starts, &mut self.errors, new_errors);
        self.len = plan.new_len as u32;
        self.root = OnceLock::new();
    }
}

fn child_range(starts: &[u32], len: u32, index: usize) -> Option<TextRange> {
    let start = *starts.get(index)?;
    let end = starts.get(index + 1).copied().unwrap_or(len);
    Some(TextRange::new(start.into(), end.into()))
}

fn child_index_at(starts: &[u32], offset: u32) -> Option<usize> {
    if starts.is_empty() {
        return None;
    }
    Some(starts.partition_point(|&s| s <= offset).saturating_sub(1))
}

/// What an edit did to the children of the file node: the old children `removed` were replaced
/// by `inserted` new ones, which now stand at `removed.start..removed.start + inserted`. The
/// children before are untouched; the children after are the same, shifted by the edit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Splice {
    /// The indices of the old children that were replaced.
    pub removed: Range<usize>,
    /// How many new children took their place.
    pub inserted: usize,
}

impl Splice {
    /// The indices of the new children.
    pub fn new_range(&self) -> Range<usize> {
        self.removed.start..self.removed.start + self.inserted
    }
}

/// A game or comment chunk just parsed, shown to a visitor before its tree is dropped.
#[derive(Debug, Clone, Copy)]
pub struct ParsedChunk<'a> {
    /// The chunk's start in the whole text.
    pub start: u32,
    /// The chunk's text.
    pub text: &'a str,
    /// Its tree (a `GAME` or comment-only chunk node).
    pub node: &'a GreenNode,
    /// Its syntax errors, relative to the chunk's start.
    pub errors: &'a [SyntaxError],
}

/// The top level of a parsed file without its trees: where each child of the file node starts,
/// which children are blank-line runs, and the syntax errors.
///
/// It is what the incremental reparse needs, a few bytes per child instead of the whole tree,
/// and it keeps up with edits exactly like [`Parse`]: after any edit it equals
/// `Outline::new(new_text)`, and it always agrees with `Parse::new(text)`. Whoever needs a
/// chunk's tree parses [`Outline::child_range`] of the text again.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outline {
    starts: Vec<u32>,
    blank: Vec<bool>,
    len: u32,
    errors: Vec<SyntaxError>,
}

impl Outline {
    /// The outline of a whole text (parsed on several threads when it is large).
    pub fn new(text: &str) -> Outline {
        Outline::build(text, crate::parallel::available_threads(), &|_| ()).0
    }

    /// Parses `text` on at most `threads` threads, shows each game or comment chunk to `visit`
    /// as it is parsed (in no particular order when several threads run), and keeps only the
    /// outline. Gives the outline and, for each child, what `visit` returned (`None` for the
    /// blank-line runs).
    pub fn build<T: Send>(
        text: &str,
        threads: usize,
        visit: &(dyn Fn(ParsedChunk<'_>) -> T + Sync),
    ) -> (Outline, Vec<Option<T>>) {
        let text = clip(text);
        let each = |text: &str, piece: &Piece, cache: &mut TokenCache| match piece {
            Piece::Blank(_) => (Vec::new(), None),
            Piece::Chunk(range) => {
                let chunk_text = &text[range.clone()];
                let (node, errors) = parse_chunk(chunk_text, cache);
                let result = visit(ParsedChunk {
                    start: range.start as u32,
                    text: chunk_text,
                    node: &node,
                    errors: &errors,
                });
                (errors, Some(result))
            }
        };
        let (pieces, parsed) = for_each_piece(text, threads, &each);
        let mut outline = Outline {
            starts: Vec::with_capacity(pieces.len()),
            blank: Vec::with_capacity(pieces.len()),
            len: text.len() as u32,
            errors: Vec::new(),
        };
        let mut results = Vec::with_capacity(pieces.len());
        for (piece, (errors, result)) in pieces.iter().zip(parsed) {
            let start = piece.range().start as u32;
            outline.starts.push(start);
            outline.blank.push(piece.is_blank());
            outline.errors.extend(errors.into_iter().map(|mut e| {
                shift(&mut e, start);
                e
            }));
            results.push(result);
        }
        (outline, results)
    }

    /// The number of children (games, comment chunks and blank-line runs).
    pub fn child_count(&self) -> usize {
        self.starts.len()
    }

    /// The start offset of each child.
    pub fn child_starts(&self) -> &[u32] {
        &self.starts
    }

    /// Whether child `index` is a run of blank lines (`false` for a game or comment chunk, and
    /// for an index past the end).
    pub fn is_blank(&self, index: usize) -> bool {
        self.blank.get(index).copied().unwrap_or(false)
    }

    /// The byte range of child `index`.
    pub fn child_range(&self, index: usize) -> Option<TextRange> {
        child_range(&self.starts, self.len, index)
    }

    /// The index of the child containing `offset` (the last child for the end of the text).
    pub fn child_index_at(&self, offset: u32) -> Option<usize> {
        child_index_at(&self.starts, offset)
    }

    /// The length of the text in bytes.
    pub fn len(&self) -> u32 {
        self.len
    }

    /// Whether the text is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The syntax errors, ordered by position.
    pub fn errors(&self) -> &[SyntaxError] {
        &self.errors
    }

    /// The syntax errors inside child `index`.
    pub fn errors_in(&self, index: usize) -> &[SyntaxError] {
        let Some(range) = self.child_range(index) else {
            return &[];
        };
        let lo = self
            .errors
            .partition_point(|e| e.range.start() < range.start());
        let hi = self
            .errors
            .partition_point(|e| e.range.start() < range.end());
        &self.errors[lo..hi]
    }

    /// Follows an edit like [`Parse::apply_edit`] and tells which children it replaced.
    pub fn apply_edit(
        &mut self,
        old_range: Range<usize>,
        inserted_len: usize,
        new_text: &(impl TextSource + ?Sized),
    ) -> Splice {
        self.apply_edit_with(old_range, inserted_len, new_text, |_, _| ())
    }

    /// [`Outline::apply_edit`], showing each new game or comment chunk to `visit` with its new
    /// index as it is parsed.
    pub fn apply_edit_with(
        &mut self,
        old_range: Range<usize>,
        inserted_len: usize,
        new_text: &(impl TextSource + ?Sized),
        mut visit: impl FnMut(usize, ParsedChunk<'_>),
    ) -> Splice {
        let blank = &self.blank;
        let plan = plan_edit(
            &self.starts,
            &|i| blank[i],
            self.len,
            old_range,
            inserted_len,
            new_text,
        );
        let Some(plan) = plan else {
            let removed = 0..self.starts.len();
            let text = new_text.slice(0..new_text.len());
            let text = clip(&text);
            let mut cache = TokenCache::default();
            let pieces = Splitter::all(text);
            let new = Self::reparse(text, 0, &pieces, 0, &mut cache, &mut visit);
            let inserted = new.starts.len();
            *self = new;
            return Splice { removed, inserted };
        };
        let mut cache = TokenCache::default();
        let new = Self::reparse(
            &plan.text,
            plan.region_start,
            &plan.pieces,
            plan.first,
            &mut cache,
            &mut visit,
        );
        self.blank.splice(plan.first..plan.last, new.blank);
        plan.splice_offsets(&mut self.starts, &mut self.errors, new.errors);
        self.len = plan.new_len as u32;
        Splice {
            removed: plan.first..plan.last,
            inserted: plan.pieces.len(),
        }
    }

    /// Parses `pieces` of `text` (which starts at `offset` in the whole text; the first piece
    /// will be child `first_index`): their outline, with absolute starts and errors.
    fn reparse(
        text: &str,
        offset: usize,
        pieces: &[Piece],
        first_index: usize,
        cache: &mut TokenCache,
        visit: &mut impl FnMut(usize, ParsedChunk<'_>),
    ) -> Outline {
        let mut out = Outline {
            starts: Vec::with_capacity(pieces.len()),
            blank: Vec::with_capacity(pieces.len()),
            len: text.len() as u32,
            errors: Vec::new(),
        };
        for (i, piece) in pieces.iter().enumerate() {
            let range = piece.range();
            let start = (offset + range.start) as u32;
            out.starts.push(start);
            out.blank.push(piece.is_blank());
            if let Piece::Chunk(_) = piece {
                let chunk_text = &text[range];
                let (node, errors) = parse_chunk(chunk_text, cache);
                visit(
                    first_index + i,
                    ParsedChunk {
                        start,
                        text: chunk_text,
                        node: &node,
                        errors: &errors,
                    },
                );
                out.errors.extend(errors.into_iter().map(|mut e| {
                    shift(&mut e, start);
                    e
                }));
            }
        }
        out
    }
}

/// How an edit is taken in: old children `first..last` give way to `pieces` of `text`, the new
/// text from `region_start` to the (shifted) start of old child `last`.
struct EditPlan {
    first: usize,
    last: usize,
    region_start: usize,
    text: String,
    pieces: Vec<Piece>,
    old_region_end: u32,
    delta: i64,
    new_len: usize,
}

/// Finds the children an edit replaces and splits the new text there, from the boundaries
/// alone: `starts` and `is_blank` describe the old children, `len` the old text. `None` when the
/// edit does not fit the old text or there are no children (the caller parses everything).
///
/// The region starts at the child holding the edit and ends at an old child boundary past it
/// where the rest of the file must split exactly as before; both ends move outwards until the
/// checks below hold.
fn plan_edit(
    starts: &[u32],
    is_blank: &dyn Fn(usize) -> bool,
    len: u32,
    old_range: Range<usize>,
    inserted_len: usize,
    new_text: &(impl TextSource + ?Sized),
) -> Option<EditPlan> {
    let old_len = len as usize;
    let consistent = old_range.start <= old_range.end
        && old_range.end <= old_len
        && old_len - (old_range.end - old_range.start) + inserted_len == new_text.len()
        && new_text.len() < u32::MAX as usize;
    if !consistent || starts.is_empty() {
        return None;
    }
    let delta = inserted_len as i64 - (old_range.end - old_range.start) as i64;
    let new_len = new_text.len();
    let n = starts.len();
    // Start at the child holding the edit; the checks below step back when the edit changes
    // how the previous child ends (a blank line that is no longer blank, say).
    let mut first = child_index_at(starts, old_range.start as u32).unwrap_or(0);
    // The first old child starting after the edit (the region always ends past it).
    let mut last = starts.partition_point(|&s| s as usize <= old_range.end);

    loop {
        let region_start = starts[first] as usize;
        let region_end = if last >= n {
            new_len
        } else {
            (starts[last] as i64 + delta) as usize
        };
        let text = new_text.slice(region_start..region_end);
        let mut splitter = Splitter::new(text.as_bytes(), 0);
        let mut pieces = Vec::new();
        while let Some(piece) = splitter.next_piece() {
            pieces.push(piece);
        }
        // The region starts at an old child boundary; the child before it is unchanged but
        // its extent depends on the line at the boundary, and an inserted `\n` right after
        // an old `\r` would join them into one line end.
        let start_ok = first == 0 || {
            let before_is_blank = is_blank(first - 1);
            let starts_crlf_split =
                text.starts_with('\n') && new_text.slice(region_start - 1..region_start) == "\r";
            !starts_crlf_split
                && match pieces.first() {
                    Some(piece) => piece.is_blank() != before_is_blank,
                    None => last >= n || is_blank(last) != before_is_blank,
                }
        };
        if !start_ok {
            first -= 1;
            continue;
        }
        // The region ends at an old child boundary past the edit, so its last byte is an
        // unchanged old line end: the rest of the file splits as before as long as no
        // comment is left open and blank runs and chunks still alternate there.
        let end_ok = last >= n || {
            let after_is_blank = is_blank(last);
            let last_is_blank = match pieces.last() {
                Some(piece) => piece.is_blank(),
                None => first == 0 || is_blank(first - 1),
            };
            !splitter.ended_in_comment
                && (last_is_blank != after_is_blank || (pieces.is_empty() && first == 0))
        };
        if !end_ok {
            // Grow geometrically so that an edit swallowing the rest of the file (an
            // unclosed `{`) costs a bounded number of passes.
            last = (last + (last - first).max(1)).min(n);
            continue;
        }
        let old_region_end = if last >= n { len } else { starts[last] };
        return Some(EditPlan {
            first,
            last,
            region_start,
            text: text.into_owned(),
            pieces,
            old_region_end,
            delta,
            new_len,
        });
    }
}

impl EditPlan {
    /// Puts the new pieces' starts and errors (absolute) in place of the old region's, and
    /// shifts everything after it by the edit.
    fn splice_offsets(
        &self,
        starts: &mut Vec<u32>,
        errors: &mut Vec<SyntaxError>,
        new_errors: Vec<SyntaxError>,
    ) {
        let new_starts = self
            .pieces
            .iter()
            .map(|piece| (self.region_start + piece.range().start) as u32);
        starts.splice(self.first..self.last, new_starts);
        let shifted_from = self.first + self.pieces.len();
        for start in &mut starts[shifted_from..] {
            *start = (*start as i64 + self.delta) as u32;
        }

        let region_start = self.region_start as u32;
        let lo = errors.partition_point(|e| u32::from(e.range.start()) < region_start);
        let hi = errors.partition_point(|e| u32::from(e.range.start()) < self.old_region_end);
        for error in &mut errors[hi..] {
            let start = (u32::from(error.range.start()) as i64 + self.delta) as u32;
            let end = (u32::from(error.range.end()) as i64 + self.delta) as u32;
            error.range = TextRange::new(start.into(), end.into());
        }
        errors.splice(lo..hi, new_errors);
    }
}

/// Pieces per job of the parallel parse.
const PIECES_PER_JOB: usize = 64;

/// Splits `text` and runs `each` on its pieces on `threads` threads. Workers take runs of pieces
/// from a shared splitter, so splitting overlaps with parsing instead of preceding it.
fn parse_parallel<T: Send>(
    text: &str,
    threads: usize,
    each: &(dyn Fn(&str, &Piece, &mut TokenCache) -> T + Sync),
) -> (Vec<Piece>, Vec<T>) {
    let mut splitter = Splitter::new(text.as_bytes(), 0);
    let next = move || {
        let job: Vec<Piece> = std::iter::from_fn(|| splitter.next_piece())
            .take(PIECES_PER_JOB)
            .collect();
        (!job.is_empty()).then_some(job)
    };
    let done = pull_jobs(
        threads,
        next,
        TokenCache::default,
        |cache, job: &Vec<Piece>| {
            job.iter()
                .map(|piece| each(text, piece, cache))
                .collect::<Vec<T>>()
        },
    );
    let count = done.iter().map(|(job, _)| job.len()).sum();
    let mut pieces = Vec::with_capacity(count);
    let mut parsed = Vec::with_capacity(count);
    for (job, results) in done {
        pieces.extend(job);
        parsed.extend(results);
    }
    (pieces, parsed)
}

/// `text` cut to less than 4 GiB at a character boundary.
pub(crate) fn clip(text: &str) -> &str {
    let limit = u32::MAX as usize - 1;
    if text.len() <= limit {
        return text;
    }
    let mut end = limit;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

impl FileLanguage for PbnLanguage {
    const FILE: SyntaxKind = SyntaxKind::FILE;
}
