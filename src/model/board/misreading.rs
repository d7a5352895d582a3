//! What a PBN lowering met that the standard does not write so: a spelling it does not allow, a
//! mark or an annotation out of place, a deal that cannot be read. The lowering records each
//! problem with where it stands and what a message about it needs, and reads on; the checks
//! (`analysis/misreading.rs`) make findings of them, and the editor, which reads the same model,
//! leaves them. No code or message is chosen here.

use super::irregularity::Irregularity;
use super::source_map::SectionKind;
use crate::bridge::{Card, Seat};
use crate::syntax::TextRange;

/// One problem of reading a PBN game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Misreading {
    /// In the Deal tag's value.
    Deal(DealMisreading),
    /// Among the annotations after a call or a card.
    Annotation(AnnotationMisreading),
    /// Among the items of an Auction or a Play section alike.
    Section {
        /// Which section.
        section: SectionKind,
        /// What is out of place.
        problem: SectionMisreading,
    },
    /// In an Auction section.
    Auction(AuctionMisreading),
    /// In a Play section.
    Play(PlayMisreading),
}

/// A Deal value that is not written as the standard writes one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DealMisreading {
    /// Not four hands (`count` of them).
    HandCount { range: TextRange, count: usize },
    /// Hands apart by something other than one space.
    Spacing { range: TextRange },
    /// A hand of `seat` with `count` suits instead of four.
    SuitCount {
        range: TextRange,
        seat: Seat,
        count: usize,
    },
    /// A character that is no rank.
    NotARank { range: TextRange, character: char },
    /// The ten written `10`.
    TenInDigits { range: TextRange },
    /// The first seat spelt otherwise than by its letter (`standard`).
    FirstSeatSpelling { range: TextRange, standard: String },
    /// A first seat that is no seat.
    FirstSeatUnknown { range: TextRange, text: String },
    /// A `:` with no seat before it.
    FirstSeatMissing { range: TextRange },
    /// Neither a first seat nor a `:`.
    NoFirstSeat { range: TextRange },
}

/// An annotation (suffix, note reference or NAG) that is out of place after its call or card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnnotationMisreading {
    /// A second suffix (`first` is the first one's range).
    SecondSuffix {
        range: TextRange,
        first: TextRange,
        text: String,
        on_card: bool,
    },
    /// A second note reference.
    SecondNoteRef {
        range: TextRange,
        first: TextRange,
        text: String,
        on_card: bool,
    },
    /// A NAG past $255.
    NagOutOfRange { range: TextRange, text: String },
    /// A NAG meant for a card on a call, or one meant for a call on a card: by the standard
    /// (`standard`: $1–$6 and $13 are calls', $7–$12 and $14 cards'), or only by the reference
    /// verifier ($20–$93 calls', $200–$238 cards').
    NagOfOtherKind {
        range: TextRange,
        text: String,
        on_card: bool,
        standard: bool,
    },
    /// A second judgement of one call or card (a suffix, or a NAG from $1 to $12, after
    /// another of them): `first` is the first one's range.
    SecondJudgement {
        range: TextRange,
        first: TextRange,
        text: String,
        on_card: bool,
    },
    /// The same NAG twice on one item.
    NagTwice {
        range: TextRange,
        first: TextRange,
        text: String,
        on_card: bool,
    },
}

/// What may stand out of place in an Auction and a Play section alike.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SectionMisreading {
    /// An annotation before any call or card.
    StrayAnnotation { range: TextRange, text: String },
    /// A second `*` (`star`) or `+`.
    EndMarkTwice {
        range: TextRange,
        first: TextRange,
        star: bool,
    },
    /// Both `*` and `+`.
    StarAndPlus { range: TextRange },
}

/// Something in an Auction section that is no call as PBN writes one, or stands where it cannot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AuctionMisreading {
    /// `*` (`star`) or `+` with calls after it; `glued` when a `*` touches the call before it.
    EndMarkBeforeCall {
        range: TextRange,
        star: bool,
        glued: bool,
    },
    /// `+` after the auction has ended.
    PlusAfterEnd { range: TextRange },
    /// A mark other than `^S` with no call after it.
    LoneMark { range: TextRange, text: String },
    /// `^S` with no call after it.
    SkipWithoutCall { range: TextRange },
    /// `all pass` in two words.
    AllPassWords { range: TextRange },
    /// `-` after the dealer's first call.
    LatePlaceholder { range: TextRange },
    /// `^I` on `AP`.
    InsufficientAllPass { range: TextRange },
    /// A mark of the play (`^R`, `^L`) before a call.
    PlayMark {
        range: TextRange,
        mark: Irregularity,
    },
    /// A call PBN spells otherwise (`spelling`).
    CallSpelling {
        range: TextRange,
        text: String,
        spelling: String,
    },
    /// A token that is no call.
    NotACall { range: TextRange, text: String },
}

/// Something in a Play section that is no card as PBN writes one, or stands where it cannot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayMisreading {
    /// A mark with no card after it.
    LoneMark { range: TextRange, text: String },
    /// `*` with cards after it.
    StarBeforeCard { range: TextRange },
    /// A mark of the auction (`^I`, `^S`) before a card.
    AuctionMark {
        range: TextRange,
        mark: Irregularity,
    },
    /// A card PBN spells otherwise.
    CardSpelling {
        range: TextRange,
        text: String,
        card: Card,
    },
    /// Dashes for an unknown card (`--`).
    DashesForUnknown { range: TextRange, text: String },
    /// A token that is no card.
    NotACard { range: TextRange, text: String },
    /// `+` with tricks after its own.
    PlusBeforeTricks { range: TextRange },
    /// `+` with a card played after it in its trick.
    PlusBeforeCard { range: TextRange },
}

impl From<DealMisreading> for Misreading {
    fn from(m: DealMisreading) -> Self {
        Misreading::Deal(m)
    }
}

impl From<AnnotationMisreading> for Misreading {
    fn from(m: AnnotationMisreading) -> Self {
        Misreading::Annotation(m)
    }
}

impl From<AuctionMisreading> for Misreading {
    fn from(m: AuctionMisreading) -> Self {
        Misreading::Auction(m)
    }
}

impl From<PlayMisreading> for Misreading {
    fn from(m: PlayMisreading) -> Self {
        Misreading::Play(m)
    }
}
