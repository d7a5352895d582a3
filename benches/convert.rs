//! Conversion speed: 20,000 games from `gen_pbn.py` converted to PBN, RBN and LIN. Prints, for
//! each target, the time of the conversion as `kibitzer convert` makes it (the source's check,
//! reading, writing, formatting, reading back and comparing) beside the time of the same
//! conversion unchecked (reading, writing and formatting only), both measured in this run, and
//! their ratio. Then the time of each step.
//!
//! The target (issue #56) is at most 1.5 times the time of `kibitzer convert` before it checked
//! itself: with `KIBITZER_BASELINE` naming such a program (built from commit d95f3e0, say), both
//! programs convert the file in turn, five times each, and the best times and their ratio are
//! printed.
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

/// The best of five runs of `program convert FILE --to NOTATION`, in seconds, the output
/// thrown away (into a temporary file: the program refuses nothing there).
fn best_program_time(program: &std::ffi::OsStr, file: &std::path::Path, to: Notation) -> f64 {
    let out = std::env::temp_dir().join(format!("kibitzer-bench-out.{}", to.extension()));
    let (best, _) = best_of(5, || {
        Command::new(program)
            .arg("convert")
            .arg(file)
            .args(["--to", to.extension(), "-o"])
            .arg(&out)
            .stderr(std::process::Stdio::null())
            .status()
    });
    let _ = std::fs::remove_file(&out);
    best
}

/// The programs compared, when `KIBITZER_BASELINE` names the earlier one.
fn against_baseline(text: &str) {
    let Some(baseline) = std::env::var_os("KIBITZER_BASELINE") else {
        println!("(set KIBITZER_BASELINE to a kibitzer from before #56 to compare the programs)");
        return;
    };
    let file = std::env::temp_dir().join("kibitzer-bench-input.pbn");
    if std::fs::write(&file, text).is_err() {
        eprintln!("convert bench: cannot write {}", file.display());
        return;
    }
    let now = std::ffi::OsStr::new(env!("CARGO_BIN_EXE_kibitzer"));
    for to in [Notation::Pbn, Notation::Rbn, Notation::Lin] {
        let (mut mine, mut theirs) = (f64::MAX, f64::MAX);
        // In turn, so that a busy moment of the machine falls on both.
        for _ in 0..2 {
            mine = mine.min(best_program_time(now, &file, to));
            theirs = theirs.min(best_program_time(&baseline, &file, to));
        }
        println!(
            "program, to {}: {mine:.2} s, before #56 {theirs:.2} s, ratio {:.2} (target at most 1.5)",
            to.name(),
            mine / theirs
        );
    }
    let _ = std::fs::remove_file(&file);
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
            "to {}: checked {checked:.2} s, unchecked {unchecked:.2} s, ratio {:.2}, {} differences",
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
    against_baseline(&text);
}
