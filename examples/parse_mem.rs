//! Prints the resident memory a parse of a file takes (a diagnostic aid for the server's budget).

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn rss() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
        })
        .unwrap_or(0)
}

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: parse_mem <file>");
        return;
    };
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let before = rss();
    let t = std::time::Instant::now();
    let rope = ropey::Rope::from_str(&text);
    let after_rope = rss();
    let parse = kibitzer::syntax::Parse::new(&text);
    let after_parse = rss();
    println!(
        "text {} MiB; rope +{} MiB ({} lines); parse +{} MiB in {:?}; {} children",
        text.len() >> 20,
        (after_rope - before) >> 10,
        rope.len_lines(),
        (after_parse - after_rope) >> 10,
        t.elapsed(),
        parse.children().len()
    );
}
