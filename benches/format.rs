//! Formatting speed: the 100,000-game `--rich` file from `gen_pbn.py`, as generated and once
//! formatted (nothing left to change). Prints MB/s; targets are 40 and 80 MB/s.
//!
//! The file is generated into the system's temporary folder when missing (it needs python3 and
//! `../shared/tools/gen_pbn.py`); `KIBITZER_BENCH_FILE` names another file instead.

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use kibitzer::format::{format_text, FormatOptions};

fn input() -> Option<String> {
    if let Some(path) = std::env::var_os("KIBITZER_BENCH_FILE") {
        return std::fs::read_to_string(path).ok();
    }
    let path = std::env::temp_dir().join("kibitzer-bench-rich-100000.pbn");
    if !path.exists() {
        let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/tools/gen_pbn.py");
        let output = Command::new("python3")
            .arg(&script)
            .args(["100000", "--rich", "-o"])
            .arg(&path)
            .status()
            .ok()?;
        if !output.success() {
            return None;
        }
    }
    std::fs::read_to_string(&path).ok()
}

/// CPU time used by this process so far (user + system), in seconds, where Linux tells it.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// The best of `runs` wall-clock timings of formatting `text` in MB/s, the throughput per
/// CPU-second (which does not depend on how busy the machine is), and the output.
fn measure(text: &str, runs: usize) -> (f64, Option<f64>, String) {
    let options = FormatOptions::default();
    let mut best = f64::MAX;
    let mut out = String::new();
    let cpu_before = cpu_seconds();
    for _ in 0..runs {
        let start = Instant::now();
        out = format_text(text, &options);
        best = best.min(start.elapsed().as_secs_f64());
    }
    let per_cpu = match (cpu_before, cpu_seconds()) {
        (Some(a), Some(b)) if b > a => Some(text.len() as f64 * runs as f64 / 1e6 / (b - a)),
        _ => None,
    };
    (text.len() as f64 / 1e6 / best, per_cpu, out)
}

fn report(what: &str, target: f64, wall: f64, per_cpu: Option<f64>) {
    let cpu = per_cpu.map_or(String::new(), |c| format!(", {c:.1} MB per CPU-second"));
    println!("{what}: {wall:.1} MB/s (target {target}){cpu}");
}

fn main() {
    let Some(text) = input() else {
        eprintln!("format bench: cannot generate the input (python3 and gen_pbn.py needed)");
        return;
    };
    println!("input: {:.1} MB", text.len() as f64 / 1e6);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("threads: {threads}");
    let (raw_speed, raw_cpu, formatted) = measure(&text, 3);
    report("format generated file", 40.0, raw_speed, raw_cpu);
    let (formatted_speed, formatted_cpu, again) = measure(&formatted, 3);
    report(
        "format formatted file",
        80.0,
        formatted_speed,
        formatted_cpu,
    );
    assert!(
        again == formatted,
        "formatting is not idempotent on the bench file"
    );
}
