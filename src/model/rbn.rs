//! Reading RBN records into [`BoardModel`]s, field by field, with the repetition rules.
//!
//! `T D L E S F K N B H` carry over from the previous record when a record omits them (a null
//! label stops that); when K names teams, an omitted N alternates with the one before the
//! previous (the two rooms of a match). `A C P R I M` never carry over. Where the two RBN
//! documents differ, both forms are read: K carryovers as `Team +c` or `Team1:Team2:c1:c2`, the
//! N field's third part, `x` and `?` in hands, notes `0`–`9`.

use crate::model::values::ContractValue;
use rowan::NodeOrToken;

use super::board::{BoardModel, SectionKind};
use super::written::*;
use crate::bridge::{
    trick_winner, Bid, Call, Card, Contract, Denomination, Hand, Rank, Risk, Seat, Suit,
    Vulnerability,
};
use crate::syntax::rbn::RBN_DATA_CAP;
use crate::syntax::rbn::{Field, RbnKind, RbnNode, Record, RecordItem};
use crate::syntax::{TextRange, TextSize};

/// The labels that carry over to later records.
const REPEATING: &str = "TDLESFKNBH";

/// The state carried from record to record.
///
/// It holds texts only (a later record never points into an earlier one), so it can be kept
/// and compared: a front end that re-reads the records after an edit may stop once the carry
/// is what it was before.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Carry {
    /// The last value of each repeating label (`None`: null).
    values: ByLabel<Option<String>>,
    /// The last two N values, older first (for the alternation under K).
    names: [Option<String>; 2],
}

/// A value for each field label (a letter, `A` to `Z`): an array, where a hash map cost a
/// record more to hash its dozen labels than to read them.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ByLabel<T>([Option<T>; 26]);

impl<T> Default for ByLabel<T> {
    fn default() -> Self {
        ByLabel(std::array::from_fn(|_| None))
    }
}

impl<T> ByLabel<T> {
    /// The slot of a label; none for what is no upper-case letter (such a label is read as
    /// nothing).
    fn slot(label: char) -> Option<usize> {
        label
            .is_ascii_uppercase()
            .then(|| usize::from(label as u8 - b'A'))
    }

    fn get(&self, label: &char) -> Option<&T> {
        self.0.get(Self::slot(*label)?)?.as_ref()
    }

    fn contains_key(&self, label: &char) -> bool {
        self.get(label).is_some()
    }

    fn insert(&mut self, label: char, value: T) {
        if let Some(slot) = Self::slot(label).and_then(|i| self.0.get_mut(i)) {
            *slot = Some(value);
        }
    }

    /// Keeps the first value a label is given.
    fn insert_if_absent(&mut self, label: char, value: T) {
        if !self.contains_key(&label) {
            self.insert(label, value);
        }
    }
}

/// One field of a record as the board is read from it.
struct Source {
    text: String,
    /// The field, when it stands in this record (not carried over).
    field: Option<Field>,
    /// The range of the field's data, found once: each call and card asks for it, and finding
    /// it walks the field's tokens (quadratic on a long line of play).
    origin: Origin,
}

impl Source {
    /// A source read from `field` (`None` for a value carried over).
    fn new(text: String, field: Option<Field>) -> Source {
        let origin = field.as_ref().and_then(Field::value_range);
        Source {
            text,
            field,
            origin,
        }
    }

    fn origin(&self) -> Origin {
        self.origin
    }

    /// The range of a byte span of the data, when the field stands in this record.
    fn span(&self, start: usize, end: usize) -> Origin {
        let range = self.origin()?;
        let s = range.start() + TextSize::from(start.min(self.text.len()) as u32);
        let e = range.start() + TextSize::from(end.min(self.text.len()) as u32);
        Some(TextRange::new(s, e.max(s)))
    }
}

impl Carry {
    /// Takes in a record's own fields: the text each repeating label holds for the record (its
    /// own non-empty field, else the value carried), and the carry for the next record.
    fn advance(&mut self, own: &ByLabel<Field>) -> ByLabel<String> {
        let teams_set = own
            .get(&'K')
            .map(|f| !f.value().is_empty())
            .or_else(|| {
                self.values
                    .get(&'K')
                    .map(|v| v.as_ref().is_some_and(|t| !t.is_empty()))
            })
            .unwrap_or(false);
        let mut held = ByLabel::default();
        for label in REPEATING.chars() {
            let text = match own.get(&label) {
                Some(field) => Some(field.value()).filter(|t| !t.is_empty()),
                None if label == 'N' && teams_set => self.names[0].clone(),
                None => self.values.get(&label).cloned().flatten(),
            };
            if label == 'N' && (own.contains_key(&'N') || text.is_some()) {
                self.names = [self.names[1].take(), text.clone()];
            }
            self.values.insert(label, text.clone());
            if let Some(text) = text {
                held.insert(label, text);
            }
        }
        held
    }

    /// Takes in a record without reading it into a board: the carry for the record after it
    /// (a reader that reads the records on several threads finds each one's carry first).
    pub fn pass(&mut self, record: &Record) {
        let mut own: ByLabel<Field> = ByLabel::default();
        for item in record.items() {
            if let RecordItem::Field(field) = item {
                if REPEATING.contains(field.label()) {
                    own.insert_if_absent(field.label(), field);
                }
            }
        }
        self.advance(&own);
    }
}

/// Whether a record is a deal (has a field, note or paragraph) rather than only `%` lines.
pub(crate) fn is_deal(record: &Record) -> bool {
    record
        .items()
        .any(|item| !matches!(item, RecordItem::Percent(_)))
}

/// Reads one record (rooted at its own start: origins are relative to it) into its model,
/// advancing `carry`.
pub fn read_record(record: &Record, carry: &mut Carry) -> BoardModel {
    let mut own: ByLabel<Field> = ByLabel::default();
    let mut board = BoardModel::default();
    let mut notes_for_play = false;
    let mut auction_notes = Vec::new();
    let mut play_notes = Vec::new();
    for item in record.items() {
        match item {
            RecordItem::Field(field) => {
                let label = field.label();
                if label == 'P' {
                    notes_for_play = true;
                }
                if field.has_unread_data() {
                    board.dropped.push(format!(
                        "the {label} line past its first {RBN_DATA_CAP} bytes of data (not read)"
                    ));
                }
                own.insert_if_absent(label, field);
            }
            RecordItem::Note(note) => {
                let entry = (note_number(note.index()), note.text());
                if notes_for_play {
                    play_notes.push(entry);
                } else {
                    auction_notes.push(entry);
                }
            }
            RecordItem::Paragraph(token) => {
                let text = token.text();
                let inner = text.strip_prefix('{').unwrap_or(text);
                let inner = inner.trim_end();
                let inner = inner.strip_suffix('}').unwrap_or(inner);
                board.commentary.push(inner.to_string());
            }
            RecordItem::Percent(_) | RecordItem::Error(_) => {}
        }
    }
    let held = carry.advance(&own);
    let mut sources: ByLabel<Source> = ByLabel::default();
    for label in REPEATING.chars() {
        if let Some(text) = held.get(&label) {
            // The record's own field, when it gave one (a carried value stands in no field).
            let field = own.get(&label).filter(|f| !f.value().is_empty()).cloned();
            sources.insert(label, Source::new(text.clone(), field));
        }
    }
    for label in "ACPRIM".chars() {
        if let Some(field) = own.get(&label) {
            let text = field.value();
            if !text.is_empty() {
                sources.insert(label, Source::new(text, Some(field.clone())));
            }
        }
    }
    lower(&sources, &mut board);
    let has_auction = board.auction.is_some();
    give_notes(
        &mut board,
        has_auction,
        SectionKind::Auction,
        &auction_notes,
    );
    let has_play = board.play_as_written().is_some();
    give_notes(&mut board, has_play, SectionKind::Play, &play_notes);
    board
}

/// Gives `notes` to the section they explain, when the board `has` it; without one they are
/// dropped, and said.
fn give_notes(board: &mut BoardModel, has: bool, section: SectionKind, notes: &[(u8, String)]) {
    if has {
        board.add_notes(section, notes);
    } else if !notes.is_empty() {
        let what = match section {
            SectionKind::Auction => "auction",
            SectionKind::Play => "play",
        };
        board
            .dropped
            .push(format!("notes with no {what} to explain"));
    }
}

/// Lowers the fields of a record (its own and those carried) into the board, in the order the
/// model needs them: the dealer (on the auction field) before the calls, the contract before
/// the play.
fn lower(sources: &ByLabel<Source>, board: &mut BoardModel) {
    if let Some(t) = sources.get(&'T') {
        let (title, author) = split_escaped(&t.text);
        if !title.is_empty() {
            board.set_fact("Description", title, t.origin());
        }
        if let Some(author) = author.filter(|a| !a.is_empty()) {
            board.set_fact("Annotator", author, t.origin());
        }
    }
    if let Some(d) = sources.get(&'D') {
        date(d, board);
    }
    for (label, name) in [('L', "Site"), ('E', "Event"), ('S', "Stage")] {
        if let Some(s) = sources.get(&label) {
            board.set_fact(name, s.text.clone(), s.origin());
        }
    }
    if let Some(f) = sources.get(&'F') {
        board.set_fact("Scoring", scoring_to_pbn(&f.text), f.origin());
    }
    if let Some(k) = sources.get(&'K') {
        teams(k, board);
    }
    if let Some(n) = sources.get(&'N') {
        names(n, board);
    }
    if let Some(b) = sources.get(&'B') {
        let mut parts = b.text.splitn(2, ':');
        let number = parts.next().unwrap_or("");
        if !number.is_empty() {
            board.set_fact("Board", number.to_string(), b.span(0, number.len()));
        }
        if let Some(extra) = parts.next().filter(|e| !e.is_empty()) {
            board
                .dropped
                .push(format!("the second board number `{extra}`"));
        }
    }
    if let Some(h) = sources.get(&'H') {
        hands(h, board);
    }
    if let Some(a) = sources.get(&'A') {
        auction(a, board);
    }
    if let Some(c) = sources.get(&'C') {
        contract(c, board);
    }
    if let Some(p) = sources.get(&'P') {
        play(p, board);
    }
    if let Some(r) = sources.get(&'R') {
        result(r, board);
    }
    if sources.contains_key(&'I') {
        board.dropped.push("the award list (I)".to_string());
    }
    if sources.contains_key(&'M') {
        board.dropped.push("the double-dummy makes (M)".to_string());
    }
}

/// Splits `text` at its first single colon (`::` stands for a colon in TLES).
pub(crate) fn split_escaped(text: &str) -> (String, Option<String>) {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b':' {
            if bytes.get(i + 1) == Some(&b':') {
                i += 2;
                continue;
            }
            return (
                text[..i].replace("::", ":"),
                Some(text[i + 1..].replace("::", ":")),
            );
        }
        i += 1;
    }
    (text.replace("::", ":"), None)
}

fn date(d: &Source, board: &mut BoardModel) {
    let (day, time) = match d.text.split_once(':') {
        Some((a, b)) => (a, Some(b)),
        None => (d.text.as_str(), None),
    };
    let mut day = day.to_ascii_uppercase();
    let gmt = day.ends_with('G') || time.is_some_and(|t| t.to_ascii_uppercase().ends_with('G'));
    day = day.trim_end_matches('G').to_string();
    if day.ends_with('C') {
        board.dropped.push("`C` (circa) on the date".to_string());
        day.pop();
    }
    if day.len() == 10 && day.is_char_boundary(8) {
        board.dropped.push("the end of the date span".to_string());
        day.truncate(8);
    }
    let part = |from: usize, len: usize| -> String {
        match day.get(from..from + len) {
            Some(p) if !p.is_empty() => p.to_string(),
            _ => "?".repeat(len),
        }
    };
    let pbn = format!("{}.{}.{}", part(0, 4), part(4, 2), part(6, 2));
    board.set_fact(if gmt { "UTCDate" } else { "Date" }, pbn, d.origin());
    if let Some(time) = time {
        let time = time.trim_end_matches(['G', 'g']);
        let t = |from: usize| time.get(from..from + 2).unwrap_or("00").to_string();
        let hours = if time.len() == 1 {
            format!("0{time}")
        } else {
            t(0)
        };
        board.set_fact(
            if gmt { "UTCTime" } else { "Time" },
            format!("{hours}:{}:{}", t(2), t(4)),
            d.origin(),
        );
    }
}

/// RBN's one-letter scoring abbreviations and their PBN names.
pub(crate) const SCORING: [(&str, &str); 9] = [
    ("I", "IMP"),
    ("B", "BAM"),
    ("T", "TotalPoints"),
    ("X", "Butler"),
    ("M", "MP"),
    ("N", "Instant"),
    ("R", "Rubber"),
    ("C", "Chicago"),
    ("A", "Cavendish"),
];

fn scoring_to_pbn(text: &str) -> String {
    let (head, rest) = match text.split_once(':') {
        Some((h, r)) => (h, Some(r)),
        None => (text, None),
    };
    let name = SCORING
        .iter()
        .find(|(abbr, _)| head.eq_ignore_ascii_case(abbr))
        .map_or(head.to_string(), |(_, pbn)| pbn.to_string());
    match rest {
        Some(r) => format!("{name}:{r}"),
        None => name,
    }
}

fn teams(k: &Source, board: &mut BoardModel) {
    let parts: Vec<&str> = k.text.split(':').collect();
    let strip = |team: &str, board: &mut BoardModel| -> String {
        // 001's form: `Team +12 -3` (signs after a space).
        let mut words: Vec<&str> = team.split(' ').collect();
        let mut carried = Vec::new();
        while let Some(last) = words.last() {
            if words.len() > 1 && is_carryover(last) {
                carried.push(*last);
                words.pop();
            } else {
                break;
            }
        }
        if !carried.is_empty() {
            board
                .dropped
                .push(format!("the carryover `{}`", carried.join(" ")));
        }
        words.join(" ")
    };
    if let Some(home) = parts.first().filter(|p| !p.is_empty()) {
        let home = strip(home, board);
        board.set_fact("HomeTeam", home, k.origin());
    }
    if let Some(visit) = parts.get(1).filter(|p| !p.is_empty()) {
        let visit = strip(visit, board);
        board.set_fact("VisitTeam", visit, k.origin());
    }
    // 004's form: `Team1:Team2:c1:c2`.
    let extra: Vec<&str> = parts
        .iter()
        .skip(2)
        .copied()
        .filter(|p| !p.is_empty())
        .collect();
    if !extra.is_empty() {
        board
            .dropped
            .push(format!("the carryovers `{}`", extra.join(":")));
    }
}

fn is_carryover(word: &str) -> bool {
    let rest = word.strip_prefix(['+', '-']).unwrap_or(word);
    word != rest && !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit() || c == '.')
}

fn names(n: &Source, board: &mut BoardModel) {
    let parts: Vec<&str> = n.text.splitn(4, ':').collect();
    let pair = |i: usize| -> (String, String) {
        let text = parts.get(i).copied().unwrap_or("");
        match text.split_once('+') {
            Some((a, b)) => (a.to_string(), b.to_string()),
            None => (text.to_string(), String::new()),
        }
    };
    let (north, south) = pair(0);
    let (west, east) = pair(1);
    for (name, value) in [
        ("North", north),
        ("South", south),
        ("West", west),
        ("East", east),
    ] {
        if !value.is_empty() {
            board.set_fact(name, value, n.origin());
        }
    }
    if let Some(room) = parts.get(2).filter(|r| !r.is_empty()) {
        match room.to_ascii_uppercase().as_str() {
            "O" => board.set_fact("Room", "Open".to_string(), n.origin()),
            "C" => board.set_fact("Room", "Closed".to_string(), n.origin()),
            _ => board.set_fact("Table", room.to_string(), n.origin()),
        }
    }
    if let Some(other) = parts.get(3).filter(|r| !r.is_empty()) {
        board
            .dropped
            .push(format!("the players' further information `{other}`"));
    }
}

/// The cards of one RBN hand text (`AKQ.T9..2`); `x` and `?` (unknown cards) are counted.
pub(crate) fn read_hand(text: &str) -> (Hand, usize) {
    let mut hand = Hand::default();
    let mut unknown = 0;
    for (i, suit_text) in text.split('.').enumerate().take(4) {
        let Some(suit) = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs].get(i) else {
            break;
        };
        for c in suit_text.chars() {
            match Rank::from_char(c.to_ascii_uppercase()) {
                Some(rank) => {
                    hand.insert(Card::new(*suit, rank));
                }
                None => unknown += 1,
            }
        }
    }
    (hand, unknown)
}

/// Lowers the H field: the hands from the seat it names first (none without one).
fn hands(h: &Source, board: &mut BoardModel) {
    let field = h.field.as_ref();
    let first = h
        .text
        .chars()
        .next()
        .and_then(|c| Seat::from_char(c.to_ascii_uppercase()));
    let Some(seat0) = first else {
        return;
    };
    let mut hands: [Option<Hand>; 4] = [None; 4];
    let mut hidden = [false; 4];
    let mut hand_origins: [Origin; 4] = [None; 4];
    // Walk the HAND nodes when the field is in this record (for origins), else the text.
    let mut parts: Vec<(bool, String, Origin)> = Vec::new();
    match field {
        Some(field) => {
            for node in field
                .syntax()
                .children()
                .filter(|n| n.kind() == RbnKind::HAND)
            {
                let text = node.text().to_string();
                let hidden = text.starts_with(';');
                let range = node.text_range();
                let inner = TextRange::new(range.start() + TextSize::from(1), range.end());
                parts.push((hidden, text[1..].to_string(), Some(inner)));
            }
        }
        None => {
            let mut rest = h.text.get(1..).unwrap_or("");
            while let Some(c) = rest.chars().next() {
                let after = c.len_utf8();
                let body_end = rest[after..]
                    .find([':', ';'])
                    .map_or(rest.len(), |p| p + after);
                parts.push((c == ';', rest[after..body_end].to_string(), None));
                rest = &rest[body_end..];
            }
        }
    }
    let mut unknown = 0;
    for (i, (is_hidden, text, origin)) in parts.iter().enumerate().take(4) {
        let seat = seat0.offset(i);
        hidden[seat.index()] = *is_hidden;
        hand_origins[seat.index()] = *origin;
        if !text.is_empty() {
            let (hand, x) = read_hand(text);
            unknown += x;
            hands[seat.index()] = Some(hand);
        }
    }
    if unknown > 0 {
        board
            .dropped
            .push(format!("{unknown} unknown cards (`x` or `?`) in the hands"));
    }
    // Three full hands and a fourth that exists but is empty: the fourth gets the rest.
    if parts.len() == 4 && parts[3].1.is_empty() {
        let full = (0..3).all(|i| hands[seat0.offset(i).index()].is_some_and(|h| h.len() == 13));
        if full {
            let taken = (0..3)
                .filter_map(|i| hands[seat0.offset(i).index()])
                .fold(Hand::default(), Hand::union);
            hands[seat0.offset(3).index()] = Some(taken.complement());
        }
    }
    board.set_deal(seat0, hands, hidden, hand_origins, h.origin());
}

/// A token of an auction or play field with its byte span in the data.
struct Piece {
    kind: RbnKind,
    text: String,
    start: usize,
    end: usize,
}

/// The data tokens of a field, or of a text re-parsed as such a field when carried over.
fn pieces(source: &Source, label: char) -> Vec<Piece> {
    let node: RbnNode = match &source.field {
        Some(field) => field.syntax().clone(),
        None => {
            let line = format!("{label} {}\n", source.text);
            let (green, _) = crate::syntax::rbn::parse_record(&line);
            match RbnNode::new_root(green).first_child() {
                Some(node) => node,
                None => return Vec::new(),
            }
        }
    };
    let base = match source.origin {
        Some(range) => range.start(),
        None => TextSize::from(2),
    };
    node.descendants_with_tokens()
        .filter_map(|el| match el {
            NodeOrToken::Token(t) => Some(t),
            NodeOrToken::Node(_) => None,
        })
        // Data past the line cap is not read (and copying it would double a huge line).
        .filter(|t| {
            t.text_range().start() >= base
                && !matches!(t.kind(), RbnKind::NEWLINE | RbnKind::UNREAD)
        })
        .map(|t| {
            let start = usize::from(t.text_range().start() - base);
            Piece {
                kind: t.kind(),
                text: t.text().to_string(),
                start,
                end: start + t.text().len(),
            }
        })
        .collect()
}

fn annotate(annotation: &mut Annotation, piece: &Piece) {
    match piece.kind {
        RbnKind::SUFFIX => {
            let text = piece.text.replace('*', "");
            if piece.text.contains('*') {
                annotation.alert = true;
            }
            if !text.is_empty() {
                annotation.suffix = Some(text);
            }
        }
        RbnKind::NOTE_REF => {
            annotation.note = piece.text[1..].parse().ok().map(note_number);
        }
        _ => {}
    }
}

fn auction(a: &Source, board: &mut BoardModel) {
    let head = a.text.split(':').next().unwrap_or("").to_ascii_uppercase();
    let mut chars = head.chars();
    if let Some(dealer) = chars.next().and_then(Seat::from_char) {
        board.set_dealer(dealer, a.span(0, 1));
    }
    let vulnerability = match chars.next() {
        Some('Z') => Some(Vulnerability::None),
        Some('N') => Some(Vulnerability::NS),
        Some('E') => Some(Vulnerability::EW),
        Some('B') => Some(Vulnerability::All),
        _ => None,
    };
    if let Some(v) = vulnerability {
        board.set_vulnerability(v, a.span(1, 2));
    }
    let mut calls: Vec<CallItem> = Vec::new();
    for piece in pieces(a, 'A') {
        match piece.kind {
            RbnKind::CALL => {
                let upper = piece.text.to_ascii_uppercase();
                let kind = match upper.as_str() {
                    "P" => CallKind::Call(Call::Pass),
                    "X" => CallKind::Call(Call::Double),
                    "R" => CallKind::Call(Call::Redouble),
                    "A" => CallKind::AllPass,
                    "Y" => CallKind::Query,
                    bid => match read_bid(bid) {
                        Some(bid) => CallKind::Call(Call::Bid(bid)),
                        None => continue,
                    },
                };
                calls.push(CallItem {
                    kind,
                    annotation: Annotation::default(),
                    origin: a.span(piece.start, piece.end),
                });
            }
            RbnKind::SUFFIX | RbnKind::NOTE_REF => {
                if let Some(last) = calls.last_mut() {
                    annotate(&mut last.annotation, &piece);
                }
            }
            _ => {}
        }
    }
    board.set_auction(&calls);
}

/// A bid as RBN writes it: level and strain letter (`1D`, `3N`).
pub(crate) fn read_bid(text: &str) -> Option<Bid> {
    let mut chars = text.chars();
    let level = chars.next()?.to_digit(10)? as u8;
    let denomination = match chars.next()?.to_ascii_uppercase() {
        'C' => Denomination::Clubs,
        'D' => Denomination::Diamonds,
        'H' => Denomination::Hearts,
        'S' => Denomination::Spades,
        'N' => Denomination::NoTrump,
        _ => return None,
    };
    Bid::new(level, denomination)
}

/// Reads a C field: `P`, or `<level><strain>[X|R]:<declarer>[goal]`.
pub fn read_contract(text: &str) -> Option<(ContractValue, Option<Seat>, Option<String>, bool)> {
    let upper = text.to_ascii_uppercase();
    if upper == "P" {
        return Some((ContractValue::Passed, None, None, true));
    }
    let (bid, rest) = upper.split_once(':')?;
    let mut chars = rest.chars();
    let declarer = Seat::from_char(chars.next()?)?;
    let goal: String = chars.collect();
    if !(goal.is_empty() || goal == "M" || goal.chars().all(|c| c.is_ascii_digit())) {
        return None;
    }
    let goal = (!goal.is_empty()).then_some(goal);
    let (bid, marks) = bid.split_at(bid.find(['X', 'R']).unwrap_or(bid.len()));
    let risk = Risk::from_marks(marks)?;
    if bid.len() == 1 {
        // An end position: strain only. Its risk, when given, is not kept (a PBN end position's
        // Contract has none either).
        let strain = read_bid(&format!("1{bid}"))?.denomination();
        let kept = risk == Risk::Undoubled;
        return Some((ContractValue::TrumpOnly(strain), Some(declarer), goal, kept));
    }
    let b = read_bid(bid)?;
    let contract = Contract::new(b.level(), b.denomination(), risk)?;
    Some((
        ContractValue::Contract(contract),
        Some(declarer),
        goal,
        true,
    ))
}

fn contract(c: &Source, board: &mut BoardModel) {
    match read_contract(&c.text) {
        Some((kind, declarer, goal, true)) => {
            board.set_contract(kind, declarer, c.origin());
            if let Some(goal) = goal {
                board.dropped.push(format!("the contract's goal `{goal}`"));
            }
        }
        Some((kind, declarer, _, false)) => {
            // An end position doubled: the strain is kept, its risk said to be dropped.
            board.dropped.push(format!(
                "the risk of the end-position contract `{}`",
                c.text
            ));
            board.set_contract(kind, declarer, c.origin());
        }
        None => {}
    }
}

fn play(p: &Source, board: &mut BoardModel) {
    let upper = p.text.to_ascii_uppercase();
    let mut tricks: Vec<Vec<CardItem>> = Vec::new();
    let explicit = upper
        .as_bytes()
        .get(1)
        .filter(|b| **b == b':')
        .and_then(|_| upper.chars().next())
        .and_then(Seat::from_char);
    let leader = explicit.or(board.declarer().map(Seat::lho));
    let trump = board.trump();
    let mut remaining = board.deal.as_ref().map(|d| d.hands).unwrap_or_default();
    let mut next = leader;
    let mut trick: Vec<CardItem> = Vec::new();
    let mut led: Option<Suit> = None;
    let mut in_trick = false;
    let finish = |trick: &mut Vec<CardItem>, tricks: &mut Vec<Vec<CardItem>>| -> Option<Seat> {
        let cards: Vec<(Seat, Card)> = trick
            .iter()
            .filter_map(|c| match (c.seat, c.kind) {
                (Some(s), CardKind::Card(card)) => Some((s, card)),
                _ => None,
            })
            .collect();
        let winner = if cards.len() == 4 {
            trick_winner(&cards, trump)
        } else {
            None
        };
        tricks.push(std::mem::take(trick));
        winner
    };
    for piece in pieces(p, 'P') {
        match piece.kind {
            RbnKind::COLON if in_trick => {
                let winner = finish(&mut trick, &mut tricks);
                next = winner;
                led = None;
                in_trick = false;
            }
            RbnKind::CARD => {
                in_trick = true;
                let upper = piece.text.to_ascii_uppercase();
                let seat = next;
                let mut chars = upper.chars();
                let (suit, rank_char) = match (chars.next(), chars.next()) {
                    (Some(s), Some(r)) => (Suit::from_char(s), r),
                    (Some(r), None) => (led, r),
                    _ => (None, ' '),
                };
                if trick.is_empty() {
                    led = suit;
                }
                let kind = match rank_char {
                    'Y' => CardKind::Query,
                    '+' | '-' => {
                        let highest = rank_char == '+';
                        let held = seat
                            .and_then(|s| remaining[s.index()])
                            .zip(suit)
                            .map(|(h, s)| h.suit_cards(s));
                        let pick = held.and_then(|h| {
                            let cards: Vec<Card> = h.iter().collect();
                            if highest {
                                cards.into_iter().max_by_key(|c| c.rank)
                            } else {
                                cards.into_iter().min_by_key(|c| c.rank)
                            }
                        });
                        match pick {
                            Some(card) => CardKind::Card(card),
                            None => CardKind::Shortcut { highest, suit },
                        }
                    }
                    r => match (suit, Rank::from_char(r)) {
                        (Some(s), Some(rank)) => CardKind::Card(Card::new(s, rank)),
                        _ => CardKind::Unknown,
                    },
                };
                if let (Some(s), CardKind::Card(card)) = (seat, kind) {
                    if let Some(hand) = remaining[s.index()].as_mut() {
                        hand.remove(card);
                    }
                }
                trick.push(CardItem {
                    kind,
                    seat,
                    annotation: Annotation::default(),
                    origin: p.span(piece.start, piece.end),
                });
                next = seat.map(Seat::next);
            }
            RbnKind::SUFFIX | RbnKind::NOTE_REF => {
                if let Some(last) = trick.last_mut() {
                    annotate(&mut last.annotation, &piece);
                }
            }
            _ => {}
        }
    }
    if !trick.is_empty() {
        finish(&mut trick, &mut tricks);
    }
    board.set_play(leader, &tricks, p.origin());
}

fn result(r: &Source, board: &mut BoardModel) {
    let (main, effective) = match r.text.split_once(':') {
        Some((m, e)) => (m, Some(e)),
        None => (r.text.as_str(), None),
    };
    let split = main.find(['+', '-']).unwrap_or(main.len());
    let (tricks, score) = main.split_at(split);
    if let Ok(n) = tricks.parse::<u8>() {
        board.set_result(n, r.span(0, tricks.len()));
    }
    if let Ok(points) = score.parse::<i32>() {
        let value = if points < 0 {
            format!("EW {}", -points)
        } else {
            format!("NS {points}")
        };
        board.set_fact("Score", value, r.span(split, main.len()));
    }
    if let Some(e) = effective.filter(|e| !e.is_empty()) {
        let start = main.len() + 1;
        let span = r.span(start, start + e.len());
        if e == "=" {
            board.set_fact("ScoreIMP", "NS 0".to_string(), span);
        } else if let Some(signed) = e.strip_prefix('+').or(e.starts_with('-').then_some(e)) {
            let value = match signed.strip_prefix('-') {
                Some(points) => format!("EW {points}"),
                None => format!("NS {signed}"),
            };
            board.set_fact("ScoreIMP", value, span);
        } else {
            board.set_fact("ScorePercentage", format!("NS {e}"), span);
        }
    }
}

/// The note an RBN note digit stands for: `1`–`9`, and `0` for the tenth (RBN numbers notes
/// `0`–`9`, the `0` after the `9`).
fn note_number(digit: u8) -> u8 {
    if digit == 0 {
        10
    } else {
        digit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contracts_read_their_risk_and_declarer() {
        let risk_of = |text: &str| match read_contract(text) {
            Some((ContractValue::Contract(c), Some(_), _, true)) => Some(c.risk),
            _ => None,
        };
        assert_eq!(risk_of("3N:N"), Some(Risk::Undoubled));
        assert_eq!(risk_of("5hx:n"), Some(Risk::Doubled));
        assert_eq!(risk_of("4SR:E"), Some(Risk::Redoubled));
        assert_eq!(risk_of("4SRX:E"), None);
        // An end position gives the strain alone, doubled or not.
        assert!(matches!(
            read_contract("SX:N"),
            Some((
                ContractValue::TrumpOnly(Denomination::Spades),
                Some(Seat::North),
                _,
                false
            ))
        ));
        assert!(matches!(
            read_contract("N:E"),
            Some((
                ContractValue::TrumpOnly(Denomination::NoTrump),
                Some(Seat::East),
                _,
                true
            ))
        ));
    }
}
