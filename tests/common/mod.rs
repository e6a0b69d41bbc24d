//! What several test binaries share: the bundled catalog, parsed once per binary, and the case count of
//! a hostile-input property (`scripts/fuzz` raises it).
#![allow(dead_code)] // each binary uses what it needs

use gpuplan::catalog::Catalog;
use std::sync::OnceLock;

/// The bundled catalog, parsed once.
pub fn catalog() -> &'static Catalog {
    static C: OnceLock<Catalog> = OnceLock::new();
    C.get_or_init(Catalog::bundled)
}

/// Cases for a hostile-input property: `GPUPLAN_FUZZ_CASES` (scripts/fuzz), else `default`.
pub fn fuzz_cases(default: u32) -> u32 {
    std::env::var("GPUPLAN_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
