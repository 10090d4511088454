//! What a group asks of its pack, answered by the pack itself: every
//! built-in's print pack is read back from the PDF (the text of every
//! page, with a PDF reader) and must answer, per scenario, the questions
//! four players who own only the boxes it names would ask (where does X
//! start, what does Y pay, how many Z), and give every count of a part
//! with one value: the print plan, the sheets' headings and the handout
//! agree.

use crate::common;
use hexpress::compose::job::print_job;
use hexpress::compose::map::Notes;
use hexpress::model::pieces::PieceFrom;
use hexpress::settings::Settings;
use hexpress::solve::{solve, Layout, SolveOptions};
use hexpress::vocab::HarborKind;
use lopdf::Document;

/// (scenario, question, words the pack must say to answer it).
const QUESTIONS: &[(&str, &str, &str)] = &[
    ("base", "what does a 2:1 harbor trade", "2 cards of the harbor's resource"),
    (
        "fishermen",
        "how many fish tokens",
        "fish tokens 29: 11 with one fish, 10 with two, 8 with three",
    ),
    ("fishermen", "how many old boots", "old boot (1, printed)"),
    ("fishermen", "where does the robber start", "on the lake"),
    ("gold-for-catan", "is there a largest army", "largest army"),
    ("gold-for-catan", "what is a space", "space: where a ship lies and moves"),
    ("gold-for-catan", "what does gold buy", "2 gold 1 resource card (bank)"),
    (
        "traders-and-wagons",
        "where does a wagon start",
        "on the corner where its owner's second starting settlement stands",
    ),
    ("traders-and-wagons", "where do barbarians come from", "puts a barbarian from the supply"),
    (
        "traders-and-wagons",
        "where does the level marker go",
        "on the level 1 row of each player's baggage-train card",
    ),
    ("catan-world", "what does a gold field pay", "takes 2 resource cards of their choice"),
    ("catan-world", "how large is the starting island", "starting island (19 hexes"),
    ("catan-world", "which way does a harbor tile face", "harbor edge, the one with the bar"),
    ("reach-catan", "what does a gold field pay", "but in resources of your choice"),
    ("reach-catan", "which way does a harbor tile face", "harbor edge, the one with the bar"),
    ("reach-catan", "when do we draw a development card", "each player draws one development card"),
    ("seven-islands", "what does a gold field pay", "but in resources of your choice"),
    ("seven-islands", "what does a settlement on a small island bring", "draw a development card"),
    ("fog-islands", "what does a gold field pay", "pays 1 gold coin to each settlement beside it"),
    ("fog-islands", "which way does a harbor tile face", "harbor edge, the one with the bar"),
    (
        "fog-islands",
        "what does the pirate do to ships",
        "steal one resource card from a player with a ship",
    ),
    (
        "fog-islands",
        "where may ships not be built",
        "no ship is built on a path of the pirate's hex",
    ),
    ("fog-islands", "what is a route", "route: a path with a player's road on it"),
    ("fog-islands", "who is owed a toll", "a toll of 1 gold to the road's owner"),
    ("fog-islands", "does anyone start with a sea port", "it is that player's first sea port"),
    ("fog-islands", "what does a sea port cost", "a sea port costs 1 brick, 1 wool, 1 ore"),
    (
        "fog-islands",
        "what do settlers and crews cost",
        "a settler (1 lumber, 1 brick, 1 grain, 1 wool) or a crew (1 wool, 1 ore)",
    ),
    ("fog-islands", "how much does a basin hold", "a basin holds one settler or two crews"),
    ("fog-islands", "what does fast gold trade", "1 gold (bank; once a turn per fast gold village"),
    ("fog-islands", "where does the pirate start", "on the sea hex marked pirate start"),
];

/// Questions every pack with face-down tiles answers: (question, words).
const FACE_DOWN_QUESTIONS: &[(&str, &str)] = &[
    (
        "how do we lay hidden tiles with nobody seeing them",
        "back side up on the hex of the map that shows the code on its back",
    ),
    ("how are the chips stacked", "in the order on their backs, 1 on top"),
    ("how do we cut them", "cut every piece out along its outline back side up"),
    ("what if several hidden tiles are reached at once", "lowest code first"),
    ("what if a host builds instead", "builder's sheet"),
    ("what does a gold field pay", "gold field"),
];

/// The text of every page of a PDF, read back: lowercase, one space
/// between words.
fn pack_text(bytes: &[u8]) -> Vec<String> {
    let doc = Document::load_mem(bytes).expect("a PDF");
    let n = doc.get_pages().len() as u32;
    (1..=n)
        .map(|p| {
            // Bullets are drawn apart from their lines' words and come out
            // of the reader among them: left out.
            let t = doc.extract_text(&[p]).expect("text").replace('•', " ");
            t.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
        })
        .collect()
}

/// The print pack of a built-in at its default player count, as text, with
/// its layout and print-plan.txt.
fn read_pack(id: &str) -> (hexpress::model::Scenario, Layout, Vec<String>, String) {
    read_pack_of(common::builtin(id))
}

/// [`read_pack`] of any scenario.
fn read_pack_of(
    s: hexpress::model::Scenario,
) -> (hexpress::model::Scenario, Layout, Vec<String>, String) {
    let l = solve(&s, s.meta.default_players, 3, &SolveOptions::default()).expect("solves");
    let job = print_job(&l, &s, &Settings::default(), &Notes::default()).expect("composes");
    let pages = pack_text(&common::encode_file(job.view(), "print-pack.pdf"));
    let plan = hexpress::compose::plan::text::plan_text(job.plan.as_ref().expect("a plan"));
    (s, l, pages, plan.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase())
}

/// The numbers right after each `lead` in `text` ("5 per player" is a
/// share, not a count, and is left out).
fn numbers_after(text: &str, lead: &str) -> Vec<u32> {
    text.match_indices(lead)
        // The name itself, not the end of a longer one ("extension
        // resource cards" is not "resource cards").
        .filter(|(i, _)| !text[..*i].trim_end().ends_with(char::is_alphanumeric))
        .filter_map(|(i, _)| {
            let rest = &text[i + lead.len()..];
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            let share = rest[digits.len()..].starts_with(" per player");
            if share {
                None
            } else {
                digits.parse().ok()
            }
        })
        .collect()
}

/// What the headings of the component sheets' fronts say of `title`,
/// summed over the sheets ("fish tokens: 20 · old boot: 1 (front)").
fn headings_total(pages: &[String], title: &str) -> Option<u32> {
    let lead = format!("{title}: ");
    let mut total = None;
    for p in pages.iter().filter(|p| p.contains("(front)")) {
        let head = &p[..p.find("(front)").unwrap_or(0)];
        for part in head.split(" · ") {
            if let Some(n) = numbers_after(part.trim_start(), &lead).first() {
                if part.trim_start().starts_with(&lead) {
                    *total.get_or_insert(0) += n;
                }
            }
        }
    }
    total
}

#[test]
fn every_pack_answers_its_groups_questions() {
    let mut asked = 0;
    for id in hexpress::builtin::ids() {
        let (s, l, pages, _) = read_pack(id);
        let all = pages.join(" ");
        let mut qs: Vec<(&str, String)> = QUESTIONS
            .iter()
            .filter(|(sid, _, _)| *sid == id)
            .map(|(_, q, a)| (*q, a.to_lowercase()))
            .collect();
        if l.hexes.iter().any(|h| h.face_down) {
            qs.extend(FACE_DOWN_QUESTIONS.iter().map(|(q, a)| (*q, a.to_string())));
        }
        // Every pack trades with the bank and at every kind of harbor its map holds.
        qs.push((
            "how do we trade with the bank",
            "4 cards of one resource 1 resource of your choice (bank)".into(),
        ));
        if l.harbors.iter().any(|h| h.kind == HarborKind::Generic) {
            qs.push(("what does a 3:1 harbor trade", "(3:1 harbor)".into()));
        }
        if l.harbors.iter().any(|h| h.kind != HarborKind::Generic) {
            qs.push(("what does a 2:1 harbor trade", "(2:1 harbor)".into()));
        }
        // Every gold field says what it pays.
        if l.hexes.iter().any(|h| h.terrain == hexpress::vocab::Terrain::Gold) {
            qs.push(("what does a gold field pay", "gold".into()));
            assert!(
                s.game.rules.sections.iter().any(|(t, _)| t.to_lowercase().contains("gold"))
                    || s.game.terms.iter().any(|t| t.term.to_lowercase().contains("gold")),
                "{id}: gold hexes and no rule for them"
            );
        }
        for (q, a) in &qs {
            let key: String = a.chars().take(10).collect();
            let near = all.find(&key).map(|i| {
                let mut a = i.saturating_sub(30);
                while !all.is_char_boundary(a) {
                    a -= 1;
                }
                all[a..].chars().take(190).collect::<String>()
            });
            assert!(
                all.contains(a.as_str()),
                "{id}: \"{q}?\" is not answered: no \"{a}\" in the pack (near: {near:?})"
            );
            asked += 1;
        }
    }
    assert!(asked > 60, "{asked} questions asked");
}

#[test]
fn every_count_of_a_part_has_one_value() {
    for id in hexpress::builtin::ids() {
        let (s, l, pages, plan) = read_pack(id);
        let players = l.players;
        for p in &s.game.pieces {
            let name = p.name.to_lowercase();
            let total = p.count.total(players);
            for n in numbers_after(&plan, &format!("{name} (")) {
                assert_eq!(n, total, "{id}: the plan counts {n} {name}, the handout {total}");
            }
            if p.from == PieceFrom::Printed {
                if let Some(n) = headings_total(&pages, &name) {
                    assert_eq!(n, total, "{id}: the sheets' headings hold {n} {name}, not {total}");
                }
            }
        }
        // Each face-down area: its tiles and chips, counted alike by the
        // plan, the handout and the sheets.
        for (ri, r) in l.regions.iter().enumerate().filter(|(_, r)| r.face_down) {
            let tiles =
                l.hexes.iter().filter(|h| h.face_down && h.region == Some(ri as u32)).count();
            let name = r.name.to_lowercase();
            let all = pages.join(" ");
            let said: Vec<u32> = numbers_after(&all, &format!("{name}: its "))
                .into_iter()
                .chain(numbers_after(&plan, &format!("{name}: lay its ")))
                .chain(numbers_after(&plan, &format!("{name} – face-down tiles (")))
                .collect();
            assert!(!said.is_empty(), "{id}: nothing counts the tiles of {name}");
            assert!(
                said.iter().all(|&n| n as usize == tiles),
                "{id}: {name} has {tiles} tiles: {said:?}"
            );
            let heads = headings_total(&pages, &format!("{name} – face-down tiles"));
            assert_eq!(heads, Some(tiles as u32), "{id}: {name}'s tiles on the sheets");
            let chips = r.chip_stack.len() as u32;
            if chips > 1 {
                let said: Vec<u32> = numbers_after(&plan, &format!("{name}: stack its "))
                    .into_iter()
                    .chain(numbers_after(&plan, &format!("{name} – number chips (")))
                    .collect();
                assert!(
                    said.iter().all(|&n| n == chips),
                    "{id}: {name} has {chips} chips: {said:?}"
                );
                let heads = headings_total(&pages, &format!("{name} – number chips"));
                assert_eq!(heads, Some(chips), "{id}: {name}'s chips on the sheets");
            }
        }
    }
}

#[test]
fn catan_worlds_starting_island_has_one_size() {
    let (_, _, pages, plan) = read_pack("catan-world");
    let all = format!("{} {plan}", pages.join(" "));
    for n in numbers_after(&all, "starting island (") {
        assert_eq!(n, 19, "{all:.0}the starting island is said to be {n} hexes");
    }
    assert!(!all.contains("18 hexes"), "a starting island of 18 hexes");
}

#[test]
fn the_level_marker_fits_one_row_of_the_baggage_train_card() {
    use hexpress::scene::{Item, Pt, Transform};
    fn placed(items: &[Item], t: Transform, out: &mut Vec<(String, Pt)>) {
        for it in items {
            match it {
                Item::Text { text, pos, .. } => out.push((text.clone(), t.apply(*pos))),
                Item::Group { transform, items, .. } => placed(items, transform.then(t), out),
                Item::Path { .. } => {}
            }
        }
    }
    let s = common::builtin("traders-and-wagons");
    let settings = Settings::default();
    let sets = hexpress::compose::pack::card_sets(&s, 4, &settings).expect("cards");
    let card = sets
        .iter()
        .flat_map(|set| &set.pieces)
        .find(|p| p.name.contains("Baggage train"))
        .expect("a baggage-train card");
    let mut words = Vec::new();
    placed(&card.front, Transform::IDENTITY, &mut words);
    // The level numbers 1 to 5 in the card's first column, top to bottom.
    let x0 = words.iter().find(|(t, _)| t == "Level").map(|(_, p)| p.x).expect("a Level column");
    let mut rows: Vec<f64> = words
        .iter()
        .filter(|(t, p)| {
            (p.x - x0).abs() < 1.0 && t.parse::<u8>().is_ok_and(|n| (1..=5).contains(&n))
        })
        .map(|(_, p)| p.y)
        .collect();
    rows.sort_by(f64::total_cmp);
    assert_eq!(rows.len(), 5, "{words:?}");
    let pitch = rows.windows(2).map(|w| w[1] - w[0]).fold(f64::MAX, f64::min);
    let marker =
        s.game.components.parts.tokens.iter().find(|t| t.name == "Level marker").expect("marker");
    let size = marker.size.map_or(settings.sheets.sizes.token, f64::from);
    assert!(size <= pitch, "a {size} mm level marker on rows {pitch:.1} mm apart");
}

/// A face-up fixed hex that takes its chip from a face-down region's pool:
/// the handout says one chip of the pool lies on the map and how many are
/// stacked, and the stack holds the rest of the pool.
#[test]
fn a_fixed_hex_fed_by_a_face_down_pool_is_explained() {
    let path = format!("{}/tests/fixtures/face-up-from-fog.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("fixture");
    let s = hexpress::model::load(&hexpress::diag::Source::new(&path, &text)).expect("valid");
    let (_, layout, pages, _) = read_pack_of(s);
    let fog = layout.regions.iter().find(|r| r.key == "fog").expect("the fog region");
    assert_eq!(fog.chip_stack.len(), 4, "five chips, one on the fixed hex");
    let all = pages.join(" ");
    let said = "1 of its number chips lies face up on its fixed hex, as the map shows; its 4 \
                other number chips lie in one face-down stack";
    assert!(all.contains(said), "the handout does not say where the fog's chips go: {all}");
    assert!(all.contains("1 fixed hex takes its chip from a region's pool"), "{all}");
}
