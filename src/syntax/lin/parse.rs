//! A parsed LIN file, and keeping it current under edits.
//!
//! A LIN file is a run of `key|value|` pairs; line ends between pairs mean nothing. A board starts
//! at a `qx|` pair (or at the file's first pair in a one-board file), so the file splits into
//! pieces at those pairs: the pairs before the first `qx|` (a vugraph header, or the whole board
//! of a one-board file) and one piece per board. Every piece starts where a pair starts, so an
//! edit is followed by scanning again from the piece before it until a piece start of the new
//! text falls where an old one fell: the pieces after that are the same and are kept.

use std::cell::RefCell;
use std::ops::Range;

use rowan::{GreenNode, NodeOrToken};

use super::{LinKind, LinLanguage, Pair};
use crate::syntax::builder::TokenCache;
use crate::syntax::error::{Missing, SyntaxCode, SyntaxError};
use crate::syntax::top::{GreenElement, TopGrammar, TopLevel};
use rowan::{TextRange, TextSize};

/// One lexical item of a LIN text (byte offsets into the scanned text).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Item {
    /// White space or line ends between pairs.
    Trivia(Range<usize>, LinKind),
    /// A pair: the key's range, the value's range, and whether the closing `|` is there;
    /// `piped` when the value ends with a `|` of its own (`pn|…,WRANG||st||`: a name holding
    /// `|`), taken into the value so that the pairs after it read as they were meant.
    Pair {
        key: Range<usize>,
        value: Range<usize>,
        closed: bool,
        piped: bool,
    },
    /// Text that is no pair (up to a line end, or to the end of the text).
    Stray(Range<usize>),
    /// A web address (`http://` or `https://` up to white space).
    Url(Range<usize>),
    /// A comment line: `%` at the start of a line, up to its end (PbnToLin writes a header of
    /// them).
    Comment(Range<usize>),
}

impl Item {
    fn start(&self) -> usize {
        match self {
            Item::Trivia(r, _) | Item::Stray(r) | Item::Url(r) | Item::Comment(r) => r.start,
            Item::Pair { key, .. } => key.start,
        }
    }
}

/// The items of a text, from its start (which must be where a pair may start), one at a time:
/// a whole file is scanned without holding its items.
struct Scanner<'a> {
    bytes: &'a [u8],
    at: usize,
}

/// Scans `text` into items.
fn scan(text: &str) -> Scanner<'_> {
    Scanner {
        bytes: text.as_bytes(),
        at: 0,
    }
}

impl Iterator for Scanner<'_> {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        let bytes = self.bytes;
        let start = self.at;
        let b = *bytes.get(start)?;
        let mut i = start;
        let item = if b == b'\n' || b == b'\r' {
            while i < bytes.len() && (bytes[i] == b'\n' || bytes[i] == b'\r') {
                i += 1;
            }
            Item::Trivia(start..i, LinKind::NEWLINE)
        } else if b == b' ' || b == b'\t' {
            while i < bytes.len() && (bytes[i] == b' ' || bytes[i] == b'\t') {
                i += 1;
            }
            Item::Trivia(start..i, LinKind::WHITESPACE)
        } else if b == b'%' && (start == 0 || matches!(bytes[start - 1], b'\n' | b'\r')) {
            while i < bytes.len() && !matches!(bytes[i], b'\n' | b'\r') {
                i += 1;
            }
            Item::Comment(start..i)
        } else if b | 0x20 == b'h' && is_url_start(&bytes[start..]) {
            while i < bytes.len() && !matches!(bytes[i], b' ' | b'\t' | b'\n' | b'\r') {
                i += 1;
            }
            Item::Url(start..i)
        } else {
            while i < bytes.len() && !matches!(bytes[i], b'|' | b'\n' | b'\r') {
                i += 1;
            }
            if i >= bytes.len() || bytes[i] != b'|' {
                Item::Stray(start..i)
            } else {
                let value_start = i + 1;
                let value_end = bytes[value_start..]
                    .iter()
                    .position(|&b| b == b'|')
                    .map_or(bytes.len(), |p| value_start + p);
                let closed = value_end < bytes.len();
                // No key is empty: a `|` right after a value's closing `|` is the value's own
                // last character. Three in a row say nothing so clear: they stay an empty pair.
                let piped = closed
                    && value_end > value_start
                    && bytes.get(value_end + 1) == Some(&b'|')
                    && bytes.get(value_end + 2) != Some(&b'|');
                let value_end = if piped { value_end + 1 } else { value_end };
                let key = start..i;
                i = if closed { value_end + 1 } else { value_end };
                Item::Pair {
                    key,
                    value: value_start..value_end,
                    closed,
                    piped,
                }
            }
        };
        self.at = i;
        Some(item)
    }
}

/// Whether a web address starts here (`http://` or `https://`, in any case).
fn is_url_start(bytes: &[u8]) -> bool {
    ["http://", "https://"].iter().any(|scheme| {
        bytes
            .get(..scheme.len())
            .is_some_and(|b| b.eq_ignore_ascii_case(scheme.as_bytes()))
    })
}

/// A key in lower case when it is one of the few that decide where a board starts (`qx`, and
/// the `pn`, `st` and `md` a board opens with when no `qx` numbers it).
fn boundary_key(key: &str) -> Option<&'static str> {
    // Asked of every pair of a file: a two-letter key needs no trimming.
    let key = if key.len() == 2 { key } else { key.trim() };
    ["qx", "pn", "st", "md"]
        .into_iter()
        .find(|k| key.eq_ignore_ascii_case(k))
}

/// What the splitter knows of the piece it is in, read from the piece's own items only (never
/// from what came before it, which the incremental reparse relies on).
#[derive(Debug, Clone, Copy, Default)]
struct PieceState {
    /// Some item (white space aside) was read.
    started: bool,
    /// A pair or an address was read.
    has_pair: bool,
    /// An `md` pair (a deal) was read.
    has_deal: bool,
    /// A `qx` pair was read: the piece is a numbered board, which only the next `qx` ends.
    has_qx: bool,
    /// The piece opened with `pn` or `st`: a board's players, whose `qx` (if any) follows.
    opened_with_players: bool,
    /// Only line ends and blanks since the last line end (or the piece's start).
    at_line_start: bool,
}

impl PieceState {
    /// Whether `item` of `text`, read in this state, starts a new piece.
    fn starts_piece(&self, text: &str, item: &Item) -> bool {
        match item {
            Item::Pair { key, .. } => match boundary_key(&text[key.clone()]) {
                // A `qx` starts a board after some pair, unless it numbers the board whose
                // players were just written (`pn|…|qx|o1|md|…`).
                Some("qx") => self.has_pair && (self.has_deal || !self.opened_with_players),
                // BBO's hand records write one board a line with no `qx`: a line opening with a
                // board's first pairs after a board's deal starts the next board. In a board a
                // `qx` numbers, such a line is that board's (a vugraph file's closing players).
                Some(_) => self.at_line_start && self.has_deal && !self.has_qx,
                None => false,
            },
            // An address is a board of its own (a handviewer link) wherever it stands.
            Item::Url(_) => self.started,
            Item::Trivia(..) | Item::Stray(_) | Item::Comment(_) => false,
        }
    }

    /// The state after `item` of `text`.
    fn take(&mut self, text: &str, item: &Item) {
        self.started = true;
        match item {
            Item::Pair { key, .. } => {
                let key = boundary_key(&text[key.clone()]);
                if !self.has_pair {
                    self.opened_with_players = matches!(key, Some("pn" | "st"));
                }
                self.has_pair = true;
                self.has_deal |= key == Some("md");
                self.has_qx |= key == Some("qx");
                self.at_line_start = false;
            }
            Item::Url(_) => {
                self.has_pair = true;
                self.at_line_start = false;
            }
            Item::Trivia(_, LinKind::NEWLINE) => self.at_line_start = true,
            Item::Trivia(..) => {}
            Item::Stray(_) | Item::Comment(_) => self.at_line_start = false,
        }
    }
}

/// The ranges of the pieces of a text, one at a time, from its `items`: a piece starts at the
/// first item, then at every `qx` pair and every web address but a piece's first, and at a line
/// opening with `pn`, `st` or `md` after a board's deal (see [`PieceState::starts_piece`];
/// pairs after an address stay in its piece). The pieces cover the text exactly.
struct PieceRanges<'a, I> {
    text: &'a str,
    items: I,
    /// Where the next piece starts; `None` once the text is used up.
    start: Option<usize>,
    /// What is known of the piece being read.
    state: PieceState,
}

impl<'a, I: Iterator<Item = Item>> PieceRanges<'a, I> {
    fn new(text: &'a str, items: I) -> Self {
        PieceRanges {
            text,
            items,
            start: (!text.is_empty()).then_some(0),
            state: PieceState::default(),
        }
    }
}

impl<I: Iterator<Item = Item>> Iterator for PieceRanges<'_, I> {
    type Item = Range<usize>;

    fn next(&mut self) -> Option<Range<usize>> {
        let start = self.start?;
        for item in self.items.by_ref() {
            if self.state.starts_piece(self.text, &item) {
                let next_start = item.start();
                self.state = PieceState::default();
                self.state.take(self.text, &item);
                self.start = Some(next_start);
                return Some(start..next_start);
            }
            self.state.take(self.text, &item);
        }
        self.start = None;
        Some(start..self.text.len())
    }
}

/// The ranges of the pieces of `text`, one at a time (covering it exactly).
pub(crate) fn piece_ranges(text: &str) -> impl Iterator<Item = Range<usize>> + '_ {
    PieceRanges::new(text, scan(text))
}

/// Whether a piece's text (its `items`) is a board: a header holds the vugraph data (`vg`,
/// `rs`) and deals no cards; anything else is a board. It stops at the first sign of a board
/// (a board's piece starts with `qx`), since the splitter asks this of every piece.
fn is_board(text: &str, items: impl Iterator<Item = Item>) -> bool {
    let mut first = true;
    let mut vugraph = false;
    for item in items {
        if let Item::Url(_) = item {
            return true;
        }
        if let Item::Pair { key, .. } = item {
            let key = text[key].trim();
            let is = |k: &str| key.eq_ignore_ascii_case(k);
            if (first && is("qx")) || is("md") {
                return true;
            }
            vugraph |= is("vg") || is("rs");
            first = false;
        }
    }
    !vugraph
}

/// Whether a piece's text is a board (see [`is_board`]), without building its tree.
pub(crate) fn piece_is_board(text: &str) -> bool {
    is_board(text, scan(text))
}

thread_local! {
    /// The tokens of the LIN trees one thread builds: keys, bars, calls and cards repeat on
    /// every board, and a shared token costs a reference count where a new one costs an
    /// allocation (and its freeing).
    static LIN_TOKENS: RefCell<TokenCache> = RefCell::new(TokenCache::default());
}

/// The green node of one piece (`text` is the piece) and its errors, relative to the piece. The
/// unread rest of a piece past the cap is one error token: the tree is the whole text.
pub(crate) fn build_piece(text: &str) -> (GreenNode, Vec<SyntaxError>) {
    LIN_TOKENS.with(|cache| match cache.try_borrow_mut() {
        Ok(mut cache) => build_piece_with(text, &mut cache),
        Err(_) => build_piece_with(text, &mut TokenCache::default()),
    })
}

/// The most bytes of one board (or header) read as pairs; the rest of a longer one is one piece
/// of unread text (L702). A real board, commentary and all, is a few kilobytes, and millions of
/// pairs in one board would otherwise cost tens of bytes of tree and model for each byte.
pub const LIN_PIECE_CAP: usize = 4 * crate::syntax::DATA_LINE_CAP;

fn build_piece_with(text: &str, cache: &mut TokenCache) -> (GreenNode, Vec<SyntaxError>) {
    let board = is_board(text, scan(text));
    let mut token = |kind: LinKind, text: &str| NodeOrToken::Token(cache.token(kind.into(), text));
    let mut children: Vec<GreenElement> = Vec::new();
    // One buffer for the parts of every pair: a pair node copies them out.
    let mut parts: Vec<GreenElement> = Vec::with_capacity(4);
    let mut errors = Vec::new();
    let rest = walk_piece(text, &mut errors, |item| match item {
        Item::Trivia(range, kind) => children.push(token(*kind, &text[range.clone()])),
        Item::Url(range) => children.push(token(LinKind::URL, &text[range.clone()])),
        Item::Comment(range) => children.push(token(LinKind::COMMENT, &text[range.clone()])),
        Item::Stray(range) => children.push(NodeOrToken::Node(GreenNode::new(
            LinKind::ERROR.into(),
            [token(LinKind::UNKNOWN, &text[range.clone()])],
        ))),
        Item::Pair {
            key, value, closed, ..
        } => {
            if !key.is_empty() {
                parts.push(token(LinKind::KEY, &text[key.clone()]));
            }
            parts.push(token(LinKind::BAR, "|"));
            if !value.is_empty() {
                parts.push(token(LinKind::VALUE, &text[value.clone()]));
            }
            if *closed {
                parts.push(token(LinKind::BAR, "|"));
            }
            children.push(NodeOrToken::Node(GreenNode::new(
                LinKind::PAIR.into(),
                parts.drain(..),
            )));
        }
    });
    if let Some(rest) = rest {
        children.push(NodeOrToken::Node(GreenNode::new(
            LinKind::ERROR.into(),
            [token(LinKind::UNKNOWN, &text[rest])],
        )));
    }
    let kind = if board {
        LinKind::BOARD
    } else {
        LinKind::HEADER
    };
    (GreenNode::new(kind.into(), children), errors)
}

/// One piece read without a tree (for the file check, which reads each pair once and keeps
/// nothing): what its tree would give, relative to the piece.
#[derive(Debug)]
pub(crate) struct ReadPiece<'a> {
    /// Its pairs, in order.
    pub pairs: Vec<Pair<'a>>,
    /// The web address it is made of, if it is one.
    pub url: Option<(&'a str, TextRange)>,
    /// Its syntax errors.
    pub errors: Vec<SyntaxError>,
}

/// Reads one piece (`text` is the piece) as [`build_piece`] would, without building its tree;
/// the unread rest of a piece past the cap is left out (only its error says what follows), so
/// that a 50 MB board is not copied.
pub(crate) fn read_piece(text: &str) -> ReadPiece<'_> {
    let mut errors = Vec::new();
    // A pair takes at least four bytes (`pg||`); boards are mostly pairs of five to seven.
    let mut pairs = Vec::with_capacity(text.len() / 6);
    let mut url = None;
    walk_piece(text, &mut errors, |item| match item {
        Item::Pair {
            key, value, closed, ..
        } => {
            pairs.push(Pair::scanned(text, key.clone(), value.clone(), *closed));
        }
        Item::Url(range) => {
            url.get_or_insert((&text[range.clone()], to_range(range)));
        }
        Item::Trivia(..) | Item::Stray(_) | Item::Comment(_) => {}
    });
    ReadPiece { pairs, url, errors }
}

/// Goes through the items of one piece (`text` is the piece) up to [`LIN_PIECE_CAP`], handing
/// each to `each` and reporting the errors of reading to `errors`: text that is no pair, a
/// pair not closed, and the rest past the cap, whose range it returns (that rest is not
/// handed on). The tree builder and the tree-less reader both go through here, so that they
/// cannot disagree on what a piece says.
fn walk_piece(
    text: &str,
    errors: &mut Vec<SyntaxError>,
    mut each: impl FnMut(&Item),
) -> Option<Range<usize>> {
    for item in scan(text) {
        if item.start() > LIN_PIECE_CAP {
            let rest = item.start()..text.len();
            // Only this message needs to know what the piece is: asked here, not of every piece.
            let board = is_board(text, scan(text));
            errors.push(SyntaxError {
                code: SyntaxCode::MalformedPair,
                range: to_range(&rest),
                message: format!(
                    "this {} is longer than {LIN_PIECE_CAP} bytes: the rest of it ({} bytes) is \
                     not read",
                    if board { "board" } else { "header" },
                    rest.len()
                ),
                missing: None,
            });
            return Some(rest);
        }
        each(&item);
        match &item {
            Item::Stray(range) => errors.push(SyntaxError {
                code: SyntaxCode::MalformedPair,
                range: to_range(range),
                message: format!(
                    "`{}` is no `key|value|` pair: a key is two letters followed by `|`",
                    short(&text[range.clone()])
                ),
                missing: None,
            }),
            Item::Pair {
                value, piped: true, ..
            } => errors.push(SyntaxError {
                code: SyntaxCode::MalformedPair,
                range: to_range(value),
                message: format!(
                    "`{}` holds a `|`, which ends a LIN value: other readers end it there and \
                     read every pair after it one place out; leave the `|` out",
                    short(&text[value.clone()])
                ),
                missing: None,
            }),
            Item::Pair {
                key,
                value,
                closed: false,
                ..
            } => {
                // The value runs to the end of the text; the `|` it lacks belongs before the
                // line break it ends with.
                let written = text[value.clone()].trim_end_matches(['\n', '\r']).len();
                errors.push(SyntaxError {
                    code: SyntaxCode::MalformedPair,
                    range: to_range(&(key.start..value.start + written)),
                    message: format!(
                        "the pair `{}|` is not closed: its value ends with `|`",
                        short(&text[key.clone()])
                    ),
                    missing: Some(Missing {
                        text: "|",
                        title: "Close the pair with `|`",
                    }),
                });
            }
            _ => {}
        }
    }
    None
}

fn to_range(range: &Range<usize>) -> TextRange {
    TextRange::new(
        TextSize::from(range.start as u32),
        TextSize::from(range.end as u32),
    )
}

/// A shortened text for messages.
fn short(text: &str) -> String {
    let mut out: String = text.chars().take(24).collect();
    if out.len() < text.len() {
        out.push('…');
    }
    out
}

/// The syntax tree of a whole LIN file and its syntax errors (L702).
pub type LinParse = TopLevel<LinLanguage>;

impl TopGrammar for LinLanguage {
    type Piece = Range<usize>;
    type Cache = ();
    const BLANK_RUNS: bool = false;

    fn split(text: &str) -> (Vec<Range<usize>>, bool) {
        // A region ends cleanly between pairs: after a closed pair, white space or nothing. An
        // address runs to white space, so one that reaches the region's end may run on past it.
        // A `qx|` starts a board only after some pair: a region without one (at the file's
        // start, where no pair came before) does not end where the next board starts either.
        let mut open = false;
        let mut has_pair = false;
        let ranges = PieceRanges::new(
            text,
            scan(text).inspect(|item| {
                has_pair |= matches!(item, Item::Pair { .. } | Item::Url(_));
                open = match item {
                    Item::Pair { closed, .. } => !closed,
                    Item::Stray(_) => true,
                    Item::Url(range) | Item::Comment(range) => range.end == text.len(),
                    Item::Trivia(..) => false,
                }
            }),
        )
        .collect();
        (ranges, open || !has_pair)
    }

    const LOOKS_AHEAD: bool = true;

    fn still_starts(region: &str, pieces: &[Range<usize>], next: &str) -> bool {
        let Some(last) = pieces.last() else {
            return false;
        };
        let Some(last_text) = region.get(last.clone()) else {
            return false;
        };
        let mut state = PieceState::default();
        for item in scan(last_text) {
            state.take(last_text, &item);
        }
        scan(next)
            .next()
            .is_some_and(|first| state.starts_piece(next, &first))
    }

    fn range(piece: &Range<usize>) -> Range<usize> {
        piece.clone()
    }

    fn is_blank(_: &Range<usize>) -> bool {
        false
    }

    fn build(text: &str, piece: &Range<usize>, _: &mut ()) -> (GreenElement, Vec<SyntaxError>) {
        let (node, errors) = build_piece(&text[piece.clone()]);
        (NodeOrToken::Node(node), errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Code;
    use crate::syntax::lin::LinNode;

    #[test]
    fn pieces_start_at_qx_pairs() {
        let text = "vg|t,s,I,1,2,A,0,B,0|\nqx|o1|md|1S2,,,|\nQX|c1|md|1S3,,,|\n";
        let ranges = piece_ranges(text).collect::<Vec<_>>();
        let starts: Vec<&str> = ranges.iter().map(|r| &text[r.start..r.start + 2]).collect();
        assert_eq!(starts, ["vg", "qx", "QX"]);
        let parse = LinParse::new(text);
        let kinds: Vec<LinKind> = parse.chunks().map(|(n, _)| n.kind()).collect();
        assert_eq!(kinds, [LinKind::HEADER, LinKind::BOARD, LinKind::BOARD]);
        assert!(parse.errors().is_empty());
        assert_eq!(parse.syntax().text().to_string(), text);
    }

    #[test]
    fn boards_without_qx_start_at_a_line_of_their_first_pairs() {
        // BBO's hand records: one board a line, no `qx|`.
        let text = "pn|a,b,c,d|st||md|3S2,,,|ah|Board 1|mb|p|\n\
                    pn|a,b,c,d|st||md|4S3,,,|ah|Board 2|mb|1c|\r\n\
                    st||md|1S4,,,|ah|Board 3|\n\
                    md|2S5,,,|ah|Board 4|\n";
        let starts: Vec<&str> = piece_ranges(text)
            .map(|r| &text[r.start..r.start + 2])
            .collect();
        assert_eq!(starts, ["pn", "pn", "st", "md"]);
        let parse = LinParse::new(text);
        assert!(parse.chunks().all(|(n, _)| n.kind() == LinKind::BOARD));
        assert!(parse.errors().is_empty());
        // Not at a line's start, or before the board has its deal, such a pair stays in its board.
        for one in [
            "pn|a,b,c,d|st||md|3S2,,,|pn|e,f,g,h|md|1S3,,,|",
            "pn|a,b,c,d|\nst||\nmd|3S2,,,|\nmb|p|",
        ] {
            assert_eq!(piece_ranges(one).count(), 1, "{one:?}");
        }
        // The players before a `qx|` belong to the board it numbers; the next `qx|` starts the
        // next board. In a numbered board, a players' line after the deal stays in it (a
        // vugraph file's closing `pn|` is no board).
        let text = "pn|a,b,c,d|qx|o1|md|3S2,,,|\nqx|c1|md|3S2,,,|\npn|e,f,g,h|qx|o2|md|1S3,,,|";
        let starts: Vec<&str> = piece_ranges(text)
            .map(|r| &text[r.start..r.start + 5])
            .collect();
        assert_eq!(starts, ["pn|a,", "qx|c1", "qx|o2"]);
        // A vugraph header's players line stays in the header.
        let text = "vg|t,s,I,1,2|\npn|a,b,c,d|\nqx|o1|md|1S2,,,|";
        let starts: Vec<&str> = piece_ranges(text)
            .map(|r| &text[r.start..r.start + 2])
            .collect();
        assert_eq!(starts, ["vg", "qx"]);
    }

    #[test]
    fn comment_lines_are_comments() {
        let text = "% LIN File created by PbnToLin\r\n% \r\nqx|o1|md|1S2,,,|\r\n%x|y|\n";
        let parse = LinParse::new(text);
        assert!(parse.errors().is_empty(), "{:?}", parse.errors());
        let comments: Vec<String> = parse
            .syntax()
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| t.kind() == LinKind::COMMENT)
            .map(|t| t.text().to_string())
            .collect();
        assert_eq!(comments, ["% LIN File created by PbnToLin", "% ", "%x|y|"]);
        assert_eq!(parse.syntax().text().to_string(), text);
        // A `%` inside a line is no comment.
        assert_eq!(LinParse::new("md|1S2,,,|%x|y|").errors().len(), 0);
        assert!(LinParse::new("md|1S2,,,| % x").errors().len() == 1);
    }

    /// The file check reads pieces without a tree; it must read what the editor's tree holds.
    fn assert_read_like_the_tree(text: &str) {
        use super::super::Piece;
        for range in piece_ranges(text) {
            let piece_text = &text[range];
            let (green, tree_errors) = build_piece(piece_text);
            let piece = Piece::cast(LinNode::new_root(green)).expect("a piece");
            let read = read_piece(piece_text);
            let tree_pairs: Vec<Pair> = piece.pairs().collect();
            assert_eq!(read.pairs, tree_pairs, "{piece_text:?}");
            assert_eq!(read.url, piece.url(), "{piece_text:?}");
            assert_eq!(read.errors, tree_errors, "{piece_text:?}");
        }
    }

    #[test]
    fn pieces_read_without_a_tree_read_as_the_tree() {
        let cards = "pc|SA|pc|h2|".repeat(LIN_PIECE_CAP / 12 + 100);
        for text in [
            "vg|t,s,I,1,2,A,0,B,0|\nqx|o1|md|1S2,,,|\nQX|c1|md|1S3,,,|\n",
            "qx|o1|mb||mb|1c!|an|x|| |pc|s2|stray words\r\nmb|p",
            "md|1SAK|sv|b\n  https://www.bridgebase.com/tools/handviewer.html?lin=md|1S2| pc|h3|",
            "|||x|é|\u{0}|mb|\n|\n\n|",
            "",
            &format!("qx|o1|md|1S2,,,|{cards}\nqx|o2|mb|p|"),
        ] {
            assert_read_like_the_tree(text);
        }
        let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/lin");
        let mut files = 0;
        for entry in std::fs::read_dir(&corpus)
            .expect("the LIN corpus")
            .flatten()
        {
            let bytes = std::fs::read(entry.path()).expect("a corpus file");
            let source = crate::text::decode(&bytes).expect("a readable corpus file");
            assert_read_like_the_tree(&source.text);
            files += 1;
        }
        assert!(files > 0);
    }

    #[test]
    fn a_board_past_the_cap_keeps_its_rest_unread_and_the_next_board_whole() {
        let cards = "pc|SA|pc|h2|".repeat(LIN_PIECE_CAP / 12 + 100);
        let text = format!("qx|o1|md|1S2,,,|{cards}\nqx|o2|mb|p|");
        let parse = LinParse::new(&text);
        assert_eq!(parse.syntax().text().to_string(), text);
        let errors = parse.errors();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].message.contains("is not read"));
        let unread = usize::from(errors[0].range.start());
        assert!(unread > LIN_PIECE_CAP && unread < LIN_PIECE_CAP + 8);
        // The rest of the board, line end included, ends where the next board starts.
        assert_eq!(&text[usize::from(errors[0].range.end())..], "qx|o2|mb|p|");
        assert_eq!(parse.chunks().count(), 2);
    }

    #[test]
    fn a_web_address_is_a_piece_of_its_own() {
        let url = "https://www.bridgebase.com/tools/handviewer.html?lin=md%7C1S2%2C%2C%2C%7C";
        let text = format!("qx|o1|md|1S2,,,|\n{url}\n{url} mb|p|\nqx|o2|");
        let starts: Vec<usize> = piece_ranges(&text).map(|r| r.start).collect();
        let second = 17;
        let third = second + url.len() + 1;
        let fourth = third + url.len() + 1;
        let fifth = fourth + 6;
        // `mb|p|` after the second address stays in its piece.
        assert_eq!(starts, [0, second, third, fifth]);
        let parse = LinParse::new(&text);
        assert!(parse.errors().is_empty());
        assert!(parse.chunks().all(|(n, _)| n.kind() == LinKind::BOARD));
        assert_eq!(parse.syntax().text().to_string(), text);
    }

    #[test]
    fn stray_text_and_unclosed_pairs_are_errors() {
        let parse = LinParse::new("md|1S2,,,|oops\nmb|1c");
        let codes: Vec<_> = parse
            .errors()
            .iter()
            .map(|e| (e.code.code(), u32::from(e.range.start())))
            .collect();
        assert_eq!(codes, [(Code::L702, 10), (Code::L702, 15)]);
    }

    /// Edits in every place of a small file give the tree of a full parse.
    #[test]
    fn edits_equal_a_full_parse() {
        // Boards one a line, and boards run together (where an address typed before a `qx|`
        // runs on over it).
        let texts = [
            "vg|t,s,I,1,2|\nqx|o1|md|1S2,,,|mb|1c|\nqx|c1|md|1S3,,,|mb|p|\nqx|o2|pc|c2|\n",
            "qx|o1|md|1S2,,,|qx|c1|mb|p|https://h?n=SA qx|o2|pc|c2|",
            // Text after an address that an edit turns into no address (found by fuzzing).
            "qx|o1|md|1S2,,,|\nhttps://h?n=SA\nstray words\nmb|p|\nqx|o2|",
            // Stray text before the first pair: an edit that unmakes the pair there leaves the
            // next `qx|` starting no board (found by fuzzing).
            "v|w|\nqx|a|\nqx|b|",
            // Boards one a line without `qx|`, players before a `qx|`, and comment lines: an
            // edit that takes a board's deal away joins the next line's board to it.
            "pn|a|md|1S2|\npn|b|md|2S3|mb|p|\nst||md|3S4|\n",
            "% c\npn|a|qx|o1|md|1S2|\npn|b|qx|o2|\n%d\nmd|2|\n",
        ];
        let inserts = [
            "",
            "|",
            "qx|",
            "x",
            "\n",
            "qx|o9|",
            "md|2",
            "é",
            "https://h?n=SA ",
            "http",
            "https://x",
            "%",
            "pn|",
            "md|",
        ];
        for text in texts {
            for start in 0..=text.len() {
                for end in start..(start + 4).min(text.len() + 1) {
                    if !text.is_char_boundary(start) || !text.is_char_boundary(end) {
                        continue;
                    }
                    for insert in inserts {
                        let new_text = format!("{}{}{}", &text[..start], insert, &text[end..]);
                        let mut parse = LinParse::new(text);
                        parse.apply_edit(start..end, insert.len(), new_text.as_str());
                        assert_eq!(
                            parse,
                            LinParse::new(&new_text),
                            "{start}..{end} <- {insert:?}: {new_text:?}"
                        );
                    }
                }
            }
        }
    }
}
