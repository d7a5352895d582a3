//! Parsing one RBN record (the text between two blank-line runs) into a `RECORD` node.
//!
//! The record is read line by line. A line is a `%` line, the start of a `{` paragraph, a field
//! (`T D L E S F K N B H A C P R I M`, either case), a note (`0`–`9`) or an error line. Field
//! data is split into tokens by the label's grammar (calls, cards, hands, colon-separated
//! parts) so that every call and card has its own token; the tokens cover the text exactly.

use rowan::{GreenNode, GreenNodeBuilder};

use super::RbnKind::{self, *};
use super::RBN_DATA_CAP;
use crate::syntax::error::{Missing, SyntaxCode, SyntaxError};
use rowan::{TextRange, TextSize};

/// The field labels, in the canonical output order.
pub const LABELS: &str = "TDLESFKNBHACPRIM";

/// Whether `c` is a field label (upper or lower case).
pub fn is_label(c: char) -> bool {
    LABELS.contains(c.to_ascii_uppercase()) && c.is_ascii_alphabetic()
}

struct Parser<'a> {
    text: &'a str,
    builder: GreenNodeBuilder<'static>,
    errors: Vec<SyntaxError>,
}

/// A line of the record: where its content starts and ends, and where its line end ends.
#[derive(Clone, Copy)]
struct Line {
    start: usize,
    end: usize,
    next: usize,
}

fn lines(text: &str) -> Vec<Line> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    while start < bytes.len() {
        let mut end = start;
        while end < bytes.len() && bytes[end] != b'\n' && bytes[end] != b'\r' {
            end += 1;
        }
        let next = if end + 1 < bytes.len() && bytes[end] == b'\r' && bytes[end + 1] == b'\n' {
            end + 2
        } else {
            (end + 1).min(bytes.len())
        };
        out.push(Line { start, end, next });
        start = next;
    }
    out
}

/// Parses a record's text; the errors' ranges are relative to the record's start.
pub fn parse_record(text: &str) -> (GreenNode, Vec<SyntaxError>) {
    let mut p = Parser {
        text,
        builder: GreenNodeBuilder::new(),
        errors: Vec::new(),
    };
    p.builder.start_node(RECORD.into());
    let all = lines(text);
    let mut i = 0;
    while i < all.len() {
        let line = all[i];
        let content = &text[line.start..line.end];
        let first = content.chars().next();
        match first {
            Some('%') => {
                p.token(PERCENT_LINE, line.start, line.end);
                p.newline(line);
                i += 1;
            }
            Some('{') => i = p.paragraph(&all, i),
            Some(c) if is_label(c) => {
                p.builder.start_node(FIELD.into());
                p.token(LABEL, line.start, line.start + 1);
                let data = p.after_label(line, c);
                if data < line.end {
                    p.value(c.to_ascii_uppercase(), data, line.end);
                }
                p.newline(line);
                p.builder.finish_node();
                i += 1;
            }
            Some(c) if c.is_ascii_digit() => {
                p.builder.start_node(NOTE.into());
                p.token(LABEL, line.start, line.start + 1);
                let data = p.after_label(line, c);
                if data < line.end {
                    p.token(TEXT, data, line.end);
                }
                p.newline(line);
                p.builder.finish_node();
                i += 1;
            }
            _ => {
                p.builder.start_node(ERROR.into());
                p.token(UNKNOWN, line.start, line.end);
                let width = first.map_or(0, char::len_utf8);
                p.error(
                    SyntaxCode::UnknownLabel,
                    line.start,
                    line.start + width,
                    match first {
                        Some(c) => format!(
                            "`{}` is no RBN label: a line starts with one of TDLESFKNBHACPRIM, a note digit, `{{` or `%`",
                            c.escape_debug()
                        ),
                        None => "a line with no label".to_string(),
                    },
                );
                p.newline(line);
                p.builder.finish_node();
                i += 1;
            }
        }
    }
    p.builder.finish_node();
    (p.builder.finish(), p.errors)
}

impl Parser<'_> {
    fn token(&mut self, kind: RbnKind, start: usize, end: usize) {
        if start < end {
            self.builder.token(kind.into(), &self.text[start..end]);
        }
    }

    fn newline(&mut self, line: Line) {
        self.token(NEWLINE, line.end, line.next);
    }

    fn error(&mut self, code: SyntaxCode, start: usize, end: usize, message: String) {
        // The one error whose mending is certain: the space a label must have after it.
        let missing = (code == SyntaxCode::MissingSpaceAfterLabel).then_some(Missing {
            text: " ",
            title: "Put a space after the label",
        });
        self.errors.push(SyntaxError {
            code,
            range: TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32)),
            message,
            missing,
        });
    }

    /// Emits the space after a label (reporting its absence) and returns where the data starts.
    fn after_label(&mut self, line: Line, label: char) -> usize {
        let after = line.start + 1;
        if after >= line.end {
            return after;
        }
        if self.text.as_bytes()[after] == b' ' {
            self.token(WHITESPACE, after, after + 1);
            return after + 1;
        }
        self.error(
            SyntaxCode::MissingSpaceAfterLabel,
            line.start,
            after,
            format!("a space must follow the label `{label}` before its data"),
        );
        after
    }

    /// A paragraph starting at line `first`; returns the index of the line after it.
    fn paragraph(&mut self, all: &[Line], first: usize) -> usize {
        let start = all[first].start;
        let mut last = first;
        let mut closed = false;
        loop {
            let line = all[last];
            let content = self.text[line.start..line.end].trim_end_matches([' ', '\t']);
            // The opening `{` itself does not close the paragraph.
            if content.ends_with('}') && !(last == first && content.len() == 1) {
                closed = true;
                break;
            }
            let next_opens = all
                .get(last + 1)
                .is_some_and(|l| self.text[l.start..].starts_with('{'));
            if last + 1 >= all.len() || next_opens {
                break;
            }
            last += 1;
        }
        let line = all[last];
        self.token(PARAGRAPH, start, line.end);
        self.newline(line);
        if !closed {
            self.error(
                SyntaxCode::UnterminatedParagraph,
                start,
                start + 1,
                "this paragraph is not closed by `}` at the end of a line".to_string(),
            );
        }
        last + 1
    }

    /// The data of a field with label `label` (upper case) from `start` to `end`.
    fn value(&mut self, label: char, start: usize, end: usize) {
        // Past the cap on a line (R903 says so), the data is one unread piece: an RBN line has
        // at most 512 characters, and a line of millions of calls or cards would otherwise cost
        // tens of bytes of tree for each byte of text.
        let mut cut = end.min(start + RBN_DATA_CAP);
        while !self.text.is_char_boundary(cut) {
            cut -= 1;
        }
        if cut < end {
            // At a trick's (or round's) end when one is near, not in the middle of a card.
            let near = cut.saturating_sub(4096).max(start);
            if let Some(colon) = memchr::memrchr(b':', &self.text.as_bytes()[near..cut]) {
                cut = near + colon + 1;
            }
            self.value(label, start, cut);
            self.token(UNREAD, cut, end);
            return;
        }
        match label {
            'A' => self.auction(start, end),
            'P' => self.play(start, end),
            'H' => self.hands(start, end),
            'T' | 'L' | 'E' | 'S' => self.parts(start, end, true, false),
            'N' => self.parts(start, end, false, true),
            _ => self.parts(start, end, false, false),
        }
    }

    /// Colon-separated parts; `escaped_colons`: `::` is text; `plus`: `+` is a separator too.
    fn parts(&mut self, start: usize, end: usize, escaped_colons: bool, plus: bool) {
        let bytes = self.text.as_bytes();
        let mut run = start;
        let mut i = start;
        while i < end {
            let b = bytes[i];
            if b == b':' && escaped_colons && i + 1 < end && bytes[i + 1] == b':' {
                i += 2;
                continue;
            }
            if b == b':' || (plus && b == b'+') {
                self.token(TEXT, run, i);
                self.token(if b == b':' { COLON } else { PLUS }, i, i + 1);
                run = i + 1;
            }
            i += 1;
        }
        self.token(TEXT, run, end);
    }

    /// The text up to the first byte of `stops` (or `end`).
    fn head(&self, start: usize, end: usize, stops: &[u8]) -> usize {
        self.text.as_bytes()[start..end]
            .iter()
            .position(|b| stops.contains(b))
            .map_or(end, |p| start + p)
    }

    fn auction(&mut self, start: usize, end: usize) {
        let head = self.head(start, end, b":");
        self.token(TEXT, start, head);
        let mut i = head;
        while i < end {
            i = self.annotated(i, end, true);
        }
    }

    /// One token of an auction or play: a call or card, an annotation, a colon, or one
    /// unknown character. Returns the position after it.
    fn annotated(&mut self, i: usize, end: usize, calls: bool) -> usize {
        let bytes = self.text.as_bytes();
        let b = bytes[i];
        let upper = b.to_ascii_uppercase();
        let next = bytes.get(i + 1).copied().filter(|_| i + 1 < end);
        let (kind, len) = if b == b':' {
            (COLON, 1)
        } else if b == b'!' || b == b'?' || b == b'*' {
            let n = bytes[i..end]
                .iter()
                .take_while(|c| matches!(c, b'!' | b'?' | b'*'))
                .count();
            (SUFFIX, n)
        } else if b == b'^' && next.is_some_and(|c| c.is_ascii_digit()) {
            (NOTE_REF, 2)
        } else if calls {
            if (b'1'..=b'7').contains(&b) && next.is_some_and(|c| b"CDHSNcdhsn".contains(&c)) {
                (CALL, 2)
            } else if b"PXRAY".contains(&upper) {
                (CALL, 1)
            } else {
                (UNKNOWN, 1)
            }
        } else if b"SHDC".contains(&upper) && next.is_some_and(is_rank_byte) {
            (CARD, 2)
        } else if is_rank_byte(b) || upper == b'Y' {
            (CARD, 1)
        } else {
            (UNKNOWN, 1)
        };
        let mut stop = (i + len).min(end);
        while !self.text.is_char_boundary(stop) {
            stop += 1;
        }
        self.token(kind, i, stop);
        stop
    }

    fn play(&mut self, start: usize, end: usize) {
        let bytes = self.text.as_bytes();
        let mut i = start;
        if end - start >= 2 && b"NESWnesw".contains(&bytes[start]) && bytes[start + 1] == b':' {
            self.token(TEXT, start, start + 1);
            self.token(COLON, start + 1, start + 2);
            i = start + 2;
        }
        while i < end {
            if bytes[i] == b':' {
                self.token(COLON, i, i + 1);
                i += 1;
                continue;
            }
            self.builder.start_node(TRICK.into());
            while i < end && bytes[i] != b':' {
                i = self.annotated(i, end, false);
            }
            self.builder.finish_node();
        }
    }

    fn hands(&mut self, start: usize, end: usize) {
        let bytes = self.text.as_bytes();
        let head = self.head(start, end, b":;");
        self.token(TEXT, start, head);
        let mut i = head;
        while i < end {
            self.builder.start_node(HAND.into());
            self.token(if bytes[i] == b':' { COLON } else { SEMICOLON }, i, i + 1);
            i += 1;
            let stop = self.head(i, end, b":;");
            let mut run = i;
            while i < stop {
                if bytes[i] == b'.' {
                    self.token(TEXT, run, i);
                    self.token(DOT, i, i + 1);
                    run = i + 1;
                }
                i += 1;
            }
            self.token(TEXT, run, stop);
            self.builder.finish_node();
        }
    }
}

fn is_rank_byte(b: u8) -> bool {
    b"AKQJTakqjt23456789+-".contains(&b)
}
