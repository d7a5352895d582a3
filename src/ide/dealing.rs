//! The editor's answers about a dealing machine's file (a DLM text; the binary formats read as
//! Latin-1): the hover of each board, with the hands drawn, and the outline, a board an entry.

use super::hover::Hover;
use super::outline::Symbol;
use super::record::diagram;
use crate::model::board::BoardModel;
use crate::model::dealing::{lower_board, read_dealing, DealingFormat};
use crate::syntax::{TextRange, TextSize};

/// The board whose record or `Board NN=` line holds `offset`, with its range: only that board
/// is lowered into its model.
pub fn board_at(
    format: DealingFormat,
    text: &str,
    offset: usize,
) -> Option<(TextRange, BoardModel)> {
    let offset = TextSize::from(u32::try_from(offset).ok()?);
    let file = read_dealing(format, text);
    // A board's first character is its own, not the end of the board before it; the end of
    // the last board is still that board.
    let board = file
        .boards
        .iter()
        .find(|b| b.range.contains(offset))
        .or_else(|| {
            file.boards
                .iter()
                .find(|b| b.range.contains_inclusive(offset))
        })?;
    Some((board.range, lower_board(&file.header, board)))
}

/// The hover of the board at `offset`: its number, dealer and vulnerability (the board
/// number's) and its hands drawn, laid out as a PBN deal's hover (no heading: the hover's
/// height is the editor's to limit, and the double-dummy table and par must stay in view).
pub fn hover(format: DealingFormat, text: &str, offset: usize) -> Option<Hover> {
    let (range, board) = board_at(format, text, offset)?;
    Some(match diagram(&board, "hidden") {
        Some(diagram) => Hover::of_deal(None, diagram, range),
        None => Hover::new(
            format!(
                "Board {}: its hands could not be read whole",
                board.fact("Board").unwrap_or("?")
            ),
            range,
        ),
    })
}

/// The outline: an entry a board, named by its number (from the reading alone: no board is
/// lowered).
pub fn symbols(format: DealingFormat, text: &str) -> Vec<Symbol> {
    read_dealing(format, text)
        .boards
        .iter()
        .map(|board| {
            let whole = board.hands.iter().all(|h| h.len() == 13);
            let detail = (!whole).then(|| "hands not read whole".to_string());
            let name = format!("Board {}", board.number);
            Symbol::game(name, detail, (board.range, board.range), Vec::new())
        })
        .collect()
}
