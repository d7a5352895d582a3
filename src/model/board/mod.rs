//! The board model every notation is read into, and its source map: the Deal ([`deal`]), the
//! Auction ([`auction`]) and the Play ([`play`]) read as the checks read them, the context they
//! are read against and the [`BoardModel`] that holds them all ([`context`]), a game's
//! descriptive facts and commentary (`facts`), and the [`SourceMap`] the editor reads beside
//! the model ([`source_map`]): its tags, hands and notes, each with its range. The calls and
//! cards keep their ranges in the model alone; the editor's views of them, with their seats,
//! tricks and notes, are made when asked ([`BoardModel::auction_view`],
//! [`BoardModel::play_view`]). A PBN game is read from its tree here; an RBN record or a LIN
//! board is lowered into the same model piece by piece (`lowering`).
//!
//! Everything works on one game's tree (rooted at the game's start) and never fails: what cannot
//! be read is left out.

use crate::bridge::{Call, Card, Deal, Seat};
pub mod annotations;
pub mod auction;
pub mod context;
pub mod deal;
pub(crate) mod facts;
pub mod irregularity;
pub(crate) mod lowering;
pub mod misreading;
pub mod play;
pub(crate) mod section;
pub mod source_map;
pub(crate) mod tag_entries;

pub use context::BoardModel;
pub(crate) use source_map::written_before;
pub use source_map::{
    AuctionView, CallView, CardView, Note, NoteRef, PlayView, SectionKind, SourceMap, Tag,
    TrickView, Turn,
};

use crate::syntax::pbn::ast::{Game, Section};
use crate::syntax::{SyntaxKind, SyntaxNode, TextRange, TextSize};

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

/// Reads the key tags, the Deal and the Auction and Play sections of `game` as the checker
/// reads them, without judging anything (the problems of reading are left to the checker).
pub fn read_sections(game: &Game, inherited: &crate::model::Inheritance) -> BoardModel {
    let entries = tag_entries::read_tag_entries(game.tag_pairs(), inherited);
    // The problems of reading are the checker's to report: this reading does not judge.
    let mut misreadings = Vec::new();
    let mut model = BoardModel::from_key_tags(
        context::KeyTags::of_entries(&entries),
        false,
        &mut misreadings,
    );
    for section in game.sections() {
        model.read_section(&section, &mut misreadings);
    }
    model
}

/// Lowers a game node (rooted at the game's start) for the editor: its model as the checks read
/// it ([`read_sections`]) with its source map: its tags, hands and notes.
pub fn lower(node: &SyntaxNode) -> BoardModel {
    match Game::cast(node.clone()) {
        Some(game) => lower_game(&game, &crate::model::Inheritance::default()),
        None => BoardModel::default(),
    }
}

/// A game read whole, for what writes or shows it (conversion, the preview, double dummy): its
/// model as the checks read it, `#` and `##` followed from `inherited`, with its hidden hands and
/// notes (not the rest of the editor's source map), its descriptive facts, its commentary, and,
/// when it has no Contract tag, the contract its finished auction gives.
pub fn read_board(game: &Game, inherited: &crate::model::Inheritance) -> BoardModel {
    // What writing and showing a board read of the map: the hidden hands and the notes (not
    // the tags and views the editor looks things up in).
    let mut model = read_sections(game, inherited);
    model.map.hidden = hidden_seats(game);
    lower_first_notes(game, &mut model.map);
    model.facts = facts::read_facts(game, inherited);
    model.commentary = facts::read_commentary(game);
    model.vacant = facts::read_vacant(game);
    model.tables = facts::read_tables(game);
    if model.context.contract.is_none() {
        // Conversion writes the contract the auction gives (the play needs the trumps to know
        // who won each trick); the checks never read this model.
        if let Some(auction) = &model.auction {
            if let (Some(contract), Some(declarer)) = (auction.contract, auction.declarer) {
                model.context.contract =
                    Some(crate::model::values::ContractValue::Contract(contract));
                model.context.declarer = Some(context::DeclarerValue {
                    seat: declarer,
                    swapped: false,
                });
            }
        }
    }
    model
}

/// [`lower`] of a game with what earlier games hand down.
fn lower_game(game: &Game, inherited: &crate::model::Inheritance) -> BoardModel {
    let mut model = read_sections(game, inherited);
    let map = &mut model.map;
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
        map.tags.push(lowered);
    }
    map.hidden = hidden_seats(game);
    lower_first_notes(game, map);
    let dealer = model.context.dealer;
    // The Deal as the checks read it; one they leave unread (empty, `?`, `#`) is read here all
    // the same, for what the editor can still show of it.
    match &model.deal {
        Some(deal) => view_deal(deal, dealer, &mut model.map),
        None => {
            if let Some(value) = deal_node {
                view_deal(
                    &deal::lower_deal(&value, &mut Vec::new()),
                    dealer,
                    &mut model.map,
                );
            }
        }
    }
    model
}

/// The seats the first Hidden tag of `game` hides.
fn hidden_seats(game: &Game) -> Vec<Seat> {
    game.tag_pairs()
        .find(|t| t.is_named("Hidden"))
        .and_then(|t| t.value())
        .map(|v| {
            v.chars()
                .filter_map(|c| Seat::from_char(c.to_ascii_uppercase()))
                .collect()
        })
        .unwrap_or_default()
}

/// The notes of the first Auction and the first Play section, and the references to them (only
/// those count, as for the checks).
fn lower_first_notes(game: &Game, map: &mut SourceMap) {
    let (mut auction_seen, mut play_seen) = (false, false);
    for section in game.sections() {
        match section.kind() {
            SyntaxKind::AUCTION_SECTION if !auction_seen => {
                auction_seen = true;
                lower_notes(&section, SectionKind::Auction, map);
            }
            SyntaxKind::PLAY_SECTION if !play_seen => {
                play_seen = true;
                lower_notes(&section, SectionKind::Play, map);
            }
            _ => {}
        }
    }
}

impl BoardModel {
    /// The auction as the editor reads it: every call with its range, seat, legality and
    /// notes. Made from the model when asked (the model holds each call's range once).
    pub fn auction_view(&self) -> Option<AuctionView> {
        let auction = self.auction.as_ref()?;
        Some(view_auction(auction, &self.map.note_refs))
    }

    /// The play as the editor reads it: every card with its range, seat, trick and notes, and
    /// each trick's leader and winner (a play whose leader is unknown included).
    pub fn play_view(&self) -> Option<PlayView> {
        let play = self.play.as_ref().or(self.unled_play.as_ref())?;
        Some(view_play(play, &self.map.note_refs))
    }
}

/// A board another notation's reader lowered ([`lowering`]), with the hands the editor draws,
/// so that it answers about the board as about a game. It has no tags; what has no place in
/// the source stands at [`NOWHERE`].
pub(crate) fn with_editor_views(mut model: BoardModel) -> BoardModel {
    if let Some(deal) = &model.deal {
        view_hands(deal, model.context.dealer, &mut model.map);
    }
    model
}

/// The hands as the Deal gives them (unreadable ranks left out), with each hand's range.
fn view_deal(deal: &deal::DealModel, dealer: Option<Seat>, map: &mut SourceMap) {
    let first = deal.first.or(dealer).unwrap_or(Seat::North);
    for (i, hand) in deal.text.hands.iter().take(4).enumerate() {
        map.hand_ranges.push((first.offset(i), hand.range));
    }
    view_hands(deal, dealer, map);
}

/// The hands as the Deal gives them (unreadable ranks left out), turned to the seat they are
/// counted from.
fn view_hands(deal: &deal::DealModel, dealer: Option<Seat>, map: &mut SourceMap) {
    let first = deal.first.or(dealer).unwrap_or(Seat::North);
    let mut hands = deal.hands;
    if deal.first.is_none() {
        // The hands were read counting from North: turn them to the seat assumed here.
        hands = std::array::from_fn(|i| deal.hands[(i + 4 - first.index()) % 4]);
    }
    map.hands = Some(Deal::from_hands(hands));
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
                card: slot.written_card(),
                seat: (seats_known && slot.is_seated()).then_some(slot.seat),
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
fn collect_note_refs(section: &Section, kind: SectionKind, map: &mut SourceMap) {
    let green = section.syntax().green();
    for item in section.items(&green) {
        for a in item
            .annotations
            .iter()
            .filter(|a| a.kind() == SyntaxKind::NOTE_REF)
        {
            if let Some(number) = note_ref_number(a.text()) {
                map.note_refs.push(NoteRef {
                    number,
                    range: a.text_range(),
                    section: kind,
                    target: item.token.text_range(),
                });
            }
        }
    }
}

fn lower_notes(section: &Section, kind: SectionKind, map: &mut SourceMap) {
    for note in section.notes() {
        if let Some((number, text)) = note.value().as_deref().and_then(parse_note) {
            map.notes.push(Note {
                number,
                text,
                range: note.syntax().text_range(),
                section: kind,
            });
        }
    }
    collect_note_refs(section, kind, map);
}

/// The cards `seat` may play to trick `trick` (from 0): its hand less the cards it played to the
/// tricks before, and of those only the suit led to `trick` when it holds that suit. A game
/// with no play yet gives the whole hand. `None` when the hand is unknown.
pub(crate) fn playable(model: &BoardModel, trick: usize, seat: Seat) -> Option<Vec<Card>> {
    let mut hand = model.map.hands?.hand(seat)?;
    let view = model.play_view();
    let cards = view.iter().flat_map(|p| &p.cards);
    for played in cards
        .clone()
        .filter(|c| c.trick < trick && c.seat == Some(seat))
    {
        if let Some(card) = played.card {
            hand.remove(card);
        }
    }
    let leader = view.as_ref().and_then(|p| p.leader_of(trick));
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
    model: &BoardModel,
    trick: usize,
    column: usize,
) -> Option<(Seat, Vec<Card>)> {
    let seat = model.play_view()?.leader?.offset(column);
    Some((seat, playable(model, trick, seat)?))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn reads_key_tags_wherever_they_stand() {
        // A Declarer followed by stray text opens a supplemental section of its own (the corpus
        // has one: a comment with a brace inside): it is read all the same, as the checker reads
        // it.
        let text = "[Dealer \"N\"]\n[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n[Auction \"N\"]\n1D Pass 3D AP\n[Contract \"3D\"]\n[Declarer \"E\"]\n{a {nested} comment}\n}\n[Play \"S\"]\nD2 D3 D4 D5\n";
        let parse = Parse::new(text);
        let game = parse.syntax().children().find_map(Game::cast).unwrap();
        let sections = read_sections(&game, &crate::model::Inheritance::default());
        let ctx = &sections.context;
        assert_eq!(ctx.declarer_seat(), Some(Seat::East));
        assert_eq!(ctx.dealer, Some(Seat::North));
        assert!(ctx.deal_is_valid);
        let auction = sections.auction.unwrap();
        assert_eq!(
            auction
                .contract
                .map(|c: crate::bridge::Contract| c.to_string())
                .as_deref(),
            Some("3D")
        );
        let play = sections.play.unwrap();
        assert_eq!(play.declarer, Some(Seat::East));
        assert_eq!(play.tricks.len(), 1);
    }
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
        let deal = model.map.hands.unwrap();
        assert_eq!(deal.hand(Seat::North).unwrap().hcp(), 10);
        assert_eq!(deal.hand(Seat::East).unwrap().hcp(), 10);
        let auction = model.auction_view().unwrap();
        assert_eq!(auction.calls.len(), 7);
        assert_eq!(auction.calls[3].call, Some(Call::Double));
        assert_eq!(auction.calls[3].seat, Some(Seat::West));
        assert!(auction.calls.iter().all(|c| c.legal));
        assert_eq!(auction.calls[0].notes, vec![1]);
        assert_eq!(
            model.map.note(SectionKind::Auction, 1).unwrap().text,
            "five cards"
        );
        let play = model.play_view().unwrap();
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
