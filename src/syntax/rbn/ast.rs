//! Typed views of RBN nodes.

use rowan::NodeOrToken;

use super::{RbnKind, RbnNode, RbnToken};
use rowan::TextRange;

/// One record (deal) of an RBN file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Record(RbnNode);

/// A labelled line.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Field(RbnNode);

/// A note line (`1 forcing one round`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Note(RbnNode);

/// What a record holds, line by line, in text order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum RecordItem {
    /// A labelled field.
    Field(Field),
    /// A note line.
    Note(Note),
    /// A `{…}` paragraph token.
    Paragraph(RbnToken),
    /// A `%` line.
    Percent(RbnToken),
    /// A line with no label (already reported by the parser).
    Error(RbnNode),
}

impl Record {
    /// The record, if `node` is a `RECORD`.
    pub fn cast(node: RbnNode) -> Option<Record> {
        (node.kind() == RbnKind::RECORD).then_some(Record(node))
    }

    /// The underlying node.
    pub fn syntax(&self) -> &RbnNode {
        &self.0
    }

    /// The record's lines, in order.
    pub fn items(&self) -> impl Iterator<Item = RecordItem> + '_ {
        self.0.children_with_tokens().filter_map(|el| match el {
            NodeOrToken::Node(node) => Some(match node.kind() {
                RbnKind::FIELD => RecordItem::Field(Field(node)),
                RbnKind::NOTE => RecordItem::Note(Note(node)),
                _ => RecordItem::Error(node),
            }),
            NodeOrToken::Token(token) => match token.kind() {
                RbnKind::PARAGRAPH => Some(RecordItem::Paragraph(token)),
                RbnKind::PERCENT_LINE => Some(RecordItem::Percent(token)),
                _ => None,
            },
        })
    }

    /// The fields, in order.
    pub fn fields(&self) -> impl Iterator<Item = Field> + '_ {
        self.items().filter_map(|item| match item {
            RecordItem::Field(field) => Some(field),
            _ => None,
        })
    }

    /// The first field with this (upper-case) label.
    pub fn field(&self, label: char) -> Option<Field> {
        self.fields().find(|f| f.label() == label)
    }

    /// Whether the record holds only `%` lines.
    pub fn is_header_only(&self) -> bool {
        self.items()
            .all(|item| matches!(item, RecordItem::Percent(_)))
    }
}

/// The label token and the data after it (from the first token after the space to the line end).
fn label_and_data(node: &RbnNode) -> (Option<RbnToken>, Option<TextRange>) {
    let mut label = None;
    let mut range: Option<TextRange> = None;
    for el in node.children_with_tokens() {
        let el_range = el.text_range();
        match el.kind() {
            RbnKind::LABEL if label.is_none() => label = el.into_token(),
            // The data past the cap on a line is not read.
            RbnKind::NEWLINE | RbnKind::UNREAD => {}
            RbnKind::WHITESPACE if range.is_none() => {}
            _ => range = Some(range.map_or(el_range, |r| r.cover(el_range))),
        }
    }
    (label, range)
}

impl Field {
    /// The field, if `node` is a `FIELD`.
    pub fn cast(node: RbnNode) -> Option<Field> {
        (node.kind() == RbnKind::FIELD).then_some(Field(node))
    }

    /// The underlying node.
    pub fn syntax(&self) -> &RbnNode {
        &self.0
    }

    /// The label token.
    pub fn label_token(&self) -> Option<RbnToken> {
        label_and_data(&self.0).0
    }

    /// The label in upper case (`?` if somehow missing).
    pub fn label(&self) -> char {
        self.label_token()
            .and_then(|t| t.text().chars().next())
            .map_or('?', |c| c.to_ascii_uppercase())
    }

    /// The range of the data (none for a null field).
    pub fn value_range(&self) -> Option<TextRange> {
        label_and_data(&self.0).1
    }

    /// The data as written and read (empty for a null field; without what stands past the
    /// cap on a line).
    pub fn value(&self) -> String {
        match self.value_range() {
            Some(range) => {
                let node = self.0.text_range().start();
                let relative = TextRange::new(range.start() - node, range.end() - node);
                // Only the data is copied, not the whole line.
                self.0.text().slice(relative).to_string()
            }
            None => String::new(),
        }
    }

    /// Whether the line is so long that the end of its data is kept unread (past
    /// [`RBN_DATA_CAP`](super::RBN_DATA_CAP)).
    pub fn has_unread_data(&self) -> bool {
        self.0
            .children_with_tokens()
            .any(|e| e.kind() == RbnKind::UNREAD)
    }

    /// The range of the line without its line end.
    pub fn line_range(&self) -> TextRange {
        let range = self.0.text_range();
        let newline = self
            .0
            .last_token()
            .filter(|t| t.kind() == RbnKind::NEWLINE)
            .map_or(0.into(), |t| t.text_range().len());
        TextRange::new(range.start(), range.end() - newline)
    }
}

impl Note {
    /// The underlying node.
    pub fn syntax(&self) -> &RbnNode {
        &self.0
    }

    /// The note's digit (0–9).
    pub fn index(&self) -> u8 {
        label_and_data(&self.0)
            .0
            .and_then(|t| t.text().bytes().next())
            .map_or(0, |b| b.wrapping_sub(b'0').min(9))
    }

    /// The label token.
    pub fn label_token(&self) -> Option<RbnToken> {
        label_and_data(&self.0).0
    }

    /// The note's text.
    pub fn text(&self) -> String {
        self.0
            .children_with_tokens()
            .filter(|el| el.kind() == RbnKind::TEXT)
            .filter_map(|el| el.into_token())
            .map(|t| t.text().to_string())
            .collect()
    }
}
