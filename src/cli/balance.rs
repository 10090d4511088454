//! `generate --balanced` and `hexpress balance`: the balanced search and the
//! balance report on the command line, with a progress bar on a terminal.

use std::path::{Path, PathBuf};
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
    Weights::parse_located(&text).map_err(|(e, span)| {
        super::contract::report_file_problem(&crate::diag::FileProblem {
            file: Source::new(path.display().to_string(), text.clone()),
            span,
            message: e.to_string(),
            label: "here".into(),
            hint: "see templates/balance.toml for the format and the weight names".into(),
        });
        Failure::Invalid
    })
}

/// A progress bar on stderr (indicatif), drawn only when stderr is a
/// terminal and `-q` is not given.
struct Bar(indicatif::ProgressBar);

impl Bar {
    fn new(what: &'static str) -> Bar {
        if super::output::quiet() {
            return Bar(indicatif::ProgressBar::hidden());
        }
        let bar =
            indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stderr());
        let template = format!("{{bar:30}} {{pos}}/{{len}} {what}, {{eta}} left");
        if let Ok(style) = indicatif::ProgressStyle::with_template(&template) {
            bar.set_style(style);
        }
        Bar(bar)
    }

    fn update(&self, done: u64, total: u64) {
        if total > 0 {
            self.0.set_length(total);
        }
        self.0.set_position(done);
    }

    fn finish(&self) {
        self.0.finish_and_clear();
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
        (Some(ms), None) => Budget::Time(Duration::from_millis(ms)),
        (Some(ms), Some(n)) => {
            Budget::Both { candidates: n.max(1), time: Duration::from_millis(ms) }
        }
        (None, n) => Budget::Candidates(n.unwrap_or(balance::search::DEFAULT_CANDIDATES).max(1)),
    };
    let opts = SearchOptions {
        budget,
        solve: SolveOptions { max_nodes: a.max_nodes, ..SolveOptions::default() },
        ..SearchOptions::default()
    };
    let bar = Bar::new("boards");
    let result =
        balance::balanced(scenario, players, seed, &weights, &opts, &|d, t| bar.update(d, t));
    bar.finish();
    let outcome = result.map_err(|e| solve_failed(source, scenario, &e))?;
    let timed = match budget {
        Budget::Time(_) => true,
        Budget::Both { candidates, .. } => outcome.evaluated < candidates,
        Budget::Candidates(_) => false,
    };
    if timed {
        eprintln!(
            "note: the time budget allowed {} boards; `--candidates {}` repeats this result on any machine",
            outcome.evaluated, outcome.evaluated
        );
    }
    Ok(Balanced { outcome, weights })
}

/// What the balanced search found, printed after the map.
pub(super) fn summary(b: &Balanced) -> String {
    let o = &b.outcome;
    let mut out = format!(
        "balanced: score {:.2} after {} boards (lower is fairer; not a uniform draw)\n",
        o.score, o.evaluated
    );
    out.push_str(&format!("  {}\n", above_random(o)));
    for line in balance::summary_lines(&o.measures) {
        out.push_str(&format!("  {line}\n"));
    }
    if o.failed > 0 {
        out.push_str(&format!(
            "  ({} candidates could not be laid out and were skipped)\n",
            o.failed
        ));
    }
    out
}

/// How the kept board compares with the search's random boards.
fn above_random(o: &balance::Outcome) -> String {
    let r = &o.random;
    let beaten = match r.as_fair {
        0 => format!("fairer than all {} random boards drawn", r.drawn),
        n => format!("{n} of {} random boards drawn were as fair", r.drawn),
    };
    format!("{beaten}; random boards score {:.2} at the median and {:.2} at best", r.median, r.best)
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
    let bar = Bar::new("boards");
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
    let mut recipe =
        crate::recipe::Recipe::new(a.scenario.clone(), players, seed).with_max_nodes(a.max_nodes);
    recipe.rules = a.rules.map(super::args::RulesArg::preset);
    recipe.balanced = Some(crate::recipe::Balanced {
        candidates: o.evaluated,
        weights: a.weights.as_ref().map(|w| w.display().to_string()),
    });
    println!("\nchosen (score {:.2}): the map of `{}`", o.score, recipe.command());
    println!("  {}", above_random(o));
    for line in balance::summary_lines(&o.measures) {
        println!("  {line}");
    }
    println!("wrote {}", path.display());
    Ok(())
}
