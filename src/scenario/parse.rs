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
const UNPRINTED_KEYS: &[&str] = &["code", "hexes"];

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
                .at(span(v.span), format!("expected {expected}")),
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

    fn meta(&mut self, v: &mut Value<'_>) -> Option<RawMeta> {
        let mut t = self.table(v, "[scenario]", fields::META)?;
        let mut m = RawMeta { span: t.span.clone(), ..RawMeta::default() };
        m.id = t.take("id").and_then(|mut v| self.string(&mut v, "id"));
        m.title = t.take("title").and_then(|mut v| self.string(&mut v, "title"));
        m.description = t.take("description").and_then(|mut v| self.string(&mut v, "description"));
        m.sets = t
            .take("sets")
            .and_then(|mut v| self.str_array(&mut v, "sets"))
            .map(|a| a.value)
            .unwrap_or_default();
        m.players = t.take("players").and_then(|mut v| self.int_array(&mut v, "players"));
        m.default_players =
            t.take("default_players").and_then(|mut v| self.int(&mut v, "default_players"));
        m.victory_points =
            t.take("victory_points").and_then(|mut v| self.int(&mut v, "victory_points"));
        m.starting_gold =
            t.take("starting_gold").and_then(|mut v| self.int(&mut v, "starting_gold"));
        m.source = t.take("source").and_then(|mut v| self.string(&mut v, "source"));
        m.designer = t.take("designer").and_then(|mut v| self.string(&mut v, "designer"));
        if let Some(mut v) = t.take("variants") {
            for mut item in self.array_of_tables(&mut v, "variants").unwrap_or_default() {
                if let Some(var) = self.variant(&mut item) {
                    m.variants.push(var);
                }
            }
        }
        let table_span = t.span.clone();
        for (key, have) in [("id", m.id.is_some()), ("title", m.title.is_some())] {
            if !have {
                self.missing(table_span.clone(), "[scenario]", key);
            }
        }
        t.finish(self);
        Some(m)
    }

    fn variant(&mut self, v: &mut Value<'_>) -> Option<RawVariant> {
        let mut t = self.table(v, "[[scenario.variants]]", fields::VARIANT)?;
        let var = RawVariant {
            name: t.take("name").and_then(|mut v| self.string(&mut v, "name")),
            victory_points: t
                .take("victory_points")
                .and_then(|mut v| self.int(&mut v, "victory_points")),
            starting_gold: t
                .take("starting_gold")
                .and_then(|mut v| self.int(&mut v, "starting_gold")),
            description: t.take("description").and_then(|mut v| self.string(&mut v, "description")),
        };
        if var.name.is_none() {
            self.missing(t.span.clone(), "[[scenario.variants]]", "name");
        }
        t.finish(self);
        Some(var)
    }

    fn legend(&mut self, v: &mut Value<'_>, what: &str) -> Vec<(Sp<String>, Sp<RawLegendEntry>)> {
        let sp = span(v.span);
        let entries = match v.take() {
            ValueInner::Table(t) => t,
            other => {
                self.wrong_type(v, &other, "a table", what);
                return Vec::new();
            }
        };
        let _ = sp;
        let mut out = Vec::new();
        for (k, mut val) in entries {
            let key = Sp::new(k.name.to_string(), span(k.span));
            let vsp = span(val.span);
            let entry = match val.take() {
                ValueInner::String(s) => {
                    Some(RawLegendEntry::Terrain(Sp::new(s.into_owned(), vsp.clone())))
                }
                ValueInner::Table(entries) => {
                    let mut t = TableReader {
                        entries,
                        span: vsp.clone(),
                        what: format!("legend entry `{}`", key.value),
                        fields: fields::LEGEND_ENTRY,
                    };
                    let e = RawLegendTable {
                        terrain: t.take("terrain").and_then(|mut v| self.string(&mut v, "terrain")),
                        region: t.take("region").and_then(|mut v| self.string(&mut v, "region")),
                        number: t.take("number").and_then(|mut v| self.int(&mut v, "number")),
                        harbor: t.take("harbor").and_then(|mut v| self.string(&mut v, "harbor")),
                        facing: t.take("facing").and_then(|mut v| self.string(&mut v, "facing")),
                        label: t.take("label").and_then(|mut v| self.string(&mut v, "label")),
                        rolls: t.take("rolls").and_then(|mut v| self.int_array(&mut v, "rolls")),
                    };
                    t.finish(self);
                    Some(RawLegendEntry::Detailed(Box::new(e)))
                }
                other => {
                    self.diags.push(
                        Diagnostic::error(format!(
                            "legend entry `{}` must be a terrain name or a table, found {}",
                            key.value,
                            type_name(&other)
                        ))
                        .at(vsp.clone(), "expected a string or a table")
                        .hint("e.g. `G = \"gold\"` or `r = { region = \"main\" }`"),
                    );
                    None
                }
            };
            if let Some(e) = entry {
                out.push((key, Sp::new(e, vsp)));
            }
        }
        out.sort_by_key(|(k, _)| k.span.start);
        out
    }

    fn grid(&mut self, v: &mut Value<'_>) -> Option<RawGrid> {
        let s = self.string(v, "hexes")?;
        Some(RawGrid {
            text_offset: literal_offset(self.text, &s.span, &s.value),
            text: s.value,
            span: s.span,
        })
    }

    fn map(&mut self, v: &mut Value<'_>) -> Option<RawMap> {
        let mut t = self.table(v, "[[map]]", fields::MAP)?;
        let mut m = RawMap { span: t.span.clone(), ..RawMap::default() };
        m.players = t.take("players").and_then(|mut v| self.int_array(&mut v, "players"));
        m.hexes = t.take("hexes").and_then(|mut v| self.grid(&mut v));
        if let Some(mut v) = t.take("cells") {
            for mut item in self.array_of_tables(&mut v, "cells").unwrap_or_default() {
                if let Some(mut c) = self.table(&mut item, "[[map.cells]]", fields::CELL) {
                    let cell = RawCell {
                        span: c.span.clone(),
                        q: c.take("q").and_then(|mut v| self.int(&mut v, "q")),
                        r: c.take("r").and_then(|mut v| self.int(&mut v, "r")),
                        code: c.take("code").and_then(|mut v| self.string(&mut v, "code")),
                    };
                    for (k, have) in [
                        ("q", cell.q.is_some()),
                        ("r", cell.r.is_some()),
                        ("code", cell.code.is_some()),
                    ] {
                        if !have {
                            self.missing(c.span.clone(), "[[map.cells]]", k);
                        }
                    }
                    c.finish(self);
                    m.cells.push(cell);
                }
            }
        }
        if let Some(mut v) = t.take("legend") {
            m.legend = self.legend(&mut v, "[map.legend]");
        }
        if let Some(mut v) = t.take("regions") {
            let vsp = span(v.span);
            match v.take() {
                ValueInner::Table(entries) => {
                    let mut regions: Vec<_> = entries.into_iter().collect();
                    regions.sort_by_key(|(k, _)| k.span.start);
                    for (k, mut rv) in regions {
                        let key = Sp::new(k.name.to_string(), span(k.span));
                        if let Some(r) = self.region(&mut rv, &key.value) {
                            m.regions.push((key, r));
                        }
                    }
                }
                other => {
                    let fake = Value::with_span(ValueInner::Boolean(false), vsp.clone().into());
                    self.wrong_type(&fake, &other, "a table of regions", "regions");
                }
            }
        }
        if let Some(mut v) = t.take("harbors") {
            if let Some(mut h) = self.table(&mut v, "[map.harbors]", fields::HARBORS) {
                let pool = h.take("pool").and_then(|mut v| self.str_array(&mut v, "pool"));
                if pool.is_none() {
                    self.missing(h.span.clone(), "[map.harbors]", "pool");
                }
                h.finish(self);
                m.harbors = Some(RawHarbors { pool });
            }
        }
        if m.players.is_none() {
            self.missing(t.span.clone(), "[[map]]", "players");
        }
        if m.hexes.is_none() {
            self.missing(t.span.clone(), "[[map]]", "hexes");
        }
        t.finish(self);
        Some(m)
    }

    fn region(&mut self, v: &mut Value<'_>, name: &str) -> Option<RawRegion> {
        let what = format!("region `{name}`");
        let mut t = self.table(v, &what, fields::REGION)?;
        let mut r = RawRegion { span: t.span.clone(), ..RawRegion::default() };
        r.name = t.take("name").and_then(|mut v| self.string(&mut v, "name"));
        r.face_down = t.take("face_down").and_then(|mut v| self.boolean(&mut v, "face_down"));
        if let Some(mut v) = t.take("tiles") {
            let vsp = span(v.span);
            match v.take() {
                ValueInner::Table(entries) => {
                    let mut tiles = Vec::new();
                    for (k, mut cv) in entries {
                        if let Some(n) = self.int(&mut cv, "tiles") {
                            tiles.push((Sp::new(k.name.to_string(), span(k.span)), n));
                        }
                    }
                    tiles.sort_by_key(|(k, _)| k.span.start);
                    r.tiles = Some(Sp::new(tiles, vsp));
                }
                other => {
                    let fake = Value::with_span(ValueInner::Boolean(false), vsp.clone().into());
                    self.wrong_type(&fake, &other, "a table of terrain counts", "tiles");
                }
            }
        } else {
            self.missing(t.span.clone(), &what, "tiles");
        }
        r.numbers = t.take("numbers").and_then(|mut v| self.int_array(&mut v, "numbers"));
        r.harbors = t.take("harbors").and_then(|mut v| self.str_array(&mut v, "harbors"));
        t.finish(self);
        Some(r)
    }

    fn constraints(&mut self, v: &mut Value<'_>) -> RawConstraints {
        let Some(mut t) = self.table(v, "[constraints]", fields::CONSTRAINTS) else {
            return RawConstraints::default();
        };
        let b = |t: &mut TableReader<'_>, w: &mut Self, k: &str| {
            t.take(k).and_then(|mut v| w.boolean(&mut v, k))
        };
        let c = RawConstraints {
            preset: t.take("preset").and_then(|mut v| self.string(&mut v, "preset")),
            harbors_apart: b(&mut t, self, "harbors_apart"),
            harbors_off_fishing_grounds: b(&mut t, self, "harbors_off_fishing_grounds"),
            no_adjacent_red: b(&mut t, self, "no_adjacent_red"),
            no_equal_neighbours: b(&mut t, self, "no_equal_neighbours"),
            no_2_next_to_12: b(&mut t, self, "no_2_next_to_12"),
            gold_no_red: b(&mut t, self, "gold_no_red"),
            gold_not_adjacent: b(&mut t, self, "gold_not_adjacent"),
            no_chip: t.take("no_chip").and_then(|mut v| self.str_array(&mut v, "no_chip")),
            max_terrain_group: t
                .take("max_terrain_group")
                .and_then(|mut v| self.int(&mut v, "max_terrain_group")),
            max_corner_pips: t
                .take("max_corner_pips")
                .and_then(|mut v| self.int(&mut v, "max_corner_pips")),
        };
        t.finish(self);
        c
    }
}

/// Where the characters of a string value start in the file, if the literal
/// holds them verbatim (no escapes), so positions inside can be pointed at.
fn literal_offset(text: &str, sp: &Span, value: &str) -> Option<usize> {
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
