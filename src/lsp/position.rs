//! Where LSP positions meet the text: offsets and positions in the negotiated encoding, edits of
//! the rope by LSP ranges, and the slices of a rope that whole-document checks read.
//!
//! Every conversion between a byte offset and an LSP position goes through here.

use std::borrow::Cow;
use std::ops::Range;

use ropey::Rope;
use tower_lsp_server::ls_types as lsp;

use super::seams;
use crate::syntax::{TextRange, TextSize, TextSource};
use crate::text::{floor_char_boundary, LineIndex, PositionEncoding};

impl TextSource for Rope {
    fn len(&self) -> usize {
        self.len_bytes()
    }

    fn slice(&self, range: Range<usize>) -> Cow<'_, str> {
        let end = range.end.min(self.len_bytes());
        let start = range.start.min(end);
        match self.get_byte_slice(start..end) {
            Some(slice) => match slice.as_str() {
                Some(s) => Cow::Borrowed(s),
                None => Cow::Owned(slice.to_string()),
            },
            None => Cow::Borrowed(""),
        }
    }
}

/// The byte offset of an LSP position, or `None` when the line is past the end of the text.
///
/// A column past the end of its line means the end of the line (before its line end); a column
/// inside a character (half a UTF-16 surrogate pair) means the start of that character. One line
/// past the last, at column 0, is the end of the text.
pub(crate) fn offset_of(
    rope: &Rope,
    position: lsp::Position,
    encoding: PositionEncoding,
) -> Option<usize> {
    let line = position.line as usize;
    let lines = rope.len_lines();
    if line >= lines {
        return (line == lines && position.character == 0).then(|| rope.len_bytes());
    }
    let start = rope.try_line_to_byte(line).ok()?;
    let slice = rope.get_line(line)?;
    let mut offset = start;
    let mut col = 0u32;
    for c in slice.chars() {
        if c == '\n' || c == '\r' || col >= position.character {
            break;
        }
        let width = match encoding {
            PositionEncoding::Utf8 => c.len_utf8() as u32,
            PositionEncoding::Utf16 => c.len_utf16() as u32,
            PositionEncoding::Utf32 => 1,
        };
        if col + width > position.character {
            break;
        }
        col += width;
        offset += c.len_utf8();
    }
    Some(offset)
}

/// The LSP position of a byte offset (clamped to the text, floored to a character start).
pub(crate) fn position_of(rope: &Rope, offset: usize, encoding: PositionEncoding) -> lsp::Position {
    let offset = offset.min(rope.len_bytes());
    let char_index = rope.byte_to_char(offset);
    let line = rope.char_to_line(char_index);
    let line_char = rope.line_to_char(line);
    let character = match encoding {
        PositionEncoding::Utf8 => rope.char_to_byte(char_index) - rope.line_to_byte(line),
        PositionEncoding::Utf32 => char_index - line_char,
        PositionEncoding::Utf16 => {
            rope.char_to_utf16_cu(char_index) - rope.char_to_utf16_cu(line_char)
        }
    };
    lsp::Position::new(line as u32, character as u32)
}

/// LSP positions of offsets in one piece of a document (a game, a record), counted from the
/// piece's first line and read from the piece's own text with a [`LineIndex`]. Converting a
/// diagnostic through the rope (a descent of its tree and a count in a chunk for each of five
/// lookups a position) took more than the rest of publishing it.
pub(crate) struct PiecePositions<'a> {
    /// The piece up to where its lines were indexed.
    text: &'a str,
    index: LineIndex,
    /// The last offset a position is given for.
    end: usize,
    /// Whether the piece starts a line: if not, columns on its first line are the rope's to say.
    starts_line: bool,
}

impl<'a> PiecePositions<'a> {
    /// The positions of the piece `text` up to byte `upto` (positions past it are `None`);
    /// `None` when the piece ends inside a CRLF (the rest of the line end is in the next piece,
    /// so its last line cannot be told from here).
    pub fn new(text: &'a str, starts_line: bool, upto: usize) -> Option<PiecePositions<'a>> {
        if text.ends_with('\r') {
            return None;
        }
        // Lines are indexed a byte past `upto`, and through a CRLF that starts there.
        let mut cut = floor_char_boundary(text, text.len().min(upto.saturating_add(1)));
        if text[..cut].ends_with('\r') && text[cut..].starts_with('\n') {
            cut += 1;
        }
        let text = &text[..cut];
        Some(PiecePositions {
            text,
            index: LineIndex::new(text),
            end: floor_char_boundary(text, text.len().min(upto)),
            starts_line,
        })
    }

    /// The position of `offset` (from the piece's start, floored to a character start) with
    /// lines counted from the piece's first; `None` past the piece's end or on a first line
    /// that starts before the piece.
    pub fn position(&self, offset: usize, encoding: PositionEncoding) -> Option<lsp::Position> {
        if offset > self.end {
            return None;
        }
        let at = self.index.line_col(self.text, offset as u32, encoding);
        if at.line == 0 && !self.starts_line {
            return None;
        }
        Some(lsp::Position::new(at.line, at.col))
    }

    /// The LSP range of a range of the piece, as [`PiecePositions::position`] gives its ends.
    pub fn range(&self, range: TextRange, encoding: PositionEncoding) -> Option<lsp::Range> {
        Some(lsp::Range::new(
            self.position(usize::from(range.start()), encoding)?,
            self.position(usize::from(range.end()), encoding)?,
        ))
    }
}

/// Whether byte `start` of `rope` starts a line.
pub(crate) fn starts_line(rope: &Rope, start: usize) -> bool {
    match start
        .checked_sub(1)
        .and_then(|before| rope.get_byte(before))
    {
        None => true,
        Some(b'\n') => true,
        Some(b'\r') => rope.get_byte(start) != Some(b'\n'),
        Some(_) => false,
    }
}

/// The LSP range of a byte range.
pub(crate) fn range_of(rope: &Rope, range: TextRange, encoding: PositionEncoding) -> lsp::Range {
    lsp::Range::new(
        position_of(rope, usize::from(range.start()), encoding),
        position_of(rope, usize::from(range.end()), encoding),
    )
}

/// Why a change could not be applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BadChange(pub String);

/// The byte range a change replaces: `range` (in the negotiated encoding) read against `rope`,
/// refused when it does not fit the text or when putting `inserted` bytes in its place would
/// make the text 4 GiB or more (offsets are 32-bit).
pub(crate) fn change_range(
    rope: &Rope,
    range: lsp::Range,
    inserted: usize,
    encoding: PositionEncoding,
) -> Result<Range<usize>, BadChange> {
    let (start, end) = match (
        offset_of(rope, range.start, encoding),
        offset_of(rope, range.end, encoding),
    ) {
        (Some(s), Some(e)) if s <= e => (s, e),
        _ => {
            return Err(BadChange(format!(
                "change range {}:{}-{}:{} does not fit a text of {} lines",
                range.start.line,
                range.start.character,
                range.end.line,
                range.end.character,
                rope.len_lines()
            )))
        }
    };
    if rope.len_bytes() - (end - start) + inserted >= u32::MAX as usize - 1 {
        return Err(BadChange("the text would exceed 4 GiB".to_string()));
    }
    Ok(start..end)
}

/// Replaces the bytes `range` of `rope` (on character boundaries, as [`change_range`] gives
/// them) by `text`.
pub(crate) fn splice_rope(rope: &mut Rope, range: Range<usize>, text: &str) {
    let start_char = rope.byte_to_char(range.start);
    let end_char = rope.byte_to_char(range.end);
    rope.remove(start_char..end_char);
    rope.insert(start_char, text);
}

/// The first lines of `rope` that may declare export format.
pub(crate) fn head_of(rope: &Rope) -> String {
    let lines = rope.len_lines().min(seams::EXPORT_HEAD_LINES);
    rope.byte_slice(..rope.line_to_byte(lines)).to_string()
}

/// The end of `rope` from the start of its second-to-last line (what the end-of-text checks
/// read), and where that starts.
pub(crate) fn tail_of(rope: &Rope) -> (String, usize) {
    let line = rope.len_lines().saturating_sub(2);
    let start = rope.line_to_byte(line);
    (rope.byte_slice(start..).to_string(), start)
}

/// A range of a piece moved to where the piece starts in the document.
pub fn shifted(range: TextRange, start: usize) -> TextRange {
    range + TextSize::from(start as u32)
}

/// Whether the absolute range `range` meets the byte range `from..=to`.
pub(crate) fn meets(range: TextRange, (from, to): (usize, usize)) -> bool {
    usize::from(range.end()) >= from && usize::from(range.start()) <= to
}

/// The byte range of an LSP range (its end clamped to the text); `None` when its start is
/// past the end.
pub(crate) fn byte_range(
    rope: &Rope,
    range: lsp::Range,
    encoding: PositionEncoding,
) -> Option<(usize, usize)> {
    let start = offset_of(rope, range.start, encoding)?;
    let end = offset_of(rope, range.end, encoding).unwrap_or(rope.len_bytes());
    Some((start.min(end), end.max(start)))
}

/// Whether `needle` occurs in `rope`, also across the boundaries of its chunks, without
/// copying the text.
pub(crate) fn rope_contains(rope: &Rope, needle: &[u8]) -> bool {
    let Some(keep) = needle.len().checked_sub(1) else {
        return true;
    };
    // The last `keep` bytes seen: a match that starts there ends in the next chunk.
    let mut tail: Vec<u8> = Vec::with_capacity(2 * keep);
    for chunk in rope.chunks() {
        let bytes = chunk.as_bytes();
        let mut window = tail;
        window.extend_from_slice(&bytes[..bytes.len().min(keep)]);
        if memchr::memmem::find(bytes, needle).is_some()
            || memchr::memmem::find(&window, needle).is_some()
        {
            return true;
        }
        // A chunk shorter than `keep` is wholly in `window`, after the old tail.
        tail = if bytes.len() >= keep {
            bytes[bytes.len() - keep..].to_vec()
        } else {
            window[window.len().saturating_sub(keep)..].to_vec()
        };
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_needle_is_found_across_chunk_boundaries() {
        let word = "kibitzer-ignore:";
        let mut text = "x".repeat(5000);
        assert!(
            Rope::from_str(&text).chunks().count() > 3,
            "the text spans chunks"
        );
        // Every place in the first few chunks, so that some matches straddle a boundary.
        for at in 0..3000 {
            let mut with = text.clone();
            with.replace_range(at..at + word.len(), word);
            assert!(
                rope_contains(&Rope::from_str(&with), word.as_bytes()),
                "at {at}"
            );
        }
        assert!(!rope_contains(&Rope::from_str(&text), word.as_bytes()));
        text.replace_range(100..101, "\"");
        text.replace_range(101..102, "#");
        assert!(rope_contains(&Rope::from_str(&text), b"\"#"));
        assert!(rope_contains(&Rope::from_str("a\"#"), b"\"#"));
        assert!(!rope_contains(&Rope::from_str("\""), b"\"#"));
    }

    #[test]
    fn a_piece_places_offsets_where_the_rope_does() {
        let text = "[West \"Zoë €\"]\r\n{😀 x}\ry\n\nz\r\n[A \"b\"]\r\rq";
        let rope = Rope::from_str(text);
        let mut placed = 0;
        for start in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
            for end in (start..=text.len()).filter(|&i| text.is_char_boundary(i)) {
                let piece = &text[start..end];
                for upto in [usize::MAX, piece.len() / 2, 3] {
                    let Some(positions) =
                        PiecePositions::new(piece, starts_line(&rope, start), upto)
                    else {
                        assert!(piece.ends_with('\r'), "{start}..{end}");
                        continue;
                    };
                    let base = rope.byte_to_line(start) as u32;
                    for encoding in [
                        PositionEncoding::Utf8,
                        PositionEncoding::Utf16,
                        PositionEncoding::Utf32,
                    ] {
                        for offset in 0..=piece.len() + 1 {
                            let Some(got) = positions.position(offset, encoding) else {
                                // Only past the end, past `upto` (floored to a character),
                                // or on a first line begun before the piece.
                                assert!(
                                    offset + 3 > upto.min(piece.len())
                                        || !starts_line(&rope, start),
                                    "piece {start}..{end} up to {upto}, offset {offset}"
                                );
                                continue;
                            };
                            assert!(offset <= upto, "{offset} past {upto}");
                            let want = position_of(&rope, start + offset, encoding);
                            assert_eq!(
                                (got.line + base, got.character),
                                (want.line, want.character),
                                "{encoding:?}, piece {start}..{end}, offset {offset}"
                            );
                            placed += 1;
                        }
                    }
                }
            }
        }
        assert!(placed > 10_000, "{placed}");
        // A piece beginning inside a line leaves its first line to the rope, not the rest.
        let piece = &text[3..20];
        let positions = PiecePositions::new(piece, starts_line(&rope, 3), usize::MAX).unwrap();
        assert_eq!(positions.position(0, PositionEncoding::Utf16), None);
        assert!(positions.position(16, PositionEncoding::Utf16).is_some());
    }

    #[test]
    fn positions_round_trip_with_emoji_euro_accents_and_crlf() {
        let text = "[West \"Zoë €\"]\r\n{😀 x}\ry\nz";
        let rope = Rope::from_str(text);
        for encoding in [
            PositionEncoding::Utf8,
            PositionEncoding::Utf16,
            PositionEncoding::Utf32,
        ] {
            for (offset, _) in text.char_indices() {
                if text[..offset].ends_with('\r') && text[offset..].starts_with('\n') {
                    continue; // inside a CRLF: no position stands there
                }
                let position = position_of(&rope, offset, encoding);
                assert_eq!(
                    offset_of(&rope, position, encoding),
                    Some(offset),
                    "{encoding:?} {offset}"
                );
            }
        }
        let x = text.find('x').unwrap();
        assert_eq!(
            position_of(&rope, x, PositionEncoding::Utf16),
            lsp::Position::new(1, 4)
        );
        assert_eq!(
            position_of(&rope, x, PositionEncoding::Utf32),
            lsp::Position::new(1, 3)
        );
        assert_eq!(
            position_of(&rope, x, PositionEncoding::Utf8),
            lsp::Position::new(1, 6)
        );
        // Past the end of a line: its end, before the CRLF.
        let end = offset_of(&rope, lsp::Position::new(0, 99), PositionEncoding::Utf16);
        assert_eq!(end, Some(text.find('\r').unwrap()));
        assert_eq!(
            offset_of(&rope, lsp::Position::new(9, 0), PositionEncoding::Utf16),
            None
        );
        // Inside the surrogate pair of the emoji: its start.
        let inside = offset_of(&rope, lsp::Position::new(1, 2), PositionEncoding::Utf16);
        assert_eq!(inside, Some(text.find('😀').unwrap()));
    }
}
