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
