//! Running the `hexpress` binary from the robustness tests.
#![allow(dead_code)]

pub mod pdf_labels;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The crate folder (tests run the binary from here, so paths are relative).
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The binary, ready to run from the crate folder, colour off and NO_COLOR unset.
pub fn cmd(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_hexpress"));
    c.args(args).current_dir(root()).env_remove("NO_COLOR");
    c
}

/// Runs the binary to the end.
pub fn run(args: &[&str]) -> Output {
    cmd(args).output().expect("the binary runs")
}

/// Runs the binary with `input` on standard input.
pub fn run_with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = cmd(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns");
    child.stdin.take().expect("stdin").write_all(input).expect("writes stdin");
    child.wait_with_output().expect("ends")
}

/// Runs the binary under a 512 MB address-space limit (`ulimit -v`), so a
/// run that needs more fails to allocate and aborts: memory bounds are
/// asserted through the exit status, not measured.
pub fn run_within_512_mb(args: &[&str]) -> Output {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg("ulimit -v 524288 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_hexpress"))
        .args(args)
        .current_dir(root())
        .env_remove("NO_COLOR");
    c.output().expect("sh runs")
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A fresh, empty folder unique to this test (removed when dropped).
pub fn scratch(test: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(&format!("hexpress-{test}-")).tempdir().expect("temp dir")
}

/// A path as a `&str` argument.
pub fn arg(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// Names in a folder, sorted (empty when it does not exist).
pub fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = match std::fs::read_dir(dir) {
        Ok(rd) => {
            rd.map(|e| e.expect("entry").file_name().to_string_lossy().into_owned()).collect()
        }
        Err(_) => Vec::new(),
    };
    v.sort();
    v
}

/// A fixture of the hardening tests.
pub fn fixture(name: &str) -> PathBuf {
    PathBuf::from("tests/data/hardening").join(name)
}

/// Asserts the run ended by itself with exit code `code` (not a signal,
/// not a panic) and returns its standard error.
pub fn expect_exit(o: &Output, code: i32, what: &str) -> String {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(code), "{what}: status {:?}\n{err}", o.status);
    assert!(!err.contains("panicked"), "{what}: panicked\n{err}");
    err
}
