//! `generate`'s drawing step: the command line's drawing flags become
//! [`Settings`] (built once, templates read here, before any work), and the
//! whole job is drawn in memory; the caller writes it in one go.

use anyhow::Context;

use super::args::RenderArgs;
use crate::front::export::OutFile;
use crate::front::settings::{Choices, Formats, Settings};

/// The drawing choices of the command line.
pub fn choices(a: &RenderArgs) -> anyhow::Result<Choices> {
    Ok(Choices {
        paper: a.paper,
        view: a.view,
        dpi: a.dpi.unwrap_or(crate::front::settings::DEFAULT_DPI),
        dpi_fits: a.dpi.is_none(),
        ink_saver: a.ink_saver,
        black_and_white: a.black_and_white,
        formats: Formats::parse(&a.formats)
            .map_err(|e| super::contract::usage(format!("--formats: {e}")))?,
        templates_dir: a.templates.clone(),
        hex_size: a.hex_size,
        labels: a.labels,
        duplex: a.duplex,
        back_offset: a.back_offset,
        ruler: a.ruler,
    })
}

/// Reads and checks every drawing option and template (formats, theme,
/// sheets, printer, paper) before any work: the settings the job uses.
pub fn settings(a: &RenderArgs) -> anyhow::Result<Settings> {
    if let Some(d) = a.templates.as_deref().filter(|d| !d.is_dir()) {
        return Err(super::contract::usage(format!(
            "--templates: `{}` is not a folder\n  hint: give a folder holding your own theme.toml, sheets.toml and/or printer.toml (start from copies of the files in templates/)",
            d.display()
        )));
    }
    Settings::build(&choices(a)?).context("loading the templates")
}

/// Under `-v`, says when `preview.png` was drawn below the default
/// resolution to stay within the pixel limit.
pub(crate) fn note_preview_dpi(settings: &Settings, files: &[OutFile]) {
    if !settings.dpi_fits {
        return;
    }
    let Some((_, png)) = files.iter().find(|(n, _)| n == "preview.png") else { return };
    let Some(dpi) = png_dpi(png) else { return };
    if dpi + 0.5 < settings.dpi {
        super::terminal::detail(&format!(
            "preview.png: drawn at {dpi:.0} dpi, not the default {:.0}, to stay within {} pixels (`MAX_PREVIEW_PIXELS`)",
            settings.dpi,
            crate::limits::MAX_PREVIEW_PIXELS
        ));
    }
}

/// The resolution a PNG records (its `pHYs` chunk), in dpi.
fn png_dpi(png: &[u8]) -> Option<f64> {
    let mut at = 8;
    while at + 8 <= png.len() {
        let len = u32::from_be_bytes(png.get(at..at + 4)?.try_into().ok()?) as usize;
        let kind = png.get(at + 4..at + 8)?;
        if kind == b"pHYs" {
            let ppm = u32::from_be_bytes(png.get(at + 8..at + 12)?.try_into().ok()?);
            return Some(f64::from(ppm) * 0.0254);
        }
        if kind == b"IDAT" {
            return None;
        }
        at += 12 + len;
    }
    None
}
