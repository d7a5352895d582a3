//! `kibitzer convert --to pbn|rbn|lin|dup|bri|dge|dlm|handviewer [-o OUT] PATH`: one notation
//! to another through the boards' models (what the target cannot express is listed on stderr),
//! or each board's BBO handviewer address, one a line.

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
    /// Duplimate's DUP (binary).
    Dup,
    /// The dealing machines' BRI (binary).
    Bri,
    /// The dealing machines' DGE (binary).
    Dge,
    /// Duplimate for Windows' DLM (text).
    Dlm,
    /// The address of each board on BBO's handviewer, one a line.
    Handviewer,
}

/// The notations `--from` accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Source {
    /// Portable Bridge Notation.
    Pbn,
    /// Richard's Bridge Notation.
    Rbn,
    /// Bridge Base Online's LIN.
    Lin,
    /// Duplimate's DUP.
    Dup,
    /// The dealing machines' BRI.
    Bri,
    /// The dealing machines' DGE.
    Dge,
    /// Duplimate for Windows' DLM.
    Dlm,
}

/// Arguments of `kibitzer convert`.
#[derive(Debug, clap::Args)]
pub(crate) struct ConvertArgs {
    /// The notation to write.
    #[arg(long, value_enum)]
    to: Target,
    /// Where to write (standard output when absent or `-`).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// The file to convert (`.rbn` is read as RBN, `.lin` as LIN, `.dup`, `.bri`, `.dge` and
    /// `.dlm` as the dealing machines' files (by their content where it says which), anything
    /// else as PBN); `-` reads standard input (as PBN unless --from says otherwise).
    path: PathBuf,
    /// The notation of the input, when its name does not tell (standard input, say).
    #[arg(long, value_enum)]
    from: Option<Source>,
    /// Line ends to write [default: as the target's writer writes them; CRLF for DLM].
    #[arg(long, value_enum)]
    eol: Option<super::fmt::EolArg>,
}

/// Converts; exit code 0, or 2 when a file cannot be read or written.
pub fn run(args: &ConvertArgs) -> ExitCode {
    let given = args.from.map(|from| match from {
        Source::Pbn => Notation::Pbn,
        Source::Rbn => Notation::Rbn,
        Source::Lin => Notation::Lin,
        Source::Dup => Notation::Dup,
        Source::Bri => Notation::Bri,
        Source::Dge => Notation::Dge,
        Source::Dlm => Notation::Dlm,
    });
    let (source, from) = match super::files::read_document_or_exit("convert", &args.path, given) {
        Ok(read) => read,
        Err(code) => return code,
    };
    let to = match args.to {
        Target::Pbn => Notation::Pbn,
        Target::Rbn => Notation::Rbn,
        Target::Lin => Notation::Lin,
        Target::Dup => Notation::Dup,
        Target::Bri => Notation::Bri,
        Target::Dge => Notation::Dge,
        Target::Dlm => Notation::Dlm,
        Target::Handviewer => {
            let text = from.handviewer_links(&source.text);
            return write(&args.output, text.as_bytes());
        }
    };
    let converted = from.convert(&source.text, to);
    let (mut text, unread, dropped) = (converted.text, converted.unread, converted.dropped);
    if let Some(eol) = args.eol {
        let options = crate::format::FormatOptions {
            eol: eol.into(),
            ..crate::format::FormatOptions::default()
        };
        text = to.format(&text, &options);
    }
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
    // A dealing file's characters are its bytes (Latin-1); the others are written as UTF-8.
    let bytes = match to.dealing() {
        Some(_) => crate::model::dealing::bytes_of(&text),
        None => text.into_bytes(),
    };
    write(&args.output, &bytes)
}

/// Writes `bytes` to `output`, or to standard output.
fn write(output: &Option<PathBuf>, bytes: &[u8]) -> ExitCode {
    // Atomically: an interrupted or failed write leaves the old file (or none), never half a
    // new one.
    match output
        .as_deref()
        .filter(|path| !super::files::is_stdin(path))
    {
        Some(path) => match super::files::write_atomically(path, bytes) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("kibitzer convert: cannot write {}: {error}", path.display());
                ExitCode::from(2)
            }
        },
        None => {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            let written = out.write_all(bytes).and_then(|()| out.flush());
            super::exit_after_output("convert", written, ExitCode::SUCCESS)
        }
    }
}
