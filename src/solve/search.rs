//! Finding one valid board: the Markov chain's starting point, and the proof
//! of impossibility when there is none.
//!
//! A randomized depth-first search with restarts, in three stages: terrain
//! (only under a terrain rule; otherwise a shuffle), chips, harbor facings.
//! The chip search places the chips some rule can block first, 6 and 8
//! first, each on a random hex that can still take it; it keeps, for every
//! chip value, the set of open hexes that can take it, and updates only the
//! six neighbours of a hex when a chip lands there, so a placement costs the
//! same on any map size. After each placement it checks that every open hex
//! still fits some chip in hand and that every chip still has enough hexes.
//! A hex refuted for one chip stays refuted for that chip's twins in the
//! same branch, so equal chips are never tried in every order.
//!
//! The boards it finds are valid but not uniformly distributed: uniformity
//! is the chain's job ([`super::chain`]).

mod chips;

use self::chips::ChipSearch;
use super::problem::{Problem, UNSET};
use super::state::{Flood, State};
use super::{restart_limit, Budget, Stage, Stop};
use crate::model::ConstraintId;
use crate::rng::{below, shuffle, Rng};

/// Why a stage failed.
pub(crate) struct Failure {
    pub stage: Stage,
    pub stop: Stop,
    /// Tile deals tried.
    pub attempts: u32,
}

/// Rejection counts per rule, for error reports.
pub(crate) type Rejections = [u64; ConstraintId::ALL.len()];

/// Finds a valid board, or says which stage could not be completed.
pub(crate) fn find(
    p: &Problem<'_>,
    rng: &mut Rng,
    budget: &mut Budget,
    rej: &mut Rejections,
    max_terrain_attempts: u32,
) -> Result<(State, u32), Failure> {
    let mut st = State::new(p);
    let mut flood = Flood::new(p.n);
    let max_attempts = max_terrain_attempts.max(1);
    let mut last = Failure { stage: Stage::Numbers, stop: Stop::Exhausted, attempts: 1 };
    for attempt in 1..=max_attempts {
        st.terrain.copy_from_slice(&p.base_terrain);
        st.number.copy_from_slice(&p.base_number);
        if let Err(stop) = terrain(p, &mut st, &mut flood, rng, budget, rej, None) {
            return Err(Failure { stage: Stage::Terrain, stop, attempts: attempt });
        }
        if let Err(stop) = ChipSearch::new(p, &st).run(p, &mut st, rng, budget, rej) {
            last = Failure { stage: Stage::Numbers, stop, attempts: attempt };
            if stop == Stop::Exhausted && p.chips_need_terrain {
                continue;
            }
            return Err(last);
        }
        if let Some(rule) = p.region_clash(&st) {
            // A board the loosest rules allow but a region's own do not:
            // deal again (one such deal proves nothing).
            rej[rule.index()] += 1;
            last = Failure { stage: Stage::Numbers, stop: Stop::Attempts, attempts: attempt };
            continue;
        }
        if let Err(stop) = harbors(p, &mut st, rng, budget, rej) {
            last = Failure { stage: Stage::Harbors, stop, attempts: attempt };
            if stop == Stop::Exhausted && p.harbors_need_terrain {
                continue;
            }
            return Err(last);
        }
        return Ok((st, attempt));
    }
    // Every deal tried was a dead end, but deals were sampled, not all tried:
    // that proves nothing.
    if last.stop == Stop::Exhausted && max_attempts > 1 {
        last.stop = Stop::Attempts;
    }
    Err(last)
}

/// Deals every region's tiles: a shuffle, or under a terrain rule (or with
/// `allowed`, a mask of terrain indices per cell) a complete search.
pub(crate) fn terrain(
    p: &Problem<'_>,
    st: &mut State,
    flood: &mut Flood,
    rng: &mut Rng,
    budget: &mut Budget,
    rej: &mut Rejections,
    allowed: Option<&[u32]>,
) -> Result<(), Stop> {
    if !p.terrain_rules && allowed.is_none() {
        shuffle_terrain(p, st, rng);
        return budget.tick();
    }
    let (order, initial) = terrain_order(p);
    let mut counts = initial.clone();
    let len = order.len();
    let mut tried = vec![0u32; len + 1];
    let (mut run, mut run_nodes, mut d) = (0u32, 0u64, 0usize);
    while d < len {
        budget.tick()?;
        run_nodes += 1;
        let (cell, region) = (order[d].0 as usize, order[d].1);
        let mut cand = [(0u8, 0u32); 17];
        let (mut nc, mut total) = (0usize, 0u32);
        for t in 0..17u8 {
            let left = counts[region][t as usize];
            if left == 0 || tried[d] & (1 << t) != 0 {
                continue;
            }
            if allowed.is_some_and(|a| a[cell] & (1 << t) == 0) {
                tried[d] |= 1 << t;
                continue;
            }
            if let Some(rule) = p.terrain_clash(st, flood, cell, t) {
                rej[rule.index()] += 1;
                tried[d] |= 1 << t;
                continue;
            }
            cand[nc] = (t, left);
            nc += 1;
            total += left;
        }
        if nc == 0 {
            if d == 0 {
                return Err(Stop::Exhausted);
            }
            tried[d] = 0;
            d -= 1;
            let (prev, pr) = (order[d].0 as usize, order[d].1);
            counts[pr][st.terrain[prev] as usize] += 1;
            st.terrain[prev] = UNSET;
            continue;
        }
        if run_nodes > restart_limit(len, run) {
            run += 1;
            run_nodes = 0;
            for (s, _) in &order {
                st.terrain[*s as usize] = UNSET;
            }
            counts.clone_from(&initial);
            tried.iter_mut().for_each(|x| *x = 0);
            d = 0;
            continue;
        }
        let chosen = weighted_pick(rng, &cand[..nc], total);
        tried[d] |= 1 << chosen;
        counts[region][chosen as usize] -= 1;
        st.terrain[cell] = chosen;
        d += 1;
        tried[d] = 0;
    }
    Ok(())
}

/// Deals every region's tiles on its slots in a random order (no terrain
/// rule to keep).
fn shuffle_terrain(p: &Problem<'_>, st: &mut State, rng: &mut Rng) {
    let mut tiles = Vec::new();
    for r in &p.regions {
        tiles.clone_from(&r.tiles);
        shuffle(rng, &mut tiles);
        for (s, t) in r.slots.iter().zip(&tiles) {
            st.terrain[*s as usize] = *t;
        }
    }
}

/// The terrain search's order: the slots of all regions in board order, each
/// with its region; and per region, its tiles counted by terrain.
fn terrain_order(p: &Problem<'_>) -> (Vec<(u32, usize)>, Vec<[u32; 17]>) {
    let mut order: Vec<(u32, usize)> = Vec::new();
    for (ri, r) in p.regions.iter().enumerate() {
        order.extend(r.slots.iter().map(|s| (*s, ri)));
    }
    order.sort_unstable();
    let initial: Vec<[u32; 17]> = p
        .regions
        .iter()
        .map(|r| {
            let mut c = [0u32; 17];
            for t in &r.tiles {
                c[*t as usize] += 1;
            }
            c
        })
        .collect();
    (order, initial)
}

/// One terrain of `cand` (terrain, tiles left), drawn in proportion to the
/// tiles left; `total` is their sum (at least 1).
#[inline]
fn weighted_pick(rng: &mut Rng, cand: &[(u8, u32)], total: u32) -> u8 {
    let mut pick = below(rng, total);
    let mut chosen = cand[0].0;
    for (t, w) in cand {
        if pick < *w {
            chosen = *t;
            break;
        }
        pick -= w;
    }
    chosen
}

/// Facings for every face-up harbor that needs one: a small search, since
/// harbors that share a corner or touch a fishing ground exclude each other.
pub(crate) fn harbors(
    p: &Problem<'_>,
    st: &mut State,
    rng: &mut Rng,
    budget: &mut Budget,
    rej: &mut Rejections,
) -> Result<(), Stop> {
    for x in &p.facing_cells {
        p.lift_harbor(st, *x as usize);
    }
    let cells: Vec<usize> =
        p.facing_cells.iter().map(|x| *x as usize).filter(|x| p.needs_facing(st, *x)).collect();
    let options: Vec<Vec<u8>> = cells
        .iter()
        .map(|x| match p.sites.get(p.site_of[*x] as usize).and_then(|s| s.facing) {
            Some(k) => vec![k],
            None => {
                let mut d = p.dmax[*x].clone();
                shuffle(rng, &mut d);
                d
            }
        })
        .collect();
    if options.iter().any(Vec::is_empty) {
        rej[ConstraintId::HarborFacesLand.index()] += 1;
        return Err(Stop::Exhausted);
    }
    let mut next = vec![0usize; cells.len() + 1];
    let mut d = 0usize;
    while d < cells.len() {
        budget.tick()?;
        let x = cells[d];
        let mut placed = false;
        while next[d] < options[d].len() {
            let k = options[d][next[d]];
            next[d] += 1;
            match p.harbor_clash(st, x, k) {
                Some(rule) => rej[rule.index()] += 1,
                None => {
                    p.land_harbor(st, x, k);
                    placed = true;
                    break;
                }
            }
        }
        if placed {
            d += 1;
            next[d] = 0;
        } else {
            if d == 0 {
                return Err(Stop::Exhausted);
            }
            d -= 1;
            p.lift_harbor(st, cells[d]);
        }
    }
    Ok(())
}
