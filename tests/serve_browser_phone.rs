//! The board on a phone (390x844) for every built-in: every text drawn on
//! the board is at least 12 px high, the controls are never over the board,
//! and the board comes first; and an axe-core accessibility scan of the
//! board and the Scenario tab at desktop and phone sizes finds no serious
//! or critical violation. See `serve_browser` for how these tests run;
//! axe-core is read from `target/axe/node_modules/axe-core/axe.min.js`
//! (`.ci/run` installs it there with npm).
#![cfg(feature = "serve")]

use serde_json::json;

use crate::serve_browser::{idle, save, session, Session, DESKTOP, PHONE};

/// The smallest text on the board, in CSS pixels (hidden ones left out).
fn smallest_text(s: &Session) -> f64 {
    s.b.js(
        "const svg = document.querySelector('#board svg'); const v = svg.getBoundingClientRect();
         const sizes = [...svg.querySelectorAll('text')].filter(t => getComputedStyle(t).visibility !== 'hidden' && t.textContent.trim())
           .map(t => { const r = t.getBoundingClientRect(); return { r, px: parseFloat(t.getAttribute('font-size')) * Math.hypot(t.getScreenCTM().a, t.getScreenCTM().b) }; })
           .filter(x => x.r.right > v.left && x.r.left < v.right && x.r.bottom > v.top && x.r.top < v.bottom);
         return Math.min(...sizes.map(x => x.px));",
        json!([]),
    )
    .as_f64()
    .expect("a size")
}

#[test]
fn every_builtin_reads_on_a_phone() {
    let (w, h, m) = PHONE;
    let Some(s) = session("phone-labels", w, h, m) else { return };
    let b = &s.b;
    for id in hexpress::builtin::ids() {
        b.go(&format!("{}/?scenario={id}&seed=5", s.base));
        idle(b, id);
        b.wait(
            "the labels",
            "return document.getElementById('big-labels').dataset.done === '1'",
            30,
        );
        let px = smallest_text(&s);
        assert!(px >= 12.0, "{id}: a text of {px:.1} px on the board");
        // The labels laid over never cover each other, and every chip has one.
        let overlaps = b.js(
            "const r = [...document.querySelectorAll('#big-labels rect')].map(p => p.getBoundingClientRect());
             let n = 0;
             for (let i = 0; i < r.length; i++) for (let j = i + 1; j < r.length; j++)
               if (r[i].left < r[j].right - 0.5 && r[j].left < r[i].right - 0.5 && r[i].top < r[j].bottom - 0.5 && r[j].top < r[i].bottom - 0.5) n++;
             return n;",
            json!([]),
        );
        assert_eq!(overlaps, json!(0), "{id}: labels laid over each other");
        let chips =
            b.js("return document.getElementById('big-labels').dataset.chipsLeft", json!([]));
        assert_eq!(chips, json!("0"), "{id}: a chip without its label");
        // The board comes first and nothing lies over it.
        let over = b.js(
            "const r = document.querySelector('#board svg').getBoundingClientRect();
             const hit = [...document.querySelectorAll('button, select, input, a')].filter(e => e.offsetParent)
               .map(e => [e.id || e.className, e.getBoundingClientRect()])
               .filter(([, q]) => q.right > r.left + 1 && q.left < r.right - 1 && q.bottom > r.top + 1 && q.top < r.bottom - 1)
               .map(([n]) => n);
             return hit;",
            json!([]),
        );
        assert_eq!(over, json!([]), "{id}: controls over the board");
        let order = b.js("return document.getElementById('board').getBoundingClientRect().bottom <= document.querySelector('.controls').getBoundingClientRect().top", json!([]));
        assert_eq!(order, json!(true), "{id}: the board comes before the controls");
        b.js("window.scrollTo(0, 0)", json!([]));
        save(b, &format!("phone-{id}-390x844.png"));
    }
    // Zoomed in, the board is wider than the screen and still readable.
    b.click("#zoom");
    b.wait(
        "zoomed",
        "return document.querySelector('#board svg').getBoundingClientRect().width > 700",
        20,
    );
    assert!(smallest_text(&s) >= 12.0);
}

/// The axe-core script, or a panic that says how to get it.
fn axe_js() -> String {
    let path = crate::common::crate_path("target/axe/node_modules/axe-core/axe.min.js");
    std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!(
            "{} is missing: `npm install --prefix target/axe axe-core@4` (.ci/run does it)",
            path.display()
        )
    })
}

fn scan(s: &Session, tag: &str) {
    let b = &s.b;
    let axe = axe_js();
    b.go(&format!("{}/?scenario=fog-islands&seed=3&view=play", s.base));
    idle(b, "fog islands");
    b.wait("the pack", "return !!state.pack", 90);
    let board = b.axe_serious(&axe);
    assert!(board.is_empty(), "{tag}, the board: {board:#?}");
    b.click("#tab-text");
    b.wait("the painter", "return !!author.reply && !!author.reply.view", 30);
    let painter = b.axe_serious(&axe);
    assert!(painter.is_empty(), "{tag}, the painter: {painter:#?}");
    b.click("#author-mode [data-v=text]");
    let text = b.axe_serious(&axe);
    assert!(text.is_empty(), "{tag}, the text view: {text:#?}");
}

#[test]
fn no_serious_accessibility_violations_at_desktop_size() {
    let (w, h, m) = DESKTOP;
    let Some(s) = session("axe-desktop", w, h, m) else { return };
    scan(&s, "1280x800");
}

#[test]
fn no_serious_accessibility_violations_on_a_phone() {
    let (w, h, m) = PHONE;
    let Some(s) = session("axe-phone", w, h, m) else { return };
    scan(&s, "390x844");
}
