//! PBN's checks: a game's tags and the board read from them (`game`), the tag values
//! ([`tags`]), the tables ([`tables`]) and the sections (`sections`), and the driver that
//! checks a whole file ([`file`]).

pub(crate) mod file;
pub(crate) mod game;
pub(crate) mod sections;
pub mod tables;
pub mod tags;

pub use file::{
    check_piece, check_stream, check_stream_into, check_text, document_options, syntax_diagnostic,
    FileReport, Found, WholeFileFacts, WindowChecker,
};
pub use game::{check_game, CheckOptions, GameReport};
