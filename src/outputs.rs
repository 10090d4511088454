//! The in-memory entry points for whole jobs: layout + scenario + settings
//! -> named file bytes, composed once ([`crate::compose::job`]) and then
//! encoded ([`crate::export::encode`]). The CLI writes what these return;
//! a server can send the same bytes.

use crate::compose::flow::FlowError;
use crate::compose::job;
use crate::export::{encode, OutFile, RenderError};
use crate::model::Scenario;
use crate::settings::Settings;
use crate::solve::Layout;

pub use crate::compose::map_pages::Notes;

/// Why drawn output could not be made.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// Text could not be laid out (cards or the rules handout).
    #[error("laying out text: {0}")]
    Flow(#[from] FlowError),
    /// A page could not be encoded.
    #[error(transparent)]
    Render(#[from] RenderError),
}

/// Every drawn file of one layout, in the order `generate` writes them:
/// `map.svg`, `map.pdf`, `preview.png`, `rules.pdf`, `rules-N.svg`,
/// `components.pdf`, `print-pack.pdf` (as far as the formats ask for them).
/// `layout.json` is not among them: see [`crate::export::json`].
pub fn all(
    layout: &Layout,
    scenario: &Scenario,
    settings: &Settings,
    notes: &Notes,
) -> Result<Vec<OutFile>, OutputError> {
    let job = job::print_job(layout, scenario, settings, notes)?;
    Ok(encode(&job)?)
}

/// The rules handout alone: `rules.pdf`, then `rules-1.svg`, `rules-2.svg`...
pub fn rules(
    scenario: &Scenario,
    layout: &Layout,
    settings: &Settings,
) -> Result<Vec<OutFile>, OutputError> {
    Ok(encode(&job::rules_job(scenario, layout, settings)?)?)
}

/// The map files of a layout, by kind; a format not asked for is `None`.
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

/// The map files (`map.svg`, `map.pdf`, `preview.png`) as the formats ask.
pub fn map(layout: &Layout, settings: &Settings, notes: &Notes) -> Result<MapFiles, OutputError> {
    let (job, t) = job::map_job(layout, settings, notes);
    let mut files =
        MapFiles { sheets: t.sheets(), cuts_clear: t.cuts_clear, ..MapFiles::default() };
    for (name, bytes) in encode(&job)? {
        match name.as_str() {
            "map.svg" => files.svg = String::from_utf8(bytes).ok(),
            "map.pdf" => files.pdf = Some(bytes),
            "preview.png" => files.png = Some(bytes),
            _ => {}
        }
    }
    Ok(files)
}
