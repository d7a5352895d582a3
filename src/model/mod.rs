//! The model of a game: every notation's tree read into bridge terms, with where each piece
//! came from.
//!
//! This layer reads and never judges: the checks (`analysis`), the editor features (`ide`), the
//! converters (`convert`) and the formatter read games through it, so that a call, a card or a
//! tag value means the same thing to all of them. Every board, in every notation, is read into
//! one [`board::BoardModel`] ([`read_pbn`], [`read_rbn`], [`read_lin`] read a whole text so); the
//! RBN and LIN readers lower each field or pair into it as they read it (`board::lowering`).

pub mod board;
pub mod dealing;
pub(crate) mod handviewer;
pub mod lin;
pub mod rbn;
pub mod tags;
pub mod values;
pub mod written;

pub use lin::LinCarry;
pub use rbn::{read_record, Carry};
pub use tags::Inheritance;

use crate::syntax::lin::{LinParse, Piece};
use crate::syntax::pbn::ast::Game;
use crate::syntax::rbn::{RbnParse, Record};
use crate::syntax::Parse;
use board::BoardModel;

/// Reads every game of a PBN text whole (inheritance resolved as the checker resolves it).
pub fn read_pbn(text: &str) -> Vec<BoardModel> {
    read_pbn_parse(&Parse::new(text), text)
}

/// [`read_pbn`] from the text's parse. Games that inherit nothing (no tag value starts with
/// `#`) are read on every core of a large text; each worker roots the whole file's tree anew
/// (rowan's nodes stay on their thread), so every range is the same as read in one.
pub fn read_pbn_parse(parse: &Parse, text: &str) -> Vec<BoardModel> {
    let nodes = parse
        .children()
        .iter()
        .filter(|c| c.as_node().is_some())
        .count();
    let threads = crate::parallel::threads_for(nodes, 512);
    let inherits = memchr::memmem::find(text.as_bytes(), b"\"#").is_some();
    if threads > 1 && !inherits {
        let green = parse.green();
        let places: Vec<usize> = (0..nodes).collect();
        return crate::parallel::map_slices(&places, threads, |slice| {
            let none = Inheritance::default();
            let first = slice.first().copied().unwrap_or(0);
            rowan::SyntaxNode::<crate::syntax::PbnLanguage>::new_root(green.clone())
                .children()
                .skip(first)
                .take(slice.len())
                .filter_map(Game::cast)
                .map(|game| board::read_board(&game, &none))
                .collect()
        });
    }
    let mut inherited = Inheritance::default();
    let mut boards = Vec::new();
    for node in parse.syntax().children() {
        let Some(game) = Game::cast(node) else {
            continue;
        };
        boards.push(board::read_board(&game, &inherited));
        inherited.advance(&game);
    }
    boards
}

/// Reads every board of a LIN text whole (a vugraph header handed to the boards after it).
pub fn read_lin(text: &str) -> Vec<BoardModel> {
    read_lin_parse(&LinParse::new(text))
}

/// [`read_lin`] from the text's parse. The headers are read in order, then the boards on every
/// core of a large text, each with the header before it.
pub(crate) fn read_lin_parse(parse: &LinParse) -> Vec<BoardModel> {
    // Each board's child, the header it follows, and the header's comment lines (they go with
    // the first board after it).
    let mut carries = vec![LinCarry::default()];
    let mut boards: Vec<(usize, usize, Vec<String>)> = Vec::new();
    let mut header_comments = Vec::new();
    for (index, child) in parse.children().iter().enumerate() {
        let Some(piece) = child
            .as_node()
            .and_then(|n| Piece::cast(rowan::SyntaxNode::new_root(n.clone())))
        else {
            continue;
        };
        if piece.is_board() {
            boards.push((
                index,
                carries.len() - 1,
                std::mem::take(&mut header_comments),
            ));
        } else {
            carries.push(LinCarry::read(piece.pairs()));
            header_comments.extend(piece.comments());
        }
    }
    let threads = crate::parallel::threads_for(boards.len(), 512);
    crate::parallel::map_slices(&boards, threads, |slice| {
        slice
            .iter()
            .filter_map(|(index, carry, comments)| {
                let node = parse.children().get(*index)?.as_node()?.clone();
                let piece = Piece::cast(rowan::SyntaxNode::new_root(node))?;
                let mut board = lin::read_board(&piece, carries.get(*carry)?);
                if !comments.is_empty() {
                    let mut commentary = comments.clone();
                    commentary.append(&mut board.commentary);
                    board.commentary = commentary;
                }
                Some(board)
            })
            .collect()
    })
}

/// Reads every deal of an RBN text whole (the repetition rules applied).
pub fn read_rbn(text: &str) -> Vec<BoardModel> {
    read_rbn_parse(&RbnParse::new(text))
}

/// [`read_rbn`] from the text's parse. The carry each record starts with is found in order,
/// then the records are read on every core of a large text.
pub(crate) fn read_rbn_parse(parse: &RbnParse) -> Vec<BoardModel> {
    let record_at = |index: usize| {
        let node = parse.children().get(index)?.as_node()?.clone();
        Record::cast(rowan::SyntaxNode::new_root(node)).filter(rbn::is_deal)
    };
    let records = parse.children().len();
    let threads = crate::parallel::threads_for(records, 1024);
    if threads < 2 {
        let mut carry = Carry::default();
        return (0..records)
            .filter_map(record_at)
            .map(|record| read_record(&record, &mut carry))
            .collect();
    }
    let mut carry = Carry::default();
    let mut starts: Vec<(usize, Carry)> = Vec::new();
    for index in 0..records {
        if let Some(record) = record_at(index) {
            starts.push((index, carry.clone()));
            carry.pass(&record);
        }
    }
    crate::parallel::map_slices(&starts, threads, |slice| {
        slice
            .iter()
            .filter_map(|(index, carry)| Some(read_record(&record_at(*index)?, &mut carry.clone())))
            .collect()
    })
}
