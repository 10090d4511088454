//! The map painter in a real browser: every control changes the scenario
//! text as the server says (codes added, refused, changed and removed, a
//! fixed hex's chip, paint and erase, hexes listed by coordinates, regions,
//! tiles, chips, face down and up, harbor kinds, the random-harbor pool,
//! rule switches and limits, the preset, "Start from" a built-in, player
//! counts, grow and shrink, undo and redo, save), then the board follows
//! the file and its print pack equals the command line's from the saved
//! file. On a phone, a finger drawn across the drawing paints every hex it
//! crosses. See `serve_browser` for how these tests run.
#![cfg(feature = "serve")]

use std::path::Path;

use serde_json::{json, Value};

use crate::common::webdriver::Browser;
use crate::serve_browser::{
    choose, downloaded, run_cli, save, session, text_of, Session, DESKTOP, PHONE,
};

/// The file as it stands in the page.
fn text(b: &Browser) -> String {
    b.js("return author.text", json!([])).as_str().unwrap_or_default().to_string()
}

/// Runs `action` (a script) and waits until the server's answer has come
/// back: the file changed and contains `needle`.
fn edit_until(b: &Browser, what: &str, action: &str, needle: &str) {
    b.js(action, json!([]));
    b.wait(what, &format!("return !!author.reply && author.text.includes({needle:?}) && author.reply.text === author.text"), 30);
}

/// Clicks a painter hex at drawing position (x, y) and waits for the edit.
fn paint_at(b: &Browser, x: i64, y: i64) {
    let n = b.js("return author.undo.length", json!([]));
    b.click(&format!("#paint-grid g.pcell[data-x='{x}'][data-y='{y}']"));
    b.wait("the painted hex", &format!("return author.undo.length > {n} && !!author.reply"), 30);
}

/// Clicks a button found by a script and waits for the undo list to grow.
fn step(b: &Browser, what: &str, script: &str) {
    let n = b.js("return author.undo.length", json!([]));
    b.js(script, json!([]));
    b.wait(
        what,
        &format!("return author.undo.length > {n} && author.reply.text === author.text"),
        30,
    );
}

fn blank(b: &Browser, rows: u32, cols: u32) {
    b.click("#tab-text");
    b.click("#author-mode [data-v=paint]");
    b.js(&format!("document.getElementById('blank-rows').value = {rows}; document.getElementById('blank-cols').value = {cols};"), json!([]));
    b.click("#new-blank");
    b.wait("a blank grid", "return !!author.reply && author.text.includes('My scenario')", 30);
}

/// Codes: a refused one keeps what was typed and says why; a gold field
/// with its chip; a code's meaning changed; an unused code removed.
fn codes(b: &Browser) {
    b.js("document.querySelector('details.add-code').open = true", json!([]));
    b.js("const i = document.getElementById('new-code'); i.value = 'x y';", json!([]));
    b.click("#add-code");
    b.wait(
        "the refusal",
        "return document.getElementById('file-status').textContent.includes('not made')",
        30,
    );
    let status = text_of(b, "file-status");
    assert!(
        status.contains("cannot be a legend code") && !status.contains('`'),
        "why, in the page's words: {status}"
    );
    assert_eq!(
        b.js("return document.getElementById('new-code').value", json!([])),
        json!("x y"),
        "what was typed stays"
    );
    b.js("document.getElementById('new-code').value = 'G'", json!([]));
    choose(b, "new-kind", "\"gold\"");
    b.click("#add-code");
    b.wait(
        "the new code",
        "return author.text.includes('G = \"gold\"') && author.brush === 'G'",
        30,
    );
    assert_eq!(b.js("return document.getElementById('new-code').value", json!([])), json!(""));
    // A fixed hex's chip, set in the painter.
    edit_until(b, "the gold field's chip", "const s = document.getElementById('code-chip'); s.value = 'n:5'; s.dispatchEvent(new Event('change'));", "G = { terrain = \"gold\", number = 5 }");
    // A code's meaning changed: the random harbor becomes a 3:1 harbor.
    b.click("#palette [data-code='h']");
    edit_until(b, "h as a 3:1 harbor", "const s = document.getElementById('code-kind'); s.value = JSON.stringify({harbor: '3:1'}); s.dispatchEvent(new Event('change'));", "h = { harbor = \"3:1\" }");
    // An unused code removed.
    step(b, "h removed", "document.querySelector(\"#palette [data-code='h'] .sw-del\").click()");
    assert!(!text(b).contains("h = {"), "{}", text(b));
}

/// Regions: one added, dealt face down and up again, tiles, chips, a
/// harbor tile and its kind; the random-harbor pool.
fn regions(b: &Browser) {
    b.js("document.getElementById('new-region').value = 'moon'", json!([]));
    step(b, "a region", "document.getElementById('add-region').click()");
    assert!(text(b).contains("[map.regions.moon]"));
    assert_eq!(b.js("return document.getElementById('new-region').value", json!([])), json!(""));
    let card = "[...document.querySelectorAll('#regions .region')].find(c => c.textContent.includes('moon'))";
    step(b, "face down", &format!("{card}.querySelector('.switch').click()"));
    assert!(text(b).contains("face_down = true"));
    step(b, "face up", &format!("{card}.querySelector('.switch').click()"));
    assert!(!text(b).contains("face_down = true"));
    step(b, "a harbor tile", &format!("const s = {card}.querySelector('select'); s.value = 'harbor'; s.dispatchEvent(new Event('change'));"));
    assert!(text(b).contains("harbor = 1"), "{}", text(b));
    step(b, "its kind", &format!("[...{card}.querySelectorAll('.harbor-row .chip-edit')].find(c => c.textContent.includes('wool')).querySelectorAll('.step')[1].click()"));
    assert!(text(b).contains("harbors = [\"wool\"]"), "{}", text(b));
    step(b, "a 3:1 in the pool", "[...document.querySelectorAll('#harbor-pool .chip-edit')].find(c => c.textContent.includes('3:1')).querySelectorAll('.step')[1].click()");
    assert!(text(b).contains("pool = [\"3:1\"]"), "{}", text(b));
    step(b, "out of the pool", "[...document.querySelectorAll('#harbor-pool .chip-edit')].find(c => c.textContent.includes('3:1')).querySelectorAll('.step')[0].click()");
    // A region no hex draws from is removed again.
    step(b, "the region removed", &format!("{card}.querySelector('.region-del').click()"));
    assert!(!text(b).contains("[map.regions.moon]"), "{}", text(b));
}

/// Rule switches and limits, back to the preset's, and the preset.
fn rules(b: &Browser) {
    let rule = |key: &str| {
        format!("[...document.querySelectorAll('#rules-box .rule')].find(r => r.textContent.includes({key:?}))")
    };
    step(b, "a switch", &format!("{}.querySelector('.switch').click()", rule("2 next to a 12")));
    assert!(text(b).contains("no_2_next_to_12 = true"), "{}", text(b));
    step(
        b,
        "as the preset",
        &format!("{}.querySelector('.small-link').click()", rule("2 next to a 12")),
    );
    assert!(!text(b).contains("no_2_next_to_12"));
    step(b, "a limit", &format!("const i = {}.querySelector('input'); i.value = '11'; i.dispatchEvent(new Event('change'));", rule("pips")));
    assert!(text(b).contains("max_corner_pips = 11"));
    // 11 pips is more than this small map can keep: back to the preset's.
    step(
        b,
        "the preset's limit",
        &format!("{}.querySelector('.small-link').click()", rule("pips")),
    );
    assert!(!text(b).contains("max_corner_pips"), "{}", text(b));
    step(b, "strict", "const s = document.querySelector('#rules-box select'); s.value = 'strict'; s.dispatchEvent(new Event('change'));");
    assert!(text(b).contains("preset = \"strict\""));
    step(b, "official", "const s = document.querySelector('#rules-box select'); s.value = 'official'; s.dispatchEvent(new Event('change'));");
    assert!(text(b).contains("preset = \"official\""));
}

/// A region's own rule: a limit set on the island's card shows there and
/// lands in the file; a limit out of the rule's range is refused and says
/// why; a switch set and taken off again.
fn region_rules(b: &Browser) {
    let card = "document.querySelectorAll('#regions .region')[0]";
    step(b, "a rule for the island", &format!("const s = {card}.querySelector('.region-rule-add'); s.value = 'max_terrain_group'; s.dispatchEvent(new Event('change'));"));
    let own =
        format!("{card}.querySelector(\".region-rules .rule[data-key='max_terrain_group']\")");
    step(b, "its limit", &format!("const i = {own}.querySelector('input'); i.value = '2'; i.dispatchEvent(new Event('change'));"));
    assert!(
        text(b).contains("[map.regions.island.constraints]\nmax_terrain_group = 2\n"),
        "{}",
        text(b)
    );
    let shown = b.js(&format!("return {own}.textContent"), json!([]));
    assert!(shown.as_str().is_some_and(|t| t.ends_with(": 2as the map")), "on the card: {shown}");
    // The card with a rule line fits the screen (a phone's too).
    let fits = b.js(
        &format!("{own}.scrollIntoView({{block: 'center'}}); return [document.documentElement.scrollWidth, window.innerWidth]"),
        json!([]),
    );
    assert!(fits[0].as_u64() <= fits[1].as_u64(), "the page is wider than the screen: {fits}");
    save(b, &format!("painter-region-rule-{}.png", fits[1]));
    let before = text(b);
    b.js(&format!("const i = {own}.querySelector('input'); i.value = '99'; i.dispatchEvent(new Event('change'));"), json!([]));
    b.wait(
        "the refusal",
        "return document.getElementById('file-status').textContent.includes('not made')",
        30,
    );
    let status = text_of(b, "file-status");
    assert!(status.contains("99 is not a limit from 1 to 50"), "why: {status}");
    assert_eq!(text(b), before, "the refused limit is not in the file");
    let input = b.js(&format!("return {own}.querySelector('input').value"), json!([]));
    assert_eq!(input, json!("2"), "the card shows the file's limit again");
    step(b, "a switch for the island", &format!("const s = {card}.querySelector('.region-rule-add'); s.value = 'no_2_next_to_12'; s.dispatchEvent(new Event('change'));"));
    assert!(text(b).contains("no_2_next_to_12 = "), "{}", text(b));
    step(b, "taken off", &format!("{card}.querySelector(\".region-rules .rule[data-key='no_2_next_to_12'] .small-link\").click()"));
    assert!(!text(b).contains("no_2_next_to_12 = "), "{}", text(b));
}

/// Player counts of the scenario and of its map: a count without a map is
/// a problem the status and the list both name, until the map has it too.
fn players(b: &Browser) {
    let button = |row: usize, n: u32| {
        format!("document.querySelectorAll('#players-box .players-row')[{row}].querySelectorAll('.pbtn')[{}].click()", n - 2)
    };
    step(b, "5 players", &button(0, 5));
    b.wait("the problem", "return author.reply.errors > 0", 30);
    assert!(text_of(b, "file-status").contains("problem"), "{}", text_of(b, "file-status"));
    assert!(!text_of(b, "problem-list").is_empty());
    step(b, "the map for 5", &button(1, 5));
    b.wait("no problem", "return author.reply.errors === 0", 30);
    assert!(text(b).contains("players = [3, 4, 5]"), "{}", text(b));
}

/// A blank grid painted into a scenario, every control used, saved, and made
/// with the CLI from the saved file: the same print pack as the page's.
fn paint_a_scenario(s: &Session) {
    let b = &s.b;
    blank(b, 3, 3);
    assert_eq!(
        b.js("return document.querySelectorAll('#paint-grid g.pcell').length", json!([])),
        json!(9)
    );
    b.click("#palette [data-code='*']");
    for (x, y) in [(2, 0), (1, 1), (3, 1), (0, 2)] {
        paint_at(b, x, y);
    }
    // Erase one again: no hex there.
    b.click("#palette [data-code='.']");
    paint_at(b, 0, 2);
    b.click("#palette [data-code='D']");
    paint_at(b, 2, 2);
    codes(b);
    b.click("#palette [data-code='G']");
    paint_at(b, 4, 2);
    for t in ["forest", "hills", "fields"] {
        step(b, "a tile", &format!("const s = document.querySelector('#regions select'); s.value = {t:?}; s.dispatchEvent(new Event('change'));"));
    }
    assert!(
        text_of(b, "regions").contains("3 tiles for the hexes: ✓"),
        "{}",
        text_of(b, "regions")
    );
    let red = b.js("return [...document.querySelectorAll('#regions .chip-edit.red .chip-n')].map((e) => e.textContent).join(',')", json!([]));
    assert_eq!(red, json!("6,8"), "red chips in the painter are the server's");
    for chip in [5, 6, 9] {
        let i = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12].iter().position(|c| *c == chip).expect("chip");
        step(b, "a chip", &format!("document.querySelectorAll('#regions .region')[0].querySelectorAll('.chip-edit')[{i}].querySelectorAll('.step')[1].click()"));
    }
    regions(b);
    rules(b);
    region_rules(b);
    players(b);
    // Grow and shrink, undo and redo.
    step(
        b,
        "a row on top",
        "document.querySelector(\".grow button[data-side='top'][data-add='1']\").click()",
    );
    step(
        b,
        "and off again",
        "document.querySelector(\".grow button[data-side='top'][data-add='0']\").click()",
    );
    let before = text(b);
    b.click("#undo");
    b.wait("undone", &format!("return author.text !== {before:?}"), 30);
    b.click("#redo");
    b.wait("redone", &format!("return author.text === {before:?}"), 30);
    b.wait(
        "no problems",
        "return !!author.reply && author.reply.ok && author.reply.errors === 0",
        30,
    );
    save(b, "painter-1280x800.png");
    b.click("#save-file");
    let saved = String::from_utf8(downloaded(&s.downloads, "my-scenario.toml")).expect("utf-8");
    assert_eq!(saved, text(b));
    assert!(saved.contains("[map.regions.island.constraints]\nmax_terrain_group = 2\n"));
    let file = s.downloads.join("painted.toml");
    std::fs::write(&file, &saved).expect("write");
    // The board follows the file; its pack equals the CLI's from the saved file.
    b.wait(
        "the board of the painted file",
        "return !state.busy && state.text === author.text && !!state.board",
        60,
    );
    b.click("#tab-board");
    assert_eq!(
        b.js(
            "return document.querySelector(\".dl[data-file='components.pdf']\").hidden",
            json!([])
        ),
        json!(true),
        "no components to print"
    );
    let command = text_of(b, "command");
    assert!(command.starts_with("hexpress generate my-scenario.toml"), "{command}");
    b.click(".dl[data-file='print-pack.pdf']");
    let pdf = downloaded(&s.downloads, "print-pack.pdf");
    let out = s.downloads.join("painted");
    run_cli(&command, &out, Some(("my-scenario.toml", file.to_str().expect("path"))));
    let cli = std::fs::read(out.join("print-pack.pdf")).expect("the CLI's pack");
    assert!(pdf == cli, "the painted scenario's pack equals the CLI's from the saved file");
    assert!(!out.join("components.pdf").exists());
    b.click(".dl[data-file='layout.json']");
    let layout: Value =
        serde_json::from_slice(&downloaded(&s.downloads, "layout.json")).expect("json");
    assert_eq!(
        layout["seed"].to_string(),
        crate::serve_browser::seed(b),
        "the board shown is the board downloaded"
    );
}

/// A hex listed by coordinates is drawn at its place, counted, and painted.
fn listed_cells(b: &Browser) {
    let t = "[scenario]\nid = \"listed\"\ntitle = \"Listed\"\nplayers = [3]\n\n[legend]\n\"~\" = \"sea\"\nF = \"desert\"\nG = { terrain = \"gold\", number = 5 }\n\n[[map]]\nplayers = [3]\nhexes = \"\"\"\n~   ~   ~\n  ~   F   ~\n~   ~   ~\n\"\"\"\n\n[[map.cells]]\nq = 3\nr = 0\ncode = \"G\"\n";
    b.click("#author-mode [data-v=text]");
    b.js("const x = document.getElementById('text'); x.value = arguments[0]; x.dispatchEvent(new Event('input'));", json!([t]));
    b.wait("the listed file", "return !!author.reply && author.reply.text.includes('listed')", 30);
    b.click("#author-mode [data-v=paint]");
    let listed = b.js("const g = document.querySelector('#paint-grid g.pcell.listed'); return g ? [+g.dataset.x, +g.dataset.y, g.textContent] : null", json!([]));
    assert_eq!(listed[2], "G", "drawn at its place: {listed}");
    assert!(text_of(b, "palette").contains("×1"), "counted");
    b.click("#palette [data-code='F']");
    paint_at(b, listed[0].as_i64().expect("x"), listed[1].as_i64().expect("y"));
    assert!(text(b).contains("code = \"F\""), "{}", text(b));
}

#[test]
fn the_painter_at_desktop_size() {
    let (w, h, m) = DESKTOP;
    let Some(s) = session("paint-desktop", w, h, m) else { return };
    s.b.go(&format!("{}/?scenario=base&seed=5", s.base));
    crate::serve_browser::idle(&s.b, "the base game");
    paint_a_scenario(&s);
    s.b.click("#tab-text");
    listed_cells(&s.b);
    // "Start from" a built-in loads its file.
    choose(&s.b, "start-from", "fishermen");
    s.b.click("#load-builtin");
    s.b.wait(
        "fishermen",
        "return !!author.reply && author.reply.view && author.reply.view.id === 'fishermen'",
        30,
    );
    painting_sides(&s.b);
    builtins_save_unchanged(&s);
    bad_files(&s);
}

/// The overseas map in the painter: its rivers and bridges drawn over the
/// hexes; with the bridge brush, a click on a side between two hexes puts a
/// bridge there, a second click takes it off again.
fn painting_sides(b: &Browser) {
    let id = "traders-and-wagons-overseas";
    b.js("document.getElementById('start-from').value = arguments[0];", json!([id]));
    b.click("#load-builtin");
    b.wait(
        id,
        &format!("return !!author.reply && author.reply.view && author.reply.view.id === '{id}'"),
        20,
    );
    let drawn =
        b.js("return document.querySelectorAll('#paint-grid .pside-line').length", json!([]));
    let listed = b.js("return author.reply.view.maps[0].sides.length", json!([]));
    assert_eq!(drawn, listed, "every side drawn");
    assert_eq!(listed, json!(7), "five river sides and two bridges");
    b.click("#palette [data-side='bridge']");
    let targets =
        b.js("return document.querySelectorAll('#paint-grid .side-hit').length", json!([]));
    assert!(targets.as_u64().unwrap_or(0) > 100, "a target on every side: {targets}");
    let before = b.js("return author.text", json!([]));
    // A side of the castle with no feature yet: between the castle and its
    // west neighbour.
    let target = "[...document.querySelectorAll('#paint-grid .side-hit')].find((h) => h.getAttribute('aria-label').includes('C at ') && h.getAttribute('aria-label').includes('no feature'))";
    b.js(&format!("{target}.dispatchEvent(new MouseEvent('click', {{bubbles: true}}))"), json!([]));
    b.wait("a bridge put on", "return author.reply.view.maps[0].sides.length === 8", 20);
    assert!(
        b.js("return author.text", json!([]))
            .as_str()
            .unwrap_or("")
            .contains("bridge = [\"2,-1 e\", \"2,1 e\", "),
        "the list grows"
    );
    save(b, "painter-sides-1280x900.png");
    let again = "[...document.querySelectorAll('#paint-grid .side-hit')].find((h) => h.getAttribute('aria-label').includes('C at ') && h.getAttribute('aria-label').includes(': bridge here'))";
    b.js(&format!("{again}.dispatchEvent(new MouseEvent('click', {{bubbles: true}}))"), json!([]));
    b.wait("the bridge taken off", "return author.reply.view.maps[0].sides.length === 7", 20);
    assert_eq!(b.js("return author.text", json!([])), before, "the text is back as it was");
    b.click("#palette [data-side='bridge']");
}

/// On a phone: a finger drawn across a row of the drawing paints every hex
/// it crosses, and the painter's controls work by touch.
#[test]
fn the_painter_on_a_phone() {
    let (w, h, m) = PHONE;
    let Some(s) = session("paint-phone", w, h, m) else { return };
    let b = &s.b;
    b.go(&format!("{}/?scenario=base&seed=5", s.base));
    crate::serve_browser::idle(b, "the base game");
    blank(b, 3, 5);
    b.click("#palette [data-code='*']");
    // A touch screen first: the page may lay out again, so the hexes'
    // places are measured after it.
    b.touch_screen();
    b.js("document.querySelector('#paint-grid').scrollIntoView({block: 'center'})", json!([]));
    let centres = b.js(
        "return [0, 2, 4, 6, 8].map(x => { const r = document.querySelector(`#paint-grid g.pcell[data-x='${x}'][data-y='0']`).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })",
        json!([]),
    );
    let mut points = Vec::new();
    let c: Vec<(f64, f64)> = serde_json::from_value(centres).expect("centres");
    for w in c.windows(2) {
        for k in 0..4 {
            let t = f64::from(k) / 4.0;
            points.push((w[0].0 + (w[1].0 - w[0].0) * t, w[0].1 + (w[1].1 - w[0].1) * t));
        }
    }
    points.push(*c.last().expect("a point"));
    // Nothing widens the page past the phone (a long scenario title in a
    // menu did, and the finger's places were then off).
    let wider = b.js(
        "const over = e => e.getBoundingClientRect().right > arguments[0] + 1; return [...document.querySelectorAll('body *')].filter(e => over(e) && ![...e.children].some(over)).slice(0, 5).map(e => e.tagName + '#' + e.id)",
        json!([w]),
    );
    assert_eq!(wider, json!([]), "elements wider than the {w} px phone");
    let n = b.js("return author.undo.length", json!([]));
    b.touch_drag(&points);
    b.wait(
        "the stroke's edit",
        &format!("return author.undo.length > {n} && author.reply.text === author.text"),
        30,
    );
    let row = b.js(
        "return author.reply.view.maps[0].cells.filter(c => c[1] === 0).map(c => c[2]).join('')",
        json!([]),
    );
    assert_eq!(row, json!("*****"), "every hex the finger crossed is painted");
    save(b, "painter-390x844.png");
    codes(b);
    // A region's own rules by touch: the card with its rule line fits the phone.
    region_rules(b);
}

/// Every built-in loaded into the painter and saved unchanged is its file,
/// byte for byte, also after painting a hex with the code it has.
fn builtins_save_unchanged(s: &Session) {
    let b = &s.b;
    for id in hexpress::builtin::ids() {
        choose(b, "start-from", id);
        b.click("#load-builtin");
        b.wait(
            id,
            &format!(
                "return !!author.reply && author.reply.view && author.reply.view.id === '{id}'"
            ),
            30,
        );
        let cell = b.js(
            "const m = author.reply.view.maps[0]; return m.cells[Math.floor(m.cells.length / 2)]",
            json!([]),
        );
        b.js("author.brush = arguments[0]", json!([cell[2]]));
        b.click(&format!("#paint-grid g.pcell[data-x='{}'][data-y='{}']", cell[0], cell[1]));
        b.wait("the answer", "return !stroke && author.reply.text === author.text", 30);
        b.click("#save-file");
        let saved = downloaded(&s.downloads, &format!("{id}.toml"));
        let want = std::fs::read(
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("scenarios/{id}.toml")),
        )
        .expect("built-in");
        assert!(saved == want, "{id}: the painter saves the built-in unchanged");
    }
}

/// Files too big, not UTF-8 or not TOML: a clear message where the file shows.
fn bad_files(s: &Session) {
    let b = &s.b;
    let cases: [(&str, Vec<u8>, &str); 3] = [
        ("big.toml", vec![b'#'; 1_048_577], "at most 1,048,576 bytes"),
        ("latin1.toml", b"[scenario]\ntitle = \"Caf\xe9\"\n".to_vec(), "not UTF-8 text"),
        ("notes.toml", b"this is not toml at all\n".to_vec(), "does not read as TOML"),
    ];
    for (name, bytes, needle) in cases {
        let path = s.downloads.join(name);
        std::fs::write(&path, bytes).expect("write");
        b.js("document.getElementById('file-status').textContent = ''", json!([]));
        b.keys("#file-input", path.to_str().expect("path"));
        b.wait(
            name,
            &format!(
                "return document.getElementById('file-status').textContent.includes({needle:?})"
            ),
            30,
        );
        assert!(!text_of(b, "problem-list").is_empty(), "{name}: the problem list says it too");
    }
}
