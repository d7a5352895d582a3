//! An open document, whatever its notation. What the protocol handlers ask of every document
//! (its text and version, taking changes, diagnostics, formatting, the board at a position,
//! hover, completion, symbols, folding, semantic tokens, inlay hints, note links) is one trait,
//! [`OpenText`], which each notation's document implements in the library's terms: each answer
//! comes with the start of the game, record or board its ranges are relative to. [`OpenDocument`]
//! holds one of them with its notation, and turns those answers into the protocol's (the one
//! place that does, through `convert`), so a handler converts in, asks and converts out, whatever
//! the notation.
//!
//! Each notation's document has its file here: [`pbn`], [`rbn`], [`lin`] and [`dealing`]; RBN
//! and LIN documents are pieces over one tree ([`tree`], [`tree_open_text`]), and every
//! notation keeps its per-piece findings in the [`piece_cache`].

pub(crate) mod dealing;
pub(crate) mod lin;
pub(crate) mod open_text;
mod pbn;
mod piece_cache;
pub(crate) mod rbn;
mod tree;
mod tree_open_text;

use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use tower_lsp_server::ls_types::{self as lsp, Uri};

use crate::lsp::config::Settings;
use crate::lsp::convert::{self, completion_item, encode_tokens, folding_range, hover, inlay_hint};
use crate::lsp::document::dealing::DealingDocument;
use crate::lsp::document::lin::LinDocument;
use crate::lsp::document::open_text::{HintMore, HoverMore, OpenText};
use crate::lsp::document::pbn::Document;
use crate::lsp::document::rbn::RbnDocument;
use crate::lsp::job::{FormatJob, Job};
use crate::lsp::position::{byte_range, shifted};
use crate::model::dealing::DealingFormat;
use crate::notation::Notation;
use crate::parallel::{map_slices, threads_for};
use crate::syntax::{TextRange, TextSize};
use crate::text::PositionEncoding;

/// Documents larger than this get semantic tokens for their first this-many bytes only in a
/// `full` request: tokens for a whole 100,000-game file would be tens of millions of numbers
/// (seconds of work and gigabytes for the client too), so only the beginning (what is on screen
/// after opening) is covered, and range requests and the TextMate grammar colour the rest. An
/// editor asks again after every edit: 4 MiB of games were 8 MB of JSON and 2 s of work each
/// time, and typing in a 20,000-game file waited on them.
pub(crate) const FULL_TOKENS_LIMIT: usize = 1 << 20;

/// An open document: its notation, and the notation's document as what every document is.
#[derive(Debug)]
pub(crate) struct OpenDocument {
    notation: Notation,
    body: Box<dyn OpenText>,
    /// What the user was last told formatting left as written (told again only when it
    /// changes, so that formatting on every save does not repeat it).
    told_left_as_written: Option<String>,
    /// How many `didChange`s the document took, shared with the jobs working on its text.
    changes: Arc<AtomicU64>,
}

/// Tells a job working on a document's text whether the document changed since the job was
/// made: a whole-document answer about an older text (a 20,000-game outline is megabytes) is
/// not worth writing, nor the client's reading, while the findings of the edit wait behind it.
#[derive(Debug, Clone)]
pub(crate) struct Staleness {
    changes: Arc<AtomicU64>,
    seen: u64,
}

impl Staleness {
    /// Whether the document took a change since this was made.
    pub fn is_stale(&self) -> bool {
        self.changes.load(Ordering::Acquire) != self.seen
    }
}

/// What became of the content changes of one `didChange`.
#[derive(Debug, Default)]
pub(crate) struct ChangesTaken {
    /// The byte offset where the last change starts, when it has a range.
    pub edited: Option<usize>,
    /// Said to the user when a change could not be taken (see
    /// [`OpenDocument::take_changes`]).
    pub refused: Option<String>,
}

/// Up to this many games, the outline lists each game's sections too. An editor reads every
/// symbol of the outline again after each edit (for its breadcrumbs): VS Code took 10 s for the
/// 100,000 symbols of a 20,000-game file, and seconds per keystroke.
pub(crate) const OUTLINE_DETAIL_GAMES: usize = 2000;

/// From this size a server with one thread opens a PBN file unchecked and checks it a part at
/// a time (see [`OpenDocument::open`]): the browser's took 2 s to open a 20,000-game file
/// (15 MB), and VS Code's outline waited behind it. The size from which the outline is read on
/// opening, so that a file opened unchecked has its outline at once.
pub(crate) const CHECKED_LATER_FROM: usize = pbn::OUTLINE_AT_OPEN.start;

impl OpenDocument {
    /// A document opened with `text`, in the notation its language id names, else the one its
    /// URI's ending names (PBN when neither says); a PBN document is checked while it is parsed
    /// (see [`Document::open`]), the others by their first refresh. With `checked_later` (a
    /// server with one thread), a PBN file of [`CHECKED_LATER_FROM`] bytes or more is only
    /// parsed, its outline read: its games are checked by `check_some` or the first refresh.
    pub fn open(
        uri: Uri,
        language_id: &str,
        text: &str,
        version: i32,
        settings: &Settings,
        encoding: PositionEncoding,
        checked_later: bool,
    ) -> OpenDocument {
        let notation = OpenDocument::notation_of(&uri, language_id, text);
        let body: Box<dyn OpenText> = match notation {
            Notation::Pbn if checked_later && text.len() >= CHECKED_LATER_FROM => {
                Box::new(Document::open_unchecked(uri, text, version, encoding))
            }
            Notation::Pbn => Box::new(Document::open(uri, text, version, settings, encoding)),
            Notation::Rbn => Box::new(RbnDocument::new(uri, text, version)),
            Notation::Lin => Box::new(LinDocument::new(uri, text, version)),
            Notation::Dup | Notation::Bri | Notation::Dge | Notation::Dlm => {
                let format = notation.dealing().unwrap_or(DealingFormat::Dlm);
                Box::new(DealingDocument::new(uri, format, text, version))
            }
        };
        OpenDocument {
            notation,
            body,
            told_left_as_written: None,
            changes: Arc::default(),
        }
    }

    /// Takes in the content changes of one `didChange`, in order, and the version they make.
    /// A change the text cannot take (a range past its end, in the middle of a character)
    /// stops there: the text stays as it was before that change, and the user is told, since
    /// the editor's text and the one checked now differ. The file on disk is not read instead:
    /// it may hold an older save than what the editor shows.
    pub fn take_changes(
        &mut self,
        uri: &Uri,
        changes: &[lsp::TextDocumentContentChangeEvent],
        version: i32,
        encoding: PositionEncoding,
    ) -> ChangesTaken {
        let mut taken = ChangesTaken::default();
        self.changes.fetch_add(1, Ordering::AcqRel);
        for change in changes {
            if let Err(bad) = self.body.apply_change(change.range, &change.text, encoding) {
                let name = uri.path().as_str().rsplit('/').next().unwrap_or_default();
                taken.refused = Some(format!(
                    "Kibitzer could not follow an edit of {name} ({}): it goes on checking the text as it was before that edit. Close and reopen the file to check what you see.",
                    bad.0
                ));
                break;
            }
        }
        self.body.set_version(version);
        taken.edited = changes
            .last()
            .and_then(|c| c.range)
            .and_then(|r| crate::lsp::position::offset_of(self.body.rope(), r.start, encoding));
        taken
    }

    /// What tells a job made now whether the document changed since.
    pub fn staleness(&self) -> Staleness {
        Staleness {
            changes: self.changes.clone(),
            seen: self.changes.load(Ordering::Acquire),
        }
    }

    /// What formatting leaves as written ([`OpenDocument::left_as_written`]) when the user was
    /// not told it yet: told once, again when it changes.
    pub fn left_as_written_news(&mut self) -> Option<String> {
        let left = self.left_as_written();
        if left == self.told_left_as_written {
            return None;
        }
        self.told_left_as_written.clone_from(&left);
        left
    }

    /// The notation a document is in: its language id's, else its URI's ending's; for a
    /// dealing machine's file, the one its content says where it says (a `.bri` that is
    /// a DUP is read as a DUP, as `kibitzer check` reads it).
    fn notation_of(uri: &Uri, language_id: &str, text: &str) -> Notation {
        let path = uri.path().as_str().to_string();
        let path = std::path::Path::new(&path);
        let notation =
            Notation::from_language_id(language_id).unwrap_or_else(|| Notation::from_path(path));
        match notation.dealing() {
            Some(_) => Notation::of_content(path, &crate::model::dealing::bytes_of(text))
                .dealing()
                .map_or(notation, Notation::of_dealing),
            None => notation,
        }
    }

    /// The notation the document is read in.
    pub fn notation(&self) -> Notation {
        self.notation
    }

    /// The hover at byte `offset`, in LSP form; under a deal's, in every notation alike, what
    /// `more` says of its board.
    pub fn hover(
        &mut self,
        offset: usize,
        encoding: PositionEncoding,
        more: HoverMore<'_>,
    ) -> Option<lsp::Hover> {
        let (mut found, start) = self.body.hover(offset)?;
        if found.deal.is_some() {
            if let Some(part) = self.body.board_at(offset).and_then(|b| more(&b)) {
                found.add_double_dummy(&part);
            }
        }
        Some(hover(self.body.rope(), found, start, encoding))
    }

    /// The completions at byte `offset`, in LSP form.
    pub fn completions(
        &mut self,
        offset: usize,
        encoding: PositionEncoding,
    ) -> Option<Vec<lsp::CompletionItem>> {
        let (items, start) = self.body.completions(offset)?;
        let rope = self.body.rope();
        let convert = |item| completion_item(rope, item, start, offset, encoding);
        Some(items.into_iter().map(convert).collect())
    }

    /// The outline in LSP form, worked out by the job: beyond [`OUTLINE_DETAIL_GAMES`] games,
    /// the games without their sections.
    pub fn symbols(&mut self, encoding: PositionEncoding) -> Job<Vec<lsp::DocumentSymbol>> {
        if let Some(job) = self.body.lsp_symbols(encoding) {
            return Box::new(move || {
                let mut found = job();
                if found.len() > OUTLINE_DETAIL_GAMES {
                    for symbol in &mut found {
                        symbol.children = Some(Vec::new());
                    }
                }
                found
            });
        }
        let (rope, job) = (self.body.rope().clone(), self.body.symbols());
        Box::new(move || {
            let mut found = job();
            if found.len() > OUTLINE_DETAIL_GAMES {
                for (symbol, _) in &mut found {
                    symbol.children.clear();
                }
            }
            on_every_core(&found, |(found, start)| {
                Some(convert::symbol(&rope, found, *start, encoding))
            })
        })
    }

    /// The foldable ranges in LSP form (those of more than one line; the first `limit` of
    /// them when given), worked out by the job.
    pub fn folding_ranges(
        &mut self,
        encoding: PositionEncoding,
        limit: Option<usize>,
    ) -> Job<Vec<lsp::FoldingRange>> {
        let (rope, job) = (self.body.rope().clone(), self.body.folding_ranges());
        Box::new(move || {
            let found = job();
            let convert =
                |&((range, kind), start): &_| folding_range(&rope, range, start, kind, encoding);
            // They come in the text's order, and an editor keeps its first `limit`: only those
            // are worth converting (VS Code's 5,000 of a 20,000-game file's 60,000).
            match limit {
                Some(limit) => found.iter().filter_map(convert).take(limit).collect(),
                None => on_every_core(&found, convert),
            }
        })
    }

    /// The semantic tokens meeting `range` (the first [`FULL_TOKENS_LIMIT`] bytes of a longer
    /// text when `None`: range requests, and the grammar's colours, cover the rest), in LSP
    /// form, worked out by the job.
    pub fn semantic_tokens(
        &mut self,
        range: Option<lsp::Range>,
        encoding: PositionEncoding,
    ) -> Job<Vec<lsp::SemanticToken>> {
        let rope = self.body.rope().clone();
        let bytes = match range {
            Some(range) => byte_range(&rope, range, encoding),
            None => (rope.len_bytes() > FULL_TOKENS_LIMIT).then_some((0, FULL_TOKENS_LIMIT)),
        };
        let job = self.body.semantic_tokens(bytes);
        Box::new(move || encode_tokens(&rope, &job(), encoding))
    }

    /// The formatting of the document (of the games, records or boards `range` touches, when
    /// given), worked out by the job; `None` when `range` does not fit the text.
    pub fn format_job(
        &self,
        range: Option<lsp::Range>,
        settings: &Settings,
        encoding: PositionEncoding,
    ) -> Option<FormatJob> {
        let range = match range {
            Some(range) => {
                let (from, to) = byte_range(self.body.rope(), range, encoding)?;
                Some(TextRange::new(
                    TextSize::from(from as u32),
                    TextSize::from(to as u32),
                ))
            }
            None => None,
        };
        Some(self.body.formatter(range, settings))
    }

    /// The "fix all" code action of the document `uri` (`source.fixAll.kibitzer`, and the
    /// lightbulb's once chosen): the safe fixes of every selected code over the whole document,
    /// as `check --fix` applies them, worked out by the job; `None` when there is none.
    pub fn fix_all(
        &self,
        uri: &Uri,
        settings: Settings,
        encoding: PositionEncoding,
    ) -> Job<Option<lsp::CodeActionOrCommand>> {
        let (notation, rope, uri) = (self.notation, self.body.rope().clone(), uri.clone());
        Box::new(move || {
            let edits = crate::lsp::seams::fix_all(notation, &rope.to_string(), &settings);
            convert::fix_all_action(&rope, &uri, edits, encoding)
        })
    }

    /// What formatting leaves as written, said for the editor: the games, records or boards
    /// holding a syntax error are not rewritten (only what can be read whole is), and without a
    /// word the user would take them for formatted. `None` when every piece can be formatted.
    pub fn left_as_written(&self) -> Option<String> {
        const LISTED: usize = 3;
        let text = self.body.rope().to_string();
        let left = self
            .notation
            .left_as_written(&text, &crate::format::FormatOptions::default());
        if left.is_empty() {
            return None;
        }
        let more = match left.len().saturating_sub(LISTED) {
            0 => String::new(),
            n => format!("; and {n} more"),
        };
        let piece = self.notation.piece_name();
        Some(format!(
            "Kibitzer: {} {piece}{} left as written, not formatted: {}{more}. Fix what is said, then format again.",
            left.len(),
            if left.len() == 1 { "" } else { "s" },
            left.iter().take(LISTED).cloned().collect::<Vec<_>>().join("; "),
        ))
    }

    /// Where the note reference at byte `offset` leads (an absolute byte range).
    pub fn definition(&mut self, offset: usize) -> Option<TextRange> {
        let (target, start) = self.body.definition(offset)?;
        Some(shifted(target, start))
    }

    /// Every place that names the note at byte `offset` (absolute byte ranges).
    pub fn references(&mut self, offset: usize, include_declaration: bool) -> Vec<TextRange> {
        let Some((found, start)) = self.body.references(offset, include_declaration) else {
            return Vec::new();
        };
        found.into_iter().map(|r| shifted(r, start)).collect()
    }

    /// The inlay hints at bytes `from..=to`, in LSP form (`more` adds to a PBN game's).
    pub fn inlay_hints(
        &mut self,
        from: usize,
        to: usize,
        encoding: PositionEncoding,
        more: HintMore<'_>,
    ) -> Vec<lsp::InlayHint> {
        let placed = self.body.inlay_hints(from..=to, more);
        let rope = self.body.rope();
        let mut out = Vec::new();
        for (hints, start) in placed {
            for hint in hints {
                let offset = usize::from(hint.offset) + start;
                if (from..=to).contains(&offset) {
                    out.push(inlay_hint(rope, hint, start, encoding));
                }
            }
        }
        out
    }
}

/// Pieces answered in the library's terms, turned into the protocol's on every core when they
/// are many (a whole large file's symbols, say); `None`s are left out.
fn on_every_core<T: Sync, R: Send>(
    items: &[T],
    convert: impl Fn(&T) -> Option<R> + Sync,
) -> Vec<R> {
    let threads = threads_for(items.len(), CONVERT_ON_ONE_CORE);
    map_slices(items, threads, |part| {
        part.iter().filter_map(&convert).collect()
    })
}

/// Below this many answers, turning them into the protocol's is not worth more threads.
const CONVERT_ON_ONE_CORE: usize = 2048;

impl Deref for OpenDocument {
    type Target = dyn OpenText;

    fn deref(&self) -> &Self::Target {
        &*self.body
    }
}

impl DerefMut for OpenDocument {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut *self.body
    }
}
