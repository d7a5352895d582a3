//! Judging a play read into a [`PlayModel`] (family P): the opening lead, each card against the
//! hands and the suit led, the irregularity marks, and the Result against the tricks won.

use crate::bridge::{Denomination, PlayIssue, Seat, Suit};
use crate::diagnostic::Code;
use crate::diagnostic::Diagnostic;
use crate::model::board::context::GameContext;
use crate::model::board::irregularity::Irregularity;
use crate::model::board::play::{NeedlessRevoke, PlayModel, SlotKind};
use crate::syntax::TextRange;

fn suit_singular(suit: Suit) -> &'static str {
    match suit {
        Suit::Spades => "spade",
        Suit::Hearts => "heart",
        Suit::Diamonds => "diamond",
        Suit::Clubs => "club",
    }
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Judges a Play section read into `model` (family P): the opening lead, whether the play can
/// be checked, each card, the marks, and the Result against the play.
pub fn check_play(model: &PlayModel, ctx: &GameContext, out: &mut Vec<Diagnostic>) {
    check_opening_lead(model, ctx, out);
    check_seats_and_hands(model, ctx, out);
    check_cards(model, out);
    check_result(model, ctx, out);
}

/// P505: the opening lead is declarer's left-hand opponent (after a swap, of the new declarer).
fn check_opening_lead(model: &PlayModel, ctx: &GameContext, out: &mut Vec<Diagnostic>) {
    let (Some(seat), Some(range), false) =
        (model.head.seat, model.head.value_range, model.end_position)
    else {
        return;
    };
    let tag_declarer = ctx.declarer;
    // With `^X` (declarer and dummy swapped) the swap came from X's left-hand opponent leading:
    // that card is the opening lead, whatever the auction says.
    let auction_declarer = model
        .auction_declarer
        .filter(|_| !tag_declarer.is_some_and(|d| d.swapped));
    let candidates: Vec<Seat> = [tag_declarer.map(|d| d.seat), auction_declarer]
        .into_iter()
        .flatten()
        .collect();
    let Some(&main) = candidates.first() else {
        return;
    };
    if candidates.iter().any(|d| d.lho() == seat) {
        return;
    }
    let swap = if tag_declarer.is_some_and(|d| d.swapped) {
        " after declarer and dummy were swapped"
    } else {
        ""
    };
    out.push(Diagnostic::new(
        Code::P505,
        range,
        format!(
            "the opening lead belongs to {}, the left-hand opponent of declarer {}{swap}, not to {}",
            main.lho().name(),
            main.name(),
            seat.name()
        ),
    ));
}

/// P511 / P508: can the play be checked at all?
fn check_seats_and_hands(model: &PlayModel, ctx: &GameContext, out: &mut Vec<Diagnostic>) {
    if model.opening_leader.is_none() {
        if model.any_card {
            out.push(Diagnostic::new(
                Code::P511,
                model.head.tag_range,
                "the opening leader is unknown: the Play tag gives no seat and there is no declarer to find it from",
            ));
        }
        return;
    }
    let deal_checked = ctx.deal_tag.is_some() && ctx.deal.is_some() && ctx.deal_is_valid;
    if deal_checked && !model.unknown_hands.is_empty() {
        let names: Vec<&str> = model.unknown_hands.iter().map(|s| s.name()).collect();
        out.push(Diagnostic::new(
            Code::P508,
            model.head.tag_range,
            format!(
                "the Deal does not give the hand of {}, so the cards played from it cannot be checked",
                names.join(", ")
            ),
        ));
    }
}

/// P502–P504 on each card, P509 on marks that claim what did not happen, P507 past the end.
fn check_cards(model: &PlayModel, out: &mut Vec<Diagnostic>) {
    let trump = model.denomination.and_then(Denomination::trump);
    for trick in &model.tricks {
        if let Some((seat, mark)) = trick.needless_lead_mark {
            out.push(
                Diagnostic::new(
                    Code::P509,
                    mark.range,
                    format!(
                        "`^L` marks a lead out of turn, but it was {}'s turn to lead",
                        seat.name()
                    ),
                )
                .with_unsafe_fix("Remove the `^L`", mark.range, ""),
            );
        }
        for slot in &trick.cards {
            if let (Some(why), SlotKind::Card(card)) = (slot.needless_revoke(), slot.kind) {
                let why = match why {
                    NeedlessRevoke::Lead => "the card is the lead".to_string(),
                    NeedlessRevoke::FollowsSuit => format!("{} follows suit", card.symbolic()),
                    NeedlessRevoke::Void(suit) => format!(
                        "{} held no {} any more",
                        slot.seat.name(),
                        suit_singular(suit)
                    ),
                };
                let mark = slot.marks().iter().find(|m| m.kind == Irregularity::Revoke);
                if let Some(mark) = mark {
                    out.push(
                        Diagnostic::new(
                            Code::P509,
                            mark.range,
                            format!("`^R` marks a revoke, but {why}"),
                        )
                        .with_unsafe_fix("Remove the `^R`", mark.range, ""),
                    );
                }
            }
            report_issues(&slot.issues, slot.range, trump, &model.followed, out);
        }
    }
    if let Some(range) = model.beyond_end {
        out.push(Diagnostic::new(
            Code::P507,
            range,
            format!(
                "the play has already ended: the deal has {} tricks, and this card begins a {} one",
                model.total_tricks,
                ordinal(model.total_tricks + 1)
            ),
        ));
    }
}

/// What a play says of declarer's tricks: those won (`won`), at most (`most`: with every
/// trick not decided by the cards given), and how many tricks are decided.
struct TricksWon {
    won: usize,
    most: usize,
    decided: usize,
}

/// [`TricksWon`] of `model` (P506 and P509 judge the Result against it).
fn tricks_won(model: &PlayModel) -> TricksWon {
    let total = model.total_tricks;
    let decided = model.tricks.iter().filter(|t| t.winner.is_some()).count();
    let won = usize::from(model.declarer_tricks);
    TricksWon {
        won,
        most: won + (total - decided.min(total)),
        decided,
    }
}

/// P506: the Result against a finished play.
fn check_result(model: &PlayModel, ctx: &GameContext, out: &mut Vec<Diagnostic>) {
    let (Some(declarer), Some(tag), false) =
        (model.declarer, ctx.result_tag.as_ref(), model.end_position)
    else {
        return;
    };
    let finished = model.complete || model.end.star.is_some();
    let (Some(result), true) = (ctx.result, finished) else {
        return;
    };
    let (Some(claimed), false) = (result.declarer_tricks(Some(declarer)), result.irregular) else {
        return;
    };
    let TricksWon { won, most, .. } = tricks_won(model);
    let claimed_n = usize::from(claimed);
    if claimed_n >= won && claimed_n <= most {
        return;
    }
    let d = if won == most {
        Diagnostic::new(
            Code::P506,
            tag.range,
            format!(
                "the play gives declarer {} {won} trick{}, but the Result says {claimed}",
                declarer.name(),
                if won == 1 { "" } else { "s" }
            ),
        )
        .with_unsafe_fix(
            format!("Set the Result to {won}"),
            tag.range,
            won.to_string(),
        )
    } else {
        Diagnostic::new(
            Code::P506,
            tag.range,
            format!(
                "the play gives declarer {} between {won} and {most} tricks, but the Result says {claimed}",
                declarer.name()
            ),
        )
    };
    out.push(d);
}

/// P509 on a Result marked `^` (chapter 3.4.15: the Result differs from the tricks won) that
/// the play does not contradict. A finished play giving declarer exactly the Result makes the
/// file contradict itself (an error, as the reference's *Bad result*); with no card played, or
/// too few to tell, nothing shows the difference the `^` claims (a warning: the reference still
/// reports *Bad result*, but a director may record a result agreed wrongly without its play).
pub fn check_irregular_result(
    play: Option<&PlayModel>,
    ctx: &GameContext,
    out: &mut Vec<Diagnostic>,
) {
    let (Some(result), Some(tag)) = (ctx.result, ctx.result_tag.as_ref()) else {
        return;
    };
    if !result.irregular {
        return;
    }
    let declarer = play
        .and_then(|p| p.declarer)
        .or(ctx.declarer.map(|d| d.seat));
    let Some(claimed) = result.declarer_tricks(declarer).map(usize::from) else {
        return;
    };
    if play.is_some_and(|p| p.end_position) {
        return;
    }
    let undecided = |what: String| {
        Diagnostic::new(Code::P509, tag.range, what)
            .with_severity(crate::diagnostic::Severity::Warning)
    };
    let counted = play.map(|p| (p, tricks_won(p)));
    let Some((play, TricksWon { won, most, decided })) = counted.filter(|(_, t)| t.decided > 0)
    else {
        out.push(undecided(format!(
            "the `^` says the Result ({claimed}) differs from the tricks declarer won, but no trick is played to show it"
        )));
        return;
    };
    if claimed < won || claimed > most {
        // The play shows the difference the `^` claims.
        return;
    }
    let finished = play.complete || play.end.star.is_some();
    if finished && won == most {
        out.push(
            Diagnostic::new(
                Code::P509,
                tag.range,
                format!(
                    "the `^` says the Result differs from the tricks declarer won, but the play gives declarer exactly {won}, as the Result says"
                ),
            )
            .with_unsafe_fix("Remove the `^`", tag.range, claimed.to_string()),
        );
    } else {
        out.push(undecided(format!(
            "the `^` says the Result ({claimed}) differs from the tricks declarer won, but the tricks played (declarer {won} of {decided}) do not show it"
        )));
    }
}

/// Turns what [`bridge::Play`] found about a card into diagnostics.
fn report_issues(
    issues: &[PlayIssue],
    range: TextRange,
    trump: Option<Suit>,
    fed: &[(TextRange, usize)],
    out: &mut Vec<Diagnostic>,
) {
    for issue in issues {
        match *issue {
            PlayIssue::NotHeld { seat, card, owner } => {
                let whose = match owner {
                    Some(owner) => format!("; the Deal gives it to {}", owner.name()),
                    None => String::new(),
                };
                out.push(Diagnostic::new(
                    Code::P502,
                    range,
                    format!(
                        "{} plays {}, which is not in {}'s hand{whose}",
                        seat.name(),
                        card.symbolic(),
                        seat.name()
                    ),
                ));
            }
            PlayIssue::AlreadyPlayed { card, index, by } => {
                let mut d;
                match fed.get(index) {
                    Some(&(first, trick)) => {
                        d = Diagnostic::new(
                            Code::P503,
                            range,
                            format!(
                                "{} was already played in trick {} (by {})",
                                card.symbolic(),
                                trick + 1,
                                by.name()
                            ),
                        );
                        d = d.with_related(first, format!("{} first played here", card.symbolic()));
                    }
                    None => {
                        d = Diagnostic::new(
                            Code::P503,
                            range,
                            format!("{} was already played", card.symbolic()),
                        );
                    }
                }
                out.push(d);
            }
            PlayIssue::Revoke { seat, card, led } => {
                let verb = if Some(card.suit) == trump {
                    "ruffs with"
                } else {
                    "discards"
                };
                out.push(Diagnostic::new(
                    Code::P504,
                    range,
                    format!(
                        "{} {verb} {} while still holding a {} (write `^R` before the card if the revoke stood)",
                        seat.name(),
                        card.symbolic(),
                        suit_singular(led)
                    ),
                ));
            }
            PlayIssue::OutOfTurn { .. } | PlayIssue::AfterLastTrick => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::{Card, Deal, Hand};
    use crate::model::board::context::play_facts;
    use crate::model::board::play::{lower_play, read_card, PlaySlot};
    use crate::model::board::tests::first_section;

    fn card(text: &str) -> Card {
        let mut chars = text.chars();
        let (Some(s), Some(r)) = (chars.next(), chars.next()) else {
            panic!("card {text}");
        };
        Card::from_chars(s, r).expect("card")
    }

    #[test]
    fn card_spellings() {
        assert_eq!(read_card("SK"), Ok(Some(card("SK"))));
        assert_eq!(read_card("hT"), Ok(Some(card("HT"))));
        assert_eq!(read_card("dq"), Ok(Some(card("DQ"))));
        assert_eq!(read_card("-"), Ok(None));
        assert_eq!(read_card("S10"), Err(Some(card("ST"))));
        assert_eq!(read_card("10c"), Err(Some(card("CT"))));
        assert_eq!(read_card("KS"), Err(Some(card("SK"))));
        assert_eq!(read_card("Q"), Err(None));
        assert_eq!(read_card("SX"), Err(None));
        assert_eq!(ordinal(14), "14th");
        assert_eq!(ordinal(3), "3rd");
        assert_eq!(ordinal(11), "11th");
    }

    const DEAL: &str = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85";

    fn run(play_seat: &str, cards: &str) -> (PlayModel, Vec<Diagnostic>) {
        let text = format!("[Play \"{play_seat}\"]\n{cards}\n");
        let section = first_section(&text);
        let mut deal = Deal::new();
        let (_, hands) = DEAL.split_once(':').unwrap_or_default();
        for (i, hand) in hands.split(' ').enumerate() {
            let mut h = Hand::EMPTY;
            for (suit, ranks) in ['S', 'H', 'D', 'C'].into_iter().zip(hand.split('.')) {
                for rank in ranks.chars() {
                    h.insert(Card::from_chars(suit, rank).expect("card"));
                }
            }
            deal[Seat::North.offset(i)] = Some(h);
        }
        let tag = |text: &str| crate::model::board::context::TagValue {
            text: text.to_string(),
            range: TextRange::default(),
            tag_range: TextRange::default(),
        };
        let mut ctx = GameContext {
            deal: Some(deal),
            deal_is_valid: true,
            deal_tag: Some(tag(DEAL)),
            declarer_tag: Some(tag("S")),
            contract_tag: Some(tag("5HX")),
            ..GameContext::default()
        };
        ctx.read_tag_meanings();
        let mut misreadings = Vec::new();
        let model = lower_play(&section, &play_facts(&ctx, None), &mut misreadings);
        let mut out = Vec::new();
        crate::analysis::misreading::report(&misreadings, &mut out);
        check_play(&model, &ctx, &mut out);
        (model, out)
    }

    #[test]
    fn unknown_card_leaves_the_next_leader_open() {
        // South's card in the first trick is unknown, so nobody knows who won it; the second
        // trick is all clubs, so any seat may have led it.
        let (model, out) = run("W", "SK H3 S4 -\nC5 C2 C6 CK");
        assert!(out.is_empty(), "{out:#?}");
        assert_eq!(model.tricks[0].winner, None);
        assert_eq!(model.tricks[1].leader, None);
        assert_eq!(model.tricks[1].winner, None);
        assert_eq!(model.declarer_tricks + model.defender_tricks, 0);
        assert_eq!(model.next_to_play(), None);
        assert!(model.playable_cards().is_empty());
    }

    #[test]
    fn columns_are_seats_not_play_order() {
        // North ruffs the first trick and leads the second from the second column.
        let (model, out) = run("W", "SK H3 S4 S3\nC5 C2 C6 CK\n*");
        assert!(out.is_empty(), "{out:#?}");
        assert_eq!(model.tricks[0].winner, Some(Seat::North));
        let second = &model.tricks[1];
        assert_eq!(second.leader, Some(Seat::North));
        assert_eq!(
            second.cards.iter().map(|c| c.seat).collect::<Vec<_>>(),
            [Seat::North, Seat::East, Seat::South, Seat::West]
        );
        assert_eq!(
            second
                .cards
                .iter()
                .filter_map(PlaySlot::card)
                .collect::<Vec<_>>(),
            ["C2", "C6", "CK", "C5"].map(card)
        );
        assert_eq!(second.winner, Some(Seat::South));
        assert_eq!(model.declarer_tricks, 2);
        assert!(!model.is_open());
        // With the columns read from North, North leads a heart and the others fail to follow.
        let (_, out) = run("N", "H3 S4 S3 SK");
        let codes: Vec<Code> = out.iter().map(|d| d.code).collect();
        assert_eq!(codes, [Code::P505, Code::P504, Code::P504, Code::P504]);
    }

    #[test]
    fn card_lookup_by_offset() {
        let (model, _) = run("W", "SK H3 S4 S3");
        let (trick, slot) = model
            .card_at(crate::syntax::TextSize::from(14))
            .expect("a card at offset 14");
        assert_eq!(trick.number, 1);
        assert_eq!(slot.card(), Some(card("H3")));
        assert_eq!(slot.seat, Seat::North);
    }
}
