use super::*;

fn fills(items: &[Item]) -> Vec<Color> {
    items
        .iter()
        .filter_map(|i| match i {
            Item::Path { fill: Some(c), .. } => Some(*c),
            _ => None,
        })
        .collect()
}

#[test]
fn mono_prints_only_black_and_white() {
    for art in [fish_token(2, 22.0, Ink::Mono), trade_back(Building::Castle, 25.0, Ink::Mono)] {
        for c in fills(&art) {
            assert!(c == Color::WHITE || c == Color::BLACK, "{c:?}");
        }
    }
    let color = fills(&gold_coin(20.0, Ink::Color));
    assert!(color.contains(&inks().gold));
    let saver = fills(&gold_coin(20.0, Ink::Saver));
    assert!(saver.iter().all(|c| u16::from(c.r) + u16::from(c.g) + u16::from(c.b) > 3 * 180));
}

#[test]
fn fish_tokens_show_their_count() {
    let count_fish = |n| {
        fish_token(n, 22.0, Ink::Color)
            .iter()
            .filter(|i| matches!(i, Item::Path { fill: Some(c), .. } if *c == inks().fish))
            .count()
            / 2
    };
    assert_eq!([count_fish(1), count_fish(2), count_fish(3), count_fish(0)], [1, 2, 3, 0]);
    let boot = fish_token(0, 22.0, Ink::Color);
    assert!(boot.iter().any(|i| matches!(i, Item::Text { text, .. } if text == "old boot")));
}
