//! The Deal tag: its structure (D201), its cards (D202–D205, D207), export form (D206), and
//! the hand that can be derived when three are given (D208).

use crate::bridge::{Card, Deal, Hand, Rank, Seat, Suit};
use crate::diagnostic::{Diagnostic, Severity};
use crate::model::values::{read_deal, read_seat, DealText};
use crate::syntax::{SyntaxNode, TextRange, TextSize};

/// What the Deal check learned about the hands.
#[derive(Debug, Clone, Default)]
pub struct DealOutcome {
    /// The hands as well as they could be read (`None` when the first seat is unreadable).
    pub deal: Option<Deal>,
    /// Whether the deal passed every check.
    pub valid: bool,
}

/// Checks a Deal `TAG_VALUE` node; `dealer` is used for the export rule on the first seat.
pub fn check_deal(
    value: &SyntaxNode,
    dealer: Option<Seat>,
    export: bool,
    out: &mut Vec<Diagnostic>,
) -> DealOutcome {
    let full = value.text_range();
    // The text between the quotes.
    let inner = if full.len() >= TextSize::from(2) {
        TextRange::new(
            full.start() + TextSize::from(1),
            full.end() - TextSize::from(1),
        )
    } else {
        full
    };
    let text = read_deal(value);
    let errors_before = out.iter().filter(|d| d.severity == Severity::Error).count();
    let first = first_seat(&text, inner, out);
    if text.hands.len() != 4 {
        out.push(Diagnostic::new(
            "D201",
            inner,
            format!(
                "the deal gives {} hand{} where four are needed (write `-` for a hand that is not known)",
                text.hands.len(),
                if text.hands.len() == 1 { "" } else { "s" }
            ),
        ));
    }
    for gap in &text.odd_spacing {
        out.push(
            Diagnostic::new("D201", *gap, "hands are separated by exactly one space").with_fix(
                "Use a single space",
                *gap,
                " ",
            ),
        );
    }

    let mut hands: [Option<Hand>; 4] = [None; 4];
    // Where each card was first seen: (seat, range).
    let mut seen: Vec<Option<(Seat, TextRange)>> = vec![None; 52];
    let mut any_card = false;
    for (i, hand_text) in text.hands.iter().enumerate().take(4) {
        let seat = first.unwrap_or(Seat::North).offset(i);
        if hand_text.unknown {
            continue;
        }
        if hand_text.suits.len() != 4 {
            out.push(Diagnostic::new(
                "D201",
                hand_text.range,
                format!(
                    "{}'s hand has {} suit{}: give spades, hearts, diamonds and clubs separated by `.`",
                    seat.name(),
                    hand_text.suits.len(),
                    if hand_text.suits.len() == 1 { "" } else { "s" }
                ),
            ));
            continue;
        }
        let mut hand = Hand::EMPTY;
        for (suit, (ranks, range)) in Suit::ALL.into_iter().zip(&hand_text.suits) {
            let mut previous: Option<Rank> = None;
            let mut out_of_order = false;
            let mut chars = ranks.char_indices().peekable();
            while let Some((offset, c)) = chars.next() {
                let at = range.start() + TextSize::from(offset as u32);
                let mut char_range = TextRange::at(at, TextSize::from(c.len_utf8() as u32));
                let Some(rank) = Rank::from_char(c) else {
                    let mut message = format!("`{c}` is not a rank: use A K Q J T 9 8 7 6 5 4 3 2");
                    let mut fix = None;
                    if c == '1' && chars.peek().is_some_and(|&(_, n)| n == '0') {
                        chars.next();
                        char_range = TextRange::at(at, TextSize::from(2));
                        message = "the ten is written `T`, not `10`".to_string();
                        fix = Some("T");
                    }
                    let mut diagnostic = Diagnostic::new("D202", char_range, message);
                    if let Some(fix) = fix {
                        diagnostic = diagnostic.with_fix("Write `T`", char_range, fix);
                    }
                    out.push(diagnostic);
                    continue;
                };
                if previous.is_some_and(|p| rank.value() > p.value()) {
                    out_of_order = true;
                }
                previous = Some(rank);
                let card = Card::new(suit, rank);
                any_card = true;
                match seen[card.index()] {
                    Some((first_seat, first_range)) => {
                        let message = if first_seat == seat {
                            format!("{} holds {} twice", seat.name(), card.symbolic())
                        } else {
                            format!(
                                "{} holds {}, but it is already in {}'s hand",
                                seat.name(),
                                card.symbolic(),
                                first_seat.name()
                            )
                        };
                        out.push(Diagnostic::new("D203", char_range, message).with_related(
                            first_range,
                            format!(
                                "{} first given here, to {}",
                                card.symbolic(),
                                first_seat.name()
                            ),
                        ));
                    }
                    None => seen[card.index()] = Some((seat, char_range)),
                }
                hand.insert(card);
            }
            if export && out_of_order {
                out.push(Diagnostic::new(
                    "D206",
                    *range,
                    format!(
                        "export format: give {}'s {} from the highest rank down",
                        seat.name(),
                        suit.name()
                    ),
                ));
            }
        }
        let count = hand_text
            .suits
            .iter()
            .map(|(ranks, _)| {
                ranks
                    .chars()
                    .filter(|&c| Rank::from_char(c).is_some())
                    .count()
            })
            .sum::<usize>();
        if count > 13 {
            out.push(Diagnostic::new(
                "D204",
                hand_text.range,
                format!("{} holds {count} cards: a hand has at most 13", seat.name()),
            ));
        }
        hands[seat.index()] = Some(hand);
    }

    if text.hands.len() <= 4
        && !any_card
        && text.hands.iter().all(|h| h.unknown || h.suits.len() == 4)
    {
        out.push(Diagnostic::new(
            "D207",
            inner,
            "the deal gives no cards at all",
        ));
    }

    let counts: Vec<(Seat, usize)> = Seat::ALL
        .into_iter()
        .filter_map(|s| hands[s.index()].map(|h| (s, h.len())))
        .collect();
    let unequal = counts.windows(2).any(|w| w[0].1 != w[1].1);
    let too_many = counts.iter().any(|&(_, n)| n > 13);
    let empty: Vec<Seat> = counts
        .iter()
        .filter(|&&(_, n)| n == 0)
        .map(|&(s, _)| s)
        .collect();
    if unequal && !too_many && !empty.is_empty() {
        let names: Vec<&str> = empty.iter().map(|s| s.name()).collect();
        let mut diagnostic = Diagnostic::new(
            "D205",
            inner,
            format!(
                "{} hold{} no cards while other hands do: a hand that is not given is written `-`",
                names.join(", "),
                if names.len() == 1 { "s" } else { "" }
            ),
        );
        let edits: Vec<crate::diagnostic::TextEdit> = text
            .hands
            .iter()
            .enumerate()
            .filter(|(i, h)| !h.unknown && empty.contains(&first.unwrap_or(Seat::North).offset(*i)))
            .map(|(_, h)| crate::diagnostic::TextEdit {
                range: h.range,
                new_text: "-".to_string(),
            })
            .collect();
        if first.is_some() && !edits.is_empty() {
            // An empty hand and a hand not given read differently (no cards, or unknown
            // cards): the fix says what the writer probably meant, so it is asked for.
            diagnostic.fixes.push(crate::diagnostic::Fix {
                applicability: crate::diagnostic::Applicability::Unsafe,
                title: "Write `-` for the hands not given".to_string(),
                edits,
            });
        }
        out.push(diagnostic);
    } else if unequal && !too_many {
        let list: Vec<String> = counts
            .iter()
            .map(|(s, n)| format!("{} {n}", s.name()))
            .collect();
        out.push(Diagnostic::new(
            "D205",
            inner,
            format!(
                "the hands hold different numbers of cards: {}",
                list.join(", ")
            ),
        ));
    }

    if export {
        if let (Some(first), Some(dealer), Some((_, range))) = (first, dealer, &text.first) {
            if first != dealer {
                out.push(Diagnostic::new(
                    "D206",
                    *range,
                    format!(
                        "export format: the deal starts with the dealer's hand ({})",
                        dealer.name()
                    ),
                ));
            }
        }
    }

    let errors_after = out.iter().filter(|d| d.severity == Severity::Error).count();
    let deal = first.map(|_| Deal::from_hands(hands));
    let valid = deal.is_some() && errors_after == errors_before;

    if let (true, Some(deal)) = (valid, deal) {
        fourth_hand(&deal, &text, first, out);
    }
    DealOutcome { deal, valid }
}

/// Reads the first seat, reporting what is wrong with it.
fn first_seat(text: &DealText, inner: TextRange, out: &mut Vec<Diagnostic>) -> Option<Seat> {
    match (&text.first, text.colon) {
        (Some((seat_text, range)), Some(_)) => {
            match read_seat(seat_text) {
                Some(reading) if reading.standard.is_none() => Some(reading.value),
                Some(reading) => {
                    let standard = reading.standard.unwrap_or_default();
                    out.push(
                        Diagnostic::new(
                            "D201",
                            *range,
                            format!("the first seat of the deal is one letter: `{standard}`"),
                        )
                        .with_fix(
                            format!("Write `{standard}`"),
                            *range,
                            standard.clone(),
                        ),
                    );
                    Some(reading.value)
                }
                None => {
                    out.push(Diagnostic::new(
                    "D201",
                    *range,
                    format!("`{seat_text}` is not a seat: the deal starts with N, E, S or W and `:`"),
                ));
                    None
                }
            }
        }
        (None, Some(colon)) => {
            out.push(Diagnostic::new(
                "D201",
                colon,
                "the deal starts with the seat of the first hand (N, E, S or W) before `:`",
            ));
            None
        }
        _ => {
            out.push(Diagnostic::new(
                "D201",
                TextRange::empty(inner.start()),
                "the deal starts with the seat of the first hand and `:`, like `N:`",
            ));
            None
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
        .map(|suit| {
            hand.suit_cards(suit)
                .iter()
                .map(|c| c.rank.letter())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join(".");
    out.push(
        Diagnostic::new(
            "D208",
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
