//! The library's face for the two front ends, `cli` (the command line) and
//! `serve` (the local web page).
//!
//! A front end reads arguments or requests, calls the library, and words
//! the answers for its own users. It may reach the library only through
//! this module, plus the bottom layer every module may use (`position`,
//! `limits`, `axial`, `units`, `vocab`, `rng`, `fonts`, `diag`, `scene`,
//! `toml_file`; see `docs/architecture.md`); `tests/architecture.rs`
//! checks both. So this file lists, in one place, everything a front end
//! depends on: what is not here can change inside the library without
//! touching either front end, and a front end that needs something new
//! adds it here first, where the reviewer sees the face grow.
//!
//! The groups are named after the library module that owns each item, in
//! pipeline order, so `front::solve::Layout` is `solve::Layout`. Where a
//! front end calls an item through a submodule's name (`report::run`),
//! the group keeps a small submodule listing only those items.

/// The built-in scenarios: their ids and their source text.
pub(crate) mod builtin {
    pub(crate) use crate::builtin::{ids, source, DEFAULT};
}

/// The scenario file as written, for the painter, which edits the text
/// and reads its grid back (the checked [`model`](super::model) is for
/// everything else).
pub(crate) mod scenario {
    pub(crate) use crate::scenario::parse;

    /// Reading the hex grid of a scenario file.
    pub(crate) mod grid {
        pub(crate) use crate::scenario::grid::mode;
        pub(crate) use crate::scenario::grid::read_grid;
    }

    /// The raw (unchecked) scenario file, each value with its span.
    pub(crate) mod raw {
        pub(crate) use crate::scenario::raw::{
            RawGrid, RawLegendEntry, RawMap, RawRegion, RawRuleValue, RawScenario, Sp,
        };
    }
}

/// The checked scenario: loading it, its map, its placement rules and
/// their plain words.
pub(crate) mod model {
    pub(crate) use crate::model::{
        given_sides, load, load_with_warnings, parse_place, CellContent, ConstraintId, Constraints,
        MapDef, RuleOrigin, RulePreset, RuleValue, Scenario, Setting, Surface, RULES,
    };

    /// The placement rules in plain words.
    pub(crate) mod rules {
        pub(crate) use crate::model::rules::plain;
    }

    /// The kinds of the sides given in a scenario file.
    pub(crate) mod sides {
        pub(crate) use crate::model::sides::kinds;
    }
}

/// Solving: a layout for a scenario, checked against its rules and the
/// player's locks, and the errors when there is none.
pub(crate) mod solve {
    pub(crate) use crate::solve::{
        check_board, check_file, check_locks, error_diagnostics, map_for, solve, solve_locked,
        BrokenBoard, Checked, ClashHex, Guard, Layout, Lock, LockClash, LockError, Scratch,
        SolveError, SolveOptions, Solver, Stop,
    };
}

/// Fairness: measuring layouts, the bar a fair board must pass, searching
/// for the fairest board, and the sampling report.
pub(crate) mod balance {
    pub(crate) use crate::balance::{
        balanced_with, draw_from_bar, odds_sentence, seen_measures, summary_lines, BarBuffers,
        BarDraw, BarError, BarOptions, BarSampler, Budget, Config, Evaluator, Measures, Objective,
        Outcome, Pilot, Policy, Progress, Report, SearchOptions, Weights,
    };

    /// The bar's numbers as printed.
    pub(crate) mod bar {
        pub(crate) use crate::balance::bar::trim;
    }

    /// Measures and their JSON lines.
    pub(crate) mod json {
        pub(crate) use crate::balance::json::{
            bar_object, measures_object, r3, seats_out, BarOut, SeatOut,
        };
    }

    /// The reusable scratch space of the measures.
    pub(crate) mod measures {
        pub(crate) use crate::balance::measures::Scratch;
    }

    /// The sampling report of `hexpress balance`.
    pub(crate) mod report {
        pub(crate) use crate::balance::report::{run, run_with, Report};
    }

    /// The objective's weights.
    pub(crate) mod score {
        pub(crate) use crate::balance::score::SEATS_OBJECTIVE_WEIGHT;
    }

    /// The fairest-board search.
    pub(crate) mod search {
        pub(crate) use crate::balance::search::DEFAULT_CANDIDATES;
    }

    /// Seat measures.
    pub(crate) mod seats {
        pub(crate) use crate::balance::seats::TIE_DRAWS;
    }

    /// The report's chart.
    pub(crate) mod svg {
        pub(crate) use crate::balance::svg::render;
    }
}

/// A recipe: everything that makes one board (scenario, players, seed,
/// balance), as written into `layout.json` and share links.
pub(crate) mod recipe {
    pub(crate) use crate::recipe::{Balanced, Recipe};
}

/// The colours and inks of the built-in theme.
pub(crate) mod theme {
    pub(crate) use crate::theme::{tint, Theme};
}

/// The reader's choices (paper, view, formats, ...) and the settings built
/// from them and the templates.
pub(crate) mod settings {
    pub(crate) use crate::settings::{Choices, Formats, Paper, Settings, View, DEFAULT_DPI};

    /// Parsers of the choices given as text.
    pub(crate) mod choices {
        pub(crate) use crate::settings::choices::{parse_back_offset, parse_ruler};
    }

    /// Printing on both sides of the sheet.
    pub(crate) mod sheets {
        pub(crate) use crate::settings::sheets::Duplex;
    }
}

/// The composed pages, for the page's preview and its print advice.
pub(crate) mod compose {
    /// The map picture.
    pub(crate) mod map {
        pub(crate) use crate::compose::map::{canvas, Notes};
    }

    /// The pieces to cut, for the page's "has components" check.
    pub(crate) mod pack {
        pub(crate) use crate::compose::pack::pack_pieces;
    }

    /// The typed print plan.
    pub(crate) mod plan {
        pub(crate) use crate::compose::plan::{paper_name, PrintPlan, Sides};

        /// Page ranges in words.
        pub(crate) mod pages {
            pub(crate) use crate::compose::plan::pages::pages;
        }
    }
}

/// The encoders' output: files, the text picture, JSON lines and SVG.
pub(crate) mod export {
    pub(crate) use crate::export::OutFile;

    /// Writing output folders whole or not at all.
    pub(crate) mod files {
        pub(crate) use crate::export::files::{run_dir, stage, write_all, write_atomic};
    }

    /// The JSON lines of `hexpress sample`.
    pub(crate) mod json {
        pub(crate) use crate::export::json::{write_line_cached, Command, HexCache};
    }

    /// A page as SVG.
    pub(crate) mod svg {
        pub(crate) use crate::export::svg::page_to_svg;
    }

    /// The board as text for a terminal.
    pub(crate) mod text {
        pub(crate) use crate::export::text::picture;
    }
}

/// The JSON schemas of the scenario file and of `layout.json`.
pub(crate) mod schema {
    pub(crate) use crate::schema::{layout_schema, scenario_schema};
}

/// The player's locks and saved layouts, shared by both front ends.
pub(crate) mod locks {
    pub(crate) use crate::locks::{
        format_list, hint, parse_list, read_layout, resolve, LockItem, LockSpecError, SavedLayout,
    };
}

/// The board's files in memory (`layout.json`, the print pack, the rules
/// handout) and the wording both front ends share.
pub(crate) mod outputs {
    pub(crate) use crate::outputs::{
        bar_lines, bar_method_line, board_files, board_pack, chain_file_problem, chain_is_input,
        notes, rules, Balance, BoardPack,
    };
}
