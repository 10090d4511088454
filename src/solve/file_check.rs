//! A scenario file checked whole, as `hexpress validate` and the web page's
//! Scenario tab report it: every problem the model finds, then, on a file
//! without them, the board check (can a board of each map keep every pool,
//! fixed hex and placement rule?), which only the solver can answer.

use std::time::{Duration, Instant};

use super::{SolveError, SolveOptions, Solver, Stop};
use crate::diag::{Diagnostics, Source};
use crate::model::{self, MapDef, Scenario};

/// How long the board check of one map may search before it says it could
/// not decide (a warning, not an error).
pub const BOARD_CHECK_LIMIT: Duration = Duration::from_secs(10);

/// The problems of a file that [`check_file`] refuses.
#[derive(Clone, Debug)]
pub struct FileProblems {
    /// Every problem, with notes on the checks that did not run.
    pub diags: Diagnostics,
    /// Whether the file reads well and its only problem is that some map
    /// has no board (the command line's exit code 3, not 1).
    pub no_board: bool,
}

/// Loads `source` and checks that every map has a board. `Ok` holds the
/// scenario and its warnings (a board check that could not decide in time is
/// one); `Err` every problem.
pub fn check_file(source: &Source) -> Result<(Scenario, Diagnostics), FileProblems> {
    let (scenario, mut diags) = match model::load_with_warnings(source) {
        Ok(s) => s,
        Err(mut diags) => {
            diags.skip(
                "the board check (whether any board keeps every pool, fixed hex and placement rule) did not run because of the problems above",
            );
            return Err(FileProblems { diags, no_board: false });
        }
    };
    for map in &scenario.maps {
        diags.extend(board_check(&scenario, map));
    }
    diags.sort();
    match diags.has_errors() {
        true => Err(FileProblems { diags, no_board: true }),
        false => Ok((scenario, diags)),
    }
}

/// The board check of one map: nothing when a board exists, an error when
/// none does (or when the map is beyond what hexpress can draw), a warning
/// when the search could not decide within [`BOARD_CHECK_LIMIT`].
fn board_check(scenario: &Scenario, map: &MapDef) -> Diagnostics {
    let opts = SolveOptions {
        deadline: Some(Instant::now() + BOARD_CHECK_LIMIT),
        ..SolveOptions::default()
    };
    let which = map_words(map);
    let e = match Solver::new(map, &scenario.constraints).solve(0, &opts) {
        Ok(_) => return Diagnostics::new(),
        Err(e) => e,
    };
    let undecided =
        matches!(e, SolveError::Unsatisfiable { stop: Stop::Budget | Stop::Deadline, .. });
    let mut out = Diagnostics::new();
    for d in super::error_diagnostics(scenario, &e).items() {
        let mut d = d.clone();
        d.message = match undecided {
            true => format!("{which}: the board check could not decide in time: {}", d.message),
            false => format!("{which}: {}", d.message),
        };
        if undecided {
            d.severity = crate::diag::Severity::Warning;
        }
        out.push(d);
    }
    out
}

/// "the map for 3, 4 players", as the problems of a map name it.
fn map_words(map: &MapDef) -> String {
    let list: Vec<String> = map.players.iter().map(u8::to_string).collect();
    format!("the map for {} players", list.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    const IMPOSSIBLE: &str = r#"
[scenario]
id = "impossible"
title = "Impossible"
players = [3, 4]

[legend]
"~" = "sea"
"*" = { region = "island" }

[[map]]
players = [3, 4]
hexes = """
    ~   ~   ~   ~
  ~   *   *   *   ~
~   *   *   *   *   ~
  ~   *   *   *   ~
    ~   ~   ~   ~
"""

[map.regions.island]
tiles = { forest = 4, pasture = 3, fields = 3 }
numbers = [6, 6, 8, 8, 6, 8, 5, 5, 9, 9]
"#;

    #[test]
    fn a_rule_no_board_keeps_is_a_problem_of_the_file() {
        let src = Source::new("imp.toml", IMPOSSIBLE);
        assert!(model::load(&src).is_ok(), "the model alone accepts it");
        let p = check_file(&src).expect_err("no board keeps no_adjacent_red");
        assert!(p.no_board);
        let text = crate::diag::render(&src, &p.diags);
        assert!(text.contains("the map for 3, 4 players"), "{text}");
        assert!(text.contains("no_adjacent_red"), "{text}");
    }

    #[test]
    fn every_builtin_passes_the_board_check() {
        for id in crate::builtin::ids() {
            let src = crate::builtin::source(id).expect("built-in");
            if let Err(p) = check_file(&src) {
                panic!("{id}: {}", crate::diag::render(&src, &p.diags));
            }
        }
    }

    #[test]
    fn a_file_with_problems_says_the_board_check_did_not_run() {
        let src = Source::new("bad.toml", IMPOSSIBLE.replace("forest = 4", "forest = 5"));
        let p = check_file(&src).expect_err("a tile too many");
        assert!(!p.no_board);
        let d = p.diags;
        assert!(d.skipped().iter().any(|s| s.contains("board check")), "{:?}", d.skipped());
    }
}
