//! What the page asks for, checked against the limits before any work
//! starts: a built-in id or pasted text (never a path), players, seed, rules,
//! balance, drawing options and locks; each read by its own function here,
//! put together by [`super::resolve`].

use serde::Deserialize;

use std::collections::BTreeSet;

use super::chain::Step;
use super::error::ApiError;
use crate::axial::Hex;
use crate::diag::{Source, UserError};
use crate::front::builtin;
use crate::front::model::{CellContent, RulePreset, Scenario};
use crate::front::settings::{choices, Choices, Formats, Paper, Settings, View};
use crate::front::solve::Lock;
use crate::limits::{MAX_SCENARIO_BYTES, MAX_WEB_CANDIDATES};
use crate::vocab;

/// A board (or file) request as the page sends it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct BoardRequest {
    /// A built-in scenario id.
    pub scenario: Option<String>,
    /// A pasted scenario file (wins over `scenario`).
    pub text: Option<String>,
    /// Player count (default: the scenario's).
    pub players: Option<u8>,
    /// Seed, as decimal text (JavaScript numbers cannot hold every u64) or
    /// a JSON number; default: a fresh one.
    pub seed: Option<serde_json::Value>,
    /// `official` or `strict` (default: the scenario's own).
    pub rules: Option<String>,
    /// Search for the fairest of `candidates` boards.
    pub balanced: bool,
    /// Candidates of a balanced search (default 20,000).
    pub candidates: Option<u64>,
    /// How a balanced board is made: `bar` (a uniform draw among the boards
    /// that clear the fairness bar) or `best` (the search). Default: `best`
    /// when `candidates` is given, else `bar`.
    pub mode: Option<String>,
    /// `setup` or `play`.
    pub view: Option<String>,
    /// `a4`, `letter` or `a3`.
    pub paper: Option<String>,
    /// What the calibration sheet's 100 mm bar measured, mm, as typed
    /// (`--ruler`); empty: none.
    pub ruler: Option<String>,
    /// How far the backs lie off their fronts, `X,Y` mm, as typed
    /// (`--back-offset`); empty: none.
    pub back_offset: Option<String>,
    /// Locked hexes in the `--lock` syntax: `q,r=terrain:N` names the
    /// contents, a bare `q,r` takes them from the board `from`.
    pub locks: Option<String>,
    /// The recipe of the board the bare locks were made on ([`chain`]).
    pub from: Option<String>,
}

/// A request checked and resolved: everything a job needs.
pub struct Resolved {
    /// The scenario text.
    pub source: Source,
    /// The validated scenario (with the rules preset applied).
    pub scenario: Scenario,
    /// Hash of the scenario text (for share links of pasted scenarios).
    pub hash: String,
    /// Whether it is a built-in.
    pub builtin: bool,
    /// Players.
    pub players: u8,
    /// Seed.
    pub seed: u64,
    /// The preset asked for.
    pub rules: Option<RulePreset>,
    /// Candidates of a balanced search.
    pub candidates: Option<u64>,
    /// A uniform draw among the boards that clear the default fairness bar.
    pub bar: bool,
    /// View.
    pub view: View,
    /// Paper.
    pub paper: Paper,
    /// The calibration's ruler, mm (`--ruler`).
    pub ruler: Option<f64>,
    /// The calibration's back offset, mm (`--back-offset`).
    pub back_offset: Option<(f64, f64)>,
    /// Locks.
    pub locks: Vec<Lock>,
    /// The places of the locks that took their tile from `chain`.
    pub bare: BTreeSet<Hex>,
    /// The recipe of the board the bare locks took their tiles from, as
    /// short as it can be ([`chain::shortest`]); empty without bare locks.
    pub chain: Vec<Step>,
}

impl Resolved {
    /// The preset's name, if one was asked for.
    pub fn rules_name(&self) -> Option<String> {
        self.rules.map(|r| r.to_string())
    }

    /// The drawing choices of the request: its paper, view and calibration,
    /// every other option at the command line's default.
    pub fn choices(&self) -> Choices {
        Choices {
            paper: self.paper,
            view: self.view,
            ruler: self.ruler,
            back_offset: self.back_offset,
            ..Choices::default()
        }
    }

    /// Whether `hex` is a face-down hex of the request's map.
    pub(crate) fn is_face_down(&self, hex: Hex) -> bool {
        self.scenario.map_for(self.players).is_some_and(|m| {
            m.cells.iter().any(|c| {
                c.hex == hex
                    && matches!(c.content, CellContent::Slot { region } if m.regions.get(region).is_some_and(|g| g.face_down))
            })
        })
    }

    /// Whether `hex` is a face-down hex whose contents the players' view
    /// keeps secret.
    pub(crate) fn is_secret(&self, hex: Hex) -> bool {
        self.view == View::Play && self.is_face_down(hex)
    }

    /// `generate`'s settings for [`Resolved::choices`].
    pub fn settings(&self) -> Result<Settings, ApiError> {
        let choices = Choices {
            formats: Formats::parse("svg,pdf,png").map_err(|e| ApiError::bad(e.to_string()))?,
            ..self.choices()
        };
        // The request's own choices are the user's (400); templates the
        // server cannot read are the server's (500).
        Settings::build(&choices).map_err(|e| match e.is_input() {
            true => ApiError::bad(e.to_string()),
            false => ApiError::new(axum::http::StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
        })
    }
}

/// FNV-1a of the text, as 16 hex digits: a short, stable content id.
pub(crate) fn content_hash(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// `base` under the preset asked for.
pub(crate) fn with_rules(
    base: &Scenario,
    source: &Source,
    rules: Option<RulePreset>,
) -> Result<Scenario, ApiError> {
    match rules {
        None => Ok(base.clone()),
        Some(p) => base.clone().with_preset(p).map_err(|d| ApiError::diagnostics(source, &d)),
    }
}

/// The scenario's text, pasted or built in, and whether it is built in.
pub(crate) fn scenario_source(req: &BoardRequest) -> Result<(Source, bool), ApiError> {
    match (&req.text, &req.scenario) {
        (Some(t), _) => {
            if t.len() > MAX_SCENARIO_BYTES {
                return Err(ApiError::bad(format!(
                    "the scenario text is {} bytes; the limit is {MAX_SCENARIO_BYTES} bytes",
                    t.len()
                )));
            }
            Ok((Source::new("pasted.toml", t.clone()), false))
        }
        (None, id) => {
            let id = id.as_deref().unwrap_or(builtin::DEFAULT);
            let s = builtin::source(id).ok_or_else(|| {
                let hint = vocab::did_you_mean(id, builtin::ids()).map_or_else(
                    || "choose one from the list".to_string(),
                    |s| format!("did you mean `{s}`?"),
                );
                ApiError::bad(format!("no built-in scenario `{id}`")).hint(hint)
            })?;
            Ok((s, true))
        }
    }
}

/// The rule preset asked for (`None`: the scenario's own rules).
pub(crate) fn rules_of(req: &BoardRequest) -> Result<Option<RulePreset>, ApiError> {
    match req.rules.as_deref() {
        None | Some("") | Some("default") => Ok(None),
        Some("official") => Ok(Some(RulePreset::Official)),
        Some("strict") => Ok(Some(RulePreset::Strict)),
        Some(o) => Err(ApiError::bad(format!("unknown rules `{o}`; use official or strict"))),
    }
}

/// The seed asked for, or a fresh one when none is.
pub(crate) fn seed_of(req: &BoardRequest) -> Result<u64, ApiError> {
    let seed_text = match &req.seed {
        None | Some(serde_json::Value::Null) => String::new(),
        Some(serde_json::Value::String(s)) => s.trim().to_string(),
        Some(other) => other.to_string(),
    };
    match seed_text.as_str() {
        "" => Ok(crate::rng::fresh_seed()),
        s => s.parse().map_err(|_| {
            ApiError::bad(format!("`{s:.40}` is not a seed"))
                .hint("a whole number from 0 to 18446744073709551615")
        }),
    }
}

/// How a balanced board is made: drawn from the fairness bar (`true`), or
/// searched among this many candidates.
pub(crate) fn balance_of(req: &BoardRequest) -> Result<(bool, Option<u64>), ApiError> {
    let bar = match (req.balanced, req.mode.as_deref(), req.candidates) {
        (false, _, _) => false,
        (true, Some("bar"), Some(_)) => {
            return Err(ApiError::bad("`candidates` applies to the search (`mode: best`)")
                .hint("leave `candidates` out to draw from the fairness bar"))
        }
        (true, Some("bar"), None) | (true, None, None) => true,
        (true, Some("best"), _) | (true, None, Some(_)) => false,
        (true, Some(o), _) => {
            return Err(ApiError::bad(format!("unknown balance mode `{o:.20}`; use bar or best")))
        }
    };
    let candidates = match (req.balanced && !bar, req.candidates) {
        (false, _) => None,
        (true, None) => Some(crate::front::balance::search::DEFAULT_CANDIDATES),
        (true, Some(n)) if (1..=MAX_WEB_CANDIDATES).contains(&n) => Some(n),
        (true, Some(n)) => {
            return Err(ApiError::bad(format!(
                "{n} candidates asked for; the page searches 1 to {MAX_WEB_CANDIDATES}"
            ))
            .hint(format!("type a number of boards from 1 to {MAX_WEB_CANDIDATES} under Boards to score, or leave it empty for a fair draw from the fairness bar")))
        }
    };
    Ok((bar, candidates))
}

/// The view and paper asked for (play and A4 by default).
pub(crate) fn view_and_paper(req: &BoardRequest) -> Result<(View, Paper), ApiError> {
    let view = match req.view.as_deref() {
        None | Some("play") => View::Play,
        Some("setup") => View::Setup,
        Some(o) => return Err(ApiError::bad(format!("unknown view `{o}`; use setup or play"))),
    };
    let paper = match req.paper.as_deref() {
        None => Paper::default(),
        Some(o) => Paper::from_name(o).ok_or_else(|| {
            let names: Vec<&str> = Paper::ALL.iter().map(|p| p.name()).collect();
            ApiError::bad(format!("unknown paper `{o:.20}`; use {}", names.join(", ")))
        })?,
    };
    Ok((view, paper))
}

/// Text that is not blank, trimmed.
fn given(t: Option<&str>) -> Option<&str> {
    t.map(str::trim).filter(|t| !t.is_empty())
}

/// The calibration's ruler and back offset, mm (see [`Resolved::ruler`]).
pub type Calibration = (Option<f64>, Option<(f64, f64)>);

/// The calibration asked for: the ruler and the back offset, each read as
/// the command line reads it (empty text: none).
pub(crate) fn calibration_of(req: &BoardRequest) -> Result<Calibration, ApiError> {
    let ruler = given(req.ruler.as_deref()).map(choices::parse_ruler).transpose();
    let offset = given(req.back_offset.as_deref()).map(choices::parse_back_offset).transpose();
    Ok((ruler.map_err(ApiError::bad)?, offset.map_err(ApiError::bad)?))
}
