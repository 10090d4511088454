//! `generate`'s drawing step: map.svg, map.pdf, preview.png, rules.pdf and
//! rules-N.svg, components.pdf and print-pack.pdf, each written atomically.

use std::path::{Path, PathBuf};

use anyhow::Context;

use super::args::{DuplexArg, PaperArg, RenderArgs, ViewArg};
use crate::compose::components::ComponentCounts;
use crate::compose::sheet_config::{Duplex, SheetOptions};
use crate::export::files::write_atomic;
use crate::export::options::{Formats, Paper, RenderOptions, View};
use crate::export::{components, map, rules};
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

/// Draws everything the options ask for into `dir`; returns the files written.
pub fn write_outputs(
    a: &RenderArgs,
    layout: &Layout,
    scenario: &Scenario,
    dir: &Path,
    notes: Vec<String>,
    regenerate: Option<String>,
) -> anyhow::Result<Vec<PathBuf>> {
    let mut opts = render_options(a)?;
    opts.notes = notes;
    opts.regenerate = regenerate;
    let mut written = Vec::new();
    let files = map::map_outputs(layout, &opts).context("drawing the map")?;
    if let Some(svg) = &files.svg {
        written.push(write_atomic(dir, "map.svg", svg.as_bytes())?);
    }
    if let Some(pdf) = &files.pdf {
        written.push(write_atomic(dir, "map.pdf", pdf)?);
    }
    if let Some(png) = &files.png {
        written.push(write_atomic(dir, "preview.png", png)?);
    }
    let handout = match opts.formats.pdf || opts.formats.svg {
        true => {
            let doc = rules::handout_document(scenario, layout, &opts)
                .context("laying out the rules handout")?;
            written.extend(super::rules::write_handout(
                &doc,
                dir,
                opts.formats.pdf,
                opts.formats.svg,
            )?);
            doc.pages
        }
        false => Vec::new(),
    };
    if opts.formats.pdf {
        let theme = map::theme_for(&opts).context("loading the theme")?;
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
        let counts = ComponentCounts::from_scenario(scenario, layout.players);
        if let Some(pdf) = components::component_outputs(layout, scenario, &counts, &sheets, &theme)
            .context("drawing the components")?
        {
            written.push(write_atomic(dir, "components.pdf", &pdf)?);
        }
        let (map_doc, _) = map::map_document(layout, &opts).context("tiling the map")?;
        let extras = components::PackExtras {
            cards: rules::card_sets(scenario, layout.players, &sheets, &theme)
                .context("laying out the reference cards")?,
            handout,
        };
        let pack = components::print_pack(
            map_doc.pages,
            layout,
            scenario,
            &counts,
            &sheets,
            &theme,
            extras,
        )
        .context("assembling the print pack")?;
        written.push(write_atomic(dir, "print-pack.pdf", &pack)?);
    }
    Ok(written)
}
