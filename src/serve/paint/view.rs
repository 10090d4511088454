//! What the painter shows of a scenario text: each map's drawing as codes
//! at drawing positions, the legend as a palette (in plain words, with the
//! theme's colours), each region's pools counted against its slots, the
//! placement rules and the player counts. Read from the parser's raw tree,
//! so a file with mistakes still paints; validation says what is wrong.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use super::drawing::Drawing;
use crate::diag::{Diagnostics, Source};
use crate::front::model::{RulePreset, RuleValue, Setting, RULES};
use crate::front::scenario::raw::RawRuleValue;
use crate::front::scenario::raw::{RawLegendEntry, RawMap, RawRegion, RawScenario};
use crate::front::theme::{tint, Theme};
use crate::vocab::{is_red, pips, HarborKind, Terrain};

/// A legend entry as the painter needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct Code {
    /// The code.
    pub code: String,
    /// A fixed terrain.
    pub terrain: Option<Terrain>,
    /// The region it draws from (a random slot, or a fixed hex's chip).
    pub region: Option<String>,
    /// A harbor on the hex.
    pub harbor: Option<String>,
    /// A printed chip.
    pub number: Option<i64>,
    /// A printed name.
    pub label: Option<String>,
}

impl Code {
    fn from_raw(code: &str, e: &RawLegendEntry) -> Code {
        let mut c = Code {
            code: code.to_string(),
            terrain: None,
            region: None,
            harbor: None,
            number: None,
            label: None,
        };
        match e {
            RawLegendEntry::Terrain(t) => c.terrain = Terrain::from_name(&t.value),
            RawLegendEntry::Detailed(t) => {
                c.terrain = t.terrain.as_ref().and_then(|t| Terrain::from_name(&t.value));
                c.region = t.region.as_ref().map(|r| r.value.clone());
                c.harbor = t.harbor.as_ref().map(|h| h.value.clone());
                c.number = t.number.as_ref().map(|n| n.value);
                c.label = t.label.as_ref().map(|l| l.value.clone());
            }
        }
        c
    }

    /// A random slot of a region (not a fixed hex drawing its chip there).
    pub(crate) fn slot_of(&self) -> Option<&str> {
        match self.terrain {
            None => self.region.as_deref(),
            Some(_) => None,
        }
    }
}

/// The legend of one map: the shared legend with the map's own on top, in
/// order of first writing.
pub fn legend(raw: &RawScenario, map: &RawMap) -> Vec<Code> {
    let mut out: Vec<Code> = Vec::new();
    for (k, e) in raw.legend.iter().chain(&map.legend) {
        let c = Code::from_raw(&k.value, &e.value);
        match out.iter_mut().find(|x| x.code == c.code) {
            Some(old) => *old = c,
            None => out.push(c),
        }
    }
    out
}

/// The painter's view of a text; `None` when it is not TOML at all.
pub fn view(text: &str) -> Option<Value> {
    let mut diags = Diagnostics::new();
    let raw = crate::front::scenario::parse(&Source::new("scenario.toml", text), &mut diags)?;
    let theme = Theme::builtin();
    let no_chip: Vec<Terrain> = raw
        .constraints
        .no_chip
        .iter()
        .flat_map(|l| &l.value)
        .filter_map(|t| Terrain::from_name(&t.value))
        .collect();
    let maps: Vec<Value> = raw.maps.iter().map(|m| map_view(&raw, m, &theme, &no_chip)).collect();
    let meta = raw.meta.as_ref();
    let players: Vec<i64> = meta
        .and_then(|m| m.players.as_ref())
        .map(|p| p.value.iter().map(|v| v.value).collect())
        .unwrap_or_default();
    Some(json!({
        "id": meta.and_then(|m| m.id.as_ref()).map(|v| v.value.clone()),
        "title": meta.and_then(|m| m.title.as_ref()).map(|v| v.value.clone()),
        "players": players,
        "maps": maps,
        "rules": rules_view(&raw),
        "side_features": super::sides::features_view(&raw),
        "terrains": Terrain::ALL.iter().map(|t| json!({
            "name": t.name(), "label": t.label(), "land": t.is_land(),
            "chip": t.can_take_chip() && !no_chip.contains(t),
            "colour": theme.colour.fill(*t).hex(),
        })).collect::<Vec<_>>(),
        "harbor_kinds": HarborKind::ALL.iter().map(|k| k.name()).collect::<Vec<_>>(),
        // The number chips, and which are red: the page reads them from here.
        "chips": (2u8..=12).filter(|n| pips(*n) > 0).map(|n| json!({
            "number": n, "red": is_red(n),
        })).collect::<Vec<_>>(),
    }))
}

/// One map as the painter shows it: its drawing, legend, regions and
/// harbor pool.
fn map_view(raw: &RawScenario, m: &RawMap, theme: &Theme, no_chip: &[Terrain]) -> Value {
    let codes = legend(raw, m);
    let drawing = m.hexes.as_ref().map(|g| Drawing::parse(&g.text));
    let cells: Vec<(i64, i64, String)> = match &drawing {
        Some(Ok(d)) => d.cells().into_iter().map(|(x, y, c)| (x, y, c.to_string())).collect(),
        _ => Vec::new(),
    };
    let extent = match &drawing {
        Some(Ok(d)) => d.extent(),
        _ => None,
    };
    // Hexes given by coordinates, at their drawing positions.
    let frame = match &drawing {
        Some(Ok(d)) => d.frame(),
        _ => None,
    };
    let listed: Vec<Value> = m
        .cells
        .iter()
        .filter_map(|c| {
            let (q, r) = (c.q.as_ref()?.value, c.r.as_ref()?.value);
            let (x, y) = frame?.position(q, r);
            Some(json!([x, y, c.code.as_ref().map(|k| k.value.clone()), q, r]))
        })
        .collect();
    let used = code_counts(&cells, m);
    let legend = legend_view(&codes, m, theme, &used);
    let regions: Vec<Value> = m
        .regions
        .iter()
        .map(|(key, r)| region_view(&key.value, r, &codes, &used, no_chip))
        .collect();
    let random_harbors: usize = codes
        .iter()
        .filter(|c| c.harbor.as_deref() == Some("random"))
        .map(|c| used.get(c.code.as_str()).copied().unwrap_or(0))
        .sum();
    let pool: Vec<String> = m
        .harbors
        .as_ref()
        .and_then(|h| h.pool.as_ref())
        .map(|p| p.value.iter().map(|v| v.value.clone()).collect())
        .unwrap_or_default();
    json!({
        "players": m.players.as_ref().map(|p| p.value.iter().map(|v| v.value).collect::<Vec<_>>()).unwrap_or_default(),
        "paintable": matches!(drawing, Some(Ok(_))),
        "extent": extent.map(|(a, b, c, d)| json!({"xmin": a, "xmax": b, "ymin": c, "ymax": d})),
        "cells": cells.iter().map(|(x, y, c)| json!([x, y, c])).collect::<Vec<_>>(),
        "placed_cells": m.cells.len(),
        "listed": listed,
        "legend": legend,
        "regions": regions,
        "harbor_pool": pool,
        "random_harbors": random_harbors,
        "sides": super::sides::map_sides_view(raw, m),
    })
}

/// How many hexes of each code the map draws (in its drawing and its
/// placed cells).
fn code_counts<'a>(cells: &'a [(i64, i64, String)], m: &'a RawMap) -> BTreeMap<&'a str, usize> {
    let mut used: BTreeMap<&str, usize> = BTreeMap::new();
    for (_, _, c) in cells {
        *used.entry(c.as_str()).or_default() += 1;
    }
    for c in &m.cells {
        if let Some(code) = &c.code {
            *used.entry(code.value.as_str()).or_default() += 1;
        }
    }
    used
}

/// The map's legend as a palette: each code's kind, colour, plain words
/// and how often the map uses it.
fn legend_view(
    codes: &[Code],
    m: &RawMap,
    theme: &Theme,
    used: &BTreeMap<&str, usize>,
) -> Vec<Value> {
    let region_keys: Vec<&str> = m.regions.iter().map(|(k, _)| k.value.as_str()).collect();
    let face_down = |r: &str| {
        m.regions
            .iter()
            .any(|(k, reg)| k.value == r && reg.face_down.as_ref().is_some_and(|f| f.value))
    };
    let palette = &theme.colour;
    codes
        .iter()
        .map(|c| {
            let region_at =
                c.region.as_deref().and_then(|r| region_keys.iter().position(|k| *k == r));
            let (kind, colour) = match (c.terrain, c.slot_of(), &c.harbor) {
                (_, _, Some(_)) => ("harbor", palette.fill(Terrain::Sea)),
                (None, Some(r), _) if face_down(r) => ("face_down", palette.fog),
                (None, Some(_), _) => (
                    "region",
                    tint(palette.regions[region_at.unwrap_or(0) % palette.regions.len()], 0.55),
                ),
                (Some(t), _, _) if t == Terrain::Sea => ("sea", palette.fill(t)),
                (Some(t), _, _) if c.label.is_some() || !t.is_land() => {
                    ("special", palette.fill(t))
                }
                (Some(t), _, _) => ("fixed", palette.fill(t)),
                (None, None, _) => ("unknown", palette.paper),
            };
            json!({
                "code": c.code, "kind": kind, "colour": colour.hex(),
                "terrain": c.terrain.map(Terrain::name), "region": c.region, "harbor": c.harbor,
                "number": c.number, "label": c.label, "words": words(c, kind, m),
                "used": used.get(c.code.as_str()).copied().unwrap_or(0),
            })
        })
        .collect()
}

/// One region `key`: its pools counted against the slots the map draws.
fn region_view(
    key: &str,
    r: &RawRegion,
    codes: &[Code],
    used: &BTreeMap<&str, usize>,
    no_chip: &[Terrain],
) -> Value {
    let slots: usize = codes
        .iter()
        .filter(|c| c.slot_of() == Some(key))
        .map(|c| used.get(c.code.as_str()).copied().unwrap_or(0))
        .sum();
    let fixed_chips: usize = codes
        .iter()
        .filter(|c| c.terrain.is_some() && c.region.as_deref() == Some(key))
        .map(|c| used.get(c.code.as_str()).copied().unwrap_or(0))
        .sum();
    let tiles: Vec<(String, i64)> =
        r.tiles.iter().flat_map(|t| &t.value).map(|(n, c)| (n.value.clone(), c.value)).collect();
    let chip_tiles: i64 = tiles
        .iter()
        .filter(|(n, _)| {
            Terrain::from_name(n).is_some_and(|t| t.can_take_chip() && !no_chip.contains(&t))
        })
        .map(|(_, c)| *c)
        .sum();
    let harbor_tiles: i64 = tiles.iter().filter(|(n, _)| n == "harbor").map(|(_, c)| *c).sum();
    json!({
        "key": key,
        "name": r.name.as_ref().map_or(key.to_string(), |n| n.value.clone()),
        "face_down": r.face_down.as_ref().is_some_and(|f| f.value),
        "slots": slots,
        "tiles": tiles.iter().map(|(n, c)| json!([n, c])).collect::<Vec<_>>(),
        "tile_total": tiles.iter().map(|(_, c)| *c).sum::<i64>(),
        "numbers": r.numbers.as_ref().map(|n| n.value.iter().map(|v| v.value).collect::<Vec<_>>()).unwrap_or_default(),
        "chips_needed": chip_tiles + fixed_chips as i64,
        "fixed_chips": fixed_chips,
        "harbors": r.harbors.as_ref().map(|h| h.value.iter().map(|v| v.value.clone()).collect::<Vec<_>>()).unwrap_or_default(),
        "harbor_tiles": harbor_tiles,
        "rules": region_rules_view(r),
    })
}

/// The rules a region sets for its own hexes, as the file writes them, each
/// with its words from the rule's descriptor.
fn region_rules_view(r: &RawRegion) -> Vec<Value> {
    r.rules
        .iter()
        .map(|(id, v)| {
            let value = match v.value {
                RawRuleValue::Switch(b) => json!(b),
                RawRuleValue::Limit(n) => json!(n),
            };
            json!({ "key": id.key(), "words": id.words(), "value": value })
        })
        .collect()
}

/// A legend entry in plain words.
fn words(c: &Code, kind: &str, m: &RawMap) -> String {
    let region_name = |r: &str| {
        m.regions.iter().find(|(k, _)| k.value == r).map_or(r.to_string(), |(k, reg)| {
            reg.name.as_ref().map_or(k.value.clone(), |n| n.value.clone())
        })
    };
    let mut s = match kind {
        "harbor" => match c.harbor.as_deref() {
            Some("random") => "sea with a harbor (its kind drawn at random)".to_string(),
            Some(h) => format!("sea with a {h} harbor"),
            None => "harbor".into(),
        },
        "face_down" => {
            format!("a face-down tile from {}", region_name(c.slot_of().unwrap_or_default()))
        }
        "region" => format!("a random tile from {}", region_name(c.slot_of().unwrap_or_default())),
        "unknown" => "not a terrain or region this tool knows".into(),
        _ => c.terrain.map_or("?".into(), |t| format!("{} (always here)", t.label())),
    };
    if let (Some(_), Some(r)) = (c.terrain, &c.region) {
        s.push_str(&format!(", its chip drawn from {}", region_name(r)));
    }
    if let Some(n) = c.number {
        s.push_str(&format!(", chip {n}"));
    }
    if let Some(l) = &c.label {
        s.push_str(&format!(", labelled \u{201c}{l}\u{201d}"));
    }
    s
}

/// The rules a file can switch, with what is in force.
fn rules_view(raw: &RawScenario) -> Value {
    let rc = &raw.constraints;
    let preset = rc
        .preset
        .as_ref()
        .and_then(|p| RulePreset::from_name(&p.value))
        .unwrap_or(RulePreset::Official);
    let base = preset.constraints();
    let list: Vec<Value> = RULES
        .iter()
        .filter(|r| r.settable())
        .map(|r| {
            let set = rc.rules.get(&r.id).map(|v| match v.value {
                RawRuleValue::Switch(b) => json!(b),
                RawRuleValue::Limit(n) => json!(n),
            });
            let preset_value = match base.get(r.id) {
                RuleValue::Switch(b) => json!(b),
                RuleValue::Limit(n) => json!(n),
            };
            let mut row = json!({ "key": r.key, "set": set, "preset": preset_value,
                    "number": r.id.is_limit(), "words": r.words,
                    "per_region": r.per_region() });
            if let Setting::Limit { min, max } = r.setting {
                row["min"] = json!(min);
                row["max"] = json!(max);
            }
            row
        })
        .collect();
    let presets: Vec<Value> =
        RulePreset::ALL.iter().map(|p| json!({ "name": p.name(), "title": p.title() })).collect();
    json!({
        "preset": preset.name(),
        "preset_set": rc.preset.is_some(),
        "presets": presets,
        "list": list,
        "no_chip": rc.no_chip.as_ref().map(|l| l.value.iter().map(|v| v.value.clone()).collect::<Vec<_>>()).unwrap_or_default(),
    })
}
