//! The page's print advice against the pack it describes.

use super::advice;
use crate::serve::kept::KeptBoards;
use crate::serve::request::BoardRequest;
use crate::serve::resolve::resolve;
use crate::serve::{board, board_files};

#[test]
fn the_advice_is_the_plan_the_pack_prints() {
    let req = BoardRequest {
        scenario: Some("fishermen".into()),
        seed: Some("3".into()),
        paper: Some("letter".into()),
        ..BoardRequest::default()
    };
    let r = resolve(&req, &KeptBoards::default()).unwrap_or_else(|e| panic!("{}", e.message));
    let b = board::make(&r, &|_, _| {}).unwrap_or_else(|e| panic!("{}", e.message));
    let pack = board_files::pack(&r, &b).unwrap_or_else(|e| panic!("{}", e.message));
    let a = advice(pack.plan.as_ref().expect("a print plan")).expect("advice");
    let file = |name: &str| {
        let (_, bytes) = pack.files.iter().find(|(n, _)| n == name).expect("the file");
        String::from_utf8_lossy(bytes).into_owned()
    };
    let text = file("print-plan.txt");
    assert!(text.contains(&format!("Paper: {}.", a.paper)) && a.paper == "Letter", "{text}");
    for s in &a.steps {
        let line = format!("\n  {} ({})\n", s.pages, s.how);
        assert!(text.contains(&line), "{line:?} is not in the plan:\n{text}");
    }
    let pdf = file("print-pack.pdf");
    let pages = pdf
        .match_indices("/Type/Page")
        .filter(|(i, _)| !pdf[i + 10..].starts_with(|c: char| c.is_alphanumeric()))
        .count();
    assert_eq!(a.pages, pages, "the pack's pages");
    assert_eq!(a.sheets_one_sided + a.skip, a.pages);
    assert!(a.sheets_two_sided < a.sheets_one_sided, "{a:?}");
    assert!(a.steps.iter().any(|s| s.sides == "two"), "{a:?}");
}
