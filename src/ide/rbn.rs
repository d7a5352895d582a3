//! Editor features for RBN records: hover, completion, outline and folding.
//!
//! Each function takes one record (rooted at its own start, so offsets and ranges are relative
//! to it) and the [`Carry`] handed down by the records before it, reads the record once into
//! its board's model and answers from that, sharing the diagram, score and outline wording with
//! PBN. Nothing here knows about LSP.

use rowan::NodeOrToken;

use super::completion::{Completion, CompletionKind};
use super::hover::Hover;
use super::outline::{FoldKind, Symbol, SymbolKind};
use super::record::{
    board_title, call_hover, card_hover, diagram, open_auction_before, playable_before, score,
};
use super::tokens::{SemanticToken, TokenType};
use crate::bridge::{Call, Card, Denomination, Seat, Suit};
use crate::model::board::{with_editor_views, BoardModel};
use crate::model::rbn::read_bid;
use crate::model::{read_record, Carry};
use crate::syntax::rbn::{Field, RbnKind, RbnToken, Record, RecordItem, LABELS};
use crate::syntax::{TextRange, TextSize};

/// What each label holds, for hovers and label completion.
pub(crate) fn label_meaning(label: char) -> &'static str {
    match label {
        'T' => "title of the deal, and its author after a `:`",
        'D' => "date (`yyyymmdd`, optionally `:hhmmss`)",
        'L' => "location, and a detail after a `:`",
        'E' => "event",
        'S' => "session or stage",
        'F' => "form of scoring",
        'K' => "teams, and their carryovers",
        'N' => "names of the players (`N+S:E+W`)",
        'B' => "board number",
        'H' => "hands, from the seat named first (`W:…:…:…:`)",
        'A' => "auction: dealer and vulnerability, then the calls",
        'C' => "contract and declarer",
        'P' => "play, trick by trick",
        'R' => "result: tricks won, score",
        'I' => "item or award list",
        'M' => "double-dummy makes",
        _ => "a label this server does not describe",
    }
}

/// The board a record describes, with what earlier records hand down (`carry` is the state
/// before the record and is left as it is).
pub fn board_of(record: &Record, carry: &Carry) -> BoardModel {
    with_editor_views(read_record(record, &mut carry.clone()))
}

/// The field whose line holds `offset` (its end included).
fn field_at(record: &Record, offset: TextSize) -> Option<Field> {
    record
        .fields()
        .find(|f| f.line_range().contains_inclusive(offset))
}

/// The token of `field` of one of `kinds` that holds `offset` (ends included).
fn token_at(field: &Field, offset: TextSize, kinds: &[RbnKind]) -> Option<RbnToken> {
    field
        .syntax()
        .descendants_with_tokens()
        .filter_map(NodeOrToken::into_token)
        .find(|t| kinds.contains(&t.kind()) && t.text_range().contains_inclusive(offset))
}

/// The hover for `record` at `offset`.
pub fn hover(record: &Record, carry: &Carry, offset: TextSize) -> Option<Hover> {
    let field = field_at(record, offset)?;
    let label = field.label();
    let board = board_of(record, carry);
    let heading = format!("**{label}**: {}", label_meaning(label));
    let on_label = field
        .label_token()
        .is_some_and(|t| t.text_range().contains_inclusive(offset));
    let line = field.line_range();
    let (markdown, range) = match label {
        // The diagram alone: with the label's meaning it would not fit a hover.
        'H' => {
            return Some(match diagram(&board, "`;` in H") {
                Some(diagram) => Hover::of_deal(None, diagram, line),
                None => Hover::new(heading, line),
            })
        }
        'A' if !on_label => match token_at(&field, offset, &[RbnKind::CALL]) {
            Some(token) => (call_hover(&board, token.text_range())?, token.text_range()),
            None => (heading, line),
        },
        'P' if !on_label => match token_at(&field, offset, &[RbnKind::CARD]) {
            Some(token) => (card_hover(&board, token.text_range())?, token.text_range()),
            None => (heading, line),
        },
        'C' | 'R' => match score(&board) {
            Some(score) => (format!("{heading}\n\n{score}"), line),
            None => (heading, line),
        },
        _ => (heading, line),
    };
    Some(Hover::new(markdown, range))
}

/// Completions at `offset` of `record` (`None`: the offset is on a blank line between records,
/// where only labels complete; it is then relative to wherever the caller counts from).
pub fn completions(record: Option<&Record>, carry: &Carry, offset: TextSize) -> Vec<Completion> {
    let Some(record) = record else {
        return label_completions(None, "", TextRange::empty(offset));
    };
    let text = record.syntax().text().to_string();
    let at = usize::from(offset);
    if at > text.len() || !text.is_char_boundary(at) {
        return Vec::new();
    }
    let line_start = text[..at].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let line_end = text[at..].find(['\n', '\r']).map_or(text.len(), |i| at + i);
    let before = &text[line_start..at];
    let after = &text[at..line_end];
    let typing_label =
        before.is_empty() || (before.len() == 1 && before.chars().all(|c| c.is_ascii_alphabetic()));
    if typing_label && after.trim().is_empty() {
        let range = TextRange::new(TextSize::from(line_start as u32), TextSize::from(at as u32));
        return label_completions(Some(record), before, range);
    }
    let Some(field) = field_at(record, offset) else {
        return Vec::new();
    };
    let label_end = field
        .label_token()
        .map_or(field.line_range().start(), |t| t.text_range().end());
    if offset <= label_end {
        return Vec::new();
    }
    let data_start = usize::from(label_end) + 1;
    let data = text.get(data_start..at).unwrap_or("");
    match field.label() {
        'A' => call_completions(&board_of(record, carry), data, offset),
        'P' => card_completions(&board_of(record, carry), data, offset),
        _ => Vec::new(),
    }
}

fn label_completions(record: Option<&Record>, typed: &str, range: TextRange) -> Vec<Completion> {
    let present: Vec<char> = record
        .map(|r| {
            r.fields()
                .filter(|f| !f.line_range().contains_inclusive(range.start()))
                .map(|f| f.label())
                .collect()
        })
        .unwrap_or_default();
    let typed = typed.to_ascii_uppercase();
    LABELS
        .chars()
        .enumerate()
        .filter(|(_, l)| !present.contains(l))
        .filter(|(_, l)| typed.is_empty() || typed.starts_with(*l))
        .map(|(i, l)| Completion {
            label: l.to_string(),
            detail: Some(label_meaning(l).to_string()),
            insert: format!("{l} "),
            snippet: false,
            range,
            kind: CompletionKind::Tag,
            sort: format!("{i:02}"),
        })
        .collect()
}

/// A call as RBN writes it: `P`, `X`, `R`, `1C` … `7N`.
pub(crate) fn rbn_call(call: Call) -> String {
    match call {
        Call::Pass => "P".to_string(),
        Call::Double => "X".to_string(),
        Call::Redouble => "R".to_string(),
        Call::Bid(bid) => {
            let strain = match bid.denomination() {
                Denomination::Clubs => 'C',
                Denomination::Diamonds => 'D',
                Denomination::Hearts => 'H',
                Denomination::Spades => 'S',
                Denomination::NoTrump => 'N',
            };
            format!("{}{strain}", bid.level())
        }
    }
}

/// The legal next calls in an A line whose data before the cursor is `data`.
fn call_completions(board: &BoardModel, data: &str, offset: TextSize) -> Vec<Completion> {
    if !data.contains(':') {
        return Vec::new(); // still in the dealer and vulnerability
    }
    // A level typed without its strain is what the completion replaces.
    let partial = usize::from(data.ends_with(['1', '2', '3', '4', '5', '6', '7']));
    let from = offset - TextSize::from(partial as u32);
    let Some(state) = open_auction_before(board, from) else {
        return Vec::new();
    };
    let seat = state.next_to_call();
    let range = TextRange::new(from, offset);
    let mut out: Vec<Completion> = state
        .legal_calls()
        .into_iter()
        .enumerate()
        .map(|(i, call)| Completion::call(i, call, seat, rbn_call(call), range))
        .collect();
    if partial == 0 {
        out.push(Completion::all_pass("A", range));
    }
    out
}

/// The playable cards in a P line whose data before the cursor is `data`.
fn card_completions(board: &BoardModel, data: &str, offset: TextSize) -> Vec<Completion> {
    let upper = data.to_ascii_uppercase();
    let explicit = match upper.as_bytes() {
        [s, b':', ..] => Seat::from_char(char::from(*s)),
        _ => None,
    };
    // A suit letter typed without its rank is what the completion replaces.
    let partial = usize::from(upper.ends_with(['S', 'H', 'D', 'C']) && !upper.ends_with("S:"));
    let from = offset - TextSize::from(partial as u32);
    let before = &upper[..upper.len() - partial];
    let Some((turn, cards)) = playable_before(board, from, explicit) else {
        return Vec::new();
    };
    let new_trick = turn.place == 0;
    let at_trick_start = before.is_empty() || before.ends_with(':');
    let current_trick = before.rsplit(':').next().unwrap_or("");
    let current_suit = current_trick.chars().rev().find_map(Suit::from_char);
    cards
        .into_iter()
        .enumerate()
        .map(|(i, card): (usize, Card)| {
            let full = card.to_string();
            let insert = if new_trick && !at_trick_start {
                format!(":{full}")
            } else if !new_trick && partial == 0 && current_suit == Some(card.suit) {
                card.rank.letter().to_string()
            } else {
                full.clone()
            };
            let range = TextRange::new(from, offset);
            Completion::card(i, card, turn.seat, turn.trick + 1, insert, range)
        })
        .collect()
}

/// The outline entry of a record: `Board 7 · 4♠X by N · 10 tricks`, with the H, A and P fields
/// inside it.
pub fn record_symbol(record: &Record, carry: &Carry) -> Symbol {
    let board = board_of(record, carry);
    let mut children = Vec::new();
    for field in record.fields() {
        let (name, detail, kind) = match field.label() {
            'H' => ("Deal", Some(field.value()), SymbolKind::Deal),
            'A' => (
                "Auction",
                board
                    .auction
                    .as_ref()
                    .map(|a| format!("{} calls", a.written().len())),
                SymbolKind::Section,
            ),
            'P' => (
                "Play",
                board
                    .play
                    .as_ref()
                    .map(|p| format!("{} tricks", p.written().len())),
                SymbolKind::Section,
            ),
            _ => continue,
        };
        let selection = field
            .label_token()
            .map_or(field.line_range(), |t| t.text_range());
        children.push(Symbol {
            name: name.to_string(),
            detail,
            kind,
            range: field.line_range(),
            selection,
            children: Vec::new(),
        });
    }
    let range = super::outline::trim_trailing_newlines(record.syntax());
    let selection = record
        .field('B')
        .or_else(|| record.fields().next())
        .map_or(range, |f| f.line_range());
    Symbol::game(
        board_title(&board),
        board.fact("Event").map(str::to_string),
        (range, selection),
        children,
    )
}

/// The folding ranges of a record: the record itself and its paragraphs (the caller drops those
/// on a single line).
pub fn folding_ranges(record: &Record) -> Vec<(TextRange, FoldKind)> {
    let mut out = vec![(
        super::outline::trim_trailing_newlines(record.syntax()),
        FoldKind::Region,
    )];
    for item in record.items() {
        if let RecordItem::Paragraph(token) = item {
            out.push((token.text_range(), FoldKind::Comment));
        }
    }
    out
}

/// The `^n` note references of an A or P field: each note digit with the range of its `^n`.
fn note_references_in(field: &Field) -> Vec<(u8, TextRange)> {
    let Some(range) = field.value_range() else {
        return Vec::new();
    };
    let value = field.value();
    let bytes = value.as_bytes();
    (0..bytes.len().saturating_sub(1))
        .filter(|&i| bytes[i] == b'^' && bytes[i + 1].is_ascii_digit())
        .map(|i| {
            let at = range.start() + TextSize::from(i as u32);
            (bytes[i + 1] - b'0', TextRange::at(at, TextSize::from(2)))
        })
        .collect()
}

/// The range of a note's line without its line end.
fn note_line(note: &crate::syntax::rbn::Note) -> TextRange {
    let range = note.syntax().text_range();
    let text = note.syntax().text().to_string();
    let kept = text.trim_end_matches(['\n', '\r']).len();
    TextRange::at(range.start(), TextSize::from(kept as u32))
}

/// A note of the record and the references to it: the notes written after an A or P field
/// explain the `^n` of that field.
struct NoteLink {
    note: TextRange,
    references: Vec<TextRange>,
}

/// Every note of the record with the `^n` that name it.
fn note_links(record: &Record) -> Vec<NoteLink> {
    let mut links = Vec::new();
    let mut field_refs: Vec<(u8, TextRange)> = Vec::new();
    for item in record.items() {
        match item {
            RecordItem::Field(field) => {
                field_refs = if matches!(field.label(), 'A' | 'P') {
                    note_references_in(&field)
                } else {
                    Vec::new()
                };
            }
            RecordItem::Note(note) => {
                let digit = note.index();
                links.push(NoteLink {
                    note: note_line(&note),
                    references: field_refs
                        .iter()
                        .filter(|(d, _)| *d == digit)
                        .map(|(_, r)| *r)
                        .collect(),
                });
            }
            _ => {}
        }
    }
    links
}

/// Where the `^n` at `offset` leads: the line of note n written after its field.
pub fn note_definition(record: &Record, offset: TextSize) -> Option<TextRange> {
    note_links(record)
        .into_iter()
        .find(|link| link.references.iter().any(|r| r.contains_inclusive(offset)))
        .map(|link| link.note)
}

/// The `^n` that name the note at `offset` (on the note's line or on one of its references), and
/// the note's line too when `include_declaration`.
pub fn note_references(
    record: &Record,
    offset: TextSize,
    include_declaration: bool,
) -> Vec<TextRange> {
    let Some(link) = note_links(record).into_iter().find(|link| {
        link.note.contains_inclusive(offset)
            || link.references.iter().any(|r| r.contains_inclusive(offset))
    }) else {
        return Vec::new();
    };
    let mut out = link.references;
    if include_declaration {
        out.push(link.note);
    }
    out.sort_by_key(|r| r.start());
    out
}

/// The highlighted tokens of a record, in text order (ranges relative to the record): labels as
/// tags; calls, cards and holdings coloured by their strain or suit (a card written by its rank
/// alone follows the suit led); notes and the other data as values, paragraphs as comments.
pub fn semantic_tokens(record: &Record) -> Vec<SemanticToken> {
    let mut out = Vec::new();
    let mut led: Option<Suit> = None;
    for element in record.syntax().descendants_with_tokens() {
        let Some(token) = element.into_token() else {
            continue;
        };
        let range = token.text_range();
        let text = token.text();
        let parent = token.parent().map(|p| p.kind());
        match token.kind() {
            RbnKind::LABEL => out.push(SemanticToken::plain(range, TokenType::Tag)),
            RbnKind::PERCENT_LINE | RbnKind::PARAGRAPH => {
                out.push(SemanticToken::plain(range, TokenType::Comment))
            }
            RbnKind::CALL => {
                let call = match text.to_ascii_uppercase().as_str() {
                    "P" => Some(Call::Pass),
                    "X" => Some(Call::Double),
                    "R" => Some(Call::Redouble),
                    other => read_bid(other).map(Call::Bid),
                };
                out.push(SemanticToken::call(range, call));
            }
            RbnKind::CARD => {
                let first_of_trick = token.prev_sibling_or_token().is_none();
                let suit = text
                    .chars()
                    .next()
                    .and_then(|c| Suit::from_char(c.to_ascii_uppercase()));
                if first_of_trick {
                    led = suit;
                }
                let rank_only = text.len() == 1 && suit.is_none();
                out.push(SemanticToken::card(
                    range,
                    if rank_only { led } else { suit },
                ));
            }
            RbnKind::SUFFIX => out.push(SemanticToken::plain(range, TokenType::Annotation)),
            RbnKind::NOTE_REF => out.push(SemanticToken::plain(range, TokenType::NoteRef)),
            RbnKind::TEXT if parent == Some(RbnKind::HAND) => {
                let dots = token
                    .siblings_with_tokens(rowan::Direction::Prev)
                    .filter(|e| e.kind() == RbnKind::DOT)
                    .count();
                match Suit::ALL.get(dots) {
                    Some(&suit) if text != "-" => out.push(SemanticToken::holding(range, suit)),
                    _ => out.push(SemanticToken::plain(range, TokenType::Value)),
                }
            }
            RbnKind::TEXT => out.push(SemanticToken::plain(range, TokenType::Value)),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::rbn::RbnParse;

    const RECORD: &str = "B 7\nH N:AKQJ.T98.765.432:T98.765.432.AKQJ:765.432.AKQJ.T98:\nA NN:1S^1P4SX:A\n1 five cards\nC 4SX:N\nP CATC5C2:H74AT\nR 10\n";

    fn parsed(text: &str) -> (Record, Vec<Record>) {
        let parse = RbnParse::new(text);
        let records: Vec<Record> = parse
            .chunks()
            .filter_map(|(node, _)| Record::cast(node))
            .collect();
        (records.last().cloned().unwrap(), records)
    }

    fn at(text: &str, needle: &str) -> TextSize {
        TextSize::from((text.find(needle).unwrap() + needle.len()) as u32)
    }

    #[test]
    fn hover_on_h_draws_the_diagram_and_calls_cards_say_who() {
        let (record, _) = parsed(RECORD);
        let carry = Carry::default();
        let h = hover(&record, &carry, TextSize::from(4)).unwrap().markdown;
        assert!(h.contains("North (dealer) vul · 10 HCP"), "{h}");
        assert!(h.contains("Board 7"), "{h}");
        assert!(h.contains("West · 10 HCP") && h.contains("♣ 7 6 5"), "{h}");
        let call = hover(&record, &carry, at(RECORD, "NN:1")).unwrap().markdown;
        assert!(call.contains("1♠") && call.contains("by North"), "{call}");
        assert!(call.contains("Note 1: five cards"), "{call}");
        let double = hover(&record, &carry, at(RECORD, "4SX")).unwrap().markdown;
        assert!(double.contains("Double** by West"), "{double}");
        // The board is read as a game is: the passes `A` stands for, the leader and winner of
        // each trick.
        let all_pass = hover(&record, &carry, at(RECORD, "4SX:")).unwrap().markdown;
        assert!(all_pass.contains("**3 passes (all pass)**"), "{all_pass}");
        let card = hover(&record, &carry, at(RECORD, ":H")).unwrap().markdown;
        assert!(
            card.contains("♥7** played by East")
                && card.contains("Trick 2, led by East, won by West."),
            "{card}"
        );
        let card = hover(&record, &carry, at(RECORD, "P C")).unwrap().markdown;
        assert!(
            card.contains("played by East") && card.contains("Trick 1, led by East, won by East."),
            "{card}"
        );
        let (illegal, _) = parsed("B 2\nA NZ:1S1C\n");
        let call = hover(&illegal, &carry, at("B 2\nA NZ:1S1C\n", "1S1"))
            .unwrap()
            .markdown;
        assert!(
            call.contains("1♣") && call.contains("by East") && call.contains("not legal here"),
            "{call}"
        );
        let score = hover(&record, &carry, at(RECORD, "C 4")).unwrap().markdown;
        assert!(score.contains("NS +790"), "{score}");
    }

    #[test]
    fn the_diagram_comes_from_an_earlier_record_when_h_is_carried() {
        let text = "B 1\nH N:AKQJ.T98.765.432:T98.765.432.AKQJ:765.432.AKQJ.T98:\n\nB 2\nA NZ:1S\n";
        let (_, records) = parsed(text);
        let mut carry = Carry::default();
        let _ = read_record(&records[0], &mut carry);
        let symbol = record_symbol(&records[1], &carry);
        assert_eq!(symbol.name, "Board 2");
        let got: Vec<String> = completions(Some(&records[1]), &carry, TextSize::of("B 2\nA NZ:1S"))
            .into_iter()
            .map(|c| c.label)
            .collect();
        // East, after 1♠: pass, double, or a bid above 1♠.
        assert_eq!(&got[..3], ["P", "X", "1N"], "{got:?}");
        assert!(!got.contains(&"1C".to_string()) && !got.contains(&"R".to_string()));
    }

    #[test]
    fn completes_labels_legal_calls_and_playable_cards() {
        let text = "B 1\nH N:AKQJ.T98.765.432:T98.765.432.AKQJ:765.432.AKQJ.T98:\nA NZ:1SP2\n";
        let (record, _) = parsed(text);
        let carry = Carry::default();
        let calls = completions(Some(&record), &carry, at(text, "1SP2"));
        let labels: Vec<&str> = calls.iter().map(|c| c.label.as_str()).collect();
        // The `2` typed so far is replaced: South's legal calls, bids from 1NT up.
        assert_eq!(labels[0], "P");
        assert!(labels.contains(&"2S") && !labels.contains(&"1S") && !labels.contains(&"X"));
        assert_eq!(u32::from(calls[0].range.len()), 1);
        // After a quiz point nothing is offered: the calls that follow it are the answer.
        let text = "B 1\nA NZ:1SY2\n";
        let (record, _) = parsed(text);
        let calls = completions(Some(&record), &carry, at(text, "1SY2"));
        assert!(calls.is_empty(), "{calls:?}");
        // Once the auction has ended (`A`), neither.
        let text = "B 1\nA NZ:1SA\n";
        let (record, _) = parsed(text);
        let calls = completions(Some(&record), &carry, at(text, "1SA"));
        assert!(calls.is_empty(), "{calls:?}");

        let text = "B 1\nH N:AKQJ.T98.765.432:T98.765.432.AKQJ:765.432.AKQJ.T98:\nC 4S:N\nP CAT\n";
        let (record, _) = parsed(text);
        let cards = completions(Some(&record), &carry, at(text, "CAT"));
        let got: Vec<(&str, &str)> = cards
            .iter()
            .map(|c| (c.label.as_str(), c.insert.as_str()))
            .collect();
        // South follows clubs after East's ace and North... South's clubs are T 9 8: after CA
        // (East) and CT (South), West plays: 7 6 5.
        assert_eq!(got, [("C7", "7"), ("C6", "6"), ("C5", "5")]);

        let text = "B 1\nH N:AKQJ.T98.765.432:T98.765.432.AKQJ:765.432.AKQJ.T98:\n\n";
        let (record, _) = parsed(text);
        // At the start of the line after the record: the labels it does not have yet.
        let end = TextSize::of(text.trim_end()) + TextSize::from(1);
        let labels: Vec<String> = completions(Some(&record), &carry, end)
            .into_iter()
            .map(|c| c.label)
            .collect();
        assert_eq!(labels[..3], ["T", "D", "L"]);
        assert!(labels.contains(&"A".to_string()) && !labels.contains(&"H".to_string()));
        let text = "B 1\nH N:AKQJ.T98.765.432:T98.765.432.AKQJ:765.432.AKQJ.T98:\nA";
        let (record, _) = parsed(text);
        let got: Vec<String> = completions(Some(&record), &carry, TextSize::of(text))
            .into_iter()
            .map(|c| c.insert)
            .collect();
        assert_eq!(got, ["A "]);
    }

    #[test]
    fn card_completion_follows_the_play_as_a_pbn_game_does() {
        let carry = Carry::default();
        let deal = "B 1\nH N:AKQJ.T98.765.432:T98.765.432.AKQJ:765.432.AKQJ.T98:\nC 4S:N\n";
        let offered = |text: &str| -> Vec<(String, String, String)> {
            let (record, _) = parsed(text);
            completions(Some(&record), &carry, TextSize::of(text))
                .into_iter()
                .map(|c| (c.label, c.insert, c.detail.unwrap_or_default()))
                .collect()
        };
        // An empty P line: declarer's left-hand opponent, East, leads any of 13 cards.
        let empty = offered(&format!("{deal}P "));
        assert_eq!(empty.len(), 13, "{empty:?}");
        assert!(
            empty.iter().all(|(_, _, detail)| detail.contains("East")),
            "{empty:?}"
        );
        // A leader written before the colon leads instead.
        let west = offered(&format!("{deal}P W:"));
        assert!(west.iter().any(|(label, _, _)| label == "S4"), "{west:?}");
        assert!(
            west.iter().all(|(_, _, detail)| detail.contains("West")),
            "{west:?}"
        );
        // After a whole trick (East leads H7, West's ace wins it), West leads to the second: a
        // new trick is opened with a colon, and the card just played is gone from the hand.
        let second = offered(&format!("{deal}P H72A8"));
        assert_eq!(second.len(), 12, "{second:?}");
        assert!(
            second.iter().all(|(_, insert, _)| insert.starts_with(':')),
            "{second:?}"
        );
        assert!(
            !second.iter().any(|(label, _, _)| label == "HA"),
            "{second:?}"
        );
        let west_to_trick_2 = |(_, _, detail): &(String, String, String)| {
            detail.contains("West") && detail.contains("trick 2")
        };
        assert!(second.iter().all(west_to_trick_2), "{second:?}");
        // A quiz point in the play: what follows it is the answer, so nothing is offered.
        assert_eq!(offered(&format!("{deal}P CAY")), []);
    }

    #[test]
    fn symbol_and_folds() {
        let (record, _) = parsed(RECORD);
        let symbol = record_symbol(&record, &Carry::default());
        assert_eq!(symbol.name, "Board 7 · 4♠X by N · 10 tricks");
        let names: Vec<&str> = symbol.children.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["Deal", "Auction", "Play"]);
        let folds = folding_ranges(&record);
        assert_eq!(&RECORD[folds[0].0], RECORD.trim_end());
    }

    #[test]
    fn no_offset_of_odd_records_panics() {
        let texts = [
            RECORD,
            "A\nP\nH\nA Z\nP S:\nA NZ:9\nP é€😀:SA\n{ünï\n",
            "H ;;;;;\nA NZ:1S1S1S7N7NXRRXP\nC 7NR:S\nP :::::SAH2+-Y\nR 99-99999:=\n",
            "B 1\r\nH S:AK.QJ.T9.87:\r\nA SB:1\r\nP D\r\n",
        ];
        for text in texts {
            let (_, records) = parsed(text);
            let mut carry = Carry::default();
            for record in &records {
                let len = u32::from(record.syntax().text_range().len());
                for offset in 0..=len + 2 {
                    let offset = TextSize::from(offset);
                    let _ = hover(record, &carry, offset);
                    let _ = completions(Some(record), &carry, offset);
                }
                let _ = record_symbol(record, &carry);
                let _ = folding_ranges(record);
                let _ = read_record(record, &mut carry);
            }
        }
    }

    #[test]
    fn labels_calls_cards_and_holdings_are_coloured() {
        let (record, _) = parsed(RECORD);
        let tokens = semantic_tokens(&record);
        let find = |s: &str, nth: usize| {
            let at = RECORD.match_indices(s).nth(nth).map(|(i, _)| i)?;
            tokens
                .iter()
                .find(|t| usize::from(t.range.start()) == at && &RECORD[t.range] == s)
                .map(|t| (t.kind, t.modifiers))
        };
        use crate::ide::tokens::{MOD_CALL, MOD_CARD, MOD_HAND};
        assert_eq!(find("B", 0), Some((TokenType::Tag, 0)));
        assert_eq!(find("AKQJ", 0), Some((TokenType::Spades, MOD_HAND)));
        assert_eq!(find("1S", 0), Some((TokenType::Spades, MOD_CALL)));
        assert_eq!(find("X", 0), Some((TokenType::Call, MOD_CALL)));
        // `CA` leads a club and `H7` a heart: the cards written by rank alone after them follow
        // the suit led.
        let card_at = |at: usize| {
            tokens
                .iter()
                .find(|t| usize::from(t.range.start()) == at)
                .map(|t| (t.kind, t.modifiers))
        };
        let play = RECORD.find("CATC5C2").unwrap();
        assert_eq!(card_at(play), Some((TokenType::Clubs, MOD_CARD)));
        assert_eq!(card_at(play + 2), Some((TokenType::Clubs, MOD_CARD)));
        let second = RECORD.find("H74AT").unwrap();
        assert_eq!(card_at(second), Some((TokenType::Hearts, MOD_CARD)));
        assert_eq!(card_at(second + 2), Some((TokenType::Hearts, MOD_CARD)));
        assert!(tokens
            .windows(2)
            .all(|w| w[0].range.end() <= w[1].range.start()));
    }
}
