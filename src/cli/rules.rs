//! `hexpress rules`: the rules handout of one layout, alone.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;

use super::args::{PaperArg, RulesArgs, ViewArg};
use super::Failure;
use crate::compose::scene::Document;
use crate::export::files::{run_dir, write_all};
use crate::export::options::{Paper, RenderOptions, View};
use crate::export::rules::{handout_document, rules_files, svg_name};
use crate::solve::{self, SolveOptions};

/// Writes `rules.pdf` (with `pdf`) and the `rules-N.svg` pages (with `svg`)
/// of a laid-out handout; returns the files written.
pub fn write_handout(
    doc: &Document,
    dir: &Path,
    pdf: bool,
    svg: bool,
) -> anyhow::Result<Vec<PathBuf>> {
    let files = rules_files(doc).context("drawing the rules handout")?;
    let mut out: Vec<(String, Vec<u8>)> = Vec::new();
    if pdf {
        out.push(("rules.pdf".into(), files.pdf));
    }
    if svg {
        for (i, s) in files.svgs.into_iter().enumerate() {
            out.push((svg_name(i + 1), s.into_bytes()));
        }
    }
    Ok(write_all(dir, &out)?)
}

/// Runs `hexpress rules`.
pub fn run(a: &RulesArgs) -> Result<(), Failure> {
    let source = super::resolve(&a.scenario)?;
    let scenario = super::load_with_rules(&source, a.rules)?;
    let players = a.players.unwrap_or(scenario.meta.default_players);
    let seed = a.seed.unwrap_or_else(crate::rng::fresh_seed);
    let solve_opts = SolveOptions {
        deadline: Some(Instant::now() + Duration::from_millis(5_000)),
        ..SolveOptions::default()
    };
    let layout = match solve::solve(&scenario, players, seed, &solve_opts) {
        Ok(l) => l,
        Err(e) => {
            super::report_solve_error(&source, &scenario, &e);
            return Err(Failure::Invalid);
        }
    };
    let dir: PathBuf = match &a.out {
        Some(d) => d.clone(),
        None => run_dir(Path::new("output"), &scenario.meta.id, players, seed)
            .context("bad output folder")?,
    };
    let opts = RenderOptions {
        paper: match a.paper {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
            PaperArg::A3 => Paper::A3,
        },
        view: match a.view {
            ViewArg::Setup => View::Setup,
            ViewArg::Play => View::Play,
        },
        templates_dir: a.templates.clone(),
        ..RenderOptions::default()
    };
    let doc =
        handout_document(&scenario, &layout, &opts).context("laying out the rules handout")?;
    let written = write_handout(&doc, &dir, true, true)?;
    if !super::output::quiet() {
        println!("seed: {seed}");
        for p in written {
            println!("wrote {}", p.display());
        }
    }
    Ok(())
}
