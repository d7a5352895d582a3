//! Finding game boundaries without parsing.
//!
//! A game ends at a semi-empty line (only spaces and tabs) unless that line lies inside a `{}`
//! comment. Strings, `;` comments and `%` escape lines can hide a `{`, so the splitter follows
//! exactly the lexer's rules for those four constructs and nothing else; everything else on a
//! line is irrelevant to where games end.

use std::ops::Range;

/// The bytes that matter when scanning a line: line ends, `"`, `;` and `{`.
const SPECIAL: [bool; 256] = {
    let mut table = [false; 256];
    table[b'\n' as usize] = true;
    table[b'\r' as usize] = true;
    table[b'"' as usize] = true;
    table[b';' as usize] = true;
    table[b'{' as usize] = true;
    table
};

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
    ///
    /// PBN lines are short, so a byte loop over a class table beats repeated `memchr` calls.
    fn scan_line(&mut self, start: usize) -> usize {
        let bytes = self.bytes;
        let len = bytes.len();
        let mut i = start;
        if bytes.get(i) == Some(&b'%') {
            return self.after_line_end(i);
        }
        loop {
            while i < len && !SPECIAL[usize::from(bytes[i])] {
                i += 1;
            }
            let Some(&b) = bytes.get(i) else {
                return len;
            };
            match b {
                b'\n' => return i + 1,
                b'\r' => {
                    return if bytes.get(i + 1) == Some(&b'\n') {
                        i + 2
                    } else {
                        i + 1
                    }
                }
                b'"' => {
                    // Inside a string only the closing quote, a backslash or a line end matter.
                    i += 1;
                    while i < len {
                        match bytes[i] {
                            b'"' => {
                                i += 1;
                                break;
                            }
                            b'\\' if !matches!(bytes.get(i + 1), Some(b'\n' | b'\r') | None) => {
                                i += 2
                            }
                            b'\n' | b'\r' => break,
                            _ => i += 1,
                        }
                    }
                }
                b';' => return self.after_line_end(i),
                _ => match memchr::memchr(b'}', &bytes[i + 1..]) {
                    Some(close) => i += close + 2,
                    None => {
                        self.ended_in_comment = true;
                        return len;
                    }
                },
            }
        }
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
