//! The command line's error contract, in one place. Every path ends in one
//! of these exit codes ([`Exit`]):
//!
//! - `0` done;
//! - `1` an input file is wrong: a scenario, a template (theme, sheets,
//!   printer), a weights file or a saved layout (its content, its encoding,
//!   its size, or a limit it passes);
//! - `2` the command line is wrong: an unknown flag, a bad flag value (clap's
//!   usage errors and hexpress's own checks of values alike: `--formats`,
//!   `--lock`, a player count the scenario has no map for, flags that do not
//!   go together);
//! - `3` no board: the rules (with the locks or the fairness bar asked for)
//!   leave no board, or the search could not find one within its limits;
//! - `4` a file cannot be found, read or written (a missing path, a full
//!   disk, another run holding the output folder);
//! - `5` an internal error: a bug in hexpress, to be reported.
//!
//! Every input error points at its file, line and column when it has a
//! place, and ends with a hint. `tests/cli.rs` holds every path to this.

use std::process::ExitCode;

use crate::diag::FileProblem;

/// The exit codes of the contract (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Exit {
    /// An input file is wrong.
    Input = 1,
    /// The command line is wrong (clap uses 2 for its usage errors too).
    Usage = 2,
    /// No board keeps the rules, locks or bar asked for.
    NoBoard = 3,
    /// A file cannot be found, read or written.
    Io = 4,
    /// A bug in hexpress.
    Internal = 5,
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e as u8)
    }
}

/// An error in an input file that has no place in it (a limit the map
/// passes): its message ends with a hint. Exit 1.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub(crate) struct InputError(pub String);

/// An [`InputError`] as an `anyhow` error.
pub fn input(message: impl Into<String>) -> anyhow::Error {
    anyhow::Error::new(InputError(message.into()))
}

/// A flag or flag value hexpress itself refuses (clap refuses the rest):
/// its message ends with a hint. Exit 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub(crate) struct UsageError(pub String);

/// A [`UsageError`] as an `anyhow` error.
pub fn usage(message: impl Into<String>) -> anyhow::Error {
    anyhow::Error::new(UsageError(message.into()))
}

/// A bug in hexpress (a board the last guard refused, a built-in that does
/// not load). Exit 5.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub(crate) struct InternalError(pub String);

/// An [`InternalError`] as an `anyhow` error.
pub(crate) fn internal(message: impl Into<String>) -> anyhow::Error {
    anyhow::Error::new(InternalError(message.into()))
}

/// Prints a problem in a template or weights file, codespan style.
pub(crate) fn report_file_problem(p: &FileProblem) {
    eprint!("{}", p.render(super::terminal::options().color));
}

/// Prints an error and returns the exit code the contract gives it.
pub fn report(e: &anyhow::Error) -> Exit {
    if let Some(p) = located(e) {
        report_file_problem(p);
        return Exit::Input;
    }
    super::terminal::error(&super::error_chain(e));
    exit_for(e)
}

/// The exit code of an error that was not reported yet.
pub(crate) fn exit_for(e: &anyhow::Error) -> Exit {
    if e.chain().any(|c| c.is::<InternalError>()) {
        Exit::Internal
    } else if e.chain().any(|c| c.is::<UsageError>()) {
        Exit::Usage
    } else if is_input(e) {
        Exit::Input
    } else {
        Exit::Io
    }
}

/// The template or weights problem with a place in the chain, if any. Each
/// library error says itself whether it carries one
/// ([`crate::diag::UserError`]).
fn located(e: &anyhow::Error) -> Option<&FileProblem> {
    crate::front::outputs::chain_file_problem(e.chain())
}

/// Whether the error was caused by what the user gave: an [`InputError`] of
/// the command line's, or a library error that says it is the user's input
/// ([`crate::diag::UserError`]).
pub(crate) fn is_input(e: &anyhow::Error) -> bool {
    e.chain().any(|c| c.is::<InputError>()) || crate::front::outputs::chain_is_input(e.chain())
}
