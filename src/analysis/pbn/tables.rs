//! Supplemental sections: table column specs (B702), rows (B701), predefined column values
//! (B703), comments in section data (B704) and `+`/`-` ordering (B705).

use super::tags::{is_digits, parse_decimal};
use crate::bridge::{Denomination, Rank, Suit};
use crate::diagnostic::Code;
use crate::diagnostic::Diagnostic;
use crate::model::values::{read_contract, read_seat};
use crate::syntax::pbn::ast::{DataToken, Section};
use crate::syntax::{SyntaxKind, TextRange, TextSize};

/// The order a column demands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Order {
    /// No order.
    None,
    /// `+`: highest value first.
    Descending,
    /// `-`: lowest value first.
    Ascending,
}

/// One column of a table, as its spec in the tag value describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Column {
    /// The column name without order mark and width.
    pub name: String,
    /// The order mark.
    pub order: Order,
    /// The minimum width, if given.
    pub width: Option<u32>,
    /// The alignment letter (`L` or `R`), if given.
    pub align: Option<char>,
    /// The range of the whole spec.
    pub range: TextRange,
}

/// Parses one column spec (`+Score_NS\6R`); `None` when it breaks the syntax.
pub(crate) fn parse_column(spec: &str, range: TextRange) -> Option<Column> {
    let (order, rest) = match spec.as_bytes().first() {
        Some(b'+') => (Order::Descending, &spec[1..]),
        Some(b'-') => (Order::Ascending, &spec[1..]),
        _ => (Order::None, spec),
    };
    let (name, width, align) = match rest.split_once('\\') {
        None => (rest, None, None),
        Some((name, format)) => {
            let (digits, align) = match format.strip_suffix(['L', 'R']) {
                Some(d) => (d, format.chars().last()),
                None => (format, None),
            };
            if !is_digits(digits) {
                return None;
            }
            (name, digits.parse::<u32>().ok(), align)
        }
    };
    Some(Column {
        name: name.to_string(),
        order,
        width,
        align,
        range,
    })
}

/// Checks a supplemental section whose tag is a table.
pub(crate) fn check_table(section: &Section, name: &str, out: &mut Vec<Diagnostic>) {
    let Some(tag) = section.tag() else { return };
    let mut columns: Vec<Column> = Vec::new();
    let mut bad_spec = false;
    let Some((raw, value_range)) = tag.raw_value() else {
        return;
    };
    let mut offset = value_range.start();
    for spec in raw.split(';') {
        let range = TextRange::at(offset, TextSize::of(spec));
        offset = range.end() + TextSize::from(1);
        match parse_column(spec, range) {
            Some(column) => columns.push(column),
            None => {
                bad_spec = true;
                out.push(Diagnostic::new(
                    Code::B702,
                    range,
                    format!("`{spec}` is not a column spec: after `\\` comes the minimum width, then optionally `L` or `R`"),
                ));
            }
        }
    }
    check_section_comments(section, out);
    // Stray text among the rows (an error the parser reports) leaves them out of step: checking
    // them would only repeat that error on the rows after it.
    let stray = section
        .syntax()
        .children()
        .any(|n| n.kind() == SyntaxKind::ERROR);
    if bad_spec || columns.is_empty() || stray {
        return;
    }
    let green = section.syntax().green();
    let mut elements: Vec<DataToken> = section.green_data(&green);
    elements.retain(|t| matches!(t.kind(), SyntaxKind::SECTION_TOKEN | SyntaxKind::STRING));
    let width = columns.len();
    let full_rows = elements.len() / width;
    if !elements.len().is_multiple_of(width) {
        let first = &elements[full_rows * width];
        let last = &elements[elements.len() - 1];
        let got = elements.len() % width;
        out.push(Diagnostic::new(
            Code::B701,
            TextRange::new(first.text_range().start(), last.text_range().end()),
            format!(
                "the last row of the {name} has {got} element{} where the table has {width} columns",
                if got == 1 { "" } else { "s" }
            ),
        ));
    }
    for (c, column) in columns.iter().enumerate() {
        let kind = ElementKind::of(name, &column.name);
        let mut previous: Option<f64> = None;
        for r in 0..full_rows {
            let token = &elements[r * width + c];
            let text = token.text();
            if let Some(diagnostic) = check_cell(name, &column.name, kind, text, token) {
                out.push(diagnostic);
                continue;
            }
            if column.order == Order::None {
                continue;
            }
            let Some(value) = numeric(text) else { continue };
            if let Some(p) = previous {
                let wrong = match column.order {
                    Order::Descending => value > p,
                    _ => value < p,
                };
                if wrong {
                    let row_start = elements[r * width].text_range().start();
                    let row_end = elements[r * width + width - 1].text_range().end();
                    let (mark, order) = match column.order {
                        Order::Descending => ('+', "descending"),
                        _ => ('-', "ascending"),
                    };
                    out.push(
                        Diagnostic::new(
                            Code::B705,
                            TextRange::new(row_start, row_end),
                            format!(
                                "row {} is out of order: column {} is marked `{mark}` ({order}), but {text} follows {p}",
                                r + 1,
                                column.name
                            ),
                        )
                        .with_related(column.range, format!("column {} is declared here", column.name)),
                    );
                    break;
                }
            }
            previous = Some(value);
        }
    }
}

/// A table element's number, for ordering (`^` artificial marks ignored).
fn numeric(text: &str) -> Option<f64> {
    let text = text.strip_prefix('^').unwrap_or(text);
    parse_decimal(text)
}

/// What the elements of a column must be, by the table and the column's name (found once per
/// column: matching the names again for every element cost more than the check itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ElementKind {
    Seat,
    Denomination,
    Tricks,
    Contract,
    WholeNumber,
    Number,
    Percentage,
    Duration,
    Ranks,
    Card,
    /// A column the standard does not define: anything goes.
    Free,
}

impl ElementKind {
    /// The kind of the elements of column `column` of table `table`.
    fn of(table: &str, column: &str) -> ElementKind {
        match (table, column) {
            (_, "Declarer") => ElementKind::Seat,
            ("OptimumResultTable", "Denomination") => ElementKind::Denomination,
            (_, "Result") => ElementKind::Tricks,
            (_, "Contract") => ElementKind::Contract,
            (_, "Score_NS" | "Score_EW" | "TotalScore" | "Rank" | "Multiplicity" | "NrBoards") => {
                ElementKind::WholeNumber
            }
            (
                _,
                "IMP_NS" | "IMP_EW" | "MP_NS" | "MP_EW" | "TotalIMP" | "TotalMP" | "MeanScore"
                | "MeanIMP" | "MeanMP",
            ) => ElementKind::Number,
            (
                _,
                "Percentage" | "Percentage_NS" | "Percentage_EW" | "TotalPercentage"
                | "MeanPercentage",
            ) => ElementKind::Percentage,
            ("AuctionTimeTable" | "PlayTimeTable", "Time" | "TotalTime") => ElementKind::Duration,
            ("OptimumPlayTable", "S" | "H" | "D" | "C") => ElementKind::Ranks,
            ("ActionTable", "Card") => ElementKind::Card,
            _ => ElementKind::Free,
        }
    }

    /// Whether `value` (an element without its `^` mark) is of this kind.
    fn accepts(self, value: &str) -> bool {
        match self {
            ElementKind::Seat => read_seat(value).is_some_and(|r| r.standard.is_none()),
            ElementKind::Denomination => Denomination::parse(value).is_some(),
            ElementKind::Tricks => is_digits(value) && value.parse::<u8>().is_ok_and(|n| n <= 13),
            ElementKind::Contract => read_contract(value).is_some_and(|r| r.standard.is_none()),
            ElementKind::WholeNumber => super::tags::is_integer(value),
            ElementKind::Number => parse_decimal(value).is_some(),
            ElementKind::Percentage => {
                parse_decimal(value).is_some_and(|p| (0.0..=100.0).contains(&p))
            }
            ElementKind::Duration => is_duration(value),
            ElementKind::Ranks => value.chars().all(|c| Rank::from_char(c).is_some()),
            ElementKind::Card => {
                let mut chars = value.chars();
                matches!((chars.next(), chars.next(), chars.next()), (Some(s), Some(r), None)
                    if Suit::from_char(s).is_some() && Rank::from_char(r).is_some())
            }
            ElementKind::Free => true,
        }
    }

    /// Whether `value` (an element without its `^` mark, not of this kind) says what cannot
    /// happen at the table, rather than being spelled in a way PBN does not know.
    fn impossible(self, value: &str) -> bool {
        match self {
            ElementKind::Tricks => is_digits(value) && value.parse::<u32>().is_ok_and(|n| n > 13),
            ElementKind::Percentage => {
                parse_decimal(value).is_some_and(|p| !(0.0..=100.0).contains(&p))
            }
            ElementKind::Contract => value
                .chars()
                .next()
                .is_some_and(|c| c == '0' || ('8'..='9').contains(&c)),
            _ => false,
        }
    }

    /// What an element of this kind looks like, for the message.
    fn expected(self) -> &'static str {
        match self {
            ElementKind::Seat => "a seat (N, E, S or W)",
            ElementKind::Denomination => "a denomination (S, H, D, C or NT)",
            ElementKind::Tricks => "a number of tricks from 0 to 13",
            ElementKind::Contract => "a contract like `4S` or `3NTX`",
            ElementKind::Duration => "a time `HH:MM:SS`, `MM:SS` or `SS`",
            ElementKind::Ranks => "ranks (AKQJT98765432) or `-`",
            ElementKind::Card => "a card like `SK`",
            ElementKind::Percentage => "a percentage from 0 to 100",
            ElementKind::WholeNumber => "a whole number",
            ElementKind::Number | ElementKind::Free => "a number",
        }
    }
}

/// B703 for one table element, if it is wrong: a warning, since the reference verifier checks
/// only a cell's characters; an error where the value cannot happen at the table (a fourteenth
/// trick, a percentage over 100, a contract of level 8). A contract doubled with `*`, as
/// Bridgewebs writes it, gets the fix to PBN's `X`.
fn check_cell(
    table: &str,
    column: &str,
    kind: ElementKind,
    text: &str,
    token: &DataToken,
) -> Option<Diagnostic> {
    let message = check_element(table, column, kind, text)?;
    let range = token.text_range();
    let value = text.strip_prefix('^').unwrap_or(text);
    if kind == ElementKind::Contract {
        let stars = value.len() - value.trim_end_matches('*').len();
        let respelled = format!("{}{}", value.trim_end_matches('*'), "X".repeat(stars));
        if (1..=2).contains(&stars) && kind.accepts(&respelled) {
            let fixed = format!("{}{respelled}", &text[..text.len() - value.len()]);
            return Some(
                Diagnostic::new(
                    Code::B703,
                    range,
                    format!(
                        "`{text}` in column {column} of the {table} marks the double with `*` (as \
                         Bridgewebs writes it); PBN writes `{fixed}`"
                    ),
                )
                .with_fix(format!("Write `{fixed}`"), range, fixed),
            );
        }
    }
    if kind == ElementKind::Contract && matches!(value, "PO" | "P0" | "AP" | "AllPass") {
        // Bridgewebs writes a passed-out board's contract so.
        let fixed = format!("{}Pass", &text[..text.len() - value.len()]);
        return Some(
            Diagnostic::new(
                Code::B703,
                range,
                format!(
                    "`{text}` in column {column} of the {table} looks like a passed-out board: PBN writes `Pass`"
                ),
            )
            // A guess at what the producer meant: offered, not applied by `check --fix`.
            .with_unsafe_fix(format!("Write `{fixed}`"), range, fixed),
        );
    }
    let mut diagnostic = Diagnostic::new(Code::B703, range, message);
    if kind.impossible(value) {
        diagnostic.severity = crate::diagnostic::Severity::Error;
    }
    Some(diagnostic)
}

/// What is wrong with an element of a column of `kind`, if anything.
fn check_element(table: &str, column: &str, kind: ElementKind, text: &str) -> Option<String> {
    if kind == ElementKind::Free || text == "?" || text == "-" || text.starts_with('"') {
        return None;
    }
    let value = text.strip_prefix('^').unwrap_or(text);
    (!kind.accepts(value)).then(|| {
        format!(
            "`{text}` in column {column} of the {table} should be {}",
            kind.expected()
        )
    })
}

fn is_duration(text: &str) -> bool {
    let parts: Vec<&str> = text.split(':').collect();
    !parts.is_empty()
        && parts.len() <= 3
        && parts.iter().enumerate().all(|(i, p)| {
            is_digits(p) && (i == 0 || (p.len() == 2 && p.parse::<u8>().is_ok_and(|n| n < 60)))
        })
}

/// B704: a comment after the first element of section data.
pub(crate) fn check_section_comments(section: &Section, out: &mut Vec<Diagnostic>) {
    let mut seen_data = false;
    // The section's own tokens, from the green tree with offsets computed here.
    let mut offset = section.syntax().text_range().start();
    for element in section.syntax().green().children() {
        let at = offset;
        offset += element.text_len();
        let rowan::NodeOrToken::Token(token) = element else {
            continue;
        };
        match <crate::syntax::PbnLanguage as rowan::Language>::kind_from_raw(token.kind()) {
            SyntaxKind::SECTION_TOKEN | SyntaxKind::STRING => seen_data = true,
            SyntaxKind::COMMENT_LINE | SyntaxKind::COMMENT_BLOCK if seen_data => {
                out.push(Diagnostic::new(
                    Code::B704,
                    TextRange::at(at, token.text_len()),
                    "comments are not allowed among section data (only right after the section's tag)",
                ));
            }
            _ => {}
        }
    }
}

/// Whether `name` opens a table.
pub fn is_table(name: &str) -> bool {
    crate::syntax::pbn::parser::is_table_tag(name)
}

#[cfg(test)]
mod tests {
    use super::{check_element, ElementKind};

    #[test]
    fn each_column_kind_takes_its_values_and_names_what_it_wants() {
        // (table, column, a good element, a bad one, what the message asks for)
        let cases = [
            ("ScoreTable", "Declarer", "^N", "X", "a seat"),
            (
                "OptimumResultTable",
                "Denomination",
                "NT",
                "Z",
                "a denomination",
            ),
            ("ScoreTable", "Result", "13", "14", "a number of tricks"),
            ("ScoreTable", "Contract", "3NTX", "8S", "a contract"),
            ("ScoreTable", "Score_NS", "-620", "6.5", "a whole number"),
            ("ScoreTable", "MP_NS", "6.5", "x", "a number"),
            ("ScoreTable", "Percentage_EW", "55.5", "101", "a percentage"),
            ("PlayTimeTable", "Time", "01:30", "1:75", "a time"),
            ("OptimumPlayTable", "H", "AKQ", "AKZ", "ranks"),
            ("ActionTable", "Card", "SK", "S", "a card"),
        ];
        for (table, column, good, bad, wanted) in cases {
            let kind = ElementKind::of(table, column);
            assert_ne!(kind, ElementKind::Free, "{table} {column}");
            assert_eq!(check_element(table, column, kind, good), None, "{good}");
            assert_eq!(check_element(table, column, kind, "?"), None);
            let message = check_element(table, column, kind, bad).unwrap_or_default();
            assert!(message.contains(wanted), "{bad}: {message}");
            assert!(message.contains(column), "{message}");
        }
        // A column of the table's own naming takes anything; so does Time outside time tables.
        for (table, column) in [("ScoreTable", "Remarks"), ("ScoreTable", "Time")] {
            let kind = ElementKind::of(table, column);
            assert_eq!(kind, ElementKind::Free);
            assert_eq!(check_element(table, column, kind, "whatever"), None);
        }
    }
}
