//! `kibitzer check`: diagnostics for files and folders, for people, programs and CI; `--fix`
//! applies the fixes the checks offer.

mod fix;
mod output;
mod stream;

use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Arc;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::analysis::solve::solve_then_check;
use crate::analysis::CheckOptions;
use crate::diagnostic::{Diagnostic, Severity};
use crate::text::{decode, encode, Encoding, ReadError, SourceText};
use crate::Notation;

use crate::config::{Config, ConfigError, Selection, SelectionArgs};
use output::{FileResult, Format, Located, Locator, Printer, Totals};

/// Severities accepted by `--min-severity`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MinSeverity {
    /// Everything.
    Hint,
    /// Infos, warnings and errors (the default).
    Info,
    /// Warnings and errors.
    Warning,
    /// Errors only.
    Error,
}

impl MinSeverity {
    fn severity(self) -> Severity {
        match self {
            MinSeverity::Hint => Severity::Hint,
            MinSeverity::Info => Severity::Info,
            MinSeverity::Warning => Severity::Warning,
            MinSeverity::Error => Severity::Error,
        }
    }
}

/// Arguments of `kibitzer check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// How to print the findings.
    #[arg(long = "output-format", alias = "format", value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Hold every file to export format as well.
    #[arg(long)]
    export: bool,
    /// Hide findings below this severity [default: the settings file's, else info].
    #[arg(long, value_enum)]
    min_severity: Option<MinSeverity>,
    /// Report only these codes or prefixes (`A`, `T1`, `A301`; comma-separated or repeated).
    #[arg(long, value_name = "CODES")]
    select: Vec<String>,
    /// Report these codes or prefixes as well as the selected ones.
    #[arg(long, value_name = "CODES")]
    extend_select: Vec<String>,
    /// Do not report these codes or prefixes.
    #[arg(long, value_name = "CODES")]
    ignore: Vec<String>,
    /// Apply the safe fixes in place (atomically), then report what remains.
    #[arg(long)]
    fix: bool,
    /// With --fix, also apply fixes that change what the file says (a Contract set to the
    /// auction's, say).
    #[arg(long)]
    unsafe_fixes: bool,
    /// With --fix, print the change as a unified diff instead of writing it.
    #[arg(long)]
    diff: bool,
    /// Print one line per code (count, code, name, how many are fixable) instead of the findings.
    #[arg(long)]
    statistics: bool,
    /// Check the double-dummy results files carry (OptimumResultTable, OptimumScore,
    /// DoubleDummyTricks, ParContract) against the solver: slow, a fraction of a second a deal.
    #[arg(long)]
    double_dummy: bool,
    /// Use this settings file for every file instead of the nearest `kibitzer.toml`.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Files, or folders searched recursively for the notations Kibitzer reads.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

/// What one run asks of every file.
struct Job<'a> {
    args: &'a CheckArgs,
    selection_args: SelectionArgs,
}

/// How one file is checked: the run's options with its settings file applied.
struct FileSettings {
    options: CheckOptions,
    selection: Selection,
    min: Severity,
    /// Whether to solve the deals and run the double-dummy checks.
    double_dummy: bool,
}

impl Job<'_> {
    /// The settings for `path` under `config`.
    fn settings(&self, path: &Path, config: Option<&Config>) -> Result<FileSettings, String> {
        let selection = Config::selection_for(config, path, &self.selection_args)?;
        let min = match self.args.min_severity {
            Some(min) => min.severity(),
            None => config
                .and_then(|c| c.min_severity)
                .unwrap_or(Severity::Info),
        };
        let export = self.args.export || config.and_then(|c| c.check_export).unwrap_or(false);
        Ok(FileSettings {
            options: CheckOptions {
                export,
                double_dummy: None,
            },
            double_dummy: self.args.double_dummy,
            selection,
            min,
        })
    }
}

impl FileSettings {
    /// The findings of a text that this run reports.
    fn findings(&self, notation: Notation, text: &str, threads: usize) -> (usize, Vec<Diagnostic>) {
        let report = if self.double_dummy {
            solve_then_check(&self.options, |options| {
                notation.check_on(text, options, threads)
            })
        } else {
            notation.check_on(text, &self.options, threads)
        };
        let shown = report
            .diagnostics
            .into_iter()
            .filter(|d| self.shows(d))
            .collect();
        (report.games, shown)
    }

    /// Whether a finding is shown: severe enough and selected.
    fn shows(&self, d: &Diagnostic) -> bool {
        d.severity >= self.min && self.selection.allows(d.code)
    }

    /// Checks a large PBN file window by window, when it can be (see `stream`).
    fn streamed(
        &self,
        path: &Path,
        job: &Job<'_>,
        threads: usize,
    ) -> Option<Result<Checked, String>> {
        let large = std::fs::metadata(path).is_ok_and(|m| stream::wanted(m.len()));
        if !large || job.args.fix || self.double_dummy || Notation::from_path(path) != Notation::Pbn
        {
            return None;
        }
        let excerpts = shows_excerpts(job.args);
        stream::check_streamed(path, &self.options, threads, excerpts, |d| self.shows(d))
            .transpose()
    }
}

/// A progress bar on standard error for runs over several files, with files and games per
/// second; hidden when standard error is no terminal (piped, in CI).
fn progress_bar(files: usize) -> ProgressBar {
    if files < 2 || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(files as u64), ProgressDrawTarget::stderr());
    let style =
        ProgressStyle::with_template("{bar:30} {pos}/{len} files · {msg} · {elapsed} (eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// The settings file of each file: `--config`, or the nearest `kibitzer.toml` (read once per
/// folder); the first file that cannot be used is an error.
fn settings_files(
    files: &[PathBuf],
    explicit: Option<&Path>,
) -> Result<Vec<Option<Arc<Config>>>, ConfigError> {
    if let Some(path) = explicit {
        let config = Arc::new(Config::load(path)?);
        return Ok(files.iter().map(|_| Some(config.clone())).collect());
    }
    let mut by_path: HashMap<PathBuf, Arc<Config>> = HashMap::new();
    let mut out = Vec::with_capacity(files.len());
    for file in files {
        let found = match Config::find_for(file) {
            Some(path) => match by_path.get(&path) {
                Some(config) => Some(config.clone()),
                None => {
                    let config = Arc::new(Config::load(&path)?);
                    by_path.insert(path, config.clone());
                    Some(config)
                }
            },
            None => None,
        };
        out.push(found);
    }
    Ok(out)
}

/// A checked file, or why it could not be.
struct Outcome {
    path: PathBuf,
    result: Result<Checked, String>,
}

struct Checked {
    encoding: Encoding,
    games: usize,
    findings: Vec<Located>,
    fixed: usize,
    /// With `--fix --diff`: the change, as a unified diff.
    diff: Option<String>,
}

/// Runs the check; exit code 0 (no error), 1 (errors reported, or with `--diff` a change to
/// show) or 2 (usage or I/O failure).
pub fn run(args: &CheckArgs) -> ExitCode {
    let selection_args = SelectionArgs {
        select: args.select.clone(),
        extend_select: args.extend_select.clone(),
        ignore: args.ignore.clone(),
    };
    if let Err(message) = Config::selection_for(None, Path::new(""), &selection_args) {
        eprintln!("kibitzer check: {message}");
        return ExitCode::from(2);
    }
    if (args.diff || args.unsafe_fixes) && !args.fix {
        eprintln!("kibitzer check: --diff and --unsafe-fixes go with --fix");
        return ExitCode::from(2);
    }
    let (files, mut failures) = super::files::gather(&args.paths);
    let configs = match settings_files(&files, args.config.as_deref()) {
        Ok(configs) => configs,
        Err(error) => {
            eprintln!("kibitzer check: {error}");
            return ExitCode::from(2);
        }
    };
    let job = Job {
        args,
        selection_args,
    };
    let min = args
        .min_severity
        .map_or(Severity::Info, MinSeverity::severity);
    let threads = crate::parallel::available_threads();
    let stdout = std::io::stdout();
    let colour = args.format == Format::Human && stdout.is_terminal();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut totals = Totals::default();
    let mut printer = Printer::new(args.format, colour, min, args.unsafe_fixes, args.fix);
    // --diff shows only the changes, as ruff does; --statistics only the counts.
    let printing = !args.statistics && !args.diff;
    if printing && printer.start(&mut out).is_err() {
        return ExitCode::from(2);
    }
    let inner_threads = if files.len() == 1 { threads } else { 1 };
    let progress = progress_bar(files.len());
    // Asked once: the bar's state is locked while it steps aside.
    let drawn = !progress.is_hidden();
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(usize, Outcome)>();
    let mut write_failed = false;
    std::thread::scope(|scope| {
        for _ in 0..threads.min(files.len()).max(1) {
            let sender = sender.clone();
            let (files, next, job, configs) = (&files, &next, &job, &configs);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(path) = files.get(i) else { break };
                let config = configs.get(i).cloned().flatten();
                let outcome = check_file(path, job, config.as_deref(), inner_threads);
                if sender.send((i, outcome)).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        // Print in the order the files were given, as results arrive.
        let mut pending: std::collections::BTreeMap<usize, Outcome> = Default::default();
        let mut printed = 0;
        for (i, outcome) in receiver {
            pending.insert(i, outcome);
            while let Some(outcome) = pending.remove(&printed) {
                printed += 1;
                progress.inc(1);
                match &outcome.result {
                    Err(message) => {
                        progress.suspend(|| eprintln!("kibitzer: {message}"));
                        failures += 1;
                    }
                    Ok(checked) => {
                        let file = FileResult {
                            path: &outcome.path,
                            encoding: checked.encoding.name(),
                            games: checked.games,
                            findings: &checked.findings,
                            fixed: checked.fixed,
                        };
                        totals.add(&file, args.unsafe_fixes);
                        let seconds = progress.elapsed().as_secs_f64().max(1e-3);
                        progress.set_message(format!(
                            "{:.1} files/s · {} games, {:.0} games/s",
                            totals.files as f64 / seconds,
                            totals.games,
                            totals.games as f64 / seconds
                        ));
                        // The bar steps aside while the findings are written.
                        progress.suspend(|| {
                            if let Some(diff) = &checked.diff {
                                write_failed |= out.write_all(diff.as_bytes()).is_err();
                            }
                            if printing && !write_failed && printer.file(&mut out, &file).is_err() {
                                write_failed = true;
                            }
                            if drawn {
                                write_failed |= out.flush().is_err();
                            }
                        });
                    }
                }
            }
        }
    });
    progress.finish_and_clear();
    let finished = if args.diff {
        eprintln!(
            "kibitzer check: would fix {} finding(s) in {} file(s)",
            totals.fixed, totals.files_fixed
        );
        Ok(())
    } else if printing {
        printer.finish(&mut out, &totals)
    } else {
        output::statistics(&mut out, args.format, &totals)
    };
    if write_failed || finished.is_err() || out.flush().is_err() {
        return ExitCode::from(2);
    }
    if failures > 0 {
        ExitCode::from(2)
    } else if totals.errors > 0 || (args.diff && totals.fixed > 0) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Reads a file without copying it when it is plain UTF-8.
fn read_source(path: &Path) -> Result<SourceText, ReadError> {
    let bytes = std::fs::read(path).map_err(|error| ReadError::Io {
        path: path.to_path_buf(),
        error,
    })?;
    let has_bom = bytes.starts_with(&[0xEF, 0xBB, 0xBF])
        || bytes.starts_with(&[0xFF, 0xFE])
        || bytes.starts_with(&[0xFE, 0xFF]);
    if !has_bom && bytes.len() < u32::MAX as usize {
        match String::from_utf8(bytes) {
            Ok(text) => {
                let line_ending = crate::text::LineEnding::detect(&text);
                return Ok(SourceText {
                    text,
                    encoding: Encoding::Utf8,
                    bom: false,
                    line_ending,
                });
            }
            Err(error) => return decode(error.as_bytes()),
        }
    }
    decode(&bytes)
}

fn check_file(path: &Path, job: &Job<'_>, config: Option<&Config>, threads: usize) -> Outcome {
    let result = job.settings(path, config).and_then(|settings| {
        if let Some(result) = settings.streamed(path, job, threads) {
            return result;
        }
        read_source(path)
            .map_err(|error| match error {
                ReadError::Io { .. } => error.to_string(),
                other => format!("{}: {other}", path.display()),
            })
            .and_then(|source| check_source(path, source, job, &settings, threads))
    });
    Outcome {
        path: path.to_path_buf(),
        result,
    }
}

/// Whether the findings will be printed with their source lines.
fn shows_excerpts(args: &CheckArgs) -> bool {
    args.format == Format::Human && !args.statistics && !args.diff
}

/// Checks one decoded file; with `--fix`, fixes it first and writes it back (or shows the diff).
fn check_source(
    path: &Path,
    mut source: SourceText,
    job: &Job<'_>,
    settings: &FileSettings,
    threads: usize,
) -> Result<Checked, String> {
    let notation = Notation::from_path(path);
    let args = job.args;
    let excerpts = shows_excerpts(args);
    let located = |text: &str, diagnostics: Vec<Diagnostic>| -> Vec<Located> {
        if diagnostics.is_empty() {
            return Vec::new();
        }
        let locator = Locator::new(text, 0, excerpts);
        diagnostics.into_iter().map(|d| locator.locate(d)).collect()
    };
    if !args.fix {
        let (games, diagnostics) = settings.findings(notation, &source.text, threads);
        return Ok(Checked {
            encoding: source.encoding,
            games,
            findings: located(&source.text, diagnostics),
            fixed: 0,
            diff: None,
        });
    }
    let (new_text, applied, (games, diagnostics)) =
        fix::fix_until_done(&source.text, args.unsafe_fixes, |text| {
            settings.findings(notation, text, threads)
        });
    let mut fixed = 0;
    let mut diff = None;
    // What is reported is the text as it now stands on disk: fixed, unless only shown.
    let (games, diagnostics) = if applied > 0 && new_text != source.text {
        fixed = applied;
        let name = path.display().to_string();
        if args.diff {
            let unified = similar::TextDiff::from_lines(&source.text, &new_text)
                .unified_diff()
                .context_radius(3)
                .header(&name, &name)
                .to_string();
            diff = Some(unified);
            settings.findings(notation, &source.text, threads)
        } else {
            let Some(bytes) = encode(&new_text, source.encoding, source.bom) else {
                return Err(format!(
                    "{name}: the fixed text cannot be written in {}; the file is left as it was",
                    source.encoding.name()
                ));
            };
            super::files::rewrite_source(path, &source, &bytes)
                .map_err(|error| format!("{name}: cannot write the fixes: {error}"))?;
            source.text = new_text;
            (games, diagnostics)
        }
    } else {
        (games, diagnostics)
    };
    Ok(Checked {
        encoding: source.encoding,
        games,
        findings: located(&source.text, diagnostics),
        fixed,
        diff,
    })
}
