//! A PBN game lowered: the Deal ([`deal`]), the Auction ([`auction`]) and the Play ([`play`])
//! read as the checks read them, the context they are read against ([`context`]), the board
//! record conversion reads ([`record`]), and [`GameModel`], the editor's view of one game: its
//! tags, deal, calls and cards with their seats, tricks and notes, each with its range.
//!
//! Everything works on one game's tree (rooted at the game's start) and never fails: what cannot
//! be read is left out.

use crate::bridge::{self, Call, Card, Deal, Seat, Suit, Vulnerability};
pub mod annotations;
pub mod auction;
pub mod context;
pub mod deal;
pub mod play;
pub(crate) mod record;
pub(crate) mod section;

use crate::model::board::{Annotation, Board, NOWHERE};
use crate::model::values::ContractValue;
use crate::syntax::ast::{Game, Section};
use crate::syntax::{SyntaxKind, SyntaxNode, TextRange, TextSize};
use context::GameContext;

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
pub struct CallView {
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

/// The editor's view of the auction section (read in [`auction`]): every call with its seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuctionView {
    /// The whole section.
    pub range: TextRange,
    /// The seat of the first call.
    pub first: Option<Seat>,
    /// The calls in order (`AP` gives the passes it stands for, all with its range).
    pub calls: Vec<CallView>,
}

/// Whether an item read from `range` is written before the place `before`: it ends there or
/// earlier, and is not an empty value being typed at `before` (such as LIN's `pc|` with the
/// cursor after the bar).
pub(crate) fn written_before(range: TextRange, before: TextSize) -> bool {
    range.end() <= before && range.start() < before
}

impl AuctionView {
    /// The auction followed through the calls written before `before` (a placeholder or an
    /// unreadable call passes the turn on); `None` when the first seat is unknown.
    pub fn followed_before(&self, before: TextSize) -> Option<bridge::Auction> {
        let mut state = bridge::Auction::new(self.first?);
        for call in self
            .calls
            .iter()
            .filter(|c| written_before(c.range, before))
        {
            match call.call {
                Some(c) => {
                    let _ = state.push(c);
                }
                None => state.skip_turn(),
            }
        }
        Some(state)
    }

    /// The whole auction followed, as far as it is written; `None` when the first seat is
    /// unknown.
    pub fn followed(&self) -> Option<bridge::Auction> {
        self.followed_before(TextSize::from(u32::MAX))
    }
}

/// A card of the play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardView {
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
pub struct TrickView {
    /// Who led to it, when known.
    pub leader: Option<Seat>,
    /// Who won it, when all four cards and the leader are known.
    pub winner: Option<Seat>,
    /// The end of the trick's last item (card and its annotations).
    pub end: TextSize,
    /// Whether all four cards are written.
    pub complete: bool,
}

/// The editor's view of the play section (read in [`play`]): every card with its seat and trick.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayView {
    /// The whole section.
    pub range: TextRange,
    /// The opening leader.
    pub leader: Option<Seat>,
    /// The cards in text order.
    pub cards: Vec<CardView>,
    /// The tricks in order.
    pub tricks: Vec<TrickView>,
}

/// A place in the order of play: a trick and a card of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    /// The trick, from 0.
    pub trick: usize,
    /// The card of the trick, from 0 (the lead).
    pub place: usize,
    /// Who plays it.
    pub seat: Seat,
}

impl PlayView {
    /// Who leads to trick `trick` (from 0): as read, else the opening leader to the first trick
    /// and the winner of the trick before to any other.
    pub fn leader_of(&self, trick: usize) -> Option<Seat> {
        let read = self.tricks.get(trick).and_then(|t| t.leader);
        read.or_else(|| match trick.checked_sub(1) {
            None => self.leader,
            Some(before) => self.tricks.get(before).and_then(|t| t.winner),
        })
    }

    /// The turn that follows the cards written before `before`, taken in the order of play
    /// (as RBN and LIN write them); `None` when who plays it is unknown.
    pub fn turn_after(&self, before: TextSize) -> Option<Turn> {
        let count = self
            .cards
            .iter()
            .filter(|c| written_before(c.range, before))
            .count();
        let (trick, place) = (count / 4, count % 4);
        let seat = self.leader_of(trick)?.offset(place);
        Some(Turn { trick, place, seat })
    }
}

/// A game lowered for the features.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameModel {
    /// Every tag pair in text order (section tags and notes included).
    pub tags: Vec<Tag>,
    /// What the key tags say, read once as the checks read them (with the dealer, vulnerability,
    /// declarer and contract the methods below give).
    pub context: GameContext,
    /// The hands, as well as the Deal can be read.
    pub deal: Option<Deal>,
    /// The ranges of the hands in the Deal, by seat.
    pub hand_ranges: Vec<(Seat, TextRange)>,
    /// Seats the Hidden tag hides.
    pub hidden: Vec<Seat>,
    /// The auction section.
    pub auction: Option<AuctionView>,
    /// The play section.
    pub play: Option<PlayView>,
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

    /// The dealer, when the Dealer tag is readable.
    pub fn dealer(&self) -> Option<Seat> {
        self.context.dealer
    }

    /// The vulnerability, when the Vulnerable tag is readable.
    pub fn vulnerability(&self) -> Option<Vulnerability> {
        self.context.vulnerability
    }

    /// The declarer the Declarer tag names (`^` for a swapped dummy set aside).
    pub fn declarer(&self) -> Option<Seat> {
        self.context.declarer_seat()
    }

    /// The contract the Contract tag gives.
    pub fn contract(&self) -> Option<ContractValue> {
        self.context.contract
    }

    /// The tricks the Result gives declarer.
    pub fn declarer_tricks(&self) -> Option<u8> {
        self.context.result?.declarer_tricks(self.declarer())
    }

    /// The trump suit of the contract (`None` in no trump or when unknown).
    pub fn trump(&self) -> Option<Suit> {
        match self.contract()? {
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

/// Reads a call token with the meaning the checks give it (non-standard spellings such as `P`,
/// `Dbl` or `1N` included); `None` for `-`, `AP` and what is no call.
pub(crate) fn parse_call(text: &str) -> Option<Call> {
    match auction::read_call(text) {
        Ok(auction::CallToken::Call(call)) | Err(Some((auction::CallToken::Call(call), _))) => {
            Some(call)
        }
        _ => None,
    }
}

/// Reads a card token with the meaning the checks give it (`S10`, `KS` included); `None` for
/// `-` and what is no card.
pub(crate) fn parse_card(text: &str) -> Option<Card> {
    match play::read_card(text) {
        Ok(card) => card,
        Err(card) => card,
    }
}

/// Reads the number of a note reference `=n=`.
pub(crate) fn note_ref_number(text: &str) -> Option<u32> {
    text.strip_prefix('=')?.strip_suffix('=')?.parse().ok()
}

/// Reads a Note value `n:text` into its number and text.
pub(crate) fn parse_note(value: &str) -> Option<(u32, String)> {
    let (number, text) = value.split_once(':')?;
    Some((number.trim().parse().ok()?, text.to_string()))
}

/// Lowers a game node (rooted at the game's start): its tags, and its deal, auction and play as
/// the checks read them ([`context::read_sections`]), in the editor's view.
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
        }
        model.tags.push(lowered);
    }
    model.hidden = model
        .value("Hidden")
        .map(|v| {
            v.chars()
                .filter_map(|c| Seat::from_char(c.to_ascii_uppercase()))
                .collect()
        })
        .unwrap_or_default();
    // Only the first Auction and the first Play count, as for the checks.
    let (mut auction_seen, mut play_seen) = (false, false);
    for section in game.sections() {
        match section.kind() {
            SyntaxKind::AUCTION_SECTION if !auction_seen => {
                auction_seen = true;
                lower_notes(&section, SectionKind::Auction, &mut model);
            }
            SyntaxKind::PLAY_SECTION if !play_seen => {
                play_seen = true;
                lower_notes(&section, SectionKind::Play, &mut model);
            }
            _ => {}
        }
    }
    let sections = context::read_sections(&game, &crate::model::Inheritance::default());
    model.context = sections.context;
    // The Deal as the sections read it; one they leave unread (empty, `?`, `#`) is read here
    // all the same, for what the editor can still show of it.
    let deal = match sections.deal {
        Some(deal) => Some(deal),
        None => deal_node.map(|value| deal::lower_deal(&value, &mut Vec::new())),
    };
    if let Some(deal) = deal {
        view_deal(deal, &mut model);
    }
    if let Some(auction) = &sections.auction {
        model.auction = Some(view_auction(auction, &model.note_refs));
    }
    if let Some(play) = &sections.play {
        model.play = Some(view_play(play, &model.note_refs));
    }
    model
}

/// The editor's view of a board read from another notation (an RBN record, a LIN board), made
/// from the sections the checks judge ([`context::read_board_model`]), so that the editor
/// answers about it as about a game: its facts, its hands, its auction and play (the seats, the
/// legality of each call, the winner of each trick), and its notes with the calls and cards
/// that refer to them. It has no tags; what has no place in the source stands at [`NOWHERE`].
pub(crate) fn board_model(board: &Board) -> GameModel {
    let sections = context::read_board_model(board);
    let mut model = GameModel {
        context: sections.context,
        ..GameModel::default()
    };
    if let (Some(record), Some(deal)) = (&board.deal, sections.deal) {
        model.hidden = Seat::ALL
            .into_iter()
            .filter(|s| record.hidden[s.index()])
            .collect();
        view_deal(deal, &mut model);
    }
    if let Some(record) = &board.auction {
        board_notes(&record.notes, SectionKind::Auction, &mut model);
        for call in &record.calls {
            board_note_ref(
                &call.annotation,
                call.origin,
                SectionKind::Auction,
                &mut model,
            );
        }
    }
    if let Some(record) = &board.play {
        board_notes(&record.notes, SectionKind::Play, &mut model);
        for card in record.tricks.iter().flatten() {
            board_note_ref(&card.annotation, card.origin, SectionKind::Play, &mut model);
        }
    }
    model.auction = sections.auction.map(|a| view_auction(&a, &model.note_refs));
    model.play = sections.play.map(|p| view_play(&p, &model.note_refs));
    model
}

/// The notes of a board's auction or play.
fn board_notes(notes: &[(u8, String)], section: SectionKind, model: &mut GameModel) {
    for (number, text) in notes {
        model.notes.push(Note {
            number: u32::from(*number),
            text: text.clone(),
            range: NOWHERE,
            section,
        });
    }
}

/// The note reference of a board's call or card read from `origin`, when it has both.
fn board_note_ref(
    annotation: &Annotation,
    origin: Option<TextRange>,
    section: SectionKind,
    model: &mut GameModel,
) {
    if let (Some(number), Some(range)) = (annotation.note, origin) {
        model.note_refs.push(NoteRef {
            number: u32::from(number),
            range,
            section,
            target: range,
        });
    }
}

/// The hands as the Deal gives them (unreadable ranks left out), with each hand's range.
fn view_deal(deal: deal::DealModel, model: &mut GameModel) {
    let first = deal.first.or(model.dealer()).unwrap_or(Seat::North);
    for (i, hand) in deal.text.hands.iter().take(4).enumerate() {
        model.hand_ranges.push((first.offset(i), hand.range));
    }
    let mut hands = deal.hands;
    if deal.first.is_none() {
        // The hands were read counting from North: turn them to the seat assumed here.
        hands = std::array::from_fn(|i| deal.hands[(i + 4 - first.index()) % 4]);
    }
    model.deal = Some(Deal::from_hands(hands));
}

/// The note numbers referred to from the call or card at `target`.
fn notes_of(note_refs: &[NoteRef], target: TextRange) -> Vec<u32> {
    note_refs
        .iter()
        .filter(|r| r.target == target)
        .map(|r| r.number)
        .collect()
}

/// The editor's view of an auction: the placeholders, the calls and the passes `AP` stands
/// for, in text order.
fn view_auction(auction: &auction::AuctionModel, note_refs: &[NoteRef]) -> AuctionView {
    let first = auction.head.seat.or(auction.dealer);
    let mut calls: Vec<CallView> = Vec::with_capacity(auction.calls.len() + 4);
    for (i, &range) in auction.placeholders.iter().enumerate() {
        calls.push(CallView {
            range,
            call: None,
            seat: first.map(|s| s.offset(i)),
            legal: true,
            notes: notes_of(note_refs, range),
        });
    }
    for entry in &auction.calls {
        calls.push(CallView {
            range: entry.range,
            call: Some(entry.call),
            seat: entry.seat,
            legal: entry.legal,
            notes: notes_of(note_refs, entry.range),
        });
    }
    if let Some(range) = auction.all_pass {
        for &seat in &auction.all_pass_seats {
            calls.push(CallView {
                range,
                call: Some(Call::Pass),
                seat,
                legal: true,
                notes: notes_of(note_refs, range),
            });
        }
    }
    // Calls after `AP` (given after the end) stand after its passes.
    calls.sort_by_key(|c| c.range.start());
    AuctionView {
        range: auction.head.range,
        first,
        calls,
    }
}

/// The editor's view of a play: the cards in text order with their seats and tricks.
fn view_play(play: &play::PlayModel, note_refs: &[NoteRef]) -> PlayView {
    let seats_known = play.opening_leader.is_some();
    let mut cards = Vec::new();
    let mut tricks = Vec::with_capacity(play.tricks.len());
    for (index, trick) in play.tricks.iter().enumerate() {
        let mut end = TextSize::from(0);
        for slot in &trick.cards {
            end = end.max(slot.annotations().extent(slot.range).end());
            if slot.kind == play::SlotKind::Continue {
                continue;
            }
            cards.push(CardView {
                range: slot.range,
                card: slot.card(),
                seat: seats_known.then_some(slot.seat),
                trick: index,
                notes: notes_of(note_refs, slot.range),
            });
        }
        tricks.push(TrickView {
            leader: trick.leader,
            winner: trick.winner,
            end,
            complete: trick.complete,
        });
    }
    cards.sort_by_key(|c| c.range.start());
    PlayView {
        range: play.head.range,
        leader: play.opening_leader,
        cards,
        tricks,
    }
}

/// The note references of a section, each with the call or card it follows.
fn collect_note_refs(section: &Section, kind: SectionKind, model: &mut GameModel) {
    let green = section.syntax().green();
    for item in section.items(&green) {
        for a in item
            .annotations
            .iter()
            .filter(|a| a.kind() == SyntaxKind::NOTE_REF)
        {
            if let Some(number) = note_ref_number(a.text()) {
                model.note_refs.push(NoteRef {
                    number,
                    range: a.text_range(),
                    section: kind,
                    target: item.token.text_range(),
                });
            }
        }
    }
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
    collect_note_refs(section, kind, model);
}

/// The cards `seat` may play to trick `trick` (from 0): its hand less the cards it played to the
/// tricks before, and of those only the suit led to `trick` when it holds that suit. A game
/// with no play yet gives the whole hand. `None` when the hand is unknown.
pub(crate) fn playable(model: &GameModel, trick: usize, seat: Seat) -> Option<Vec<Card>> {
    let mut hand = model.deal?.hand(seat)?;
    let cards = model.play.iter().flat_map(|p| &p.cards);
    for played in cards
        .clone()
        .filter(|c| c.trick < trick && c.seat == Some(seat))
    {
        if let Some(card) = played.card {
            hand.remove(card);
        }
    }
    let leader = model.play.as_ref().and_then(|p| p.leader_of(trick));
    let led = leader.filter(|&l| l != seat).and_then(|l| {
        cards
            .clone()
            .find(|c| c.trick == trick && c.seat == Some(l))
            .and_then(|c| c.card)
    });
    let mut playable: Vec<Card> = hand.iter().collect();
    if let Some(led) = led.filter(|led| hand.has_suit(led.suit)) {
        playable.retain(|c| c.suit == led.suit);
    }
    Some(playable)
}

/// The cards the player in column `column` (0 for the opening leader's) of trick `trick` of a
/// PBN play section may play there, with that player.
pub(crate) fn playable_at(
    model: &GameModel,
    trick: usize,
    column: usize,
) -> Option<(Seat, Vec<Card>)> {
    let seat = model.play.as_ref()?.leader?.offset(column);
    Some((seat, playable(model, trick, seat)?))
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

    /// The first section of the first game of `text`.
    pub(crate) fn first_section(text: &str) -> Section {
        let game = Game::cast(game(text)).expect("game");
        let section = game.sections().next().expect("section");
        section
    }

    #[test]
    fn lowers_deal_auction_and_play() {
        let model = lower(&game(GAME));
        assert_eq!(model.dealer(), Some(Seat::North));
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
    fn reads_calls_and_cards_as_the_checks_do() {
        assert_eq!(parse_call("pass"), Some(Call::Pass));
        // The spellings the checks report but read (A301, P501) mean the same here.
        assert_eq!(parse_call("P"), Some(Call::Pass));
        assert_eq!(parse_call("Dbl"), Some(Call::Double));
        assert_eq!(
            parse_call("1N").map(|c| c.to_string()).as_deref(),
            Some("1NT")
        );
        assert_eq!(parse_call("AP"), None);
        assert_eq!(parse_call("allpass"), None);
        assert_eq!(
            parse_call("3nt").map(|c| c.to_string()).as_deref(),
            Some("3NT")
        );
        assert_eq!(parse_call("8S"), None);
        assert_eq!(
            parse_card("hT").map(|c| c.to_string()).as_deref(),
            Some("HT")
        );
        assert_eq!(
            parse_card("H10").map(|c| c.to_string()).as_deref(),
            Some("HT")
        );
        assert_eq!(parse_card("-"), None);
        assert_eq!(parse_card("H1"), None);
        assert_eq!(note_ref_number("=12="), Some(12));
        assert_eq!(parse_note("2:a:b"), Some((2, "a:b".to_string())));
    }
}
