//! Random scenario files for the stress run: an island (or two, or a
//! snake) of up to 40 land hexes in a ring of sea, split into one to three
//! regions, with fixed hexes (a desert, a printed chip, a hex drawing its
//! chip from a region, a sea hex inside the land), random and fixed
//! harbors, sea, desert, gold and harbor tiles in the pools, tight chip
//! pools (many reds, many fives and nines) and random rules on top of
//! either preset. Written as TOML text, as a user would write it.

use std::collections::{BTreeMap, BTreeSet};

use crate::sampling::Rand;

/// Axial steps in the order the format names them: e, ne, nw, w, sw, se.
const DIRS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];
const DIR_NAMES: [&str; 6] = ["e", "ne", "nw", "w", "sw", "se"];
const RESOURCES: [&str; 5] = ["forest", "pasture", "fields", "hills", "mountains"];
const HARBOR_KINDS: [&str; 7] = ["3:1", "3:1", "lumber", "wool", "grain", "brick", "ore"];

/// One generated scenario.
pub struct Generated {
    /// The scenario file's text.
    pub text: String,
    /// `official` or `strict`, for `--rules`.
    pub preset: &'static str,
    /// Land hexes (slots and fixed land).
    pub land: usize,
    /// A short description for the report.
    pub label: String,
}

type Pos = (i32, i32);

fn add(a: Pos, d: usize) -> Pos {
    (a.0 + DIRS[d].0, a.1 + DIRS[d].1)
}

/// A connected blob of `n` hexes grown from `start`; a snake grows from its
/// last few hexes only.
fn grow(rng: &mut Rand, n: usize, start: Pos, snake: bool, avoid: &BTreeSet<Pos>) -> Vec<Pos> {
    let mut out = vec![start];
    let mut set: BTreeSet<Pos> = out.iter().copied().collect();
    let mut tries = 0;
    while out.len() < n && tries < 10_000 {
        tries += 1;
        let from = if snake {
            out[out.len() - 1 - rng.below(out.len().min(3))]
        } else {
            out[rng.below(out.len())]
        };
        let p = add(from, rng.below(6));
        let near_avoid = (0..6).any(|d| avoid.contains(&add(p, d))) || avoid.contains(&p);
        if !set.contains(&p) && !near_avoid {
            set.insert(p);
            out.push(p);
        }
    }
    out
}

/// The land hexes of a random shape with `n` of them.
fn shape(rng: &mut Rand, n: usize) -> (Vec<Pos>, &'static str) {
    match rng.below(5) {
        0 | 1 => (grow(rng, n, (0, 0), false, &BTreeSet::new()), "blob"),
        2 => (grow(rng, n, (0, 0), true, &BTreeSet::new()), "snake"),
        3 if n >= 4 => {
            let first = grow(rng, n / 2, (0, 0), false, &BTreeSet::new());
            let set: BTreeSet<Pos> = first.iter().copied().collect();
            let far = first.iter().map(|p| p.0).max().unwrap_or(0) + 3;
            let second = grow(rng, n - first.len(), (far, 0), false, &set);
            (first.into_iter().chain(second).collect(), "two-islands")
        }
        _ => {
            // A strip two hexes wide.
            let out: Vec<Pos> = (0..n).map(|i| ((i / 2) as i32, (i % 2) as i32)).collect();
            (out, "strip")
        }
    }
}

/// What a land hex is: a slot of region `k`, or a fixed hex (a code of the
/// legend below).
#[derive(Clone, Copy, PartialEq)]
enum Land {
    Slot(usize),
    Fixed(char),
}

/// Fixed hexes the legend defines: code, legend entry, land, takes a chip
/// from region `a` (the first region).
const FIXED: [(char, &str, bool, bool); 5] = [
    ('D', "\"desert\"", true, false),
    ('M', "{ terrain = \"mountains\", number = 5 }", true, false),
    ('R', "{ terrain = \"hills\", number = 6 }", true, false),
    ('G', "{ terrain = \"gold\", region = \"a\" }", true, true),
    ('S', "\"sea\"", false, false),
];

/// Split the land among `k` regions by nearest seed hex, with a few fixed hexes.
fn assign(rng: &mut Rand, land: &[Pos], k: usize) -> Vec<Land> {
    let mut order: Vec<usize> = (0..land.len()).collect();
    rng.shuffle(&mut order);
    let seeds: Vec<Pos> = order[..k].iter().map(|i| land[*i]).collect();
    let dist = |a: Pos, b: Pos| {
        let (dq, dr) = (a.0 - b.0, a.1 - b.1);
        (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
    };
    let fixed_share = [0, 0, 1, 2, 3][rng.below(5)];
    land.iter()
        .map(|p| {
            let seed = seeds.contains(p);
            if !seed && rng.below(land.len().max(1)) < fixed_share && land.len() > 3 {
                return Land::Fixed(FIXED[rng.below(FIXED.len())].0);
            }
            let best = (0..k).min_by_key(|i| (dist(*p, seeds[*i]), *i)).unwrap_or(0);
            Land::Slot(best)
        })
        .collect()
}

/// A random tile pool of `n` slots, in one of a few profiles.
fn tiles(rng: &mut Rand, n: usize, profile: usize) -> BTreeMap<&'static str, usize> {
    let mut out = BTreeMap::new();
    let three: Vec<&str> = {
        let mut r = RESOURCES.to_vec();
        rng.shuffle(&mut r);
        r[..3].to_vec()
    };
    for i in 0..n {
        let t = match profile {
            0 => RESOURCES[rng.below(5)],
            1 => three[i % 3],
            2 => ["sea", "sea", "desert", "forest", "pasture", "hills", "fields", "mountains"]
                [rng.below(8)],
            3 => ["gold", "gold", "forest", "pasture", "hills", "mountains"][rng.below(6)],
            _ => ["desert", "forest", "pasture", "fields", "hills", "mountains"][rng.below(6)],
        };
        *out.entry(t).or_insert(0) += 1;
    }
    out
}

/// `n` chips in one of a few profiles: base-like, many reds, many fives
/// and nines, any value.
fn chips(rng: &mut Rand, n: usize, profile: usize) -> Vec<u8> {
    const BASE: [u8; 18] = [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12];
    const ANY: [u8; 10] = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12];
    (0..n)
        .map(|_| {
            let x = rng.below(100);
            match profile {
                1 if x < 35 => [6, 8][rng.below(2)],
                2 if x < 40 => [5, 9][rng.below(2)],
                2 if x < 60 => [6, 8][rng.below(2)],
                3 => ANY[rng.below(ANY.len())],
                _ => BASE[rng.below(BASE.len())],
            }
        })
        .collect()
}

/// The drawing: one code per hex, rows by `r`, two columns apart.
fn drawing(cells: &BTreeMap<Pos, char>) -> String {
    let min_x = cells.keys().map(|(q, r)| 2 * q + r).min().unwrap_or(0);
    let (r0, r1) = (
        cells.keys().map(|p| p.1).min().unwrap_or(0),
        cells.keys().map(|p| p.1).max().unwrap_or(0),
    );
    let mut out = String::new();
    for r in r0..=r1 {
        let mut row: Vec<char> = Vec::new();
        for ((q, rr), c) in cells.iter().filter(|(p, _)| p.1 == r) {
            let x = (2 * q + rr - min_x) as usize;
            // Gaps inside a row are empty spots (`.`), two columns apart.
            let pad = if row.is_empty() { ' ' } else { '.' };
            while row.len() < x {
                row.push(if pad == '.' && (x - row.len()).is_multiple_of(2) { '.' } else { ' ' });
            }
            row.push(*c);
        }
        out.push_str(row.iter().collect::<String>().trim_end());
        out.push('\n');
    }
    out
}

/// A random scenario of at most `max_land` land hexes (at least 3).
pub fn scenario(rng: &mut Rand, max_land: usize) -> Generated {
    let n = 3 + rng.below(max_land.saturating_sub(2).max(1));
    let (land, shape_name) = shape(rng, n);
    let k = 1 + rng.below(3.min(land.len()));
    let kinds = assign(rng, &land, k);
    let set: BTreeSet<Pos> = land.iter().copied().collect();
    let mut cells: BTreeMap<Pos, char> = BTreeMap::new();
    for (p, kind) in land.iter().zip(&kinds) {
        cells.insert(
            *p,
            match kind {
                Land::Slot(i) => ['A', 'B', 'C'][*i],
                Land::Fixed(c) => *c,
            },
        );
    }
    let ring: Vec<Pos> = land
        .iter()
        .flat_map(|p| (0..6).map(move |d| add(*p, d)))
        .filter(|p| !set.contains(p))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let body = Body::new(rng, &land, &kinds, k);
    let mut text = body.legend_and_head();
    let harbors = harbors(rng, &ring, &cells, &body);
    for p in &ring {
        cells.insert(*p, harbors.codes.get(p).copied().unwrap_or('~'));
    }
    text.push_str(&format!("[[map]]\nplayers = [4]\nhexes = \"\"\"\n{}\"\"\"\n", drawing(&cells)));
    text.push_str(&body.regions);
    if !harbors.pool.is_empty() {
        let pool: Vec<String> = harbors.pool.iter().map(|h| format!("\"{h}\"")).collect();
        text.push_str(&format!("[map.harbors]\npool = [{}]\n", pool.join(", ")));
    }
    text.push_str(&body.constraints);
    let preset = if rng.below(2) == 0 { "official" } else { "strict" };
    let land_count = kinds
        .iter()
        .filter(|k| !matches!(k, Land::Fixed(c) if !FIXED.iter().any(|f| f.0 == *c && f.2)))
        .count();
    let label = format!(
        "{shape_name} {land_count} land, {k} region(s), {} harbor(s), {}",
        harbors.count, body.label
    );
    Generated { text, preset, land: land_count, label }
}

/// The harbors on the ring: random ones (`h`) and fixed 3:1 ones facing a
/// land hex (codes `1`..`6` for the six facings).
struct Harbors {
    codes: BTreeMap<Pos, char>,
    pool: Vec<&'static str>,
    count: usize,
}

fn harbors(rng: &mut Rand, ring: &[Pos], cells: &BTreeMap<Pos, char>, body: &Body) -> Harbors {
    let mut out = Harbors { codes: BTreeMap::new(), pool: Vec::new(), count: 0 };
    if rng.below(10) < 3 {
        return out;
    }
    let wanted = 1 + rng.below((ring.len() / 3).clamp(1, 11));
    for _ in 0..wanted {
        let p = ring[rng.below(ring.len())];
        if out.codes.contains_key(&p) {
            continue;
        }
        // A fixed harbor faces a hex that may be land.
        let land_sides: Vec<usize> = (0..6)
            .filter(|d| cells.get(&add(p, *d)).is_some_and(|c| body.may_be_land(*c)))
            .collect();
        if land_sides.is_empty() {
            continue;
        }
        if rng.below(4) == 0 {
            let d = land_sides[rng.below(land_sides.len())];
            out.codes.insert(p, char::from(b'1' + d as u8));
        } else {
            out.codes.insert(p, 'h');
            out.pool.push(HARBOR_KINDS[rng.below(HARBOR_KINDS.len())]);
        }
        out.count += 1;
    }
    out
}

/// Legend, regions and rules of a scenario.
struct Body {
    legend: String,
    regions: String,
    constraints: String,
    label: String,
    /// Whether each region's pool holds land.
    land_pool: Vec<bool>,
}

impl Body {
    fn new(rng: &mut Rand, land: &[Pos], kinds: &[Land], k: usize) -> Body {
        let _ = land;
        let chip_profile = rng.below(4);
        let tile_profile = rng.below(5);
        let no_chip_gold = rng.below(5) == 0;
        let mut regions = String::new();
        let mut land_pool = Vec::new();
        let mut legend = String::from("[legend]\n\"~\" = \"sea\"\nh = { harbor = \"random\" }\n");
        for (d, name) in DIR_NAMES.iter().enumerate() {
            legend.push_str(&format!(
                "\"{}\" = {{ harbor = \"3:1\", facing = \"{name}\" }}\n",
                d + 1
            ));
        }
        for f in FIXED {
            // Gold that takes no chip draws none from a region either.
            let entry = if f.0 == 'G' && no_chip_gold { "\"gold\"" } else { f.1 };
            legend.push_str(&format!("{} = {entry}\n", f.0));
        }
        let mut face_down_any = false;
        for r in 0..k {
            let key = ["a", "b", "c"][r];
            legend.push_str(&format!("{} = {{ region = \"{key}\" }}\n", ['A', 'B', 'C'][r]));
            let n = kinds.iter().filter(|x| **x == Land::Slot(r)).count();
            let extra = if r == 0 && !no_chip_gold {
                kinds.iter().filter(|x| **x == Land::Fixed('G')).count()
            } else {
                0
            };
            let mut t = tiles(rng, n, tile_profile);
            let face_down = r > 0 && rng.below(12) == 0;
            face_down_any |= face_down;
            // Now and then one sea tile becomes a harbor tile.
            let harbor_tile =
                !face_down && t.get("sea").is_some_and(|s| *s > 0) && rng.below(3) == 0;
            if harbor_tile {
                *t.get_mut("sea").expect("sea") -= 1;
                *t.entry("harbor").or_insert(0) += 1;
            }
            t.retain(|_, c| *c > 0);
            let chipless = |name: &str| {
                matches!(name, "desert" | "sea" | "harbor") || (name == "gold" && no_chip_gold)
            };
            let chip_count: usize =
                t.iter().filter(|(name, _)| !chipless(name)).map(|(_, c)| *c).sum::<usize>()
                    + extra;
            land_pool.push(t.keys().any(|name| !matches!(*name, "sea" | "harbor")));
            let tiles: Vec<String> = t.iter().map(|(name, c)| format!("{name} = {c}")).collect();
            let numbers: Vec<String> =
                chips(rng, chip_count, chip_profile).iter().map(u8::to_string).collect();
            regions.push_str(&format!(
                "[map.regions.{key}]\nface_down = {face_down}\ntiles = {{ {} }}\nnumbers = [{}]\n",
                tiles.join(", "),
                numbers.join(", ")
            ));
            if harbor_tile {
                regions.push_str(&format!("harbors = [\"{}\"]\n", HARBOR_KINDS[rng.below(7)]));
            }
            if rng.below(10) == 0 && !face_down {
                let rule = ["max_corner_pips = 9", "max_terrain_group = 1", "gold_no_red = true"]
                    [rng.below(3)];
                regions.push_str(&format!("[map.regions.{key}.constraints]\n{rule}\n"));
            }
        }
        let (constraints, rules_label) = constraints(rng, no_chip_gold);
        let label = format!(
            "tiles p{tile_profile}, chips p{chip_profile}{}{rules_label}",
            if face_down_any { ", face-down" } else { "" }
        );
        Body { legend, regions, constraints, label, land_pool }
    }

    fn legend_and_head(&self) -> String {
        format!("[scenario]\nid = \"stress\"\ntitle = \"Stress\"\nplayers = [4]\n{}", self.legend)
    }

    /// Whether a hex drawn with `code` may be land.
    fn may_be_land(&self, code: char) -> bool {
        match code {
            'A' | 'B' | 'C' => self.land_pool[(code as u8 - b'A') as usize],
            c => FIXED.iter().any(|f| f.0 == c && f.2),
        }
    }
}

/// Random rules on top of the preset.
fn constraints(rng: &mut Rand, no_chip_gold: bool) -> (String, String) {
    let mut lines = Vec::new();
    if let Some(g) = [None, None, None, Some(1), Some(2), Some(3)][rng.below(6)] {
        lines.push(format!("max_terrain_group = {g}"));
    }
    if let Some(p) = [None, None, None, Some(9), Some(10), Some(11), Some(12)][rng.below(7)] {
        lines.push(format!("max_corner_pips = {p}"));
    }
    for rule in ["gold_no_red", "gold_not_adjacent", "no_equal_neighbours"] {
        if rng.below(4) == 0 {
            lines.push(format!("{rule} = true"));
        }
    }
    if no_chip_gold {
        lines.push("no_chip = [\"gold\"]".into());
    }
    let label = if lines.is_empty() { String::new() } else { format!(", {}", lines.join(", ")) };
    (format!("[constraints]\n{}\n", lines.join("\n")), label)
}
