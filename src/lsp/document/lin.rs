//! An open LIN document: its rope, its per-board tree, and per-piece diagnostics computed with
//! the vugraph header before each board, kept by the `PieceCache` every notation shares.

use std::ops::RangeInclusive;

use crate::analysis::lin::{check_lin_piece, LinState};
use crate::analysis::PieceFindings;
use crate::ide;
use crate::lsp::document::open_text::Placed;
use crate::lsp::document::tree::{
    CarryingGrammar, PieceBody, PieceContext, TreeCache, TreeDocument,
};
use crate::lsp::seams;
use crate::model::board::BoardModel;
use crate::syntax::lin::{LinLanguage, LinNode, LinParse, Piece};
use crate::syntax::{TextRange, TextSize};

/// An open LIN document.
pub(crate) type LinDocument = TreeDocument<LinLanguage, LinChecks>;

/// What a LIN document keeps to publish its diagnostics: the findings of each piece.
pub(crate) type LinChecks = TreeCache<LinLanguage>;

impl CarryingGrammar for LinLanguage {
    type Carried = LinState;

    fn check_piece(parse: &LinParse, index: usize, state: &mut LinState) -> PieceFindings {
        let (Some(rowan::NodeOrToken::Node(green)), Some(start)) =
            (parse.children().get(index), parse.child_starts().get(index))
        else {
            return PieceFindings::default();
        };
        match Piece::cast(LinNode::new_root(green.clone())) {
            Some(piece) => check_lin_piece(&piece, parse.errors_in(index), *start, state),
            None => PieceFindings::default(),
        }
    }
}

/// The piece of a context, if it is one.
fn piece_of(context: &PieceContext<LinLanguage>) -> Option<Piece> {
    context.node.clone().and_then(Piece::cast)
}

impl LinDocument {
    /// The board holding `offset`, if it is in a board.
    pub fn board_at(&mut self, offset: usize) -> Option<BoardModel> {
        let context = self.piece_at(offset)?;
        let piece = piece_of(&context)?;
        piece
            .is_board()
            .then(|| seams::read_lin_board(&piece, context.carried.carry()))
    }
}

impl PieceBody<LinLanguage> for LinChecks {
    fn board_at(doc: &mut LinDocument, offset: usize) -> Option<BoardModel> {
        LinDocument::board_at(doc, offset)
    }

    fn hover(doc: &mut LinDocument, offset: usize) -> Option<Placed<ide::Hover>> {
        let context = doc.piece_at(offset)?;
        let at = TextSize::from((offset - context.start) as u32);
        let piece = piece_of(&context)?;
        Some((
            ide::lin::hover(&piece, context.carried.carry(), at)?,
            context.start,
        ))
    }

    fn completions(doc: &mut LinDocument, offset: usize) -> Option<Placed<Vec<ide::Completion>>> {
        let context = doc.piece_at(offset)?;
        let at = TextSize::from((offset - context.start) as u32);
        let items = ide::lin::completions(&piece_of(&context)?, context.carried.carry(), at);
        Some((items, context.start))
    }

    fn symbols(doc: &mut LinDocument) -> Vec<Placed<ide::Symbol>> {
        doc.pieces()
            .into_iter()
            .filter_map(|context| {
                let piece = piece_of(&context)?;
                Some((
                    ide::lin::piece_symbol(&piece, context.carried.carry()),
                    context.start,
                ))
            })
            .collect()
    }

    /// A board is one line: nothing to fold.
    fn folding_ranges(_: &mut LinDocument) -> Vec<Placed<(TextRange, ide::FoldKind)>> {
        Vec::new()
    }

    fn boards_in(doc: &mut LinDocument, wanted: RangeInclusive<usize>) -> Vec<(BoardModel, usize)> {
        let (from, to) = (*wanted.start(), *wanted.end());
        doc.pieces()
            .into_iter()
            .filter_map(|context| {
                let piece = piece_of(&context)?;
                let end = context.start + usize::from(piece.syntax().text_range().end());
                // An address's board has its places in the LIN it stands for, not in the file.
                let wanted =
                    piece.is_board() && piece.url().is_none() && end >= from && context.start <= to;
                wanted.then(|| {
                    (
                        seams::lin_board_for_editor(&piece, context.carried.carry()),
                        context.start,
                    )
                })
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
    use crate::diagnostic::Code;
    use crate::diagnostic::Diagnostic;
    use crate::lsp::config::Settings;
    use crate::lsp::document::open_text::{test_uri, utf16, OpenText};
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
                .and_then(|b| b.fact("Board").map(str::to_string)),
            Some("1".into())
        );
        // The line end after a board (where the cursor stands at the end of its line) is in it.
        let line_end = doc.rope.to_string().find('\n').unwrap();
        assert_eq!(
            doc.board_at(line_end)
                .and_then(|b| b.fact("Board").map(str::to_string)),
            Some("1".into())
        );
    }

    /// The L709 of a board lies in the vugraph header's results: typing in a later board checks
    /// that board alone, and the finding stays on the result when the header's text moves it.
    #[test]
    fn a_finding_in_the_header_follows_it_and_only_the_edited_pieces_are_checked() {
        let deal = "md|3SAKQJHT98D765C432,ST98HAKQJD432C765,S765H432DAKQJCT98,|sv|o|";
        let play = "mb|1s|mb|p|mb|4s|mb|p|mb|p|mb|p|pc|ca|pc|c2|pc|c5|pc|ct|mc|10|";
        let text = format!(
            "vg|Final,1,I,1,1,A,0,B,0|\nrs|4SN+1,|\npn|s,w,n,e,S,W,N,E|pg||\n\
             qx|o1|{deal}{play}\nqx|o2|{deal}\n"
        );
        let mut doc = LinDocument::new(test_uri("t.lin"), &text, 1);
        let settings = Settings::default();
        let l709 = |doc: &mut LinDocument| -> Vec<String> {
            doc.refresh();
            let text = doc.rope.to_string();
            doc.shown_diagnostics(&settings)
                .iter()
                .filter(|d| d.code == Code::L709)
                .map(|d| text[usize::from(d.range.start())..usize::from(d.range.end())].to_string())
                .collect()
        };
        let agrees_with_check = |doc: &mut LinDocument| {
            let whole =
                crate::analysis::lin::check_lin_text(&doc.rope.to_string(), &Default::default());
            let key = |d: Diagnostic| (d.code, d.range.start(), d.range.end());
            let ours: Vec<_> = doc
                .shown_diagnostics(&settings)
                .into_iter()
                .map(key)
                .collect();
            let theirs: Vec<_> = whole.diagnostics.into_iter().map(key).collect();
            assert_eq!(ours, theirs);
        };
        let edit = |doc: &mut LinDocument, line: u32, from: u32, to: u32, text: &str| {
            let range =
                lsp::Range::new(lsp::Position::new(line, from), lsp::Position::new(line, to));
            doc.apply_change(Some(range), text, PositionEncoding::Utf16)
                .unwrap();
        };
        assert_eq!(l709(&mut doc), ["4SN+1"]);
        assert_eq!(doc.body.last_checked, 3);
        // Typing in the last board checks it alone.
        edit(&mut doc, 4, 3, 3, "xyz");
        assert_eq!(l709(&mut doc), ["4SN+1"]);
        assert_eq!(
            doc.body.last_checked, 1,
            "the header and board 1 keep theirs"
        );
        agrees_with_check(&mut doc);
        // A longer event name moves the results: the header and both boards are checked.
        edit(&mut doc, 0, 8, 8, "s");
        assert_eq!(l709(&mut doc), ["4SN+1"]);
        assert_eq!(doc.body.last_checked, 3);
        agrees_with_check(&mut doc);
        // Mending the result.
        edit(&mut doc, 1, 6, 8, "=");
        assert!(l709(&mut doc).is_empty());
        agrees_with_check(&mut doc);
    }
}
