//! A sheet template read through the one TOML reader
//! ([`crate::toml_file`]): the user's file laid over the built-in one (a key
//! the user's file leaves out is read from the built-in file), unknown keys
//! refused, errors at the value's line and column.

use crate::toml_file::{Node, Result, TomlFile};

/// The keys of each table of a template (`""`: the top level); a table
/// missing from this list (`[paper.sizes]`, `[cards.sizes]`) names its own
/// keys.
pub(super) type Schema = &'static [(&'static str, &'static [&'static str])];

/// A user's file over the built-in one.
pub(super) struct Doc<'a> {
    file: TomlFile<'a>,
    /// The built-in file, when the user's file is not a copy of it.
    base: Option<TomlFile<'static>>,
}

impl<'a> Doc<'a> {
    /// Parses `text` (the file `name`) and checks its keys against
    /// `schema`; keys it lacks are read from the built-in `base` text.
    pub(super) fn parse(
        name: &'static str,
        text: &'a str,
        base: &'static str,
        schema: Schema,
    ) -> Result<Doc<'a>> {
        let doc = if text == base {
            Doc { file: TomlFile::parse_builtin(name, text)?, base: None }
        } else {
            let base = TomlFile::parse_builtin(name, base)?;
            Doc { file: TomlFile::parse(name, text)?, base: Some(base) }
        };
        for (table, keys) in schema {
            let node = if table.is_empty() { Some(doc.file.root()) } else { doc.file.get(table) };
            if let Some(node) = node {
                node.entries(keys)?;
            }
        }
        Ok(doc)
    }

    /// The value at the dotted `key`: the user's, or the built-in one.
    pub(super) fn get(&self, key: &str) -> Result<Node<'_>> {
        match (self.file.get(key), &self.base) {
            (Some(n), _) => Ok(n),
            (None, Some(base)) => base.get(key).ok_or_else(|| self.missing(key)),
            (None, None) => Err(self.missing(key)),
        }
    }

    fn missing(&self, key: &str) -> Box<crate::toml_file::TomlError> {
        self.file.error(None, format!("missing `{key}`"))
    }

    /// Where `key`'s value is: in this file, or in the built-in one.
    pub(super) fn origin(&self, key: &str) -> Option<String> {
        let n = self.get(key).ok()?;
        Some(n.file().origin(n.span().start))
    }

    pub(super) fn string(&self, key: &str) -> Result<&str> {
        self.get(key)?.string()
    }

    pub(super) fn num(&self, key: &str) -> Result<f64> {
        self.get(key)?.number()
    }

    pub(super) fn pos(&self, key: &str) -> Result<f64> {
        self.get(key)?.positive()
    }

    pub(super) fn non_negative(&self, key: &str) -> Result<f64> {
        self.get(key)?.number_in(0.0, f64::INFINITY)
    }

    /// A piece size: between 5 and 200 mm, like the theme's chip size, so a
    /// sheet holds a bounded number of pieces.
    pub(super) fn piece_size(&self, key: &str) -> Result<f64> {
        let n = self.get(key)?;
        let v = n.number()?;
        if !(5.0..=200.0).contains(&v) {
            return Err(n.error(format!("is {v} mm; a piece measures between 5 and 200 mm")));
        }
        Ok(v)
    }
}
