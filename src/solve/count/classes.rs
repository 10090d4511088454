//! Chip classes: the chip values the counting sampler tells apart.
//!
//! Two values fall in one class when every rule treats them alike (same
//! neighbours forbidden, same pips under a corner cap, both red or both not
//! under a gold rule): swapping them never changes whether a board is valid,
//! so counting classes instead of values loses nothing. Under the official
//! rules that leaves two classes (6/8 and the rest); under the strict set,
//! eight (6/8, 2/12, and each other value alone).
//!
//! A coarser split can be asked for ([`Split::Pips`]): values with the same
//! pips share a class even when a rule tells them apart (3 and 11 under
//! `no_equal_neighbours`). Then a class pair is forbidden next to each other
//! only when every pair of their values is, and the values dealt within the
//! classes are checked afterwards (see [`Classes::relaxed`]).

use crate::model::{rules, Constraints};
use crate::vocab::is_red;

/// How finely values are split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Split {
    /// Values every rule treats alike share a class.
    Exact,
    /// Values with the same pips (and redness, and 2/12 membership where a
    /// rule asks) share a class.
    Pips,
}

/// At most this many classes (a class index fits in four bits, 0 is "no chip").
pub(crate) const MAX_CLASSES: usize = 15;

/// The classes of the chip values a problem uses.
#[derive(Clone, Debug)]
pub(crate) struct Classes {
    /// Class (1-based) of each chip value; 0 for values no pool holds.
    pub of: [u8; 13],
    /// Number of classes.
    pub k: usize,
    /// Pips of each class (index 0, no chip: 0). Under a corner cap all
    /// values of a class have the same pips.
    pub pips: [u8; MAX_CLASSES + 1],
    /// For each class, the classes that can never be its neighbour (bit per class).
    pub forbid: [u16; MAX_CLASSES + 1],
    /// For each class, whether it holds a red chip (6 or 8).
    pub red: [bool; MAX_CLASSES + 1],
    /// Whether some rule is only partly captured by the classes (values must
    /// be checked after they are dealt).
    pub relaxed: bool,
    /// For each class, the class that stands for it among the open hexes:
    /// the first with the same neighbours forbidden and the same pips (when
    /// pips count), or 0 (like no chip) when it forbids nothing and its pips
    /// do not count. Later hexes cannot tell such classes apart.
    pub canon: [u8; MAX_CLASSES + 1],
}

impl Classes {
    /// Classes of `values` (the chip values in any pool or on any fixed hex)
    /// under `c`; `None` if more than [`MAX_CLASSES`] are needed.
    pub fn new(c: &Constraints, values: u16, split: Split) -> Option<Classes> {
        let present: Vec<u8> = (2..=12u8).filter(|v| values & rules::chip_bit(*v) != 0).collect();
        let cap = c.max_corner_pips.is_some();
        let key = |v: u8| -> (u16, u8, bool, bool) {
            match split {
                Split::Exact => {
                    let row = present
                        .iter()
                        .filter(|w| rules::chip_pair_clash(c, v, **w).is_some())
                        .fold(0u16, |m, w| m | rules::chip_bit(*w));
                    (
                        row,
                        if cap { rules::PIPS[v as usize] } else { 0 },
                        c.gold_no_red && is_red(v),
                        false,
                    )
                }
                Split::Pips => (
                    0,
                    if cap { rules::PIPS[v as usize] } else { 0 },
                    (c.gold_no_red || c.no_adjacent_red) && is_red(v),
                    c.no_2_next_to_12 && (v == 2 || v == 12),
                ),
            }
        };
        let mut keys: Vec<(u16, u8, bool, bool)> = Vec::new();
        let mut of = [0u8; 13];
        for v in &present {
            let k = key(*v);
            let idx = match keys.iter().position(|x| *x == k) {
                Some(i) => i,
                None => {
                    keys.push(k);
                    keys.len() - 1
                }
            };
            of[*v as usize] = idx as u8 + 1;
        }
        let k = keys.len();
        if k > MAX_CLASSES {
            return None;
        }
        let mut pips = [0u8; MAX_CLASSES + 1];
        let mut red = [false; MAX_CLASSES + 1];
        for v in &present {
            let a = of[*v as usize] as usize;
            pips[a] = rules::PIPS[*v as usize];
            red[a] |= is_red(*v);
        }
        let mut forbid = [0u16; MAX_CLASSES + 1];
        let mut relaxed = false;
        for (a, fa) in forbid.iter_mut().enumerate().take(k + 1).skip(1) {
            for b in 1..=k {
                let (mut all, mut any) = (true, false);
                for x in present.iter().filter(|x| of[**x as usize] as usize == a) {
                    for y in present.iter().filter(|y| of[**y as usize] as usize == b) {
                        let clash = rules::chip_pair_clash(c, *x, *y).is_some();
                        all &= clash;
                        any |= clash;
                    }
                }
                if all {
                    *fa |= 1 << b;
                } else if any {
                    relaxed = true;
                }
            }
        }
        // Mixed redness under a gold rule cannot happen (redness is part of
        // the key then), so the gold rule is always exact on classes.
        let mut canon = [0u8; MAX_CLASSES + 1];
        let look = |a: usize| (forbid[a], if cap { pips[a] } else { 0 });
        for (a, slot) in canon.iter_mut().enumerate().take(k + 1).skip(1) {
            *slot = match look(a) {
                (0, 0) => 0,
                me => (1..=a).find(|b| look(*b) == me).unwrap_or(a) as u8,
            };
        }
        Some(Classes { of, k, pips, forbid, red, relaxed, canon })
    }

    /// The classes holding a red chip (bit per class).
    pub(crate) fn red_mask(&self) -> u16 {
        (1..=self.k).filter(|a| self.red[*a]).fold(0, |m, a| m | 1 << a)
    }

    /// Classes that may sit next to a fixed chip `w` for sure (all their
    /// values allowed), and whether some class is only partly allowed.
    pub(crate) fn next_to_fixed(&self, c: &Constraints, w: u8) -> (u16, bool) {
        let mut allowed = 0u16;
        let mut partial = false;
        for a in 1..=self.k {
            let (mut all, mut any) = (true, false);
            for v in (2..=12u8).filter(|v| self.of[*v as usize] as usize == a) {
                let clash = rules::chip_pair_clash(c, v, w).is_some();
                all &= clash;
                any |= clash;
            }
            if !all {
                allowed |= 1 << a;
            }
            partial |= any && !all;
        }
        (allowed, partial)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_values() -> u16 {
        rules::ALL_CHIPS
    }

    #[test]
    fn official_rules_need_two_classes() {
        let cl = Classes::new(&Constraints::default(), all_values(), Split::Exact).unwrap();
        assert_eq!(cl.k, 2);
        assert_eq!(cl.of[6], cl.of[8]);
        assert_eq!(cl.of[2], cl.of[12]);
        assert_ne!(cl.of[6], cl.of[5]);
        assert!(!cl.relaxed);
        let red = cl.of[6] as usize;
        assert_eq!(cl.forbid[red], 1 << red);
    }

    #[test]
    fn strict_rules_pair_six_with_eight_and_two_with_twelve() {
        let c = Constraints::strict();
        let cl = Classes::new(&c, all_values(), Split::Exact).unwrap();
        assert_eq!(cl.k, 8);
        assert_eq!(cl.of[6], cl.of[8]);
        assert_eq!(cl.of[2], cl.of[12]);
        assert_ne!(cl.of[3], cl.of[11]);
        assert!(!cl.relaxed);
        let pips = Classes::new(&c, all_values(), Split::Pips).unwrap();
        assert_eq!(pips.k, 5);
        assert!(pips.relaxed, "3 and 11 share a class but may touch");
        let three = pips.of[3] as usize;
        assert_eq!(pips.forbid[three] & (1 << three), 0);
    }
}
