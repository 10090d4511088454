//! The API's answers as typed values (each serialised as its JSON), so that
//! a field is named once and every answer of a kind has the same shape,
//! down to the nested objects of a board (its balance, seats and bar).

use serde::Serialize;

use super::advice::Advice;
use crate::front::balance::json::{BarOut, SeatOut};
use crate::front::settings::{Paper, View};

/// `GET /api/scenarios`.
#[derive(Debug, Serialize)]
pub(crate) struct ScenarioList {
    /// The built-ins.
    pub scenarios: Vec<ScenarioItem>,
    /// The built-in shown first.
    pub default: &'static str,
    /// The limits the page checks before sending.
    pub limits: PageLimits,
    /// The papers, in the order the page offers them.
    pub papers: Vec<PaperItem>,
    /// The views of face-down tiles, in the order the page offers them.
    pub views: Vec<ViewItem>,
    /// The drawing inputs' defaults, by request field.
    pub defaults: Defaults,
}

/// One built-in scenario.
#[derive(Debug, Serialize)]
pub(crate) struct ScenarioItem {
    /// Its id.
    pub id: &'static str,
    /// Its title.
    pub title: String,
    /// Its player counts.
    pub players: Vec<u8>,
    /// The count shown first.
    pub default_players: u8,
    /// Its file's text.
    pub text: String,
}

/// The limits the page checks before sending.
#[derive(Debug, Serialize)]
pub(crate) struct PageLimits {
    /// The longest scenario text, bytes.
    pub scenario_bytes: usize,
}

/// A paper: its name in requests and links, and as people write it.
#[derive(Debug, Serialize)]
pub(crate) struct PaperItem {
    /// `a4`, `letter`...
    pub name: &'static str,
    /// "A4", "Letter"...
    pub title: String,
}

impl PaperItem {
    /// Every paper.
    pub fn all() -> Vec<PaperItem> {
        Paper::ALL
            .iter()
            .map(|p| PaperItem {
                name: p.name(),
                title: crate::front::compose::plan::paper_name(p.name()),
            })
            .collect()
    }
}

/// A view of face-down tiles: its name in requests and links, and the
/// page's words for its button.
#[derive(Debug, Serialize)]
pub(crate) struct ViewItem {
    /// `play` or `setup`.
    pub name: &'static str,
    /// The button's word.
    pub label: &'static str,
    /// The button's tooltip.
    pub title: &'static str,
}

impl ViewItem {
    /// Every view, with the page's words for it.
    pub(crate) fn all() -> Vec<ViewItem> {
        View::ALL
            .iter()
            .map(|&v| {
                let (label, title) = match v {
                    View::Play => ("hidden", "The players' view: face-down tiles stay secret"),
                    View::Setup => {
                        ("shown", "The setup view: every tile shown, for whoever builds the board")
                    }
                };
                ViewItem { name: v.name(), label, title }
            })
            .collect()
    }
}

/// The drawing inputs of a request when it names none.
#[derive(Debug, Serialize)]
pub(crate) struct Defaults {
    /// The view.
    pub view: &'static str,
    /// The paper.
    pub paper: &'static str,
    /// No ruler.
    pub ruler: &'static str,
    /// No back offset.
    pub back_offset: &'static str,
}

impl Default for Defaults {
    fn default() -> Defaults {
        Defaults {
            view: View::default().name(),
            paper: Paper::default().name(),
            ruler: "",
            back_offset: "",
        }
    }
}

/// `POST /api/validate`.
#[derive(Debug, Serialize)]
pub(crate) struct Validated {
    /// Always true (a problem is an error answer).
    pub ok: bool,
    /// The scenario's id.
    pub scenario: String,
    /// Its title.
    pub title: String,
    /// Its player counts.
    pub players: Vec<u8>,
    /// The count shown first.
    pub default_players: u8,
}

/// `POST /api/pack`.
#[derive(Debug, Serialize)]
pub(crate) struct PackAnswer {
    /// The key the players' files are kept under.
    pub key: String,
    /// The players' files.
    pub files: Vec<FileItem>,
    /// The command that makes the same files.
    pub command: String,
    /// The share link's query.
    pub share: String,
    /// How to print the pack, when it has a print pack.
    pub advice: Option<Advice>,
    /// The builder's files, when asked for and kept.
    pub builder: Option<BuilderFiles>,
}

/// One kept file.
#[derive(Debug, Serialize)]
pub(crate) struct FileItem {
    /// Its name.
    pub name: String,
    /// Its size, bytes.
    pub size: usize,
    /// Where to download it.
    pub url: String,
}

impl FileItem {
    /// The files kept under `key`, by name and size.
    pub fn list(key: &str, sizes: &[(String, usize)]) -> Vec<FileItem> {
        sizes
            .iter()
            .map(|(name, size)| FileItem {
                name: name.clone(),
                size: *size,
                url: format!("/api/file/{key}/{name}"),
            })
            .collect()
    }
}

/// The builder's files of a board.
#[derive(Debug, Serialize)]
pub(crate) struct BuilderFiles {
    /// The key they are kept under.
    pub key: String,
    /// The files.
    pub files: Vec<FileItem>,
}

/// `POST /api/board`: one board as the page shows it ([`super::board`]).
#[derive(Serialize)]
pub(crate) struct BoardAnswer {
    /// The scenario's id.
    pub scenario: String,
    /// Its title.
    pub title: String,
    /// Whether it is a built-in.
    pub builtin: bool,
    /// The hash of its text.
    pub hash: String,
    /// Players.
    pub players: u8,
    /// The scenario's player counts.
    pub player_choices: Vec<u8>,
    /// The seed, as decimal text (a JavaScript number cannot hold every one).
    pub seed: String,
    /// How the board was drawn.
    pub sampler: &'static str,
    /// What that method guarantees, in words.
    pub guarantee: String,
    /// The map drawing.
    pub svg: String,
    /// The drawing's size, mm.
    pub canvas: Size,
    /// Where the board lies in the drawing, mm.
    pub board: Area,
    /// A hex's corner radius, mm.
    pub hex_radius: f64,
    /// Every hex.
    pub hexes: Vec<HexItem>,
    /// The locks as the page shows them.
    pub locks: String,
    /// The recipe a lock made on this board takes its tile from.
    pub lock_from: String,
    /// The key its files are kept under.
    pub key: String,
    /// Whether the pack has `components.pdf`.
    pub components: bool,
    /// Whether some files are the builder's only.
    pub builder_files: bool,
    /// The balanced search's result.
    pub balance: Option<BalanceItem>,
    /// The measures in words.
    pub measures: Vec<String>,
    /// The measures explained.
    pub explained: Vec<Explained>,
    /// Whether face-down tiles are kept secret.
    pub secret: bool,
    /// The seat simulation.
    pub seats: Option<SeatsItem>,
    /// Whether the board clears the default fairness bar.
    pub meets_bar: Option<bool>,
    /// A draw from the fairness bar: how it was made.
    pub bar: Option<BarItem>,
    /// The command that makes the same board and files.
    pub command: String,
    /// The share link's query.
    pub share: String,
}

/// A width and a height, mm.
#[derive(Debug, Serialize)]
pub(crate) struct Size {
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

/// A rectangle, mm.
#[derive(Debug, Serialize)]
pub struct Area {
    /// Left.
    pub x: f64,
    /// Top.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

/// One hex of the board shown.
#[derive(Debug, Serialize)]
pub(crate) struct HexItem {
    /// Axial column.
    pub q: i32,
    /// Axial row.
    pub r: i32,
    /// Its centre in the drawing, mm.
    pub x: f64,
    /// Its centre in the drawing, mm.
    pub y: f64,
    /// Its terrain, `unknown` when kept secret.
    pub terrain: &'static str,
    /// Its chip.
    pub number: Option<u8>,
    /// Whether the chip is red (6 or 8).
    pub red: bool,
    /// Whether the scenario fixes it.
    pub fixed: bool,
    /// Whether it lies face down.
    pub face_down: bool,
    /// Whether it is locked.
    pub locked: bool,
    /// Its name for a screen reader: what it shows and where.
    pub name: String,
}

/// A balanced board's search ([`BoardAnswer::balance`]): its score, the
/// random boards it beat and the spread plots.
#[derive(Serialize)]
pub(crate) struct BalanceItem {
    /// Its score (lower is fairer).
    pub score: f64,
    /// The random board whose walk found it.
    pub candidate: u64,
    /// Boards scored in all.
    pub evaluated: u64,
    /// Boards that could not be scored.
    pub failed: u64,
    /// How it compares with the random boards of the search.
    pub random: RandomItem,
    /// The random boards the plots show.
    pub plotted: u64,
    /// The measures in words.
    pub lines: Vec<String>,
    /// The measures explained.
    pub explained: Vec<Explained>,
    /// The measures' table, empty while face-down tiles are secret.
    pub table: String,
    /// The spread plots (SVG), empty while face-down tiles are secret.
    pub plots: String,
}

/// The random boards of a balanced search, as a yardstick.
#[derive(Debug, Serialize)]
pub(crate) struct RandomItem {
    /// How many were drawn.
    pub drawn: u64,
    /// The best score among them.
    pub best: f64,
    /// Their median score.
    pub median: f64,
    /// How many scored as fair as the kept board.
    pub as_fair: u64,
}

/// One balance measure in plain words ([`super::measures::explain`]).
#[derive(Debug, Serialize)]
pub(crate) struct Explained {
    /// Its name.
    pub name: &'static str,
    /// Its value, as text.
    pub value: String,
    /// What it means.
    pub words: String,
}

/// The seat simulation under the default policy ([`BoardAnswer::seats`]).
#[derive(Serialize)]
pub(crate) struct SeatsItem {
    /// The seat policy's name.
    pub policy: &'static str,
    /// Each seat's figures.
    pub seats: Vec<SeatOut>,
    /// The gap between the best and the worst seat.
    pub gap: f64,
    /// The seats' odds in a sentence.
    pub odds: Option<String>,
}

/// A board drawn from the fairness bar ([`BoardAnswer::bar`]): the bar,
/// how it was drawn and what the pilot saw.
#[derive(Serialize)]
pub(crate) struct BarItem {
    /// The bar's thresholds in words.
    pub thresholds: Vec<String>,
    /// The bar's thresholds as numbers.
    pub values: BarOut,
    /// The drawing method's name.
    pub method: &'static str,
    /// How the board was drawn, in a sentence.
    pub how: String,
    /// Boards the pilot drew.
    pub pilot_boards: u64,
    /// How many of them cleared the bar.
    pub pilot_cleared: u64,
    /// The pilot's pass rate, to 4 places.
    pub pass_rate: f64,
    /// Candidates drawn for this board.
    pub candidates: u64,
    /// The draw in lines of words.
    pub lines: Vec<String>,
}
