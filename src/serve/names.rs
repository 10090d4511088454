//! Hexes named as players name them: "second row from the top, 3rd from
//! the left, by the 3:1 harbor". The rows are the map's rows of hexes that
//! matter at the table (every hex but the fixed water around the island);
//! a hex's place counts from the nearer end of its row. The page uses these
//! names for the board's hex buttons and in every message about a lock, so
//! a screen reader and a sighted player hear the same place.

use std::collections::{BTreeMap, HashMap};

use crate::axial::Hex;
use crate::front::model::{CellContent, MapDef};
use crate::front::solve::Layout;

/// The row and place of each hex that matters at the table.
#[derive(Clone, Debug, Default)]
pub(crate) struct Places {
    names: HashMap<Hex, String>,
}

impl Places {
    /// The places of `hexes` (the hexes that count), rows by `r` from the
    /// top, places by `q` within a row.
    pub fn of(hexes: impl IntoIterator<Item = Hex>) -> Places {
        let mut rows: BTreeMap<i32, Vec<i32>> = BTreeMap::new();
        for h in hexes {
            rows.entry(h.r).or_default().push(h.q);
        }
        let n = rows.len();
        let mut names = HashMap::new();
        for (i, (r, qs)) in rows.iter_mut().enumerate() {
            qs.sort_unstable();
            qs.dedup();
            let row = row_words(i, n);
            for (k, q) in qs.iter().enumerate() {
                let place = place_words(k, qs.len());
                names.insert(Hex::new(*q, *r), format!("{row}, {place}"));
            }
        }
        Places { names }
    }

    /// The places of a map's hexes: all but its fixed water.
    pub(crate) fn of_map(map: &MapDef) -> Places {
        Places::of(map.cells.iter().filter(|c| counts_map_cell(&c.content)).map(|c| c.hex))
    }

    /// The places of a board's hexes: all but its fixed water.
    pub(crate) fn of_layout(layout: &Layout) -> Places {
        Places::of(layout.hexes.iter().filter(|h| !h.fixed || h.terrain.is_land()).map(|h| h.hex))
    }

    /// "second row from the top, 3rd from the left"; a hex off the rows
    /// (fixed water) is "by the coast".
    pub fn name(&self, hex: Hex) -> String {
        self.names.get(&hex).cloned().unwrap_or_else(|| "on the water by the coast".to_string())
    }
}

fn counts_map_cell(c: &CellContent) -> bool {
    match c {
        CellContent::Fixed { terrain, .. } => terrain.is_land(),
        CellContent::Slot { .. } => true,
    }
}

/// "1st", "2nd", "3rd", "4th"...
pub(crate) fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Row `i` of `n`, counted from the nearer edge.
fn row_words(i: usize, n: usize) -> String {
    match (i, n) {
        (_, 1) => "the only row".into(),
        (0, _) => "top row".into(),
        (i, n) if i + 1 == n => "bottom row".into(),
        (i, n) if n % 2 == 1 && i == n / 2 => "middle row".into(),
        (i, n) if i < n / 2 => {
            format!("{} row from the top", word_ordinal(i + 1))
        }
        (i, n) => format!("{} row from the bottom", word_ordinal(n - i)),
    }
}

/// Place `k` of `m` in a row, counted from the nearer end.
fn place_words(k: usize, m: usize) -> String {
    match (k, m) {
        (_, 1) => "the only hex of its row".into(),
        (0, _) => "leftmost".into(),
        (k, m) if k + 1 == m => "rightmost".into(),
        (k, m) if m % 2 == 1 && k == m / 2 => "in the middle".into(),
        (k, m) if k < m / 2 => format!("{} from the left", ordinal(k + 1)),
        (k, m) => format!("{} from the right", ordinal(m - k)),
    }
}

/// "second", "third"... up to "tenth", then "11th".
fn word_ordinal(n: usize) -> String {
    const WORDS: [&str; 10] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    WORDS.get(n.wrapping_sub(1)).map_or_else(|| ordinal(n), |w| (*w).to_string())
}

/// "by the 3:1 harbor", "by the wool and 3:1 harbors", or "" when no harbor
/// the players may see faces `hex` (`hidden`: hexes whose contents they may
/// not see, whose harbors are not named).
pub(crate) fn harbor_words(layout: &Layout, hex: Hex, hidden: &dyn Fn(Hex) -> bool) -> String {
    let kinds: Vec<String> = layout
        .harbors
        .iter()
        .filter(|h| h.toward == Some(hex) && !hidden(h.hex))
        .map(|h| h.kind.name().to_string())
        .collect();
    match kinds.as_slice() {
        [] => String::new(),
        [one] => format!(", by the {one} harbor"),
        [a, b] => format!(", by the {a} and {b} harbors"),
        more => format!(", by {} harbors", more.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_and_places_count_from_the_nearer_edge() {
        // The base game's land: rows of 3, 4, 5, 4 and 3 hexes.
        let mut hexes = Vec::new();
        for (r, (lo, hi)) in [(-2, (0, 2)), (-1, (-1, 2)), (0, (-2, 2)), (1, (-2, 1)), (2, (-2, 0))]
        {
            for q in lo..=hi {
                hexes.push(Hex::new(q, r));
            }
        }
        let p = Places::of(hexes.iter().copied());
        assert_eq!(p.name(Hex::new(0, -2)), "top row, leftmost");
        assert_eq!(p.name(Hex::new(0, -1)), "second row from the top, 2nd from the left");
        assert_eq!(p.name(Hex::new(0, 0)), "middle row, in the middle");
        assert_eq!(p.name(Hex::new(1, 0)), "middle row, 2nd from the right");
        assert_eq!(p.name(Hex::new(-1, 1)), "second row from the bottom, 2nd from the left");
        assert_eq!(p.name(Hex::new(0, 2)), "bottom row, rightmost");
        // Every hex has a name of its own.
        let all: std::collections::HashSet<String> = hexes.iter().map(|h| p.name(*h)).collect();
        assert_eq!(all.len(), hexes.len());
    }

    #[test]
    fn ordinals() {
        let got: Vec<String> =
            [1, 2, 3, 4, 11, 12, 13, 21, 22].iter().map(|n| ordinal(*n)).collect();
        assert_eq!(got, ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]);
        assert_eq!(row_words(11, 30), "12th row from the top");
    }
}
