//! The double-dummy work over whole files: checking with the solver's tables at hand
//! ([`solve_then_check`]), and reading the games `kibitzer dd` writes results into.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::double_dummy::{content_end, section_extent, table_section_text, Solutions};
use super::CheckOptions;
use crate::bridge::{Deal, Seat, Vulnerability};
use crate::diagnostic::TextEdit;
use crate::double_dummy::tags::{write_optimum_score, write_par_contracts};
use crate::double_dummy::{par_for, solve_all, Par, TrickTable};
use crate::model::values::newline_of;
use crate::syntax::{SyntaxKind, TextRange, TextSize};

/// Runs `check` with the double-dummy checks on, solving first: a first run gathers the deals
/// the checks ask about, [`crate::double_dummy::solve_all`] solves them in one batch on every
/// core, and a second run checks against the tables.
pub(crate) fn solve_then_check<R>(options: &CheckOptions, check: impl Fn(&CheckOptions) -> R) -> R {
    let asked: Arc<Mutex<Vec<Deal>>> = Arc::default();
    let gather = {
        let asked = asked.clone();
        Solutions::new(move |deal| {
            if let Ok(mut asked) = asked.lock() {
                asked.push(*deal);
            }
            None
        })
    };
    let first = CheckOptions {
        double_dummy: Some(gather),
        ..options.clone()
    };
    let _ = check(&first);
    let mut deals = std::mem::take(&mut *asked.lock().unwrap_or_else(|e| e.into_inner()));
    deals.sort_unstable_by_key(|d| d.hands.map(|h| h.map(|h| h.bits())));
    deals.dedup();
    let tables: HashMap<Deal, TrickTable> = deals
        .iter()
        .zip(solve_all(&deals))
        .filter_map(|(deal, table)| Some((*deal, table?)))
        .collect();
    let solved = Solutions::new(move |deal| tables.get(deal).copied());
    check(&CheckOptions {
        double_dummy: Some(solved),
        ..options.clone()
    })
}

/// One game's double-dummy facts and where its results are written, for `kibitzer dd`.
#[derive(Debug, Clone)]
pub struct DoubleDummyGame {
    /// The game's Board tag.
    pub board: Option<String>,
    /// The hands, when the Deal is valid and complete.
    pub deal: Option<Deal>,
    /// The dealer, when readable.
    pub dealer: Option<Seat>,
    /// The vulnerability, when readable.
    pub vulnerability: Option<Vulnerability>,
    /// Where the values of `OptimumScore`, `ParContract` and `DoubleDummyTricks` stand.
    score: Option<TextRange>,
    par_contract: Option<TextRange>,
    tricks: Option<TextRange>,
    /// The `OptimumResultTable` section's extent and column spec.
    table: Option<(TextRange, String)>,
    /// The end of the game's last token (where new results go).
    end: TextSize,
    newline: &'static str,
}

impl DoubleDummyGame {
    /// The par for the game's vulnerability and dealer (either side first when the dealer is
    /// unknown), when its vulnerability is known.
    pub fn par(&self, table: &TrickTable) -> Option<Par> {
        Some(par_for(table, self.vulnerability?, self.dealer))
    }

    /// The edits that write `table` into the game: `OptimumResultTable` and `OptimumScore`
    /// added or updated, `DoubleDummyTricks` and `ParContract` updated where the game has them.
    pub fn edits(&self, table: &TrickTable) -> Vec<TextEdit> {
        let nl = self.newline;
        let par = self.par(table);
        let mut edits = Vec::new();
        let mut replace = |range: TextRange, new_text: String| {
            edits.push(TextEdit { range, new_text });
        };
        if let Some(range) = self.tricks {
            replace(range, crate::double_dummy::tags::write_tricks(table));
        }
        let score_text = par.as_ref().map(write_optimum_score);
        let mut score_line = String::new();
        match (self.score, &score_text) {
            (Some(range), Some(text)) => replace(range, text.clone()),
            (None, Some(text)) => score_line = format!("[OptimumScore \"{text}\"]{nl}"),
            _ => {}
        }
        if let (Some(range), Some(par)) = (self.par_contract, &par) {
            replace(range, write_par_contracts(par));
        }
        match &self.table {
            Some((extent, spec)) => replace(
                *extent,
                format!("{score_line}{}", table_section_text(table, Some(spec), nl)),
            ),
            None => replace(
                TextRange::empty(self.end),
                format!("{nl}{score_line}{}", table_section_text(table, None, nl)),
            ),
        }
        edits.sort_by_key(|e| (e.range.start(), e.range.end()));
        edits
    }
}

/// The games of a PBN text with what `kibitzer dd` needs of each (ranges in the text).
pub fn double_dummy_games(text: &str) -> Vec<DoubleDummyGame> {
    let parse = crate::syntax::Parse::new(text);
    let mut inherited = crate::model::Inheritance::default();
    let mut games = Vec::new();
    for (index, element) in parse.children().iter().enumerate() {
        let (Some(green), Some(range)) = (element.as_node(), parse.child_range(index)) else {
            continue;
        };
        let node = crate::syntax::SyntaxNode::new_root(green.clone());
        let Some(game) = crate::syntax::pbn::ast::Game::cast(node) else {
            continue;
        };
        // Read quietly, as every reader does: `dd` wants the game's meaning, not its findings.
        let board = crate::model::board::context::read_sections(&game, &inherited);
        inherited.advance(&game);
        let ctx = &board.context;
        let at = |r: TextRange| r + range.start();
        let value_of = |name: &str| {
            game.tag_pairs()
                .filter(|t| {
                    t.syntax()
                        .parent()
                        .is_some_and(|p| p.kind() == SyntaxKind::GAME)
                })
                .find(|t| t.is_named(name))
                .and_then(|t| t.raw_value())
        };
        let table = game
            .sections()
            .find(|s| s.tag().is_some_and(|t| t.is_named("OptimumResultTable")))
            .map(|s| {
                let spec = s.tag().and_then(|t| t.raw_value()).map(|v| v.0);
                (at(section_extent(&s)), spec.unwrap_or_default())
            });
        let end = content_end(game.syntax());
        games.push(DoubleDummyGame {
            board: value_of("Board").map(|v| v.0),
            deal: ctx.deal.filter(|d| ctx.deal_is_valid && d.is_complete()),
            dealer: ctx.dealer,
            vulnerability: ctx.vulnerability,
            score: value_of("OptimumScore").map(|v| at(v.1)),
            par_contract: value_of("ParContract").map(|v| at(v.1)),
            tricks: value_of("DoubleDummyTricks").map(|v| at(v.1)),
            table,
            end: at(TextRange::empty(end)).start(),
            newline: newline_of(game.syntax()),
        });
    }
    games
}
