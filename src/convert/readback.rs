//! A conversion that checks itself: what was written is read back into the same board model
//! and compared with what was read, board by board and item by item. Whatever differs is a
//! loss, and every loss is reported; no list of what a writer leaves out is kept by hand.
//!
//! Both sides are taken apart into the same flat list of items ([`items`]): every tag with its
//! value (the key tags by their meaning, the rest as written, empty and `?` values included),
//! every table row, every call and card with its annotations and notes, the sections' `+`, the
//! hidden hands and the commentary. Two boards agree when their lists do.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::bridge::{Call, Seat};
use crate::model::board::{BoardModel, SectionKind};
use crate::model::written::{Annotation, CallItem, CallKind, CardItem, CardKind};

/// One thing a board says: where it stands in the board (`key`, unique in the board), the
/// kind of thing it is as a user would name it (`kind`, for grouping the report), and what it
/// says (`value`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Item<'a> {
    /// Where in the board: `tag Event`, `call 3`, `trick 2 card 4 NAG`…
    pub key: &'a str,
    /// What kind of thing it is (see [`Item::kind`]).
    kind: &'a Kind,
    /// What it says, in one spelling for every notation.
    pub value: &'a str,
}

/// The items a board says ([`items`]), their keys and values kept in one text: a board of
/// fifty cards is then a few allocations, not a hundred and fifty, and two lists that agree
/// are equal texts and equal slots.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BoardItems {
    text: String,
    slots: Vec<Slot>,
}

/// Where one item's key and value stand in [`BoardItems::text`], and its kind (most kinds are
/// fixed words, borrowed rather than allocated).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Slot {
    key: (u32, u32),
    kind: Kind,
    value: (u32, u32),
}

/// The kind of an item as a slot keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Kind {
    /// Said in words.
    Words(Cow<'static, str>),
    /// `the X tag`, for the item keyed `tag X`: made only when a loss is reported, since a
    /// board has a dozen tags and a file tens of thousands of boards.
    TheTag,
}

impl BoardItems {
    /// The items in order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Item<'_>> + ExactSizeIterator + '_ {
        let text = |(start, end): (u32, u32)| self.text.get(start as usize..end as usize);
        self.slots.iter().map(move |slot| Item {
            key: text(slot.key).unwrap_or_default(),
            kind: &slot.kind,
            value: text(slot.value).unwrap_or_default(),
        })
    }

    /// How many items there are.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the board says nothing at all.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Adds an item, its key and value written into the text.
    fn push(&mut self, key: impl Text, kind: impl Into<Cow<'static, str>>, value: impl Text) {
        self.push_kind(key, Kind::Words(kind.into()), value);
    }

    /// Adds an item of the tag named by its key (`tag X`, of the kind `the X tag`).
    fn push_tag(&mut self, name: &str, value: impl Text) {
        self.push_kind(("tag ", name), Kind::TheTag, value);
    }

    /// Adds an item of a kind given as a [`Kind`].
    fn push_kind(&mut self, key: impl Text, kind: Kind, value: impl Text) {
        let at = |text: &String| u32::try_from(text.len()).unwrap_or(u32::MAX);
        let key_start = at(&self.text);
        key.put(&mut self.text);
        let value_start = at(&self.text);
        value.put(&mut self.text);
        let end = at(&self.text);
        self.slots.push(Slot {
            key: (key_start, value_start),
            kind,
            value: (value_start, end),
        });
    }
}

/// Something an item's key or value is written from. The places and cards of a play are a
/// million items in a big file: they are written straight into the text, not through
/// `format!`'s machinery, which cost a third of the comparison.
trait Text {
    /// Appends the text to `out`.
    fn put(&self, out: &mut String);
}

impl Text for &str {
    fn put(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl Text for String {
    fn put(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl Text for &String {
    fn put(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl Text for char {
    fn put(&self, out: &mut String) {
        out.push(*self);
    }
}

impl Text for std::fmt::Arguments<'_> {
    fn put(&self, out: &mut String) {
        let _ = out.write_fmt(*self);
    }
}

/// Two texts one after the other (a place and what of it: `trick 2 card 4` + ` NAG`).
impl<A: Text, B: Text> Text for (A, B) {
    fn put(&self, out: &mut String) {
        self.0.put(out);
        self.1.put(out);
    }
}

/// Appends a count below a million or so without the formatting machinery.
fn put_number(out: &mut String, n: usize) {
    if n >= 10 {
        put_number(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}

impl Item<'_> {
    /// What kind of thing it is, as a user would name it: `the Event tag`, `a NAG on a call`…
    pub fn kind(&self) -> Cow<'_, str> {
        match self.kind {
            Kind::Words(words) => Cow::Borrowed(words),
            Kind::TheTag => Cow::Owned(format!(
                "the {} tag",
                self.key.strip_prefix("tag ").unwrap_or(self.key)
            )),
        }
    }
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
pub fn items(board: &BoardModel) -> BoardItems {
    let mut out = BoardItems::default();
    out.key_tags(board);
    for fact in &board.facts {
        let value = match fact.name.as_str() {
            "Score" => score_meaning(&fact.value),
            _ => fact.value.clone(),
        };
        out.push_tag(&fact.name, value);
    }
    for fact in &board.vacant {
        out.push(
            ("tag ", fact.name.as_str()),
            "empty or `?` tags",
            &fact.value,
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
        out.push(format!("comment {}", i + 1), "a comment", one_line(comment));
    }
    out.auctions(board);
    out.play(board);
    for what in &board.dropped {
        out.push(format!("unread {what}"), what.clone(), what.clone());
    }
    out
}

impl BoardItems {
    fn key_tags(&mut self, board: &BoardModel) {
        let ctx = &board.context;
        let written = |tag: &Option<crate::model::board::context::TagValue>| {
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
            match value {
                Some(value) if value.is_empty() || value == "?" => {
                    self.push(("tag ", name), "empty or `?` tags", value);
                }
                Some(value) => self.push_tag(name, value),
                None => {}
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
                        "a hand of the Deal",
                        hand,
                    );
                }
            }
            None => {
                if let Some(text) = written(&ctx.deal_tag).filter(|t| !t.is_empty()) {
                    self.push("tag Deal", "the Deal tag", text);
                }
            }
        }
        let hidden: String = Seat::ALL
            .iter()
            .filter(|s| board.hidden()[s.index()])
            .map(|s| s.letter())
            .collect();
        if !hidden.is_empty() {
            self.push("tag Hidden", "the Hidden tag", hidden);
        }
    }

    fn auctions(&mut self, board: &BoardModel) {
        let notes = board.notes(SectionKind::Auction);
        for (n, auction) in board.auctions().enumerate() {
            let section = Section(n);
            let kind = |what: &'static str| -> Cow<'static, str> {
                match n {
                    0 => what.into(),
                    _ => format!("{what} in a repeated Auction section").into(),
                }
            };
            let calls = auction.written();
            if !calls.is_empty() {
                if let Some(first) = auction.head.seat.or(auction.dealer) {
                    self.push(
                        format_args!("{section} first seat"),
                        kind("the seat the auction starts with"),
                        first.letter(),
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
                    let at = Place::Call(section, i);
                    self.push(at, kind("a call"), CallText(item));
                    if pass == 0 {
                        self.annotation(at, &item.annotation, &notes, &kind);
                    }
                }
            }
            if auction.end.plus.is_some() {
                self.push(
                    format_args!("{section} +"),
                    kind("a `+` (the auction goes on elsewhere)"),
                    "+",
                );
            }
            if n == 0 {
                for (index, text) in &notes {
                    self.push(
                        format_args!("auction note {index}"),
                        "a note of the auction",
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
                    "play leader",
                    "the seat the play starts with",
                    leader.letter(),
                );
            }
        }
        for (t, trick) in tricks.iter().enumerate() {
            for (c, item) in trick.iter().enumerate() {
                let at = Place::Card(t + 1, c + 1);
                self.push(at, "a card of the play", CardText(item));
                self.annotation(at, &item.annotation, &notes, &|w| w.into());
            }
        }
        if play.end.plus.is_some() {
            self.push("play +", "a `+` (the play goes on elsewhere)", "+");
        }
        for (index, text) in &notes {
            self.push(
                format_args!("play note {index}"),
                "a note of the play",
                one_line(text),
            );
        }
        for later in &board.later_plays {
            let cards = later.written().iter().map(Vec::len).sum::<usize>();
            self.push(
                format_args!(
                    "play section {}",
                    later.head.seat.map_or('?', |s| s.letter())
                ),
                "a repeated Play section",
                format_args!("{cards} cards"),
            );
        }
    }

    /// The annotation of a call or card at `at`: its glyphs as NAGs (a suffix is the NAG it
    /// stands for, standard 3.8), its alert and its note's text.
    fn annotation(
        &mut self,
        at: Place,
        annotation: &Annotation,
        notes: &[(u8, String)],
        kind: &dyn Fn(&'static str) -> Cow<'static, str>,
    ) {
        let on_card = matches!(at, Place::Card(..));
        let suffix = annotation.suffix.as_deref().filter(|s| !s.is_empty());
        if suffix.is_some() || !annotation.nags.is_empty() {
            let mut glyphs: Vec<String> = Vec::new();
            if let Some(suffix) = suffix {
                glyphs.push(match crate::model::values::suffix_nag(suffix, on_card) {
                    Some(nag) => format!("${nag}"),
                    None => suffix.to_string(),
                });
            }
            glyphs.extend(annotation.nags.iter().map(|n| format!("${n}")));
            let what = if on_card {
                "a NAG or `!`/`?` on a card"
            } else {
                "a NAG or `!`/`?` on a call"
            };
            self.push((at, " glyphs"), kind(what), glyphs.join(" "));
        }
        if !annotation.marks.is_empty() {
            let marks: Vec<&str> = annotation.marks.iter().map(|m| m.pbn()).collect();
            let what = if on_card {
                "an irregularity mark (`^I`, `^S`, `^R`, `^L`) on a card"
            } else {
                "an irregularity mark (`^I`, `^S`, `^R`, `^L`) on a call"
            };
            self.push((at, " marks"), kind(what), marks.join(" "));
        }
        if annotation.alert {
            let what = if on_card {
                "an alert on a card"
            } else {
                "an alert on a call"
            };
            self.push((at, " alert"), kind(what), "alerted");
        }
        if let Some(index) = annotation.note {
            let text = notes
                .iter()
                .find(|(n, _)| *n == index || (*n == 0 && index == 10) || (*n == 10 && index == 0))
                .map(|(_, text)| one_line(text))
                .unwrap_or_else(|| format!("note {index}, not given"));
            let what = if on_card {
                "a note on a card"
            } else {
                "a note on a call"
            };
            self.push((at, " note"), kind(what), text);
        }
    }
}

/// An Auction section by its place in the board: `the auction`, then `auction 2`…
#[derive(Debug, Clone, Copy)]
struct Section(usize);

impl std::fmt::Display for Section {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            0 => f.write_str("the auction"),
            n => write!(f, "auction {}", n + 1),
        }
    }
}

/// Where a call or card stands: its key, and the start of the keys of its annotations.
#[derive(Debug, Clone, Copy)]
enum Place {
    /// The `i`th call (from 1) of an auction.
    Call(Section, usize),
    /// The card of a trick, both from 1.
    Card(usize, usize),
}

impl Text for Place {
    fn put(&self, out: &mut String) {
        match self {
            Place::Call(Section(0), i) => {
                out.push_str("the auction call ");
                put_number(out, *i);
            }
            Place::Call(Section(n), i) => {
                out.push_str("auction ");
                put_number(out, n + 1);
                out.push_str(" call ");
                put_number(out, *i);
            }
            Place::Card(trick, card) => {
                out.push_str("trick ");
                put_number(out, *trick);
                out.push_str(" card ");
                put_number(out, *card);
            }
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
struct CallText<'a>(&'a CallItem);

impl Text for CallText<'_> {
    fn put(&self, out: &mut String) {
        match self.0.kind {
            CallKind::Call(Call::Bid(bid)) => {
                out.push(char::from(b'0' + bid.level()));
                out.push_str(bid.denomination().pbn());
            }
            CallKind::Call(call) => {
                let _ = write!(out, "{call}");
            }
            CallKind::AllPass => out.push_str("Pass"),
            CallKind::Query => out.push_str("a quiz point (`Y`)"),
        }
    }
}

/// A card as PBN writes it.
struct CardText<'a>(&'a CardItem);

impl Text for CardText<'_> {
    fn put(&self, out: &mut String) {
        match self.0.kind {
            CardKind::Card(card) => {
                out.push(card.suit.letter());
                out.push(card.rank.letter());
            }
            CardKind::Shortcut { highest: true, .. } => out.push_str("the highest of the suit led"),
            CardKind::Shortcut { .. } => out.push_str("the lowest of the suit led"),
            CardKind::Unknown => out.push('-'),
            CardKind::Query => out.push_str("a quiz point (`Y`)"),
        }
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
    let read = items_of_all(source, threads);
    let written = items_of_all(back, threads);
    compare_items(source, &read, back, &written, threads)
}

/// The items of every board ([`items`]), on up to `threads` threads.
pub fn items_of_all(boards: &[BoardModel], threads: usize) -> Vec<BoardItems> {
    let threads = crate::parallel::threads_for(boards.len(), 256).min(threads.max(1));
    crate::parallel::map_slices(boards, threads, |slice| slice.iter().map(items).collect())
}

/// [`compare_on`] with the items of both sides made already (`read`, one list a board of
/// `source`; `written`, one a board of `back`): a conversion makes them while its writing
/// and its check run.
pub fn compare_items(
    source: &[BoardModel],
    read: &[BoardItems],
    back: &[BoardModel],
    written_items: &[BoardItems],
    threads: usize,
) -> Vec<Loss> {
    // Each board read with the board written for it, if any.
    let (pairs, mut unpaired): (Vec<(usize, Option<usize>)>, Vec<Loss>) =
        match (numbered(source), numbered(back)) {
            (Some(read), Some(written)) => {
                let pairs = source
                    .iter()
                    .enumerate()
                    .map(|(i, a)| (i, written.get(a.fact("Board").unwrap_or_default()).copied()))
                    .collect();
                let added = written
                    .iter()
                    .filter(|(number, _)| !read.contains_key(*number))
                    .map(|(number, &j)| Loss {
                        board: j + 1,
                        kind: "whole boards".into(),
                        detail: format!("board {number} added"),
                    })
                    .collect();
                (pairs, added)
            }
            _ => {
                let pairs = (0..source.len().min(back.len()))
                    .map(|i| (i, Some(i)))
                    .collect();
                (pairs, count_differs(source.len(), back.len()))
            }
        };
    let threads = crate::parallel::threads_for(pairs.len(), 256).min(threads.max(1));
    let mut losses = crate::parallel::map_slices(&pairs, threads, |slice| {
        let mut found = Vec::new();
        for &(i, j) in slice {
            match j.and_then(|j| written_items.get(j)) {
                Some(written) => match read.get(i) {
                    Some(read) => compare_board(i + 1, read, written, &mut found),
                    None => compare_board(i + 1, &items(&source[i]), written, &mut found),
                },
                None => found.push(Loss {
                    board: i + 1,
                    kind: "whole boards".into(),
                    detail: format!(
                        "board {} not written",
                        source[i].fact("Board").unwrap_or_default()
                    ),
                }),
            }
        }
        found
    });
    losses.append(&mut unpaired);
    losses
}

/// The loss of boards paired by place when the two sides hold different numbers of them.
fn count_differs(read: usize, written: usize) -> Vec<Loss> {
    let (more, what) = match read.cmp(&written) {
        std::cmp::Ordering::Equal => return Vec::new(),
        std::cmp::Ordering::Greater => (read - written, "missing"),
        std::cmp::Ordering::Less => (written - read, "added"),
    };
    vec![Loss {
        board: read.min(written) + 1,
        kind: "whole boards".into(),
        detail: format!("{more} {what}: {read} read, {written} written"),
    }]
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

fn compare_board(board: usize, source: &BoardItems, back: &BoardItems, losses: &mut Vec<Loss>) {
    // Items come in a stable order, so two boards that agree give the same list: the maps
    // are built only for boards that differ.
    if source == back {
        return;
    }
    // The items both sides hold alike at the start and at the end say nothing lost, and keys
    // are unique in a board, so only the middle is looked up (often one item or two).
    let same = |a: &Item<'_>, b: &Item<'_>| a.key == b.key && a.value == b.value;
    let ahead = source
        .iter()
        .zip(back.iter())
        .take_while(|(a, b)| same(a, b))
        .count();
    let behind = source
        .iter()
        .rev()
        .zip(back.iter().rev())
        .take(source.len().min(back.len()) - ahead)
        .take_while(|(a, b)| same(a, b))
        .count();
    fn middle(
        items: &BoardItems,
        ahead: usize,
        behind: usize,
    ) -> impl Iterator<Item = Item<'_>> + '_ {
        let len = items.len();
        items.iter().skip(ahead).take(len - ahead - behind)
    }
    let written: BTreeMap<&str, Item<'_>> =
        middle(back, ahead, behind).map(|i| (i.key, i)).collect();
    let read: BTreeMap<&str, Item<'_>> =
        middle(source, ahead, behind).map(|i| (i.key, i)).collect();
    for item in middle(source, ahead, behind) {
        match written.get(item.key) {
            None => losses.push(Loss {
                board,
                kind: item.kind().into_owned(),
                detail: format!("{}: `{}` not written", item.key, short(item.value)),
            }),
            Some(other) if other.value != item.value => losses.push(Loss {
                board,
                kind: item.kind().into_owned(),
                detail: changed(item.key, item.value, other.value),
            }),
            Some(_) => {}
        }
    }
    for item in middle(back, ahead, behind) {
        if !read.contains_key(item.key) {
            losses.push(Loss {
                board,
                kind: item.kind().into_owned(),
                detail: format!("{}: `{}` added", item.key, short(item.value)),
            });
        }
    }
}

/// A value shortened for a report line: its first 40 characters and its last 20.
/// A value changed, for a report line: both shortened, or, where the shortening hides the
/// change (a long comment cut in its middle), both around the first character that differs.
fn changed(key: &str, before: &str, after: &str) -> String {
    let (a, b) = (short(before), short(after));
    if a != b {
        return format!("{key}: `{a}` became `{b}`");
    }
    let at = before
        .chars()
        .zip(after.chars())
        .take_while(|(x, y)| x == y)
        .count();
    let around = |text: &str| -> String {
        let from = at.saturating_sub(20);
        let piece: String = text.chars().skip(from).take(40).collect();
        let more = text.chars().count() > from + 40;
        format!(
            "{}{piece}{}",
            if from > 0 { "…" } else { "" },
            if more { "…" } else { "" }
        )
    };
    format!(
        "{key}: from character {}, `{}` became `{}`",
        at + 1,
        around(before),
        around(after)
    )
}

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

#[cfg(test)]
mod tests {
    use super::{changed, compare};
    use crate::notation::Notation;

    /// Every loss is found wherever it stands among the items, the first and the last
    /// included: the comparison skips only what both sides hold alike at either end.
    #[test]
    fn losses_are_found_at_the_start_in_the_middle_and_at_the_end() {
        let board = |event: &str, site: &str, extra: &str, play: &str| {
            format!(
                "[Event \"{event}\"]\n[Site \"{site}\"]\n[Board \"1\"]\n{extra}[Dealer \"N\"]\n\
                 [Vulnerable \"None\"]\n\
                 [Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n\
                 [Declarer \"N\"]\n[Contract \"1S\"]\n[Result \"7\"]\n[Play \"E\"]\n{play}\n"
            )
        };
        let source =
            Notation::Pbn.read_boards(&board("A", "B", "[Room \"Open\"]\n", "S2 H2 D2 C2"));
        let alike = compare(&source, &source);
        assert!(alike.is_empty(), "{alike:?}");
        let back = Notation::Pbn.read_boards(&board("Z", "B", "[Stage \"x\"]\n", "S2 H2 D2 C3"));
        let details: Vec<String> = compare(&source, &back)
            .into_iter()
            .map(|l| format!("{}: {}", l.kind, l.detail))
            .collect();
        for expected in [
            "the Event tag: tag Event: `A` became `Z`",
            "the Room tag: tag Room: `Open` not written",
            "the Stage tag: tag Stage: `x` added",
        ] {
            assert!(
                details.iter().any(|d| d == expected),
                "{expected} in {details:?}"
            );
        }
        assert!(
            details
                .iter()
                .any(|d| d.starts_with("a card of the play: trick 1 card 4")),
            "{details:?}"
        );
        assert_eq!(details.len(), 4, "{details:?}");
    }

    /// A change the shortening would hide is shown where it is.
    #[test]
    fn a_change_in_the_middle_of_a_long_value_is_shown_where_it_is() {
        let before = format!("{} ¶ {}", "a".repeat(60), "b".repeat(60));
        let after = format!("{} {}", "a".repeat(60), "b".repeat(60));
        let said = changed("comment 1", &before, &after);
        assert!(said.starts_with("comment 1: from character 62,"), "{said}");
        assert!(said.contains("¶"), "{said}");
        assert_eq!(changed("tag X", "ab", "ac"), "tag X: `ab` became `ac`");
    }
}
