//! Writing a game's layout in export format.

use std::borrow::Cow;

use super::layout::{GameLayout, Item, Section, SectionKind, Tag, Trivia};
use super::values::{
    call_value, card_value, contract_value, deal_value, note_index, result_value, seat_of,
    seat_value, suffix_nag, vulnerable_value, CallKind,
};
use crate::bridge::Seat;
use crate::model::board::{read_sections, BoardModel};
use crate::model::values::{read_contract, ContractValue};
use crate::model::Inheritance;
use crate::syntax::pbn::ast::Game;
use crate::syntax::SyntaxKind::*;
use crate::syntax::{Parse, SyntaxNode};

/// The 15 tags of the mandatory tag set, in export order.
pub use crate::model::tags::MANDATORY_TAGS as MANDATORY;

/// Section lines are wrapped so that they stay shorter than this many characters.
const MAX_COLUMNS: usize = 80;
/// The longest line the standard allows, line end included.
const MAX_LINE: usize = 255;

/// How one game is to be written.
#[derive(Debug, Clone, Copy)]
pub struct Settings<'s> {
    /// The line end to write.
    pub eol: &'s str,
    /// Whether line ends inside comments are converted to `eol` too.
    pub convert_eol: bool,
    /// Export mode: add missing mandatory tags.
    pub export: bool,
    /// Mandatory tags (bit = index in [`MANDATORY`]) given with `##` by an earlier game, which
    /// export mode therefore does not add.
    pub inherited: u16,
    /// The file declares PBN 1.0, whose Mandatory Tag Set has no Scoring: export mode does not
    /// add one.
    pub pbn_1: bool,
}

/// The mandatory tags that a `##` supplies to the games after this one (bit = index in
/// [`MANDATORY`]), given those it supplied to this one: a `##` value sets its bit, any other
/// value of the tag clears it (as [`crate::model::Inheritance`] reads chapter 4.8).
pub(crate) fn inherited_after(layout: &GameLayout<'_>, mut mask: u16) -> u16 {
    for tag in &layout.tags {
        if let Some(i) = MANDATORY.iter().position(|&m| m == tag.name) {
            if tag.raw.starts_with("##") {
                mask |= 1 << i;
            } else {
                mask &= !(1 << i);
            }
        }
    }
    mask
}

/// The display width of a text (characters).
fn width(text: &str) -> usize {
    if text.is_ascii() {
        text.len()
    } else {
        text.chars().count()
    }
}

/// Builds the output text line by line, tracking the column.
struct Writer<'s> {
    out: String,
    eol: &'s str,
    convert_eol: bool,
    col: usize,
    /// The next token must start a new line (after a comment alone on its line, a `;` comment
    /// or a multi-line comment).
    break_next: bool,
    /// Strict export: empty lines inside comments are left out.
    drop_blank_comment_lines: bool,
}

impl<'s> Writer<'s> {
    fn new(settings: &Settings<'s>, capacity: usize) -> Writer<'s> {
        Writer {
            out: String::with_capacity(capacity),
            eol: settings.eol,
            convert_eol: settings.convert_eol,
            col: 0,
            break_next: false,
            drop_blank_comment_lines: settings.export,
        }
    }

    fn newline(&mut self) {
        self.out.push_str(self.eol);
        self.col = 0;
        self.break_next = false;
    }

    fn end_line(&mut self) {
        if self.col > 0 {
            self.newline();
        }
        self.break_next = false;
    }

    /// A token separated from the previous one by a space, or on a new line when it would
    /// reach `MAX_COLUMNS` (`wrap`) or a comment asked for it.
    fn token(&mut self, text: &str, wrap: bool) {
        let w = width(text);
        if self.col > 0 {
            if self.break_next || (wrap && self.col + 1 + w >= MAX_COLUMNS) {
                self.newline();
            } else {
                self.out.push(' ');
                self.col += 1;
            }
        }
        self.out.push_str(text);
        self.col += w;
    }

    /// A tag pair on a line of its own.
    fn tag(&mut self, name: &str, value: &str) {
        self.end_line();
        let w = width(name) + width(value) + 5;
        self.out.push('[');
        self.out.push_str(name);
        if w + 2 <= MAX_LINE {
            self.out.push(' ');
        }
        self.out.push('"');
        self.out.push_str(value);
        self.out.push_str("\"]");
        self.col = w;
    }

    /// A line of text written as it is.
    fn line(&mut self, text: &str) {
        self.end_line();
        self.out.push_str(text);
        self.col = width(text).max(1);
    }

    fn trivia(&mut self, trivia: &Trivia<'_>, force_line: bool, wrap: bool) {
        match *trivia {
            Trivia::Escape(text) => {
                self.end_line();
                self.out.push_str(text);
                self.newline();
            }
            Trivia::Comment { text, own_line } => self.comment(text, own_line || force_line, wrap),
        }
    }

    fn comment(&mut self, text: &str, own_line: bool, wrap: bool) {
        let first_line = text.split(['\n', '\r']).next().unwrap_or(text);
        let mut at_start = true;
        if self.col > 0 {
            let too_long = wrap && self.col + 1 + width(first_line) >= MAX_COLUMNS;
            if own_line || self.break_next || too_long {
                self.newline();
            } else {
                self.out.push(' ');
                self.col += 1;
                at_start = false;
            }
        }
        let multi_line = text.contains(['\n', '\r']);
        if multi_line {
            if self.convert_eol {
                push_converted(&mut self.out, text, self.eol);
            } else {
                self.out.push_str(text);
            }
            let last = text.rsplit(['\n', '\r']).next().unwrap_or("");
            self.col = width(last).max(1);
        } else {
            self.out.push_str(text);
            self.col += width(text);
        }
        self.break_next = at_start || multi_line || text.starts_with(';');
    }

    /// The comments of a tag (or of the game, before its first tag), as the reference exporter
    /// writes them: from the line after the tag, one-line comments side by side with one space
    /// (a new line before one that would reach column 80), a comment over several lines on its
    /// own lines, what follows its last line continuing after it. In strict export the empty
    /// lines inside a comment are left out, as the reference leaves them out (an empty line
    /// would end the game for a reader that does not follow comments).
    fn tag_comments(&mut self, trivia: &[Trivia<'_>]) {
        self.end_line();
        for t in trivia {
            match *t {
                Trivia::Escape(_) => self.trivia(t, true, false),
                Trivia::Comment { text, .. } if text.starts_with(';') => {
                    self.packed_text(text);
                    self.end_line();
                }
                Trivia::Comment { text, .. } => self.packed_comment(text),
            }
        }
        self.end_line();
    }

    /// The comments after a call or card, as the reference exporter writes them: on the same
    /// line, one space apart (a new line before one that would reach column 80), a comment of
    /// several lines on its own lines with the next call or card after its last line; only a
    /// `;` comment ends the line. (`%` lines stand on their own lines.)
    fn section_comments<'t>(&mut self, trivia: impl IntoIterator<Item = &'t Trivia<'t>>) {
        for t in trivia {
            match *t {
                Trivia::Escape(_) => self.trivia(t, true, true),
                Trivia::Comment { text, .. } if text.starts_with(';') => {
                    self.packed_text(text.trim_end_matches(['\n', '\r']));
                    self.break_next = true;
                }
                Trivia::Comment { text, .. } => self.packed_comment(text),
            }
        }
    }

    /// One `{…}` comment, its first line added to the current line.
    fn packed_comment(&mut self, text: &str) {
        let mut lines = text.split_inclusive('\n').peekable();
        let mut first = true;
        while let Some(with_end) = lines.next() {
            let line = with_end.trim_end_matches(['\n', '\r']);
            let last = lines.peek().is_none();
            let inner_blank = !first && !last && line.is_empty();
            if inner_blank && self.drop_blank_comment_lines {
                continue;
            }
            self.packed_text(line);
            if !last {
                self.comment_line_end(&with_end[line.len()..]);
            }
            first = false;
        }
    }

    /// Ends a line inside a comment: with the line end written there, unless line ends are
    /// converted.
    fn comment_line_end(&mut self, written: &str) {
        if self.convert_eol || written.is_empty() {
            self.out.push_str(self.eol);
        } else {
            self.out.push_str(written);
        }
        self.col = 0;
        self.break_next = false;
    }

    /// Text added to the line after a space, or on a new line when it would reach column 80.
    fn packed_text(&mut self, text: &str) {
        if !text.is_empty() {
            self.token(text, true);
        }
    }

    fn finish(mut self) -> String {
        self.end_line();
        self.out
    }
}

/// Copies `text` with every line end replaced by `eol`.
pub fn push_converted(out: &mut String, text: &str, eol: &str) {
    let bytes = text.as_bytes();
    let mut from = 0;
    let mut i = 0;
    while let Some(off) = memchr::memchr2(b'\n', b'\r', &bytes[i..]) {
        let at = i + off;
        out.push_str(&text[from..at]);
        out.push_str(eol);
        i = if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') {
            at + 2
        } else {
            at + 1
        };
        from = i;
    }
    out.push_str(&text[from..]);
}

/// A tag ready to be written.
struct OutTag<'a, 'm> {
    rank: usize,
    name: &'a str,
    value: Cow<'a, str>,
    trivia: &'m [Trivia<'a>],
}

/// A call or card ready to be written.
struct Slot<'a, 'm> {
    marks: &'m [&'a str],
    text: Cow<'a, str>,
    /// Note reference, then NAGs from suffixes, then other NAGs, each with its kind.
    annotations: Vec<(Anchor, Cow<'a, str>)>,
    trivia: &'m [Trivia<'a>],
    /// What each of `trivia` follows.
    anchors: Vec<Anchor>,
}

impl<'a, 'm> Slot<'a, 'm> {
    /// The slot of `item` written as `text`, with the item's marks, annotations (read as a
    /// card's when `card`), comments and what they follow; `None` when an annotation cannot be
    /// written back.
    fn of(item: &'m Item<'a>, text: Cow<'a, str>, card: bool) -> Option<Slot<'a, 'm>> {
        Some(Slot {
            marks: &item.marks,
            text,
            annotations: annotations(item, card)?,
            trivia: &item.trivia,
            anchors: anchors(item),
        })
    }
}

/// What a comment after a call or card follows: the call or card itself, its note reference,
/// a NAG written as a suffix, or another NAG. The reference exporter writes the comments of
/// each kind right after what they follow, in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Anchor {
    Move,
    Note,
    Suffix,
    Nag,
}

/// What each comment of `item` follows.
fn anchors(item: &Item<'_>) -> Vec<Anchor> {
    item.trivia_after
        .iter()
        .map(
            |&k| match k.checked_sub(1).and_then(|i| item.annotations.get(i)) {
                None => Anchor::Move,
                Some((NOTE_REF, _)) => Anchor::Note,
                Some((SUFFIX, _)) => Anchor::Suffix,
                Some((_, text)) if nag_number(text).is_some_and(is_suffix_nag) => Anchor::Suffix,
                Some(_) => Anchor::Nag,
            },
        )
        .collect()
}

/// The number of a NAG token (`$12` → 12).
fn nag_number(text: &str) -> Option<u32> {
    text.get(1..)?.parse().ok()
}

/// Whether NAG `n` is one a suffix stands for (`$1`–`$6` for calls, `$7`–`$12` for cards): the
/// reference exporter writes those first and what follows them as a suffix's comment, however
/// they were written.
fn is_suffix_nag(n: u32) -> bool {
    (1..=12).contains(&n)
}

/// Whether the model reads the game's play as complete; `None` when it finds no play.
fn analysis_play_complete(text: &str) -> Option<bool> {
    model_sections(text)?.play.map(|play| play.complete)
}

/// The game's Auction and Play as the model reads them (the formatter asks only when its own
/// quick reading cannot decide).
fn model_sections(text: &str) -> Option<BoardModel> {
    let parse = Parse::new(text);
    let game = parse
        .children()
        .iter()
        .filter_map(|child| child.as_node())
        .find_map(|green| Game::cast(SyntaxNode::new_root(green.clone())))?;
    Some(read_sections(&game, &Inheritance::default()))
}

/// What the game's tags say that its sections need.
struct Facts<'t> {
    /// The game's text.
    text: &'t str,
    dealer: Option<Seat>,
    declarer: Option<Seat>,
    /// Cards in the largest hand of a readable Deal.
    hand_size: Option<usize>,
    passed_out_contract: bool,
}

/// Writes a game in export format; `None` when something in it is not understood well enough
/// to be rewritten safely (the game is then kept as written).
pub fn render(layout: &GameLayout<'_>, settings: &Settings<'_>, capacity: usize) -> Option<String> {
    let first = |name: &str| layout.tags.iter().find(|t| t.name == name);
    let dealer = first("Dealer").and_then(|t| seat_of(t.raw));
    let declarer = first("Declarer").and_then(|t| seat_of(t.raw));
    let deal = first("Deal").and_then(|t| deal_value(t.raw, dealer));
    let facts = Facts {
        text: layout.text,
        dealer,
        declarer,
        hand_size: deal.as_ref().map(|d| d.1).filter(|&n| n > 0),
        passed_out_contract: first("Contract")
            .and_then(|t| read_contract(t.raw))
            .is_some_and(|r| r.value == ContractValue::Passed),
    };

    let mut auction = None;
    let mut play = None;
    let mut supplementals: Vec<&Section<'_>> = Vec::new();
    for section in &layout.sections {
        match section.kind {
            SectionKind::Auction if auction.is_none() => auction = Some(section),
            SectionKind::Play if play.is_none() => play = Some(section),
            SectionKind::Auction | SectionKind::Play => return None,
            SectionKind::Supplemental => supplementals.push(section),
        }
    }
    supplementals.sort_by(|a, b| a.tag.name.cmp(b.tag.name));

    let auction_out = match auction {
        Some(section) => Some(auction_slots(section, &facts)?),
        None => None,
    };
    let mut play_out = match play {
        Some(section) => Some(play_slots(section, &facts)?),
        None => None,
    };
    if settings.export {
        // A `*` after all 52 cards says nothing (no card is missing); the reference exporter
        // leaves it out.
        if let Some(out) = play_out.as_mut().filter(|out| out.slots.len() == 52) {
            out.star = false;
        }
    }

    let mut tags: Vec<OutTag<'_, '_>> = layout
        .tags
        .iter()
        .map(|tag| OutTag {
            rank: MANDATORY
                .iter()
                .position(|&m| m == tag.name)
                .unwrap_or(MANDATORY.len()),
            name: tag.name,
            // An empty Deal says no more than `?`, which the reference exporter writes for it
            // when the game has a dealer (it keeps `""` in a game whose Dealer is empty too).
            value: if settings.export
                && tag.name == "Deal"
                && tag.raw.trim().is_empty()
                && facts.dealer.is_some()
            {
                Cow::Borrowed("?")
            } else {
                tag_value(tag, &facts)
            },
            trivia: &tag.trivia,
        })
        .collect();
    if settings.export {
        let passed_out =
            facts.passed_out_contract || auction_out.as_ref().is_some_and(|a| a.passed_out);
        complete_mandatory_tags(&mut tags, layout.text, passed_out, settings);
    }
    tags.sort_by(|a, b| {
        a.rank.cmp(&b.rank).then_with(|| {
            if a.rank == MANDATORY.len() {
                a.name.cmp(b.name)
            } else {
                std::cmp::Ordering::Equal
            }
        })
    });

    let mut w = Writer::new(settings, capacity);
    w.tag_comments(&layout.leading);
    for tag in &tags {
        write_tag(&mut w, tag.name, &tag.value, tag.trivia);
    }
    // The declarer as written out (export mode adds it from the auction), so that a second
    // formatting leaves out what the first did.
    let declarer = tags
        .iter()
        .find(|t| t.name == "Declarer")
        .and_then(|t| seat_of(&t.value));
    let passed_out = auction_out.as_ref().is_some_and(|a| a.passed_out);
    for (section, out) in [(auction, &auction_out), (play, &play_out)] {
        if let (Some(section), Some(out)) = (section, out) {
            if !settings.export || !says_nothing(section, out, facts.dealer, declarer, passed_out) {
                write_slots(&mut w, section, &out.tag_value, &out.slots, out.star);
            }
        }
    }
    for section in supplementals {
        write_supplemental(&mut w, section);
    }
    Some(w.finish())
}

/// Whether an Auction or Play says nothing the other tags do not: no call or card (`[Play "W"]`
/// and `*` alone), no comment or note, and a tag naming what the Dealer gives (an Auction) or
/// the declarer's left-hand opponent (a Play; after a passed-out auction, any seat: no card can
/// be played, as GIB's `[Play "W"]` and `*` say). Strict export leaves such a section out, as
/// the reference exporter does; any other is kept, so that nothing the game says is lost.
fn says_nothing(
    section: &Section<'_>,
    out: &SlotsOut<'_, '_>,
    dealer: Option<Seat>,
    declarer: Option<Seat>,
    passed_out: bool,
) -> bool {
    let implied = match section.kind {
        SectionKind::Auction => dealer,
        _ => declarer.map(Seat::lho),
    };
    let play_after_pass = section.kind == SectionKind::Play && passed_out;
    out.slots.is_empty()
        && (play_after_pass || (implied.is_some() && seat_of(section.tag.raw) == implied))
        && section.tag.trivia.is_empty()
        && section.notes.is_empty()
        && section.items.iter().all(|item| item.trivia.is_empty())
}

/// Strict export: the mandatory tags the game lacks, written as the reference exporter writes
/// them. A missing Contract or Declarer, and an empty Contract, take what the auction says (`?`
/// when it says nothing); a passed-out game gets `Declarer ""`, `Result ""` and `Contract "Pass"`;
/// anything else missing is `?`. Tags an earlier game gives with `##` are not added, nor
/// Scoring in a PBN 1.0 file (its Mandatory Tag Set has none).
fn complete_mandatory_tags(
    tags: &mut Vec<OutTag<'_, '_>>,
    text: &str,
    passed_out: bool,
    settings: &Settings<'_>,
) {
    let missing = |name: &str| tags.iter().all(|t| t.name != name);
    let contract_unknown = tags
        .iter()
        .find(|t| t.name == "Contract")
        .is_none_or(|t| t.value.trim().is_empty());
    let needs_auction = !passed_out && (contract_unknown || missing("Declarer"));
    let outcome = if needs_auction {
        auction_outcome(text)
    } else {
        None
    };
    let from_auction = |name: &str| -> Option<String> {
        let (contract, declarer) = outcome?;
        match name {
            "Contract" => Some(contract.to_string()),
            "Declarer" => Some(declarer.letter().to_string()),
            _ => None,
        }
    };
    for (rank, &name) in MANDATORY.iter().enumerate() {
        if let Some(tag) = tags.iter_mut().find(|t| t.name == name) {
            // An empty Declarer stays (the standard gives a passed-out board one); an empty
            // Contract is filled.
            if name != "Contract" || !tag.value.trim().is_empty() {
                continue;
            }
            tag.value = if passed_out {
                Cow::Borrowed("Pass")
            } else {
                Cow::Owned(from_auction(name).unwrap_or_else(|| "?".into()))
            };
            continue;
        }
        if settings.inherited & (1 << rank) != 0 || name == "Scoring" && settings.pbn_1 {
            continue;
        }
        let value = match name {
            "Declarer" | "Result" if passed_out => Cow::Borrowed(""),
            "Contract" if passed_out => Cow::Borrowed("Pass"),
            _ => from_auction(name).map_or(Cow::Borrowed("?"), Cow::Owned),
        };
        tags.push(OutTag {
            rank,
            name,
            value,
            trivia: &[],
        });
    }
}

/// Whether the model reads the game's auction as ended; `None` when it finds no auction.
fn auction_ended(text: &str) -> Option<bool> {
    model_sections(text)?
        .auction
        .map(|auction| auction.finished)
}

/// The contract and declarer of an auction that has ended in one, read by the model.
fn auction_outcome(text: &str) -> Option<(crate::bridge::Contract, Seat)> {
    let auction = model_sections(text)?.auction?;
    if !auction.finished {
        return None;
    }
    Some((auction.contract?, auction.declarer?))
}

fn write_tag(w: &mut Writer<'_>, name: &str, value: &str, trivia: &[Trivia<'_>]) {
    w.tag(name, value);
    w.tag_comments(trivia);
}

/// A tag's value in export spelling, or as written when it cannot be read (or is inherited).
fn tag_value<'a>(tag: &Tag<'a>, facts: &Facts<'_>) -> Cow<'a, str> {
    let raw = tag.raw;
    if raw.starts_with('#') || raw.contains('\\') || is_canonical(tag.name, raw) {
        return Cow::Borrowed(raw);
    }
    let normal = match tag.name {
        "Dealer" => seat_value(raw, false),
        "Declarer" => seat_value(raw, true),
        "Vulnerable" => vulnerable_value(raw),
        "Contract" => contract_value(raw),
        "Result" => result_value(raw, facts.declarer),
        "Deal" => deal_value(raw, facts.dealer).map(|d| d.0.into_owned()),
        _ => None,
    };
    match normal {
        Some(value) if value != raw => Cow::Owned(value),
        _ => Cow::Borrowed(raw),
    }
}

/// Whether a value is already in export spelling (a quick check that spares the readers).
fn is_canonical(name: &str, raw: &str) -> bool {
    let seat = |v: &str| matches!(v, "N" | "E" | "S" | "W");
    match name {
        "Dealer" => seat(raw),
        "Declarer" => seat(raw.strip_prefix('^').unwrap_or(raw)),
        "Vulnerable" => matches!(raw, "None" | "NS" | "EW" | "All"),
        "Contract" => {
            let bytes = raw.as_bytes();
            if raw == "Pass" || bytes.len() < 2 || !(b'1'..=b'7').contains(&bytes[0]) {
                return raw == "Pass";
            }
            let rest = &raw[1..];
            let risk = ["NT", "C", "D", "H", "S"]
                .iter()
                .find_map(|d| rest.strip_prefix(d));
            matches!(risk, Some("" | "X" | "XX"))
        }
        "Result" => {
            let bytes = raw.as_bytes();
            match bytes {
                [d] => d.is_ascii_digit(),
                [b'1', d] => (b'0'..=b'3').contains(d),
                _ => false,
            }
        }
        _ => false,
    }
}

/// An auction or play section ready to be written.
struct SlotsOut<'a, 'm> {
    tag_value: Cow<'a, str>,
    slots: Vec<Slot<'a, 'm>>,
    star: bool,
    passed_out: bool,
}

/// Note reference first, then the NAGs a suffix stands for (suffixes translated), then the other
/// NAGs, each group in the order written, as the reference exporter writes them: a second pass
/// finds the same groups in the same order.
fn annotations<'a>(item: &Item<'a>, card: bool) -> Option<Vec<(Anchor, Cow<'a, str>)>> {
    if item.annotations.is_empty() {
        return Some(Vec::new());
    }
    let mut notes: Vec<(Anchor, Cow<'a, str>)> = Vec::new();
    let mut suffixes: Vec<(Anchor, Cow<'a, str>)> = Vec::new();
    let mut nags: Vec<(Anchor, Cow<'a, str>)> = Vec::new();
    for &(kind, text) in &item.annotations {
        match kind {
            NOTE_REF => notes.push((Anchor::Note, Cow::Borrowed(text))),
            NAG => match nag_number(text)? {
                n if is_suffix_nag(n) => suffixes.push((Anchor::Suffix, Cow::Borrowed(text))),
                _ => nags.push((Anchor::Nag, Cow::Borrowed(text))),
            },
            SUFFIX => {
                let n = suffix_nag(text, card)?;
                suffixes.push((Anchor::Suffix, Cow::Owned(format!("${n}"))));
            }
            _ => return None,
        }
    }
    notes.append(&mut suffixes);
    notes.append(&mut nags);
    Some(notes)
}

/// Whether the only item allowed after `index` is a final `*`.
fn is_last_call(items: &[Item<'_>], index: usize) -> bool {
    match &items[index + 1..] {
        [] => true,
        [next] => next.kind == STAR,
        _ => false,
    }
}

fn auction_slots<'a, 'm>(section: &'m Section<'a>, facts: &Facts<'_>) -> Option<SlotsOut<'a, 'm>> {
    let items = &section.items;
    let tag_seat = seat_of(section.tag.raw);
    let placeholders = items
        .iter()
        .take_while(|i| i.kind == CALL && i.text == "-")
        .count();
    let mut tag_value = None;
    let mut skip = 0;
    let mut keeps_placeholders = false;
    if placeholders > 0 {
        match (facts.dealer, tag_seat) {
            (Some(dealer), Some(seat)) if !section.tag.raw.starts_with('#') => {
                let before = (dealer.index() + 4 - seat.index()) % 4;
                if before != placeholders {
                    return None;
                }
                let plain = items[..placeholders]
                    .iter()
                    .all(|i| i.marks.is_empty() && i.annotations.is_empty() && i.trivia.is_empty());
                if !plain {
                    return None;
                }
                skip = placeholders;
                tag_value = Some(Cow::Owned(dealer.letter().to_string()));
            }
            _ => keeps_placeholders = true,
        }
    }
    let tag_value = tag_value.unwrap_or_else(|| seat_tag_value(section.tag.raw));

    let mut slots = Vec::with_capacity(items.len() + 3);
    let mut irregular = keeps_placeholders;
    let (mut any_active, mut passes) = (false, 0usize);
    let (mut star, mut plus) = (false, false);
    for (index, item) in items.iter().enumerate().skip(skip) {
        if item.marks.iter().any(|&m| m != "^I") {
            return None;
        }
        irregular |= !item.marks.is_empty();
        let text: Cow<'a, str> = match item.kind {
            CALL => {
                let (value, kind) = call_value(item.text)?;
                match kind {
                    CallKind::Placeholder if !keeps_placeholders || index >= placeholders => {
                        return None
                    }
                    CallKind::Placeholder => {}
                    CallKind::Pass => passes += 1,
                    CallKind::Active => {
                        any_active = true;
                        passes = 0;
                    }
                    CallKind::AllPass => {
                        let plain = item.marks.is_empty() && item.annotations.is_empty();
                        // After irregularities (`^S`, `^I`) an `AP` is still the passes that
                        // end the auction, three after the last bid, double or redouble (four
                        // with none), counted from a skipped turn if one came later, as the
                        // reference exporter writes them. With `-` kept (no dealer known) and
                        // no bid the count is not clear.
                        let unclear = keeps_placeholders && !any_active;
                        if unclear || !plain || !is_last_call(items, index) {
                            return None;
                        }
                        passes += push_all_pass(&mut slots, item, any_active, passes)?;
                        continue;
                    }
                }
                value
            }
            STAR => {
                if index + 1 != items.len() || !item.annotations.is_empty() || plus {
                    return None;
                }
                star = true;
                if !item.trivia.is_empty() || !item.marks.is_empty() {
                    return None;
                }
                continue;
            }
            PLUS => {
                plus = true;
                Cow::Borrowed(item.text)
            }
            IRREGULARITY => {
                irregular = true;
                // A skipped turn breaks a run of passes (see `auction_ended`).
                passes = 0;
                Cow::Borrowed(item.text)
            }
            _ => return None,
        };
        slots.push(Slot::of(item, text, false)?);
    }
    let ended = if any_active { passes >= 3 } else { passes >= 4 };
    let passed_out = !irregular && !any_active && passes >= 4;
    // With irregularities (`^S`, `^I`, columns with `-`) the model follows the turns; like the
    // reference, an auction it does not see ended gets its `*`.
    let ended = if irregular {
        auction_ended(facts.text).unwrap_or(true)
    } else {
        ended
    };
    let star = star || (!ended && !plus);
    Some(SlotsOut {
        tag_value,
        slots,
        star,
        passed_out,
    })
}

/// Pushes the passes an `AP` stands for (three after a bid, double or redouble, four in an
/// auction with none, less the `passes` already given), the last keeping the `AP`'s trivia and
/// anchors; how many, or `None` when the `AP` stands for none.
fn push_all_pass<'a, 'm>(
    slots: &mut Vec<Slot<'a, 'm>>,
    item: &'m Item<'a>,
    any_active: bool,
    passes: usize,
) -> Option<usize> {
    let needed: usize = if any_active { 3 } else { 4 };
    let count = needed.checked_sub(passes).filter(|&n| n > 0)?;
    for n in 0..count {
        let last = n + 1 == count;
        slots.push(Slot {
            marks: &[],
            text: Cow::Borrowed("Pass"),
            annotations: Vec::new(),
            trivia: if last { &item.trivia } else { &[] },
            anchors: if last { anchors(item) } else { Vec::new() },
        });
    }
    Some(count)
}

/// The value of an Auction or Play tag: an upper-case seat, or as written.
fn seat_tag_value(raw: &str) -> Cow<'_, str> {
    if raw.starts_with('#') {
        return Cow::Borrowed(raw);
    }
    match seat_value(raw, false) {
        Some(value) if value != raw => Cow::Owned(value),
        _ => Cow::Borrowed(raw),
    }
}

fn play_slots<'a, 'm>(section: &'m Section<'a>, facts: &Facts<'_>) -> Option<SlotsOut<'a, 'm>> {
    let items = &section.items;
    let mut slots = Vec::with_capacity(items.len());
    let (mut star, mut plus) = (false, false);
    for (index, item) in items.iter().enumerate() {
        if item.marks.iter().any(|&m| m != "^R" && m != "^L") {
            return None;
        }
        let text: Cow<'a, str> = match item.kind {
            CARD => card_value(item.text)?,
            STAR => {
                let plain = item.annotations.is_empty() && item.marks.is_empty();
                if index + 1 != items.len() || !plain || !item.trivia.is_empty() {
                    return None;
                }
                star = true;
                continue;
            }
            PLUS => {
                plus = true;
                Cow::Borrowed(item.text)
            }
            _ => return None,
        };
        slots.push(Slot::of(item, text, true)?);
    }
    if !star && !plus && slots.len() < 52 {
        // Fewer than 13 tricks: the play stops early and gets its `*`, an end position's too
        // (chapter 3.10: its hands hold fewer cards, and the reference's export ends its
        // play with `*` all the same). But the columns are seats, not the order of play, so
        // a short last row may still finish the last trick (a card in the column of its
        // fourth player, the ones before unknown). Who led that trick takes following the
        // whole play: the analysis decides, and when it cannot read the game no `*` is added.
        let end_position = facts.hand_size.is_some_and(|n| n < 13);
        star = end_position
            || slots.len().is_multiple_of(4)
            || analysis_play_complete(facts.text) == Some(false);
    }
    Some(SlotsOut {
        tag_value: seat_tag_value(section.tag.raw),
        slots,
        star,
        passed_out: false,
    })
}

/// The tag, four calls or cards a line (wrapped before 80 columns), `*`, then the notes by index.
fn write_slots(
    w: &mut Writer<'_>,
    section: &Section<'_>,
    tag_value: &str,
    slots: &[Slot<'_, '_>],
    star: bool,
) {
    write_tag(w, section.tag.name, tag_value, &section.tag.trivia);
    for (i, slot) in slots.iter().enumerate() {
        if i % 4 == 0 {
            w.end_line();
        }
        for mark in slot.marks {
            w.token(mark, true);
        }
        w.token(&slot.text, true);
        let comments_after = |w: &mut Writer<'_>, anchor: Anchor| {
            let after = slot.trivia.iter().zip(&slot.anchors);
            w.section_comments(after.filter(|(_, a)| **a == anchor).map(|(t, _)| t));
        };
        comments_after(w, Anchor::Move);
        for anchor in [Anchor::Note, Anchor::Suffix, Anchor::Nag] {
            for (kind, annotation) in &slot.annotations {
                if *kind == anchor {
                    w.token(annotation, true);
                }
            }
            comments_after(w, anchor);
        }
    }
    if star {
        if slots.len().is_multiple_of(4) {
            w.end_line();
        }
        w.token("*", true);
    }
    let mut notes: Vec<&Tag<'_>> = section.notes.iter().collect();
    notes.sort_by_key(|n| note_index(n.raw).unwrap_or(u32::MAX));
    for note in notes {
        write_tag(w, note.name, note.raw, &note.trivia);
    }
}

/// A column of a table: its minimum width and whether it is right-aligned.
#[derive(Clone, Copy)]
struct Column {
    width: usize,
    right: bool,
}

/// The columns a table tag's value declares; `None` when they do not look like column names.
fn columns(raw: &str) -> Option<Vec<Column>> {
    raw.split(';')
        .map(|spec| {
            // A name with spaces (`Declarer Suit Tricks`, no `;`) is still one column: the
            // reference exporter then writes one element a line.
            if spec.trim().is_empty() {
                return None;
            }
            let Some((_, format)) = spec.rsplit_once('\\') else {
                return Some(Column {
                    width: 0,
                    right: false,
                });
            };
            let digits = format.trim_end_matches(['L', 'R']);
            let align = &format[digits.len()..];
            let width = digits.parse::<usize>().ok()?;
            Some(Column {
                width,
                right: match align {
                    "" | "L" => false,
                    "R" => true,
                    _ => return None,
                },
            })
        })
        .collect()
}

fn write_supplemental(w: &mut Writer<'_>, section: &Section<'_>) {
    write_tag(w, section.tag.name, section.tag.raw, &section.tag.trivia);
    let items = &section.items;
    let is_table = section.tag.name.ends_with("Table");
    let table = columns(section.tag.raw).filter(|cols| {
        let n = cols.len();
        is_table
            && n > 0
            && !items.is_empty()
            && items.len().is_multiple_of(n)
            && items[..items.len() - 1].iter().all(|i| i.trivia.is_empty())
    });
    if let Some(cols) = table {
        let mut line = String::new();
        for row in items.chunks(cols.len()) {
            line.clear();
            for (i, (item, col)) in row.iter().zip(&cols).enumerate() {
                if i > 0 {
                    line.push(' ');
                }
                let pad = col.width.saturating_sub(width(item.text));
                if col.right {
                    line.extend(std::iter::repeat_n(' ', pad));
                    line.push_str(item.text);
                } else {
                    line.push_str(item.text);
                    line.extend(std::iter::repeat_n(' ', pad));
                }
            }
            // The reference pads a left-aligned last column to its width too.
            w.line(&line);
        }
        if let Some(last) = items.last() {
            for trivia in &last.trivia {
                w.trivia(trivia, false, false);
            }
        }
        return;
    }
    // A user section (or a table that does not fit its columns): keep its lines, one space
    // between elements.
    let mut line = None;
    for item in items {
        if line != Some(item.line) {
            w.end_line();
            line = Some(item.line);
        }
        w.token(item.text, false);
        for trivia in &item.trivia {
            w.trivia(trivia, false, false);
        }
    }
}
