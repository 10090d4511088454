use super::*;
use crate::theme::{Mode, Theme};

/// The built-in theme's inks in the look of `mode`.
fn builtin(mode: Mode) -> Ink {
    Ink::new(mode, &Theme::builtin())
}

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
    let mono = builtin(Mode::BlackAndWhite);
    for art in [fish_token(2, 22.0, mono), trade_back(Building::Castle, 25.0, mono)] {
        for c in fills(&art) {
            assert!(c == Color::WHITE || c == Color::BLACK, "{c:?}");
        }
    }
    let color = fills(&gold_coin(20.0, builtin(Mode::Colour)));
    assert!(color.contains(&Theme::builtin().inks.gold));
    let saver = fills(&gold_coin(20.0, builtin(Mode::InkSaver)));
    assert!(saver.iter().all(|c| u16::from(c.r) + u16::from(c.g) + u16::from(c.b) > 3 * 180));
}

#[test]
fn fish_tokens_show_their_count() {
    let ink = builtin(Mode::Colour);
    let fish = Theme::builtin().inks.fish;
    let count_fish = |n| {
        fish_token(n, 22.0, ink)
            .iter()
            .filter(|i| matches!(i, Item::Path { fill: Some(c), .. } if *c == fish))
            .count()
            / 2
    };
    assert_eq!([count_fish(1), count_fish(2), count_fish(3), count_fish(0)], [1, 2, 3, 0]);
    let boot = fish_token(0, 22.0, ink);
    assert!(boot.iter().any(|i| matches!(i, Item::Text { text, .. } if text == "old boot")));
}

#[test]
fn tokens_draw_with_the_inks_they_are_given() {
    let mut ink = builtin(Mode::Colour);
    let (old, new) = (ink.inks.fish, Color::rgb(1, 2, 3));
    ink.inks.fish = new;
    let fills = fills(&fish_token(2, 22.0, ink));
    assert!(fills.contains(&new) && !fills.contains(&old), "{fills:?}");
}
