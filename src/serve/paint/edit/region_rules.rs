//! [`super::Edit::RegionRule`]: a region's own placement rules
//! (`[map.regions.<key>.constraints]`). Which rules a region may set and
//! their ranges come from the rule descriptors (`rule_table.rs`), as for the
//! map-wide rules; the edited file is then read back by the scenario reader
//! and its validation, and an edit that makes them refuse the new key (a
//! chip rule on a face-down region, say) is refused with their words.

use serde_json::Value as Json;
use toml_edit::{DocumentMut, InlineTable, Item, Table, Value};

use super::doc::{map_mut, set_or_remove};
use crate::diag::{Severity, Source};

/// Sets (`value`: `true`/`false` or a limit) or removes (`null`) rule `key`
/// for region `region` of map `map`, in the edited document `doc` of `text`.
pub(super) fn region_rule(
    doc: &mut DocumentMut,
    text: &str,
    (map, region): (usize, &str),
    key: &str,
    value: &Json,
) -> Result<bool, String> {
    let whole_map = matches!(key, "preset" | "no_chip")
        || crate::front::model::ConstraintId::from_key(key)
            .is_some_and(|id| id.rule().settable() && !id.rule().per_region());
    if whole_map {
        return Err(format!(
            "`{key}` cannot be set for one region: set it in `[constraints]`; harbor rules, `preset` and `no_chip` apply to the whole map"
        ));
    }
    let v = super::rule_value(key, value)?;
    let changed = match v {
        Some(v) => set_or_remove(constraints_of(doc, map, region)?, key, Some(v)),
        None => remove(doc, map, region, key)?,
    };
    if changed {
        refused_by_the_reader(text, &doc.to_string(), key)?;
    }
    Ok(changed)
}

/// The region's `constraints` table, made (as a `[...]` table, or inline
/// in an inline region) when it is missing.
fn constraints_of<'a>(
    doc: &'a mut DocumentMut,
    map: usize,
    key: &str,
) -> Result<&'a mut dyn toml_edit::TableLike, String> {
    let missing = || format!("map {} has no region `{key}`", map + 1);
    let r = map_mut(doc, map)?
        .get_mut("regions")
        .and_then(Item::as_table_like_mut)
        .and_then(|r| r.get_mut(key))
        .ok_or_else(missing)?;
    if r.get("constraints").is_none() {
        let t = match r {
            Item::Table(_) => Item::Table(Table::new()),
            Item::Value(Value::InlineTable(_)) => {
                Item::Value(Value::InlineTable(InlineTable::new()))
            }
            _ => return Err(missing()),
        };
        r.as_table_like_mut().ok_or_else(missing)?.insert("constraints", t);
    }
    r.get_mut("constraints")
        .and_then(Item::as_table_like_mut)
        .ok_or_else(|| format!("region `{key}` has a `constraints` that is not a table"))
}

/// Removes rule `key` from the region's table, and the table when it is
/// left empty.
fn remove(doc: &mut DocumentMut, map: usize, region: &str, key: &str) -> Result<bool, String> {
    let r = super::doc::region_mut(doc, map, region)?;
    let Some(c) = r.get_mut("constraints").and_then(Item::as_table_like_mut) else {
        return Ok(false);
    };
    let changed = c.remove(key).is_some();
    if c.is_empty() {
        r.remove("constraints");
    }
    Ok(changed)
}

/// Reads the edited text as `hexpress validate` does; a new error about
/// `key` (one the text before the edit did not have) refuses the edit with
/// the reader's message and hint.
fn refused_by_the_reader(before: &str, after: &str, key: &str) -> Result<(), String> {
    let errors = |text: &str| {
        let source = Source::new(super::super::FILE_NAME, text.to_string());
        let diags = match crate::front::model::load_with_warnings(&source) {
            Ok((_, d)) | Err(d) => d,
        };
        diags
            .items()
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| (d.message.clone(), d.hints.join("; ")))
            .collect::<Vec<_>>()
    };
    let old = errors(before);
    let named = format!("`{key}`");
    match errors(after)
        .into_iter()
        .find(|(m, _)| m.contains(&named) && !old.iter().any(|(o, _)| o == m))
    {
        Some((m, h)) if h.is_empty() => Err(m),
        Some((m, h)) => Err(format!("{m}: {h}")),
        None => Ok(()),
    }
}
