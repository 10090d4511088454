//! The library entry for map files: layout + options -> the bytes of
//! `map.svg`, `map.pdf` (overview + 1:1 sheets) and `preview.png`.

use super::error::RenderError;
use super::options::RenderOptions;
use super::{pdf, png};
use crate::compose::map::{map_canvas, MapCanvas, MapSpec};
use crate::compose::scene::Document;
use crate::compose::tiles::{plan, tile_document, Tiling};
use crate::render::svg::page_to_svg;
use crate::solve::Layout;
use crate::theme::Theme;

/// The rendered map files; a format not asked for is `None`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MapFiles {
    /// `map.svg`: the whole map on one page at 1:1.
    pub svg: Option<String>,
    /// `map.pdf`: an assembly overview, then the map cut into 1:1 sheets.
    pub pdf: Option<Vec<u8>>,
    /// `preview.png`: the whole map at the chosen resolution.
    pub png: Option<Vec<u8>>,
    /// Number of map sheets in the PDF (overview not counted).
    pub sheets: usize,
    /// Whether every sheet cut avoids number chips and harbor tokens.
    pub cuts_clear: bool,
}

/// The theme for `opts`, with the hex size override applied and checked.
pub fn theme_for(opts: &RenderOptions) -> Result<Theme, RenderError> {
    let mut theme = Theme::load(opts.templates_dir.as_deref())?;
    if let Some(h) = opts.hex_size {
        if !(20.0..=300.0).contains(&h) {
            return Err(RenderError::Option(format!("a hex size of {h} mm is outside 20-300 mm")));
        }
        theme.sizes.hex_flat = h;
        theme.sizes.chip_diameter = theme.sizes.chip_diameter.min(0.8 * h);
    }
    if !(opts.dpi > 0.0 && opts.dpi <= 1200.0) {
        return Err(RenderError::Option(format!(
            "a resolution of {} dpi is outside 1-1200",
            opts.dpi
        )));
    }
    Ok(theme)
}

/// The map canvas (whole map at 1:1) for `layout`.
pub fn canvas(layout: &Layout, theme: &Theme, opts: &RenderOptions) -> MapCanvas {
    let spec = MapSpec {
        theme,
        mode: opts.mode(),
        view: opts.view,
        flat: theme.sizes.hex_flat,
        labels: opts.labels,
        notes: &opts.notes,
        regenerate: opts.regenerate.as_deref(),
    };
    map_canvas(layout, &spec)
}

/// The tiled map as a scene document (overview page, then sheets A1, A2...),
/// for the print pack to include.
pub fn map_document(
    layout: &Layout,
    opts: &RenderOptions,
) -> Result<(Document, Tiling), RenderError> {
    let theme = theme_for(opts)?;
    let c = canvas(layout, &theme, opts);
    Ok(tiled(&c, &theme, opts))
}

/// Tiles an already composed map canvas over 1:1 sheets (overview first).
pub fn tiled(c: &MapCanvas, theme: &Theme, opts: &RenderOptions) -> (Document, Tiling) {
    let s = theme.sizes;
    let t = plan(c, opts.paper.size_mm(), s.page_margin, s.overlap);
    let doc = tile_document(c, &t, s.page_margin, theme.palette(opts.mode()), s.small_text);
    (doc, t)
}

/// Renders the map files `opts.formats` asks for.
pub fn map_outputs(layout: &Layout, opts: &RenderOptions) -> Result<MapFiles, RenderError> {
    let theme = theme_for(opts)?;
    let c = canvas(layout, &theme, opts);
    let page = c.to_page();
    let mut files = MapFiles::default();
    if opts.formats.svg {
        files.svg = Some(page_to_svg(&page));
    }
    let (doc, t) = tiled(&c, &theme, opts);
    files.sheets = t.sheets();
    files.cuts_clear = t.cuts_clear;
    if opts.formats.pdf {
        files.pdf = Some(pdf::document_to_pdf(&doc)?);
    }
    if opts.formats.png {
        files.png = Some(png::page_to_png(&page, opts.dpi)?);
    }
    Ok(files)
}
