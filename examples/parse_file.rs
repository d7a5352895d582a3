//! Parses a file once on one thread (for profiling the parser): `cargo run --release --example parse_file FILE`.
fn main() {
    let path = std::env::args().nth(1).expect("usage: parse_file FILE");
    let text = std::fs::read_to_string(path).expect("readable UTF-8 file");
    let parse = kibitzer::syntax::Parse::with_threads(&text, 1);
    println!(
        "{} children, {} errors",
        parse.children().len(),
        parse.errors().len()
    );
    // Dropping a tree of hundreds of megabytes costs as much as a good part of the parse; the
    // process is about to end anyway, so leave it out of the profile.
    std::mem::forget(parse);
}

// The same allocator as the `kibitzer` binary.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
