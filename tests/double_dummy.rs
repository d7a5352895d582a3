//! Double dummy from the command line: the corpus's own DD results against the solver, the
//! mismatch fixes, and `dd --write` restoring results that were taken out.

mod common;

use common::{corpus_dir, kibitzer, scratch};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The corpus files that carry double-dummy results, with what the solver is expected to say
/// of them. The big Cappelletti file (500 deals, about 35 s) is checked by hand, not here.
const CLEAN: [&str; 13] = [
    "Bridge-Parsers__1768880456-bJwUQdVmhY@260119HandRecord.pbn",
    "Bridge-Robot-Utilities__FordelingV2.pbn",
    "Bridge-Robot-Utilities__Match-_GIBNS_v_GIBEW_BC.pbn",
    "ben__nov22_match_bad.pbn",
    "bridge-bidding-app__SPR_PBN_FILE_1_1767133446-WyhciiaCll@D251230M.pbn",
    "bridge-bidding-app__SPR_PBN_File_0_1766528722-gmeDcSvigL@D251223M.pbn",
    "bridge-pbn__test_record_with_empty_line_in_comment.pbn",
    "bridge-pbn__test_record_with_lots_of_curlies.pbn",
    "bridge-pbn__three_test_records.pbn",
    "bridge-pbn__three_test_records_crlf.pbn",
    "deal-convert__test.pbn",
    "pbn-to-xlsx-converter__test.pbn",
    "zdenecek-pbn__bridgecomposer.pbn",
];

fn corpus_pbn(name: &str) -> PathBuf {
    corpus_dir().join("pbn").join(name)
}

/// `check --double-dummy --select O` of some files, as (file name, code, line) triples.
fn dd_findings(paths: &[PathBuf], extra: &[&str]) -> Vec<(String, String, u64, String)> {
    let mut args = vec![
        "check",
        "--double-dummy",
        "--select",
        "O",
        "--output-format",
        "json",
    ];
    args.extend(extra);
    let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    args.extend(names.iter().map(String::as_str));
    let out = kibitzer(&args);
    let report: Value = serde_json::from_slice(&out.stdout).expect("json");
    let mut found = Vec::new();
    for file in report["files"].as_array().unwrap() {
        let name = Path::new(file["path"].as_str().unwrap())
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        for d in file["diagnostics"].as_array().unwrap() {
            found.push((
                name.clone(),
                d["code"].as_str().unwrap().to_string(),
                d["range"]["start"]["line"].as_u64().unwrap(),
                d["message"].as_str().unwrap().to_string(),
            ));
        }
    }
    found
}

#[test]
fn corpus_results_agree_with_the_solver_except_where_the_file_is_wrong() {
    let clean: Vec<PathBuf> = CLEAN.iter().map(|n| corpus_pbn(n)).collect();
    let found = dd_findings(&clean, &[]);
    assert!(found.is_empty(), "{found:#?}");

    // BEN's Camrose file: boards 1-32 agree; from board 33 (line 1360) its tables are garbled
    // (rows out of order, 1 where a side takes 7 or more), and every cell that is wrong is found.
    let camrose = dd_findings(&[corpus_pbn("ben__Camrose24_1.pbn")], &[]);
    assert!(!camrose.is_empty());
    assert!(camrose
        .iter()
        .all(|(_, code, line, _)| code == "O101" && *line > 1360));
    // Board 33's DoubleDummyTricks says `1` for North in no trump; DDS gives 4.
    assert!(camrose.iter().any(|(_, _, line, message)| *line == 1373
        && message.contains("North takes 1 trick in no trump; at double dummy: 4")));

    // The "Declarer Suit Tricks" tables of BEN's files are not DD tables at all.
    let misused = dd_findings(&[corpus_pbn("ben__Ogust.pbn")], &[]);
    assert_eq!(misused.len(), 32);
    assert!(misused
        .iter()
        .all(|(_, code, _, message)| code == "O103" && message.contains("Declarer Suit Tricks")));
}

#[test]
fn a_wrong_cell_a_wrong_digit_and_a_wrong_score_are_found_and_fixed() {
    let original = std::fs::read_to_string(corpus_pbn("bridge-pbn__three_test_records.pbn"))
        .expect("corpus file");
    let broken = original
        .replacen("N  H 11", "N  H 10", 1)
        .replacen("63b3c63b3c492a0492a0", "63b3c63b3c492a0492a1", 1)
        .replacen(
            "[OptimumScore \"EW -300\"]",
            "[OptimumScore \"EW -200\"]",
            1,
        );
    assert_ne!(broken, original);
    let dir = scratch("dd_fix");
    let path = dir.join("broken.pbn");
    std::fs::write(&path, &broken).unwrap();
    let found = dd_findings(std::slice::from_ref(&path), &[]);
    let codes: Vec<(&str, u64)> = found.iter().map(|f| (f.1.as_str(), f.2)).collect();
    assert_eq!(
        codes,
        [("O101", 52), ("O102", 54), ("O101", 58)],
        "{found:#?}"
    );
    // Without the option nothing is solved and nothing is said.
    let plain = kibitzer(&["check", "--select", "O", path.to_str().unwrap()]);
    assert!(plain.status.success());
    let fixed = kibitzer(&[
        "check",
        "--double-dummy",
        "--fix",
        "--unsafe-fixes",
        "--select",
        "O",
        path.to_str().unwrap(),
    ]);
    assert!(fixed.status.success(), "{fixed:?}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), original);
}

/// Takes out every OptimumScore and OptimumResultTable (tag and rows).
fn strip_results(text: &str) -> String {
    let mut out = Vec::new();
    let mut in_table = false;
    for line in text.split_inclusive('\n') {
        if line.starts_with("[OptimumScore ") {
            continue;
        }
        if line.starts_with("[OptimumResultTable ") {
            in_table = true;
            continue;
        }
        if in_table && !line.starts_with('[') && !line.trim().is_empty() {
            continue;
        }
        in_table = false;
        out.push(line);
    }
    out.concat()
}

/// Empties every DD value and the rows of every table, keeping the tags and column layouts.
fn empty_results(text: &str) -> String {
    let mut out = Vec::new();
    let mut in_table = false;
    for line in text.split_inclusive('\n') {
        let end = if line.ends_with("\r\n") { "\r\n" } else { "\n" };
        if in_table && !line.starts_with('[') && !line.trim().is_empty() {
            continue;
        }
        in_table = line.starts_with("[OptimumResultTable ");
        let emptied = ["OptimumScore", "DoubleDummyTricks", "ParContract"]
            .iter()
            .find(|name| line.starts_with(&format!("[{name} ")))
            .map(|name| format!("[{name} \"\"]{end}"));
        out.push(emptied.unwrap_or_else(|| line.to_string()));
    }
    out.concat()
}

#[test]
fn dd_write_restores_results_taken_out() {
    let dir = scratch("dd_write");
    type TakeOut = fn(&str) -> String;
    let cases: [(&str, TakeOut); 4] = [
        ("bridge-pbn__three_test_records.pbn", strip_results),
        ("bridge-pbn__three_test_records_crlf.pbn", strip_results),
        ("zdenecek-pbn__bridgecomposer.pbn", empty_results),
        ("pbn-to-xlsx-converter__test.pbn", empty_results),
    ];
    for (name, take_out) in cases {
        // Bytes as Latin-1 characters, so that any file's bytes come back unchanged.
        let original = std::fs::read(corpus_pbn(name)).unwrap();
        let as_text: String = original.iter().map(|&b| char::from(b)).collect();
        let stripped: Vec<u8> = take_out(&as_text).chars().map(|c| c as u8).collect();
        assert_ne!(stripped, original, "{name}: nothing taken out");
        let path = dir.join(name);
        std::fs::write(&path, &stripped).unwrap();
        let out = kibitzer(&["dd", "--write", path.to_str().unwrap()]);
        assert!(out.status.success(), "{name}: {out:?}");
        let written = std::fs::read(&path).unwrap();
        assert!(
            written == original,
            "{name}: dd --write did not restore the file"
        );
    }
}

#[test]
fn dd_prints_tables_and_par_in_json_and_refuses_to_write_rbn() {
    let path = corpus_pbn("bridge-pbn__three_test_records.pbn");
    let out = kibitzer(&["dd", "--format", "json", path.to_str().unwrap()]);
    assert!(out.status.success());
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let board = &report["files"][0]["boards"][0];
    assert_eq!(board["board"], "1");
    assert_eq!(board["tricks"]["N"]["H"], 11);
    assert_eq!(board["tricks"]["W"]["C"], 0);
    assert_eq!(board["par"]["optimumScore"], "EW -300");
    assert_eq!(board["par"]["score"], 300);

    // An RBN file cannot hold the tables: it is not written, said so, its tables printed, and
    // the run does not fail for it (a folder of mixed notations is written where it can be).
    let rbn = common::corpus_files("rbn", "rbn");
    let before = std::fs::read(&rbn[0]).unwrap();
    let out = kibitzer(&["dd", "--write", rbn[0].to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("only PBN files are written"));
    assert!(!out.stdout.is_empty());
    assert_eq!(std::fs::read(&rbn[0]).unwrap(), before);
}

/// The corpus's Cappelletti file as Latin-1 text (byte for char), with where each game starts.
fn cappelletti_games() -> (String, Vec<usize>) {
    let bytes = std::fs::read(corpus_pbn("Bridge-Robot-Utilities__Cappelletti-BBO.pbn")).unwrap();
    let text: String = bytes.iter().map(|&b| char::from(b)).collect();
    let starts = text
        .match_indices("\n[Event ")
        .map(|(i, _)| i + 1)
        .collect();
    (text, starts)
}

#[test]
fn an_interrupted_dd_write_leaves_each_file_untouched_or_complete() {
    let dir = scratch("dd_interrupted");
    let (text, starts) = cappelletti_games();
    // Six files of 20 games each, without their OptimumScore and OptimumResultTable.
    let mut inputs = Vec::new();
    for i in 0..6 {
        let piece = &text[starts[i * 20]..starts[i * 20 + 20]];
        let stripped: Vec<u8> = strip_results(piece).chars().map(|c| c as u8).collect();
        let path = dir.join(format!("part{i}.pbn"));
        std::fs::write(&path, &stripped).unwrap();
        inputs.push((path, stripped));
    }
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .arg("dd")
        .arg("--write")
        .args(inputs.iter().map(|(p, _)| p))
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Interrupt it (as Ctrl-C does) as soon as the first file is written.
    let started = std::time::Instant::now();
    while std::fs::read(&inputs[0].0).unwrap() == inputs[0].1 {
        assert!(
            started.elapsed().as_secs() < 120,
            "the first file was never written"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let _ = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let _ = child.wait();
    let mut complete = 0;
    for (path, original) in &inputs {
        let now = std::fs::read(path).unwrap();
        if &now == original {
            continue;
        }
        let now = String::from_utf8_lossy(&now);
        let deals = now.matches("[Deal \"").count();
        assert_eq!(
            now.matches("[OptimumResultTable ").count(),
            deals,
            "{} is neither untouched nor complete",
            path.display()
        );
        complete += 1;
    }
    eprintln!("interrupted after the first file: {complete} of 6 complete, the rest untouched");
    assert!(complete >= 1);
}

/// `dd -` reads standard input as PBN, or in the notation `--stdin-filename` names, and
/// reports it under that name.
#[test]
fn dd_reads_standard_input_as_the_file_stdin_filename_names() {
    use std::io::Write as _;
    let lin = corpus_dir()
        .join("lin")
        .join("AlphaBridge__BBO_raw_lin_data_430_43041.lin");
    let bytes = std::fs::read(&lin).unwrap();
    let run = |extra: &[&str]| {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kibitzer"))
            .arg("dd")
            .args(extra)
            .args(["--format", "json", "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(&bytes).unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0));
        serde_json::from_slice::<Value>(&out.stdout).unwrap()
    };
    let named = run(&["--stdin-filename", "club.lin"]);
    let file = &named["files"][0];
    assert_eq!(file["path"], "club.lin");
    let boards = file["boards"].as_array().unwrap();
    assert!(!boards.is_empty());
    assert!(boards.iter().all(|b| b["tricks"].is_object()), "{file}");
    // Read as PBN, the LIN text gives no deal.
    let unnamed = run(&[]);
    assert!(unnamed["files"][0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .all(|b| b["tricks"].is_null()));
}

/// `dd` on a terminal (a pseudo-terminal made by util-linux's `script`): its bar moves within
/// the run, a denomination at a time, not only when a batch of deals is done.
#[cfg(target_os = "linux")]
#[test]
fn dd_on_a_terminal_shows_its_progress_deal_by_deal() {
    let dir = scratch("dd_progress");
    let (text, starts) = cappelletti_games();
    let twelve: Vec<u8> = text[starts[0]..starts[12]]
        .chars()
        .map(|c| c as u8)
        .collect();
    let file = dir.join("twelve.pbn");
    std::fs::write(&file, twelve).unwrap();
    let command = format!(
        "'{}' dd '{}' >/dev/null",
        env!("CARGO_BIN_EXE_kibitzer"),
        file.display()
    );
    let out = std::process::Command::new("script")
        .args(["-qfec", &command, "/dev/null"])
        .output()
        .expect("util-linux's script runs");
    assert!(out.status.success(), "{out:?}");
    let screen = String::from_utf8_lossy(&out.stdout);
    let shown: Vec<u32> = screen
        .split(['\r', '\n'])
        .filter_map(|line| {
            let (before, _) = line.split_once("/12 deals")?;
            before.rsplit(' ').next()?.parse().ok()
        })
        .collect();
    // Drawn before the first deal is done and between deals, not only at the end.
    assert!(shown.first() == Some(&0), "{shown:?}\n{screen}");
    assert!(
        shown.iter().any(|&k| k > 0 && k < 12),
        "{shown:?}\n{screen}"
    );
}
