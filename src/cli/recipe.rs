//! What a drawn map says about how it was made: the balance notes of its
//! title block and the command that makes it again. `generate` and the web
//! page both use these, so their files come out byte for byte the same.

use crate::balance::{self, BarDraw, Outcome, Pilot};
use crate::solve::Lock;

/// How a board was drawn, as far as the command that repeats it needs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Recipe<'a> {
    /// The `--rules` preset asked for, if any.
    pub rules: Option<&'a str>,
    /// Candidates of a balanced search, if it was one.
    pub candidates: Option<u64>,
    /// The `--weights` file of a balanced search, as typed.
    pub weights: Option<&'a str>,
    /// Hexes kept from an earlier board.
    pub locks: &'a [Lock],
    /// A uniform draw among the boards that clear the fairness bar
    /// (`--balanced`), with `weights` giving the bar when set.
    pub bar: bool,
    /// What a balanced search minimised, when not the default score
    /// (`--objective seats`).
    pub objective: Option<&'a str>,
}

/// The title-block lines of a balanced map: its rank and its measures.
pub fn balanced_notes(o: &Outcome) -> Vec<String> {
    let mut n = vec![format!(
        "Balanced: score {:.2} after {} boards (lower is fairer)",
        o.score, o.evaluated
    )];
    n.extend(balance::summary_lines(&o.measures));
    n
}

/// The title-block lines of a map drawn from the fairness bar.
pub fn bar_notes(d: &BarDraw, p: &Pilot) -> Vec<String> {
    let mut n = vec![
        "Drawn from the fairness bar".to_string(),
        format!("{:.1} % of random boards clear it", 100.0 * p.pass_rate()),
    ];
    n.extend(balance::summary_lines(&d.measures));
    n
}

/// The whole command that draws this board again.
pub fn command(id: &str, players: u8, seed: u64, r: &Recipe<'_>) -> String {
    let mut s = format!("hexpress generate {id} --players {players} --seed {seed}");
    if let Some(p) = r.rules {
        s.push_str(&format!(" --rules {p}"));
    }
    if let Some(n) = r.candidates {
        s.push_str(&format!(" --balanced best --candidates {n}"));
        if let Some(o) = r.objective {
            s.push_str(&format!(" --objective {o}"));
        }
        if let Some(w) = r.weights {
            s.push_str(&format!(" --weights {w}"));
        }
    } else if r.bar {
        s.push_str(" --balanced");
        if let Some(w) = r.weights {
            s.push_str(&format!(" --weights {w}"));
        }
    }
    if !r.locks.is_empty() {
        s.push_str(&format!(" --lock \"{}\"", super::lock::format_list(r.locks)));
    }
    s
}

/// The command for the map's footer, when the default one (`generate <id>
/// --players N --seed S`) would not make the same board: a balanced search
/// or locked hexes.
pub fn regenerate(id: &str, players: u8, seed: u64, r: &Recipe<'_>) -> Option<String> {
    (r.candidates.is_some() || r.bar || !r.locks.is_empty()).then(|| command(id, players, seed, r))
}
