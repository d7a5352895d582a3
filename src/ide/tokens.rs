//! Semantic tokens: what each token of a game is, for colouring.

use crate::bridge::{Call, Denomination, Suit};
use crate::model::board::{parse_call, parse_card};
use crate::syntax::{SyntaxKind, SyntaxNode, TextRange};

/// The kinds of highlighted tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TokenType {
    /// A tag name.
    Tag,
    /// A tag value (or a part of one that is not a suit).
    Value,
    /// A comment.
    Comment,
    /// Pass, double, redouble, all pass or an unknown call.
    Call,
    /// An unknown card `-`.
    Card,
    /// Something in spades.
    Spades,
    /// Something in hearts.
    Hearts,
    /// Something in diamonds.
    Diamonds,
    /// Something in clubs.
    Clubs,
    /// A no trump bid.
    NoTrump,
    /// A suffix (`!`, `?!`…) or a NAG.
    Annotation,
    /// A note reference `=n=`.
    NoteRef,
    /// An irregularity mark `^I`, `^S`, `^R`, `^L`.
    Irregularity,
    /// A `%` escape line.
    Escape,
}

impl TokenType {
    /// Every type, in legend order.
    pub const ALL: [TokenType; 14] = [
        TokenType::Tag,
        TokenType::Value,
        TokenType::Comment,
        TokenType::Call,
        TokenType::Card,
        TokenType::Spades,
        TokenType::Hearts,
        TokenType::Diamonds,
        TokenType::Clubs,
        TokenType::NoTrump,
        TokenType::Annotation,
        TokenType::NoteRef,
        TokenType::Irregularity,
        TokenType::Escape,
    ];

    /// The position of this type in [`TokenType::ALL`].
    pub fn index(self) -> u32 {
        TokenType::ALL.iter().position(|&t| t == self).unwrap_or(0) as u32
    }

    /// The type of something in `suit`.
    pub fn of_suit(suit: Suit) -> TokenType {
        match suit {
            Suit::Spades => TokenType::Spades,
            Suit::Hearts => TokenType::Hearts,
            Suit::Diamonds => TokenType::Diamonds,
            Suit::Clubs => TokenType::Clubs,
        }
    }
}

/// Modifier bit: the token is a call of the auction.
pub(crate) const MOD_CALL: u32 = 1;
/// Modifier bit: the token is a card of the play.
pub(crate) const MOD_CARD: u32 = 2;
/// Modifier bit: the token is a suit holding in the Deal.
pub(crate) const MOD_HAND: u32 = 4;

impl SemanticToken {
    /// A call: coloured by its strain when it is a bid.
    pub fn call(range: TextRange, call: Option<Call>) -> SemanticToken {
        let kind = match call {
            Some(Call::Bid(bid)) => match bid.denomination() {
                Denomination::NoTrump => TokenType::NoTrump,
                other => other.trump().map_or(TokenType::Call, TokenType::of_suit),
            },
            _ => TokenType::Call,
        };
        SemanticToken {
            range,
            kind,
            modifiers: MOD_CALL,
        }
    }

    /// A card: coloured by its suit when it is known.
    pub fn card(range: TextRange, suit: Option<Suit>) -> SemanticToken {
        SemanticToken {
            range,
            kind: suit.map_or(TokenType::Card, TokenType::of_suit),
            modifiers: MOD_CARD,
        }
    }

    /// A suit holding of a hand.
    pub fn holding(range: TextRange, suit: Suit) -> SemanticToken {
        SemanticToken {
            range,
            kind: TokenType::of_suit(suit),
            modifiers: MOD_HAND,
        }
    }

    /// Anything else: a token of `kind` without modifiers.
    pub fn plain(range: TextRange, kind: TokenType) -> SemanticToken {
        SemanticToken {
            range,
            kind,
            modifiers: 0,
        }
    }
}

/// One highlighted token (range relative to the node's root).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SemanticToken {
    /// Where it is.
    pub range: TextRange,
    /// What it is.
    pub kind: TokenType,
    /// The modifier bits.
    pub modifiers: u32,
}

/// The kind and modifiers of the first token among `tokens` whose text in `text` is `word`
/// (what the tests of every notation's colouring ask).
#[cfg(test)]
pub(crate) fn token_of(
    tokens: &[SemanticToken],
    text: &str,
    word: &str,
) -> Option<(TokenType, u32)> {
    tokens
        .iter()
        .find(|t| &text[t.range] == word)
        .map(|t| (t.kind, t.modifiers))
}

/// How each of the comma-separated `words` is coloured among `tokens` of `text`: `word=Kind`,
/// with `/call`, `/card` or `/hand` for a modifier, space-separated (`word=?` when no token is
/// that word). What the tests of every notation's colouring compare, all words at once.
#[cfg(test)]
pub(crate) fn colours(tokens: &[SemanticToken], text: &str, words: &str) -> String {
    let colour = |word: &str| match token_of(tokens, text, word) {
        None => format!("{word}=?"),
        Some((kind, modifiers)) => {
            let marks = [
                (MOD_CALL, "/call"),
                (MOD_CARD, "/card"),
                (MOD_HAND, "/hand"),
            ];
            let mark: String = marks
                .iter()
                .filter(|(bit, _)| modifiers & bit != 0)
                .map(|(_, mark)| *mark)
                .collect();
            format!("{word}={kind:?}{mark}")
        }
    };
    words.split(", ").map(colour).collect::<Vec<_>>().join(" ")
}

/// The highlighted tokens of a game or comment chunk, in text order.
pub fn semantic_tokens(node: &SyntaxNode) -> Vec<SemanticToken> {
    let mut out = Vec::new();
    for token in node
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
    {
        let range = token.text_range();
        let push = |out: &mut Vec<SemanticToken>, kind, modifiers| {
            out.push(SemanticToken {
                range,
                kind,
                modifiers,
            })
        };
        match token.kind() {
            SyntaxKind::TAG_NAME => push(&mut out, TokenType::Tag, 0),
            SyntaxKind::STRING | SyntaxKind::QUOTE | SyntaxKind::COLON | SyntaxKind::SEMICOLON => {
                push(&mut out, TokenType::Value, 0)
            }
            SyntaxKind::VALUE_TEXT => {
                let in_hand = token.parent().is_some_and(|p| p.kind() == SyntaxKind::HAND);
                if in_hand && token.text() != "-" {
                    let dots = token
                        .siblings_with_tokens(rowan::Direction::Prev)
                        .filter(|e| e.kind() == SyntaxKind::DOT)
                        .count();
                    match Suit::ALL.get(dots) {
                        Some(&suit) => push(&mut out, TokenType::of_suit(suit), MOD_HAND),
                        None => push(&mut out, TokenType::Value, 0),
                    }
                } else {
                    push(&mut out, TokenType::Value, 0)
                }
            }
            SyntaxKind::COMMENT_LINE | SyntaxKind::COMMENT_BLOCK => {
                push(&mut out, TokenType::Comment, 0)
            }
            // Only the standard's directives and Kibitzer's own are directives; any other `%`
            // line is a comment.
            SyntaxKind::ESCAPE_LINE if is_directive(token.text()) => {
                push(&mut out, TokenType::Escape, 0)
            }
            SyntaxKind::ESCAPE_LINE => push(&mut out, TokenType::Comment, 0),
            SyntaxKind::CALL => out.push(SemanticToken::call(range, parse_call(token.text()))),
            SyntaxKind::CARD => out.push(SemanticToken::card(
                range,
                parse_card(token.text()).map(|c| c.suit),
            )),
            SyntaxKind::SUFFIX | SyntaxKind::NAG => push(&mut out, TokenType::Annotation, 0),
            SyntaxKind::NOTE_REF => push(&mut out, TokenType::NoteRef, 0),
            SyntaxKind::IRREGULARITY => push(&mut out, TokenType::Irregularity, 0),
            _ => {}
        }
    }
    out
}

/// Whether a `%` line is a directive: `% PBN 2.1`, `% EXPORT`, or `% kibitzer-ignore: …`.
fn is_directive(line: &str) -> bool {
    let Some(rest) = line.strip_prefix('%') else {
        return false;
    };
    let word = rest.trim();
    word == "EXPORT"
        || word
            .strip_prefix("PBN")
            .is_some_and(|v| v.trim().chars().next().is_some_and(|c| c.is_ascii_digit()))
        || word.starts_with("kibitzer-ignore:")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::board::tests::game;

    #[test]
    fn only_directives_among_percent_lines_are_directives() {
        let text = "% PBN 2.1\n% EXPORT\n% kibitzer-ignore: A301\n% Creator: dealer 3.0\n%\n[Event \"\"]\n";
        let tokens = semantic_tokens(&game(text));
        let kind = |line: &str| token_of(&tokens, text, line).map(|(kind, _)| kind);
        assert_eq!(kind("% PBN 2.1"), Some(TokenType::Escape));
        assert_eq!(kind("% EXPORT"), Some(TokenType::Escape));
        assert_eq!(kind("% kibitzer-ignore: A301"), Some(TokenType::Escape));
        assert_eq!(kind("% Creator: dealer 3.0"), Some(TokenType::Comment));
        assert_eq!(kind("%"), Some(TokenType::Comment));
    }

    #[test]
    fn suits_calls_and_cards_are_told_apart() {
        let text = "[Deal \"N:AK.QJ.T9.87 - - -\"]\n[Auction \"N\"]\n1H Pass 3NT =1= $3\n[Play \"E\"]\nSK\n";
        let tokens = semantic_tokens(&game(text));
        let words = "Deal, AK, T9, 87, 1H, Pass, 3NT, =1=, $3, SK";
        assert_eq!(
            colours(&tokens, text, words),
            "Deal=Tag AK=Spades/hand T9=Diamonds/hand 87=Clubs/hand 1H=Hearts/call Pass=Call/call \
             3NT=NoTrump/call =1==NoteRef $3=Annotation SK=Spades/card"
        );
    }
}
