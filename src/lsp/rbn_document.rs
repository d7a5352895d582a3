//! An open RBN document: its rope, its per-record tree, and per-record diagnostics computed with
//! the state that earlier records hand down.
//!
//! An edit reparses the records around it ([`RbnParse::apply_edit`]). Checking then starts at
//! the first record whose diagnostics are gone and goes on while the carried state differs from
//! what the next record was last checked with; a record that is unchanged and receives the same
//! state keeps its diagnostics, and once past the edited records the walk stops there.

use std::ops::RangeInclusive;
use std::sync::Arc;

use rowan::NodeOrToken;

use super::config::Settings;
use super::open_text::{Placed, PlacedHints};
use super::position::{rope_contains, tail_of};
use super::seams;
use super::tree_document::{PieceBody, TreeDocument};
use crate::diagnostic::Diagnostic;
use crate::ide;
use crate::model::{Board, Carry};
use crate::syntax::rbn::{RbnGreenElement, RbnLanguage, RbnNode, Record};
use crate::syntax::{TextRange, TextSize};

/// What the server remembers about one child of the file (a record or a blank run).
#[derive(Debug, Clone)]
struct Entry {
    element: RbnGreenElement,
    /// The carried state the record was checked with.
    before: Option<Arc<Carry>>,
    /// The carried state after it.
    after: Option<Arc<Carry>>,
    /// Its diagnostics, relative to its start; `None` until computed.
    diagnostics: Option<Arc<Vec<Diagnostic>>>,
}

fn same(a: &RbnGreenElement, b: &RbnGreenElement) -> bool {
    match (a, b) {
        (NodeOrToken::Node(a), NodeOrToken::Node(b)) => std::ptr::eq(&**a, &**b),
        (NodeOrToken::Token(a), NodeOrToken::Token(b)) => std::ptr::eq(&**a, &**b),
        _ => false,
    }
}

/// An open RBN document.
pub type RbnDocument = TreeDocument<RbnLanguage, RbnChecks>;

/// What an RBN document keeps to publish its diagnostics: one entry per child of the file.
#[derive(Debug, Default)]
pub struct RbnChecks {
    entries: Vec<Entry>,
    /// How many records were checked by the last refresh (for tests and timing).
    pub last_checked: usize,
}

/// A record with where it starts and the state the records before it hand down.
#[derive(Debug, Clone)]
pub struct RecordContext {
    /// The record (rooted at its start), or `None` on blank lines between records.
    pub record: Option<Record>,
    /// Where the record (or the blank run) starts.
    pub start: usize,
    /// What earlier records hand down.
    pub carry: Arc<Carry>,
}

impl RbnDocument {
    /// Forgets every cached diagnostic (after a settings change).
    pub fn invalidate(&mut self) {
        self.body.entries.clear();
    }

    /// Brings the diagnostics up to date (see the module documentation).
    pub fn refresh(&mut self) {
        let children = self.parse.children();
        let old = &self.body.entries;
        let mut prefix = 0;
        while prefix < old.len().min(children.len())
            && same(&old[prefix].element, &children[prefix])
        {
            prefix += 1;
        }
        let mut suffix = 0;
        while suffix < (old.len() - prefix).min(children.len() - prefix)
            && same(
                &old[old.len() - 1 - suffix].element,
                &children[children.len() - 1 - suffix],
            )
        {
            suffix += 1;
        }
        let fresh: Vec<Entry> = children[prefix..children.len() - suffix]
            .iter()
            .map(|element| Entry {
                element: element.clone(),
                before: None,
                after: None,
                diagnostics: None,
            })
            .collect();
        let old_end = self.body.entries.len() - suffix;
        self.body.entries.splice(prefix..old_end, fresh);

        self.body.last_checked = 0;
        let Some(first) = self
            .body
            .entries
            .iter()
            .position(|e| e.diagnostics.is_none())
        else {
            return;
        };
        let last_missing = self
            .body
            .entries
            .iter()
            .rposition(|e| e.diagnostics.is_none())
            .unwrap_or(first);
        let mut carry = match first.checked_sub(1) {
            Some(previous) => self.body.entries[previous]
                .after
                .clone()
                .unwrap_or_default(),
            None => Arc::new(Carry::default()),
        };
        for index in first..self.body.entries.len() {
            let entry = &self.body.entries[index];
            if entry.diagnostics.is_some() && entry.before.as_deref() == Some(&*carry) {
                if index > last_missing {
                    break; // unchanged from here on, with the same state handed down
                }
                carry = entry.after.clone().unwrap_or_else(|| carry.clone());
                continue;
            }
            let before = carry.clone();
            let mut state = (*carry).clone();
            let diagnostics = self.check(index, &mut state);
            if matches!(self.body.entries[index].element, NodeOrToken::Node(_)) {
                self.body.last_checked += 1;
            }
            carry = if state == *before {
                before.clone()
            } else {
                Arc::new(state)
            };
            let entry = &mut self.body.entries[index];
            entry.before = Some(before);
            entry.after = Some(carry.clone());
            entry.diagnostics = Some(Arc::new(diagnostics));
        }
    }

    /// The diagnostics of child `index` relative to its start, advancing `carry`.
    fn check(&self, index: usize, carry: &mut Carry) -> Vec<Diagnostic> {
        let Some(range) = self.parse.child_range(index) else {
            return Vec::new();
        };
        let errors = self.parse.errors();
        let lo = errors.partition_point(|e| e.range.start() < range.start());
        let hi = errors.partition_point(|e| e.range.start() < range.end());
        let mut out: Vec<Diagnostic> = errors[lo..hi]
            .iter()
            .map(|e| {
                let mut d = seams::syntax_diagnostic(e);
                d.range = TextRange::new(
                    e.range.start() - range.start(),
                    e.range.end().max(e.range.start()) - range.start(),
                );
                d
            })
            .collect();
        if let Some(NodeOrToken::Node(green)) = self.body.entries.get(index).map(|e| &e.element) {
            let node = RbnNode::new_root(green.clone());
            out.extend(seams::rbn_record_diagnostics(&node, carry));
        }
        out.sort_by_key(|d| (d.range.start(), d.range.end()));
        out
    }

    /// Every diagnostic the settings show, with absolute ranges inside the text, in text order
    /// (call [`RbnDocument::refresh`] first).
    pub fn shown_diagnostics(&self, settings: &Settings) -> Vec<Diagnostic> {
        let starts = self.parse.child_starts();
        let len = self.rope.len_bytes();
        let mut all: Vec<Diagnostic> = Vec::new();
        for (index, entry) in self.body.entries.iter().enumerate() {
            let Some(diagnostics) = &entry.diagnostics else {
                continue;
            };
            let start = starts.get(index).copied().unwrap_or(0);
            all.extend(diagnostics.iter().map(|d| d.clone().shifted(start)));
        }
        let (tail, tail_start) = tail_of(&self.rope);
        all.extend(seams::end_diagnostics(&tail, tail_start));
        all.sort_by_key(|d| (d.range.start(), d.range.end()));
        // The suppression pass reads the text only when a directive is in it.
        let all = if rope_contains(&self.rope, seams::DIRECTIVE.as_bytes()) {
            seams::suppress_rbn(&self.rope.to_string(), starts, all)
        } else {
            all
        };
        all.into_iter()
            .filter(|d| settings.shows(d.code, d.severity))
            .filter(|d| usize::from(d.range.end()) <= len)
            .collect()
    }

    /// The record (or blank run) holding `offset`, with the state handed down to it (the
    /// diagnostics are refreshed first, which computes that state).
    pub fn context_at(&mut self, offset: usize) -> Option<RecordContext> {
        self.refresh();
        let starts = self.parse.child_starts();
        if starts.is_empty() {
            return Some(RecordContext {
                record: None,
                start: 0,
                carry: Arc::new(Carry::default()),
            });
        }
        let index = starts
            .partition_point(|&s| s as usize <= offset)
            .saturating_sub(1);
        Some(self.context(index))
    }

    fn context(&self, index: usize) -> RecordContext {
        let start = self.parse.child_starts().get(index).copied().unwrap_or(0) as usize;
        let record = match self.body.entries.get(index).map(|e| &e.element) {
            Some(NodeOrToken::Node(green)) => Record::cast(RbnNode::new_root(green.clone())),
            _ => None,
        };
        let carry = self
            .body
            .entries
            .get(index)
            .and_then(|e| e.before.clone())
            .unwrap_or_default();
        RecordContext {
            record,
            start,
            carry,
        }
    }

    /// The board of the record holding `offset`, if it is a deal.
    pub fn board_at(&mut self, offset: usize) -> Option<Board> {
        let context = self.context_at(offset)?;
        let record = context.record?;
        let mut carry = (*context.carry).clone();
        seams::read_rbn_board(&record, &mut carry)
    }

    /// Every record with its start and the state handed down to it.
    pub fn records(&mut self) -> Vec<RecordContext> {
        self.refresh();
        (0..self.body.entries.len())
            .map(|i| self.context(i))
            .filter(|c| c.record.is_some())
            .collect()
    }
}

impl PieceBody<RbnLanguage> for RbnChecks {
    fn invalidate(doc: &mut RbnDocument) {
        doc.invalidate();
    }

    fn shown(doc: &mut RbnDocument, settings: &Settings) -> Vec<Diagnostic> {
        doc.refresh();
        doc.shown_diagnostics(settings)
    }

    fn board_at(doc: &mut RbnDocument, offset: usize) -> Option<Board> {
        doc.board_at(offset)
    }

    fn hover(doc: &mut RbnDocument, offset: usize) -> Option<Placed<ide::Hover>> {
        let context = doc.context_at(offset)?;
        let record = context.record?;
        let at = TextSize::from((offset - context.start) as u32);
        Some((ide::rbn::hover(&record, &context.carry, at)?, context.start))
    }

    fn completions(doc: &mut RbnDocument, offset: usize) -> Option<Placed<Vec<ide::Completion>>> {
        let context = doc.context_at(offset)?;
        let at = TextSize::from((offset - context.start) as u32);
        let items = ide::rbn::completions(context.record.as_ref(), &context.carry, at);
        Some((items, context.start))
    }

    fn symbols(doc: &mut RbnDocument) -> Vec<Placed<ide::Symbol>> {
        doc.records()
            .into_iter()
            .filter_map(|context| {
                let record = context.record?;
                Some((
                    ide::rbn::record_symbol(&record, &context.carry),
                    context.start,
                ))
            })
            .collect()
    }

    fn folding_ranges(doc: &mut RbnDocument) -> Vec<Placed<(TextRange, ide::FoldKind)>> {
        let mut out = Vec::new();
        for (node, start) in doc.parse.chunks() {
            if let Some(record) = Record::cast(node) {
                out.extend(
                    ide::rbn::folding_ranges(&record)
                        .into_iter()
                        .map(|fold| (fold, start as usize)),
                );
            }
        }
        out
    }

    fn definition(doc: &mut RbnDocument, offset: usize) -> Option<Placed<TextRange>> {
        let context = doc.context_at(offset)?;
        let at = TextSize::from((offset - context.start) as u32);
        let target = ide::rbn::note_definition(context.record.as_ref()?, at)?;
        Some((target, context.start))
    }

    fn references(
        doc: &mut RbnDocument,
        offset: usize,
        include_declaration: bool,
    ) -> Option<Placed<Vec<TextRange>>> {
        let context = doc.context_at(offset)?;
        let at = TextSize::from((offset - context.start) as u32);
        let found = ide::rbn::note_references(context.record.as_ref()?, at, include_declaration);
        Some((found, context.start))
    }

    fn inlay_hints(doc: &mut RbnDocument, wanted: RangeInclusive<usize>) -> PlacedHints {
        let (from, to) = (*wanted.start(), *wanted.end());
        let len = doc.rope.len_bytes();
        doc.records()
            .into_iter()
            .filter_map(|context| {
                let record = context.record?;
                let end = context.start + usize::from(record.syntax().text_range().end());
                if end < from || context.start > to.min(len) {
                    return None;
                }
                let mut carry = (*context.carry).clone();
                let board = seams::read_rbn_board(&record, &mut carry)?;
                Some((ide::record_hints(&board), context.start))
            })
            .collect()
    }

    fn semantic_tokens(piece: RbnNode) -> Vec<ide::SemanticToken> {
        Record::cast(piece)
            .map(|record| ide::rbn::semantic_tokens(&record))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lsp::open_text::{test_uri, utf16, OpenText};
    use crate::syntax::rbn::RbnParse;
    use crate::text::PositionEncoding;
    use tower_lsp_server::ls_types as lsp;

    const TEXT: &str = "% RBN\n\nB 1\nH N:AKQJ.T98.765.432:T98.765.432.AKQJ:765.432.AKQJ.T98:\nA NZ:1SP\n\nB 2\nA EZ:P1S\n\nB 3\nA SZ:1D\n";

    #[test]
    fn an_edit_rechecks_from_its_record_until_the_carried_state_is_the_same() {
        let mut doc = RbnDocument::new(test_uri("t.rbn"), TEXT, 1);
        doc.refresh();
        assert_eq!(doc.body.last_checked, 4, "the header and three deals");
        let settings = Settings::default();
        let first = OpenText::diagnostics(&mut doc, utf16(&settings)).into_vec();
        // An edit of the auction of board 2 hands nothing new down: only board 2 is checked.
        let line = lsp::Position::new(7, 8);
        doc.apply_change(
            Some(lsp::Range::new(line, line)),
            "1S",
            PositionEncoding::Utf16,
        )
        .unwrap();
        doc.refresh();
        assert_eq!(doc.body.last_checked, 1);
        let second = OpenText::diagnostics(&mut doc, utf16(&settings)).into_vec();
        assert!(second.len() > first.len(), "1S after 1S is insufficient");
        assert!(second.iter().any(|d| d.code
            == Some(lsp::NumberOrString::String("A302".to_string()))
            && d.range.start.line == 7));
        // Board 1's H is handed down to 2 and 3: changing it re-checks all three.
        let h = lsp::Position::new(3, 4);
        doc.apply_change(
            Some(lsp::Range::new(h, lsp::Position::new(3, 5))),
            "Q",
            PositionEncoding::Utf16,
        )
        .unwrap();
        doc.refresh();
        assert_eq!(doc.body.last_checked, 3);
        assert_eq!(doc.parse, RbnParse::new(&doc.rope.to_string()));
        // The full check of the same text gives the same codes.
        let whole =
            crate::analysis::rbn::check_rbn_text(&doc.rope.to_string(), &Default::default());
        let mut codes: Vec<String> = whole
            .diagnostics
            .iter()
            .map(|d| d.code.to_string())
            .collect();
        let mut ours: Vec<String> = OpenText::diagnostics(&mut doc, utf16(&settings))
            .into_vec()
            .into_iter()
            .filter_map(|d| match d.code {
                Some(lsp::NumberOrString::String(code)) => Some(code),
                _ => None,
            })
            .collect();
        codes.sort();
        ours.sort();
        assert_eq!(ours, codes);
    }

    #[test]
    fn the_record_context_carries_earlier_values() {
        let mut doc = RbnDocument::new(test_uri("t.rbn"), TEXT, 1);
        let board3 = TEXT.find("B 3").unwrap();
        let context = doc.context_at(board3 + 1).unwrap();
        assert_eq!(context.start, board3);
        let record = context.record.unwrap();
        let board = crate::ide::rbn::board_of(&record, &context.carry);
        assert!(board.deal.is_some(), "H carried from board 1");
        assert_eq!(doc.records().len(), 4);
    }
}
