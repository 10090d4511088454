//! Features on hex sides, as written: the kinds a scenario declares
//! (`[sides.NAME]`: a river, a bridge, a wall...) and where a map puts them
//! (`[map.sides]` lists of places, or marks in a `side_drawing`).

use toml_span::value::{Value, ValueInner};

use super::fields::{Field, Ty};
use super::parse::{span, TableReader, Walker};
use super::raw::{RawGrid, Sp};
use crate::diag::Span;

/// How a side feature is drawn.
pub const SIDE_LOOKS: &[&str] = &["river", "bridge", "wall"];

const STR: Ty = Ty::Str;

/// `[sides.NAME]`: one kind of side feature.
pub const SIDE_FEATURE: &[Field] = &[
    Field {
        name: "name",
        ty: Ty::Str,
        required: false,
        doc: "Name printed in the map's key and the rules handout (default: the key).",
    },
    Field {
        name: "look",
        ty: Ty::Choice(SIDE_LOOKS),
        required: true,
        doc: "How the map draws it: `river` (a band of water along the side), `bridge` (a river with a bridge across it) or `wall` (a dark bar along the side).",
    },
    Field {
        name: "text",
        ty: Ty::Str,
        required: false,
        doc: "What it does in play, in your own words; printed in the handout with its name (may use `{references}`).",
    },
    Field {
        name: "marks",
        ty: Ty::Array(&STR),
        required: false,
        doc: "One-character codes that mark it in a map's `side_drawing`, e.g. [\"/\", \"\\\\\", \"|\"].",
    },
    Field {
        name: "pieces",
        ty: Ty::Int(0, 200),
        required: false,
        doc: "How many pieces of it to print on the component sheets (e.g. bridges the players build), in its look.",
    },
];

/// `[map.sides]`: places by feature key.
pub const MAP_SIDES: Ty = Ty::MapOf(&Ty::Array(&STR));

/// `[sides.NAME]`.
#[derive(Clone, Debug, Default)]
pub struct RawSideFeature {
    /// Table span.
    pub span: Span,
    /// `name`.
    pub name: Option<Sp<String>>,
    /// `look`.
    pub look: Option<Sp<String>>,
    /// `text`.
    pub text: Option<Sp<String>>,
    /// `marks`.
    pub marks: Option<Sp<Vec<Sp<String>>>>,
    /// `pieces`.
    pub pieces: Option<Sp<i64>>,
}

/// Where a map puts its side features.
#[derive(Clone, Debug, Default)]
pub struct RawMapSides {
    /// `[map.sides]`: (feature key, places such as `"0,-1 se"`), in file order.
    pub lists: Vec<(Sp<String>, Sp<Vec<Sp<String>>>)>,
    /// `side_drawing`: the map drawing again, with side marks.
    pub drawing: Option<RawGrid>,
}

impl RawMapSides {
    /// Whether the map places no side feature.
    pub fn is_empty(&self) -> bool {
        self.lists.is_empty() && self.drawing.is_none()
    }
}

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
    pub(super) fn map_sides(
        &mut self,
        v: &mut Value<'_>,
    ) -> Vec<(Sp<String>, Sp<Vec<Sp<String>>>)> {
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
