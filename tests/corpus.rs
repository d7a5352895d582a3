//! Checks every file of the shared corpus and compares the codes each gets with a reviewed
//! snapshot (`tests/snapshots/corpus_codes.txt`). Run with `UPDATE_SNAPSHOTS=1` to rewrite the
//! snapshot's data lines; its `#` comment lines (the review notes) are kept.

use std::collections::BTreeMap;
use std::path::Path;

use kibitzer::analysis::{check_stream, check_text, CheckOptions};
use kibitzer::syntax::Parse;
use kibitzer::text::read_file;

fn codes_per_file() -> Vec<String> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/pbn");
    let entries = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("the corpus folder {folder:?} is needed: {e}"));
    let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    assert!(paths.len() > 100, "the corpus looks incomplete");
    let mut lines = Vec::new();
    for path in paths {
        let source = read_file(&path).unwrap_or_else(|e| panic!("{e}"));
        let text = &source.text;
        let report = check_text(text, &Parse::new(text), &CheckOptions::default());
        let streamed = check_stream(text, &CheckOptions::default(), 2);
        assert_eq!(report.diagnostics, streamed.diagnostics, "{path:?}");
        assert_eq!(report.games, streamed.games, "{path:?}");
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for d in &report.diagnostics {
            *counts.entry(d.code.as_str()).or_default() += 1;
        }
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let codes: Vec<String> = counts
            .iter()
            .map(|(code, n)| format!("{code}x{n}"))
            .collect();
        lines.push(
            format!("{name}: games={} {}", report.games, codes.join(" "))
                .trim_end()
                .to_string(),
        );
    }
    lines
}

#[test]
fn corpus_codes_match_the_reviewed_snapshot() {
    let snapshot = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/corpus_codes.txt");
    let existing = std::fs::read_to_string(&snapshot).unwrap_or_default();
    let actual = codes_per_file();
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        let mut text: String = existing
            .lines()
            .filter(|l| l.starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect();
        for line in &actual {
            text.push_str(line);
            text.push('\n');
        }
        std::fs::write(&snapshot, text).expect("write the snapshot");
        return;
    }
    let expected: Vec<&str> = existing
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    let mismatches: Vec<String> = actual
        .iter()
        .zip(expected.iter().chain(std::iter::repeat(&"<missing>")))
        .filter(|(a, e)| a.as_str() != **e)
        .map(|(a, e)| format!("expected: {e}\n  actual: {a}"))
        .collect();
    assert!(
        mismatches.is_empty() && actual.len() == expected.len(),
        "corpus codes changed (UPDATE_SNAPSHOTS=1 to accept after review):\n{}",
        mismatches.join("\n")
    );
}
