//! One snake draft of the opening-placement simulation, and the sums over
//! the drafts.
//!
//! The variety policy's second round values each free corner for the seat
//! that picks: those values depend on the corner and on the seat's first
//! settlement only, so each (first settlement, corner) value is computed
//! once per board and looked up by the other drafts (the same numbers, the
//! same ties, the same random draws).

use super::variety::variety_bonus;
use super::{Policy, SeatScratch, SeatTables, FIRST_SETTLEMENTS};
use crate::model::board::NONE;
use crate::rng::{below, Rng};

impl SeatTables {
    /// One snake draft; `s.picks[k]` is pick `k`'s corner ([`NONE`]: none
    /// left). Returns whether a random draw broke a tie on the way (when not,
    /// every draft gives these picks).
    pub(super) fn draft(&self, policy: Policy, s: &mut SeatScratch, rng: &mut Rng) -> bool {
        let p = self.players;
        let picks = FIRST_SETTLEMENTS * p;
        s.blocked.clear();
        s.blocked.resize(self.members.len(), false);
        s.picks.clear();
        // Rounds where the order is seat-independent: the pips policy
        // throughout, the variety policy's first round.
        let fixed = match policy {
            Policy::Pips => picks,
            Policy::Variety => p,
        };
        let mut drew = self.fixed_round(s, fixed, rng);
        if policy == Policy::Variety && s.picks.len() == p {
            drew |= self.second_round(s, rng);
        }
        while s.picks.len() < picks {
            s.picks.push(NONE);
        }
        drew
    }

    /// Picks in the seat-independent order until `fixed` picks are made or
    /// the corners run out; returns whether a tie was drawn for.
    fn fixed_round(&self, s: &mut SeatScratch, fixed: usize, rng: &mut Rng) -> bool {
        let mut drew = false;
        let mut i = 0;
        while s.picks.len() < fixed && i < s.order.len() {
            // Shuffle the run starting here, once, when first reached.
            let end = s.group_end[i] as usize;
            if i + 1 < end && (i == 0 || s.group_end[i - 1] as usize != end) {
                // The order inside the run matters only when two of its
                // corners are still free (blocking only grows).
                drew |= s.order[i..end].iter().filter(|c| !s.blocked[**c as usize]).count() > 1;
                for k in i..end - 1 {
                    let j = k + below(rng, (end - k) as u32) as usize;
                    s.order.swap(k, j);
                }
            }
            let c = s.order[i];
            i += 1;
            if !s.blocked[c as usize] {
                self.take(s, c);
            }
        }
        drew
    }

    /// The variety policy's second round, in reverse seat order: each seat
    /// takes the free corner it values most, ties drawn at random in corner
    /// order. Returns whether a tie was drawn for.
    ///
    /// What a seat's scan of the free corners meets depends only on the
    /// picks made so far (they decide the free corners and the seat's first
    /// settlement), so a scan is recorded once per board and picks, and
    /// the other drafts replay it: the same new bests and the same ties,
    /// each tie drawn for from `rng` as the scan would.
    fn second_round(&self, s: &mut SeatScratch, rng: &mut Rng) -> bool {
        let mut drew = false;
        // The corners still free, in the same order (so ties are met,
        // and drawn for, as in a scan of every legal corner).
        s.free.clear();
        s.free.extend(s.legal.iter().copied().filter(|c| !s.blocked[*c as usize]));
        for _ in 0..self.players {
            let ops = match s.scans.find(&s.picks) {
                Some(ops) => ops,
                None => self.scan(s),
            };
            let (mut best, mut ties) = (NONE, 0u32);
            for &(c, t) in &s.scans.ops[ops] {
                ties = t;
                if t == 1 || below(rng, t) == 0 {
                    best = c;
                }
            }
            // A tie with a value beaten later drew for nothing.
            drew |= ties > 1;
            if best == NONE {
                s.picks.push(NONE);
            } else {
                self.take(s, best);
            }
        }
        drew
    }

    /// Scans the free corners for the seat whose turn it is (after
    /// `s.picks`) and records what it meets: `(corner, 1)` for a new best,
    /// `(corner, k)` for the `k`-th corner tied with the best so far.
    fn scan(&self, s: &mut SeatScratch) -> std::ops::Range<usize> {
        let n = self.members.len();
        let seat = 2 * self.players - 1 - s.picks.len();
        let first = s.picks[seat];
        let at = s.second_table(first, n);
        let own = (first != NONE).then(|| s.value[first as usize]);
        let start = s.scans.ops.len();
        let (mut best_v, mut ties) = (f64::NEG_INFINITY, 0u32);
        for &c in &s.free {
            if s.blocked[c as usize] {
                continue;
            }
            let slot = &mut s.second[at + c as usize];
            if slot.is_nan() {
                *slot = s.base[c as usize] + variety_bonus(&s.value[c as usize], own.as_ref());
            }
            let v = *slot;
            if v > best_v {
                (best_v, ties) = (v, 1);
                s.scans.ops.push((c, 1));
            } else if v == best_v {
                ties += 1;
                s.scans.ops.push((c, ties));
            }
        }
        s.scans.remember(&s.picks, start)
    }

    /// Takes corner `c` for the next pick.
    fn take(&self, s: &mut SeatScratch, c: u32) {
        s.blocked[c as usize] = true;
        for n in self.nb[c as usize] {
            if n != NONE {
                s.blocked[n as usize] = true;
            }
        }
        s.picks.push(c);
    }

    /// Adds the last draft's result `times` times to the seats' sums.
    pub(super) fn tally(&self, s: &mut SeatScratch, times: u32) {
        let p = self.players;
        for seat in 0..p {
            let a = &mut s.acc[seat];
            let mut own = [0u32; 6];
            for k in [seat, 2 * p - 1 - seat] {
                let c = s.picks[k];
                if c == NONE {
                    continue;
                }
                let v = &s.value[c as usize];
                for (o, x) in own.iter_mut().zip(v.pips) {
                    *o += u32::from(x);
                }
                a.robber += times * u32::from(v.robber);
                a.harbors += times * u32::from(v.harbor > 0);
                a.settlements += times;
            }
            for (x, y) in a.pips.iter_mut().zip(own) {
                *x += times * y;
            }
            a.distinct += times * own[..5].iter().filter(|x| **x > 0).count() as u32;
        }
    }
}

/// The recorded second-round scans of one board, by the picks made before.
#[derive(Default)]
pub(super) struct Scans {
    /// Per scan: where its picks start in `picks`, how many, and its ops.
    scans: Vec<(usize, usize, std::ops::Range<usize>)>,
    picks: Vec<u32>,
    ops: Vec<(u32, u32)>,
}

impl Scans {
    /// Forgets every scan (a new board).
    pub(super) fn clear(&mut self) {
        self.scans.clear();
        self.picks.clear();
        self.ops.clear();
    }

    fn find(&self, picks: &[u32]) -> Option<std::ops::Range<usize>> {
        let same = |(at, len, _): &&(usize, usize, std::ops::Range<usize>)| {
            self.picks[*at..*at + *len] == *picks
        };
        self.scans.iter().find(same).map(|x| x.2.clone())
    }

    /// Keeps the ops from `start` on as the scan after `picks`.
    fn remember(&mut self, picks: &[u32], start: usize) -> std::ops::Range<usize> {
        let ops = start..self.ops.len();
        self.scans.push((self.picks.len(), picks.len(), ops.clone()));
        self.picks.extend_from_slice(picks);
        ops
    }
}

impl SeatScratch {
    /// Where the second-round values of a seat whose first settlement is
    /// `own` start in `second` (`n` per table): a new table of NaN (not
    /// computed yet) the first time `own` is asked for on this board.
    fn second_table(&mut self, own: u32, n: usize) -> usize {
        if let Some(k) = self.second_own.iter().position(|o| *o == own) {
            return k * n;
        }
        let at = self.second_own.len() * n;
        self.second_own.push(own);
        if self.second.len() < at + n {
            self.second.resize(at + n, f64::NAN);
        }
        self.second[at..at + n].fill(f64::NAN);
        at
    }
}

/// Marks where the run of equal keys holding each place of `order` ends.
pub(super) fn groups(order: &[u32], group_end: &mut Vec<u32>, same: impl Fn(&u32, &u32) -> bool) {
    let n = order.len();
    group_end.clear();
    group_end.resize(n, 0);
    let mut end = n;
    for i in (0..n).rev() {
        if i + 1 < n && !same(&order[i], &order[i + 1]) {
            end = i + 1;
        }
        group_end[i] = end as u32;
    }
}
