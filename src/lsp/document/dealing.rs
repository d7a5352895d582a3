//! An open dealing machine's file (a DLM text, or a binary one read as Latin-1): its rope,
//! checked whole after each change (a DLM file is some 6 KB), its boards' hovers, outline and
//! models for the preview.

use std::ops::{Range, RangeInclusive};

use ropey::Rope;
use tower_lsp_server::ls_types::Uri;

use crate::diagnostic::Diagnostic;
use crate::ide;
use crate::lsp::config::Settings;
use crate::lsp::convert;
use crate::lsp::document::open_text::{
    lsp_forms, ready, text_fields, ClientTerms, Fixable, HintMore, OpenText, Placed, PlacedHints,
};
use crate::lsp::job::{FormatJob, Job};
use crate::lsp::position::{meets, splice_rope};
use crate::lsp::published::Published;
use crate::model::board::BoardModel;
use crate::model::dealing::DealingFormat;
use crate::syntax::TextRange;

/// An open dealing file.
#[derive(Debug)]
pub(crate) struct DealingDocument {
    uri: Uri,
    rope: Rope,
    version: i32,
    generation: u64,
    format: DealingFormat,
    /// The findings of the text at the generation they were made at.
    checked: Option<(u64, Vec<Diagnostic>)>,
}

impl DealingDocument {
    /// A document of `format` opened with `text`.
    pub fn new(uri: Uri, format: DealingFormat, text: &str, version: i32) -> DealingDocument {
        DealingDocument {
            uri,
            rope: Rope::from_str(text),
            version,
            generation: 0,
            format,
            checked: None,
        }
    }

    /// The findings the settings show, with their LSP form (those meeting `within` when given).
    fn fixable(&mut self, within: Option<(usize, usize)>, client: ClientTerms<'_>) -> Vec<Fixable> {
        if self.checked.as_ref().map(|(g, _)| *g) != Some(self.generation) {
            let (_, found) =
                crate::analysis::dealing::check_dealing(self.format, &self.rope.to_string());
            self.checked = Some((self.generation, found));
        }
        let found = self
            .checked
            .as_ref()
            .map(|(_, f)| f.as_slice())
            .unwrap_or(&[]);
        found
            .iter()
            .filter(|d| client.settings.shows(d.code, d.severity))
            .filter(|d| within.is_none_or(|within| meets(d.range, within)))
            .map(|d| {
                let lsp = convert::diagnostic(&self.rope, &self.uri, d, client.encoding);
                (d.clone(), lsp)
            })
            .collect()
    }
}

impl OpenText for DealingDocument {
    text_fields!();

    fn replace(&mut self, text: &str) {
        self.rope = Rope::from_str(text);
        self.generation += 1;
    }

    fn apply_edit(&mut self, range: Range<usize>, text: &str) {
        splice_rope(&mut self.rope, range, text);
        self.generation += 1;
    }

    fn invalidate(&mut self) {
        self.checked = None;
    }

    fn board_at(&mut self, offset: usize) -> Option<BoardModel> {
        ide::dealing::board_at(self.format, &self.rope.to_string(), offset).map(|(_, b)| b)
    }

    fn diagnostics(&mut self, client: ClientTerms<'_>) -> Published {
        lsp_forms(self.fixable(None, client))
    }

    fn diagnostics_in(&mut self, from: usize, to: usize, client: ClientTerms<'_>) -> Vec<Fixable> {
        self.fixable(Some((from, to)), client)
    }

    /// A dealing file is written whole by its writer: formatting changes nothing.
    fn formatter(&self, _range: Option<TextRange>, _settings: &Settings) -> FormatJob {
        Box::new(Vec::new)
    }

    fn hover(&mut self, offset: usize) -> Option<Placed<ide::Hover>> {
        ide::dealing::hover(self.format, &self.rope.to_string(), offset).map(|h| (h, 0))
    }

    fn completions(&mut self, _offset: usize) -> Option<Placed<Vec<ide::Completion>>> {
        None
    }

    fn symbols(&mut self) -> Job<Vec<Placed<ide::Symbol>>> {
        let symbols = ide::dealing::symbols(self.format, &self.rope.to_string());
        ready(symbols.into_iter().map(|s| (s, 0)).collect())
    }

    fn folding_ranges(&mut self) -> Job<Vec<Placed<(TextRange, ide::FoldKind)>>> {
        ready(Vec::new())
    }

    fn semantic_tokens(
        &mut self,
        _range: Option<(usize, usize)>,
    ) -> Job<Vec<(TextRange, ide::SemanticToken)>> {
        ready(Vec::new())
    }

    fn inlay_hints(&mut self, _wanted: RangeInclusive<usize>, _more: HintMore<'_>) -> PlacedHints {
        Vec::new()
    }
}
