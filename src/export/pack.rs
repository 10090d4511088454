//! Every drawn output of one layout, as named byte buffers: what `generate`
//! writes, in the order it writes it. The CLI only adds the file writes.
//!
//! Pages that appear in two PDFs (the map sheets and the handout, again in
//! the print pack) are laid out once, through one [`TreeCache`].

use crate::compose::components::ComponentCounts;
use crate::compose::scene::Document;
use crate::compose::sheet_config::SheetOptions;
use crate::model::Scenario;
use crate::render::svg::page_to_svg;
use crate::solve::Layout;

use super::error::RenderError;
use super::pdf::document_to_pdf_cached;
use super::tree::TreeCache;
use super::{components, map, png, rules, RenderOptions};

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
    let mut cache = TreeCache::default();
    let theme = map::theme_for(opts)?;
    // One composition of the map serves the SVG, the PNG and the tiled sheets.
    let canvas = map::canvas(layout, &theme, opts);
    let whole = canvas.to_page();
    if opts.formats.svg {
        out.push(("map.svg".into(), page_to_svg(&whole).into_bytes()));
    }
    let (map_doc, _) = map::tiled(&canvas, &theme, opts);
    if opts.formats.pdf {
        out.push(("map.pdf".into(), document_to_pdf_cached(&map_doc, true, &mut cache)?));
    }
    if opts.formats.png {
        out.push(("preview.png".into(), png::page_to_png(&whole, opts.dpi)?));
    }
    let mut handout = Vec::new();
    if opts.formats.pdf || opts.formats.svg {
        let doc = rules::handout_document(scenario, layout, opts)?;
        if opts.formats.pdf {
            out.push(("rules.pdf".into(), document_to_pdf_cached(&doc, true, &mut cache)?));
        }
        if opts.formats.svg {
            for (i, p) in doc.pages.iter().enumerate() {
                out.push((rules::svg_name(i + 1), page_to_svg(p).into_bytes()));
            }
        }
        handout = doc.pages;
    }
    if opts.formats.pdf {
        let counts = ComponentCounts::from_scenario(scenario, layout.players);
        let unplaced = components::unplaced_pieces(layout, scenario, &counts, sheets, &theme);
        if !unplaced.is_empty() {
            let more = match unplaced.len() {
                n if n > 3 => format!(" and {} more", n - 3),
                _ => String::new(),
            };
            return Err(RenderError::Option(format!(
                "these pieces fit on no page of {} paper with the sheet margins: {}{more}\n  hint: lower `sheet.margin` or `sheet.bleed` in sheets.toml, or choose a larger --paper",
                sheets.paper.name,
                unplaced[..unplaced.len().min(3)].join(", "),
            )));
        }
        let pages = components::component_pages(layout, scenario, &counts, sheets, &theme);
        if !pages.is_empty() {
            let doc = Document {
                title: format!("{} components (seed {})", layout.title, layout.seed),
                pages,
            };
            out.push(("components.pdf".into(), document_to_pdf_cached(&doc, true, &mut cache)?));
        }
        let extras = components::PackExtras {
            cards: rules::card_sets(scenario, layout.players, sheets, &theme)?,
            handout,
        };
        let pack = components::print_pack_document_with(
            map_doc.pages,
            layout,
            scenario,
            &counts,
            sheets,
            &theme,
            extras,
        );
        out.push(("print-pack.pdf".into(), document_to_pdf_cached(&pack, true, &mut cache)?));
    }
    Ok(out)
}
