//! Test-side fairness tools written apart from the library: board measures,
//! bar thresholds and an opening-placement simulation, from hex geometry,
//! terrain names and the rules' definitions in docs/balance.md only.
//! Nothing here calls `hexpress::balance`.
#![allow(dead_code)]

use std::collections::{BTreeSet, HashMap};

use hexpress::axial::{Direction, Hex};
use hexpress::model::MapDef;
use hexpress::solve::Layout;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde_json::Value;

/// The five resources, in the library's order.
pub const RESOURCES: [&str; 5] = ["lumber", "wool", "grain", "brick", "ore"];

/// A terrain's resource by name (the base game's pairs).
pub fn resource_of(terrain: &str) -> Option<usize> {
    match terrain {
        "forest" => Some(0),
        "pasture" => Some(1),
        "fields" => Some(2),
        "hills" => Some(3),
        "mountains" => Some(4),
        _ => None,
    }
}

/// Whether a terrain is water.
pub fn is_water(terrain: &str) -> bool {
    matches!(terrain, "sea" | "fish_shoal" | "fishing_ground" | "harbor")
}

/// Dots under a chip.
pub fn pips(n: u8) -> u32 {
    6 - (7 - i32::from(n)).unsigned_abs()
}

/// One board as these tools see it.
#[derive(Clone, Debug)]
pub struct Board {
    pub hexes: Vec<Hex>,
    pub terrain: Vec<String>,
    pub number: Vec<Option<u8>>,
    pub face_down: Vec<bool>,
    /// (water hex, land hex it faces, kind name).
    pub harbors: Vec<(Hex, Option<Hex>, String)>,
}

/// A hex or a harbor's place in a `layout.json`.
#[derive(serde::Deserialize)]
pub struct JsonAt {
    q: i32,
    r: i32,
}

/// A hex of a `layout.json`, the fields these tools read (serde skips the
/// others).
#[derive(serde::Deserialize)]
pub struct JsonHex {
    q: i32,
    r: i32,
    terrain: String,
    number: Option<u8>,
    face_down: bool,
}

/// A harbor of a `layout.json`.
#[derive(serde::Deserialize)]
pub struct JsonHarbor {
    q: i32,
    r: i32,
    toward: Option<JsonAt>,
    kind: String,
}

impl Board {
    /// From the hexes and harbors of a `layout.json` read into types (a
    /// `sample` line read without building a JSON value first: the same
    /// board as [`Board::from_json`], for many thousands of lines).
    pub fn from_typed(hexes: Vec<JsonHex>, harbors: Vec<JsonHarbor>) -> Board {
        Board {
            hexes: hexes.iter().map(|h| Hex::new(h.q, h.r)).collect(),
            number: hexes.iter().map(|h| h.number).collect(),
            face_down: hexes.iter().map(|h| h.face_down).collect(),
            terrain: hexes.into_iter().map(|h| h.terrain).collect(),
            harbors: harbors
                .into_iter()
                .map(|h| (Hex::new(h.q, h.r), h.toward.map(|t| Hex::new(t.q, t.r)), h.kind))
                .collect(),
        }
    }

    /// From a `layout.json` value (a `sample` line).
    pub fn from_json(v: &Value) -> Board {
        let hx = v["hexes"].as_array().expect("hexes");
        let at = |h: &Value| {
            Hex::new(h["q"].as_i64().expect("q") as i32, h["r"].as_i64().expect("r") as i32)
        };
        Board {
            hexes: hx.iter().map(at).collect(),
            terrain: hx
                .iter()
                .map(|h| h["terrain"].as_str().expect("terrain").to_string())
                .collect(),
            number: hx.iter().map(|h| h["number"].as_u64().map(|n| n as u8)).collect(),
            face_down: hx.iter().map(|h| h["face_down"].as_bool().expect("face_down")).collect(),
            harbors: v["harbors"]
                .as_array()
                .expect("harbors")
                .iter()
                .map(|h| {
                    let toward = (!h["toward"].is_null()).then(|| at(&h["toward"]));
                    (at(h), toward, h["kind"].as_str().expect("kind").to_string())
                })
                .collect(),
        }
    }

    /// From a layout.
    pub fn of(l: &Layout) -> Board {
        Board {
            hexes: l.hexes.iter().map(|h| h.hex).collect(),
            terrain: l.hexes.iter().map(|h| h.terrain.name().to_string()).collect(),
            number: l.hexes.iter().map(|h| h.number).collect(),
            face_down: l.hexes.iter().map(|h| h.face_down).collect(),
            harbors: l
                .harbors
                .iter()
                .map(|h| (h.hex, h.toward, h.kind.name().to_string()))
                .collect(),
        }
    }

    fn index(&self) -> HashMap<Hex, usize> {
        self.hexes.iter().enumerate().map(|(i, h)| (*h, i)).collect()
    }

    fn land(&self, i: usize) -> bool {
        !is_water(&self.terrain[i])
    }

    /// Pips of the face-up chip on hex `i` (0 without one).
    fn p(&self, i: usize) -> u32 {
        self.number[i].map_or(0, pips)
    }
}

/// The measures the bar reads, computed from their definitions.
#[derive(Clone, Debug, PartialEq)]
pub struct RefMeasures {
    pub corner_max: u32,
    /// Pips each resource falls below `floor` x its fair share, summed, per floor asked.
    pub resource_pips: [u32; 5],
    pub resource_share: [f64; 5],
    pub red_same_resource: u32,
    pub high_pairs: u32,
    pub harbor_max: u32,
    pub largest_group: u32,
}

pub fn measure(b: &Board) -> RefMeasures {
    let at = b.index();
    let n = b.hexes.len();
    let nb = |i: usize, d: usize| at.get(&b.hexes[i].neighbor(Direction::ALL[d])).copied();
    // Corners of three land hexes.
    let mut corner_max = 0;
    for i in 0..n {
        for k in 0..6 {
            let (Some(x), Some(y)) = (nb(i, k), nb(i, (k + 1) % 6)) else { continue };
            if b.land(i) && b.land(x) && b.land(y) {
                corner_max = corner_max.max(b.p(i) + b.p(x) + b.p(y));
            }
        }
    }
    let mut pipsr = [0u32; 5];
    let mut tiles = [0u32; 5];
    let mut reds = [0u32; 5];
    for i in 0..n {
        let (Some(r), Some(num)) = (resource_of(&b.terrain[i]), b.number[i]) else { continue };
        pipsr[r] += pips(num);
        tiles[r] += 1;
        reds[r] += u32::from(num == 6 || num == 8);
    }
    let all_p: u32 = pipsr.iter().sum();
    let all_t: u32 = tiles.iter().sum();
    let share = tiles.map(|t| {
        if all_t == 0 {
            0.0
        } else {
            f64::from(all_p) * f64::from(t) / f64::from(all_t)
        }
    });
    let mut high_pairs = 0;
    for i in 0..n {
        for d in 0..6 {
            if let Some(j) = nb(i, d) {
                if i < j && b.p(i) >= 4 && b.p(j) >= 4 {
                    high_pairs += 1;
                }
            }
        }
    }
    let mut harbor_max = 0;
    for (w, toward, kind) in &b.harbors {
        let (Some(l), Some(r)) = (toward, RESOURCES.iter().position(|x| x == kind)) else {
            continue;
        };
        let (Some(&wi), Some(&li)) = (at.get(w), at.get(l)) else { continue };
        // The land hex and the two hexes next to both the harbor and it.
        let mut touching = vec![li];
        for d in 0..6 {
            if let Some(x) = nb(wi, d) {
                if x != li && b.hexes[x].distance(b.hexes[li]) == 1 {
                    touching.push(x);
                }
            }
        }
        let s: u32 = touching
            .iter()
            .filter(|x| resource_of(&b.terrain[**x]) == Some(r))
            .map(|x| b.p(*x))
            .sum();
        harbor_max = harbor_max.max(s);
    }
    // Largest group of one producing terrain.
    let producing = |t: &str| resource_of(t).is_some() || t == "gold";
    let mut seen = vec![false; n];
    let mut largest_group = 0;
    for s in 0..n {
        if seen[s] || !producing(&b.terrain[s]) {
            continue;
        }
        seen[s] = true;
        let mut stack = vec![s];
        let mut size = 0;
        while let Some(x) = stack.pop() {
            size += 1;
            for d in 0..6 {
                if let Some(y) = nb(x, d) {
                    if !seen[y] && b.terrain[y] == b.terrain[s] {
                        seen[y] = true;
                        stack.push(y);
                    }
                }
            }
        }
        largest_group = largest_group.max(size);
    }
    RefMeasures {
        corner_max,
        resource_pips: pipsr,
        resource_share: share,
        red_same_resource: reds.iter().map(|r| r * r.saturating_sub(1) / 2).sum(),
        high_pairs,
        harbor_max,
        largest_group,
    }
}

/// Thresholds of a bar, each optional (written apart from the library's).
#[derive(Clone, Copy, Debug, Default)]
pub struct RefBar {
    pub corner_max: Option<u32>,
    pub resource_floor: Option<f64>,
    pub red_same_resource: Option<u32>,
    pub high_pairs: Option<u32>,
    pub harbor_max: Option<u32>,
    pub largest_group: Option<u32>,
}

impl RefBar {
    /// The default bar as docs/balance.md states it.
    pub fn documented_default() -> RefBar {
        RefBar {
            corner_max: Some(12),
            resource_floor: Some(0.7),
            red_same_resource: Some(0),
            high_pairs: Some(8),
            harbor_max: Some(7),
            largest_group: None,
        }
    }

    /// The thresholds `m` misses, by name.
    pub fn misses(&self, m: &RefMeasures) -> Vec<&'static str> {
        let mut out = Vec::new();
        let over = |v: u32, t: Option<u32>| t.is_some_and(|t| v > t);
        if over(m.corner_max, self.corner_max) {
            out.push("corner_max");
        }
        if let Some(f) = self.resource_floor {
            if (0..5).any(|r| f64::from(m.resource_pips[r]) < f * m.resource_share[r] - 1e-9) {
                out.push("resource_floor");
            }
        }
        if over(m.red_same_resource, self.red_same_resource) {
            out.push("red_same_resource");
        }
        if over(m.high_pairs, self.high_pairs) {
            out.push("high_pairs");
        }
        if over(m.harbor_max, self.harbor_max) {
            out.push("harbor_max");
        }
        if over(m.largest_group, self.largest_group) {
            out.push("largest_group");
        }
        out
    }

    pub fn clears(&self, m: &RefMeasures) -> bool {
        self.misses(m).is_empty()
    }

    /// The same bar as a weights file's `[bar]` table.
    pub fn toml(&self) -> String {
        let mut s = String::from("[bar]\n");
        let mut put = |k: &str, v: Option<String>| {
            s.push_str(&format!("{k} = {}\n", v.unwrap_or_else(|| "false".into())));
        };
        put("corner_max", self.corner_max.map(|v| v.to_string()));
        put("resource_floor", self.resource_floor.map(|v| v.to_string()));
        put("red_same_resource", self.red_same_resource.map(|v| v.to_string()));
        put("high_pairs", self.high_pairs.map(|v| v.to_string()));
        put("harbor_max", self.harbor_max.map(|v| v.to_string()));
        put("largest_group", self.largest_group.map(|v| v.to_string()));
        put("seat_gap", None);
        s
    }
}

/// Where first settlements may go on a map, as data: per hex, whether it
/// is a start hex and whether it must be avoided (`None`: any land).
pub struct StartRule {
    pub start: Option<Vec<bool>>,
    pub avoid: Vec<bool>,
}

impl StartRule {
    pub fn of(map: &MapDef) -> StartRule {
        match &map.start {
            Some(s) => StartRule { start: Some(s.start_hex.clone()), avoid: s.avoid.clone() },
            None => StartRule { start: None, avoid: vec![false; map.cells.len()] },
        }
    }
}

/// Each seat's mean total pips over `draws` snake drafts with the pips
/// policy (most pips, then most distinct resources, then at random), and
/// whether every draw gave every seat the same total.
pub fn seat_totals(
    b: &Board,
    rule: &StartRule,
    players: usize,
    draws: u32,
    seed: u64,
) -> (Vec<f64>, bool) {
    let at = b.index();
    // Corners: sorted triples of positions, at least two of them on the map.
    let mut corners: BTreeSet<[Hex; 3]> = BTreeSet::new();
    for h in &b.hexes {
        for k in 0..6 {
            let mut c =
                [*h, h.neighbor(Direction::ALL[k]), h.neighbor(Direction::ALL[(k + 1) % 6])];
            c.sort();
            if c.iter().filter(|x| at.contains_key(x)).count() >= 2 {
                corners.insert(c);
            }
        }
    }
    struct C {
        pips: u32,
        distinct: u32,
        members: Vec<usize>,
    }
    let mut legal: Vec<C> = Vec::new();
    for c in &corners {
        let members: Vec<usize> = c.iter().filter_map(|x| at.get(x).copied()).collect();
        if members.iter().any(|m| rule.avoid[*m]) {
            continue;
        }
        let ok = members
            .iter()
            .any(|m| b.land(*m) && !b.face_down[*m] && rule.start.as_ref().is_none_or(|s| s[*m]));
        if !ok {
            continue;
        }
        let mut by_res = [0u32; 5];
        let mut total = 0;
        for m in &members {
            if b.face_down[*m] || !b.land(*m) {
                continue;
            }
            let p = b.p(*m);
            if let Some(r) = resource_of(&b.terrain[*m]) {
                by_res[r] += p;
                total += p;
            } else if b.terrain[*m] == "gold" {
                total += p;
            }
        }
        let distinct = by_res.iter().filter(|x| **x > 0).count() as u32;
        legal.push(C { pips: total, distinct, members });
    }
    // Two corners are neighbours when they share two hexes of the map.
    let shared = |a: &C, b: &C| a.members.iter().filter(|m| b.members.contains(m)).count() >= 2;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut sums = vec![0.0; players];
    let mut first: Option<Vec<u32>> = None;
    let mut same = true;
    for _ in 0..draws {
        let mut order: Vec<(u32, u32, u64, usize)> = legal
            .iter()
            .enumerate()
            .map(|(i, c)| (c.pips, c.distinct, rng.next_u64(), i))
            .collect();
        order.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
        let mut taken: Vec<usize> = Vec::new();
        for (_, _, _, i) in &order {
            if taken.len() == 2 * players {
                break;
            }
            if taken.iter().any(|t| *t == *i || shared(&legal[*t], &legal[*i])) {
                continue;
            }
            taken.push(*i);
        }
        let mut totals = vec![0u32; players];
        for (k, c) in taken.iter().enumerate() {
            let seat = if k < players { k } else { 2 * players - 1 - k };
            totals[seat] += legal[*c].pips;
        }
        for (s, t) in sums.iter_mut().zip(&totals) {
            *s += f64::from(*t);
        }
        match &first {
            None => first = Some(totals),
            Some(f) => same &= *f == totals,
        }
    }
    (sums.iter().map(|s| s / f64::from(draws)).collect(), same)
}
