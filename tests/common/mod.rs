//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod http;
pub mod webdriver;

use std::path::{Path, PathBuf};

use hexpress::model::{load, Scenario};

/// A built-in scenario, validated.
pub fn builtin(id: &str) -> Scenario {
    let src = hexpress::builtin::source(id).expect("built-in scenario exists");
    load(&src).unwrap_or_else(|d| panic!("{}", hexpress::diag::render(&src, &d)))
}

/// Compares `actual` with the reference file at `path` (relative to the
/// crate). With `HEXPRESS_BLESS=1` the reference is (re)written and the test
/// passes; otherwise a missing or different reference fails the test.
pub fn check_golden(path: &str, actual: &str) {
    let full: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let bless = std::env::var_os("HEXPRESS_BLESS").is_some_and(|v| v == "1");
    match std::fs::read_to_string(&full) {
        Ok(expected) if expected == actual => {}
        _ if bless => {
            std::fs::create_dir_all(full.parent().expect("has parent")).expect("mkdir");
            std::fs::write(&full, actual).expect("write reference");
        }
        Ok(expected) => {
            let line = expected
                .lines()
                .zip(actual.lines())
                .position(|(a, b)| a != b)
                .map_or(expected.lines().count().min(actual.lines().count()) + 1, |i| i + 1);
            panic!(
                "{path} differs from the output (first difference at line {line}); \
                 rerun with HEXPRESS_BLESS=1 if the change is intended"
            );
        }
        Err(_) => panic!("reference {path} is missing; run with HEXPRESS_BLESS=1 to create it"),
    }
}
