//! The language server: LSP glue around the library (`kibitzer lsp`).
//!
//! Documents live in ropes with their trees; every change goes through the per-game reparse.
//! The document lock is a `std::sync::Mutex`, always taken and released inside a synchronous
//! block, never across an `.await`. Diagnostics runs are debounced and carry the document's
//! generation: a run whose document changed meanwhile is dropped.

pub mod config;
pub mod convert;
pub mod document;
pub mod seams;
mod server;

use std::process::ExitCode;
use std::sync::atomic::Ordering;

pub use server::Backend;

/// Serves LSP over stdin/stdout until `exit` (or the end of stdin), then ends the process.
///
/// The process is ended with `std::process::exit` rather than by returning: the thread reading
/// stdin may be blocked in a read that never ends (clients that keep stdin open after `exit`).
pub fn run() -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("kibitzer lsp: cannot start the runtime: {error}");
            return ExitCode::from(1);
        }
    };
    let clean = runtime.block_on(async {
        let (service, socket) = tower_lsp_server::LspService::new(Backend::new);
        let shut_down = service.inner().shutdown_flag();
        tower_lsp_server::Server::new(tokio::io::stdin(), tokio::io::stdout(), socket)
            .serve(service)
            .await;
        shut_down.load(Ordering::SeqCst)
    });
    std::process::exit(if clean { 0 } else { 1 });
}
