//! The top level of a parsed file, for every notation: the file node's children (games,
//! records, comment chunks, blank-line runs) kept in a vector with their start offsets, the
//! text's length and the syntax errors. The `FILE` green node is assembled only when asked for,
//! so an edit replaces entries in place instead of rebuilding a root with 200,000 children.
//!
//! [`crate::syntax::Parse`] (PBN) and [`crate::syntax::rbn::RbnParse`] are this type for their
//! language; each adds how it is built and how it follows an edit.

use std::marker::PhantomData;
use std::sync::OnceLock;

use super::error::SyntaxError;
use rowan::{GreenNode, GreenToken, NodeOrToken, TextRange};

/// A child of the file node: a game or comment chunk (node) or a run of blank lines (token).
pub type GreenElement = NodeOrToken<GreenNode, GreenToken>;

/// A rowan language whose trees have a file node.
pub trait FileLanguage: rowan::Language {
    /// The kind of the file node.
    const FILE: Self::Kind;
}

/// A parsed file's top level (see the module documentation).
#[derive(Debug)]
pub struct TopLevel<L> {
    pub(crate) children: Vec<GreenElement>,
    pub(crate) starts: Vec<u32>,
    pub(crate) len: u32,
    pub(crate) errors: Vec<SyntaxError>,
    pub(crate) root: OnceLock<GreenNode>,
    language: PhantomData<L>,
}

impl<L> Clone for TopLevel<L> {
    fn clone(&self) -> Self {
        TopLevel {
            children: self.children.clone(),
            starts: self.starts.clone(),
            len: self.len,
            errors: self.errors.clone(),
            root: self.root.clone(),
            language: PhantomData,
        }
    }
}

impl<L> PartialEq for TopLevel<L> {
    fn eq(&self, other: &Self) -> bool {
        self.children == other.children
            && self.starts == other.starts
            && self.len == other.len
            && self.errors == other.errors
    }
}

impl<L> Eq for TopLevel<L> {}

impl<L: FileLanguage> TopLevel<L> {
    /// An empty top level for a text of `len` bytes, with room for `capacity` children.
    pub(crate) fn with_capacity(len: u32, capacity: usize) -> Self {
        TopLevel {
            children: Vec::with_capacity(capacity),
            starts: Vec::with_capacity(capacity),
            len,
            errors: Vec::new(),
            root: OnceLock::new(),
            language: PhantomData,
        }
    }

    /// Appends a child starting at `start` with its syntax errors (absolute).
    pub(crate) fn push(&mut self, child: GreenElement, start: u32, errors: Vec<SyntaxError>) {
        self.children.push(child);
        self.starts.push(start);
        self.errors.extend(errors);
    }

    /// The file node's children, in order.
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
        if self.starts.is_empty() {
            return None;
        }
        Some(
            self.starts
                .partition_point(|&s| s <= offset)
                .saturating_sub(1),
        )
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
            .get_or_init(|| GreenNode::new(L::kind_to_raw(L::FILE), self.children.iter().cloned()))
            .clone()
    }

    /// The root of the tree.
    pub fn syntax(&self) -> rowan::SyntaxNode<L> {
        rowan::SyntaxNode::new_root(self.green())
    }

    /// Puts `children` (with their `starts` and syntax `errors`, absolute in the new text) in
    /// place of the children `replaced`, whose text ran over `old_region` of the old text; the
    /// children after them move by `delta`, and the text is now `len` bytes long. The last step
    /// of every notation's incremental reparse.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn replace_region(
        &mut self,
        replaced: std::ops::Range<usize>,
        children: Vec<GreenElement>,
        starts: Vec<u32>,
        errors: Vec<SyntaxError>,
        old_region: std::ops::Range<u32>,
        delta: i64,
        len: usize,
    ) {
        let added = starts.len();
        let first = replaced.start;
        self.children.splice(replaced.clone(), children);
        self.starts.splice(replaced, starts);
        for start in &mut self.starts[first + added..] {
            *start = (*start as i64 + delta) as u32;
        }
        let lo = self
            .errors
            .partition_point(|e| u32::from(e.range.start()) < old_region.start);
        let hi = self
            .errors
            .partition_point(|e| u32::from(e.range.start()) < old_region.end);
        let tail: Vec<SyntaxError> = self.errors[hi..]
            .iter()
            .cloned()
            .map(|mut e| {
                let start = (u32::from(e.range.start()) as i64 + delta).max(0) as u32;
                let end = (u32::from(e.range.end()) as i64 + delta).max(start as i64) as u32;
                e.range = TextRange::new(start.into(), end.into());
                e
            })
            .collect();
        self.errors.truncate(lo);
        self.errors.extend(errors);
        self.errors.extend(tail);
        self.len = len as u32;
        self.root = OnceLock::new();
    }

    /// Whether child `index` is a blank-line run.
    pub(crate) fn is_blank(&self, index: usize) -> bool {
        matches!(self.children.get(index), Some(NodeOrToken::Token(_)))
    }
}
