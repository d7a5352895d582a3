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

use std::ops::Range;

use rowan::{GreenNode, GreenToken, NodeOrToken};

use crate::parallel::pull_jobs;
use crate::syntax::builder::TokenCache;

use super::kind::{PbnLanguage, SyntaxKind};
use super::parser::parse_chunk;
use super::split::{Piece, Splitter};
use crate::syntax::error::SyntaxError;
use crate::syntax::top::clip;
use crate::syntax::top::{plan_edit, FileLanguage, TopGrammar};
use crate::syntax::top::{ChildSpans, TopLevel};
pub use crate::syntax::top::{GreenElement, TextSource};

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
    /// Parses a whole text using at most `threads` threads (1 parses on the calling thread).
    pub fn with_threads(text: &str, threads: usize) -> Parse {
        let text = clip(text);
        let (pieces, parsed) = for_each_piece(text, threads, &parse_piece);
        let mut parse = Parse::with_capacity(text.len() as u32, parsed.len());
        for (piece, (element, errors)) in pieces.iter().zip(parsed) {
            parse.push(element, piece.range().start as u32, errors);
        }
        parse
    }

    /// The outline of this parse: the same boundaries, kinds and errors, without the trees.
    pub fn outline(&self) -> Outline {
        Outline {
            spans: self.spans.clone(),
            blank: (0..self.children.len()).map(|i| self.is_blank(i)).collect(),
        }
    }
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
/// chunk's tree parses `Outline::child_range` of the text again.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outline {
    spans: ChildSpans,
    blank: Vec<bool>,
}

impl std::ops::Deref for Outline {
    type Target = ChildSpans;

    fn deref(&self) -> &ChildSpans {
        &self.spans
    }
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
            spans: ChildSpans::with_capacity(text.len() as u32, pieces.len()),
            blank: Vec::with_capacity(pieces.len()),
        };
        let mut results = Vec::with_capacity(pieces.len());
        for (piece, (errors, result)) in pieces.iter().zip(parsed) {
            let start = piece.range().start as u32;
            outline.spans.push(start, errors);
            outline.blank.push(piece.is_blank());
            results.push(result);
        }
        (outline, results)
    }

    /// Whether child `index` is a run of blank lines (`false` for a game or comment chunk, and
    /// for an index past the end).
    pub fn is_blank(&self, index: usize) -> bool {
        self.blank.get(index).copied().unwrap_or(false)
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
        let plan = plan_edit::<PbnLanguage>(
            &self.spans,
            &|i| blank[i],
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
            let inserted = new.child_count();
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
        self.spans
            .splice(&plan, new.spans.starts.into_iter(), new.spans.errors);
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
            spans: ChildSpans::with_capacity(text.len() as u32, pieces.len()),
            blank: Vec::with_capacity(pieces.len()),
        };
        for (i, piece) in pieces.iter().enumerate() {
            let range = piece.range();
            let start = (offset + range.start) as u32;
            out.blank.push(piece.is_blank());
            let Piece::Chunk(_) = piece else {
                out.spans.push(start, []);
                continue;
            };
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
            out.spans.push(start, errors);
        }
        out
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
    let mut splitter = Splitter::new(text, 0);
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

impl FileLanguage for PbnLanguage {
    const FILE: SyntaxKind = SyntaxKind::FILE;
}

impl TopGrammar for PbnLanguage {
    type Piece = Piece;
    type Cache = TokenCache;
    const BLANK_RUNS: bool = true;

    fn split(text: &str) -> (Vec<Piece>, bool) {
        let mut splitter = Splitter::new(text, 0);
        let pieces = std::iter::from_fn(|| splitter.next_piece()).collect();
        (pieces, splitter.ended_in_comment)
    }

    fn range(piece: &Piece) -> Range<usize> {
        piece.range()
    }

    fn is_blank(piece: &Piece) -> bool {
        piece.is_blank()
    }

    fn build(
        text: &str,
        piece: &Piece,
        cache: &mut TokenCache,
    ) -> (GreenElement, Vec<SyntaxError>) {
        parse_piece(text, piece, cache)
    }

    /// On several threads when the text is large. Texts of 4 GiB or more cannot be represented
    /// (offsets are 32-bit); the caller refuses them when reading files. Here they are cut at the
    /// limit rather than panicking.
    fn parse_whole(text: &str) -> Parse {
        Parse::with_threads(text, crate::parallel::available_threads())
    }
}
