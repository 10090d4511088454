//! The solver seeds of a rejection draw's candidates: candidate 0 is the
//! draw's own seed, the others hash the seed's `bar` stream.

use rand_core::RngCore;

use crate::rng::{stage_rng, Stream};

/// The solver seed of rejection candidate `j` of the draw for `seed`:
/// candidate 0 is the seed itself (so a board that already clears the bar
/// is its own balanced board), the others hash the seed's `bar` stream.
pub fn bar_candidate_seed(seed: u64, j: u64) -> u64 {
    CandidateSeeds::new(seed).get(j)
}

/// The candidate seeds of one draw ([`bar_candidate_seed`]), the `bar`
/// stream's salt drawn once (when candidate 1 is first asked for) instead
/// of once per candidate.
pub(super) struct CandidateSeeds {
    seed: u64,
    salt: Option<u64>,
}

impl CandidateSeeds {
    pub(super) fn new(seed: u64) -> CandidateSeeds {
        CandidateSeeds { seed, salt: None }
    }

    pub(super) fn get(&mut self, j: u64) -> u64 {
        if j == 0 {
            return self.seed;
        }
        let seed = self.seed;
        let salt = *self.salt.get_or_insert_with(|| stage_rng(seed, Stream::Bar).next_u64());
        splitmix64(salt.wrapping_add(j.wrapping_mul(0x9E37_79B9_7F4A_7C15)))
    }
}

fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
