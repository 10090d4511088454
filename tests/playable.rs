//! Playable from the pack: what players see never depends on what they must
//! not know, and every built-in's printed parts and prose fit its rules.

use crate::common;

use hexpress::compose::map::{canvas, Notes};
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
    common::handout(s, l, &Settings::default())
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
            let (a, b) = (common::handout(&s, &l, &setup), common::handout(&s, &other, &setup));
            assert!(a == b, "{id} {players}p: setup leaks");
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
    let pages =
        handout_pages(s, &l, None, &handout_spec(&l, &Default::default())).expect("lays out");
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
/// a parenthesised remark, words of 3+ letters.
fn name_words(name: &str) -> Vec<String> {
    let bare = name.split('(').next().unwrap_or(name).to_lowercase();
    bare.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() >= 3)
        .map(str::to_string)
        .collect()
}

#[test]
fn every_printed_part_is_used_by_the_rules() {
    use hexpress::model::terms::names;
    for id in hexpress::builtin::ids() {
        let s = common::builtin(id);
        let rules = rule_text(&s);
        let p = &s.game.components.parts;
        let printed = p
            .tokens
            .iter()
            .map(|t| t.name.clone())
            .chain(p.cards.iter().map(|c| c.title.clone()))
            .chain(p.tracks.iter().map(|t| t.name.clone()));
        for name in printed {
            for w in name_words(&name) {
                assert!(names(&rules, &w), "{id}: no rule mentions `{name}` (`{w}`)");
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

/// The errors that refuse `src`, rendered.
fn refused(src: &hexpress::diag::Source) -> String {
    match hexpress::model::load(src) {
        Ok(_) => panic!("{} is accepted", src.name),
        Err(d) => hexpress::diag::render(src, &d),
    }
}

/// The warnings of `text` (which must still be valid), rendered.
fn warnings_of(name: &str, text: String) -> (hexpress::diag::Source, String) {
    let src = hexpress::diag::Source::new(name, text);
    let (_, w) = hexpress::model::load_with_warnings(&src)
        .unwrap_or_else(|d| panic!("{}", hexpress::diag::render(&src, &d)));
    let out = hexpress::diag::render(&src, &w);
    (src, out)
}

#[test]
fn validation_warns_at_an_undefined_game_term() {
    // A term of the shared vocabulary the pack does not define: "military movement".
    let text = hexpress::builtin::source("fog-islands").expect("built-in").text;
    let said = "Loading and unloading cost no movement points and do not end a ship's move.";
    assert!(text.contains(said));
    let text = text.replace(said, "Crews leave ships during military movement.");
    let (src, out) = warnings_of("fog.toml", text.clone());
    assert!(out.contains("the rules use `military movement`, a game term"), "{out}");
    let at = src.text.find("military movement").expect("there");
    let (line, col) = src.line_col(at);
    assert!(out.contains(&format!("fog.toml:{line}:{col}")), "{out}");
    // `hexpress validate` prints the warning at the same place, counts it on
    // its ok line and still succeeds: a warning is no error.
    let dir = std::env::temp_dir().join(format!("hexpress-vocab-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("fog.toml");
    std::fs::write(&file, &text).expect("write");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_hexpress"))
        .args(["--color", "never", "validate"])
        .arg(&file)
        .output()
        .expect("runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    assert!(o.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("(`fog-islands`, 3/4 players), 1 warning\n"), "{stdout}");
    assert!(stderr.contains(&format!("fog.toml:{line}:{col}")), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
    // A term the scenario defined is settled only by its definition: take
    // it away and its first use is pointed at.
    let text = hexpress::builtin::source("gold-for-catan").expect("built-in").text;
    let def = "[[terms]]\nterm = \"front coast\"\n";
    let start = text.find(def).expect("gold defines the front coast");
    let end = start + text[start..].find("\n\n").expect("end of the entry") + 2;
    let mut cut = text.clone();
    cut.replace_range(start..end, "");
    let (src, out) = warnings_of("gold.toml", cut);
    assert!(out.contains("the rules use `front coast`"), "{out}");
    // The first use in the rules: the setup text.
    let setup = src.text.find("\nsetup = ").expect("a setup");
    let first = setup + src.text[setup..].find("front coast").expect("used");
    let (line, col) = src.line_col(first);
    assert!(out.contains(&format!("gold.toml:{line}:{col}")), "{out}");
    // A part attributed to a box the scenario does not name is not settled
    // by the shared vocabulary: a ship without Seafarers.
    let text = hexpress::builtin::source("catan-world").expect("built-in").text;
    let block = "[[components.from_box]]\nitem = \"ships\"\nper_player = 15\nset = \"Seafarers\"\n";
    assert!(text.contains(block));
    let text = text.replace(block, "").replace("\nships = \"In front", "\nhulls = \"In front");
    let (_, out) = warnings_of("world.toml", text);
    assert!(out.contains("the rules use a ship, which the pack does not provide"), "{out}");
    assert!(out.contains("`[starts]` names `hulls`, which is no piece of this pack"), "{out}");
}

/// A built-in whose piece starts nowhere is refused; a user's file written
/// before `[starts]` existed still loads, with a warning and the piece
/// beside the board.
#[test]
fn a_piece_that_starts_nowhere_is_an_error_naming_it() {
    let text = hexpress::builtin::source("fog-islands").expect("built-in").text;
    let line = "\"castaway tokens\" = \"Shuffled, then face down, one on each of the 12 castaway spots marked on the map.\"\n";
    assert!(text.contains(line));
    let src = hexpress::diag::Source::builtin("fog.toml", text.replace(line, ""));
    let Err(d) = hexpress::model::load(&src) else { panic!("a piece starting nowhere is refused") };
    let out = hexpress::diag::render(&src, &d);
    assert!(out.contains("Castaway tokens start nowhere"), "{out}");
    assert!(out.contains("add `\"castaway tokens\" = \"...\"` to `[starts]`"), "{out}");
    let users = hexpress::diag::Source::new("fog.toml", text.replace(line, ""));
    let (s, w) = hexpress::model::load_with_warnings(&users).expect("a user's older file loads");
    let out = hexpress::diag::render(&users, &w);
    assert!(out.contains("Castaway tokens have no `[starts]` entry"), "{out}");
    assert!(out.contains("add `\"castaway tokens\" = \"...\"` to `[starts]`"), "{out}");
    let piece = s.game.pieces.iter().find(|p| p.name == "Castaway tokens").expect("kept");
    assert_eq!(piece.starts, hexpress::model::pieces::STARTS_BESIDE_THE_BOARD);
    // A part from a box needs its count.
    let text = hexpress::builtin::source("base").expect("built-in").text;
    let src = hexpress::diag::Source::new("base.toml", text.replace("count = 25\n", ""));
    let out = refused(&src);
    assert!(out.contains("how many `development cards` does the game take from the box?"), "{out}");
}

#[test]
fn castaway_spots_are_checked_and_counted() {
    let text = hexpress::builtin::source("fog-islands").expect("built-in").text;
    // One spot fewer than the 12 tokens.
    let drawn = "  ~   F   ~   cn  cn  h   cn  cn  ~   F   ~";
    assert!(text.contains(drawn));
    let fewer = text.replace(drawn, "  ~   F   ~   ~   cn  h   cn  cn  ~   F   ~");
    let src = hexpress::diag::Source::new("fog.toml", fewer);
    let out = refused(&src);
    assert!(
        out.contains("castaway tokens: 12 printed, but the map for 3 and 4 players marks 11"),
        "{out}"
    );
    // A spot on a corner the fog hides, and one on open water.
    let hidden = text.replace("m   m   m   m   m   ~   csw s", "m   m   m   m   m   csw ~   s");
    let src = hexpress::diag::Source::new("fog.toml", hidden);
    let out = refused(&src);
    assert!(out.contains("touches a face-down hex"), "{out}");
    let at_sea = text.replace("  m   m   m   m   ~   F   ~   s", "  m   m   m   m   ~   F   cn  s");
    let at_sea = at_sea.replace("m   m   m   m   ~   ~   cnw P", "m   m   m   m   ~   ~   ~   P");
    let src = hexpress::diag::Source::new("fog.toml", at_sea);
    let out = refused(&src);
    assert!(out.contains("no land touches the castaway spot"), "{out}");
    // The map shows every spot, and layout.json names each one's corner.
    let s = common::builtin("fog-islands");
    let l = solve(&s, 4, 1, &SolveOptions::default()).expect("solvable");
    let spots = (0..l.hexes.len()).filter(|&i| l.castaway(i).is_some()).count();
    assert_eq!(spots, 12);
    let json = hexpress::export::json::to_json(&l);
    assert_eq!(json.matches("\"castaway\":").count(), 12);
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
                .filter(|p| p.side != hexpress::scene::Side::Blank)
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

/// `layout` with each face-down region's tiles moved one hex along (harbor
/// tiles stay), its chip stack kept: only where the tiles lie changes.
fn with_tiles_moved(layout: &Layout) -> Layout {
    let mut l = layout.clone();
    for ri in 0..layout.regions.len() {
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
    }
    l
}

/// Every sentence of `text` (split at full stops).
fn sentences(text: &str) -> Vec<String> {
    text.split(['.', '\n']).map(|s| s.trim().to_lowercase()).filter(|s| !s.is_empty()).collect()
}

#[test]
fn one_setup_story_for_face_down_tiles() {
    use hexpress::compose::plan::builder::builder_pages;
    let mut checked = 0;
    for id in hexpress::builtin::ids() {
        let s = common::builtin(id);
        let players = s.meta.default_players;
        let l = solve(&s, players, 6, &SolveOptions::default()).expect("solvable");
        if !l.hexes.iter().any(|h| h.face_down) {
            assert!(builder_pages(&l, &Settings::default()).is_empty(), "{id}: no builder's sheet");
            continue;
        }
        checked += 1;
        // The builder's sheet shows where each face-down tile lies: moving
        // the tiles (same counts, same chip stack) changes it.
        let moved = with_tiles_moved(&l);
        assert_ne!(l.hexes, moved.hexes, "{id}: the test must move a tile");
        let settings = Settings::default();
        assert!(
            builder_pages(&l, &settings) != builder_pages(&moved, &settings),
            "{id}: the builder's sheet does not show where the face-down tiles lie"
        );
        // ... while the players' handout and map stay the same.
        assert!(handout(&s, &l) == handout(&s, &moved), "{id}: the handout shows hidden tiles");
        let notes = Notes::default();
        assert!(
            canvas(&l, &settings, &notes).to_page() == canvas(&moved, &settings, &notes).to_page(),
            "{id}: the players' map shows hidden tiles"
        );
        // Nobody is told to shuffle the tiles the generator placed: the
        // handout, the plan and the builder's sheet tell one story.
        let job = hexpress::compose::job::print_job(&l, &s, &settings, &notes).expect("composes");
        let plan = job.plan.expect("a plan");
        let mut said: Vec<String> = plan.setup.clone();
        said.push(handout_words(&s));
        for text in &said {
            for line in sentences(text) {
                if line.contains("shuffl") && line.contains("tile") {
                    let told_not =
                        ["nobody", " not ", "never", "already"].iter().any(|w| line.contains(w));
                    assert!(told_not, "{id}: tells the table to shuffle tiles: {line}");
                }
            }
        }
        let lays = plan.setup.iter().filter(|l| l.contains("builder's sheet")).count();
        assert!(lays >= 1, "{id}: the plan does not send the builder to the builder's sheet");
        let words = handout_words(&s);
        assert!(
            words.contains("builder's sheet"),
            "{id}: the handout does not name the builder's sheet"
        );
    }
    assert_eq!(checked, 4, "Catan World, 7 Islands, Reach Catan and the Fog Islands");
}

/// Where each piece of each built-in starts, written down from the source
/// documents and the pack's own decisions, read as a group that owns only
/// the boxes the pack names: (scenario, piece, words its start must say).
const STARTS: &[(&str, &str, &str)] = &[
    ("base", "Robber", "desert"),
    ("base", "Development cards", "face-down pile"),
    ("gold-for-catan", "Robber", "home island's desert"),
    ("gold-for-catan", "Gold coins", "each player takes 8"),
    ("gold-for-catan", "Ships", "front-coast"),
    ("catan-world", "Robber", "starting island's desert"),
    ("seven-islands", "Robber", "starting island's desert"),
    ("seven-islands", "Trade-relation marker", "each of the six small islands"),
    ("reach-catan", "Robber", "starting island's desert"),
    ("traders-and-wagons", "Robber", "desert below the castle"),
    ("traders-and-wagons", "Wagons", "second starting settlement"),
    ("traders-and-wagons", "Barbarians", "7"),
    ("traders-and-wagons", "Level marker", "level 1"),
    ("traders-and-wagons", "Trade tokens", "beside their trade hex"),
    ("traders-and-wagons", "Gold coins", "nobody starts with gold"),
    ("fishermen", "Robber", "on the lake"),
    ("fishermen", "Fishing-ground tiles", "marks with its number"),
    ("fishermen", "Fish tokens", "bag"),
    ("fog-islands", "Robber", "home island's desert"),
    ("fog-islands", "Pirate", "pirate start"),
    ("fog-islands", "Castaway tokens", "castaway spots marked on the map"),
    ("fog-islands", "Fish haul", "3 on each"),
    ("fog-islands", "Markers", "each mission track"),
    ("fog-islands", "Gold coins", "each player takes 2"),
];

#[test]
fn the_pack_says_where_every_piece_starts() {
    use hexpress::compose::job::print_job;
    for id in hexpress::builtin::ids() {
        let s = common::builtin(id);
        let players = s.meta.default_players;
        // Every built-in uses the base game: it says where the robber starts,
        // and the pirate when its rules use one.
        assert!(s.game.pieces.iter().any(|p| p.name == "Robber"), "{id}: no start for the robber");
        let rules = rule_text(&s);
        if hexpress::model::terms::names(&rules, "pirate") {
            assert!(
                s.game.pieces.iter().any(|p| p.name == "Pirate"),
                "{id}: no start for the pirate"
            );
        }
        let l = solve(&s, players, 2, &SolveOptions::default()).expect("solvable");
        let job = print_job(&l, &s, &Settings::default(), &Notes::default()).expect("composes");
        let plan = job.plan.expect("a plan").setup.join("\n").to_lowercase();
        let words = handout_words(&s).to_lowercase();
        // The handout's pieces table and the plan list every piece.
        for p in &s.game.pieces {
            let name = p.name.to_lowercase();
            assert!(plan.contains(&format!("- {name} (")), "{id}: the plan never places {name}");
            assert!(words.contains(&name), "{id}: the handout never names {name}");
        }
        for (sid, piece, said) in STARTS.iter().filter(|(sid, _, _)| *sid == id) {
            let p = s.game.pieces.iter().find(|p| p.name == *piece);
            let p = p.unwrap_or_else(|| panic!("{sid}: no piece {piece}"));
            assert!(p.starts.to_lowercase().contains(said), "{sid}: {piece} starts {:?}", p.starts);
            let line =
                plan.lines().find(|l| l.starts_with(&format!("- {} (", piece.to_lowercase())));
            assert!(line.is_some_and(|l| l.contains(said)), "{sid}: the plan's {piece}: {line:?}");
        }
    }
}

/// Every text run of `items`, depth first.
fn all_texts(items: &[hexpress::scene::Item], out: &mut Vec<String>) {
    use hexpress::scene::Item;
    for it in items {
        match it {
            Item::Text { text, .. } => out.push(text.clone()),
            Item::Group { items, .. } => all_texts(items, out),
            Item::Path { .. } => {}
        }
    }
}

#[test]
fn printed_text_calls_only_the_map_number_a_seed_and_credits_name_the_source() {
    use hexpress::compose::job::print_job;
    for id in hexpress::builtin::ids() {
        let s = common::builtin(id);
        let l = solve(&s, s.meta.default_players, 9, &SolveOptions::default()).expect("solvable");
        let job = print_job(&l, &s, &Settings::default(), &Notes::default()).expect("composes");
        let mut texts = Vec::new();
        for p in &job.pages {
            all_texts(&p.items, &mut texts);
        }
        texts.extend(job.plan.iter().flat_map(|p| p.setup.clone()));
        let all = texts.join("\n");
        let lower = all.to_lowercase();
        for (i, _) in lower.match_indices("seed") {
            let after = lower[i + 4..].trim_start_matches([' ', ':']);
            let before = &lower[..i];
            let ok = after.starts_with(|c: char| c.is_ascii_digit())
                || before.ends_with("--")
                || before.ends_with("same ");
            let at: String = all[i..].chars().take(40).collect();
            assert!(ok, "{id}: \"seed\" names something other than the map's number: …{at}…");
        }
        // The credits name the source by title and say it is fan-made.
        let credits = hexpress::compose::handout::contents::credits_text(&s);
        if let Some(src) = &s.meta.source {
            assert!(src.contains("fan-made"), "{id}: the source is not called fan-made: {src}");
            assert!(credits.contains(src.as_str()), "{id}: {credits}");
            assert!(!src.to_lowercase().contains("seed"), "{id}: {src}");
        }
        assert!(credits.contains("not an official Catan product"), "{id}: {credits}");
    }
}
