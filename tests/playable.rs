//! Playable from the pack: what players see never depends on what they must
//! not know, and every built-in's printed parts and prose fit its rules.

mod common;

use hexpress::compose::handout::handout_with_map;
use hexpress::compose::map_pages::{canvas, Notes};
use hexpress::scene::Page;
use hexpress::settings::Settings;
use hexpress::solve::{solve, Layout, SolveOptions};
use hexpress::vocab::Terrain;

/// `layout` with the hidden facts shuffled: the terrains of each face-down
/// region's hexes turned one step (harbor tiles stay put, their kinds are
/// public in the region's pool), and every chip stack reversed.
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

fn handout(s: &hexpress::model::Scenario, l: &Layout) -> Vec<Page> {
    handout_with_map(s, l, &Settings::default()).expect("handout lays out").pages
}

#[test]
fn players_pages_do_not_depend_on_hidden_tiles_or_stack_order() {
    let mut checked = 0;
    for id in hexpress::builtin::ids() {
        let s = common::builtin(id);
        for &players in &s.meta.players {
            let l = solve(&s, players, 3, &SolveOptions::default()).expect("solvable");
            if !l.regions.iter().any(|r| r.face_down && r.chip_stack.len() > 1) {
                continue;
            }
            let other = with_other_secrets(&l);
            assert_ne!(l.hexes, other.hexes, "{id}: the test must change a hidden tile");
            // The rules handout (its map picture included) ...
            assert!(handout(&s, &l) == handout(&s, &other), "{id} {players}p: handout leaks");
            // ... even when the map itself is asked for in the setup view.
            let setup = Settings { view: hexpress::settings::View::Setup, ..Settings::default() };
            let (a, b) = (handout_with_map(&s, &l, &setup), handout_with_map(&s, &other, &setup));
            assert!(a.expect("lays out") == b.expect("lays out"), "{id} {players}p: setup leaks");
            // ... and the map as players lay it out (the default, play view).
            let opts = Settings::default();
            let notes = Notes::default();
            assert!(
                canvas(&l, &opts, &notes).to_page() == canvas(&other, &opts, &notes).to_page(),
                "{id} {players}p: play-view map leaks"
            );
            checked += 1;
        }
    }
    assert!(checked >= 4, "only {checked} maps with face-down regions were checked");
}

/// All the top-level text of a handout as one line of words.
fn handout_words(s: &hexpress::model::Scenario) -> String {
    use hexpress::compose::handout::{handout_pages, handout_spec};
    use hexpress::scene::Item;
    let l = solve(s, s.meta.default_players, 1, &SolveOptions::default()).expect("solvable");
    let pages = handout_pages(s, &l, None, &handout_spec(&l, 210.0, 297.0)).expect("lays out");
    let mut words = Vec::new();
    for p in &pages {
        for it in &p.items {
            if let Item::Text { text, .. } = it {
                words.extend(text.split_whitespace().map(str::to_string));
            }
        }
    }
    words.join(" ")
}

fn load_text(id: &str, text: String) -> hexpress::model::Scenario {
    let src = hexpress::diag::Source::new(format!("{id}.toml"), text);
    hexpress::model::load(&src).unwrap_or_else(|d| panic!("{}", hexpress::diag::render(&src, &d)))
}

/// The number on the line `key = N` that follows `section` in `text`.
fn value_after(text: &str, section: &str, key: &str) -> Option<(usize, i64)> {
    let from = text.find(section)?;
    let at = from + text[from..].find(&format!("\n{key} = "))? + key.len() + 4;
    let end = at + text[at..].find(|c: char| !c.is_ascii_digit())?;
    Some((at, text[at..end].parse().ok()?))
}

#[test]
fn changing_a_value_changes_the_handout_prose() {
    for id in hexpress::builtin::ids() {
        let text = hexpress::builtin::source(id).expect("built-in").text;
        let mut keys: Vec<(String, String)> = vec![("[scenario]".into(), "victory_points".into())];
        if text.contains("\nstarting_gold = ") {
            keys.push(("[scenario]".into(), "starting_gold".into()));
        }
        if let Some(v) = text.find("\n[values]\n") {
            let body = &text[v + 10..];
            let body = &body[..body.find("\n\n").unwrap_or(body.len())];
            for line in body.lines().filter(|l| !l.starts_with('#')) {
                if let Some((k, _)) = line.split_once(" = ") {
                    keys.push(("[values]".into(), k.trim().to_string()));
                }
            }
        }
        for (section, key) in keys {
            let (at, old) = value_after(&text, &section, &key)
                .unwrap_or_else(|| panic!("{id}: no {key} in {section}"));
            let new = old + 80; // a number no built-in prints otherwise
            let mut edited = text.clone();
            edited.replace_range(at..at + old.to_string().len(), &new.to_string());
            let before = handout_words(&load_text(id, text.clone()));
            let after = handout_words(&load_text(id, edited));
            let n = format!("{new}");
            let count =
                |s: &str| s.split(|c: char| !c.is_ascii_digit()).filter(|w| *w == n).count();
            // The facts list prints victory points and gold too; the prose
            // ("reach 90 victory points", "takes 88 gold") must follow.
            let phrase = match key.as_str() {
                "victory_points" => Some(format!("{new} victory points")),
                "starting_gold" => Some(format!("{new} gold")),
                _ => None,
            };
            if let Some(p) = phrase {
                assert!(after.contains(&p), "{id}: the prose does not say `{p}` after the edit");
            }
            assert!(
                count(&after) > count(&before),
                "{id}: changing {key} from {old} to {new} does not change the handout's text"
            );
        }
    }
}

/// Every rule text of a scenario, in lowercase: setup, sections, tables,
/// cost notes, trades, variants and card texts (the story line is flavour,
/// its "settlers" are people, not pieces).
fn rule_text(s: &hexpress::model::Scenario) -> String {
    let g = &s.game;
    let mut t: Vec<String> = Vec::new();
    t.extend(g.rules.setup.clone());
    for (title, text) in &g.rules.sections {
        t.push(title.clone());
        t.push(text.clone());
    }
    for tb in &g.tables {
        t.push(tb.title.clone());
        t.extend(tb.rows.iter().flatten().cloned());
        t.extend(tb.note.clone());
    }
    for c in &g.costs {
        t.push(c.item.clone());
        t.extend(c.note.clone());
    }
    for tr in &g.trades {
        t.push(format!("{} {}", tr.give, tr.get));
    }
    t.extend(g.components.parts.cards.iter().map(|c| c.text.clone()));
    t.extend(s.meta.variants.iter().filter_map(|v| v.description.clone()));
    t.join("\n").to_lowercase()
}

/// The words of a part's name that the rules must use: lowercase, without
/// a parenthesised remark, plural endings dropped, words of 3+ letters.
fn name_words(name: &str) -> Vec<String> {
    let bare = name.split('(').next().unwrap_or(name).to_lowercase();
    bare.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() >= 3)
        .map(|w| w.strip_suffix('s').unwrap_or(w).to_string())
        .collect()
}

/// What the printed pack or the listed boxes provide, in lowercase: the
/// built-in component kinds a scenario declares, its generic parts, and
/// the number chips and tiles every map implies.
fn provided(s: &hexpress::model::Scenario) -> String {
    let c = &s.game.components;
    let mut v: Vec<String> = vec!["number chip".into(), "harbor".into(), "development card".into()];
    if c.gold_chits > 0 {
        v.push("gold chits gold coins gold".into());
    }
    if c.present_tiles > 0 {
        v.push("present tiles presents".into());
    }
    if let Some(f) = c.fish_tokens {
        v.push("fish tokens".into());
        if f.old_boot > 0 {
            v.push("old boot".into());
        }
    }
    if !c.trade_tokens.is_empty() {
        v.push("trade tokens".into());
    }
    if !c.castaway_tokens.is_empty() {
        v.push("castaway tokens".into());
    }
    if !c.fishing_grounds.is_empty() {
        v.push("fishing-ground tiles".into());
    }
    let p = &c.parts;
    v.extend(
        p.tokens
            .iter()
            .map(|t| format!("{} {} {}", t.name, t.face, t.back.clone().unwrap_or_default())),
    );
    v.extend(p.cards.iter().map(|k| k.title.clone()));
    v.extend(p.tracks.iter().map(|t| format!("{} track", t.name)));
    v.extend(p.from_box.iter().map(|b| b.item.clone()));
    v.join("\n").to_lowercase()
}

/// Pieces the rules of a fan scenario may ask for that a plain base game
/// does not hold: each one the rules mention must be printed or listed
/// as taken from a box.
const PIECE_WORDS: &[&str] = &[
    "fish token",
    "old boot",
    "castaway",
    "trade token",
    "present",
    "fish haul",
    "spice sack",
    "gold chit",
    "gold coin",
    "crew",
    "settler",
    "wagon",
    "barbarian",
    "warship",
    "marker",
    "bridge",
    "track",
];

/// Whether `text` holds `w` as a word or words, singular or plural
/// ("settler" in "settlers", not in "settlement").
fn mentions(text: &str, w: &str) -> bool {
    text.match_indices(w).any(|(i, _)| {
        let before = text[..i].chars().next_back().is_none_or(|c| !c.is_alphabetic());
        let mut after = text[i + w.len()..].chars();
        let end = match after.next() {
            Some('s') => after.next().is_none_or(|c| !c.is_alphabetic()),
            Some(c) => !c.is_alphabetic(),
            None => true,
        };
        before && end
    })
}

#[test]
fn every_piece_the_rules_mention_is_in_the_pack_and_every_part_is_used() {
    for id in hexpress::builtin::ids() {
        let s = common::builtin(id);
        let rules = rule_text(&s);
        let have = provided(&s);
        for w in PIECE_WORDS {
            if mentions(&rules, w) {
                assert!(mentions(&have, w), "{id}: the rules mention `{w}` but the pack has none");
            }
        }
        let p = &s.game.components.parts;
        for name in p.names() {
            for w in name_words(&name) {
                assert!(rules.contains(&w), "{id}: no rule mentions `{name}` (`{w}`)");
            }
        }
    }
}

#[test]
fn every_table_the_prose_points_to_exists() {
    for id in hexpress::builtin::ids() {
        let s = common::builtin(id);
        let rules = rule_text(&s);
        let mut titles: Vec<String> =
            s.game.tables.iter().map(|t| t.title.to_lowercase()).collect();
        if !s.game.costs.is_empty() {
            titles.push("costs".into());
        }
        if !s.game.trades.is_empty() {
            titles.push("trade".into());
        }
        titles.extend(s.game.components.parts.cards.iter().map(|c| c.title.to_lowercase()));
        for (i, _) in rules.match_indices("see the ") {
            let rest = &rules[i + 8..];
            let end = rest.find([')', '.', ';', ',']).unwrap_or(rest.len());
            let what = rest[..end].trim_end_matches(" table").trim_end_matches(" card").trim();
            let word = what.split_whitespace().next().unwrap_or(what);
            let stem = word.strip_suffix('s').unwrap_or(word);
            assert!(
                titles.iter().any(|t| t.contains(stem)),
                "{id}: the prose points to \"{what}\", which no table or card is called"
            );
        }
    }
}

#[test]
fn every_special_hex_on_a_map_has_art_and_a_legend_entry() {
    use hexpress::scene::Item;
    use hexpress::settings::View;
    fn texts(items: &[Item], out: &mut Vec<String>) {
        for it in items {
            match it {
                Item::Text { text, .. } => out.push(text.clone()),
                Item::Group { items, .. } => texts(items, out),
                Item::Path { .. } => {}
            }
        }
    }
    for id in hexpress::builtin::ids() {
        let s = common::builtin(id);
        for &players in &s.meta.players {
            let l = solve(&s, players, 2, &SolveOptions::default()).expect("solvable");
            let opts = Settings { view: View::Setup, ..Settings::default() };
            let page = canvas(&l, &opts, &Notes::default()).to_page();
            let mut words = Vec::new();
            texts(&page.items, &mut words);
            for h in l.hexes.iter().filter(|h| h.fixed) {
                let t = h.terrain;
                assert!(
                    words.iter().any(|w| w == t.label()),
                    "{id} {players}p: no legend entry `{}` for a {} hex",
                    t.label(),
                    t.name()
                );
                assert!(!t.label().contains('_'), "{id}: raw name `{}` printed", t.name());
            }
            // Fishing grounds on the map come with their printed tiles.
            let grounds = l.hexes.iter().filter(|h| h.terrain == Terrain::FishingGround).count();
            assert_eq!(grounds, s.game.components.fishing_grounds.len(), "{id}: fishing grounds");
        }
    }
}

#[test]
fn validation_warns_where_the_rules_use_a_part_the_pack_lacks() {
    let text = hexpress::builtin::source("fog-islands").expect("built-in").text;
    let block = "[[components.tokens]]\nname = \"Spice sack\"\ncount = 6\nshape = \"round\"\n";
    assert!(text.contains(block));
    let src = hexpress::diag::Source::new("fog.toml", text.replace(block, ""));
    let (_, warnings) = hexpress::model::load_with_warnings(&src).expect("still valid");
    let out = hexpress::diag::render(&src, &warnings);
    assert!(out.contains("the rules use a spice sack"), "{out}");
    // It points at the first use, in the setup text.
    let first = src.text.find("spice sacks beside the board").expect("setup mentions it");
    let (line, col) = src.line_col(first);
    assert!(out.contains(&format!("fog.toml:{line}:{col}")), "{out}");
    // The built-ins themselves have no such warning.
    for id in hexpress::builtin::ids() {
        let src = hexpress::builtin::source(id).expect("built-in");
        let (_, w) = hexpress::model::load_with_warnings(&src).expect("valid");
        assert!(w.is_empty(), "{id}: {}", hexpress::diag::render(&src, &w));
    }
}

/// `page` without its footer texts (sheet numbers differ between the print
/// pack and a separate file).
fn without_footers(page: &Page) -> Page {
    use hexpress::scene::{Item, TextRole};
    fn keep(items: &[Item]) -> Vec<Item> {
        items
            .iter()
            .filter(|i| !matches!(i, Item::Text { style, .. } if style.role == TextRole::Footer))
            .map(|i| match i {
                Item::Group { transform, clip, items } => {
                    Item::Group { transform: *transform, clip: clip.clone(), items: keep(items) }
                }
                other => other.clone(),
            })
            .collect()
    }
    Page { items: keep(&page.items), ..page.clone() }
}

#[test]
fn the_separate_files_together_hold_every_page_of_the_pack_after_its_plan() {
    use hexpress::compose::duplex::is_blank;
    use hexpress::compose::job::print_job;
    use hexpress::compose::plan::PartKind;
    for id in hexpress::builtin::ids() {
        let s = common::builtin(id);
        let players = *s.meta.players.last().expect("players");
        let l = solve(&s, players, 4, &SolveOptions::default()).expect("solvable");
        let job = print_job(&l, &s, &Settings::default(), &Notes::default()).expect("composes");
        let plan = job.plan.as_ref().expect("a plan");
        let pack = job.file("print-pack.pdf").expect("the pack");
        let plan_pages = plan.steps_of(PartKind::Plan).map(|s| s.last).max().expect("plan");
        let printed = |idx: &[usize]| -> Vec<Page> {
            idx.iter()
                .map(|&i| &job.pages[i])
                .filter(|p| !is_blank(p))
                .map(without_footers)
                .collect()
        };
        let after_plan = printed(&pack.pages[plan_pages..]);
        // The separate files, in the order the plan lists them.
        let mut together = Vec::new();
        for f in &plan.files {
            let file = job.file(&f.name).unwrap_or_else(|| panic!("{id}: no {}", f.name));
            assert_eq!(
                f.steps.last().map(|s| s.last),
                Some(file.pages.len()),
                "{id}: the plan's ranges for {} miss pages",
                f.name
            );
            together.extend(printed(&file.pages));
        }
        assert_eq!(together.len(), after_plan.len(), "{id}: page counts");
        for (i, (a, b)) in together.iter().zip(&after_plan).enumerate() {
            assert!(
                a == b,
                "{id}: page {} of the pack after its plan ({}) differs",
                i + 1,
                b.label
            );
        }
        // Every PDF but the pack itself is listed by the plan.
        for f in &job.files {
            let listed = plan.files.iter().any(|p| p.name == f.name);
            let pdf = f.name.ends_with(".pdf") && f.name != "print-pack.pdf";
            assert_eq!(pdf, listed, "{id}: {} listed: {listed}", f.name);
        }
    }
}
