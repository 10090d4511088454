//! The print plan, read back from the PDFs with a PDF reader (lopdf): page 1
//! of every print pack is the plan; every page range it states holds what it
//! says (map sheets A1..., front/back pairs where it says two-sided, blank
//! pages where it says skip); the ranges cover the pack once each, in order;
//! the plan's pages and `print-plan.txt` state the same ranges; and the
//! separate files' ranges match those files. Every built-in, A4 and Letter.

use crate::common;
use hexpress::compose::job::print_job;
use hexpress::compose::plan::{PartKind, PrintPlan, Sides, Step};
use hexpress::outputs::Notes;
use hexpress::settings::{Choices, Paper, Settings};
use lopdf::Document;

use crate::support::pdf_labels;
use pdf_labels::labels;

/// Whether `l` is a map sheet label (row letter, column number: A1, B12).
fn is_sheet_label(l: &str) -> bool {
    let mut c = l.chars();
    c.next().is_some_and(|f| f.is_ascii_uppercase())
        && !c.as_str().is_empty()
        && c.as_str().chars().all(|d| d.is_ascii_digit())
}

/// Checks that the pages a step covers (`labels` of the whole document)
/// hold what the step says.
fn check_step(name: &str, s: &Step, labels: &[String]) {
    let at = |n: usize| labels[n - 1].as_str();
    let range: Vec<&str> = (s.first..=s.last).map(at).collect();
    let ctx = format!("{name}: pages {} ({:?}, {:?}) hold {range:?}", s.range(), s.kind, s.sides);
    match s.sides {
        Sides::Skip => assert!(range.iter().all(|l| *l == "intentionally blank"), "{ctx}"),
        Sides::Two(_) => {
            assert!(
                !s.first.is_multiple_of(2) && range.len().is_multiple_of(2),
                "{ctx}: pairs from an odd page"
            );
            for pair in range.chunks(2) {
                assert_eq!(pair[1], format!("{} back", pair[0]), "{ctx}: front then its back");
            }
        }
        Sides::One => {
            let backs = range.iter().any(|l| l.ends_with(" back") || *l == "intentionally blank");
            assert!(!backs, "{ctx}: one-sided pages hold no back");
        }
        Sides::Either => {}
    }
    match s.kind {
        PartKind::Plan => assert!(range[0] == "print plan", "{ctx}"),
        PartKind::Calibration => assert_eq!(range, ["calibration", "calibration back"], "{ctx}"),
        PartKind::MapOverview => assert_eq!(range, ["overview"], "{ctx}"),
        PartKind::MapSheets => {
            assert!(range.iter().all(|l| is_sheet_label(l)), "{ctx}");
            // The first sheet is A1 unless the tiler left that corner out
            // (it holds no part of the board): then it is the first in row A.
            assert!(range[0].starts_with('A'), "{ctx}");
            let (first, last) = (range[0], range[range.len() - 1]);
            assert!(s.what.contains(first) && s.what.contains(last), "{ctx}: {}", s.what);
        }
        PartKind::Components if s.sides != Sides::Skip => {
            assert!(range.iter().all(|l| l.starts_with("sheet ")), "{ctx}");
        }
        PartKind::Components => {}
        // The coded face-down sheets are always two-sided, and the plan
        // says to handle them back side up.
        PartKind::FaceDown if s.sides != Sides::Skip => {
            assert!(matches!(s.sides, Sides::Two(_)), "{ctx}");
            assert!(range.iter().all(|l| l.starts_with("sheet ")), "{ctx}");
            assert!(s.then.contains("back side up"), "{ctx}: {}", s.then);
        }
        PartKind::FaceDown => {}
        PartKind::Handout => assert!(range.iter().all(|l| l.starts_with("page ")), "{ctx}"),
        PartKind::Builder => assert_eq!(range, ["builder's sheet"], "{ctx}"),
    }
}

/// Checks that `steps` cover pages 1..=labels.len() once each, in order.
fn check_cover(name: &str, steps: &[Step], labels: &[String]) {
    let mut next = 1;
    for s in steps {
        assert_eq!(s.first, next, "{name}: pages {} do not follow on", s.range());
        assert!(s.last >= s.first, "{name}: pages {}", s.range());
        check_step(name, s, labels);
        next = s.last + 1;
    }
    assert_eq!(next - 1, labels.len(), "{name}: the plan covers every page");
}

/// The text of pages `first..=last` of `doc`.
fn text(doc: &Document, first: usize, last: usize) -> String {
    let pages: Vec<u32> = (first as u32..=last as u32).collect();
    doc.extract_text(&pages).unwrap_or_default()
}

fn check_pack(name: &str, plan: &PrintPlan, files: &[(String, Vec<u8>)]) {
    let get = |f: &str| &files.iter().find(|(n, _)| n == f).unwrap_or_else(|| panic!("{f}")).1;
    let pack = Document::load_mem(get("print-pack.pdf")).expect("reads");
    let labels = labels(&pack);
    assert_eq!(labels[0], "print plan", "{name}: page 1 is the plan");
    let plan_last = plan.steps[0].last;
    assert_eq!(plan.steps[0].kind, PartKind::Plan, "{name}");
    assert!(plan_last.is_multiple_of(2), "{name}: the plan keeps parity with {plan_last} pages");
    check_cover(name, &plan.steps, &labels);
    for kind in [PartKind::Calibration, PartKind::MapSheets, PartKind::Handout] {
        assert!(plan.steps_of(kind).next().is_some(), "{name}: no {kind:?} step");
    }
    // The plan's pages and print-plan.txt state every range.
    let page_text = text(&pack, 1, plan_last);
    assert!(page_text.contains("Print plan"), "{name}: {page_text:.200}");
    let txt = String::from_utf8(get("print-plan.txt").clone()).expect("utf-8");
    for s in &plan.steps {
        assert!(page_text.contains(&s.range()), "{name}: the plan page lacks {}", s.range());
        let word = if s.first == s.last { "page" } else { "pages" };
        let line = format!("  {word} {} ({})\n", s.range(), s.sides.text());
        assert!(txt.contains(&line), "{name}: print-plan.txt lacks {line:?}");
    }
    assert!(txt.contains(&format!("Paper: {}.", plan.paper)), "{name}");
    // Every map sheet is in the glue order, once.
    if let Some(a) = &plan.assembly {
        let sheets: Vec<&str> =
            labels.iter().filter(|l| is_sheet_label(l)).map(String::as_str).collect();
        let order: Vec<&str> = a.order();
        assert_eq!(order, sheets, "{name}: glue order vs sheets");
        for (i, l) in order.iter().enumerate() {
            assert!(txt.contains(&format!("{}. {l}", i + 1)), "{name}: txt lacks {l}");
        }
    }
    // The separate files, each against its own pages.
    for f in &plan.files {
        let doc = Document::load_mem(get(&f.name)).expect("reads");
        let fname = format!("{name} {}", f.name);
        check_cover(&fname, &f.steps, &labels_of(&doc));
        assert!(txt.contains(&format!("  {} (", f.name)), "{fname}: not in print-plan.txt");
    }
}

fn labels_of(doc: &Document) -> Vec<String> {
    labels(doc)
}

#[test]
fn the_plan_states_the_real_page_ranges_of_every_pack() {
    let mut packs = 0;
    let (mut blanks, mut duplex_files, mut builders) = (0, 0, 0);
    for paper in [Paper::A4, Paper::Letter] {
        let settings = Settings::build(&Choices { paper, ..Choices::default() }).expect("settings");
        for id in hexpress::builtin::ids() {
            let src = hexpress::builtin::source(id).expect("built-in");
            let sc = hexpress::model::load(&src).expect("valid");
            let players = sc.meta.default_players;
            let l = hexpress::solve::solve(&sc, players, 5, &Default::default()).expect("solves");
            let job = print_job(&l, &sc, &settings, &Notes::default()).expect("composes");
            let files = hexpress::export::encode(job.view()).expect("encodes");
            let plan = job.plan.as_ref().expect("a plan");
            let name = format!("{id} {players}p {paper:?}");
            check_pack(&name, plan, &files);
            assert_eq!(plan.paper, if paper == Paper::A4 { "A4" } else { "Letter" }, "{name}");
            blanks += plan.steps.iter().filter(|s| s.sides == Sides::Skip).count();
            duplex_files += plan
                .files
                .iter()
                .filter(|f| f.steps.iter().any(|s| matches!(s.sides, Sides::Two(_))))
                .count();
            builders += plan.steps_of(PartKind::Builder).count();
            packs += 1;
        }
    }
    let builtins = hexpress::builtin::ids().count();
    assert!(builtins >= 11, "the built-ins are listed: {builtins}");
    assert_eq!(packs, 2 * builtins, "every built-in on two papers");
    // The checks above ran on each kind of range at least once.
    assert!(blanks > 0 && duplex_files > 0 && builders > 0, "{blanks} {duplex_files} {builders}");
}

#[test]
fn the_plan_names_the_chosen_flip_edge() {
    let src = hexpress::builtin::source("gold-for-catan").expect("built-in");
    let sc = hexpress::model::load(&src).expect("valid");
    let l = hexpress::solve::solve(&sc, 3, 2, &Default::default()).expect("solves");
    for (edge, words) in [
        (hexpress::settings::sheets::Duplex::Long, "flip on the long edge"),
        (hexpress::settings::sheets::Duplex::Short, "flip on the short edge"),
    ] {
        let choices = Choices { duplex: Some(edge), ..Choices::default() };
        let settings = Settings::build(&choices).expect("settings");
        let job = print_job(&l, &sc, &settings, &Notes::default()).expect("composes");
        let plan = job.plan.as_ref().expect("a plan");
        let cal = plan.steps_of(PartKind::Calibration).next().expect("calibration");
        assert_eq!(cal.sides, Sides::Two(edge));
        let txt = common::encode_file(job.view(), "print-plan.txt");
        assert!(String::from_utf8_lossy(&txt).contains(words), "{words}");
    }
}
