//! Writing the dealing machines' files (DUP, BRI, DGE, DLM) from boards' models, as BigDeal and
//! deal-convert write them (`../shared/spec/dealing-machines.md`; what is lost:
//! `docs/dealing-machines.md`).
//!
//! The formats hold the hands and, for DUP and DLM, the board numbers: nothing else. What a board
//! says beyond that (names, an auction, a dealer or vulnerability other than its number's) is
//! listed as dropped, and so is a board that cannot be written (no whole deal, a number the
//! format cannot hold). A binary file is returned as text whose characters are its bytes.

use crate::bridge::{board_dealer, board_vulnerability, Hand, Seat};
use crate::model::board::BoardModel;
use crate::model::dealing::{
    board_checksum, DealingFormat, DGE_MARKERS, DLM_FILLER, DUP_RECORD, RECORD,
};

/// One board as a dealing file holds it: its number and its four hands.
struct Dealt {
    number: u32,
    hands: [Hand; 4],
}

/// Writes `boards` in `format`, with what it cannot hold.
pub fn write_dealing(format: DealingFormat, boards: &[BoardModel]) -> (String, Vec<String>) {
    let mut dropped = Dropped::default();
    let numbered = matches!(format, DealingFormat::Dup | DealingFormat::Dlm);
    let mut dealt = Vec::with_capacity(boards.len());
    for (index, board) in boards.iter().enumerate() {
        let number = board
            .fact("Board")
            .and_then(|n| n.trim().parse::<u32>().ok())
            .unwrap_or(index as u32 + 1);
        // A whole deal is complete: four hands of 13, no card twice.
        let Some(deal) = board.whole_deal() else {
            dropped.add(format!(
                "board {number}: it has no whole, legal deal (left out)"
            ));
            continue;
        };
        if numbered && !(1..=99).contains(&number) {
            dropped.add(format!(
                "board {number}: {} holds boards 1 to 99 (left out)",
                name(format)
            ));
            continue;
        }
        say_lost(board, number, &mut dropped);
        dealt.push(Dealt {
            number,
            hands: Seat::ALL.map(|s| deal.hand(s).unwrap_or_default()),
        });
    }
    let consecutive = dealt.windows(2).all(|w| w[1].number == w[0].number + 1);
    let first = dealt.first().map_or(1, |d| d.number);
    if !consecutive {
        dropped.add(format!(
            "the board numbers: {} holds one run of boards, numbered on from the first",
            name(format)
        ));
        for (index, board) in dealt.iter_mut().enumerate() {
            board.number = first + index as u32;
        }
    }
    if numbered && dealt.last().is_some_and(|d| d.number > 99) {
        // Numbered on, a repeated number (two sessions in one file) runs past what the
        // format's two-digit numbers hold.
        let kept = dealt.iter().take_while(|d| d.number <= 99).count();
        let past = dealt.len() - kept;
        dropped.add(format!(
            "{past} board{} numbered on past 99 (left out): {} holds boards 1 to 99",
            if past == 1 { "" } else { "s" },
            name(format)
        ));
        dealt.truncate(kept);
    }
    if !numbered && first != 1 {
        dropped.add(format!(
            "the board numbers: {} holds none, so the machine numbers the boards from the start it is given (here {first})",
            name(format)
        ));
    }
    let text = match format {
        DealingFormat::Bri => dealt.iter().map(bri_record).collect(),
        DealingFormat::Dge => dealt.iter().map(dge_record).collect(),
        DealingFormat::Dup => dup_file(&dealt),
        DealingFormat::Dlm => dlm_file(&dealt, boards),
    };
    (text, dropped.0)
}

/// The format's name for people.
fn name(format: DealingFormat) -> &'static str {
    match format {
        DealingFormat::Dup => "DUP",
        DealingFormat::Bri => "BRI",
        DealingFormat::Dge => "DGE",
        DealingFormat::Dlm => "DLM",
    }
}

/// What is listed as dropped, each once, in the order first met.
#[derive(Default)]
struct Dropped(Vec<String>);

impl Dropped {
    fn add(&mut self, what: String) {
        if !self.0.contains(&what) {
            self.0.push(what);
        }
    }
}

/// Lists what a board says that a dealing file cannot hold.
fn say_lost(board: &BoardModel, number: u32, dropped: &mut Dropped) {
    if board.dealer().is_some_and(|d| d != board_dealer(number)) {
        dropped.add(format!(
            "board {number}: its dealer, which is not the board number's"
        ));
    }
    if board
        .vulnerability()
        .is_some_and(|v| v != board_vulnerability(number))
    {
        dropped.add(format!(
            "board {number}: its vulnerability, which is not the board number's"
        ));
    }
    let kept = |name: &str| matches!(name, "Board" | "Event" | "Generator");
    for fact in &board.facts {
        let empty = fact.value.trim().is_empty() || fact.value.trim() == "?";
        if !kept(&fact.name) && !empty {
            dropped.add(format!("the {} tags", fact.name));
        }
    }
    if board.auction.is_some() {
        dropped.add("the auctions".to_string());
    }
    if board.play_as_written().is_some() {
        dropped.add("the play".to_string());
    }
    if board.contract().is_some() || board.result_tricks().is_some() {
        dropped.add("the contracts and results".to_string());
    }
    if !board.commentary.is_empty() {
        dropped.add("the commentary".to_string());
    }
}

/// The card numbers (01 to 52, ascending) of a hand, as BRI writes them.
fn bri_numbers(hand: Hand) -> String {
    let mut numbers: Vec<usize> = hand.iter().map(|c| c.index() + 1).collect();
    numbers.sort_unstable();
    numbers.iter().map(|n| format!("{n:02}")).collect()
}

/// The BRI part of a board: North, East and South's card numbers.
fn bri_part(board: &Dealt) -> String {
    board.hands[..3].iter().map(|&h| bri_numbers(h)).collect()
}

/// A BRI record: the BRI part, 32 spaces and 18 NUL bytes.
fn bri_record(board: &Dealt) -> String {
    let mut record = bri_part(board);
    record.push_str(&" ".repeat(32));
    record.push_str(&"\0".repeat(18));
    debug_assert_eq!(record.len(), RECORD);
    record
}

/// The DGE part of a board: each hand's suits, each after its marker, ranks high to low.
fn dge_part(board: &Dealt) -> String {
    let mut part = String::with_capacity(68);
    for hand in board.hands {
        for (suit, marker) in crate::bridge::Suit::ALL.into_iter().zip(DGE_MARKERS) {
            part.push(char::from(marker));
            part.push_str(&hand.ranks(suit));
        }
    }
    part
}

/// A DGE record: the DGE part and 60 NUL bytes.
fn dge_record(board: &Dealt) -> String {
    let mut record = dge_part(board);
    record.push_str(&"\0".repeat(RECORD - record.len()));
    record
}

/// A DUP file: each board's BRI and DGE parts, the first record's trailer, NUL bytes after
/// the others (as Big Deal 1.2 and deal-convert write them).
fn dup_file(boards: &[Dealt]) -> String {
    let mut out = String::with_capacity(boards.len() * DUP_RECORD);
    let first = boards.first().map_or(1, |b| b.number);
    let last = first + boards.len().saturating_sub(1) as u32;
    for (index, board) in boards.iter().enumerate() {
        out.push_str(&bri_part(board));
        out.push_str(&dge_part(board));
        if index == 0 {
            out.push_str(&dup_trailer(first, last, boards.len()));
        } else {
            out.push_str(&"\0".repeat(10));
        }
    }
    out
}

/// The DUP trailer: for a set from board 1, BigDeal's `YN1  0 NN ` (the count, zero-padded);
/// otherwise the vendor's form, the first and the last board each left-aligned in three.
fn dup_trailer(first: u32, last: u32, count: usize) -> String {
    if first == 1 {
        format!("YN1  0 {count:02} ")
    } else {
        format!("YN{first:<3}0 {last:<3}")
    }
}

/// The letters of a DLM board line: two cards a letter in deck order, each seat's number.
fn dlm_letters(board: &Dealt) -> String {
    let seat_of = |index: usize| -> u8 {
        crate::bridge::Card::from_index(index)
            .and_then(|card| board.hands.iter().position(|h| h.contains(card)))
            .unwrap_or(0) as u8
    };
    (0..26)
        .map(|i| char::from(b'a' + 4 * seat_of(2 * i) + seat_of(2 * i + 1)))
        .collect()
}

/// A DLM file, as BigDeal 2.0 writes it (with CRLF line ends, as Windows reads them): the
/// header, then all 99 boards, those outside the set given the filler deal.
fn dlm_file(boards: &[Dealt], models: &[BoardModel]) -> String {
    let first = boards.first().map_or(1, |b| b.number);
    let last = boards.last().map_or(1, |b| b.number);
    let headline = models
        .iter()
        .find_map(|m| {
            m.fact("Event")
                .filter(|e| !e.trim().is_empty() && *e != "?")
        })
        .map(str::to_string)
        .or_else(|| {
            models
                .iter()
                .find_map(|m| m.fact("Generator"))
                .map(|g| format!("Generated by {g}"))
        })
        // No headline rather than one the source did not have: it reads back as a Generator.
        .unwrap_or_default();
    let duplicates = 1;
    let checksum = duplicates ^ first ^ last ^ 1;
    let mut lines = vec![
        "[Document]".to_string(),
        format!("Headline={headline}"),
        "Status=Show".to_string(),
        format!("Duplicates={duplicates}"),
        format!("From board={first}"),
        format!("To board={last}"),
        "Next board to duplimate=0".to_string(),
        "PrintOuts=0".to_string(),
        "Crypto key=0".to_string(),
        format!("Checksum={checksum}"),
    ];
    for number in 1..=99u32 {
        let letters = boards
            .iter()
            .find(|b| b.number == number)
            .map_or_else(|| DLM_FILLER.to_string(), dlm_letters);
        let sum = board_checksum(number, letters.as_bytes());
        lines.push(format!("Duplicates {number:02}=0"));
        lines.push(format!("Board {number:02}={letters}{sum:03}"));
    }
    let mut out = lines.join("\r\n");
    out.push_str("\r\n");
    out
}
