//! The editor's answers about a dealing machine's file (a DLM text; the binary formats read as
//! Latin-1): the hover of each board, with the hands drawn, and the outline, a board an entry.

use super::hover::Hover;
use super::outline::Symbol;
use super::record::diagram;
use crate::model::dealing::{lower_dealing, read_dealing, DealingFormat};
use crate::model::pbn::BoardModel;
use crate::syntax::{TextRange, TextSize};

/// Every board of the file with its model and where it stands.
fn boards(format: DealingFormat, text: &str) -> Vec<(TextRange, BoardModel)> {
    let file = read_dealing(format, text);
    let models = lower_dealing(&file);
    file.boards.iter().map(|b| b.range).zip(models).collect()
}

/// The board whose record or `Board NN=` line holds `offset`, with its range.
pub fn board_at(
    format: DealingFormat,
    text: &str,
    offset: usize,
) -> Option<(TextRange, BoardModel)> {
    let offset = TextSize::from(u32::try_from(offset).ok()?);
    boards(format, text)
        .into_iter()
        .find(|(range, _)| range.contains_inclusive(offset))
}

/// The hover of the board at `offset`: its number, dealer and vulnerability (the board
/// number's) and its hands drawn.
pub fn hover(format: DealingFormat, text: &str, offset: usize) -> Option<Hover> {
    let (range, board) = board_at(format, text, offset)?;
    let heading = "the dealer and vulnerability are the board number's";
    Some(match diagram(&board, "hidden") {
        Some(diagram) => Hover::of_deal(Some(heading), diagram, range),
        None => Hover::new(
            format!(
                "Board {}: its hands could not be read whole",
                board.fact("Board").unwrap_or("?")
            ),
            range,
        ),
    })
}

/// The outline: an entry a board, named by its number.
pub fn symbols(format: DealingFormat, text: &str) -> Vec<Symbol> {
    boards(format, text)
        .into_iter()
        .map(|(range, board)| {
            let name = format!("Board {}", board.fact("Board").unwrap_or("?"));
            let detail = board
                .whole_deal()
                .is_none()
                .then(|| "hands not read whole".to_string());
            Symbol::game(name, detail, (range, range), Vec::new())
        })
        .collect()
}
