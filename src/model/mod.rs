//! The model of a game: every notation's tree read into bridge terms, with where each piece
//! came from.
//!
//! This layer reads and never judges: the checks (`analysis`), the editor features (`ide`), the
//! converters (`convert`) and the formatter read games through it, so that a call, a card or a
//! tag value means the same thing to all of them. Every board, in every notation, is read into
//! one [`pbn::BoardModel`] ([`read_pbn`], [`read_rbn`], [`read_lin`] read a whole text so); the
//! RBN and LIN readers lower each field or pair into it as they read it (`pbn::lowering`).

pub mod dealing;
pub(crate) mod handviewer;
pub mod lin;
pub mod pbn;
pub mod rbn;
pub mod tags;
pub mod values;
pub mod written;

pub use lin::LinCarry;
pub use rbn::{read_record, Carry};
pub use tags::Inheritance;

use crate::syntax::ast::Game;
use crate::syntax::lin::{LinParse, Piece};
use crate::syntax::rbn::{RbnParse, Record};
use crate::syntax::Parse;
use pbn::BoardModel;

/// Reads every game of a PBN text whole (inheritance resolved as the checker resolves it).
pub fn read_pbn(text: &str) -> Vec<BoardModel> {
    read_pbn_parse(&Parse::new(text))
}

/// [`read_pbn`] from the text's parse.
pub fn read_pbn_parse(parse: &Parse) -> Vec<BoardModel> {
    let mut inherited = Inheritance::default();
    let mut boards = Vec::new();
    for node in parse.syntax().children() {
        let Some(game) = Game::cast(node) else {
            continue;
        };
        boards.push(pbn::read_board(&game, &inherited));
        inherited.advance(&game);
    }
    boards
}

/// Reads every board of a LIN text whole (a vugraph header handed to the boards after it).
pub fn read_lin(text: &str) -> Vec<BoardModel> {
    read_lin_parse(&LinParse::new(text))
}

/// [`read_lin`] from the text's parse.
pub(crate) fn read_lin_parse(parse: &LinParse) -> Vec<BoardModel> {
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

/// Reads every deal of an RBN text whole (the repetition rules applied).
pub fn read_rbn(text: &str) -> Vec<BoardModel> {
    read_rbn_parse(&RbnParse::new(text))
}

/// [`read_rbn`] from the text's parse.
pub(crate) fn read_rbn_parse(parse: &RbnParse) -> Vec<BoardModel> {
    let mut carry = Carry::default();
    parse
        .chunks()
        .filter_map(|(node, _)| Record::cast(node))
        .filter(rbn::is_deal)
        .map(|record| read_record(&record, &mut carry))
        .collect()
}
