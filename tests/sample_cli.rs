//! `hexpress sample`: JSON lines that reproduce `generate`, whatever the
//! number of threads, and that end quietly when the reader stops.

use std::io::Read;
use std::process::{Command, Output, Stdio};

fn hexpress(args: &[&str], threads: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexpress"))
        .args(args)
        .env("RAYON_NUM_THREADS", threads)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

#[test]
fn line_k_is_the_board_generate_lays_out_with_seed_plus_k() {
    let out = hexpress(&["sample", "gold-for-catan", "--count", "5", "--seed", "40", "-q"], "2");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5);
    let dir = std::env::temp_dir().join(format!("hexpress-sample-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().expect("utf-8 path");
    let gen = hexpress(
        &["generate", "gold-for-catan", "--seed", "43", "--layout-only", "-q", "--out", d],
        "1",
    );
    assert!(gen.status.success(), "{}", String::from_utf8_lossy(&gen.stderr));
    let saved = std::fs::read_to_string(dir.join("layout.json")).expect("layout.json");
    let joined: String = saved.lines().map(str::trim_start).collect();
    assert_eq!(lines[3], joined);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_output_does_not_depend_on_the_thread_count() {
    let args = ["sample", "base", "--count", "5000", "--seed", "9", "-q"];
    let one = hexpress(&args, "1");
    let two = hexpress(&args, "2");
    assert!(one.status.success());
    assert_eq!(one.stdout.len(), two.stdout.len());
    assert!(one.stdout == two.stdout, "1 and 2 threads wrote different boards");
    let seeds: Vec<u64> = String::from_utf8_lossy(&one.stdout)
        .lines()
        .map(|l| {
            let at = l.find("\"seed\": ").expect("seed key") + 8;
            l[at..].split(',').next().expect("value").parse().expect("number")
        })
        .collect();
    assert_eq!(seeds, (9..5009).collect::<Vec<u64>>());
}

#[test]
fn a_reader_that_stops_early_ends_the_run_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexpress"))
        .args(["sample", "base", "--count", "200000", "--seed", "1", "-q"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns");
    let mut first = [0u8; 64];
    child.stdout.take().expect("stdout").read_exact(&mut first).expect("some output");
    // Dropping our end closes the pipe, like `| head -c 64`.
    let status = child.wait().expect("ends");
    let mut err = String::new();
    child.stderr.take().expect("stderr").read_to_string(&mut err).expect("stderr");
    assert!(status.success(), "exit {status:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_player_count_without_a_map_fails_before_any_board_is_written() {
    let out = hexpress(&["sample", "tests/fixtures/one-board.toml", "--players", "3"], "1");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--players"));
}

/// Scenarios with face-down regions keep their chips in stacks that only the
/// layout holds; `sample` once refused every such board as broken.
#[test]
fn face_down_scenarios_sample_like_generate() {
    for id in ["fog-islands", "catan-world", "seven-islands", "reach-catan"] {
        let out = hexpress(&["sample", id, "--count", "3", "--seed", "11", "-q"], "2");
        assert!(out.status.success(), "{id}: {}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).expect("utf-8");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{id}");
        let dir =
            std::env::temp_dir().join(format!("hexpress-sample-fd-{id}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let d = dir.to_str().expect("utf-8 path");
        let gen =
            hexpress(&["generate", id, "--seed", "12", "--layout-only", "-q", "--out", d], "1");
        assert!(gen.status.success(), "{id}: {}", String::from_utf8_lossy(&gen.stderr));
        let saved = std::fs::read_to_string(dir.join("layout.json")).expect("layout.json");
        let joined: String = saved.lines().map(str::trim_start).collect();
        assert_eq!(lines[1], joined, "{id}: line 1 is generate --seed 12");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// `--threads N` changes where boards are drawn, never what is written: the
/// lines of `--measures` and `--balanced` (the bar draw's reused buffers,
/// the seat simulation) are the same bytes on 1, 2 and 3 threads, across
/// several blocks of the parallel chunk.
#[test]
fn measures_and_balanced_lines_do_not_depend_on_the_thread_count() {
    for (mode, count) in [("--measures", "700"), ("--balanced", "600")] {
        let run = |threads: &str| {
            let args = ["sample", "base", "--count", count, "--seed", "31", "-q", mode];
            let out = hexpress(&[&args[..], &["--threads", threads]].concat(), "1");
            assert!(out.status.success(), "{mode}: {}", String::from_utf8_lossy(&out.stderr));
            out.stdout
        };
        let one = run("1");
        assert_eq!(
            String::from_utf8_lossy(&one).lines().count(),
            count.parse::<usize>().expect("a number")
        );
        assert!(String::from_utf8_lossy(&one).contains("\"seat_gap\":"), "{mode}");
        for threads in ["2", "3"] {
            assert!(run(threads) == one, "{mode}: 1 and {threads} threads wrote different lines");
        }
    }
}

/// A bar draw keeps the measures it took while rejecting (the seats only
/// once the rest cleared) and completes them: they must equal measuring
/// the board afresh, and buffers reused from draw to draw must give the
/// board and figures a fresh draw gives. Several bars: the default, one
/// without the seat condition, the pips policy, and the seats scored on
/// the fast path; several maps and player counts.
#[test]
fn a_bar_draw_carries_the_measures_of_its_board() {
    use hexpress::balance::{BarBuffers, BarOptions, BarSampler, Config, Evaluator};
    let cases = [
        ("base", 4, "", false),
        ("base", 3, "", false),
        ("base", 4, "[bar]\nseat_gap = false\n", false),
        ("base", 4, "[seats]\npolicy = \"pips\"\n", false),
        ("base", 4, "", true),
        ("gold-for-catan", 4, "", false),
        ("fog-islands", 3, "", false),
    ];
    for (id, players, text, seats_fast) in cases {
        let source = hexpress::builtin::source(id).expect("built-in");
        let s = hexpress::model::load(&source).expect("valid");
        let config = Config::parse(text).expect("valid config");
        let map = s.map_for(players).expect("map");
        let solver = hexpress::solve::Solver::new(map, &s.constraints);
        let eval = Evaluator::for_players(map, players)
            .with_policy(config.policy)
            .scoring_seats(seats_fast);
        let sampler = BarSampler::new(&solver, &eval, &config.bar, &BarOptions::default())
            .expect("a bar the map clears");
        let (mut sc, mut bufs) = (solver.scratch(), BarBuffers::default());
        for seed in 0..120 {
            let d = sampler.draw_reusing(&mut sc, &mut bufs, seed).expect("a board");
            let case = format!("{id} {players}p {text:?} seed {seed}");
            assert_eq!(d.measures, eval.measure(&d.layout), "{case}");
            assert!(config.bar.clears(&d.measures), "{case}");
            let fresh = sampler.draw(seed).expect("a board");
            assert_eq!(fresh.layout, d.layout, "{case}");
            assert_eq!(fresh.measures, d.measures, "{case}");
            assert_eq!(fresh.candidate_seed, d.candidate_seed, "{case}");
        }
    }
}
