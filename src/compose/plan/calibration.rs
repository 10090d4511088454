//! The calibration sheet: a 100 mm ruler, one hex outline and one chip at
//! the set sizes (to hold a real piece against), and a front/back alignment
//! test whose back crosses sit at the mirrored positions of the front ones.
//!
//! The printer profile applies here too, so after setting a correction the
//! sheet can be printed again to check it.

use crate::compose::pieces::honeycomb;
use crate::compose::pieces::impose::{back_centre, page_transform, BACK_SUFFIX};
use crate::scene::{Anchor, Color, Item, Page, Path, Pt, Side, Stroke, TextStyle, Weight};
use crate::settings::sheets::{Orientation, SheetOptions};
use crate::units::num;

/// Draws the calibration sheet's lines and text in one colour (the theme's
/// `inks.calibration`).
#[derive(Clone, Copy)]
struct Pen(Color);

impl Pen {
    fn stroke(self, path: Path, width: f64) -> Item {
        Item::Path { path, fill: None, stroke: Some(Stroke::solid(self.0, width)) }
    }

    fn text(
        self,
        x: f64,
        y: f64,
        s: impl Into<String>,
        size: f64,
        anchor: Anchor,
        bold: bool,
    ) -> Item {
        Item::Text {
            pos: Pt::new(x, y),
            text: s.into(),
            style: TextStyle {
                size,
                weight: if bold { Weight::Bold } else { Weight::Regular },
                anchor,
                color: self.0,
                role: crate::scene::TextRole::Body,
            },
        }
    }
}

/// A 100 mm ruler starting at `(x, y)` (top of the ticks), ticks every mm,
/// in `color`.
pub fn ruler(x: f64, y: f64, color: Color) -> Vec<Item> {
    let pen = Pen(color);
    let mut ticks = Path::default();
    for mm in 0..=100u32 {
        let len = if mm % 10 == 0 {
            6.0
        } else if mm % 5 == 0 {
            4.0
        } else {
            2.5
        };
        let tx = x + f64::from(mm);
        ticks.segs.extend(Path::line(Pt::new(tx, y), Pt::new(tx, y + len)).segs);
    }
    let mut v = vec![
        pen.stroke(Path::line(Pt::new(x, y), Pt::new(x + 100.0, y)), 0.2),
        pen.stroke(ticks, 0.15),
    ];
    for cm in 0..=10u32 {
        v.push(pen.text(
            x + f64::from(cm) * 10.0,
            y + 9.5,
            cm.to_string(),
            3.0,
            Anchor::Middle,
            false,
        ));
    }
    v.push(pen.text(
        x + 50.0,
        y + 14.0,
        "100 mm: measure this bar. If it is not exactly 10 cm, make the pack again with --ruler and what it measured (e.g. --ruler 99.2).",
        3.0,
        Anchor::Middle,
        false,
    ));
    v
}

/// A crosshair with a 1 mm scale, for reading an offset against the light.
fn cross(pen: Pen, c: Pt, back: bool) -> Item {
    let arm = 8.0;
    let mut p = Path::default();
    p.segs.extend(Path::line(Pt::new(c.x - arm, c.y), Pt::new(c.x + arm, c.y)).segs);
    p.segs.extend(Path::line(Pt::new(c.x, c.y - arm), Pt::new(c.x, c.y + arm)).segs);
    if back {
        for i in 1..=6 {
            let d = f64::from(i);
            for s in [-1.0, 1.0] {
                p.segs.extend(
                    Path::line(Pt::new(c.x + s * d, c.y - 0.8), Pt::new(c.x + s * d, c.y + 0.8))
                        .segs,
                );
                p.segs.extend(
                    Path::line(Pt::new(c.x - 0.8, c.y + s * d), Pt::new(c.x + 0.8, c.y + s * d))
                        .segs,
                );
            }
        }
    } else {
        p.segs.extend(Path::circle(c, 2.0).segs);
    }
    pen.stroke(p, 0.2)
}

/// Where the alignment crosses go on a `w` x `h` page.
pub(crate) fn cross_positions(w: f64, h: f64, opts: &SheetOptions) -> Vec<Pt> {
    let inset = opts.margin + 15.0;
    vec![
        Pt::new(inset, h - inset - 30.0),
        Pt::new(w - inset, h - inset - 30.0),
        Pt::new(w / 2.0, h - inset - 30.0),
        // Off the symmetry axes: shows a wrong flip edge at once.
        Pt::new(inset, h * 0.56),
    ]
}

/// The calibration sheet: front page, then its back page (footers are
/// added by [`crate::compose::pieces::footers::stamp_footers`]).
pub fn calibration_pages(opts: &SheetOptions) -> Vec<Page> {
    calibration_pages_for(opts, false)
}

/// [`calibration_pages`] turned to landscape when `landscape`: the pack's
/// two-sided sheets lie so, and the front/back test must flip the same way.
pub(crate) fn calibration_pages_for(opts: &SheetOptions, landscape: bool) -> Vec<Page> {
    let o = if landscape { Orientation::Landscape } else { Orientation::Portrait };
    let (w, h) = opts.paper.size(o);
    let m = opts.margin;
    let pen = Pen(opts.inks.calibration);
    let mut front = Vec::new();
    front.push(pen.text(
        w / 2.0,
        m + 8.0,
        "Calibration sheet: print at 100 % (actual size)",
        5.0,
        Anchor::Middle,
        true,
    ));
    front.extend(ruler((w - 100.0) / 2.0, m + 20.0, opts.inks.calibration));
    let hc = Pt::new(w / 2.0 - 25.0, m + 50.0 + honeycomb::radius(opts.sizes.hex_flat));
    front.extend(hex_gauge(pen, hc, opts.sizes.hex_flat));
    front.extend(chip_gauge(pen, Pt::new(w / 2.0 + 45.0, hc.y), opts.sizes.chip));
    let crosses = cross_positions(w, h, opts);
    front.extend(alignment_test(pen, w, &crosses));
    let mut back =
        vec![pen.text(w / 2.0, m + 8.0, "Calibration sheet: back", 5.0, Anchor::Middle, true)];
    back.extend(crosses.iter().map(|c| cross(pen, back_centre(*c, w, h, &opts.printer), true)));
    let duplex = opts.printer.duplex.name();
    back.push(pen.text(
        w / 2.0,
        h / 2.0,
        format!("printed for flipping on the {duplex} edge"),
        3.0,
        Anchor::Middle,
        false,
    ));
    let wrap = |items: Vec<Item>, label: String, side: Side| {
        let mut p = Page::new(w, h, label).with_side(side);
        p.push(Item::Group { transform: page_transform(w, h, &opts.printer), clip: None, items });
        p
    };
    vec![
        wrap(front, "calibration".into(), Side::Front),
        wrap(back, format!("calibration{BACK_SUFFIX}"), Side::Back),
    ]
}

/// The hex outline at the set size (`flat` mm across), centred on `hc`,
/// with its flat-to-flat width marked.
fn hex_gauge(pen: Pen, hc: Pt, flat: f64) -> Vec<Item> {
    let r = honeycomb::radius(flat);
    let mut items = vec![Item::Group {
        transform: crate::scene::Transform::translate(hc.x, hc.y),
        clip: None,
        items: vec![pen.stroke(honeycomb::clip_outline(flat, 0.0, &[None; 6]), 0.3)],
    }];
    let y = hc.y;
    items.push(
        pen.stroke(Path::line(Pt::new(hc.x - flat / 2.0, y), Pt::new(hc.x + flat / 2.0, y)), 0.2),
    );
    for x in [hc.x - flat / 2.0, hc.x + flat / 2.0] {
        items.push(pen.stroke(Path::line(Pt::new(x, y - 2.0), Pt::new(x, y + 2.0)), 0.2));
    }
    items.push(pen.text(
        hc.x,
        y - 2.0,
        format!("{} mm flat to flat", num(flat)),
        3.0,
        Anchor::Middle,
        false,
    ));
    items.push(pen.text(
        hc.x,
        hc.y + r + 6.0,
        "hex tile: hold a real tile on it",
        3.0,
        Anchor::Middle,
        false,
    ));
    items
}

/// The chip circle (`chip` mm across) centred on `cc`, with its diameter.
fn chip_gauge(pen: Pen, cc: Pt, chip: f64) -> Vec<Item> {
    vec![
        pen.stroke(Path::circle(cc, chip / 2.0), 0.3),
        pen.stroke(
            Path::line(Pt::new(cc.x - chip / 2.0, cc.y), Pt::new(cc.x + chip / 2.0, cc.y)),
            0.2,
        ),
        pen.text(
            cc.x,
            cc.y + chip / 2.0 + 5.0,
            format!("chip {} mm", num(chip)),
            3.0,
            Anchor::Middle,
            false,
        ),
    ]
}

/// The front/back test on a page `w` mm wide: its instructions above the
/// circles at `crosses`.
fn alignment_test(pen: Pen, w: f64, crosses: &[Pt]) -> Vec<Item> {
    let ty = crosses[0].y - 22.0;
    let mut items = vec![
        pen.text(
            w / 2.0,
            ty,
            "Front/back test: print this sheet two-sided, hold it to the light.",
            3.0,
            Anchor::Middle,
            true,
        ),
        pen.text(
            w / 2.0,
            ty + 5.0,
            "Each circle should sit on the cross of the back; if not, read how far it lies from it in mm",
            3.0,
            Anchor::Middle,
            false,
        ),
    ];
    items.push(pen.text(
        w / 2.0,
        ty + 10.0,
        "(x right, y down, as seen on the back) and make the pack again with --back-offset X,Y added.",
        3.0,
        Anchor::Middle,
        false,
    ));
    items.extend(crosses.iter().map(|c| cross(pen, *c, false)));
    items
}
