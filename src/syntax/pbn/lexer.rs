//! The PBN lexer: turns the text of one game into tokens, in the mode the parser asks for.
//!
//! PBN's token classes overlap (a call, a card, a tag name and a section token can all be `SK`),
//! so what a run of characters is depends on where it stands: the parser says which section it is
//! in. Comments, strings, escape lines and line ends are lexed the same way in every mode but one:
//! among the data of a supplemental section a `{` opens no comment that runs past its line. The
//! game splitter (`split.rs`) follows the lexer's rules to find game boundaries, and asks the
//! parser about that one case.

use super::kind::SyntaxKind::{self, *};

/// Where the lexer stands, which decides how a run of characters is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Inside `[` … `]`.
    Tag,
    /// Game level before any tag pair: only tags and comments belong here.
    Identification,
    /// Section data after `[Auction …]`.
    Auction,
    /// Section data after `[Play …]`.
    Play,
    /// Section data of a supplemental section (tables and user sections), before its first
    /// element: a comment may still follow the section's tag here.
    Section,
    /// Section data of a supplemental section after its first element, where PBN forbids
    /// comments: a `{` not closed on its own line starts stray text up to the line end, not a
    /// comment that could run on over the games after it.
    SectionData,
}

impl Mode {
    /// The mode for the data of a supplemental section, by whether an element has been read.
    pub fn supplemental(has_data: bool) -> Mode {
        if has_data {
            Mode::SectionData
        } else {
            Mode::Section
        }
    }
}

/// A token as the lexer sees it: its kind and its length in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// What the token is.
    pub kind: SyntaxKind,
    /// Its length in bytes.
    pub len: usize,
    /// For strings and brace comments: whether the closing delimiter was missing.
    pub unterminated: bool,
}

/// A lexer over the text of one game (which always begins at the start of a line).
#[derive(Debug, Clone)]
pub struct Lexer<'a> {
    text: &'a str,
    pos: usize,
}

/// Whether `b` ends a run of ordinary characters in every mode.
#[inline]
fn is_delimiter(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\t' | 0x0b | b'\n' | b'\r' | b'[' | b']' | b'"' | b'{' | b';'
    )
}

/// Characters of a call or card token.
#[inline]
pub(crate) fn is_call_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-'
}

#[inline]
fn is_name_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Characters of a supplemental section token.
#[inline]
pub(crate) fn is_section_char(b: u8) -> bool {
    (33..=126).contains(&b) && !matches!(b, b'[' | b']' | b'{' | b'}' | b';' | b'"' | b'%')
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`.
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer { text, pos: 0 }
    }

    /// The byte offset of the next token.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// The whole text being lexed.
    pub fn text(&self) -> &'a str {
        self.text
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    /// Whether the next token starts a line.
    pub fn at_line_start(&self) -> bool {
        self.pos == 0 || matches!(self.bytes()[self.pos - 1], b'\n' | b'\r')
    }

    /// The offset of the end of the current line (before its line end).
    fn line_end(&self, from: usize) -> usize {
        let bytes = self.bytes();
        memchr::memchr2(b'\n', b'\r', &bytes[from..]).map_or(bytes.len(), |i| from + i)
    }

    /// Moves past a run of bytes for which `pred` holds, starting at `from`.
    fn run(&self, from: usize, pred: impl Fn(u8) -> bool) -> usize {
        let bytes = self.bytes();
        let mut i = from;
        while i < bytes.len() && pred(bytes[i]) {
            i += 1;
        }
        i
    }

    /// The length of the character starting at `at` (1 for ASCII).
    fn char_len(&self, at: usize) -> usize {
        self.text[at..].chars().next().map_or(1, char::len_utf8)
    }

    /// Lexes and consumes the next token, or returns `None` at the end of the text.
    pub fn next_token(&mut self, mode: Mode) -> Option<Token> {
        let token = self.peek(mode)?;
        self.pos += token.len;
        Some(token)
    }

    /// Consumes `len` bytes (a token previously returned by [`Lexer::peek`]).
    pub fn advance(&mut self, len: usize) {
        self.pos = (self.pos + len).min(self.text.len());
    }

    /// Lexes the next token without consuming it.
    pub fn peek(&self, mode: Mode) -> Option<Token> {
        let bytes = self.bytes();
        let start = self.pos;
        let &b = bytes.get(start)?;
        let plain = |kind, end: usize| {
            Some(Token {
                kind,
                len: end - start,
                unterminated: false,
            })
        };
        if b == b'%' && self.at_line_start() {
            return plain(ESCAPE_LINE, self.line_end(start));
        }
        match b {
            b' ' | b'\t' | 0x0b => {
                return plain(
                    WHITESPACE,
                    self.run(start, |c| matches!(c, b' ' | b'\t' | 0x0b)),
                )
            }
            b'\n' => return plain(NEWLINE, start + 1),
            b'\r' => {
                let len = if bytes.get(start + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                return plain(NEWLINE, start + len);
            }
            b';' => return plain(COMMENT_LINE, self.line_end(start)),
            // Among section data a comment closed on its own line is still read as one (and
            // reported as out of place); an unclosed `{` there is stray text up to the line end
            // (taking the whole rest keeps a line of many `{` linear to read).
            b'{' if mode == Mode::SectionData
                && !matches!(
                    memchr::memchr3(b'}', b'\n', b'\r', &bytes[start + 1..]),
                    Some(at) if bytes[start + 1 + at] == b'}'
                ) =>
            {
                return plain(UNKNOWN, self.line_end(start))
            }
            b'{' => {
                return Some(match memchr::memchr(b'}', &bytes[start + 1..]) {
                    Some(i) => Token {
                        kind: COMMENT_BLOCK,
                        len: i + 2,
                        unterminated: false,
                    },
                    None => Token {
                        kind: COMMENT_BLOCK,
                        len: bytes.len() - start,
                        unterminated: true,
                    },
                })
            }
            b'[' => return plain(L_BRACK, start + 1),
            b']' => return plain(R_BRACK, start + 1),
            b'"' => return Some(self.string(start)),
            _ => {}
        }
        let end = match mode {
            Mode::Tag if is_name_char(b) => return plain(TAG_NAME, self.run(start, is_name_char)),
            Mode::Auction | Mode::Play => match b {
                _ if is_call_char(b) => {
                    let kind = if mode == Mode::Auction { CALL } else { CARD };
                    return plain(kind, self.run(start, is_call_char));
                }
                b'=' => {
                    let digits = self.run(start + 1, |c| c.is_ascii_digit());
                    if digits > start + 1 && bytes.get(digits) == Some(&b'=') {
                        return plain(NOTE_REF, digits + 1);
                    }
                    start + 1
                }
                b'$' => {
                    let digits = self.run(start + 1, |c| c.is_ascii_digit());
                    if digits > start + 1 {
                        return plain(NAG, digits);
                    }
                    start + 1
                }
                b'!' | b'?' => {
                    let second = matches!(bytes.get(start + 1), Some(b'!' | b'?'));
                    return plain(SUFFIX, start + 1 + usize::from(second));
                }
                b'^' => {
                    if matches!(bytes.get(start + 1), Some(b'I' | b'S' | b'R' | b'L')) {
                        return plain(IRREGULARITY, start + 2);
                    }
                    start + 1
                }
                b'*' => return plain(STAR, start + 1),
                b'+' => return plain(PLUS, start + 1),
                _ => self.unknown_run(start),
            },
            Mode::Section | Mode::SectionData if is_section_char(b) => {
                return plain(SECTION_TOKEN, self.run(start, is_section_char))
            }
            Mode::Section | Mode::SectionData if b == b'%' => start + 1,
            _ => self.unknown_run(start),
        };
        plain(UNKNOWN, end.max(start + self.char_len(start)))
    }

    /// The end of a run of characters that is no token: up to white space or a delimiter.
    fn unknown_run(&self, start: usize) -> usize {
        let end = self.run(start, |c| !is_delimiter(c));
        end.max(start + self.char_len(start))
    }

    /// A string token from the `"` at `start` to its closing quote or the end of the line.
    fn string(&self, start: usize) -> Token {
        let (end, unterminated) = match string_end(self.bytes(), start + 1) {
            Ok(end) => (end, false),
            Err(line_end) => (line_end, true),
        };
        Token {
            kind: STRING,
            len: end - start,
            unterminated,
        }
    }

    /// Consumes the rest of an unquoted tag value: up to `]`, `[`, `"`, a comment or the line end.
    pub fn unquoted_value(&mut self) -> usize {
        let start = self.pos;
        let end = self.run(start, |c| {
            !matches!(c, b']' | b'[' | b'"' | b'{' | b';' | b'\n' | b'\r')
        });
        let end = end.max(start + self.char_len(start).min(self.text.len() - start));
        self.pos = end;
        end - start
    }

    /// The name of the tag pair whose `[` is the next token, without consuming anything.
    pub fn peek_tag_name(&self) -> &'a str {
        let bytes = self.bytes();
        let mut i = self.pos + 1;
        while i < bytes.len() && matches!(bytes[i], b' ' | b'\t' | 0x0b) {
            i += 1;
        }
        let end = self.run(i, is_name_char);
        &self.text[i..end]
    }
}

/// The end of the run of tag-name characters starting at `from`.
pub(crate) fn name_end(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    while i < bytes.len() && is_name_char(bytes[i]) {
        i += 1;
    }
    i
}

/// The offset just past the closing quote of a string whose contents start at `from`, or, when
/// the line ends first, `Err` with the offset of its line end (or of the end of `bytes`).
///
/// One pass up to whichever comes first: looking for the line end before the quote scanned a
/// line of many short strings to its end once for each.
pub(crate) fn string_end(bytes: &[u8], from: usize) -> Result<usize, usize> {
    let mut i = from;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'"' => return Ok(i + 1),
            // A backslash escapes the next byte, unless that is a line end; skipping one byte
            // of a multi-byte character is harmless because continuation bytes never equal
            // `"`, `\` or a line end.
            b'\\' if !matches!(bytes.get(i + 1), Some(b'\n' | b'\r')) => i += 2,
            b'\n' | b'\r' => return Err(i),
            _ => i += 1,
        }
    }
    Err(bytes.len())
}
