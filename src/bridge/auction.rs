//! The auction as a state machine that records calls, legal or not.
//!
//! The checker must describe what a file says, so [`Auction::push`] records
//! every call and reports, rather than refuses, an illegal one. How an
//! illegal call affects the state afterwards:
//!
//! * an insufficient bid stands as the latest bid (as it would if it had been
//!   accepted), so later bids are compared with it and it can become the
//!   contract;
//! * an inadmissible double or redouble does not change the risk, but it is
//!   not a pass either, so it interrupts a run of passes;
//! * a call after the auction has ended is recorded and otherwise ignored.

use super::call::{Bid, Call, Contract, Risk};
use super::seat::Seat;
use std::fmt;

/// A call together with the seat that made it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AuctionCall {
    /// Who made the call.
    pub seat: Seat,
    /// The call itself.
    pub call: Call,
}

/// Why a call is not allowed at this point of the auction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CallError {
    /// The bid is not higher than the latest bid.
    Insufficient {
        /// The offending bid.
        bid: Bid,
        /// The latest bid before it.
        last: Bid,
    },
    /// Double when nobody has bid yet.
    DoubleWithoutBid,
    /// Double of a bid made by the caller's own side (normally partner).
    DoubleOfPartner,
    /// Double of a bid that is already doubled or redoubled.
    DoubleOfDoubled,
    /// Redouble when the latest bid has not been doubled.
    RedoubleWithoutDouble,
    /// Redouble of a double made by the caller's own side.
    RedoubleOfOwnDouble,
    /// Redouble of a bid that is already redoubled.
    RedoubleOfRedoubled,
    /// Any call after the auction has ended.
    AfterEnd,
}

impl fmt::Display for CallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CallError::Insufficient { bid, last } => write!(
                f,
                "{} is insufficient after {}",
                bid.symbolic(),
                last.symbolic()
            ),
            CallError::DoubleWithoutBid => f.write_str("cannot double before anyone has bid"),
            CallError::DoubleOfPartner => f.write_str("cannot double partner's bid"),
            CallError::DoubleOfDoubled => {
                f.write_str("cannot double a bid that is already doubled")
            }
            CallError::RedoubleWithoutDouble => {
                f.write_str("cannot redouble: the opponents have not doubled")
            }
            CallError::RedoubleOfOwnDouble => f.write_str("cannot redouble your own side's double"),
            CallError::RedoubleOfRedoubled => f.write_str("the bid is already redoubled"),
            CallError::AfterEnd => f.write_str("the auction has already ended"),
        }
    }
}

impl std::error::Error for CallError {}

/// The auction of one board: who is to call, what has been called, and the
/// contract it leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Auction {
    dealer: Seat,
    calls: Vec<AuctionCall>,
    turn: Seat,
    /// Latest bid and who made it.
    last_bid: Option<(Seat, Bid)>,
    risk: Risk,
    /// Consecutive passes at the end of the calls so far.
    passes: u8,
    /// Number of calls (from the start) that belong to the finished auction.
    finished_at: Option<usize>,
}

impl Auction {
    /// An empty auction with `dealer` to call first.
    pub fn new(dealer: Seat) -> Auction {
        Auction {
            dealer,
            // Room for a usual auction: growing from empty cost three reallocations.
            calls: Vec::with_capacity(16),
            turn: dealer,
            last_bid: None,
            risk: Risk::Undoubled,
            passes: 0,
            finished_at: None,
        }
    }

    /// The dealer, who made (or makes) the first call.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// All recorded calls in order, including illegal ones and any after the end.
    pub fn calls(&self) -> &[AuctionCall] {
        &self.calls
    }

    /// The seat whose turn it is to call.
    pub fn next_to_call(&self) -> Seat {
        self.turn
    }

    /// Whether the auction is over: three passes after a bid, or four passes.
    pub fn is_finished(&self) -> bool {
        self.finished_at.is_some()
    }

    /// Whether the auction ended with four passes and no bid.
    pub fn is_passed_out(&self) -> bool {
        self.is_finished() && self.last_bid.is_none()
    }

    /// The latest bid so far and who made it.
    pub fn last_bid(&self) -> Option<(Seat, Bid)> {
        self.last_bid
    }

    /// Whether the latest bid stands undoubled, doubled or redoubled.
    pub fn risk(&self) -> Risk {
        self.risk
    }

    /// Whether `call` would be legal for the player to call next.
    pub fn check(&self, call: Call) -> Result<(), CallError> {
        if self.is_finished() {
            return Err(CallError::AfterEnd);
        }
        let caller = self.turn;
        match call {
            Call::Pass => Ok(()),
            Call::Bid(bid) => match self.last_bid {
                Some((_, last)) if bid <= last => Err(CallError::Insufficient { bid, last }),
                _ => Ok(()),
            },
            Call::Double => match self.last_bid {
                None => Err(CallError::DoubleWithoutBid),
                Some((bidder, _)) if bidder.same_side(caller) => Err(CallError::DoubleOfPartner),
                Some(_) if self.risk != Risk::Undoubled => Err(CallError::DoubleOfDoubled),
                Some(_) => Ok(()),
            },
            Call::Redouble => match (self.last_bid, self.risk) {
                (None, _) | (Some(_), Risk::Undoubled) => Err(CallError::RedoubleWithoutDouble),
                (Some(_), Risk::Redoubled) => Err(CallError::RedoubleOfRedoubled),
                (Some((bidder, _)), Risk::Doubled) if !bidder.same_side(caller) => {
                    Err(CallError::RedoubleOfOwnDouble)
                }
                (Some(_), Risk::Doubled) => Ok(()),
            },
        }
    }

    /// Records `call` for the player to call next, even if it is illegal,
    /// and returns what [`Auction::check`] said about it.
    pub fn push(&mut self, call: Call) -> Result<(), CallError> {
        let verdict = self.check(call);
        self.record(call, verdict.is_ok());
        verdict
    }

    /// Records a call whose insufficiency was condoned (PBN `^I`): an
    /// insufficient bid is accepted without error; other errors are reported.
    pub fn push_condoned(&mut self, call: Call) -> Result<(), CallError> {
        match self.push(call) {
            Err(CallError::Insufficient { .. }) => Ok(()),
            other => other,
        }
    }

    /// Passes the turn to the next player without a call (PBN `^S`).
    pub fn skip_turn(&mut self) {
        self.turn = self.turn.next();
        // Passes end the auction only from three (or four) players in turn: a skipped turn
        // breaks the run, as the reference verifier reads it.
        self.passes = 0;
    }

    fn record(&mut self, call: Call, legal: bool) {
        let seat = self.turn;
        self.calls.push(AuctionCall { seat, call });
        self.turn = seat.next();
        if self.is_finished() {
            return;
        }
        match call {
            Call::Pass => self.passes = self.passes.saturating_add(1),
            Call::Bid(bid) => {
                self.last_bid = Some((seat, bid));
                self.risk = Risk::Undoubled;
                self.passes = 0;
            }
            Call::Double => {
                self.passes = 0;
                if legal {
                    self.risk = Risk::Doubled;
                }
            }
            Call::Redouble => {
                self.passes = 0;
                if legal {
                    self.risk = Risk::Redoubled;
                }
            }
        }
        let needed = if self.last_bid.is_some() { 3 } else { 4 };
        if self.passes >= needed {
            self.finished_at = Some(self.calls.len());
        }
    }

    /// Calls that are legal for the player to call next: Pass, then X and XX
    /// when allowed, then every sufficient bid in ascending order.
    pub fn legal_calls(&self) -> Vec<Call> {
        if self.is_finished() {
            return Vec::new();
        }
        let mut calls: Vec<Call> = [Call::Pass, Call::Double, Call::Redouble]
            .into_iter()
            .filter(|&call| self.check(call).is_ok())
            .collect();
        let first = self.last_bid.map_or(0, |(_, last)| last.index() + 1);
        calls.extend((first..35).filter_map(Bid::from_index).map(Call::Bid));
        calls
    }

    /// The contract, once the auction has finished with a bid.
    pub fn final_contract(&self) -> Option<Contract> {
        if !self.is_finished() {
            return None;
        }
        let (_, bid) = self.last_bid?;
        Some(Contract {
            bid,
            risk: self.risk,
        })
    }

    /// Once finished with a bid: the first player of the declaring side to
    /// have bid the final denomination.
    pub fn declarer(&self) -> Option<Seat> {
        let end = self.finished_at?;
        let (last_bidder, last) = self.last_bid?;
        self.calls
            .iter()
            .take(end)
            .find(|entry| {
                entry.seat.same_side(last_bidder)
                    && matches!(entry.call, Call::Bid(b) if b.denomination() == last.denomination())
            })
            .map(|entry| entry.seat)
    }
}

#[cfg(test)]
mod tests {
    use super::super::call::{bid, Denomination};
    use super::*;

    fn b(s: &str) -> Call {
        Call::Bid(bid(s))
    }

    fn run(dealer: Seat, calls: &[Call]) -> (Auction, Vec<Result<(), CallError>>) {
        let mut auction = Auction::new(dealer);
        let verdicts = calls.iter().map(|&c| auction.push(c)).collect();
        (auction, verdicts)
    }

    const P: Call = Call::Pass;
    const X: Call = Call::Double;
    const XX: Call = Call::Redouble;

    #[test]
    fn simple_auction_ends_after_three_passes() {
        let (a, v) = run(Seat::North, &[b("1NT"), P, b("3NT"), P, P]);
        assert!(v.iter().all(Result::is_ok));
        assert!(!a.is_finished());
        assert_eq!(a.final_contract(), None);
        assert_eq!(a.next_to_call(), Seat::East);
        let (a, _) = run(Seat::North, &[b("1NT"), P, b("3NT"), P, P, P]);
        assert!(a.is_finished());
        assert!(!a.is_passed_out());
        assert_eq!(
            a.final_contract(),
            Contract::new(3, Denomination::NoTrump, Risk::Undoubled)
        );
        assert_eq!(a.declarer(), Some(Seat::North));
        assert_eq!(a.calls()[2].seat, Seat::South);
        assert!(a.legal_calls().is_empty());
    }

    #[test]
    fn passed_out() {
        let (a, _) = run(Seat::East, &[P, P, P]);
        assert!(!a.is_finished());
        let (mut a, _) = run(Seat::East, &[P, P, P, P]);
        assert!(a.is_finished());
        assert!(a.is_passed_out());
        assert_eq!(a.final_contract(), None);
        assert_eq!(a.declarer(), None);
        assert_eq!(a.push(P), Err(CallError::AfterEnd));
        assert_eq!(a.calls().len(), 5);
        assert!(a.is_passed_out());
    }

    #[test]
    fn three_passes_then_bid_is_not_the_end() {
        let (a, v) = run(Seat::North, &[P, P, P, b("1S"), P, P, P]);
        assert!(v.iter().all(Result::is_ok));
        assert_eq!(a.declarer(), Some(Seat::West));
        assert_eq!(
            a.final_contract(),
            Contract::new(1, Denomination::Spades, Risk::Undoubled)
        );
    }

    #[test]
    fn insufficient_bid() {
        let (a, v) = run(Seat::North, &[b("2C"), b("1H")]);
        let err = CallError::Insufficient {
            bid: bid("1H"),
            last: bid("2C"),
        };
        assert_eq!(v[1], Err(err));
        assert_eq!(err.to_string(), "1♥ is insufficient after 2♣");
        // The insufficient bid stands: 1S is sufficient over it.
        assert_eq!(a.check(b("1S")), Ok(()));
        assert_eq!(a.last_bid(), Some((Seat::East, bid("1H"))));
        let same = Auction::new(Seat::North);
        let mut same = same;
        same.push(b("1H")).ok();
        assert!(matches!(
            same.check(b("1H")),
            Err(CallError::Insufficient { .. })
        ));
    }

    #[test]
    fn condoned_insufficient_bid() {
        let mut a = Auction::new(Seat::North);
        assert_eq!(a.push(b("2C")), Ok(()));
        assert_eq!(a.push_condoned(b("1H")), Ok(()));
        assert_eq!(a.push(P), Ok(()));
        // Condoning covers insufficiency only: West doubling partner is still wrong.
        assert_eq!(a.push_condoned(X), Err(CallError::DoubleOfPartner));
        for _ in 0..3 {
            assert_eq!(a.push(P), Ok(()));
        }
        assert_eq!(
            a.final_contract(),
            Contract::new(1, Denomination::Hearts, Risk::Undoubled)
        );
        assert_eq!(a.declarer(), Some(Seat::East));
    }

    #[test]
    fn doubles() {
        let a = Auction::new(Seat::North);
        assert_eq!(a.check(X), Err(CallError::DoubleWithoutBid));
        assert_eq!(a.check(XX), Err(CallError::RedoubleWithoutDouble));

        // N 1S, E pass, S double: double of partner.
        let (a, v) = run(Seat::North, &[b("1S"), P, X]);
        assert_eq!(v[2], Err(CallError::DoubleOfPartner));
        assert_eq!(
            CallError::DoubleOfPartner.to_string(),
            "cannot double partner's bid"
        );
        assert_eq!(a.risk(), Risk::Undoubled);

        // N 1S, E X, S XX is fine; W X again is not.
        let (a, v) = run(Seat::North, &[b("1S"), X, XX]);
        assert!(v.iter().all(Result::is_ok));
        assert_eq!(a.risk(), Risk::Redoubled);
        assert_eq!(a.check(X), Err(CallError::DoubleOfDoubled));
        assert_eq!(a.check(XX), Err(CallError::RedoubleOfRedoubled));

        // N 1S, E X, S P, W XX: redoubling own side's double.
        let (_, v) = run(Seat::North, &[b("1S"), X, P, XX]);
        assert_eq!(v[3], Err(CallError::RedoubleOfOwnDouble));

        // N 1S, E X, S P, W P, N XX: the bidder may redouble.
        let (a, v) = run(Seat::North, &[b("1S"), X, P, P, XX, P, P, P]);
        assert!(v.iter().all(Result::is_ok));
        assert_eq!(
            a.final_contract(),
            Contract::new(1, Denomination::Spades, Risk::Redoubled)
        );

        // N 1S, E X, S P, W P, N P: doubled contract; W doubling again is wrong.
        let (a, v) = run(Seat::North, &[b("1S"), X, P, P, P]);
        assert!(v.iter().all(Result::is_ok));
        assert_eq!(
            a.final_contract(),
            Contract::new(1, Denomination::Spades, Risk::Doubled)
        );

        // A new bid wipes out the double.
        let (a, _) = run(Seat::North, &[b("1S"), X, b("2S")]);
        assert_eq!(a.risk(), Risk::Undoubled);
        assert_eq!(a.check(X), Ok(()));
        // Double of a bid by the opponents after two passes is allowed.
        let (a, _) = run(Seat::North, &[b("1S"), P, P]);
        assert_eq!(a.next_to_call(), Seat::West);
        assert_eq!(a.check(X), Ok(()));
    }

    #[test]
    fn illegal_double_interrupts_passes() {
        let (a, v) = run(Seat::North, &[b("1S"), P, X, P, P]);
        assert_eq!(v[2], Err(CallError::DoubleOfPartner));
        assert!(!a.is_finished());
        assert_eq!(a.risk(), Risk::Undoubled);
    }

    #[test]
    fn declarer_is_first_of_side_to_name_the_denomination() {
        // N 1H, S 4H: North declares although South bid the final contract.
        let (a, _) = run(Seat::North, &[b("1H"), P, b("4H"), P, P, P]);
        assert_eq!(a.declarer(), Some(Seat::North));
        // W deals; E bids hearts first, W raises; the opponents' hearts don't count.
        let calls = [
            P,
            b("1H"), // N
            b("2H"), // E (cue bid)
            P,       // S
            b("3H"), // W
            P,
            b("4H"), // E
            P,
            P,
            P,
        ];
        let (a, v) = run(Seat::West, &calls);
        assert!(v.iter().all(Result::is_ok));
        assert_eq!(a.declarer(), Some(Seat::East));
        // Partner introduced the denomination first.
        let (a, _) = run(
            Seat::South,
            &[b("1C"), P, b("1S"), P, b("2S"), P, b("4S"), P, P, P],
        );
        assert_eq!(a.declarer(), Some(Seat::North));
    }

    #[test]
    fn skipped_turn() {
        let mut a = Auction::new(Seat::North);
        a.push(b("1C")).ok();
        a.skip_turn();
        assert_eq!(a.next_to_call(), Seat::South);
        assert_eq!(a.check(X), Err(CallError::DoubleOfPartner));
        a.push(b("1D")).ok();
        assert_eq!(a.calls()[1].seat, Seat::South);
        assert_eq!(a.next_to_call(), Seat::West);
        // West and North pass, East's turn is skipped, South passes: not three in turn.
        a.push(Call::Pass).ok();
        a.push(Call::Pass).ok();
        a.skip_turn();
        a.push(Call::Pass).ok();
        assert!(!a.is_finished());
        a.push(Call::Pass).ok();
        a.push(Call::Pass).ok();
        assert!(a.is_finished());
    }

    #[test]
    fn legal_calls_for_completion() {
        let a = Auction::new(Seat::North);
        let calls = a.legal_calls();
        assert_eq!(calls.len(), 36);
        assert_eq!(calls[0], P);
        assert_eq!(calls[1], b("1C"));

        let (a, _) = run(Seat::North, &[b("7S")]);
        assert_eq!(a.legal_calls(), vec![P, X, b("7NT")]);
        let (a, _) = run(Seat::North, &[b("7NT"), X]);
        assert_eq!(a.legal_calls(), vec![P, XX]);
        let (a, _) = run(Seat::North, &[b("7NT"), X, XX]);
        assert_eq!(a.legal_calls(), vec![P]);
    }

    #[test]
    fn error_messages() {
        for err in [
            CallError::DoubleWithoutBid,
            CallError::DoubleOfDoubled,
            CallError::RedoubleWithoutDouble,
            CallError::RedoubleOfOwnDouble,
            CallError::RedoubleOfRedoubled,
            CallError::AfterEnd,
        ] {
            assert!(!err.to_string().is_empty());
        }
    }
}
