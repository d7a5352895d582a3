//! Checking RBN files: RBN's own R codes, and the D, A, N, P, X and G checks of PBN.
//!
//! Each record is read into a `BoardModel` (with the repetition rules) and checked as any board
//! read from another notation (`super::board`). Findings that concern only values carried over
//! from an earlier record (which were checked there) have no place in this record and are left
//! out. No bridge rule is written twice.
use super::{CheckOptions, FileReport, Found};
use crate::diagnostic::Code;
use crate::diagnostic::Diagnostic;
use crate::model::board::BoardModel;
use crate::model::rbn::{is_deal, read_contract};
use crate::model::{read_record, Carry};
use crate::syntax::rbn::RBN_DATA_CAP;
use crate::syntax::rbn::{parsed_pieces, Field, RbnNode, RbnParse, Record};
use crate::syntax::{TextRange, TextSize};

/// The maximum line length (label and space included) and the valid characters of a label,
/// `None` for "all characters". Where the two documents differ, the larger set is used.
pub(crate) fn label_rules(label: char) -> (usize, Option<&'static str>) {
    match label {
        'T' | 'L' | 'E' | 'S' | 'K' | 'N' => (128, None),
        'F' => (64, None),
        'I' => (512, None),
        'D' => (18, Some("0123456789CG:?")),
        'B' => (24, Some("")),
        'H' => (71, Some("23456789AKQJTNESWX:.;?")),
        // `0` is the tenth note (`^0`).
        'A' => (128, Some("0123456789ABCDEHNPRSWXYZ:!?*^")),
        'C' => (9, Some("0123456789CDEHMNPRSWX:")),
        'P' => (128, Some("0123456789ACDEHJKNQSTWY:+-!?*^")),
        'R' => (16, Some("0123456789P:+-=.")),
        'M' => (36, Some("0123456789ABCDFM:+=!?")),
        _ => (128, None),
    }
}

/// R902, R903 and R904 for one field (ranges in the record).
pub(crate) fn check_field(field: &Field, out: &mut Vec<Diagnostic>) {
    let label = field.label();
    let (max, valid) = label_rules(label);
    let line = field.line_range();
    let (mut chars, mut bytes, mut cut) = (0usize, 0usize, None);
    field.line_chunks(|chunk| {
        for (i, _) in chunk.char_indices() {
            if chars == max {
                cut.get_or_insert(bytes + i);
            }
            chars += 1;
        }
        bytes += chunk.len();
    });
    if let Some(cut) = cut {
        let start = line.start() + TextSize::from(cut as u32);
        out.push(Diagnostic::new(
            Code::R903,
            TextRange::new(start, line.end()),
            format!(
                "the {label} line is longer than its maximum of {max} characters ({chars} here){}",
                if field.has_unread_data() {
                    format!("; past the first {RBN_DATA_CAP} bytes of its data nothing is read")
                } else {
                    String::new()
                }
            ),
        ));
    }
    let Some(range) = field.value_range() else {
        return;
    };
    let value = field.value();
    if let Some(valid) = valid {
        for (i, c) in value.char_indices() {
            // B allows any notation (004) except spaces, which 001 forbids in DBHACPRM.
            let ok = if label == 'B' {
                c != ' '
            } else {
                valid.contains(c.to_ascii_uppercase()) && c != ' '
            };
            if !ok {
                let start = range.start() + TextSize::from(i as u32);
                out.push(Diagnostic::new(
                    Code::R902,
                    TextRange::at(start, TextSize::from(c.len_utf8() as u32)),
                    format!("`{}` is not allowed in the {label} field", c.escape_debug()),
                ));
                return;
            }
        }
    }
    if let Some(problem) = structure(label, &value) {
        out.push(Diagnostic::new(Code::R904, range, problem));
    }
}

/// What is wrong with the shape of a field's value, if anything.
fn structure(label: char, value: &str) -> Option<String> {
    let upper = value.to_ascii_uppercase();
    let bytes = upper.as_bytes();
    match label {
        'H' => {
            if bytes.len() < 2 || !b"NESW".contains(&bytes[0]) || !b":;".contains(&bytes[1]) {
                return Some(
                    "H starts with the first hand's seat and `:` (or `;`), as in `W:AK.Q.J.T`"
                        .into(),
                );
            }
            let hands: Vec<&str> = upper[1..].split([':', ';']).skip(1).collect();
            if hands.len() > 4 {
                return Some(format!("H gives {} hands: at most four", hands.len()));
            }
            if hands.iter().any(|h| h.split('.').count() > 4) {
                return Some("a hand has more than four suits".into());
            }
            None
        }
        'A' => {
            let head = upper.split(':').next().unwrap_or("");
            let ok = matches!(head.len(), 1 | 2)
                && b"NESW".contains(&bytes[0])
                && (head.len() == 1 || b"ZNEB".contains(&bytes[1]));
            if !ok {
                return Some("A starts with the dealer (N, E, S, W) and the vulnerability (Z, N, E, B), as in `SZ:1SP2SP`".into());
            }
            calls_shape(&upper[head.len()..])
        }
        'C' => match read_contract(value) {
            Some(_) => None,
            None => Some("C is `P` (passed out) or a contract and declarer such as `4SX:S`".into()),
        },
        'P' => play_shape(&upper),
        'R' => result_shape(&upper),
        'M' => {
            let first = upper.split(':').next().unwrap_or("");
            (first.len() > 10 || !first.chars().all(|c| "0123456789ABCDFM".contains(c)))
                .then(|| "M starts with up to ten trick counts (0–9, A–D, or M/F)".into())
        }
        'D' => {
            let (day, time) = upper.split_once(':').unwrap_or((&upper, ""));
            let day_digits = day.trim_end_matches('G').trim_end_matches('C');
            let ok = matches!(day_digits.len(), 4 | 6 | 8 | 10)
                && day_digits.chars().all(|c| c.is_ascii_digit() || c == '?')
                && time
                    .trim_end_matches('G')
                    .chars()
                    .all(|c| c.is_ascii_digit())
                && time.len() <= 7;
            (!ok).then(|| {
                "D is a date `yyyymmdd` (mmdd or dd may be left off), optionally `:hhmmss`".into()
            })
        }
        _ => None,
    }
}

fn calls_shape(rest: &str) -> Option<String> {
    let mut chars = rest.chars().peekable();
    let mut after_query = false;
    while let Some(c) = chars.next() {
        match c {
            ':' | '!' | '?' | '*' => {}
            '^' => {
                if !chars.next().is_some_and(|d| d.is_ascii_digit()) {
                    return Some("`^` is followed by a note digit".into());
                }
            }
            '1'..='7' => {
                if !chars.next().is_some_and(|d| "CDHSN".contains(d)) {
                    return Some(format!("`{c}` is not followed by a strain (C, D, H, S, N)"));
                }
                if after_query {
                    return Some("no call may follow the `Y` query".into());
                }
            }
            'P' | 'X' | 'R' | 'A' => {
                if after_query {
                    return Some("no call may follow the `Y` query".into());
                }
            }
            'Y' => after_query = true,
            other => return Some(format!("`{other}` is no call")),
        }
    }
    None
}

fn play_shape(upper: &str) -> Option<String> {
    let body = match upper.as_bytes() {
        [s, b':', ..] if b"NESW".contains(s) => &upper[2..],
        _ => upper,
    };
    for (n, trick) in body.split(':').enumerate() {
        let mut cards = 0;
        let mut chars = trick.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                'S' | 'H' | 'D' | 'C' => {
                    if !chars.next().is_some_and(|r| "AKQJT98765432+-".contains(r)) {
                        return Some(format!("trick {}: a suit letter needs a rank", n + 1));
                    }
                    cards += 1;
                }
                'A' | 'K' | 'Q' | 'J' | 'T' | '2'..='9' | '+' | '-' => {
                    if cards == 0 {
                        return Some(format!("trick {}: the lead names its suit", n + 1));
                    }
                    cards += 1;
                }
                'Y' => {
                    if chars.peek().is_some() || n + 1 != body.split(':').count() {
                        return Some("no play may follow the `Y` query".into());
                    }
                    cards += 1;
                }
                '!' | '?' | '*' => {}
                '^' => {
                    if !chars.next().is_some_and(|d| d.is_ascii_digit()) {
                        return Some("`^` is followed by a note digit".into());
                    }
                }
                other => return Some(format!("`{other}` is no card")),
            }
        }
        if cards > 4 {
            return Some(format!("trick {} has {cards} cards", n + 1));
        }
    }
    None
}

fn result_shape(upper: &str) -> Option<String> {
    let (main, effective) = upper.split_once(':').unwrap_or((upper, ""));
    let split = main.find(['+', '-']).unwrap_or(main.len());
    let (tricks, score) = main.split_at(split);
    let tricks_ok =
        tricks.is_empty() || tricks == "P" || tricks.parse::<u8>().is_ok_and(|n| n <= 13);
    let score_ok =
        score.is_empty() || score[1..].chars().all(|c| c.is_ascii_digit()) && score.len() > 1;
    let effective_ok = effective.is_empty()
        || effective == "="
        || is_number(effective.strip_prefix(['+', '-']).unwrap_or(effective));
    (!(tricks_ok && score_ok && effective_ok))
        .then(|| "R is the tricks won (or P), an optional signed score, and an optional `:` effective score".into())
}

fn is_number(text: &str) -> bool {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, "00"));
    !whole.is_empty()
        && whole.chars().all(|c| c.is_ascii_digit())
        && fraction.len() == 2
        && fraction.chars().all(|c| c.is_ascii_digit())
}

/// Checks one record (rooted at its own start; ranges relative to it), advancing `carry`.
pub(crate) fn check_record(record: &Record, carry: &mut Carry) -> (BoardModel, Vec<Diagnostic>) {
    let mut out = Vec::new();
    for field in record.fields() {
        check_field(&field, &mut out);
    }
    let board = read_record(record, carry);
    out.extend(check_board(&board));
    out.sort_by_key(|d| (d.range.start(), d.range.end()));
    (board, out)
}

/// The D, A, N, P, X and G diagnostics of an RBN board, mapped back to its source.
pub(crate) fn check_board(board: &BoardModel) -> Vec<Diagnostic> {
    super::board::check_board(board, 'R')
}

/// Checks a whole RBN text.
pub fn check_rbn_text(text: &str, options: &CheckOptions) -> FileReport {
    FileReport::gather(|found| check_rbn_text_into(text, options, found))
}

/// [`check_rbn_text`] handing its findings to `found` as it goes, in text order: each record is
/// parsed, checked and dropped in turn (no tree of the file is built). In-file suppressions are
/// decided over the whole file's findings, so a text with directives is checked whole.
pub(crate) fn check_rbn_text_into(text: &str, options: &CheckOptions, found: &mut Found<'_>) {
    if super::suppress::mentions_directive(text) {
        let report = check_rbn(text, &RbnParse::new(text), options);
        found(report.games, report.diagnostics);
        return;
    }
    let text = crate::syntax::clip(text);
    let mut carry = Carry::default();
    let (mut games, mut batch) = (0, Vec::new());
    for (element, errors, start) in parsed_pieces(text) {
        // A whole check sorts the file's syntax errors and then its records' findings by range,
        // keeping that order where ranges are equal. A record's findings lie within it, and
        // records are kept apart by blank runs (which have none): so sorting each record's
        // syntax errors and then its findings gives the same order.
        let mut here: Vec<Diagnostic> = errors.iter().map(super::syntax_diagnostic).collect();
        if let Some(record) = element
            .into_node()
            .map(RbnNode::new_root)
            .and_then(Record::cast)
        {
            if is_deal(&record) {
                games += 1;
                here.extend(check_record(&record, &mut carry).1);
            }
        }
        here.sort_by_key(|d| (d.range.start(), d.range.end()));
        batch.extend(here.into_iter().map(|d| d.shifted(start)));
        if batch.len() >= RECORD_BATCH {
            found(std::mem::take(&mut games), std::mem::take(&mut batch));
        }
    }
    super::text_checks::check_final_newline(text, 0, &mut batch);
    found(games, batch);
}

/// How many findings the file check gathers before it hands them over.
const RECORD_BATCH: usize = 1024;

/// Checks a parsed RBN file (`parse` must be the parse of `text`).
pub fn check_rbn(text: &str, parse: &RbnParse, _options: &CheckOptions) -> FileReport {
    let mut report = FileReport::default();
    report
        .diagnostics
        .extend(parse.errors().iter().map(super::syntax_diagnostic));
    let mut carry = Carry::default();
    for (node, start) in parse.chunks() {
        let Some(record) = Record::cast(node) else {
            continue;
        };
        if !is_deal(&record) {
            continue;
        }
        report.games += 1;
        let (_, diagnostics) = check_record(&record, &mut carry);
        report
            .diagnostics
            .extend(diagnostics.into_iter().map(|d| d.shifted(start)));
    }
    super::text_checks::check_final_newline(text, 0, &mut report.diagnostics);
    report
        .diagnostics
        .sort_by_key(|d| (d.range.start(), d.range.end()));
    report.diagnostics = super::suppress::apply_to_text(
        text,
        || parse.child_starts().to_vec(),
        super::suppress::rbn_body_line,
        std::mem::take(&mut report.diagnostics),
    );
    report
}
