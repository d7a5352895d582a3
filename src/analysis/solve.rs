//! The double-dummy work over whole files: checking with the solver's tables at hand
//! (`solve_then_check`), and reading the games `kibitzer dd` writes results into.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::double_dummy::{DoubleDummyGame, Solutions, WrittenValue};
use super::CheckOptions;
use crate::bridge::Deal;
use crate::double_dummy::{solve_all, TrickTable};
use crate::syntax::SyntaxKind;

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

/// The games of a PBN text read for `kibitzer dd` (ranges in the text; tag values as written,
/// since the results are written where they stand).
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
        let board = crate::model::board::read_sections(&game, &inherited);
        inherited.advance(&game);
        let value_of = |name: &str| {
            game.tag_pairs()
                .filter(|t| {
                    t.syntax()
                        .parent()
                        .is_some_and(|p| p.kind() == SyntaxKind::GAME)
                })
                .find(|t| t.is_named(name))
                .and_then(|t| t.raw_value())
                .map(|(text, range)| WrittenValue { text, range })
        };
        games.push(DoubleDummyGame::read(
            &game,
            &board.context,
            range.start(),
            value_of,
        ));
    }
    games
}
