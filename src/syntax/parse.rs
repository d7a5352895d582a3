//! A parsed file, and keeping it current under edits.
//!
//! The file node's children (games, comment-only chunks and runs of blank lines) are kept in a
//! vector with their offsets rather than only inside a rowan root: an edit then replaces the few
//! children it touches in place, without cloning the hundreds of thousands of others (rowan's
//! `splice_children` copies them all, several milliseconds on a 100,000-game file). The `FILE`
//! green node is assembled from the vector when someone asks for the whole tree.

use std::borrow::Cow;
use std::ops::Range;
use std::sync::OnceLock;

use rowan::{GreenNode, GreenToken, NodeOrToken};

use super::builder::TokenCache;

use super::parser::parse_chunk;
use super::split::{Piece, Splitter};
use super::{SyntaxError, SyntaxKind, SyntaxNode, TextRange, TextSize};

/// A child of the file node: a game or comment chunk (node) or a run of blank lines (token).
pub type GreenElement = NodeOrToken<GreenNode, GreenToken>;

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

/// The syntax tree of a whole file and its syntax errors.
#[derive(Debug, Clone)]
pub struct Parse {
    children: Vec<GreenElement>,
    starts: Vec<u32>,
    len: u32,
    errors: Vec<SyntaxError>,
    root: OnceLock<GreenNode>,
}

impl PartialEq for Parse {
    fn eq(&self, other: &Parse) -> bool {
        self.children == other.children
            && self.starts == other.starts
            && self.len == other.len
            && self.errors == other.errors
    }
}

impl Eq for Parse {}

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

impl Parse {
    /// Parses a whole text (on several threads when it is large).
    ///
    /// Texts of 4 GiB or more cannot be represented (offsets are 32-bit); the caller refuses them
    /// when reading files. Here they are cut at the limit rather than panicking.
    pub fn new(text: &str) -> Parse {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        Parse::with_threads(text, threads)
    }

    /// Parses a whole text using at most `threads` threads (1 parses on the calling thread).
    pub fn with_threads(text: &str, threads: usize) -> Parse {
        let text = clip(text);
        let (pieces, parsed): (Vec<Piece>, Vec<ParsedPiece>) =
            if threads > 1 && text.len() >= PARALLEL_THRESHOLD {
                parse_parallel(text, threads)
            } else {
                let pieces = Splitter::all(text);
                let mut cache = TokenCache::default();
                let parsed = pieces
                    .iter()
                    .map(|piece| parse_piece(text, piece, &mut cache))
                    .collect();
                (pieces, parsed)
            };
        let mut parse = Parse {
            children: Vec::with_capacity(parsed.len()),
            starts: Vec::with_capacity(parsed.len()),
            len: text.len() as u32,
            errors: Vec::new(),
            root: OnceLock::new(),
        };
        for (piece, (element, errors)) in pieces.iter().zip(parsed) {
            let start = piece.range().start as u32;
            parse.children.push(element);
            parse.starts.push(start);
            parse.errors.extend(errors.into_iter().map(|mut e| {
                shift(&mut e, start);
                e
            }));
        }
        parse
    }

    /// The file node's children: games, comment chunks and blank-line runs, in order.
    pub fn children(&self) -> &[GreenElement] {
        &self.children
    }

    /// The start offset of each child.
    pub fn child_starts(&self) -> &[u32] {
        &self.starts
    }

    /// The byte range of child `index`.
    pub fn child_range(&self, index: usize) -> Option<TextRange> {
        let start = *self.starts.get(index)?;
        let end = self.starts.get(index + 1).copied().unwrap_or(self.len);
        Some(TextRange::new(start.into(), end.into()))
    }

    /// The index of the child containing `offset` (the last child for the end of the text).
    pub fn child_index_at(&self, offset: u32) -> Option<usize> {
        if self.children.is_empty() {
            return None;
        }
        Some(
            self.starts
                .partition_point(|&s| s <= offset)
                .saturating_sub(1),
        )
    }

    /// The child containing `offset` as a red node rooted at its own start, with that start.
    pub fn chunk_at(&self, offset: u32) -> Option<(SyntaxNode, u32)> {
        let index = self.child_index_at(offset)?;
        match &self.children[index] {
            NodeOrToken::Node(node) => {
                Some((SyntaxNode::new_root(node.clone()), self.starts[index]))
            }
            NodeOrToken::Token(_) => None,
        }
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

    /// The `FILE` green node (assembled on first use).
    pub fn green(&self) -> GreenNode {
        self.root
            .get_or_init(|| GreenNode::new(SyntaxKind::FILE.into(), self.children.iter().cloned()))
            .clone()
    }

    /// The root of the tree.
    pub fn syntax(&self) -> SyntaxNode {
        SyntaxNode::new_root(self.green())
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
        let old_len = self.len as usize;
        let consistent = old_range.start <= old_range.end
            && old_range.end <= old_len
            && old_len - (old_range.end - old_range.start) + inserted_len == new_text.len()
            && new_text.len() < u32::MAX as usize;
        if !consistent || self.children.is_empty() {
            *self = Parse::new(&new_text.slice(0..new_text.len()));
            return;
        }
        let delta = inserted_len as i64 - (old_range.end - old_range.start) as i64;
        let new_len = new_text.len();
        let n = self.children.len();
        // Start at the child holding the edit; the checks below step back when the edit changes
        // how the previous child ends (a blank line that is no longer blank, say).
        let mut first = self.child_index_at(old_range.start as u32).unwrap_or(0);
        // The first old child starting after the edit (the region always ends past it).
        let mut last = self
            .starts
            .partition_point(|&s| s as usize <= old_range.end);

        let (region_start, region_text_pieces) = loop {
            let region_start = self.starts[first] as usize;
            let region_end = if last >= n {
                new_len
            } else {
                (self.starts[last] as i64 + delta) as usize
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
                let before_is_blank = self.is_blank(first - 1);
                let starts_crlf_split = text.starts_with('\n')
                    && new_text.slice(region_start - 1..region_start) == "\r";
                !starts_crlf_split
                    && match pieces.first() {
                        Some(piece) => piece.is_blank() != before_is_blank,
                        None => last >= n || self.is_blank(last) != before_is_blank,
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
                let after_is_blank = self.is_blank(last);
                let last_is_blank = match pieces.last() {
                    Some(piece) => piece.is_blank(),
                    None => first == 0 || self.is_blank(first - 1),
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
            break (region_start, (text.into_owned(), pieces));
        };

        let (text, pieces) = region_text_pieces;
        let mut cache = TokenCache::default();
        let old_region_end = if last >= n {
            self.len
        } else {
            self.starts[last]
        };
        let mut new_children = Vec::with_capacity(pieces.len());
        let mut new_starts = Vec::with_capacity(pieces.len());
        let mut new_errors = Vec::new();
        for piece in &pieces {
            let (element, errors) = parse_piece(&text, piece, &mut cache);
            let start = (region_start + piece.range().start) as u32;
            new_children.push(element);
            new_starts.push(start);
            new_errors.extend(errors.into_iter().map(|mut e| {
                shift(&mut e, start);
                e
            }));
        }
        self.children.splice(first..last, new_children);
        self.starts.splice(first..last, new_starts.iter().copied());
        let shifted_from = first + new_starts.len();
        for start in &mut self.starts[shifted_from..] {
            *start = (*start as i64 + delta) as u32;
        }

        let region_start = region_start as u32;
        let lo = self
            .errors
            .partition_point(|e| u32::from(e.range.start()) < region_start);
        let hi = self
            .errors
            .partition_point(|e| u32::from(e.range.start()) < old_region_end);
        for error in &mut self.errors[hi..] {
            let start = (u32::from(error.range.start()) as i64 + delta) as u32;
            let end = (u32::from(error.range.end()) as i64 + delta) as u32;
            error.range = TextRange::new(start.into(), end.into());
        }
        self.errors.splice(lo..hi, new_errors);
        self.len = new_len as u32;
        self.root = OnceLock::new();
    }

    fn is_blank(&self, index: usize) -> bool {
        matches!(&self.children[index], NodeOrToken::Token(_))
    }
}

/// Pieces per job of the parallel parse.
const PIECES_PER_JOB: usize = 64;

/// Splits and parses `text` on `threads` threads. Workers take runs of pieces from a shared
/// splitter, so splitting overlaps with parsing instead of preceding it.
fn parse_parallel(text: &str, threads: usize) -> (Vec<Piece>, Vec<ParsedPiece>) {
    type Job = (usize, Vec<Piece>, Vec<ParsedPiece>);
    let splitter = std::sync::Mutex::new((Splitter::new(text.as_bytes(), 0), 0usize));
    let done: std::sync::Mutex<Vec<Job>> = std::sync::Mutex::new(Vec::new());
    let work = || {
        let mut cache = TokenCache::default();
        loop {
            let (index, job) = {
                let Ok(mut guard) = splitter.lock() else {
                    return;
                };
                let (splitter, next) = &mut *guard;
                let mut job = Vec::with_capacity(PIECES_PER_JOB);
                while job.len() < PIECES_PER_JOB {
                    match splitter.next_piece() {
                        Some(piece) => job.push(piece),
                        None => break,
                    }
                }
                *next += 1;
                (*next - 1, job)
            };
            if job.is_empty() {
                return;
            }
            let parsed = job
                .iter()
                .map(|piece| parse_piece(text, piece, &mut cache))
                .collect();
            if let Ok(mut done) = done.lock() {
                done.push((index, job, parsed));
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(work);
        }
        work();
    });
    // A worker cannot panic on any input (and `scope` would pass a panic on), so every job
    // is here exactly once; sorting puts them back in text order.
    let mut done = done.into_inner().unwrap_or_default();
    done.sort_unstable_by_key(|(index, _, _)| *index);
    let count = done.iter().map(|(_, job, _)| job.len()).sum();
    let mut pieces = Vec::with_capacity(count);
    let mut parsed = Vec::with_capacity(count);
    for (_, job, results) in done {
        pieces.extend(job);
        parsed.extend(results);
    }
    (pieces, parsed)
}

/// `text` cut to less than 4 GiB at a character boundary.
fn clip(text: &str) -> &str {
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
