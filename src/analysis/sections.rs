//! The seam to the auction and play checks (`auction.rs`, `play.rs`), which are written on
//! their own branch. Until they land, these do nothing; then they call
//! `check_auction` / `check_play` and hand back their models.

use super::context::GameContext;
use super::Diagnostic;
use crate::syntax::ast::Section;

/// Checks an Auction section (A codes, G codes on calls).
pub(crate) fn auction(section: &Section, context: &GameContext, out: &mut Vec<Diagnostic>) {
    let _ = (section, context, out);
}

/// Checks a Play section (P codes, G codes on cards).
pub(crate) fn play(section: &Section, context: &GameContext, out: &mut Vec<Diagnostic>) {
    let _ = (section, context, out);
}
