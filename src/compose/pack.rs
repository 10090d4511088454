//! Component sheets, reference-card sheets and the print pack, as pages.
//!
//! Print-pack order: the calibration sheet FIRST (check the printer's scale
//! and duplex alignment before spending ink on the rest), then the map
//! pages, then the component sheets and reference cards, then the rules
//! handout. Every sheet of a document gets a footer numbering the sheets of
//! that document; map and handout pages are kept as given and only counted.
//! Component sheets with backs come before single-sided ones, and every
//! front lands on an odd page ([`super::duplex::keep_parity`] inserts an
//! "intentionally blank" page where needed).

use super::calibration::calibration_pages_for;
use super::cards::reference_cards;
use super::components::{component_sets, ComponentCounts};
use super::duplex::keep_parity;
use super::flow::FlowError;
use super::piece::PieceSet;
use super::sheet::{impose, impose_pages, sheet_count, stamp_footers_from, FooterInfo};
use super::theme_art::ThemeArt;
use crate::model::Scenario;
use crate::scene::{Document, Page};
use crate::settings::Settings;
use crate::solve::Layout;

fn footer(layout: &Layout) -> FooterInfo {
    FooterInfo::new(layout.title.clone(), layout.seed)
}

fn art(settings: &Settings) -> ThemeArt<'_> {
    ThemeArt { theme: &settings.theme, mode: settings.mode }
}

/// The component sheets of a layout (fronts each followed by their backs),
/// with footers. Empty when the scenario needs no printed components.
pub fn component_pages(
    layout: &Layout,
    scenario: &Scenario,
    counts: &ComponentCounts,
    settings: &Settings,
) -> Vec<Page> {
    let opts = &settings.sheets;
    let sets = component_sets(layout, scenario, counts, &opts.sizes, &art(settings));
    keep_parity(impose(&sets, opts, &footer(layout)), 1, opts)
}

/// Every piece set the print pack imposes: the components, then the
/// reference cards.
pub fn pack_piece_sets(
    layout: &Layout,
    scenario: &Scenario,
    counts: &ComponentCounts,
    settings: &Settings,
) -> Result<Vec<PieceSet>, FlowError> {
    let opts = &settings.sheets;
    let mut sets = component_sets(layout, scenario, counts, &opts.sizes, &art(settings));
    sets.extend(card_sets(scenario, layout.players, settings)?);
    Ok(sets)
}

/// `components.pdf` as a document, or `None` when the scenario needs no
/// printed components.
pub fn components_document(
    layout: &Layout,
    scenario: &Scenario,
    counts: &ComponentCounts,
    settings: &Settings,
) -> Option<Document> {
    let pages = component_pages(layout, scenario, counts, settings);
    if pages.is_empty() {
        return None;
    }
    Some(Document { title: format!("{} components (seed {})", layout.title, layout.seed), pages })
}

/// The reference cards of a scenario at the card size of the sheet settings,
/// drawn in the chosen look (empty when the scenario has no tables for cards).
pub fn card_sets(
    scenario: &Scenario,
    players: u8,
    settings: &Settings,
) -> Result<Vec<PieceSet>, FlowError> {
    let card = settings.sheets.card.clone();
    reference_cards(scenario, players, card.width, card.height, &art(settings))
}

/// The reference cards imposed on sheets with bleed, crop marks, backs and
/// footers (empty when there are none).
pub fn card_pages(
    scenario: &Scenario,
    layout: &Layout,
    settings: &Settings,
) -> Result<Vec<Page>, FlowError> {
    let sets = card_sets(scenario, layout.players, settings)?;
    Ok(impose(&sets, &settings.sheets, &footer(layout)))
}

/// What the print pack holds beyond the map and the components.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PackExtras {
    /// Reference cards, imposed after the component sheets.
    pub cards: Vec<PieceSet>,
    /// Rules handout pages, kept as given, at the end.
    pub handout: Vec<Page>,
}

/// The print pack's own sheets around pages composed elsewhere: the
/// calibration sheet (front, back) and the component and reference-card
/// sheets, with footers numbering every sheet of the pack. `around` are the
/// sheet counts before the calibration sheet (the print plan) and after the
/// handout (the builder's sheet); `map_sheets` and `handout_sheets` are the
/// sheet counts ([`sheet_count`]) of the map pages (between calibration and
/// components) and the handout (at the end).
#[allow(clippy::too_many_arguments)]
pub fn pack_sheets(
    around: (usize, usize),
    map_sheets: usize,
    handout_sheets: usize,
    layout: &Layout,
    scenario: &Scenario,
    counts: &ComponentCounts,
    settings: &Settings,
    cards: Vec<PieceSet>,
) -> PackSheets {
    let opts = &settings.sheets;
    let mut sets = component_sets(layout, scenario, counts, &opts.sizes, &art(settings));
    sets.extend(cards);
    let mut components = impose_pages(&sets, opts);
    // The calibration sheet flips as the pack's two-sided sheets do (they
    // keep one orientation: see `sheet::plan`).
    let landscape = components
        .iter()
        .any(|p| p.label.ends_with(super::sheet::BACK_SUFFIX) && p.width > p.height);
    let mut calibration = calibration_pages_for(opts, landscape);
    let (lead, tail) = around;
    let total = lead
        + sheet_count(&calibration)
        + map_sheets
        + sheet_count(&components)
        + handout_sheets
        + tail;
    let info = footer(layout);
    stamp_footers_from(&mut calibration, opts, &info, lead + 1, total);
    let first = lead + sheet_count(&calibration) + map_sheets + 1;
    stamp_footers_from(&mut components, opts, &info, first, total);
    PackSheets {
        title: format!("{} print pack (seed {})", layout.title, layout.seed),
        calibration,
        components,
        total,
    }
}

/// The sheets only the print pack holds, and its title.
#[derive(Clone, Debug, PartialEq)]
pub struct PackSheets {
    /// The document title.
    pub title: String,
    /// Calibration sheet, front and back: first.
    pub calibration: Vec<Page>,
    /// Component and reference-card sheets: after the map pages.
    pub components: Vec<Page>,
    /// Sheets in the whole pack, as the footers count them.
    pub total: usize,
}

/// The print pack as one document: calibration sheet, then `map_pages`
/// unchanged, then the component sheets and reference cards, then the
/// handout. Map pages count as one sheet each (a map page labelled with the
/// [`crate::compose::sheet::BACK_SUFFIX`] suffix counts as the back of the
/// one before).
pub fn print_pack_document(
    map_pages: Vec<Page>,
    layout: &Layout,
    scenario: &Scenario,
    counts: &ComponentCounts,
    settings: &Settings,
    extras: PackExtras,
) -> Document {
    let s = pack_sheets(
        (0, 0),
        sheet_count(&map_pages),
        sheet_count(&extras.handout),
        layout,
        scenario,
        counts,
        settings,
        extras.cards,
    );
    let first = s.calibration.len() + map_pages.len() + 1;
    let mut pages = s.calibration;
    pages.extend(map_pages);
    pages.extend(keep_parity(s.components, first, &settings.sheets));
    pages.extend(extras.handout);
    Document { title: s.title, pages }
}
