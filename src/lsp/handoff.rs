//! Large messages handed past the protocol library, in both directions.
//!
//! In: the pump that checks every incoming message ([`super::sanitize`]) reads its JSON anyway.
//! When a `didOpen` carries a large text, it takes the text out of the message, leaves it here,
//! and forwards the message with an empty text; the `didOpen` handler takes the text back. The
//! protocol library then never buffers, parses and copies tens of megabytes again: on a 75 MB
//! file that saves about a quarter of a second and a few hundred megabytes at the peak.
//!
//! Out: the library turns a notification's parameters, and a request's answer, into a
//! `serde_json::Value` and then into text; for the 75,000 diagnostics of a large file that took
//! three times as long as writing them out directly, and for a 20,000-game outline ten times
//! (120 ms against 10). The server writes such a message itself, leaves it here and sends a
//! small stand-in through the library in its place (a notification, or an answer of one
//! symbol whose name only this process knows); the output relay ([`super::relay`]) puts the
//! message where the stand-in was, so the order of messages is the library's. An answer about
//! a document that changed before it was written goes out as refused instead
//! ([`Staleness`]): the findings of the change wait behind it, and the client throws it away.

use std::collections::VecDeque;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tower_lsp_server::ls_types::{self as lsp, DidOpenTextDocumentParams, Uri};

use super::document::Staleness;
use super::workspace::Refusal;

/// Texts at least this long are handed over.
pub(crate) const LARGE_TEXT: usize = 1 << 20;

/// At most this many texts wait for their `didOpen` handler (the oldest go first), in case a
/// message never reaches its handler (one sent before `initialize`, say). Editors restoring a
/// session open a few files at once, never this many large ones before the first is handled.
const MAX_WAITING: usize = 64;

/// Texts taken out of `didOpen` messages, waiting for the handler; and messages written by the
/// server, waiting for the output relay.
#[derive(Debug, Default)]
pub struct Handoff {
    waiting: Mutex<VecDeque<(Uri, i32, String)>>,
    /// `None` when no relay reads the library's output (the server is driven as a service).
    outgoing: Option<Mutex<Outgoing>>,
}

/// Messages written by the server, by the number of their stand-in.
#[derive(Debug, Default)]
struct Outgoing {
    next: u64,
    /// Named in the stand-in answers, so that no symbol of a user's file can pass for one.
    secret: u64,
    ready: VecDeque<(u64, Prepared)>,
}

/// What the server wrote for the relay.
#[derive(Debug)]
enum Prepared {
    /// A whole notification.
    Message(Vec<u8>),
    /// The result of an answer (the relay adds the request's id), unless the document it is
    /// about changed before it was written.
    Result(Vec<u8>, Staleness),
}

/// The method of the notification that stands for a prepared message.
pub(crate) const STAND_IN_METHOD: &str = "$/kibitzer/prepared";

/// The stand-in for a prepared message in the protocol library's output.
pub(crate) enum StandIn {}

/// The parameters of [`StandIn`]: which prepared message it stands for.
#[derive(Debug, Serialize, Deserialize)]
pub struct StandInParams {
    id: u64,
}

impl tower_lsp_server::ls_types::notification::Notification for StandIn {
    type Params = StandInParams;
    const METHOD: &'static str = STAND_IN_METHOD;
}

impl Handoff {
    /// A handoff whose prepared messages an output relay puts in place.
    pub fn relayed() -> Handoff {
        // Not guessable from a file: the clock's nanoseconds and where this process keeps a
        // fresh allocation.
        let clock = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let place = Box::new(0u8);
        let secret = clock ^ (std::ptr::addr_of!(*place) as u64).rotate_left(32) | 1;
        Handoff {
            outgoing: Some(Mutex::new(Outgoing {
                secret,
                ..Outgoing::default()
            })),
            ..Handoff::default()
        }
    }

    /// Leaves `prepared` for the relay; its number.
    fn leave(outgoing: &Mutex<Outgoing>, prepared: Prepared) -> u64 {
        let mut outgoing = outgoing
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let id = outgoing.next;
        outgoing.next += 1;
        // Only a relay that stopped reading leaves many waiting: then the oldest go.
        while outgoing.ready.len() >= MAX_WAITING {
            outgoing.ready.pop_front();
        }
        outgoing.ready.push_back((id, prepared));
        id
    }

    /// The stand-in for a notification that `write` writes out whole, now, and leaves for the
    /// relay; `None` when there is no relay (then `write` is not called) or nothing was
    /// written, and the library must send the notification itself.
    pub fn prepare(&self, write: impl FnOnce() -> Option<Vec<u8>>) -> Option<StandInParams> {
        let outgoing = self.outgoing.as_ref()?;
        let body = write()?;
        let id = Handoff::leave(outgoing, Prepared::Message(body));
        Some(StandInParams { id })
    }

    /// The outline `symbols` written out now and left for the relay, and the one symbol that
    /// stands for it in the library's answer; `symbols` themselves when there is no relay.
    /// Written out, it is refused if the document changes first (`staleness`).
    pub(crate) fn outline(
        &self,
        symbols: Vec<lsp::DocumentSymbol>,
        staleness: Staleness,
    ) -> Vec<lsp::DocumentSymbol> {
        let Some(outgoing) = self.outgoing.as_ref() else {
            return symbols;
        };
        let Ok(body) = serde_json::to_vec(&symbols) else {
            return symbols;
        };
        drop(symbols);
        let id = Handoff::leave(outgoing, Prepared::Result(body, staleness));
        let secret = outgoing
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .secret;
        let nowhere = lsp::Range::default();
        #[allow(deprecated)] // `deprecated` is a field every symbol must give
        let stand_in = lsp::DocumentSymbol {
            name: format!("{STAND_IN_METHOD} {secret} {id}"),
            detail: None,
            kind: lsp::SymbolKind::NULL,
            tags: None,
            deprecated: None,
            range: nowhere,
            selection_range: nowhere,
            children: None,
        };
        vec![stand_in]
    }

    /// The message a body of the library's output stands for: `None` when it is no stand-in;
    /// an empty message for a stand-in whose message is gone (it is then left out).
    pub fn prepared_for(&self, body: &[u8]) -> Option<Vec<u8>> {
        let outgoing = self.outgoing.as_ref()?;
        // Stand-ins are small; anything larger is passed on without being read.
        if body.len() > 512 || memchr::memmem::find(body, STAND_IN_METHOD.as_bytes()).is_none() {
            return None;
        }
        let stand_in = StandInFrame::read(body)?;
        let mut outgoing = outgoing
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let wanted = match &stand_in {
            StandInFrame::Notification(id) => *id,
            StandInFrame::Answer { secret, id, .. } if *secret == outgoing.secret => *id,
            StandInFrame::Answer { .. } => return None,
        };
        let index = outgoing.ready.iter().position(|(id, _)| *id == wanted);
        let prepared = index.and_then(|i| outgoing.ready.remove(i)).map(|(_, p)| p);
        drop(outgoing);
        Some(match (prepared, stand_in) {
            (Some(Prepared::Message(body)), StandInFrame::Notification(_)) => body,
            (Some(Prepared::Result(result, staleness)), StandInFrame::Answer { request, .. }) => {
                answer_to(&request, result, &staleness)
            }
            _ => Vec::new(),
        })
    }

    /// Takes the text out of `message` when it is a well-formed `didOpen` with a text of at
    /// least [`LARGE_TEXT`] bytes, leaving an empty string in its place; tells whether it did.
    pub fn take_from(&self, message: &mut Value) -> bool {
        let Some(slot) = message
            .get_mut("params")
            .and_then(|p| p.get_mut("textDocument"))
            .and_then(|d| d.get_mut("text"))
        else {
            return false;
        };
        let Value::String(slot) = slot else {
            return false;
        };
        let text = std::mem::take(slot);
        match self.hand_over(message, text) {
            Ok(()) => true,
            Err(text) => {
                if let Some(slot) = message
                    .get_mut("params")
                    .and_then(|p| p.get_mut("textDocument"))
                    .and_then(|d| d.get_mut("text"))
                {
                    *slot = Value::String(text);
                }
                false
            }
        }
    }

    /// [`Handoff::take_from`] on a message's bytes: the message without its text, parsed, when
    /// the text was taken. The text is found by walking the message's structure up to it and
    /// read with its escapes undone in one pass into a buffer of its size; only the rest of the
    /// message is parsed. Parsing a 72 MB message as a value grew serde_json's scratch buffer
    /// by doubling and copied the text twice more (0.4 s, and a peak of 320 MB where this takes
    /// 164 MB, on a text with an escape every dozen bytes); finding its end before reading it
    /// cost as much again.
    pub fn take_from_body(&self, body: &[u8]) -> Option<Value> {
        let start = Walk { bytes: body, at: 0 }.find(&[b"params", b"textDocument", b"text"])?;
        let (text, length) = read_string(body.get(start + 1..)?)?;
        if text.len() < LARGE_TEXT {
            return None;
        }
        let end = start + 1 + length;
        let mut rest = Vec::with_capacity(body.len() - (end - start) + 2);
        rest.extend_from_slice(body.get(..start)?);
        rest.extend_from_slice(b"\"\"");
        rest.extend_from_slice(body.get(end..)?);
        let message: Value = serde_json::from_slice(&rest).ok()?;
        // The text read must be the one the message holds (not a key given twice).
        let held = message
            .get("params")
            .and_then(|p| p.get("textDocument"))
            .and_then(|d| d.get("text"));
        if held != Some(&Value::String(String::new())) {
            return None;
        }
        self.hand_over(&message, text).ok()?;
        Some(message)
    }

    /// Leaves `text`, taken out of `message`, for the handler when `message` is a `didOpen`
    /// notification that the handler will read (else gives the text back).
    fn hand_over(&self, message: &Value, text: String) -> Result<(), String> {
        if message.get("method").and_then(Value::as_str) != Some("textDocument/didOpen")
            || message.get("jsonrpc").and_then(Value::as_str) != Some("2.0")
            || message.get("id").is_some()
            || text.len() < LARGE_TEXT
        {
            return Err(text);
        }
        let Some(params) = message.get("params") else {
            return Err(text);
        };
        // Only when the rest of the message reads as the handler will read it: otherwise the
        // text goes back and the message passes as it came.
        let Ok(open) = serde_json::from_value::<DidOpenTextDocumentParams>(params.clone()) else {
            return Err(text);
        };
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
        Ok(())
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

/// A stand-in found in the library's output.
enum StandInFrame {
    /// A notification standing for the prepared message of this number.
    Notification(u64),
    /// An answer to `request` (its id, as JSON) standing for a prepared result.
    Answer {
        request: Value,
        secret: u64,
        id: u64,
    },
}

impl StandInFrame {
    /// The stand-in `body` is, if it is one.
    fn read(body: &[u8]) -> Option<StandInFrame> {
        #[derive(Deserialize)]
        struct Framed {
            method: Option<String>,
            params: Option<StandInParams>,
            id: Option<Value>,
            result: Option<Vec<Named>>,
        }
        #[derive(Deserialize)]
        struct Named {
            name: String,
        }
        let framed: Framed = serde_json::from_slice(body).ok()?;
        if let (Some(method), Some(params)) = (framed.method, framed.params) {
            return (method == STAND_IN_METHOD).then_some(StandInFrame::Notification(params.id));
        }
        let (request, [named]) = (framed.id?, <[Named; 1]>::try_from(framed.result?).ok()?);
        let mut words = named.name.split(' ');
        if words.next()? != STAND_IN_METHOD {
            return None;
        }
        let secret = words.next()?.parse().ok()?;
        let id = words.next()?.parse().ok()?;
        Some(StandInFrame::Answer {
            request,
            secret,
            id,
        })
    }
}

/// The answer to `request` carrying `result` (JSON), or refusing it when the document it is
/// about changed since.
fn answer_to(request: &Value, result: Vec<u8>, staleness: &Staleness) -> Vec<u8> {
    let id = request.to_string();
    if staleness.is_stale() {
        let refusal = Refusal::content_modified();
        return serde_json::json!({"jsonrpc": "2.0", "id": request,
            "error": {"code": refusal.code, "message": refusal.message}})
        .to_string()
        .into_bytes();
    }
    let mut answer = Vec::with_capacity(result.len() + id.len() + 40);
    answer.extend_from_slice(br#"{"jsonrpc":"2.0","id":"#);
    answer.extend_from_slice(id.as_bytes());
    answer.extend_from_slice(br#","result":"#);
    answer.extend_from_slice(&result);
    answer.push(b'}');
    answer
}

/// A walk over the structure of a JSON message, to the place of one value.
struct Walk<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Walk<'a> {
    fn byte(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while matches!(self.byte(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    /// Moves past the string that starts here (at its quote); returns its body, escapes kept.
    fn string(&mut self) -> Option<&'a [u8]> {
        if self.byte()? != b'"' {
            return None;
        }
        let start = self.at + 1;
        let mut at = start;
        loop {
            at += memchr::memchr2(b'"', b'\\', self.bytes.get(at..)?)?;
            if self.bytes[at] == b'\\' {
                at += 2;
                continue;
            }
            self.at = at + 1;
            return self.bytes.get(start..at);
        }
    }

    /// Moves past the value that starts here.
    fn skip_value(&mut self) -> Option<()> {
        match self.byte()? {
            b'"' => self.string().map(drop),
            b'{' | b'[' => {
                let mut depth = 0usize;
                loop {
                    match self.byte()? {
                        b'"' => {
                            self.string()?;
                            continue;
                        }
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' => {
                            depth -= 1;
                            if depth == 0 {
                                self.at += 1;
                                return Some(());
                            }
                        }
                        _ => {}
                    }
                    self.at += 1;
                }
            }
            _ => {
                while !matches!(
                    self.byte()?,
                    b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r'
                ) {
                    self.at += 1;
                }
                Some(())
            }
        }
    }

    /// Where the string at `path` (keys of nested objects, from the object that starts here)
    /// starts: the first such key at each level, its escapes not read.
    fn find(&mut self, path: &[&[u8]]) -> Option<usize> {
        let (key, deeper) = path.split_first()?;
        self.skip_space();
        if self.byte()? != b'{' {
            return None;
        }
        self.at += 1;
        loop {
            self.skip_space();
            let name = self.string()?;
            self.skip_space();
            if self.byte()? != b':' {
                return None;
            }
            self.at += 1;
            self.skip_space();
            if name == *key {
                return match deeper {
                    [] if self.byte()? == b'"' => Some(self.at),
                    [] => None,
                    _ => self.find(deeper),
                };
            }
            self.skip_value()?;
            self.skip_space();
            match self.byte()? {
                b',' => self.at += 1,
                _ => return None,
            }
        }
    }
}

/// The JSON string whose body starts `bytes` (just past its opening quote), and how many bytes
/// it takes with its closing quote; `None` for anything that is not a valid string (then the
/// message goes the slow way, which says what is wrong).
///
/// Eight bytes are copied at a time and the copy goes back to the first quote, backslash or
/// control character among them: the texts of bridge files have an escaped line end or quote
/// every dozen bytes, so finding them one by one (or copying piece by piece) cost more than
/// the copy.
fn read_string(bytes: &[u8]) -> Option<(String, usize)> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let n = bytes.len();
    // An escape is never shorter than what it stands for, so the output never passes the
    // input: eight bytes of room let the last word be copied whole.
    let mut out = vec![0u8; n + 8];
    let (mut read, mut written) = (0usize, 0usize);
    loop {
        if read + 8 <= n {
            let word = u64::from_le_bytes(bytes.get(read..read + 8)?.try_into().ok()?);
            out.get_mut(written..written + 8)?
                .copy_from_slice(&word.to_le_bytes());
            // A high bit in each byte that is a backslash, a quote or below 0x20 (and perhaps
            // in bytes after the first such; only the first is used).
            let zero_in = |marked: u64| marked.wrapping_sub(ONES) & !marked & HIGHS;
            let found = zero_in(word ^ (ONES * u64::from(b'\\')))
                | zero_in(word ^ (ONES * u64::from(b'"')))
                | (word.wrapping_sub(ONES * 0x20) & !word & HIGHS);
            if found == 0 {
                read += 8;
                written += 8;
                continue;
            }
            // The bytes copied past it are written over.
            let before = (found.trailing_zeros() / 8) as usize;
            read += before;
            written += before;
        } else {
            let byte = *bytes.get(read)?;
            if !matches!(byte, b'\\' | b'"' | 0..=0x1f) {
                *out.get_mut(written)? = byte;
                read += 1;
                written += 1;
                continue;
            }
        }
        match bytes[read] {
            b'"' => break,
            b'\\' => {}
            _ => return None,
        }
        let escaped = *bytes.get(read + 1)?;
        read += 2;
        let simple = match escaped {
            b'"' => b'"',
            b'\\' => b'\\',
            b'/' => b'/',
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'b' => 0x08,
            b'f' => 0x0c,
            b'u' => {
                let c = unicode_escape(bytes, &mut read)?;
                let width = c.len_utf8();
                c.encode_utf8(out.get_mut(written..written + width)?);
                written += width;
                continue;
            }
            _ => return None,
        };
        *out.get_mut(written)? = simple;
        written += 1;
    }
    out.truncate(written);
    Some((String::from_utf8(out).ok()?, read + 1))
}

/// The character of a `\u` escape whose four digits start at `*at` (a surrogate pair takes
/// the `\u` escape after it too), moving `*at` past it.
fn unicode_escape(raw: &[u8], at: &mut usize) -> Option<char> {
    let hex = |at: usize| -> Option<u32> {
        let digits = std::str::from_utf8(raw.get(at..at + 4)?).ok()?;
        u32::from_str_radix(digits, 16).ok()
    };
    let first = hex(*at)?;
    *at += 4;
    if !(0xD800..0xDC00).contains(&first) {
        return char::from_u32(first);
    }
    if raw.get(*at..*at + 2)? != b"\\u" {
        return None;
    }
    let second = hex(*at + 2)?;
    if !(0xDC00..0xE000).contains(&second) {
        return None;
    }
    *at += 6;
    char::from_u32(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lsp::document::open_text::test_uri;
    use serde_json::json;

    #[test]
    fn large_opened_texts_are_taken_out_and_claimed_once() {
        let handoff = Handoff::default();
        let text = "[Event \"x\"]\n".repeat(LARGE_TEXT / 10);
        let mut message = json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": "file:///a.pbn", "languageId": "pbn", "version": 3, "text": text}}});
        assert!(handoff.take_from(&mut message));
        assert_eq!(message["params"]["textDocument"]["text"], "");
        let uri = test_uri("a.pbn");
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

    /// `text` in JSON with every character past ASCII written as `\\u` escapes (surrogate
    /// pairs beyond the first plane) and `/` as `\\/`, as some clients write them.
    fn escaped_by_hand(text: &str) -> String {
        let mut out = String::new();
        for c in text.chars() {
            match c {
                '/' => out.push_str("\\/"),
                c if c.is_ascii() => {
                    let json = serde_json::to_string(&c.to_string()).unwrap();
                    out.push_str(&json[1..json.len() - 1]);
                }
                c => {
                    let mut units = [0u16; 2];
                    for unit in c.encode_utf16(&mut units) {
                        out.push_str(&format!("\\u{unit:04X}"));
                    }
                }
            }
        }
        out
    }

    #[test]
    fn escapes_are_undone_as_json_reads_them() {
        let pieces = [
            "a",
            "\"",
            "\\",
            "\n",
            "\r\n",
            "\t",
            "\u{1}",
            "\u{1f}",
            "é",
            "€",
            "😀",
            "/",
            "[Deal \"N:",
            "\u{8}\u{c}",
            "xxxxxxx",
        ];
        let mut checked = 0;
        // Every piece at every place in a word, so that escapes fall on and across the
        // eight-byte steps.
        for length in 0..24 {
            for (i, piece) in pieces.iter().enumerate() {
                let mut text = String::new();
                for k in 0..length {
                    text.push_str(pieces[(i + k * 7) % pieces.len()]);
                }
                text.push_str(piece);
                let json = serde_json::to_string(&text).unwrap();
                let after = format!("{},\"more\":\"x\"}}", &json[1..]);
                assert_eq!(
                    read_string(after.as_bytes()),
                    Some((text.clone(), json.len() - 1))
                );
                let by_hand = escaped_by_hand(&text);
                let read: String = serde_json::from_str(&format!("\"{by_hand}\"")).unwrap();
                assert_eq!(read, text);
                let after = format!("{by_hand}\"}}");
                assert_eq!(
                    read_string(after.as_bytes()),
                    Some((text.clone(), by_hand.len() + 1))
                );
                checked += 1;
            }
        }
        assert!(checked > 300);
        for bad in [
            "\\\"",
            "abc\\",
            "\\x\"",
            "\\uD800\"",
            "\\uD800x\"",
            "\\uDC00\"",
            "\\u12\"",
            "\\uD800\\u0041\"",
            "\\uZZZZ\"",
            "no end",
            "a\nb\"",
            "tab\there\"",
            "12345678\u{1}\"",
        ] {
            assert_eq!(read_string(bad.as_bytes()), None, "{bad}");
        }
    }

    proptest::proptest! {
        /// On any bytes, a string is read exactly when JSON reads one there, as JSON reads it;
        /// and walking any message to its text never panics.
        #[test]
        fn strings_are_read_as_json_reads_them(
            picks in proptest::collection::vec(0usize..16, 0..64),
        ) {
            const PIECES: [&[u8]; 16] = [
                b"a", b"\\", b"\"", b"u", b"D800", b"dc00", b"0041", b"n", b"/", b"\xc3\xa9",
                b"\xff", b"\x01", b"\t", b"xxxxxxx", b"{", b"text",
            ];
            let bytes: Vec<u8> = picks.iter().flat_map(|&i| PIECES[i].iter().copied()).collect();
            let mut quoted = b"\"".to_vec();
            quoted.extend_from_slice(&bytes);
            let json = serde_json::Deserializer::from_slice(&quoted)
                .into_iter::<String>()
                .next()
                .and_then(Result::ok);
            let ours = read_string(&bytes);
            proptest::prop_assert_eq!(ours.as_ref().map(|(s, _)| s.clone()), json);
            if let Some((text, length)) = ours {
                let read: String = serde_json::from_slice(&quoted[..length + 1]).unwrap();
                proptest::prop_assert_eq!(read, text);
            }
            let message = [br#"{"params":{"textDocument":{"text":"#.as_slice(), &bytes].concat();
            let _ = Handoff::default().take_from_body(&message);
            let _ = Handoff::default().take_from_body(&bytes);
        }
    }

    #[test]
    fn the_text_is_taken_from_the_bytes_as_from_the_value() {
        let text =
            "[Event \"Zoë's \\ cup 😀\"]\r\n[Deal \"N:AKQ.x.x.x\"]\n".repeat(LARGE_TEXT / 40);
        let mut message = json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": "file:///a.pbn", "languageId": "pbn", "version": 3, "text": text}}});
        let escaped = serde_json::to_string(&text).unwrap();
        // The text first, after values of every kind, in a message laid out by hand.
        let by_hand = format!(
            r#" {{ "params" : {{ "skip": [1, {{"}}": "]\"{{"}}, true, null, -2.5e3],
            "textDocument":{{"text" : {escaped} , "uri":"file:///a.pbn","languageId":"pbn",
            "version":3}} }}, "method":"textDocument/didOpen", "jsonrpc":"2.0"}} "#
        );
        for body in [
            serde_json::to_vec(&message).unwrap(),
            serde_json::to_vec_pretty(&message).unwrap(),
            by_hand.into_bytes(),
        ] {
            let from_bytes = Handoff::default();
            let rest = from_bytes
                .take_from_body(&body)
                .expect("taken from the bytes");
            let from_value = Handoff::default();
            let mut value: Value = serde_json::from_slice(&body).unwrap();
            assert!(from_value.take_from(&mut value));
            assert_eq!(rest, value);
            let uri = test_uri("a.pbn");
            assert_eq!(from_bytes.claim(&uri, 3).as_deref(), Some(text.as_str()));
        }
        // Not a notification the handler reads, or not JSON: the bytes are left as they are.
        let handoff = Handoff::default();
        message["id"] = json!(1);
        assert_eq!(
            handoff.take_from_body(&serde_json::to_vec(&message).unwrap()),
            None
        );
        let mut cut = serde_json::to_vec(&message).unwrap();
        cut.truncate(cut.len() - 1);
        assert_eq!(handoff.take_from_body(&cut), None);
        // A text given twice: the message holds the last, so the bytes are not trusted.
        let twice = format!(
            r#"{{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{{"textDocument":
            {{"text":{escaped},"uri":"file:///a.pbn","languageId":"pbn","version":3,"text":"x"}}}}}}"#
        );
        assert_eq!(handoff.take_from_body(twice.as_bytes()), None);
        assert!(handoff.waiting.lock().unwrap().is_empty());
    }

    #[test]
    fn a_reopened_document_supersedes_its_waiting_text() {
        let handoff = Handoff::default();
        for version in 0..3 {
            assert!(handoff.take_from(&mut open("file:///a.pbn", version)));
        }
        assert!(handoff.take_from(&mut open("file:///b.pbn", 1)));
        let a = test_uri("a.pbn");
        let b = test_uri("b.pbn");
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
        let first = test_uri("0.pbn");
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
