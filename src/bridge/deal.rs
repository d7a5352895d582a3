//! The four hands of a board, any of which may be unknown.

use super::cards::{Card, Hand};
use super::seat::Seat;
use std::ops::{Index, IndexMut};

/// The hands of the four players, indexed by [`Seat`]; `None` means unknown.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Deal {
    /// The hands in N, E, S, W order.
    pub hands: [Option<Hand>; 4],
}

impl Deal {
    /// A deal with all four hands unknown.
    pub const fn new() -> Deal {
        Deal { hands: [None; 4] }
    }

    /// Makes a deal from hands in N, E, S, W order.
    pub const fn from_hands(hands: [Option<Hand>; 4]) -> Deal {
        Deal { hands }
    }

    /// The hand of `seat`, if known.
    pub const fn hand(&self, seat: Seat) -> Option<Hand> {
        self.hands[seat.index()]
    }

    /// Number of cards in each known hand, in N, E, S, W order.
    pub fn card_counts(&self) -> [Option<usize>; 4] {
        self.hands.map(|hand| hand.map(Hand::len))
    }

    /// Whether all four hands are known, hold 13 cards each and share no card.
    pub fn is_complete(&self) -> bool {
        let mut seen = Hand::EMPTY;
        for hand in self.hands {
            match hand {
                Some(h) if h.len() == 13 && h.intersection(seen).is_empty() => seen = seen.union(h),
                _ => return false,
            }
        }
        true
    }

    /// Cards that appear in more than one known hand.
    pub fn duplicated_cards(&self) -> Hand {
        let mut seen = Hand::EMPTY;
        let mut twice = Hand::EMPTY;
        for hand in self.hands.into_iter().flatten() {
            twice = twice.union(seen.intersection(hand));
            seen = seen.union(hand);
        }
        twice
    }

    /// The first seat (in N, E, S, W order) whose known hand holds `card`.
    pub fn owner_of(&self, card: Card) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|&seat| self.hand(seat).is_some_and(|h| h.contains(card)))
    }

    /// When exactly three hands are known, each of 13 cards and disjoint,
    /// the missing seat and the 13 remaining cards that must be its hand.
    pub fn fill_fourth_hand(&self) -> Option<(Seat, Hand)> {
        let mut missing = None;
        let mut seen = Hand::EMPTY;
        for seat in Seat::ALL {
            match self.hand(seat) {
                None if missing.is_none() => missing = Some(seat),
                None => return None,
                Some(h) if h.len() == 13 && h.intersection(seen).is_empty() => seen = seen.union(h),
                Some(_) => return None,
            }
        }
        missing.map(|seat| (seat, seen.complement()))
    }
}

impl Index<Seat> for Deal {
    type Output = Option<Hand>;
    fn index(&self, seat: Seat) -> &Option<Hand> {
        &self.hands[seat.index()]
    }
}

impl IndexMut<Seat> for Deal {
    fn index_mut(&mut self, seat: Seat) -> &mut Option<Hand> {
        &mut self.hands[seat.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::super::cards::{card, hand, sample_deal as sample};
    use super::*;

    #[test]
    fn complete_deal() {
        let deal = sample();
        assert!(deal.is_complete());
        assert_eq!(deal.card_counts(), [Some(13); 4]);
        assert_eq!(deal.duplicated_cards(), Hand::EMPTY);
        assert_eq!(deal.owner_of(card("SA")), Some(Seat::North));
        assert_eq!(deal.owner_of(card("C2")), Some(Seat::West));
        assert_eq!(deal.fill_fourth_hand(), None);
    }

    #[test]
    fn fourth_hand_is_the_complement() {
        let full = sample();
        for seat in Seat::ALL {
            let mut deal = full;
            deal[seat] = None;
            assert!(!deal.is_complete());
            assert_eq!(
                deal.fill_fourth_hand(),
                Some((seat, full[seat].unwrap_or_default()))
            );
            assert_eq!(deal.owner_of(card("SA")).is_some(), seat != Seat::North);
        }
        let mut two_missing = full;
        two_missing[Seat::North] = None;
        two_missing[Seat::South] = None;
        assert_eq!(two_missing.fill_fourth_hand(), None);
        assert_eq!(Deal::new().fill_fourth_hand(), None);
    }

    #[test]
    fn broken_deals() {
        let mut deal = sample();
        // East holds a 14th card that North also holds.
        let mut east = deal[Seat::East].unwrap_or_default();
        east.insert(card("SA"));
        deal[Seat::East] = Some(east);
        assert!(!deal.is_complete());
        assert_eq!(deal.duplicated_cards(), hand("A..."));
        assert_eq!(deal.card_counts()[1], Some(14));
        deal[Seat::West] = None;
        assert_eq!(deal.fill_fourth_hand(), None);
    }
}
