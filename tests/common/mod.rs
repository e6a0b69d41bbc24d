//! What several test binaries share: the bundled catalog, parsed once per binary, a link parsed without
//! a warning, its top fitting recommendation, the case count of a hostile-input property
//! (`scripts/fuzz` raises it), and the `.rs` files under a folder (for the tests that read the code).
#![allow(dead_code)] // each binary uses what it needs

use gpuplan::catalog::Catalog;
use gpuplan::engine::{recommend, Outcome, Recommendation};
use gpuplan::query;
use gpuplan::scenario::Scenario;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The bundled catalog, parsed once.
pub fn catalog() -> &'static Catalog {
    static C: OnceLock<Catalog> = OnceLock::new();
    C.get_or_init(Catalog::bundled)
}

/// The scenario of a link; fails on any query warning (a test's link means what it says).
pub fn scenario(q: &str) -> Scenario {
    let (s, warnings) = query::parse(q, catalog());
    assert!(warnings.is_empty(), "{q}: {warnings:?}");
    s
}

/// The scenario of a link and the engine's outcome for it; fails on any query warning.
pub fn run(q: &str) -> (Scenario, Outcome) {
    let s = scenario(q);
    let o = recommend(catalog(), &s);
    (s, o)
}

/// The first recommendation that fits; fails, naming the scenario, when none does.
pub fn top_fit(s: &Scenario) -> Recommendation {
    match recommend(catalog(), s).recommendations.into_iter().find(|r| r.fits) {
        Some(r) => r,
        None => panic!("nothing fits {s:?}"),
    }
}

/// Cases for a hostile-input property: `GPUPLAN_FUZZ_CASES` (scripts/fuzz), else `default`.
pub fn fuzz_cases(default: u32) -> u32 {
    std::env::var("GPUPLAN_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Every `.rs` file under `dir`, at any depth, appended to `out` in the order the file system lists them; a
/// folder that cannot be read adds nothing.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}
