//! Typed views of LIN nodes: a piece (board or header) and its pairs.

use std::borrow::Cow;

use super::{LinKind, LinLanguage, LinNode};
use rowan::{GreenNode, GreenNodeData, Language, NodeOrToken, TextRange, TextSize};

/// A board or the vugraph header.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Piece {
    node: LinNode,
    /// The node's green tree, held so that pairs can lend their text from it.
    green: GreenNode,
}

impl Piece {
    /// The piece, if `node` is a board or a header.
    pub fn cast(node: LinNode) -> Option<Piece> {
        matches!(node.kind(), LinKind::BOARD | LinKind::HEADER).then(|| Piece {
            green: node.green().into_owned(),
            node,
        })
    }

    /// The node.
    pub fn syntax(&self) -> &LinNode {
        &self.node
    }

    /// Whether it is a board (rather than the header).
    pub fn is_board(&self) -> bool {
        self.node.kind() == LinKind::BOARD
    }

    /// Its pairs, in order. They are read from the green tree: a checked file reads every pair
    /// of every board, and a syntax node for each cost an allocation and its freeing.
    pub fn pairs(&self) -> Pairs<'_> {
        Pairs {
            children: self.green.children(),
            at: self.node.text_range().start(),
        }
    }

    /// The text of its comment lines (after the `%`, without the one blank that usually
    /// follows it), each run of consecutive lines joined by line ends; runs of empty lines
    /// only are left out.
    pub fn comments(&self) -> Vec<String> {
        let mut runs: Vec<String> = Vec::new();
        let mut run: Vec<&str> = Vec::new();
        let mut flush = |run: &mut Vec<&str>| {
            let text = run.join("\n");
            if !text.trim().is_empty() {
                runs.push(text.trim_end().to_string());
            }
            run.clear();
        };
        for child in self.green.children() {
            match child {
                NodeOrToken::Token(token) => match LinLanguage::kind_from_raw(token.kind()) {
                    LinKind::COMMENT => {
                        let line = token.text().trim_start_matches('%');
                        run.push(line.strip_prefix(' ').unwrap_or(line).trim_end());
                    }
                    LinKind::NEWLINE | LinKind::WHITESPACE => {}
                    _ => flush(&mut run),
                },
                NodeOrToken::Node(_) => flush(&mut run),
            }
        }
        flush(&mut run);
        runs
    }

    /// The web address the piece is made of, with where it is, when it is one.
    pub fn url(&self) -> Option<(&str, TextRange)> {
        // Read from the green children, like the pairs: this is asked of every piece checked.
        let mut at = self.node.text_range().start();
        for child in self.green.children() {
            let start = at;
            at += child.text_len();
            if let NodeOrToken::Token(token) = child {
                if LinLanguage::kind_from_raw(token.kind()) == LinKind::URL {
                    let range = TextRange::at(start, token.text_len());
                    return Some((token.text(), range));
                }
            }
        }
        None
    }
}

/// The pairs of a piece, in order (see [`Piece::pairs`]).
#[derive(Debug, Clone)]
pub struct Pairs<'a> {
    children: rowan::Children<'a>,
    /// Where the next child starts.
    at: TextSize,
}

impl<'a> Iterator for Pairs<'a> {
    type Item = Pair<'a>;

    fn next(&mut self) -> Option<Pair<'a>> {
        for child in self.children.by_ref() {
            let start = self.at;
            self.at += child.text_len();
            if let NodeOrToken::Node(node) = child {
                if LinLanguage::kind_from_raw(node.kind()) == LinKind::PAIR {
                    return Some(Pair::read(node, start));
                }
            }
        }
        None
    }
}

/// One `key|value|` pair, its parts read once from its tokens (or from the text, for a check
/// that builds no tree): it borrows their text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pair<'a> {
    /// The range of the whole pair.
    range: TextRange,
    key: Option<(&'a str, TextRange)>,
    value: Option<(&'a str, TextRange)>,
    /// The end of the first `|`, when there is one.
    first_bar_end: Option<TextSize>,
    bars: u8,
}

impl<'a> Pair<'a> {
    /// Reads a pair node that starts at `start`.
    fn read(node: &'a GreenNodeData, start: TextSize) -> Pair<'a> {
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
                LinKind::KEY if key.is_none() => key = Some((token.text(), range)),
                LinKind::VALUE if value.is_none() => value = Some((token.text(), range)),
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

    /// The pair a scan of `text` found: its key and value (either may be empty) as byte ranges
    /// of `text`, and whether the closing `|` is there. The same pair as the tree's pair node
    /// for that text.
    pub(crate) fn scanned(
        text: &'a str,
        key: std::ops::Range<usize>,
        value: std::ops::Range<usize>,
        closed: bool,
    ) -> Pair<'a> {
        let range = |r: &std::ops::Range<usize>| {
            TextRange::new(TextSize::from(r.start as u32), TextSize::from(r.end as u32))
        };
        let end = if closed { value.end + 1 } else { value.end };
        Pair {
            range: range(&(key.start..end)),
            key: (!key.is_empty()).then(|| (&text[key.clone()], range(&key))),
            value: (!value.is_empty()).then(|| (&text[value.clone()], range(&value))),
            first_bar_end: Some(TextSize::from(value.start as u32)),
            bars: 1 + u8::from(closed),
        }
    }

    /// The range of the whole pair, from its key to its closing `|`.
    pub fn range(&self) -> TextRange {
        self.range
    }

    /// The key as written (`md`, `PC`).
    pub fn key_text(&self) -> &'a str {
        self.key.map_or("", |(t, _)| t)
    }

    /// The key in lower case, without surrounding spaces (`pc` for `PC`); borrowed when it is
    /// written so.
    pub fn key(&self) -> Cow<'a, str> {
        let written = self.key_text();
        // Nearly every key is two lower-case letters: they need no trimming, which looks for
        // white space of every script.
        if matches!(written.as_bytes(), [b'a'..=b'z', b'a'..=b'z']) {
            return Cow::Borrowed(written);
        }
        let key = written.trim();
        if key.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(key.to_ascii_lowercase())
        } else {
            Cow::Borrowed(key)
        }
    }

    /// The value (empty when none).
    pub fn value(&self) -> &'a str {
        self.value.map_or("", |(t, _)| t)
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
