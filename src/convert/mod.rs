//! Converting between PBN, RBN and LIN through a format-neutral board record.
//!
//! Each notation is read into [`model::Board`]s (bridge types plus descriptive facts under PBN
//! tag names) and written from them. Whatever the source says that the record or the target
//! cannot hold is collected and reported, never dropped silently.

pub mod from_lin;
pub mod from_rbn;
pub mod handviewer;
pub mod model;
pub mod to_pbn;

pub use from_rbn::{read_record, Carry};
pub use model::Board;
pub use to_pbn::{write_pbn, PbnImage};

pub mod from_pbn;
pub mod to_lin;
pub mod to_rbn;

pub use from_pbn::read_pbn;
pub use to_rbn::{write_pbn_file, write_rbn};

pub use to_lin::write_lin;

use crate::syntax::lin::{LinParse, Piece};
use crate::syntax::rbn::{RbnParse, Record};

/// Reads every board of a LIN text (a vugraph header handed to the boards after it).
pub fn read_lin(text: &str) -> Vec<Board> {
    let parse = LinParse::new(text);
    let mut carry = from_lin::LinCarry::default();
    let mut boards = Vec::new();
    for (node, _) in parse.pieces() {
        let Some(piece) = Piece::cast(node) else {
            continue;
        };
        if piece.is_board() {
            boards.push(from_lin::read_board(&piece, &carry));
        } else {
            carry = from_lin::LinCarry::read(&piece);
        }
    }
    boards
}

/// Reads every deal of an RBN text (the repetition rules applied).
pub fn read_rbn(text: &str) -> Vec<Board> {
    let parse = RbnParse::new(text);
    let mut carry = Carry::default();
    parse
        .records()
        .filter_map(|(node, _)| Record::cast(node))
        .filter(from_rbn::is_deal)
        .map(|record| read_record(&record, &mut carry))
        .collect()
}
