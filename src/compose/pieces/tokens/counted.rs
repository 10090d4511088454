//! The faces of the pieces a scenario declares by a plain count
//! ([`Counted`]): one arm per kind, so a new kind's face lives here.

use super::{disc, label, outline, poly, shape, Ink};
use crate::compose::pieces::piece::Shape;
use crate::scenario::token_table::Counted;
use crate::scene::{Item, Path, Pt, Rect};
use crate::settings::sheets::ComponentSizes;

/// A counted piece's outline, face and back (`None`: a plain back).
pub fn counted_faces(
    kind: Counted,
    sizes: &ComponentSizes,
    ink: Ink,
) -> (Shape, Vec<Item>, Option<Vec<Item>>) {
    match kind {
        Counted::GoldChits => {
            let d = sizes.coin;
            (Shape::Circle { diameter: d }, gold_coin(d, ink), Some(gold_coin(d, ink)))
        }
        Counted::PresentTiles => {
            let sq = sizes.square;
            (Shape::Square { side: sq }, present_front(sq, ink), Some(present_back(sq, ink)))
        }
    }
}

/// A gold coin (both sides alike).
pub fn gold_coin(d: f64, ink: Ink) -> Vec<Item> {
    let mut v = disc(d, ink.inks.gold, ink);
    v.push(outline(Path::circle(Pt::default(), d / 2.0 - 2.4), 0.2, ink));
    v.push(label(d * 0.14, "1", d * 0.42, true, ink));
    v.push(label(d * 0.34, "gold", d * 0.12, false, ink));
    v
}

/// Face of a present tile (Santa's workshop): a wrapped gift.
pub(crate) fn present_front(side: f64, ink: Ink) -> Vec<Item> {
    let h = side / 2.0 + 4.0;
    let s = side;
    let mut v = vec![shape(
        Path::rect(Rect::new(-h, -h, 2.0 * h, 2.0 * h)),
        ink.inks.piece_paper,
        0.0,
        ink,
    )];
    // Box, lid, ribbons and bow.
    v.push(shape(
        Path::rect(Rect::new(-0.26 * s, -0.1 * s, 0.52 * s, 0.34 * s)),
        ink.inks.gift,
        0.3,
        ink,
    ));
    v.push(shape(
        Path::rect(Rect::new(-0.3 * s, -0.2 * s, 0.6 * s, 0.11 * s)),
        ink.inks.gift,
        0.3,
        ink,
    ));
    v.push(shape(
        Path::rect(Rect::new(-0.04 * s, -0.2 * s, 0.08 * s, 0.44 * s)),
        ink.inks.ribbon,
        0.2,
        ink,
    ));
    for dir in [-1.0, 1.0] {
        v.push(shape(
            poly(&[(0.0, 0.0), (0.16 * dir, -0.1), (0.16 * dir, 0.06)], Pt::new(0.0, -0.2 * s), s),
            ink.inks.ribbon,
            0.2,
            ink,
        ));
    }
    v.push(label(0.4 * s, "present", 0.13 * s, true, ink));
    v
}

/// Back of a present tile: plain, so presents cannot be told apart.
pub(crate) fn present_back(side: f64, ink: Ink) -> Vec<Item> {
    let h = side / 2.0 + 4.0;
    let mut v =
        vec![shape(Path::rect(Rect::new(-h, -h, 2.0 * h, 2.0 * h)), ink.inks.gift, 0.0, ink)];
    v.push(outline(
        Path::rect(Rect::new(-side * 0.4, -side * 0.4, side * 0.8, side * 0.8)),
        0.3,
        ink,
    ));
    v
}
