//! Line and column positions over a text, in the units LSP and the CLI count in.

/// How columns are counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PositionEncoding {
    /// Bytes of UTF-8.
    Utf8,
    /// UTF-16 code units (LSP's default).
    Utf16,
    /// Characters (Unicode scalar values); what the CLI prints.
    Utf32,
}

/// A zero-based line and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LineCol {
    /// The line, from 0.
    pub line: u32,
    /// The column, from 0, in the chosen unit.
    pub col: u32,
}

/// The start offsets of the lines of a text; `\n`, `\r\n` and `\r` each end a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineIndex {
    starts: Vec<u32>,
    len: u32,
}

impl LineIndex {
    /// Indexes the lines of `text`.
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        let mut i = 0;
        while let Some(off) = memchr::memchr2(b'\n', b'\r', &bytes[i..]) {
            let at = i + off;
            i = if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') {
                at + 2
            } else {
                at + 1
            };
            starts.push(i as u32);
        }
        LineIndex {
            starts,
            len: text.len() as u32,
        }
    }

    /// The number of lines (a text ending with a line end has an empty last line).
    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// The byte offset where line `line` starts.
    pub fn line_start(&self, line: u32) -> Option<u32> {
        self.starts.get(line as usize).copied()
    }

    /// The line holding byte `offset` (clamped to the text).
    pub fn line_of(&self, offset: u32) -> u32 {
        let offset = offset.min(self.len);
        (self.starts.partition_point(|&s| s <= offset) - 1) as u32
    }

    /// The line and column of byte `offset` in `text` (the text this index was built from).
    pub fn line_col(&self, text: &str, offset: u32, encoding: PositionEncoding) -> LineCol {
        let offset = floor_char_boundary(text, offset.min(self.len) as usize);
        let line = self.line_of(offset as u32);
        let start = self.starts[line as usize] as usize;
        let before = &text[start..offset];
        LineCol {
            line,
            col: measure(before, encoding),
        }
    }

    /// The byte offset of a line and column; columns past the end of the line are clamped to it
    /// (before its line end), lines past the end to the end of the text.
    pub fn offset(&self, text: &str, position: LineCol, encoding: PositionEncoding) -> u32 {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return self.len;
        };
        let end = self
            .starts
            .get(position.line as usize + 1)
            .map_or(self.len, |&s| s);
        let line = text
            .get(start as usize..end as usize)
            .unwrap_or("")
            .trim_end_matches(['\n', '\r']);
        let mut col = 0u32;
        for (i, c) in line.char_indices() {
            if col >= position.col {
                return start + i as u32;
            }
            col += match encoding {
                PositionEncoding::Utf8 => c.len_utf8() as u32,
                PositionEncoding::Utf16 => c.len_utf16() as u32,
                PositionEncoding::Utf32 => 1,
            };
            if col > position.col {
                // Inside a character: LSP says round to its start… we give its start.
                return start + i as u32;
            }
        }
        start + line.len() as u32
    }
}

/// The length of `text` in the given unit.
pub fn measure(text: &str, encoding: PositionEncoding) -> u32 {
    match encoding {
        PositionEncoding::Utf8 => text.len() as u32,
        // Bridge text is nearly all ASCII, where every unit is a byte.
        _ if text.is_ascii() => text.len() as u32,
        PositionEncoding::Utf16 => text.chars().map(|c| c.len_utf16() as u32).sum(),
        PositionEncoding::Utf32 => text.chars().count() as u32,
    }
}

/// `offset` moved back to the start of the character it falls in.
pub(crate) fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_round_trip_in_every_encoding() {
        let text = "[West \"Zoë €\"]\r\n{😀 x}\ry\n";
        let index = LineIndex::new(text);
        assert_eq!(index.line_count(), 4);
        for encoding in [
            PositionEncoding::Utf8,
            PositionEncoding::Utf16,
            PositionEncoding::Utf32,
        ] {
            for (offset, c) in text.char_indices() {
                // Between the `\r` and `\n` of a CRLF is no position a client can name.
                if c == '\n' && text[..offset].ends_with('\r') {
                    continue;
                }
                let lc = index.line_col(text, offset as u32, encoding);
                assert_eq!(
                    index.offset(text, lc, encoding),
                    offset as u32,
                    "{encoding:?} {offset}"
                );
            }
        }
        let x = text.find('x').unwrap() as u32;
        assert_eq!(
            index.line_col(text, x, PositionEncoding::Utf16),
            LineCol { line: 1, col: 4 }
        );
        assert_eq!(
            index.line_col(text, x, PositionEncoding::Utf32),
            LineCol { line: 1, col: 3 }
        );
        assert_eq!(
            index.line_col(text, x, PositionEncoding::Utf8),
            LineCol { line: 1, col: 6 }
        );
    }
}
