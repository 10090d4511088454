//! Every integration test, compiled as one test binary.
//!
//! Each `tests/<name>.rs` is a module here instead of a test crate of its own:
//! 40 binaries that each link the whole library took most of `cargo test`'s
//! build time. `cargo test --release --test suite uniform::` runs one file's
//! tests. A new test file must be listed below; `registered::every_test_file_is_a_module`
//! fails when one is not, so no test is silently left out.

// Helpers shared by several test files.
mod common;
mod fairness;
mod partial;
mod sampling;
mod support;

mod architecture;
mod balance;
mod bar;
mod builder_sheet;
mod card_text;
mod chain_builtins;
mod cli;
mod colour_vision;
mod complete;
mod cut_lines;
mod diagnostics;
mod duplex;
mod exactness;
mod face_up_stack;
mod flow;
mod format;
mod game_sections;
mod golden;
mod large_maps;
mod legibility;
mod limits;
mod lock;
mod lock_rules;
mod matrix;
mod messages;
mod pack_questions;
mod partial_output;
mod pdf_info;
mod playable;
mod print_plan;
mod properties;
mod readable;
mod recipe;
mod region_rules;
mod render;
mod robustness;
mod rule_oracle;
mod rules;
mod sample_cli;
mod sat_search;
mod schema;
mod seats;
mod seed_facts;
mod serve;
mod serve_browser;
mod serve_browser_calibration;
mod serve_browser_edges;
mod serve_browser_paint;
mod serve_browser_phone;
mod serve_browser_secrets;
mod serve_load;
mod sheets;
mod shell_habits;
mod sides;
mod special_hexes;
mod stress;
mod table_alone;
mod template_inks;
mod thrift;
mod tight;
mod tiling;
mod uniform;
mod unsafe_writes;

mod registered {
    /// Every `tests/*.rs` file is a module of this suite (Cargo.toml turns
    /// off test auto-discovery, so a file not listed here would never run).
    #[test]
    fn every_test_file_is_a_module() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
        let suite = std::fs::read_to_string(dir.join("suite.rs")).expect("tests/suite.rs");
        let mut missing = Vec::new();
        for entry in std::fs::read_dir(&dir).expect("tests/") {
            let path = entry.expect("tests/ entry").path();
            let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            if path.extension().is_some_and(|e| e == "rs")
                && stem != "suite"
                && !suite.lines().any(|l| l == format!("mod {stem};"))
            {
                missing.push(stem.to_string());
            }
        }
        assert!(missing.is_empty(), "add `mod NAME;` to tests/suite.rs for: {missing:?}");
    }
}
