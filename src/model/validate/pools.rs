//! Region pools (tiles, chips, harbors) and which player counts the maps cover.

use super::*;

/// Reads a region's pools into `region`: its tiles (checked against its
/// hexes unless the map is `incomplete`), harbor kinds and number chips.
pub(super) fn pools(
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
    let (total, read) = pool_tiles(key, tiles, region, diags);
    let slots = region.slots.len() as i64;
    // A tile of an unknown terrain still counts: the total can be checked.
    if let Some(total) = total.filter(|t| *t != slots && !incomplete) {
        diags.push(tile_count_error(key, tiles, total, slots));
    }
    if incomplete {
        diags.skip(format!(
            "the tiles of region `{}` were not counted against its hexes because some hexes of the map could not be read",
            key.value
        ));
    }
    if !read {
        diags.skip(format!(
            "the number chips and harbor kinds of region `{}` were not checked against its tiles because its `tiles` has problems",
            key.value
        ));
        check_pool_values(rr, diags);
        return;
    }
    pool_harbors(key, rr, &tiles.span, region, diags);
    pool_numbers(key, rr, &tiles.span, region, c, diags);
}

/// Reads `tiles` into `region.tiles`. Gives their total (`None` when a
/// count cannot be read; a tile of an unknown terrain still counts) and
/// whether every entry was read (bad ones are reported).
fn pool_tiles(
    key: &Sp<String>,
    tiles: &Sp<TileCounts>,
    region: &mut Region,
    diags: &mut Diagnostics,
) -> (Option<i64>, bool) {
    let mut seen = BTreeSet::new();
    let mut total = Some(0i64);
    let mut ok = true;
    for (name, count) in &tiles.value {
        let t = terrain(name, diags);
        if let Some(t) = t.filter(|t| !seen.insert(*t)) {
            diags.push(
                Diagnostic::error(format!("`{t}` is counted twice in region `{}`", key.value))
                    .at(name.span.clone(), "repeated")
                    .hint("count each terrain once, with the whole number of tiles"),
            );
            ok = false;
        }
        let Some(n) = int_in(count, 0, crate::limits::MAX_HEXES as i64, "a tile count", diags)
        else {
            ok = false;
            total = None;
            continue;
        };
        total = total.map(|s| s + n);
        match t {
            Some(t) if n > 0 => region.tiles.push((t, n as u32)),
            Some(_) => {}
            None => ok = false,
        }
    }
    (total, ok)
}

/// The error for a region with `total` tiles for its `slots` hexes.
fn tile_count_error(
    key: &Sp<String>,
    tiles: &Sp<TileCounts>,
    total: i64,
    slots: i64,
) -> Diagnostic {
    let more = total > slots;
    Diagnostic::error(format!("region `{}` has {total} tiles for {slots} hexes", key.value))
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
        })
}

/// Reads the kinds of the region's harbor tiles into `region.harbors`: one
/// per `harbor` tile in the pool.
fn pool_harbors(
    key: &Sp<String>,
    rr: &RawRegion,
    tiles_span: &Span,
    region: &mut Region,
    diags: &mut Diagnostics,
) {
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
        let sp = rr.harbors.as_ref().map_or(tiles_span.clone(), |h| h.span.clone());
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
}

/// Reads the region's number chips into `region.numbers`: one per
/// chip-taking hex of the region (its chip-taking tiles and the fixed hexes
/// drawing their chip from it).
fn pool_numbers(
    key: &Sp<String>,
    rr: &RawRegion,
    tiles_span: &Span,
    region: &mut Region,
    c: &Constraints,
    diags: &mut Diagnostics,
) {
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
        let sp = rr.numbers.as_ref().map_or(tiles_span.clone(), |n| n.span.clone());
        let gold = region.tiles.iter().find(|(t, _)| *t == Terrain::Gold).map_or(0, |(_, n)| *n);
        let mut d = Diagnostic::error(format!(
            "region `{}` has {have} number chips for {want} chip-taking hexes",
            key.value
        ))
        .at(sp, format!("{have} chips"));
        d = d.also(tiles_span.clone(), format!("{chip_tiles} tiles take a chip"));
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
pub(super) fn check_pool_values(rr: &RawRegion, diags: &mut Diagnostics) {
    for n in rr.numbers.iter().flat_map(|ns| &ns.value) {
        let _ = chip_number(n, diags);
    }
    for k in rr.harbors.iter().flat_map(|hs| &hs.value) {
        let _ = harbor_kind(k, diags);
    }
}

pub(super) fn player_coverage(
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
