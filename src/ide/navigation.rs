//! Going from a note reference to its Note and back, and inlay hints.

use super::hover::{ref_number, token_at};
use crate::model::pbn::{lower, GameModel, NoteRef};
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

/// The hints of a game: high-card points after each hand of the Deal, and the winner at the end
/// of each trick of the play.
pub fn inlay_hints(node: &SyntaxNode) -> Vec<InlayHint> {
    let model = lower(node);
    let mut out = Vec::new();
    if let Some(deal) = model.deal {
        for &(seat, range) in &model.hand_ranges {
            if let Some(hand) = deal.hand(seat) {
                out.push(InlayHint {
                    offset: range.end(),
                    label: format!("{}", hand.hcp()),
                    tooltip: format!("{}: {} high-card points", seat.name(), hand.hcp()),
                });
            }
        }
    }
    if let Some(play) = &model.play {
        for (i, trick) in play.tricks.iter().enumerate() {
            if let Some(winner) = trick.winner {
                out.push(InlayHint {
                    offset: trick.end,
                    label: format!("→ {}", winner.letter()),
                    tooltip: format!("Trick {} won by {}", i + 1, winner.name()),
                });
            }
        }
    }
    out.sort_by_key(|h| h.offset);
    out
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
}
