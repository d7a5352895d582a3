//! The play of the cards: trick winners and a tracker that checks each card.
//!
//! Cards may be unknown (PBN `-`): an unknown card takes its turn, but a
//! trick containing one has an unknown winner, so the lead of the next trick
//! is accepted from any seat.

use super::cards::{Card, Hand, Suit};
use super::deal::Deal;
use super::seat::Seat;
use std::fmt;

/// The seat that wins a trick; `cards[0]` is the lead. `None` if `cards` is empty.
pub fn trick_winner(cards: &[(Seat, Card)], trump: Option<Suit>) -> Option<Seat> {
    let &(first_seat, lead) = cards.first()?;
    let mut best = (first_seat, lead);
    for &(seat, card) in &cards[1..] {
        let beats = if card.suit == best.1.suit {
            card.rank > best.1.rank
        } else {
            Some(card.suit) == trump
        };
        if beats {
            best = (seat, card);
        }
    }
    Some(best.0)
}

/// One card played, or an unknown card (`card` is `None`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayedCard {
    /// Who played it.
    pub seat: Seat,
    /// The card, if known.
    pub card: Option<Card>,
}

/// A completed trick.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Trick {
    /// The four cards in order of play; the first is the lead.
    pub cards: [PlayedCard; 4],
    /// Who won it; `None` when a card of the trick is unknown.
    pub winner: Option<Seat>,
}

/// Something wrong with a card that was played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayIssue {
    /// The seat played when another seat was due to play.
    OutOfTurn {
        /// Who played.
        seat: Seat,
        /// Who should have played.
        expected: Seat,
    },
    /// The card is not in the seat's (known) original hand.
    NotHeld {
        /// Who played it.
        seat: Seat,
        /// The card.
        card: Card,
        /// The seat whose known hand holds it, if any.
        owner: Option<Seat>,
    },
    /// The card had been played before.
    AlreadyPlayed {
        /// The card.
        card: Card,
        /// Position of the earlier play in [`Play::played`].
        index: usize,
        /// Who played it the first time.
        by: Seat,
    },
    /// The seat did not follow suit although it still held the suit led.
    Revoke {
        /// Who revoked.
        seat: Seat,
        /// The card played instead.
        card: Card,
        /// The suit that was led.
        led: Suit,
    },
    /// A card played after all 13 tricks were complete.
    AfterLastTrick,
}

impl fmt::Display for PlayIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PlayIssue::OutOfTurn { seat, expected } => {
                write!(f, "{seat} played out of turn; it was {expected}'s turn")
            }
            PlayIssue::NotHeld { seat, card, owner } => {
                write!(f, "{seat} does not hold {}", card.symbolic())?;
                match owner {
                    Some(owner) => write!(f, " ({owner} does)"),
                    None => Ok(()),
                }
            }
            PlayIssue::AlreadyPlayed { card, index, by } => write!(
                f,
                "{} was already played by {by} (card {} of the play)",
                card.symbolic(),
                index + 1
            ),
            PlayIssue::Revoke { seat, card, led } => write!(
                f,
                "revoke: {seat} played {} while still holding a {} card",
                card.symbolic(),
                led.symbol()
            ),
            PlayIssue::AfterLastTrick => f.write_str("all 13 tricks have already been played"),
        }
    }
}

/// The mark of a card not played yet in [`Play`]'s first-played table.
const NOT_PLAYED: u32 = u32::MAX;

/// Follows the play card by card, checking each card against the hands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Play {
    trump: Option<Suit>,
    original: Deal,
    remaining: Deal,
    unknown_played: [u8; 4],
    played: Vec<PlayedCard>,
    /// For each card, where in `played` it was first played ([`NOT_PLAYED`] when it was not):
    /// four bytes a card keep the state small enough to move cheaply.
    first_played_at: [u32; 52],
    tricks: Vec<Trick>,
    current: Vec<PlayedCard>,
    turn: Option<Seat>,
    won: [u8; 2],
}

impl Play {
    /// Starts the play with `leader` on lead; `trump` is `None` in no trump.
    pub fn new(deal: Deal, leader: Seat, trump: Option<Suit>) -> Play {
        Play {
            trump,
            original: deal,
            remaining: deal,
            unknown_played: [0; 4],
            played: Vec::with_capacity(52),
            first_played_at: [NOT_PLAYED; 52],
            tricks: Vec::with_capacity(13),
            current: Vec::with_capacity(4),
            turn: Some(leader),
            won: [0; 2],
        }
    }

    /// The trump suit, if any.
    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }

    /// Plays a known card, reporting anything wrong with it; the card stands regardless.
    pub fn play(&mut self, seat: Seat, card: Card) -> Vec<PlayIssue> {
        self.play_inner(seat, Some(card), true)
    }

    /// Plays a card marked as a revoke (PBN `^R`): like [`Play::play`] but
    /// without reporting a revoke.
    pub fn play_revoke(&mut self, seat: Seat, card: Card) -> Vec<PlayIssue> {
        self.play_inner(seat, Some(card), false)
    }

    /// Plays an unknown card (PBN `-`): the turn moves on without a card.
    pub fn play_unknown(&mut self, seat: Seat) -> Vec<PlayIssue> {
        self.play_inner(seat, None, false)
    }

    fn play_inner(&mut self, seat: Seat, card: Option<Card>, check_revoke: bool) -> Vec<PlayIssue> {
        let mut issues = Vec::new();
        if self.is_finished() {
            issues.push(PlayIssue::AfterLastTrick);
        }
        if let Some(expected) = self.turn {
            if expected != seat {
                issues.push(PlayIssue::OutOfTurn { seat, expected });
            }
        }
        match card {
            Some(card) => {
                self.check_card(seat, card, check_revoke, &mut issues);
                if let Some(hand) = &mut self.remaining[seat] {
                    hand.remove(card);
                }
                let first = &mut self.first_played_at[card.index()];
                if *first == NOT_PLAYED {
                    *first = u32::try_from(self.played.len())
                        .map_or(NOT_PLAYED - 1, |i| i.min(NOT_PLAYED - 1));
                }
            }
            None => {
                let count = &mut self.unknown_played[seat.index()];
                *count = count.saturating_add(1);
            }
        }
        self.advance(PlayedCard { seat, card });
        issues
    }

    fn check_card(&self, seat: Seat, card: Card, check_revoke: bool, issues: &mut Vec<PlayIssue>) {
        let first = self.first_played_at[card.index()];
        if first != NOT_PLAYED {
            let index = first as usize;
            let by = self.played.get(index).map_or(seat, |p| p.seat);
            issues.push(PlayIssue::AlreadyPlayed { card, index, by });
        } else if self.original[seat].is_some_and(|h| !h.contains(card)) {
            issues.push(PlayIssue::NotHeld {
                seat,
                card,
                owner: self.original.owner_of(card),
            });
        }
        if !check_revoke {
            return;
        }
        let Some(led) = self.led_suit() else {
            return;
        };
        if card.suit == led {
            return;
        }
        // Cards played unknown might have been of the suit led, so only
        // holdings larger than that count prove a revoke.
        let unknown = usize::from(self.unknown_played[seat.index()]);
        if self.remaining[seat].is_some_and(|h| h.suit_len(led) > unknown) {
            issues.push(PlayIssue::Revoke { seat, card, led });
        }
    }

    fn led_suit(&self) -> Option<Suit> {
        self.current.first()?.card.map(|c| c.suit)
    }

    fn advance(&mut self, played: PlayedCard) {
        self.played.push(played);
        self.current.push(played);
        self.turn = Some(played.seat.next());
        if self.current.len() < 4 {
            return;
        }
        // The four cards on the stack, when all are known (no allocation per trick).
        let mut cards = [(
            Seat::North,
            Card::new(Suit::Spades, crate::bridge::Rank::Ace),
        ); 4];
        let mut known = 0;
        for (slot, played) in cards.iter_mut().zip(&self.current) {
            if let Some(card) = played.card {
                *slot = (played.seat, card);
                known += 1;
            }
        }
        let winner = if known == self.current.len() {
            cards
                .get(..known)
                .and_then(|cards| trick_winner(cards, self.trump))
        } else {
            None
        };
        if let Some(winner) = winner {
            let side = usize::from(!winner.is_ns());
            self.won[side] = self.won[side].saturating_add(1);
        }
        self.turn = winner;
        // The current trick's buffer is kept for the next trick: no allocation per trick.
        let cards = std::array::from_fn(|i| self.current[i]);
        self.current.clear();
        self.tricks.push(Trick { cards, winner });
    }

    /// Who is due to play next; `None` after a trick whose winner is unknown.
    pub fn next_to_play(&self) -> Option<Seat> {
        self.turn
    }

    /// Every card played so far, in order, including unknown cards.
    pub fn played(&self) -> &[PlayedCard] {
        &self.played
    }

    /// The cards of the trick in progress, lead first.
    pub fn current_trick(&self) -> &[PlayedCard] {
        &self.current
    }

    /// The completed tricks in order.
    pub fn tricks(&self) -> &[Trick] {
        &self.tricks
    }

    /// How many tricks are complete.
    pub fn tricks_completed(&self) -> usize {
        self.tricks.len()
    }

    /// Whether all 13 tricks are complete.
    pub fn is_finished(&self) -> bool {
        self.tricks.len() >= 13
    }

    /// Tricks won so far by the side `seat` belongs to.
    pub fn tricks_won(&self, seat: Seat) -> u8 {
        self.won[usize::from(!seat.is_ns())]
    }

    /// Completed tricks whose winner is unknown.
    pub fn tricks_with_unknown_winner(&self) -> usize {
        self.tricks.iter().filter(|t| t.winner.is_none()).count()
    }

    /// The cards `seat` still holds, if its hand is known.
    pub fn remaining(&self, seat: Seat) -> Option<Hand> {
        self.remaining[seat]
    }

    /// The cards `seat` may play now: its suit-led cards if it has any,
    /// otherwise all it holds; empty if the hand is unknown or play is over.
    pub fn playable_cards(&self, seat: Seat) -> Vec<Card> {
        let Some(hand) = self.remaining[seat] else {
            return Vec::new();
        };
        if self.is_finished() {
            return Vec::new();
        }
        match self.led_suit() {
            Some(led) if hand.has_suit(led) => hand.suit_cards(led).iter().collect(),
            _ => hand.iter().collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::cards::{card, hand, sample_deal as deal};
    use super::*;

    fn t(cards: &[(Seat, &str)], trump: Option<Suit>) -> Option<Seat> {
        let cards: Vec<(Seat, Card)> = cards.iter().map(|&(s, c)| (s, card(c))).collect();
        trick_winner(&cards, trump)
    }

    use Seat::{East as E, North as N, South as S, West as W};

    /// The one issue of `seat` playing `played` while holding a card of the suit `led`.
    fn revoke(seat: Seat, played: &str, led: Suit) -> Vec<PlayIssue> {
        vec![PlayIssue::Revoke {
            seat,
            card: card(played),
            led,
        }]
    }

    #[test]
    fn trick_winners() {
        assert_eq!(t(&[], None), None);
        let trick = [(W, "SK"), (N, "SA"), (E, "S2"), (S, "HA")];
        assert_eq!(t(&trick, None), Some(N));
        assert_eq!(t(&trick, Some(Suit::Hearts)), Some(S));
        assert_eq!(t(&trick, Some(Suit::Clubs)), Some(N));
        // Discards never win, whatever their rank.
        let trick = [(N, "D2"), (E, "SA"), (S, "HA"), (W, "D3")];
        assert_eq!(t(&trick, None), Some(W));
        // Over-ruff.
        let trick = [(N, "DA"), (E, "C2"), (S, "C3"), (W, "D3")];
        assert_eq!(t(&trick, Some(Suit::Clubs)), Some(S));
        // Trump lead.
        let trick = [(E, "C2"), (S, "CK"), (W, "CA"), (N, "SA")];
        assert_eq!(t(&trick, Some(Suit::Clubs)), Some(W));
        assert_eq!(t(&[(E, "C2")], None), Some(E));
    }

    #[test]
    fn tracks_tricks_and_turns() {
        let mut play = Play::new(deal(), E, Some(Suit::Spades));
        assert_eq!(play.next_to_play(), Some(E));
        for (seat, c) in [(E, "HJ"), (S, "H5"), (W, "H2"), (N, "HA")] {
            assert_eq!(play.play(seat, card(c)), vec![]);
        }
        assert_eq!(play.tricks_completed(), 1);
        assert_eq!(play.tricks()[0].winner, Some(N));
        assert_eq!(play.next_to_play(), Some(N));
        assert_eq!(play.tricks_won(S), 1);
        assert_eq!(play.tricks_won(E), 0);
        play.play(N, card("CA"));
        assert_eq!(play.current_trick().len(), 1);
        assert_eq!(play.next_to_play(), Some(E));
        assert_eq!(play.remaining(N).map(Hand::len), Some(11));
    }

    #[test]
    fn wrong_cards_are_reported() {
        let mut play = Play::new(deal(), E, None);
        assert_eq!(
            play.play(E, card("SA")),
            vec![PlayIssue::NotHeld {
                seat: E,
                card: card("SA"),
                owner: Some(N)
            }]
        );
        assert_eq!(
            play.play(N, card("SA")),
            vec![
                PlayIssue::OutOfTurn {
                    seat: N,
                    expected: S
                },
                PlayIssue::AlreadyPlayed {
                    card: card("SA"),
                    index: 0,
                    by: E
                }
            ]
        );
        let issue = PlayIssue::NotHeld {
            seat: E,
            card: card("ST"),
            owner: Some(N),
        };
        assert_eq!(issue.to_string(), "East does not hold ♠10 (North does)");
    }

    #[test]
    fn revoke_detection() {
        let mut play = Play::new(deal(), W, None);
        assert!(play.play(W, card("S4")).is_empty());
        // North holds spades but plays a heart.
        assert_eq!(play.play(N, card("HA")), revoke(N, "HA", Suit::Spades));
        // A revoke marked with ^R is accepted silently.
        assert!(play.play_revoke(E, card("H9")).is_empty());
        play.play(S, card("S5"));
        assert_eq!(play.tricks()[0].winner, Some(S));

        // A legitimate discard from a void suit.
        let mut play = Play::new(deal(), N, None);
        for (seat, c) in [(N, "SA"), (E, "ST"), (S, "S6"), (W, "S4")] {
            play.play(seat, card(c));
        }
        for (seat, c) in [(N, "SK"), (E, "S9"), (S, "S5"), (W, "S3")] {
            play.play(seat, card(c));
        }
        // South is now void in spades and may discard.
        play.play(N, card("SQ"));
        play.play(E, card("S8"));
        assert_eq!(play.playable_cards(S).len(), 11);
        assert!(play.play(S, card("C6")).is_empty());
        assert_eq!(play.playable_cards(W), vec![card("S2")]);
    }

    #[test]
    fn unknown_cards() {
        let mut play = Play::new(deal(), W, None);
        // West leads an unknown card, so nobody's following can be checked.
        play.play_unknown(W);
        play.play(N, card("CA"));
        play.play(E, card("CJ"));
        play.play(S, card("C8"));
        assert_eq!(play.tricks()[0].winner, None);
        assert_eq!(play.next_to_play(), None);
        assert_eq!(play.tricks_with_unknown_winner(), 1);
        // Anyone may lead after an unknown winner.
        assert!(play.play(N, card("CK")).is_empty());
        play.play(E, card("CT"));
        play.play(S, card("C7"));
        // West has four clubs in the diagram, one card went unknown: a heart
        // discard is still a revoke since at least three clubs remain.
        assert_eq!(play.play(W, card("H2")), revoke(W, "H2", Suit::Clubs));

        // An unknown hand: nothing can be checked, nothing to complete.
        let mut hidden = deal();
        hidden[E] = None;
        let mut play = Play::new(hidden, N, None);
        play.play(N, card("SA"));
        assert!(play.play(E, card("HA")).is_empty());
        assert!(play.playable_cards(E).is_empty());
    }

    #[test]
    fn unknown_card_may_have_been_the_last_of_the_suit() {
        let d = Deal::from_hands([
            Some(hand("AKQJ.AKQ.AKQ.AKQ")),
            Some(hand("T987.JT9.JT9.JT9")),
            Some(hand("65.8765.8765.876")),
            Some(hand("432.432.432.5432")),
        ]);
        let mut play = Play::new(d, S, None);
        // South plays two unknown cards; both might have been spades.
        play.play_unknown(S);
        play.play(W, card("C2"));
        play.play(N, card("C3"));
        play.play(E, card("C9"));
        play.play_unknown(S);
        play.play(W, card("C4"));
        play.play(N, card("CQ"));
        play.play(E, card("CT"));
        // New trick, West leads a spade: South may be void now.
        play.play(W, card("S2"));
        play.play(N, card("SA"));
        play.play(E, card("S7"));
        assert!(play.play(S, card("H5")).is_empty());
    }

    #[test]
    fn full_play_of_thirteen_tricks() {
        let d = deal();
        let mut play = Play::new(d, N, None);
        let mut leader = N;
        for _ in 0..13 {
            let mut seat = leader;
            for _ in 0..4 {
                let c = play.playable_cards(seat)[0];
                assert_eq!(play.play(seat, c), vec![]);
                seat = seat.next();
            }
            leader = play.next_to_play().unwrap_or(N);
        }
        assert!(play.is_finished());
        assert_eq!(play.tricks_won(N) + play.tricks_won(E), 13);
        assert_eq!(play.tricks_won(N), 13);
        assert!(play.playable_cards(N).is_empty());
        assert_eq!(
            play.play(N, card("SA")).first(),
            Some(&PlayIssue::AfterLastTrick)
        );
    }
}
