//! The in-memory entry points for whole jobs: layout + scenario + settings
//! -> named file bytes, composed once ([`crate::compose::job`]) and then
//! encoded ([`crate::export::encode`]). [`board_files`] is every file of a
//! board, `layout.json` first: `generate` writes what it returns and the web
//! page serves the same bytes.

use crate::balance::{BarDraw, Config, Objective, Outcome, Pilot};
use crate::compose::flow::FlowError;
use crate::compose::job;
use crate::compose::pack::{pack_pieces, PackPieces};
use crate::compose::pieces::impose::unplaced;
use crate::compose::plan::PrintPlan;
use crate::diag::{FileProblem, UserError};
use crate::export::{encode, json, OutFile, RenderError};
use crate::model::Scenario;
use crate::settings::sheets::{SheetOptions, TemplateError};
use crate::settings::{Settings, SettingsError};
use crate::solve::Layout;
use crate::theme::ThemeError;

pub use crate::compose::map::Notes;

/// Why drawn output could not be made.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// Text could not be laid out (cards or the rules handout).
    #[error("laying out text: {0}")]
    Flow(#[from] FlowError),
    /// A page could not be encoded.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// Pieces that fit on no page of the paper with the sheet margins (they
    /// would silently be left out of the component sheets).
    #[error(transparent)]
    PiecesDoNotFit(Box<PiecesDoNotFit>),
    /// A board too large for a readable picture (the map's overview, the
    /// handout's map) on the chosen paper.
    #[error(transparent)]
    Unreadable(#[from] Box<crate::compose::map::picture::Unreadable>),
}

impl UserError for OutputError {
    /// Whether what the user gave caused it (text that cannot be laid out,
    /// pieces or a board too large for the paper, a page size, a character,
    /// a resolution); the rest are bugs.
    fn is_input(&self) -> bool {
        match self {
            OutputError::Flow(_) | OutputError::PiecesDoNotFit(_) | OutputError::Unreadable(_) => {
                true
            }
            OutputError::Render(r) => r.is_input(),
        }
    }
}

/// The [`UserError`] face of one error of a chain (as `anyhow`'s `chain()`
/// gives them), when it is one of the library's errors that has one: the
/// one list of them, read by both front ends. `None` for any other error.
pub(crate) fn user_error<'a>(
    e: &'a (dyn std::error::Error + 'static),
) -> Option<&'a dyn UserError> {
    fn as_user<'a, T: UserError + 'static>(
        e: &'a (dyn std::error::Error + 'static),
    ) -> Option<&'a dyn UserError> {
        e.downcast_ref::<T>().map(|t| t as &dyn UserError)
    }
    as_user::<FileProblem>(e)
        .or_else(|| as_user::<std::io::Error>(e))
        .or_else(|| as_user::<ThemeError>(e))
        .or_else(|| as_user::<SettingsError>(e))
        .or_else(|| as_user::<TemplateError>(e))
        .or_else(|| as_user::<FlowError>(e))
        .or_else(|| as_user::<OutputError>(e))
        .or_else(|| as_user::<RenderError>(e))
}

/// Whether any error of `chain` is the user's input ([`UserError::is_input`]).
pub(crate) fn chain_is_input<'a>(
    mut chain: impl Iterator<Item = &'a (dyn std::error::Error + 'static)>,
) -> bool {
    chain.any(|c| user_error(c).is_some_and(UserError::is_input))
}

/// The first error of `chain` with a place in the user's file
/// ([`UserError::file_problem`]).
pub(crate) fn chain_file_problem<'a>(
    mut chain: impl Iterator<Item = &'a (dyn std::error::Error + 'static)>,
) -> Option<&'a FileProblem> {
    chain.find_map(|c| user_error(c).and_then(UserError::file_problem))
}

/// Pieces that fit on no page of the paper with the sheet margins.
#[derive(Debug, thiserror::Error)]
#[error(
    "{margin_at}: `sheet.margin` = {margin} mm leaves {avail} mm of {paper} paper inside the margins, and these pieces fit on no page: {pieces}; {need}\n  hint: lower `sheet.margin` or `sheet.bleed` in sheets.toml, or choose a larger --paper"
)]
pub struct PiecesDoNotFit {
    /// The paper's name.
    pub paper: String,
    /// The first few pieces, joined ("and N more" when there are more).
    pub pieces: String,
    /// Where the margin is set.
    pub margin_at: String,
    /// The margin, mm.
    pub margin: String,
    /// Width x height inside the margins, mm.
    pub avail: String,
    /// What they need: the largest margin that gives them room and that
    /// room, or that no margin is small enough.
    pub need: String,
}

/// The largest margin, to 0.1 mm below, at which every piece of `sets`
/// fits; `None` when they do not fit even with no margin. Only the error
/// path packs again (shapes alone, no art is drawn), for the hint.
fn fitting_margin(
    sets: &[crate::compose::pieces::piece::PieceSet],
    opts: &SheetOptions,
) -> Option<f64> {
    let fits = |m: f64| unplaced(sets, &SheetOptions { margin: m, ..opts.clone() }).is_empty();
    if !fits(0.0) {
        return None;
    }
    let (mut lo, mut hi) = (0.0, opts.margin);
    while hi - lo > 0.05 {
        let mid = (lo + hi) / 2.0;
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some((lo * 10.0).floor() / 10.0)
}

/// An error when some component or reference card the scenario needs fits
/// on no sheet (the imposition's unplaced list), naming the margin's file
/// and line, the room it leaves and the room the pieces need.
fn check_pieces_fit(pieces: &PackPieces, settings: &Settings) -> Result<(), OutputError> {
    let (sets, unplaced) = (&pieces.sets, &pieces.imposition.unplaced);
    let opts = &settings.sheets;
    if unplaced.is_empty() {
        return Ok(());
    }
    let more = match unplaced.len() {
        n if n > 3 => format!(" and {} more", n - 3),
        _ => String::new(),
    };
    let mm = |v: f64| crate::units::num((v * 10.0).round() / 10.0);
    let (w, h) = (opts.paper.width, opts.paper.height);
    let room = |m: f64| format!("{} x {}", mm(w - 2.0 * m), mm(h - 2.0 * m));
    let need = match fitting_margin(sets, opts) {
        Some(m) => format!(
            "with their bleed and crop marks they need a margin of at most {} mm, which leaves {} mm",
            mm(m),
            room(m)
        ),
        None => format!(
            "they do not fit even with no margin, with `sheet.bleed` = {} mm ({}) and their crop marks",
            mm(opts.bleed),
            opts.origin("sheet.bleed")
        ),
    };
    Err(OutputError::PiecesDoNotFit(Box::new(PiecesDoNotFit {
        paper: opts.paper.name.clone(),
        pieces: format!("{}{more}", unplaced[..unplaced.len().min(3)].join(", ")),
        margin_at: opts.origin("sheet.margin"),
        margin: mm(opts.margin),
        avail: room(opts.margin),
        need,
    })))
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
    all_with_plan(layout, scenario, settings, notes).map(|(files, _)| files)
}

/// [`all`], and the typed plan of the print pack when there is one.
fn all_with_plan(
    layout: &Layout,
    scenario: &Scenario,
    settings: &Settings,
    notes: &Notes,
) -> Result<(Vec<OutFile>, Option<PrintPlan>), OutputError> {
    // The pieces are composed and imposed once: what fits on no sheet is an
    // error before anything else is drawn, and the job uses them as they are.
    let pieces = match settings.formats.pdf {
        true => Some(pack_pieces(layout, scenario, settings)?),
        false => None,
    };
    if let Some(p) = &pieces {
        check_pieces_fit(p, settings)?;
    }
    if settings.formats.pdf || settings.formats.svg {
        crate::compose::map::picture::check_readable(layout, settings)?;
    }
    let job = job::print_job_with(layout, scenario, settings, notes, pieces)?;
    Ok((encode(job.view())?, job.plan))
}

/// The rules handout alone: `rules.pdf`, then `rules-1.svg`, `rules-2.svg`...
/// (its command from `notes`).
pub fn rules(
    scenario: &Scenario,
    layout: &Layout,
    settings: &Settings,
    notes: &Notes,
) -> Result<Vec<OutFile>, OutputError> {
    crate::compose::map::picture::check_readable(layout, settings)?;
    Ok(encode(job::rules_job(scenario, layout, settings, notes)?.view())?)
}

/// How a board was balanced, as its files record it: the `balance` object
/// of `layout.json` and the title-block lines of the map.
#[derive(Clone, Copy, Debug)]
pub enum Balance<'a> {
    /// `--balanced best`: the fairest board the search found.
    Best {
        /// The search's result.
        outcome: &'a Outcome,
        /// The weights file.
        config: &'a Config,
        /// What the search minimised.
        objective: Objective,
    },
    /// `--balanced`: a uniform draw among the boards that clear the bar.
    Bar {
        /// The board drawn.
        draw: &'a BarDraw,
        /// What the pilot saw.
        pilot: &'a Pilot,
        /// The weights file (its bar).
        config: &'a Config,
    },
}

impl Balance<'_> {
    /// The `balance` object of `layout.json`, as compact JSON text.
    pub fn json(&self) -> String {
        match *self {
            Balance::Best { outcome, config, objective } => {
                crate::balance::json::object_with(outcome, config, objective)
            }
            Balance::Bar { draw, pilot, config } => {
                crate::balance::json::bar_object(draw, pilot, config)
            }
        }
    }

    /// The map's title-block lines ([`balanced_lines`], [`bar_lines`]) for
    /// `players` players of `scenario`: on a board with face-down hexes,
    /// the measures of what the players see
    /// ([`crate::balance::seen_measures`]).
    pub fn lines(&self, scenario: &Scenario, players: u8) -> Vec<String> {
        // The map the board was drawn on; without it (never for a board of
        // this scenario) no measure is printed.
        let seen = |layout: &Layout, m: &crate::balance::Measures, config: &Config| {
            let map = crate::solve::map_for(scenario, players).ok()?;
            Some(crate::balance::seen_measures(map, players, config.policy, layout, m))
        };
        match *self {
            Balance::Best { outcome, config, .. } => {
                let m = seen(&outcome.layout, &outcome.measures, config);
                balanced_lines_with(outcome, m.as_ref())
            }
            Balance::Bar { draw, pilot, config } => {
                let m = seen(&draw.layout, &draw.measures, config);
                bar_lines_with(pilot, m.as_ref())
            }
        }
    }
}

/// Every file of a board, in the order `generate` writes them:
/// `layout.json` (the recipe's command, the balance object), then, when
/// there are drawing settings, the drawings of [`all`] (the recipe and the
/// balance lines in their notes). The command line and the web page both
/// call it, so they give the same bytes.
pub fn board_files(
    layout: &Layout,
    scenario: &Scenario,
    settings: Option<&Settings>,
    recipe: crate::recipe::Recipe,
    balance: Option<Balance<'_>>,
) -> Result<Vec<OutFile>, OutputError> {
    board_pack(layout, scenario, settings, recipe, balance).map(|p| p.files)
}

/// Every file of a board and the typed plan of its print pack.
#[derive(Clone, Debug)]
pub struct BoardPack {
    /// The files, as [`board_files`] gives them.
    pub files: Vec<OutFile>,
    /// The print pack's plan (its text is `print-plan.txt`), when the files
    /// hold a print pack.
    pub plan: Option<PrintPlan>,
}

/// [`board_files`] with the typed plan of the print pack: what a front end
/// shows of how to print it reads the plan itself, never its text.
pub(crate) fn board_pack(
    layout: &Layout,
    scenario: &Scenario,
    settings: Option<&Settings>,
    recipe: crate::recipe::Recipe,
    balance: Option<Balance<'_>>,
) -> Result<BoardPack, OutputError> {
    let text = json::layout_json_with(layout, &recipe.command(), balance.map(|b| b.json()));
    let mut files = vec![("layout.json".to_string(), text.into_bytes())];
    let mut plan = None;
    if let Some(settings) = settings {
        let lines = balance.map_or_else(Vec::new, |b| b.lines(scenario, layout.players));
        let (drawn, p) = all_with_plan(layout, scenario, settings, &notes(recipe, lines))?;
        files.extend(drawn);
        plan = p;
    }
    Ok(BoardPack { files, plan })
}

/// The notes of a board: its recipe, and for a balanced one the title-block
/// lines ([`balanced_lines`], [`bar_lines`]).
pub fn notes(recipe: crate::recipe::Recipe, lines: Vec<String>) -> Notes {
    Notes { lines, recipe: Some(recipe) }
}

/// The title-block lines of a map from `--balanced best`: its rank and its
/// measures.
pub fn balanced_lines(o: &crate::balance::Outcome) -> Vec<String> {
    balanced_lines_with(o, Some(&o.measures))
}

/// [`balanced_lines`] with the measures `m` printed (those of what the
/// players see, on a board with face-down hexes; `None`: no measure).
pub(crate) fn balanced_lines_with(
    o: &crate::balance::Outcome,
    m: Option<&crate::balance::Measures>,
) -> Vec<String> {
    let mut n = vec![format!(
        "Balanced: score {:.2} after {} boards (lower is fairer)",
        o.score, o.evaluated
    )];
    n.extend(m.map(crate::balance::summary_lines).unwrap_or_default());
    n
}

/// The title-block lines of a map drawn from the fairness bar (`--balanced`).
pub(crate) fn bar_lines(d: &crate::balance::BarDraw, p: &crate::balance::Pilot) -> Vec<String> {
    bar_lines_with(p, Some(&d.measures))
}

/// [`bar_lines`] with the measures `m` printed (those of what the players
/// see, on a board with face-down hexes; `None`: no measure).
pub(crate) fn bar_lines_with(
    p: &crate::balance::Pilot,
    m: Option<&crate::balance::Measures>,
) -> Vec<String> {
    let mut n = vec![
        "Drawn from the fairness bar".to_string(),
        format!("{} of random boards clear it", crate::units::percent(p.pass_rate(), 1)),
    ];
    n.extend(m.map(crate::balance::summary_lines).unwrap_or_default());
    n
}

/// How a bar draw was made, in one line.
pub(crate) fn bar_method_line(d: &BarDraw, p: &Pilot) -> String {
    let boards = match d.method {
        crate::balance::BarMethod::RejectionOverChain { .. } => "boards of a pilot chain run",
        _ => "random boards",
    };
    let rate = format!(
        "{} of {} {boards} cleared the bar",
        crate::units::percent(p.pass_rate(), 2),
        p.boards
    );
    match (d.run, d.method) {
        (Some(r), _) => format!(
            "by a chain restricted to the bar ({} steps, {} moved; {rate})",
            r.steps, r.moved
        ),
        (None, crate::balance::BarMethod::RejectionOverChain { thin }) => format!(
            "by rejection: board {} of one Markov chain run (one every {} steps) cleared it ({rate})",
            d.candidates,
            crate::units::thousands(thin)
        ),
        (None, _) => {
            format!("by rejection: random board {} of this draw cleared it ({rate})", d.candidates)
        }
    }
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
    if settings.formats.pdf {
        crate::compose::map::picture::check_readable(layout, settings)?;
    }
    let (job, t) = job::map_job(layout, settings, notes);
    let mut files =
        MapFiles { sheets: t.sheets(), cuts_clear: t.cuts_clear, ..MapFiles::default() };
    for (name, bytes) in encode(job.view())? {
        match name.as_str() {
            "map.svg" => files.svg = String::from_utf8(bytes).ok(),
            "map.pdf" => files.pdf = Some(bytes),
            "preview.png" => files.png = Some(bytes),
            _ => {}
        }
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::{chain_file_problem, chain_is_input, RenderError, TemplateError, ThemeError};
    use crate::diag::{FileProblem, Source};

    fn problem() -> FileProblem {
        FileProblem {
            file: Source::new("sheets.toml", "margin = -1\n"),
            span: Some(9..11),
            message: "a margin below zero".into(),
            label: "here".into(),
            hint: "give a margin of 0 mm or more".into(),
        }
    }

    /// Each error behind context, as the front ends meet it.
    fn wrapped(e: impl std::error::Error + Send + Sync + 'static) -> anyhow::Error {
        anyhow::Error::new(e).context("reading the templates")
    }

    #[test]
    fn the_chain_finds_each_library_error_behind_context() {
        let located = wrapped(TemplateError::Located(Box::new(problem())));
        assert!(chain_is_input(located.chain()));
        let at = chain_file_problem(located.chain()).map(|p| p.span.clone());
        assert_eq!(at, Some(Some(9..11)));
        // A page size is the user's; an SVG the writer cannot read back is ours.
        let size = RenderError::PageSize { page: "p".into(), width: 0.0, height: 1.0 };
        assert!(chain_is_input(wrapped(size).chain()));
        let svg = RenderError::Svg { page: "p".into(), message: "m".into() };
        assert!(!chain_is_input(wrapped(svg).chain()));
        // A file that is not text is the user's; a missing one is not.
        let bad = std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8");
        assert!(chain_is_input(wrapped(bad).chain()));
        let gone = std::io::Error::new(std::io::ErrorKind::NotFound, "gone");
        assert!(!chain_is_input(wrapped(gone).chain()));
        // A theme folder that cannot be read: not the user's, and no place.
        let theme = ThemeError { path: "t".into(), message: "m".into(), located: None };
        let theme = wrapped(theme);
        assert!(!chain_is_input(theme.chain()) && chain_file_problem(theme.chain()).is_none());
        // An error the library does not know is neither.
        let other = anyhow::anyhow!("something else");
        assert!(!chain_is_input(other.chain()) && chain_file_problem(other.chain()).is_none());
    }
}
