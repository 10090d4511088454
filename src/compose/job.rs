//! The print job: every page of one layout composed once, and the files that
//! hold them (which pages, encoded how). A page that two files show (the map
//! sheets in map.pdf and the print pack, the handout in rules.pdf, its SVG
//! pages and the print pack) is one entry of [`PrintJob::pages`], referred
//! to by index, so the encoders can encode it once too.

use std::ops::Range;

use super::calibration::calibration_pages;
use super::components::component_sets;
use super::components::ComponentCounts;
use super::duplex::keep_parity;
use super::flow::FlowError;
use super::handout::{handout_document, svg_name, MapBlock};
use super::map_pages::{canvas, tiled, Notes};
use super::pack::{card_sets, pack_sheets};
use super::plan::{Part, PartKind, PrintPlan};
use super::plan_page::plan_pages;
use super::plan_setup::{print_plan, PlanInput};
use super::sheet::{impose, sheet_count, stamp_footers, stamp_footers_from, FooterInfo};
use super::theme_art::ThemeArt;
use super::tiles::Tiling;
use crate::model::Scenario;
use crate::scene::Page;
use crate::settings::Settings;
use crate::solve::Layout;

/// How a file encodes its pages.
#[derive(Clone, Debug, PartialEq)]
pub enum Encoding {
    /// One page as SVG text.
    Svg,
    /// One page as a PNG picture at `dpi` dots per inch.
    Png {
        /// Resolution.
        dpi: f64,
    },
    /// Every page in order, as one vector PDF.
    Pdf {
        /// The document title.
        title: String,
    },
    /// The job's print plan ([`PrintJob::plan`]) as plain text; no pages.
    PlanText,
}

/// One output file of a job.
#[derive(Clone, Debug, PartialEq)]
pub struct JobFile {
    /// File name inside the output folder.
    pub name: String,
    /// Indices into [`PrintJob::pages`], in order.
    pub pages: Vec<usize>,
    /// The encoder.
    pub encoding: Encoding,
}

/// Composed pages and the files that show them, in the order they are
/// written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PrintJob {
    /// What every document of the job is about: scenario, players, seed
    /// (the PDFs' subject).
    pub subject: String,
    /// Every page, composed once.
    pub pages: Vec<Page>,
    /// The files, each listing the pages it holds.
    pub files: Vec<JobFile>,
    /// The print pack's plan, when the job has a print pack.
    pub plan: Option<PrintPlan>,
}

impl PrintJob {
    /// Adds pages; returns their indices.
    pub fn add_pages(&mut self, pages: Vec<Page>) -> Range<usize> {
        let start = self.pages.len();
        self.pages.extend(pages);
        start..self.pages.len()
    }

    /// Adds a file.
    pub fn add_file(&mut self, name: impl Into<String>, pages: Vec<usize>, encoding: Encoding) {
        self.files.push(JobFile { name: name.into(), pages, encoding });
    }

    /// The file called `name`.
    pub fn file(&self, name: &str) -> Option<&JobFile> {
        self.files.iter().find(|f| f.name == name)
    }
}

fn art(settings: &Settings) -> ThemeArt<'_> {
    ThemeArt { theme: &settings.theme, mode: settings.mode }
}

/// "<scenario title>, <N> players, seed <S>".
pub fn subject(layout: &Layout) -> String {
    format!("{}, {} players, seed {}", layout.title, layout.players, layout.seed)
}

/// The map files of a layout: `map.svg`, `map.pdf` (overview + 1:1 sheets)
/// and `preview.png`, as far as the settings' formats ask for them. Returns
/// the index of the whole-map page, the range of the map sheets and how the
/// map was cut into them.
fn map_files(
    job: &mut PrintJob,
    layout: &Layout,
    settings: &Settings,
    notes: &Notes,
) -> (usize, Range<usize>, Tiling) {
    let c = canvas(layout, settings, notes);
    let whole = job.add_pages(vec![c.to_page()]).start;
    let f = settings.formats;
    if f.svg {
        job.add_file("map.svg", vec![whole], Encoding::Svg);
    }
    let (doc, tiling) = tiled(&c, layout, settings);
    let sheets = job.add_pages(doc.pages);
    if f.pdf {
        job.add_file("map.pdf", sheets.clone().collect(), Encoding::Pdf { title: doc.title });
    }
    if f.png {
        job.add_file(
            "preview.png",
            vec![whole],
            Encoding::Png { dpi: settings.preview_dpi(c.width, c.height) },
        );
    }
    (whole, sheets, tiling)
}

/// Adds the rules handout (`rules.pdf`, `rules-N.svg`) pictured with the
/// whole-map page `whole`; returns the range of its pages.
#[allow(clippy::too_many_arguments)]
fn handout_files(
    job: &mut PrintJob,
    scenario: &Scenario,
    layout: &Layout,
    settings: &Settings,
    notes: &Notes,
    whole: usize,
    pdf: bool,
    svg: bool,
) -> Result<Range<usize>, FlowError> {
    // Players read the handout: the picture never shows face-down tiles'
    // faces (see `board_picture::players_view`).
    let _ = whole;
    let picture = super::board_picture::handout_picture_for(layout, settings);
    let command = notes.command(layout);
    let doc = handout_document(
        scenario,
        layout,
        MapBlock { picture: &picture, command: &command, lines: &notes.lines },
        settings,
    )?;
    let pages = job.add_pages(doc.pages);
    if pdf {
        job.add_file("rules.pdf", pages.clone().collect(), Encoding::Pdf { title: doc.title });
    }
    if svg {
        for (n, i) in pages.clone().enumerate() {
            job.add_file(svg_name(n + 1), vec![i], Encoding::Svg);
        }
    }
    Ok(pages)
}

/// Everything `generate` draws for one layout: the map (`map.svg`, `map.pdf`,
/// `preview.png`), the rules handout (`rules.pdf`, `rules-N.svg`), the
/// component sheets (`components.pdf`) and the print pack
/// (`print-pack.pdf`), as far as the settings' formats ask for them.
pub fn print_job(
    layout: &Layout,
    scenario: &Scenario,
    settings: &Settings,
    notes: &Notes,
) -> Result<PrintJob, FlowError> {
    compose_job(layout, scenario, settings, notes).map(|job| finish(job, settings))
}

/// The pages as the palette asks: with `--black-and-white`, every colour
/// any page drew is turned into its grey, so no file holds a coloured pixel.
fn finish(mut job: PrintJob, settings: &Settings) -> PrintJob {
    if settings.mode == crate::theme::Mode::BlackAndWhite {
        job.pages.iter_mut().for_each(Page::to_greys);
    }
    job
}

fn compose_job(
    layout: &Layout,
    scenario: &Scenario,
    settings: &Settings,
    notes: &Notes,
) -> Result<PrintJob, FlowError> {
    let mut job = PrintJob { subject: subject(layout), ..PrintJob::default() };
    let f = settings.formats;
    let (whole, map_sheets, tiling) = map_files(&mut job, layout, settings, notes);
    if !(f.pdf || f.svg) {
        return Ok(job);
    }
    let handout = handout_files(&mut job, scenario, layout, settings, notes, whole, f.pdf, f.svg)?;
    if !f.pdf {
        return Ok(job);
    }
    let counts = ComponentCounts::from_scenario(scenario, layout.players);
    let command = notes.command(layout);
    let cards = card_sets(scenario, layout.players, settings)?;
    // Every page of the pack after its plan is also in exactly one separate
    // file, numbering its own sheets: calibration.pdf, map.pdf (above),
    // components.pdf (pieces and reference cards), rules.pdf (above) and
    // builder.pdf.
    let info = FooterInfo::new(layout.title.clone(), layout.seed);
    let opts = &settings.sheets;
    let own = |mut pages: Vec<Page>| {
        stamp_footers(&mut pages, opts, &info);
        pages
    };
    let calibration_file = job.add_pages(own(calibration_pages(opts)));
    let mut sets = component_sets(layout, scenario, &counts, &opts.sizes, &art(settings));
    sets.extend(cards.iter().cloned());
    let components_file = job.add_pages(keep_parity(impose(&sets, opts, &info), 1, opts));
    let mut builder = super::builder::builder_pages(layout, settings);
    let builder_file = job.add_pages(own(builder.clone()));
    let tail = sheet_count(&builder);
    // The plan's own pages come first; their count is known once it is laid
    // out, and the pack's sheet numbers count them: guess one sheet (two
    // pages), and compose again in the rare case it takes more.
    let mut lead = 2;
    let mut tries = 0;
    let (pack, components, plan, plan_pages) = loop {
        tries += 1;
        let pack = pack_sheets(
            (lead / 2, tail),
            sheet_count(&job.pages[map_sheets.clone()]),
            sheet_count(&job.pages[handout.clone()]),
            layout,
            scenario,
            &counts,
            settings,
            cards.clone(),
        );
        let first = lead + pack.calibration.len() + map_sheets.len() + 1;
        let components = keep_parity(pack.components.clone(), first, &settings.sheets);
        let map = &job.pages[map_sheets.clone()];
        let (overview, sheets) = map.split_at(1.min(map.len()));
        let hand = &job.pages[handout.clone()];
        let part = |kind, pages| Part { kind, pages };
        let parts = [
            part(PartKind::Calibration, &pack.calibration[..]),
            part(PartKind::MapOverview, overview),
            part(PartKind::MapSheets, sheets),
            part(PartKind::Components, &components[..]),
            part(PartKind::Handout, hand),
            part(PartKind::Builder, &builder[..]),
        ];
        let calibration_parts = [part(PartKind::Calibration, &job.pages[calibration_file.clone()])];
        let map_parts = [parts[1], parts[2]];
        let comp_parts = [part(PartKind::Components, &job.pages[components_file.clone()])];
        let hand_parts = [parts[4]];
        let builder_parts = [part(PartKind::Builder, &job.pages[builder_file.clone()])];
        let mut files: Vec<(&str, &[Part<'_>])> =
            vec![("calibration.pdf", &calibration_parts[..]), ("map.pdf", &map_parts[..])];
        if !components_file.is_empty() {
            files.push(("components.pdf", &comp_parts[..]));
        }
        files.push(("rules.pdf", &hand_parts[..]));
        if !builder_file.is_empty() {
            files.push(("builder.pdf", &builder_parts[..]));
        }
        let input = PlanInput {
            pack: &parts,
            plan_pages: lead,
            files: &files,
            tiling: &tiling,
            command: &command,
        };
        let plan = print_plan(&input, layout, scenario, settings);
        let mut pages = plan_pages(&plan, settings)?;
        if pages.len() <= lead || tries == 4 {
            // Numbered for `lead` pages: fill up with blank pages.
            let (w, h) = settings.paper_mm();
            while pages.len() < lead {
                pages.push(super::duplex::blank_page(w, h, &settings.sheets));
            }
            break (pack, components, plan, pages);
        }
        lead = pages.len();
    };
    stamp_footers_from(&mut builder, &settings.sheets, &info, pack.total - tail + 1, pack.total);
    let plan_range = job.add_pages(plan_pages);
    let calibration = job.add_pages(pack.calibration);
    let components = job.add_pages(components);
    // The builder's sheet (face-down contents) last, apart from the handout:
    // single-sided, after every back, so it cannot shift their parity.
    let builder = job.add_pages(builder);
    let order = plan_range
        .chain(calibration)
        .chain(map_sheets)
        .chain(components)
        .chain(handout)
        .chain(builder)
        .collect();
    job.add_file("print-pack.pdf", order, Encoding::Pdf { title: pack.title });
    // The separate files, in the pack's order (map.pdf and rules.pdf are added above).
    let doc = |what: &str| Encoding::Pdf {
        title: format!("{} {what} (seed {})", layout.title, layout.seed),
    };
    job.add_file("calibration.pdf", calibration_file.collect(), doc("calibration sheet"));
    if !components_file.is_empty() {
        job.add_file("components.pdf", components_file.collect(), doc("components"));
    }
    if !builder_file.is_empty() {
        job.add_file("builder.pdf", builder_file.collect(), doc("builder's sheet"));
    }
    job.add_file("print-plan.txt", Vec::new(), Encoding::PlanText);
    job.plan = Some(plan);
    Ok(job)
}

/// The map files alone (`map.svg`, `map.pdf`, `preview.png`, as the formats
/// ask), and how the map was cut into sheets.
pub fn map_job(layout: &Layout, settings: &Settings, notes: &Notes) -> (PrintJob, Tiling) {
    let mut job = PrintJob { subject: subject(layout), ..PrintJob::default() };
    let (_, _, tiling) = map_files(&mut job, layout, settings, notes);
    (finish(job, settings), tiling)
}

/// The rules handout alone (`rules.pdf` and `rules-N.svg`), its map picture
/// drawn as the settings ask, with the command of `notes`.
pub fn rules_job(
    scenario: &Scenario,
    layout: &Layout,
    settings: &Settings,
    notes: &Notes,
) -> Result<PrintJob, FlowError> {
    let mut job = PrintJob { subject: subject(layout), ..PrintJob::default() };
    let c = canvas(layout, settings, notes);
    let whole = job.add_pages(vec![c.to_page()]).start;
    handout_files(&mut job, scenario, layout, settings, notes, whole, true, true)?;
    Ok(finish(job, settings))
}
