//! Lowering PBN games to the notation-neutral [`Board`] record, reading them as `kibitzer check`
//! reads them (the same context, auction and play), without judging them.

use rowan::NodeOrToken;

use crate::bridge::Seat;
use crate::model::board::*;
use crate::model::pbn::auction::AuctionModel;
use crate::model::pbn::context::{read_sections, BoardModel, TagValue, KEY_TAGS};
use crate::model::pbn::play::PlayModel;
use crate::model::pbn::play::SlotKind;
use crate::model::tags::Inheritance;
use crate::model::values::ContractValue;
use crate::syntax::ast::Game;
use crate::syntax::{Parse, SyntaxKind};

/// The tags besides the context's whose values are read into the structured parts of the board,
/// not kept as facts.
const STRUCTURED: [&str; 3] = ["Auction", "Play", "Note"];

/// Reads every game of a PBN text (inheritance resolved as the checker resolves it).
pub fn read_pbn(text: &str) -> Vec<Board> {
    read_pbn_parse(&Parse::new(text))
}

/// [`read_pbn`] from the text's parse.
pub fn read_pbn_parse(parse: &Parse) -> Vec<Board> {
    let mut inherited = Inheritance::default();
    let mut boards = Vec::new();
    for node in parse.syntax().children() {
        let Some(game) = Game::cast(node) else {
            continue;
        };
        boards.push(read_game(&game, &inherited));
        inherited.advance(&game);
    }
    boards
}

/// Reads one PBN game.
pub(crate) fn read_game(game: &Game, inherited: &Inheritance) -> Board {
    let mut board = Board::default();
    read_info(game, inherited, &mut board);
    read_bridge(game, inherited, &mut board);
    read_commentary(game, &mut board);
    board
}

/// The structured parts of a game, read into `board`.
fn read_bridge(game: &Game, inherited: &Inheritance, board: &mut Board) {
    let sections = read_sections(game, inherited);
    let ctx = &sections.context;
    let at = |tag: &Option<TagValue>| tag.as_ref().map(|t| t.range);
    board.dealer = ctx.dealer.map(|s| (s, at(&ctx.dealer_tag)));
    board.vulnerability = ctx.vulnerability.map(|v| (v, None));
    board.deal = deal_record(game, &sections);
    read_contract_and_result(&sections, board);
    let (auction_notes, play_notes) = section_notes(game);
    let mut nags = false;
    if let Some(model) = &sections.auction {
        let (record, with_nags) = auction_record(model, auction_notes);
        nags |= with_nags;
        board.auction = Some(record);
    }
    if let Some(model) = &sections.play {
        let (record, with_nags) = play_record(model, play_notes);
        nags |= with_nags;
        board.play = Some(record);
    }
    if nags {
        board
            .dropped
            .push("numeric annotation glyphs ($n)".to_string());
    }
}

/// The descriptive tags (everything not read into the structured parts), `#` and `##` followed:
/// a tag the game leaves out takes the value a `##` of an earlier game set.
fn read_info(game: &Game, inherited: &Inheritance, board: &mut Board) {
    let given: Vec<String> = game.tag_pairs().map(|t| t.name()).collect();
    for (name, value) in inherited.defaults() {
        let structured = KEY_TAGS.contains(&name) || STRUCTURED.contains(&name);
        let shown = !value.is_empty() && value != "?";
        if shown && !structured && name != "Hidden" && !given.iter().any(|g| g == name) {
            board.set_info(name, value.to_string(), None);
        }
    }
    for tag in game.tag_pairs() {
        let name = tag.name();
        let in_section = tag
            .syntax()
            .parent()
            .is_some_and(|p| p.kind() != SyntaxKind::GAME);
        if in_section || KEY_TAGS.contains(&name.as_str()) || STRUCTURED.contains(&name.as_str()) {
            continue;
        }
        let Some(mut value) = tag.value() else {
            continue;
        };
        if value == "#" {
            value = inherited.previous(&name).unwrap_or("").to_string();
        } else if let Some(v) = value.strip_prefix("##") {
            value = v.to_string();
        }
        if name == "Hidden" {
            continue;
        }
        if !value.is_empty() && value != "?" {
            board.set_info(&name, value, None);
        }
    }
}

/// The hands, with the seat written first, the hidden hands, and where the Deal and each hand
/// stand.
fn deal_record(game: &Game, sections: &BoardModel) -> Option<DealRecord> {
    let ctx = &sections.context;
    let deal = ctx.deal?;
    let first = ctx
        .deal_tag
        .as_ref()
        .and_then(|t| t.text.chars().next())
        .and_then(|c| Seat::from_char(c.to_ascii_uppercase()));
    let hidden = game
        .tag_pairs()
        .find(|t| t.is_named("Hidden"))
        .and_then(|t| t.value())
        .unwrap_or_default();
    let mut record = DealRecord {
        first,
        hands: deal.hands,
        origin: ctx.deal_tag.as_ref().map(|t| t.range),
        ..DealRecord::default()
    };
    if let Some(model) = &sections.deal {
        // The hands stand in the text from the first seat on (the context has a deal only when
        // that seat is readable).
        let from = model.first.unwrap_or(Seat::North);
        for (i, hand) in model.text.hands.iter().take(4).enumerate() {
            record.hand_origins[from.offset(i).index()] = Some(hand.range);
        }
    }
    for c in hidden.chars() {
        if let Some(seat) = Seat::from_char(c.to_ascii_uppercase()) {
            record.hidden[seat.index()] = true;
        }
    }
    Some(record)
}

/// The contract with its declarer (from the tags, else the finished auction) and the result.
fn read_contract_and_result(sections: &BoardModel, board: &mut Board) {
    let ctx = &sections.context;
    let declarer = ctx.declarer_seat();
    if let Some(kind) = ctx.contract {
        board.contract = Some(ContractRecord {
            kind,
            declarer,
            origin: ctx.contract_tag.as_ref().map(|t| t.range),
        });
    }
    // Without a Contract tag, the finished auction says what the contract is (the play needs
    // the trumps to know who won each trick).
    if board.contract.is_none() {
        if let Some(model) = &sections.auction {
            if let (Some(contract), Some(declarer)) = (model.contract, model.declarer) {
                board.contract = Some(ContractRecord {
                    kind: ContractValue::Contract(contract),
                    declarer: Some(declarer),
                    origin: None,
                });
            }
        }
    }
    if let Some(result) = ctx.result {
        if let Some(n) = result.declarer_tricks(declarer) {
            board.result = Some((n, ctx.result_tag.as_ref().map(|t| t.range)));
        }
    }
}

/// The notes of a section: number and text.
type Notes = Vec<(u8, String)>;

/// The notes of the Auction and the Play sections.
fn section_notes(game: &Game) -> (Notes, Notes) {
    let mut auction_notes = Vec::new();
    let mut play_notes = Vec::new();
    for section in game.sections() {
        let notes: Vec<(u8, String)> = section
            .notes()
            .filter_map(|t| t.value())
            .filter_map(|v| {
                let (index, text) = v.split_once(':')?;
                Some((index.trim().parse().ok()?, text.to_string()))
            })
            .collect();
        match section.kind() {
            SyntaxKind::AUCTION_SECTION => auction_notes = notes,
            SyntaxKind::PLAY_SECTION => play_notes = notes,
            _ => {}
        }
    }
    (auction_notes, play_notes)
}

/// The auction as a record, and whether it carried NAGs (which the record drops).
fn auction_record(model: &AuctionModel, notes: Notes) -> (AuctionRecord, bool) {
    let mut nags = false;
    let mut record = AuctionRecord {
        notes,
        ..AuctionRecord::default()
    };
    for entry in &model.calls {
        nags |= !entry.annotations.nags.is_empty();
        record.calls.push(CallItem {
            kind: CallKind::Call(entry.call),
            annotation: Annotation {
                suffix: entry.annotations.suffix.as_ref().map(|s| s.text.clone()),
                alert: false,
                note: entry
                    .annotations
                    .note
                    .and_then(|n| u8::try_from(n.index).ok()),
            },
            origin: Some(entry.annotations.extent(entry.range)),
        });
    }
    if let Some(all_pass) = model.all_pass {
        record.calls.push(CallItem {
            kind: CallKind::AllPass,
            annotation: Annotation::default(),
            origin: Some(model.all_pass_annotations.extent(all_pass)),
        });
    }
    (record, nags)
}

/// The play as a record, trick by trick in the order of play, and whether it carried NAGs.
fn play_record(model: &PlayModel, notes: Notes) -> (PlayRecord, bool) {
    let mut nags = false;
    let mut record = PlayRecord {
        leader: model.opening_leader,
        notes,
        ..PlayRecord::default()
    };
    for trick in &model.tricks {
        let mut cards = Vec::new();
        for slot in trick.cards.iter().filter(|s| s.played) {
            nags |= !slot.annotations().nags.is_empty();
            let kind = match slot.kind {
                SlotKind::Card(card) => CardKind::Card(card),
                SlotKind::Unknown => CardKind::Unknown,
                SlotKind::Continue => continue,
            };
            cards.push(CardItem {
                kind,
                seat: Some(slot.seat),
                annotation: Annotation {
                    suffix: slot.annotations().suffix.as_ref().map(|s| s.text.clone()),
                    alert: false,
                    note: slot
                        .annotations()
                        .note
                        .and_then(|n| u8::try_from(n.index).ok()),
                },
                origin: Some(slot.annotations().extent(slot.range)),
            });
        }
        if !cards.is_empty() {
            record.tricks.push(cards);
        }
    }
    (record, nags)
}

/// The comments of the game, as commentary.
fn read_commentary(game: &Game, board: &mut Board) {
    for element in game.syntax().descendants_with_tokens() {
        if let NodeOrToken::Token(token) = element {
            let text = token.text();
            match token.kind() {
                SyntaxKind::COMMENT_BLOCK => {
                    let inner = text.strip_prefix('{').unwrap_or(text);
                    board
                        .commentary
                        .push(inner.strip_suffix('}').unwrap_or(inner).to_string());
                }
                SyntaxKind::COMMENT_LINE => {
                    board
                        .commentary
                        .push(text.strip_prefix(';').unwrap_or(text).trim().to_string());
                }
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::board::Origin;
    use crate::model::pbn::tests::{game, GAME};

    #[test]
    fn a_game_read_as_a_board_says_where_each_piece_stands() {
        let board = read_game(&Game::cast(game(GAME)).unwrap(), &Inheritance::default());
        let at = |origin: Origin| origin.map(|range| &GAME[range]);
        assert_eq!(at(board.dealer.unwrap().1), Some("N"));
        let deal = board.deal.as_ref().unwrap();
        assert!(at(deal.origin).unwrap().starts_with("N:AKQJ.T98"));
        let hands: Vec<_> = deal.hand_origins.iter().map(|&o| at(o)).collect();
        assert_eq!(
            hands,
            [
                Some("AKQJ.T98.765.432"),
                Some("T98.765.432.AKQJ"),
                Some("765.432.AKQJ.T98"),
                Some("432.AKQJ.T98.765"),
            ]
        );
        assert_eq!(at(board.contract.unwrap().origin), Some("4SX"));
        assert_eq!(at(board.result.unwrap().1), Some("10"));
        let auction = board.auction.as_ref().unwrap();
        let calls: Vec<_> = auction.calls.iter().map(|c| at(c.origin)).collect();
        assert_eq!(
            calls,
            [
                Some("1S =1="),
                Some("Pass"),
                Some("4S"),
                Some("X"),
                Some("AP")
            ]
        );
        let play = board.play.as_ref().unwrap();
        let cards: Vec<_> = play.tricks.iter().flatten().map(|c| at(c.origin)).collect();
        assert_eq!(cards.len(), 8);
        assert_eq!(cards[..4], [Some("CA"), Some("CT"), Some("C5"), Some("C2")]);
    }
}
