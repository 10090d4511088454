//! Art for the generic components a scenario describes as data
//! ([`crate::model::parts`]): tokens with a text face and back, cards with a
//! title and a text, and tracks of numbered spaces for markers. Plain by
//! design: every part names itself in words, so any look and any ink reads.

use crate::compose::flow::wrap::wrap_plain;
use crate::compose::pieces::piece::{Piece, PieceSet, Shape};
use crate::compose::pieces::tokens::{cut_guide, min_text, Ink};
use crate::fonts::text_width;
use crate::model::parts::{Card, Parts, Token, TokenShape, Track};
use crate::scene::{Anchor, Color, Item, Path, Pt, Rect, Stroke, TextStyle, Weight};
use crate::settings::sheets::ComponentSizes;

/// Side of one track space, mm.
pub(crate) const TRACK_SPACE: f64 = 12.0;
/// Spaces per row of a track.
pub(crate) const TRACK_COLUMNS: u32 = 10;

fn text(x: f64, y: f64, s: &str, size: f64, weight: Weight, anchor: Anchor, ink: Ink) -> Item {
    Item::Text {
        pos: Pt::new(x, y),
        text: s.to_string(),
        style: TextStyle {
            size,
            weight,
            anchor,
            color: ink.line(ink.inks.piece_ink),
            role: crate::scene::TextRole::Body,
        },
    }
}

/// Lines of `s` centred on (0, 0), shrunk until they fit `max` mm square.
fn centred_text(s: &str, max: f64, size: f64, bold: bool, ink: Ink) -> Vec<Item> {
    let weight = if bold { Weight::Bold } else { Weight::Regular };
    let mut size = size;
    let mut lines = wrap_plain(s, weight, size, max);
    // Shrinks to fit, but never under the size players can read.
    while size * 0.9 >= min_text()
        && (lines.len() as f64 * size * 1.2 > max || too_wide(&lines, weight, size, max))
    {
        size *= 0.9;
        lines = wrap_plain(s, weight, size, max);
    }
    let pitch = size * 1.2;
    let top = -(lines.len() as f64 - 1.0) * pitch / 2.0 + size * 0.35;
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| text(0.0, top + i as f64 * pitch, l, size, weight, Anchor::Middle, ink))
        .collect()
}

fn too_wide(lines: &[String], weight: Weight, size: f64, max: f64) -> bool {
    lines.iter().any(|l| text_width(l, weight, size) > max)
}

fn background(shape: TokenShape, d: f64, fill: Color, ink: Ink) -> Vec<Item> {
    let h = d / 2.0 + 4.0;
    let path = match shape {
        TokenShape::Round => Path::circle(Pt::default(), h),
        TokenShape::Square => Path::rect(Rect::new(-h, -h, 2.0 * h, 2.0 * h)),
    };
    let mut v = vec![Item::Path { path, fill: Some(ink.fill(fill)), stroke: None }];
    if shape == TokenShape::Round {
        v.extend(cut_guide(d, ink));
    }
    v
}

fn token_piece(t: &Token, sizes: &ComponentSizes, ink: Ink) -> Piece {
    let own = t.size.map(f64::from);
    let (d, shape) = match t.shape {
        TokenShape::Round => {
            let d = own.unwrap_or(sizes.token);
            (d, Shape::Circle { diameter: d })
        }
        TokenShape::Square => {
            let d = own.unwrap_or(sizes.square);
            (d, Shape::Square { side: d })
        }
    };
    // Text stays inside the cut: a round token's lines are centred, so they
    // may run a little past the inscribed square; a square keeps a margin.
    let room = if t.shape == TokenShape::Round { d * 0.74 } else { d * 0.8 };
    let mut front = background(t.shape, d, ink.inks.token_face, ink);
    // On a small token the share of its size falls under what players read.
    front.extend(centred_text(&t.face, room, (d * 0.16).max(min_text()), true, ink));
    let back = t.back.as_ref().map(|b| {
        let mut v = background(t.shape, d, ink.inks.token_back, ink);
        v.extend(centred_text(b, room, (d * 0.14).max(min_text()), true, ink));
        v
    });
    Piece { name: t.name.clone(), shape, front, back, count: t.count }
}

/// A scenario card at the template's card size `(w, h)`.
fn card_piece(c: &Card, (w, h): (f64, f64), ink: Ink) -> Piece {
    let margin = 6.0;
    let mut front = vec![Item::Path {
        path: Path::rect(Rect::new(-w / 2.0 - 4.0, -h / 2.0 - 4.0, w + 8.0, h + 8.0)),
        fill: Some(ink.fill(ink.inks.card_face)),
        stroke: None,
    }];
    let mut y = -h / 2.0 + margin + 4.0;
    for l in wrap_plain(&c.title, Weight::Bold, 4.2, w - 2.0 * margin) {
        front.push(text(0.0, y, &l, 4.2, Weight::Bold, Anchor::Middle, ink));
        y += 5.0;
    }
    front.push(Item::Path {
        path: Path::line(Pt::new(-w / 2.0 + margin, y - 2.5), Pt::new(w / 2.0 - margin, y - 2.5)),
        fill: None,
        stroke: Some(Stroke::solid(ink.line(ink.inks.piece_ink), 0.3)),
    });
    // The body shrinks until it fits the card's safe area, but never under
    // the size players can read.
    let room = h / 2.0 - margin - y;
    let mut size = 3.4;
    let mut lines = wrap_plain(&c.text, Weight::Regular, size, w - 2.0 * margin);
    while size * 0.92 >= min_text() && lines.len() as f64 * size * 1.3 > room {
        size *= 0.92;
        lines = wrap_plain(&c.text, Weight::Regular, size, w - 2.0 * margin);
    }
    y += size * 0.8;
    for l in &lines {
        front.push(text(-w / 2.0 + margin, y, l, size, Weight::Regular, Anchor::Start, ink));
        y += size * 1.3;
    }
    let back = c.back.as_ref().map(|b| {
        let mut v = vec![Item::Path {
            path: Path::rect(Rect::new(-w / 2.0 - 4.0, -h / 2.0 - 4.0, w + 8.0, h + 8.0)),
            fill: Some(ink.fill(ink.inks.token_back)),
            stroke: None,
        }];
        v.extend(centred_text(b, w - 2.0 * margin, 6.0, true, ink));
        v
    });
    Piece {
        name: c.title.clone(),
        shape: Shape::Card { width: w, height: h },
        front,
        back,
        count: c.count,
    }
}

/// A track's outline: `(width, height)` in mm.
pub(crate) fn track_size(t: &Track) -> (f64, f64) {
    let cols = t.spaces.min(TRACK_COLUMNS);
    let rows = t.spaces.div_ceil(TRACK_COLUMNS);
    let note = if t.note.is_some() { 6.0 } else { 0.0 };
    (f64::from(cols) * TRACK_SPACE + 8.0, f64::from(rows) * TRACK_SPACE + 14.0 + note)
}

fn track_piece(t: &Track, ink: Ink) -> Piece {
    let (w, h) = track_size(t);
    let mut front = vec![Item::Path {
        path: Path::rect(Rect::new(-w / 2.0 - 4.0, -h / 2.0 - 4.0, w + 8.0, h + 8.0)),
        fill: Some(ink.fill(ink.inks.card_face)),
        stroke: None,
    }];
    front.push(text(0.0, -h / 2.0 + 7.0, &t.name, 4.0, Weight::Bold, Anchor::Middle, ink));
    let left = -w / 2.0 + 4.0;
    let top = -h / 2.0 + 10.0;
    for i in 0..t.spaces {
        let (col, row) = (i % TRACK_COLUMNS, i / TRACK_COLUMNS);
        let x = left + f64::from(col) * TRACK_SPACE;
        let y = top + f64::from(row) * TRACK_SPACE;
        front.push(Item::Path {
            path: Path::rect(Rect::new(x + 0.5, y + 0.5, TRACK_SPACE - 1.0, TRACK_SPACE - 1.0)),
            fill: None,
            stroke: Some(Stroke::solid(ink.line(ink.inks.piece_ink), 0.35)),
        });
        let n = (i + 1).to_string();
        let c = Pt::new(x + TRACK_SPACE / 2.0, y + TRACK_SPACE / 2.0 + 1.4);
        front.push(text(c.x, c.y, &n, 4.0, Weight::Bold, Anchor::Middle, ink));
    }
    if let Some(n) = &t.note {
        front.push(text(0.0, h / 2.0 - 3.0, n, 3.0, Weight::Regular, Anchor::Middle, ink));
    }
    Piece {
        name: t.name.clone(),
        shape: Shape::Card { width: w, height: h },
        front,
        back: None,
        count: t.count,
    }
}

/// The piece sets of a scenario's generic components, in file order:
/// tokens, cards, tracks. Parts taken from a box print nothing.
pub(crate) fn generic_sets(parts: &Parts, sizes: &ComponentSizes, ink: Ink) -> Vec<PieceSet> {
    let mut out = Vec::new();
    let tokens: Vec<Piece> = parts.tokens.iter().map(|t| token_piece(t, sizes, ink)).collect();
    if !tokens.is_empty() {
        out.push(PieceSet { title: "Scenario tokens".into(), pieces: tokens, coded: false });
    }
    let cards: Vec<Piece> = parts.cards.iter().map(|c| card_piece(c, sizes.card, ink)).collect();
    if !cards.is_empty() {
        out.push(PieceSet { title: "Scenario cards".into(), pieces: cards, coded: false });
    }
    let tracks: Vec<Piece> = parts.tracks.iter().map(|t| track_piece(t, ink)).collect();
    if !tracks.is_empty() {
        out.push(PieceSet { title: "Tracks".into(), pieces: tracks, coded: false });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapped_lines_fit_and_keep_every_word() {
        let s = "Deliver fish hauls at either dock of the council island to advance a space";
        let lines = wrap_plain(s, Weight::Regular, 3.4, 40.0);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| text_width(l, Weight::Regular, 3.4) <= 40.0));
        assert_eq!(lines.join(" "), s);
    }

    #[test]
    fn scenario_cards_take_the_template_card_size() {
        let c = Card { title: "Fish".into(), text: "Deliver fish".into(), back: None, count: 1 };
        for (w, h) in [(63.0, 88.0), (44.0, 68.0)] {
            let ink = Ink::new(crate::theme::Mode::Colour, &crate::theme::Theme::builtin());
            let p = card_piece(&c, (w, h), ink);
            assert_eq!(p.shape, Shape::Card { width: w, height: h });
        }
    }

    #[test]
    fn a_track_has_one_numbered_space_each() {
        let t = Track { name: "Fish".into(), spaces: 12, count: 1, note: None };
        let ink = Ink::new(crate::theme::Mode::Colour, &crate::theme::Theme::builtin());
        let p = track_piece(&t, ink);
        let numbers: Vec<String> = p
            .front
            .iter()
            .filter_map(|i| match i {
                Item::Text { text, .. } => text.parse::<u32>().ok().map(|n| n.to_string()),
                _ => None,
            })
            .collect();
        assert_eq!(numbers, (1..=12).map(|n| n.to_string()).collect::<Vec<_>>());
        assert_eq!(track_size(&t), (10.0 * TRACK_SPACE + 8.0, 2.0 * TRACK_SPACE + 14.0));
    }
}
