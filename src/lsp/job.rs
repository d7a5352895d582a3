//! Work a document hands to the server to run off the protocol thread.

use crate::diagnostic::TextEdit;

/// Work done off the protocol thread; it holds its own copies of what it reads (the rope and
/// tree are shared, not copied), or the answer when there was nothing worth moving.
pub type Job<T> = Box<dyn FnOnce() -> T + Send>;

/// A job that formats a document.
pub(crate) type FormatJob = Job<Vec<TextEdit>>;
