//! Errors of the sheet templates, with their place in a user's file.

use std::path::{Path, PathBuf};

use crate::toml_file::TomlError;

/// A problem in a sheet template.
#[derive(Debug, thiserror::Error)]
pub enum TemplateError {
    /// The file could not be read.
    #[error("cannot read `{path}`: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The file is not valid TOML, or a key is unknown, missing, has the
    /// wrong type or an unusable value.
    #[error(transparent)]
    Toml(#[from] Box<TomlError>),
    /// A problem with its place in a template file of the user's.
    #[error(transparent)]
    Located(Box<crate::diag::FileProblem>),
    /// A paper name is not defined in `[paper.sizes]`.
    #[error("unknown paper `{name}`; defined: {known}")]
    UnknownPaper {
        /// The name asked for.
        name: String,
        /// The defined names, comma-separated.
        known: String,
    },
}

impl crate::diag::UserError for TemplateError {
    /// Whether the user's template is at fault: everything but a file that
    /// cannot be read for a reason other than its content.
    fn is_input(&self) -> bool {
        match self {
            TemplateError::Io { source, .. } => crate::limits::unreadable_input(source),
            _ => true,
        }
    }

    fn file_problem(&self) -> Option<&crate::diag::FileProblem> {
        match self {
            TemplateError::Located(p) => Some(p),
            _ => None,
        }
    }
}

impl TemplateError {
    /// The error with its place in the user's file (`dir`/`sheets.toml` or
    /// `printer.toml`, whose texts are given), when it has one there.
    pub(super) fn located(self, dir: &Path, sheets: &str, printer: &str) -> TemplateError {
        let TemplateError::Toml(e) = &self else { return self };
        let path = dir.join(e.file);
        if e.builtin || e.span.is_none() || !path.exists() {
            return self;
        }
        let text = if e.file == "printer.toml" { printer } else { sheets };
        TemplateError::Located(Box::new(e.file_problem(path.display().to_string(), text)))
    }
}
