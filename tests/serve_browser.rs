//! The page in a real browser (Debian's chromium through chromedriver): pick
//! a scenario, reroll, lock two hexes and reroll, paste a broken scenario,
//! download the print pack, follow the share link, take screenshots.
//!
//! Runs only with `HEXPRESS_BROWSER_TEST=1` (`.ci/run` sets it after the main
//! suite and installs chromium when it is missing), so `cargo test` passes on
//! a machine without a browser. Screenshots go to `target/browser-shots/`.
#![cfg(feature = "serve")]

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use common::webdriver::Browser;
use serde_json::{json, Value};

fn enabled() -> bool {
    std::env::var("HEXPRESS_BROWSER_TEST").is_ok_and(|v| v == "1")
}

fn shots() -> PathBuf {
    let d = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/browser-shots");
    std::fs::create_dir_all(&d).expect("screenshot folder");
    d
}

fn save(b: &Browser, name: &str) {
    let png = b.screenshot();
    assert!(png.starts_with(b"\x89PNG"), "a PNG screenshot");
    std::fs::write(shots().join(name), png).expect("write screenshot");
}

/// Page count of a PDF: its page objects.
fn pages(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    text.match_indices("/Type/Page")
        .filter(|(i, _)| !text[i + 10..].starts_with(|c: char| c.is_alphanumeric()))
        .count()
}

/// Splits a command line shown on the page (double quotes group words).
fn words(cmd: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for c in cmd.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn board_hexes(b: &Browser) -> Value {
    b.js("return state.board.hexes.map(h => [h.q, h.r, h.terrain, h.number])", json!([]))
}

fn seed(b: &Browser) -> String {
    b.js("return state.board ? state.board.seed : ''", json!([]))
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Waits for a file to finish downloading, then reads it (and removes it,
/// so the next download of the same name keeps its name).
fn downloaded(dir: &Path, name: &str) -> Vec<u8> {
    let file = dir.join(name);
    let t0 = Instant::now();
    while !file.exists()
        || std::fs::read_dir(dir).expect("dir").any(|e| {
            e.map(|e| e.file_name().to_string_lossy().ends_with(".crdownload")).unwrap_or(false)
        })
    {
        assert!(t0.elapsed() < Duration::from_secs(60), "{name} did not download");
        std::thread::sleep(Duration::from_millis(100));
    }
    let bytes = std::fs::read(&file).expect("downloaded file");
    std::fs::remove_file(&file).expect("remove download");
    bytes
}

fn idle(b: &Browser, what: &str) {
    b.wait(what, "return !!state.board && !state.busy", 60);
}

fn text_of(b: &Browser, id: &str) -> String {
    b.js(&format!("return document.getElementById('{id}').textContent"), json!([]))
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Runs `hexpress` with the words of a command line the page shows.
fn run_cli(command: &str, out: &Path, file: Option<(&str, &str)>) {
    let mut args = words(command);
    assert_eq!(args.remove(0), "hexpress");
    let mut cli = Command::new(env!("CARGO_BIN_EXE_hexpress"));
    // A scenario file the command names: saved under that name in a folder
    // of its own, and the command run there as the user would type it (the
    // printed command names the file as it was typed).
    if let Some((name, saved)) = file {
        assert!(args.iter().any(|a| a == name), "the scenario in the command");
        let dir = out.with_extension("dir");
        std::fs::create_dir_all(&dir).expect("folder");
        std::fs::copy(saved, dir.join(name)).expect("copy");
        cli.current_dir(&dir);
    }
    args.extend(["-q".to_string(), "--out".to_string(), out.to_string_lossy().into_owned()]);
    let run = cli.args(&args).output().expect("runs");
    assert!(run.status.success(), "{args:?}: {}", String::from_utf8_lossy(&run.stderr));
}

#[test]
fn the_page_in_chromium() {
    if !enabled() {
        eprintln!("skipped: set HEXPRESS_BROWSER_TEST=1 to drive chromium");
        return;
    }
    let server = hexpress::serve::spawn("127.0.0.1:0".parse().expect("address")).expect("starts");
    let base = format!("http://{}", server.addr);
    let downloads = std::env::temp_dir().join(format!("hexpress-browser-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&downloads);
    std::fs::create_dir_all(&downloads).expect("download folder");
    let b = Browser::start(&downloads, 1280, 800);
    b.viewport(1280, 800, false);

    // 1. The page loads a board; the tab strip and the toggles carry their state.
    b.go(&format!("{base}/?scenario=base&seed=5"));
    b.wait(
        "the first board",
        "return !!(state.board && document.querySelectorAll('#hits .hit').length > 0)",
        30,
    );
    assert_eq!(seed(&b), "5");
    assert_eq!(
        b.js("return [...document.querySelectorAll('[role=tab]')].map(t => t.getAttribute('aria-selected'))", json!([])),
        json!(["true", "false"])
    );
    assert_eq!(
        b.js(
            "return document.querySelector('#view [data-v=play]').getAttribute('aria-pressed')",
            json!([])
        ),
        json!("true")
    );
    let icon = b.js("return fetch('/favicon.svg').then(r => r.status)", json!([]));
    assert_eq!(icon, json!(200), "a favicon");

    // 2. Pick another scenario from the list.
    b.js("const s = document.getElementById('scenario'); s.value = 'gold-for-catan'; s.dispatchEvent(new Event('change'));", json!([]));
    b.wait(
        "gold for catan",
        "return !!(state.board && state.board.scenario === 'gold-for-catan' && !state.busy)",
        30,
    );
    save(&b, "board-1280x800.png");

    // 3. Reroll: a new seed, a new board; Back returns to the one before.
    let s1 = seed(&b);
    b.click("#reroll");
    b.wait("a rerolled board", &format!("return !state.busy && state.board.seed !== '{s1}'"), 30);
    b.js("history.back()", json!([]));
    b.wait("the board before", &format!("return !state.busy && state.board.seed === '{s1}'"), 30);
    b.js("history.forward()", json!([]));
    b.wait("forward again", &format!("return !state.busy && state.board.seed !== '{s1}'"), 30);
    let recent = b.js("return document.querySelectorAll('#recent li').length", json!([]));
    assert!(recent.as_u64().expect("count") >= 3, "recent boards are listed: {recent}");

    // 4. Lock two hexes by clicking them, reroll, and they stay.
    let picks = b.js(
        "return state.board.hexes.filter(h => !h.fixed && h.number != null).slice(2, 4).map(h => `${h.q},${h.r}`)",
        json!([]),
    );
    let picks: Vec<String> = picks
        .as_array()
        .expect("two hexes")
        .iter()
        .map(|v| v.as_str().expect("key").to_string())
        .collect();
    assert_eq!(picks.len(), 2);
    for p in &picks {
        b.click(&format!("polygon.hit[data-hex='{p}']"));
    }
    assert_eq!(
        b.js("return document.querySelectorAll('#hits .hit.locked').length", json!([])),
        json!(2)
    );
    let kept = |b: &Browser| -> Vec<Value> {
        let all = board_hexes(b);
        all.as_array()
            .expect("hexes")
            .iter()
            .filter(|h| picks.contains(&format!("{},{}", h[0], h[1])))
            .cloned()
            .collect()
    };
    let before = kept(&b);
    let everything_before = board_hexes(&b);
    let s2 = seed(&b);
    b.click("#reroll");
    b.wait("a locked reroll", &format!("return !state.busy && state.board.seed !== '{s2}'"), 30);
    assert_eq!(kept(&b), before, "the locked hexes stayed");
    assert_ne!(board_hexes(&b), everything_before, "the rest was redrawn");
    save(&b, "locked-1280x800.png");

    // 5. The share link reproduces the board in a fresh load.
    let share = b.js("return document.getElementById('share').value", json!([]));
    let locked_board = board_hexes(&b);
    let command = text_of(&b, "command");
    b.go(share.as_str().expect("link"));
    idle(&b, "the shared board");
    assert_eq!(board_hexes(&b), locked_board);

    // 6. Print advice and file sizes come with the board; the print pack
    // downloads, the same bytes as the command shown.
    b.wait("print advice", "return !document.getElementById('print-advice').hidden", 60);
    let summary = text_of(&b, "print-summary");
    assert!(summary.contains("pages on A4 paper") && summary.contains("sheet"), "{summary}");
    assert!(text_of(&b, "print-card").contains("100 %"));
    let size = b.js(
        "return document.querySelector(\".dl[data-file='print-pack.pdf'] .size\").textContent",
        json!([]),
    );
    assert!(size.as_str().expect("size").ends_with("KB"), "the button shows the size: {size}");
    let steps = b
        .js("return document.querySelectorAll('#print-steps tr').length", json!([]))
        .as_u64()
        .expect("n");
    assert!(steps >= 5, "the print plan's ranges are listed");
    b.click(".dl[data-file='print-pack.pdf']");
    let pdf = downloaded(&downloads, "print-pack.pdf");
    assert!(pdf.starts_with(b"%PDF"));
    let out = downloads.join("cli");
    run_cli(&command, &out, None);
    let cli = std::fs::read(out.join("print-pack.pdf")).expect("the CLI's pack");
    assert_eq!(pages(&pdf), pages(&cli));
    assert!(summary.contains(&format!("has {} pages", pages(&pdf))), "{summary}");
    assert!(pdf == cli, "the download equals `{command}`'s print-pack.pdf");

    // 7. A balanced reroll draws from the fairness bar and says what the bar
    // asks; with a number of boards it keeps the fairest, with plots.
    b.click("#unlock");
    b.click("#balanced");
    b.wait("a bar board", "return !state.busy && !!(state.board && state.board.bar)", 60);
    assert!(text_of(&b, "fair-title").contains("balanced"));
    assert!(text_of(&b, "fair-note").contains("fairness bar"), "{}", text_of(&b, "fair-note"));
    assert!(text_of(&b, "fair-note").contains("pips"), "{}", text_of(&b, "fair-note"));
    b.js("document.getElementById('candidates').value = '20000'", json!([]));
    b.click("#balanced");
    b.wait("a balanced board", "return !state.busy && !!(state.board && state.board.balance)", 60);
    assert_eq!(b.js("return document.querySelectorAll('#plots svg').length", json!([])), json!(1));
    assert!(text_of(&b, "fair-title").contains("balanced"));
    assert!(text_of(&b, "fair-lines").contains("How often each resource is rolled"));
    b.js("document.querySelector('.cards').scrollIntoView()", json!([]));
    save(&b, "balanced-1280x800.png");
    b.js("window.scrollTo(0, 0)", json!([]));
    b.js("document.getElementById('candidates').value = ''", json!([]));
    b.click("#reroll");
    b.wait(
        "a random board again",
        "return !state.busy && !state.board.balance && !state.board.bar",
        30,
    );
    assert!(text_of(&b, "fair-title").contains("random"));

    failed_changes_keep_the_last_good_board(&b, &downloads);
    secrets_stay_on_the_server(&b, &base);
    keyboard_only_locking(&b, &base);
    a_lock_clash_is_marked_on_its_hexes(&b, &base);
    painting_a_scenario(&b, &downloads);
    painting_sides(&b);
    builtins_save_unchanged(&b, &downloads);
    bad_files(&b, &downloads);
    phone(&b, &base);
    let _ = std::fs::remove_dir_all(&downloads);
}

/// A rules change and a pasted file that the server cannot make a board of:
/// the controls return to the board on screen, whose downloads still work.
fn failed_changes_keep_the_last_good_board(b: &Browser, downloads: &Path) {
    b.js("const s = document.getElementById('scenario'); s.value = 'reach-catan'; s.dispatchEvent(new Event('change'));", json!([]));
    b.wait(
        "reach catan",
        "return !!(state.board && state.board.scenario === 'reach-catan' && !state.busy)",
        30,
    );
    // Reach Catan under the strict rules has boards, and the exact samplers
    // find one (the old search gave up here).
    b.js("const s = document.getElementById('rules'); s.value = 'strict'; s.dispatchEvent(new Event('change'));", json!([]));
    b.wait(
        "a strict Reach Catan board",
        "return !state.busy && state.rules === 'strict' && !!state.board && state.board.scenario === 'reach-catan' && document.getElementById('error').hidden",
        60,
    );
    b.js("const s = document.getElementById('rules'); s.value = ''; s.dispatchEvent(new Event('change'));", json!([]));
    b.wait("the official rules again", "return !state.busy && state.rules === ''", 60);
    let good = seed(b);
    save(b, "failed-rules-1280x800.png");
    b.click(".dl[data-file='layout.json']");
    let layout: Value =
        serde_json::from_slice(&downloaded(downloads, "layout.json")).expect("json");
    assert_eq!(layout["scenario"], "reach-catan");
    assert_eq!(layout["seed"].to_string(), good, "the download is the board on screen");

    // A pasted scenario whose rules no board can keep.
    let stuck = "[scenario]\nid = \"stuck\"\ntitle = \"Stuck\"\nplayers = [3]\n\n[legend]\n\"*\" = { region = \"island\" }\n\n[[map]]\nplayers = [3]\nhexes = \"\"\"\n*   *\n\"\"\"\n\n[map.regions.island]\ntiles = { forest = 2 }\nnumbers = [6, 8]\n";
    b.click("#tab-text");
    b.click("#author-mode [data-v=text]");
    b.js("const t = document.getElementById('text'); t.value = arguments[0]; t.dispatchEvent(new Event('input'));", json!([stuck]));
    b.wait(
        "the file is checked",
        "return !!author.reply && author.reply.text.includes('Stuck')",
        30,
    );
    b.wait(
        "the page tries the file",
        "return !state.busy && !document.getElementById('error').hidden",
        60,
    );
    let err = text_of(b, "error");
    assert!(err.contains("no board keeps"), "{err}");
    assert_eq!(b.js("return state.text", json!([])), json!(null), "the built-in stays in use");
    assert!(b.js("return document.getElementById('own-note').hidden", json!([])) == json!(true));
    b.click("#tab-board");
    assert_eq!(seed(b), good);
    b.click(".dl[data-file='layout.json']");
    let layout: Value =
        serde_json::from_slice(&downloaded(downloads, "layout.json")).expect("json");
    assert_eq!(layout["scenario"], "reach-catan", "downloads still make the board on screen");
    // The Scenario tab starts afresh from the board's scenario for what follows.
    b.js(
        "author.text = ''; author.undo = []; author.redo = []; author.dirty = false; clearError();",
        json!([]),
    );
}

/// The players' view of a face-down map: hexes arrive as unknown, and a
/// locked face-down hex is named by its place only.
fn secrets_stay_on_the_server(b: &Browser, base: &str) {
    b.go(&format!("{base}/?scenario=fog-islands&seed=9&view=play"));
    idle(b, "fog islands");
    let leaks = b.js(
        "return state.board.hexes.filter(h => h.face_down && (h.terrain !== 'unknown' || h.number != null)).length",
        json!([]),
    );
    assert_eq!(leaks, json!(0), "no face-down contents in the players' view");
    let hidden = b
        .js(
            "return state.board.hexes.filter(h => h.face_down).map(h => `${h.q},${h.r}`)",
            json!([]),
        )
        .as_array()
        .expect("list")
        .iter()
        .map(|v| v.as_str().expect("key").to_string())
        .collect::<Vec<_>>();
    assert!(!hidden.is_empty());
    b.click(&format!("polygon.hit[data-hex='{}']", hidden[0]));
    b.click("#reroll");
    b.wait("a reroll with a secret kept", "return !state.busy && state.board.seed !== '9'", 30);
    let command = text_of(b, "command");
    let share = b
        .js("return document.getElementById('share').value", json!([]))
        .as_str()
        .expect("s")
        .to_string();
    assert!(command.contains(&format!("--lock \"{}\"", hidden[0])), "{command}");
    assert!(
        !share.contains(&format!("{}%3D", hidden[0].replace(',', "%2C")))
            && !share.contains(&format!("{}=", hidden[0])),
        "{share}"
    );
    let page = b
        .js("return document.documentElement.outerHTML", json!([]))
        .as_str()
        .expect("html")
        .to_string();
    assert!(!page.contains(&format!("{}=", hidden[0])), "the page never spells the locked tile");
    b.click("#unlock");
}

/// Tab to a hex, lock it with Enter, reroll with the keyboard: it stays.
fn keyboard_only_locking(b: &Browser, base: &str) {
    b.go(&format!("{base}/?scenario=base&seed=11"));
    idle(b, "the base game");
    b.js("document.activeElement.blur(); document.body.focus()", json!([]));
    let mut found = false;
    for _ in 0..80 {
        b.press(&["\u{E004}"]);
        if b.js("return document.activeElement.matches('#hits .hit')", json!([])) == json!(true) {
            found = true;
            break;
        }
    }
    assert!(found, "Tab reaches the hexes");
    b.press(&["\u{E014}", "\u{E014}"]); // arrow right, twice
    let key = b
        .js("return document.activeElement.dataset.hex", json!([]))
        .as_str()
        .expect("hex")
        .to_string();
    let before = b.js(
        &format!("return state.board.hexes.find(h => `${{h.q}},${{h.r}}` === '{key}')"),
        json!([]),
    );
    b.press(&["\u{E007}"]); // Enter
    assert_eq!(
        b.js(&format!("return document.querySelector(\"#hits .hit[data-hex='{key}']\").getAttribute('aria-pressed')"), json!([])),
        json!("true"),
        "Enter locked the focused hex"
    );
    assert!(text_of(b, "lock-count").contains("1 hex locked"));
    b.js("document.getElementById('reroll').focus()", json!([]));
    b.press(&["\u{E007}"]);
    b.wait("a keyboard reroll", "return !state.busy && state.board.seed !== '11'", 30);
    let after = b.js(
        &format!("return state.board.hexes.find(h => `${{h.q}},${{h.r}}` === '{key}')"),
        json!([]),
    );
    assert_eq!(
        (&after["terrain"], &after["number"]),
        (&before["terrain"], &before["number"]),
        "the hex stayed"
    );
    b.click("#unlock");
}

/// Two locked neighbours with the same number, then the strict rules: the
/// server refuses the locks before any search, the page marks the two hexes
/// and says why in its own words, and the board on screen stays.
fn a_lock_clash_is_marked_on_its_hexes(b: &Browser, base: &str) {
    let find = "const hs = state.board.hexes.filter(h => !h.fixed && h.number != null);
        const dirs = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
        for (const a of hs) for (const [dq, dr] of dirs) {
          const n = hs.find(h => h.q === a.q + dq && h.r === a.r + dr && h.number === a.number);
          if (n) return [`${a.q},${a.r}`, `${n.q},${n.r}`];
        }
        return null;";
    let mut pair = Value::Null;
    for s in 1..60 {
        b.go(&format!("{base}/?scenario=base&seed={s}"));
        idle(b, "the base game");
        pair = b.js(find, json!([]));
        if !pair.is_null() {
            break;
        }
    }
    let pair: Vec<String> = pair
        .as_array()
        .expect("a board with two equal neighbours")
        .iter()
        .map(|v| v.as_str().expect("key").to_string())
        .collect();
    for p in &pair {
        b.click(&format!("polygon.hit[data-hex='{p}']"));
    }
    let good = seed(b);
    let before = board_hexes(b);
    b.js("const s = document.getElementById('rules'); s.value = 'strict'; s.dispatchEvent(new Event('change'));", json!([]));
    b.wait(
        "the refused locks",
        "return !state.busy && !document.getElementById('error').hidden",
        60,
    );
    let err = text_of(b, "error");
    assert!(err.contains("neighbouring hexes may not have the same number"), "{err}");
    assert!(err.contains("official placement rules"), "the hint names the way out: {err}");
    let marked = b.js(
        "return [...document.querySelectorAll('#hits .hit.clash')].map(p => p.dataset.hex).sort()",
        json!([]),
    );
    let mut want = pair.clone();
    want.sort();
    assert_eq!(marked, json!(want), "the two locked hexes are marked");
    assert_eq!(seed(b), good, "the board stays");
    assert_eq!(board_hexes(b), before, "nothing changed on the board");
    save(b, "lock-clash-1280x800.png");
    b.click("#unlock");
    assert_eq!(
        b.js("return document.querySelectorAll('#hits .hit.clash').length", json!([])),
        json!(0)
    );
}

/// Clicks a painter hex at drawing position (x, y).
fn paint_at(b: &Browser, x: i64, y: i64) {
    let n = b.js("return author.undo.length", json!([]));
    b.click(&format!("#paint-grid g.pcell[data-x='{x}'][data-y='{y}']"));
    b.wait("the painted hex", &format!("return author.undo.length > {n} && !!author.reply"), 20);
}

fn wait_reply(b: &Browser, what: &str, before: &Value) {
    b.wait(what, &format!("return author.undo.length > {before}"), 20);
    std::thread::sleep(Duration::from_millis(50));
}

/// A small scenario drawn from a blank grid, saved, and made with the CLI
/// from the saved file: the same print pack as the page's.
fn painting_a_scenario(b: &Browser, downloads: &Path) {
    b.viewport(1280, 900, false);
    b.click("#tab-text");
    b.click("#author-mode [data-v=paint]");
    b.js("document.getElementById('blank-rows').value = 3; document.getElementById('blank-cols').value = 3;", json!([]));
    b.click("#new-blank");
    b.wait("a blank grid", "return !!author.reply && author.text.includes('My scenario')", 20);
    assert_eq!(
        b.js("return document.querySelectorAll('#paint-grid g.pcell').length", json!([])),
        json!(9)
    );
    b.click("#palette [data-code='*']");
    for (x, y) in [(2, 0), (1, 1), (3, 1)] {
        paint_at(b, x, y);
    }
    b.click("#palette [data-code='D']");
    paint_at(b, 2, 2);
    for t in ["forest", "hills", "fields"] {
        let n = b.js("return author.undo.length", json!([]));
        b.js(
            "const s = document.querySelector('#regions select'); s.value = arguments[0]; s.dispatchEvent(new Event('change'));",
            json!([t]),
        );
        wait_reply(b, "a tile", &n);
    }
    let counts = text_of(b, "regions");
    assert!(counts.contains("3 tiles for the hexes: ✓"), "{counts}");
    // The red chips are the server's (vocab::is_red), not the page's own idea.
    let red = b.js(
        "return [...document.querySelectorAll('#regions .chip-edit.red .chip-n')].map((e) => e.textContent).join(',')",
        json!([]),
    );
    assert_eq!(red, json!("6,8"), "red chips in the painter");
    for chip in [5, 6, 9] {
        let n = b.js("return author.undo.length", json!([]));
        let i = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12].iter().position(|c| *c == chip).expect("chip");
        b.js(
            "document.querySelectorAll('#regions .chip-edit')[arguments[0]].querySelectorAll('.step')[1].click()",
            json!([i]),
        );
        wait_reply(b, "a chip", &n);
    }
    // Undo and redo the last chip.
    b.click("#undo");
    b.wait("undone", "return !author.text.includes('[5, 6, 9]')", 20);
    b.click("#redo");
    b.wait("redone", "return author.text.includes('numbers = [5, 6, 9]')", 20);
    b.wait(
        "no problems",
        "return !!author.reply && author.reply.ok && author.reply.errors === 0",
        20,
    );
    save(b, "painter-1280x900.png");
    b.click("#save-file");
    let saved = downloaded(downloads, "my-scenario.toml");
    let text = String::from_utf8(saved).expect("utf-8");
    assert_eq!(text, b.js("return author.text", json!([])).as_str().expect("text"));
    assert!(text.starts_with("# A scenario drawn with the hexpress map painter."));
    let file = downloads.join("painted.toml");
    std::fs::write(&file, &text).expect("write");
    // The board follows the file; its pack equals the CLI's from the saved file.
    b.wait(
        "the board of the painted file",
        "return !state.busy && state.text === author.text && !!state.board",
        30,
    );
    b.click("#tab-board");
    let command = text_of(b, "command");
    assert!(command.starts_with("hexpress generate my-scenario.toml"), "{command}");
    b.click(".dl[data-file='print-pack.pdf']");
    let pdf = downloaded(downloads, "print-pack.pdf");
    let out = downloads.join("painted");
    run_cli(&command, &out, Some(("my-scenario.toml", file.to_str().expect("path"))));
    let cli = std::fs::read(out.join("print-pack.pdf")).expect("the CLI's pack");
    assert!(pdf == cli, "the painted scenario's pack equals the CLI's from the saved file");
    b.click("#tab-text");
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

/// Every built-in loaded into the painter and saved unchanged is its file,
/// byte for byte, also after painting a hex with the code it has.
fn builtins_save_unchanged(b: &Browser, downloads: &Path) {
    for id in hexpress::builtin::ids() {
        b.js(
            "const s = document.getElementById('start-from'); s.value = arguments[0];",
            json!([id]),
        );
        b.click("#load-builtin");
        b.wait(
            id,
            &format!(
                "return !!author.reply && author.reply.view && author.reply.view.id === '{id}'"
            ),
            20,
        );
        // Paint one hex with its own code: nothing changes.
        let cell = b.js(
            "const m = author.reply.view.maps[0]; return m.cells[Math.floor(m.cells.length / 2)]",
            json!([]),
        );
        b.js("author.brush = arguments[0]", json!([cell[2]]));
        b.click(&format!("#paint-grid g.pcell[data-x='{}'][data-y='{}']", cell[0], cell[1]));
        std::thread::sleep(Duration::from_millis(300));
        b.click("#save-file");
        let saved = downloaded(downloads, &format!("{id}.toml"));
        let want = std::fs::read(
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("scenarios/{id}.toml")),
        )
        .expect("built-in");
        assert!(saved == want, "{id}: the painter saves the built-in unchanged");
    }
}

/// Files too big, not UTF-8 or not TOML: a clear message where the file shows.
fn bad_files(b: &Browser, downloads: &Path) {
    let cases: [(&str, Vec<u8>, &str); 3] = [
        ("big.toml", vec![b'#'; 1_048_577], "at most 1,048,576 bytes"),
        ("latin1.toml", b"[scenario]\ntitle = \"Caf\xe9\"\n".to_vec(), "not UTF-8 text"),
        ("notes.toml", b"this is not toml at all\n".to_vec(), "does not read as TOML"),
    ];
    for (name, bytes, needle) in cases {
        let path = downloads.join(name);
        std::fs::write(&path, bytes).expect("write");
        b.js("document.getElementById('file-status').textContent = ''", json!([]));
        b.keys("#file-input", path.to_str().expect("path"));
        b.wait(
            name,
            &format!(
                "return document.getElementById('file-status').textContent.includes({needle:?})"
            ),
            20,
        );
        let list = text_of(b, "problem-list");
        assert!(!list.is_empty(), "{name}: the problem list says it too");
        if name == "latin1.toml" {
            assert!(text_of(b, "file-status").contains("line 2"), "the place of the bad byte");
        }
        if name == "notes.toml" {
            assert!(list.contains("line 1"), "{list}");
        }
    }
    save(b, "bad-file-1280x900.png");
}

/// A phone: the board comes first, with chip numbers of 12 px or more.
fn phone(b: &Browser, base: &str) {
    b.viewport(390, 844, true);
    b.go(&format!("{base}/?scenario=base&seed=5"));
    idle(b, "the phone board");
    b.js("window.scrollTo(0, 0)", json!([]));
    std::thread::sleep(Duration::from_millis(300));
    save(b, "phone-390x844.png");
    let board =
        b.js("return document.getElementById('board').getBoundingClientRect().toJSON()", json!([]));
    let controls = b.js(
        "return document.querySelector('.controls').getBoundingClientRect().toJSON()",
        json!([]),
    );
    assert!(
        board["bottom"].as_f64() <= controls["top"].as_f64(),
        "the board comes before the controls"
    );
    assert!(
        board["bottom"].as_f64().expect("bottom") <= 844.0,
        "the whole board is on the first screen: {board}"
    );
    let smallest = b.js(
        "return Math.min(...[...document.querySelectorAll('#big-chips text')].map(t => t.getBoundingClientRect().height))",
        json!([]),
    );
    assert!(
        smallest.as_f64().expect("px") >= 12.0,
        "chip numbers of at least 12 px, not {smallest}"
    );
    let red = b.js(
        "const t = [...document.querySelectorAll('#big-chips text')]; \
         return [t.filter((e) => e.classList.contains('red')).length, \
                 t.every((e) => e.classList.contains('red') === (e.textContent === '6' || e.textContent === '8'))]",
        json!([]),
    );
    // A base board carries two 6s and two 8s: four red chips, and only they.
    assert_eq!(red, json!([4, true]), "the big chips' red numbers are the server's");
    b.click("#zoom");
    std::thread::sleep(Duration::from_millis(300));
    let wide = b
        .js("return document.querySelector('#board svg').getBoundingClientRect().width", json!([]));
    assert!(wide.as_f64().expect("px") > 700.0, "zoomed in: {wide}");
    save(b, "phone-zoomed-390x844.png");
}
