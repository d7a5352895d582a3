//! The PBN standard's own examples (tests/fixtures/standard): the example game of chapter 1.2 as
//! printed, and each irregularity of chapter 3.9 in a whole game. The standard calls them right,
//! so they get no error and no warning; formatting them twice is formatting them once. The
//! reference verifier's step (scripts/test-reference-verifier.sh) compares their verdicts and
//! export too.

use kibitzer::analysis::CheckOptions;
use kibitzer::diagnostic::Severity;
use kibitzer::format::{format_text, FormatOptions};
use kibitzer::Notation;

#[test]
fn the_standards_examples_are_clean_and_format_stably() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/standard");
    let mut games = 0;
    for entry in std::fs::read_dir(&folder).expect("the fixtures").flatten() {
        let path = entry.path();
        let text = kibitzer::text::read_file(&path).expect("a fixture").text;
        let report = Notation::Pbn.check(&text, &CheckOptions::default());
        let loud: Vec<String> = report
            .diagnostics
            .iter()
            .filter(|d| d.severity >= Severity::Warning)
            .map(|d| format!("{} {}", d.code, d.message))
            .collect();
        assert!(loud.is_empty(), "{}: {loud:#?}", path.display());
        games += report.games;
        for export in [false, true] {
            let options = FormatOptions {
                export,
                ..FormatOptions::default()
            };
            let once = format_text(&text, &options);
            assert_eq!(format_text(&once, &options), once, "{}", path.display());
        }
    }
    // The example game and the eight irregularities.
    assert_eq!(games, 9);
}
