//! Parsing of the game material beyond the map: `[components]`, `[[costs]]`,
//! `[[trades]]`, `[[tables]]` and `[rules]`.

use toml_span::value::{Value, ValueInner};

use super::fields;
use super::parse::{span, TableReader, Walker};
use super::raw::*;
use super::token_table::COUNTED;

impl Walker<'_> {
    /// Takes the game sections out of the top-level table.
    pub(super) fn game(&mut self, top: &mut TableReader<'_>, game: &mut RawGame) {
        if let Some(mut v) = top.take("components") {
            game.components = self.components(&mut v);
        }
        if let Some(mut v) = top.take("sides") {
            game.sides = self.side_features(&mut v);
        }
        for item in self.items(top, "costs") {
            if let Some(c) = self.cost(item) {
                game.costs.push(c);
            }
        }
        for item in self.items(top, "trades") {
            if let Some(t) = self.trade(item) {
                game.trades.push(t);
            }
        }
        for item in self.items(top, "tables") {
            if let Some(t) = self.ref_table(item) {
                game.tables.push(t);
            }
        }
        if let Some(mut v) = top.take("rules") {
            game.rules = self.rules(&mut v);
        }
        if let Some(mut v) = top.take("values") {
            game.values = self.counts(&mut v, "values").map(|c| c.value).unwrap_or_default();
        }
        if let Some(mut v) = top.take("starts") {
            game.starts = self.strings(&mut v, "starts");
        }
        for mut item in self.items(top, "terms") {
            let Some(mut tt) = self.table(&mut item, "[[terms]]", fields::TERM) else {
                continue;
            };
            let term = self.required_str(&mut tt, "term");
            let means = self.opt_str(&mut tt, "means");
            let from_box = self.opt_str(&mut tt, "box");
            tt.finish(self);
            if let Some(term) = term {
                game.terms.push(RawTerm { term, means, from_box });
            }
        }
    }

    /// A `name = "text"` table, in file order.
    fn strings(&mut self, v: &mut Value<'_>, key: &str) -> Vec<(Sp<String>, Sp<String>)> {
        let sp = span(v.span);
        match v.take() {
            ValueInner::Table(entries) => {
                let mut out = Vec::new();
                for (k, mut sv) in entries {
                    if let Some(s) = self.string(&mut sv, key) {
                        out.push((Sp::new(k.name.to_string(), span(k.span)), s));
                    }
                }
                out.sort_by_key(|(k, _)| k.span.start);
                out
            }
            other => {
                let fake = Value::with_span(ValueInner::Boolean(false), sp.into());
                self.wrong_type(
                    &fake,
                    &other,
                    "a table of texts, e.g. `{ robber = \"On the desert.\" }`",
                    key,
                );
                Vec::new()
            }
        }
    }

    fn opt_str(&mut self, t: &mut TableReader<'_>, key: &str) -> Option<Sp<String>> {
        t.take(key).and_then(|mut v| self.string(&mut v, key))
    }

    fn opt_int(&mut self, t: &mut TableReader<'_>, key: &str) -> Option<Sp<i64>> {
        t.take(key).and_then(|mut v| self.int(&mut v, key))
    }

    /// The generic parts of `[components]`: tokens, cards, tracks, from_box.
    fn generic_components(&mut self, t: &mut TableReader<'_>, c: &mut RawComponents) {
        for mut item in self.items(t, "tokens") {
            let Some(mut tt) =
                self.table(&mut item, "[[components.tokens]]", fields::GENERIC_TOKEN)
            else {
                continue;
            };
            let name = self.required_str(&mut tt, "name");
            let count = self.required(&mut tt, "count", |w, v, k| w.int(v, k));
            let face = self.opt_str(&mut tt, "face");
            let back = self.opt_str(&mut tt, "back");
            let shape = self.opt_str(&mut tt, "shape");
            let size = self.opt_int(&mut tt, "size");
            tt.finish(self);
            if let (Some(name), Some(count)) = (name, count) {
                c.tokens.push(RawToken { name, count, face, back, shape, size });
            }
        }
        for mut item in self.items(t, "cards") {
            let Some(mut ct) = self.table(&mut item, "[[components.cards]]", fields::GENERIC_CARD)
            else {
                continue;
            };
            let title = self.required_str(&mut ct, "title");
            let text = self.required_str(&mut ct, "text");
            let count = self.opt_int(&mut ct, "count");
            let back = self.opt_str(&mut ct, "back");
            ct.finish(self);
            if let (Some(title), Some(text)) = (title, text) {
                c.cards.push(RawCard { title, text, count, back });
            }
        }
        for mut item in self.items(t, "tracks") {
            let Some(mut tt) = self.table(&mut item, "[[components.tracks]]", fields::TRACK) else {
                continue;
            };
            let name = self.required_str(&mut tt, "name");
            let spaces = self.required(&mut tt, "spaces", |w, v, k| w.int(v, k));
            let count = self.opt_int(&mut tt, "count");
            let note = self.opt_str(&mut tt, "note");
            tt.finish(self);
            if let (Some(name), Some(spaces)) = (name, spaces) {
                c.tracks.push(RawTrack { name, spaces, count, note });
            }
        }
        for mut item in self.items(t, "from_box") {
            let Some(mut bt) = self.table(&mut item, "[[components.from_box]]", fields::FROM_BOX)
            else {
                continue;
            };
            let what = self.required_str(&mut bt, "item");
            let count = self.opt_int(&mut bt, "count");
            let per_player = self.opt_int(&mut bt, "per_player");
            let set = self.required_str(&mut bt, "set");
            bt.finish(self);
            if let (Some(item), Some(set)) = (what, set) {
                c.from_box.push(RawFromBox { item, count, per_player, set });
            }
        }
    }

    fn items<'de>(&mut self, t: &mut TableReader<'de>, key: &str) -> Vec<Value<'de>> {
        match t.take(key) {
            Some(mut v) => self.array_of_tables(&mut v, key).unwrap_or_default(),
            None => Vec::new(),
        }
    }

    /// A `name = count` table.
    fn counts(&mut self, v: &mut Value<'_>, key: &str) -> Option<Counts> {
        let sp = span(v.span);
        match v.take() {
            ValueInner::Table(entries) => {
                let mut out = Vec::new();
                for (k, mut cv) in entries {
                    if let Some(n) = self.int(&mut cv, key) {
                        out.push((Sp::new(k.name.to_string(), span(k.span)), n));
                    }
                }
                out.sort_by_key(|(k, _)| k.span.start);
                Some(Sp::new(out, sp))
            }
            other => {
                let fake = Value::with_span(ValueInner::Boolean(false), sp.into());
                self.wrong_type(
                    &fake,
                    &other,
                    "a table of counts, e.g. `{ wool = 1, gold = 2 }`",
                    key,
                );
                None
            }
        }
    }

    /// Reads a required key with `read`, or reports it missing.
    fn required<'de, T>(
        &mut self,
        t: &mut TableReader<'de>,
        key: &str,
        read: impl FnOnce(&mut Self, &mut Value<'de>, &str) -> Option<T>,
    ) -> Option<T> {
        match t.take(key) {
            Some(mut v) => read(self, &mut v, key),
            None => {
                let (at, what) = (t.span.clone(), t.what.clone());
                self.missing(at, &what, key);
                None
            }
        }
    }

    fn required_str(&mut self, t: &mut TableReader<'_>, key: &str) -> Option<Sp<String>> {
        self.required(t, key, |w, v, k| w.string(v, k))
    }

    fn components(&mut self, v: &mut Value<'_>) -> Option<RawComponents> {
        let mut t = self.table(v, "[components]", fields::COMPONENTS)?;
        let counted = COUNTED
            .iter()
            .filter_map(|k| Some((k.id, t.take(k.key).and_then(|mut v| self.int(&mut v, k.key))?)))
            .collect();
        let mut c = RawComponents {
            counted,
            fishing_grounds: t
                .take("fishing_grounds")
                .and_then(|mut v| self.int_array(&mut v, "fishing_grounds")),
            ..RawComponents::default()
        };
        if let Some(mut v) = t.take("fish_tokens") {
            // Checked against its own key list, so typos are caught.
            if let Some(mut ft) =
                self.table(&mut v, "[components.fish_tokens]", fields::FISH_TOKENS)
            {
                let sp = ft.span.clone();
                let mut counts = Vec::new();
                for key in ["one", "two", "three", "old_boot"] {
                    if let Some((ks, mut cv)) = ft.take_with_key(key) {
                        if let Some(n) = self.int(&mut cv, key) {
                            counts.push((Sp::new(key.to_string(), ks), n));
                        }
                    }
                }
                ft.finish(self);
                c.fish_tokens = Some(Sp::new(counts, sp));
            }
        }
        for mut item in self.items(&mut t, "trade_tokens") {
            let Some(mut tt) =
                self.table(&mut item, "[[components.trade_tokens]]", fields::TRADE_TOKENS)
            else {
                continue;
            };
            let building = self.required_str(&mut tt, "building");
            let goods = self.required(&mut tt, "goods", |w, v, k| w.counts(v, k));
            tt.finish(self);
            if let (Some(b), Some(g)) = (building, goods) {
                c.trade_tokens.push((b, g));
            }
        }
        for mut item in self.items(&mut t, "castaway_tokens") {
            let Some(mut ct) =
                self.table(&mut item, "[[components.castaway_tokens]]", fields::CASTAWAY_TOKENS)
            else {
                continue;
            };
            let cost = self.required(&mut ct, "cost", |w, v, k| w.counts(v, k));
            let count = self.required(&mut ct, "count", |w, v, k| w.int(v, k));
            ct.finish(self);
            if let (Some(cost), Some(count)) = (cost, count) {
                c.castaway_tokens.push((cost, count));
            }
        }
        self.generic_components(&mut t, &mut c);
        t.finish(self);
        Some(c)
    }

    fn cost(&mut self, mut v: Value<'_>) -> Option<RawCost> {
        let mut t = self.table(&mut v, "[[costs]]", fields::COST)?;
        let item = self.required_str(&mut t, "item");
        let cost = self.required(&mut t, "cost", |w, v, k| w.counts(v, k));
        let alt = t.take("alt").and_then(|mut v| self.counts(&mut v, "alt"));
        let note = t.take("note").and_then(|mut v| self.string(&mut v, "note"));
        let variant = t.take("variant").and_then(|mut v| self.string(&mut v, "variant"));
        t.finish(self);
        Some(RawCost { item: item?, cost: cost?, alt, note, variant })
    }

    fn trade(&mut self, mut v: Value<'_>) -> Option<RawTrade> {
        let mut t = self.table(&mut v, "[[trades]]", fields::TRADE)?;
        let give = self.required_str(&mut t, "give");
        let get = self.required_str(&mut t, "get");
        let variant = t.take("variant").and_then(|mut v| self.string(&mut v, "variant"));
        t.finish(self);
        Some(RawTrade { give: give?, get: get?, variant })
    }

    fn ref_table(&mut self, mut v: Value<'_>) -> Option<RawTable> {
        let mut t = self.table(&mut v, "[[tables]]", fields::TABLE)?;
        let id = self.required_str(&mut t, "id");
        let title = self.required_str(&mut t, "title");
        let columns = self.required(&mut t, "columns", |w, v, k| w.str_array(v, k));
        let mut rows = Vec::new();
        match t.take("rows") {
            Some(mut v) => {
                if let Some(arr) = self.array(&mut v, "rows") {
                    for mut row in arr.value {
                        if let Some(r) = self.str_array(&mut row, "rows") {
                            rows.push(r);
                        }
                    }
                }
            }
            None => {
                let (at, what) = (t.span.clone(), t.what.clone());
                self.missing(at, &what, "rows");
            }
        }
        let card = t.take("card").and_then(|mut v| self.boolean(&mut v, "card"));
        let per_player = t.take("per_player").and_then(|mut v| self.boolean(&mut v, "per_player"));
        let note = t.take("note").and_then(|mut v| self.string(&mut v, "note"));
        t.finish(self);
        Some(RawTable { id: id?, title: title?, columns: columns?, rows, card, per_player, note })
    }

    fn rules(&mut self, v: &mut Value<'_>) -> Option<RawRules> {
        let mut t = self.table(v, "[rules]", fields::RULES)?;
        let mut r = RawRules {
            story: t.take("story").and_then(|mut v| self.string(&mut v, "story")),
            setup: t.take("setup").and_then(|mut v| self.string(&mut v, "setup")),
            sections: Vec::new(),
        };
        for mut item in self.items(&mut t, "sections") {
            let Some(mut st) = self.table(&mut item, "[[rules.sections]]", fields::RULE_SECTION)
            else {
                continue;
            };
            let title = self.required_str(&mut st, "title");
            let text = self.required_str(&mut st, "text");
            st.finish(self);
            if let (Some(a), Some(b)) = (title, text) {
                r.sections.push((a, b));
            }
        }
        t.finish(self);
        Some(r)
    }
}
