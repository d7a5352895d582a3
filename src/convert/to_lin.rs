//! Writing [`Board`]s as LIN, one board a line, in the order BBO writes the keys.

use crate::bridge::{Call, Seat, Suit, Vulnerability};
use crate::model::board::*;
use crate::model::lin::MD_ORDER;

/// The facts LIN has a key for; every other fact is reported as dropped.
const CARRIED: [&str; 6] = ["Board", "Room", "North", "East", "South", "West"];

/// The facts a vugraph header (`vg`) carries for every board.
const MATCH: [&str; 5] = ["Event", "Stage", "Scoring", "HomeTeam", "VisitTeam"];

/// Writes boards as a LIN file, and the list of what LIN cannot express.
pub fn write_lin(boards: &[Board]) -> (String, Vec<String>) {
    let mut out = String::new();
    let mut dropped = Vec::new();
    let several = boards.len() > 1;
    if let Some(header) = vugraph_header(boards) {
        out.push_str(&header);
        out.push('\n');
    }
    for board in boards {
        // What the reading could not keep in the record is lost in every target.
        for what in &board.dropped {
            note(&mut dropped, what.clone());
        }
        out.push_str(&write_board(board, several, &mut dropped));
        out.push('\n');
    }
    (out, dropped)
}

fn note(dropped: &mut Vec<String>, what: String) {
    if !dropped.contains(&what) {
        dropped.push(what);
    }
}

/// The letter BBO writes for a vulnerability: `n` (North-South), `e` (East-West) or `b` (both),
/// and `none` for neither side, which LIN (`o`) and the handviewer (`-`) spell differently.
pub(crate) fn bbo_vulnerability(vul: Vulnerability, none: &'static str) -> &'static str {
    match vul {
        Vulnerability::None => none,
        Vulnerability::NS => "n",
        Vulnerability::EW => "e",
        Vulnerability::All => "b",
    }
}

/// One board as a line of pairs.
fn write_board(board: &Board, with_qx: bool, dropped: &mut Vec<String>) -> String {
    let mut pairs: Vec<(&str, String)> = Vec::new();
    let number = board.info("Board").map(str::to_string);
    if with_qx || board.info("Room").is_some() {
        // No room letter when the source named no room (a teaching file's `qx|A2|`).
        let room = match board.info("Room") {
            Some(r) if r.eq_ignore_ascii_case("closed") => "c",
            Some(r) if r.eq_ignore_ascii_case("open") => "o",
            _ => "",
        };
        pairs.push((
            "qx",
            format!("{room}{}", number.clone().unwrap_or_default()),
        ));
    }
    let names: Vec<String> = MD_ORDER
        .iter()
        .map(|s| board.info(s.name()).unwrap_or("").replace([',', '|'], " "))
        .collect();
    if names.iter().any(|n| !n.is_empty()) {
        pairs.push(("pn", names.join(",")));
    }
    pairs.push(("st", String::new()));
    if let Some(md) = md_value(board) {
        pairs.push(("md", md));
    }
    pairs.push(("rh", String::new()));
    if let Some(number) = &number {
        pairs.push(("ah", format!("Board {number}")));
    }
    if let Some((vul, _)) = board.vulnerability {
        pairs.push(("sv", bbo_vulnerability(vul, "o").to_string()));
    }
    if let Some(auction) = &board.auction {
        write_auction(&mut pairs, auction, dropped);
    }
    let mut played = 0;
    if let Some(play) = &board.play {
        pairs.push(("pg", String::new()));
        'tricks: for trick in &play.tricks {
            for item in trick {
                match item.kind {
                    CardKind::Card(card) => {
                        pairs.push((
                            "pc",
                            format!("{}{}", card.suit.letter(), card.rank.letter()),
                        ));
                        played += 1;
                    }
                    _ => {
                        note(dropped, "the play after a card that is not known".into());
                        break 'tricks;
                    }
                }
            }
            pairs.push(("pg", String::new()));
        }
    }
    if let Some((result, _)) = board.result {
        // LIN has no result key: a claim says it, unless the play shows every trick.
        if played < 52 {
            pairs.push(("mc", result.to_string()));
        }
    }
    for comment in &board.commentary {
        pairs.push(("nt", comment.replace('|', "/")));
    }
    for info in &board.info {
        if !CARRIED.contains(&info.name.as_str()) && !MATCH.contains(&info.name.as_str()) {
            note(dropped, format!("the {} tag", info.name));
        }
    }
    if board
        .deal
        .as_ref()
        .is_some_and(|d| d.hidden.iter().any(|h| *h))
    {
        note(dropped, "which hands are hidden".into());
    }
    if board.dealer.is_none() && board.deal.is_some() {
        note(
            dropped,
            "a deal without a dealer (LIN's md starts with it)".into(),
        );
    }
    pairs
        .iter()
        .map(|(k, v)| format!("{k}|{v}|"))
        .collect::<String>()
}

/// The `vg` header line for boards that carry match data (event, segment, scoring, teams), from
/// the first board that has any.
fn vugraph_header(boards: &[Board]) -> Option<String> {
    let first = boards
        .iter()
        .find(|b| MATCH.iter().any(|m| b.info(m).is_some()))?;
    let field = |name: &str| first.info(name).unwrap_or("").replace([',', '|'], " ");
    let scoring = match first.info("Scoring").map(|s| s.trim().to_ascii_uppercase()) {
        Some(s) if s.starts_with("IMP") => "I",
        Some(s) if s.starts_with("MP") || s.starts_with("MATCHPOINT") => "P",
        Some(s) if s.starts_with("BAM") => "B",
        _ => "",
    };
    let numbers: Vec<u32> = boards
        .iter()
        .filter_map(|b| b.info("Board")?.trim().parse().ok())
        .collect();
    let low = numbers.iter().min().map(u32::to_string).unwrap_or_default();
    let high = numbers.iter().max().map(u32::to_string).unwrap_or_default();
    Some(format!(
        "vg|{},{},{scoring},{low},{high},{},0,{},0|",
        field("Event"),
        field("Stage"),
        field("HomeTeam"),
        field("VisitTeam")
    ))
}

/// The `md` value: the dealer digit, then the hands of South, West, North and East.
fn md_value(board: &Board) -> Option<String> {
    let deal = board.deal.as_ref()?;
    let digit = match board.dealer.map(|d| d.0) {
        Some(Seat::South) => '1',
        Some(Seat::West) => '2',
        Some(Seat::North) => '3',
        Some(Seat::East) => '4',
        None => '3',
    };
    let hands: Vec<String> = MD_ORDER
        .iter()
        .map(|seat| match deal.hands[seat.index()] {
            Some(hand) => Suit::ALL
                .iter()
                .map(|&suit| format!("{}{}", suit.letter(), hand.ranks(suit)))
                .collect(),
            None => String::new(),
        })
        .collect();
    Some(format!("{digit}{}", hands.join(",")))
}

fn write_auction(
    pairs: &mut Vec<(&str, String)>,
    auction: &AuctionRecord,
    dropped: &mut Vec<String>,
) {
    let mut any_bid = false;
    let mut passes = 0;
    for item in &auction.calls {
        let call = match item.kind {
            CallKind::Call(call) => call,
            CallKind::AllPass => {
                let needed: usize = if any_bid { 3 } else { 4 };
                for _ in passes..needed {
                    pairs.push(("mb", "p".into()));
                }
                break;
            }
            CallKind::Query => {
                note(
                    dropped,
                    "a call marked unknown, and the calls after it".into(),
                );
                break;
            }
        };
        let mut text = match call {
            Call::Pass => "p".to_string(),
            Call::Double => "d".to_string(),
            Call::Redouble => "r".to_string(),
            Call::Bid(bid) => {
                format!("{}{}", bid.level(), &bid.denomination().pbn()[..1]).to_ascii_lowercase()
            }
        };
        if call == Call::Pass {
            passes += 1;
        } else {
            passes = 0;
            any_bid = true;
        }
        let explanation = item
            .annotation
            .note
            .and_then(|n| auction.notes.iter().find(|(i, _)| *i == n))
            .map(|(_, t)| t.replace('|', "/"));
        if item.annotation.alert || explanation.is_some() {
            text.push('!');
        }
        pairs.push(("mb", text));
        if let Some(explanation) = explanation {
            pairs.push(("an", explanation));
        }
        if item.annotation.suffix.is_some() {
            note(dropped, "the annotations (`!`, `?`) of calls".into());
        }
    }
}
