//! Every drawn output of one layout, as named byte buffers: what `generate`
//! writes, in the order it writes it. The CLI only adds the file writes.

use crate::compose::components::ComponentCounts;
use crate::compose::sheet_config::SheetOptions;
use crate::model::Scenario;
use crate::solve::Layout;

use super::error::RenderError;
use super::{components, map, rules, RenderOptions};

/// One output file: its name inside the output folder and its bytes.
pub type OutFile = (String, Vec<u8>);

/// Draws the map (`map.svg`, `map.pdf`, `preview.png`), the rules handout
/// (`rules.pdf`, `rules-N.svg`), the component sheets (`components.pdf`)
/// and the whole print pack (`print-pack.pdf`), as far as `opts.formats`
/// asks for them.
pub fn all_outputs(
    layout: &Layout,
    scenario: &Scenario,
    opts: &RenderOptions,
    sheets: &SheetOptions,
) -> Result<Vec<OutFile>, RenderError> {
    let mut out: Vec<OutFile> = Vec::new();
    let files = map::map_outputs(layout, opts)?;
    if let Some(svg) = files.svg {
        out.push(("map.svg".into(), svg.into_bytes()));
    }
    if let Some(pdf) = files.pdf {
        out.push(("map.pdf".into(), pdf));
    }
    if let Some(png) = files.png {
        out.push(("preview.png".into(), png));
    }
    let mut handout = Vec::new();
    if opts.formats.pdf || opts.formats.svg {
        let doc = rules::handout_document(scenario, layout, opts)?;
        let drawn = rules::rules_files(&doc)?;
        if opts.formats.pdf {
            out.push(("rules.pdf".into(), drawn.pdf));
        }
        if opts.formats.svg {
            for (i, s) in drawn.svgs.into_iter().enumerate() {
                out.push((rules::svg_name(i + 1), s.into_bytes()));
            }
        }
        handout = doc.pages;
    }
    if opts.formats.pdf {
        let theme = map::theme_for(opts)?;
        let counts = ComponentCounts::from_scenario(scenario, layout.players);
        if let Some(pdf) = components::component_outputs(layout, scenario, &counts, sheets, &theme)?
        {
            out.push(("components.pdf".into(), pdf));
        }
        let (map_doc, _) = map::map_document(layout, opts)?;
        let extras = components::PackExtras {
            cards: rules::card_sets(scenario, layout.players, sheets, &theme)?,
            handout,
        };
        let pack = components::print_pack(
            map_doc.pages,
            layout,
            scenario,
            &counts,
            sheets,
            &theme,
            extras,
        )?;
        out.push(("print-pack.pdf".into(), pack));
    }
    Ok(out)
}
