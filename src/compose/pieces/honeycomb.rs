//! Hex tiles packed edge to edge: neighbours share their cut lines, so each
//! shared edge is cut (and drawn) once, and bleed is added only on the
//! cluster's outer edges.
//!
//! Tiles are pointy-top (as [`crate::compose::pieces::piece::Shape::Hex`]), centres in mm, y down.

use crate::scene::{Path, Pt};

const SQRT3: f64 = 1.732_050_807_568_877_2;

/// Unit normals of the six edges, edge `k` facing `k * 60°` (y down).
pub(crate) const NORMALS: [(f64, f64); 6] = [
    (1.0, 0.0),
    (0.5, SQRT3 / 2.0),
    (-0.5, SQRT3 / 2.0),
    (-1.0, 0.0),
    (-0.5, -SQRT3 / 2.0),
    (0.5, -SQRT3 / 2.0),
];

/// Corner-to-corner radius of a pointy-top hex of the given flat width.
pub fn radius(flat: f64) -> f64 {
    flat / SQRT3
}

/// Centres of a honeycomb that fits `w` x `h` (cut outlines plus `bleed`
/// around the cluster), row by row; `None` if not even one tile fits.
///
/// Two packings are tried: every row full with odd rows shifted half a tile,
/// or odd rows one tile shorter; the one with more tiles wins.
pub fn pack(flat: f64, bleed: f64, w: f64, h: f64) -> Vec<Pt> {
    let r = radius(flat);
    let (w, h) = (w - 2.0 * bleed, h - 2.0 * bleed);
    if w < flat || h < 2.0 * r {
        return Vec::new();
    }
    let rows = (((h - 2.0 * r) / (1.5 * r)).floor() as usize) + 1;
    let full = (w / flat).floor() as usize;
    let shifted = ((w - flat / 2.0) / flat).floor().max(0.0) as usize;
    // (tiles in even rows, tiles in odd rows, odd rows shifted right)
    let a = (shifted, shifted, true);
    let b = (full, full.saturating_sub(1), false);
    let count = |(e, o, _): (usize, usize, bool)| e * rows.div_ceil(2) + o * (rows / 2);
    let (even, odd, shift) = if count(a) > count(b) { a } else { b };
    let width = if shift { even as f64 * flat + flat / 2.0 } else { even as f64 * flat };
    let height = 2.0 * r + (rows as f64 - 1.0) * 1.5 * r;
    let (x0, y0) = (-width / 2.0 + flat / 2.0, -height / 2.0 + r);
    let mut out = Vec::new();
    for row in 0..rows {
        let odd_row = row % 2 == 1;
        let n = if odd_row { odd } else { even };
        let dx = if odd_row { flat / 2.0 } else { 0.0 };
        for c in 0..n {
            out.push(Pt::new(x0 + dx + c as f64 * flat, y0 + row as f64 * 1.5 * r));
        }
    }
    out
}

/// For each centre, which of its six edges touch another tile of the set.
pub(crate) fn shared_edges(centres: &[Pt], flat: f64) -> Vec<[Option<usize>; 6]> {
    let tol = flat * 1e-3;
    centres
        .iter()
        .map(|c| {
            let mut e = [None; 6];
            for (k, (nx, ny)) in NORMALS.iter().enumerate() {
                let q = Pt::new(c.x + nx * flat, c.y + ny * flat);
                e[k] =
                    centres.iter().position(|o| (o.x - q.x).abs() < tol && (o.y - q.y).abs() < tol);
            }
            e
        })
        .collect()
}

/// The clip outline of one tile, centred on (0, 0): the hex with each
/// edge pushed out by `bleed` where no neighbour shares it.
pub(crate) fn clip_outline(flat: f64, bleed: f64, shared: &[Option<usize>; 6]) -> Path {
    let d = |k: usize| flat / 2.0 + if shared[k % 6].is_some() { 0.0 } else { bleed };
    let mut pts = Vec::with_capacity(6);
    for k in 0..6 {
        let (a, b) = (NORMALS[k], NORMALS[(k + 1) % 6]);
        let (c1, c2) = (d(k), d(k + 1));
        let det = a.0 * b.1 - a.1 * b.0;
        pts.push(Pt::new((c1 * b.1 - c2 * a.1) / det, (a.0 * c2 - b.0 * c1) / det));
    }
    Path::polygon(&pts)
}

/// The corners of edge `k` of the tile at `c`.
pub fn edge(c: Pt, flat: f64, k: usize) -> (Pt, Pt) {
    let r = radius(flat);
    // Corner between edge k-1 and edge k lies at angle k*60 - 30.
    let corner = |j: usize| {
        let (a, b) = (NORMALS[(j + 5) % 6], NORMALS[j % 6]);
        let (mx, my) = ((a.0 + b.0) / SQRT3, (a.1 + b.1) / SQRT3);
        Pt::new(c.x + mx * r, c.y + my * r)
    };
    (corner(k), corner(k + 1))
}

/// The cut lines of a cluster, each shared edge once: one path of separate segments.
pub fn cut_lines(centres: &[Pt], flat: f64) -> Path {
    let shared = shared_edges(centres, flat);
    let mut pts = Vec::new();
    for (i, c) in centres.iter().enumerate() {
        for (k, n) in shared[i].iter().enumerate() {
            if matches!(n, Some(j) if *j < i) {
                continue;
            }
            let (a, b) = edge(*c, flat, k);
            pts.push((a, b));
        }
    }
    let mut path = Path::default();
    for (a, b) in pts {
        path.segs.extend(Path::line(a, b).segs);
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Seg;

    #[test]
    fn packs_a_honeycomb_with_shared_edges() {
        let c = pack(76.0, 3.0, 277.0, 184.0);
        assert_eq!(c.len(), 6, "{c:?}");
        let s = shared_edges(&c, 76.0);
        let shared: usize = s.iter().map(|e| e.iter().filter(|x| x.is_some()).count()).sum();
        assert!(shared >= 10, "{shared}");
        let lines = cut_lines(&c, 76.0);
        let n = lines.segs.iter().filter(|s| matches!(s, Seg::Move(_))).count();
        assert_eq!(n, 6 * c.len() - shared / 2);
    }

    #[test]
    fn edges_meet_their_neighbours() {
        let c = [Pt::new(0.0, 0.0), Pt::new(76.0, 0.0)];
        let (a, b) = edge(c[0], 76.0, 0);
        let (d, e) = edge(c[1], 76.0, 3);
        assert!((a.x - 38.0).abs() < 1e-9 && (b.x - 38.0).abs() < 1e-9);
        let same = |p: Pt, q: Pt| (p.x - q.x).abs() < 1e-9 && (p.y - q.y).abs() < 1e-9;
        assert!((same(a, d) && same(b, e)) || (same(a, e) && same(b, d)));
        // Unshared edges move out by the bleed; shared ones stay on the cut.
        let s = shared_edges(&c, 76.0);
        let clip = clip_outline(76.0, 3.0, &s[0]);
        let xs: Vec<f64> = clip
            .segs
            .iter()
            .filter_map(|s| match s {
                Seg::Move(p) | Seg::Line(p) => Some(p.x),
                _ => None,
            })
            .collect();
        let max = xs.iter().cloned().fold(f64::MIN, f64::max);
        let min = xs.iter().cloned().fold(f64::MAX, f64::min);
        assert!((max - 38.0).abs() < 1e-9, "{max}");
        assert!((min + 41.0).abs() < 1e-9, "{min}");
    }
}
