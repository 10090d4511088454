//! A plain-text picture of a layout for the terminal.
//!
//! By default it shows what the players see: a face-down tile is `?`, with
//! nothing of what it holds. Asked to reveal (`--view setup`), it shows every
//! face-down tile too, marked apart from the face-up ones. The key under the
//! picture explains every code the picture prints, and only those.

use std::collections::BTreeMap;

use crate::axial::Hex;
use crate::solve::Layout;
use crate::vocab::{HarborKind, Terrain};

/// Every terrain in the order the key lists them.
const TERRAINS: [Terrain; 17] = [
    Terrain::Forest,
    Terrain::Pasture,
    Terrain::Fields,
    Terrain::Hills,
    Terrain::Mountains,
    Terrain::Desert,
    Terrain::Gold,
    Terrain::Sea,
    Terrain::Lake,
    Terrain::FishingGround,
    Terrain::FishShoal,
    Terrain::Council,
    Terrain::Spice,
    Terrain::Castle,
    Terrain::Quarry,
    Terrain::Glassworks,
    Terrain::Harbor,
];

fn abbrev(t: Terrain) -> &'static str {
    match t {
        Terrain::Forest => "Fo",
        Terrain::Pasture => "Pa",
        Terrain::Fields => "Fi",
        Terrain::Hills => "Hi",
        Terrain::Mountains => "Mo",
        Terrain::Desert => "De",
        Terrain::Gold => "Au",
        Terrain::Sea => "~~",
        Terrain::Lake => "La",
        Terrain::Castle => "Ca",
        Terrain::Quarry => "Qu",
        Terrain::Glassworks => "Gw",
        Terrain::Council => "Co",
        Terrain::Spice => "Sp",
        Terrain::FishShoal => "Sh",
        Terrain::FishingGround => "Fg",
        Terrain::Harbor => "Hb",
    }
}

/// A face-down tile's code in the revealed picture: its face-up code in
/// lowercase, sea as `se` (the face-up `~~` has no lowercase).
fn hidden_abbrev(t: Terrain) -> String {
    match t {
        Terrain::Sea => "se".into(),
        t => abbrev(t).to_lowercase(),
    }
}

fn harbor(k: HarborKind) -> String {
    match k {
        HarborKind::Generic => "3:1".into(),
        HarborKind::Special(r) => format!("2{}", &r.name()[..2]),
    }
}

fn harbor_name(k: HarborKind) -> String {
    match k {
        HarborKind::Generic => "harbor, 3 alike for 1".into(),
        HarborKind::Special(r) => format!("harbor, 2 {} for 1", r.name()),
    }
}

/// The widest line of the key, in characters.
const KEY_WIDTH: usize = 88;

/// `items` two spaces apart, on lines of at most [`KEY_WIDTH`] characters
/// (an item never splits), the first line starting with `lead`.
fn key_lines(lead: &str, items: &[String]) -> String {
    let mut out = String::new();
    let mut line = lead.to_string();
    for it in items {
        let fresh = line.is_empty() || line == lead;
        if !fresh && line.chars().count() + 2 + it.chars().count() > KEY_WIDTH {
            out.push_str(&line);
            out.push('\n');
            line = String::new();
        } else if !fresh {
            line.push_str("  ");
        }
        line.push_str(it);
    }
    out.push_str(&line);
    out
}

/// What the picture printed, for its key.
#[derive(Default)]
struct Seen {
    /// Face-up terrains (with or without a chip).
    up: Vec<Terrain>,
    /// Face-down terrains shown (revealed picture only).
    down: Vec<Terrain>,
    /// Harbors: kind, and whether on a face-down tile.
    harbors: Vec<(HarborKind, bool)>,
    /// A face-down tile was printed as `?`.
    fog: bool,
    /// A chip number was printed.
    chips: bool,
}

fn note<T: PartialEq>(v: &mut Vec<T>, x: T) {
    if !v.contains(&x) {
        v.push(x);
    }
}

/// One cell of the picture (4 characters).
fn cell(layout: &Layout, i: usize, reveal: bool, seen: &mut Seen) -> String {
    let h = &layout.hexes[i];
    if h.face_down && !reveal {
        seen.fog = true;
        return " ?  ".into();
    }
    if let Some(hb) = layout.harbors.iter().find(|p| p.hex == h.hex) {
        note(&mut seen.harbors, (hb.kind, h.face_down));
        let text = if h.face_down { format!("h{}", harbor(hb.kind)) } else { harbor(hb.kind) };
        return format!("{text:<4}");
    }
    let base = if h.face_down {
        note(&mut seen.down, h.terrain);
        hidden_abbrev(h.terrain)
    } else {
        note(&mut seen.up, h.terrain);
        abbrev(h.terrain).to_string()
    };
    // A fishing ground prints its number on the tile, not as a chip.
    let printed = (h.terrain == Terrain::FishingGround)
        .then(|| layout.label(i).and_then(|l| l.trim().parse::<u8>().ok()))
        .flatten();
    match h.number.or(printed) {
        Some(n) => {
            seen.chips = true;
            format!("{base}{n:>2}")
        }
        None => format!("{base}  "),
    }
}

/// The key: every code the picture printed, each with its meaning.
fn key(seen: &Seen) -> String {
    let mut lines = Vec::new();
    let up: Vec<String> = TERRAINS
        .iter()
        .filter(|t| seen.up.contains(t))
        .map(|t| format!("{} {}", abbrev(*t), t.label()))
        .collect();
    if !up.is_empty() {
        lines.push(key_lines("", &up));
    }
    let mut harbors: Vec<&(HarborKind, bool)> = seen.harbors.iter().collect();
    harbors.sort_by_key(|(k, down)| (*down, *k != HarborKind::Generic, harbor(*k)));
    let ports: Vec<String> = harbors
        .iter()
        .map(|(k, down)| match down {
            false => format!("{} {}", harbor(*k), harbor_name(*k)),
            true => {
                format!(
                    "h{} face-down {}",
                    harbor(*k),
                    harbor_name(*k).replacen("harbor", "harbor tile", 1)
                )
            }
        })
        .collect();
    if !ports.is_empty() {
        lines.push(key_lines("", &ports));
    }
    if !seen.down.is_empty() {
        let down: Vec<String> = TERRAINS
            .iter()
            .filter(|t| seen.down.contains(t))
            .map(|t| format!("{} {}", hidden_abbrev(*t), t.label()))
            .collect();
        lines.push(key_lines("face down, shown in lowercase: ", &down));
    }
    if seen.chips {
        lines.push("a number after a code: the roll the hex produces on".into());
    }
    if seen.fog {
        lines.push(
            "?  a face-down tile: nobody knows what it holds until it is revealed \
             (`--view setup` shows it)"
                .into(),
        );
    }
    lines.join("\n") + "\n"
}

/// Draws the layout as rows of 4-character cells, neighbouring rows shifted
/// by half a cell, followed by a key. Face-down tiles show as `?` unless
/// `reveal`.
pub fn picture(layout: &Layout, reveal: bool) -> String {
    let mut seen = Seen::default();
    let mut cells: BTreeMap<(i32, i32), String> = BTreeMap::new();
    for (i, h) in layout.hexes.iter().enumerate() {
        let Hex { q, r } = h.hex;
        cells.insert((r, 2 * q + r), cell(layout, i, reveal, &mut seen));
    }
    let xmin = cells.keys().map(|k| k.1).min().unwrap_or(0);
    let mut out = String::new();
    let mut row = None;
    let mut col = 0i32;
    for ((r, x), text) in &cells {
        if row != Some(*r) {
            if row.is_some() {
                out.push('\n');
            }
            row = Some(*r);
            col = 0;
        }
        let want = (x - xmin) * 3;
        while col < want {
            out.push(' ');
            col += 1;
        }
        out.push_str(text);
        col += 4;
    }
    out.push('\n');
    out.push('\n');
    out.push_str(&key(&seen));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(id: &str) -> Layout {
        let src = crate::builtin::source(id).expect("built-in");
        let s = crate::model::load(&src).expect("valid");
        // Four players where the scenario has them, else its first count.
        let players = match s.map_for(4) {
            Some(_) => 4,
            None => s.maps[0].players[0],
        };
        crate::solve::solve(&s, players, 7, &Default::default()).expect("solves")
    }

    /// The codes of the picture part (before the blank line) of `text`.
    fn codes(text: &str) -> Vec<String> {
        let body = text.split("\n\n").next().unwrap_or("");
        let mut v: Vec<String> = body
            .split_whitespace()
            .map(|w| match w.contains(':') {
                true => w.to_string(),
                false => w.trim_end_matches(|c: char| c.is_ascii_digit()).to_string(),
            })
            .filter(|w| !w.is_empty())
            .collect();
        v.sort();
        v.dedup();
        v
    }

    #[test]
    fn the_key_explains_every_code_the_picture_prints() {
        for id in crate::builtin::ids() {
            for reveal in [false, true] {
                let text = picture(&board(id), reveal);
                let key = text.split("\n\n").nth(1).expect("a key");
                for c in codes(&text) {
                    assert!(
                        key.contains(&format!("{c} ")),
                        "{id} reveal {reveal}: `{c}` not in the key:\n{text}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_players_view_shows_no_face_down_tile() {
        let l = board("catan-world");
        let text = picture(&l, false);
        let hidden = l.hexes.iter().filter(|h| h.face_down).count();
        assert_eq!(text.matches(" ?  ").count(), hidden, "{text}");
        // No code of a face-down terrain or harbor tile, no chip but the
        // face-up hexes' ones.
        let shown = codes(&text);
        for h in l.hexes.iter().filter(|h| h.face_down) {
            assert!(!shown.contains(&hidden_abbrev(h.terrain)), "{text}");
        }
        assert!(shown.iter().all(|c| !c.starts_with('h')), "{text}");
        assert!(!text.contains("lowercase"), "{text}");
        // Revealed, the harbor tiles of the Unknown are marked face down.
        let shown = picture(&l, true);
        assert!(shown.contains("h3:1 face-down harbor tile, 3 alike for 1"), "{shown}");
    }
}
