//! `hexpress sample`: many boards at once, as JSON lines.
//!
//! Board `k` (0-based) is the board `generate --seed SEED+k` lays out (with
//! `--balanced`: `generate --seed SEED+k --balanced`), so any line can be
//! reproduced (and printed) on its own. Boards are drawn on all cores in
//! chunks and written in seed order, so the output does not depend on the
//! number of threads. `--measures` adds a `balance` object with every
//! balance measure, the seat simulation and `meets_bar`.

use std::io::{self, Write};

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use super::args::SampleArgs;
use super::{contract, load_with_rules, resolve, solve_failed, Failure};
use crate::front::balance::{
    self, BarBuffers, BarOptions, BarSampler, Config, Evaluator, Measures,
};
use crate::front::builtin;
use crate::front::export::json;
use crate::front::model::Scenario;
use crate::front::recipe::Recipe;
use crate::front::solve::{self, BrokenBoard, Guard, Scratch, SolveOptions, Solver};

/// Why a board of the run was not written.
enum Fault {
    /// The solver (or the fairness bar) could not lay it out.
    Draw(balance::BarError),
    /// The last guard refused it (a bug).
    Broken(BrokenBoard),
    /// Writing its line failed.
    Write(anyhow::Error),
}

/// Boards drawn per parallel chunk before they are written in order.
const CHUNK: u64 = 4096;
/// Boards per task of a chunk: each task sets up its own buffers and writes
/// its lines into one buffer.
const BLOCK: u64 = 256;
/// Counts at or above this show a progress bar (on a terminal, without `-q`).
const PROGRESS_FROM: u64 = 20_000;

/// Runs `hexpress sample`, on `--threads` threads when given (else on
/// every core).
pub fn run(a: &SampleArgs) -> Result<(), Failure> {
    match a.threads {
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(usize::from(n))
            .build()
            .context("cannot start the worker threads")?
            .install(|| run_here(a)),
        None => run_here(a),
    }
}

fn run_here(a: &SampleArgs) -> Result<(), Failure> {
    let scenario_arg = a.scenario.as_deref().unwrap_or(builtin::DEFAULT);
    let source = resolve(scenario_arg)?;
    let scenario = load_with_rules(&source, a.rules)?;
    let players = a.players.unwrap_or(scenario.meta.default_players);
    let (head, tail) = command_around_seed(a, scenario_arg, players);
    let map = match solve::map_for(&scenario, players) {
        Ok(m) => m,
        Err(e) => return Err(solve_failed(&source, &scenario, &e)),
    };
    let seed = a.seed.unwrap_or_else(crate::rng::fresh_seed);
    let config = super::balance::config(a.weights.as_deref())?;
    let solver = Solver::new(map, &scenario.constraints);
    let eval = Evaluator::for_players(map, players).with_policy(config.policy);
    let opts = SolveOptions { max_nodes: a.max_nodes, ..SolveOptions::default() };
    // The first board also proves the rules can be met before any output.
    if let Err(e) = solver.solve(seed, &opts) {
        return Err(solve_failed(&source, &scenario, &e));
    }
    // With --balanced, the pilot runs once, and an impossible bar is
    // refused before any output.
    let bar = match a.balanced {
        true => {
            let bo = BarOptions { solve: opts, ..BarOptions::default() };
            match BarSampler::new(&solver, &eval, &config.bar, &bo) {
                Ok(s) => Some(s),
                Err(e) => return Err(super::balance::bar_failed(&source, &scenario, &config, &e)),
            }
        }
        false => None,
    };
    let lines = Lines {
        scenario: &scenario,
        solver: &solver,
        eval: &eval,
        bar: bar.as_ref(),
        config: &config,
        opts,
        measures: a.measures,
        players,
        head,
        tail,
    };
    let mut out = output(a)?;
    let progress_bar = progress(a.count, super::terminal::quiet());
    let guard = solver.guard();
    let mut done = 0u64;
    let mut spare = Vec::new();
    while done < a.count {
        let n = (a.count - done).min(CHUNK);
        let chunk = lines.chunk(&guard, seed.wrapping_add(done), n, &mut spare);
        match write_chunk(&mut out, chunk, &mut spare, &progress_bar) {
            Ok(Written::All) => {}
            Ok(Written::PipeClosed) => return Ok(()),
            Err(Fault::Draw(e)) => {
                return Err(super::balance::bar_failed(&source, &scenario, &config, &e))
            }
            Err(Fault::Broken(e)) => {
                return Err(Failure::Io(contract::internal(format!("{e}\n  hint: {}", e.hint()))))
            }
            Err(Fault::Write(e)) => return Err(e.context("writing boards").into()),
        }
        done += n;
        progress_bar.set_position(done);
    }
    progress_bar.finish_and_clear();
    match out.flush() {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        r => r.context("writing boards").map_err(Failure::from),
    }?;
    if !super::terminal::quiet() {
        summary(a, &scenario, players, seed, bar.as_ref());
    }
    Ok(())
}

/// Line k's command is `generate` with the seed of board k: the command
/// before and after the seed.
fn command_around_seed(a: &SampleArgs, scenario_arg: &str, players: u8) -> (String, String) {
    let mut base = Recipe::new(scenario_arg, players, 0).with_max_nodes(a.max_nodes);
    base.rules = a.rules;
    base.balanced = a.balanced.then(|| crate::front::recipe::Balanced {
        weights: a.weights.as_ref().map(|w| w.display().to_string()),
        ..crate::front::recipe::Balanced::bar()
    });
    base.around_seed()
}

/// Where the lines go: the `--out` file, or stdout.
fn output(a: &SampleArgs) -> Result<Box<dyn Write>, Failure> {
    Ok(match &a.out {
        Some(path) => Box::new(io::BufWriter::new(
            std::fs::File::create(path)
                .with_context(|| format!("cannot create `{}`", path.display()))?,
        )),
        None => Box::new(io::BufWriter::new(io::stdout().lock())),
    })
}

/// What every board of a run shares, and how its line is made.
struct Lines<'b, 'a> {
    scenario: &'b Scenario,
    solver: &'b Solver<'a>,
    eval: &'b Evaluator<'b>,
    bar: Option<&'b BarSampler<'b, 'a>>,
    config: &'b Config,
    opts: SolveOptions,
    /// Whether a line carries the balance measures (`--measures`).
    measures: bool,
    players: u8,
    /// The line's `generate` command, before and after the seed.
    head: String,
    tail: String,
}

impl Lines<'_, '_> {
    /// The lines of the `n` boards from seed `first` on, drawn on all cores
    /// in blocks of [`BLOCK`] boards, each block's lines in one buffer.
    /// `spare` holds buffers of earlier chunks to write into again (fresh
    /// memory costs page faults).
    fn chunk(&self, guard: &Guard<'_>, first: u64, n: u64, spare: &mut Vec<Vec<u8>>) -> Vec<Block> {
        let blocks = n.div_ceil(BLOCK) as usize;
        let buffers: Vec<Vec<u8>> = (0..blocks).map(|_| spare.pop().unwrap_or_default()).collect();
        buffers
            .into_par_iter()
            .enumerate()
            .map_init(
                || Worker {
                    scratch: self.solver.scratch(),
                    guard: guard.clone(),
                    cache: json::HexCache::default(),
                    bar: BarBuffers::default(),
                    measure: balance::measures::Scratch::default(),
                    measures: Measures::default(),
                },
                |w, (b, mut text)| {
                    text.clear();
                    let from = b as u64 * BLOCK;
                    let to = (from + BLOCK).min(n);
                    let mut block = Block { text, fault: None };
                    for j in from..to {
                        let s = first.wrapping_add(j);
                        if let Err(e) = self.line(w, s, &mut block.text) {
                            block.fault = Some(e);
                            break;
                        }
                    }
                    block
                },
            )
            .collect()
    }

    /// Appends the line of the board for seed `s` to `out`. The last guard
    /// runs on every board before it is written: a board it refuses never is.
    fn line(&self, w: &mut Worker<'_>, s: u64, out: &mut Vec<u8>) -> Result<(), Fault> {
        let (mut l, balance) = match self.bar {
            Some(b) => {
                let d = b.draw_reusing(&mut w.scratch, &mut w.bar, s).map_err(Fault::Draw)?;
                w.guard.check(&d.layout).map_err(Fault::Broken)?;
                let obj = balance::json::bar_object(&d, &b.pilot(), self.config);
                (d.layout, Some(obj))
            }
            None => {
                let (l, _) = self
                    .solver
                    .solve_checked(&mut w.scratch, &mut w.guard, s, &self.opts)
                    .map_err(|e| match e {
                        solve::SolveError::Broken(b) => Fault::Broken(*b),
                        e => Fault::Draw(e.into()),
                    })?;
                let obj = self.measures.then(|| {
                    self.eval.measure_into(&l, &mut w.measure, &mut w.measures);
                    balance::json::measures_object(&w.measures, self.config)
                });
                (l, obj)
            }
        };
        l.scenario.clone_from(&self.scenario.meta.id);
        l.title.clone_from(&self.scenario.meta.title);
        l.players = self.players;
        let command = json::Command::Spliced(&self.head, l.seed, &self.tail);
        json::write_line_cached(out, &l, command, balance.as_deref(), &mut w.cache);
        out.push(b'\n');
        Ok(())
    }
}

/// One thread's buffers, reused from board to board.
struct Worker<'a> {
    scratch: Scratch,
    guard: Guard<'a>,
    cache: json::HexCache,
    bar: BarBuffers,
    /// `--measures`: the measuring buffers and the measures.
    measure: balance::measures::Scratch,
    measures: Measures,
}

/// The lines of consecutive boards, up to the first that could not be
/// made.
struct Block {
    /// Their lines, each ending in a line break.
    text: Vec<u8>,
    /// Why the board after the last line was not written.
    fault: Option<Fault>,
}

/// How writing a chunk ended, when it did not fail.
enum Written {
    /// Every line is written.
    All,
    /// The reader closed the pipe (`| head`): it has had enough.
    PipeClosed,
}

/// Writes a chunk's lines in seed order. A refused board stops the run
/// before any line of its chunk is written; a board that could not be drawn
/// stops it at that board. The progress bar is cleared before either error.
fn write_chunk(
    out: &mut dyn Write,
    mut blocks: Vec<Block>,
    spare: &mut Vec<Vec<u8>>,
    progress_bar: &ProgressBar,
) -> Result<Written, Fault> {
    if let Some(i) = blocks.iter().position(|b| matches!(b.fault, Some(Fault::Broken(_)))) {
        progress_bar.finish_and_clear();
        let _ = out.flush();
        let Some(e) = blocks.swap_remove(i).fault else { unreachable!("a refused board") };
        return Err(e);
    }
    for block in blocks {
        match out.write_all(&block.text) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(Written::PipeClosed),
            Err(e) => return Err(Fault::Write(anyhow::Error::new(e))),
        }
        if let Some(e) = block.fault {
            progress_bar.finish_and_clear();
            return Err(e);
        }
        spare.push(block.text);
    }
    Ok(Written::All)
}

/// The closing note on stderr: which boards were written and, with a bar,
/// how they were drawn.
fn summary(a: &SampleArgs, scenario: &Scenario, players: u8, seed: u64, bar: Option<&BarSampler>) {
    let id = &scenario.meta.id;
    match a.count {
        1 => eprintln!("1 board of `{id}` ({players} players), seed {seed}"),
        n => eprintln!(
            "{n} boards of `{id}` ({players} players), seeds {seed} to {}",
            seed.wrapping_add(n.saturating_sub(1))
        ),
    }
    if let Some(b) = bar {
        let p = b.pilot();
        eprintln!(
            "drawn among the boards that clear the fairness bar: {} ({} of {} random boards cleared it)",
            b.guarantee(),
            crate::units::percent(p.pass_rate(), 2),
            p.boards
        );
    }
}

/// A progress bar on stderr for long runs, hidden when quiet or when stderr
/// is not a terminal.
fn progress(count: u64, quiet: bool) -> ProgressBar {
    if quiet || count < PROGRESS_FROM {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(count), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} boards, {per_sec}, {eta} left")
    {
        bar.set_style(style);
    }
    bar
}
