//! Lengths and the one number formatter every output uses.

/// Millimetres per PostScript point.
pub const MM_PER_PT: f64 = 25.4 / 72.0;

/// Points from millimetres.
pub fn mm_to_pt(mm: f64) -> f64 {
    mm / MM_PER_PT
}

/// Formats a number for SVG/JSON output: rounded to 3 decimals, trailing
/// zeros dropped, `-0` written as `0`. The single formatter keeps output
/// byte-identical across machines.
pub fn num(v: f64) -> String {
    let r = (v * 1000.0).round() / 1000.0;
    if r == 0.0 || !r.is_finite() {
        return "0".into();
    }
    let s = format!("{r:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

/// A count with commas between groups of three digits: `1,234,567`.
///
/// ```
/// assert_eq!(hexpress::units::thousands(2_020_000), "2,020,000");
/// assert_eq!(hexpress::units::thousands(999), "999");
/// ```
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A share (0 to 1) as a percentage: `decimals` places from 1 % up, and
/// two significant digits below (1 in 20,000 is `0.005 %`, never `0.01 %`
/// or `0.00 %`); `0 %` only for nothing at all.
///
/// ```
/// use hexpress::units::percent;
/// assert_eq!(percent(0.352, 2), "35.20 %");
/// assert_eq!(percent(1.0 / 20_000.0, 2), "0.005 %");
/// assert_eq!(percent(0.00123, 1), "0.12 %");
/// assert_eq!(percent(0.0, 1), "0 %");
/// ```
pub fn percent(share: f64, decimals: usize) -> String {
    let p = 100.0 * share;
    if p <= 0.0 {
        return "0 %".into();
    }
    if p >= 1.0 {
        return format!("{p:.decimals$} %");
    }
    // Places enough for two significant digits.
    let mut places = 1usize;
    while p * 10f64.powi(places as i32) < 10.0 && places < 12 {
        places += 1;
    }
    let s = format!("{p:.places$}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    format!("{s} %")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(1.23456), "1.235");
        assert_eq!(num(-3.1), "-3.1");
        assert_eq!(num(f64::NAN), "0");
        assert!((mm_to_pt(25.4) - 72.0).abs() < 1e-9);
    }
}
