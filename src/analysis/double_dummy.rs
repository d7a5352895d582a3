//! The double-dummy checks (opt-in): the DD results a game carries (`OptimumResultTable`,
//! `DoubleDummyTricks`, `OptimumScore`, `ParContract`) against the solver's (O101–O103).
//!
//! The checks never solve: they ask a [`Solutions`] source, and say nothing about a deal it has
//! no table for yet. The CLI solves every deal it will ask for beforehand; the language server
//! answers from its background pool and checks the game again once the deal is solved.

use crate::diagnostic::Code;
use std::sync::Arc;

use crate::bridge::{Deal, Denomination, Seat, Vulnerability};
use crate::diagnostic::{Diagnostic, TextEdit};
use crate::double_dummy::tags::{
    digit_of, par_contracts_agree, read_optimum_score, read_par_contracts, standard_layout,
    tricks_cell, tricks_digit, write_optimum_score, write_par_contracts, write_table_rows,
    ColumnLayout, TABLE_COLUMNS,
};
use crate::double_dummy::{par_for, pars_either_side, Par, TrickTable};
use crate::model::board::context::GameContext;
use crate::model::values::newline_of;
use crate::syntax::pbn::ast::{Game, Section};
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

/// A tag value as the double-dummy view keeps it: its text and where it is written.
#[derive(Debug, Clone)]
pub(crate) struct WrittenValue {
    /// The value (inheritance resolved when the reader resolves it).
    pub text: String,
    /// Where it is written (between the quotes).
    pub range: TextRange,
}

/// An `OptimumResultTable` section as written.
#[derive(Debug, Clone)]
struct WrittenTable {
    /// From its tag to its last data token.
    extent: TextRange,
    /// The column spec and where it is written, when the tag has a value.
    spec: Option<WrittenValue>,
    /// The tag pair (where a spec-less table is reported).
    tag: TextRange,
    /// The tag's name (where an incomplete table is reported).
    name: TextRange,
    /// The data tokens, row after row.
    cells: Vec<WrittenValue>,
}

/// One game's double-dummy facts and the results it carries, read once by
/// `DoubleDummyGame::read` for the O checks and for `kibitzer dd` (which writes the solver's
/// results into it).
#[derive(Debug, Clone)]
pub struct DoubleDummyGame {
    /// The game's Board tag.
    pub board: Option<String>,
    /// The hands, when the Deal is valid (complete or not).
    pub deal: Option<Deal>,
    /// The dealer, when readable.
    pub dealer: Option<Seat>,
    /// The vulnerability, when readable.
    pub vulnerability: Option<Vulnerability>,
    /// `DoubleDummyTricks`, `OptimumScore` and `ParContract`.
    tricks: Option<WrittenValue>,
    score: Option<WrittenValue>,
    par_contract: Option<WrittenValue>,
    /// The `OptimumResultTable` section.
    table: Option<WrittenTable>,
    /// The end of the game's last token (where new results go).
    end: TextSize,
    /// The line end the game uses, for written tables.
    newline: &'static str,
}

impl DoubleDummyGame {
    /// Reads `game`, whose meaning `context` gives, with `value_of` saying what a tag's value
    /// is; `origin` is added to every range (the game's start when it was read as a tree of
    /// its own).
    pub(crate) fn read(
        game: &Game,
        context: &GameContext,
        origin: TextSize,
        value_of: impl Fn(&str) -> Option<WrittenValue>,
    ) -> DoubleDummyGame {
        let at = |range: TextRange| range + origin;
        let placed = |name: &str| {
            value_of(name).map(|v| WrittenValue {
                range: at(v.range),
                ..v
            })
        };
        let table = game
            .sections()
            .find(|s| s.tag().is_some_and(|t| t.is_named("OptimumResultTable")))
            .and_then(|section| {
                let tag = section.tag()?;
                let green = section.syntax().green();
                let cells = section
                    .green_data(&green)
                    .into_iter()
                    .filter(|t| matches!(t.kind(), SyntaxKind::SECTION_TOKEN | SyntaxKind::STRING))
                    .map(|t| WrittenValue {
                        text: t.text().to_string(),
                        range: at(t.text_range()),
                    })
                    .collect();
                Some(WrittenTable {
                    extent: at(section_extent(&section)),
                    spec: tag.raw_value().map(|(text, range)| WrittenValue {
                        text,
                        range: at(range),
                    }),
                    tag: at(tag.syntax().text_range()),
                    name: at(tag.name_range_or_pair()),
                    cells,
                })
            });
        DoubleDummyGame {
            board: value_of("Board").map(|v| v.text),
            deal: context.deal.filter(|_| context.deal_is_valid),
            dealer: context.dealer,
            vulnerability: context.vulnerability,
            tricks: placed("DoubleDummyTricks"),
            score: placed("OptimumScore"),
            par_contract: placed("ParContract"),
            table,
            end: content_end(game.syntax()) + origin,
            newline: newline_of(game.syntax()),
        }
    }

    /// The hands when the deal is valid and complete: what the solver can solve.
    pub fn complete_deal(&self) -> Option<Deal> {
        self.deal.filter(|d| d.is_complete())
    }

    /// Whether the game carries anything to check.
    fn carries_results(&self) -> bool {
        self.table
            .as_ref()
            .is_some_and(|t| table_columns(t).is_some())
            || self.tricks.as_ref().is_some_and(|v| !v.text.is_empty())
            || self.score.is_some()
            || self.par_contract.is_some()
    }

    /// The par for the game's vulnerability and dealer (either side first when the dealer is
    /// unknown), when its vulnerability is known.
    pub fn par(&self, table: &TrickTable) -> Option<Par> {
        Some(par_for(table, self.vulnerability?, self.dealer))
    }

    /// The edits that write `table` into the game: `OptimumResultTable` and `OptimumScore`
    /// added or updated, `DoubleDummyTricks` and `ParContract` updated where the game has them.
    pub fn edits(&self, table: &TrickTable) -> Vec<TextEdit> {
        let nl = self.newline;
        let par = self.par(table);
        let mut edits = Vec::new();
        let mut replace = |range: TextRange, new_text: String| {
            edits.push(TextEdit { range, new_text });
        };
        if let Some(value) = &self.tricks {
            replace(value.range, crate::double_dummy::tags::write_tricks(table));
        }
        let score_text = par.as_ref().map(write_optimum_score);
        let mut score_line = String::new();
        match (&self.score, &score_text) {
            (Some(value), Some(text)) => replace(value.range, text.clone()),
            (None, Some(text)) => score_line = format!("[OptimumScore \"{text}\"]{nl}"),
            _ => {}
        }
        if let (Some(value), Some(par)) = (&self.par_contract, &par) {
            replace(value.range, write_par_contracts(par));
        }
        match &self.table {
            Some(written) => {
                let spec = written.spec.as_ref().map_or("", |s| s.text.as_str());
                replace(
                    written.extent,
                    format!("{score_line}{}", table_section_text(table, Some(spec), nl)),
                )
            }
            None => replace(
                TextRange::empty(self.end),
                format!("{nl}{score_line}{}", table_section_text(table, None, nl)),
            ),
        }
        edits.sort_by_key(|e| (e.range.start(), e.range.end()));
        edits
    }
}

/// The deal a game asks the solver about: its valid, complete deal when it carries DD results.
pub(crate) fn deal_to_solve(game: &DoubleDummyGame) -> Option<Deal> {
    game.complete_deal().filter(|_| game.carries_results())
}

/// Runs the O checks of one game.
pub(crate) fn check_double_dummy(
    game: &DoubleDummyGame,
    solutions: &Solutions,
    out: &mut Vec<Diagnostic>,
) {
    if let Some(written) = &game.table {
        if table_columns(written).is_none() {
            unreadable_table(written, out);
        }
    }
    let Some(deal) = deal_to_solve(game) else {
        return;
    };
    let Some(table) = solutions.table(&deal) else {
        return;
    };
    if let Some(value) = game.tricks.as_ref().filter(|v| !v.text.is_empty()) {
        check_tricks(value, &table, out);
    }
    if let Some(written) = &game.table {
        check_table(written, &table, game.newline, out);
    }
    let Some(vulnerability) = game.vulnerability else {
        return;
    };
    let best = par_for(&table, vulnerability, game.dealer);
    // A file may give par with either side bidding first (they differ only on hot deals).
    let candidates: Vec<Par> = std::iter::once(best.clone())
        .chain(pars_either_side(&table, vulnerability))
        .collect();
    if let Some(value) = &game.score {
        if let Some(written) = read_optimum_score(&value.text) {
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
    if let Some(value) = &game.par_contract {
        if let Some(written) = read_par_contracts(&value.text) {
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
fn check_tricks(value: &WrittenValue, table: &TrickTable, out: &mut Vec<Diagnostic>) {
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
fn table_columns(written: &WrittenTable) -> Option<(usize, [usize; 3])> {
    column_positions(&written.spec.as_ref()?.text)
}

/// O103 for a table whose columns are not those of a double-dummy table (`dd --write` writes
/// one; no solution is needed to see it).
fn unreadable_table(written: &WrittenTable, out: &mut Vec<Diagnostic>) {
    let (spec, range) = written
        .spec
        .as_ref()
        .map_or(("", written.tag), |s| (s.text.as_str(), s.range));
    out.push(Diagnostic::new(
        Code::O103,
        range,
        format!("an OptimumResultTable needs the columns Declarer, Denomination and Result; `{spec}` is not such a table (`kibitzer dd --write` writes one)"),
    ));
}

/// `OptimumResultTable`: every row's result, then whether it is the whole table.
fn check_table(
    written: &WrittenTable,
    table: &TrickTable,
    newline: &str,
    out: &mut Vec<Diagnostic>,
) {
    let Some(spec) = written.spec.as_ref().map(|s| s.text.as_str()) else {
        return;
    };
    let extent = written.extent;
    let whole = table_section_text(table, Some(spec), newline);
    let rewrite =
        |d: Diagnostic| d.with_unsafe_fix("Write the solver's table", extent, whole.clone());
    let Some((width, [declarer_at, denomination_at, result_at])) = column_positions(spec) else {
        return;
    };
    let mut seen = [[false; 5]; 4];
    let mut covered = 0;
    for row in written.cells.chunks(width).filter(|r| r.len() == width) {
        let seat = single_char(&row[declarer_at].text).and_then(Seat::from_char);
        let d = Denomination::parse(&row[denomination_at].text);
        let (Some(seat), Some(d)) = (seat, d) else {
            continue;
        };
        if !std::mem::replace(&mut seen[seat.index()][d.index()], true) {
            covered += 1;
        }
        let result = &row[result_at];
        let Ok(said) = result.text.parse::<u8>() else {
            continue;
        };
        let solved = table.tricks(seat, d);
        if said != solved {
            out.push(
                Diagnostic::new(
                    Code::O101,
                    result.range,
                    format!(
                        "the OptimumResultTable says {} takes {} in {}; at double dummy: {solved}",
                        who(seat),
                        tricks(said),
                        in_denomination(d)
                    ),
                )
                .with_unsafe_fix(
                    format!("Write {solved}"),
                    result.range,
                    solved.to_string(),
                ),
            );
        }
    }
    if covered < 20 {
        out.push(rewrite(Diagnostic::new(
            Code::O103,
            written.name,
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
