//! The project's scripts find what cargo built wherever it put it: with `CARGO_TARGET_DIR` set
//! (or a target folder in cargo's settings), `./target/release/…` does not exist, and the test
//! command once failed there at the reference-verifier step.

use std::path::Path;

/// Whether a line of a script names cargo's output under `target/` without asking where cargo
/// builds: a path into `target/release` or `target/debug` on a line that neither reads
/// `CARGO_TARGET_DIR` nor is a comment.
fn assumes_target_folder(line: &str) -> bool {
    let code = line.trim_start();
    if code.starts_with('#') || code.starts_with("//") || line.contains("CARGO_TARGET_DIR") {
        return false;
    }
    [
        "target/release",
        "target/debug",
        "target/web",
        "join(repo, \"target\"",
    ]
    .iter()
    // `$target/release` reads a variable the script got from cargo: only a literal folder counts.
    .any(|path| {
        line.match_indices(path)
            .any(|(at, _)| !line[..at].ends_with('$'))
    })
}

#[test]
fn no_script_assumes_cargos_target_folder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut scripts = Vec::new();
    for folder in [
        "scripts",
        ".ci",
        "syntaxes",
        "editors/vscode/scripts",
        "editors/vscode/test",
        "editors/playground/scripts",
        "editors/playground/test",
    ] {
        let Ok(entries) = std::fs::read_dir(root.join(folder)) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let script = path
                .extension()
                .is_some_and(|e| e == "sh" || e == "mjs" || e == "py")
                || path.file_name().is_some_and(|n| n == "run");
            if script && path.is_file() {
                scripts.push(path);
            }
        }
    }
    assert!(scripts.len() >= 10, "found only {scripts:?}");
    let mut found = Vec::new();
    for script in &scripts {
        let text = std::fs::read_to_string(script).unwrap_or_default();
        for (number, line) in text.lines().enumerate() {
            if assumes_target_folder(line) {
                found.push(format!("{}:{}: {line}", script.display(), number + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "these lines assume cargo builds into ./target (ask cargo, or read CARGO_TARGET_DIR):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_rule_sees_what_it_is_for() {
    assert!(assumes_target_folder(
        "./target/release/examples/reference_diff --logs x"
    ));
    assert!(assumes_target_folder(
        "const wasm = join(repo, \"target\", \"release\");"
    ));
    assert!(!assumes_target_folder(
        "bin=\"${CARGO_TARGET_DIR:-target}/release/kibitzer\""
    ));
    assert!(!assumes_target_folder(
        "# target/release is cargo's default"
    ));
}
