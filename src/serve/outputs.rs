//! The files of a board, byte for byte what `hexpress generate` writes for
//! the same inputs. [`files`] is the only place the server calls the
//! drawing entry, and it is the one `generate` calls.

use super::board::{recipe_of, Board};
use super::error::ApiError;
use super::request::Resolved;
use crate::balance::Weights;
use crate::cli::args::{PaperArg, RenderArgs, ViewArg};
use crate::cli::recipe;
use crate::cli::render as cli_render;
use crate::export::json;
use crate::export::options::RenderOptions;
use crate::export::pack::OutFile;

/// `generate`'s drawing options with the request's paper and view (every
/// other option at the command line's default).
fn render_args(paper: PaperArg, view: ViewArg) -> RenderArgs {
    RenderArgs {
        paper,
        view,
        dpi: 100.0,
        ink_saver: false,
        black_and_white: false,
        formats: "svg,pdf,png".into(),
        templates: None,
        hex_size: None,
        labels: false,
        duplex: None,
        layout_only: false,
    }
}

/// The renderer's options for a request, as `generate` builds them.
pub fn render_options(
    r: &Resolved,
    notes: Vec<String>,
    regenerate: Option<String>,
) -> Result<RenderOptions, ApiError> {
    let mut o = cli_render::render_options(&render_args(r.paper, r.view))
        .map_err(|e| ApiError::bad(e.to_string()))?;
    o.notes = notes;
    o.regenerate = regenerate;
    Ok(o)
}

/// Every file `generate` writes for this board: `layout.json` first, then
/// the drawings, in the command's order.
pub fn files(r: &Resolved, b: &Board) -> Result<Vec<OutFile>, ApiError> {
    let internal = |e: &dyn std::fmt::Display| {
        ApiError::new(axum::http::StatusCode::INTERNAL_SERVER_ERROR, format!("drawing failed: {e}"))
    };
    let weights = Weights::default();
    let text = match &b.balanced {
        Some((o, _)) => json::to_json_balanced(&b.layout, o, &weights),
        None => json::to_json(&b.layout),
    };
    let notes = b.balanced.as_ref().map_or_else(Vec::new, |(o, _)| recipe::balanced_notes(o));
    let rules = r.rules_name();
    let regenerate =
        recipe::regenerate(&r.scenario.meta.id, r.players, r.seed, &recipe_of(r, rules.as_deref()));
    let drawn = cli_render::draw_outputs(
        &render_args(r.paper, r.view),
        &b.layout,
        &r.scenario,
        notes,
        regenerate,
    )
    .map_err(|e| internal(&format!("{e:#}")))?;
    let mut out = vec![("layout.json".to_string(), text.into_bytes())];
    out.extend(drawn);
    Ok(out)
}
