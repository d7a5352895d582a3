//! Reference facts the features show: what each tag is for, which values it takes, what each
//! NAG means.

/// What a tag is for and, when the set is small, the values it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TagInfo {
    /// The tag name as written in PBN.
    pub name: &'static str,
    /// Whether the tag is one of the fifteen every game must have.
    pub mandatory: bool,
    /// What the tag records.
    pub purpose: &'static str,
    /// How its value is written.
    pub values: &'static str,
    /// The complete list of values, when there is one to choose from.
    pub choices: &'static [&'static str],
}

const SEATS: &[&str] = &["N", "E", "S", "W"];

/// The tags the features know, the fifteen mandatory ones first in export order.
pub(crate) const TAGS: &[TagInfo] = &[
    TagInfo {
        name: "Event",
        mandatory: true,
        purpose: "The name of the tournament or match.",
        values: "Free text; `?` when unknown.",
        choices: &[],
    },
    TagInfo {
        name: "Site",
        mandatory: true,
        purpose: "Where the event took place.",
        values: "Free text, usually `City, Region COUNTRY`; `?` when unknown.",
        choices: &[],
    },
    TagInfo {
        name: "Date",
        mandatory: true,
        purpose: "The day the game was played.",
        values: "`YYYY.MM.DD`; unknown parts as `?` (`2024.??.??`).",
        choices: &[],
    },
    TagInfo {
        name: "Board",
        mandatory: true,
        purpose: "The board number.",
        values: "A positive integer.",
        choices: &[],
    },
    TagInfo {
        name: "West",
        mandatory: true,
        purpose: "The player sitting West.",
        values: "`Last, First`; `?` when unknown.",
        choices: &[],
    },
    TagInfo {
        name: "North",
        mandatory: true,
        purpose: "The player sitting North.",
        values: "`Last, First`; `?` when unknown.",
        choices: &[],
    },
    TagInfo {
        name: "East",
        mandatory: true,
        purpose: "The player sitting East.",
        values: "`Last, First`; `?` when unknown.",
        choices: &[],
    },
    TagInfo {
        name: "South",
        mandatory: true,
        purpose: "The player sitting South.",
        values: "`Last, First`; `?` when unknown.",
        choices: &[],
    },
    TagInfo {
        name: "Dealer",
        mandatory: true,
        purpose: "The seat that deals and calls first.",
        values: "A seat: `N`, `E`, `S` or `W`.",
        choices: SEATS,
    },
    TagInfo {
        name: "Vulnerable",
        mandatory: true,
        purpose: "Which sides are vulnerable.",
        values: "`None`, `NS`, `EW` or `All` (`Love`, `-` and `Both` are also read).",
        choices: &["None", "NS", "EW", "All"],
    },
    TagInfo {
        name: "Deal",
        mandatory: true,
        purpose: "The cards of the four hands.",
        values: "`<first seat>:<hand> <hand> <hand> <hand>`, clockwise from the first seat; a hand is `spades.hearts.diamonds.clubs` (ranks `AKQJT98765432`) or `-` when unknown.",
        choices: &[],
    },
    TagInfo {
        name: "Scoring",
        mandatory: true,
        purpose: "How the game was scored.",
        values: "A scoring method such as `IMP`, `MP`, `Rubber`, `BAM`, `Chicago`, optionally combined with `;`.",
        choices: &["IMP", "MP", "MatchPoints", "Rubber", "BAM", "Chicago", "Cavendish", "TotalPoints", "Instant"],
    },
    TagInfo {
        name: "Declarer",
        mandatory: true,
        purpose: "The seat that plays the contract.",
        values: "A seat; `^` before it when declarer and dummy swapped; empty when passed out.",
        choices: SEATS,
    },
    TagInfo {
        name: "Contract",
        mandatory: true,
        purpose: "The final contract.",
        values: "`Pass`, or a level 1–7, a denomination `C D H S NT`, and `X` or `XX` (`4SX`).",
        choices: &[],
    },
    TagInfo {
        name: "Result",
        mandatory: true,
        purpose: "The tricks taken by declarer.",
        values: "A number 0–13, or tricks per side (`NS 9`, `EW 4 NS 9`); `^` before a result that differs from the play.",
        choices: &[],
    },
    TagInfo {
        name: "Auction",
        mandatory: false,
        purpose: "Opens the auction section; the calls follow on the next lines.",
        values: "The seat of the first call (normally the dealer).",
        choices: SEATS,
    },
    TagInfo {
        name: "Play",
        mandatory: false,
        purpose: "Opens the play section; the tricks follow, one per line, in columns starting with the opening leader.",
        values: "The seat of the opening lead.",
        choices: SEATS,
    },
    TagInfo {
        name: "Note",
        mandatory: false,
        purpose: "Explains a call or card of the section it stands in, referred to as `=n=`.",
        values: "`<number>:<text>`.",
        choices: &[],
    },
    TagInfo {
        name: "Hidden",
        mandatory: false,
        purpose: "Hands that should be hidden when the deal is shown (for quizzes).",
        values: "The seats hidden, e.g. `EW` or `NES`.",
        choices: &["N", "E", "S", "W", "NS", "EW", "NESW"],
    },
    TagInfo {
        name: "Annotator",
        mandatory: false,
        purpose: "Who wrote the comments and annotations.",
        values: "`Last, First`.",
        choices: &[],
    },
    TagInfo {
        name: "Room",
        mandatory: false,
        purpose: "The room of a team match.",
        values: "`Open` or `Closed`.",
        choices: &["Open", "Closed"],
    },
    TagInfo {
        name: "Stage",
        mandatory: false,
        purpose: "The stage of the event.",
        values: "Free text such as `Final` or `Round 3`.",
        choices: &[],
    },
    TagInfo {
        name: "Round",
        mandatory: false,
        purpose: "The round within the event.",
        values: "Free text.",
        choices: &[],
    },
    TagInfo {
        name: "Section",
        mandatory: false,
        purpose: "The section of the event.",
        values: "Free text.",
        choices: &[],
    },
    TagInfo {
        name: "Table",
        mandatory: false,
        purpose: "The table number.",
        values: "Free text, usually a number.",
        choices: &[],
    },
    TagInfo {
        name: "Time",
        mandatory: false,
        purpose: "The time the game began.",
        values: "`HH:MM:SS`.",
        choices: &[],
    },
    TagInfo {
        name: "Score",
        mandatory: false,
        purpose: "The score of the game.",
        values: "`NS <points>` and/or `EW <points>`, or points for the declaring side.",
        choices: &[],
    },
    TagInfo {
        name: "ScoreIMP",
        mandatory: false,
        purpose: "The IMPs won by the declaring side.",
        values: "A signed number.",
        choices: &[],
    },
    TagInfo {
        name: "Termination",
        mandatory: false,
        purpose: "How the game ended when not normally.",
        values: "Free text.",
        choices: &[],
    },
    TagInfo {
        name: "Competition",
        mandatory: false,
        purpose: "The kind of competition.",
        values: "`Individuals`, `Pairs` or `Teams`.",
        choices: &["Individuals", "Pairs", "Teams"],
    },
    TagInfo {
        name: "Description",
        mandatory: false,
        purpose: "A description of the game.",
        values: "Free text.",
        choices: &[],
    },
    TagInfo {
        name: "Generator",
        mandatory: false,
        purpose: "The program that made the deal.",
        values: "Free text.",
        choices: &[],
    },
    TagInfo {
        name: "DealId",
        mandatory: false,
        purpose: "A unique identifier of the deal.",
        values: "Free text.",
        choices: &[],
    },
    TagInfo {
        name: "Application",
        mandatory: false,
        purpose: "The program that wrote the game.",
        values: "Free text.",
        choices: &[],
    },
    TagInfo {
        name: "Mode",
        mandatory: false,
        purpose: "How the game was played.",
        values: "`TABLE`, `EMAIL`, `IBS`, `INTERNET`, `LIVE`, `VUGRAPH`, `TC`…",
        choices: &["TABLE", "EMAIL", "IBS", "INTERNET", "LIVE", "VUGRAPH", "TC"],
    },
    TagInfo {
        name: "BidSystemEW",
        mandatory: false,
        purpose: "The bidding system of East-West.",
        values: "Free text.",
        choices: &[],
    },
    TagInfo {
        name: "BidSystemNS",
        mandatory: false,
        purpose: "The bidding system of North-South.",
        values: "Free text.",
        choices: &[],
    },
    TagInfo {
        name: "OptimumScore",
        mandatory: false,
        purpose: "The par score of the deal.",
        values: "`NS <points>` or `EW <points>`.",
        choices: &[],
    },
    TagInfo {
        name: "OptimumResultTable",
        mandatory: false,
        purpose: "Opens a table of double-dummy results per declarer and denomination.",
        values: "The column specification, e.g. `Declarer;Denomination\\2R;Result\\2R`.",
        choices: &[],
    },
    TagInfo {
        name: "TotalScoreTable",
        mandatory: false,
        purpose: "Opens a table of the scores of all tables that played the board.",
        values: "The column specification.",
        choices: &[],
    },
];

/// What is known about tag `name` (exact, case-sensitive match).
pub(crate) fn tag_info(name: &str) -> Option<&'static TagInfo> {
    TAGS.iter().find(|t| t.name == name)
}

/// The meaning of NAG `$n` (chapter 3.7 of PBN 2.1).
pub(crate) fn nag_meaning(n: u32) -> &'static str {
    match n {
        0 => "no annotation",
        1 => "good call (same as `!`)",
        2 => "poor call (same as `?`)",
        3 => "very good call (same as `!!`)",
        4 => "very poor call (same as `??`)",
        5 => "speculative call (same as `!?`)",
        6 => "questionable call (same as `?!`)",
        7 => "good card (same as `!`)",
        8 => "poor card (same as `?`)",
        9 => "very good card (same as `!!`)",
        10 => "very poor card (same as `??`)",
        11 => "speculative card (same as `!?`)",
        12 => "questionable card (same as `?!`)",
        13 => "call corrected manually",
        14 => "card corrected manually",
        15..=255 => "free commentary on a call or card (meaning given by the file's NAG text file)",
        _ => "out of range: NAGs go from $0 to $255",
    }
}

/// The meaning of a suffix annotation (`!`, `?`, `!!`, `??`, `!?`, `?!`).
pub(crate) fn suffix_meaning(suffix: &str) -> Option<&'static str> {
    Some(match suffix {
        "!" => "good",
        "?" => "poor",
        "!!" => "very good",
        "??" => "very poor",
        "!?" => "speculative",
        "?!" => "questionable",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mandatory_tags_come_first_in_export_order() {
        let mandatory: Vec<&str> = TAGS
            .iter()
            .take_while(|t| t.mandatory)
            .map(|t| t.name)
            .collect();
        assert_eq!(mandatory.len(), 15);
        assert_eq!(mandatory[0], "Event");
        assert_eq!(mandatory[14], "Result");
        assert!(TAGS.iter().skip(15).all(|t| !t.mandatory));
        assert_eq!(nag_meaning(3), "very good call (same as `!!`)");
        assert!(nag_meaning(300).contains("out of range"));
    }
}
