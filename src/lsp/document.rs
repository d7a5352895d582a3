//! An open document: its rope, its tree, and its per-game diagnostics cache; position
//! conversions between byte offsets and LSP positions in the negotiated encoding.

use std::borrow::Cow;
use std::ops::Range;
use std::sync::Arc;

use ropey::Rope;
use rowan::NodeOrToken;
use tower_lsp_server::ls_types::{self as lsp, Uri};

use super::config::Settings;
use super::convert;
use super::rbn_document::RbnDocument;
use super::seams;
use crate::analysis::{self, Inheritance};
use crate::notation::Notation;
use crate::syntax::ast::Game;
use crate::syntax::{GreenElement, Parse, SyntaxNode, TextRange, TextSource};
use crate::text::PositionEncoding;

impl TextSource for Rope {
    fn len(&self) -> usize {
        self.len_bytes()
    }

    fn slice(&self, range: Range<usize>) -> Cow<'_, str> {
        let end = range.end.min(self.len_bytes());
        let start = range.start.min(end);
        match self.get_byte_slice(start..end) {
            Some(slice) => match slice.as_str() {
                Some(s) => Cow::Borrowed(s),
                None => Cow::Owned(slice.to_string()),
            },
            None => Cow::Borrowed(""),
        }
    }
}

/// The byte offset of an LSP position, or `None` when the line is past the end of the text.
///
/// A column past the end of its line means the end of the line (before its line end); a column
/// inside a character (half a UTF-16 surrogate pair) means the start of that character. One line
/// past the last, at column 0, is the end of the text.
pub fn offset_of(
    rope: &Rope,
    position: lsp::Position,
    encoding: PositionEncoding,
) -> Option<usize> {
    let line = position.line as usize;
    let lines = rope.len_lines();
    if line >= lines {
        return (line == lines && position.character == 0).then(|| rope.len_bytes());
    }
    let start = rope.try_line_to_byte(line).ok()?;
    let slice = rope.get_line(line)?;
    let mut offset = start;
    let mut col = 0u32;
    for c in slice.chars() {
        if c == '\n' || c == '\r' || col >= position.character {
            break;
        }
        let width = match encoding {
            PositionEncoding::Utf8 => c.len_utf8() as u32,
            PositionEncoding::Utf16 => c.len_utf16() as u32,
            PositionEncoding::Utf32 => 1,
        };
        if col + width > position.character {
            break;
        }
        col += width;
        offset += c.len_utf8();
    }
    Some(offset)
}

/// The LSP position of a byte offset (clamped to the text, floored to a character start).
pub fn position_of(rope: &Rope, offset: usize, encoding: PositionEncoding) -> lsp::Position {
    let offset = offset.min(rope.len_bytes());
    let char_index = rope.byte_to_char(offset);
    let line = rope.char_to_line(char_index);
    let line_char = rope.line_to_char(line);
    let character = match encoding {
        PositionEncoding::Utf8 => rope.char_to_byte(char_index) - rope.line_to_byte(line),
        PositionEncoding::Utf32 => char_index - line_char,
        PositionEncoding::Utf16 => {
            rope.char_to_utf16_cu(char_index) - rope.char_to_utf16_cu(line_char)
        }
    };
    lsp::Position::new(line as u32, character as u32)
}

/// The LSP range of a byte range.
pub fn range_of(rope: &Rope, range: TextRange, encoding: PositionEncoding) -> lsp::Range {
    lsp::Range::new(
        position_of(rope, usize::from(range.start()), encoding),
        position_of(rope, usize::from(range.end()), encoding),
    )
}

/// A diagnostic of one game, kept with its LSP form relative to the game's first line.
#[derive(Debug, Clone)]
pub struct CachedDiagnostic {
    /// The diagnostic with ranges relative to the game's start.
    pub diagnostic: analysis::Diagnostic,
    /// The LSP form, lines counted from the game's first line (related locations absolute-free
    /// too: their lines are relative in the same way).
    pub lsp: lsp::Diagnostic,
}

/// Checking at least this many games at once is spread over threads.
const PARALLEL_GAMES: usize = 2048;

/// What the server remembers about one child of the file node.
#[derive(Debug, Clone)]
struct Entry {
    /// The green element (compared by pointer to find what an edit changed).
    element: GreenElement,
    /// What earlier games hand down through `#`/`##` (only tracked in documents that use them).
    inherited: Option<Arc<Inheritance>>,
    /// Its diagnostics; `None` until computed.
    diagnostics: Option<Arc<Vec<CachedDiagnostic>>>,
}

fn same(a: &GreenElement, b: &GreenElement) -> bool {
    match (a, b) {
        (NodeOrToken::Node(a), NodeOrToken::Node(b)) => std::ptr::eq(&**a, &**b),
        (NodeOrToken::Token(a), NodeOrToken::Token(b)) => std::ptr::eq(&**a, &**b),
        _ => false,
    }
}

/// Why a change could not be applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadChange(pub String);

/// An open document.
#[derive(Debug)]
pub struct Document {
    /// Its URI.
    pub uri: Uri,
    /// The text.
    pub rope: Rope,
    /// The tree.
    pub parse: Parse,
    /// The client's version of the text.
    pub version: i32,
    /// Increases with every change (to drop outdated diagnostics runs).
    pub generation: u64,
    entries: Vec<Entry>,
    /// Whether the text may use tag inheritance (`"#`); then each game's diagnostics depend on
    /// the games before it. Set when such text is opened or typed, cleared on a full reload.
    uses_inheritance: bool,
}

/// Whether a rope contains `"#` (a value that inherits), looking across chunk boundaries.
fn mentions_inheritance(rope: &Rope) -> bool {
    let mut previous_quote = false;
    for chunk in rope.chunks() {
        let bytes = chunk.as_bytes();
        if (previous_quote && bytes.first() == Some(&b'#'))
            || memchr::memmem::find(bytes, b"\"#").is_some()
        {
            return true;
        }
        previous_quote = bytes.last() == Some(&b'"') || (previous_quote && bytes.is_empty());
    }
    false
}

impl Document {
    /// A document opened with `text`.
    pub fn new(uri: Uri, text: &str, version: i32) -> Document {
        let rope = Rope::from_str(text);
        let parse = Parse::new(text);
        let uses_inheritance = mentions_inheritance(&rope);
        Document {
            uri,
            rope,
            parse,
            version,
            generation: 0,
            entries: Vec::new(),
            uses_inheritance,
        }
    }

    /// Replaces the whole text.
    pub fn replace(&mut self, text: &str) {
        self.rope = Rope::from_str(text);
        self.parse = Parse::new(text);
        self.uses_inheritance = mentions_inheritance(&self.rope);
        self.generation += 1;
    }

    /// Applies one change: `range` in the negotiated encoding (or the whole text when `None`).
    pub fn apply_change(
        &mut self,
        range: Option<lsp::Range>,
        text: &str,
        encoding: PositionEncoding,
    ) -> Result<(), BadChange> {
        let Some(range) = range else {
            self.replace(text);
            return Ok(());
        };
        let start = offset_of(&self.rope, range.start, encoding);
        let end = offset_of(&self.rope, range.end, encoding);
        let (start, end) = match (start, end) {
            (Some(s), Some(e)) if s <= e => (s, e),
            _ => {
                return Err(BadChange(format!(
                    "change range {}:{}-{}:{} does not fit a text of {} lines",
                    range.start.line,
                    range.start.character,
                    range.end.line,
                    range.end.character,
                    self.rope.len_lines()
                )))
            }
        };
        if self.rope.len_bytes() - (end - start) + text.len() >= u32::MAX as usize {
            return Err(BadChange("the text would exceed 4 GiB".to_string()));
        }
        let start_char = self.rope.byte_to_char(start);
        let end_char = self.rope.byte_to_char(end);
        self.rope.remove(start_char..end_char);
        self.rope.insert(start_char, text);
        self.parse.apply_edit(start..end, text.len(), &self.rope);
        self.uses_inheritance |= text.contains('#');
        self.generation += 1;
        Ok(())
    }

    /// The child holding `offset` as a red node rooted at its start, with that start.
    pub fn chunk_at(&self, offset: usize) -> Option<(SyntaxNode, usize)> {
        let (node, start) = self.parse.chunk_at(offset as u32)?;
        Some((node, start as usize))
    }

    /// Brings the diagnostics cache up to date: only children that changed since the last call
    /// are checked again (compared by pointer, so this is linear in pointer comparisons only).
    pub fn refresh(&mut self, settings: &Settings, encoding: PositionEncoding) {
        let children = self.parse.children();
        let old = &self.entries;
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
        let fresh: Vec<Entry> = (prefix..children.len() - suffix)
            .map(|i| Entry {
                element: children[i].clone(),
                inherited: None,
                diagnostics: None,
            })
            .collect();
        let old_end = self.entries.len() - suffix;
        self.entries.splice(prefix..old_end, fresh);
        if self.uses_inheritance {
            self.thread_inheritance();
        }
        let missing: Vec<usize> = (0..self.entries.len())
            .filter(|&i| self.entries[i].diagnostics.is_none())
            .collect();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let computed: Vec<(usize, Vec<CachedDiagnostic>)> =
            if missing.len() >= PARALLEL_GAMES && threads > 1 {
                // Opening a large file: check its games on every core.
                let this = &*self;
                let per = missing.len().div_ceil(threads);
                std::thread::scope(|scope| {
                    let handles: Vec<_> = missing
                        .chunks(per)
                        .map(|part| {
                            scope.spawn(move || {
                                part.iter()
                                    .map(|&i| (i, this.compute(i, settings, encoding)))
                                    .collect::<Vec<_>>()
                            })
                        })
                        .collect();
                    let mut all = Vec::with_capacity(missing.len());
                    for (handle, part) in handles.into_iter().zip(missing.chunks(per)) {
                        match handle.join() {
                            Ok(done) => all.extend(done),
                            Err(_) => all.extend(part.iter().map(|&i| (i, Vec::new()))),
                        }
                    }
                    all
                })
            } else {
                missing
                    .iter()
                    .map(|&i| (i, self.compute(i, settings, encoding)))
                    .collect()
            };
        for (index, diagnostics) in computed {
            self.entries[index].diagnostics = Some(Arc::new(diagnostics));
        }
    }

    /// Hands each game what the games before it pass down with `#`/`##`, and forgets the
    /// diagnostics of games whose inheritance changed (linear in the games; only for documents
    /// that use inheritance).
    fn thread_inheritance(&mut self) {
        let mut state = Inheritance::default();
        for entry in &mut self.entries {
            let NodeOrToken::Node(green) = &entry.element else {
                continue;
            };
            let Some(game) = Game::cast(SyntaxNode::new_root(green.clone())) else {
                continue;
            };
            if entry.inherited.as_deref() != Some(&state) {
                entry.inherited = Some(Arc::new(state.clone()));
                entry.diagnostics = None;
            }
            state.advance(&game);
        }
    }

    /// Forgets every cached diagnostic (after a settings change).
    pub fn invalidate(&mut self) {
        self.entries.clear();
    }

    fn compute(
        &self,
        index: usize,
        settings: &Settings,
        encoding: PositionEncoding,
    ) -> Vec<CachedDiagnostic> {
        let Some(range) = self.parse.child_range(index) else {
            return Vec::new();
        };
        let start = u32::from(range.start());
        let errors = self.parse.errors();
        let lo = errors.partition_point(|e| e.range.start() < range.start());
        let hi = errors.partition_point(|e| e.range.start() < range.end());
        let mut diagnostics: Vec<analysis::Diagnostic> = errors[lo..hi]
            .iter()
            .map(|e| {
                let code = e.code.code();
                let mut d = analysis::Diagnostic::new(code, e.range, e.message.clone());
                d.range = TextRange::new(
                    e.range.start() - range.start(),
                    e.range.end() - range.start(),
                );
                d
            })
            .collect();
        if let NodeOrToken::Node(green) = &self.entries[index].element {
            let node = SyntaxNode::new_root(green.clone());
            let inherited = self.entries[index].inherited.as_deref();
            diagnostics.extend(seams::game_diagnostics(&node, inherited, settings));
        }
        let base_line = self.rope.byte_to_line(start as usize) as u32;
        diagnostics
            .into_iter()
            .map(|diagnostic| {
                let absolute = diagnostic.clone().shifted(start);
                let mut lsp = convert::diagnostic(&self.rope, &self.uri, &absolute, encoding);
                lsp.range.start.line -= base_line.min(lsp.range.start.line);
                lsp.range.end.line -= base_line.min(lsp.range.end.line);
                for related in lsp.related_information.iter_mut().flatten() {
                    related.location.range.start.line -=
                        base_line.min(related.location.range.start.line);
                    related.location.range.end.line -=
                        base_line.min(related.location.range.end.line);
                }
                CachedDiagnostic { diagnostic, lsp }
            })
            .collect()
    }

    /// Every diagnostic at or above the settings' minimum severity, in LSP form, with absolute
    /// positions (the cache must be fresh: call [`Document::refresh`] first).
    pub fn lsp_diagnostics(&self, settings: &Settings) -> Vec<lsp::Diagnostic> {
        let mut out = Vec::new();
        let starts = self.parse.child_starts();
        for (index, entry) in self.entries.iter().enumerate() {
            let Some(diagnostics) = &entry.diagnostics else {
                continue;
            };
            if diagnostics.is_empty() {
                continue;
            }
            let start = starts.get(index).copied().unwrap_or(0) as usize;
            let base = self.rope.byte_to_line(start.min(self.rope.len_bytes())) as u32;
            for cached in diagnostics.iter() {
                if cached.diagnostic.severity < settings.min_severity {
                    continue;
                }
                let mut lsp = cached.lsp.clone();
                lsp.range.start.line += base;
                lsp.range.end.line += base;
                for related in lsp.related_information.iter_mut().flatten() {
                    related.location.range.start.line += base;
                    related.location.range.end.line += base;
                }
                out.push(lsp);
            }
        }
        out
    }

    /// The diagnostics (absolute byte ranges) whose range meets `range`, with their LSP form.
    pub fn diagnostics_in(
        &self,
        range: Range<usize>,
        settings: &Settings,
    ) -> Vec<(analysis::Diagnostic, lsp::Diagnostic)> {
        let mut out = Vec::new();
        let starts = self.parse.child_starts();
        let first = self.parse.child_index_at(range.start as u32).unwrap_or(0);
        let last = self.parse.child_index_at(range.end as u32).unwrap_or(0);
        for index in first..=last.min(self.entries.len().saturating_sub(1)) {
            let Some(Some(diagnostics)) = self.entries.get(index).map(|e| &e.diagnostics) else {
                continue;
            };
            let start = starts.get(index).copied().unwrap_or(0);
            let base = self.rope.byte_to_line(start as usize) as u32;
            for cached in diagnostics.iter() {
                if cached.diagnostic.severity < settings.min_severity {
                    continue;
                }
                let absolute = cached.diagnostic.clone().shifted(start);
                let (s, e) = (
                    usize::from(absolute.range.start()),
                    usize::from(absolute.range.end()),
                );
                if s <= range.end && e >= range.start {
                    let mut lsp = cached.lsp.clone();
                    lsp.range.start.line += base;
                    lsp.range.end.line += base;
                    for related in lsp.related_information.iter_mut().flatten() {
                        related.location.range.start.line += base;
                        related.location.range.end.line += base;
                    }
                    out.push((absolute, lsp));
                }
            }
        }
        out
    }

    /// A snapshot for work done outside the lock: the text and the children with their starts.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            rope: self.rope.clone(),
            children: self.parse.children().to_vec(),
            starts: self.parse.child_starts().to_vec(),
        }
    }
}

/// An immutable copy of a document's text and tree (cheap: shared rope and green nodes).
#[derive(Debug, Clone)]
pub struct Snapshot {
    /// The text.
    pub rope: Rope,
    /// The children of the file node.
    pub children: Vec<GreenElement>,
    /// Their starts.
    pub starts: Vec<u32>,
}

impl Snapshot {
    /// The game and comment chunks meeting the byte range `range`, as red nodes with starts.
    pub fn chunks(&self, range: Range<usize>) -> impl Iterator<Item = (SyntaxNode, usize)> + '_ {
        let first = self
            .starts
            .partition_point(|&s| (s as usize) <= range.start)
            .saturating_sub(1);
        let last = self
            .starts
            .partition_point(|&s| (s as usize) < range.end.max(range.start + 1));
        (first..last.max(first)).filter_map(move |i| match self.children.get(i)? {
            NodeOrToken::Node(node) => {
                Some((SyntaxNode::new_root(node.clone()), self.starts[i] as usize))
            }
            NodeOrToken::Token(_) => None,
        })
    }
}

/// An open document in either notation.
#[derive(Debug)]
pub enum OpenDocument {
    /// A PBN document.
    Pbn(Document),
    /// An RBN document.
    Rbn(RbnDocument),
}

impl OpenDocument {
    /// A document opened with `text`: RBN when the language id is `rbn`, or when the language id
    /// is not one of ours and the URI ends with `.rbn`; PBN otherwise.
    pub fn new(uri: Uri, language_id: &str, text: &str, version: i32) -> OpenDocument {
        let notation = Notation::from_language_id(language_id).unwrap_or_else(|| {
            let path = uri.path().as_str().to_string();
            Notation::from_path(std::path::Path::new(&path))
        });
        match notation {
            Notation::Pbn => OpenDocument::Pbn(Document::new(uri, text, version)),
            Notation::Rbn => OpenDocument::Rbn(RbnDocument::new(uri, text, version)),
        }
    }

    /// The notation the document is read in.
    pub fn notation(&self) -> Notation {
        match self {
            OpenDocument::Pbn(_) => Notation::Pbn,
            OpenDocument::Rbn(_) => Notation::Rbn,
        }
    }

    /// The text.
    pub fn rope(&self) -> &Rope {
        match self {
            OpenDocument::Pbn(d) => &d.rope,
            OpenDocument::Rbn(d) => &d.rope,
        }
    }

    /// The client's version.
    pub fn version(&self) -> i32 {
        match self {
            OpenDocument::Pbn(d) => d.version,
            OpenDocument::Rbn(d) => d.version,
        }
    }

    /// Records the client's version.
    pub fn set_version(&mut self, version: i32) {
        match self {
            OpenDocument::Pbn(d) => d.version = version,
            OpenDocument::Rbn(d) => d.version = version,
        }
    }

    /// The generation (increases with every change).
    pub fn generation(&self) -> u64 {
        match self {
            OpenDocument::Pbn(d) => d.generation,
            OpenDocument::Rbn(d) => d.generation,
        }
    }

    /// Replaces the whole text.
    pub fn replace(&mut self, text: &str) {
        match self {
            OpenDocument::Pbn(d) => d.replace(text),
            OpenDocument::Rbn(d) => d.replace(text),
        }
    }

    /// Applies one change (see [`Document::apply_change`]).
    pub fn apply_change(
        &mut self,
        range: Option<lsp::Range>,
        text: &str,
        encoding: PositionEncoding,
    ) -> Result<(), BadChange> {
        match self {
            OpenDocument::Pbn(d) => d.apply_change(range, text, encoding),
            OpenDocument::Rbn(d) => d.apply_change(range, text, encoding),
        }
    }

    /// Forgets every cached diagnostic.
    pub fn invalidate(&mut self) {
        match self {
            OpenDocument::Pbn(d) => d.invalidate(),
            OpenDocument::Rbn(d) => d.invalidate(),
        }
    }

    /// Brings the diagnostics up to date and returns them in LSP form.
    pub fn diagnostics(
        &mut self,
        settings: &Settings,
        encoding: PositionEncoding,
    ) -> Vec<lsp::Diagnostic> {
        match self {
            OpenDocument::Pbn(d) => {
                d.refresh(settings, encoding);
                d.lsp_diagnostics(settings)
            }
            OpenDocument::Rbn(d) => {
                d.refresh();
                d.lsp_diagnostics(settings, encoding)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_round_trip_with_emoji_euro_accents_and_crlf() {
        let text = "[West \"Zoë €\"]\r\n{😀 x}\ry\nz";
        let rope = Rope::from_str(text);
        for encoding in [
            PositionEncoding::Utf8,
            PositionEncoding::Utf16,
            PositionEncoding::Utf32,
        ] {
            for (offset, _) in text.char_indices() {
                if text[..offset].ends_with('\r') && text[offset..].starts_with('\n') {
                    continue; // inside a CRLF: no position stands there
                }
                let position = position_of(&rope, offset, encoding);
                assert_eq!(
                    offset_of(&rope, position, encoding),
                    Some(offset),
                    "{encoding:?} {offset}"
                );
            }
        }
        let x = text.find('x').unwrap();
        assert_eq!(
            position_of(&rope, x, PositionEncoding::Utf16),
            lsp::Position::new(1, 4)
        );
        assert_eq!(
            position_of(&rope, x, PositionEncoding::Utf32),
            lsp::Position::new(1, 3)
        );
        assert_eq!(
            position_of(&rope, x, PositionEncoding::Utf8),
            lsp::Position::new(1, 6)
        );
        // Past the end of a line: its end, before the CRLF.
        let end = offset_of(&rope, lsp::Position::new(0, 99), PositionEncoding::Utf16);
        assert_eq!(end, Some(text.find('\r').unwrap()));
        assert_eq!(
            offset_of(&rope, lsp::Position::new(9, 0), PositionEncoding::Utf16),
            None
        );
        // Inside the surrogate pair of the emoji: its start.
        let inside = offset_of(&rope, lsp::Position::new(1, 2), PositionEncoding::Utf16);
        assert_eq!(inside, Some(text.find('😀').unwrap()));
    }

    #[test]
    fn edits_keep_rope_and_tree_equal_to_a_full_parse() {
        let uri: Uri = "file:///t.pbn".parse().unwrap();
        let text = "[Board \"1\"]\n[West \"Zoë\"]\n\n[Board \"2\"]\n";
        let mut doc = Document::new(uri, text, 1);
        let range = lsp::Range::new(lsp::Position::new(1, 9), lsp::Position::new(1, 10));
        doc.apply_change(Some(range), "é€😀", PositionEncoding::Utf16)
            .unwrap();
        let now = doc.rope.to_string();
        assert_eq!(now, "[Board \"1\"]\n[West \"Zoé€😀\"]\n\n[Board \"2\"]\n");
        assert_eq!(doc.parse, Parse::new(&now));
        let bad = lsp::Range::new(lsp::Position::new(40, 0), lsp::Position::new(1, 0));
        assert!(doc
            .apply_change(Some(bad), "x", PositionEncoding::Utf16)
            .is_err());
        assert_eq!(doc.rope.to_string(), now);
    }
}
