//! The in-process harness the language-server protocol tests share: a server spoken to in JSON
//! through `LspService`, with its client side drained so that notifications never block.
#![allow(dead_code)]

use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::{SinkExt, StreamExt};
use kibitzer::lsp::Backend;
use serde_json::{json, Value};
use tokio::sync::mpsc;
use tower::{Service, ServiceExt};
use tower_lsp_server::jsonrpc::{Request, Response};
use tower_lsp_server::LspService;

/// A server in process, spoken to in JSON, with the one document the tests open.
pub struct Harness {
    /// The URI of the document the tests open.
    pub uri: &'static str,
    /// The server.
    pub service: LspService<Backend>,
    /// What the server sent to the client.
    pub messages: mpsc::UnboundedReceiver<Value>,
    /// What the client answers to `workspace/configuration`.
    pub configuration: Arc<Mutex<Value>>,
    /// The id of the last request.
    pub next_id: i64,
}

impl Harness {
    /// Starts a server and initializes it with `capabilities` and `options`.
    pub async fn start(uri: &'static str, capabilities: Value, options: Value) -> (Harness, Value) {
        let (service, socket) = kibitzer::lsp::service(Backend::new);
        let (tx, rx) = mpsc::unbounded_channel();
        let configuration = Arc::new(Mutex::new(json!({})));
        let answers = configuration.clone();
        tokio::spawn(async move {
            let (mut requests, mut responses) = socket.split();
            while let Some(request) = requests.next().await {
                let value = serde_json::to_value(&request).unwrap();
                if let Some(id) = request.id().cloned() {
                    let result = if request.method() == "workspace/configuration" {
                        json!([answers.lock().unwrap().clone()])
                    } else {
                        Value::Null
                    };
                    let _ = responses.send(Response::from_ok(id, result)).await;
                }
                let _ = tx.send(value);
            }
        });
        let mut harness = Harness {
            uri,
            service,
            messages: rx,
            configuration,
            next_id: 0,
        };
        let init = harness
            .request(
                "initialize",
                json!({"capabilities": capabilities, "initializationOptions": options}),
            )
            .await;
        harness.notify("initialized", json!({})).await;
        (harness, init)
    }

    pub async fn send(&mut self, message: Value) -> Option<Value> {
        let request: Request = serde_json::from_value(message).unwrap();
        let response = self
            .service
            .ready()
            .await
            .unwrap()
            .call(request)
            .await
            .unwrap();
        response.map(|r| serde_json::to_value(r).unwrap())
    }

    pub async fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let message =
            json!({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params});
        let response = self.send(message).await.expect("a response");
        assert!(response.get("error").is_none(), "{method}: {response}");
        response["result"].clone()
    }

    pub async fn notify(&mut self, method: &str, params: Value) {
        let message = json!({"jsonrpc": "2.0", "method": method, "params": params});
        assert!(self.send(message).await.is_none());
    }

    /// The next message the server sends with `method` (others are skipped).
    pub async fn next(&mut self, method: &str) -> Value {
        loop {
            let message = tokio::time::timeout(Duration::from_secs(10), self.messages.recv())
                .await
                .expect("the server sent nothing for 10 s")
                .expect("the server is gone");
            if message["method"] == method {
                return message["params"].clone();
            }
        }
    }

    /// The diagnostics published for `version`.
    pub async fn diagnostics(&mut self, version: i64) -> Vec<Value> {
        loop {
            let params = self.next("textDocument/publishDiagnostics").await;
            if params["version"] == version {
                return params["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
            }
        }
    }

    pub async fn open(&mut self, language: &str, text: &str) -> Vec<Value> {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": self.uri, "languageId": language, "version": 1, "text": text}}),
        )
        .await;
        self.diagnostics(1).await
    }

    pub async fn change(&mut self, version: i64, changes: Value) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": self.uri, "version": version}, "contentChanges": changes}),
        )
        .await;
    }

    /// Asks the semantic tokens of the whole document, then of line `line` alone, and checks
    /// both: at least `at_least` tokens in all, five numbers a token, the line's fewer and its
    /// first on that line. Gives the two token lists.
    pub async fn semantic_tokens_of_line(
        &mut self,
        line: u32,
        at_least: usize,
    ) -> (Vec<Value>, Vec<Value>) {
        let full = self
            .request(
                "textDocument/semanticTokens/full",
                json!({"textDocument": {"uri": self.uri}}),
            )
            .await;
        let data = full["data"].as_array().cloned().unwrap_or_default();
        assert!(
            data.len() >= 5 * at_least && data.len() % 5 == 0,
            "{data:?}"
        );
        let range = self
            .request(
                "textDocument/semanticTokens/range",
                json!({"textDocument": {"uri": self.uri}, "range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 400}}}),
            )
            .await;
        let part = range["data"].as_array().cloned().unwrap_or_default();
        assert!(!part.is_empty() && part.len() < data.len(), "{part:?}");
        assert_eq!(part[0], json!(line), "{part:?}");
        (data, part)
    }

    /// The first edit of the code action titled `title` offered with the cursor at a position
    /// (it fails, showing the actions offered, when there is none).
    pub async fn quick_fix_edit(&mut self, line: u32, character: u32, title: &str) -> Value {
        let position = json!({"line": line, "character": character});
        let found = self
            .request(
                "textDocument/codeAction",
                json!({"textDocument": {"uri": self.uri}, "range": {"start": position, "end": position}, "context": {"diagnostics": []}}),
            )
            .await;
        let action = found
            .as_array()
            .and_then(|all| all.iter().find(|a| a["title"] == title))
            .unwrap_or_else(|| panic!("no `{title}` among {found}"));
        action["edit"]["changes"][self.uri][0].clone()
    }

    pub async fn at(&mut self, method: &str, line: u32, character: u32) -> Value {
        self.request(
            method,
            json!({"textDocument": {"uri": self.uri}, "position": {"line": line, "character": character}}),
        )
        .await
    }
}

/// A content change replacing a range (lines and characters from 0) with `text`.
pub fn edit(l1: u32, c1: u32, l2: u32, c2: u32, text: &str) -> Value {
    json!({"range": {"start": {"line": l1, "character": c1}, "end": {"line": l2, "character": c2}}, "text": text})
}
