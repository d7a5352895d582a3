//! The command line: argument parsing and one module per subcommand.

mod check;
mod convert;
mod dd;
mod explain;
mod files;
mod fmt;
mod parse;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Checks, formats, converts and solves contract-bridge deal files: PBN, RBN, LIN (BBO) and the
/// dealing machines' DUP, BRI, DGE and DLM.
#[derive(Debug, Parser)]
#[command(name = "kibitzer", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print the syntax tree of a file, one node or token per line, then its syntax errors.
    Parse(parse::ParseArgs),
    /// Check PBN, RBN, LIN, DUP, BRI, DGE and DLM files and folders (`-` reads standard input) and report every problem found.
    Check(check::CheckArgs),
    /// Format PBN files in export format, RBN and LIN files canonically (in place unless --check, --diff or --stdout).
    Fmt(fmt::FmtArgs),
    /// Run the language server over stdin/stdout.
    Lsp(LspArgs),
    /// Convert a file between PBN, RBN, LIN and the dealing machines' DUP, BRI, DGE and DLM, or to BBO handviewer links (what the target cannot express is listed on stderr).
    Convert(convert::ConvertArgs),
    /// Print each board's double-dummy table and par; --write adds them to PBN files.
    Dd(dd::DdArgs),
    /// Print what a diagnostic code means (`kibitzer explain A301`).
    Explain(explain::ExplainArgs),
}

/// Options of `kibitzer lsp`.
#[derive(Debug, clap::Args)]
struct LspArgs {
    /// Talk over stdin/stdout (the default and only transport; accepted for editors that pass it).
    #[arg(long)]
    stdio: bool,
}

/// Runs the command line and returns the process exit code; `one_shot` is called before any
/// command but the language server and `convert` (the binary tunes its allocator there for a
/// process that runs once and ends).
pub fn run(one_shot: impl FnOnce()) -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return match error.kind() {
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion => {
                    ExitCode::SUCCESS
                }
                _ => ExitCode::from(2),
            };
        }
    };
    // `convert` frees and fills its memory again step after step (the boards read, the text
    // written, the boards read back), as the server does between keystrokes: handing freed
    // pages back to the system early made it fault them in again, 0.1 s of 1.9 s on 20,000
    // boards, for 5 % less peak memory.
    if !matches!(cli.command, Command::Lsp(_) | Command::Convert(_)) {
        one_shot();
    }
    match cli.command {
        Command::Parse(args) => parse::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Fmt(args) => fmt::run(&args),
        Command::Lsp(args) => {
            let _ = args.stdio;
            crate::lsp::run()
        }
        Command::Convert(args) => convert::run(&args),
        Command::Dd(args) => dd::run(&args),
        Command::Explain(args) => explain::run(&args),
    }
}

/// Whether a write to standard output failed only because its reader went away (`kibitzer
/// check … | head`): the command then stops quietly, since no one is left to read the rest,
/// and that is no failure of the command.
pub(crate) fn reader_gone(error: &std::io::Error) -> bool {
    error.kind() == std::io::ErrorKind::BrokenPipe
}

/// The exit code of a command whose last write to standard output gave `written`: `done`
/// when it went out or its reader had gone, 2 (with the reason on stderr) when it failed.
pub(crate) fn exit_after_output(
    command: &str,
    written: std::io::Result<()>,
    done: ExitCode,
) -> ExitCode {
    match written {
        Ok(()) => done,
        Err(error) if reader_gone(&error) => done,
        Err(error) => {
            eprintln!("kibitzer {command}: cannot write to standard output: {error}");
            ExitCode::from(2)
        }
    }
}
