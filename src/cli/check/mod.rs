//! `kibitzer check`: diagnostics for files and folders, for people, programs and CI; `--fix`
//! applies the fixes the checks offer.

mod flow;
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
use flow::{Event, FindingsOut, Turn};
use output::{Format, Located, Locator, Printer, Totals};

/// Severities accepted by `--min-severity`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum MinSeverity {
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
pub(crate) struct CheckArgs {
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
    /// The file name standard input (`-`) stands for: its notation (by extension), its
    /// settings file, and the name its findings are reported under.
    #[arg(long, value_name = "NAME")]
    stdin_filename: Option<PathBuf>,
    /// Files, or folders searched recursively for the notations Kibitzer reads; `-` reads
    /// standard input (as PBN, unless --stdin-filename names another notation).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

/// What one run asks of every file.
struct Job<'a> {
    args: &'a CheckArgs,
    selection_args: SelectionArgs,
    /// The path that stands for standard input in the list of files, when `-` was given.
    stdin: Option<PathBuf>,
}

impl Job<'_> {
    /// Whether `path` is standard input's place in the list of files.
    fn reads_stdin(&self, path: &Path) -> bool {
        self.stdin.as_deref() == Some(path)
    }
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
        let (games, selected) = self.selected_findings(notation, text, threads);
        let shown = selected
            .into_iter()
            .filter(|d| d.severity >= self.min)
            .collect();
        (games, shown)
    }

    /// The findings of a text whose codes are selected, whatever their severity: what `--fix`
    /// fixes (as ruff does, the selection decides what is fixed, `--min-severity` only what
    /// is shown).
    fn selected_findings(
        &self,
        notation: Notation,
        text: &str,
        threads: usize,
    ) -> (usize, Vec<Diagnostic>) {
        let report = if self.double_dummy {
            solve_then_check(&self.options, |options| {
                notation.check_on(text, options, threads)
            })
        } else {
            notation.check_on(text, &self.options, threads)
        };
        let selected = report
            .diagnostics
            .into_iter()
            .filter(|d| self.selection.allows(d.code.as_str()))
            .collect();
        (report.games, selected)
    }

    /// The findings of a text that this run reports, located and handed to `out` as the check
    /// goes; the number of games.
    fn findings_into(
        &self,
        notation: Notation,
        text: &str,
        threads: usize,
        excerpts: bool,
        out: &mut FindingsOut<'_>,
    ) -> usize {
        if self.double_dummy {
            // The solver needs every deal of the file before the check that uses its answers.
            let (games, shown) = self.findings(notation, text, threads);
            if !shown.is_empty() {
                let locator = Locator::new(text, 0, excerpts);
                out.push(shown.into_iter().map(|d| locator.locate(d)));
            }
            return games;
        }
        let mut games = 0;
        let (count, out) = (&mut games, out);
        // Made at the first finding: most files have none.
        let mut locator = None;
        notation.check_into(
            text,
            &self.options,
            threads,
            &mut move |found, diagnostics| {
                *count += found;
                let mut shown = diagnostics.into_iter().filter(|d| self.shows(d)).peekable();
                if shown.peek().is_some() {
                    let locator = locator.get_or_insert_with(|| Locator::new(text, 0, excerpts));
                    out.push(shown.map(|d| locator.locate(d)));
                }
            },
        );
        games
    }

    /// Whether a finding is shown: severe enough and selected.
    fn shows(&self, d: &Diagnostic) -> bool {
        d.severity >= self.min && self.selection.allows(d.code.as_str())
    }

    /// Checks a large PBN file window by window, when it can be (see `stream`).
    fn streamed(
        &self,
        path: &Path,
        job: &Job<'_>,
        threads: usize,
        out: &mut FindingsOut<'_>,
    ) -> Option<Result<Checked, String>> {
        let large = std::fs::metadata(path).is_ok_and(|m| stream::wanted(m.len()));
        if !large
            || job.args.fix
            || self.double_dummy
            || job.reads_stdin(path)
            || Notation::from_path(path) != Notation::Pbn
        {
            return None;
        }
        let excerpts = shows_excerpts(job.args);
        stream::check_streamed(
            path,
            &self.options,
            threads,
            excerpts,
            |d| self.shows(d),
            out,
        )
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
    let reads_stdin = args.paths.iter().any(|p| super::files::is_stdin(p));
    if reads_stdin && args.fix && !args.diff {
        eprintln!(
            "kibitzer check: --fix cannot write its fixes back to standard input; add --diff to see them, or fix a file"
        );
        return ExitCode::from(2);
    }
    let (mut files, mut failures) = super::files::gather("check", &args.paths);
    let stdin = reads_stdin.then(|| {
        args.stdin_filename
            .clone()
            .unwrap_or_else(|| PathBuf::from("-"))
    });
    if let Some(stdin) = &stdin {
        for file in files.iter_mut().filter(|f| super::files::is_stdin(f)) {
            file.clone_from(stdin);
        }
    }
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
        stdin,
    };
    let min = args
        .min_severity
        .map_or(Severity::Info, MinSeverity::severity);
    let threads = crate::parallel::available_threads();
    let stdout = std::io::stdout();
    let colour = args.format == Format::Human && stdout.is_terminal();
    // --diff shows only the changes, as ruff does; --statistics only the counts.
    let printing = !args.statistics && !args.diff;
    let mut screen = Screen {
        out: std::io::BufWriter::new(stdout.lock()),
        printer: Printer::new(args.format, colour, min, args.unsafe_fixes, args.fix),
        totals: Totals::default(),
        progress: progress_bar(files.len()),
        printing,
        unsafe_fixes: args.unsafe_fixes,
        drawn: false,
        begun: false,
        write_failed: false,
        reader_gone: false,
    };
    // Asked once: the bar's state is locked while it steps aside.
    screen.drawn = !screen.progress.is_hidden();
    if printing && screen.printer.start(&mut screen.out).is_err() {
        return ExitCode::from(2);
    }
    failures += check_and_print(&files, &job, &configs, threads, &mut screen);
    let Screen {
        mut out,
        mut printer,
        totals,
        progress,
        write_failed,
        reader_gone,
        ..
    } = screen;
    progress.finish_and_clear();
    if reader_gone {
        // What was found before the reader went says how the run ends; nothing more is
        // written to a pipe no one reads.
        return if failures > 0 {
            ExitCode::from(2)
        } else if totals.errors > 0 {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        };
    }
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

/// Checks `files` on `threads` threads and prints each file's findings in the order given, as
/// they arrive; the number of files that could not be checked.
fn check_and_print<W: Write>(
    files: &[PathBuf],
    job: &Job<'_>,
    configs: &[Option<Arc<Config>>],
    threads: usize,
    screen: &mut Screen<W>,
) -> usize {
    let mut failures = 0;
    let inner_threads = if files.len() == 1 { threads } else { 1 };
    let next = AtomicUsize::new(0);
    // Bounded, so that checking threads wait for a printer that writes more slowly than they
    // find (JSON to a pipe, say) instead of queueing every batch.
    let (sender, receiver) = mpsc::sync_channel::<(usize, Event)>(2 * threads);
    let turn = Turn::default();
    std::thread::scope(|scope| {
        for _ in 0..threads.min(files.len()).max(1) {
            let sender = sender.clone();
            let (next, turn) = (&next, &turn);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(path) = files.get(i) else { break };
                let config = configs.get(i).cloned().flatten();
                let out = FindingsOut::new(i, &sender, turn);
                // A bug that panics ends this file with an error, not the run: the files after
                // it wait for its turn to pass.
                let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    check_file(path, job, config.as_deref(), inner_threads, out)
                }))
                .unwrap_or_else(|_| Outcome {
                    path: path.clone(),
                    result: Err(format!(
                        "{}: internal error while checking (a bug: please report it)",
                        path.display()
                    )),
                });
                if sender.send((i, Event::Done(outcome))).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        // Print in the order the files were given, as results arrive: a file's batches of
        // findings come only once its turn has come; finished files wait in `pending`.
        let mut pending: std::collections::BTreeMap<usize, Outcome> = Default::default();
        let mut printed = 0;
        for (i, event) in receiver {
            if screen.reader_gone {
                // Every thread waiting for its turn is let go, and the receiver dropped: each
                // stops when it next hands something over.
                turn.advance(usize::MAX);
                break;
            }
            match event {
                Event::Findings(encoding, batch) => {
                    let path = files.get(i).map_or(Path::new(""), PathBuf::as_path);
                    screen.findings(path, encoding, &batch);
                }
                Event::Done(outcome) => {
                    pending.insert(i, outcome);
                    while let Some(outcome) = pending.remove(&printed) {
                        if let Err(message) = &outcome.result {
                            screen.failed(&outcome.path, message);
                            failures += 1;
                        }
                        if let Ok(checked) = &outcome.result {
                            screen.file(&outcome.path, checked);
                        }
                        printed += 1;
                        turn.advance(printed);
                    }
                }
            }
        }
    });
    failures
}

/// Where a run's results go: the printer, the totals and the progress bar.
struct Screen<W: Write> {
    out: W,
    printer: Printer,
    totals: Totals,
    progress: ProgressBar,
    /// Whether findings are printed (not with --statistics or --diff).
    printing: bool,
    unsafe_fixes: bool,
    /// Whether the progress bar is drawn.
    drawn: bool,
    /// Whether the file being printed has had its beginning written.
    begun: bool,
    write_failed: bool,
    /// Whether standard output's reader went away (`| head`): nothing more is printed, the
    /// run stops, and that is no failure.
    reader_gone: bool,
}

impl<W: Write> Screen<W> {
    /// Records how a write went: a failure, or the reader gone.
    fn wrote(&mut self, written: std::io::Result<()>) {
        match written {
            Ok(()) => {}
            Err(error) if super::reader_gone(&error) => self.reader_gone = true,
            Err(_) => self.write_failed = true,
        }
    }

    /// Whether anything more is to be written.
    fn writes(&self) -> bool {
        !self.write_failed && !self.reader_gone
    }

    /// Counts and prints findings of the file whose turn it is.
    fn findings(&mut self, path: &Path, encoding: Encoding, findings: &[Located]) {
        self.totals.add_findings(findings, self.unsafe_fixes);
        let (printing, drawn, writes) = (self.printing, self.drawn, self.writes());
        let (out, printer, begun) = (&mut self.out, &mut self.printer, self.begun);
        let mut written = Ok(());
        // The bar steps aside while the findings are written.
        self.progress.suspend(|| {
            if printing && writes {
                let began = if begun {
                    Ok(())
                } else {
                    printer.begin_file(out, path, encoding.name())
                };
                written = began.and_then(|()| printer.findings(out, path, findings));
            }
            if drawn && writes && written.is_ok() {
                written = out.flush();
            }
        });
        self.wrote(written);
        self.begun = true;
    }

    /// Ends a checked file: its last findings and its counts.
    fn file(&mut self, path: &Path, checked: &Checked) {
        if let Some(diff) = checked.diff.as_ref().filter(|_| self.writes()) {
            let written = self.out.write_all(diff.as_bytes());
            self.wrote(written);
        }
        self.findings(path, checked.encoding, &checked.findings);
        if self.printing && self.writes() {
            let written = self
                .printer
                .end_file(&mut self.out, checked.games, checked.fixed);
            self.wrote(written);
        }
        self.begun = false;
        self.totals.add_file(checked.games, checked.fixed);
        self.progress.inc(1);
        let seconds = self.progress.elapsed().as_secs_f64().max(1e-3);
        self.progress.set_message(format!(
            "{:.1} files/s · {} games, {:.0} games/s",
            self.totals.files as f64 / seconds,
            self.totals.games,
            self.totals.games as f64 / seconds
        ));
    }

    /// Ends a file that could not be checked (its findings so far are printed).
    fn failed(&mut self, path: &Path, message: &str) {
        if self.begun && self.printing && self.writes() {
            let written = self.printer.end_file(&mut self.out, 0, 0);
            self.wrote(written);
        }
        if self.writes() {
            let written = self.printer.unreadable(&mut self.out, path, message);
            self.wrote(written);
        }
        self.begun = false;
        self.progress.inc(1);
        self.progress
            .suspend(|| eprintln!("kibitzer check: {message}"));
    }
}

/// Reads a file without copying it when it is plain UTF-8, with the notation its name and
/// content say it is in (a binary dealing file read as Latin-1, a character a byte).
fn read_source(path: &Path) -> Result<(SourceText, Notation), ReadError> {
    let bytes = std::fs::read(path).map_err(|error| ReadError::Io {
        path: path.to_path_buf(),
        error,
    })?;
    let notation = Notation::of_content(path, &bytes);
    if notation.is_binary() {
        return Ok((crate::text::decode_binary(&bytes)?, notation));
    }
    decode_text(bytes).map(|source| (source, notation))
}

/// Decodes a text file's bytes without copying them when they are plain UTF-8.
fn decode_text(bytes: Vec<u8>) -> Result<SourceText, ReadError> {
    let has_bom = bytes.starts_with(&[0xEF, 0xBB, 0xBF])
        || bytes.starts_with(&[0xFF, 0xFE])
        || bytes.starts_with(&[0xFE, 0xFF]);
    if !has_bom && bytes.len() < u32::MAX as usize {
        match String::from_utf8(bytes) {
            Ok(text) => {
                if let Some(error) = crate::text::not_text(&text) {
                    return Err(error);
                }
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

fn check_file(
    path: &Path,
    job: &Job<'_>,
    config: Option<&Config>,
    threads: usize,
    mut out: FindingsOut<'_>,
) -> Outcome {
    let result = job.settings(path, config).and_then(|settings| {
        if let Some(result) = settings.streamed(path, job, threads, &mut out) {
            return result;
        }
        let read = if job.reads_stdin(path) {
            super::files::read_document(Path::new("-"), Some(Notation::from_path(path)))
        } else {
            read_source(path)
        };
        read.map_err(|error| super::files::read_failure(path, &error))
            .and_then(|(source, notation)| {
                check_source(path, source, notation, job, &settings, threads, &mut out)
            })
    });
    let rest = out.rest();
    Outcome {
        path: path.to_path_buf(),
        result: result.map(|mut checked| {
            checked.findings.splice(0..0, rest);
            checked
        }),
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
    notation: Notation,
    job: &Job<'_>,
    settings: &FileSettings,
    threads: usize,
    out: &mut FindingsOut<'_>,
) -> Result<Checked, String> {
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
        out.read_as(source.encoding);
        let games = settings.findings_into(notation, &source.text, threads, excerpts, out);
        return Ok(Checked {
            encoding: source.encoding,
            games,
            findings: Vec::new(),
            fixed: 0,
            diff: None,
        });
    }
    let (new_text, applied, (games, selected)) =
        crate::diagnostic::fix::fix_until_done(&source.text, args.unsafe_fixes, |text| {
            settings.selected_findings(notation, text, threads)
        });
    let diagnostics: Vec<Diagnostic> = selected
        .into_iter()
        .filter(|d| d.severity >= settings.min)
        .collect();
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
