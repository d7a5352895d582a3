//! The diagnostic catalogue: every code, its name and its default severity.
//!
//! The table mirrors `docs/diagnostics.md`; a code never changes meaning once released.

use super::severity::Severity;

/// One entry of the catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeInfo {
    /// The stable code, e.g. `D203`.
    pub code: &'static str,
    /// The kebab-case name, e.g. `duplicate-card`.
    pub name: &'static str,
    /// The default severity.
    pub severity: Severity,
}

/// Every code of the catalogue, in catalogue order.
pub const CATALOGUE: &[CodeInfo] = &[
    CodeInfo {
        code: "S001",
        name: "unterminated-string",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "S002",
        name: "malformed-tag-pair",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "S003",
        name: "unexpected-text",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "S004",
        name: "unterminated-comment",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "S005",
        name: "tab-in-string",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "S006",
        name: "line-too-long",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "S007",
        name: "forbidden-character",
        severity: Severity::Warning,
    },
    CodeInfo {
        code: "S008",
        name: "tag-name-case",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "S009",
        name: "not-latin-1",
        severity: Severity::Info,
    },
    CodeInfo {
        code: "S010",
        name: "escape-in-comment-position",
        severity: Severity::Warning,
    },
    CodeInfo {
        code: "S011",
        name: "no-final-newline",
        severity: Severity::Hint,
    },
    CodeInfo {
        code: "S012",
        name: "invalid-suppression",
        severity: Severity::Warning,
    },
    CodeInfo {
        code: "S013",
        name: "unused-suppression",
        severity: Severity::Hint,
    },
    CodeInfo {
        code: "T101",
        name: "duplicate-tag",
        severity: Severity::Warning,
    },
    CodeInfo {
        code: "T102",
        name: "invalid-tag-value",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "T103",
        name: "forbidden-inheritance",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "T104",
        name: "nothing-to-inherit",
        severity: Severity::Info,
    },
    CodeInfo {
        code: "T105",
        name: "unknown-tag",
        severity: Severity::Hint,
    },
    CodeInfo {
        code: "T106",
        name: "missing-mandatory-tag",
        severity: Severity::Warning,
    },
    CodeInfo {
        code: "T107",
        name: "section-needs-tag",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "T108",
        name: "not-export-order",
        severity: Severity::Hint,
    },
    CodeInfo {
        code: "T109",
        name: "unusual-tag-value",
        severity: Severity::Info,
    },
    CodeInfo {
        code: "D201",
        name: "malformed-deal",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "D202",
        name: "invalid-rank",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "D203",
        name: "duplicate-card",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "D204",
        name: "too-many-cards",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "D205",
        name: "unequal-hands",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "D206",
        name: "ranks-not-descending",
        severity: Severity::Hint,
    },
    CodeInfo {
        code: "D207",
        name: "no-cards",
        severity: Severity::Info,
    },
    CodeInfo {
        code: "D208",
        name: "fourth-hand-derivable",
        severity: Severity::Hint,
    },
    CodeInfo {
        code: "A301",
        name: "invalid-call",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "A302",
        name: "insufficient-bid",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "A303",
        name: "illegal-double",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "A304",
        name: "illegal-redouble",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "A305",
        name: "call-after-end",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "A306",
        name: "auction-unfinished",
        severity: Severity::Warning,
    },
    CodeInfo {
        code: "A307",
        name: "auction-seat-mismatch",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "A308",
        name: "contract-mismatch",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "A309",
        name: "declarer-mismatch",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "A310",
        name: "passed-out-mismatch",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "A311",
        name: "needless-irregularity",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "A312",
        name: "misplaced-continuation",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "N401",
        name: "undefined-note",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "N402",
        name: "unused-note",
        severity: Severity::Warning,
    },
    CodeInfo {
        code: "N403",
        name: "duplicate-note",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "N404",
        name: "note-index-range",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "N405",
        name: "malformed-note",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "N406",
        name: "misplaced-note",
        severity: Severity::Warning,
    },
    CodeInfo {
        code: "P501",
        name: "invalid-card",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "P502",
        name: "card-not-held",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "P503",
        name: "card-played-twice",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "P504",
        name: "revoke",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "P505",
        name: "wrong-opening-leader",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "P506",
        name: "result-mismatch",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "P507",
        name: "too-many-tricks",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "P508",
        name: "play-needs-full-deal",
        severity: Severity::Warning,
    },
    CodeInfo {
        code: "P509",
        name: "needless-irregularity",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "P510",
        name: "misplaced-continuation",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "P511",
        name: "unknown-leader",
        severity: Severity::Warning,
    },
    CodeInfo {
        code: "G601",
        name: "nag-range",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "G602",
        name: "nag-wrong-section",
        severity: Severity::Warning,
    },
    CodeInfo {
        code: "G603",
        name: "duplicate-annotation",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "G604",
        name: "duplicate-nag",
        severity: Severity::Warning,
    },
    CodeInfo {
        code: "B701",
        name: "table-row-length",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "B702",
        name: "invalid-column",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "B703",
        name: "invalid-table-value",
        severity: Severity::Warning,
    },
    CodeInfo {
        code: "B704",
        name: "section-comment",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "B705",
        name: "table-order",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "X801",
        name: "score-mismatch",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "X802",
        name: "board-rotation",
        severity: Severity::Hint,
    },
    CodeInfo {
        code: "X803",
        name: "result-sum",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "X804",
        name: "rubber-vulnerability",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "X805",
        name: "result-without-declarer",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "R901",
        name: "unknown-label",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "R902",
        name: "invalid-label-character",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "R903",
        name: "label-too-long",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "R904",
        name: "malformed-field",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "R905",
        name: "unterminated-paragraph",
        severity: Severity::Warning,
    },
    CodeInfo {
        code: "R906",
        name: "missing-space-after-label",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "L701",
        name: "unknown-key",
        severity: Severity::Info,
    },
    CodeInfo {
        code: "L702",
        name: "malformed-pair",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "L703",
        name: "malformed-deal-or-board",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "L704",
        name: "malformed-vulnerability",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "L705",
        name: "player-count",
        severity: Severity::Warning,
    },
    CodeInfo {
        code: "L706",
        name: "malformed-call",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "L707",
        name: "malformed-card",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "L708",
        name: "malformed-claim",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "L709",
        name: "result-mismatch",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "L710",
        name: "unreadable-handviewer-address",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "O101",
        name: "double-dummy-mismatch",
        severity: Severity::Error,
    },
    CodeInfo {
        code: "O102",
        name: "par-mismatch",
        severity: Severity::Warning,
    },
    CodeInfo {
        code: "O103",
        name: "double-dummy-table-shape",
        severity: Severity::Warning,
    },
];

/// The catalogue entry of `code`, if it exists.
pub fn lookup(code: &str) -> Option<&'static CodeInfo> {
    CATALOGUE.iter().find(|info| info.code == code)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows of `docs/diagnostics.md`'s catalogue tables (those headed `code | name |
    /// severity | when | range`), under the family heading (`## S — …`) they stand in.
    fn documented() -> Vec<(char, String, String, String)> {
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
                if let (Some(family), [code, name, severity, ..]) = (family, cells.as_slice()) {
                    rows.push((
                        family,
                        code.to_string(),
                        name.to_string(),
                        severity.to_string(),
                    ));
                }
            }
        }
        rows
    }

    /// The catalogue and its document say the same: each code once, in its family's table, with
    /// the same name and default severity, and no row for a code the catalogue lacks.
    #[test]
    fn the_document_lists_every_code_with_its_name_and_severity() {
        let rows = documented();
        assert_eq!(rows.len(), CATALOGUE.len(), "rows read");
        for info in CATALOGUE {
            let found: Vec<_> = rows.iter().filter(|r| r.1 == info.code).collect();
            assert_eq!(found.len(), 1, "{}: {} rows", info.code, found.len());
            let (family, _, name, severity) = found[0];
            assert_eq!(
                info.code.chars().next(),
                Some(*family),
                "{} under {family}",
                info.code
            );
            assert_eq!(name, info.name, "{}", info.code);
            assert_eq!(severity, info.severity.name(), "{}", info.code);
        }
        for (_, code, _, _) in &rows {
            assert!(
                lookup(code).is_some(),
                "{code} is documented but not in the catalogue"
            );
        }
    }
}
