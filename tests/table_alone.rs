//! Four players and nobody else: a face-down area is set up by the table
//! itself. Each face-down tile's back carries the code of its hex and each
//! chip of a face-down stack its place in the stack; read back from the
//! composed sheets and the map, every coded back lies exactly behind its
//! front for the flip edge, the codes on the backs match the map's, and
//! the front behind each code is what the layout puts on that hex (or in
//! that place of the stack). Nothing a player sees changes when the hidden
//! faces do: no page but the builder's sheet and the fronts of the coded
//! sheets, no line of the terminal's board and no printed measure.

use crate::common;
use hexpress::compose::job::print_job;
use hexpress::compose::map::{canvas, Notes};
use hexpress::compose::pack::pack_pieces;
use hexpress::compose::pieces::theme_art::{MapArt, ThemeArt};
use hexpress::compose::plan::PartKind;
use hexpress::scene::{Item, Page, Pt, Side, Transform};
use hexpress::settings::sheets::Duplex;
use hexpress::settings::{Choices, Paper, Settings};
use hexpress::solve::{solve, Layout};
use hexpress::vocab::Terrain;

/// Every built-in with a face-down region, at each of its player counts.
fn hidden_setups() -> Vec<(String, hexpress::model::Scenario, Layout)> {
    let mut out = Vec::new();
    for id in hexpress::builtin::ids() {
        let s = common::builtin(id);
        for &players in &s.meta.players {
            let l = solve(&s, players, 11, &Default::default()).expect("solves");
            if l.hexes.iter().any(|h| h.face_down) {
                out.push((format!("{id} {players}p"), s.clone(), l));
            }
        }
    }
    out
}

/// Every text run of `items` with its place on the page, `t` being the
/// transform of the group holding them.
fn placed_texts(items: &[Item], t: Transform, out: &mut Vec<(String, Pt)>) {
    for it in items {
        match it {
            Item::Text { text, pos, .. } => out.push((text.clone(), t.apply(*pos))),
            Item::Group { transform, items, .. } => placed_texts(items, transform.then(t), out),
            Item::Path { .. } => {}
        }
    }
}

/// Every text run of `items`, depth first.
fn texts(items: &[Item]) -> Vec<String> {
    let mut v = Vec::new();
    placed_texts(items, Transform::IDENTITY, &mut v);
    v.into_iter().map(|(s, _)| s).collect()
}

fn is_translation(t: &Transform) -> bool {
    let [a, b, c, d, _, _] = t.m;
    a == 1.0 && b == 0.0 && c == 0.0 && d == 1.0
}

/// The pieces drawn on a sheet side: each group placed by a translation
/// and clipped to its outline, with its centre on the page and its art.
fn pieces_on(items: &[Item], t: Transform, out: &mut Vec<(Pt, Vec<Item>)>) {
    for it in items {
        if let Item::Group { transform, clip, items } = it {
            let inner = transform.then(t);
            if clip.is_some() && is_translation(transform) {
                out.push((inner.apply(Pt::default()), items.clone()));
            } else {
                pieces_on(items, inner, out);
            }
        }
    }
}

/// Where a point of a `w` x `h` sheet lies after the sheet is turned over
/// its `duplex` edge: flipping on the long edge turns a portrait sheet
/// left-right and a landscape one top-bottom; the short edge the other way.
fn flip(p: Pt, w: f64, h: f64, duplex: Duplex) -> Pt {
    let left_right = (duplex == Duplex::Long) == (w < h);
    if left_right {
        Pt::new(w - p.x, p.y)
    } else {
        Pt::new(p.x, h - p.y)
    }
}

/// A placement code: a capital and a number ("M7").
fn is_code(s: &str) -> bool {
    let mut c = s.chars();
    c.next().is_some_and(|f| f.is_ascii_uppercase())
        && s.len() >= 2
        && c.all(|d| d.is_ascii_digit())
}

/// "3 of 9" -> (3, 9).
fn stack_place(s: &str) -> Option<(usize, usize)> {
    let (k, n) = s.split_once(" of ")?;
    Some((k.parse().ok()?, n.parse().ok()?))
}

/// The code printed on each face-down hex of the players' 1:1 map, by hex
/// index (texts within half a hex of a hex's centre).
fn map_codes(l: &Layout, settings: &Settings) -> Vec<Vec<String>> {
    let c = canvas(l, settings, &Notes::default());
    let flat = settings.theme.sizes.hex_flat;
    let mut found = Vec::new();
    placed_texts(&c.to_page().items, Transform::IDENTITY, &mut found);
    let mut by_hex = vec![Vec::new(); l.hexes.len()];
    for (text, at) in found.into_iter().filter(|(t, _)| is_code(t)) {
        let near = c.hexes.iter().enumerate().min_by(|a, b| {
            let d = |p: &Pt| (p.x - at.x).hypot(p.y - at.y);
            d(a.1).total_cmp(&d(b.1))
        });
        if let Some((i, p)) = near {
            if (p.x - at.x).hypot(p.y - at.y) < flat / 2.0 {
                by_hex[i].push(text);
            }
        }
    }
    by_hex
}

/// What the front art of a face-down tile shows: its terrain.
fn front_terrain(art: &ThemeArt<'_>, items: &[Item], flat: f64) -> Option<Terrain> {
    if items.starts_with(&art.terrain_face_with_mark(Terrain::Harbor, flat))
        && texts(items).iter().any(|t| t.contains(':'))
    {
        return Some(Terrain::Harbor);
    }
    Terrain::ALL.into_iter().find(|t| items == art.terrain_face(*t, flat).as_slice())
}

/// The number of a chip's front art.
fn front_number(items: &[Item]) -> Option<u8> {
    texts(items).iter().find_map(|t| t.parse::<u8>().ok().filter(|n| (2..=12).contains(n)))
}

/// What the coded backs of a pack were found to be: how many tiles carry
/// each hex's code, and how many chips each place of each stack.
struct Found {
    tiles: Vec<usize>,
    chips: Vec<Vec<usize>>,
    backs: usize,
}

/// What one case reads: its name, layout, look and the codes on its map.
struct Case<'a> {
    name: &'a str,
    l: &'a Layout,
    art: ThemeArt<'a>,
    flat: f64,
    on_map: Vec<Vec<String>>,
}

impl Case<'_> {
    /// The back `items` at `at` of a coded sheet, whose front art is
    /// `front`: a tile's code or a chip's place, checked against the
    /// front and the map.
    fn back(&self, items: &[Item], front: &[Item], found: &mut Found) {
        let (name, l) = (self.name, self.l);
        let words = texts(items);
        found.backs += 1;
        if let Some(code) = words.iter().find(|t| is_code(t)) {
            let i = self.on_map.iter().position(|c| c.iter().any(|x| x == code));
            let i = i.unwrap_or_else(|| panic!("{name}: {code} is on no hex of the map"));
            found.tiles[i] += 1;
            let want = l.hexes[i].terrain;
            let got = front_terrain(&self.art, front, self.flat);
            assert_eq!(got, Some(want), "{name}: the tile coded {code} shows {got:?}");
            return;
        }
        let Some((place, n)) = words.iter().find_map(|t| stack_place(t)) else {
            panic!("{name}: a back of a coded sheet carries no code: {words:?}");
        };
        let joined = words.join(" ");
        let several = l.regions.iter().filter(|x| x.face_down).count() > 1;
        let ri = (0..l.regions.len())
            .filter(|&r| l.regions[r].face_down && l.regions[r].chip_stack.len() == n)
            .find(|&r| !several || joined.contains(&l.regions[r].name))
            .unwrap_or_else(|| panic!("{name}: chip back {joined:?} names no stack"));
        found.chips[ri][place - 1] += 1;
        let want = l.regions[ri].chip_stack[place - 1];
        assert_eq!(front_number(front), Some(want), "{name}: chip {place} of {n}");
    }
}

/// Checks every coded sheet of `l`'s pack under `settings`; returns how
/// many backs it checked.
fn check_coded_sheets(
    name: &str,
    l: &Layout,
    s: &hexpress::model::Scenario,
    settings: &Settings,
) -> usize {
    let case = Case {
        name,
        l,
        art: ThemeArt { theme: &settings.theme, mode: settings.mode },
        flat: settings.sheets.sizes.hex_flat,
        on_map: map_codes(l, settings),
    };
    let duplex = settings.sheets.printer.duplex;
    let pieces = pack_pieces(l, s, settings).expect("composes");
    let imp = &pieces.imposition;
    assert!(imp.coded > 0, "{name}: no coded sheets");
    let mut found = Found {
        tiles: vec![0; l.hexes.len()],
        chips: l.regions.iter().map(|r| vec![0; r.chip_stack.len()]).collect(),
        backs: 0,
    };
    for (k, sheet) in imp.sheets.iter().enumerate() {
        if k >= imp.coded {
            // Past the coded sheets no back carries a placement code.
            if let Some(p) = &sheet.back {
                assert!(!texts(&p.items).iter().any(|x| is_code(x)), "{name}: sheet {}", k + 1);
            }
            continue;
        }
        let back = sheet.back.as_ref().unwrap_or_else(|| panic!("{name}: sheet {k} one-sided"));
        let (w, h) = (sheet.front.width, sheet.front.height);
        let (mut fronts, mut rears) = (Vec::new(), Vec::new());
        pieces_on(&sheet.front.items, Transform::IDENTITY, &mut fronts);
        pieces_on(&back.items, Transform::IDENTITY, &mut rears);
        assert_eq!(fronts.len(), rears.len(), "{name}: sheet {} fronts and backs", k + 1);
        for (at, items) in &rears {
            let b = flip(*at, w, h, duplex);
            let front =
                fronts.iter().find(|(c, _)| (c.x - b.x).abs() < 1e-6 && (c.y - b.y).abs() < 1e-6);
            let Some((_, front)) = front else {
                panic!("{name}: the back at {at:?} of sheet {} has no front behind it", k + 1)
            };
            case.back(items, front, &mut found);
        }
    }
    for (i, h) in l.hexes.iter().enumerate() {
        let want = usize::from(h.face_down);
        assert_eq!(case.on_map[i].len(), want, "{name}: codes on hex {:?}", h.hex);
        assert_eq!(found.tiles[i], want, "{name}: tiles coded for hex {:?}", h.hex);
    }
    for (r, seen) in l.regions.iter().zip(&found.chips) {
        assert!(seen.iter().all(|n| *n == 1), "{name}: {} chips by place {seen:?}", r.name);
    }
    found.backs
}

#[test]
fn coded_backs_lie_behind_their_fronts_and_match_the_map() {
    let mut backs = 0;
    let cases = [(Paper::A4, None), (Paper::Letter, None), (Paper::A4, Some(Duplex::Short))];
    for (name, s, l) in hidden_setups() {
        for (paper, duplex) in cases {
            let settings = Settings::build(&Choices { paper, duplex, ..Choices::default() })
                .expect("settings");
            let case = format!("{name} {paper:?} {:?}", settings.sheets.printer.duplex);
            backs += check_coded_sheets(&case, &l, &s, &settings);
        }
    }
    // 7 Islands, Catan World, Reach Catan and the Fog Islands, two player
    // counts each: every tile and chip of every face-down area.
    assert!(backs > 400, "{backs} coded backs checked");
}

#[test]
fn a_back_offset_moves_every_coded_back_by_it() {
    let (_, s, l) = hidden_setups().into_iter().next().expect("a face-down built-in");
    let plain = Settings::build(&Choices::default()).expect("settings");
    let moved = Settings::build(&Choices { back_offset: Some((1.5, -0.5)), ..Choices::default() })
        .expect("settings");
    let centres = |settings: &Settings| -> Vec<Pt> {
        let pieces = pack_pieces(&l, &s, settings).expect("composes");
        let sheet = &pieces.imposition.sheets[0];
        let mut v = Vec::new();
        pieces_on(&sheet.back.as_ref().expect("a back").items, Transform::IDENTITY, &mut v);
        v.into_iter().map(|(c, _)| c).collect()
    };
    let (a, b) = (centres(&plain), centres(&moved));
    assert!(!a.is_empty() && a.len() == b.len());
    for (p, q) in a.iter().zip(&b) {
        assert!((q.x - p.x - 1.5).abs() < 1e-9 && (q.y - p.y + 0.5).abs() < 1e-9, "{p:?} -> {q:?}");
    }
    // Out of range: refused, naming the limit.
    let e = Settings::build(&Choices { back_offset: Some((12.0, 0.0)), ..Choices::default() })
        .expect_err("refused");
    assert!(e.to_string().contains("10 mm"), "{e}");
    let e =
        Settings::build(&Choices { ruler: Some(80.0), ..Choices::default() }).expect_err("refused");
    assert!(e.to_string().contains("90-110 mm"), "{e}");
}

/// `layout` with other hidden faces: each face-down region's terrains
/// (harbor tiles aside: their kinds are public in the region's pool)
/// turned one step, and each chip stack reversed.
fn with_other_secrets(layout: &Layout) -> Layout {
    let mut l = layout.clone();
    for (ri, region) in layout.regions.iter().enumerate() {
        if !region.face_down {
            continue;
        }
        let idx: Vec<usize> = (0..l.hexes.len())
            .filter(|&i| {
                let h = &l.hexes[i];
                h.face_down && h.region == Some(ri as u32) && h.terrain != Terrain::Harbor
            })
            .collect();
        let terrains: Vec<Terrain> = idx.iter().map(|&i| l.hexes[i].terrain).collect();
        for (k, &i) in idx.iter().enumerate() {
            l.hexes[i].terrain = terrains[(k + 1) % terrains.len()];
        }
        l.regions[ri].chip_stack.reverse();
    }
    l
}

#[test]
fn nothing_players_see_changes_with_the_hidden_faces() {
    let settings = Settings::default();
    let mut compared = 0;
    for (name, s, l) in hidden_setups() {
        let other = with_other_secrets(&l);
        assert_ne!(l.hexes, other.hexes, "{name}: the test must change a hidden face");
        let (a, b) = (
            print_job(&l, &s, &settings, &Notes::default()).expect("composes"),
            print_job(&other, &s, &settings, &Notes::default()).expect("composes"),
        );
        let pack = |job: &hexpress::compose::job::PrintJob| -> Vec<Page> {
            let f = job.file("print-pack.pdf").expect("a pack");
            f.pages.iter().map(|&i| job.pages[i].clone()).collect()
        };
        let (pa, pb) = (pack(&a), pack(&b));
        assert_eq!(pa.len(), pb.len(), "{name}: page counts");
        let plan = a.plan.as_ref().expect("a plan");
        // Pages only a host or the cutting table sees face up: the
        // builder's sheet and the fronts of the coded sheets.
        let secret = |n: usize| {
            plan.steps_of(PartKind::Builder).any(|s| (s.first..=s.last).contains(&n))
                || (plan.steps_of(PartKind::FaceDown).any(|s| (s.first..=s.last).contains(&n))
                    && pa[n - 1].side == Side::Front)
        };
        let mut differ = 0;
        for (n, (x, y)) in pa.iter().zip(&pb).enumerate().map(|(i, p)| (i + 1, p)) {
            if secret(n) {
                differ += usize::from(x != y);
                continue;
            }
            assert!(x == y, "{name}: page {n} ({}) changes with the hidden faces", x.label);
            compared += 1;
        }
        assert!(differ > 0, "{name}: the builder's sheet or a coded front must show the faces");
        assert_eq!(a.plan, b.plan, "{name}: the plan changes with the hidden faces");
        // The terminal's board, in the players' view, and the measures
        // printed for a balanced board.
        let t = |l: &Layout| hexpress::export::text::picture(l, false);
        assert_eq!(t(&l), t(&other), "{name}: the terminal's board");
        assert_ne!(
            hexpress::export::text::picture(&l, true),
            hexpress::export::text::picture(&other, true),
            "{name}: the setup view must show the faces"
        );
        let map = hexpress::solve::map_for(&s, l.players).expect("a map");
        let lines = |l: &Layout| {
            let m = hexpress::balance::measures(map, l);
            let seen = hexpress::balance::seen_measures(map, l.players, Default::default(), l, &m);
            hexpress::balance::summary_lines(&seen)
        };
        assert_eq!(lines(&l), lines(&other), "{name}: printed measures");
    }
    assert!(compared > 200, "{compared} pages compared");
}

#[test]
fn fog_islands_balanced_prints_nothing_of_the_fog() {
    let dir = crate::support::scratch("fog-balanced");
    let o = crate::support::run(&[
        "generate",
        "fog-islands",
        "--seed",
        "7",
        "--balanced",
        "--layout-only",
        "--out",
        crate::support::arg(dir.path()),
    ]);
    let out = crate::support::stdout(&o);
    assert!(o.status.success(), "{out}{}", crate::support::stderr(&o));
    assert!(out.contains("balanced:"), "{out}");
    assert!(!out.contains("Gold"), "{out}");
    assert!(out.contains(" ?  "), "{out}");
    // No face-down terrain's code in the board: codes in lowercase are the
    // setup view's.
    let board = out.split("\n\n").nth(1).unwrap_or("");
    assert!(board.lines().count() >= 9, "{out}");
    let hidden = |w: &str| w.starts_with(|c: char| c.is_ascii_lowercase());
    assert!(!board.split_whitespace().any(hidden), "{board}");
}
