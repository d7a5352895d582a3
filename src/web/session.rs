//! A language session that answers the protocol's messages one at a time, synchronously: the
//! server the browser runs (the playground's worker, VS Code for the web). It keeps the same
//! open documents as the native server and answers from them the same way. What it lacks is a
//! background: it solves no deal while typing goes on. When a hover or a board view wants a
//! deal's double-dummy table it says so (`kibitzer/solveWanted`); the page has another worker
//! solve it (`kibitzer/solve`) and hands the table back (`kibitzer/solved`).

use std::cell::RefCell;
use std::collections::HashMap;

use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use tower_lsp_server::ls_types::{self as lsp, Uri};

use super::deal_text::{read_deal_text, write_deal_text};
use crate::bridge::Deal;
use crate::double_dummy::{par_for, ThreadSolver, TrickTable};
use crate::ide;
use crate::ide::diagram::DoubleDummyPart;
use crate::lsp::capabilities::{initialize_result, CONVERT_COMMAND, FORMAT_EXPORT_COMMAND};
use crate::lsp::config::Settings;
use crate::lsp::convert::{code_actions, fix_all_action, lsp_edits, negotiate, wants_fix_all};
use crate::lsp::open_document::OpenDocument;
use crate::lsp::open_text::ClientTerms;
use crate::lsp::position::{byte_range, offset_of, range_of};
use crate::lsp::seams;
use crate::model::pbn::BoardModel;
use crate::syntax::TextRange;
use crate::text::PositionEncoding;

/// JSON-RPC's error codes the session answers with.
const PARSE_ERROR: i64 = -32700;
const INVALID_REQUEST: i64 = -32600;
const METHOD_NOT_FOUND: i64 = -32601;
const INVALID_PARAMS: i64 = -32602;

/// A request that could not be answered: the JSON-RPC error code and its message.
type Refusal = (i64, String);

/// The documents open in the browser and what the session knows of their deals.
pub struct Session {
    docs: HashMap<Uri, OpenDocument>,
    settings: Settings,
    encoding: PositionEncoding,
    /// The double-dummy tables the page has handed back.
    solved: HashMap<Deal, TrickTable>,
    /// The deals wanted while answering the current message (said once each).
    wanted: RefCell<Vec<Deal>>,
    /// Deals already asked of the page, so that each is asked once.
    asked: RefCell<Vec<Deal>>,
    /// The documents changed by the message or batch being answered, in order.
    changed: Vec<Uri>,
    /// The solver, for a session that is the page's solving worker.
    solver: Option<ThreadSolver>,
    /// Messages for the user made while answering a request (sent after the responses).
    told: Vec<Value>,
}

impl Default for Session {
    fn default() -> Session {
        Session {
            docs: HashMap::new(),
            settings: Settings::default(),
            // The protocol's default, until `initialize` agrees on another.
            encoding: PositionEncoding::Utf16,
            solved: HashMap::new(),
            wanted: RefCell::new(Vec::new()),
            asked: RefCell::new(Vec::new()),
            changed: Vec::new(),
            solver: None,
            told: Vec::new(),
        }
    }
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
        let value: Value = match serde_json::from_str(text) {
            Ok(value) => value,
            Err(error) => {
                return vec![error_response(
                    Value::Null,
                    (PARSE_ERROR, format!("not JSON: {error}")),
                )]
            }
        };
        let mut out = Vec::new();
        match value {
            Value::Array(messages) => {
                for message in messages {
                    self.message(message, &mut out);
                }
            }
            message => self.message(message, &mut out),
        }
        out.append(&mut self.told);
        for uri in std::mem::take(&mut self.changed) {
            out.extend(self.publish(&uri));
        }
        for deal in self.wanted.take() {
            out.push(json!({
                "jsonrpc": "2.0",
                "method": "kibitzer/solveWanted",
                "params": {"deal": write_deal_text(&deal)},
            }));
        }
        out
    }

    /// Takes one message of a batch: a request's answer goes into `out`; a notification
    /// changes the documents (their diagnostics are published at the end of the batch).
    fn message(&mut self, value: Value, out: &mut Vec<Value>) {
        let id = value.get("id").cloned();
        let params = value.get("params").cloned().unwrap_or(Value::Null);
        let Some(method) = value.get("method").and_then(Value::as_str) else {
            // A response (the session asks the client nothing), or no message at all.
            if let Some(id) = id {
                if value.get("result").is_none() && value.get("error").is_none() {
                    out.push(error_response(
                        id,
                        (INVALID_REQUEST, "a request needs a method".to_string()),
                    ));
                }
            }
            return;
        };
        match id {
            Some(id) => {
                let reply = match self.request(method, params) {
                    Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
                    Err(refusal) => error_response(id, refusal),
                };
                out.push(reply);
            }
            None => self.notification(method, params, out),
        }
    }

    /// Notes that `uri`'s diagnostics are to be published at the end of the batch.
    fn mark_changed(&mut self, uri: &Uri) {
        if !self.changed.contains(uri) {
            self.changed.push(uri.clone());
        }
    }

    /// Answers a request.
    fn request(&mut self, method: &str, params: Value) -> Result<Value, Refusal> {
        match method {
            "initialize" => {
                let params: lsp::InitializeParams = read(params)?;
                self.encoding = negotiate(&params);
                if let Some(options) = &params.initialization_options {
                    self.settings = self.settings.merged(options);
                }
                answer(initialize_result(self.encoding))
            }
            "shutdown" => Ok(Value::Null),
            "workspace/executeCommand" => self.own_request(method, params),
            _ if method.starts_with("kibitzer/") => self.own_request(method, params),
            _ => self.document_request(method, params),
        }
    }

    /// Answers a request about what is written: hover, completion, hints, fixes, formatting.
    fn document_request(&mut self, method: &str, params: Value) -> Result<Value, Refusal> {
        match method {
            "textDocument/hover" => {
                let at: lsp::TextDocumentPositionParams = read(params)?;
                let double_dummy = self.settings.double_dummy;
                let (solved, wanted, asked) = (&self.solved, &self.wanted, &self.asked);
                let more = |board: &BoardModel| {
                    double_dummy
                        .then(|| hover_part(solved, wanted, asked, board))
                        .flatten()
                };
                let encoding = self.encoding;
                answer(at_position(
                    &mut self.docs,
                    self.encoding,
                    &at,
                    |doc, offset| doc.hover(offset, encoding, &more),
                ))
            }
            "textDocument/completion" => {
                let params: lsp::CompletionParams = read(params)?;
                let encoding = self.encoding;
                let items = at_position(
                    &mut self.docs,
                    self.encoding,
                    &params.text_document_position,
                    |doc, offset| doc.completions(offset, encoding),
                );
                answer(items.map(lsp::CompletionResponse::Array))
            }
            "textDocument/inlayHint" => {
                let params: lsp::InlayHintParams = read(params)?;
                let encoding = self.encoding;
                // The play analysis needs the solver on every trick: the browser leaves it out.
                let none = |_: &crate::model::pbn::BoardModel| Vec::new();
                let hints = self.with_doc(&params.text_document.uri, |doc| {
                    let (from, to) = byte_range(doc.rope(), params.range, encoding)?;
                    Some(doc.inlay_hints(from, to, encoding, &none))
                });
                answer(hints.flatten())
            }
            "textDocument/codeAction" => {
                let params: lsp::CodeActionParams = read(params)?;
                let encoding = self.encoding;
                let settings = &self.settings;
                let uri = params.text_document.uri.clone();
                let fix_all = wants_fix_all(&params.context);
                let actions = self.docs.get_mut(&uri).and_then(|doc| {
                    let (from, to) = byte_range(doc.rope(), params.range, encoding)?;
                    let terms = ClientTerms { settings, encoding };
                    let found = doc.diagnostics_in(from, to, terms);
                    let mut actions = code_actions(doc.rope(), &uri, found, encoding);
                    if fix_all {
                        let edits = doc.fix_all(settings);
                        actions.extend(fix_all_action(doc.rope(), &uri, edits, encoding));
                    }
                    Some(actions)
                });
                answer(actions)
            }
            "textDocument/formatting" | "textDocument/rangeFormatting" => {
                let params: DocumentAndRange = read(params)?;
                answer(self.format(&params.text_document.uri, params.range))
            }
            _ => self.outline_request(method, params),
        }
    }

    /// Answers a request about how a document is laid out: notes, outline, folding, colours.
    fn outline_request(&mut self, method: &str, params: Value) -> Result<Value, Refusal> {
        match method {
            "textDocument/definition" => {
                let at: lsp::TextDocumentPositionParams = read(params)?;
                let found = self.locations(&at, |doc, offset| {
                    doc.definition(offset).into_iter().collect()
                });
                answer(
                    found
                        .and_then(|found| found.into_iter().next())
                        .map(lsp::GotoDefinitionResponse::Scalar),
                )
            }
            "textDocument/references" => {
                let params: lsp::ReferenceParams = read(params)?;
                let include = params.context.include_declaration;
                let found = self.locations(&params.text_document_position, |doc, offset| {
                    doc.references(offset, include)
                });
                answer(found)
            }
            "textDocument/documentSymbol" => {
                let params: lsp::DocumentSymbolParams = read(params)?;
                let encoding = self.encoding;
                let job = self.with_doc(&params.text_document.uri, |doc| doc.symbols(encoding));
                answer(job.map(|job| lsp::DocumentSymbolResponse::Nested(job())))
            }
            "textDocument/foldingRange" => {
                let params: lsp::FoldingRangeParams = read(params)?;
                let encoding = self.encoding;
                let job = self.with_doc(&params.text_document.uri, |doc| {
                    doc.folding_ranges(encoding)
                });
                answer(job.map(|job| job()))
            }
            "textDocument/semanticTokens/full" | "textDocument/semanticTokens/range" => {
                let params: DocumentAndRange = read(params)?;
                answer(self.tokens(&params.text_document.uri, params.range))
            }
            _ => Err((METHOD_NOT_FOUND, format!("no such method: {method}"))),
        }
    }

    /// Answers Kibitzer's own requests: the board at a position, conversion, a handviewer
    /// address read, a deal solved.
    fn own_request(&mut self, method: &str, params: Value) -> Result<Value, Refusal> {
        match method {
            "workspace/executeCommand" => {
                let params: lsp::ExecuteCommandParams = read(params)?;
                self.execute(params)
            }
            "kibitzer/board" => {
                let at: lsp::TextDocumentPositionParams = read(params)?;
                let (solved, wanted, asked) = (&self.solved, &self.wanted, &self.asked);
                let double_dummy = self.settings.double_dummy;
                answer(at_position(
                    &mut self.docs,
                    self.encoding,
                    &at,
                    |doc, offset| {
                        let board = doc.board_at(offset)?;
                        let mut view = ide::board_view(&board, doc.notation().extension());
                        if double_dummy {
                            if let Some(DoubleDummyPart::Solved(table, par)) =
                                hover_part(solved, wanted, asked, &board)
                            {
                                view.double_dummy =
                                    Some(ide::board::double_dummy_view(&table, par.as_ref()));
                            }
                        }
                        Some(view)
                    },
                ))
            }
            "kibitzer/convert" => self.convert(params),
            "kibitzer/fromHandviewer" => {
                let url = params.get("url").and_then(Value::as_str).unwrap_or("");
                crate::model::handviewer::handviewer_lin(url)
                    .map(|lin| json!({"text": lin}))
                    .map_err(|why| (INVALID_PARAMS, format!("cannot read the address: {why}")))
            }
            "kibitzer/solve" => {
                let text = params.get("deal").and_then(Value::as_str).unwrap_or("");
                let deal = read_deal_text(text)
                    .ok_or_else(|| (INVALID_PARAMS, format!("not a whole deal: {text:?}")))?;
                let solver = self.solver.get_or_insert_with(ThreadSolver::default);
                let table = solver
                    .solve(&deal, &|| false)
                    .ok_or_else(|| (INVALID_PARAMS, "the deal is not complete".to_string()))?;
                Ok(json!({"tricks": table_cells(&table)}))
            }
            _ => Err((METHOD_NOT_FOUND, format!("no such method: {method}"))),
        }
    }

    /// Takes in a notification; what it changes is published into `out`.
    fn notification(&mut self, method: &str, params: Value, out: &mut Vec<Value>) {
        match method {
            "textDocument/didOpen" => {
                let Ok(params) = read::<lsp::DidOpenTextDocumentParams>(params) else {
                    return;
                };
                let doc = params.text_document;
                let opened = OpenDocument::open(
                    doc.uri.clone(),
                    &doc.language_id,
                    &doc.text,
                    doc.version,
                    &self.settings,
                    self.encoding,
                );
                self.docs.insert(doc.uri.clone(), opened);
                self.mark_changed(&doc.uri);
            }
            "textDocument/didChange" => {
                let Ok(params) = read::<lsp::DidChangeTextDocumentParams>(params) else {
                    return;
                };
                let uri = params.text_document.uri;
                let encoding = self.encoding;
                let Some(doc) = self.docs.get_mut(&uri) else {
                    return;
                };
                if params.text_document.version <= doc.version() {
                    out.push(log(format!(
                        "ignored a stale change (version {}, document at {})",
                        params.text_document.version,
                        doc.version()
                    )));
                    return;
                }
                let taken = doc.take_changes(
                    &uri,
                    &params.content_changes,
                    params.text_document.version,
                    encoding,
                );
                if let Some(message) = taken.refused {
                    out.push(log(message.clone()));
                    out.push(show(message));
                }
                self.mark_changed(&uri);
            }
            "textDocument/didClose" => {
                let Ok(params) = read::<lsp::DidCloseTextDocumentParams>(params) else {
                    return;
                };
                let uri = params.text_document.uri;
                self.changed.retain(|changed| changed != &uri);
                if self.docs.remove(&uri).is_some() {
                    out.push(publish_notification(&uri, Vec::new(), None));
                }
            }
            "workspace/didChangeConfiguration" => {
                let Some(value) = params.get("settings").and_then(|s| s.get("kibitzer")) else {
                    return;
                };
                let new = self.settings.merged(value);
                let changed = self.settings.changes_findings(&new);
                self.settings = new;
                if !changed {
                    return;
                }
                let uris: Vec<Uri> = self.docs.keys().cloned().collect();
                for uri in uris {
                    if let Some(doc) = self.docs.get_mut(&uri) {
                        doc.invalidate();
                    }
                    self.mark_changed(&uri);
                }
            }
            "kibitzer/solved" => {
                let deal = params
                    .get("deal")
                    .and_then(Value::as_str)
                    .and_then(read_deal_text);
                let cells = params.get("tricks").and_then(Value::as_array);
                if let (Some(deal), Some(cells)) = (deal, cells) {
                    if let Some(table) = table_of_cells(cells) {
                        self.solved.insert(deal, table);
                    }
                }
            }
            // `initialized`, `exit`, `$/cancelRequest`, `$/setTrace` and the rest: nothing to do
            // (every answer is given before the next message is read).
            _ => {}
        }
    }

    /// Runs `f` on the open document `uri`.
    fn with_doc<R>(&mut self, uri: &Uri, f: impl FnOnce(&mut OpenDocument) -> R) -> Option<R> {
        self.docs.get_mut(uri).map(f)
    }

    /// The places `find` gives at the position `at` names, as locations in its document.
    fn locations(
        &mut self,
        at: &lsp::TextDocumentPositionParams,
        find: impl FnOnce(&mut OpenDocument, usize) -> Vec<TextRange>,
    ) -> Option<Vec<lsp::Location>> {
        let encoding = self.encoding;
        let uri = &at.text_document.uri;
        at_position(&mut self.docs, encoding, at, |doc, offset| {
            let found = find(doc, offset);
            Some(
                found
                    .into_iter()
                    .map(|r| lsp::Location::new(uri.clone(), range_of(doc.rope(), r, encoding)))
                    .collect(),
            )
        })
    }

    /// The diagnostics of `uri` as a `publishDiagnostics` notification.
    fn publish(&mut self, uri: &Uri) -> Option<Value> {
        let terms = ClientTerms {
            settings: &self.settings,
            encoding: self.encoding,
        };
        let doc = self.docs.get_mut(uri)?;
        let diagnostics = doc.diagnostics(terms).folded().into_vec();
        Some(publish_notification(uri, diagnostics, Some(doc.version())))
    }

    /// The semantic tokens of `uri` (in `range`, when given).
    fn tokens(&mut self, uri: &Uri, range: Option<lsp::Range>) -> Option<lsp::SemanticTokens> {
        let encoding = self.encoding;
        let job = self.with_doc(uri, |doc| doc.semantic_tokens(range, encoding))?;
        Some(lsp::SemanticTokens {
            result_id: None,
            data: job(),
        })
    }

    /// The formatting edits of `uri` (of the games `range` touches, when given).
    fn format(&mut self, uri: &Uri, range: Option<lsp::Range>) -> Option<Vec<lsp::TextEdit>> {
        let encoding = self.encoding;
        let doc = self.docs.get_mut(uri)?;
        let job = doc.format_job(range, &self.settings, encoding)?;
        if let Some(message) = doc.left_as_written_news() {
            self.told.push(show(message));
        }
        Some(lsp_edits(doc.rope(), job(), encoding))
    }

    /// `workspace/executeCommand`: the conversion of an open document to the other notation.
    fn execute(&mut self, params: lsp::ExecuteCommandParams) -> Result<Value, Refusal> {
        if params.command == FORMAT_EXPORT_COMMAND {
            let uri = seams::command_uri(&params.arguments).ok_or_else(|| {
                (
                    INVALID_PARAMS,
                    "kibitzer.lsp.formatExport takes the document: [{uri}]".to_string(),
                )
            })?;
            let saved = self.settings.format_export;
            self.settings.format_export = true;
            let edits = self.format(&uri, None);
            self.settings.format_export = saved;
            return answer(edits.unwrap_or_default());
        }
        if params.command != CONVERT_COMMAND {
            return Err((
                INVALID_PARAMS,
                format!("unknown command {}", params.command),
            ));
        }
        let uri = params
            .arguments
            .first()
            .and_then(|argument| {
                argument
                    .as_str()
                    .or_else(|| argument.get("uri").and_then(Value::as_str))
            })
            .unwrap_or("");
        let to = params.arguments.get(1).and_then(Value::as_str);
        let (notation, text) =
            self.with_open(uri, |doc| (doc.notation(), doc.rope().to_string()))?;
        seams::conversion(notation, &text, to).map_err(|message| (INVALID_PARAMS, message))
    }

    /// `kibitzer/convert`: `{uri, to}` (`pbn`, `rbn`, `lin`, `dup`, `bri`, `dge`, `dlm`, or
    /// `url` for BBO handviewer addresses, one a line) to `{text, language, warnings, unread,
    /// bytes}` (see `seams::conversion`).
    fn convert(&mut self, params: Value) -> Result<Value, Refusal> {
        let uri = params.get("uri").and_then(Value::as_str).unwrap_or("");
        let to = params.get("to").and_then(Value::as_str).unwrap_or("");
        let (notation, text) =
            self.with_open(uri, |doc| (doc.notation(), doc.rope().to_string()))?;
        seams::conversion(notation, &text, Some(to)).map_err(|message| (INVALID_PARAMS, message))
    }

    /// Runs `f` on the open document whose URI is the text `uri`.
    fn with_open<R>(
        &mut self,
        uri: &str,
        f: impl FnOnce(&mut OpenDocument) -> R,
    ) -> Result<R, Refusal> {
        let parsed: Uri = uri
            .parse()
            .map_err(|_| (INVALID_PARAMS, format!("not a URI: {uri:?}")))?;
        self.with_doc(&parsed, f)
            .ok_or_else(|| (INVALID_PARAMS, format!("{uri} is not open")))
    }
}

/// Runs `f` on the document of `docs` that `at` names, with the byte offset of its position.
fn at_position<R>(
    docs: &mut HashMap<Uri, OpenDocument>,
    encoding: PositionEncoding,
    at: &lsp::TextDocumentPositionParams,
    f: impl FnOnce(&mut OpenDocument, usize) -> Option<R>,
) -> Option<R> {
    let doc = docs.get_mut(&at.text_document.uri)?;
    let offset = offset_of(doc.rope(), at.position, encoding)?;
    f(doc, offset)
}

/// The double-dummy part of a hover over `board`'s deal: the table and par when the page has
/// handed them back; else the deal is wanted (once) and the hover says it is being solved.
fn hover_part(
    solved: &HashMap<Deal, TrickTable>,
    wanted: &RefCell<Vec<Deal>>,
    asked: &RefCell<Vec<Deal>>,
    board: &BoardModel,
) -> Option<DoubleDummyPart> {
    let deal = board.whole_deal()?;
    match solved.get(&deal) {
        Some(table) => {
            let par = board
                .vulnerability()
                .map(|v| par_for(table, v, board.dealer()));
            Some(DoubleDummyPart::Solved(*table, par))
        }
        None => {
            if !asked.borrow().contains(&deal) {
                asked.borrow_mut().push(deal);
                wanted.borrow_mut().push(deal);
            }
            Some(DoubleDummyPart::Pending)
        }
    }
}

/// A table's twenty cells in [`TrickTable::cells`]' order.
fn table_cells(table: &TrickTable) -> Vec<u8> {
    table.cells().map(|(_, _, tricks)| tricks).collect()
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

/// Parameters of the type a method takes, or why they are not.
fn read<T: DeserializeOwned>(params: Value) -> Result<T, Refusal> {
    serde_json::from_value(params).map_err(|e| (INVALID_PARAMS, format!("bad parameters: {e}")))
}

/// The parameters a whole-document request and its range form share (formatting, colours).
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct DocumentAndRange {
    text_document: lsp::TextDocumentIdentifier,
    range: Option<lsp::Range>,
}

/// A result as JSON.
fn answer<T: serde::Serialize>(result: T) -> Result<Value, Refusal> {
    serde_json::to_value(result).map_err(|e| (INVALID_PARAMS, e.to_string()))
}

/// A JSON-RPC error response.
fn error_response(id: Value, (code, message): Refusal) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

/// A `window/logMessage` warning.
fn log(message: String) -> Value {
    json!({"jsonrpc": "2.0", "method": "window/logMessage",
        "params": {"type": 2, "message": message}})
}

/// A `window/showMessage` notification: a warning for the user.
fn show(message: String) -> Value {
    json!({"jsonrpc": "2.0", "method": "window/showMessage",
        "params": {"type": 2, "message": message}})
}

/// A `textDocument/publishDiagnostics` notification.
fn publish_notification(
    uri: &Uri,
    diagnostics: Vec<lsp::Diagnostic>,
    version: Option<i32>,
) -> Value {
    let params = lsp::PublishDiagnosticsParams::new(uri.clone(), diagnostics, version);
    json!({"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": params})
}
