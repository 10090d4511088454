//! The painter's edits, each applied to the scenario text in place with
//! `toml_edit`: the keys an edit touches change, everything else (comments,
//! order, spacing) stays byte for byte.

use serde::Deserialize;
use serde_json::Value as Json;
use toml_edit::{Array, DocumentMut, InlineTable, Item, Table, Value};

use super::drawing::Side;
use crate::front::model::{RulePreset, Setting};
use crate::vocab::{HarborKind, Terrain};

mod cells;
mod doc;
mod region_rules;

use doc::{
    append_inline, constraints_mut, drawing_edit, map_mut, region_mut, set, set_array,
    set_or_remove,
};

/// One edit the page asks for.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Edit {
    /// Puts `code` (`None` or `"."`: no hex) at drawing positions `[x, y]`.
    Paint {
        /// Which `[[map]]`.
        map: usize,
        /// Positions.
        cells: Vec<(i64, i64)>,
        /// Legend code.
        code: Option<String>,
    },
    /// Adds (`add`) or removes a row or column on one side.
    Grow {
        /// Which `[[map]]`.
        map: usize,
        /// Which side.
        side: Side,
        /// Add (true) or remove.
        add: bool,
    },
    /// Sets how many tiles of a terrain a region's pool holds.
    Tiles {
        /// Which `[[map]]`.
        map: usize,
        /// Region key.
        region: String,
        /// Terrain name.
        terrain: String,
        /// New count (0 removes the terrain).
        count: i64,
    },
    /// Replaces a region's number chips.
    Numbers {
        /// Which `[[map]]`.
        map: usize,
        /// Region key.
        region: String,
        /// The chips.
        numbers: Vec<i64>,
    },
    /// Replaces the kinds of a region's harbor tiles.
    Harbors {
        /// Which `[[map]]`.
        map: usize,
        /// Region key.
        region: String,
        /// Harbor kinds.
        harbors: Vec<String>,
    },
    /// Replaces a map's pool of random harbors.
    Pool {
        /// Which `[[map]]`.
        map: usize,
        /// Harbor kinds.
        pool: Vec<String>,
    },
    /// Deals a region face down or face up.
    FaceDown {
        /// Which `[[map]]`.
        map: usize,
        /// Region key.
        region: String,
        /// Face down?
        on: bool,
    },
    /// Adds a region to a map (empty pools).
    Region {
        /// Which `[[map]]`.
        map: usize,
        /// Region key (lowercase letters, digits, `_`, `-`).
        key: String,
    },
    /// Removes a region from a map (the page offers it for a region no
    /// hex draws from).
    DropRegion {
        /// Which `[[map]]`.
        map: usize,
        /// Region key.
        key: String,
    },
    /// Sets a placement rule (`null`: the preset's value).
    Rule {
        /// `[constraints]` key.
        key: String,
        /// `true`/`false`, a number, or `null`.
        value: Json,
    },
    /// Sets (`true`/`false`, a number) or removes (`null`) one region's own rule.
    RegionRule {
        /// Which `[[map]]`.
        map: usize,
        /// Region key.
        region: String,
        /// `[map.regions.<key>.constraints]` key.
        key: String,
        /// The setting, or `null`.
        value: Json,
    },
    /// Picks the rule preset (`null`: the default).
    Preset {
        /// `official`, `strict` or `null`.
        preset: Option<String>,
    },
    /// The scenario's player counts.
    Players {
        /// Player counts.
        players: Vec<i64>,
    },
    /// The player counts of one map.
    MapPlayers {
        /// Which `[[map]]`.
        map: usize,
        /// Player counts.
        players: Vec<i64>,
    },
    /// Adds, changes or (with `entry: null`) removes a shared legend code.
    Legend {
        /// The code.
        code: String,
        /// A terrain name, or a table (`terrain`, `region`, `harbor`, `number`, `label`).
        entry: Option<Json>,
    },
    /// Puts a side feature (`feature`, a `[sides]` key) on the side between
    /// the hexes at two drawing positions, or (`null`) takes it off.
    Side {
        /// Which `[[map]]`.
        map: usize,
        /// The two hexes' positions `[x, y]`.
        cells: [(i64, i64); 2],
        /// The feature, or `null`.
        feature: Option<String>,
    },
    /// Sets `[scenario] id` or `title`.
    Meta {
        /// `id` or `title`.
        key: String,
        /// The text.
        value: String,
    },
}

/// Applies an edit; `Ok(None)` when it changes nothing.
pub fn apply(text: &str, edit: &Edit) -> Result<Option<String>, String> {
    let mut doc: DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| {
        format!("the file is not valid TOML yet: {}", e.message())
    })?;
    let doc = &mut doc;
    let changed = match edit {
        Edit::Paint { map, cells, code } => paint(doc, *map, cells, code.as_deref())?,
        Edit::Grow { map, side, add } => cells::grow(doc, *map, *side, *add)?,
        Edit::Tiles { map, region, terrain, count } => tiles(doc, *map, region, terrain, *count)?,
        Edit::Numbers { map, region, numbers } => {
            if let Some(n) = numbers.iter().find(|n| !crate::vocab::is_chip_number(**n)) {
                return Err(format!("{n} is not a number chip (2-6, 8-12)"));
            }
            let r = region_mut(doc, *map, region)?;
            set_array(r, "numbers", numbers.iter().map(|n| Value::from(*n)))
        }
        Edit::Harbors { map, region, harbors } => {
            check_harbors(harbors)?;
            let r = region_mut(doc, *map, region)?;
            if harbors.is_empty() {
                r.remove("harbors").is_some()
            } else {
                set_array(r, "harbors", harbors.iter().map(|h| Value::from(h.as_str())))
            }
        }
        Edit::Pool { map, pool } => harbor_pool(doc, *map, pool)?,
        Edit::FaceDown { map, region, on } => face_down(doc, *map, region, *on)?,
        Edit::Region { map, key } => add_region(doc, *map, key)?,
        Edit::DropRegion { map, key } => drop_region(doc, *map, key)?,
        Edit::Rule { key, value } => {
            let v = rule_value(key, value)?;
            set_or_remove(constraints_mut(doc), key, v)
        }
        Edit::RegionRule { map, region, key, value } => {
            region_rules::region_rule(doc, text, (*map, region), key, value)?
        }
        Edit::Preset { preset } => self::preset(doc, preset.as_deref())?,
        Edit::Players { players } => {
            check_players(players)?;
            let s = scenario_mut(doc)?;
            set_array(s, "players", players.iter().map(|p| Value::from(*p)))
        }
        Edit::MapPlayers { map, players } => {
            check_players(players)?;
            let m = map_mut(doc, *map)?;
            set_array(m, "players", players.iter().map(|p| Value::from(*p)))
        }
        Edit::Legend { code, entry } => legend(doc, code, entry.as_ref())?,
        Edit::Meta { key, value } => meta(doc, key, value)?,
        Edit::Side { map, cells, feature } => {
            super::sides::side(doc, text, *map, *cells, feature.as_deref())?
        }
    };
    Ok(changed.then(|| doc.to_string()))
}

/// The `[scenario]` table.
fn scenario_mut(doc: &mut DocumentMut) -> Result<&mut dyn toml_edit::TableLike, String> {
    doc.get_mut("scenario")
        .and_then(Item::as_table_like_mut)
        .ok_or_else(|| "the file has no `[scenario]` table".to_string())
}

/// [`Edit::Paint`]: puts `code` (`None` or `"."`: no hex) at `cells`.
fn paint(
    doc: &mut DocumentMut,
    map: usize,
    cells: &[(i64, i64)],
    code: Option<&str>,
) -> Result<bool, String> {
    let code = code.filter(|c| *c != "." && !c.is_empty());
    if let Some(c) = code {
        check_code(c)?;
    }
    // Hexes given as `[[map.cells]]` change there; the rest in the drawing.
    let listed = cells::listed(doc, map);
    let (on_listed, drawn): (Vec<_>, Vec<_>) =
        cells.iter().copied().partition(|p| listed.iter().any(|(at, _)| at == p));
    let mut any = false;
    if !on_listed.is_empty() {
        let which: Vec<usize> =
            listed.iter().filter(|(at, _)| on_listed.contains(at)).map(|(_, i)| *i).collect();
        any |= cells::set_code(doc, map, &which, code)?;
    }
    if !drawn.is_empty() {
        any |= drawing_edit(doc, map, |d| {
            let mut any = false;
            for &(x, y) in &drawn {
                any |= d.set(x, y, code)?;
            }
            Ok(any)
        })?;
    }
    Ok(any)
}

/// [`Edit::Tiles`]: sets how many tiles of `terrain` a region's pool holds.
fn tiles(
    doc: &mut DocumentMut,
    map: usize,
    region: &str,
    terrain: &str,
    count: i64,
) -> Result<bool, String> {
    if Terrain::from_name(terrain).is_none() {
        return Err(format!("`{terrain}` is not a terrain"));
    }
    if !(0..=crate::limits::MAX_HEXES as i64).contains(&count) {
        return Err(format!("{count} tiles: a count is 0 to {}", crate::limits::MAX_HEXES));
    }
    let r = region_mut(doc, map, region)?;
    if r.get("tiles").is_none() {
        r.insert("tiles", Item::Value(Value::InlineTable(InlineTable::new())));
    }
    let tiles = r.get_mut("tiles").ok_or("`tiles` is missing")?;
    let old = tiles.get(terrain).and_then(Item::as_integer);
    if old == Some(count) || (old.is_none() && count == 0) {
        return Ok(false);
    }
    match tiles.as_inline_table_mut() {
        Some(inline) if old.is_none() => append_inline(inline, terrain, Value::from(count)),
        _ => {
            let t = tiles.as_table_like_mut().ok_or("`tiles` is not a table")?;
            if count == 0 {
                t.remove(terrain);
            } else {
                set(t, terrain, Value::from(count));
            }
        }
    }
    Ok(true)
}

/// [`Edit::Pool`]: replaces a map's pool of random harbors.
fn harbor_pool(doc: &mut DocumentMut, map: usize, pool: &[String]) -> Result<bool, String> {
    check_harbors(pool)?;
    let m = map_mut(doc, map)?;
    if pool.is_empty() {
        return Ok(m.remove("harbors").is_some());
    }
    if m.get("harbors").is_none() {
        m.insert("harbors", Item::Table(Table::new()));
    }
    let h =
        m.get_mut("harbors").and_then(Item::as_table_like_mut).ok_or("`harbors` is not a table")?;
    Ok(set_array(h, "pool", pool.iter().map(|h| Value::from(h.as_str()))))
}

/// [`Edit::FaceDown`]: deals a region face down or face up.
fn face_down(doc: &mut DocumentMut, map: usize, region: &str, on: bool) -> Result<bool, String> {
    let r = region_mut(doc, map, region)?;
    let old = r.get("face_down").and_then(Item::as_bool).unwrap_or(false);
    if old == on {
        return Ok(false);
    }
    if on {
        set(r, "face_down", Value::from(true));
    } else {
        r.remove("face_down");
    }
    Ok(true)
}

/// [`Edit::Region`]: adds a region `key` (empty pools) to a map.
fn add_region(doc: &mut DocumentMut, map: usize, key: &str) -> Result<bool, String> {
    check_key(key)?;
    let m = map_mut(doc, map)?;
    if m.get("regions").is_none() {
        let mut t = Table::new();
        t.set_implicit(true);
        m.insert("regions", Item::Table(t));
    }
    let regions =
        m.get_mut("regions").and_then(Item::as_table_like_mut).ok_or("`regions` is not a table")?;
    if regions.get(key).is_some() {
        return Err(format!("the map already has a region `{key}`"));
    }
    let mut t = Table::new();
    t.insert("tiles", Item::Value(Value::InlineTable(InlineTable::new())));
    t.insert("numbers", Item::Value(Value::Array(Array::new())));
    regions.insert(key, Item::Table(t));
    Ok(true)
}

/// [`Edit::DropRegion`]: removes region `key` from a map.
fn drop_region(doc: &mut DocumentMut, map: usize, key: &str) -> Result<bool, String> {
    let m = map_mut(doc, map)?;
    let regions = m.get_mut("regions").and_then(Item::as_table_like_mut);
    match regions.and_then(|r| r.remove(key)) {
        Some(_) => Ok(true),
        None => Err(format!("the map has no region `{key}`")),
    }
}

/// A rule's setting from the page: `true`/`false` for a switch, a whole
/// number within the descriptor's range for a limit, `None` for `null`.
fn rule_value(key: &str, value: &Json) -> Result<Option<Value>, String> {
    let rule = crate::front::model::ConstraintId::from_key(key).map(|id| id.rule());
    let Some(rule) = rule.filter(|r| r.settable()) else {
        return Err(format!("`{key}` is not a rule the painter switches"));
    };
    Ok(match (value, rule.setting) {
        (Json::Null, _) => None,
        (Json::Bool(b), Setting::Switch) => Some(Value::from(*b)),
        (Json::Number(n), Setting::Limit { min, max }) => match n.as_i64() {
            Some(n) if (min..=max).contains(&n) => Some(Value::from(n)),
            _ => return Err(format!("{n} is not a limit from {min} to {max}")),
        },
        (other, _) => return Err(format!("{other} is not a setting of `{key}`")),
    })
}

/// [`Edit::Preset`]: picks the rule preset (`None` or empty: the default).
fn preset(doc: &mut DocumentMut, preset: Option<&str>) -> Result<bool, String> {
    let v = match preset {
        None | Some("") => None,
        Some(p) => match RulePreset::from_name(p) {
            Some(p) => Some(Value::from(p.name())),
            None => return Err(format!("`{p}` is not a preset: official or strict")),
        },
    };
    Ok(set_or_remove(constraints_mut(doc), "preset", v))
}

/// [`Edit::Legend`]: adds, changes or (with no entry) removes a legend code.
fn legend(doc: &mut DocumentMut, code: &str, entry: Option<&Json>) -> Result<bool, String> {
    check_code(code)?;
    let v = entry.map(legend_value).transpose()?;
    if doc.get("legend").is_none() {
        doc.insert("legend", Item::Table(Table::new()));
    }
    let l =
        doc.get_mut("legend").and_then(Item::as_table_like_mut).ok_or("`legend` is not a table")?;
    Ok(set_or_remove(l, code, v))
}

/// [`Edit::Meta`]: sets `[scenario] id` or `title`.
fn meta(doc: &mut DocumentMut, key: &str, value: &str) -> Result<bool, String> {
    if key != "id" && key != "title" {
        return Err(format!("`{key}` is not set from the painter"));
    }
    if value.chars().count() > crate::limits::MAX_SHORT_TEXT {
        return Err(format!("longer than {} characters", crate::limits::MAX_SHORT_TEXT));
    }
    Ok(set_or_remove(scenario_mut(doc)?, key, Some(Value::from(value))))
}

fn check_code(c: &str) -> Result<(), String> {
    let ok = !c.is_empty()
        && c.chars().count() <= 3
        && c.chars().all(|ch| {
            !ch.is_whitespace() && !ch.is_control() && ch != '"' && ch != '\\' && ch != '\''
        })
        && c != ".";
    if ok {
        Ok(())
    } else {
        Err(format!(
            "`{c}` cannot be a legend code: 1 to 3 characters, no spaces, quotes or `\\`, not `.`"
        ))
    }
}

fn check_key(k: &str) -> Result<(), String> {
    let ok = !k.is_empty()
        && k.len() <= 40
        && k.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-');
    if ok {
        Ok(())
    } else {
        Err(format!("`{k}` cannot name a region: use lowercase letters, digits, `_` and `-`"))
    }
}

fn check_players(p: &[i64]) -> Result<(), String> {
    match p.iter().find(|n| !(1..=12).contains(*n)) {
        Some(n) => Err(format!("{n} players: a player count is 1 to 12")),
        None if p.is_empty() => Err("at least one player count stays".into()),
        None => Ok(()),
    }
}

fn check_harbors(list: &[String]) -> Result<(), String> {
    match list.iter().find(|h| HarborKind::from_name(h).is_none()) {
        Some(h) => {
            Err(format!("`{h}` is not a harbor kind (3:1, lumber, wool, grain, brick, ore)"))
        }
        None => Ok(()),
    }
}

fn legend_value(j: &Json) -> Result<Value, String> {
    match j {
        Json::String(t) => match Terrain::from_name(t) {
            Some(t) => Ok(Value::from(t.name())),
            None => Err(format!("`{t}` is not a terrain")),
        },
        Json::Object(o) => {
            let mut t = InlineTable::new();
            for key in ["terrain", "region", "harbor", "number", "label"] {
                match o.get(key) {
                    None | Some(Json::Null) => {}
                    Some(Json::String(s)) => {
                        if key == "terrain" && Terrain::from_name(s).is_none() {
                            return Err(format!("`{s}` is not a terrain"));
                        }
                        if key == "region" {
                            check_key(s)?;
                        }
                        if key == "harbor" && s != "random" {
                            check_harbors(std::slice::from_ref(s))?;
                        }
                        t.insert(key, Value::from(s.as_str()));
                    }
                    Some(Json::Number(n)) if key == "number" => {
                        t.insert(key, Value::from(n.as_i64().ok_or("a chip is a whole number")?));
                    }
                    Some(other) => return Err(format!("`{key}` cannot be {other}")),
                }
            }
            if let Some(k) = o
                .keys()
                .find(|k| !["terrain", "region", "harbor", "number", "label"].contains(&k.as_str()))
            {
                return Err(format!("a legend entry has no `{k}` the painter sets"));
            }
            t.fmt();
            Ok(Value::InlineTable(t))
        }
        other => Err(format!("{other} is not a legend entry")),
    }
}
