//! Editor features for LIN boards: hover, completion and the outline.
//!
//! Each function takes one piece (a board or the vugraph header, rooted at its own start, so
//! offsets and ranges are relative to it) and what the header hands down, reads the board once
//! into its model and answers from that, with the diagram, call, card and score wording RBN
//! uses. Nothing here knows about LSP.

use super::completion::Completion;
use super::hover::Hover;
use super::outline::{Symbol, SymbolKind};
use super::record::{
    board_title, call_hover, card_hover, diagram, open_auction_before, playable_before, score,
};
use super::tokens::{SemanticToken, TokenType};
use crate::bridge::{Call, Suit};
use crate::model::board::{with_editor_views, BoardModel};
use crate::model::lin::{read_board, read_calls, read_card, LinCarry};
use crate::syntax::lin::{Pair, Piece};
use crate::syntax::{TextRange, TextSize};

/// What a key means, for hovers.
pub(crate) fn key_meaning(key: &str) -> &'static str {
    match key {
        "qx" => "the board: room (`o` open, `c` closed) and number",
        "md" => "the deal: the dealer digit (1 South, 2 West, 3 North, 4 East), then the hands of South, West, North and East",
        "sv" => "the vulnerability: `o` none, `n` North-South, `e` East-West, `b` both",
        "ah" => "the board's title",
        "pn" => "the players: South, West, North, East (eight in a vugraph header: open room, then closed room)",
        "mb" => "a call: `p`, `d`, `r` or a bid; `!` marks it alerted",
        "an" => "the explanation of the call before it",
        "pc" => "a card played",
        "mc" => "a claim: the tricks declarer takes in all",
        "pg" => "a pause in the replay",
        "nt" => "commentary or chat",
        "rh" | "st" => "a replay setting (kept as it is)",
        "vg" => "the vugraph header: title, segment, scoring, first and last board, teams and carry-overs",
        "rs" => "the results, one per room per board",
        "mn" => "a title",
        _ => "a key Kibitzer keeps as it is",
    }
}

/// The board of a piece.
pub fn board_of(piece: &Piece, carry: &LinCarry) -> BoardModel {
    with_editor_views(read_board(piece, carry))
}

fn pair_at(piece: &Piece, offset: TextSize) -> Option<Pair<'_>> {
    piece.pairs().find(|p| p.range().contains_inclusive(offset))
}

/// The hover for `piece` at `offset`.
pub fn hover(piece: &Piece, carry: &LinCarry, offset: TextSize) -> Option<Hover> {
    if let Some((_, range)) = piece.url().filter(|(_, r)| r.contains_inclusive(offset)) {
        let heading = "**BBO handviewer address**: a board of its own".to_string();
        let board = board_of(piece, carry);
        return Some(match diagram(&board, "hidden") {
            Some(diagram) => Hover::of_deal(Some(&heading), diagram, range),
            None => Hover::new(format!("{heading}, which Kibitzer cannot read"), range),
        });
    }
    let pair = pair_at(piece, offset)?;
    let key = pair.key();
    let board = board_of(piece, carry);
    let heading = format!("**{}**: {}", key, key_meaning(&key));
    let on_value = pair.value_range().contains_inclusive(offset);
    let whole = pair.range();
    let value = pair.value_range();
    let (markdown, range) = match &*key {
        "md" => {
            return Some(match diagram(&board, "hidden") {
                Some(diagram) => Hover::of_deal(None, diagram, whole),
                None => Hover::new(heading, whole),
            })
        }
        "mb" if on_value => {
            let call = board
                .auction
                .iter()
                .flat_map(|a| a.written())
                .filter_map(|c| c.origin)
                .find(|o| o.contains_inclusive(offset) && value.contains_range(*o))?;
            (call_hover(&board, call)?, call)
        }
        "pc" if on_value => (card_hover(&board, value)?, value),
        "mc" => match score(&board) {
            Some(score) => (format!("{heading}\n\n{score}"), whole),
            None => (heading, whole),
        },
        _ => (heading, whole),
    };
    Some(Hover::new(markdown, range))
}

/// Completions at `offset` of `piece`: the legal calls in an `mb` value, the playable cards in
/// a `pc` value.
pub fn completions(piece: &Piece, carry: &LinCarry, offset: TextSize) -> Vec<Completion> {
    let Some(pair) = pair_at(piece, offset) else {
        return Vec::new();
    };
    let value = pair.value_range();
    if !value.contains_inclusive(offset) {
        return Vec::new();
    }
    let board = board_of(piece, carry);
    let range = TextRange::new(value.start(), offset);
    match &*pair.key() {
        "mb" => call_completions(&board, value.start(), range),
        "pc" => card_completions(&board, value.start(), range),
        _ => Vec::new(),
    }
}

/// A call in the spelling BBO writes (`p`, `d`, `r`, `1n`).
pub(crate) fn lin_call(call: Call) -> String {
    match call {
        Call::Pass => "p".to_string(),
        Call::Double => "d".to_string(),
        Call::Redouble => "r".to_string(),
        Call::Bid(bid) => {
            format!("{}{}", bid.level(), &bid.denomination().pbn()[..1]).to_ascii_lowercase()
        }
    }
}

fn call_completions(board: &BoardModel, before: TextSize, range: TextRange) -> Vec<Completion> {
    let Some(state) = open_auction_before(board, before) else {
        return Vec::new();
    };
    let seat = state.next_to_call();
    state
        .legal_calls()
        .into_iter()
        .enumerate()
        .map(|(i, call)| Completion::call(i, call, seat, lin_call(call), range))
        .collect()
}

fn card_completions(board: &BoardModel, before: TextSize, range: TextRange) -> Vec<Completion> {
    let Some((turn, cards)) = playable_before(board, before, None) else {
        return Vec::new();
    };
    cards
        .into_iter()
        .enumerate()
        .map(|(i, card)| {
            Completion::card(i, card, turn.seat, turn.trick + 1, card.to_string(), range)
        })
        .collect()
}

/// The outline entry of a piece: `Board 7 · 4♠X by N · 10 tricks` for a board, `Vugraph
/// header` for the header.
pub fn piece_symbol(piece: &Piece, carry: &LinCarry) -> Symbol {
    let range = super::outline::trim_trailing_newlines(piece.syntax());
    let selection = piece.pairs().next().map_or(range, |p| p.range());
    if !piece.is_board() {
        let title = LinCarry::read(piece.pairs()).match_data.first().cloned();
        return Symbol {
            name: "Vugraph header".to_string(),
            detail: title.filter(|t| !t.is_empty()),
            kind: SymbolKind::Section,
            range,
            selection,
            children: Vec::new(),
        };
    }
    let board = board_of(piece, carry);
    Symbol::game(
        board_title(&board),
        board.fact("Room").map(|r| format!("{r} room")),
        (range, selection),
        Vec::new(),
    )
}

/// The highlighted tokens of a board or header, in text order (ranges relative to the piece):
/// keys as tags; calls, cards and the hands' holdings coloured by their strain or suit; the
/// other values as values.
pub fn semantic_tokens(piece: &Piece) -> Vec<SemanticToken> {
    let mut out = Vec::new();
    for pair in piece.pairs() {
        out.push(SemanticToken::plain(pair.key_range(), TokenType::Tag));
        let range = pair.value_range();
        if range.is_empty() {
            continue;
        }
        let value = pair.value();
        match &*pair.key() {
            "mb" => match read_calls(value) {
                Some(calls) => {
                    for (call, _, span) in calls {
                        let at = range.start() + TextSize::from(span.start as u32);
                        let span = TextRange::at(at, TextSize::from(span.len() as u32));
                        out.push(SemanticToken::call(span, Some(call)));
                    }
                }
                None => out.push(SemanticToken::call(range, None)),
            },
            "pc" => out.push(SemanticToken::card(range, read_card(value).map(|c| c.suit))),
            "md" => holdings(value, range.start(), &mut out),
            _ => out.push(SemanticToken::plain(range, TokenType::Value)),
        }
    }
    out
}

/// The holdings of an `md` value (`3SAKQHT98D7C432,…`): each suit letter with its ranks, in
/// the suit's colour; the dealer digit and the commas as values.
fn holdings(value: &str, start: TextSize, out: &mut Vec<SemanticToken>) {
    let at = |i: usize| start + TextSize::from(i as u32);
    let bytes = value.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let suit = match bytes[i].to_ascii_uppercase() {
            b'S' => Some(Suit::Spades),
            b'H' => Some(Suit::Hearts),
            b'D' => Some(Suit::Diamonds),
            b'C' => Some(Suit::Clubs),
            _ => None,
        };
        let mut end = i + 1;
        if suit.is_some() {
            while end < bytes.len() && !b"SHDCshdc,".contains(&bytes[end]) {
                end += 1;
            }
        }
        let range = TextRange::new(at(i), at(end));
        out.push(match suit {
            Some(suit) => SemanticToken::holding(range, suit),
            None => SemanticToken::plain(range, TokenType::Value),
        });
        i = end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::lin::LinParse;

    const BOARD: &str = "pn|S,W,N,E|md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,|sv|n|mb|1s|an|five cards|mb|p|mb|";

    fn piece() -> Piece {
        let parse = LinParse::new(BOARD);
        let first = parse.chunks().next().unwrap().0;
        Piece::cast(first).unwrap()
    }

    #[test]
    fn legal_calls_complete_after_mb() {
        let items = completions(&piece(), &LinCarry::default(), TextSize::of(BOARD));
        let labels: Vec<&str> = items.iter().map(|c| c.label.as_str()).collect();
        // North opened 1S, East passed: South may pass, double nothing, bid above 1S.
        assert!(labels.contains(&"p") && labels.contains(&"1n") && labels.contains(&"7n"));
        assert!(
            !labels.contains(&"1s") && !labels.contains(&"d"),
            "{labels:?}"
        );
    }

    #[test]
    fn playable_cards_complete_after_pc() {
        // North opens 1S and all pass: East leads, then South follows suit when able.
        let text = format!("{BOARD}p|mb|p|pc|");
        let parse = LinParse::new(&text);
        let piece = Piece::cast(parse.chunks().next().unwrap().0).unwrap();
        let items = completions(&piece, &LinCarry::default(), TextSize::of(text.as_str()));
        let labels: Vec<&str> = items.iter().map(|c| c.label.as_str()).collect();
        assert_eq!(labels.len(), 13, "East's whole hand: {labels:?}");
        assert!(
            labels.contains(&"HA") && !labels.contains(&"SA"),
            "{labels:?}"
        );
        let text = format!("{text}HA|pc|");
        let parse = LinParse::new(&text);
        let piece = Piece::cast(parse.chunks().next().unwrap().0).unwrap();
        let items = completions(&piece, &LinCarry::default(), TextSize::of(text.as_str()));
        let labels: Vec<&str> = items.iter().map(|c| c.label.as_str()).collect();
        assert_eq!(labels, ["HT", "H9", "H8"], "South follows hearts");
    }

    #[test]
    fn md_hover_draws_the_hands_and_mb_hover_gives_the_explanation() {
        let md = TextSize::from(BOARD.find("md|").unwrap() as u32 + 1);
        let hover = hover(&piece(), &LinCarry::default(), md).unwrap();
        assert!(hover.markdown.contains("North") && hover.markdown.contains("♠"));
        let one_spade = TextSize::from(BOARD.find("1s").unwrap() as u32);
        let call = super::hover(&piece(), &LinCarry::default(), one_spade).unwrap();
        assert!(call.markdown.contains("five cards"), "{}", call.markdown);
    }

    #[test]
    fn a_handviewer_address_hovers_with_its_board() {
        let text = "https://www.bridgebase.com/tools/handviewer.html?n=SAKQJHT98D765C432&d=n\n";
        let piece = Piece::cast(LinParse::new(text).chunks().next().unwrap().0).unwrap();
        let hover = hover(&piece, &LinCarry::default(), TextSize::from(30)).unwrap();
        assert!(hover.markdown.contains("handviewer"), "{}", hover.markdown);
        assert!(hover.markdown.contains("♠ A K Q J"), "{}", hover.markdown);
        assert_eq!(u32::from(hover.range.len()) as usize, text.len() - 1);
    }

    #[test]
    fn keys_calls_cards_and_holdings_are_coloured() {
        let text = "md|3SAKQHT98D7C432,,,|mb|1s|mb|2NT!|pc|hK|an|five cards|";
        let parse = LinParse::new(text);
        let piece = Piece::cast(parse.chunks().next().unwrap().0).unwrap();
        let tokens = semantic_tokens(&piece);
        let words = "md, SAKQ, HT98, C432, 1s, 2NT!, hK, five cards";
        assert_eq!(
            crate::ide::tokens::colours(&tokens, text, words),
            "md=Tag SAKQ=Spades/hand HT98=Hearts/hand C432=Clubs/hand 1s=Spades/call \
             2NT!=NoTrump/call hK=Hearts/card five cards=Value"
        );
        // In text order, as the protocol's delta encoding needs.
        assert!(tokens
            .windows(2)
            .all(|w| w[0].range.end() <= w[1].range.start()));
    }
}
