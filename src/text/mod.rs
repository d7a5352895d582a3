//! Text handling: decoding files, remembering how they were encoded, and line/column positions.

mod decode;
mod line_index;

pub use decode::{
    decode, decode_binary, encode, not_text, read_file, Encoding, LineEnding, ReadError, SourceText,
};
pub(crate) use line_index::floor_char_boundary;
pub use line_index::{LineCol, LineIndex, PositionEncoding};

/// The lines of a text with the end of each (`"\n"`, `"\r\n"`, `"\r"`, or `""` for a last line
/// without one): every line end the readers accept, CR alone included.
pub(crate) fn lines_with_ends(text: &str) -> impl Iterator<Item = (&str, &str)> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
        let eol_len = if rest[end..].starts_with("\r\n") {
            2
        } else {
            usize::from(end < rest.len())
        };
        let (line, eol) = (&rest[..end], &rest[end..end + eol_len]);
        rest = &rest[end + eol_len..];
        Some((line, eol))
    })
}

#[cfg(test)]
mod lines_tests {
    use super::lines_with_ends;

    #[test]
    fn every_line_end_ends_a_line() {
        let lines: Vec<_> = lines_with_ends("a\nb\r\nc\rd").collect();
        assert_eq!(lines, [("a", "\n"), ("b", "\r\n"), ("c", "\r"), ("d", "")]);
        assert_eq!(lines_with_ends("").count(), 0);
        assert_eq!(
            lines_with_ends("\r\r").collect::<Vec<_>>(),
            [("", "\r"), ("", "\r")]
        );
    }
}
