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
