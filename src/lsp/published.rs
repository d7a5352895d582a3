//! A document's diagnostics in the form the server publishes them: each game's checked
//! diagnostics cached in LSP form relative to the game's first line, and a publish made of runs
//! of them, written out on every core when they are many.

use std::sync::{Arc, OnceLock};

use tower_lsp_server::ls_types as lsp;

use super::convert;
use crate::analysis::suppress::PieceFacts;
use crate::diagnostic::catalogue::lookup;
use crate::diagnostic::flood::{flood_fates, summary_message, Fate};
use crate::diagnostic::Severity;
use crate::parallel::{map_slices, threads_for};

/// A diagnostic of one game, kept with its LSP form relative to the game's first line.
#[derive(Debug, Clone)]
pub(crate) struct CachedDiagnostic {
    /// The diagnostic with ranges relative to the game's start.
    pub diagnostic: crate::diagnostic::Diagnostic,
    /// The LSP form, lines counted from the game's first line (related locations absolute-free
    /// too: their lines are relative in the same way).
    pub lsp: lsp::Diagnostic,
}

impl CachedDiagnostic {
    /// The LSP form for a game whose first line is `base`: its lines, and those of its related
    /// locations, moved down by that many lines.
    pub(super) fn lsp_from_line(&self, base: u32) -> lsp::Diagnostic {
        let mut lsp = self.lsp.clone();
        lsp.range = convert::lines_down(lsp.range, base);
        for related in lsp.related_information.iter_mut().flatten() {
            related.location.range = convert::lines_down(related.location.range, base);
        }
        lsp
    }
}

/// A document's diagnostics in LSP form as they are published: runs of a game's cached
/// diagnostics, shared with the cache and written moved down to the game's first line, and
/// diagnostics made in full.
#[derive(Debug, Default)]
pub(crate) struct Published {
    pub(super) parts: Vec<Part>,
}

/// A run of [`Published`].
#[derive(Debug)]
pub(super) enum Part {
    /// A game's cached diagnostics (those at `only`, when some are not shown), for a game whose
    /// first line is `base`.
    Cached {
        base: u32,
        piece: Arc<CheckedPiece>,
        only: Option<Vec<usize>>,
    },
    /// Diagnostics in full.
    Full(Vec<lsp::Diagnostic>),
}

impl From<Vec<lsp::Diagnostic>> for Published {
    fn from(diagnostics: Vec<lsp::Diagnostic>) -> Published {
        Published {
            parts: vec![Part::Full(diagnostics)],
        }
    }
}

impl Part {
    /// The cached diagnostics of a [`Part::Cached`] run that are shown, with its base line.
    fn cached(&self) -> Option<(u32, impl Iterator<Item = &CachedDiagnostic>)> {
        let Part::Cached { base, piece, only } = self else {
            return None;
        };
        let all = &piece.diagnostics;
        let count = only.as_ref().map_or(all.len(), Vec::len);
        let at = move |k: usize| only.as_ref().map_or(Some(k), |only| only.get(k).copied());
        Some((*base, (0..count).filter_map(move |k| all.get(at(k)?))))
    }

    /// The diagnostics the run publishes, as they are written.
    fn elements(&self) -> impl Iterator<Item = Element<'_>> {
        let moved = self.cached().into_iter().flat_map(|(base, shown)| {
            shown.map(move |cached| Element::Moved(convert::LinesDown(&cached.lsp, base)))
        });
        let full = match self {
            Part::Full(all) => all.as_slice(),
            Part::Cached { .. } => &[],
        };
        moved.chain(full.iter().map(Element::Full))
    }

    /// How many diagnostics the run publishes.
    pub(super) fn len(&self) -> usize {
        match self {
            Part::Cached { piece, only, .. } => {
                only.as_ref().map_or(piece.diagnostics.len(), Vec::len)
            }
            Part::Full(all) => all.len(),
        }
    }
}

impl Published {
    /// The diagnostics, each in full.
    pub fn into_vec(self) -> Vec<lsp::Diagnostic> {
        let mut out = Vec::with_capacity(self.parts.iter().map(Part::len).sum());
        for part in self.parts {
            match part {
                Part::Full(all) => out.extend(all),
                cached => {
                    if let Some((base, shown)) = cached.cached() {
                        out.extend(shown.map(|c| c.lsp_from_line(base)));
                    }
                }
            }
        }
        out
    }
}

impl Published {
    /// The diagnostics written as a JSON array: the bytes `serde_json::to_vec` writes, made on
    /// every core when there are many (a large file's 75,000 take tens of milliseconds on one,
    /// and every keystroke publishes them all again).
    pub fn to_json(&self) -> serde_json::Result<Vec<u8>> {
        let count: usize = self.parts.iter().map(Part::len).sum();
        let threads = threads_for(count, PARALLEL_WRITE);
        let slices = map_slices(&self.parts, threads, |parts| vec![write_elements(parts)]);
        let mut out = Vec::with_capacity(2 + slices.iter().flatten().map(Vec::len).sum::<usize>());
        out.push(b'[');
        for slice in slices {
            let slice = slice?;
            if slice.is_empty() {
                continue;
            }
            if out.len() > 1 {
                out.push(b',');
            }
            out.extend_from_slice(&slice);
        }
        out.push(b']');
        Ok(out)
    }
}

impl Published {
    /// The diagnostics as the editor is shown them, by the flood rule
    /// ([`crate::diagnostic::flood`]): beyond the first thousand of a hint or info code, one
    /// summary at the first left out stands for the rest.
    pub fn folded(self) -> Published {
        let fates = {
            let mut keys = Vec::new();
            for part in &self.parts {
                part.push_keys(&mut keys);
            }
            match flood_fates(&keys) {
                Some(fates) => fates,
                None => return self,
            }
        };
        let mut at = 0;
        let mut summaries = Vec::new();
        let mut parts = Vec::with_capacity(self.parts.len());
        for part in self.parts {
            let count = part.len();
            let own = fates.get(at..at + count).unwrap_or_default();
            at += count;
            // Most runs are shown whole or left out whole: neither needs a list of its own.
            if own.iter().all(|f| *f == Fate::Shown) {
                parts.push(part);
                continue;
            }
            match part {
                Part::Cached { base, piece, only } => {
                    let mut kept = Vec::new();
                    for (k, fate) in own.iter().enumerate() {
                        let index = only.as_ref().map_or(Some(k), |o| o.get(k).copied());
                        let Some(index) = index else { continue };
                        match fate {
                            Fate::Shown => kept.push(index),
                            Fate::Summary { more } => {
                                if let Some(cached) = piece.diagnostics.get(index) {
                                    let mut lsp = cached.lsp_from_line(base);
                                    summarise(&mut lsp, cached.diagnostic.code.as_str(), *more);
                                    summaries.push(lsp);
                                }
                            }
                            Fate::Folded => {}
                        }
                    }
                    if !kept.is_empty() {
                        parts.push(Part::Cached {
                            base,
                            piece,
                            only: Some(kept),
                        });
                    }
                }
                Part::Full(all) => {
                    let mut kept = Vec::new();
                    for (mut lsp, fate) in all.into_iter().zip(own) {
                        match fate {
                            Fate::Shown => kept.push(lsp),
                            Fate::Summary { more } => {
                                let code = lsp_code(&lsp).unwrap_or_default().to_string();
                                summarise(&mut lsp, &code, *more);
                                summaries.push(lsp);
                            }
                            Fate::Folded => {}
                        }
                    }
                    parts.push(Part::Full(kept));
                }
            }
        }
        if !summaries.is_empty() {
            parts.push(Part::Full(summaries));
        }
        Published { parts }
    }
}

/// Makes `lsp` the summary of `more` findings of `code`: the message says so, and its data
/// (`{"standsFor": more}`) lets a client count every finding; no related places.
fn summarise(lsp: &mut lsp::Diagnostic, code: &str, more: usize) {
    // Written as every diagnostic is: the message, then the code's name.
    let name = lookup(code).map_or("unknown-code", |info| info.name);
    lsp.message = format!("{} ({name})", summary_message(code, more));
    lsp.related_information = None;
    lsp.data = Some(serde_json::json!({ "standsFor": more }));
}

/// The code of a diagnostic in LSP form.
fn lsp_code(lsp: &lsp::Diagnostic) -> Option<&str> {
    match &lsp.code {
        Some(lsp::NumberOrString::String(code)) => Some(code),
        _ => None,
    }
}

/// The severity of a diagnostic in LSP form, in Kibitzer's terms.
fn lsp_severity(lsp: &lsp::Diagnostic) -> Severity {
    match lsp.severity {
        Some(lsp::DiagnosticSeverity::HINT) => Severity::Hint,
        Some(lsp::DiagnosticSeverity::INFORMATION) => Severity::Info,
        Some(lsp::DiagnosticSeverity::WARNING) => Severity::Warning,
        _ => Severity::Error,
    }
}

impl Part {
    /// Adds the code and severity of each diagnostic the run publishes, in order.
    fn push_keys<'a>(&'a self, keys: &mut Vec<(&'a str, Severity)>) {
        match self {
            Part::Full(all) => keys.extend(
                all.iter()
                    .map(|lsp| (lsp_code(lsp).unwrap_or_default(), lsp_severity(lsp))),
            ),
            cached => keys.extend(
                cached
                    .cached()
                    .into_iter()
                    .flat_map(|(_, shown)| shown)
                    .map(|c| (c.diagnostic.code.as_str(), c.diagnostic.severity)),
            ),
        }
    }
}

/// Writing at least this many diagnostics at once is spread over threads.
pub(super) const PARALLEL_WRITE: usize = 4096;

/// The diagnostics of `parts` as JSON array elements, separated by commas (no brackets).
fn write_elements(parts: &[Part]) -> serde_json::Result<Vec<u8>> {
    let mut out = Vec::new();
    for element in parts.iter().flat_map(Part::elements) {
        if !out.is_empty() {
            out.push(b',');
        }
        serde_json::to_writer(&mut out, &element)?;
    }
    Ok(out)
}

/// One published diagnostic as it is written: a cached one moved down to its game, or one
/// made in full.
enum Element<'a> {
    Moved(convert::LinesDown<'a>),
    Full(&'a lsp::Diagnostic),
}

impl serde::Serialize for Element<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Element::Moved(moved) => moved.serialize(serializer),
            Element::Full(diagnostic) => diagnostic.serialize(serializer),
        }
    }
}

impl serde::Serialize for Published {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = serializer.serialize_seq(Some(self.parts.iter().map(Part::len).sum()))?;
        for element in self.parts.iter().flat_map(Part::elements) {
            seq.serialize_element(&element)?;
        }
        seq.end()
    }
}

/// What checking one child of the outline gave.
#[derive(Debug, Default)]
pub(crate) struct CheckedPiece {
    /// Its diagnostics.
    pub diagnostics: Vec<CachedDiagnostic>,
    /// When it holds `% kibitzer-ignore:` lines: what the suppression pass needs of it.
    pub facts: Option<PieceFacts>,
}

/// A piece's outline entry and folds, each read the first time it is asked for and kept while
/// the piece's text is unchanged: after an edit only the edited game is read again (reading
/// them for every game cost a 20,000-game file half a second of both cores after each
/// keystroke). Kept with the piece's key, not its findings: a piece without findings shares
/// one empty findings value, and a settings change forgets findings, not outlines.
#[derive(Debug, Default)]
pub(crate) struct KeptOutline {
    /// Its outline entry.
    pub symbol: OnceLock<KeptSymbol>,
    /// Its folding ranges, relative to its start.
    pub folds: OnceLock<Vec<(crate::syntax::TextRange, crate::ide::FoldKind)>>,
}

/// A piece's outline entry (a game's) in LSP form, lines counted from its first line.
#[derive(Debug)]
pub(crate) struct KeptSymbol {
    /// The entry (`None`: the piece has none).
    pub symbol: Option<lsp::DocumentSymbol>,
    /// Whether it has its sections (a document of many games has its games only).
    pub detailed: bool,
}
