//! Duplex by construction, read back from the PDFs with a PDF reader
//! (lopdf): in every PDF that holds backs, each back is on an even page
//! directly after its front, pages inserted to keep that parity say they are
//! intentionally blank, and single-sided component sheets come after all
//! double-sided ones; two-sided runs keep one orientation and the
//! calibration sheet flips the same way. Every built-in, every player
//! count, A4 and Letter.

use crate::common;
use hexpress::outputs::Notes;
use hexpress::settings::{Choices, Paper, Settings};
use lopdf::{Document, Object};

/// The checks read PDFs only: no SVG or PNG preview is drawn.
const PDF_ONLY: hexpress::settings::Formats =
    hexpress::settings::Formats { svg: false, pdf: true, png: false };

use crate::support::pdf_labels;
use pdf_labels::labels;

/// Checks one PDF; returns how many backs and blank pages it holds.
fn check(name: &str, doc: &Document, grouped: bool) -> (usize, usize) {
    let labels = labels(doc);
    let (mut backs, mut blanks) = (0, 0);
    let mut single_seen = false;
    for (i, label) in labels.iter().enumerate() {
        let number = i + 1;
        if let Some(front) = label.strip_suffix(" back") {
            backs += 1;
            assert!(number.is_multiple_of(2), "{name}: back '{label}' on odd page {number}");
            assert_eq!(
                labels[i - 1],
                front,
                "{name}: page {number} is not the back of the one before"
            );
            assert!(
                !(grouped && single_seen),
                "{name}: back on page {number} after single-sided sheets"
            );
        } else if label == "intentionally blank" {
            blanks += 1;
            assert!(
                number.is_multiple_of(2),
                "{name}: blank page {number} is not the back of a page"
            );
            let text = doc.extract_text(&[number as u32]).unwrap_or_default();
            assert!(text.contains("intentionally blank"), "{name}: page {number} says {text:?}");
        } else if labels.get(i + 1).is_some_and(|l| l.ends_with(" back")) {
            assert!(!number.is_multiple_of(2), "{name}: front '{label}' on even page {number}");
        } else {
            single_seen = true;
        }
    }
    (backs, blanks)
}

#[test]
fn every_back_lies_on_the_even_page_after_its_front() {
    let (mut packs_with_backs, mut blanks) = (0, 0);
    for paper in [Paper::A4, Paper::Letter] {
        let settings = Settings::build(&Choices { paper, formats: PDF_ONLY, ..Choices::default() })
            .expect("settings");
        for id in hexpress::builtin::ids() {
            let src = hexpress::builtin::source(id).expect("built-in");
            let sc = hexpress::model::load(&src).expect("valid");
            for &players in &sc.meta.players {
                let l =
                    hexpress::solve::solve(&sc, players, 7, &Default::default()).expect("solves");
                let files =
                    hexpress::outputs::all(&l, &sc, &settings, &Notes::default()).expect("outputs");
                for (file, bytes) in &files {
                    let grouped = match file.as_str() {
                        "print-pack.pdf" => false,
                        "components.pdf" => true,
                        _ => continue,
                    };
                    let name = format!("{id} {players}p {paper:?} {file}");
                    let doc = Document::load_mem(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
                    let (backs, b) = check(&name, &doc, grouped);
                    blanks += b;
                    if file == "print-pack.pdf" {
                        assert!(backs >= 1, "{name}: the calibration sheet has a back");
                        packs_with_backs += 1;
                    }
                }
            }
        }
    }
    assert!(blanks > 0, "some pack needs a blank page to keep parity");
    assert!(packs_with_backs >= 16, "8 built-ins on two papers: {packs_with_backs}");
}

/// A page's box (`/TrimBox`, `/MediaBox`) as `[x0, y0, x1, y1]` in points.
fn page_box(doc: &Document, page: lopdf::ObjectId, key: &[u8]) -> Option<[f64; 4]> {
    let dict = doc.get_dictionary(page).ok()?;
    let arr = dict.get(key).ok()?.as_array().ok()?;
    let v: Vec<f64> = arr
        .iter()
        .filter_map(|o| match o {
            Object::Integer(i) => Some(*i as f64),
            Object::Real(r) => Some(f64::from(*r)),
            _ => None,
        })
        .collect();
    (v.len() == 4).then(|| [v[0], v[1], v[2], v[3]])
}

/// `b` turned over the long edge of a `w` x `h` page.
fn flip(b: [f64; 4], w: f64, h: f64) -> [f64; 4] {
    // A portrait sheet turns left-right, a landscape one top-bottom.
    if w < h {
        [w - b[2], b[1], w - b[0], b[3]]
    } else {
        [b[0], h - b[3], b[2], h - b[1]]
    }
}

fn within(a: [f64; 4], b: [f64; 4]) -> bool {
    a[0] >= b[0] - 0.01 && a[1] >= b[1] - 0.01 && a[2] <= b[2] + 0.01 && a[3] <= b[3] + 0.01
}

#[test]
fn backs_sit_at_the_mirrored_place_of_their_fronts() {
    // Long-edge flip (the built-in printer profile). A sheet whose pieces do
    // not fill a block symmetric about the flip axis tells a mirrored back
    // from one printed in place.
    let (mut pairs, mut telling) = (0, 0);
    let cases = [Paper::A4, Paper::Letter].into_iter().flat_map(|paper| {
        hexpress::builtin::ids().flat_map(move |id| {
            let src = hexpress::builtin::source(id).expect("built-in");
            let sc = hexpress::model::load(&src).expect("valid");
            sc.meta.players.clone().into_iter().map(move |p| (paper, id, sc.clone(), p))
        })
    });
    for (paper, id, sc, players) in cases {
        let settings = Settings::build(&Choices { paper, formats: PDF_ONLY, ..Choices::default() })
            .expect("settings");
        let l = hexpress::solve::solve(&sc, players, 3, &Default::default()).expect("solves");
        let files = hexpress::outputs::all(&l, &sc, &settings, &Notes::default()).expect("outputs");
        let Some((_, bytes)) = files.iter().find(|(n, _)| n == "components.pdf") else {
            continue;
        };
        let doc = Document::load_mem(bytes).expect("reads");
        let labels = labels(&doc);
        let pages: Vec<lopdf::ObjectId> = doc.get_pages().into_values().collect();
        for (i, label) in labels.iter().enumerate().skip(1) {
            if !label.ends_with(" back") {
                continue;
            }
            let media = page_box(&doc, pages[i], b"MediaBox").expect("media box");
            let front = page_box(&doc, pages[i - 1], b"TrimBox").expect("front trim box");
            let back = page_box(&doc, pages[i], b"TrimBox").expect("back trim box");
            let (w, h) = (media[2] - media[0], media[3] - media[1]);
            let m = flip(back, w, h);
            assert!(
                within(m, front),
                "{id} {players}p {paper:?} {label}: back {back:?} turned {m:?} outside {front:?}"
            );
            pairs += 1;
            if !within(flip(front, w, h), front) {
                telling += 1;
            }
        }
    }
    assert!(pairs > 0 && telling > 0, "{pairs} front/back pairs, {telling} asymmetric");
}

#[test]
fn two_sided_runs_keep_one_orientation_and_the_calibration_flips_the_same_way() {
    use hexpress::compose::plan::{PartKind, Sides};
    let mut runs = 0;
    for paper in [Paper::A4, Paper::Letter] {
        let settings = Settings::build(&Choices { paper, formats: PDF_ONLY, ..Choices::default() })
            .expect("settings");
        for id in hexpress::builtin::ids() {
            let src = hexpress::builtin::source(id).expect("built-in");
            let sc = hexpress::model::load(&src).expect("valid");
            for &players in &sc.meta.players {
                let l =
                    hexpress::solve::solve(&sc, players, 7, &Default::default()).expect("solves");
                let job = hexpress::compose::job::print_job(&l, &sc, &settings, &Notes::default())
                    .expect("composes");
                let bytes = common::encode_file(job.view(), "print-pack.pdf");
                let doc = Document::load_mem(&bytes).expect("reads");
                let pages: Vec<lopdf::ObjectId> = doc.get_pages().into_values().collect();
                let wide = |n: usize| {
                    let b = page_box(&doc, pages[n - 1], b"MediaBox").expect("media box");
                    b[2] - b[0] > b[3] - b[1]
                };
                let plan = job.plan.as_ref().expect("a plan");
                let name = format!("{id} {players}p {paper:?}");
                let mut used = Vec::new();
                for s in plan.steps.iter().filter(|s| matches!(s.sides, Sides::Two(_))) {
                    let o: Vec<bool> = (s.first..=s.last).map(wide).collect();
                    assert!(o.iter().all(|w| *w == o[0]), "{name}: pages {} turn", s.range());
                    if s.kind != PartKind::Calibration {
                        used.push(o[0]);
                    }
                    runs += 1;
                }
                used.dedup();
                assert!(used.len() <= 1, "{name}: two-sided runs in both orientations");
                let cal = plan.steps_of(PartKind::Calibration).next().expect("calibration");
                if let Some(o) = used.first() {
                    assert_eq!(wide(cal.first), *o, "{name}: the calibration flips another way");
                }
            }
        }
    }
    assert!(runs > 30, "{runs} two-sided runs");
}
