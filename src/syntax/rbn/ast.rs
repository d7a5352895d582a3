//! Typed views of RBN nodes.

use rowan::NodeOrToken;

use super::{RbnKind, RbnLanguage, RbnNode, RbnToken};
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
    let label = node
        .children_with_tokens()
        .find(|el| el.kind() == RbnKind::LABEL)
        .and_then(|el| el.into_token());
    (label, data_range(node))
}

/// The kind of a green child.
fn green_kind(child: rowan::NodeOrToken<&rowan::GreenNodeData, &rowan::GreenTokenData>) -> RbnKind {
    <RbnLanguage as rowan::Language>::kind_from_raw(child.kind())
}

/// The range of a field's data: from the first token after the label's space to the last one
/// before the line end (what stands past the cap left out). Read from the green tree: walking
/// red children makes a node for each, and every field's data is asked for by the checks and
/// the reading alike.
fn data_range(node: &RbnNode) -> Option<TextRange> {
    let mut at = node.text_range().start();
    let mut label_seen = false;
    let mut range: Option<TextRange> = None;
    for child in node.green().children() {
        let child_range = TextRange::at(at, child.text_len());
        at = child_range.end();
        match green_kind(child) {
            RbnKind::LABEL if !label_seen => label_seen = true,
            // The data past the cap on a line is not read.
            RbnKind::NEWLINE | RbnKind::UNREAD => {}
            RbnKind::WHITESPACE if range.is_none() => {}
            _ => range = Some(range.map_or(child_range, |r| r.cover(child_range))),
        }
    }
    range
}

/// Calls `f` with the text of each token of a green node in order, with its offset from the
/// node's start; `at` is advanced past the node.
fn each_green_token(node: &rowan::GreenNodeData, at: &mut usize, f: &mut impl FnMut(usize, &str)) {
    for child in node.children() {
        match child {
            NodeOrToken::Token(token) => {
                f(*at, token.text());
                *at += token.text().len();
            }
            NodeOrToken::Node(node) => each_green_token(node, at, f),
        }
    }
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
        self.0
            .green()
            .children()
            .find(|child| green_kind(*child) == RbnKind::LABEL)
            .and_then(|child| child.into_token())
            .and_then(|token| token.text().chars().next())
            .map_or('?', |c| c.to_ascii_uppercase())
    }

    /// The range of the data (none for a null field).
    pub fn value_range(&self) -> Option<TextRange> {
        data_range(&self.0)
    }

    /// The data as written and read (empty for a null field; without what stands past the
    /// cap on a line).
    pub fn value(&self) -> String {
        let Some(range) = self.value_range() else {
            return String::new();
        };
        let node = self.0.text_range().start();
        let (start, end) = (
            usize::from(range.start() - node),
            usize::from(range.end() - node),
        );
        // The line's text before and within the data (the unread rest is not copied).
        let mut text = String::with_capacity(end);
        each_green_token(self.0.green().as_ref(), &mut 0, &mut |offset, token| {
            if offset < end {
                text.push_str(token);
            }
        });
        text.get(start..end).map(str::to_string).unwrap_or_default()
    }

    /// Calls `f` with the line's text (without its line end) a piece at a time, in order,
    /// without copying it: the line may be megabytes long.
    pub fn line_chunks(&self, mut f: impl FnMut(&str)) {
        let node = self.0.text_range().start();
        let line = self.line_range();
        let (start, end) = (
            usize::from(line.start() - node),
            usize::from(line.end() - node),
        );
        let mut at = 0;
        each_green_token(self.0.green().as_ref(), &mut at, &mut |offset, text| {
            let from = start.max(offset) - offset;
            let to = end.min(offset + text.len()).saturating_sub(offset);
            if let Some(chunk) = text.get(from..to).filter(|c| !c.is_empty()) {
                f(chunk);
            }
        });
    }

    /// Whether the line is so long that the end of its data is kept unread (past
    /// [`RBN_DATA_CAP`](super::RBN_DATA_CAP)).
    pub fn has_unread_data(&self) -> bool {
        self.0
            .green()
            .children()
            .any(|child| green_kind(child) == RbnKind::UNREAD)
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
