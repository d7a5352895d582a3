//! A language session that answers the protocol's messages one at a time, synchronously: the
//! server the browser runs (the playground's worker, VS Code for the web). It keeps the same
//! open documents as the native server and answers from them the same way. What it lacks is a
//! background: it solves no deal while typing goes on. When a hover or a board view wants a
//! deal's double-dummy table it says so (`kibitzer/solveWanted`); the page has another worker
//! solve it (`kibitzer/solve`) and hands the table back (`kibitzer/solved`).

use std::cell::RefCell;
use std::collections::HashMap;

use serde_json::{json, Value};
use tower_lsp_server::ls_types::{self as lsp, Uri};

use crate::bridge::Deal;
use crate::double_dummy::{par_for, ThreadSolver, TrickTable};
use crate::ide;
use crate::ide::diagram::DoubleDummyPart;
use crate::lsp::config::Settings;
use crate::lsp::deal_text::{read_deal_text, write_deal_text};
use crate::lsp::handlers;
use crate::lsp::workspace::{Environment, Refusal, Workspace};
use crate::model::board::BoardModel;
use crate::notation::Notation;

/// JSON-RPC's error codes the session answers with itself.
const PARSE_ERROR: i64 = -32700;
const INVALID_REQUEST: i64 = -32600;

/// How many games of a large document an empty batch checks (see [`Session::has_work`]): some
/// 60 ms in a browser, the longest a request arriving meanwhile then waits.
const GAMES_A_PART: usize = 1000;

/// The documents open in the browser and what the session knows of their deals.
#[derive(Default)]
pub struct Session {
    workspace: Workspace,
    browser: Browser,
    /// Documents whose diagnostics wait for their games to be checked, a part at each batch, in
    /// the order they were asked for.
    checking: Vec<Uri>,
    /// Large texts handed over apart from their `didOpen`, by the number it names them by
    /// (see [`Session::hand_text`]).
    handed: Vec<(u32, String)>,
    /// The number the next handed text gets.
    next_handed: u32,
}

/// At most this many handed texts wait for their `didOpen` (the oldest go first), should a
/// page hand one and never send its message.
const MAX_HANDED: usize = 8;

/// The member of a `didOpen`'s parameters naming the text handed over in its place.
const HANDED_TEXT: &str = "kibitzerHandedText";

/// What the browser has that a machine has otherwise: no settings files and no file system;
/// deals solved by the page's solving worker, asked for and handed back by message.
#[derive(Default)]
struct Browser {
    /// The double-dummy tables the page has handed back.
    solved: HashMap<Deal, TrickTable>,
    /// The deals wanted while answering the current message (said once each).
    wanted: RefCell<Vec<Deal>>,
    /// Deals already asked of the page, so that each is asked once.
    asked: RefCell<Vec<Deal>>,
    /// The solver, for a session that is the page's solving worker.
    solver: RefCell<Option<ThreadSolver>>,
}

impl Environment for Browser {
    fn settings_for(&self, editor: &Settings, _: &Uri) -> (Settings, Option<String>) {
        (editor.clone(), None)
    }

    /// The table and par when the page has handed them back; else the deal is wanted (once)
    /// and the hover says it is being solved.
    fn double_dummy(&self, _: &Uri, board: &BoardModel) -> Option<DoubleDummyPart> {
        let deal = board.whole_deal()?;
        match self.solved.get(&deal) {
            Some(table) => {
                let par = board
                    .vulnerability()
                    .map(|v| par_for(table, v, board.dealer()));
                Some(DoubleDummyPart::Solved(*table, par))
            }
            None => {
                if !self.asked.borrow().contains(&deal) {
                    self.asked.borrow_mut().push(deal);
                    self.wanted.borrow_mut().push(deal);
                }
                Some(DoubleDummyPart::Pending)
            }
        }
    }

    /// One thread: a large file is checked a part at a time, the outline answered between.
    fn checks_in_parts(&self) -> bool {
        true
    }

    /// The play analysis needs the solver on every trick: the browser leaves it out.
    fn trick_costs(&self, _: &Uri, _: &BoardModel) -> Vec<ide::InlayHint> {
        Vec::new()
    }

    fn read_unopened(&self, uri: &Uri) -> Result<(Notation, String), String> {
        Err(format!("{} is not open", uri.as_str()))
    }

    fn solve(&self, deal: &Deal) -> Option<TrickTable> {
        let mut solver = self.solver.borrow_mut();
        solver
            .get_or_insert_with(ThreadSolver::default)
            .solve(deal, &|| false)
    }

    fn forget(&self, _: &Uri) {}

    fn settings_files_changed(&self) {}
}

impl Session {
    /// A session with no document open.
    pub fn new() -> Session {
        Session::default()
    }

    /// Answers one message, or a batch of them (a JSON array, as JSON-RPC allows), given as
    /// JSON text: the messages to send back, in order (the responses first, then the
    /// notifications). The diagnostics of a document a batch changed are published once, after
    /// the batch: a burst of keystrokes is checked once, at its end.
    pub fn handle(&mut self, text: &str) -> Vec<Value> {
        // Every reply is written from a JSON value; one that did not read back would come as
        // a JSON string of its text, seen rather than dropped.
        self.replies(text)
            .into_iter()
            .map(|reply| serde_json::from_str(&reply).unwrap_or(Value::String(reply)))
            .collect()
    }

    /// [`Session::handle`] with the messages as JSON text, one a line, each written straight
    /// from what answers it (what the page reads). No message's text holds a line break (JSON
    /// writes one inside a string as `\n`), so the page splits the lines and posts each text
    /// as it is, for the editor to read: a JSON value of a 20,000-game outline handed from one
    /// thread to another took three times as long as its text.
    pub fn handle_text(&mut self, text: &str) -> String {
        self.replies(text).join("\n")
    }

    /// The messages answering `text`, each as JSON text.
    fn replies(&mut self, text: &str) -> Vec<String> {
        let value: Value = match serde_json::from_str(text) {
            Ok(value) => value,
            Err(error) => {
                return vec![error_response(
                    Value::Null,
                    Refusal {
                        code: PARSE_ERROR,
                        message: format!("not JSON: {error}"),
                    },
                )]
            }
        };
        let mut out = Vec::new();
        // A large document is checked a part at a time only in a batch of no message: the
        // answers to requests are not held up by a part (see `has_work`).
        let mut games_a_part = 0;
        match value {
            Value::Array(messages) if messages.is_empty() => games_a_part = GAMES_A_PART,
            Value::Array(messages) => {
                for message in messages {
                    self.message(message, &mut out);
                }
            }
            message => self.message(message, &mut out),
        }
        self.aftermath(&mut out, games_a_part);
        for deal in self.browser.wanted.take() {
            out.push(text_of(&json!({
                "jsonrpc": "2.0",
                "method": "kibitzer/solveWanted",
                "params": {"deal": write_deal_text(&deal)},
            })));
        }
        out
    }

    /// Takes a large text apart from the `didOpen` that opens it: the page writes a file of
    /// many megabytes straight into the module's memory instead of into the JSON of its message
    /// (writing it as JSON, and reading it back out, took a third of the time of opening a
    /// 15 MB file). The message then carries an empty text and, in its parameters,
    /// `"kibitzerHandedText"` with the number returned here.
    pub fn hand_text(&mut self, text: String) -> u32 {
        let number = self.next_handed;
        self.next_handed = self.next_handed.wrapping_add(1);
        if self.handed.len() >= MAX_HANDED {
            self.handed.remove(0);
        }
        self.handed.push((number, text));
        number
    }

    /// Puts back into a `didOpen`'s parameters the text handed over for it, if any.
    fn claim_handed_text(&mut self, params: &mut Value) {
        let Some(number) = params.get(HANDED_TEXT).and_then(Value::as_u64) else {
            return;
        };
        let Some(at) = self
            .handed
            .iter()
            .position(|(n, _)| u64::from(*n) == number)
        else {
            return;
        };
        let (_, text) = self.handed.remove(at);
        if let Some(document) = params
            .get_mut("textDocument")
            .and_then(Value::as_object_mut)
        {
            document.insert("text".to_string(), Value::String(text));
        }
    }

    /// Whether a document is being checked a part at a time: the page hands the session the
    /// messages that came, then an empty batch (`[]`, which checks a part), until it is done,
    /// so that requests arriving meanwhile are answered between the parts.
    pub fn has_work(&self) -> bool {
        !self.checking.is_empty()
    }

    /// Sends what the handlers left to do: messages for the user and the log, diagnostics
    /// cleared and published (each document once, in the order asked). A large document
    /// opened unchecked has up to `games_a_part` more games checked, and is published once
    /// none is left.
    fn aftermath(&mut self, out: &mut Vec<String>, games_a_part: usize) {
        let after = self.workspace.take_aftermath();
        out.extend(after.logged.into_iter().map(log));
        out.extend(after.shown.into_iter().map(show));
        for uri in after.cleared {
            out.push(publish_notification(&uri, Vec::new(), None));
        }
        let mut published: Vec<Uri> = Vec::new();
        let waiting = std::mem::take(&mut self.checking);
        for uri in waiting
            .into_iter()
            .chain(after.publish.into_iter().map(|(uri, ..)| uri))
        {
            if published.contains(&uri) || self.checking.contains(&uri) {
                continue;
            }
            // A document with more than a part of its games unchecked (a large one opened, or
            // rechecked after a settings change) is published once all are; until then each
            // empty batch checks a part (publishing a part would show most of the file as
            // having no problems). Fewer are checked now.
            if self
                .workspace
                .check_some(&self.browser, &uri, GAMES_A_PART, games_a_part)
                > 0
            {
                self.checking.push(uri);
                continue;
            }
            if let Some((found, version)) = self.workspace.diagnostics(&self.browser, &uri, None) {
                out.push(publish_notification(&uri, found.into_vec(), Some(version)));
            }
            published.push(uri);
        }
        // A settings file's problem found while publishing (none in a browser, but the
        // workspace may say one).
        let late = self.workspace.take_aftermath();
        out.extend(late.shown.into_iter().map(show));
    }

    /// Takes one message of a batch: a request's answer goes into `out`; a notification
    /// changes the documents (their diagnostics are published at the end of the batch).
    fn message(&mut self, value: Value, out: &mut Vec<String>) {
        let Value::Object(mut fields) = value else {
            return;
        };
        // Taken out, not copied: a file opened is its `didOpen`'s parameters.
        let id = fields.remove("id");
        let mut params = fields.remove("params").unwrap_or(Value::Null);
        let Some(method) = fields.get("method").and_then(Value::as_str) else {
            // A response (the session asks the client nothing), or no message at all.
            if let Some(id) = id {
                if !fields.contains_key("result") && !fields.contains_key("error") {
                    out.push(error_response(
                        id,
                        Refusal {
                            code: INVALID_REQUEST,
                            message: "a request needs a method".to_string(),
                        },
                    ));
                }
            }
            return;
        };
        match id {
            Some(id) => {
                let answer =
                    handlers::request::<String>(&mut self.workspace, &self.browser, method, params);
                out.push(match answer.run() {
                    // The result is written into the response as it is: JSON text already.
                    Ok(result) => format!(
                        "{{\"jsonrpc\":\"2.0\",\"id\":{},\"result\":{result}}}",
                        text_of(&id)
                    ),
                    Err(refusal) => error_response(id, refusal),
                });
            }
            // The page hands back a table its solving worker worked out.
            None if method == "kibitzer/solved" => self.solved(&params),
            None => {
                if method == "textDocument/didOpen" {
                    self.claim_handed_text(&mut params);
                }
                handlers::notification(&mut self.workspace, &self.browser, method, params);
            }
        }
    }

    /// `kibitzer/solved`: `{deal, tricks}`, a table the page's solving worker worked out.
    fn solved(&mut self, params: &Value) {
        let deal = params
            .get("deal")
            .and_then(Value::as_str)
            .and_then(read_deal_text);
        let cells = params.get("tricks").and_then(Value::as_array);
        if let (Some(deal), Some(cells)) = (deal, cells) {
            if let Some(table) = table_of_cells(cells) {
                self.browser.solved.insert(deal, table);
            }
        }
    }
}

/// A table from its twenty cells in [`TrickTable::cells`]' order.
fn table_of_cells(cells: &[Value]) -> Option<TrickTable> {
    if cells.len() != 20 {
        return None;
    }
    let mut table = TrickTable::default();
    let places: Vec<_> = table.cells().map(|(seat, d, _)| (seat, d)).collect();
    for ((seat, denomination), cell) in places.into_iter().zip(cells) {
        let tricks = u8::try_from(cell.as_u64()?).ok().filter(|&t| t <= 13)?;
        table.set(seat, denomination, tricks);
    }
    Some(table)
}

/// The JSON text of `value` (`null` should it not be written: a JSON value always is).
fn text_of(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_string())
}

/// A JSON-RPC error response.
fn error_response(id: Value, refusal: Refusal) -> String {
    text_of(&json!({"jsonrpc": "2.0", "id": id,
        "error": {"code": refusal.code, "message": refusal.message}}))
}

/// A `window/logMessage` warning.
fn log(message: String) -> String {
    text_of(&json!({"jsonrpc": "2.0", "method": "window/logMessage",
        "params": {"type": 2, "message": message}}))
}

/// A `window/showMessage` notification: a warning for the user.
fn show(message: String) -> String {
    text_of(&json!({"jsonrpc": "2.0", "method": "window/showMessage",
        "params": {"type": 2, "message": message}}))
}

/// A `textDocument/publishDiagnostics` notification, written straight from the diagnostics.
fn publish_notification(
    uri: &Uri,
    diagnostics: Vec<lsp::Diagnostic>,
    version: Option<i32>,
) -> String {
    let params = lsp::PublishDiagnosticsParams::new(uri.clone(), diagnostics, version);
    format!(
        "{{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/publishDiagnostics\",\"params\":{}}}",
        text_of(&params)
    )
}
