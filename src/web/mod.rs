//! Kibitzer in the browser: a language session answering the protocol's messages one at a
//! time ([`Session`]), for the playground's workers and VS Code for the web, and the exports
//! that hand it messages from JavaScript (`exports`, built for wasm32 only).

#[cfg(target_arch = "wasm32")]
mod exports;
mod session;

pub use session::Session;
