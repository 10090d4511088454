//! Checks a [`RawScenario`] and builds the [`Scenario`] model, reporting every
//! problem with its span and a hint.

use std::collections::{BTreeMap, BTreeSet};

use super::*;
use crate::axial::{Direction, Hex};
use crate::diag::{Diagnostic, Diagnostics, Source, Span};
use crate::scenario::fields;
use crate::scenario::grid::read_grid;
use crate::scenario::raw::*;
use crate::vocab::{did_you_mean, HarborKind, Terrain};

mod legend;
mod map;
mod pools;
mod sides;
mod start;

use legend::{legend_entry, Code};
use map::map;
use pools::{check_pool_values, player_coverage, pools};
pub use sides::{given_sides, parse_place, GivenSide};

/// Validates a parsed scenario. Returns `None` when errors were found (they
/// are in `diags`); warnings alone still give a model.
pub fn validate(raw: &RawScenario, _source: &Source, diags: &mut Diagnostics) -> Option<Scenario> {
    let before = diags.error_count();
    let (preset, overrides, spans) = constraints(&raw.constraints, diags);
    let rules_ok = diags.error_count() == before;
    let constraints = overrides.apply(preset);
    let preset_choice = match &raw.constraints.preset {
        Some(p) => PresetChoice::File(p.span.clone()),
        None => PresetChoice::Default,
    };
    let meta = raw.meta.as_ref().and_then(|m| meta(m, diags));
    // The shared legend is checked once, not once per map.
    let mut top_legend: BTreeMap<String, Option<Code>> = BTreeMap::new();
    for (k, e) in &raw.legend {
        top_legend.insert(k.value.clone(), legend_entry(k, e, &constraints, diags));
    }
    let mut maps = Vec::new();
    for (k, m) in raw.maps.iter().enumerate() {
        match map(m, &top_legend, &raw.game.sides, &constraints, diags) {
            Some(map) => maps.push((m, map)),
            None => diags.skip(format!(
                "the placement rules were not checked on {} because it has problems",
                map_name(k, m)
            )),
        }
    }
    if let Some(meta) = &meta {
        player_coverage(meta, raw, &maps, diags);
    }
    // Placement checks read a map as a whole, so they run on each map that
    // is itself well formed (a region missing its pool would look like a
    // region without land and raise false alarms), under rules that read.
    let sources = RuleSources {
        preset,
        choice: &preset_choice,
        overrides: &overrides,
        spans: &spans,
        constraints: &constraints,
    };
    for (k, (m, map)) in maps.iter().enumerate() {
        let unread = m.regions.iter().find(|(_, r)| r.tiles.is_none());
        match (rules_ok, unread) {
            (false, _) => diags.skip(
                "the placement rules were not checked on the maps because `[constraints]` has problems",
            ),
            // A region without its pool would look like one without land.
            (true, Some((key, _))) => diags.skip(format!(
                "the placement rules were not checked on {} because region `{}` has no `tiles` to read",
                map_name(k, m),
                key.value
            )),
            (true, None) => super::static_checks::check(map, &sources, diags),
        }
    }
    let game = super::game::validate_game(&raw.game, meta.as_ref(), _source, diags);
    super::terms::check_vocabulary(
        raw,
        &game.terms,
        &game.components,
        meta.as_ref(),
        &_source.text,
        diags,
    );
    let defs: Vec<&MapDef> = maps.iter().map(|(_, m)| m).collect();
    super::spots::check(&defs, &game, &raw.game, diags);
    if diags.error_count() > before {
        return None;
    }
    Some(Scenario {
        source_name: _source.name.clone(),
        meta: meta?,
        maps: maps.into_iter().map(|(_, m)| m).collect(),
        constraints,
        preset,
        preset_choice,
        overrides,
        constraint_spans: spans,
        players_span: raw.meta.as_ref().and_then(|m| m.players.as_ref()).map(|p| p.span.clone()),
        game,
    })
}

/// How the problems of a `[[map]]` name it: by its player counts, or its
/// place in the file.
pub(super) fn map_name(k: usize, m: &RawMap) -> String {
    match m.players.as_ref().map(|p| &p.value) {
        Some(ps) if !ps.is_empty() => {
            let list: Vec<String> = ps.iter().map(|p| p.value.to_string()).collect();
            format!("the map for {} players", list.join(", "))
        }
        _ => format!("map {} (its `[[map]]` number in the file)", k + 1),
    }
}

fn terrain(name: &Sp<String>, diags: &mut Diagnostics) -> Option<Terrain> {
    let t = Terrain::from_name(&name.value);
    if t.is_none() {
        diags.push(
            Diagnostic::error(format!("unknown terrain `{}`", name.value))
                .at(name.span.clone(), "not a terrain")
                .hint(
                    match (
                        resource_terrain(&name.value),
                        did_you_mean(&name.value, fields::TERRAINS.iter().copied()),
                    ) {
                        (Some(t), _) => format!(
                            "`{}` is a resource; the terrain that yields it is `{t}`",
                            name.value
                        ),
                        (None, Some(s)) => format!("did you mean `{s}`?"),
                        (None, None) => format!("terrains are: {}", fields::TERRAINS.join(", ")),
                    },
                ),
        );
    }
    t
}

/// The terrain that yields a resource named where a terrain belongs.
fn resource_terrain(name: &str) -> Option<Terrain> {
    crate::vocab::Resource::from_name(name).map(crate::vocab::Resource::terrain)
}

fn harbor_kind(name: &Sp<String>, diags: &mut Diagnostics) -> Option<HarborKind> {
    let k = HarborKind::from_name(&name.value);
    if k.is_none() {
        let hint = match did_you_mean(&name.value, fields::HARBOR_KINDS.iter().copied()) {
            Some(s) => format!("did you mean `{s}`?"),
            None => {
                "a harbor is `3:1` or the resource of a 2:1 harbor: lumber, wool, grain, brick, ore"
                    .into()
            }
        };
        diags.push(
            Diagnostic::error(format!("unknown harbor kind `{}`", name.value))
                .at(name.span.clone(), "not a harbor kind")
                .hint(hint),
        );
    }
    k
}

fn int_in(v: &Sp<i64>, lo: i64, hi: i64, what: &str, diags: &mut Diagnostics) -> Option<i64> {
    if v.value < lo || v.value > hi {
        diags.push(
            Diagnostic::error(format!("{what} must be between {lo} and {hi}, found {}", v.value))
                .at(v.span.clone(), "out of range")
                .hint(format!("write a whole number from {lo} to {hi}")),
        );
        return None;
    }
    Some(v.value)
}

/// The dice rolls of a `rolls` list: chip numbers, each once.
fn rolls(rs: &Sp<Vec<Sp<i64>>>, diags: &mut Diagnostics) -> Option<Vec<u8>> {
    let mut out: Vec<u8> = Vec::new();
    for r in &rs.value {
        let n = chip_number(r, diags)?;
        if out.contains(&n) {
            diags.push(
                Diagnostic::error(format!("roll {n} is listed twice"))
                    .at(r.span.clone(), "repeated")
                    .hint("list each roll once"),
            );
            return None;
        }
        out.push(n);
    }
    if out.is_empty() {
        diags.push(
            Diagnostic::error("`rolls` is empty")
                .at(rs.span.clone(), "no rolls")
                .hint("list the numbers the hex produces on, or remove `rolls`"),
        );
        return None;
    }
    Some(out)
}

fn chip_number(v: &Sp<i64>, diags: &mut Diagnostics) -> Option<u8> {
    if !crate::vocab::is_chip_number(v.value) {
        diags.push(
            Diagnostic::error(format!("`{}` is not a number chip", v.value))
                .at(v.span.clone(), "no such chip")
                .hint("number chips are 2 to 12, without 7"),
        );
        return None;
    }
    Some(v.value as u8)
}

fn players_list(v: &Sp<Vec<Sp<i64>>>, diags: &mut Diagnostics) -> Vec<u8> {
    let mut out = Vec::new();
    for p in &v.value {
        if let Some(n) = int_in(p, 1, 8, "a player count", diags) {
            if out.contains(&(n as u8)) {
                diags.push(
                    Diagnostic::error(format!("player count {n} is listed twice"))
                        .at(p.span.clone(), "repeated")
                        .hint("list each player count once"),
                );
            } else {
                out.push(n as u8);
            }
        }
    }
    if v.value.is_empty() {
        diags.push(
            Diagnostic::error("`players` is empty")
                .at(v.span.clone(), "no player counts")
                .hint("list the supported player counts, e.g. `players = [3, 4]`"),
        );
    }
    out.sort_unstable();
    out
}

/// `[scenario]`: id, title, player counts, victory points, variants and
/// credits; `None` when the id or title is missing.
fn meta(m: &RawMeta, diags: &mut Diagnostics) -> Option<Meta> {
    let id = m.id.as_ref()?;
    let id_ok = !id.value.is_empty()
        && id.value.len() <= 64
        && id.value.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !id.value.starts_with('-');
    if !id_ok {
        diags.push(
            Diagnostic::error(format!("scenario id `{}` is not a plain name", id.value))
                .at(id.span.clone(), "invalid id")
                .hint("use 1 to 64 lowercase letters, digits and dashes, e.g. `gold-for-catan`"),
        );
    }
    let title = m.title.as_ref()?;
    if title.value.trim().is_empty() {
        diags.push(
            Diagnostic::error("the title is empty")
                .at(title.span.clone(), "empty")
                .hint("give the scenario a title, e.g. `title = \"Seafarers of the north\"`"),
        );
    }
    let (players, default_players) = meta_players(m, diags);
    let vp = m.victory_points.as_ref().and_then(|v| int_in(v, 1, 99, "victory points", diags));
    let gold = m.starting_gold.as_ref().and_then(|v| int_in(v, 0, 99, "starting gold", diags));
    let variants = m.variants.iter().filter_map(|v| variant(v, diags)).collect();
    Some(Meta {
        id: id.value.clone(),
        title: title.value.clone(),
        description: m.description.as_ref().map(|d| d.value.clone()),
        sets: m.sets.iter().map(|s| s.value.clone()).collect(),
        players,
        default_players,
        victory_points: vp.map(|v| v as u32),
        starting_gold: gold.map(|v| v as u32),
        variants,
        source: m.source.as_ref().map(|s| s.value.clone()),
        designer: m.designer.as_ref().map(|s| s.value.clone()),
    })
}

/// The player counts `players` lists (required), and `default_players`
/// (one of them; the largest when not given).
fn meta_players(m: &RawMeta, diags: &mut Diagnostics) -> (Vec<u8>, u8) {
    let players = match &m.players {
        Some(p) => players_list(p, diags),
        None => {
            diags.push(
                Diagnostic::error("missing `players` in [scenario]")
                    .at(m.span.clone(), "`players` is required here")
                    .hint("list the supported player counts, e.g. `players = [3, 4]`"),
            );
            Vec::new()
        }
    };
    let default_players = match &m.default_players {
        Some(d) => {
            if !players.contains(&(d.value as u8)) || !(1..=8).contains(&d.value) {
                diags.push(
                    Diagnostic::error(format!(
                        "default player count {} is not one of `players`",
                        d.value
                    ))
                    .at(d.span.clone(), "not supported")
                    .hint(format!(
                        "set `default_players` to one of {players:?}, or add {} to `players`",
                        d.value
                    )),
                );
            }
            d.value.clamp(1, 8) as u8
        }
        None => players.last().copied().unwrap_or(4),
    };
    (players, default_players)
}

/// One `[[scenario.variants]]` entry; `None` without a name.
fn variant(v: &RawVariant, diags: &mut Diagnostics) -> Option<Variant> {
    Some(Variant {
        name: v.name.as_ref()?.value.clone(),
        victory_points: v
            .victory_points
            .as_ref()
            .and_then(|x| int_in(x, 1, 99, "victory points", diags))
            .map(|x| x as u32),
        starting_gold: v
            .starting_gold
            .as_ref()
            .and_then(|x| int_in(x, 0, 99, "starting gold", diags))
            .map(|x| x as u32),
        description: v.description.as_ref().map(|d| d.value.clone()),
    })
}

fn constraints(
    c: &RawConstraints,
    diags: &mut Diagnostics,
) -> (RulePreset, Overrides, BTreeMap<ConstraintId, Span>) {
    let (mut out, spans) = rule_values(&c.rules, diags);
    if let Some(list) = &c.no_chip {
        for name in &list.value {
            if let Some(t) = terrain(name, diags) {
                if !out.no_chip.contains(&t) {
                    out.no_chip.push(t);
                }
            }
        }
    }
    let preset = match &c.preset {
        None => RulePreset::Official,
        Some(p) => match RulePreset::from_name(&p.value) {
            Some(p) => p,
            None => {
                let names: Vec<&str> = RulePreset::ALL.iter().map(|p| p.name()).collect();
                diags.push(
                    Diagnostic::error(format!("unknown rule preset `{}`", p.value))
                        .at(p.span.clone(), "not a preset")
                        .hint(format!("use one of: {}", names.join(", "))),
                );
                RulePreset::Official
            }
        },
    };
    (preset, out, spans)
}

/// The rules a table sets (`[constraints]` or a region's), each checked
/// against its descriptor's range, with where the file sets it.
pub(super) fn rule_values(
    rules: &BTreeMap<ConstraintId, Sp<RawRuleValue>>,
    diags: &mut Diagnostics,
) -> (Overrides, BTreeMap<ConstraintId, Span>) {
    let mut out = Overrides::default();
    let mut spans = BTreeMap::new();
    for (id, v) in rules {
        let value = match (v.value, id.rule().setting) {
            (RawRuleValue::Switch(b), _) => Some(RuleValue::Switch(b)),
            (RawRuleValue::Limit(n), Setting::Limit { min, max }) => {
                let what = format!("`{}`", id.key());
                let n = Sp::new(n, v.span.clone());
                int_in(&n, min, max, &what, diags).map(|x| RuleValue::Limit(Some(x as u32)))
            }
            (RawRuleValue::Limit(_), _) => None,
        };
        if let Some(value) = value {
            out.set(*id, value);
        }
        spans.insert(*id, v.span.clone());
    }
    (out, spans)
}
