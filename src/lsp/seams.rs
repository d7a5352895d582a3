//! Where the server meets the analysis and the formatter: the only place that calls them, so
//! that following their changes touches nothing else.
//!
//! Until the game-level analysis (`check_game`) lands, the auction and play checks run here on a
//! context read from the game's tags; the syntax errors come from the parse itself.

use super::config::Settings;
use crate::analysis::context::{GameContext, TagValue};
use crate::analysis::values::{read_seat, read_vulnerable};
use crate::analysis::{auction::check_auction, play::check_play, Diagnostic};
use crate::ide::model::lower;
use crate::syntax::ast::{Game, TagPair};
use crate::syntax::{SyntaxKind, SyntaxNode};

fn tag_value(tag: &TagPair) -> Option<TagValue> {
    let (_, range) = tag.raw_value()?;
    Some(TagValue {
        text: tag.value()?,
        range,
        tag_range: tag.syntax().text_range(),
    })
}

/// The diagnostics of one game (rooted at its start), beyond the syntax errors the parse gives.
pub fn game_diagnostics(game: &SyntaxNode, settings: &Settings) -> Vec<Diagnostic> {
    let Some(view) = Game::cast(game.clone()) else {
        return Vec::new();
    };
    let model = lower(game);
    let mut ctx = GameContext {
        export: settings.check_export,
        ..GameContext::default()
    };
    for tag in view.tag_pairs() {
        let slot = match tag.name().as_str() {
            "Dealer" => &mut ctx.dealer_tag,
            "Deal" => &mut ctx.deal_tag,
            "Declarer" => &mut ctx.declarer,
            "Contract" => &mut ctx.contract,
            "Result" => &mut ctx.result,
            _ => continue,
        };
        if slot.is_none() {
            *slot = tag_value(&tag);
        }
    }
    ctx.dealer = ctx
        .dealer_tag
        .as_ref()
        .and_then(|t| read_seat(t.text.trim()).map(|r| r.value));
    ctx.vulnerability = model
        .value("Vulnerable")
        .and_then(read_vulnerable)
        .map(|r| r.value);
    ctx.deal = model.deal;
    ctx.deal_is_valid = model
        .deal
        .is_some_and(|d| d.is_complete() && d.duplicated_cards().is_empty());
    let mut out = Vec::new();
    let mut auction = None;
    for section in view.sections() {
        match section.kind() {
            SyntaxKind::AUCTION_SECTION if auction.is_none() => {
                auction = Some(check_auction(&section, &ctx, &mut out));
            }
            SyntaxKind::PLAY_SECTION => {
                check_play(&section, &ctx, auction.as_ref(), &mut out);
            }
            _ => {}
        }
    }
    out
}

/// The whole text formatted, or `None` when formatting is unavailable or changes nothing.
pub fn format_text(_text: &str, _settings: &Settings) -> Option<String> {
    None
}

/// One game's text formatted, or `None` when it is left as it is.
pub fn format_game(_text: &str, _settings: &Settings) -> Option<String> {
    None
}
