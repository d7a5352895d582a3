//! Conversions from our types into the `contract-bridge` crate's types.
//!
//! Only the direction that cannot fail is provided for ranks, cards, hands,
//! bids and contracts: our types guarantee valid values, whereas the crate's
//! constructors panic on bad input, so going the other way would need
//! fallbacks nobody currently needs.

use super::board::Vulnerability;
use super::call::{Bid, Contract, Denomination, Risk};
use super::cards::{Card, Hand, Rank, Suit};
use super::seat::Seat;
use contract_bridge as cb;

impl From<Seat> for cb::Seat {
    fn from(seat: Seat) -> cb::Seat {
        match seat {
            Seat::North => cb::Seat::North,
            Seat::East => cb::Seat::East,
            Seat::South => cb::Seat::South,
            Seat::West => cb::Seat::West,
        }
    }
}

impl From<cb::Seat> for Seat {
    fn from(seat: cb::Seat) -> Seat {
        match seat {
            cb::Seat::North => Seat::North,
            cb::Seat::East => Seat::East,
            cb::Seat::South => Seat::South,
            cb::Seat::West => Seat::West,
        }
    }
}

impl From<Suit> for cb::Suit {
    fn from(suit: Suit) -> cb::Suit {
        match suit {
            Suit::Spades => cb::Suit::Spades,
            Suit::Hearts => cb::Suit::Hearts,
            Suit::Diamonds => cb::Suit::Diamonds,
            Suit::Clubs => cb::Suit::Clubs,
        }
    }
}

impl From<cb::Suit> for Suit {
    fn from(suit: cb::Suit) -> Suit {
        match suit {
            cb::Suit::Spades => Suit::Spades,
            cb::Suit::Hearts => Suit::Hearts,
            cb::Suit::Diamonds => Suit::Diamonds,
            cb::Suit::Clubs => Suit::Clubs,
        }
    }
}

impl From<Denomination> for cb::Strain {
    fn from(d: Denomination) -> cb::Strain {
        match d {
            Denomination::Clubs => cb::Strain::Clubs,
            Denomination::Diamonds => cb::Strain::Diamonds,
            Denomination::Hearts => cb::Strain::Hearts,
            Denomination::Spades => cb::Strain::Spades,
            Denomination::NoTrump => cb::Strain::Notrump,
        }
    }
}

impl From<cb::Strain> for Denomination {
    fn from(s: cb::Strain) -> Denomination {
        match s {
            cb::Strain::Clubs => Denomination::Clubs,
            cb::Strain::Diamonds => Denomination::Diamonds,
            cb::Strain::Hearts => Denomination::Hearts,
            cb::Strain::Spades => Denomination::Spades,
            cb::Strain::Notrump => Denomination::NoTrump,
        }
    }
}

impl From<Risk> for cb::Penalty {
    fn from(risk: Risk) -> cb::Penalty {
        match risk {
            Risk::Undoubled => cb::Penalty::Undoubled,
            Risk::Doubled => cb::Penalty::Doubled,
            Risk::Redoubled => cb::Penalty::Redoubled,
        }
    }
}

impl From<cb::Penalty> for Risk {
    fn from(p: cb::Penalty) -> Risk {
        match p {
            cb::Penalty::Undoubled => Risk::Undoubled,
            cb::Penalty::Doubled => Risk::Doubled,
            cb::Penalty::Redoubled => Risk::Redoubled,
        }
    }
}

impl From<Vulnerability> for cb::AbsoluteVulnerability {
    fn from(v: Vulnerability) -> cb::AbsoluteVulnerability {
        match v {
            Vulnerability::None => cb::AbsoluteVulnerability::NONE,
            Vulnerability::NS => cb::AbsoluteVulnerability::NS,
            Vulnerability::EW => cb::AbsoluteVulnerability::EW,
            Vulnerability::All => cb::AbsoluteVulnerability::ALL,
        }
    }
}

// Built at compile time, so the crate's panicking constructors cannot fire at run time.
const RANKS: [cb::Rank; 13] = [
    cb::Rank::new(2),
    cb::Rank::new(3),
    cb::Rank::new(4),
    cb::Rank::new(5),
    cb::Rank::new(6),
    cb::Rank::new(7),
    cb::Rank::new(8),
    cb::Rank::new(9),
    cb::Rank::new(10),
    cb::Rank::new(11),
    cb::Rank::new(12),
    cb::Rank::new(13),
    cb::Rank::new(14),
];

const LEVELS: [cb::Level; 7] = [
    cb::Level::new(1),
    cb::Level::new(2),
    cb::Level::new(3),
    cb::Level::new(4),
    cb::Level::new(5),
    cb::Level::new(6),
    cb::Level::new(7),
];

impl From<Rank> for cb::Rank {
    fn from(rank: Rank) -> cb::Rank {
        // `Rank::value` is 2..=14 by construction.
        RANKS[usize::from(rank.value().clamp(2, 14) - 2)]
    }
}

impl From<Card> for cb::Card {
    fn from(card: Card) -> cb::Card {
        cb::Card {
            suit: card.suit.into(),
            rank: card.rank.into(),
        }
    }
}

impl From<Hand> for cb::Hand {
    fn from(hand: Hand) -> cb::Hand {
        hand.iter().map(cb::Card::from).collect()
    }
}

impl From<Bid> for cb::Bid {
    fn from(bid: Bid) -> cb::Bid {
        // `Bid::level` is 1..=7 by construction.
        cb::Bid {
            level: LEVELS[usize::from(bid.level().clamp(1, 7) - 1)],
            strain: bid.denomination().into(),
        }
    }
}

impl From<Contract> for cb::Contract {
    fn from(contract: Contract) -> cb::Contract {
        cb::Contract {
            bid: contract.bid.into(),
            penalty: contract.risk.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::cards::hand;
    use super::*;

    #[test]
    fn conversions_agree() {
        for seat in Seat::ALL {
            assert_eq!(Seat::from(cb::Seat::from(seat)), seat);
            assert_eq!(cb::Seat::from(seat).partner(), seat.partner().into());
        }
        for suit in Suit::ALL {
            assert_eq!(Suit::from(cb::Suit::from(suit)), suit);
            assert_eq!(cb::Suit::from(suit).letter(), suit.letter());
        }
        for d in Denomination::ALL {
            assert_eq!(Denomination::from(cb::Strain::from(d)), d);
        }
        for rank in Rank::ALL {
            assert_eq!(cb::Rank::from(rank).get(), rank.value());
            assert_eq!(cb::Rank::from(rank).letter(), rank.letter());
        }
        for b in Bid::all() {
            let theirs = cb::Bid::from(b);
            assert_eq!(theirs.level.get(), b.level());
            assert_eq!(Denomination::from(theirs.strain), b.denomination());
        }
        let h = hand("AK2.QJ.T987.65");
        let theirs = cb::Hand::from(h);
        assert_eq!(theirs.len(), h.len());
        assert_eq!(theirs.to_string(), "AK2.QJ.T987.65");
        for risk in [Risk::Undoubled, Risk::Doubled, Risk::Redoubled] {
            assert_eq!(Risk::from(cb::Penalty::from(risk)), risk);
        }
        assert_eq!(
            cb::AbsoluteVulnerability::from(Vulnerability::NS),
            cb::AbsoluteVulnerability::NS
        );
    }
}
