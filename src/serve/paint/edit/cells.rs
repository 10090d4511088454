//! Hexes given by coordinates (`[[map.cells]]`) as the painter edits them:
//! at the drawing position of their `q, r` ([`Frame`]), painted or erased
//! there, and kept in place on the map when the drawing grows or shrinks
//! (its middle, and so every drawn hex's coordinates, may move).

use toml_edit::{DocumentMut, Item, Value};

use super::doc::{map_mut, multiline, set};
use crate::serve::paint::drawing::{Drawing, Frame, Side};

/// The drawing of map `map` and its frame, if it has a readable one.
fn drawing_of(doc: &mut DocumentMut, map: usize) -> Option<(Drawing, Frame)> {
    let m = map_mut(doc, map).ok()?;
    let d = Drawing::parse(m.get("hexes").and_then(Item::as_str)?).ok()?;
    let f = d.frame()?;
    Some((d, f))
}

/// `(q, r)` of each `[[map.cells]]` entry (`None` where either is missing).
fn coordinates(doc: &mut DocumentMut, map: usize) -> Vec<Option<(i64, i64)>> {
    let Ok(m) = map_mut(doc, map) else { return Vec::new() };
    let Some(list) = m.get("cells").and_then(Item::as_array_of_tables) else { return Vec::new() };
    list.iter().map(|t| Some((t.get("q")?.as_integer()?, t.get("r")?.as_integer()?))).collect()
}

/// The drawing positions of the listed cells, with their index.
pub(super) fn listed(doc: &mut DocumentMut, map: usize) -> Vec<((i64, i64), usize)> {
    let Some((_, frame)) = drawing_of(doc, map) else { return Vec::new() };
    coordinates(doc, map)
        .into_iter()
        .enumerate()
        .filter_map(|(i, c)| c.map(|(q, r)| (frame.position(q, r), i)))
        .collect()
}

/// Sets the code of the listed cells `which` (`None`: removes them).
pub(super) fn set_code(
    doc: &mut DocumentMut,
    map: usize,
    which: &[usize],
    code: Option<&str>,
) -> Result<bool, String> {
    let m = map_mut(doc, map)?;
    let list = m
        .get_mut("cells")
        .and_then(Item::as_array_of_tables_mut)
        .ok_or("the map lists no hexes by coordinates")?;
    let mut sorted = which.to_vec();
    sorted.sort_unstable();
    let mut any = false;
    for &i in sorted.iter().rev() {
        match code {
            None => {
                list.remove(i);
                any = true;
            }
            Some(c) => {
                let t = list.get_mut(i).ok_or("no such listed hex")?;
                if t.get("code").and_then(Item::as_str) != Some(c) {
                    set(t, "code", Value::from(c));
                    any = true;
                }
            }
        }
    }
    Ok(any)
}

/// Adds (`add`) or removes a row or column of the drawing on one side, and
/// moves every listed cell's `q, r` with the drawing's middle.
pub(super) fn grow(
    doc: &mut DocumentMut,
    map: usize,
    side: Side,
    add: bool,
) -> Result<bool, String> {
    let m = map_mut(doc, map)?;
    let old = m.get("hexes").and_then(Item::as_str).ok_or("the map has no `hexes` drawing")?;
    let mut d = Drawing::parse(old).map_err(|_| {
        "the drawing's codes are off the hex grid: fix it in the Text view first".to_string()
    })?;
    let before = d.frame();
    if add {
        d.add(side, ".");
    } else {
        d.remove(side)?;
    }
    // Where the drawn codes moved to within the drawing.
    let (dx, dy) = match (side, add) {
        (Side::Top, true) => (1, 1),
        (Side::Top, false) => (0, -1),
        _ => (0, 0),
    };
    let new = d.render();
    if new == old {
        return Ok(false);
    }
    let after = d.frame();
    set(m, "hexes", multiline(&new)?);
    if let (Some(b), Some(a)) = (before, after) {
        let coords = coordinates(doc, map);
        let m = map_mut(doc, map)?;
        if let Some(list) = m.get_mut("cells").and_then(Item::as_array_of_tables_mut) {
            for (t, c) in list.iter_mut().zip(coords) {
                let Some((q, r)) = c else { continue };
                let (x, y) = b.position(q, r);
                let (nq, nr) = a.axial(x + dx, y + dy);
                if (nq, nr) != (q, r) {
                    set(t, "q", Value::from(nq));
                    set(t, "r", Value::from(nr));
                }
            }
        }
    }
    Ok(true)
}
