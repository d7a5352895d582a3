//! Reading tag values: seats, contracts, results, vulnerability and the Deal's structure.
//!
//! Readers accept what the standard allows in import format (lower case where chapter 3.11
//! permits it) and also the common non-standard spellings real files use (`3N`, `3NR`, `N-S`…).
//! A [`Reading`] says which: `standard` is `None` for a legal spelling and holds the standard
//! spelling for an understood non-standard one, so checks can report it and carry on.

use crate::bridge::{Contract, Denomination, Risk, Seat, Suit, Vulnerability};
use crate::syntax::{SyntaxKind, SyntaxNode, TextRange};

/// A value understood from a tag, and its standard spelling when it was written otherwise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading<T> {
    /// What the text means.
    pub value: T,
    /// `Some(standard spelling)` when the text is not legal PBN but its meaning is clear.
    pub standard: Option<String>,
}

impl<T> Reading<T> {
    fn legal(value: T) -> Reading<T> {
        Reading {
            value,
            standard: None,
        }
    }

    fn nonstandard(value: T, standard: impl Into<String>) -> Reading<T> {
        Reading {
            value,
            standard: Some(standard.into()),
        }
    }
}

/// The NAG a suffix stands for: `$1`–`$6` after a call, `$7`–`$12` after a card.
pub fn suffix_nag(suffix: &str, on_card: bool) -> Option<u32> {
    let base = match suffix {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    };
    Some(if on_card { base + 6 } else { base })
}

/// Reads a seat (`N`, `e`, …; `North` is understood but not standard).
pub fn read_seat(text: &str) -> Option<Reading<Seat>> {
    let mut chars = text.chars();
    if let (Some(c), None) = (chars.next(), chars.clone().next()) {
        return Seat::from_char(c).map(Reading::legal);
    }
    let seat = match text.to_ascii_lowercase().as_str() {
        "north" => Seat::North,
        "east" => Seat::East,
        "south" => Seat::South,
        "west" => Seat::West,
        _ => return None,
    };
    Some(Reading::nonstandard(seat, seat.letter().to_string()))
}

/// What a Contract tag says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContractValue {
    /// `Pass`: the board was passed out.
    Passed,
    /// A real contract.
    Contract(Contract),
    /// An end position gives only the trump denomination (chapter 3.10).
    TrumpOnly(Denomination),
}

impl ContractValue {
    /// The trump suit the play is under (`None` in no trump or when passed out).
    pub fn trump(self) -> Option<Suit> {
        match self {
            ContractValue::Passed => None,
            ContractValue::Contract(c) => c.trump(),
            ContractValue::TrumpOnly(d) => d.trump(),
        }
    }

    /// The standard spelling (`Pass`, `4SX`, `NT`).
    pub fn pbn(&self) -> String {
        match self {
            ContractValue::Passed => "Pass".to_string(),
            ContractValue::Contract(c) => c.to_string(),
            ContractValue::TrumpOnly(d) => d.pbn().to_string(),
        }
    }
}

/// Reads a Contract value (`4S`, `3ntx`, `Pass`, `NT`; `3N`, `5CR`, `P` understood).
pub fn read_contract(text: &str) -> Option<Reading<ContractValue>> {
    let upper = text.to_ascii_uppercase();
    match upper.as_str() {
        "PASS" => return Some(Reading::legal(ContractValue::Passed)),
        "P" | "AP" | "PASSED" | "ALL PASS" => {
            return Some(Reading::nonstandard(ContractValue::Passed, "Pass"))
        }
        _ => {}
    }
    let bytes = upper.as_bytes();
    let &first = bytes.first()?;
    if !first.is_ascii_digit() {
        // End position: the trump denomination alone.
        let denomination = Denomination::parse(&upper)?;
        return Some(Reading::legal(ContractValue::TrumpOnly(denomination)));
    }
    let level = first - b'0';
    let rest = &upper[1..];
    let (denomination, after, mut standard) = if let Some(after) = rest.strip_prefix("NT") {
        (Denomination::NoTrump, after, true)
    } else {
        let d = rest.chars().next()?;
        let denomination = match d {
            'N' => Denomination::NoTrump,
            _ => Denomination::parse(&d.to_string())?,
        };
        (denomination, &rest[1..], d != 'N')
    };
    let after = after.trim_start();
    let risk = match after {
        // Spellings other tools write are understood, but are not PBN's.
        "R" | "XR" => {
            standard = false;
            Risk::Redoubled
        }
        "D" | "*" => {
            standard = false;
            Risk::Doubled
        }
        marks => Risk::from_marks(marks)?,
    };
    let contract = Contract::new(level, denomination, risk)?;
    let value = ContractValue::Contract(contract);
    let spelled_without_space = !rest.contains(' ');
    Some(if standard && spelled_without_space {
        Reading::legal(value)
    } else {
        Reading::nonstandard(value, contract.to_string())
    })
}

/// Tricks as a Result tag gives them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultTricks {
    /// `"<n>"`: tricks won by declarer.
    Declarer(u8),
    /// `"NS <n>"`, `"EW <n>"` or both sides.
    Sides {
        /// Tricks won by North-South, if given.
        ns: Option<u8>,
        /// Tricks won by East-West, if given.
        ew: Option<u8>,
    },
}

/// What a Result tag says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultValue {
    /// A leading `^`: the result deliberately differs from the tricks actually won.
    pub irregular: bool,
    /// The tricks.
    pub tricks: ResultTricks,
}

impl ResultValue {
    /// Declarer's tricks, given the declarer's seat when the value names sides.
    pub fn declarer_tricks(&self, declarer: Option<Seat>) -> Option<u8> {
        match self.tricks {
            ResultTricks::Declarer(n) => Some(n),
            ResultTricks::Sides { ns, ew } => {
                let seat = declarer?;
                let own = if seat.is_ns() { ns } else { ew };
                let other = if seat.is_ns() { ew } else { ns };
                own.or_else(|| other.and_then(|o| 13u8.checked_sub(o)))
            }
        }
    }
}

fn tricks(text: &str) -> Option<u8> {
    if text.is_empty() || text.len() > 2 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<u8>().ok().filter(|&n| n <= 13)
}

/// Reads a Result value (`9`, `NS 9`, `EW 4 NS 9`, `^9`).
pub fn read_result(text: &str) -> Option<Reading<ResultValue>> {
    let (irregular, body) = match text.strip_prefix('^') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let words: Vec<&str> = body.split(' ').collect();
    let side = |w: &str| match w {
        "NS" | "ns" => Some(true),
        "EW" | "ew" => Some(false),
        _ => None,
    };
    let tricks_value = match words.as_slice() {
        [n] => ResultTricks::Declarer(tricks(n)?),
        [s, n] => {
            let n = tricks(n)?;
            if side(s)? {
                ResultTricks::Sides {
                    ns: Some(n),
                    ew: None,
                }
            } else {
                ResultTricks::Sides {
                    ns: None,
                    ew: Some(n),
                }
            }
        }
        [s1, n1, s2, n2] => {
            let (a, b) = (side(s1)?, side(s2)?);
            if a == b {
                return None;
            }
            let (n1, n2) = (tricks(n1)?, tricks(n2)?);
            let (ns, ew) = if a { (n1, n2) } else { (n2, n1) };
            ResultTricks::Sides {
                ns: Some(ns),
                ew: Some(ew),
            }
        }
        _ => return None,
    };
    Some(Reading::legal(ResultValue {
        irregular,
        tricks: tricks_value,
    }))
}

/// Reads a Vulnerable value (`None`, `Love`, `-`, `NS`, `EW`, `All`, `Both`, any case; `N-S`,
/// `E-W`, `Neither`, `Nil` understood).
pub fn read_vulnerable(text: &str) -> Option<Reading<Vulnerability>> {
    let lower = text.to_ascii_lowercase();
    let legal = match lower.as_str() {
        "none" | "love" | "-" => Some(Vulnerability::None),
        "ns" => Some(Vulnerability::NS),
        "ew" => Some(Vulnerability::EW),
        "all" | "both" => Some(Vulnerability::All),
        _ => None,
    };
    if let Some(v) = legal {
        return Some(Reading::legal(v));
    }
    let understood = match lower.as_str() {
        "n-s" | "n/s" | "ns vul" | "north-south" => Vulnerability::NS,
        "e-w" | "e/w" | "ew vul" | "east-west" => Vulnerability::EW,
        "neither" | "nil" | "" => Vulnerability::None,
        "b" | "a" => Vulnerability::All,
        _ => return None,
    };
    Some(Reading::nonstandard(understood, understood.pbn()))
}

/// One hand of a Deal value as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HandText {
    /// The range of the whole hand.
    pub range: TextRange,
    /// `-`: the hand is not given.
    pub unknown: bool,
    /// The text between the dots with its range, in order (normally four: ♠ ♥ ♦ ♣); an empty
    /// suit has an empty text and an empty range just after its dot.
    pub suits: Vec<(Holding, TextRange)>,
}

/// The ranks of one suit as written: the tree's own token (shared, not copied: a deal has
/// sixteen of them), or nothing for an empty suit.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Holding(Option<rowan::GreenToken>);

impl Holding {
    /// The text of the ranks (empty for an empty suit).
    pub fn as_str(&self) -> &str {
        self.0.as_ref().map_or("", |t| t.text())
    }
}

/// The structure of a Deal value as written (before any check).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DealText {
    /// The text before `:` and its range, if there is a `:`.
    pub first: Option<(String, TextRange)>,
    /// The range of the `:`, if present.
    pub colon: Option<TextRange>,
    /// The hands in order.
    pub hands: Vec<HandText>,
    /// The white space runs between hands that are not exactly one space (ranges).
    pub odd_spacing: Vec<TextRange>,
}

/// The line end a node's text uses (`\r\n` if any of its line ends is one), for text written
/// into it; found token by token, without copying the text.
pub(crate) fn newline_of(node: &SyntaxNode) -> &'static str {
    let crlf = node
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .any(|t| t.kind().is_trivia() && t.text().contains("\r\n"));
    if crlf {
        "\r\n"
    } else {
        "\n"
    }
}

/// A tag value as written, with its escapes resolved: the inside of the value's string token
/// when nothing needs resolving (no copy), else a copy.
#[derive(Debug, Clone)]
pub(crate) enum ValueText {
    /// The bytes `range` of a string token.
    Token(rowan::GreenToken, std::ops::Range<usize>),
    /// A resolved or assembled copy.
    Owned(String),
}

impl ValueText {
    /// The text.
    pub fn as_str(&self) -> &str {
        match self {
            ValueText::Token(token, range) => token.text().get(range.clone()).unwrap_or(""),
            ValueText::Owned(text) => text,
        }
    }
}

/// The value of a tag pair with `\"` and `\\` resolved, and the range of its raw text, from
/// its value element (see [`crate::syntax::pbn::ast::TagPair::name_and_value`]); like
/// [`crate::syntax::pbn::ast::raw_value_of`] then [`crate::syntax::pbn::ast::unescape`], without copying
/// a plain value.
pub(crate) fn value_text_of(
    element: rowan::NodeOrToken<rowan::GreenNode, rowan::GreenToken>,
    offset: crate::syntax::TextSize,
) -> (ValueText, TextRange) {
    use crate::syntax::TextSize;
    let token = match element {
        rowan::NodeOrToken::Token(token) => token,
        structured @ rowan::NodeOrToken::Node(_) => {
            // A structured value (a Deal, say): assembled from its tokens.
            let (raw, range) = crate::syntax::pbn::ast::raw_value_of(&structured, offset);
            let text = if raw.contains('\\') {
                crate::syntax::pbn::ast::unescape(&raw)
            } else {
                raw
            };
            return (ValueText::Owned(text), range);
        }
    };
    let (inner, at) = crate::syntax::pbn::ast::string_inner(token.text());
    let range = TextRange::at(offset + TextSize::from(at as u32), TextSize::of(inner));
    let text = if inner.contains('\\') {
        ValueText::Owned(crate::syntax::pbn::ast::unescape(inner))
    } else {
        let len = inner.len();
        ValueText::Token(token, at..at + len)
    };
    (text, range)
}

/// Reads the structure of a Deal `TAG_VALUE` node.
pub(crate) fn read_deal(value: &SyntaxNode) -> DealText {
    use crate::syntax::TextSize;
    let kind_of = <crate::syntax::PbnLanguage as rowan::Language>::kind_from_raw;
    let mut deal = DealText {
        first: None,
        colon: None,
        hands: Vec::with_capacity(4),
        odd_spacing: Vec::new(),
    };
    // A walk over the green children with offsets computed here: the red tree would
    // allocate a node for each of the forty-odd elements of a deal.
    let mut offset = value.text_range().start();
    for element in value.green().children() {
        let at = offset;
        offset += element.text_len();
        let range = TextRange::at(at, element.text_len());
        match element {
            rowan::NodeOrToken::Token(token) => match kind_of(token.kind()) {
                SyntaxKind::VALUE_TEXT => deal.first = Some((token.text().to_string(), range)),
                SyntaxKind::COLON => deal.colon = Some(range),
                SyntaxKind::WHITESPACE if token.text() != " " => deal.odd_spacing.push(range),
                _ => {}
            },
            rowan::NodeOrToken::Node(hand) if kind_of(hand.kind()) == SyntaxKind::HAND => {
                let mut suits = Vec::with_capacity(4);
                let mut current: Option<(Holding, TextRange)> = None;
                let mut cursor = at;
                let mut unknown = false;
                let mut tokens = 0;
                for child in hand.children() {
                    let child_at = cursor;
                    cursor += child.text_len();
                    let rowan::NodeOrToken::Token(token) = child else {
                        continue;
                    };
                    tokens += 1;
                    unknown = tokens == 1 && token.text() == "-";
                    if kind_of(token.kind()) == SyntaxKind::DOT {
                        suits.push(
                            current
                                .take()
                                .unwrap_or((Holding::default(), TextRange::empty(child_at))),
                        );
                    } else {
                        current = Some((
                            Holding(Some(token.to_owned())),
                            TextRange::at(child_at, token.text_len()),
                        ));
                    }
                }
                suits.push(current.unwrap_or((Holding::default(), TextRange::empty(cursor))));
                deal.hands.push(HandText {
                    range,
                    unknown: unknown && tokens == 1 && hand.text_len() == TextSize::from(1),
                    suits,
                });
            }
            _ => {}
        }
    }
    deal
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::{pbn::ast::Game, Parse};

    fn contract(text: &str) -> Option<(String, Option<String>)> {
        read_contract(text).map(|r| (r.value.pbn(), r.standard))
    }

    #[test]
    fn contracts_standard_and_understood() {
        assert_eq!(contract("4S"), Some(("4S".into(), None)));
        assert_eq!(contract("3ntx"), Some(("3NTX".into(), None)));
        assert_eq!(contract("6NTXX"), Some(("6NTXX".into(), None)));
        assert_eq!(contract("Pass"), Some(("Pass".into(), None)));
        assert_eq!(contract("NT"), Some(("NT".into(), None)));
        assert_eq!(contract("3N"), Some(("3NT".into(), Some("3NT".into()))));
        assert_eq!(contract("5Cx"), Some(("5CX".into(), None)));
        assert_eq!(
            contract("3NR"),
            Some(("3NTXX".into(), Some("3NTXX".into())))
        );
        assert_eq!(contract("P"), Some(("Pass".into(), Some("Pass".into()))));
        assert_eq!(contract("8S"), None);
        assert_eq!(contract("0S"), None);
        assert_eq!(contract("4Z"), None);
        assert_eq!(contract(""), None);
    }

    #[test]
    fn results_seats_vulnerability() {
        let r = read_result("NS 9 EW 4").unwrap().value;
        assert_eq!(
            r.tricks,
            ResultTricks::Sides {
                ns: Some(9),
                ew: Some(4)
            }
        );
        assert_eq!(r.declarer_tricks(Some(Seat::West)), Some(4));
        assert!(read_result("^10").unwrap().value.irregular);
        assert!(read_result("14").is_none());
        assert!(read_result("NS 9 NS 4").is_none());
        assert_eq!(read_seat("n").unwrap().value, Seat::North);
        assert_eq!(read_seat("West").unwrap().standard.as_deref(), Some("W"));
        assert!(read_seat("Q").is_none());
        assert_eq!(
            read_vulnerable("Both").unwrap(),
            Reading::legal(Vulnerability::All)
        );
        assert_eq!(
            read_vulnerable("N-S").unwrap(),
            Reading::nonstandard(Vulnerability::NS, "NS")
        );
    }

    #[test]
    fn deal_structure_with_ranges() {
        let text = "[Deal \"N:AK..QJ.T9 -  xx\"]\n";
        let parse = Parse::new(text);
        let game = parse.syntax().children().find_map(Game::cast).unwrap();
        let tag = game.tag_pairs().next().unwrap();
        let deal = read_deal(&tag.value_node().unwrap());
        assert_eq!(deal.first.as_ref().map(|f| f.0.as_str()), Some("N"));
        assert_eq!(deal.hands.len(), 3);
        let first = &deal.hands[0];
        let suits: Vec<&str> = first.suits.iter().map(|s| s.0.as_str()).collect();
        assert_eq!(suits, ["AK", "", "QJ", "T9"]);
        assert_eq!(&text[first.suits[2].1], "QJ");
        assert!(deal.hands[1].unknown);
        assert_eq!(deal.odd_spacing.len(), 1);
    }
}
