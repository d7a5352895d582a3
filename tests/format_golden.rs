//! Golden tests: `tests/fixtures/format/NAME.in.pbn` formats to `NAME.out.pbn` (default options)
//! and, for the inputs whose name starts with `standard` or `export`, to `NAME.export.pbn`
//! (`--export --eol crlf`). `UPDATE_GOLDEN=1 cargo test --test format_golden` rewrites the
//! expected files; the standard example's export file is written by hand and never rewritten.
//! Every output must also keep the meaning of its input (as the corpus test checks it).

mod common;

use std::path::{Path, PathBuf};

use common::meaning::{compare, view};
use kibitzer::analysis::CheckOptions;
use kibitzer::format::pbn::render::push_converted;
use kibitzer::format::{format_text, Eol, FormatOptions};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/format")
}

fn check(expected_path: &Path, actual: &str, may_update: bool) -> Result<(), String> {
    let update = may_update && std::env::var_os("UPDATE_GOLDEN").is_some();
    if update {
        std::fs::write(expected_path, actual).map_err(|e| e.to_string())?;
        return Ok(());
    }
    let expected = std::fs::read_to_string(expected_path).map_err(|e| {
        format!(
            "{}: {e} (run with UPDATE_GOLDEN=1)",
            expected_path.display()
        )
    })?;
    if expected != actual {
        let diff = similar::TextDiff::from_lines(expected.as_str(), actual)
            .unified_diff()
            .header("expected", "actual")
            .to_string();
        return Err(format!("{}:\n{diff}", expected_path.display()));
    }
    Ok(())
}

#[test]
fn golden_files() {
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .expect("fixtures folder")
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".in.pbn"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 8, "golden inputs missing");
    let mut failures = Vec::new();
    for input in &inputs {
        let text = std::fs::read_to_string(input).unwrap();
        let stem = input
            .file_name()
            .unwrap()
            .to_string_lossy()
            .trim_end_matches(".in.pbn")
            .to_string();
        let mut runs = vec![("out", FormatOptions::default())];
        if stem.starts_with("standard") || stem.starts_with("export") {
            let export = FormatOptions {
                export: true,
                eol: Eol::Crlf,
            };
            runs.push(("export", export));
        }
        for (suffix, options) in runs {
            let actual = format_text(&text, &options);
            assert_eq!(
                format_text(&actual, &options),
                actual,
                "{stem}.{suffix}: not idempotent"
            );
            let mut baseline = String::new();
            match options.eol {
                Eol::Crlf => push_converted(&mut baseline, &text, "\r\n"),
                _ => baseline.push_str(&text),
            }
            let check_options = CheckOptions {
                export: options.export,
                ..CheckOptions::default()
            };
            let (before, after) = (
                view(&baseline, &check_options),
                view(&actual, &check_options),
            );
            for problem in compare(&before, &after, options.export) {
                failures.push(format!("{stem}.{suffix}: {problem}"));
            }
            let expected = fixtures().join(format!("{stem}.{suffix}.pbn"));
            let hand_written = stem == "standard-example" && suffix == "export";
            if let Err(message) = check(&expected, &actual, !hand_written) {
                failures.push(message);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
