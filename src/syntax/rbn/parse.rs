//! A parsed RBN file, and keeping it current under edits.
//!
//! A file is a sequence of records and blank-line runs. Nothing in RBN spans a blank line (a
//! paragraph ends with its record), so where records begin and end depends only on which lines
//! are blank: an edit re-splits and reparses the records around it and keeps the others.

use std::ops::Range;

use rowan::{GreenNode, GreenToken, NodeOrToken};

use super::parser::parse_record;
use super::{RbnKind, RbnLanguage};
use crate::syntax::error::SyntaxError;
use crate::syntax::top::{TopGrammar, TopLevel};

/// A child of the file node: a record (node) or a run of blank lines (token).
pub type RbnGreenElement = NodeOrToken<GreenNode, GreenToken>;

/// One piece of the file: blank lines, or a record's lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    range: Range<usize>,
    blank: bool,
}

/// Whether a line's content (without its line end) counts as blank.
fn is_blank(content: &[u8]) -> bool {
    content.iter().all(|b| *b == b' ' || *b == b'\t')
}

/// Splits `text` into blank runs and records; the pieces cover it exactly.
fn split(text: &str) -> Vec<Piece> {
    pieces(text).collect()
}

/// The pieces of `text` one after another (what [`split`] collects), for a reader that holds
/// one at a time.
fn pieces(text: &str) -> impl Iterator<Item = Piece> + '_ {
    let bytes = text.as_bytes();
    let mut start = 0;
    // The run being extended: it is handed out when a line of the other kind begins.
    let mut open: Option<Piece> = None;
    std::iter::from_fn(move || {
        while start < bytes.len() {
            let end =
                memchr::memchr2(b'\n', b'\r', &bytes[start..]).map_or(bytes.len(), |at| start + at);
            let blank = is_blank(&bytes[start..end]);
            let next = if end + 1 < bytes.len() && bytes[end] == b'\r' && bytes[end + 1] == b'\n' {
                end + 2
            } else {
                (end + 1).min(bytes.len())
            };
            let line = start..next;
            start = next;
            match &mut open {
                Some(run) if run.blank == blank => run.range.end = line.end,
                _ => {
                    let done = open.replace(Piece { range: line, blank });
                    if done.is_some() {
                        return done;
                    }
                }
            }
        }
        open.take()
    })
}

/// Each piece of `text` parsed on its own, one at a time, with its start: for a reader that
/// needs every record once and not the whole tree (the file check). Texts of 4 GiB or more are
/// cut at the limit, as for a whole parse.
pub fn parsed_pieces(
    text: &str,
) -> impl Iterator<Item = (RbnGreenElement, Vec<SyntaxError>, u32)> + '_ {
    let text = crate::syntax::clip(text);
    pieces(text).map(move |piece| {
        let (element, errors) = parse_piece(text, &piece);
        (element, errors, piece.range.start as u32)
    })
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

impl TopGrammar for RbnLanguage {
    type Piece = Piece;
    type Cache = ();
    const BLANK_RUNS: bool = true;

    fn split(text: &str) -> (Vec<Piece>, bool) {
        // Nothing in RBN spans a blank line, so nothing is ever left open.
        (split(text), false)
    }

    fn range(piece: &Piece) -> Range<usize> {
        piece.range.clone()
    }

    fn is_blank(piece: &Piece) -> bool {
        piece.blank
    }

    fn build(text: &str, piece: &Piece, _: &mut ()) -> (RbnGreenElement, Vec<SyntaxError>) {
        parse_piece(text, piece)
    }
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
