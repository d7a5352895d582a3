//! `kibitzer parse FILE`: the syntax tree as text.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `kibitzer parse`.
#[derive(Debug, clap::Args)]
pub(crate) struct ParseArgs {
    /// The file to parse (`.rbn` files are read as RBN, `.lin` as LIN, the dealing machines'
    /// `.dup`, `.bri`, `.dge` and `.dlm` as theirs, anything else as PBN).
    file: PathBuf,
}

/// Prints the tree of the file; exit code 2 when it cannot be read, else 0.
pub fn run(args: &ParseArgs) -> ExitCode {
    let (source, notation) = match super::files::read_document_or_exit("parse", &args.file, None) {
        Ok(read) => read,
        Err(code) => return code,
    };
    let listing = notation.dump(&source.text);
    let mut out = std::io::stdout().lock();
    let written = out.write_all(listing.as_bytes()).and_then(|()| out.flush());
    super::exit_after_output("parse", written, ExitCode::SUCCESS)
}
