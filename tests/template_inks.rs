//! A template folder's `[inks]`: the colours it sets reach the pieces of
//! the print pack as `generate` draws them; the keys it leaves out, and a
//! run without the folder, keep the built-in colours.
#![allow(clippy::unwrap_used)]

use crate::common;
use crate::support::root;

use hexpress::compose::job::{print_job, PrintJob};
use hexpress::compose::map::Notes;
use hexpress::scene::{Color, Page};
use hexpress::settings::{Choices, Settings};
use hexpress::solve::{solve, SolveOptions};
use hexpress::theme::Theme;

/// Sets `piece_paper` and `fish` only.
const FOLDER: &str = "tests/data/templates/inks";

fn settings(folder: Option<&str>) -> Settings {
    let choices = Choices { templates_dir: folder.map(|d| root().join(d)), ..Choices::default() };
    Settings::build(&choices).unwrap()
}

/// The fishermen's print job (fish tokens, castaways, reference cards).
fn job(settings: &Settings) -> PrintJob {
    let scenario = common::builtin("fishermen");
    let layout = solve(&scenario, 4, 7, &SolveOptions::default()).unwrap();
    print_job(&layout, &scenario, settings, &Notes::default()).unwrap()
}

fn file_pages<'a>(job: &'a PrintJob, name: &str) -> Vec<&'a Page> {
    job.file(name).unwrap().pages.iter().map(|&i| &job.pages[i]).collect()
}

/// The SVG of every front of `components.pdf` that holds pieces of `set`.
fn sheets_svg(job: &PrintJob, set: &str) -> String {
    let svg: Vec<String> = file_pages(job, "components.pdf")
        .into_iter()
        .filter(|p| p.holds.iter().any(|(title, _)| title == set))
        .map(hexpress::export::svg::page_to_svg)
        .collect();
    assert!(!svg.is_empty(), "no sheet holds {set}");
    svg.concat()
}

fn shows(svg: &str, c: Color) -> bool {
    svg.contains(&format!("\"{}\"", c.hex()))
}

#[test]
fn a_template_folder_sets_the_inks_of_the_pieces() {
    let builtin = Theme::builtin().inks;
    let (paper, fish) = (Color::rgb(0xe0, 0xf0, 0xff), Color::rgb(0x7a, 0x2e, 0x8c));
    let own = settings(Some(FOLDER));
    let inks = own.theme.inks;
    assert_eq!((inks.piece_paper, inks.fish), (paper, fish));
    assert_eq!(
        hexpress::theme::Inks { piece_paper: builtin.piece_paper, fish: builtin.fish, ..inks },
        builtin,
        "the keys the folder leaves out keep the built-in value"
    );
    let (shipped, own) = (job(&settings(None)), job(&own));
    for (set, key, new) in
        [("Fish tokens", builtin.fish, fish), ("Reference cards", builtin.piece_paper, paper)]
    {
        let before = sheets_svg(&shipped, set);
        assert!(shows(&before, key) && !shows(&before, new), "{set}: built-in run");
        let after = sheets_svg(&own, set);
        assert!(shows(&after, new), "{set}: the folder's colour is not drawn");
        assert!(!shows(&after, key), "{set}: the built-in colour is still drawn");
    }
    // The map uses no ink the folder sets: its pages stay as they were.
    assert_eq!(file_pages(&shipped, "map.pdf"), file_pages(&own, "map.pdf"));
}
