//! Parsing speed: a full parse of a 100,000-game file, and the incremental reparse of a
//! one-character edit in a game in the middle of it. Prints its figures; run with
//! `cargo bench --bench parse` (set `KIBITZER_BENCH_GAMES` for a smaller file).

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use kibitzer::syntax::Parse;

// The same allocator as the `kibitzer` binary, so the figures are the binary's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Generates (once) the benchmark file with the shared generator and returns its path.
fn bench_file(games: usize) -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("target/bench-data");
    let path = dir.join(format!("rich-{games}.pbn"));
    if !path.exists() {
        std::fs::create_dir_all(&dir).expect("create bench data folder");
        let status = Command::new("python3")
            .arg(root.join("../shared/tools/gen_pbn.py"))
            .arg(games.to_string())
            .arg("--rich")
            .arg("-o")
            .arg(&path)
            .status()
            .expect("run python3 gen_pbn.py");
        assert!(status.success(), "gen_pbn.py failed");
    }
    path
}

/// CPU time used by this process so far (user + system, all threads), where Linux tells it.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// The best wall-clock time of `runs` calls, the CPU seconds per call (all threads, averaged
/// over the runs; it does not depend on how busy the machine is) and the last result.
fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, Option<f64>, T) {
    let mut best = Duration::MAX;
    let mut last = None;
    let mut cpu = 0.0;
    let mut cpu_known = true;
    for _ in 0..runs {
        // The previous result is dropped before the clocks start.
        drop(last.take());
        let cpu_before = cpu_seconds();
        let start = Instant::now();
        let value = f();
        best = best.min(start.elapsed());
        match (cpu_before, cpu_seconds()) {
            (Some(a), Some(b)) => cpu += b - a,
            _ => cpu_known = false,
        }
        last = Some(value);
    }
    let cpu = cpu_known.then_some(cpu / runs as f64);
    (best, cpu, last.expect("at least one run"))
}

fn mb_per_s(bytes: usize, time: Duration) -> f64 {
    bytes as f64 / 1e6 / time.as_secs_f64()
}

/// Prints one line of figures: wall-clock time and MB/s, and MB per CPU-second.
fn report(what: &str, size: usize, wall: Duration, cpu: Option<f64>) {
    let per_cpu = cpu.filter(|&c| c > 0.0).map_or(String::new(), |c| {
        format!(
            "  cpu {:7.1} ms  {:6.1} MB per CPU-second",
            c * 1e3,
            size as f64 / 1e6 / c
        )
    });
    println!(
        "{what:<34}{:8.1} ms  {:6.1} MB/s{per_cpu}",
        wall.as_secs_f64() * 1e3,
        mb_per_s(size, wall)
    );
}

fn main() {
    let games: usize = std::env::var("KIBITZER_BENCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let path = bench_file(games);
    let text = std::fs::read_to_string(&path).expect("read bench file");
    let size = text.len();
    println!(
        "file: {} ({games} games, {:.1} MB)",
        path.display(),
        size as f64 / 1e6
    );

    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (one, one_cpu, _) = best_of(3, || Parse::with_threads(&text, 1));
    report("full parse, 1 thread:", size, one, one_cpu);
    let (all, all_cpu, parse) = best_of(3, || Parse::new(&text));
    report(
        &format!("full parse, {threads} threads:"),
        size,
        all,
        all_cpu,
    );
    let (with_root, root_cpu, _) = best_of(3, || {
        let parse = Parse::new(&text);
        parse.green()
    });
    report(
        &format!("full parse + FILE node, {threads} threads:"),
        size,
        with_root,
        root_cpu,
    );
    assert_eq!(parse.syntax().text().len(), (size as u32).into());

    // One-character edits inside the Deal of the middle game: type a character, delete it.
    let middle = text.len() / 2;
    let deal_at = middle
        + text[middle..]
            .find("[Deal \"")
            .expect("a Deal after the middle")
        + 9;
    let mut text = text;
    let mut parse = parse;
    let mut times = Vec::new();
    for i in 0..2000 {
        let (range, inserted) = if i % 2 == 0 {
            text.insert(deal_at, 'x');
            (deal_at..deal_at, 1)
        } else {
            text.remove(deal_at);
            (deal_at..deal_at + 1, 0)
        };
        let start = Instant::now();
        parse.apply_edit(range, inserted, text.as_str());
        times.push(start.elapsed());
    }
    assert!(
        parse == Parse::new(&text),
        "incremental parse equals a full parse"
    );
    times.sort();
    let median = times[times.len() / 2];
    let p99 = times[times.len() * 99 / 100];
    println!(
        "one-character edit, reparse:     median {:6.1} µs  p99 {:6.1} µs  max {:6.1} µs",
        median.as_secs_f64() * 1e6,
        p99.as_secs_f64() * 1e6,
        times[times.len() - 1].as_secs_f64() * 1e6
    );
    println!(
        "ratio full parse / median edit:  {:.0}x",
        all.as_secs_f64() / median.as_secs_f64()
    );
}
