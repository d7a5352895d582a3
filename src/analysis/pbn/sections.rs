//! Where the PBN checker reads a game's Auction and Play sections into its [`BoardModel`],
//! reporting the problems of reading as it goes; the rules judge them afterwards (`rules.rs`).

use crate::analysis::misreading;
use crate::diagnostic::Diagnostic;
use crate::model::board::context::BoardModel;
use crate::syntax::pbn::ast::Section;

/// Reads an Auction or Play section into `board` (the first of each is the board's; a
/// repeated one is kept to be judged as well), reporting what could not be read.
pub(crate) fn read(section: &Section, board: &mut BoardModel, out: &mut Vec<Diagnostic>) {
    let mut misreadings = Vec::new();
    board.read_section(section, &mut misreadings);
    misreading::report(&misreadings, out);
}
