//! The command line's edges as a new user meets them: standard input for every command, a
//! folder with nothing to check, one way of saying a file is missing, exit codes of `--diff`,
//! `--fix` following the selection (not the display), `--statistics` with nothing found, and a
//! reader that closes the pipe early (`| head`).

mod common;

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::{kibitzer, scratch};

/// A game with two robot spellings (`P`, `1N`, both safely fixable) and no line end at the end
/// of the file (S011, a hint, also safely fixable).
const ROBOT_GAME: &str = "[Event \"x\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Auction \"N\"]\nP 1N";

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs the binary with `input` on standard input.
fn with_stdin(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("a pipe");
    // A command refused before it reads its input (`check --fix -`) may close the pipe first.
    match stdin.write_all(input.as_ref()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        written => written.expect("written"),
    }
    drop(stdin);
    child.wait_with_output().expect("the binary ends")
}

#[test]
fn check_reads_standard_input_and_names_it() {
    let output = with_stdin(&["check", "-"], ROBOT_GAME);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let out = text(&output.stdout);
    assert!(out.contains("-:5:1: error[A301]"), "{out}");
    assert!(out.contains("Checked 1 game in 1 file"), "{out}");

    // --stdin-filename gives the notation and the name the findings are reported under.
    let lin = "qx|o1|md|1SAKQHAKQDAKQCAKQJ,,,|sv|0|mb|p|mb|p|mb|p|mb|p|pg||\n";
    let output = with_stdin(&["check", "--stdin-filename", "board.lin", "-"], lin);
    let out = text(&output.stdout);
    assert!(
        !out.contains("board.lin"),
        "a valid board has no finding: {out}"
    );
    let output = with_stdin(
        &[
            "check",
            "--stdin-filename",
            "board.pbn",
            "--output-format",
            "json",
            "-",
        ],
        ROBOT_GAME,
    );
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(report["files"][0]["path"], "board.pbn", "{report}");
    // A binary dealing machine's file piped in is read as one, not refused as text.
    let dup = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/editors/vscode/test/fixtures/machine.dup"
    );
    let bytes = std::fs::read(dup).expect("the DUP fixture");
    let output = with_stdin(&["check", "--stdin-filename", "machine.dup", "-"], bytes);
    let out = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(out.contains("Checked 2 games in 1 file"), "{out}");

    // --fix cannot write back to standard input; --fix --diff shows the fixes.
    let output = with_stdin(&["check", "--fix", "-"], ROBOT_GAME);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("--diff"),
        "{}",
        text(&output.stderr)
    );
    let output = with_stdin(&["check", "--fix", "--diff", "-"], ROBOT_GAME);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stdout).contains("+Pass 1NT"),
        "{}",
        text(&output.stdout)
    );
}

#[test]
fn convert_dd_and_parse_read_standard_input_and_convert_writes_dash_to_standard_output() {
    let dir = scratch("cli-edges-dash");
    let pbn = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n";
    let output = with_stdin(&["convert", "--to", "lin", "-"], pbn);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(
        text(&output.stdout).contains("md|"),
        "{}",
        text(&output.stdout)
    );

    // `-o -` is standard output, as everywhere else: no file named `-` appears.
    let output = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(["convert", "--to", "rbn", "-o", "-", "-"])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child
                .stdin
                .take()
                .expect("a pipe")
                .write_all(pbn.as_bytes())?;
            child.wait_with_output()
        })
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(
        text(&output.stdout).contains("\nH "),
        "{}",
        text(&output.stdout)
    );
    assert!(!dir.join("-").exists(), "`-o -` wrote a file named `-`");

    // --from reads standard input as another notation.
    let rbn = text(&output.stdout);
    let output = with_stdin(&["convert", "--from", "rbn", "--to", "pbn", "-"], &rbn);
    assert!(
        text(&output.stdout).contains("[Deal \"N:AKQJ.AKQ.AKQ.AKQ"),
        "{}",
        text(&output.stdout)
    );

    let output = with_stdin(&["dd", "-"], pbn);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(
        text(&output.stdout).contains("par"),
        "{}",
        text(&output.stdout)
    );
    let output = with_stdin(&["dd", "--write", "-"], pbn);
    assert_eq!(output.status.code(), Some(2));

    let output = with_stdin(&["parse", "-"], pbn);
    assert_eq!(output.status.code(), Some(0));
    assert!(
        text(&output.stdout).contains("TAG_PAIR"),
        "{}",
        text(&output.stdout)
    );
}

#[test]
fn a_folder_with_no_bridge_file_is_said_so() {
    let dir = scratch("cli-edges-empty");
    std::fs::write(dir.join("notes.txt"), "no deals here\n").unwrap();
    for command in ["check", "fmt", "dd"] {
        let output = kibitzer(&[command, &dir.to_string_lossy()]);
        assert_eq!(output.status.code(), Some(0), "{command}");
        let err = text(&output.stderr);
        assert!(
            err.contains(&format!(
                "kibitzer {command}: warning: no bridge file found"
            )),
            "{command}: {err}"
        );
    }
}

/// `fmt` says that it leaves a dealing machine's file as it is, rather than passing over it.
#[test]
fn fmt_says_it_leaves_a_dealing_file_as_it_is() {
    let dir = scratch("cli-edges-dealing");
    let dlm = dir.join("set.dlm");
    let set = "[DOCUMENT]\r\nHeadline=\r\nStatus=Show\r\nDuplicates=1\r\nFrom board=1\r\nTo board=1\r\nChecksum=0\r\nBoard 01=jlifaelnecgmoldfjmcflinlap023\r\n";
    std::fs::write(&dlm, set).unwrap();
    let output = kibitzer(&["fmt", &dir.to_string_lossy()]);
    assert_eq!(output.status.code(), Some(0));
    let err = text(&output.stderr);
    assert!(err.contains("set.dlm: left as it is: a DLM file"), "{err}");
    assert_eq!(std::fs::read_to_string(&dlm).unwrap(), set);
}

#[test]
fn every_command_says_a_missing_file_the_same_way() {
    let dir = scratch("cli-edges-missing");
    let missing = dir.join("nosuch.pbn");
    let missing = missing.to_string_lossy();
    for args in [
        vec!["check", &*missing],
        vec!["fmt", &*missing],
        vec!["dd", &*missing],
        vec!["convert", "--to", "rbn", &*missing],
        vec!["parse", &*missing],
    ] {
        let output = kibitzer(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = text(&output.stderr);
        let expected = format!("kibitzer {}: {missing}: cannot read: ", args[0]);
        assert!(err.contains(&expected), "{args:?}: {err}");
    }
}

#[test]
fn fmt_diff_exits_1_when_it_shows_a_change() {
    let dir = scratch("cli-edges-fmt-diff");
    let path = dir.join("a.pbn");
    std::fs::write(&path, "[Event  \"x\"]\n").unwrap();
    let output = kibitzer(&["fmt", "--diff", &path.to_string_lossy()]);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stdout).contains("+[Event \"x\"]"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "[Event  \"x\"]\n");
    std::fs::write(&path, "[Event \"x\"]\r\n").unwrap();
    let output = kibitzer(&["fmt", "--diff", &path.to_string_lossy()]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    assert!(output.stdout.is_empty());
}

#[test]
fn fmt_says_which_games_it_left_as_written_and_why() {
    let dir = scratch("cli-edges-fmt-left");
    let path = dir.join("a.pbn");
    std::fs::write(&path, "[Event \"x\"]\n[Board \"1\"\n\n[Event  \"y\"]\n").unwrap();
    let output = kibitzer(&["fmt", &path.to_string_lossy()]);
    assert_eq!(output.status.code(), Some(0));
    let err = text(&output.stderr);
    assert!(
        err.contains("1 game left as written") && err.contains("line 2: S002"),
        "{err}"
    );
    // The game that could be read is formatted; the other is kept byte for byte.
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "[Event \"x\"]\n[Board \"1\"\n\n[Event \"y\"]\n"
    );
    // A file with no syntax error formats without a word.
    std::fs::write(&path, "[Event  \"y\"]\n").unwrap();
    let output = kibitzer(&["fmt", &path.to_string_lossy()]);
    assert!(output.stderr.is_empty(), "{}", text(&output.stderr));
}

#[test]
fn fix_follows_the_selection_not_what_is_shown() {
    let dir = scratch("cli-edges-fix-selection");
    let path = dir.join("a.pbn");
    std::fs::write(&path, ROBOT_GAME).unwrap();
    // S011 (no line end at the end) is a hint, hidden by default, and still fixed.
    let output = kibitzer(&["check", "--fix", &path.to_string_lossy()]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    let fixed = std::fs::read_to_string(&path).unwrap();
    assert!(fixed.ends_with("Pass 1NT\n"), "{fixed:?}");
    assert!(
        text(&output.stdout).contains("fixed 3 findings"),
        "{}",
        text(&output.stdout)
    );

    // Only what is selected is fixed, even when all is shown.
    std::fs::write(&path, ROBOT_GAME).unwrap();
    let output = kibitzer(&[
        "check",
        "--fix",
        "--select",
        "S",
        "--min-severity",
        "hint",
        &path.to_string_lossy(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    let fixed = std::fs::read_to_string(&path).unwrap();
    assert!(fixed.ends_with("P 1N\n"), "{fixed:?}");
}

#[test]
fn statistics_with_nothing_found_says_so() {
    let dir = scratch("cli-edges-statistics");
    let path = dir.join("a.pbn");
    std::fs::write(&path, "[Event \"x\"]\n").unwrap();
    let output = kibitzer(&["check", "--statistics", &path.to_string_lossy()]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(text(&output.stdout), "No findings in 1 file (1 game).\n");
}

/// Runs the binary and closes its standard output after the first line, as `| head -1` does.
fn closed_after_first_line(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut out = child.stdout.take().expect("a pipe");
    let mut byte = [0u8; 1];
    while matches!(out.read(&mut byte), Ok(1)) && byte[0] != b'\n' {}
    drop(out);
    let mut err = String::new();
    if let Some(mut stderr) = child.stderr.take() {
        let _ = stderr.read_to_string(&mut err);
    }
    let status = child.wait().expect("the binary ends");
    (status.code(), err)
}

#[test]
fn a_reader_that_closes_the_pipe_is_no_failure() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/pbn");
    let corpus = corpus.to_string_lossy();
    // The corpus has errors, so check ends with 1 (never 2) when its reader goes.
    let (code, err) = closed_after_first_line(&["check", &corpus]);
    assert_eq!(code, Some(1), "{err}");
    assert!(!err.contains("Broken pipe"), "{err}");
    let (code, err) = closed_after_first_line(&["fmt", "--diff", &corpus]);
    assert!(matches!(code, Some(0 | 1)), "{code:?} {err}");
    assert!(!err.contains("Broken pipe"), "{err}");
    let file = format!("{corpus}/BBA-CLI__1N.pbn");
    for args in [
        vec!["convert", "--to", "rbn", &*file],
        vec!["parse", &*file],
    ] {
        let (code, err) = closed_after_first_line(&args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(!err.contains("Broken pipe"), "{args:?}: {err}");
    }
}

/// `kibitzer explain`: a code's documentation from the catalogue, by code (either case) or
/// name; a query that is no code is said on stderr, the rest still printed, exit 2.
#[test]
fn explain_prints_a_codes_documentation_and_refuses_what_is_no_code() {
    let out = kibitzer(&["explain", "a301"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("# A301 invalid-call\n"), "{text}");
    assert!(text.contains("**error** by default"), "{text}");
    assert!(text.contains("kibitzer-ignore: A301"), "{text}");
    let out = kibitzer(&["explain", "needless-irregularity", "Q123"]);
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("# A311 needless-irregularity")
            && text.contains("# P509 needless-irregularity"),
        "{text}"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("`Q123` is no code"));
}
