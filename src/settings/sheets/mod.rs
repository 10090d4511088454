//! Print-sheet settings: `templates/sheets.toml` and `templates/printer.toml`,
//! embedded in the binary and replaceable from a template folder.
//!
//! Both files are read into typed values and checked (margins a home printer
//! can reach, positive sizes, a 3 mm-or-so bleed that fits the gutter);
//! every problem names the file and the key.

mod doc;
mod error;

use std::path::Path;

use doc::{Doc, Schema};
pub(crate) use error::TemplateError;

use crate::toml_file::{Result as TomlResult, TomlError};

/// The built-in sheet settings.
pub(crate) const SHEETS_TOML: &str = include_str!("../../../templates/sheets.toml");
/// The built-in printer profile.
pub(crate) const PRINTER_TOML: &str = include_str!("../../../templates/printer.toml");

pub use crate::limits::{MAX_BLEED, MAX_HANDOUT_MARGIN, MIN_MARGIN};

/// Portrait or landscape, or the one that fits more pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orientation {
    /// Pick per piece kind: the orientation with more pieces per sheet.
    Auto,
    /// Height > width.
    Portrait,
    /// Width > height.
    Landscape,
}

impl Orientation {
    /// Parses `auto`, `portrait` or `landscape`.
    pub fn from_name(s: &str) -> Option<Orientation> {
        match s {
            "auto" => Some(Orientation::Auto),
            "portrait" => Some(Orientation::Portrait),
            "landscape" => Some(Orientation::Landscape),
            _ => None,
        }
    }
}

/// How the printer turns the paper between front and back (`--duplex`,
/// `printer.toml`'s `duplex`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Duplex {
    /// Flip on the long edge: a portrait back is the front mirrored left-right,
    /// a landscape back is mirrored top-bottom.
    #[value(help = "Long-edge flipping (the usual default)")]
    Long,
    /// Flip on the short edge: a portrait back is mirrored top-bottom,
    /// a landscape back left-right.
    #[value(help = "Short-edge flipping")]
    Short,
}

impl Duplex {
    /// Name as typed on the command line (`long`, `short`).
    pub const fn name(self) -> &'static str {
        match self {
            Duplex::Long => "long",
            Duplex::Short => "short",
        }
    }
}

/// A paper size.
#[derive(Clone, Debug, PartialEq)]
pub struct Paper {
    /// Name as in `[paper.sizes]`.
    pub name: String,
    /// Portrait width in mm.
    pub width: f64,
    /// Portrait height in mm.
    pub height: f64,
}

impl Paper {
    /// Width and height in mm for an orientation (`Auto` counts as portrait).
    pub fn size(&self, o: Orientation) -> (f64, f64) {
        let (a, b) = (self.width.min(self.height), self.width.max(self.height));
        match o {
            Orientation::Landscape => (b, a),
            _ => (a, b),
        }
    }
}

/// The measured corrections of one printer (`printer.toml`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PrinterProfile {
    /// Flip edge.
    pub duplex: Duplex,
    /// Shift of back pages, mm, right.
    pub back_offset_x: f64,
    /// Shift of back pages, mm, down.
    pub back_offset_y: f64,
    /// Horizontal scale correction, applied about the page centre.
    pub scale_x: f64,
    /// Vertical scale correction, applied about the page centre.
    pub scale_y: f64,
}

impl Default for PrinterProfile {
    fn default() -> Self {
        PrinterProfile {
            duplex: Duplex::Long,
            back_offset_x: 0.0,
            back_offset_y: 0.0,
            scale_x: 1.0,
            scale_y: 1.0,
        }
    }
}

/// Default physical sizes of components, in mm.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ComponentSizes {
    /// Hex tiles, flat to flat (from the theme: the map's size).
    pub hex_flat: f64,
    /// Number chips, diameter (from the theme: the map's size).
    pub chip: f64,
    /// Round tokens (trade, harbor), diameter.
    pub token: f64,
    /// Gold coins, diameter.
    pub coin: f64,
    /// Fish tokens, diameter.
    pub fish: f64,
    /// Square tokens (castaways), side.
    pub square: f64,
    /// Cards (reference and scenario cards): width and height, the
    /// `cards.default` size.
    pub card: (f64, f64),
}

/// A named card size (reference cards).
#[derive(Clone, Debug, PartialEq)]
pub struct CardSize {
    /// Name as in `[cards.sizes]`.
    pub name: String,
    /// Width in mm (the shorter side).
    pub width: f64,
    /// Height in mm.
    pub height: f64,
}

/// Everything the imposition needs, resolved to one paper.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetOptions {
    /// Paper.
    pub paper: Paper,
    /// Requested orientation; `Auto` uses [`SheetOptions::shape_orientation`].
    pub orientation: Orientation,
    /// Per-shape default (circle, square, hex, card).
    pub shape_orientation: [Orientation; 4],
    /// Unprinted border, mm (>= [`MIN_MARGIN`]).
    pub margin: f64,
    /// Space between neighbouring bleed areas, mm.
    pub gutter: f64,
    /// Bleed past the cut line, mm.
    pub bleed: f64,
    /// Crop mark length, mm.
    pub crop_length: f64,
    /// Gap between a bleed edge and its crop marks, mm.
    pub crop_offset: f64,
    /// Cut-line stroke width for hex tiles, mm.
    pub cut_line: f64,
    /// Footer text size, mm.
    pub footer_size: f64,
    /// Footer band height, mm.
    pub footer_band: f64,
    /// Heading text size, mm.
    pub heading_size: f64,
    /// Heading band height, mm.
    pub heading_band: f64,
    /// Margin on every side of a rules handout page, mm (`[handout] margin`).
    pub handout_margin: f64,
    /// Default component sizes.
    pub sizes: ComponentSizes,
    /// Printer corrections.
    pub printer: PrinterProfile,
    /// Every defined paper (for `with_paper`).
    pub papers: Vec<Paper>,
    /// Reference card size.
    pub card: CardSize,
    /// Every defined card size (for `with_card`).
    pub cards: Vec<CardSize>,
    /// Draw light fills (outlines stay).
    pub ink_saver: bool,
    /// Black and white only (patterns and pictograms tell kinds apart).
    pub mono: bool,
    /// The print pack's fixed colours (`[inks]` of the theme in use: the
    /// built-in one here, the chosen one once [`crate::settings::Settings`]
    /// resolved it): cut lines, sheet headings, the calibration sheet, the
    /// handout's and the print plan's text.
    pub inks: crate::theme::Inks,
    /// Where some keys were set, for messages about sizes that do not fit:
    /// `sheet.margin`, `sheet.bleed` and `paper.sizes.<name>`, each as
    /// "`sheets.toml`, line L, column C" (or the built-in file's line).
    pub origins: std::collections::BTreeMap<String, String>,
}

impl Default for SheetOptions {
    /// The embedded templates (checked by a unit test).
    fn default() -> Self {
        #[allow(clippy::expect_used)]
        SheetOptions::parse(SHEETS_TOML, PRINTER_TOML).expect("embedded sheet templates are valid")
    }
}

impl SheetOptions {
    /// Reads `sheets.toml` and `printer.toml` from `dir` when they exist there,
    /// the embedded ones otherwise; a file in `dir` only needs the keys it
    /// changes.
    pub fn load(dir: Option<&Path>) -> Result<SheetOptions, TemplateError> {
        let read = |name: &str, fallback: &'static str| -> Result<String, TemplateError> {
            match dir.map(|d| d.join(name)) {
                Some(p) if p.exists() => crate::limits::read_input(&p)
                    .map_err(|source| TemplateError::Io { path: p, source }),
                _ => Ok(fallback.to_string()),
            }
        };
        let sheets = read("sheets.toml", SHEETS_TOML)?;
        let printer = read("printer.toml", PRINTER_TOML)?;
        SheetOptions::parse(&sheets, &printer).map_err(|e| match dir {
            Some(d) => e.located(d, &sheets, &printer),
            None => e,
        })
    }

    /// Parses the two files' text.
    pub fn parse(sheets: &str, printer: &str) -> Result<SheetOptions, TemplateError> {
        let s = Doc::parse("sheets.toml", sheets, SHEETS_TOML, SHEETS_KEYS)?;
        let p = Doc::parse("printer.toml", printer, PRINTER_TOML, PRINTER_KEYS)?;
        let (papers, paper) = papers(&s)?;
        let (cards, card) = cards(&s)?;
        let builtin = crate::theme::Theme::builtin();
        let theme = builtin.sizes;
        let mut opts = SheetOptions {
            paper,
            orientation: orientation(&s, "paper.orientation")?,
            shape_orientation: [
                orientation(&s, "orientation.circle")?,
                orientation(&s, "orientation.square")?,
                orientation(&s, "orientation.hex")?,
                orientation(&s, "orientation.card")?,
            ],
            margin: s.num("sheet.margin")?,
            gutter: s.non_negative("sheet.gutter")?,
            bleed: s.non_negative("sheet.bleed")?,
            crop_length: s.non_negative("sheet.crop_length")?,
            crop_offset: s.non_negative("sheet.crop_offset")?,
            cut_line: s.pos("sheet.cut_line")?,
            footer_size: s.pos("sheet.footer_size")?,
            footer_band: s.non_negative("sheet.footer_band")?,
            heading_size: s.pos("sheet.heading_size")?,
            heading_band: s.non_negative("sheet.heading_band")?,
            handout_margin: s.pos("handout.margin")?,
            sizes: ComponentSizes {
                hex_flat: theme.hex_flat,
                chip: theme.chip_diameter,
                token: s.piece_size("sizes.token")?,
                coin: s.piece_size("sizes.coin")?,
                fish: s.piece_size("sizes.fish")?,
                square: s.piece_size("sizes.square")?,
                card: (card.width, card.height),
            },
            printer: printer_profile(&p)?,
            papers,
            card,
            cards,
            ink_saver: false,
            mono: false,
            inks: builtin.inks,
            origins: std::collections::BTreeMap::new(),
        };
        let mut keys = vec!["sheet.margin".to_string(), "sheet.bleed".to_string()];
        keys.extend(opts.papers.iter().map(|p| format!("paper.sizes.{}", p.name)));
        for key in keys {
            if let Some(at) = s.origin(&key) {
                opts.origins.insert(key, at);
            }
        }
        check_margins(&s, &opts)?;
        Ok(opts)
    }

    /// Where `key` was set ("`sheets.toml`, line L, column C"), or just the
    /// file's name when it is not known.
    pub fn origin(&self, key: &str) -> String {
        self.origins.get(key).cloned().unwrap_or_else(|| "`sheets.toml`".to_string())
    }

    /// The same options on another defined paper.
    pub fn with_paper(mut self, name: &str) -> Result<SheetOptions, TemplateError> {
        let key = name.to_ascii_lowercase();
        match self.papers.iter().find(|p| p.name == key) {
            Some(p) => {
                self.paper = p.clone();
                Ok(self)
            }
            None => Err(TemplateError::UnknownPaper {
                name: name.to_string(),
                known: self.papers.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(", "),
            }),
        }
    }

    /// The same options with another defined card size.
    pub fn with_card(mut self, name: &str) -> Result<SheetOptions, TemplateError> {
        let key = name.to_ascii_lowercase();
        match self.cards.iter().find(|c| c.name == key) {
            Some(c) => {
                self.card = c.clone();
                self.sizes.card = (c.width, c.height);
                Ok(self)
            }
            None => {
                let known: Vec<&str> = self.cards.iter().map(|c| c.name.as_str()).collect();
                let problem = format!(
                    "`cards.sizes` defines no card size `{name}`; defined: {}",
                    known.join(", ")
                );
                let mut e = TomlError::unplaced("sheets.toml", problem);
                e.known = known.iter().map(|k| k.to_string()).collect();
                Err(TemplateError::Toml(e))
            }
        }
    }

    /// The orientation setting for pieces of a kind: `kind` is 0 for round
    /// tokens, 1 for square ones, 2 for hex tiles and 3 for cards (the order of
    /// [`SheetOptions::shape_orientation`]).
    pub(crate) fn orientation_for_kind(&self, kind: usize) -> Orientation {
        if self.orientation != Orientation::Auto {
            return self.orientation;
        }
        self.shape_orientation[kind.min(3)]
    }
}

/// The keys of `sheets.toml`'s tables (`[paper.sizes]` and `[cards.sizes]`
/// name their own).
const SHEETS_KEYS: Schema = &[
    ("", &["paper", "sheet", "handout", "orientation", "sizes", "cards"]),
    ("paper", &["default", "orientation", "sizes"]),
    (
        "sheet",
        &[
            "margin",
            "gutter",
            "bleed",
            "crop_length",
            "crop_offset",
            "cut_line",
            "footer_size",
            "footer_band",
            "heading_size",
            "heading_band",
        ],
    ),
    ("handout", &["margin"]),
    ("orientation", &["circle", "square", "hex", "card"]),
    ("sizes", &["token", "coin", "fish", "square"]),
    ("cards", &["default", "sizes"]),
];

/// The keys of `printer.toml`.
const PRINTER_KEYS: Schema =
    &[("", &["duplex", "back_offset_x", "back_offset_y", "scale_x", "scale_y"])];

/// `[paper.sizes]` (by name) and the `paper.default` among them.
fn papers(s: &Doc<'_>) -> TomlResult<(Vec<Paper>, Paper)> {
    let mut papers = Vec::new();
    for n in s.get("paper.sizes")?.table()? {
        let (w, h) = n.pair("[width, height] in mm")?;
        let (lo, hi) = (crate::limits::MIN_PAPER_MM, crate::limits::MAX_PAPER_MM);
        if w.min(h) < lo || w.max(h) > hi {
            return Err(n.error(format!(
                "must lie between {lo} and {hi} mm on each side (`MIN_PAPER_MM`, `MAX_PAPER_MM`)"
            )));
        }
        papers.push(Paper { name: n.name().to_string(), width: w, height: h });
    }
    papers.sort_by(|a, b| a.name.cmp(&b.name));
    let default = s.string("paper.default")?;
    match papers.iter().find(|p| p.name == default).cloned() {
        Some(paper) => Ok((papers, paper)),
        None => Err(s.get("paper.default")?.error(format!("names no paper: `{default}`"))),
    }
}

/// `[cards.sizes]` (by name) and the `cards.default` among them.
fn cards(s: &Doc<'_>) -> TomlResult<(Vec<CardSize>, CardSize)> {
    let mut cards = Vec::new();
    for n in s.get("cards.sizes")?.table()? {
        let (w, h) = n.pair("[width, height] in mm")?;
        if w.min(h) < 30.0 || w.max(h) > 200.0 {
            return Err(n.error("must lie between 30 and 200 mm on each side"));
        }
        cards.push(CardSize { name: n.name().to_string(), width: w.min(h), height: w.max(h) });
    }
    cards.sort_by(|a, b| a.name.cmp(&b.name));
    let default = s.string("cards.default")?;
    match cards.iter().find(|c| c.name == default).cloned() {
        Some(card) => Ok((cards, card)),
        None => Err(s.get("cards.default")?.error(format!("names no card size: `{default}`"))),
    }
}

fn orientation(s: &Doc<'_>, key: &str) -> TomlResult<Orientation> {
    let name = s.get(key)?.one_of(&["auto", "portrait", "landscape"])?;
    Ok(Orientation::from_name(name).unwrap_or(Orientation::Auto))
}

/// `printer.toml`: corrections of at most 10 mm and 10 %.
fn printer_profile(p: &Doc<'_>) -> TomlResult<PrinterProfile> {
    let duplex = match p.get("duplex")?.one_of(&["long", "short"])? {
        "short" => Duplex::Short,
        _ => Duplex::Long,
    };
    let mut scale = [1.0; 2];
    for (key, slot) in ["scale_x", "scale_y"].iter().zip(&mut scale) {
        let n = p.get(key)?;
        *slot = n.positive()?;
        if !(0.9..=1.1).contains(slot) {
            return Err(n.error(format!("is {slot}; a correction lies between 0.9 and 1.1")));
        }
    }
    let mut offset = [0.0; 2];
    for (key, slot) in ["back_offset_x", "back_offset_y"].iter().zip(&mut offset) {
        let n = p.get(key)?;
        *slot = n.number()?;
        if slot.abs() > 10.0 {
            return Err(n.error(format!("is {slot} mm; an offset is at most 10 mm")));
        }
    }
    Ok(PrinterProfile {
        duplex,
        back_offset_x: offset[0],
        back_offset_y: offset[1],
        scale_x: scale[0],
        scale_y: scale[1],
    })
}

/// The margins a home printer can reach and a bleed the artwork covers.
fn check_margins(s: &Doc<'_>, o: &SheetOptions) -> TomlResult<()> {
    if o.margin < MIN_MARGIN {
        let problem = format!("is {} mm; home printers need at least {MIN_MARGIN} mm", o.margin);
        return Err(s.get("sheet.margin")?.error(problem));
    }
    if !(MIN_MARGIN..=MAX_HANDOUT_MARGIN).contains(&o.handout_margin) {
        let problem = format!(
            "is {} mm; a handout page needs between {MIN_MARGIN} and {MAX_HANDOUT_MARGIN} mm",
            o.handout_margin
        );
        return Err(s.get("handout.margin")?.error(problem));
    }
    if o.bleed > MAX_BLEED {
        let problem = format!(
            "is {} mm; the artwork reaches only {MAX_BLEED} mm past the cut line \
             (`MAX_BLEED`), so use at most that",
            o.bleed
        );
        return Err(s.get("sheet.bleed")?.error(problem));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
