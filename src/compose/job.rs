//! The print job: every page of one layout composed once, and the files that
//! hold them (which pages, encoded how). A page that two files show (the map
//! sheets in map.pdf and the print pack, the handout in rules.pdf, its SVG
//! pages and the print pack) is one entry of [`PrintJob::pages`], referred
//! to by index, so the encoders can encode it once too.

use std::ops::Range;

use crate::compose::flow::FlowError;
use crate::compose::handout::{handout_document, svg_name, MapBlock};
use crate::compose::map::cuts::Tiling;
use crate::compose::map::{canvas, tiled, Notes};
use crate::compose::pack::{pack_pieces, PackPieces};
use crate::compose::pieces::duplex::{blank_page, keep_parity};
use crate::compose::pieces::footers::{sheet_count, stamp_footers, stamp_footers_from, FooterInfo};
use crate::compose::plan::calibration::calibration_pages_for;
use crate::compose::plan::pages::plan_pages;
use crate::compose::plan::setup::{print_plan, PlanInput};
use crate::compose::plan::text::plan_text;
use crate::compose::plan::{Part, PartKind, PrintPlan};
use crate::model::Scenario;
use crate::scene::{JobView, Page};
use crate::settings::sheets::SheetOptions;
use crate::settings::Settings;
use crate::solve::Layout;

pub use crate::scene::{Encoding, JobFile};

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
    /// The print pack's plan, when the job has a print pack (its text is
    /// the file `print-plan.txt`).
    pub plan: Option<PrintPlan>,
}

impl PrintJob {
    /// What the encoders read: the pages and the files.
    pub fn view(&self) -> JobView<'_> {
        JobView { subject: &self.subject, pages: &self.pages, files: &self.files }
    }

    /// Adds pages; returns their indices.
    pub(crate) fn add_pages(&mut self, pages: Vec<Page>) -> Range<usize> {
        let start = self.pages.len();
        self.pages.extend(pages);
        start..self.pages.len()
    }

    /// Adds a file.
    pub(crate) fn add_file(
        &mut self,
        name: impl Into<String>,
        pages: Vec<usize>,
        encoding: Encoding,
    ) {
        self.files.push(JobFile { name: name.into(), pages, encoding });
    }

    /// The file called `name`.
    pub fn file(&self, name: &str) -> Option<&JobFile> {
        self.files.iter().find(|f| f.name == name)
    }
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

/// Adds the rules handout (`rules.pdf` with `pdf`, `rules-N.svg` with
/// `svg`); returns the range of its pages.
#[allow(clippy::too_many_arguments)]
fn handout_files(
    job: &mut PrintJob,
    scenario: &Scenario,
    layout: &Layout,
    settings: &Settings,
    notes: &Notes,
    pdf: bool,
    svg: bool,
) -> Result<Range<usize>, FlowError> {
    // Players read the handout: the picture never shows face-down tiles'
    // faces (see `board_picture::players_view`).
    let picture = crate::compose::handout::handout_picture_for(layout, settings);
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
    print_job_with(layout, scenario, settings, notes, None)
}

/// [`print_job`] with the pack's pieces already composed and imposed (see
/// [`crate::compose::pack::pack_pieces`]: a caller that checks first that they fit
/// composes them only once).
pub(crate) fn print_job_with(
    layout: &Layout,
    scenario: &Scenario,
    settings: &Settings,
    notes: &Notes,
    pieces: Option<PackPieces>,
) -> Result<PrintJob, FlowError> {
    compose_job(layout, scenario, settings, notes, pieces).map(|job| finish(job, settings))
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
    pieces: Option<PackPieces>,
) -> Result<PrintJob, FlowError> {
    let mut job = PrintJob { subject: subject(layout), ..PrintJob::default() };
    let f = settings.formats;
    let (_, map_sheets, tiling) = map_files(&mut job, layout, settings, notes);
    if !(f.pdf || f.svg) {
        return Ok(job);
    }
    let handout = handout_files(&mut job, scenario, layout, settings, notes, f.pdf, f.svg)?;
    if !f.pdf {
        return Ok(job);
    }
    let pieces = match pieces {
        Some(p) => p,
        None => pack_pieces(layout, scenario, settings)?,
    };
    let pack = Pack { map_sheets, handout, tiling: &tiling, command: notes.command(layout) };
    add_pack(&mut job, layout, scenario, settings, &pieces, pack)?;
    Ok(job)
}

/// The parts of the print pack composed before it: ranges of the job's
/// pages, and how the map was cut.
struct Pack<'a> {
    map_sheets: Range<usize>,
    handout: Range<usize>,
    tiling: &'a Tiling,
    command: String,
}

/// Adds the print pack (`print-pack.pdf`), the separate files only it
/// shows (`calibration.pdf`, `components.pdf`, `builder.pdf`) and the print
/// plan (`print-plan.txt`). Every page is composed once, without footers;
/// only the plan is laid out again until its length settles, then every
/// document's sheets are numbered.
fn add_pack(
    job: &mut PrintJob,
    layout: &Layout,
    scenario: &Scenario,
    settings: &Settings,
    pieces: &PackPieces,
    pack: Pack<'_>,
) -> Result<(), FlowError> {
    let info = FooterInfo::new(layout.title.clone(), layout.seed);
    let opts = &settings.sheets;
    let sheets = pieces.imposition.pages();
    let builder = crate::compose::plan::builder::builder_pages(layout, settings);
    let separate = add_separate_pages(job, opts, &info, &sheets, &builder);
    // The calibration sheet flips as the pack's two-sided sheets do.
    let calibration = calibration_pages_for(opts, pieces.imposition.two_sided_landscape());
    // The plan's pages come first, always an even number of them: the
    // parity of every later page, and so where blank pages go, does not
    // depend on how many.
    let first = calibration.len() + pack.map_sheets.len() + 1;
    let mut own = PackOwn {
        calibration,
        components: keep_parity(sheets, first, opts),
        coded: pieces.imposition.coded,
        builder,
    };
    let (lead, plan, plan_pages) =
        plan_of_pack(job, &own, &separate, &pack, layout, scenario, settings)?;
    number_pack(job, &mut own, &pack, lead, opts, &info);
    let plan_range = job.add_pages(plan_pages);
    let calibration = job.add_pages(own.calibration);
    let components = job.add_pages(own.components);
    // The builder's sheet (face-down contents) last, apart from the handout:
    // single-sided, after every back, so it cannot shift their parity.
    let builder = job.add_pages(own.builder);
    let order = plan_range
        .chain(calibration)
        .chain(pack.map_sheets)
        .chain(components)
        .chain(pack.handout)
        .chain(builder)
        .collect();
    add_pack_files(job, layout, order, separate);
    job.add_file("print-plan.txt", Vec::new(), Encoding::Text { text: plan_text(&plan) });
    job.plan = Some(plan);
    Ok(())
}

/// The pages only the pack holds, composed without footers until the
/// pack's length is known: its calibration sheet (which flips as the pack
/// does), its component sheets (blank pages where the pack's parity needs
/// them) and the builder's sheet.
struct PackOwn {
    calibration: Vec<Page>,
    components: Vec<Page>,
    /// How many of the component sheets (the first ones) hold coded
    /// face-down pieces.
    coded: usize,
    builder: Vec<Page>,
}

/// Where the sheets of coded face-down pieces end among component `pages`
/// (blank pages kept in): after the back of the `coded`-th sheet.
fn coded_end(pages: &[Page], coded: usize) -> usize {
    if coded == 0 {
        return 0;
    }
    let mut backs = 0;
    for (i, p) in pages.iter().enumerate() {
        if p.side == crate::scene::Side::Back {
            backs += 1;
            if backs == coded {
                return i + 1;
            }
        }
    }
    pages.len()
}

/// Where the separate files' pages are in the job.
struct Separate {
    calibration: Range<usize>,
    components: Range<usize>,
    builder: Range<usize>,
}

/// Adds the pages of the separate files only the pack shows, each file
/// numbering its own sheets. Every page of the pack after its plan is also
/// in exactly one separate file: calibration.pdf, map.pdf (added before),
/// components.pdf (pieces and reference cards), rules.pdf (added before)
/// and builder.pdf.
fn add_separate_pages(
    job: &mut PrintJob,
    opts: &SheetOptions,
    info: &FooterInfo,
    sheets: &[Page],
    builder: &[Page],
) -> Separate {
    let own = |mut pages: Vec<Page>| {
        stamp_footers(&mut pages, opts, info);
        pages
    };
    let calibration = job.add_pages(own(calibration_pages_for(opts, false)));
    let components = job.add_pages(own(keep_parity(sheets.to_vec(), 1, opts)));
    let builder = job.add_pages(own(builder.to_vec()));
    Separate { calibration, components, builder }
}

/// The print plan of the pack (`own` and the parts already in the job)
/// and of its separate files, settled: its page count, the plan and its
/// pages.
fn plan_of_pack(
    job: &PrintJob,
    own: &PackOwn,
    separate: &Separate,
    pack: &Pack<'_>,
    layout: &Layout,
    scenario: &Scenario,
    settings: &Settings,
) -> Result<(usize, PrintPlan, Vec<Page>), FlowError> {
    let map = &job.pages[pack.map_sheets.clone()];
    let (overview, map_pages) = map.split_at(1.min(map.len()));
    let hand = &job.pages[pack.handout.clone()];
    let part = |kind, pages| Part { kind, pages };
    let (coded, rest) = own.components.split_at(coded_end(&own.components, own.coded));
    let parts = [
        part(PartKind::Calibration, &own.calibration[..]),
        part(PartKind::MapOverview, overview),
        part(PartKind::MapSheets, map_pages),
        part(PartKind::FaceDown, coded),
        part(PartKind::Components, rest),
        part(PartKind::Handout, hand),
        part(PartKind::Builder, &own.builder[..]),
    ];
    let calibration_parts = [part(PartKind::Calibration, &job.pages[separate.calibration.clone()])];
    let map_parts = [parts[1], parts[2]];
    let comp = &job.pages[separate.components.clone()];
    let (coded, rest) = comp.split_at(coded_end(comp, own.coded));
    let comp_parts = [part(PartKind::FaceDown, coded), part(PartKind::Components, rest)];
    let hand_parts = [parts[5]];
    let builder_parts = [part(PartKind::Builder, &job.pages[separate.builder.clone()])];
    let mut files: Vec<(&str, &[Part<'_>])> =
        vec![("calibration.pdf", &calibration_parts[..]), ("map.pdf", &map_parts[..])];
    if !separate.components.is_empty() {
        files.push(("components.pdf", &comp_parts[..]));
    }
    files.push(("rules.pdf", &hand_parts[..]));
    if !separate.builder.is_empty() {
        files.push(("builder.pdf", &builder_parts[..]));
    }
    let input = PlanInput {
        pack: &parts,
        plan_pages: 2,
        files: &files,
        tiling: pack.tiling,
        command: &pack.command,
    };
    settled_plan(input, layout, scenario, settings)
}

/// Numbers the sheets of the pack's own pages across the whole pack, now
/// that its length (`lead` plan pages first) is known.
fn number_pack(
    job: &PrintJob,
    own: &mut PackOwn,
    pack: &Pack<'_>,
    lead: usize,
    opts: &SheetOptions,
    info: &FooterInfo,
) {
    let (cal, map, comp) = (
        sheet_count(&own.calibration),
        sheet_count(&job.pages[pack.map_sheets.clone()]),
        sheet_count(&own.components),
    );
    let tail = sheet_count(&own.builder);
    let total = lead / 2 + cal + map + comp + sheet_count(&job.pages[pack.handout.clone()]) + tail;
    stamp_footers_from(&mut own.calibration, opts, info, lead / 2 + 1, total);
    stamp_footers_from(&mut own.components, opts, info, lead / 2 + cal + map + 1, total);
    stamp_footers_from(&mut own.builder, opts, info, total - tail + 1, total);
}

/// Adds `print-pack.pdf` (its pages in `order`) and, in the pack's order,
/// the separate files only it shows (map.pdf and rules.pdf are added
/// before).
fn add_pack_files(job: &mut PrintJob, layout: &Layout, order: Vec<usize>, separate: Separate) {
    let doc = |what: &str| Encoding::Pdf {
        title: format!("{} {what} (seed {})", layout.title, layout.seed),
    };
    job.add_file("print-pack.pdf", order, doc("print pack"));
    job.add_file("calibration.pdf", separate.calibration.collect(), doc("calibration sheet"));
    if !separate.components.is_empty() {
        job.add_file("components.pdf", separate.components.collect(), doc("components"));
    }
    if !separate.builder.is_empty() {
        job.add_file("builder.pdf", separate.builder.collect(), doc("builder's sheet"));
    }
}

/// The plan and its pages, laid out until the number of pages it was
/// worked out for (`input.plan_pages`, first a guess of one sheet) is the
/// number it takes (at most four tries; then the pages keep the last
/// count). Returns that count, even, with the plan and its pages (blank
/// pages added up to the count).
fn settled_plan(
    mut input: PlanInput<'_>,
    layout: &Layout,
    scenario: &Scenario,
    settings: &Settings,
) -> Result<(usize, PrintPlan, Vec<Page>), FlowError> {
    let mut tries = 0;
    loop {
        tries += 1;
        let plan = print_plan(&input, layout, scenario, settings);
        let mut pages = plan_pages(&plan, settings)?;
        let lead = input.plan_pages;
        if pages.len() <= lead || tries == 4 {
            let (w, h) = settings.paper_mm();
            while pages.len() < lead {
                pages.push(blank_page(w, h, &settings.sheets));
            }
            return Ok((lead, plan, pages));
        }
        input.plan_pages = pages.len();
    }
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
    handout_files(&mut job, scenario, layout, settings, notes, true, true)?;
    Ok(finish(job, settings))
}
