//! Going from a note reference to its Note and back, and inlay hints.

use super::hover::{ref_number, token_at};
use super::record::record_hints;
use crate::model::pbn::record::read_game;
use crate::model::pbn::{lower, GameModel, NoteRef};
use crate::model::Inheritance;
use crate::syntax::ast::Game;
use crate::syntax::{SyntaxNode, TextRange, TextSize};

/// The reference or Note tag at `offset`: the note's section and number.
fn note_at(model: &GameModel, node: &SyntaxNode, offset: TextSize) -> Option<NoteRef> {
    let token = token_at(node, offset)?;
    if ref_number(&token).is_some() {
        return model
            .note_refs
            .iter()
            .find(|r| r.range == token.text_range())
            .cloned();
    }
    let note = model.notes.iter().find(|n| n.range.contains(offset))?;
    Some(NoteRef {
        number: note.number,
        range: note.range,
        section: note.section,
        target: note.range,
    })
}

/// Where the note referred to at `offset` is defined (the whole Note tag).
pub fn definition(node: &SyntaxNode, offset: TextSize) -> Option<TextRange> {
    let model = lower(node);
    let at = note_at(&model, node, offset)?;
    model.note(at.section, at.number).map(|n| n.range)
}

/// The references to the note at `offset` (on a reference or on the Note tag); the Note tag
/// itself comes first when `include_declaration` is set.
pub fn references(
    node: &SyntaxNode,
    offset: TextSize,
    include_declaration: bool,
) -> Vec<TextRange> {
    let model = lower(node);
    let Some(at) = note_at(&model, node, offset) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if include_declaration {
        if let Some(note) = model.note(at.section, at.number) {
            out.push(note.range);
        }
    }
    out.extend(
        model
            .note_refs
            .iter()
            .filter(|r| r.section == at.section && r.number == at.number)
            .map(|r| r.range),
    );
    out
}

/// An inlay hint: a label shown at a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InlayHint {
    /// Where it is shown (relative to the game).
    pub offset: TextSize,
    /// What it shows.
    pub label: String,
    /// A longer explanation.
    pub tooltip: String,
}

/// The hints of a game: high-card points after each hand of the Deal the Hidden tag does not
/// hide, and the winner at the end of each trick of the play; read from the game's board
/// record, as the hints of RBN records and LIN boards are.
pub fn inlay_hints(node: &SyntaxNode) -> Vec<InlayHint> {
    match Game::cast(node.clone()) {
        Some(game) => record_hints(&read_game(&game, &Inheritance::default())),
        None => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::pbn::tests::{game, GAME};

    #[test]
    fn note_reference_goes_to_its_note_and_back() {
        let node = game(GAME);
        let reference = GAME.find("=1=").unwrap() as u32;
        let target = definition(&node, TextSize::from(reference + 1)).unwrap();
        assert_eq!(&GAME[target], "[Note \"1:five cards\"]");
        let note = GAME.find("[Note").unwrap() as u32;
        let back = references(&node, TextSize::from(note + 2), false);
        assert_eq!(back.len(), 1);
        assert_eq!(&GAME[back[0]], "=1=");
        assert_eq!(references(&node, TextSize::from(note + 2), true).len(), 2);
    }

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
