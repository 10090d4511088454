//! A plain-text picture of a layout for the terminal.

use std::collections::BTreeMap;

use crate::axial::Hex;
use crate::solve::Layout;
use crate::vocab::{HarborKind, Terrain};

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

fn harbor(k: HarborKind) -> String {
    match k {
        HarborKind::Generic => "3:1".into(),
        HarborKind::Special(r) => format!("2{}", &r.name()[..2]),
    }
}

/// Draws the layout as rows of 4-character cells, neighbouring rows shifted
/// by half a cell, followed by a key.
pub fn picture(layout: &Layout) -> String {
    let harbors: BTreeMap<Hex, String> =
        layout.harbors.iter().map(|h| (h.hex, harbor(h.kind))).collect();
    let mut cells: BTreeMap<(i32, i32), String> = BTreeMap::new();
    for h in &layout.hexes {
        let text = if let Some(hb) = harbors.get(&h.hex) {
            format!("{hb:<4}")
        } else if h.face_down && h.terrain.is_water() {
            format!("?{}", &abbrev(h.terrain)[..1]).to_lowercase() + "  "
        } else {
            let base = abbrev(h.terrain);
            let base = if h.face_down { base.to_lowercase() } else { base.to_string() };
            match h.number {
                Some(n) => format!("{base}{n:>2}"),
                None => format!("{base}  "),
            }
        };
        cells.insert((h.hex.r, 2 * h.hex.q + h.hex.r), text);
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
    out.push_str(
        "\nFo forest  Pa pasture  Fi fields  Hi hills  Mo mountains  De desert  Au gold  ~~ sea\n\
         3:1 / 2wo ... harbors; lowercase: face-down tiles\n",
    );
    out
}
