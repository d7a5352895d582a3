//! The board as a picture wants it: hands by seat and suit, the auction from its first seat with
//! notes and alerts, contract, declarer, result and the play trick by trick, all in PBN
//! spelling. Read from the board's model, so every notation gives the same shape;
//! it is what the `kibitzer/board` request returns (the README documents the JSON).

use crate::model::values::ContractValue;
use serde::Serialize;
use std::collections::BTreeMap;

use crate::bridge::{trick_winner, Seat, Suit};
use crate::model::board::{BoardModel, SectionKind};
use crate::model::written::{CallKind, CardKind};

/// One board for a viewer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardView {
    /// The notation the board was read from (`pbn`, `rbn`).
    pub notation: String,
    /// The board number (the Board tag), if given.
    pub board: Option<String>,
    /// The dealer's letter.
    pub dealer: Option<char>,
    /// The vulnerability in PBN spelling (`None`, `NS`, `EW`, `All`).
    pub vulnerable: Option<String>,
    /// Each seat's hand by suit letter (ranks in PBN letters), `None` when not given.
    pub hands: BTreeMap<char, Option<BTreeMap<char, String>>>,
    /// Each seat's high-card points, `None` when its hand is not given.
    pub hcp: BTreeMap<char, Option<u32>>,
    /// Seats whose hands are marked hidden.
    pub hidden: Vec<char>,
    /// The players' names by seat (the North, East, South and West tags), where given.
    pub players: BTreeMap<char, String>,
    /// The auction, if the board has one.
    pub auction: Option<AuctionView>,
    /// The contract in PBN spelling (`4SX`, `Pass`).
    pub contract: Option<String>,
    /// The declarer's letter.
    pub declarer: Option<char>,
    /// Tricks won by declarer.
    pub result: Option<u8>,
    /// The play, if the board has one.
    pub play: Option<PlayView>,
    /// The double-dummy table and par, when they have been computed (not yet).
    #[serde(rename = "doubleDummy")]
    pub double_dummy: Option<DoubleDummyView>,
    /// The board on BBO's handviewer (a URL), when at least one hand is known.
    pub handviewer: Option<String>,
}

/// The double-dummy results of a board: tricks by declarer then denomination, and par.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct DoubleDummyView {
    /// `{"N": {"NT": 9, "S": 10, …}, …}`.
    pub tricks: std::collections::BTreeMap<String, std::collections::BTreeMap<String, u8>>,
    /// The par score from North-South's side, when the vulnerability is known.
    #[serde(rename = "parScore")]
    pub par_score: Option<i32>,
    /// The par contracts as `ParContract` writes them (`NS 4S=`).
    #[serde(rename = "parContracts")]
    pub par_contracts: Option<String>,
}

/// The view of a solved table (and par, when known).
pub(crate) fn double_dummy_view(
    table: &crate::double_dummy::TrickTable,
    par: Option<&crate::double_dummy::Par>,
) -> DoubleDummyView {
    let mut tricks = std::collections::BTreeMap::new();
    for seat in crate::double_dummy::DECLARERS {
        let row = crate::double_dummy::DENOMINATIONS
            .iter()
            .map(|d| (d.pbn().to_string(), table.tricks(seat, *d)))
            .collect();
        tricks.insert(seat.letter().to_string(), row);
    }
    DoubleDummyView {
        tricks,
        par_score: par.map(|p| p.score),
        par_contracts: par.map(crate::double_dummy::tags::write_par_contracts),
    }
}

/// The auction for a viewer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AuctionView {
    /// Who made the first call.
    pub first: Option<char>,
    /// The calls in PBN spelling (`AP` for all pass, `?` for an unknown call).
    pub calls: Vec<String>,
    /// Per call: the note it refers to.
    #[serde(rename = "callNotes")]
    pub call_notes: Vec<Option<u8>>,
    /// Per call: whether it was alerted.
    pub alerts: Vec<bool>,
    /// The notes by number.
    pub notes: BTreeMap<u8, String>,
}

/// The play for a viewer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayView {
    /// Who led to the first trick.
    pub leader: Option<char>,
    /// The cards of each trick in the order played (PBN spelling; `-` unknown, `?` a gap).
    pub tricks: Vec<Vec<String>>,
    /// The seat of each card, trick by trick.
    pub seats: Vec<Vec<Option<char>>>,
    /// Who won each trick: `None` for a trick that is short, has an unknown card or seat, or
    /// whose trump suit is unknown.
    pub winners: Vec<Option<char>>,
    /// The notes by number.
    pub notes: BTreeMap<u8, String>,
}

/// The view of a board read from a document in `notation`, from its whole model (read with its
/// facts: `model::board::read_board` for a PBN game, `model::read_record` for an RBN record,
/// `model::lin::read_board` for a LIN board).
pub fn board_view(board: &BoardModel, notation: &str) -> BoardView {
    let mut hands = BTreeMap::new();
    let mut hcp = BTreeMap::new();
    let mut players = BTreeMap::new();
    let mut hidden = Vec::new();
    let hidden_seats = board.hidden();
    for seat in Seat::ALL {
        let hand = board
            .context
            .deal
            .as_ref()
            .and_then(|d| d.hands[seat.index()]);
        let suits = hand.map(|hand| {
            Suit::ALL
                .iter()
                .map(|&suit| (suit.letter(), hand.ranks(suit)))
                .collect()
        });
        hands.insert(seat.letter(), suits);
        hcp.insert(seat.letter(), hand.map(|h| h.hcp()));
        if let Some(name) = board.fact(seat.name()).filter(|n| !n.trim().is_empty()) {
            players.insert(seat.letter(), name.to_string());
        }
        if hidden_seats[seat.index()] {
            hidden.push(seat.letter());
        }
    }
    let auction = board.auction.as_ref().map(|auction| {
        let written = auction.written();
        let calls = written
            .iter()
            .map(|c| match c.kind {
                CallKind::Call(call) => call.to_string(),
                CallKind::AllPass => "AP".to_string(),
                CallKind::Query => "?".to_string(),
            })
            .collect();
        AuctionView {
            first: board.dealer().map(Seat::letter),
            calls,
            call_notes: written.iter().map(|c| c.annotation.note).collect(),
            alerts: written.iter().map(|c| c.annotation.alert).collect(),
            notes: board.notes(SectionKind::Auction).into_iter().collect(),
        }
    });
    let contract = board.contract_given();
    let trump = match contract.map(|(kind, _, _)| kind) {
        Some(ContractValue::Passed) | None => None,
        Some(kind) => Some(kind.trump()),
    };
    let play = board.play_as_written().map(|play| {
        let written = play.written();
        let card_text = |kind: &CardKind| match kind {
            CardKind::Card(card) => card.to_string(),
            CardKind::Unknown => "-".to_string(),
            CardKind::Shortcut { highest, suit } => {
                let suit = suit.map(|s| s.letter().to_string()).unwrap_or_default();
                format!("{suit}{}", if *highest { "+" } else { "-" })
            }
            CardKind::Query => "?".to_string(),
        };
        PlayView {
            leader: play.opening_leader.map(Seat::letter),
            tricks: written
                .iter()
                .map(|trick| trick.iter().map(|c| card_text(&c.kind)).collect())
                .collect(),
            seats: written
                .iter()
                .map(|trick| trick.iter().map(|c| c.seat.map(Seat::letter)).collect())
                .collect(),
            winners: written
                .iter()
                .map(|trick| trump.and_then(|trump| winner(trick, trump)))
                .collect(),
            notes: board.notes(SectionKind::Play).into_iter().collect(),
        }
    });
    BoardView {
        notation: notation.to_string(),
        board: board.fact("Board").map(str::to_string),
        dealer: board.dealer().map(Seat::letter),
        vulnerable: board.vulnerability().map(|v| v.pbn().to_string()),
        hands,
        hcp,
        hidden,
        players,
        auction,
        contract: contract.map(|(kind, _, _)| kind.pbn()),
        declarer: contract
            .and_then(|(_, declarer, _)| declarer)
            .map(Seat::letter),
        result: board.result_tricks(),
        play,
        double_dummy: None,
        handviewer: crate::convert::handviewer::handviewer_url(board),
    }
}

/// The winner of a complete trick whose cards and seats are all known.
fn winner(trick: &[crate::model::written::CardItem], trump: Option<Suit>) -> Option<char> {
    if trick.len() != 4 {
        return None;
    }
    let cards: Option<Vec<_>> = trick
        .iter()
        .map(|c| match c.kind {
            CardKind::Card(card) => c.seat.map(|seat| (seat, card)),
            _ => None,
        })
        .collect();
    trick_winner(&cards?, trump).map(Seat::letter)
}
