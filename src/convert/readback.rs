//! A conversion that checks itself: what was written is read back into the same board model
//! and compared with what was read, board by board and item by item. Whatever differs is a
//! loss, and every loss is reported; no list of what a writer leaves out is kept by hand.
//!
//! Both sides are taken apart into the same flat list of items ([`items`]): every tag with its
//! value (the key tags by their meaning, the rest as written, empty and `?` values included),
//! every table row, every call and card with its annotations and notes, the sections' `+`, the
//! hidden hands and the commentary. Two boards agree when their lists do.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::bridge::Seat;
use crate::model::pbn::{BoardModel, SectionKind};
use crate::model::written::{Annotation, CallItem, CallKind, CardItem, CardKind};

/// One thing a board says: where it stands in the board (`key`, unique in the board), the
/// kind of thing it is as a user would name it (`kind`, for grouping the report), and what it
/// says (`value`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// Where in the board: `tag Event`, `call 3`, `trick 2 card 4 NAG`…
    pub key: String,
    /// What kind of thing it is: `the Event tag`, `a NAG on a call`…
    pub kind: String,
    /// What it says, in one spelling for every notation.
    pub value: String,
}

/// One difference between a board read and the same board read back from what was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loss {
    /// The board's place in the source, from 1.
    pub board: usize,
    /// What kind of thing was lost or changed (as [`Item::kind`]).
    pub kind: String,
    /// What happened to it: the value lost, or the value before and after.
    pub detail: String,
}

/// The items a board says, in a stable order.
pub fn items(board: &BoardModel) -> Vec<Item> {
    let mut out = Items::default();
    out.key_tags(board);
    for fact in &board.facts {
        let value = match fact.name.as_str() {
            "Score" => score_meaning(&fact.value),
            _ => fact.value.clone(),
        };
        out.push(
            format!("tag {}", fact.name),
            format!("the {} tag", fact.name),
            value,
        );
    }
    for fact in &board.vacant {
        out.push(
            format!("tag {}", fact.name),
            "empty or `?` tags".to_string(),
            fact.value.clone(),
        );
    }
    for table in &board.tables {
        let kind = format!("the {} table", table.name);
        out.push(
            format!("table {}", table.name),
            kind.clone(),
            table.header.clone(),
        );
        // The cells in order: a writer may put a row on a line or a cell on a line (as the
        // reference exporter does for some tables).
        out.push(
            format!("table {} cells", table.name),
            kind,
            one_line(&table.rows.join(" ")),
        );
    }
    for (i, comment) in board.commentary.iter().enumerate() {
        out.push(
            format!("comment {}", i + 1),
            "a comment".to_string(),
            one_line(comment),
        );
    }
    out.auctions(board);
    out.play(board);
    for what in &board.dropped {
        out.push(format!("unread {what}"), what.clone(), what.clone());
    }
    out.0
}

/// The items of a board as they are gathered.
#[derive(Default)]
struct Items(Vec<Item>);

impl Items {
    fn push(&mut self, key: String, kind: String, value: String) {
        self.0.push(Item { key, kind, value });
    }

    fn key_tags(&mut self, board: &BoardModel) {
        let ctx = &board.context;
        let written = |tag: &Option<crate::model::pbn::context::TagValue>| {
            tag.as_ref().map(|t| t.text.trim().to_string())
        };
        let dealer = board
            .dealer()
            .map(|s| s.letter().to_string())
            .or_else(|| written(&ctx.dealer_tag));
        let vulnerable = board
            .vulnerability()
            .map(|v| v.pbn().to_string())
            .or_else(|| written(&ctx.vulnerable_tag));
        let declarer = ctx
            .declarer
            .map(|d| format!("{}{}", if d.swapped { "^" } else { "" }, d.seat.letter()))
            .or_else(|| written(&ctx.declarer_tag));
        let contract = ctx
            .contract
            .map(|c| c.pbn())
            .or_else(|| written(&ctx.contract_tag));
        let result = match (board.result_tricks(), &ctx.result) {
            (Some(tricks), Some(r)) if r.irregular => Some(format!("^{tricks}")),
            (Some(tricks), _) => Some(tricks.to_string()),
            (None, _) => written(&ctx.result_tag),
        };
        // A contract and declarer the finished auction gives say nothing more, and neither
        // does an empty or `?` one beside such an auction: a writer may write them out, leave
        // them to the auction, or fill them in.
        let auction = board.auction.as_ref();
        let implied_contract = auction.and_then(|a| {
            if a.passed_out {
                Some(crate::model::values::ContractValue::Passed.pbn())
            } else {
                a.contract
                    .map(|c| crate::model::values::ContractValue::Contract(c).pbn())
            }
        });
        let implied_declarer = auction
            .filter(|a| !a.passed_out)
            .and_then(|a| a.declarer)
            .map(|d| d.letter().to_string());
        let says_more = |value: &String, implied: &Option<String>| match implied {
            Some(implied) => value != implied && !matches!(value.as_str(), "" | "?"),
            None => true,
        };
        let contract = contract.filter(|v| says_more(v, &implied_contract));
        let declarer = declarer.filter(|v| says_more(v, &implied_declarer));
        for (name, value) in [
            ("Dealer", dealer),
            ("Vulnerable", vulnerable),
            ("Declarer", declarer),
            ("Contract", contract),
            ("Result", result),
        ] {
            if let Some(value) = value {
                let kind = if value.is_empty() || value == "?" {
                    "empty or `?` tags".to_string()
                } else {
                    format!("the {name} tag")
                };
                self.push(format!("tag {name}"), kind, value);
            }
        }
        match &ctx.deal {
            Some(deal) => {
                for seat in Seat::ALL {
                    let hand = deal.hands[seat.index()]
                        .map(|h| h.to_string())
                        .unwrap_or_else(|| "-".to_string());
                    self.push(
                        format!("deal {}", seat.letter()),
                        "a hand of the Deal".to_string(),
                        hand,
                    );
                }
            }
            None => {
                if let Some(text) = written(&ctx.deal_tag).filter(|t| !t.is_empty()) {
                    self.push("tag Deal".into(), "the Deal tag".into(), text);
                }
            }
        }
        let hidden: String = Seat::ALL
            .iter()
            .filter(|s| board.hidden()[s.index()])
            .map(|s| s.letter())
            .collect();
        if !hidden.is_empty() {
            self.push("tag Hidden".into(), "the Hidden tag".into(), hidden);
        }
    }

    fn auctions(&mut self, board: &BoardModel) {
        let notes = board.notes(SectionKind::Auction);
        for (n, auction) in board.auctions().enumerate() {
            let section = if n == 0 {
                "the auction".to_string()
            } else {
                format!("auction {}", n + 1)
            };
            let kind = |what: &str| match n {
                0 => what.to_string(),
                _ => format!("{what} in a repeated Auction section"),
            };
            let calls = auction.written();
            if !calls.is_empty() {
                if let Some(first) = auction.head.seat.or(auction.dealer) {
                    self.push(
                        format!("{section} first seat"),
                        kind("the seat the auction starts with"),
                        first.letter().to_string(),
                    );
                }
            }
            // `AP` is the passes it stands for: a writer may spell them out.
            let mut i = 0;
            for item in &calls {
                let passes = match item.kind {
                    CallKind::AllPass => auction.all_pass_seats.len().max(1),
                    _ => 1,
                };
                for pass in 0..passes {
                    i += 1;
                    let at = format!("{section} call {i}");
                    self.push(at.clone(), kind("a call"), call_text(item));
                    if pass == 0 {
                        self.annotation(&at, &item.annotation, false, &notes, &kind);
                    }
                }
            }
            if auction.end.plus.is_some() {
                self.push(
                    format!("{section} +"),
                    kind("a `+` (the auction goes on elsewhere)"),
                    "+".into(),
                );
            }
            if n == 0 {
                for (index, text) in &notes {
                    self.push(
                        format!("auction note {index}"),
                        "a note of the auction".into(),
                        one_line(text),
                    );
                }
            }
        }
    }

    fn play(&mut self, board: &BoardModel) {
        let Some(play) = board.play_as_written() else {
            return;
        };
        let notes = board.notes(SectionKind::Play);
        let tricks = play.written();
        if tricks.iter().any(|t| !t.is_empty()) {
            if let Some(leader) = play.opening_leader {
                self.push(
                    "play leader".into(),
                    "the seat the play starts with".into(),
                    leader.letter().to_string(),
                );
            }
        }
        for (t, trick) in tricks.iter().enumerate() {
            for (c, item) in trick.iter().enumerate() {
                let at = format!("trick {} card {}", t + 1, c + 1);
                self.push(at.clone(), "a card of the play".into(), card_text(item));
                self.annotation(&at, &item.annotation, true, &notes, &|w: &str| {
                    w.to_string()
                });
            }
        }
        if play.end.plus.is_some() {
            self.push(
                "play +".into(),
                "a `+` (the play goes on elsewhere)".into(),
                "+".into(),
            );
        }
        for (index, text) in &notes {
            self.push(
                format!("play note {index}"),
                "a note of the play".into(),
                one_line(text),
            );
        }
        for later in &board.later_plays {
            let cards = later.written().iter().map(Vec::len).sum::<usize>();
            self.push(
                format!(
                    "play section {}",
                    later.head.seat.map_or('?', |s| s.letter())
                ),
                "a repeated Play section".into(),
                format!("{cards} cards"),
            );
        }
    }

    /// The annotation of a call or card at `at`: its glyphs as NAGs (a suffix is the NAG it
    /// stands for, standard 3.8), its alert and its note's text.
    fn annotation(
        &mut self,
        at: &str,
        annotation: &Annotation,
        on_card: bool,
        notes: &[(u8, String)],
        kind: &dyn Fn(&str) -> String,
    ) {
        let what = if on_card { "card" } else { "call" };
        let mut glyphs: Vec<String> = Vec::new();
        if let Some(suffix) = annotation.suffix.as_deref().filter(|s| !s.is_empty()) {
            glyphs.push(match crate::model::values::suffix_nag(suffix, on_card) {
                Some(nag) => format!("${nag}"),
                None => suffix.to_string(),
            });
        }
        glyphs.extend(annotation.nags.iter().map(|n| format!("${n}")));
        if !glyphs.is_empty() {
            self.push(
                format!("{at} glyphs"),
                kind(&format!("a NAG or `!`/`?` on a {what}")),
                glyphs.join(" "),
            );
        }
        if !annotation.marks.is_empty() {
            let marks: Vec<&str> = annotation.marks.iter().map(|m| m.pbn()).collect();
            self.push(
                format!("{at} marks"),
                kind(&format!(
                    "an irregularity mark (`^I`, `^S`, `^R`, `^L`) on a {what}"
                )),
                marks.join(" "),
            );
        }
        if annotation.alert {
            self.push(
                format!("{at} alert"),
                kind(&format!("an alert on a {what}")),
                "alerted".into(),
            );
        }
        if let Some(index) = annotation.note {
            let text = notes
                .iter()
                .find(|(n, _)| *n == index || (*n == 0 && index == 10) || (*n == 10 && index == 0))
                .map(|(_, text)| one_line(text))
                .unwrap_or_else(|| format!("note {index}, not given"));
            self.push(
                format!("{at} note"),
                kind(&format!("a note on a {what}")),
                text,
            );
        }
    }
}

/// A Score by its meaning: `NS -100`, `EW 100` and `-100` (North-South's view) are one score,
/// written `NS -100`; a value that is not one score for one side is kept as written.
fn score_meaning(value: &str) -> String {
    let words: Vec<&str> = value.split_whitespace().collect();
    let (side, points) = match words.as_slice() {
        [points] => ("NS", *points),
        [side, points] => (*side, *points),
        _ => return value.to_string(),
    };
    let Ok(points) = points.parse::<i64>() else {
        return value.to_string();
    };
    match side {
        "NS" => format!("NS {points}"),
        "EW" => format!("NS {}", -points),
        _ => value.to_string(),
    }
}

/// A call as PBN writes it.
fn call_text(item: &CallItem) -> String {
    match item.kind {
        CallKind::Call(call) => call.to_string(),
        CallKind::AllPass => "Pass".into(),
        CallKind::Query => "a quiz point (`Y`)".into(),
    }
}

/// A card as PBN writes it.
fn card_text(item: &CardItem) -> String {
    match item.kind {
        CardKind::Card(card) => card.to_string(),
        CardKind::Shortcut { highest, .. } => (if highest {
            "the highest of the suit led"
        } else {
            "the lowest of the suit led"
        })
        .into(),
        CardKind::Unknown => "-".into(),
        CardKind::Query => "a quiz point (`Y`)".into(),
    }
}

/// Text with every run of white space made one space (a writer may wrap or join lines), and
/// each empty line between paragraphs made ` ¶ ` (a writer that joins paragraphs loses one).
fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank = false;
    for line in text.lines() {
        if line.trim().is_empty() {
            blank = !out.is_empty();
            continue;
        }
        for word in line.split_whitespace() {
            if !out.is_empty() {
                out.push_str(if blank { " ¶ " } else { " " });
            }
            blank = false;
            out.push_str(word);
        }
    }
    out
}

/// What differs between the boards read (`source`) and the boards read back from what was
/// written (`back`): each item lost, changed or added, board by board, and a board missing or
/// added. Boards are paired by their Board tag when every board on both sides has one of its
/// own (a dealing file leaves out a board it cannot hold, and the rest keep their numbers),
/// else by their place.
pub fn compare(source: &[BoardModel], back: &[BoardModel]) -> Vec<Loss> {
    compare_on(source, back, 1)
}

/// [`compare`] with the boards compared on up to `threads` threads.
pub fn compare_on(source: &[BoardModel], back: &[BoardModel], threads: usize) -> Vec<Loss> {
    let mut losses = Vec::new();
    match (numbered(source), numbered(back)) {
        (Some(read), Some(written)) => {
            for (i, a) in source.iter().enumerate() {
                let number = a.fact("Board").unwrap_or_default();
                match written.get(number) {
                    Some(&j) => compare_board(i + 1, &items(a), &items(&back[j]), &mut losses),
                    None => losses.push(Loss {
                        board: i + 1,
                        kind: "whole boards".into(),
                        detail: format!("board {number} not written"),
                    }),
                }
            }
            for (number, &j) in &written {
                if !read.contains_key(number) {
                    losses.push(Loss {
                        board: j + 1,
                        kind: "whole boards".into(),
                        detail: format!("board {number} added"),
                    });
                }
            }
        }
        _ => {
            let pairs: Vec<(usize, (&BoardModel, &BoardModel))> =
                source.iter().zip(back).enumerate().collect();
            let threads = crate::parallel::threads_for(pairs.len(), 256).min(threads.max(1));
            losses = crate::parallel::map_slices(&pairs, threads, |slice| {
                let mut found = Vec::new();
                for (i, (a, b)) in slice {
                    compare_board(i + 1, &items(a), &items(b), &mut found);
                }
                found
            });
            if source.len() != back.len() {
                let (more, what) = if source.len() > back.len() {
                    (source.len() - back.len(), "missing")
                } else {
                    (back.len() - source.len(), "added")
                };
                losses.push(Loss {
                    board: back.len().min(source.len()) + 1,
                    kind: "whole boards".into(),
                    detail: format!(
                        "{more} {what}: {} read, {} written",
                        source.len(),
                        back.len()
                    ),
                });
            }
        }
    }
    losses
}

/// Each board's place by its Board tag, when every board has one and no two share it.
fn numbered(boards: &[BoardModel]) -> Option<BTreeMap<&str, usize>> {
    let mut places = BTreeMap::new();
    for (i, board) in boards.iter().enumerate() {
        let number = board.fact("Board")?;
        if places.insert(number, i).is_some() {
            return None;
        }
    }
    Some(places)
}

fn compare_board(board: usize, source: &[Item], back: &[Item], losses: &mut Vec<Loss>) {
    // Items come in a stable order, so two boards that agree give the same list: the maps
    // are built only for boards that differ.
    if source == back {
        return;
    }
    let written: BTreeMap<&str, &Item> = back.iter().map(|i| (i.key.as_str(), i)).collect();
    let read: BTreeMap<&str, &Item> = source.iter().map(|i| (i.key.as_str(), i)).collect();
    for item in source {
        match written.get(item.key.as_str()) {
            None => losses.push(Loss {
                board,
                kind: item.kind.clone(),
                detail: format!("{}: `{}` not written", item.key, short(&item.value)),
            }),
            Some(other) if other.value != item.value => losses.push(Loss {
                board,
                kind: item.kind.clone(),
                detail: format!(
                    "{}: `{}` became `{}`",
                    item.key,
                    short(&item.value),
                    short(&other.value)
                ),
            }),
            Some(_) => {}
        }
    }
    for item in back {
        if !read.contains_key(item.key.as_str()) {
            losses.push(Loss {
                board,
                kind: item.kind.clone(),
                detail: format!("{}: `{}` added", item.key, short(&item.value)),
            });
        }
    }
}

/// A value shortened for a report line: its first 40 characters and its last 20.
fn short(value: &str) -> String {
    let count = value.chars().count();
    if count <= 64 {
        return value.to_string();
    }
    let head: String = value.chars().take(40).collect();
    let tail: String = value.chars().skip(count - 20).collect();
    format!("{head}…{tail}")
}

/// The `%` lines of a PBN or RBN text (comments for programs) that `written` does not hold,
/// one a line: the version and export lines are the writer's own.
pub fn escape_lines_lost(source: &str, written: &str) -> Vec<String> {
    let own = |line: &str| {
        let rest = line.trim_start_matches('%').trim();
        rest.is_empty()
            || rest.starts_with("PBN ")
            || rest.starts_with("RBN ")
            || rest.eq_ignore_ascii_case("EXPORT")
    };
    let kept: std::collections::HashSet<&str> = written
        .lines()
        .map(str::trim_end)
        .filter(|l| l.starts_with('%'))
        .collect();
    source
        .lines()
        .map(str::trim_end)
        .filter(|l| l.starts_with('%') && !own(l) && !kept.contains(l))
        .map(str::to_string)
        .collect()
}

/// The losses as lines for a person, one a kind of thing: how many boards it touched, which
/// (the first few), and the first difference.
pub fn summarize(losses: &[Loss]) -> Vec<String> {
    let mut kinds: Vec<(&str, Vec<&Loss>)> = Vec::new();
    for loss in losses {
        match kinds.iter_mut().find(|(k, _)| *k == loss.kind) {
            Some((_, list)) => list.push(loss),
            None => kinds.push((&loss.kind, vec![loss])),
        }
    }
    kinds
        .into_iter()
        .map(|(kind, list)| {
            let mut boards: Vec<usize> = list.iter().map(|l| l.board).collect();
            boards.dedup();
            let mut line = format!("{kind}: ");
            let shown: Vec<String> = boards.iter().take(8).map(|b| b.to_string()).collect();
            let _ = write!(
                line,
                "{} {} ({}{}); board {}, {}",
                boards.len(),
                if boards.len() == 1 { "board" } else { "boards" },
                shown.join(", "),
                if boards.len() > 8 { ", …" } else { "" },
                list[0].board,
                list[0].detail
            );
            if list.len() > 1 {
                let _ = write!(line, " (and {} more)", list.len() - 1);
            }
            line
        })
        .collect()
}
