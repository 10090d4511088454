//! Diagnostics: problems found in a scenario file, each pointing at a span.
//!
//! Parsing and validation push every problem they find into [`Diagnostics`]
//! and keep going, so a user sees all the errors of a file at once.

use std::ops::Range;

use codespan_reporting::diagnostic as cs;
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term;

use crate::limits::MAX_SHOWN_PROBLEMS as MAX_SHOWN;
use crate::position::floor_char_boundary;
pub use crate::position::line_col;

/// A byte range in the scenario source text.
pub type Span = Range<usize>;

/// A label attached to a span of the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// Where in the file.
    pub span: Span,
    /// What to say there (may be empty).
    pub message: String,
    /// Primary labels get carets, secondary ones dashes.
    pub primary: bool,
}

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The scenario cannot be used.
    Error,
    /// Worth knowing; the scenario still works.
    Warning,
}

/// One problem with a scenario file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// One line, lowercase, no trailing period; user names in backticks.
    pub message: String,
    /// Spans in the file.
    pub labels: Vec<Label>,
    /// Suggested fixes, each rendered as `hint: ...`.
    pub hints: Vec<String>,
}

impl Diagnostic {
    /// A new error with a message and no labels yet.
    pub fn error(message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            labels: Vec::new(),
            hints: Vec::new(),
        }
    }

    /// A new warning.
    pub fn warning(message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(message) }
    }

    /// Adds the primary label.
    pub fn at(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label { span, message: message.into(), primary: true });
        self
    }

    /// Adds a secondary label.
    pub fn also(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label { span, message: message.into(), primary: false });
        self
    }

    /// Adds a hint.
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hints.push(hint.into());
        self
    }
}

/// A collector of diagnostics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics {
    items: Vec<Diagnostic>,
    /// Checks that did not run because of an earlier problem, each said as
    /// "what did not run, because why" (in the order first noted, each once).
    skipped: Vec<String>,
}

impl Diagnostics {
    /// An empty collector.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records a diagnostic.
    pub fn push(&mut self, d: Diagnostic) {
        self.items.push(d);
    }

    /// Whether any error (not warning) was recorded.
    pub fn has_errors(&self) -> bool {
        self.items.iter().any(|d| d.severity == Severity::Error)
    }

    /// Number of errors.
    pub fn error_count(&self) -> usize {
        self.items.iter().filter(|d| d.severity == Severity::Error).count()
    }

    /// All diagnostics, in the order they were found... sorted by position for display.
    pub fn items(&self) -> &[Diagnostic] {
        &self.items
    }

    /// Whether nothing at all was recorded.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Notes that a check did not run because of an earlier problem, in
    /// words for the closing lines: "the harbor checks of map 1 did not run
    /// because a hex of its drawing could not be read". Each note once.
    pub fn skip(&mut self, note: impl Into<String>) {
        let note = note.into();
        if !self.skipped.contains(&note) {
            self.skipped.push(note);
        }
    }

    /// The checks that did not run, and why.
    pub fn skipped(&self) -> &[String] {
        &self.skipped
    }

    /// Moves every diagnostic and note of `other` into this collector.
    pub fn extend(&mut self, other: Diagnostics) {
        self.items.extend(other.items);
        for s in other.skipped {
            self.skip(s);
        }
    }

    /// Sorts diagnostics by the start of their first label, keeping
    /// discovery order for ties, so output reads top to bottom.
    pub fn sort(&mut self) {
        self.items.sort_by_key(|d| d.labels.first().map_or(usize::MAX, |l| l.span.start));
    }
}

/// A scenario source: its display name and text.
#[derive(Clone, Debug)]
pub struct Source {
    /// Shown in diagnostics (a path, or `builtin:<id>`).
    pub name: String,
    /// The whole file.
    pub text: String,
    /// A built-in scenario, held to every rule of the format; a user's file
    /// gets warnings where a newer rule would refuse what older versions
    /// accepted (see docs/scenario-format.md, "How the format evolves").
    pub builtin: bool,
}

impl Source {
    /// A source from a name and its text (a user's file).
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        Source { name: name.into(), text: text.into(), builtin: false }
    }

    /// A built-in scenario's source: held to every rule of the format.
    pub fn builtin(name: impl Into<String>, text: impl Into<String>) -> Self {
        Source { builtin: true, ..Source::new(name, text) }
    }

    /// 1-based (line, column) of a byte offset, columns counted in characters.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        line_col(&self.text, offset)
    }
}

/// Renders diagnostics as plain text, codespan style, with `file:line:col`,
/// the source line, carets under the span and `= hint:` lines.
pub fn render(source: &Source, diags: &Diagnostics) -> String {
    render_styled(source, diags, false)
}

/// The hint an error without one of its own gets: every input error ends
/// with a hint.
pub(crate) const FALLBACK_HINT: &str =
    "docs/scenario-format.md describes every key, its type and the values it takes";

/// A problem at a place in a file other than a scenario (a template, a
/// weights file), reported like a scenario's diagnostics.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{}", self.flat())]
pub struct FileProblem {
    /// The file (its path as given) and its text.
    pub file: Source,
    /// Where in it, when the problem has a place.
    pub span: Option<Span>,
    /// What is wrong, in one line.
    pub message: String,
    /// What to say at the place.
    pub label: String,
    /// How to fix it.
    pub hint: String,
}

impl FileProblem {
    /// The problem as one diagnostic.
    pub fn diagnostics(&self) -> Diagnostics {
        let mut d = Diagnostic::error(self.message.clone()).hint(self.hint.clone());
        if let Some(sp) = &self.span {
            d = d.at(sp.clone(), self.label.clone());
        }
        let mut ds = Diagnostics::new();
        ds.push(d);
        ds
    }

    /// `path:line:col: message` and the hint, on two lines.
    pub fn flat(&self) -> String {
        let at = match &self.span {
            Some(sp) => {
                let (l, c) = self.file.line_col(sp.start);
                format!("{}:{l}:{c}", self.file.name)
            }
            None => self.file.name.clone(),
        };
        format!("{at}: {}\n  hint: {}", self.message, self.hint)
    }

    /// The problem rendered like a scenario's diagnostics.
    pub fn render(&self, color: bool) -> String {
        render_styled(&self.file, &self.diagnostics(), color)
    }
}

/// What both front ends ask of an error of the library: whether what the
/// user gave caused it (a file's content, its size, a limit it passes, a
/// choice out of range) rather than the machine or a bug, and its place in a
/// file when it has one. Each library error implements it where it is
/// defined; `crate::outputs::user_error` finds it on an error of a chain.
pub(crate) trait UserError: std::error::Error {
    /// Whether what the user gave caused the error.
    fn is_input(&self) -> bool;

    /// The problem with its place in the user's file, when it has one.
    fn file_problem(&self) -> Option<&FileProblem> {
        None
    }
}

impl UserError for FileProblem {
    fn is_input(&self) -> bool {
        true
    }

    fn file_problem(&self) -> Option<&FileProblem> {
        Some(self)
    }
}

/// A file that cannot be read is the user's when its content is at fault
/// (not text, too large): [`crate::limits::unreadable_input`].
impl UserError for std::io::Error {
    fn is_input(&self) -> bool {
        crate::limits::unreadable_input(self)
    }
}

/// Like [`render`], with ANSI colours when `color` is true (for a terminal).
pub(crate) fn render_styled(source: &Source, diags: &Diagnostics, color: bool) -> String {
    let file = SimpleFile::new(source.name.as_str(), source.text.as_str());
    let config = term::Config::default();
    let mut out = String::new();
    let shown =
        diags.items().iter().filter(|d| d.severity == Severity::Error).take(MAX_SHOWN).count();
    let mut errors_shown = 0;
    for d in diags.items() {
        if d.severity == Severity::Error {
            if errors_shown == shown {
                continue;
            }
            errors_shown += 1;
        }
        let severity = match d.severity {
            Severity::Error => cs::Severity::Error,
            Severity::Warning => cs::Severity::Warning,
        };
        let labels = d
            .labels
            .iter()
            .map(|l| {
                let span = clamp_span(&source.text, &l.span);
                let style =
                    if l.primary { cs::LabelStyle::Primary } else { cs::LabelStyle::Secondary };
                cs::Label::new(style, (), span).with_message(l.message.clone())
            })
            .collect();
        let mut notes: Vec<String> = d.hints.iter().map(|h| format!("hint: {h}")).collect();
        if notes.is_empty() && d.severity == Severity::Error {
            notes.push(format!("hint: {FALLBACK_HINT}"));
        }
        let diag = cs::Diagnostic::new(severity)
            .with_message(d.message.clone())
            .with_labels(labels)
            .with_notes(notes);
        let written = match color {
            true => {
                let mut ansi = term::termcolor::Ansi::new(Vec::new());
                let r = term::emit_to_write_style(&mut ansi, &config, &file, &diag);
                out.push_str(&String::from_utf8_lossy(&ansi.into_inner()));
                r
            }
            false => term::emit_to_string(&mut out, &config, &file, &diag),
        };
        if written.is_err() {
            // A span outside the file cannot happen after clamping; keep the message anyway.
            out.push_str(&format!("error: {}\n", d.message));
        }
    }
    let errors = diags.error_count();
    if errors > shown {
        out.push_str(&format!(
            "error: {} more problems are not shown (only the first {MAX_SHOWN} are)\n",
            errors - shown
        ));
    }
    if errors > 0 {
        for note in diags.skipped() {
            out.push_str(&format!("note: {note}\n"));
        }
        out.push_str(&closing_line(&source.name, errors, diags.skipped().len()));
    }
    out
}

/// The last line under a file's problems: how many, and whether some checks
/// did not run (so that fixing these may show more).
fn closing_line(name: &str, errors: usize, skipped: usize) -> String {
    let s = if errors == 1 { "" } else { "s" };
    match skipped {
        0 => format!("error: `{name}` has {errors} problem{s}\n"),
        1 => format!(
            "error: `{name}` has {errors} problem{s}, and 1 check did not run (see the note above): fix these and check again\n"
        ),
        n => format!(
            "error: `{name}` has {errors} problem{s}, and {n} checks did not run (see the notes above): fix these and check again\n"
        ),
    }
}

fn clamp_span(text: &str, span: &Span) -> Span {
    let start = floor_char_boundary(text, span.start.min(text.len()));
    let end = floor_char_boundary(text, span.end.min(text.len())).max(start);
    start..end
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_characters() {
        let s = Source::new("x.toml", "ab\ncdé f\n");
        assert_eq!(s.line_col(0), (1, 1));
        assert_eq!(s.line_col(3), (2, 1));
        assert_eq!(s.line_col(8), (2, 5));
    }

    #[test]
    fn render_points_at_file_line_col_with_hint() {
        let src = Source::new("s.toml", "[scenario]\nidd = 1\n");
        let mut d = Diagnostics::new();
        d.push(
            Diagnostic::error("unknown key `idd`")
                .at(11..14, "not a key of `[scenario]`")
                .hint("did you mean `id`?"),
        );
        let out = render(&src, &d);
        assert!(out.contains("s.toml:2:1"), "{out}");
        assert!(out.contains("^^^"), "{out}");
        assert!(out.contains("hint: did you mean `id`?"), "{out}");
        assert!(out.contains("has 1 problem"), "{out}");
    }

    #[test]
    fn a_flood_shows_the_first_problems_and_counts_the_rest() {
        let src = Source::new("s.toml", "x = 1\n");
        let mut d = Diagnostics::new();
        for i in 0..MAX_SHOWN + 7 {
            d.push(Diagnostic::error(format!("problem {i}")).at(0..1, "here"));
        }
        let out = render(&src, &d);
        assert!(out.contains(&format!("problem {}", MAX_SHOWN - 1)), "{out}");
        assert!(!out.contains(&format!("problem {MAX_SHOWN}")), "{out}");
        assert!(out.contains("7 more problems are not shown"), "{out}");
        assert!(out.contains(&format!("has {} problems", MAX_SHOWN + 7)), "{out}");
        // An error without a hint of its own gets the fallback.
        assert!(out.contains(FALLBACK_HINT), "{out}");
    }
}
