//! Reading a Deal tag's value into hands: the first seat, each hand's cards, and what stands in
//! the way of a playable deal (a card given twice, a hand over 13, hands of different sizes).
//!
//! The problems of reading the text (its structure, a character that is no rank) are recorded
//! as [`Misreading`]s; the rest is kept in the [`DealModel`] for `analysis::deal` to judge.

use super::misreading::{DealMisreading, Misreading};
use crate::bridge::{Card, Deal, Hand, Rank, Seat, Suit};
use crate::model::values::{read_deal, read_seat, DealText, HandText, Holding};
use crate::model::written::Origin;
use crate::syntax::{SyntaxNode, TextRange, TextSize};

/// A card given a second time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RepeatedCard {
    /// The card.
    pub card: Card,
    /// The hand it is given to the second time, and where.
    pub seat: Seat,
    /// The range of its rank the second time.
    pub range: TextRange,
    /// The hand it was first given to.
    pub first_seat: Seat,
    /// The range of its rank the first time.
    pub first_range: TextRange,
}

/// A Deal value, read.
#[derive(Debug, Clone)]
pub struct DealModel {
    /// The structure as written.
    pub(crate) text: DealText,
    /// The range between the quotes.
    pub inner: TextRange,
    /// The seat of the first hand, when readable.
    pub first: Option<Seat>,
    /// The hands (N, E, S, W) as well as they could be read; `None` for a hand not given or not
    /// readable. Seats count from North when the first seat is unreadable.
    pub hands: [Option<Hand>; 4],
    /// Cards given more than once.
    pub(crate) repeated: Vec<RepeatedCard>,
    /// Hands given more than 13 ranks: the seat, how many, and the hand's range.
    pub overfull: Vec<(Seat, usize, TextRange)>,
    /// Suits whose ranks are not written from the highest down: seat, suit and range.
    pub unordered: Vec<(Seat, Suit, TextRange)>,
    /// Whether any card is given at all.
    pub any_card: bool,
    /// How many problems of reading were recorded.
    pub reading_errors: usize,
}

impl DealModel {
    /// A model of `text` (between the quotes at `inner`) before any hand is read into it.
    fn unread(text: DealText, inner: TextRange, first: Option<Seat>) -> DealModel {
        DealModel {
            text,
            inner,
            first,
            hands: [None; 4],
            repeated: Vec::new(),
            overfull: Vec::new(),
            unordered: Vec::new(),
            any_card: false,
            reading_errors: 0,
        }
    }

    /// Notes that `seat` holds `card` at `range`: the first holder is remembered in `seen`, a
    /// later one is a repeated card.
    fn place(
        &mut self,
        seen: &mut [Option<(Seat, TextRange)>; 52],
        card: Card,
        seat: Seat,
        range: TextRange,
    ) {
        match seen[card.index()] {
            Some((first_seat, first_range)) => self.repeated.push(RepeatedCard {
                card,
                seat,
                range,
                first_seat,
                first_range,
            }),
            None => seen[card.index()] = Some((seat, range)),
        }
    }

    /// The hands, when the first seat is readable.
    pub fn deal(&self) -> Option<Deal> {
        self.first.map(|_| Deal::from_hands(self.hands))
    }

    /// The number of cards of each hand that is given, by seat.
    pub fn counts(&self) -> Vec<(Seat, usize)> {
        Seat::ALL
            .into_iter()
            .filter_map(|s| self.hands[s.index()].map(|h| (s, h.len())))
            .collect()
    }

    /// Whether the given hands hold different numbers of cards.
    pub fn unequal(&self) -> bool {
        self.counts().windows(2).any(|w| w[0].1 != w[1].1)
    }

    /// Whether the deal can be played against: readable, every card once, hands of one size.
    pub fn is_valid(&self) -> bool {
        self.first.is_some()
            && self.reading_errors == 0
            && self.repeated.is_empty()
            && self.overfull.is_empty()
            && self.any_card
            && !self.unequal()
    }
}

/// Reads a Deal `TAG_VALUE` node, recording the problems of reading in `out`.
pub(crate) fn lower_deal(value: &SyntaxNode, out: &mut Vec<Misreading>) -> DealModel {
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
    let before = out.len();
    let first = first_seat(&text, inner, out);
    if text.hands.len() != 4 {
        out.push(
            DealMisreading::HandCount {
                range: inner,
                count: text.hands.len(),
            }
            .into(),
        );
    }
    for gap in &text.odd_spacing {
        out.push(DealMisreading::Spacing { range: *gap }.into());
    }
    let blank = DealText {
        first: None,
        colon: None,
        hands: Vec::new(),
        odd_spacing: Vec::new(),
    };
    let mut model = DealModel::unread(blank, inner, first);
    // Where each card was first seen: (seat, range).
    let mut seen: [Option<(Seat, TextRange)>; 52] = [None; 52];
    // The cards of one suit as read, reused from suit to suit.
    let mut cards: Vec<(Card, TextRange)> = Vec::with_capacity(13);
    for (i, hand_text) in text.hands.iter().enumerate().take(4) {
        let seat = first.unwrap_or(Seat::North).offset(i);
        if hand_text.unknown {
            continue;
        }
        if hand_text.suits.len() != 4 {
            out.push(
                DealMisreading::SuitCount {
                    range: hand_text.range,
                    seat,
                    count: hand_text.suits.len(),
                }
                .into(),
            );
            continue;
        }
        let mut hand = Hand::EMPTY;
        let mut count = 0;
        for (suit, (ranks, range)) in Suit::ALL.into_iter().zip(&hand_text.suits) {
            cards.clear();
            read_suit(
                suit,
                ranks.as_str(),
                *range,
                seat,
                &mut model,
                &mut cards,
                out,
            );
            for &(card, card_range) in &cards {
                count += 1;
                model.place(&mut seen, card, seat, card_range);
                hand.insert(card);
            }
        }
        if count > 13 {
            model.overfull.push((seat, count, hand_text.range));
        }
        model.hands[seat.index()] = Some(hand);
    }
    model.reading_errors = out.len() - before;
    model.text = text;
    model
}

/// Reads the hands another notation writes, counted from `first` (each placed at its origin in
/// `hand_origins`, else at the deal's, `origin`, else at `range`), as the checks read the Deal of
/// its PBN image: `-` for a hand not given, each suit from the highest rank down.
pub(crate) fn lower_written_deal(
    first: Seat,
    hands: &[Option<Hand>; 4],
    hand_origins: &[Origin; 4],
    origin: Origin,
    range: TextRange,
) -> DealModel {
    let at_deal = origin.unwrap_or(range);
    let text = DealText {
        first: Some((first.letter().to_string(), at_deal)),
        colon: Some(at_deal),
        hands: Vec::with_capacity(4),
        odd_spacing: Vec::new(),
    };
    let mut model = DealModel::unread(text, at_deal, Some(first));
    let mut seen: [Option<(Seat, TextRange)>; 52] = [None; 52];
    for i in 0..4 {
        let seat = first.offset(i);
        let at = hand_origins[seat.index()].unwrap_or(at_deal);
        let Some(hand) = hands[seat.index()] else {
            model.text.hands.push(HandText {
                range: at,
                unknown: true,
                suits: Vec::new(),
            });
            continue;
        };
        model.text.hands.push(HandText {
            range: at,
            unknown: false,
            suits: vec![(Holding::default(), at); 4],
        });
        // In the image's order: suit by suit, each from the highest rank down.
        for card in hand.iter() {
            model.place(&mut seen, card, seat, at);
        }
        model.any_card |= !hand.is_empty();
        if hand.len() > 13 {
            model.overfull.push((seat, hand.len(), at));
        }
        model.hands[seat.index()] = Some(hand);
    }
    model
}

/// Reads the ranks of one suit of `seat`'s hand into `cards`, with their ranges (recording a
/// character that is no rank; an out-of-order suit is noted in `model`).
fn read_suit(
    suit: Suit,
    ranks: &str,
    range: TextRange,
    seat: Seat,
    model: &mut DealModel,
    cards: &mut Vec<(Card, TextRange)>,
    out: &mut Vec<Misreading>,
) {
    let mut previous: Option<Rank> = None;
    let mut out_of_order = false;
    let mut chars = ranks.char_indices().peekable();
    while let Some((offset, c)) = chars.next() {
        let at = range.start() + TextSize::from(offset as u32);
        let char_range = TextRange::at(at, TextSize::from(c.len_utf8() as u32));
        let Some(rank) = Rank::from_char(c) else {
            if c == '1' && chars.peek().is_some_and(|&(_, n)| n == '0') {
                chars.next();
                let range = TextRange::at(at, TextSize::from(2));
                out.push(DealMisreading::TenInDigits { range }.into());
            } else {
                out.push(
                    DealMisreading::NotARank {
                        range: char_range,
                        character: c,
                    }
                    .into(),
                );
            }
            continue;
        };
        if previous.is_some_and(|p| rank.value() > p.value()) {
            out_of_order = true;
        }
        previous = Some(rank);
        model.any_card = true;
        cards.push((Card::new(suit, rank), char_range));
    }
    if out_of_order {
        model.unordered.push((seat, suit, range));
    }
}

/// Reads the first seat, recording what is wrong with it.
fn first_seat(text: &DealText, inner: TextRange, out: &mut Vec<Misreading>) -> Option<Seat> {
    match (&text.first, text.colon) {
        (Some((seat_text, range)), Some(_)) => match read_seat(seat_text) {
            Some(reading) if reading.standard.is_none() => Some(reading.value),
            Some(reading) => {
                out.push(
                    DealMisreading::FirstSeatSpelling {
                        range: *range,
                        standard: reading.standard.unwrap_or_default(),
                    }
                    .into(),
                );
                Some(reading.value)
            }
            None => {
                out.push(
                    DealMisreading::FirstSeatUnknown {
                        range: *range,
                        text: seat_text.clone(),
                    }
                    .into(),
                );
                None
            }
        },
        (None, Some(colon)) => {
            out.push(DealMisreading::FirstSeatMissing { range: colon }.into());
            None
        }
        _ => {
            out.push(
                DealMisreading::NoFirstSeat {
                    range: TextRange::empty(inner.start()),
                }
                .into(),
            );
            None
        }
    }
}
