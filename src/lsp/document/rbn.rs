//! An open RBN document: its rope, its per-record tree, and per-record diagnostics computed with
//! the fields that earlier records hand down, kept by the `PieceCache` every notation
//! shares.

use std::ops::RangeInclusive;

use ropey::Rope;

use crate::analysis::PieceFindings;
use crate::diagnostic::Diagnostic;
use crate::ide;
use crate::lsp::document::open_text::Placed;
use crate::lsp::document::tree::{
    CarryingGrammar, PieceBody, PieceContext, TreeCache, TreeDocument,
};
use crate::lsp::position::{rope_contains, tail_of};
use crate::lsp::seams;
use crate::model::board::BoardModel;
use crate::model::Carry;
use crate::syntax::rbn::{RbnLanguage, RbnNode, RbnParse, Record};
use crate::syntax::{TextRange, TextSize};

/// An open RBN document.
pub(crate) type RbnDocument = TreeDocument<RbnLanguage, RbnChecks>;

/// What an RBN document keeps to publish its diagnostics: the findings of each record.
pub(crate) type RbnChecks = TreeCache<RbnLanguage>;

impl CarryingGrammar for RbnLanguage {
    type Carried = Carry;

    fn check_piece(parse: &RbnParse, index: usize, carry: &mut Carry) -> PieceFindings {
        let Some(range) = parse.child_range(index) else {
            return PieceFindings::default();
        };
        let mut within: Vec<Diagnostic> = parse
            .errors_in(index)
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
        if let Some(rowan::NodeOrToken::Node(green)) = parse.children().get(index) {
            let node = RbnNode::new_root(green.clone());
            within.extend(seams::rbn_record_diagnostics(&node, carry));
        }
        within.sort_by_key(|d| (d.range.start(), d.range.end()));
        PieceFindings {
            within,
            ..PieceFindings::default()
        }
    }

    /// Adds the findings about the end of the text, and applies the suppression directives.
    fn whole_text(rope: &Rope, starts: &[u32], mut all: Vec<Diagnostic>) -> Vec<Diagnostic> {
        let (tail, tail_start) = tail_of(rope);
        all.extend(seams::end_diagnostics(&tail, tail_start));
        all.sort_by_key(|d| (d.range.start(), d.range.end()));
        // The suppression pass reads the text only when a directive is in it.
        if rope_contains(rope, seams::DIRECTIVE.as_bytes()) {
            seams::suppress_rbn(&rope.to_string(), starts, all)
        } else {
            all
        }
    }
}

/// The record of a child's context, if the child is a record.
fn record_of(context: &PieceContext<RbnLanguage>) -> Option<Record> {
    context.node.clone().and_then(Record::cast)
}

impl RbnDocument {
    /// The board of the record holding `offset`, if it is a deal.
    pub fn board_at(&mut self, offset: usize) -> Option<BoardModel> {
        let context = self.context_at(offset);
        let record = record_of(&context)?;
        let mut carry = (*context.carried).clone();
        seams::read_rbn_board(&record, &mut carry)
    }
}

impl PieceBody<RbnLanguage> for RbnChecks {
    fn board_at(doc: &mut RbnDocument, offset: usize) -> Option<BoardModel> {
        doc.board_at(offset)
    }

    fn hover(doc: &mut RbnDocument, offset: usize) -> Option<Placed<ide::Hover>> {
        let context = doc.context_at(offset);
        let record = record_of(&context)?;
        let at = TextSize::from((offset - context.start) as u32);
        Some((
            ide::rbn::hover(&record, &context.carried, at)?,
            context.start,
        ))
    }

    fn completions(doc: &mut RbnDocument, offset: usize) -> Option<Placed<Vec<ide::Completion>>> {
        let context = doc.context_at(offset);
        let at = TextSize::from((offset - context.start) as u32);
        let items = ide::rbn::completions(record_of(&context).as_ref(), &context.carried, at);
        Some((items, context.start))
    }

    fn symbols(doc: &mut RbnDocument) -> Vec<Placed<ide::Symbol>> {
        doc.pieces()
            .into_iter()
            .filter_map(|context| {
                let record = record_of(&context)?;
                Some((
                    ide::rbn::record_symbol(&record, &context.carried),
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
        let context = doc.context_at(offset);
        let at = TextSize::from((offset - context.start) as u32);
        let target = ide::rbn::note_definition(&record_of(&context)?, at)?;
        Some((target, context.start))
    }

    fn references(
        doc: &mut RbnDocument,
        offset: usize,
        include_declaration: bool,
    ) -> Option<Placed<Vec<TextRange>>> {
        let context = doc.context_at(offset);
        let at = TextSize::from((offset - context.start) as u32);
        let found = ide::rbn::note_references(&record_of(&context)?, at, include_declaration);
        Some((found, context.start))
    }

    fn boards_in(doc: &mut RbnDocument, wanted: RangeInclusive<usize>) -> Vec<(BoardModel, usize)> {
        let (from, to) = (*wanted.start(), *wanted.end());
        let len = doc.rope.len_bytes();
        doc.pieces()
            .into_iter()
            .filter_map(|context| {
                let record = record_of(&context)?;
                let end = context.start + usize::from(record.syntax().text_range().end());
                if end < from || context.start > to.min(len) {
                    return None;
                }
                let board = seams::rbn_board_for_editor(&record, &context.carried)?;
                Some((board, context.start))
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
    use crate::diagnostic::Code;
    use crate::lsp::config::Settings;
    use crate::lsp::document::open_text::{test_uri, utf16, OpenText};
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
            == Some(lsp::NumberOrString::String(Code::A302.to_string()))
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
        let context = doc.context_at(board3 + 1);
        assert_eq!(context.start, board3);
        let record = record_of(&context).unwrap();
        let board = crate::ide::rbn::board_of(&record, &context.carried);
        assert!(board.deal.is_some(), "H carried from board 1");
        assert_eq!(doc.pieces().len(), 4);
    }
}
