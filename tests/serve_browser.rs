//! The page in a real browser (Debian's chromium through chromedriver): pick
//! a scenario, reroll, lock two hexes and reroll, paste a broken scenario,
//! download the print pack, follow the share link, take screenshots.
//!
//! Runs only with `HEXPRESS_BROWSER_TEST=1` (`.ci/run` sets it after the main
//! suite and installs chromium when it is missing), so `cargo test` passes on
//! a machine without a browser. Screenshots go to `target/browser-shots/`.
#![cfg(feature = "serve")]

mod common;

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

    // 1. The page loads a board.
    b.go(&format!("{base}/?scenario=base&seed=5"));
    b.wait(
        "the first board",
        "return !!(state.board && document.querySelectorAll('#hits .hit').length > 0)",
        30,
    );
    assert_eq!(seed(&b), "5");

    // 2. Pick another scenario from the list.
    b.js("const s = document.getElementById('scenario'); s.value = 'gold-for-catan'; s.dispatchEvent(new Event('change'));", json!([]));
    b.wait(
        "gold for catan",
        "return !!(state.board && state.board.scenario === 'gold-for-catan' && !state.busy)",
        30,
    );
    save(&b, "board-1280x800.png");

    // 3. Reroll: a new seed, a new board.
    let s1 = seed(&b);
    b.click("#reroll");
    b.wait("a rerolled board", &format!("return !state.busy && state.board.seed !== '{s1}'"), 30);

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
    assert_eq!(
        b.js("return document.querySelectorAll('#hits .hit.locked').length", json!([])),
        json!(2)
    );
    save(&b, "locked-1280x800.png");

    // 5. The share link reproduces the board in a fresh load.
    let share = b.js("return document.getElementById('share').value", json!([]));
    let locked_board = board_hexes(&b);
    let command = b.js("return document.getElementById('command').textContent", json!([]));
    b.go(share.as_str().expect("link"));
    b.wait("the shared board", "return !!(state.board && !state.busy)", 30);
    assert_eq!(board_hexes(&b), locked_board);

    // 6. Download the print pack: a PDF, the same bytes as the command shown.
    b.click(".dl[data-file='print-pack.pdf']");
    let file = downloads.join("print-pack.pdf");
    let t0 = Instant::now();
    while !file.exists()
        || std::fs::read_dir(&downloads).expect("dir").any(|e| {
            e.map(|e| e.file_name().to_string_lossy().ends_with(".crdownload")).unwrap_or(false)
        })
    {
        assert!(t0.elapsed() < Duration::from_secs(60), "the print pack did not download");
        std::thread::sleep(Duration::from_millis(200));
    }
    let pdf = std::fs::read(&file).expect("downloaded pack");
    assert!(pdf.starts_with(b"%PDF"));
    let out = downloads.join("cli");
    let mut args = words(command.as_str().expect("command"));
    assert_eq!(args.remove(0), "hexpress");
    args.extend(["-q".to_string(), "--out".to_string(), out.to_string_lossy().into_owned()]);
    let run = Command::new(env!("CARGO_BIN_EXE_hexpress")).args(&args).output().expect("runs");
    assert!(run.status.success(), "{args:?}: {}", String::from_utf8_lossy(&run.stderr));
    let cli = std::fs::read(out.join("print-pack.pdf")).expect("the CLI's pack");
    assert_eq!(pages(&pdf), pages(&cli));
    assert!(pages(&pdf) >= 6, "calibration, map sheets, components, cards, handout");
    assert!(pdf == cli, "the download equals `{}`'s print-pack.pdf", command);

    // 7. A balanced reroll shows its measures and plots (unlock first).
    b.click("#unlock");
    b.click("#balanced");
    b.wait("a balanced board", "return !state.busy && !!(state.board && state.board.balance)", 60);
    assert_eq!(b.js("return document.querySelectorAll('#plots svg').length", json!([])), json!(1));
    b.js("document.querySelector('.cards').scrollIntoView()", json!([]));
    save(&b, "balanced-1280x800.png");
    b.js("window.scrollTo(0, 0)", json!([]));

    // 8. A broken pasted scenario: the problem appears beside the text, with its line.
    b.click("#tab-text");
    let text = "[scenario]\nid = \"mine\"\ntitle = \"Mine\"\nplayers = [4]\nbogus = 1\n";
    b.js(
        "const t = document.getElementById('text'); t.value = arguments[0]; t.dispatchEvent(new Event('input'));",
        json!([text]),
    );
    b.wait(
        "the problem list",
        "return [...document.querySelectorAll('#problem-list .where')].some(e => e.textContent === 'line 5, column 1')",
        30,
    );
    assert_eq!(
        b.js("return [...document.querySelectorAll('#gutter .bad')].some(e => e.textContent === '5')", json!([])),
        json!(true),
        "line 5 is marked in the gutter"
    );
    assert!(b
        .js("return document.getElementById('rendered').textContent", json!([]))
        .as_str()
        .expect("text")
        .contains("pasted.toml:5:1"));
    save(&b, "broken-scenario-1280x800.png");

    // 9. Phone-sized.
    b.viewport(390, 844, true);
    b.click("#tab-board");
    b.js("window.scrollTo(0, 0)", json!([]));
    std::thread::sleep(Duration::from_millis(300));
    save(&b, "phone-390x844.png");
    b.js("document.getElementById('board').scrollIntoView()", json!([]));
    std::thread::sleep(Duration::from_millis(300));
    save(&b, "phone-board-390x844.png");
    let _ = std::fs::remove_dir_all(&downloads);
}
