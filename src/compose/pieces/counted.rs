//! The pieces a scenario's `[components]` declares by count
//! ([`Components`]): gold coins, trade tokens, castaway tokens, present
//! tiles, fish tokens, fishing-ground tiles and side-feature pieces.

use super::{piece, set, tally, tokens};
use crate::compose::pieces::piece::{Piece, PieceSet, Shape};
use crate::compose::pieces::theme_art::MapArt;
use crate::compose::pieces::tokens::Ink;
use crate::model::costs::{Cost, Pay};
use crate::model::material::Components;
use crate::model::sides::SideLook;
use crate::scene::{Item, Path, Pt, Rect, Weight};
use crate::settings::sheets::ComponentSizes;
use crate::vocab::Resource;

/// Token sets declared by counts: gold coins, trade tokens, castaway
/// tokens, present tiles, fish tokens, fishing grounds and side pieces.
pub(super) fn from_counts(
    c: &Components,
    sizes: &ComponentSizes,
    art: &dyn MapArt,
) -> Vec<PieceSet> {
    let ink = art.ink();
    let mut out = Vec::new();
    for &(kind, n) in &c.counted {
        let (shape, front, back) = tokens::counted_faces(kind, sizes, ink);
        let k = kind.kind();
        out.extend(set(k.set, vec![piece(k.piece.into(), shape, front, back, n)]));
    }
    out.extend(set("Trade tokens", trade_tokens(c, sizes, ink)));
    out.extend(set("Castaway tokens", castaway_tokens(c, sizes, art)));
    // The old boot shares the fish tokens' back but is no fish token: a set
    // of its own, so every sheet and the plan count the two as the handout
    // does.
    let (fish, boot) = fish_tokens(c, sizes, ink);
    out.extend(set("Fish tokens", fish));
    out.extend(set("Old boot", vec![boot]));
    let grounds = tally(c.fishing_grounds.iter().copied())
        .into_iter()
        .map(|(n, k)| {
            piece(
                format!("fishing ground {n}"),
                Shape::Hex { flat: sizes.hex_flat },
                fishing_ground(n, sizes, art),
                None,
                k,
            )
        })
        .collect();
    out.extend(set("Fishing grounds", grounds));
    for p in &c.side_pieces {
        out.extend(set(&p.name, vec![side_piece(&p.name, p.look, p.count, sizes, ink)]));
    }
    out
}

/// A side feature's piece (a bridge to build): a square token showing the
/// feature as the map draws it, at the map's scale, across the token's
/// middle, on both sides; it lies on the middle of a hex side.
fn side_piece(name: &str, look: SideLook, n: u32, sizes: &ComponentSizes, ink: Ink) -> Piece {
    use crate::compose::map::sides::{side_whole, SideInks};
    let sq = sizes.square;
    let inks = SideInks {
        ink: ink.line(ink.inks.piece_ink),
        water: ink.fill(ink.inks.water),
        deck: ink.fill(ink.inks.token_face),
    };
    let h = sq / 2.0 + 4.0;
    let mut front = vec![Item::Path {
        path: Path::rect(Rect::new(-h, -h, 2.0 * h, 2.0 * h)),
        fill: Some(ink.fill(ink.inks.piece_paper)),
        stroke: None,
    }];
    // The river runs across the token, past its edges into the bleed.
    let (a, b) = (Pt::new(-h, 0.0), Pt::new(h, 0.0));
    front.extend(side_whole(look, a, b, sizes.hex_flat, inks));
    let singular = name.strip_suffix(" pieces").unwrap_or(name).to_lowercase();
    // Both sides alike (like the coins): the piece reads the same whichever
    // way up it lies, and it prints with the other two-sided square tokens.
    let back = front.clone();
    piece(format!("{singular} piece"), Shape::Square { side: sq }, front, Some(back), n)
}

/// Trade tokens: the goods on the front, the building on the back.
fn trade_tokens(c: &Components, sizes: &ComponentSizes, ink: Ink) -> Vec<Piece> {
    let d = sizes.token;
    c.trade_tokens
        .iter()
        .flat_map(|t| t.goods.iter().map(move |&(goods, count)| (t.building, goods, count)))
        .map(|(building, goods, count)| {
            piece(
                format!("trade token {} at {}", goods.name(), building.name()),
                Shape::Circle { diameter: d },
                tokens::trade_front(goods, d, ink),
                Some(tokens::trade_back(building, d, ink)),
                count,
            )
        })
        .collect()
}

/// Castaway tokens: what rescuing costs on the front.
fn castaway_tokens(c: &Components, sizes: &ComponentSizes, art: &dyn MapArt) -> Vec<Piece> {
    let sq = sizes.square;
    c.castaway_tokens
        .iter()
        .map(|t| {
            let cost = resource_cost(&t.cost);
            let names: Vec<String> =
                cost.iter().map(|(r, n)| format!("{n} {}", r.name())).collect();
            piece(
                format!("castaway {}", names.join(" ")),
                Shape::Square { side: sq },
                castaway_front(&cost, sq, art),
                Some(tokens::castaway_back(sq, art.ink())),
                t.count,
            )
        })
        .collect()
}

/// The resources of a castaway's cost, with amounts (the scenario's check
/// lets only resources into a castaway's cost).
fn resource_cost(cost: &Cost) -> Vec<(Resource, u8)> {
    cost.iter()
        .filter_map(|(p, n)| match p {
            Pay::Resource(r) => Some((*r, (*n).min(255) as u8)),
            _ => None,
        })
        .collect()
}

/// Fish tokens 1 to 3, and the old boot, all with the same back.
fn fish_tokens(c: &Components, sizes: &ComponentSizes, ink: Ink) -> (Vec<Piece>, Piece) {
    let fd = sizes.fish;
    let f = c.fish_tokens.unwrap_or_default();
    let counts = [f.one, f.two, f.three];
    let fish_shape = Shape::Circle { diameter: fd };
    let back = tokens::fish_back(fd, ink);
    let fish: Vec<Piece> = (1..=3u8)
        .map(|n| {
            piece(
                format!("fish token {n}"),
                fish_shape,
                tokens::fish_token(n, fd, ink),
                Some(back.clone()),
                counts[usize::from(n - 1)],
            )
        })
        .collect();
    let boot = piece(
        "old boot".into(),
        fish_shape,
        tokens::fish_token(0, fd, ink),
        Some(back.clone()),
        f.old_boot,
    );
    (fish, boot)
}

/// Face of a castaway token: what rescuing costs.
fn castaway_front(cost: &[(Resource, u8)], side: f64, art: &dyn MapArt) -> Vec<Item> {
    let ink = art.ink();
    let h = side / 2.0 + 4.0;
    let mut v = vec![Item::Path {
        path: Path::rect(Rect::new(-h, -h, 2.0 * h, 2.0 * h)),
        fill: Some(ink.fill(ink.inks.piece_paper)),
        stroke: None,
    }];
    v.push(tokens::label(-side * 0.3, "rescue", side * 0.12, true, ink));
    let icons: Vec<Resource> =
        cost.iter().flat_map(|(r, n)| std::iter::repeat_n(*r, usize::from(*n))).collect();
    let s = (side * 0.8 / icons.len().max(1) as f64).min(side * 0.26);
    for (i, r) in icons.iter().enumerate() {
        let x = (i as f64 - (icons.len() as f64 - 1.0) / 2.0) * s;
        v.extend(art.resource_icon(*r, Pt::new(x, -side * 0.04), s * 0.9));
    }
    // The cost in words under the icons, on as many lines as it takes at the
    // smallest readable size.
    let names: Vec<String> = cost.iter().map(|(r, n)| format!("{n} {}", r.name())).collect();
    let size = tokens::min_text();
    let lines = cost_lines(&names, size, side * 0.92);
    let mut y = side * 0.5 - 1.2 - (lines.len() as f64 - 1.0) * size * 1.15;
    for l in &lines {
        v.push(tokens::label(y, l, size, false, ink));
        y += size * 1.15;
    }
    v
}

/// `names` joined by " + " into lines no wider than `max` mm, breaking only
/// between items (so "1 lumber" never splits).
fn cost_lines(names: &[String], size: f64, max: f64) -> Vec<String> {
    let units = names.iter().map(String::as_str);
    let mut lines =
        crate::compose::flow::wrap::pack_units(units, " + ", Weight::Regular, size, max);
    let broken = lines.len().saturating_sub(1);
    for l in &mut lines[..broken] {
        l.push_str(" +");
    }
    lines
}

/// Fishing-ground tile: water, a fish and its number.
fn fishing_ground(n: u8, sizes: &ComponentSizes, art: &dyn MapArt) -> Vec<Item> {
    let f = sizes.hex_flat;
    let ink = art.ink();
    // The water reaches the full 4 mm past every edge.
    let mut v = vec![Item::Path {
        path: crate::scene::HexGeom::new(f + 8.0).outline(Pt::default()),
        fill: Some(ink.fill(ink.inks.fishing_ground)),
        stroke: None,
    }];
    v.extend(tokens::fish(Pt::new(0.0, -f * 0.2), f * 0.34, ink));
    v.push(tokens::label(-f * 0.34, "fishing ground", f * 0.06, true, ink));
    v.extend(art.number_chip(n, sizes.chip).into_iter().map(|i| Item::Group {
        transform: crate::scene::Transform::translate(0.0, f * 0.16),
        clip: Some(Path::circle(Pt::default(), sizes.chip / 2.0)),
        items: vec![i],
    }));
    v
}
