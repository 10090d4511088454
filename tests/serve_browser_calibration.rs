//! The printer calibration on the page, in a real browser: what the
//! calibration sheet's 100 mm bar measured (`--ruler`) and how far the
//! backs lie off their fronts (`--back-offset`), typed as the sheet says.
//! They redraw the board on screen (the same board), reach the command and
//! the share link, and the print pack downloaded is the command's, byte for
//! byte, and not the pack drawn before them (the server keeps packs under a
//! key made from the same list as the command). See `serve_browser` for how
//! these tests run.
#![cfg(feature = "serve")]

use serde_json::json;

use crate::serve_browser::{
    board_hexes, downloaded, idle, run_cli, save, seed, session, text_of, DESKTOP,
};

/// Types `value` into the input `id` and leaves it, as a user would.
fn type_into(b: &crate::common::webdriver::Browser, id: &str, value: &str) {
    b.js(
        "const i = document.getElementById(arguments[0]); i.value = arguments[1]; i.dispatchEvent(new Event('change'));",
        json!([id, value]),
    );
}

/// The value of the input `id`.
fn value_of(b: &crate::common::webdriver::Browser, id: &str) -> String {
    let v = b.js("return document.getElementById(arguments[0]).value", json!([id]));
    v.as_str().unwrap_or_default().to_string()
}

/// Waits for the print pack of the board shown.
fn pack_ready(b: &crate::common::webdriver::Browser, what: &str) {
    b.wait(what, "return !!state.pack && state.pack.share === state.board.share", 90);
}

#[test]
fn the_calibration_reaches_the_command_the_link_and_the_pack() {
    let (w, h, m) = DESKTOP;
    let Some(s) = session("calibration", w, h, m) else { return };
    let b = &s.b;
    b.go(&format!("{}/?scenario=base&seed=11", s.base));
    idle(b, "the base game");
    pack_ready(b, "the pack without calibration");
    b.click(".dl[data-file='print-pack.pdf']");
    let plain = downloaded(&s.downloads, "print-pack.pdf");
    let (hexes, first) = (board_hexes(b), seed(b));
    b.click(".calibration summary");
    type_into(b, "ruler", "99.2");
    b.wait("the ruler", "return !state.busy && state.ruler === '99.2'", 90);
    type_into(b, "back-offset", "-1.5,0.5");
    b.wait("the back offset", "return !state.busy && state.back_offset === '-1.5,0.5'", 90);
    save(b, "calibration-1280x800.png");
    assert_eq!((seed(b), board_hexes(b)), (first, hexes), "the same board, redrawn");
    let command = text_of(b, "command");
    assert!(command.ends_with(" --ruler 99.2 --back-offset -1.5,0.5"), "{command}");
    let share = value_of(b, "share");
    assert!(share.contains("ruler=99.2") && share.contains("back_offset=-1.5,0.5"), "{share}");
    // The pack drawn for the calibration, not the one kept from before it.
    pack_ready(b, "the calibrated pack");
    b.click(".dl[data-file='print-pack.pdf']");
    let calibrated = downloaded(&s.downloads, "print-pack.pdf");
    assert!(calibrated != plain, "the calibrated pack is another pack");
    let out = s.downloads.join("cli");
    run_cli(&command, &out, None);
    let want = std::fs::read(out.join("print-pack.pdf")).expect("the command's pack");
    assert!(calibrated == want, "print-pack.pdf differs from `{command}`'s");
    // The share link, in a fresh load, brings the calibration back.
    b.go(&share);
    idle(b, "the shared board");
    assert_eq!(
        (value_of(b, "ruler"), value_of(b, "back-offset")),
        ("99.2".into(), "-1.5,0.5".into())
    );
    assert_eq!(text_of(b, "command"), command);
    // A measure no print gives is refused with what to type, and the last
    // good board stays with its own calibration.
    type_into(b, "ruler", "120");
    b.wait("the refusal", "return !state.busy && !document.getElementById('error').hidden", 90);
    let error = text_of(b, "error");
    assert!(error.contains("between 90 and 110 mm"), "{error}");
    assert_eq!(value_of(b, "ruler"), "99.2", "the control shows the board's ruler again");
    assert_eq!(text_of(b, "command"), command);
}
