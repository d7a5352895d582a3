//! Large opened texts handed from the input pump to the server past the protocol library.
//!
//! The pump that checks every incoming message ([`super::sanitize`]) parses its JSON anyway. When
//! a `didOpen` carries a large text, it takes the text out of the parsed message, leaves it here,
//! and forwards the message with an empty text; the `didOpen` handler takes the text back. The
//! protocol library then never buffers, parses and copies tens of megabytes again: on a 75 MB
//! file that saves about a quarter of a second and a few hundred megabytes at the peak.

use std::collections::VecDeque;
use std::sync::Mutex;

use serde_json::Value;
use tower_lsp_server::ls_types::{DidOpenTextDocumentParams, Uri};

/// Texts at least this long are handed over.
pub const LARGE_TEXT: usize = 1 << 20;

/// At most this many texts wait for their `didOpen` handler (the oldest go first), in case a
/// message never reaches its handler (one sent before `initialize`, say). Editors restoring a
/// session open a few files at once, never this many large ones before the first is handled.
const MAX_WAITING: usize = 64;

/// Texts taken out of `didOpen` messages, waiting for the handler.
#[derive(Debug, Default)]
pub struct Handoff {
    waiting: Mutex<VecDeque<(Uri, i32, String)>>,
}

impl Handoff {
    /// Takes the text out of `message` when it is a well-formed `didOpen` with a text of at
    /// least [`LARGE_TEXT`] bytes, leaving an empty string in its place; tells whether it did.
    pub fn take_from(&self, message: &mut Value) -> bool {
        if message.get("method").and_then(Value::as_str) != Some("textDocument/didOpen")
            || message.get("jsonrpc").and_then(Value::as_str) != Some("2.0")
            || message.get("id").is_some()
        {
            return false;
        }
        let Some(params) = message.get_mut("params") else {
            return false;
        };
        let Some(Value::String(text)) = params
            .get_mut("textDocument")
            .and_then(|d| d.get_mut("text"))
        else {
            return false;
        };
        if text.len() < LARGE_TEXT {
            return false;
        }
        let text = std::mem::take(text);
        // Only when the rest of the message reads as the handler will read it: otherwise the
        // text goes back and the message passes as it came.
        match serde_json::from_value::<DidOpenTextDocumentParams>(params.clone()) {
            Ok(open) => {
                let mut waiting = self
                    .waiting
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                // Opening the same document again supersedes a text still waiting for it.
                waiting.retain(|(uri, _, _)| *uri != open.text_document.uri);
                while waiting.len() >= MAX_WAITING {
                    waiting.pop_front();
                }
                waiting.push_back((open.text_document.uri, open.text_document.version, text));
                true
            }
            Err(_) => {
                if let Some(slot) = params
                    .get_mut("textDocument")
                    .and_then(|d| d.get_mut("text"))
                {
                    *slot = Value::String(text);
                }
                false
            }
        }
    }

    /// The text taken out of the `didOpen` of `uri` at `version`, if there is one.
    pub fn claim(&self, uri: &Uri, version: i32) -> Option<String> {
        let mut waiting = self
            .waiting
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let index = waiting
            .iter()
            .position(|(u, v, _)| u == uri && *v == version)?;
        waiting.remove(index).map(|(_, _, text)| text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn large_opened_texts_are_taken_out_and_claimed_once() {
        let handoff = Handoff::default();
        let text = "[Event \"x\"]\n".repeat(LARGE_TEXT / 10);
        let mut message = json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": "file:///a.pbn", "languageId": "pbn", "version": 3, "text": text}}});
        assert!(handoff.take_from(&mut message));
        assert_eq!(message["params"]["textDocument"]["text"], "");
        let uri: Uri = "file:///a.pbn".parse().unwrap();
        assert_eq!(handoff.claim(&uri, 2), None);
        assert_eq!(handoff.claim(&uri, 3), Some(text));
        assert_eq!(handoff.claim(&uri, 3), None);
    }

    #[test]
    fn small_or_malformed_messages_are_left_alone() {
        let handoff = Handoff::default();
        let mut small = json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": "file:///a.pbn", "languageId": "pbn", "version": 1, "text": "x"}}});
        let before = small.clone();
        assert!(!handoff.take_from(&mut small));
        assert_eq!(small, before);
        // No version: the handler would never see it, so the text stays in the message.
        let text = "x".repeat(LARGE_TEXT);
        let mut broken = json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": "file:///a.pbn", "languageId": "pbn", "text": text}}});
        let before = broken.clone();
        assert!(!handoff.take_from(&mut broken));
        assert_eq!(broken, before);
        let mut other = json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"text": "x".repeat(LARGE_TEXT)}}});
        assert!(!handoff.take_from(&mut other));
    }

    fn open(uri: &str, version: i32) -> Value {
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri, "languageId": "pbn",
            "version": version, "text": "y".repeat(LARGE_TEXT)}}})
    }

    #[test]
    fn a_reopened_document_supersedes_its_waiting_text() {
        let handoff = Handoff::default();
        for version in 0..3 {
            assert!(handoff.take_from(&mut open("file:///a.pbn", version)));
        }
        assert!(handoff.take_from(&mut open("file:///b.pbn", 1)));
        let a: Uri = "file:///a.pbn".parse().unwrap();
        let b: Uri = "file:///b.pbn".parse().unwrap();
        assert_eq!(handoff.claim(&a, 0), None);
        assert!(handoff.claim(&a, 2).is_some());
        assert!(handoff.claim(&b, 1).is_some());
        assert!(handoff.waiting.lock().unwrap().is_empty());
    }

    #[test]
    fn waiting_texts_are_bounded() {
        let handoff = Handoff::default();
        for n in 0..MAX_WAITING + 3 {
            assert!(handoff.take_from(&mut open(&format!("file:///{n}.pbn"), 1)));
        }
        assert_eq!(handoff.waiting.lock().unwrap().len(), MAX_WAITING);
        let first: Uri = "file:///0.pbn".parse().unwrap();
        assert_eq!(handoff.claim(&first, 1), None);
        let last: Uri = format!("file:///{}.pbn", MAX_WAITING + 2).parse().unwrap();
        assert!(handoff.claim(&last, 1).is_some());
    }

    #[test]
    fn requests_and_other_protocols_keep_their_text() {
        let handoff = Handoff::default();
        let mut request = open("file:///a.pbn", 1);
        request["id"] = json!(7);
        assert!(!handoff.take_from(&mut request));
        let mut old = open("file:///a.pbn", 1);
        old["jsonrpc"] = json!("1.0");
        assert!(!handoff.take_from(&mut old));
        assert_eq!(
            old["params"]["textDocument"]["text"].as_str().map(str::len),
            Some(LARGE_TEXT)
        );
    }
}
