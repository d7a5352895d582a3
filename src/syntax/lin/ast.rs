//! Typed views of LIN nodes: a piece (board or header) and its pairs.

use std::borrow::Cow;

use super::{LinKind, LinLanguage, LinNode};
use rowan::{GreenNode, GreenNodeData, GreenToken, Language, NodeOrToken, TextRange, TextSize};

/// A board or the vugraph header.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Piece(LinNode);

impl Piece {
    /// The piece, if `node` is a board or a header.
    pub fn cast(node: LinNode) -> Option<Piece> {
        matches!(node.kind(), LinKind::BOARD | LinKind::HEADER).then_some(Piece(node))
    }

    /// The node.
    pub fn syntax(&self) -> &LinNode {
        &self.0
    }

    /// Whether it is a board (rather than the header).
    pub fn is_board(&self) -> bool {
        self.0.kind() == LinKind::BOARD
    }

    /// Its pairs, in order. They are read from the green tree: a checked file reads every pair
    /// of every board, and a syntax node for each cost an allocation and its freeing.
    pub fn pairs(&self) -> Pairs {
        Pairs {
            green: self.0.green().into_owned(),
            index: 0,
            at: self.0.text_range().start(),
        }
    }

    /// The web address the piece is made of, with where it is, when it is one.
    pub fn url(&self) -> Option<(String, TextRange)> {
        // Read from the green children, like the pairs: this is asked of every piece checked.
        let mut at = self.0.text_range().start();
        for child in self.0.green().children() {
            let start = at;
            at += child.text_len();
            if let NodeOrToken::Token(token) = child {
                if LinLanguage::kind_from_raw(token.kind()) == LinKind::URL {
                    let range = TextRange::at(start, token.text_len());
                    return Some((token.text().to_string(), range));
                }
            }
        }
        None
    }
}

/// The pairs of a piece, in order (see [`Piece::pairs`]).
#[derive(Debug, Clone)]
pub struct Pairs {
    green: GreenNode,
    index: usize,
    /// Where the child at `index` starts.
    at: TextSize,
}

impl Iterator for Pairs {
    type Item = Pair;

    fn next(&mut self) -> Option<Pair> {
        loop {
            // `nth` on a green node's children indexes its slice: no walk from the start.
            let child = self.green.children().nth(self.index)?;
            self.index += 1;
            let start = self.at;
            self.at += child.text_len();
            if let NodeOrToken::Node(node) = child {
                if LinLanguage::kind_from_raw(node.kind()) == LinKind::PAIR {
                    return Some(Pair::read(node, start));
                }
            }
        }
    }
}

/// One `key|value|` pair, its parts read once from its tokens.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pair {
    /// The range of the whole pair.
    range: TextRange,
    key: Option<(GreenToken, TextRange)>,
    value: Option<(GreenToken, TextRange)>,
    /// The end of the first `|`, when there is one.
    first_bar_end: Option<TextSize>,
    bars: u8,
}

impl Pair {
    /// The pair, if `node` is one.
    /// Reads a pair node that starts at `start`.
    fn read(node: &GreenNodeData, start: TextSize) -> Pair {
        let mut at = start;
        let (mut key, mut value, mut first_bar_end, mut bars) = (None, None, None, 0u8);
        for child in node.children() {
            let len = child.text_len();
            let range = TextRange::at(at, len);
            at += len;
            let NodeOrToken::Token(token) = child else {
                continue;
            };
            match LinLanguage::kind_from_raw(token.kind()) {
                LinKind::KEY if key.is_none() => key = Some((token.to_owned(), range)),
                LinKind::VALUE if value.is_none() => value = Some((token.to_owned(), range)),
                LinKind::BAR => {
                    bars = bars.saturating_add(1);
                    first_bar_end.get_or_insert(range.end());
                }
                _ => {}
            }
        }
        Pair {
            range: TextRange::at(start, node.text_len()),
            key,
            value,
            first_bar_end,
            bars,
        }
    }

    /// The range of the whole pair, from its key to its closing `|`.
    pub fn range(&self) -> TextRange {
        self.range
    }

    /// The key as written (`md`, `PC`).
    pub fn key_text(&self) -> &str {
        self.key.as_ref().map_or("", |(t, _)| t.text())
    }

    /// The key in lower case, without surrounding spaces (`pc` for `PC`); borrowed when it is
    /// written so.
    pub fn key(&self) -> Cow<'_, str> {
        let key = self.key_text().trim();
        if key.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(key.to_ascii_lowercase())
        } else {
            Cow::Borrowed(key)
        }
    }

    /// The value (empty when none).
    pub fn value(&self) -> &str {
        self.value.as_ref().map_or("", |(t, _)| t.text())
    }

    /// Where the key is.
    pub fn key_range(&self) -> TextRange {
        self.key
            .as_ref()
            .map(|(_, r)| *r)
            .unwrap_or_else(|| TextRange::empty(self.range.start()))
    }

    /// Where the value is (an empty range after the first `|` when there is none).
    pub fn value_range(&self) -> TextRange {
        if let Some((_, range)) = &self.value {
            return *range;
        }
        TextRange::empty(self.first_bar_end.unwrap_or_else(|| self.range.end()))
    }

    /// Whether the pair ends with its closing `|`.
    pub fn is_closed(&self) -> bool {
        self.bars == 2
    }
}
