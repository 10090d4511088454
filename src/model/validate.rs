//! Checks a [`RawScenario`] and builds the [`Scenario`] model, reporting every
//! problem with its span and a hint.

use std::collections::{BTreeMap, BTreeSet};

use super::*;
use crate::diag::{Diagnostic, Diagnostics, Source, Span};
use crate::hex::{Direction, Hex};
use crate::scenario::fields;
use crate::scenario::grid::read_grid;
use crate::scenario::raw::*;
use crate::vocab::{did_you_mean, HarborKind, Terrain};

/// Validates a parsed scenario. Returns `None` when errors were found (they
/// are in `diags`); warnings alone still give a model.
pub fn validate(raw: &RawScenario, _source: &Source, diags: &mut Diagnostics) -> Option<Scenario> {
    let before = diags.error_count();
    let (preset, overrides, spans) = constraints(&raw.constraints, diags);
    let constraints = overrides.apply(preset);
    let meta = raw.meta.as_ref().and_then(|m| meta(m, diags));
    // The shared legend is checked once, not once per map.
    let mut top_legend: BTreeMap<String, Option<Code>> = BTreeMap::new();
    for (k, e) in &raw.legend {
        top_legend.insert(k.value.clone(), legend_entry(k, e, &constraints, diags));
    }
    let mut maps = Vec::new();
    for m in &raw.maps {
        if let Some(map) = map(m, &top_legend, &constraints, diags) {
            maps.push((m, map));
        }
    }
    if let Some(meta) = &meta {
        player_coverage(meta, raw, &maps, diags);
    }
    // Placement checks read the map as a whole, so they only run on a map
    // that is itself well formed (a region missing its pool would look like
    // a region without land and raise false alarms). Parse errors count too.
    if diags.error_count() == 0 {
        for (_, map) in &maps {
            super::static_checks::check(map, &constraints, &spans, diags);
        }
    }
    let game = super::game::validate_game(&raw.game, meta.as_ref(), &_source.text, diags);
    if diags.error_count() > before {
        return None;
    }
    Some(Scenario {
        source_name: _source.name.clone(),
        meta: meta?,
        maps: maps.into_iter().map(|(_, m)| m).collect(),
        constraints,
        preset,
        overrides,
        constraint_spans: spans,
        game,
    })
}

fn terrain(name: &Sp<String>, diags: &mut Diagnostics) -> Option<Terrain> {
    let t = Terrain::from_name(&name.value);
    if t.is_none() {
        diags.push(
            Diagnostic::error(format!("unknown terrain `{}`", name.value))
                .at(name.span.clone(), "not a terrain")
                .hint(match did_you_mean(&name.value, fields::TERRAINS.iter().copied()) {
                    Some(s) => format!("did you mean `{s}`?"),
                    None => format!("terrains are: {}", fields::TERRAINS.join(", ")),
                }),
        );
    }
    t
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
                .at(v.span.clone(), "out of range"),
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
                    .at(r.span.clone(), "repeated"),
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
    if !(2..=12).contains(&v.value) || v.value == 7 {
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
                        .at(p.span.clone(), "repeated"),
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
        diags.push(Diagnostic::error("the title is empty").at(title.span.clone(), "empty"));
    }
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
                    .at(d.span.clone(), "not supported"),
                );
            }
            d.value.clamp(1, 8) as u8
        }
        None => players.last().copied().unwrap_or(4),
    };
    let vp = m.victory_points.as_ref().and_then(|v| int_in(v, 1, 99, "victory points", diags));
    let gold = m.starting_gold.as_ref().and_then(|v| int_in(v, 0, 99, "starting gold", diags));
    let variants = m
        .variants
        .iter()
        .filter_map(|v| {
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
        })
        .collect();
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

fn constraints(
    c: &RawConstraints,
    diags: &mut Diagnostics,
) -> (RulePreset, Overrides, BTreeMap<ConstraintId, Span>) {
    let mut out = Overrides::default();
    let mut spans = BTreeMap::new();
    let mut flag = |v: &Option<Sp<bool>>, id: ConstraintId, slot: &mut Option<bool>| {
        if let Some(v) = v {
            *slot = Some(v.value);
            spans.insert(id, v.span.clone());
        }
    };
    flag(&c.no_adjacent_red, ConstraintId::NoAdjacentRed, &mut out.no_adjacent_red);
    flag(&c.no_equal_neighbours, ConstraintId::NoEqualNeighbours, &mut out.no_equal_neighbours);
    flag(&c.no_2_next_to_12, ConstraintId::No2Next12, &mut out.no_2_next_to_12);
    flag(&c.gold_no_red, ConstraintId::GoldNoRed, &mut out.gold_no_red);
    flag(&c.gold_not_adjacent, ConstraintId::GoldNotAdjacent, &mut out.gold_not_adjacent);
    flag(&c.harbors_apart, ConstraintId::HarborsApart, &mut out.harbors_apart);
    flag(
        &c.harbors_off_fishing_grounds,
        ConstraintId::HarborsOffFishing,
        &mut out.harbors_off_fishing_grounds,
    );
    if let Some(v) = &c.max_terrain_group {
        out.max_terrain_group = int_in(v, 1, 50, "`max_terrain_group`", diags).map(|x| x as u32);
        spans.insert(ConstraintId::MaxTerrainGroup, v.span.clone());
    }
    if let Some(v) = &c.max_corner_pips {
        out.max_corner_pips = int_in(v, 1, 15, "`max_corner_pips`", diags).map(|x| x as u32);
        spans.insert(ConstraintId::MaxCornerPips, v.span.clone());
    }
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

/// A resolved legend code.
#[derive(Clone, Debug)]
enum Code {
    Fixed {
        terrain: Terrain,
        number: Option<u8>,
        chip_region: Option<Sp<String>>,
        harbor: Option<HarborSpec>,
        label: Option<String>,
        rolls: Vec<u8>,
    },
    Slot {
        region: Sp<String>,
        label: Option<String>,
    },
}

fn legend_entry(
    key: &Sp<String>,
    e: &Sp<RawLegendEntry>,
    c: &Constraints,
    diags: &mut Diagnostics,
) -> Option<Code> {
    if key.value == "." || key.value.chars().any(char::is_whitespace) || key.value.is_empty() {
        diags.push(
            Diagnostic::error(format!("`{}` cannot be a legend code", key.value))
                .at(key.span.clone(), "reserved or contains spaces")
                .hint("`.` marks an empty spot; codes are short names without spaces"),
        );
        return None;
    }
    match &e.value {
        RawLegendEntry::Terrain(name) => {
            let t = terrain(name, diags)?;
            if t == Terrain::Harbor {
                diags.push(
                    Diagnostic::error("`harbor` is a pool tile, not a fixed terrain")
                        .at(name.span.clone(), "use a harbor entry")
                        .hint("write `{ harbor = \"random\" }` or `{ harbor = \"3:1\", facing = \"e\" }` for a harbor on a sea hex"),
                );
                return None;
            }
            if c.takes_chip(t) {
                diags.push(
                    Diagnostic::error(format!("fixed `{t}` hex `{}` has no number chip", key.value))
                        .at(name.span.clone(), "takes a chip")
                        .hint(format!(
                            "write `{{ terrain = \"{t}\", number = 5 }}` for a printed chip, or `{{ terrain = \"{t}\", region = \"...\" }}` to draw one from a region"
                        )),
                );
                return None;
            }
            Some(Code::Fixed {
                terrain: t,
                number: None,
                chip_region: None,
                harbor: None,
                label: None,
                rolls: Vec::new(),
            })
        }
        RawLegendEntry::Detailed(d) => {
            let label = d.label.as_ref().map(|l| l.value.clone());
            let rolls = match &d.rolls {
                Some(rs) => Some((rolls(rs, diags)?, rs.span.clone())),
                None => None,
            };
            let no_rolls_here = |diags: &mut Diagnostics| match &rolls {
                Some((_, sp)) => {
                    diags.push(
                        Diagnostic::error("`rolls` is only for fixed hexes without a number chip")
                            .at(sp.clone(), "not allowed here")
                            .hint("give `rolls` to a fixed hex such as `{ terrain = \"lake\", rolls = [2, 3, 11, 12] }`"),
                    );
                    true
                }
                None => false,
            };
            if let Some(h) = &d.harbor {
                let kind =
                    if h.value == "random" { Some(None) } else { harbor_kind(h, diags).map(Some) };
                let facing = match &d.facing {
                    Some(f) => match Direction::from_name(&f.value) {
                        Some(dir) => Some(dir),
                        None => {
                            diags.push(
                                Diagnostic::error(format!("unknown direction `{}`", f.value))
                                    .at(f.span.clone(), "not a direction")
                                    .hint("directions are e, ne, nw, w, sw, se (pointy-top hexes)"),
                            );
                            return None;
                        }
                    },
                    None => None,
                };
                let t = match &d.terrain {
                    Some(t) => terrain(t, diags)?,
                    None => Terrain::Sea,
                };
                if !t.is_water() || t == Terrain::Harbor {
                    diags.push(
                        Diagnostic::error(format!("a harbor cannot stand on `{t}`"))
                            .at(e.span.clone(), "harbor on land")
                            .hint("harbors lie on sea hexes; drop `terrain` or set it to `sea`"),
                    );
                    return None;
                }
                for (bad, sp) in [
                    ("region", d.region.as_ref().map(|x| x.span.clone())),
                    ("number", d.number.as_ref().map(|x| x.span.clone())),
                ] {
                    if let Some(sp) = sp {
                        diags.push(
                            Diagnostic::error(format!("a harbor hex cannot have a `{bad}`"))
                                .at(sp, "not allowed here")
                                .hint("harbor hexes are fixed sea hexes"),
                        );
                        return None;
                    }
                }
                if no_rolls_here(diags) {
                    return None;
                }
                return Some(Code::Fixed {
                    terrain: t,
                    number: None,
                    chip_region: None,
                    harbor: Some(HarborSpec { kind: kind?, facing }),
                    label,
                    rolls: Vec::new(),
                });
            }
            if let Some(f) = &d.facing {
                diags.push(
                    Diagnostic::error("`facing` is only for harbor hexes")
                        .at(f.span.clone(), "no harbor here")
                        .hint("add `harbor = \"random\"` or a harbor kind, or remove `facing`"),
                );
                return None;
            }
            match (&d.terrain, &d.region) {
                (None, None) => {
                    diags.push(
                        Diagnostic::error(format!("legend entry `{}` says neither `terrain` nor `region`", key.value))
                            .at(e.span.clone(), "what is this hex?")
                            .hint("give `terrain = \"...\"` for a fixed hex or `region = \"...\"` for a random one"),
                    );
                    None
                }
                (None, Some(r)) => {
                    if let Some(n) = &d.number {
                        diags.push(
                            Diagnostic::error("a random slot cannot have a fixed `number`")
                                .at(n.span.clone(), "chips of a region come from its pool")
                                .hint("add the chip to the region's `numbers`, or fix the terrain too"),
                        );
                        return None;
                    }
                    if no_rolls_here(diags) {
                        return None;
                    }
                    Some(Code::Slot { region: r.clone(), label })
                }
                (Some(tn), region) => {
                    let t = terrain(tn, diags)?;
                    let number = match &d.number {
                        Some(n) => Some(chip_number(n, diags)?),
                        None => None,
                    };
                    if t == Terrain::Harbor {
                        diags.push(
                            Diagnostic::error("`harbor` is a pool tile, not a fixed terrain")
                                .at(tn.span.clone(), "use `harbor = ...`")
                                .hint("write `{ harbor = \"random\" }` for a harbor on a sea hex"),
                        );
                        return None;
                    }
                    let takes = c.takes_chip(t);
                    if let (Some(_), Some(n)) = (number, &d.number) {
                        if !takes {
                            diags.push(
                                Diagnostic::error(format!("`{t}` hexes get no number chip here"))
                                    .at(n.span.clone(), "chip not allowed")
                                    .hint(if t == Terrain::Gold {
                                        "remove `number`, or remove `gold` from `[constraints] no_chip`"
                                    } else {
                                        "remove `number`"
                                    }),
                            );
                            return None;
                        }
                        if region.is_some() {
                            diags.push(
                                Diagnostic::error(
                                    "a hex cannot have both a fixed `number` and a chip `region`",
                                )
                                .at(n.span.clone(), "pick one"),
                            );
                            return None;
                        }
                    }
                    if takes && number.is_none() && region.is_none() {
                        diags.push(
                            Diagnostic::error(format!("fixed `{t}` hex `{}` has no number chip", key.value))
                                .at(e.span.clone(), "takes a chip")
                                .hint("add `number = N`, or `region = \"...\"` to draw its chip from a region"),
                        );
                        return None;
                    }
                    if !takes {
                        if let Some(r) = region {
                            diags.push(
                                Diagnostic::error(format!(
                                    "`{t}` hexes get no chip, so `region` means nothing here"
                                ))
                                .at(r.span.clone(), "no chip to draw")
                                .hint("remove `region`"),
                            );
                            return None;
                        }
                    }
                    if (takes || number.is_some()) && no_rolls_here(diags) {
                        return None;
                    }
                    Some(Code::Fixed {
                        terrain: t,
                        number,
                        chip_region: region.clone(),
                        harbor: None,
                        label,
                        rolls: rolls.map(|(r, _)| r).unwrap_or_default(),
                    })
                }
            }
        }
    }
}

fn map(
    m: &RawMap,
    top_legend: &BTreeMap<String, Option<Code>>,
    c: &Constraints,
    diags: &mut Diagnostics,
) -> Option<MapDef> {
    let before = diags.error_count();
    let players = m.players.as_ref().map(|p| players_list(p, diags)).unwrap_or_default();

    // Legend: the map's own entries override the top-level ones.
    let mut legend = top_legend.clone();
    for (k, e) in &m.legend {
        legend.insert(k.value.clone(), legend_entry(k, e, c, diags));
    }

    // Codes placed by the drawing, then the explicit cells.
    let mut placed: Vec<(Hex, String, Span)> = Vec::new();
    // Set when some hex could not be read: counts and coasts would then be
    // checked against a partial map and give misleading follow-up errors.
    let mut incomplete = false;
    if let Some(g) = &m.hexes {
        let errors = diags.error_count();
        for gc in read_grid(g, diags) {
            placed.push((gc.hex, gc.code, gc.span));
        }
        incomplete |= diags.error_count() > errors;
    }
    for cell in &m.cells {
        if let (Some(q), Some(r), Some(code)) = (&cell.q, &cell.r, &cell.code) {
            if let (Some(q), Some(r)) =
                (int_in(q, -100, 100, "`q`", diags), int_in(r, -100, 100, "`r`", diags))
            {
                placed.push((Hex::new(q as i32, r as i32), code.value.clone(), code.span.clone()));
            }
        }
    }
    if placed.len() > crate::limits::MAX_HEXES {
        let span = placed[crate::limits::MAX_HEXES].2.clone();
        diags.push(
            Diagnostic::error(format!(
                "the map has {} hexes, more than the limit of {} (`MAX_HEXES`)",
                placed.len(),
                crate::limits::MAX_HEXES
            ))
            .at(span, "this hex is over the limit")
            .hint("split the map, or make it smaller"),
        );
        return None;
    }
    let mut seen: BTreeMap<Hex, Span> = BTreeMap::new();
    let mut cells: Vec<Cell> = Vec::new();
    let mut region_order: Vec<String> = Vec::new();
    let mut slot_regions: Vec<(usize, Sp<String>, bool)> = Vec::new(); // (cell, region, is_slot)
    for (hex, code, span) in placed {
        if let Some(first) = seen.get(&hex) {
            diags.push(
                Diagnostic::error(format!("hex {hex} is given twice"))
                    .at(span.clone(), "second time")
                    .also(first.clone(), "first time")
                    .hint("each position holds one hex; remove one of them"),
            );
            continue;
        }
        seen.insert(hex, span.clone());
        let Some(entry) = legend.get(&code) else {
            incomplete = true;
            let known: Vec<&str> = legend.keys().map(String::as_str).collect();
            diags.push(
                Diagnostic::error(format!("code `{code}` is not in the legend"))
                    .at(span.clone(), "unknown code")
                    .hint(match did_you_mean(&code, known.iter().copied()) {
                        Some(s) if s != code => {
                            format!("did you mean `{s}`? or add `{code} = ...` to `[legend]`")
                        }
                        _ => format!("add `\"{code}\" = \"sea\"` (or another entry) to `[legend]`"),
                    }),
            );
            continue;
        };
        let Some(entry) = entry.clone() else {
            incomplete = true;
            continue; // already reported
        };
        let idx = cells.len();
        let (content, harbor, label, rolls) = match entry {
            Code::Fixed { terrain, number, chip_region, harbor, label, rolls } => {
                if let Some(r) = chip_region {
                    if !region_order.contains(&r.value) {
                        region_order.push(r.value.clone());
                    }
                    slot_regions.push((idx, Sp::new(r.value.clone(), span.clone()), false));
                }
                (CellContent::Fixed { terrain, number, chip_region: None }, harbor, label, rolls)
            }
            Code::Slot { region, label } => {
                if !region_order.contains(&region.value) {
                    region_order.push(region.value.clone());
                }
                slot_regions.push((idx, Sp::new(region.value.clone(), span.clone()), true));
                (CellContent::Slot { region: usize::MAX }, None, label, Vec::new())
            }
        };
        cells.push(Cell { hex, content, harbor, label, rolls, span });
    }

    // Regions, ordered by first use in the drawing; defined-but-unused is an error.
    let defined: BTreeMap<&str, (&Sp<String>, &RawRegion)> =
        m.regions.iter().map(|(k, r)| (k.value.as_str(), (k, r))).collect();
    for (k, r) in &m.regions {
        if !region_order.contains(&k.value) && incomplete {
            // Its hexes may be the unreadable ones: check only its values.
            for (name, _) in r.tiles.iter().flat_map(|ts| &ts.value) {
                let _ = terrain(name, diags);
            }
            check_pool_values(r, diags);
        } else if !region_order.contains(&k.value) {
            diags.push(
                Diagnostic::error(format!("region `{}` has no hexes on the map", k.value))
                    .at(k.span.clone(), "unused region")
                    .hint(format!("add a legend code with `region = \"{}\"` to the drawing, or remove the region", k.value)),
            );
        }
    }
    let mut regions: Vec<Region> = Vec::new();
    let mut region_index: BTreeMap<String, usize> = BTreeMap::new();
    for name in &region_order {
        let Some((key, rr)) = defined.get(name.as_str()) else {
            // Report at the first hex using it.
            if let Some((_, sp, _)) = slot_regions.iter().find(|(_, r, _)| &r.value == name) {
                let names: Vec<&str> = defined.keys().copied().collect();
                diags.push(
                    Diagnostic::error(format!("region `{name}` is not defined for this map"))
                        .at(sp.span.clone(), "used here")
                        .hint(match did_you_mean(name, names.iter().copied()) {
                            Some(s) => format!(
                                "did you mean `{s}`? regions of this map: {}",
                                names.join(", ")
                            ),
                            None => format!(
                                "add a `[map.regions.{name}]` table with its `tiles` and `numbers`"
                            ),
                        }),
                );
            }
            continue;
        };
        region_index.insert(name.clone(), regions.len());
        regions.push(Region {
            key: key.value.clone(),
            name: rr.name.as_ref().map_or_else(|| key.value.clone(), |n| n.value.clone()),
            face_down: rr.face_down.as_ref().is_some_and(|f| f.value),
            tiles: Vec::new(),
            numbers: Vec::new(),
            harbors: Vec::new(),
            slots: Vec::new(),
            chip_cells: Vec::new(),
        });
    }
    for (cell, region, is_slot) in &slot_regions {
        if let Some(ri) = region_index.get(&region.value) {
            if *is_slot {
                cells[*cell].content = CellContent::Slot { region: *ri };
                regions[*ri].slots.push(*cell);
            } else {
                if let CellContent::Fixed { chip_region, .. } = &mut cells[*cell].content {
                    *chip_region = Some(*ri);
                }
                regions[*ri].chip_cells.push(*cell);
            }
        }
    }
    for region in &mut regions {
        let (key, rr) = defined[region.key.as_str()];
        pools(key, rr, region, incomplete, c, diags);
    }

    // Harbor pool vs random harbor hexes.
    let random_harbors: Vec<usize> = cells
        .iter()
        .enumerate()
        .filter(|(_, c)| matches!(c.harbor, Some(HarborSpec { kind: None, .. })))
        .map(|(i, _)| i)
        .collect();
    let mut harbor_pool = Vec::new();
    match m.harbors.as_ref().and_then(|h| h.pool.as_ref()) {
        Some(pool) => {
            for k in &pool.value {
                if let Some(k) = harbor_kind(k, diags) {
                    harbor_pool.push(k);
                }
            }
            if pool.value.len() != random_harbors.len() && !incomplete {
                let mut d = Diagnostic::error(format!(
                    "the harbor pool has {} harbors for {} random harbor hexes",
                    pool.value.len(),
                    random_harbors.len()
                ))
                .at(pool.span.clone(), format!("{} harbors", pool.value.len()));
                if let Some(first) = random_harbors.first() {
                    d = d.also(cells[*first].span.clone(), "first random harbor hex");
                }
                diags.push(d.hint("give one pool entry per `harbor = \"random\"` hex on the map"));
            }
        }
        None if !random_harbors.is_empty() => {
            diags.push(
                Diagnostic::error(format!(
                    "{} hexes ask for a random harbor, but the map has no harbor pool",
                    random_harbors.len()
                ))
                .at(cells[random_harbors[0]].span.clone(), "random harbor")
                .hint("add `[map.harbors]` with `pool = [\"3:1\", \"wool\", ...]`"),
            );
        }
        None => {}
    }

    let board = Board::new(cells.iter().map(|c| c.hex).collect());

    // Harbors must touch land: a fixed facing must point at a hex that is or may be land.
    let may_be_land = |i: usize, cells: &[Cell], regions: &[Region]| match cells[i].content {
        CellContent::Fixed { terrain, .. } => terrain.is_land(),
        CellContent::Slot { region } => {
            // A region whose pool could not be read may hold land.
            regions
                .get(region)
                .is_none_or(|r| r.tiles.is_empty() || r.tiles.iter().any(|(t, _)| t.is_land()))
        }
    };
    for (i, cell) in cells.iter().enumerate().filter(|_| !incomplete) {
        let Some(h) = cell.harbor else { continue };
        match h.facing {
            Some(dir) => {
                let n = board.neighbors[i][dir.index()];
                let ok = n != board::NONE && may_be_land(n as usize, &cells, &regions);
                if !ok {
                    let lands: Vec<&str> = Direction::ALL
                        .into_iter()
                        .filter(|d| {
                            let n = board.neighbors[i][d.index()];
                            n != board::NONE && may_be_land(n as usize, &cells, &regions)
                        })
                        .map(Direction::name)
                        .collect();
                    diags.push(
                        Diagnostic::error(format!(
                            "the harbor at {} faces `{}`, where there is no land",
                            cell.hex,
                            dir.name()
                        ))
                        .at(cell.span.clone(), "harbor not on a coast")
                        .hint(if lands.is_empty() {
                            "move the harbor next to the island".to_string()
                        } else {
                            format!("land lies to the {}", lands.join(", "))
                        }),
                    );
                }
            }
            None => {
                if !board.neighbors_of(i).any(|n| may_be_land(n, &cells, &regions)) {
                    diags.push(
                        Diagnostic::error(format!(
                            "the harbor at {} has no land next to it",
                            cell.hex
                        ))
                        .at(cell.span.clone(), "harbor not on a coast")
                        .hint("harbors must touch the island; move it next to a land hex"),
                    );
                }
            }
        }
    }

    if diags.error_count() > before {
        return None;
    }
    Some(MapDef { players, cells, regions, harbor_pool, board })
}

fn pools(
    key: &Sp<String>,
    rr: &RawRegion,
    region: &mut Region,
    incomplete: bool,
    c: &Constraints,
    diags: &mut Diagnostics,
) {
    let Some(tiles) = &rr.tiles else {
        check_pool_values(rr, diags);
        return;
    };
    let mut seen = BTreeSet::new();
    let mut total: i64 = 0;
    let mut ok = true;
    for (name, count) in &tiles.value {
        let Some(t) = terrain(name, diags) else {
            ok = false;
            continue;
        };
        if !seen.insert(t) {
            diags.push(
                Diagnostic::error(format!("`{t}` is counted twice in region `{}`", key.value))
                    .at(name.span.clone(), "repeated"),
            );
            ok = false;
        }
        let Some(n) = int_in(count, 0, crate::limits::MAX_HEXES as i64, "a tile count", diags)
        else {
            ok = false;
            continue;
        };
        total += n;
        if n > 0 {
            region.tiles.push((t, n as u32));
        }
    }
    if !ok {
        check_pool_values(rr, diags);
        return;
    }
    let slots = region.slots.len() as i64;
    if total != slots && !incomplete {
        let more = total > slots;
        diags.push(
            Diagnostic::error(format!(
                "region `{}` has {total} tiles for {slots} hexes",
                key.value
            ))
            .at(tiles.span.clone(), format!("{total} tiles"))
            .also(key.span.clone(), format!("{slots} hexes on the map"))
            .hint(if more {
                format!(
                    "remove {} tile(s) from the pool, or draw more `{}` hexes on the map",
                    total - slots,
                    key.value
                )
            } else {
                format!(
                    "add {} tile(s) to the pool, or draw fewer `{}` hexes",
                    slots - total,
                    key.value
                )
            }),
        );
    }

    // Harbor tiles in the pool need their kinds.
    let harbor_tiles =
        region.tiles.iter().find(|(t, _)| *t == Terrain::Harbor).map_or(0, |(_, n)| *n) as usize;
    if let Some(hs) = &rr.harbors {
        for k in &hs.value {
            if let Some(k) = harbor_kind(k, diags) {
                region.harbors.push(k);
            }
        }
    }
    let given = rr.harbors.as_ref().map_or(0, |h| h.value.len());
    if given != harbor_tiles {
        let sp = rr.harbors.as_ref().map_or(tiles.span.clone(), |h| h.span.clone());
        diags.push(
            Diagnostic::error(format!(
                "region `{}` has {harbor_tiles} harbor tile(s) but {given} harbor kind(s)",
                key.value
            ))
            .at(sp, "must match `harbor` in `tiles`")
            .hint(
                "list one kind per harbor tile in `harbors`, e.g. `harbors = [\"3:1\", \"ore\"]`",
            ),
        );
    }

    // Number chips: one per chip-taking hex of the region.
    let chip_tiles: u32 =
        region.tiles.iter().filter(|(t, _)| c.takes_chip(*t)).map(|(_, n)| *n).sum();
    let fixed_chips = region.chip_cells.len() as u32;
    let want = chip_tiles + fixed_chips;
    let mut numbers = Vec::new();
    if let Some(ns) = &rr.numbers {
        for n in &ns.value {
            if let Some(n) = chip_number(n, diags) {
                numbers.push(n);
            }
        }
    }
    let have = rr.numbers.as_ref().map_or(0, |n| n.value.len()) as u32;
    if have != want {
        let sp = rr.numbers.as_ref().map_or(tiles.span.clone(), |n| n.span.clone());
        let gold = region.tiles.iter().find(|(t, _)| *t == Terrain::Gold).map_or(0, |(_, n)| *n);
        let mut d = Diagnostic::error(format!(
            "region `{}` has {have} number chips for {want} chip-taking hexes",
            key.value
        ))
        .at(sp, format!("{have} chips"));
        d = d.also(tiles.span.clone(), format!("{chip_tiles} tiles take a chip"));
        if gold > 0 && c.takes_chip(Terrain::Gold) && have + gold == want {
            d = d.hint("the count matches if gold gets no chip: add `no_chip = [\"gold\"]` to `[constraints]`");
        } else if have > want {
            d = d.hint(format!("remove {} chip(s), or add chip-taking tiles", have - want));
        } else {
            d = d.hint(format!(
                "add {} chip(s), or replace tiles with ones that take no chip (desert, sea)",
                want - have
            ));
        }
        diags.push(d);
    }
    region.numbers = numbers;
}

/// Reports bad chips and harbor kinds of a region whose tiles could not be
/// read: those mistakes are independent of the tiles and must not hide.
fn check_pool_values(rr: &RawRegion, diags: &mut Diagnostics) {
    for n in rr.numbers.iter().flat_map(|ns| &ns.value) {
        let _ = chip_number(n, diags);
    }
    for k in rr.harbors.iter().flat_map(|hs| &hs.value) {
        let _ = harbor_kind(k, diags);
    }
}

fn player_coverage(
    meta: &Meta,
    raw: &RawScenario,
    maps: &[(&RawMap, MapDef)],
    diags: &mut Diagnostics,
) {
    let mut owner: BTreeMap<u8, Span> = BTreeMap::new();
    for m in &raw.maps {
        let Some(ps) = &m.players else { continue };
        for p in &ps.value {
            let n = p.value.clamp(0, 255) as u8;
            if let Some(first) = owner.get(&n) {
                diags.push(
                    Diagnostic::error(format!("two maps are for {n} players"))
                        .at(p.span.clone(), "second map")
                        .also(first.clone(), "first map")
                        .hint("each player count has exactly one map"),
                );
            } else {
                owner.insert(n, p.span.clone());
            }
            if !meta.players.contains(&n) {
                diags.push(
                    Diagnostic::error(format!(
                        "this map is for {n} players, which the scenario does not list"
                    ))
                    .at(p.span.clone(), "not in `[scenario] players`")
                    .hint(format!("add {n} to `players` in [scenario], or remove it here")),
                );
            }
        }
    }
    let _ = maps;
    for p in &meta.players {
        if !owner.contains_key(p) {
            diags.push(
                Diagnostic::error(format!("no map for {p} players"))
                    .at(
                        raw.meta
                            .as_ref()
                            .and_then(|m| m.players.as_ref())
                            .map_or(0..0, |x| x.span.clone()),
                        "listed here",
                    )
                    .hint(format!(
                        "add a `[[map]]` with `players = [{p}]`, or remove {p} from `players`"
                    )),
            );
        }
    }
}
