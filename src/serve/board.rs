//! One board for the page: lay it out (plain, locked or balanced, with the
//! same library calls as `generate`), then describe it as JSON: the map
//! drawing, where each hex sits in it, the balance measures and plots, the
//! equivalent command and the share link ([`super::share`]).

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::answers::{
    Area, BalanceItem, BarItem, BoardAnswer, HexItem, RandomItem, SeatsItem, Size,
};
use super::error::ApiError;
use super::lock_error;
use super::request::Resolved;
use super::share::{command, key, public_locks, share_query};
use crate::front::balance::{
    self, report, BarDraw, BarError, BarOptions, Budget, Config, Evaluator, Outcome, Pilot,
    Progress, SearchOptions, Weights,
};
use crate::front::compose::map;
use crate::front::export::svg::page_to_svg;
use crate::front::settings::View;
use crate::front::solve::{self, Layout, SolveError, SolveOptions, Solver};
use crate::scene::hex::HexGeom;

/// `generate`'s default `--time-limit-ms`.
const TIME_LIMIT_MS: u64 = crate::limits::DEFAULT_TIME_LIMIT_MS;

/// A laid-out board.
pub struct Board {
    /// The layout.
    pub layout: Layout,
    /// The balanced search's result and the spread of its candidates.
    pub balanced: Option<(Outcome, report::Report)>,
    /// A draw from the default fairness bar.
    pub bar: Option<BarBoard>,
}

/// A board drawn from the fairness bar.
pub struct BarBoard {
    /// The draw.
    pub draw: BarDraw,
    /// What the pilot saw.
    pub pilot: Pilot,
    /// The weights file (the default one).
    pub config: Config,
}

/// Lays out the board a request asks for; `progress` hears of a search.
pub fn make(r: &Resolved, progress: Progress<'_>) -> Result<Board, ApiError> {
    let telling = lock_error::Telling::of(r);
    let fail = |e: &SolveError| match e {
        SolveError::Lock(_) | SolveError::Unsatisfiable { .. } | SolveError::Conflict { .. }
            if !r.locks.is_empty() =>
        {
            lock_error::unsat_api_error(&telling, &r.locks, e)
        }
        e => ApiError::diagnostics(&r.source, &solve::error_diagnostics(&r.scenario, e)),
    };
    if r.bar {
        let config = Config::default();
        let (draw, pilot) = balance::draw_from_bar(
            &r.scenario,
            r.players,
            r.seed,
            &config,
            &BarOptions::default(),
        )
        .map_err(|e| match e {
            BarError::Solve(e) => fail(&e),
            other => ApiError::bad(other.to_string())
                .hint("the default fairness bar lets no board of this scenario through; use the search (mode best)"),
        })?;
        let layout = draw.layout.clone();
        guard(r, &layout)?;
        return Ok(Board { layout, balanced: None, bar: Some(BarBoard { draw, pilot, config }) });
    }
    let Some(n) = r.candidates else {
        // Locks that clash are refused before any search, on the hexes,
        // judged by what the viewer may know ([`super::judge`]).
        if let Ok(map) = solve::map_for(&r.scenario, r.players) {
            super::judge::check(&telling, map, &r.scenario.constraints, &r.locks)?;
        }
        let opts = SolveOptions {
            deadline: Some(Instant::now() + Duration::from_millis(TIME_LIMIT_MS)),
            ..SolveOptions::default()
        };
        let layout = solve::solve_locked(&r.scenario, r.players, r.seed, &opts, &r.locks)
            .map_err(|e| fail(&e))?;
        guard(r, &layout)?;
        return Ok(Board { layout, balanced: None, bar: None });
    };
    let map = solve::map_for(&r.scenario, r.players).map_err(|e| fail(&e))?;
    let solver = Solver::new(map, &r.scenario.constraints);
    let eval = Evaluator::new(map);
    let opts = SearchOptions { budget: Budget::Candidates(n), ..SearchOptions::default() };
    let rep = report::run(&solver, &eval, &Weights::default(), r.seed, &opts, progress)
        .map_err(|e| fail(&e))?;
    let mut outcome = rep.chosen.clone();
    outcome.layout.scenario = r.scenario.meta.id.clone();
    outcome.layout.title = r.scenario.meta.title.clone();
    outcome.layout.players = r.players;
    guard(r, &outcome.layout)?;
    Ok(Board { layout: outcome.layout.clone(), balanced: Some((outcome, rep)), bar: None })
}

/// The last guard on a board before the page shows it or draws its files
/// (they are drawn from this same board): a refusal is an internal error.
fn guard(r: &Resolved, layout: &Layout) -> Result<(), ApiError> {
    let map = solve::map_for(&r.scenario, r.players)
        .map_err(|e| ApiError::new(axum::http::StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    match solve::check_board(map, &r.scenario.constraints, &r.locks, layout) {
        Ok(_) => Ok(()),
        Err(e) => Err(ApiError::new(axum::http::StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
            .hint(e.hint())),
    }
}

/// The board as the page's JSON, its files' key unsalted (for tests and
/// embedding; the server salts it, see [`to_json_keyed`]).
pub fn to_json(r: &Resolved, b: &Board) -> Result<Value, ApiError> {
    to_json_keyed(r, b, &key(r, "", "players"))
}

/// The board as the page's JSON; `key` is the key its files are kept under.
pub(crate) fn to_json_keyed(r: &Resolved, b: &Board, key: &str) -> Result<Value, ApiError> {
    let settings = r.settings()?;
    let canvas = map::canvas(&b.layout, &settings, &map::Notes::default());
    let svg = page_to_svg(&canvas.to_page());
    let g = HexGeom::new(settings.theme.sizes.hex_flat);
    let hexes = hexes_json(r, b, g, canvas.board);
    let hidden = r.view == View::Play;
    // The measures of what the players may see: in their view a face-down
    // hex counts as water without a chip, so no measure hints at its tile.
    let secret_hexes = hidden && b.layout.hexes.iter().any(|h| h.face_down);
    let public = public_layout(&b.layout, hidden);
    let map = solve::map_for(&r.scenario, r.players).ok();
    let seen = map.map(|m| Evaluator::for_players(m, r.players).measure(&public));
    let balance = balance_json(r, b, secret_hexes, seen.as_ref());
    let players = r.scenario.meta.players.clone();
    let default = Config::default();
    let measures = seen.as_ref().map(balance::summary_lines).unwrap_or_default();
    let explained = seen.as_ref().map(super::measures::explain).unwrap_or_default();
    // The seat simulation and the default bar, for every board.
    let seats = seen.as_ref().map(|m| SeatsItem {
        policy: default.policy.name(),
        seats: balance::json::seats_out(&m.seats),
        gap: balance::json::r3(m.seat_gap),
        odds: balance::odds_sentence(&m.seats),
    });
    let meets_bar = seen.as_ref().map(|m| default.bar.clears(m));
    let bar = b.bar.as_ref().map(bar_json);
    Ok(json!(BoardAnswer {
        scenario: r.scenario.meta.id.clone(),
        title: r.scenario.meta.title.clone(),
        builtin: r.builtin,
        hash: r.hash.clone(),
        players: r.players,
        player_choices: players,
        seed: r.seed.to_string(),
        sampler: b.layout.sampler.method(),
        guarantee: b.layout.sampler.guarantee(),
        svg,
        canvas: Size { w: round2(canvas.width), h: round2(canvas.height) },
        board: Area {
            x: round2(canvas.board.x),
            y: round2(canvas.board.y),
            w: round2(canvas.board.w),
            h: round2(canvas.board.h),
        },
        hex_radius: round2(g.radius()),
        hexes,
        locks: public_locks(r),
        lock_from: super::chain::format(&super::rebuild::lock_from(r)),
        key: key.to_string(),
        components: has_components(r, b, &settings),
        builder_files: secret_hexes,
        balance,
        measures,
        explained,
        secret: secret_hexes,
        seats,
        meets_bar,
        bar,
        command: command(r),
        share: share_query(r),
    }))
}

/// Each hex with its centre in canvas mm (the canvas puts the board's
/// top-left corner at `board.x, board.y`), what it shows, and whether it is
/// locked. The players' view keeps a face-down tile secret: no terrain, no
/// chip.
fn hexes_json(r: &Resolved, b: &Board, g: HexGeom, board: crate::scene::Rect) -> Vec<HexItem> {
    let (mut x0, mut y0) = (f64::MAX, f64::MAX);
    for h in &b.layout.hexes {
        for k in g.corners(g.center(h.hex)) {
            x0 = x0.min(k.x);
            y0 = y0.min(k.y);
        }
    }
    let (dx, dy) = (board.x - x0, board.y - y0);
    let locked = |h: crate::axial::Hex| r.locks.iter().any(|l| l.hex == h);
    let hidden = r.view == View::Play;
    let places = super::names::Places::of_layout(&b.layout);
    let secret_at =
        |x: crate::axial::Hex| hidden && b.layout.hexes.iter().any(|h| h.hex == x && h.face_down);
    b.layout
        .hexes
        .iter()
        .map(|h| {
            let c = g.center(h.hex);
            let secret = hidden && h.face_down;
            let number = if secret { None } else { h.number };
            let what = match (secret, number) {
                (true, _) => "face-down tile".to_string(),
                (false, Some(n)) => format!("{} {n}", h.terrain.name().replace('_', " ")),
                (false, None) => h.terrain.name().replace('_', " "),
            };
            let name = format!(
                "{what}, {}{}",
                places.name(h.hex),
                super::names::harbor_words(&b.layout, h.hex, &secret_at)
            );
            HexItem {
                q: h.hex.q,
                r: h.hex.r,
                x: round2(c.x + dx),
                y: round2(c.y + dy),
                terrain: if secret { "unknown" } else { h.terrain.name() },
                number,
                red: number.is_some_and(crate::vocab::is_red),
                fixed: h.fixed,
                face_down: h.face_down,
                locked: locked(h.hex),
                name,
            }
        })
        .collect()
}

/// Whether the board's pack has `components.pdf` (pieces or reference
/// cards to print): the page shows that button only then.
fn has_components(r: &Resolved, b: &Board, settings: &crate::front::settings::Settings) -> bool {
    crate::front::compose::pack::pack_pieces(&b.layout, &r.scenario, settings)
        .is_ok_and(|p| !p.sets.is_empty())
}

/// The balanced search's result, if the board was searched for: its score,
/// the random boards it beat and the spread plots. With face-down hexes
/// secret (`secret_hexes`), the measures are those the players may see
/// (`seen`) and the table and plots are left out.
fn balance_json(
    r: &Resolved,
    b: &Board,
    secret_hexes: bool,
    seen: Option<&balance::Measures>,
) -> Option<BalanceItem> {
    // The plots take the colours of the page's theme.
    let inks =
        r.settings().map_or_else(|_| crate::front::theme::Theme::builtin().inks, |s| s.theme.inks);
    b.balanced.as_ref().map(|(o, rep)| {
        let title = format!("{}, {} players, seed {}", r.scenario.meta.title, r.players, r.seed);
        let m = if secret_hexes { seen.cloned().unwrap_or_default() } else { o.measures.clone() };
        BalanceItem {
            score: round2(o.score),
            candidate: o.candidate,
            evaluated: o.evaluated,
            failed: o.failed,
            random: RandomItem {
                drawn: o.random.drawn,
                best: round2(o.random.best),
                median: round2(o.random.median),
                as_fair: o.random.as_fair,
            },
            plotted: rep.samples,
            lines: balance::summary_lines(&m),
            explained: super::measures::explain(&m),
            table: if secret_hexes { String::new() } else { rep.table() },
            // The plots mark this board's measures, face-down tiles included.
            plots: if secret_hexes {
                String::new()
            } else {
                balance::svg::render(rep, &title, &inks)
            },
        }
    })
}

/// A board drawn from the fairness bar: the bar, how it was drawn and what
/// the pilot saw.
fn bar_json(x: &BarBoard) -> BarItem {
    BarItem {
        thresholds: x.config.bar.sentences(),
        values: balance::json::BarOut::new(&x.config.bar),
        method: x.draw.method.name(),
        how: crate::front::outputs::bar_method_line(&x.draw, &x.pilot),
        pilot_boards: x.pilot.boards,
        pilot_cleared: x.pilot.cleared,
        pass_rate: (x.pilot.pass_rate() * 1e4).round() / 1e4,
        candidates: x.draw.candidates,
        lines: crate::front::outputs::bar_lines(&x.draw, &x.pilot),
    }
}

/// The layout as the players see it: in their view (`hide`), a face-down
/// hex is water without a chip.
fn public_layout(layout: &Layout, hide: bool) -> Layout {
    let mut l = layout.clone();
    if hide {
        for h in l.hexes.iter_mut().filter(|h| h.face_down) {
            h.terrain = crate::vocab::Terrain::Sea;
            h.number = None;
        }
    }
    l
}

fn round2(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}
