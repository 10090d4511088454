//! How the command line talks: quiet and verbose, colour, and what happens
//! when standard output goes away (a closed pipe or a full disk).

use std::io::IsTerminal;
use std::sync::OnceLock;

use super::args::{ColorArg, GlobalArgs};

/// The global options of this run (how the command line talks), resolved once.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Print nothing but errors.
    pub quiet: bool,
    /// Extra detail (0: none).
    pub verbose: u8,
    /// Colour in messages on standard error.
    pub color: bool,
}

static OPTIONS: OnceLock<Options> = OnceLock::new();

/// Whether `--color WHEN` means colour for standard error, given NO_COLOR
/// (set and not empty) and whether standard error is a terminal.
pub(crate) fn wants_color(when: ColorArg, no_color: Option<&str>, terminal: bool) -> bool {
    match when {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => terminal && no_color.is_none_or(str::is_empty),
    }
}

/// Resolves and stores the global options (the first call wins).
pub(crate) fn init(g: &GlobalArgs) -> Options {
    let no_color = std::env::var("NO_COLOR").ok();
    let s = Options {
        quiet: g.quiet,
        verbose: g.verbose,
        color: wants_color(g.color, no_color.as_deref(), std::io::stderr().is_terminal()),
    };
    *OPTIONS.get_or_init(|| s)
}

/// The stored options (defaults before [`init`]).
pub fn options() -> Options {
    OPTIONS.get().copied().unwrap_or_default()
}

/// `-q` was given.
pub fn quiet() -> bool {
    options().quiet
}

/// `note: MESSAGE` on standard error, unless `-q` was given (a note is
/// never an error).
pub fn note(message: &str) {
    if !quiet() {
        eprintln!("note: {message}");
    }
}

/// `-v` was given.
pub fn verbose() -> bool {
    options().verbose > 0
}

/// `error: MESSAGE` on standard error, in red and bold when colour is on.
pub fn error(message: &str) {
    match options().color {
        true => eprintln!("\x1b[1;31merror\x1b[0m\x1b[1m:\x1b[0m {message}"),
        false => eprintln!("error: {message}"),
    }
}

/// A detail line on standard error, with `-v` only.
pub(crate) fn detail(message: &str) {
    if verbose() {
        eprintln!("{message}");
    }
}

/// Writes `text` to standard output before a run's files are moved into
/// place: a failure (other than a closed pipe, which is fine) stops the run
/// with exit code 2 before the output folder changes.
pub(crate) fn print_before_commit(text: &str) -> Result<(), super::Failure> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(super::Failure::Io(
            anyhow::Error::new(e)
                .context("cannot write to standard output (the output folder was left as it was)"),
        )),
    }
}

/// Standard output went away: a closed pipe ends the run quietly and
/// successfully (as `cat file | head -1` does), any other failure (e.g.
/// `> /dev/full`) with a clear message and exit code `io_exit` (the
/// contract's I/O code, `Exit::Io` of `cli/contract.rs`).
///
/// `println!` reports a failed write by panicking; this hook turns exactly
/// that panic into an orderly exit and leaves every other panic alone.
pub fn install_stdout_hook(io_exit: i32) {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let msg = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if let Some(cause) = msg.strip_prefix("failed printing to stdout: ") {
            if cause.contains("Broken pipe") || cause.contains("os error 32") {
                std::process::exit(0);
            }
            error(&format!("cannot write to standard output: {cause}"));
            std::process::exit(io_exit);
        }
        default(info);
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_follows_the_flag_then_no_color_then_the_terminal() {
        assert!(wants_color(ColorArg::Always, Some("1"), false));
        assert!(!wants_color(ColorArg::Never, None, true));
        assert!(wants_color(ColorArg::Auto, None, true));
        assert!(wants_color(ColorArg::Auto, Some(""), true));
        assert!(!wants_color(ColorArg::Auto, Some("1"), true));
        assert!(!wants_color(ColorArg::Auto, None, false));
    }
}
