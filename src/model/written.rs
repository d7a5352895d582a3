//! Calls, cards and descriptive facts as a notation writes them: what the RBN and LIN readers
//! hand to the board model as they read (the model follows them, `model::board::lowering`), and
//! what the model gives back for writing a board in another notation
//! (`AuctionModel::written`, `PlayModel::written`).
//!
//! Descriptive facts are kept under their PBN tag names (the richer vocabulary). Every item may
//! carry the range of the source text it came from.

use crate::bridge::{Call, Card, Seat, Suit};
use crate::syntax::{TextRange, TextSize};

/// Where a value came from in the source (a range in the source record), if anywhere.
pub(crate) type Origin = Option<TextRange>;

/// Where a piece with no origin in the source is placed when a board is read into the models of
/// a PBN game: past any text, so that a finding there (or a cover reaching it) is told from one
/// at the record's start, and no position in the text finds it.
pub(crate) const NOWHERE: TextRange = TextRange::empty(TextSize::new(u32::MAX));

/// A range that stands in the source (`None` for [`NOWHERE`] or a range running up to it).
pub(crate) fn placed(range: TextRange) -> Origin {
    (range.end() < NOWHERE.start()).then_some(range)
}

/// A descriptive fact under its PBN tag name (`Event`, `North`, `Score`…).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Info {
    /// The PBN tag name.
    pub name: String,
    /// The value.
    pub value: String,
    /// Where it came from.
    pub origin: Origin,
}

/// A table of a PBN game (ScoreTable, OptimumResultTable…, standard 3.13 and 4): its tag's
/// value, which names the columns, and its rows as written (white space made single).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// The tag name (`ScoreTable`).
    pub name: String,
    /// The tag's value: the columns.
    pub header: String,
    /// The rows, one a line.
    pub rows: Vec<String>,
}

/// An annotation after a call or card.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Annotation {
    /// `!`, `?`, `!!`, `??`, `!?` or `?!`.
    pub suffix: Option<String>,
    /// RBN's `*` (conventional, not explained).
    pub alert: bool,
    /// A note reference.
    pub note: Option<u8>,
    /// The numeric annotation glyphs (`$n`) after it, in order.
    pub nags: Vec<u32>,
    /// The irregularity marks before it (chapter 3.9: `^I`, `^S`, `^R`, `^L`).
    pub marks: Vec<crate::model::board::irregularity::Irregularity>,
}

/// What one step of the auction is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallKind {
    /// A call.
    Call(Call),
    /// All pass (RBN `A`, PBN `AP`).
    AllPass,
    /// RBN `Y`: "your call?" (a quiz point).
    Query,
}

/// One call with its annotation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallItem {
    /// The call.
    pub kind: CallKind,
    /// Its annotation.
    pub annotation: Annotation,
    /// Where it came from.
    pub origin: Origin,
}

/// Whether `calls` end the auction: four passes, or three after a bid (counted over every call
/// given, legal or not).
pub(crate) fn calls_end(calls: &[CallItem]) -> bool {
    let mut passes = 0;
    let mut bid = false;
    for item in calls {
        match item.kind {
            CallKind::Call(Call::Pass) => passes += 1,
            CallKind::Call(_) => {
                passes = 0;
                bid = true;
            }
            _ => {}
        }
    }
    (bid && passes >= 3) || (!bid && passes >= 4)
}

/// The calls an auction written as `calls` is followed through: up to a quiz point (RBN's `Y`,
/// which asks for the next call), and up to and with an all pass, which ends it.
pub(crate) fn followed(calls: &[CallItem]) -> &[CallItem] {
    for (i, item) in calls.iter().enumerate() {
        match item.kind {
            CallKind::Query => return &calls[..i],
            CallKind::AllPass => return &calls[..=i],
            CallKind::Call(_) => {}
        }
    }
    calls
}

/// What one card of the play is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardKind {
    /// A known card.
    Card(Card),
    /// RBN `-`/`+` that could not be resolved: the lowest/highest card of the suit led.
    Shortcut {
        /// `true` for `+`.
        highest: bool,
        /// The suit led, when known.
        suit: Option<Suit>,
    },
    /// A card that is not known (PBN `-`).
    Unknown,
    /// RBN `Y`: "your play?".
    Query,
}

/// One card with who played it and its annotation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardItem {
    /// The card.
    pub kind: CardKind,
    /// Who played it, when known.
    pub seat: Option<Seat>,
    /// Its annotation.
    pub annotation: Annotation,
    /// Where it came from.
    pub origin: Origin,
}
