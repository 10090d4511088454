//! One stress case: the command runs, their outcomes and CPU times, and the
//! checks of each answer against the test suite's own checker and, on
//! small maps, the brute-force list of every valid board.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;
use std::process::Command;

use super::gen::Generated;
use crate::common::layout_json::layout_from_json;
use crate::sampling::enumerate::{deals_bound, valid_boards};
use crate::sampling::{broken, Board, Geo, Rand};
use hexpress::axial::Hex;
use hexpress::diag::Source;
use hexpress::model::{
    load, CellContent, ConstraintId, Constraints, MapDef, RulePreset, RuleValue,
};
use hexpress::solve::Lock;
use hexpress::vocab::Terrain;

/// How a command ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Board,
    Proof,
    NotExact,
    BarMiss,
    Refusal,
    BadInput,
    Bug,
}

/// One command's outcome.
pub struct Outcome {
    pub kind: Kind,
    pub cpu: f64,
    pub stdout: String,
    pub stderr: String,
    pub layout: Option<serde_json::Value>,
}

impl Outcome {
    /// The first line of the error (or of the sampler line for a board).
    fn line(&self) -> String {
        let text = if self.kind == Kind::Board { &self.stdout } else { &self.stderr };
        let key = if self.kind == Kind::Board { "sampler:" } else { "error" };
        let l = text.lines().find(|l| l.starts_with(key)).unwrap_or("").to_string();
        l.chars().take(150).collect()
    }

    fn method(&self) -> String {
        let m = self.layout.as_ref().and_then(|v| v["sampler"]["method"].as_str());
        m.unwrap_or("-").to_string()
    }
}

/// A row of the table: one command.
pub struct Row {
    pub case: usize,
    pub run: &'static str,
    pub kind: Kind,
    pub cpu: f64,
    pub land: usize,
    pub method: String,
}

/// Something worth reporting: a wrong answer, or a slow one.
pub struct Finding {
    pub case: usize,
    pub wrong: bool,
    pub what: String,
    pub label: String,
    pub text: String,
}

/// Everything the run saw.
#[derive(Default)]
pub struct Table {
    pub rows: Vec<Row>,
    pub findings: Vec<Finding>,
    pub enumerated: usize,
}

impl Table {
    /// The summary: outcomes per run, the slowest commands, every finding.
    pub fn print(&self) {
        let mut by: BTreeMap<(&str, Kind), (usize, f64)> = BTreeMap::new();
        for r in &self.rows {
            let e = by.entry((r.run, r.kind)).or_default();
            e.0 += 1;
            e.1 = e.1.max(r.cpu);
        }
        eprintln!(
            "stress: {} commands, {} maps listed by brute force",
            self.rows.len(),
            self.enumerated
        );
        for ((run, kind), (n, max)) in &by {
            eprintln!("  {run:<9} {kind:<9?} {n:>5}  slowest {max:.3} s");
        }
        let mut slow: Vec<&Row> = self.rows.iter().collect();
        slow.sort_by(|a, b| b.cpu.total_cmp(&a.cpu));
        eprintln!("slowest:");
        for r in slow.iter().take(12) {
            let (c, run, k, cpu, land, m) = (r.case, r.run, r.kind, r.cpu, r.land, &r.method);
            eprintln!("  case {c:>4} {run:<9} {k:?} {cpu:.3} s, {land} land hexes, {m}");
        }
        for f in &self.findings {
            let tag = if f.wrong { "WRONG" } else { "note" };
            eprintln!("{tag}: case {}: {} [{}]", f.case, f.what, f.label);
            if f.wrong || std::env::var("HEXPRESS_STRESS_VERBOSE").is_ok() {
                eprintln!("{}", f.text);
            }
        }
    }
}

fn bin() -> String {
    std::env::var("HEXPRESS_STRESS_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_hexpress").into())
}

/// Run `generate FILE -s 1 --layout-only --rules PRESET EXTRA...` and time it.
pub fn run(file: &Path, dir: &Path, preset: &str, extra: &[String]) -> Outcome {
    let out = dir.join("out");
    let _ = std::fs::remove_dir_all(&out);
    let script = r#"TIMEFORMAT='%3U'; { time "$@" >"$D/stdout" 2>"$D/stderr"; } 2>"$D/cpu""#;
    let status = Command::new("nice")
        .args(["-n", "10", "bash", "-c", script, "bash"])
        .arg(bin())
        .arg("generate")
        .arg(file)
        .args(["-s", "1", "--layout-only", "--rules", preset, "--out"])
        .arg(&out)
        .args(extra)
        .env("D", dir)
        .env("NO_COLOR", "1")
        .status()
        .expect("bash runs");
    let read = |n: &str| std::fs::read_to_string(dir.join(n)).unwrap_or_default();
    let (stdout, stderr) = (read("stdout"), read("stderr"));
    let cpu = read("cpu").trim().parse().unwrap_or(f64::NAN);
    let kind = match status.code() {
        Some(0) => Kind::Board,
        Some(3)
            if ["no board keeps", "no board exists", "the locked hexes break"]
                .iter()
                .any(|k| stderr.contains(k)) =>
        {
            Kind::Proof
        }
        Some(3) if stderr.contains("only the Markov chain can draw") => Kind::NotExact,
        // `--balanced` that found no board over the bar says it searched
        // (not a proof): reported, not counted wrong.
        Some(3) if stderr.contains("clears the fairness bar") => Kind::BarMiss,
        Some(3) => Kind::Refusal,
        Some(1 | 2) => Kind::BadInput,
        _ => Kind::Bug,
    };
    let layout = (kind == Kind::Board)
        .then(|| std::fs::read_to_string(out.join("layout.json")).ok())
        .flatten()
        .and_then(|t| serde_json::from_str(&t).ok());
    Outcome { kind, cpu, stdout, stderr, layout }
}

/// The map and the rules the command works under.
struct Loaded {
    map: MapDef,
    rules: Constraints,
}

fn loaded(file: &Path, text: &str, preset: &str) -> Option<Loaded> {
    let s = load(&Source::new(file.display().to_string(), text.to_string())).ok()?;
    let p = if preset == "strict" { RulePreset::Strict } else { RulePreset::Official };
    let s = s.with_preset(p).ok()?;
    Some(Loaded { map: s.maps[0].clone(), rules: s.constraints.clone() })
}

/// Random harbors and harbor tiles: each multiplies the brute force by six.
fn harbor_factor(map: &MapDef) -> f64 {
    let random = map.cells.iter().filter(|c| c.harbor.is_some_and(|h| h.facing.is_none())).count();
    let tiles: u32 = map
        .regions
        .iter()
        .flat_map(|r| r.tiles.iter())
        .filter(|(t, _)| *t == Terrain::Harbor)
        .map(|(_, k)| *k)
        .sum();
    6f64.powi((random + tiles as usize) as i32) * 6f64.powi(random.min(3) as i32)
}

/// Every valid board, when the map is small enough to list them.
fn listed(l: &Loaded, locks: &[Lock]) -> Option<HashSet<Board>> {
    let work = deals_bound(&l.map) * harbor_factor(&l.map);
    (work <= 400_000.0).then(|| valid_boards(&l.map, &l.rules, locks, 50_000_000))
}

/// What is wrong with a board: rules broken, pools not used exactly, fixed
/// hexes or locks not kept.
fn board_faults(l: &Loaded, b: &Board, locks: &[Lock]) -> Vec<String> {
    let g = Geo::new(&l.map);
    let mut out: Vec<String> =
        broken(&l.map, &l.rules, &g, b).into_iter().map(|r| format!("breaks {r}")).collect();
    for (ri, r) in l.map.regions.iter().enumerate() {
        let mut want: Vec<Terrain> =
            r.tiles.iter().flat_map(|(t, k)| std::iter::repeat_n(*t, *k as usize)).collect();
        let mut got: Vec<Terrain> = r.slots.iter().map(|s| b.terrain[*s]).collect();
        want.sort();
        got.sort();
        if want != got {
            out.push(format!("region {ri}'s tiles are not its pool"));
        }
        if !r.face_down {
            let mut want = r.numbers.clone();
            let mut got: Vec<u8> =
                r.slots.iter().chain(&r.chip_cells).filter_map(|s| b.number[*s]).collect();
            want.sort();
            got.sort();
            if want != got {
                out.push(format!("region {ri}'s chips {got:?} are not its pool {want:?}"));
            }
        }
    }
    for (i, c) in l.map.cells.iter().enumerate() {
        if let CellContent::Fixed { terrain, number, .. } = c.content {
            if b.terrain[i] != terrain || (number.is_some() && b.number[i] != number) {
                out.push(format!("fixed hex {} changed", c.hex));
            }
        }
    }
    for lock in locks {
        let i = g.at[&lock.hex];
        if b.terrain[i] != lock.terrain || b.number[i] != lock.number {
            out.push(format!("lock at {} not kept", lock.hex));
        }
    }
    out
}

/// The count a board's text claims: "exactly one board" or "only N boards".
fn claimed_count(stdout: &str) -> Option<usize> {
    if stdout.contains("exactly one board") {
        return Some(1);
    }
    let i = stdout.find("allow only ")?;
    let rest = &stdout[i + "allow only ".len()..];
    rest.split_whitespace().next()?.replace(',', "").parse().ok()
}

/// The rule a proof's hint says is enough to relax alone.
fn relax_hint(stderr: &str) -> Option<ConstraintId> {
    let i = stderr.find("(a board exists without it)")?;
    let before = &stderr[..i];
    let name = before.rsplit('`').nth(1)?;
    ConstraintId::from_key(name)
}

struct Ctx<'a> {
    table: &'a mut Table,
    case: usize,
    g: &'a Generated,
    file: &'a Path,
    dir: &'a Path,
}

impl Ctx<'_> {
    fn find(&mut self, wrong: bool, what: String, o: &Outcome) {
        let text = format!(
            "{}--- stdout\n{}--- stderr\n{}",
            self.g.text,
            o.stdout.lines().filter(|l| !l.contains("~~")).take(12).collect::<Vec<_>>().join("\n"),
            o.stderr.lines().take(12).collect::<Vec<_>>().join("\n")
        );
        let f = Finding { case: self.case, wrong, what, label: self.g.label.clone(), text };
        self.table.findings.push(f);
    }

    fn go(&mut self, name: &'static str, extra: &[String]) -> Outcome {
        let o = run(self.file, self.dir, self.g.preset, extra);
        self.table.rows.push(Row {
            case: self.case,
            run: name,
            kind: o.kind,
            cpu: o.cpu,
            land: self.g.land,
            method: o.method(),
        });
        if o.cpu > 1.0 {
            let what = format!("{name}: {:.2} s CPU, {:?}: {}", o.cpu, o.kind, o.line());
            self.find(false, what, &o);
        }
        o
    }

    /// Check one outcome: a board against the checker and the list, a
    /// proof against the list, a refusal or a crash is wrong.
    fn check(&mut self, name: &str, o: &Outcome, l: &Loaded, locks: &[Lock]) {
        let list = listed(l, locks);
        if list.is_some() && name == "default" {
            self.table.enumerated += 1;
        }
        match o.kind {
            Kind::Board => self.check_board(name, o, l, locks, list.as_ref()),
            Kind::Proof => {
                if let Some(list) = &list {
                    if !list.is_empty() {
                        let what = format!("{name}: false proof ({} boards exist)", list.len());
                        self.find(true, what, o);
                    } else if let Some(rule) = relax_hint(&o.stderr) {
                        let mut loose = Loaded { map: l.map.clone(), rules: l.rules.clone() };
                        let off = match loose.rules.get(rule) {
                            RuleValue::Switch(_) => RuleValue::Switch(false),
                            RuleValue::Limit(_) => RuleValue::Limit(None),
                        };
                        loose.rules.set(rule, off);
                        if listed(&loose, locks).is_some_and(|b| b.is_empty()) {
                            self.find(true, format!("{name}: false hint: relax {rule}"), o);
                        }
                    }
                }
            }
            Kind::Refusal | Kind::Bug => {
                let what = format!("{name}: {:?}: {}", o.kind, o.line());
                self.find(true, what, o);
            }
            Kind::BarMiss => {
                let what = format!("{name}: no board over the bar (a search, not a proof)");
                self.find(false, what, o);
            }
            Kind::NotExact | Kind::BadInput => {}
        }
    }

    fn check_board(
        &mut self,
        name: &str,
        o: &Outcome,
        l: &Loaded,
        locks: &[Lock],
        list: Option<&HashSet<Board>>,
    ) {
        let Some(v) = &o.layout else {
            self.find(true, format!("{name}: exit 0 without a layout.json"), o);
            return;
        };
        let b = Board::of(&l.map, &layout_from_json(v));
        let faults = board_faults(l, &b, locks);
        if !faults.is_empty() {
            self.find(true, format!("{name}: bad board: {faults:?}"), o);
        }
        if let Some(list) = list {
            if !list.contains(&b) {
                self.find(true, format!("{name}: board not in the brute-force list"), o);
            }
            if let Some(n) = claimed_count(&o.stdout) {
                if n != list.len() {
                    let what = format!("{name}: claims {n} boards, the list has {}", list.len());
                    self.find(true, what, o);
                }
            }
        } else if claimed_count(&o.stdout).is_some() {
            self.find(false, format!("{name}: a count claim not checked (map too large)"), o);
        }
    }
}

/// Locks for 1-2 random face-up slots of a board: kept as drawn, or (when
/// `random`) a random tile and chip of the slot's region pool.
fn locks(rng: &mut Rand, l: &Loaded, v: &serde_json::Value, random: bool) -> (Vec<Lock>, String) {
    let board = layout_from_json(v);
    let slots: Vec<usize> = l
        .map
        .regions
        .iter()
        .filter(|r| !r.face_down)
        .flat_map(|r| r.slots.iter().copied())
        .collect();
    let mut out: Vec<Lock> = Vec::new();
    for _ in 0..1 + rng.below(2) {
        if slots.is_empty() {
            break;
        }
        let i = slots[rng.below(slots.len())];
        let hex: Hex = l.map.cells[i].hex;
        if out.iter().any(|x| x.hex == hex) {
            continue;
        }
        let p = &board.hexes[i];
        let lock = if random {
            let r = l.map.regions.iter().find(|r| r.slots.contains(&i)).expect("a region");
            let (terrain, _) = r.tiles[rng.below(r.tiles.len())];
            let number = l.rules.takes_chip(terrain).then(|| r.numbers[rng.below(r.numbers.len())]);
            Lock { hex, terrain, number }
        } else {
            Lock { hex, terrain: p.terrain, number: p.number }
        };
        out.push(lock);
    }
    let text: Vec<String> = out
        .iter()
        .map(|x| {
            let n = x.number.map(|n| format!(":{n}")).unwrap_or_default();
            format!("{},{}={}{n}", x.hex.q, x.hex.r, x.terrain.name())
        })
        .collect();
    (out, text.join(" "))
}

/// One generated map: the default run, then `--exact`, `--balanced` and
/// locks on some of them.
pub fn case(
    table: &mut Table,
    rng: &mut Rand,
    case: usize,
    file: &Path,
    g: &Generated,
    dir: &Path,
) {
    let mut cx = Ctx { table, case, g, file, dir };
    let o = cx.go("default", &[]);
    let Some(l) = loaded(file, &g.text, g.preset) else {
        if o.kind != Kind::BadInput {
            cx.find(
                true,
                format!("the library refuses the file, the command says {:?}", o.kind),
                &o,
            );
        }
        return;
    };
    if o.kind == Kind::BadInput {
        cx.find(
            true,
            format!("the library loads the file, the command refuses it: {}", o.line()),
            &o,
        );
        return;
    }
    cx.check("default", &o, &l, &[]);
    let method = o.method();
    if o.kind == Kind::Board && (method == "markov-chain" || rng.below(3) == 0) {
        let e = cx.go("exact", &["--exact".into()]);
        let chain = method == "markov-chain";
        match e.kind {
            Kind::NotExact if !chain => {
                cx.find(true, format!("--exact refused a {method} map"), &e)
            }
            Kind::Board if chain => cx.find(true, "--exact drew a chain-only map".into(), &e),
            Kind::Board
                if e.layout.as_ref().map(|v| &v["hexes"])
                    != o.layout.as_ref().map(|v| &v["hexes"]) =>
            {
                cx.find(true, "--exact drew another board than the default".into(), &e)
            }
            Kind::Board | Kind::NotExact => {}
            _ => cx.check("exact", &e, &l, &[]),
        }
    }
    if o.kind == Kind::Board && rng.below(5) == 0 {
        let b = cx.go("balanced", &["--balanced".into()]);
        cx.check("balanced", &b, &l, &[]);
    }
    if let (Kind::Board, Some(v)) = (o.kind, &o.layout) {
        if rng.below(3) == 0 {
            let random = rng.below(2) == 0;
            let (locks, arg) = locks(rng, &l, v, random);
            if !locks.is_empty() {
                let name = if random { "lock-any" } else { "lock-kept" };
                let r = cx.go(name, &["--lock".into(), arg]);
                if !random && r.kind == Kind::Proof {
                    cx.find(
                        true,
                        "a lock to the drawn board's own hexes ends in a proof".into(),
                        &r,
                    );
                }
                cx.check(name, &r, &l, &locks);
            }
        }
    }
}
