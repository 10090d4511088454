//! Every command the tool prints makes the same board again: the map's
//! title block, the rules handout, the print plan, the terminal and
//! `layout.json` all print one command; the balance report and the web page
//! print theirs; running any of them writes a byte-identical `layout.json`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn hexpress(args: &[String]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_hexpress"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "hexpress {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hexpress-recipe-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

fn s(p: &Path) -> String {
    p.to_str().expect("utf-8 path").to_string()
}

/// Splits a printed command into words as a POSIX shell would (plain words,
/// "double" and 'single' quotes, no expansion).
fn shell_words(cmd: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut started = false;
    let mut chars = cmd.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' if started => {
                words.push(std::mem::take(&mut cur));
                started = false;
            }
            ' ' => {}
            '"' => {
                started = true;
                for d in chars.by_ref() {
                    if d == '"' {
                        break;
                    }
                    cur.push(d);
                }
            }
            '\'' => {
                started = true;
                for d in chars.by_ref() {
                    if d == '\'' {
                        break;
                    }
                    cur.push(d);
                }
            }
            '\\' => {
                started = true;
                cur.extend(chars.next());
            }
            _ => {
                started = true;
                cur.push(c);
            }
        }
    }
    if started {
        words.push(cur);
    }
    words
}

/// The texts of an SVG file's `<text>` elements, unescaped, joined by spaces.
fn svg_text(path: &Path) -> String {
    let svg = std::fs::read_to_string(path).expect("svg");
    let mut out = Vec::new();
    let mut rest = svg.as_str();
    while let Some(i) = rest.find("<text") {
        let after = &rest[i..];
        let open = after.find('>').expect("tag end") + 1;
        let close = after.find("</text>").expect("text end");
        let inner = &after[open..close];
        // Runs inside a text element (tspans) are joined without spaces.
        let mut t = String::new();
        let mut in_tag = false;
        for c in inner.chars() {
            match c {
                '<' => in_tag = true,
                '>' => in_tag = false,
                c if !in_tag => t.push(c),
                _ => {}
            }
        }
        out.push(
            t.replace("&quot;", "\"")
                .replace("&apos;", "'")
                .replace("&#39;", "'")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&"),
        );
        rest = &after[close..];
    }
    out.join(" ")
}

/// The command `layout.json` records.
fn json_command(dir: &Path) -> String {
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("layout.json")).expect("layout"))
            .expect("json");
    v["command"].as_str().expect("a command").to_string()
}

/// Runs `command` (as printed) into a fresh folder, writing layout.json
/// only, and returns that layout.json.
fn rerun(command: &str, dir: &Path) -> Vec<u8> {
    rerun_in(command, dir, Path::new(env!("CARGO_MANIFEST_DIR")))
}

/// [`rerun`] from the folder `cwd` (where a `--from layout.json` is read).
fn rerun_in(command: &str, dir: &Path, cwd: &Path) -> Vec<u8> {
    let words = shell_words(command);
    assert_eq!(words[0], "hexpress", "{command}");
    let mut args: Vec<String> = words[1..].to_vec();
    args.extend(strings(&["-q", "--layout-only", "--out"]));
    args.push(s(dir));
    let out = Command::new(env!("CARGO_BIN_EXE_hexpress"))
        .args(&args)
        .current_dir(cwd)
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "{command}: {}", String::from_utf8_lossy(&out.stderr));
    std::fs::read(dir.join("layout.json")).expect("layout.json")
}

/// Every command one `generate` run prints, checked to be one and the same,
/// then run: its layout.json must equal the first, byte for byte.
fn round_trip(name: &str, args: &[String], work: &Path) {
    let first = work.join(format!("{name}-a"));
    let mut a = args.to_vec();
    a.extend(strings(&["--formats", "svg,pdf", "--out"]));
    a.push(s(&first));
    let out = hexpress(&a);
    let command = json_command(&first);
    // The terminal.
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains(&format!("again: {command}\n")), "{name}: terminal says\n{stdout}");
    // The map's title block.
    let map = svg_text(&first.join("map.svg"));
    assert!(map.contains(&format!("regenerate: {command}")), "{name}: map.svg says\n{map}");
    // The rules handout (the command may wrap over lines, always at a space).
    let handout: String = (1..)
        .map(|n| first.join(format!("rules-{n}.svg")))
        .take_while(|p| p.exists())
        .map(|p| svg_text(&p))
        .collect::<Vec<_>>()
        .join(" ");
    let spoken = handout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(spoken.contains(&command), "{name}: the handout does not print `{command}`");
    // Every command the handout prints is this one.
    for (i, _) in spoken.match_indices("hexpress generate ") {
        assert!(spoken[i..].starts_with(&command), "{name}: handout prints {}", &spoken[i..]);
    }
    // The print plan.
    let plan = std::fs::read_to_string(first.join("print-plan.txt")).expect("plan");
    assert!(plan.contains(&format!("\n  {command}\n")), "{name}: print-plan.txt says\n{plan}");
    // Run it: the same board, byte for byte.
    let again = rerun(&command, &work.join(format!("{name}-b")));
    let before = std::fs::read(first.join("layout.json")).expect("layout.json");
    assert!(again == before, "{name}: `{command}` makes another layout.json");
}

#[test]
fn every_printed_command_makes_the_same_layout_json() {
    let work = temp_dir("generate");
    let cases: Vec<(&str, Vec<String>)> = vec![
        ("plain", strings(&["generate", "base", "--seed", "3"])),
        ("strict", strings(&["generate", "base", "--rules", "strict", "--seed", "3"])),
        ("players", strings(&["generate", "gold-for-catan", "--players", "3", "--seed", "11"])),
        (
            "balanced",
            strings(&[
                "generate",
                "base",
                "--balanced",
                "best",
                "--candidates",
                "300",
                "--seed",
                "5",
            ]),
        ),
        // A uniform draw among the boards that clear the fairness bar.
        ("bar", strings(&["generate", "base", "--balanced", "--seed", "5"])),
        (
            "balanced-strict",
            strings(&[
                "generate",
                "fishermen",
                "--rules",
                "strict",
                "--balanced",
                "best",
                "--objective",
                "seats",
                "--candidates",
                "200",
                "--max-nodes",
                "100000",
                "--seed",
                "2",
            ]),
        ),
        ("face-down", strings(&["generate", "catan-world", "--seed", "8"])),
        (
            "drawing",
            strings(&[
                "generate",
                "fog-islands",
                "--players",
                "3",
                "--seed",
                "7",
                "--paper",
                "letter",
                "--view",
                "setup",
                "--black-and-white",
                "--hex-size",
                "80",
            ]),
        ),
    ];
    for (name, args) in &cases {
        round_trip(name, args, &work);
    }
    // A time budget is printed as the number of boards it allowed.
    let timed = work.join("timed");
    hexpress(&strings(&[
        "generate",
        "base",
        "--balanced",
        "best",
        "--time-budget",
        "200",
        "--seed",
        "9",
        "--layout-only",
        "-q",
        "--out",
        &s(&timed),
    ]));
    let command = json_command(&timed);
    assert!(command.contains("--candidates ") && !command.contains("budget"), "{command}");
    assert!(
        rerun(&command, &work.join("timed-b")) == std::fs::read(timed.join("layout.json")).unwrap()
    );
    let _ = std::fs::remove_dir_all(&work);
}

#[test]
fn locked_boards_and_user_files_come_back_from_their_command() {
    let work = temp_dir("locks");
    // A user file in a folder whose name needs quoting.
    let folder = work.join("my maps");
    std::fs::create_dir_all(&folder).expect("mkdir");
    let file = folder.join("isle.toml");
    std::fs::write(&file, hexpress::builtin::source("seven-islands").expect("built-in").text)
        .expect("write");
    round_trip(
        "user-file",
        &[strings(&["generate"]), vec![s(&file)], strings(&["--seed", "4"])].concat(),
        &work,
    );
    // `--from` a saved board, locking two hexes: the command spells the locks out.
    let saved = work.join("saved");
    hexpress(&strings(&[
        "generate",
        "base",
        "--seed",
        "7",
        "--layout-only",
        "-q",
        "--out",
        &s(&saved),
    ]));
    let from = s(&saved.join("layout.json"));
    let args = strings(&["generate", "--from", &from, "--lock", "0,-2 1,1", "--seed", "8"]);
    round_trip("locked", &args, &work);
    let command = json_command(&work.join("locked-a"));
    assert!(!command.contains("--from"), "{command}");
    assert!(command.contains("--lock \"0,-2="), "{command}");
    // A lock on a face-down hex: the players' pages must not print what it
    // hides, so the command names its place and reads it from the board's
    // own layout.json, which makes the same board from the board's folder.
    let fog = work.join("fog");
    hexpress(&strings(&[
        "generate",
        "fog-islands",
        "--seed",
        "3",
        "--layout-only",
        "-q",
        "--out",
        &s(&fog),
    ]));
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fog.join("layout.json")).unwrap()).unwrap();
    let hidden = v["hexes"].as_array().unwrap().iter().find(|h| h["face_down"] == true).unwrap();
    let place = format!("{},{}", hidden["q"], hidden["r"]);
    let fog_from = s(&fog.join("layout.json"));
    let a = work.join("fog-a");
    let out = hexpress(&strings(&[
        "generate",
        "--from",
        &fog_from,
        "--lock",
        &place,
        "--seed",
        "4",
        "--formats",
        "svg",
        "--out",
        &s(&a),
    ]));
    let command = json_command(&a);
    assert!(command.ends_with(&format!("--from layout.json --lock \"{place}\"")), "{command}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains(&format!("again: {command}")), "{stdout}");
    let map = svg_text(&a.join("map.svg"));
    assert!(map.contains(&format!("regenerate: {command}")), "{map}");
    let again = rerun_in(&command, &work.join("fog-b"), &a);
    assert!(
        again == std::fs::read(a.join("layout.json")).unwrap(),
        "`{command}` from the board's folder"
    );
    let _ = std::fs::remove_dir_all(&work);
}

#[test]
fn the_rules_command_and_the_balance_report_print_commands_that_work() {
    let work = temp_dir("reports");
    // `hexpress rules` pictures the board of its command.
    let rules = work.join("rules");
    hexpress(&strings(&[
        "rules",
        "base",
        "--rules",
        "strict",
        "--seed",
        "3",
        "-q",
        "--out",
        &s(&rules),
    ]));
    let handout =
        svg_text(&rules.join("rules-1.svg")) + " " + &svg_text(&rules.join("rules-2.svg"));
    let spoken = handout.split_whitespace().collect::<Vec<_>>().join(" ");
    // The handout names the board it pictures, rules preset and all.
    let command = "hexpress generate base --players 4 --seed 3 --rules strict";
    assert!(spoken.contains(command), "the handout's command: {spoken}");
    let plain = work.join("plain");
    hexpress(&strings(&[
        "generate",
        "base",
        "--rules",
        "strict",
        "--seed",
        "3",
        "--layout-only",
        "-q",
        "--out",
        &s(&plain),
    ]));
    assert!(
        rerun(command, &work.join("rules-b")) == std::fs::read(plain.join("layout.json")).unwrap()
    );

    // `hexpress balance` names the generate command of its chosen board.
    let out = hexpress(&strings(&[
        "balance",
        "base",
        "--rules",
        "strict",
        "--samples",
        "150",
        "--seed",
        "4",
        "--out",
        &s(&work.join("balance")),
    ]));
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let line = text.lines().find(|l| l.starts_with("chosen (score ")).expect("a chosen line");
    let score = &line["chosen (score ".len()..line.find(')').expect(")")];
    let command = line.split('`').nth(1).expect("a quoted command");
    assert!(command.contains("--rules strict"), "{command}");
    let again = work.join("balance-b");
    rerun(command, &again);
    assert_eq!(json_command(&again), command, "the layout.json names the same command");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(again.join("layout.json")).unwrap()).unwrap();
    let got = format!("{:.2}", v["balance"]["score"].as_f64().expect("a balance score"));
    assert_eq!(got, score, "the report's chosen board is the board of its command");
    let _ = std::fs::remove_dir_all(&work);
}

#[cfg(feature = "serve")]
#[test]
fn the_web_page_command_makes_the_layout_json_it_serves() {
    use hexpress::serve::{board, board_files, request, resolve};
    let work = temp_dir("page");
    let locks = "0,-2=mountains:6 1,1=desert";
    let cases: Vec<request::BoardRequest> = vec![
        request::BoardRequest {
            scenario: Some("base".into()),
            seed: Some("12".into()),
            ..Default::default()
        },
        request::BoardRequest {
            scenario: Some("gold-for-catan".into()),
            players: Some(3),
            rules: Some("strict".into()),
            seed: Some("2".into()),
            view: Some("setup".into()),
            paper: Some("letter".into()),
            ..Default::default()
        },
        request::BoardRequest {
            scenario: Some("base".into()),
            balanced: true,
            candidates: Some(200),
            seed: Some("6".into()),
            ..Default::default()
        },
        request::BoardRequest {
            scenario: Some("base".into()),
            locks: Some(locks.into()),
            seed: Some("6".into()),
            ..Default::default()
        },
    ];
    for (i, req) in cases.iter().enumerate() {
        let kept = hexpress::serve::kept::KeptBoards::default();
        let r = resolve::resolve(req, &kept).unwrap_or_else(|_| panic!("case {i} resolves"));
        let b = board::make(&r, &|_, _| {}).unwrap_or_else(|_| panic!("case {i} lays out"));
        let page = board::to_json(&r, &b).unwrap_or_else(|_| panic!("case {i} as json"));
        let command = page["command"].as_str().expect("a command").to_string();
        let files = board_files::files(&r, &b).unwrap_or_else(|_| panic!("case {i} draws"));
        let served = &files.iter().find(|(n, _)| n == "layout.json").expect("layout.json").1;
        let again = rerun(&command, &work.join(format!("case-{i}")));
        assert!(&again == served, "case {i}: `{command}` makes another layout.json");
        // The page's command is the board's, plus the drawing options of the page.
        let v: serde_json::Value = serde_json::from_slice(served).expect("json");
        let board = v["command"].as_str().expect("a command");
        let extra = command.strip_prefix(board).unwrap_or_else(|| panic!("{command} / {board}"));
        let extra = extra.replace(" --view setup", "").replace(" --paper letter", "");
        assert_eq!(extra, "", "case {i}: the page adds more than drawing options: {command}");
    }
    let _ = std::fs::remove_dir_all(&work);
}

/// The command a pack prints carries every option that changes the pages
/// (paper, view, hex size, palette, calibration): run as printed, it makes the same print
/// pack, byte for byte, not only the same board.
#[test]
fn the_printed_command_makes_the_same_pages() {
    let work = temp_dir("pages");
    let first = work.join("a");
    hexpress(&strings(&[
        "generate",
        "fog-islands",
        "--players",
        "3",
        "--seed",
        "7",
        "--paper",
        "letter",
        "--black-and-white",
        "--hex-size",
        "80",
        "--ruler",
        "99.5",
        "--back-offset",
        "-1.5,0.5",
        "--formats",
        "pdf",
        "-q",
        "--out",
        &s(&first),
    ]));
    let command = json_command(&first);
    let flags = [
        "--paper letter",
        "--black-and-white",
        "--hex-size 80",
        "--ruler 99.5",
        "--back-offset -1.5,0.5",
    ];
    for flag in flags {
        assert!(command.contains(flag), "`{flag}` missing from `{command}`");
    }
    let again = work.join("b");
    let mut args: Vec<String> = shell_words(&command)[1..].to_vec();
    args.extend(strings(&["--formats", "pdf", "-q", "--out"]));
    args.push(s(&again));
    hexpress(&args);
    for f in ["print-pack.pdf", "layout.json"] {
        let a = std::fs::read(first.join(f)).expect("first");
        let b = std::fs::read(again.join(f)).expect("again");
        assert!(a == b, "`{command}` makes another {f}");
    }
    let _ = std::fs::remove_dir_all(&work);
}
