//! The formatter over every file of the shared corpus (`../shared/corpus/pbn/`, required), with
//! the default options and with `--export --eol crlf`:
//! - formatting is idempotent;
//! - the analysed model of every game is the same before and after (tags through the analysis
//!   readers, the deal, the calls with their seats and annotations, the cards by trick and seat,
//!   the notes of each section, the table cells; see `common/meaning.rs`);
//! - `check` reports no code on the output that it did not report on the input (only the codes
//!   formatting fixes may disappear: long lines, a missing final line end, non-standard
//!   spellings, export order, a missing `*`, and in export mode the missing mandatory tags);
//! - every comment and `%` line is still there, in the same game;
//! - games with syntax errors are left alone.

mod common;

use std::path::PathBuf;
use std::time::Instant;

use common::meaning::{compare, view};
use kibitzer::analysis::CheckOptions;
use kibitzer::format::render::push_converted;
use kibitzer::format::{format_game, format_text, Eol, FormatOptions, Settings};
use kibitzer::syntax::Parse;
use kibitzer::text::decode;

fn corpus() -> Vec<(PathBuf, String)> {
    let files = common::corpus_files("pbn", "pbn");
    assert!(files.len() > 100, "the corpus looks incomplete");
    files
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).unwrap();
            let text = decode(&bytes).unwrap().text;
            (path, text)
        })
        .collect()
}

/// The lines around the first difference of two texts.
fn first_difference(once: &str, twice: &str) -> String {
    let line = once
        .lines()
        .zip(twice.lines())
        .position(|(a, b)| a != b)
        .unwrap_or(0);
    let around = |text: &str| {
        text.lines()
            .skip(line.saturating_sub(3))
            .take(8)
            .collect::<Vec<_>>()
            .join("\n")
    };
    format!(
        "near line {}:\n{}\n---\n{}",
        line + 1,
        around(once),
        around(twice)
    )
}

/// The text with every line end written as `eol`.
fn converted(text: &str, eol: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 20);
    push_converted(&mut out, text, eol);
    out
}

/// Formats every corpus file with `options` and returns every problem found.
fn check_corpus(options: &FormatOptions) -> Vec<String> {
    let check_options = CheckOptions {
        export: options.export,
    };
    let started = Instant::now();
    let mode = if options.export { "export" } else { "default" };
    let mut problems = Vec::new();
    let mut games = 0;
    for (path, text) in corpus() {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let once = format_text(&text, options);
        let twice = format_text(&once, options);
        if once != twice {
            problems.push(format!(
                "{name}: not idempotent {}",
                first_difference(&once, &twice)
            ));
        }
        // Line ends are compared as the output writes them: a line of 254 characters and LF
        // is fine, with CRLF it is one too long (S006), and that is the conversion asked for.
        let baseline = match options.eol {
            Eol::Keep => text.clone(),
            Eol::Lf => converted(&text, "\n"),
            Eol::Crlf => converted(&text, "\r\n"),
        };
        let before = view(&baseline, &check_options);
        let after = view(&once, &check_options);
        games += before.pieces.iter().filter(|p| p.game.is_some()).count();
        for problem in compare(&before, &after, options.export) {
            problems.push(format!("{name} ({mode}): {problem}"));
        }
        if options.export {
            let has_header = once
                .lines()
                .take_while(|l| l.starts_with('%'))
                .any(|l| l.trim_end() == "% EXPORT");
            if !once.is_empty() && !has_header {
                problems.push(format!("{name}: no export header"));
            }
        }
    }
    assert!(games > 10_000, "only {games} games in the corpus");
    eprintln!(
        "{games} games checked in {:.1} s ({options:?})",
        started.elapsed().as_secs_f64()
    );
    problems
}

fn report(problems: &[String]) {
    // `KIBITZER_ALL_PROBLEMS=1` prints every problem, not only the first ones.
    if std::env::var_os("KIBITZER_ALL_PROBLEMS").is_some() {
        for problem in problems {
            eprintln!("PROBLEM {problem}");
        }
    }
    let shown: Vec<&str> = problems.iter().take(20).map(String::as_str).collect();
    assert!(
        problems.is_empty(),
        "{} problems, the first ones:\n{}",
        problems.len(),
        shown.join("\n")
    );
}

#[test]
fn corpus_formats_idempotently_and_keeps_meaning() {
    report(&check_corpus(&FormatOptions::default()));
}

#[test]
fn corpus_in_export_crlf_mode_keeps_meaning() {
    report(&check_corpus(&FormatOptions {
        export: true,
        eol: Eol::Crlf,
    }));
}

/// The formatter's own reading must refuse every game the parser finds a syntax error in:
/// checked on the corpus and on damaged copies of its games.
#[test]
fn games_with_syntax_errors_are_left_alone() {
    let settings = Settings {
        eol: "\n",
        convert_eol: false,
        export: false,
        inherited: 0,
    };
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n.max(1) as u64) as usize
    };
    let inserts = [
        "\"", "[", "]", "{", "}", " x ", "\t", "=", "$", "^", "\n", "?", ";",
    ];
    let mut checked = 0;
    for (_, text) in corpus() {
        let parse = Parse::new(&text);
        for (index, child) in parse.children().iter().enumerate() {
            if child.as_node().is_none() || index % 3 != 0 {
                continue;
            }
            let range = parse.child_range(index).unwrap();
            let chunk = &text[range];
            for attempt in 0..4 {
                let mut damaged = chunk.to_string();
                if attempt > 0 {
                    let mut at = next(damaged.len());
                    while !damaged.is_char_boundary(at) {
                        at -= 1;
                    }
                    if attempt % 2 == 0 {
                        let mut end = (at + 1 + next(3)).min(damaged.len());
                        while !damaged.is_char_boundary(end) {
                            end += 1;
                        }
                        damaged.replace_range(at..end, "");
                    } else {
                        damaged.insert_str(at, inserts[next(inserts.len())]);
                    }
                }
                let chunk_parse = Parse::new(&damaged);
                if chunk_parse.children().len() == 1 && !chunk_parse.errors().is_empty() {
                    assert_eq!(
                        format_game(&damaged, &settings),
                        None,
                        "a game with a syntax error was reformatted:\n{damaged}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 500, "only {checked} damaged games were checked");
}

/// Parsed and unparsed paths agree: the language server's edits give format_text's result.
#[test]
fn document_edits_match_format_text() {
    for (path, text) in corpus().into_iter().step_by(7) {
        let options = FormatOptions::default();
        let parse = Parse::new(&text);
        let mut edits = kibitzer::format::format_document(&parse, &text, &options);
        edits.reverse();
        let mut result = text.clone();
        for edit in edits {
            result.replace_range(
                usize::from(edit.range.start())..usize::from(edit.range.end()),
                &edit.new_text,
            );
        }
        assert!(
            result == format_text(&text, &options),
            "{}: edits differ from format_text",
            path.display()
        );
    }
}
