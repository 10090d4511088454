//! The painter and the features on hex sides: where the map's sides lie in
//! the drawing's positions (what the painter shows), and the edit that puts
//! a feature on a side or takes it off, written to `[map.sides]` as
//! `"q,r dir"` places.
//!
//! The painter counts positions in the drawing (`x` in half pitches, `y` in
//! lines); the scenario names sides by axial coordinates. [`Anchor`] links
//! the two through the drawing's first hex, which both read alike.

use serde_json::{json, Value};
use toml_edit::{Array, DocumentMut, Item, Table, Value as TomlValue};

use super::drawing::Drawing;
use crate::axial::Hex;
use crate::diag::{Diagnostics, Source};
use crate::front::model::sides::kinds;
use crate::front::scenario::raw::{RawMap, RawScenario, Sp};

/// The link between a drawing's positions and axial coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Anchor {
    /// `2q + r - x`, the same for every hex of the drawing.
    k: i64,
    /// `r - y`, the same for every hex of the drawing.
    dr: i64,
}

impl Anchor {
    /// The anchor of a drawing (`hexes`); `None` when it has no hex or is
    /// off the grid.
    pub fn of(text: &str) -> Option<Anchor> {
        let d = Drawing::parse(text).ok()?;
        let (x, y, _) = d.cells().into_iter().find(|(_, _, c)| *c != ".")?;
        let grid = crate::front::scenario::raw::RawGrid {
            text: text.to_string(),
            span: 0..text.len(),
            text_offset: Some(0),
        };
        let first = crate::front::scenario::grid::read_grid(&grid, &mut Diagnostics::new())
            .into_iter()
            .next()?;
        let (q, r) = (i64::from(first.hex.q), i64::from(first.hex.r));
        Some(Anchor { k: 2 * q + r - x, dr: r - y })
    }

    /// The hex at drawing position `(x, y)`.
    pub fn hex(self, x: i64, y: i64) -> Option<Hex> {
        let r = y + self.dr;
        let twice_q = x + self.k - r;
        (twice_q.rem_euclid(2) == 0).then(|| Hex::new((twice_q / 2) as i32, r as i32))
    }

    /// The drawing position of hex `h`.
    pub fn position(self, h: Hex) -> (i64, i64) {
        let (q, r) = (i64::from(h.q), i64::from(h.r));
        (2 * q + r - self.k, r - self.dr)
    }
}

/// The scenario's kinds of side feature, for the painter's brushes.
pub(crate) fn features_view(raw: &RawScenario) -> Vec<Value> {
    kinds(&raw.game.sides)
        .into_iter()
        .map(|k| json!({ "key": k.key, "name": k.name, "look": k.look.name() }))
        .collect()
}

/// The sides of map `m` in drawing positions: `a` and `b` (the two hexes),
/// the feature's key, and whether the side is drawn in `side_drawing` (the
/// painter changes only listed ones).
pub(crate) fn map_sides_view(raw: &RawScenario, m: &RawMap) -> Vec<Value> {
    let Some(anchor) = m.hexes.as_ref().and_then(|g| Anchor::of(&g.text)) else {
        return Vec::new();
    };
    let keys = kinds(&raw.game.sides);
    crate::front::model::given_sides(m, &raw.game.sides, &mut Diagnostics::new())
        .into_iter()
        .filter_map(|(s, _, drawn)| {
            let key = &keys.get(s.kind as usize)?.key;
            let (a, b) = (anchor.position(s.hex), anchor.position(s.toward));
            Some(json!({ "a": [a.0, a.1], "b": [b.0, b.1], "feature": key, "drawn": drawn }))
        })
        .collect()
}

/// Puts `feature` on the side between the hexes at drawing positions `a`
/// and `b` of map `map`, or (`None`) takes whatever lies there off; a
/// second click with the same feature takes it off again. Only listed
/// sides change: a side drawn in `side_drawing` is edited in the text.
pub fn side(
    doc: &mut DocumentMut,
    text: &str,
    map: usize,
    cells: [(i64, i64); 2],
    feature: Option<&str>,
) -> Result<bool, String> {
    if let Some(f) = feature {
        let declared =
            doc.get("sides").and_then(Item::as_table_like).is_some_and(|t| t.contains_key(f));
        if !declared {
            return Err(format!(
                "`{f}` is not a side feature of this file: declare `[sides.{f}]` first"
            ));
        }
    }
    let m = doc
        .get_mut("map")
        .and_then(Item::as_array_of_tables_mut)
        .and_then(|a| a.get_mut(map))
        .ok_or_else(|| format!("the file has no map number {}", map + 1))?;
    let drawing = m.get("hexes").and_then(Item::as_str).ok_or("the map has no `hexes` drawing")?;
    let anchor = Anchor::of(drawing)
        .ok_or("the drawing's codes are off the hex grid: fix it in the text first")?;
    let [(ax, ay), (bx, by)] = cells;
    let (a, b) = match (anchor.hex(ax, ay), anchor.hex(bx, by)) {
        (Some(a), Some(b)) if a.distance(b) == 1 => (a, b),
        _ => return Err("a side lies between two neighbouring hexes: pick two".into()),
    };
    if (feature.is_none() || !listed(m, a, b)) && drawn(text, map, a, b) {
        return Err(
            "this side is drawn in the map's `side_drawing`: change it in the Text view".into()
        );
    }
    let removed = remove_place(m, a, b);
    match feature {
        Some(f) if removed.as_deref() != Some(f) => {
            add_place(m, f, a, b)?;
            Ok(true)
        }
        _ => Ok(removed.is_some()),
    }
}

/// The places of `[map.sides]` as (feature, index, place).
fn places(m: &Table) -> Vec<(String, usize, (Hex, Hex))> {
    let Some(t) = m.get("sides").and_then(Item::as_table_like) else { return Vec::new() };
    let mut out = Vec::new();
    for (k, v) in t.iter() {
        for (i, item) in v.as_array().into_iter().flat_map(|a| a.iter()).enumerate() {
            let Some(s) = item.as_str() else { continue };
            let place = Sp::new(s.to_string(), 0..0);
            if let Some(p) = crate::front::model::parse_place(&place, &mut Diagnostics::new()) {
                out.push((k.to_string(), i, p));
            }
        }
    }
    out
}

fn same(p: (Hex, Hex), a: Hex, b: Hex) -> bool {
    p == (a, b) || p == (b, a)
}

fn listed(m: &Table, a: Hex, b: Hex) -> bool {
    places(m).iter().any(|(_, _, p)| same(*p, a, b))
}

/// Whether map `map` of `text` draws the side between `a` and `b` in its
/// `side_drawing`.
fn drawn(text: &str, map: usize, a: Hex, b: Hex) -> bool {
    let mut d = Diagnostics::new();
    let Some(raw) = crate::front::scenario::parse(&Source::new("scenario.toml", text), &mut d)
    else {
        return false;
    };
    raw.maps.get(map).is_some_and(|m| {
        crate::front::model::given_sides(m, &raw.game.sides, &mut d)
            .iter()
            .any(|(s, _, drawn)| *drawn && same((s.hex, s.toward), a, b))
    })
}

/// Takes the listed place of the side between `a` and `b` out of
/// `[map.sides]`; returns the feature it had.
fn remove_place(m: &mut Table, a: Hex, b: Hex) -> Option<String> {
    let (key, i, _) = places(m).into_iter().find(|(_, _, p)| same(*p, a, b))?;
    let t = m.get_mut("sides").and_then(Item::as_table_like_mut)?;
    let arr = t.get_mut(&key).and_then(Item::as_array_mut)?;
    arr.remove(i);
    if arr.is_empty() {
        t.remove(&key);
    }
    Some(key)
}

/// Appends the place `"q,r dir"` of the side between `a` and `b` to
/// feature `f`'s list in `[map.sides]`.
fn add_place(m: &mut Table, f: &str, a: Hex, b: Hex) -> Result<(), String> {
    let dir = a.direction_to(b).ok_or("the two hexes are not neighbours")?;
    let place = format!("{},{} {}", a.q, a.r, dir.name());
    if m.get("sides").is_none() {
        m.insert("sides", Item::Table(Table::new()));
    }
    let t = m.get_mut("sides").and_then(Item::as_table_like_mut).ok_or("`sides` is not a table")?;
    if t.get(f).is_none() {
        t.insert(f, Item::Value(TomlValue::Array(Array::new())));
    }
    let arr = t.get_mut(f).and_then(Item::as_array_mut).ok_or("a side list is not an array")?;
    arr.push(place.as_str());
    arr.fmt();
    Ok(())
}
