//! Fault class: unbounded memory and time. Every limit of `src/limits.rs`
//! is named in its error with the value and the limit; the largest accepted
//! inputs run within 512 MB (asserted by running them under `ulimit -v`, so
//! going over would abort, not by measuring); every search stops at its
//! node budget and at its deadline.

use crate::support;

use std::time::{Duration, Instant};

use hexpress::diag::Source;
use hexpress::limits::*;
use hexpress::model;
use hexpress::solve::{self, SolveError, SolveOptions, Stop};
use support::*;

#[test]
fn an_endless_input_ends_at_the_size_cap() {
    let o = run(&["validate", "/dev/zero"]);
    let err = expect_exit(&o, 1, "/dev/zero");
    assert!(err.contains("MAX_INPUT_BYTES") && err.contains(&MAX_INPUT_BYTES.to_string()), "{err}");
    assert_eq!(err.matches("error:").count(), 1, "reported once: {err}");
    let big = vec![b'#'; MAX_INPUT_BYTES as usize + 10];
    let o = run_with_stdin(&["validate", "-"], &big);
    let err = expect_exit(&o, 1, "stdin");
    assert!(err.contains("MAX_INPUT_BYTES"), "{err}");
}

/// A scenario of one map drawn as an `n` x `m` block of random slots.
fn block_scenario(n: usize, m: usize) -> String {
    let rows: Vec<String> = (0..m)
        .map(|r| format!("{}{}", if r % 2 == 1 { "  " } else { "" }, vec!["*"; n].join("   ")))
        .collect();
    let k = n * m;
    format!(
        "[scenario]\nid = \"block\"\ntitle = \"Block\"\nplayers = [4]\n\n[legend]\n\"*\" = {{ region = \"main\" }}\n\n\
         [[map]]\nplayers = [4]\nhexes = \"\"\"\n{}\n\"\"\"\n\n[map.regions.main]\n\
         tiles = {{ forest = {}, hills = {} }}\nnumbers = [{}]\n",
        rows.join("\n"),
        k / 2,
        k - k / 2,
        vec!["5"; k].join(", ")
    )
}

#[test]
fn hex_count_and_span_limits_are_named() {
    // 150 x 150 = 22,500 hexes: over MAX_HEXES (and, drawn, over the span).
    let d = model::load(&Source::new("big.toml", block_scenario(150, 150))).expect_err("refused");
    let text = hexpress::diag::render(&Source::new("big.toml", block_scenario(150, 150)), &d);
    assert!(text.contains("MAX_HEXES") && text.contains("22500"), "{text}");
    let o = run(&["validate", arg(&fixture("too-wide.toml"))]);
    let err = expect_exit(&o, 1, "too wide");
    assert!(err.contains("202 hexes wide") && err.contains("`MAX_MAP_SPAN`"), "{err}");
}

#[test]
fn a_large_sparse_map_is_laid_out_but_not_drawn() {
    let t = scratch("sparse");
    let f = fixture("far-apart.toml");
    let o = run_within_512_mb(&["generate", arg(&f), "--seed", "1", "--out", arg(t.path())]);
    let err = expect_exit(&o, 1, "drawing a far-apart map");
    assert!(err.contains("MAX_DRAWN_SPAN") && err.contains("201 hexes across"), "{err}");
    assert!(names(t.path()).is_empty());
    let o = run_within_512_mb(&[
        "generate",
        arg(&f),
        "--seed",
        "1",
        "--layout-only",
        "--out",
        arg(t.path()),
    ]);
    expect_exit(&o, 0, "layout only");
    assert_eq!(names(t.path()), [hexpress::export::files::MANIFEST_NAME, "layout.json"]);
}

#[test]
fn the_widest_drawn_map_fits_in_512_mb() {
    let t = scratch("widest");
    let f = fixture("far-drawn.toml");
    // Asked for at 100 dpi, its preview would be too large: named, exit 1.
    let o = run_within_512_mb(&[
        "generate",
        arg(&f),
        "--seed",
        "1",
        "--formats",
        "png",
        "--dpi",
        "100",
        "--out",
        arg(t.path()),
    ]);
    let err = expect_exit(&o, 1, "preview");
    assert!(err.contains("MAX_PREVIEW_PIXELS") && err.contains("--dpi"), "{err}");
    assert!(names(t.path()).is_empty());
    // With the defaults, the preview fits itself under the limit (and -v
    // says so), drawn within 512 MB.
    let o = run_within_512_mb(&[
        "generate",
        arg(&f),
        "--seed",
        "1",
        "-v",
        "--formats",
        "png",
        "--out",
        arg(t.path()),
    ]);
    expect_exit(&o, 0, "the widest map's preview");
    let err = stderr(&o);
    assert!(err.contains("preview.png: drawn at 17 dpi, not the default 100"), "{err}");
    let png = std::fs::read(t.path().join("preview.png")).expect("preview");
    let (w, h) = (
        u32::from_be_bytes(png[16..20].try_into().expect("width")),
        u32::from_be_bytes(png[20..24].try_into().expect("height")),
    );
    assert!(u64::from(w) * u64::from(h) <= MAX_PREVIEW_PIXELS, "{w} x {h}");
    // Its overview and handout pictures could not be read on any paper
    // (issue 22): said before anything is written.
    let t = scratch("widest-pdf");
    let o = run_within_512_mb(&["generate", arg(&f), "--seed", "1", "--out", arg(t.path())]);
    let err = expect_exit(&o, 1, "the widest map's pictures");
    assert!(err.contains("fewer hexes across"), "{err}");
    assert!(names(t.path()).is_empty());
}

#[test]
fn the_most_hexes_drawn_fit_in_512_mb() {
    let t = scratch("most");
    let f = t.path().join("block.toml");
    std::fs::write(&f, block_scenario(31, 32)).expect("write");
    let out = t.path().join("out");
    // 992 hexes, under MAX_DRAWN_HEXES: its preview is drawn with the
    // default options within 512 MB.
    let o = run_within_512_mb(&[
        "generate",
        arg(&f),
        "--seed",
        "1",
        "-q",
        "--formats",
        "png",
        "--out",
        arg(&out),
    ]);
    expect_exit(&o, 0, "992 hexes with the defaults");
    assert!(out.join("preview.png").is_file());
    // Its overview and handout pictures could be read on no paper (issue
    // 22): refused before anything is written.
    let none = t.path().join("none");
    let o = run(&["generate", arg(&f), "--seed", "1", "--paper", "a3", "--out", arg(&none)]);
    let err = expect_exit(&o, 1, "992 hexes pictured");
    assert!(err.contains("fewer hexes across"), "{err}");
    assert!(!none.exists());
    // The largest block whose pictures A3 paper holds readably (21 hexes
    // across, 30 rows): every file drawn within 512 MB (the handout's chip
    // table continues on the next page).
    std::fs::write(&f, block_scenario(11, 30)).expect("write");
    let most = t.path().join("most");
    let o = run_within_512_mb(&[
        "generate",
        arg(&f),
        "--seed",
        "1",
        "-q",
        "--paper",
        "a3",
        "--out",
        arg(&most),
    ]);
    expect_exit(&o, 0, "330 hexes on A3");
    for name in ["map.pdf", "preview.png", "rules.pdf", "print-pack.pdf"] {
        assert!(most.join(name).is_file(), "{name}");
    }
    std::fs::write(&f, block_scenario(32, 32)).expect("write");
    let o = run(&["generate", arg(&f), "--seed", "1", "--out", arg(&out)]);
    let err = expect_exit(&o, 1, "too many hexes to draw");
    assert!(err.contains("1024 hexes") && err.contains("`MAX_DRAWN_HEXES`"), "{err}");
}

#[test]
fn texts_at_their_limit_are_accepted_and_one_more_character_is_not() {
    let base =
        std::fs::read_to_string(root().join("tests/fixtures/specials.toml")).expect("fixture");
    let with = |title: usize, story: usize| {
        let t = base
            .replace("title = \"Special hexes\"", &format!("title = \"{}\"", "T".repeat(title)));
        format!("{t}\n[rules]\nstory = \"{}\"\n", "word ".repeat(story / 5))
    };
    let ok = with(MAX_SHORT_TEXT, MAX_PROSE_TEXT);
    model::load(&Source::new("ok.toml", ok.as_str())).expect("at the limits");
    for (text, name) in [
        (with(MAX_SHORT_TEXT + 1, 10), "MAX_SHORT_TEXT"),
        (with(10, MAX_PROSE_TEXT + 5), "MAX_PROSE_TEXT"),
    ] {
        let src = Source::new("over.toml", text.as_str());
        let d = model::load(&src).expect_err("over a limit");
        let msg = hexpress::diag::render(&src, &d);
        assert!(msg.contains(name), "{msg}");
    }
    // The longest accepted title and story are drawn within 512 MB.
    let t = scratch("texts");
    let f = t.path().join("long.toml");
    std::fs::write(&f, &ok).expect("write");
    let o = run_within_512_mb(&[
        "generate",
        arg(&f),
        "--seed",
        "1",
        "-q",
        "--out",
        arg(&t.path().join("o")),
    ]);
    let err = stderr(&o);
    assert!(matches!(o.status.code(), Some(0 | 2)), "{:?}: {err}", o.status);
    assert!(!err.contains("panicked") && !err.contains("memory allocation"), "{err}");
}

#[test]
fn search_budgets_on_the_command_line_are_bounded() {
    for (args, name) in [
        (vec!["generate", "--balanced", "--candidates", "18446744073709551615"], "MAX_CANDIDATES"),
        (vec!["balance", "base", "--samples", "99999999999"], "MAX_CANDIDATES"),
        (vec!["generate", "--max-nodes", "18446744073709551615"], "MAX_NODES"),
        (vec!["generate", "--time-limit-ms", "18446744073709551615"], "MAX_TIME_MS"),
        (vec!["generate", "--balanced", "--time-budget", "99999999999"], "MAX_TIME_MS"),
    ] {
        let o = run(&args);
        let err = expect_exit(&o, 2, name);
        assert!(err.contains(name), "{args:?}: {err}");
    }
}

/// The base game where no corner may have more than 7 pips: no arrangement
/// exists (the counting sampler's table proves it at once).
fn hard() -> hexpress::model::Scenario {
    let text = hexpress::builtin::source("base").expect("base").text;
    let text = match text.contains("[constraints]\n") {
        true => text.replacen("[constraints]\n", "[constraints]\nmax_corner_pips = 7\n", 1),
        false => format!("{text}\n[constraints]\nmax_corner_pips = 7\n"),
    };
    model::load(&Source::new("hard.toml", text)).expect("valid, only unsatisfiable")
}

#[test]
fn the_solver_stops_at_its_node_budget() {
    // `hard()` is now proved impossible before any budget is spent (the
    // counting table is empty), so the budget is tested on a map with boards
    // and a budget of a single deal.
    let s = model::load(&hexpress::builtin::source("base").expect("base")).expect("valid");
    let opts = SolveOptions { max_nodes: 1, deadline: None, ..SolveOptions::default() };
    match solve::solve(&s, 4, 1, &opts) {
        Err(SolveError::Unsatisfiable { stop, .. }) => {
            assert_eq!(stop, Stop::Budget)
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_solver_stops_at_its_deadline_whatever_its_node_budget() {
    let s = hard();
    // A deadline already passed and no node limit to speak of: the search
    // must report the deadline (or a proof found before its first check).
    let opts = SolveOptions {
        max_nodes: u64::MAX,
        deadline: Some(Instant::now() - Duration::from_millis(1)),
        ..SolveOptions::default()
    };
    match solve::solve(&s, 4, 1, &opts) {
        Err(SolveError::Unsatisfiable { stop, .. }) => {
            assert_eq!(stop, Stop::Deadline)
        }
        // The deadline stops the choice of method itself (its trial deals).
        Err(SolveError::SearchLimit { stop, .. }) => assert_eq!(stop, Stop::Deadline),
        // The counting table proves this map has no board before it draws.
        Err(SolveError::Conflict { rules, .. }) => {
            assert_eq!(rules, [hexpress::model::ConstraintId::MaxCornerPips])
        }
        other => panic!("{other:?}"),
    }
}
