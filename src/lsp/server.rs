//! The native server: tower-lsp's `LanguageServer` over the handlers both front doors share.
//! It only moves messages and schedules: each method runs its handler (`handlers`) under the
//! workspace's lock, runs heavy answers on the blocking pool, and does what the handler left to
//! do (messages for the user, diagnostics published once typing settles, deals for the
//! background solver).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::Value;
use tower_lsp_server::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp_server::ls_types::{self as lsp, Uri};
use tower_lsp_server::{Client, LanguageServer};

use super::handlers::{self, Handler, Listener};
use super::handoff::{Handoff, StandIn};
use super::machine::{lock, Machine};
use super::published::Published;
use super::workspace::{Aftermath, Environment, Publish, Refusal, Work, Workspace};
use crate::double_dummy::pool::SolverPool;
use crate::ide;

/// State shared by the handlers and the background diagnostics tasks.
#[derive(Debug)]
struct Shared {
    workspace: Mutex<Workspace>,
    machine: Machine,
    supports_configuration: AtomicBool,
    publishing: tokio::sync::Mutex<()>,
    shut_down: Arc<AtomicBool>,
    handoff: Arc<Handoff>,
    /// Whether the client lets the server register a watcher for settings files.
    supports_watching: AtomicBool,
    /// Whether the client can be asked to request inlay hints again.
    supports_hint_refresh: AtomicBool,
}

/// The language server.
#[derive(Debug)]
pub struct Backend {
    client: Client,
    shared: Arc<Shared>,
}

/// A handler's refusal as tower-lsp's error.
fn rpc_error(refusal: Refusal) -> Error {
    Error {
        code: ErrorCode::from(refusal.code),
        message: refusal.message.into(),
        data: None,
    }
}

impl Backend {
    /// A server talking to `client`.
    pub fn new(client: Client) -> Backend {
        Backend::with_handoff(client, Arc::new(Handoff::default()))
    }

    /// A server talking to `client` that takes large opened texts from `handoff` (where the
    /// input pump leaves them).
    pub fn with_handoff(client: Client, handoff: Arc<Handoff>) -> Backend {
        Backend {
            client,
            shared: Arc::new(Shared {
                workspace: Mutex::new(Workspace::default()),
                machine: Machine::new(),
                supports_configuration: AtomicBool::new(false),
                publishing: tokio::sync::Mutex::new(()),
                shut_down: Arc::new(AtomicBool::new(false)),
                handoff,
                supports_watching: AtomicBool::new(false),
                supports_hint_refresh: AtomicBool::new(false),
            }),
        }
    }

    /// The background solver (to stop it when the session ends).
    pub fn solver(&self) -> SolverPool {
        self.shared.machine.solver.pool()
    }

    /// Set once `shutdown` has been answered.
    pub fn shutdown_flag(&self) -> Arc<AtomicBool> {
        self.shared.shut_down.clone()
    }

    /// Runs `handler` under the workspace's lock, does what it left to do, and works its
    /// answer out (on the blocking pool when it is a job).
    async fn answer<P, R: Send + 'static>(&self, params: P, handler: Handler<P, R>) -> Result<R> {
        self.run(|ws, env| handler(ws, env, params)).await
    }

    /// Answers the request `method` through the handlers' table, its parameters and answer
    /// as JSON (Kibitzer's own requests, which tower-lsp routes by name).
    async fn by_name(&self, method: &'static str, params: Value) -> Result<Value> {
        self.run(|ws, env| handlers::request(ws, env, method, params))
            .await
    }

    /// Runs `call` under the workspace's lock, does what it left to do, and works its answer
    /// out (on the blocking pool when it is a job).
    async fn run<R: Send + 'static>(
        &self,
        call: impl FnOnce(&mut Workspace, &dyn Environment) -> Work<R>,
    ) -> Result<R> {
        let (work, after) = {
            let mut ws = lock(&self.shared.workspace);
            let work = call(&mut ws, &self.shared.machine);
            (work, ws.take_aftermath())
        };
        self.follow(after).await;
        let answer = match work {
            Work::Done(answer) => answer,
            Work::Later(job) => tokio::task::spawn_blocking(move || {
                let started = std::time::Instant::now();
                let answer = job();
                if std::env::var_os("KIBITZER_TIMING").is_some() {
                    eprintln!("job done in {:?}; {}", started.elapsed(), memory_note());
                }
                answer
            })
            .await
            .map_err(|_| Error::internal_error())?,
        };
        answer.map_err(rpc_error)
    }

    /// Runs a notification's `listener` under the workspace's lock and does what it left
    /// to do.
    async fn listen<P>(&self, params: P, listener: Listener<P>) {
        let after = {
            let mut ws = lock(&self.shared.workspace);
            listener(&mut ws, &self.shared.machine, params);
            ws.take_aftermath()
        };
        self.follow(after).await;
    }

    /// Does what a handler left to do: tells, clears and schedules.
    async fn follow(&self, after: Aftermath) {
        for message in after.logged {
            self.client
                .log_message(lsp::MessageType::WARNING, message)
                .await;
        }
        for message in after.shown {
            self.client
                .show_message(lsp::MessageType::WARNING, message)
                .await;
        }
        for uri in after.cleared {
            self.client.publish_diagnostics(uri, Vec::new(), None).await;
        }
        for (uri, when, generation) in after.publish {
            self.schedule_diagnostics(uri, generation, when == Publish::Now);
        }
        for (uri, generation, offset) in after.edited {
            self.schedule_solving(uri, generation, offset);
        }
    }

    /// Schedules a diagnostics run for `uri` at `generation` after the debounce delay.
    fn schedule_diagnostics(&self, uri: Uri, generation: u64, immediate: bool) {
        let shared = self.shared.clone();
        let client = self.client.clone();
        let delay = if immediate {
            0
        } else {
            lock(&shared.workspace).settings.debounce_ms
        };
        tokio::spawn(async move {
            if delay > 0 {
                tokio::time::sleep(Duration::from_millis(delay)).await;
            }
            publish(shared, client, uri, Some(generation)).await;
        });
    }

    /// Asks the client for Kibitzer's settings and takes them as a settings change.
    async fn pull_configuration(&self) {
        if !self.shared.supports_configuration.load(Ordering::SeqCst) {
            return;
        }
        let item = lsp::ConfigurationItem {
            scope_uri: None,
            section: Some("kibitzer".to_string()),
        };
        if let Ok(values) = self.client.configuration(vec![item]).await {
            if let Some(value) = values.into_iter().next() {
                let params = lsp::DidChangeConfigurationParams {
                    settings: serde_json::json!({ "kibitzer": value }),
                };
                self.listen(params, handlers::did_change_configuration)
                    .await;
            }
        }
    }

    /// `kibitzer/board`: the board at a position as a viewer draws it (see [`ide::BoardView`]),
    /// `null` when the position is in no board.
    pub async fn board(
        &self,
        params: lsp::TextDocumentPositionParams,
    ) -> Result<Option<ide::BoardView>> {
        self.answer(params, handlers::board).await
    }

    /// `kibitzer/convert`: a document converted (see `handlers::convert`).
    pub async fn convert(&self, params: Value) -> Result<Value> {
        self.by_name("kibitzer/convert", params).await
    }

    /// `kibitzer/fromHandviewer`: a BBO handviewer address read as LIN.
    pub async fn from_handviewer(&self, params: Value) -> Result<Value> {
        self.by_name("kibitzer/fromHandviewer", params).await
    }

    /// `kibitzer/explain`: a diagnostic code's documentation.
    pub async fn explain(&self, params: Value) -> Result<Value> {
        self.by_name("kibitzer/explain", params).await
    }

    /// Republishes the documents whose double-dummy checks waited for the solver, and asks
    /// the editor for the inlay hints again when plays were rated, as the solver says.
    fn listen_for_solved_deals(&self) {
        let shared = self.shared.clone();
        let client = self.client.clone();
        self.shared.machine.solver.on_finished(move |finished| {
            let (shared, client) = (shared.clone(), client.clone());
            async move {
                let refresh = shared.supports_hint_refresh.load(Ordering::SeqCst);
                if refresh && finished.plays {
                    // The editor asks for the hints again and gets the analyses now known; not
                    // awaited here, so that a slow answer holds nothing up.
                    let client = client.clone();
                    tokio::spawn(async move {
                        let _ = client.inlay_hint_refresh().await;
                    });
                }
                if !finished.tables {
                    return;
                }
                let uris: Vec<Uri> = {
                    let mut ws = lock(&shared.workspace);
                    let ws = &mut *ws;
                    ws.docs
                        .iter_mut()
                        .filter(|(uri, _)| {
                            shared
                                .machine
                                .settings_for(&ws.settings, uri)
                                .0
                                .check_double_dummy
                        })
                        .map(|(uri, doc)| {
                            doc.invalidate_double_dummy();
                            uri.clone()
                        })
                        .collect()
                };
                for uri in uris {
                    publish(shared.clone(), client.clone(), uri, None).await;
                }
            }
        });
    }

    /// After an edit settles, has the solver take the deal of the game edited (and so stop
    /// solving what the deal was before), unless a later edit came.
    fn schedule_solving(&self, uri: Uri, generation: u64, offset: usize) {
        let shared = self.shared.clone();
        let edited = uri.clone();
        self.shared.machine.solver.after_edit(uri, move || {
            let mut ws = lock(&shared.workspace);
            if !shared
                .machine
                .settings_for(&ws.settings, &edited)
                .0
                .double_dummy
            {
                return None;
            }
            let doc = ws.docs.get_mut(&edited)?;
            (doc.generation() == generation).then(|| doc.deal_to_solve(offset))
        });
    }
}

/// Outlines of at least this many symbols are written out past the protocol library.
const HANDED_PAST_SYMBOLS: usize = 1000;

/// The server's resident and peak memory, for timing notes (Linux only; empty elsewhere).
fn memory_note() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .filter(|l| l.starts_with("VmRSS") || l.starts_with("VmHWM"))
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join(", ")
        + &format!(
            "; at {} ms",
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_millis())
        )
}

/// Computes and publishes the diagnostics of `uri`; with a generation, only if the document has
/// not changed since.
async fn publish(shared: Arc<Shared>, client: Client, uri: Uri, generation: Option<u64>) {
    let _order = shared.publishing.lock().await;
    let (found, shown) = {
        let mut ws = lock(&shared.workspace);
        let t = std::time::Instant::now();
        let found = ws.diagnostics(&shared.machine, &uri, generation);
        if found.is_some() && std::env::var_os("KIBITZER_TIMING").is_some() {
            eprintln!(
                "diagnostics refreshed in {:?}; {}",
                t.elapsed(),
                memory_note()
            );
        }
        // Only what this publish told is waiting: a handler takes all it leaves under the
        // same lock.
        (found, std::mem::take(&mut ws.after.shown))
    };
    for message in shown {
        client
            .show_message(lsp::MessageType::WARNING, message)
            .await;
    }
    if let Some((diagnostics, version)) = found {
        let t = std::time::Instant::now();
        let prepared = shared
            .handoff
            .prepare(|| publish_body(&uri, &diagnostics, version));
        if std::env::var_os("KIBITZER_TIMING").is_some() {
            eprintln!("diagnostics written in {:?}", t.elapsed());
        }
        match prepared {
            Some(stand_in) => client.send_notification::<StandIn>(stand_in).await,
            None => {
                client
                    .publish_diagnostics(uri, diagnostics.into_vec(), Some(version))
                    .await
            }
        }
    }
}

/// The `textDocument/publishDiagnostics` notification of `diagnostics`, written out (the
/// diagnostics on every core when there are many).
fn publish_body(uri: &Uri, diagnostics: &Published, version: i32) -> Option<Vec<u8>> {
    let array = diagnostics.to_json().ok()?;
    let method = <lsp::notification::PublishDiagnostics as lsp::notification::Notification>::METHOD;
    let mut body = Vec::with_capacity(array.len() + 256);
    body.extend_from_slice(br#"{"jsonrpc":"2.0","method":"#);
    serde_json::to_writer(&mut body, method).ok()?;
    body.extend_from_slice(br#","params":{"uri":"#);
    serde_json::to_writer(&mut body, uri).ok()?;
    body.extend_from_slice(br#","diagnostics":"#);
    body.extend_from_slice(&array);
    body.extend_from_slice(format!(r#","version":{version}}}}}"#).as_bytes());
    Some(body)
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: lsp::InitializeParams) -> Result<lsp::InitializeResult> {
        // What the client's workspace can do, each `false` when it does not say.
        let workspace = params.capabilities.workspace.as_ref();
        let can = |flag: &AtomicBool, has: Option<bool>| {
            flag.store(has.unwrap_or(false), Ordering::SeqCst);
        };
        can(
            &self.shared.supports_configuration,
            workspace.and_then(|w| w.configuration),
        );
        can(
            &self.shared.supports_watching,
            workspace
                .and_then(|w| w.did_change_watched_files.as_ref())
                .and_then(|w| w.dynamic_registration),
        );
        can(
            &self.shared.supports_hint_refresh,
            workspace
                .and_then(|w| w.inlay_hint.as_ref())
                .and_then(|h| h.refresh_support),
        );
        self.answer(params, handlers::initialize).await
    }

    async fn initialized(&self, _: lsp::InitializedParams) {
        self.pull_configuration().await;
        self.listen_for_solved_deals();
        if self.shared.supports_watching.load(Ordering::SeqCst) {
            let watcher = lsp::FileSystemWatcher {
                glob_pattern: lsp::GlobPattern::String(format!("**/{}", crate::config::FILE_NAME)),
                kind: None,
            };
            let options = lsp::DidChangeWatchedFilesRegistrationOptions {
                watchers: vec![watcher],
            };
            let registration = lsp::Registration {
                id: "kibitzer-settings-files".to_string(),
                method: "workspace/didChangeWatchedFiles".to_string(),
                register_options: serde_json::to_value(options).ok(),
            };
            // A client that refuses still gets changes picked up: each check looks at the
            // file's modification time.
            let _ = self.client.register_capability(vec![registration]).await;
        }
    }

    async fn did_change_watched_files(&self, params: lsp::DidChangeWatchedFilesParams) {
        self.listen(params, handlers::did_change_watched_files)
            .await;
    }

    async fn shutdown(&self) -> Result<()> {
        self.shared.shut_down.store(true, Ordering::SeqCst);
        self.shared.machine.solver.shut_down();
        Ok(())
    }

    async fn did_open(&self, mut params: lsp::DidOpenTextDocumentParams) {
        let doc = &mut params.text_document;
        if doc.text.is_empty() {
            if let Some(text) = self.shared.handoff.claim(&doc.uri, doc.version) {
                doc.text = text;
            }
        }
        self.listen(params, handlers::did_open).await;
    }

    async fn did_change(&self, params: lsp::DidChangeTextDocumentParams) {
        self.listen(params, handlers::did_change).await;
    }

    async fn did_close(&self, params: lsp::DidCloseTextDocumentParams) {
        self.listen(params, handlers::did_close).await;
    }

    async fn did_change_configuration(&self, params: lsp::DidChangeConfigurationParams) {
        match params.settings.get("kibitzer") {
            Some(value) if !value.is_null() => {
                self.listen(params, handlers::did_change_configuration)
                    .await
            }
            _ => self.pull_configuration().await,
        }
    }

    async fn hover(&self, params: lsp::HoverParams) -> Result<Option<lsp::Hover>> {
        self.answer(params, handlers::hover).await
    }

    async fn completion(
        &self,
        params: lsp::CompletionParams,
    ) -> Result<Option<lsp::CompletionResponse>> {
        self.answer(params, handlers::completion).await
    }

    async fn goto_definition(
        &self,
        params: lsp::GotoDefinitionParams,
    ) -> Result<Option<lsp::GotoDefinitionResponse>> {
        self.answer(params, handlers::definition).await
    }

    async fn references(&self, params: lsp::ReferenceParams) -> Result<Option<Vec<lsp::Location>>> {
        self.answer(params, handlers::references).await
    }

    async fn document_symbol(
        &self,
        params: lsp::DocumentSymbolParams,
    ) -> Result<Option<lsp::DocumentSymbolResponse>> {
        let uri = params.text_document.uri.clone();
        let answer = self.answer(params, handlers::document_symbol).await?;
        // A large outline is written out here, past the library (see `handoff`).
        let Some(lsp::DocumentSymbolResponse::Nested(symbols)) = answer else {
            return Ok(answer);
        };
        if symbols.len() < HANDED_PAST_SYMBOLS {
            return Ok(Some(lsp::DocumentSymbolResponse::Nested(symbols)));
        }
        let staleness = lock(&self.shared.workspace)
            .docs
            .get(&uri)
            .map(|doc| doc.staleness());
        Ok(Some(lsp::DocumentSymbolResponse::Nested(match staleness {
            Some(staleness) => self.shared.handoff.outline(symbols, staleness),
            None => symbols,
        })))
    }

    async fn folding_range(
        &self,
        params: lsp::FoldingRangeParams,
    ) -> Result<Option<Vec<lsp::FoldingRange>>> {
        self.answer(params, handlers::folding_range).await
    }

    async fn semantic_tokens_full(
        &self,
        params: lsp::SemanticTokensParams,
    ) -> Result<Option<lsp::SemanticTokensResult>> {
        self.answer(params, handlers::semantic_tokens_full).await
    }

    async fn semantic_tokens_range(
        &self,
        params: lsp::SemanticTokensRangeParams,
    ) -> Result<Option<lsp::SemanticTokensRangeResult>> {
        self.answer(params, handlers::semantic_tokens_range).await
    }

    async fn inlay_hint(
        &self,
        params: lsp::InlayHintParams,
    ) -> Result<Option<Vec<lsp::InlayHint>>> {
        self.answer(params, handlers::inlay_hint).await
    }

    async fn code_action(
        &self,
        params: lsp::CodeActionParams,
    ) -> Result<Option<lsp::CodeActionResponse>> {
        self.answer(params, handlers::code_action).await
    }

    async fn code_action_resolve(&self, params: lsp::CodeAction) -> Result<lsp::CodeAction> {
        self.answer(params, handlers::code_action_resolve).await
    }

    async fn execute_command(&self, params: lsp::ExecuteCommandParams) -> Result<Option<Value>> {
        self.answer(params, handlers::execute_command).await
    }

    async fn formatting(
        &self,
        params: lsp::DocumentFormattingParams,
    ) -> Result<Option<Vec<lsp::TextEdit>>> {
        self.answer(params, handlers::formatting).await
    }

    async fn range_formatting(
        &self,
        params: lsp::DocumentRangeFormattingParams,
    ) -> Result<Option<Vec<lsp::TextEdit>>> {
        self.answer(params, handlers::range_formatting).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Code;

    #[test]
    fn a_publish_written_out_is_the_notification_the_library_would_send() {
        let uri: Uri = "file:///a%20b/%C3%A9.pbn".parse().unwrap();
        let mut diagnostic = lsp::Diagnostic::new_simple(
            lsp::Range::new(lsp::Position::new(3, 1), lsp::Position::new(3, 4)),
            "a \"quoted\" é\nline".to_string(),
        );
        diagnostic.code = Some(lsp::NumberOrString::String(Code::D201.to_string()));
        let diagnostics = vec![diagnostic.clone(), diagnostic];
        let body = publish_body(&uri, &Published::from(diagnostics.clone()), -7).unwrap();
        let written: serde_json::Value = serde_json::from_slice(&body).unwrap();
        let params = lsp::PublishDiagnosticsParams::new(uri, diagnostics, Some(-7));
        let expected = serde_json::json!({"jsonrpc": "2.0",
            "method": "textDocument/publishDiagnostics", "params": params});
        assert_eq!(written, expected);
    }
}
