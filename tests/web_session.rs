//! The browser's session (`kibitzer::web::Session`, the server compiled to WebAssembly for the
//! playground and VS Code for the web), driven here natively message by message: it publishes
//! what `check` finds on every corpus file and after random edits, hands deals to the page's
//! solver and takes their tables back, and answers anything, garbage included, without a panic.

mod common;

use common::agreement::{both_sides, position, settle, Rng};
use common::corpus_files;
use kibitzer::analysis::CheckOptions;
use kibitzer::web::Session;
use kibitzer::Notation;
use serde_json::{json, Value};

/// A session after `initialize`.
fn session() -> Session {
    let mut session = Session::new();
    let answers = session.handle(
        &json!({"jsonrpc": "2.0", "id": 0, "method": "initialize",
            "params": {"capabilities": {}}})
        .to_string(),
    );
    assert_eq!(answers.len(), 1);
    assert!(answers[0]["result"]["capabilities"]["hoverProvider"] == json!(true));
    session
}

/// The diagnostics published among `answers` for `uri`.
fn published(answers: &[Value], uri: &str) -> Vec<Value> {
    let publish = answers
        .iter()
        .rev()
        .find(|a| a["method"] == "textDocument/publishDiagnostics" && a["params"]["uri"] == uri)
        .unwrap_or_else(|| panic!("no diagnostics published for {uri} in {answers:?}"));
    publish["params"]["diagnostics"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// Opens `text` as `uri` in `language`; what was published (once a large file, checked a part
/// at each batch, is checked to its end).
fn open(session: &mut Session, uri: &str, language: &str, text: &str) -> Vec<Value> {
    let mut answers = session.handle(&did_open(uri, language, text));
    answers.extend(finish(session));
    published(&answers, uri)
}

/// A `didOpen` of `text` as `uri` in `language`, version 1.
fn did_open(uri: &str, language: &str, text: &str) -> String {
    json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument":
        {"uri": uri, "languageId": language, "version": 1, "text": text}}})
    .to_string()
}

/// A `didChange` of `uri` to `version` by one content change.
fn did_change(uri: &str, version: usize, change: Value) -> String {
    json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
    .to_string()
}

/// What the session sends while it is handed empty batches, as the page does until it has no
/// more work.
fn finish(session: &mut Session) -> Vec<Value> {
    let mut answers = Vec::new();
    let mut batches = 0;
    while session.has_work() {
        batches += 1;
        assert!(batches < 10_000, "the session never finishes its work");
        answers.extend(session.handle("[]"));
    }
    answers
}

/// The text of a corpus file as the checker reads it.
fn read(path: &std::path::Path) -> String {
    kibitzer::text::read_file(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .text
}

#[test]
fn the_session_publishes_what_check_finds_on_every_corpus_file() {
    let mut session = session();
    let mut files = 0;
    for (folder, extension, notation) in [
        ("pbn", "pbn", Notation::Pbn),
        ("rbn", "rbn", Notation::Rbn),
        ("lin", "lin", Notation::Lin),
    ] {
        for path in corpus_files(folder, extension) {
            let text = read(&path);
            let uri = format!(
                "file:///corpus/{}",
                path.file_name().unwrap().to_string_lossy()
            );
            let diagnostics = open(&mut session, &uri, notation.extension(), &text);
            let report = notation.check(&text, &CheckOptions::default());
            let (from_session, from_check) = both_sides(&text, &diagnostics, report.diagnostics);
            assert_eq!(from_session, from_check, "{}", path.display());
            session.handle(
                &json!({"jsonrpc": "2.0", "method": "textDocument/didClose",
                    "params": {"textDocument": {"uri": uri}}})
                .to_string(),
            );
            files += 1;
        }
    }
    assert!(files > 200, "only {files} corpus files");
}

#[test]
fn the_session_follows_edits_as_check_reads_the_text() {
    const FRAGMENTS: &[&str] = &[
        "[Deal \"N:",
        "Pass ",
        "P ",
        "1S ",
        "SA ",
        "\n",
        "\n\n",
        "\r\n",
        "\"",
        "]",
        "{",
        "}",
        "é",
        "😀",
        "mb|1s|",
        "pc|SA|",
        "md|3SAKQ,,,|",
        "|",
        "A:1S2H",
        "D:",
        "=1= ",
        "AP",
    ];
    let mut rng = Rng(0x5eed_cafe);
    let mut session = session();
    for (folder, extension, notation) in [
        ("pbn", "pbn", Notation::Pbn),
        ("rbn", "rbn", Notation::Rbn),
        ("lin", "lin", Notation::Lin),
    ] {
        // The three smallest files of each notation.
        let mut paths = corpus_files(folder, extension);
        paths.sort_by_key(|p| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0));
        for path in paths.iter().take(3) {
            let mut text = read(path);
            let uri = format!(
                "file:///edits/{}",
                path.file_name().unwrap().to_string_lossy()
            );
            open(&mut session, &uri, notation.extension(), &text);
            for version in 2..40 {
                let at = settle(&text, rng.below(text.len() + 1));
                let end = settle(&text, (at + rng.below(6)).min(text.len())).max(at);
                let insert = FRAGMENTS[rng.below(FRAGMENTS.len())];
                let change = json!({"range": {"start": position(&text, at), "end": position(&text, end)},
                    "text": insert});
                text.replace_range(at..end, insert);
                let answers = session.handle(&did_change(&uri, version, change));
                let report = notation.check(&text, &CheckOptions::default());
                let (from_session, from_check) =
                    both_sides(&text, &published(&answers, &uri), report.diagnostics);
                assert_eq!(
                    from_session,
                    from_check,
                    "{} at version {version}",
                    path.display()
                );
            }
        }
    }
}

#[test]
fn a_deal_wanted_is_solved_by_another_session_and_shown() {
    const DEAL: &str = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";
    let text = format!("[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{DEAL}\"]\n");
    let mut page = session();
    open(&mut page, "file:///dd.pbn", "pbn", &text);
    let hover = json!({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {
        "textDocument": {"uri": "file:///dd.pbn"}, "position": {"line": 3, "character": 12}}})
    .to_string();
    let answers = page.handle(&hover);
    assert!(answers[0]["result"]["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("solving in the background"));
    let wanted: Vec<&Value> = answers
        .iter()
        .filter(|a| a["method"] == "kibitzer/solveWanted")
        .collect();
    assert_eq!(wanted.len(), 1, "{answers:?}");
    let deal = wanted[0]["params"]["deal"].as_str().unwrap().to_string();
    assert_eq!(deal, DEAL);
    // Asked once: a second hover before the table comes wants nothing more.
    let again = page.handle(&hover);
    assert!(again.iter().all(|a| a["method"] != "kibitzer/solveWanted"));

    let mut solver = Session::new();
    let solved = solver.handle(
        &json!({"jsonrpc": "2.0", "id": 7, "method": "kibitzer/solve", "params": {"deal": deal}})
            .to_string(),
    );
    let tricks = solved[0]["result"]["tricks"].clone();
    // The same table as the native solver's, cell by cell.
    let native = kibitzer::double_dummy::solve_all(&[parse_deal(DEAL)])[0].expect("solved");
    let cells: Vec<u8> = native.cells().map(|(_, _, t)| t).collect();
    assert_eq!(tricks, json!(cells));

    page.handle(
        &json!({"jsonrpc": "2.0", "method": "kibitzer/solved",
            "params": {"deal": deal, "tricks": tricks}})
        .to_string(),
    );
    let shown = page.handle(&hover);
    let value = shown[0]["result"]["contents"]["value"].as_str().unwrap();
    assert!(value.contains("DD   NT"), "{value}");
    assert!(value.contains("Par NS +80 (NS 1S=)"), "{value}");
    let board = page.handle(
        &json!({"jsonrpc": "2.0", "id": 2, "method": "kibitzer/board", "params": {
            "textDocument": {"uri": "file:///dd.pbn"}, "position": {"line": 0, "character": 1}}})
        .to_string(),
    );
    assert_eq!(board[0]["result"]["doubleDummy"]["parScore"], json!(80));
    assert_eq!(
        board[0]["result"]["doubleDummy"]["tricks"]["N"]["S"],
        json!(7)
    );
}

/// The deal of a PBN Deal value, as the library reads it.
fn parse_deal(text: &str) -> kibitzer::bridge::Deal {
    let file = format!("[Deal \"{text}\"]\n");
    let boards = Notation::Pbn.read_boards(&file);
    kibitzer::bridge::Deal::from_hands(boards[0].deal.as_ref().expect("a deal").hands)
}

#[test]
fn every_request_gets_one_answer_and_nothing_panics() {
    let mut session = session();
    open(&mut session, "file:///x.pbn", "pbn", "[Board \"1\"]\n");
    let cases: Vec<(String, Option<i64>)> = vec![
        ("not json at all".to_string(), Some(-32700)),
        ("".to_string(), Some(-32700)),
        ("[1, 2, 3]".to_string(), None),
        ("{\"jsonrpc\": \"2.0\", \"id\": 5}".to_string(), Some(-32600)),
        (json!({"jsonrpc": "2.0", "id": 5, "method": "no/such"}).to_string(), Some(-32601)),
        (json!({"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": 3}).to_string(), Some(-32602)),
        (json!({"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": {
            "textDocument": {"uri": "file:///closed.pbn"}, "position": {"line": 0, "character": 0}}}).to_string(), None),
        (json!({"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": {
            "textDocument": {"uri": "file:///x.pbn"}, "position": {"line": 99, "character": 99}}}).to_string(), None),
        (json!({"jsonrpc": "2.0", "id": 5, "method": "kibitzer/solve", "params": {"deal": "N:AKQ"}}).to_string(), Some(-32602)),
        (json!({"jsonrpc": "2.0", "id": 5, "method": "kibitzer/convert", "params": {"uri": "file:///x.pbn", "to": "xyz"}}).to_string(), Some(-32602)),
        (json!({"jsonrpc": "2.0", "id": 5, "method": "kibitzer/convert", "params": {"uri": "::", "to": "rbn"}}).to_string(), Some(-32602)),
        (json!({"jsonrpc": "2.0", "id": 5, "method": "kibitzer/fromHandviewer", "params": {"url": "nothing"}}).to_string(), Some(-32602)),
        (json!({"jsonrpc": "2.0", "id": 5, "method": "kibitzer/explain", "params": {"code": "Z999"}}).to_string(), Some(-32602)),
        (json!({"jsonrpc": "2.0", "id": 5, "method": "workspace/executeCommand", "params": {"command": "rm", "arguments": []}}).to_string(), Some(-32602)),
    ];
    for (message, error) in cases {
        let answers = session.handle(&message);
        let replies: Vec<&Value> = answers
            .iter()
            .filter(|a| a.get("method").is_none())
            .collect();
        match error {
            Some(code) => {
                assert_eq!(replies.len(), 1, "{message}: {answers:?}");
                assert_eq!(
                    replies[0]["error"]["code"],
                    json!(code),
                    "{message}: {answers:?}"
                );
            }
            None if message.contains("\"id\"") => {
                assert_eq!(replies.len(), 1, "{message}: {answers:?}");
                assert!(replies[0].get("result").is_some(), "{message}: {answers:?}");
            }
            None => assert!(replies.is_empty(), "{message}: {answers:?}"),
        }
    }
    // Notifications that do not fit are dropped; a change to a closed document, a stale
    // version and a change past the end are each survived.
    let handed = session.hand_text("[Board \"1\"]\n".to_string());
    assert_eq!(handed, 0);
    for message in [
        json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///nope", "version": 2}, "contentChanges": [{"text": "x"}]}}),
        json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///x.pbn", "version": 0}, "contentChanges": [{"text": "x"}]}}),
        json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///x.pbn", "version": 9}, "contentChanges": [{"range": {"start": {"line": 40, "character": 0}, "end": {"line": 41, "character": 3}}, "text": "x"}]}}),
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {}}),
        // A handed text's number that names nothing, is no number, or comes with no document.
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"kibitzerHandedText": 99999, "textDocument": {"uri": "file:///h.pbn", "languageId": "pbn", "version": 1, "text": ""}}}),
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"kibitzerHandedText": -1, "textDocument": {"uri": "file:///h.pbn", "languageId": "pbn", "version": 1, "text": ""}}}),
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"kibitzerHandedText": "0", "textDocument": 7}}),
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"kibitzerHandedText": 0}}),
        json!({"jsonrpc": "2.0", "method": "kibitzer/solved", "params": {"deal": "N:", "tricks": [1, 2]}}),
        json!({"jsonrpc": "2.0", "method": "workspace/didChangeConfiguration", "params": {"settings": {"kibitzer": {"check": {"minSeverity": "error"}}}}}),
    ] {
        session.handle(&message.to_string());
    }
    // Random bytes and random pieces of JSON never take it down.
    const ALPHABET: &[u8] = b"{}[]\":,0123 abcxyz\\idmethodparams\xff";
    let mut rng = Rng(99);
    for _ in 0..2000 {
        let len = rng.below(80);
        let bytes: Vec<u8> = (0..len)
            .map(|_| ALPHABET[rng.below(ALPHABET.len())])
            .collect();
        session.handle(&String::from_utf8_lossy(&bytes));
    }
    let answers =
        session.handle(&json!({"jsonrpc": "2.0", "id": 9, "method": "shutdown"}).to_string());
    assert_eq!(answers[0]["result"], Value::Null);
}

#[test]
fn a_batch_of_changes_is_published_once_as_its_end_reads() {
    let mut session = session();
    let uri = "file:///batch.pbn";
    open(&mut session, uri, "pbn", "[Board \"1\"]\n[Dealer \"N\"]\n");
    // Five keystrokes typed before the session could answer: `[Dealer "Q"]`, then back.
    let changes: Vec<Value> = ["Q", "N", "Q", "N", "X"]
        .iter()
        .enumerate()
        .map(|(i, seat)| {
            json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": i + 2},
                "contentChanges": [{"range": {"start": {"line": 1, "character": 9},
                    "end": {"line": 1, "character": 10}}, "text": seat}]}})
        })
        .collect();
    let mut batch = changes.clone();
    batch.push(json!({"jsonrpc": "2.0", "id": 3, "method": "shutdown"}));
    let answers = session.handle(&Value::Array(batch).to_string());
    let publishes: Vec<&Value> = answers
        .iter()
        .filter(|a| a["method"] == "textDocument/publishDiagnostics")
        .collect();
    assert_eq!(publishes.len(), 1, "{answers:?}");
    assert_eq!(publishes[0]["params"]["version"], json!(6));
    // The last text, `[Dealer "X"]`, is what was checked.
    let text = "[Board \"1\"]\n[Dealer \"X\"]\n";
    let report = Notation::Pbn.check(text, &CheckOptions::default());
    let diagnostics = publishes[0]["params"]["diagnostics"].as_array().unwrap();
    let (from_session, from_check) = both_sides(text, diagnostics, report.diagnostics);
    assert_eq!(from_session, from_check);
    assert!(!from_check.is_empty());
    // The request in the batch is answered, before the publish.
    assert_eq!(answers[0]["id"], json!(3));
}

#[test]
fn a_large_files_outline_is_answered_while_its_games_are_checked_a_part_at_a_time() {
    // The corpus's largest PBN file: 10,000 games, 2.6 MB.
    let path = corpus_files("pbn", "pbn")
        .into_iter()
        .max_by_key(|p| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0))
        .expect("PBN files in the corpus");
    let mut text = read(&path);
    let original = text.clone();
    assert!(text.len() > 2 << 20, "{} is no large file", path.display());
    let games = text.matches("[Board ").count();
    let mut session = session();
    let uri = "file:///large.pbn";
    let is_publish = |a: &Value| a["method"] == "textDocument/publishDiagnostics";
    let opened = session.handle(&did_open(uri, "pbn", &text));
    assert!(
        !opened.iter().any(is_publish),
        "published before it was checked"
    );
    assert!(session.has_work());
    // The outline asked now is answered now, every game in it, before the findings.
    let outline = session.handle(
        &json!({"jsonrpc": "2.0", "id": 7, "method": "textDocument/documentSymbol",
            "params": {"textDocument": {"uri": uri}}})
        .to_string(),
    );
    assert_eq!(outline[0]["id"], json!(7), "{:?}", outline.first());
    let symbols = outline[0]["result"].as_array().map_or(0, Vec::len);
    assert_eq!(symbols, games);
    assert!(!outline.iter().any(is_publish));
    assert!(session.has_work(), "checked in one part");
    // An edit while it is checked (a deal cut short in the first game, checked already) is in
    // what is published at the end, once.
    let at = text.find("[Deal \"").expect("a deal") + "[Deal \"N:".len();
    let change = json!({"range": {"start": position(&text, at), "end": position(&text, at + 1)},
        "text": ""});
    text.replace_range(at..at + 1, "");
    let edited = session.handle(&did_change(uri, 2, change));
    assert!(!edited.iter().any(is_publish));
    let rest = finish(&mut session);
    let publishes: Vec<&Value> = rest.iter().filter(|a| is_publish(a)).collect();
    assert_eq!(publishes.len(), 1, "published once, at the end");
    assert_eq!(publishes[0]["params"]["version"], json!(2));
    let report = Notation::Pbn.check(&text, &CheckOptions::default());
    let diagnostics = publishes[0]["params"]["diagnostics"].as_array().unwrap();
    let (from_session, from_check) = both_sides(&text, diagnostics, report.diagnostics);
    assert_eq!(from_session, from_check);
    let before = Notation::Pbn.check(&original, &CheckOptions::default());
    let (_, before) = both_sides(&original, &[], before.diagnostics);
    assert_ne!(from_check, before, "the edit finds nothing new");
    // Checked to its end, an edit is published with its own batch again.
    let undo = json!({"range": {"start": position(&text, at), "end": position(&text, at)},
        "text": &original[at..at + 1]});
    let undone = session.handle(&did_change(uri, 3, undo));
    assert!(!session.has_work());
    let (from_session, _) = both_sides(&original, &published(&undone, uri), Vec::new());
    assert_eq!(from_session, before);
}

#[test]
fn the_pages_text_of_the_answers_is_the_answers() {
    // What the page reads (the messages' JSON text, one a line, each written straight from its
    // answer) against the answers as values, message by message, on two like sessions.
    let path = corpus_files("pbn", "pbn")
        .into_iter()
        .filter(|p| read(p).contains("[Deal \"N:"))
        .min_by_key(|p| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0))
        .expect("PBN files with a deal in the corpus");
    let text = read(&path);
    let uri = "file:///text.pbn";
    let deal = text
        .lines()
        .position(|line| line.starts_with("[Deal "))
        .expect("a deal");
    let messages = [
        json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}}),
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument":
            {"uri": uri, "languageId": "pbn", "version": 1, "text": text}}}),
        json!({"jsonrpc": "2.0", "id": 1, "method": "textDocument/documentSymbol",
            "params": {"textDocument": {"uri": uri}}}),
        json!({"jsonrpc": "2.0", "id": "two", "method": "textDocument/hover",
            "params": {"textDocument": {"uri": uri}, "position": {"line": deal, "character": 8}}}),
        json!({"jsonrpc": "2.0", "id": 3, "method": "no/such"}),
    ];
    let (mut values, mut texts) = (Session::new(), Session::new());
    for message in messages {
        let message = message.to_string();
        let from_values = values.handle(&message);
        let read: Vec<Value> = texts
            .handle_text(&message)
            .lines()
            .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON: {e}")))
            .collect();
        assert_eq!(read, from_values, "{message}");
        assert!(!read.is_empty() || !message.contains("\"id\""));
    }
    // The deal's hover is drawn over several lines, each break written `\n` in its line.
    let hover = values.handle(&hover_at(uri, deal));
    let drawn = hover[0]["result"]["contents"]["value"]
        .as_str()
        .unwrap_or_default();
    assert!(drawn.lines().count() > 4, "{hover:?}");
    assert_eq!(texts.handle_text(&hover_at(uri, deal)).lines().count(), 1);
    let refused = texts.handle_text("not json");
    assert!(
        refused.starts_with('{') && !refused.contains('\n'),
        "{refused}"
    );
}

/// A hover request at the start of the line `line`'s value.
fn hover_at(uri: &str, line: usize) -> String {
    json!({"jsonrpc": "2.0", "id": 4, "method": "textDocument/hover",
        "params": {"textDocument": {"uri": uri}, "position": {"line": line, "character": 8}}})
    .to_string()
}

#[test]
fn a_text_handed_apart_from_its_did_open_is_the_text_opened() {
    // The page writes a large opened text straight into the module's memory and sends its
    // `didOpen` with an empty text and the number it was handed by: the session opens what
    // it would have opened from the message, findings and outline alike.
    let mut paths = corpus_files("pbn", "pbn");
    paths.sort_by_key(|p| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0));
    let largest = paths.last().cloned().expect("PBN files in the corpus");
    let widest = paths
        .iter()
        .find(|p| !read(p).is_ascii())
        .cloned()
        .expect("a corpus file beyond ASCII");
    let outline = |session: &mut Session, uri: &str| {
        let asked = json!({"jsonrpc": "2.0", "id": 9, "method": "textDocument/documentSymbol",
            "params": {"textDocument": {"uri": uri}}});
        session.handle(&asked.to_string())
    };
    for path in [largest, widest] {
        let text = read(&path);
        let uri = "file:///opened.pbn";
        let mut in_message = session();
        let mut answers = in_message.handle(&did_open(uri, "pbn", &text));
        answers.extend(finish(&mut in_message));
        let mut handed = session();
        let number = handed.hand_text(text.clone());
        let mut message: Value = serde_json::from_str(&did_open(uri, "pbn", "")).unwrap();
        message["params"]["kibitzerHandedText"] = json!(number);
        let mut from_handed = handed.handle(&message.to_string());
        from_handed.extend(finish(&mut handed));
        assert_eq!(
            published(&from_handed, uri),
            published(&answers, uri),
            "{}",
            path.display()
        );
        assert!(!published(&answers, uri).is_empty() || text.len() < 1000);
        assert_eq!(outline(&mut handed, uri), outline(&mut in_message, uri));
        // Claimed once: the same number again opens the message's own (empty) text.
        handed.handle(&message.to_string());
        let empty = outline(&mut handed, uri);
        assert_eq!(empty[0]["result"], json!([]), "{}", path.display());
    }
    // A page that hands texts and never opens them: only the last few wait.
    let mut session = session();
    let numbers: Vec<u32> = (0..9)
        .map(|i| session.hand_text(format!("[Board \"{i}\"]\n")))
        .collect();
    let open_handed = |session: &mut Session, number: u32| {
        let mut message: Value =
            serde_json::from_str(&did_open("file:///h.pbn", "pbn", "")).unwrap();
        message["params"]["kibitzerHandedText"] = json!(number);
        session.handle(&message.to_string());
        outline(session, "file:///h.pbn")[0]["result"]
            .as_array()
            .map_or(0, Vec::len)
    };
    assert_eq!(
        open_handed(&mut session, numbers[0]),
        0,
        "the oldest is let go"
    );
    assert_eq!(open_handed(&mut session, numbers[8]), 1);
}
