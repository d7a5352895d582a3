//! The findings of a tree notation's document (RBN, LIN), kept per piece and brought up to date
//! after an edit the same way for every notation.
//!
//! A piece is checked given the state the pieces before it hand down (RBN's carried fields,
//! LIN's vugraph header), and the cache keeps, for each child of the file, its tree, the state
//! it received, the state it handed on, and its findings. After an edit, checking starts at the
//! first child whose findings are gone and goes on while the state handed on differs from what
//! the next child was last checked with: a child that is unchanged and receives the same state
//! keeps its findings, and once past the edited children the walk stops there.

use std::fmt::Debug;
use std::sync::Arc;

use ropey::Rope;
use rowan::NodeOrToken;

use super::config::Settings;
use super::tree_document::TreeDocument;
use crate::analysis::PieceFindings;
use crate::diagnostic::Diagnostic;
use crate::syntax::{GreenElement, TopGrammar, TopLevel};

/// A notation whose pieces are checked one at a time, each given what the pieces before it
/// hand down.
pub(crate) trait CarryingGrammar: TopGrammar {
    /// What the pieces before a piece hand down to it.
    type Carried: Clone + PartialEq + Default + Debug + Send + Sync + 'static;

    /// The findings of child `index` of `parse`, given `carried`, which it advances.
    fn check_piece(
        parse: &TopLevel<Self>,
        index: usize,
        carried: &mut Self::Carried,
    ) -> PieceFindings;

    /// The findings of the whole text from those of its pieces, in text order (`starts`: where
    /// each child starts): what reaches across pieces (the end of the text, suppressions).
    fn whole_text(_rope: &Rope, _starts: &[u32], all: Vec<Diagnostic>) -> Vec<Diagnostic> {
        all
    }
}

/// What the cache remembers about one child of the file (a piece, or the blank text between).
#[derive(Debug, Clone)]
struct Entry<C> {
    element: GreenElement,
    /// The state the child was checked with.
    before: Option<Arc<C>>,
    /// The state it handed on.
    after: Option<Arc<C>>,
    /// Its findings; `None` until computed.
    findings: Option<Arc<PieceFindings>>,
}

/// Whether two children are the same tree: the parser keeps the trees of the children an edit
/// did not reach (the same pointer), and builds again a neighbour it scanned, often unchanged
/// (an equal tree, compared only then).
fn same(a: &GreenElement, b: &GreenElement) -> bool {
    same_pointer(a, b) || a == b
}

/// Whether two children are the very same tree (not only equal).
fn same_pointer(a: &GreenElement, b: &GreenElement) -> bool {
    match (a, b) {
        (NodeOrToken::Node(a), NodeOrToken::Node(b)) => std::ptr::eq(&**a, &**b),
        (NodeOrToken::Token(a), NodeOrToken::Token(b)) => std::ptr::eq(&**a, &**b),
        _ => false,
    }
}

/// The per-piece findings of a document of a [`CarryingGrammar`] (its `body`).
#[derive(Debug)]
pub(crate) struct PieceCache<G: CarryingGrammar> {
    entries: Vec<Entry<G::Carried>>,
    /// The document's generation the entries were last matched to its children at: a refresh
    /// with no change since walks none of them again (a request after a keystroke refreshes
    /// too, and a large file has tens of thousands of children).
    matched: Option<u64>,
    /// How many pieces the last refresh checked (for tests and timing).
    pub last_checked: usize,
}

impl<G: CarryingGrammar> Default for PieceCache<G> {
    fn default() -> Self {
        PieceCache {
            entries: Vec::new(),
            matched: None,
            last_checked: 0,
        }
    }
}

/// A child of the file with where it starts and the state the pieces before it hand down.
#[derive(Debug, Clone)]
pub(crate) struct PieceContext<G: CarryingGrammar> {
    /// The piece (rooted at its start), or `None` for the blank text between pieces.
    pub node: Option<rowan::SyntaxNode<G>>,
    /// Where it starts.
    pub start: usize,
    /// What the pieces before it hand down.
    pub carried: Arc<G::Carried>,
}

impl<G: CarryingGrammar> TreeDocument<G, PieceCache<G>> {
    /// Forgets every cached finding (after a settings change).
    pub fn forget_findings(&mut self) {
        self.body.entries.clear();
        self.body.matched = None;
    }

    /// Brings the findings up to date (see the module documentation).
    pub fn refresh(&mut self) {
        if self.body.matched != Some(self.generation) {
            self.keep_unchanged_children();
            self.body.matched = Some(self.generation);
        }
        self.body.last_checked = 0;
        let entries = &self.body.entries;
        let Some(first) = entries.iter().position(|e| e.findings.is_none()) else {
            return;
        };
        let last_missing = entries
            .iter()
            .rposition(|e| e.findings.is_none())
            .unwrap_or(first);
        let mut carried = match first.checked_sub(1) {
            Some(previous) => entries[previous].after.clone().unwrap_or_default(),
            None => Arc::default(),
        };
        for index in first..self.body.entries.len() {
            let entry = &self.body.entries[index];
            if entry.findings.is_some() && entry.before.as_deref() == Some(&*carried) {
                if index > last_missing {
                    break; // unchanged from here on, with the same state handed down
                }
                carried = entry.after.clone().unwrap_or_else(|| carried.clone());
                continue;
            }
            let before = carried.clone();
            let mut state = (*carried).clone();
            let findings = G::check_piece(&self.parse, index, &mut state);
            if matches!(entry.element, NodeOrToken::Node(_)) {
                self.body.last_checked += 1;
            }
            carried = if state == *before {
                before.clone()
            } else {
                Arc::new(state)
            };
            let entry = &mut self.body.entries[index];
            entry.before = Some(before);
            entry.after = Some(carried.clone());
            entry.findings = Some(Arc::new(findings));
        }
    }

    /// Keeps the entries of the children the tree still has at the same place from the start or
    /// from the end, and makes empty entries for the rest.
    fn keep_unchanged_children(&mut self) {
        let children = self.parse.children();
        let old = &mut self.body.entries;
        let mut prefix = 0;
        while prefix < old.len().min(children.len())
            && same(&old[prefix].element, &children[prefix])
        {
            // The tree of today, so that the next edit finds it by its pointer (most are that
            // tree already: no count to touch).
            if !same_pointer(&old[prefix].element, &children[prefix]) {
                old[prefix].element = children[prefix].clone();
            }
            prefix += 1;
        }
        let mut suffix = 0;
        while suffix < (old.len() - prefix).min(children.len() - prefix) {
            let (kept, now) = (old.len() - 1 - suffix, children.len() - 1 - suffix);
            if !same(&old[kept].element, &children[now]) {
                break;
            }
            if !same_pointer(&old[kept].element, &children[now]) {
                old[kept].element = children[now].clone();
            }
            suffix += 1;
        }
        let fresh: Vec<Entry<G::Carried>> = children[prefix..children.len() - suffix]
            .iter()
            .map(|element| Entry {
                element: element.clone(),
                before: None,
                after: None,
                findings: None,
            })
            .collect();
        let old_end = self.body.entries.len() - suffix;
        self.body.entries.splice(prefix..old_end, fresh);
    }

    /// Every finding the settings show, placed in the text, in text order (call
    /// [`TreeDocument::refresh`] first).
    pub fn shown_diagnostics(&self, settings: &Settings) -> Vec<Diagnostic> {
        let starts = self.parse.child_starts();
        let len = self.rope.len_bytes();
        let mut all: Vec<Diagnostic> = Vec::new();
        let mut carrier_start = 0;
        for (index, entry) in self.body.entries.iter().enumerate() {
            let Some(findings) = &entry.findings else {
                continue;
            };
            let start = starts.get(index).copied().unwrap_or(0);
            if findings.carried_from_here {
                carrier_start = start;
            }
            all.extend(findings.within.iter().map(|d| d.clone().shifted(start)));
            all.extend(
                findings
                    .in_carrier
                    .iter()
                    .map(|d| d.clone().shifted(carrier_start)),
            );
        }
        all.sort_by_key(|d| (d.range.start(), d.range.end()));
        G::whole_text(&self.rope, starts, all)
            .into_iter()
            .filter(|d| settings.shows(d.code, d.severity))
            .filter(|d| usize::from(d.range.end()) <= len)
            .collect()
    }

    /// The child holding `offset` (the end of the text, or past it, counts as in the last child).
    fn index_at(&self, offset: usize) -> Option<usize> {
        u32::try_from(offset)
            .ok()
            .and_then(|offset| self.parse.child_index_at(offset))
            .or_else(|| self.parse.child_count().checked_sub(1))
    }

    /// The child holding `offset`, with the state handed down to it (the findings are refreshed
    /// first, which computes that state).
    pub fn context_at(&mut self, offset: usize) -> PieceContext<G> {
        self.refresh();
        match self.index_at(offset) {
            Some(index) => self.context(index),
            None => PieceContext {
                node: None,
                start: 0,
                carried: Arc::default(),
            },
        }
    }

    /// The last piece starting at or before `offset` (a place in the blank text after a piece
    /// counts as in it: the end of a line), with the state handed down to it.
    pub fn piece_at(&mut self, offset: usize) -> Option<PieceContext<G>> {
        self.refresh();
        let index = self.index_at(offset)?;
        let piece = (0..=index).rev().find(|&i| {
            matches!(
                self.body.entries.get(i).map(|e| &e.element),
                Some(NodeOrToken::Node(_))
            )
        })?;
        Some(self.context(piece))
    }

    /// Child `index` with where it starts and the state handed down to it.
    fn context(&self, index: usize) -> PieceContext<G> {
        let start = self.parse.child_starts().get(index).copied().unwrap_or(0) as usize;
        let node = match self.body.entries.get(index).map(|e| &e.element) {
            Some(NodeOrToken::Node(green)) => Some(rowan::SyntaxNode::new_root(green.clone())),
            _ => None,
        };
        let carried = self
            .body
            .entries
            .get(index)
            .and_then(|e| e.before.clone())
            .unwrap_or_default();
        PieceContext {
            node,
            start,
            carried,
        }
    }

    /// Every piece (not the blank text between) with its start and the state handed down to it.
    pub fn pieces(&mut self) -> Vec<PieceContext<G>> {
        self.refresh();
        (0..self.body.entries.len())
            .map(|i| self.context(i))
            .filter(|c| c.node.is_some())
            .collect()
    }
}
