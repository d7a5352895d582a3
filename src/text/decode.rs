//! Decoding bytes into text and back.
//!
//! PBN is Latin-1 by its standard, but many files are UTF-8, some with a byte-order mark, and
//! a few are UTF-16. Decoding tries, in order: UTF-16 with a BOM, UTF-8 with a BOM, plain UTF-8,
//! and falls back to Latin-1, where every byte is one character, so every file decodes.

use std::fmt;
use std::path::{Path, PathBuf};

/// How a file's bytes map to characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// UTF-8 (with or without BOM, see [`SourceText::bom`]).
    Utf8,
    /// UTF-16 little endian, with BOM.
    Utf16Le,
    /// UTF-16 big endian, with BOM.
    Utf16Be,
    /// ISO 8859-1: one byte, one character.
    Latin1,
}

impl Encoding {
    /// A short lower-case name, as the CLI prints it (`utf-8`, `utf-16le`, `utf-16be`, `latin-1`).
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf-8",
            Encoding::Utf16Le => "utf-16le",
            Encoding::Utf16Be => "utf-16be",
            Encoding::Latin1 => "latin-1",
        }
    }
}

/// The line-end style of a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineEnding {
    /// `\n` only.
    Lf,
    /// `\r\n` only.
    Crlf,
    /// `\r` only.
    Cr,
    /// More than one style.
    Mixed,
    /// No line end at all.
    None,
}

impl LineEnding {
    /// Detects the line-end style of `text`.
    pub fn detect(text: &str) -> LineEnding {
        let bytes = text.as_bytes();
        // Most files have no `\r` at all: one vectorised pass settles those.
        if memchr::memchr(b'\r', bytes).is_none() {
            return if memchr::memchr(b'\n', bytes).is_some() {
                LineEnding::Lf
            } else {
                LineEnding::None
            };
        }
        let (mut lf, mut crlf, mut cr) = (false, false, false);
        let mut i = 0;
        while let Some(off) = memchr::memchr2(b'\n', b'\r', &bytes[i..]) {
            let at = i + off;
            if bytes[at] == b'\n' {
                lf = true;
                i = at + 1;
            } else if bytes.get(at + 1) == Some(&b'\n') {
                crlf = true;
                i = at + 2;
            } else {
                cr = true;
                i = at + 1;
            }
            if u8::from(lf) + u8::from(crlf) + u8::from(cr) > 1 {
                return LineEnding::Mixed;
            }
        }
        match (lf, crlf, cr) {
            (true, _, _) => LineEnding::Lf,
            (_, true, _) => LineEnding::Crlf,
            (_, _, true) => LineEnding::Cr,
            _ => LineEnding::None,
        }
    }

    /// The characters of this line end (`\n` for `Mixed` and `None`).
    pub fn as_str(self) -> &'static str {
        match self {
            LineEnding::Crlf => "\r\n",
            LineEnding::Cr => "\r",
            _ => "\n",
        }
    }
}

/// A decoded file: its text and what is needed to write it back as it came.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceText {
    /// The decoded text, without any byte-order mark.
    pub text: String,
    /// The encoding the bytes were in.
    pub encoding: Encoding,
    /// Whether the bytes started with a byte-order mark.
    pub bom: bool,
    /// The line-end style of the text.
    pub line_ending: LineEnding,
}

/// Why bytes could not be decoded or a file could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// The file could not be read.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// UTF-16 text (announced by its BOM) with an unpaired surrogate.
    InvalidUtf16 {
        /// Byte offset of the bad code unit.
        offset: usize,
    },
    /// Not text at all (a program, an image): control characters make up much of its start.
    NotText {
        /// Byte offset (in the decoded text) of the first control character.
        offset: usize,
        /// How many of the characters looked at are control characters.
        controls: usize,
        /// How many characters were looked at.
        looked_at: usize,
    },
    /// The file is 4 GiB or larger.
    TooLarge {
        /// Its size in bytes.
        size: u64,
    },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io { path, error } => write!(f, "{}: cannot read: {error}", path.display()),
            ReadError::InvalidUtf16 { offset } => write!(
                f,
                "invalid UTF-16 at byte {offset}: an unpaired surrogate (the file starts with a UTF-16 byte-order mark)"
            ),
            ReadError::NotText {
                offset,
                controls,
                looked_at,
            } => write!(
                f,
                "not a text file: {controls} of its first {looked_at} characters are control \
                 characters (the first at byte {offset}); it is neither checked nor rewritten"
            ),
            ReadError::TooLarge { size } => {
                write!(f, "file of {size} bytes is too large (the limit is 4 GiB)")
            }
        }
    }
}

impl std::error::Error for ReadError {}

/// Decodes bytes (see the module documentation for the order of attempts).
pub fn decode(bytes: &[u8]) -> Result<SourceText, ReadError> {
    if bytes.len() as u64 >= u64::from(u32::MAX) {
        return Err(ReadError::TooLarge {
            size: bytes.len() as u64,
        });
    }
    let (text, encoding, bom) = if let Some(rest) = bytes.strip_prefix(&[0xFF, 0xFE]) {
        (
            decode_utf16(rest, u16::from_le_bytes)?,
            Encoding::Utf16Le,
            true,
        )
    } else if let Some(rest) = bytes.strip_prefix(&[0xFE, 0xFF]) {
        (
            decode_utf16(rest, u16::from_be_bytes)?,
            Encoding::Utf16Be,
            true,
        )
    } else if let Some(rest) = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        match std::str::from_utf8(rest) {
            Ok(text) => (text.to_string(), Encoding::Utf8, true),
            // A BOM followed by bytes that are not UTF-8: keep every byte, BOM included.
            Err(_) => (latin1(bytes), Encoding::Latin1, false),
        }
    } else {
        match std::str::from_utf8(bytes) {
            Ok(text) => (text.to_string(), Encoding::Utf8, false),
            Err(_) => (latin1(bytes), Encoding::Latin1, false),
        }
    };
    if let Some(error) = not_text(&text) {
        return Err(error);
    }
    let line_ending = LineEnding::detect(&text);
    Ok(SourceText {
        text,
        encoding,
        bom,
        line_ending,
    })
}

/// A binary file (a dealing machine's DUP, BRI or DGE) as text whose characters are its bytes
/// (Latin-1), so that a place in it is a byte offset while it is ASCII, as such files are.
pub fn decode_binary(bytes: &[u8]) -> Result<SourceText, ReadError> {
    if bytes.len() as u64 >= u64::from(u32::MAX) {
        return Err(ReadError::TooLarge {
            size: bytes.len() as u64,
        });
    }
    Ok(SourceText {
        text: latin1(bytes),
        encoding: Encoding::Latin1,
        bom: false,
        line_ending: LineEnding::Lf,
    })
}

/// How many characters of a text's start [`not_text`] looks at.
const TEXT_SAMPLE: usize = 65_536;

/// Why `text` is not text at all, when it is not: more than one character in eight of its
/// start (and at least sixteen) is a control character other than the white space and line ends text files hold (and
/// the end-of-file mark `^Z` old DOS programs write). A program renamed `x.pbn` is mostly NULs
/// and controls; a real file with a few stray bytes is far below that, and is still read.
pub fn not_text(text: &str) -> Option<ReadError> {
    let mut controls = 0;
    let mut looked_at = 0;
    let mut first = None;
    for (offset, c) in text.char_indices().take(TEXT_SAMPLE) {
        looked_at += 1;
        let control =
            (c < ' ' && !matches!(c, '\t' | '\n' | '\r' | '\x0b' | '\x0c' | '\x1a')) || c == '\x7f';
        if control {
            controls += 1;
            first.get_or_insert(offset);
        }
    }
    let offset = first?;
    // A handful of stray bytes in a short file is still a text with a few mistakes.
    (controls >= 16 && controls * 8 > looked_at).then_some(ReadError::NotText {
        offset,
        controls,
        looked_at,
    })
}

fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

fn decode_utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> Result<String, ReadError> {
    let units = bytes.chunks(2).map(|pair| match pair {
        [a, b] => unit([*a, *b]),
        // An odd trailing byte cannot be a code unit: report it as unpaired.
        _ => 0xD800,
    });
    let mut text = String::with_capacity(bytes.len() / 2);
    for (i, c) in char::decode_utf16(units).enumerate() {
        match c {
            Ok(c) => text.push(c),
            Err(_) => return Err(ReadError::InvalidUtf16 { offset: 2 + 2 * i }),
        }
    }
    Ok(text)
}

/// Encodes text as `source` was encoded (same encoding and BOM); `None` when a character cannot
/// be represented (a character above U+00FF in a Latin-1 file).
pub fn encode(text: &str, encoding: Encoding, bom: bool) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() + 3);
    match encoding {
        Encoding::Utf8 => {
            if bom {
                out.extend_from_slice(&[0xEF, 0xBB, 0xBF]);
            }
            out.extend_from_slice(text.as_bytes());
        }
        Encoding::Utf16Le | Encoding::Utf16Be => {
            let little = encoding == Encoding::Utf16Le;
            let bytes = |u: u16| {
                if little {
                    u.to_le_bytes()
                } else {
                    u.to_be_bytes()
                }
            };
            if bom {
                out.extend_from_slice(&bytes(0xFEFF));
            }
            for unit in text.encode_utf16() {
                out.extend_from_slice(&bytes(unit));
            }
        }
        Encoding::Latin1 => {
            for c in text.chars() {
                out.push(u8::try_from(u32::from(c)).ok()?);
            }
        }
    }
    Some(out)
}

/// Reads and decodes a file, naming it in any error.
pub fn read_file(path: &Path) -> Result<SourceText, ReadError> {
    let bytes = std::fs::read(path).map_err(|error| ReadError::Io {
        path: path.to_path_buf(),
        error,
    })?;
    decode(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_each_encoding_and_round_trips() {
        let cases: Vec<(Vec<u8>, Encoding, bool, &str)> = vec![
            (
                b"[Event \"x\"]\n".to_vec(),
                Encoding::Utf8,
                false,
                "[Event \"x\"]\n",
            ),
            (b"\xEF\xBB\xBFab".to_vec(), Encoding::Utf8, true, "ab"),
            (b"caf\xE9".to_vec(), Encoding::Latin1, false, "café"),
            (
                b"\xFF\xFEa\x00\xE9\x00".to_vec(),
                Encoding::Utf16Le,
                true,
                "aé",
            ),
            (
                b"\xFE\xFF\x00a\x00\xE9".to_vec(),
                Encoding::Utf16Be,
                true,
                "aé",
            ),
            (b"a\x00b".to_vec(), Encoding::Utf8, false, "a\0b"),
        ];
        for (bytes, encoding, bom, text) in cases {
            let source = decode(&bytes).expect("decodes");
            assert_eq!(source.text, text);
            assert_eq!(source.encoding, encoding);
            assert_eq!(source.bom, bom);
            assert_eq!(
                encode(&source.text, encoding, bom).as_deref(),
                Some(&bytes[..])
            );
        }
    }

    #[test]
    fn rejects_unpaired_surrogates_and_unencodable_latin1() {
        assert!(matches!(
            decode(b"\xFF\xFE\x00\xD8a\x00"),
            Err(ReadError::InvalidUtf16 { offset: 2 })
        ));
        assert!(decode(b"\xFF\xFEa").is_err());
        assert_eq!(encode("€", Encoding::Latin1, false), None);
    }

    #[test]
    fn detects_line_endings() {
        assert_eq!(LineEnding::detect("a\nb\n"), LineEnding::Lf);
        assert_eq!(LineEnding::detect("a\r\nb\r\n"), LineEnding::Crlf);
        assert_eq!(LineEnding::detect("a\rb"), LineEnding::Cr);
        assert_eq!(LineEnding::detect("a\r\nb\n"), LineEnding::Mixed);
        assert_eq!(LineEnding::detect("ab"), LineEnding::None);
    }

    #[test]
    fn missing_file_is_named() {
        let err = read_file(Path::new("/no/such/file.pbn")).unwrap_err();
        assert!(err
            .to_string()
            .starts_with("/no/such/file.pbn: cannot read"));
    }
}
