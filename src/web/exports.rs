//! What JavaScript calls, through WebAssembly's plain exports: it copies a message (JSON text,
//! UTF-8) into memory it asks for with `kibitzer_alloc`, hands it to `kibitzer_handle`, and reads
//! the answer (the messages to send back, as JSON text one a line) from `kibitzer_output` for as
//! many bytes as `kibitzer_handle` returned. A large opened text goes beside its message, through
//! `kibitzer_hand_text`. A page's worker holds one session; the memory of a message is the
//! session's once handed over.

use std::alloc::{alloc, Layout};
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

/// Answers the message of `len` bytes at `ptr` (memory from [`kibitzer_alloc`], taken over) and
/// returns the length of the answer, to be read at [`kibitzer_output`].
///
/// # Safety
/// `ptr` must come from `kibitzer_alloc(len)` and hold `len` bytes; it is not to be used after.
#[no_mangle]
pub unsafe extern "C" fn kibitzer_handle(ptr: *mut u8, len: usize) -> usize {
    // SAFETY: as this function's own contract says.
    let text = unsafe { taken_text(ptr, len, len) };
    let json = SESSION.with(|session| session.borrow_mut().handle_text(&text).into_bytes());
    let written = json.len();
    OUTPUT.with(|output| *output.borrow_mut() = json);
    written
}

/// Hands the session a large text apart from the message that will name it (a file opened):
/// the `len` bytes at `ptr`, in memory of `capacity` bytes from [`kibitzer_alloc`], taken
/// over. Returns the number a `didOpen` names it by (see `Session::hand_text`); JavaScript
/// writes the text straight into this memory, and the session neither copies it nor reads it
/// out of JSON.
///
/// # Safety
/// `ptr` must come from `kibitzer_alloc(capacity)` and hold `len <= capacity` initialised
/// bytes; it is not to be used after.
#[no_mangle]
pub unsafe extern "C" fn kibitzer_hand_text(ptr: *mut u8, capacity: usize, len: usize) -> u32 {
    // SAFETY: as this function's own contract says.
    let text = unsafe { taken_text(ptr, capacity, len.min(capacity)) };
    SESSION.with(|session| session.borrow_mut().hand_text(text))
}

/// Gives back memory from [`kibitzer_alloc`] that was not handed over.
///
/// # Safety
/// `ptr` must come from `kibitzer_alloc(len)`; it is not to be used after.
#[no_mangle]
pub unsafe extern "C" fn kibitzer_free(ptr: *mut u8, len: usize) {
    // SAFETY: as this function's own contract says; the bytes need not be initialised, since
    // they are dropped unread.
    drop(unsafe { taken_bytes(ptr, len, 0) });
}

/// The text of the `len` bytes at `ptr`, taken as they lie (a 15 MB file is not copied);
/// invalid UTF-8 is replaced.
///
/// # Safety
/// `ptr` must come from `kibitzer_alloc(capacity)` (or be null) and hold `len <= capacity`
/// initialised bytes; it is not to be used after.
unsafe fn taken_text(ptr: *mut u8, capacity: usize, len: usize) -> String {
    // SAFETY: passed on from the caller.
    let bytes = unsafe { taken_bytes(ptr, capacity, len) };
    String::from_utf8(bytes)
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
}

/// The `len` bytes at `ptr` as a vector owning its memory of `capacity` bytes.
///
/// # Safety
/// As [`taken_text`].
unsafe fn taken_bytes(ptr: *mut u8, capacity: usize, len: usize) -> Vec<u8> {
    if ptr.is_null() || capacity == 0 {
        return Vec::new();
    }
    // SAFETY: `kibitzer_alloc(capacity)` allocated `capacity` bytes with alignment 1 from the
    // global allocator, which is the layout of a `Vec<u8>` of that capacity; the caller says
    // the first `len` are initialised.
    unsafe { Vec::from_raw_parts(ptr, len, capacity) }
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
