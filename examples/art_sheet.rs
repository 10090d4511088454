use hexpress::compose::art;
use hexpress::compose::scene::*;
use hexpress::theme::{Mode, Theme};
use hexpress::vocab::{Resource, Terrain};
fn main() {
    let theme = Theme::builtin();
    for (mode, name) in
        [(Mode::Colour, "colour"), (Mode::InkSaver, "ink"), (Mode::BlackAndWhite, "bw")]
    {
        let mut p = Page::new(420.0, 300.0, "art");
        for (i, t) in Terrain::ALL.iter().enumerate() {
            let x = 45.0 + (i % 5) as f64 * 80.0;
            let y = 50.0 + (i / 5) as f64 * 70.0;
            p.push(Item::Group {
                transform: Transform::translate(x, y),
                clip: None,
                items: art::terrain_tile(*t, 66.0, &theme, mode, i < 7),
            });
            if i < 7 {
                p.push(Item::Group {
                    transform: Transform::translate(x, y + 10.0),
                    clip: None,
                    items: art::number_chip([2, 6, 8, 10, 11, 5, 12][i], 22.0, theme.palette(mode)),
                });
            }
        }
        p.push(Item::Group {
            transform: Transform::translate(365.0, 260.0),
            clip: None,
            items: art::fog_face(66.0, &theme, mode),
        });
        for (i, r) in Resource::ALL.iter().enumerate() {
            p.extend_icons(art::resource_icon(
                *r,
                Pt::new(300.0 + i as f64 * 20.0, 285.0),
                12.0,
                &theme,
                mode,
            ));
        }
        let png = hexpress::export::png::page_to_png(&p, 40.0).unwrap();
        std::fs::write(format!("/tmp/art-{name}.png"), png).unwrap();
    }
}
trait Ext {
    fn extend_icons(&mut self, v: Vec<Item>);
}
impl Ext for Page {
    fn extend_icons(&mut self, v: Vec<Item>) {
        self.items.extend(v);
    }
}
