//! The rules of contract bridge, independent of any file format.
//!
//! This module knows about seats, cards, hands, the auction, the play of the
//! cards, scoring and the board rotation. It knows nothing about text, spans
//! or syntax: the PBN analysis, hover and completion translate their syntax
//! into these types and ask questions in bridge terms.
//!
//! # Relation to the `contract-bridge` crate
//!
//! Scoring is delegated to [`contract_bridge::Contract::score`], which
//! implements the standard duplicate schedule; our own tests pin it down with
//! a table of known scores. The crate's other types do not fit our needs as a
//! public API, so the types here are written from scratch and can be
//! converted to and from the crate's (see the `compat` submodule):
//!
//! * its `Suit` and `Strain` order suits clubs-first, whereas PBN lists
//!   spades first, and we want that order for indexes and iteration;
//! * its `Rank`, `Level`, `Bid` and `Contract` constructors panic on values
//!   out of range, while every constructor here returns `Option`;
//! * its `Auction` refuses (or panics on) illegal calls and has no notion of
//!   a condoned insufficient bid or a skipped seat, while the checker must
//!   record what the file says and keep going;
//! * there is no play/trick tracking in the crate at all.

mod auction;
mod board;
mod call;
mod cards;
mod compat;
mod deal;
mod play;
#[cfg(test)]
mod proptests;
mod score;
mod seat;

/// Where `c` stands in `table` (the letters or symbols of an enum, in its order).
const fn position(table: &[char], c: char) -> Option<usize> {
    let mut i = 0;
    while i < table.len() {
        if table[i] == c {
            return Some(i);
        }
        i += 1;
    }
    None
}

pub use auction::{Auction, AuctionCall, CallError};
pub use board::{board_dealer, board_vulnerability, Vulnerability};
pub use call::{Bid, Call, Contract, Denomination, Risk};
pub use cards::{Card, Hand, HandIter, Rank, Suit};
pub use deal::Deal;
pub use play::{trick_winner, Play, PlayIssue, PlayedCard, Trick};
pub use score::{duplicate_score, imps};
pub use seat::Seat;
