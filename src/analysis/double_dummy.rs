//! The double-dummy checks (opt-in): the DD results a game carries (`OptimumResultTable`,
//! `DoubleDummyTricks`, `OptimumScore`, `ParContract`) against the solver's (O101–O103).
//!
//! The checks never solve: they ask a [`Solutions`] source, and say nothing about a deal it has
//! no table for yet. The CLI solves every deal it will ask for beforehand; the language server
//! answers from its background pool and checks the game again once the deal is solved.

use crate::diagnostic::Code;
use std::sync::Arc;

use super::cross::Value;
use crate::bridge::{Deal, Denomination, Seat, Vulnerability};
use crate::diagnostic::Diagnostic;
use crate::double_dummy::tags::{
    digit_of, par_contracts_agree, read_optimum_score, read_par_contracts, standard_layout,
    tricks_cell, tricks_digit, write_optimum_score, write_par_contracts, write_table_rows,
    ColumnLayout, TABLE_COLUMNS,
};
use crate::double_dummy::{par_for, pars_either_side, Par, TrickTable};
use crate::syntax::pbn::ast::Section;
use crate::syntax::{SyntaxKind, TextRange, TextSize};

/// The tags whose values the double-dummy checks compare with the solver.
pub const DOUBLE_DUMMY_TAGS: [&str; 4] = [
    "OptimumResultTable",
    "DoubleDummyTricks",
    "OptimumScore",
    "ParContract",
];

/// A lookup of a deal's solved table.
type TableLookup = dyn Fn(&Deal) -> Option<TrickTable> + Send + Sync;

/// Where the checks find the solver's table of a deal (`None`: not solved yet).
#[derive(Clone)]
pub struct Solutions(Arc<TableLookup>);

impl Solutions {
    /// A source answering with `lookup`.
    pub fn new(lookup: impl Fn(&Deal) -> Option<TrickTable> + Send + Sync + 'static) -> Solutions {
        Solutions(Arc::new(lookup))
    }

    /// The table of `deal`, when known.
    pub fn table(&self, deal: &Deal) -> Option<TrickTable> {
        (self.0)(deal)
    }
}

impl std::fmt::Debug for Solutions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Solutions")
    }
}

impl PartialEq for Solutions {
    fn eq(&self, other: &Solutions) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Solutions {}

/// What the double-dummy checks read of one game.
#[derive(Debug, Default)]
pub(crate) struct DoubleDummyInput<'a> {
    /// The hands, when the Deal is valid.
    pub deal: Option<Deal>,
    /// The dealer, when readable.
    pub dealer: Option<Seat>,
    /// The vulnerability, when readable.
    pub vulnerability: Option<Vulnerability>,
    /// `DoubleDummyTricks`.
    pub tricks: Option<Value<'a>>,
    /// `OptimumScore`.
    pub score: Option<Value<'a>>,
    /// `ParContract`.
    pub par_contract: Option<Value<'a>>,
    /// The `OptimumResultTable` section.
    pub table: Option<Section>,
    /// The line end the game uses, for rewritten tables.
    pub newline: &'a str,
}

impl DoubleDummyInput<'_> {
    /// Whether the game carries anything to check.
    pub fn carries_results(&self) -> bool {
        self.table
            .as_ref()
            .is_some_and(|t| table_columns(t).is_some())
            || self.tricks.is_some_and(|v| !v.text.is_empty())
            || self.score.is_some()
            || self.par_contract.is_some()
    }
}

/// The deal a game asks the solver about: its valid, complete deal when it carries DD results.
pub(crate) fn deal_to_solve(input: &DoubleDummyInput<'_>) -> Option<Deal> {
    input
        .deal
        .filter(|d| d.is_complete() && input.carries_results())
}

/// Runs the O checks of one game.
pub(crate) fn check_double_dummy(
    input: &DoubleDummyInput<'_>,
    solutions: &Solutions,
    out: &mut Vec<Diagnostic>,
) {
    if let Some(section) = &input.table {
        if table_columns(section).is_none() {
            unreadable_table(section, out);
        }
    }
    let Some(deal) = deal_to_solve(input) else {
        return;
    };
    let Some(table) = solutions.table(&deal) else {
        return;
    };
    if let Some(value) = input.tricks.filter(|v| !v.text.is_empty()) {
        check_tricks(value, &table, out);
    }
    if let Some(section) = &input.table {
        check_table(section, &table, input.newline, out);
    }
    let Some(vulnerability) = input.vulnerability else {
        return;
    };
    let best = par_for(&table, vulnerability, input.dealer);
    // A file may give par with either side bidding first (they differ only on hot deals).
    let candidates: Vec<Par> = std::iter::once(best.clone())
        .chain(pars_either_side(&table, vulnerability))
        .collect();
    if let Some(value) = input.score {
        if let Some(written) = read_optimum_score(value.text) {
            if !candidates.iter().any(|p| p.score == written) {
                let right = write_optimum_score(&best);
                out.push(
                    Diagnostic::new(
                        Code::O102,
                        value.range,
                        format!(
                            "the OptimumScore says {}, but par at double dummy is {right}",
                            value.text.trim()
                        ),
                    )
                    .with_unsafe_fix(
                        format!("Write `{right}`"),
                        value.range,
                        right.clone(),
                    ),
                );
            }
        }
    }
    if let Some(value) = input.par_contract {
        if let Some(written) = read_par_contracts(value.text) {
            if !candidates
                .iter()
                .any(|p| par_contracts_agree(&written, p, vulnerability))
            {
                let right = write_par_contracts(&best);
                out.push(
                    Diagnostic::new(
                        Code::O102,
                        value.range,
                        format!(
                            "the ParContract says {}, but the par contract at double dummy is {right} ({} {})",
                            value.text.trim(),
                            if best.score >= 0 { "NS" } else { "EW" },
                            best.score.abs()
                        ),
                    )
                    .with_unsafe_fix(format!("Write `{right}`"), value.range, right.clone()),
                );
            }
        }
    }
}

fn who(seat: Seat) -> &'static str {
    seat.name()
}

fn tricks(n: u8) -> String {
    if n == 1 {
        "1 trick".to_string()
    } else {
        format!("{n} tricks")
    }
}

fn in_denomination(d: Denomination) -> String {
    match d {
        Denomination::NoTrump => "no trump".to_string(),
        suit => suit.name().to_lowercase(),
    }
}

/// `DoubleDummyTricks`: 20 base-14 digits, each checked.
fn check_tricks(value: Value<'_>, table: &TrickTable, out: &mut Vec<Diagnostic>) {
    let right: String = crate::double_dummy::tags::write_tricks(table);
    let digits: Vec<Option<u8>> = value.text.chars().map(tricks_digit).collect();
    let as_written = usize::from(value.range.len()) == value.text.len();
    if digits.len() != 20 || digits.iter().any(|d| d.is_none_or(|t| t > 13)) || !as_written {
        out.push(
            Diagnostic::new(
                Code::O103,
                value.range,
                format!(
                    "DoubleDummyTricks should be 20 base-14 digits (0-9, a-d: declarers N, S, E, W, each in NT, S, H, D, C); `{}` is not",
                    value.text
                ),
            )
            .with_unsafe_fix(format!("Write `{right}`"), value.range, right),
        );
        return;
    }
    for (i, written) in digits.iter().enumerate() {
        let (Some(written), Some((seat, d))) = (written, tricks_cell(i)) else {
            continue;
        };
        let solved = table.tricks(seat, d);
        if *written != solved {
            let at = value.range.start() + TextSize::from(i as u32);
            let range = TextRange::at(at, TextSize::from(1));
            out.push(
                Diagnostic::new(
                    Code::O101,
                    range,
                    format!(
                        "DoubleDummyTricks says {} takes {} in {}; at double dummy: {solved}",
                        who(seat),
                        tricks(*written),
                        in_denomination(d)
                    ),
                )
                .with_unsafe_fix(
                    format!("Write `{}`", digit_of(solved)),
                    range,
                    digit_of(solved).to_string(),
                ),
            );
        }
    }
}

/// The positions of the Declarer, Denomination and Result columns in a table's column spec.
fn column_positions(spec: &str) -> Option<(usize, [usize; 3])> {
    let names: Vec<&str> = spec
        .split(';')
        .map(|c| c.split('\\').next().unwrap_or(c))
        .collect();
    let find = |name: &str| names.iter().position(|n| *n == name);
    Some((
        names.len(),
        [find("Declarer")?, find("Denomination")?, find("Result")?],
    ))
}

/// The text of the whole section written in the standard layout (or the table's own, when it
/// is the standard three columns), from its tag to its last row.
pub(crate) fn table_section_text(table: &TrickTable, spec: Option<&str>, newline: &str) -> String {
    let (spec, layout) = match spec.and_then(|s| standard_layout(s).map(|l| (s, l))) {
        Some(found) => found,
        None => (
            TABLE_COLUMNS,
            standard_layout(TABLE_COLUMNS).unwrap_or([ColumnLayout::default(); 3]),
        ),
    };
    let rows = write_table_rows(table, &layout, newline);
    format!(
        "[OptimumResultTable \"{spec}\"]{newline}{}",
        rows.strip_suffix(newline).unwrap_or(&rows)
    )
}

/// The end of a node's last token that is not trivia (its own end when it has none): where a
/// section's data, or a game's text, stops before the blank lines after it.
pub(crate) fn content_end(node: &crate::syntax::SyntaxNode) -> TextSize {
    node.descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia())
        .last()
        .map_or(node.text_range().end(), |t| t.text_range().end())
}

/// The range of a section from its tag to its last data token (without the trivia after it).
pub(crate) fn section_extent(section: &Section) -> TextRange {
    let start = section.syntax().text_range().start();
    TextRange::new(start, content_end(section.syntax()).max(start))
}

/// The column count and the Declarer, Denomination and Result positions of a table section.
fn table_columns(section: &Section) -> Option<(usize, [usize; 3])> {
    let (spec, _) = section.tag()?.raw_value()?;
    column_positions(&spec)
}

/// O103 for a table whose columns are not those of a double-dummy table (`dd --write` writes
/// one; no solution is needed to see it).
fn unreadable_table(section: &Section, out: &mut Vec<Diagnostic>) {
    let Some(tag) = section.tag() else { return };
    let (spec, range) = tag
        .raw_value()
        .unwrap_or_else(|| (String::new(), tag.syntax().text_range()));
    out.push(Diagnostic::new(
        Code::O103,
        range,
        format!("an OptimumResultTable needs the columns Declarer, Denomination and Result; `{spec}` is not such a table (`kibitzer dd --write` writes one)"),
    ));
}

/// `OptimumResultTable`: every row's result, then whether it is the whole table.
fn check_table(section: &Section, table: &TrickTable, newline: &str, out: &mut Vec<Diagnostic>) {
    let Some(tag) = section.tag() else { return };
    let Some((spec, _)) = tag.raw_value() else {
        return;
    };
    let extent = section_extent(section);
    let whole = table_section_text(table, Some(&spec), newline);
    let rewrite =
        |d: Diagnostic| d.with_unsafe_fix("Write the solver's table", extent, whole.clone());
    let Some((width, [declarer_at, denomination_at, result_at])) = column_positions(&spec) else {
        return;
    };
    let green = section.syntax().green();
    let elements: Vec<_> = section
        .green_data(&green)
        .into_iter()
        .filter(|t| matches!(t.kind(), SyntaxKind::SECTION_TOKEN | SyntaxKind::STRING))
        .collect();
    let mut seen = [[false; 5]; 4];
    let mut covered = 0;
    for row in elements.chunks(width).filter(|r| r.len() == width) {
        let seat = single_char(row[declarer_at].text()).and_then(Seat::from_char);
        let d = Denomination::parse(row[denomination_at].text());
        let (Some(seat), Some(d)) = (seat, d) else {
            continue;
        };
        if !std::mem::replace(&mut seen[seat.index()][d.index()], true) {
            covered += 1;
        }
        let result = &row[result_at];
        let Ok(written) = result.text().parse::<u8>() else {
            continue;
        };
        let solved = table.tricks(seat, d);
        if written != solved {
            out.push(
                Diagnostic::new(
                    Code::O101,
                    result.text_range(),
                    format!(
                        "the OptimumResultTable says {} takes {} in {}; at double dummy: {solved}",
                        who(seat),
                        tricks(written),
                        in_denomination(d)
                    ),
                )
                .with_unsafe_fix(
                    format!("Write {solved}"),
                    result.text_range(),
                    solved.to_string(),
                ),
            );
        }
    }
    if covered < 20 {
        let name_range = tag.name_range_or_pair();
        out.push(rewrite(Diagnostic::new(
            Code::O103,
            name_range,
            format!(
                "the OptimumResultTable gives {covered} of the 20 declarer and denomination pairs; a full table has a row for each"
            ),
        )));
    }
}

fn single_char(text: &str) -> Option<char> {
    let mut chars = text.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c.to_ascii_uppercase())
}
