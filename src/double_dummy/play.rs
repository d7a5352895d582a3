//! Play analysis: for each card of a play, how many tricks it gave away against the best play
//! with all hands open (the double-dummy value before and after the card).

use super::{full_deal, seat_to_cb, strain_to_cb, suit_to_cb};
use crate::bridge::{Card, Deal, Denomination, Seat};
use contract_bridge as cb;

/// A play to analyse: the deal, the denomination, who leads, and the cards in the order they
/// were played with who played them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlayRecord {
    /// The four hands before the opening lead.
    pub deal: Deal,
    /// The contract's denomination.
    pub denomination: Denomination,
    /// The opening leader (declarer's left-hand opponent).
    pub leader: Seat,
    /// The cards in the order played, each with its player.
    pub cards: Vec<(Seat, Card)>,
}

impl PlayRecord {
    /// The declarer: the opening leader's right-hand opponent.
    pub fn declarer(&self) -> Seat {
        self.leader.rho()
    }
}

fn card_to_cb(card: Card) -> Option<cb::Card> {
    Some(cb::Card {
        suit: suit_to_cb(card.suit),
        rank: cb::hand::Rank::try_new(card.rank.value()).ok()?,
    })
}

/// For each card of `record`, the tricks it cost its side (0 when it was as good as any);
/// `None` when the deal is not complete or a card could not have been played (not held, or a
/// revoke): the analysis only follows legal play.
pub(crate) fn trick_costs(solver: &mut pons_dds::Solver, record: &PlayRecord) -> Option<Vec<u8>> {
    let deal = full_deal(&record.deal)?;
    let trick =
        pons_dds::CurrentTrick::new(strain_to_cb(record.denomination), seat_to_cb(record.leader));
    let board = pons_dds::Board::try_new(deal.into(), trick).ok()?;
    let mut trace = pons_dds::PlayTrace {
        board,
        cards: Default::default(),
    };
    for &(_, card) in record.cards.iter().take(52) {
        trace.cards.push(card_to_cb(card)?);
    }
    let analysis = solver.try_analyse_play(&trace).ok()?;
    let declarer = record.declarer();
    let counts: Vec<u8> = analysis.tricks.iter().map(|t| t.get()).collect();
    Some(
        record
            .cards
            .iter()
            .enumerate()
            .map(|(i, &(seat, _))| {
                let (before, after) = (counts.get(i).copied(), counts.get(i + 1).copied());
                let (Some(before), Some(after)) = (before, after) else {
                    return 0;
                };
                // The counts are declarer's tricks: declarer's side loses by a fall, the
                // defenders by a rise.
                if seat.same_side(declarer) {
                    before.saturating_sub(after)
                } else {
                    after.saturating_sub(before)
                }
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::{Hand, Rank, Suit};

    /// North holds all the spades, East the hearts, South the diamonds, West the clubs.
    fn suits_deal() -> Deal {
        let mut hands = [None; 4];
        for (seat, suit) in Seat::ALL.into_iter().zip(Suit::ALL) {
            let mut hand = Hand::EMPTY;
            for rank in Rank::ALL {
                hand.insert(Card::new(suit, rank));
            }
            hands[seat.index()] = Some(hand);
        }
        Deal::from_hands(hands)
    }

    #[test]
    fn when_every_card_is_as_good_as_another_none_costs_anything() {
        // Each player holds one whole suit. South declares no trump and West leads: West's
        // clubs take every trick whatever anyone plays, so no card gives anything away. (A card
        // that does is tested on a real played deal in `ide::play_analysis`.)
        let deal = suits_deal();
        let record = PlayRecord {
            deal,
            denomination: Denomination::NoTrump,
            leader: Seat::West,
            cards: vec![
                (Seat::West, Card::new(Suit::Clubs, Rank::Ace)),
                (Seat::North, Card::new(Suit::Spades, Rank::Two)),
                (Seat::East, Card::new(Suit::Hearts, Rank::Two)),
                (Seat::South, Card::new(Suit::Diamonds, Rank::Two)),
            ],
        };
        let costs = std::thread::Builder::new()
            .stack_size(super::super::SOLVER_STACK)
            .spawn(move || {
                let mut solver = pons_dds::Solver::new(cb::Strain::Notrump);
                trick_costs(&mut solver, &record)
            })
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(costs, Some(vec![0, 0, 0, 0]));
    }

    #[test]
    fn a_card_not_held_gives_no_analysis() {
        let record = PlayRecord {
            deal: suits_deal(),
            denomination: Denomination::NoTrump,
            leader: Seat::West,
            cards: vec![(Seat::West, Card::new(Suit::Spades, Rank::Ace))],
        };
        let mut solver = pons_dds::Solver::new(cb::Strain::Notrump);
        assert_eq!(trick_costs(&mut solver, &record), None);
    }
}
