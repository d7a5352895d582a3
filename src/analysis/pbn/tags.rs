//! What PBN 2.1 says about each tag: which names exist, and what their values may look like.
//!
//! The validators here look at one value in isolation (T102 and T109); checks that need two
//! tags at once (the score against the contract, say) live in `cross`.

use crate::model::tags::MANDATORY_TAGS;
use crate::model::values::{read_contract, read_result, read_seat, read_vulnerable, Reading};
use crate::syntax::pbn::parser::TABLE_TAGS;

/// Every other tag PBN 2.1 defines (supplemental tags and section tags) but the tables, which
/// are [`TABLE_TAGS`].
pub(crate) const SUPPLEMENTAL_TAGS: &[&str] = &[
    "Auction",
    "Play",
    "Note",
    "Competition",
    "DealId",
    "Description",
    "FrenchMP",
    "Generator",
    "Hidden",
    "Room",
    "Termination",
    "Score",
    "ScoreIMP",
    "ScoreMP",
    "ScorePercentage",
    "ScoreRubber",
    "ScoreRubberHistory",
    "OptimumScore",
    "BidSystemEW",
    "BidSystemNS",
    "PairEW",
    "PairNS",
    "WestNA",
    "NorthNA",
    "EastNA",
    "SouthNA",
    "WestType",
    "NorthType",
    "EastType",
    "SouthType",
    "EventDate",
    "EventSponsor",
    "HomeTeam",
    "Round",
    "Section",
    "Stage",
    "Table",
    "VisitTeam",
    "Time",
    "UTCDate",
    "UTCTime",
    "TimeControl",
    "TimeCall",
    "TimeCard",
    "Annotator",
    "AnnotatorNA",
    "Application",
    "Mode",
];

/// A tag that well-known programs write though PBN 2.1 does not define it: what it holds and
/// who writes it, for the hover; it raises no finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ProducerTag {
    /// The tag name.
    pub name: &'static str,
    /// The programs known to write it.
    pub written_by: &'static str,
    /// What it holds.
    pub purpose: &'static str,
}

/// The tags producers write beyond the standard's (see [`ProducerTag`]).
pub(crate) const PRODUCER_TAGS: &[ProducerTag] = &[
    ProducerTag {
        name: "BCFlags",
        written_by: "BridgeComposer",
        purpose: "Which parts of the board BridgeComposer shows and prints (hexadecimal flags).",
    },
    ProducerTag {
        name: "BCConfirm",
        written_by: "BridgeComposer",
        purpose: "BridgeComposer's own record that the board was checked.",
    },
    ProducerTag {
        name: "BCConfirmMod",
        written_by: "BridgeComposer",
        purpose: "BridgeComposer's own record of a change after the board was checked.",
    },
    ProducerTag {
        name: "BCNote",
        written_by: "BridgeComposer",
        purpose: "A note BridgeComposer keeps with the board.",
    },
    ProducerTag {
        name: "DoubleDummyTricks",
        written_by: "BridgeComposer and dealing programs",
        purpose: "Double-dummy tricks: twenty hexadecimal digits, for declarers N, S, E, W, each \
                  in NT, S, H, D, C. Kibitzer checks them with `check --double-dummy`.",
    },
    ProducerTag {
        name: "ParContract",
        written_by: "BridgeComposer and double-dummy programs",
        purpose: "The par contract or contracts, with the side (`NS 4S`, `EW 5DX`).",
    },
    ProducerTag {
        name: "ParScore",
        written_by: "double-dummy programs",
        purpose: "The par score of the deal.",
    },
    ProducerTag {
        name: "OptimumContract",
        written_by: "dealing programs",
        purpose: "The par contract of the deal.",
    },
    ProducerTag {
        name: "Ability",
        written_by: "Big Deal and JFR",
        purpose: "Double-dummy tricks per seat: `N:57747 E:…`, one digit (hexadecimal) per \
                  denomination, NT S H D C.",
    },
    ProducerTag {
        name: "Minimax",
        written_by: "Big Deal and JFR",
        purpose: "The par contract, declarer and score in one word (`2NW-120`).",
    },
    ProducerTag {
        name: "DDResults",
        written_by: "double-dummy programs",
        purpose: "Double-dummy results of the deal.",
    },
];

/// The producer tag `name`, if it is one.
pub(crate) fn producer_tag(name: &str) -> Option<&'static ProducerTag> {
    PRODUCER_TAGS.iter().find(|t| t.name == name)
}

/// Whether PBN 2.1 defines the tag `name`.
pub fn is_known(name: &str) -> bool {
    MANDATORY_TAGS.contains(&name)
        || SUPPLEMENTAL_TAGS.contains(&name)
        || TABLE_TAGS.contains(&name)
}

/// The position of `name` in the Mandatory Tag Set.
pub(crate) fn mandatory_index(name: &str) -> Option<usize> {
    MANDATORY_TAGS.iter().position(|&t| t == name)
}

/// The defined tag name closest to an unknown `name`, when it is close enough to be a slip.
pub(crate) fn closest_known(name: &str) -> Option<&'static str> {
    let lower = name.to_ascii_lowercase();
    let mut best: Option<(usize, &'static str)> = None;
    for &known in MANDATORY_TAGS
        .iter()
        .chain(SUPPLEMENTAL_TAGS)
        .chain(TABLE_TAGS)
    {
        let known_lower = known.to_ascii_lowercase();
        if known_lower == lower {
            return Some(known);
        }
        let distance = edit_distance(&lower, &known_lower);
        let shorter = lower.len().min(known_lower.len());
        let prefix = lower
            .bytes()
            .zip(known_lower.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        let close = distance <= 1.max(shorter / 3) || (prefix >= 6 && prefix + 2 >= shorter);
        if close && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, known));
        }
    }
    best.map(|(_, known)| known)
}

/// Levenshtein distance over bytes (tag names are ASCII).
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for (i, &ca) in a.iter().enumerate() {
        current[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitute = previous[j] + usize::from(ca != cb);
            current[j + 1] = substitute.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

/// What is wrong with a tag value, and the standard spelling when the meaning is clear.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ValueProblem {
    /// What is wrong, for people.
    pub message: String,
    /// The value to write instead, when it is obvious.
    pub replacement: Option<String>,
    /// The value is written with the characters its tag allows but says what cannot be (month
    /// 13, board 0), which the reference verifier passes over: a warning rather than an error.
    pub meaning_only: bool,
}

impl ValueProblem {
    fn new(message: impl Into<String>) -> ValueProblem {
        ValueProblem {
            message: message.into(),
            replacement: None,
            meaning_only: false,
        }
    }

    fn with(message: impl Into<String>, replacement: impl Into<String>) -> ValueProblem {
        ValueProblem {
            message: message.into(),
            replacement: Some(replacement.into()),
            meaning_only: false,
        }
    }

    /// The same problem, marked as one of meaning only.
    fn of_meaning(self) -> ValueProblem {
        ValueProblem {
            meaning_only: true,
            ..self
        }
    }
}

/// Checks the syntax of `value` for the tag `name` (T102). `?` and `""` are accepted by the
/// caller before this is asked; tags without a defined syntax always pass.
pub(crate) fn check_value(name: &str, value: &str) -> Result<(), ValueProblem> {
    match name {
        "Dealer" | "Auction" | "Play" => check_seat(name, value),
        "Declarer" => {
            let seat = value.strip_prefix('^').unwrap_or(value);
            check_seat(name, seat).map_err(|mut p| {
                if let Some(r) = p.replacement.as_mut() {
                    if value.starts_with('^') {
                        r.insert(0, '^');
                    }
                }
                p
            })
        }
        "Vulnerable" => spelling(
            read_vulnerable(value),
            |standard| format!("`{value}` is not a PBN vulnerability: write `{standard}`"),
            || format!("`{value}` is not a vulnerability: use None, NS, EW or All"),
        ),
        "Contract" => spelling(
            read_contract(value),
            |standard| format!("`{value}` is not a PBN contract: write `{standard}`"),
            || format!("`{value}` is not a contract: write `Pass` or level, denomination and risk, like `4S`, `3NTX`"),
        ),
        "Result" => match read_result(value) {
            Some(_) => Ok(()),
            None => Err(ValueProblem::new(format!(
                "`{value}` is not a result: give declarer's tricks (0 to 13), or `NS <tricks>`, `EW <tricks>`"
            ))),
        },
        "Date" | "EventDate" | "UTCDate" => check_date(value),
        "Time" | "UTCTime" => check_time(value),
        "Board" => check_positive(name, value),
        "Table" => check_table(value),
        "Round" => {
            let ok = value.split('.').all(|part| {
                !part.is_empty()
                    && part
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'_')
            });
            if ok {
                Ok(())
            } else {
                Err(ValueProblem::new(format!(
                    "`{value}` is not a round: use letters, digits and `_`, parts separated by `.`"
                )))
            }
        }
        "Room" => check_choice(name, value, &["Open", "Closed"]),
        "FrenchMP" => check_choice(name, value, &["Yes", "No"]),
        "Hidden" => check_hidden(value),
        "TimeControl" => match value.split_once('/') {
            Some((games, minutes)) if is_digits(games) && is_digits(minutes) => Ok(()),
            _ => Err(ValueProblem::new(format!(
                "`{value}` is not a time control: write `<games>/<minutes>`, like `4/30`"
            ))),
        },
        "TimeCall" | "TimeCard" => {
            if is_digits(value) {
                Ok(())
            } else {
                Err(ValueProblem::new(format!(
                    "`{value}` is not a number of seconds"
                )))
            }
        }
        "Score" => check_sides(name, value, is_integer, true),
        "ScoreIMP" | "ScoreMP" => check_sides(name, value, is_decimal, true),
        "ScorePercentage" => check_sides(name, value, is_percentage, true),
        // Spaces around the `/` are allowed (`NS 50 / 40`): the reference reads them too.
        "ScoreRubber" => check_sides(name, &tighten_slashes(value), is_rubber_score, true)
            .or_else(|_| check_sides(name, value, is_rubber_score, true)),
        "OptimumScore" => check_sides(name, value, is_integer, false),
        "ScoreRubberHistory" => match read_rubber_history(value) {
            Some(_) => Ok(()),
            None => Err(ValueProblem::new(format!(
                "`{value}` is not a rubber history: write `NS <above> <above>/<below> … EW <above> <above>/<below> …`"
            ))),
        },
        "Scoring" => {
            if value.split(';').any(|f| f.trim().is_empty()) {
                Err(ValueProblem::new(
                    "the scoring has an empty field: fields are separated by single `;`",
                ))
            } else {
                Ok(())
            }
        }
        _ => Ok(()),
    }
}

fn check_seat(name: &str, value: &str) -> Result<(), ValueProblem> {
    spelling(
        read_seat(value),
        |standard| format!("the {name} is written as one letter: `{standard}`"),
        || format!("`{value}` is not a seat: use N, E, S or W"),
    )
}

/// The problem of a value as `reading` read it: none when it is spelled as PBN spells it, the
/// standard spelling (told by `nonstandard`) when its meaning is clear, `unreadable`'s message
/// when it has none.
fn spelling<T>(
    reading: Option<Reading<T>>,
    nonstandard: impl FnOnce(&str) -> String,
    unreadable: impl FnOnce() -> String,
) -> Result<(), ValueProblem> {
    match reading {
        Some(Reading { standard: None, .. }) => Ok(()),
        Some(Reading {
            standard: Some(standard),
            ..
        }) => Err(ValueProblem::with(nonstandard(&standard), standard)),
        None => Err(ValueProblem::new(unreadable())),
    }
}

fn check_choice(name: &str, value: &str, choices: &[&str]) -> Result<(), ValueProblem> {
    if choices.contains(&value) {
        return Ok(());
    }
    let list = choices.join("` or `");
    match choices.iter().find(|c| c.eq_ignore_ascii_case(value)) {
        Some(choice) => Err(ValueProblem::with(
            format!("the {name} is `{list}`: write `{choice}`"),
            *choice,
        )),
        None => Err(ValueProblem::new(format!(
            "`{value}` is not a {name} value: use `{list}`"
        ))),
    }
}

fn check_hidden(value: &str) -> Result<(), ValueProblem> {
    let mut seen = [false; 4];
    for c in value.chars() {
        let Some(seat) = crate::bridge::Seat::from_char(c) else {
            return Err(ValueProblem::new(format!(
                "`{value}` is not a list of seats to hide: use the letters N, E, S and W"
            )));
        };
        if std::mem::replace(&mut seen[seat.index()], true) {
            return Err(ValueProblem::new(format!(
                "`{value}` names {} twice",
                seat.name()
            )));
        }
    }
    Ok(())
}

fn check_positive(name: &str, value: &str) -> Result<(), ValueProblem> {
    if is_digits(value) && value.bytes().any(|b| b != b'0') {
        return Ok(());
    }
    let trimmed = value.trim();
    let replacement =
        (trimmed != value && is_digits(trimmed) && trimmed.bytes().any(|b| b != b'0'))
            .then(|| trimmed.to_string());
    let message = format!("`{value}` is not a {name} number: use a positive whole number");
    Err(ValueProblem {
        message,
        replacement,
        // Zeros only: digits, as the reference verifier wants, for a board that cannot be.
        meaning_only: is_digits(value),
    })
}

fn check_table(value: &str) -> Result<(), ValueProblem> {
    if value
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_')
    {
        Ok(())
    } else {
        Err(ValueProblem::new(format!(
            "`{value}` is not a table number: use a positive whole number"
        )))
    }
}

/// Whether `text` is one or more ASCII digits.
pub(crate) fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// Whether `text` is a whole number, possibly signed.
pub(crate) fn is_integer(text: &str) -> bool {
    let digits = text
        .strip_prefix('-')
        .or_else(|| text.strip_prefix('+'))
        .unwrap_or(text);
    is_digits(digits)
}

/// Whether `text` is a decimal number (`12`, `-3.5`, `.5`), possibly signed.
pub(crate) fn is_decimal(text: &str) -> bool {
    parse_decimal(text).is_some()
}

/// Reads a decimal number (`12`, `-3.5`, `.5`).
pub(crate) fn parse_decimal(text: &str) -> Option<f64> {
    let body = text
        .strip_prefix('-')
        .or_else(|| text.strip_prefix('+'))
        .unwrap_or(text);
    let (whole, fraction) = match body.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (body, None),
    };
    let whole_ok = whole.is_empty() || is_digits(whole);
    // `50.` and `.5` are decimals; `.` alone is not.
    let fraction_ok = fraction.is_none_or(|f| is_digits(f) || f.is_empty() && !whole.is_empty());
    if !whole_ok || !fraction_ok || (whole.is_empty() && fraction.is_none()) {
        return None;
    }
    text.parse::<f64>().ok()
}

fn is_percentage(text: &str) -> bool {
    parse_decimal(text).is_some_and(|p| (0.0..=100.0).contains(&p))
}

fn is_rubber_score(text: &str) -> bool {
    matches!(text.split_once('/'), Some((a, b)) if is_digits(a) && is_digits(b))
}

/// `value` without the spaces around each `/` (`50 / 40` → `50/40`), so that a rubber score is
/// one word.
fn tighten_slashes(value: &str) -> std::borrow::Cow<'_, str> {
    if !value.contains('/') {
        return value.into();
    }
    let mut out = String::with_capacity(value.len());
    let mut chars = value.trim().chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_whitespace() {
            // Drop a run of spaces before a `/`.
            let mut run = String::from(c);
            while let Some(&next) = chars.peek().filter(|n| n.is_whitespace()) {
                run.push(next);
                chars.next();
            }
            if chars.peek() != Some(&'/') {
                out.push_str(&run);
            }
            continue;
        }
        out.push(c);
        if c == '/' {
            while chars.peek().is_some_and(|n| n.is_whitespace()) {
                chars.next();
            }
        }
    }
    out.into()
}

/// Which side a score is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ScoreSide {
    /// Declarer's side (`"<score>"`).
    Declarer,
    /// North-South.
    NS,
    /// East-West.
    EW,
}

/// Splits a value in the five formats of the Score tag into (side, number text) pairs.
pub(crate) fn score_parts(value: &str) -> Option<Vec<(ScoreSide, &str)>> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let side = |w: &str| match w {
        "NS" => Some(ScoreSide::NS),
        "EW" => Some(ScoreSide::EW),
        _ => None,
    };
    match words.as_slice() {
        [n] => Some(vec![(ScoreSide::Declarer, n)]),
        [s, n] => Some(vec![(side(s)?, n)]),
        [s1, n1, s2, n2] => {
            let (a, b) = (side(s1)?, side(s2)?);
            (a != b).then(|| vec![(a, *n1), (b, *n2)])
        }
        _ => None,
    }
}

fn check_sides(
    name: &str,
    value: &str,
    number: fn(&str) -> bool,
    declarer_form: bool,
) -> Result<(), ValueProblem> {
    let ok = score_parts(value).is_some_and(|parts| {
        parts
            .iter()
            .all(|(side, n)| number(n) && (declarer_form || *side != ScoreSide::Declarer))
    });
    if ok {
        return Ok(());
    }
    let what = match name {
        "ScoreRubber" => "`<above>/<below>`",
        "ScorePercentage" => "a percentage from 0 to 100",
        "ScoreIMP" | "ScoreMP" => "a number",
        _ => "a whole number",
    };
    let forms = if declarer_form {
        "`<score>`, `NS <score>`, `EW <score>` or both sides"
    } else {
        "`NS <score>`, `EW <score>` or both sides"
    };
    Err(ValueProblem::new(format!(
        "`{value}` is not a valid {name}: write {forms}, each score {what}"
    )))
}

/// One side's rubber history: above-the-line points and the below-the-line points per game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HistoryScore {
    /// Above the line in previous rubbers (if given) and in the current one.
    pub above: Vec<u32>,
    /// Below the line for game 1, 2 and 3 (as many as have started).
    pub below: Vec<u32>,
}

/// Reads `NS <history> EW <history>` (either order); `(ns, ew)`.
pub(crate) fn read_rubber_history(value: &str) -> Option<(HistoryScore, HistoryScore)> {
    let value = tighten_slashes(value);
    let words: Vec<&str> = value.split_whitespace().collect();
    let mut ns = None;
    let mut ew = None;
    let mut i = 0;
    while i < words.len() {
        let side = words[i];
        let end = words[i + 1..]
            .iter()
            .position(|w| *w == "NS" || *w == "EW")
            .map_or(words.len(), |p| i + 1 + p);
        let history = read_history(&words[i + 1..end])?;
        let slot = match side {
            "NS" => &mut ns,
            "EW" => &mut ew,
            _ => return None,
        };
        if slot.replace(history).is_some() {
            return None;
        }
        i = end;
    }
    Some((ns?, ew?))
}

fn read_history(words: &[&str]) -> Option<HistoryScore> {
    let slash = words.iter().position(|w| w.contains('/'))?;
    let (before, after) = words[slash].split_once('/')?;
    let number = |w: &str| -> Option<u32> { is_digits(w).then(|| w.parse().ok()).flatten() };
    let mut above: Vec<u32> = words[..slash]
        .iter()
        .map(|w| number(w))
        .collect::<Option<_>>()?;
    above.push(number(before)?);
    let mut below = vec![number(after)?];
    for w in &words[slash + 1..] {
        below.push(number(w)?);
    }
    let units = above.len() + below.len();
    (above.len() <= 2 && below.len() <= 3 && (2..=5).contains(&units))
        .then_some(HistoryScore { above, below })
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

fn check_date(value: &str) -> Result<(), ValueProblem> {
    let b = value.as_bytes();
    let shape = b.len() == 10
        && b[4] == b'.'
        && b[7] == b'.'
        && b.iter()
            .enumerate()
            .all(|(i, &c)| i == 4 || i == 7 || c.is_ascii_digit() || c == b'?');
    if shape {
        let month = &value[5..7];
        let day = &value[8..10];
        let month_ok = !is_digits(month) || matches!(month.parse::<u8>(), Ok(1..=12));
        let day_ok = !is_digits(day) || matches!(day.parse::<u8>(), Ok(1..=31));
        if month_ok && day_ok {
            return Ok(());
        }
        let problem = ValueProblem::new(format!(
            "`{value}` is not a date: the month or the day is out of range"
        ));
        // The reference verifier rejects a month or day of 0 but passes over one too large
        // (month 13, day 32): only that is a warning.
        let zero = month == "00" || day == "00";
        return Err(if zero { problem } else { problem.of_meaning() });
    }
    let message = format!("`{value}` is not a PBN date: write `YYYY.MM.DD`");
    Err(match understand_date(value) {
        Some(standard) => ValueProblem::with(
            format!("`{value}` is not a PBN date: write `{standard}` (YYYY.MM.DD)"),
            standard,
        ),
        None => ValueProblem::new(message),
    })
}

/// The standard spelling of a date written another unambiguous way (`2023-08-02`,
/// `2-Aug-2023`, `2 August 2023`, `2023/8/2`, `25/12/2023`).
fn understand_date(value: &str) -> Option<String> {
    // A time after the date (`2013-08-10 17:32`) is dropped.
    let value = match value.split_once(' ') {
        Some((date, time)) if time.contains(':') => date,
        _ => value,
    };
    // Eight digits run together: year, month and day (`20160831`).
    if value.len() == 8 && is_digits(value) {
        let (year, month, day) = (&value[..4], &value[4..6], &value[6..]);
        let (m, d): (u32, u32) = (month.parse().ok()?, day.parse().ok()?);
        return ((1..=12).contains(&m) && (1..=31).contains(&d))
            .then(|| format!("{year}.{month}.{day}"));
    }
    let parts: Vec<&str> = value
        .split(['-', '/', '.', ' ', ','])
        .filter(|p| !p.is_empty())
        .collect();
    let [a, b, c] = parts.as_slice() else {
        return None;
    };
    let month_name = |w: &str| {
        let lower = w.to_ascii_lowercase();
        MONTHS
            .iter()
            .position(|m| lower.len() >= 3 && lower.starts_with(m))
            .map(|i| i as u32 + 1)
    };
    let number = |w: &str| -> Option<u32> { is_digits(w).then(|| w.parse().ok()).flatten() };
    let (year, month, day) = if a.len() == 4 {
        let year = number(a)?;
        (year, month_name(b).or_else(|| number(b))?, number(c)?)
    } else if c.len() == 4 {
        let year = number(c)?;
        if let Some(month) = month_name(b) {
            (year, month, number(a)?)
        } else if let Some(month) = month_name(a) {
            (year, month, number(b)?)
        } else {
            // Day first is only certain when the first number cannot be a month.
            let (x, y) = (number(a)?, number(b)?);
            if x > 12 && y <= 12 {
                (year, y, x)
            } else {
                return None;
            }
        }
    } else {
        return None;
    };
    ((1..=12).contains(&month) && (1..=31).contains(&day))
        .then(|| format!("{year:04}.{month:02}.{day:02}"))
}

fn check_time(value: &str) -> Result<(), ValueProblem> {
    let parts: Vec<&str> = value.split(':').collect();
    let unit_ok = |p: &str, max: u8| {
        p.len() == 2 && (p == "??" || (is_digits(p) && p.parse::<u8>().is_ok_and(|n| n <= max)))
    };
    if let [h, m, s] = parts.as_slice() {
        if unit_ok(h, 23) && unit_ok(m, 59) && unit_ok(s, 59) {
            return Ok(());
        }
        if h.len() == 1 && is_digits(h) && unit_ok(m, 59) && unit_ok(s, 59) {
            return Err(ValueProblem::with(
                format!("`{value}` is not a PBN time: write `0{value}` (HH:MM:SS)"),
                format!("0{value}"),
            ));
        }
    }
    if let [h, m] = parts.as_slice() {
        if unit_ok(h, 23) && unit_ok(m, 59) {
            return Err(ValueProblem::with(
                format!("`{value}` is not a PBN time: write `{value}:00` (HH:MM:SS)"),
                format!("{value}:00"),
            ));
        }
    }
    Err(ValueProblem::new(format!(
        "`{value}` is not a time: write `HH:MM:SS`"
    )))
}

/// For open-ended tags, the values the standard lists; a value outside them gets T109.
pub(crate) fn listed_values(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "Scoring" => &[
            "MP",
            "MatchPoints",
            "IMP",
            "Cavendish",
            "Chicago",
            "Rubber",
            "BAM",
            "Instant",
            "Butler",
            "Butler-2",
            "Experts",
            "Cross",
            "Cross1",
            "Cross2",
            "Mean",
            "Median",
            "MP1",
            "MP2",
            "OldMP",
            "Mitchell2",
            "Mitchell3",
            "Mitchell4",
            "Ascherman",
            "Bastille",
            "EMP",
            "IMP_1948",
            "IMP_1961",
        ],
        "Mode" => &["EM", "IBS", "OKB", "TABLE", "TC"],
        "Termination" => &[
            "abandoned",
            "adjudication",
            "death",
            "emergency",
            "normal",
            "rules infraction",
            "time forfeit",
            "unterminated",
        ],
        "Competition" => &[
            "Cavendish",
            "Chicago",
            "Individuals",
            "Pairs",
            "Rubber",
            "Teams",
        ],
        "WestType" | "NorthType" | "EastType" | "SouthType" => &["human", "program"],
        _ => return None,
    })
}

/// The parts of an open-ended value the standard does not list (Scoring is a `;` list).
pub(crate) fn unusual_parts<'v>(name: &str, value: &'v str) -> Vec<&'v str> {
    let Some(listed) = listed_values(name) else {
        return Vec::new();
    };
    let known = |part: &str| listed.iter().any(|l| l.eq_ignore_ascii_case(part.trim()));
    if name == "Scoring" {
        value
            .split(';')
            .filter(|p| !p.trim().is_empty() && !known(p))
            .collect()
    } else if known(value) {
        Vec::new()
    } else {
        vec![value]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_for_unknown_names() {
        assert_eq!(closest_known("Vulnerability"), Some("Vulnerable"));
        assert_eq!(closest_known("DEAL"), Some("Deal"));
        assert_eq!(closest_known("Decarer"), Some("Declarer"));
        assert_eq!(closest_known("BCFlags"), None);
        assert!(is_known("OptimumResultTable"));
        assert!(!is_known("Vulnerability"));
    }

    #[test]
    fn values() {
        // The standard spelling a value's problem offers (the value must have a problem).
        let replacement = |name, value| check_value(name, value).unwrap_err().replacement;
        assert!(check_value("Date", "1995.06.10").is_ok());
        assert_eq!(
            replacement("Date", "20160831"),
            Some("2016.08.31".to_string())
        );
        assert_eq!(replacement("Date", "20161331"), None);
        assert!(check_value("Date", "1995.??.??").is_ok());
        assert!(check_value("Date", "1995.13.10").is_err());
        assert_eq!(replacement("Date", "2-Aug-2023"), Some("2023.08.02".into()));
        assert_eq!(replacement("Date", "2023-08-02"), Some("2023.08.02".into()));
        assert_eq!(replacement("Date", "03/04/2023"), None);
        assert!(check_value("Time", "12:30:00").is_ok());
        assert!(check_value("Time", "25:30:00").is_err());
        assert!(check_value("Board", "12").is_ok());
        assert!(check_value("Board", "0").is_err());
        assert!(check_value("Board", "x1").is_err());
        assert!(check_value("Score", "NS 620").is_ok());
        assert!(check_value("Score", "-100").is_ok());
        assert!(check_value("Score", "NS 620 NS 10").is_err());
        assert!(check_value("OptimumScore", "620").is_err());
        assert!(check_value("ScoreIMP", "EW -3.5").is_ok());
        assert!(check_value("ScorePercentage", "101").is_err());
        assert!(check_value("ScoreRubber", "NS 50/120").is_ok());
        // What the standard allows and the reference verifier reads.
        assert!(check_value("ScoreRubber", "NS 50 / 120").is_ok());
        assert!(check_value("ScoreRubber", "NS 50/ 120 EW 0 /0 ").is_ok());
        assert!(check_value("ScoreRubber", "NS 50 120").is_err());
        for percentage in ["0.", "100.", "50.0", ".5", "NS 60. EW 40."] {
            assert!(
                check_value("ScorePercentage", percentage).is_ok(),
                "{percentage}"
            );
        }
        assert!(check_value("ScorePercentage", ".").is_err());
        assert!(check_value("ScorePercentage", "100.5").is_err());
        assert!(check_value("Vulnerable", "N-S").unwrap_err().replacement == Some("NS".into()));
        assert!(check_value("Contract", "3N").unwrap_err().replacement == Some("3NT".into()));
        assert!(check_value("Declarer", "^S").is_ok());
        assert!(check_value("Room", "open").unwrap_err().replacement == Some("Open".into()));
        assert!(check_value("Hidden", "WE").is_ok());
        assert!(check_value("Hidden", "WW").is_err());
        assert!(check_value("TimeControl", "4/30").is_ok());
        assert!(check_value("Round", "1.a_2").is_ok());
        assert!(check_value("Round", "1..2").is_err());
        assert!(check_value("Event", "anything at all").is_ok());
    }

    #[test]
    fn rubber_history() {
        assert_eq!(
            read_rubber_history("NS 0 30 / 70 40 EW 0 0 /120 0 "),
            read_rubber_history("NS 0 30/70 40 EW 0 0/120 0")
        );
        let (ns, ew) = read_rubber_history("NS 0 30/70 40 EW 0 0/120 0").unwrap();
        assert_eq!(ns.below, vec![70, 40]);
        assert_eq!(ew.above, vec![0, 0]);
        assert!(read_rubber_history("NS 0/0").is_none());
    }

    #[test]
    fn open_ended() {
        assert!(unusual_parts("Scoring", "IMP;Butler").is_empty());
        assert_eq!(unusual_parts("Scoring", "IMP;Swiss"), vec!["Swiss"]);
        assert_eq!(unusual_parts("Mode", "Online"), vec!["Online"]);
        assert!(unusual_parts("Event", "x").is_empty());
    }
}
