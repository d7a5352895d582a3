//! `kibitzer fmt`: formatting files in place, checking them, or showing the difference.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::config::{Config, ConfigError};
use crate::format::{Eol, FormatOptions};
use crate::text::{decode, encode};

/// Line-end choices on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum EolArg {
    /// Keep each file's own line ends.
    Keep,
    /// `\n`.
    Lf,
    /// `\r\n` (export format).
    Crlf,
}

impl From<EolArg> for Eol {
    fn from(arg: EolArg) -> Eol {
        match arg {
            EolArg::Keep => Eol::Keep,
            EolArg::Lf => Eol::Lf,
            EolArg::Crlf => Eol::Crlf,
        }
    }
}

/// Arguments of `kibitzer fmt`.
#[derive(Debug, clap::Args)]
pub(crate) struct FmtArgs {
    /// Write nothing; list the files that would change and exit with 1 if there are any.
    #[arg(long)]
    check: bool,
    /// Write nothing; print a unified diff of what would change and exit with 1 if anything would.
    #[arg(long)]
    diff: bool,
    /// Print the formatted text of the one file given instead of rewriting it.
    #[arg(long)]
    stdout: bool,
    /// Strict export format: add the `% PBN 2.1` header and missing mandatory tags.
    #[arg(long)]
    export: bool,
    /// Line ends to write [default: the settings file's, else keep].
    #[arg(long, value_enum)]
    eol: Option<EolArg>,
    /// Use this settings file for every file instead of the nearest `kibitzer.toml`.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// The file name standard input (`-`) stands for: its notation (by extension), its
    /// settings file, and the name it is reported under.
    #[arg(long, value_name = "NAME")]
    stdin_filename: Option<PathBuf>,
    /// Files or folders (folders are searched for the notations Kibitzer reads); `-` reads
    /// standard input (as PBN, unless --stdin-filename names another notation).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

/// Outcome of one file.
enum Outcome {
    Unchanged,
    Changed,
    Failed,
    /// Standard output's reader went away (`| head`): the run stops there.
    ReaderGone,
}

/// Formats the files; exit 2 on usage or I/O errors, 1 when `--check` or `--diff` finds
/// changes, else 0.
pub fn run(args: &FmtArgs) -> ExitCode {
    let explicit = match args.config.as_deref().map(Config::load).transpose() {
        Ok(config) => config,
        Err(error) => {
            eprintln!("kibitzer fmt: {error}");
            return ExitCode::from(2);
        }
    };
    // The options of a file: the command line's, else its settings file's (each settings file
    // read once).
    let mut read: HashMap<PathBuf, Config> = HashMap::new();
    let mut options_for = |path: &Path| -> Result<FormatOptions, ConfigError> {
        let found = match &explicit {
            Some(config) => Some(config.clone()),
            None if path.as_os_str() == "-" => None,
            None => match Config::find_for(path) {
                Some(settings) => {
                    if !read.contains_key(&settings) {
                        let config = Config::load(&settings)?;
                        read.insert(settings.clone(), config);
                    }
                    read.get(&settings).cloned()
                }
                None => None,
            },
        };
        let eol = match args.eol {
            Some(arg) => arg.into(),
            None => found.as_ref().and_then(|c| c.eol).unwrap_or_default(),
        };
        let export = args.export || found.and_then(|c| c.format_export).unwrap_or(false);
        Ok(FormatOptions { export, eol })
    };
    if args.stdout && args.paths.len() != 1 {
        eprintln!("kibitzer fmt: --stdout takes exactly one file");
        return ExitCode::from(2);
    }
    let (files, unreadable) = super::files::gather("fmt", &args.paths);
    let mut failed = unreadable > 0;
    if args.stdout && files.len() != 1 {
        eprintln!("kibitzer fmt: --stdout takes exactly one file");
        return ExitCode::from(2);
    }
    let mut changed = false;
    for file in &files {
        // Standard input is read as the file --stdin-filename names, settings file included.
        let named = match args.stdin_filename.as_deref() {
            Some(name) if file.as_os_str() == "-" => name,
            _ => file.as_path(),
        };
        let options = match options_for(named) {
            Ok(options) => options,
            Err(error) => {
                eprintln!("kibitzer fmt: {error}");
                return ExitCode::from(2);
            }
        };
        match format_one(file, args, &options) {
            Outcome::Unchanged => {}
            Outcome::Changed => changed = true,
            Outcome::Failed => failed = true,
            Outcome::ReaderGone => break,
        }
    }
    if failed {
        ExitCode::from(2)
    } else if changed && (args.check || args.diff) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn format_one(path: &Path, args: &FmtArgs, options: &FormatOptions) -> Outcome {
    let stdin = path.as_os_str() == "-";
    let named = if stdin {
        args.stdin_filename.as_deref()
    } else {
        None
    };
    let name = match (stdin, named) {
        (true, Some(named)) => named.display().to_string(),
        (true, None) => "<stdin>".to_string(),
        (false, _) => path.display().to_string(),
    };
    let bytes = if stdin {
        let mut bytes = Vec::new();
        match std::io::stdin().read_to_end(&mut bytes) {
            Ok(_) => bytes,
            Err(error) => {
                eprintln!("kibitzer fmt: {name}: cannot read: {error}");
                return Outcome::Failed;
            }
        }
    } else {
        match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(error) => {
                eprintln!("kibitzer fmt: {name}: cannot read: {error}");
                return Outcome::Failed;
            }
        }
    };
    let notation = if stdin {
        crate::Notation::from_path(named.unwrap_or(path))
    } else {
        crate::Notation::of_content(path, &bytes)
    };
    if notation.dealing().is_some() {
        // A dealing machine's file is written whole by its writer: nothing to lay out. Said,
        // so that a file passed over is not taken for a file formatted.
        eprintln!(
            "kibitzer fmt: {name}: left as it is: a {} file has no layout to format (`kibitzer check` checks it)",
            notation.name()
        );
        return Outcome::Unchanged;
    }
    let source = match decode(&bytes) {
        Ok(source) => source,
        Err(error) => {
            eprintln!("kibitzer fmt: {name}: {error}");
            return Outcome::Failed;
        }
    };
    let formatted = notation.format(&source.text, options);
    let left = report_left_as_written(&name, &source.text, notation, options);
    let Some(new_bytes) = encode(&formatted, source.encoding, source.bom) else {
        eprintln!(
            "kibitzer fmt: {name}: the result cannot be written in {}",
            source.encoding.name()
        );
        return Outcome::Failed;
    };
    let changed = new_bytes != bytes;
    if args.diff && changed {
        let diff = similar::TextDiff::from_lines(&source.text, &formatted);
        let text = diff
            .unified_diff()
            .context_radius(3)
            .header(&name, &name)
            .to_string();
        if let Err(outcome) = write_stdout(text.as_bytes()) {
            return outcome;
        }
    }
    if args.check {
        // A file formatting could not finish does not pass.
        if changed || left {
            let why = if changed {
                ""
            } else {
                " (left as written: see above)"
            };
            if let Err(outcome) = write_stdout(format!("{name}{why}\n").as_bytes()) {
                return outcome;
            }
        }
    } else if args.stdout || stdin {
        if !args.diff {
            if let Err(outcome) = write_stdout(&new_bytes) {
                return outcome;
            }
        }
    } else if changed && !args.diff {
        if let Err(error) = super::files::rewrite_unchanged(path, &bytes, &new_bytes) {
            eprintln!("kibitzer fmt: {name}: cannot write: {error}");
            return Outcome::Failed;
        }
    }
    if changed || (args.check && left) {
        Outcome::Changed
    } else {
        Outcome::Unchanged
    }
}

/// At most this many places where formatting left text as written are listed one by one.
const LEFT_LISTED: usize = 5;

/// Says on stderr where formatting left the text as written, and why (nothing the formatter
/// cannot read whole is touched, and without a word the user would take it for formatted);
/// whether it left something the user can mend.
fn report_left_as_written(
    name: &str,
    text: &str,
    notation: crate::Notation,
    options: &FormatOptions,
) -> bool {
    let kept = notation.kept_as_written(text, options);
    if kept.is_empty() {
        return false;
    }
    let left: Vec<String> = kept
        .iter()
        .map(|k| format!("line {}: {}", k.line, k.why))
        .collect();
    let mut lines: Vec<String> = left
        .iter()
        .take(LEFT_LISTED)
        .map(|l| format!("  {l}"))
        .collect();
    if left.len() > LEFT_LISTED {
        lines.push(format!(
            "  and {} more (`kibitzer check {name}` lists the errors)",
            left.len() - LEFT_LISTED
        ));
    }
    let piece = notation.piece_name();
    let mendable = kept.iter().any(|k| k.mendable);
    eprintln!(
        "kibitzer fmt: warning: {name}: {} {piece}{} left as written, not formatted ({}):\n{}",
        left.len(),
        if left.len() == 1 { "" } else { "s" },
        if mendable {
            "fix what is said, then format again"
        } else {
            "nothing in it to fix: it is kept exactly as written"
        },
        lines.join("\n")
    );
    // A correct game kept all the same (irregularities) does not fail `--check`: nothing in it
    // is the user's to mend.
    mendable
}

/// Writes to standard output; the outcome that ends the file when that fails.
fn write_stdout(bytes: &[u8]) -> Result<(), Outcome> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|error| {
            if super::reader_gone(&error) {
                Outcome::ReaderGone
            } else {
                eprintln!("kibitzer fmt: cannot write to standard output: {error}");
                Outcome::Failed
            }
        })
}
