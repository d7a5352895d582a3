//! A board of another notation (an RBN record, a LIN board) lowered into the [`BoardModel`]
//! piece by piece, as its reader reads the pieces: each `set_` method takes one piece as the
//! notation writes it (a fact, the dealer, the hands, the calls, the cards…) and puts it where a
//! PBN game's reading puts the same piece, so that the checks, the editor and the writers read
//! one model whatever the notation.
//!
//! The context is set first: the auction is followed from the dealer set before it, and the play
//! against the deal, contract and auction set before it. Each value stands at the origin it was
//! read from, or at [`NOWHERE`] when it has none in the source (a value carried from an earlier
//! record, or worked out). The readers gave typed calls and cards, so there is nothing left to
//! misread.

use super::auction::lower_written_auction;
use super::context::{play_facts, BoardModel, DeclarerValue, TagValue};
use super::deal::lower_written_deal;
use super::play::{lower_unled_play, lower_written_play};
use super::source_map::{Note, NoteRef, SectionKind, SourceMap};
use crate::bridge::{Hand, Seat, Vulnerability};
use crate::model::values::{ContractValue, ResultTricks, ResultValue};
use crate::model::written::{placed, Annotation, CallItem, CardItem, Info, Origin, NOWHERE};

/// A context value as a tag would give it, standing at `origin` (or nowhere). Its text is for
/// messages only: what it means is set beside it.
fn written_tag(text: String, origin: Origin) -> TagValue {
    TagValue {
        text,
        range: origin.unwrap_or(NOWHERE),
        tag_range: origin.unwrap_or(NOWHERE),
    }
}

impl BoardModel {
    /// Sets a descriptive fact under its PBN tag name (appended when new; a later value
    /// replaces an earlier one where it stands).
    pub(crate) fn set_fact(&mut self, name: &str, value: String, origin: Origin) {
        match self.facts.iter_mut().find(|f| f.name == name) {
            Some(fact) => {
                fact.value = value;
                fact.origin = origin;
            }
            None => self.facts.push(Info {
                name: name.to_string(),
                value,
                origin,
            }),
        }
    }

    /// Sets the dealer.
    pub(crate) fn set_dealer(&mut self, seat: Seat, origin: Origin) {
        self.context.dealer_tag = Some(written_tag(seat.letter().to_string(), origin));
        self.context.dealer = Some(seat);
    }

    /// Sets the vulnerability.
    pub(crate) fn set_vulnerability(&mut self, vulnerability: Vulnerability, origin: Origin) {
        self.context.vulnerable_tag = Some(written_tag(vulnerability.pbn().to_string(), origin));
        self.context.vulnerability = Some(vulnerability);
    }

    /// Sets the hands, N, E, S, W, any of which may be unknown (`None`) or `hidden`, as written
    /// from `first`: each at its origin (`hand_origins`), the whole deal at `origin`.
    pub(crate) fn set_deal(
        &mut self,
        first: Seat,
        hands: [Option<Hand>; 4],
        hidden: [bool; 4],
        hand_origins: [Origin; 4],
        origin: Origin,
    ) {
        let deal = lower_written_deal(first, &hands, &hand_origins, origin, NOWHERE);
        self.context.deal_tag = Some(written_tag(String::new(), origin));
        self.context.deal = deal.deal();
        self.context.deal_is_valid = deal.is_valid();
        self.deal = Some(deal);
        self.map.hidden = Seat::ALL
            .into_iter()
            .filter(|s| hidden[s.index()])
            .collect();
        // Only a hand written in the source has a place there (not LIN's fourth, worked out).
        self.map.hand_ranges = (0..4)
            .map(|i| first.offset(i))
            .filter_map(|seat| Some((seat, hand_origins[seat.index()]?)))
            .collect();
    }

    /// Sets the contract and its declarer (unknown for a passed-out board, or when not given).
    pub(crate) fn set_contract(
        &mut self,
        contract: ContractValue,
        declarer: Option<Seat>,
        origin: Origin,
    ) {
        let declarer_text = declarer.map(|s| s.letter().to_string()).unwrap_or_default();
        self.context.declarer_tag = Some(written_tag(declarer_text, origin));
        self.context.declarer = declarer.map(|seat| DeclarerValue {
            seat,
            swapped: false,
        });
        self.context.contract_tag = Some(written_tag(contract.pbn(), origin));
        self.context.contract = Some(contract);
    }

    /// Sets the tricks declarer won. A count past 13 is no result to the rules (as such a Result
    /// tag reads as none) and is kept as written for the writers.
    pub(crate) fn set_result(&mut self, tricks: u8, origin: Origin) {
        self.context.result_tag = Some(written_tag(tricks.to_string(), origin));
        self.context.result = (tricks <= 13).then_some(ResultValue {
            irregular: false,
            tricks: ResultTricks::Declarer(tricks),
        });
    }

    /// Sets the auction, its calls as written, followed from the dealer set so far (the seats
    /// are unknown without one), up to an all pass or a quiz point.
    pub(crate) fn set_auction(&mut self, calls: &[CallItem]) {
        let dealer = self.context.dealer.map(|seat| {
            (
                seat,
                self.context
                    .dealer_tag
                    .as_ref()
                    .and_then(|t| placed(t.tag_range)),
            )
        });
        self.auction = Some(lower_written_auction(
            calls,
            dealer,
            NOWHERE,
            &mut Vec::new(),
        ));
        for call in calls {
            note_ref(
                &call.annotation,
                call.origin,
                SectionKind::Auction,
                &mut self.map,
            );
        }
    }

    /// Sets the play, its tricks as written in the order of play, whose whole stands at
    /// `origin`: followed from `leader` against the deal, contract and auction set so far (the
    /// auction only when its seats are known). A play no leader is known for is kept apart
    /// ([`BoardModel::unled_play`]), for the writers and the editor; the rules follow none.
    pub(crate) fn set_play(
        &mut self,
        leader: Option<Seat>,
        tricks: &[Vec<CardItem>],
        origin: Origin,
    ) {
        let seated = self
            .auction
            .as_ref()
            .filter(|_| self.context.dealer.is_some());
        let facts = play_facts(&self.context, seated);
        match lower_written_play(leader, tricks, origin, &facts, NOWHERE, &mut Vec::new()) {
            Some(play) => self.play = Some(play),
            None => self.unled_play = Some(lower_unled_play(tricks, origin, NOWHERE)),
        }
        for card in tricks.iter().flatten() {
            note_ref(
                &card.annotation,
                card.origin,
                SectionKind::Play,
                &mut self.map,
            );
        }
    }

    /// Adds the notes (number, text) of the auction or the play (`section`).
    pub(crate) fn add_notes(&mut self, section: SectionKind, notes: &[(u8, String)]) {
        for (number, text) in notes {
            self.map.notes.push(Note {
                number: u32::from(*number),
                text: text.clone(),
                range: NOWHERE,
                section,
            });
        }
    }
}

/// The note reference of a call or card read from `origin`, when it has both.
fn note_ref(annotation: &Annotation, origin: Origin, section: SectionKind, map: &mut SourceMap) {
    if let (Some(number), Some(range)) = (annotation.note, origin) {
        map.note_refs.push(NoteRef {
            number: u32::from(number),
            range,
            section,
            target: range,
        });
    }
}
