//! Reading a Play section into a [`PlayModel`]: its columns put into tricks in the order of
//! play and followed with [`bridge::Play`], so that each card knows who played it, whether it was
//! held, and who won each trick.
//!
//! The columns of the play section are seats, clockwise from the Play tag's seat; they are not
//! the order of play. Every group of four cards is one trick, led by the winner of the previous
//! trick (or the seat of a card marked `^L`), so the cards are put into play order before they
//! are followed. The problems of reading (a card PBN does not spell so, a mark or annotation that
//! stands nowhere, a misplaced `*` or `+`) are recorded as [`Misreading`]s; what following the play found is kept in the model for `analysis::play` to judge.

use super::annotations::{read_annotations, read_marks, Annotations, Mark};
use super::irregularity::Irregularity;
use super::misreading::{Misreading, PlayMisreading, SectionMisreading};
use super::section::{EndMarks, SectionHead};
use super::source_map::SectionKind;
use crate::bridge::{self, Card, Deal, Denomination, Hand, PlayIssue, Rank, Seat, Suit};
use crate::model::written::{placed, CardItem, CardKind, Origin};
use crate::syntax::pbn::ast::{self, SectionItem};
use crate::syntax::{SyntaxKind, TextRange};
use smallvec::SmallVec;

/// Why a `^R` claims a revoke that did not happen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NeedlessRevoke {
    /// The card is the lead.
    Lead,
    /// The card follows the suit led.
    FollowsSuit,
    /// The player held no card of the suit led any more.
    Void(Suit),
}

/// What the play is read against: what the tags and the auction say.
#[derive(Debug, Clone, Copy, Default)]
pub struct PlayFacts {
    /// The hands, when the Deal passed every check (a deal with errors is not played against).
    pub deal: Option<Deal>,
    /// The declarer (the Declarer tag's, else the auction's).
    pub declarer: Option<Seat>,
    /// The denomination of the contract (the Contract tag's, else the auction's).
    pub denomination: Option<Denomination>,
    /// The declarer of the auction the play is read after, when it has one.
    pub auction_declarer: Option<Seat>,
}

/// What stands in one column of a trick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SlotKind {
    /// A card (for a non-standard spelling: its probable meaning).
    Card(Card),
    /// `-`: a card that is unknown or not played yet (also an unreadable card token).
    Unknown,
    /// `+`: the next card to be played (also a card another notation's trick leaves out).
    Continue,
    /// RBN's `+` or `-` that the hands do not resolve: the highest or lowest card of the suit
    /// led, followed as an unknown card.
    Shortcut {
        /// `true` for `+`, the highest.
        highest: bool,
        /// The suit led, when known.
        suit: Option<Suit>,
    },
    /// RBN's `Y`, "what would you play here?" (a quiz point), followed as an unknown card.
    Quiz,
    /// A card of a trick whose players are not known (LIN gives the cards in the order of play,
    /// so after a trick whose winner is unknown nobody's seat is): kept as written (`None` for
    /// an unknown card) and followed as an unknown card.
    Unseated(Option<Card>),
}

/// One column of a trick as the file gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlaySlot {
    /// The seat of the column (counted from North when the columns' seats are unknown).
    pub seat: Seat,
    /// What the column holds.
    pub kind: SlotKind,
    /// The range of the card token.
    pub range: TextRange,
    /// Whether the token is spelled as PBN allows.
    pub standard_spelling: bool,
    /// Whether the card counts as played (a `-` or `+` after the last card of the final trick
    /// stands for a card not played yet).
    pub played: bool,
    /// What following the card found wrong with it (not held, played before, a revoke).
    pub issues: Vec<PlayIssue>,
    /// The marks and annotations written with the card, when it has any.
    extras: Option<Box<CardExtras>>,
}

/// What is written with a card besides the card: the irregularity marks before it and the
/// annotations after it. Few cards carry any, so a slot holds them boxed and only when there
/// are some: a column then takes 48 bytes instead of 144, which counts in a play of millions
/// of cards.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct CardExtras {
    marks: Vec<Mark>,
    annotations: Annotations,
    /// Why a `^R` among the marks claims a revoke that did not happen, if it does.
    needless_revoke: Option<NeedlessRevoke>,
}

impl CardExtras {
    /// The extras of a card with these marks and annotations; `None` when it has neither.
    fn boxed(marks: Vec<Mark>, annotations: Annotations) -> Option<Box<CardExtras>> {
        let none = marks.is_empty() && annotations == NO_ANNOTATIONS;
        (!none).then(|| {
            Box::new(CardExtras {
                marks,
                annotations,
                needless_revoke: None,
            })
        })
    }

    /// The marks among a column's extras (none when it has no extras).
    fn marks_of(extras: &Option<Box<CardExtras>>) -> &[Mark] {
        extras.as_ref().map_or(&[], |e| &e.marks)
    }
}

/// The annotations of a card written without any.
static NO_ANNOTATIONS: Annotations = Annotations {
    suffix: None,
    note: None,
    nags: Vec::new(),
    alert: false,
};

impl PlaySlot {
    /// The irregularity marks before the card.
    pub fn marks(&self) -> &[Mark] {
        CardExtras::marks_of(&self.extras)
    }

    /// The annotations after the card.
    pub fn annotations(&self) -> &Annotations {
        self.extras
            .as_ref()
            .map_or(&NO_ANNOTATIONS, |e| &e.annotations)
    }

    /// Why a `^R` before the card claims a revoke that did not happen, if it does.
    pub fn needless_revoke(&self) -> Option<NeedlessRevoke> {
        self.extras.as_ref().and_then(|e| e.needless_revoke)
    }

    /// The card, if the column holds a known one.
    pub fn card(&self) -> Option<Card> {
        match self.kind {
            SlotKind::Card(card) => Some(card),
            _ => None,
        }
    }

    /// The card as written, when it is one, whether or not its player is known (a card whose
    /// player is not known is followed as an unknown card: [`PlaySlot::card`] does not give it).
    pub fn written_card(&self) -> Option<Card> {
        match self.kind {
            SlotKind::Card(card) | SlotKind::Unseated(Some(card)) => Some(card),
            _ => None,
        }
    }

    /// Whether the slot's player is known (within a play whose seats are known).
    pub fn is_seated(&self) -> bool {
        !matches!(self.kind, SlotKind::Unseated(_))
    }
}

/// One trick of the play section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayTrick {
    /// The trick's number, from 1.
    pub number: usize,
    /// Who led, when known.
    pub leader: Option<Seat>,
    /// The columns given for the trick, in order of play when the leader is known (otherwise in
    /// column order).
    pub cards: SmallVec<[PlaySlot; 4]>,
    /// Who won it, when all four cards, the leader and the trumps are known.
    pub winner: Option<Seat>,
    /// Whether all four players have played to it.
    pub complete: bool,
    /// A `^L` on the card of the seat whose turn it was to lead anyway.
    pub needless_lead_mark: Option<(Seat, Mark)>,
}

impl PlayTrick {
    /// The range from the trick's first to its last token, in text order.
    pub fn range(&self) -> Option<TextRange> {
        let start = self.cards.iter().map(|c| c.range.start()).min()?;
        let end = self.cards.iter().map(|c| c.range.end()).max()?;
        Some(TextRange::new(start, end))
    }
}

/// The play section read into bridge terms, for the checks, hover, completion, inlay hints and
/// formatting.
#[derive(Debug, Clone)]
pub struct PlayModel {
    /// The Play tag (its seat is the first column's and the opening leader) and where the
    /// section stands.
    pub head: SectionHead,
    /// The opening leader: the Play tag's seat, or declarer's left-hand opponent.
    pub opening_leader: Option<Seat>,
    /// The declarer the play was checked against (the Declarer tag, else the auction's).
    pub declarer: Option<Seat>,
    /// The denomination of the contract (the trump suit), when known.
    pub denomination: Option<Denomination>,
    /// The declarer of the auction the play was read after (the opening lead is judged
    /// against it as well as against the Declarer tag).
    pub auction_declarer: Option<Seat>,
    /// The number of tricks in the deal: 13, or the hand size of an end position.
    pub total_tricks: usize,
    /// Whether the Deal is an end position (hands of fewer than 13 cards).
    pub end_position: bool,
    /// The tricks in order; the last one may be incomplete.
    pub tricks: Vec<PlayTrick>,
    /// Tricks won by declarer's side among the tricks with a known winner.
    pub declarer_tricks: u8,
    /// Tricks won by the defenders among the tricks with a known winner.
    pub defender_tricks: u8,
    /// Whether every trick has been played.
    pub complete: bool,
    /// The `*` and `+` that close the section.
    pub end: EndMarks,
    /// Whether any column holds a known card.
    pub any_card: bool,
    /// The seats that play known cards but whose hands the Deal does not give (when the seats
    /// are known).
    pub unknown_hands: Vec<Seat>,
    /// The first card that begins a trick beyond the deal's last one.
    pub beyond_end: Option<TextRange>,
    /// The range and trick (from 0) of every card followed, in the order of play: where the
    /// `index` of a [`PlayIssue::AlreadyPlayed`] points (a missing column has an empty range).
    pub followed: Vec<(TextRange, usize)>,
    state: bridge::Play,
    next: Option<Seat>,
}

impl PlayModel {
    /// The play as followed card by card (hands not given by the Deal are unknown).
    pub fn play(&self) -> &bridge::Play {
        &self.state
    }

    /// Whether more cards may follow: not complete and not closed with `*`.
    pub fn is_open(&self) -> bool {
        !self.complete && self.end.star.is_none()
    }

    /// Who plays next, when known and the play is still open.
    pub fn next_to_play(&self) -> Option<Seat> {
        self.next.filter(|_| self.is_open())
    }

    /// The cards the next player may play (following suit when able); empty when the player or
    /// the hand is unknown or the play is over.
    pub fn playable_cards(&self) -> Vec<Card> {
        self.next_to_play()
            .map(|seat| self.state.playable_cards(seat))
            .unwrap_or_default()
    }

    /// The cards `seat` still holds, when its hand is known.
    pub fn remaining(&self, seat: Seat) -> Option<Hand> {
        self.state.remaining(seat)
    }

    /// The trick and the column whose card token contains `offset`.
    pub fn card_at(&self, offset: crate::syntax::TextSize) -> Option<(&PlayTrick, &PlaySlot)> {
        self.tricks.iter().find_map(|trick| {
            trick
                .cards
                .iter()
                .find(|c| c.range.contains_inclusive(offset))
                .map(|c| (trick, c))
        })
    }
}

/// Reads a card token: `Ok(Some)` for a card, `Ok(None)` for `-`, `Err(Some(card))` for an
/// understood non-standard spelling (`S10`, `KS`), `Err(None)` otherwise.
#[inline]
pub(crate) fn read_card(text: &str) -> Result<Option<Card>, Option<Card>> {
    // Nearly every card is two ASCII letters in PBN's order: read them without decoding.
    if let &[suit, rank] = text.as_bytes() {
        if let Some(card) = Card::from_ascii(suit, rank) {
            return Ok(Some(card));
        }
    }
    read_other_card(text)
}

/// [`read_card`] of anything but two letters in PBN's order.
#[cold]
fn read_other_card(text: &str) -> Result<Option<Card>, Option<Card>> {
    if text == "-" {
        return Ok(None);
    }
    // At most three characters matter; reading them into an array avoids an allocation per card.
    let mut buffer = ['\0'; 3];
    let mut count = 0;
    for c in text.chars() {
        if count == buffer.len() {
            return Err(None);
        }
        buffer[count] = c;
        count += 1;
    }
    match &buffer[..count] {
        [s, r] => Err(Card::from_chars(*r, *s)),
        [s, '1', '0'] => Err(Suit::from_char(*s).map(|suit| Card::new(suit, Rank::Ten))),
        ['1', '0', s] => Err(Suit::from_char(*s).map(|suit| Card::new(suit, Rank::Ten))),
        _ => Err(None),
    }
}

/// A column as read, before it is placed in a trick.
#[derive(Debug, PartialEq)]
struct RawSlot {
    kind: SlotKind,
    range: TextRange,
    standard: bool,
    extras: Option<Box<CardExtras>>,
}

impl RawSlot {
    /// The irregularity marks before the card.
    fn marks(&self) -> &[Mark] {
        CardExtras::marks_of(&self.extras)
    }

    fn card_kind(&self) -> Option<Card> {
        match self.kind {
            SlotKind::Card(card) => Some(card),
            _ => None,
        }
    }
}

/// The columns of a play section with its `*` and `+`.
#[derive(Default)]
struct Columns {
    raw: Vec<RawSlot>,
    end: EndMarks,
    star_reported: bool,
}

/// Reads a Play section against `facts`, recording the problems of reading in `out`.
pub fn lower_play(
    section: &ast::Section,
    facts: &PlayFacts,
    out: &mut Vec<Misreading>,
) -> PlayModel {
    let head = SectionHead::read(section);
    let columns = read_columns(section, out);
    follow_columns(head, columns, facts, out)
}

/// Reads the play another notation writes, trick by trick in the order of play, whose cards
/// are read already (each placed at its origin, or at `range` when it has none; `origin` is the
/// whole play's), as the checks read the Play
/// section of its PBN image: the columns of each trick from the leader round (a card whose player
/// is not known in the order it was played), what PBN cannot write (a shortcut, a quiz point)
/// kept as it is and followed as an unknown card, a card not given as the next to be played,
/// closed with `*` when the play stops short. `None` when the leader is
/// unknown (the image then has no Play section).
pub(crate) fn lower_written_play(
    leader: Option<Seat>,
    tricks: &[Vec<CardItem>],
    origin: Origin,
    facts: &PlayFacts,
    range: TextRange,
    out: &mut Vec<Misreading>,
) -> Option<PlayModel> {
    let leader = leader?;
    Some(lower_led_play(leader, tricks, origin, facts, range, out))
}

/// [`lower_written_play`] of a play led by `leader`.
fn lower_led_play(
    leader: Seat,
    tricks: &[Vec<CardItem>],
    origin: Origin,
    facts: &PlayFacts,
    range: TextRange,
    out: &mut Vec<Misreading>,
) -> PlayModel {
    let mut raw = Vec::with_capacity(tricks.len() * 4);
    let mut complete = true;
    for trick in tricks {
        let mut columns: [Option<&CardItem>; 4] = [None; 4];
        // The cards whose players are not known stand in the order they were played.
        let mut unseated = 0;
        for item in trick {
            match item.seat {
                Some(seat) => columns[(seat.index() + 4 - leader.index()) % 4] = Some(item),
                None => {
                    if let Some(column) = columns.get_mut(unseated) {
                        *column = Some(item);
                    }
                    unseated += 1;
                }
            }
        }
        complete &= trick.len() >= 4;
        raw.extend(columns.iter().map(|column| match column {
            Some(item) => {
                let at = item.origin.unwrap_or(range);
                let kind = match (item.kind, item.seat) {
                    (CardKind::Card(card), None) => SlotKind::Unseated(Some(card)),
                    (_, None) => SlotKind::Unseated(None),
                    (CardKind::Card(card), Some(_)) => SlotKind::Card(card),
                    (CardKind::Unknown, Some(_)) => SlotKind::Unknown,
                    (CardKind::Shortcut { highest, suit }, Some(_)) => {
                        SlotKind::Shortcut { highest, suit }
                    }
                    (CardKind::Query, Some(_)) => SlotKind::Quiz,
                };
                let annotations = Annotations::of_record(&item.annotation, at);
                RawSlot {
                    kind,
                    range: at,
                    standard: true,
                    extras: CardExtras::boxed(Vec::new(), annotations),
                }
            }
            // A card the trick leaves out is the next to be played, as PBN's `+` is.
            None => RawSlot {
                kind: SlotKind::Continue,
                range,
                standard: true,
                extras: None,
            },
        }));
    }
    let short = !complete || tricks.len() < 13;
    let star = (short && !tricks.is_empty()).then_some(range);
    let head = SectionHead {
        seat: Some(leader),
        value_range: origin,
        tag_range: origin.unwrap_or(range),
        range,
    };
    let columns = Columns {
        raw,
        end: EndMarks { star, plus: None },
        ..Columns::default()
    };
    let mut model = follow_columns(head, columns, facts, out);
    // The notation gives the cards that were played: one not yet known to the checks (a card
    // after the last known one of the final trick) was played all the same.
    for slot in model.tricks.iter_mut().flat_map(|t| t.cards.iter_mut()) {
        slot.played |= slot.kind != SlotKind::Continue;
    }
    model
}

/// A play another notation writes that names no leader (a LIN board whose auction has not
/// ended): its cards as written, in the order played, with no player known, followed as unknown
/// cards against nothing. For what writes or shows a board; the checks read no play.
pub(crate) fn lower_unled_play(
    tricks: &[Vec<CardItem>],
    origin: Origin,
    range: TextRange,
) -> PlayModel {
    let unseated: Vec<Vec<CardItem>> = tricks
        .iter()
        .map(|trick| {
            trick
                .iter()
                .map(|item| CardItem {
                    seat: None,
                    ..item.clone()
                })
                .collect()
        })
        .collect();
    let facts = PlayFacts::default();
    let mut model = lower_led_play(
        Seat::North,
        &unseated,
        origin,
        &facts,
        range,
        &mut Vec::new(),
    );
    model.head.seat = None;
    model.opening_leader = None;
    for trick in &mut model.tricks {
        trick.leader = None;
        trick.winner = None;
    }
    model
}

impl PlayModel {
    /// The cards as written, trick by trick in the order of play (in the order written where the
    /// players are not known), each with its player when known and its annotation: what
    /// conversion and the preview write. A `+` and what follows the last card played are not
    /// among them.
    pub fn written(&self) -> Vec<Vec<CardItem>> {
        let mut tricks = Vec::with_capacity(self.tricks.len());
        for trick in &self.tricks {
            let cards: Vec<CardItem> = trick
                .cards
                .iter()
                .filter(|slot| slot.played)
                .filter_map(|slot| {
                    let kind = match slot.kind {
                        SlotKind::Card(card) | SlotKind::Unseated(Some(card)) => {
                            CardKind::Card(card)
                        }
                        SlotKind::Unknown | SlotKind::Unseated(None) => CardKind::Unknown,
                        SlotKind::Shortcut { highest, suit } => {
                            CardKind::Shortcut { highest, suit }
                        }
                        SlotKind::Quiz => CardKind::Query,
                        SlotKind::Continue => return None,
                    };
                    let seat = slot.is_seated().then_some(slot.seat);
                    let mut annotation = slot.annotations().written();
                    annotation.marks = slot.marks().iter().map(|m| m.kind).collect();
                    Some(CardItem {
                        kind,
                        seat,
                        annotation,
                        origin: placed(slot.annotations().extent(slot.range)),
                    })
                })
                .collect();
            if !cards.is_empty() {
                tricks.push(cards);
            }
        }
        tricks
    }
}

/// Follows the columns of a play read from `head` against `facts` into its model.
fn follow_columns(
    head: SectionHead,
    columns: Columns,
    facts: &PlayFacts,
    out: &mut Vec<Misreading>,
) -> PlayModel {
    // The hands: only a deal without errors is played against; a missing fourth hand is implied.
    let mut deal = facts.deal.unwrap_or_default();
    if let Some((seat, hand)) = deal.fill_fourth_hand() {
        deal[seat] = Some(hand);
    }
    let sizes: Vec<usize> = deal.card_counts().into_iter().flatten().collect();
    let end_size = sizes
        .first()
        .copied()
        .filter(|&n| n < 13 && sizes.iter().all(|&m| m == n));
    let total_tricks = end_size.unwrap_or(13);
    let opening_leader = head.seat.or_else(|| facts.declarer.map(Seat::lho));

    let any_card = columns
        .raw
        .iter()
        .any(|s| matches!(s.kind, SlotKind::Card(_)));
    let base = opening_leader.unwrap_or(Seat::North);
    let mut unknown_hands: Vec<Seat> = Vec::new();
    if opening_leader.is_some() {
        for (i, slot) in columns.raw.iter().enumerate() {
            let seat = base.offset(i % 4);
            if slot.card_kind().is_some() && deal[seat].is_none() && !unknown_hands.contains(&seat)
            {
                unknown_hands.push(seat);
            }
        }
    } else {
        deal = Deal::new();
    }
    let trump = facts.denomination.and_then(Denomination::trump);
    let mut follower = Follower {
        state: bridge::Play::new(deal, base, trump),
        followed: Vec::with_capacity(columns.raw.len()),
        tricks: Vec::with_capacity(total_tricks),
        expected: opening_leader,
        beyond_end: None,
        denomination: facts.denomination,
    };
    follower.follow(&columns, base, total_tricks, out);

    let tricks = follower.tricks;
    let complete = tricks.iter().filter(|t| t.complete).count() >= total_tricks;
    let (mut declarer_tricks, mut defender_tricks) = (0u8, 0u8);
    if let Some(declarer) = facts.declarer {
        for winner in tricks.iter().filter_map(|t| t.winner) {
            if winner.same_side(declarer) {
                declarer_tricks = declarer_tricks.saturating_add(1);
            } else {
                defender_tricks = defender_tricks.saturating_add(1);
            }
        }
    }
    PlayModel {
        head,
        opening_leader,
        declarer: facts.declarer,
        denomination: facts.denomination,
        auction_declarer: facts.auction_declarer,
        total_tricks,
        end_position: end_size.is_some(),
        tricks,
        declarer_tricks,
        defender_tricks,
        complete,
        end: columns.end,
        any_card,
        unknown_hands,
        beyond_end: follower.beyond_end,
        followed: follower.followed,
        state: follower.state,
        next: if complete { None } else { follower.expected },
    }
}

/// Reads the columns, `*` and `+` of the section, recording the problems of reading.
fn read_columns(section: &ast::Section, out: &mut Vec<Misreading>) -> Columns {
    let green = section.syntax().green();
    match plain_columns(section, &green) {
        Some(raw) => Columns {
            raw,
            ..Columns::default()
        },
        None => read_items(section, &green, out),
    }
}

/// [`read_columns`] item by item, for a section with marks, annotations, `*`, `+` or odd
/// spellings.
/// Keeps the first `*` (`star`) or `+` of the play in `first`, recording a second one.
fn mark_once(
    first: &mut Option<TextRange>,
    range: TextRange,
    star: bool,
    out: &mut Vec<Misreading>,
) {
    match first {
        Some(first) => out.push(Misreading::Section {
            section: SectionKind::Play,
            problem: SectionMisreading::EndMarkTwice {
                range,
                first: *first,
                star,
            },
        }),
        None => *first = Some(range),
    }
}

fn read_items(
    section: &ast::Section,
    green: &rowan::GreenNodeData,
    out: &mut Vec<Misreading>,
) -> Columns {
    let items = section.items(green);
    let mut columns = Columns {
        raw: Vec::with_capacity(items.len()),
        ..Columns::default()
    };
    for item in items {
        let token = &item.token;
        let range = token.text_range();
        let slot = match token.kind() {
            SyntaxKind::CARD => Some(read_card_item(&item, out)),
            SyntaxKind::PLUS => {
                mark_once(&mut columns.end.plus, range, false, out);
                Some(RawSlot {
                    kind: SlotKind::Continue,
                    range,
                    standard: true,
                    extras: CardExtras::boxed(
                        read_marks(&item),
                        read_annotations(&item, true, out),
                    ),
                })
            }
            SyntaxKind::STAR => {
                mark_once(&mut columns.end.star, range, true, out);
                None
            }
            SyntaxKind::IRREGULARITY => {
                out.push(
                    PlayMisreading::LoneMark {
                        range,
                        text: token.text().to_string(),
                    }
                    .into(),
                );
                None
            }
            SyntaxKind::SUFFIX | SyntaxKind::NOTE_REF | SyntaxKind::NAG => {
                out.push(Misreading::Section {
                    section: SectionKind::Play,
                    problem: SectionMisreading::StrayAnnotation {
                        range,
                        text: token.text().to_string(),
                    },
                });
                None
            }
            // Stray text is reported by the parser (S003).
            _ => None,
        };
        if let Some(slot) = slot {
            if let Some(star_range) = columns.end.star {
                if !columns.star_reported {
                    columns.star_reported = true;
                    out.push(PlayMisreading::StarBeforeCard { range: star_range }.into());
                }
                continue;
            }
            columns.raw.push(slot);
        }
    }
    if let (Some(star_range), Some(_), false) =
        (columns.end.star, columns.end.plus, columns.star_reported)
    {
        out.push(Misreading::Section {
            section: SectionKind::Play,
            problem: SectionMisreading::StarAndPlus { range: star_range },
        });
    }
    columns
}

/// The columns of a section that holds nothing but cards read as PBN writes them (`SK`, `-`)
/// between white space, line ends and comments, as nearly every section does; `None` for
/// anything else (a mark, an annotation, `*`, `+`, an odd spelling, an error), which
/// [`read_columns`] reads item by item. Reading such a section needs no items, reports nothing,
/// and gives the columns the item by item reading would.
fn plain_columns(section: &ast::Section, green: &rowan::GreenNodeData) -> Option<Vec<RawSlot>> {
    let mut raw = Vec::with_capacity(52);
    let mut offset = section.syntax().text_range().start();
    for child in green.children() {
        let len = child.text_len();
        match child {
            rowan::NodeOrToken::Token(token) => {
                let kind = ast::kind_of(token.kind());
                if kind == SyntaxKind::CARD {
                    let kind = match read_card(token.text()) {
                        Ok(Some(card)) => SlotKind::Card(card),
                        Ok(None) => SlotKind::Unknown,
                        Err(_) => return None,
                    };
                    raw.push(RawSlot {
                        kind,
                        range: TextRange::at(offset, len),
                        standard: true,
                        extras: None,
                    });
                } else if !kind.is_trivia() {
                    return None;
                }
            }
            rowan::NodeOrToken::Node(node) if ast::kind_of(node.kind()) == SyntaxKind::ERROR => {
                return None
            }
            rowan::NodeOrToken::Node(_) => {}
        }
        offset += len;
    }
    Some(raw)
}

/// Reads one card token with its marks and annotations, recording the problems of reading.
fn read_card_item(item: &SectionItem, out: &mut Vec<Misreading>) -> RawSlot {
    let token = &item.token;
    let range = token.text_range();
    // Nearly every card is written bare: no marks or annotations to read or keep.
    let bare = item.marks.is_empty() && item.annotations.is_empty();
    let marks = if bare { Vec::new() } else { read_marks(item) };
    for mark in &marks {
        if matches!(
            mark.kind,
            Irregularity::Insufficient | Irregularity::Skipped
        ) {
            out.push(
                PlayMisreading::AuctionMark {
                    range: mark.range,
                    mark: mark.kind,
                }
                .into(),
            );
        }
    }
    let annotations = (!bare).then(|| read_annotations(item, true, out));
    let text = token.text();
    let (kind, standard) = match read_card(text) {
        Ok(Some(card)) => (SlotKind::Card(card), true),
        Ok(None) => (SlotKind::Unknown, true),
        Err(Some(card)) => {
            out.push(
                PlayMisreading::CardSpelling {
                    range,
                    text: text.to_string(),
                    card,
                }
                .into(),
            );
            (SlotKind::Card(card), false)
        }
        Err(None) if text.bytes().all(|b| b == b'-') => {
            out.push(
                PlayMisreading::DashesForUnknown {
                    range,
                    text: text.to_string(),
                }
                .into(),
            );
            (SlotKind::Unknown, false)
        }
        Err(None) => {
            out.push(
                PlayMisreading::NotACard {
                    range,
                    text: text.to_string(),
                }
                .into(),
            );
            (SlotKind::Unknown, false)
        }
    };
    RawSlot {
        kind,
        range,
        standard,
        extras: annotations.and_then(|annotations| CardExtras::boxed(marks, annotations)),
    }
}

/// The state of following the play trick by trick.
struct Follower {
    state: bridge::Play,
    followed: Vec<(TextRange, usize)>,
    tricks: Vec<PlayTrick>,
    /// Who is expected to play next (to lead, between tricks).
    expected: Option<Seat>,
    beyond_end: Option<TextRange>,
    denomination: Option<Denomination>,
}

impl Follower {
    /// Follows the columns four by four, recording a `+` that is not the next card.
    fn follow(
        &mut self,
        columns: &Columns,
        base: Seat,
        total_tricks: usize,
        out: &mut Vec<Misreading>,
    ) {
        let chunk_count = columns.raw.len().div_ceil(4);
        let plus_chunk = columns
            .raw
            .iter()
            .position(|s| s.kind == SlotKind::Continue)
            .map(|i| i / 4);
        if let (Some(chunk), Some(plus_range)) = (plus_chunk, columns.end.plus) {
            if chunk + 1 < chunk_count {
                out.push(PlayMisreading::PlusBeforeTricks { range: plus_range }.into());
            }
        }
        for (t, chunk) in columns.raw.chunks(4).enumerate() {
            if t >= total_tricks {
                // A `+` after the last trick says the play goes on where none can: the reference
                // verifier passes over it, and so does this (it begins no trick).
                if chunk.iter().all(|s| s.kind == SlotKind::Continue) {
                    break;
                }
                let first_card = chunk
                    .iter()
                    .find(|s| matches!(s.kind, SlotKind::Card(_)))
                    .unwrap_or(&chunk[0]);
                self.beyond_end = Some(first_card.range);
                break;
            }
            let is_final = t + 1 == chunk_count;
            let trick = self.trick(t, chunk, base, is_final, columns.end.plus, out);
            self.tricks.push(trick);
        }
    }

    /// Plays the card of `slot` (the `k`th of trick `t`, `led` the suit led) for `seat`: what
    /// playing it broke, and what makes its `^R` needless. Without a leader, or with `^R`, a
    /// card that does not follow suit is taken as it stands.
    fn play_slot(
        &mut self,
        seat: Seat,
        slot: &RawSlot,
        k: usize,
        led: Option<Suit>,
        leader_known: bool,
        t: usize,
    ) -> (Vec<PlayIssue>, Option<NeedlessRevoke>) {
        let mut issues = Vec::new();
        let mut needless_revoke = None;
        match slot.kind {
            SlotKind::Card(card) => {
                let revoke_mark = slot.marks().iter().any(|m| m.kind == Irregularity::Revoke);
                if revoke_mark {
                    let holding = self.state.remaining(seat);
                    needless_revoke = match (k, led) {
                        (0, _) => Some(NeedlessRevoke::Lead),
                        (_, Some(l)) if l == card.suit => Some(NeedlessRevoke::FollowsSuit),
                        (_, Some(l)) if holding.is_some_and(|h| !h.has_suit(l)) => {
                            Some(NeedlessRevoke::Void(l))
                        }
                        _ => None,
                    };
                }
                issues = if !leader_known || revoke_mark {
                    self.state.play_revoke(seat, card)
                } else {
                    self.state.play(seat, card)
                };
            }
            SlotKind::Unknown
            | SlotKind::Continue
            | SlotKind::Shortcut { .. }
            | SlotKind::Quiz
            | SlotKind::Unseated(_) => {
                self.state.play_unknown(seat);
            }
        }
        self.followed.push((slot.range, t));
        (issues, needless_revoke)
    }

    /// Follows trick `t`, whose columns are `chunk`.
    fn trick(
        &mut self,
        t: usize,
        chunk: &[RawSlot],
        base: Seat,
        is_final: bool,
        plus: Option<TextRange>,
        out: &mut Vec<Misreading>,
    ) -> PlayTrick {
        let column_of = |seat: Seat| (seat.index() + 4 - base.index()) % 4;
        // Who led: a `^L` card, else the previous winner, else whoever the cards allow.
        let lead_mark = chunk.iter().enumerate().find_map(|(col, s)| {
            s.marks()
                .iter()
                .find(|m| m.kind == Irregularity::LeadOutOfTurn)
                .map(|m| (base.offset(col), *m))
        });
        let needless_lead_mark = lead_mark.filter(|(seat, _)| self.expected == Some(*seat));
        let leader = match lead_mark {
            Some((seat, _)) => Some(seat),
            None => self
                .expected
                .or_else(|| infer_leader(&self.state, chunk, base)),
        };

        // The columns in order of play.
        let ordered: [(Seat, Option<&RawSlot>); 4] = match leader {
            Some(leader) => std::array::from_fn(|k| {
                let seat = leader.offset(k);
                (seat, chunk.get(column_of(seat)))
            }),
            None => std::array::from_fn(|k| (base.offset(k), chunk.get(k))),
        };
        // In the final trick, what follows the last known card has not been played yet.
        let played_count = if is_final {
            ordered
                .iter()
                .rposition(|(_, s)| s.is_some_and(|s| matches!(s.kind, SlotKind::Card(_))))
                .map_or(0, |i| i + 1)
        } else {
            4
        };
        let plus_before_card = is_final
            && ordered[..played_count]
                .iter()
                .any(|(_, s)| s.is_some_and(|s| s.kind == SlotKind::Continue));
        if let Some(plus_range) = plus.filter(|_| plus_before_card) {
            out.push(PlayMisreading::PlusBeforeCard { range: plus_range }.into());
        }

        let mut led: Option<Suit> = None;
        let mut cards: SmallVec<[PlaySlot; 4]> = SmallVec::new();
        for (k, (seat, slot)) in ordered.iter().enumerate() {
            let played = k < played_count;
            let Some(slot) = slot else {
                if played {
                    self.state.play_unknown(*seat);
                    self.followed.push((TextRange::default(), t));
                }
                continue;
            };
            let (issues, needless_revoke) = if played {
                self.play_slot(*seat, slot, k, led, leader.is_some(), t)
            } else {
                (Vec::new(), None)
            };
            if played && k == 0 {
                led = slot.card_kind().map(|c| c.suit);
            }
            let mut extras = slot.extras.clone();
            if let Some(extras) = extras.as_mut() {
                extras.needless_revoke = needless_revoke;
            }
            cards.push(PlaySlot {
                seat: *seat,
                kind: slot.kind,
                range: slot.range,
                standard_spelling: slot.standard,
                played,
                issues,
                extras,
            });
        }

        let complete = played_count == 4;
        let winner = match leader {
            Some(_) if complete => known_winner(&ordered, led, self.denomination),
            _ => None,
        };
        self.expected = if complete {
            winner
        } else {
            leader.map(|l| l.offset(played_count))
        };
        PlayTrick {
            number: t + 1,
            leader,
            cards,
            winner,
            complete,
            needless_lead_mark,
        }
    }
}

/// Who wins a whole trick whose cards, in order of play, are all known; `None` when one is not,
/// or when without a known denomination some card does not follow the suit led (a ruff or a
/// discard then decides, and the trumps are not known).
fn known_winner(
    ordered: &[(Seat, Option<&RawSlot>); 4],
    led: Option<Suit>,
    denomination: Option<Denomination>,
) -> Option<Seat> {
    // An array: no allocation per trick.
    let mut four = [(Seat::North, Card::new(Suit::Spades, Rank::Ace)); 4];
    for (slot, (seat, s)) in four.iter_mut().zip(ordered) {
        *slot = (*seat, s.and_then(|s| s.card_kind())?);
    }
    let all_follow = four.iter().all(|(_, c)| Some(c.suit) == led);
    if denomination.is_none() && !all_follow {
        return None;
    }
    bridge::trick_winner(&four, denomination.and_then(Denomination::trump))
}

/// When the leader of a trick is unknown (the previous trick had an unknown card), the only seat
/// from which the four known cards make a trick without a revoke.
fn infer_leader(state: &bridge::Play, chunk: &[RawSlot], base: Seat) -> Option<Seat> {
    let cards: Option<Vec<Card>> = chunk.iter().map(RawSlot::card_kind).collect();
    let cards = cards.filter(|c| c.len() == 4)?;
    let mut fitting = Seat::ALL.into_iter().filter(|&leader| {
        let mut probe = state.clone();
        (0..4).all(|k| {
            let seat = leader.offset(k);
            let column = (seat.index() + 4 - base.index()) % 4;
            let issues = probe.play(seat, cards[column]);
            !issues.iter().any(|i| matches!(i, PlayIssue::Revoke { .. }))
        })
    });
    let first = fitting.next()?;
    fitting.next().is_none().then_some(first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::board::tests::first_section;

    #[test]
    fn plain_sections_read_as_item_by_item_and_no_other() {
        // Each section, and whether it is plain: nothing but cards as PBN writes them.
        let sections = [
            ("SA S2 S3 S4\nHK - HQ H2", true),
            ("sa s2 s3 s4\r\nd2 ; a comment\r\n{another} D3", true),
            ("\tCT\tC9 C8  C7\n[Note \"1:x\"]\nSK", true),
            ("-", true),
            ("", true),
            ("SA S2 S3 S4 *", false),
            ("SA S2 +", false),
            ("SA! S2 S3 S4", false),
            ("SA =1= S2", false),
            ("SA $3 S2", false),
            ("^R SA S2", false),
            ("S10 S2", false),
            ("KS S2", false),
            ("SX S2", false),
            ("-- S2", false),
            ("SA ? S2", false),
        ];
        for (cards, plain) in sections {
            let text = format!("[Play \"W\"]\n{cards}\n");
            let section = first_section(&text);
            let green = section.syntax().green();
            let mut out = Vec::new();
            let items = read_items(&section, &green, &mut out);
            let fast = plain_columns(&section, &green);
            if plain {
                assert!(out.is_empty(), "{cards:?}: {out:?}");
                assert_eq!(fast, Some(items.raw), "{cards:?}");
            } else {
                assert!(fast.is_none(), "{cards:?} was read as plain: {fast:?}");
            }
        }
    }

    use proptest::strategy::Strategy;

    proptest::proptest! {
        /// On any run of cards, spellings, marks, annotations, comments and line ends, the plain
        /// reading either declines or gives what the item by item reading gives, silently.
        /// Sections are mostly plain (a card and a separator) so that both readings are met.
        #[test]
        fn the_plain_reading_never_differs(
            parts in proptest::collection::vec(
                proptest::prop_oneof![
                    30 => (0..PLAIN_CARDS.len(), 0..SEPARATORS.len())
                        .prop_map(|(c, s)| format!("{}{}", PLAIN_CARDS[c], SEPARATORS[s])),
                    1 => (0..ODD.len()).prop_map(|o| format!("{} ", ODD[o])),
                ],
                0..60,
            ),
        ) {
            let cards: String = parts.concat();
            let text = format!("[Play \"W\"]\n{cards}\n");
            let section = first_section(&text);
            let green = section.syntax().green();
            let mut out = Vec::new();
            let items = read_items(&section, &green, &mut out);
            if let Some(fast) = plain_columns(&section, &green) {
                proptest::prop_assert!(out.is_empty(), "{:?}: {:?}", cards, out);
                proptest::prop_assert_eq!(fast, items.raw, "{:?}", cards);
            }
        }
    }

    /// Cards as PBN writes them, for the property test above.
    const PLAIN_CARDS: &[&str] = &["SA", "s2", "HT", "dk", "C9", "-"];

    /// What stands between cards.
    const SEPARATORS: &[&str] = &[" ", "  ", "\t", "\n", "\r\n", "\r", " {c} ", " ; x\n"];

    /// Everything else.
    const ODD: &[&str] = &[
        "*",
        "+",
        "!",
        "?",
        "=1=",
        "$3",
        "^R",
        "^L",
        "S10",
        "KS",
        "--",
        "X",
        "é",
        "\"",
        "]",
        "[Note \"1:x\"]\n",
    ];
}
