//! Normalising tag values, calls and cards to their export spelling.
//!
//! Every function returns `None` when it does not fully understand its input; the caller then
//! keeps the text as written (for tag values) or leaves the game unchanged (for calls and cards).

use std::borrow::Cow;

use crate::bridge::Seat;
use crate::model::values::{read_contract, read_result, read_seat, read_vulnerable};
use crate::model::values::{ResultTricks, ResultValue};

/// The export spelling of a seat value (`n` → `N`), keeping an irregular-declarer `^`; `None`
/// for a spelling the standard does not allow (`North`), which is kept as written.
pub(crate) fn seat_value(raw: &str, allow_caret: bool) -> Option<String> {
    if matches!(raw, "N" | "E" | "S" | "W") {
        return Some(raw.to_string());
    }
    let (caret, body) = match raw.strip_prefix('^') {
        Some(rest) if allow_caret => ("^", rest),
        _ => ("", raw),
    };
    let reading = read_seat(body).filter(|r| r.standard.is_none())?;
    Some(format!("{caret}{}", reading.value.letter()))
}

/// The seat a Dealer or Declarer value names (a leading `^` ignored).
pub(crate) fn seat_of(raw: &str) -> Option<Seat> {
    read_seat(raw.strip_prefix('^').unwrap_or(raw)).map(|r| r.value)
}

/// `None`, `NS`, `EW` or `All` for the spellings the standard allows (`Both`, `love`, `-`); an
/// empty value and understood non-standard ones (`N-S`) stay as written.
pub(crate) fn vulnerable_value(raw: &str) -> Option<String> {
    if raw.is_empty() {
        return None;
    }
    let reading = read_vulnerable(raw).filter(|r| r.standard.is_none())?;
    Some(reading.value.pbn().to_string())
}

/// `<level><denomination><risk>`, `Pass`, or the trump alone for an end position; `None` for
/// an understood non-standard spelling (`3N`, `4SR`), which is kept as written.
pub(crate) fn contract_value(raw: &str) -> Option<String> {
    let reading = read_contract(raw).filter(|r| r.standard.is_none())?;
    Some(reading.value.pbn())
}

/// Declarer's tricks when the declarer is known and the sides agree; otherwise as written.
pub(crate) fn result_value(raw: &str, declarer: Option<Seat>) -> Option<String> {
    let reading = read_result(raw).filter(|r| r.standard.is_none())?;
    let ResultValue { irregular, tricks } = reading.value;
    let caret = if irregular { "^" } else { "" };
    let n = match tricks {
        ResultTricks::Declarer(n) => n,
        ResultTricks::Sides { ns, ew } => {
            let seat = declarer?;
            let (own, other) = if seat.is_ns() { (ns, ew) } else { (ew, ns) };
            let own = own?;
            if let Some(other) = other {
                if u32::from(own) + u32::from(other) != 13 {
                    return None;
                }
            }
            own
        }
    };
    Some(format!("{caret}{n}"))
}

const RANKS: &[u8; 13] = b"AKQJT98765432";

/// The position of an upper-case rank in `RANKS`.
fn rank_index(b: u8) -> Option<usize> {
    Some(match b {
        b'A' => 0,
        b'K' => 1,
        b'Q' => 2,
        b'J' => 3,
        b'T' => 4,
        b'2'..=b'9' => usize::from(b'9' - b) + 5,
        _ => return None,
    })
}

/// One suit's ranks in descending order, upper case; `None` for a repeated or unknown rank.
fn suit_ranks(text: &str, out: &mut String) -> Option<()> {
    let mut seen = [false; 13];
    for b in text.bytes() {
        let index = rank_index(b.to_ascii_uppercase())?;
        if seen[index] {
            return None;
        }
        seen[index] = true;
    }
    for (index, &rank) in RANKS.iter().enumerate() {
        if seen[index] {
            out.push(char::from(rank));
        }
    }
    Some(())
}

/// If the Deal is already in export spelling starting at `start` (or at its own first seat when
/// `start` is `None`), the number of cards in its largest hand.
fn canonical_deal(raw: &str, start: Option<Seat>) -> Option<usize> {
    let bytes = raw.as_bytes();
    if bytes.len() < 2 || bytes[1] != b':' {
        return None;
    }
    let first = Seat::from_char(char::from(bytes[0]))?;
    if first.letter() as u8 != bytes[0] || start.is_some_and(|s| s != first) {
        return None;
    }
    let mut largest = 0;
    let mut hands = 0;
    for hand in raw[2..].split(' ') {
        hands += 1;
        if hand == "-" {
            continue;
        }
        let mut suits = 0;
        let mut cards = 0;
        for suit in hand.split('.') {
            suits += 1;
            let mut previous = None;
            for b in suit.bytes() {
                let index = rank_index(b)?;
                if previous.is_some_and(|p| p >= index) {
                    return None;
                }
                previous = Some(index);
                cards += 1;
            }
        }
        if suits != 4 {
            return None;
        }
        largest = largest.max(cards);
    }
    (hands == 4).then_some(largest)
}

/// The Deal from the dealer's hand (or its own first hand when the dealer is unknown), ranks
/// in descending order, one space between hands, `-` for unknown hands, and the number of
/// cards in the largest hand.
pub(crate) fn deal_value(raw: &str, dealer: Option<Seat>) -> Option<(Cow<'_, str>, usize)> {
    if let Some(largest) = canonical_deal(raw, dealer) {
        return Some((Cow::Borrowed(raw), largest));
    }
    let (first, rest) = raw.split_once(':')?;
    let first = read_seat(first).filter(|r| r.standard.is_none())?.value;
    // Exactly one space between hands: other spacing is a malformed Deal (D201), kept as it is.
    let hands: Vec<&str> = rest.split(' ').collect();
    if hands.len() != 4 || hands.iter().any(|h| h.is_empty()) {
        return None;
    }
    let mut written: Vec<String> = Vec::with_capacity(4);
    let mut largest = 0;
    for hand in &hands {
        if *hand == "-" {
            written.push("-".to_string());
            continue;
        }
        let suits: Vec<&str> = hand.split('.').collect();
        if suits.len() != 4 {
            return None;
        }
        let mut out = String::with_capacity(16);
        for (i, suit) in suits.iter().enumerate() {
            if i > 0 {
                out.push('.');
            }
            suit_ranks(suit, &mut out)?;
        }
        largest = largest.max(out.len() - 3);
        written.push(out);
    }
    let start = dealer.unwrap_or(first);
    let shift = (start.index() + 4 - first.index()) % 4;
    let mut value = String::with_capacity(raw.len());
    value.push(start.letter());
    value.push(':');
    for i in 0..4 {
        if i > 0 {
            value.push(' ');
        }
        value.push_str(&written[(i + shift) % 4]);
    }
    Some((Cow::Owned(value), largest))
}

/// What a call token is, once read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallKind {
    /// `Pass`.
    Pass,
    /// `X`, `XX` or a bid.
    Active,
    /// `AP`: all players pass.
    AllPass,
    /// `-`: a placeholder before the first call.
    Placeholder,
}

/// The export spelling of a call token and its kind; `None` for anything else.
pub(crate) fn call_value(text: &str) -> Option<(Cow<'_, str>, CallKind)> {
    match text {
        "Pass" => return Some((Cow::Borrowed(text), CallKind::Pass)),
        "X" | "XX" => return Some((Cow::Borrowed(text), CallKind::Active)),
        _ => {}
    }
    let bytes = text.as_bytes();
    if (2..=3).contains(&bytes.len())
        && (b'1'..=b'7').contains(&bytes[0])
        && matches!(&bytes[1..], b"C" | b"D" | b"H" | b"S" | b"NT")
    {
        return Some((Cow::Borrowed(text), CallKind::Active));
    }
    let (value, kind) = call_value_slow(text)?;
    Some((Cow::Owned(value), kind))
}

fn call_value_slow(text: &str) -> Option<(String, CallKind)> {
    // The words chapter 3.11 lists, in any case (`PASS`, `Xx`, `1nT`: the checker reports the
    // spelling as A301, but the call is certain, and the reference exporter writes it too).
    // Other spellings (`P`, `1N`, `Dbl`) are kept as written.
    match text.to_ascii_lowercase().as_str() {
        "pass" => return Some(("Pass".to_string(), CallKind::Pass)),
        "ap" => return Some(("AP".to_string(), CallKind::AllPass)),
        "x" => return Some(("X".to_string(), CallKind::Active)),
        "xx" => return Some(("XX".to_string(), CallKind::Active)),
        "-" => return Some(("-".to_string(), CallKind::Placeholder)),
        _ => {}
    }
    let bytes = text.as_bytes();
    let level = *bytes.first()?;
    if !(b'1'..=b'7').contains(&level) {
        return None;
    }
    let denomination = match bytes[1..].to_ascii_uppercase().as_slice() {
        b"NT" => "NT",
        b"S" => "S",
        b"H" => "H",
        b"D" => "D",
        b"C" => "C",
        _ => return None,
    };
    Some((
        format!("{}{denomination}", char::from(level)),
        CallKind::Active,
    ))
}

/// The export spelling of a card token (`-` or suit and rank, upper case).
pub(crate) fn card_value(text: &str) -> Option<Cow<'_, str>> {
    if text == "-" {
        return Some(Cow::Borrowed(text));
    }
    let bytes = text.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    let suit = bytes[0].to_ascii_uppercase();
    let rank = bytes[1].to_ascii_uppercase();
    if !b"SHDC".contains(&suit) || !RANKS.contains(&rank) {
        return None;
    }
    if suit == bytes[0] && rank == bytes[1] {
        return Some(Cow::Borrowed(text));
    }
    Some(Cow::Owned(format!(
        "{}{}",
        char::from(suit),
        char::from(rank)
    )))
}

pub use crate::model::values::suffix_nag;

/// The index of a Note value (`"3:text"` → 3).
pub(crate) fn note_index(raw: &str) -> Option<u32> {
    let (index, _) = raw.split_once(':')?;
    index.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deals_rotate_and_sort() {
        let (deal, largest) = deal_value(
            "n:.63.akq987.A9732 A8654.KQ5.T.QJT6 - 2TQK.AT.J6542.85",
            Some(Seat::West),
        )
        .unwrap();
        assert_eq!(
            deal,
            "W:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 -"
        );
        assert_eq!(largest, 13);
        assert!(deal_value("N:AA.... - - -", None).is_none());
        assert!(deal_value("N:A10.K.Q.J - - -", None).is_none());
        assert!(deal_value("N:A.K.Q.J - -", None).is_none());
        assert!(deal_value("North:A.K.Q.J - - -", None).is_none());
    }

    #[test]
    fn results_only_when_sides_agree() {
        assert_eq!(
            result_value("NS 9 EW 4", Some(Seat::South)).as_deref(),
            Some("9")
        );
        assert_eq!(result_value("EW 4", Some(Seat::West)).as_deref(), Some("4"));
        assert_eq!(result_value("EW 4", Some(Seat::North)), None);
        assert_eq!(result_value("NS 9 EW 5", Some(Seat::North)), None);
        assert_eq!(result_value("NS 9", None), None);
        assert_eq!(result_value("^10", None).as_deref(), Some("^10"));
    }

    #[test]
    fn calls_cards_suffixes() {
        assert_eq!(call_value("1nt").unwrap().0, "1NT");
        assert_eq!(call_value("pass").unwrap().1, CallKind::Pass);
        assert_eq!(call_value("ap").unwrap().1, CallKind::AllPass);
        assert!(call_value("8S").is_none());
        assert!(call_value("1N").is_none());
        assert_eq!(call_value("1s").unwrap().0, "1S");
        assert_eq!(call_value("xx").unwrap().0, "XX");
        // The standard's words in another case are certain, and written as the standard's.
        for (written, export) in [("PASS", "Pass"), ("Ap", "AP"), ("1Nt", "1NT"), ("xX", "XX")] {
            assert_eq!(call_value(written).unwrap().0, export, "{written}");
        }
        for nonstandard in ["P", "Dbl", "1N", "Pas"] {
            assert!(call_value(nonstandard).is_none(), "{nonstandard}");
        }
        assert!(seat_value("North", false).is_none());
        assert!(vulnerable_value("N-S").is_none());
        assert!(contract_value("3N").is_none());
        assert!(deal_value("N:A.K.Q.J  - - -", None).is_none());
        assert_eq!(card_value("hq").as_deref(), Some("HQ"));
        assert!(card_value("H10").is_none());
        assert_eq!(suffix_nag("!!", false), Some(3));
        assert_eq!(suffix_nag("?!", true), Some(12));
        assert_eq!(note_index("12:x"), Some(12));
        assert_eq!(seat_value("^s", true).as_deref(), Some("^S"));
        assert_eq!(vulnerable_value("both").as_deref(), Some("All"));
        assert_eq!(vulnerable_value(""), None);
        assert_eq!(contract_value("4sx").as_deref(), Some("4SX"));
    }
}
