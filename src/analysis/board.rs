//! Checking a board read from another notation (an RBN record, a LIN board): the D, A, N, P, X
//! and G checks of PBN, run on the same models.
//!
//! The board is read into the same `BoardModel` a PBN game is (`model::board::lowering`), each
//! piece placed at its origin in the source, and judged by the same rules (`deal`,
//! `auction`, `play`, `cross`); its note references are checked against its notes
//! (`notes::check_board_notes`), and its facts give the cross-checks. No bridge rule is written twice. A finding about a piece
//! with no place in the source (a value carried over from an earlier record, which was checked
//! there) is not shown; nor is a related place that has none.

use super::cross::{CrossTags, Value};
use super::notes::check_board_notes;
use super::rules::{judge, Judged};
use crate::diagnostic::Code;
use crate::diagnostic::Diagnostic;
use crate::model::board::BoardModel;
use crate::model::written::NOWHERE;
use crate::syntax::TextRange;

/// The diagnostics of a board read from the notation with catalogue letter `notation` (RBN's
/// `R`, LIN's `L`), placed on its source: those of the codes the catalogue reports in that
/// notation. Their PBN spelling fixes have nothing to mend in the source and are dropped.
pub(crate) fn check_board(board: &BoardModel, notation: char) -> Vec<Diagnostic> {
    judge_models(board)
        .into_iter()
        .filter(|d| kept(d, board, notation) && is_placed(d.range))
        .map(|mut d| {
            d.related.retain(|r| is_placed(r.range));
            d.fixes.clear();
            d
        })
        .collect()
}

/// Whether a range lies on the source: a piece with no place there stands at [`NOWHERE`], and a
/// range that covers one runs up to it.
fn is_placed(range: TextRange) -> bool {
    range.end() < NOWHERE.start()
}

/// Whether a finding on `board` is kept: of a code the notation reports, and no rotation finding
/// when the board gives no number.
fn kept(d: &Diagnostic, board: &BoardModel, notation: char) -> bool {
    d.code.applies_to(notation) && !(d.code == Code::X802 && board.fact("Board").is_none())
}

/// The descriptive facts of a board the cross-checks compare with it, each at its origin.
pub(crate) fn cross_tags(board: &BoardModel) -> CrossTags<'_> {
    let info = |name: &str| {
        board.facts.iter().find(|i| i.name == name).map(|i| Value {
            text: i.value.as_str(),
            range: i.origin.unwrap_or(NOWHERE),
        })
    };
    CrossTags {
        board: info("Board"),
        vulnerable: board.vulnerability().map(|v| Value {
            text: v.pbn(),
            range: board
                .context
                .vulnerable_tag
                .as_ref()
                .map_or(NOWHERE, |t| t.range),
        }),
        score: info("Score"),
        scoring: info("Scoring"),
        rubber_history: info("ScoreRubberHistory"),
    }
}

/// The diagnostics the rules find on the board's model, each at the origin of the piece it is
/// about ([`NOWHERE`] for a piece with none), and those of its note references.
fn judge_models(board: &BoardModel) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let tags = cross_tags(board);
    judge(&Judged { board, tags }, &mut out);
    check_board_notes(board, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::CheckOptions;
    use crate::bridge::{Bid, Call, Card, Contract, Denomination, Hand, Risk, Seat, Vulnerability};
    use crate::model::board::context::KEY_TAGS;
    use crate::model::board::SectionKind;
    use crate::model::values::{suffix_nag, ContractValue};
    use crate::model::written::{
        placed, Annotation, CallItem, CallKind, CardItem, CardKind, Info, Origin,
    };
    use crate::notation::Notation;
    use crate::testing::corpus_boards;

    /// The hands as a reader hands them on: the seat written first, the hands (N, E, S, W),
    /// which are hidden, where each hand and the whole deal stand.
    type WrittenDeal = (Seat, [Option<Hand>; 4], [bool; 4], [Origin; 4], Origin);

    /// The play as a reader hands it on: the leader, the tricks in the order of play, the
    /// notes, where the whole play stands.
    type WrittenPlay = (Option<Seat>, Vec<Vec<CardItem>>, Vec<(u8, String)>, Origin);

    /// The auction as a reader hands it on: the calls as written and the notes.
    type WrittenAuction = (Vec<CallItem>, Vec<(u8, String)>);

    /// A board as its reader hands it to the model, piece by piece: taken from a board's model
    /// ([`Pieces::of`]), changed at random, and lowered again ([`Pieces::lower`]) as a reader
    /// lowers what it reads.
    #[derive(Debug, Clone, Default)]
    struct Pieces {
        facts: Vec<Info>,
        dealer: Option<(Seat, Origin)>,
        vulnerability: Option<(Vulnerability, Origin)>,
        deal: Option<WrittenDeal>,
        auction: Option<WrittenAuction>,
        contract: Option<(ContractValue, Option<Seat>, Origin)>,
        play: Option<WrittenPlay>,
        result: Option<(u8, Origin)>,
    }

    impl Pieces {
        /// The pieces of a board's model, as written.
        fn of(model: &BoardModel) -> Pieces {
            let context = &model.context;
            let at = |tag: &Option<crate::model::board::context::TagValue>| {
                tag.as_ref().and_then(|t| placed(t.tag_range))
            };
            let deal = model.deal.as_ref().map(|deal| {
                let mut origins: [Origin; 4] = [None; 4];
                for &(seat, range) in &model.map.hand_ranges {
                    origins[seat.index()] = Some(range);
                }
                let first = deal.first.unwrap_or(Seat::North);
                (
                    first,
                    deal.hands,
                    model.hidden(),
                    origins,
                    at(&context.deal_tag),
                )
            });
            let play = model.play_as_written().map(|play| {
                let leader = model.play.as_ref().and(play.head.seat);
                let notes = model.notes(SectionKind::Play);
                (leader, play.written(), notes, play.head.value_range)
            });
            Pieces {
                facts: model.facts.clone(),
                dealer: context.dealer.map(|s| (s, at(&context.dealer_tag))),
                vulnerability: context
                    .vulnerability
                    .map(|v| (v, at(&context.vulnerable_tag))),
                deal,
                auction: model
                    .auction
                    .as_ref()
                    .map(|a| (a.written(), model.notes(SectionKind::Auction))),
                contract: context
                    .contract
                    .map(|c| (c, model.declarer(), at(&context.contract_tag))),
                play,
                result: context
                    .result_tag
                    .as_ref()
                    .and_then(|t| Some((t.text.trim().parse().ok()?, placed(t.tag_range)))),
            }
        }

        /// The board's model, lowered from the pieces in the order the readers lower them.
        fn lower(&self) -> BoardModel {
            let mut model = BoardModel::default();
            for fact in &self.facts {
                model.set_fact(&fact.name, fact.value.clone(), fact.origin);
            }
            if let Some((seat, origin)) = self.dealer {
                model.set_dealer(seat, origin);
            }
            if let Some((vulnerability, origin)) = self.vulnerability {
                model.set_vulnerability(vulnerability, origin);
            }
            if let Some((first, hands, hidden, origins, origin)) = self.deal {
                model.set_deal(first, hands, hidden, origins, origin);
            }
            if let Some((calls, notes)) = &self.auction {
                model.set_auction(calls);
                model.add_notes(SectionKind::Auction, notes);
            }
            if let Some((contract, declarer, origin)) = self.contract {
                model.set_contract(contract, declarer, origin);
            }
            if let Some((leader, tricks, notes, origin)) = &self.play {
                model.set_play(*leader, tricks, *origin);
                model.add_notes(SectionKind::Play, notes);
            }
            if let Some((tricks, origin)) = self.result {
                model.set_result(tricks, origin);
            }
            model
        }
    }

    /// Whether the board's PBN conversion says what the board says, to the checks: its facts are
    /// plain values (no second context tag, no line ends), an auction has its dealer and a play
    /// its leader, its suffixes are PBN's, and its notes and note references match one to one (PBN
    /// judges its Note tags, which the board's reader numbered).
    fn converts_faithfully(board: &Pieces) -> bool {
        let plain = |text: &str| !text.chars().any(char::is_control);
        let facts_plain = board.facts.iter().all(|info| {
            // A context tag or a section's given again as a descriptive fact.
            let name = info.name.as_str();
            !KEY_TAGS.contains(&name)
                && !matches!(name, "Auction" | "Play" | "Note")
                && plain(&info.value)
        });
        // PBN gives no auction without a dealer, and no play without an opening leader.
        facts_plain
            && board.auction.as_ref().is_none_or(|(calls, notes)| {
                board.dealer.is_some() && auction_as_written(calls, notes)
            })
            && board
                .play
                .as_ref()
                .is_none_or(|(leader, tricks, notes, _)| {
                    leader.is_some() && play_as_written(tricks, notes)
                })
    }

    /// Whether an auction's annotations and notes are as [`converts_faithfully`] needs: the calls the
    /// conversion writes (up to `AP` or a quiz point) carry PBN suffixes and references to its notes.
    fn auction_as_written(calls: &[CallItem], notes: &[(u8, String)]) -> bool {
        let mut refs = Vec::new();
        for item in calls {
            if item.kind == CallKind::Query {
                break;
            }
            if !annotation_as_written(&item.annotation, &mut refs) {
                return false;
            }
            if item.kind == CallKind::AllPass {
                break;
            }
        }
        notes_match(notes, &refs)
    }

    /// [`auction_as_written`] for a play: every card has its seat, once a trick, and only known
    /// cards carry annotations.
    fn play_as_written(tricks: &[Vec<CardItem>], notes: &[(u8, String)]) -> bool {
        let mut refs = Vec::new();
        for trick in tricks {
            let mut seats = [false; 4];
            for item in trick {
                let Some(seat) = item.seat else { return false };
                if std::mem::replace(&mut seats[seat.index()], true) {
                    return false;
                }
                let bare = item.annotation == Annotation::default();
                if !bare && !matches!(item.kind, CardKind::Card(_)) {
                    return false;
                }
                if !annotation_as_written(&item.annotation, &mut refs) {
                    return false;
                }
            }
        }
        notes_match(notes, &refs)
    }

    /// Whether an annotation's suffix is one PBN reads, noting its note reference in `refs`.
    fn annotation_as_written(annotation: &Annotation, refs: &mut Vec<u8>) -> bool {
        let suffix_ok = annotation
            .suffix
            .as_deref()
            .is_none_or(|s| s.is_empty() || suffix_nag(s, false).is_some());
        refs.extend(annotation.note);
        suffix_ok
    }

    /// Whether the notes are numbered 1 to 32, once each, each referred to, hold one line of text,
    /// and every reference is to one of them.
    fn notes_match(notes: &[(u8, String)], refs: &[u8]) -> bool {
        let mut given = [false; 33];
        for (index, text) in notes {
            let i = usize::from(*index);
            if !(1..=32).contains(&i) || given[i] || text.chars().any(char::is_control) {
                return false;
            }
            given[i] = true;
        }
        refs.iter()
            .all(|&r| given.get(usize::from(r)) == Some(&true))
            && notes.iter().all(|(index, _)| refs.contains(index))
    }

    /// A finding's code and message.
    type Words = (String, String);

    /// The findings of the board's PBN conversion checked as PBN, and of the board's models
    /// before they are placed, as (code, words) in order. Only the code is compared of N401
    /// (PBN names its Note tag) and D203 (which hand has a card "already" follows the order the
    /// hands are written in, and the conversion starts with the dealer's).
    fn both_ways(model: &BoardModel, notation: char) -> (Vec<Words>, Vec<Words>) {
        let words = |d: &Diagnostic| {
            let message = match d.code {
                Code::N401 | Code::D203 => "",
                _ => d.message.as_str(),
            };
            (d.code.to_string(), message.to_string())
        };
        let text = crate::convert::write_pbn(model).text;
        let report = Notation::Pbn.check(&text, &CheckOptions::default());
        // The families a board's models are judged by (the conversion's text has its own S).
        let judged = |d: &&Diagnostic| "DANPXG".contains(d.code.family());
        let mut converted: Vec<_> = report
            .diagnostics
            .iter()
            .filter(|d| kept(d, model, notation))
            .filter(judged)
            .map(words)
            .collect();
        let mut models: Vec<_> = judge_models(model)
            .iter()
            .filter(|d| kept(d, model, notation))
            .map(words)
            .collect();
        converted.sort();
        models.sort();
        (converted, models)
    }

    /// A small deterministic generator of choices, so that a failure can be replayed.
    struct Dice(u64);

    impl Dice {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n.max(1) as u64) as usize
        }

        fn seat(&mut self) -> Seat {
            Seat::ALL[self.below(4)]
        }

        fn card(&mut self) -> Card {
            Card::from_index(self.below(52)).expect("a card index")
        }

        fn call(&mut self) -> Call {
            match self.below(8) {
                0..=2 => Call::Pass,
                3 => Call::Double,
                4 => Call::Redouble,
                _ => {
                    let denomination = Denomination::ALL[self.below(5)];
                    Call::Bid(Bid::new(1 + self.below(7) as u8, denomination).expect("a level"))
                }
            }
        }
    }

    /// Sets a fact of the pieces, as a reader sets one it has read again.
    fn set_fact(board: &mut Pieces, name: &str, value: String) {
        match board.facts.iter_mut().find(|f| f.name == name) {
            Some(fact) => fact.value = value,
            None => board.facts.push(Info {
                name: name.to_string(),
                value,
                origin: None,
            }),
        }
    }

    /// One random change of the kind real files get wrong: a card moved, given twice or played
    /// wrong, a call changed, added or dropped, the contract, result, dealer, board number or
    /// score changed, a note or suffix added or lost.
    fn mutate(board: &mut Pieces, dice: &mut Dice) {
        match dice.below(16) {
            roll @ 0..=2 => mutate_deal(board, dice, roll == 2),
            3 | 4 => mutate_auction(board, dice),
            5 | 6 => mutate_play(board, dice),
            7 => board.result = Some((dice.below(15) as u8, None)),
            8 => {
                let denomination = Denomination::ALL[dice.below(5)];
                let risk = [Risk::Undoubled, Risk::Doubled, Risk::Redoubled][dice.below(3)];
                let kind = match Contract::new(1 + dice.below(7) as u8, denomination, risk) {
                    Some(c) if dice.below(6) > 0 => ContractValue::Contract(c),
                    _ => ContractValue::Passed,
                };
                let declarer = (dice.below(5) > 0).then(|| dice.seat());
                board.contract = Some((kind, declarer, None));
            }
            9 => board.dealer = Some((dice.seat(), None)),
            10 => {
                let number = (1 + dice.below(40)).to_string();
                set_fact(board, "Board", number);
            }
            11 => {
                let score = ["NS 420", "EW 100", "-50", "NS 0", "620", "x"][dice.below(6)];
                set_fact(board, "Score", score.to_string());
            }
            12 | 13 => {
                // What a reader gives: RBN's and PBN's suffixes, notes numbered from 1.
                let suffix = ["!", "?", "!!", "?!", "??", ""][dice.below(6)];
                let note = (dice.below(3) == 0).then(|| 1 + dice.below(6) as u8);
                let annotation = Annotation {
                    suffix: Some(suffix.to_string()),
                    alert: false,
                    note,
                    nags: Vec::new(),
                    marks: Vec::new(),
                };
                if let Some((calls, notes)) = &mut board.auction {
                    let at = dice.below(calls.len());
                    if let Some(item) = calls.get_mut(at) {
                        item.annotation = annotation;
                    }
                    if dice.below(3) == 0 {
                        notes.push((1 + dice.below(6) as u8, "a note".to_string()));
                    }
                }
            }
            14 => {
                if let Some((_, notes)) = &mut board.auction {
                    notes.pop();
                }
            }
            _ => {
                board.vulnerability = Some((
                    [
                        Vulnerability::None,
                        Vulnerability::NS,
                        Vulnerability::EW,
                        Vulnerability::All,
                    ][dice.below(4)],
                    None,
                ));
            }
        }
    }

    /// Moves a card to another hand, or (`twice`) gives it to a second hand and sometimes takes
    /// a hand away.
    fn mutate_deal(board: &mut Pieces, dice: &mut Dice, twice: bool) {
        let Some((_, hands, ..)) = &mut board.deal else {
            return;
        };
        let card = dice.card();
        if !twice {
            for hand in hands.iter_mut().flatten() {
                hand.remove(card);
            }
        }
        if let Some(hand) = &mut hands[dice.below(4)] {
            hand.insert(card);
        }
        if twice && dice.below(3) == 0 {
            hands[dice.below(4)] = None;
        }
    }

    /// Changes, removes or inserts a call.
    fn mutate_auction(board: &mut Pieces, dice: &mut Dice) {
        if let Some((calls, _)) = &mut board.auction {
            let at = dice.below(calls.len() + 1);
            let call = dice.call();
            match (dice.below(3), calls.get_mut(at)) {
                (0, Some(item)) => {
                    item.kind = match dice.below(8) {
                        0 => CallKind::AllPass,
                        1 => CallKind::Query,
                        _ => CallKind::Call(call),
                    }
                }
                (1, Some(_)) => {
                    calls.remove(at);
                }
                _ => calls.insert(
                    at.min(calls.len()),
                    CallItem {
                        kind: CallKind::Call(call),
                        annotation: Annotation::default(),
                        origin: None,
                    },
                ),
            }
        }
    }

    /// Removes a card, or changes its seat or kind, and sometimes the opening leader.
    fn mutate_play(board: &mut Pieces, dice: &mut Dice) {
        if let Some((leader, tricks, ..)) = &mut board.play {
            let count = tricks.len();
            if let Some(trick) = tricks.get_mut(dice.below(count)) {
                let at = dice.below(trick.len());
                match (dice.below(4), trick.len()) {
                    (_, 0) => {}
                    (0, _) => {
                        trick.remove(at);
                    }
                    (1, _) => trick[at].seat = Some(dice.seat()),
                    (2, _) => {
                        trick[at].kind = match dice.below(3) {
                            0 => CardKind::Unknown,
                            1 => CardKind::Query,
                            _ => CardKind::Shortcut {
                                highest: false,
                                suit: None,
                            },
                        }
                    }
                    _ => trick[at].kind = CardKind::Card(dice.card()),
                }
            }
            if dice.below(4) == 0 {
                *leader = Some(dice.seat());
            }
        }
    }

    /// A board judged on its models finds what its PBN conversion, checked as any PBN game,
    /// finds: held on every corpus board and on thousands of boards changed at random from
    /// them, wherever the conversion says what the board says. And whatever the board, every
    /// finding shown lies on the source, with no fix (a PBN spelling fix mends nothing there).
    #[test]
    fn a_board_is_judged_as_its_pbn_conversion_is() {
        let boards = corpus_boards();
        let mut dice = Dice(0x9E37_79B9_7F4A_7C15);
        let (mut compared, mut with_findings, mut unfaithful) = (0, 0, 0);
        for model in &boards {
            let pieces = Pieces::of(model);
            // Lowered again unchanged, the pieces make a board judged as the reader's was.
            let again = pieces.lower();
            let words = |found: Vec<Diagnostic>| -> Vec<Words> {
                found
                    .into_iter()
                    .map(|d| (d.code.to_string(), d.message))
                    .collect()
            };
            assert_eq!(
                words(judge_models(&again)),
                words(judge_models(model)),
                "{pieces:#?}"
            );
            for round in 0..60 {
                let mut board = pieces.clone();
                for _ in 0..(round % 6).min(4) {
                    mutate(&mut board, &mut dice);
                }
                let lowered = board.lower();
                for notation in ['R', 'L'] {
                    let shown = check_board(&lowered, notation);
                    assert!(
                        shown
                            .iter()
                            .all(|d| is_placed(d.range) && d.fixes.is_empty()),
                        "{shown:?}"
                    );
                    if !converts_faithfully(&board) {
                        unfaithful += 1;
                        continue;
                    }
                    let (converted, models) = both_ways(&lowered, notation);
                    assert_eq!(models, converted, "{board:#?}");
                    compared += 1;
                    with_findings += usize::from(!models.is_empty());
                }
            }
        }
        eprintln!("{compared} boards compared, {with_findings} with findings, {unfaithful} not");
        assert!(
            compared > 20_000 && with_findings > compared / 3,
            "{compared} boards compared, {with_findings} with findings, {unfaithful} not"
        );
    }
}
