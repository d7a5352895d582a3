//! Applying the fixes the checks offer to a text, and checking again until nothing more
//! applies: what `check --fix` does to a file and the editor's "fix all" (`source.fixAll`) to a
//! document.

use crate::diagnostic::{Applicability, Diagnostic, TextEdit, TextRange};

/// How many times a file is checked and fixed at most: a fix may reveal another finding with a
/// fix of its own (a call respelled, then the contract it makes compared).
const MAX_ROUNDS: usize = 8;

/// Whether a fix of this applicability is applied.
pub(crate) fn wanted(applicability: Applicability, unsafe_fixes: bool) -> bool {
    applicability == Applicability::Safe || unsafe_fixes
}

/// Whether two edits touch the same text (two insertions at one place count as touching).
fn overlap(a: &TextEdit, b: &TextEdit) -> bool {
    a.range.start() == b.range.start()
        || (a.range.start() < b.range.end() && b.range.start() < a.range.end())
}

/// Applies to `text` the first wanted fix of each diagnostic, leaving out a fix whose edits
/// meet the edits of one already taken (the next round takes it up). Returns the new text and
/// how many fixes were applied.
pub(crate) fn apply_once<'d>(
    text: &str,
    diagnostics: impl IntoIterator<Item = &'d Diagnostic>,
    unsafe_fixes: bool,
) -> (String, usize) {
    let mut taken: Vec<&TextEdit> = Vec::new();
    let mut applied = 0;
    for diagnostic in diagnostics {
        let Some(fix) = diagnostic
            .fixes
            .iter()
            .find(|f| wanted(f.applicability, unsafe_fixes))
        else {
            continue;
        };
        let fits = fix.edits.iter().all(|edit| {
            usize::from(edit.range.end()) <= text.len()
                && text.is_char_boundary(edit.range.start().into())
                && text.is_char_boundary(edit.range.end().into())
                && !taken.iter().any(|other| overlap(edit, other))
        });
        if fits {
            taken.extend(&fix.edits);
            applied += 1;
        }
    }
    taken.sort_by_key(|e| (e.range.start(), e.range.end()));
    let mut out = String::with_capacity(text.len() + 64);
    let mut at = 0;
    for edit in taken {
        out.push_str(&text[at..usize::from(edit.range.start())]);
        out.push_str(&edit.new_text);
        at = edit.range.end().into();
    }
    out.push_str(&text[at..]);
    (out, applied)
}

/// Checks and fixes `text` until no wanted fix is left (or [`MAX_ROUNDS`] rounds): `check`
/// gives what a text's check reports (the findings that count, and anything else the caller
/// keeps). Returns the fixed text, the number of fixes applied, and the check of that text,
/// so that the caller does not check it again.
pub(crate) fn fix_until_done<T>(
    text: &str,
    unsafe_fixes: bool,
    check: impl Fn(&str) -> (T, Vec<Diagnostic>),
) -> (String, usize, (T, Vec<Diagnostic>)) {
    let mut current = text.to_string();
    let mut total = 0;
    for _ in 0..MAX_ROUNDS {
        let checked = check(&current);
        let (next, applied) = apply_once(&current, &checked.1, unsafe_fixes);
        if applied == 0 || next == current {
            return (current, total, checked);
        }
        total += applied;
        current = next;
    }
    let checked = check(&current);
    (current, total, checked)
}

/// The edits that turn `old` into `new`, line by line: what an editor is sent for a whole text
/// fixed at once, so that the lines no fix touched (and the cursor and marks on them) stay as
/// they are.
pub(crate) fn edits_between(old: &str, new: &str) -> Vec<TextEdit> {
    use similar::DiffTag;
    let diff = similar::TextDiff::from_lines(old, new);
    // Where each line starts, from the diff's own lines (it splits at `\n`, `\r\n` and `\r`).
    let starts = |lines: &[&str]| -> Vec<usize> {
        let mut at = 0;
        let mut starts = Vec::with_capacity(lines.len() + 1);
        starts.push(0);
        for line in lines {
            at += line.len();
            starts.push(at);
        }
        starts
    };
    let (old_starts, new_starts) = (starts(diff.old_slices()), starts(diff.new_slices()));
    diff.ops()
        .iter()
        .filter(|op| op.tag() != DiffTag::Equal)
        .filter_map(|op| {
            let (from, to) = (op.old_range(), op.new_range());
            let start = u32::try_from(*old_starts.get(from.start)?).ok()?;
            let end = u32::try_from(*old_starts.get(from.end)?).ok()?;
            let text = new.get(*new_starts.get(to.start)?..*new_starts.get(to.end)?)?;
            Some(TextEdit {
                range: TextRange::new(start.into(), end.into()),
                new_text: text.to_string(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Code;

    fn at(start: u32, end: u32) -> TextRange {
        TextRange::new(start.into(), end.into())
    }

    #[test]
    fn fixes_apply_in_text_order_and_overlaps_wait_for_the_next_round() {
        let text = "1N P P P";
        let one = Diagnostic::new(Code::A301, at(0, 2), "x").with_fix("1NT", at(0, 2), "1NT");
        let two = Diagnostic::new(Code::A301, at(3, 4), "x").with_fix("Pass", at(3, 4), "Pass");
        let clash = Diagnostic::new(Code::A301, at(3, 5), "x").with_fix("clash", at(3, 5), "?");
        let risky =
            Diagnostic::new(Code::A308, at(5, 6), "x").with_unsafe_fix("unsafe", at(5, 6), "Pass");
        let (out, applied) = apply_once(text, [&two, &one, &clash, &risky], false);
        assert_eq!((out.as_str(), applied), ("1NT Pass P P", 2));
        let (out, applied) = apply_once(text, [&risky], true);
        assert_eq!((out.as_str(), applied), ("1N P Pass P", 1));
    }

    #[test]
    fn fixing_stops_when_nothing_is_left_to_fix() {
        let checks = std::cell::Cell::new(0);
        let check = |text: &str| -> ((), Vec<Diagnostic>) {
            checks.set(checks.get() + 1);
            let found = text
                .find(" P ")
                .map(|i| {
                    let r = at(i as u32 + 1, i as u32 + 2);
                    Diagnostic::new(Code::A301, r, "x").with_fix("Pass", r, "Pass")
                })
                .into_iter()
                .collect();
            ((), found)
        };
        let (out, applied, (_, left)) = fix_until_done("1S P P P \n", false, check);
        assert_eq!(out, "1S Pass Pass Pass \n");
        assert_eq!(applied, 3);
        assert!(left.is_empty());
        // Three rounds that fixed something and the one that found nothing: no check twice.
        assert_eq!(checks.get(), 4);
    }

    #[test]
    fn the_edits_between_two_texts_touch_only_the_lines_that_differ() {
        for (old, new) in [
            ("a\nP 1N\nc\n", "a\nPass 1NT\nc\n"),
            ("a\r\nb\r\nc", "a\r\nB\r\nc\n"),
            ("x\ry\r", "x\rz\r"),
            ("", "new\n"),
            ("gone\n", ""),
            ("same\n", "same\n"),
        ] {
            let edits = edits_between(old, new);
            assert_eq!(crate::diagnostic::apply_edits(old, &edits), new, "{old:?}");
            // A line kept whole, line end included, is not in any edit.
            let lines = |text: &str| {
                text.split_inclusive('\n')
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            };
            let untouched = lines(old).iter().filter(|l| lines(new).contains(l)).count();
            let touched: usize = edits
                .iter()
                .map(|e| {
                    lines(&old[usize::from(e.range.start())..usize::from(e.range.end())]).len()
                })
                .sum();
            assert!(
                touched + untouched <= lines(old).len().max(1),
                "{old:?}: {edits:?}"
            );
        }
        assert!(edits_between("same\n", "same\n").is_empty());
        let edits = edits_between("a\nP 1N\nc\n", "a\nPass 1NT\nc\n");
        assert_eq!(edits.len(), 1);
        assert_eq!(edits[0].range, at(2, 7));
    }
}
