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
