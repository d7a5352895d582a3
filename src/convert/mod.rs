//! Converting between PBN, RBN and LIN: writers from the notation-neutral [`Board`] record.
//!
//! Each notation is read into [`Board`]s by the `model` layer (bridge types plus descriptive
//! facts under PBN tag names) and written here. Whatever the source says that the record or
//! the target cannot hold is collected and reported, never dropped silently.

pub mod handviewer;
pub mod to_lin;
pub mod to_pbn;
pub mod to_rbn;

pub use crate::model::{read_lin, read_pbn, read_rbn, Board};
pub use to_lin::write_lin;
pub use to_pbn::{write_pbn, PbnImage};
pub use to_rbn::{write_pbn_file, write_rbn};
