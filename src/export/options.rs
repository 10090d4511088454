//! What the caller (the CLI) chooses about rendered output.

use std::path::PathBuf;

/// A sheet size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Paper {
    /// 210 x 297 mm.
    #[default]
    A4,
    /// 8.5 x 11 in.
    Letter,
    /// 297 x 420 mm.
    A3,
}

impl Paper {
    /// Every paper size.
    pub const ALL: [Paper; 3] = [Paper::A4, Paper::Letter, Paper::A3];

    /// Portrait width and height in mm.
    pub fn size_mm(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
            Paper::A3 => (297.0, 420.0),
        }
    }

    /// Name as typed on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
            Paper::A3 => "a3",
        }
    }

    /// Parses `a4`, `letter` or `a3` (any case).
    pub fn from_name(s: &str) -> Option<Paper> {
        Paper::ALL.into_iter().find(|p| p.name().eq_ignore_ascii_case(s))
    }
}

/// Which side of face-down tiles the map shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    /// The true tiles everywhere (for the person setting up).
    Setup,
    /// Face-down tiles as fog hexes marked "?" (for play).
    #[default]
    Play,
}

impl View {
    /// Parses `setup` or `play`.
    pub fn from_name(s: &str) -> Option<View> {
        match s.to_ascii_lowercase().as_str() {
            "setup" => Some(View::Setup),
            "play" => Some(View::Play),
            _ => None,
        }
    }

    /// Name as typed on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            View::Setup => "setup",
            View::Play => "play",
        }
    }
}

/// Which file formats to produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Formats {
    /// `map.svg`.
    pub svg: bool,
    /// `map.pdf`.
    pub pdf: bool,
    /// `preview.png`.
    pub png: bool,
}

impl Default for Formats {
    fn default() -> Formats {
        Formats { svg: true, pdf: true, png: true }
    }
}

impl Formats {
    /// Parses a comma-separated list such as `svg,pdf,png`.
    pub fn parse(s: &str) -> Result<Formats, String> {
        let mut f = Formats { svg: false, pdf: false, png: false };
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            match part.to_ascii_lowercase().as_str() {
                "svg" => f.svg = true,
                "pdf" => f.pdf = true,
                "png" => f.png = true,
                other => return Err(format!("unknown format `{other}`; use svg, pdf and/or png")),
            }
        }
        if !(f.svg || f.pdf || f.png) {
            return Err("no format chosen; use svg, pdf and/or png".into());
        }
        Ok(f)
    }
}

/// Everything that shapes rendered map output.
#[derive(Clone, Debug, PartialEq)]
pub struct RenderOptions {
    /// Sheet size for PDFs.
    pub paper: Paper,
    /// Setup or play view of face-down tiles.
    pub view: View,
    /// Resolution of `preview.png`.
    pub dpi: f64,
    /// Pale fills to save ink.
    pub ink_saver: bool,
    /// Greys only (wins over `ink_saver`).
    pub black_and_white: bool,
    /// Files to produce.
    pub formats: Formats,
    /// A folder whose `theme.toml` is laid over the built-in one.
    pub templates_dir: Option<PathBuf>,
    /// Flat-to-flat hex width in mm (`None`: the theme's, 76 mm built in).
    pub hex_size: Option<f64>,
    /// Print the terrain name on every hex.
    pub labels: bool,
    /// Extra lines for the map's title block (the balance summary of a
    /// `--balanced` map).
    pub notes: Vec<String>,
    /// The command that regenerates this map, when the default one
    /// (`generate <id> --players N --seed S`) would not.
    pub regenerate: Option<String>,
}

impl Default for RenderOptions {
    fn default() -> RenderOptions {
        RenderOptions {
            paper: Paper::A4,
            view: View::Play,
            dpi: 100.0,
            ink_saver: false,
            black_and_white: false,
            formats: Formats::default(),
            templates_dir: None,
            hex_size: None,
            labels: false,
            notes: Vec::new(),
            regenerate: None,
        }
    }
}

impl RenderOptions {
    /// The palette mode these options ask for.
    pub fn mode(&self) -> crate::theme::Mode {
        use crate::theme::Mode;
        if self.black_and_white {
            Mode::BlackAndWhite
        } else if self.ink_saver {
            Mode::InkSaver
        } else {
            Mode::Colour
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse() {
        assert_eq!(Paper::from_name("Letter"), Some(Paper::Letter));
        assert_eq!(Paper::from_name("b5"), None);
        assert_eq!(View::from_name("setup"), Some(View::Setup));
        let f = Formats::parse("svg, png").expect("valid");
        assert!(f.svg && f.png && !f.pdf);
        assert!(Formats::parse("svg,jpg").is_err());
        assert!(Formats::parse("").is_err());
    }
}
