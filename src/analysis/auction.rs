//! The auction section: reading its calls into an [`AuctionModel`] and checking them (family A),
//! plus the annotation checks shared with the play section (family G).
//!
//! The calls are followed with [`bridge::Auction`], which records illegal calls rather than
//! refusing them, so one wrong call gives one diagnostic and the rest of the auction is still
//! checked. Spellings real files use instead of PBN's (`P`, `1N`, `Dbl`) are reported and then
//! read with their probable meaning.

use super::context::GameContext;
use super::values::{read_contract, read_seat, ContractValue};
use crate::bridge::{self, Bid, Call, CallError, Contract, Denomination, Seat};
use crate::diagnostic::Diagnostic;
use crate::syntax::ast::{self, SectionItem};
use crate::syntax::{SyntaxKind, TextRange};

/// An irregularity mark of chapter 3.9.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Irregularity {
    /// `^I`: an insufficient bid the opponents accepted.
    Insufficient,
    /// `^S`: a player skipped because another called out of rotation.
    Skipped,
    /// `^R`: a revoke that was not noticed in time.
    Revoke,
    /// `^L`: a lead out of turn the opponents accepted.
    LeadOutOfTurn,
}

impl Irregularity {
    /// Reads `^I`, `^S`, `^R` or `^L`.
    pub fn parse(text: &str) -> Option<Irregularity> {
        match text {
            "^I" => Some(Irregularity::Insufficient),
            "^S" => Some(Irregularity::Skipped),
            "^R" => Some(Irregularity::Revoke),
            "^L" => Some(Irregularity::LeadOutOfTurn),
            _ => None,
        }
    }

    /// The PBN spelling (`^I`…).
    pub fn pbn(self) -> &'static str {
        match self {
            Irregularity::Insufficient => "^I",
            Irregularity::Skipped => "^S",
            Irregularity::Revoke => "^R",
            Irregularity::LeadOutOfTurn => "^L",
        }
    }
}

/// An irregularity mark with where it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Mark {
    /// Which irregularity.
    pub kind: Irregularity,
    /// The range of the mark.
    pub range: TextRange,
}

/// A note reference `=k=` after a call or card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NoteRef {
    /// The index as written (saturated at `u32::MAX` when absurdly long).
    pub index: u32,
    /// The range of the whole `=k=`.
    pub range: TextRange,
}

/// A numeric annotation glyph `$n` after a call or card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Nag {
    /// The value as written (saturated at `u32::MAX` when absurdly long).
    pub value: u32,
    /// The range of the `$n`.
    pub range: TextRange,
}

/// A suffix annotation (`!`, `?`, `!!`, `??`, `!?`, `?!`) after a call or card.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Suffix {
    /// The suffix as written.
    pub text: String,
    /// Its range.
    pub range: TextRange,
}

impl Suffix {
    /// The NAG the suffix stands for: 1–6 after a call, 7–12 after a card.
    pub fn nag(&self, on_card: bool) -> Option<u32> {
        super::values::suffix_nag(&self.text, on_card)
    }
}

/// The annotations written after one call or card. When a call or card carries more than one
/// suffix or note reference (G603), the first is kept here.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Annotations {
    /// The suffix, if any.
    pub suffix: Option<Suffix>,
    /// The note reference, if any.
    pub note: Option<NoteRef>,
    /// The NAGs in text order.
    pub nags: Vec<Nag>,
}

fn saturating_number(digits: &str) -> u32 {
    digits
        .bytes()
        .filter(u8::is_ascii_digit)
        .fold(0u32, |n, d| {
            n.saturating_mul(10).saturating_add(u32::from(d - b'0'))
        })
}

/// Reads the annotations of an item and reports G601–G604 on them.
pub(crate) fn read_annotations(
    item: &SectionItem,
    on_card: bool,
    out: &mut Vec<Diagnostic>,
) -> Annotations {
    let what = if on_card { "card" } else { "call" };
    let mut annotations = Annotations::default();
    for token in &item.annotations {
        let range = token.text_range();
        let text = token.text();
        match token.kind() {
            SyntaxKind::SUFFIX => match &annotations.suffix {
                Some(first) => out.push(
                    Diagnostic::new(
                        "G603",
                        range,
                        format!("a {what} takes at most one suffix; `{text}` is a second one"),
                    )
                    .with_related(first.range, "the first suffix"),
                ),
                None => {
                    annotations.suffix = Some(Suffix {
                        text: text.to_string(),
                        range,
                    })
                }
            },
            SyntaxKind::NOTE_REF => {
                let note = NoteRef {
                    index: saturating_number(text),
                    range,
                };
                match annotations.note {
                    Some(first) => out.push(
                        Diagnostic::new(
                            "G603",
                            range,
                            format!(
                                "a {what} takes at most one note reference; `{text}` is a second one"
                            ),
                        )
                        .with_related(first.range, "the first note reference"),
                    ),
                    None => annotations.note = Some(note),
                }
            }
            SyntaxKind::NAG => {
                let value = saturating_number(text);
                let nag = Nag { value, range };
                if value > 255 {
                    out.push(Diagnostic::new(
                        "G601",
                        range,
                        format!("NAG `{text}` is out of range: NAGs go from $0 to $255"),
                    ));
                } else if !on_card && (matches!(value, 7..=12) || value == 14) {
                    out.push(Diagnostic::new(
                        "G602",
                        range,
                        format!("`{text}` annotates a played card, not a call"),
                    ));
                } else if on_card && (matches!(value, 1..=6) || value == 13) {
                    out.push(Diagnostic::new(
                        "G602",
                        range,
                        format!("`{text}` annotates a call, not a played card"),
                    ));
                }
                if let Some(first) = annotations.nags.iter().find(|n| n.value == value) {
                    out.push(
                        Diagnostic::new(
                            "G604",
                            range,
                            format!("`{text}` is given twice on this {what}"),
                        )
                        .with_related(first.range, "the first one")
                        .with_fix("Remove the repeated NAG", range, ""),
                    );
                }
                annotations.nags.push(nag);
            }
            _ => {}
        }
    }
    annotations
}

/// Reads the irregularity marks in front of an item.
pub(crate) fn read_marks(item: &SectionItem) -> Vec<Mark> {
    item.marks
        .iter()
        .filter_map(|t| {
            Irregularity::parse(t.text()).map(|kind| Mark {
                kind,
                range: t.text_range(),
            })
        })
        .collect()
}

/// What a call token says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CallToken {
    Call(Call),
    AllPass,
    Placeholder,
}

/// Reads a call token. `Ok` for a legal spelling (upper or lower case as chapter 3.11 allows);
/// `Err(Some((meaning, spelling)))` for an understood non-standard one; `Err(None)` otherwise.
fn parse_call(text: &str) -> Result<CallToken, Option<(CallToken, String)>> {
    match text {
        "-" => return Ok(CallToken::Placeholder),
        "Pass" | "pass" => return Ok(CallToken::Call(Call::Pass)),
        "AP" | "ap" => return Ok(CallToken::AllPass),
        "X" | "x" => return Ok(CallToken::Call(Call::Double)),
        "XX" | "xx" => return Ok(CallToken::Call(Call::Redouble)),
        _ => {}
    }
    let bytes = text.as_bytes();
    if let [level @ b'1'..=b'7', rest @ ..] = bytes {
        let level = level - b'0';
        let legal = match rest {
            b"NT" | b"nt" => Some(Denomination::NoTrump),
            [c] => bridge::Suit::from_char(char::from(*c)).map(Denomination::from_suit),
            _ => None,
        };
        if let Some(bid) = legal.and_then(|d| Bid::new(level, d)) {
            return Ok(CallToken::Call(Call::Bid(bid)));
        }
        let rest_text = std::str::from_utf8(rest).unwrap_or("");
        let lenient = Denomination::parse_lenient(rest_text).or_else(|| {
            let lower = rest_text.to_ascii_lowercase();
            matches!(lower.as_str(), "n" | "nt" | "no" | "notrump" | "ntr")
                .then_some(Denomination::NoTrump)
        });
        if let Some(bid) = lenient.and_then(|d| Bid::new(level, d)) {
            let token = CallToken::Call(Call::Bid(bid));
            return Err(Some((token, bid.to_string())));
        }
        return Err(None);
    }
    let understood = match text.to_ascii_lowercase().as_str() {
        "p" | "pass" | "pas" | "passe" | "pa" => CallToken::Call(Call::Pass),
        "ap" | "allpass" | "allpasses" => CallToken::AllPass,
        "d" | "x" | "dbl" | "db" | "double" | "dble" => CallToken::Call(Call::Double),
        "r" | "xx" | "rdbl" | "rd" | "redouble" | "redbl" | "rdble" | "re" => {
            CallToken::Call(Call::Redouble)
        }
        _ => return Err(None),
    };
    let spelling = match understood {
        CallToken::Call(call) => call.to_string(),
        CallToken::AllPass => "AP".to_string(),
        CallToken::Placeholder => "-".to_string(),
    };
    Err(Some((understood, spelling)))
}

/// One call of the auction as the file gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuctionEntry {
    /// Who made the call; `None` when neither the Auction tag nor the Dealer says who called first.
    pub seat: Option<Seat>,
    /// The call (for a non-standard spelling: its probable meaning).
    pub call: Call,
    /// The range of the call token.
    pub range: TextRange,
    /// Whether the call was spelled as PBN allows.
    pub standard_spelling: bool,
    /// Whether the call was legal at that point (a condoned `^I` bid counts as legal).
    pub legal: bool,
    /// The irregularity marks before it.
    pub marks: Vec<Mark>,
    /// The annotations after it.
    pub annotations: Annotations,
}

/// A turn skipped with `^S`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SkippedTurn {
    /// Whose turn was skipped, when the seats are known.
    pub seat: Option<Seat>,
    /// The range of the `^S`.
    pub range: TextRange,
}

/// The auction section read into bridge terms, for the checks, hover, completion and formatting.
#[derive(Debug, Clone)]
pub struct AuctionModel {
    /// The seat of the Auction tag (the first column), when readable.
    pub first_seat: Option<Seat>,
    /// The range of the Auction tag's value (between the quotes), if it has one.
    pub tag_value_range: Option<TextRange>,
    /// Who made the first real call (the first column shifted by the `-` placeholders); when the
    /// Auction tag is unreadable, the Dealer.
    pub dealer: Option<Seat>,
    /// The ranges of the leading `-` placeholders.
    pub placeholders: Vec<TextRange>,
    /// The calls in order, including illegal ones and any after the end.
    pub calls: Vec<AuctionEntry>,
    /// Turns skipped with `^S`.
    pub skipped: Vec<SkippedTurn>,
    /// The `AP` token, if the auction ends with one (its passes are not listed in `calls`).
    pub all_pass: Option<TextRange>,
    /// The annotations after `AP`, if any.
    pub all_pass_annotations: Annotations,
    /// The `*` (no further calls will be given), if present.
    pub star: Option<TextRange>,
    /// The `+` (to be continued), if present.
    pub plus: Option<TextRange>,
    /// Whether the auction has ended (three passes after a bid, four passes, or `AP`).
    pub finished: bool,
    /// Whether it ended with four passes and no bid.
    pub passed_out: bool,
    /// The final contract of a finished auction that was not passed out.
    pub contract: Option<Contract>,
    /// The declarer of that contract, when the seats are known.
    pub declarer: Option<Seat>,
    state: bridge::Auction,
    seats_known: bool,
}

impl AuctionModel {
    /// The bridge auction as followed (seats counted from North when they are unknown).
    pub fn auction(&self) -> &bridge::Auction {
        &self.state
    }

    /// Who calls next, when the auction is still open and the seats are known.
    pub fn next_to_call(&self) -> Option<Seat> {
        (self.seats_known && self.is_open()).then(|| self.state.next_to_call())
    }

    /// Whether more calls may follow: not ended and not closed with `*`.
    pub fn is_open(&self) -> bool {
        !self.finished && self.star.is_none()
    }

    /// The calls that are legal next (Pass, X and XX when allowed, then every sufficient bid);
    /// empty when the auction has ended or was closed with `*`.
    pub fn legal_next_calls(&self) -> Vec<Call> {
        if self.is_open() {
            self.state.legal_calls()
        } else {
            Vec::new()
        }
    }

    /// The call at `offset` (a position inside its token), if there is one.
    pub fn call_at(&self, offset: crate::syntax::TextSize) -> Option<&AuctionEntry> {
        self.calls
            .iter()
            .find(|c| c.range.contains_inclusive(offset))
    }
}

fn who(seat: Option<Seat>) -> String {
    seat.map_or_else(|| "the player".to_string(), |s| s.name().to_string())
}

fn capitalised(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

fn call_error_message(err: CallError, seat: Option<Seat>, state: &bridge::Auction) -> String {
    let caller = who(seat);
    let last = state
        .last_bid()
        .map(|(_, b)| b.symbolic())
        .unwrap_or_default();
    let message = match err {
        CallError::Insufficient { .. } => {
            format!("{err}; write `^I` before it if the opponents accepted the insufficient bid")
        }
        CallError::DoubleWithoutBid => format!("{caller} doubles, but nobody has bid yet"),
        CallError::DoubleOfPartner => format!("{caller} doubles partner's {last}"),
        CallError::DoubleOfDoubled => format!("{caller} doubles {last}, which is already doubled"),
        CallError::RedoubleWithoutDouble if state.last_bid().is_none() => {
            format!("{caller} redoubles, but nobody has bid yet")
        }
        CallError::RedoubleWithoutDouble => {
            format!("{caller} redoubles, but {last} has not been doubled")
        }
        CallError::RedoubleOfOwnDouble => {
            format!("{caller} redoubles partner's double of {last}")
        }
        CallError::RedoubleOfRedoubled => {
            format!("{caller} redoubles {last}, which is already redoubled")
        }
        CallError::AfterEnd => "the auction has already ended".to_string(),
    };
    capitalised(message)
}

fn error_code(err: CallError) -> &'static str {
    match err {
        CallError::Insufficient { .. } => "A302",
        CallError::DoubleWithoutBid | CallError::DoubleOfPartner | CallError::DoubleOfDoubled => {
            "A303"
        }
        CallError::RedoubleWithoutDouble
        | CallError::RedoubleOfOwnDouble
        | CallError::RedoubleOfRedoubled => "A304",
        CallError::AfterEnd => "A305",
    }
}

/// The Auction tag's seat and the range of its value.
fn tag_seat(section: &ast::Section) -> (Option<Seat>, Option<TextRange>) {
    let Some((raw, range)) = section.tag().and_then(|t| t.raw_value()) else {
        return (None, None);
    };
    let seat = read_seat(ast::unescape(&raw).trim()).map(|r| r.value);
    (seat, Some(range))
}

/// Whether a tag value says "unknown" or "not applicable" (or inherits), so it is not compared.
pub(crate) fn is_vacant(text: &str) -> bool {
    let t = text.trim();
    t.is_empty() || t == "?" || t.starts_with('#')
}

/// Reads the auction section, reports family A and G problems, and returns the model.
pub fn check_auction(
    section: &ast::Section,
    ctx: &GameContext,
    out: &mut Vec<Diagnostic>,
) -> AuctionModel {
    let (first_seat, tag_value_range) = tag_seat(section);
    let items = section.items();

    // Leading `-` placeholders (annotations on them are still checked).
    let mut placeholders = Vec::new();
    let mut index = 0;
    while let Some(item) = items.get(index) {
        if item.token.kind() == SyntaxKind::CALL
            && item.token.text() == "-"
            && item.marks.is_empty()
        {
            read_annotations(item, false, out);
            placeholders.push(item.token.text_range());
            index += 1;
        } else {
            break;
        }
    }
    let count = placeholders.len();

    if let (Some(seat), Some(dealer), Some(range)) = (first_seat, ctx.dealer, tag_value_range) {
        let needed = (dealer.index() + 4 - seat.index()) % 4;
        if needed != count {
            let mut d = Diagnostic::new(
                "A307",
                range,
                format!(
                    "the auction starts in {}'s column and the dealer is {}, so {} `-` placeholder{} should come before the first call, not {}",
                    seat.name(),
                    dealer.name(),
                    needed,
                    if needed == 1 { "" } else { "s" },
                    count
                ),
            );
            if count == 0 {
                d = d.with_unsafe_fix(
                    format!("Start the auction with the dealer, {}", dealer.name()),
                    range,
                    dealer.letter().to_string(),
                );
            }
            out.push(d);
        }
    }

    let dealer = match first_seat {
        Some(seat) => Some(seat.offset(count)),
        None => ctx.dealer,
    };
    let seats_known = dealer.is_some();
    let mut state = bridge::Auction::new(dealer.unwrap_or(Seat::North));
    let seat_now = |state: &bridge::Auction| seats_known.then(|| state.next_to_call());

    let mut model_calls: Vec<AuctionEntry> = Vec::new();
    let mut skipped = Vec::new();
    let mut all_pass = None;
    let mut all_pass_annotations = Annotations::default();
    let mut star: Option<TextRange> = None;
    let mut plus: Option<TextRange> = None;
    let mut after_end_reported = false;
    let mut skip_next = false;
    let mut last_call_range: Option<TextRange> = None;

    let rest = items.get(index..).unwrap_or(&[]);
    for (position, item) in rest.iter().enumerate() {
        let token = &item.token;
        let range = token.text_range();
        if std::mem::take(&mut skip_next) {
            continue;
        }
        match token.kind() {
            SyntaxKind::STAR | SyntaxKind::PLUS => {
                let is_star = token.kind() == SyntaxKind::STAR;
                let other = if is_star { plus } else { star };
                let same = if is_star { star } else { plus };
                let call_follows = rest.get(position + 1..).is_some_and(|later| {
                    later.iter().any(|i| {
                        i.token.kind() == SyntaxKind::CALL
                            || (i.token.kind() == SyntaxKind::IRREGULARITY
                                && i.token.text() == "^S")
                    })
                });
                if call_follows {
                    let what = if is_star {
                        "`*` ends the auction section"
                    } else {
                        "`+` stands for the next call"
                    };
                    let glued = last_call_range.is_some_and(|c| c.end() == range.start());
                    let hint = if is_star && glued {
                        "; to mark an alert, refer to a note such as `=1=`"
                    } else {
                        ""
                    };
                    out.push(Diagnostic::new(
                        "A312",
                        range,
                        format!("{what}, so it must come after the last call{hint}"),
                    ));
                } else if let Some(first) = same {
                    out.push(
                        Diagnostic::new(
                            "A312",
                            range,
                            format!("`{}` is given twice", token.text()),
                        )
                        .with_related(first, "the first one"),
                    );
                } else if other.is_some() {
                    out.push(Diagnostic::new(
                        "A312",
                        range,
                        "`*` (no more calls) and `+` (to be continued) cannot both end the auction",
                    ));
                } else if !is_star && state.is_finished() {
                    out.push(Diagnostic::new(
                        "A312",
                        range,
                        "`+` stands for the next call, but the auction has already ended",
                    ));
                }
                if is_star {
                    star.get_or_insert(range);
                } else {
                    plus.get_or_insert(range);
                }
            }
            SyntaxKind::IRREGULARITY => {
                // A mark with no call after it: `^S` skips a turn, the others are dangling.
                let next_is_call = rest
                    .get(position + 1)
                    .is_some_and(|next| next.token.kind() == SyntaxKind::CALL);
                if token.text() == "^S" {
                    if !next_is_call {
                        out.push(Diagnostic::new(
                            "A311",
                            range,
                            "`^S` marks a turn skipped by a call out of rotation, but no call follows it",
                        ));
                    }
                    if state.is_finished() {
                        if !after_end_reported {
                            after_end_reported = true;
                            out.push(Diagnostic::new(
                                "A305",
                                range,
                                "a skipped turn after the auction has ended",
                            ));
                        }
                    } else {
                        skipped.push(SkippedTurn {
                            seat: seat_now(&state),
                            range,
                        });
                        state.skip_turn();
                    }
                } else {
                    out.push(Diagnostic::new(
                        "A311",
                        range,
                        format!("`{}` is not followed by a call", token.text()),
                    ));
                }
            }
            SyntaxKind::CALL => {
                let marks = read_marks(item);
                let annotations = read_annotations(item, false, out);
                for mark in &marks {
                    if matches!(
                        mark.kind,
                        Irregularity::Revoke | Irregularity::LeadOutOfTurn
                    ) {
                        out.push(Diagnostic::new(
                            "A311",
                            mark.range,
                            format!(
                                "`{}` marks an irregularity of the play, not of the auction",
                                mark.kind.pbn()
                            ),
                        ));
                    }
                }
                let text = token.text();
                // `all pass` written as two words.
                let pass_after = rest.get(position + 1).filter(|next| {
                    next.marks.is_empty()
                        && next.token.kind() == SyntaxKind::CALL
                        && next.token.text().eq_ignore_ascii_case("pass")
                });
                if let (true, Some(next)) = (text.eq_ignore_ascii_case("all"), pass_after) {
                    let both = range.cover(next.token.text_range());
                    out.push(
                        Diagnostic::new(
                            "A301",
                            both,
                            "`all pass` is not a PBN call; `AP` was probably meant",
                        )
                        .with_fix(
                            "Replace `all pass` with `AP`",
                            both,
                            "AP",
                        ),
                    );
                    skip_next = true;
                    last_call_range = Some(both);
                    all_pass_annotations = read_annotations(next, false, out);
                    if state.is_finished() {
                        if !after_end_reported {
                            after_end_reported = true;
                            out.push(Diagnostic::new(
                                "A305",
                                both,
                                "`all pass` comes after the auction has already ended",
                            ));
                        }
                    } else {
                        all_pass.get_or_insert(both);
                        finish_with_passes(&mut state);
                    }
                    continue;
                }
                let (meaning, standard) = match parse_call(text) {
                    Ok(meaning) => (meaning, true),
                    Err(Some((meaning, spelling))) => {
                        out.push(
                            Diagnostic::new(
                                "A301",
                                range,
                                format!(
                                    "`{text}` is not a PBN call; `{spelling}` was probably meant"
                                ),
                            )
                            .with_fix(
                                format!("Replace `{text}` with `{spelling}`"),
                                range,
                                spelling,
                            ),
                        );
                        (meaning, false)
                    }
                    Err(None) => {
                        let hint = if text == "-" {
                            "`-` only stands before the dealer's first call, for the players before the dealer"
                        } else {
                            "a call is Pass, X, XX, AP or a bid such as 1NT or 4S"
                        };
                        out.push(Diagnostic::new(
                            "A301",
                            range,
                            format!("`{text}` is not a call: {hint}"),
                        ));
                        continue;
                    }
                };
                last_call_range = Some(range);
                let condoned = marks.iter().find(|m| m.kind == Irregularity::Insufficient);
                match meaning {
                    CallToken::Placeholder => {
                        out.push(Diagnostic::new(
                            "A301",
                            range,
                            "`-` only stands before the dealer's first call, for the players before the dealer",
                        ));
                    }
                    CallToken::AllPass => {
                        all_pass_annotations = annotations;
                        if let Some(mark) = condoned {
                            out.push(Diagnostic::new(
                                "A311",
                                mark.range,
                                "`^I` marks an insufficient bid, but `AP` is no bid",
                            ));
                        }
                        if state.is_finished() {
                            if !after_end_reported {
                                after_end_reported = true;
                                out.push(Diagnostic::new(
                                    "A305",
                                    range,
                                    "`AP` comes after the auction has already ended",
                                ));
                            }
                        } else {
                            all_pass.get_or_insert(range);
                            finish_with_passes(&mut state);
                        }
                    }
                    CallToken::Call(call) => {
                        let seat = seat_now(&state);
                        let verdict = state.check(call);
                        if let Some(mark) = condoned {
                            let needless = match (call, verdict) {
                                (Call::Bid(_), Err(CallError::Insufficient { .. })) => None,
                                (Call::Bid(bid), _) => Some(format!(
                                    "`^I` marks an insufficient bid, but {} is sufficient",
                                    bid.symbolic()
                                )),
                                (other, _) => Some(format!(
                                    "`^I` marks an insufficient bid, but {} is no bid",
                                    other.symbolic()
                                )),
                            };
                            if let Some(message) = needless {
                                out.push(
                                    Diagnostic::new("A311", mark.range, message).with_unsafe_fix(
                                        "Remove the `^I`",
                                        mark.range,
                                        "",
                                    ),
                                );
                            }
                        }
                        let verdict = if condoned.is_some() {
                            state.push_condoned(call)
                        } else {
                            state.push(call)
                        };
                        if let Err(err) = verdict {
                            if err == CallError::AfterEnd {
                                if !after_end_reported {
                                    after_end_reported = true;
                                    out.push(Diagnostic::new(
                                        "A305",
                                        range,
                                        format!(
                                            "{} comes after the auction has already ended",
                                            call.symbolic()
                                        ),
                                    ));
                                }
                            } else {
                                out.push(Diagnostic::new(
                                    error_code(err),
                                    range,
                                    call_error_message(err, seat, &state),
                                ));
                            }
                        }
                        model_calls.push(AuctionEntry {
                            seat,
                            call,
                            range,
                            standard_spelling: standard,
                            legal: verdict.is_ok(),
                            marks,
                            annotations,
                        });
                    }
                }
            }
            // Stray text is reported by the parser (S003); annotations before any call have
            // nothing to annotate.
            SyntaxKind::SUFFIX | SyntaxKind::NOTE_REF | SyntaxKind::NAG => {
                out.push(Diagnostic::new(
                    "A301",
                    range,
                    format!(
                        "`{}` annotates nothing: it must follow a call",
                        token.text()
                    ),
                ));
            }
            _ => {}
        }
    }

    let finished = state.is_finished();
    if !finished && star.is_none() && plus.is_none() {
        let (range, message) = match last_call_range {
            Some(range) => (
                range,
                "the auction stops before it has ended; add the missing calls, or `*` if no more will be given, or `+` if it is to be continued",
            ),
            None => (
                placeholders
                    .last()
                    .copied()
                    .or(tag_value_range)
                    .unwrap_or_else(|| section.syntax().text_range()),
                "the auction section gives no calls; add them, or `*` if none will be given",
            ),
        };
        out.push(Diagnostic::new("A306", range, message));
    }

    let model = AuctionModel {
        first_seat,
        tag_value_range,
        dealer,
        placeholders,
        calls: model_calls,
        skipped,
        all_pass,
        all_pass_annotations,
        star,
        plus,
        finished,
        passed_out: state.is_passed_out(),
        contract: state.final_contract(),
        declarer: if seats_known { state.declarer() } else { None },
        state,
        seats_known,
    };
    compare_with_tags(&model, ctx, out);
    model
}

/// Passes until the auction ends (what `AP` stands for).
fn finish_with_passes(state: &mut bridge::Auction) {
    for _ in 0..4 {
        if state.is_finished() {
            break;
        }
        let _ = state.push(Call::Pass);
    }
}

/// A308–A310: the Contract, Declarer and Result tags against a finished auction.
fn compare_with_tags(model: &AuctionModel, ctx: &GameContext, out: &mut Vec<Diagnostic>) {
    if !model.finished {
        return;
    }
    if model.passed_out {
        if let Some(tag) = ctx.contract.as_ref().filter(|t| !is_vacant(&t.text)) {
            let passed = matches!(
                read_contract(tag.text.trim()).map(|r| r.value),
                Some(ContractValue::Passed)
            );
            if !passed {
                out.push(
                    Diagnostic::new(
                        "A310",
                        tag.range,
                        format!(
                            "the auction was passed out, but the Contract is `{}`",
                            tag.text
                        ),
                    )
                    .with_unsafe_fix(
                        "Set the Contract to `Pass`",
                        tag.range,
                        "Pass",
                    ),
                );
            }
        }
        for (tag, name) in [(&ctx.declarer, "Declarer"), (&ctx.result, "Result")] {
            if let Some(tag) = tag.as_ref().filter(|t| !is_vacant(&t.text)) {
                out.push(
                    Diagnostic::new(
                        "A310",
                        tag.range,
                        format!(
                            "the auction was passed out, so the {name} should be empty, not `{}`",
                            tag.text
                        ),
                    )
                    .with_unsafe_fix(
                        format!("Empty the {name}"),
                        tag.range,
                        "",
                    ),
                );
            }
        }
        return;
    }
    let Some(contract) = model.contract else {
        return;
    };
    if let Some(tag) = ctx.contract.as_ref().filter(|t| !is_vacant(&t.text)) {
        if let Some(reading) = read_contract(tag.text.trim()) {
            let agrees = match reading.value {
                ContractValue::Contract(c) => c == contract,
                ContractValue::TrumpOnly(d) => d == contract.denomination(),
                ContractValue::Passed => false,
            };
            if !agrees {
                out.push(
                    Diagnostic::new(
                        "A308",
                        tag.range,
                        format!(
                            "the auction ends in {}, but the Contract is `{}`",
                            contract.symbolic(),
                            tag.text
                        ),
                    )
                    .with_unsafe_fix(
                        format!("Set the Contract to `{contract}`"),
                        tag.range,
                        contract.to_string(),
                    ),
                );
            }
        }
    }
    let Some(declarer) = model.declarer else {
        return;
    };
    if let Some(tag) = ctx.declarer.as_ref().filter(|t| !is_vacant(&t.text)) {
        let text = tag.text.trim();
        let (swapped, seat_text) = match text.strip_prefix('^') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        if let Some(seat) = read_seat(seat_text).map(|r| r.value) {
            // With `^` declarer and dummy were swapped, so either of the pair is fine.
            let agrees = seat == declarer || (swapped && seat == declarer.partner());
            if !agrees {
                let expected = if swapped {
                    format!("^{}", declarer.partner().letter())
                } else {
                    declarer.letter().to_string()
                };
                out.push(
                    Diagnostic::new(
                        "A309",
                        tag.range,
                        format!(
                            "the auction makes {} declarer of {} (the first of the side to bid {}), but the Declarer is `{}`",
                            declarer.name(),
                            contract.symbolic(),
                            contract.denomination().name(),
                            tag.text
                        ),
                    )
                    .with_unsafe_fix(format!("Set the Declarer to `{expected}`"), tag.range, expected),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast::Game;
    use crate::syntax::Parse;

    fn call(text: &str) -> Result<CallToken, Option<(CallToken, String)>> {
        parse_call(text)
    }

    fn bid(level: u8, d: Denomination) -> CallToken {
        CallToken::Call(Call::Bid(Bid::new(level, d).expect("bid")))
    }

    #[test]
    fn call_spellings() {
        assert_eq!(call("Pass"), Ok(CallToken::Call(Call::Pass)));
        assert_eq!(call("pass"), Ok(CallToken::Call(Call::Pass)));
        assert_eq!(call("ap"), Ok(CallToken::AllPass));
        assert_eq!(call("xx"), Ok(CallToken::Call(Call::Redouble)));
        assert_eq!(call("1nt"), Ok(bid(1, Denomination::NoTrump)));
        assert_eq!(call("7C"), Ok(bid(7, Denomination::Clubs)));
        assert_eq!(call("-"), Ok(CallToken::Placeholder));
        assert_eq!(
            call("3N"),
            Err(Some((bid(3, Denomination::NoTrump), "3NT".to_string())))
        );
        assert_eq!(
            call("1Nt"),
            Err(Some((bid(1, Denomination::NoTrump), "1NT".to_string())))
        );
        assert_eq!(
            call("PASS"),
            Err(Some((CallToken::Call(Call::Pass), "Pass".to_string())))
        );
        assert_eq!(
            call("Rdbl"),
            Err(Some((CallToken::Call(Call::Redouble), "XX".to_string())))
        );
        assert_eq!(call("8S"), Err(None));
        assert_eq!(call("0C"), Err(None));
        assert_eq!(call("1Z"), Err(None));
        assert_eq!(call("relay"), Err(None));
    }

    #[test]
    fn suffixes_map_to_nags() {
        let suffix = |t: &str| Suffix {
            text: t.to_string(),
            range: TextRange::default(),
        };
        assert_eq!(suffix("!!").nag(false), Some(3));
        assert_eq!(suffix("?!").nag(true), Some(12));
        assert_eq!(suffix("x").nag(true), None);
        assert_eq!(saturating_number("=12="), 12);
        assert_eq!(saturating_number("$99999999999999"), u32::MAX);
    }

    fn run(dealer: &str, auction_seat: &str, calls: &str) -> (AuctionModel, Vec<Diagnostic>) {
        let text = format!("[Dealer \"{dealer}\"]\n[Auction \"{auction_seat}\"]\n{calls}\n");
        let parse = Parse::new(&text);
        let game = parse
            .syntax()
            .children()
            .find_map(Game::cast)
            .expect("game");
        let section = game.sections().next().expect("section");
        let ctx = GameContext {
            dealer: read_seat(dealer).map(|r| r.value),
            ..GameContext::default()
        };
        let mut out = Vec::new();
        let model = check_auction(&section, &ctx, &mut out);
        (model, out)
    }

    #[test]
    fn model_of_a_competitive_auction() {
        let (model, out) = run("E", "N", "- 1H ! =1= 2C $200 2S\n3C X XX Pass\nPass Pass");
        assert!(out.is_empty(), "{out:#?}");
        assert_eq!(model.dealer, Some(Seat::East));
        assert_eq!(model.calls[0].seat, Some(Seat::East));
        assert_eq!(model.calls[0].annotations.note.map(|n| n.index), Some(1));
        assert_eq!(
            model.calls[0]
                .annotations
                .suffix
                .as_ref()
                .map(|s| s.text.as_str()),
            Some("!")
        );
        assert_eq!(model.calls[1].annotations.nags[0].value, 200);
        assert!(model.finished && !model.passed_out);
        assert_eq!(
            model.contract.map(|c| c.to_string()).as_deref(),
            Some("3CXX")
        );
        assert_eq!(model.declarer, Some(Seat::South));
        assert_eq!(model.next_to_call(), None);
    }

    #[test]
    fn unknown_seats_still_check_the_calls() {
        let (model, out) = run("?", "?", "1S Pass Pass X");
        assert_eq!(model.dealer, None);
        assert_eq!(model.calls[3].seat, None);
        assert_eq!(out.len(), 1, "{out:#?}");
        assert_eq!(out[0].code, "A306");
        assert_eq!(model.next_to_call(), None);
        // Over the double, the redouble is possible.
        assert!(model.legal_next_calls().contains(&Call::Redouble));
    }

    #[test]
    fn condoned_and_skipped() {
        // West deals; North calls out of rotation, then East bids an accepted insufficient 1C.
        let (model, out) = run("W", "W", "^S 1D ^I 1C Pass\nPass Pass");
        assert!(out.is_empty(), "{out:#?}");
        assert_eq!(model.skipped.len(), 1);
        assert_eq!(model.calls[1].seat, Some(Seat::East));
        assert!(model.calls[1].legal);
        assert_eq!(model.contract.map(|c| c.to_string()).as_deref(), Some("1C"));
        assert_eq!(model.declarer, Some(Seat::East));
    }
}
