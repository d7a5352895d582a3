//! Converting between PBN and RBN through a format-neutral board record.
//!
//! Each notation is read into [`model::Board`]s (bridge types plus descriptive facts under PBN
//! tag names) and written from them. Whatever the source says that the record or the target
//! cannot hold is collected and reported, never dropped silently.

pub mod from_rbn;
pub mod model;
pub mod to_pbn;

pub use from_rbn::{read_record, Carry};
pub use model::Board;
pub use to_pbn::{write_pbn, PbnImage};

pub mod from_pbn;
pub mod to_rbn;

pub use from_pbn::read_pbn;
pub use to_rbn::{write_pbn_file, write_rbn};

use crate::syntax::rbn::{RbnParse, Record};

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

/// The result of converting a whole text to the other notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Converted {
    /// The converted text.
    pub text: String,
    /// The notation it is written in.
    pub notation: crate::notation::Notation,
    /// What the target notation cannot express (left out of `text`).
    pub dropped: Vec<String>,
}

/// Converts a text in `from` to the other notation (RBN to PBN, PBN to RBN).
pub fn convert_text(from: crate::notation::Notation, text: &str) -> Converted {
    use crate::notation::Notation;
    let (text, dropped, notation) = match from {
        Notation::Rbn => {
            let (text, dropped) = write_pbn_file(&read_rbn(text));
            (text, dropped, Notation::Pbn)
        }
        Notation::Pbn => {
            let (text, dropped) = write_rbn(&read_pbn(text));
            (text, dropped, Notation::Rbn)
        }
    };
    Converted {
        text,
        notation,
        dropped,
    }
}
