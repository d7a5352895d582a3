//! Where the PBN checker reads a game's Auction and Play sections into its [`BoardModel`],
//! reporting the problems of reading as it goes; the rules judge them afterwards (`rules.rs`).

use super::misreading;
use crate::diagnostic::Diagnostic;
use crate::model::pbn::auction::lower_auction;
use crate::model::pbn::context::{play_facts, BoardModel};
use crate::model::pbn::play::lower_play;
use crate::syntax::ast::Section;

/// Reads an Auction section into `board` (the first is the board's auction; a repeated one is
/// kept to be judged as well).
pub(crate) fn auction(section: &Section, board: &mut BoardModel, out: &mut Vec<Diagnostic>) {
    let mut misreadings = Vec::new();
    let model = lower_auction(section, board.context.dealer, &mut misreadings);
    misreading::report(&misreadings, out);
    match board.auction {
        None => board.auction = Some(model),
        Some(_) => board.later_auctions.push(model),
    }
}

/// Reads a Play section into `board`, against the tags and the auction read before it.
pub(crate) fn play(section: &Section, board: &mut BoardModel, out: &mut Vec<Diagnostic>) {
    let facts = play_facts(&board.context, board.auction.as_ref());
    let mut misreadings = Vec::new();
    let model = lower_play(section, &facts, &mut misreadings);
    misreading::report(&misreadings, out);
    match board.play {
        None => board.play = Some(model),
        Some(_) => board.later_plays.push(model),
    }
}
