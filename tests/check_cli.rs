//! `kibitzer check` as a CI user runs it: `--fix` over a copy of the corpus (meaning kept,
//! nothing fixable left, idempotent), `--unsafe-fixes`, `--diff`, selection, `--statistics`, and
//! the output formats (GitHub workflow commands against their syntax, SARIF against the required
//! fields of its schema).

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::meaning::{compare_meaning, view};
use common::{kibitzer, scratch};
use kibitzer::analysis::CheckOptions;
use kibitzer::syntax::DATA_LINE_CAP;
use kibitzer::text::decode;
use serde_json::Value;

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
            let mut permissions = std::fs::metadata(&target).unwrap().permissions();
            #[allow(clippy::permissions_set_readonly_false)]
            permissions.set_readonly(false);
            std::fs::set_permissions(&target, permissions).unwrap();
        }
    }
}

/// `--statistics --output-format json` of a folder: code → (count, fixable).
fn statistics(path: &Path, extra: &[&str]) -> Vec<(String, u64, u64)> {
    let mut args = vec!["check", "--statistics", "--output-format", "json"];
    args.extend(extra);
    let path = path.to_string_lossy().into_owned();
    args.push(&path);
    let output = kibitzer(&args);
    let rows: Vec<Value> = serde_json::from_slice(&output.stdout).expect("statistics as JSON");
    rows.iter()
        .map(|r| {
            (
                r["code"].as_str().unwrap().to_string(),
                r["count"].as_u64().unwrap(),
                r["fixable"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn print_statistics(title: &str, rows: &[(String, u64, u64)]) {
    println!("{title}:");
    for (code, count, fixable) in rows {
        println!("  {count:>6} {code} ({fixable} fixable)");
    }
}

#[test]
fn fix_over_the_corpus_keeps_meaning_leaves_nothing_fixable_and_is_idempotent() {
    let dir = scratch("fix-corpus");
    copy_tree(&common::corpus_dir().join("pbn"), &dir.join("pbn"));
    copy_tree(&common::corpus_dir().join("rbn"), &dir.join("rbn"));
    let before = statistics(&dir, &[]);
    print_statistics("before --fix", &before);
    let fixable_before: u64 = before.iter().map(|r| r.2).sum();
    assert!(fixable_before > 10_000, "{fixable_before}");

    let originals: Vec<(PathBuf, String)> = common::corpus_files("pbn", "pbn")
        .into_iter()
        .map(|p| {
            let text = decode(&std::fs::read(&p).unwrap()).unwrap().text;
            (dir.join("pbn").join(p.file_name().unwrap()), text)
        })
        .collect();

    let first = kibitzer(&[
        "check",
        "--fix",
        "--output-format",
        "concise",
        dir.to_str().unwrap(),
    ]);
    let summary = stdout(&first);
    assert!(summary.contains("fixed "), "{summary}");
    let after = statistics(&dir, &[]);
    print_statistics("after --fix", &after);
    assert!(
        after.iter().all(|r| r.2 == 0),
        "findings with a safe fix are left: {after:?}"
    );

    // The meaning of every game is what it was: the fixes only respell.
    let options = CheckOptions::default();
    let mut changed_files = 0;
    for (path, original) in &originals {
        let fixed = decode(&std::fs::read(path).unwrap()).unwrap().text;
        if fixed == *original {
            continue;
        }
        changed_files += 1;
        // A T102 fix rewrites a tag value in its standard form (`2024-05-28` as `2024.05.28`):
        // such a value may change, to exactly what a fix of the original proposed.
        let proposed: Vec<String> = kibitzer::Notation::Pbn
            .check(original, &options)
            .diagnostics
            .iter()
            .filter(|d| d.code == "T102")
            .flat_map(|d| d.fixes.iter().flat_map(|f| f.edits.iter()))
            .map(|e| format!("{:?}", e.new_text))
            .collect();
        let problems: Vec<String> =
            compare_meaning(&view(original, &options), &view(&fixed, &options))
                .into_iter()
                .filter(|p| {
                    let Some((_, change)) = p.split_once(": tag ") else {
                        return true;
                    };
                    let after = change.rsplit_once(" → ").map_or("", |(_, a)| a);
                    !proposed.iter().any(|value| after.contains(value.as_str()))
                })
                .collect();
        assert!(problems.is_empty(), "{}: {problems:#?}", path.display());
    }
    assert!(changed_files > 20, "{changed_files}");

    // A second run changes nothing.
    let snapshot: Vec<Vec<u8>> = originals
        .iter()
        .map(|(p, _)| std::fs::read(p).unwrap())
        .collect();
    let second = kibitzer(&["check", "--fix", dir.to_str().unwrap()]);
    assert!(stdout(&second).contains("fixed 0 findings in 0 files"));
    for ((path, _), bytes) in originals.iter().zip(snapshot) {
        assert_eq!(std::fs::read(path).unwrap(), bytes, "{}", path.display());
    }
}

const GAME: &str = "[Event \"x\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n[Declarer \"S\"]\n[Contract \"3NT\"]\n[Result \"9\"]\n[Auction \"N\"]\n1S P 2S P\nP P\n";

fn fixture(name: &str, text: &str) -> PathBuf {
    let dir = scratch(name);
    let path = dir.join("game.pbn");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn safe_fixes_respell_and_unsafe_ones_need_asking() {
    let path = fixture("unsafe", GAME);
    let file = path.to_str().unwrap();
    let output = kibitzer(&["check", "--fix", file]);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("1S Pass 2S Pass\nPass Pass\n"), "{text}");
    assert!(
        text.contains("[Contract \"3NT\"]"),
        "the contract needs asking"
    );
    let summary = stdout(&output);
    assert!(summary.contains("more with --unsafe-fixes"), "{summary}");
    assert_eq!(
        output.status.code(),
        Some(1),
        "the contract still contradicts the auction"
    );

    let json = kibitzer(&["check", "--output-format", "json", file]);
    let document: Value = serde_json::from_slice(&json.stdout).unwrap();
    let fixes: Vec<&Value> = document["files"][0]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| d["fixes"].as_array().unwrap())
        .collect();
    assert!(!fixes.is_empty());
    assert!(
        fixes.iter().all(|f| f["applicability"] == "unsafe"),
        "{fixes:?}"
    );

    let output = kibitzer(&["check", "--fix", "--unsafe-fixes", file]);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("[Contract \"2S\"]") && text.contains("[Declarer \"N\"]"),
        "{text}"
    );
    assert!(stdout(&output).contains("fixed "));
}

#[test]
fn diff_shows_the_fixes_and_writes_nothing() {
    let path = fixture("diff", GAME);
    let file = path.to_str().unwrap();
    let output = kibitzer(&["check", "--fix", "--diff", file]);
    let diff = stdout(&output);
    assert!(
        diff.contains("-1S P 2S P\n-P P\n+1S Pass 2S Pass\n+Pass Pass\n"),
        "{diff}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), GAME);
    assert_eq!(output.status.code(), Some(1));
    let lone = kibitzer(&["check", "--diff", file]);
    assert_eq!(lone.status.code(), Some(2), "--diff goes with --fix");
}

#[test]
fn selection_by_code_and_prefix() {
    let path = fixture("select", GAME);
    let file = path.to_str().unwrap();
    let codes = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["check", "--output-format", "json", "--min-severity", "hint"];
        all.extend(args);
        all.push(file);
        let document: Value = serde_json::from_slice(&kibitzer(&all).stdout).unwrap();
        let mut codes: Vec<String> = document["files"][0]["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["code"].as_str().unwrap().to_string())
            .collect();
        codes.sort();
        codes.dedup();
        codes
    };
    let everything = codes(&[]);
    assert!(everything.contains(&"A301".to_string()) && everything.contains(&"A308".to_string()));
    assert_eq!(codes(&["--select", "A301"]), vec!["A301"]);
    assert!(!codes(&["--ignore", "A3"])
        .iter()
        .any(|c| c.starts_with("A3")));
    let mixed = codes(&["--select", "A", "--ignore", "A301"]);
    assert!(!mixed.is_empty() && mixed.iter().all(|c| c.starts_with('A') && c != "A301"));
    let extended = codes(&["--select", "A308", "--extend-select", "A309"]);
    assert_eq!(extended, vec!["A308", "A309"]);
    let bad = kibitzer(&["check", "--select", "Z1", file]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("`Z1` matches no diagnostic code"));
}

#[test]
fn statistics_count_each_code_once_per_finding() {
    let path = fixture("statistics", GAME);
    let rows = statistics(&path, &[]);
    let a301 = rows.iter().find(|r| r.0 == "A301").expect("A301 counted");
    assert_eq!((a301.1, a301.2), (4, 4));
    let human = stdout(&kibitzer(&[
        "check",
        "--statistics",
        path.to_str().unwrap(),
    ]));
    let first = human.lines().next().unwrap();
    assert_eq!(
        first.split_whitespace().collect::<Vec<_>>(),
        ["4", "A301", "invalid-call", "(4", "fixable)"]
    );
}

#[test]
fn github_lines_follow_the_workflow_command_syntax() {
    let path = fixture("github, 50%", GAME);
    let output = kibitzer(&["check", "--output-format", "github", path.to_str().unwrap()]);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert!(!lines.is_empty());
    for line in lines {
        let rest = line
            .strip_prefix("::error ")
            .or_else(|| line.strip_prefix("::warning "))
            .or_else(|| line.strip_prefix("::notice "))
            .unwrap_or_else(|| panic!("not a workflow command: {line}"));
        let (properties, message) = rest.split_once("::").expect("properties::message");
        assert!(!message.is_empty() && !message.contains('\n'));
        let keys: Vec<&str> = properties
            .split(',')
            .map(|p| p.split_once('=').expect("key=value").0)
            .collect();
        assert_eq!(
            keys,
            ["file", "line", "col", "endLine", "endColumn", "title"]
        );
        for property in properties.split(',') {
            let value = property.split_once('=').unwrap().1;
            assert!(!value.contains(':'), "unescaped `:` in {property}");
        }
        assert!(properties.contains("github%2C 50%25"), "{properties}");
    }
}

#[test]
fn sarif_has_the_fields_its_schema_requires() {
    let path = fixture("sarif", GAME);
    let output = kibitzer(&["check", "--output-format", "sarif", path.to_str().unwrap()]);
    let document: Value = serde_json::from_slice(&output.stdout).expect("SARIF is JSON");
    assert_eq!(document["version"], "2.1.0");
    assert!(document["$schema"]
        .as_str()
        .unwrap()
        .contains("sarif-2.1.0"));
    let run = &document["runs"][0];
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "kibitzer");
    let rules = driver["rules"].as_array().unwrap();
    assert!(rules.len() > 50);
    for rule in rules {
        assert!(rule["id"].is_string() && rule["name"].is_string());
        assert!(!rule["help"]["text"].as_str().unwrap().is_empty());
    }
    let results = run["results"].as_array().unwrap();
    assert!(!results.is_empty());
    for result in results {
        assert!(!result["message"]["text"].as_str().unwrap().is_empty());
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], result["ruleId"]);
        assert!(["error", "warning", "note"].contains(&result["level"].as_str().unwrap()));
        let location = &result["locations"][0]["physicalLocation"];
        assert!(location["artifactLocation"]["uri"]
            .as_str()
            .unwrap()
            .ends_with("game.pbn"));
        let region = &location["region"];
        for key in ["startLine", "startColumn", "endLine", "endColumn"] {
            assert!(region[key].as_u64().unwrap() >= 1, "{key}");
        }
    }
}

/// Files with more findings than a checking thread holds hand them to the printer in batches
/// as their check goes; several such files checked together still print whole, one after
/// another in the order given, in every format.
#[test]
fn files_with_thousands_of_findings_print_whole_and_in_order() {
    let dir = scratch("many_findings");
    let files = [
        ("a.pbn", "[Board \"1\"]\n[Dealer \"Q\"]\n\n".repeat(9000)),
        ("b.lin", "qx|o1|mb|9x|\n".repeat(7000)),
        ("c.pbn", "[Dealer \"Q\"]\n".to_string()),
        ("d.pbn", "[Board \"1\"]\n[Dealer \"Q\"]\n\n".repeat(5000)),
    ];
    let expected = [9000, 7000, 1, 5000];
    for (name, text) in &files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let paths: Vec<String> = files
        .iter()
        .map(|(name, _)| dir.join(name).display().to_string())
        .collect();
    let mut args = vec!["check", "--select", "T102,L"];
    args.extend(paths.iter().map(String::as_str));

    let concise = stdout(&kibitzer(
        &[&args[..], &["--output-format", "concise"]].concat(),
    ));
    let mut runs: Vec<(String, usize)> = Vec::new();
    for line in concise.lines().filter(|l| l.contains("error[")) {
        let file = line.split(':').next().unwrap().to_string();
        match runs.last_mut() {
            Some((last, count)) if *last == file => *count += 1,
            _ => runs.push((file, 1)),
        }
    }
    let counted: Vec<(String, usize)> = paths.iter().cloned().zip(expected).collect();
    assert_eq!(
        runs, counted,
        "each file's findings together, files in order"
    );

    let json: Value = serde_json::from_slice(
        &kibitzer(&[&args[..], &["--output-format", "json"]].concat()).stdout,
    )
    .expect("the JSON document is whole");
    let objects = json["files"].as_array().unwrap();
    assert_eq!(objects.len(), files.len());
    for ((object, path), count) in objects.iter().zip(&paths).zip(expected) {
        assert_eq!(object["path"], path.as_str());
        assert_eq!(object["diagnostics"].as_array().unwrap().len(), count);
        assert_eq!(
            object["games"],
            if path.ends_with("c.pbn") { 1 } else { count }
        );
    }
    assert_eq!(json["summary"]["errors"], expected.iter().sum::<usize>());

    let sarif: Value = serde_json::from_slice(
        &kibitzer(&[&args[..], &["--output-format", "sarif"]].concat()).stdout,
    )
    .expect("the SARIF document is whole");
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), expected.iter().sum::<usize>());
}

#[test]
fn piped_runs_print_no_progress_bar() {
    let dir = scratch("progress");
    for name in ["a.pbn", "b.pbn", "c.pbn"] {
        std::fs::write(dir.join(name), GAME).unwrap();
    }
    let output = kibitzer(&["check", dir.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.is_empty(), "stderr: {stderr}");
    assert!(stdout(&output).contains("Checked 3 games in 3 files"));
}

#[test]
fn concise_lines_name_place_code_and_fixability() {
    let path = fixture("concise", GAME);
    let text = stdout(&kibitzer(&[
        "check",
        "--output-format",
        "concise",
        path.to_str().unwrap(),
    ]));
    let first = text.lines().find(|l| l.contains("A301")).unwrap();
    assert!(
        first.ends_with(
            "game.pbn:10:4: error[A301] [*] `P` is not a PBN call; `Pass` was probably meant"
        ),
        "{first}"
    );
    assert!(
        text.lines().last().unwrap().contains("fixable with --fix"),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_loop_is_searched_once_with_a_warning() {
    let dir = common::scratch("check_symlink_loop");
    let inner = dir.join("a");
    std::fs::create_dir_all(&inner).unwrap();
    std::os::unix::fs::symlink("..", inner.join("up")).unwrap();
    std::fs::write(inner.join("one.pbn"), "[Event \"x\"]\n[Board \"1\"]\n").unwrap();
    let out = common::kibitzer(&["check", "--output-format", "json", dir.to_str().unwrap()]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["files"].as_array().unwrap().len(), 1, "{report}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("already searched"), "{stderr}");
}

/// A file that is not text (a program renamed `.pbn`, five million NULs) is refused by `check`,
/// `check --fix` and `fmt` alike, with one message naming it, and is never rewritten (`--fix`
/// once reported 42,572 "safe" fixes on a program and halved it); a text file with a few stray
/// control bytes is still checked, and a run of them is one finding.
#[test]
fn a_file_that_is_not_text_is_refused_and_never_rewritten() {
    let dir = common::scratch("check_not_text");
    // A real program: this one.
    let program = std::fs::read(env!("CARGO_BIN_EXE_kibitzer")).expect("the binary");
    for (name, bytes) in [("program.pbn", program), ("nuls.lin", vec![0u8; 5_000_000])] {
        let path = dir.join(name);
        std::fs::write(&path, &bytes).unwrap();
        let shown = path.to_str().unwrap();
        for args in [
            &["check"][..],
            &["check", "--fix"],
            &["fmt"],
            &["convert", "--to", "pbn"],
        ] {
            let mut all = args.to_vec();
            all.push(shown);
            let out = common::kibitzer(&all);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?} {name}: {stderr}");
            assert_eq!(stderr.matches("not a text file").count(), 1, "{stderr}");
            assert!(stderr.contains(name), "{stderr}");
            assert_eq!(
                std::fs::read(&path).unwrap(),
                bytes,
                "{args:?} rewrote {name}"
            );
        }
    }
    // A real game with stray NULs in it: checked, the run of them one finding.
    let path = dir.join("stray.pbn");
    let mut text = b"[Event \"x\"]\n[Board \"1\"]\n[Dealer \"N\"]\n".repeat(40);
    text.extend([0u8; 12]);
    text.extend(b"\n");
    std::fs::write(&path, &text).unwrap();
    let out = common::kibitzer(&[
        "check",
        "--output-format",
        "json",
        "--select",
        "S007",
        path.to_str().unwrap(),
    ]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let found = report["files"][0]["diagnostics"].as_array().unwrap();
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0]["message"]
        .as_str()
        .unwrap()
        .contains("12 in a row"));
}

/// Runs `kibitzer check` with the environment given, returning its standard output.
fn check_with_env(env: &[(&str, &str)], args: &[&str]) -> Vec<u8> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .arg("check")
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("the binary runs");
    assert!(out.status.code().is_some_and(|c| c < 2), "{out:?}");
    out.stdout
}

/// A large file is checked window by window; what is printed must not depend on that. Every
/// corpus PBN file is checked whole and in windows of a few hundred bytes and of 64 KiB (cut
/// inside games, inside CRLF pairs and inside characters), in the formats that print places.
#[test]
fn a_file_checked_window_by_window_gets_the_findings_of_a_whole_check() {
    let dir = common::scratch("check_windows");
    let mut files = common::corpus_files("pbn", "pbn");
    // Encodings, line ends and a head the corpus may not have: a BOM with CRLF, Latin-1 with
    // lone CRs and no final line end, inheritance with `#`.
    let odd: [(&str, &[u8]); 3] = [
        (
            "bom.pbn",
            b"\xef\xbb\xbf[Board \"x\"]\r\n[Event \"caf\xc3\xa9\"]\r\n[Board \"1\"]\r\n[Deal \"N:AKQ.. - - -\"]\r\n\r\n[Event \"x\"]\r\n[Board \"2\"]",
        ),
        (
            "latin1.pbn",
            b"% PBN 2.1\r[Event \"caf\xe9\"]\r[Board \"1\"]\r[Deal \"N:AKQ.. - - -\"]\r\r[Event \"\xe9\xe9\"]\r[Board \"x\"]",
        ),
        (
            "inherit.pbn",
            b"[Event \"Club\"]\n[Site \"#\"]\n[Board \"1\"]\n\n[Event \"#\"]\n[Board \"2\"]\n[Dealer \"Q\"]\n\n[Event \"#\"]\n",
        ),
    ];
    for (name, bytes) in odd {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        files.push(path);
    }
    let mut compared = 0;
    for path in &files {
        let path = path.to_str().unwrap();
        for format in ["json", "human"] {
            let args = ["--min-severity", "hint", "--output-format", format, path];
            let whole = check_with_env(&[], &args);
            let sizes: &[&str] = if path.starts_with(dir.to_str().unwrap()) {
                &["1", "2", "3", "7", "64"]
            } else {
                &["777", "65536"]
            };
            for window in sizes {
                let env = [
                    ("KIBITZER_STREAM_FROM", "0"),
                    ("KIBITZER_STREAM_WINDOW", *window),
                ];
                let windowed = check_with_env(&env, &args);
                assert!(
                    whole == windowed,
                    "{path}, {format}, windows of {window} bytes:\n{}",
                    similar::TextDiff::from_lines(
                        &String::from_utf8_lossy(&whole),
                        &String::from_utf8_lossy(&windowed)
                    )
                    .unified_diff()
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 300, "{compared}");
}

/// A file of 100 MB, read window by window (from 64 MiB here; 256 MiB by default, where a whole
/// check would take more than 2× the file), is checked in memory far below its size: whole, the
/// text alone would take 100 MB. The windows are 1 MiB here (4 MiB by default), since the trees
/// in flight grow with the window: with 4 MiB windows the peak was 23 MB on a developer's
/// machine but 51 MB in one CI run, too close to the bound; with 1 MiB it is 13 MB.
#[cfg(target_os = "linux")]
#[test]
fn a_large_file_is_checked_in_memory_bounded_by_the_window_not_the_file() {
    let dir = common::scratch("check_large");
    let path = dir.join("large.pbn");
    // Its copies are whole games: it ends with an empty line.
    let game_path = common::corpus_dir().join("pbn/BigDeal__QF1-2.pbn");
    let game = std::fs::read(&game_path).unwrap();
    let size = 100 << 20;
    let mut bytes = Vec::with_capacity(size + game.len());
    while bytes.len() < size {
        bytes.extend_from_slice(&game);
    }
    std::fs::write(&path, &bytes).unwrap();
    let copies = bytes.len() / game.len();
    drop(bytes);
    assert!(copies > 1);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(["check", "--output-format", "json", "--select", "S011"])
        .env("KIBITZER_STREAM_FROM", (64u64 << 20).to_string())
        .env("KIBITZER_STREAM_WINDOW", (1u64 << 20).to_string())
        .arg(&path)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut text).unwrap();
        text
    });
    let (peak_kib, status) = common::peak_memory_kib(child);
    let report: Value = serde_json::from_str(&reader.join().unwrap()).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(status.code().is_some_and(|c| c < 2), "{status:?}");
    let one = kibitzer(&[
        "check",
        "--output-format",
        "json",
        game_path.to_str().unwrap(),
    ]);
    let one: Value = serde_json::from_slice(&one.stdout).unwrap();
    let games_in_one = one["summary"]["games"].as_u64().unwrap();
    eprintln!(
        "checked {} MB ({} games) in a peak of {} MB",
        size >> 20,
        report["summary"]["games"],
        peak_kib >> 10
    );
    assert_eq!(
        report["summary"]["games"].as_u64(),
        Some(games_in_one * copies as u64),
        "{report}"
    );
    assert!(
        peak_kib > 0 && peak_kib < (size as u64 >> 10) / 2,
        "peak {peak_kib} KiB for a file of {size} bytes"
    );
}

/// A play section of 200,000 tokens on one line, with thousands of findings (undefined notes,
/// misplaced `+`, NAGs on cards) in its first [`DATA_LINE_CAP`] bytes, the rest unread: each
/// note fix once copied the whole section and each printed finding the whole line, which took
/// minutes and gigabytes. The source line shown is now a window around the finding, and the
/// columns stay exact.
#[test]
fn thousands_of_findings_on_one_long_line_show_a_window_of_it() {
    let dir = scratch("check_long_line");
    let path = dir.join("long.pbn");
    let tokens = ["SA", "HK", "D2", "C3", "-", "*", "+", "{x}", "=1=", "$3"];
    let mut play = String::new();
    for i in 0..200_000usize {
        play.push_str(tokens[(i * 7 + i / 3) % tokens.len()]);
        play.push(' ');
    }
    let head = "[Event \"\"]\n[Deal \"N:AKQJ.T98.765.432 - - -\"]\n[Declarer \"S\"]\n[Contract \"3NT\"]\n[Play \"W\"]\n";
    std::fs::write(&path, format!("{head}{play}\n")).unwrap();
    let out = kibitzer(&["check", path.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    let findings = text.matches("\n  |\n").count();
    assert!(findings > 5_000, "{findings}");
    let widest = text.lines().map(|l| l.chars().count()).max().unwrap();
    assert!(widest < 400, "a line of {widest} characters was printed");
    // The columns of the concise format are those of the text: the finding at the last `=1=`.
    let concise = kibitzer(&[
        "check",
        "--output-format",
        "concise",
        path.to_str().unwrap(),
    ]);
    let concise = String::from_utf8_lossy(&concise.stdout);
    let last_note = play[..DATA_LINE_CAP].rfind("=1=").unwrap() + 1;
    assert!(
        concise.contains(&format!(":6:{last_note}: error[N401]")),
        "no N401 at column {last_note}"
    );
    // The rest of the line is one finding, starting just past the cap.
    let unread: Vec<usize> = concise
        .lines()
        .filter(|l| l.contains("error[S003]"))
        .filter_map(|l| l.split(':').nth(2)?.parse().ok())
        .collect();
    assert!(
        matches!(unread[..], [column] if column > DATA_LINE_CAP && column < DATA_LINE_CAP + 8),
        "S003 at columns {unread:?}"
    );
}

/// A file that cannot be read is in every output a program reads, not on standard error
/// only: JSON lists it in the summary, SARIF as a notification of an unsuccessful invocation,
/// GitHub as an error on the file. The run still fails (exit 2).
#[test]
fn files_that_cannot_be_read_are_in_the_machine_outputs() {
    let path = fixture("unreadable", GAME);
    let missing = path.with_file_name("missing.pbn");
    let run = |format: &str| {
        let output = kibitzer(&[
            "check",
            "--output-format",
            format,
            path.to_str().unwrap(),
            missing.to_str().unwrap(),
        ]);
        assert_eq!(output.status.code(), Some(2), "{format}");
        output
    };
    let json: Value = serde_json::from_slice(&run("json").stdout).expect("JSON");
    let listed = json["summary"]["unreadable"].as_array().unwrap();
    assert_eq!(listed.len(), 1, "{json}");
    assert!(listed[0]["path"].as_str().unwrap().ends_with("missing.pbn"));
    assert!(!listed[0]["message"].as_str().unwrap().is_empty());
    assert_eq!(json["files"].as_array().unwrap().len(), 1);
    let sarif: Value = serde_json::from_slice(&run("sarif").stdout).expect("SARIF");
    let invocation = &sarif["runs"][0]["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], false);
    let notification = &invocation["toolExecutionNotifications"][0];
    assert_eq!(notification["level"], "error");
    assert!(
        notification["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            .as_str()
            .unwrap()
            .ends_with("missing.pbn")
    );
    let github = stdout(&run("github"));
    assert!(
        github
            .lines()
            .any(|l| l.starts_with("::error file=") && l.contains("missing.pbn")),
        "{github}"
    );
    // With every file read, the invocation succeeded and the list is empty.
    let output = kibitzer(&["check", "--output-format", "sarif", path.to_str().unwrap()]);
    let sarif: Value = serde_json::from_slice(&output.stdout).expect("SARIF");
    assert_eq!(
        sarif["runs"][0]["invocations"][0]["executionSuccessful"],
        true
    );
}
