//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod agreement;
pub mod meaning;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The shared corpus folder beside the checkout (`../shared/corpus`).
pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus")
}

/// Every file with the given extension (case-insensitive) in a corpus subfolder, sorted.
/// Panics — failing the test — when the folder is missing or empty: the corpus is required.
pub fn corpus_files(subfolder: &str, extension: &str) -> Vec<PathBuf> {
    let dir = corpus_dir().join(subfolder);
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("the corpus folder {} is required: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| x.eq_ignore_ascii_case(extension))
        })
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no .{extension} files in {}",
        dir.display()
    );
    files
}

/// Runs the built `kibitzer` binary with `args`.
pub fn kibitzer(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A fresh, empty folder under the target directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The peak resident memory of a child process, polled from /proc until it exits.
#[cfg(target_os = "linux")]
pub fn peak_memory_kib(mut child: std::process::Child) -> (u64, std::process::ExitStatus) {
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    loop {
        if let Ok(status) = std::fs::read_to_string(&status_file) {
            let hwm = status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok());
            peak = peak.max(hwm.unwrap_or(0));
        }
        if let Some(status) = child.try_wait().unwrap() {
            return (peak, status);
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}
