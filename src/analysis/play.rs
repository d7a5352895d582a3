//! The play section: reading its cards into a [`PlayModel`] and checking them (family P, and the
//! annotation checks of family G).
//!
//! The columns of the play section are seats, clockwise from the Play tag's seat; they are not
//! the order of play. Every group of four cards is one trick, led by the winner of the previous
//! trick (or the seat of a card marked `^L`), so the cards are put into play order before they
//! are followed with [`bridge::Play`].

use super::auction::{
    is_vacant, read_annotations, read_marks, Annotations, AuctionModel, Irregularity, Mark,
};
use super::context::GameContext;
use super::values::{read_contract, read_result, read_seat, ContractValue};
use crate::bridge::{self, Card, Deal, Denomination, Hand, PlayIssue, Rank, Seat, Suit};
use crate::diagnostic::Diagnostic;
use crate::syntax::ast;
use crate::syntax::{SyntaxKind, TextRange};

/// What stands in one column of a trick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SlotKind {
    /// A card (for a non-standard spelling: its probable meaning).
    Card(Card),
    /// `-`: a card that is unknown or not played yet (also an unreadable card token).
    Unknown,
    /// `+`: the next card to be played.
    Continue,
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
    /// The irregularity marks before the card.
    pub marks: Vec<Mark>,
    /// The annotations after the card.
    pub annotations: Annotations,
}

impl PlaySlot {
    /// The card, if the column holds a known one.
    pub fn card(&self) -> Option<Card> {
        match self.kind {
            SlotKind::Card(card) => Some(card),
            _ => None,
        }
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
    pub cards: Vec<PlaySlot>,
    /// Who won it, when all four cards, the leader and the trumps are known.
    pub winner: Option<Seat>,
    /// Whether all four players have played to it.
    pub complete: bool,
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
    /// The Play tag's seat (the first column, and the opening leader), when readable.
    pub first_seat: Option<Seat>,
    /// The range of the Play tag's value, if it has one.
    pub tag_value_range: Option<TextRange>,
    /// The opening leader: the Play tag's seat, or declarer's left-hand opponent.
    pub opening_leader: Option<Seat>,
    /// The declarer the play was checked against (the Declarer tag, else the auction's).
    pub declarer: Option<Seat>,
    /// The denomination of the contract (the trump suit), when known.
    pub denomination: Option<Denomination>,
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
    /// The `*` (no further cards will be given), if present.
    pub star: Option<TextRange>,
    /// The `+` (to be continued), if present.
    pub plus: Option<TextRange>,
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
        !self.complete && self.star.is_none()
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
fn parse_card(text: &str) -> Result<Option<Card>, Option<Card>> {
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
        [s, r] => {
            if let Some(card) = Card::from_chars(*s, *r) {
                return Ok(Some(card));
            }
            // Rank first: `KS`, `tD`.
            Err(Card::from_chars(*r, *s))
        }
        [s, '1', '0'] => Err(Suit::from_char(*s).map(|suit| Card::new(suit, Rank::Ten))),
        ['1', '0', s] => Err(Suit::from_char(*s).map(|suit| Card::new(suit, Rank::Ten))),
        _ => Err(None),
    }
}

fn suit_singular(suit: Suit) -> &'static str {
    match suit {
        Suit::Spades => "spade",
        Suit::Hearts => "heart",
        Suit::Diamonds => "diamond",
        Suit::Clubs => "club",
    }
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A column as read, before it is placed in a trick.
struct RawSlot {
    kind: SlotKind,
    range: TextRange,
    standard: bool,
    marks: Vec<Mark>,
    annotations: Annotations,
}

/// Reads the Declarer tag: the seat and whether declarer and dummy were swapped (`^`).
fn declarer_from_tag(ctx: &GameContext) -> Option<(Seat, bool)> {
    let tag = ctx.declarer.as_ref().filter(|t| !is_vacant(&t.text))?;
    let text = tag.text.trim();
    let (swapped, rest) = match text.strip_prefix('^') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    read_seat(rest).map(|r| (r.value, swapped))
}

/// Reads the play section, reports family P and G problems, and returns the model.
pub fn check_play(
    section: &ast::Section,
    ctx: &GameContext,
    auction: Option<&AuctionModel>,
    out: &mut Vec<Diagnostic>,
) -> PlayModel {
    let tag = section.tag();
    let tag_range = tag.as_ref().map_or_else(
        || section.syntax().text_range(),
        |t| t.syntax().text_range(),
    );
    let (first_seat, tag_value_range) = match tag.as_ref().and_then(|t| t.raw_value()) {
        Some((raw, range)) => (
            read_seat(ast::unescape(&raw).trim()).map(|r| r.value),
            Some(range),
        ),
        None => (None, None),
    };

    let tag_declarer = declarer_from_tag(ctx);
    let auction_declarer = auction.and_then(|a| a.declarer);
    let declarer = tag_declarer.map(|d| d.0).or(auction_declarer);
    let denomination = match ctx
        .contract
        .as_ref()
        .and_then(|t| read_contract(t.text.trim()))
        .map(|r| r.value)
    {
        Some(ContractValue::Contract(c)) => Some(c.denomination()),
        Some(ContractValue::TrumpOnly(d)) => Some(d),
        _ => auction.and_then(|a| a.contract).map(|c| c.denomination()),
    };

    // The hands: only a deal without errors is played against; a missing fourth hand is implied.
    let mut deal = match ctx.deal {
        Some(deal) if ctx.deal_is_valid => deal,
        _ => Deal::new(),
    };
    if let Some((seat, hand)) = deal.fill_fourth_hand() {
        deal[seat] = Some(hand);
    }
    let sizes: Vec<usize> = deal.card_counts().into_iter().flatten().collect();
    let end_size = sizes
        .first()
        .copied()
        .filter(|&n| n < 13 && sizes.iter().all(|&m| m == n));
    let end_position = end_size.is_some();
    let total_tricks = end_size.unwrap_or(13);

    let opening_leader = first_seat.or_else(|| declarer.map(Seat::lho));

    // Read the columns.
    let mut raw: Vec<RawSlot> = Vec::with_capacity(52);
    let mut star: Option<TextRange> = None;
    let mut plus: Option<TextRange> = None;
    let mut star_reported = false;
    for item in section.items() {
        let token = &item.token;
        let range = token.text_range();
        let slot = match token.kind() {
            SyntaxKind::CARD => {
                let marks = read_marks(&item);
                for mark in &marks {
                    if matches!(
                        mark.kind,
                        Irregularity::Insufficient | Irregularity::Skipped
                    ) {
                        out.push(Diagnostic::new(
                            "P509",
                            mark.range,
                            format!(
                                "`{}` marks an irregularity of the auction, not of the play",
                                mark.kind.pbn()
                            ),
                        ));
                    }
                }
                let annotations = read_annotations(&item, true, out);
                let text = token.text();
                let (kind, standard) = match parse_card(text) {
                    Ok(Some(card)) => (SlotKind::Card(card), true),
                    Ok(None) => (SlotKind::Unknown, true),
                    Err(Some(card)) => {
                        let spelling = card.to_string();
                        out.push(
                            Diagnostic::new(
                                "P501",
                                range,
                                format!(
                                    "`{text}` is not a PBN card; {} (`{spelling}`) was probably meant",
                                    card.symbolic()
                                ),
                            )
                            .with_fix(format!("Replace `{text}` with `{spelling}`"), range, spelling),
                        );
                        (SlotKind::Card(card), false)
                    }
                    Err(None) if text.bytes().all(|b| b == b'-') => {
                        out.push(
                            Diagnostic::new(
                                "P501",
                                range,
                                format!(
                                    "`{text}` is not a PBN card; `-` (an unknown card) was probably meant"
                                ),
                            )
                            .with_unsafe_fix(format!("Replace `{text}` with `-`"), range, "-"),
                        );
                        (SlotKind::Unknown, false)
                    }
                    Err(None) => {
                        out.push(Diagnostic::new(
                            "P501",
                            range,
                            format!(
                                "`{text}` is not a card: a card is a suit letter and a rank, such as SK or HT, or `-` for an unknown card"
                            ),
                        ));
                        (SlotKind::Unknown, false)
                    }
                };
                Some(RawSlot {
                    kind,
                    range,
                    standard,
                    marks,
                    annotations,
                })
            }
            SyntaxKind::PLUS => {
                if let Some(first) = plus {
                    out.push(
                        Diagnostic::new("P510", range, "`+` is given twice")
                            .with_related(first, "the first one"),
                    );
                }
                plus.get_or_insert(range);
                Some(RawSlot {
                    kind: SlotKind::Continue,
                    range,
                    standard: true,
                    marks: read_marks(&item),
                    annotations: read_annotations(&item, true, out),
                })
            }
            SyntaxKind::STAR => {
                if let Some(first) = star {
                    out.push(
                        Diagnostic::new("P510", range, "`*` is given twice")
                            .with_related(first, "the first one"),
                    );
                }
                star.get_or_insert(range);
                None
            }
            SyntaxKind::IRREGULARITY => {
                let message = match token.text() {
                    "^I" | "^S" => format!(
                        "`{}` marks an irregularity of the auction, not of the play",
                        token.text()
                    ),
                    other => format!("`{other}` is not followed by a card"),
                };
                out.push(Diagnostic::new("P509", range, message));
                None
            }
            SyntaxKind::SUFFIX | SyntaxKind::NOTE_REF | SyntaxKind::NAG => {
                out.push(Diagnostic::new(
                    "P501",
                    range,
                    format!(
                        "`{}` annotates nothing: it must follow a card",
                        token.text()
                    ),
                ));
                None
            }
            // Stray text is reported by the parser (S003).
            _ => None,
        };
        if let Some(slot) = slot {
            if let Some(star_range) = star {
                if !star_reported {
                    star_reported = true;
                    out.push(Diagnostic::new(
                        "P510",
                        star_range,
                        "`*` ends the play section, so it must come after the last card",
                    ));
                }
                continue;
            }
            raw.push(slot);
        }
    }
    if let (Some(star_range), Some(_), false) = (star, plus, star_reported) {
        out.push(Diagnostic::new(
            "P510",
            star_range,
            "`*` (no more cards) and `+` (to be continued) cannot both be given",
        ));
    }

    let any_card = raw.iter().any(|s| matches!(s.kind, SlotKind::Card(_)));

    // P505: the opening lead is declarer's left-hand opponent (after a swap, of the new declarer).
    if let (Some(seat), Some(range), false) = (first_seat, tag_value_range, end_position) {
        let candidates: Vec<Seat> = [tag_declarer.map(|d| d.0), auction_declarer]
            .into_iter()
            .flatten()
            .collect();
        if let Some(&main) = candidates.first() {
            if candidates.iter().all(|d| d.lho() != seat) {
                let swap = if tag_declarer.is_some_and(|d| d.1) {
                    " after declarer and dummy were swapped"
                } else {
                    ""
                };
                out.push(
                    Diagnostic::new(
                        "P505",
                        range,
                        format!(
                            "the opening lead belongs to {}, the left-hand opponent of declarer {}{swap}, not to {}",
                            main.lho().name(),
                            main.name(),
                            seat.name()
                        ),
                    ),
                );
            }
        }
    }

    // P511 / P508: can the play be checked at all?
    let seats_known = opening_leader.is_some();
    if !seats_known {
        if any_card {
            out.push(Diagnostic::new(
                "P511",
                tag_range,
                "the opening leader is unknown: the Play tag gives no seat and there is no declarer to find it from",
            ));
        }
        deal = Deal::new();
    }
    let base = opening_leader.unwrap_or(Seat::North);
    if seats_known && ctx.deal_tag.is_some() && ctx.deal.is_some() && ctx.deal_is_valid {
        let missing: Vec<Seat> = raw
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s.kind, SlotKind::Card(_)))
            .map(|(i, _)| base.offset(i % 4))
            .filter(|&seat| deal[seat].is_none())
            .fold(Vec::new(), |mut acc, seat| {
                if !acc.contains(&seat) {
                    acc.push(seat);
                }
                acc
            });
        if !missing.is_empty() {
            let names: Vec<&str> = missing.iter().map(|s| s.name()).collect();
            out.push(Diagnostic::new(
                "P508",
                tag_range,
                format!(
                    "the Deal does not give the hand of {}, so the cards played from it cannot be checked",
                    names.join(", ")
                ),
            ));
        }
    }

    let trump = denomination.and_then(Denomination::trump);
    let mut state = bridge::Play::new(deal, base, trump);
    // Range and trick number of every card fed to `state`, parallel to `state.played()`.
    let mut fed: Vec<(TextRange, usize)> = Vec::with_capacity(raw.len());
    let mut tricks: Vec<PlayTrick> = Vec::with_capacity(total_tricks);
    let mut expected = opening_leader;
    let chunk_count = raw.len().div_ceil(4);
    let plus_chunk = raw
        .iter()
        .position(|s| s.kind == SlotKind::Continue)
        .map(|i| i / 4);
    if let (Some(chunk), Some(plus_range)) = (plus_chunk, plus) {
        if chunk + 1 < chunk_count {
            out.push(Diagnostic::new(
                "P510",
                plus_range,
                "`+` stands for the next card to be played, but more tricks follow it",
            ));
        }
    }

    for (t, chunk) in raw.chunks(4).enumerate() {
        if t >= total_tricks {
            let range = chunk
                .iter()
                .find(|s| matches!(s.kind, SlotKind::Card(_)))
                .unwrap_or(&chunk[0])
                .range;
            out.push(Diagnostic::new(
                "P507",
                range,
                format!(
                    "the play has already ended: the deal has {total_tricks} tricks, and this card begins a {} one",
                    ordinal(total_tricks + 1)
                ),
            ));
            break;
        }
        let is_final = t + 1 == chunk_count;
        let column_of = |seat: Seat| (seat.index() + 4 - base.index()) % 4;

        // Who led: a `^L` card, else the previous winner, else whoever the cards allow.
        let lead_mark = chunk.iter().enumerate().find_map(|(col, s)| {
            s.marks
                .iter()
                .find(|m| m.kind == Irregularity::LeadOutOfTurn)
                .map(|m| (base.offset(col), *m))
        });
        let leader = match lead_mark {
            Some((seat, mark)) => {
                if expected == Some(seat) {
                    out.push(
                        Diagnostic::new(
                            "P509",
                            mark.range,
                            format!(
                                "`^L` marks a lead out of turn, but it was {}'s turn to lead",
                                seat.name()
                            ),
                        )
                        .with_unsafe_fix("Remove the `^L`", mark.range, ""),
                    );
                }
                Some(seat)
            }
            None => expected.or_else(|| infer_leader(&state, chunk, base)),
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
        if let Some(plus_range) = plus {
            let plus_before_card = is_final
                && ordered[..played_count]
                    .iter()
                    .any(|(_, s)| s.is_some_and(|s| s.kind == SlotKind::Continue));
            if plus_before_card {
                out.push(Diagnostic::new(
                    "P510",
                    plus_range,
                    "`+` stands for the next card to be played, but a card played after it is given",
                ));
            }
        }

        let mut led: Option<Suit> = None;
        let mut cards: Vec<PlaySlot> = Vec::with_capacity(4);
        for (k, (seat, slot)) in ordered.iter().enumerate() {
            let played = k < played_count;
            let Some(slot) = slot else {
                if played {
                    state.play_unknown(*seat);
                    fed.push((TextRange::default(), t));
                }
                continue;
            };
            if played {
                match slot.kind {
                    SlotKind::Card(card) => {
                        let revoke_mark =
                            slot.marks.iter().find(|m| m.kind == Irregularity::Revoke);
                        if let Some(mark) = revoke_mark {
                            let holding = state.remaining(*seat);
                            let needless = match (k, led) {
                                (0, _) => Some("the card is the lead".to_string()),
                                (_, Some(l)) if l == card.suit => {
                                    Some(format!("{} follows suit", card.symbolic()))
                                }
                                (_, Some(l)) if holding.is_some_and(|h| !h.has_suit(l)) => {
                                    Some(format!(
                                        "{} held no {} any more",
                                        seat.name(),
                                        suit_singular(l)
                                    ))
                                }
                                _ => None,
                            };
                            if let Some(why) = needless {
                                out.push(
                                    Diagnostic::new(
                                        "P509",
                                        mark.range,
                                        format!("`^R` marks a revoke, but {why}"),
                                    )
                                    .with_unsafe_fix(
                                        "Remove the `^R`",
                                        mark.range,
                                        "",
                                    ),
                                );
                            }
                        }
                        let issues = if leader.is_none() || revoke_mark.is_some() {
                            state.play_revoke(*seat, card)
                        } else {
                            state.play(*seat, card)
                        };
                        if k == 0 {
                            led = Some(card.suit);
                        }
                        report_issues(&issues, slot.range, trump, &fed, out);
                        fed.push((slot.range, t));
                    }
                    SlotKind::Unknown | SlotKind::Continue => {
                        state.play_unknown(*seat);
                        fed.push((slot.range, t));
                    }
                }
            }
            cards.push(PlaySlot {
                seat: *seat,
                kind: slot.kind,
                range: slot.range,
                standard_spelling: slot.standard,
                played,
                marks: slot.marks.clone(),
                annotations: slot.annotations.clone(),
            });
        }

        let complete = played_count == 4;
        let winner = if complete {
            let known: Option<Vec<(Seat, Card)>> = ordered
                .iter()
                .map(|(seat, s)| s.and_then(|s| s.card_kind()).map(|c| (*seat, c)))
                .collect();
            match (leader, known) {
                (Some(_), Some(known)) => {
                    let all_follow = known.iter().all(|(_, c)| Some(c.suit) == led);
                    (denomination.is_some() || all_follow)
                        .then(|| bridge::trick_winner(&known, trump))
                        .flatten()
                }
                _ => None,
            }
        } else {
            None
        };
        expected = if complete {
            winner
        } else {
            leader.map(|l| l.offset(played_count))
        };
        tricks.push(PlayTrick {
            number: t + 1,
            leader,
            cards,
            winner,
            complete,
        });
    }

    let complete_tricks = tricks.iter().filter(|t| t.complete).count();
    let complete = complete_tricks >= total_tricks;
    let (mut declarer_tricks, mut defender_tricks) = (0u8, 0u8);
    if let Some(declarer) = declarer {
        for winner in tricks.iter().filter_map(|t| t.winner) {
            if winner.same_side(declarer) {
                declarer_tricks = declarer_tricks.saturating_add(1);
            } else {
                defender_tricks = defender_tricks.saturating_add(1);
            }
        }
    }
    let known = tricks.iter().filter(|t| t.winner.is_some()).count();

    // P506: the Result against a finished play.
    if let (Some(declarer), Some(tag), false) = (
        declarer,
        ctx.result.as_ref().filter(|t| !is_vacant(&t.text)),
        end_position,
    ) {
        let result = read_result(tag.text.trim()).map(|r| r.value);
        let finished = complete || star.is_some();
        if let (Some(result), true) = (result, finished) {
            let claimed = result.declarer_tricks(Some(declarer));
            let won = usize::from(declarer_tricks);
            let most = won + (total_tricks - known.min(total_tricks));
            if let (Some(claimed), false) = (claimed, result.irregular) {
                let claimed_n = usize::from(claimed);
                if claimed_n < won || claimed_n > most {
                    let mut d = if won == most {
                        Diagnostic::new(
                            "P506",
                            tag.range,
                            format!(
                                "the play gives declarer {} {won} trick{}, but the Result says {claimed}",
                                declarer.name(),
                                if won == 1 { "" } else { "s" }
                            ),
                        )
                    } else {
                        Diagnostic::new(
                            "P506",
                            tag.range,
                            format!(
                                "the play gives declarer {} between {won} and {most} tricks, but the Result says {claimed}",
                                declarer.name()
                            ),
                        )
                    };
                    if won == most {
                        d = d.with_unsafe_fix(
                            format!("Set the Result to {won}"),
                            tag.range,
                            won.to_string(),
                        );
                    }
                    out.push(d);
                }
            }
        }
    }

    PlayModel {
        first_seat,
        tag_value_range,
        opening_leader,
        declarer,
        denomination,
        total_tricks,
        end_position,
        tricks,
        declarer_tricks,
        defender_tricks,
        complete,
        star,
        plus,
        state,
        next: if complete { None } else { expected },
    }
}

impl RawSlot {
    fn card_kind(&self) -> Option<Card> {
        match self.kind {
            SlotKind::Card(card) => Some(card),
            _ => None,
        }
    }
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

/// Turns what [`bridge::Play`] found about a card into diagnostics.
fn report_issues(
    issues: &[PlayIssue],
    range: TextRange,
    trump: Option<Suit>,
    fed: &[(TextRange, usize)],
    out: &mut Vec<Diagnostic>,
) {
    for issue in issues {
        match *issue {
            PlayIssue::NotHeld { seat, card, owner } => {
                let whose = match owner {
                    Some(owner) => format!("; the Deal gives it to {}", owner.name()),
                    None => String::new(),
                };
                out.push(Diagnostic::new(
                    "P502",
                    range,
                    format!(
                        "{} plays {}, which is not in {}'s hand{whose}",
                        seat.name(),
                        card.symbolic(),
                        seat.name()
                    ),
                ));
            }
            PlayIssue::AlreadyPlayed { card, index, by } => {
                let mut d;
                match fed.get(index) {
                    Some(&(first, trick)) => {
                        d = Diagnostic::new(
                            "P503",
                            range,
                            format!(
                                "{} was already played in trick {} (by {})",
                                card.symbolic(),
                                trick + 1,
                                by.name()
                            ),
                        );
                        d = d.with_related(first, format!("{} first played here", card.symbolic()));
                    }
                    None => {
                        d = Diagnostic::new(
                            "P503",
                            range,
                            format!("{} was already played", card.symbolic()),
                        );
                    }
                }
                out.push(d);
            }
            PlayIssue::Revoke { seat, card, led } => {
                let verb = if Some(card.suit) == trump {
                    "ruffs with"
                } else {
                    "discards"
                };
                out.push(Diagnostic::new(
                    "P504",
                    range,
                    format!(
                        "{} {verb} {} while still holding a {} (write `^R` before the card if the revoke stood)",
                        seat.name(),
                        card.symbolic(),
                        suit_singular(led)
                    ),
                ));
            }
            PlayIssue::OutOfTurn { .. } | PlayIssue::AfterLastTrick => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast::Game;
    use crate::syntax::Parse;

    fn card(text: &str) -> Card {
        let mut chars = text.chars();
        let (Some(s), Some(r)) = (chars.next(), chars.next()) else {
            panic!("card {text}");
        };
        Card::from_chars(s, r).expect("card")
    }

    #[test]
    fn card_spellings() {
        assert_eq!(parse_card("SK"), Ok(Some(card("SK"))));
        assert_eq!(parse_card("hT"), Ok(Some(card("HT"))));
        assert_eq!(parse_card("dq"), Ok(Some(card("DQ"))));
        assert_eq!(parse_card("-"), Ok(None));
        assert_eq!(parse_card("S10"), Err(Some(card("ST"))));
        assert_eq!(parse_card("10c"), Err(Some(card("CT"))));
        assert_eq!(parse_card("KS"), Err(Some(card("SK"))));
        assert_eq!(parse_card("Q"), Err(None));
        assert_eq!(parse_card("SX"), Err(None));
        assert_eq!(ordinal(14), "14th");
        assert_eq!(ordinal(3), "3rd");
        assert_eq!(ordinal(11), "11th");
    }

    const DEAL: &str = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85";

    fn run(play_seat: &str, cards: &str) -> (PlayModel, Vec<Diagnostic>) {
        let text = format!("[Play \"{play_seat}\"]\n{cards}\n");
        let parse = Parse::new(&text);
        let game = parse
            .syntax()
            .children()
            .find_map(Game::cast)
            .expect("game");
        let section = game.sections().next().expect("section");
        let mut deal = Deal::new();
        let (_, hands) = DEAL.split_once(':').unwrap_or_default();
        for (i, hand) in hands.split(' ').enumerate() {
            let mut h = Hand::EMPTY;
            for (suit, ranks) in ['S', 'H', 'D', 'C'].into_iter().zip(hand.split('.')) {
                for rank in ranks.chars() {
                    h.insert(Card::from_chars(suit, rank).expect("card"));
                }
            }
            deal[Seat::North.offset(i)] = Some(h);
        }
        let tag = |text: &str| crate::analysis::context::TagValue {
            text: text.to_string(),
            range: TextRange::default(),
            tag_range: TextRange::default(),
        };
        let ctx = GameContext {
            deal: Some(deal),
            deal_is_valid: true,
            deal_tag: Some(tag(DEAL)),
            declarer: Some(tag("S")),
            contract: Some(tag("5HX")),
            ..GameContext::default()
        };
        let mut out = Vec::new();
        let model = check_play(&section, &ctx, None, &mut out);
        (model, out)
    }

    #[test]
    fn unknown_card_leaves_the_next_leader_open() {
        // South's card in the first trick is unknown, so nobody knows who won it; the second
        // trick is all clubs, so any seat may have led it.
        let (model, out) = run("W", "SK H3 S4 -\nC5 C2 C6 CK");
        assert!(out.is_empty(), "{out:#?}");
        assert_eq!(model.tricks[0].winner, None);
        assert_eq!(model.tricks[1].leader, None);
        assert_eq!(model.tricks[1].winner, None);
        assert_eq!(model.declarer_tricks + model.defender_tricks, 0);
        assert_eq!(model.next_to_play(), None);
        assert!(model.playable_cards().is_empty());
    }

    #[test]
    fn columns_are_seats_not_play_order() {
        // North ruffs the first trick and leads the second from the second column.
        let (model, out) = run("W", "SK H3 S4 S3\nC5 C2 C6 CK\n*");
        assert!(out.is_empty(), "{out:#?}");
        assert_eq!(model.tricks[0].winner, Some(Seat::North));
        let second = &model.tricks[1];
        assert_eq!(second.leader, Some(Seat::North));
        assert_eq!(
            second.cards.iter().map(|c| c.seat).collect::<Vec<_>>(),
            [Seat::North, Seat::East, Seat::South, Seat::West]
        );
        assert_eq!(
            second
                .cards
                .iter()
                .filter_map(PlaySlot::card)
                .collect::<Vec<_>>(),
            ["C2", "C6", "CK", "C5"].map(card)
        );
        assert_eq!(second.winner, Some(Seat::South));
        assert_eq!(model.declarer_tricks, 2);
        assert!(!model.is_open());
        // With the columns read from North, North leads a heart and the others fail to follow.
        let (_, out) = run("N", "H3 S4 S3 SK");
        let codes: Vec<&str> = out.iter().map(|d| d.code).collect();
        assert_eq!(codes, ["P505", "P504", "P504", "P504"]);
    }

    #[test]
    fn card_lookup_by_offset() {
        let (model, _) = run("W", "SK H3 S4 S3");
        let (trick, slot) = model
            .card_at(crate::syntax::TextSize::from(14))
            .expect("a card at offset 14");
        assert_eq!(trick.number, 1);
        assert_eq!(slot.card(), Some(card("H3")));
        assert_eq!(slot.seat, Seat::North);
    }
}
