//! `kibitzer convert --to pbn|rbn|lin|handviewer [-o OUT] PATH`: one notation to another through
//! the board record (what the target cannot express is listed on stderr), or each board's BBO
//! handviewer address, one a line.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::Notation;

/// The notations `--to` accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Target {
    /// Portable Bridge Notation.
    Pbn,
    /// Richard's Bridge Notation.
    Rbn,
    /// Bridge Base Online's LIN.
    Lin,
    /// The address of each board on BBO's handviewer, one a line.
    Handviewer,
}

/// Arguments of `kibitzer convert`.
#[derive(Debug, clap::Args)]
pub(crate) struct ConvertArgs {
    /// The notation to write.
    #[arg(long, value_enum)]
    to: Target,
    /// Where to write (standard output when absent).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// The file to convert (`.rbn` is read as RBN, `.lin` as LIN, anything else as PBN).
    path: PathBuf,
}

/// Converts; exit code 0, or 2 when a file cannot be read or written.
pub fn run(args: &ConvertArgs) -> ExitCode {
    let source = match super::files::read_or_exit(&args.path) {
        Ok(source) => source,
        Err(code) => return code,
    };
    let from = Notation::from_path(&args.path);
    let to = match args.to {
        Target::Pbn => Notation::Pbn,
        Target::Rbn => Notation::Rbn,
        Target::Lin => Notation::Lin,
        Target::Handviewer => {
            let text = from.handviewer_links(&source.text);
            return write(&args.output, &text);
        }
    };
    let converted = from.convert(&source.text, to);
    let (text, unread, dropped) = (converted.text, converted.unread, converted.dropped);
    if !unread.is_empty() {
        eprintln!(
            "kibitzer convert: warning: {} has text that could not be read, and so is left out:",
            args.path.display()
        );
        for item in &unread {
            eprintln!("  - {item}");
        }
    }
    if !dropped.is_empty() {
        eprintln!(
            "kibitzer convert: warning: {} cannot express, and so leaves out:",
            to.name()
        );
        for item in &dropped {
            eprintln!("  - {item}");
        }
    }
    write(&args.output, &text)
}

/// Writes `text` to `output`, or to standard output.
fn write(output: &Option<PathBuf>, text: &str) -> ExitCode {
    // Atomically: an interrupted or failed write leaves the old file (or none), never half a
    // new one.
    let written = match output {
        Some(path) => super::files::write_atomically(path, text.as_bytes()),
        None => {
            use std::io::Write;
            std::io::stdout().lock().write_all(text.as_bytes())
        }
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            match output {
                Some(path) => eprintln!("kibitzer: cannot write {}: {error}", path.display()),
                None => eprintln!("kibitzer: cannot write to standard output: {error}"),
            }
            ExitCode::from(2)
        }
    }
}
