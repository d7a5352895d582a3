//! BBO's handviewer: the address that shows a board on bridgebase.com, for `kibitzer convert
//! --to handviewer` and the editor's board preview.

use super::to_lin::bbo_vulnerability;
use crate::bridge::{Call, Seat, Suit};
use crate::model::board::BoardModel;
use crate::model::written::{CallItem, CallKind, CardItem, CardKind};

/// The address of BBO's handviewer showing the board: hands (`n=SAKQHT98…`), dealer, vulnerability,
/// board number, names, auction and play, as far as they are known. `None` when no hand is known.
pub(crate) fn handviewer_url(board: &BoardModel) -> Option<String> {
    let deal = board.context.deal.as_ref()?;
    let mut fields: Vec<(String, String)> = Vec::new();
    for seat in Seat::ALL {
        if let Some(hand) = deal.hands[seat.index()] {
            let mut text = String::new();
            for suit in Suit::ALL {
                text.push(suit.letter());
                text.push_str(&hand.ranks(suit));
            }
            fields.push((seat.letter().to_ascii_lowercase().to_string(), text));
        }
    }
    if fields.is_empty() {
        return None;
    }
    if let Some(dealer) = board.dealer() {
        fields.push(("d".into(), dealer.letter().to_ascii_lowercase().to_string()));
    }
    if let Some(vul) = board.vulnerability() {
        fields.push(("v".into(), bbo_vulnerability(vul, "-").into()));
    }
    if let Some(number) = board.fact("Board").filter(|b| !b.is_empty()) {
        fields.push(("b".into(), number.to_string()));
    }
    for seat in Seat::ALL {
        if let Some(name) = board.fact(seat.name()).filter(|n| !n.trim().is_empty()) {
            let key = format!("{}n", seat.letter().to_ascii_lowercase());
            fields.push((key, name.to_string()));
        }
    }
    if let Some(calls) = board
        .auction
        .as_ref()
        .and_then(|a| handviewer_calls(&a.written()))
    {
        fields.push(("a".into(), calls));
    }
    if let Some(cards) = board
        .play_as_written()
        .and_then(|p| handviewer_cards(&p.written()))
    {
        fields.push(("p".into(), cards));
    }
    let query: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("{k}={}", percent_encode(v)))
        .collect();
    Some(format!(
        "https://www.bridgebase.com/tools/handviewer.html?{}",
        query.join("&")
    ))
}

/// The auction as the handviewer's `a=` wants it (`1SP4SPPP`), up to the first unknown call;
/// `AP` becomes the passes that end the auction.
fn handviewer_calls(calls: &[CallItem]) -> Option<String> {
    let mut out = String::new();
    let mut passes_in_a_row = 0;
    let mut any_bid = false;
    for item in calls {
        match item.kind {
            CallKind::Call(call) => {
                out.push_str(&match call {
                    Call::Pass => "P".to_string(),
                    Call::Double => "D".to_string(),
                    Call::Redouble => "R".to_string(),
                    Call::Bid(bid) => format!("{}{}", bid.level(), &bid.denomination().pbn()[..1]),
                });
                if call == Call::Pass {
                    passes_in_a_row += 1;
                } else {
                    passes_in_a_row = 0;
                    any_bid = true;
                }
            }
            CallKind::AllPass => {
                let needed: usize = if any_bid { 3 } else { 4 };
                out.push_str(&"P".repeat(needed.saturating_sub(passes_in_a_row)));
                break;
            }
            CallKind::Query => break,
        }
    }
    (!out.is_empty()).then_some(out)
}

/// The play as the handviewer's `p=` wants it (`CACTC5C2…`), up to the first card not known.
fn handviewer_cards(tricks: &[Vec<CardItem>]) -> Option<String> {
    let mut out = String::new();
    'tricks: for trick in tricks {
        for item in trick {
            match item.kind {
                CardKind::Card(card) => out.push_str(&card.to_string()),
                _ => break 'tricks,
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Percent-encodes everything but unreserved URL characters (names may hold spaces, accents).
fn percent_encode(value: &str) -> String {
    let mut out = String::new();
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.~".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}
