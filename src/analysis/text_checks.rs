//! Checks on the characters and lines of the text itself (S006, S007, S009, S010, S011).
//!
//! They run per piece of the file (a game, a comment chunk or a run of blank lines): pieces end
//! at line ends, so every line lies inside one piece.

use crate::diagnostic::Code;
use crate::diagnostic::Diagnostic;
use crate::syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextRange, TextSize};
use rowan::NodeOrToken;

/// The longest a line may be, line end included.
const MAX_LINE: usize = 255;

/// Checks the lines and characters of one piece. `tree` is the piece's tree (rooted at the
/// piece, like `text`) when it has one; it tells comments apart for S009 and S010.
pub fn check_piece_text(text: &str, tree: Option<&SyntaxNode>, out: &mut Vec<Diagnostic>) {
    let bytes = text.as_bytes();
    // Where the current line began (after the last `\n`), and whether some stretch between
    // two `\n` was longer than a line may be: only then are the lines measured (S006). A lone
    // `\r` also ends a line, but it can only make lines shorter.
    let mut line_start = 0;
    let mut maybe_long = false;
    let mut i = 0;
    while i < bytes.len() {
        // Eight plain characters at a time; anything else is looked at byte by byte.
        if let Some(Ok(word)) = bytes.get(i..i + 8).map(<[u8; 8]>::try_from) {
            let word = u64::from_le_bytes(word);
            if plain_word(word) {
                let newlines = newline_bytes(word);
                if newlines != 0 {
                    let first = i + (newlines.trailing_zeros() / 8) as usize;
                    maybe_long |= first + 1 - line_start > MAX_LINE;
                    line_start = i + 8 - (newlines.leading_zeros() / 8) as usize;
                }
                i += 8;
                continue;
            }
        }
        let b = bytes[i];
        if b == b'\n' {
            maybe_long |= i + 1 - line_start > MAX_LINE;
            line_start = i + 1;
        }
        let plain = (0x20..0x7f).contains(&b) || matches!(b, b'\t' | 0x0b | b'\n' | b'\r');
        if plain {
            i += 1;
            continue;
        }
        let c = text[i..].chars().next().unwrap_or('\u{FFFD}');
        let len = c.len_utf8();
        // A run of the same character is one finding (a file of NULs is one problem, not
        // millions).
        let run = text[i..].chars().take_while(|&d| d == c).count();
        let range = TextRange::at((i as u32).into(), ((len * run) as u32).into());
        let code = u32::from(c);
        let times = if run > 1 {
            format!(" ({run} in a row)")
        } else {
            String::new()
        };
        if code < 0x20 || (0x7f..=0x9f).contains(&code) {
            let what = if code == 0x7f {
                "DEL".to_string()
            } else {
                format!("control character U+{code:04X}")
            };
            out.push(
                Diagnostic::new(
                    Code::S007,
                    range,
                    format!("{what}{times} is not allowed in PBN"),
                )
                .with_fix(
                    if run > 1 { "Remove them" } else { "Remove it" },
                    range,
                    "",
                ),
            );
        } else if code > 0xff && !in_comment(tree, i) {
            out.push(Diagnostic::new(
                Code::S009,
                range,
                format!("`{c}` (U+{code:04X}){times} is not in Latin-1, the character set of PBN: the file cannot be saved as Latin-1"),
            ));
        }
        i += len * run;
    }
    maybe_long |= bytes.len() - line_start > MAX_LINE;
    // Lines longer than 255 bytes may be longer than 255 characters.
    if maybe_long {
        long_lines(text, out);
    }
    if let Some(tree) = tree {
        let comments = comments_over_lines(text, tree);
        if !comments.is_empty() {
            if text.contains('%') {
                escapes_in_comments(&comments, out);
            }
            tag_pairs_in_comments(&comments, out);
        }
    }
}

/// The `{}` comments of `tree` that go on past their first line (`text` is the tree's text),
/// the only ones S010 and S014 look into. Only the parts of the tree holding a `{` with a line
/// end before the next `}` are walked (a comment ends at its first `}`): walking every token of
/// every game took a tenth of opening a large file, and looking each `{` up from the root grew
/// with the square of a long flat section.
fn comments_over_lines(text: &str, tree: &SyntaxNode) -> Vec<SyntaxToken> {
    let starts = braces_before_line_ends(text.as_bytes());
    let mut found = Vec::new();
    if !starts.is_empty() {
        comments_over_lines_in(tree, &starts, &mut found);
    }
    found
}

/// Pushes the comments over lines among `node`'s descendants, going only into those holding
/// one of `starts` (in order).
fn comments_over_lines_in(node: &SyntaxNode, starts: &[TextSize], found: &mut Vec<SyntaxToken>) {
    for child in node.children_with_tokens() {
        let range = child.text_range();
        let first = starts.partition_point(|&start| start < range.start());
        if starts.get(first).is_none_or(|&start| start >= range.end()) {
            continue;
        }
        match child {
            NodeOrToken::Node(inner) => comments_over_lines_in(&inner, starts, found),
            NodeOrToken::Token(token) => {
                if token.kind() == SyntaxKind::COMMENT_BLOCK && token.text().contains(['\n', '\r'])
                {
                    found.push(token);
                }
            }
        }
    }
}

/// The offsets of the `{`s in `bytes` that have a line end after them before the next `}` (or
/// the end): where every `{}` comment over several lines starts, among others. One pass.
fn braces_before_line_ends(bytes: &[u8]) -> Vec<TextSize> {
    let mut starts = Vec::new();
    // The first `}` and the first line end at or after the last `{` looked at.
    let (mut close, mut line_end) = (0, 0);
    for open in memchr::memchr_iter(b'{', bytes) {
        let rest = bytes.get(open..).unwrap_or_default();
        if close <= open {
            close = memchr::memchr(b'}', rest).map_or(bytes.len(), |p| open + p);
        }
        if line_end <= open {
            line_end = memchr::memchr2(b'\n', b'\r', rest).map_or(bytes.len(), |p| open + p);
        }
        if line_end < close {
            starts.push(TextSize::from(open as u32));
        }
    }
    starts
}

/// S014: a `{` comment over several lines that holds whole tag pairs at line starts. Most
/// likely its `}` was forgotten and a later comment's closed it: the tags between are comment
/// text, and what goes missing (a Declarer, a Contract) is reported far from the cause.
fn tag_pairs_in_comments(comments: &[SyntaxToken], out: &mut Vec<Diagnostic>) {
    for token in comments {
        let comment = token.text();
        let mut lines = comment.split_inclusive(['\n', '\r']);
        let Some(first) = lines.next() else { continue };
        let swallowed: Vec<&str> = lines
            .filter_map(|line| tag_pair_name(line.trim()))
            .collect();
        if swallowed.is_empty() {
            continue;
        }
        let start = token.text_range().start();
        let first_end = start + TextSize::of(first.trim_end_matches(['\n', '\r']));
        let shown: Vec<String> = swallowed.iter().take(4).map(|n| format!("[{n}]")).collect();
        let more = match swallowed.len().saturating_sub(4) {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        out.push(
            Diagnostic::new(
                Code::S014,
                TextRange::at(start, TextSize::from(1)),
                format!(
                    "this comment is not closed on its line and takes in the tag pairs {}{more}: they are read as comment text, not as tags; a `}}` is probably missing at the end of this line",
                    shown.join(", ")
                ),
            )
            .with_unsafe_fix(
                "Close the comment at the end of its line",
                TextRange::empty(first_end),
                "}",
            ),
        );
    }
}

/// The name of a whole tag pair written alone on a line (`[South "Ann"]`).
fn tag_pair_name(line: &str) -> Option<&str> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, value) = inner.split_once(char::is_whitespace)?;
    let value = value.trim();
    let well_formed = name.chars().next().is_some_and(|c| c.is_ascii_uppercase())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && value.len() >= 2
        && value.starts_with('"')
        && value.ends_with('"');
    well_formed.then_some(name)
}

const HIGH: u64 = 0x8080_8080_8080_8080;
const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// 0x80 in each byte of `v` that is zero, nothing elsewhere (no carries between bytes).
#[inline]
fn zero_bytes(v: u64) -> u64 {
    !(((v & LOW7).wrapping_add(LOW7)) | v | LOW7)
}

/// 0x80 in each byte of `x` that is `\n`, nothing elsewhere.
#[inline]
fn newline_bytes(x: u64) -> u64 {
    zero_bytes(x ^ 0x0a0a_0a0a_0a0a_0a0a)
}

/// Whether eight bytes are all printable ASCII or `\n` (so none needs a closer look).
#[inline]
fn plain_word(x: u64) -> bool {
    if x & HIGH != 0 {
        return false;
    }
    // With the high bits clear, a byte is below 0x20 exactly when adding 0x60 leaves bit 7 clear.
    let control = !x.wrapping_add(0x6060_6060_6060_6060) & HIGH;
    control & !newline_bytes(x) == 0 && zero_bytes(x ^ LOW7) == 0
}

/// Whether byte `offset` lies in a comment or an escape line.
fn in_comment(tree: Option<&SyntaxNode>, offset: usize) -> bool {
    let Some(tree) = tree else { return false };
    let offset = TextSize::from(offset as u32);
    if offset >= tree.text_range().end() {
        return false;
    }
    tree.token_at_offset(offset)
        .any(|token| token.kind().is_comment() || token.kind() == SyntaxKind::ESCAPE_LINE)
}

fn long_lines(text: &str, out: &mut Vec<Diagnostic>) {
    let mut start = 0;
    let bytes = text.as_bytes();
    while start < bytes.len() {
        let content_end =
            memchr::memchr2(b'\n', b'\r', &bytes[start..]).map_or(bytes.len(), |p| start + p);
        let line_end = if bytes.get(content_end) == Some(&b'\r')
            && bytes.get(content_end + 1) == Some(&b'\n')
        {
            content_end + 2
        } else if content_end < bytes.len() {
            content_end + 1
        } else {
            content_end
        };
        if line_end - start > MAX_LINE {
            let line = &text[start..line_end];
            let chars = line.chars().count();
            if chars > MAX_LINE {
                let cut = line
                    .char_indices()
                    .nth(MAX_LINE)
                    .map_or(line.len(), |(i, _)| i);
                let range = TextRange::new(((start + cut) as u32).into(), (line_end as u32).into());
                let mut diagnostic = Diagnostic::new(
                    Code::S006,
                    range,
                    format!(
                        "this line is {chars} characters long (line end included); PBN allows 255"
                    ),
                );
                // The reference verifier counts the characters before the line end and cuts a
                // line at 255 of them: one that is too long only by its CRLF it reads whole.
                let line_end_chars = line_end - content_end;
                if chars - line_end_chars < MAX_LINE {
                    diagnostic.severity = crate::diagnostic::Severity::Warning;
                }
                out.push(diagnostic);
            }
        }
        start = line_end;
    }
}

/// S010: a line in a `{}` comment that starts with `% PBN` or `% EXPORT`.
fn escapes_in_comments(comments: &[SyntaxToken], out: &mut Vec<Diagnostic>) {
    for token in comments {
        let text = token.text();
        let base = token.text_range().start();
        let mut offset = 0;
        for line in text.split_inclusive(['\n', '\r']) {
            let at_line_start = offset > 0;
            let content = line.trim_end_matches(['\n', '\r']);
            if at_line_start && looks_like_escape(content) {
                let range =
                    TextRange::at(base + TextSize::from(offset as u32), TextSize::of(content));
                out.push(Diagnostic::new(
                    Code::S010,
                    range,
                    "`%` in column 1 inside a `{}` comment is plain text, not an escape line: this line has no effect",
                ));
            }
            offset += line.len();
        }
    }
}

fn looks_like_escape(line: &str) -> bool {
    let Some(rest) = line.strip_prefix('%') else {
        return false;
    };
    let word = rest.trim_start();
    word.starts_with("PBN") || word.starts_with("EXPORT")
}

/// S011: the text does not end with a line end. `tail` is the end of the text from the start of
/// one of its lines (the whole text will do: a caller holding a rope passes its last two lines)
/// and `tail_start` is where it starts. The fix adds the line end of the line before the last.
pub fn check_final_newline(tail: &str, tail_start: usize, out: &mut Vec<Diagnostic>) {
    if tail.is_empty() || tail.ends_with(['\n', '\r']) {
        return;
    }
    let end = TextSize::from((tail_start + tail.len()) as u32);
    let eol = match tail.rfind(['\n', '\r']) {
        Some(at) if tail.as_bytes()[at] == b'\r' => "\r",
        Some(at) if at > 0 && tail.as_bytes()[at - 1] == b'\r' => "\r\n",
        _ => "\n",
    };
    out.push(
        Diagnostic::new(
            Code::S011,
            TextRange::empty(end),
            "the file does not end with a line end",
        )
        .with_fix("Add a line end", TextRange::empty(end), eol),
    );
}

/// How many lines at the start of a file may declare export format.
pub const EXPORT_HEAD_LINES: usize = 20;

/// Whether the first lines of the file declare export format with `% EXPORT`: a `%` line among
/// the first [`EXPORT_HEAD_LINES`] lines (ended by `\n`, `\r\n` or `\r`, as editors count
/// them) before the first tag. `text` may be the whole text or any start of it holding those
/// lines.
pub fn declares_export(text: &str) -> bool {
    crate::text::lines_with_ends(text)
        .take(EXPORT_HEAD_LINES)
        .map(|(line, _)| line)
        .take_while(|line| !line.trim_start().starts_with('['))
        .any(|line| {
            line.strip_prefix('%')
                .is_some_and(|word| word.trim() == "EXPORT")
        })
}

#[cfg(test)]
mod tests {
    use super::{
        check_piece_text, comments_over_lines, declares_export, newline_bytes, plain_word, MAX_LINE,
    };
    use crate::diagnostic::Code;
    use crate::syntax::SyntaxKind;

    /// The comments found from the text's `{`s are those a walk over every token finds: on
    /// every corpus PBN file, and on braces in strings, in comments, in escape lines, at the
    /// end, unclosed, and with `\r` line ends.
    #[test]
    fn comments_over_lines_are_those_a_walk_over_every_token_finds() {
        let mut texts = crate::testing::corpus_texts("pbn");
        texts.extend(
            [
                "[Event \"{not\na comment}\"]\n{one line} {two\nlines {inner\n} after\n",
                "% {escape\n{a\rb}\r[Board \"1\"]\n;{line comment\n{unclosed\n[South \"A\"]",
                "{}{\n}{{\n}}\n[Deal \"N:{\"]\n{",
                "{a {b\n} \"{\" {c\r\n} {d} {e\n",
                "[ScoreTable \"Rank\\2R;Score\\5R\"]\n1 {c} 2 {c\nd} 3 \"{\" {e}\n4 {f\n",
            ]
            .map(String::from),
        );
        let mut seen = 0;
        for text in &texts {
            let parse = crate::syntax::Parse::new(text);
            let tree = parse.syntax();
            let walked: Vec<_> = tree
                .descendants_with_tokens()
                .filter_map(|e| e.into_token())
                .filter(|t| {
                    t.kind() == SyntaxKind::COMMENT_BLOCK && t.text().contains(['\n', '\r'])
                })
                .map(|t| t.text_range())
                .collect();
            let found: Vec<_> = comments_over_lines(text, &tree)
                .iter()
                .map(|t| t.text_range())
                .collect();
            assert_eq!(found, walked, "{}", &text[..text.len().min(200)]);
            seen += found.len();
        }
        assert!(seen > 10, "only {seen} comments over lines seen");
    }

    /// S014 names the tag pairs a comment takes in, stands on its `{`, and its fix closes the
    /// comment at the end of the `{`'s line; a comment over lines with no tag pair, or a tag
    /// pair inside a sentence, is nothing.
    #[test]
    fn a_comment_holding_tag_pairs_is_found_on_its_brace() {
        let found = |text: &str| {
            let parse = crate::syntax::Parse::new(text);
            let mut out = Vec::new();
            check_piece_text(text, Some(&parse.syntax()), &mut out);
            out.into_iter()
                .filter(|d| d.code == Code::S014)
                .collect::<Vec<_>>()
        };
        let text = "[Board \"1\"]\n{Feasibility: 8 8\n[South \"Ann\"]\n[Declarer \"S\"]\n{more}\n";
        let s014 = found(text);
        assert_eq!(s014.len(), 1, "{s014:?}");
        assert_eq!(
            usize::from(s014[0].range.start()),
            text.find('{').unwrap_or_default()
        );
        assert!(
            s014[0].message.contains("[South], [Declarer]"),
            "{}",
            s014[0].message
        );
        let edit = &s014[0].fixes[0].edits[0];
        assert_eq!(edit.new_text, "}");
        assert_eq!(
            usize::from(edit.range.start()),
            text.find("8 8").unwrap_or_default() + 3
        );
        assert!(found("[Board \"1\"]\n{a comment\nover two lines}\n").is_empty());
        assert!(found("[Board \"1\"]\n{see the tag\nwhere [South \"Ann\"] is named}\n").is_empty());
    }

    #[test]
    fn export_is_declared_in_the_first_lines_before_a_tag_with_any_line_end() {
        assert!(declares_export("% PBN 2.1\n% EXPORT\n[Event \"\"]\n"));
        assert!(declares_export("% PBN 2.1\r\n\r\n%  EXPORT \r\n"));
        assert!(declares_export("% PBN 2.1\r% EXPORT\r"));
        assert!(!declares_export("[Event \"\"]\n% EXPORT\n"));
        assert!(!declares_export("% EXPORTED\n"));
        let late = format!("{}% EXPORT\n", "%\n".repeat(20));
        assert!(!declares_export(&late));
        let in_time = format!("{}% EXPORT\n", "%\r\n".repeat(19));
        assert!(declares_export(&in_time));
    }

    #[test]
    fn plain_words_are_printable_ascii_and_line_feeds() {
        let word = |b: &[u8; 8]| u64::from_le_bytes(*b);
        assert!(plain_word(word(b"[Deal \"N")));
        assert!(plain_word(word(b"S K Q\n\n~")));
        assert!(!plain_word(word(b"abc\tdefg")));
        assert!(!plain_word(word(b"abc\rdefg")));
        assert!(!plain_word(word(b"abc\x7fdefg")));
        assert!(!plain_word(word(b"abc\x00defg")));
        assert!(!plain_word(word(b"abc\x1fdefg")));
        assert!(!plain_word(word(&[
            b'a', 0xc3, 0xa9, b'b', b'c', b'd', b'e', b'f'
        ])));
        for b in 0u8..=255 {
            let mut bytes = *b"ABCDEFGH";
            bytes[3] = b;
            let plain = (0x20..0x7f).contains(&b) || b == b'\n';
            assert_eq!(plain_word(word(&bytes)), plain, "byte {b:#04x}");
        }
    }

    #[test]
    fn newline_bytes_marks_each_line_feed() {
        let word = |b: &[u8; 8]| u64::from_le_bytes(*b);
        assert_eq!(newline_bytes(word(b"abcdefgh")), 0);
        assert_eq!(newline_bytes(word(b"\nbcdefgh")), 0x80);
        assert_eq!(newline_bytes(word(b"abcdefg\n")), 0x80 << 56);
        assert_eq!(newline_bytes(word(b"a\n\x0b\x0a\rfgh")), 0x8000_8000);
    }

    /// S006 counted the slow way: every line (ended by LF, CRLF or a lone CR) measured in
    /// characters, line end included.
    fn long_lines_by_hand(text: &str) -> usize {
        let mut count = 0;
        let mut line = 0;
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            line += 1;
            let end = match c {
                '\n' => true,
                '\r' => {
                    if chars.peek() == Some(&'\n') {
                        chars.next();
                        line += 1;
                    }
                    true
                }
                _ => false,
            };
            if end {
                count += usize::from(line > MAX_LINE);
                line = 0;
            }
        }
        count + usize::from(line > MAX_LINE)
    }

    #[test]
    fn long_lines_are_found_wherever_the_eight_byte_words_fall() {
        for lead in 0..9 {
            for length in [254, 255, 256, 257, 300] {
                for end in ["\n", "\r\n", "\r", ""] {
                    for fill in ["x", "é", "a\tb"] {
                        let body: String = fill.chars().cycle().take(length).collect();
                        let text = format!("{}{body}{end}[Site \"s\"]\n", "y".repeat(lead));
                        let mut out = Vec::new();
                        check_piece_text(&text, None, &mut out);
                        let found = out.iter().filter(|d| d.code == Code::S006).count();
                        assert_eq!(
                            found,
                            long_lines_by_hand(&text),
                            "lead {lead}, length {length}, end {end:?}, fill {fill:?}"
                        );
                    }
                }
            }
        }
    }
}
