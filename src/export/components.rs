//! `components.pdf` and `print-pack.pdf`: component sheets, the calibration
//! sheet and the map pages, as documents and PDF bytes.
//!
//! Print-pack order: the calibration sheet FIRST (check the printer's scale
//! and duplex alignment before spending ink on the rest), then the map
//! pages, then the component sheets. Every sheet of a document gets a footer
//! numbering the sheets of that document; map pages are kept as given and
//! only counted.

use crate::compose::calibration::calibration_pages;
use crate::compose::components::{component_sets, ComponentCounts};
use crate::compose::scene::{Document, Page};
use crate::compose::sheet::{impose, impose_pages, sheet_count, stamp_footers_from, FooterInfo};
use crate::compose::sheet_config::SheetOptions;
use crate::compose::theme_art::ThemeArt;
use crate::model::Scenario;
use crate::solve::Layout;
use crate::theme::{Mode, Theme};

use super::error::RenderError;
use super::pdf::document_to_pdf;

/// The print mode the options ask for (black and white wins over ink saving).
pub fn mode(opts: &SheetOptions) -> Mode {
    if opts.mono {
        Mode::BlackAndWhite
    } else if opts.ink_saver {
        Mode::InkSaver
    } else {
        Mode::Colour
    }
}

/// The options with the theme's hex and chip sizes (the map's sizes: one
/// setting for both, in `theme.toml`).
pub fn with_theme_sizes(opts: &SheetOptions, theme: &Theme) -> SheetOptions {
    let mut o = opts.clone();
    o.sizes.hex_flat = theme.sizes.hex_flat;
    o.sizes.chip = theme.sizes.chip_diameter;
    o
}

fn footer(layout: &Layout) -> FooterInfo {
    FooterInfo::new(layout.title.clone(), layout.seed)
}

/// The component sheets of a layout (fronts each followed by their backs),
/// with footers. Empty when the scenario needs no printed components.
pub fn component_pages(
    layout: &Layout,
    scenario: &Scenario,
    counts: &ComponentCounts,
    opts: &SheetOptions,
    theme: &Theme,
) -> Vec<Page> {
    let opts = &with_theme_sizes(opts, theme);
    let art = ThemeArt { theme, mode: mode(opts) };
    let sets = component_sets(layout, scenario, counts, &opts.sizes, &art);
    impose(&sets, opts, &footer(layout))
}

/// Names of the pieces the scenario needs that fit no page of the chosen
/// paper with these margins (they would be left out of the sheets).
pub fn unplaced_pieces(
    layout: &Layout,
    scenario: &Scenario,
    counts: &ComponentCounts,
    opts: &SheetOptions,
    theme: &Theme,
) -> Vec<String> {
    let opts = &with_theme_sizes(opts, theme);
    let art = ThemeArt { theme, mode: mode(opts) };
    let sets = component_sets(layout, scenario, counts, &opts.sizes, &art);
    crate::compose::sheet::unplaced(&sets, opts)
}

/// `components.pdf`, or `None` when the scenario needs no printed components.
pub fn component_outputs(
    layout: &Layout,
    scenario: &Scenario,
    counts: &ComponentCounts,
    opts: &SheetOptions,
    theme: &Theme,
) -> Result<Option<Vec<u8>>, RenderError> {
    let pages = component_pages(layout, scenario, counts, opts, theme);
    if pages.is_empty() {
        return Ok(None);
    }
    let doc =
        Document { title: format!("{} components (seed {})", layout.title, layout.seed), pages };
    document_to_pdf(&doc).map(Some)
}

/// What the print pack holds beyond the map and the components.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PackExtras {
    /// Reference cards, imposed after the component sheets.
    pub cards: Vec<crate::compose::piece::PieceSet>,
    /// Rules handout pages, kept as given, at the end.
    pub handout: Vec<Page>,
}

/// The print pack as pages: calibration sheet (front, back), then
/// `map_pages` unchanged, then the component sheets. Footers number every
/// sheet of the pack; map pages count as one sheet each (a map page labelled
/// with the [`crate::compose::sheet::BACK_SUFFIX`] suffix counts as the back
/// of the one before).
pub fn print_pack_document(
    map_pages: Vec<Page>,
    layout: &Layout,
    scenario: &Scenario,
    counts: &ComponentCounts,
    opts: &SheetOptions,
    theme: &Theme,
) -> Document {
    print_pack_document_with(
        map_pages,
        layout,
        scenario,
        counts,
        opts,
        theme,
        PackExtras::default(),
    )
}

/// [`print_pack_document`] with reference cards (imposed after the
/// components) and the rules handout (last; its pages count as sheets).
pub fn print_pack_document_with(
    map_pages: Vec<Page>,
    layout: &Layout,
    scenario: &Scenario,
    counts: &ComponentCounts,
    opts: &SheetOptions,
    theme: &Theme,
    extras: PackExtras,
) -> Document {
    let opts = &with_theme_sizes(opts, theme);
    let art = ThemeArt { theme, mode: mode(opts) };
    let mut sets = component_sets(layout, scenario, counts, &opts.sizes, &art);
    sets.extend(extras.cards);
    let mut calibration = calibration_pages(opts);
    let mut components = impose_pages(&sets, opts);
    let map_sheets = sheet_count(&map_pages);
    let total = sheet_count(&calibration)
        + map_sheets
        + sheet_count(&components)
        + sheet_count(&extras.handout);
    let info = footer(layout);
    stamp_footers_from(&mut calibration, opts, &info, 1, total);
    let first = sheet_count(&calibration) + map_sheets + 1;
    stamp_footers_from(&mut components, opts, &info, first, total);
    let mut pages = calibration;
    pages.extend(map_pages);
    pages.extend(components);
    pages.extend(extras.handout);
    Document { title: format!("{} print pack (seed {})", layout.title, layout.seed), pages }
}

/// `print-pack.pdf`, with reference cards and the rules handout.
pub fn print_pack(
    map_pages: Vec<Page>,
    layout: &Layout,
    scenario: &Scenario,
    counts: &ComponentCounts,
    opts: &SheetOptions,
    theme: &Theme,
    extras: PackExtras,
) -> Result<Vec<u8>, RenderError> {
    document_to_pdf(&print_pack_document_with(
        map_pages, layout, scenario, counts, opts, theme, extras,
    ))
}
