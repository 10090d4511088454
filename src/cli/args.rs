//! Command-line arguments (clap derive).

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::front::model::RulePreset;
use crate::front::settings::{Paper, View};

/// Turns a Catan scenario file into a fair random map.
#[derive(Parser, Debug)]
#[command(
    name = "hexpress",
    version,
    about = "Turn a Catan scenario file into a fair random map, printable at true scale, with its components, cards and rules handout",
    after_help = "Examples:\n  \
        hexpress generate                          # the base game, a fresh seed\n  \
        hexpress generate gold-for-catan --players 3 --seed 42\n  \
        hexpress generate my-scenario.toml --out maps/\n  \
        hexpress generate base --balanced best --candidates 20000\n  \
        hexpress balance base --samples 5000\n  \
        hexpress rules fishermen --seed 7\n  \
        hexpress sample base --count 1000 --seed 1 > tables.jsonl\n  \
        hexpress validate scenarios/*.toml\n  \
        hexpress list\n  \
        hexpress schema > scenario.schema.json\n\n\
        Exit codes:\n  \
        0  done\n  \
        1  an input file is wrong (scenario, template, weights file, saved layout, or a limit it passes)\n  \
        2  the command line is wrong (an unknown flag, a bad flag value, a player count with no map)\n  \
        3  no board keeps the rules (with the locks or fairness bar asked for)\n  \
        4  a file cannot be found, read or written\n  \
        5  an internal error (a bug in hexpress: please report it)"
)]
pub struct Cli {
    /// Options every command takes.
    #[command(flatten)]
    pub global: GlobalArgs,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Options every command takes (before or after the command name).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct GlobalArgs {
    /// Print nothing but errors (and the data a command exists to print:
    /// schema, completions, man page, list).
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Say more: the time of each stage and the size of each file written.
    #[arg(short, long, global = true, action = clap::ArgAction::Count)]
    pub verbose: u8,
    /// Colour in messages: `auto` colours them on a terminal unless the
    /// NO_COLOR environment variable is set.
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value = "auto")]
    pub color: ColorArg,
}

/// When to colour messages.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ColorArg {
    /// On a terminal, unless NO_COLOR is set.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Lay out a map and draw everything: map (SVG/PDF/PNG), components, cards, rules, print pack.
    #[command(after_help = "Examples:\n  \
        hexpress generate\n  \
        hexpress generate gold-for-catan --players 4 --seed 7\n  \
        hexpress generate ./my.toml --seed 1 --out /tmp/map\n  \
        hexpress generate --from output/base-4p-7/layout.json --lock \"0,-2 1,1\" --seed 8")]
    Generate(GenerateArgs),
    /// Measure how fair a scenario's layouts are: percentiles of every
    /// measure and balance.svg with histograms.
    #[command(after_help = "Examples:\n  \
        hexpress balance base\n  \
        hexpress balance gold-for-catan --players 3 --samples 20000 --seed 7\n  \
        hexpress balance base --weights my-weights.toml --out /tmp/report")]
    Balance(BalanceArgs),
    /// Write the rules handout (rules.pdf and rules-N.svg) for one layout.
    #[command(after_help = "Examples:\n  \
        hexpress rules gold-for-catan --players 4 --seed 7\n  \
        hexpress rules ./my.toml --paper letter --out /tmp/rules")]
    Rules(RulesArgs),
    /// Lay out many boards at once and print them as JSON lines (one
    /// layout.json per line), for tournaments and statistics.
    #[command(after_help = "Board k is the board `generate --seed SEED+k` lays out.\n\n\
        Examples:\n  \
        hexpress sample base --count 1000 --seed 1 > tables.jsonl\n  \
        hexpress sample gold-for-catan --players 3 --count 100000 --out boards.jsonl\n  \
        hexpress sample base --rules strict --count 10 | head -1")]
    Sample(SampleArgs),
    /// Check scenario files and report every problem with its location.
    #[command(
        after_help = "Examples:\n  hexpress validate scenarios/*.toml\n  hexpress validate base"
    )]
    Validate {
        /// Scenario files or built-in ids.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// List the built-in scenarios and their player counts.
    List,
    /// Print the JSON Schema of the scenario format (for editors), or with
    /// --layout the schema of layout.json.
    Schema {
        /// The schema of layout.json instead.
        #[arg(long)]
        layout: bool,
    },
    /// Print a shell completion script.
    #[command(after_help = "Examples:\n  \
        hexpress completions bash > ~/.local/share/bash-completion/completions/hexpress\n  \
        hexpress completions zsh > ~/.zfunc/_hexpress\n  \
        hexpress completions fish > ~/.config/fish/completions/hexpress.fish")]
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), e.g. `hexpress man > hexpress.1`.
    Man,
    /// Start a local web page: pick a scenario, reroll, lock hexes, see the
    /// balance, download the print pack.
    #[cfg(feature = "serve")]
    #[command(after_help = "Examples:\n  \
        hexpress serve                   # http://127.0.0.1:8080/\n  \
        hexpress serve --port 9000 --open")]
    Serve(super::serve::ServeArgs),
}

/// Arguments of `generate`.
#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// A built-in scenario id (see `hexpress list`) or a path to a scenario file.
    /// Default: the base game.
    pub scenario: Option<String>,
    /// Number of players (default: the scenario's default).
    #[arg(short, long)]
    pub players: Option<u8>,
    /// Seed; the same seed gives the same map on every machine. Default: a fresh one, printed.
    #[arg(short, long)]
    pub seed: Option<u64>,
    /// Output folder. Default: output/<scenario>-<players>p-<seed>/.
    #[arg(short, long, value_parser = parse_out_dir)]
    pub out: Option<PathBuf>,
    /// Placement rules to start from; the scenario's own `[constraints]`
    /// apply on top. Default: the scenario's (its `preset`, else `official`).
    #[arg(long, value_enum, value_name = "PRESET")]
    pub rules: Option<RulePreset>,
    /// Search steps before giving up on an unsatisfiable scenario.
    #[arg(long, default_value_t = crate::limits::DEFAULT_MAX_NODES, value_parser = parse_nodes)]
    pub max_nodes: u64,
    /// Wall-clock limit for the search, in milliseconds.
    #[arg(long, default_value_t = crate::limits::DEFAULT_TIME_LIMIT_MS, value_parser = parse_time_ms)]
    pub time_limit_ms: u64,
    /// Refuse a map that only the Markov chain can draw: every board is then
    /// an exact uniform draw (rejection or counting).
    #[arg(long)]
    pub exact: bool,
    /// How the map and components are drawn and printed.
    #[command(flatten)]
    pub render: RenderArgs,
    /// Balance the board. `--balanced` (or `--balanced bar`): a uniform draw
    /// among the valid boards that clear the fairness bar (the thresholds of
    /// the weights file's [bar] table). `--balanced best`: a search for the
    /// single fairest board by the balance score, which is NOT a uniform
    /// draw; the output says how it compares with random boards. Both add a
    /// `balance` object to layout.json.
    #[arg(long, value_enum, num_args = 0..=1, default_missing_value = "bar", value_name = "MODE")]
    pub balanced: Option<BalancedArg>,
    /// What `--balanced best` minimises: the weighted balance `score`, or
    /// the `seats` gap first (the seat simulation's best seat minus its worst).
    #[arg(long, value_enum, requires = "balanced", value_name = "AIM")]
    pub objective: Option<crate::front::balance::Objective>,
    /// Boards to score with --balanced best (random boards and improvement
    /// steps together) [default: 20000].
    #[arg(long, requires = "balanced", value_parser = parse_candidates)]
    pub candidates: Option<u64>,
    /// Score candidates for about this many milliseconds instead of a fixed
    /// number (with --candidates too: stop at whichever comes first). The
    /// result then depends on the machine's speed; the number searched is
    /// printed so `--candidates` can repeat it exactly.
    #[arg(long, value_name = "MS", requires = "balanced", value_parser = parse_time_ms)]
    pub time_budget: Option<u64>,
    /// A weights file: the score's weights, the fairness bar and the seat
    /// policy (format: templates/balance.toml).
    #[arg(long, value_name = "FILE", requires = "balanced")]
    pub weights: Option<PathBuf>,
    /// Keep these hexes and redraw the rest, uniformly among the valid boards
    /// that keep them: `q,r` items (contents from --from) or `q,r=terrain:N`,
    /// separated by spaces, e.g. "0,-2 1,1" or "0,-2=forest:8 1,1=desert".
    #[arg(long, value_name = "LIST", conflicts_with = "balanced", allow_hyphen_values = true)]
    pub lock: Option<String>,
    /// A saved layout.json whose hexes `--lock q,r` keeps; its scenario and
    /// player count are the defaults.
    #[arg(long, value_name = "LAYOUT", requires = "lock")]
    pub from: Option<PathBuf>,
}

/// Arguments of `sample`.
#[derive(clap::Args, Debug)]
pub struct SampleArgs {
    /// A built-in scenario id (see `hexpress list`) or a path to a scenario file.
    /// Default: the base game.
    pub scenario: Option<String>,
    /// How many boards.
    #[arg(short = 'n', long, default_value_t = 100)]
    pub count: u64,
    /// Number of players (default: the scenario's default).
    #[arg(short, long)]
    pub players: Option<u8>,
    /// Seed of the first board; board k uses SEED+k. Default: a fresh one, printed.
    #[arg(short, long)]
    pub seed: Option<u64>,
    /// Placement rules to start from; the scenario's own `[constraints]`
    /// apply on top. Default: the scenario's (its `preset`, else `official`).
    #[arg(long, value_enum, value_name = "PRESET")]
    pub rules: Option<RulePreset>,
    /// Search steps per board before giving up on an unsatisfiable scenario.
    #[arg(long, default_value_t = crate::limits::DEFAULT_MAX_NODES)]
    pub max_nodes: u64,
    /// Write the boards to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Draw every board uniformly among the valid boards that clear the
    /// fairness bar (board k is `generate --seed SEED+k --balanced`).
    #[arg(long)]
    pub balanced: bool,
    /// Add every balance measure to each line (a `balance` object with the
    /// seat measures and `meets_bar`, whether the board clears the bar).
    #[arg(long)]
    pub measures: bool,
    /// A weights file: the fairness bar and the seat policy (format:
    /// templates/balance.toml) [default: the built-in one].
    #[arg(long, value_name = "FILE")]
    pub weights: Option<PathBuf>,
    /// Worker threads [default: one per core]. The output is the same for
    /// any number.
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
}

/// Arguments of `rules`.
#[derive(clap::Args, Debug)]
pub struct RulesArgs {
    /// A built-in scenario id (see `hexpress list`) or a path to a scenario file.
    pub scenario: String,
    /// Number of players (default: the scenario's default).
    #[arg(short, long)]
    pub players: Option<u8>,
    /// Seed of the map pictured in the handout. Default: a fresh one, printed.
    #[arg(short, long)]
    pub seed: Option<u64>,
    /// Placement rules to start from; the scenario's own `[constraints]`
    /// apply on top. Default: the scenario's (its `preset`, else `official`).
    #[arg(long, value_enum, value_name = "PRESET")]
    pub rules: Option<RulePreset>,

    /// Paper of the handout.
    #[arg(long, value_enum, default_value = "a4")]
    pub paper: Paper,
    /// Face-down tiles in the map picture: `setup` shows them, `play` shows fog.
    #[arg(long, value_enum, default_value = "play")]
    pub view: View,
    /// A folder with your own theme.toml.
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
    /// Output folder. Default: output/<scenario>-<players>p-<seed>/.
    #[arg(short, long, value_parser = parse_out_dir)]
    pub out: Option<PathBuf>,
}

/// Arguments of `balance`.
#[derive(clap::Args, Debug)]
pub struct BalanceArgs {
    /// A built-in scenario id (see `hexpress list`) or a path to a scenario file.
    pub scenario: String,
    /// Number of players (default: the scenario's default).
    #[arg(short, long)]
    pub players: Option<u8>,
    /// Placement rules to start from; the scenario's own `[constraints]`
    /// apply on top. Default: the scenario's (its `preset`, else `official`).
    #[arg(long, value_enum, value_name = "PRESET")]
    pub rules: Option<RulePreset>,
    /// Random (uniform) layouts to measure; the chosen layout is what
    /// `generate --balanced best --candidates SAMPLES` keeps for the same seed.
    #[arg(long, default_value_t = 5_000, value_parser = parse_candidates)]
    pub samples: u64,
    /// Seed of the samples. Default: a fresh one, printed.
    #[arg(short, long)]
    pub seed: Option<u64>,
    /// A weights file for the balance score (format: templates/balance.toml).
    #[arg(long, value_name = "FILE")]
    pub weights: Option<PathBuf>,
    /// Output folder for balance.svg. Default: output/<scenario>-<players>p-<seed>/.
    #[arg(short, long, value_parser = parse_out_dir)]
    pub out: Option<PathBuf>,
    /// Search steps per layout before giving up on it.
    #[arg(long, default_value_t = crate::limits::DEFAULT_MAX_NODES, value_parser = parse_nodes)]
    pub max_nodes: u64,
    /// What the chosen board's search minimises (as `generate --balanced best --objective`).
    #[arg(long, value_enum, value_name = "AIM")]
    pub objective: Option<crate::front::balance::Objective>,
    /// More searches (seeds SEED+1 on, SAMPLES boards each) whose boards
    /// show where the search puts 6, 8 and the desert.
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u64).range(0..=200))]
    pub best_boards: u64,
}

/// How `--balanced` balances.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BalancedArg {
    /// A uniform draw among the valid boards that clear the fairness bar.
    Bar,
    /// The fairest board a search finds (not a uniform draw).
    Best,
}

/// Rendering options of `generate`.
#[derive(clap::Args, Debug, Clone)]
pub struct RenderArgs {
    /// Paper for the PDFs.
    #[arg(long, value_enum, default_value = "a4")]
    pub paper: Paper,
    /// Face-down tiles, on the map and in the board printed here: `setup`
    /// shows them, `play` shows fog.
    #[arg(long, value_enum, default_value = "play")]
    pub view: View,
    /// Resolution of preview.png [default: 100, lowered for a large map to
    /// stay within the preview's pixel limit; -v says so].
    #[arg(long, value_parser = parse_dpi)]
    pub dpi: Option<f64>,
    /// Pale fills to save ink (outlines and pictograms stay).
    #[arg(long)]
    pub ink_saver: bool,
    /// Greys only: terrains told apart by pictogram.
    #[arg(long)]
    pub black_and_white: bool,
    /// Which files to write besides layout.json: any of svg, pdf, png.
    #[arg(long, default_value = "svg,pdf,png", value_name = "LIST")]
    pub formats: String,
    /// A folder with your own theme.toml, sheets.toml and/or printer.toml.
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
    /// Hex size, flat to flat, in mm (default 76, the theme's).
    #[arg(long, value_name = "MM", value_parser = parse_hex_size)]
    pub hex_size: Option<f64>,
    /// Print the terrain name on every hex.
    #[arg(long)]
    pub labels: bool,
    /// Flip edge for double-sided component sheets (overrides printer.toml).
    #[arg(long, value_enum)]
    pub duplex: Option<crate::front::settings::sheets::Duplex>,
    /// Shift every back page by X,Y mm (x right, y down, as seen on the
    /// back): how far, on the calibration sheet held to the light, each
    /// circle lies from the centre of its cross. Adds to printer.toml's.
    #[arg(long, value_name = "X,Y", value_parser = crate::front::settings::choices::parse_back_offset, allow_hyphen_values = true)]
    pub back_offset: Option<(f64, f64)>,
    /// What the calibration sheet's 100 mm bar measured on your print, in
    /// mm: every sheet is scaled so that it measures 100 mm.
    #[arg(long, value_name = "MM", value_parser = crate::front::settings::choices::parse_ruler)]
    pub ruler: Option<f64>,
    /// Write only layout.json (no drawing).
    #[arg(long)]
    pub layout_only: bool,
}

fn parse_dpi(s: &str) -> Result<f64, String> {
    let v: f64 = s.parse().map_err(|_| format!("`{s}` is not a number"))?;
    if (10.0..=600.0).contains(&v) {
        Ok(v)
    } else {
        Err("choose a resolution between 10 and 600 dpi".into())
    }
}

fn parse_hex_size(s: &str) -> Result<f64, String> {
    let v: f64 = s.parse().map_err(|_| format!("`{s}` is not a number"))?;
    if (30.0..=150.0).contains(&v) {
        Ok(v)
    } else {
        Err("choose a hex size between 30 and 150 mm".into())
    }
}

fn parse_out_dir(s: &str) -> Result<PathBuf, String> {
    match s {
        "-" => Err("`-` would mean standard output, which cannot hold several files; give a folder, e.g. `--out maps/`".into()),
        "" => Err("give a folder, e.g. `--out maps/`".into()),
        _ => Ok(PathBuf::from(s)),
    }
}

/// A whole number from 1 to `limit`, with the limit's name in the error.
fn bounded(s: &str, limit: u64, name: &str) -> Result<u64, String> {
    let v: u64 = s.trim().parse().map_err(|_| format!("`{s}` is not a whole number"))?;
    match v {
        0 => Err("choose at least 1".into()),
        v if v > limit => Err(format!("{v} is more than the limit of {limit} (`{name}`)")),
        v => Ok(v),
    }
}

fn parse_candidates(s: &str) -> Result<u64, String> {
    bounded(s, crate::limits::MAX_CANDIDATES, "MAX_CANDIDATES")
}

fn parse_nodes(s: &str) -> Result<u64, String> {
    bounded(s, crate::limits::MAX_NODES, "MAX_NODES")
}

fn parse_time_ms(s: &str) -> Result<u64, String> {
    bounded(s, crate::limits::MAX_TIME_MS, "MAX_TIME_MS")
}
