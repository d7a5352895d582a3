//! Checking the dealing machines' files (the M family): what their reading met
//! (`model::dealing::DealingProblem`) as findings, each at its byte or line, with the board it
//! concerns, and the checksum fixes.

use super::pbn::Found;
use super::CheckOptions;
use crate::diagnostic::{Code, Diagnostic};
use crate::model::dealing::{read_dealing, DealingFormat, DealingProblem};

/// Checks a whole dealing file's text (a binary one read as Latin-1), handing the findings to
/// `found` with the number of boards.
pub(crate) fn check_dealing_text_into(
    format: DealingFormat,
    text: &str,
    _options: &CheckOptions,
    found: &mut Found<'_>,
) {
    let (boards, diagnostics) = check_dealing(format, text);
    found(boards, diagnostics);
}

/// The number of boards of a dealing file and its findings, in text order.
pub(crate) fn check_dealing(format: DealingFormat, text: &str) -> (usize, Vec<Diagnostic>) {
    let file = read_dealing(format, text);
    let mut diagnostics: Vec<Diagnostic> = file.problems.iter().map(diagnostic).collect();
    diagnostics.sort_by_key(|d| (d.range.start(), d.range.end()));
    (file.boards.len(), diagnostics)
}

/// The finding of one problem.
fn diagnostic(problem: &DealingProblem) -> Diagnostic {
    match problem {
        DealingProblem::NoCard { at, board, what } => {
            Diagnostic::new(Code::M101, *at, format!("board {board}: {what}"))
        }
        DealingProblem::CardTwice { at, board, card } => Diagnostic::new(
            Code::M102,
            *at,
            format!("board {board}: {} is given a second time", card.symbolic()),
        ),
        DealingProblem::HandSize {
            at,
            board,
            seat,
            cards,
        } => Diagnostic::new(
            Code::M103,
            *at,
            format!(
                "board {board}: {} holds {cards} card{}, not 13",
                seat.name(),
                if *cards == 1 { "" } else { "s" }
            ),
        ),
        DealingProblem::BoardChecksum {
            at,
            board,
            written,
            expected,
        } => {
            let right = format!("{expected:03}");
            let shown = if written.is_empty() { "none" } else { written };
            Diagnostic::new(
                Code::M104,
                *at,
                format!("board {board}: the checksum is {shown}, but its letters and number give {right}; the machine refuses a board whose checksum is wrong"),
            )
            .with_unsafe_fix(format!("Write the checksum {right}"), *at, right)
        }
        DealingProblem::HeaderChecksum {
            at,
            written,
            expected,
        } => {
            let shown = if written.is_empty() { "none" } else { written };
            Diagnostic::new(
                Code::M105,
                *at,
                format!("the header's checksum is {shown}, but Duplicates, From board, To board and Status give {expected}"),
            )
            .with_unsafe_fix(format!("Write the checksum {expected}"), *at, expected.to_string())
        }
        DealingProblem::Header { at, what } => Diagnostic::new(Code::M106, *at, what.clone()),
        DealingProblem::MissingBoard { at, board } => Diagnostic::new(
            Code::M107,
            *at,
            format!("board {board} is in the set but has no `Board {board:02}=` line"),
        ),
        DealingProblem::Trailer { at, what } => Diagnostic::new(Code::M108, *at, what.clone()),
        DealingProblem::PartsDisagree { at, board } => Diagnostic::new(
            Code::M109,
            *at,
            format!("board {board}: the DGE part is another deal than the card numbers before it"),
        ),
        DealingProblem::Padding {
            at,
            board,
            expected,
        } => Diagnostic::new(
            Code::M110,
            *at,
            format!("board {board}: the padding is not {expected}, as every writer writes it"),
        ),
        DealingProblem::Truncated { at, len, size } => Diagnostic::new(
            Code::M111,
            *at,
            format!("the last record has {len} bytes, not {size}: the file was cut short"),
        ),
    }
}
