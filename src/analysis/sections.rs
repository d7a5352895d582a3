//! Where the game-level analysis hands its Auction and Play sections to their own checks
//! (`auction.rs`, `play.rs`) and keeps the models they build.

use super::auction::check_auction;
use super::play::check_play;
use crate::diagnostic::Diagnostic;
use crate::model::pbn::auction::{lower_auction, AuctionModel};
use crate::model::pbn::context::{play_facts, GameContext};
use crate::model::pbn::play::{lower_play, PlayModel};
use crate::syntax::ast::Section;

/// The models of a game's Auction and Play sections (the first of each, when repeated).
#[derive(Debug, Clone, Default)]
pub struct SectionModels {
    /// The auction, if the game has an Auction section.
    pub auction: Option<AuctionModel>,
    /// The play, if the game has a Play section.
    pub play: Option<PlayModel>,
}

/// Checks an Auction section (A codes, G codes on calls) and keeps its model.
pub(crate) fn auction(
    section: &Section,
    context: &GameContext,
    models: &mut SectionModels,
    out: &mut Vec<Diagnostic>,
) {
    let model = lower_auction(section, context.dealer, out);
    check_auction(&model, context, out);
    models.auction.get_or_insert(model);
}

/// Checks a Play section (P codes, G codes on cards) against the auction and keeps its model.
pub(crate) fn play(
    section: &Section,
    context: &GameContext,
    models: &mut SectionModels,
    out: &mut Vec<Diagnostic>,
) {
    let facts = play_facts(context, models.auction.as_ref());
    let model = lower_play(section, &facts, out);
    check_play(&model, context, models.auction.as_ref(), out);
    models.play.get_or_insert(model);
}
