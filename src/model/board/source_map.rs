//! What the editor looks up by place beside a board's model: every tag, the hands, the notes
//! and the references to them, each with its range; and the views of the auction and play
//! (each call and card with its seat, the tricks), which `BoardModel::auction_view` and
//! `play_view` make from the model, where the ranges of calls and cards are kept. A PBN game's map is read from its tree, an RBN record's or LIN board's
//! from its record's origins (what has no place in the source stands at `NOWHERE`).

use crate::bridge::{self, Call, Card, Deal, Seat};
use crate::syntax::{TextRange, TextSize};

/// One tag pair of the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    /// The tag name ("" when missing).
    pub name: String,
    /// The range of the name (or of the whole tag when it has no name).
    pub name_range: TextRange,
    /// The value with escapes resolved, when the tag has a quoted value.
    pub value: Option<String>,
    /// The range of the value between its quotes.
    pub value_range: Option<TextRange>,
    /// The whole tag pair.
    pub range: TextRange,
}

/// Which section a note or note reference belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SectionKind {
    /// The auction section.
    Auction,
    /// The play section.
    Play,
}

/// A Note tag of the auction or play section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// Its number.
    pub number: u32,
    /// Its text (after `n:`).
    pub text: String,
    /// The whole tag pair.
    pub range: TextRange,
    /// The section it explains.
    pub section: SectionKind,
}

/// A note reference `=n=` after a call or card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoteRef {
    /// The note number.
    pub number: u32,
    /// The range of `=n=`.
    pub range: TextRange,
    /// The section it stands in.
    pub section: SectionKind,
    /// The range of the call or card it annotates.
    pub target: TextRange,
}

/// A call of the auction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallView {
    /// The range of the call token.
    pub range: TextRange,
    /// The call, when it is one (`-` and unreadable calls are `None`).
    pub call: Option<Call>,
    /// Who made it, when the first seat is known.
    pub seat: Option<Seat>,
    /// Whether the call was legal where it stands.
    pub legal: bool,
    /// The notes it refers to.
    pub notes: Vec<u32>,
}

/// The editor's view of the auction section (read in `auction`): every call with its seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuctionView {
    /// The whole section.
    pub range: TextRange,
    /// The seat of the first call.
    pub first: Option<Seat>,
    /// The calls in order (`AP` gives the passes it stands for, all with its range).
    pub calls: Vec<CallView>,
}

/// Whether an item read from `range` is written before the place `before`: it ends there or
/// earlier, and is not an empty value being typed at `before` (such as LIN's `pc|` with the
/// cursor after the bar).
pub(crate) fn written_before(range: TextRange, before: TextSize) -> bool {
    range.end() <= before && range.start() < before
}

impl AuctionView {
    /// The auction followed through the calls written before `before` (a placeholder or an
    /// unreadable call passes the turn on); `None` when the first seat is unknown.
    pub fn followed_before(&self, before: TextSize) -> Option<bridge::Auction> {
        let mut state = bridge::Auction::new(self.first?);
        for call in self
            .calls
            .iter()
            .filter(|c| written_before(c.range, before))
        {
            match call.call {
                Some(c) => {
                    let _ = state.push(c);
                }
                None => state.skip_turn(),
            }
        }
        Some(state)
    }

    /// The whole auction followed, as far as it is written; `None` when the first seat is
    /// unknown.
    pub fn followed(&self) -> Option<bridge::Auction> {
        self.followed_before(TextSize::from(u32::MAX))
    }
}

/// A card of the play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardView {
    /// The range of the card token.
    pub range: TextRange,
    /// The card, when known.
    pub card: Option<Card>,
    /// Who played it (from its column), when the leader is known.
    pub seat: Option<Seat>,
    /// The trick it belongs to, from 0.
    pub trick: usize,
    /// The notes it refers to.
    pub notes: Vec<u32>,
}

/// A trick (a row of four cards) of the play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrickView {
    /// Who led to it, when known.
    pub leader: Option<Seat>,
    /// Who won it, when all four cards and the leader are known.
    pub winner: Option<Seat>,
    /// The end of the trick's last item (card and its annotations).
    pub end: TextSize,
    /// Whether all four cards are written.
    pub complete: bool,
}

/// The editor's view of the play section (read in `play`): every card with its seat and trick.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayView {
    /// The whole section.
    pub range: TextRange,
    /// The opening leader.
    pub leader: Option<Seat>,
    /// The cards in text order.
    pub cards: Vec<CardView>,
    /// The tricks in order.
    pub tricks: Vec<TrickView>,
}

/// A place in the order of play: a trick and a card of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    /// The trick, from 0.
    pub trick: usize,
    /// The card of the trick, from 0 (the lead).
    pub place: usize,
    /// Who plays it.
    pub seat: Seat,
}

impl PlayView {
    /// Who leads to trick `trick` (from 0): as read, else the opening leader to the first trick
    /// and the winner of the trick before to any other.
    pub fn leader_of(&self, trick: usize) -> Option<Seat> {
        let read = self.tricks.get(trick).and_then(|t| t.leader);
        read.or_else(|| match trick.checked_sub(1) {
            None => self.leader,
            Some(before) => self.tricks.get(before).and_then(|t| t.winner),
        })
    }

    /// The turn that follows the cards written before `before`, taken in the order of play
    /// (as RBN and LIN write them); `None` when who plays it is unknown.
    pub fn turn_after(&self, before: TextSize) -> Option<Turn> {
        let count = self
            .cards
            .iter()
            .filter(|c| written_before(c.range, before))
            .count();
        let (trick, place) = (count / 4, count % 4);
        let seat = self.leader_of(trick)?.offset(place);
        Some(Turn { trick, place, seat })
    }
}

/// The source map of a board: where its items stand, read for the editor.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SourceMap {
    /// Every tag pair in text order (section tags and notes included; none for RBN and LIN).
    pub tags: Vec<Tag>,
    /// The hands as the editor draws them: as well as the Deal can be read, even where the
    /// checks leave it unread.
    pub hands: Option<Deal>,
    /// The ranges of the hands in the Deal, by seat.
    pub hand_ranges: Vec<(Seat, TextRange)>,
    /// Seats the Hidden tag hides.
    pub hidden: Vec<Seat>,
    /// The notes of both sections.
    pub notes: Vec<Note>,
    /// The note references of both sections.
    pub note_refs: Vec<NoteRef>,
}

impl SourceMap {
    /// The first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }

    /// The value of the first tag named `name`.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.tag(name).and_then(|t| t.value.as_deref())
    }

    /// The note `number` of `section`.
    pub fn note(&self, section: SectionKind, number: u32) -> Option<&Note> {
        self.notes
            .iter()
            .find(|n| n.section == section && n.number == number)
    }
}
