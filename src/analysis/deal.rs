//! Judging a Deal read into a [`DealModel`]: cards given twice (D203), hands over 13 or of
//! different sizes (D204, D205), no cards (D207), export form (D206), and the hand that can be
//! derived when three are given (D208).

use crate::bridge::{Deal, Seat, Suit};
use crate::diagnostic::{Applicability, Diagnostic, Fix, TextEdit};
use crate::diagnostic::{Code, Severity};
use crate::model::board::deal::DealModel;
use crate::model::values::DealText;

/// Judges a Deal read into `model` (D203–D208); `dealer` is used for the export rule on the
/// first seat; `pbn_tag` says the deal is a PBN Deal tag's value (fixes write PBN).
pub(crate) fn check_deal(
    model: &DealModel,
    dealer: Option<Seat>,
    export: bool,
    pbn_tag: bool,
    out: &mut Vec<Diagnostic>,
) {
    for repeated in &model.repeated {
        let card = repeated.card.symbolic();
        let message = if repeated.first_seat == repeated.seat {
            format!("{} holds {card} twice", repeated.seat.name())
        } else {
            format!(
                "{} holds {card}, but it is already in {}'s hand",
                repeated.seat.name(),
                repeated.first_seat.name()
            )
        };
        out.push(
            Diagnostic::new(Code::D203, repeated.range, message).with_related(
                repeated.first_range,
                format!("{card} first given here, to {}", repeated.first_seat.name()),
            ),
        );
    }
    for &(seat, count, range) in &model.overfull {
        out.push(Diagnostic::new(
            Code::D204,
            range,
            format!("{} holds {count} cards: a hand has at most 13", seat.name()),
        ));
    }
    let text = &model.text;
    if text.hands.len() == 4 && text.hands.iter().all(|h| h.unknown) {
        // `N:- - - -`: the standard lets hands be left out without saying all four may be,
        // and gives `?` for an unknown value; the reference verifier reports a bad deal.
        let mut finding = Diagnostic::new(
            Code::D207,
            model.inner,
            "no hand of the deal is given (the reference verifier reports a bad deal): a deal nobody knows is written `?`",
        )
        .with_severity(Severity::Warning);
        if pbn_tag {
            finding = finding.with_fix("Write the unknown deal as `?`", model.inner, "?");
        }
        out.push(finding);
    } else if text.hands.len() <= 4
        && !model.any_card
        && text.hands.iter().all(|h| h.unknown || h.suits.len() == 4)
    {
        out.push(Diagnostic::new(
            Code::D207,
            model.inner,
            "the deal gives no cards at all",
        ));
    }
    check_hand_sizes(model, out);
    if export {
        check_export_form(model, dealer, out);
    }
    let deal = model.deal();
    let valid = model.is_valid();
    if let (true, Some(deal)) = (valid, deal) {
        fourth_hand(&deal, text, model.first, out);
    }
}

/// D205: hands of different sizes (with a fix when some are empty rather than not given).
fn check_hand_sizes(model: &DealModel, out: &mut Vec<Diagnostic>) {
    let counts = model.counts();
    let too_many = counts.iter().any(|&(_, n)| n > 13);
    if !model.unequal() || too_many {
        return;
    }
    let empty: Vec<Seat> = counts
        .iter()
        .filter(|&&(_, n)| n == 0)
        .map(|&(s, _)| s)
        .collect();
    if empty.is_empty() {
        let list: Vec<String> = counts
            .iter()
            .map(|(s, n)| format!("{} {n}", s.name()))
            .collect();
        out.push(Diagnostic::new(
            Code::D205,
            model.inner,
            format!(
                "the hands hold different numbers of cards: {}",
                list.join(", ")
            ),
        ));
        return;
    }
    let names: Vec<&str> = empty.iter().map(|s| s.name()).collect();
    let mut diagnostic = Diagnostic::new(
        Code::D205,
        model.inner,
        format!(
            "{} hold{} no cards while other hands do: a hand that is not given is written `-`",
            names.join(", "),
            if names.len() == 1 { "s" } else { "" }
        ),
    );
    let first = model.first;
    let edits: Vec<TextEdit> = model
        .text
        .hands
        .iter()
        .enumerate()
        .filter(|(i, h)| !h.unknown && empty.contains(&first.unwrap_or(Seat::North).offset(*i)))
        .map(|(_, h)| TextEdit {
            range: h.range,
            new_text: "-".to_string(),
        })
        .collect();
    if first.is_some() && !edits.is_empty() {
        // An empty hand and a hand not given read differently (no cards, or unknown
        // cards): the fix says what the writer probably meant, so it is asked for.
        diagnostic.fixes.push(Fix {
            applicability: Applicability::Unsafe,
            title: "Write `-` for the hands not given".to_string(),
            edits,
        });
    }
    out.push(diagnostic);
}

/// D206: in export format, ranks from the highest down and the dealer's hand first.
fn check_export_form(model: &DealModel, dealer: Option<Seat>, out: &mut Vec<Diagnostic>) {
    for &(seat, suit, range) in &model.unordered {
        out.push(Diagnostic::new(
            Code::D206,
            range,
            format!(
                "export format: give {}'s {} from the highest rank down",
                seat.name(),
                suit.name()
            ),
        ));
    }
    if let (Some(first), Some(dealer), Some((_, range))) = (model.first, dealer, &model.text.first)
    {
        if first != dealer {
            out.push(Diagnostic::new(
                Code::D206,
                *range,
                format!(
                    "export format: the deal starts with the dealer's hand ({})",
                    dealer.name()
                ),
            ));
        }
    }
}

/// D208: three full hands and a `-` — the fourth hand is known.
fn fourth_hand(deal: &Deal, text: &DealText, first: Option<Seat>, out: &mut Vec<Diagnostic>) {
    let Some(first) = first else { return };
    let Some((seat, hand)) = deal.fill_fourth_hand() else {
        return;
    };
    let index = (seat.index() + 4 - first.index()) % 4;
    let Some(hand_text) = text.hands.get(index) else {
        return;
    };
    let written = Suit::ALL
        .into_iter()
        .map(|suit| hand.ranks(suit))
        .collect::<Vec<_>>()
        .join(".");
    out.push(
        Diagnostic::new(
            Code::D208,
            hand_text.range,
            format!(
                "{}'s hand is not given, but it can only be the 13 remaining cards",
                seat.name()
            ),
        )
        .with_fix(
            format!("Fill in {}'s hand", seat.name()),
            hand_text.range,
            written,
        ),
    );
}
