//! What opens an Auction or Play section: its tag, naming the seat of the first column.

use crate::bridge::Seat;
use crate::model::values::read_seat;
use crate::syntax::pbn::ast;
use crate::syntax::TextRange;

/// The tag of an Auction or Play section, read, with where it and its section stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SectionHead {
    /// The seat the tag names (the first column), when readable.
    pub seat: Option<Seat>,
    /// The range of the tag's value (between the quotes), if it has one.
    pub value_range: Option<TextRange>,
    /// The range of the tag pair (of the whole section when it has none).
    pub tag_range: TextRange,
    /// The range of the whole section.
    pub range: TextRange,
}

impl SectionHead {
    /// Reads the tag that opens `section`.
    pub fn read(section: &ast::Section) -> SectionHead {
        let range = section.syntax().text_range();
        let tag = section.tag();
        let (seat, value_range) = match tag.as_ref().and_then(|t| t.raw_value()) {
            Some((raw, at)) => (
                read_seat(ast::unescape(&raw).trim()).map(|r| r.value),
                Some(at),
            ),
            None => (None, None),
        };
        SectionHead {
            seat,
            value_range,
            tag_range: tag.map_or(range, |t| t.syntax().text_range()),
            range,
        }
    }
}

/// The marks that may close an Auction or Play section: `*` (nothing more will be given) and
/// `+` (to be continued), each where it first stands.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EndMarks {
    /// The `*`, if present.
    pub star: Option<TextRange>,
    /// The `+`, if present.
    pub plus: Option<TextRange>,
}
