//! The `kibitzer` command line.

// Parsing allocates many small tree nodes; mimalloc handles that markedly faster than the
// system allocator (and frees a large tree faster at exit).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `mi_option_purge_delay` (its place in `mi_option_e` of mimalloc.h; the Rust
/// bindings do not name it).
const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// The default purge delay in milliseconds of the mimalloc built here (v3), by which the
/// option is recognised: after an upgrade that moves or changes it, nothing is set.
const DEFAULT_PURGE_DELAY: std::ffi::c_long = 1000;

/// The purge delay of one-shot commands, in milliseconds.
const ONE_SHOT_PURGE_DELAY: std::ffi::c_long = 10;

/// Lets mimalloc hand freed pages back to the system after 10 ms instead of a second. A
/// command's largest blocks (a game's tree and play while they grow) are freed once and not
/// used again, and with the default delay they stayed counted in the process's memory: a 10 MB
/// single-line play peaked at 833 MB, 585 MB with this delay. The 100,000-game check takes the
/// same time (no delay at all cost it 12 %). The server keeps the default, since it frees and
/// allocates again with every keystroke.
fn purge_soon() {
    // SAFETY: reading and setting an option are plain calls with no pointer arguments; the
    // option is only changed when it holds mimalloc's default purge delay, so that another
    // layout of the options can never change something else.
    unsafe {
        if libmimalloc_sys::mi_option_get(PURGE_DELAY) == DEFAULT_PURGE_DELAY {
            libmimalloc_sys::mi_option_set(PURGE_DELAY, ONE_SHOT_PURGE_DELAY);
        }
    }
}

fn main() -> std::process::ExitCode {
    kibitzer::cli::run(purge_soon)
}
