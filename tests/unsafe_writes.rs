//! Fault class: unsafe writes. No write follows a link planted in the
//! output folder, a second run into a folder in use is refused with a clear
//! message, and a path that is not a folder is named as such.

use crate::support;

use std::fs::File;

use support::*;

#[cfg(unix)]
#[test]
fn links_planted_in_the_output_folder_are_never_written_through() {
    let t = scratch("links");
    let outside = t.path().join("precious.txt");
    std::fs::write(&outside, "keep me").expect("write");
    let out = t.path().join("out");
    std::fs::create_dir(&out).expect("mkdir");
    // A link at a final name, at the old predictable temp name, and a
    // folder-shaped trap at a would-be staging name.
    for name in ["layout.json", "map.svg", ".layout.json.tmp-1", ".map.svg.tmp-99"] {
        std::os::unix::fs::symlink(&outside, out.join(name)).expect("symlink");
    }
    let o = run(&["generate", "--seed", "3", "--formats", "svg", "--out", arg(&out)]);
    expect_exit(&o, 0, "generate");
    assert_eq!(std::fs::read_to_string(&outside).expect("still there"), "keep me");
    for name in ["layout.json", "map.svg"] {
        let p = out.join(name);
        assert!(!p.is_symlink(), "{name} is still a link");
        assert!(std::fs::metadata(&p).expect("written").len() > 100, "{name}");
    }
}

#[test]
fn a_second_run_into_a_folder_in_use_is_refused() {
    let t = scratch("busy");
    let out = t.path();
    // Hold the folder as a running hexpress does.
    #[cfg(unix)]
    let held = File::open(out).expect("open the folder");
    #[cfg(not(unix))]
    let held = File::create(out.join(".hexpress.lock")).expect("lock file");
    held.try_lock().expect("lock");
    let o = run(&["generate", "--seed", "1", "--formats", "svg", "--out", arg(out)]);
    let err = expect_exit(&o, 4, "second run");
    assert!(err.contains("another hexpress run is writing into"), "{err}");
    assert!(err.contains("hint:"), "{err}");
    assert!(names(out).iter().all(|n| n.starts_with('.')), "{:?}", names(out));
    drop(held);
    let o = run(&["generate", "--seed", "1", "--formats", "svg", "--out", arg(out)]);
    expect_exit(&o, 0, "after the first run ends");
}

#[test]
fn two_runs_at_once_never_mix_their_files() {
    let t = scratch("race");
    let out = t.path().join("out");
    // Started together: each either writes a complete set or is refused.
    let spawn = |seed: &str| {
        cmd(&["generate", "--seed", seed, "--out", arg(&out)])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("spawns")
    };
    let (mut a, mut b) = (spawn("1"), spawn("2"));
    for status in [a.wait().expect("ends"), b.wait().expect("ends")] {
        assert!(matches!(status.code(), Some(0 | 4)), "{status:?}");
    }
    let layout: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("layout.json")).expect("one wrote"))
            .expect("whole JSON");
    let seed = layout["seed"].as_u64().expect("seed");
    // map.svg belongs to the same run as layout.json.
    let svg = std::fs::read_to_string(out.join("map.svg")).expect("map.svg");
    assert!(svg.contains(&format!("seed {seed}")), "map.svg is from another run than layout.json");
}

#[test]
fn an_output_path_that_is_a_file_is_named() {
    let t = scratch("file");
    let f = t.path().join("not-a-folder");
    std::fs::write(&f, "x").expect("write");
    let o = run(&["generate", "--seed", "1", "--formats", "svg", "--out", arg(&f)]);
    let err = expect_exit(&o, 4, "file as --out");
    assert!(err.contains("is not a folder") && err.contains("--out"), "{err}");
    assert_eq!(std::fs::read_to_string(&f).expect("kept"), "x");
}
