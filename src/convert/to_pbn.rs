//! Writing a [`Board`] as a PBN game, remembering where each written piece came from.

use crate::bridge::{Call, Seat, Suit};
use crate::model::board::*;
use crate::syntax::{TextRange, TextSize};

/// A PBN game text and, for each written piece that came from the source, its two ranges.
#[derive(Debug, Clone, Default)]
pub struct PbnImage {
    /// The PBN text of the game (ends with a line end).
    pub text: String,
    /// (range in `text`, range in the source) pairs, in text order.
    pub map: Vec<(TextRange, TextRange)>,
    /// What PBN cannot express (besides what the reading already dropped).
    pub dropped: Vec<String>,
}

impl PbnImage {
    fn push(&mut self, text: &str, origin: Origin) {
        self.piece(origin, |out| out.push_str(text));
    }

    /// Writes a piece with `write` (no text of its own to make first: every RBN record and
    /// LIN board checked is written this way) and remembers where it came from.
    fn piece(&mut self, origin: Origin, write: impl FnOnce(&mut String)) {
        let start = TextSize::from(self.text.len() as u32);
        write(&mut self.text);
        if let Some(source) = origin {
            let end = TextSize::from(self.text.len() as u32);
            self.map.push((TextRange::new(start, end), source));
        }
    }

    fn tag(&mut self, name: &str, value: &str, origin: Origin) {
        // Written piece by piece: every RBN record and LIN board checked is written this way,
        // and the copies of `format!` and `replace` showed in the profile.
        self.text.push('[');
        self.text.push_str(name);
        self.text.push_str(" \"");
        if value.contains(['\\', '"']) {
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            self.push(&escaped, origin);
        } else {
            self.push(value, origin);
        }
        self.text.push_str("\"]\n");
    }

    /// The source range for a range of the PBN text: the cover of the pieces it touches.
    pub fn source_range(&self, range: TextRange) -> Option<TextRange> {
        // The pieces follow each other in the text without overlapping, so the first that can
        // touch `range` is found by bisection and the search stops past its end: a board of a
        // million cards with a finding on each was quadratic with a scan from the start.
        let first = self
            .map
            .partition_point(|(pbn, _)| pbn.end() < range.start());
        self.map[first..]
            .iter()
            .take_while(|(pbn, _)| pbn.start() <= range.end())
            .filter(|(pbn, _)| touches(*pbn, range))
            .map(|(_, source)| *source)
            .reduce(TextRange::cover)
    }
}

/// Whether a written piece at `piece` touches `range`: overlaps it, or (for an empty range,
/// such as a missing token's place) holds its position, ends included.
fn touches(piece: TextRange, range: TextRange) -> bool {
    if range.is_empty() {
        piece.contains_inclusive(range.start())
    } else {
        piece.intersect(range).is_some_and(|r| !r.is_empty())
    }
}

/// The order in which descriptive tags are written (others follow in reading order).
const ORDER: [&str; 8] = [
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
];

/// Writes the board as one PBN game (tags, auction, play, commentary).
pub fn write_pbn(board: &Board) -> PbnImage {
    write_game(board, None)
}

/// Writes the board as a PBN game for checking it: the deal, auction, play and contract, but of
/// the descriptive tags only those `read` names (the ones checks look at) and no commentary. A
/// third of a board's tags are names and titles that no bridge check reads.
pub fn write_check_image(board: &Board, read: &dyn Fn(&str) -> bool) -> PbnImage {
    write_game(board, Some(read))
}

/// [`write_pbn`], or [`write_check_image`] when `read` says which descriptive tags to write.
fn write_game(board: &Board, read: Option<&dyn Fn(&str) -> bool>) -> PbnImage {
    let wanted = |name: &str| read.is_none_or(|read| read(name));
    // About what a board with its auction and play takes, so that the text grows once or not.
    let mut out = PbnImage {
        text: String::with_capacity(1024),
        map: Vec::with_capacity(128),
        dropped: Vec::new(),
    };
    if read.is_none() {
        for comment in &board.commentary {
            let comment = wrap_comment(&comment.replace('}', ")"));
            out.push(&format!("{{{comment}}}\n"), None);
        }
    }
    let mut written: Vec<&str> = Vec::new();
    for name in ORDER.into_iter().filter(|name| wanted(name)) {
        if let Some(info) = board.info.iter().find(|i| i.name == name) {
            out.tag(name, &info.value, info.origin);
            written.push(name);
        }
    }
    if let Some((dealer, origin)) = board.dealer {
        out.tag("Dealer", &dealer.letter().to_string(), origin);
    }
    if let Some((v, origin)) = board.vulnerability {
        out.tag("Vulnerable", v.pbn(), origin);
    }
    if let Some(deal) = &board.deal {
        // A conversion starts the Deal with the dealer's hand, as export format does (LIN always
        // writes South first); the checks' image keeps the seat written first, whose order the
        // findings follow.
        let first = if read.is_none() {
            board.dealer.map(|(seat, _)| seat)
        } else {
            None
        };
        write_deal(&mut out, deal, first);
    }
    if let Some(info) = board.info.iter().find(|i| i.name == "Scoring") {
        if wanted("Scoring") {
            out.tag("Scoring", &info.value, info.origin);
        }
        written.push("Scoring");
    }
    if let Some(contract) = &board.contract {
        out.tag("Declarer", &contract.pbn_declarer(), contract.origin);
        let value = contract.pbn_contract();
        out.tag("Contract", &value, contract.origin);
    }
    if let Some((tricks, origin)) = board.result {
        out.tag("Result", &tricks.to_string(), origin);
    }
    for info in &board.info {
        if !written.contains(&info.name.as_str()) && wanted(&info.name) {
            out.tag(&info.name, &info.value, info.origin);
        }
    }
    if let (Some(auction), Some((dealer, origin))) = (&board.auction, board.dealer) {
        write_auction(&mut out, auction, dealer, origin);
    } else if board.auction.as_ref().is_some_and(|a| !a.calls.is_empty()) {
        out.dropped
            .push("the auction (no dealer is given)".to_string());
    }
    if let Some(play) = &board.play {
        write_play(&mut out, play);
    }
    out
}

/// The longest line a converted comment is given: PBN allows 255 characters, and discourages
/// lines of 80 or more.
const COMMENT_WIDTH: usize = 78;

/// A comment's text with its long lines broken between words, so that each line (with the
/// braces) stays under [`COMMENT_WIDTH`] where its words allow; its own line ends are kept.
fn wrap_comment(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / COMMENT_WIDTH);
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        // The first line follows the `{`.
        let mut width = usize::from(i == 0);
        for (j, word) in line.split(' ').enumerate() {
            let len = word.chars().count();
            if j > 0 {
                if width > 0 && width + 1 + len > COMMENT_WIDTH {
                    out.push('\n');
                    width = 0;
                } else {
                    out.push(' ');
                    width += 1;
                }
            }
            out.push_str(word);
            width += len;
        }
    }
    out
}

fn write_deal(out: &mut PbnImage, deal: &DealRecord, dealer: Option<Seat>) {
    let first = dealer.or(deal.first).unwrap_or(Seat::North);
    out.push("[Deal \"", None);
    out.push(&format!("{}:", first.letter()), deal.origin);
    for i in 0..4 {
        let seat = first.offset(i);
        if i > 0 {
            out.push(" ", None);
        }
        match deal.hands[seat.index()] {
            Some(hand) => {
                out.piece(deal.hand_origins[seat.index()].or(deal.origin), |text| {
                    for (i, suit) in Suit::ALL.into_iter().enumerate() {
                        if i > 0 {
                            text.push('.');
                        }
                        // A suit's cards come from the highest down.
                        text.extend(hand.suit_cards(suit).into_iter().map(|c| c.rank.letter()));
                    }
                });
            }
            None => out.push("-", deal.hand_origins[seat.index()].or(deal.origin)),
        }
    }
    out.push("\"]\n", None);
    let hidden: String = Seat::ALL
        .iter()
        .filter(|s| deal.hidden[s.index()])
        .map(|s| s.letter())
        .collect();
    if !hidden.is_empty() {
        out.tag("Hidden", &hidden, deal.origin);
    }
}

/// Writes the annotation of a call or card after it (nothing for most: the text is made only
/// when there is one).
fn write_annotation(
    out: &mut PbnImage,
    a: &Annotation,
    origin: Origin,
    dropped: &mut Vec<String>,
    what: &str,
) {
    if a.suffix.as_deref().is_some_and(|s| !s.is_empty()) || a.note.is_some() {
        out.piece(origin, |text| {
            if let Some(s) = &a.suffix {
                text.push_str(s);
            }
            if let Some(n) = a.note {
                text.push_str(&format!(" ={n}="));
            }
        });
    }
    if a.alert {
        let note = format!("the `*` (conventional) mark on a {what}");
        if !dropped.contains(&note) {
            dropped.push(note);
        }
    }
}

fn write_notes(out: &mut PbnImage, notes: &[(u8, String)]) {
    for (index, text) in notes {
        // PBN numbers notes from 1; RBN's note 0 becomes 10 there.
        let index = if *index == 0 { 10 } else { *index };
        out.tag("Note", &format!("{index}:{text}"), None);
    }
}

fn write_auction(out: &mut PbnImage, auction: &AuctionRecord, dealer: Seat, origin: Origin) {
    out.tag("Auction", &dealer.letter().to_string(), origin);
    let mut count = 0;
    let mut ended = false;
    let mut dropped = Vec::new();
    for item in &auction.calls {
        let call = match item.kind {
            CallKind::Call(call) => Some(call),
            CallKind::AllPass => {
                ended = true;
                None
            }
            CallKind::Query => {
                dropped.push("the `Y` (your call?) quiz point".to_string());
                break;
            }
        };
        out.push(if count % 4 == 0 { "" } else { " " }, None);
        out.piece(item.origin, |text| match call {
            Some(Call::Pass) => text.push_str("Pass"),
            Some(Call::Double) => text.push('X'),
            Some(Call::Redouble) => text.push_str("XX"),
            Some(Call::Bid(bid)) => {
                text.push(char::from(b'0' + bid.level()));
                text.push_str(bid.denomination().pbn());
            }
            None => text.push_str("AP"),
        });
        write_annotation(out, &item.annotation, item.origin, &mut dropped, "call");
        count += 1;
        if count % 4 == 0 {
            out.push("\n", None);
        }
        if ended {
            break;
        }
    }
    if !ended && !auction.calls_end() {
        out.push(if count % 4 == 0 { "*" } else { " *" }, None);
        count += 1;
    }
    // Nothing written (a quiz point first) ends no line: an empty one would end the game.
    if count % 4 != 0 {
        out.push("\n", None);
    }
    write_notes(out, &auction.notes);
    out.dropped.extend(dropped);
}

fn write_play(out: &mut PbnImage, play: &PlayRecord) {
    let Some(leader) = play.leader else {
        out.dropped
            .push("the play (the opening leader is unknown)".to_string());
        return;
    };
    out.tag("Play", &leader.letter().to_string(), play.origin);
    let mut dropped = Vec::new();
    let total = play.tricks.len();
    let mut complete = true;
    for (n, trick) in play.tricks.iter().enumerate() {
        let mut columns: [Option<&CardItem>; 4] = [None; 4];
        for item in trick {
            if let Some(seat) = item.seat {
                columns[(seat.index() + 4 - leader.index()) % 4] = Some(item);
            }
        }
        if trick.len() < 4 {
            complete = false;
        }
        for (i, column) in columns.iter().enumerate() {
            out.push(if i == 0 { "" } else { " " }, None);
            match column {
                Some(item) => {
                    let card = match item.kind {
                        CardKind::Card(card) => Some(card),
                        CardKind::Query => {
                            dropped.push("the `Y` (your play?) quiz point".to_string());
                            None
                        }
                        CardKind::Shortcut { .. } => {
                            dropped.push("a `+`/`-` card the hands do not resolve".to_string());
                            None
                        }
                        CardKind::Unknown => None,
                    };
                    out.piece(item.origin, |text| match card {
                        Some(card) => {
                            text.push(card.suit.letter());
                            text.push(card.rank.letter());
                        }
                        None => text.push('-'),
                    });
                    write_annotation(out, &item.annotation, item.origin, &mut dropped, "card");
                }
                None => out.push("-", None),
            }
        }
        if n + 1 == total && (!complete || total < 13) {
            out.push(" *", None);
        }
        out.push("\n", None);
    }
    write_notes(out, &play.notes);
    dropped.dedup();
    out.dropped.extend(dropped);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::read_lin;

    /// The cover found by scanning every piece, as `source_range` did before it bisected.
    fn scanned(image: &PbnImage, range: TextRange) -> Option<TextRange> {
        let touched = image.map.iter().filter(|(pbn, _)| touches(*pbn, range));
        touched.map(|(_, source)| *source).reduce(TextRange::cover)
    }

    /// An auction that opens with a quiz point (RBN `Y`) writes no call, and no `*` when the
    /// calls after the quiz point end it: no empty line may follow its tag then, for an empty
    /// line ends the game and would part the play from it.
    #[test]
    fn an_auction_of_only_a_quiz_point_keeps_the_game_whole() {
        use crate::bridge::Card;
        use crate::model::board::{AuctionRecord, CallItem, CardItem, PlayRecord};
        let mut board = Board {
            dealer: Some((Seat::North, None)),
            ..Board::default()
        };
        board.auction = Some(AuctionRecord {
            calls: [CallKind::Query]
                .into_iter()
                .chain([CallKind::Call(Call::Pass); 4])
                .map(|kind| CallItem {
                    kind,
                    annotation: Annotation::default(),
                    origin: None,
                })
                .collect(),
            ..AuctionRecord::default()
        });
        board.play = Some(PlayRecord {
            leader: Some(Seat::East),
            tricks: vec![vec![CardItem {
                kind: CardKind::Card(Card::from_ascii(b'S', b'A').expect("a card")),
                seat: Some(Seat::East),
                annotation: Annotation::default(),
                origin: None,
            }]],
            ..PlayRecord::default()
        });
        let text = write_pbn(&board).text;
        let auction = text.find("[Auction").expect("an Auction section");
        assert!(text.contains("[Play \"E\"]"), "{text}");
        assert!(!text[auction..].contains("\n\n"), "{text}");
    }

    #[test]
    fn a_range_maps_to_the_cover_of_the_pieces_it_touches() {
        let lin = "qx|o1|pn|Ann,Bob,Cy,Di|md|3S2H3D4C5AKQJT9876,S3456789TJQKAHA,,|sv|n|\
                   mb|1C!|an|strong|mb|p|mb|1D|mb|p|mb|p|mb|p|pc|C5|pc|H2|pc|S2|pc|D3|mc|7|";
        let boards = read_lin(lin);
        let image = write_pbn(&boards[0]);
        assert!(image.map.len() > 10, "{image:?}");
        let end = image.text.len() as u32;
        let mut compared = 0;
        for start in 0..=end {
            for len in [0, 1, 2, 5, 40, end] {
                let stop = (start + len).min(end);
                let range = TextRange::new(TextSize::from(start), TextSize::from(stop));
                assert_eq!(
                    image.source_range(range),
                    scanned(&image, range),
                    "{range:?}"
                );
                compared += usize::from(scanned(&image, range).is_some());
            }
        }
        assert!(compared > 100);
    }
}
