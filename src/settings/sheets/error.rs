//! Errors of the sheet templates, with their place in a user's file.

use std::path::{Path, PathBuf};

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
    /// The file is not valid TOML.
    #[error("`{file}` is not valid TOML ({at}): {message}")]
    Syntax {
        /// The file.
        file: String,
        /// `line L, column C` of the problem.
        at: String,
        /// What the parser said.
        message: String,
        /// Byte range of the problem in the file.
        span: Option<std::ops::Range<usize>>,
    },
    /// A key is missing, has the wrong type or an unusable value.
    #[error("`{file}`{at}: `{key}` {problem}")]
    Value {
        /// The file.
        file: String,
        /// `, line L, column C` of the value, when the file holds it.
        at: String,
        /// Dotted key.
        key: String,
        /// What is wrong.
        problem: String,
        /// Byte range of the value in the file, when the file holds it.
        span: Option<std::ops::Range<usize>>,
    },
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

/// The hint of a sheet template problem.
const HINT: &str =
    "the built-in templates/sheets.toml and printer.toml show every key with a valid value";

impl TemplateError {
    /// The error with its place in the user's file (`dir`/`sheets.toml` or
    /// `printer.toml`, whose texts are given), when it has one there.
    pub(super) fn located(self, dir: &Path, sheets: &str, printer: &str) -> TemplateError {
        let (file, span, message) = match &self {
            TemplateError::Syntax { file, message, span: Some(sp), .. } => {
                (file.clone(), sp.clone(), format!("invalid TOML: {message}"))
            }
            TemplateError::Value { file, key, problem, span: Some(sp), .. } => {
                (file.clone(), sp.clone(), format!("`{key}` {problem}"))
            }
            _ => return self,
        };
        let path = dir.join(&file);
        if !path.exists() {
            return self;
        }
        let text = if file == "printer.toml" { printer } else { sheets };
        let hint = match &self {
            TemplateError::Syntax { .. } => "check the line for a missing quote, bracket or `=`",
            _ => HINT,
        };
        TemplateError::Located(Box::new(crate::diag::FileProblem {
            file: crate::diag::Source::new(path.display().to_string(), text),
            span: Some(span),
            message,
            label: "here".into(),
            hint: hint.into(),
        }))
    }
}
