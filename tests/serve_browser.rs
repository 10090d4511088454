//! The page in a real browser (Debian's chromium through chromedriver), at
//! desktop size (1280x800) and on a phone (390x844): the board's controls
//! (scenario, reroll, history, locks, Balanced, paper, every download, the
//! share link), a failed change, a lock clash, links that cannot be honoured
//! as they are, the players' view and its secrets, and the keyboard. Each
//! step checks that the page and the server agree afterwards: the board
//! shown is the board downloaded, and the command shown makes the same
//! files. The painter is in `serve_browser_paint`, the phone's labels and
//! the accessibility scan in `serve_browser_phone`.
//!
//! Runs only with `HEXPRESS_BROWSER_TEST=1` (`.ci/run` sets it after the main
//! suite and installs chromium when it is missing), so `cargo test` passes on
//! a machine without a browser. Every wait is on a condition, never a fixed
//! sleep. Screenshots go to `target/browser-shots/`.
#![cfg(feature = "serve")]

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use common::webdriver::Browser;
use serde_json::{json, Value};

/// Whether the browser tests run (`HEXPRESS_BROWSER_TEST=1`).
pub(crate) fn enabled() -> bool {
    std::env::var("HEXPRESS_BROWSER_TEST").is_ok_and(|v| v == "1")
}

/// A server, a browser at one size and a download folder; all end on drop.
pub(crate) struct Session {
    pub b: Browser,
    /// Serves until the session ends.
    #[allow(dead_code)]
    pub server: hexpress::serve::Running,
    pub base: String,
    pub downloads: PathBuf,
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.downloads);
    }
}

/// A session at `w` x `h` (`mobile`: a phone's touch screen and layout
/// viewport), or `None` when the browser tests are off.
pub(crate) fn session(tag: &str, w: u32, h: u32, mobile: bool) -> Option<Session> {
    if !enabled() {
        eprintln!("skipped: set HEXPRESS_BROWSER_TEST=1 to drive chromium");
        return None;
    }
    let server = hexpress::serve::spawn("127.0.0.1:0".parse().expect("address")).expect("starts");
    let base = format!("http://{}", server.addr);
    let downloads =
        std::env::temp_dir().join(format!("hexpress-browser-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&downloads);
    std::fs::create_dir_all(&downloads).expect("download folder");
    let b = Browser::start(&downloads, 1280, 900);
    b.viewport(w, h, mobile);
    Some(Session { b, server, base, downloads })
}

/// The sizes every board test runs at.
pub(crate) const DESKTOP: (u32, u32, bool) = (1280, 800, false);
/// A phone.
pub(crate) const PHONE: (u32, u32, bool) = (390, 844, true);

fn shots() -> PathBuf {
    let d = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/browser-shots");
    std::fs::create_dir_all(&d).expect("screenshot folder");
    d
}

/// Saves a screenshot of the viewport under `target/browser-shots/`.
pub(crate) fn save(b: &Browser, name: &str) {
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

/// Every hex of the board shown: `[q, r, terrain, number]`.
pub(crate) fn board_hexes(b: &Browser) -> Value {
    b.js("return state.board.hexes.map(h => [h.q, h.r, h.terrain, h.number])", json!([]))
}

/// The seed of the board shown.
pub(crate) fn seed(b: &Browser) -> String {
    b.js("return state.board ? state.board.seed : ''", json!([]))
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Waits for a file to finish downloading, then reads it (and removes it,
/// so the next download of the same name keeps its name).
pub(crate) fn downloaded(dir: &Path, name: &str) -> Vec<u8> {
    let file = dir.join(name);
    let t0 = Instant::now();
    while !file.exists()
        || std::fs::read_dir(dir).expect("dir").any(|e| {
            e.map(|e| e.file_name().to_string_lossy().ends_with(".crdownload")).unwrap_or(false)
        })
    {
        if t0.elapsed() > Duration::from_secs(90) {
            let seen: Vec<String> = std::fs::read_dir(dir)
                .expect("dir")
                .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
                .collect();
            panic!("{name} did not download into {}: {seen:?}", dir.display());
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let bytes = std::fs::read(&file).expect("downloaded file");
    std::fs::remove_file(&file).expect("remove download");
    bytes
}

/// Waits until a board shows and no request runs.
pub(crate) fn idle(b: &Browser, what: &str) {
    b.wait(what, "return !!state.board && !state.busy", 90);
}

/// The text of an element by id.
pub(crate) fn text_of(b: &Browser, id: &str) -> String {
    b.js(&format!("return document.getElementById('{id}').textContent"), json!([]))
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Chooses `value` in the select `id`, as a user would.
pub(crate) fn choose(b: &Browser, id: &str, value: &str) {
    b.js(
        "const s = document.getElementById(arguments[0]); s.value = arguments[1]; s.dispatchEvent(new Event('change'));",
        json!([id, value]),
    );
}

/// Runs `hexpress` with the words of a command line the page shows, writing
/// into `out`; a scenario file the command names is `file` (name, path).
pub(crate) fn run_cli(command: &str, out: &Path, file: Option<(&str, &str)>) {
    let mut args = words(command);
    assert_eq!(args.remove(0), "hexpress");
    let mut cli = Command::new(env!("CARGO_BIN_EXE_hexpress"));
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

/// Clicks a hex of the board shown (a tap on a phone).
pub(crate) fn click_hex(b: &Browser, key: &str) {
    b.js(
        "document.querySelector(`#hits .hit[data-hex='${arguments[0]}']`).scrollIntoView({block: 'center'})",
        json!([key]),
    );
    b.click(&format!("polygon.hit[data-hex='{key}']"));
}

fn keys_of(v: Value) -> Vec<String> {
    v.as_array().expect("a list").iter().map(|x| x.as_str().expect("key").to_string()).collect()
}

/// Scenario, reroll, history, locks kept over a reroll, the share link in
/// a fresh load, Balanced (the bar and the search), a lock and a paper
/// change after a balanced board, and every download of the board shown
/// against the command shown.
fn board_controls(s: &Session, tag: &str, downloads_too: bool) {
    let b = &s.b;
    b.go(&format!("{}/?scenario=base&seed=5", s.base));
    b.wait(
        "the first board",
        "return !!(state.board && document.querySelectorAll('#hits .hit').length > 0)",
        60,
    );
    assert_eq!(seed(b), "5");
    // Scenario: the list and the board agree.
    choose(b, "scenario", "gold-for-catan");
    b.wait(
        "gold for catan",
        "return !!(state.board && state.board.scenario === 'gold-for-catan' && !state.busy)",
        60,
    );
    assert_eq!(
        b.js("return document.getElementById('scenario').value", json!([])),
        json!("gold-for-catan")
    );
    save(b, &format!("board-{tag}.png"));
    // Reroll; Back and Forward.
    let s1 = seed(b);
    b.click("#reroll");
    b.wait("a rerolled board", &format!("return !state.busy && state.board.seed !== '{s1}'"), 60);
    b.js("history.back()", json!([]));
    b.wait("the board before", &format!("return !state.busy && state.board.seed === '{s1}'"), 60);
    b.js("history.forward()", json!([]));
    b.wait("forward again", &format!("return !state.busy && state.board.seed !== '{s1}'"), 60);
    // Lock two hexes, reroll: they stay, the rest is redrawn.
    let picks = keys_of(b.js(
        "return state.board.hexes.filter(h => !h.fixed && h.number != null).slice(2, 4).map(h => `${h.q},${h.r}`)",
        json!([]),
    ));
    for p in &picks {
        click_hex(b, p);
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
    let (before, everything) = (kept(b), board_hexes(b));
    let s2 = seed(b);
    b.click("#reroll");
    b.wait("a locked reroll", &format!("return !state.busy && state.board.seed !== '{s2}'"), 60);
    assert_eq!(kept(b), before, "the locked hexes stayed");
    assert_ne!(board_hexes(b), everything, "the rest was redrawn");
    save(b, &format!("locked-{tag}.png"));
    // The share link makes the same board in a fresh load.
    let share = b.js("return document.getElementById('share').value", json!([]));
    let shown = board_hexes(b);
    b.go(share.as_str().expect("link"));
    idle(b, "the shared board");
    assert_eq!(board_hexes(b), shown, "the share link rebuilds the board");
    if downloads_too {
        every_download(s);
    }
    // A balanced board from the fairness bar; then a lock and another paper:
    // the paper redraws the board on screen, the lock waits for a reroll.
    b.click("#unlock");
    b.click("#balanced");
    b.wait("a bar board", "return !state.busy && !!(state.board && state.board.bar)", 90);
    assert!(text_of(b, "fair-note").contains("fairness bar"), "{}", text_of(b, "fair-note"));
    let bar_board = board_hexes(b);
    let bar_seed = seed(b);
    let hex = keys_of(b.js("return state.board.hexes.filter(h => !h.fixed && h.number != null).slice(0, 1).map(h => `${h.q},${h.r}`)", json!([])));
    click_hex(b, &hex[0]);
    choose(b, "paper", "letter");
    b.wait(
        "the balanced board on letter paper",
        "return !state.busy && state.paper === 'letter' && document.getElementById('error').hidden",
        90,
    );
    assert_eq!(seed(b), bar_seed, "the same board");
    assert_eq!(board_hexes(b), bar_board, "the same hexes");
    assert!(b.js("return !!state.board.bar", json!([])) == json!(true), "still the balanced board");
    assert_eq!(
        b.js("return state.locks.size", json!([])),
        json!(1),
        "the lock waits for the next reroll"
    );
    assert!(text_of(b, "command").contains("--paper letter"), "{}", text_of(b, "command"));
    b.click("#reroll");
    b.wait(
        "a locked reroll on letter paper",
        &format!("return !state.busy && state.board.seed !== '{bar_seed}'"),
        60,
    );
    let h = b.js(
        &format!("return state.board.hexes.find(h => `${{h.q}},${{h.r}}` === '{}')", hex[0]),
        json!([]),
    );
    let was = bar_board
        .as_array()
        .expect("hexes")
        .iter()
        .find(|x| format!("{},{}", x[0], x[1]) == hex[0])
        .cloned()
        .expect("hex");
    assert_eq!(
        (&h["terrain"], &h["number"]),
        (&was[2], &was[3]),
        "the locked hex of the balanced board stayed"
    );
    b.click("#unlock");
    // The search: the fairest of a number of boards, with its plots.
    b.js("document.getElementById('candidates').value = '2000'", json!([]));
    b.click("#balanced");
    b.wait("a searched board", "return !state.busy && !!(state.board && state.board.balance)", 90);
    assert_eq!(b.js("return document.querySelectorAll('#plots svg').length", json!([])), json!(1));
    b.js("document.getElementById('candidates').value = ''", json!([]));
}

/// Every download button of the board shown: its file is the board shown
/// (layout.json's hexes) and each is the byte-for-byte file of the command
/// shown; buttons for files the pack lacks are hidden.
fn every_download(s: &Session) {
    let b = &s.b;
    b.wait("print advice", "return !document.getElementById('print-advice').hidden", 90);
    let summary = text_of(b, "print-summary");
    assert!(summary.contains("pages on A4 paper"), "{summary}");
    let command = text_of(b, "command");
    let out = s.downloads.join("cli");
    run_cli(&command, &out, None);
    let names = keys_of(b.js("return [...document.querySelectorAll('.dl[data-file]')].filter(x => !x.hidden).map(x => x.dataset.file)", json!([])));
    let files = keys_of(b.js("return state.pack.files.map(f => f.name)", json!([])));
    for n in
        ["print-pack.pdf", "print-plan.txt", "map.pdf", "rules.pdf", "preview.png", "layout.json"]
    {
        assert!(names.contains(&n.to_string()), "{n} is offered: {names:?}");
    }
    assert_eq!(
        names.contains(&"components.pdf".to_string()),
        files.contains(&"components.pdf".to_string())
    );
    for name in &names {
        b.click(&format!(".dl[data-file='{name}']"));
        let got = downloaded(&s.downloads, name);
        let want = std::fs::read(out.join(name)).expect("the CLI's file");
        assert!(
            got == want,
            "{name} differs from `{command}`'s ({} vs {} bytes)",
            got.len(),
            want.len()
        );
        if name == "print-pack.pdf" {
            assert!(summary.contains(&format!("has {} pages", pages(&got))), "{summary}");
        }
        if name == "layout.json" {
            let layout: Value = serde_json::from_slice(&got).expect("json");
            let shown = board_hexes(b);
            let listed: Vec<Value> = layout["hexes"]
                .as_array()
                .expect("hexes")
                .iter()
                .map(|h| json!([h["q"], h["r"], h["terrain"], h["number"]]))
                .collect();
            assert_eq!(json!(listed), shown, "the board shown is the board downloaded");
        }
    }
}

#[test]
fn the_board_at_desktop_size() {
    let (w, h, m) = DESKTOP;
    let Some(s) = session("board-desktop", w, h, m) else { return };
    board_controls(&s, "1280x800", true);
}

#[test]
fn the_board_on_a_phone() {
    let (w, h, m) = PHONE;
    let Some(s) = session("board-phone", w, h, m) else { return };
    board_controls(&s, "390x844", false);
    // Every download works on the phone too: the layout is the board shown.
    s.b.wait("the pack", "return !!state.pack", 90);
    s.b.click(".dl[data-file='layout.json']");
    let layout: Value =
        serde_json::from_slice(&downloaded(&s.downloads, "layout.json")).expect("json");
    assert_eq!(layout["seed"].to_string(), seed(&s.b));
}
