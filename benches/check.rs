//! End-to-end benchmark of `kibitzer check --format json` on the 100,000-game `--rich` file of
//! `gen_pbn.py`, and on the same boards converted to LIN: prints MB/s, games/s, CPU time and
//! peak memory of the child process for each, LIN's speed per byte against PBN's, and the ratio
//! of PBN's check time to a raw token scan of the same file measured in the same run (the
//! floor no checker can go below: every byte read once by the lexer, nothing built).
//!
//! `cargo bench --bench check` (the files are generated once into the target folder; set
//! `KIBITZER_BENCH_FILE` to use another PBN file).

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn bench_file() -> PathBuf {
    if let Some(path) = std::env::var_os("KIBITZER_BENCH_FILE") {
        return PathBuf::from(path);
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"));
    let path = target.join("bench-rich-100000.pbn");
    if !path.exists() {
        let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/tools/gen_pbn.py");
        eprintln!("generating {} …", path.display());
        let status = Command::new("python3")
            .arg(script)
            .args(["100000", "--rich", "-o"])
            .arg(&path)
            .status()
            .expect("python3 runs gen_pbn.py");
        assert!(status.success(), "gen_pbn.py failed");
    }
    path
}

/// (peak resident kB, CPU seconds) of a running process, from /proc.
fn sample(pid: u32) -> Option<(u64, f64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let hwm = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())?;
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after_name = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some((hwm, ticks as f64 / 100.0))
}

/// The LIN form of the PBN bench file (converted once, beside it).
fn lin_file(pbn: &std::path::Path) -> PathBuf {
    let lin = pbn.with_extension("lin");
    if !lin.exists() {
        let status = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
            .args(["convert", "--to", "lin", "-o"])
            .arg(&lin)
            .arg(pbn)
            .stderr(Stdio::null())
            .status()
            .expect("kibitzer convert runs");
        assert!(status.success(), "converting the bench file to LIN failed");
    }
    lin
}

/// The best of three runs: (wall time, peak resident kB, CPU seconds, games).
fn measure(path: &std::path::Path) -> Option<(Duration, u64, f64, usize)> {
    let mut best: Option<(Duration, u64, f64, usize)> = None;
    for _ in 0..3 {
        let start = Instant::now();
        let mut child = check_command(path)
            .stdout(Stdio::piped())
            .spawn()
            .expect("run kibitzer");
        let pid = child.id();
        let mut last = (0, 0.0);
        let stdout = child.stdout.take();
        let reader = std::thread::spawn(move || {
            let mut text = String::new();
            if let Some(mut out) = stdout {
                let _ = std::io::Read::read_to_string(&mut out, &mut text);
            }
            text
        });
        loop {
            if let Ok(Some(_)) = child.try_wait() {
                break;
            }
            if let Some(s) = sample(pid) {
                last = s;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let elapsed = start.elapsed();
        let output = reader.join().unwrap_or_default();
        let games = serde_json::from_str::<serde_json::Value>(&output)
            .ok()
            .and_then(|v| v["summary"]["games"].as_u64())
            .unwrap_or(0) as usize;
        if best.as_ref().is_none_or(|b| elapsed < b.0) {
            best = Some((elapsed, last.0, last.1, games));
        }
    }
    best
}

/// Prints one file's figures; gives its MB per CPU-second.
fn report(path: &std::path::Path) -> f64 {
    let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    let Some((elapsed, hwm_kb, cpu, games)) = measure(path) else {
        return 0.0;
    };
    let secs = elapsed.as_secs_f64();
    let mb = size as f64 / 1e6;
    println!("file: {} ({mb:.1} MB, {games} games)", path.display());
    println!(
        "wall: {secs:.2} s   {:.1} MB/s   {:.0} games/s",
        mb / secs,
        games as f64 / secs
    );
    println!(
        "cpu:  {cpu:.2} s (user+system, all threads)   {:.1} MB per CPU-second",
        mb / cpu.max(0.01)
    );
    println!(
        "peak memory: {:.1} MB ({:.2}x the file)",
        hwm_kb as f64 * 1024.0 / 1e6,
        hwm_kb as f64 * 1024.0 / size.max(1) as f64
    );
    mb / cpu.max(0.01)
}

/// One single-threaded raw scan of a PBN file: read, decode, and lex every token of every game
/// in the mode its section asks for (the bytes read once, nothing built). The time, and the
/// number of tokens (printed, so that the scan cannot be optimised away).
fn raw_scan(path: &std::path::Path) -> (Duration, usize) {
    use kibitzer::syntax::pbn::lexer::{Lexer, Mode};
    use kibitzer::syntax::SyntaxKind;
    {
        let start = Instant::now();
        let bytes = std::fs::read(path).expect("bench file readable");
        let text = kibitzer::text::decode(&bytes)
            .expect("bench file decodes")
            .text;
        let mut lexer = Lexer::new(&text);
        let mut mode = Mode::Identification;
        let mut tokens = 0usize;
        while let Some(token) = lexer.peek(mode) {
            if token.kind == SyntaxKind::L_BRACK {
                // A tag pair: its name decides what the data after it is.
                mode = match lexer.peek_tag_name() {
                    "Auction" => Mode::Auction,
                    "Play" => Mode::Play,
                    _ => Mode::Section,
                };
                lexer.advance(1);
                while let Some(inner) = lexer.peek(Mode::Tag) {
                    lexer.advance(inner.len);
                    tokens += 1;
                    if matches!(inner.kind, SyntaxKind::R_BRACK | SyntaxKind::NEWLINE) {
                        break;
                    }
                }
                continue;
            }
            lexer.advance(token.len);
            tokens += 1;
        }
        (start.elapsed(), tokens)
    }
}

/// `kibitzer check --format json` of `path`, the command every figure here times.
fn check_command(path: &std::path::Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_kibitzer"));
    command.args(["check", "--format", "json"]).arg(path);
    command
}

/// The wall time of one `kibitzer check` of `path` (on every core).
fn check_once(path: &std::path::Path) -> Duration {
    let start = Instant::now();
    let status = check_command(path)
        .stdout(Stdio::null())
        .status()
        .expect("run kibitzer");
    let elapsed = start.elapsed();
    // 1 is a check that found something (a KIBITZER_BENCH_FILE may have findings); 2 is a failure.
    assert!(
        matches!(status.code(), Some(0 | 1)),
        "kibitzer check of the bench file failed: {status}"
    );
    elapsed
}

fn main() {
    let pbn = bench_file();
    // The scan and the check take turns, five rounds, and each keeps its best time: on a shared
    // machine the speed drifts over seconds, and measuring one after the other would compare
    // two different machines.
    let (mut scan, mut check, mut tokens) = (Duration::MAX, Duration::MAX, 0);
    let mut ratios = Vec::new();
    for _ in 0..5 {
        let (round_scan, round_tokens) = raw_scan(&pbn);
        let round_check = check_once(&pbn);
        ratios.push(round_check.as_secs_f64() / round_scan.as_secs_f64().max(1e-9));
        scan = scan.min(round_scan);
        check = check.min(round_check);
        tokens = round_tokens;
    }
    let size = std::fs::metadata(&pbn).map(|m| m.len()).unwrap_or(0) as f64 / 1e6;
    println!(
        "raw token scan (one thread): {:.2} s   {:.1} MB/s   {tokens} tokens",
        scan.as_secs_f64(),
        size / scan.as_secs_f64().max(1e-9)
    );
    let rounds: Vec<String> = ratios.iter().map(|r| format!("{r:.2}")).collect();
    // Each round times the two back to back, so its ratio is the one least moved by the
    // machine's drift; the median of the rounds is printed beside the best against best.
    ratios.sort_by(f64::total_cmp);
    println!(
        "check / raw scan: {:.2}x the time, best against best (wall, check on every core; target 4x or less); median of the rounds {:.2}x; each round: {}",
        check.as_secs_f64() / scan.as_secs_f64().max(1e-9),
        ratios[ratios.len() / 2],
        rounds.join(" ")
    );
    let pbn_speed = report(&pbn);
    let lin = lin_file(&pbn);
    let lin_speed = report(&lin);
    println!(
        "LIN per byte: {:.2}x the speed of PBN (MB per CPU-second; 1.00 or more is as fast)",
        lin_speed / pbn_speed.max(0.001)
    );
}
