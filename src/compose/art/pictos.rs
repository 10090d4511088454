//! The pictogram drawings: simple solid silhouettes that read in black and
//! white. Each is drawn in a box of side `s` centred on `c`.

use crate::scene::{Color, Item, Path, Pt, Rect, Seg, Stroke};
use crate::theme::Pictogram;

/// Colours and line width for a pictogram.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ink {
    /// Silhouette colour.
    pub art: Color,
    /// Colour of cut-outs (snow, eyes, doors): usually the hex fill or paper.
    pub hole: Color,
    /// Line width in mm at the reference size of 30 mm (scaled with `s`).
    pub stroke: f64,
}

/// Box-relative point maker: `u`, `v` in -0.5..0.5 map into the box.
#[derive(Clone, Copy)]
struct B {
    c: Pt,
    s: f64,
}

impl B {
    fn p(self, u: f64, v: f64) -> Pt {
        Pt::new(self.c.x + u * self.s, self.c.y + v * self.s)
    }
    fn poly(self, pts: &[(f64, f64)]) -> Path {
        let v: Vec<Pt> = pts.iter().map(|(u, v)| self.p(*u, *v)).collect();
        Path::polygon(&v)
    }
    fn rect(self, u: f64, v: f64, w: f64, h: f64) -> Path {
        let a = self.p(u, v);
        Path::rect(Rect::new(a.x, a.y, w * self.s, h * self.s))
    }
    fn circle(self, u: f64, v: f64, r: f64) -> Path {
        Path::circle(self.p(u, v), r * self.s)
    }
    fn ellipse(self, u: f64, v: f64, rx: f64, ry: f64) -> Path {
        const K: f64 = 0.552_284_749_830_793_4;
        let (kx, ky) = (rx * K, ry * K);
        Path {
            segs: vec![
                Seg::Move(self.p(u + rx, v)),
                Seg::Cubic(self.p(u + rx, v + ky), self.p(u + kx, v + ry), self.p(u, v + ry)),
                Seg::Cubic(self.p(u - kx, v + ry), self.p(u - rx, v + ky), self.p(u - rx, v)),
                Seg::Cubic(self.p(u - rx, v - ky), self.p(u - kx, v - ry), self.p(u, v - ry)),
                Seg::Cubic(self.p(u + kx, v - ry), self.p(u + rx, v - ky), self.p(u + rx, v)),
                Seg::Close,
            ],
        }
    }
    fn line(self, a: (f64, f64), b: (f64, f64)) -> Path {
        Path::line(self.p(a.0, a.1), self.p(b.0, b.1))
    }
    /// A wave line of `n` humps from `u0` to `u1` at height `v`.
    fn wave(self, u0: f64, u1: f64, v: f64, amp: f64, n: usize) -> Path {
        let step = (u1 - u0) / n as f64;
        let mut segs = vec![Seg::Move(self.p(u0, v))];
        for i in 0..n {
            let x = u0 + step * i as f64;
            let a = if i % 2 == 0 { -amp } else { amp };
            segs.push(Seg::Cubic(
                self.p(x + step / 3.0, v + a),
                self.p(x + 2.0 * step / 3.0, v + a),
                self.p(x + step, v),
            ));
        }
        Path { segs }
    }
}

fn fill(path: Path, c: Color) -> Item {
    Item::Path { path, fill: Some(c), stroke: None }
}

fn line(path: Path, c: Color, w: f64) -> Item {
    Item::Path { path, fill: None, stroke: Some(Stroke::solid(c, w)) }
}

/// What every pictogram draws with: its box, the art and hole colours and the
/// line width scaled to the box.
#[derive(Clone, Copy)]
struct Pen {
    b: B,
    a: Color,
    h: Color,
    w: f64,
}

/// Draws `p` in a box of side `s` centred on `c`.
pub fn draw(p: Pictogram, c: Pt, s: f64, ink: &Ink) -> Vec<Item> {
    let pen = Pen { b: B { c, s }, a: ink.art, h: ink.hole, w: ink.stroke * s / 30.0 };
    match p {
        Pictogram::Trees => trees(pen),
        Pictogram::Sheep => sheep(pen),
        Pictogram::Wheat => wheat(pen),
        Pictogram::Bricks => bricks(pen),
        Pictogram::Peaks => peaks(pen),
        Pictogram::Dunes => dunes(pen),
        Pictogram::Nuggets => nuggets(pen),
        Pictogram::Waves => waves(pen),
        Pictogram::Ripples => ripples(pen),
        Pictogram::Castle => castle(pen),
        Pictogram::Blocks => blocks(pen),
        Pictogram::Flask => flask(pen),
        Pictogram::Columns => columns(pen),
        Pictogram::Sack => sack(pen),
        Pictogram::Fish => fish(pen),
        Pictogram::Net => net(pen),
        Pictogram::Anchor => anchor(pen),
        Pictogram::None => Vec::new(),
    }
}

/// Three fir trees on trunks.
fn trees(pen: Pen) -> Vec<Item> {
    let Pen { b, a, .. } = pen;
    let mut v = Vec::new();
    for (u, top, sc) in [(-0.28, -0.2, 0.8), (0.28, -0.2, 0.8), (0.0, -0.42, 1.0)] {
        v.push(fill(b.rect(u - 0.035 * sc, top + 0.62 * sc, 0.07 * sc, 0.2 * sc), a));
        v.push(fill(
            b.poly(&[
                (u, top),
                (u + 0.17 * sc, top + 0.3 * sc),
                (u + 0.09 * sc, top + 0.3 * sc),
                (u + 0.23 * sc, top + 0.64 * sc),
                (u - 0.23 * sc, top + 0.64 * sc),
                (u - 0.09 * sc, top + 0.3 * sc),
                (u - 0.17 * sc, top + 0.3 * sc),
            ]),
            a,
        ));
    }
    v
}

/// A sheep: woolly body of overlapping circles, head and legs.
fn sheep(pen: Pen) -> Vec<Item> {
    let Pen { b, a, h, .. } = pen;
    let mut v =
        vec![fill(b.rect(-0.22, 0.1, 0.07, 0.26), a), fill(b.rect(0.16, 0.1, 0.07, 0.26), a)];
    for (u, vv, r) in [
        (-0.2, -0.02, 0.16),
        (0.0, -0.1, 0.17),
        (0.2, -0.02, 0.16),
        (0.0, 0.08, 0.17),
        (-0.12, 0.1, 0.13),
        (0.12, 0.1, 0.13),
    ] {
        v.push(fill(b.circle(u, vv, r), a));
    }
    v.push(fill(b.ellipse(-0.4, -0.1, 0.1, 0.13), a));
    v.push(fill(b.circle(-0.43, -0.13, 0.025), h));
    v
}

/// Three leaning ears of wheat.
fn wheat(pen: Pen) -> Vec<Item> {
    let Pen { b, a, w, .. } = pen;
    let mut v = Vec::new();
    for (u, lean) in [(-0.22, -0.08), (0.0, 0.0), (0.22, 0.08)] {
        v.push(line(b.line((u, 0.45), (u + lean, -0.15)), a, 1.6 * w));
        for k in 0..4 {
            let t = -0.42 + 0.13 * f64::from(k);
            let x = u + lean * (0.45 - t) / 0.6;
            for side in [-1.0, 1.0] {
                let gx = x + side * 0.055;
                v.push(fill(b.ellipse(gx, t + 0.02, 0.04, 0.065), a));
            }
        }
        v.push(fill(b.ellipse(u + lean * 1.45, -0.47, 0.035, 0.06), a));
    }
    v
}

/// A wall of staggered bricks.
fn bricks(pen: Pen) -> Vec<Item> {
    let Pen { b, a, .. } = pen;
    let mut v = Vec::new();
    let (bw, bh, gap) = (0.3, 0.16, 0.04);
    for row in 0..4 {
        let y = -0.36 + f64::from(row) * (bh + gap);
        let off = if row % 2 == 0 { 0.0 } else { -(bw + gap) / 2.0 };
        let mut x = -0.5 + off;
        while x < 0.5 {
            let (x0, x1) = (x.max(-0.45), (x + bw).min(0.45));
            if x1 - x0 > 0.05 {
                v.push(fill(b.rect(x0, y, x1 - x0, bh), a));
            }
            x += bw + gap;
        }
    }
    v
}

/// Two mountain peaks with snow caps.
fn peaks(pen: Pen) -> Vec<Item> {
    let Pen { b, a, h, .. } = pen;
    vec![
        fill(b.poly(&[(-0.5, 0.38), (-0.12, -0.2), (0.22, 0.38)]), a),
        fill(b.poly(&[(-0.2, 0.38), (0.2, -0.45), (0.5, 0.38)]), a),
        fill(
            b.poly(&[
                (0.2, -0.45),
                (0.32, -0.2),
                (0.25, -0.14),
                (0.19, -0.22),
                (0.12, -0.12),
                (0.08, -0.2),
            ]),
            h,
        ),
        fill(
            b.poly(&[(-0.12, -0.2), (-0.03, -0.06), (-0.1, -0.09), (-0.16, -0.02), (-0.21, -0.06)]),
            h,
        ),
    ]
}

/// Two dunes under the sun.
fn dunes(pen: Pen) -> Vec<Item> {
    let Pen { b, a, .. } = pen;
    vec![
        fill(b.circle(0.22, -0.22, 0.14), a),
        fill(
            Path {
                segs: vec![
                    Seg::Move(b.p(-0.5, 0.4)),
                    Seg::Cubic(b.p(-0.35, 0.02), b.p(-0.1, 0.02), b.p(0.1, 0.4)),
                    Seg::Close,
                ],
            },
            a,
        ),
        fill(
            Path {
                segs: vec![
                    Seg::Move(b.p(-0.05, 0.4)),
                    Seg::Cubic(b.p(0.15, 0.12), b.p(0.35, 0.12), b.p(0.5, 0.4)),
                    Seg::Close,
                ],
            },
            a,
        ),
    ]
}

/// Three gold bars with a glint.
fn nuggets(pen: Pen) -> Vec<Item> {
    let Pen { b, a, w, .. } = pen;
    let bar = |u: f64, v: f64| {
        b.poly(&[(u - 0.2, v + 0.15), (u - 0.14, v), (u + 0.14, v), (u + 0.2, v + 0.15)])
    };
    vec![
        fill(bar(-0.21, 0.2), a),
        fill(bar(0.21, 0.2), a),
        fill(bar(0.0, 0.02), a),
        line(b.line((-0.04, -0.3), (-0.04, -0.16)), a, w),
        line(b.line((-0.13, -0.26), (-0.09, -0.18)), a, w),
        line(b.line((0.05, -0.26), (0.01, -0.18)), a, w),
    ]
}

/// Three rows of waves.
fn waves(pen: Pen) -> Vec<Item> {
    let Pen { b, a, w, .. } = pen;
    [-0.25, 0.0, 0.25]
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let shift = if i % 2 == 0 { 0.0 } else { 0.1 };
            line(b.wave(-0.45 + shift, 0.35 + shift, *v, 0.08, 4), a, 1.4 * w)
        })
        .collect()
}

/// Ripples on still water.
fn ripples(pen: Pen) -> Vec<Item> {
    let Pen { b, a, w, .. } = pen;
    vec![
        line(b.ellipse(0.0, 0.05, 0.45, 0.2), a, 1.2 * w),
        line(b.ellipse(0.0, 0.05, 0.28, 0.12), a, 1.2 * w),
        fill(b.ellipse(0.0, 0.05, 0.1, 0.04), a),
    ]
}

/// A castle wall with battlements, flag and gate.
fn castle(pen: Pen) -> Vec<Item> {
    let Pen { b, a, h, w } = pen;
    vec![
        fill(
            b.poly(&[
                (-0.4, 0.4),
                (-0.4, -0.3),
                (-0.3, -0.3),
                (-0.3, -0.2),
                (-0.2, -0.2),
                (-0.2, -0.3),
                (-0.1, -0.3),
                (-0.1, -0.05),
                (0.1, -0.05),
                (0.1, -0.3),
                (0.2, -0.3),
                (0.2, -0.2),
                (0.3, -0.2),
                (0.3, -0.3),
                (0.4, -0.3),
                (0.4, 0.4),
            ]),
            a,
        ),
        fill(b.rect(-0.06, -0.3, 0.12, 0.08), a),
        line(b.line((0.0, -0.3), (0.0, -0.48)), a, w),
        fill(b.poly(&[(0.0, -0.48), (0.16, -0.43), (0.0, -0.38)]), a),
        fill(
            Path {
                segs: vec![
                    Seg::Move(b.p(-0.1, 0.4)),
                    Seg::Line(b.p(-0.1, 0.18)),
                    Seg::Cubic(b.p(-0.1, 0.06), b.p(0.1, 0.06), b.p(0.1, 0.18)),
                    Seg::Line(b.p(0.1, 0.4)),
                    Seg::Close,
                ],
            },
            h,
        ),
    ]
}

/// A pile of stone blocks and a pick.
fn blocks(pen: Pen) -> Vec<Item> {
    let Pen { b, a, w, .. } = pen;
    let mut v = Vec::new();
    for (u, vv) in
        [(-0.45, 0.12), (-0.14, 0.12), (0.17, 0.12), (-0.3, -0.12), (0.01, -0.12), (-0.14, -0.36)]
    {
        v.push(fill(b.rect(u, vv, 0.28, 0.21), a));
    }
    v.push(line(b.line((0.3, -0.42), (0.46, -0.1)), a, 1.5 * w));
    v.push(fill(b.poly(&[(0.24, -0.36), (0.36, -0.46), (0.42, -0.42), (0.3, -0.32)]), a));
    v
}

/// A laboratory flask.
fn flask(pen: Pen) -> Vec<Item> {
    let Pen { b, a, h, .. } = pen;
    vec![
        fill(
            b.poly(&[
                (-0.08, -0.45),
                (0.08, -0.45),
                (0.08, -0.1),
                (0.32, 0.4),
                (-0.32, 0.4),
                (-0.08, -0.1),
            ]),
            a,
        ),
        fill(b.poly(&[(-0.2, 0.15), (0.2, 0.15), (0.27, 0.33), (-0.27, 0.33)]), h),
        fill(b.rect(-0.12, -0.48, 0.24, 0.05), a),
    ]
}

/// A temple front on four columns.
fn columns(pen: Pen) -> Vec<Item> {
    let Pen { b, a, .. } = pen;
    let mut v = vec![
        fill(b.poly(&[(-0.45, -0.2), (0.0, -0.45), (0.45, -0.2)]), a),
        fill(b.rect(-0.45, 0.32, 0.9, 0.08), a),
        fill(b.rect(-0.4, -0.18, 0.8, 0.06), a),
    ];
    for k in 0..4 {
        v.push(fill(b.rect(-0.34 + 0.21 * f64::from(k), -0.1, 0.1, 0.4), a));
    }
    v
}

/// A tied sack with a coin mark.
fn sack(pen: Pen) -> Vec<Item> {
    let Pen { b, a, h, w } = pen;
    vec![
        fill(
            Path {
                segs: vec![
                    Seg::Move(b.p(-0.12, -0.2)),
                    Seg::Cubic(b.p(-0.45, 0.0), b.p(-0.45, 0.42), b.p(0.0, 0.42)),
                    Seg::Cubic(b.p(0.45, 0.42), b.p(0.45, 0.0), b.p(0.12, -0.2)),
                    Seg::Close,
                ],
            },
            a,
        ),
        fill(b.poly(&[(-0.12, -0.2), (-0.2, -0.42), (0.0, -0.32), (0.2, -0.42), (0.12, -0.2)]), a),
        line(b.line((-0.16, -0.22), (0.16, -0.22)), h, w),
        fill(b.circle(0.0, 0.14, 0.08), h),
    ]
}

/// Three fish.
fn fish(pen: Pen) -> Vec<Item> {
    let Pen { b, a, h, .. } = pen;
    let fish = |u: f64, v: f64, k: f64| {
        vec![
            fill(
                Path {
                    segs: vec![
                        Seg::Move(b.p(u - 0.22 * k, v)),
                        Seg::Cubic(
                            b.p(u - 0.1 * k, v - 0.14 * k),
                            b.p(u + 0.1 * k, v - 0.14 * k),
                            b.p(u + 0.18 * k, v),
                        ),
                        Seg::Cubic(
                            b.p(u + 0.1 * k, v + 0.14 * k),
                            b.p(u - 0.1 * k, v + 0.14 * k),
                            b.p(u - 0.22 * k, v),
                        ),
                        Seg::Close,
                    ],
                },
                a,
            ),
            fill(
                b.poly(&[
                    (u + 0.14 * k, v),
                    (u + 0.3 * k, v - 0.1 * k),
                    (u + 0.3 * k, v + 0.1 * k),
                ]),
                a,
            ),
            fill(b.circle(u - 0.12 * k, v - 0.025 * k, 0.022 * k), h),
        ]
    };
    let mut v = fish(-0.12, -0.22, 1.0);
    v.extend(fish(0.14, 0.02, 1.0));
    v.extend(fish(-0.1, 0.27, 1.0));
    v
}

/// A round net hung from a pole, with a fish.
fn net(pen: Pen) -> Vec<Item> {
    let Pen { b, a, h, w } = pen;
    let mut mesh = Vec::new();
    for k in 0..7 {
        let t = -0.6 + 0.2 * f64::from(k);
        mesh.push(line(b.line((t - 0.1, -0.42), (t + 0.3, 0.42)), a, 0.7 * w));
        mesh.push(line(b.line((t + 0.1, -0.42), (t - 0.3, 0.42)), a, 0.7 * w));
    }
    let mut v = vec![Item::Group {
        transform: crate::scene::Transform::IDENTITY,
        clip: Some(b.ellipse(0.0, 0.0, 0.48, 0.44)),
        items: mesh,
    }];
    v.push(line(b.line((-0.48, -0.42), (0.48, -0.42)), a, 1.6 * w));
    v.push(fill(
        Path {
            segs: vec![
                Seg::Move(b.p(-0.3, 0.1)),
                Seg::Cubic(b.p(-0.15, -0.1), b.p(0.12, -0.1), b.p(0.22, 0.1)),
                Seg::Cubic(b.p(0.12, 0.3), b.p(-0.15, 0.3), b.p(-0.3, 0.1)),
                Seg::Close,
            ],
        },
        a,
    ));
    v.push(fill(b.poly(&[(0.18, 0.1), (0.38, -0.04), (0.38, 0.24)]), a));
    v.push(fill(b.circle(-0.18, 0.06, 0.03), h));
    v
}

/// An anchor.
fn anchor(pen: Pen) -> Vec<Item> {
    let Pen { b, a, w, .. } = pen;
    vec![
        line(b.circle(0.0, -0.36, 0.08), a, 1.4 * w),
        fill(b.rect(-0.035, -0.28, 0.07, 0.66), a),
        fill(b.rect(-0.22, -0.18, 0.44, 0.06), a),
        line(
            Path {
                segs: vec![
                    Seg::Move(b.p(-0.34, 0.12)),
                    Seg::Cubic(b.p(-0.3, 0.4), b.p(0.3, 0.4), b.p(0.34, 0.12)),
                ],
            },
            a,
            2.2 * w,
        ),
        fill(b.poly(&[(-0.42, 0.16), (-0.34, 0.02), (-0.24, 0.16)]), a),
        fill(b.poly(&[(0.42, 0.16), (0.34, 0.02), (0.24, 0.16)]), a),
    ]
}
