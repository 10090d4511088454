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
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
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
