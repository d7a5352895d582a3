//! Every code the game checks own: a fixture that triggers it (code, severity, exact range) and
//! a near-identical legal fixture that does not; legal files get no error and no warning.
//!
//! Fixtures live in `tests/fixtures/check/`: `<CODE>.bad.pbn` starts with
//! `; expect <CODE> <severity> <line>:<column>-<line>:<column>` (1-based, columns in
//! characters, end exclusive), `<CODE>.ok.pbn` with `; expect no <CODE>`.

use std::path::{Path, PathBuf};

use kibitzer::analysis::{check_stream, check_text, CheckOptions};
use kibitzer::diagnostic::{Diagnostic, Severity};
use kibitzer::syntax::Parse;
use kibitzer::text::{LineIndex, PositionEncoding};

/// The codes the game checks own, read from the catalogue: PBN's codes of the families S, T,
/// D, N, B and X; the suppression codes (S012, S013) are `tests/suppression.rs`'s.
fn owned() -> Vec<&'static str> {
    kibitzer::diagnostic::CATALOGUE
        .iter()
        .filter(|info| "STDNBX".contains(info.code.family()) && info.code.applies_to('P'))
        .map(|info| info.code.as_str())
        .filter(|code| !matches!(*code, "S012" | "S013"))
        .collect()
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check")
}

fn check(text: &str) -> Vec<Diagnostic> {
    let report = check_text(text, &Parse::new(text), &CheckOptions::default());
    // The streaming checker must agree with the checker over a whole parse.
    let streamed = check_stream(text, &CheckOptions::default(), 2);
    assert_eq!(report.diagnostics, streamed.diagnostics);
    report.diagnostics
}

fn position(text: &str, index: &LineIndex, offset: u32) -> String {
    let lc = index.line_col(text, offset, PositionEncoding::Utf32);
    format!("{}:{}", lc.line + 1, lc.col + 1)
}

fn describe(text: &str, diagnostics: &[Diagnostic]) -> String {
    let index = LineIndex::new(text);
    diagnostics
        .iter()
        .map(|d| {
            format!(
                "{} {} {}-{} {}",
                d.code,
                d.severity.name(),
                position(text, &index, d.range.start().into()),
                position(text, &index, d.range.end().into()),
                d.message
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_owned_code_is_triggered_exactly_where_expected() {
    for code in owned() {
        let path = fixtures().join(format!("{code}.bad.pbn"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let header = text.lines().next().unwrap_or_default();
        let words: Vec<&str> = header.split_whitespace().collect();
        assert_eq!(words.len(), 5, "{code}: bad header {header}");
        assert_eq!(words[2], code, "{code}: header names another code");
        let diagnostics = check(&text);
        let index = LineIndex::new(&text);
        let found: Vec<&Diagnostic> = diagnostics.iter().filter(|d| d.code == code).collect();
        assert_eq!(
            found.len(),
            1,
            "{code}: expected one diagnostic, got:\n{}",
            describe(&text, &diagnostics)
        );
        let d = found[0];
        let range = format!(
            "{}-{}",
            position(&text, &index, d.range.start().into()),
            position(&text, &index, d.range.end().into())
        );
        assert_eq!(d.severity.name(), words[3], "{code}: severity");
        assert_eq!(range, words[4], "{code}: range ({})", d.message);
        assert!(!d.message.is_empty());
    }
}

#[test]
fn near_identical_legal_files_are_clean() {
    for code in owned() {
        let path = fixtures().join(format!("{code}.ok.pbn"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let diagnostics = check(&text);
        assert!(
            diagnostics.iter().all(|d| d.code != code),
            "{code}: the legal file triggers it:\n{}",
            describe(&text, &diagnostics)
        );
        let serious: Vec<Diagnostic> = diagnostics
            .into_iter()
            .filter(|d| d.severity >= Severity::Warning)
            .collect();
        assert!(
            serious.is_empty(),
            "{code}: the legal file has problems:\n{}",
            describe(&text, &serious)
        );
    }
}

#[test]
fn the_standards_example_game_is_clean() {
    let text = std::fs::read_to_string(fixtures().join("spec_example.pbn")).unwrap_or_default();
    assert!(text.contains("[Deal \"N:.63.AKQ987.A9732"));
    let diagnostics = check(&text);
    assert!(diagnostics.is_empty(), "{}", describe(&text, &diagnostics));
}

#[test]
fn generated_games_are_clean() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/tools/gen_pbn.py");
    let output = std::process::Command::new("python3")
        .arg(&script)
        .args(["50", "--rich"])
        .output()
        .expect("python3 must be available to run gen_pbn.py");
    assert!(output.status.success(), "gen_pbn.py failed");
    let text = String::from_utf8(output.stdout).expect("gen_pbn.py writes UTF-8");
    let report = check_text(&text, &Parse::new(&text), &CheckOptions::default());
    assert_eq!(report.games, 50);
    let serious: Vec<Diagnostic> = report
        .diagnostics
        .into_iter()
        .filter(|d| d.severity >= Severity::Warning)
        .collect();
    assert!(serious.is_empty(), "{}", describe(&text, &serious));
}

#[test]
fn fixes_replace_what_they_say() {
    let text = "[Contract \"3N\"]\n[Vulnerable \"N-S\"]\n";
    let diagnostics = check(text);
    let fixed: Vec<String> = diagnostics
        .iter()
        .filter(|d| d.code == "T102")
        .map(|d| {
            let edit = &d.fixes[0].edits[0];
            let mut new = text.to_string();
            new.replace_range(
                usize::from(edit.range.start())..usize::from(edit.range.end()),
                &edit.new_text,
            );
            new
        })
        .collect();
    assert_eq!(
        fixed,
        [
            "[Contract \"3NT\"]\n[Vulnerable \"N-S\"]\n",
            "[Contract \"3N\"]\n[Vulnerable \"NS\"]\n"
        ]
    );
}

#[test]
fn duplicate_card_names_both_hands_and_points_at_the_first() {
    let text = "[Deal \"N:AK... - KQ2... -\"]\n";
    let diagnostics = check(text);
    let d = diagnostics
        .iter()
        .find(|d| d.code == "D203")
        .expect("a D203");
    assert_eq!(
        d.message,
        "South holds ♠K, but it is already in North's hand"
    );
    assert_eq!(&text[d.range], "K");
    assert_eq!(usize::from(d.range.start()), 17);
    assert_eq!(usize::from(d.related[0].range.start()), 10);
}

#[test]
fn inheritance_carries_values_between_games() {
    let text =
        "[Event \"##Club\"]\n[Board \"1\"]\n\n[Board \"#\"]\n\n[Event \"Other\"]\n[Board \"2\"]\n";
    let diagnostics = check(text);
    assert!(diagnostics.is_empty(), "{}", describe(text, &diagnostics));
    // An export file may omit a mandatory tag a `##` supplies; not one nobody supplies.
    let export = "% EXPORT\n[Event \"##Club\"]\n\n[Site \"x\"]\n";
    let report = check_text(export, &Parse::new(export), &CheckOptions::default());
    let t106: Vec<&Diagnostic> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "T106")
        .collect();
    assert_eq!(t106.len(), 2);
    assert!(!t106[1].message.contains("Event"));
    assert!(t106[1].message.contains("Board"));
}

/// B703 is a warning where a producer spells a cell its own way (the reference verifier checks
/// only a cell's characters), with a fix for Bridgewebs' `3D*` and `PO`; a value that cannot happen at the
/// table stays an error.
#[test]
fn table_cells_spelled_by_producers_are_warnings_and_impossible_ones_errors() {
    let game = |rows: &str| {
        format!(
            "[Event \"Club\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
             [Deal \"N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85\"]\n\
             [ScoreTable \"PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R\"]\n\
             {rows}\n"
        )
    };
    let text = game(
        " 1  2 3D*   N  9\n 3  4 4S**  S 10\n 5  6 A     A  A\n 7  8 4S    S 14\n 9 10 PO    -  -",
    );
    let found: Vec<(String, Severity, String)> = check(&text)
        .into_iter()
        .filter(|d| d.code == "B703")
        .map(|d| {
            let fixed = d.fixes.first().map(|f| f.edits[0].new_text.clone());
            (
                text[d.range].to_string(),
                d.severity,
                fixed.unwrap_or_default(),
            )
        })
        .collect();
    let expected = [
        ("3D*", Severity::Warning, "3DX"),
        ("4S**", Severity::Warning, "4SXX"),
        ("A", Severity::Warning, ""),
        ("A", Severity::Warning, ""),
        ("A", Severity::Warning, ""),
        ("14", Severity::Error, ""),
        // Bridgewebs' passed-out board.
        ("PO", Severity::Warning, "Pass"),
    ];
    let expected: Vec<(String, Severity, String)> = expected
        .iter()
        .map(|(t, s, f)| (t.to_string(), *s, f.to_string()))
        .collect();
    assert_eq!(found, expected);
}
