//! Writing [`Board`]s as LIN, one board a line, in the order BBO writes the keys.

use crate::bridge::{Call, Seat, Suit, Vulnerability};
use crate::model::board::{BoardModel, SectionKind};
use crate::model::lin::MD_ORDER;
use crate::model::values::ContractValue;
use crate::model::written::{calls_end, CallItem, CallKind, CardItem, CardKind};

/// The facts LIN has a key for; every other fact is reported as dropped.
const CARRIED: [&str; 6] = ["Board", "Room", "North", "East", "South", "West"];

/// The facts a vugraph header (`vg`) carries for every board.
const MATCH: [&str; 5] = ["Event", "Stage", "Scoring", "HomeTeam", "VisitTeam"];

/// Writes boards as a LIN file, and the list of what LIN cannot express.
pub fn write_lin(boards: &[BoardModel]) -> (String, Vec<String>) {
    let mut out = String::new();
    let mut dropped = Vec::new();
    let header = vugraph_header(boards);
    // A board after a vugraph header starts at its qx (a reader takes a line of pairs with no
    // qx and no deal for more of the header).
    let several = boards.len() > 1 || header.is_some();
    if let Some(header) = header {
        out.push_str(&header);
        out.push('\n');
    }
    for (position, board) in boards.iter().enumerate() {
        // What the reading could not keep in the record is lost in every target.
        for what in &board.dropped {
            note(&mut dropped, what.clone());
        }
        out.push_str(&write_board(board, position + 1, several, &mut dropped));
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
fn write_board(
    board: &BoardModel,
    position: usize,
    with_qx: bool,
    dropped: &mut Vec<String>,
) -> String {
    let mut pairs: Vec<(&str, String)> = Vec::new();
    if with_qx || board.fact("Room").is_some() {
        pairs.push(("qx", qx_value(board, position, dropped)));
    }
    let names: Vec<String> = MD_ORDER
        .iter()
        .map(|s| board.fact(s.name()).unwrap_or("").replace([',', '|'], " "))
        .collect();
    if names.iter().any(|n| !n.is_empty()) {
        pairs.push(("pn", names.join(",")));
    }
    pairs.push(("st", String::new()));
    if let Some(md) = md_value(board) {
        pairs.push(("md", md));
    }
    pairs.push(("rh", String::new()));
    if let Some(name) = board.fact("Board") {
        pairs.push(("ah", format!("Board {name}")));
    }
    if let Some(vul) = board.vulnerability() {
        pairs.push(("sv", bbo_vulnerability(vul, "o").to_string()));
    }
    let calls = board.auction.as_ref().map(|a| a.written());
    if let Some(calls) = &calls {
        write_auction(
            &mut pairs,
            calls,
            &board.notes(SectionKind::Auction),
            dropped,
        );
    }
    let played = match board.play_as_written() {
        Some(play) => write_play(&mut pairs, &play.written(), dropped),
        None => 0,
    };
    if let Some(result) = board.result_tricks() {
        // LIN has no result key: a claim says it, unless the play shows every trick.
        if played < 52 {
            pairs.push(("mc", result.to_string()));
        }
    }
    for comment in &board.commentary {
        pairs.push(("nt", comment.replace('|', "/")));
    }
    note_unwritten(board, calls.as_deref(), dropped);
    pairs
        .iter()
        .map(|(k, v)| format!("{k}|{v}|"))
        .collect::<String>()
}

/// The `qx` value: the room letter (when the source named one) and the board's number, or its
/// place in the file when it has none (said in `dropped`).
fn qx_value(board: &BoardModel, position: usize, dropped: &mut Vec<String>) -> String {
    let number = match board_number(board) {
        Some(n) => n.to_string(),
        None => {
            note(
                dropped,
                match board.fact("Board") {
                    Some(b) if !b.trim().is_empty() => format!(
                        "the board `{b}` is numbered by its place in qx, which takes a number \
                         (ah keeps its name)"
                    ),
                    _ => "no board number: qx gives each such board its place in the file"
                        .to_string(),
                },
            );
            position.to_string()
        }
    };
    // No room letter when the source named no room (a teaching file's `qx|A2|`).
    let room = match board.fact("Room") {
        Some(r) if r.eq_ignore_ascii_case("closed") => "c",
        Some(r) if r.eq_ignore_ascii_case("open") => "o",
        _ => "",
    };
    format!("{room}{number}")
}

/// The play as `pg`/`pc` pairs, up to the first card that is not known; the number of cards
/// written.
fn write_play(
    pairs: &mut Vec<(&str, String)>,
    tricks: &[Vec<CardItem>],
    dropped: &mut Vec<String>,
) -> usize {
    let mut played = 0;
    pairs.push(("pg", String::new()));
    for trick in tricks {
        for item in trick {
            let CardKind::Card(card) = item.kind else {
                note(dropped, "the play after a card that is not known".into());
                return played;
            };
            pairs.push((
                "pc",
                format!("{}{}", card.suit.letter(), card.rank.letter()),
            ));
            played += 1;
        }
        pairs.push(("pg", String::new()));
    }
    played
}

/// Says in `dropped` what of the board LIN has no place for: a contract without its auction,
/// tags, hidden hands, and the dealer it assumes.
fn note_unwritten(board: &BoardModel, calls: Option<&[CallItem]>, dropped: &mut Vec<String>) {
    if let Some(contract) = board.contract() {
        // LIN has no contract key: a contract is known only from a finished auction.
        if !calls.is_some_and(calls_end) {
            let what = match contract {
                ContractValue::TrumpOnly(_) => "the trumps of an end position",
                _ => "the contract of a board without a finished auction",
            };
            note(
                dropped,
                format!("{what} (LIN gives a contract only by its auction)"),
            );
        }
    }
    for info in &board.facts {
        if !CARRIED.contains(&info.name.as_str()) && !MATCH.contains(&info.name.as_str()) {
            note(dropped, format!("the {} tag", info.name));
        }
    }
    if board.hidden().iter().any(|h| *h) {
        note(dropped, "which hands are hidden".into());
    }
    if board.dealer().is_none() && board.context.deal.is_some() {
        let assumed = assumed_dealer(board);
        let why = match board_number(board) {
            Some(n) => format!("the dealer of board {n} by the usual rotation"),
            None => "for want of a board number".to_string(),
        };
        note(
            dropped,
            format!(
                "a deal without a dealer: LIN's md starts with one, and names {} ({why})",
                assumed.name()
            ),
        );
    }
}

/// The `vg` header line for boards that carry match data (event, segment, scoring, teams), from
/// the first board that has any.
fn vugraph_header(boards: &[BoardModel]) -> Option<String> {
    let first = boards
        .iter()
        .find(|b| MATCH.iter().any(|m| b.fact(m).is_some()))?;
    let field = |name: &str| first.fact(name).unwrap_or("").replace([',', '|'], " ");
    let scoring = match first.fact("Scoring").map(|s| s.trim().to_ascii_uppercase()) {
        Some(s) if s.starts_with("IMP") => "I",
        Some(s) if s.starts_with("MP") || s.starts_with("MATCHPOINT") => "P",
        Some(s) if s.starts_with("BAM") => "B",
        _ => "",
    };
    let numbers: Vec<u32> = boards
        .iter()
        .filter_map(|b| b.fact("Board")?.trim().parse().ok())
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

/// The board's number, when its Board fact is one.
fn board_number(board: &BoardModel) -> Option<u32> {
    board.fact("Board")?.trim().parse().ok().filter(|&n| n > 0)
}

/// The dealer `md` names for a board whose dealer is not given: the one its number gives by the
/// usual rotation (board 1 North, 2 East, …), else North.
fn assumed_dealer(board: &BoardModel) -> Seat {
    board_number(board).map_or(Seat::North, |n| Seat::North.offset(((n - 1) % 4) as usize))
}

/// The `md` value: the dealer digit, then the hands of South, West, North and East.
fn md_value(board: &BoardModel) -> Option<String> {
    let Some(deal) = board.context.deal.as_ref() else {
        // No hands, but a dealer: md's digit is the only place LIN holds one.
        return board
            .dealer()
            .map(|dealer| format!("{},,,", md_digit(dealer)));
    };
    let digit = md_digit(board.dealer().unwrap_or_else(|| assumed_dealer(board)));
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

/// The digit of `md` that names the dealer.
fn md_digit(dealer: Seat) -> char {
    match dealer {
        Seat::South => '1',
        Seat::West => '2',
        Seat::North => '3',
        Seat::East => '4',
    }
}

fn write_auction(
    pairs: &mut Vec<(&str, String)>,
    calls: &[CallItem],
    notes: &[(u8, String)],
    dropped: &mut Vec<String>,
) {
    let mut any_bid = false;
    let mut passes = 0;
    for item in calls {
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
            .and_then(|n| notes.iter().find(|(i, _)| *i == n))
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
