//! Formatting speed (placeholder: parse only).
use std::time::Instant;
fn main() {
    let text = std::fs::read_to_string("/tmp/rich100k.pbn").unwrap();
    let t = Instant::now();
    let p = kibitzer::syntax::Parse::new(&text);
    let s = t.elapsed().as_secs_f64();
    println!(
        "parse: {} children {:.1} MB/s",
        p.children().len(),
        text.len() as f64 / 1e6 / s
    );
}
