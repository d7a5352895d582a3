//! The `kibitzer` command line.

fn main() -> std::process::ExitCode {
    kibitzer::cli::run()
}
