//! The `LanguageServer` implementation: each handler converts in, calls the library, converts
//! out.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use serde_json::Value;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{self as lsp, Uri};
use tower_lsp_server::{Client, LanguageServer};

use super::capabilities::{initialize_result, CONVERT_COMMAND, FORMAT_EXPORT_COMMAND};
use super::config::{ProjectFiles, Settings};
use super::convert::{code_actions, fix_all_action, lsp_edits, negotiate, wants_fix_all};
use super::handoff::{Handoff, StandIn};
use super::open_document::OpenDocument;
use super::open_text::ClientTerms;
use super::position::{byte_range, offset_of, range_of};
use super::published::Published;
use super::seams;
use super::solving::Solving;
use crate::double_dummy::pool::SolverPool;
use crate::ide;
use crate::text::PositionEncoding;

/// State shared by the handlers and the background diagnostics tasks.
#[derive(Debug)]
struct Shared {
    docs: Mutex<HashMap<Uri, OpenDocument>>,
    settings: Mutex<Settings>,
    encoding: Mutex<PositionEncoding>,
    supports_configuration: AtomicBool,
    publishing: tokio::sync::Mutex<()>,
    shut_down: Arc<AtomicBool>,
    handoff: Arc<Handoff>,
    /// The documents' settings files, re-read when they change.
    projects: Mutex<ProjectFiles>,
    /// Settings-file errors already shown (each is shown once).
    reported: Mutex<Vec<String>>,
    /// Whether the client lets the server register a watcher for settings files.
    supports_watching: AtomicBool,
    /// Whether the client can be asked to request inlay hints again.
    supports_hint_refresh: AtomicBool,
    /// Solves complete deals in the background (hover, and the checks when asked for).
    solver: Solving,
}

impl Shared {
    /// `settings` with the solver as the source of the double-dummy checks of `uri`, when they
    /// are on: a deal not solved yet is queued for the document, and checked once it is.
    fn with_solutions(&self, mut settings: Settings, uri: &Uri) -> Settings {
        if settings.check_double_dummy {
            settings.solutions = Some(self.solver.solutions_for_checks(uri));
        }
        settings
    }

    /// The settings for document `uri`: the editor's, with its settings file applied; and the
    /// file's error when it cannot be used and that was not shown yet.
    fn settings_for(&self, uri: &Uri) -> (Settings, Option<String>) {
        let base = lock(&self.settings).clone();
        let base = self.with_solutions(base, uri);
        let Some(path) = uri.to_file_path() else {
            return (base, None);
        };
        match lock(&self.projects).for_file(&path) {
            Some(Ok(config)) => (base.for_document(Some(&config), &path), None),
            Some(Err(error)) => {
                let message = error.to_string();
                let mut reported = lock(&self.reported);
                let new = !reported.contains(&message);
                if new {
                    reported.push(message.clone());
                }
                (base, new.then_some(message))
            }
            None => (base, None),
        }
    }
}

/// Locks a mutex, recovering the data if a holder panicked (nothing here panics, but a poisoned
/// lock must not take the server down).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The language server.
#[derive(Debug)]
pub struct Backend {
    client: Client,
    shared: Arc<Shared>,
}

impl Backend {
    /// A server talking to `client`.
    pub fn new(client: Client) -> Backend {
        Backend::with_handoff(client, Arc::new(Handoff::default()))
    }

    /// A server talking to `client` that takes large opened texts from `handoff` (where the
    /// input pump leaves them).
    pub fn with_handoff(client: Client, handoff: Arc<Handoff>) -> Backend {
        let solver = Solving::new();
        Backend {
            client,
            shared: Arc::new(Shared {
                docs: Mutex::new(HashMap::new()),
                settings: Mutex::new(Settings::default()),
                encoding: Mutex::new(PositionEncoding::Utf16),
                supports_configuration: AtomicBool::new(false),
                publishing: tokio::sync::Mutex::new(()),
                shut_down: Arc::new(AtomicBool::new(false)),
                handoff,
                projects: Mutex::new(ProjectFiles::default()),
                reported: Mutex::new(Vec::new()),
                supports_watching: AtomicBool::new(false),
                supports_hint_refresh: AtomicBool::new(false),
                solver,
            }),
        }
    }

    /// The background solver (to stop it when the session ends).
    pub fn solver(&self) -> SolverPool {
        self.shared.solver.pool()
    }

    /// Set once `shutdown` has been answered.
    pub fn shutdown_flag(&self) -> Arc<AtomicBool> {
        self.shared.shut_down.clone()
    }

    fn encoding(&self) -> PositionEncoding {
        *lock(&self.shared.encoding)
    }

    /// The settings for document `uri` (see [`Shared::settings_for`]); a settings file that
    /// cannot be used is shown to the user once.
    async fn settings_for(&self, uri: &Uri) -> Settings {
        let (settings, problem) = self.shared.settings_for(uri);
        if let Some(message) = problem {
            self.client
                .show_message(
                    lsp::MessageType::WARNING,
                    format!("Kibitzer ignores a settings file: {message}"),
                )
                .await;
        }
        settings
    }

    /// Runs `f` on the document `uri`, whatever its notation, under the lock (synchronously).
    fn with_any<R>(&self, uri: &Uri, f: impl FnOnce(&mut OpenDocument) -> R) -> Option<R> {
        let mut docs = lock(&self.shared.docs);
        docs.get_mut(uri).map(f)
    }

    /// Runs `f` on the document `at` names with the byte offset of its position; `None` when
    /// the document is not open or the position is not in its text.
    fn at_position<R>(
        &self,
        at: &lsp::TextDocumentPositionParams,
        f: impl FnOnce(&mut OpenDocument, usize, PositionEncoding) -> Option<R>,
    ) -> Option<R> {
        let encoding = self.encoding();
        self.with_any(&at.text_document.uri, |doc| {
            let offset = offset_of(doc.rope(), at.position, encoding)?;
            f(doc, offset, encoding)
        })
        .flatten()
    }

    /// The semantic tokens of the open document at `uri` in `range` (the first
    /// `FULL_TOKENS_LIMIT` bytes of a longer text when `None`), worked out off the protocol
    /// thread.
    async fn semantic_tokens_in(
        &self,
        uri: &Uri,
        range: Option<lsp::Range>,
    ) -> Option<lsp::SemanticTokens> {
        let encoding = self.encoding();
        let job = self.with_any(uri, |doc| doc.semantic_tokens(range, encoding))?;
        let data = tokio::task::spawn_blocking(job).await.unwrap_or_default();
        Some(lsp::SemanticTokens {
            result_id: None,
            data,
        })
    }

    /// Schedules a diagnostics run for `uri` at `generation` after the debounce delay.
    fn schedule_diagnostics(&self, uri: Uri, generation: u64, immediate: bool) {
        let shared = self.shared.clone();
        let client = self.client.clone();
        let delay = if immediate {
            0
        } else {
            lock(&shared.settings).debounce_ms
        };
        tokio::spawn(async move {
            if delay > 0 {
                tokio::time::sleep(Duration::from_millis(delay)).await;
            }
            publish(shared, client, uri, Some(generation)).await;
        });
    }

    async fn pull_configuration(&self) {
        if !self.shared.supports_configuration.load(Ordering::SeqCst) {
            return;
        }
        let item = lsp::ConfigurationItem {
            scope_uri: None,
            section: Some("kibitzer".to_string()),
        };
        if let Ok(values) = self.client.configuration(vec![item]).await {
            if let Some(value) = values.first() {
                self.apply_settings(value).await;
            }
        }
    }

    async fn apply_settings(&self, value: &Value) {
        let changed_checks = {
            let mut settings = lock(&self.shared.settings);
            let new = settings.merged(value);
            let changed = settings.changes_findings(&new);
            *settings = new;
            changed
        };
        if changed_checks {
            let uris: Vec<Uri> = {
                let mut docs = lock(&self.shared.docs);
                docs.values_mut().for_each(|d| d.invalidate());
                docs.keys().cloned().collect()
            };
            for uri in uris {
                publish(self.shared.clone(), self.client.clone(), uri, None).await;
            }
        }
    }

    /// The formatting edits of document `uri` in either notation (only the games or records
    /// `range` touches, when given), computed off the protocol thread; `None` when `uri` is not
    /// open or `range` does not fit it.
    async fn format(&self, uri: &Uri, range: Option<lsp::Range>) -> Option<Vec<lsp::TextEdit>> {
        let settings = self.settings_for(uri).await;
        self.format_with(uri, range, settings).await
    }

    /// [`Backend::format`] with the `settings` given.
    async fn format_with(
        &self,
        uri: &Uri,
        range: Option<lsp::Range>,
        settings: Settings,
    ) -> Option<Vec<lsp::TextEdit>> {
        let encoding = self.encoding();
        let (rope, job, left) = self
            .with_any(uri, |doc| {
                let job = doc.format_job(range, &settings, encoding)?;
                Some((doc.rope().clone(), job, doc.left_as_written_news()))
            })
            .flatten()?;
        if let Some(message) = left {
            self.client
                .show_message(lsp::MessageType::WARNING, message)
                .await;
        }
        tokio::task::spawn_blocking(move || lsp_edits(&rope, job(), encoding))
            .await
            .ok()
    }

    /// `kibitzer/board`: the board at a position as a viewer draws it (see [`ide::BoardView`]),
    /// `null` when the position is in no board.
    pub async fn board(
        &self,
        params: lsp::TextDocumentPositionParams,
    ) -> Result<Option<ide::BoardView>> {
        Ok(self.at_position(&params, |doc, offset, _| {
            let board = doc.board_at(offset)?;
            let mut view = ide::board_view(&board, doc.notation().extension());
            view.double_dummy = self.shared.solver.view(&params.text_document.uri, &board);
            Some(view)
        }))
    }

    /// Republishes the documents whose double-dummy checks waited for the solver, and asks
    /// the editor for the inlay hints again when plays were rated, as the solver says.
    fn listen_for_solved_deals(&self) {
        let shared = self.shared.clone();
        let client = self.client.clone();
        self.shared.solver.on_finished(move |finished| {
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
                    let mut docs = lock(&shared.docs);
                    docs.iter_mut()
                        .filter(|(uri, _)| shared.settings_for(uri).0.check_double_dummy)
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
        self.shared.solver.after_edit(uri, move || {
            if !shared.settings_for(&edited).0.double_dummy {
                return None;
            }
            let mut docs = lock(&shared.docs);
            let doc = docs.get_mut(&edited)?;
            (doc.generation() == generation).then(|| doc.deal_to_solve(offset))
        });
    }
}

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
    let (settings, problem) = shared.settings_for(&uri);
    if let Some(message) = problem {
        client
            .show_message(
                lsp::MessageType::WARNING,
                format!("Kibitzer ignores a settings file: {message}"),
            )
            .await;
    }
    let encoding = *lock(&shared.encoding);
    let found = {
        let mut docs = lock(&shared.docs);
        match docs.get_mut(&uri) {
            Some(doc) if generation.is_none_or(|g| g == doc.generation()) => {
                let t = std::time::Instant::now();
                let diagnostics = doc
                    .diagnostics(ClientTerms {
                        settings: &settings,
                        encoding,
                    })
                    .folded();
                if std::env::var_os("KIBITZER_TIMING").is_some() {
                    eprintln!(
                        "diagnostics refreshed in {:?}; {}",
                        t.elapsed(),
                        memory_note()
                    );
                }
                Some((diagnostics, doc.version()))
            }
            _ => None,
        }
    };
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
        let encoding = negotiate(&params);
        *lock(&self.shared.encoding) = encoding;
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
        if let Some(options) = &params.initialization_options {
            let mut settings = lock(&self.shared.settings);
            *settings = settings.merged(options);
        }
        Ok(initialize_result(encoding))
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

    async fn did_change_watched_files(&self, _: lsp::DidChangeWatchedFilesParams) {
        lock(&self.shared.projects).forget();
        lock(&self.shared.reported).clear();
        let uris: Vec<Uri> = lock(&self.shared.docs).keys().cloned().collect();
        for uri in uris {
            publish(self.shared.clone(), self.client.clone(), uri, None).await;
        }
    }

    async fn shutdown(&self) -> Result<()> {
        self.shared.shut_down.store(true, Ordering::SeqCst);
        self.shared.solver.shut_down();
        Ok(())
    }

    async fn did_open(&self, params: lsp::DidOpenTextDocumentParams) {
        let mut doc = params.text_document;
        if doc.text.is_empty() {
            if let Some(text) = self.shared.handoff.claim(&doc.uri, doc.version) {
                doc.text = text;
            }
        }
        let generation = {
            if std::env::var_os("KIBITZER_TIMING").is_some() {
                eprintln!("open: request received; {}", memory_note());
            }
            let t = std::time::Instant::now();
            // A settings file that cannot be used is shown by the first publish.
            let settings = self.shared.settings_for(&doc.uri).0;
            let encoding = self.encoding();
            let document = OpenDocument::open(
                doc.uri.clone(),
                &doc.language_id,
                &doc.text,
                doc.version,
                &settings,
                encoding,
            );
            if std::env::var_os("KIBITZER_TIMING").is_some() {
                eprintln!(
                    "open: document built in {:?}; {}",
                    t.elapsed(),
                    memory_note()
                );
            }
            let mut docs = lock(&self.shared.docs);
            let generation = document.generation();
            docs.insert(doc.uri.clone(), document);
            generation
        };
        self.schedule_diagnostics(doc.uri, generation, true);
    }

    async fn did_change(&self, params: lsp::DidChangeTextDocumentParams) {
        let encoding = self.encoding();
        let uri = params.text_document.uri;
        let version = params.text_document.version;
        // Applied synchronously, before any await, so changes keep their order.
        let outcome = {
            let mut docs = lock(&self.shared.docs);
            match docs.get_mut(&uri) {
                None => Err(format!(
                    "change to a document that is not open: {}",
                    uri.as_str()
                )),
                Some(doc) if version <= doc.version() => Err(format!(
                    "ignored a stale change (version {version}, document at {})",
                    doc.version()
                )),
                Some(doc) => {
                    let taken = doc.take_changes(&uri, &params.content_changes, version, encoding);
                    Ok((doc.generation(), taken))
                }
            }
        };
        match outcome {
            Ok((generation, taken)) => {
                if let Some(message) = taken.refused {
                    self.client
                        .log_message(lsp::MessageType::WARNING, message.clone())
                        .await;
                    self.client
                        .show_message(lsp::MessageType::WARNING, message)
                        .await;
                }
                if let Some(offset) = taken.edited {
                    self.schedule_solving(uri.clone(), generation, offset);
                }
                self.schedule_diagnostics(uri, generation, false)
            }
            Err(message) => {
                self.client
                    .log_message(lsp::MessageType::WARNING, message)
                    .await;
            }
        }
    }

    async fn did_close(&self, params: lsp::DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        let removed = lock(&self.shared.docs).remove(&uri).is_some();
        self.shared.solver.forget(&uri);
        if removed {
            self.client.publish_diagnostics(uri, Vec::new(), None).await;
        }
    }

    async fn did_change_configuration(&self, params: lsp::DidChangeConfigurationParams) {
        match params.settings.get("kibitzer") {
            Some(value) if !value.is_null() => {
                let value = value.clone();
                self.apply_settings(&value).await
            }
            _ => self.pull_configuration().await,
        }
    }

    async fn hover(&self, params: lsp::HoverParams) -> Result<Option<lsp::Hover>> {
        let at = params.text_document_position_params;
        let uri = &at.text_document.uri;
        let double_dummy = self.shared.settings_for(uri).0.double_dummy;
        let more = |board: &crate::model::pbn::BoardModel| {
            double_dummy
                .then(|| self.shared.solver.hover(uri, board))
                .flatten()
        };
        Ok(self.at_position(&at, |doc, offset, encoding| {
            doc.hover(offset, encoding, &more)
        }))
    }

    async fn completion(
        &self,
        params: lsp::CompletionParams,
    ) -> Result<Option<lsp::CompletionResponse>> {
        let items = self.at_position(&params.text_document_position, |doc, offset, encoding| {
            doc.completions(offset, encoding)
        });
        Ok(items.map(lsp::CompletionResponse::Array))
    }

    async fn goto_definition(
        &self,
        params: lsp::GotoDefinitionParams,
    ) -> Result<Option<lsp::GotoDefinitionResponse>> {
        let at = params.text_document_position_params;
        Ok(self.at_position(&at, |doc, offset, encoding| {
            let target = doc.definition(offset)?;
            Some(lsp::GotoDefinitionResponse::Scalar(lsp::Location::new(
                at.text_document.uri.clone(),
                range_of(doc.rope(), target, encoding),
            )))
        }))
    }

    async fn references(&self, params: lsp::ReferenceParams) -> Result<Option<Vec<lsp::Location>>> {
        let at = params.text_document_position;
        let include = params.context.include_declaration;
        Ok(self.at_position(&at, |doc, offset, encoding| {
            let uri = &at.text_document.uri;
            let found = doc.references(offset, include);
            Some(
                found
                    .into_iter()
                    .map(|r| lsp::Location::new(uri.clone(), range_of(doc.rope(), r, encoding)))
                    .collect(),
            )
        }))
    }

    async fn document_symbol(
        &self,
        params: lsp::DocumentSymbolParams,
    ) -> Result<Option<lsp::DocumentSymbolResponse>> {
        let encoding = self.encoding();
        let Some(job) = self.with_any(&params.text_document.uri, |doc| doc.symbols(encoding))
        else {
            return Ok(None);
        };
        let symbols = tokio::task::spawn_blocking(job).await.unwrap_or_default();
        Ok(Some(lsp::DocumentSymbolResponse::Nested(symbols)))
    }

    async fn folding_range(
        &self,
        params: lsp::FoldingRangeParams,
    ) -> Result<Option<Vec<lsp::FoldingRange>>> {
        let encoding = self.encoding();
        let Some(job) = self.with_any(&params.text_document.uri, |doc| {
            doc.folding_ranges(encoding)
        }) else {
            return Ok(None);
        };
        Ok(Some(
            tokio::task::spawn_blocking(job).await.unwrap_or_default(),
        ))
    }

    async fn semantic_tokens_full(
        &self,
        params: lsp::SemanticTokensParams,
    ) -> Result<Option<lsp::SemanticTokensResult>> {
        let tokens = self
            .semantic_tokens_in(&params.text_document.uri, None)
            .await;
        Ok(tokens.map(lsp::SemanticTokensResult::Tokens))
    }

    async fn semantic_tokens_range(
        &self,
        params: lsp::SemanticTokensRangeParams,
    ) -> Result<Option<lsp::SemanticTokensRangeResult>> {
        let uri = &params.text_document.uri;
        let tokens = self.semantic_tokens_in(uri, Some(params.range)).await;
        Ok(tokens.map(lsp::SemanticTokensRangeResult::Tokens))
    }

    async fn inlay_hint(
        &self,
        params: lsp::InlayHintParams,
    ) -> Result<Option<Vec<lsp::InlayHint>>> {
        let encoding = self.encoding();
        let uri = &params.text_document.uri;
        let play_analysis = self.shared.settings_for(uri).0.play_analysis;
        let more = |model: &crate::model::pbn::BoardModel| {
            if play_analysis {
                self.shared.solver.trick_cost_hints(uri, model)
            } else {
                Vec::new()
            }
        };
        let hints = self.with_any(uri, |doc| {
            let (from, to) = byte_range(doc.rope(), params.range, encoding)?;
            Some(doc.inlay_hints(from, to, encoding, &more))
        });
        let Some(hints) = hints else {
            return Ok(None);
        };
        Ok(Some(hints.unwrap_or_default()))
    }

    async fn code_action(
        &self,
        params: lsp::CodeActionParams,
    ) -> Result<Option<lsp::CodeActionResponse>> {
        let encoding = self.encoding();
        let settings = self.settings_for(&params.text_document.uri).await;
        let uri = params.text_document.uri.clone();
        let fix_all = wants_fix_all(&params.context);
        let actions = self.with_any(&uri, |doc| {
            let (from, to) = byte_range(doc.rope(), params.range, encoding)?;
            let found = doc.diagnostics_in(
                from,
                to,
                ClientTerms {
                    settings: &settings,
                    encoding,
                },
            );
            let mut actions = code_actions(doc.rope(), &uri, found, encoding);
            if fix_all {
                let edits = doc.fix_all(&settings);
                actions.extend(fix_all_action(doc.rope(), &uri, edits, encoding));
            }
            Some(actions)
        });
        Ok(actions.flatten())
    }

    async fn execute_command(&self, params: lsp::ExecuteCommandParams) -> Result<Option<Value>> {
        if params.command == FORMAT_EXPORT_COMMAND {
            let uri = seams::command_uri(&params.arguments).ok_or_else(|| {
                tower_lsp_server::jsonrpc::Error::invalid_params(
                    "kibitzer.lsp.formatExport takes the document: [{uri}]",
                )
            })?;
            let mut settings = self.settings_for(&uri).await;
            settings.format_export = true;
            let edits = self.format_with(&uri, None, settings).await;
            return Ok(Some(
                serde_json::to_value(edits.unwrap_or_default()).unwrap_or_default(),
            ));
        }
        if params.command != CONVERT_COMMAND {
            return Err(tower_lsp_server::jsonrpc::Error::invalid_params(format!(
                "unknown command {}",
                params.command
            )));
        }
        let uri = params.arguments.first().and_then(|argument| {
            let text = argument
                .as_str()
                .or_else(|| argument.get("uri").and_then(Value::as_str))?;
            text.parse::<Uri>().ok()
        });
        let Some(uri) = uri else {
            return Err(tower_lsp_server::jsonrpc::Error::invalid_params(
                "kibitzer.convert takes the document's URI and, if wanted, the target: [uri, \"pbn\" | \"rbn\" | \"lin\" | \"url\"]",
            ));
        };
        let open = self.with_any(&uri, |doc| (doc.notation(), doc.rope().clone()));
        let (notation, text) = match open {
            Some((notation, rope)) => (notation, rope.to_string()),
            None => {
                let path = uri.to_file_path();
                let read = path.as_ref().map(|p| crate::text::read_file(p));
                match (path, read) {
                    (Some(path), Some(Ok(source))) => {
                        (crate::notation::Notation::from_path(&path), source.text)
                    }
                    (_, Some(Err(error))) => {
                        return Err(tower_lsp_server::jsonrpc::Error::invalid_params(format!(
                            "cannot read {}: {error}",
                            uri.as_str()
                        )))
                    }
                    _ => {
                        return Err(tower_lsp_server::jsonrpc::Error::invalid_params(format!(
                            "{} is neither open nor a file",
                            uri.as_str()
                        )))
                    }
                }
            }
        };
        let to = params
            .arguments
            .get(1)
            .and_then(Value::as_str)
            .map(str::to_string);
        let converted =
            tokio::task::spawn_blocking(move || seams::conversion(notation, &text, to.as_deref()))
                .await
                .map_err(|_| tower_lsp_server::jsonrpc::Error::internal_error())?;
        converted
            .map(Some)
            .map_err(tower_lsp_server::jsonrpc::Error::invalid_params)
    }

    async fn formatting(
        &self,
        params: lsp::DocumentFormattingParams,
    ) -> Result<Option<Vec<lsp::TextEdit>>> {
        Ok(self.format(&params.text_document.uri, None).await)
    }

    async fn range_formatting(
        &self,
        params: lsp::DocumentRangeFormattingParams,
    ) -> Result<Option<Vec<lsp::TextEdit>>> {
        Ok(self
            .format(&params.text_document.uri, Some(params.range))
            .await)
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
