//! Any bytes as the language server's input, after a valid `initialize` and an opened document:
//! the server never panics and ends when the input does.
#![no_main]

use libfuzzer_sys::fuzz_target;

fn frame(body: &str) -> Vec<u8> {
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

fuzz_target!(|bytes: &[u8]| {
    let mut input = frame(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#);
    input.extend(frame(r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#));
    input.extend(frame(r#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///f.pbn","languageId":"pbn","version":1,"text":"[Board \"1\"]\n[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n"}}}"#));
    input.extend_from_slice(bytes);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let (mut client, server_input) = tokio::io::duplex(1 << 16);
        let writer = tokio::spawn(async move {
            use tokio::io::AsyncWriteExt;
            let _ = client.write_all(&input).await;
            // Dropping the writer ends the input, and with it the session.
        });
        let served = tokio::time::timeout(
            std::time::Duration::from_secs(20),
            kibitzer::lsp::serve(server_input, tokio::io::sink()),
        )
        .await;
        let _ = writer.await;
        assert!(served.is_ok(), "the server did not end with its input");
    });
});
