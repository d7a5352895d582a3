//! Finding game boundaries without parsing.
//!
//! A game ends at a semi-empty line (only spaces and tabs) unless that line lies inside a `{}`
//! comment. Strings, `;` comments and `%` escape lines can hide a `{`, so the splitter follows
//! exactly the lexer's rules for those four constructs and nothing else; everything else on a
//! line is irrelevant to where games end.

use std::ops::Range;

/// One piece of a file: a run of blank lines or a chunk of text between them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// Semi-empty lines, with their line ends.
    Blank(Range<usize>),
    /// Everything from a non-blank line to the line end before the next semi-empty line.
    Chunk(Range<usize>),
}

impl Piece {
    /// The byte range of the piece.
    pub fn range(&self) -> Range<usize> {
        match self {
            Piece::Blank(r) | Piece::Chunk(r) => r.clone(),
        }
    }

    /// Whether this piece is a run of blank lines.
    pub fn is_blank(&self) -> bool {
        matches!(self, Piece::Blank(_))
    }
}

/// Splits `text` into blank runs and chunks; the pieces cover the text exactly, in order.
pub fn split(text: &str) -> Vec<Piece> {
    Splitter::all(text)
}

/// An iterator over the pieces of a text, starting at a line start.
pub struct Splitter<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// Set when the last chunk ended inside an unclosed `{` comment (at the end of the text).
    pub ended_in_comment: bool,
}

impl<'a> Splitter<'a> {
    /// A splitter over `bytes` starting at `pos`, which must be the start of a line.
    pub fn new(bytes: &'a [u8], pos: usize) -> Splitter<'a> {
        Splitter {
            bytes,
            pos,
            ended_in_comment: false,
        }
    }

    /// All the pieces of `text`.
    pub fn all(text: &str) -> Vec<Piece> {
        let mut pieces = Vec::new();
        let mut splitter = Splitter::new(text.as_bytes(), 0);
        while let Some(piece) = splitter.next_piece() {
            pieces.push(piece);
        }
        pieces
    }

    /// The next piece, or `None` at the end of the text.
    pub fn next_piece(&mut self) -> Option<Piece> {
        let start = self.pos;
        if start >= self.bytes.len() {
            return None;
        }
        if let Some(end) = self.blank_line_end(start) {
            let mut pos = end;
            while let Some(next) = self.blank_line_end(pos) {
                pos = next;
            }
            self.pos = pos;
            return Some(Piece::Blank(start..pos));
        }
        let mut pos = start;
        loop {
            pos = self.scan_line(pos);
            if pos >= self.bytes.len() || self.blank_line_end(pos).is_some() {
                break;
            }
        }
        self.pos = pos;
        Some(Piece::Chunk(start..pos))
    }

    /// If the line at `pos` is semi-empty, the offset after its line end.
    fn blank_line_end(&self, pos: usize) -> Option<usize> {
        if pos >= self.bytes.len() {
            return None;
        }
        let mut i = pos;
        while i < self.bytes.len() && matches!(self.bytes[i], b' ' | b'\t') {
            i += 1;
        }
        match self.bytes.get(i) {
            None => Some(i),
            Some(b'\n') => Some(i + 1),
            Some(b'\r') => Some(if self.bytes.get(i + 1) == Some(&b'\n') {
                i + 2
            } else {
                i + 1
            }),
            Some(_) => None,
        }
    }

    /// Scans one line from its start, following strings, comments and escape lines; returns the
    /// offset of the next line start (a brace comment may carry the scan over several lines).
    fn scan_line(&mut self, start: usize) -> usize {
        let bytes = self.bytes;
        let mut i = start;
        if bytes.get(i) == Some(&b'%') {
            return self.after_line_end(i);
        }
        let mut line_end = self.line_end(i);
        loop {
            let Some(off) = memchr::memchr3(b'"', b';', b'{', &bytes[i..line_end]) else {
                return self.after_line_end(line_end);
            };
            let at = i + off;
            match bytes[at] {
                b'"' => match super::lexer::string_end(&bytes[..line_end], at + 1) {
                    Some(end) => i = end,
                    None => return self.after_line_end(line_end),
                },
                b';' => return self.after_line_end(line_end),
                _ => match memchr::memchr(b'}', &bytes[at + 1..]) {
                    Some(close) => {
                        i = at + close + 2;
                        if i > line_end {
                            line_end = self.line_end(i);
                        }
                    }
                    None => {
                        self.ended_in_comment = true;
                        return bytes.len();
                    }
                },
            }
        }
    }

    /// The offset of the first line end at or after `from` (or the end of the text).
    fn line_end(&self, from: usize) -> usize {
        memchr::memchr2(b'\n', b'\r', &self.bytes[from..]).map_or(self.bytes.len(), |n| from + n)
    }

    /// The offset after the line end found at or after `from`.
    fn after_line_end(&self, from: usize) -> usize {
        let bytes = self.bytes;
        match memchr::memchr2(b'\n', b'\r', &bytes[from..]) {
            None => bytes.len(),
            Some(off) => {
                let at = from + off;
                if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') {
                    at + 2
                } else {
                    at + 1
                }
            }
        }
    }
}
