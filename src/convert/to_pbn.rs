//! Writing a board's model as a PBN game.

use crate::bridge::{Call, Deal, Seat, Suit};
use crate::model::board::{BoardModel, SectionKind};
use crate::model::written::{calls_end, Annotation, CallItem, CallKind, CardItem, CardKind};

/// A board written as a PBN game, and what of it PBN cannot hold.
#[derive(Debug, Clone, Default)]
pub struct PbnGame {
    /// The PBN text of the game (ends with a line end).
    pub text: String,
    /// What PBN cannot express (besides what the reading already dropped).
    pub dropped: Vec<String>,
}

impl PbnGame {
    fn push(&mut self, text: &str) {
        self.text.push_str(text);
    }

    fn tag(&mut self, name: &str, value: &str) {
        self.text.push('[');
        self.text.push_str(name);
        self.text.push_str(" \"");
        if value.contains(['\\', '"']) {
            self.text
                .push_str(&value.replace('\\', "\\\\").replace('"', "\\\""));
        } else {
            self.text.push_str(value);
        }
        self.text.push_str("\"]\n");
    }
}

/// The order in which descriptive tags are written (others follow in reading order).
const ORDER: [&str; 8] = [
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
];

/// Writes the board as one PBN game (tags, auction, play, commentary).
pub fn write_pbn(board: &BoardModel) -> PbnGame {
    // About what a board with its auction and play takes, so that the text grows once or not.
    let mut out = PbnGame {
        text: String::with_capacity(1024),
        dropped: Vec::new(),
    };
    for comment in &board.commentary {
        let comment = wrap_comment(&comment.replace('}', ")"));
        out.push(&format!("{{{comment}}}\n"));
    }
    let mut written: Vec<&str> = Vec::new();
    for name in ORDER {
        if let Some(info) = board.facts.iter().find(|i| i.name == name) {
            out.tag(name, &info.value);
            written.push(name);
        }
    }
    // A key tag is written by its meaning, or as written when it has none (`?`, `""`, a value
    // the rules cannot read): nothing the source said is left out.
    let as_written =
        |tag: &Option<crate::model::board::context::TagValue>| tag.as_ref().map(|t| t.text.clone());
    match board.dealer() {
        Some(dealer) => out.tag("Dealer", &dealer.letter().to_string()),
        None => {
            if let Some(text) = as_written(&board.context.dealer_tag) {
                out.tag("Dealer", &text);
            }
        }
    }
    match board.vulnerability() {
        Some(v) => out.tag("Vulnerable", v.pbn()),
        None => {
            if let Some(text) = as_written(&board.context.vulnerable_tag) {
                out.tag("Vulnerable", &text);
            }
        }
    }
    if let Some(deal) = &board.context.deal {
        // The Deal starts with the dealer's hand, as export format does (LIN always writes
        // South first).
        let first = board.deal.as_ref().and_then(|d| d.first);
        write_deal(&mut out, deal, board.dealer().or(first), board.hidden());
    } else if let Some(text) = as_written(&board.context.deal_tag).filter(|t| !t.is_empty()) {
        out.tag("Deal", &text);
    }
    if let Some(info) = board.facts.iter().find(|i| i.name == "Scoring") {
        out.tag("Scoring", &info.value);
        written.push("Scoring");
    }
    let declarer = match board.context.declarer {
        Some(d) => Some(format!(
            "{}{}",
            if d.swapped { "^" } else { "" },
            d.seat.letter()
        )),
        None => as_written(&board.context.declarer_tag),
    };
    let contract = match board.context.contract {
        Some(contract) => Some(contract.pbn()),
        None => as_written(&board.context.contract_tag),
    };
    if let Some(contract) = contract {
        out.tag("Declarer", &declarer.unwrap_or_default());
        out.tag("Contract", &contract);
    } else if let Some(declarer) = declarer {
        out.tag("Declarer", &declarer);
    }
    let irregular = board.context.result.is_some_and(|r| r.irregular);
    match board.result_tricks() {
        Some(tricks) => out.tag(
            "Result",
            &format!("{}{tricks}", if irregular { "^" } else { "" }),
        ),
        None => {
            if let Some(text) = as_written(&board.context.result_tag) {
                out.tag("Result", &text);
            }
        }
    }
    for info in &board.facts {
        if !written.contains(&info.name.as_str()) {
            out.tag(&info.name, &info.value);
        }
    }
    for info in &board.vacant {
        out.tag(&info.name, &info.value);
    }
    let calls = board.auction.as_ref().map(|a| a.written());
    match (&calls, board.dealer()) {
        (Some(calls), Some(dealer)) => {
            write_auction(&mut out, calls, &board.notes(SectionKind::Auction), dealer)
        }
        (Some(calls), None) if !calls.is_empty() => out
            .dropped
            .push("the auction (no dealer is given)".to_string()),
        _ => {}
    }
    if let Some(play) = board.play_as_written() {
        write_play(
            &mut out,
            play.opening_leader,
            &play.written(),
            &board.notes(SectionKind::Play),
        );
    }
    for table in &board.tables {
        out.tag(&table.name, &table.header);
        for row in &table.rows {
            out.push(row);
            out.push("\n");
        }
    }
    out
}

/// The longest line a converted comment is given: PBN allows 255 characters, and discourages
/// lines of 80 or more.
const COMMENT_WIDTH: usize = 78;

/// A comment's text with its long lines broken between words, so that each line (with the
/// braces) stays under [`COMMENT_WIDTH`] where its words allow; its own line ends are kept.
fn wrap_comment(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / COMMENT_WIDTH);
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        // The first line follows the `{`.
        let mut width = usize::from(i == 0);
        for (j, word) in line.split(' ').enumerate() {
            let len = word.chars().count();
            if j > 0 {
                if width > 0 && width + 1 + len > COMMENT_WIDTH {
                    out.push('\n');
                    width = 0;
                } else {
                    out.push(' ');
                    width += 1;
                }
            }
            out.push_str(word);
            width += len;
        }
    }
    out
}

fn write_deal(out: &mut PbnGame, deal: &Deal, first: Option<Seat>, hidden: [bool; 4]) {
    let first = first.unwrap_or(Seat::North);
    out.push("[Deal \"");
    out.push(&format!("{}:", first.letter()));
    for i in 0..4 {
        let seat = first.offset(i);
        if i > 0 {
            out.push(" ");
        }
        match deal.hands[seat.index()] {
            Some(hand) => {
                let text = &mut out.text;
                {
                    for (i, suit) in Suit::ALL.into_iter().enumerate() {
                        if i > 0 {
                            text.push('.');
                        }
                        // A suit's cards come from the highest down.
                        text.extend(hand.suit_cards(suit).into_iter().map(|c| c.rank.letter()));
                    }
                }
            }
            None => out.push("-"),
        }
    }
    out.push("\"]\n");
    let hidden: String = Seat::ALL
        .iter()
        .filter(|s| hidden[s.index()])
        .map(|s| s.letter())
        .collect();
    if !hidden.is_empty() {
        out.tag("Hidden", &hidden);
    }
}

/// Writes the irregularity marks of a call or card before it (`^I 1C`).
fn write_marks(out: &mut PbnGame, a: &Annotation) {
    for mark in &a.marks {
        out.push(mark.pbn());
        out.push(" ");
    }
}

/// Writes the annotation of a call or card after it (nothing for most: the text is made only
/// when there is one).
fn write_annotation(out: &mut PbnGame, a: &Annotation, dropped: &mut Vec<String>, what: &str) {
    if a.suffix.as_deref().is_some_and(|s| !s.is_empty()) || a.note.is_some() || !a.nags.is_empty()
    {
        if let Some(s) = &a.suffix {
            out.push(s);
        }
        if let Some(n) = a.note {
            out.push(&format!(" ={n}="));
        }
        for nag in &a.nags {
            out.push(&format!(" ${nag}"));
        }
    }
    if a.alert {
        let note = format!("the `*` (conventional) mark on a {what}");
        if !dropped.contains(&note) {
            dropped.push(note);
        }
    }
}

fn write_notes(out: &mut PbnGame, notes: &[(u8, String)]) {
    for (index, text) in notes {
        // PBN numbers notes from 1; RBN's note 0 becomes 10 there.
        let index = if *index == 0 { 10 } else { *index };
        out.tag("Note", &format!("{index}:{text}"));
    }
}

fn write_auction(out: &mut PbnGame, calls: &[CallItem], notes: &[(u8, String)], dealer: Seat) {
    out.tag("Auction", &dealer.letter().to_string());
    let mut count = 0;
    let mut ended = false;
    let mut dropped = Vec::new();
    for item in calls {
        let call = match item.kind {
            CallKind::Call(call) => Some(call),
            CallKind::AllPass => {
                ended = true;
                None
            }
            CallKind::Query => {
                dropped.push("the `Y` (your call?) quiz point".to_string());
                break;
            }
        };
        out.push(if count % 4 == 0 { "" } else { " " });
        write_marks(out, &item.annotation);
        let text = &mut out.text;
        match call {
            Some(Call::Pass) => text.push_str("Pass"),
            Some(Call::Double) => text.push('X'),
            Some(Call::Redouble) => text.push_str("XX"),
            Some(Call::Bid(bid)) => {
                text.push(char::from(b'0' + bid.level()));
                text.push_str(bid.denomination().pbn());
            }
            None => text.push_str("AP"),
        }
        write_annotation(out, &item.annotation, &mut dropped, "call");
        count += 1;
        if count % 4 == 0 {
            out.push("\n");
        }
        if ended {
            break;
        }
    }
    if !ended && !calls_end(calls) {
        out.push(if count % 4 == 0 { "*" } else { " *" });
        count += 1;
    }
    // The last line ends here, whatever ended it (a `*` may fill it); nothing written (a quiz
    // point first) ends no line: an empty one would end the game.
    if count > 0 && !out.text.ends_with('\n') {
        out.push("\n");
    }
    write_notes(out, notes);
    out.dropped.extend(dropped);
}

fn write_play(
    out: &mut PbnGame,
    leader: Option<Seat>,
    tricks: &[Vec<CardItem>],
    notes: &[(u8, String)],
) {
    let Some(leader) = leader else {
        out.dropped
            .push("the play (the opening leader is unknown)".to_string());
        return;
    };
    out.tag("Play", &leader.letter().to_string());
    let mut dropped = Vec::new();
    let total = tricks.len();
    let mut complete = true;
    for (n, trick) in tricks.iter().enumerate() {
        let mut columns: [Option<&CardItem>; 4] = [None; 4];
        for item in trick {
            if let Some(seat) = item.seat {
                columns[(seat.index() + 4 - leader.index()) % 4] = Some(item);
            }
        }
        if trick.len() < 4 {
            complete = false;
        }
        for (i, column) in columns.iter().enumerate() {
            out.push(if i == 0 { "" } else { " " });
            match column {
                Some(item) => {
                    let card = match item.kind {
                        CardKind::Card(card) => Some(card),
                        CardKind::Query => {
                            dropped.push("the `Y` (your play?) quiz point".to_string());
                            None
                        }
                        CardKind::Shortcut { .. } => {
                            dropped.push("a `+`/`-` card the hands do not resolve".to_string());
                            None
                        }
                        CardKind::Unknown => None,
                    };
                    write_marks(out, &item.annotation);
                    let text = &mut out.text;
                    match card {
                        Some(card) => {
                            text.push(card.suit.letter());
                            text.push(card.rank.letter());
                        }
                        None => text.push('-'),
                    }
                    write_annotation(out, &item.annotation, &mut dropped, "card");
                }
                None => out.push("-"),
            }
        }
        if n + 1 == total && (!complete || total < 13) {
            out.push(" *");
        }
        out.push("\n");
    }
    write_notes(out, notes);
    dropped.dedup();
    out.dropped.extend(dropped);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An auction that opens with a quiz point (RBN `Y`) writes no call, and no `*` when the
    /// calls after the quiz point end it: no empty line may follow its tag then, for an empty
    /// line ends the game and would part the play from it.
    #[test]
    fn an_auction_of_only_a_quiz_point_keeps_the_game_whole() {
        use crate::bridge::Card;
        let calls: Vec<CallItem> = [CallKind::Query]
            .into_iter()
            .chain([CallKind::Call(Call::Pass); 4])
            .map(|kind| CallItem {
                kind,
                annotation: Annotation::default(),
                origin: None,
            })
            .collect();
        let lead = CardItem {
            kind: CardKind::Card(Card::from_ascii(b'S', b'A').expect("a card")),
            seat: Some(Seat::East),
            annotation: Annotation::default(),
            origin: None,
        };
        let mut board = BoardModel::default();
        board.set_dealer(Seat::North, None);
        board.set_auction(&calls);
        board.set_play(Some(Seat::East), &[vec![lead]], None);
        let text = write_pbn(&board).text;
        let auction = text.find("[Auction").expect("an Auction section");
        assert!(text.contains("[Play \"E\"]"), "{text}");
        assert!(!text[auction..].contains("\n\n"), "{text}");
    }
}
