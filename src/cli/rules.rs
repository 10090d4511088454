//! `hexpress rules`: the rules handout of one layout, alone.

use std::time::{Duration, Instant};

use anyhow::Context;

use super::args::RulesArgs;
use super::Failure;
use crate::front::export::files::write_all;
use crate::front::outputs;
use crate::front::settings::{Choices, Settings};
use crate::front::solve::{self, SolveOptions};

/// Runs `hexpress rules`.
pub fn run(a: &RulesArgs) -> Result<(), Failure> {
    let source = super::resolve(&a.scenario)?;
    let scenario = super::load_with_rules(&source, a.rules)?;
    let players = a.players.unwrap_or(scenario.meta.default_players);
    super::check_drawable(&scenario, players)?;
    let seed = a.seed.unwrap_or_else(crate::rng::fresh_seed);
    let solve_opts = SolveOptions {
        deadline: Some(
            Instant::now() + Duration::from_millis(crate::limits::DEFAULT_TIME_LIMIT_MS),
        ),
        ..SolveOptions::default()
    };
    let layout = match solve::solve(&scenario, players, seed, &solve_opts) {
        Ok(l) => l,
        Err(e) => return Err(super::solve_failed(&source, &scenario, &e)),
    };
    // The last guard: the handout is drawn only from a board that passed it.
    super::guard(&scenario, players, &[], &layout)?;
    let dir = super::out_dir(a.out.as_deref(), &scenario, players, seed)?;
    let choices = Choices {
        paper: a.paper,
        view: a.view,
        templates_dir: a.templates.clone(),
        ..Choices::default()
    };
    let settings = Settings::build(&choices).context("loading the templates")?;
    let mut recipe = crate::front::recipe::Recipe::new(a.scenario.clone(), players, seed);
    recipe.rules = a.rules;
    recipe.drawing = choices.flags();
    let notes = outputs::notes(recipe, Vec::new());
    let files = outputs::rules(&scenario, &layout, &settings, &notes)
        .context("drawing the rules handout")?;
    let written = write_all(&dir, &files).context("writing the rules handout")?;
    if !super::terminal::quiet() {
        println!("seed: {seed}");
        for p in written {
            println!("wrote {}", p.display());
        }
    }
    Ok(())
}
