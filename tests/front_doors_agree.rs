//! The two front doors, the native server and the browser's session, given the same editor
//! session message by message, answer alike: every request at many places of a PBN, an RBN and
//! a LIN document, the diagnostics each document is left with after each change, a change the
//! document cannot take (its file on disk saying something else) and a settings change; and
//! what each shows the user.

mod common;
mod lsp_harness;

use std::collections::HashMap;
use std::time::Duration;

use kibitzer::web::Session;
use lsp_harness::Harness;
use serde_json::{json, Value};

/// The browser's session as the native harness is driven: requests answered, the diagnostics
/// published kept by document, messages shown kept.
struct Browser {
    session: Session,
    next_id: i64,
    published: HashMap<String, Vec<(i64, Vec<Value>)>>,
    shown: Vec<String>,
}

impl Browser {
    fn new(initialize: &Value) -> Browser {
        let mut browser = Browser {
            session: Session::new(),
            next_id: 0,
            published: HashMap::new(),
            shown: Vec::new(),
        };
        browser.request("initialize", initialize.clone());
        browser.notify("initialized", json!({}));
        browser
    }

    fn take(&mut self, answers: Vec<Value>, id: Option<i64>) -> Option<Value> {
        let mut result = None;
        for answer in answers {
            match answer["method"].as_str() {
                Some("textDocument/publishDiagnostics") => {
                    let params = &answer["params"];
                    let uri = params["uri"].as_str().unwrap_or_default().to_string();
                    let version = params["version"].as_i64().unwrap_or(-1);
                    let diagnostics = params["diagnostics"]
                        .as_array()
                        .cloned()
                        .unwrap_or_default();
                    self.published
                        .entry(uri)
                        .or_default()
                        .push((version, diagnostics));
                }
                Some("window/showMessage") => self.shown.push(
                    answer["params"]["message"]
                        .as_str()
                        .unwrap_or_default()
                        .to_string(),
                ),
                _ if id.is_some() && answer["id"].as_i64() == id => {
                    assert!(answer.get("error").is_none(), "browser: {answer}");
                    result = Some(answer["result"].clone());
                }
                _ => {}
            }
        }
        result
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let message = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        let answers = self.session.handle(&message.to_string());
        self.take(answers, Some(id))
            .unwrap_or_else(|| panic!("browser: no answer to {method}"))
    }

    fn notify(&mut self, method: &str, params: Value) {
        let message = json!({"jsonrpc": "2.0", "method": method, "params": params});
        let answers = self.session.handle(&message.to_string());
        self.take(answers, None);
    }

    /// The diagnostics last published for `uri`.
    fn diagnostics(&self, uri: &str) -> Vec<Value> {
        self.published
            .get(uri)
            .and_then(|list| list.last())
            .map(|(_, d)| d.clone())
            .unwrap_or_default()
    }
}

/// What the native server sent: the diagnostics published, and the messages shown.
#[derive(Default)]
struct NativeLog {
    published: Vec<(String, i64, Vec<Value>)>,
    shown: Vec<String>,
}

/// Reads the native server's messages into `log` until `uri`'s diagnostics of `version` came
/// after the first `since` published, and the server has then been quiet a moment; those
/// diagnostics (the latest).
async fn native_diagnostics(
    native: &mut Harness,
    log: &mut NativeLog,
    since: usize,
    uri: &str,
    version: i64,
) -> Vec<Value> {
    let found = |log: &NativeLog| {
        log.published[since.min(log.published.len())..]
            .iter()
            .rev()
            .find(|(u, v, _)| u == uri && *v == version)
            .map(|(_, _, d)| d.clone())
    };
    loop {
        let wait = if found(log).is_some() { 400 } else { 15_000 };
        let message =
            match tokio::time::timeout(Duration::from_millis(wait), native.messages.recv()).await {
                Ok(Some(message)) => message,
                _ => break,
            };
        let params = &message["params"];
        match message["method"].as_str() {
            Some("textDocument/publishDiagnostics") => log.published.push((
                params["uri"].as_str().unwrap_or_default().to_string(),
                params["version"].as_i64().unwrap_or(-1),
                params["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default(),
            )),
            Some("window/showMessage") => log
                .shown
                .push(params["message"].as_str().unwrap_or_default().to_string()),
            _ => {}
        }
    }
    found(log).unwrap_or_else(|| panic!("native: no diagnostics for {uri} version {version}"))
}

/// Places spread over a text: the start of every `step`th line, and a column into it.
fn places(text: &str, step: usize) -> Vec<Value> {
    let mut out = Vec::new();
    for (line, content) in text.lines().enumerate().step_by(step) {
        let width = content.encode_utf16().count();
        for character in [0, width / 3, width / 2, width.saturating_sub(1)] {
            out.push(json!({"line": line, "character": character}));
        }
    }
    out
}

/// Asks both doors everything about `uri` and asserts the same answers.
async fn same_answers(native: &mut Harness, browser: &mut Browser, uri: &str, text: &str) {
    let doc = json!({"uri": uri});
    let mut asked = 0;
    for (method, params) in [
        ("textDocument/documentSymbol", json!({"textDocument": doc})),
        ("textDocument/foldingRange", json!({"textDocument": doc})),
        (
            "textDocument/semanticTokens/full",
            json!({"textDocument": doc}),
        ),
        (
            "textDocument/formatting",
            json!({"textDocument": doc, "options": {"tabSize": 2, "insertSpaces": true}}),
        ),
        (
            "textDocument/inlayHint",
            json!({"textDocument": doc, "range": {"start": {"line": 0, "character": 0},
                "end": {"line": text.lines().count() + 1, "character": 0}}}),
        ),
    ] {
        let a = native.request(method, params.clone()).await;
        let b = browser.request(method, params);
        assert_eq!(a, b, "{method} on {uri}");
        asked += 1;
    }
    let step = (text.lines().count() / 12).max(1);
    for position in places(text, step) {
        for method in [
            "textDocument/hover",
            "textDocument/completion",
            "textDocument/definition",
        ] {
            let params = json!({"textDocument": doc, "position": position});
            let a = native.request(method, params.clone()).await;
            let b = browser.request(method, params);
            assert_eq!(a, b, "{method} at {position} of {uri}");
            asked += 1;
        }
        let params = json!({"textDocument": doc, "position": position,
            "context": {"includeDeclaration": true}});
        let a = native
            .request("textDocument/references", params.clone())
            .await;
        let b = browser.request("textDocument/references", params);
        assert_eq!(a, b, "references at {position} of {uri}");
    }
    // The fixes offered for each diagnostic.
    for diagnostic in browser.diagnostics(uri).into_iter().take(20) {
        let params = json!({"textDocument": doc, "range": diagnostic["range"],
            "context": {"diagnostics": [diagnostic]}});
        let a = native
            .request("textDocument/codeAction", params.clone())
            .await;
        let b = browser.request("textDocument/codeAction", params);
        assert_eq!(a, b, "codeAction on {uri}");
        asked += 1;
    }
    assert!(asked > 20, "{asked} requests on {uri}");
}

/// The smallest file of the corpus with the extension.
fn smallest(subfolder: &str, extension: &str) -> String {
    let mut files = common::corpus_files(subfolder, extension);
    files.sort_by_key(|p| std::fs::metadata(p).map(|m| m.len()).unwrap_or(u64::MAX));
    let mut chosen = None;
    for path in files {
        let text = kibitzer::text::read_file(&path)
            .map(|s| s.text)
            .unwrap_or_default();
        if text.lines().count() > 20 {
            chosen = Some(text);
            break;
        }
    }
    chosen.unwrap_or_else(|| panic!("no {extension} file of 20 lines in the corpus"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_native_server_and_the_browser_session_answer_alike() {
    let folder = tempfile_dir();
    let capabilities = json!({"general": {"positionEncodings": ["utf-16"]}});
    // The solver answers the native server in the background and the browser's page in its
    // own worker: which hover shows a table first is a race, not an answer; it is off here.
    let options = json!({"doubleDummy": {"enabled": false}, "diagnostics": {"debounceMs": 10}});
    let initialize = json!({"capabilities": capabilities, "initializationOptions": options});
    let (mut native, _) = Harness::start("file:///unused.pbn", capabilities, options).await;
    let mut browser = Browser::new(&initialize);
    let mut log = NativeLog::default();
    let documents = [
        ("pbn", smallest("pbn", "pbn")),
        ("rbn", smallest("rbn", "rbn")),
        ("lin", smallest("lin", "lin")),
    ];
    let mut uris = Vec::new();
    for (language, text) in &documents {
        let path = folder.join(format!("doors.{language}"));
        // The file on disk says something else than the editor's text: a door that reads it
        // behind the editor's back answers otherwise.
        std::fs::write(&path, "% not what the editor holds\n").unwrap_or_default();
        let uri = format!("file://{}", path.display());
        let open = json!({"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}});
        native.notify("textDocument/didOpen", open.clone()).await;
        browser.notify("textDocument/didOpen", open);
        let since = log.published.len();
        let a = native_diagnostics(&mut native, &mut log, since, &uri, 1).await;
        assert_eq!(a, browser.diagnostics(&uri), "opened {uri}");
        same_answers(&mut native, &mut browser, &uri, text).await;
        if *language == "pbn" {
            // Strict export format, through the server on both sides.
            let params =
                json!({"command": "kibitzer.lsp.formatExport", "arguments": [{"uri": uri}]});
            let a = native
                .request("workspace/executeCommand", params.clone())
                .await;
            let b = browser.request("workspace/executeCommand", params);
            assert_eq!(a, b, "kibitzer.lsp.formatExport on {uri}");
            assert!(a.to_string().contains("% PBN 2.1"), "{a}");
        }
        uris.push((uri, text.clone()));
    }
    // A code's documentation, asked by code and by name.
    for code in ["a301", "invalid-call", "M104"] {
        let params = json!({ "code": code });
        let a = native.request("kibitzer/explain", params.clone()).await;
        let b = browser.request("kibitzer/explain", params);
        assert_eq!(a, b, "kibitzer/explain {code}");
        assert!(
            a["markdown"].as_str().is_some_and(|m| m.starts_with("# ")),
            "{a}"
        );
    }
    for (uri, text) in &uris {
        // A change the document takes: a line added at the start.
        let change = json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
            {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
             "text": "{a comment}\n"}]});
        let since = log.published.len();
        native
            .notify("textDocument/didChange", change.clone())
            .await;
        browser.notify("textDocument/didChange", change);
        let a = native_diagnostics(&mut native, &mut log, since, uri, 2).await;
        assert_eq!(a, browser.diagnostics(uri), "changed {uri}");
        // A change the document cannot take: a range past its end.
        let lines = text.lines().count() as u32 + 50;
        let change = json!({"textDocument": {"uri": uri, "version": 3}, "contentChanges": [
            {"range": {"start": {"line": lines, "character": 0}, "end": {"line": lines + 1, "character": 0}},
             "text": "x"}]});
        let since = log.published.len();
        native
            .notify("textDocument/didChange", change.clone())
            .await;
        browser.notify("textDocument/didChange", change);
        let a = native_diagnostics(&mut native, &mut log, since, uri, 3).await;
        assert_eq!(a, browser.diagnostics(uri), "a change {uri} cannot take");
        let with_comment = format!("{{a comment}}\n{text}");
        same_answers(&mut native, &mut browser, uri, &with_comment).await;
    }
    // A setting that changes the findings: every document is checked again, alike.
    let settings = json!({"settings": {"kibitzer": {"check": {"minSeverity": "error"}}}});
    let since = log.published.len();
    native
        .notify("workspace/didChangeConfiguration", settings.clone())
        .await;
    browser.notify("workspace/didChangeConfiguration", settings);
    for (uri, _) in &uris {
        let a = native_diagnostics(&mut native, &mut log, since, uri, 3).await;
        assert_eq!(
            a,
            browser.diagnostics(uri),
            "{uri} after the settings change"
        );
        assert!(
            a.iter().all(|d| d["severity"] == 1),
            "{uri}: not only errors after the settings change"
        );
    }
    // What the user was shown, in order: each change a document could not take, and what
    // formatting left as written.
    assert_eq!(log.shown, browser.shown, "what the user is shown");
    let refused = browser
        .shown
        .iter()
        .filter(|m| m.contains("could not follow an edit"))
        .count();
    assert_eq!(refused, uris.len(), "{:?}", browser.shown);
    let _ = std::fs::remove_dir_all(&folder);
}

/// A folder of its own in the system's temporary folder.
fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kibitzer-doors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_default();
    dir
}
