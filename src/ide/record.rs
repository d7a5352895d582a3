//! Editor features over the format-neutral board record, for RBN and LIN: the hand diagram, the
//! score, a call with its note and a card with its trick. Each finds the item by the source range
//! it was read from. A call or a card is described as a PBN game's is, by the same hover over
//! the board read into its model ([`read_board_for_editor`]). (The inlay hints over the record,
//! for every notation, are in `hints`.)

use super::diagram::DealDiagram;
use super::hover::describe_call;
use crate::bridge::{Auction, Card, Deal, Seat};
use crate::convert::Board;
use crate::model::board::{CallKind, CardKind};
use crate::model::pbn::{playable, read_board_for_editor, written_before, AuctionView, Turn};
use crate::model::values::ContractValue;
use crate::syntax::{TextRange, TextSize};

/// The auction of `board` followed through the calls written before `before`, as a PBN game's
/// is ([`followed_before`](crate::model::pbn::AuctionView::followed_before)), when it is still
/// open there: what the next call may be. `None` when the dealer is unknown, or when the
/// auction has ended or reached a quiz point (`Y`) before `before`.
pub(crate) fn open_auction_before(board: &Board, before: TextSize) -> Option<Auction> {
    let quiz_before =
        board.auction.iter().flat_map(|a| &a.calls).any(|c| {
            c.kind == CallKind::Query && c.origin.is_some_and(|o| written_before(o, before))
        });
    if quiz_before {
        return None;
    }
    let state = read_board_for_editor(board)
        .map
        .auction?
        .followed_before(before)?;
    (!state.is_finished()).then_some(state)
}

/// The turn after the cards of `board` written before `before`, as a PBN game's play is followed
/// (over the board lowered to a game's model), and the cards its player may play there. When
/// the board's play names no leader yet, the first trick is led by `leader`, else by
/// declarer's left-hand opponent. `None` when the play has reached a quiz point (RBN's `Y`)
/// before `before`, or when who plays or their hand is unknown.
pub(crate) fn playable_before(
    board: &Board,
    before: TextSize,
    leader: Option<Seat>,
) -> Option<(Turn, Vec<Card>)> {
    let cards = board.play.iter().flat_map(|p| &p.tricks).flatten();
    let query_before = cards
        .filter(|c| c.kind == CardKind::Query)
        .any(|c| c.origin.is_some_and(|o| written_before(o, before)));
    if query_before {
        return None;
    }
    let model = read_board_for_editor(board);
    let turn = match &model.map.play {
        Some(play) => play.turn_after(before)?,
        None => {
            let auction = model.map.auction.as_ref().and_then(AuctionView::followed);
            let declarer = model.declarer().or(auction.and_then(|a| a.declarer()));
            let seat = leader.or(declarer.map(Seat::lho))?;
            Turn {
                trick: 0,
                place: 0,
                seat,
            }
        }
    };
    let cards = playable(&model, turn.trick, turn.seat)?;
    Some((turn, cards))
}

pub(crate) fn deal_of(board: &Board) -> Option<Deal> {
    board.deal.as_ref().map(|d| Deal::from_hands(d.hands))
}

fn contract_value(board: &Board) -> Option<ContractValue> {
    board.contract.map(|c| c.kind)
}

/// The outline name of a board record, as PBN games are named (`Board 7 · 4♠X by N · 10
/// tricks`).
pub(crate) fn board_title(board: &Board) -> String {
    super::outline::title(
        board.info("Board"),
        contract_value(board),
        board.contract.and_then(|c| c.declarer),
        board.result.map(|(t, _)| t),
    )
}

/// The diagram of a board's hands; `hidden_source` says what marks a hand hidden.
pub(crate) fn diagram(board: &Board, hidden_source: &'static str) -> Option<DealDiagram> {
    let deal = deal_of(board)?;
    let hidden: Vec<Seat> = board
        .deal
        .as_ref()
        .map(|d| {
            Seat::ALL
                .into_iter()
                .filter(|s| d.hidden[s.index()])
                .collect()
        })
        .unwrap_or_default();
    Some(DealDiagram {
        deal,
        board: board.info("Board").map(str::to_string),
        dealer: board.dealer.map(|(s, _)| s),
        vulnerability: board.vulnerability.map(|(v, _)| v),
        hidden,
        hidden_source,
    })
}

/// The score of the board's contract and result, when it has a contract: a PBN game's Contract
/// hover, over the board lowered to a game's model.
pub(crate) fn score(board: &Board) -> Option<String> {
    super::hover::score_text(&read_board_for_editor(board))
}

/// The hover of the call read from `range`: that of a game's call, over the board lowered to a
/// game's model (so the seat, legality and note are the ones the checks read); a quiz point has
/// words of its own, and a call the model does not reach (after the end) is only named.
pub(crate) fn call_hover(board: &Board, range: TextRange) -> Option<String> {
    let auction = board.auction.as_ref()?;
    let item = auction.calls.iter().find(|c| c.origin == Some(range))?;
    match item.kind {
        CallKind::Query => Some("**Y**: what would you call here?".to_string()),
        CallKind::AllPass => super::hover::call_hover(&read_board_for_editor(board), range),
        CallKind::Call(call) => super::hover::call_hover(&read_board_for_editor(board), range)
            .or_else(|| Some(format!("**{}**", describe_call(call)))),
    }
}

/// The hover of the card read from `range`.
pub(crate) fn card_hover(board: &Board, range: TextRange) -> Option<String> {
    let play = board.play.as_ref()?;
    let (trick, item) = play.tricks.iter().enumerate().find_map(|(i, trick)| {
        trick
            .iter()
            .find(|c| c.origin == Some(range))
            .map(|item| (i, item))
    })?;
    if matches!(item.kind, CardKind::Card(_) | CardKind::Unknown) {
        // As a game's card, over the board lowered to a game's model: the seat, the trick's
        // leader and winner as the checks follow the play.
        if let Some(hover) = super::hover::card_hover(&read_board_for_editor(board), range) {
            return Some(hover);
        }
    }
    // The cards only this notation writes (a shortcut, a quiz point), and those of a play the
    // model cannot follow (no opening leader).
    let what = match item.kind {
        CardKind::Card(card) => card.symbolic(),
        CardKind::Shortcut { highest, suit } => {
            let which = if highest { "highest" } else { "lowest" };
            match suit {
                Some(suit) => format!("the {which} {}", suit.name()),
                None => format!("the {which} card of the suit led"),
            }
        }
        CardKind::Unknown => "an unknown card".to_string(),
        CardKind::Query => "Y: what would you play here?".to_string(),
    };
    let mut out = format!("**{what}**");
    if let Some(seat) = item.seat {
        out.push_str(&format!(" played by {}", seat.name()));
    }
    out.push_str(&format!("\n\nTrick {}", trick + 1));
    if let Some(leader) = play.tricks[trick].first().and_then(|c| c.seat) {
        out.push_str(&format!(", led by {}", leader.name()));
    }
    out.push('.');
    if let Some(number) = item.annotation.note {
        if let Some((_, text)) = play.notes.iter().find(|(n, _)| *n == number) {
            out.push_str(&format!("\n\nNote {number}: {text}"));
        }
    }
    Some(out)
}
