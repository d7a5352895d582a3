//! The findings about what a PBN lowering could not read as the standard writes it
//! (`model::board::misreading`): the code, message, severity and fix of each problem of reading.
//! The lowering only records what it met; what the user is told about it is decided here.

use crate::diagnostic::{Code, Diagnostic, Severity};
use crate::model::board::misreading::{
    AnnotationMisreading, AuctionMisreading, DealMisreading, Misreading, PlayMisreading,
    SectionMisreading,
};
use crate::model::board::SectionKind;
use crate::syntax::TextRange;

/// Adds the findings about `misreadings` to `out`, in the order they were met.
pub fn report(misreadings: &[Misreading], out: &mut Vec<Diagnostic>) {
    out.extend(misreadings.iter().map(finding));
}

/// The finding about one problem of reading.
fn finding(misreading: &Misreading) -> Diagnostic {
    match misreading {
        Misreading::Deal(m) => deal(m),
        Misreading::Annotation(m) => annotation(m),
        Misreading::Section { section, problem } => in_section(*section, problem),
        Misreading::Auction(m) => auction(m),
        Misreading::Play(m) => play(m),
    }
}

/// `s` after a count other than one.
fn plural(count: usize) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}

fn deal(m: &DealMisreading) -> Diagnostic {
    match m {
        DealMisreading::HandCount { range, count } => Diagnostic::new(
            Code::D201,
            *range,
            format!(
                "the deal gives {count} hand{} where four are needed (write `-` for a hand that is not known)",
                plural(*count)
            ),
        ),
        DealMisreading::Spacing { range } => {
            Diagnostic::new(Code::D201, *range, "hands are separated by exactly one space")
                .with_fix("Use a single space", *range, " ")
        }
        DealMisreading::SuitCount { range, seat, count } => Diagnostic::new(
            Code::D201,
            *range,
            format!(
                "{}'s hand has {count} suit{}: give spades, hearts, diamonds and clubs separated by `.`",
                seat.name(),
                plural(*count)
            ),
        ),
        DealMisreading::NotARank { range, character } => Diagnostic::new(
            Code::D202,
            *range,
            format!("`{character}` is not a rank: use A K Q J T 9 8 7 6 5 4 3 2"),
        ),
        DealMisreading::TenInDigits { range } => {
            Diagnostic::new(Code::D202, *range, "the ten is written `T`, not `10`")
                .with_fix("Write `T`", *range, "T")
        }
        DealMisreading::FirstSeatSpelling { range, standard } => Diagnostic::new(
            Code::D201,
            *range,
            format!("the first seat of the deal is one letter: `{standard}`"),
        )
        .with_fix(format!("Write `{standard}`"), *range, standard.clone()),
        DealMisreading::FirstSeatUnknown { range, text } => Diagnostic::new(
            Code::D201,
            *range,
            format!("`{text}` is not a seat: the deal starts with N, E, S or W and `:`"),
        ),
        DealMisreading::FirstSeatMissing { range } => Diagnostic::new(
            Code::D201,
            *range,
            "the deal starts with the seat of the first hand (N, E, S or W) before `:`",
        ),
        DealMisreading::NoFirstSeat { range } => Diagnostic::new(
            Code::D201,
            *range,
            "the deal starts with the seat of the first hand and `:`, like `N:`",
        ),
    }
}

/// "card" or "call".
fn item_word(on_card: bool) -> &'static str {
    if on_card {
        "card"
    } else {
        "call"
    }
}

/// A second `what` (suffix or note reference) after one call or card.
fn second(range: TextRange, first: TextRange, text: &str, on_card: bool, what: &str) -> Diagnostic {
    Diagnostic::new(
        Code::G603,
        range,
        format!(
            "a {} takes at most one {what}; `{text}` is a second one",
            item_word(on_card)
        ),
    )
    .with_related(first, format!("the first {what}"))
}

fn annotation(m: &AnnotationMisreading) -> Diagnostic {
    match m {
        AnnotationMisreading::SecondSuffix {
            range,
            first,
            text,
            on_card,
        } => second(*range, *first, text, *on_card, "suffix"),
        AnnotationMisreading::SecondNoteRef {
            range,
            first,
            text,
            on_card,
        } => second(*range, *first, text, *on_card, "note reference"),
        AnnotationMisreading::NagOutOfRange { range, text } => Diagnostic::new(
            Code::G601,
            *range,
            format!("NAG `{text}` is out of range: NAGs go from $0 to $255"),
        ),
        AnnotationMisreading::NagOfOtherKind {
            range,
            text,
            on_card,
            standard,
        } => {
            let (is_for, not_for) = if *on_card {
                ("a call", "a played card")
            } else {
                ("a played card", "a call")
            };
            if *standard {
                Diagnostic::new(
                    Code::G602,
                    *range,
                    format!("`{text}` judges {is_for}, not {not_for} (PBN 3.10)"),
                )
            } else {
                // The standard leaves $15–$255 to both; the reference verifier reads $20–$93
                // as calls' and $200–$238 as cards', and reports the others as a bad NAG.
                Diagnostic::new(
                    Code::G602,
                    *range,
                    format!("`{text}` is one of the NAGs the reference verifier keeps for {is_for}; on {not_for} it reports a bad NAG"),
                )
                .with_severity(Severity::Warning)
            }
        }
        AnnotationMisreading::SecondJudgement {
            range,
            first,
            text,
            on_card,
        } => Diagnostic::new(
            Code::G604,
            *range,
            format!(
                "`{text}` judges this {} a second time: one `!`, `?`, `!!`, `??`, `!?`, `?!` or NAG from $1 to $12 each",
                item_word(*on_card)
            ),
        )
        .with_related(*first, "the first judgement"),
        AnnotationMisreading::NagTwice {
            range,
            first,
            text,
            on_card,
        } => Diagnostic::new(
            Code::G604,
            *range,
            format!("`{text}` is given twice on this {}", item_word(*on_card)),
        )
        .with_related(*first, "the first one")
        .with_fix("Remove the repeated NAG", *range, ""),
    }
}

fn in_section(section: SectionKind, m: &SectionMisreading) -> Diagnostic {
    let (item, stray, end_mark) = match section {
        SectionKind::Auction => ("call", Code::A301, Code::A312),
        SectionKind::Play => ("card", Code::P501, Code::P510),
    };
    match m {
        // The reference verifier passes over an annotation that annotates nothing: a warning.
        SectionMisreading::StrayAnnotation { range, text } => Diagnostic::new(
            stray,
            *range,
            format!("`{text}` annotates nothing: it must follow a {item}"),
        )
        .with_severity(Severity::Warning),
        SectionMisreading::EndMarkTwice { range, first, star } => Diagnostic::new(
            end_mark,
            *range,
            format!("`{}` is given twice", if *star { "*" } else { "+" }),
        )
        .with_related(*first, "the first one"),
        SectionMisreading::StarAndPlus { range } => {
            let message = match section {
                SectionKind::Auction => {
                    "`*` (no more calls) and `+` (to be continued) cannot both end the auction"
                }
                SectionKind::Play => {
                    "`*` (no more cards) and `+` (to be continued) cannot both be given"
                }
            };
            Diagnostic::new(end_mark, *range, message)
        }
    }
}

/// What `-` stands for, said when one stands where it cannot.
const PLACEHOLDER_USE: &str =
    "`-` only stands before the dealer's first call, for the players before the dealer";

fn auction(m: &AuctionMisreading) -> Diagnostic {
    match m {
        // The reference verifier passes over a mark that marks nothing: a warning.
        AuctionMisreading::LoneMark { range, text } => Diagnostic::new(
            Code::A311,
            *range,
            format!("`{text}` is not followed by a call"),
        )
        .with_severity(Severity::Warning),
        AuctionMisreading::EndMarkBeforeCall { range, star, glued } => {
            let what = if *star {
                "`*` ends the auction section"
            } else {
                "`+` stands for the next call"
            };
            let hint = if *star && *glued {
                "; to mark an alert, refer to a note such as `=1=`"
            } else {
                ""
            };
            Diagnostic::new(
                Code::A312,
                *range,
                format!("{what}, so it must come after the last call{hint}"),
            )
        }
        AuctionMisreading::PlusAfterEnd { range } => Diagnostic::new(
            Code::A312,
            *range,
            "`+` stands for the next call, but the auction has already ended",
        ),
        AuctionMisreading::SkipWithoutCall { range } => Diagnostic::new(
            Code::A311,
            *range,
            "`^S` marks a turn skipped by a call out of rotation, but no call follows it",
        ),
        AuctionMisreading::AllPassWords { range } => Diagnostic::new(
            Code::A301,
            *range,
            "`all pass` is not a PBN call; `AP` was probably meant",
        )
        .with_fix("Replace `all pass` with `AP`", *range, "AP"),
        AuctionMisreading::LatePlaceholder { range } => {
            Diagnostic::new(Code::A301, *range, PLACEHOLDER_USE)
        }
        AuctionMisreading::InsufficientAllPass { range } => Diagnostic::new(
            Code::A311,
            *range,
            "`^I` marks an insufficient bid, but `AP` is no bid",
        )
        .with_severity(Severity::Warning),
        AuctionMisreading::PlayMark { range, mark } => Diagnostic::new(
            Code::A311,
            *range,
            format!(
                "`{}` marks an irregularity of the play, not of the auction",
                mark.pbn()
            ),
        ),
        AuctionMisreading::CallSpelling {
            range,
            text,
            spelling,
        } => {
            let finding = Diagnostic::new(
                Code::A301,
                *range,
                format!("`{text}` is not a PBN call; `{spelling}` was probably meant"),
            )
            .with_fix(
                format!("Replace `{text}` with `{spelling}`"),
                *range,
                spelling.clone(),
            );
            // The reference verifier reads calls in any case (`PASS`, `1nt`): only the
            // standard's table of case is broken, which is worth a warning, not an error.
            if text.eq_ignore_ascii_case(spelling) {
                finding.with_severity(Severity::Warning)
            } else {
                finding
            }
        }
        AuctionMisreading::NotACall { range, text } => {
            let hint = if text == "-" {
                PLACEHOLDER_USE
            } else {
                "a call is Pass, X, XX, AP or a bid such as 1NT or 4S"
            };
            Diagnostic::new(
                Code::A301,
                *range,
                format!("`{text}` is not a call: {hint}"),
            )
        }
    }
}

fn play(m: &PlayMisreading) -> Diagnostic {
    match m {
        // The reference verifier passes over a mark that marks nothing: a warning.
        PlayMisreading::LoneMark { range, text } => {
            let message = match text.as_str() {
                "^I" | "^S" => {
                    format!("`{text}` marks an irregularity of the auction, not of the play")
                }
                _ => format!("`{text}` is not followed by a card"),
            };
            Diagnostic::new(Code::P509, *range, message).with_severity(Severity::Warning)
        }
        PlayMisreading::StarBeforeCard { range } => Diagnostic::new(
            Code::P510,
            *range,
            "`*` ends the play section, so it must come after the last card",
        ),
        PlayMisreading::AuctionMark { range, mark } => Diagnostic::new(
            Code::P509,
            *range,
            format!(
                "`{}` marks an irregularity of the auction, not of the play",
                mark.pbn()
            ),
        ),
        PlayMisreading::CardSpelling { range, text, card } => {
            let spelling = card.to_string();
            Diagnostic::new(
                Code::P501,
                *range,
                format!(
                    "`{text}` is not a PBN card; {} (`{spelling}`) was probably meant",
                    card.symbolic()
                ),
            )
            .with_fix(
                format!("Replace `{text}` with `{spelling}`"),
                *range,
                spelling,
            )
        }
        PlayMisreading::DashesForUnknown { range, text } => Diagnostic::new(
            Code::P501,
            *range,
            format!("`{text}` is not a PBN card; `-` (an unknown card) was probably meant"),
        )
        .with_unsafe_fix(format!("Replace `{text}` with `-`"), *range, "-"),
        PlayMisreading::NotACard { range, text } => Diagnostic::new(
            Code::P501,
            *range,
            format!(
                "`{text}` is not a card: a card is a suit letter and a rank, such as SK or HT, or `-` for an unknown card"
            ),
        ),
        PlayMisreading::PlusBeforeTricks { range } => Diagnostic::new(
            Code::P510,
            *range,
            "`+` stands for the next card to be played, but more tricks follow it",
        ),
        PlayMisreading::PlusBeforeCard { range } => Diagnostic::new(
            Code::P510,
            *range,
            "`+` stands for the next card to be played, but a card played after it is given",
        ),
    }
}
