//! The files of a board, byte for byte what `hexpress generate` writes for
//! the same inputs. [`files`] is the only place the server calls the
//! drawing entry, and it is the one `generate` calls.

use super::board::{recipe_of, Board};
use super::error::ApiError;
use super::request::Resolved;
use crate::balance::Weights;
use crate::cli::args::{PaperArg, ViewArg};
use crate::cli::render as cli_render;
use crate::export::json;
use crate::export::OutFile;
use crate::settings::{Choices, Formats, Settings};

/// `generate`'s settings with the request's paper and view (every other
/// option at the command line's default).
pub fn settings(r: &Resolved) -> Result<Settings, ApiError> {
    settings_for(r.paper, r.view)
}

fn settings_for(paper: PaperArg, view: ViewArg) -> Result<Settings, ApiError> {
    let choices = Choices {
        paper: cli_render::paper(paper),
        view: cli_render::view(view),
        formats: Formats::parse("svg,pdf,png").map_err(|e| ApiError::bad(e.to_string()))?,
        ..Choices::default()
    };
    Settings::build(&choices).map_err(|e| ApiError::bad(e.to_string()))
}

/// Every file `generate` writes for this board: `layout.json` first, then
/// the drawings, in the command's order.
pub fn files(r: &Resolved, b: &Board) -> Result<Vec<OutFile>, ApiError> {
    let internal = |e: &dyn std::fmt::Display| {
        ApiError::new(axum::http::StatusCode::INTERNAL_SERVER_ERROR, format!("drawing failed: {e}"))
    };
    let weights = Weights::default();
    let recipe = recipe_of(r);
    let command = recipe.command();
    let (balance, lines) = match (&b.balanced, &b.bar) {
        (Some((o, _)), _) => {
            (Some(crate::balance::json::object(o, &weights)), crate::outputs::balanced_lines(o))
        }
        (None, Some(x)) => (
            Some(crate::balance::json::bar_object(&x.draw, &x.pilot, &x.config)),
            crate::outputs::bar_lines(&x.draw, &x.pilot),
        ),
        (None, None) => (None, Vec::new()),
    };
    let text = json::layout_json_with(&b.layout, &command, balance);
    let notes = crate::outputs::notes(recipe, lines);
    let drawn =
        cli_render::draw_outputs(&settings(r)?, &b.layout, &r.scenario, &notes).map_err(|e| {
            // What the user gave (a board too large to picture readably on
            // the paper, pieces that fit no page): their error, with its hint.
            if crate::cli::contract::is_input(&e) {
                ApiError::new(axum::http::StatusCode::UNPROCESSABLE_ENTITY, format!("{e:#}"))
            } else {
                internal(&format!("{e:#}"))
            }
        })?;
    let mut out = vec![("layout.json".to_string(), text.into_bytes())];
    out.extend(drawn);
    Ok(out)
}
