//! Every protocol method Kibitzer answers, each in one place: a handler takes the workspace,
//! the environment and the method's parameters, and gives its answer (or a job that works it
//! out). [`request`] and [`notification`] are the table from method name to handler; the
//! browser's session calls them with each message, and the native server's `LanguageServer`
//! methods call the same handlers, so the two front doors cannot answer differently.

use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use tower_lsp_server::ls_types::{self as lsp, Uri};

use super::capabilities::{initialize_result, CONVERT_COMMAND, FORMAT_EXPORT_COMMAND};
use super::convert::{code_actions, lsp_edits, negotiate, wants_fix_all, FIX_ALL_TITLE};
use super::position::{byte_range, offset_of, range_of};
use super::seams;
use super::workspace::{Environment, Publish, Refusal, Work, Workspace, METHOD_NOT_FOUND};
use crate::diagnostic::Applicability;
use crate::ide;
use crate::ide::diagram::DoubleDummyPart;
use crate::lsp::document::open_text::ClientTerms;
use crate::lsp::document::OpenDocument;
use crate::model::board::BoardModel;
use crate::text::PositionEncoding;

/// A handler: the workspace, the environment and the method's parameters to its answer.
pub(crate) type Handler<P, R> = fn(&mut Workspace, &dyn Environment, P) -> Work<R>;

/// A notification's handler: what it changes is in the workspace and its aftermath.
pub(crate) type Listener<P> = fn(&mut Workspace, &dyn Environment, P);

/// Writes the table from method name to handler: [`request`], [`notification`], and the
/// lists of the methods each answers.
macro_rules! table {
    (
        requests { $($request:literal => $answer:path,)* }
        notifications { $($notification:literal => $listen:path,)* }
    ) => {
        /// The requests the table answers (read by its tests).
        #[cfg(test)]
        pub(crate) const REQUESTS: &[&str] = &[$($request),*];

        /// The notifications the table takes in (read by its tests).
        #[cfg(test)]
        pub(crate) const NOTIFICATIONS: &[&str] = &[$($notification),*];

        /// Answers the request `method` with its handler, the answer written as `O` (a JSON
        /// value for the native server, JSON text for the browser's session); JSON-RPC's
        /// "method not found" when there is none.
        pub(crate) fn request<O: Written>(
            ws: &mut Workspace,
            env: &dyn Environment,
            method: &str,
            params: Value,
        ) -> Work<O> {
            match method {
                $($request => answer_with(ws, env, params, $answer),)*
                _ => Work::Done(Err(Refusal {
                    code: METHOD_NOT_FOUND,
                    message: format!("no such method: {method}"),
                })),
            }
        }

        /// Takes in the notification `method` with its handler; nothing for one it does not
        /// know (`initialized`, `exit`, `$/cancelRequest`, `$/setTrace`...), or whose
        /// parameters it cannot read (a notification has no answer to refuse with).
        pub(crate) fn notification(
            ws: &mut Workspace,
            env: &dyn Environment,
            method: &str,
            params: Value,
        ) {
            match method {
                $($notification => listen_with(ws, env, params, $listen),)*
                _ => {}
            }
        }
    };
}

table! {
    requests {
        "initialize" => initialize,
        "shutdown" => shutdown,
        "textDocument/hover" => hover,
        "textDocument/completion" => completion,
        "textDocument/definition" => definition,
        "textDocument/references" => references,
        "textDocument/documentSymbol" => document_symbol,
        "textDocument/foldingRange" => folding_range,
        "textDocument/semanticTokens/full" => semantic_tokens_full,
        "textDocument/semanticTokens/range" => semantic_tokens_range,
        "textDocument/inlayHint" => inlay_hint,
        "textDocument/codeAction" => code_action,
        "codeAction/resolve" => code_action_resolve,
        "textDocument/formatting" => formatting,
        "textDocument/rangeFormatting" => range_formatting,
        "workspace/executeCommand" => execute_command,
        "kibitzer/board" => board,
        "kibitzer/convert" => convert,
        "kibitzer/fromHandviewer" => from_handviewer,
        "kibitzer/solve" => solve,
        "kibitzer/explain" => explain,
    }
    notifications {
        "textDocument/didOpen" => did_open,
        "textDocument/didChange" => did_change,
        "textDocument/didClose" => did_close,
        "workspace/didChangeConfiguration" => did_change_configuration,
        "workspace/didChangeWatchedFiles" => did_change_watched_files,
    }
}

/// How a request's answer is written: as a JSON value (the native server's transport takes
/// one) or as JSON text (the browser's session writes it straight into its response: making a
/// JSON value of a 20,000-game outline first took half of its answer's time).
pub(crate) trait Written: Sized + Send + 'static {
    /// `answer` written in this form.
    fn write(answer: &impl serde::Serialize) -> serde_json::Result<Self>;
}

impl Written for Value {
    fn write(answer: &impl serde::Serialize) -> serde_json::Result<Value> {
        serde_json::to_value(answer)
    }
}

impl Written for String {
    fn write(answer: &impl serde::Serialize) -> serde_json::Result<String> {
        serde_json::to_string(answer)
    }
}

/// Runs a handler on parameters given as JSON, its answer written as `O`.
fn answer_with<P: DeserializeOwned, R: serde::Serialize + Send + 'static, O: Written>(
    ws: &mut Workspace,
    env: &dyn Environment,
    params: Value,
    handler: Handler<P, R>,
) -> Work<O> {
    match serde_json::from_value(params) {
        Ok(params) => handler(ws, env, params)
            .then(|answer| O::write(&answer).map_err(|e| Refusal::invalid_params(e.to_string()))),
        Err(e) => Work::Done(Err(Refusal::invalid_params(format!("bad parameters: {e}")))),
    }
}

/// Runs a notification's handler on parameters given as JSON (unreadable ones are dropped).
fn listen_with<P: DeserializeOwned>(
    ws: &mut Workspace,
    env: &dyn Environment,
    params: Value,
    listener: Listener<P>,
) {
    if let Ok(params) = serde_json::from_value(params) {
        listener(ws, env, params);
    }
}

/// Runs `f` on the document `at` names with the byte offset of its position; `None` when the
/// document is not open or the position is not in its text.
fn at_position<R>(
    ws: &mut Workspace,
    at: &lsp::TextDocumentPositionParams,
    f: impl FnOnce(&mut OpenDocument, usize, PositionEncoding) -> Option<R>,
) -> Option<R> {
    let encoding = ws.encoding;
    let doc = ws.docs.get_mut(&at.text_document.uri)?;
    let offset = offset_of(doc.rope(), at.position, encoding)?;
    f(doc, offset, encoding)
}

/// `initialize`: the position encoding agreed on, the settings the editor starts with.
pub(crate) fn initialize(
    ws: &mut Workspace,
    _: &dyn Environment,
    params: lsp::InitializeParams,
) -> Work<lsp::InitializeResult> {
    ws.encoding = negotiate(&params);
    ws.resolves_code_actions = params
        .capabilities
        .text_document
        .as_ref()
        .and_then(|t| t.code_action.as_ref())
        .is_some_and(|c| c.resolve_support.is_some());
    ws.folding_limit = params
        .capabilities
        .text_document
        .as_ref()
        .and_then(|t| t.folding_range.as_ref())
        .and_then(|f| f.range_limit)
        .map(|limit| limit as usize);
    if let Some(options) = &params.initialization_options {
        ws.settings = ws.settings.merged(options);
    }
    initialize_result(ws.encoding).into()
}

/// `shutdown`: nothing to answer (a door stops its own background work).
pub(crate) fn shutdown(_: &mut Workspace, _: &dyn Environment, _: Value) -> Work<Value> {
    Value::Null.into()
}

/// Whether the settings for `uri` want the double-dummy table under a deal.
fn wants_double_dummy(ws: &mut Workspace, env: &dyn Environment, uri: &Uri) -> bool {
    ws.settings_for(env, uri).double_dummy
}

/// `textDocument/hover`: what is under the cursor; under a deal, its double-dummy table.
pub(crate) fn hover(
    ws: &mut Workspace,
    env: &dyn Environment,
    params: lsp::HoverParams,
) -> Work<Option<lsp::Hover>> {
    let at = params.text_document_position_params;
    let uri = &at.text_document.uri;
    let wanted = wants_double_dummy(ws, env, uri);
    let more = |board: &BoardModel| wanted.then(|| env.double_dummy(uri, board)).flatten();
    at_position(ws, &at, |doc, offset, encoding| {
        doc.hover(offset, encoding, &more)
    })
    .into()
}

/// `textDocument/completion`: the calls, cards and values that fit where the cursor is.
pub(crate) fn completion(
    ws: &mut Workspace,
    _: &dyn Environment,
    params: lsp::CompletionParams,
) -> Work<Option<lsp::CompletionResponse>> {
    at_position(
        ws,
        &params.text_document_position,
        |doc, offset, encoding| doc.completions(offset, encoding),
    )
    .map(lsp::CompletionResponse::Array)
    .into()
}

/// `textDocument/definition`: the note a reference leads to.
pub(crate) fn definition(
    ws: &mut Workspace,
    _: &dyn Environment,
    params: lsp::GotoDefinitionParams,
) -> Work<Option<lsp::GotoDefinitionResponse>> {
    let at = params.text_document_position_params;
    let uri = at.text_document.uri.clone();
    at_position(ws, &at, |doc, offset, encoding| {
        let target = doc.definition(offset)?;
        Some(lsp::GotoDefinitionResponse::Scalar(lsp::Location::new(
            uri,
            range_of(doc.rope(), target, encoding),
        )))
    })
    .into()
}

/// `textDocument/references`: every place naming the note under the cursor.
pub(crate) fn references(
    ws: &mut Workspace,
    _: &dyn Environment,
    params: lsp::ReferenceParams,
) -> Work<Option<Vec<lsp::Location>>> {
    let at = params.text_document_position;
    let include = params.context.include_declaration;
    let uri = at.text_document.uri.clone();
    at_position(ws, &at, |doc, offset, encoding| {
        let found = doc.references(offset, include);
        Some(
            found
                .into_iter()
                .map(|r| lsp::Location::new(uri.clone(), range_of(doc.rope(), r, encoding)))
                .collect(),
        )
    })
    .into()
}

/// Runs the job `make` gives for the open document `uri`; `None` when it is not open. When the
/// document changes before the answer is ready, the answer is refused as about a text that is
/// gone (the client asks again for the new one): a whole-document answer to a large file is
/// megabytes, and the findings of the change would be written and read after it.
fn job_of<T: Send + 'static>(
    ws: &mut Workspace,
    uri: &Uri,
    make: impl FnOnce(&mut OpenDocument, PositionEncoding) -> super::job::Job<T>,
) -> Work<Option<T>> {
    let encoding = ws.encoding;
    match ws.docs.get_mut(uri) {
        Some(doc) => {
            let staleness = doc.staleness();
            let job = make(doc, encoding);
            Work::Later(Box::new(move || {
                if staleness.is_stale() {
                    return Err(Refusal::content_modified());
                }
                let answer = job();
                if staleness.is_stale() {
                    return Err(Refusal::content_modified());
                }
                Ok(Some(answer))
            }))
        }
        None => None.into(),
    }
}

/// `textDocument/documentSymbol`: the outline, a symbol per game and its sections.
pub(crate) fn document_symbol(
    ws: &mut Workspace,
    _: &dyn Environment,
    params: lsp::DocumentSymbolParams,
) -> Work<Option<lsp::DocumentSymbolResponse>> {
    job_of(ws, &params.text_document.uri, |doc, encoding| {
        doc.symbols(encoding)
    })
    .then(|symbols| Ok(symbols.map(lsp::DocumentSymbolResponse::Nested)))
}

/// `textDocument/foldingRange`: what folds.
pub(crate) fn folding_range(
    ws: &mut Workspace,
    _: &dyn Environment,
    params: lsp::FoldingRangeParams,
) -> Work<Option<Vec<lsp::FoldingRange>>> {
    let limit = ws.folding_limit;
    job_of(ws, &params.text_document.uri, |doc, encoding| {
        doc.folding_ranges(encoding, limit)
    })
}

/// The semantic tokens of `uri` (in `range`, when given).
fn tokens(
    ws: &mut Workspace,
    uri: &Uri,
    range: Option<lsp::Range>,
) -> Work<Option<lsp::SemanticTokens>> {
    job_of(ws, uri, |doc, encoding| {
        doc.semantic_tokens(range, encoding)
    })
    .then(|data| {
        Ok(data.map(|data| lsp::SemanticTokens {
            result_id: None,
            data,
        }))
    })
}

/// `textDocument/semanticTokens/full`: the colours of the start of the document.
pub(crate) fn semantic_tokens_full(
    ws: &mut Workspace,
    _: &dyn Environment,
    params: lsp::SemanticTokensParams,
) -> Work<Option<lsp::SemanticTokensResult>> {
    tokens(ws, &params.text_document.uri, None)
        .then(|tokens| Ok(tokens.map(lsp::SemanticTokensResult::Tokens)))
}

/// `textDocument/semanticTokens/range`: the colours of what is on screen.
pub(crate) fn semantic_tokens_range(
    ws: &mut Workspace,
    _: &dyn Environment,
    params: lsp::SemanticTokensRangeParams,
) -> Work<Option<lsp::SemanticTokensRangeResult>> {
    tokens(ws, &params.text_document.uri, Some(params.range))
        .then(|tokens| Ok(tokens.map(lsp::SemanticTokensRangeResult::Tokens)))
}

/// `textDocument/inlayHint`: who is on play, the trick's winner, and (with play analysis on)
/// what each card cost at double dummy.
pub(crate) fn inlay_hint(
    ws: &mut Workspace,
    env: &dyn Environment,
    params: lsp::InlayHintParams,
) -> Work<Option<Vec<lsp::InlayHint>>> {
    let uri = &params.text_document.uri;
    let analysis = ws.settings_for(env, uri).play_analysis;
    let more = |board: &BoardModel| {
        if analysis {
            env.trick_costs(uri, board)
        } else {
            Vec::new()
        }
    };
    let encoding = ws.encoding;
    let Some(doc) = ws.docs.get_mut(uri) else {
        return None.into();
    };
    let hints = byte_range(doc.rope(), params.range, encoding)
        .map(|(from, to)| doc.inlay_hints(from, to, encoding, &more));
    Some(hints.unwrap_or_default()).into()
}

/// `textDocument/codeAction`: the fixes of the findings in the range; "fix all" when asked
/// for; and, in the lightbulb of a finding with a safe fix, "fix all" to be worked out only
/// when chosen (`codeAction/resolve`), since fixing a whole file for each move of the cursor
/// would be too slow.
pub(crate) fn code_action(
    ws: &mut Workspace,
    env: &dyn Environment,
    params: lsp::CodeActionParams,
) -> Work<Option<lsp::CodeActionResponse>> {
    let uri = params.text_document.uri;
    let settings = ws.settings_for(env, &uri);
    let encoding = ws.encoding;
    let lazy_fix_all = ws.resolves_code_actions;
    let fix_all = wants_fix_all(&params.context);
    let Some(doc) = ws.docs.get_mut(&uri) else {
        return None.into();
    };
    let Some((from, to)) = byte_range(doc.rope(), params.range, encoding) else {
        return None.into();
    };
    let terms = ClientTerms {
        settings: &settings,
        encoding,
    };
    let found = doc.diagnostics_in(from, to, terms);
    let safe = found.iter().any(|(finding, _)| {
        finding
            .fixes
            .iter()
            .any(|fix| fix.applicability == Applicability::Safe)
    });
    let mut actions = code_actions(doc.rope(), &uri, found, encoding);
    if fix_all {
        // The whole file fixed: off the protocol thread where there is one.
        let job = doc.fix_all(&uri, settings, encoding);
        return Work::Later(Box::new(move || {
            actions.extend(job());
            Ok(Some(actions))
        }));
    }
    if safe && lazy_fix_all {
        actions.push(lsp::CodeActionOrCommand::CodeAction(fix_all_to_resolve(
            &uri,
        )));
    }
    Some(actions).into()
}

/// The lightbulb's "fix all" before it is chosen: no edit yet, and the document to fix.
fn fix_all_to_resolve(uri: &Uri) -> lsp::CodeAction {
    lsp::CodeAction {
        title: FIX_ALL_TITLE.to_string(),
        kind: Some(lsp::CodeActionKind::QUICKFIX),
        data: Some(json!({ "fixAll": uri })),
        ..Default::default()
    }
}

/// `codeAction/resolve`: the lightbulb's "fix all", chosen, gets its edit (every safe fix of
/// the document, as `source.fixAll.kibitzer` and `check --fix` apply them).
pub(crate) fn code_action_resolve(
    ws: &mut Workspace,
    env: &dyn Environment,
    mut action: lsp::CodeAction,
) -> Work<lsp::CodeAction> {
    let uri = action
        .data
        .as_ref()
        .and_then(|data| data.get("fixAll"))
        .and_then(|uri| serde_json::from_value::<Uri>(uri.clone()).ok());
    let Some(uri) = uri else {
        return action.into();
    };
    let settings = ws.settings_for(env, &uri);
    let encoding = ws.encoding;
    let Some(doc) = ws.docs.get(&uri) else {
        return action.into();
    };
    let job = doc.fix_all(&uri, settings, encoding);
    Work::Later(Box::new(move || {
        if let Some(lsp::CodeActionOrCommand::CodeAction(done)) = job() {
            action.edit = done.edit;
        }
        Ok(action)
    }))
}

/// The formatting edits of `uri` (of the games `range` touches, when given) under
/// `settings`; what formatting leaves as written is told.
fn format(
    ws: &mut Workspace,
    uri: &Uri,
    range: Option<lsp::Range>,
    settings: &super::config::Settings,
) -> Work<Option<Vec<lsp::TextEdit>>> {
    let encoding = ws.encoding;
    let Some(doc) = ws.docs.get_mut(uri) else {
        return None.into();
    };
    let Some(job) = doc.format_job(range, settings, encoding) else {
        return None.into();
    };
    let left = doc.left_as_written_news();
    let rope = doc.rope().clone();
    ws.after.shown.extend(left);
    Work::Later(Box::new(move || {
        Ok(Some(lsp_edits(&rope, job(), encoding)))
    }))
}

/// `textDocument/formatting`: the whole document tidied (to export format when set).
pub(crate) fn formatting(
    ws: &mut Workspace,
    env: &dyn Environment,
    params: lsp::DocumentFormattingParams,
) -> Work<Option<Vec<lsp::TextEdit>>> {
    let uri = params.text_document.uri;
    let settings = ws.settings_for(env, &uri);
    format(ws, &uri, None, &settings)
}

/// `textDocument/rangeFormatting`: the games the range touches tidied.
pub(crate) fn range_formatting(
    ws: &mut Workspace,
    env: &dyn Environment,
    params: lsp::DocumentRangeFormattingParams,
) -> Work<Option<Vec<lsp::TextEdit>>> {
    let uri = params.text_document.uri;
    let settings = ws.settings_for(env, &uri);
    format(ws, &uri, Some(params.range), &settings)
}

/// `workspace/executeCommand`: the document formatted to strict export format, or converted
/// to another notation.
pub(crate) fn execute_command(
    ws: &mut Workspace,
    env: &dyn Environment,
    params: lsp::ExecuteCommandParams,
) -> Work<Option<Value>> {
    if params.command == FORMAT_EXPORT_COMMAND {
        let Some(uri) = seams::command_uri(&params.arguments) else {
            return Work::Done(Err(Refusal::invalid_params(
                "kibitzer.lsp.formatExport takes the document: [{uri}]",
            )));
        };
        let mut settings = ws.settings_for(env, &uri);
        settings.format_export = true;
        return format(ws, &uri, None, &settings).then(|edits| {
            serde_json::to_value(edits.unwrap_or_default())
                .map(Some)
                .map_err(|e| Refusal::invalid_params(e.to_string()))
        });
    }
    if params.command != CONVERT_COMMAND {
        return Work::Done(Err(Refusal::invalid_params(format!(
            "unknown command {}",
            params.command
        ))));
    }
    let Some(uri) = seams::command_uri(&params.arguments) else {
        return Work::Done(Err(Refusal::invalid_params(
            "kibitzer.convert takes the document's URI and, if wanted, the target: [uri, \"pbn\" | \"rbn\" | \"lin\" | \"url\"]",
        )));
    };
    let to = params.arguments.get(1).and_then(Value::as_str);
    conversion(ws, env, &uri, to.map(str::to_string)).then(|value| Ok(Some(value)))
}

/// The conversion of the document `uri` (open, or else read) to `to`, worked out by a job.
fn conversion(
    ws: &mut Workspace,
    env: &dyn Environment,
    uri: &Uri,
    to: Option<String>,
) -> Work<Value> {
    let source = match ws.docs.get(uri) {
        Some(doc) => Ok((doc.notation(), doc.rope().to_string())),
        None => env.read_unopened(uri),
    };
    match source {
        Ok((notation, text)) => Work::Later(Box::new(move || {
            seams::conversion(notation, &text, to.as_deref()).map_err(Refusal::invalid_params)
        })),
        Err(why) => Work::Done(Err(Refusal::invalid_params(why))),
    }
}

/// The parameters of `kibitzer/convert`.
#[derive(serde::Deserialize)]
pub(crate) struct ConvertParams {
    /// The document to convert.
    uri: Uri,
    /// The notation to convert to (`pbn`, `rbn`, `lin`, `dup`, `bri`, `dge`, `dlm`, or
    /// `url` for BBO handviewer addresses, one a line).
    #[serde(default)]
    to: Option<String>,
}

/// `kibitzer/convert`: `{uri, to}` to `{text, language, warnings, unread, bytes}` (see
/// `seams::conversion`).
pub(crate) fn convert(
    ws: &mut Workspace,
    env: &dyn Environment,
    params: ConvertParams,
) -> Work<Value> {
    conversion(ws, env, &params.uri, params.to)
}

/// `kibitzer/board`: the board at a position as a viewer draws it (see [`ide::BoardView`]),
/// `null` when the position is in no board.
pub(crate) fn board(
    ws: &mut Workspace,
    env: &dyn Environment,
    params: lsp::TextDocumentPositionParams,
) -> Work<Option<ide::BoardView>> {
    let uri = &params.text_document.uri;
    let wanted = wants_double_dummy(ws, env, uri);
    let more = |board: &BoardModel| wanted.then(|| env.double_dummy(uri, board)).flatten();
    at_position(ws, &params, |doc, offset, _| {
        let board = doc.board_at(offset)?;
        let mut view = ide::board_view(&board, doc.notation().extension());
        if let Some(DoubleDummyPart::Solved(table, par)) = more(&board) {
            view.double_dummy = Some(ide::board::double_dummy_view(&table, par.as_ref()));
        }
        Some(view)
    })
    .into()
}

/// The parameters of `kibitzer/fromHandviewer`.
#[derive(serde::Deserialize)]
pub(crate) struct HandviewerParams {
    /// A BBO handviewer address.
    url: String,
}

/// `kibitzer/fromHandviewer`: a BBO handviewer address read as LIN (`{text}`).
pub(crate) fn from_handviewer(
    _: &mut Workspace,
    _: &dyn Environment,
    params: HandviewerParams,
) -> Work<Value> {
    Work::Done(
        crate::model::handviewer::handviewer_lin(&params.url)
            .map(|lin| json!({"text": lin}))
            .map_err(|why| Refusal::invalid_params(format!("cannot read the address: {why}"))),
    )
}

/// The parameters of `kibitzer/solve`.
#[derive(serde::Deserialize)]
pub(crate) struct SolveParams {
    /// The deal, as `kibitzer/solveWanted` writes it.
    deal: String,
}

/// `kibitzer/solve`: a deal's double-dummy table (`{tricks}`, twenty cells in
/// [`crate::double_dummy::TrickTable::cells`]' order), for the page's solving worker.
pub(crate) fn solve(_: &mut Workspace, env: &dyn Environment, params: SolveParams) -> Work<Value> {
    let Some(deal) = super::deal_text::read_deal_text(&params.deal) else {
        return Work::Done(Err(Refusal::invalid_params(format!(
            "not a whole deal: {:?}",
            params.deal
        ))));
    };
    Work::Done(
        env.solve(&deal)
            .map(|table| {
                let cells: Vec<u8> = table.cells().map(|(_, _, tricks)| tricks).collect();
                json!({ "tricks": cells })
            })
            .ok_or_else(|| Refusal::invalid_params("the deal cannot be solved here")),
    )
}

/// The parameters of `kibitzer/explain`.
#[derive(serde::Deserialize)]
pub(crate) struct ExplainParams {
    /// A diagnostic code (`A301`) or name (`invalid-call`).
    code: String,
}

/// `kibitzer/explain`: a diagnostic code's documentation (`{markdown}`; a name two codes
/// share gives both), what an editor opens from a finding's code.
pub(crate) fn explain(
    _: &mut Workspace,
    _: &dyn Environment,
    params: ExplainParams,
) -> Work<Value> {
    Work::Done(
        crate::diagnostic::catalogue::explain(&params.code)
            .map(|markdown| json!({ "markdown": markdown }))
            .ok_or_else(|| Refusal::invalid_params(format!("no code {:?}", params.code))),
    )
}

/// `textDocument/didOpen`: the document read, its diagnostics published now.
pub(crate) fn did_open(
    ws: &mut Workspace,
    env: &dyn Environment,
    params: lsp::DidOpenTextDocumentParams,
) {
    let doc = params.text_document;
    // A settings file that cannot be used is told by the first publish.
    let settings = env.settings_for(&ws.settings, &doc.uri).0;
    let opened = OpenDocument::open(
        doc.uri.clone(),
        &doc.language_id,
        &doc.text,
        doc.version,
        &settings,
        ws.encoding,
        env.checks_in_parts(),
    );
    ws.docs.insert(doc.uri.clone(), opened);
    ws.publish(&doc.uri, Publish::Now);
}

/// `textDocument/didChange`: the edits taken in order (or, for one the text cannot take, the
/// user told), the diagnostics published once typing settles.
pub(crate) fn did_change(
    ws: &mut Workspace,
    _: &dyn Environment,
    params: lsp::DidChangeTextDocumentParams,
) {
    let uri = params.text_document.uri;
    let version = params.text_document.version;
    let encoding = ws.encoding;
    let Some(doc) = ws.docs.get_mut(&uri) else {
        ws.after.logged.push(format!(
            "change to a document that is not open: {}",
            uri.as_str()
        ));
        return;
    };
    if version <= doc.version() {
        let message = format!(
            "ignored a stale change (version {version}, document at {})",
            doc.version()
        );
        ws.after.logged.push(message);
        return;
    }
    let taken = doc.take_changes(&uri, &params.content_changes, version, encoding);
    let generation = doc.generation();
    if let Some(message) = taken.refused {
        ws.after.logged.push(message.clone());
        ws.after.shown.push(message);
    }
    if let Some(offset) = taken.edited {
        ws.after.edited.push((uri.clone(), generation, offset));
    }
    ws.publish(&uri, Publish::Settled);
}

/// `textDocument/didClose`: the document forgotten, its diagnostics cleared.
pub(crate) fn did_close(
    ws: &mut Workspace,
    env: &dyn Environment,
    params: lsp::DidCloseTextDocumentParams,
) {
    let uri = params.text_document.uri;
    env.forget(&uri);
    ws.after.publish.retain(|(waiting, _, _)| waiting != &uri);
    if ws.docs.remove(&uri).is_some() {
        ws.after.cleared.push(uri);
    }
}

/// `workspace/didChangeConfiguration` with Kibitzer's settings in it: they are taken, and
/// every document checked again when they change what is found. (A door whose client sends
/// no settings here asks for them, and hands them to this handler.)
pub(crate) fn did_change_configuration(
    ws: &mut Workspace,
    _: &dyn Environment,
    params: lsp::DidChangeConfigurationParams,
) {
    let Some(value) = params.settings.get("kibitzer").filter(|v| !v.is_null()) else {
        return;
    };
    let new = ws.settings.merged(value);
    let changed = ws.settings.changes_findings(&new);
    ws.settings = new;
    if changed {
        ws.recheck_all();
    }
}

/// `workspace/didChangeWatchedFiles`: a settings file changed; every document checked again.
pub(crate) fn did_change_watched_files(
    ws: &mut Workspace,
    env: &dyn Environment,
    _: lsp::DidChangeWatchedFilesParams,
) {
    env.settings_files_changed();
    ws.recheck_all();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::PositionEncoding;

    #[test]
    fn an_outline_worked_out_while_the_document_changed_is_refused_as_outdated() {
        use crate::lsp::document::open_text::test_uri;
        let mut ws = Workspace::default();
        let uri = test_uri("outdated.pbn");
        let text = "[Board \"1\"]\n\n[Board \"2\"]\n";
        let doc = OpenDocument::open(
            uri.clone(),
            "pbn",
            text,
            1,
            &ws.settings,
            ws.encoding,
            false,
        );
        ws.docs.insert(uri.clone(), doc);
        let outline = |ws: &mut Workspace| job_of(ws, &uri, |doc, encoding| doc.symbols(encoding));
        let names = |answer: Result<Option<Vec<lsp::DocumentSymbol>>, Refusal>| {
            let symbols = answer.expect("an outline").expect("an open document");
            symbols.into_iter().map(|s| s.name).collect::<Vec<_>>()
        };
        assert_eq!(names(outline(&mut ws).run()), ["Board 1", "Board 2"]);
        // Asked, then the document changes before the answer is worked out.
        let asked = outline(&mut ws);
        let change = lsp::TextDocumentContentChangeEvent {
            range: Some(lsp::Range::new(
                lsp::Position::new(0, 8),
                lsp::Position::new(0, 9),
            )),
            range_length: None,
            text: "7".into(),
        };
        let doc = ws.docs.get_mut(&uri).expect("open");
        doc.take_changes(&uri, &[change], 2, PositionEncoding::Utf16);
        assert_eq!(asked.run(), Err(Refusal::content_modified()));
        // Asked again, the answer is about the new text.
        assert_eq!(names(outline(&mut ws).run()), ["Board 7", "Board 2"]);
    }

    /// The request each capability `initialize` advertises stands for.
    const ADVERTISED: &[(&str, &str)] = &[
        ("hoverProvider", "textDocument/hover"),
        ("completionProvider", "textDocument/completion"),
        ("definitionProvider", "textDocument/definition"),
        ("referencesProvider", "textDocument/references"),
        ("documentSymbolProvider", "textDocument/documentSymbol"),
        ("foldingRangeProvider", "textDocument/foldingRange"),
        ("semanticTokensProvider", "textDocument/semanticTokens/full"),
        ("inlayHintProvider", "textDocument/inlayHint"),
        ("codeActionProvider", "textDocument/codeAction"),
        ("documentFormattingProvider", "textDocument/formatting"),
        (
            "documentRangeFormattingProvider",
            "textDocument/rangeFormatting",
        ),
        ("executeCommandProvider", "workspace/executeCommand"),
    ];

    #[test]
    fn every_capability_advertised_has_its_handler_in_the_table() {
        let result = serde_json::to_value(initialize_result(PositionEncoding::Utf16)).unwrap();
        let capabilities = result["capabilities"].as_object().unwrap();
        for key in capabilities.keys().filter(|k| k.ends_with("Provider")) {
            let (_, method) = ADVERTISED
                .iter()
                .find(|(advertised, _)| advertised == key)
                .unwrap_or_else(|| panic!("{key} is advertised: say which request it stands for"));
            assert!(REQUESTS.contains(method), "{key}: {method} has no handler");
        }
        assert!(capabilities.contains_key("textDocumentSync"));
        for method in [
            "textDocument/didOpen",
            "textDocument/didChange",
            "textDocument/didClose",
        ] {
            assert!(NOTIFICATIONS.contains(&method), "{method} has no handler");
        }
    }
}
