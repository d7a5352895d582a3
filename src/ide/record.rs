//! Editor features over the model of an RBN record or a LIN board: the hand diagram, the score,
//! a call with its note and a card with its trick. Each finds the item by the source range it
//! was read from. A call or a card is described as a PBN game's is, by the same hover over the
//! same model; what only these notations write (a quiz point, a card shortcut) has words of its
//! own. (The inlay hints, for every notation, are in `hints`.)

use super::diagram::DealDiagram;
use super::hover::describe_call;
use crate::bridge::{Auction, Card, Deal, Seat};
use crate::model::board::{playable, written_before, AuctionView, BoardModel, SectionKind, Turn};
use crate::model::written::{CallItem, CallKind, CardKind};
use crate::syntax::{TextRange, TextSize};

/// The calls of `board` as written (all of them, a quiz point and what follows it included).
fn written_calls(board: &BoardModel) -> Vec<CallItem> {
    board.auction.iter().flat_map(|a| a.written()).collect()
}

/// The auction of `board` followed through the calls written before `before`, as a PBN game's
/// is ([`followed_before`](crate::model::board::AuctionView::followed_before)), when it is still
/// open there: what the next call may be. `None` when the dealer is unknown, or when the
/// auction has ended or reached a quiz point (`Y`) before `before`.
pub(crate) fn open_auction_before(board: &BoardModel, before: TextSize) -> Option<Auction> {
    let quiz_before = written_calls(board)
        .iter()
        .any(|c| c.kind == CallKind::Query && c.origin.is_some_and(|o| written_before(o, before)));
    if quiz_before {
        return None;
    }
    let state = board.auction_view()?.followed_before(before)?;
    (!state.is_finished()).then_some(state)
}

/// The turn after the cards of `board` written before `before`, as a PBN game's play is followed
/// (over the board lowered to a game's model), and the cards its player may play there. When
/// the board's play names no leader yet, the first trick is led by `leader`, else by
/// declarer's left-hand opponent. `None` when the play has reached a quiz point (RBN's `Y`)
/// before `before`, or when who plays or their hand is unknown.
pub(crate) fn playable_before(
    model: &BoardModel,
    before: TextSize,
    leader: Option<Seat>,
) -> Option<(Turn, Vec<Card>)> {
    let tricks = model
        .play_as_written()
        .into_iter()
        .flat_map(|p| p.written());
    let query_before = tricks
        .flatten()
        .filter(|c| c.kind == CardKind::Query)
        .any(|c| c.origin.is_some_and(|o| written_before(o, before)));
    if query_before {
        return None;
    }
    let turn = match model.play_view() {
        Some(play) => play.turn_after(before)?,
        None => {
            let auction = model
                .auction_view()
                .as_ref()
                .and_then(AuctionView::followed);
            let declarer = model.declarer().or(auction.and_then(|a| a.declarer()));
            let seat = leader.or(declarer.map(Seat::lho))?;
            Turn {
                trick: 0,
                place: 0,
                seat,
            }
        }
    };
    let cards = playable(model, turn.trick, turn.seat)?;
    Some((turn, cards))
}

pub(crate) fn deal_of(board: &BoardModel) -> Option<Deal> {
    board.context.deal
}

/// The outline name of a board record, as PBN games are named (`Board 7 · 4♠X by N · 10
/// tricks`).
pub(crate) fn board_title(board: &BoardModel) -> String {
    let contract = board.contract_given();
    super::outline::title(
        board.fact("Board"),
        contract.map(|(kind, _, _)| kind),
        contract.and_then(|(_, declarer, _)| declarer),
        board.result_tricks(),
    )
}

/// The diagram of a board's hands; `hidden_source` says what marks a hand hidden.
pub(crate) fn diagram(board: &BoardModel, hidden_source: &'static str) -> Option<DealDiagram> {
    let deal = deal_of(board)?;
    let hidden_seats = board.hidden();
    let hidden: Vec<Seat> = Seat::ALL
        .into_iter()
        .filter(|s| hidden_seats[s.index()])
        .collect();
    Some(DealDiagram {
        deal,
        board: board.fact("Board").map(str::to_string),
        dealer: board.dealer(),
        vulnerability: board.vulnerability(),
        hidden,
        hidden_source,
    })
}

/// The score of the board's contract and result, when it has a contract: a PBN game's Contract
/// hover, over the board lowered to a game's model.
pub(crate) fn score(board: &BoardModel) -> Option<String> {
    super::hover::score_text(board)
}

/// The hover of the call read from `range`: that of a game's call, over the board lowered to a
/// game's model (so the seat, legality and note are the ones the checks read); a quiz point has
/// words of its own, and a call the model does not reach (after the end) is only named.
pub(crate) fn call_hover(board: &BoardModel, range: TextRange) -> Option<String> {
    let calls = written_calls(board);
    let item = calls.iter().find(|c| c.origin == Some(range))?;
    match item.kind {
        CallKind::Query => Some("**Y**: what would you call here?".to_string()),
        CallKind::AllPass => super::hover::call_hover(board, range),
        CallKind::Call(call) => super::hover::call_hover(board, range)
            .or_else(|| Some(format!("**{}**", describe_call(call)))),
    }
}

/// The hover of the card read from `range`.
pub(crate) fn card_hover(board: &BoardModel, range: TextRange) -> Option<String> {
    let tricks = board.play_as_written()?.written();
    let (trick, item) = tricks.iter().enumerate().find_map(|(i, trick)| {
        trick
            .iter()
            .find(|c| c.origin == Some(range))
            .map(|item| (i, item))
    })?;
    if matches!(item.kind, CardKind::Card(_) | CardKind::Unknown) {
        // As a game's card, over the board lowered to a game's model: the seat, the trick's
        // leader and winner as the checks follow the play.
        if let Some(hover) = super::hover::card_hover(board, range) {
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
    if let Some(leader) = tricks[trick].first().and_then(|c| c.seat) {
        out.push_str(&format!(", led by {}", leader.name()));
    }
    out.push('.');
    if let Some(number) = item.annotation.note {
        let notes = board.notes(SectionKind::Play);
        if let Some((_, text)) = notes.iter().find(|(n, _)| *n == number) {
            out.push_str(&format!("\n\nNote {number}: {text}"));
        }
    }
    Some(out)
}
