//! The flood rule: how many findings of one code an editor is shown one by one.
//!
//! A file can hold a finding in nearly every game (a 100,000-game file written by a program that
//! starts every deal with North: 75,000 D206 hints). Published one by one on every keystroke,
//! they make tens of megabytes of JSON that the editor must read again each time, and a
//! hundred thousand marks nobody reads one by one. So the language server shows the first
//! [`FLOOD_LIMIT`] findings of each hint or info code in text order and, in place of the rest,
//! one finding of the same code at the first one left out that says how many more there are.
//! Errors and warnings are always all shown. `kibitzer check` lists every finding; folding its
//! list by [`fold_floods`] gives what the server shows (the tests hold the two to this rule).

use super::{Diagnostic, Severity};

/// How many findings of one hint or info code the editor is shown one by one.
pub const FLOOD_LIMIT: usize = 1000;

/// Whether findings of `severity` are folded beyond the limit.
pub fn folds(severity: Severity) -> bool {
    severity <= Severity::Info
}

/// What the flood rule makes of one finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fate {
    /// Shown as it is.
    Shown,
    /// Shown in place of itself and the `more - 1` findings of its code after it: the message
    /// says how many there are.
    Summary {
        /// How many findings it stands for (itself included).
        more: usize,
    },
    /// Left out (a summary before it counts it).
    Folded,
}

/// The fate of each finding, given their codes and severities in text order; `None` when every
/// finding is shown.
pub(crate) fn flood_fates(findings: &[(&str, Severity)]) -> Option<Vec<Fate>> {
    let mut totals = Counts::default();
    for &(code, severity) in findings {
        if folds(severity) {
            *totals.entry(code) += 1;
        }
    }
    if totals.0.iter().all(|&(_, n)| n <= FLOOD_LIMIT) {
        return None;
    }
    let mut seen = Counts::default();
    let fates = findings
        .iter()
        .map(|&(code, severity)| {
            if !folds(severity) {
                return Fate::Shown;
            }
            let total = *totals.entry(code);
            let count = seen.entry(code);
            *count += 1;
            match *count {
                n if n <= FLOOD_LIMIT => Fate::Shown,
                n if n == FLOOD_LIMIT + 1 => Fate::Summary {
                    more: total - FLOOD_LIMIT,
                },
                _ => Fate::Folded,
            }
        })
        .collect();
    Some(fates)
}

/// A count per code: a list, since a file has few codes (hashing each of 75,000 findings twice
/// was a fifth of a keystroke's publish).
#[derive(Default)]
struct Counts<'a>(Vec<(&'a str, usize)>);

impl<'a> Counts<'a> {
    fn entry(&mut self, code: &'a str) -> &mut usize {
        // Codes are the catalogue's strings: the same pointer, as a rule.
        let at = self
            .0
            .iter()
            .position(|(c, _)| std::ptr::eq(*c, code) || *c == code);
        let at = at.unwrap_or_else(|| {
            self.0.push((code, 0));
            self.0.len() - 1
        });
        &mut self.0[at].1
    }
}

/// The message of a summary standing for `more` findings of `code`.
pub(crate) fn summary_message(code: &str, more: usize) -> String {
    format!(
        "{more} more {code} findings in this file, from here on, are not shown one by one: the \
         editor shows the first {FLOOD_LIMIT} of a hint or info code. `kibitzer check --select \
         {code}` lists them all, and `kibitzer check --fix` mends those it can"
    )
}

/// `findings` (in text order) as the editor is shown them: `flood_fates` applied, each
/// summary keeping its finding's code, range and severity with `summary_message` and no fix.
pub fn fold_floods(findings: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let keys: Vec<(&str, Severity)> = findings
        .iter()
        .map(|d| (d.code.as_str(), d.severity))
        .collect();
    let Some(fates) = flood_fates(&keys) else {
        return findings;
    };
    findings
        .into_iter()
        .zip(fates)
        .filter_map(|(d, fate)| match fate {
            Fate::Shown => Some(d),
            Fate::Summary { more } => Some(summary_of(d, more)),
            Fate::Folded => None,
        })
        .collect()
}

/// The summary made of the first finding left out.
pub(crate) fn summary_of(mut diagnostic: Diagnostic, more: usize) -> Diagnostic {
    diagnostic.message = summary_message(diagnostic.code.as_str(), more);
    diagnostic.fixes.clear();
    diagnostic.related.clear();
    diagnostic
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Code;
    use crate::diagnostic::TextRange;

    fn finding(code: Code, at: u32) -> Diagnostic {
        Diagnostic::new(code, TextRange::empty(at.into()), "x")
    }

    #[test]
    fn beyond_the_limit_one_summary_stands_for_the_rest_of_a_hint_or_info_code() {
        // D206 is a hint, A302 an error: 1,500 of each, interleaved.
        let all: Vec<Diagnostic> = (0..3000u32)
            .map(|i| finding(if i % 2 == 0 { Code::D206 } else { Code::A302 }, i))
            .collect();
        let shown = fold_floods(all);
        let d206: Vec<&Diagnostic> = shown.iter().filter(|d| d.code == Code::D206).collect();
        let a302 = shown.iter().filter(|d| d.code == Code::A302).count();
        assert_eq!(a302, 1500, "errors are all shown");
        assert_eq!(d206.len(), FLOOD_LIMIT + 1);
        let summary = d206[FLOOD_LIMIT];
        assert_eq!(u32::from(summary.range.start()), 2 * FLOOD_LIMIT as u32);
        assert!(
            summary.message.starts_with("500 more D206"),
            "{}",
            summary.message
        );
        // Under the limit nothing changes.
        let few: Vec<Diagnostic> = (0..10).map(|i| finding(Code::D206, i)).collect();
        assert_eq!(fold_floods(few.clone()), few);
    }
}
