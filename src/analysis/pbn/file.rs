//! Checking a whole PBN file: each piece (a game, a comment chunk, a blank run) with its text
//! checks and what earlier games hand down, over a parsed file ([`check_text`]) or a text split,
//! parsed and checked in batches on several threads without ever building the whole file's tree
//! ([`check_stream`]). The games themselves are checked by `game`.

use rowan::{GreenNode, NodeOrToken};

use crate::analysis::text_checks::{check_final_newline, check_piece_text, declares_export};
use crate::diagnostic::{Diagnostic, Severity};
use crate::model::tags::Inheritance;
use crate::parallel::{map_slices, pull_in_order};
use crate::syntax::builder::TokenCache;
use crate::syntax::pbn::ast::Game;
use crate::syntax::pbn::parser::parse_chunk;
use crate::syntax::pbn::split::{Piece, Splitter};
use crate::syntax::{
    GreenElement, Parse, SyntaxError, SyntaxKind, SyntaxNode, TextRange, TextSize,
};

use super::game::{analyze_game, CheckOptions};

/// The problems found in a file.
#[derive(Debug, Clone, Default)]
pub struct FileReport {
    /// Every diagnostic, in text order, with ranges in the file's text.
    pub diagnostics: Vec<Diagnostic>,
    /// The number of games in the file.
    pub games: usize,
}

/// Where a check hands what it finds as it goes: the number of games and the findings of one
/// run of the text, the runs in text order.
pub type Found<'a> = dyn FnMut(usize, Vec<Diagnostic>) + Send + 'a;

impl FileReport {
    /// The whole report of a check that hands its findings over as it goes.
    pub fn gather(check: impl FnOnce(&mut Found<'_>)) -> FileReport {
        let mut report = FileReport::default();
        check(&mut |games, found| {
            report.games += games;
            if report.diagnostics.is_empty() {
                report.diagnostics = found;
            } else {
                report.diagnostics.extend(found);
            }
        });
        report
    }

    /// The number of diagnostics of the given severity.
    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }
}

/// Turns a parser error into a diagnostic with the same code.
pub fn syntax_diagnostic(error: &SyntaxError) -> Diagnostic {
    let diagnostic = Diagnostic::new(error.code.code(), error.range, error.message.clone());
    match error.missing {
        Some(missing) => diagnostic.with_fix(
            missing.title,
            TextRange::empty(error.range.end()),
            missing.text,
        ),
        None => diagnostic,
    }
}

/// Checks one piece of a file (a chunk rooted at its own start, or a blank run): its text, its
/// syntax errors and, for a game, everything else, with what earlier games hand down.
/// Diagnostics are relative to the piece, in text order; the flag says whether it was a game.
///
/// This is the one per-piece entry point: `check`, the streaming checker and the language server
/// all call it, with the options [`document_options`] gives for the whole text.
pub fn check_piece(
    piece_text: &str,
    node: Option<&SyntaxNode>,
    errors: &[SyntaxError],
    inherited: &Inheritance,
    options: &CheckOptions,
) -> (bool, Vec<Diagnostic>) {
    let mut out: Vec<Diagnostic> = errors.iter().map(syntax_diagnostic).collect();
    check_piece_text(piece_text, node, &mut out);
    let mut is_game = false;
    if let Some(game) = node.cloned().and_then(Game::cast) {
        is_game = true;
        analyze_game(&game, inherited, options, &mut out);
    }
    out.sort_by_key(|d| (d.range.start(), d.range.end()));
    (is_game, out)
}

fn check_chunk(
    piece_text: &str,
    element: &GreenElement,
    errors: &[SyntaxError],
    inherited: &Inheritance,
    options: &CheckOptions,
    out: &mut Vec<Diagnostic>,
) -> bool {
    let node = match element {
        NodeOrToken::Node(green) => Some(SyntaxNode::new_root(green.clone())),
        NodeOrToken::Token(_) => None,
    };
    let (is_game, found) = check_piece(piece_text, node.as_ref(), errors, inherited, options);
    out.extend(found);
    is_game
}

/// The options a whole text is checked with: `options`, plus export rules when the text's
/// first lines declare `% EXPORT`. `head` is the text, or any start of it holding its first 20
/// lines.
pub fn document_options(head: &str, options: &CheckOptions) -> CheckOptions {
    CheckOptions {
        export: options.export || declares_export(head),
        double_dummy: options.double_dummy.clone(),
    }
}

/// Checks a parsed file (`parse` must be the parse of `text`).
pub fn check_text(text: &str, parse: &Parse, options: &CheckOptions) -> FileReport {
    let options = document_options(text, options);
    let mut report = FileReport::default();
    let mut inherited = Inheritance::default();
    let errors = parse.errors();
    let mut next_error = 0;
    for (index, element) in parse.children().iter().enumerate() {
        let Some(range) = parse.child_range(index) else {
            continue;
        };
        let start = range.start();
        let piece_text = text
            .get(usize::from(range.start())..usize::from(range.end()))
            .unwrap_or("");
        let mut own_errors = Vec::new();
        while let Some(error) = errors.get(next_error) {
            if error.range.start() >= range.end() && index + 1 < parse.children().len() {
                break;
            }
            let mut error = error.clone();
            error.range = shift_back(error.range, start);
            own_errors.push(error);
            next_error += 1;
        }
        let mut out = Vec::new();
        if check_chunk(
            piece_text,
            element,
            &own_errors,
            &inherited,
            &options,
            &mut out,
        ) {
            report.games += 1;
            if let NodeOrToken::Node(green) = element {
                if let Some(game) = Game::cast(SyntaxNode::new_root(green.clone())) {
                    inherited.advance(&game);
                }
            }
        }
        report
            .diagnostics
            .extend(out.into_iter().map(|d| d.shifted(u32::from(start))));
    }
    check_final_newline(text, 0, &mut report.diagnostics);
    report.diagnostics = suppress_pbn(text, std::mem::take(&mut report.diagnostics));
    report
}

/// The in-file suppression pass over a PBN text's diagnostics.
fn suppress_pbn(text: &str, diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let starts = || {
        Splitter::all(text)
            .iter()
            .map(|p| p.range().start as u32)
            .collect()
    };
    crate::analysis::suppress::apply_to_text(
        text,
        starts,
        crate::analysis::suppress::pbn_body_line,
        diagnostics,
    )
}

fn shift_back(range: TextRange, by: TextSize) -> TextRange {
    let start = range.start().checked_sub(by).unwrap_or_default();
    let end = range.end().checked_sub(by).unwrap_or(start).max(start);
    TextRange::new(start, end)
}

/// Text per batch and worker when checking a text in batches.
const BATCH_PER_THREAD: usize = 2 << 20;

/// Pieces per job of the streaming workers: enough to make taking a job cheap, few enough
/// that the workers finish together.
const PIECES_PER_JOB: usize = 64;

/// Checks a text without building its whole tree: it is split into games, which are parsed and
/// checked on up to `threads` threads; each worker holds one game's tree at a time.
pub fn check_stream(text: &str, options: &CheckOptions, threads: usize) -> FileReport {
    FileReport::gather(|found| check_stream_into(text, options, threads, found))
}

/// [`check_stream`] handing its findings to `found` as it goes, in text order, so that a file
/// that is nearly all findings need not hold them all. In-file suppressions are decided over
/// the whole file's findings: a text with directives hands them over at once, at the end.
pub fn check_stream_into(
    text: &str,
    options: &CheckOptions,
    threads: usize,
    found: &mut Found<'_>,
) {
    let options = document_options(text, options);
    let threads = threads.max(1);
    let uses_inheritance = memchr::memmem::find(text.as_bytes(), b"\"#").is_some();
    let check = |found: &mut Found<'_>| {
        if uses_inheritance {
            check_stream_inheriting(text, &options, threads, &mut Inheritance::default(), found);
        } else {
            check_stream_independent(text, &options, threads, found);
        }
        final_newline(text, found);
    };
    if crate::analysis::suppress::mentions_directive(text) {
        let mut report = FileReport::gather(|found| check(found));
        report.diagnostics = suppress_pbn(text, std::mem::take(&mut report.diagnostics));
        found(report.games, report.diagnostics);
    } else {
        check(found);
    }
}

/// Hands over S011 when the text does not end with a line end.
fn final_newline(text: &str, found: &mut Found<'_>) {
    let mut last = Vec::new();
    check_final_newline(text, 0, &mut last);
    if !last.is_empty() {
        found(0, last);
    }
}

/// What a check window by window must know of the whole file before its first window; a first
/// pass over the bytes finds it (see [`WindowChecker`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WholeFileFacts {
    /// The head of the file declares export format (`% EXPORT`).
    pub export: bool,
    /// Some tag value somewhere starts with `#` (`"#"`, `"##…"`): games may inherit values from
    /// the games before them.
    pub uses_inheritance: bool,
}

/// Checks a PBN text that arrives window by window, holding one window at a time, for files too
/// large to hold whole. Each call checks the games that are certainly complete and says where
/// they end; the caller keeps the rest and gives it again with the text that follows. The
/// findings are the same as [`check_stream`]'s over the whole text, window by window (a
/// differential test holds it to that); in-file suppressions need the whole text and are not
/// applied here.
#[derive(Debug)]
pub struct WindowChecker {
    options: CheckOptions,
    uses_inheritance: bool,
    inherited: Inheritance,
    threads: usize,
}

impl WindowChecker {
    /// A checker for one file whose whole-file facts are known.
    pub fn new(options: &CheckOptions, facts: WholeFileFacts, threads: usize) -> WindowChecker {
        WindowChecker {
            options: CheckOptions {
                export: options.export || facts.export,
                double_dummy: options.double_dummy.clone(),
            },
            uses_inheritance: facts.uses_inheritance,
            inherited: Inheritance::default(),
            threads: threads.max(1),
        }
    }

    /// Checks the complete games at the start of `window` (every game when `at_end`: the window
    /// ends the file). Returns how many bytes of `window` were checked, and what was found
    /// there, with ranges in `window`. A window must start where the previous one stopped.
    pub fn check_window(&mut self, window: &str, at_end: bool) -> (usize, FileReport) {
        let mut checked = 0;
        let report =
            FileReport::gather(|found| checked = self.check_window_into(window, at_end, found));
        (checked, report)
    }

    /// [`check_window`](Self::check_window) handing its findings to `found` as it goes; returns
    /// how many bytes of `window` were checked.
    fn check_window_into(&mut self, window: &str, at_end: bool, found: &mut Found<'_>) -> usize {
        let checked = if at_end {
            window.len()
        } else {
            complete_pieces_end(window)
        };
        let text = window.get(..checked).unwrap_or("");
        if self.uses_inheritance {
            check_stream_inheriting(
                text,
                &self.options,
                self.threads,
                &mut self.inherited,
                found,
            );
        } else {
            check_stream_independent(text, &self.options, self.threads, found);
        }
        if at_end {
            final_newline(text, found);
        }
        checked
    }
}

/// Where the pieces of `window` end that more text cannot change: the splitter decides each
/// boundary on a whole line and what came before it, so the pieces are cut only over complete
/// lines, and the last of them (which the next text may extend) is left for the next window.
fn complete_pieces_end(window: &str) -> usize {
    let bytes = window.as_bytes();
    // A line is complete when its end is known: a `\n`, or a `\r` with a byte after it.
    let lines_end = match bytes.last() {
        Some(b'\n') => bytes.len(),
        _ => match memchr::memrchr2(b'\n', b'\r', &bytes[..bytes.len().saturating_sub(1)]) {
            Some(at) if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') => at + 2,
            Some(at) => at + 1,
            None => return 0,
        },
    };
    let complete = window.get(..lines_end).unwrap_or("");
    let mut splitter = Splitter::new(complete, 0);
    let mut last_start = 0;
    while let Some(piece) = splitter.next_piece() {
        last_start = piece.range().start;
    }
    last_start
}

/// The pieces of `text` up to the 4 GiB limit of offsets.
fn next_job(splitter: &mut Splitter<'_>, limit: usize, max: usize) -> Vec<Piece> {
    let mut job = Vec::with_capacity(max);
    while job.len() < max {
        match splitter.next_piece() {
            Some(piece) if piece.range().end <= limit => job.push(piece),
            _ => break,
        }
    }
    job
}

/// Parses and checks one run of pieces that need no inheritance state: the number of games
/// and their diagnostics, in text order.
fn check_job(
    text: &str,
    job: &[Piece],
    options: &CheckOptions,
    cache: &mut TokenCache,
) -> (usize, Vec<Diagnostic>) {
    let none = Inheritance::default();
    let mut games = 0;
    let mut diagnostics = Vec::new();
    for piece in job {
        let (element, errors) = parse_piece(text, piece, cache);
        let (is_game, found) = check_one(text, piece, &element, &errors, &none, options);
        games += usize::from(is_game);
        diagnostics.extend(found);
    }
    (games, diagnostics)
}

/// Games that inherit nothing are independent: workers that live for the whole text take
/// runs of pieces from a shared splitter, so both cores stay busy without a barrier between
/// batches, and only the diagnostics are kept.
fn check_stream_independent(
    text: &str,
    options: &CheckOptions,
    threads: usize,
    found: &mut Found<'_>,
) {
    let limit = text.len().min(u32::MAX as usize - 1);
    let mut splitter = Splitter::new(text, 0);
    let next =
        move || Some(next_job(&mut splitter, limit, PIECES_PER_JOB)).filter(|j| !j.is_empty());
    pull_in_order(
        threads,
        next,
        TokenCache::default,
        |cache, job| check_job(text, &job, options, cache),
        |(games, diagnostics)| found(games, diagnostics),
    );
}

/// Games that inherit tag values: batches are parsed in parallel, the inheritance state is
/// resolved game by game, then the games are checked in parallel.
fn check_stream_inheriting(
    text: &str,
    options: &CheckOptions,
    threads: usize,
    inherited: &mut Inheritance,
    found: &mut Found<'_>,
) {
    let mut splitter = Splitter::new(text, 0);
    let limit = text.len().min(u32::MAX as usize - 1);
    loop {
        let mut batch: Vec<Piece> = Vec::new();
        let mut size = 0;
        while size < BATCH_PER_THREAD * threads {
            match splitter.next_piece() {
                Some(piece) if piece.range().end <= limit => {
                    size += piece.range().len();
                    batch.push(piece);
                }
                _ => break,
            }
        }
        if batch.is_empty() {
            break;
        }
        let results = check_batch_inheriting(text, &batch, options, threads, inherited);
        let mut games = 0;
        let mut diagnostics = Vec::new();
        for (is_game, found) in results {
            games += usize::from(is_game);
            diagnostics.extend(found);
        }
        found(games, diagnostics);
    }
}

type PieceResult = (bool, Vec<Diagnostic>);

fn parse_piece(
    text: &str,
    piece: &Piece,
    cache: &mut TokenCache,
) -> (GreenElement, Vec<SyntaxError>) {
    let range = piece.range();
    let piece_text = text.get(range).unwrap_or("");
    match piece {
        Piece::Blank(_) => (
            NodeOrToken::Token(rowan::GreenToken::new(
                SyntaxKind::BLANK_LINES.into(),
                piece_text,
            )),
            Vec::new(),
        ),
        Piece::Chunk(_) => {
            let (node, errors) = parse_chunk(piece_text, cache);
            (NodeOrToken::Node(node), errors)
        }
    }
}

fn check_one(
    text: &str,
    piece: &Piece,
    element: &GreenElement,
    errors: &[SyntaxError],
    inherited: &Inheritance,
    options: &CheckOptions,
) -> PieceResult {
    let range = piece.range();
    let piece_text = text.get(range.clone()).unwrap_or("");
    let mut out = Vec::new();
    let is_game = check_chunk(piece_text, element, errors, inherited, options, &mut out);
    if out.is_empty() {
        // Checks may have pushed and withdrawn diagnostics; do not keep their buffer alive
        // for the rest of the file.
        return (is_game, Vec::new());
    }
    let start = TextSize::from(range.start as u32);
    (
        is_game,
        out.into_iter()
            .map(|d| d.shifted(u32::from(start)))
            .collect(),
    )
}

/// A piece of a batch with its parse and the inheritance state before it.
type BatchItem<'a> = (
    &'a Piece,
    (&'a (GreenElement, Vec<SyntaxError>), &'a Inheritance),
);

/// Parses a batch, resolves inheritance game by game, then checks the games in parallel.
fn check_batch_inheriting(
    text: &str,
    batch: &[Piece],
    options: &CheckOptions,
    threads: usize,
    inherited: &mut Inheritance,
) -> Vec<PieceResult> {
    let parsed: Vec<(GreenElement, Vec<SyntaxError>)> = map_slices(batch, threads, |pieces| {
        let mut cache = TokenCache::default();
        pieces
            .iter()
            .map(|piece| parse_piece(text, piece, &mut cache))
            .collect()
    });
    let mut states: Vec<Inheritance> = Vec::with_capacity(parsed.len());
    for (element, _) in &parsed {
        states.push(inherited.clone());
        if let NodeOrToken::Node(green) = element {
            if let Some(game) = Game::cast(SyntaxNode::new_root(GreenNode::clone(green))) {
                inherited.advance(&game);
            }
        }
    }
    let items: Vec<BatchItem<'_>> = batch.iter().zip(parsed.iter().zip(states.iter())).collect();
    map_slices(&items, threads, |chunk| {
        chunk
            .iter()
            .map(|(piece, ((element, errors), state))| {
                check_one(text, piece, element, errors, state, options)
            })
            .collect()
    })
}
