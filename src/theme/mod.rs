//! The look of printed output, loaded from `templates/theme.toml`.
//!
//! A built-in copy of the file is compiled in, so the binary works from any
//! folder; `Theme::load(Some(dir))` lays `dir/theme.toml` over it.

mod inks;
mod parse;

pub use inks::Inks;

use std::path::Path;

use crate::scene::Color;
use crate::vocab::Terrain;

/// The built-in `templates/theme.toml`.
pub(crate) const BUILTIN: &str = include_str!("../../templates/theme.toml");

/// File name of the theme inside a templates folder.
pub(crate) const FILE_NAME: &str = "theme.toml";

/// A theme file that could not be used.
#[derive(Debug, thiserror::Error)]
#[error("template {}: {message}", path.display())]
pub struct ThemeError {
    /// The file (or the templates folder, when that is missing).
    pub path: std::path::PathBuf,
    /// What is wrong.
    pub message: String,
    /// The problem with its place in the file, when the file was read.
    pub located: Option<Box<crate::diag::FileProblem>>,
}

impl crate::diag::UserError for ThemeError {
    /// Whether the user's file is at fault (rather than a folder that
    /// cannot be read).
    fn is_input(&self) -> bool {
        self.located.is_some()
    }

    fn file_problem(&self) -> Option<&crate::diag::FileProblem> {
        self.located.as_deref().filter(|p| p.span.is_some())
    }
}

/// A named vector drawing shown on a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pictogram {
    /// Three conifers.
    Trees,
    /// A sheep.
    Sheep,
    /// Ears of wheat.
    Wheat,
    /// A brick wall.
    Bricks,
    /// Mountain peaks with snow.
    Peaks,
    /// Sun over dunes.
    Dunes,
    /// Gold bars.
    Nuggets,
    /// Waves.
    Waves,
    /// Ripples on still water.
    Ripples,
    /// A castle.
    Castle,
    /// Cut stone blocks.
    Blocks,
    /// A glass flask.
    Flask,
    /// A columned hall.
    Columns,
    /// A tied sack.
    Sack,
    /// Fish.
    Fish,
    /// A fishing net with a fish.
    Net,
    /// An anchor.
    Anchor,
    /// Nothing.
    None,
}

impl Pictogram {
    /// Every pictogram.
    pub const ALL: [Pictogram; 18] = [
        Pictogram::Trees,
        Pictogram::Sheep,
        Pictogram::Wheat,
        Pictogram::Bricks,
        Pictogram::Peaks,
        Pictogram::Dunes,
        Pictogram::Nuggets,
        Pictogram::Waves,
        Pictogram::Ripples,
        Pictogram::Castle,
        Pictogram::Blocks,
        Pictogram::Flask,
        Pictogram::Columns,
        Pictogram::Sack,
        Pictogram::Fish,
        Pictogram::Net,
        Pictogram::Anchor,
        Pictogram::None,
    ];

    /// Name used in theme files.
    pub const fn name(self) -> &'static str {
        match self {
            Pictogram::Trees => "trees",
            Pictogram::Sheep => "sheep",
            Pictogram::Wheat => "wheat",
            Pictogram::Bricks => "bricks",
            Pictogram::Peaks => "peaks",
            Pictogram::Dunes => "dunes",
            Pictogram::Nuggets => "nuggets",
            Pictogram::Waves => "waves",
            Pictogram::Ripples => "ripples",
            Pictogram::Castle => "castle",
            Pictogram::Blocks => "blocks",
            Pictogram::Flask => "flask",
            Pictogram::Columns => "columns",
            Pictogram::Sack => "sack",
            Pictogram::Fish => "fish",
            Pictogram::Net => "net",
            Pictogram::Anchor => "anchor",
            Pictogram::None => "none",
        }
    }

    /// Parses a theme-file name.
    pub fn from_name(s: &str) -> Option<Pictogram> {
        Pictogram::ALL.into_iter().find(|p| p.name() == s)
    }
}

/// Lengths in millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sizes {
    /// Flat-to-flat hex width.
    pub hex_flat: f64,
    /// Number chip diameter.
    pub chip_diameter: f64,
    /// Hex outline width.
    pub hex_stroke: f64,
    /// Pictogram line width.
    pub art_stroke: f64,
    /// Harbor landing line width.
    pub harbor_stroke: f64,
    /// Hex name labels.
    pub label_text: f64,
    /// Titles.
    pub title_text: f64,
    /// Title blocks, footers, page labels.
    pub small_text: f64,
    /// The map key's entries (legend names), at least 10 pt (3.53 mm).
    pub key_text: f64,
    /// Glue strip between tiled sheets.
    pub overlap: f64,
}

/// The colours of one print mode.
#[derive(Clone, Debug, PartialEq)]
pub struct Palette {
    /// Hex fill per terrain, indexed by [`Terrain::index`].
    pub terrain: [Color; 17],
    /// Face-down ("fog") hexes.
    pub fog: Color,
    /// Pictogram lines; `None` means a darker shade of the hex fill.
    pub art: Option<Color>,
    /// Outlines and text.
    pub ink: Color,
    /// Background.
    pub paper: Color,
    /// Number chip face.
    pub chip: Color,
    /// 6 and 8.
    pub red_number: Color,
    /// Region outline colours, one per region in scenario order (repeating).
    pub regions: [Color; REGION_STYLES],
}

/// How many region outline styles a theme defines; a map with more regions
/// reuses them in turn.
pub(crate) const REGION_STYLES: usize = 4;

/// The band drawn just inside the edge of every named region of a map.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionBands {
    /// Width of the band, mm.
    pub width: f64,
    /// Dash pattern of each region's line, mm (empty: solid), in scenario order.
    pub dashes: [Vec<f64>; REGION_STYLES],
}

impl Palette {
    /// Fill of a terrain.
    pub fn fill(&self, t: Terrain) -> Color {
        self.terrain[t.index()]
    }

    /// Pictogram colour on a terrain: the palette's, or else a darker shade
    /// of the fill (a lighter one on very dark fills).
    pub fn art_on(&self, t: Terrain) -> Color {
        self.art.unwrap_or_else(|| {
            let c = self.fill(t);
            let luma = 0.3 * f64::from(c.r) + 0.59 * f64::from(c.g) + 0.11 * f64::from(c.b);
            if luma < 80.0 {
                tint(c, 0.45)
            } else {
                shade(c, 0.5)
            }
        })
    }
}

/// `c` darkened towards black by `k` (0 = unchanged, 1 = black).
pub(crate) fn shade(c: Color, k: f64) -> Color {
    let f = |v: u8| (f64::from(v) * (1.0 - k)).round().clamp(0.0, 255.0) as u8;
    Color::rgb(f(c.r), f(c.g), f(c.b))
}

/// `c` lightened towards white by `k` (0 = unchanged, 1 = white).
pub(crate) fn tint(c: Color, k: f64) -> Color {
    let f = |v: u8| (f64::from(v) + (255.0 - f64::from(v)) * k).round().clamp(0.0, 255.0) as u8;
    Color::rgb(f(c.r), f(c.g), f(c.b))
}

/// Which palette to print with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Full colour.
    #[default]
    Colour,
    /// Pale fills to save ink.
    InkSaver,
    /// Greys only.
    BlackAndWhite,
}

/// Everything that decides how output looks.
#[derive(Clone, Debug, PartialEq)]
pub struct Theme {
    /// Lengths.
    pub sizes: Sizes,
    /// Pictogram per terrain, indexed by [`Terrain::index`].
    pub pictograms: [Pictogram; 17],
    /// Full colour.
    pub colour: Palette,
    /// Ink saver.
    pub ink_saver: Palette,
    /// Black and white.
    pub black_and_white: Palette,
    /// Region outlines.
    pub region_bands: RegionBands,
    /// The print pack's fixed colours (`[inks]`).
    pub inks: Inks,
    /// Where each `[sizes]` key was set, by dotted key (`sizes.hex_flat`):
    /// "built-in `theme.toml`, line L, column C", or without "built-in "
    /// when a template folder's file set it.
    pub origins: std::collections::BTreeMap<String, String>,
}

impl Theme {
    /// The built-in theme.
    pub fn builtin() -> Theme {
        parse::builtin()
    }

    /// The built-in theme, with `dir/theme.toml` laid over it when `dir` is
    /// given and holds that file. A missing folder or a bad file is an error
    /// naming the file.
    pub fn load(dir: Option<&Path>) -> Result<Theme, ThemeError> {
        let mut theme = Theme::builtin();
        let Some(dir) = dir else { return Ok(theme) };
        if !dir.is_dir() {
            return Err(ThemeError {
                path: dir.to_path_buf(),
                message: "this templates folder does not exist".into(),
                located: None,
            });
        }
        let path = dir.join(FILE_NAME);
        if !path.exists() {
            return Ok(theme);
        }
        let text = crate::limits::read_input(&path).map_err(|e| ThemeError {
            path: path.clone(),
            message: e.to_string(),
            located: crate::limits::unreadable_input(&e).then(|| {
                Box::new(crate::diag::FileProblem {
                    file: crate::diag::Source::new(path.display().to_string(), String::new()),
                    span: None,
                    message: e.to_string(),
                    label: String::new(),
                    hint: "a theme is a small UTF-8 text file; start from a copy of templates/theme.toml"
                        .into(),
                })
            }),
        })?;
        if let Err(e) = parse::overlay(&mut theme, &text, false) {
            let message = match e.span {
                Some(_) => format!("line {}, column {}: {}", e.line, e.col, e.message),
                None => e.message.clone(),
            };
            let located = e.file_problem(path.display().to_string(), text);
            return Err(ThemeError { path, message, located: Some(Box::new(located)) });
        }
        Ok(theme)
    }

    /// Parses a complete theme file (every key present), e.g. for tests.
    pub fn from_toml(text: &str) -> Result<Theme, String> {
        let mut theme = parse::builtin();
        parse::overlay(&mut theme, text, true).map_err(|e| e.to_string())?;
        Ok(theme)
    }

    /// The palette of a print mode.
    pub fn palette(&self, mode: Mode) -> &Palette {
        match mode {
            Mode::Colour => &self.colour,
            Mode::InkSaver => &self.ink_saver,
            Mode::BlackAndWhite => &self.black_and_white,
        }
    }

    /// Where `key` (dotted, e.g. `sizes.overlap`) was set, as
    /// "`sizes.overlap`, built-in `theme.toml`, line L, column C".
    pub fn origin(&self, key: &str) -> String {
        match self.origins.get(key) {
            Some(at) => format!("`{key}`, {at}"),
            None => format!("`{key}` in theme.toml"),
        }
    }

    /// Pictogram of a terrain.
    pub fn pictogram(&self, t: Terrain) -> Pictogram {
        self.pictograms[t.index()]
    }
}

#[cfg(test)]
mod tests;
