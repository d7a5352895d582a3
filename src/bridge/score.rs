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

    #[test]
    fn known_scores() {
        // (level, denomination, risk, vulnerable, tricks, score)
        let table: &[(u8, &str, &str, bool, u8, i32)] = &[
            (4, "S", "", false, 10, 420),
            (4, "S", "", true, 10, 620),
            (4, "H", "", false, 11, 450),
            (3, "NT", "", true, 10, 630),
            (3, "NT", "", false, 9, 400),
            (1, "NT", "", false, 7, 90),
            (2, "S", "", false, 8, 110),
            (3, "C", "", false, 9, 110),
            (5, "D", "", true, 11, 600),
            (1, "NT", "X", false, 6, -100),
            (1, "NT", "X", true, 6, -200),
            (7, "NT", "XX", true, 13, 2980),
            (4, "H", "X", false, 7, -500),
            (4, "H", "X", true, 7, -800),
            (6, "C", "", true, 12, 1370),
            (6, "C", "", false, 12, 920),
            (6, "NT", "", false, 12, 990),
            (7, "S", "", false, 13, 1510),
            (7, "NT", "", true, 13, 2220),
            (1, "C", "X", false, 7, 140),
            (1, "C", "X", true, 7, 140),
            (1, "C", "XX", false, 7, 230),
            (2, "S", "X", true, 9, 870),
            (2, "S", "X", false, 9, 570),
            (2, "H", "X", false, 8, 470),
            (1, "S", "XX", false, 8, 720),
            (3, "NT", "", false, 8, -50),
            (3, "NT", "", true, 7, -200),
            (4, "S", "X", false, 9, -100),
            (4, "S", "X", false, 8, -300),
            (4, "S", "X", false, 6, -800),
            (4, "S", "X", false, 5, -1100),
            (4, "S", "X", true, 8, -500),
            (4, "S", "X", true, 6, -1100),
            (4, "S", "XX", false, 8, -600),
            (4, "S", "XX", true, 9, -400),
            (7, "NT", "X", true, 0, -3800),
            (7, "NT", "XX", true, 0, -7600),
            (7, "NT", "", false, 0, -650),
        ];
        for &(level, denom, risk, vul, tricks, expected) in table {
            assert_eq!(
                score(level, denom, risk, vul, tricks),
                expected,
                "{level}{denom}{risk} vul={vul} tricks={tricks}"
            );
        }
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
        let table = [
            (0, 0),
            (10, 0),
            (19, 0),
            (20, 1),
            (40, 1),
            (50, 2),
            (90, 3),
            (130, 4),
            (170, 5),
            (220, 6),
            (270, 7),
            (320, 8),
            (370, 9),
            (420, 9),
            (430, 10),
            (500, 11),
            (590, 11),
            (600, 12),
            (750, 13),
            (900, 14),
            (1100, 15),
            (1300, 16),
            (1500, 17),
            (1750, 18),
            (2000, 19),
            (2250, 20),
            (2500, 21),
            (3000, 22),
            (3500, 23),
            (3990, 23),
            (4000, 24),
            (9000, 24),
        ];
        for (diff, expected) in table {
            assert_eq!(imps(diff), expected, "{diff}");
            assert_eq!(imps(-diff), -expected, "-{diff}");
        }
        assert_eq!(imps(i32::MIN), -24);
        assert_eq!(imps(i32::MAX), 24);
        // A typical swing: 620 against -100.
        assert_eq!(imps(620 - (-100)), 12);
    }
}
