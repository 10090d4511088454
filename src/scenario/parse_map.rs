//! Parsing of the scenario's own sections: `[scenario]`, `[[variants]]`,
//! the legends, `[grid]`, `[[maps]]` with their regions, and
//! `[constraints]`.

use toml_span::value::{Value, ValueInner};

use super::fields;
use super::parse::{literal_offset, span, type_name, TableReader, Walker};
use super::raw::*;
use super::rule_table::{ConstraintId, Rule, Setting, RULES};

/// The rules a table sets, by rule.
type RuleValues = std::collections::BTreeMap<ConstraintId, Sp<RawRuleValue>>;
use crate::diag::Diagnostic;

impl Walker<'_> {
    pub(super) fn meta(&mut self, v: &mut Value<'_>) -> Option<RawMeta> {
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

    pub(super) fn variant(&mut self, v: &mut Value<'_>) -> Option<RawVariant> {
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

    pub(super) fn legend(
        &mut self,
        v: &mut Value<'_>,
        what: &str,
    ) -> Vec<(Sp<String>, Sp<RawLegendEntry>)> {
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
                        castaway: t
                            .take("castaway")
                            .and_then(|mut v| self.string(&mut v, "castaway")),
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

    pub(super) fn grid(&mut self, v: &mut Value<'_>) -> Option<RawGrid> {
        let s = self.string(v, "hexes")?;
        Some(RawGrid {
            text_offset: literal_offset(self.text, &s.span, &s.value),
            text: s.value,
            span: s.span,
        })
    }

    pub(super) fn map(&mut self, v: &mut Value<'_>) -> Option<RawMap> {
        let mut t = self.table(v, "[[map]]", fields::MAP)?;
        let mut m = RawMap { span: t.span.clone(), ..RawMap::default() };
        m.players = t.take("players").and_then(|mut v| self.int_array(&mut v, "players"));
        m.hexes = t.take("hexes").and_then(|mut v| self.grid(&mut v));
        if let Some(mut v) = t.take("cells") {
            m.cells = self.map_cells(&mut v);
        }
        if let Some(mut v) = t.take("legend") {
            m.legend = self.legend(&mut v, "[map.legend]");
        }
        if let Some(mut v) = t.take("regions") {
            m.regions = self.map_regions(&mut v);
        }
        if let Some(mut v) = t.take("harbors") {
            m.harbors = self.map_harbors(&mut v);
        }
        if let Some(mut v) = t.take("start") {
            m.start = self.map_start(&mut v);
        }
        if let Some(mut v) = t.take("sides") {
            m.sides.lists = self.map_sides(&mut v);
        }
        m.sides.drawing = t.take("side_drawing").and_then(|mut v| self.grid(&mut v));
        if m.players.is_none() {
            self.missing(t.span.clone(), "[[map]]", "players");
        }
        if m.hexes.is_none() {
            self.missing(t.span.clone(), "[[map]]", "hexes");
        }
        t.finish(self);
        Some(m)
    }

    /// `[[map.cells]]`: hexes placed by coordinates; each needs `q`, `r`
    /// and `code`.
    fn map_cells(&mut self, v: &mut Value<'_>) -> Vec<RawCell> {
        let mut cells = Vec::new();
        for mut item in self.array_of_tables(v, "cells").unwrap_or_default() {
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
                cells.push(cell);
            }
        }
        cells
    }

    /// `[map.regions.*]`, in file order of their keys.
    fn map_regions(&mut self, v: &mut Value<'_>) -> Vec<(Sp<String>, RawRegion)> {
        let vsp = span(v.span);
        let mut out = Vec::new();
        match v.take() {
            ValueInner::Table(entries) => {
                let mut regions: Vec<_> = entries.into_iter().collect();
                regions.sort_by_key(|(k, _)| k.span.start);
                for (k, mut rv) in regions {
                    let key = Sp::new(k.name.to_string(), span(k.span));
                    if let Some(r) = self.region(&mut rv, &key.value) {
                        out.push((key, r));
                    }
                }
            }
            other => {
                let fake = Value::with_span(ValueInner::Boolean(false), vsp.clone().into());
                self.wrong_type(&fake, &other, "a table of regions", "regions");
            }
        }
        out
    }

    /// `[map.harbors]`: the harbor pool (`pool` is required).
    fn map_harbors(&mut self, v: &mut Value<'_>) -> Option<RawHarbors> {
        let mut h = self.table(v, "[map.harbors]", fields::HARBORS)?;
        let pool = h.take("pool").and_then(|mut v| self.str_array(&mut v, "pool"));
        if pool.is_none() {
            self.missing(h.span.clone(), "[map.harbors]", "pool");
        }
        h.finish(self);
        Some(RawHarbors { pool })
    }

    /// `[map.start]`: the start regions (`regions` is required) and the
    /// codes to avoid.
    fn map_start(&mut self, v: &mut Value<'_>) -> Option<RawStart> {
        let mut st = self.table(v, "[map.start]", fields::START)?;
        let regions = st.take("regions").and_then(|mut v| self.str_array(&mut v, "regions"));
        let avoid = st.take("avoid").and_then(|mut v| self.str_array(&mut v, "avoid"));
        if regions.is_none() {
            self.missing(st.span.clone(), "[map.start]", "regions");
        }
        let span = st.span.clone();
        st.finish(self);
        Some(RawStart { span, regions, avoid })
    }

    pub(super) fn region(&mut self, v: &mut Value<'_>, name: &str) -> Option<RawRegion> {
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
        if let Some(mut v) = t.take("constraints") {
            r.rules = self.region_rules(&mut v, name);
        }
        t.finish(self);
        Some(r)
    }

    pub(super) fn constraints(&mut self, v: &mut Value<'_>) -> RawConstraints {
        let Some(mut t) = self.table(v, "[constraints]", fields::CONSTRAINTS) else {
            return RawConstraints::default();
        };
        let preset = t.take("preset").and_then(|mut v| self.string(&mut v, "preset"));
        let no_chip = t.take("no_chip").and_then(|mut v| self.str_array(&mut v, "no_chip"));
        let rules = self.rule_values(&mut t, |r| r.settable());
        let c = RawConstraints { preset, no_chip, rules };
        t.finish(self);
        c
    }

    /// `[map.regions.NAME.constraints]`: the rules a region sets for its
    /// own hexes. A key that only `[constraints]` may hold (a harbor rule,
    /// `preset`, `no_chip`) is reported with where it belongs.
    fn region_rules(&mut self, v: &mut Value<'_>, name: &str) -> RuleValues {
        let what = format!("`[map.regions.{name}.constraints]`");
        let Some(mut t) = self.table(v, &what, fields::REGION_CONSTRAINTS) else {
            return RuleValues::new();
        };
        let mut whole_map: Vec<_> = t
            .entries
            .keys()
            .filter(|k| {
                matches!(&*k.name, "preset" | "no_chip")
                    || RULES.iter().any(|r| r.key == k.name && !r.per_region())
            })
            .cloned()
            .collect();
        whole_map.sort_by_key(|k| k.span.start);
        for k in whole_map {
            t.entries.remove(&k);
            self.diags.push(
                Diagnostic::error(format!("`{}` cannot be set for one region", k.name))
                    .at(span(k.span), "a rule of the whole map")
                    .hint(format!(
                        "set `{}` in `[constraints]`: harbor rules, `preset` and `no_chip` apply to the whole map",
                        k.name
                    )),
            );
        }
        let rules = self.rule_values(&mut t, |r| r.per_region());
        t.finish(self);
        rules
    }

    /// Takes the rules `keep` accepts out of `t`, each as its descriptor
    /// says a file writes it (a switch or a limit).
    fn rule_values(&mut self, t: &mut TableReader<'_>, keep: fn(&Rule) -> bool) -> RuleValues {
        let mut rules = RuleValues::new();
        for r in RULES.iter().filter(|r| keep(r)) {
            let Some(mut v) = t.take(r.key) else { continue };
            let value = match r.setting {
                Setting::Switch => self
                    .boolean(&mut v, r.key)
                    .map(|b| Sp::new(RawRuleValue::Switch(b.value), b.span)),
                Setting::Limit { .. } => {
                    self.int(&mut v, r.key).map(|n| Sp::new(RawRuleValue::Limit(n.value), n.span))
                }
                Setting::Always => None,
            };
            if let Some(value) = value {
                rules.insert(r.id, value);
            }
        }
        rules
    }
}
