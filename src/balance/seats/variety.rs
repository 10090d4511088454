//! The variety policy's corner values: each resource's scarcity weight and
//! the new-resource and harbor bonuses on top of weighted production.

use super::{CornerValue, SeatScratch};

/// Each resource's weight in the variety policy: the mean pips of a resource
/// on the legal corners over its own, kept within 0.5 to 2 (gold: 1).
pub(super) fn scarcity(s: &SeatScratch) -> [f64; 6] {
    let mut sum = [0u32; 5];
    for &c in &s.legal {
        for (x, y) in sum.iter_mut().zip(&s.value[c as usize].pips[..5]) {
            *x += u32::from(*y);
        }
    }
    let mean = f64::from(sum.iter().sum::<u32>()) / 5.0;
    let mut w = [1.0; 6];
    for (x, total) in w.iter_mut().zip(sum) {
        *x = if total == 0 { 2.0 } else { (mean / f64::from(total)).clamp(0.5, 2.0) };
    }
    w
}

/// Bonus of the variety policy for each resource new to the seat.
pub const NEW_RESOURCE_BONUS: f64 = 2.0;
/// Bonus for a 3:1 harbor corner.
pub const GENERIC_HARBOR_BONUS: f64 = 1.0;
/// Weight of a 2:1 harbor's own resource pips (at the corner and the seat's other settlement).
pub const SPECIAL_HARBOR_WEIGHT: f64 = 0.5;

/// The variety policy's value of corner `v` for a seat whose first
/// settlement is `own` (`None` before it has one), beyond its
/// scarcity-weighted production: the new-resource and harbor bonuses.
pub(super) fn variety_bonus(v: &CornerValue, own: Option<&CornerValue>) -> f64 {
    // Every term is a small multiple of 0.5: exact in any order.
    let have = own.map_or(0, |o| o.mask);
    let mut x = NEW_RESOURCE_BONUS * f64::from((v.mask & !have).count_ones());
    let harbor_pips = |code: u8, a: &CornerValue, b: Option<&CornerValue>| -> f64 {
        match code {
            0 => 0.0,
            1 => GENERIC_HARBOR_BONUS,
            c => {
                let r = usize::from(c - 2);
                SPECIAL_HARBOR_WEIGHT * f64::from(a.pips[r] + b.map_or(0, |b| b.pips[r]))
            }
        }
    };
    x += harbor_pips(v.harbor, v, own);
    if let Some(o) = own {
        // The seat's first settlement on a 2:1 harbor makes that resource worth more here.
        if o.harbor >= 2 {
            x += SPECIAL_HARBOR_WEIGHT * f64::from(v.pips[usize::from(o.harbor - 2)]);
        }
    }
    x
}
