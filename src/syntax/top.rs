//! The top level of a parsed file, for every notation: the file node's children (games,
//! records, comment chunks, blank-line runs) kept in a vector with their start offsets, the
//! text's length and the syntax errors. The `FILE` green node is assembled only when asked for,
//! so an edit replaces entries in place instead of rebuilding a root with 200,000 children.
//!
//! [`crate::syntax::Parse`] (PBN) and [`crate::syntax::rbn::RbnParse`] are this type for their
//! language; each adds how it is built and how it follows an edit.

use std::borrow::Cow;
use std::marker::PhantomData;
use std::ops::Range;
use std::sync::OnceLock;

use super::error::SyntaxError;
use rowan::{GreenNode, GreenToken, NodeOrToken, TextRange, TextSize};

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

/// A rowan language whose trees have a file node.
pub trait FileLanguage: rowan::Language {
    /// The kind of the file node.
    const FILE: Self::Kind;
}

/// Where each child of a file's top level starts, the text's length and the syntax errors
/// (absolute, ordered by position): what a parse ([`TopLevel`]) and an outline
/// ([`crate::syntax::Outline`]) both keep, and what the incremental reparse plans an edit from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChildSpans {
    pub(crate) starts: Vec<u32>,
    pub(crate) len: u32,
    pub(crate) errors: Vec<SyntaxError>,
}

impl ChildSpans {
    /// No children yet, for a text of `len` bytes, with room for `capacity` of them.
    pub(crate) fn with_capacity(len: u32, capacity: usize) -> ChildSpans {
        ChildSpans {
            starts: Vec::with_capacity(capacity),
            len,
            errors: Vec::new(),
        }
    }

    /// Appends a child starting at `start` with its syntax errors, given relative to `start`.
    pub(crate) fn push(&mut self, start: u32, errors: impl IntoIterator<Item = SyntaxError>) {
        self.starts.push(start);
        self.errors.extend(errors.into_iter().map(|mut e| {
            e.range += TextSize::from(start);
            e
        }));
    }

    /// The number of children.
    pub fn child_count(&self) -> usize {
        self.starts.len()
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
        if self.starts.is_empty() {
            return None;
        }
        Some(
            self.starts
                .partition_point(|&s| s <= offset)
                .saturating_sub(1),
        )
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

    /// Puts the new pieces' starts and errors (absolute) of `plan` in place of the old
    /// region's, and shifts everything after it by the edit.
    pub(crate) fn splice<P>(
        &mut self,
        plan: &EditPlan<P>,
        new_starts: impl Iterator<Item = u32>,
        new_errors: Vec<SyntaxError>,
    ) {
        self.starts.splice(plan.first..plan.last, new_starts);
        let shifted_from = plan.first + plan.pieces.len();
        for start in &mut self.starts[shifted_from..] {
            *start = (*start as i64 + plan.delta) as u32;
        }
        let region_start = plan.region_start as u32;
        let errors = &mut self.errors;
        let lo = errors.partition_point(|e| u32::from(e.range.start()) < region_start);
        let hi = errors.partition_point(|e| u32::from(e.range.start()) < plan.old_region_end);
        for error in &mut errors[hi..] {
            let start = (u32::from(error.range.start()) as i64 + plan.delta).max(0) as u32;
            let end = (u32::from(error.range.end()) as i64 + plan.delta).max(start as i64) as u32;
            error.range = TextRange::new(start.into(), end.into());
        }
        errors.splice(lo..hi, new_errors);
        self.len = plan.new_len as u32;
    }
}

/// A parsed file's top level (see the module documentation); its spans are read through it.
#[derive(Debug)]
pub struct TopLevel<L> {
    pub(crate) children: Vec<GreenElement>,
    pub(crate) spans: ChildSpans,
    pub(crate) root: OnceLock<GreenNode>,
    language: PhantomData<L>,
}

impl<L> std::ops::Deref for TopLevel<L> {
    type Target = ChildSpans;

    fn deref(&self) -> &ChildSpans {
        &self.spans
    }
}

impl<L> Clone for TopLevel<L> {
    fn clone(&self) -> Self {
        TopLevel {
            children: self.children.clone(),
            spans: self.spans.clone(),
            root: self.root.clone(),
            language: PhantomData,
        }
    }
}

impl<L> PartialEq for TopLevel<L> {
    fn eq(&self, other: &Self) -> bool {
        self.children == other.children && self.spans == other.spans
    }
}

impl<L> Eq for TopLevel<L> {}

impl<L: FileLanguage> TopLevel<L> {
    /// An empty top level for a text of `len` bytes, with room for `capacity` children.
    pub(crate) fn with_capacity(len: u32, capacity: usize) -> Self {
        TopLevel {
            children: Vec::with_capacity(capacity),
            spans: ChildSpans::with_capacity(len, capacity),
            root: OnceLock::new(),
            language: PhantomData,
        }
    }

    /// Appends a child starting at `start` with its syntax errors (relative to `start`).
    pub(crate) fn push(&mut self, child: GreenElement, start: u32, errors: Vec<SyntaxError>) {
        self.children.push(child);
        self.spans.push(start, errors);
    }

    /// The file node's children, in order.
    pub fn children(&self) -> &[GreenElement] {
        &self.children
    }

    /// The child node containing `offset` as a red node rooted at its own start, with that
    /// start; `None` on a blank-line run.
    pub fn chunk_at(&self, offset: u32) -> Option<(rowan::SyntaxNode<L>, u32)> {
        let index = self.child_index_at(offset)?;
        match &self.children[index] {
            NodeOrToken::Node(node) => Some((
                rowan::SyntaxNode::new_root(node.clone()),
                self.starts[index],
            )),
            NodeOrToken::Token(_) => None,
        }
    }

    /// Each child node rooted at its own start, with that start.
    pub fn chunks(&self) -> impl Iterator<Item = (rowan::SyntaxNode<L>, u32)> + '_ {
        self.children
            .iter()
            .zip(&self.starts)
            .filter_map(|(child, start)| match child {
                NodeOrToken::Node(node) => {
                    Some((rowan::SyntaxNode::new_root(node.clone()), *start))
                }
                NodeOrToken::Token(_) => None,
            })
    }

    /// The `FILE` green node (assembled on first use).
    pub fn green(&self) -> GreenNode {
        self.root
            .get_or_init(|| GreenNode::new(L::kind_to_raw(L::FILE), self.children.iter().cloned()))
            .clone()
    }

    /// The root of the tree.
    pub fn syntax(&self) -> rowan::SyntaxNode<L> {
        rowan::SyntaxNode::new_root(self.green())
    }

    /// Whether child `index` is a blank-line run.
    pub(crate) fn is_blank(&self, index: usize) -> bool {
        matches!(self.children.get(index), Some(NodeOrToken::Token(_)))
    }
}

/// A notation's grammar at the top level: how a text splits into the file node's children and
/// how one child is built. The incremental reparse ([`TopLevel::apply_edit`]) is the same for
/// every notation; only these differ.
pub trait TopGrammar: FileLanguage + Sized {
    /// A piece of text that becomes one child.
    type Piece: Sync;
    /// What building consecutive children may share (PBN's token cache).
    type Cache: Default;
    /// Whether the children alternate with runs of blank lines, whose boundaries anchor an
    /// edited region (PBN, RBN); when not (LIN), the region is anchored by a child of margin.
    const BLANK_RUNS: bool;
    /// Splits `text` into pieces that cover it exactly, and says whether it ends inside
    /// something left open (a comment, a pair without its `|`), so that text after it would
    /// split differently.
    fn split(text: &str) -> (Vec<Self::Piece>, bool);
    /// Whether `next`, the text of an unchanged piece right after a reparsed `region` (split
    /// into `pieces`), still starts a piece there. Where a piece starts in PBN and RBN depends on
    /// nothing before it but what `split`'s open flag says; in LIN a line of players starts a
    /// board only after a board's deal, which the region's last piece holds or not.
    fn still_starts(_region: &str, _pieces: &[Self::Piece], _next: &str) -> bool {
        true
    }
    /// Whether [`TopGrammar::still_starts`] reads the next piece at all (only then is its text
    /// copied out of the rope, on every edit).
    const LOOKS_AHEAD: bool = false;
    /// The piece's byte range in the text it was split from.
    fn range(piece: &Self::Piece) -> Range<usize>;
    /// Whether the piece is a run of blank lines.
    fn is_blank(piece: &Self::Piece) -> bool;
    /// Builds the child for `piece` of `text`, with its errors relative to the piece.
    fn build(
        text: &str,
        piece: &Self::Piece,
        cache: &mut Self::Cache,
    ) -> (GreenElement, Vec<SyntaxError>);

    /// A full parse of `text`, when an edit cannot be taken in piece by piece (PBN's runs on
    /// every core, for a large paste into an empty document).
    fn parse_whole(text: &str) -> TopLevel<Self> {
        TopLevel::parse_on(text, crate::parallel::available_threads())
    }
}

/// How an edit is taken in: old children `first..last` give way to `pieces` of `text`, the new
/// text from `region_start` to the (shifted) start of old child `last`.
pub(crate) struct EditPlan<P> {
    pub(crate) first: usize,
    pub(crate) last: usize,
    pub(crate) region_start: usize,
    pub(crate) text: String,
    pub(crate) pieces: Vec<P>,
    old_region_end: u32,
    delta: i64,
    pub(crate) new_len: usize,
}

/// Finds the children an edit replaces and splits the new text there, from the boundaries
/// alone: `spans` and `is_blank` describe the old children and the old text. `None` when the
/// edit does not fit the old text or there are no children (the caller parses everything).
///
/// The region starts at the child holding the edit and ends at an old child boundary past it
/// where the rest of the file must split exactly as before; both ends move outwards until the
/// checks below hold.
pub(crate) fn plan_edit<G: TopGrammar>(
    spans: &ChildSpans,
    is_blank: &dyn Fn(usize) -> bool,
    old_range: Range<usize>,
    inserted_len: usize,
    new_text: &(impl TextSource + ?Sized),
) -> Option<EditPlan<G::Piece>> {
    let (starts, len) = (&spans.starts, spans.len);
    let old_len = len as usize;
    let consistent = old_range.start <= old_range.end
        && old_range.end <= old_len
        && old_len - (old_range.end - old_range.start) + inserted_len == new_text.len()
        && new_text.len() < u32::MAX as usize - 1;
    if !consistent || starts.is_empty() {
        return None;
    }
    let delta = inserted_len as i64 - (old_range.end - old_range.start) as i64;
    let new_len = new_text.len();
    let n = starts.len();
    let holding = starts
        .partition_point(|&s| s as usize <= old_range.start)
        .saturating_sub(1);
    // Without blank runs to anchor it, the child before the edit is taken too: the edit may
    // turn its end into the start of the next child, or the reverse.
    let mut first = if G::BLANK_RUNS {
        holding
    } else {
        holding.saturating_sub(1)
    };
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
        let (pieces, open) = G::split(&text);
        if G::BLANK_RUNS
            && !starts_cleanly::<G>(
                &pieces,
                first,
                last,
                n,
                is_blank,
                new_text,
                region_start,
                &text,
            )
        {
            first -= 1;
            continue;
        }
        let ends_cleanly = last >= n
            || (!open
                && (!G::LOOKS_AHEAD || {
                    let next_end = match starts.get(last + 1) {
                        Some(&s) => (s as i64 + delta) as usize,
                        None => new_len,
                    };
                    G::still_starts(&text, &pieces, &new_text.slice(region_end..next_end))
                })
                && (!G::BLANK_RUNS || {
                    let after_is_blank = is_blank(last);
                    let last_is_blank = match pieces.last() {
                        Some(piece) => G::is_blank(piece),
                        None => first == 0 || is_blank(first - 1),
                    };
                    last_is_blank != after_is_blank || (pieces.is_empty() && first == 0)
                }));
        if !ends_cleanly {
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

/// Whether a region starting at old child `first` meets the unchanged child before it: the
/// child before is unchanged but its extent depends on the line at the boundary (blank or not),
/// and an inserted `\n` right after an old `\r` would join them into one line end.
#[allow(clippy::too_many_arguments)]
fn starts_cleanly<G: TopGrammar>(
    pieces: &[G::Piece],
    first: usize,
    last: usize,
    n: usize,
    is_blank: &dyn Fn(usize) -> bool,
    new_text: &(impl TextSource + ?Sized),
    region_start: usize,
    text: &str,
) -> bool {
    if first == 0 {
        return true;
    }
    let before_is_blank = is_blank(first - 1);
    let starts_crlf_split =
        text.starts_with('\n') && new_text.slice(region_start - 1..region_start) == "\r";
    !starts_crlf_split
        && match pieces.first() {
            Some(piece) => G::is_blank(piece) != before_is_blank,
            None => last >= n || is_blank(last) != before_is_blank,
        }
}

/// Builds `pieces` of `text` (which starts at `offset` in the whole text): the children, their
/// absolute starts, and their errors (absolute).
fn build_pieces<G: TopGrammar>(
    text: &str,
    offset: usize,
    pieces: &[G::Piece],
) -> (Vec<GreenElement>, Vec<u32>, Vec<SyntaxError>) {
    let mut cache = G::Cache::default();
    let mut children = Vec::with_capacity(pieces.len());
    let mut starts = Vec::with_capacity(pieces.len());
    let mut errors = Vec::new();
    for piece in pieces {
        let (child, errs) = G::build(text, piece, &mut cache);
        let start = (offset + G::range(piece).start) as u32;
        children.push(child);
        starts.push(start);
        errors.extend(errs.into_iter().map(|mut e| {
            e.range += TextSize::from(start);
            e
        }));
    }
    (children, starts, errors)
}

impl<G: TopGrammar> TopLevel<G> {
    /// Parses a whole text as the notation parses a whole file (PBN on every core when it is
    /// large); texts of 4 GiB or more are cut at the limit.
    pub fn new(text: &str) -> Self {
        G::parse_whole(text)
    }

    /// Parses a whole text on the calling thread, piece after piece (texts of 4 GiB or more are
    /// cut at the limit).
    pub fn parse_in_order(text: &str) -> Self {
        Self::parse_on(text, 1)
    }

    /// Parses a whole text, its pieces built on up to `threads` threads when it is large (the
    /// pieces are split first, on one thread: where one starts depends on those before it).
    pub fn parse_on(text: &str, threads: usize) -> Self {
        const WORTH_SPREADING: usize = 1 << 20;
        let text = clip(text);
        let (pieces, _) = G::split(text);
        let threads = if text.len() < WORTH_SPREADING {
            1
        } else {
            threads
        };
        let parts = crate::parallel::map_slices(&pieces, threads, |slice| {
            vec![build_pieces::<G>(text, 0, slice)]
        });
        let (mut children, mut starts, mut errors) = (
            Vec::with_capacity(pieces.len()),
            Vec::with_capacity(pieces.len()),
            Vec::new(),
        );
        for (c, s, e) in parts {
            children.extend(c);
            starts.extend(s);
            errors.extend(e);
        }
        TopLevel {
            children,
            spans: ChildSpans {
                starts,
                len: text.len() as u32,
                errors,
            },
            root: OnceLock::new(),
            language: PhantomData,
        }
    }

    /// Updates the tree after the bytes `old_range` of the old text were replaced by
    /// `inserted_len` bytes; `new_text` is the whole new text.
    ///
    /// Only the children the edit touches are reparsed: from the child holding the edit until
    /// the new pieces meet an old child boundary past the edit where the rest of the file must
    /// split exactly as before. The result equals a full parse of `new_text`; an inconsistent
    /// edit (ranges that do not fit) falls back to one.
    pub fn apply_edit(
        &mut self,
        old_range: Range<usize>,
        inserted_len: usize,
        new_text: &(impl TextSource + ?Sized),
    ) {
        let plan = plan_edit::<G>(
            &self.spans,
            &|i| self.is_blank(i),
            old_range,
            inserted_len,
            new_text,
        );
        let Some(plan) = plan else {
            *self = G::parse_whole(&new_text.slice(0..new_text.len()));
            return;
        };
        let (children, starts, errors) =
            build_pieces::<G>(&plan.text, plan.region_start, &plan.pieces);
        self.children.splice(plan.first..plan.last, children);
        self.spans.splice(&plan, starts.into_iter(), errors);
        self.root = OnceLock::new();
    }
}
