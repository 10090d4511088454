//! `generate --balanced` and `hexpress balance`: the balanced search and the
//! balance report on the command line, with a progress bar on a terminal.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use anyhow::Context;

use super::args::{BalanceArgs, GenerateArgs};
use super::{load_with_rules, report_solve_error, resolve, Failure};
use crate::balance::{self, report, Budget, Evaluator, Outcome, SearchOptions, Weights};
use crate::diag::Source;
use crate::export::files;
use crate::model::Scenario;
use crate::solve::{SolveError, SolveOptions, Solver};

/// The result of `generate --balanced`.
pub struct Balanced {
    /// The fairest candidate.
    pub outcome: Outcome,
    /// The weights it was scored with.
    pub weights: Weights,
}

/// Reads `--weights FILE`, or the defaults.
fn weights(path: Option<&Path>) -> Result<Weights, Failure> {
    let Some(path) = path else { return Ok(Weights::default()) };
    let text = crate::limits::read_input(path)
        .with_context(|| format!("cannot read the weights file `{}`", path.display()))?;
    Weights::parse(&text).map_err(|e| {
        eprintln!("error: {}: {e}", path.display());
        eprintln!("  hint: see templates/balance.toml for the format and the weight names");
        Failure::Invalid
    })
}

/// A one-line progress bar on stderr, drawn only when stderr is a terminal.
struct Bar {
    on: bool,
    what: &'static str,
    drawn: Mutex<bool>,
}

impl Bar {
    fn new(what: &'static str) -> Bar {
        Bar {
            on: std::io::stderr().is_terminal() && !super::output::quiet(),
            what,
            drawn: Mutex::new(false),
        }
    }

    fn update(&self, done: u64, total: u64) {
        if !self.on {
            return;
        }
        let line = if total > 0 {
            let filled = (done * 30 / total.max(1)) as usize;
            format!(
                "\r[{}{}] {done}/{total} {}",
                "#".repeat(filled),
                ".".repeat(30 - filled.min(30)),
                self.what
            )
        } else {
            format!("\r{done} {} scored", self.what)
        };
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(line.as_bytes());
        let _ = err.flush();
        *self.drawn.lock().unwrap_or_else(|e| e.into_inner()) = true;
    }

    fn finish(&self) {
        if *self.drawn.lock().unwrap_or_else(|e| e.into_inner()) {
            eprint!("\r{:60}\r", "");
        }
    }
}

/// Runs the balanced search for `generate --balanced`.
pub(super) fn search_for_generate(
    a: &GenerateArgs,
    source: &Source,
    scenario: &Scenario,
    players: u8,
    seed: u64,
) -> Result<Balanced, Failure> {
    let weights = weights(a.weights.as_deref())?;
    let budget = match (a.time_budget, a.candidates) {
        (Some(ms), _) => Budget::Time(Duration::from_millis(ms)),
        (None, n) => Budget::Candidates(n.unwrap_or(balance::search::DEFAULT_CANDIDATES).max(1)),
    };
    let opts = SearchOptions {
        budget,
        solve: SolveOptions { max_nodes: a.max_nodes, ..SolveOptions::default() },
        ..SearchOptions::default()
    };
    let bar = Bar::new("candidates");
    let result =
        balance::balanced(scenario, players, seed, &weights, &opts, &|d, t| bar.update(d, t));
    bar.finish();
    let outcome = result.map_err(|e| solve_failed(source, scenario, &e))?;
    if let Budget::Time(_) = budget {
        eprintln!(
            "note: the time budget allowed {} candidates; `--candidates {}` repeats this result on any machine",
            outcome.evaluated, outcome.evaluated
        );
    }
    Ok(Balanced { outcome, weights })
}

/// Prints what the balanced search found, after the map.
pub(super) fn print_summary(b: &Balanced) {
    let o = &b.outcome;
    println!(
        "balanced: candidate {} of {} (score {:.2}, lower is fairer)",
        o.candidate, o.evaluated, o.score
    );
    for line in balance::summary_lines(&o.measures) {
        println!("  {line}");
    }
    if o.failed > 0 {
        println!("  ({} candidates could not be laid out and were skipped)", o.failed);
    }
}

fn solve_failed(source: &Source, scenario: &Scenario, e: &SolveError) -> Failure {
    report_solve_error(source, scenario, e);
    Failure::Invalid
}

/// `hexpress balance`.
pub(super) fn run(a: &BalanceArgs) -> Result<(), Failure> {
    let source = resolve(&a.scenario)?;
    let scenario = load_with_rules(&source, a.rules)?;
    let players = a.players.unwrap_or(scenario.meta.default_players);
    let seed = a.seed.unwrap_or_else(crate::rng::fresh_seed);
    let weights = weights(a.weights.as_deref())?;
    let Some(map) = scenario.map_for(players) else {
        let e = SolveError::NoMap {
            scenario: scenario.meta.id.clone(),
            players,
            available: scenario.meta.players.clone(),
        };
        return Err(solve_failed(&source, &scenario, &e));
    };
    let solver = Solver::new(map, &scenario.constraints);
    let eval = Evaluator::new(map);
    let opts = SearchOptions {
        budget: Budget::Candidates(a.samples.max(1)),
        solve: SolveOptions { max_nodes: a.max_nodes, ..SolveOptions::default() },
        ..SearchOptions::default()
    };
    let bar = Bar::new("layouts");
    let result = report::run(&solver, &eval, &weights, seed, &opts, &|d, t| bar.update(d, t));
    bar.finish();
    let rep = result.map_err(|e| solve_failed(&source, &scenario, &e))?;

    let out_dir: PathBuf = match &a.out {
        Some(d) => d.clone(),
        None => files::run_dir(Path::new("output"), &scenario.meta.id, players, seed)
            .context("bad output folder")?,
    };
    let title = format!("{}, {players} players, seed {seed}", scenario.meta.title);
    let svg = balance::svg::render(&rep, &title);
    let path = files::write_atomic(&out_dir, "balance.svg", svg.as_bytes())
        .context("writing the balance report")?;
    if super::output::quiet() {
        return Ok(());
    }
    println!("{} — {} players — seed {}", scenario.meta.title, players, seed);
    println!(
        "{} layouts measured (lower is fairer; corner_min is shown, not scored)\n",
        rep.samples
    );
    print!("{}", rep.table());
    if rep.failed > 0 {
        println!("({} candidates could not be laid out and were skipped)", rep.failed);
    }
    let o = &rep.chosen;
    println!(
        "\nchosen: candidate {} (score {:.2}), the map of `hexpress generate {} --players {players} --seed {seed} --balanced --candidates {}`",
        o.candidate, o.score, a.scenario, o.evaluated
    );
    for line in balance::summary_lines(&o.measures) {
        println!("  {line}");
    }
    println!("wrote {}", path.display());
    Ok(())
}
