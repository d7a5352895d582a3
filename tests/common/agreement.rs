//! The diagnostics of the language server (native or the browser's session) and of `check`,
//! stated alike so that the tests can hold them equal.

use kibitzer::diagnostic::flood::fold_floods;
use kibitzer::diagnostic::Diagnostic;
use serde_json::{json, Value};

/// The LSP position (UTF-16 columns; lines end at `\n`, `\r\n` or `\r`) of byte `at`.
pub fn position(text: &str, at: usize) -> Value {
    let (mut line, mut column) = (0u32, 0u32);
    let mut chars = text[..at].chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' if chars.peek() == Some(&'\n') => {}
            '\r' | '\n' => {
                line += 1;
                column = 0;
            }
            c => column += c.len_utf16() as u32,
        }
    }
    json!({"line": line, "character": column})
}

/// Where the lines of a text start, to find many positions in a large text quickly (as
/// [`position`] states them).
pub struct Lines {
    starts: Vec<usize>,
}

impl Lines {
    /// The lines of `text` (ending at `\n`, `\r\n` or `\r`).
    pub fn of(text: &str) -> Lines {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        for (i, &b) in bytes.iter().enumerate() {
            let ends = b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
            if ends {
                starts.push(i + 1);
            }
        }
        Lines { starts }
    }

    /// [`position`] of byte `at` of `text`.
    pub fn position(&self, text: &str, at: usize) -> Value {
        // Between the `\r` and the `\n` of a line end counts as the next line's start.
        if at > 0 && text.as_bytes()[at - 1] == b'\r' {
            let line = self.starts.partition_point(|&s| s <= at);
            return json!({"line": line, "character": 0});
        }
        let line = self.starts.partition_point(|&s| s <= at) - 1;
        let start = self.starts[line];
        let column: usize = text[start..at].chars().map(char::len_utf16).sum();
        json!({"line": line, "character": column})
    }
}

/// A diagnostic as both sides state it: code, severity, range and message.
pub fn key_of_check(text: &str, lines: &Lines, d: &Diagnostic) -> String {
    let range = json!({
        "start": lines.position(text, usize::from(d.range.start())),
        "end": lines.position(text, usize::from(d.range.end())),
    });
    let severity = match d.severity.name() {
        "error" => 1,
        "warning" => 2,
        "info" => 3,
        _ => 4,
    };
    // The server adds the catalogue name to the message, as editors show no other place for it.
    format!(
        "{} {severity} {range} {} ({})",
        d.code,
        d.message,
        d.code.name()
    )
}

/// A published diagnostic as [`key_of_check`] states one.
pub fn key_of_server(d: &Value) -> String {
    format!(
        "{} {} {} {}",
        d["code"].as_str().unwrap_or(""),
        d["severity"],
        d["range"],
        d["message"].as_str().unwrap_or("")
    )
}

/// What the server published and what check found in `text`, folded by the flood rule (which
/// is what the server shows), each as sorted keys.
pub fn both_sides(
    text: &str,
    published: &[Value],
    found: Vec<Diagnostic>,
) -> (Vec<String>, Vec<String>) {
    let lines = Lines::of(text);
    let mut from_server: Vec<String> = published.iter().map(key_of_server).collect();
    let mut from_check: Vec<String> = fold_floods(found)
        .iter()
        .map(|d| key_of_check(text, &lines, d))
        .collect();
    from_server.sort();
    from_check.sort();
    (from_server, from_check)
}

/// A small deterministic generator (xorshift), so that a failure can be replayed.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// `at` moved to a place an LSP position can name: a character boundary, not inside `\r\n`.
pub fn settle(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    if at > 0 && text.as_bytes()[at - 1] == b'\r' && text.as_bytes().get(at) == Some(&b'\n') {
        at -= 1;
    }
    at
}
