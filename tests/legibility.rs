//! Legibility at print size: every text run of every page of every
//! built-in's print job (map sheets and overview, component sheets, cards,
//! calibration sheet, rules handout, builder's sheet), A4 and Letter, play
//! and setup view, walked in the scene IR with the scale of every enclosing
//! group applied, is at least as large as its role allows: 8 pt for what
//! players read, 6 pt for footers and other print facts in the margins and
//! for the reduced pictures of the board (the overview's, the handout's),
//! 10 pt for the names in the map's key. Pages are millimetres at 1:1, so a
//! run's size in mm times its groups' scale is its printed size. No picture
//! is exempt.
//!
//! The PDFs are read back with lopdf: every text operation of every page of
//! every built-in's print pack (which holds every page of map.pdf,
//! components.pdf and rules.pdf), through its transformation and text
//! matrices, prints at 6 pt or more; and the pages of one map.pdf print at
//! exactly the sizes the IR composed.

use crate::common;
use hexpress::compose::job::print_job;
use hexpress::outputs::Notes;
use hexpress::scene::{Item, Page, TextRole};
use hexpress::settings::{Choices, Paper, Settings, View};

/// Millimetres per point.
const MM_PER_PT: f64 = 25.4 / 72.0;

/// One text run as printed.
#[derive(Debug, Clone)]
struct Run {
    text: String,
    pt: f64,
    role: TextRole,
}

/// Every text run under `items`, at the scale `k` of the groups around them.
fn runs(items: &[Item], k: f64, out: &mut Vec<Run>) {
    for it in items {
        match it {
            Item::Text { text, style, .. } => out.push(Run {
                text: text.clone(),
                pt: style.size * k / MM_PER_PT,
                role: style.role,
            }),
            Item::Group { transform, items, .. } => {
                let [a, b, c, d, _, _] = transform.m;
                runs(items, k * (a * d - b * c).abs().sqrt(), out);
            }
            Item::Path { .. } => {}
        }
    }
}

fn page_runs(page: &Page) -> Vec<Run> {
    let mut v = Vec::new();
    runs(&page.items, 1.0, &mut v);
    v
}

/// Whether a page is a component sheet (tokens, tiles, cards), by its label.
fn component_sheet(page: &Page) -> bool {
    page.label.starts_with("sheet ")
}

/// Every problem with the text of every built-in's print job, on A4 and
/// Letter, in the play and the setup view, on the pages `pick` chooses; and
/// how many runs, key names and pictured runs were seen.
fn problems(pick: fn(&Page) -> bool) -> (Vec<String>, [usize; 3]) {
    let mut problems = Vec::new();
    let mut counts = [0usize; 3];
    let both = [Paper::A4, Paper::Letter];
    for (view, paper) in [View::Play, View::Setup].into_iter().flat_map(|v| both.map(|p| (v, p))) {
        let settings =
            Settings::build(&Choices { view, paper, ..Choices::default() }).expect("settings");
        for id in hexpress::builtin::ids() {
            let src = hexpress::builtin::source(id).expect("built-in");
            let sc = hexpress::model::load(&src).expect("valid");
            for &players in &sc.meta.players {
                let l =
                    hexpress::solve::solve(&sc, players, 5, &Default::default()).expect("solves");
                let job = print_job(&l, &sc, &settings, &Notes::default()).expect("composes");
                let all: Vec<Vec<Run>> = job.pages.iter().map(page_runs).collect();
                for (n, (page, runs)) in job.pages.iter().zip(&all).enumerate() {
                    if !pick(page) {
                        continue;
                    }
                    let at = format!(
                        "{id} {players}p {view:?} {paper:?} page {} ({})",
                        n + 1,
                        page.label
                    );
                    for r in runs.iter().filter(|r| !r.text.trim().is_empty()) {
                        counts[0] += 1;
                        counts[1] += usize::from(r.role == TextRole::Key);
                        counts[2] += usize::from(r.role == TextRole::Picture);
                        if r.pt + 1e-9 < r.role.min_pt() {
                            problems.push(format!(
                                "{at}: {:?} {:.2} pt < {} pt ({:?})",
                                r.text,
                                r.pt,
                                r.role.min_pt(),
                                r.role
                            ));
                        }
                    }
                }
            }
        }
    }
    problems.sort();
    problems.dedup();
    (problems, counts)
}

#[test]
fn maps_handouts_and_print_sheets_are_legible_at_print_size() {
    let (problems, [checked, keys, pictured]) = problems(|p| !component_sheet(p));
    assert!(problems.is_empty(), "{} runs too small:\n{}", problems.len(), problems.join("\n"));
    assert!(checked > 10_000 && keys > 100, "{checked} runs, {keys} key names");
    assert!(pictured > 1_000, "the handout's map picture and the overview: {pictured} runs");
    assert!(TextRole::Picture.min_pt() >= 6.0, "no picture is exempt");
}

#[test]
fn component_sheets_are_legible_at_print_size() {
    let (problems, [checked, ..]) = problems(component_sheet);
    assert!(problems.is_empty(), "{} runs too small:\n{}", problems.len(), problems.join("\n"));
    assert!(checked > 1_000, "{checked} runs");
}

/// The printed size (pt) of every text-showing operation of a PDF page, with
/// the current transformation and text matrices applied, through form
/// XObjects too.
fn pdf_text_sizes(doc: &lopdf::Document, page: lopdf::ObjectId) -> Vec<f64> {
    fn mul(a: [f64; 6], b: [f64; 6]) -> [f64; 6] {
        // a then b (PDF row-vector convention: [x y 1] · a · b).
        [
            a[0] * b[0] + a[1] * b[2],
            a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2],
            a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4],
            a[4] * b[1] + a[5] * b[3] + b[5],
        ]
    }
    fn nums(ops: &[lopdf::Object]) -> Vec<f64> {
        ops.iter().filter_map(|o| o.as_float().ok().map(f64::from)).collect()
    }
    fn walk(
        doc: &lopdf::Document,
        content: &[u8],
        resources: Option<&lopdf::Dictionary>,
        ctm0: [f64; 6],
        out: &mut Vec<f64>,
    ) {
        let ops = lopdf::content::Content::decode(content).expect("content decodes").operations;
        let (mut ctm, mut stack) = (ctm0, Vec::new());
        let (mut tm, mut tlm, mut size, mut leading) =
            ([1.0, 0.0, 0.0, 1.0, 0.0, 0.0], [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], 0.0, 0.0);
        for op in ops {
            let n = nums(&op.operands);
            match op.operator.as_str() {
                "q" => stack.push(ctm),
                "Q" => ctm = stack.pop().unwrap_or(ctm0),
                "cm" if n.len() == 6 => ctm = mul([n[0], n[1], n[2], n[3], n[4], n[5]], ctm),
                "BT" => {
                    (tm, tlm) = ([1.0, 0.0, 0.0, 1.0, 0.0, 0.0], [1.0, 0.0, 0.0, 1.0, 0.0, 0.0])
                }
                "Tf" if n.len() == 1 => size = n[0],
                "TL" if n.len() == 1 => leading = n[0],
                "Tm" if n.len() == 6 => {
                    tm = [n[0], n[1], n[2], n[3], n[4], n[5]];
                    tlm = tm;
                }
                "Td" | "TD" if n.len() == 2 => {
                    tlm = mul([1.0, 0.0, 0.0, 1.0, n[0], n[1]], tlm);
                    tm = tlm;
                    if op.operator == "TD" {
                        leading = -n[1];
                    }
                }
                "T*" => {
                    tlm = mul([1.0, 0.0, 0.0, 1.0, 0.0, -leading], tlm);
                    tm = tlm;
                }
                "Tj" | "TJ" | "'" | "\"" => {
                    let m = mul(tm, ctm);
                    out.push(size * (m[0] * m[3] - m[1] * m[2]).abs().sqrt());
                }
                "Do" => {
                    let Some(name) = op.operands.first().and_then(|o| o.as_name().ok()) else {
                        continue;
                    };
                    let Some(xobjects) = resources
                        .and_then(|r| r.get(b"XObject").ok())
                        .and_then(|o| doc.dereference(o).ok())
                        .and_then(|(_, o)| o.as_dict().ok())
                    else {
                        continue;
                    };
                    let Ok(lopdf::Object::Reference(id)) = xobjects.get(name) else { continue };
                    let Ok(stream) = doc.get_object(*id).and_then(lopdf::Object::as_stream) else {
                        continue;
                    };
                    if stream.dict.get(b"Subtype").and_then(lopdf::Object::as_name).ok()
                        != Some(b"Form".as_slice())
                    {
                        continue;
                    }
                    let matrix = stream
                        .dict
                        .get(b"Matrix")
                        .and_then(lopdf::Object::as_array)
                        .map(|a| nums(a))
                        .unwrap_or_default();
                    let m = if matrix.len() == 6 {
                        [matrix[0], matrix[1], matrix[2], matrix[3], matrix[4], matrix[5]]
                    } else {
                        [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
                    };
                    let inner = stream
                        .dict
                        .get(b"Resources")
                        .and_then(|o| doc.dereference(o))
                        .and_then(|(_, o)| o.as_dict())
                        .ok()
                        .or(resources);
                    let content = stream.decompressed_content().unwrap_or(stream.content.clone());
                    walk(doc, &content, inner, mul(m, ctm), out);
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    let content = doc.get_page_content(page);
    let (res, _) = doc.get_page_resources(page).expect("resources");
    walk(doc, &content, res, [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], &mut out);
    out
}

#[test]
fn a_pdf_read_back_prints_its_text_at_the_sizes_composed() {
    let settings = Settings::default();
    let sc = hexpress::model::load(&hexpress::builtin::source("fog-islands").expect("built-in"))
        .expect("valid");
    let l = hexpress::solve::solve(&sc, 4, 5, &Default::default()).expect("solves");
    let job = print_job(&l, &sc, &settings, &Notes::default()).expect("composes");
    let bytes = common::encode_file(job.view(), "map.pdf");
    let doc = lopdf::Document::load_mem(&bytes).expect("reads");
    let map = job.file("map.pdf").expect("map.pdf in the job");
    let pages: Vec<lopdf::ObjectId> = doc.get_pages().into_values().collect();
    assert_eq!(pages.len(), map.pages.len());
    let mut compared = 0;
    for (&id, &i) in pages.iter().zip(&map.pages) {
        let runs = page_runs(&job.pages[i]);
        let pdf = pdf_text_sizes(&doc, id);
        let label = &job.pages[i].label;
        // Every run composed is one text operation in the PDF, at the same size.
        let mut ir: Vec<f64> = runs.iter().map(|r| r.pt).collect();
        let mut pdf = pdf;
        ir.sort_by(f64::total_cmp);
        pdf.sort_by(f64::total_cmp);
        assert!(!ir.is_empty(), "{label}: a map sheet carries text");
        assert_eq!(ir.len(), pdf.len(), "{label}: text runs composed and written");
        for (a, b) in ir.iter().zip(&pdf) {
            assert!((a - b).abs() < 0.05, "{label}: {b:.2} pt in the PDF, {a:.2} pt composed");
        }
        let smallest = pdf.first().copied().unwrap_or(f64::MAX);
        assert!(smallest >= TextRole::Footer.min_pt() - 0.01, "{label}: {smallest:.2} pt");
        compared += 1;
    }
    assert!(compared >= 4, "{compared} map sheets compared");
}

#[test]
fn every_text_of_every_print_pack_prints_at_6_pt_or_more() {
    let (mut packs, mut ops) = (0, 0);
    let mut problems = Vec::new();
    for paper in [Paper::A4, Paper::Letter] {
        for view in [View::Play, View::Setup] {
            let choices = Choices { paper, view, ..Choices::default() };
            let settings = Settings::build(&choices).expect("settings");
            for id in hexpress::builtin::ids() {
                let sc = hexpress::model::load(&hexpress::builtin::source(id).expect("built-in"))
                    .expect("valid");
                let players = sc.meta.default_players;
                let l =
                    hexpress::solve::solve(&sc, players, 5, &Default::default()).expect("solves");
                let job = print_job(&l, &sc, &settings, &Notes::default()).expect("composes");
                // Only the print pack is read: encode that file alone.
                let bytes = &common::encode_file(job.view(), "print-pack.pdf");
                let doc = lopdf::Document::load_mem(bytes).expect("reads");
                for (n, id_) in doc.get_pages() {
                    for pt in pdf_text_sizes(&doc, id_) {
                        ops += 1;
                        if pt < TextRole::Footer.min_pt() - 0.01 {
                            problems.push(format!("{id} {paper:?} {view:?} page {n}: {pt:.2} pt"));
                        }
                    }
                }
                packs += 1;
            }
        }
    }
    problems.dedup();
    assert!(problems.is_empty(), "{} runs under 6 pt:\n{}", problems.len(), problems.join("\n"));
    let builtins = hexpress::builtin::ids().count();
    assert_eq!(packs, 4 * builtins, "every built-in, two papers, two views");
    assert!(ops > 20_000, "{ops} text operations read back");
}
