//! Sizes that must fit the paper, checked when settings are built (before
//! anything is drawn or written): a map sheet must hold one whole hex and
//! its glue strip inside the sheet margins.

use super::sheets::SheetOptions;
use crate::theme::Theme;
use crate::units::num;

/// A map sheet that cannot hold one whole hex and its glue strip.
#[derive(Debug, thiserror::Error)]
#[error(
    "{margin_at}: `sheet.margin` = {margin} mm leaves {avail} mm of {paper} paper ({paper_size} mm, {paper_at}) for each map sheet, but a map sheet needs {need} mm: one whole {hex} mm hex ({hex_from}) and the {glue} mm glue strip ({glue_from})\n  hint: lower `sheet.margin`, choose a larger --paper or a smaller --hex-size"
)]
pub struct MapSheetTooSmall {
    /// Where the margin is set.
    pub margin_at: String,
    /// The margin, mm.
    pub margin: String,
    /// Width x height left inside the margins, mm.
    pub avail: String,
    /// The paper's name.
    pub paper: String,
    /// Its width x height, mm.
    pub paper_size: String,
    /// Where the paper size is set.
    pub paper_at: String,
    /// Width x height a map sheet needs inside its margins, mm.
    pub need: String,
    /// The hex's flat-to-flat width, mm.
    pub hex: String,
    /// Where the hex size comes from.
    pub hex_from: String,
    /// The glue strip, mm.
    pub glue: String,
    /// Where the glue strip is set.
    pub glue_from: String,
}

/// Checks that a map sheet of `sheets`' paper holds one whole hex of
/// `theme`'s sizes and its glue strip, in portrait or landscape. `hex_flag`
/// is the `--hex-size` given, if any (named in the message instead of the
/// theme, whose keys are named with the line and column that set them).
pub(crate) fn check_map_sheet(
    theme: &Theme,
    sheets: &SheetOptions,
    hex_flag: Option<f64>,
) -> Result<(), Box<MapSheetTooSmall>> {
    let sizes = &theme.sizes;
    let p = &sheets.paper;
    let (pw, ph) = (p.width - 2.0 * sheets.margin, p.height - 2.0 * sheets.margin);
    let flat = sizes.hex_flat;
    let corner = flat * 2.0 / 3f64.sqrt();
    let (nw, nh) = (flat + sizes.overlap, corner + sizes.overlap);
    let fits = |w: f64, h: f64| nw <= w + 1e-9 && nh <= h + 1e-9;
    if fits(pw, ph) || fits(ph, pw) {
        return Ok(());
    }
    let mm = |v: f64| num((v * 10.0).round() / 10.0);
    Err(Box::new(MapSheetTooSmall {
        margin_at: sheets.origin("sheet.margin"),
        margin: mm(sheets.margin),
        avail: format!("{} x {}", mm(pw.max(0.0)), mm(ph.max(0.0))),
        paper: p.name.clone(),
        paper_size: format!("{} x {}", mm(p.width), mm(p.height)),
        paper_at: sheets.origin(&format!("paper.sizes.{}", p.name)),
        need: format!("{} x {}", mm(nw), mm(nh)),
        hex: mm(flat),
        hex_from: match hex_flag {
            Some(h) => format!("`--hex-size {}`", mm(h)),
            None => theme.origin("sizes.hex_flat"),
        },
        glue: mm(sizes.overlap),
        glue_from: theme.origin("sizes.overlap"),
    }))
}

/// See [`super::Settings::preview_dpi`].
pub(crate) fn preview_dpi(dpi: f64, fits: bool, width: f64, height: f64) -> f64 {
    let px = |d: f64| {
        let p = |mm: f64| (mm / 25.4 * d).round().max(1.0);
        p(width) * p(height)
    };
    let limit = crate::limits::MAX_PREVIEW_PIXELS as f64;
    if !fits || px(dpi) <= limit {
        return dpi;
    }
    let mut d = (dpi * (limit / px(dpi)).sqrt()).floor().max(1.0);
    while d > 1.0 && px(d) > limit {
        d -= 1.0;
    }
    d
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_default_preview_resolution_fits_itself_under_the_limit() {
        use super::preview_dpi;
        // A 1,500 x 1,400 mm map is 5906 x 5512 px at 100 dpi: too many.
        let d = preview_dpi(100.0, true, 1500.0, 1400.0);
        assert!(d < 100.0 && d == d.floor(), "{d}");
        let px = |d: f64| (1500.0 / 25.4 * d).round() * (1400.0 / 25.4 * d).round();
        assert!(px(d) <= crate::limits::MAX_PREVIEW_PIXELS as f64);
        assert!(px(d + 1.0) > crate::limits::MAX_PREVIEW_PIXELS as f64);
        assert_eq!(preview_dpi(100.0, false, 1500.0, 1400.0), 100.0, "asked for: kept");
        assert_eq!(preview_dpi(100.0, true, 800.0, 600.0), 100.0, "fits: kept");
    }

    use super::*;

    #[test]
    fn the_default_sheet_holds_a_hex_and_a_huge_margin_does_not() {
        let theme = Theme::builtin();
        let sheets = SheetOptions::default();
        assert!(check_map_sheet(&theme, &sheets, None).is_ok());
        // 61 mm leaves 88 mm across A4: exactly a 76 mm hex and a 12 mm strip.
        let edge = SheetOptions { margin: 61.0, ..SheetOptions::default() };
        assert!(check_map_sheet(&theme, &edge, None).is_ok());
        let over = SheetOptions { margin: 61.5, ..SheetOptions::default() };
        let e = check_map_sheet(&theme, &over, None).unwrap_err().to_string();
        assert!(e.contains("`sheet.margin` = 61.5 mm leaves 87 x 174 mm"), "{e}");
        assert!(e.contains("needs 88 x 99.8 mm"), "{e}");
        assert!(e.contains("`sheets.toml`, line"), "{e}");
        let line = crate::theme::BUILTIN.lines().position(|l| l.starts_with("hex_flat")).unwrap();
        let col = crate::theme::BUILTIN.lines().nth(line).unwrap().find("hex_flat").unwrap();
        let at = format!(
            "`sizes.hex_flat`, built-in `theme.toml`, line {}, column {}",
            line + 1,
            col + 1
        );
        assert!(e.contains(&at), "{at}: {e}");
        let mut big = Theme::builtin();
        big.sizes.hex_flat = 250.0;
        let e = check_map_sheet(&big, &sheets, Some(250.0)).unwrap_err().to_string();
        assert!(e.contains("`--hex-size 250`") && e.contains("196 x 283 mm"), "{e}");
    }
}
