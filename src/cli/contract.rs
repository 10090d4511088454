//! The command line's error contract, in one place:
//!
//! - exit 1: what the user gave is wrong — a scenario, a template (theme,
//!   sheets, printer), a weights file, a saved layout, the value of an
//!   option, or a limit it passes; a file that is not UTF-8 text or is too
//!   large counts here too;
//! - exit 2: a file cannot be found, read or written, or an internal error;
//!   clap's own usage errors (an unknown flag, a value clap rejects) exit 2 as
//!   well.
//!
//! Every input error points at its file, line and column when it has a
//! place, and ends with a hint.

use std::process::ExitCode;

use crate::compose::flow::FlowError;
use crate::diag::FileProblem;
use crate::export::error::RenderError;
use crate::outputs::OutputError;
use crate::settings::sheets::TemplateError;
use crate::settings::SettingsError;
use crate::theme::ThemeError;

/// An error in what the user gave that has no file position (an option's
/// value, a limit): its message ends with a hint.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct InputError(pub String);

/// An [`InputError`] as an `anyhow` error.
pub fn input(message: impl Into<String>) -> anyhow::Error {
    anyhow::Error::new(InputError(message.into()))
}

/// Prints a problem in a template or weights file, codespan style.
pub fn report_file_problem(p: &FileProblem) {
    eprint!("{}", p.render(super::terminal::options().color));
}

/// Prints an error and returns the exit code the contract gives it.
pub fn report(e: &anyhow::Error) -> ExitCode {
    if let Some(p) = located(e) {
        report_file_problem(p);
        return ExitCode::from(1);
    }
    super::terminal::error(&super::error_chain(e));
    ExitCode::from(if is_input(e) { 1 } else { 2 })
}

/// The template or weights problem with a place in the chain, if any. Each
/// library error says itself whether it carries one.
fn located(e: &anyhow::Error) -> Option<&FileProblem> {
    e.chain().find_map(|c| {
        c.downcast_ref::<FileProblem>()
            .or_else(|| c.downcast_ref::<ThemeError>().and_then(ThemeError::file_problem))
            .or_else(|| c.downcast_ref::<SettingsError>().and_then(SettingsError::file_problem))
            .or_else(|| c.downcast_ref::<TemplateError>().and_then(TemplateError::file_problem))
    })
}

/// Whether the error was caused by what the user gave. Each library error
/// says itself whether it is the user's input.
pub fn is_input(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        if c.is::<InputError>() || c.is::<FileProblem>() || c.is::<FlowError>() {
            return true;
        }
        if let Some(io) = c.downcast_ref::<std::io::Error>() {
            return crate::limits::unreadable_input(io);
        }
        if let Some(t) = c.downcast_ref::<ThemeError>() {
            return t.is_input();
        }
        if let Some(s) = c.downcast_ref::<SettingsError>() {
            return s.is_input();
        }
        if let Some(t) = c.downcast_ref::<TemplateError>() {
            return t.is_input();
        }
        if let Some(o) = c.downcast_ref::<OutputError>() {
            return o.is_input();
        }
        c.downcast_ref::<RenderError>().is_some_and(crate::outputs::render_error_is_input)
    })
}
