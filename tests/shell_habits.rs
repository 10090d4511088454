//! Fault class: shell habits. Pipes that close early, a full disk on
//! standard output, `-` for standard input, `--out -`, completions, a man
//! page, and `-q`, `-v` and `--color` on every command.

use crate::support;

use std::io::{BufRead, BufReader};
use std::process::Stdio;

use support::*;

#[test]
fn a_pipe_closed_early_ends_quietly() {
    let t = scratch("pipe");
    // `hexpress list | head -1`, and generate, which prints a long picture.
    for args in
        [vec!["list"], vec!["generate", "--seed", "1", "--layout-only", "--out", arg(t.path())]]
    {
        let mut child =
            cmd(&args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("spawns");
        let mut first = String::new();
        BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut first).expect("line");
        assert!(!first.is_empty());
        // The reader is gone: the rest of the output meets a closed pipe.
        let o = child.wait_with_output().expect("ends");
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {:?} {err}", o.status);
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_standard_output_is_a_clear_error() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let o = cmd(&["list"]).stdout(full).output().expect("runs");
    let err = expect_exit(&o, 4, "> /dev/full");
    assert_eq!(
        err.trim(),
        "error: cannot write to standard output: No space left on device (os error 28)"
    );
}

#[test]
fn a_scenario_can_come_from_standard_input() {
    let text = std::fs::read(root().join("scenarios/base.toml")).expect("base");
    let o = run_with_stdin(&["validate", "-"], &text);
    expect_exit(&o, 0, "validate -");
    assert!(stdout(&o).contains("ok: <stdin> (`base`"), "{}", stdout(&o));
    let t = scratch("stdin");
    let o = run_with_stdin(
        &["generate", "-", "--seed", "4", "--layout-only", "-q", "--out", arg(t.path())],
        &text,
    );
    expect_exit(&o, 0, "generate -");
    assert_eq!(names(t.path()), [hexpress::export::files::MANIFEST_NAME, "layout.json"]);
    let o = run_with_stdin(&["validate", "-"], b"[scenario\n");
    let err = expect_exit(&o, 1, "broken stdin");
    assert!(err.contains("<stdin>:1:"), "{err}");
}

#[test]
fn out_dash_is_refused_and_makes_no_folder() {
    let t = scratch("dash");
    let o = cmd(&["generate", "--seed", "1", "--out", "-"])
        .current_dir(t.path())
        .output()
        .expect("runs");
    let err = expect_exit(&o, 2, "--out -");
    assert!(err.contains("standard output") && err.contains("give a folder"), "{err}");
    assert!(names(t.path()).is_empty(), "{:?}", names(t.path()));
}

#[test]
fn completions_for_every_shell_and_a_man_page() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let o = run(&["completions", shell]);
        expect_exit(&o, 0, shell);
        let out = stdout(&o);
        assert!(
            out.contains("hexpress") && out.contains("generate") && out.contains("seed"),
            "{shell}"
        );
    }
    let o = run(&["man"]);
    expect_exit(&o, 0, "man");
    let man = stdout(&o);
    assert!(man.contains(".TH hexpress 1"), "{man}");
    for word in ["generate", "validate", "completions", "\\-\\-quiet"] {
        assert!(man.contains(word), "man page lacks {word}");
    }
}

#[test]
fn quiet_works_on_every_command_before_or_after_it() {
    let t = scratch("quiet");
    let out = arg(t.path());
    let cases: Vec<Vec<&str>> = vec![
        vec!["-q", "generate", "--seed", "1", "--formats", "svg", "--out", out],
        vec!["generate", "--seed", "1", "--layout-only", "--out", out, "--quiet"],
        vec!["rules", "base", "--seed", "1", "--out", out, "-q"],
        vec!["balance", "base", "--samples", "50", "--seed", "1", "--out", out, "-q"],
        vec!["validate", "base", "-q"],
    ];
    for args in cases {
        let o = run(&args);
        expect_exit(&o, 0, &args.join(" "));
        assert_eq!(stdout(&o), "", "{args:?}");
        assert_eq!(stderr(&o), "", "{args:?}");
    }
    // Errors still show.
    let o = run(&["-q", "validate", "tests/invalid/chip-count.toml"]);
    assert!(expect_exit(&o, 1, "quiet error").contains("error:"));
}

#[test]
fn verbose_tells_stage_times_and_file_sizes() {
    let t = scratch("verbose");
    let o = run(&["generate", "-v", "--seed", "1", "--formats", "svg", "--out", arg(t.path())]);
    let err = expect_exit(&o, 0, "-v");
    assert!(err.contains("laid out the map in") && err.contains("drew"), "{err}");
    let size = std::fs::metadata(t.path().join("layout.json")).expect("written").len();
    assert!(stdout(&o).contains(&format!("layout.json ({size} bytes)")), "{}", stdout(&o));
}

#[test]
fn colour_follows_the_flag_and_no_color() {
    let bad = "tests/invalid/chip-count.toml";
    let esc = |o: &std::process::Output| stderr(o).contains('\u{1b}');
    assert!(esc(&run(&["--color", "always", "validate", bad])));
    assert!(!esc(&run(&["--color", "never", "validate", bad])));
    // Not a terminal here: `auto` stays plain.
    assert!(!esc(&run(&["validate", bad])));
    // An explicit `always` wins over NO_COLOR.
    let o = cmd(&["validate", bad, "--color=always"]).env("NO_COLOR", "1").output().expect("runs");
    assert!(esc(&o));
}
