//! Prints what Kibitzer reads from LIN files, one JSON object a board, for the comparison with
//! other LIN readers (`scripts/lin_readers_diff.py`).
//!
//! `cargo run --release --example lin_boards -- FILE...`: for each file, a line
//! `{"file": …, "boards": [{"deal": {"N": "SAK…", …}, "dealer", "vul", "calls", "cards"}, …]}`.
//! Hands are written suit by suit from spades, each card as suit letter and rank (`SA`, `HT`);
//! calls as `P`, `X`, `XX` or a bid (`1C`, `3N`); cards in the order played.

use kibitzer::bridge::{Call, Seat, Suit};
use kibitzer::model::board::BoardModel;
use kibitzer::model::written::{CallKind, CardKind};
use serde_json::{json, Value};
use std::process::ExitCode;

fn board_json(board: &BoardModel) -> Value {
    let mut deal = serde_json::Map::new();
    if let Some(record) = &board.context.deal {
        for seat in Seat::ALL {
            let Some(hand) = record.hands[seat.index()] else {
                continue;
            };
            // Ranks from the highest down, as `Hand::ranks` writes them (`T` for the ten).
            let cards: String = Suit::ALL
                .iter()
                .flat_map(|&suit| {
                    hand.ranks(suit)
                        .chars()
                        .map(move |rank| format!("{}{rank}", suit.letter()))
                        .collect::<Vec<_>>()
                })
                .collect();
            deal.insert(seat.letter().to_string(), Value::String(cards));
        }
    }
    let calls: Vec<String> = board
        .auction
        .iter()
        .flat_map(|a| a.written())
        .filter_map(|item| match item.kind {
            CallKind::Call(Call::Pass) => Some("P".to_string()),
            CallKind::Call(Call::Double) => Some("X".to_string()),
            CallKind::Call(Call::Redouble) => Some("XX".to_string()),
            CallKind::Call(Call::Bid(bid)) => {
                Some(format!("{}{}", bid.level(), &bid.denomination().pbn()[..1]))
            }
            _ => None,
        })
        .collect();
    let cards: Vec<String> = board
        .play
        .iter()
        .flat_map(|p| p.written())
        .flatten()
        .filter_map(|item| match item.kind {
            CardKind::Card(card) => Some(format!("{}{}", card.suit.letter(), card.rank.letter())),
            _ => None,
        })
        .collect();
    json!({
        "deal": deal,
        "dealer": board.dealer().map(|s| s.letter().to_string()),
        "vul": board.vulnerability().map(|v| v.pbn().to_string()),
        "calls": calls,
        "cards": cards,
    })
}

fn main() -> ExitCode {
    let mut status = ExitCode::SUCCESS;
    for path in std::env::args().skip(1) {
        let source = match kibitzer::text::read_file(std::path::Path::new(&path)) {
            Ok(source) => source,
            Err(error) => {
                eprintln!("{path}: {error}");
                status = ExitCode::from(2);
                continue;
            }
        };
        let boards: Vec<Value> = kibitzer::model::read_lin(&source.text)
            .iter()
            .map(board_json)
            .collect();
        println!("{}", json!({"file": path, "boards": boards}));
    }
    status
}
