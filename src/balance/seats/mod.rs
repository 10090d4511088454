//! The opening-placement simulation: players take turns in snake order
//! (1, 2, ..., P, P, ..., 2, 1) placing their first two settlements, each on
//! the free legal corner its policy likes best, and the seat measures of
//! what each seat ends up with. The policies and the formulas are written
//! out in `docs/balance.md`.
//!
//! A legal corner is a board corner touching at least one face-up land hex
//! (of a start region, when the map has `[map.start]`), touching no hex the
//! start area avoids, and not next to a corner already taken (the distance
//! rule). Ties between equally good corners are broken at random; the
//! figures are the average over [`TIE_DRAWS`] draws from a fixed seed, so
//! they are a function of the board alone.

use crate::axial::Hex;
use crate::model::{board::NONE, start, CellContent, MapDef};
use crate::rng::{stage_rng, Rng, Stream};
use crate::solve::Layout;
use crate::vocab::{pips, HarborKind, Terrain};

mod draft;
mod odds;
mod variety;

use draft::groups;

pub use odds::{odds, odds_sentence, WIN_POINTS_PER_PIP};

use variety::{scarcity, variety_bonus};
pub use variety::{GENERIC_HARBOR_BONUS, NEW_RESOURCE_BONUS, SPECIAL_HARBOR_WEIGHT};

/// Tie-break draws averaged per board.
pub const TIE_DRAWS: u32 = 16;

/// The seed of the tie-break draws (the same for every board).
pub(crate) const TIE_SEED: u64 = 0x5EA7_5EA7;

/// Settlements each player places before the first roll.
pub(crate) const FIRST_SETTLEMENTS: usize = 2;

/// How a simulated player chooses a corner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Policy {
    /// The corner with the most pips; ties by the most distinct resources,
    /// then at random.
    Pips,
    /// Production weighted by how scarce each resource is on the board, a
    /// bonus for each resource the seat does not have yet, and a bonus for
    /// harbors; ties at random. The default: its seat totals follow who wins
    /// whole games (docs/balance.md).
    #[default]
    Variety,
}

impl Policy {
    /// Both policies.
    pub const ALL: [Policy; 2] = [Policy::Pips, Policy::Variety];

    /// Name as written in weights files and `layout.json`.
    pub const fn name(self) -> &'static str {
        match self {
            Policy::Pips => "pips",
            Policy::Variety => "variety",
        }
    }

    /// The policy of a name.
    pub fn from_name(s: &str) -> Option<Policy> {
        Policy::ALL.into_iter().find(|p| p.name() == s)
    }
}

/// What one seat ends up with, averaged over the tie-break draws.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatFigures {
    /// Seat number, 1 for the first player.
    pub seat: u8,
    /// Pips of each resource at its settlements, in [`crate::vocab::Resource::ALL`] order
    /// (a hex touching both settlements counts twice, as it pays twice).
    pub pips: [f64; 5],
    /// Pips on gold hexes at its settlements.
    pub gold: f64,
    /// All its pips: the resources and gold.
    pub total: f64,
    /// Distinct resources its settlements touch.
    pub resources: f64,
    /// Its pips on hexes carrying the board's most likely numbers (5 pips,
    /// 6 and 8; or the highest pips on the board without them): where the
    /// robber goes first.
    pub robber: f64,
    /// Its settlements on a harbor.
    pub harbors: f64,
    /// Settlements it could place (below 2 when the legal corners ran out).
    pub settlements: f64,
}

/// The seat measures of one board.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatMeasures {
    /// One entry per seat, in seat order.
    pub seats: Vec<SeatFigures>,
    /// Best seat's total minus worst seat's total, in pips.
    pub gap: f64,
}

/// Per-map tables of the simulation.
#[derive(Clone, Debug)]
pub(crate) struct SeatTables {
    players: usize,
    /// Board corners a first settlement may ever take (the start area's),
    /// with their members.
    members: Vec<[u32; 3]>,
    /// Neighbouring candidate corners (local indices; [`NONE`] pads).
    nb: Vec<[u32; 3]>,
    /// Board corner -> local index, or [`NONE`].
    local_of: Vec<u32>,
    /// Per cell: a start hex (empty without a start area: any land hex).
    start_hex: Vec<bool>,
    /// Board hex -> cell, for the harbors.
    cells: HexCells,
    /// The tie-break stream as it starts on every board.
    tie_rng: Rng,
}

/// Board hex -> cell index, a table over the board's bounding box (the
/// board's own map is a tree: this is a lookup per harbor per board).
#[derive(Clone, Debug)]
struct HexCells {
    q0: i32,
    r0: i32,
    width: i32,
    height: i32,
    cell: Vec<u32>,
}

impl HexCells {
    fn new(map: &MapDef) -> HexCells {
        let hexes = map.board.index.keys();
        let q0 = hexes.clone().map(|h| h.q).min().unwrap_or(0);
        let r0 = hexes.clone().map(|h| h.r).min().unwrap_or(0);
        let width = hexes.clone().map(|h| h.q - q0 + 1).max().unwrap_or(0);
        let height = hexes.map(|h| h.r - r0 + 1).max().unwrap_or(0);
        let mut t = HexCells { q0, r0, width, height, cell: Vec::new() };
        t.cell = vec![NONE; (width.max(0) as usize) * (height.max(0) as usize)];
        for (h, &i) in &map.board.index {
            if let Some(k) = t.slot(*h) {
                t.cell[k] = i as u32;
            }
        }
        t
    }

    fn slot(&self, h: Hex) -> Option<usize> {
        let (q, r) = (i64::from(h.q) - i64::from(self.q0), i64::from(h.r) - i64::from(self.r0));
        let inside =
            (0..i64::from(self.width)).contains(&q) && (0..i64::from(self.height)).contains(&r);
        inside.then(|| (r * i64::from(self.width) + q) as usize)
    }

    /// The cell of hex `h`, if it is on the board.
    fn get(&self, h: Hex) -> Option<usize> {
        let c = self.cell[self.slot(h)?];
        (c != NONE).then_some(c as usize)
    }
}

/// What a corner offers on one layout.
#[derive(Clone, Copy, Debug, Default)]
struct CornerValue {
    /// Pips per resource, then gold.
    pips: [u8; 6],
    total: u8,
    distinct: u8,
    robber: u8,
    /// 0: none, 1: 3:1, 2 + r: 2:1 of resource r.
    harbor: u8,
    /// Bit `r` set when it has pips of resource `r`.
    mask: u8,
}

/// Reusable buffers.
#[derive(Default)]
pub(crate) struct SeatScratch {
    legal: Vec<u32>,
    value: Vec<CornerValue>,
    harbor: Vec<u8>,
    blocked: Vec<bool>,
    order: Vec<u32>,
    /// Per legal corner (in `order`): the first-round key of its group end.
    group_end: Vec<u32>,
    score1: Vec<f64>,
    /// Per corner: scarcity-weighted production (the variety policy's base).
    base: Vec<f64>,
    picks: Vec<u32>,
    /// Legal corners not taken or blocked after the first round.
    free: Vec<u32>,
    /// Second-round values, one table per first settlement
    /// (`second_own`), NaN until computed.
    second: Vec<f64>,
    second_own: Vec<u32>,
    /// The second round's scans already made on this board.
    scans: draft::Scans,
    /// The sort keys of the first round.
    keys: Vec<(u64, u32)>,
    acc: Vec<Acc>,
}

#[derive(Clone, Copy, Default)]
struct Acc {
    pips: [u32; 6],
    distinct: u32,
    robber: u32,
    harbors: u32,
    settlements: u32,
}

impl SeatTables {
    /// The tables of `map` for `players` players.
    pub fn new(map: &MapDef, players: u8) -> SeatTables {
        let b = &map.board;
        // Hexes that are land on some layout: fixed land, or a slot of a
        // region whose pool holds land.
        let may_land: Vec<bool> = map
            .cells
            .iter()
            .map(|c| match c.content {
                CellContent::Fixed { terrain, .. } => terrain.is_land(),
                CellContent::Slot { region } => {
                    map.regions.get(region).is_none_or(|r| r.tiles.iter().any(|(t, _)| t.is_land()))
                }
            })
            .collect();
        let allowed = |m: &[u32; 3]| {
            m.iter().any(|x| *x != NONE && may_land[*x as usize])
                && map.start.as_ref().is_none_or(|s| s.allows(m))
        };
        let mut local_of = vec![NONE; b.corners.len()];
        let mut members = Vec::new();
        for (ci, m) in b.corners.iter().enumerate() {
            if allowed(m) {
                local_of[ci] = members.len() as u32;
                members.push(*m);
            }
        }
        let all_nb = start::corner_neighbours(b);
        let nb = b
            .corners
            .iter()
            .enumerate()
            .filter(|(ci, _)| local_of[*ci] != NONE)
            .map(|(ci, _)| {
                let mut out = [NONE; 3];
                let near = all_nb[ci].iter().map(|x| local_of[*x as usize]).filter(|x| *x != NONE);
                for (slot, x) in out.iter_mut().zip(near) {
                    *slot = x;
                }
                out
            })
            .collect();
        let start_hex = map.start.as_ref().map_or_else(Vec::new, |s| s.start_hex.clone());
        SeatTables {
            players: usize::from(players.max(1)),
            members,
            nb,
            local_of,
            start_hex,
            cells: HexCells::new(map),
            tie_rng: stage_rng(TIE_SEED, Stream::Seats),
        }
    }

    /// Players simulated.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The seat measures of `layout` under `policy`.
    pub fn measure(
        &self,
        map: &MapDef,
        layout: &Layout,
        policy: Policy,
        s: &mut SeatScratch,
        out: &mut SeatMeasures,
    ) {
        self.values(map, layout, s);
        let p = self.players;
        s.acc.clear();
        s.acc.resize(p, Acc::default());
        let mut rng = self.tie_rng.clone();
        s.second_own.clear();
        s.scans.clear();
        match policy {
            Policy::Pips => self.sort_pips(s),
            Policy::Variety => self.sort_variety(s),
        }
        for k in 0..TIE_DRAWS {
            let drew = self.draft(policy, s, &mut rng);
            self.tally(s, 1);
            if k == 0 && !drew {
                // No tie was broken at random: every draft picks the same
                // corners, so the others add the same again.
                self.tally(s, TIE_DRAWS - 1);
                break;
            }
        }
        let n = f64::from(TIE_DRAWS);
        out.seats.clear();
        for (i, a) in s.acc.iter().enumerate() {
            let mut pipsr = [0.0; 5];
            for (x, y) in pipsr.iter_mut().zip(a.pips) {
                *x = f64::from(y) / n;
            }
            let gold = f64::from(a.pips[5]) / n;
            let total = f64::from(a.pips.iter().sum::<u32>()) / n;
            out.seats.push(SeatFigures {
                seat: (i + 1) as u8,
                pips: pipsr,
                gold,
                total,
                resources: f64::from(a.distinct) / n,
                robber: f64::from(a.robber) / n,
                harbors: f64::from(a.harbors) / n,
                settlements: f64::from(a.settlements) / n,
            });
        }
        let hi = out.seats.iter().map(|x| x.total).fold(f64::NEG_INFINITY, f64::max);
        let lo = out.seats.iter().map(|x| x.total).fold(f64::INFINITY, f64::min);
        out.gap = if out.seats.is_empty() { 0.0 } else { hi - lo };
    }

    /// The legal corners of `layout` and what each offers.
    fn values(&self, map: &MapDef, layout: &Layout, s: &mut SeatScratch) {
        let hx = &layout.hexes;
        // The board's most likely numbers: the highest pips of a face-up chip.
        let top = hx.iter().filter_map(|h| h.number).map(pips).max().unwrap_or(0);
        // Harbor corners.
        s.harbor.clear();
        s.harbor.resize(self.members.len(), 0);
        for h in &layout.harbors {
            let (Some(toward), Some(i)) = (h.toward, self.cells.get(h.hex)) else {
                continue;
            };
            let Some(d) = h.hex.direction_to(toward) else { continue };
            let code = match h.kind {
                HarborKind::Generic => 1,
                HarborKind::Special(r) => 2 + r as u8,
            };
            for c in map.board.edge_corners(i, d) {
                if c != NONE && self.local_of[c as usize] != NONE {
                    s.harbor[self.local_of[c as usize] as usize] = code;
                }
            }
        }
        s.legal.clear();
        s.value.clear();
        s.value.resize(self.members.len(), CornerValue::default());
        for (ci, m) in self.members.iter().enumerate() {
            let mut legal = false;
            let mut v = CornerValue { harbor: s.harbor[ci], ..CornerValue::default() };
            for &x in m.iter().filter(|x| **x != NONE) {
                let h = &hx[x as usize];
                if h.face_down || !h.terrain.is_land() {
                    continue;
                }
                legal |= self.start_hex.is_empty() || self.start_hex[x as usize];
                let Some(n) = h.number else { continue };
                let p = pips(n);
                let slot = match (h.terrain.resource(), h.terrain) {
                    (Some(r), _) => r as usize,
                    (None, Terrain::Gold) => 5,
                    _ => continue,
                };
                v.pips[slot] += p;
                v.total += p;
                if p == top {
                    v.robber += p;
                }
            }
            if legal {
                v.distinct = v.pips[..5].iter().filter(|p| **p > 0).count() as u8;
                v.mask = (0..5).filter(|r| v.pips[*r] > 0).fold(0, |m, r| m | 1 << r);
                s.value[ci] = v;
                s.legal.push(ci as u32);
            }
        }
    }

    /// Pips policy: legal corners by (pips, distinct resources) descending,
    /// grouped into runs of equal keys that each draw shuffles.
    fn sort_pips(&self, s: &mut SeatScratch) {
        let value = &s.value;
        let key = |c: &u32| {
            let v = &value[*c as usize];
            u32::from(v.total) << 8 | u32::from(v.distinct)
        };
        s.keys.clear();
        s.keys.extend(s.legal.iter().map(|c| (u64::from(u32::MAX - key(c)), *c)));
        sort_keys(&mut s.keys, &mut s.order);
        groups(&s.order, &mut s.group_end, |a, b| key(a) == key(b));
    }

    /// Variety policy, first round: every seat starts with nothing, so the
    /// order is the same for all of them.
    fn sort_variety(&self, s: &mut SeatScratch) {
        let scarce = scarcity(s);
        s.score1.clear();
        s.score1.resize(self.members.len(), 0.0);
        s.base.clear();
        s.base.resize(self.members.len(), 0.0);
        for &c in &s.legal {
            let v = &s.value[c as usize];
            let base: f64 = (0..6).map(|r| scarce[r] * f64::from(v.pips[r])).sum();
            s.base[c as usize] = base;
            s.score1[c as usize] = base + variety_bonus(v, None);
        }
        let sc = &s.score1;
        s.keys.clear();
        s.keys.extend(s.legal.iter().map(|c| (descending(sc[*c as usize]), *c)));
        sort_keys(&mut s.keys, &mut s.order);
        groups(&s.order, &mut s.group_end, |a, b| sc[*a as usize] == sc[*b as usize]);
    }
}

/// Puts the corners of `keys` into `order` by key, then by corner: the order
/// a stable sort by key of the legal corners (ascending) gives.
fn sort_keys(keys: &mut [(u64, u32)], order: &mut Vec<u32>) {
    keys.sort_unstable();
    order.clear();
    order.extend(keys.iter().map(|k| k.1));
}

/// A key that sorts numbers from the largest down, in [`f64::total_cmp`]
/// order.
fn descending(x: f64) -> u64 {
    let b = x.to_bits();
    let ascending = if b >> 63 == 1 { !b } else { b | 1 << 63 };
    !ascending
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_descending_key_orders_numbers_as_total_cmp_does_reversed() {
        let xs = [
            0.0,
            -0.0,
            1.5,
            -1.5,
            2.0,
            1e-300,
            -1e300,
            f64::INFINITY,
            f64::NEG_INFINITY,
            7.25,
            7.250000000000001,
        ];
        for a in xs {
            for b in xs {
                let by_key = descending(a).cmp(&descending(b));
                assert_eq!(by_key, b.total_cmp(&a), "{a} vs {b}");
            }
        }
    }

    #[test]
    fn the_hex_table_finds_every_board_hex_and_nothing_else() {
        for id in ["base", "catan-world", "fog-islands"] {
            let s =
                crate::model::load(&crate::builtin::source(id).expect("built-in")).expect("valid");
            for map in &s.maps {
                let t = HexCells::new(map);
                let mut found = 0;
                for q in -30..30 {
                    for r in -30..30 {
                        let h = Hex::new(q, r);
                        assert_eq!(t.get(h), map.board.index.get(&h).copied(), "{id} {h:?}");
                        found += usize::from(t.get(h).is_some());
                    }
                }
                assert_eq!(found, map.board.index.len(), "{id}: every hex within reach");
            }
        }
    }
}
