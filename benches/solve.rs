//! Sampling speed: uniform valid boards per second on one core.
//!
//! Run with `cargo bench --bench solve`. Targets (release, one core): base
//! game 900,000/s and Gold for Catan 4p 500,000/s, base game under the
//! strict set 50,000/s (the swap chain it replaced, kept here for
//! comparison, drew about 9,000/s), one region of 1,000 hexes under 100 ms
//! and of 10,000 hexes under 2 s (a fresh solver each time), the first
//! board of a fresh solver (tables and trial deals included) under a second
//! for every built-in and preset (`examples/first_board` lists them all),
//! and an unsatisfiable scenario or a lock set with no completion reported
//! in under a second.

use divan::{black_box, Bencher};
use hexpress::model::{load, Constraints, Scenario};
use hexpress::solve::{SolveOptions, Solver};

fn main() {
    divan::main();
}

fn scenario(id: &str) -> Scenario {
    let src = hexpress::builtin::source(id).expect("built-in scenario");
    load(&src).expect("valid built-in scenario")
}

fn bench_layouts(b: Bencher, s: &Scenario, players: u8) {
    let map = s.map_for(players).expect("map");
    let solver = Solver::new(map, &s.constraints);
    let opts = SolveOptions::default();
    let mut scratch = solver.scratch();
    let mut seed = 0u64;
    // Each sample solves 200 consecutive seeds, so the figure is the mean
    // over many maps, slow seeds included.
    const BATCH: usize = 200;
    b.counter(divan::counter::ItemsCount::new(BATCH)).bench_local(|| {
        for _ in 0..BATCH {
            seed += 1;
            black_box(solver.solve_with(&mut scratch, seed, &opts).expect("solvable"));
        }
    });
}

#[divan::bench(sample_count = 30)]
fn base_default(b: Bencher) {
    bench_layouts(b, &scenario("base"), 4);
}

#[divan::bench(sample_count = 30)]
fn gold_for_catan_4p(b: Bencher) {
    bench_layouts(b, &scenario("gold-for-catan"), 4);
}

#[divan::bench(sample_count = 30)]
fn base_strict(b: Bencher) {
    let mut s = scenario("base");
    s.constraints = Constraints::strict();
    bench_layouts(b, &s, 4);
}

/// The swap chain the counting sampler replaced for the strict set (2,112
/// swaps per board, as it drew before): the "before" figure.
#[divan::bench(sample_count = 10)]
fn base_strict_swap_chain(b: Bencher) {
    let mut s = scenario("base");
    s.constraints = Constraints::strict();
    let map = s.map_for(4).expect("map");
    let solver = Solver::new(map, &s.constraints).with_chain_steps(2_112);
    let opts = SolveOptions::default();
    let mut scratch = solver.scratch();
    let mut seed = 0u64;
    const BATCH: usize = 50;
    b.counter(divan::counter::ItemsCount::new(BATCH)).bench_local(|| {
        for _ in 0..BATCH {
            seed += 1;
            black_box(solver.solve_with(&mut scratch, seed, &opts).expect("solvable"));
        }
    });
}

/// A fresh solver and its first board: tables, trial deals and the draw.
fn bench_first_board(b: Bencher, id: &str) {
    bench_first_board_for(b, id, 4);
}

/// [`bench_first_board`] for `players` (issue 42: under a second for any
/// map of at most 40 land hexes; the 5-6 player maps under the strict
/// rules draw with the Markov chain, whose preparation is in the figure).
fn bench_first_board_for(b: Bencher, id: &str, players: u8) {
    let mut s = scenario(id);
    s.constraints = Constraints::strict();
    let map = s.map_for(players).expect("map").clone();
    let c = s.constraints.clone();
    b.bench_local(|| {
        let solver = Solver::new(&map, &c);
        black_box(solver.solve(1, &SolveOptions::default()).expect("a board"))
    });
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn first_board_base_strict(b: Bencher) {
    bench_first_board(b, "base");
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn first_board_reach_catan_strict(b: Bencher) {
    bench_first_board(b, "reach-catan");
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn first_board_base_5_6_strict(b: Bencher) {
    bench_first_board_for(b, "base-5-6", 6);
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn first_board_fishermen_5_6_strict(b: Bencher) {
    bench_first_board_for(b, "fishermen-5-6", 6);
}

/// Locks fine alone with no completion: Reach Catan's Catan desert locked
/// on an outer hex under the strict set (the corner cap leaves it only
/// two inner places). Time until the proof.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn locked_no_completion_reach_catan(b: Bencher) {
    let mut s = scenario("reach-catan");
    s.constraints = Constraints::strict();
    let map = s.map_for(4).expect("map").clone();
    let c = s.constraints.clone();
    let lock = hexpress::solve::Lock {
        hex: hexpress::axial::Hex::new(4, -2),
        terrain: hexpress::vocab::Terrain::Desert,
        number: None,
    };
    b.bench_local(|| {
        let solver = Solver::with_locks(&map, &c, &[lock]).expect("the lock alone is fine");
        black_box(solver.solve(1, &SolveOptions::default()).expect_err("no completion"))
    });
}

fn fixture(name: &str) -> Scenario {
    let path = format!("{}/tests/fixtures/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("fixture exists");
    load(&hexpress::diag::Source::new(path, text)).expect("valid fixture")
}

/// One board of a large single-region map, from a fresh solver (trial
/// deals included). Without the 6/8 rule every deal is valid and they are
/// drawn exactly at any size.
fn bench_large(b: Bencher, name: &str) {
    let mut s = fixture(name);
    s.constraints.no_adjacent_red = false;
    let mut seed = 0u64;
    b.bench_local(|| {
        seed += 1;
        black_box(hexpress::solve::solve(&s, 4, seed, &SolveOptions::default()).expect("solves"))
    });
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn one_region_1027_hexes(b: Bencher) {
    bench_large(b, "large-1027");
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn one_region_9919_hexes(b: Bencher) {
    bench_large(b, "large-9919");
}

/// A large map under the 6/8 rule, from a fresh solver: the time to the
/// first board (trial deals, starting boards and the chain's diagnostics
/// included). Target: under 5 s for radius 10 and 17 (issue 42).
fn bench_chain_first(b: Bencher, s: &Scenario) {
    let mut seed = 0u64;
    b.bench_local(|| {
        seed += 1;
        black_box(hexpress::solve::solve(s, 4, seed, &SolveOptions::default()).expect("a board"))
    });
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn chain_first_board_radius_10(b: Bencher) {
    bench_chain_first(b, &fixture("large-331"));
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn chain_first_board_radius_18(b: Bencher) {
    bench_chain_first(b, &fixture("large-1027"));
}

/// Boards per second of a ready chain (radius 10, the 6/8 rule).
#[divan::bench(sample_count = 5, sample_size = 1)]
fn chain_boards_radius_10(b: Bencher) {
    let s = fixture("large-331");
    let map = s.map_for(4).expect("map");
    let solver = Solver::new(map, &s.constraints);
    let opts = SolveOptions::default();
    let mut scratch = solver.scratch();
    let mut seed = 0u64;
    const BATCH: usize = 10;
    b.counter(divan::counter::ItemsCount::new(BATCH)).bench_local(|| {
        for _ in 0..BATCH {
            seed += 1;
            black_box(solver.solve_with(&mut scratch, seed, &opts).expect("a board"));
        }
    });
}

/// A region of 9,919 hexes under the 6/8 rule: time until the refusal
/// naming the chain's limit on steps per board.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn one_region_9919_hexes_refused(b: Bencher) {
    let s = fixture("large-9919");
    b.bench_local(|| {
        black_box(hexpress::solve::solve(&s, 4, 1, &SolveOptions::default()).expect_err("refused"))
    });
}

/// Tight maps of `tests/tight.rs` and the forced colouring: a board or a
/// proof from a fresh solver. Target: under a second each.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn tight_three_colours(b: Bencher) {
    bench_tight(b, "three-colours");
}

/// A fresh solver's board (or proof) for seed 1 of fixture `name`.
fn bench_tight(b: Bencher, name: &str) {
    let s = fixture(name);
    b.bench_local(|| black_box(hexpress::solve::solve(&s, 4, 1, &SolveOptions::default())));
}

/// The forced colouring with unequal colours: a proof.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn tight_three_colours_none(b: Bencher) {
    bench_tight(b, "three-colours-none");
}

/// A map with exactly one board.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn tight_one_board(b: Bencher) {
    bench_tight(b, "one-board");
}

/// Thirty hexes under the strict rules, 8 reds among 6 fives and nines
/// (the chain with its heat-bath move).
#[divan::bench(sample_count = 3, sample_size = 1)]
fn tight_strict_30_reds(b: Bencher) {
    bench_tight(b, "strict-30-reds");
}

/// Issue 42 audit: two islands of three terrains, groups of one, strict
/// (a proof; 9 s of CPU before the cheap proofs came first).
#[divan::bench(sample_count = 3, sample_size = 1)]
fn tight_colouring_two_islands_none(b: Bencher) {
    bench_tight(b, "strict-colouring-two-islands");
}

/// Issue 42 audit: a strip crowded with pips, strict (a proof; 3.3 s of
/// CPU before the cheap proofs came first).
#[divan::bench(sample_count = 3, sample_size = 1)]
fn tight_strip_pips_none(b: Bencher) {
    bench_tight(b, "strict-strip-pips-none");
}

/// The small maps `tests/tight.rs` shares with these benches: three 6s on
/// a ring of six (a board; four on it, a proof), a row with gold among the
/// reds (a board; with no room for it, a proof).
const RING_REDS: &str = include_str!("../tests/fixtures/ring-reds.toml");
/// See [`RING_REDS`].
const GOLD_ROW: &str = include_str!("../tests/fixtures/gold-row.toml");

fn bench_text(b: Bencher, text: &str) {
    let s = load(&hexpress::diag::Source::new("tight.toml", text.to_string())).expect("valid map");
    b.bench_local(|| black_box(hexpress::solve::solve(&s, 4, 1, &SolveOptions::default())));
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn tight_ring_reds(b: Bencher) {
    bench_text(b, RING_REDS);
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn tight_ring_four_reds_proof(b: Bencher) {
    bench_text(b, &RING_REDS.replace("[6, 6, 6, 4, 4, 4]", "[6, 6, 6, 8, 4, 4]"));
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn tight_gold_row(b: Bencher) {
    bench_text(b, GOLD_ROW);
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn tight_gold_no_room_proof(b: Bencher) {
    let three = GOLD_ROW.replace("~ * * * * ~", "~ * * * ~ ~").replace(
        "tiles = { gold = 2, forest = 2 }\nnumbers = [6, 8, 5, 9]",
        "tiles = { gold = 2, forest = 1 }\nnumbers = [6, 8, 5]",
    );
    bench_text(b, &three);
}

/// An impossible rule set: time until the solver gives up with its error.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn unsatisfiable_base(b: Bencher) {
    let mut s = scenario("base");
    s.constraints = Constraints { max_corner_pips: Some(5), ..Constraints::strict() };
    let map = s.map_for(4).expect("map").clone();
    let c = s.constraints.clone();
    b.bench_local(|| {
        let solver = Solver::new(&map, &c);
        black_box(solver.solve(1, &SolveOptions::default()).expect_err("unsatisfiable"))
    });
}

/// Four reds on the ring beside a second region: a proof that names the
/// ring.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn tight_local_conflict_proof(b: Bencher) {
    let text = RING_REDS
        .replace("[6, 6, 6, 4, 4, 4]", "[6, 6, 6, 8, 4, 4]")
        .replace("\"~\" = \"sea\"", "\"~\" = \"sea\"\n\"+\" = { region = \"west\" }")
        .replace(" ~ * * ~\n~ * F * ~\n ~ * * ~", " + + ~ * * ~\n+ + + * F * ~\n + + ~ * * ~")
        .replace("[map.regions.ring]", "[map.regions.west]\ntiles = { forest = 3, hills = 2, pasture = 2 }\nnumbers = [2, 3, 4, 5, 9, 10, 11]\n[map.regions.ring]");
    bench_text(b, &text);
}

/// Issue 42 audit: a region's corner cap leaves no board (a proof; 4.3 s
/// of CPU before the solver took the region's cap as clauses).
#[divan::bench(sample_count = 3, sample_size = 1)]
fn tight_region_cap_none(b: Bencher) {
    bench_tight(b, "strict-region-cap-none");
}
