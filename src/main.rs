//! The `kibitzer` command line.

// Parsing allocates many small tree nodes; mimalloc handles that markedly faster than the
// system allocator (and frees a large tree faster at exit).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    kibitzer::cli::run()
}
