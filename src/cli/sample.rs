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
use super::{load_with_rules, report_solve_error, resolve, Failure};
use crate::balance::{self, BarOptions, BarSampler, Evaluator};
use crate::builtin;
use crate::export::json;
use crate::recipe::Recipe;
use crate::solve::{self, BrokenBoard, SolveOptions, Solver};

/// Why a board of the run was not written.
enum Fault {
    /// The solver (or the fairness bar) could not lay it out.
    Draw(balance::BarError),
    /// The last guard refused it (a bug).
    Broken(BrokenBoard),
}

/// Boards drawn per parallel chunk before they are written in order.
const CHUNK: u64 = 4096;
/// Counts at or above this show a progress bar (on a terminal, without `-q`).
const PROGRESS_FROM: u64 = 20_000;

/// Runs `hexpress sample`.
pub fn run(a: &SampleArgs) -> Result<(), Failure> {
    let scenario_arg = a.scenario.as_deref().unwrap_or(builtin::DEFAULT);
    let source = resolve(scenario_arg)?;
    let scenario = load_with_rules(&source, a.rules)?;
    let players = a.players.unwrap_or(scenario.meta.default_players);
    // Line k's command is `generate` with the seed of board k.
    let mut base = Recipe::new(scenario_arg, players, 0).with_max_nodes(a.max_nodes);
    base.rules = a.rules;
    base.balanced = a.balanced.then(|| crate::recipe::Balanced {
        weights: a.weights.as_ref().map(|w| w.display().to_string()),
        ..crate::recipe::Balanced::bar()
    });
    let (head, tail) = base.around_seed();
    let map = match solve::map_for(&scenario, players) {
        Ok(m) => m,
        Err(e) => {
            report_solve_error(&source, &scenario, &e);
            return Err(Failure::Invalid);
        }
    };
    let seed = a.seed.unwrap_or_else(crate::rng::fresh_seed);
    let config = super::balance::config(a.weights.as_deref())?;
    let solver = Solver::new(map, &scenario.constraints);
    let eval = Evaluator::for_players(map, players).with_policy(config.policy);
    let opts = SolveOptions { max_nodes: a.max_nodes, ..SolveOptions::default() };
    // The first board also proves the rules can be met before any output.
    if let Err(e) = solver.solve(seed, &opts) {
        report_solve_error(&source, &scenario, &e);
        return Err(Failure::Invalid);
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

    let guard = solver.guard();

    let mut out: Box<dyn Write> = match &a.out {
        Some(path) => Box::new(io::BufWriter::new(
            std::fs::File::create(path)
                .with_context(|| format!("cannot create `{}`", path.display()))?,
        )),
        None => Box::new(io::BufWriter::new(io::stdout().lock())),
    };
    let progress_bar = progress(a.count, super::terminal::quiet());
    let mut done = 0u64;
    while done < a.count {
        let n = (a.count - done).min(CHUNK);
        // At least 256 boards a task: each task sets up its own buffers.
        let lines: Vec<Result<String, Fault>> = (0..n as usize)
            .into_par_iter()
            .with_min_len(256)
            .map_init(
                || (solver.scratch(), guard.clone()),
                |(scratch, guard), j| {
                    let s = seed.wrapping_add(done + j as u64);
                    // The last guard runs on every board before it is
                    // written: a board it refuses never is.
                    let (mut l, balance) = match &bar {
                        Some(b) => {
                            let d = b.draw_with(scratch, s).map_err(Fault::Draw)?;
                            guard.check(&d.layout).map_err(Fault::Broken)?;
                            let obj = balance::json::bar_object(&d, &b.pilot(), &config);
                            (d.layout, Some(obj))
                        }
                        None => {
                            let (l, _) = solver.solve_checked(scratch, guard, s, &opts).map_err(
                                |e| match e {
                                    solve::SolveError::Broken(b) => Fault::Broken(*b),
                                    e => Fault::Draw(e.into()),
                                },
                            )?;
                            let obj = a.measures.then(|| {
                                balance::json::measures_object(&eval.measure(&l), &config)
                            });
                            (l, obj)
                        }
                    };
                    l.scenario.clone_from(&scenario.meta.id);
                    l.title.clone_from(&scenario.meta.title);
                    l.players = players;
                    let command = format!("{head}{}{tail}", l.seed);
                    Ok(one_line(&json::layout_json_with(&l, &command, balance)))
                },
            )
            .collect();
        // A refused board stops the run before any line of its chunk is written.
        if let Some(Err(Fault::Broken(e))) =
            lines.iter().find(|l| matches!(l, Err(Fault::Broken(_))))
        {
            progress_bar.finish_and_clear();
            let _ = out.flush();
            return Err(Failure::Io(anyhow::anyhow!("{e}\n  hint: {}", e.hint())));
        }
        for line in lines {
            match line {
                Ok(text) => match writeln!(out, "{text}") {
                    Ok(()) => {}
                    // A closed pipe (`| head`) is the reader saying "enough".
                    Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
                    Err(e) => return Err(anyhow::Error::new(e).context("writing boards").into()),
                },
                Err(Fault::Draw(e)) => {
                    progress_bar.finish_and_clear();
                    return Err(super::balance::bar_failed(&source, &scenario, &config, &e));
                }
                Err(Fault::Broken(_)) => unreachable!("refused boards end the run above"),
            }
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
        eprintln!(
            "{} boards of `{}` ({players} players), seeds {seed} to {}",
            a.count,
            scenario.meta.id,
            seed.wrapping_add(a.count.saturating_sub(1))
        );
        if let Some(b) = &bar {
            let p = b.pilot();
            eprintln!(
                "drawn uniformly among the boards that clear the fairness bar, by {} ({:.2} % of {} random boards cleared it)",
                b.method().name(),
                100.0 * p.pass_rate(),
                p.boards
            );
        }
    }
    Ok(())
}

/// `layout.json` on one line: its lines never break inside a string, so
/// joining them without their indentation keeps the same JSON value.
fn one_line(pretty: &str) -> String {
    pretty.lines().map(str::trim_start).collect()
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

#[cfg(test)]
mod tests {
    use super::one_line;

    #[test]
    fn one_line_keeps_the_value_and_drops_the_breaks() {
        let pretty = "{\n  \"a\": [1,\n    2],\n  \"b\": \"x y\"\n}\n";
        assert_eq!(one_line(pretty), "{\"a\": [1,2],\"b\": \"x y\"}");
    }
}
