//! One `[[maps]]` entry: its grid, regions, harbor pool and board.

use super::*;

/// A hex as the drawing or a `[[map.cells]]` entry placed it: position,
/// legend code, and where it was written.
type Placed = (Hex, String, Span);

/// A cell's link to a region, resolved once the regions are known:
/// (cell index, region name, whether the cell is a slot of the region
/// rather than a fixed hex taking its chip from it).
type RegionUse = (usize, Sp<String>, bool);

/// The cells built from the placed hexes, before their regions are resolved.
struct Drawn {
    cells: Vec<Cell>,
    /// The legend code of each cell.
    codes: Vec<String>,
    /// Region names in order of first use in the drawing.
    region_order: Vec<String>,
    region_uses: Vec<RegionUse>,
}

pub(super) fn map(
    m: &RawMap,
    top_legend: &BTreeMap<String, Option<Code>>,
    features: &[(Sp<String>, crate::scenario::raw::RawSideFeature)],
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

    // Set when some hex could not be read: counts and coasts would then be
    // checked against a partial map and give misleading follow-up errors.
    let (placed, mut incomplete) = placed_hexes(m, diags)?;
    let drawn = drawn_cells(placed, &legend, &mut incomplete, diags);
    check_unused_regions(m, &drawn.region_order, incomplete, diags);
    let Drawn { mut cells, codes, region_order, region_uses } = drawn;
    let regions = regions(m, &region_order, &region_uses, &mut cells, incomplete, c, diags);
    let harbor_pool = harbor_pool(m, &cells, incomplete, diags);

    let board = Board::new(cells.iter().map(|c| c.hex).collect());
    if !incomplete {
        let facing_at = |i: usize| match legend.get(&codes[i]) {
            Some(Some(Code::Fixed { facing_span, .. })) => facing_span.clone(),
            _ => None,
        };
        check_harbor_coasts(&cells, &regions, &board, &facing_at, diags);
    } else if cells.iter().any(|c| c.harbor.is_some()) {
        diags.skip(
            "the harbors were not checked for land beside them because some hexes of the map could not be read",
        );
    }

    let start = m.start.as_ref().and_then(|raw| {
        let may_land = |i: usize| may_be_land(i, &cells, &regions);
        let ctx = super::start::Context {
            cells: &cells,
            codes: &codes,
            regions: &regions,
            legend: &legend,
            board: &board,
            players: &players,
            may_be_land: &may_land,
        };
        super::start::start_area(raw, &ctx, incomplete, diags)
    });

    let sides = super::sides::map_sides(m, features, &cells, diags);
    if diags.error_count() > before {
        return None;
    }
    Some(MapDef { players, cells, regions, harbor_pool, board, start, sides })
}

/// The hexes the drawing and the explicit cells place, in that order, and
/// whether some hex of the drawing could not be read. `None` (with the error
/// reported) when the map is over the size limits.
fn placed_hexes(m: &RawMap, diags: &mut Diagnostics) -> Option<(Vec<Placed>, bool)> {
    let mut placed: Vec<Placed> = Vec::new();
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
    if let Some(d) = span_error(&placed) {
        diags.push(d);
        return None;
    }
    Some((placed, incomplete))
}

/// One cell per placed hex, its content read from the legend. A hex given
/// twice or whose code is not in the legend is reported and left out (an
/// unknown or unreadable code also marks the map `incomplete`).
fn drawn_cells(
    placed: Vec<Placed>,
    legend: &BTreeMap<String, Option<Code>>,
    incomplete: &mut bool,
    diags: &mut Diagnostics,
) -> Drawn {
    let mut seen: BTreeMap<Hex, Span> = BTreeMap::new();
    let mut drawn = Drawn {
        cells: Vec::new(),
        codes: Vec::new(),
        region_order: Vec::new(),
        region_uses: Vec::new(),
    };
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
            *incomplete = true;
            diags.push(unknown_code(&code, legend, span));
            continue;
        };
        let Some(entry) = entry.clone() else {
            *incomplete = true;
            continue; // already reported
        };
        let idx = drawn.cells.len();
        let mut use_region = |name: &Sp<String>, is_slot: bool| {
            if !drawn.region_order.contains(&name.value) {
                drawn.region_order.push(name.value.clone());
            }
            drawn.region_uses.push((idx, Sp::new(name.value.clone(), span.clone()), is_slot));
        };
        let (content, harbor, label, rolls, castaway) = match entry {
            Code::Fixed {
                terrain, number, chip_region, harbor, label, rolls, castaway, ..
            } => {
                if let Some(r) = chip_region {
                    use_region(&r, false);
                }
                let content = CellContent::Fixed { terrain, number, chip_region: None };
                (content, harbor, label, rolls, castaway)
            }
            Code::Slot { region, label } => {
                use_region(&region, true);
                (CellContent::Slot { region: usize::MAX }, None, label, Vec::new(), None)
            }
        };
        drawn.cells.push(Cell { hex, content, harbor, label, rolls, castaway, span });
        drawn.codes.push(code);
    }
    drawn
}

/// The error for a hex whose code is not in the legend.
fn unknown_code(code: &str, legend: &BTreeMap<String, Option<Code>>, span: Span) -> Diagnostic {
    let known: Vec<&str> = legend.keys().map(String::as_str).collect();
    Diagnostic::error(format!("code `{code}` is not in the legend")).at(span, "unknown code").hint(
        match did_you_mean(code, known.iter().copied()) {
            Some(s) if s != code => {
                format!("did you mean `{s}`? or add `{code} = ...` to `[legend]`")
            }
            _ => format!("add `\"{code}\" = \"sea\"` (or another entry) to `[legend]`"),
        },
    )
}

/// Reports the regions no hex uses. On an `incomplete` map their hexes may be
/// the unreadable ones, so only their values are checked.
fn check_unused_regions(
    m: &RawMap,
    region_order: &[String],
    incomplete: bool,
    diags: &mut Diagnostics,
) {
    for (k, r) in &m.regions {
        if !region_order.contains(&k.value) && incomplete {
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
}

/// The map's regions, ordered by first use in the drawing, with their pools
/// checked; links each cell to its region. A region used but not defined is
/// reported at the first hex using it.
fn regions(
    m: &RawMap,
    region_order: &[String],
    region_uses: &[RegionUse],
    cells: &mut [Cell],
    incomplete: bool,
    c: &Constraints,
    diags: &mut Diagnostics,
) -> Vec<Region> {
    let defined: BTreeMap<&str, (&Sp<String>, &RawRegion)> =
        m.regions.iter().map(|(k, r)| (k.value.as_str(), (k, r))).collect();
    let mut regions: Vec<Region> = Vec::new();
    let mut region_index: BTreeMap<String, usize> = BTreeMap::new();
    for name in region_order {
        let Some((key, rr)) = defined.get(name.as_str()) else {
            if let Some((_, sp, _)) = region_uses.iter().find(|(_, r, _)| &r.value == name) {
                diags.push(undefined_region(name, &defined, sp));
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
            rules: region_rules(key, rr, diags),
        });
    }
    for (cell, region, is_slot) in region_uses {
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
    regions
}

/// The error for a region a hex uses that the map does not define.
fn undefined_region(
    name: &str,
    defined: &BTreeMap<&str, (&Sp<String>, &RawRegion)>,
    used: &Sp<String>,
) -> Diagnostic {
    let names: Vec<&str> = defined.keys().copied().collect();
    Diagnostic::error(format!("region `{name}` is not defined for this map"))
        .at(used.span.clone(), "used here")
        .hint(match did_you_mean(name, names.iter().copied()) {
            Some(s) => format!("did you mean `{s}`? regions of this map: {}", names.join(", ")),
            None => format!("add a `[map.regions.{name}]` table with its `tiles` and `numbers`"),
        })
}

/// The harbor kinds of `[map.harbors] pool`, checked against the number of
/// random harbor hexes.
fn harbor_pool(
    m: &RawMap,
    cells: &[Cell],
    incomplete: bool,
    diags: &mut Diagnostics,
) -> Vec<HarborKind> {
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
    harbor_pool
}

/// Whether cell `i` is or may be land: a fixed land hex, or a slot of a
/// region whose pool holds land (or could not be read).
fn may_be_land(i: usize, cells: &[Cell], regions: &[Region]) -> bool {
    match cells[i].content {
        CellContent::Fixed { terrain, .. } => terrain.is_land(),
        CellContent::Slot { region } => regions
            .get(region)
            .is_none_or(|r| r.tiles.is_empty() || r.tiles.iter().any(|(t, _)| t.is_land())),
    }
}

/// Harbors must touch land: a fixed facing must point at a hex that is or
/// may be land, and a harbor without a facing needs some land beside it. A
/// facing that points at no land is reported at its `facing` key (where the
/// fix goes), with the hex in the drawing beside it.
fn check_harbor_coasts(
    cells: &[Cell],
    regions: &[Region],
    board: &Board,
    facing_at: &dyn Fn(usize) -> Option<Span>,
    diags: &mut Diagnostics,
) {
    let land_at = |i: usize, d: Direction| {
        let n = board.neighbors[i][d.index()];
        n != board::NONE && may_be_land(n as usize, cells, regions)
    };
    for (i, cell) in cells.iter().enumerate() {
        let Some(h) = cell.harbor else { continue };
        match h.facing {
            Some(dir) if !land_at(i, dir) => {
                let lands: Vec<&str> = Direction::ALL
                    .into_iter()
                    .filter(|d| land_at(i, *d))
                    .map(Direction::name)
                    .collect();
                let hint = match lands.as_slice() {
                    [] => "no side of this hex touches land: move the harbor next to the island"
                        .to_string(),
                    [one] => format!("land lies to the {one} only: write `facing = \"{one}\"`"),
                    more => format!(
                        "land lies to the {}: set `facing` to one of them, or remove it to let each board turn the harbor toward land",
                        more.join(", ")
                    ),
                };
                let what = format!("no land to the {}", dir.name());
                let d = Diagnostic::error(format!(
                    "the harbor at {} faces `{}`, where there is no land",
                    cell.hex,
                    dir.name()
                ));
                let d = match facing_at(i) {
                    Some(f) => d.at(f, what).also(cell.span.clone(), "the harbor"),
                    None => d.at(cell.span.clone(), what),
                };
                diags.push(d.hint(hint));
            }
            Some(_) => {}
            None => {
                if !board.neighbors_of(i).any(|n| may_be_land(n, cells, regions)) {
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
}

/// An error if the hexes spread wider or taller than `MAX_MAP_SPAN`, at the
/// hex farthest out. Drawings, sheets and previews grow with the span, not
/// with the number of hexes, so a few far-apart islands are bounded here.
fn span_error(placed: &[(Hex, String, Span)]) -> Option<Diagnostic> {
    use crate::limits::MAX_MAP_SPAN;
    let (across, down) = crate::axial::extent(placed.iter().map(|p| p.0));
    type Coord = fn(&Hex) -> i64;
    let axes: [(&str, Coord, i64); 2] =
        [("wide", |h| h.half_columns(), across), ("tall", |h| i64::from(h.r), down)];
    for (what, coord, n) in axes {
        let lo = placed.iter().min_by_key(|p| coord(&p.0))?;
        let hi = placed.iter().max_by_key(|p| coord(&p.0))?;
        if n > MAX_MAP_SPAN {
            return Some(
                Diagnostic::error(format!(
                    "the map is {n} hexes {what}, more than the limit of {MAX_MAP_SPAN} (`MAX_MAP_SPAN`)"
                ))
                .at(hi.2.clone(), "this hex is farthest out")
                .also(lo.2.clone(), "from this one")
                .hint("bring far-away islands closer"),
            );
        }
    }
    None
}

/// The rules a region sets for its own hexes, checked against their
/// descriptors' ranges. A face-down region's chips are stacked beside the
/// board, so it may set no rule about chips.
fn region_rules(key: &Sp<String>, rr: &RawRegion, diags: &mut Diagnostics) -> Overrides {
    let (rules, spans) = super::rule_values(&rr.rules, diags);
    if rr.face_down.as_ref().is_some_and(|f| f.value) {
        for (id, sp) in &spans {
            if id.rule().stage == crate::model::RuleStage::Numbers {
                diags.push(
                    Diagnostic::error(format!(
                        "region `{}` is dealt face down: `{}` cannot be set for it",
                        key.value,
                        id.key()
                    ))
                    .at(sp.clone(), "a rule about chips")
                    .hint("a face-down region's chips are stacked beside the board and placed in play; set chip rules for face-up regions only"),
                );
            }
        }
    }
    rules
}
