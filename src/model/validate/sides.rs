//! A map's side features: `[map.sides]` lists of places (`"q,r dir"`) and
//! the marks of its `side_drawing`, each checked to lie between two hexes
//! of the map, on no side twice, and to name a declared feature.

use super::*;
use crate::model::sides::{kinds, marks, MapSides, Side};
use crate::scenario::grid::GridCode;
use crate::scenario::raw::RawSideFeature;
use crate::scenario::side_grid::read_side_drawing;

/// A side as a map gives it: the side, where it is written, and whether it
/// is drawn (a mark of `side_drawing`) rather than listed.
pub type GivenSide = (Side, Span, bool);

/// The sides map `m` gives, by list (file order) then by drawing, each read
/// as far as it can be: unknown features, malformed places, misplaced marks
/// and a side drawing that differs from `hexes` are reported into `diags`
/// and left out. Nothing here checks that a side lies on the map or is
/// given once ([`map_sides`] does).
pub fn given_sides(
    m: &RawMap,
    features: &[(Sp<String>, RawSideFeature)],
    diags: &mut Diagnostics,
) -> Vec<GivenSide> {
    let mut out = Vec::new();
    for (key, list) in &m.sides.lists {
        let Some(k) = kind_index(key, features, diags) else { continue };
        for place in &list.value {
            if let Some((hex, toward)) = parse_place(place, diags) {
                out.push((Side { hex, toward, kind: k }, place.span.clone(), false));
            }
        }
    }
    if let Some(g) = &m.sides.drawing {
        let by_mark: Vec<(String, u32)> = features
            .iter()
            .enumerate()
            .flat_map(|(i, (_, f))| marks(f).into_iter().map(move |c| (c, i as u32)))
            .collect();
        let is_mark = |c: &str| by_mark.iter().any(|(m, _)| m == c);
        if let Some(d) = read_side_drawing(g, &is_mark, diags) {
            compare_drawings(m, &d.hexes, g.span.clone(), diags);
            for mark in d.marks {
                let kind = by_mark.iter().find(|(c, _)| *c == mark.code).map_or(0, |(_, k)| *k);
                out.push((Side { hex: mark.a, toward: mark.b, kind }, mark.span, true));
            }
        }
    }
    out
}

/// The side features of map `m`, whose hexes are `cells`.
pub(super) fn map_sides(
    m: &RawMap,
    features: &[(Sp<String>, RawSideFeature)],
    cells: &[Cell],
    diags: &mut Diagnostics,
) -> MapSides {
    let mut out = MapSides { kinds: kinds(features), sides: Vec::new() };
    if m.sides.is_empty() {
        return out;
    }
    let on_map: BTreeSet<Hex> = cells.iter().map(|c| c.hex).collect();
    let mut taken: BTreeMap<(Hex, Hex), Span> = BTreeMap::new();
    for (side, span, _) in given_sides(m, features, diags) {
        if let Some(why) = off_map(side, &on_map) {
            diags.push(
                Diagnostic::error(format!(
                    "the side between {} and {} is not between two hexes of the map",
                    side.hex, side.toward
                ))
                .at(span, why)
                .hint("a side feature lies on the side two hexes of the map share; add the hex, or choose another side"),
            );
            continue;
        }
        let key = (side.hex.min(side.toward), side.hex.max(side.toward));
        if let Some(first) = taken.get(&key) {
            diags.push(
                Diagnostic::error(format!(
                    "the side between {} and {} is given twice",
                    side.hex, side.toward
                ))
                .at(span, "repeated")
                .also(first.clone(), "first given here")
                .hint("a side holds one feature: remove one of them"),
            );
            continue;
        }
        taken.insert(key, span);
        out.sides.push(side);
    }
    out
}

/// Why `side` is not between two hexes of the map, if it is not.
fn off_map(side: Side, on_map: &BTreeSet<Hex>) -> Option<String> {
    let missing: Vec<String> = [side.hex, side.toward]
        .iter()
        .filter(|h| !on_map.contains(h))
        .map(|h| h.to_string())
        .collect();
    match missing.as_slice() {
        [] => None,
        [one] => Some(format!("{one} is no hex of the map")),
        _ => Some("neither hex is on the map".into()),
    }
}

/// The index of the feature `key` names, or an error.
fn kind_index(
    key: &Sp<String>,
    features: &[(Sp<String>, RawSideFeature)],
    diags: &mut Diagnostics,
) -> Option<u32> {
    if let Some(i) = features.iter().position(|(k, _)| k.value == key.value) {
        return Some(i as u32);
    }
    let names: Vec<&str> = features.iter().map(|(k, _)| k.value.as_str()).collect();
    diags.push(
        Diagnostic::error(format!("unknown side feature `{}`", key.value))
            .at(key.span.clone(), "not declared in [sides]")
            .hint(match did_you_mean(&key.value, names.iter().copied()) {
                Some(s) => format!("did you mean `{s}`?"),
                None => format!(
                    "declare it first, e.g. `[sides.{}]` with `look = \"river\"`",
                    key.value
                ),
            }),
    );
    None
}

/// A place `"q,r dir"`: the hex and its neighbour across side `dir`.
pub fn parse_place(place: &Sp<String>, diags: &mut Diagnostics) -> Option<(Hex, Hex)> {
    let parsed = (|| {
        let mut parts = place.value.split_whitespace();
        let (at, dir, rest) = (parts.next()?, parts.next()?, parts.next());
        let (q, r) = at.split_once(',')?;
        let (q, r) = (q.trim().parse::<i32>().ok()?, r.trim().parse::<i32>().ok()?);
        let dir = Direction::from_name(dir)?;
        rest.is_none().then_some((Hex::new(q, r), dir))
    })();
    match parsed {
        Some((hex, dir)) if hex.q.abs() <= 100 && hex.r.abs() <= 100 => {
            Some((hex, hex.neighbor(dir)))
        }
        _ => {
            diags.push(
                Diagnostic::error(format!("`{}` is not a side", place.value))
                    .at(place.span.clone(), "not `q,r dir`")
                    .hint("name a hex and the direction of one of its sides (e, ne, nw, w, sw, se), e.g. \"0,-1 se\""),
            );
            None
        }
    }
}

/// Reports where the side drawing's hexes differ from the `hexes` drawing's
/// (the first few places), pointing into the side drawing.
fn compare_drawings(m: &RawMap, side: &[GridCode], at: Span, diags: &mut Diagnostics) {
    let mut scratch = Diagnostics::new();
    let plain: Vec<GridCode> =
        m.hexes.as_ref().map(|g| read_grid(g, &mut scratch)).unwrap_or_default();
    let plain_at: BTreeMap<Hex, &GridCode> = plain.iter().map(|c| (c.hex, c)).collect();
    let side_at: BTreeMap<Hex, &GridCode> = side.iter().map(|c| (c.hex, c)).collect();
    let hint = "draw `side_drawing` as a copy of `hexes` (the same codes in the same places) with the side marks added";
    let mut reported = 0;
    for c in side {
        let problem = match plain_at.get(&c.hex) {
            Some(p) if p.code == c.code => continue,
            Some(p) => format!("the map drawing has `{}` there", p.code),
            None => "the map drawing has no hex there".to_string(),
        };
        diags.push(
            Diagnostic::error(format!(
                "the side drawing's `{}` at {} does not match the map drawing",
                c.code, c.hex
            ))
            .at(c.span.clone(), problem)
            .hint(hint),
        );
        reported += 1;
        if reported == 3 {
            return;
        }
    }
    if let Some(p) = plain.iter().find(|p| !side_at.contains_key(&p.hex)) {
        diags.push(
            Diagnostic::error(format!(
                "the side drawing leaves out the map drawing's `{}` at {}",
                p.code, p.hex
            ))
            .at(at, "no hex there in this drawing")
            .hint(hint),
        );
    }
}
