//! `kibitzer check`: diagnostics for files and folders, for people or as JSON.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use serde_json::{json, Value};

use crate::analysis::{CheckOptions, FileReport};
use crate::diagnostic::{Diagnostic, Severity};
use crate::syntax::TextRange;
use crate::text::{decode, Encoding, LineIndex, PositionEncoding, ReadError, SourceText};

/// Output formats of `kibitzer check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// rustc-style messages with the source line and a caret underline.
    Human,
    /// One JSON document.
    Json,
}

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
    /// How to print the diagnostics.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Hold every file to export format as well.
    #[arg(long)]
    export: bool,
    /// Hide diagnostics below this severity.
    #[arg(long, value_enum, default_value_t = MinSeverity::Info)]
    min_severity: MinSeverity,
    /// Files, or folders searched recursively for `.pbn` and `.rbn` files.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

/// A checked file, or why it could not be.
struct Outcome {
    path: PathBuf,
    result: Result<Checked, String>,
}

struct Checked {
    source: SourceText,
    report: FileReport,
}

/// Runs the check; exit code 0 (no error), 1 (errors reported) or 2 (usage or I/O failure).
pub fn run(args: &CheckArgs) -> ExitCode {
    let mut failures = 0usize;
    let mut files: Vec<PathBuf> = Vec::new();
    for path in &args.paths {
        if path.is_dir() {
            if let Err(error) = super::files::collect(path, &mut files) {
                eprintln!("kibitzer: {}: cannot read folder: {error}", path.display());
                failures += 1;
            }
        } else {
            files.push(path.clone());
        }
    }
    let options = CheckOptions {
        export: args.export,
    };
    let min = args.min_severity.severity();
    let threads = crate::parallel::available_threads();
    let stdout = std::io::stdout();
    let colour = args.format == Format::Human && stdout.is_terminal();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut totals = Totals::default();
    let mut printer = Printer {
        format: args.format,
        colour,
        min,
        first: true,
    };
    if printer.start(&mut out).is_err() {
        return ExitCode::from(2);
    }
    let inner_threads = if files.len() == 1 { threads } else { 1 };
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(usize, Outcome)>();
    let mut write_failed = false;
    std::thread::scope(|scope| {
        for _ in 0..threads.min(files.len()).max(1) {
            let sender = sender.clone();
            let files = &files;
            let next = &next;
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(path) = files.get(i) else { break };
                let outcome = check_file(path, &options, inner_threads);
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
                match &outcome.result {
                    Err(message) => {
                        eprintln!("kibitzer: {message}");
                        failures += 1;
                    }
                    Ok(checked) => {
                        totals.add(checked, min);
                        if !write_failed && printer.file(&mut out, &outcome.path, checked).is_err()
                        {
                            write_failed = true;
                        }
                    }
                }
            }
        }
    });
    if write_failed || printer.finish(&mut out, &totals).is_err() || out.flush().is_err() {
        return ExitCode::from(2);
    }
    if failures > 0 {
        ExitCode::from(2)
    } else if totals.errors > 0 {
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

fn check_file(path: &Path, options: &CheckOptions, threads: usize) -> Outcome {
    let result = match read_source(path) {
        Ok(source) => {
            let report = crate::Notation::from_path(path).check_on(&source.text, options, threads);
            Ok(Checked { source, report })
        }
        Err(error) => Err(match error {
            ReadError::Io { .. } => error.to_string(),
            other => format!("{}: {other}", path.display()),
        }),
    };
    Outcome {
        path: path.to_path_buf(),
        result,
    }
}

#[derive(Default)]
struct Totals {
    files: usize,
    games: usize,
    errors: usize,
    warnings: usize,
    infos: usize,
    hints: usize,
}

impl Totals {
    fn add(&mut self, checked: &Checked, min: Severity) {
        self.files += 1;
        self.games += checked.report.games;
        for d in checked
            .report
            .diagnostics
            .iter()
            .filter(|d| d.severity >= min)
        {
            match d.severity {
                Severity::Error => self.errors += 1,
                Severity::Warning => self.warnings += 1,
                Severity::Info => self.infos += 1,
                Severity::Hint => self.hints += 1,
            }
        }
    }
}

/// 1-based line and character column of a byte offset.
fn position(text: &str, index: &LineIndex, offset: u32) -> (u32, u32) {
    let lc = index.line_col(text, offset, PositionEncoding::Utf32);
    (lc.line + 1, lc.col + 1)
}

fn json_range(text: &str, index: &LineIndex, range: TextRange) -> Value {
    let (sl, sc) = position(text, index, range.start().into());
    let (el, ec) = position(text, index, range.end().into());
    json!({"start": {"line": sl, "column": sc}, "end": {"line": el, "column": ec}})
}

/// The JSON object of one diagnostic.
pub fn diagnostic_json(text: &str, index: &LineIndex, d: &Diagnostic) -> Value {
    json!({
        "code": d.code,
        "name": d.name,
        "severity": d.severity.name(),
        "message": d.message,
        "range": json_range(text, index, d.range),
        "related": d.related.iter().map(|r| json!({
            "message": r.message,
            "range": json_range(text, index, r.range),
        })).collect::<Vec<_>>(),
        "fixes": d.fixes.iter().map(|f| json!({
            "title": f.title,
            "edits": f.edits.iter().map(|e| json!({
                "range": json_range(text, index, e.range),
                "new_text": e.new_text,
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}

struct Printer {
    format: Format,
    colour: bool,
    min: Severity,
    first: bool,
}

impl Printer {
    fn start(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        if self.format == Format::Json {
            write!(out, "{{\"files\":[")?;
        }
        Ok(())
    }

    fn paint(&self, text: &str, style: &str) -> String {
        if self.colour {
            format!("\x1b[{style}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    fn file(
        &mut self,
        out: &mut impl Write,
        path: &Path,
        checked: &Checked,
    ) -> std::io::Result<()> {
        let text = &checked.source.text;
        let shown: Vec<&Diagnostic> = checked
            .report
            .diagnostics
            .iter()
            .filter(|d| d.severity >= self.min)
            .collect();
        let index = if shown.is_empty() {
            LineIndex::new("")
        } else {
            LineIndex::new(text)
        };
        match self.format {
            Format::Json => {
                let object = json!({
                    "path": path.display().to_string(),
                    "encoding": checked.source.encoding.name(),
                    "games": checked.report.games,
                    "diagnostics": shown.iter().map(|d| diagnostic_json(text, &index, d)).collect::<Vec<_>>(),
                });
                if !self.first {
                    write!(out, ",")?;
                }
                self.first = false;
                serde_json::to_writer(&mut *out, &object)?;
            }
            Format::Human => {
                for d in shown {
                    self.human(out, path, text, &index, d)?;
                }
            }
        }
        Ok(())
    }

    fn human(
        &self,
        out: &mut impl Write,
        path: &Path,
        text: &str,
        index: &LineIndex,
        d: &Diagnostic,
    ) -> std::io::Result<()> {
        let (line, column) = position(text, index, d.range.start().into());
        let style = match d.severity {
            Severity::Error => "1;31",
            Severity::Warning => "1;33",
            Severity::Info => "1;34",
            Severity::Hint => "1;36",
        };
        let label = self.paint(&format!("{}[{}]", d.severity.name(), d.code), style);
        writeln!(
            out,
            "{}:{line}:{column}: {label} {}",
            path.display(),
            d.message
        )?;
        let (source_line, caret_start, caret_len) = underline(text, index, d.range);
        let gutter = line.to_string();
        let pad = " ".repeat(gutter.len());
        let bar = self.paint("|", "1;34");
        writeln!(out, "{pad} {bar}")?;
        writeln!(out, "{} {bar} {source_line}", self.paint(&gutter, "1;34"))?;
        let carets = self.paint(&"^".repeat(caret_len), style);
        writeln!(out, "{pad} {bar} {}{carets}", " ".repeat(caret_start))?;
        for related in &d.related {
            let (rl, rc) = position(text, index, related.range.start().into());
            writeln!(
                out,
                "{pad} = note: {}:{rl}:{rc}: {}",
                path.display(),
                related.message
            )?;
        }
        for fix in &d.fixes {
            writeln!(out, "{pad} = help: {}", fix.title)?;
        }
        writeln!(out)
    }

    fn finish(&mut self, out: &mut impl Write, totals: &Totals) -> std::io::Result<()> {
        match self.format {
            Format::Json => {
                let summary = json!({
                    "files": totals.files,
                    "games": totals.games,
                    "errors": totals.errors,
                    "warnings": totals.warnings,
                });
                write!(out, "],\"summary\":")?;
                serde_json::to_writer(&mut *out, &summary)?;
                writeln!(out, "}}")
            }
            Format::Human => {
                let plural =
                    |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
                let mut counts = vec![
                    plural(totals.errors, "error"),
                    plural(totals.warnings, "warning"),
                ];
                if self.min <= Severity::Info {
                    counts.push(plural(totals.infos, "info"));
                }
                if self.min <= Severity::Hint {
                    counts.push(plural(totals.hints, "hint"));
                }
                writeln!(
                    out,
                    "Checked {} in {}: {}",
                    plural(totals.games, "game"),
                    plural(totals.files, "file"),
                    counts.join(", ")
                )
            }
        }
    }
}

/// The source line holding the start of `range` (tabs shown as spaces), and the caret column
/// and width in characters (at least one caret; a range over several lines is underlined to the
/// end of its first line).
fn underline(text: &str, index: &LineIndex, range: TextRange) -> (String, usize, usize) {
    let start = u32::from(range.start()).min(text.len() as u32);
    let line = index.line_of(start);
    let line_start = index.line_start(line).unwrap_or(0) as usize;
    let line_end = index
        .line_start(line + 1)
        .map_or(text.len(), |s| s as usize);
    let line_text = text
        .get(line_start..line_end)
        .unwrap_or("")
        .trim_end_matches(['\n', '\r']);
    let content_end = line_start + line_text.len();
    let start = start as usize;
    let end = (u32::from(range.end()) as usize).clamp(start, content_end.max(start));
    let column = text.get(line_start..start).map_or(0, |t| t.chars().count());
    let width = text.get(start..end).map_or(0, |t| t.chars().count());
    let shown = line_text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    (shown, column, width.max(1))
}
