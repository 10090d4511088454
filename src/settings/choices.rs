//! Named choices about drawn output: paper, view and file formats, and the
//! calibration's numbers as the command line and the page take them.

/// A paper, by name; its size is defined in `templates/sheets.toml`. The
/// variants' first lines are the command line's help.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4 (every size: `[paper.sizes]` in templates/sheets.toml).
    #[default]
    A4,
    /// US Letter.
    Letter,
    /// ISO A3.
    A3,
}

impl Paper {
    /// Every paper size.
    pub const ALL: [Paper; 3] = [Paper::A4, Paper::Letter, Paper::A3];

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

/// Which side of face-down tiles the map shows. The variants' doc lines are
/// the command line's help.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    /// Show the true tiles (for whoever builds the board).
    Setup,
    /// Show fog "?" hexes, as the players see them.
    #[default]
    Play,
}

impl View {
    /// Every view, the players' first (the order the page offers them).
    pub(crate) const ALL: [View; 2] = [View::Play, View::Setup];

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
                other => {
                    return Err(format!(
                        "unknown format `{other}`\n  hint: choose from svg, pdf and png, separated by commas"
                    ))
                }
            }
        }
        if !(f.svg || f.pdf || f.png) {
            return Err(
                "no format chosen\n  hint: choose from svg, pdf and png, separated by commas"
                    .into(),
            );
        }
        Ok(f)
    }
}

/// Parses a back offset as `--back-offset` and the page take it: `X,Y`
/// in mm, each at most 10 mm either way.
pub(crate) fn parse_back_offset(s: &str) -> Result<(f64, f64), String> {
    let hint = "give two numbers in mm, x then y, e.g. `--back-offset 1.5,-0.5`";
    let (x, y) = s.split_once(',').ok_or_else(|| format!("`{s}`: {hint}"))?;
    let num =
        |t: &str| t.trim().parse::<f64>().map_err(|_| format!("`{t}` is not a number; {hint}"));
    let (x, y) = (num(x)?, num(y)?);
    if x.abs() > 10.0 || y.abs() > 10.0 {
        return Err(
            "an offset is at most 10 mm each way; check the calibration sheet's flip edge".into()
        );
    }
    Ok((x, y))
}

/// Parses what the calibration sheet's 100 mm bar measured, as `--ruler`
/// and the page take it: 90 to 110 mm.
pub(crate) fn parse_ruler(s: &str) -> Result<f64, String> {
    let v: f64 = s.parse().map_err(|_| format!("`{s}` is not a number"))?;
    if (90.0..=110.0).contains(&v) {
        Ok(v)
    } else {
        Err("give what the 100 mm bar measured, between 90 and 110 mm (print at 100 %, never \"fit to page\")".into())
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
