//! Compares Kibitzer's verdicts with the reference PBN Verifier's, game by game.
//!
//! `cargo run --release --example reference_diff -- --logs DIR FILE...`: DIR holds the
//! verifier's `<name>.log` and `<name>.out` for each FILE (as `verify.sh verify -d DIR` writes
//! them). For every game the two agree when the reference reports an error-class problem (F, S,
//! E) exactly when Kibitzer reports an error, and a warning (W) or worse exactly when Kibitzer
//! reports a warning or worse. A disagreement is either explained by one of the reasons in
//! [`EXPLAINED`] (each written down in `docs/diagnostics.md`) or printed, and any unexplained one
//! makes the exit status 1. `--show-explained` prints the explained ones too. Every file is also
//! formatted twice in each mode (`fmt` and `fmt --export`): a second run that changes anything
//! fails the comparison as well.

use kibitzer::analysis::CheckOptions;
use kibitzer::diagnostic::Severity;
use kibitzer::syntax::{Parse, SyntaxKind};
use kibitzer::Notation;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// One message of the reference verifier about a game.
#[derive(Debug, Clone)]
struct RefMessage {
    /// F, S, E, W, R or I.
    severity: char,
    /// The message text, such as `Bad call`.
    text: String,
    /// The line of the file it is about (0-based), and that line's text.
    at: usize,
    line: String,
}

impl RefMessage {
    fn is_error(&self) -> bool {
        matches!(self.severity, 'F' | 'S' | 'E')
    }
    fn is_warning_or_worse(&self) -> bool {
        self.is_error() || self.severity == 'W'
    }
}

/// What the reference said of one file: its game count, and its messages with the 0-based line
/// of the file each one is about.
#[derive(Debug, Default)]
struct RefReport {
    games: Option<usize>,
    messages: Vec<(usize, RefMessage)>,
}

/// Reads the verifier's verbose log (`-v`: the file's lines echoed, each problem's caret line and
/// messages after the line at fault), and places each message on a line of the file. The echo is
/// not the file line for line (runs of empty lines come out as one, a line over 255 characters
/// as several), so echoed lines are matched to the file's in order.
fn read_reference(logs: &Path, file: &Path, lines: &[&str]) -> Result<RefReport, String> {
    let name = file
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| format!("{}: no file name", file.display()))?;
    let log_path = logs.join(format!("{name}.log"));
    let out_path = logs.join(format!("{name}.out"));
    let log = std::fs::read(&log_path).map_err(|e| format!("{}: {e}", log_path.display()))?;
    let out = std::fs::read(&out_path).map_err(|e| format!("{}: {e}", out_path.display()))?;
    let log = decode_like_reference(&log).replace('\r', "");
    let out = String::from_utf8_lossy(&out);
    let mut report = RefReport::default();
    for line in out.lines() {
        if let Some(n) = line.strip_prefix("Total number of games read : ") {
            report.games = n.trim().parse().ok();
        }
    }
    let log_lines: Vec<&str> = log.lines().collect();
    let is_message = |line: &str| {
        let bytes = line.as_bytes();
        bytes.len() > 3 && b"FSEWRI".contains(&bytes[0]) && &bytes[1..3] == b": "
    };
    // The next file line to match, the line last matched, and what is left of a long line.
    let mut next = 0usize;
    let mut current = 0usize;
    let mut rest: Option<String> = None;
    for (k, line) in log_lines.iter().enumerate() {
        if line.starts_with("% ==================== game ") {
            continue;
        }
        if is_message(line) {
            report.messages.push((
                current,
                RefMessage {
                    severity: line.as_bytes()[0] as char,
                    text: line[3..].trim_end().to_string(),
                    at: current,
                    line: String::new(),
                },
            ));
            continue;
        }
        // The caret line under the line at fault.
        if log_lines.get(k + 1).is_some_and(|l| is_message(l))
            && k > 0
            && !is_message(log_lines[k - 1])
            && line.chars().all(|c| c == '^' || c == ' ')
        {
            continue;
        }
        let line = &*key(line);
        if let Some(left) = rest.take() {
            if !line.is_empty() && left.starts_with(line) {
                rest = Some(left[line.len()..].to_string()).filter(|r| !r.is_empty());
                continue;
            }
        }
        let blank = |l: &str| l.trim_matches([' ', '\t']).is_empty();
        loop {
            let Some(source) = lines.get(next).map(|l| key(l)) else {
                if blank(line) {
                    break;
                }
                return Err(format!(
                    "{}: echoed line {} (`{line}`) is past the end of the file",
                    log_path.display(),
                    k + 1
                ));
            };
            if source == line || blank(&source) && blank(line) {
                current = next;
                next += 1;
                break;
            }
            if !line.is_empty() && source.starts_with(line) {
                current = next;
                next += 1;
                rest = Some(source[line.len()..].to_string());
                break;
            }
            if blank(&source) {
                next += 1;
                continue;
            }
            if blank(line) {
                // An empty line the reference adds of its own.
                break;
            }
            return Err(format!(
                "{}: echoed line {} (`{line}`) is not line {} of the file (`{source}`)",
                log_path.display(),
                k + 1,
                next + 1
            ));
        }
    }
    Ok(report)
}

/// What of a line is compared with the reference's echo: its printable ASCII characters but `?`
/// (the reference reads bytes as Latin-1 and writes what it cannot show as `?`; it turns a tab
/// into a space).
fn key(line: &str) -> String {
    line.chars()
        .filter(|c| c.is_ascii_graphic() && *c != '?')
        .collect()
}

/// The text of the verifier's log: it writes in Latin-1 unless the bytes are UTF-8.
fn decode_like_reference(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => bytes.iter().map(|b| char::from(*b)).collect(),
    }
}

/// Why a disagreement is expected: a rule over the reference's messages and our codes.
struct Explanation {
    /// The reason, as `docs/diagnostics.md` gives it.
    reason: &'static str,
    /// Whether the disagreement is this one.
    applies: fn(&Disagreement) -> bool,
    /// Whether it may explain an error that only Kibitzer reports. The severity policy
    /// (`docs/diagnostics.md`) allows that only for what cannot happen at the table; any other
    /// reason explains a warning at most.
    error_allowed: bool,
}

/// The reason for a disagreement: one of [`EXPLAINED`], or, when Kibitzer alone is stricter
/// and each of its findings at that level has a reason of its own, those reasons together. An
/// error only Kibitzer reports is explained only by a reason that allows one.
fn explanation(d: &Disagreement) -> Option<&'static str> {
    let kibitzer_alone_errs = d.level == "error" && !d.reference_stricter();
    let allowed = |e: &&Explanation| e.error_allowed || !kibitzer_alone_errs;
    if let Some(e) = EXPLAINED.iter().find(|e| (e.applies)(d) && allowed(e)) {
        return Some(e.reason);
    }
    if d.reference_stricter() {
        return None;
    }
    let ours = d.ours_at_level();
    let each_alone = ours.iter().all(|finding| {
        let alone = Disagreement {
            ours: vec![(*finding).clone()],
            reference: d.reference.clone(),
            section_of: d.section_of.clone(),
            text: d.text.clone(),
            file: d.file.clone(),
            ..*d
        };
        EXPLAINED.iter().any(|e| (e.applies)(&alone) && allowed(&e))
    });
    (!ours.is_empty() && each_alone).then_some("several of these reasons in one game")
}

/// Whether the text's head says `% PBN 1.0` (the reference then verifies it as PBN 1.0; the
/// test script looks at the same 4,000 first bytes to choose the reference's version).
fn declares_pbn_1(text: &str) -> bool {
    let mut end = text.len().min(4000);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end]
        .lines()
        .any(|l| l.trim_end_matches('\r').starts_with("% PBN 1."))
}

/// One game on which the verdicts differ.
#[derive(Debug)]
struct Disagreement {
    file: PathBuf,
    game: usize,
    /// The game's first line (1-based) and its text (for the first game, from the file's start).
    line: usize,
    text: String,
    /// For each line of the game's text, the name of the tag whose section it is in.
    section_of: Vec<(usize, String)>,
    /// The first line of the game's text (0-based) with a character outside ASCII.
    first_non_ascii: Option<usize>,
    /// Whether the file declares PBN 1.0.
    pbn_1: bool,
    /// Which verdict differs: "error" or "warning".
    level: &'static str,
    reference: Vec<RefMessage>,
    ours: Vec<(String, Severity, String)>,
}

/// Whether the game differs only by warnings of ours, all of the one code `code`.
fn only_our_warnings_of(d: &Disagreement, code: &str) -> bool {
    !d.reference_stricter()
        && d.level == "warning"
        && d.ours_at_level()
            .iter()
            .all(|(c, severity, _)| c == code && *severity == Severity::Warning)
}

impl Disagreement {
    /// Whether the reference said more than we did (rather than less).
    fn reference_stricter(&self) -> bool {
        match self.level {
            "error" => self.reference.iter().any(RefMessage::is_error),
            _ => self.reference.iter().any(RefMessage::is_warning_or_worse),
        }
    }
    /// The reference's messages at this level.
    fn ref_at_level(&self) -> Vec<&RefMessage> {
        self.reference
            .iter()
            .filter(|m| {
                if self.level == "error" {
                    m.is_error()
                } else {
                    m.is_warning_or_worse()
                }
            })
            .collect()
    }
    /// Our findings at this level.
    fn ours_at_level(&self) -> Vec<&(String, Severity, String)> {
        self.ours
            .iter()
            .filter(|(_, s, _)| {
                if self.level == "error" {
                    *s == Severity::Error
                } else {
                    *s >= Severity::Warning
                }
            })
            .collect()
    }
}

/// The differences we chose; `docs/diagnostics.md` says why, under "Where Kibitzer differs from
/// the reference verifier". Each rule names the reason as the docs do.
const EXPLAINED: &[Explanation] = &[
    Explanation {
        reason: "a wrong value inherited with `#` is reported once, where it is written (the reference reports it again on every `#` that takes it)",
        applies: |d| {
            d.reference_stricter()
                && d.ref_at_level().iter().all(|m| {
                    m.text == "Bad tag value" && m.line.trim().ends_with("\"#\"]")
                })
        },
        error_allowed: false,
    },
    Explanation {
        reason: "new tag names are not warned about (the standard allows them)",
        applies: |d| {
            d.level == "warning"
                && d.reference_stricter()
                && d.ref_at_level().iter().all(|m| m.text == "New tag name")
        },
        error_allowed: false,
    },
    Explanation {
        reason: "UTF-8 is read as UTF-8 (the reference reads every byte as Latin-1)",
        applies: |d| {
            // The reference's cascade starts at the first byte it cannot read.
            d.reference_stricter()
                && d.ours_at_level().is_empty()
                && d
                    .first_non_ascii
                    .is_some_and(|first| d.ref_at_level().iter().all(|m| m.at >= first))
        },
        error_allowed: false,
    },
    Explanation {
        reason: "the data of a section under a tag the standard does not define is skipped (standard 4.9)",
        applies: |d| {
            d.reference_stricter()
                && d.ours_at_level().is_empty()
                && d.ref_at_level().iter().all(|m| {
                    m.text == "Bad character"
                        && d.section_of
                            .iter()
                            .rev()
                            .find(|(line, _)| *line < m.at)
                            .is_some_and(|(_, name)| !kibitzer::analysis::pbn::tags::is_known(name))
                })
        },
        error_allowed: false,
    },
    Explanation {
        reason: "export format needs the whole Mandatory Tag Set: a warning (the reference does not check it)",
        applies: |d| {
            !d.reference_stricter()
                && d.ours_at_level().iter().all(|(code, _, _)| code == "T106")
        },
        error_allowed: false,
    },
    Explanation {
        reason: "an auction that stops before its end without `+` or `*` is worth a warning (the standard only recommends `+`)",
        applies: |d| {
            !d.reference_stricter()
                && d.level == "warning"
                && d.ours_at_level().iter().all(|(code, _, _)| code == "A306")
        },
        error_allowed: false,
    },
    Explanation {
        reason: "a mark that stands before no call or card, or `^I` before a pass, double or redouble, is a warning (the reference passes over it)",
        applies: |d| {
            !d.reference_stricter()
                && d.ours_at_level().iter().all(|(code, _, message)| {
                    matches!(code.as_str(), "A311" | "P509")
                        && (message.contains("is not followed by")
                            || message.contains("is no bid"))
                })
        },
        error_allowed: false,
    },
    Explanation {
        reason: "after `^X` (declarer and dummy swapped) the Play tag names X's left-hand opponent, whose lead caused the swap (the reference rewrites the Play tag)",
        applies: |d| {
            !d.reference_stricter()
                && d.ours_at_level().iter().all(|(code, _, message)| {
                    code == "P505" && message.contains("after declarer and dummy were swapped")
                })
        },
        error_allowed: true,
    },
    Explanation {
        reason: "a note reference must follow its call or card, not a mark: a warning (the reference passes over it)",
        applies: |d| {
            !d.reference_stricter()
                && d.ours_at_level().iter().all(|(code, _, message)| {
                    matches!(code.as_str(), "A301" | "P501") && message.contains("annotates nothing")
                })
        },
        error_allowed: false,
    },
    Explanation {
        reason: "values are checked for meaning too: a month or day past its end (the reference checks only that it is not 0) or board 0 is a warning, a table's fourteenth trick an error (impossible at the table)",
        applies: |d| {
            !d.reference_stricter()
                && d.ours_at_level().iter().all(|(code, _, message)| {
                    code == "T102"
                        && (message.contains("out of range") || message.contains("positive whole number"))
                        || code == "B703" && message.contains("from 0 to 13")
                })
        },
        error_allowed: true,
    },
    Explanation {
        reason: "a NAG of the reference's explanation ranges ($20–$93 for calls, $200–$238 for cards) on the other kind is a warning: the standard leaves $15–$255 to both (3.10)",
        applies: |d| {
            d.reference_stricter()
                && d.ref_at_level().iter().all(|m| m.text == "Bad nag")
                && d.ours.iter().any(|(code, severity, message)| {
                    code == "G602" && *severity == Severity::Warning && message.contains("reference verifier keeps")
                })
        },
        error_allowed: false,
    },
    Explanation {
        reason: "a Deal that gives no hand (`N:- - - -`) is a warning with the fix `?`: the standard lets hands be left out (3.4.11); the reference rejects it, and reads no card of the play after it",
        applies: |d| {
            d.reference_stricter()
                && d.ours.iter().any(|(code, severity, _)| code == "D207" && *severity == Severity::Warning)
                && d.ref_at_level().iter().all(|m| {
                    matches!(m.text.as_str(), "Bad deal" | "No deal" | "Bad character")
                })
        },
        error_allowed: false,
    },
    Explanation {
        reason: "a Result marked `^` with no trick, or too few, played to show the difference is a warning (the reference reports Bad result)",
        applies: |d| {
            d.reference_stricter()
                && d.ref_at_level().iter().all(|m| m.text == "Bad result")
                && d.ours.iter().any(|(code, severity, message)| {
                    code == "P509" && *severity == Severity::Warning && message.contains("Result")
                })
        },
        error_allowed: false,
    },
    Explanation {
        reason: "the reference checks OptimumScore (the par score) against the Result",
        applies: |d| {
            d.reference_stricter()
                && d.text.contains("[OptimumScore ")
                && d.ref_at_level().iter().all(|m| m.text == "Bad score")
        },
        error_allowed: false,
    },
    Explanation {
        reason: "a call spelled in a case the standard's table does not give (`PASS`) is a warning (the reference reads calls in any case)",
        applies: |d| {
            !d.reference_stricter()
                && d.ours_at_level().iter().all(|(code, severity, message)| {
                    code == "A301"
                        && *severity == Severity::Warning
                        && message.contains("is not a PBN call")
                })
        },
        error_allowed: false,
    },
    Explanation {
        reason: "a table cell a producer spells its own way (Bridgewebs' `3D*`, `A` for an average) is a warning (the reference checks only a cell's characters)",
        applies: |d| only_our_warnings_of(d, "B703"),
        error_allowed: false,
    },
    Explanation {
        reason: "a line too long only by its CRLF is a warning (the reference counts the characters before the line end)",
        applies: |d| only_our_warnings_of(d, "S006"),
        error_allowed: false,
    },
    Explanation {
        reason: "a file headed `% PBN 1.0` that holds PBN 2.0 tables (Big Deal writes them) is read by what it holds; the reference, verifying PBN 1.0, rejects the tables' rows",
        applies: |d| {
            d.reference_stricter()
                && d.ours_at_level().is_empty()
                && d.pbn_1
                && d.ref_at_level().iter().all(|m| {
                    m.text == "Bad character"
                        && d.section_of
                            .iter()
                            .rev()
                            .find(|(line, _)| *line < m.at)
                            .is_some_and(|(_, name)| kibitzer::analysis::pbn::tables::is_table(name))
                })
        },
        error_allowed: false,
    },
];

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mut logs = None;
    let mut files = Vec::new();
    let mut show_explained = false;
    let mut exports: Option<PathBuf> = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--logs" => logs = args.next().map(PathBuf::from),
            "--exports" => exports = args.next().map(PathBuf::from),
            "--show-explained" => show_explained = true,
            _ => files.push(PathBuf::from(arg)),
        }
    }
    let Some(logs) = logs else {
        eprintln!("usage: reference_diff --logs DIR [--show-explained] FILE...");
        return ExitCode::from(2);
    };
    let mut agreed = 0usize;
    let mut agreed_on_error = 0usize;
    let (mut export_same, mut export_compared, mut export_problems) = (0usize, 0usize, 0usize);
    let mut export_skipped = 0usize;
    let mut export_pbn_1 = 0usize;
    let mut games_total = 0usize;
    let mut explained: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut unexplained = 0usize;
    let mut not_idempotent = 0usize;
    for file in &files {
        let text = match kibitzer::text::read_file(file) {
            Ok(source) => source.text,
            Err(e) => {
                eprintln!("{e}");
                unexplained += 1;
                continue;
            }
        };
        for export in [false, true] {
            use kibitzer::format::{format_text, FormatOptions};
            let options = FormatOptions {
                export,
                ..FormatOptions::default()
            };
            let once = format_text(&text, &options);
            if format_text(&once, &options) != once {
                let mode = if export { "fmt --export" } else { "fmt" };
                println!("{}: {mode} changes its own output", file.display());
                not_idempotent += 1;
            }
        }
        let lines = split_lines(&text);
        let pbn_1 = declares_pbn_1(&text);
        let reference = match read_reference(&logs, file, &lines) {
            Ok(r) => r,
            Err(e) => {
                println!("{e}");
                unexplained += 1;
                continue;
            }
        };
        let starts = game_start_lines(&text);
        if starts.is_empty() {
            continue;
        }
        let game_of_line = |line: usize| starts.partition_point(|s| *s <= line).max(1);
        let mut theirs_by_game: BTreeMap<usize, Vec<RefMessage>> = BTreeMap::new();
        for (line, message) in &reference.messages {
            let mut message = message.clone();
            message.line = lines.get(*line).copied().unwrap_or("").to_string();
            theirs_by_game
                .entry(game_of_line(*line))
                .or_default()
                .push(message);
        }
        let report = Notation::Pbn.check(&text, &CheckOptions::default());
        let ends = line_ends(&text);
        let mut ours: BTreeMap<usize, Vec<(String, Severity, String)>> = BTreeMap::new();
        for d in &report.diagnostics {
            let line = ends.partition_point(|e| *e < usize::from(d.range.start()));
            ours.entry(game_of_line(line)).or_default().push((
                d.code.to_string(),
                d.severity,
                d.message.clone(),
            ));
        }
        // The reference exports exactly the games it had nothing to say about (warnings and
        // worse leave a game out).
        let exported: Vec<bool> = (1..=starts.len())
            .map(|g| {
                !theirs_by_game
                    .get(&g)
                    .is_some_and(|m| m.iter().any(RefMessage::is_warning_or_worse))
            })
            .collect();
        // Where Kibitzer reports an error, or a mark the reference drops without a word (`^I`
        // before a pass, a documented difference), the formatter keeps what was written: a
        // difference there is counted apart.
        // So is a game whose auction or play ends with `+` (it goes on: a quiz, or a play
        // cut short), which the formatter keeps and the reference writes as `*`.
        let clean: Vec<bool> = (1..=starts.len())
            .map(|g| {
                let from = if g == 1 { 0 } else { starts[g - 1] };
                let to = starts.get(g).copied().unwrap_or(lines.len());
                let ends_with_plus = lines[from..to].iter().any(|l| {
                    let l = l.trim_end();
                    l == "+" || l.ends_with(" +")
                });
                !ends_with_plus
                    && !ours.get(&g).is_some_and(|m| {
                        m.iter().any(|(code, s, _)| {
                            *s == Severity::Error || matches!(code.as_str(), "A311" | "P509")
                        })
                    })
            })
            .collect();
        // A file that declares PBN 1.0 is exported by the reference as PBN 1.0 (whose
        // Mandatory Tag Set has no Scoring, so it moves among the other tags); Kibitzer writes
        // PBN 2.1's export format for every file. Counted apart, not compared.
        if exports.is_some() && pbn_1 {
            export_pbn_1 += exported.iter().filter(|e| **e).count();
        } else if let Some(dir) = &exports {
            let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
            match compare_export(&text, &dir.join(name), &exported, &clean) {
                Ok((same, compared, skipped)) => {
                    export_same += same;
                    export_compared += compared;
                    export_skipped += skipped;
                }
                Err(problem) => {
                    println!("{}: export: {problem}", file.display());
                    export_problems += 1;
                }
            }
        }
        for game in 1..=starts.len() {
            games_total += 1;
            let theirs = theirs_by_game.remove(&game).unwrap_or_default();
            let mine = ours.remove(&game).unwrap_or_default();
            let ref_error = theirs.iter().any(RefMessage::is_error);
            let ref_warning = theirs.iter().any(RefMessage::is_warning_or_worse);
            let our_error = mine.iter().any(|(_, s, _)| *s == Severity::Error);
            let our_warning = mine.iter().any(|(_, s, _)| *s >= Severity::Warning);
            let level = if ref_error != our_error {
                "error"
            } else if ref_warning != our_warning {
                "warning"
            } else {
                agreed += 1;
                agreed_on_error += usize::from(our_error);
                continue;
            };
            let from = if game == 1 { 0 } else { starts[game - 1] };
            let to = starts.get(game).copied().unwrap_or(lines.len());
            let game_lines = &lines[from..to];
            let disagreement = Disagreement {
                file: file.clone(),
                game,
                line: starts[game - 1] + 1,
                text: game_lines.join("\n"),
                section_of: sections_of(game_lines, from),
                first_non_ascii: game_lines
                    .iter()
                    .position(|l| !l.is_ascii())
                    .map(|k| k + from),
                pbn_1,
                level,
                reference: theirs,
                ours: mine,
            };
            match explanation(&disagreement) {
                Some(reason) => {
                    *explained.entry(reason).or_default() += 1;
                    if show_explained {
                        print_disagreement(&disagreement, Some(reason));
                    }
                }
                None => {
                    unexplained += 1;
                    print_disagreement(&disagreement, None);
                }
            }
        }
    }
    println!(
        "{} files, {games_total} games: {agreed} agree ({agreed_on_error} of them with an error from both), {} differ for a documented reason, {unexplained} unexplained",
        files.len(),
        explained.values().sum::<usize>()
    );
    for (reason, n) in &explained {
        println!("  {n:6}  {reason}");
    }
    if exports.is_some() {
        println!(
            "export: {export_same} of the {export_compared} games the reference exports are byte for byte the same (`%` lines aside); {export_skipped} more differ where Kibitzer reports an error or a needless mark, or keeps a `+` (a documented difference: the game is kept as written); {export_problems} files could not be compared; {export_pbn_1} games of files that declare PBN 1.0 are exported by the reference as PBN 1.0 and not compared"
        );
        unexplained += export_compared - export_same + export_problems;
    }
    println!(
        "fmt and fmt --export, each run twice on every file: {not_idempotent} of {} runs change their own output",
        2 * files.len()
    );
    unexplained += not_idempotent;
    if unexplained == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn print_disagreement(d: &Disagreement, reason: Option<&str>) {
    let side = if d.reference_stricter() {
        "only the reference"
    } else {
        "only Kibitzer"
    };
    println!(
        "{} game {} (line {}): {side} reports {}{}",
        d.file.display(),
        d.game,
        d.line,
        if d.level == "error" {
            "an error"
        } else {
            "a warning"
        },
        reason.map(|r| format!(" [{r}]")).unwrap_or_default()
    );
    for m in d.ref_at_level() {
        println!(
            "    reference {}: {}   | {}",
            m.severity,
            m.text,
            clip(&m.line)
        );
    }
    for (code, severity, message) in d.ours_at_level() {
        println!("    kibitzer {code} ({severity:?}): {}", clip(message));
    }
}

fn clip(text: &str) -> String {
    let text = text.trim_end();
    match text.char_indices().nth(100) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// The 0-based line on which each game of a PBN text starts.
fn game_start_lines(text: &str) -> Vec<usize> {
    let parse = Parse::new(text);
    let ends = line_ends(text);
    parse
        .syntax()
        .children()
        .filter(|n| n.kind() == SyntaxKind::GAME)
        .map(|n| ends.partition_point(|e| *e < usize::from(n.text_range().start())))
        .collect()
}

/// The offset of every line end in a text (`\n`, or `\r` not followed by `\n`): line `k` starts
/// after the `k`-th.
fn line_ends(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    (0..bytes.len())
        .filter(|&i| bytes[i] == b'\n' || bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n'))
        .collect()
}

/// The lines of a text, without their ends (`\r\n`, `\n` or `\r`).
fn split_lines(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut start = 0;
    for end in line_ends(text) {
        lines.push(text[start..end].trim_end_matches('\r'));
        start = end + 1;
    }
    if start < text.len() {
        lines.push(&text[start..]);
    }
    lines
}

/// The tags that open lines of a game (0-based line, name): a line below belongs to the section
/// of the last one above it.
fn sections_of(lines: &[&str], from: usize) -> Vec<(usize, String)> {
    lines
        .iter()
        .enumerate()
        .filter_map(|(k, line)| {
            let name: String = line
                .strip_prefix('[')?
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            Some((k + from, name))
        })
        .collect()
}

/// Compares Kibitzer's export of `text` with the reference's export (at `theirs`) on the games
/// the reference exported; (the same, compared). Differences are printed.
fn compare_export(
    text: &str,
    theirs: &Path,
    exported: &[bool],
    clean: &[bool],
) -> Result<(usize, usize, usize), String> {
    use kibitzer::format::{format_text, Eol, FormatOptions};
    let theirs_path = theirs;
    let bytes = std::fs::read(theirs).map_err(|e| format!("{}: {e}", theirs.display()))?;
    let reference = decode_like_reference(&bytes);
    let ours = format_text(
        text,
        &FormatOptions {
            export: true,
            eol: Eol::Crlf,
        },
    );
    let mine: Vec<(String, bool)> = game_texts(&ours)
        .into_iter()
        .zip(exported.iter().zip(clean))
        .filter(|(_, (e, _))| **e)
        .map(|(g, (_, c))| (g, *c))
        .collect();
    let theirs = game_texts(&reference);
    if mine.len() != theirs.len() {
        return Err(format!(
            "the reference exports {} games, {} were expected",
            theirs.len(),
            mine.len()
        ));
    }
    let (mut same, mut skipped) = (0, 0);
    for (k, ((a, clean), b)) in mine.iter().zip(&theirs).enumerate() {
        if a == b {
            same += 1;
            continue;
        }
        if !clean {
            skipped += 1;
            continue;
        }
        let (line, ours_line, their_line) = a
            .split("\r\n")
            .zip(b.split("\r\n"))
            .enumerate()
            .find(|(_, (x, y))| x != y)
            .map(|(n, (x, y))| (n + 1, x.to_string(), y.to_string()))
            .unwrap_or((
                0,
                format!("{} bytes", a.len()),
                format!("{} bytes", b.len()),
            ));
        // `KIBITZER_EXPORT_DIFFS=DIR` keeps both texts of each differing game, for a closer look.
        if let Some(dir) = std::env::var_os("KIBITZER_EXPORT_DIFFS") {
            let stem = theirs_path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or("x");
            let base = Path::new(&dir).join(format!("{stem}.{}", k + 1));
            let _ = std::fs::write(base.with_extension(format!("{}.kibitzer", k + 1)), a);
            let _ = std::fs::write(base.with_extension(format!("{}.reference", k + 1)), b);
        }
        println!(
            "{}: exported game {} differs at its line {line}: kibitzer {:?}, reference {:?}",
            theirs_path.display(),
            k + 1,
            clip(&ours_line),
            clip(&their_line)
        );
    }
    Ok((same, mine.len() - skipped, skipped))
}

/// The text of each game of an exported file, without `%` lines and the empty line after it.
fn game_texts(text: &str) -> Vec<String> {
    let parse = Parse::new(text);
    parse
        .syntax()
        .children()
        .filter(|n| n.kind() == SyntaxKind::GAME)
        .map(|n| {
            let range = n.text_range();
            text[usize::from(range.start())..usize::from(range.end())]
                .split_inclusive('\n')
                .filter(|l| !l.starts_with('%'))
                .collect::<String>()
                .trim_end_matches(['\r', '\n'])
                .to_string()
        })
        .collect()
}
