//! Features on hex sides, as written: the kinds a scenario declares
//! (`[sides.NAME]`: a river, a bridge, a wall...) and where a map puts them
//! (`[map.sides]` lists of places, or marks in a `side_drawing`).

use toml_span::value::{Value, ValueInner};

use super::fields::SIDE_FEATURE;
use super::parse::{span, TableReader, Walker};
use super::raw::{RawSideFeature, SideList, Sp};

impl Walker<'_> {
    /// `[sides]`: the side features, in file order of their keys.
    pub(super) fn side_features(&mut self, v: &mut Value<'_>) -> Vec<(Sp<String>, RawSideFeature)> {
        let Some(entries) =
            self.keyed(v, "a table of side features, e.g. `[sides.river]`", "sides")
        else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (key, mut fv) in entries {
            let what = format!("side feature `{}`", key.value);
            let Some(mut t) = self.table(&mut fv, &what, SIDE_FEATURE) else { continue };
            let f = RawSideFeature {
                span: t.span.clone(),
                name: self.opt_string(&mut t, "name"),
                look: self.opt_string(&mut t, "look"),
                text: self.opt_string(&mut t, "text"),
                marks: t.take("marks").and_then(|mut v| self.str_array(&mut v, "marks")),
                pieces: t.take("pieces").and_then(|mut v| self.int(&mut v, "pieces")),
            };
            if f.look.is_none() {
                self.missing(t.span.clone(), &what, "look");
            }
            t.finish(self);
            out.push((key, f));
        }
        out
    }

    /// `[map.sides]`: the places of each side feature on this map.
    pub(super) fn map_sides(&mut self, v: &mut Value<'_>) -> Vec<SideList> {
        let hint = "a table of place lists, e.g. `river = [\"0,-1 se\"]`";
        let Some(entries) = self.keyed(v, hint, "sides") else { return Vec::new() };
        let mut out = Vec::new();
        for (key, mut lv) in entries {
            if let Some(list) = self.str_array(&mut lv, &key.value) {
                out.push((key, list));
            }
        }
        out
    }

    fn opt_string(&mut self, t: &mut TableReader<'_>, key: &str) -> Option<Sp<String>> {
        t.take(key).and_then(|mut v| self.string(&mut v, key))
    }

    /// The entries of a table with free keys, in file order; `None` (with the
    /// error reported) when `v` is no table.
    fn keyed<'de>(
        &mut self,
        v: &mut Value<'de>,
        expected: &str,
        key: &str,
    ) -> Option<Vec<(Sp<String>, Value<'de>)>> {
        let sp = span(v.span);
        match v.take() {
            ValueInner::Table(entries) => {
                let mut out: Vec<(Sp<String>, Value<'de>)> = entries
                    .into_iter()
                    .map(|(k, v)| (Sp::new(k.name.to_string(), span(k.span)), v))
                    .collect();
                out.sort_by_key(|(k, _)| k.span.start);
                Some(out)
            }
            other => {
                let fake = Value::with_span(ValueInner::Boolean(false), sp.into());
                self.wrong_type(&fake, &other, expected, key);
                None
            }
        }
    }
}
