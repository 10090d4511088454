//! Placement codes: how a table of players lays a face-down area without
//! anyone seeing a hidden face. Every hex of a face-down region has a code
//! (its region's letter and a number in reading order: `M1`, `M2`...), which
//! the map prints on the hex and the cut-out tile prints on its back; every
//! chip of a face-down stack prints its place in the stack on its back. The
//! codes depend on the map only (which hexes the region holds), never on
//! what the generator dealt, so nothing they show tells a hidden face.
//!
//! The one home of the codes: the map ([`crate::compose::map`]), the pieces
//! ([`crate::compose::pieces`]), the print plan and the handout read them
//! here.

use crate::solve::Layout;

/// The placement codes of one layout: each face-down hex's code, and each
/// face-down region's letter.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Codes {
    /// Indexed like [`Layout::hexes`]: the code of a face-down hex.
    hexes: Vec<Option<String>>,
    /// Indexed like [`Layout::regions`]: the letter of a face-down region
    /// that holds face-down hexes.
    letters: Vec<Option<char>>,
}

/// The letter of a region: the first letter of its key (then of its name)
/// that no earlier face-down region took, else the first free letter of the
/// alphabet; never `I` or `O`, which read as 1 and 0 beside the numbers.
fn letter(key: &str, name: &str, taken: &[char]) -> char {
    key.chars()
        .chain(name.chars())
        .chain('A'..='Z')
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_uppercase())
        .find(|c| !taken.contains(c) && !matches!(c, 'I' | 'O'))
        .unwrap_or('Z')
}

impl Codes {
    /// The codes of `layout`: per face-down region, its hexes numbered from
    /// 1 in reading order (top row first, left to right).
    ///
    /// ```
    /// let s = hexpress::model::load(&hexpress::builtin::source("fog-islands").unwrap()).unwrap();
    /// let l = hexpress::solve::solve(&s, 4, 1, &Default::default()).unwrap();
    /// let codes = hexpress::compose::placement::Codes::of(&l);
    /// let moon = l.regions.iter().position(|r| r.key == "moon").unwrap();
    /// assert_eq!(codes.letter(moon), Some('M'));
    /// assert_eq!(codes.count(moon), 17);
    /// ```
    pub fn of(layout: &Layout) -> Codes {
        let mut hexes = vec![None; layout.hexes.len()];
        let mut letters = vec![None; layout.regions.len()];
        let mut taken = Vec::new();
        for (ri, r) in layout.regions.iter().enumerate() {
            let mut idx: Vec<usize> = (0..layout.hexes.len())
                .filter(|&i| {
                    let h = &layout.hexes[i];
                    h.face_down && h.region == Some(ri as u32)
                })
                .collect();
            if !r.face_down || idx.is_empty() {
                continue;
            }
            let c = letter(&r.key, &r.name, &taken);
            taken.push(c);
            letters[ri] = Some(c);
            idx.sort_by_key(|&i| (layout.hexes[i].hex.r, layout.hexes[i].hex.q));
            for (k, i) in idx.into_iter().enumerate() {
                hexes[i] = Some(format!("{c}{}", k + 1));
            }
        }
        Codes { hexes, letters }
    }

    /// The code of hex `i` (an index into [`Layout::hexes`]), if it lies face down.
    pub fn hex(&self, i: usize) -> Option<&str> {
        self.hexes.get(i).and_then(Option::as_deref)
    }

    /// The letter of region `ri`, if it is a face-down region with hexes.
    pub fn letter(&self, ri: usize) -> Option<char> {
        self.letters.get(ri).copied().flatten()
    }

    /// How many coded hexes region `ri` has.
    pub fn count(&self, ri: usize) -> usize {
        self.in_order(ri).len()
    }

    /// The hex indices of region `ri` in code order (`M1` first).
    pub(crate) fn in_order(&self, ri: usize) -> Vec<usize> {
        let Some(c) = self.letter(ri) else { return Vec::new() };
        let mut v: Vec<(u32, usize)> = self
            .hexes
            .iter()
            .enumerate()
            .filter_map(|(i, s)| {
                let s = s.as_deref()?.strip_prefix(c)?;
                Some((s.parse().ok()?, i))
            })
            .collect();
        v.sort_unstable();
        v.into_iter().map(|(_, i)| i).collect()
    }

    /// "M1 to M17": the range of region `ri`'s codes.
    pub fn range(&self, ri: usize) -> Option<String> {
        let c = self.letter(ri)?;
        match self.count(ri) {
            0 => None,
            1 => Some(format!("{c}1")),
            n => Some(format!("{c}1 to {c}{n}")),
        }
    }
}

/// What the back of the chip at place `k` (from 1, the top) of a stack of
/// `n` chips says: "3 of 9".
pub(crate) fn stack_code(k: usize, n: usize) -> String {
    format!("{k} of {n}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_never_repeat() {
        let mut taken = Vec::new();
        let regions = [("moon", "Fog (moon)"), ("mist", "Mist"), ("m", "M"), ("ocean", "Ocean")];
        for (key, name) in regions {
            let c = letter(key, name, &taken);
            assert!(!taken.contains(&c), "{c} twice");
            taken.push(c);
        }
        assert_eq!(taken, ['M', 'S', 'A', 'C']);
    }

    #[test]
    fn every_face_down_hex_has_one_code_and_codes_follow_reading_order() {
        let src = crate::builtin::source("catan-world").expect("built-in");
        let s = crate::model::load(&src).expect("valid");
        let l = crate::solve::solve(&s, 4, 3, &Default::default()).expect("solves");
        let codes = Codes::of(&l);
        let unknown = l.regions.iter().position(|r| r.face_down).expect("a face-down region");
        let order = codes.in_order(unknown);
        assert_eq!(order.len(), l.hexes.iter().filter(|h| h.face_down).count());
        for w in order.windows(2) {
            let (a, b) = (l.hexes[w[0]].hex, l.hexes[w[1]].hex);
            assert!((a.r, a.q) < (b.r, b.q), "{a:?} before {b:?}");
        }
        for (i, h) in l.hexes.iter().enumerate() {
            assert_eq!(codes.hex(i).is_some(), h.face_down);
        }
        assert_eq!(codes.range(unknown).as_deref(), Some("U1 to U39"));
    }
}
