//! Settings, built once: the caller's choices (paper, view, palette, formats,
//! hex size...) and the template files (theme, sheets, printer) turned into one
//! value that is passed down to compose and export.
//!
//! Nothing below this module reads a template file or an environment variable:
//! [`Settings::build`] is the only place the templates folder is opened.

pub mod choices;
pub mod fit;
pub mod sheets;

use std::path::PathBuf;

pub use choices::{Formats, Paper, View};
use sheets::{Duplex, SheetOptions, TemplateError};

use crate::diag::UserError;
use crate::theme::{Mode, Theme, ThemeError};

/// The resolution of `preview.png` unless one is asked for.
pub(crate) const DEFAULT_DPI: f64 = 100.0;

/// What the caller chooses about drawn output (the command line's flags).
#[derive(Clone, Debug, PartialEq)]
pub struct Choices {
    /// Sheet size for PDFs.
    pub paper: Paper,
    /// Setup or play view of face-down tiles.
    pub view: View,
    /// Resolution of `preview.png`.
    pub dpi: f64,
    /// Whether `dpi` is the default, lowered for a map whose preview would
    /// pass [`crate::limits::MAX_PREVIEW_PIXELS`] (a resolution the user
    /// asked for is kept, and fails there).
    pub dpi_fits: bool,
    /// Pale fills to save ink.
    pub ink_saver: bool,
    /// Greys only (wins over `ink_saver`).
    pub black_and_white: bool,
    /// Files to produce.
    pub formats: Formats,
    /// A folder whose `theme.toml`, `sheets.toml` and `printer.toml` are laid
    /// over the built-in ones.
    pub templates_dir: Option<PathBuf>,
    /// Flat-to-flat hex width in mm (`None`: the theme's, 76 mm built in).
    pub hex_size: Option<f64>,
    /// Print the terrain name on every hex.
    pub labels: bool,
    /// Flip edge for double-sided sheets (`None`: the printer profile's).
    pub duplex: Option<Duplex>,
    /// Back pages shifted by `(x, y)` mm more than the printer profile says
    /// (x right, y down, as seen on the back; at most 10 mm each).
    pub back_offset: Option<(f64, f64)>,
    /// What the calibration sheet's 100 mm bar measured, mm (90 to 110):
    /// every sheet is scaled by 100 / this on top of the profile's scale.
    pub ruler: Option<f64>,
}

impl Choices {
    /// The command-line flags that make these choices again, where they
    /// change what is printed (paper, view, hex size, palette, labels, flip
    /// edge, the calibration's ruler and back offset, template folder) and
    /// differ from the defaults, in a fixed
    /// order. The command every pack prints carries them
    /// ([`crate::recipe::Recipe::drawing`]); `--formats` and `--dpi` change
    /// which files are written or how fine the preview is, never the print.
    ///
    /// ```
    /// use hexpress::settings::{Choices, Paper};
    /// let c = Choices { paper: Paper::Letter, black_and_white: true, ..Choices::default() };
    /// let flags: Vec<_> = c.flags().into_iter().map(|(f, _)| f).collect();
    /// assert_eq!(flags, ["--paper", "--black-and-white"]);
    /// let c = Choices { ruler: Some(99.5), back_offset: Some((1.5, -0.5)), ..Choices::default() };
    /// assert_eq!(
    ///     c.flags(),
    ///     [("--ruler", Some("99.5".into())), ("--back-offset", Some("1.5,-0.5".into()))]
    /// );
    /// assert!(Choices::default().flags().is_empty());
    /// ```
    pub fn flags(&self) -> Vec<(&'static str, Option<String>)> {
        let d = Choices::default();
        let mut o = Vec::new();
        if self.paper != d.paper {
            o.push(("--paper", Some(self.paper.name().to_string())));
        }
        if self.view != d.view {
            o.push(("--view", Some(self.view.name().to_string())));
        }
        if let Some(h) = self.hex_size {
            o.push(("--hex-size", Some(h.to_string())));
        }
        if self.black_and_white {
            o.push(("--black-and-white", None));
        } else if self.ink_saver {
            o.push(("--ink-saver", None));
        }
        if self.labels {
            o.push(("--labels", None));
        }
        if let Some(e) = self.duplex {
            o.push(("--duplex", Some(e.name().to_string())));
        }
        if let Some(r) = self.ruler {
            o.push(("--ruler", Some(r.to_string())));
        }
        if let Some((x, y)) = self.back_offset {
            o.push(("--back-offset", Some(format!("{x},{y}"))));
        }
        if let Some(t) = &self.templates_dir {
            o.push(("--templates", Some(t.display().to_string())));
        }
        o
    }
}

impl Default for Choices {
    fn default() -> Choices {
        Choices {
            paper: Paper::A4,
            view: View::Play,
            dpi: DEFAULT_DPI,
            dpi_fits: true,
            ink_saver: false,
            black_and_white: false,
            formats: Formats::default(),
            templates_dir: None,
            hex_size: None,
            labels: false,
            duplex: None,
            back_offset: None,
            ruler: None,
        }
    }
}

impl Choices {
    /// The palette mode these choices ask for (black and white wins over ink
    /// saving).
    pub fn mode(&self) -> Mode {
        if self.black_and_white {
            Mode::BlackAndWhite
        } else if self.ink_saver {
            Mode::InkSaver
        } else {
            Mode::Colour
        }
    }
}

/// Why settings could not be built.
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    /// `theme.toml` is unusable.
    #[error(transparent)]
    Theme(#[from] ThemeError),
    /// `sheets.toml` or `printer.toml` is unusable, or the paper is unknown.
    #[error(transparent)]
    Sheets(#[from] TemplateError),
    /// A choice is out of range.
    #[error("{0}")]
    Range(String),
    /// A map sheet of the paper cannot hold one whole hex and its glue strip.
    #[error(transparent)]
    MapSheet(Box<fit::MapSheetTooSmall>),
}

impl UserError for SettingsError {
    /// Whether what the user gave is at fault (a template, a choice out of
    /// range, a paper too small for the map).
    fn is_input(&self) -> bool {
        match self {
            SettingsError::Theme(t) => t.is_input(),
            SettingsError::Sheets(t) => t.is_input(),
            SettingsError::Range(_) | SettingsError::MapSheet(_) => true,
        }
    }

    fn file_problem(&self) -> Option<&crate::diag::FileProblem> {
        match self {
            SettingsError::Theme(t) => t.file_problem(),
            SettingsError::Sheets(t) => t.file_problem(),
            SettingsError::Range(_) | SettingsError::MapSheet(_) => None,
        }
    }
}

/// Everything that decides how output is drawn, resolved once.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Sheet size for the map sheets and the handout.
    pub paper: Paper,
    /// Setup or play view of face-down tiles.
    pub view: View,
    /// Resolution of `preview.png`.
    pub dpi: f64,
    /// Whether the resolution lowers itself to fit (see [`Choices::dpi_fits`]).
    pub dpi_fits: bool,
    /// Palette.
    pub mode: Mode,
    /// Files to produce.
    pub formats: Formats,
    /// Terrain names on hexes.
    pub labels: bool,
    /// Colours, pictograms and sizes, with the hex size choice applied.
    pub theme: Theme,
    /// Sheets and printer, resolved to the paper, with the theme's hex and
    /// chip sizes and the palette choice.
    pub sheets: SheetOptions,
}

impl Default for Settings {
    /// The built-in templates with default choices.
    fn default() -> Settings {
        #[allow(clippy::expect_used)]
        Settings::build(&Choices::default()).expect("the built-in templates are valid")
    }
}

/// The calibration flags: a back offset and a measured ruler, on top of
/// the printer profile.
fn apply_printer_choices(
    choices: &Choices,
    p: &mut crate::settings::sheets::PrinterProfile,
) -> Result<(), SettingsError> {
    if let Some((x, y)) = choices.back_offset {
        if !(x.abs() <= 10.0 && y.abs() <= 10.0) {
            return Err(SettingsError::Range(format!(
                "a back offset of {x},{y} mm is more than 10 mm"
            )));
        }
        p.back_offset_x += x;
        p.back_offset_y += y;
    }
    if let Some(r) = choices.ruler {
        if !(90.0..=110.0).contains(&r) {
            return Err(SettingsError::Range(format!("a ruler of {r} mm is outside 90-110 mm")));
        }
        p.scale_x *= 100.0 / r;
        p.scale_y *= 100.0 / r;
    }
    Ok(())
}

impl Settings {
    /// Reads the templates (built-in ones, with `choices.templates_dir` laid
    /// over them) and applies the choices. Every problem names its file.
    pub fn build(choices: &Choices) -> Result<Settings, SettingsError> {
        let dir = choices.templates_dir.as_deref();
        let mut theme = Theme::load(dir)?;
        if let Some(h) = choices.hex_size {
            if !(20.0..=300.0).contains(&h) {
                return Err(SettingsError::Range(format!(
                    "a hex size of {h} mm is outside 20-300 mm"
                )));
            }
            theme.sizes.hex_flat = h;
            theme.sizes.chip_diameter = theme.sizes.chip_diameter.min(0.8 * h);
        }
        if !(choices.dpi > 0.0 && choices.dpi <= 1200.0) {
            return Err(SettingsError::Range(format!(
                "a resolution of {} dpi is outside 1-1200",
                choices.dpi
            )));
        }
        let mut sheets = SheetOptions::load(dir)?.with_paper(choices.paper.name())?;
        sheets.ink_saver = choices.ink_saver;
        sheets.mono = choices.black_and_white;
        if let Some(d) = choices.duplex {
            sheets.printer.duplex = d;
        }
        apply_printer_choices(choices, &mut sheets.printer)?;
        // One setting for the map and the component sheets, in theme.toml.
        sheets.sizes.hex_flat = theme.sizes.hex_flat;
        sheets.sizes.chip = theme.sizes.chip_diameter;
        sheets.inks = theme.inks;
        fit::check_map_sheet(&theme, &sheets, choices.hex_size).map_err(SettingsError::MapSheet)?;
        Ok(Settings {
            paper: choices.paper,
            view: choices.view,
            dpi: choices.dpi,
            dpi_fits: choices.dpi_fits,
            mode: choices.mode(),
            formats: choices.formats,
            labels: choices.labels,
            theme,
            sheets,
        })
    }

    /// The resolution `preview.png` of a `width` x `height` mm page is drawn
    /// at: [`Settings::dpi`], or, when that is the default and would pass
    /// the pixel limit, the largest whole dpi that stays within it.
    pub(crate) fn preview_dpi(&self, width: f64, height: f64) -> f64 {
        fit::preview_dpi(self.dpi, self.dpi_fits, width, height)
    }

    /// Portrait width and height of the paper in mm, as `sheets.toml`
    /// defines it (the one home of paper sizes).
    pub fn paper_mm(&self) -> (f64, f64) {
        (self.sheets.paper.width, self.sheets.paper.height)
    }
}
