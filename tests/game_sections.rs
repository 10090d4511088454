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
    assert_eq!(g.components.gold_chits, 40);
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
    use hexpress::compose::basic_art::BasicArt;
    use hexpress::compose::components::{component_sets, ComponentCounts};
    use hexpress::compose::sheet_config::SheetOptions;

    let src = Source::new("game-sections.toml", fixture());
    let s = load(&src).unwrap_or_else(|d| panic!("{}", render(&src, &d)));
    let counts = ComponentCounts::from_scenario(&s, 3);
    assert_eq!(counts.presents, 3);
    assert_eq!(counts.gold_coins, 40);
    assert_eq!(counts.fish, [11, 10, 8]);
    let layout = hexpress::solve::solve(&s, 3, 1, &Default::default()).expect("solves");
    let sizes = SheetOptions::default().sizes;
    let sets = component_sets(&layout, &s, &counts, &sizes, &BasicArt::default());
    let count_of = |title: &str| -> u32 {
        sets.iter().filter(|x| x.title == title).flat_map(|x| &x.pieces).map(|p| p.count).sum()
    };
    assert_eq!(count_of("Present tiles"), 3);
    assert_eq!(count_of("Gold coins"), 40);
    assert_eq!(count_of("Fish tokens"), 30);
    assert_eq!(count_of("Trade tokens"), 12);
}
