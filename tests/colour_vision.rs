//! Terrain colours stay apart for colour-blind players, and in black and
//! white every terrain keeps a pictogram of its own.
//!
//! Colour-vision deficiencies are simulated with the matrices of Machado,
//! Oliveira and Fernandes, "A Physiologically-based Model for Simulation of
//! Color Vision Deficiency", IEEE TVCG 15(6), 2009 (severity 1.0, i.e.
//! protanopia, deuteranopia and tritanopia), applied to linear sRGB. Colours
//! are compared in CIELAB (D65) by CIEDE2000 (Sharma, Wu and Dalal, "The
//! CIEDE2000 color-difference formula: implementation notes...", Color
//! Research & Application 30(1), 2005), checked here against their test data.
//!
//! Which pairs: every two terrains that lie side by side on a board of some
//! built-in (every player count, 40 seeds, setup view), plus every pair of
//! the seven base terrains.
//!
//! Threshold, and why: ΔE00 = 1 is about one just-noticeable difference
//! between patches side by side, and printed colours drift by several units
//! between home printers (ink, paper, driver). We ask for ΔE00 >= 8 between
//! touching terrains under normal vision and each simulation: several
//! printer drifts apart, so two neighbouring hexes read as different colours
//! at a glance, while the pictogram carries the meaning in any case. Sea
//! variants (fish shoal, fishing ground, a harbor tile) are sea by design
//! and told apart from the sea by their pictogram alone; they need ΔE00 >= 3
//! from the sea and from each other (visibly a different tile, not a
//! different colour family). A harbor tile is painted as sea: its harbor
//! token tells it apart.

use std::collections::BTreeSet;

use hexpress::scene::Color;
use hexpress::theme::{Mode, Pictogram, Theme};
use hexpress::vocab::Terrain;

type M3 = [[f64; 3]; 3];

/// Machado et al. 2009, severity 1.0.
const PROTANOPIA: M3 = [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
];
const DEUTERANOPIA: M3 = [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.011820, 0.042940, 0.968881],
];
const TRITANOPIA: M3 = [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.303900],
];
const NORMAL: M3 = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

const MIN_DE: f64 = 8.0;
const MIN_DE_SEA_VARIANT: f64 = 3.0;

fn lin(c: u8) -> f64 {
    let v = f64::from(c) / 255.0;
    if v <= 0.04045 {
        v / 12.92
    } else {
        ((v + 0.055) / 1.055).powf(2.4)
    }
}

/// `c` as seen through `m`, in CIELAB (D65).
fn lab(c: Color, m: &M3) -> [f64; 3] {
    let v = [lin(c.r), lin(c.g), lin(c.b)];
    let s: Vec<f64> =
        m.iter().map(|r| (r[0] * v[0] + r[1] * v[1] + r[2] * v[2]).clamp(0.0, 1.0)).collect();
    let x = 0.4124564 * s[0] + 0.3575761 * s[1] + 0.1804375 * s[2];
    let y = 0.2126729 * s[0] + 0.7151522 * s[1] + 0.0721750 * s[2];
    let z = 0.0193339 * s[0] + 0.1191920 * s[1] + 0.9503041 * s[2];
    let f =
        |t: f64| if t > 216.0 / 24389.0 { t.cbrt() } else { (24389.0 / 27.0 * t + 16.0) / 116.0 };
    let (fx, fy, fz) = (f(x / 0.95047), f(y), f(z / 1.08883));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// CIEDE2000 colour difference.
fn de2000(p: [f64; 3], q: [f64; 3]) -> f64 {
    let [l1, a1, b1] = p;
    let [l2, a2, b2] = q;
    let c7 = |c: f64| c.powi(7) / (c.powi(7) + 25f64.powi(7));
    let cb = (a1.hypot(b1) + a2.hypot(b2)) / 2.0;
    let g = 0.5 * (1.0 - c7(cb).sqrt());
    let (a1p, a2p) = ((1.0 + g) * a1, (1.0 + g) * a2);
    let (c1p, c2p) = (a1p.hypot(b1), a2p.hypot(b2));
    let hue = |b: f64, a: f64| {
        if a == 0.0 && b == 0.0 {
            0.0
        } else {
            b.atan2(a).to_degrees().rem_euclid(360.0)
        }
    };
    let (h1, h2) = (hue(b1, a1p), hue(b2, a2p));
    let dl = l2 - l1;
    let dc = c2p - c1p;
    let dh = if c1p * c2p == 0.0 {
        0.0
    } else if (h2 - h1).abs() <= 180.0 {
        h2 - h1
    } else if h2 - h1 > 180.0 {
        h2 - h1 - 360.0
    } else {
        h2 - h1 + 360.0
    };
    let dhh = 2.0 * (c1p * c2p).sqrt() * (dh.to_radians() / 2.0).sin();
    let lb = (l1 + l2) / 2.0;
    let cbp = (c1p + c2p) / 2.0;
    let hb = if c1p * c2p == 0.0 {
        h1 + h2
    } else if (h1 - h2).abs() <= 180.0 {
        (h1 + h2) / 2.0
    } else if h1 + h2 < 360.0 {
        (h1 + h2 + 360.0) / 2.0
    } else {
        (h1 + h2 - 360.0) / 2.0
    };
    let cos = |d: f64| d.to_radians().cos();
    let t = 1.0 - 0.17 * cos(hb - 30.0) + 0.24 * cos(2.0 * hb) + 0.32 * cos(3.0 * hb + 6.0)
        - 0.20 * cos(4.0 * hb - 63.0);
    let dtheta = 30.0 * (-((hb - 275.0) / 25.0).powi(2)).exp();
    let rc = 2.0 * c7(cbp).sqrt();
    let sl = 1.0 + 0.015 * (lb - 50.0).powi(2) / (20.0 + (lb - 50.0).powi(2)).sqrt();
    let sc = 1.0 + 0.045 * cbp;
    let sh = 1.0 + 0.015 * cbp * t;
    let rt = -(2.0 * dtheta).to_radians().sin() * rc;
    ((dl / sl).powi(2) + (dc / sc).powi(2) + (dhh / sh).powi(2) + rt * (dc / sc) * (dhh / sh))
        .sqrt()
}

#[test]
fn ciede2000_matches_the_published_test_data() {
    // Sharma, Wu and Dalal 2005, table 1, pairs 1, 7, 17 and 25.
    for (p, q, want) in [
        ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
        ([50.0, 0.0, 0.0], [50.0, -1.0, 2.0], 2.3669),
        ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0], 27.1492),
        ([60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644),
    ] {
        let got = de2000(p, q);
        assert!((got - want).abs() < 1e-4, "{p:?} {q:?}: {got} != {want}");
    }
}

/// The sea and its variants, sea by design and told apart by pictograms.
fn sea_family(t: Terrain) -> bool {
    matches!(t, Terrain::Sea | Terrain::FishShoal | Terrain::FishingGround)
}

/// Every pair of terrains that touch on some built-in board, and every pair
/// of the base game's terrains.
fn touching_pairs() -> BTreeSet<(Terrain, Terrain)> {
    let base = [
        Terrain::Forest,
        Terrain::Pasture,
        Terrain::Fields,
        Terrain::Hills,
        Terrain::Mountains,
        Terrain::Desert,
        Terrain::Sea,
    ];
    let mut pairs = BTreeSet::new();
    for (i, a) in base.iter().enumerate() {
        for b in &base[i + 1..] {
            pairs.insert((*a.min(b), *a.max(b)));
        }
    }
    for id in hexpress::builtin::ids() {
        let src = hexpress::builtin::source(id).expect("built-in");
        let sc = hexpress::model::load(&src).expect("valid");
        for &players in &sc.meta.players {
            for seed in 0..40 {
                let l = hexpress::solve::solve(&sc, players, seed, &Default::default())
                    .expect("solves");
                let at: std::collections::HashMap<_, _> =
                    l.hexes.iter().map(|h| (h.hex, h.terrain)).collect();
                for h in &l.hexes {
                    for d in hexpress::axial::Direction::ALL {
                        if let Some(&t) = at.get(&h.hex.neighbor(d)) {
                            if t != h.terrain {
                                pairs.insert((h.terrain.min(t), h.terrain.max(t)));
                            }
                        }
                    }
                }
            }
        }
    }
    pairs
}

#[test]
fn touching_terrains_stay_apart_under_colour_vision_deficiencies() {
    let pal = &Theme::builtin().colour;
    let pairs = touching_pairs();
    assert!(pairs.len() > 30, "{} pairs", pairs.len());
    let mut problems = Vec::new();
    for (name, m) in [
        ("normal vision", NORMAL),
        ("protanopia", PROTANOPIA),
        ("deuteranopia", DEUTERANOPIA),
        ("tritanopia", TRITANOPIA),
    ] {
        for &(a, b) in &pairs {
            // A harbor tile is a sea tile carrying a harbor token: painted as sea.
            let paint = |t: Terrain| if t == Terrain::Harbor { Terrain::Sea } else { t };
            let (a, b) = (paint(a), paint(b));
            if a == b {
                continue;
            }
            let floor = if sea_family(a) && sea_family(b) { MIN_DE_SEA_VARIANT } else { MIN_DE };
            let d = de2000(lab(pal.fill(a), &m), lab(pal.fill(b), &m));
            if d < floor {
                problems.push(format!("{name}: {} / {} ΔE00 {d:.1} < {floor}", a.name(), b.name()));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn in_black_and_white_every_terrain_has_a_pictogram_of_its_own() {
    let theme = Theme::builtin();
    let mut seen = std::collections::HashMap::new();
    for t in Terrain::ALL {
        let p = theme.pictogram(t);
        assert_ne!(p, Pictogram::None, "{} has a pictogram", t.name());
        // A harbor tile is a sea tile carrying a harbor: it shows the anchor.
        if let Some(other) = seen.insert(p, t) {
            panic!("{} and {} share the pictogram {}", other.name(), t.name(), p.name());
        }
    }
    // The black-and-white palette prints its pictograms in pure black.
    let bw = theme.palette(Mode::BlackAndWhite);
    for t in Terrain::ALL {
        let ink = bw.art_on(t);
        assert_eq!((ink.r, ink.g, ink.b), (0, 0, 0), "{}", t.name());
    }
}
