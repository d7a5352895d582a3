//! Conversion speed: 20,000 games from `gen_pbn.py` converted to PBN, RBN and LIN. Prints, for
//! each target, the time of the conversion as `kibitzer convert` makes it (the source's check,
//! reading, writing, formatting, reading back and comparing) beside the time of the same
//! conversion unchecked (reading, writing and formatting only), both measured in this run, and
//! their ratio; the target is at most 1.5. Then the time of each step.
//!
//! The file is generated into the system's temporary folder when missing (it needs python3 and
//! `../shared/tools/gen_pbn.py`); `KIBITZER_BENCH_FILE` names another PBN file instead.

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use kibitzer::convert::readback;
use kibitzer::format::FormatOptions;
use kibitzer::notation::Notation;

fn input() -> Option<String> {
    if let Some(path) = std::env::var_os("KIBITZER_BENCH_FILE") {
        return std::fs::read_to_string(path).ok();
    }
    let path = std::env::temp_dir().join("kibitzer-bench-20000.pbn");
    if !path.exists() {
        let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/tools/gen_pbn.py");
        let status = Command::new("python3")
            .arg(&script)
            .args(["20000", "--seed", "1", "-o"])
            .arg(&path)
            .status()
            .ok()?;
        if !status.success() {
            return None;
        }
    }
    std::fs::read_to_string(&path).ok()
}

/// The best of `runs` timings of `work`, in seconds, and its last result.
fn best_of<T>(runs: usize, mut work: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::MAX;
    let mut last = None;
    for _ in 0..runs {
        let start = Instant::now();
        let out = work();
        best = best.min(start.elapsed().as_secs_f64());
        last = Some(out);
    }
    match last {
        Some(out) => (best, out),
        None => (best, work()),
    }
}

fn main() {
    let Some(text) = input() else {
        eprintln!("convert bench: cannot generate the input (python3 and gen_pbn.py needed)");
        return;
    };
    let boards = Notation::Pbn.read_boards(&text);
    println!(
        "input: {:.1} MB, {} boards, {} threads",
        text.len() as f64 / 1e6,
        boards.len(),
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    let options = FormatOptions::default();
    for to in [Notation::Pbn, Notation::Rbn, Notation::Lin] {
        // What a conversion did before it checked itself: read, write, format.
        let (unchecked, _) = best_of(3, || {
            let boards = Notation::Pbn.read_boards(&text);
            if to == Notation::Pbn {
                to.format(&text, &options)
            } else {
                to.format(&to.write_boards(&boards).0, &options)
            }
        });
        let (checked, converted) = best_of(3, || Notation::Pbn.convert(&text, to));
        println!(
            "to {}: checked {checked:.2} s, unchecked {unchecked:.2} s, ratio {:.2} (target 1.5), {} differences",
            to.name(),
            checked / unchecked,
            converted.lost
        );
        let (read, _) = best_of(1, || Notation::Pbn.read_boards(&text));
        let (back, read_back) = best_of(1, || to.read_boards(&converted.text));
        let (compare, _) = best_of(1, || readback::compare(&boards, &read_back));
        let (check, _) = best_of(1, || Notation::Pbn.check_on(&text, &Default::default(), 1));
        println!(
            "  steps: read {read:.2} s, read back {back:.2} s, compare (one thread) {compare:.2} s, source check (one thread) {check:.2} s"
        );
    }
}
