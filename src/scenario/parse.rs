//! Walks the spanned TOML tree into a [`RawScenario`], collecting every
//! type error and unknown key instead of stopping at the first.

use toml_span::value::{Table, Value, ValueInner};

use super::fields::{self, Field};
use super::raw::*;
use crate::diag::{Diagnostic, Diagnostics, Source, Span};
use crate::vocab::did_you_mean;

/// Parses a scenario file. Syntax errors end parsing; everything else is
/// collected into `diags` and parsing goes on.
pub fn parse(source: &Source, diags: &mut Diagnostics) -> Option<RawScenario> {
    let mut root = match toml_span::parse(&source.text) {
        Ok(v) => v,
        Err(e) => {
            diags.push(syntax_error(&e, source.text.len()));
            return None;
        }
    };
    let root_span = 0..source.text.len();
    let mut w = Walker { diags, text: &source.text };
    let mut top = w.table(&mut root, "the top level", fields::TOP)?;
    let mut raw = RawScenario { maps_span: root_span.clone(), ..RawScenario::default() };
    match top.take("scenario") {
        Some(mut v) => raw.meta = w.meta(&mut v),
        None => w.missing(root_span.start..root_span.start, "[scenario]", "scenario"),
    }
    if let Some(mut v) = top.take("legend") {
        raw.legend = w.legend(&mut v, "[legend]");
    }
    match top.take_with_key("map") {
        Some((key_span, mut v)) => {
            raw.maps_span = key_span;
            if let Some(items) = w.array_of_tables(&mut v, "[[map]]") {
                raw.maps = items.into_iter().filter_map(|mut m| w.map(&mut m)).collect();
            }
        }
        None => w.diags.push(
            Diagnostic::error("the scenario has no map")
                .at(0..0, "")
                .hint("add a `[[map]]` table with `players` and `hexes`"),
        ),
    }
    if let Some(mut v) = top.take("constraints") {
        raw.constraints = w.constraints(&mut v);
    }
    w.game(&mut top, &mut raw.game);
    top.finish(&mut w);
    Some(raw)
}

/// Keys whose strings are prose, limited by `MAX_PROSE_TEXT` (all others by
/// `MAX_SHORT_TEXT`).
const PROSE_KEYS: &[&str] = &["description", "story", "setup", "text"];
/// Keys whose strings are never printed as they are: codes and the map
/// drawing (bounded by `MAX_HEXES` and `MAX_MAP_SPAN` instead).
const UNPRINTED_KEYS: &[&str] = &["code", "hexes", "side_drawing", "marks"];

pub(super) fn span(s: toml_span::Span) -> Span {
    s.start..s.end
}

fn syntax_error(e: &toml_span::Error, len: usize) -> Diagnostic {
    use toml_span::ErrorKind as K;
    // toml-span may report spans past the end of the text or reversed.
    let fit = |s: toml_span::Span| s.start.min(len)..s.end.max(s.start).min(len);
    let d = Diagnostic::error(format!("invalid TOML: {e}")).at(fit(e.span), "here");
    match &e.kind {
        K::DuplicateKey { first, .. } => d
            .also(fit(*first), "first defined here")
            .hint("each key may appear once per table; remove or rename one of them"),
        K::DuplicateTable { first, .. } => d
            .also(fit(*first), "first defined here")
            .hint("merge the two tables, or use `[[...]]` for a list of tables"),
        K::UnquotedString => d.hint("strings need quotes, e.g. `terrain = \"forest\"`"),
        K::UnterminatedString => d.hint("close the string with the same quotes that open it"),
        K::InvalidCharInString('\n') => d.hint(
            "the string runs into the end of the line: close it with `\"`, or use `\"\"\"` for several lines",
        ),
        _ => d.hint("see docs/scenario-format.md for the file syntax"),
    }
}

pub(super) fn type_name(v: &ValueInner<'_>) -> &'static str {
    match v {
        ValueInner::String(_) => "a string",
        ValueInner::Integer(_) => "an integer",
        ValueInner::Float(_) => "a float",
        ValueInner::Boolean(_) => "a boolean",
        ValueInner::Array(_) => "an array",
        ValueInner::Table(_) => "a table",
    }
}

/// A table being read: keys are taken out one by one; what is left is unknown.
pub(super) struct TableReader<'de> {
    pub(super) entries: Table<'de>,
    pub(super) span: Span,
    pub(super) what: String,
    pub(super) fields: &'static [Field],
}

impl<'de> TableReader<'de> {
    pub(super) fn take(&mut self, key: &str) -> Option<Value<'de>> {
        self.take_with_key(key).map(|(_, v)| v)
    }

    /// Takes `key` out of the table. Only keys declared in the table's field
    /// list can be taken (a key the parser reads but the list, and so the
    /// schema, lacks stays in the table and is reported as unknown), so the
    /// parser and `hexpress schema` cannot drift apart.
    pub(super) fn take_with_key(&mut self, key: &str) -> Option<(Span, Value<'de>)> {
        let declared = self.fields.iter().any(|f| f.name == key);
        debug_assert!(declared, "`{key}` is read from {} but not declared in fields.rs", self.what);
        if !declared {
            return None;
        }
        let k = self.entries.keys().find(|k| k.name == key)?.clone();
        let ks = span(k.span);
        self.entries.remove(&k).map(|v| (ks, v))
    }

    pub(super) fn finish(self, w: &mut Walker<'_>) {
        let mut left: Vec<_> = self.entries.into_keys().collect();
        left.sort_by_key(|k| k.span.start);
        for k in left {
            let hint = did_you_mean(&k.name, fields::names(self.fields))
                .map(|s| format!("did you mean `{s}`?"))
                .unwrap_or_else(|| {
                    let all: Vec<_> = fields::names(self.fields).collect();
                    format!("the keys of {} are: {}", self.what, all.join(", "))
                });
            w.diags.push(
                Diagnostic::error(format!("unknown key `{}` in {}", k.name, self.what))
                    .at(span(k.span), "unknown key")
                    .hint(hint),
            );
        }
        let _ = self.span;
    }
}

pub(super) struct Walker<'a> {
    pub(super) diags: &'a mut Diagnostics,
    pub(super) text: &'a str,
}

impl<'a> Walker<'a> {
    pub(super) fn wrong_type(
        &mut self,
        v: &Value<'_>,
        inner: &ValueInner<'_>,
        expected: &str,
        key: &str,
    ) {
        self.diags.push(
            Diagnostic::error(format!("`{key}` must be {expected}, found {}", type_name(inner)))
                .at(span(v.span), format!("expected {expected}"))
                .hint(format!(
                    "write `{key}` as {expected} (docs/scenario-format.md lists every key's type)"
                )),
        );
    }

    pub(super) fn missing(&mut self, at: Span, what: &str, key: &str) {
        self.diags.push(
            Diagnostic::error(format!("missing `{key}` in {what}"))
                .at(at, format!("`{key}` is required here"))
                .hint("see docs/scenario-format.md for the required keys"),
        );
    }

    pub(super) fn table<'de>(
        &mut self,
        v: &mut Value<'de>,
        what: &str,
        fields: &'static [Field],
    ) -> Option<TableReader<'de>> {
        let sp = span(v.span);
        match v.take() {
            ValueInner::Table(entries) => {
                Some(TableReader { entries, span: sp, what: what.to_string(), fields })
            }
            other => {
                self.wrong_type(v, &other, "a table", what);
                None
            }
        }
    }

    pub(super) fn string(&mut self, v: &mut Value<'_>, key: &str) -> Option<Sp<String>> {
        let sp = span(v.span);
        match v.take() {
            ValueInner::String(s) => {
                self.check_text(&s, key, &sp);
                Some(Sp::new(s.into_owned(), sp))
            }
            other => {
                self.wrong_type(v, &other, "a string", key);
                None
            }
        }
    }

    /// Every string of a scenario: no control characters, a length within
    /// its limit, and (for text that is printed) only characters the bundled
    /// fonts can draw. Reported here, before anything is drawn.
    fn check_text(&mut self, s: &str, key: &str, sp: &Span) {
        if let Some(c) = s.chars().find(|c| c.is_control() && !matches!(c, '\n' | '\t' | '\r')) {
            self.diags.push(
                Diagnostic::error(format!(
                    "`{key}` contains the control character U+{:04X}",
                    u32::from(c)
                ))
                .at(sp.clone(), "in this text")
                .hint("remove it; texts may hold line breaks and tabs but no other control characters"),
            );
            return;
        }
        if UNPRINTED_KEYS.contains(&key) {
            return;
        }
        let prose = PROSE_KEYS.contains(&key);
        let (limit, name) = match prose {
            true => (crate::limits::MAX_PROSE_TEXT, "MAX_PROSE_TEXT"),
            false => (crate::limits::MAX_SHORT_TEXT, "MAX_SHORT_TEXT"),
        };
        let n = s.chars().count();
        if n > limit {
            self.diags.push(
                Diagnostic::error(format!(
                    "`{key}` is {n} characters long, more than the limit of {limit} (`{name}`)"
                ))
                .at(sp.clone(), "this text")
                .hint(match prose {
                    true => "split it into several rules sections",
                    false => {
                        "shorten it; longer explanations belong in `description` or a rules section"
                    }
                }),
            );
            return;
        }
        if let Some(c) = crate::fonts::missing_char(s) {
            self.diags.push(
                Diagnostic::error(format!(
                    "`{key}` has a character the bundled fonts cannot draw: {c:?} (U+{:04X})",
                    u32::from(c)
                ))
                .at(sp.clone(), "in this text")
                .hint("everything is printed with the bundled Noto Sans, which covers Latin, Greek and Cyrillic; replace or remove the character"),
            );
        }
    }

    pub(super) fn int(&mut self, v: &mut Value<'_>, key: &str) -> Option<Sp<i64>> {
        let sp = span(v.span);
        match v.take() {
            ValueInner::Integer(i) => Some(Sp::new(i, sp)),
            other => {
                self.wrong_type(v, &other, "an integer", key);
                None
            }
        }
    }

    pub(super) fn boolean(&mut self, v: &mut Value<'_>, key: &str) -> Option<Sp<bool>> {
        let sp = span(v.span);
        match v.take() {
            ValueInner::Boolean(b) => Some(Sp::new(b, sp)),
            other => {
                self.wrong_type(v, &other, "`true` or `false`", key);
                None
            }
        }
    }

    pub(super) fn array<'de>(
        &mut self,
        v: &mut Value<'de>,
        key: &str,
    ) -> Option<Sp<Vec<Value<'de>>>> {
        let sp = span(v.span);
        match v.take() {
            ValueInner::Array(a) => Some(Sp::new(a, sp)),
            other => {
                self.wrong_type(v, &other, "an array", key);
                None
            }
        }
    }

    pub(super) fn int_array(&mut self, v: &mut Value<'_>, key: &str) -> Option<Sp<Vec<Sp<i64>>>> {
        let a = self.array(v, key)?;
        let items = a.value.into_iter().filter_map(|mut x| self.int(&mut x, key)).collect();
        Some(Sp::new(items, a.span))
    }

    pub(super) fn str_array(
        &mut self,
        v: &mut Value<'_>,
        key: &str,
    ) -> Option<Sp<Vec<Sp<String>>>> {
        let a = self.array(v, key)?;
        let items = a.value.into_iter().filter_map(|mut x| self.string(&mut x, key)).collect();
        Some(Sp::new(items, a.span))
    }

    pub(super) fn array_of_tables<'de>(
        &mut self,
        v: &mut Value<'de>,
        key: &str,
    ) -> Option<Vec<Value<'de>>> {
        self.array(v, key).map(|a| a.value)
    }
}

/// Where the characters of a string value start in the file, if the literal
/// holds them verbatim (no escapes), so positions inside can be pointed at.
pub(super) fn literal_offset(text: &str, sp: &Span, value: &str) -> Option<usize> {
    let lit = text.get(sp.clone())?;
    let (open, skip_newline) = if lit.starts_with("\"\"\"") || lit.starts_with("'''") {
        (3, true)
    } else if lit.starts_with('"') || lit.starts_with('\'') {
        (1, false)
    } else {
        (0, false)
    };
    let mut start = sp.start + open;
    if skip_newline {
        let rest = text.get(start..)?;
        if rest.starts_with("\r\n") {
            start += 2;
        } else if rest.starts_with('\n') {
            start += 1;
        }
    }
    (text.get(start..start + value.len())? == value).then_some(start)
}
