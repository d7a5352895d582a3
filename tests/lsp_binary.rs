//! The built binary as editors run it: Content-Length framed JSON-RPC over stdin/stdout.

use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

mod framing;

struct Server {
    child: Child,
    stdin: ChildStdin,
    messages: mpsc::Receiver<Value>,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
            .args(["lsp", "--stdio"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(body) = framing::read_frame(&mut reader) {
                let body = body.expect("a Content-Length header");
                if tx.send(serde_json::from_slice(&body).unwrap()).is_err() {
                    return;
                }
            }
        });
        Server {
            child,
            stdin,
            messages: rx,
        }
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn wait_for(&mut self, what: impl Fn(&Value) -> bool) -> Value {
        loop {
            let message = self
                .messages
                .recv_timeout(Duration::from_secs(10))
                .expect("an answer within 10 s");
            if what(&message) {
                return message;
            }
        }
    }

    fn request(&mut self, id: i64, method: &str, params: Value) -> Value {
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let response = self.wait_for(|m| m["id"] == id);
        assert!(response.get("error").is_none(), "{response}");
        response["result"].clone()
    }

    fn exited_within(&mut self, limit: Duration) -> Option<i32> {
        let start = Instant::now();
        while start.elapsed() < limit {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        None
    }
}

const URI: &str = "file:///nowhere/binary.pbn";
const TEXT: &str = "[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n[Auction \"N\"]\n1S \n";

#[test]
fn a_whole_session_over_stdio_then_the_process_is_gone() {
    let mut server = Server::start();
    let init = server.request(
        1,
        "initialize",
        json!({"capabilities": {}, "initializationOptions": {"diagnostics": {"debounceMs": 0}}}),
    );
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-16");
    server.send(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    server.send(
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": URI, "languageId": "pbn", "version": 1, "text": TEXT}}}),
    );
    let first = server.wait_for(|m| m["method"] == "textDocument/publishDiagnostics");
    // The auction stops after one call: the analysis says so (A306).
    let codes: Vec<&Value> = first["params"]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| &d["code"])
        .collect();
    assert_eq!(codes, [&json!("A306")]);
    // Break the Board tag: the diagnostic for version 2 arrives with its code.
    server.send(json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": URI, "version": 2},
        "contentChanges": [{"range": {"start": {"line": 0, "character": 10}, "end": {"line": 0, "character": 11}}, "text": ""}]}}));
    let diagnostics = server.wait_for(|m| {
        m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == 2
    });
    let codes: Vec<&Value> = diagnostics["params"]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| &d["code"])
        .collect();
    assert!(codes.contains(&&json!("S002")), "{codes:?}");
    let hover = server.request(
        2,
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": {"line": 2, "character": 2}}),
    );
    assert!(hover["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("♠ A K Q J"));
    let completion = server.request(
        3,
        "textDocument/completion",
        json!({"textDocument": {"uri": URI}, "position": {"line": 4, "character": 3}}),
    );
    assert_eq!(completion[0]["label"], "Pass");
    let formatting = server.request(
        4,
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert!(
        formatting.is_null() || formatting.is_array(),
        "{formatting}"
    );
    // eglot's form of shutdown: params null, answered with result null.
    server.send(json!({"jsonrpc": "2.0", "id": 5, "method": "shutdown", "params": null}));
    let answer = server.wait_for(|m| m["id"] == 5);
    assert_eq!(answer, json!({"jsonrpc": "2.0", "id": 5, "result": null}));
    // exit, then (like Neovim 0.7) another shutdown; stdin stays open.
    server.send(json!({"jsonrpc": "2.0", "method": "exit"}));
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        server.send(json!({"jsonrpc": "2.0", "id": 6, "method": "shutdown"}))
    }));
    assert_eq!(server.exited_within(Duration::from_secs(5)), Some(0));
}

#[test]
fn shutdown_and_exit_sent_back_to_back_are_answered_and_end_with_code_0() {
    // Some clients write both at once. The shutdown must be answered (not "Canceled") and the
    // process end with 0: before, 48 runs of 70 did not.
    for run in 0..30 {
        let mut server = Server::start();
        server.request(1, "initialize", json!({"capabilities": {}}));
        server.send(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
        let shutdown = json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}).to_string();
        let exit = json!({"jsonrpc": "2.0", "method": "exit"}).to_string();
        let both = format!(
            "Content-Length: {}\r\n\r\n{shutdown}Content-Length: {}\r\n\r\n{exit}",
            shutdown.len(),
            exit.len()
        );
        server.stdin.write_all(both.as_bytes()).unwrap();
        server.stdin.flush().unwrap();
        let answer = server.wait_for(|m| m["id"] == 2);
        assert_eq!(
            answer,
            json!({"jsonrpc": "2.0", "id": 2, "result": null}),
            "run {run}"
        );
        assert_eq!(
            server.exited_within(Duration::from_secs(5)),
            Some(0),
            "run {run}"
        );
    }
}

#[test]
fn exit_without_shutdown_ends_with_code_1_and_garbage_never_kills_it() {
    let mut server = Server::start();
    server.request(1, "initialize", json!({"capabilities": {}}));
    // Malformed bodies and unknown methods are answered or ignored, never fatal.
    let junk = "{not json";
    write!(server.stdin, "Content-Length: {}\r\n\r\n{junk}", junk.len()).unwrap();
    server.send(json!({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {"textDocument": {"uri": "file:///x"}, "position": {"line": 4294967295u32, "character": 4294967295u32}}}));
    let answer = server.wait_for(|m| m["id"] == 2);
    assert_eq!(answer["result"], Value::Null);
    server.send(json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///x", "version": 1}, "contentChanges": [{"text": "x"}]}}));
    server.send(json!({"jsonrpc": "2.0", "id": 3, "method": "no/such/method", "params": {}}));
    let answer = server.wait_for(|m| m["id"] == 3);
    assert!(answer.get("error").is_some());
    server.send(json!({"jsonrpc": "2.0", "method": "exit"}));
    assert_eq!(server.exited_within(Duration::from_secs(5)), Some(1));
}

#[test]
fn messages_that_are_not_json_rpc_2_are_answered_or_ignored_and_the_session_goes_on() {
    let mut server = Server::start();
    server.request(1, "initialize", json!({"capabilities": {}}));
    // Each of these used to end the process with status 1.
    server.send(json!({}));
    server.send(json!({"jsonrpc": "1.0", "method": "initialized"}));
    server.send(json!({"jsonrpc": "2.0", "id": {"an": "object"}, "method": "shutdown"}));
    server.send(json!([1, 2, 3]));
    // With an id the client can match, the answer is an error for that id.
    server.send(json!({"jsonrpc": "1.0", "id": 5, "method": "textDocument/hover"}));
    let answer = server.wait_for(|m| m["id"] == 5);
    assert!(answer["error"]["code"].is_i64(), "{answer}");
    server
        .send(json!({"jsonrpc": "2.0", "id": "six", "method": "textDocument/hover", "params": 6}));
    let answer = server.wait_for(|m| m["id"] == "six");
    assert!(answer.get("error").is_some(), "{answer}");
    // And the session is still there: a shutdown and an exit end it cleanly.
    server.request(7, "shutdown", Value::Null);
    server.send(json!({"jsonrpc": "2.0", "method": "exit"}));
    assert_eq!(server.exited_within(Duration::from_secs(5)), Some(0));
}

#[test]
fn a_large_file_opens_edits_and_answers_like_a_small_one() {
    // Over a MiB: the input pump hands the text to the server past the protocol library.
    let game = TEXT.replace("1S \n", "1S Pass Pass Pass\n");
    let copies = (1 << 20) / game.len() + 1000;
    let mut text = String::new();
    for n in 0..copies {
        // Boards numbered on, each dealt by the seat the rotation gives it.
        let dealer = ["N", "E", "S", "W"][n % 4];
        let numbered = game
            .replace("[Board \"1\"]", &format!("[Board \"{}\"]", n + 1))
            .replace("[Dealer \"N\"]", &format!("[Dealer \"{dealer}\"]"))
            .replace("[Auction \"N\"]", &format!("[Auction \"{dealer}\"]"));
        text.push_str(&numbered);
        text.push('\n');
    }
    text.push_str(TEXT);
    let last_line = text.lines().count() as u32 - 1;
    let mut server = Server::start();
    server.request(
        1,
        "initialize",
        json!({"capabilities": {}, "initializationOptions": {"diagnostics": {"debounceMs": 0}}}),
    );
    server.send(
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": URI, "languageId": "pbn", "version": 1, "text": text}}}),
    );
    let first = server.wait_for(|m| m["method"] == "textDocument/publishDiagnostics");
    // Only the last game's auction stops short, on the last line.
    let diagnostics = first["params"]["diagnostics"].as_array().unwrap();
    let codes: Vec<&Value> = diagnostics.iter().map(|d| &d["code"]).take(5).collect();
    assert_eq!(diagnostics.len(), 1, "{codes:?}…");
    assert_eq!(diagnostics[0]["code"], "A306");
    assert_eq!(diagnostics[0]["range"]["start"]["line"], last_line);
    // Breaking the first game's Board tag adds its S002 and keeps the last game's A306.
    server.send(json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": URI, "version": 2},
        "contentChanges": [{"range": {"start": {"line": 0, "character": 10}, "end": {"line": 0, "character": 11}}, "text": ""}]}}));
    let second = server.wait_for(|m| {
        m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == 2
    });
    let codes: Vec<&Value> = second["params"]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| &d["code"])
        .collect();
    assert!(codes.contains(&&json!("S002")), "{codes:?}");
    assert!(codes.contains(&&json!("A306")), "{codes:?}");
    let hover = server.request(
        2,
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": {"line": last_line - 2, "character": 2}}),
    );
    assert!(hover["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("♠ A K Q J"));
    // An outline this long is written past the protocol library: the client reads it whole,
    // in the protocol's form, under its request's id.
    let outline = server.request(
        4,
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    );
    let symbols = outline.as_array().expect("a list of symbols");
    assert_eq!(symbols.len(), copies + 1);
    assert_eq!(symbols[1]["name"], "Board 2", "{}", symbols[1]);
    assert_eq!(symbols[copies]["name"], "Board 1", "{}", symbols[copies]);
    assert_eq!(symbols[copies]["range"]["end"]["line"], last_line + 1);
    server.send(json!({"jsonrpc": "2.0", "id": 3, "method": "shutdown", "params": null}));
    server.wait_for(|m| m["id"] == 3);
    server.send(json!({"jsonrpc": "2.0", "method": "exit"}));
    assert_eq!(server.exited_within(Duration::from_secs(5)), Some(0));
}

/// A client that goes away while the server waits for its answer (here to
/// `workspace/configuration`, asked after a settings change) must not keep the server alive:
/// the end of stdin ends the process.
#[test]
fn the_end_of_stdin_ends_the_server_even_while_it_waits_for_the_client() {
    let mut server = Server::start();
    server.request(
        1,
        "initialize",
        json!({"capabilities": {"workspace": {"configuration": true}}}),
    );
    server.send(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    server.send(json!({"jsonrpc": "2.0", "method": "workspace/didChangeConfiguration", "params": {"settings": null}}));
    // The server asks for the settings; nobody answers.
    let asked = server.wait_for(|m| m["method"] == "workspace/configuration");
    assert!(asked.get("id").is_some());
    let Server {
        mut child, stdin, ..
    } = server;
    drop(stdin);
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.is_some(), "the server outlived its client by 10 s");
}
