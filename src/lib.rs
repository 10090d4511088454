//! hexpress: turns a Catan fan-scenario file into a printable, fair map.
//!
//! The pipeline, one stage per module, each taking the previous stage's type
//! (imports point downstream only; see `docs/architecture.md`):
//!
//! ```text
//! scenario::parse ─► model::load ─► solve::solve ─► compose::job ─► export::encode
//!  (RawScenario)      (Scenario)      (Layout)       (PrintJob of     (file bytes)
//!                                                     scene Pages)
//! ```
//!
//! [`settings::Settings`] (choices + template files, built once by the CLI)
//! is passed to compose and export; [`outputs::all`] runs compose and export
//! in memory. `balance` scores layouts and searches for fair ones; `cli` is
//! the thin command-line edge (the binary's `main` only parses arguments and
//! calls it); `serve` (cargo feature `serve`, on by default) is the local web
//! page, a second edge over the same library calls. The two edges import the
//! library, never each other's internals: what both need ([`locks`],
//! [`outputs::board_files`] with `layout.json`, [`solve::error_diagnostics`],
//! [`recipe`]) sits below them (`tests/architecture.rs` checks it). They
//! reach the library only through [`front`], which lists every item they
//! use, and the bottom layer.
//!
//! ```
//! let source = hexpress::builtin::source("base").unwrap();
//! let scenario = hexpress::model::load(&source).unwrap();
//! let layout = hexpress::solve::solve(&scenario, 4, 42, &Default::default()).unwrap();
//! assert_eq!(layout.hexes.len(), 37);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod axial;
pub mod balance;
pub mod builtin;
pub mod cli;
pub mod compose;
pub mod diag;
pub mod export;
pub mod fonts;
pub(crate) mod front;
pub mod limits;
pub mod locks;
pub mod model;
pub mod outputs;
pub(crate) mod position;
pub mod recipe;
pub(crate) mod rng;
pub mod scenario;
pub mod scene;
pub mod schema;
#[cfg(feature = "serve")]
pub mod serve;
pub mod settings;
pub mod solve;
pub mod theme;
pub mod toml_file;
pub mod units;
pub mod vocab;
