//! Theme TOML -> [`Theme`]: every key known, typed and range-checked; errors
//! name the key and its line.

use std::sync::OnceLock;

use toml_span::value::{Value, ValueInner};

use super::{Inks, Palette, Pictogram, RegionBands, Sizes, Theme, BUILTIN, REGION_STYLES};
use crate::scene::Color;
use crate::vocab::{did_you_mean, Terrain};

const SIZE_KEYS: [&str; 10] = [
    "hex_flat",
    "chip_diameter",
    "hex_stroke",
    "art_stroke",
    "harbor_stroke",
    "label_text",
    "title_text",
    "small_text",
    "key_text",
    "overlap",
];
const PALETTES: [&str; 3] = ["colour", "ink_saver", "black_and_white"];
const PALETTE_EXTRA: [&str; 10] = [
    "fog",
    "art",
    "ink",
    "paper",
    "chip",
    "red_number",
    "region_1",
    "region_2",
    "region_3",
    "region_4",
];
const REGION_KEYS: [&str; 5] = ["band", "dash_1", "dash_2", "dash_3", "dash_4"];
const TOP: [&str; 5] = ["sizes", "pictograms", "palettes", "regions", "inks"];

/// A TOML value reduced to what themes use, with the byte offset of its key.
enum V {
    Str(String),
    Num(f64),
    Other(&'static str),
    Table(Vec<Entry>),
}

struct Entry {
    key: String,
    at: usize,
    value: V,
}

fn simplify(mut v: Value<'_>) -> V {
    match v.take() {
        ValueInner::String(s) => V::Str(s.into_owned()),
        ValueInner::Integer(i) => V::Num(i as f64),
        ValueInner::Float(f) => V::Num(f),
        ValueInner::Boolean(_) => V::Other("a boolean"),
        ValueInner::Array(_) => V::Other("an array"),
        ValueInner::Table(t) => V::Table(
            t.into_iter()
                .map(|(k, v)| Entry {
                    key: k.name.into_owned(),
                    at: k.span.start,
                    value: simplify(v),
                })
                .collect(),
        ),
    }
}

/// The built-in theme (a copy of [`builtin_ref`]).
pub fn builtin() -> Theme {
    builtin_ref().clone()
}

/// The built-in theme, parsed once.
pub fn builtin_ref() -> &'static Theme {
    static T: OnceLock<Theme> = OnceLock::new();
    T.get_or_init(|| {
        let blank = Palette {
            terrain: [Color::WHITE; 17],
            fog: Color::WHITE,
            art: None,
            ink: Color::BLACK,
            paper: Color::WHITE,
            chip: Color::WHITE,
            red_number: Color::BLACK,
            regions: [Color::BLACK; REGION_STYLES],
        };
        let mut t = Theme {
            sizes: Sizes {
                hex_flat: 76.0,
                chip_diameter: 25.0,
                hex_stroke: 0.5,
                art_stroke: 0.6,
                harbor_stroke: 1.2,
                label_text: 3.2,
                title_text: 7.0,
                small_text: 3.0,
                key_text: 3.6,
                overlap: 12.0,
            },
            pictograms: [Pictogram::None; 17],
            colour: blank.clone(),
            ink_saver: blank.clone(),
            black_and_white: blank,
            region_bands: RegionBands { width: 3.0, dashes: Default::default() },
            inks: Inks::blank(),
            origins: Default::default(),
        };
        // A unit test parses the built-in file; failing here is a build defect.
        #[allow(clippy::panic)]
        if let Err(e) = overlay(&mut t, BUILTIN, true) {
            panic!("built-in templates/theme.toml is invalid: {e}");
        }
        t
    })
}

struct Walk<'a> {
    text: &'a str,
    complete: bool,
}

impl Walk<'_> {
    /// `line L, column C` of a byte offset.
    fn pos(&self, at: usize) -> String {
        let (l, c) = crate::diag::line_col(self.text, at);
        format!("line {l}, column {c}")
    }

    /// "built-in `theme.toml`, line L, column C" of a byte offset (without
    /// "built-in " in a template folder's file).
    fn origin(&self, at: usize) -> String {
        let which = if self.complete { "built-in " } else { "" };
        format!("{which}`theme.toml`, {}", self.pos(at))
    }

    fn err(&self, e: &Entry, path: &str, msg: &str) -> Problem {
        Problem { at: Some(e.at), message: format!("`{path}{}` {msg}", e.key), hint: HINT.into() }
    }

    /// Checks a table's keys against `known` and returns its entries.
    fn table<'e>(&self, e: &'e Entry, path: &str, known: &[&str]) -> Result<&'e [Entry], Problem> {
        let V::Table(entries) = &e.value else {
            return Err(self.err(e, path, "must be a table"));
        };
        let here = format!("{path}{}.", e.key);
        self.check_keys(entries, &here, known)?;
        Ok(entries)
    }

    fn check_keys(&self, entries: &[Entry], path: &str, known: &[&str]) -> Result<(), Problem> {
        for e in entries {
            if !known.contains(&e.key.as_str()) {
                let hint = did_you_mean(&e.key, known.iter().copied())
                    .map(|s| format!(" (did you mean `{s}`?)"))
                    .unwrap_or_default();
                return Err(self.err(e, path, &format!("is not a known key{hint}")));
            }
        }
        if self.complete {
            if let Some(k) = known.iter().find(|k| !entries.iter().any(|e| e.key == **k)) {
                return Err(Problem {
                    at: None,
                    message: format!("`{path}{k}` is missing"),
                    hint: HINT.into(),
                });
            }
        }
        Ok(())
    }

    fn number(&self, e: &Entry, path: &str, min: f64, max: f64) -> Result<f64, Problem> {
        match e.value {
            V::Num(n) if n >= min && n <= max => Ok(n),
            V::Num(n) => {
                Err(self.err(e, path, &format!("is {n}; it must be between {min} and {max}")))
            }
            _ => Err(self.err(e, path, "must be a number")),
        }
    }

    fn string<'e>(&self, e: &'e Entry, path: &str) -> Result<&'e str, Problem> {
        match &e.value {
            V::Str(s) => Ok(s),
            V::Other(t) => Err(self.err(e, path, &format!("must be a string, not {t}"))),
            V::Num(_) => Err(self.err(e, path, "must be a string, not a number")),
            V::Table(_) => Err(self.err(e, path, "must be a string, not a table")),
        }
    }

    fn color(&self, e: &Entry, path: &str) -> Result<Color, Problem> {
        let s = self.string(e, path)?;
        Color::from_hex(s)
            .ok_or_else(|| self.err(e, path, &format!("is {s:?}; write colours as \"#rrggbb\"")))
    }
}

fn terrain_names() -> Vec<&'static str> {
    Terrain::ALL.iter().map(|t| t.name()).collect()
}

/// A problem in a theme file: what is wrong, where (a byte offset), and
/// how to fix it.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// Byte offset of the key or value, when the problem has a place.
    pub at: Option<usize>,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub hint: String,
}

/// The hint of a theme problem without a more precise one.
const HINT: &str = "the built-in templates/theme.toml shows every key with a valid value";

/// Lays the theme file `text` over `theme`. With `complete`, every key must
/// be present (the built-in file); otherwise missing keys keep their value.
/// Errors read "line L, column C: ..." (see [`overlay_located`]).
pub fn overlay(theme: &mut Theme, text: &str, complete: bool) -> Result<(), String> {
    overlay_located(theme, text, complete).map_err(|p| {
        let w = Walk { text, complete };
        match p.at {
            Some(at) => format!("{}: {}", w.pos(at), p.message),
            None => p.message,
        }
    })
}

/// Like [`overlay`], with the problem's place as a byte offset.
pub fn overlay_located(theme: &mut Theme, text: &str, complete: bool) -> Result<(), Problem> {
    let root = toml_span::parse(text).map_err(|e| Problem {
        at: Some(e.span.start),
        message: format!("invalid TOML: {}", e.kind),
        hint: "check the line for a missing quote, bracket or `=`".into(),
    })?;
    let w = Walk { text, complete };
    let V::Table(top) = simplify(root) else {
        return Err(Problem {
            at: None,
            message: "the file must hold tables".into(),
            hint: HINT.into(),
        });
    };
    w.check_keys(&top, "", &TOP)?;
    let terrains = terrain_names();
    for e in &top {
        match e.key.as_str() {
            "sizes" => sizes(&w, e, theme)?,
            "regions" => regions(&w, e, &mut theme.region_bands)?,
            "inks" => inks(&w, e, &mut theme.inks)?,
            "pictograms" => {
                for p in w.table(e, "", &terrains)? {
                    let name = w.string(p, "pictograms.")?;
                    let pic = Pictogram::from_name(name).ok_or_else(|| {
                        let all: Vec<&str> = Pictogram::ALL.iter().map(|p| p.name()).collect();
                        w.err(
                            p,
                            "pictograms.",
                            &format!("is {name:?}; choose one of {}", all.join(", ")),
                        )
                    })?;
                    if let Some(t) = Terrain::from_name(&p.key) {
                        theme.pictograms[t.index()] = pic;
                    }
                }
            }
            _ => {
                for p in w.table(e, "", &PALETTES)? {
                    let target = match p.key.as_str() {
                        "colour" => &mut theme.colour,
                        "ink_saver" => &mut theme.ink_saver,
                        _ => &mut theme.black_and_white,
                    };
                    palette(&w, p, target)?;
                }
            }
        }
    }
    if theme.sizes.chip_diameter > theme.sizes.hex_flat * 0.8 {
        let at = top.iter().find(|e| e.key == "sizes").and_then(|e| match &e.value {
            V::Table(t) => t.iter().find(|f| f.key == "chip_diameter").map(|f| f.at),
            _ => None,
        });
        return Err(Problem {
            at,
            message: "`sizes.chip_diameter` must be at most 80 % of `sizes.hex_flat`".into(),
            hint: format!(
                "with hexes of {} mm, make the chips {} mm or smaller",
                theme.sizes.hex_flat,
                theme.sizes.hex_flat * 0.8
            ),
        });
    }
    Ok(())
}

fn sizes(w: &Walk<'_>, e: &Entry, theme: &mut Theme) -> Result<(), Problem> {
    let s = &mut theme.sizes;
    for f in w.table(e, "", &SIZE_KEYS)? {
        let p = "sizes.";
        theme.origins.insert(format!("{p}{}", f.key), w.origin(f.at));
        match f.key.as_str() {
            "hex_flat" => s.hex_flat = w.number(f, p, 20.0, 300.0)?,
            "chip_diameter" => s.chip_diameter = w.number(f, p, 5.0, 200.0)?,
            "hex_stroke" => s.hex_stroke = w.number(f, p, 0.0, 5.0)?,
            "art_stroke" => s.art_stroke = w.number(f, p, 0.05, 5.0)?,
            "harbor_stroke" => s.harbor_stroke = w.number(f, p, 0.1, 5.0)?,
            "label_text" => s.label_text = w.number(f, p, 1.0, 30.0)?,
            "title_text" => s.title_text = w.number(f, p, 1.0, 40.0)?,
            "small_text" => s.small_text = w.number(f, p, 1.0, 20.0)?,
            "key_text" => s.key_text = w.number(f, p, 1.0, 20.0)?,
            _ => s.overlap = w.number(f, p, 3.0, 40.0)?,
        }
    }
    Ok(())
}

/// `[regions]`: the band width and each region's dash pattern, written as
/// lengths in mm separated by spaces (`"4 2"`; `""` for a solid line).
fn regions(w: &Walk<'_>, e: &Entry, r: &mut RegionBands) -> Result<(), Problem> {
    let p = "regions.";
    for f in w.table(e, "", &REGION_KEYS)? {
        if f.key == "band" {
            r.width = w.number(f, p, 0.2, 10.0)?;
            continue;
        }
        let text = w.string(f, p)?;
        let dash: Option<Vec<f64>> = text
            .split_whitespace()
            .map(|n| n.parse::<f64>().ok().filter(|v| (0.2..=50.0).contains(v)))
            .collect();
        let dash = dash.filter(|d| d.len() % 2 == 0).ok_or_else(|| {
            w.err(
                f,
                p,
                &format!(
                    "is {text:?}; write an even number of dash and gap lengths between 0.2 and 50 mm, e.g. \"4 2\", or \"\" for a solid line"
                ),
            )
        })?;
        let k: usize = f.key["dash_".len()..].parse().unwrap_or(1);
        r.dashes[k.clamp(1, REGION_STYLES) - 1] = dash;
    }
    Ok(())
}

fn palette(w: &Walk<'_>, e: &Entry, pal: &mut Palette) -> Result<(), Problem> {
    let mut known = terrain_names();
    known.extend(PALETTE_EXTRA);
    let path = format!("palettes.{}.", e.key);
    for f in w.table(e, "palettes.", &known)? {
        match f.key.as_str() {
            "art" => {
                pal.art = match w.string(f, &path)? {
                    "auto" => None,
                    _ => Some(w.color(f, &path)?),
                }
            }
            "fog" => pal.fog = w.color(f, &path)?,
            "ink" => pal.ink = w.color(f, &path)?,
            "paper" => pal.paper = w.color(f, &path)?,
            "chip" => pal.chip = w.color(f, &path)?,
            "red_number" => pal.red_number = w.color(f, &path)?,
            name if name.starts_with("region_") => {
                let k: usize = name["region_".len()..].parse().unwrap_or(1);
                pal.regions[k.clamp(1, REGION_STYLES) - 1] = w.color(f, &path)?;
            }
            name => {
                if let Some(t) = Terrain::from_name(name) {
                    pal.terrain[t.index()] = w.color(f, &path)?;
                }
            }
        }
    }
    Ok(())
}

/// `[inks]`: the print pack's fixed colours, in the built-in file only.
fn inks(w: &Walk<'_>, e: &Entry, inks: &mut Inks) -> Result<(), Problem> {
    if !w.complete {
        return Err(Problem {
            at: Some(e.at),
            message: "`inks` is read from the built-in theme only".into(),
            hint: "remove the `[inks]` table from this file; the print pack's fixed colours \
                   cannot be changed from a template folder yet"
                .into(),
        });
    }
    for f in w.table(e, "", super::inks::KEYS)? {
        let c = w.color(f, "inks.")?;
        inks.set(&f.key, c);
    }
    Ok(())
}
