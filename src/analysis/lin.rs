//! Checking LIN files: LIN's own L codes, and the D, A, N, P, X and G checks of PBN.
//!
//! Each board is read into a `BoardModel` (the header of a vugraph file handed down), each
//! piece at the pairs it came from, and the model is judged by the same rules as an RBN
//! record's or a PBN game's (`super::board`, `super::rules`), the findings standing at those
//! pairs.

use super::board::check_board;
use super::{CheckOptions, FileReport, Found, PieceFindings};
use crate::bridge::Seat;
use crate::diagnostic::Code;
use crate::diagnostic::Diagnostic;
use crate::model::board::BoardModel;
use crate::model::lin::{
    dealer_of_digit, read_calls, read_card, read_claim, read_md_hand, read_pairs, read_qx,
    read_vulnerability, url_piece, BoardReader, LinCarry, PairRead, MD_ORDER,
};
use crate::model::values::ContractValue;
use crate::parallel::{pull_in_order, threads_for};
use crate::syntax::lin::{
    piece_is_board, piece_ranges, read_piece, LinNode, LinParse, Pair, Piece,
};
use crate::syntax::{SyntaxError, TextRange, TextSize};
use std::sync::Arc;

/// The keys LIN files are known to use: boards, auctions and play, vugraph headers, and BBO's
/// movie and teaching keys (kept and passed through, never judged).
pub(crate) const KNOWN_KEYS: &[&str] = &[
    "qx", "md", "sv", "ah", "pn", "rh", "st", "pg", "nt", "mn", "mb", "an", "pc", "mc", "vg", "rs",
    "pw", "mp", "bn", "at", "sk", "hs", "ls", "up", "tc", "hc", "lc", "sa", "sc", "ub", "pf", "ht",
    "cs", "cr", "cg", "cb", "cp", "va", "bt", "zz", "em", "lb", "px", "rc", "ob",
];

/// [`KNOWN_KEYS`] as a table of the 26 × 26 two-letter keys, made when compiling.
const KNOWN_KEY_TABLE: [bool; 26 * 26] = {
    let mut table = [false; 26 * 26];
    let mut i = 0;
    while i < KNOWN_KEYS.len() {
        let key = KNOWN_KEYS[i].as_bytes();
        table[(key[0] - b'a') as usize * 26 + (key[1] - b'a') as usize] = true;
        i += 1;
    }
    table
};

/// Whether `key` (in lower case) is one of [`KNOWN_KEYS`]: one look in a table, since this runs
/// for every pair of a file (comparing with each known key was a tenth of a LIN check).
fn is_known_key(key: &str) -> bool {
    match key.as_bytes() {
        [a @ b'a'..=b'z', b @ b'a'..=b'z'] => {
            KNOWN_KEY_TABLE[(a - b'a') as usize * 26 + (b - b'a') as usize]
        }
        _ => false,
    }
}

/// Checks a whole LIN text. The pieces are found by a scan that the workers take turns to
/// advance (a run of boards at a time), so that finding them overlaps with checking them; each
/// board's pairs are read once from the text and no tree is built (the editor's check reads the
/// same pairs from its tree). A header is read where the scan meets it, for the boards after it.
pub fn check_lin_text(text: &str, options: &CheckOptions) -> FileReport {
    FileReport::gather(|found| check_lin_text_into(text, options, found))
}

/// [`check_lin_text`] handing its findings to `found` as it goes, a run of boards at a time, in
/// text order.
pub(crate) fn check_lin_text_into(text: &str, _options: &CheckOptions, found: &mut Found<'_>) {
    let text = crate::syntax::clip(text);
    let threads = threads_for(text.len(), PARALLEL_BYTES);
    let mut ranges = piece_ranges(text);
    let mut header = Arc::new(Header::default());
    // A job: a run of pieces, each a board with the header before it, or a header itself.
    let next_job = move || {
        let mut job: Vec<(std::ops::Range<usize>, Arc<Header>, bool)> = Vec::new();
        let mut size = 0;
        while size < JOB_BYTES {
            let Some(range) = ranges.next() else { break };
            size += range.len();
            let is_board = piece_is_board(&text[range.clone()]);
            if !is_board {
                let pairs = read_piece(&text[range.clone()]).pairs;
                header = Arc::new(Header::read(&pairs, range.start as u32));
            }
            job.push((range, header.clone(), is_board));
        }
        (!job.is_empty()).then_some(job)
    };
    let mut order = InTextOrder::new(text);
    pull_in_order(
        threads,
        next_job,
        || (),
        |_, job| {
            let mut run = Run::default();
            for (range, header, is_board) in job {
                let piece = read_piece(&text[range.clone()]);
                let start = range.start as u32;
                run.games += usize::from(is_board);
                if !is_board {
                    let range = TextRange::new(start.into(), (range.end as u32).into());
                    run.first_header.get_or_insert(range.start());
                    run.header = Some((range, !header.results.is_empty()));
                }
                run.diagnostics.extend(piece_diagnostics(
                    &piece.pairs,
                    piece.url,
                    start,
                    piece.errors,
                    is_board.then_some(&*header),
                ));
            }
            run.diagnostics
                .sort_by_key(|d| (d.range.start(), d.range.end()));
            run
        },
        |run| order.hand_over(run, found),
    );
    order.finish(found);
}

/// What one job of the file check found.
#[derive(Default)]
struct Run {
    games: usize,
    /// In text order.
    diagnostics: Vec<Diagnostic>,
    /// The start of the first header among the job's pieces.
    first_header: Option<TextSize>,
    /// The range of the last header among the job's pieces, and whether it holds results
    /// (which the boards after it may contradict: L709 points back into it).
    header: Option<(TextRange, bool)>,
}

/// At most this many findings are held under one header (about 20 MB); past it the boards'
/// findings are let go and found again when the header's boards end.
const HELD_CAP: usize = 1 << 15;

/// Hands the findings of the jobs over in text order. A piece's findings lie within it, except
/// L709's, which lie in the header's results: from a header with results to the next header,
/// the findings are held (and sorted together) until no later board can point before them.
///
/// A long segment of boards that are all wrong would hold a finding a board: past
/// [`HELD_CAP`], only the findings in the header are kept (its own and the L709s still
/// coming), and when the segment ends its boards are checked again, on this thread, for the
/// rest. Twice the work, in bounded memory, for a file no one writes but anyone can open.
struct InTextOrder<'t> {
    text: &'t str,
    held: Vec<Diagnostic>,
    /// Findings from here on may still be preceded by an L709 of a later job.
    hold_from: Option<TextSize>,
    /// Where the boards of the holding header start.
    boards_from: TextSize,
    /// Whether the boards' findings were let go, to be found again.
    overflowed: bool,
}

impl<'t> InTextOrder<'t> {
    fn new(text: &'t str) -> InTextOrder<'t> {
        InTextOrder {
            text,
            held: Vec::new(),
            hold_from: None,
            boards_from: TextSize::from(0),
            overflowed: false,
        }
    }

    fn hand_over(&mut self, mut run: Run, found: &mut Found<'_>) {
        if self.held.is_empty() && self.hold_from.is_none() && run.header.is_none() {
            found(run.games, run.diagnostics);
            return;
        }
        if self.overflowed {
            // Only what lies in the header is kept; after the segment's end, all is kept.
            let boards_from = self.boards_from;
            let segment_end = run.first_header.unwrap_or(TextSize::from(u32::MAX));
            self.held.extend(
                run.diagnostics
                    .iter()
                    .filter(|d| d.range.start() < boards_from)
                    .cloned(),
            );
            run.diagnostics.retain(|d| d.range.start() >= segment_end);
            let Some(end) = run.first_header else {
                found(run.games, Vec::new());
                return;
            };
            self.release_overflowed(usize::from(end), found);
        }
        self.held.extend(run.diagnostics);
        let Some((header, has_results)) = run.header else {
            if self.held.len() > HELD_CAP {
                self.held.retain(|d| d.range.start() < self.boards_from);
                self.overflowed = true;
            }
            // Still under the same header: nothing held can be freed before the next one, so the
            // run is only appended (sorting all that is held for every run would cost the
            // findings of a long segment times its runs).
            found(run.games, Vec::new());
            return;
        };
        self.held.sort_by_key(|d| (d.range.start(), d.range.end()));
        // Boards after this header point back no further than into it.
        self.hold_from = has_results.then_some(header.start());
        self.boards_from = header.end();
        let free = match self.hold_from {
            Some(from) => self.held.partition_point(|d| d.range.start() < from),
            None => self.held.len(),
        };
        let rest = self.held.split_off(free);
        found(run.games, std::mem::replace(&mut self.held, rest));
    }

    /// Hands over what an overflowed segment's header holds, then the findings of its boards
    /// (up to `end`), checked again.
    fn release_overflowed(&mut self, end: usize, found: &mut Found<'_>) {
        self.held.sort_by_key(|d| (d.range.start(), d.range.end()));
        found(0, std::mem::take(&mut self.held));
        let (Some(header_start), boards_from) = (self.hold_from, usize::from(self.boards_from))
        else {
            return;
        };
        let text = self.text;
        let header_start = usize::from(header_start);
        let header = Header::read(
            &read_piece(&text[header_start..boards_from]).pairs,
            header_start as u32,
        );
        let mut batch = Vec::new();
        for range in piece_ranges(&text[boards_from..end]) {
            let start = boards_from + range.start;
            let piece = read_piece(&text[start..boards_from + range.end]);
            let mut findings = piece_diagnostics(
                &piece.pairs,
                piece.url,
                start as u32,
                piece.errors,
                Some(&header),
            );
            // The L709s were handed over with the header.
            findings.retain(|d| d.range.start() >= self.boards_from);
            findings.sort_by_key(|d| (d.range.start(), d.range.end()));
            batch.extend(findings);
            if batch.len() >= 4096 {
                found(0, std::mem::take(&mut batch));
            }
        }
        found(0, batch);
        self.overflowed = false;
        self.hold_from = None;
    }

    fn finish(mut self, found: &mut Found<'_>) {
        if self.overflowed {
            let end = self.text.len();
            self.release_overflowed(end, found);
        } else if !self.held.is_empty() {
            self.held.sort_by_key(|d| (d.range.start(), d.range.end()));
            found(0, self.held);
        }
    }
}

/// About how many bytes of boards one job of the file check takes: a few dozen boards, so that
/// taking a job is rare next to checking it.
const JOB_BYTES: usize = 32 << 10;

/// Files at least this large are checked on several threads.
const PARALLEL_BYTES: usize = 1 << 20;

/// Checks a parsed LIN file piece by piece, as the language server does (the text check,
/// [`check_lin_text`], must find the same; a test holds them equal).
pub fn check_lin(parse: &LinParse, _options: &CheckOptions) -> FileReport {
    let mut report = FileReport::default();
    let mut state = LinState::default();
    let mut header_start = 0;
    for (index, start) in parse.child_starts().iter().enumerate() {
        let Some(rowan::NodeOrToken::Node(green)) = parse.children().get(index) else {
            continue;
        };
        let Some(piece) = Piece::cast(LinNode::new_root(green.clone())) else {
            continue;
        };
        report.games += usize::from(piece.is_board());
        let findings = check_lin_piece(&piece, parse.errors_in(index), *start, &mut state);
        if findings.carried_from_here {
            header_start = *start;
        }
        let own = findings.within.into_iter().map(|d| d.shifted(*start));
        let carried = findings
            .in_carrier
            .into_iter()
            .map(|d| d.shifted(header_start));
        report.diagnostics.extend(own.chain(carried));
    }
    report
        .diagnostics
        .sort_by_key(|d| (d.range.start(), d.range.end()));
    report
}

/// What the pieces of a LIN file hand down to the boards after them: the vugraph header last
/// read, its `rs` results placed from the header's start.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct LinState(Arc<Header>);

impl LinState {
    /// What the header hands down to the boards after it.
    pub fn carry(&self) -> &LinCarry {
        &self.0.carry
    }
}

/// The findings of one LIN piece (`errors`: its syntax errors, placed in the text, the piece
/// starting at `start`), given the `state` the pieces before it hand down, which a header
/// replaces. Findings within the piece are placed from its start; L709, which lies in the
/// header's results, from the header's start.
pub(crate) fn check_lin_piece(
    piece: &Piece,
    errors: &[SyntaxError],
    start: u32,
    state: &mut LinState,
) -> PieceFindings {
    let errors: Vec<SyntaxError> = errors
        .iter()
        .map(|e| SyntaxError {
            range: e
                .range
                .checked_sub(TextSize::from(start))
                .unwrap_or_default(),
            ..e.clone()
        })
        .collect();
    let pairs: Vec<Pair> = piece.pairs().collect();
    let is_board = piece.is_board();
    let (within, in_header) =
        piece_findings(&pairs, piece.url(), errors, is_board.then_some(&*state.0));
    if !is_board {
        *state = LinState(Arc::new(Header::read(&pairs, 0)));
    }
    PieceFindings {
        within,
        in_carrier: in_header.into_iter().collect(),
        carried_from_here: !is_board,
    }
}

/// The vugraph header as the boards after it see it: what it hands down, and where its `rs`
/// results are (from where it was read from, for L709).
#[derive(Debug, Default, PartialEq, Eq)]
struct Header {
    carry: LinCarry,
    results: Vec<TextRange>,
}

impl Header {
    /// The header whose pairs are `pairs`, its results placed from `start`.
    fn read(pairs: &[Pair], start: u32) -> Header {
        let mut results = Vec::new();
        // The last `rs`, as `LinCarry` reads it: the ranges must be those of the texts the
        // boards are held against.
        if let Some(rs) = pairs.iter().rev().find(|p| p.key() == "rs") {
            let mut at = rs.value_range().start() + TextSize::from(start);
            for result in rs.value().split(',') {
                results.push(TextRange::at(at, TextSize::of(result)));
                at += TextSize::of(result) + TextSize::from(1);
            }
        }
        Header {
            carry: LinCarry::read(pairs.iter().copied()),
            results,
        }
    }
}

/// The diagnostics of one piece (its `pairs`, the web address it is made of if any, its syntax
/// `errors`): the errors, the pairs' L codes and, for a board (given the header before it), the
/// bridge checks, all relative to the piece and shifted to `start`; and L709, whose range is in
/// the header (placed as the header's results are).
fn piece_diagnostics(
    pairs: &[Pair],
    url: Option<(&str, TextRange)>,
    start: u32,
    errors: Vec<SyntaxError>,
    header: Option<&Header>,
) -> Vec<Diagnostic> {
    let (within, in_header) = piece_findings(pairs, url, errors, header);
    let mut out: Vec<Diagnostic> = within.into_iter().map(|d| d.shifted(start)).collect();
    out.extend(in_header);
    out
}

/// [`piece_diagnostics`] before placing: those within the piece, relative to it, and L709.
fn piece_findings(
    pairs: &[Pair],
    url: Option<(&str, TextRange)>,
    errors: Vec<SyntaxError>,
    header: Option<&Header>,
) -> (Vec<Diagnostic>, Option<Diagnostic>) {
    let mut found: Vec<Diagnostic> = errors.iter().map(super::syntax_diagnostic).collect();
    let board_piece = header.filter(|_| url.is_none());
    let Some(header) = board_piece else {
        check_pairs(pairs, &mut found);
        if let Some((url, range)) = url {
            // Pairs after an address (in its piece) are checked on their own; the board is the
            // address's.
            found.extend(url_diagnostics(url, range, header.map(|h| &h.carry)));
        }
        return (found, None);
    };
    // A board: each pair is checked as it is read, so that its value is read once.
    let mut reader = BoardReader::new(&header.carry);
    for pair in pairs {
        let key = pair.key();
        let read = reader.read(pair, &key);
        check_pair(pair, &key, read, &mut found);
    }
    let board = reader.finish();
    found.extend(check_board(&board, 'L'));
    let in_header = check_result(pairs, &board, header);
    (found, in_header)
}

/// The diagnostics of a handviewer address at `range`: those of the LIN it stands for, each
/// placed on the whole address (places inside its encoded text would mean nothing to the
/// reader), or L710 when it cannot be read.
fn url_diagnostics(url: &str, range: TextRange, carry: Option<&LinCarry>) -> Vec<Diagnostic> {
    let (inner, errors) = match url_piece(url) {
        Ok(read) => read,
        Err(why) => {
            return vec![Diagnostic::new(
                Code::L710,
                range,
                format!("this web address is no handviewer board Kibitzer can read: {why}"),
            )]
        }
    };
    let mut found: Vec<Diagnostic> = errors.iter().map(super::syntax_diagnostic).collect();
    let pairs: Vec<Pair> = inner.pairs().collect();
    check_pairs(&pairs, &mut found);
    let board = read_pairs(&pairs, carry.unwrap_or(&LinCarry::default()));
    found.extend(check_board(&board, 'L'));
    found
        .into_iter()
        .map(|d| Diagnostic {
            message: format!("in the handviewer address: {}", d.message),
            range,
            related: Vec::new(),
            fixes: Vec::new(),
            ..d
        })
        .collect()
}

/// The L codes of the pairs of one piece (ranges relative to it).
fn check_pairs(pairs: &[Pair], out: &mut Vec<Diagnostic>) {
    for pair in pairs {
        check_pair(pair, &pair.key(), PairRead::Unread, out);
    }
}

/// The L codes of one pair whose key is `key`; `read` is what reading it for the board made of
/// its value, when it was read (a card or calls are then not read again).
fn check_pair(pair: &Pair, key: &str, read: PairRead, out: &mut Vec<Diagnostic>) {
    // Most pairs of a board are cards and calls read without trouble: nothing to say of them.
    if matches!(
        (key, read),
        ("pc", PairRead::Card(Some(_))) | ("mb", PairRead::Calls { readable: true })
    ) {
        return;
    }
    let value = pair.value();
    let at = pair.value_range();
    let unreadable_calls = || match read {
        PairRead::Calls { readable } => !readable,
        _ => read_calls(value).is_none(),
    };
    let no_card = || match read {
        PairRead::Card(card) => card.is_none(),
        _ => read_card(value).is_none(),
    };
    match key {
        "md" => check_md(pair, out),
        "sv" if read_vulnerability(value).is_none() => out.push(Diagnostic::new(
            Code::L704,
            at,
            format!("`{value}` is no vulnerability: `o` (none), `n`, `e` or `b` (both)"),
        )),
        "pn" => {
            let count = value.split(',').count();
            if count != 4 && count != 8 {
                out.push(Diagnostic::new(
                    Code::L705,
                    at,
                    format!("pn gives {count} names: four (South, West, North, East), or eight in a vugraph header"),
                ));
            }
        }
        "mb" if !value.trim().is_empty() && unreadable_calls() => out.push(Diagnostic::new(
            Code::L706,
            at,
            format!("`{value}` is no call: `p`, `d`, `r` or a bid from `1c` to `7n`"),
        )),
        "pc" if no_card() => out.push(Diagnostic::new(
            Code::L707,
            at,
            format!("`{value}` is no card: a suit letter and a rank, as in `sk` or `h10`"),
        )),
        "mc" if read_claim(value).is_none() => out.push(Diagnostic::new(
            Code::L708,
            at,
            format!("`{value}` is no claim: the number of tricks declarer takes in all, 0 to 13"),
        )),
        "qx" if read_qx(value).1.is_none() => out.push(Diagnostic::new(
            Code::L703,
            at,
            format!(
                "`{value}` is no board: a room (`o` open, `c` closed) and a number, as in `o12`"
            ),
        )),
        _ => {}
    }
    if !is_known_key(key) {
        let plain = key.len() == 2 && key.bytes().all(|b| b.is_ascii_alphabetic());
        out.push(Diagnostic::new(
            Code::L701,
            pair.key_range(),
            if plain {
                format!(
                    "`{}` is no LIN key Kibitzer knows; it is kept as it is",
                    pair.key_text()
                )
            } else {
                format!("`{}` is no LIN key: keys are two letters", pair.key_text())
            },
        ));
    }
}

/// L703 for an `md` value: the dealer digit, then up to four hands of S, H, D and C.
fn check_md(pair: &Pair, out: &mut Vec<Diagnostic>) {
    let value = pair.value();
    let range = pair.value_range();
    let Some(first) = value.chars().next() else {
        out.push(Diagnostic::new(
            Code::L703,
            range,
            "md is empty: it gives the dealer digit and the hands",
        ));
        return;
    };
    if dealer_of_digit(first).is_none() && first != '0' {
        out.push(Diagnostic::new(
            Code::L703,
            TextRange::at(range.start(), TextSize::from(first.len_utf8() as u32)),
            format!("md starts with the dealer: 1 South, 2 West, 3 North, 4 East (not `{first}`)"),
        ));
        return;
    }
    let body = &value[first.len_utf8()..];
    let parts: Vec<&str> = body.split(',').collect();
    if parts.len() > 4 && parts[4..].iter().any(|p| !p.trim().is_empty()) {
        out.push(Diagnostic::new(
            Code::L703,
            range,
            format!("md gives {} hands: at most four", parts.len()),
        ));
        return;
    }
    let mut at = first.len_utf8();
    for (i, part) in parts.iter().enumerate().take(4) {
        if let Err(problem) = read_md_hand(part) {
            let start = range.start() + TextSize::from(at as u32);
            out.push(Diagnostic::new(
                Code::L703,
                TextRange::at(start, TextSize::from(part.len() as u32)),
                format!("{}'s hand: {problem}", MD_ORDER[i].name()),
            ));
        }
        at += part.len() + 1;
    }
}

/// L709: the vugraph header's `rs` result of this board against its claim or play; its range is
/// the result in the header (placed as the header's results are).
fn check_result(pairs: &[Pair], board: &BoardModel, header: &Header) -> Option<Diagnostic> {
    let qx = pairs.iter().find(|p| p.key() == "qx")?;
    let (room, number) = read_qx(qx.value());
    let (index, text) = header.carry.result_of(number?, room?)?;
    let (tricks_said, declarer_said) = read_rs(text)?;
    let tricks = board.result_tricks()?;
    let declarer = match board.contract() {
        Some(ContractValue::Contract(_) | ContractValue::TrumpOnly(_)) => board.declarer(),
        Some(ContractValue::Passed) | None => None,
    };
    if tricks == tricks_said && declarer_said.is_none_or(|d| Some(d) == declarer) {
        return None;
    }
    let placed = *header.results.get(index)?;
    let source = if board
        .play_as_written()
        .is_some_and(|p| p.tricks.len() == 13)
    {
        "the play"
    } else {
        "the claim"
    };
    let diagnostic = Diagnostic::new(
        Code::L709,
        placed,
        format!(
            "the result `{text}` gives declarer {tricks_said} tricks, but {source} of board {} gives {tricks}",
            number.unwrap_or_default()
        ),
    );
    // When only the tricks disagree, the result's ending can say what the board says; another
    // declarer would rewrite the whole result, which is left to the reader.
    let same_declarer = declarer_said.is_none_or(|d| Some(d) == declarer);
    match (same_declarer, rs_ending(text, tricks)) {
        (true, Some((at, ending))) if at <= placed.len() => {
            let range = TextRange::new(placed.start() + at, placed.end());
            Some(diagnostic.with_unsafe_fix(
                format!("Write the result as `{}{ending}`", &text[..usize::from(at)]),
                range,
                ending,
            ))
        }
        _ => Some(diagnostic),
    }
}

/// Where the ending of an `rs` result (`=`, `+1`, `-2`) starts in `text`, and the ending that
/// gives declarer `tricks` tricks.
fn rs_ending(text: &str, tricks: u8) -> Option<(TextSize, String)> {
    let at = text.find(['=', '+', '-'])?;
    let level = text.trim_start().chars().next()?.to_digit(10)? as u8;
    let needed = level + 6;
    let ending = match tricks.cmp(&needed) {
        std::cmp::Ordering::Equal => "=".to_string(),
        std::cmp::Ordering::Greater => format!("+{}", tricks - needed),
        std::cmp::Ordering::Less => format!("-{}", needed - tricks),
    };
    Some((TextSize::from(at as u32), ending))
}

/// The tricks and declarer of an `rs` result (`4HE=`, `3NN+1`, `4SWx-4`); `None` for a
/// passed-out board or a result out of shape.
pub(crate) fn read_rs(text: &str) -> Option<(u8, Option<Seat>)> {
    let upper = text.trim().to_ascii_uppercase();
    let level = upper.chars().next()?.to_digit(10)? as u8;
    let rest = &upper[1..];
    let rest = rest.strip_prefix("NT").or_else(|| rest.get(1..))?;
    let mut chars = rest.chars();
    let declarer = Seat::from_char(chars.next()?);
    let rest: String = chars.filter(|c| *c != 'X').collect();
    let needed = level + 6;
    let tricks = if rest == "=" {
        needed
    } else if let Some(n) = rest.strip_prefix('+') {
        needed + n.parse::<u8>().ok()?
    } else if let Some(n) = rest.strip_prefix('-') {
        needed.checked_sub(n.parse::<u8>().ok()?)?
    } else {
        return None;
    };
    Some((tricks, declarer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_table_knows_exactly_the_known_keys() {
        for key in KNOWN_KEYS {
            assert!(is_known_key(key), "{key}");
        }
        let known = (b'a'..=b'z')
            .flat_map(|a| (b'a'..=b'z').map(move |b| String::from_utf8(vec![a, b]).unwrap()))
            .filter(|k| is_known_key(k))
            .count();
        assert_eq!(known, KNOWN_KEYS.len());
        for other in ["zq", "m", "mbx", "", "m1", "é"] {
            assert!(!is_known_key(other), "{other}");
        }
    }

    /// The file check leaves the unread rest of a board past the cap out of its tree; the
    /// editor's check (of the whole tree) must find the same, here and on the next board.
    #[test]
    fn a_board_past_the_cap_checks_alike_with_and_without_its_rest() {
        use crate::syntax::lin::LIN_PIECE_CAP;
        let unit = "pc|SA|pc|h2|xx|y|";
        let cards = unit.repeat(LIN_PIECE_CAP / unit.len() + 100);
        let text = format!(
            "vg|x,,,1,2,,0,,0|rs|3NN=,|\nqx|o1|md|3SAKQJHT98D765C432,ST98HAKQJD432C765,\
             S765H432DAKQJCT98,|sv|o|mb|3n|mb|p|mb|p|mb|p|{cards}\nqx|o2|md|1SAK,,,|mb|1c|mb|1c|pc|zz|"
        );
        let whole = check_lin(&LinParse::new(&text), &CheckOptions::default());
        let file = check_lin_text(&text, &CheckOptions::default());
        let codes = |r: &FileReport| -> Vec<(Code, TextRange, String)> {
            r.diagnostics
                .iter()
                .map(|d| (d.code, d.range, d.message.clone()))
                .collect()
        };
        assert_eq!(codes(&file), codes(&whole));
        assert_eq!(file.games, whole.games);
        let found: Vec<Code> = file.diagnostics.iter().map(|d| d.code).collect();
        for code in [Code::L702, Code::L701, Code::P507, Code::A302, Code::L707] {
            assert!(
                found.contains(&code),
                "{code} in {:?}",
                std::collections::BTreeSet::from_iter(&found)
            );
        }
    }

    #[test]
    fn rs_results_read_tricks_and_declarer() {
        assert_eq!(read_rs("4HE="), Some((10, Some(Seat::East))));
        assert_eq!(read_rs("3NN+1"), Some((10, Some(Seat::North))));
        assert_eq!(read_rs("4SWx-4"), Some((6, Some(Seat::West))));
        assert_eq!(read_rs("PASS"), None);
    }
}
