//! The files of a board, byte for byte what `hexpress generate` writes for
//! the same inputs: [`files`] calls the library's [`outputs::board_files`],
//! the one `generate` calls.

use super::board::{recipe_of, Board};
use super::error::ApiError;
use super::request::Resolved;
use crate::balance::{Config, Objective};
use crate::diag::UserError;
use crate::export::OutFile;
use crate::outputs;

/// Every file `generate` writes for this board: `layout.json` first, then
/// the drawings, in the command's order.
pub fn files(r: &Resolved, b: &Board) -> Result<Vec<OutFile>, ApiError> {
    let config = Config::default();
    let balance = match (&b.balanced, &b.bar) {
        (Some((o, _)), _) => Some(outputs::Balance::Best {
            outcome: o,
            config: &config,
            objective: Objective::Score,
        }),
        (None, Some(x)) => {
            Some(outputs::Balance::Bar { draw: &x.draw, pilot: &x.pilot, config: &x.config })
        }
        (None, None) => None,
    };
    let settings = r.settings()?;
    outputs::board_files(&b.layout, &r.scenario, Some(&settings), recipe_of(r), balance).map_err(
        |e| {
            // What the user gave (a board too large to picture readably on
            // the paper, pieces that fit no page): their error, with its hint.
            let status = match e.is_input() {
                true => axum::http::StatusCode::UNPROCESSABLE_ENTITY,
                false => axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            };
            let e = anyhow::Error::new(e).context("drawing the outputs");
            match status {
                axum::http::StatusCode::UNPROCESSABLE_ENTITY => {
                    ApiError::new(status, format!("{e:#}"))
                }
                _ => ApiError::new(status, format!("drawing failed: {e:#}")),
            }
        },
    )
}
