//! `kibitzer convert --to pbn|rbn|lin|dup|bri|dge|dlm|handviewer [-o OUT] PATH`: one notation
//! to another through the boards' models (what the target cannot express is listed on stderr),
//! or each board's BBO handviewer address, one a line.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::Notation;

/// What `--to` writes: a notation, or the address of each board on BBO's handviewer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    /// A notation Kibitzer reads and writes.
    Notation(Notation),
    /// The address of each board on BBO's handviewer, one a line.
    Handviewer,
}

/// Every value of `--to`: each notation, then the handviewer.
const TARGETS: [Target; Notation::ALL.len() + 1] = {
    let mut targets = [Target::Handviewer; Notation::ALL.len() + 1];
    let mut i = 0;
    while i < Notation::ALL.len() {
        targets[i] = Target::Notation(Notation::ALL[i]);
        i += 1;
    }
    targets
};

impl clap::ValueEnum for Target {
    fn value_variants<'a>() -> &'a [Self] {
        &TARGETS
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        match self {
            Target::Notation(notation) => notation.to_possible_value(),
            Target::Handviewer => Some(
                clap::builder::PossibleValue::new("handviewer")
                    .help("The address of each board on BBO's handviewer, one a line"),
            ),
        }
    }
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
    from: Option<Notation>,
    /// Line ends to write [default: as the target's writer writes them; CRLF for DLM].
    #[arg(long, value_enum)]
    eol: Option<super::fmt::EolArg>,
    /// Write nothing (exit 1) when anything would be lost: the written file is read back and
    /// compared with the source, and the source must read without error.
    #[arg(long)]
    lossless: bool,
}

/// Converts; exit code 0, or 2 when a file cannot be read or written.
pub fn run(args: &ConvertArgs) -> ExitCode {
    let (source, from) = match super::files::read_document_or_exit("convert", &args.path, args.from)
    {
        Ok(read) => read,
        Err(code) => return code,
    };
    let to = match args.to {
        Target::Notation(notation) => notation,
        Target::Handviewer => {
            let text = from.handviewer_links(&source.text);
            return write(&args.output, text.as_bytes());
        }
    };
    let converted = from.convert(&source.text, to);
    let mut text = converted.text;
    if let Some(eol) = args.eol {
        let options = crate::format::FormatOptions {
            eol: eol.into(),
            ..crate::format::FormatOptions::default()
        };
        text = to.format(&text, &options);
    }
    let name = args.path.display();
    let listed = |heading: String, items: &[String]| {
        if !items.is_empty() {
            eprintln!("kibitzer convert: {heading}");
            for item in items {
                eprintln!("  - {item}");
            }
        }
    };
    let severity = if args.lossless { "error" } else { "warning" };
    listed(
        format!("{severity}: {name} has text that could not be read, and so is left out:"),
        &converted.unread,
    );
    listed(
        format!("{severity}: {name} has errors; what they concern may be missing from the result:"),
        &converted.source_errors,
    );
    listed(
        format!(
            "{severity}: {} of what {name} says did not come back when the {} written was read again (lost or changed):",
            converted.lost,
            to.name()
        ),
        &converted.losses,
    );
    let lossy =
        converted.lost > 0 || !converted.unread.is_empty() || !converted.source_errors.is_empty();
    if args.lossless && lossy {
        eprintln!("kibitzer convert: nothing written (--lossless)");
        return ExitCode::from(1);
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
