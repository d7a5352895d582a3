//! What every open document is, whatever its notation: the one trait, [`OpenText`], through
//! which the server asks a document its text, changes, diagnostics, formatting and every editor
//! feature. Each notation's document implements it beside its own state (`document.rs` for PBN,
//! `tree_document.rs` for RBN and LIN), answering in the library's terms; `open_document`
//! turns the answers into the protocol's.

use std::ops::{Range, RangeInclusive};

use ropey::Rope;
use tower_lsp_server::ls_types as lsp;

use crate::diagnostic::Diagnostic;
use crate::ide;
use crate::lsp::config::Settings;
use crate::lsp::job::{FormatJob, Job};
use crate::lsp::position::{change_range, BadChange};
use crate::lsp::published::Published;
use crate::model::board::BoardModel;
use crate::syntax::TextRange;
use crate::text::PositionEncoding;

/// What the server adds under the hover of a deal in any notation (the double-dummy lines),
/// given the board it is the deal of.
pub(crate) type HoverMore<'a> =
    &'a dyn Fn(&BoardModel) -> Option<crate::ide::diagram::DoubleDummyPart>;

/// What the server adds to the inlay hints of a board in any notation (what each card cost at
/// double dummy), given the board's model with its source map.
pub(crate) type HintMore<'a> = &'a dyn Fn(&BoardModel) -> Vec<ide::InlayHint>;

/// The inlay hints of a board in any notation, from its model with its source map: its own
/// (points, trick winners) and what the server adds, in the order they stand.
pub(super) fn board_hints(model: &BoardModel, more: HintMore<'_>) -> Vec<ide::InlayHint> {
    let mut hints = ide::hints::model_hints(model);
    hints.extend(more(model));
    hints.sort_by_key(|h| h.offset);
    hints
}

/// A diagnostic with its LSP form, from which the quick fixes it carries are offered.
pub(crate) type Fixable = (Diagnostic, lsp::Diagnostic);

/// The LSP forms of `fixable`, as they are published.
pub(super) fn lsp_forms(fixable: Vec<Fixable>) -> Published {
    let forms: Vec<lsp::Diagnostic> = fixable.into_iter().map(|(_, lsp)| lsp).collect();
    forms.into()
}

/// What diagnostics are given in the terms of: the client's settings for the document and the
/// position encoding it negotiated.
#[derive(Clone, Copy)]
pub(crate) struct ClientTerms<'a> {
    /// The settings that apply to the document.
    pub settings: &'a Settings,
    /// The negotiated position encoding.
    pub encoding: PositionEncoding,
}

/// The address of a file named `name` at the root, for the tests.
#[cfg(test)]
pub(crate) fn test_uri(name: &str) -> lsp::Uri {
    format!("file:///{name}").parse().expect("a file URI")
}

/// The terms of a client that counts in UTF-16 (the protocol's default), for the tests.
#[cfg(test)]
pub(crate) fn utf16(settings: &Settings) -> ClientTerms<'_> {
    ClientTerms {
        settings,
        encoding: PositionEncoding::Utf16,
    }
}

/// An answer about one piece of a document (a PBN game, an RBN record, a LIN board) with the
/// byte offset the piece starts at: the answer's ranges are relative to that start.
pub(crate) type Placed<T> = (T, usize);

/// The inlay hints of each piece, placed at the piece's start.
pub(crate) type PlacedHints = Vec<Placed<Vec<ide::InlayHint>>>;

/// What the server asks of an open document, whatever its notation, answered in the library's
/// terms (`OpenDocument` turns them into the protocol's).
pub(crate) trait OpenText: Send + std::fmt::Debug {
    /// The text.
    fn rope(&self) -> &Rope;
    /// The client's version.
    fn version(&self) -> i32;
    /// Records the client's version.
    fn set_version(&mut self, version: i32);
    /// The generation (increases with every change).
    fn generation(&self) -> u64;
    /// Replaces the whole text.
    fn replace(&mut self, text: &str);
    /// Applies one change: `range` in the negotiated encoding (or the whole text when `None`).
    fn apply_change(
        &mut self,
        range: Option<lsp::Range>,
        text: &str,
        encoding: PositionEncoding,
    ) -> Result<(), BadChange> {
        match range {
            Some(range) => {
                let bytes = change_range(self.rope(), range, text.len(), encoding)?;
                self.apply_edit(bytes, text);
            }
            None => self.replace(text),
        }
        Ok(())
    }
    /// Replaces the bytes `range` (checked against the text by [`change_range`]) with `text`.
    fn apply_edit(&mut self, range: Range<usize>, text: &str);
    /// Forgets every cached diagnostic (after a settings change).
    fn invalidate(&mut self);
    /// Forgets the cached diagnostics that double-dummy results decide (only PBN keeps them).
    fn invalidate_double_dummy(&mut self) {}
    /// The board holding `offset`, if any.
    fn board_at(&mut self, offset: usize) -> Option<BoardModel>;
    /// The complete deal of the game holding `offset`, for the double-dummy solver to work on
    /// ahead of a hover (only PBN shows double-dummy results).
    fn deal_to_solve(&mut self, _offset: usize) -> Option<crate::bridge::Deal> {
        None
    }
    /// Brings the diagnostics up to date and returns them in LSP form: the one answer given in
    /// the protocol's terms, since a PBN document caches its diagnostics that way so that a
    /// keystroke in a large file republishes them quickly.
    fn diagnostics(&mut self, client: ClientTerms<'_>) -> Published;
    /// Checks up to `games` of the games not checked yet and says how many are left (see
    /// [`super::OpenDocument::open`]); a document checked at once has none left.
    fn check_some(&mut self, _client: ClientTerms<'_>, _games: usize) -> usize {
        0
    }
    /// The diagnostics meeting the byte range `from..=to` with their LSP form, for the quick
    /// fixes they carry.
    fn diagnostics_in(&mut self, from: usize, to: usize, client: ClientTerms<'_>) -> Vec<Fixable>;
    /// The formatting of the whole document, or of the games or records `range` touches.
    fn formatter(&self, range: Option<TextRange>, settings: &Settings) -> FormatJob;
    /// The hover at byte `offset` (`more` adds to a PBN game's).
    fn hover(&mut self, offset: usize) -> Option<Placed<ide::Hover>>;
    /// The completions at byte `offset`.
    fn completions(&mut self, offset: usize) -> Option<Placed<Vec<ide::Completion>>>;
    /// The outline: a symbol per game, record or board.
    fn symbols(&mut self) -> Job<Vec<Placed<ide::Symbol>>>;
    /// The outline already in LSP form, when the document keeps it so (PBN's per-game cache);
    /// `None`: [`OpenText::symbols`] converted.
    fn lsp_symbols(
        &mut self,
        _encoding: PositionEncoding,
    ) -> Option<Job<Vec<lsp::DocumentSymbol>>> {
        None
    }
    /// The ranges the editor may fold.
    fn folding_ranges(&mut self) -> Job<Vec<Placed<(TextRange, ide::FoldKind)>>>;
    /// The semantic tokens meeting the byte range `range` (the whole document when `None`), with
    /// their absolute ranges, in text order.
    fn semantic_tokens(
        &mut self,
        range: Option<(usize, usize)>,
    ) -> Job<Vec<(TextRange, ide::SemanticToken)>>;
    /// Where the note reference at byte `offset` leads; PBN and RBN link their notes to their
    /// references.
    fn definition(&mut self, _offset: usize) -> Option<Placed<TextRange>> {
        None
    }
    /// Every place that names the note at byte `offset`.
    fn references(
        &mut self,
        _offset: usize,
        _include_declaration: bool,
    ) -> Option<Placed<Vec<TextRange>>> {
        None
    }
    /// The inlay hints of each piece meeting the bytes `wanted` (`more` adds to each board's).
    fn inlay_hints(&mut self, wanted: RangeInclusive<usize>, more: HintMore<'_>) -> PlacedHints;
}

/// A job that only hands over an answer already known.
pub(super) fn ready<T: Send + 'static>(answer: T) -> Job<T> {
    Box::new(move || answer)
}

/// The fields every document keeps under the same names.
macro_rules! text_fields {
    () => {
        fn rope(&self) -> &Rope {
            &self.rope
        }
        fn version(&self) -> i32 {
            self.version
        }
        fn set_version(&mut self, version: i32) {
            self.version = version;
        }
        fn generation(&self) -> u64 {
            self.generation
        }
    };
}
pub(super) use text_fields;
