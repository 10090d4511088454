//! Fault class: partial output. Everything that can fail (options,
//! templates, fonts, texts, sheet margins) fails before the first byte is
//! written, so a failed run leaves no folder, or the folder as it was; and a
//! killed run leaves no half-written file under a final name and no staging
//! folder that the next run does not clean up.

use crate::support;

use std::path::Path;
use std::time::Duration;

use support::*;

/// Runs `generate` with `extra` into a fresh folder; the run must fail with
/// `code` and create nothing. Returns standard error.
fn fails_writing_nothing(extra: &[&str], code: i32, what: &str) -> String {
    let t = scratch("partial");
    let out = t.path().join("out");
    let mut args = vec!["generate", "--seed", "1", "--out", arg(&out)];
    args.extend_from_slice(extra);
    let o = run(&args);
    let err = expect_exit(&o, code, what);
    assert!(!out.exists(), "{what}: a failed run created {:?}", names(&out));
    err
}

#[test]
fn an_unknown_format_writes_nothing() {
    let err = fails_writing_nothing(&["--formats", "svg,xyz"], 2, "--formats");
    assert!(err.contains("xyz"), "{err}");
}

#[test]
fn a_missing_templates_folder_writes_nothing() {
    let err = fails_writing_nothing(&["--templates", "no/such/folder"], 2, "--templates");
    assert!(err.contains("no/such/folder"), "{err}");
}

#[test]
fn a_title_the_fonts_cannot_draw_writes_nothing() {
    let f = fixture("cjk-title.toml");
    let err = fails_writing_nothing(&[arg(&f)], 1, "CJK title");
    assert!(err.contains("cjk-title.toml:8:10"), "points at the title: {err}");
    assert!(err.contains("U+6F22"), "{err}");
}

#[test]
fn a_control_character_in_a_text_writes_nothing() {
    let f = fixture("nul-title.toml");
    let err = fails_writing_nothing(&[arg(&f)], 1, "NUL title");
    assert!(err.contains("U+0000") && err.contains("nul-title.toml:8:10"), "{err}");
}

#[test]
fn pieces_too_large_for_the_page_write_nothing() {
    // Before, components.pdf was silently left out and the run succeeded.
    let dir = "tests/data/hardening/big-token";
    // The trade tokens of Traders and Wagons (the base game prints no tokens).
    let err = fails_writing_nothing(&["traders-and-wagons", "--templates", dir], 1, "big tokens");
    assert!(err.contains("fit on no page"), "{err}");
    // The key, its file and line, the room the margins leave and the room needed.
    assert!(err.contains("`sheets.toml`, line 4, column 10: `sheet.margin` = 30 mm"), "{err}");
    assert!(err.contains("leaves 150 x 237 mm of a4 paper"), "{err}");
    // Round tokens need no crop-mark room (they carry a cut ring).
    assert!(err.contains("a margin of at most 26.9 mm, which leaves 156.2 x 243.2 mm"), "{err}");
    // The margin it names is one the pieces really fit with, and the room
    // it states is what that margin leaves of the 210 x 297 mm page.
    let at_most = err.split("a margin of at most ").nth(1).expect("a margin to use");
    let (m, rest) = at_most.split_once(" mm, which leaves ").expect("the room it leaves");
    let fitting: f64 = m.parse().expect("a number");
    assert!(fitting < 30.0, "{err}");
    let left = |side: f64| ((side - 2.0 * fitting) * 10.0).round() / 10.0;
    let room = format!("{} x {} mm", left(210.0), left(297.0));
    assert!(rest.starts_with(&room), "{room}: {err}");
    let t = scratch("fits");
    let sheets = format!("[sheet]\nmargin = {fitting}\n\n[sizes]\ntoken = 150.0\n");
    std::fs::write(t.path().join("sheets.toml"), sheets).expect("write");
    let out = t.path().join("out");
    let o = run(&[
        "generate",
        "traders-and-wagons",
        "--seed",
        "1",
        "--templates",
        arg(t.path()),
        "--out",
        arg(&out),
    ]);
    expect_exit(&o, 0, "with the margin the message names");
}

#[test]
fn a_margin_that_leaves_no_room_for_a_map_sheet_writes_nothing() {
    // With 90 mm margins an A4 sheet keeps 30 x 117 mm: no whole hex and
    // glue strip; the map tiler would have cut hundreds of slivers, or
    // looped for ever once the room fell under the glue strip.
    for formats in ["svg", "svg,pdf,png"] {
        let args = ["--templates", "tests/data/hardening/margin", "--formats", formats];
        let err = fails_writing_nothing(&args, 1, "margin");
        assert!(err.contains("`sheets.toml`, line 20, column 10: `sheet.margin` = 90 mm"), "{err}");
        assert!(err.contains("leaves 30 x 117 mm") && err.contains("needs 88 x 99.8 mm"), "{err}");
    }
}

#[test]
fn a_failed_run_leaves_an_existing_folder_as_it_was() {
    let t = scratch("keep");
    let out = t.path();
    let ok = run(&["generate", "--seed", "1", "--formats", "svg", "--out", arg(out)]);
    expect_exit(&ok, 0, "first run");
    let before = names(out);
    let layout = std::fs::read(out.join("layout.json")).expect("written");
    let o = run(&["generate", "--seed", "2", "--formats", "svg,nope", "--out", arg(out)]);
    expect_exit(&o, 2, "second run");
    assert_eq!(names(out), before);
    assert_eq!(std::fs::read(out.join("layout.json")).expect("still there"), layout);
}

/// True when `bytes` is a whole file of its kind (by name).
fn complete(name: &str, bytes: &[u8]) -> bool {
    match Path::new(name).extension().and_then(|e| e.to_str()) {
        Some("pdf") => bytes.starts_with(b"%PDF") && bytes.trim_ascii_end().ends_with(b"%%EOF"),
        Some("png") => bytes.starts_with(b"\x89PNG") && bytes.ends_with(b"IEND\xaeB`\x82"),
        Some("svg") => bytes.trim_ascii_end().ends_with(b"</svg>"),
        Some("json") => serde_json::from_slice::<serde_json::Value>(bytes).is_ok(),
        Some("txt") => bytes.starts_with(b"PRINT PLAN\n") && bytes.ends_with(b"\n"),
        _ => false,
    }
}

#[test]
fn a_killed_run_leaves_only_whole_files_and_the_next_run_cleans_up() {
    let t = scratch("kill");
    let out = t.path().join("out");
    // Kill at a spread of moments, from before the first write to after
    // the last; whatever moment is hit, every file with a final name is
    // whole. (No timing is asserted: each moment only picks a state.)
    for (i, ms) in [5u64, 40, 120, 250, 400, 700].into_iter().enumerate() {
        let mut child =
            cmd(&["generate", "catan-world", "--seed", &i.to_string(), "--out", arg(&out)])
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .expect("spawns");
        std::thread::sleep(Duration::from_millis(ms));
        let _ = child.kill();
        let _ = child.wait();
        for name in names(&out) {
            let p = out.join(&name);
            if name.starts_with('.') || p.is_dir() {
                continue;
            }
            let bytes = std::fs::read(&p).expect("readable");
            assert!(complete(&name, &bytes), "{name} is not whole after a kill at {ms} ms");
        }
    }
    let o = run(&["generate", "--seed", "9", "--formats", "svg", "--out", arg(&out)]);
    expect_exit(&o, 0, "run after the kills");
    let left: Vec<String> = names(&out)
        .into_iter()
        .filter(|n| n.starts_with('.') && n != hexpress::export::files::MANIFEST_NAME)
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

#[test]
fn a_rerun_into_the_same_folder_removes_the_earlier_runs_files_and_no_others() {
    let t = scratch("rerun");
    let out = t.path();
    std::fs::write(out.join("notes.txt"), "mine").expect("write");
    let first = run(&["generate", "--seed", "1", "--out", arg(out)]);
    expect_exit(&first, 0, "first run");
    assert!(names(out).contains(&"map.svg".to_string()));
    let o = run(&["generate", "--seed", "2", "--layout-only", "--out", arg(out)]);
    expect_exit(&o, 0, "second run, layout only");
    // The drawings of seed 1 are gone, said so; the user's file stays.
    let manifest = hexpress::export::files::MANIFEST_NAME;
    assert_eq!(names(out), [manifest, "layout.json", "notes.txt"]);
    assert!(stdout(&o).contains("removed") && stdout(&o).contains("map.svg"), "{}", stdout(&o));
    assert_eq!(std::fs::read_to_string(out.join("notes.txt")).expect("kept"), "mine");
    let layout = std::fs::read_to_string(out.join("layout.json")).expect("layout");
    assert!(layout.contains("\"seed\": 2"), "{layout:.300}");
    // A manifest naming a file outside the folder, or a folder, touches neither.
    let outside = scratch("outside");
    std::fs::write(outside.path().join("victim.txt"), "keep").expect("write");
    std::fs::create_dir(out.join("sub")).expect("mkdir");
    let evil = format!("../{}/victim.txt\nsub\nlayout.json\n", outside.path().display());
    std::fs::write(out.join(manifest), evil).expect("write");
    let o = run(&["generate", "--seed", "3", "--formats", "svg", "--out", arg(out)]);
    expect_exit(&o, 0, "third run");
    assert!(outside.path().join("victim.txt").exists());
    assert!(out.join("sub").is_dir());
}

#[cfg(target_os = "linux")]
#[test]
fn a_run_whose_standard_output_fails_leaves_the_folder_as_it_was() {
    let t = scratch("devfull");
    let out = t.path().join("out");
    // A new folder is not created...
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let o = cmd(&["generate", "--seed", "1", "--out", arg(&out)])
        .stdout(full())
        .output()
        .expect("runs");
    let err = expect_exit(&o, 4, "> /dev/full");
    assert!(err.contains("left as it was"), "{err}");
    assert!(!out.exists(), "created {:?}", names(&out));
    // ...and an existing one keeps its files, byte for byte.
    expect_exit(&run(&["generate", "--seed", "1", "--out", arg(&out)]), 0, "first run");
    let before: Vec<(String, Vec<u8>)> = names(&out)
        .into_iter()
        .map(|n| (n.clone(), std::fs::read(out.join(&n)).expect("read")))
        .collect();
    let o = cmd(&["generate", "--seed", "2", "--layout-only", "--out", arg(&out)])
        .stdout(full())
        .output()
        .expect("runs");
    expect_exit(&o, 4, "> /dev/full");
    let after: Vec<(String, Vec<u8>)> = names(&out)
        .into_iter()
        .map(|n| (n.clone(), std::fs::read(out.join(&n)).expect("read")))
        .collect();
    assert_eq!(after, before);
}
