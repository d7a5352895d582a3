//! Cross-checks between tags: the score (X801), the board rotation (X802), the sum of a
//! two-sided result (X803), the rubber history against the vulnerability (X804) and a result
//! with nobody to make it (X805).

use super::pbn::tags::{read_rubber_history, score_parts, ScoreSide};
use crate::bridge::{board_dealer, board_vulnerability, duplicate_score, Vulnerability};
use crate::diagnostic::Code;
use crate::diagnostic::Diagnostic;
use crate::model::board::context::{is_vacant, GameContext};
use crate::model::values::{read_vulnerable, ContractValue};
use crate::syntax::TextRange;

/// A tag's resolved value and the range to report on.
#[derive(Debug, Clone, Copy)]
pub struct Value<'a> {
    /// The value (inheritance resolved).
    pub text: &'a str,
    /// Where it is written (the value between the quotes).
    pub range: TextRange,
}

/// The tags the cross-checks read, each optional, besides the context's (dealer, declarer,
/// contract, result), which they read as the [`GameContext`] gives them.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct CrossTags<'a> {
    /// Board.
    pub board: Option<Value<'a>>,
    /// Vulnerable.
    pub vulnerable: Option<Value<'a>>,
    /// Score.
    pub score: Option<Value<'a>>,
    /// Scoring.
    pub scoring: Option<Value<'a>>,
    /// ScoreRubberHistory.
    pub rubber_history: Option<Value<'a>>,
}

/// What the sections tell the X checks.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct SectionFacts {
    /// The Play section holds all 13 tricks.
    pub play_complete: bool,
    /// An Auction section was passed out (A310 then speaks of its Result).
    pub auction_passed_out: bool,
}

/// Runs the X checks.
pub(crate) fn check_cross(
    tags: &CrossTags<'_>,
    ctx: &GameContext,
    facts: SectionFacts,
    out: &mut Vec<Diagnostic>,
) {
    let play_complete = facts.play_complete;
    let vulnerability = tags
        .vulnerable
        .and_then(|v| read_vulnerable(v.text))
        .map(|r| r.value);
    score(tags, ctx, vulnerability, out);
    rotation(tags, ctx, vulnerability, out);
    result_sum(ctx, play_complete, out);
    rubber(tags, vulnerability, out);
    if !facts.auction_passed_out {
        result_without_declarer(ctx, out);
    }
}

/// X805: a Result when the board was passed out (`Contract "Pass"`, or `Declarer ""`, which
/// the standard gives a passed-out board): nobody played, so nobody took tricks.
fn result_without_declarer(ctx: &GameContext, out: &mut Vec<Diagnostic>) {
    let Some(result) = ctx.result_tag.as_ref().filter(|r| !is_vacant(&r.text)) else {
        return;
    };
    let passed = ctx.contract == Some(ContractValue::Passed);
    let no_declarer = ctx
        .declarer_tag
        .as_ref()
        .is_some_and(|d| d.text.trim().is_empty());
    if !(passed || no_declarer) {
        return;
    }
    let why = if passed {
        "the Contract says the board was passed out"
    } else {
        "the Declarer is empty, as for a board passed out"
    };
    out.push(Diagnostic::new(
        Code::X805,
        result.range,
        format!(
            "the Result `{}` gives tricks to a declarer, but {why}",
            result.text
        ),
    ));
}

fn score(
    tags: &CrossTags<'_>,
    ctx: &GameContext,
    vulnerability: Option<Vulnerability>,
    out: &mut Vec<Diagnostic>,
) {
    let (Some(score), Some(contract_value)) = (tags.score, ctx.contract) else {
        return;
    };
    if tags
        .scoring
        .is_some_and(|s| s.text.to_ascii_lowercase().contains("rubber"))
    {
        return;
    }
    let Some(parts) = score_parts(score.text) else {
        return;
    };
    // (declarer's side is NS, declarer's score, description)
    let (declarer_ns, declarer_score, description) = match contract_value {
        ContractValue::Passed => (true, 0, "a passed-out board".to_string()),
        ContractValue::Contract(c) => {
            let Some(declarer) = ctx.declarer_seat() else {
                return;
            };
            let Some(vulnerability) = vulnerability else {
                return;
            };
            let Some(tricks) = ctx.result.and_then(|r| r.declarer_tricks(Some(declarer))) else {
                return;
            };
            let vulnerable = vulnerability.is_vulnerable(declarer);
            let points = duplicate_score(c, vulnerable, tricks);
            let description = format!(
                "{} by {}, {}vulnerable, with {tricks} trick{}",
                c.symbolic(),
                declarer.name(),
                if vulnerable { "" } else { "not " },
                if tricks == 1 { "" } else { "s" }
            );
            (declarer.is_ns(), points, description)
        }
        ContractValue::TrumpOnly(_) => return,
    };
    let expected_for = |side: ScoreSide| match side {
        ScoreSide::Declarer => declarer_score,
        ScoreSide::NS if declarer_ns => declarer_score,
        ScoreSide::EW if !declarer_ns => declarer_score,
        _ => -declarer_score,
    };
    let mut wrong = false;
    for (side, number) in &parts {
        let Ok(given) = number.trim_start_matches('+').parse::<i32>() else {
            return;
        };
        if given != expected_for(*side) {
            wrong = true;
        }
    }
    if !wrong {
        return;
    }
    let corrected: Vec<String> = parts
        .iter()
        .map(|(side, _)| match side {
            ScoreSide::Declarer => expected_for(*side).to_string(),
            ScoreSide::NS => format!("NS {}", expected_for(*side)),
            ScoreSide::EW => format!("EW {}", expected_for(*side)),
        })
        .collect();
    let corrected = corrected.join(" ");
    out.push(
        Diagnostic::new(
            Code::X801,
            score.range,
            format!(
                "the score of {description} is {}, not `{}`",
                corrected, score.text
            ),
        )
        .with_unsafe_fix(
            format!("Set the score to `{corrected}`"),
            score.range,
            corrected,
        ),
    );
}

fn rotation(
    tags: &CrossTags<'_>,
    ctx: &GameContext,
    vulnerability: Option<Vulnerability>,
    out: &mut Vec<Diagnostic>,
) {
    let Some(board) = tags
        .board
        .and_then(|b| b.text.parse::<u32>().ok())
        .filter(|&b| b > 0)
    else {
        return;
    };
    let dealer = ctx.dealer_tag.as_ref().zip(ctx.dealer);
    if let Some((tag, dealer)) = dealer {
        let standard = board_dealer(board);
        if dealer != standard {
            let message = format!(
                "board {board} is normally dealt by {}, not {}",
                standard.name(),
                dealer.name()
            );
            out.push(Diagnostic::new(Code::X802, tag.range, message));
        }
    }
    if let (Some(tag), Some(vulnerability)) = (tags.vulnerable, vulnerability) {
        let standard = board_vulnerability(board);
        if vulnerability != standard {
            let message = format!(
                "on board {board} the standard vulnerability is {}, not {}",
                describe(standard),
                describe(vulnerability)
            );
            out.push(Diagnostic::new(Code::X802, tag.range, message));
        }
    }
}

fn describe(v: Vulnerability) -> &'static str {
    match v {
        Vulnerability::None => "none vulnerable",
        Vulnerability::NS => "North-South vulnerable",
        Vulnerability::EW => "East-West vulnerable",
        Vulnerability::All => "both sides vulnerable",
    }
}

fn result_sum(ctx: &GameContext, play_complete: bool, out: &mut Vec<Diagnostic>) {
    let (Some(result), Some(reading)) = (&ctx.result_tag, ctx.result) else {
        return;
    };
    if let crate::model::values::ResultTricks::Sides {
        ns: Some(ns),
        ew: Some(ew),
    } = reading.tricks
    {
        let sum = u32::from(ns) + u32::from(ew);
        if sum > 13 || (sum < 13 && play_complete) {
            out.push(Diagnostic::new(
                Code::X803,
                result.range,
                format!("North-South {ns} and East-West {ew} tricks make {sum}, but a deal has 13 tricks"),
            ));
        }
    }
}

fn rubber(tags: &CrossTags<'_>, vulnerability: Option<Vulnerability>, out: &mut Vec<Diagnostic>) {
    let (Some(history), Some(vul_tag), Some(vulnerability)) =
        (tags.rubber_history, tags.vulnerable, vulnerability)
    else {
        return;
    };
    let Some((ns, ew)) = read_rubber_history(history.text) else {
        return;
    };
    if ns.below.len() != ew.below.len() {
        return;
    }
    let finished = ns.below.len().saturating_sub(1);
    let mut won = [false, false];
    for game in 0..finished {
        if ns.below[game] >= 100 {
            won[0] = true;
        }
        if ew.below[game] >= 100 {
            won[1] = true;
        }
    }
    let implied = match won {
        [false, false] => Vulnerability::None,
        [true, false] => Vulnerability::NS,
        [false, true] => Vulnerability::EW,
        [true, true] => Vulnerability::All,
    };
    if implied != vulnerability {
        out.push(
            Diagnostic::new(
                Code::X804,
                vul_tag.range,
                format!(
                    "the rubber history makes this deal {}, but the Vulnerable tag says {}",
                    describe(implied),
                    describe(vulnerability)
                ),
            )
            .with_related(history.range, "the rubber history")
            .with_unsafe_fix(
                format!("Set Vulnerable to `{}`", implied.pbn()),
                vul_tag.range,
                implied.pbn(),
            ),
        );
    }
}
