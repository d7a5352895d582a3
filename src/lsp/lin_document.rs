//! An open LIN document: its rope, its per-board tree, and its diagnostics.
//!
//! An edit reparses the boards around it ([`LinParse::apply_edit`]). The diagnostics are those of
//! `kibitzer check` for the whole text, computed again after a change: LIN files hold one board
//! or one match (a few hundred boards at most), which checks in a few milliseconds.

use std::ops::RangeInclusive;

use super::config::Settings;
use super::open_text::{Placed, PlacedHints};
use super::tree_document::{PieceBody, TreeDocument};
use crate::analysis::lin::check_lin;
use crate::convert::Board;
use crate::diagnostic::Diagnostic;
use crate::ide;
use crate::model::lin::{read_board, LinCarry};
use crate::syntax::lin::{LinLanguage, LinNode, Piece};
use crate::syntax::{TextRange, TextSize};

/// An open LIN document.
pub type LinDocument = TreeDocument<LinLanguage, LinChecks>;

/// What a LIN document keeps to publish its diagnostics.
#[derive(Debug, Default)]
pub struct LinChecks {
    /// The diagnostics and the generation they were computed for.
    checked: Option<(u64, Vec<Diagnostic>)>,
}

/// A piece (board or header) with where it starts and what the header before it hands down.
#[derive(Debug, Clone)]
pub struct PieceContext {
    /// The piece, rooted at its start.
    pub piece: Piece,
    /// Where it starts.
    pub start: usize,
    /// What the vugraph header before it hands down.
    pub carry: LinCarry,
}

impl LinDocument {
    /// Forgets the diagnostics (after a settings change).
    pub fn invalidate(&mut self) {
        self.body.checked = None;
    }

    /// Brings the diagnostics up to date.
    pub fn refresh(&mut self) {
        if self
            .body
            .checked
            .as_ref()
            .is_some_and(|(g, _)| *g == self.generation)
        {
            return;
        }
        let report = check_lin(&self.parse, &Default::default());
        self.body.checked = Some((self.generation, report.diagnostics));
    }

    /// Every diagnostic the settings show, with absolute ranges inside the text, in text order
    /// (call [`LinDocument::refresh`] first).
    pub fn shown_diagnostics(&self, settings: &Settings) -> Vec<Diagnostic> {
        let len = self.rope.len_bytes();
        self.body
            .checked
            .iter()
            .flat_map(|(_, ds)| ds)
            .filter(|d| settings.shows(d.code, d.severity))
            .filter(|d| usize::from(d.range.end()) <= len)
            .cloned()
            .collect()
    }

    /// Every piece with its start and what the header hands down to it.
    pub fn pieces(&self) -> Vec<PieceContext> {
        let mut carry = LinCarry::default();
        let mut out = Vec::new();
        for (node, start) in self.parse.chunks() {
            let Some(piece) = Piece::cast(node) else {
                continue;
            };
            let context = PieceContext {
                piece: piece.clone(),
                start: start as usize,
                carry: carry.clone(),
            };
            if !piece.is_board() {
                carry = LinCarry::read(piece.pairs());
            }
            out.push(context);
        }
        out
    }

    /// The piece holding `offset` (the end of the text counts as in the last piece).
    pub fn piece_at(&self, offset: usize) -> Option<PieceContext> {
        self.pieces()
            .into_iter()
            .take_while(|p| p.start <= offset)
            .last()
    }

    /// The board holding `offset`, if it is in a board.
    pub fn board_at(&self, offset: usize) -> Option<Board> {
        let context = self.piece_at(offset)?;
        context
            .piece
            .is_board()
            .then(|| read_board(&context.piece, &context.carry))
    }
}

impl PieceBody<LinLanguage> for LinChecks {
    fn invalidate(doc: &mut LinDocument) {
        doc.invalidate();
    }

    fn shown(doc: &mut LinDocument, settings: &Settings) -> Vec<Diagnostic> {
        doc.refresh();
        doc.shown_diagnostics(settings)
    }

    fn board_at(doc: &mut LinDocument, offset: usize) -> Option<Board> {
        LinDocument::board_at(doc, offset)
    }

    fn hover(doc: &mut LinDocument, offset: usize) -> Option<Placed<ide::Hover>> {
        let context = doc.piece_at(offset)?;
        let at = TextSize::from((offset - context.start) as u32);
        Some((
            ide::lin::hover(&context.piece, &context.carry, at)?,
            context.start,
        ))
    }

    fn completions(doc: &mut LinDocument, offset: usize) -> Option<Placed<Vec<ide::Completion>>> {
        let context = doc.piece_at(offset)?;
        let at = TextSize::from((offset - context.start) as u32);
        let items = ide::lin::completions(&context.piece, &context.carry, at);
        Some((items, context.start))
    }

    fn symbols(doc: &mut LinDocument) -> Vec<Placed<ide::Symbol>> {
        doc.pieces()
            .into_iter()
            .map(|context| {
                (
                    ide::lin::piece_symbol(&context.piece, &context.carry),
                    context.start,
                )
            })
            .collect()
    }

    /// A board is one line: nothing to fold.
    fn folding_ranges(_: &mut LinDocument) -> Vec<Placed<(TextRange, ide::FoldKind)>> {
        Vec::new()
    }

    fn inlay_hints(doc: &mut LinDocument, wanted: RangeInclusive<usize>) -> PlacedHints {
        let (from, to) = (*wanted.start(), *wanted.end());
        doc.pieces()
            .into_iter()
            .filter(|context| {
                let end = context.start + usize::from(context.piece.syntax().text_range().end());
                // An address's board has its places in the LIN it stands for, not in the file.
                context.piece.is_board()
                    && context.piece.url().is_none()
                    && end >= from
                    && context.start <= to
            })
            .map(|context| {
                let board = read_board(&context.piece, &context.carry);
                (ide::record_hints(&board), context.start)
            })
            .collect()
    }

    fn semantic_tokens(piece: LinNode) -> Vec<ide::SemanticToken> {
        Piece::cast(piece)
            .map(|piece| ide::lin::semantic_tokens(&piece))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lsp::open_text::{test_uri, utf16, OpenText};
    use crate::syntax::lin::LinParse;
    use crate::text::PositionEncoding;
    use tower_lsp_server::ls_types as lsp;

    #[test]
    fn edits_keep_the_tree_and_diagnostics_of_the_whole_text() {
        let text = "qx|o1|md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,|mb|1s|\nqx|o2|md|1S2,,,|\n";
        let mut doc = LinDocument::new(test_uri("t.lin"), text, 1);
        doc.refresh();
        let settings = Settings::default();
        let before = OpenText::diagnostics(&mut doc, utf16(&settings)).into_vec();
        // `1s` then `1s`: the second is insufficient.
        let at = lsp::Position::new(0, text.find("|\n").unwrap() as u32 + 1);
        doc.apply_change(
            Some(lsp::Range::new(at, at)),
            "mb|1s|",
            PositionEncoding::Utf16,
        )
        .unwrap();
        doc.refresh();
        let after = OpenText::diagnostics(&mut doc, utf16(&settings)).into_vec();
        assert_eq!(doc.parse, LinParse::new(&doc.rope.to_string()));
        let code = |d: &lsp::Diagnostic| match &d.code {
            Some(lsp::NumberOrString::String(c)) => c.clone(),
            _ => String::new(),
        };
        assert!(!before.iter().any(|d| code(d) == "A302"));
        assert!(after.iter().any(|d| code(d) == "A302"), "{after:?}");
        assert_eq!(
            doc.board_at(3)
                .and_then(|b| b.info("Board").map(str::to_string)),
            Some("1".into())
        );
    }
}
