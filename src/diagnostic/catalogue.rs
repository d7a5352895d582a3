//! The diagnostic catalogue: every code once, with its name, default severity and the notations
//! it is reported in. A check names its code as a [`Code`], so a code that is not here does not
//! compile.
//!
//! The table mirrors `docs/diagnostics.md` (a test holds the two together); a code never changes
//! meaning once released.

use std::fmt;

use super::severity::Severity;

/// One entry of the catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeInfo {
    /// The code, e.g. `D203`.
    pub code: Code,
    /// The kebab-case name, e.g. `duplicate-card`.
    pub name: &'static str,
    /// The default severity.
    pub severity: Severity,
    /// The notations the code is reported in, by their letters: `P` (PBN), `R` (RBN), `L` (LIN),
    /// `M` (the dealing machines' DUP, BRI, DGE and DLM).
    pub notations: &'static str,
}

/// Declares the [`Code`] enum and [`CATALOGUE`] from one table of rows
/// `code "name" Severity "notations"`.
macro_rules! catalogue {
    ($($code:ident $name:literal $severity:ident $notations:literal,)*) => {
        /// A code of the catalogue: what a finding is, named once here and typed everywhere.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $(
                #[doc = $name]
                $code,
            )*
        }

        /// Every code of the catalogue, in catalogue order (the order of [`Code`]).
        pub const CATALOGUE: &[CodeInfo] = &[
            $(
                CodeInfo {
                    code: Code::$code,
                    name: $name,
                    severity: Severity::$severity,
                    notations: $notations,
                },
            )*
        ];

        impl Code {
            /// The code as written, e.g. `D203`.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$code => stringify!($code),)*
                }
            }
        }
    };
}

catalogue! {
    S001 "unterminated-string" Error "P",
    S002 "malformed-tag-pair" Error "P",
    S003 "unexpected-text" Error "P",
    S004 "unterminated-comment" Error "P",
    S005 "tab-in-string" Error "P",
    S006 "line-too-long" Error "P",
    S007 "forbidden-character" Warning "P",
    S008 "tag-name-case" Error "P",
    S009 "not-latin-1" Info "P",
    S010 "escape-in-comment-position" Warning "P",
    S011 "no-final-newline" Hint "PR",
    S012 "invalid-suppression" Warning "PR",
    S013 "unused-suppression" Hint "PR",
    T101 "duplicate-tag" Warning "P",
    T102 "invalid-tag-value" Error "P",
    T103 "forbidden-inheritance" Error "P",
    T104 "nothing-to-inherit" Info "P",
    T105 "unknown-tag" Hint "P",
    T106 "missing-mandatory-tag" Warning "P",
    T107 "section-needs-tag" Error "P",
    T108 "not-export-order" Hint "P",
    T109 "unusual-tag-value" Info "P",
    D201 "malformed-deal" Error "P",
    D202 "invalid-rank" Error "P",
    D203 "duplicate-card" Error "PRL",
    D204 "too-many-cards" Error "PRL",
    // RBN hands may be incomplete and of different sizes.
    D205 "unequal-hands" Error "PL",
    // In RBN and LIN the writer, not the user, chose the spelling.
    D206 "ranks-not-descending" Hint "P",
    D207 "no-cards" Info "PRL",
    D208 "fourth-hand-derivable" Hint "PRL",
    A301 "invalid-call" Error "P",
    A302 "insufficient-bid" Error "PRL",
    A303 "illegal-double" Error "PRL",
    A304 "illegal-redouble" Error "PRL",
    A305 "call-after-end" Error "PRL",
    A306 "auction-unfinished" Warning "PRL",
    A307 "auction-seat-mismatch" Error "PRL",
    A308 "contract-mismatch" Error "PRL",
    A309 "declarer-mismatch" Error "PRL",
    A310 "passed-out-mismatch" Error "PRL",
    A311 "needless-irregularity" Error "P",
    A312 "misplaced-continuation" Error "P",
    N401 "undefined-note" Error "PRL",
    N402 "unused-note" Warning "P",
    N403 "duplicate-note" Error "P",
    N404 "note-index-range" Error "P",
    N405 "malformed-note" Error "P",
    N406 "misplaced-note" Warning "P",
    P501 "invalid-card" Error "P",
    P502 "card-not-held" Error "PRL",
    P503 "card-played-twice" Error "PRL",
    P504 "revoke" Error "PRL",
    P505 "wrong-opening-leader" Error "PRL",
    P506 "result-mismatch" Error "PRL",
    P507 "too-many-tricks" Error "PRL",
    P508 "play-needs-full-deal" Warning "PRL",
    P509 "needless-irregularity" Error "P",
    P510 "misplaced-continuation" Error "P",
    P511 "unknown-leader" Warning "PRL",
    G601 "nag-range" Error "P",
    G602 "nag-wrong-section" Error "P",
    G603 "duplicate-annotation" Error "P",
    G604 "duplicate-nag" Warning "P",
    B701 "table-row-length" Error "P",
    B702 "invalid-column" Error "P",
    B703 "invalid-table-value" Warning "P",
    B704 "section-comment" Error "P",
    B705 "table-order" Error "P",
    X801 "score-mismatch" Error "PRL",
    X802 "board-rotation" Hint "PRL",
    X803 "result-sum" Error "PRL",
    X804 "rubber-vulnerability" Error "PRL",
    X805 "result-without-declarer" Error "PRL",
    R901 "unknown-label" Error "R",
    R902 "invalid-label-character" Error "R",
    R903 "label-too-long" Error "R",
    R904 "malformed-field" Error "R",
    R905 "unterminated-paragraph" Warning "R",
    R906 "missing-space-after-label" Error "R",
    L701 "unknown-key" Info "L",
    L702 "malformed-pair" Error "L",
    L703 "malformed-deal-or-board" Error "L",
    L704 "malformed-vulnerability" Error "L",
    L705 "player-count" Warning "L",
    L706 "malformed-call" Error "L",
    L707 "malformed-card" Error "L",
    L708 "malformed-claim" Error "L",
    L709 "result-mismatch" Error "L",
    L710 "unreadable-handviewer-address" Error "L",
    M101 "no-such-card" Error "M",
    M102 "card-given-twice" Error "M",
    M103 "hand-not-thirteen" Error "M",
    M104 "board-checksum" Error "M",
    M105 "header-checksum" Warning "M",
    M106 "header-range" Error "M",
    M107 "board-missing" Error "M",
    M108 "dup-trailer" Warning "M",
    M109 "dup-copies-differ" Error "M",
    M110 "padding" Info "M",
    M111 "truncated-record" Warning "M",
    O101 "double-dummy-mismatch" Error "P",
    O102 "par-mismatch" Warning "P",
    O103 "double-dummy-table-shape" Warning "P",
}

impl Code {
    /// The code's catalogue entry.
    pub fn info(self) -> &'static CodeInfo {
        &CATALOGUE[self as usize]
    }

    /// The catalogue name, e.g. `duplicate-card`.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The default severity.
    pub fn severity(self) -> Severity {
        self.info().severity
    }

    /// The family letter, e.g. `D` for the deal checks.
    pub fn family(self) -> char {
        self.as_str().chars().next().unwrap_or('?')
    }

    /// Whether the code is reported in the notation with catalogue letter `notation` (`P`, `R`,
    /// `L`, or `M` for the dealing machines' files).
    pub fn applies_to(self, notation: char) -> bool {
        self.info().notations.contains(notation)
    }

    /// Whether the code starts with `prefix` (a family letter, or a code's first digits).
    pub fn starts_with(self, prefix: &str) -> bool {
        self.as_str().starts_with(prefix)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<str> for Code {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

/// The catalogue entry of the code written `code`, if there is one.
pub(crate) fn lookup(code: &str) -> Option<&'static CodeInfo> {
    CATALOGUE.iter().find(|info| info.code == code)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A documented row: its family heading's letter, code, name, severity and notations.
    type Row = (char, String, String, String, String);

    /// The rows of `docs/diagnostics.md`'s catalogue tables (those headed `code | name |
    /// severity | when | range | notations`), under the family heading (`## S — …`) they stand in.
    fn documented() -> Vec<Row> {
        const DOC: &str = include_str!("../../docs/diagnostics.md");
        let mut rows = Vec::new();
        let mut family = None;
        let mut in_table = false;
        for line in DOC.lines() {
            if let Some(heading) = line.strip_prefix("## ") {
                family = heading.chars().next().filter(|_| heading.contains(" — "));
                in_table = false;
            } else if line.starts_with("| code | name | severity | when | range |") {
                in_table = true;
            } else if !line.starts_with('|') {
                in_table = false;
            } else if in_table && !line.starts_with("| ---") {
                let cells: Vec<&str> = line
                    .split(" | ")
                    .map(|c| c.trim_matches(['|', ' ']))
                    .collect();
                if let (Some(family), [code, name, severity, .., notations]) =
                    (family, cells.as_slice())
                {
                    rows.push((
                        family,
                        code.to_string(),
                        name.to_string(),
                        severity.to_string(),
                        notations.to_string(),
                    ));
                }
            }
        }
        rows
    }

    /// The catalogue and its document say the same: each code once, in its family's table, with
    /// the same name, default severity and notations, and no row for a code the catalogue lacks.
    #[test]
    fn the_document_lists_every_code_with_its_name_severity_and_notations() {
        let rows = documented();
        assert_eq!(rows.len(), CATALOGUE.len(), "rows read");
        for info in CATALOGUE {
            let found: Vec<_> = rows.iter().filter(|r| info.code == r.1.as_str()).collect();
            assert_eq!(found.len(), 1, "{}: {} rows", info.code, found.len());
            let (family, _, name, severity, notations) = found[0];
            assert_eq!(
                Some(info.code.family()),
                Some(*family),
                "{} under {family}",
                info.code
            );
            assert_eq!(name, info.name, "{}", info.code);
            assert_eq!(severity, info.severity.name(), "{}", info.code);
            let letters: String = notations
                .split(", ")
                .map(|word| match word {
                    "PBN" => 'P',
                    "RBN" => 'R',
                    "LIN" => 'L',
                    "DUP/BRI/DGE/DLM" => 'M',
                    _ => '?',
                })
                .collect();
            assert_eq!(letters, info.notations, "{}", info.code);
        }
        for (_, code, ..) in &rows {
            assert!(
                lookup(code).is_some(),
                "{code} is documented but not in the catalogue"
            );
        }
    }
}
