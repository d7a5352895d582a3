//! A game lowered for the editor features: its tags, deal, calls and cards with their seats,
//! tricks and notes, each with its range.
//!
//! This reads only what the features show; the checks live in `analysis`. Everything is computed
//! from one game's tree (rooted at the game's start) in a single pass, and never fails: what
//! cannot be read is left out.

use crate::bridge::{
    trick_winner, Auction, Bid, Call, Card, Deal, Denomination, Hand, Rank, Seat, Suit,
    Vulnerability,
};
pub mod annotations;
pub mod auction;
pub mod context;
pub mod deal;
pub mod play;
pub mod record;

use crate::model::values::{read_contract, read_deal, read_seat, ContractValue};
use crate::syntax::ast::{Game, Section, TagPair};
use crate::syntax::{SyntaxKind, SyntaxNode, TextRange, TextSize};

/// One tag pair of the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    /// The tag name ("" when missing).
    pub name: String,
    /// The range of the name (or of the whole tag when it has no name).
    pub name_range: TextRange,
    /// The value with escapes resolved, when the tag has a quoted value.
    pub value: Option<String>,
    /// The range of the value between its quotes.
    pub value_range: Option<TextRange>,
    /// The whole tag pair.
    pub range: TextRange,
}

/// Which section a note or note reference belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SectionKind {
    /// The auction section.
    Auction,
    /// The play section.
    Play,
}

/// A Note tag of the auction or play section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// Its number.
    pub number: u32,
    /// Its text (after `n:`).
    pub text: String,
    /// The whole tag pair.
    pub range: TextRange,
    /// The section it explains.
    pub section: SectionKind,
}

/// A note reference `=n=` after a call or card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoteRef {
    /// The note number.
    pub number: u32,
    /// The range of `=n=`.
    pub range: TextRange,
    /// The section it stands in.
    pub section: SectionKind,
    /// The range of the call or card it annotates.
    pub target: TextRange,
}

/// A call of the auction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallItem {
    /// The range of the call token.
    pub range: TextRange,
    /// The call, when it is one (`-` and unreadable calls are `None`).
    pub call: Option<Call>,
    /// Who made it, when the first seat is known.
    pub seat: Option<Seat>,
    /// Whether the call was legal where it stands.
    pub legal: bool,
    /// The notes it refers to.
    pub notes: Vec<u32>,
}

/// The auction section, lowered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuctionModel {
    /// The whole section.
    pub range: TextRange,
    /// The seat of the first call.
    pub first: Option<Seat>,
    /// The calls in order (`AP` gives the passes it stands for, all with its range).
    pub calls: Vec<CallItem>,
}

/// A card of the play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardItem {
    /// The range of the card token.
    pub range: TextRange,
    /// The card, when known.
    pub card: Option<Card>,
    /// Who played it (from its column), when the leader is known.
    pub seat: Option<Seat>,
    /// The trick it belongs to, from 0.
    pub trick: usize,
    /// The notes it refers to.
    pub notes: Vec<u32>,
}

/// A trick (a row of four cards) of the play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrickInfo {
    /// Who led to it, when known.
    pub leader: Option<Seat>,
    /// Who won it, when all four cards and the leader are known.
    pub winner: Option<Seat>,
    /// The end of the trick's last item (card and its annotations).
    pub end: TextSize,
    /// Whether all four cards are written.
    pub complete: bool,
}

/// The play section, lowered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayModel {
    /// The whole section.
    pub range: TextRange,
    /// The opening leader.
    pub leader: Option<Seat>,
    /// The cards in text order.
    pub cards: Vec<CardItem>,
    /// The tricks in order.
    pub tricks: Vec<TrickInfo>,
}

/// A game lowered for the features.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameModel {
    /// Every tag pair in text order (section tags and notes included).
    pub tags: Vec<Tag>,
    /// The dealer.
    pub dealer: Option<Seat>,
    /// The vulnerability.
    pub vulnerability: Option<Vulnerability>,
    /// The hands, as well as the Deal can be read.
    pub deal: Option<Deal>,
    /// The ranges of the hands in the Deal, by seat.
    pub hand_ranges: Vec<(Seat, TextRange)>,
    /// The Deal's value range.
    pub deal_range: Option<TextRange>,
    /// Seats the Hidden tag hides.
    pub hidden: Vec<Seat>,
    /// The declarer.
    pub declarer: Option<Seat>,
    /// The Contract tag, read.
    pub contract: Option<ContractValue>,
    /// The auction section.
    pub auction: Option<AuctionModel>,
    /// The play section.
    pub play: Option<PlayModel>,
    /// The notes of both sections.
    pub notes: Vec<Note>,
    /// The note references of both sections.
    pub note_refs: Vec<NoteRef>,
}

impl GameModel {
    /// The first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }

    /// The value of the first tag named `name`.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.tag(name).and_then(|t| t.value.as_deref())
    }

    /// The trump suit of the contract (`None` in no trump or when unknown).
    pub fn trump(&self) -> Option<Suit> {
        match self.contract? {
            ContractValue::Contract(c) => c.trump(),
            ContractValue::TrumpOnly(d) => d.trump(),
            ContractValue::Passed => None,
        }
    }

    /// The note `number` of `section`.
    pub fn note(&self, section: SectionKind, number: u32) -> Option<&Note> {
        self.notes
            .iter()
            .find(|n| n.section == section && n.number == number)
    }
}

/// Reads a call as PBN writes it (any case): `Pass`, `X`, `XX`, `1NT`, `4S`…
pub fn parse_call(text: &str) -> Option<Call> {
    let upper = text.to_ascii_uppercase();
    match upper.as_str() {
        "PASS" => return Some(Call::Pass),
        "X" => return Some(Call::Double),
        "XX" => return Some(Call::Redouble),
        _ => {}
    }
    let mut chars = upper.chars();
    let level = chars.next()?.to_digit(10)?;
    let denomination = Denomination::parse(chars.as_str())?;
    Bid::new(u8::try_from(level).ok()?, denomination).map(Call::Bid)
}

/// Reads a card as PBN writes it (any case): `SK`, `hT`…
pub fn parse_card(text: &str) -> Option<Card> {
    let mut chars = text.chars();
    let (suit, rank) = (chars.next()?, chars.next()?);
    if chars.next().is_some() {
        return None;
    }
    Card::from_chars(suit.to_ascii_uppercase(), rank.to_ascii_uppercase())
}

/// Reads the number of a note reference `=n=`.
pub fn note_ref_number(text: &str) -> Option<u32> {
    text.strip_prefix('=')?.strip_suffix('=')?.parse().ok()
}

/// Reads a Note value `n:text` into its number and text.
pub fn parse_note(value: &str) -> Option<(u32, String)> {
    let (number, text) = value.split_once(':')?;
    Some((number.trim().parse().ok()?, text.to_string()))
}

/// Reads a hand as written in the Deal (`AK.QJT.-.`): suits in order ♠ ♥ ♦ ♣.
fn hand_from_suits(suits: &[(String, TextRange)]) -> Option<Hand> {
    let mut hand = Hand::EMPTY;
    for (suit, (text, _)) in Suit::ALL.iter().zip(suits) {
        for c in text.chars() {
            let rank = Rank::from_char(c.to_ascii_uppercase())?;
            hand.insert(Card::new(*suit, rank));
        }
    }
    Some(hand)
}

fn seat_of(value: Option<&str>) -> Option<Seat> {
    read_seat(value?.trim()).map(|r| r.value)
}

/// Lowers a game node (rooted at the game's start).
pub fn lower(node: &SyntaxNode) -> GameModel {
    let mut model = GameModel::default();
    let Some(game) = Game::cast(node.clone()) else {
        return model;
    };
    let mut deal_node = None;
    for tag in game.tag_pairs() {
        let name_token = tag.name_token();
        let raw = tag.raw_value();
        let lowered = Tag {
            name: tag.name(),
            name_range: name_token
                .map(|t| t.text_range())
                .unwrap_or_else(|| tag.syntax().text_range()),
            value: tag.value(),
            value_range: raw.map(|(_, range)| range),
            range: tag.syntax().text_range(),
        };
        if lowered.name == "Deal" && deal_node.is_none() {
            deal_node = tag.value_node();
            model.deal_range = lowered.value_range;
        }
        model.tags.push(lowered);
    }
    model.dealer = seat_of(model.value("Dealer"));
    model.vulnerability = model
        .value("Vulnerable")
        .and_then(crate::model::values::read_vulnerable)
        .map(|r| r.value);
    model.declarer = model
        .value("Declarer")
        .map(|v| v.trim_start_matches('^'))
        .and_then(|v| read_seat(v).map(|r| r.value));
    model.contract = model
        .value("Contract")
        .and_then(|v| read_contract(v.trim()))
        .map(|r| r.value);
    model.hidden = model
        .value("Hidden")
        .map(|v| v.chars().filter_map(Seat::from_char).collect())
        .unwrap_or_default();
    if let Some(value) = deal_node {
        lower_deal(&value, &mut model);
    }
    for section in game.sections() {
        match section.kind() {
            SyntaxKind::AUCTION_SECTION if model.auction.is_none() => {
                lower_notes(&section, SectionKind::Auction, &mut model);
                let auction = lower_auction(&section, &mut model);
                model.auction = Some(auction);
            }
            SyntaxKind::PLAY_SECTION if model.play.is_none() => {
                lower_notes(&section, SectionKind::Play, &mut model);
                let play = lower_play(&section, &mut model);
                model.play = Some(play);
            }
            _ => {}
        }
    }
    model
}

fn lower_deal(value: &SyntaxNode, model: &mut GameModel) {
    let text = read_deal(value);
    let first = text
        .first
        .as_ref()
        .and_then(|(s, _)| read_seat(s.trim()).map(|r| r.value))
        .or(model.dealer)
        .unwrap_or(Seat::North);
    let mut hands = [None; 4];
    for (i, hand) in text.hands.iter().take(4).enumerate() {
        let seat = first.offset(i);
        model.hand_ranges.push((seat, hand.range));
        if !hand.unknown {
            hands[seat.index()] = hand_from_suits(&hand.suits);
        }
    }
    model.deal = Some(Deal::from_hands(hands));
}

fn lower_notes(section: &Section, kind: SectionKind, model: &mut GameModel) {
    for note in section.notes() {
        if let Some((number, text)) = note.value().as_deref().and_then(parse_note) {
            model.notes.push(Note {
                number,
                text,
                range: note.syntax().text_range(),
                section: kind,
            });
        }
    }
}

fn section_seat(section: &Section) -> Option<Seat> {
    section
        .tag()
        .and_then(|t: TagPair| t.value())
        .and_then(|v| read_seat(v.trim()).map(|r| r.value))
}

fn lower_auction(section: &Section, model: &mut GameModel) -> AuctionModel {
    let first = section_seat(section).or(model.dealer);
    let mut state = first.map(Auction::new);
    let mut turn = first;
    let mut calls = Vec::new();
    for item in section.items() {
        let token = &item.token;
        let notes: Vec<u32> = item
            .annotations
            .iter()
            .filter(|a| a.kind() == SyntaxKind::NOTE_REF)
            .filter_map(|a| {
                let number = note_ref_number(a.text())?;
                model.note_refs.push(NoteRef {
                    number,
                    range: a.text_range(),
                    section: SectionKind::Auction,
                    target: token.text_range(),
                });
                Some(number)
            })
            .collect();
        match token.kind() {
            SyntaxKind::IRREGULARITY if token.text() == "^S" => {
                if let Some(state) = state.as_mut() {
                    state.skip_turn();
                }
                turn = turn.map(Seat::next);
            }
            SyntaxKind::CALL => {
                let text = token.text();
                let repeat: Vec<Option<Call>> = if text.eq_ignore_ascii_case("AP") {
                    let needed = state.as_ref().map_or(3, |s| {
                        if s.is_finished() {
                            0
                        } else {
                            let trailing = s
                                .calls()
                                .iter()
                                .rev()
                                .take_while(|c| c.call == Call::Pass)
                                .count();
                            let target: usize = if s.last_bid().is_some() { 3 } else { 4 };
                            target.saturating_sub(trailing).max(1)
                        }
                    });
                    vec![Some(Call::Pass); needed]
                } else if text == "-" {
                    vec![None]
                } else {
                    vec![parse_call(text)]
                };
                let condoned = item.marks.iter().any(|m| m.text() == "^I");
                for call in repeat {
                    let legal = match (call, state.as_mut()) {
                        (Some(call), Some(state)) => {
                            let verdict = if condoned {
                                state.push_condoned(call)
                            } else {
                                state.push(call)
                            };
                            verdict.is_ok()
                        }
                        (None, Some(state)) => {
                            state.skip_turn();
                            true
                        }
                        _ => true,
                    };
                    calls.push(CallItem {
                        range: token.text_range(),
                        call,
                        seat: turn,
                        legal,
                        notes: notes.clone(),
                    });
                    turn = turn.map(Seat::next);
                }
            }
            _ => {}
        }
    }
    AuctionModel {
        range: section.syntax().text_range(),
        first,
        calls,
    }
}

fn lower_play(section: &Section, model: &mut GameModel) -> PlayModel {
    let leader = section_seat(section);
    let trump = model.trump();
    let mut cards: Vec<CardItem> = Vec::new();
    let mut tricks: Vec<TrickInfo> = Vec::new();
    let mut row: Vec<(Option<Seat>, Option<Card>)> = Vec::new();
    let mut row_end = TextSize::from(0);
    let mut trick_leader = leader;
    let finish_row = |row: &mut Vec<(Option<Seat>, Option<Card>)>,
                      tricks: &mut Vec<TrickInfo>,
                      trick_leader: &mut Option<Seat>,
                      end: TextSize| {
        let complete = row.len() == 4;
        let winner = match (*trick_leader, complete) {
            (Some(lead), true) => {
                let mut ordered = Vec::with_capacity(4);
                for i in 0..4 {
                    let seat = lead.offset(i);
                    match row.iter().find(|(s, _)| *s == Some(seat)) {
                        Some((_, Some(card))) => ordered.push((seat, *card)),
                        _ => break,
                    }
                }
                if ordered.len() == 4 {
                    trick_winner(&ordered, trump)
                } else {
                    None
                }
            }
            _ => None,
        };
        tricks.push(TrickInfo {
            leader: *trick_leader,
            winner,
            end,
            complete,
        });
        *trick_leader = winner;
        row.clear();
    };
    for item in section.items() {
        let token = &item.token;
        if token.kind() != SyntaxKind::CARD {
            continue;
        }
        let trick = tricks.len();
        let column = row.len();
        let seat = leader.map(|l| l.offset(column));
        let card = parse_card(token.text());
        let notes: Vec<u32> = item
            .annotations
            .iter()
            .filter(|a| a.kind() == SyntaxKind::NOTE_REF)
            .filter_map(|a| {
                let number = note_ref_number(a.text())?;
                model.note_refs.push(NoteRef {
                    number,
                    range: a.text_range(),
                    section: SectionKind::Play,
                    target: token.text_range(),
                });
                Some(number)
            })
            .collect();
        cards.push(CardItem {
            range: token.text_range(),
            card,
            seat,
            trick,
            notes,
        });
        row.push((seat, card));
        row_end = item.range().end();
        if row.len() == 4 {
            finish_row(&mut row, &mut tricks, &mut trick_leader, row_end);
        }
    }
    if !row.is_empty() {
        finish_row(&mut row, &mut tricks, &mut trick_leader, row_end);
    }
    PlayModel {
        range: section.syntax().text_range(),
        leader,
        cards,
        tricks,
    }
}

/// The cards `seat` still holds after the cards of the play before trick `trick`, column
/// `column`, and which of them it may play there (following the suit led when it can).
pub fn playable_at(model: &GameModel, trick: usize, column: usize) -> Option<(Seat, Vec<Card>)> {
    let play = model.play.as_ref()?;
    let seat = play.leader?.offset(column);
    let mut hand = model.deal?.hand(seat)?;
    for item in &play.cards {
        let before = item.trick < trick;
        if before && item.seat == Some(seat) {
            if let Some(card) = item.card {
                hand.remove(card);
            }
        }
    }
    let trick_leader = play.tricks.get(trick).and_then(|t| t.leader).or_else(|| {
        if trick == 0 {
            play.leader
        } else {
            play.tricks.get(trick - 1).and_then(|t| t.winner)
        }
    });
    let led = trick_leader.filter(|&l| l != seat).and_then(|l| {
        play.cards
            .iter()
            .find(|c| c.trick == trick && c.seat == Some(l))
            .and_then(|c| c.card)
    });
    let mut cards: Vec<Card> = hand.iter().collect();
    if let Some(led) = led {
        if hand.has_suit(led.suit) {
            cards.retain(|c| c.suit == led.suit);
        }
    }
    Some((seat, cards))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::syntax::Parse;

    pub(crate) const GAME: &str = "[Board \"7\"]\n[Dealer \"N\"]\n[Vulnerable \"NS\"]\n[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n[Declarer \"N\"]\n[Contract \"4SX\"]\n[Result \"10\"]\n[Auction \"N\"]\n1S =1= Pass 4S X\nAP\n[Note \"1:five cards\"]\n[Play \"E\"]\nCA CT C5 C2\nH7 H4 HA HT\n";

    pub(crate) fn game(text: &str) -> SyntaxNode {
        let parse = Parse::new(text);
        parse.chunk_at(0).unwrap().0
    }

    #[test]
    fn lowers_deal_auction_and_play() {
        let model = lower(&game(GAME));
        assert_eq!(model.dealer, Some(Seat::North));
        let deal = model.deal.unwrap();
        assert_eq!(deal.hand(Seat::North).unwrap().hcp(), 10);
        assert_eq!(deal.hand(Seat::East).unwrap().hcp(), 10);
        let auction = model.auction.as_ref().unwrap();
        assert_eq!(auction.calls.len(), 7);
        assert_eq!(auction.calls[3].call, Some(Call::Double));
        assert_eq!(auction.calls[3].seat, Some(Seat::West));
        assert!(auction.calls.iter().all(|c| c.legal));
        assert_eq!(auction.calls[0].notes, vec![1]);
        assert_eq!(
            model.note(SectionKind::Auction, 1).unwrap().text,
            "five cards"
        );
        let play = model.play.as_ref().unwrap();
        assert_eq!(play.tricks.len(), 2);
        // Columns follow the opening leader (E S W N): East's CA wins the first trick, West's
        // HA the second.
        assert_eq!(play.tricks[0].winner, Some(Seat::East));
        assert_eq!(play.tricks[1].leader, Some(Seat::East));
        assert_eq!(play.tricks[1].winner, Some(Seat::West));
        let (seat, cards) = playable_at(&model, 2, 0).unwrap();
        assert_eq!(seat, Seat::East);
        assert_eq!(cards.len(), 11);
    }

    #[test]
    fn reads_calls_and_cards_in_any_case() {
        assert_eq!(parse_call("pass"), Some(Call::Pass));
        assert_eq!(
            parse_call("3nt").map(|c| c.to_string()).as_deref(),
            Some("3NT")
        );
        assert_eq!(parse_call("8S"), None);
        assert_eq!(
            parse_card("hT").map(|c| c.to_string()).as_deref(),
            Some("HT")
        );
        assert_eq!(parse_card("H10"), None);
        assert_eq!(note_ref_number("=12="), Some(12));
        assert_eq!(parse_note("2:a:b"), Some((2, "a:b".to_string())));
    }
}
