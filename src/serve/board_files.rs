//! The files of a board, byte for byte what `hexpress generate` writes for
//! the same inputs: [`files`] calls the library's [`outputs::board_files`],
//! the one `generate` calls.

use super::board::Board;
use super::error::ApiError;
use super::request::Resolved;
use super::share::recipe_of;
use crate::diag::UserError;
use crate::front::balance::{Config, Objective};
use crate::front::export::OutFile;
use crate::front::outputs;

/// Every file `generate` writes for this board: `layout.json` first, then
/// the drawings, in the command's order.
pub fn files(r: &Resolved, b: &Board) -> Result<Vec<OutFile>, ApiError> {
    pack(r, b).map(|p| p.files)
}

/// [`files`] and the typed plan of the print pack ([`outputs::board_pack`]).
pub fn pack(r: &Resolved, b: &Board) -> Result<outputs::BoardPack, ApiError> {
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
    outputs::board_pack(&b.layout, &r.scenario, Some(&settings), recipe_of(r), balance).map_err(
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

/// A board's files as the page offers them: the players' files, and the
/// builder's (every face-down tile shown) when the players' view hides
/// some. In the setup view, or with nothing face down, every file is the
/// players'.
pub struct Offered {
    /// What the players may see: in their view `layout.json` is the
    /// players' layout ([`players_layout`]), and the files that show the
    /// face-down tiles are left out.
    pub players: Vec<OutFile>,
    /// The full `layout.json`, the builder's sheet and the print pack that
    /// holds it; empty when nothing is hidden.
    pub builder: Vec<OutFile>,
}

/// The files that show where the face-down tiles lie: the builder's.
pub const BUILDER_FILES: [&str; 3] = ["layout.json", "builder.pdf", "print-pack.pdf"];

/// Splits `files` into the players' and the builder's (see [`Offered`]).
pub fn offered(r: &Resolved, b: &Board, files: Vec<OutFile>) -> Offered {
    let hidden =
        r.view == crate::front::settings::View::Play && b.layout.hexes.iter().any(|h| h.face_down);
    if !hidden {
        return Offered { players: files, builder: Vec::new() };
    }
    let builder_has = |n: &str| n == "builder.pdf" || n == "layout.json";
    let has_sheet = files.iter().any(|(n, _)| n == "builder.pdf");
    let mut players = Vec::new();
    let mut builder = Vec::new();
    for (name, bytes) in files {
        if name == "layout.json" {
            players.push((
                name.clone(),
                players_layout(&String::from_utf8_lossy(&bytes)).into_bytes(),
            ));
        }
        // The print pack holds the builder's sheet when there is one.
        if builder_has(&name) || (name == "print-pack.pdf" && has_sheet) {
            builder.push((name, bytes));
        } else {
            players.push((name, bytes));
        }
    }
    Offered { players, builder }
}

/// `layout.json` as the players may see it: `"view": "players"`, every
/// face-down hex without its terrain (`null`), no harbor on a face-down
/// hex, no face-down chip stack, and no `balance` object (its measures
/// count the face-down tiles). Made from the full file line by line, so
/// everything else stays as `generate` writes it.
pub(crate) fn players_layout(full: &str) -> String {
    let hidden: Vec<(i64, i64)> = full
        .lines()
        .filter(|l| l.contains("\"face_down\":true") && l.contains("\"terrain\""))
        .filter_map(|l| {
            serde_json::from_str::<serde_json::Value>(l.trim().trim_end_matches(',')).ok()
        })
        .filter_map(|v| Some((v["q"].as_i64()?, v["r"].as_i64()?)))
        .collect();
    let mut out: Vec<String> = Vec::new();
    let mut section = "";
    for line in full.lines() {
        if let Some(key) = line.strip_prefix("  \"").and_then(|l| l.split('"').next()) {
            section = match key {
                "hexes" | "harbors" | "regions" => key,
                _ => "",
            };
        }
        if line.starts_with("  \"balance\": ") {
            if let Some(prev) = out.last_mut() {
                if prev.ends_with(',') {
                    prev.pop();
                }
            }
            continue;
        }
        let item = serde_json::from_str::<serde_json::Value>(line.trim().trim_end_matches(','));
        let item = item.ok().filter(|v| v.is_object() && line.starts_with("    "));
        match (section, item) {
            ("hexes", Some(v)) if v["face_down"] == true => {
                let t = format!("\"terrain\":{}", v["terrain"]);
                out.push(line.replacen(&t, "\"terrain\":null", 1));
            }
            ("harbors", Some(v)) => {
                let at = (v["q"].as_i64().unwrap_or(i64::MIN), v["r"].as_i64().unwrap_or(i64::MIN));
                if !hidden.contains(&at) {
                    out.push(line.to_string());
                }
            }
            ("regions", Some(v)) if v["face_down"] == true => {
                let s = format!("\"chip_stack\":{}", v["chip_stack"]);
                out.push(line.replacen(&s, "\"chip_stack\":null", 1));
            }
            _ => out.push(line.to_string()),
        }
        if line.starts_with("  \"command\": ") {
            out.push("  \"view\": \"players\",".to_string());
        }
    }
    // A harbor dropped last leaves a comma before the list's end.
    let mut text = out.join("\n");
    text = text.replace(",\n  ]", "\n  ]");
    text.push('\n');
    text
}
