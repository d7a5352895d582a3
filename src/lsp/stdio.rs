//! The stdio transport of the native server: frames in and out, a message the protocol
//! library would choke on replaced before it gets there, and the end of the session.

use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};

use super::handoff::Handoff;
use super::server::Backend;

/// How long handlers still under way may go on once the client's input has ended.
const END_OF_INPUT_GRACE: std::time::Duration = std::time::Duration::from_secs(2);

/// Serves LSP over stdin/stdout until `exit` (or the end of stdin), then ends the process.
///
/// The process is ended with `std::process::exit` rather than by returning: the thread reading
/// stdin may be blocked in a read that never ends (clients that keep stdin open after `exit`).
pub fn run() -> ExitCode {
    // One thread runs every handler and diagnostics run, so that a document's trees are made
    // and dropped on the thread that holds them. With worker threads, an edit reparsed on one
    // thread freed nodes made on another, and each thread's allocator kept the holes: memory
    // grew by about 1 kB an edit and never came back. Most handlers work under the documents'
    // lock, so the workers bought little concurrency; the heavy requests (symbols, semantic
    // tokens, formatting, conversion) still run on the blocking pool, and a large file's first
    // parse and check on every core.
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("kibitzer lsp: cannot start the runtime: {error}");
            return ExitCode::from(1);
        }
    };
    let clean = runtime.block_on(serve(tokio::io::stdin(), tokio::io::stdout()));
    std::process::exit(if clean { 0 } else { 1 });
}

/// Serves LSP from `input` to `output` until `exit` or the end of the input (what `run` does
/// over stdin/stdout, for tests and fuzzing); whether the session ended after `shutdown`.
pub async fn serve(
    input: impl AsyncRead + Unpin + Send + 'static,
    output: impl AsyncWrite + Unpin,
) -> bool {
    let handoff = Arc::new(Handoff::relayed());
    let for_server = handoff.clone();
    let for_relay = handoff.clone();
    let (service, socket) = service(move |client| Backend::with_handoff(client, for_server));
    let shut_down = service.inner().shutdown_flag();
    let solver = service.inner().solver();
    let (server_input, pump) = tokio::io::duplex(1 << 22);
    let (input_ended, ended) = tokio::sync::oneshot::channel::<()>();
    let pumping = tokio::spawn(async move {
        sanitize(input, pump, handoff).await;
        let _ = input_ended.send(());
    });
    let (server_output, from_server) = tokio::io::duplex(1 << 22);
    let relaying = relay(from_server, output, for_relay);
    tokio::pin!(relaying);
    let serving = tower_lsp_server::Server::new(server_input, server_output, socket).serve(service);
    // The protocol library ends a session once every handler under way has finished; a handler
    // waiting for the client's answer (to `workspace/configuration`) would wait for ever once the
    // client is gone. So the end of the input ends the session after a grace period, whatever
    // is still waiting.
    let grace = async {
        if ended.await.is_ok() {
            tokio::time::sleep(END_OF_INPUT_GRACE).await;
        } else {
            std::future::pending::<()>().await;
        }
    };
    let session = async {
        tokio::select! {
            _ = serving => {}
            _ = grace => {}
        }
    };
    tokio::pin!(session);
    // The library's output is relayed as long as it comes; once the session is over (and its
    // end of the pipe dropped), what is still on its way gets the same grace.
    tokio::select! {
        _ = &mut session => {
            let _ = tokio::time::timeout(END_OF_INPUT_GRACE, &mut relaying).await;
        }
        _ = &mut relaying => session.await,
    }
    pumping.abort();
    solver.shut_down();
    shut_down.load(Ordering::SeqCst)
}

/// The protocol service around a server made by `init`, with Kibitzer's own requests
/// (`kibitzer/board`) next to the standard ones.
pub fn service(
    init: impl FnOnce(tower_lsp_server::Client) -> Backend,
) -> (
    tower_lsp_server::LspService<Backend>,
    tower_lsp_server::ClientSocket,
) {
    tower_lsp_server::LspService::build(init)
        .custom_method("kibitzer/board", Backend::board)
        .custom_method("kibitzer/convert", Backend::convert)
        .custom_method("kibitzer/fromHandviewer", Backend::from_handviewer)
        .custom_method("kibitzer/explain", Backend::explain)
        .finish()
}

/// Whether a message is JSON-RPC 2.0 as the protocol library accepts it: `"jsonrpc": "2.0"`, an
/// `id` that is a number, a string or null when present, and either a method (with object,
/// array or null params, if any) or a result or error. The library ends the session on anything else.
fn is_json_rpc(value: &serde_json::Value) -> bool {
    use serde_json::Value;
    let id_ok = match value.get("id") {
        None | Some(Value::Null) => true,
        Some(Value::Number(n)) => n.is_i64(),
        Some(Value::String(_)) => true,
        Some(_) => false,
    };
    let params_ok = matches!(
        value.get("params"),
        None | Some(Value::Null) | Some(Value::Object(_)) | Some(Value::Array(_))
    );
    let shape = match value.get("method") {
        Some(Value::String(_)) => params_ok,
        Some(_) => false,
        None => {
            value.get("id").is_some()
                && (value.get("result").is_some() || value.get("error").is_some())
        }
    };
    value.get("jsonrpc").and_then(serde_json::Value::as_str) == Some("2.0") && id_ok && shape
}

/// What stands in for a message that is not JSON-RPC 2.0: when it carries an id the server can
/// answer, a request for a method nobody has (so the client gets an error for that id);
/// otherwise a notification every server ignores.
fn stand_in(value: &serde_json::Value) -> Vec<u8> {
    use serde_json::Value;
    match value.get("id") {
        Some(id @ (Value::Number(_) | Value::String(_))) if value.get("method").is_some() => {
            let request = serde_json::json!({
                "jsonrpc": "2.0",
                "id": id,
                "method": "kibitzer/invalidRequest",
            });
            serde_json::to_vec(&request).unwrap_or_else(|_| PLACEHOLDER.to_vec())
        }
        _ => PLACEHOLDER.to_vec(),
    }
}

/// What replaces a message whose body is not JSON: a notification every server ignores.
const PLACEHOLDER: &[u8] = br#"{"jsonrpc":"2.0","method":"$/kibitzer/invalidMessage"}"#;

/// Bodies larger than this are skipped rather than held in memory.
const MAX_BODY: usize = 1 << 30;

/// Bodies up to this size get their whole buffer at once (larger ones grow as they arrive, so
/// that a bogus length does not take memory before the bytes come).
const INITIAL_BODY_CAPACITY: usize = 1 << 28;

/// Reads header blocks up to one with a readable `Content-Length` (skipping blank lines and
/// blocks without one) and gives that length; `None` at the end of the input.
async fn read_length(reader: &mut (impl AsyncBufReadExt + Unpin)) -> Option<usize> {
    let mut length: Option<usize> = None;
    let mut saw_header = false;
    loop {
        let mut line = Vec::new();
        match reader.read_until(b'\n', &mut line).await {
            Ok(0) | Err(_) => return None,
            Ok(_) => {}
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        if text.is_empty() {
            if saw_header && length.is_some() {
                return length;
            }
            saw_header = false;
            continue;
        }
        saw_header = true;
        if let Some((name, value)) = text.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().ok();
            }
        }
    }
}

/// Copies framed messages from `input` to `output`, replacing bodies that are not JSON and
/// skipping header blocks without a length, so that no malformed input ends the session (the
/// protocol library stops reading at the first framing error). Large opened texts are taken out
/// of their messages and left in `handoff` for the server.
///
/// `exit` is not passed on: it ends the input instead. Given `exit`, the library stops at once
/// and cancels what is under way, and a client that sends `shutdown` and `exit` back to back
/// (several do) got "Canceled" for its `shutdown` and an exit status of 1 in most runs. At the
/// end of its input the library finishes what is under way, `shutdown` included, and its answer
/// goes out before the session ends.
async fn sanitize(
    input: impl AsyncRead + Unpin,
    output: impl AsyncWrite + Unpin,
    handoff: Arc<Handoff>,
) {
    pump_frames(input, output, MAX_BODY, |length, body| {
        if length < 64 && is_exit(&body) {
            return Step::End;
        }
        Step::Forward(sanitized_body(&handoff, length, body))
    })
    .await;
}

/// Whether a message is the `exit` notification.
fn is_exit(body: &[u8]) -> bool {
    serde_json::from_slice::<serde_json::Value>(body).is_ok_and(|value| {
        value.get("method").and_then(serde_json::Value::as_str) == Some("exit")
            && value.get("id").is_none()
    })
}

/// What a pump does with one message.
enum Step {
    /// Writes this body in its place.
    Forward(Vec<u8>),
    /// Leaves it out.
    Skip,
    /// Leaves it out and stops: the output ends here.
    End,
}

/// What reaches the protocol library for one client message of `length` bytes, of which `body`
/// holds the first `MAX_BODY`.
fn sanitized_body(handoff: &Handoff, length: usize, body: Vec<u8>) -> Vec<u8> {
    let large = length <= MAX_BODY && body.len() >= super::handoff::LARGE_TEXT;
    // A large opened text is taken from the bytes; a message it cannot read that way (a
    // method spelled with escapes, say) still goes through the value below.
    let taken = if large && memchr::memmem::find(&body, b"didOpen").is_some() {
        handoff.take_from_body(&body)
    } else {
        None
    };
    let (parsed, handed) = match taken {
        Some(rest) => (Some(rest), true),
        None => {
            let mut parsed = (length <= MAX_BODY)
                .then(|| serde_json::from_slice::<serde_json::Value>(&body).ok())
                .flatten()
                .filter(serde_json::Value::is_object);
            let handed = large
                && parsed
                    .as_mut()
                    .is_some_and(|value| handoff.take_from(value));
            (parsed, handed)
        }
    };
    match &parsed {
        None => PLACEHOLDER.to_vec(),
        Some(value) if !is_json_rpc(value) => stand_in(value),
        Some(value) if handed => {
            drop(body);
            serde_json::to_vec(value).unwrap_or_else(|_| PLACEHOLDER.to_vec())
        }
        Some(_) => body,
    }
}

/// Reads framed messages from `input` until it ends, and writes to `output` what `step` makes
/// of each (given the announced length and the first `limit` bytes of the body); ends when
/// either side does, or `step` says so.
async fn pump_frames(
    input: impl AsyncRead + Unpin,
    mut output: impl AsyncWrite + Unpin,
    limit: usize,
    mut step: impl FnMut(usize, Vec<u8>) -> Step,
) {
    let mut reader = BufReader::new(input);
    while let Some(length) = read_length(&mut reader).await {
        let Some(body) = read_body(&mut reader, length, limit).await else {
            return;
        };
        let body = match step(length, body) {
            Step::Forward(body) => body,
            Step::Skip => continue,
            Step::End => return,
        };
        if !write_frame(&mut output, &body).await {
            return;
        }
    }
}

/// Reads a body of `length` bytes, keeping the first `limit` and passing over the rest; `None`
/// when the input ends first.
async fn read_body(
    reader: &mut (impl AsyncRead + Unpin),
    length: usize,
    limit: usize,
) -> Option<Vec<u8>> {
    // Read into a buffer of the announced size: growing one as bytes arrive copies it several
    // times, and a huge file's text would briefly be in memory twice.
    let kept = length.min(limit);
    let mut body = Vec::new();
    if kept <= INITIAL_BODY_CAPACITY {
        body.resize(kept, 0);
        reader.read_exact(&mut body).await.ok()?;
    } else {
        (&mut *reader)
            .take(kept as u64)
            .read_to_end(&mut body)
            .await
            .ok()?;
        if body.len() < kept {
            return None;
        }
    }
    if length > kept {
        let _ = tokio::io::copy(
            &mut (&mut *reader).take((length - kept) as u64),
            &mut tokio::io::sink(),
        )
        .await;
    }
    Some(body)
}

/// Writes `body` to `output` as one framed message; `false` when the other side is gone.
async fn write_frame(output: &mut (impl AsyncWrite + Unpin), body: &[u8]) -> bool {
    let header = format!("Content-Length: {}\r\n\r\n", body.len());
    output.write_all(header.as_bytes()).await.is_ok()
        && output.write_all(body).await.is_ok()
        && output.flush().await.is_ok()
}

/// Copies the protocol library's framed output to `output`, putting each message the server
/// prepared itself where its stand-in is (see [`handoff`]); ends when either side does.
async fn relay(
    from_server: impl AsyncRead + Unpin,
    output: impl AsyncWrite + Unpin,
    handoff: Arc<Handoff>,
) {
    pump_frames(from_server, output, usize::MAX, |_, body| {
        match handoff.prepared_for(&body) {
            Some(prepared) if prepared.is_empty() => Step::Skip,
            Some(prepared) => Step::Forward(prepared),
            None => Step::Forward(body),
        }
    })
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn malformed_frames_are_replaced_or_skipped() {
        let input: &[u8] =
            b"garbage\r\n\r\nContent-Length: 9\r\n\r\n{not jsonContent-Length: 2\r\n\r\n{}";
        let mut output = Vec::new();
        sanitize(input, &mut output, Arc::new(Handoff::default())).await;
        // Neither the broken JSON nor the object that is no JSON-RPC reaches the library.
        let placeholder = format!(
            "Content-Length: {}\r\n\r\n{}",
            PLACEHOLDER.len(),
            String::from_utf8_lossy(PLACEHOLDER)
        );
        assert_eq!(String::from_utf8_lossy(&output), placeholder.repeat(2));
    }

    #[tokio::test]
    async fn prepared_messages_take_their_stand_ins_place() {
        use serde_json::json;
        let handoff = Arc::new(Handoff::relayed());
        let params = json!({"uri": "file:///a.pbn", "diagnostics": [{"message": "é \" x"}]});
        let prepared = json!({"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
            "params": params})
        .to_string();
        let stand_in = handoff
            .prepare(|| Some(prepared.clone().into_bytes()))
            .unwrap();
        let stand_in = json!({"jsonrpc": "2.0", "method": super::super::handoff::STAND_IN_METHOD,
            "params": stand_in})
        .to_string();
        let frame = |body: &str| format!("Content-Length: {}\r\n\r\n{body}", body.len());
        let answer = r#"{"jsonrpc":"2.0","id":1,"result":null}"#;
        let other = r#"{"jsonrpc":"2.0","method":"window/logMessage","params":{"type":3,"message":"$/kibitzer/prepared"}}"#;
        // The second stand-in's message was taken by the first: it is left out.
        let input = [answer, &stand_in, other, &stand_in].map(frame).concat();
        let mut output = Vec::new();
        relay(input.as_bytes(), &mut output, handoff.clone()).await;
        assert_eq!(
            String::from_utf8(output).unwrap(),
            [answer, &prepared, other].map(frame).concat()
        );
        // Without a relay nothing is prepared: the library sends the notification.
        let unwritten = || -> Option<Vec<u8>> { panic!("written without a relay") };
        assert!(Handoff::default().prepare(unwritten).is_none());
    }

    #[tokio::test]
    async fn a_large_outline_takes_its_stand_ins_place_unless_the_document_changed() {
        use crate::lsp::document::open_text::test_uri;
        use crate::lsp::document::OpenDocument;
        use crate::text::PositionEncoding;
        use serde_json::{json, Value};
        use tower_lsp_server::ls_types as lsp;
        let uri = test_uri("outline.pbn");
        let text = "[Board \"1\"]\n";
        let mut doc = OpenDocument::open(
            uri.clone(),
            "pbn",
            text,
            1,
            &Default::default(),
            PositionEncoding::Utf16,
            false,
        );
        let symbols = doc.symbols(PositionEncoding::Utf16)();
        let handoff = Arc::new(Handoff::relayed());
        // What the protocol library writes for an answer, framed.
        let answer = |id: Value, result: &[lsp::DocumentSymbol]| {
            let body = json!({"jsonrpc": "2.0", "result": result, "id": id}).to_string();
            format!("Content-Length: {}\r\n\r\n{body}", body.len())
        };
        let relayed = |input: String| {
            let handoff = handoff.clone();
            async move {
                let mut output = Vec::new();
                relay(input.as_bytes(), &mut output, handoff).await;
                let text = String::from_utf8(output).unwrap();
                let body = &text[text.find("\r\n\r\n").unwrap() + 4..];
                serde_json::from_str::<Value>(body).unwrap()
            }
        };
        let stand_in = handoff.outline(symbols.clone(), doc.staleness());
        assert_eq!(stand_in.len(), 1);
        assert_ne!(stand_in, symbols);
        let written = relayed(answer(json!(7), &stand_in)).await;
        assert_eq!(
            written,
            json!({"jsonrpc": "2.0", "id": 7, "result": symbols})
        );
        // The document changes between the answer and its writing: refused, with its id.
        let stand_in = handoff.outline(symbols.clone(), doc.staleness());
        let change = lsp::TextDocumentContentChangeEvent {
            range: None,
            range_length: None,
            text: "[Board \"2\"]\n".into(),
        };
        doc.take_changes(&uri, &[change], 2, PositionEncoding::Utf16);
        let written = relayed(answer(json!("eight"), &stand_in)).await;
        assert_eq!(written["id"], "eight");
        assert_eq!(written["error"]["code"], -32801);
        assert!(written.get("result").is_none(), "{written}");
        // A symbol of a file named like a stand-in, without this process's secret, passes.
        let mut forged = symbols.clone();
        forged[0].name = format!("{} 1 2", super::super::handoff::STAND_IN_METHOD);
        let written = relayed(answer(json!(9), &forged)).await;
        assert_eq!(written["result"][0]["name"], forged[0].name.as_str());
        // Without a relay the outline is answered as it is.
        assert_eq!(
            Handoff::default().outline(symbols.clone(), doc.staleness()),
            symbols
        );
    }

    #[test]
    fn only_json_rpc_2_passes_and_answerable_ids_become_an_unknown_request() {
        use serde_json::json;
        for good in [
            json!({"jsonrpc": "2.0", "id": 1, "method": "shutdown", "params": null}),
            json!({"jsonrpc": "2.0", "id": "a", "method": "x", "params": []}),
            json!({"jsonrpc": "2.0", "method": "exit"}),
            json!({"jsonrpc": "2.0", "id": 3, "result": null}),
            json!({"jsonrpc": "2.0", "id": 3, "error": {"code": 1, "message": "m"}}),
        ] {
            assert!(is_json_rpc(&good), "{good}");
        }
        for bad in [
            json!({}),
            json!({"jsonrpc": "1.0", "method": "x"}),
            json!({"jsonrpc": "2.0", "id": {"a": 1}, "method": "x"}),
            json!({"jsonrpc": "2.0", "id": 1.5, "method": "x"}),
            json!({"jsonrpc": "2.0", "method": 3}),
            json!({"jsonrpc": "2.0", "method": "x", "params": 3}),
            json!({"jsonrpc": "2.0", "id": 4}),
        ] {
            assert!(!is_json_rpc(&bad), "{bad}");
        }
        let answered: serde_json::Value =
            serde_json::from_slice(&stand_in(&json!({"id": 9, "method": "x"}))).unwrap();
        assert_eq!(answered["id"], 9);
        assert_eq!(
            stand_in(&json!({"id": {"a": 1}, "method": "x"})),
            PLACEHOLDER
        );
    }
}
