//! The one reader of hexpress's own TOML files: the templates (`theme.toml`,
//! `sheets.toml`, `printer.toml`), the balance weights and the shared
//! vocabulary. (Scenarios have their own reader, `scenario`, which collects
//! every problem of a file instead of stopping at the first.)
//!
//! A file is parsed with spans (toml-span, cargo-deny style). Typed getters
//! on a [`Node`] return one error type, [`TomlError`]: the file, the key's
//! line and column, what is wrong and a hint. Unknown keys are refused the
//! same way in every file, at the key, with the keys the table knows.
//!
//! ```
//! use hexpress::toml_file::TomlFile;
//! let file = TomlFile::parse("balance.toml", "[bar]\n  corner_maxx = 3\n").unwrap();
//! let bar = file.root().get("bar").unwrap();
//! let e = bar.entries(&["corner_max", "high_pairs"]).unwrap_err();
//! assert_eq!((e.line, e.col), (2, 3));
//! assert_eq!(e.message, "unknown key `corner_maxx` in `[bar]`");
//! assert_eq!(e.hint, "did you mean `corner_max`?");
//! assert_eq!(e.to_string(), "`balance.toml`, line 2, column 3: unknown key `corner_maxx` in `[bar]`");
//! ```

use std::fmt::Display;

use toml_span::value::{Key, Value, ValueInner};

use crate::diag::{FileProblem, Source, Span};
use crate::position::line_col;
use crate::vocab::did_you_mean;

/// A getter's result: the value, or the problem at its place.
pub type Result<T> = std::result::Result<T, Box<TomlError>>;

/// The hint of a TOML syntax error.
pub const SYNTAX_HINT: &str = "check the line for a missing quote, bracket or `=`";

/// A problem in a TOML file, at its place.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{}: {message}", self.place())]
pub struct TomlError {
    /// The file's name as shown (`sheets.toml`).
    pub file: &'static str,
    /// Whether the file is the built-in copy compiled into the binary.
    pub builtin: bool,
    /// Byte range of the key or value at fault, when the problem has a place.
    pub span: Option<Span>,
    /// 1-based line of the span's start (0 without a span).
    pub line: usize,
    /// 1-based column of the span's start, in characters (0 without a span).
    pub col: usize,
    /// What is wrong, in one line.
    pub message: String,
    /// How to fix it.
    pub hint: String,
    /// For an unknown key: the keys its table knows.
    pub known: Vec<String>,
}

impl TomlError {
    /// A problem of the file `file` without a place in it.
    pub fn unplaced(file: &'static str, message: impl Into<String>) -> Box<TomlError> {
        Box::new(TomlError {
            file,
            builtin: false,
            span: None,
            line: 0,
            col: 0,
            message: message.into(),
            hint: file_hint(file),
            known: Vec::new(),
        })
    }

    /// "`file`, line L, column C" ("built-in `file`, ..." for the built-in
    /// copy), or just the file without a place.
    pub fn place(&self) -> String {
        let which = if self.builtin { "built-in " } else { "" };
        match self.span {
            Some(_) => format!("{which}`{}`, line {}, column {}", self.file, self.line, self.col),
            None => format!("{which}`{}`", self.file),
        }
    }

    /// The same problem with another hint.
    pub fn with_hint(mut self: Box<Self>, hint: impl Into<String>) -> Box<Self> {
        self.hint = hint.into();
        self
    }

    /// The problem for the codespan renderer, in the file at `path` whose
    /// text (the one parsed) is `text`.
    pub fn file_problem(&self, path: impl Into<String>, text: impl Into<String>) -> FileProblem {
        FileProblem {
            file: Source::new(path, text),
            span: self.span.clone(),
            message: self.message.clone(),
            label: "here".into(),
            hint: self.hint.clone(),
        }
    }
}

/// The hint of a problem without a more precise one: the built-in copy of
/// the file shows every key.
fn file_hint(file: &str) -> String {
    format!("the built-in templates/{file} shows every key with a valid value")
}

/// A TOML file parsed with spans.
pub struct TomlFile<'a> {
    name: &'static str,
    text: &'a str,
    builtin: bool,
    root: Value<'a>,
}

impl<'a> TomlFile<'a> {
    /// Parses `text`, a copy of the file `name` given by the user; a syntax
    /// error points at its place.
    pub fn parse(name: &'static str, text: &'a str) -> Result<TomlFile<'a>> {
        TomlFile::parse_as(name, text, false)
    }

    /// Parses the built-in copy of `name`: its places read "built-in
    /// `name`, line L, column C".
    pub fn parse_builtin(name: &'static str, text: &'a str) -> Result<TomlFile<'a>> {
        TomlFile::parse_as(name, text, true)
    }

    fn parse_as(name: &'static str, text: &'a str, builtin: bool) -> Result<TomlFile<'a>> {
        match toml_span::parse(text) {
            Ok(root) => Ok(TomlFile { name, text, builtin, root }),
            Err(e) => {
                let file =
                    TomlFile { name, text, builtin, root: Value::new(ValueInner::Boolean(false)) };
                let start = e.span.start.min(text.len());
                let end = e.span.end.clamp(start, text.len());
                Err(file
                    .error(Some(start..end), format!("invalid TOML: {e}"))
                    .with_hint(SYNTAX_HINT))
            }
        }
    }

    /// The file's name (`theme.toml`).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Whether this is the built-in copy.
    pub fn is_builtin(&self) -> bool {
        self.builtin
    }

    /// The top-level table.
    pub fn root(&self) -> Node<'_> {
        Node { file: self, value: &self.root, key: None, path: String::new(), name_at: 0 }
    }

    /// The value at a dotted path (`sheet.margin`), if the file holds it.
    pub fn get(&self, dotted: &str) -> Option<Node<'_>> {
        dotted.split('.').try_fold(self.root(), |node, key| node.get(key))
    }

    /// A problem at `span` (or without a place), with the file's hint.
    pub fn error(&self, span: Option<Span>, message: impl Into<String>) -> Box<TomlError> {
        let (line, col) = span.as_ref().map_or((0, 0), |s| line_col(self.text, s.start));
        Box::new(TomlError {
            file: self.name,
            builtin: self.builtin,
            span,
            line,
            col,
            message: message.into(),
            hint: file_hint(self.name),
            known: Vec::new(),
        })
    }

    /// "`name`, line L, column C" of a byte offset ("built-in `name`, ..."
    /// in the built-in copy): where a value was set, for messages about
    /// values that do not fit together.
    pub fn origin(&self, at: usize) -> String {
        let (line, col) = line_col(self.text, at);
        let which = if self.builtin { "built-in " } else { "" };
        format!("{which}`{}`, line {line}, column {col}", self.name)
    }
}

/// A value of a file, with the dotted path of keys that leads to it.
#[derive(Clone)]
pub struct Node<'f> {
    file: &'f TomlFile<'f>,
    value: &'f Value<'f>,
    /// The key naming the value (none for the root and array items).
    key: Option<Span>,
    path: String,
    /// Where the last key starts in `path`.
    name_at: usize,
}

impl std::fmt::Debug for Node<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Node").field("path", &self.path).field("span", &self.span()).finish()
    }
}

/// "a, b or c".
pub fn or_list(names: &[&str]) -> String {
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

impl<'f> Node<'f> {
    /// The dotted path (`palettes.colour.forest`; `term[2]` for an item of
    /// an array; empty for the root).
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The last key of the path (the whole path of an array item).
    pub fn name(&self) -> &str {
        self.path.get(self.name_at..).unwrap_or("")
    }

    /// The file the value is in.
    pub fn file(&self) -> &'f TomlFile<'f> {
        self.file
    }

    /// The raw value, for what the getters do not cover.
    pub fn value(&self) -> &'f Value<'f> {
        self.value
    }

    /// Byte range of the value.
    pub fn span(&self) -> Span {
        self.value.span.start..self.value.span.end
    }

    /// Byte range of the key naming the value (the value's, for an array item).
    pub fn key_span(&self) -> Span {
        self.key.clone().unwrap_or_else(|| self.span())
    }

    /// "`path` problem", at the value.
    pub fn error(&self, problem: impl Display) -> Box<TomlError> {
        self.file.error(Some(self.span()), format!("`{}` {problem}", self.path))
    }

    /// "`path` problem", at the key.
    pub fn key_error(&self, problem: impl Display) -> Box<TomlError> {
        self.file.error(Some(self.key_span()), format!("`{}` {problem}", self.path))
    }

    /// "`path` must be `what`, found a ...", at the value.
    pub fn expected(&self, what: &str) -> Box<TomlError> {
        let v = self.value;
        let found = if v.as_str().is_some() {
            "a string"
        } else if v.as_bool().is_some() {
            "true or false"
        } else if v.as_array().is_some() {
            "an array"
        } else if v.as_table().is_some() {
            "a table"
        } else {
            "a number"
        };
        self.error(format!("must be {what}, found {found}"))
    }

    /// Where the value is, for "in ..." ("`[sizes]`", "`term[2]`", "the file").
    fn here(&self) -> String {
        match (&self.key, self.path.is_empty()) {
            (_, true) => "the file".into(),
            (Some(_), false) => format!("`[{}]`", self.path),
            (None, false) => format!("`{}`", self.path),
        }
    }

    fn child(&self, key: &Key<'_>, value: &'f Value<'f>) -> Node<'f> {
        let path = match self.path.is_empty() {
            true => key.name.to_string(),
            false => format!("{}.{}", self.path, key.name),
        };
        let name_at = path.len() - key.name.len();
        Node { file: self.file, value, key: Some(key.span.start..key.span.end), path, name_at }
    }

    /// The entries of a table, in the file's order.
    pub fn table(&self) -> Result<Vec<Node<'f>>> {
        let Some(t) = self.value.as_table() else { return Err(self.expected("a table")) };
        let mut out: Vec<Node<'f>> = t.iter().map(|(k, v)| self.child(k, v)).collect();
        out.sort_by_key(|n| n.key_span().start);
        Ok(out)
    }

    /// The entries of a table whose keys must all be `known`, in the file's
    /// order. The first unknown key is the error, at the key, with a
    /// did-you-mean hint or the list of known keys.
    pub fn entries(&self, known: &[&str]) -> Result<Vec<Node<'f>>> {
        let entries = self.table()?;
        if let Some(e) = entries.iter().find(|e| !known.contains(&e.name())) {
            return Err(self.unknown(e, known));
        }
        Ok(entries)
    }

    fn unknown(&self, e: &Node<'f>, known: &[&str]) -> Box<TomlError> {
        let table = e.value.as_table().is_some();
        let message = match (table, self.path.is_empty()) {
            (true, _) => format!("unknown table `[{}]`", e.path),
            (false, true) => format!("unknown key `{}`", e.name()),
            (false, false) => format!("unknown key `{}` in {}", e.name(), self.here()),
        };
        let prefix = if self.path.is_empty() { String::new() } else { format!("{}.", self.path) };
        let hint = match (did_you_mean(e.name(), known.iter().copied()), table) {
            (Some(s), true) => format!("did you mean `[{prefix}{s}]`?"),
            (Some(s), false) => format!("did you mean `{s}`?"),
            (None, _) => format!("the keys of {} are: {}", self.here(), known.join(", ")),
        };
        let mut err = self.file.error(Some(e.key_span()), message).with_hint(hint);
        err.known = known.iter().map(|k| k.to_string()).collect();
        err
    }

    /// The value at `key` of a table (none when this is not a table).
    pub fn get(&self, key: &str) -> Option<Node<'f>> {
        let t = self.value.as_table()?;
        t.iter().find(|(k, _)| k.name == key).map(|(k, v)| self.child(k, v))
    }

    /// The value at `key`, which the table must hold.
    pub fn require(&self, key: &str) -> Result<Node<'f>> {
        self.get(key).ok_or_else(|| {
            let message = match self.path.is_empty() {
                true => format!("missing `{key}`"),
                false => format!("missing `{key}` in {}", self.here()),
            };
            let at = if self.path.is_empty() { None } else { Some(self.key_span()) };
            self.file.error(at, message)
        })
    }

    /// Checks that the table holds every key of `keys`.
    pub fn require_all(&self, keys: &[&str]) -> Result<()> {
        keys.iter().try_for_each(|k| self.require(k).map(drop))
    }

    /// A string.
    pub fn string(&self) -> Result<&'f str> {
        self.value.as_str().ok_or_else(|| self.expected("a string"))
    }

    /// A string that is one of `names` (the one it is).
    pub fn one_of<'n>(&self, names: &[&'n str]) -> Result<&'n str> {
        let s = self.string()?;
        names
            .iter()
            .find(|n| **n == s)
            .copied()
            .ok_or_else(|| self.error(format!("is {s:?}; use {}", or_list(names))))
    }

    /// `true` or `false`.
    pub fn bool(&self) -> Result<bool> {
        self.value.as_bool().ok_or_else(|| self.expected("true or false"))
    }

    /// A whole number.
    pub fn integer(&self) -> Result<i64> {
        self.value.as_integer().ok_or_else(|| self.expected("a whole number"))
    }

    /// A finite number (a whole number is one too).
    pub fn number(&self) -> Result<f64> {
        let v = self.value;
        let x = v.as_float().or_else(|| v.as_integer().map(|i| i as f64));
        match x {
            Some(x) if x.is_finite() => Ok(x),
            Some(x) => Err(self.error(format!("is {x}; it must be a finite number"))),
            None => Err(self.expected("a number")),
        }
    }

    /// A finite number in `lo..=hi` (`hi` infinite: at least `lo`).
    pub fn number_in(&self, lo: f64, hi: f64) -> Result<f64> {
        let x = self.number()?;
        if x >= lo && x <= hi {
            return Ok(x);
        }
        Err(self.error(match hi.is_finite() {
            true => format!("is {x}; it must be between {lo} and {hi}"),
            false => format!("is {x}; it must be at least {lo}"),
        }))
    }

    /// A finite number above 0.
    pub fn positive(&self) -> Result<f64> {
        let x = self.number()?;
        if x > 0.0 {
            return Ok(x);
        }
        Err(self.error(format!("is {x}; it must be above 0")))
    }

    /// The items of an array, each with the path `key[i]`.
    pub fn array(&self) -> Result<Vec<Node<'f>>> {
        let Some(items) = self.value.as_array() else { return Err(self.expected("an array")) };
        Ok(items
            .iter()
            .enumerate()
            .map(|(i, v)| Node {
                file: self.file,
                value: v,
                key: None,
                path: format!("{}[{i}]", self.path),
                name_at: 0,
            })
            .collect())
    }

    /// A pair of finite numbers (`[width, height]`); `what` says what the
    /// pair is, for the error ("[width, height] in mm").
    pub fn pair(&self, what: &str) -> Result<(f64, f64)> {
        let err = || self.error(format!("must be {what}"));
        let items = self.value.as_array().filter(|a| a.len() == 2).ok_or_else(err)?;
        let num = |v: &Value<'_>| v.as_float().or_else(|| v.as_integer().map(|i| i as f64));
        match (num(&items[0]), num(&items[1])) {
            (Some(a), Some(b)) if a.is_finite() && b.is_finite() => Ok((a, b)),
            _ => Err(err()),
        }
    }
}

#[cfg(test)]
mod tests;
