//! The seats in terms of winning: how much more or less likely each seat is
//! to win on a board, from its opening pips, as measured in whole bot games
//! (`docs/balance.md`, "What the seat measures predict").

use super::SeatFigures;

/// Points of win chance (percentage points) per pip a seat's opening total
/// lies above its table's mean, under the `variety` policy: the slope of
/// winning on that difference within each seat, measured in 1,059 whole
/// games of four identical bots on base boards (+1.56, 95 % interval −0.23
/// to +3.43; `scripts/seat_calibration.py`, docs/balance.md). A rough guide:
/// board by board the seat pips predict little.
pub const WIN_POINTS_PER_PIP: f64 = 1.5;

/// Each seat's win chance on this board against an even share of the
/// opening pips, in points: [`WIN_POINTS_PER_PIP`] times its total less the
/// table's mean total.
pub fn odds(seats: &[SeatFigures]) -> Vec<f64> {
    if seats.is_empty() {
        return Vec::new();
    }
    let mean = seats.iter().map(|s| s.total).sum::<f64>() / seats.len() as f64;
    seats.iter().map(|s| WIN_POINTS_PER_PIP * (s.total - mean)).collect()
}

/// The seat that stands furthest from an even chance, in a sentence:
/// "seat 4 is about 2 points less likely to win on this board than with an
/// even share of the opening pips" (`None` without seats; "every seat is
/// within half a point" when none is further).
pub fn odds_sentence(seats: &[SeatFigures]) -> Option<String> {
    let o = odds(seats);
    let (i, x) = o.iter().enumerate().max_by(|a, b| a.1.abs().total_cmp(&b.1.abs()))?;
    if x.abs() < 0.5 {
        return Some(
            "every seat is within half a point of an even chance to win on this board".into(),
        );
    }
    let way = if *x > 0.0 { "more" } else { "less" };
    let n = x.abs();
    let pts = if (n - 1.0).abs() < 0.05 { "point".to_string() } else { "points".to_string() };
    Some(format!(
        "seat {} is about {} {pts} {way} likely to win on this board than with an even share of the opening pips",
        i + 1,
        trim1(n)
    ))
}

/// One decimal, without a trailing `.0`.
fn trim1(x: f64) -> String {
    let s = format!("{x:.1}");
    s.strip_suffix(".0").map(str::to_string).unwrap_or(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats(totals: &[f64]) -> Vec<SeatFigures> {
        totals
            .iter()
            .enumerate()
            .map(|(i, t)| SeatFigures { seat: i as u8 + 1, total: *t, ..SeatFigures::default() })
            .collect()
    }

    #[test]
    fn odds_follow_the_pips_above_the_mean() {
        let o = odds(&seats(&[22.0, 20.0, 20.0, 18.0]));
        assert!((o[0] - 2.0 * WIN_POINTS_PER_PIP).abs() < 1e-12);
        assert!(o[1].abs() < 1e-12);
        assert!((o[3] + 2.0 * WIN_POINTS_PER_PIP).abs() < 1e-12);
        assert_eq!(odds(&[]), Vec::<f64>::new());
        assert_eq!(odds_sentence(&[]), None);
    }
}
