//! Writing boards' models as RBN records.

use crate::bridge::{Call, Deal, Seat, Suit, Vulnerability};
use crate::model::board::{BoardModel, SectionKind};
use crate::model::rbn::SCORING;
use crate::model::values::ContractValue;
use crate::model::written::{Annotation, CallItem, CallKind, CardItem, CardKind};

/// What the facts written to RBN fields are; every other fact is reported as dropped.
const CARRIED: [&str; 23] = [
    "Description",
    "Annotator",
    "Date",
    "Time",
    "UTCDate",
    "UTCTime",
    "Site",
    "Event",
    "Stage",
    "Scoring",
    "HomeTeam",
    "VisitTeam",
    "North",
    "South",
    "West",
    "East",
    "Room",
    "Table",
    "Board",
    "Score",
    "ScoreIMP",
    "ScorePercentage",
    "Hidden",
];

/// Writes boards as an RBN file (`% RBN` signature, one empty line after each record), and the
/// list of what RBN cannot express.
pub fn write_rbn(boards: &[BoardModel]) -> (String, Vec<String>) {
    let mut out = String::from("% RBN 2.2\n");
    let mut dropped = Vec::new();
    let mut previous: Vec<(char, String)> = Vec::new();
    for board in boards {
        let (fields, lost) = fields(board);
        for label in "TDLESFKNBH".chars() {
            let value = fields.iter().find(|(l, _)| *l == label).map(|(_, v)| v);
            let before = previous.iter().find(|(l, _)| *l == label).map(|(_, v)| v);
            match (value, before) {
                (Some(v), _) => out.push_str(&format!("{label} {}\n", fit(label, v))),
                // A null label stops an earlier value from carrying over.
                (None, Some(_)) => out.push_str(&format!("{label}\n")),
                (None, None) => {}
            }
        }
        for (label, value) in fields
            .iter()
            .filter(|(l, _)| "ACPRIM".contains(*l) || l.is_ascii_digit() || *l == '{')
        {
            match label {
                '{' => out.push_str(&format!("{value}\n")),
                _ => out.push_str(&format!("{label} {}\n", fit(*label, value))),
            }
        }
        out.push('\n');
        previous = fields
            .into_iter()
            .filter(|(l, _)| "TDLESFKNBH".contains(*l))
            .collect();
        for item in lost {
            if !dropped.contains(&item) {
                dropped.push(item);
            }
        }
    }
    (out, dropped)
}

/// A field's value cut to the longest line RBN allows (128 characters with the label and its
/// space, 512 for I): the standard gives no way to continue a field, and a reader may refuse a
/// longer line. What is cut is reported by the conversion's read-back.
fn fit(label: char, value: &str) -> &str {
    let most = if label == 'I' { 512 } else { 128 } - 2;
    match value.char_indices().nth(most) {
        Some((end, _)) => value[..end].trim_end(),
        None => value,
    }
}

/// The fields of one record in canonical order (notes as digit labels, paragraphs as `{`).
fn fields(board: &BoardModel) -> (Vec<(char, String)>, Vec<String>) {
    let mut f: Vec<(char, String)> = Vec::new();
    let mut lost = board.dropped.clone();
    let info = |name: &str| board.fact(name).map(str::to_string);
    let escape = |s: &str| s.replace(':', "::");
    match (info("Description"), info("Annotator")) {
        (Some(t), Some(a)) => f.push(('T', format!("{}:{}", escape(&t), escape(&a)))),
        (Some(t), None) => f.push(('T', escape(&t))),
        (None, Some(a)) => f.push(('T', format!(":{}", escape(&a)))),
        (None, None) => {}
    }
    if let Some(d) = date_field(board, &mut lost) {
        f.push(('D', d));
    }
    for (label, name) in [('L', "Site"), ('E', "Event"), ('S', "Stage")] {
        if let Some(v) = info(name) {
            f.push((label, v));
        }
    }
    if let Some(scoring) = info("Scoring") {
        let (head, rest) = scoring.split_once(':').unwrap_or((&scoring, ""));
        let abbr = SCORING
            .iter()
            .find(|(_, pbn)| pbn.eq_ignore_ascii_case(head))
            .map_or(head, |(a, _)| a);
        let value = if rest.is_empty() {
            abbr.to_string()
        } else {
            format!("{abbr}:{rest}")
        };
        f.push(('F', value));
    }
    if info("HomeTeam").is_some() || info("VisitTeam").is_some() {
        f.push((
            'K',
            format!(
                "{}:{}",
                info("HomeTeam").unwrap_or_default(),
                info("VisitTeam").unwrap_or_default()
            ),
        ));
    }
    if let Some(n) = players_field(board, &mut lost) {
        f.push(('N', n));
    }
    if let Some(b) = info("Board") {
        f.push(('B', b));
    }
    if let Some(deal) = &board.context.deal {
        let first = board.deal.as_ref().and_then(|d| d.first);
        f.push(('H', hands(deal, first, board.hidden())));
    }
    auction_fields(board, &mut f, &mut lost);
    if let Some(v) = board
        .contract_given()
        .and_then(|(contract, declarer, _)| contract_field(contract, declarer, &mut lost))
    {
        f.push(('C', v));
    }
    if let Some(play) = board.play_as_written() {
        if let Some(p) = play_text(play.opening_leader, &play.written(), &mut lost) {
            f.push(('P', p));
            notes(&board.notes(SectionKind::Play), &mut f, &mut lost);
        }
    }
    if let Some(r) = result_field(board, &mut lost) {
        f.push(('R', r));
    }
    for comment in &board.commentary {
        f.push(('{', commentary_field(comment, &mut lost)));
    }
    for fact in &board.facts {
        if !CARRIED.contains(&fact.name.as_str()) {
            lost.push(format!("the {} tag", fact.name));
        }
    }
    (f, lost)
}

/// The D field: the date without its dots (unknown month and day left off), the time after a
/// `:`, and `G` when the date is UTC's. A date not in the form yyyy.mm.dd is lost.
fn date_field(board: &BoardModel, lost: &mut Vec<String>) -> Option<String> {
    let date = board.fact("Date").or(board.fact("UTCDate"))?;
    let date_ok = date.len() == 10
        && date.char_indices().all(|(i, c)| {
            if i == 4 || i == 7 {
                c == '.'
            } else {
                c.is_ascii_digit() || c == '?'
            }
        });
    if !date_ok {
        lost.push(format!("the date `{date}` (not in the form yyyy.mm.dd)"));
        return None;
    }
    let mut d: String = date.split('.').collect::<Vec<_>>().concat();
    while d.len() > 4 && d.ends_with("??") {
        d.truncate(d.len() - 2);
    }
    if let Some(time) = board.fact("Time").or(board.fact("UTCTime")) {
        d.push(':');
        d.push_str(&time.replace(':', ""));
    }
    if board.fact("Date").is_none() {
        d.push('G');
    }
    Some(d)
}

/// The N field: the players by partnership, then the room (`O`/`C`) or the table.
fn players_field(board: &BoardModel, lost: &mut Vec<String>) -> Option<String> {
    let info = |name: &str| board.fact(name).map(str::to_string);
    let names = ["North", "South", "West", "East"].map(|n| info(n).unwrap_or_default());
    let room = match info("Room").as_deref() {
        Some("Open") => Some("O".to_string()),
        Some("Closed") => Some("C".to_string()),
        Some(other) => {
            lost.push(format!("the room `{other}` (RBN knows Open and Closed)"));
            info("Table")
        }
        None => info("Table"),
    };
    if names.iter().all(|n| n.is_empty()) && room.is_none() {
        return None;
    }
    let mut n = format!("{}+{}:{}+{}", names[0], names[1], names[2], names[3]);
    if let Some(room) = room {
        n.push(':');
        n.push_str(&room);
    }
    Some(n)
}

/// The A field (dealer, vulnerability and calls; "A EN" alone when there are no calls) and the
/// auction's notes.
fn auction_fields(board: &BoardModel, f: &mut Vec<(char, String)>, lost: &mut Vec<String>) {
    let calls: Vec<CallItem> = match (&board.auction, board.dealer()) {
        (Some(auction), _) => auction.written(),
        (None, Some(_)) => Vec::new(),
        (None, None) => return,
    };
    let Some(dealer) = board.dealer() else {
        lost.push("an auction without a dealer".to_string());
        return;
    };
    let mut a = dealer.letter().to_string();
    if let Some(v) = board.vulnerability() {
        a.push(match v {
            Vulnerability::None => 'Z',
            Vulnerability::NS => 'N',
            Vulnerability::EW => 'E',
            Vulnerability::All => 'B',
        });
    }
    for (i, item) in calls.iter().enumerate() {
        if i % 4 == 0 {
            a.push(':');
        }
        match item.kind {
            CallKind::Call(Call::Pass) => a.push('P'),
            CallKind::Call(Call::Double) => a.push('X'),
            CallKind::Call(Call::Redouble) => a.push('R'),
            CallKind::Call(Call::Bid(bid)) => {
                a.push_str(&format!(
                    "{}{}",
                    bid.level(),
                    &bid.denomination().pbn()[..1]
                ));
            }
            CallKind::AllPass => a.push('A'),
            CallKind::Query => a.push('Y'),
        }
        a.push_str(&annotation(&item.annotation, false, lost));
    }
    f.push(('A', a));
    notes(&board.notes(SectionKind::Auction), f, lost);
}

/// The C field: `P`, `4SX:N`, or an end position's trumps alone (`H:E`).
fn contract_field(
    contract: ContractValue,
    declarer: Option<Seat>,
    lost: &mut Vec<String>,
) -> Option<String> {
    match (contract, declarer) {
        (ContractValue::Passed, declarer) => {
            // RBN's `C P` names no declarer; PBN files sometimes give one for a passed-out
            // board (BridgeComposer does), which means nothing at the table but is said.
            if let Some(d) = declarer {
                lost.push(format!(
                    "the declarer `{}` of a passed-out board",
                    d.letter()
                ));
            }
            Some("P".to_string())
        }
        (ContractValue::Contract(c), Some(d)) => Some(format!(
            "{}{}{}:{}",
            c.level(),
            &c.bid.denomination().pbn()[..1],
            match c.risk.pbn() {
                "XX" => "R",
                r => r,
            },
            d.letter()
        )),
        (ContractValue::TrumpOnly(d), Some(declarer)) => {
            Some(format!("{}:{}", &d.pbn()[..1], declarer.letter()))
        }
        _ => None,
    }
}

/// The R field: the tricks (`P` when passed out), the score signed, and the IMPs (`=` for none)
/// or the percentage with two decimals after a `:`.
fn result_field(board: &BoardModel, lost: &mut Vec<String>) -> Option<String> {
    let info = |name: &str| board.fact(name).map(str::to_string);
    let mut r = String::new();
    match (board.result_tricks(), board.contract()) {
        (_, Some(ContractValue::Passed)) => r.push('P'),
        (Some(n), _) => r.push_str(&n.to_string()),
        _ => {}
    }
    if let Some(points) = info("Score").and_then(|s| side_value(&s)) {
        if !points.starts_with('-') {
            r.push('+');
        }
        r.push_str(&points);
    }
    if let Some(imps) = info("ScoreIMP").and_then(|s| side_value(&s)) {
        r.push(':');
        if imps == "0" {
            r.push('=');
        } else {
            if !imps.starts_with('-') {
                r.push('+');
            }
            r.push_str(&imps);
        }
    } else if let Some(pct) = info("ScorePercentage").and_then(|s| side_value(&s)) {
        // RBN writes a percentage with two decimals (`59.70`).
        match pct.parse::<f64>() {
            Ok(value) if value.is_finite() => r.push_str(&format!(":{value:.2}")),
            _ => lost.push(format!("the percentage `{pct}` (not a number)")),
        }
    }
    (!r.is_empty()).then_some(r)
}

/// A `{` field of free text: the comment's lines without blank ones (a blank line ends an RBN
/// record, so losing them is said), braces turned to quotes.
fn commentary_field(comment: &str, lost: &mut Vec<String>) -> String {
    if comment.trim().lines().any(|l| l.trim().is_empty()) {
        lost.push(
            "the blank lines between paragraphs of commentary (a blank line ends an RBN record)"
                .to_string(),
        );
    }
    let text: Vec<&str> = comment
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    format!("{{{}}}", text.join("\n").replace(['{', '}'], "\""))
}

/// `NS 620` → `620`, `EW 300` → `-300`, `-100` → `-100`.
fn side_value(text: &str) -> Option<String> {
    let mut words = text.split_whitespace();
    let first = words.next()?;
    let (side, value) = match first {
        "NS" | "EW" => (first, words.next()?),
        _ => ("NS", first),
    };
    let negative = value.starts_with('-') != (side == "EW");
    let digits = value.trim_start_matches(['-', '+']);
    Some(
        if negative && !digits.trim_start_matches(['0', '.']).is_empty() {
            format!("-{digits}")
        } else {
            digits.to_string()
        },
    )
}

/// The annotation after a call or card (`on_card`) in RBN: its suffix, or the suffix a NAG of
/// $1–$6 (a call's) or $7–$12 (a card's) stands for (standard 3.8 makes them one).
fn annotation(a: &Annotation, on_card: bool, lost: &mut Vec<String>) -> String {
    let mut s = a.suffix.clone().unwrap_or_default();
    if s.is_empty() {
        let suffix = a.nags.iter().find_map(|&nag| {
            ["!", "?", "!!", "??", "!?", "?!"]
                .into_iter()
                .find(|s| crate::model::values::suffix_nag(s, on_card) == Some(nag))
        });
        s.push_str(suffix.unwrap_or(""));
    }
    if a.alert {
        s.push('*');
    }
    if let Some(n) = a.note {
        match n {
            1..=9 => s.push_str(&format!("^{n}")),
            10 => s.push_str("^0"),
            _ => lost.push(format!("note {n} (RBN numbers notes 0–9)")),
        }
    }
    s
}

fn notes(notes: &[(u8, String)], f: &mut Vec<(char, String)>, lost: &mut Vec<String>) {
    for (index, text) in notes {
        let digit = match index {
            1..=9 => char::from(b'0' + index),
            10 | 0 => '0',
            _ => {
                lost.push(format!("note {index} (RBN numbers notes 0–9)"));
                continue;
            }
        };
        f.push((digit, text.replace(['\n', '\r'], " ")));
    }
}

fn hands(deal: &Deal, first: Option<Seat>, hidden: [bool; 4]) -> String {
    let first = first.unwrap_or(Seat::North);
    let mut h = first.letter().to_string();
    for i in 0..4 {
        let seat = first.offset(i);
        h.push(if hidden[seat.index()] { ';' } else { ':' });
        if let Some(hand) = deal.hands[seat.index()] {
            let suits: Vec<String> = Suit::ALL
                .iter()
                .map(|s| {
                    let mut ranks: Vec<_> = hand.suit_cards(*s).iter().map(|c| c.rank).collect();
                    ranks.sort_by(|a, b| b.cmp(a));
                    ranks.iter().map(|r| r.letter()).collect()
                })
                .collect();
            h.push_str(&suits.join("."));
        }
    }
    h
}

fn play_text(
    leader: Option<Seat>,
    tricks: &[Vec<CardItem>],
    lost: &mut Vec<String>,
) -> Option<String> {
    let leader = leader?;
    // A play with no card (PBN's `[Play "E"]` with only `+` or `*`) says nothing RBN's P field
    // can hold: `P E` alone is no play, and declarer's left-hand opponent leads anyway.
    if tricks.iter().all(Vec::is_empty) {
        return None;
    }
    let mut p = format!("{}", leader.letter());
    let last = tricks.len().saturating_sub(1);
    'tricks: for (n, trick) in tricks.iter().enumerate() {
        if n < last && trick.len() != 4 {
            lost.push("the play from an incomplete trick before the last on".to_string());
            break;
        }
        p.push(':');
        let mut led: Option<Suit> = None;
        for item in trick {
            let text = match item.kind {
                CardKind::Card(card) => {
                    let same = led == Some(card.suit);
                    led.get_or_insert(card.suit);
                    if same {
                        card.rank.letter().to_string()
                    } else {
                        format!("{}{}", card.suit.letter(), card.rank.letter())
                    }
                }
                CardKind::Query => "Y".to_string(),
                CardKind::Shortcut { highest, suit } if led == suit && led.is_some() => {
                    (if highest { "+" } else { "-" }).to_string()
                }
                _ => {
                    lost.push("the play from the first unknown card on".to_string());
                    break 'tricks;
                }
            };
            p.push_str(&text);
            p.push_str(&annotation(&item.annotation, true, lost));
        }
    }
    if p.ends_with(':') {
        p.pop();
    }
    Some(p)
}

/// Writes boards as a PBN file, and the list of what PBN cannot express.
pub fn write_pbn_file(boards: &[BoardModel]) -> (String, Vec<String>) {
    let mut out = String::from("% PBN 2.1\n");
    let mut dropped = Vec::new();
    for (i, board) in boards.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let image = super::to_pbn::write_pbn(board);
        out.push_str(&image.text);
        for item in board.dropped.iter().chain(&image.dropped) {
            if !dropped.contains(item) {
                dropped.push(item.clone());
            }
        }
    }
    (out, dropped)
}
