//! `kibitzer check --double-dummy` against pons-dds solving the same deals directly, on every
//! core: prints boards per second for both and their ratio (the check should be within 10%).
//!
//! `cargo bench --bench double_dummy`. The deals are the first 300 of the corpus file
//! `Bridge-Robot-Utilities__Cappelletti-BBO.pbn`, which carries a DoubleDummyTricks tag on each
//! (set `KIBITZER_DD_BENCH_FILE` and `KIBITZER_DD_BENCH_BOARDS` to use others).

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use kibitzer::bridge::Deal;

fn main() {
    let source = std::env::var_os("KIBITZER_DD_BENCH_FILE").map_or_else(
        || {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../shared/corpus/pbn/Bridge-Robot-Utilities__Cappelletti-BBO.pbn")
        },
        PathBuf::from,
    );
    let boards: usize = std::env::var("KIBITZER_DD_BENCH_BOARDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(300);
    let text = String::from_utf8_lossy(&std::fs::read(&source).expect("bench file")).into_owned();
    // The first `boards` games, written to a file of their own.
    let cut = text
        .match_indices("[Event ")
        .nth(boards)
        .map_or(text.len(), |(at, _)| at);
    let sample = &text[..cut];
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"));
    let file = target.join("bench-double-dummy.pbn");
    std::fs::write(&file, sample).expect("write the sample");

    let deals: Vec<Deal> = kibitzer::analysis::solve::double_dummy_games(sample)
        .iter()
        .filter_map(|g| g.deal)
        .collect();
    let n = deals.len() as f64;

    let t = Instant::now();
    let tables = kibitzer::double_dummy::solve_all(&deals);
    let direct = t.elapsed().as_secs_f64();
    assert_eq!(tables.iter().flatten().count(), deals.len());

    let binary = target.join("release/kibitzer");
    let t = Instant::now();
    let status = Command::new(&binary)
        .args([
            "check",
            "--double-dummy",
            "--select",
            "O",
            "--output-format",
            "concise",
        ])
        .arg(&file)
        .output()
        .expect("run kibitzer (cargo build --release first)");
    let check = t.elapsed().as_secs_f64();
    assert!(status.status.code().is_some_and(|c| c <= 1), "{status:?}");

    println!(
        "double dummy, {} deals on {} threads:",
        deals.len(),
        kibitzer::parallel::available_threads()
    );
    println!(
        "  pons-dds solve_deals directly   {:8.1} boards/s ({direct:.2} s)",
        n / direct
    );
    println!(
        "  kibitzer check --double-dummy   {:8.1} boards/s ({check:.2} s)",
        n / check
    );
    println!("  check / direct time             {:8.3}", check / direct);
}
