//! The model of a game: every notation's tree read into bridge terms, with where each piece
//! came from.
//!
//! This layer reads and never judges: the checks (`analysis`), the editor features (`ide`), the
//! converters (`convert`) and the formatter read games through it, so that a call, a card or a
//! tag value means the same thing to all of them. [`Board`] is the notation-neutral record every
//! notation lowers to ([`read_pbn`], [`read_rbn`], [`read_lin`]); [`pbn`] keeps a PBN game's
//! finer structure (each tag, note and note reference with its range) for the editor.

pub mod board;
pub(crate) mod handviewer;
pub mod lin;
pub mod pbn;
pub mod rbn;
pub mod tags;
pub mod values;

pub use board::Board;
pub use lin::LinCarry;
pub use pbn::record::{read_pbn, read_pbn_parse};
pub use rbn::{read_record, Carry};
pub use tags::Inheritance;

use crate::syntax::lin::{LinParse, Piece};
use crate::syntax::rbn::{RbnParse, Record};

/// Reads every board of a LIN text (a vugraph header handed to the boards after it).
pub fn read_lin(text: &str) -> Vec<Board> {
    read_lin_parse(&LinParse::new(text))
}

/// [`read_lin`] from the text's parse.
pub(crate) fn read_lin_parse(parse: &LinParse) -> Vec<Board> {
    let mut carry = LinCarry::default();
    let mut boards = Vec::new();
    // The comment lines of a header go with the board after it.
    let mut header_comments = Vec::new();
    for (node, _) in parse.chunks() {
        let Some(piece) = Piece::cast(node) else {
            continue;
        };
        if piece.is_board() {
            let mut board = lin::read_board(&piece, &carry);
            if !header_comments.is_empty() {
                header_comments.append(&mut board.commentary);
                board.commentary = std::mem::take(&mut header_comments);
            }
            boards.push(board);
        } else {
            carry = LinCarry::read(piece.pairs());
            header_comments.extend(piece.comments());
        }
    }
    boards
}

/// Reads every deal of an RBN text (the repetition rules applied).
pub fn read_rbn(text: &str) -> Vec<Board> {
    read_rbn_parse(&RbnParse::new(text))
}

/// [`read_rbn`] from the text's parse.
pub(crate) fn read_rbn_parse(parse: &RbnParse) -> Vec<Board> {
    let mut carry = Carry::default();
    parse
        .chunks()
        .filter_map(|(node, _)| Record::cast(node))
        .filter(rbn::is_deal)
        .map(|record| read_record(&record, &mut carry))
        .collect()
}
