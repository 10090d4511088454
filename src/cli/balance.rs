//! `generate --balanced` and `hexpress balance`: the balanced search and the
//! balance report on the command line, with a progress bar on a terminal.

use std::path::Path;
use std::time::Duration;

use anyhow::Context;

use super::args::{BalanceArgs, BalancedArg, GenerateArgs};
use super::{load_with_rules, resolve, Failure};
use crate::diag::Source;
use crate::front::balance::{
    self, report, BarDraw, BarError, BarOptions, BarSampler, Budget, Config, Evaluator, Objective,
    Outcome, Pilot, Report, SearchOptions,
};
use crate::front::export::files;
use crate::front::model::Scenario;
use crate::front::solve::{Layout, SolveError, SolveOptions, Solver};

/// The result of `generate --balanced`.
pub enum Balanced {
    /// `--balanced best`: the fairest board the search found.
    Best {
        /// The search's result.
        outcome: Box<Outcome>,
        /// The weights file.
        config: Config,
        /// What the search minimised.
        objective: Objective,
    },
    /// `--balanced`: a uniform draw among the boards that clear the bar.
    Bar {
        /// The board drawn.
        draw: Box<BarDraw>,
        /// What the pilot saw.
        pilot: Pilot,
        /// The weights file (its bar).
        config: Config,
    },
}

impl Balanced {
    /// The board.
    pub fn layout(&self) -> &Layout {
        match self {
            Balanced::Best { outcome, .. } => &outcome.layout,
            Balanced::Bar { draw, .. } => &draw.layout,
        }
    }

    /// What the board's files record of its balance.
    pub fn balance(&self) -> crate::front::outputs::Balance<'_> {
        match self {
            Balanced::Best { outcome, config, objective } => {
                crate::front::outputs::Balance::Best { outcome, config, objective: *objective }
            }
            Balanced::Bar { draw, pilot, config } => {
                crate::front::outputs::Balance::Bar { draw, pilot, config }
            }
        }
    }

    /// How this board was balanced, for its recipe: `--balanced best` with
    /// the number of boards searched (and a non-default objective), or the
    /// bar's `--balanced`; `weights` is the `--weights` file as typed.
    pub fn recipe(&self, weights: Option<String>) -> crate::front::recipe::Balanced {
        match self {
            Balanced::Best { outcome, objective, .. } => crate::front::recipe::Balanced {
                objective: (*objective != Objective::Score).then(|| objective.name().to_string()),
                weights,
                ..crate::front::recipe::Balanced::best(outcome.evaluated)
            },
            Balanced::Bar { .. } => {
                crate::front::recipe::Balanced { weights, ..crate::front::recipe::Balanced::bar() }
            }
        }
    }
}

/// Reads `--weights FILE`, or the defaults; a problem is reported at its
/// line and column.
pub(super) fn config(path: Option<&Path>) -> Result<Config, Failure> {
    let Some(path) = path else { return Ok(Config::default()) };
    let text = crate::limits::read_input(path)
        .with_context(|| format!("cannot read the weights file `{}`", path.display()))?;
    Config::parse(&text).map_err(|e| {
        let path = path.display().to_string();
        super::contract::report_file_problem(&e.file_problem(path, text.clone()));
        Failure::Invalid
    })
}

/// A progress bar on stderr (indicatif), drawn only when stderr is a
/// terminal and `-q` is not given.
struct Bar(indicatif::ProgressBar);

impl Bar {
    fn new(what: &'static str) -> Bar {
        if super::terminal::quiet() {
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

/// Balances the board for `generate --balanced [MODE]`.
pub(super) fn for_generate(
    a: &GenerateArgs,
    mode: BalancedArg,
    source: &Source,
    scenario: &Scenario,
    players: u8,
    seed: u64,
) -> Result<Balanced, Failure> {
    let config = config(a.weights.as_deref())?;
    if mode == BalancedArg::Bar {
        let only_best = [
            ("--candidates", a.candidates.is_some()),
            ("--time-budget", a.time_budget.is_some()),
            ("--objective", a.objective.is_some()),
        ];
        if let Some((flag, _)) = only_best.iter().find(|(_, set)| *set) {
            return Err(Failure::Io(super::contract::usage(format!(
                "`{flag}` applies to `--balanced best` (the search for the fairest board)\n  hint: `--balanced` alone draws uniformly among the boards that clear the fairness bar; write `--balanced best {flag} ...` for the search"
            ))));
        }
        let opts = BarOptions {
            solve: SolveOptions { max_nodes: a.max_nodes, ..SolveOptions::default() },
            ..BarOptions::default()
        };
        let (draw, pilot) = balance::draw_from_bar(scenario, players, seed, &config, &opts)
            .map_err(|e| bar_failed(source, scenario, &config, &e))?;
        return Ok(Balanced::Bar { draw: Box::new(draw), pilot, config });
    }
    let objective = a.objective.unwrap_or_default();
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
        balance::balanced_with(scenario, players, seed, &config, objective, &opts, &|d, t| {
            bar.update(d, t)
        });
    bar.finish();
    let outcome = result.map_err(|e| solve_failed(source, scenario, &e))?;
    let timed = match budget {
        Budget::Time(_) => true,
        Budget::Both { candidates, .. } => outcome.evaluated < candidates,
        Budget::Candidates(_) => false,
    };
    if timed {
        super::terminal::note(&format!(
            "the time budget allowed {} boards; `--candidates {}` repeats this result on any machine",
            outcome.evaluated, outcome.evaluated
        ));
    }
    Ok(Balanced::Best { outcome: Box::new(outcome), config, objective })
}

/// Reports why no board could be drawn from the bar.
pub(super) fn bar_failed(
    source: &Source,
    scenario: &Scenario,
    config: &Config,
    e: &BarError,
) -> Failure {
    match e {
        BarError::Solve(e) => solve_failed(source, scenario, e),
        BarError::NoBoard { .. } => {
            eprintln!(
                "error: found no board of `{}` that clears the fairness bar",
                scenario.meta.id
            );
            for l in no_board_lines(e) {
                eprintln!("  {l}");
            }
            let _ = config;
            Failure::NoBoard
        }
        BarError::GaveUp { tried } => {
            eprintln!(
                "error: gave up after {tried} boards of `{}` without one that clears the fairness bar",
                scenario.meta.id
            );
            eprintln!("  hint: loosen the [bar] thresholds of the weights file");
            Failure::NoBoard
        }
    }
}

/// What a search that found no board inside the bar saw, and the hint.
fn no_board_lines(e: &BarError) -> Vec<String> {
    let BarError::NoBoard { boards, steps, closest, alone } = e else { return Vec::new() };
    let mut out = vec![format!(
        "none of {boards} random boards cleared it, and a search of {steps} steps toward it found none \
         (a search, not a proof: rarer boards may still clear it)"
    )];
    if !closest.is_empty() {
        let m: Vec<String> = closest
            .iter()
            .map(|x| match x.name {
                "resource_floor" => format!("`resource_floor` ({:.1} pips short)", x.value),
                n => format!(
                    "`{n}` ({}, at most {})",
                    balance::bar::trim(x.value),
                    balance::bar::trim(x.limit)
                ),
            })
            .collect();
        out.push(format!("the closest board missed {}", m.join(" and ")));
    }
    let never: Vec<String> =
        alone.iter().filter(|(_, n)| *n == 0).map(|(t, _)| format!("`{t}`")).collect();
    if !never.is_empty() {
        out.push(format!("not one random board met {} even alone", never.join(", ")));
    }
    let names: Vec<String> = closest.iter().map(|x| format!("`{}`", x.name)).collect();
    out.push(match names.first() {
        Some(first) => format!(
            "hint: loosen {} in the [bar] table of a weights file and pass it with --weights (`{} = false` switches it off)",
            names.join(" and "),
            first.trim_matches('`')
        ),
        None => "hint: loosen the [bar] thresholds of the weights file".to_string(),
    });
    out
}

/// Warnings for every player count of `scenario` whose map no board of
/// clears `config`'s fairness bar (a search, as `--balanced` runs it:
/// about a millisecond when boards clear, well under a second when none
/// do). A map the solver cannot lay out is left to `generate` to report.
pub(super) fn unreachable_bars(scenario: &Scenario, config: &Config, counts: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    for &players in counts {
        let Some(map) = scenario.map_for(players) else { continue };
        let solver = Solver::new(map, &scenario.constraints);
        let eval = Evaluator::for_players(map, players).with_policy(config.policy);
        let e = match BarSampler::new(&solver, &eval, &config.bar, &BarOptions::default()) {
            Err(e @ BarError::NoBoard { .. }) => e,
            _ => continue,
        };
        out.push(format!(
            "found no board of `{}` for {players} players that clears the fairness bar: `--balanced` will likely fail there",
            scenario.meta.id
        ));
        out.extend(no_board_lines(&e).into_iter().map(|l| format!("  {l}")));
    }
    out
}

/// How the board was balanced, printed after the map.
pub(super) fn summary(b: &Balanced, scenario: &Scenario, players: u8) -> String {
    // On a board with face-down hexes the lines tell only what the players
    // see: nothing of what a hidden hex holds.
    let seen = |layout: &Layout, m: &balance::Measures, config: &Config| -> Vec<String> {
        match crate::front::solve::map_for(scenario, players) {
            Ok(map) => balance::summary_lines(&balance::seen_measures(
                map,
                players,
                config.policy,
                layout,
                m,
            )),
            Err(_) => Vec::new(),
        }
    };
    let mut out = String::new();
    let mut line = |l: String| {
        out.push_str(&l);
        out.push('\n');
    };
    match b {
        Balanced::Best { outcome: o, objective, config } => {
            line(format!(
                "balanced: score {:.2} after {} boards (lower is fairer; not a uniform draw)",
                o.score, o.evaluated
            ));
            if *objective == Objective::Seats {
                line(format!(
                    "  objective: the seat gap first (its weight raised to {})",
                    balance::score::SEATS_OBJECTIVE_WEIGHT
                ));
            }
            line(format!("  {}", above_random(o)));
            line(format!("  {}", seats_vs_random(o, config.policy)));
            for l in seen(&o.layout, &o.measures, config) {
                line(format!("  {l}"));
            }
            if o.failed > 0 {
                line(format!("  ({} candidates could not be laid out and were skipped)", o.failed));
            }
        }
        Balanced::Bar { draw, pilot, config } => {
            line(format!(
                "balanced: drawn among the valid boards that clear the fairness bar: {}",
                draw.method.guarantee_over(&draw.layout.sampler)
            ));
            line(format!("  {}", crate::front::outputs::bar_method_line(draw, pilot)));
            for s in config.bar.sentences() {
                line(format!("  - {s}"));
            }
            for l in seen(&draw.layout, &draw.measures, config) {
                line(format!("  {l}"));
            }
            if let Some(o) = balance::odds_sentence(&draw.measures.seats) {
                line(format!("  {o}"));
            }
        }
    }
    out
}

/// How the kept board's seat gap compares with the random boards'.
fn seats_vs_random(o: &balance::Outcome, policy: balance::Policy) -> String {
    let r = &o.random;
    format!(
        "seat gap {:.2} pips ({} draft); random boards: median {:.2}, {} of {} as low",
        o.measures.seat_gap,
        policy.name(),
        r.seat_gap_median,
        r.seat_gap_as_low,
        r.seat_gap_drawn
    )
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
    super::solve_failed(source, scenario, e)
}

/// The report's tables on stdout: the measures, the seat simulation, the
/// fairness bar and the places.
fn print_tables(rep: &Report) {
    println!(
        "{} layouts measured (lower is fairer; corner_min is shown, not scored)\n",
        rep.samples
    );
    print!("{}", rep.table());
    if rep.failed > 0 {
        println!("({} candidates could not be laid out and were skipped)", rep.failed);
    }
    println!(
        "\nseat simulation ({} draft, snake order, {} tie-break draws per layout; see docs/balance.md):",
        rep.policy.name(),
        balance::seats::TIE_DRAWS
    );
    print!("{}", rep.seat_table());
    if rep.seats.iter().all(|s| s.mean == 0.0) {
        println!(
            "(no seat touches face-up production at the start: the seat measures, and the bar's seat condition, do not apply to this map)"
        );
    }
    println!(
        "\nfairness bar: {} of {} random layouts clear it ({})",
        rep.cleared,
        rep.samples,
        crate::units::percent(rep.pass_rate(), 2)
    );
    for s in rep.bar.sentences() {
        println!("  - {s}");
    }

    println!();
    print!("{}", rep.places_table());
}

/// `hexpress balance`.
pub(super) fn run(a: &BalanceArgs) -> Result<(), Failure> {
    let source = resolve(&a.scenario)?;
    let scenario = load_with_rules(&source, a.rules)?;
    let players = a.players.unwrap_or(scenario.meta.default_players);
    let seed = a.seed.unwrap_or_else(crate::rng::fresh_seed);
    let config = config(a.weights.as_deref())?;
    let objective = a.objective.unwrap_or_default();
    let Some(map) = scenario.map_for(players) else {
        let e = SolveError::NoMap {
            scenario: scenario.meta.id.clone(),
            players,
            available: scenario.meta.players.clone(),
        };
        return Err(solve_failed(&source, &scenario, &e));
    };
    let solver = Solver::new(map, &scenario.constraints);
    let eval = Evaluator::for_players(map, players)
        .with_policy(config.policy)
        .scoring_seats(objective.weights(&config.weights).needs_seats());
    let opts = SearchOptions {
        budget: Budget::Candidates(a.samples.max(1)),
        solve: SolveOptions { max_nodes: a.max_nodes, ..SolveOptions::default() },
        ..SearchOptions::default()
    };
    let bar = Bar::new("boards");
    let result = report::run_with(
        &solver,
        &eval,
        &config,
        objective,
        seed,
        &opts,
        a.best_boards,
        &|d, t| bar.update(d, t),
    );
    bar.finish();
    let rep = result.map_err(|e| solve_failed(&source, &scenario, &e))?;
    // The last guard on the board the report shows and recommends.
    super::guard(&scenario, players, &[], &rep.chosen.layout)?;

    let out_dir = super::out_dir(a.out.as_deref(), &scenario, players, seed)?;
    let title = format!("{}, {players} players, seed {seed}", scenario.meta.title);
    let svg = balance::svg::render(&rep, &title, &crate::front::theme::Theme::builtin().inks);
    let path = files::write_atomic(&out_dir, "balance.svg", svg.as_bytes())
        .context("writing the balance report")?;
    if super::terminal::quiet() {
        return Ok(());
    }
    println!("{} — {} players — seed {}", scenario.meta.title, players, seed);
    print_tables(&rep);
    if rep.cleared == 0 {
        for l in unreachable_bars(&scenario, &config, &[players]) {
            println!("  {l}");
        }
    }
    let o = &rep.chosen;
    let mut recipe = crate::front::recipe::Recipe::new(a.scenario.clone(), players, seed)
        .with_max_nodes(a.max_nodes);
    recipe.rules = a.rules;
    recipe.balanced = Some(crate::front::recipe::Balanced {
        objective: (objective != Objective::Score).then(|| objective.name().to_string()),
        weights: a.weights.as_ref().map(|w| w.display().to_string()),
        ..crate::front::recipe::Balanced::best(o.evaluated)
    });
    println!("\nchosen (score {:.2}): the map of `{}`", o.score, recipe.command());
    println!("  {}", above_random(o));
    println!("  {}", seats_vs_random(o, config.policy));
    let seen = balance::seen_measures(map, players, config.policy, &o.layout, &o.measures);
    for line in balance::summary_lines(&seen) {
        println!("  {line}");
    }
    if let Some(s) = balance::odds_sentence(&o.measures.seats) {
        println!("  {s}");
    }
    println!("wrote {}", path.display());
    Ok(())
}
