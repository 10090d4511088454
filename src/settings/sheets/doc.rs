//! A sheet template read with toml-span: keyed access, the built-in file
//! for keys a user's file leaves out, and errors naming the file, the key
//! and the value's line and column.

use toml_span::value::{Table, Value};

use super::TemplateError;

pub(super) fn number(v: &Value<'_>) -> Option<f64> {
    v.as_float().or_else(|| v.as_integer().map(|i| i as f64))
}

/// A parsed file with keyed access and errors naming the file.
pub(super) struct Doc<'a> {
    file: &'static str,
    text: &'a str,
    root: Value<'a>,
    /// The built-in file, for keys a user's file leaves out.
    base: Option<Value<'static>>,
    /// The built-in file's text.
    base_text: &'static str,
}

fn lookup<'v, 'a>(root: &'v Value<'a>, key: &str) -> Option<&'v Value<'a>> {
    let mut v = root;
    for part in key.split('.') {
        v = v.as_table().and_then(|t| t.iter().find(|(k, _)| k.name == part).map(|(_, v)| v))?;
    }
    Some(v)
}

impl<'a> Doc<'a> {
    /// Parses `text`; keys it lacks are read from the built-in `base` text.
    pub(super) fn parse(
        file: &'static str,
        text: &'a str,
        base: &'static str,
    ) -> Result<Doc<'a>, TemplateError> {
        let syntax = |t: &str, e: toml_span::Error| {
            let (l, c) = crate::diag::line_col(t, e.span.start);
            TemplateError::Syntax {
                file: file.into(),
                at: format!("line {l}, column {c}"),
                message: e.kind.to_string(),
                span: Some(e.span.start..e.span.end),
            }
        };
        let root = toml_span::parse(text).map_err(|e| syntax(text, e))?;
        let base_text = base;
        let base = if std::ptr::eq(text, base) {
            None
        } else {
            Some(toml_span::parse(base).map_err(|e| syntax(base, e))?)
        };
        Ok(Doc { file, text, root, base, base_text })
    }

    /// An error about `key`, pointing at its value when this file holds it.
    pub(super) fn err(&self, key: &str, problem: String) -> TemplateError {
        let (at, span) = match lookup(&self.root, key) {
            Some(v) => {
                let (l, c) = crate::diag::line_col(self.text, v.span.start);
                (format!(", line {l}, column {c}"), Some(v.span.start..v.span.end))
            }
            None => (String::new(), None),
        };
        TemplateError::Value { file: self.file.into(), at, key: key.into(), problem, span }
    }

    /// Where `key`'s value is: in this file, or in the built-in one.
    pub(super) fn origin(&self, key: &str) -> Option<String> {
        if let Some(v) = lookup(&self.root, key) {
            let (l, c) = crate::diag::line_col(self.text, v.span.start);
            let which = if self.text == self.base_text { "built-in " } else { "" };
            return Some(format!("{which}`{}`, line {l}, column {c}", self.file));
        }
        let v = lookup(self.base.as_ref()?, key)?;
        let (l, c) = crate::diag::line_col(self.base_text, v.span.start);
        Some(format!("built-in `{}`, line {l}, column {c}", self.file))
    }

    pub(super) fn get(&self, key: &str) -> Result<&Value<'a>, TemplateError> {
        lookup(&self.root, key)
            .or_else(|| self.base.as_ref().and_then(|b| lookup(b, key)))
            .ok_or_else(|| self.err(key, "is missing".into()))
    }

    pub(super) fn table(&self, key: &str) -> Result<&Table<'a>, TemplateError> {
        self.get(key)?.as_table().ok_or_else(|| self.err(key, "must be a table".into()))
    }

    pub(super) fn string(&self, key: &str) -> Result<String, TemplateError> {
        self.get(key)?
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| self.err(key, "must be a string".into()))
    }

    pub(super) fn num(&self, key: &str) -> Result<f64, TemplateError> {
        number(self.get(key)?)
            .filter(|v| v.is_finite())
            .ok_or_else(|| self.err(key, "must be a number".into()))
    }

    pub(super) fn positive(&self, key: &str, v: Option<f64>) -> Result<f64, TemplateError> {
        match v {
            Some(v) if v > 0.0 && v.is_finite() => Ok(v),
            _ => Err(self.err(key, "must be a number above 0".into())),
        }
    }

    /// A `[width, height]` pair of positive millimetres at `key`.
    pub(super) fn size_mm(&self, key: &str, v: &Value<'_>) -> Result<(f64, f64), TemplateError> {
        let dims = v
            .as_array()
            .filter(|a| a.len() == 2)
            .ok_or_else(|| self.err(key, "must be [width, height] in mm".to_string()))?;
        Ok((self.positive(key, number(&dims[0]))?, self.positive(key, number(&dims[1]))?))
    }

    pub(super) fn pos(&self, key: &str) -> Result<f64, TemplateError> {
        let v = self.num(key)?;
        self.positive(key, Some(v))
    }

    /// A piece size: between 5 and 200 mm, like the theme's chip size, so a
    /// sheet holds a bounded number of pieces.
    pub(super) fn piece_size(&self, key: &str) -> Result<f64, TemplateError> {
        let v = self.num(key)?;
        if !(5.0..=200.0).contains(&v) {
            return Err(self.err(key, format!("is {v} mm; a piece measures between 5 and 200 mm")));
        }
        Ok(v)
    }

    pub(super) fn non_negative(&self, key: &str) -> Result<f64, TemplateError> {
        let v = self.num(key)?;
        if v < 0.0 {
            return Err(self.err(key, "must not be negative".into()));
        }
        Ok(v)
    }
}
