//! The statistics the chain's diagnostics read ([`super::super::markov`]):
//! whether chains from different starts agree (the Gelman-Rubin R-hat),
//! and how many steps apart two of a chain's boards must be to be nearly
//! independent (the integrated autocorrelation time).
//!
//! The autocorrelation time is estimated over all the chains at once, as
//! Stan's effective sample size is (Vehtari, Gelman, Simpson, Carpenter and
//! Bürkner, "Rank-normalization, folding, and localization: an improved
//! R-hat", 2021, section 3.2): the chains' autocovariances are averaged, and
//! normalised by the variance estimate that includes the spread between the
//! chains' means, so chains that disagree make the time longer, never
//! shorter. One estimate from four chains is far steadier than the longest
//! of four estimates from one chain each, which mostly measured noise.

/// The mean of `x` (0 for no values).
pub(crate) fn mean(x: &[f64]) -> f64 {
    x.iter().sum::<f64>() / x.len().max(1) as f64
}

/// The sample variance of `x` (divisor `len - 1`).
pub(crate) fn variance(x: &[f64]) -> f64 {
    let m = mean(x);
    x.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / (x.len().max(2) - 1) as f64
}

/// The potential scale reduction factor of chains of equal length: 1 when
/// they agree, larger when their means differ more than their spread says.
pub(crate) fn gelman_rubin(chains: &[&[f64]]) -> f64 {
    let m = chains.first().map_or(0, |c| c.len()) as f64;
    let means: Vec<f64> = chains.iter().map(|c| mean(c)).collect();
    let w = mean(&chains.iter().map(|c| variance(c)).collect::<Vec<_>>());
    let b_over_m = variance(&means);
    if w <= 1e-12 {
        // Every chain constant: they agree only if they hold the same value.
        return if b_over_m <= 1e-12 { 1.0 } else { f64::INFINITY };
    }
    let var_plus = (m - 1.0) / m * w + b_over_m;
    (var_plus / w).sqrt()
}

/// The integrated autocorrelation time (in samples: 1 for independent
/// ones) of chains of equal length, pooled over the chains: the
/// autocorrelation at lag `t` is `1 - (W - mean autocovariance(t)) / var+`
/// (`W` the mean variance within chains, `var+` that plus the variance of
/// the chains' means), summed in pairs by Geyer's initial monotone
/// sequence (pairs summed while positive, each at most the one before).
/// Constant chains that hold different values give a time as long as the
/// chains.
pub(crate) fn pooled_autocorrelation_time(chains: &[&[f64]]) -> f64 {
    let n = chains.iter().map(|c| c.len()).min().unwrap_or(0);
    if chains.is_empty() || n < 4 {
        return 1.0;
    }
    let chains: Vec<&[f64]> = chains.iter().map(|c| &c[..n]).collect();
    let means: Vec<f64> = chains.iter().map(|c| mean(c)).collect();
    let w = mean(&chains.iter().map(|c| variance(c)).collect::<Vec<_>>());
    let b_over_n = if chains.len() > 1 { variance(&means) } else { 0.0 };
    let nf = n as f64;
    let var_plus = (nf - 1.0) / nf * w + b_over_n;
    if var_plus <= 1e-12 {
        // Every chain holds one and the same value throughout.
        return 1.0;
    }
    let rho = |t: usize| -> f64 {
        let acov = chains
            .iter()
            .zip(&means)
            .map(|(c, m)| (0..n - t).map(|i| (c[i] - m) * (c[i + t] - m)).sum::<f64>() / nf)
            .sum::<f64>()
            / chains.len() as f64;
        1.0 - (w - acov) / var_plus
    };
    let mut tau = -1.0;
    let mut last = f64::INFINITY;
    let mut k = 0;
    while k + 1 < n {
        let pair = (rho(k) + rho(k + 1)).min(last);
        if pair <= 0.0 {
            break;
        }
        tau += 2.0 * pair;
        last = pair;
        k += 2;
    }
    tau.max(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{below, stage_rng, Stream};

    /// An AR(1) series `x(i+1) = a x(i) + noise`: its integrated
    /// autocorrelation time is `(1 + a) / (1 - a)`.
    fn ar1(a: f64, n: usize, seed: u64) -> Vec<f64> {
        let mut rng = stage_rng(seed, Stream::Pilot);
        let mut x = 0.0;
        (0..n)
            .map(|_| {
                let u: f64 = (0..12).map(|_| f64::from(below(&mut rng, 1 << 20))).sum::<f64>()
                    / f64::from(1u32 << 20)
                    - 6.0;
                x = a * x + u;
                x
            })
            .collect()
    }

    #[test]
    fn the_pooled_time_of_an_ar1_series_is_near_its_true_value() {
        // a = 0.8: true time 9. Four chains of 2,000 samples.
        let series: Vec<Vec<f64>> = (0..4).map(|k| ar1(0.8, 2_000, k)).collect();
        let chains: Vec<&[f64]> = series.iter().map(Vec::as_slice).collect();
        let tau = pooled_autocorrelation_time(&chains);
        assert!((7.0..11.5).contains(&tau), "tau {tau}, true 9");
        // Independent samples: about 1.
        let series: Vec<Vec<f64>> = (0..4).map(|k| ar1(0.0, 2_000, 10 + k)).collect();
        let chains: Vec<&[f64]> = series.iter().map(Vec::as_slice).collect();
        let tau = pooled_autocorrelation_time(&chains);
        assert!(tau < 1.3, "tau {tau}, true 1");
    }

    #[test]
    fn chains_that_disagree_make_the_time_longer() {
        let series: Vec<Vec<f64>> = (0..4).map(|k| ar1(0.5, 1_000, 20 + k)).collect();
        let chains: Vec<&[f64]> = series.iter().map(Vec::as_slice).collect();
        let agree = pooled_autocorrelation_time(&chains);
        // The same chains, one shifted far from the others.
        let mut shifted = series.clone();
        shifted[0].iter_mut().for_each(|v| *v += 20.0);
        let chains: Vec<&[f64]> = shifted.iter().map(Vec::as_slice).collect();
        let apart = pooled_autocorrelation_time(&chains);
        assert!(apart > 10.0 * agree, "agree {agree}, apart {apart}");
        // Constant chains on different values: as long as the chains.
        let c = [vec![1.0; 100], vec![2.0; 100]];
        let chains: Vec<&[f64]> = c.iter().map(Vec::as_slice).collect();
        assert!(pooled_autocorrelation_time(&chains) >= 99.0);
        assert_eq!(pooled_autocorrelation_time(&[&[3.0; 50][..], &[3.0; 50][..]]), 1.0);
    }
}
