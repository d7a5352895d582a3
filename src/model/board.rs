//! The format-neutral record of one board that both notations are read into and written from.
//!
//! Descriptive facts are kept under their PBN tag names (the richer vocabulary); the deal,
//! auction, contract, play and result are bridge types. Every piece may carry the range of the
//! source text it came from, so that checks run on the record can point back into the file.

use crate::bridge::{Call, Card, Hand, Seat, Suit, Vulnerability};
use crate::model::values::ContractValue;
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

/// An annotation after a call or card.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Annotation {
    /// `!`, `?`, `!!`, `??`, `!?` or `?!`.
    pub suffix: Option<String>,
    /// RBN's `*` (conventional, not explained).
    pub alert: bool,
    /// A note reference.
    pub note: Option<u8>,
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

/// The auction.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuctionRecord {
    /// The calls in order.
    pub calls: Vec<CallItem>,
    /// The notes (index, text).
    pub notes: Vec<(u8, String)>,
    /// Where the whole auction came from.
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

impl AuctionRecord {
    /// Whether the calls end the auction (see [`calls_end`]).
    pub fn calls_end(&self) -> bool {
        calls_end(&self.calls)
    }

    /// The calls the auction is followed through (see [`followed`]).
    pub fn followed(&self) -> &[CallItem] {
        followed(&self.calls)
    }
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

/// The play, trick by trick, each trick in the order of play.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayRecord {
    /// The opening leader, when known.
    pub leader: Option<Seat>,
    /// The tricks.
    pub tricks: Vec<Vec<CardItem>>,
    /// The notes (index, text).
    pub notes: Vec<(u8, String)>,
    /// Where the whole play came from.
    pub origin: Origin,
}

/// The hands, any of which may be unknown or hidden.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DealRecord {
    /// The seat written first.
    pub first: Option<Seat>,
    /// The hands in N, E, S, W order.
    pub hands: [Option<Hand>; 4],
    /// Which hands are hidden (N, E, S, W).
    pub hidden: [bool; 4],
    /// Where each hand came from (N, E, S, W).
    pub hand_origins: [Origin; 4],
    /// Where the whole deal came from.
    pub origin: Origin,
}

/// The contract and its declarer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ContractRecord {
    /// The contract, as a Contract tag says it.
    pub kind: ContractValue,
    /// The declarer.
    pub declarer: Option<Seat>,
    /// Where it came from.
    pub origin: Origin,
}

impl ContractRecord {
    /// The declarer as a PBN Declarer tag gives it (empty when unknown).
    pub fn pbn_declarer(&self) -> String {
        self.declarer
            .map(|s| s.letter().to_string())
            .unwrap_or_default()
    }
}

/// One board in either notation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Board {
    /// Descriptive facts under PBN tag names, in reading order.
    pub info: Vec<Info>,
    /// The dealer and where it came from.
    pub dealer: Option<(Seat, Origin)>,
    /// The vulnerability and where it came from.
    pub vulnerability: Option<(Vulnerability, Origin)>,
    /// The hands.
    pub deal: Option<DealRecord>,
    /// The auction.
    pub auction: Option<AuctionRecord>,
    /// The contract.
    pub contract: Option<ContractRecord>,
    /// The play.
    pub play: Option<PlayRecord>,
    /// The tricks declarer won, and where that came from.
    pub result: Option<(u8, Origin)>,
    /// Free-text commentary, in order.
    pub commentary: Vec<String>,
    /// What the source said that this record cannot hold (for the conversion warning).
    pub dropped: Vec<String>,
}

impl Board {
    /// The value of a descriptive fact.
    pub fn info(&self, name: &str) -> Option<&str> {
        self.info
            .iter()
            .find(|i| i.name == name)
            .map(|i| i.value.as_str())
    }

    /// Sets a descriptive fact (appending it when new).
    pub fn set_info(&mut self, name: &str, value: String, origin: Origin) {
        match self.info.iter_mut().find(|i| i.name == name) {
            Some(info) => {
                info.value = value;
                info.origin = origin;
            }
            None => self.info.push(Info {
                name: name.to_string(),
                value,
                origin,
            }),
        }
    }
}
