//! The bridge rules, each registered once with the codes it reports, and the one driver that
//! runs them over a board's model whatever notation it was read from: a PBN game
//! (`check.rs`), an RBN record or a LIN board (`board.rs`).
//!
//! A new rule is a function over [`Judged`] and a row in [`RULES`] (and its codes' rows in the
//! catalogue). What is about one notation's spelling (PBN's tags, sections and tables, RBN's
//! fields, LIN's pairs) is checked by that notation's checker, not here.

use super::auction::check_auction;
use super::cross::{check_cross, CrossTags, SectionFacts};
use super::deal::check_deal;
use super::play::{check_irregular_result, check_play};
use crate::diagnostic::{Code, Diagnostic};
use crate::model::board::context::BoardModel;

/// What the rules read: the board's model, and the descriptive tags the cross-checks compare
/// with it (the board number, vulnerability, score and scoring, each where it is written).
pub(crate) struct Judged<'a> {
    /// The board's model.
    pub board: &'a BoardModel,
    /// The descriptive tags.
    pub tags: CrossTags<'a>,
}

/// One rule: a function over the model and the codes it may report.
// The name and codes are read by the test that holds each rule to its codes.
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) struct Rule {
    /// What it judges, in a word.
    pub name: &'static str,
    /// The codes it may report (a test holds it to them).
    pub codes: &'static [Code],
    /// The rule.
    pub run: fn(&Judged<'_>, &mut Vec<Diagnostic>),
}

/// Every rule, in the order they run.
pub(crate) const RULES: &[Rule] = &[
    Rule {
        name: "deal",
        codes: &[
            Code::D203,
            Code::D204,
            Code::D205,
            Code::D206,
            Code::D207,
            Code::D208,
        ],
        run: deal,
    },
    Rule {
        name: "auction",
        codes: &[
            Code::A302,
            Code::A303,
            Code::A304,
            Code::A305,
            Code::A306,
            Code::A307,
            Code::A308,
            Code::A309,
            Code::A310,
            Code::A311,
        ],
        run: auction,
    },
    Rule {
        name: "play",
        codes: &[
            Code::P502,
            Code::P503,
            Code::P504,
            Code::P505,
            Code::P506,
            Code::P507,
            Code::P508,
            Code::P509,
            Code::P511,
        ],
        run: play,
    },
    Rule {
        name: "cross",
        codes: &[Code::X801, Code::X802, Code::X803, Code::X804, Code::X805],
        run: cross,
    },
];

/// Runs every rule over `judged`.
pub(crate) fn judge(judged: &Judged<'_>, out: &mut Vec<Diagnostic>) {
    for rule in RULES {
        (rule.run)(judged, out);
    }
}

/// The deal: every card once, thirteen to a hand, the export form.
fn deal(judged: &Judged<'_>, out: &mut Vec<Diagnostic>) {
    let context = &judged.board.context;
    if let Some(deal) = &judged.board.deal {
        // Only a PBN board keeps its tags in the source map.
        let pbn_tag = judged.board.map.tag("Deal").is_some();
        check_deal(deal, context.dealer, context.export, pbn_tag, out);
    }
}

/// Each auction: its calls, its end, and the contract tags against it.
fn auction(judged: &Judged<'_>, out: &mut Vec<Diagnostic>) {
    for auction in judged.board.auctions() {
        check_auction(auction, &judged.board.context, out);
    }
}

/// Each play: the lead, every card, and the result against it.
fn play(judged: &Judged<'_>, out: &mut Vec<Diagnostic>) {
    for play in judged.board.plays() {
        check_play(play, &judged.board.context, out);
    }
    check_irregular_result(judged.board.play.as_ref(), &judged.board.context, out);
}

/// The tags against each other and against the auction and play.
fn cross(judged: &Judged<'_>, out: &mut Vec<Diagnostic>) {
    let board = judged.board;
    let facts = SectionFacts {
        play_complete: board.play.as_ref().is_some_and(|p| p.complete),
        auction_passed_out: board
            .auction
            .as_ref()
            .is_some_and(|a| a.finished && a.passed_out),
    };
    check_cross(&judged.tags, &board.context, facts, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::board::cross_tags;
    use crate::analysis::{check_game, CheckOptions};
    use crate::model::tags::Inheritance;
    use crate::syntax::pbn::ast::Game;
    use crate::syntax::Parse;

    /// The models of every game and board of the corpus (PBN games as the checker reads them,
    /// RBN records and LIN boards as their checks read them), and whether each is of the latter.
    fn corpus_models() -> Vec<(BoardModel, bool)> {
        let mut models = Vec::new();
        for text in crate::testing::corpus_texts("pbn") {
            let parse = Parse::new(&text);
            let mut inherited = Inheritance::default();
            for game in parse.syntax().children().filter_map(Game::cast) {
                let report = check_game(&game, &inherited, &CheckOptions::default());
                inherited = report.inherited;
                models.push((report.board, false));
            }
        }
        let boards = crate::testing::corpus_boards().into_iter();
        models.extend(boards.map(|b| (b, true)));
        models
    }

    #[test]
    fn each_rule_reports_only_the_codes_it_registers() {
        let models = corpus_models();
        assert!(models.len() > 10_000, "{} models", models.len());
        let mut fired = vec![0usize; RULES.len()];
        for (model, from_record) in &models {
            let judged = Judged {
                board: model,
                tags: if *from_record {
                    cross_tags(model)
                } else {
                    Default::default()
                },
            };
            for (i, rule) in RULES.iter().enumerate() {
                let mut out = Vec::new();
                (rule.run)(&judged, &mut out);
                for d in &out {
                    assert!(
                        rule.codes.contains(&d.code),
                        "rule {} reported {} ({}), which it does not register",
                        rule.name,
                        d.code,
                        d.message
                    );
                }
                fired[i] += out.len();
            }
        }
        // Every rule finds something in the corpus, so the test above has something to hold.
        for (rule, n) in RULES.iter().zip(&fired) {
            assert!(*n > 0, "rule {} found nothing in the corpus", rule.name);
        }
    }

    #[test]
    fn no_code_is_registered_twice() {
        let mut seen = Vec::new();
        for rule in RULES {
            for code in rule.codes {
                assert!(!seen.contains(code), "{code} registered twice");
                seen.push(*code);
            }
        }
    }
}
