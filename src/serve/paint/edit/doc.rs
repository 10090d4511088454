//! Where an edit lands in the scenario document: the map, region and
//! `[constraints]` tables, and the setters that keep the spacing and
//! comments of the values they replace.

use toml_edit::{Array, DocumentMut, InlineTable, Item, Table, TableLike, Value};

use crate::serve::paint::drawing::Drawing;

pub(super) fn map_mut(doc: &mut DocumentMut, i: usize) -> Result<&mut Table, String> {
    doc.get_mut("map")
        .and_then(Item::as_array_of_tables_mut)
        .and_then(|a| a.get_mut(i))
        .ok_or_else(|| format!("the file has no map number {}", i + 1))
}

pub(super) fn region_mut<'a>(
    doc: &'a mut DocumentMut,
    map: usize,
    key: &str,
) -> Result<&'a mut dyn TableLike, String> {
    map_mut(doc, map)?
        .get_mut("regions")
        .and_then(Item::as_table_like_mut)
        .and_then(|r| r.get_mut(key))
        .and_then(Item::as_table_like_mut)
        .ok_or_else(|| format!("map {} has no region `{key}`", map + 1))
}

pub(super) fn constraints_mut(doc: &mut DocumentMut) -> &mut dyn TableLike {
    if doc.get("constraints").and_then(Item::as_table_like).is_none() {
        doc.insert("constraints", Item::Table(Table::new()));
    }
    match doc.get_mut("constraints").and_then(Item::as_table_like_mut) {
        Some(t) => t,
        None => unreachable!("just inserted"),
    }
}

/// Adds a key at the end of an inline table, keeping the space before `}`
/// after the new last value.
pub(super) fn append_inline(t: &mut InlineTable, key: &str, mut v: Value) {
    let mut tail = None;
    if let Some((_, last)) = t.iter_mut().last() {
        tail = last.decor().suffix().cloned();
        last.decor_mut().set_suffix("");
    }
    v.decor_mut().set_prefix(" ");
    if let Some(tail) = tail {
        v.decor_mut().set_suffix(tail);
    }
    t.insert(key, v);
}

/// Sets `key` to `v`, keeping the old value's spacing and comment.
pub(super) fn set(t: &mut dyn TableLike, key: &str, mut v: Value) {
    if let Some(old) = t.get(key).and_then(Item::as_value) {
        *v.decor_mut() = old.decor().clone();
    }
    t.insert(key, Item::Value(v));
}

pub(super) fn set_or_remove(t: &mut dyn TableLike, key: &str, v: Option<Value>) -> bool {
    match v {
        None => t.remove(key).is_some(),
        Some(v) => {
            let same = t
                .get(key)
                .and_then(Item::as_value)
                .is_some_and(|old| old.to_string().trim() == v.to_string().trim());
            if !same {
                set(t, key, v);
            }
            !same
        }
    }
}

pub(super) fn set_array(
    t: &mut dyn TableLike,
    key: &str,
    items: impl Iterator<Item = Value>,
) -> bool {
    let mut a: Array = items.collect();
    a.fmt();
    let same = t.get(key).and_then(Item::as_array).is_some_and(|old| {
        old.iter()
            .map(|v| v.to_string().trim().to_string())
            .eq(a.iter().map(|v| v.to_string().trim().to_string()))
    });
    if !same {
        set(t, key, Value::Array(a));
    }
    !same
}

/// Edits a map's drawing and writes it back as a multi-line string.
pub(super) fn drawing_edit(
    doc: &mut DocumentMut,
    map: usize,
    f: impl FnOnce(&mut Drawing) -> Result<bool, String>,
) -> Result<bool, String> {
    let m = map_mut(doc, map)?;
    let old = m.get("hexes").and_then(Item::as_str).ok_or("the map has no `hexes` drawing")?;
    let mut d = Drawing::parse(old).map_err(|_| {
        "the drawing's codes are off the hex grid: fix it in the text first".to_string()
    })?;
    if !f(&mut d)? {
        return Ok(false);
    }
    let new = d.render();
    if new == old {
        return Ok(false);
    }
    let literal = multiline(&new)?;
    set(m, "hexes", literal);
    Ok(true)
}

/// `text` as a `"""` string that starts on its own line.
pub(super) fn multiline(text: &str) -> Result<Value, String> {
    let body = if text.ends_with('\n') { text.to_string() } else { format!("{text}\n") };
    let snippet = format!("v = \"\"\"\n{body}\"\"\"\n");
    let doc: DocumentMut =
        snippet.parse().map_err(|_| "the drawing cannot be written as text".to_string())?;
    let v =
        doc.get("v").and_then(Item::as_value).cloned().ok_or("the drawing cannot be written")?;
    if v.as_str() != Some(body.as_str()) {
        return Err("the drawing has characters a TOML string cannot hold as they are".into());
    }
    Ok(v)
}
