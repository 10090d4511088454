//! The fairness bar (issue 28): `--balanced` draws uniformly among the
//! valid boards that clear it; `--balanced best` keeps today's search.
//!
//! Uniformity is judged against a rejection reference written here: uniform
//! boards, measured and filtered by `tests/fairness` (its own measures and
//! thresholds, not the library's bar code). For the default bar the uniform
//! boards come from `hexpress sample --measures`, and every line's
//! `meets_bar` must agree with the independent computation. Where chips,
//! red chips, deserts, terrains and harbors land is compared by the
//! two-sample chi-square of `tests/sampling`, whose threshold is measured on
//! random splits of the reference itself (the largest seen, times a margin).
//!
//! The restricted chain is checked against rejection where both work: at a
//! tight bar (about 1 board in 50 clears it, so the reference is cheap) with
//! the chain forced; the pilot would choose it itself only below about 1 in
//! 10,000, where a rejection reference is out of a test's reach.

use crate::fairness;
use crate::sampling;

use std::path::{Path, PathBuf};
use std::process::Command;

use fairness::{measure, Board as FBoard, RefBar};
use hexpress::axial::{Direction, Hex};
use hexpress::balance::{BarMethod, BarOptions, BarSampler, Config, Evaluator};
use hexpress::model::{load, MapDef};
use hexpress::solve::Solver;
use hexpress::vocab::{HarborKind, Terrain};
use rayon::prelude::*;
use sampling::{chi2, code, counts, null_chi2, Board, FAMILIES};
use serde_json::Value;

/// Random splits of the reference that measure the null spread.
const SPLITS: usize = 200;
/// Margin over the largest null statistic seen.
const MARGIN: f64 = 1.3;

fn bin(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_hexpress"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("hexpress-bar-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// One `sample` line as the bar tests read it.
struct Sampled {
    board: FBoard,
    seed: Value,
    meets_bar: Option<bool>,
    mode: Option<String>,
    /// The library's seat gap (see [`SEAT_GAP`]).
    seat_gap: Option<f64>,
}

/// The default bar's seat condition as docs/balance.md states it: the seat
/// simulation's gap (its default `variety` policy) at most 2 pips. The
/// reference reads the gap from each line, the library's seat simulation
/// (the `pips` draft is checked against an independent one in
/// `tests/seats.rs`); every other threshold it computes itself.
const SEAT_GAP: f64 = 2.0;

/// `sample` lines read into types (tens of thousands of lines: no JSON
/// value is built for them).
fn sample_boards(args: &[&str]) -> Vec<Sampled> {
    #[derive(serde::Deserialize)]
    struct Balance {
        meets_bar: Option<bool>,
        mode: Option<String>,
        seat_gap: Option<f64>,
    }
    #[derive(serde::Deserialize)]
    struct Line {
        seed: Value,
        hexes: Vec<fairness::JsonHex>,
        harbors: Vec<fairness::JsonHarbor>,
        balance: Balance,
    }
    sample_text(args)
        .lines()
        .map(|l| {
            let line: Line = serde_json::from_str(l).expect("a sample line");
            Sampled {
                board: FBoard::from_typed(line.hexes, line.harbors),
                seed: line.seed,
                meets_bar: line.balance.meets_bar,
                mode: line.balance.mode,
                seat_gap: line.balance.seat_gap,
            }
        })
        .collect()
}

/// `sample` lines as JSON values.
fn sample(args: &[&str]) -> Vec<Value> {
    sample_text(args).lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect()
}

/// The text `sample` writes for `args`.
fn sample_text(args: &[&str]) -> String {
    // A folder of its own: tests run at once and each clears its folder.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let k = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = temp(&format!("sample-{k}"));
    let out = dir.join("boards.jsonl");
    let mut a: Vec<&str> = vec!["sample", "-q", "--out", out.to_str().expect("utf-8")];
    a.extend_from_slice(args);
    let o = bin(&a);
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&out).expect("read");
    let _ = std::fs::remove_dir_all(&dir);
    text
}

/// A `layout.json` value as the chi-square tools' board.
fn stat_board(map: &MapDef, b: &FBoard) -> Board {
    let at = |h: Hex| map.board.index[&h];
    Board {
        terrain: b.terrain.iter().map(|t| Terrain::from_name(t).expect("terrain")).collect(),
        number: b.number.clone(),
        harbors: b
            .harbors
            .iter()
            .map(|(w, toward, kind)| {
                let d = toward.and_then(|t| w.direction_to(t)).map(Direction::index);
                (at(*w), HarborKind::from_name(kind).expect("kind"), d)
            })
            .collect(),
    }
}

/// The families whose statistic exceeds the null spread.
fn compare(name: &str, ours: &[Board], reference: &[Board]) -> Vec<String> {
    let n = ours.len();
    assert!(reference.len() >= 2 * n, "{name}: {} reference boards for {n}", reference.len());
    let mut bad = Vec::new();
    for f in FAMILIES {
        let coded = code(f, &[ours, reference]);
        let stat = chi2(&counts(&coded[0], 0..n), &counts(&coded[1], 0..n));
        let null = null_chi2(&coded[1], n, SPLITS, 11);
        let max = null.iter().copied().fold(0.0, f64::max);
        eprintln!("{name} {f}: {stat:.1} vs null max {max:.1}");
        if stat > MARGIN * max {
            bad.push(format!("{name} {f}: chi2 {stat:.1} > {MARGIN} x {max:.1}"));
        }
    }
    bad
}

#[test]
fn default_bar_draws_match_an_independent_rejection_reference() {
    let bar = RefBar::documented_default();
    let n = 500;
    let mut failures = Vec::new();
    let seats_ok = |v: &Sampled| v.seat_gap.expect("a seat gap") <= SEAT_GAP + 1e-9;
    for (id, players, reference_lines) in [("base", "4", 40_000), ("gold-for-catan", "4", 40_000)] {
        let s = load(&hexpress::builtin::source(id).unwrap()).unwrap();
        let map = s.map_for(players.parse().unwrap()).unwrap();
        // The reference: uniform boards, kept when they clear the bar as
        // computed here; the library's own verdict on each must agree.
        let lines = reference_lines.to_string();
        let uniform =
            sample_boards(&[id, "-p", players, "-n", &lines, "--seed", "700000", "--measures"]);
        let mut reference = Vec::new();
        for v in &uniform {
            let m = measure(&v.board);
            let clears = bar.clears(&m) && seats_ok(v);
            assert_eq!(v.meets_bar, Some(clears), "{id}: meets_bar disagrees on {m:?}");
            if clears {
                reference.push(stat_board(map, &v.board));
            }
        }
        // hexpress's draws: every one clears every threshold.
        let count = n.to_string();
        let drawn = sample_boards(&[id, "-p", players, "-n", &count, "--seed", "1", "--balanced"]);
        let ours: Vec<Board> = drawn
            .iter()
            .map(|v| {
                let misses = bar.misses(&measure(&v.board));
                assert!(misses.is_empty(), "{id} seed {}: misses {misses:?}", v.seed);
                assert!(seats_ok(v), "{id} seed {}: seat gap {:?}", v.seed, v.seat_gap);
                assert_eq!(v.mode.as_deref(), Some("bar"));
                assert_eq!(v.meets_bar, Some(true));
                stat_board(map, &v.board)
            })
            .collect();
        failures.extend(compare(id, &ours, &reference));
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// A bar about 1 board in 50 clears on the base game and Gold for Catan.
fn tight() -> RefBar {
    RefBar {
        corner_max: Some(11),
        resource_floor: Some(0.75),
        red_same_resource: Some(0),
        high_pairs: Some(6),
        harbor_max: Some(6),
        largest_group: None,
    }
}

#[test]
fn the_restricted_chain_matches_rejection_at_a_tight_bar() {
    let bar = tight();
    let config = Config::parse(&bar.toml()).expect("the test's bar parses");
    let n = 300usize;
    let mut failures = Vec::new();
    for (id, players) in [("base", 4u8), ("gold-for-catan", 4)] {
        let s = load(&hexpress::builtin::source(id).unwrap()).unwrap();
        let map = s.map_for(players).unwrap();
        let solver = Solver::new(map, &s.constraints);
        // Reference: uniform boards of the solver (itself checked against an
        // exact sampler in tests/uniform.rs), kept by the test's own bar.
        let mut reference: Vec<Board> = Vec::new();
        let mut next = 2_000_000u64;
        while reference.len() < 2 * n {
            let batch: Vec<Board> = (next..next + 20_000)
                .into_par_iter()
                .filter_map(|seed| {
                    let l = solver.solve(seed, &Default::default()).expect("board");
                    bar.clears(&measure(&FBoard::of(&l))).then(|| Board::of(map, &l))
                })
                .collect();
            reference.extend(batch);
            next += 20_000;
            assert!(next < 4_000_000, "{id}: the tight bar lets too few boards through");
        }
        let eval = Evaluator::for_players(map, players);
        let opts =
            BarOptions { force: Some(BarMethod::Chain { steps: 0 }), ..BarOptions::default() };
        let sampler = BarSampler::new(&solver, &eval, &config.bar, &opts).expect("a start");
        assert!(matches!(sampler.method(), BarMethod::Chain { .. }));
        let ours: Vec<Board> = (0..n as u64)
            .into_par_iter()
            .map(|seed| {
                let d = sampler.draw(seed).expect("draw");
                let misses = bar.misses(&measure(&FBoard::of(&d.layout)));
                assert!(misses.is_empty(), "{id} seed {seed}: misses {misses:?}");
                assert!(d.run.expect("a chain run").moved > 0);
                Board::of(map, &d.layout)
            })
            .collect();
        failures.extend(compare(&format!("{id} (chain)"), &ours, &reference));
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn the_chain_is_caught_when_it_does_not_move_far_enough() {
    // The power check: the same chain with far too few steps stays near its
    // start, and the comparison must see it.
    let bar = tight();
    let config = Config::parse(&bar.toml()).expect("the test's bar parses");
    let s = load(&hexpress::builtin::source("base").unwrap()).unwrap();
    let map = s.map_for(4).unwrap();
    let solver = Solver::new(map, &s.constraints);
    let mut reference: Vec<Board> = Vec::new();
    let mut next = 3_000_000u64;
    while reference.len() < 400 {
        let batch: Vec<Board> = (next..next + 20_000)
            .into_par_iter()
            .filter_map(|seed| {
                let l = solver.solve(seed, &Default::default()).expect("board");
                bar.clears(&measure(&FBoard::of(&l))).then(|| Board::of(map, &l))
            })
            .collect();
        reference.extend(batch);
        next += 20_000;
    }
    let eval = Evaluator::for_players(map, 4);
    let opts = BarOptions { force: Some(BarMethod::Chain { steps: 0 }), ..BarOptions::default() };
    let sampler = BarSampler::new(&solver, &eval, &config.bar, &opts).expect("a start");
    let short = sampler.with_chain_steps(40);
    let ours: Vec<Board> =
        (0..200u64).map(|seed| Board::of(map, &short.draw(seed).expect("draw").layout)).collect();
    assert!(!compare("base (40 steps)", &ours, &reference).is_empty());
}

/// Today's search, kept as `--balanced best`: for the seeds its reference
/// outputs were made with (before the bar existed), the layout is byte for
/// byte the same and so is every key of its `balance` object; keys added
/// since only follow the old ones.
#[test]
fn balanced_best_output_is_unchanged_for_fixed_seeds() {
    let cases = [
        ("base", 4, 3, 2000),
        ("base", 4, 42, 5000),
        ("gold-for-catan", 3, 9, 1000),
        ("seven-islands", 4, 5, 1500),
        ("fishermen", 4, 7, 1000),
    ];
    for (id, players, seed, n) in cases {
        let dir = temp(&format!("best-{id}-{seed}"));
        let (p, s, c) = (players.to_string(), seed.to_string(), n.to_string());
        let o = bin(&[
            "generate",
            id,
            "--players",
            &p,
            "--seed",
            &s,
            "--balanced",
            "best",
            "--candidates",
            &c,
            "--layout-only",
            "-q",
            "--out",
            dir.to_str().expect("utf-8"),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let new = std::fs::read_to_string(dir.join("layout.json")).expect("layout.json");
        let old_path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("tests/ref/balanced-best/{id}-{players}-{seed}.json"));
        let old = std::fs::read_to_string(old_path).expect("reference");
        assert_eq!(strip_additions(&new), old, "{id} seed {seed}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The text of a `--balanced best` layout.json without the keys added
/// after the first version (each only ever appended to its object).
fn strip_additions(text: &str) -> String {
    let mut t = text.to_string();
    // Top level of `balance`: everything from `mode` on.
    let start = t.find(",\"mode\":\"best\"").expect("mode");
    let end = t[start..].rfind('}').expect("end of balance") + start;
    // The balance object is the last key: its closing brace is the last but one.
    let close = t[..t.rfind('}').expect("end")].rfind('}').expect("balance close");
    assert!(end >= close);
    t.replace_range(start..close, "");
    // Inside `random` and `weights`.
    for (key, till) in [(",\"seat_gap_drawn\":", '}'), (",\"seat_gap\":", '}')] {
        let at = t.find(key).unwrap_or_else(|| panic!("{key}"));
        let stop = t[at..].find(till).expect("object end") + at;
        t.replace_range(at..stop, "");
    }
    // The top-level `command` line (the recipe that makes the board again).
    let at = t.find("  \"command\": ").expect("command");
    let stop = t[at..].find('\n').expect("end of line") + at + 1;
    t.replace_range(at..stop, "");
    // The sampler's `guarantee` (what its method promises, issue 42).
    if let Some(at) = t.find(",\"guarantee\":\"") {
        let stop = t[at + 14..].find('"').expect("end of guarantee") + at + 15;
        t.replace_range(at..stop, "");
    }
    t
}

#[test]
fn an_impossible_bar_is_refused_naming_its_thresholds() {
    let dir = temp("impossible");
    let w = dir.join("w.toml");
    std::fs::write(&w, "[bar]\ncorner_max = 4\nhigh_pairs = 0\n").expect("write");
    let o = bin(&[
        "generate",
        "base",
        "--seed",
        "1",
        "--balanced",
        "--weights",
        w.to_str().expect("utf-8"),
        "--layout-only",
        "--out",
        dir.join("out").to_str().expect("utf-8"),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.contains("found no board of `base` that clears the fairness bar"), "{err}");
    assert!(err.contains("`corner_max`"), "{err}");
    assert!(err.contains("not a proof"), "a search never claims that no board exists: {err}");
    assert!(!dir.join("out").exists(), "nothing is written");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_thresholds_are_errors_at_their_line_and_column() {
    let dir = temp("bad");
    for (text, at, says) in [
        ("[bar]\ncorner_max = 12\nhigh_pairs = -2\n", ":3:14", "at least 0"),
        ("[bar]\nresource_floor = nan\n", ":2:18", "finite"),
        ("[bar]\n  corner_maxx = 3\n", ":2:3", "did you mean `corner_max`?"),
        ("[weights]\nseat_gap = -1\n", ":2:12", "at least 0"),
        ("[weights]\nseat_gap = inf\n", ":2:12", "finite"),
    ] {
        let w = dir.join("w.toml");
        std::fs::write(&w, text).expect("write");
        for args in [
            vec!["generate", "base", "--balanced", "--layout-only", "--weights"],
            vec!["sample", "base", "-n", "2", "--weights"],
        ] {
            let mut a = args.clone();
            a.push(w.to_str().expect("utf-8"));
            let o = bin(&a);
            let err = String::from_utf8_lossy(&o.stderr);
            assert_eq!(o.status.code(), Some(1), "{text}: {err}");
            assert!(err.contains(&format!("w.toml{at}")), "{text}: {err}");
            assert!(err.contains(says), "{text}: {err}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_sample_line_is_the_generated_board() {
    let lines = sample(&["base", "-n", "3", "--seed", "40", "--balanced"]);
    let dir = temp("one");
    let o = bin(&[
        "generate",
        "base",
        "--seed",
        "42",
        "--balanced",
        "--layout-only",
        "-q",
        "--out",
        dir.to_str().expect("utf-8"),
    ]);
    assert!(o.status.success());
    let one: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("layout.json")).expect("read"))
            .expect("JSON");
    assert_eq!(one, lines[2]);
    assert_eq!(one["balance"]["bar"]["corner_max"], 12.0);
    assert!(one["balance"]["seats"].as_array().expect("seats").len() == 4);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The 5-6 player extension's chips (six reds on five resources) can always
/// be balanced: the bar counts red pairs beyond the one they force.
#[test]
fn a_five_six_player_map_gets_balanced_boards() {
    let dir = temp("five-six");
    for players in ["5", "6"] {
        let lines =
            sample(&["tests/fixtures/five-six.toml", "-p", players, "-n", "4", "--balanced"]);
        for v in &lines {
            assert_eq!(v["balance"]["meets_bar"], true);
            assert_eq!(v["balance"]["seats"].as_array().expect("seats").len().to_string(), players);
            let red = v["balance"]["measures"]["red_same_resource"].as_u64().expect("red pairs");
            assert_eq!(red, 1, "six reds on five resources share exactly one pair at best");
        }
    }
    let o = bin(&["validate", "tests/fixtures/five-six.toml"]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).is_empty(), "no warning");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `validate` warns, before anyone asks for a balanced board, when no board
/// of a map clears the default bar (here a fixed corner of 13 pips).
#[test]
fn validate_reports_a_bar_no_board_clears() {
    let o = bin(&["validate", "tests/fixtures/bar-unreachable.toml"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "a warning, not an error: {err}");
    assert!(
        err.contains(
            "found no board of `bar-unreachable` for 4 players that clears the fairness bar"
        ),
        "{err}"
    );
    assert!(err.contains("`corner_max` (13, at most 12)"), "{err}");
    let o = bin(&[
        "balance",
        "tests/fixtures/bar-unreachable.toml",
        "--samples",
        "300",
        "-s",
        "1",
        "--out",
        temp("unreachable").to_str().expect("utf-8"),
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("clears the fairness bar: `--balanced` will likely fail there"), "{out}");
}

/// Issue 40's bar: every built-in at every player count gets balanced
/// boards (the bar adapts to its chips), and `validate` warns of no bar
/// beforehand.
#[test]
fn every_builtin_at_every_player_count_gets_balanced_boards() {
    for id in hexpress::builtin::ids() {
        let s = crate::common::builtin(id);
        for players in s.meta.players.iter().map(u8::to_string) {
            let lines = sample(&[id, "-p", &players, "-n", "2", "-s", "3", "--balanced"]);
            assert_eq!(lines.len(), 2, "{id} {players}p");
            for v in &lines {
                assert_eq!(v["balance"]["meets_bar"], true, "{id} {players}p");
            }
        }
        let o = bin(&["validate", id]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "{id}: {err}");
        assert!(!err.contains("fairness bar"), "{id}: {err}");
    }
}

/// A bar's rejection is exact only over exact draws: among boards that a
/// Markov chain drew it is as uniform as they are (`generate`, `balance` and
/// `sample` print these words).
#[test]
fn rejection_over_a_chain_is_called_approximate() {
    use hexpress::solve::Sampler;
    let chain = Sampler::Chain { steps: 1000, moved: 10, start_nodes: 0, check: None };
    let exact = Sampler::Rejection { deals: 3 };
    let over_chain = BarMethod::Rejection.guarantee_over(&chain);
    assert!(over_chain.starts_with("approximately uniform"), "{over_chain}");
    assert_eq!(BarMethod::Rejection.guarantee_over(&exact), "uniform, exact (rejection)");
    let restricted = BarMethod::Chain { steps: 5 }.guarantee_over(&exact);
    assert!(restricted.starts_with("approximately uniform"), "{restricted}");
    let thinned = BarMethod::RejectionOverChain { thin: 7 };
    for boards in [&chain, &exact] {
        let g = thinned.guarantee_over(boards);
        assert!(g.starts_with("approximately uniform") && g.contains("one every 7 steps"), "{g}");
    }
    assert_eq!(thinned.name(), "rejection-over-chain");
}

/// On a map only the Markov chain draws (the three-colouring of
/// `tests/tight.rs`), `--balanced` rejects among the boards of one chain
/// run, and layout.json says so: `balance.method` is
/// `rejection-over-chain` (a value of the layout schema), no candidate seed
/// gives the board alone, the chain's step count covers one board's steps
/// plus the thinned steps of every further candidate, and the terminal
/// calls the draw approximately uniform.
#[test]
fn a_balanced_board_over_the_chain_says_how_it_was_drawn() {
    let dir = temp("over-chain");
    let o = bin(&[
        "generate",
        "tests/fixtures/three-colours.toml",
        "--balanced",
        "--layout-only",
        "--seed",
        "5",
        "--out",
        dir.to_str().expect("utf-8 path"),
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(dir.join("layout.json")).expect("layout.json");
    let doc: Value = serde_json::from_str(&text).expect("JSON");
    let (sampler, balance) = (&doc["sampler"], &doc["balance"]);
    assert_eq!(sampler["method"], "markov-chain", "{sampler}");
    assert_eq!(balance["method"], "rejection-over-chain", "{balance}");
    assert_eq!(balance["meets_bar"], true);
    assert!(balance["candidate_seed"].is_null(), "{balance}");
    let schema: Value = serde_json::from_str(&hexpress::schema::layout_schema()).expect("schema");
    let methods = &schema["properties"]["balance"]["properties"]["method"]["enum"];
    assert!(methods.as_array().is_some_and(|m| m.contains(&balance["method"])), "{methods}");
    // Steps: a first board's worth, then `thin` per further candidate.
    let candidates = balance["candidates"].as_u64().expect("candidates");
    let steps = sampler["steps"].as_u64().expect("steps");
    let plain = bin(&[
        "generate",
        "tests/fixtures/three-colours.toml",
        "--layout-only",
        "--seed",
        "5",
        "--out",
        dir.join("plain").to_str().expect("utf-8"),
    ]);
    assert!(plain.status.success());
    let plain: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("plain/layout.json")).expect("plain layout.json"),
    )
    .expect("JSON");
    let per_board = plain["sampler"]["steps"].as_u64().expect("steps");
    let thin = per_board / hexpress::balance::CHAIN_THIN_DIVISOR;
    assert_eq!(steps, per_board + (candidates - 1) * thin, "{sampler} {balance}");
    assert!(
        out.contains("approximately uniform (rejection among the boards of one Markov chain run"),
        "{out}"
    );
    assert!(out.contains("of one Markov chain run (one every"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The chain run `--balanced` rejects among: its first board is the plain
/// board of the same seed, each next one `thin` steps further on (and the
/// run exists only on a map the chain draws).
#[test]
fn a_chain_run_starts_at_the_plain_board_and_goes_on() {
    use hexpress::solve::SolveOptions;
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/three-colours.toml");
    let text = std::fs::read_to_string(&path).expect("fixture");
    let s =
        load(&hexpress::diag::Source::new(path.to_str().expect("utf-8"), &text)).expect("loads");
    let solver = Solver::new(s.map_for(4).expect("4 players"), &s.constraints);
    let per_board = solver.chain_board_steps().expect("only the chain draws this map");
    let opts = SolveOptions::default();
    let mut run = solver.chain_boards(9, 1000, &opts).expect("draws").expect("a chain run");
    let first = run.next_board().expect("a board");
    let plain = solver.solve(9, &opts).expect("a board");
    assert_eq!(first.hexes, plain.hexes);
    let second = run.next_board().expect("a board");
    let steps = |l: &hexpress::solve::Layout| match l.sampler {
        hexpress::solve::Sampler::Chain { steps, .. } => steps,
        _ => panic!("a chain board"),
    };
    assert_eq!((steps(&first), steps(&second)), (per_board, per_board + 1000));
    let base = load(&hexpress::builtin::source("base").expect("base")).expect("base loads");
    let exact = Solver::new(base.map_for(4).expect("4 players"), &base.constraints);
    assert!(exact.chain_board_steps().is_none());
    assert!(exact.chain_boards(9, 1000, &opts).expect("draws").is_none());
}
