//! Duplicate scoring and the IMP scale.

use super::call::Contract;
use contract_bridge as cb;

/// Duplicate score of `contract` for the declaring side when declarer takes
/// `tricks` tricks (more than 13 count as 13); negative when it goes down.
///
/// Delegates to [`contract_bridge::Contract::score`], whose schedule the
/// tests below check against a table of well-known results.
pub fn duplicate_score(contract: Contract, declarer_vulnerable: bool, tricks: u8) -> i32 {
    cb::Contract::from(contract).score(tricks.min(13), declarer_vulnerable)
}

/// Lower bounds of each IMP step: a difference of at least `IMP_STEPS[i]`
/// points is worth more than `i` IMPs.
const IMP_STEPS: [u32; 24] = [
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
    2000, 2250, 2500, 3000, 3500, 4000,
];

/// IMPs for a point difference on the standard scale (0 to 24), keeping its sign.
pub fn imps(diff: i32) -> i32 {
    let magnitude = diff.unsigned_abs();
    let steps = IMP_STEPS
        .iter()
        .take_while(|&&low| magnitude >= low)
        .count() as i32;
    if diff < 0 {
        -steps
    } else {
        steps
    }
}

#[cfg(test)]
mod tests {
    use super::super::call::{Denomination, Risk};
    use super::*;

    fn score(level: u8, denom: &str, risk: &str, vul: bool, tricks: u8) -> i32 {
        let d = Denomination::parse(denom).expect("test denomination");
        let r = match risk {
            "" => Risk::Undoubled,
            "X" => Risk::Doubled,
            _ => Risk::Redoubled,
        };
        let contract = Contract::new(level, d, r).expect("test contract");
        duplicate_score(contract, vul, tricks)
    }

    /// The rows of a tab-separated fixture under `tests/fixtures/scoring/`, comments left out.
    fn fixture_rows(text: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
        text.lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
            .map(|line| line.split('\t').collect())
    }

    #[test]
    fn known_scores() {
        let table = include_str!("../../tests/fixtures/scoring/duplicate-scores.tsv");
        let mut rows = 0;
        for row in fixture_rows(table) {
            let [contract, vul, tricks, expected] = row[..] else {
                panic!("a row of four columns: {row:?}");
            };
            let level: u8 = contract[..1].parse().expect("a level");
            let denomination = contract[1..].trim_end_matches('X');
            let risk = &contract[1 + denomination.len()..];
            let tricks: u8 = tricks.parse().expect("tricks");
            let expected: i32 = expected.parse().expect("a score");
            assert_eq!(
                score(level, denomination, risk, vul == "vul", tricks),
                expected,
                "{contract} {vul} tricks={tricks}"
            );
            rows += 1;
        }
        assert!(rows >= 30, "the fixture was read ({rows} rows)");
    }

    #[test]
    fn doubled_partscore_into_game() {
        // 2♥X making is 120 trick points: a game.
        assert_eq!(score(2, "H", "X", false, 8), 470);
        // 1♣X making is only 40 trick points: a part score.
        assert_eq!(score(1, "C", "X", false, 7), 140);
    }

    #[test]
    fn extreme_trick_counts_do_not_panic() {
        assert_eq!(
            score(7, "NT", "", false, 255),
            score(7, "NT", "", false, 13)
        );
        assert_eq!(score(1, "C", "", false, 255), score(1, "C", "", false, 13));
    }

    #[test]
    fn imp_scale() {
        let table = include_str!("../../tests/fixtures/scoring/imp-scale.tsv");
        let mut rows = 0;
        for row in fixture_rows(table) {
            let diff: i32 = row[0].parse().expect("a difference");
            let expected: i32 = row[1].parse().expect("IMPs");
            assert_eq!(imps(diff), expected, "{diff}");
            assert_eq!(imps(-diff), -expected, "-{diff}");
            rows += 1;
        }
        assert!(rows >= 25, "the fixture was read ({rows} rows)");
        assert_eq!(imps(i32::MIN), -24);
        assert_eq!(imps(i32::MAX), 24);
        // A typical swing: 620 against -100.
        assert_eq!(imps(620 - (-100)), 12);
    }
}
