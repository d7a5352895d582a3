//! Inlay hints, for every notation from the board's model: the high-card points after each hand
//! and the winner after each trick, placed by where its source map says each piece stands.

use crate::model::board::{lower, BoardModel};
use crate::model::written::NOWHERE;
use crate::syntax::{SyntaxNode, TextSize};

/// An inlay hint: a label shown at a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InlayHint {
    /// Where it is shown (relative to its game, record or board).
    pub offset: TextSize,
    /// What it shows.
    pub label: String,
    /// A longer explanation.
    pub tooltip: String,
}

/// The hints of a game: high-card points after each hand of the Deal the Hidden tag does not
/// hide, and the winner at the end of each trick of the play; read from the game's model, as
/// the hints of RBN records and LIN boards are.
pub fn inlay_hints(node: &SyntaxNode) -> Vec<InlayHint> {
    model_hints(&lower(node))
}

/// The inlay hints of a board's model, placed by its source map; what has no place in the
/// source gets none.
pub fn model_hints(model: &BoardModel) -> Vec<InlayHint> {
    let mut out = Vec::new();
    let map = &model.map;
    if let Some(deal) = &map.hands {
        for &(seat, range) in &map.hand_ranges {
            let Some(hand) = deal.hand(seat) else {
                continue;
            };
            if map.hidden.contains(&seat) || range.end() >= NOWHERE.start() {
                continue;
            }
            out.push(InlayHint {
                offset: range.end(),
                label: format!("{}", hand.hcp()),
                tooltip: format!("{}: {} high-card points", seat.name(), hand.hcp()),
            });
        }
    }
    // The winners are the ones the play's model reads (as the card hovers and the checks do):
    // a trick whose winner is unknown gets no hint.
    let play = model.play_view();
    let tricks = play.iter().flat_map(|p| &p.tricks).enumerate();
    for (number, trick) in tricks {
        let Some(winner) = trick.winner.filter(|_| trick.end < NOWHERE.start()) else {
            continue;
        };
        out.push(InlayHint {
            offset: trick.end,
            label: format!("→ {}", winner.letter()),
            tooltip: format!("Trick {} won by {}", number + 1, winner.name()),
        });
    }
    out.sort_by_key(|h| h.offset);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::board::tests::{game, GAME};

    #[test]
    fn hints_give_points_and_trick_winners() {
        let hints = inlay_hints(&game(GAME));
        let labels: Vec<&str> = hints.iter().map(|h| h.label.as_str()).collect();
        assert_eq!(labels, ["10", "10", "10", "10", "→ E", "→ W"]);
        let end = usize::from(hints[5].offset);
        assert!(GAME[..end].ends_with("H7 H4 HA HT"));
    }

    #[test]
    fn hints_skip_hidden_hands_and_follow_annotations() {
        let hidden = GAME.replace("[Dealer", "[Hidden \"EW\"]\n[Dealer");
        let hints = inlay_hints(&game(&hidden));
        let points: Vec<&str> = hints.iter().map(|h| h.tooltip.as_str()).take(2).collect();
        assert_eq!(
            points,
            ["North: 10 high-card points", "South: 10 high-card points"]
        );
        // The winner stands after what annotates the trick's last card.
        let annotated = GAME.replace("HA HT", "HA HT ! =1=");
        let hints = inlay_hints(&game(&annotated));
        let end = usize::from(hints.last().unwrap().offset);
        assert!(annotated[..end].ends_with("HT ! =1="), "{hints:?}");
    }

    #[test]
    fn no_winner_is_told_once_the_order_of_play_is_lost() {
        // An unknown card: who won the first trick is unknown, so the second trick's row is in
        // column order (from East), not in the order of play, and no winner is told for either.
        let lost = GAME.replace("CA CT C5 C2", "CA - C5 C2");
        let labels: Vec<String> = inlay_hints(&game(&lost))
            .into_iter()
            .map(|h| h.label)
            .collect();
        assert_eq!(labels, ["10", "10", "10", "10"]);
    }
}
