//! The pieces declared by counts ([`ComponentCounts`]): gold coins, trade
//! tokens, castaway tokens, present tiles, fish tokens and fishing-ground
//! tiles.

use super::{piece, set, tally, tokens};
use crate::compose::pieces::piece::{Piece, PieceSet, Shape};
use crate::compose::pieces::theme_art::MapArt;
use crate::compose::pieces::tokens::Ink;
use crate::compose::pieces::ComponentCounts;
use crate::model::sides::SideLook;
use crate::scene::{Item, Path, Pt, Rect, Weight};
use crate::settings::sheets::ComponentSizes;
use crate::vocab::Resource;

/// Token sets declared by counts: gold coins, trade tokens, castaway
/// tokens, present tiles, fish tokens and fishing grounds.
pub(super) fn from_counts(
    c: &ComponentCounts,
    sizes: &ComponentSizes,
    art: &dyn MapArt,
) -> Vec<PieceSet> {
    let ink = art.ink();
    let mut out = Vec::new();
    let coin = Shape::Circle { diameter: sizes.coin };
    out.extend(set(
        "Gold coins",
        vec![piece(
            "gold coin".into(),
            coin,
            tokens::gold_coin(sizes.coin, ink),
            Some(tokens::gold_coin(sizes.coin, ink)),
            c.gold_coins,
        )],
    ));
    out.extend(set("Trade tokens", trade_tokens(c, sizes, ink)));
    out.extend(set("Castaway tokens", castaway_tokens(c, sizes, art)));
    let sq = sizes.square;
    out.extend(set(
        "Present tiles",
        vec![piece(
            "present tile".into(),
            Shape::Square { side: sq },
            tokens::present_front(sq, ink),
            Some(tokens::present_back(sq, ink)),
            c.presents,
        )],
    ));
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
    for (name, look, n) in &c.side_pieces {
        out.extend(set(name, vec![side_piece(name, *look, *n, sizes, ink)]));
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
fn trade_tokens(c: &ComponentCounts, sizes: &ComponentSizes, ink: Ink) -> Vec<Piece> {
    let d = sizes.token;
    c.trade_tokens
        .iter()
        .map(|t| {
            piece(
                format!("trade token {} at {}", t.goods.name(), t.building.name()),
                Shape::Circle { diameter: d },
                tokens::trade_front(t.goods, d, ink),
                Some(tokens::trade_back(t.building, d, ink)),
                t.count,
            )
        })
        .collect()
}

/// Castaway tokens: what rescuing costs on the front.
fn castaway_tokens(c: &ComponentCounts, sizes: &ComponentSizes, art: &dyn MapArt) -> Vec<Piece> {
    let sq = sizes.square;
    c.castaways
        .iter()
        .map(|t| {
            let names: Vec<String> =
                t.cost.iter().map(|(r, n)| format!("{n} {}", r.name())).collect();
            piece(
                format!("castaway {}", names.join(" ")),
                Shape::Square { side: sq },
                castaway_front(&t.cost, sq, art),
                Some(tokens::castaway_back(sq, art.ink())),
                t.count,
            )
        })
        .collect()
}

/// Fish tokens 1 to 3, and the old boot, all with the same back.
fn fish_tokens(c: &ComponentCounts, sizes: &ComponentSizes, ink: Ink) -> (Vec<Piece>, Piece) {
    let fd = sizes.fish;
    let fish_shape = Shape::Circle { diameter: fd };
    let back = tokens::fish_back(fd, ink);
    let fish: Vec<Piece> = (1..=3u8)
        .map(|n| {
            piece(
                format!("fish token {n}"),
                fish_shape,
                tokens::fish_token(n, fd, ink),
                Some(back.clone()),
                c.fish[usize::from(n - 1)],
            )
        })
        .collect();
    let boot = piece(
        "old boot".into(),
        fish_shape,
        tokens::fish_token(0, fd, ink),
        Some(back.clone()),
        c.old_boots,
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
