//! Reading LIN boards into their [`BoardModel`]s, pair by pair.
//!
//! A board piece gives the deal (`md`), vulnerability (`sv`), names (`pn`), title (`ah`), room and
//! number (`qx`), the auction (`mb`, with `!` alerts and `an` explanations), the play (`pc`) and a
//! claim (`mc`). LIN writes no contract and no declarer: both come from the auction, and the
//! players of the cards from the rules of play (declarer's left-hand opponent leads, the winner
//! of a trick leads the next). The header of a vugraph file (`vg`, `pn`, `rs`) is handed to every
//! board as a [`LinCarry`].

use crate::bridge::{
    trick_winner, Auction, Bid, Call, Card, Denomination, Hand, Rank, Seat, Suit, Vulnerability,
};
use crate::model::board::{BoardModel, SectionKind};
use crate::model::values::ContractValue;
use crate::model::written::{Annotation, CallItem, CallKind, CardItem, CardKind, Origin};
use crate::syntax::lin::{build_piece, LinNode, Pair, Piece};
use crate::syntax::{SyntaxError, TextRange, TextSize};

/// The seats of `md`'s hands, in the order LIN writes them.
pub(crate) const MD_ORDER: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

/// What a vugraph header hands to the boards after it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LinCarry {
    /// The `vg` fields: title, segment, scoring, first board, last board, team, carry-over,
    /// team, carry-over.
    pub match_data: Vec<String>,
    /// The eight names of `pn` (open room S, W, N, E, then closed room).
    pub names: Vec<String>,
    /// The results of `rs`, one per room per board (open, closed, open, closed…).
    pub results: Vec<String>,
}

impl LinCarry {
    /// The carry after reading the pairs of a header piece.
    pub fn read<'a>(pairs: impl IntoIterator<Item = Pair<'a>>) -> LinCarry {
        let mut carry = LinCarry::default();
        for pair in pairs {
            let value = pair.value();
            match &*pair.key() {
                "vg" => carry.match_data = value.split(',').map(str::to_string).collect(),
                "pn" => carry.names = value.split(',').map(str::to_string).collect(),
                "rs" => carry.results = value.split(',').map(str::to_string).collect(),
                _ => {}
            }
        }
        carry
    }

    /// The `rs` result of a board in a room (`o`/`c`), with its index among the results.
    pub fn result_of(&self, number: u32, room: char) -> Option<(usize, &str)> {
        let first: u32 = self.match_data.get(3)?.trim().parse().ok()?;
        let index = (number.checked_sub(first)? as usize) * 2 + usize::from(room == 'c');
        self.results
            .get(index)
            .map(|r| (index, r.as_str()))
            .filter(|(_, r)| !r.trim().is_empty())
    }
}

/// A pair's value with where it is (relative to the piece).
struct Value<'a> {
    text: &'a str,
    range: TextRange,
}

impl Value<'_> {
    /// The range of a byte span of the value.
    fn span(&self, start: usize, end: usize) -> Origin {
        let len = self.text.len();
        let s = self.range.start() + TextSize::from(start.min(len) as u32);
        let e = self.range.start() + TextSize::from(end.min(len) as u32);
        Some(TextRange::new(s, e.max(s)))
    }
}

/// The room (`o` open, `c` closed) and the board number of a `qx` value (`o12`, `c3`,
/// `o1,BOARD 1`).
pub(crate) fn read_qx(value: &str) -> (Option<char>, Option<u32>) {
    let head = value.split(',').next().unwrap_or("").trim();
    let mut chars = head.chars();
    let room = chars
        .next()
        .map(|c| c.to_ascii_lowercase())
        .filter(|c| matches!(c, 'o' | 'c'));
    let digits: String = head.chars().filter(char::is_ascii_digit).collect();
    (room, digits.parse().ok())
}

/// The dealer of an `md` digit (1 South, 2 West, 3 North, 4 East).
pub(crate) fn dealer_of_digit(c: char) -> Option<Seat> {
    match c {
        '1' => Some(Seat::South),
        '2' => Some(Seat::West),
        '3' => Some(Seat::North),
        '4' => Some(Seat::East),
        _ => None,
    }
}

/// The vulnerability of an `sv` value (`o`, `0`, `-` none; `n`, `e`, `b` both).
pub(crate) fn read_vulnerability(value: &str) -> Option<Vulnerability> {
    match value.trim().as_bytes() {
        [] | [b'o' | b'O' | b'0' | b'-'] => Some(Vulnerability::None),
        [b'n' | b'N'] => Some(Vulnerability::NS),
        [b'e' | b'E'] => Some(Vulnerability::EW),
        [b'b' | b'B'] => Some(Vulnerability::All),
        _ => None,
    }
}

/// One hand of `md` (`SAK2HQJ3D…C…`, ranks `2`–`9`, `T`/`10`, `J`, `Q`, `K`, `A`, any case), or
/// what is wrong with it.
pub(crate) fn read_md_hand(text: &str) -> Result<Hand, String> {
    let mut hand = Hand::EMPTY;
    let mut suit: Option<Suit> = None;
    // Read char by char without collecting them: this runs for every hand of every board.
    let mut chars = text.trim().chars().peekable();
    while let Some(written) = chars.next() {
        let c = written.to_ascii_uppercase();
        if let Some(s) = Suit::from_char(c).filter(|_| "SHDC".contains(c)) {
            suit = Some(s);
            continue;
        }
        let rank = if c == '1' && chars.peek() == Some(&'0') {
            chars.next();
            Some(Rank::Ten)
        } else {
            Rank::from_char(c)
        };
        match (suit, rank) {
            (Some(s), Some(r)) => {
                if !hand.insert(Card::new(s, r)) {
                    return Err(format!("{}{} is given twice", s.letter(), r.letter()));
                }
            }
            (None, _) => return Err(format!("`{written}` comes before any suit letter")),
            (_, None) => return Err(format!("`{written}` is no rank")),
        }
    }
    Ok(hand)
}

/// A call of `mb` (`p`, `d`, `r`, `1c`…`7n`, `1NT`; any case; a trailing `!` is the alert).
pub(crate) fn read_call(text: &str) -> Option<(Call, bool)> {
    let trimmed = text.trim();
    let (body, alert) = match trimmed.strip_suffix('!') {
        Some(body) => (body.trim(), true),
        None => (trimmed, false),
    };
    let is = |word: &str| body.eq_ignore_ascii_case(word);
    let call = if is("p") || is("pass") {
        Call::Pass
    } else if is("d") || is("x") || is("dbl") {
        Call::Double
    } else if is("r") || is("xx") || is("rdbl") {
        Call::Redouble
    } else {
        let level = body.chars().next()?.to_digit(10)? as u8;
        // The level is one ASCII digit, so the strain starts at the second byte.
        let rest = &body[1..];
        let denomination = if rest.eq_ignore_ascii_case("n") || rest.eq_ignore_ascii_case("nt") {
            Denomination::NoTrump
        } else {
            // Either case: `Denomination::parse` reads suit letters of both.
            Denomination::parse(rest)?
        };
        Call::Bid(Bid::new(level, denomination)?)
    };
    Some((call, alert))
}

/// The calls of one `mb` value: usually one, but teaching files run several together
/// (`1Dppp`). Each with its alert mark and its byte span in the value; `None` when some part is
/// no call.
pub(crate) fn read_calls(text: &str) -> Option<Vec<(Call, bool, std::ops::Range<usize>)>> {
    if let Some((call, alert)) = read_call(text) {
        return Some(vec![(call, alert, 0..text.len())]);
    }
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        let c = bytes[i].to_ascii_lowercase();
        i += 1;
        if c.is_ascii_digit() {
            if i < bytes.len()
                && b"nN".contains(&bytes[i])
                && bytes
                    .get(i + 1)
                    .is_some_and(|b| b.eq_ignore_ascii_case(&b't'))
            {
                i += 2;
            } else {
                i += 1;
            }
        } else if c == b'x' && bytes.get(i).is_some_and(|b| b.eq_ignore_ascii_case(&b'x')) {
            i += 1;
        }
        if bytes.get(i) == Some(&b'!') {
            i += 1;
        }
        let end = i.min(bytes.len());
        let (call, alert) = read_call(text.get(start..end)?)?;
        out.push((call, alert, start..end));
    }
    (!out.is_empty()).then_some(out)
}

/// A card of `pc` (`c2`, `HK`, `S10`).
pub(crate) fn read_card(text: &str) -> Option<Card> {
    // Read from the bytes: a card is two or three ASCII characters (no copy for each one).
    // Nearly every card is two letters: trimming is only needed when it is longer.
    let text = if text.len() == 2 { text } else { text.trim() };
    let (suit, rank) = match text.as_bytes() {
        [suit, rank] => (*suit, *rank),
        [suit, b'1', b'0'] => (*suit, b'T'),
        _ => return None,
    };
    let suit = char::from(suit.to_ascii_uppercase());
    let rank = char::from(rank.to_ascii_uppercase());
    Card::from_chars(suit, rank).filter(|_| "SHDC".contains(suit))
}

/// The claim of `mc`: the tricks declarer takes in all.
pub(crate) fn read_claim(text: &str) -> Option<u8> {
    text.trim().parse::<u8>().ok().filter(|n| *n <= 13)
}

/// Reads one board piece (origins relative to the piece) with what the header hands down.
/// A piece that is a handviewer address is read as the LIN it stands for; its origins are then
/// in that LIN, not in the file (an address that cannot be read gives an empty board).
pub(crate) fn read_board(piece: &Piece, carry: &LinCarry) -> BoardModel {
    if let Some((url, _)) = piece.url() {
        return url_piece(url)
            .map(|(inner, _)| read_pairs(&inner.pairs().collect::<Vec<_>>(), carry))
            .unwrap_or_default();
    }
    let mut board = read_pairs(&piece.pairs().collect::<Vec<_>>(), carry);
    // Comment lines stand before the board's notes: PbnToLin writes them above the pairs.
    let mut commentary = piece.comments();
    if !commentary.is_empty() {
        commentary.append(&mut board.commentary);
        board.commentary = commentary;
    }
    board
}

/// The board piece of the LIN a handviewer address stands for, with that LIN's syntax errors
/// (relative to it); or why the address cannot be read.
pub(crate) fn url_piece(url: &str) -> Result<(Piece, Vec<SyntaxError>), String> {
    let lin = super::handviewer::handviewer_lin(url)?;
    let (green, errors) = build_piece(&lin);
    Piece::cast(LinNode::new_root(green))
        .filter(Piece::is_board)
        .map(|piece| (piece, errors))
        .ok_or_else(|| "its LIN is a vugraph header, not a board".to_string())
}

/// Reads the pairs of a board piece (one not written as a handviewer address).
pub(crate) fn read_pairs(pairs: &[Pair], carry: &LinCarry) -> BoardModel {
    let mut reader = BoardReader::new(carry);
    for pair in pairs {
        reader.read(pair, &pair.key());
    }
    reader.finish()
}

/// What reading one pair made of its value, for a check of the pair that would otherwise read
/// it a second time (only the pairs every board has many of: cards and calls).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PairRead {
    /// A `pc` pair: its card, `None` when it is no card.
    Card(Option<Card>),
    /// An `mb` pair: whether its calls could be read.
    Calls {
        /// Whether every call of the value could be read.
        readable: bool,
    },
    /// Anything else, or a value not read (an `mb` after an unreadable call).
    Unread,
}

/// A board read one pair at a time, in order: [`read_pairs`] for a check that looks at each
/// pair as it is read.
pub(crate) struct BoardReader<'c> {
    carry: &'c LinCarry,
    board: BoardModel,
    room: Option<char>,
    names: Option<(Vec<String>, Origin)>,
    /// The calls, once an `mb` is read: followed when the board is finished, from the dealer
    /// `md` gives wherever it stands.
    calls: Option<Vec<CallItem>>,
    /// The explanations (`an`) of the calls, numbered in order.
    notes: Vec<(u8, String)>,
    cards: Vec<(Option<Card>, Origin)>,
    /// Whether the title (`ah|Board 33|`) named the board: it then wins over qx's number, which
    /// BBO's tourney files count from 1 whatever the boards are.
    titled: bool,
}

impl<'c> BoardReader<'c> {
    /// A reader of one board, with what the header before it hands down.
    pub fn new(carry: &'c LinCarry) -> BoardReader<'c> {
        BoardReader {
            carry,
            board: BoardModel::default(),
            room: None,
            names: None,
            calls: None,
            notes: Vec::new(),
            // Sized for a whole deal's play: growing to it one doubling at a time cost 2 % of
            // a check.
            cards: Vec::with_capacity(52),
            titled: false,
        }
    }

    /// Reads the next pair; `key` is its key as [`Pair::key`] gives it.
    pub fn read(&mut self, pair: &Pair, key: &str) -> PairRead {
        let value = pair.value();
        let v = Value {
            text: value,
            range: pair.value_range(),
        };
        let board = &mut self.board;
        match key {
            "qx" => {
                let (r, number) = read_qx(value);
                self.room = r;
                if let Some(number) = number.filter(|_| !self.titled) {
                    board.set_fact("Board", number.to_string(), v.span(0, value.len()));
                }
                if let Some(r) = r {
                    let name = if r == 'o' { "Open" } else { "Closed" };
                    board.set_fact("Room", name.to_string(), v.span(0, 1));
                }
            }
            "ah" => {
                let title = value.trim();
                let named = title
                    .get(..6)
                    .filter(|head| head.eq_ignore_ascii_case("board "))
                    .map(|_| title[6..].trim())
                    .filter(|name| !name.is_empty());
                if let Some(name) = named {
                    board.set_fact("Board", name.to_string(), v.span(0, value.len()));
                    self.titled = true;
                } else {
                    let digits: String = value.chars().filter(char::is_ascii_digit).collect();
                    if board.fact("Board").is_none() && !digits.is_empty() {
                        board.set_fact("Board", digits, v.span(0, value.len()));
                    }
                }
            }
            "pn" => {
                self.names = Some((
                    value.split(',').map(str::to_string).collect(),
                    v.span(0, value.len()),
                ))
            }
            "md" => read_md(&v, board),
            "sv" => {
                if let Some(vul) = read_vulnerability(value) {
                    board.set_vulnerability(vul, v.span(0, value.len()));
                }
            }
            // An empty `mb|` is a call still being typed.
            "mb" if value.trim().is_empty() => {}
            "mb" => return self.read_calls(&v),
            "an" => {
                if let Some(calls) = self.calls.as_mut() {
                    let number = self.notes.len() as u8 + 1;
                    if let Some(last) = calls.last_mut() {
                        if last.annotation.note.is_none() && !value.trim().is_empty() {
                            last.annotation.note = Some(number);
                            self.notes.push((number, value.trim().to_string()));
                        }
                    }
                }
            }
            "pc" => {
                let card = read_card(value);
                self.cards.push((card, v.span(0, value.len())));
                return PairRead::Card(card);
            }
            "mc" => {
                if let Some(n) = read_claim(value) {
                    board.set_result(n, v.span(0, value.len()));
                }
            }
            "nt" if !value.trim().is_empty() => board.commentary.push(value.trim().to_string()),
            // Everything else (page breaks, movie and teaching keys) holds nothing for the board.
            _ => {}
        }
        PairRead::Unread
    }

    /// The calls of an `mb` value, added to the auction.
    fn read_calls(&mut self, v: &Value) -> PairRead {
        let value = v.text;
        let calls = self.calls.get_or_insert_with(|| Vec::with_capacity(16));
        // An unreadable call ends what can be known of the auction (L706 says so).
        if calls.last().is_some_and(|c| c.kind == CallKind::Query) {
            return PairRead::Unread;
        }
        let read = read_calls(value);
        let readable = read.is_some();
        match read {
            Some(read) => {
                for (call, alert, span) in read {
                    calls.push(CallItem {
                        kind: CallKind::Call(call),
                        annotation: Annotation {
                            alert,
                            ..Annotation::default()
                        },
                        origin: v.span(span.start, span.end),
                    });
                }
            }
            None => calls.push(CallItem {
                kind: CallKind::Query,
                annotation: Annotation::default(),
                origin: v.span(0, value.len()),
            }),
        }
        PairRead::Calls { readable }
    }

    /// The board read: the names and match data, then the auction followed, the contract it
    /// gives and the play.
    pub fn finish(self) -> BoardModel {
        let mut board = self.board;
        set_names(&mut board, self.names, self.carry, self.room);
        set_match_data(&mut board, self.carry);
        if let Some(calls) = &self.calls {
            board.set_auction(calls);
            board.add_notes(SectionKind::Auction, &self.notes);
            set_contract(&mut board, calls);
        }
        if !self.cards.is_empty() {
            set_play(&mut board, self.cards);
        }
        board
    }
}

fn read_md(v: &Value, board: &mut BoardModel) {
    let text = v.text;
    let mut chars = text.char_indices();
    let Some((_, digit)) = chars.next() else {
        return;
    };
    let body_start = digit.len_utf8();
    if let Some(dealer) = dealer_of_digit(digit) {
        board.set_dealer(dealer, v.span(0, 1));
    }
    let mut hands: [Option<Hand>; 4] = [None; 4];
    let mut origins: [Origin; 4] = [None; 4];
    let mut at = body_start;
    for (i, part) in text[body_start..].split(',').enumerate().take(4) {
        let seat = MD_ORDER[i];
        if !part.trim().is_empty() {
            if let Ok(hand) = read_md_hand(part) {
                hands[seat.index()] = Some(hand);
            }
            origins[seat.index()] = v.span(at, at + part.len());
        }
        at += part.len() + 1;
    }
    // Three full hands and no fourth: the fourth holds the remaining cards.
    let known: Vec<usize> = (0..4).filter(|&i| hands[i].is_some()).collect();
    if known.len() == 3
        && known
            .iter()
            .all(|&i| hands[i].is_some_and(|h| h.len() == 13))
    {
        let used = known
            .iter()
            .filter_map(|&i| hands[i])
            .fold(Hand::EMPTY, |a, h| {
                Hand::from_bits(a.bits() | h.bits()).unwrap_or(a)
            });
        if used.len() == 39 {
            if let Some(missing) = (0..4).find(|i| hands[*i].is_none()) {
                hands[missing] = Some(used.complement());
            }
        }
    }
    if hands.iter().any(Option::is_some) {
        board.set_deal(
            Seat::South,
            hands,
            [false; 4],
            origins,
            v.span(0, text.len()),
        );
    }
}

fn set_names(
    board: &mut BoardModel,
    names: Option<(Vec<String>, Origin)>,
    carry: &LinCarry,
    room: Option<char>,
) {
    let (list, origin) = match names {
        Some((list, origin)) if list.iter().any(|n| !n.trim().is_empty()) => (list, origin),
        _ => (carry.names.clone(), None),
    };
    // Eight names: the open room's four, then the closed room's.
    let offset = if list.len() >= 8 && room == Some('c') {
        4
    } else {
        0
    };
    for (i, seat) in MD_ORDER.iter().enumerate() {
        if let Some(name) = list
            .get(offset + i)
            .map(|n| n.trim())
            .filter(|n| !n.is_empty())
        {
            board.set_fact(seat.name(), name.to_string(), origin);
        }
    }
}

fn set_match_data(board: &mut BoardModel, carry: &LinCarry) {
    let field = |i: usize| {
        carry
            .match_data
            .get(i)
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
    };
    if let Some(title) = field(0) {
        board.set_fact("Event", title, None);
    }
    if let Some(segment) = field(1) {
        board.set_fact("Stage", segment, None);
    }
    if let Some(scoring) = field(2).and_then(|s| scoring_of(&s)) {
        board.set_fact("Scoring", scoring.to_string(), None);
    }
    if let Some(home) = field(5) {
        board.set_fact("HomeTeam", home, None);
    }
    if let Some(visit) = field(7) {
        board.set_fact("VisitTeam", visit, None);
    }
}

/// The PBN Scoring of a vugraph scoring letter (`I` IMPs, `P` matchpoints, `B` board-a-match).
pub(crate) fn scoring_of(letter: &str) -> Option<&'static str> {
    match letter.trim().to_ascii_uppercase().as_str() {
        "I" => Some("IMP"),
        "P" => Some("MP"),
        "B" => Some("BAM"),
        _ => None,
    }
}

/// The contract and declarer the auction's `calls` give (LIN writes neither).
fn set_contract(board: &mut BoardModel, calls: &[CallItem]) {
    let Some(dealer) = board.dealer() else {
        return;
    };
    let mut auction = Auction::new(dealer);
    for item in calls {
        match item.kind {
            CallKind::Call(call) => {
                if auction.push(call).is_err() {
                    return;
                }
            }
            _ => return,
        }
    }
    if !auction.is_finished() {
        return;
    }
    let kind = match auction.final_contract() {
        Some(contract) => ContractValue::Contract(contract),
        None => ContractValue::Passed,
    };
    board.set_contract(kind, auction.declarer(), None);
}

/// The play: cards in the order played, four to a trick, with their players.
fn set_play(board: &mut BoardModel, cards: Vec<(Option<Card>, Origin)>) {
    let contract = match board.contract() {
        None | Some(ContractValue::Passed) => None,
        Some(kind) => board.declarer().map(|d| (d, kind.trump())),
    };
    let leader = contract.map(|(declarer, _)| declarer.lho());
    let mut tricks: Vec<Vec<CardItem>> = Vec::with_capacity(cards.len().div_ceil(4));
    let mut next = leader;
    let mut won = 0u8;
    let mut all_known = true;
    for chunk in cards.chunks(4) {
        let mut trick = Vec::with_capacity(chunk.len());
        // The known cards of the trick (an array: no allocation per trick).
        let mut played = [(Seat::North, Card::new(Suit::Spades, Rank::Ace)); 4];
        let mut known = 0;
        for (i, (card, origin)) in chunk.iter().enumerate() {
            let seat = next.map(|s| s.offset(i));
            trick.push(CardItem {
                kind: card.map_or(CardKind::Unknown, CardKind::Card),
                seat,
                annotation: Annotation::default(),
                origin: *origin,
            });
            if let (Some(seat), Some(card)) = (seat, card) {
                played[known] = (seat, *card);
                known += 1;
            }
        }
        let winner = (known == 4)
            .then(|| contract.and_then(|(_, trump)| trick_winner(&played, trump)))
            .flatten();
        if let (Some(w), Some((declarer, _))) = (winner, contract) {
            if w.same_side(declarer) {
                won += 1;
            }
        } else {
            all_known = false;
        }
        next = winner;
        tricks.push(trick);
    }
    // With all thirteen tricks played and no claim, the result is what the play gives.
    if board.context.result_tag.is_none() && all_known && tricks.len() == 13 {
        board.set_result(won, None);
    }
    board.set_play(leader, &tricks, cards.first().and_then(|c| c.1));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_cards_and_hands_in_their_lin_spellings() {
        assert_eq!(read_call("p"), Some((Call::Pass, false)));
        assert_eq!(read_call("D"), Some((Call::Double, false)));
        assert_eq!(
            read_call("1NT!"),
            Some((Call::Bid(Bid::new(1, Denomination::NoTrump).unwrap()), true))
        );
        assert_eq!(read_call("3n").map(|c| c.0.to_string()), Some("3NT".into()));
        assert_eq!(read_call("8c"), None);
        assert_eq!(read_call(" Pass! "), Some((Call::Pass, true)));
        assert_eq!(read_call("rdbl"), Some((Call::Redouble, false)));
        assert_eq!(read_call("xX"), Some((Call::Redouble, false)));
        assert_eq!(read_call("7s").map(|c| c.0.to_string()), Some("7S".into()));
        for wrong in ["1ntx", "1é", "é", "", "!", "1", "pp"] {
            assert_eq!(read_call(wrong), None, "{wrong}");
        }
        assert_eq!(read_vulnerability(" B "), Some(Vulnerability::All));
        assert_eq!(read_vulnerability(""), Some(Vulnerability::None));
        assert_eq!(read_vulnerability("ns"), None);
        let run: Vec<String> = read_calls("1Dppp")
            .unwrap()
            .iter()
            .map(|c| c.0.to_string())
            .collect();
        assert_eq!(run, ["1D", "Pass", "Pass", "Pass"]);
        assert_eq!(read_calls("1Dq"), None);
        assert_eq!(read_card("c2").map(|c| c.to_string()), Some("C2".into()));
        assert_eq!(read_card("S10").map(|c| c.to_string()), Some("ST".into()));
        assert_eq!(read_card("X2"), None);
        let hand = read_md_hand("SJH468TD26TC457JQ").unwrap();
        assert_eq!(hand.len(), 13);
        assert!(read_md_hand("SAA").is_err());
        assert!(read_md_hand("AS").is_err());
        assert_eq!(read_md_hand("s10h2").map(|h| h.len()), Ok(2));
        assert_eq!(read_md_hand("S1"), Err("`1` is no rank".into()));
        assert_eq!(read_md_hand("SAé"), Err("`é` is no rank".into()));
        assert_eq!(read_qx("o12"), (Some('o'), Some(12)));
        assert_eq!(read_qx("c1,BOARD 1"), (Some('c'), Some(1)));
    }
}
