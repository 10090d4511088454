//! `generate`'s drawing step: map.svg, map.pdf, preview.png, rules.pdf and
//! rules-N.svg, components.pdf and print-pack.pdf, drawn in memory.

use anyhow::Context;

use super::args::{DuplexArg, PaperArg, RenderArgs, ViewArg};
use crate::compose::sheet_config::{Duplex, SheetOptions};
use crate::export::options::{Formats, Paper, RenderOptions, View};
use crate::export::pack::{all_outputs, OutFile};
use crate::model::Scenario;
use crate::solve::Layout;

/// The renderer's options from the command line.
pub fn render_options(a: &RenderArgs) -> anyhow::Result<RenderOptions> {
    Ok(RenderOptions {
        paper: match a.paper {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
            PaperArg::A3 => Paper::A3,
        },
        view: match a.view {
            ViewArg::Setup => View::Setup,
            ViewArg::Play => View::Play,
        },
        dpi: a.dpi,
        ink_saver: a.ink_saver,
        black_and_white: a.black_and_white,
        formats: Formats::parse(&a.formats).map_err(|e| anyhow::anyhow!("--formats: {e}"))?,
        templates_dir: a.templates.clone(),
        hex_size: a.hex_size,
        labels: a.labels,
        notes: Vec::new(),
        regenerate: None,
    })
}

fn paper_name(p: PaperArg) -> &'static str {
    match p {
        PaperArg::A4 => "a4",
        PaperArg::Letter => "letter",
        PaperArg::A3 => "a3",
    }
}

/// The sheet templates and printer profile, with the command line's choices.
pub fn sheet_options(a: &RenderArgs) -> anyhow::Result<SheetOptions> {
    let mut sheets = SheetOptions::load(a.templates.as_deref())
        .context("loading the sheet templates")?
        .with_paper(paper_name(a.paper))
        .context("choosing the paper")?;
    sheets.ink_saver = a.ink_saver;
    sheets.mono = a.black_and_white;
    if let Some(d) = a.duplex {
        sheets.printer.duplex = match d {
            DuplexArg::Long => Duplex::Long,
            DuplexArg::Short => Duplex::Short,
        };
    }
    Ok(sheets)
}

/// Checks every drawing option before any work: formats, templates (theme,
/// sheets, printer) and paper.
pub fn check_options(a: &RenderArgs) -> anyhow::Result<()> {
    let opts = render_options(a)?;
    crate::export::map::theme_for(&opts).context("loading the theme")?;
    sheet_options(a)?;
    Ok(())
}

/// Draws everything the options ask for, in memory: `(file name, bytes)`.
pub fn draw_outputs(
    a: &RenderArgs,
    layout: &Layout,
    scenario: &Scenario,
    notes: Vec<String>,
    regenerate: Option<String>,
) -> anyhow::Result<Vec<OutFile>> {
    let mut opts = render_options(a)?;
    opts.notes = notes;
    opts.regenerate = regenerate;
    let sheets = sheet_options(a)?;
    all_outputs(layout, scenario, &opts, &sheets).context("drawing the outputs")
}
