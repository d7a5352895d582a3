//! A parsed RBN file, and keeping it current under edits.
//!
//! A file is a sequence of records and blank-line runs. Nothing in RBN spans a blank line (a
//! paragraph ends with its record), so where records begin and end depends only on which lines
//! are blank: an edit re-splits and reparses the records around it and keeps the others.

use std::ops::Range;

use rowan::{GreenNode, GreenToken, NodeOrToken};

use super::parser::parse_record;
use super::{RbnKind, RbnLanguage, RbnNode};
use crate::syntax::error::SyntaxError;
use crate::syntax::parse::clip;
use crate::syntax::parse::TextSource;
use crate::syntax::top::TopLevel;
use rowan::{TextRange, TextSize};

/// A child of the file node: a record (node) or a run of blank lines (token).
pub type RbnGreenElement = NodeOrToken<GreenNode, GreenToken>;

/// One piece of the file: blank lines, or a record's lines.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Piece {
    range: Range<usize>,
    blank: bool,
}

/// Whether a line's content (without its line end) counts as blank.
fn is_blank(content: &[u8]) -> bool {
    content.iter().all(|b| *b == b' ' || *b == b'\t')
}

/// Splits `text` into blank runs and records; the pieces cover it exactly.
fn split(text: &str) -> Vec<Piece> {
    let bytes = text.as_bytes();
    let mut pieces: Vec<Piece> = Vec::new();
    let mut start = 0;
    while start < bytes.len() {
        let mut end = start;
        while end < bytes.len() && bytes[end] != b'\n' && bytes[end] != b'\r' {
            end += 1;
        }
        let blank = is_blank(&bytes[start..end]);
        let next = if end + 1 < bytes.len() && bytes[end] == b'\r' && bytes[end + 1] == b'\n' {
            end + 2
        } else {
            (end + 1).min(bytes.len())
        };
        match pieces.last_mut() {
            Some(last) if last.blank == blank => last.range.end = next,
            _ => pieces.push(Piece {
                range: start..next,
                blank,
            }),
        }
        start = next;
    }
    pieces
}

fn parse_piece(text: &str, piece: &Piece) -> (RbnGreenElement, Vec<SyntaxError>) {
    let piece_text = &text[piece.range.clone()];
    if piece.blank {
        let token = GreenToken::new(RbnKind::BLANK_LINES.into(), piece_text);
        (NodeOrToken::Token(token), Vec::new())
    } else {
        let (node, errors) = parse_record(piece_text);
        (NodeOrToken::Node(node), errors)
    }
}

/// The syntax tree of a whole RBN file and its syntax errors (R901, R905, R906).
pub type RbnParse = TopLevel<RbnLanguage>;

impl RbnParse {
    /// Parses a whole text (texts of 4 GiB or more are cut at the limit).
    pub fn new(text: &str) -> RbnParse {
        let text = clip(text);
        let pieces = split(text);
        let mut parse = RbnParse::with_capacity(text.len() as u32, pieces.len());
        for piece in pieces {
            let (element, errors) = parse_piece(text, &piece);
            let start = piece.range.start as u32;
            let errors = errors
                .into_iter()
                .map(|e| shifted(e, start as i64))
                .collect();
            parse.push(element, start, errors);
        }
        parse
    }

    /// Each record as a red node rooted at its own start, with that start (per-record trees).
    pub fn records(&self) -> impl Iterator<Item = (RbnNode, u32)> + '_ {
        self.chunks()
    }

    /// Updates the tree after the bytes `old_range` of the old text were replaced by
    /// `inserted_len` bytes; `new_text` is the whole new text. The result equals
    /// `RbnParse::new(new_text)`; inconsistent ranges fall back to a full parse.
    pub fn apply_edit(
        &mut self,
        old_range: Range<usize>,
        inserted_len: usize,
        new_text: &(impl TextSource + ?Sized),
    ) {
        let old_len = self.len as usize;
        let consistent = old_range.start <= old_range.end
            && old_range.end <= old_len
            && old_len - (old_range.end - old_range.start) + inserted_len == new_text.len()
            && new_text.len() < u32::MAX as usize - 1;
        if !consistent || self.children.is_empty() {
            *self = RbnParse::new(&new_text.slice(0..new_text.len()));
            return;
        }
        let delta = inserted_len as i64 - (old_range.end - old_range.start) as i64;
        let n = self.children.len();
        let index_of = |offset: usize| {
            self.starts
                .partition_point(|&s| s as usize <= offset)
                .saturating_sub(1)
        };
        // One child of margin on each side: the edit may make its own lines blank or not,
        // which merges or splits the neighbours.
        let mut first = index_of(old_range.start).saturating_sub(1);
        let mut last = (index_of(old_range.end) + 2).min(n); // exclusive
        loop {
            let region_start = self.starts[first] as usize;
            let region_end = if last >= n {
                new_text.len()
            } else {
                (self.starts[last] as i64 + delta) as usize
            };
            let text = new_text.slice(region_start..region_end);
            let pieces = split(&text);
            let blank_before = first > 0 && self.is_blank(first - 1);
            let start_ok = first == 0
                || pieces
                    .first()
                    .map_or(last >= n || self.is_blank(last) != blank_before, |p| {
                        p.blank != blank_before
                    });
            let end_ok = last >= n
                || pieces
                    .last()
                    .map_or(first == 0, |p| p.blank != self.is_blank(last));
            if !start_ok {
                first -= 1;
                continue;
            }
            if !end_ok {
                last += 1;
                continue;
            }
            let old_region_end = if last >= n {
                self.len
            } else {
                self.starts[last]
            };
            let mut children = Vec::with_capacity(pieces.len());
            let mut starts = Vec::with_capacity(pieces.len());
            let mut errors = Vec::new();
            for piece in &pieces {
                let (element, errs) = parse_piece(&text, piece);
                let start = (region_start + piece.range.start) as u32;
                children.push(element);
                starts.push(start);
                errors.extend(errs.into_iter().map(|e| shifted(e, start as i64)));
            }
            self.replace_region(
                first..last,
                children,
                starts,
                errors,
                region_start as u32..old_region_end,
                delta,
                new_text.len(),
            );
            return;
        }
    }
}

fn shifted(mut error: SyntaxError, by: i64) -> SyntaxError {
    let start = (u32::from(error.range.start()) as i64 + by).max(0) as u32;
    let end = (u32::from(error.range.end()) as i64 + by).max(start as i64) as u32;
    error.range = TextRange::new(TextSize::from(start), TextSize::from(end));
    error
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_alternates_records_and_blank_runs() {
        let pieces = split("% RBN\nB 1\n\n \t\r\nB 2\r\n");
        let ranges: Vec<_> = pieces.iter().map(|p| (p.range.clone(), p.blank)).collect();
        assert_eq!(
            ranges,
            vec![(0..10, false), (10..15, true), (15..20, false)]
        );
    }
}
