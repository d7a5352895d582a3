//! Reading an Auction section into an [`AuctionModel`]: its calls with their seats, marks and
//! annotations, followed with [`bridge::Auction`] so that each call knows whether it was legal
//! where it stands.
//!
//! The problems of reading (a spelling PBN does not allow, a mark or annotation with nothing to
//! stand on, `*` and `+` out of place) are reported here; whether the calls were legal, and
//! whether the auction agrees with the tags, is judged by `analysis::auction` from the model.
//! Spellings real files use instead of PBN's (`P`, `1N`, `Dbl`) are read with their probable
//! meaning.

use super::annotations::{read_annotations, read_marks, Annotations, Mark};
use super::irregularity::Irregularity;
use super::misreading::{AuctionMisreading, Misreading, SectionMisreading};
use super::section::{EndMarks, SectionHead};
use super::source_map::SectionKind;
use crate::bridge::{self, Bid, Call, CallError, Contract, Denomination, Seat};
use crate::model::written::{calls_end, followed, placed, CallItem, CallKind};
use crate::syntax::pbn::ast::{self, SectionItem};
use crate::syntax::{SyntaxKind, TextRange};

/// What was given after the auction had ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterEnd {
    /// A `^S` skipped turn.
    SkippedTurn,
    /// `all pass` in two words.
    AllPassWords,
    /// `AP`.
    AllPass,
    /// A call.
    Call(Call),
}

/// What a call token says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CallToken {
    /// A call.
    Call(Call),
    /// `AP`: all pass.
    AllPass,
    /// `-`: a player before the dealer.
    Placeholder,
}

/// Reads a call token. `Ok` for a legal spelling (upper or lower case as chapter 3.11 allows);
/// `Err(Some((meaning, spelling)))` for an understood non-standard one; `Err(None)` otherwise.
pub(crate) fn read_call(text: &str) -> Result<CallToken, Option<(CallToken, String)>> {
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
    /// Why the call was not legal where it stands (`None` for a legal or condoned call).
    pub error: Option<CallError>,
    /// Whether the call would have been an insufficient bid without a `^I` (so the mark is
    /// needed).
    pub insufficient: bool,
    /// The last bid before the call (what a double or an insufficient bid is about).
    pub bid_before: Option<Bid>,
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
    /// The Auction tag (its seat is the first column's) and where the section stands.
    pub head: SectionHead,
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
    /// Who made each of the passes `AP` stands for (`None` when the seats are unknown).
    pub all_pass_seats: Vec<Option<Seat>>,
    /// The `*` and `+` that close the section.
    pub end: EndMarks,
    /// Whether the auction has ended (three passes after a bid, four passes, or `AP`).
    pub finished: bool,
    /// Whether it ended with four passes and no bid.
    pub passed_out: bool,
    /// The final contract of a finished auction that was not passed out.
    pub contract: Option<Contract>,
    /// The declarer of that contract, when the seats are known.
    pub declarer: Option<Seat>,
    /// The range of the last call read (for `all pass` written as two words, both words).
    pub last_call_range: Option<TextRange>,
    /// The first thing given after the auction had ended, if any.
    pub after_end: Option<(TextRange, AfterEnd)>,
    /// What is written that the auction is not followed through, kept as written: an all pass
    /// after the auction has ended, and what another notation's record writes past where its
    /// auction is followed to (from a quiz point `Y` on, or after an all pass). Conversion and
    /// the preview write it.
    pub unfollowed: Vec<CallItem>,
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
        !self.finished && self.end.star.is_none()
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

    /// The calls as written, in order, each with its annotation: the calls read (after the end
    /// too), the all pass, and what is written past where the auction is followed: what
    /// conversion and the preview write.
    pub fn written(&self) -> Vec<CallItem> {
        let mut out = Vec::with_capacity(self.calls.len() + 1 + self.unfollowed.len());
        for entry in &self.calls {
            let mut annotation = entry.annotations.written();
            annotation.marks = entry.marks.iter().map(|m| m.kind).collect();
            out.push(CallItem {
                kind: CallKind::Call(entry.call),
                annotation,
                origin: placed(entry.annotations.extent(entry.range)),
            });
        }
        if let Some(all_pass) = self.all_pass {
            out.push(CallItem {
                kind: CallKind::AllPass,
                annotation: self.all_pass_annotations.written(),
                origin: placed(self.all_pass_annotations.extent(all_pass)),
            });
        }
        out.extend(self.unfollowed.iter().cloned());
        out
    }

    /// The call at `offset` (a position inside its token), if there is one.
    pub fn call_at(&self, offset: crate::syntax::TextSize) -> Option<&AuctionEntry> {
        self.calls
            .iter()
            .find(|c| c.range.contains_inclusive(offset))
    }
}

/// Reads an Auction section; `dealer` is the Dealer tag's seat (used when the Auction tag gives
/// none), recording the problems of reading in `out`.
pub fn lower_auction(
    section: &ast::Section,
    dealer: Option<Seat>,
    out: &mut Vec<Misreading>,
) -> AuctionModel {
    let head = SectionHead::read(section);
    let green = section.syntax().green();
    let items = section.items(&green);

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
    let dealer = match head.seat {
        Some(seat) => Some(seat.offset(placeholders.len())),
        None => dealer,
    };
    let mut reader = AuctionReader::new(dealer, items.len().saturating_sub(index));
    reader.read(items.get(index..).unwrap_or(&[]), out);
    reader.finish(head, placeholders)
}

/// Reads the auction another notation writes, whose calls are read already (each placed at
/// its origin, or at `range`, the whole auction's, when it has none), as the checks read the
/// Auction section of its PBN image: from the `dealer` (with where it is given, where the
/// image's Auction tag stands; the seats are unknown without one), up to `AP` or a quiz point
/// (`Y`), closed with `*` when the calls stop before the auction ends.
pub(crate) fn lower_written_auction(
    calls: &[CallItem],
    dealer: Option<(Seat, Option<TextRange>)>,
    range: TextRange,
    out: &mut Vec<Misreading>,
) -> AuctionModel {
    let dealer_origin = dealer.and_then(|(_, origin)| origin);
    let dealer = dealer.map(|(seat, _)| seat);
    let mut reader = AuctionReader::new(dealer, calls.len());
    let mut ended = false;
    let followed = followed(calls);
    for item in followed {
        let at = item.origin.unwrap_or(range);
        let meaning = match item.kind {
            CallKind::Call(call) => CallToken::Call(call),
            CallKind::AllPass => {
                ended = true;
                CallToken::AllPass
            }
            // Not among the calls followed.
            CallKind::Query => break,
        };
        let annotations = Annotations::of_record(&item.annotation, at);
        reader.follow(meaning, at, true, Vec::new(), annotations, out);
    }
    if !ended && !calls_end(calls) {
        reader.end.star = Some(range);
    }
    let head = SectionHead {
        seat: dealer,
        value_range: Some(dealer_origin.unwrap_or(range)),
        tag_range: dealer_origin.unwrap_or(range),
        range,
    };
    let mut model = reader.finish(head, Vec::new());
    model.unfollowed.extend_from_slice(&calls[followed.len()..]);
    model
}

/// The state of reading an auction's calls in order.
struct AuctionReader {
    state: bridge::Auction,
    seats_known: bool,
    calls: Vec<AuctionEntry>,
    skipped: Vec<SkippedTurn>,
    all_pass: Option<TextRange>,
    all_pass_annotations: Annotations,
    all_pass_seats: Vec<Option<Seat>>,
    end: EndMarks,
    after_end: Option<(TextRange, AfterEnd)>,
    last_call_range: Option<TextRange>,
    unfollowed: Vec<CallItem>,
}

impl AuctionReader {
    /// A reader of `items` items at the most (sized once: an entry is large and the vector
    /// grew three or four times in a usual auction).
    fn new(dealer: Option<Seat>, items: usize) -> AuctionReader {
        AuctionReader {
            state: bridge::Auction::new(dealer.unwrap_or(Seat::North)),
            seats_known: dealer.is_some(),
            calls: Vec::with_capacity(items),
            skipped: Vec::new(),
            all_pass: None,
            all_pass_annotations: Annotations::default(),
            all_pass_seats: Vec::new(),
            end: EndMarks::default(),
            after_end: None,
            last_call_range: None,
            unfollowed: Vec::new(),
        }
    }

    /// Who calls now, when the seats are known.
    fn seat_now(&self) -> Option<Seat> {
        self.seats_known.then(|| self.state.next_to_call())
    }

    /// Notes something given after the end (only the first is kept).
    fn after_end(&mut self, range: TextRange, what: AfterEnd) {
        self.after_end.get_or_insert((range, what));
    }

    /// Reads the items after the placeholders.
    fn read(&mut self, rest: &[SectionItem], out: &mut Vec<Misreading>) {
        let mut skip_next = false;
        for (position, item) in rest.iter().enumerate() {
            if std::mem::take(&mut skip_next) {
                continue;
            }
            let token = &item.token;
            let range = token.text_range();
            match token.kind() {
                SyntaxKind::STAR | SyntaxKind::PLUS => {
                    self.end_mark(item, &rest[position + 1..], out)
                }
                SyntaxKind::IRREGULARITY => {
                    // Skipped turns run on (`1D ^S ^S 2D`: two players skipped, as the
                    // standard's own example has it): the call that skips them comes after all.
                    let next_is_call = rest[position + 1..]
                        .iter()
                        .find(|next| {
                            !(next.token.kind() == SyntaxKind::IRREGULARITY
                                && next.token.text() == "^S")
                        })
                        .is_some_and(|next| next.token.kind() == SyntaxKind::CALL);
                    self.lone_mark(item, next_is_call, out);
                }
                SyntaxKind::CALL => {
                    // `all pass` written as two words.
                    let pass_after = rest.get(position + 1).filter(|next| {
                        next.marks.is_empty()
                            && next.token.kind() == SyntaxKind::CALL
                            && next.token.text().eq_ignore_ascii_case("pass")
                    });
                    match pass_after {
                        Some(next) if token.text().eq_ignore_ascii_case("all") => {
                            self.all_pass_words(item, next, out);
                            skip_next = true;
                        }
                        _ => self.call(item, out),
                    }
                }
                // Stray text is reported by the parser (S003); annotations before any call have
                // nothing to annotate.
                SyntaxKind::SUFFIX | SyntaxKind::NOTE_REF | SyntaxKind::NAG => {
                    out.push(Misreading::Section {
                        section: SectionKind::Auction,
                        problem: SectionMisreading::StrayAnnotation {
                            range,
                            text: token.text().to_string(),
                        },
                    });
                }
                _ => {}
            }
        }
    }

    /// `*` (no more calls) or `+` (to be continued): both close the section.
    fn end_mark(&mut self, item: &SectionItem, later: &[SectionItem], out: &mut Vec<Misreading>) {
        let token = &item.token;
        let range = token.text_range();
        let is_star = token.kind() == SyntaxKind::STAR;
        let other = if is_star {
            self.end.plus
        } else {
            self.end.star
        };
        let same = if is_star {
            self.end.star
        } else {
            self.end.plus
        };
        let call_follows = later.iter().any(|i| {
            i.token.kind() == SyntaxKind::CALL
                || (i.token.kind() == SyntaxKind::IRREGULARITY && i.token.text() == "^S")
        });
        if call_follows {
            let glued = self
                .last_call_range
                .is_some_and(|c| c.end() == range.start());
            out.push(
                AuctionMisreading::EndMarkBeforeCall {
                    range,
                    star: is_star,
                    glued,
                }
                .into(),
            );
        } else if let Some(first) = same {
            out.push(Misreading::Section {
                section: SectionKind::Auction,
                problem: SectionMisreading::EndMarkTwice {
                    range,
                    first,
                    star: is_star,
                },
            });
        } else if other.is_some() {
            out.push(Misreading::Section {
                section: SectionKind::Auction,
                problem: SectionMisreading::StarAndPlus { range },
            });
        } else if !is_star && self.state.is_finished() {
            out.push(AuctionMisreading::PlusAfterEnd { range }.into());
        }
        if is_star {
            self.end.star.get_or_insert(range);
        } else {
            self.end.plus.get_or_insert(range);
        }
    }

    /// A mark with no call after it: `^S` skips a turn, the others are dangling.
    fn lone_mark(&mut self, item: &SectionItem, next_is_call: bool, out: &mut Vec<Misreading>) {
        let range = item.token.text_range();
        if item.token.text() != "^S" {
            out.push(
                AuctionMisreading::LoneMark {
                    range,
                    text: item.token.text().to_string(),
                }
                .into(),
            );
            return;
        }
        if !next_is_call {
            out.push(AuctionMisreading::SkipWithoutCall { range }.into());
        }
        if self.state.is_finished() {
            self.after_end(range, AfterEnd::SkippedTurn);
        } else {
            self.skipped.push(SkippedTurn {
                seat: self.seat_now(),
                range,
            });
            self.state.skip_turn();
        }
    }

    /// `all pass` in two words: read as `AP`.
    fn all_pass_words(
        &mut self,
        item: &SectionItem,
        next: &SectionItem,
        out: &mut Vec<Misreading>,
    ) {
        read_marks_of_call(item, out);
        read_annotations(item, false, out);
        let both = item.token.text_range().cover(next.token.text_range());
        out.push(AuctionMisreading::AllPassWords { range: both }.into());
        self.last_call_range = Some(both);
        self.all_pass_annotations = read_annotations(next, false, out);
        if self.state.is_finished() {
            self.after_end(both, AfterEnd::AllPassWords);
        } else {
            self.all_pass.get_or_insert(both);
            self.finish_with_passes();
        }
    }

    /// A call token.
    fn call(&mut self, item: &SectionItem, out: &mut Vec<Misreading>) {
        let marks = read_marks_of_call(item, out);
        let annotations = read_annotations(item, false, out);
        let token = &item.token;
        let range = token.text_range();
        let text = token.text();
        let Some((meaning, standard)) = read_call_reporting(text, range, out) else {
            return;
        };
        self.follow(meaning, range, standard, marks, annotations, out);
    }

    /// Follows a call read into bridge terms, at `range`, with its marks and annotations.
    fn follow(
        &mut self,
        meaning: CallToken,
        range: TextRange,
        standard: bool,
        marks: Vec<Mark>,
        annotations: Annotations,
        out: &mut Vec<Misreading>,
    ) {
        self.last_call_range = Some(range);
        let condoned = marks.iter().find(|m| m.kind == Irregularity::Insufficient);
        match meaning {
            CallToken::Placeholder => {
                out.push(AuctionMisreading::LatePlaceholder { range }.into());
            }
            CallToken::AllPass => {
                self.all_pass_annotations = annotations;
                if let Some(mark) = condoned {
                    out.push(AuctionMisreading::InsufficientAllPass { range: mark.range }.into());
                }
                if self.state.is_finished() {
                    self.after_end(range, AfterEnd::AllPass);
                    // Nothing to follow, but written all the same.
                    self.unfollowed.push(CallItem {
                        kind: CallKind::AllPass,
                        annotation: self.all_pass_annotations.written(),
                        origin: placed(self.all_pass_annotations.extent(range)),
                    });
                } else {
                    self.all_pass.get_or_insert(range);
                    self.finish_with_passes();
                }
            }
            CallToken::Call(call) => {
                let seat = self.seat_now();
                let bid_before = self.state.last_bid().map(|(_, bid)| bid);
                let insufficient = matches!(
                    (call, self.state.check(call)),
                    (Call::Bid(_), Err(CallError::Insufficient { .. }))
                );
                let verdict = if condoned.is_some() {
                    self.state.push_condoned(call)
                } else {
                    self.state.push(call)
                };
                if verdict == Err(CallError::AfterEnd) {
                    self.after_end(range, AfterEnd::Call(call));
                }
                self.calls.push(AuctionEntry {
                    seat,
                    call,
                    range,
                    standard_spelling: standard,
                    legal: verdict.is_ok(),
                    error: verdict.err(),
                    insufficient,
                    bid_before,
                    marks,
                    annotations,
                });
            }
        }
    }

    /// Passes until the auction ends (what `AP` stands for).
    fn finish_with_passes(&mut self) {
        for _ in 0..4 {
            if self.state.is_finished() {
                break;
            }
            let seat = self.seat_now();
            let _ = self.state.push(Call::Pass);
            self.all_pass_seats.push(seat);
        }
    }

    /// The model, once every item is read.
    fn finish(self, head: SectionHead, placeholders: Vec<TextRange>) -> AuctionModel {
        let state = self.state;
        AuctionModel {
            head,
            dealer: self.seats_known.then(|| state.dealer()),
            placeholders,
            calls: self.calls,
            skipped: self.skipped,
            all_pass: self.all_pass,
            all_pass_annotations: self.all_pass_annotations,
            all_pass_seats: self.all_pass_seats,
            end: self.end,
            finished: state.is_finished(),
            passed_out: state.is_passed_out(),
            contract: state.final_contract(),
            declarer: if self.seats_known {
                state.declarer()
            } else {
                None
            },
            last_call_range: self.last_call_range,
            after_end: self.after_end,
            unfollowed: self.unfollowed,
            seats_known: self.seats_known,
            state,
        }
    }
}

/// The marks before a call, recording those that belong to the play.
fn read_marks_of_call(item: &SectionItem, out: &mut Vec<Misreading>) -> Vec<Mark> {
    let marks = read_marks(item);
    for mark in &marks {
        if matches!(
            mark.kind,
            Irregularity::Revoke | Irregularity::LeadOutOfTurn
        ) {
            out.push(
                AuctionMisreading::PlayMark {
                    range: mark.range,
                    mark: mark.kind,
                }
                .into(),
            );
        }
    }
    marks
}

/// Reads a call token, recording a spelling PBN does not allow: its meaning and whether it was
/// spelled as PBN allows, or `None` when it is no call at all.
fn read_call_reporting(
    text: &str,
    range: TextRange,
    out: &mut Vec<Misreading>,
) -> Option<(CallToken, bool)> {
    match read_call(text) {
        Ok(meaning) => Some((meaning, true)),
        Err(Some((meaning, spelling))) => {
            out.push(
                AuctionMisreading::CallSpelling {
                    range,
                    text: text.to_string(),
                    spelling: spelling.to_string(),
                }
                .into(),
            );
            Some((meaning, false))
        }
        Err(None) => {
            out.push(
                AuctionMisreading::NotACall {
                    range,
                    text: text.to_string(),
                }
                .into(),
            );
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(text: &str) -> Result<CallToken, Option<(CallToken, String)>> {
        read_call(text)
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
}
