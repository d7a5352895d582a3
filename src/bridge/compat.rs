//! Conversions from our types into the `contract-bridge` crate's types, for what the crate does
//! for us: scoring a contract ([`super::score`]). Only that direction, and only the types it
//! takes: our types guarantee valid values, whereas the crate's constructors panic on bad input.

use super::call::{Bid, Contract, Denomination, Risk};
use contract_bridge as cb;

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

impl From<Risk> for cb::Penalty {
    fn from(risk: Risk) -> cb::Penalty {
        match risk {
            Risk::Undoubled => cb::Penalty::Undoubled,
            Risk::Doubled => cb::Penalty::Doubled,
            Risk::Redoubled => cb::Penalty::Redoubled,
        }
    }
}

const LEVELS: [cb::Level; 7] = [
    cb::Level::new(1),
    cb::Level::new(2),
    cb::Level::new(3),
    cb::Level::new(4),
    cb::Level::new(5),
    cb::Level::new(6),
    cb::Level::new(7),
];

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
    use super::*;

    #[test]
    fn bids_and_contracts_convert_faithfully() {
        for b in Bid::all() {
            let theirs = cb::Bid::from(b);
            assert_eq!(theirs.level.get(), b.level());
            let strain = match b.denomination() {
                Denomination::Clubs => cb::Strain::Clubs,
                Denomination::Diamonds => cb::Strain::Diamonds,
                Denomination::Hearts => cb::Strain::Hearts,
                Denomination::Spades => cb::Strain::Spades,
                Denomination::NoTrump => cb::Strain::Notrump,
            };
            assert_eq!(theirs.strain, strain);
            for (risk, penalty) in [
                (Risk::Undoubled, cb::Penalty::Undoubled),
                (Risk::Doubled, cb::Penalty::Doubled),
                (Risk::Redoubled, cb::Penalty::Redoubled),
            ] {
                let contract = cb::Contract::from(Contract { bid: b, risk });
                assert_eq!((contract.bid, contract.penalty), (theirs, penalty));
            }
        }
    }
}
