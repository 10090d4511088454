//! How the measures spread over many layouts of a scenario: percentiles of
//! each measure and of the seat simulation, histograms of the score, the
//! corner pip sums and the seat gap, the fairness bar's pass rate, and
//! where 6, 8 and the desert fall on random, bar and best boards.

use std::sync::Mutex;

use super::bar::Bar;
use super::config::Config;
use super::measures::{Evaluator, Measures};
use super::places::{places, Places};
use super::score::{Objective, Weights};
use super::search::{random_boards, search, Budget, Outcome, Progress, SearchOptions};
use super::seats::Policy;
use crate::solve::{Layout, SolveError, Solver};

/// The percentile levels reported, in percent.
pub(crate) const LEVELS: [u32; 7] = [0, 10, 25, 50, 75, 90, 100];

/// Largest corner pip sum possible: three hexes of 5 pips.
pub(crate) const MAX_CORNER: usize = 15;

/// The scalar measures in the report, in table order.
pub(crate) const ROWS: [&str; 9] = [
    "score",
    "resource_deviation",
    "resource_shortfall",
    "red_same_resource",
    "corner_max",
    "corner_min",
    "corner_spread",
    "largest_group",
    "high_pairs",
];

/// The harbor row, added after [`ROWS`] when the map has 2:1 harbors.
pub(crate) const HARBOR_ROW: &str = "harbor_max";

/// The seat gap's row, after every other.
pub(crate) const SEAT_ROW: &str = "seat_gap";

/// One sampled layout, reduced to what the report needs.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Candidate number.
    pub k: u64,
    /// Values of [`ROWS`] then `harbor_max`.
    pub values: [f64; 10],
    /// How many corners have each pip sum `0..=15`.
    pub corners: [u32; MAX_CORNER + 1],
    /// Its seat gap.
    pub seat_gap: f64,
    /// Each seat's total pips.
    pub seat_totals: Vec<f64>,
    /// Whether it clears the bar.
    pub clears: bool,
    /// Where its 6, 8 and desert lie.
    pub places: Places,
}

impl Sample {
    /// Reduces one candidate's measures.
    pub fn new(k: u64, m: &Measures, score: f64) -> Sample {
        let mut corners = [0u32; MAX_CORNER + 1];
        for s in &m.corner_sums {
            corners[(*s as usize).min(MAX_CORNER)] += 1;
        }
        Sample {
            k,
            seat_gap: m.seat_gap,
            seat_totals: m.seats.iter().map(|s| s.total).collect(),
            clears: false,
            places: Places::default(),
            values: [
                score,
                m.resource_deviation,
                m.resource_shortfall,
                f64::from(m.red_same_resource),
                f64::from(m.corner_max),
                f64::from(m.corner_min),
                f64::from(m.corner_spread),
                f64::from(m.largest_group),
                f64::from(m.high_pairs),
                f64::from(m.harbor_max),
            ],
            corners,
        }
    }

    /// [`Sample::new`] with the bar and the places filled in.
    pub fn of(
        k: u64,
        eval: &Evaluator<'_>,
        l: &Layout,
        m: &Measures,
        score: f64,
        bar: &Bar,
    ) -> Sample {
        Sample { clears: bar.clears(m), places: places(eval.map(), l), ..Sample::new(k, m, score) }
    }
}

/// One seat's totals over the random layouts.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatRow {
    /// Seat number, from 1.
    pub seat: u8,
    /// Mean total pips.
    pub mean: f64,
    /// Percentiles of its total pips.
    pub pct: Percentiles,
}

/// Values at [`LEVELS`], by the nearest-rank method.
#[derive(Clone, Debug, PartialEq)]
pub struct Percentiles(pub [f64; 7]);

impl Percentiles {
    /// Percentiles of `values` (which it sorts); all zero when empty.
    pub fn of(values: &mut [f64]) -> Percentiles {
        values.sort_by(f64::total_cmp);
        let n = values.len();
        Percentiles(LEVELS.map(|p| {
            if n == 0 {
                return 0.0;
            }
            // Nearest rank: the smallest value with at least p% of the values at or below it.
            let rank = (u64::from(p) * n as u64).div_ceil(100).max(1) as usize;
            values[rank.min(n) - 1]
        }))
    }
}

/// Equal-width bins.
#[derive(Clone, Debug, PartialEq)]
pub struct Histogram {
    /// Lower edge of the first bin.
    pub lo: f64,
    /// Width of a bin.
    pub width: f64,
    /// Count per bin.
    pub counts: Vec<u64>,
}

impl Histogram {
    /// `bins` equal bins from the smallest to the largest value (a width of
    /// 1 when all values are equal).
    pub fn of(values: &[f64], bins: usize) -> Histogram {
        let bins = bins.max(1);
        let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if values.is_empty() {
            return Histogram { lo: 0.0, width: 1.0, counts: vec![0; bins] };
        }
        let width = if hi > lo { (hi - lo) / bins as f64 } else { 1.0 };
        let mut counts = vec![0u64; bins];
        for v in values {
            let b = (((v - lo) / width) as usize).min(bins - 1);
            counts[b] += 1;
        }
        Histogram { lo, width, counts }
    }

    /// The bin holding `v`, if it is within range.
    pub fn bin_of(&self, v: f64) -> Option<usize> {
        let b = ((v - self.lo) / self.width).floor();
        let n = self.counts.len();
        if b < 0.0 || v > self.lo + self.width * n as f64 {
            None
        } else {
            Some((b as usize).min(n - 1))
        }
    }
}

/// The whole report.
#[derive(Clone, Debug)]
pub struct Report {
    /// Layouts measured.
    pub samples: u64,
    /// Candidates the solver could not lay out.
    pub failed: u64,
    /// Row names and their percentiles.
    pub rows: Vec<(&'static str, Percentiles)>,
    /// The chosen layout's value of each row.
    pub chosen_values: Vec<f64>,
    /// Histogram of the score.
    pub score_hist: Histogram,
    /// Corners with each pip sum `0..=15`, over all samples.
    pub corner_counts: [u64; MAX_CORNER + 1],
    /// The chosen (fairest) layout.
    pub chosen: Outcome,
    /// The chosen layout's corner counts.
    pub chosen_corners: [u32; MAX_CORNER + 1],
    /// Histogram of the seat gap over the random layouts.
    pub seat_hist: Histogram,
    /// Each seat's totals.
    pub seats: Vec<SeatRow>,
    /// The seat simulation's policy.
    pub policy: Policy,
    /// The bar the layouts were checked against.
    pub bar: Bar,
    /// Random layouts that clear it.
    pub cleared: u64,
    /// Where 6, 8 and the desert fall: on the random layouts, on those of
    /// them that clear the bar (a uniform sample of bar boards), and on
    /// [`Report::best_boards`] boards of the search.
    pub places: [Places; 3],
    /// Boards of the search counted in `places[2]`.
    pub best_boards: u64,
}

/// Names of the three groups of [`Report::places`].
pub const GROUPS: [&str; 3] = ["random", "bar", "best"];

/// Measures `samples` random layouts from `seed` (uniform draws: the
/// yardstick) and builds the report; the chosen layout is the one
/// `generate --balanced best --candidates <samples>` gives for the same seed.
pub fn run(
    solver: &Solver<'_>,
    eval: &Evaluator<'_>,
    weights: &Weights,
    seed: u64,
    opts: &SearchOptions,
    progress: Progress<'_>,
) -> Result<Report, SolveError> {
    let config = Config { weights: *weights, ..Config::default() };
    run_with(solver, eval, &config, Objective::Score, seed, opts, 0, progress)
}

/// [`run`] with a whole weights file (its bar), an objective, and `best`
/// more searches (seeds `seed + 1` on, the same budget) whose boards show
/// where the search puts 6, 8 and the desert.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_with(
    solver: &Solver<'_>,
    eval: &Evaluator<'_>,
    config: &Config,
    objective: Objective,
    seed: u64,
    opts: &SearchOptions,
    best: u64,
    progress: Progress<'_>,
) -> Result<Report, SolveError> {
    let weights = objective.weights(&config.weights);
    let n = match opts.budget {
        Budget::Candidates(n) => n.max(1),
        // A report needs a fixed sample; a time budget gets the default.
        Budget::Time(_) => super::search::DEFAULT_CANDIDATES,
        Budget::Both { candidates, .. } => candidates.max(1),
    };
    let total = (2 + best) * n;
    let collected = Mutex::new(Vec::new());
    // Progress runs over every pass: the samples, the search, the extra searches.
    let half = |done: u64, _total: u64| progress(done, total);
    random_boards(solver, eval, &weights, seed, n, opts, &half, &|k, l, m, s| {
        let sample = Sample::of(k, eval, l, m, s, &config.bar);
        // A poisoned lock only means another thread panicked; keep its data.
        collected.lock().unwrap_or_else(|e| e.into_inner()).push(sample);
    });
    let search_opts = SearchOptions { budget: Budget::Candidates(n), ..*opts };
    let second = |done: u64, _total: u64| progress(n + done, total);
    let chosen = search(solver, eval, &weights, seed, &search_opts, &second)?;
    let mut best_places = Places::default();
    for i in 0..best {
        let at = |done: u64, _total: u64| progress((2 + i) * n + done, total);
        let o = search(solver, eval, &weights, seed.wrapping_add(1 + i), &search_opts, &at)?;
        best_places.add(&places(eval.map(), &o.layout));
    }
    let mut samples = collected.into_inner().unwrap_or_else(|e| e.into_inner());
    samples.sort_by_key(|s| s.k);
    let failed = n - samples.len() as u64;
    let mut report = build(&samples, chosen, has_special_harbors(eval));
    report.failed = failed;
    report.policy = eval.policy();
    report.bar = config.bar;
    report.places[2] = best_places;
    report.best_boards = best;
    Ok(report)
}

fn is_special(k: &crate::vocab::HarborKind) -> bool {
    matches!(k, crate::vocab::HarborKind::Special(_))
}

fn has_special_harbors(eval: &Evaluator<'_>) -> bool {
    let map = eval.map();
    map.harbor_pool.iter().any(is_special)
        || map.cells.iter().any(|c| c.harbor.and_then(|h| h.kind).is_some_and(|k| is_special(&k)))
        || map.regions.iter().any(|r| r.harbors.iter().any(is_special))
}

/// Builds the report from samples sorted by `k`.
pub fn build(samples: &[Sample], chosen: Outcome, with_harbors: bool) -> Report {
    let n_rows = if with_harbors { ROWS.len() + 1 } else { ROWS.len() };
    let names = ROWS.iter().copied().chain(std::iter::once(HARBOR_ROW));
    let rows = names
        .take(n_rows)
        .enumerate()
        .map(|(i, name)| {
            let mut v: Vec<f64> = samples.iter().map(|s| s.values[i]).collect();
            (name, Percentiles::of(&mut v))
        })
        .collect();
    let chosen_sample = Sample::new(chosen.candidate, &chosen.measures, chosen.score);
    let scores: Vec<f64> = samples.iter().map(|s| s.values[0]).collect();
    let mut corner_counts = [0u64; MAX_CORNER + 1];
    for s in samples {
        for (c, n) in corner_counts.iter_mut().zip(s.corners) {
            *c += u64::from(n);
        }
    }
    let gaps: Vec<f64> = samples.iter().map(|s| s.seat_gap).collect();
    let mut rows: Vec<(&'static str, Percentiles)> = rows;
    rows.push((SEAT_ROW, Percentiles::of(&mut gaps.clone())));
    let mut chosen_values = chosen_sample.values[..n_rows].to_vec();
    chosen_values.push(chosen.measures.seat_gap);
    let players = samples.iter().map(|s| s.seat_totals.len()).max().unwrap_or(0);
    let seats = (0..players)
        .map(|i| {
            let mut v: Vec<f64> =
                samples.iter().filter_map(|s| s.seat_totals.get(i).copied()).collect();
            let mean = v.iter().sum::<f64>() / v.len().max(1) as f64;
            SeatRow { seat: (i + 1) as u8, mean, pct: Percentiles::of(&mut v) }
        })
        .collect();
    let mut places = [Places::default(); 3];
    for s in samples {
        places[0].add(&s.places);
        if s.clears {
            places[1].add(&s.places);
        }
    }
    // Bins of 1/4 pip: seat gaps are averages of whole pips over the draws.
    let top = gaps.iter().copied().fold(0.0, f64::max);
    let seat_hist = Histogram::of(&gaps, ((top * 4.0).ceil() as usize + 1).clamp(1, 40));
    Report {
        samples: samples.len() as u64,
        failed: chosen.failed,
        rows,
        chosen_values,
        score_hist: Histogram::of(&scores, 30),
        corner_counts,
        chosen_corners: chosen_sample.corners,
        chosen,
        seat_hist,
        seats,
        policy: Policy::default(),
        bar: Bar::NONE,
        cleared: samples.iter().filter(|s| s.clears).count() as u64,
        places,
        best_boards: 0,
    }
}

impl Report {
    /// Each seat's total pips as a table, with fixed decimals.
    pub(crate) fn seat_table(&self) -> String {
        let mut out = format!("{:<20}{:>8}", "seat total pips", "mean");
        for l in LEVELS {
            out.push_str(&format!("{:>8}", format!("p{l}")));
        }
        out.push_str(&format!("{:>9}{:>13}\n", "chosen", "win chance"));
        let odds = super::seats::odds(&self.chosen.measures.seats);
        for s in &self.seats {
            out.push_str(&format!("{:<20}{:>8.2}", format!("seat {}", s.seat), s.mean));
            for v in s.pct.0 {
                out.push_str(&format!("{v:>8.2}"));
            }
            let c =
                self.chosen.measures.seats.get(usize::from(s.seat) - 1).map_or(0.0, |x| x.total);
            let o = odds.get(usize::from(s.seat) - 1).copied().unwrap_or(0.0);
            out.push_str(&format!("{c:>9.2}{:>13}\n", format!("{o:+.1} pts")));
        }
        out
    }

    /// Where 6, 8 and the desert fall, per group, as a table.
    pub(crate) fn places_table(&self) -> String {
        let mut out = format!("{:<22}", "share of ... on the");
        for c in super::places::CLASSES {
            out.push_str(&format!("{c:>12}"));
        }
        out.push_str(&format!("{:>10}\n", "boards"));
        for (what, pick) in [("6 and 8", true), ("desert", false)] {
            for (g, p) in GROUPS.iter().zip(&self.places) {
                if p.boards == 0 {
                    continue;
                }
                let sh = if pick { p.red_shares() } else { p.desert_shares() };
                out.push_str(&format!("{:<22}", format!("{what}, {g}")));
                for v in sh {
                    out.push_str(&format!("{:>11.1}%", v));
                }
                out.push_str(&format!("{:>10}\n", p.boards));
            }
        }
        out
    }

    /// The share of the random layouts that clear the bar.
    pub fn pass_rate(&self) -> f64 {
        if self.samples == 0 {
            0.0
        } else {
            self.cleared as f64 / self.samples as f64
        }
    }

    /// The percentile table as text, with fixed decimals.
    pub fn table(&self) -> String {
        let mut out = format!("{:<20}", "measure");
        for l in LEVELS {
            out.push_str(&format!("{:>8}", format!("p{l}")));
        }
        out.push_str(&format!("{:>9}\n", "chosen"));
        for ((name, p), c) in self.rows.iter().zip(&self.chosen_values) {
            out.push_str(&format!("{name:<20}"));
            for v in p.0 {
                out.push_str(&format!("{v:>8.2}"));
            }
            out.push_str(&format!("{c:>9.2}\n"));
        }
        out
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles() {
        let mut v: Vec<f64> = (1..=10).rev().map(f64::from).collect();
        let p = Percentiles::of(&mut v);
        assert_eq!(p.0, [1.0, 1.0, 3.0, 5.0, 8.0, 9.0, 10.0]);
        assert_eq!(Percentiles::of(&mut []).0, [0.0; 7]);
    }

    #[test]
    fn histogram_bins_cover_the_range() {
        let h = Histogram::of(&[0.0, 1.0, 2.0, 3.0, 4.0], 4);
        assert_eq!(h.counts, vec![1, 1, 1, 2]);
        assert_eq!(h.bin_of(4.0), Some(3));
        assert_eq!(h.bin_of(-1.0), None);
        let flat = Histogram::of(&[2.0, 2.0], 3);
        assert_eq!(flat.counts, vec![2, 0, 0]);
    }
}
