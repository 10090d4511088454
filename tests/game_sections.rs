//! The game sections of the format: components, costs, trades, tables, rules.

use hexpress::diag::{render, Source};
use hexpress::model::game::{Building, Goods, Pay};
use hexpress::model::load;
use hexpress::vocab::Resource;

fn fixture() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/game-sections.toml"))
        .expect("fixture")
}

#[test]
fn every_section_is_read_into_the_model() {
    let src = Source::new("game-sections.toml", fixture());
    let s = load(&src).unwrap_or_else(|d| panic!("{}", render(&src, &d)));
    let g = &s.game;
    assert_eq!(g.components.count(hexpress::scenario::token_table::Counted::GoldChits), 40);
    assert_eq!(g.components.fishing_grounds, [4, 5, 6, 8, 9, 10]);
    let fish = g.components.fish_tokens.expect("fish tokens");
    assert_eq!((fish.one, fish.two, fish.three, fish.old_boot), (11, 10, 8, 1));
    assert_eq!(g.components.trade_tokens[0].building, Building::Castle);
    assert_eq!(g.components.trade_tokens[0].goods, [(Goods::Tools, 6), (Goods::Sand, 6)]);
    assert_eq!(g.components.castaway_tokens[0].count, 2);
    assert_eq!(g.costs.len(), 3);
    assert_eq!(
        g.costs[0].cost,
        [(Pay::Resource(Resource::Lumber), 1), (Pay::Resource(Resource::Brick), 1), (Pay::Gold, 1)]
    );
    assert!(g.costs[1].alt.is_some());
    assert_eq!(g.costs[2].variant.as_deref(), Some("With Cities & Knights"));
    assert_eq!(g.trades[0].give, "2 gold");
    assert_eq!(g.tables[0].rows.len(), 2);
    assert!(g.tables[0].card && !g.tables[0].per_player);
    assert_eq!(g.rules.sections[0].0, "Ships");
}

#[test]
fn mistakes_in_game_sections_are_all_reported() {
    let text = fixture()
        .replace("lumber = 1, brick = 1, gold = 1", "lumbre = 1, brick = 1, gold = 1")
        .replace("building = \"castle\"", "building = \"castel\"")
        .replace("[\"7\", \"A development card\"]", "[\"7\"]")
        .replace("variant = \"With Cities & Knights\"", "variant = \"With C&K\"")
        .replace("old_boot = 1", "old_boots = 1");
    let src = Source::new("broken.toml", text);
    let diags = load(&src).expect_err("broken");
    let shown = render(&src, &diags);
    for needle in [
        "unknown payment `lumbre`",
        "did you mean `lumber`?",
        "unknown trade building `castel`",
        "this row has 1 cells for 2 columns",
        "`With C&K` is not a variant",
        "unknown key `old_boots`",
    ] {
        assert!(shown.contains(needle), "missing {needle:?} in:\n{shown}");
    }
    assert_eq!(diags.error_count(), 5, "{shown}");
}

#[test]
fn present_tiles_and_tokens_reach_the_component_sheets() {
    use hexpress::compose::pieces::component_sets;
    use hexpress::compose::pieces::theme_art::ThemeArt;
    use hexpress::settings::sheets::SheetOptions;
    use hexpress::theme::{Mode, Theme};

    let src = Source::new("game-sections.toml", fixture());
    let s = load(&src).unwrap_or_else(|d| panic!("{}", render(&src, &d)));
    let c = &s.game.components;
    assert_eq!(c.count(hexpress::scenario::token_table::Counted::PresentTiles), 3);
    assert_eq!(c.count(hexpress::scenario::token_table::Counted::GoldChits), 40);
    let fish = c.fish_tokens.expect("fish tokens");
    assert_eq!([fish.one, fish.two, fish.three], [11, 10, 8]);
    let layout = hexpress::solve::solve(&s, 3, 1, &Default::default()).expect("solves");
    let sizes = SheetOptions::default().sizes;
    let sets = component_sets(
        &layout,
        &s,
        &sizes,
        &ThemeArt { theme: &Theme::builtin(), mode: Mode::Colour },
    );
    let count_of = |title: &str| -> u32 {
        sets.iter().filter(|x| x.title == title).flat_map(|x| &x.pieces).map(|p| p.count).sum()
    };
    assert_eq!(count_of("Present tiles"), 3);
    assert_eq!(count_of("Gold coins"), 40);
    // The old boot shares the fish back but is counted apart, as the
    // handout counts it.
    assert_eq!(count_of("Fish tokens"), 29);
    assert_eq!(count_of("Old boot"), 1);
    assert_eq!(count_of("Trade tokens"), 12);
}

fn tiny(legend_l: &str) -> String {
    format!(
        r#"[scenario]
id = "tiny"
title = "Tiny"
players = [3]

[legend]
"~" = "sea"
L = {legend_l}
"*" = {{ region = "isle" }}

[[map]]
players = [3]
hexes = """
 ~ ~
~ L * ~
 ~ ~
"""

[map.regions.isle]
tiles = {{ forest = 1 }}
numbers = [5]
"#
    )
}

#[test]
fn a_chipless_hex_can_produce_on_several_rolls() {
    let src = Source::new("tiny.toml", tiny(r#"{ terrain = "lake", rolls = [2, 3, 11, 12] }"#));
    let s = load(&src).unwrap_or_else(|d| panic!("{}", render(&src, &d)));
    let l = hexpress::solve::solve(&s, 3, 1, &Default::default()).expect("solves");
    let lake =
        l.hexes.iter().position(|h| h.terrain == hexpress::vocab::Terrain::Lake).expect("lake");
    assert_eq!(l.rolls(lake), [2, 3, 11, 12]);
    assert_eq!(l.hexes[lake].number, None);
    let json = hexpress::export::json::to_json(&l);
    assert!(json.contains(r#""terrain":"lake","number":null,"region":null,"fixed":true,"face_down":false,"rolls":[2,3,11,12]}"#), "{json}");
}

#[test]
fn rolls_are_checked() {
    for (entry, needle) in [
        (r#"{ terrain = "lake", rolls = [2, 7] }"#, "`7` is not a number chip"),
        (r#"{ terrain = "lake", rolls = [3, 3] }"#, "roll 3 is listed twice"),
        (
            r#"{ terrain = "forest", number = 4, rolls = [2] }"#,
            "`rolls` is only for fixed hexes without a number chip",
        ),
        (
            r#"{ region = "isle", rolls = [2] }"#,
            "`rolls` is only for fixed hexes without a number chip",
        ),
    ] {
        let src = Source::new("tiny.toml", tiny(entry));
        let shown = match load(&src) {
            Ok(_) => panic!("{entry} should be refused"),
            Err(d) => render(&src, &d),
        };
        assert!(shown.contains(needle), "{entry}: missing {needle:?} in\n{shown}");
    }
}
