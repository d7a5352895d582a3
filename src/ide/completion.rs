//! Completion: tag names, tag values, legal calls, playable cards, the fourth hand, note
//! references.

use super::info::{tag_info, TAGS};
use crate::bridge::{Call, Card, Hand, Rank, Seat, Suit};
use crate::model::board::{lower, playable_at, AuctionView, BoardModel, SectionKind};
use crate::syntax::{SyntaxKind, SyntaxNode, TextRange, TextSize};

/// What a completion inserts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CompletionKind {
    /// A tag name (a whole tag pair snippet).
    Tag,
    /// A tag value.
    Value,
    /// A call of the auction.
    Call,
    /// A card of the play.
    Card,
    /// A note reference.
    Note,
}

/// One completion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completion {
    /// What the list shows.
    pub label: String,
    /// A short explanation.
    pub detail: Option<String>,
    /// The text that replaces `range`.
    pub insert: String,
    /// Whether `insert` is a snippet (`$1` placeholders).
    pub snippet: bool,
    /// The range replaced (relative to the game).
    pub range: TextRange,
    /// What kind of thing it is.
    pub kind: CompletionKind,
    /// The key the list is sorted by.
    pub sort: String,
}

impl Completion {
    /// The `index`-th legal call, by `seat`, written `text` in the file's notation.
    pub fn call(
        index: usize,
        call: Call,
        seat: Seat,
        text: String,
        range: TextRange,
    ) -> Completion {
        Completion {
            label: text.clone(),
            detail: Some(format!("{} by {}", call.symbolic(), seat.name())),
            insert: text,
            snippet: false,
            range,
            kind: CompletionKind::Call,
            sort: format!("{index:03}"),
        }
    }

    /// "All pass", written `text` (`AP` in PBN, `A` in RBN), listed after the calls.
    pub fn all_pass(text: &str, range: TextRange) -> Completion {
        Completion {
            label: text.to_string(),
            detail: Some("all pass".to_string()),
            insert: text.to_string(),
            snippet: false,
            range,
            kind: CompletionKind::Call,
            sort: "999".to_string(),
        }
    }

    /// The `index`-th playable card, by `seat` in trick `trick` (from 1), inserted as `insert`.
    pub fn card(
        index: usize,
        card: Card,
        seat: Seat,
        trick: usize,
        insert: String,
        range: TextRange,
    ) -> Completion {
        Completion {
            label: card.to_string(),
            detail: Some(format!(
                "{} by {} (trick {trick})",
                card.symbolic(),
                seat.name()
            )),
            insert,
            snippet: false,
            range,
            kind: CompletionKind::Card,
            sort: format!("{index:03}"),
        }
    }
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'=' | b'-' | b'_')
}

/// Completions in the game `node` (rooted at the game's start) at `offset`.
pub fn completions(node: &SyntaxNode, offset: TextSize) -> Vec<Completion> {
    if offset > node.text_range().end() {
        return Vec::new();
    }
    let text = node.text().to_string();
    // An offset inside a character (no editor position names one) counts as the character's
    // start.
    let mut at = (u32::from(offset) as usize).min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let bytes = text.as_bytes();
    let mut start = at.min(bytes.len());
    while start > 0 && is_word_byte(bytes[start - 1]) {
        start -= 1;
    }
    let mut end = at.min(bytes.len());
    while end < bytes.len() && is_word_byte(bytes[end]) {
        end += 1;
    }
    let word_range = TextRange::new((start as u32).into(), (end as u32).into());
    let prefix = &text[start..at.min(text.len())];
    let model = lower(node);

    // Inside a tag pair?
    let token = node
        .token_at_offset(offset)
        .left_biased()
        .or_else(|| node.token_at_offset(offset).right_biased());
    let tag_pair = token.as_ref().and_then(|t| {
        t.parent_ancestors()
            .find(|n| n.kind() == SyntaxKind::TAG_PAIR)
    });
    if let Some(pair) = tag_pair {
        let pair_range = pair.text_range();
        let tag = model.map.tags.iter().find(|t| t.range == pair_range);
        if let Some(value_range) = tag.and_then(|t| t.value_range) {
            if value_range.contains_inclusive(offset) {
                return value_completions(&model, tag.map_or("", |t| t.name.as_str()), value_range);
            }
        }
        let in_name = tag.is_none_or(|t| t.value_range.is_none_or(|v| offset < v.start()));
        if in_name && offset > pair_range.start() {
            return tag_completions(&model, TextRange::new(pair_range.start(), pair_range.end()));
        }
        return Vec::new();
    }

    // Inside a section's data?
    if prefix.starts_with('=') {
        if let Some(section) = section_at(&model, offset) {
            return note_completions(&model, section, word_range);
        }
    }
    if let Some(auction) = model
        .auction_view()
        .filter(|a| a.range.contains_inclusive(offset))
    {
        return call_completions(&auction, word_range, prefix);
    }
    if let Some(play) = model
        .play_view()
        .filter(|p| p.range.contains_inclusive(offset))
    {
        let written = play
            .cards
            .iter()
            .filter(|c| c.range.end() <= word_range.start())
            .count();
        return card_completions(&model, written / 4, written % 4, word_range);
    }
    // Anywhere else in the game: a new tag pair.
    let line_start = text[..start].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    if text[line_start..start].trim().is_empty() {
        let bracket = start > 0 && bytes[start - 1] == b'[';
        let range = if bracket {
            TextRange::new(((start - 1) as u32).into(), word_range.end())
        } else {
            word_range
        };
        return tag_completions(&model, range);
    }
    Vec::new()
}

fn section_at(model: &BoardModel, offset: TextSize) -> Option<SectionKind> {
    if model
        .auction_view()
        .is_some_and(|a| a.range.contains_inclusive(offset))
    {
        Some(SectionKind::Auction)
    } else if model
        .play_view()
        .is_some_and(|p| p.range.contains_inclusive(offset))
    {
        Some(SectionKind::Play)
    } else {
        None
    }
}

fn tag_completions(model: &BoardModel, range: TextRange) -> Vec<Completion> {
    TAGS.iter()
        .enumerate()
        .filter(|(_, info)| info.name == "Note" || model.map.tag(info.name).is_none())
        .map(|(i, info)| Completion {
            label: info.name.to_string(),
            detail: Some(info.purpose.to_string()),
            insert: format!("[{} \"$1\"]$0", info.name),
            snippet: true,
            range,
            kind: CompletionKind::Tag,
            sort: format!("{}{i:03}", if info.mandatory { 'a' } else { 'b' }),
        })
        .collect()
}

fn value_completions(model: &BoardModel, name: &str, range: TextRange) -> Vec<Completion> {
    let mut out = Vec::new();
    if name == "Deal" {
        if let Some(full) = fourth_hand(model) {
            out.push(full);
        }
        for item in &mut out {
            item.range = range;
        }
        return out;
    }
    if let Some(info) = tag_info(name) {
        for (i, choice) in info.choices.iter().enumerate() {
            out.push(Completion {
                label: choice.to_string(),
                detail: None,
                insert: choice.to_string(),
                snippet: false,
                range,
                kind: CompletionKind::Value,
                sort: format!("{i:03}"),
            });
        }
    }
    if name == "Contract" {
        if let Some(contract) = model.auction_view().as_ref().and_then(final_contract) {
            out.push(Completion {
                label: contract.clone(),
                detail: Some("the contract the auction reached".to_string()),
                insert: contract,
                snippet: false,
                range,
                kind: CompletionKind::Value,
                sort: "000".to_string(),
            });
        }
    }
    out
}

fn final_contract(auction: &AuctionView) -> Option<String> {
    let state = auction.followed()?;
    state.final_contract().map(|c| c.to_string())
}

/// A hand in PBN spelling (`AKQ.T98.-.`: ranks by suit, `T` for the ten).
pub(crate) fn hand_pbn(hand: Hand) -> String {
    Suit::ALL
        .iter()
        .map(|&suit| {
            Rank::ALL
                .iter()
                .filter(|&&rank| hand.contains(Card::new(suit, rank)))
                .map(|r| r.letter())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join(".")
}

fn fourth_hand(model: &BoardModel) -> Option<Completion> {
    let deal = model.map.hands?;
    let (missing, hand) = deal.fill_fourth_hand()?;
    let first = model
        .map
        .hand_ranges
        .first()
        .map(|(s, _)| *s)
        .or(model.dealer())
        .unwrap_or(Seat::North);
    let hands: Vec<String> = (0..4)
        .map(|i| {
            let seat = first.offset(i);
            if seat == missing {
                hand_pbn(hand)
            } else {
                deal.hand(seat).map_or("-".to_string(), hand_pbn)
            }
        })
        .collect();
    Some(Completion {
        label: format!("{}: {}", missing.name(), hand_pbn(hand)),
        detail: Some(format!(
            "the fourth hand ({}) from the other three",
            missing.name()
        )),
        insert: format!("{}:{}", first.letter(), hands.join(" ")),
        snippet: false,
        range: TextRange::default(),
        kind: CompletionKind::Value,
        sort: "000".to_string(),
    })
}

fn call_completions(auction: &AuctionView, range: TextRange, prefix: &str) -> Vec<Completion> {
    let Some(state) = auction.followed_before(range.start()) else {
        return Vec::new();
    };
    let seat = state.next_to_call();
    let mut out: Vec<Completion> = state
        .legal_calls()
        .into_iter()
        .enumerate()
        .map(|(i, call)| Completion::call(i, call, seat, call.to_string(), range))
        .collect();
    if !state.is_finished() && (prefix.is_empty() || "AP".starts_with(&prefix.to_ascii_uppercase()))
    {
        out.push(Completion::all_pass("AP", range));
    }
    out
}

fn card_completions(
    model: &BoardModel,
    trick: usize,
    column: usize,
    range: TextRange,
) -> Vec<Completion> {
    let Some((seat, cards)) = playable_at(model, trick, column) else {
        return Vec::new();
    };
    cards
        .into_iter()
        .enumerate()
        .map(|(i, card)| Completion::card(i, card, seat, trick + 1, card.to_string(), range))
        .collect()
}

fn note_completions(model: &BoardModel, section: SectionKind, range: TextRange) -> Vec<Completion> {
    model
        .map
        .notes
        .iter()
        .filter(|n| n.section == section)
        .map(|n| Completion {
            label: format!("={}=", n.number),
            detail: Some(n.text.clone()),
            insert: format!("={}=", n.number),
            snippet: false,
            range,
            kind: CompletionKind::Note,
            sort: format!("{:05}", n.number),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::board::tests::game;

    fn labels(text: &str, cursor: &str) -> Vec<String> {
        let at = text.find(cursor).unwrap() + cursor.len();
        let node = game(text);
        completions(&node, TextSize::from(at as u32))
            .into_iter()
            .map(|c| c.label)
            .collect()
    }

    const BASE: &str = "[Dealer \"N\"]\n[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n[Contract \"4S\"]\n";

    #[test]
    fn only_legal_calls_after_the_auction_so_far() {
        let text = format!("{BASE}[Auction \"N\"]\n1S X \n");
        let got = labels(&text, "1S X ");
        // South may pass, redouble, or bid above 1S; not double, not 1C.
        assert_eq!(&got[..3], ["Pass", "XX", "1NT"]);
        assert!(!got.contains(&"X".to_string()) && !got.contains(&"1C".to_string()));
        assert!(got.contains(&"7NT".to_string()) && got.contains(&"AP".to_string()));
    }

    #[test]
    fn only_playable_cards_for_the_player_on_turn() {
        let text = format!("{BASE}[Play \"E\"]\nCA \n");
        let got = labels(&text, "CA ");
        // South follows clubs: T 9 8.
        assert_eq!(got, ["CT", "C9", "C8"]);
    }

    #[test]
    fn tag_names_missing_mandatory_first_and_values() {
        let text = format!("{BASE}\n");
        let node = game(&text);
        let items = completions(&node, TextSize::of(text.as_str()) - TextSize::from(1));
        let items: Vec<_> = items
            .into_iter()
            .filter(|c| c.kind == CompletionKind::Tag)
            .collect();
        let mut sorted = items.clone();
        sorted.sort_by(|a, b| a.sort.cmp(&b.sort));
        assert_eq!(sorted[0].label, "Event");
        assert!(sorted[0].insert.contains("$1") && sorted[0].snippet);
        assert!(!items.iter().any(|c| c.label == "Dealer"));
        let text = "[Vulnerable \"\"]\n";
        assert_eq!(labels(text, "Vulnerable \""), ["None", "NS", "EW", "All"]);
    }

    #[test]
    fn fourth_hand_and_note_refs() {
        let text = "[Deal \"N:AKQJ.T98.765.432 - 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n";
        let got = labels(text, "[Deal \"N:");
        assert_eq!(got, ["East: T98.765.432.AKQJ"]);
        let node = game(text);
        let item = &completions(&node, TextSize::from(9))[0];
        assert!(item
            .insert
            .starts_with("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765"));
        let text = "[Auction \"N\"]\n1S =\n[Note \"1:strong\"]\n";
        assert_eq!(labels(text, "1S ="), ["=1="]);
    }
}
