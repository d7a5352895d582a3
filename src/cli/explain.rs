//! `kibitzer explain CODE...`: what a diagnostic code means, from the catalogue.

use std::io::Write;
use std::process::ExitCode;

use crate::diagnostic::catalogue::explain;

/// Arguments of `kibitzer explain`.
#[derive(Debug, clap::Args)]
pub(crate) struct ExplainArgs {
    /// Codes (`A301`, in either case) or names (`invalid-call`).
    #[arg(required = true)]
    codes: Vec<String>,
}

/// Prints each code's documentation; exit code 2 (and the rest still printed) when one is
/// no code of Kibitzer's.
pub fn run(args: &ExplainArgs) -> ExitCode {
    let mut text = String::new();
    let mut unknown = 0;
    for query in &args.codes {
        let Some(pages) = explain(query) else {
            eprintln!("kibitzer explain: `{query}` is no code of Kibitzer's (codes are a letter and three digits, such as A301; `kibitzer check` prints them)");
            unknown += 1;
            continue;
        };
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(&pages);
    }
    let mut out = std::io::stdout().lock();
    let written = out.write_all(text.as_bytes()).and_then(|()| out.flush());
    let done = if unknown > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    };
    super::exit_after_output("explain", written, done)
}
