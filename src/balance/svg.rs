//! `balance.svg`: histograms of the score, the corner pip sums and the seat
//! gap with the chosen layout marked, and where 6, 8 and the desert fall on
//! random, bar and best boards. Plain SVG text, fixed decimals, no clock:
//! the same report always gives the same bytes.

use std::fmt::Write;

use super::report::{Histogram, Report, MAX_CORNER};
use crate::theme::Inks;

const W: f64 = 760.0;
const H: f64 = 1240.0;
const FONT: &str = "Noto Sans";

/// The chart being written and its colours (the theme's `chart_*` inks).
struct Chart {
    s: String,
    c: Colors,
}

/// The chart's colours as SVG text.
#[derive(Clone)]
struct Colors {
    paper: String,
    bar: String,
    mark: String,
    /// Fills of the random, bar and best groups.
    groups: [String; 3],
    axis: String,
}

/// A plot area on the page.
struct Panel {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

/// Renders the report as an SVG document in the theme's chart colours.
pub fn render(report: &Report, title: &str, inks: &Inks) -> String {
    let mut c = Chart {
        s: String::new(),
        c: Colors {
            paper: inks.chart_paper.hex(),
            bar: inks.chart_bar.hex(),
            mark: inks.chart_mark.hex(),
            groups: [inks.chart_bar.hex(), inks.chart_cleared.hex(), inks.chart_best.hex()],
            axis: inks.chart_axis.hex(),
        },
    };
    let _ = writeln!(
        c.s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W:.0}" height="{H:.0}" viewBox="0 0 {W:.0} {H:.0}" font-family="{FONT}">"#
    );
    let _ = writeln!(c.s, r#"<rect width="{W:.0}" height="{H:.0}" fill="{}"/>"#, c.c.paper);
    text(&mut c, 30.0, 32.0, 18.0, "start", &format!("Balance of {title}"));
    text(
        &mut c,
        30.0,
        54.0,
        12.0,
        "start",
        &format!(
            "{} random layouts measured; the balanced search keeps score {:.2} (lower is fairer); {:.1} % clear the fairness bar",
            report.samples,
            report.chosen.score,
            100.0 * report.pass_rate()
        ),
    );
    score_panel(&mut c, report, &Panel { x: 80.0, y: 90.0, w: 640.0, h: 200.0 });
    corner_panel(&mut c, report, &Panel { x: 80.0, y: 380.0, w: 640.0, h: 200.0 });
    seat_panel(&mut c, report, &Panel { x: 80.0, y: 670.0, w: 640.0, h: 200.0 });
    places_panel(&mut c, report, &Panel { x: 80.0, y: 960.0, w: 640.0, h: 200.0 });
    c.s.push_str("</svg>\n");
    c.s
}

fn score_panel(s: &mut Chart, r: &Report, p: &Panel) {
    let Colors { bar, mark, .. } = s.c.clone();
    let h: &Histogram = &r.score_hist;
    let max = h.counts.iter().copied().max().unwrap_or(0).max(1);
    let n = h.counts.len();
    let bw = p.w / n as f64;
    heading(s, p, "Score of each layout");
    for (i, c) in h.counts.iter().enumerate() {
        let bh = p.h * (*c as f64) / max as f64;
        rect(s, p.x + bw * i as f64 + 1.0, p.y + p.h - bh, bw - 2.0, bh, &bar);
    }
    axes(s, p, "score", "layouts", max);
    // x ticks: every sixth bin edge.
    let step = (n / 5).max(1);
    for i in (0..=n).step_by(step) {
        let x = p.x + bw * i as f64;
        tick(s, x, p.y + p.h, &format!("{:.1}", h.lo + h.width * i as f64));
    }
    let sc = r.chosen.score;
    let x = p.x + ((sc - h.lo) / (h.width * n as f64)).clamp(0.0, 1.0) * p.w;
    let _ = writeln!(
        s.s,
        r#"<line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="{mark}" stroke-width="2"/>"#,
        p.y - 6.0,
        p.y + p.h
    );
    text(s, x + 4.0, p.y + 4.0, 11.0, "start", &format!("chosen {sc:.2}"));
}

fn corner_panel(s: &mut Chart, r: &Report, p: &Panel) {
    let Colors { bar, mark, .. } = s.c.clone();
    heading(s, p, "Pip sum at corners of three land hexes (share of corners, %)");
    let all: u64 = r.corner_counts.iter().sum();
    let mine: u32 = r.chosen_corners.iter().sum();
    let share = |c: u64, t: u64| if t == 0 { 0.0 } else { 100.0 * c as f64 / t as f64 };
    let shares: Vec<f64> = r.corner_counts.iter().map(|c| share(*c, all)).collect();
    let chosen: Vec<f64> =
        r.chosen_corners.iter().map(|c| share(u64::from(*c), u64::from(mine))).collect();
    let top = shares.iter().chain(&chosen).copied().fold(1.0, f64::max);
    let top = (top / 5.0).ceil() * 5.0;
    let n = MAX_CORNER + 1;
    let bw = p.w / n as f64;
    for (i, v) in shares.iter().enumerate() {
        let bh = p.h * v / top;
        rect(s, p.x + bw * i as f64 + 2.0, p.y + p.h - bh, bw - 4.0, bh, &bar);
        tick(s, p.x + bw * (i as f64 + 0.5), p.y + p.h, &i.to_string());
    }
    // The chosen layout: a marker per pip sum at its own share.
    for (i, v) in chosen.iter().enumerate() {
        if *v == 0.0 {
            continue;
        }
        let cx = p.x + bw * (i as f64 + 0.5);
        let cy = p.y + p.h - p.h * v / top;
        let _ = writeln!(s.s, r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="4" fill="{mark}"/>"#);
    }
    axes_pct(s, p, "pip sum at a corner", top);
    let lx = p.x + p.w - 190.0;
    rect(s, lx, p.y - 2.0, 12.0, 10.0, &bar);
    text(s, lx + 18.0, p.y + 7.0, 11.0, "start", "all layouts measured");
    let _ = writeln!(
        s.s,
        r#"<circle cx="{:.1}" cy="{:.1}" r="4" fill="{mark}"/>"#,
        lx + 6.0,
        p.y + 19.0
    );
    text(s, lx + 18.0, p.y + 23.0, 11.0, "start", "the chosen layout");
}

fn seat_panel(s: &mut Chart, r: &Report, p: &Panel) {
    let Colors { bar, mark, .. } = s.c.clone();
    let h: &Histogram = &r.seat_hist;
    heading(
        s,
        p,
        &format!(
            "Seat gap of each layout ({} draft, best seat minus worst, pips)",
            r.policy.name()
        ),
    );
    let max = h.counts.iter().copied().max().unwrap_or(0).max(1);
    let n = h.counts.len();
    let bw = p.w / n as f64;
    for (i, c) in h.counts.iter().enumerate() {
        let bh = p.h * (*c as f64) / max as f64;
        rect(s, p.x + bw * i as f64 + 1.0, p.y + p.h - bh, bw - 2.0, bh, &bar);
    }
    axes(s, p, "seat gap (pips)", "layouts", max);
    let step = (n / 8).max(1);
    for i in (0..=n).step_by(step) {
        tick(s, p.x + bw * i as f64, p.y + p.h, &format!("{:.2}", h.lo + h.width * i as f64));
    }
    let g = r.chosen.measures.seat_gap;
    let x = p.x + ((g - h.lo) / (h.width * n as f64)).clamp(0.0, 1.0) * p.w;
    let _ = writeln!(
        s.s,
        r#"<line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="{mark}" stroke-width="2"/>"#,
        p.y - 6.0,
        p.y + p.h
    );
    text(s, x + 4.0, p.y + 4.0, 11.0, "start", &format!("chosen {g:.2}"));
}

fn places_panel(s: &mut Chart, r: &Report, p: &Panel) {
    let Colors { groups, .. } = s.c.clone();
    heading(
        s,
        p,
        "Where 6 and 8 (left) and the desert (right) fall: share on each part of the land, %",
    );
    let classes = crate::balance::places::CLASSES;
    // Six clusters: 6/8 on coast, inner ring, centre; desert on the same.
    let cluster = p.w / 6.0;
    let bw = (cluster - 16.0) / 3.0;
    let top = 100.0;
    for (half, red) in [(0usize, true), (1, false)] {
        for (ci, class) in classes.iter().enumerate() {
            let x0 = p.x + cluster * (half * 3 + ci) as f64 + 8.0;
            for (gi, pl) in r.places.iter().enumerate() {
                if pl.boards == 0 {
                    continue;
                }
                let v = if red { pl.red_shares()[ci] } else { pl.desert_shares()[ci] };
                let bh = p.h * v / top;
                rect(s, x0 + bw * gi as f64, p.y + p.h - bh, bw - 2.0, bh, &groups[gi]);
            }
            tick(s, x0 + cluster / 2.0 - 8.0, p.y + p.h, class);
        }
    }
    axes_pct_label(s, p, "6 and 8  |  desert", "% of them", top);
    let mut lx = p.x + 10.0;
    for (gi, name) in crate::balance::report::GROUPS.iter().enumerate() {
        let pl = &r.places[gi];
        if pl.boards == 0 {
            continue;
        }
        let label = match gi {
            0 => format!("random ({})", pl.boards),
            1 => format!("clear the bar ({})", pl.boards),
            _ => format!("best search ({})", pl.boards),
        };
        let _ = name;
        let ly = p.y + p.h + 50.0;
        rect(s, lx, ly - 9.0, 12.0, 10.0, &groups[gi]);
        text(s, lx + 18.0, ly, 11.0, "start", &label);
        lx += 190.0;
    }
}

fn axes_pct_label(s: &mut Chart, p: &Panel, xlabel: &str, ylabel: &str, top: f64) {
    frame(s, p, xlabel, ylabel);
    for i in 0..=4 {
        let v = top * f64::from(i) / 4.0;
        let y = p.y + p.h - p.h * v / top;
        ytick(s, p, y, &format!("{v:.0}"));
    }
}

fn heading(s: &mut Chart, p: &Panel, t: &str) {
    text(s, p.x, p.y - 14.0, 14.0, "start", t);
}

fn axes(s: &mut Chart, p: &Panel, xlabel: &str, ylabel: &str, max: u64) {
    frame(s, p, xlabel, ylabel);
    for i in 0..=4u64 {
        let v = max * i / 4;
        let y = p.y + p.h - p.h * v as f64 / max as f64;
        ytick(s, p, y, &v.to_string());
    }
}

fn axes_pct(s: &mut Chart, p: &Panel, xlabel: &str, top: f64) {
    frame(s, p, xlabel, "% of corners");
    for i in 0..=4 {
        let v = top * f64::from(i) / 4.0;
        let y = p.y + p.h - p.h * v / top;
        ytick(s, p, y, &format!("{v:.1}"));
    }
}

fn frame(s: &mut Chart, p: &Panel, xlabel: &str, ylabel: &str) {
    let Colors { axis, .. } = s.c.clone();
    let (x0, y0, x1, y1) = (p.x, p.y + p.h, p.x + p.w, p.y);
    let _ = writeln!(
        s.s,
        r#"<path d="M{x0:.1} {y1:.1}V{y0:.1}H{x1:.1}" fill="none" stroke="{axis}" stroke-width="1"/>"#
    );
    text(s, p.x + p.w / 2.0, y0 + 36.0, 12.0, "middle", xlabel);
    let (lx, ly) = (p.x - 52.0, p.y + p.h / 2.0);
    let _ = writeln!(
        s.s,
        r#"<text x="{lx:.1}" y="{ly:.1}" font-size="12" text-anchor="middle" fill="{axis}" transform="rotate(-90 {lx:.1} {ly:.1})">{}</text>"#,
        esc(ylabel)
    );
}

fn tick(s: &mut Chart, x: f64, y: f64, label: &str) {
    let Colors { axis, .. } = s.c.clone();
    let _ = writeln!(
        s.s,
        r#"<line x1="{x:.1}" y1="{y:.1}" x2="{x:.1}" y2="{:.1}" stroke="{axis}"/>"#,
        y + 4.0
    );
    text(s, x, y + 17.0, 11.0, "middle", label);
}

fn ytick(s: &mut Chart, p: &Panel, y: f64, label: &str) {
    let Colors { axis, .. } = s.c.clone();
    let _ = writeln!(
        s.s,
        r#"<line x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="{axis}"/>"#,
        p.x - 4.0,
        p.x
    );
    text(s, p.x - 8.0, y + 4.0, 11.0, "end", label);
}

fn rect(s: &mut Chart, x: f64, y: f64, w: f64, h: f64, fill: &str) {
    if h <= 0.0 {
        return;
    }
    let _ = writeln!(
        s.s,
        r#"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" fill="{fill}"/>"#
    );
}

fn text(s: &mut Chart, x: f64, y: f64, size: f64, anchor: &str, t: &str) {
    let Colors { axis, .. } = s.c.clone();
    let _ = writeln!(
        s.s,
        r#"<text x="{x:.1}" y="{y:.1}" font-size="{size:.0}" text-anchor="{anchor}" fill="{axis}">{}</text>"#,
        esc(t)
    );
}

/// Escapes text for SVG.
fn esc(t: &str) -> String {
    t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
