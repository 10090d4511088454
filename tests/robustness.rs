//! Thousands of randomly damaged scenario files: none may panic or hang, and
//! each must end in a correct layout or in errors that point inside the file.
//!
//! The damage is deterministic (a xorshift generator seeded by the case
//! number), so a failure reproduces; failing inputs are saved under the
//! cargo target tmp folder and printed. `HEXPRESS_STRESS=1` runs 16,000
//! cases on every built-in.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use hexpress::diag::{self, Source};
use hexpress::export::files;
use hexpress::model;
use hexpress::scenario::fields;
use hexpress::solve::{self, check, SolveOptions};

/// Cases per built-in scenario in a default run for the base game and Gold
/// for Catan (3,200 in all).
const CASES: u64 = 1_600;

/// Cases for each other built-in in a default run (six built-ins: 2,400 in
/// all). They share the base game's grammar, so most damage reaches the same
/// code; what they add is their own sections. `HEXPRESS_STRESS=1` runs
/// `CASES * 10` on each.
const OTHER_CASES: u64 = 400;

/// A small search budget: damaged scenarios may be unsatisfiable.
const OPTS: SolveOptions =
    SolveOptions { max_nodes: 20_000, max_terrain_attempts: 20, deadline: None, exact: false };

/// xorshift64*: tiny, deterministic, good enough to pick mutations.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const BYTES: &[&str] = &[
    "\"", "'", "[", "]", "{", "}", "=", ",", "\n", "#", ".", " ", "0", "7", "-", "~", "*", "h",
    "G", "x", "\\", "é", "─", "\t", "\r\n", "\"\"\"",
];
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "6",
    "7",
    "8",
    "12",
    "13",
    "-1",
    "99",
    "200",
    "255",
    "256",
    "65535",
    "4294967296",
    "9223372036854775807",
    "1.5",
    "true",
];
const WORDS: &[&str] = &[
    "forest", "gold", "sea", "desert", "harbor", "lake", "castle", "random", "3:1", "ore", "wool",
    "e", "nw", "ne", "island", "home", "fields", "true", "false", "forrest", "",
];

/// A key of the scenario format, or a near miss.
fn some_key(rng: &mut Rng) -> String {
    let tables: [&[fields::Field]; 8] = [
        fields::TOP,
        fields::META,
        fields::MAP,
        fields::REGION,
        fields::CONSTRAINTS,
        fields::LEGEND_ENTRY,
        fields::CELL,
        fields::HARBORS,
    ];
    let table = *rng.pick(&tables);
    let key = table[rng.below(table.len())].name.to_string();
    if rng.below(3) == 0 && key.len() > 1 {
        let i = rng.below(key.len());
        format!("{}{}", &key[..i], &key[i + 1..])
    } else {
        key
    }
}

/// Char-boundary byte offsets of `s`.
fn boundaries(s: &str) -> Vec<usize> {
    s.char_indices().map(|(i, _)| i).chain([s.len()]).collect()
}

/// Applies one random mutation; returns its description.
fn mutate(text: &mut String, rng: &mut Rng) -> String {
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    let what = match rng.below(9) {
        0 | 1 => {
            let b = boundaries(text);
            let at = *rng.pick(&b);
            let end = b.iter().copied().find(|x| *x > at).unwrap_or(at);
            let with = *rng.pick(BYTES);
            text.replace_range(at..end, with);
            return format!("byte at {at} -> {with:?}");
        }
        2 => {
            let i = rng.below(lines.len());
            lines.remove(i);
            format!("dropped line {}", i + 1)
        }
        3 => {
            let i = rng.below(lines.len());
            let l = lines[i].clone();
            lines.insert(i, l);
            format!("duplicated line {}", i + 1)
        }
        4 => {
            let (i, j) = (rng.below(lines.len()), rng.below(lines.len()));
            lines.swap(i, j);
            format!("swapped lines {} and {}", i + 1, j + 1)
        }
        5 => {
            let runs: Vec<(usize, usize)> = digit_runs(text);
            if runs.is_empty() {
                return "nothing".into();
            }
            let (s, e) = *rng.pick(&runs);
            let n = *rng.pick(NUMBERS);
            text.replace_range(s..e, n);
            return format!("number at {s} -> {n}");
        }
        6 => {
            // Rename the key of a `key = value` line.
            let keyed: Vec<usize> =
                (0..lines.len()).filter(|i| lines[*i].find(" = ").is_some_and(|p| p > 0)).collect();
            if keyed.is_empty() {
                return "nothing".into();
            }
            let i = *rng.pick(&keyed);
            let p = lines[i].find(" = ").unwrap_or(0);
            let k = some_key(rng);
            lines[i].replace_range(..p, &k);
            format!("key of line {} -> {k}", i + 1)
        }
        7 => {
            // Replace a quoted word.
            let quoted: Vec<(usize, usize)> = quoted_runs(text);
            if quoted.is_empty() {
                return "nothing".into();
            }
            let (s, e) = *rng.pick(&quoted);
            let w = *rng.pick(WORDS);
            text.replace_range(s..e, w);
            return format!("word at {s} -> {w:?}");
        }
        _ => {
            // Shift a line left or right: misaligns drawings.
            let i = rng.below(lines.len());
            if rng.below(2) == 0 {
                lines[i].insert(0, ' ');
            } else if lines[i].starts_with(' ') {
                lines[i].remove(0);
            }
            format!("shifted line {}", i + 1)
        }
    };
    *text = lines.join("\n");
    what
}

fn digit_runs(s: &str) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            out.push((start, i));
        } else {
            i += 1;
        }
    }
    out
}

fn quoted_runs(s: &str) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut open = None;
    for (i, c) in b.iter().enumerate() {
        match (c, open) {
            (b'"', None) => open = Some(i + 1),
            (b'"', Some(o)) => {
                if i > o && i - o < 40 {
                    out.push((o, i));
                }
                open = None;
            }
            (b'\n', _) => open = None,
            _ => {}
        }
    }
    out
}

/// Runs one input through the pipeline; `Err` describes a broken promise.
fn run_one(name: &str, text: &str, seed: u64) -> Result<(), String> {
    let source = Source::new(name, text);
    match model::load(&source) {
        Err(diags) => {
            if !diags.has_errors() {
                return Err("rejected without any error".into());
            }
            for d in diags.items() {
                if d.labels.is_empty() {
                    return Err(format!("diagnostic without a location: {d:?}"));
                }
                for l in &d.labels {
                    if l.span.start > l.span.end || l.span.end > text.len() {
                        return Err(format!("span {:?} outside the file: {d:?}", l.span));
                    }
                }
            }
            let out = diag::render(&source, &diags);
            if !out.contains(&format!("{name}:")) {
                return Err(format!("rendered without a location:\n{out}"));
            }
            Ok(())
        }
        Ok(scenario) => {
            for p in scenario.meta.players.clone() {
                let map = scenario.map_for(p).ok_or(format!("no map for {p} players"))?;
                match solve::solve(&scenario, p, seed, &OPTS) {
                    Ok(layout) => {
                        let v = check::violations(map, &scenario.constraints, &layout);
                        if !v.is_empty() {
                            return Err(format!("layout breaks the rules: {v:?}"));
                        }
                    }
                    Err(e) => {
                        // A clean error that renders with a message.
                        let d = hexpress::solve::error_diagnostics(&scenario, &e);
                        let out = diag::render(&source, &d);
                        if !out.starts_with("error: ") {
                            return Err(format!("bad solver report:\n{out}"));
                        }
                    }
                }
            }
            Ok(())
        }
    }
}

fn stress() -> bool {
    std::env::var("HEXPRESS_STRESS").is_ok_and(|v| v == "1")
}

/// Mutates the built-in `id` `cases` times (ten times as often under
/// `HEXPRESS_STRESS=1`); panics with the failure reports.
fn fuzz(id: &str, salt: u64, cases: u64) {
    let cases = if stress() { CASES * 10 } else { cases };
    let original = hexpress::builtin::source(id).expect("built-in").text;
    let name = format!("fuzz-{id}.toml");
    let mut failures = Vec::new();
    let mut outcomes = [0u32; 2];
    for case in 0..cases {
        let mut rng = Rng::new(salt ^ case);
        let mut text = original.clone();
        let steps: Vec<String> =
            (0..1 + rng.below(3)).map(|_| mutate(&mut text, &mut rng)).collect();
        let valid = model::load(&Source::new(name.as_str(), text.as_str())).is_ok();
        outcomes[usize::from(valid)] += 1;
        let result = catch_unwind(AssertUnwindSafe(|| run_one(&name, &text, case)));
        let problem = match result {
            Ok(Ok(())) => continue,
            Ok(Err(p)) => p,
            Err(panic) => format!(
                "PANIC: {}",
                panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default()
            ),
        };
        let saved =
            Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("robustness-{id}-{case}.toml"));
        let _ = std::fs::write(&saved, &text);
        failures.push(format!(
            "case {case} ({}): {problem}\n  input saved to {}",
            steps.join("; "),
            saved.display()
        ));
    }
    // The mutations must reach both outcomes, or the test proves little.
    assert!(outcomes[0] > 100 && outcomes[1] > 50, "{id}: rejected/accepted = {outcomes:?}");
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases,
        failures.join("\n")
    );
}

#[test]
fn damaged_base_game_never_panics() {
    fuzz("base", 0xBA5E, CASES);
}

#[test]
fn damaged_gold_for_catan_never_panics() {
    fuzz("gold-for-catan", 0x601D, CASES);
}

#[test]
fn damaged_other_builtins_never_panic() {
    // The other built-ins bring face-down regions, pool harbors, special hexes
    // and every game section (components, costs, tables, rules) into play.
    for (i, id) in
        hexpress::builtin::ids().filter(|id| !["base", "gold-for-catan"].contains(id)).enumerate()
    {
        fuzz(id, 0x0B11 + i as u64 * 0x1000, OTHER_CASES);
    }
}

#[test]
fn escaping_ids_are_rejected() {
    let base = hexpress::builtin::source("base").expect("built-in").text;
    for id in ["../../x", "..", "a/b", "a\\\\b", "/etc", "", "Base", "-x", "x y", "con.txt", "é"] {
        let text = base.replace("id = \"base\"", &format!("id = \"{id}\""));
        let src = Source::new("id.toml", text);
        let diags = model::load(&src).expect_err(id);
        let out = diag::render(&src, &diags);
        assert!(out.contains("is not a plain name"), "{id}: {out}");
    }
}

/// Hostile output names: `child`/`run_dir` either refuse them or give a
/// direct child of the root.
#[test]
fn output_paths_stay_inside_the_root() {
    let root = Path::new("/tmp/hexpress-root");
    let mut names: Vec<String> = [
        "../x",
        "..",
        ".",
        "",
        "/abs",
        "a/../../b",
        "a\\..\\b",
        "..\\x",
        "C:\\x",
        "C:x",
        "~",
        "x/",
        "/",
        "//",
        "a\0b",
        "...",
        ". .",
        "layout.json",
        "\u{2215}x",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut rng = Rng::new(7);
    let alphabet = ['.', '/', '\\', 'a', ':', ' ', '~', '\0', 'é'];
    for _ in 0..2_000 {
        let n = rng.below(8);
        names.push((0..n).map(|_| *rng.pick(&alphabet)).collect());
    }
    let inside = |p: &Path, what: &str| {
        let rest = p.strip_prefix(root).unwrap_or_else(|_| panic!("{what}: {p:?} not under root"));
        let comps: Vec<_> = rest.components().collect();
        assert!(
            comps.len() == 1 && matches!(comps[0], std::path::Component::Normal(_)),
            "{what}: {p:?} is not a direct child of the root"
        );
    };
    let mut accepted = 0;
    for name in &names {
        if let Ok(p) = files::child(root, name) {
            inside(&p, name);
            accepted += 1;
        }
        if let Ok(p) = files::run_dir(root, name, 4, 7) {
            inside(&p, name);
        }
    }
    assert!(accepted > 100, "almost every name refused ({accepted}): the check proves little");
    for bad in ["..", "../x", "/abs", "a/b", "."] {
        assert!(files::child(root, bad).is_err(), "{bad}");
    }
}
