//! Going from a note reference to its Note and back.

use super::hover::{ref_number, token_at};
use crate::model::board::{lower, BoardModel, NoteRef};
use crate::syntax::{SyntaxNode, TextRange, TextSize};

/// The reference or Note tag at `offset`: the note's section and number.
fn note_at(model: &BoardModel, node: &SyntaxNode, offset: TextSize) -> Option<NoteRef> {
    let token = token_at(node, offset)?;
    if ref_number(&token).is_some() {
        return model
            .map
            .note_refs
            .iter()
            .find(|r| r.range == token.text_range())
            .cloned();
    }
    let note = model.map.notes.iter().find(|n| n.range.contains(offset))?;
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
    model.map.note(at.section, at.number).map(|n| n.range)
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
        if let Some(note) = model.map.note(at.section, at.number) {
            out.push(note.range);
        }
    }
    out.extend(
        model
            .map
            .note_refs
            .iter()
            .filter(|r| r.section == at.section && r.number == at.number)
            .map(|r| r.range),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::board::tests::{game, GAME};

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
}
