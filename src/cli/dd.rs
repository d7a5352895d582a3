//! `kibitzer dd [--write] [--format human|json] PATH...`: each board's double-dummy table and
//! par; with `--write`, the results written into PBN files in place.
//!
//! Every file is read, its deals solved in batches on every core, and (with `--write`) the file
//! replaced atomically before the next one starts: interrupted at any moment, each file is either
//! untouched or complete. Disjoint sets of files can be given to separate processes, on one
//! machine or many (see the README): they share nothing.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::{json, Value};

use crate::analysis::double_dummy::DoubleDummyGame;
use crate::analysis::solve::double_dummy_games;
use crate::bridge::{Deal, Seat};
use crate::diagnostic::apply_edits;
use crate::double_dummy::tags::{write_optimum_score, write_par_contracts};
use crate::double_dummy::{
    par_for, solve_each_denomination, Par, TrickTable, DECLARERS, DENOMINATIONS,
};
use crate::parallel::available_threads;
use crate::text::encode;
use crate::Notation;

/// How `dd` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum DdFormat {
    /// A table per board, for people.
    Human,
    /// One JSON document.
    Json,
}

/// Arguments of `kibitzer dd`.
#[derive(Debug, clap::Args)]
pub(crate) struct DdArgs {
    /// Write OptimumResultTable and OptimumScore into each PBN file (and update
    /// DoubleDummyTricks and ParContract where the file has them), atomically.
    #[arg(long)]
    write: bool,
    /// How to print the tables.
    #[arg(long, value_enum, default_value_t = DdFormat::Human)]
    format: DdFormat,
    /// The file name standard input (`-`) stands for: its notation (by extension) and the
    /// name it is reported under.
    #[arg(long, value_name = "NAME")]
    stdin_filename: Option<PathBuf>,
    /// Files, or folders searched recursively; `-` reads standard input (as PBN, unless
    /// --stdin-filename names another notation).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

impl DdArgs {
    /// The name `path` is reported under: the --stdin-filename for `-`.
    fn shown<'p>(&'p self, path: &'p Path) -> &'p Path {
        match self.stdin_filename.as_deref() {
            Some(name) if super::files::is_stdin(path) => name,
            _ => path,
        }
    }
}

/// One board of a file, as printed.
struct BoardResult {
    board: Option<String>,
    dealer: Option<Seat>,
    vulnerable: Option<&'static str>,
    solved: Option<(TrickTable, Option<Par>)>,
}

/// Runs `dd`; exit code 0, or 2 when a file could not be read or written.
pub fn run(args: &DdArgs) -> ExitCode {
    let (files, mut failures) = super::files::gather("dd", &args.paths);
    let progress = progress_bar(&files);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut json_files = Vec::new();
    for path in &files {
        match dd_file(path, args, &progress) {
            Ok(boards) => match args.format {
                DdFormat::Human => {
                    let text = human(args.shown(path), &boards);
                    let mut written = Ok(());
                    progress.suspend(|| written = out.write_all(text.as_bytes()));
                    if let Err(error) = written {
                        progress.finish_and_clear();
                        return super::exit_after_output("dd", Err(error), ExitCode::SUCCESS);
                    }
                }
                DdFormat::Json => json_files.push(json!({
                    "path": args.shown(path).display().to_string(),
                    "boards": boards.iter().map(board_json).collect::<Vec<_>>(),
                })),
            },
            Err(message) => {
                progress.suspend(|| eprintln!("kibitzer dd: {message}"));
                failures += 1;
            }
        }
    }
    progress.finish_and_clear();
    let mut written = Ok(());
    if args.format == DdFormat::Json {
        let document = json!({ "files": json_files });
        written = writeln!(out, "{document}");
    }
    let written = written.and_then(|()| out.flush());
    let done = if failures > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    };
    super::exit_after_output("dd", written, done)
}

/// A progress bar over the deals of all files (counted by their `Deal` tags), stepped at each
/// denomination solved (so that one hard deal does not hold it still), with an ETA; hidden
/// when standard error is no terminal.
fn progress_bar(files: &[PathBuf]) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let deals: usize = files
        .iter()
        .filter_map(|f| std::fs::read(f).ok())
        .map(|bytes| memchr::memmem::find_iter(&bytes, b"[Deal ").count())
        .sum();
    let steps = (deals * DENOMINATIONS.len()) as u64;
    let bar = ProgressBar::with_draw_target(Some(steps), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{bar:30} {msg} · {elapsed} (eta {eta})")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.set_message(format!("0/{deals} deals · starting"));
    // Drawn from the start, not only when the first deal is done.
    bar.enable_steady_tick(std::time::Duration::from_millis(250));
    bar
}

/// Solves `deals` on every core, stepping the bar at each denomination.
fn solve_deals(deals: &[Option<Deal>], progress: &ProgressBar) -> Vec<Option<TrickTable>> {
    let solvable: Vec<Deal> = deals.iter().flatten().copied().collect();
    let per_deal = DENOMINATIONS.len() as u64;
    // The bar counts `[Deal ` tags: a board whose deal is incomplete is no step of it.
    let step = || {
        progress.inc(1);
        let done = progress.position() / per_deal;
        let seconds = progress.elapsed().as_secs_f64().max(1e-3);
        let total = progress.length().unwrap_or(0) / per_deal;
        progress.set_message(format!(
            "{done}/{total} deals · {:.1} deals/s",
            done as f64 / seconds
        ));
    };
    let mut solved = solve_each_denomination(&solvable, available_threads(), &step).into_iter();
    deals
        .iter()
        .map(|deal| deal.and_then(|_| solved.next().flatten()))
        .collect()
}

/// Solves one file's boards, and with `--write` writes the results into it.
fn dd_file(path: &Path, args: &DdArgs, progress: &ProgressBar) -> Result<Vec<BoardResult>, String> {
    if args.write && super::files::is_stdin(path) {
        return Err("--write rewrites files: standard input has none to write to".to_string());
    }
    let named = args
        .stdin_filename
        .as_deref()
        .filter(|_| super::files::is_stdin(path))
        .map(Notation::from_path);
    let (source, notation) = super::files::read_document(path, named)
        .map_err(|e| super::files::read_failure(path, &e))?;
    if notation != Notation::Pbn {
        if args.write {
            // A folder may hold other notations beside its PBN files: their tables are printed,
            // and the run does not fail for them.
            eprintln!(
                "kibitzer dd: {}: not written: {} has no tags for double-dummy results (only PBN files are written); its tables are printed",
                path.display(),
                notation.name()
            );
        }
        let boards = notation.read_boards(&source.text);
        let deals: Vec<Option<Deal>> = boards.iter().map(|b| b.whole_deal()).collect();
        let tables = solve_deals(&deals, progress);
        return Ok(boards
            .iter()
            .zip(tables)
            .map(|(b, table)| {
                let dealer = b.dealer();
                let vulnerability = b.vulnerability();
                BoardResult {
                    board: b.fact("Board").map(str::to_string),
                    dealer,
                    vulnerable: vulnerability.map(|v| v.pbn()),
                    solved: table.map(|t| {
                        let par = vulnerability.map(|v| par_for(&t, v, dealer));
                        (t, par)
                    }),
                }
            })
            .collect());
    }
    let games = double_dummy_games(&source.text);
    let deals: Vec<Option<Deal>> = games.iter().map(DoubleDummyGame::complete_deal).collect();
    let tables = solve_deals(&deals, progress);
    if args.write {
        write_results(path, &source, &games, &tables)?;
    }
    Ok(games
        .iter()
        .zip(tables)
        .map(|(game, table)| BoardResult {
            board: game.board.clone(),
            dealer: game.dealer,
            vulnerable: game.vulnerability.map(|v| v.pbn()),
            solved: table.map(|t| (t, game.par(&t))),
        })
        .collect())
}

/// Writes every solved game's results into the file, atomically, when anything changes.
fn write_results(
    path: &Path,
    source: &crate::text::SourceText,
    games: &[DoubleDummyGame],
    tables: &[Option<TrickTable>],
) -> Result<(), String> {
    let edits: Vec<_> = games
        .iter()
        .zip(tables)
        .filter_map(|(game, table)| Some(game.edits(table.as_ref()?)))
        .flatten()
        .collect();
    let new_text = apply_edits(&source.text, &edits);
    if new_text == source.text {
        return Ok(());
    }
    let name = path.display();
    let bytes = encode(&new_text, source.encoding, source.bom).ok_or_else(|| {
        format!(
            "{name}: the results cannot be written in {}; the file is left as it was",
            source.encoding.name()
        )
    })?;
    super::files::rewrite_source(path, source, &bytes)
        .map_err(|e| format!("{name}: cannot write ({e}); this run left the file untouched"))
}

fn human(path: &Path, boards: &[BoardResult]) -> String {
    let mut out = String::new();
    for b in boards {
        let board = b.board.as_deref().unwrap_or("?");
        out.push_str(&format!("{} board {board}", path.display()));
        if let Some(dealer) = b.dealer {
            out.push_str(&format!(", dealer {}", dealer.letter()));
        }
        if let Some(v) = b.vulnerable {
            out.push_str(&format!(", vulnerable {v}"));
        }
        out.push('\n');
        let Some((table, par)) = &b.solved else {
            out.push_str("  no complete deal\n\n");
            continue;
        };
        out.push_str("     NT  S  H  D  C\n");
        for seat in DECLARERS {
            out.push_str(&format!("  {} ", seat.letter()));
            for d in DENOMINATIONS {
                out.push_str(&format!("{:>3}", table.tricks(seat, d)));
            }
            out.push('\n');
        }
        if let Some(par) = par {
            out.push_str(&format!(
                "  par {} ({})\n",
                write_optimum_score(par),
                write_par_contracts(par)
            ));
        }
        out.push('\n');
    }
    out
}

fn board_json(b: &BoardResult) -> Value {
    let (tricks, par) = match &b.solved {
        Some((table, par)) => {
            let mut by_seat = serde_json::Map::new();
            for seat in DECLARERS {
                let mut row = serde_json::Map::new();
                for d in DENOMINATIONS {
                    row.insert(d.pbn().to_string(), json!(table.tricks(seat, d)));
                }
                by_seat.insert(seat.letter().to_string(), Value::Object(row));
            }
            let par = par.as_ref().map(|p| {
                json!({
                    "score": p.score,
                    "optimumScore": write_optimum_score(p),
                    "contracts": write_par_contracts(p),
                })
            });
            (Value::Object(by_seat), par.unwrap_or(Value::Null))
        }
        None => (Value::Null, Value::Null),
    };
    json!({
        "board": b.board,
        "dealer": b.dealer.map(|d| d.letter().to_string()),
        "vulnerable": b.vulnerable,
        "tricks": tricks,
        "par": par,
    })
}
