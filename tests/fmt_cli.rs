//! `kibitzer fmt` end to end: in place, --check, --diff, --stdout, stdin, encodings, exit codes.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const MESSY: &[u8] = b"[Event \"x\"]  [Dealer \"n\"]\n";
const TIDY: &[u8] = b"[Event \"x\"]\n[Dealer \"N\"]\n";

fn kibitzer() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kibitzer"))
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kibitzer-fmt-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(path: &Path, bytes: &[u8]) {
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn formats_folders_in_place_recursively_and_checks() {
    let dir = temp_dir("inplace");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    write(&dir.join("a.pbn"), MESSY);
    write(&dir.join("sub/b.PBN"), MESSY);
    write(&dir.join("notes.txt"), MESSY);
    write(&dir.join("tidy.pbn"), TIDY);

    let check = kibitzer()
        .args(["fmt", "--check"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(check.status.code(), Some(1));
    let listed = String::from_utf8_lossy(&check.stdout);
    assert!(listed.contains("a.pbn") && listed.contains("b.PBN") && !listed.contains("tidy"));
    assert_eq!(
        std::fs::read(dir.join("a.pbn")).unwrap(),
        MESSY,
        "--check wrote"
    );

    let diff = kibitzer()
        .args(["fmt", "--diff"])
        .arg(dir.join("a.pbn"))
        .output()
        .unwrap();
    assert_eq!(
        diff.status.code(),
        Some(1),
        "--diff exits 1 when it shows a change"
    );
    let diff_text = String::from_utf8_lossy(&diff.stdout);
    assert!(diff_text.contains("+[Dealer \"N\"]"), "{diff_text}");
    assert_eq!(
        std::fs::read(dir.join("a.pbn")).unwrap(),
        MESSY,
        "--diff wrote"
    );

    let tidy_modified = std::fs::metadata(dir.join("tidy.pbn"))
        .unwrap()
        .modified()
        .unwrap();
    let run = kibitzer().arg("fmt").arg(&dir).output().unwrap();
    assert_eq!(run.status.code(), Some(0));
    assert_eq!(std::fs::read(dir.join("a.pbn")).unwrap(), TIDY);
    assert_eq!(std::fs::read(dir.join("sub/b.PBN")).unwrap(), TIDY);
    assert_eq!(std::fs::read(dir.join("notes.txt")).unwrap(), MESSY);
    let after = std::fs::metadata(dir.join("tidy.pbn"))
        .unwrap()
        .modified()
        .unwrap();
    assert_eq!(tidy_modified, after, "an unchanged file was rewritten");
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left behind");

    let check = kibitzer()
        .args(["fmt", "--check"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(check.status.code(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn keeps_encoding_bom_and_line_ends_unless_asked() {
    let dir = temp_dir("encoding");
    let latin1 = b"[Event \"Caf\xe9\"]  [Dealer \"n\"]\r\n";
    write(&dir.join("latin1.pbn"), latin1);
    let bom = b"\xEF\xBB\xBF[Event \"\xC3\xA9\"]  [Dealer \"e\"]\n";
    write(&dir.join("bom.pbn"), bom);
    let status = kibitzer().arg("fmt").arg(&dir).status().unwrap();
    assert!(status.success());
    assert_eq!(
        std::fs::read(dir.join("latin1.pbn")).unwrap(),
        b"[Event \"Caf\xe9\"]\r\n[Dealer \"N\"]\r\n"
    );
    assert_eq!(
        std::fs::read(dir.join("bom.pbn")).unwrap(),
        b"\xEF\xBB\xBF[Event \"\xC3\xA9\"]\n[Dealer \"E\"]\n"
    );
    let out = kibitzer()
        .args(["fmt", "--stdout", "--eol", "crlf"])
        .arg(dir.join("bom.pbn"))
        .output()
        .unwrap();
    assert_eq!(
        out.stdout,
        b"\xEF\xBB\xBF[Event \"\xC3\xA9\"]\r\n[Dealer \"E\"]\r\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn reads_standard_input_and_reports_errors_but_goes_on() {
    let mut child = kibitzer()
        .args(["fmt", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(MESSY).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(out.stdout, TIDY);

    let dir = temp_dir("errors");
    write(&dir.join("a.pbn"), MESSY);
    let out = kibitzer()
        .arg("fmt")
        .arg(dir.join("missing.pbn"))
        .arg(dir.join("a.pbn"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.pbn"));
    assert_eq!(std::fs::read(dir.join("a.pbn")).unwrap(), TIDY);

    let usage = kibitzer()
        .args(["fmt", "--stdout"])
        .arg(dir.join("a.pbn"))
        .arg(dir.join("a.pbn"))
        .output()
        .unwrap();
    assert_eq!(usage.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `kibitzer fmt --export --eol crlf` on the standard's example game (chapter 1.2) writes what
/// the reference exporter writes: the hand-written golden file, byte for byte, both from a file
/// and from standard input, and again when run on its own output.
#[test]
fn standard_example_in_export_format() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/format");
    let input = fixtures.join("standard-example.in.pbn");
    let expected = std::fs::read(fixtures.join("standard-example.export.pbn")).unwrap();
    let from_file = kibitzer()
        .args(["fmt", "--stdout", "--export", "--eol", "crlf"])
        .arg(&input)
        .output()
        .unwrap();
    assert!(from_file.status.success());
    assert!(
        from_file.stdout == expected,
        "{}",
        String::from_utf8_lossy(&from_file.stdout)
    );

    let dir = temp_dir("standard");
    write(&dir.join("example.pbn"), &expected);
    let check = kibitzer()
        .args(["fmt", "--check", "--export", "--eol", "crlf"])
        .arg(dir.join("example.pbn"))
        .output()
        .unwrap();
    assert_eq!(check.status.code(), Some(0), "the export file would change");

    let mut child = kibitzer()
        .args(["fmt", "--export", "--eol", "crlf", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&std::fs::read(&input).unwrap())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert!(
        out.stdout == expected,
        "standard input gives another result"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A line (or LIN board) past the cap on data read as tokens is formatted without losing what
/// is not read: the RBN formatter writes each field from its data, and once wrote only the read
/// part of such a line.
#[test]
fn formatting_keeps_data_past_the_cap() {
    use kibitzer::format::FormatOptions;
    use kibitzer::notation::Notation;
    use kibitzer::syntax::DATA_LINE_CAP;
    let tricks = "SAS2S3S4:".repeat(DATA_LINE_CAP / 9 + 50);
    let cards = "SA H2 ".repeat(DATA_LINE_CAP / 6 + 50);
    let pairs = "pc|SA|pc|h2|".repeat(16 * DATA_LINE_CAP / 12 + 50);
    let cases = [
        (Notation::Rbn, format!("B 1\nP {tricks}\n"), tricks),
        (
            Notation::Pbn,
            format!("[Board \"1\"]\n[Play \"N\"]\n{cards}\n"),
            cards,
        ),
        (Notation::Lin, format!("qx|o1|md|1S2,,,|{pairs}\n"), pairs),
    ];
    for (notation, text, long) in cases {
        let formatted = notation.format(&text, &FormatOptions::default());
        assert!(
            formatted.contains(long.trim_end()),
            "{notation:?}: the long line lost text ({} bytes of {})",
            formatted.len(),
            text.len()
        );
    }
}

/// A game formatting cannot rewrite (a call that is no PBN call, `P`) is left as written and
/// said so, with the line and the error; `fmt --check` does not pass such a file, and a file
/// it can format whole says nothing.
#[test]
fn a_game_left_as_written_is_said_and_fails_the_check() {
    let dir = temp_dir("left-as-written");
    let game = |calls: &str| {
        format!(
            "[Event \"x\"]\n[Site \"x\"]\n[Date \"2024.01.01\"]\n[Board \"1\"]\n[West \"a\"]\n[North \"b\"]\n[East \"c\"]\n[South \"d\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJ.T98.765.432 T987.AKQ.J43.765 65432.J7.AKQ.JT8 .65432.T982.AKQ9\"]\n[Scoring \"\"]\n[Declarer \"N\"]\n[Contract \"2S\"]\n[Result \"\"]\n[Auction \"N\"]\n{calls}\n"
        )
    };
    let bad = dir.join("bad.pbn");
    write(&bad, game("1S P 2S P\nP P").as_bytes());
    let out = kibitzer()
        .args(["fmt", "--check"])
        .arg(&bad)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("1 game left as written"), "{stderr}");
    assert!(stderr.contains("line 17: A301"), "{stderr}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("bad.pbn"));
    // Formatting in place leaves it, says so, and exits 0 (it wrote what it could).
    let out = kibitzer().arg("fmt").arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("left as written"));
    assert_eq!(
        std::fs::read_to_string(&bad).unwrap(),
        game("1S P 2S P\nP P")
    );
    // Once mended, it is formatted and nothing is said.
    let good = dir.join("good.pbn");
    write(&good, game("1S Pass 2S Pass\nPass Pass").as_bytes());
    let out = kibitzer().arg("fmt").arg(&good).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = kibitzer()
        .args(["fmt", "--check"])
        .arg(&good)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `fmt -` reads standard input as the notation `--stdin-filename` names (PBN without it).
#[test]
fn standard_input_is_read_as_the_file_stdin_filename_names() {
    let lin = "qx|o1|md|3SAKQJHT98D765C432,ST98HAKQJD432C765,S765H432DAKQJCT98,|SV|o|mb|P|\n";
    let mut child = kibitzer()
        .args(["fmt", "-", "--stdin-filename", "deals/board.lin"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(lin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Formatted as LIN: the key's case, nothing else.
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        lin.replace("|SV|", "|sv|")
    );
}

/// A game with the irregularities of chapter 3.9 (a leading `-`, `^S`, `^I`, an `AP` after
/// them, a `^S` declarer) is exported in full, byte for byte as the reference exporter writes
/// it (`verify.sh export`, line ends aside): the dealer's seat for the Auction, the `AP` as the
/// passes that end the auction. With a `^` Result that no play shows, the check warns (P509),
/// as the reference's *Bad result* (it then leaves the game out of its export).
#[test]
fn a_game_with_irregularities_is_exported_as_the_reference_exports_it() {
    let dir = temp_dir("irregular");
    let path = dir.join("irregular.pbn");
    let game = |result: &str| {
        format!(
            "[Event \"x\"]\n[Site \"x\"]\n[Date \"2024.01.01\"]\n[Board \"1\"]\n[West \"a\"]\n[North \"b\"]\n[East \"c\"]\n[South \"d\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJ.T98.765.432 T987.AKQ.J43.765 65432.J7.AKQ.JT8 .65432.T982.AKQ9\"]\n[Scoring \"\"]\n[Declarer \"^S\"]\n[Contract \"5HX\"]\n[Result \"{result}\"]\n[Auction \"W\"]\n- ^S 1D ^I 1C\n4S ^I 3NT ^S ^S\nX 5H X AP\n"
        )
    };
    write(&path, game("5").as_bytes());
    let out = kibitzer()
        .args(["fmt", "--export", "--stdout"])
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    let reference = "% PBN 2.1\n% EXPORT\n%\n[Event \"x\"]\n[Site \"x\"]\n[Date \"2024.01.01\"]\n[Board \"1\"]\n[West \"a\"]\n[North \"b\"]\n[East \"c\"]\n[South \"d\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJ.T98.765.432 T987.AKQ.J43.765 65432.J7.AKQ.JT8 .65432.T982.AKQ9\"]\n[Scoring \"\"]\n[Declarer \"^S\"]\n[Contract \"5HX\"]\n[Result \"5\"]\n[Auction \"N\"]\n^S 1D ^I 1C 4S\n^I 3NT ^S ^S X\n5H X Pass Pass\nPass\n\n";
    assert_eq!(String::from_utf8_lossy(&out.stdout), reference);
    write(&path, game("^5").as_bytes());
    let out = kibitzer().arg("check").arg(&path).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("warning[P509]"), "{stdout}");
    assert!(stdout.contains("0 errors"), "{stdout}");
}

/// A board passed out as GIB writes it (an empty Declarer, `[Play "W"]` with only `*`): strict
/// export leaves the empty Play section out, as the reference exporter does (no card can
/// follow a passed-out auction); plain `fmt` keeps it.
#[test]
fn gib_passed_out_board_loses_its_empty_play_in_export_only() {
    let dir = temp_dir("gib-passed-out");
    let path = dir.join("gib.pbn");
    let game = "[Event \"x\"]\n[Site \"x\"]\n[Date \"2024.01.01\"]\n[Board \"1\"]\n[West \"a\"]\n[North \"b\"]\n[East \"c\"]\n[South \"d\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJ.T98.765.432 T987.AKQ.J43.765 65432.J7.AKQ.JT8 .65432.T982.AKQ9\"]\n[Scoring \"MP\"]\n[Declarer \"\"]\n[Contract \"Pass\"]\n[Result \"\"]\n[Auction \"N\"]\nPass Pass Pass Pass\n[Play \"W\"]\n*\n";
    write(&path, game.as_bytes());
    let formatted = |extra: &[&str]| {
        let out = kibitzer()
            .arg("fmt")
            .args(extra)
            .arg("--stdout")
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let exported = formatted(&["--export"]);
    assert!(!exported.contains("[Play"), "{exported}");
    assert!(exported.contains("Pass Pass Pass Pass\n"), "{exported}");
    assert!(formatted(&[]).contains("[Play \"W\"]\n*\n"));
}
