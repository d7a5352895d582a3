//! The play as the double-dummy play analysis reads it, and the inlay hints of its answer: how
//! many tricks each card gave away.

use super::hints::InlayHint;
use crate::double_dummy::play::PlayRecord;
use crate::model::board::BoardModel;
use crate::model::values::ContractValue;
use crate::model::written::NOWHERE;
use crate::syntax::TextRange;

/// A game's play in the order the cards were played, with the range of each card; `None`
/// without a complete deal, a contract, an opening leader or a first card.
pub(crate) fn play_record(model: &BoardModel) -> Option<(PlayRecord, Vec<TextRange>)> {
    let deal = model.map.hands.filter(|d| d.is_complete())?;
    let denomination = match model.contract()? {
        ContractValue::Contract(c) => c.denomination(),
        ContractValue::TrumpOnly(d) => d,
        ContractValue::Passed => return None,
    };
    let play = model.play_view()?;
    let leader = play.leader?;
    let mut cards = Vec::new();
    let mut ranges = Vec::new();
    'tricks: for (t, trick) in play.tricks.iter().enumerate() {
        let Some(trick_leader) = trick.leader else {
            break;
        };
        let mut in_trick: Vec<_> = play.cards.iter().filter(|c| c.trick == t).collect();
        in_trick.sort_by_key(|c| c.seat.map(|s| (s.index() + 4 - trick_leader.index()) % 4));
        for item in in_trick {
            // The analysis follows the play up to the first card it cannot know.
            let (Some(seat), Some(card)) = (item.seat, item.card) else {
                break 'tricks;
            };
            cards.push((seat, card));
            ranges.push(item.range);
        }
        if !trick.complete {
            break;
        }
    }
    if cards.is_empty() {
        return None;
    }
    Some((
        PlayRecord {
            deal,
            denomination,
            leader,
            cards,
        },
        ranges,
    ))
}

/// [`play_record`] of a board in any notation, read with its source map; a card with no place
/// in the source ends the play the analysis follows.
pub(crate) fn placed_play_record(model: &BoardModel) -> Option<(PlayRecord, Vec<TextRange>)> {
    let (mut record, mut ranges) = play_record(model)?;
    if let Some(cut) = ranges.iter().position(|r| r.end() >= NOWHERE.start()) {
        record.cards.truncate(cut);
        ranges.truncate(cut);
    }
    (!ranges.is_empty()).then_some((record, ranges))
}

/// A hint after each card that gave tricks away.
pub(crate) fn trick_cost_hints(ranges: &[TextRange], costs: &[u8]) -> Vec<InlayHint> {
    ranges
        .iter()
        .zip(costs)
        .filter(|(_, &cost)| cost > 0)
        .map(|(range, &cost)| InlayHint {
            offset: range.end(),
            label: format!("−{cost}"),
            tooltip: format!(
                "This card gave away {cost} trick{} against the best play with all hands open",
                if cost == 1 { "" } else { "s" }
            ),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::Seat;
    use crate::double_dummy::{solve_all, SOLVER_STACK};
    use crate::model::board::lower;
    use crate::model::board::tests::game;

    /// A whole deal played out by GIB robots (from the corpus).
    const PLAYED: &str = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKT5.62.873.T873 J6.QT854.QJ62.J2 Q974.AKJ.T54.A95 832.973.AK9.KQ64\"]\n[Declarer \"N\"]\n[Contract \"2S\"]\n[Result \"9\"]\n[Play \"E\"]\nDQ DT D9 D3\nD2 D5 DK D8\nHQ HA H3 H6\nS6 S7 S2 SA\nSJ SQ S8 S5\nHT HK H7 H2\nH8 S9 S3 SK\nC2 CA C6 C3\nH5 HJ H9 D7\nCJ C5 CQ C7\nH4 C9 CK C8\nDJ D4 C4 CT\nD6 S4 DA ST\n";

    /// Every RBN and LIN board of the corpus gives the play analysis the play its PBN
    /// conversion gives: the same deal, trumps, leader and cards in the order played (each card
    /// with a place in its own text).
    #[test]
    fn an_rbn_or_lin_board_is_analysed_as_its_pbn_conversion_is() {
        let (mut compared, mut played) = (0, 0);
        for board in &crate::testing::corpus_boards() {
            let own = placed_play_record(&crate::model::board::with_editor_views(board.clone()));
            let text = crate::convert::write_pbn(board).text;
            let converted = crate::syntax::Parse::new(&text)
                .syntax()
                .children()
                .find_map(|node| play_record(&lower(&node)));
            let own = own.map(|(record, ranges)| {
                assert!(ranges.iter().all(|r| r.end() < NOWHERE.start()));
                record
            });
            let converted = converted.map(|(record, _)| record);
            assert_eq!(
                own.as_ref()
                    .map(|r| (r.deal, r.denomination, r.leader, &r.cards)),
                converted
                    .as_ref()
                    .map(|r| (r.deal, r.denomination, r.leader, &r.cards)),
                "{board:#?}"
            );
            compared += 1;
            played += usize::from(own.is_some());
        }
        eprintln!("{compared} boards compared, {played} with a play to analyse");
        assert!(played > 100, "only {played} boards with a play");
    }

    #[test]
    fn what_each_side_gave_away_is_the_double_dummy_result_less_the_tricks_taken() {
        let model = lower(&game(PLAYED));
        let (record, ranges) = play_record(&model).expect("a whole play");
        assert_eq!(record.cards.len(), 52);
        assert_eq!(ranges.len(), 52);
        assert_eq!(record.leader, Seat::East);
        // In the order played: the first trick's winner leads the fifth card.
        let winner = model.play_view().unwrap().tricks[0].winner.unwrap();
        assert_eq!(record.cards[4].0, winner);
        let deal = record.deal;
        let copy = record.clone();
        let costs = std::thread::Builder::new()
            .stack_size(SOLVER_STACK)
            .spawn(move || {
                let mut solver = pons_dds::Solver::new(contract_bridge::Strain::Notrump);
                crate::double_dummy::play::trick_costs(&mut solver, &copy)
            })
            .unwrap()
            .join()
            .unwrap()
            .expect("legal play");
        let table = solve_all(&[deal])[0].unwrap();
        let declarer = record.declarer();
        let at_double_dummy = i32::from(table.tricks(declarer, record.denomination));
        let (by_declarer, by_defence): (Vec<_>, Vec<_>) = record
            .cards
            .iter()
            .zip(&costs)
            .partition(|((seat, _), _)| seat.same_side(declarer));
        let lost = |side: Vec<(&(Seat, crate::bridge::Card), &u8)>| {
            side.iter().map(|(_, &c)| i32::from(c)).sum::<i32>()
        };
        let taken = model
            .play_view()
            .unwrap()
            .tricks
            .iter()
            .filter(|t| t.winner.is_some_and(|w| w.same_side(declarer)))
            .count() as i32;
        assert_eq!(taken, 9, "the Result says 9");
        // Every trick between the double-dummy value and the tricks taken was given away by a
        // card of one side or the other.
        assert_eq!(
            at_double_dummy - lost(by_declarer) + lost(by_defence),
            taken
        );
        // 2S by North makes 8 at double dummy; West's heart lead to trick 3 gave the ninth.
        assert_eq!(at_double_dummy, 8);
        let given: Vec<usize> = (0..52).filter(|&i| costs[i] > 0).collect();
        assert_eq!(given, [8]);
        assert_eq!(record.cards[8].0, Seat::West);
        let hints = trick_cost_hints(&ranges, &costs);
        assert_eq!(hints.len(), costs.iter().filter(|&&c| c > 0).count());
    }
}
