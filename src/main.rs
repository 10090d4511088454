//! The `hexpress` binary: parse arguments, run, exit with the right code.
#![forbid(unsafe_code)]

use clap::Parser;

fn main() -> std::process::ExitCode {
    hexpress::cli::terminal::install_stdout_hook(hexpress::cli::contract::Exit::Io as i32);
    hexpress::cli::run(hexpress::cli::Cli::parse())
}
