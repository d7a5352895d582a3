//! The writers (`fmt`, `check --fix`, `convert -o`, `dd --write`) under faults: a folder that
//! cannot be written, a disk that fills up during the write, and a kill -9 in the middle. Each
//! file is left as it was or complete, never truncated; no temporary file is left behind (but
//! after a kill -9, which nothing can clean up after); the error names the file; the exit status
//! is 2.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A game `fmt` and `check --fix` both change (`P` is respelled `Pass`), padded with a comment
/// so that the file is well over one 512-byte block.
fn messy_game(board: usize) -> String {
    format!(
        "[Event \"Faults\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Board \"{board}\"]\n[West \"w\"]\n[North \"n\"]\n[East \"e\"]\n[South \"s\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n[Scoring \"\"]\n[Declarer \"N\"]\n[Contract \"1S\"]\n[Result \"7\"]\n[Auction \"N\"]\n1S P P P\n{{{}}}\n\n",
        "padding ".repeat(40)
    )
}

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kibitzer-faults-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Files in `dir` other than `keep` (temporary files left behind).
fn strays(dir: &Path, keep: &[&Path]) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| !keep.contains(&p.as_path()))
        .collect()
}

/// Runs kibitzer with `args` in a shell that limits the size of files it writes to 512 bytes
/// (as a full disk would stop it), ignoring the signal that limit sends.
fn with_full_disk(args: &[&str]) -> Output {
    let exe = env!("CARGO_BIN_EXE_kibitzer");
    let quoted: Vec<String> = std::iter::once(exe)
        .chain(args.iter().copied())
        .map(|a| format!("'{}'", a.replace('\'', "'\\''")))
        .collect();
    Command::new("sh")
        .arg("-c")
        .arg(format!(
            "trap '' XFSZ; ulimit -f 1; exec {}",
            quoted.join(" ")
        ))
        .output()
        .unwrap()
}

/// The writers, each as (name, arguments for a file path, the output path it writes).
fn writers(dir: &Path) -> Vec<(&'static str, Vec<String>, PathBuf)> {
    let pbn = dir.join("games.pbn");
    let out = dir.join("games.rbn");
    let p = pbn.display().to_string();
    vec![
        ("fmt", vec!["fmt".into(), p.clone()], pbn.clone()),
        (
            "check --fix",
            vec!["check".into(), "--fix".into(), p.clone()],
            pbn.clone(),
        ),
        (
            "convert -o",
            vec![
                "convert".into(),
                "--to".into(),
                "rbn".into(),
                "-o".into(),
                out.display().to_string(),
                p.clone(),
            ],
            out,
        ),
        ("dd --write", vec!["dd".into(), "--write".into(), p], pbn),
    ]
}

#[test]
fn a_full_disk_leaves_every_file_as_it_was_with_a_clear_error() {
    let dir = folder("full");
    for (name, args, written) in writers(&dir) {
        let pbn = dir.join("games.pbn");
        let original = (1..=3).map(messy_game).collect::<String>();
        std::fs::write(&pbn, &original).unwrap();
        // convert -o replaces an existing output: it must survive too.
        let out = dir.join("games.rbn");
        std::fs::write(&out, "% RBN 2.2\n\nB 0\n").unwrap();
        let before = std::fs::read(&written).unwrap();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = with_full_disk(&args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{name}: {stderr}");
        assert!(
            stderr.contains(&*written.file_name().unwrap().to_string_lossy())
                && stderr.to_lowercase().contains("too large"),
            "{name}: the error names the file and the cause: {stderr}"
        );
        assert_eq!(
            std::fs::read(&written).unwrap(),
            before,
            "{name} changed the file"
        );
        assert_eq!(
            std::fs::read(&pbn).unwrap(),
            original.as_bytes(),
            "{name} changed its input"
        );
        assert!(
            strays(&dir, &[&pbn, &out]).is_empty(),
            "{name} left {:?}",
            strays(&dir, &[&pbn, &out])
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Makes `dir` unwritable, even for root (which ignores permissions): `chattr +i` where the file
/// system has it, else `chmod 555`. `None` when neither takes effect.
fn lock(dir: &Path) -> Option<&'static str> {
    let probe = dir.join(".probe");
    let chattr = Command::new("chattr")
        .arg("+i")
        .arg(dir)
        .status()
        .is_ok_and(|s| s.success());
    if chattr && std::fs::write(&probe, "").is_err() {
        return Some("chattr");
    }
    let _ = std::fs::remove_file(&probe);
    let _ = Command::new("chattr").arg("-i").arg(dir).status();
    let _ = Command::new("chmod").arg("555").arg(dir).status();
    if std::fs::write(&probe, "").is_err() {
        return Some("chmod");
    }
    let _ = std::fs::remove_file(&probe);
    let _ = Command::new("chmod").arg("755").arg(dir).status();
    None
}

fn unlock(dir: &Path) {
    let _ = Command::new("chattr").arg("-i").arg(dir).status();
    let _ = Command::new("chmod").arg("755").arg(dir).status();
}

#[test]
fn a_read_only_folder_leaves_every_file_as_it_was_with_a_clear_error() {
    let dir = folder("readonly");
    let pbn = dir.join("games.pbn");
    let out = dir.join("games.rbn");
    let original = (1..=3).map(messy_game).collect::<String>();
    std::fs::write(&pbn, &original).unwrap();
    std::fs::write(&out, "% RBN 2.2\n\nB 0\n").unwrap();
    let Some(how) = lock(&dir) else {
        eprintln!("note: this file system lets the folder be written whatever its mode; skipped");
        unlock(&dir);
        return;
    };
    println!("folder made read-only with {how}");
    for (name, args, written) in writers(&dir) {
        let before = std::fs::read(&written).unwrap();
        let output = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
            .args(&args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{name}: {stderr}");
        assert!(
            stderr.contains(&*written.file_name().unwrap().to_string_lossy()),
            "{name}: the error names the file: {stderr}"
        );
        assert_eq!(
            std::fs::read(&written).unwrap(),
            before,
            "{name} changed the file"
        );
    }
    unlock(&dir);
    assert!(strays(&dir, &[&pbn, &out]).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_kill_in_the_middle_of_fmt_leaves_each_file_whole() {
    let dir = folder("kill");
    let big = (1..=400).map(messy_game).collect::<String>();
    let files: Vec<PathBuf> = (0..40).map(|i| dir.join(format!("f{i:02}.pbn"))).collect();
    for f in &files {
        std::fs::write(f, &big).unwrap();
    }
    // One formatted copy tells what "complete" is.
    let output = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(["fmt", "--stdout"])
        .arg(&files[0])
        .output()
        .unwrap();
    let formatted = output.stdout;
    assert_ne!(formatted, big.as_bytes());
    let mut killed_midway = 0;
    for delay_ms in [5u64, 20, 60, 120] {
        for f in &files {
            std::fs::write(f, &big).unwrap();
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
            .arg("fmt")
            .args(&files)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(delay_ms));
        let _ = child.kill(); // SIGKILL
        let _ = child.wait();
        let (mut old, mut new) = (0, 0);
        for f in &files {
            let now = std::fs::read(f).unwrap();
            if now == big.as_bytes() {
                old += 1;
            } else {
                assert_eq!(
                    now,
                    formatted,
                    "{} is neither the original nor complete",
                    f.display()
                );
                new += 1;
            }
        }
        if old > 0 && new > 0 {
            killed_midway += 1;
        }
        println!("killed after {delay_ms} ms: {new} files written, {old} untouched");
    }
    assert!(
        killed_midway > 0 || cfg!(debug_assertions),
        "no kill fell in the middle of the run"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Bytes the process `pid` has read so far (`rchar` of /proc/PID/io), if it is still there.
#[cfg(target_os = "linux")]
fn bytes_read(pid: u32) -> Option<u64> {
    let io = std::fs::read_to_string(format!("/proc/{pid}/io")).ok()?;
    io.lines()
        .find_map(|l| l.strip_prefix("rchar:"))
        .and_then(|v| v.trim().parse().ok())
}

/// A file saved by someone else while a writer works on it (after the writer has read it, before
/// it writes its result) keeps that save: the writer leaves it as it now stands, says so, and
/// exits with 2. The save is made as soon as the writer has read the whole file, while it is
/// still formatting, fixing or solving a large file; if the writer was faster than that (a
/// loaded machine), the run is tried again with a larger file.
#[cfg(target_os = "linux")]
#[test]
fn a_file_saved_meanwhile_is_not_overwritten() {
    let dir = folder("meanwhile");
    let path = dir.join("games.pbn");
    let p = path.display().to_string();
    let writers: [(&str, Vec<&str>, usize); 3] = [
        ("fmt", vec!["fmt", &p], 20_000),
        ("check --fix", vec!["check", "--fix", &p], 20_000),
        ("dd --write", vec!["dd", "--write", &p], 400),
    ];
    for (name, args, games) in writers {
        let mut caught = false;
        for growth in [1, 3, 9] {
            let original = (1..=games * growth).map(messy_game).collect::<String>();
            std::fs::write(&path, &original).unwrap();
            let saved = format!("{original}{{saved by someone else}}\n");
            let child = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
                .args(&args)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            let pid = child.id();
            while bytes_read(pid).is_some_and(|n| n < original.len() as u64) {
                std::thread::sleep(std::time::Duration::from_micros(200));
            }
            std::fs::write(&path, &saved).unwrap();
            let output = child.wait_with_output().unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            if output.status.code() != Some(2) {
                println!("{name}: finished before the save with {growth}× the games; again");
                continue;
            }
            assert!(
                stderr.contains("games.pbn") && stderr.contains("changed on disk"),
                "{name}: the error names the file and the cause: {stderr}"
            );
            assert_eq!(
                std::fs::read_to_string(&path).unwrap(),
                saved,
                "{name} undid the save"
            );
            assert!(strays(&dir, &[&path]).is_empty(), "{name} left a file");
            caught = true;
            break;
        }
        assert!(
            caught,
            "{name} always finished before the file could be saved"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
