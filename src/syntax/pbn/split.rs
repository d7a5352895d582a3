//! Finding game boundaries without parsing.
//!
//! A game ends at a semi-empty line (only spaces and tabs) unless that line lies inside a `{}`
//! comment. Strings, `;` comments and `%` escape lines can hide a `{`, so the splitter follows
//! exactly the lexer's rules for those four constructs and nothing else; everything else on a
//! line is irrelevant to where games end.
//!
//! One `{` is no comment: among the data of a supplemental section, where PBN forbids comments,
//! a `{` not closed on its own line starts stray text up to the line end. Whether a `{` stands
//! there depends on the tag pairs before it, so for a `{` that would carry a comment past its
//! line end the splitter asks the parser itself, which it runs from the last tag pair alone on
//! its line (or from where it last stopped), so that at most a few lines of a game are read
//! twice.

use std::ops::Range;

use super::parser::GameState;

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

/// 0x80 in each byte of `x` equal to `byte`, nothing elsewhere (exact: no carries between bytes).
#[inline]
fn bytes_equal(x: u64, byte: u8) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let v = x ^ (u64::from(byte) * 0x0101_0101_0101_0101);
    !(((v & LOW7).wrapping_add(LOW7)) | v | LOW7)
}

/// The start of the next line when the line at `start` holds no `{` before its line end;
/// `None` when it does (or the text ends first), and the line needs the exact scan.
/// Eight bytes are tested at a time.
#[inline]
fn plain_line_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut i = start;
    while let Some(Ok(word)) = bytes.get(i..i + 8).map(<[u8; 8]>::try_from) {
        let x = u64::from_le_bytes(word);
        let ends = bytes_equal(x, b'\n') | bytes_equal(x, b'\r');
        let braces = bytes_equal(x, b'{');
        if ends | braces == 0 {
            i += 8;
            continue;
        }
        let first_end = ends.trailing_zeros();
        if braces != 0 && braces.trailing_zeros() < first_end {
            return None;
        }
        let at = i + (first_end / 8) as usize;
        return Some(if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') {
            at + 2
        } else {
            at + 1
        });
    }
    None
}

/// What a `{` that is not closed on its own line turns out to be.
enum Brace {
    /// The start of a comment.
    Comment,
    /// Stray text; the scan goes on from this offset.
    Stray(usize),
}

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
#[cfg(test)]
pub fn split(text: &str) -> Vec<Piece> {
    Splitter::all(text)
}

/// An iterator over the pieces of a text, starting at a line start.
pub(crate) struct Splitter<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    /// Set when the last chunk ended inside an unclosed `{` comment (at the end of the text).
    pub ended_in_comment: bool,
    /// The parser's state in the current chunk, once a `{` has needed it.
    game: Option<GameState>,
    /// The last line of the current chunk, outside comments, that starts with `[`.
    tag_line: Option<usize>,
}

impl<'a> Splitter<'a> {
    /// A splitter over `text` starting at `pos`, which must be the start of a line.
    pub fn new(text: &'a str, pos: usize) -> Splitter<'a> {
        Splitter {
            text,
            bytes: text.as_bytes(),
            pos,
            ended_in_comment: false,
            game: None,
            tag_line: None,
        }
    }

    /// All the pieces of `text`.
    pub fn all(text: &str) -> Vec<Piece> {
        let mut pieces = Vec::new();
        let mut splitter = Splitter::new(text, 0);
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
        self.game = None;
        self.tag_line = None;
        loop {
            pos = self.scan_line(start, pos);
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
    /// Lines without a `{` are passed over with `memchr`; the others are followed byte by byte
    /// over a class table (a `{` inside a string or after `;` opens no comment).
    fn scan_line(&mut self, chunk_start: usize, start: usize) -> usize {
        let bytes = self.bytes;
        let len = bytes.len();
        let mut i = start;
        match bytes.get(i) {
            Some(b'%') => return self.after_line_end(i),
            Some(b'[') => self.tag_line = Some(start),
            _ => {}
        }
        // Only a `{` can carry the scan past the line end; strings and `;` comments stop at
        // it. A line without one (nearly every line) ends at its line end, found by memchr.
        if let Some(end) = plain_line_end(bytes, start) {
            return end;
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
                _ => {
                    let first = memchr::memchr3(b'}', b'\n', b'\r', &bytes[i + 1..])
                        .map_or(len, |at| i + 1 + at);
                    if first < len && bytes[first] == b'}' {
                        // Closed on its own line: a comment wherever it stands.
                        i = first + 1;
                        continue;
                    }
                    let line_end = first;
                    match self.brace(chunk_start, i, line_end) {
                        Brace::Comment => match memchr::memchr(b'}', &bytes[line_end..]) {
                            Some(at) => i = line_end + at + 1,
                            None => {
                                self.ended_in_comment = true;
                                return len;
                            }
                        },
                        Brace::Stray(after) => i = after,
                    }
                }
            }
        }
    }

    /// What the parser makes of the `{` at `at`, in the chunk that starts at `chunk_start`, on
    /// a line that ends at `line_end`.
    fn brace(&mut self, chunk_start: usize, at: usize, line_end: usize) -> Brace {
        // The parser need not start over from the game's start: a tag pair alone on a line at
        // game level tells it where it stands after that tag pair.
        let known = self.game.filter(|game| game.pos <= at);
        let after_tag = self
            .tag_line
            .filter(|&line| known.is_none_or(|game| game.pos < line))
            .and_then(|line| GameState::after_tag_line(self.text, line))
            .filter(|game| game.pos <= at);
        let game = after_tag
            .or(known)
            .unwrap_or_else(|| GameState::at_game_start(chunk_start));
        let game = game.advance(self.text, at);
        self.game = Some(game);
        if game.pos == at && game.reads_brace_as_comment(self.text) {
            Brace::Comment
        } else {
            // A stray `{` (the parser has read the rest of its line), or one inside something
            // the parser read as a whole: go on from where the parser is. Nothing the parser
            // reads as a whole crosses a line end, save a comment: the scan never jumps past
            // one.
            Brace::Stray(game.pos.max(at + 1).min(line_end.max(at + 1)))
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

#[cfg(test)]
mod line_tests {
    use super::plain_line_end;

    #[test]
    fn plain_lines_end_at_their_line_end() {
        // Eight bytes at a time: the line end may fall anywhere in a word.
        for pad in 0..20 {
            let line = format!("{}\n[next{{ line}}\n........", "x".repeat(pad));
            assert_eq!(
                plain_line_end(line.as_bytes(), 0),
                Some(pad + 1),
                "pad {pad}"
            );
            let crlf = format!("{}\r\n{{........", "y".repeat(pad));
            assert_eq!(
                plain_line_end(crlf.as_bytes(), 0),
                Some(pad + 2),
                "pad {pad}"
            );
            let cr = format!("{}\r{{........", "z".repeat(pad));
            assert_eq!(plain_line_end(cr.as_bytes(), 0), Some(pad + 1), "pad {pad}");
            // A `{` before the line end needs the exact scan.
            let brace = format!("{}{{\n........", "w".repeat(pad));
            assert_eq!(plain_line_end(brace.as_bytes(), 0), None, "pad {pad}");
        }
        // Fewer than eight bytes left: the exact scan decides.
        assert_eq!(plain_line_end(b"abc\n", 0), None);
        assert_eq!(plain_line_end(b"[Event \"x\"]\n[Site", 0), Some(12));
    }
}

#[cfg(test)]
mod brace_tests {
    use super::{split, Piece};

    fn chunks(text: &str) -> Vec<&str> {
        split(text)
            .into_iter()
            .filter(|p| !p.is_blank())
            .map(|p| &text[Piece::range(&p)])
            .collect()
    }

    #[test]
    fn a_brace_among_section_data_opens_no_comment() {
        // After rows of a table, and after data that made a user section of a plain tag.
        for head in ["[ScoreTable \"Score\"]\n10\n20 {", "[MyData \"x\"]\nabc {"] {
            let text = format!("[Board \"1\"]\n{head}\n\n[Board \"2\"]\n{{a}}\n");
            assert_eq!(chunks(&text).len(), 2, "{text:?}");
        }
    }

    #[test]
    fn a_brace_elsewhere_opens_a_comment_that_may_cross_blank_lines() {
        for head in [
            "[ScoreTable \"Score\"]\n{",
            "[Auction \"N\"]\n1S {",
            "[Play \"W\"]\nSA {",
            "[Result \"9\"] {",
            // A Note within the auction keeps the auction open: calls, not section data.
            "[Auction \"N\"]\n1S =1=\n[Note \"1:x\"]\nPass {",
            // The `[` that looks like a tag line is inside a comment.
            "[ScoreTable \"Score\"]\n{\n[Board \"9\"]\n} {",
        ] {
            let text = format!("[Board \"1\"]\n{head}\n\n[Board \"2\"]\n}}\n");
            assert_eq!(chunks(&text).len(), 1, "{text:?}");
        }
    }
}
