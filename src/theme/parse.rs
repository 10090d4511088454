//! Theme TOML -> [`Theme`]: every key known, typed and range-checked,
//! through the one TOML reader ([`crate::toml_file`]); errors name the key,
//! its line and column.

use std::sync::OnceLock;

use super::{
    Inks, Palette, Pictogram, RegionBands, Sizes, Theme, BUILTIN, FILE_NAME, REGION_STYLES,
};
use crate::scene::Color;
use crate::toml_file::{Node, TomlError, TomlFile};
use crate::vocab::Terrain;

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

/// The built-in theme (a copy of [`builtin_ref`]).
pub fn builtin() -> Theme {
    builtin_ref().clone()
}

/// The built-in theme, parsed once.
pub(crate) fn builtin_ref() -> &'static Theme {
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

/// Reads tables: with `complete` (the built-in file) every known key must
/// be there.
struct Walk {
    complete: bool,
}

impl Walk {
    /// The entries of the table `node`, whose keys must be `known`.
    fn table<'f>(&self, node: &Node<'f>, known: &[&str]) -> Result<Vec<Node<'f>>, Box<TomlError>> {
        let entries = node.entries(known)?;
        if self.complete {
            node.require_all(known)?;
        }
        Ok(entries)
    }
}

fn color(node: &Node<'_>) -> Result<Color, Box<TomlError>> {
    let s = node.string()?;
    Color::from_hex(s).ok_or_else(|| {
        node.error(format!(
            "is {s:?}; write colours as \"#rrggbb\" (or \"#rrggbbaa\" with an opacity)"
        ))
    })
}

fn terrain_names() -> Vec<&'static str> {
    Terrain::ALL.iter().map(|t| t.name()).collect()
}

/// Lays the theme file `text` over `theme`. With `complete` (the built-in
/// file), every key must be present; otherwise missing keys keep their
/// value.
pub(crate) fn overlay(theme: &mut Theme, text: &str, complete: bool) -> Result<(), Box<TomlError>> {
    let file = match complete {
        true => TomlFile::parse_builtin(FILE_NAME, text)?,
        false => TomlFile::parse(FILE_NAME, text)?,
    };
    let w = Walk { complete };
    for e in w.table(&file.root(), &TOP)? {
        match e.name() {
            "sizes" => sizes(&w, &e, theme)?,
            "regions" => regions(&w, &e, &mut theme.region_bands)?,
            "inks" => inks(&w, &e, &mut theme.inks)?,
            "pictograms" => pictograms(&w, &e, theme)?,
            _ => {
                for p in w.table(&e, &PALETTES)? {
                    let target = match p.name() {
                        "colour" => &mut theme.colour,
                        "ink_saver" => &mut theme.ink_saver,
                        _ => &mut theme.black_and_white,
                    };
                    palette(&w, &p, target)?;
                }
            }
        }
    }
    let s = &theme.sizes;
    if s.chip_diameter > s.hex_flat * 0.8 {
        let at = file.get("sizes.chip_diameter").or_else(|| file.get("sizes.hex_flat"));
        let message = "`sizes.chip_diameter` must be at most 80 % of `sizes.hex_flat`";
        let hint = format!(
            "with hexes of {} mm, make the chips {} mm or smaller",
            s.hex_flat,
            s.hex_flat * 0.8
        );
        return Err(file.error(at.map(|n| n.span()), message).with_hint(hint));
    }
    Ok(())
}

fn sizes(w: &Walk, e: &Node<'_>, theme: &mut Theme) -> Result<(), Box<TomlError>> {
    let s = &mut theme.sizes;
    for f in w.table(e, &SIZE_KEYS)? {
        theme.origins.insert(f.path().to_string(), f.file().origin(f.key_span().start));
        let (lo, hi, slot) = match f.name() {
            "hex_flat" => (20.0, 300.0, &mut s.hex_flat),
            "chip_diameter" => (5.0, 200.0, &mut s.chip_diameter),
            "hex_stroke" => (0.0, 5.0, &mut s.hex_stroke),
            "art_stroke" => (0.05, 5.0, &mut s.art_stroke),
            "harbor_stroke" => (0.1, 5.0, &mut s.harbor_stroke),
            "label_text" => (1.0, 30.0, &mut s.label_text),
            "title_text" => (1.0, 40.0, &mut s.title_text),
            "small_text" => (1.0, 20.0, &mut s.small_text),
            "key_text" => (1.0, 20.0, &mut s.key_text),
            _ => (3.0, 40.0, &mut s.overlap),
        };
        *slot = f.number_in(lo, hi)?;
    }
    Ok(())
}

fn pictograms(w: &Walk, e: &Node<'_>, theme: &mut Theme) -> Result<(), Box<TomlError>> {
    let all: Vec<&str> = Pictogram::ALL.iter().map(|p| p.name()).collect();
    for p in w.table(e, &terrain_names())? {
        let pic = Pictogram::from_name(p.one_of(&all)?);
        if let (Some(t), Some(pic)) = (Terrain::from_name(p.name()), pic) {
            theme.pictograms[t.index()] = pic;
        }
    }
    Ok(())
}

/// `[regions]`: the band width and each region's dash pattern, written as
/// lengths in mm separated by spaces (`"4 2"`; `""` for a solid line).
fn regions(w: &Walk, e: &Node<'_>, r: &mut RegionBands) -> Result<(), Box<TomlError>> {
    for f in w.table(e, &REGION_KEYS)? {
        if f.name() == "band" {
            r.width = f.number_in(0.2, 10.0)?;
            continue;
        }
        let text = f.string()?;
        let dash: Option<Vec<f64>> = text
            .split_whitespace()
            .map(|n| n.parse::<f64>().ok().filter(|v| (0.2..=50.0).contains(v)))
            .collect();
        let dash = dash.filter(|d| d.len() % 2 == 0).ok_or_else(|| {
            f.error(format!(
                "is {text:?}; write an even number of dash and gap lengths between 0.2 and 50 mm, e.g. \"4 2\", or \"\" for a solid line"
            ))
        })?;
        let k: usize = f.name()["dash_".len()..].parse().unwrap_or(1);
        r.dashes[k.clamp(1, REGION_STYLES) - 1] = dash;
    }
    Ok(())
}

fn palette(w: &Walk, e: &Node<'_>, pal: &mut Palette) -> Result<(), Box<TomlError>> {
    let mut known = terrain_names();
    known.extend(PALETTE_EXTRA);
    for f in w.table(e, &known)? {
        match f.name() {
            "art" => {
                pal.art = match f.string()? {
                    "auto" => None,
                    _ => Some(color(&f)?),
                }
            }
            "fog" => pal.fog = color(&f)?,
            "ink" => pal.ink = color(&f)?,
            "paper" => pal.paper = color(&f)?,
            "chip" => pal.chip = color(&f)?,
            "red_number" => pal.red_number = color(&f)?,
            name if name.starts_with("region_") => {
                let k: usize = name["region_".len()..].parse().unwrap_or(1);
                pal.regions[k.clamp(1, REGION_STYLES) - 1] = color(&f)?;
            }
            name => {
                if let Some(t) = Terrain::from_name(name) {
                    pal.terrain[t.index()] = color(&f)?;
                }
            }
        }
    }
    Ok(())
}

/// `[inks]`: the print pack's fixed colours; a template folder's file may
/// set any of them.
fn inks(w: &Walk, e: &Node<'_>, inks: &mut Inks) -> Result<(), Box<TomlError>> {
    for f in w.table(e, super::inks::KEYS)? {
        inks.set(f.name(), color(&f)?);
    }
    Ok(())
}
