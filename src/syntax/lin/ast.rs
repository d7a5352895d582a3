//! Typed views of LIN nodes: a piece (board or header) and its pairs.

use super::{LinKind, LinNode};
use rowan::TextRange;

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

    /// Its pairs, in order.
    pub fn pairs(&self) -> impl Iterator<Item = Pair> + '_ {
        self.0.children().filter_map(Pair::cast)
    }

    /// The web address the piece is made of, with where it is, when it is one.
    pub fn url(&self) -> Option<(String, TextRange)> {
        self.0
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| t.kind() == LinKind::URL)
            .map(|t| (t.text().to_string(), t.text_range()))
    }
}

/// One `key|value|` pair.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pair(LinNode);

impl Pair {
    /// The pair, if `node` is one.
    pub fn cast(node: LinNode) -> Option<Pair> {
        (node.kind() == LinKind::PAIR).then_some(Pair(node))
    }

    /// The node.
    pub fn syntax(&self) -> &LinNode {
        &self.0
    }

    /// The key as written (`md`, `PC`).
    pub fn key_text(&self) -> String {
        self.token(LinKind::KEY).unwrap_or_default()
    }

    /// The key in lower case, without surrounding spaces (`pc` for `PC`).
    pub fn key(&self) -> String {
        self.key_text().trim().to_ascii_lowercase()
    }

    /// The value (empty when none).
    pub fn value(&self) -> String {
        self.token(LinKind::VALUE).unwrap_or_default()
    }

    /// Where the key is.
    pub fn key_range(&self) -> TextRange {
        self.range_of(LinKind::KEY)
            .unwrap_or_else(|| TextRange::empty(self.0.text_range().start()))
    }

    /// Where the value is (an empty range after the first `|` when there is none).
    pub fn value_range(&self) -> TextRange {
        if let Some(range) = self.range_of(LinKind::VALUE) {
            return range;
        }
        let after_bar = self
            .0
            .children_with_tokens()
            .find(|e| e.kind() == LinKind::BAR)
            .map(|e| e.text_range().end())
            .unwrap_or_else(|| self.0.text_range().end());
        TextRange::empty(after_bar)
    }

    /// Whether the pair ends with its closing `|`.
    pub fn is_closed(&self) -> bool {
        self.0
            .children_with_tokens()
            .filter(|e| e.kind() == LinKind::BAR)
            .count()
            == 2
    }

    fn token(&self, kind: LinKind) -> Option<String> {
        self.0
            .children_with_tokens()
            .find(|e| e.kind() == kind)
            .and_then(|e| e.into_token())
            .map(|t| t.text().to_string())
    }

    fn range_of(&self, kind: LinKind) -> Option<TextRange> {
        self.0
            .children_with_tokens()
            .find(|e| e.kind() == kind)
            .map(|e| e.text_range())
    }
}
