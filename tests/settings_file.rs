//! `kibitzer.toml`: found from each file's folder upward by `check` and `fmt` (or named with
//! `--config`), read by the language server for each document and read again when it changes;
//! errors name the file, the line and the key.

mod common;
mod lsp_harness;

use std::path::Path;
use std::process::Output;

use common::{kibitzer, scratch};
use lsp_harness::Harness;
use serde_json::{json, Value};

/// A game with `P` for Pass (A301, fixable) and a date written with dashes (T102).
const GAME: &str = "[Event \"x\"]\n[Date \"2024-05-28\"]\n[Auction \"N\"]\n1S P 2S P\nP P\n";

fn codes(output: &Output) -> Vec<String> {
    let document: Value = serde_json::from_slice(&output.stdout).expect("JSON output");
    let mut codes: Vec<String> = document["files"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| f["diagnostics"].as_array().unwrap().clone())
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect();
    codes.sort();
    codes.dedup();
    codes
}

#[test]
fn check_reads_the_nearest_settings_file_and_its_per_file_ignores() {
    let dir = scratch("settings-check");
    std::fs::create_dir_all(dir.join("robots/gib")).unwrap();
    std::fs::create_dir_all(dir.join("people")).unwrap();
    std::fs::write(dir.join("robots/gib/a.pbn"), GAME).unwrap();
    std::fs::write(dir.join("people/b.pbn"), GAME).unwrap();
    std::fs::write(
        dir.join("kibitzer.toml"),
        "[check]\nignore = [\"T1\"]\nmin-severity = \"warning\"\n[check.per-file-ignores]\n\"robots/**/*.pbn\" = [\"A301\"]\n",
    )
    .unwrap();
    let json =
        |path: &Path| kibitzer(&["check", "--output-format", "json", path.to_str().unwrap()]);
    assert!(codes(&json(&dir.join("robots/gib/a.pbn"))).is_empty());
    assert_eq!(codes(&json(&dir.join("people/b.pbn"))), ["A301"]);
    // The command line adds to the file's ignores and replaces its select.
    let output = kibitzer(&[
        "check",
        "--output-format",
        "json",
        "--select",
        "T",
        "--min-severity",
        "hint",
        dir.join("people/b.pbn").to_str().unwrap(),
    ]);
    assert!(
        codes(&output).is_empty(),
        "T1 stays ignored: {:?}",
        codes(&output)
    );
    // --config names another file for every file.
    let other = dir.join("other.toml");
    std::fs::write(&other, "[check]\nselect = [\"T102\"]\n").unwrap();
    let output = kibitzer(&[
        "check",
        "--output-format",
        "json",
        "--config",
        other.to_str().unwrap(),
        dir.to_str().unwrap(),
    ]);
    assert_eq!(codes(&output), ["T102"]);
}

#[test]
fn export_and_extend_select_keys_change_what_is_checked_and_written() {
    let dir = scratch("settings-export");
    // A game without most mandatory tags: export rules report T106.
    std::fs::write(dir.join("a.pbn"), GAME).unwrap();
    let json = || {
        kibitzer(&[
            "check",
            "--output-format",
            "json",
            "--min-severity",
            "hint",
            dir.join("a.pbn").to_str().unwrap(),
        ])
    };
    assert!(!codes(&json()).contains(&"T106".to_string()));
    std::fs::write(
        dir.join("kibitzer.toml"),
        "[check]\nexport = true\nselect = [\"T106\"]\nextend-select = [\"A301\"]\n",
    )
    .unwrap();
    assert_eq!(codes(&json()), ["A301", "T106"]);
    // [format] export adds the export header and the missing mandatory tags.
    std::fs::write(dir.join("kibitzer.toml"), "[format]\nexport = true\n").unwrap();
    std::fs::write(dir.join("b.pbn"), "[Event \"x\"]\n[Board \"1\"]\n").unwrap();
    let out = kibitzer(&["fmt", "--stdout", dir.join("b.pbn").to_str().unwrap()]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("% PBN 2.1") && text.contains("[Site \"?\"]"),
        "{text}"
    );
}

#[test]
fn a_bad_settings_file_is_an_error_with_file_line_and_key() {
    let dir = scratch("settings-bad");
    std::fs::write(dir.join("a.pbn"), GAME).unwrap();
    std::fs::write(
        dir.join("kibitzer.toml"),
        "[check]\nselect = [\"A\"]\nsilence = 1\n",
    )
    .unwrap();
    let output = kibitzer(&["check", dir.join("a.pbn").to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    let expected = format!("{}:3: ", dir.join("kibitzer.toml").display());
    assert!(
        stderr.contains(&expected) && stderr.contains("silence"),
        "{stderr}"
    );
    let output = kibitzer(&["fmt", "--check", dir.join("a.pbn").to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
}

/// One code may be written as a plain string (`ignore = "A301"`, as people write it), and
/// every mistaken code is said, in the order of the lines, not only one.
#[test]
fn a_code_as_a_string_is_taken_and_every_mistake_is_said() {
    let dir = scratch("settings-one-code");
    std::fs::write(dir.join("a.pbn"), GAME).unwrap();
    std::fs::write(dir.join("kibitzer.toml"), "[check]\nignore = \"A301\"\n").unwrap();
    let found = codes(&kibitzer(&[
        "check",
        "--output-format",
        "json",
        dir.join("a.pbn").to_str().unwrap(),
    ]));
    assert!(!found.contains(&"A301".to_string()), "{found:?}");
    assert!(found.contains(&"T102".to_string()), "{found:?}");
    std::fs::write(
        dir.join("kibitzer.toml"),
        "[check]\nselect = [\"Q1\"]\nignore = [\"Z99\"]\n[check.per-file-ignores]\n\"b/*.pbn\" = \"W1\"\n",
    )
    .unwrap();
    let output = kibitzer(&["check", dir.join("a.pbn").to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    let (q, z, w) = (
        stderr.find("Q1").unwrap_or(usize::MAX),
        stderr.find("Z99").unwrap_or(usize::MAX),
        stderr.find("W1").unwrap_or(usize::MAX),
    );
    assert!(q < z && z < w && w < usize::MAX, "{stderr}");
    assert!(
        stderr.contains(":2: ") && stderr.contains("line 3:") && stderr.contains("line 5:"),
        "{stderr}"
    );
}

#[test]
fn fmt_takes_its_line_ends_from_the_settings_file_unless_told() {
    let dir = scratch("settings-fmt");
    std::fs::write(dir.join("kibitzer.toml"), "[format]\neol = \"crlf\"\n").unwrap();
    let game = "[Event \"x\"]\n[Board \"1\"]\n";
    std::fs::write(dir.join("a.pbn"), game).unwrap();
    std::fs::write(dir.join("b.rbn"), "b 1\nA NZ:P\n").unwrap();
    let out = kibitzer(&["fmt", "--stdout", dir.join("a.pbn").to_str().unwrap()]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("\r\n") && !text.replace("\r\n", "").contains('\n'),
        "{text:?}"
    );
    let out = kibitzer(&["fmt", "--stdout", dir.join("b.rbn").to_str().unwrap()]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text, "B 1\r\nA NZ:P\r\n\r\n");
    let out = kibitzer(&[
        "fmt",
        "--stdout",
        "--eol",
        "lf",
        dir.join("a.pbn").to_str().unwrap(),
    ]);
    assert!(!String::from_utf8(out.stdout).unwrap().contains('\r'));
}

fn published_codes(diagnostics: &[Value]) -> Vec<String> {
    let mut codes: Vec<String> = diagnostics
        .iter()
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect();
    codes.sort();
    codes.dedup();
    codes
}

#[tokio::test]
async fn the_server_applies_the_settings_file_and_follows_its_changes() {
    let dir = scratch("settings-server");
    let settings = dir.join("kibitzer.toml");
    std::fs::write(&settings, "[check]\nignore = [\"A301\"]\n").unwrap();
    let file = dir.join("game.pbn");
    std::fs::write(&file, GAME).unwrap();
    let uri: &'static str = Box::leak(format!("file://{}", file.display()).into_boxed_str());
    let capabilities =
        json!({"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}});
    let (mut server, _) =
        Harness::start(uri, capabilities, json!({"diagnostics": {"debounceMs": 0}})).await;
    let registration = server.next("client/registerCapability").await;
    assert_eq!(
        registration["registrations"][0]["method"],
        "workspace/didChangeWatchedFiles"
    );
    let opened = server.open("pbn", GAME).await;
    let codes = published_codes(&opened);
    assert!(
        codes.contains(&"T102".to_string()) && !codes.contains(&"A301".to_string()),
        "{codes:?}"
    );

    // The file changes: the editor says so, and the document is published again.
    std::fs::write(&settings, "[check]\nselect = [\"A301\"]\n").unwrap();
    server
        .notify(
            "workspace/didChangeWatchedFiles",
            json!({"changes": [{"uri": format!("file://{}", settings.display()), "type": 2}]}),
        )
        .await;
    let republished = server.diagnostics(1).await;
    assert_eq!(published_codes(&republished), ["A301"]);

    // The editor's own setting wins over the file's.
    std::fs::write(&settings, "[check]\nmin-severity = \"error\"\n").unwrap();
    server
        .notify(
            "workspace/didChangeConfiguration",
            json!({"settings": {"kibitzer": {"check": {"minSeverity": "hint"}}}}),
        )
        .await;
    let with_editor = server.diagnostics(1).await;
    assert!(published_codes(&with_editor).contains(&"T102".to_string()));

    // A broken file is shown once, and the document is checked without it.
    std::fs::write(&settings, "[check]\nsilence = true\n").unwrap();
    server
        .change(2, json!([lsp_harness::edit(0, 0, 0, 0, " ")]))
        .await;
    let message = server.next("window/showMessage").await;
    let text = message["message"].as_str().unwrap();
    assert!(
        text.contains("kibitzer.toml:2: ") && text.contains("silence"),
        "{text}"
    );
}
