//! Reading the server's Content-Length framed messages, for the tests and benchmarks that run
//! the built binary (`tests/lsp_binary.rs`, `tests/lsp_load.rs`, `examples/lsp_replay.rs`).

use std::io::BufRead;

/// Reads one framed message from `reader`: `None` at the end of the stream (or when it cannot
/// be read), otherwise its body, or an error when its header block has no `Content-Length`.
pub fn read_frame(reader: &mut impl BufRead) -> Option<Result<Vec<u8>, String>> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse::<usize>().ok();
        }
    }
    let Some(length) = length else {
        return Some(Err("a header block without a Content-Length".to_string()));
    };
    let mut body = vec![0; length];
    reader.read_exact(&mut body).ok()?;
    Some(Ok(body))
}
