//! The forms files keep double-dummy results in: PBN's `OptimumResultTable` section and
//! `OptimumScore` tag (chapters 5.7 and 4.2.7), and BridgeComposer's `DoubleDummyTricks` and
//! `ParContract` tags. Reading gives `None` for text that is not in the form; writing gives the
//! form the tools that fill these tags write.

use super::{Par, TrickTable, DECLARERS, DENOMINATIONS};
use crate::bridge::{duplicate_score, Contract, Denomination, Risk, Seat, Vulnerability};

/// The column layout of an `OptimumResultTable` this project writes.
pub(crate) const TABLE_COLUMNS: &str = "Declarer;Denomination\\2R;Result\\2R";

/// The declarer and denomination of `DoubleDummyTricks` digit `index` (declarers N, S, E, W,
/// each NT, S, H, D, C).
pub(crate) fn tricks_cell(index: usize) -> Option<(Seat, Denomination)> {
    let seat = *DECLARERS.get(index / 5)?;
    Some((seat, DENOMINATIONS[index % 5]))
}

/// A `DoubleDummyTricks` digit: base 14, `0`–`9` then `a`–`d` (either case).
pub(crate) fn tricks_digit(c: char) -> Option<u8> {
    let value = c.to_digit(14)?;
    u8::try_from(value).ok()
}

/// A trick count as a `DoubleDummyTricks` digit.
pub(crate) fn digit_of(tricks: u8) -> char {
    char::from_digit(u32::from(tricks.min(13)), 14).unwrap_or('0')
}

/// `DoubleDummyTricks` of a table: 20 digits.
pub(crate) fn write_tricks(table: &TrickTable) -> String {
    table.cells().map(|(_, _, t)| digit_of(t)).collect()
}

/// The table a `DoubleDummyTricks` value gives, when it is 20 base-14 digits of at most 13.
#[cfg(test)]
pub(crate) fn read_tricks(text: &str) -> Option<TrickTable> {
    let mut table = TrickTable::default();
    let mut count = 0;
    for (i, c) in text.chars().enumerate() {
        let (seat, d) = tricks_cell(i)?;
        table.set(seat, d, tricks_digit(c).filter(|&t| t <= 13)?);
        count += 1;
    }
    (count == 20).then_some(table)
}

/// The North-South score an `OptimumScore` value gives: `NS 620`, `EW -100`, or both sides
/// (`NS 620 EW -620`, which must agree).
pub(crate) fn read_optimum_score(text: &str) -> Option<i32> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() || !words.len().is_multiple_of(2) || words.len() > 4 {
        return None;
    }
    let mut score = None;
    for pair in words.chunks(2) {
        let points: i32 = pair[1].parse().ok()?;
        let ns = match pair[0] {
            "NS" => points,
            "EW" => -points,
            _ => return None,
        };
        if score.is_some_and(|s| s != ns) {
            return None;
        }
        score = Some(ns);
    }
    score
}

/// The `OptimumScore` value of a par result, from the side that declares the par contract (as
/// BridgeComposer writes it: `EW -300` for East-West's sacrifice); `NS 0` when passed out.
pub(crate) fn write_optimum_score(par: &Par) -> String {
    match par.contracts.first() {
        Some(c) if !c.declarer.is_ns() => format!("EW {}", -par.score),
        _ => format!("NS {}", par.score),
    }
}

/// One contract of a `ParContract` value, as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct WrittenPar {
    /// The seats the value lets declare it (`NS`: both, `N`: one).
    pub declarers: [Option<Seat>; 2],
    /// The contract.
    pub contract: Contract,
    /// The tricks declarer takes.
    pub tricks: u8,
}

/// The contracts of a `ParContract` value (`NS 4S=`, `E 3N+1`, `NS 4SX-2`, several separated by
/// `;` or `,`); an empty list for a passed-out par (`Pass`).
pub(crate) fn read_par_contracts(text: &str) -> Option<Vec<WrittenPar>> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("pass") {
        return Some(Vec::new());
    }
    text.split([';', ','])
        .map(|part| read_one_par(part.trim()))
        .collect()
}

fn read_one_par(text: &str) -> Option<WrittenPar> {
    let (who, rest) = text.split_once(' ')?;
    let mut declarers = [None; 2];
    for (count, c) in who.chars().enumerate() {
        *declarers.get_mut(count)? = Some(Seat::from_char(c)?);
    }
    let rest = rest.trim();
    let level = rest.chars().next()?.to_digit(10)? as u8;
    let after_level = rest.get(1..)?;
    let (denomination, after) = match after_level.get(..2) {
        Some(nt) if nt.eq_ignore_ascii_case("NT") => (Denomination::NoTrump, &after_level[2..]),
        _ => {
            let c = after_level.get(..1)?;
            let d = if c.eq_ignore_ascii_case("N") {
                Denomination::NoTrump
            } else {
                Denomination::parse(c)?
            };
            (d, &after_level[1..])
        }
    };
    // The risk marks stand between the denomination and the result (`=`, `+1`, `-2`).
    let (marks, after) = after.split_at(after.find(['=', '+', '-'])?);
    let risk = Risk::from_marks(marks)?;
    let contract = Contract::new(level, denomination, risk)?;
    let needed = i16::from(contract.tricks_needed());
    let tricks = match after {
        "=" => needed,
        _ => {
            let (sign, n) = after.split_at(after.len().min(1));
            let n: i16 = n.parse().ok()?;
            match sign {
                "+" => needed + n,
                "-" => needed - n,
                _ => return None,
            }
        }
    };
    let tricks = u8::try_from(tricks).ok().filter(|&t| t <= 13)?;
    Some(WrittenPar {
        declarers,
        contract,
        tricks,
    })
}

/// The score of a written par contract from North-South's side.
fn ns_score(written: &WrittenPar, vulnerability: Vulnerability) -> Option<i32> {
    let declarer = written.declarers[0]?;
    let score = duplicate_score(
        written.contract,
        vulnerability.is_vulnerable(declarer),
        written.tricks,
    );
    Some(if declarer.is_ns() { score } else { -score })
}

/// Whether a `ParContract` value names par: every contract it names is one of the par
/// contracts (same denomination, by a seat that may declare it) and scores the par score.
pub(crate) fn par_contracts_agree(
    written: &[WrittenPar],
    par: &Par,
    vulnerability: Vulnerability,
) -> bool {
    if written.is_empty() || par.contracts.is_empty() {
        return written.is_empty() && par.contracts.is_empty();
    }
    written.iter().all(|w| {
        let named = par.contracts.iter().any(|p| {
            p.contract.denomination() == w.contract.denomination()
                && w.declarers.contains(&Some(p.declarer))
        });
        named && ns_score(w, vulnerability) == Some(par.score)
    })
}

/// A `ParContract` value for a par result: `NS 4S=` when both partners make it, `N 3N+1` when
/// one does, several joined by `; `; `Pass` for a passed-out deal.
pub(crate) fn write_par_contracts(par: &Par) -> String {
    if par.contracts.is_empty() {
        return "Pass".to_string();
    }
    // Lowest bid first, as BridgeComposer lists them.
    let mut contracts = par.contracts.clone();
    contracts.sort_by_key(|c| (c.contract.bid, c.declarer.index()));
    let mut parts: Vec<String> = Vec::new();
    for c in &contracts {
        let partner_too = par.contracts.iter().any(|o| {
            o.declarer == c.declarer.partner()
                && o.contract == c.contract
                && o.overtricks == c.overtricks
        });
        // A pair's contract is written once, under North or East.
        if partner_too && matches!(c.declarer, Seat::South | Seat::West) {
            continue;
        }
        let who = match (partner_too, c.declarer.is_ns()) {
            (true, true) => "NS".to_string(),
            (true, false) => "EW".to_string(),
            (false, _) => c.declarer.letter().to_string(),
        };
        let strain = match c.contract.denomination() {
            Denomination::NoTrump => "N",
            d => d.pbn(),
        };
        let result = match c.overtricks {
            0 => "=".to_string(),
            n if n > 0 => format!("+{n}"),
            n => format!("{n}"),
        };
        let text = format!(
            "{who} {}{strain}{}{result}",
            c.contract.level(),
            c.contract.risk.pbn()
        );
        if !parts.contains(&text) {
            parts.push(text);
        }
    }
    parts.join("; ")
}

/// One column's layout in a table's tag value: its minimum width and whether it is right-aligned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct ColumnLayout {
    /// The minimum width (0: none).
    pub width: usize,
    /// Right-aligned (`R`); otherwise left.
    pub right: bool,
}

/// The layouts of the Declarer, Denomination and Result columns in a column spec like
/// `Declarer;Denomination\2R;Result\2R`, when those are its three columns in that order.
pub(crate) fn standard_layout(spec: &str) -> Option<[ColumnLayout; 3]> {
    let mut out = [ColumnLayout::default(); 3];
    let columns: Vec<&str> = spec.split(';').collect();
    if columns.len() != 3 {
        return None;
    }
    for ((column, name), slot) in columns
        .iter()
        .zip(["Declarer", "Denomination", "Result"])
        .zip(&mut out)
    {
        let (written, layout) = column.split_once('\\').unwrap_or((column, ""));
        if written != name {
            return None;
        }
        let digits: String = layout.chars().take_while(char::is_ascii_digit).collect();
        slot.width = if digits.is_empty() {
            0
        } else {
            digits.parse().ok()?
        };
        slot.right = layout[digits.len()..].eq_ignore_ascii_case("R");
    }
    Some(out)
}

fn cell(text: &str, layout: ColumnLayout) -> String {
    if layout.right {
        format!("{text:>width$}", width = layout.width)
    } else {
        format!("{text:<width$}", width = layout.width)
    }
}

/// The 20 rows of an `OptimumResultTable` in `layout`, one per line, each ended by `newline`.
pub(crate) fn write_table_rows(
    table: &TrickTable,
    layout: &[ColumnLayout; 3],
    newline: &str,
) -> String {
    let mut out = String::new();
    for (seat, d, tricks) in table.cells() {
        let row = [
            cell(&seat.letter().to_string(), layout[0]),
            cell(d.pbn(), layout[1]),
            cell(&tricks.to_string(), layout[2]),
        ]
        .join(" ");
        out.push_str(row.trim_end());
        out.push_str(newline);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn double_dummy_tricks_round_trip() {
        let text = "63b3c63b3c492a0492a0";
        let table = read_tricks(text).unwrap();
        assert_eq!(table.tricks(Seat::North, Denomination::NoTrump), 6);
        assert_eq!(table.tricks(Seat::North, Denomination::Hearts), 11);
        assert_eq!(table.tricks(Seat::South, Denomination::Clubs), 12);
        assert_eq!(table.tricks(Seat::East, Denomination::Diamonds), 10);
        assert_eq!(table.tricks(Seat::West, Denomination::Clubs), 0);
        assert_eq!(write_tricks(&table), text);
        assert_eq!(read_tricks("63b3c63b3c492a0492a"), None);
        assert_eq!(read_tricks("63b3c63b3c492a0492ae"), None);
        assert_eq!(read_tricks(""), None);
    }

    #[test]
    fn optimum_scores() {
        assert_eq!(read_optimum_score("NS 620"), Some(620));
        assert_eq!(read_optimum_score("EW -300"), Some(300));
        assert_eq!(read_optimum_score("EW 140 NS -140"), Some(-140));
        assert_eq!(read_optimum_score("EW 140 NS 140"), None);
        assert_eq!(read_optimum_score("620"), None);
        let passed = Par {
            score: 0,
            contracts: Vec::new(),
        };
        assert_eq!(write_optimum_score(&passed), "NS 0");
    }

    #[test]
    fn par_contracts_read_and_agree() {
        let written = read_par_contracts("NS 4SX-2").unwrap();
        assert_eq!(written[0].tricks, 8);
        assert_eq!(written[0].contract.risk, Risk::Doubled);
        let two = read_par_contracts("NS 1H+2; NS 1S+2").unwrap();
        assert_eq!(two.len(), 2);
        assert_eq!(read_par_contracts("E 3N+1").unwrap()[0].tricks, 10);
        assert_eq!(read_par_contracts("NS 8S="), None);
        assert_eq!(read_par_contracts("NS 4S+4"), None);
        let redoubled = read_par_contracts("W 2hxx+1").unwrap();
        assert_eq!(redoubled[0].contract.risk, Risk::Redoubled);
        assert_eq!(redoubled[0].tricks, 9);
        assert_eq!(read_par_contracts("NS 4SXXX="), None);
        let par = Par {
            score: 420,
            contracts: vec![
                super::super::ParContract {
                    contract: Contract::new(4, Denomination::Spades, Risk::Undoubled).unwrap(),
                    declarer: Seat::North,
                    overtricks: 0,
                },
                super::super::ParContract {
                    contract: Contract::new(4, Denomination::Spades, Risk::Undoubled).unwrap(),
                    declarer: Seat::South,
                    overtricks: 0,
                },
            ],
        };
        assert_eq!(write_par_contracts(&par), "NS 4S=");
        let ok = read_par_contracts("NS 4S=").unwrap();
        assert!(par_contracts_agree(&ok, &par, Vulnerability::None));
        let wrong_level = read_par_contracts("NS 2S+2").unwrap();
        assert!(!par_contracts_agree(
            &wrong_level,
            &par,
            Vulnerability::None
        ));
        let wrong_side = read_par_contracts("EW 4S=").unwrap();
        assert!(!par_contracts_agree(&wrong_side, &par, Vulnerability::None));
    }

    #[test]
    fn table_rows_follow_the_column_layout() {
        let table = read_tricks("63b3c63b3c492a0492a0").unwrap();
        let layout = standard_layout(TABLE_COLUMNS).unwrap();
        let rows = write_table_rows(&table, &layout, "\n");
        assert!(rows.starts_with("N NT  6\nN  S  3\nN  H 11\n"), "{rows}");
        assert_eq!(rows.lines().count(), 20);
        let narrow = standard_layout("Declarer;Denomination\\2R;Result\\1R").unwrap();
        assert!(write_table_rows(&table, &narrow, "\n").starts_with("N NT 6\nN  S 3\nN  H 11\n"));
        assert_eq!(standard_layout("Declarer Suit Tricks"), None);
    }
}
