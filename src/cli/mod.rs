//! The command-line front end: argument dispatch, error reporting, exit codes.

pub mod args;
mod balance;
pub mod contract;
mod lock;
pub(crate) mod render;
mod rules;
mod sample;
#[cfg(feature = "serve")]
pub mod serve;
pub mod terminal;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;

use crate::diag::{self, Diagnostics, Source};
use crate::front::builtin;
use crate::front::export::{files, text};
use crate::front::model::{self, Scenario};
use crate::front::recipe::Recipe;
use crate::front::solve::{self, SolveError, SolveOptions};
use crate::vocab;
pub use args::{BalanceArgs, Cli, Command, GenerateArgs, RulesArgs, SampleArgs};
use contract::Exit;

/// How a command ended when it failed ([`contract`] gives each its exit code).
#[derive(Debug)]
pub enum Failure {
    /// An input file is wrong; already reported. Exit 1.
    Invalid,
    /// A flag or its value is wrong; already reported. Exit 2.
    Usage,
    /// No board keeps the rules, locks or bar asked for; already reported. Exit 3.
    NoBoard,
    /// An error not reported yet; its kind gives the exit code
    /// ([`contract::exit_for`]): usage, input, I/O or internal.
    Io(anyhow::Error),
    /// I/O errors already reported (one line each). Exit 4.
    IoReported,
    /// A bug in hexpress; already reported. Exit 5.
    Internal,
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Self {
        Failure::Io(e)
    }
}

/// Runs a parsed command line and maps the outcome to an exit code.
pub fn run(cli: Cli) -> ExitCode {
    terminal::init(&cli.global);
    let result = match cli.command {
        Command::Generate(a) => generate(&a),
        Command::Balance(a) => balance::run(&a),
        Command::Rules(a) => rules::run(&a),
        Command::Sample(a) => sample::run(&a),
        Command::Validate { files } => validate(&files),
        Command::List => list(),
        #[cfg(feature = "serve")]
        Command::Serve(a) => serve::run(&a, terminal::quiet()),
        Command::Schema { layout } => {
            match layout {
                true => print!("{}", crate::front::schema::layout_schema()),
                false => print!("{}", crate::front::schema::scenario_schema()),
            }
            Ok(())
        }
        Command::Completions { shell } => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut cmd, "hexpress", &mut std::io::stdout().lock());
            Ok(())
        }
        Command::Man => {
            let man = clap_mangen::Man::new(<Cli as clap::CommandFactory>::command());
            let mut page = Vec::new();
            match man.render(&mut page) {
                Ok(()) => {
                    print!("{}", String::from_utf8_lossy(&page));
                    Ok(())
                }
                Err(e) => Err(Failure::Io(anyhow::Error::new(e).context("writing the man page"))),
            }
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Invalid) => Exit::Input.into(),
        Err(Failure::Usage) => Exit::Usage.into(),
        Err(Failure::NoBoard) => Exit::NoBoard.into(),
        Err(Failure::IoReported) => Exit::Io.into(),
        Err(Failure::Internal) => Exit::Internal.into(),
        Err(Failure::Io(e)) => contract::report(&e).into(),
    }
}

/// Prints diagnostics on standard error, in colour when it is on.
fn report(source: &Source, d: &Diagnostics) {
    eprint!("{}", diag::render_styled(source, d, terminal::options().color));
}

/// Finds a scenario by built-in id or path and reads it; `-` reads it from
/// standard input. Files are read up to `MAX_INPUT_BYTES`.
pub fn resolve(name: &str) -> Result<Source, Failure> {
    if name == "-" {
        let text = crate::limits::read_capped(std::io::stdin().lock())
            .context("cannot read the scenario from standard input")?;
        return Ok(Source::new("<stdin>", text));
    }
    if let Some(s) = builtin::source(name) {
        return Ok(s);
    }
    let path = Path::new(name);
    if path.exists() {
        let text =
            crate::limits::read_input(path).with_context(|| format!("cannot read `{name}`"))?;
        return Ok(Source::new(name, text));
    }
    let hint = match vocab::did_you_mean(name, builtin::ids()) {
        Some(s) => format!("did you mean the built-in `{s}`?"),
        None => format!(
            "built-in scenarios: {}; or give a path to a .toml file",
            builtin::ids().collect::<Vec<_>>().join(", ")
        ),
    };
    let message =
        format!("no scenario `{name}`: not a built-in id and no such file\n  hint: {hint}");
    // A name that looks like a path is a file that cannot be found (exit 4);
    // any other is an unknown built-in id, a bad argument (exit 2).
    let looks_like_path = name.contains(['/', '\\']) || name.ends_with(".toml");
    Err(Failure::Io(match looks_like_path {
        true => anyhow::anyhow!(message),
        false => contract::usage(message),
    }))
}

fn load(source: &Source) -> Result<Scenario, Failure> {
    model::load(source).map_err(|d| {
        report(source, &d);
        Failure::Invalid
    })
}

/// Loads a scenario under the `--rules` preset, if one was asked for.
pub(crate) fn load_with_rules(
    source: &Source,
    rules: Option<model::RulePreset>,
) -> Result<Scenario, Failure> {
    let scenario = load(source)?;
    match rules {
        None => Ok(scenario),
        Some(r) => scenario.with_preset(r).map_err(|d| {
            report(source, &d);
            Failure::Invalid
        }),
    }
}

fn generate(a: &GenerateArgs) -> Result<(), Failure> {
    let started = Instant::now();
    // Drawing options and templates are read and checked before any work.
    let settings = match a.render.layout_only {
        true => None,
        false => Some(render::settings(&a.render)?),
    };
    let saved = lock::read_from(a.from.as_deref())?;
    let default = saved.as_ref().map_or(builtin::DEFAULT, |s| s.scenario.as_str());
    let scenario_arg = a.scenario.as_deref().unwrap_or(default);
    let source = match (resolve(scenario_arg), &a.scenario, &a.from) {
        (Err(Failure::Io(_)), None, Some(from)) => {
            // The saved layout names a scenario that is no built-in: it was
            // made from a file, which the command must name.
            return Err(Failure::Io(contract::usage(format!(
                "`{}` was made from the scenario `{default}`, which is not a built-in\n  hint: name its file before the options: `hexpress generate {default}.toml --from {} ...`",
                from.display(),
                from.display()
            ))));
        }
        (r, _, _) => r?,
    };
    let scenario = load_with_rules(&source, a.rules)?;
    let players =
        a.players.or(saved.as_ref().map(|s| s.players)).unwrap_or(scenario.meta.default_players);
    let lock_set = lock::locks_for_generate(a.lock.as_deref(), saved.as_ref(), a.from.as_deref())?;
    if a.balanced.is_some() && !lock_set.locks.is_empty() {
        terminal::error("`--balanced` searches whole boards and does not keep locked hexes");
        eprintln!("  hint: drop `--balanced` to redraw around the locks, or drop `--lock`");
        return Err(Failure::Usage);
    }
    lock::check_for_generate(&lock_set, &source, &scenario, players)?;
    let locks = &lock_set.locks;
    let seed = a.seed.unwrap_or_else(crate::rng::fresh_seed);
    if !a.render.layout_only {
        check_drawable(&scenario, players)?;
    }
    terminal::detail(&format!("checked `{}` in {} ms", source.name, ms(started)));
    let balanced = match a.balanced {
        Some(mode) => Some(balance::for_generate(a, mode, &source, &scenario, players, seed)?),
        None => None,
    };
    let layout = match &balanced {
        Some(b) => b.layout().clone(),
        None => solve_for_generate(a, &source, &scenario, players, seed, &lock_set)?,
    };
    terminal::detail(&format!("laid out the map in {} ms", ms(started)));
    // The last guard: nothing is drawn or written for a board it refuses.
    let checked = guard(&scenario, players, locks, &layout)?;
    let out_dir = out_dir(a.out.as_deref(), &scenario, players, seed)?;
    let mut how =
        recipe_for_generate(a, scenario_arg, players, seed, balanced.as_ref(), locks, &layout);
    how.drawing = render::choices(&a.render)?.flags();
    // Everything is drawn in memory first: a bad option, template, font or
    // text fails here, before the first byte is written.
    let command = how.command();
    let balance = balanced.as_ref().map(balance::Balanced::balance);
    let outputs =
        crate::front::outputs::board_files(&layout, &scenario, settings.as_ref(), how, balance)
            .context("drawing the outputs")?;
    if let Some(settings) = &settings {
        render::note_preview_dpi(settings, &outputs);
    }
    terminal::detail(&format!("drew {} files in {} ms", outputs.len(), ms(started)));
    // Staged first, committed last: if printing the summary fails (standard
    // output on a full device), the folder is left as it was.
    let staged = files::stage(&out_dir, &outputs, true).context("writing the output")?;
    if let Some(note) = layout.sampler.note() {
        terminal::note(&note);
    }
    let mut out = String::new();
    if !terminal::quiet() {
        // The players' view unless the setup view was asked for.
        let reveal = a.render.view == crate::front::settings::View::Setup;
        out.push_str(&board_picture(&scenario, players, seed, &layout, reveal));
        if balanced.is_none() {
            out.push_str(&format!("sampler: {}\n", layout.sampler));
        }
        out.push_str(&format!("checked: {checked}\n"));
        if let Some(b) = &balanced {
            out.push_str(&balance::summary(b, &scenario, players));
        }
        out.push_str(&format!("seed: {seed}\n"));
        out.push_str(&format!("again: {command}\n"));
        out.push_str(&written_lines(staged.targets(), &outputs));
        for p in staged.stale() {
            out.push_str(&format!("removed {} (an earlier run wrote it here)\n", p.display()));
        }
    }
    terminal::print_before_commit(&out)?;
    staged.commit().context("writing the output")?;
    terminal::detail(&format!("wrote them in {} ms", ms(started)));
    Ok(())
}

/// Where a run's files go: `--out`, or `output/<scenario>-<players>p-<seed>`.
pub(crate) fn out_dir(
    out: Option<&Path>,
    scenario: &Scenario,
    players: u8,
    seed: u64,
) -> Result<PathBuf, Failure> {
    Ok(match out {
        Some(d) => d.to_path_buf(),
        None => files::run_dir(Path::new("output"), &scenario.meta.id, players, seed)
            .context("bad output folder")?,
    })
}

/// The board of `generate` without `--balanced`: drawn around the locks
/// within the time and node budgets. A failure is reported, naming the
/// locks when they are why.
fn solve_for_generate(
    a: &GenerateArgs,
    source: &Source,
    scenario: &Scenario,
    players: u8,
    seed: u64,
    lock_set: &lock::LockSet,
) -> Result<solve::Layout, Failure> {
    let opts = SolveOptions {
        max_nodes: a.max_nodes,
        deadline: Some(Instant::now() + Duration::from_millis(a.time_limit_ms)),
        exact: a.exact,
        ..SolveOptions::default()
    };
    let locks = &lock_set.locks;
    match solve::solve_locked(scenario, players, seed, &opts, locks) {
        Ok(l) => Ok(l),
        Err(solve::SolveError::Lock(e)) => {
            eprint!("{}", lock::message(lock_set, source, scenario, players, &e));
            Err(lock::failure(&e))
        }
        Err(e @ (solve::SolveError::Unsatisfiable { .. } | solve::SolveError::Conflict { .. }))
            if !locks.is_empty() =>
        {
            eprint!("{}", lock::unsat_message(lock_set, scenario, &e));
            Err(Failure::NoBoard)
        }
        Err(e) => Err(solve_failed(source, scenario, &e)),
    }
}

/// Every option that shapes the board, for the command every output prints.
/// A balanced map comes back from its search seed and candidate count, or
/// its bar draw (custom weights are part of the recipe too); a locked one
/// from its locks.
fn recipe_for_generate(
    a: &GenerateArgs,
    scenario_arg: &str,
    players: u8,
    seed: u64,
    balanced: Option<&balance::Balanced>,
    locks: &[solve::Lock],
    layout: &solve::Layout,
) -> Recipe {
    let mut how = Recipe::new(scenario_arg, players, seed).with_max_nodes(a.max_nodes);
    how.rules = a.rules;
    how.balanced = balanced.map(|b| b.recipe(a.weights.as_ref().map(|w| w.display().to_string())));
    how.locks = locks.to_vec();
    // A lock on a face-down hex is named by place: the players' pages print
    // the command, and must not print what the fog hides.
    how.hide_face_down_locks(layout)
}

/// The head of `generate`'s summary: title, players and seed, then the
/// board drawn in text (when it is small enough) and a blank line.
fn board_picture(
    scenario: &Scenario,
    players: u8,
    seed: u64,
    layout: &solve::Layout,
    reveal: bool,
) -> String {
    let mut out = format!("{} — {} players — seed {}\n\n", scenario.meta.title, players, seed);
    if layout.hexes.len() <= PICTURE_MAX_HEXES {
        out.push_str(&text::picture(layout, reveal));
    } else {
        out.push_str(&format!(
            "({} hexes: too many to draw here; see layout.json)\n",
            layout.hexes.len()
        ));
    }
    out.push('\n');
    out
}

/// The last check of a board before it is drawn or written
/// ([`solve::Guard`]); a refusal is an internal error (exit code 2).
pub(crate) fn guard(
    scenario: &Scenario,
    players: u8,
    locks: &[solve::Lock],
    layout: &solve::Layout,
) -> Result<solve::Checked, Failure> {
    let map = solve::map_for(scenario, players)
        .map_err(|e| Failure::Io(contract::internal(format!("internal error: {e}"))))?;
    solve::check_board(map, &scenario.constraints, locks, layout)
        .map_err(|e| Failure::Io(contract::internal(format!("{e}\n  hint: {}", e.hint()))))
}

/// An error if the map for `players` is larger than any map that is drawn
/// (`MAX_DRAWN_HEXES`, `MAX_DRAWN_SPAN`).
fn check_drawable(scenario: &Scenario, players: u8) -> Result<(), Failure> {
    use crate::limits::{MAX_DRAWN_HEXES, MAX_DRAWN_SPAN};
    let Some(m) = scenario.map_for(players) else { return Ok(()) };
    let hint = "hint: --layout-only writes layout.json alone";
    let n = m.board.hexes.len();
    if n > MAX_DRAWN_HEXES {
        return Err(Failure::Io(contract::input(format!(
            "the map has {n} hexes, more than the limit of {MAX_DRAWN_HEXES} for drawing (`MAX_DRAWN_HEXES`)\n  {hint}"
        ))));
    }
    let (across, down) = crate::axial::extent(m.board.hexes.iter().copied());
    if across.max(down) > MAX_DRAWN_SPAN {
        return Err(Failure::Io(contract::input(format!(
            "the map spans {across} hexes across and {down} down, more than the limit of {MAX_DRAWN_SPAN} for drawing (`MAX_DRAWN_SPAN`)\n  hint: bring far-away islands closer, or use --layout-only to write layout.json alone"
        ))));
    }
    Ok(())
}

/// The message of an error and its causes, each cause once: a cause whose
/// text its parent already shows is not repeated ("X: X").
pub(crate) fn error_chain(e: &anyhow::Error) -> String {
    let mut out = String::new();
    for cause in e.chain() {
        let s = cause.to_string();
        if out.contains(&s) {
            continue;
        }
        if !out.is_empty() {
            out.push_str(": ");
        }
        out.push_str(&s);
    }
    out
}

/// Boards larger than this are not drawn as text on the terminal.
const PICTURE_MAX_HEXES: usize = 400;

/// Milliseconds since `t`.
fn ms(t: Instant) -> u128 {
    t.elapsed().as_millis()
}

/// `wrote PATH` for each file, with its size under `-v`.
fn written_lines(paths: &[PathBuf], files: &[(String, Vec<u8>)]) -> String {
    let mut out = String::new();
    for (p, (_, bytes)) in paths.iter().zip(files) {
        match terminal::verbose() {
            true => out.push_str(&format!("wrote {} ({} bytes)\n", p.display(), bytes.len())),
            false => out.push_str(&format!("wrote {}\n", p.display())),
        }
    }
    out
}

pub(crate) fn report_solve_error(source: &Source, scenario: &Scenario, e: &SolveError) {
    report(source, &solve::error_diagnostics(scenario, e));
}

/// Reports a solver failure and says how the command ends: a player count
/// the scenario has no map for or a lock that does not fit is the command
/// line's fault (2), a board the last guard refused a bug (5), a map beyond
/// the samplers' limits the file's (1), anything else means no board (3).
pub(crate) fn solve_failed(source: &Source, scenario: &Scenario, e: &SolveError) -> Failure {
    report_solve_error(source, scenario, e);
    match e {
        SolveError::NoMap { .. } => Failure::Usage,
        SolveError::Lock(l) => lock::failure(l),
        SolveError::Broken(_) => Failure::Internal,
        SolveError::Unsampleable { .. } => Failure::Invalid,
        _ => Failure::NoBoard,
    }
}

/// `hexpress validate`: every file checked whole (the board check too); the
/// exit code is the most basic failure among them: I/O, then a wrong file,
/// then a file whose maps have no board.
fn validate(names: &[String]) -> Result<(), Failure> {
    let (mut bad, mut no_board, mut io) = (false, false, false);
    for name in names {
        let source = match resolve(name) {
            Ok(s) => s,
            Err(Failure::Io(e)) => {
                terminal::error(&error_chain(&e));
                match contract::is_input(&e) {
                    true => bad = true,
                    false => io = true,
                }
                continue;
            }
            Err(_) => {
                bad = true;
                continue;
            }
        };
        match solve::check_file(&source) {
            Ok((s, warnings)) => {
                if !warnings.is_empty() {
                    eprint!("{}", diag::render(&source, &warnings));
                }
                for l in balance::unreachable_bars(
                    &s,
                    &crate::front::balance::Config::default(),
                    &s.meta.players,
                ) {
                    eprintln!("{}", if l.starts_with(' ') { l } else { format!("warning: {l}") });
                }
                let players: Vec<String> = s.meta.players.iter().map(u8::to_string).collect();
                let warned = match warnings.items().len() {
                    0 => String::new(),
                    1 => ", 1 warning".to_string(),
                    n => format!(", {n} warnings"),
                };
                if !terminal::quiet() {
                    println!(
                        "ok: {} (`{}`, {} players){warned}",
                        source.name,
                        s.meta.id,
                        players.join("/")
                    );
                }
            }
            Err(p) => {
                report(&source, &p.diags);
                match p.no_board {
                    true => no_board = true,
                    false => bad = true,
                }
            }
        }
    }
    match (io, bad, no_board) {
        (true, _, _) => Err(Failure::IoReported),
        (_, true, _) => Err(Failure::Invalid),
        (_, _, true) => Err(Failure::NoBoard),
        _ => Ok(()),
    }
}

fn list() -> Result<(), Failure> {
    // The id column as wide as the longest id.
    let w = builtin::ids().map(str::len).max().unwrap_or(0).max(2);
    println!("{:<w$} {:<10} title", "id", "players");
    for id in builtin::ids() {
        let source = builtin::source(id).context("built-in scenario missing")?;
        let s = model::load(&source).map_err(|d| {
            contract::internal(format!(
                "built-in `{id}` is invalid:\n{}",
                diag::render(&source, &d)
            ))
        })?;
        let players: Vec<String> = s.meta.players.iter().map(u8::to_string).collect();
        let default = if id == builtin::DEFAULT { "  (default)" } else { "" };
        println!("{:<w$} {:<10} {}{default}", id, players.join(", "), s.meta.title);
    }
    Ok(())
}
