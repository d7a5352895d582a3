//! What JavaScript calls, through WebAssembly's plain exports: it copies a message (JSON text,
//! UTF-8) into memory it asks for with `kibitzer_alloc`, hands it to `kibitzer_handle`, and reads
//! the answer (a JSON array of the messages to send back) from `kibitzer_output` for as many
//! bytes as `kibitzer_handle` returned. A page's worker holds one session; the memory of a
//! message is the session's once handed over.

use std::alloc::{alloc, dealloc, Layout};
use std::cell::RefCell;

use super::Session;

thread_local! {
    /// The worker's session (a worker runs one thread).
    static SESSION: RefCell<Session> = RefCell::new(Session::new());
    /// The last answer, until the next message.
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Memory for a message of `len` bytes (null for none).
#[no_mangle]
pub extern "C" fn kibitzer_alloc(len: usize) -> *mut u8 {
    match Layout::array::<u8>(len) {
        // SAFETY: the layout has a size above zero.
        Ok(layout) if len > 0 => unsafe { alloc(layout) },
        _ => std::ptr::null_mut(),
    }
}

/// Answers the message of `len` bytes at `ptr` (memory from [`kibitzer_alloc`], freed here) and
/// returns the length of the answer, to be read at [`kibitzer_output`].
///
/// # Safety
/// `ptr` must come from `kibitzer_alloc(len)` and hold `len` bytes; it is not to be used after.
#[no_mangle]
pub unsafe extern "C" fn kibitzer_handle(ptr: *mut u8, len: usize) -> usize {
    let text = if ptr.is_null() || len == 0 {
        String::new()
    } else {
        // SAFETY: the caller hands over `len` initialised bytes from `kibitzer_alloc(len)`.
        let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
        let text = String::from_utf8_lossy(bytes).into_owned();
        if let Ok(layout) = Layout::array::<u8>(len) {
            // SAFETY: allocated by `kibitzer_alloc` with this very layout.
            unsafe { dealloc(ptr, layout) };
        }
        text
    };
    let json = SESSION.with(|session| session.borrow_mut().handle_text(&text).into_bytes());
    let written = json.len();
    OUTPUT.with(|output| *output.borrow_mut() = json);
    written
}

/// Where the last answer starts.
#[no_mangle]
pub extern "C" fn kibitzer_output() -> *const u8 {
    OUTPUT.with(|output| output.borrow().as_ptr())
}

/// 1 while a large document is being checked a part at a time: JavaScript then hands the session
/// an empty batch (`[]`) once the messages that came meanwhile are answered (see
/// `Session::has_work`).
#[no_mangle]
pub extern "C" fn kibitzer_busy() -> u32 {
    SESSION.with(|session| u32::from(session.borrow().has_work()))
}
