//! The recipe of a board: every input that shapes it, and the one command
//! line that makes the same board again.
//!
//! Every place that prints a command (the map's title block, the rules
//! handout, the print plan, the terminal, `layout.json`, the balance report,
//! the web page and its share link) takes it from a [`Recipe`], so they
//! cannot disagree. A new option that changes the board is one field of
//! [`Recipe`] (or of [`Balanced`]) and one line of [`Recipe::options`]; the
//! round-trip test (`tests/recipe.rs`) runs every printed command and
//! compares `layout.json` byte for byte.
//!
//! ```
//! use hexpress::recipe::{Balanced, Recipe};
//! let mut r = Recipe::new("base", 4, 3);
//! r.rules = Some(hexpress::model::RulePreset::Strict);
//! assert_eq!(r.command(), "hexpress generate base --players 4 --seed 3 --rules strict");
//! r.balanced = Some(Balanced { weights: Some("my weights.toml".into()), ..Balanced::best(500) });
//! assert!(r
//!     .command()
//!     .ends_with("--balanced best --candidates 500 --weights \"my weights.toml\""));
//! r.balanced = Some(Balanced::bar());
//! assert!(r.command().ends_with("--rules strict --balanced"));
//! ```

use crate::model::RulePreset;
use crate::solve::{Layout, Lock, SolveOptions};

/// A balanced board, as far as its drawing shapes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Balanced {
    /// `None`: a uniform draw among the boards that clear the fairness bar
    /// (`--balanced`). `Some(n)`: the search for the fairest board
    /// (`--balanced best`) over `n` boards (a time budget is repeated by the
    /// number it allowed).
    pub candidates: Option<u64>,
    /// What `--balanced best` minimised, when not the default score
    /// (`--objective seats`).
    pub objective: Option<String>,
    /// The `--weights` file, as typed.
    pub weights: Option<String>,
}

impl Balanced {
    /// `--balanced best --candidates n`.
    pub fn best(candidates: u64) -> Balanced {
        Balanced { candidates: Some(candidates), objective: None, weights: None }
    }

    /// `--balanced`: a draw among the boards that clear the bar.
    pub fn bar() -> Balanced {
        Balanced { candidates: None, objective: None, weights: None }
    }
}

/// Everything that shapes one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recipe {
    /// The scenario as `generate` takes it: a built-in id, or the path of a
    /// scenario file as it was typed.
    pub scenario: String,
    /// Player count.
    pub players: u8,
    /// Seed.
    pub seed: u64,
    /// The `--rules` preset asked for, if any.
    pub rules: Option<RulePreset>,
    /// The balanced search, if the board came from one.
    pub balanced: Option<Balanced>,
    /// Hexes kept from an earlier board.
    pub locks: Vec<Lock>,
    /// Name the locks by place only and read their contents from the
    /// board's own `layout.json` (`--from layout.json`): for a lock on a
    /// face-down hex, whose contents the players' pages must not print.
    pub locks_from_layout: bool,
    /// `--max-nodes`, when not the default (it decides which candidates of
    /// a balanced search are given up on).
    pub max_nodes: Option<u64>,
    /// The drawing flags that change what is printed (paper, view, hex
    /// size, palette...), from [`crate::settings::Choices::flags`]: they
    /// never change the board, but the command a pack prints makes the same
    /// pages again.
    pub drawing: Vec<(&'static str, Option<String>)>,
}

impl Recipe {
    /// The plain recipe: scenario, players and seed, nothing else.
    pub fn new(scenario: impl Into<String>, players: u8, seed: u64) -> Recipe {
        Recipe {
            scenario: scenario.into(),
            players,
            seed,
            rules: None,
            balanced: None,
            locks: Vec::new(),
            locks_from_layout: false,
            max_nodes: None,
            drawing: Vec::new(),
        }
    }

    /// The plain recipe of a layout (its scenario id, players and seed), for
    /// drawings made without one.
    pub fn plain(layout: &Layout) -> Recipe {
        Recipe::new(layout.scenario.clone(), layout.players, layout.seed)
    }

    /// Names the locks by place, read from the board's own `layout.json`,
    /// when one of them keeps a face-down hex of `layout`.
    pub(crate) fn hide_face_down_locks(mut self, layout: &Layout) -> Recipe {
        self.locks_from_layout =
            self.locks.iter().any(|l| layout.hexes.iter().any(|h| h.hex == l.hex && h.face_down));
        self
    }

    /// Sets `--max-nodes`, kept only when it differs from the default.
    pub(crate) fn with_max_nodes(mut self, n: u64) -> Recipe {
        self.max_nodes = (n != SolveOptions::default().max_nodes).then_some(n);
        self
    }

    /// The options after `hexpress generate SCENARIO`, in order, each a flag
    /// and its value (`None` for a switch). The one list of what shapes a
    /// board: the command line and the web page's share link are made from it.
    pub fn options(&self) -> Vec<(&'static str, Option<String>)> {
        let mut o: Vec<(&'static str, Option<String>)> = vec![
            ("--players", Some(self.players.to_string())),
            ("--seed", Some(self.seed.to_string())),
        ];
        if let Some(p) = self.rules {
            o.push(("--rules", Some(p.name().to_string())));
        }
        if let Some(b) = &self.balanced {
            match b.candidates {
                Some(n) => {
                    o.push(("--balanced", Some("best".to_string())));
                    o.push(("--candidates", Some(n.to_string())));
                    if let Some(aim) = &b.objective {
                        o.push(("--objective", Some(aim.clone())));
                    }
                }
                None => o.push(("--balanced", None)),
            }
            if let Some(w) = &b.weights {
                o.push(("--weights", Some(w.clone())));
            }
        }
        if !self.locks.is_empty() && self.locks_from_layout {
            o.push(("--from", Some(LAYOUT_FILE.to_string())));
            o.push(("--lock", Some(lock_places(&self.locks))));
        } else if !self.locks.is_empty() {
            o.push(("--lock", Some(lock_list(&self.locks))));
        }
        if let Some(n) = self.max_nodes {
            o.push(("--max-nodes", Some(n.to_string())));
        }
        o.extend(self.drawing.iter().cloned());
        o
    }

    /// The whole command that makes this board again, quoted for a shell.
    pub fn command(&self) -> String {
        let (head, tail) = self.around_seed();
        format!("{head}{}{tail}", self.seed)
    }

    /// The command's text before and after the seed's digits, so that many
    /// boards that differ only by their seed (`hexpress sample`) format it
    /// once: `command() == head + seed + tail`.
    pub(crate) fn around_seed(&self) -> (String, String) {
        let mut head = format!("hexpress generate {}", quote(&self.scenario));
        let mut tail = String::new();
        for (flag, value) in self.options() {
            if flag == "--seed" {
                head.push_str(" --seed ");
                continue;
            }
            let s = if head.ends_with(" --seed ") { &mut tail } else { &mut head };
            s.push(' ');
            s.push_str(flag);
            if let Some(v) = value {
                s.push(' ');
                // A lock list reads as one word in double quotes, however
                // short (it may begin with a minus sign).
                match flag {
                    "--lock" if quote(&format!("{v} ")).starts_with('"') => {
                        s.push_str(&format!("\"{v}\""))
                    }
                    _ => s.push_str(&quote(&v)),
                }
            }
        }
        (head, tail)
    }
}

/// Locks as `--lock` takes them, contents spelled out, in hex order:
/// `0,-2=forest:8 1,1=desert`.
pub(crate) fn lock_list(locks: &[Lock]) -> String {
    let mut sorted: Vec<&Lock> = locks.iter().collect();
    sorted.sort_by_key(|l| l.hex);
    let items: Vec<String> = sorted
        .iter()
        .map(|l| match l.number {
            Some(n) => format!("{},{}={}:{n}", l.hex.q, l.hex.r, l.terrain.name()),
            None => format!("{},{}={}", l.hex.q, l.hex.r, l.terrain.name()),
        })
        .collect();
    items.join(" ")
}

/// The file a board's command reads its locks from when they are named by
/// place ([`Recipe::locks_from_layout`]): the board's own `layout.json`,
/// beside the files that print the command.
pub(crate) const LAYOUT_FILE: &str = "layout.json";

/// Locks by place only, in hex order: `0,-2 1,1`.
pub(crate) fn lock_places(locks: &[Lock]) -> String {
    let mut hexes: Vec<_> = locks.iter().map(|l| l.hex).collect();
    hexes.sort();
    hexes.iter().map(|h| format!("{},{}", h.q, h.r)).collect::<Vec<_>>().join(" ")
}

/// Whether `c` needs no quoting in a shell word.
fn plain_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-_./:=,+@%".contains(c)
}

/// `s` as one shell word: as it is when it is plain, in double quotes when
/// only spaces make it need them (read the same by POSIX shells, PowerShell
/// and cmd), else in single quotes.
pub fn quote(s: &str) -> String {
    if !s.is_empty() && s.chars().all(plain_char) {
        return s.to_string();
    }
    if !s.is_empty() && s.chars().all(|c| plain_char(c) || c == ' ') {
        return format!("\"{s}\"");
    }
    format!("'{}'", s.replace('\'', "'\\''"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::axial::Hex;
    use crate::vocab::Terrain;

    #[test]
    fn every_option_is_printed_in_a_fixed_order() {
        let mut r = Recipe::new("my maps/isle.toml", 3, 18_446_744_073_709_551_615);
        r.rules = Some(RulePreset::Official);
        r.balanced = Some(Balanced { objective: Some("seats".into()), ..Balanced::best(7) });
        r.locks = vec![
            Lock { hex: Hex::new(1, 1), terrain: Terrain::Desert, number: None },
            Lock { hex: Hex::new(0, -2), terrain: Terrain::Forest, number: Some(8) },
        ];
        r = r.with_max_nodes(1000);
        assert_eq!(
            r.command(),
            "hexpress generate \"my maps/isle.toml\" --players 3 --seed 18446744073709551615 \
             --rules official --balanced best --candidates 7 --objective seats \
             --lock \"0,-2=forest:8 1,1=desert\" \
             --max-nodes 1000"
        );
        assert_eq!(
            Recipe::new("base", 4, 1).with_max_nodes(crate::limits::DEFAULT_MAX_NODES).max_nodes,
            None
        );
        let (head, tail) = r.around_seed();
        assert_eq!(format!("{head}{}{tail}", r.seed), r.command());
        assert!(head.ends_with(" --seed ") && tail.starts_with(" --rules "), "{head}|{tail}");
        r.locks_from_layout = true;
        assert!(
            r.command().contains(" --from layout.json --lock \"0,-2 1,1\" "),
            "{}",
            r.command()
        );
    }

    #[test]
    fn quoting_keeps_every_word_whole() {
        assert_eq!(quote("base"), "base");
        assert_eq!(quote("./my.toml"), "./my.toml");
        assert_eq!(quote("a b"), "\"a b\"");
        assert_eq!(quote("it's"), "'it'\\''s'");
        assert_eq!(quote(""), "''");
        assert_eq!(quote("$HOME"), "'$HOME'");
    }
}
