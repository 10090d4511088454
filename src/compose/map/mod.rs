//! The map as pages: the whole map on one page at 1:1 (map.svg, preview.png,
//! the handout's picture) and the same canvas tiled over 1:1 sheets with an
//! assembly overview first (map.pdf and the print pack).

pub mod band;
pub mod canvas;
pub mod cuts;
pub mod docks;
pub(crate) mod keepout;
pub mod legend;
pub mod marks;
pub mod overview;
pub mod picture;
pub mod regions;
pub mod sheets;
pub mod sides;
pub mod spec;
pub mod spots;

use crate::compose::map::canvas::{map_canvas, MapCanvas, MapSpec};
use crate::compose::map::cuts::{plan, Tiling};
use crate::compose::map::sheets::tile_document;
use crate::recipe::Recipe;
use crate::scene::Document;
use crate::settings::{Settings, View};
use crate::solve::Layout;

/// What the drawings say about how a board was made: extra lines for the
/// map's title block and the recipe whose command the map, the handout and
/// the print plan print.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Notes {
    /// Extra lines for the map's title block (the balance summary of a
    /// `--balanced` map).
    pub lines: Vec<String>,
    /// How the board was made; `None` for a plain one (its scenario id,
    /// players and seed, [`Recipe::plain`]).
    pub recipe: Option<Recipe>,
}

impl Notes {
    /// The command that makes `layout` again.
    pub fn command(&self, layout: &Layout) -> String {
        match &self.recipe {
            Some(r) => r.command(),
            None => Recipe::plain(layout).command(),
        }
    }
}

/// The map canvas (whole map at 1:1) for `layout`.
pub fn canvas(layout: &Layout, settings: &Settings, notes: &Notes) -> MapCanvas {
    let theme = &settings.theme;
    let command = notes.command(layout);
    let spec = MapSpec {
        theme,
        mode: settings.mode,
        view: settings.view,
        flat: theme.sizes.hex_flat,
        labels: settings.labels,
        notes: &notes.lines,
        command: &command,
        // The overview page of the tiled map carries the title block and legend.
        key_width: Some(settings.paper_mm().0 - 2.0 * settings.sheets.margin),
        picture: false,
    };
    map_canvas(layout, &spec)
}

/// The map canvas as the players may see it: [`canvas`], but drawn in the
/// play view whenever the layout has face-down tiles (a setup view would
/// show what they hide). For the handout's picture.
pub fn players_canvas(layout: &Layout, settings: &Settings, notes: &Notes) -> MapCanvas {
    if settings.view == View::Setup && layout.hexes.iter().any(|h| h.face_down) {
        let play = Settings { view: View::Play, ..settings.clone() };
        return canvas(layout, &play, notes);
    }
    canvas(layout, settings, notes)
}

/// Tiles a composed map canvas of `layout` over 1:1 sheets of the chosen
/// paper (overview page first, then sheets A1, A2...).
pub fn tiled(c: &MapCanvas, layout: &Layout, settings: &Settings) -> (Document, Tiling) {
    let s = settings.theme.sizes;
    // The same unprinted border as every other sheet: `sheet.margin` in sheets.toml.
    let margin = settings.sheets.margin;
    let t = plan(c, settings.paper_mm(), margin, s.overlap);
    let overview = crate::compose::map::overview::overview(c, layout, settings, &t).page;
    let pal = settings.theme.palette(settings.mode);
    let doc = tile_document(c, &t, margin, pal, settings.theme.inks.glue_strip, s.small_text);
    let mut doc = doc;
    doc.pages.insert(0, overview);
    (doc, t)
}
