//! Judging an auction read into an [`AuctionModel`] (family A): placeholders, legality, the end
//! of the auction, and the Contract, Declarer and Result tags against it.
//!
//! The model follows the calls with `bridge::Auction`, which records illegal calls rather than
//! refusing them, so one wrong call gives one diagnostic and the rest of the auction is still
//! judged.

use crate::bridge::{Bid, Call, CallError, Seat};
use crate::diagnostic::Code;
use crate::diagnostic::Diagnostic;
use crate::model::board::auction::{AfterEnd, AuctionModel};
use crate::model::board::context::{is_vacant, GameContext};
use crate::model::board::irregularity::Irregularity;
use crate::model::values::ContractValue;

fn who(seat: Option<Seat>) -> String {
    seat.map_or_else(|| "the player".to_string(), |s| s.name().to_string())
}

fn capitalised(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

fn call_error_message(err: CallError, seat: Option<Seat>, bid_before: Option<Bid>) -> String {
    let caller = who(seat);
    let last = bid_before.map(|b| b.symbolic()).unwrap_or_default();
    let message = match err {
        CallError::Insufficient { .. } => {
            format!("{err}; write `^I` before it if the opponents accepted the insufficient bid")
        }
        CallError::DoubleWithoutBid => format!("{caller} doubles, but nobody has bid yet"),
        CallError::DoubleOfPartner => format!("{caller} doubles partner's {last}"),
        CallError::DoubleOfDoubled => format!("{caller} doubles {last}, which is already doubled"),
        CallError::RedoubleWithoutDouble if bid_before.is_none() => {
            format!("{caller} redoubles, but nobody has bid yet")
        }
        CallError::RedoubleWithoutDouble => {
            format!("{caller} redoubles, but {last} has not been doubled")
        }
        CallError::RedoubleOfOwnDouble => {
            format!("{caller} redoubles partner's double of {last}")
        }
        CallError::RedoubleOfRedoubled => {
            format!("{caller} redoubles {last}, which is already redoubled")
        }
        CallError::AfterEnd => "the auction has already ended".to_string(),
    };
    capitalised(message)
}

fn error_code(err: CallError) -> Code {
    match err {
        CallError::Insufficient { .. } => Code::A302,
        CallError::DoubleWithoutBid | CallError::DoubleOfPartner | CallError::DoubleOfDoubled => {
            Code::A303
        }
        CallError::RedoubleWithoutDouble
        | CallError::RedoubleOfOwnDouble
        | CallError::RedoubleOfRedoubled => Code::A304,
        CallError::AfterEnd => Code::A305,
    }
}

/// Judges an Auction section read into `model` (family A): the placeholders against the
/// dealer, each call's legality, the end of the auction, and the tags against it.
pub fn check_auction(model: &AuctionModel, ctx: &GameContext, out: &mut Vec<Diagnostic>) {
    check_placeholders(model, ctx, out);
    check_calls(model, out);
    check_end(model, out);
    compare_with_tags(model, ctx, out);
}

/// A307: the leading `-` placeholders must bring the first column round to the dealer.
fn check_placeholders(model: &AuctionModel, ctx: &GameContext, out: &mut Vec<Diagnostic>) {
    let (Some(seat), Some(dealer), Some(range)) =
        (model.head.seat, ctx.dealer, model.head.value_range)
    else {
        return;
    };
    let count = model.placeholders.len();
    let needed = (dealer.index() + 4 - seat.index()) % 4;
    if needed == count {
        return;
    }
    let mut d = Diagnostic::new(
        Code::A307,
        range,
        format!(
            "the auction starts in {}'s column and the dealer is {}, so {} `-` placeholder{} should come before the first call, not {}",
            seat.name(),
            dealer.name(),
            needed,
            if needed == 1 { "" } else { "s" },
            count
        ),
    );
    if count == 0 {
        d = d.with_unsafe_fix(
            format!("Start the auction with the dealer, {}", dealer.name()),
            range,
            dealer.letter().to_string(),
        );
    }
    out.push(d);
}

/// A302–A305 and the needless `^I` (A311): each call where it stands.
fn check_calls(model: &AuctionModel, out: &mut Vec<Diagnostic>) {
    for entry in &model.calls {
        if let Some(mark) = entry
            .marks
            .iter()
            .find(|m| m.kind == Irregularity::Insufficient)
        {
            let needless = match entry.call {
                Call::Bid(_) if entry.insufficient => None,
                Call::Bid(bid) => Some(format!(
                    "`^I` marks an insufficient bid, but {} is sufficient",
                    bid.symbolic()
                )),
                other => Some(format!(
                    "`^I` marks an insufficient bid, but {} is no bid",
                    other.symbolic()
                )),
            };
            if let Some(message) = needless {
                let mut diagnostic = Diagnostic::new(Code::A311, mark.range, message)
                    .with_unsafe_fix("Remove the `^I`", mark.range, "");
                // The reference verifier passes over `^I` before a pass, double or redouble (it
                // rejects one before a sufficient bid): a warning.
                if !matches!(entry.call, Call::Bid(_)) {
                    diagnostic.severity = crate::diagnostic::Severity::Warning;
                }
                out.push(diagnostic);
            }
        }
        match entry.error {
            None | Some(CallError::AfterEnd) => {}
            Some(err) => out.push(Diagnostic::new(
                error_code(err),
                entry.range,
                call_error_message(err, entry.seat, entry.bid_before),
            )),
        }
    }
    if let Some((range, what)) = model.after_end {
        let message = match what {
            AfterEnd::SkippedTurn => "a skipped turn after the auction has ended".to_string(),
            AfterEnd::AllPassWords => {
                "`all pass` comes after the auction has already ended".to_string()
            }
            AfterEnd::AllPass => "`AP` comes after the auction has already ended".to_string(),
            AfterEnd::Call(call) => format!(
                "{} comes after the auction has already ended",
                call.symbolic()
            ),
        };
        out.push(Diagnostic::new(Code::A305, range, message));
    }
}

/// A306: an auction that stops before its end without `*` or `+`.
fn check_end(model: &AuctionModel, out: &mut Vec<Diagnostic>) {
    if model.finished || model.end.star.is_some() || model.end.plus.is_some() {
        return;
    }
    let (range, message) = match model.last_call_range {
        Some(range) => (
            range,
            "the auction stops before it has ended; add the missing calls, or `*` if no more will be given, or `+` if it is to be continued",
        ),
        None => (
            model
                .placeholders
                .last()
                .copied()
                .or(model.head.value_range)
                .unwrap_or(model.head.range),
            "the auction section gives no calls; add them, or `*` if none will be given",
        ),
    };
    out.push(Diagnostic::new(Code::A306, range, message));
}

/// A308–A310: the Contract, Declarer and Result tags against a finished auction.
fn compare_with_tags(model: &AuctionModel, ctx: &GameContext, out: &mut Vec<Diagnostic>) {
    if !model.finished {
        return;
    }
    if model.passed_out {
        if let Some(tag) = ctx.contract_tag.as_ref().filter(|t| !is_vacant(&t.text)) {
            if ctx.contract != Some(ContractValue::Passed) {
                out.push(
                    Diagnostic::new(
                        Code::A310,
                        tag.range,
                        format!(
                            "the auction was passed out, but the Contract is `{}`",
                            tag.text
                        ),
                    )
                    .with_unsafe_fix(
                        "Set the Contract to `Pass`",
                        tag.range,
                        "Pass",
                    ),
                );
            }
        }
        for (tag, name) in [(&ctx.declarer_tag, "Declarer"), (&ctx.result_tag, "Result")] {
            if let Some(tag) = tag.as_ref().filter(|t| !is_vacant(&t.text)) {
                out.push(
                    Diagnostic::new(
                        Code::A310,
                        tag.range,
                        format!(
                            "the auction was passed out, so the {name} should be empty, not `{}`",
                            tag.text
                        ),
                    )
                    .with_unsafe_fix(
                        format!("Empty the {name}"),
                        tag.range,
                        "",
                    ),
                );
            }
        }
        return;
    }
    let Some(contract) = model.contract else {
        return;
    };
    if let (Some(tag), Some(written)) = (&ctx.contract_tag, ctx.contract) {
        let agrees = match written {
            ContractValue::Contract(c) => c == contract,
            ContractValue::TrumpOnly(d) => d == contract.denomination(),
            ContractValue::Passed => false,
        };
        if !agrees {
            out.push(
                Diagnostic::new(
                    Code::A308,
                    tag.range,
                    format!(
                        "the auction ends in {}, but the Contract is `{}`",
                        contract.symbolic(),
                        tag.text
                    ),
                )
                .with_unsafe_fix(
                    format!("Set the Contract to `{contract}`"),
                    tag.range,
                    contract.to_string(),
                ),
            );
        }
    }
    if let Some(declarer) = model.declarer {
        compare_declarer(declarer, contract, ctx, out);
    }
}

/// A309: the Declarer tag against the auction's declarer (`^X` naming the swapped one).
fn compare_declarer(
    declarer: Seat,
    contract: crate::bridge::Contract,
    ctx: &GameContext,
    out: &mut Vec<Diagnostic>,
) {
    if let (Some(tag), Some(written)) = (&ctx.declarer_tag, ctx.declarer) {
        let (swapped, seat) = (written.swapped, written.seat);
        // `^X` says declarer and dummy were swapped: X is the partner of the auction's
        // declarer. Naming the auction's declarer itself with `^` claims a swap that the
        // auction contradicts.
        let agrees = if swapped {
            seat == declarer.partner()
        } else {
            seat == declarer
        };
        if !agrees {
            let expected = if swapped && seat != declarer {
                format!("^{}", declarer.partner().letter())
            } else {
                declarer.letter().to_string()
            };
            let message = if swapped && seat == declarer {
                format!(
                    "`{}` says declarer and dummy were swapped, but {} is the auction's declarer of {}: with a swap the Declarer is `^{}`",
                    tag.text,
                    declarer.name(),
                    contract.symbolic(),
                    declarer.partner().letter()
                )
            } else {
                format!(
                    "the auction makes {} declarer of {} (the first of the side to bid {}), but the Declarer is `{}`",
                    declarer.name(),
                    contract.symbolic(),
                    contract.denomination().name(),
                    tag.text
                )
            };
            out.push(
                Diagnostic::new(Code::A309, tag.range, message).with_unsafe_fix(
                    format!("Set the Declarer to `{expected}`"),
                    tag.range,
                    expected,
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::board::auction::lower_auction;
    use crate::model::board::tests::first_section;

    fn run(dealer: &str, auction_seat: &str, calls: &str) -> (AuctionModel, Vec<Diagnostic>) {
        let text = format!("[Dealer \"{dealer}\"]\n[Auction \"{auction_seat}\"]\n{calls}\n");
        let section = first_section(&text);
        let ctx = GameContext {
            dealer: crate::model::values::read_seat(dealer).map(|r| r.value),
            ..GameContext::default()
        };
        let mut misreadings = Vec::new();
        let model = lower_auction(&section, ctx.dealer, &mut misreadings);
        let mut out = Vec::new();
        crate::analysis::misreading::report(&misreadings, &mut out);
        check_auction(&model, &ctx, &mut out);
        (model, out)
    }

    #[test]
    fn model_of_a_competitive_auction() {
        let (model, out) = run("E", "N", "- 1H ! =1= 2C $20 2S\n3C X XX Pass\nPass Pass");
        assert!(out.is_empty(), "{out:#?}");
        assert_eq!(model.dealer, Some(Seat::East));
        assert_eq!(model.calls[0].seat, Some(Seat::East));
        assert_eq!(model.calls[0].annotations.note.map(|n| n.index), Some(1));
        assert_eq!(
            model.calls[0]
                .annotations
                .suffix
                .as_ref()
                .map(|s| s.text.as_str()),
            Some("!")
        );
        assert_eq!(model.calls[1].annotations.nags[0].value, 20);
        assert!(model.finished && !model.passed_out);
        assert_eq!(
            model.contract.map(|c| c.to_string()).as_deref(),
            Some("3CXX")
        );
        assert_eq!(model.declarer, Some(Seat::South));
        assert_eq!(model.next_to_call(), None);
    }

    #[test]
    fn unknown_seats_still_check_the_calls() {
        let (model, out) = run("?", "?", "1S Pass Pass X");
        assert_eq!(model.dealer, None);
        assert_eq!(model.calls[3].seat, None);
        assert_eq!(out.len(), 1, "{out:#?}");
        assert_eq!(out[0].code, Code::A306);
        assert_eq!(model.next_to_call(), None);
        // Over the double, the redouble is possible.
        assert!(model.legal_next_calls().contains(&Call::Redouble));
    }

    #[test]
    fn condoned_and_skipped() {
        // West deals; North calls out of rotation, then East bids an accepted insufficient 1C.
        let (model, out) = run("W", "W", "^S 1D ^I 1C Pass\nPass Pass");
        assert!(out.is_empty(), "{out:#?}");
        assert_eq!(model.skipped.len(), 1);
        assert_eq!(model.calls[1].seat, Some(Seat::East));
        assert!(model.calls[1].legal);
        assert_eq!(model.contract.map(|c| c.to_string()).as_deref(), Some("1C"));
        assert_eq!(model.declarer, Some(Seat::East));
    }
}
