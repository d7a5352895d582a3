//! Reading the dealing machines' files (`../shared/spec/dealing-machines.md`): DUP, BRI and
//! DGE, fixed-size binary records, and DLM, an INI text. Each is read into its boards (a number
//! and four hands) with what could not be read as the formats write it (a [`DealingProblem`],
//! for the checker to report), and each board is lowered into the same [`BoardModel`] every
//! notation is read into (the dealer and vulnerability from the board number, as the machines
//! take them).
//!
//! The binary files are read as text whose characters are their bytes (Latin-1), so that a
//! place in a file is a byte offset and the notation seam takes them as it takes any text.

use crate::bridge::{board_dealer, board_vulnerability, Card, Hand, Rank, Seat, Suit};
use crate::model::board::BoardModel;
use crate::syntax::{TextRange, TextSize};

/// The four formats of the dealing machines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DealingFormat {
    /// Duplimate's own: a BRI part, a DGE part and a trailer, 156 bytes a board.
    Dup,
    /// North, East and South as card numbers, 128 bytes a board.
    Bri,
    /// The four hands with suit-marker bytes, 128 bytes a board.
    Dge,
    /// Duplimate for Windows: an INI text with a line of letters a board.
    Dlm,
}

/// The bytes of the suit markers of DGE, in spade, heart, diamond, club order.
pub(crate) const DGE_MARKERS: [u8; 4] = [0x06, 0x03, 0x04, 0x05];

/// The size of a BRI or DGE record.
pub(crate) const RECORD: usize = 128;

/// The size of a DUP record.
pub(crate) const DUP_RECORD: usize = 156;

/// The deal BigDeal and deal-convert write for the DLM boards outside the set (North all the
/// spades, East the hearts, South the diamonds, West the clubs).
pub(crate) const DLM_FILLER: &str = "aaaaaabffffffkkkkkklpppppp";

impl DealingFormat {
    /// The format a file's content says it is written in, when it says: DLM's `[Document]`
    /// first line, DGE's spade marker at byte 0, and between BRI and DUP (both open with 78
    /// digits) what follows the digits (`../shared/spec/dealing-machines.md`, §6).
    pub fn sniff(bytes: &[u8]) -> Option<DealingFormat> {
        let text_start = bytes
            .iter()
            .position(|b| !b.is_ascii_whitespace())
            .map(|at| &bytes[at..]);
        if let Some(start) = text_start {
            if start.len() >= 10 && start[..10].eq_ignore_ascii_case(b"[document]") {
                return Some(DealingFormat::Dlm);
            }
        }
        if bytes.first() == Some(&DGE_MARKERS[0]) {
            return Some(DealingFormat::Dge);
        }
        if bytes.len() < 78 || !bytes[..78].iter().all(u8::is_ascii_digit) {
            return None;
        }
        let dge_part = bytes.get(78..146);
        let trailer = bytes.get(146..148);
        let dup_like = dge_part
            .is_some_and(|p| p[0] == DGE_MARKERS[0] || p.iter().all(|&b| b == b' '))
            && trailer.is_some_and(|t| t.iter().all(|b| matches!(b, b'Y' | b'N')));
        if dup_like {
            return Some(DealingFormat::Dup);
        }
        let padding = bytes
            .get(78..110)
            .is_none_or(|p| p.iter().all(|&b| b == b' '));
        padding.then_some(DealingFormat::Bri)
    }

    /// Whether the format is binary (read as Latin-1 text, with no line structure).
    pub fn is_binary(self) -> bool {
        self != DealingFormat::Dlm
    }
}

/// One board of a dealing file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealingBoard {
    /// The board number.
    pub number: u32,
    /// The hands, N, E, S, W (as far as they could be read).
    pub hands: [Hand; 4],
    /// Where the board stands: its record, or its `Board` line.
    pub range: TextRange,
}

/// What a dealing file's reading met that is not as the formats write it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DealingProblem {
    /// A byte, number or letter that stands for no card (`what` says what it is).
    NoCard {
        /// Where it is.
        at: TextRange,
        /// The board.
        board: u32,
        /// What was met, in words.
        what: String,
    },
    /// A card given a second time.
    CardTwice {
        /// Where the second is.
        at: TextRange,
        /// The board.
        board: u32,
        /// The card.
        card: Card,
    },
    /// A hand of other than 13 cards.
    HandSize {
        /// The board's record or line.
        at: TextRange,
        /// The board.
        board: u32,
        /// The seat.
        seat: Seat,
        /// How many cards it holds.
        cards: usize,
    },
    /// A DLM board line whose checksum is not the one its letters and number give.
    BoardChecksum {
        /// The checksum's digits (or where they should be).
        at: TextRange,
        /// The board.
        board: u32,
        /// What is written.
        written: String,
        /// What it should be.
        expected: u32,
    },
    /// The DLM header's checksum is not `Duplicates ^ From ^ To ^ Show`.
    HeaderChecksum {
        /// The value (or the header's first line, when there is none).
        at: TextRange,
        /// What is written.
        written: String,
        /// What it should be.
        expected: u32,
    },
    /// What the DLM header must give and does not, or gives out of range.
    Header {
        /// Where.
        at: TextRange,
        /// What is wrong, in words.
        what: String,
    },
    /// A DLM board of the set that has no `Board` line.
    MissingBoard {
        /// The header's `To board` line (or its first line).
        at: TextRange,
        /// The board.
        board: u32,
    },
    /// A DUP trailer that cannot be read, or disagrees with the records.
    Trailer {
        /// The trailer.
        at: TextRange,
        /// What is wrong, in words.
        what: String,
    },
    /// A DUP record whose DGE part is another deal than its BRI part.
    PartsDisagree {
        /// The DGE part.
        at: TextRange,
        /// The board.
        board: u32,
    },
    /// Padding not as every writer writes it.
    Padding {
        /// The padding.
        at: TextRange,
        /// The board.
        board: u32,
        /// What it should hold, in words.
        expected: &'static str,
    },
    /// A last record shorter than the format's records (not read when it cannot be).
    Truncated {
        /// The fragment.
        at: TextRange,
        /// Its length.
        len: usize,
        /// A record's length.
        size: usize,
    },
}

/// The header of a DLM file, as written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DlmHeader {
    /// `Headline`.
    pub headline: Option<String>,
    /// `Status` (`Show` or `Sealed`).
    pub status: Option<String>,
    /// `Duplicates`.
    pub duplicates: Option<u32>,
    /// `From board`.
    pub from: Option<u32>,
    /// `To board`.
    pub to: Option<u32>,
}

/// A dealing file read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealingFile {
    /// Its format.
    pub format: DealingFormat,
    /// Its boards, in file order.
    pub boards: Vec<DealingBoard>,
    /// What could not be read as the format writes it.
    pub problems: Vec<DealingProblem>,
    /// The DLM header (empty for the binary formats).
    pub header: DlmHeader,
}

/// A range of `text`, from byte `start` for `len` bytes.
fn span(start: usize, len: usize) -> TextRange {
    TextRange::at(TextSize::from(start as u32), TextSize::from(len as u32))
}

/// The characters of a binary file read as Latin-1 text, back as its bytes (a character past
/// U+00FF, which such a text cannot hold, as `?`).
pub fn bytes_of(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
        .collect()
}

/// Reads a dealing file's text (a binary one read as Latin-1).
pub fn read_dealing(format: DealingFormat, text: &str) -> DealingFile {
    let mut file = DealingFile {
        format,
        boards: Vec::new(),
        problems: Vec::new(),
        header: DlmHeader::default(),
    };
    match format {
        DealingFormat::Dlm => read_dlm(text, &mut file),
        binary => {
            let bytes = bytes_of(text);
            read_records(binary, &bytes, &mut file);
            // A place in `text` is the file's byte while the file is ASCII, as every
            // well-formed one is; past ASCII, a byte takes two in the text.
            if !text.is_ascii() {
                remap(&mut file, &char_offsets(text));
            }
        }
    }
    file
}

/// The byte offset in the text of each character (and of the end).
fn char_offsets(text: &str) -> Vec<usize> {
    text.char_indices()
        .map(|(at, _)| at)
        .chain(std::iter::once(text.len()))
        .collect()
}

/// Moves the ranges of a file read from its bytes to the text's offsets (a file with bytes past
/// ASCII has two text bytes for each of them).
fn remap(file: &mut DealingFile, offsets: &[usize]) {
    let to_text = |range: TextRange| {
        let at = |byte: TextSize| {
            let i = usize::from(byte).min(offsets.len() - 1);
            TextSize::from(offsets[i] as u32)
        };
        TextRange::new(at(range.start()), at(range.end()))
    };
    for board in &mut file.boards {
        board.range = to_text(board.range);
    }
    for problem in &mut file.problems {
        let at = match problem {
            DealingProblem::NoCard { at, .. }
            | DealingProblem::CardTwice { at, .. }
            | DealingProblem::HandSize { at, .. }
            | DealingProblem::BoardChecksum { at, .. }
            | DealingProblem::HeaderChecksum { at, .. }
            | DealingProblem::Header { at, .. }
            | DealingProblem::MissingBoard { at, .. }
            | DealingProblem::Trailer { at, .. }
            | DealingProblem::PartsDisagree { at, .. }
            | DealingProblem::Padding { at, .. }
            | DealingProblem::Truncated { at, .. } => at,
        };
        *at = to_text(*at);
    }
}

/// Reads the records of a binary file.
fn read_records(format: DealingFormat, bytes: &[u8], file: &mut DealingFile) {
    let size = match format {
        DealingFormat::Dup => DUP_RECORD,
        _ => RECORD,
    };
    let numbers = match format {
        DealingFormat::Dup => dup_numbering(bytes, file),
        _ => None,
    };
    let first = numbers.map_or(1, |(low, _)| low);
    for (index, record) in bytes.chunks(size).enumerate() {
        let start = index * size;
        if record.iter().all(|&b| b == b' ' || b == 0) {
            // A blank record ends the boards (no reader reads past one).
            break;
        }
        let board = first + index as u32;
        let short = record.len() < size;
        let readable = match format {
            DealingFormat::Dge => record.len() >= 68,
            _ => record.len() >= 78,
        };
        if short {
            file.problems.push(DealingProblem::Truncated {
                at: span(start, record.len()),
                len: record.len(),
                size,
            });
        }
        if !readable || (short && format == DealingFormat::Dup) {
            break;
        }
        let hands = match format {
            DealingFormat::Dge => read_dge_part(Part::of(&record[..68], start, board), file),
            _ => read_bri_part(Part::of(&record[..78], start, board), file),
        };
        if let Some(hands) = hands {
            check_sizes(&hands, span(start, record.len()), board, file);
        }
        match format {
            DealingFormat::Bri if !short => {
                check_padding(record, start, board, 78..110, b' ', "32 spaces", file);
                check_padding(record, start, board, 110..128, 0, "18 NUL bytes", file);
            }
            DealingFormat::Dge if !short => {
                check_padding(record, start, board, 68..128, 0, "60 NUL bytes", file);
            }
            DealingFormat::Dup => check_dup_copy(record, start, board, hands, file),
            _ => {}
        }
        file.boards.push(DealingBoard {
            number: board,
            hands: hands.unwrap_or_default(),
            range: span(start, record.len()),
        });
    }
}

/// Holds a record's padding to what every writer writes there.
fn check_padding(
    record: &[u8],
    start: usize,
    board: u32,
    range: std::ops::Range<usize>,
    byte: u8,
    expected: &'static str,
    file: &mut DealingFile,
) {
    if record[range.clone()].iter().any(|&b| b != byte) {
        file.problems.push(DealingProblem::Padding {
            at: span(start + range.start, range.len()),
            board,
            expected,
        });
    }
}

/// Holds each hand of a board to 13 cards.
fn check_sizes(hands: &[Hand; 4], at: TextRange, board: u32, file: &mut DealingFile) {
    for seat in Seat::ALL {
        let cards = hands[seat.index()].len();
        if cards != 13 {
            file.problems.push(DealingProblem::HandSize {
                at,
                board,
                seat,
                cards,
            });
        }
    }
}

/// The bytes of a board's record that give its deal, where they start, and the board's number.
#[derive(Clone, Copy)]
struct Part<'a> {
    bytes: &'a [u8],
    start: usize,
    board: u32,
}

impl<'a> Part<'a> {
    fn of(bytes: &'a [u8], start: usize, board: u32) -> Self {
        Part {
            bytes,
            start,
            board,
        }
    }
}

/// Reads the 39 card numbers of North, East and South; West holds the cards not given. `None`
/// when a number could not be read.
fn read_bri_part(part: Part<'_>, file: &mut DealingFile) -> Option<[Hand; 4]> {
    let board = part.board;
    let mut hands = [Hand::default(); 4];
    let mut given = Hand::default();
    let mut whole = true;
    for (i, pair) in part.bytes.chunks(2).enumerate().take(39) {
        let at = span(part.start + 2 * i, 2);
        let number = match pair {
            [a, b] if a.is_ascii_digit() && b.is_ascii_digit() => {
                usize::from(a - b'0') * 10 + usize::from(b - b'0')
            }
            _ => 0,
        };
        let Some(card) = number.checked_sub(1).and_then(Card::from_index) else {
            file.problems.push(DealingProblem::NoCard {
                at,
                board,
                what: format!(
                    "`{}` is no card number (01 to 52)",
                    String::from_utf8_lossy(pair).replace('\0', "\\0")
                ),
            });
            whole = false;
            continue;
        };
        if !given.insert(card) {
            file.problems
                .push(DealingProblem::CardTwice { at, board, card });
            whole = false;
            continue;
        }
        hands[i / 13].insert(card);
    }
    hands[3] = given.complement();
    whole.then_some(hands)
}

/// Reads a DGE part (68 bytes): four hands of suit markers and ranks. `None` when a byte could
/// not be read or a card is given twice.
fn read_dge_part(part: Part<'_>, file: &mut DealingFile) -> Option<[Hand; 4]> {
    let board = part.board;
    let mut hands = [Hand::default(); 4];
    let mut given = Hand::default();
    let mut markers = 0usize;
    let mut suit: Option<Suit> = None;
    let mut whole = true;
    for (i, &byte) in part.bytes.iter().enumerate() {
        let at = span(part.start + i, 1);
        if let Some(s) = DGE_MARKERS.iter().position(|&m| m == byte) {
            markers += 1;
            suit = Some(Suit::ALL[s]);
            if markers > 16 {
                file.problems.push(DealingProblem::NoCard {
                    at,
                    board,
                    what: "a seventeenth suit marker (a deal has four hands of four suits)"
                        .to_string(),
                });
                return None;
            }
            continue;
        }
        let rank = Rank::from_char(char::from(byte)).filter(|_| byte != b'1');
        let (Some(suit), Some(rank)) = (suit, rank) else {
            let what = match (suit, rank) {
                (None, Some(_)) => "a rank before the first suit marker".to_string(),
                _ => format!("the byte 0x{byte:02x}, which is neither a rank nor a suit marker"),
            };
            file.problems
                .push(DealingProblem::NoCard { at, board, what });
            whole = false;
            continue;
        };
        let card = Card::new(suit, rank);
        if !given.insert(card) {
            file.problems
                .push(DealingProblem::CardTwice { at, board, card });
            whole = false;
            continue;
        }
        let hand = (markers.max(1) - 1) / 4;
        hands[hand].insert(card);
    }
    whole.then_some(hands)
}

/// The numbering of a DUP file's boards from its first record's trailer (the first board and the
/// last), saying what cannot be read or disagrees with the records.
fn dup_numbering(bytes: &[u8], file: &mut DealingFile) -> Option<(u32, u32)> {
    let records = bytes.len().div_ceil(DUP_RECORD).max(1) as u32;
    let records = (0..records)
        .take_while(|&i| {
            let start = i as usize * DUP_RECORD;
            let end = (start + DUP_RECORD).min(bytes.len());
            end - start == DUP_RECORD && !bytes[start..end].iter().all(|&b| b == b' ' || b == 0)
        })
        .count() as u32;
    let trailer = bytes.get(146..156)?;
    let at = span(146, 10);
    let field = |range: std::ops::Range<usize>| -> Option<u32> {
        std::str::from_utf8(&trailer[range])
            .ok()?
            .trim()
            .parse()
            .ok()
    };
    let flags = trailer[..2].iter().all(|b| matches!(b, b'Y' | b'N'));
    let (Some(low), Some(_copies), Some(high), true) =
        (field(2..5), field(5..7), field(7..10), flags)
    else {
        file.problems.push(DealingProblem::Trailer {
            at,
            what: format!(
                "the trailer `{}` is not `Y`/`N` twice, the first board, the copies and the last board",
                String::from_utf8_lossy(trailer).replace('\0', "\\0")
            ),
        });
        return None;
    };
    if low == 0 {
        file.problems.push(DealingProblem::Trailer {
            at,
            what: "the trailer's first board is 0".to_string(),
        });
        return None;
    }
    if high >= low && high - low + 1 == records {
        return Some((low, high));
    }
    if high == records {
        // BigDeal and deal-convert write the count where the vendor writes the last board.
        return Some((low, low + records - 1));
    }
    file.problems.push(DealingProblem::Trailer {
        at,
        what: format!(
            "the trailer gives boards {low} to {high}, but the file holds {records} board{}",
            if records == 1 { "" } else { "s" }
        ),
    });
    Some((low, low + records.saturating_sub(1)))
}

/// Holds a DUP record's DGE part (bytes 78–145) to the deal its BRI part gives, unless it is
/// blank (the blind variant).
fn check_dup_copy(
    record: &[u8],
    start: usize,
    board: u32,
    hands: Option<[Hand; 4]>,
    file: &mut DealingFile,
) {
    let Some(part) = record.get(78..146) else {
        return;
    };
    if part.iter().all(|&b| b == b' ') {
        return;
    }
    let mut scratch = DealingFile {
        format: DealingFormat::Dge,
        boards: Vec::new(),
        problems: Vec::new(),
        header: DlmHeader::default(),
    };
    let copy = read_dge_part(Part::of(part, start + 78, board), &mut scratch);
    match (copy, hands) {
        (Some(copy), Some(hands)) if copy == hands => {}
        (None, _) => file.problems.extend(scratch.problems),
        _ => file.problems.push(DealingProblem::PartsDisagree {
            at: span(start + 78, 68),
            board,
        }),
    }
}

/// One line of a DLM text: its key (lower case, trimmed) and value, with where the line and the
/// value stand.
struct DlmLine<'a> {
    key: String,
    value: &'a str,
    line: TextRange,
    value_at: usize,
}

/// Reads a DLM text.
fn read_dlm(text: &str, file: &mut DealingFile) {
    let mut in_document = false;
    let mut document_at = None;
    let mut lines: Vec<DlmLine> = Vec::new();
    let mut at = 0;
    for raw in text.split_inclusive('\n') {
        let line = raw.trim_end_matches(['\n', '\r']);
        let range = span(at, line.len());
        let trimmed = line.trim();
        if let Some(section) = trimmed.strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
            in_document = section.trim().eq_ignore_ascii_case("document");
            if in_document && document_at.is_none() {
                document_at = Some(range);
            }
        } else if in_document {
            if let Some((key, value)) = line.split_once('=') {
                lines.push(DlmLine {
                    key: key.trim().to_ascii_lowercase(),
                    value,
                    line: range,
                    value_at: at + key.len() + 1,
                });
            }
        }
        at += raw.len();
    }
    let Some(document_at) = document_at else {
        file.problems.push(DealingProblem::Header {
            at: span(0, text.find(['\r', '\n']).unwrap_or(text.len())),
            what: "no `[Document]` section: a DLM file opens with one".to_string(),
        });
        return;
    };
    let find = |key: &str| lines.iter().find(|l| l.key == key);
    let number = |key: &str| find(key).and_then(|l| l.value.trim().parse::<u32>().ok());
    let header = &mut file.header;
    header.headline = find("headline").map(|l| l.value.to_string());
    header.status = find("status").map(|l| l.value.trim().to_string());
    header.duplicates = number("duplicates");
    header.from = number("from board");
    header.to = number("to board");
    let (from, to) = match (header.from, header.to) {
        (Some(from), Some(to)) if (1..=99).contains(&from) && (from..=99).contains(&to) => {
            (from, to)
        }
        _ => {
            let at = find("from board")
                .or(find("to board"))
                .map_or(document_at, |l| l.line);
            file.problems.push(DealingProblem::Header {
                at,
                what: "`From board` and `To board` must give the set's first and last boards, 1 to 99, the first not after the last".to_string(),
            });
            return;
        }
    };
    check_header_sum(&lines, document_at, file);
    let to_line = find("to board").map_or(document_at, |l| l.line);
    for board in from..=to {
        let key = format!("board {board:02}");
        match lines.iter().find(|l| l.key == key) {
            Some(line) => read_dlm_board(line, board, file),
            None => file
                .problems
                .push(DealingProblem::MissingBoard { at: to_line, board }),
        }
    }
}

/// Holds the header's checksum to `Duplicates ^ From ^ To ^ (Status is Show)`.
fn check_header_sum(lines: &[DlmLine], document_at: TextRange, file: &mut DealingFile) {
    let header = &file.header;
    let show = header
        .status
        .as_deref()
        .is_some_and(|s| s.eq_ignore_ascii_case("show"));
    let expected = header.duplicates.unwrap_or(0)
        ^ header.from.unwrap_or(0)
        ^ header.to.unwrap_or(0)
        ^ u32::from(show);
    let line = lines.iter().find(|l| l.key == "checksum");
    let written = line.map(|l| l.value.trim());
    if written.and_then(|w| w.parse::<u32>().ok()) == Some(expected) {
        return;
    }
    let at = match line {
        Some(l) => span(l.value_at, l.value.len()),
        None => document_at,
    };
    file.problems.push(DealingProblem::HeaderChecksum {
        at,
        written: written.unwrap_or("").to_string(),
        expected,
    });
}

/// The checksum of a DLM board line: the board number XORed with every letter's byte.
pub(crate) fn board_checksum(board: u32, letters: &[u8]) -> u32 {
    letters.iter().fold(board, |sum, &b| sum ^ u32::from(b))
}

/// Reads one `Board NN=` line of the set.
fn read_dlm_board(line: &DlmLine, board: u32, file: &mut DealingFile) {
    let value = line.value.trim_end();
    let bytes = value.as_bytes();
    let mut hands = [Hand::default(); 4];
    let mut whole = bytes.len() >= 26;
    for (i, &letter) in bytes.iter().enumerate().take(26) {
        let at = span(line.value_at + i, 1);
        if !(b'a'..=b'p').contains(&letter) {
            file.problems.push(DealingProblem::NoCard {
                at,
                board,
                what: format!("`{}` is no deal letter (`a` to `p`)", char::from(letter)),
            });
            whole = false;
            continue;
        }
        let v = usize::from(letter - b'a');
        for (card, seat) in [(2 * i, v / 4), (2 * i + 1, v % 4)] {
            if let Some(card) = Card::from_index(card) {
                hands[seat].insert(card);
            }
        }
    }
    if bytes.len() < 26 || !bytes[..26].is_ascii() {
        file.problems.push(DealingProblem::NoCard {
            at: span(line.value_at, value.len()),
            board,
            what: "a board line is 26 letters `a` to `p` and a three-digit checksum".to_string(),
        });
    } else {
        let expected = board_checksum(board, &bytes[..26]);
        let digits = &value[26..];
        let ok = digits.len() == 3 && digits.parse::<u32>().ok() == Some(expected);
        if !ok {
            file.problems.push(DealingProblem::BoardChecksum {
                at: span(line.value_at + 26, digits.len()),
                board,
                written: digits.to_string(),
                expected,
            });
        }
    }
    if whole {
        check_sizes(&hands, line.line, board, file);
    }
    file.boards.push(DealingBoard {
        number: board,
        hands,
        range: line.line,
    });
}

/// The boards of a dealing file lowered into their models: the board number, the dealer and
/// vulnerability it gives, the hands (a hand that could not be read whole is left out), and the
/// DLM headline as the event.
pub fn lower_dealing(file: &DealingFile) -> Vec<BoardModel> {
    file.boards
        .iter()
        .map(|board| lower_board(&file.header, board))
        .collect()
}

/// One board of a dealing file lowered into its model (see [`lower_dealing`]).
pub fn lower_board(header: &DlmHeader, board: &DealingBoard) -> BoardModel {
    let mut model = BoardModel::default();
    if let Some(headline) = header.headline.as_deref() {
        match headline.trim().strip_prefix("Generated by ") {
            Some(generator) => model.set_fact("Generator", generator.to_string(), None),
            None if !headline.trim().is_empty() => {
                model.set_fact("Event", headline.trim().to_string(), None)
            }
            None => {}
        }
    }
    let at = Some(board.range);
    model.set_fact("Board", board.number.to_string(), at);
    model.set_dealer(board_dealer(board.number), at);
    model.set_vulnerability(board_vulnerability(board.number), at);
    let hands = board.hands.map(|h| (h.len() == 13).then_some(h));
    model.set_deal(Seat::North, hands, [false; 4], [at; 4], at);
    model
}

/// The hands as PBN's Deal writes them, from North.
pub(crate) fn deal_text(hands: &[Hand; 4]) -> String {
    let hands: Vec<String> = hands.iter().map(Hand::to_string).collect();
    format!("N:{}", hands.join(" "))
}

/// A dealing file's reading listed for people (what `kibitzer parse` prints): each board with
/// where it stands and its deal, then what could not be read.
pub fn dump_dealing(format: DealingFormat, text: &str) -> String {
    let file = read_dealing(format, text);
    let mut out = String::new();
    for board in &file.boards {
        out.push_str(&format!(
            "BOARD {} @{}..{} {}\n",
            board.number,
            u32::from(board.range.start()),
            u32::from(board.range.end()),
            deal_text(&board.hands)
        ));
    }
    for problem in &file.problems {
        out.push_str(&format!("problem: {problem:?}\n"));
    }
    out
}

/// Reads every board of a dealing file's text into its model.
pub fn read_dealing_boards(format: DealingFormat, text: &str) -> Vec<BoardModel> {
    lower_dealing(&read_dealing(format, text))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn latin1(bytes: &[u8]) -> String {
        bytes.iter().map(|&b| char::from(b)).collect()
    }

    #[test]
    fn the_spec_examples_read_as_their_deals() {
        // §2.5 A: the vendor's unsorted BRI digits.
        let mut bri =
            b"180437272408224221062507175150321516492941264031464543351128302039140152133403"
                .to_vec();
        bri.extend([b' '; 32]);
        bri.extend([0; 18]);
        let file = read_dealing(DealingFormat::Bri, &latin1(&bri));
        assert!(file.problems.is_empty(), "{:?}", file.problems);
        assert_eq!(
            deal_text(&file.boards[0].hands),
            "N:J987.JT7643.A4.Q .KQ2.QT9.AK98543 AQ42.A8.KJ762.J2 KT653.95.853.T76"
        );
        // §5.9: the forum's board lines carry their right checksums.
        for line in [
            "Board 01=jlifaelnecgmoldfjmcflinlap023",
            "Board 01=cgcajjjnakpkchipnjhmbmbpbh022",
        ] {
            let text = format!("[Document]\nStatus=Show\nDuplicates=0\nFrom board=1\nTo board=1\nChecksum=1\n{line}\n");
            let file = read_dealing(DealingFormat::Dlm, &text);
            assert!(file.problems.is_empty(), "{line}: {:?}", file.problems);
        }
    }
}
