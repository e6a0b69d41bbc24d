//! The page's compiled-in catalog (build.rs's token stream, read by `catalog_static`): it equals the
//! validated catalog.json less the fields it leaves out, and no page or engine code reads those.

mod common;

use common::rust_files;
use gpuplan::catalog::{Catalog, BUNDLED_JSON};

fn catalog() -> Catalog {
    match Catalog::parse(BUNDLED_JSON) {
        Ok(c) => c,
        Err(e) => panic!("bundled catalog.json is invalid: {e}"),
    }
}

/// Fields the page's compiled-in copy leaves out (build.rs), to keep the wasm small: Spot min/max prices
/// and the interruption band's source (the page and engine use the median and the band only), the links'
/// basis texts and notes (the page cites the link's sources), and the notes of Capacity Block rates and
/// changes, of managed prices and the grid and PUE figures' basis texts (~4 K of prose; the page names their
/// sources), and the chips' `arch` texts (the engine asks their `generation`), vendors and the sources of
/// `llm_decode` and `trains` (the rules check them; no page text names them), and how each Savings Plan
/// assumption was derived (the Assumptions view cites its source note). The CLI reads catalog.json.
const LEFT_OUT_OF_THE_PAGE: [&str; 16] = [
    "min_usd_hr",
    "max_usd_hr",
    "band_source",
    "link_basis",
    "net_basis",
    "link_note",
    "rate_note",
    "change_note",
    "terms_note",
    "grid_basis",
    "pue_basis",
    "arch_name",
    "vendor",
    "llm_decode_source",
    "trains_source",
    "sp_basis",
];

/// The validated parse with the fields the page's copy leaves out emptied.
fn page_copy(mut c: Catalog) -> Catalog {
    for s in &mut c.spot {
        (s.min_usd_hr, s.max_usd_hr, s.band_source) = (None, None, None);
    }
    for l in &mut c.links {
        (l.link_basis, l.net_basis, l.link_note) = Default::default();
    }
    for r in &mut c.capacity_blocks.rates {
        r.rate_note.clear();
    }
    for ch in &mut c.capacity_blocks.changes {
        ch.change_note.clear();
    }
    for m in &mut c.managed {
        m.terms_note.clear();
    }
    for g in &mut c.grid_intensity {
        g.grid_basis.clear();
    }
    c.pue.pue_basis.clear();
    for s in &mut c.savings_plan_assumptions {
        s.sp_basis.clear();
    }
    for a in &mut c.accelerators {
        (a.arch_name, a.vendor, a.llm_decode_source, a.trains_source) = Default::default();
    }
    c
}

#[test]
fn the_pages_compiled_in_catalog_equals_the_validated_file() {
    // The page uses data build.rs compiles from catalog.json; it must be exactly the validated parse,
    // less the fields it leaves out.
    assert_eq!(gpuplan::catalog_static::catalog(), page_copy(catalog()));
}

/// Every .rs file under `dir`.
#[test]
fn no_page_or_engine_code_reads_a_field_the_page_copy_leaves_out() {
    let mut files = Vec::new();
    rust_files(std::path::Path::new("src"), &mut files);
    rust_files(std::path::Path::new("web/src"), &mut files);
    assert!(files.len() > 20);
    for path in files {
        let name = path.to_string_lossy().replace('\\', "/");
        // The catalog's own definition and rules, the page copy's reader and the CLI's importer may name them.
        if ["src/catalog.rs", "src/catalog_static.rs", "src/import.rs"]
            .iter()
            .any(|f| name.ends_with(f))
            || name.contains("src/catalog/")
            || name.contains("src/import/")
        {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        for field in LEFT_OUT_OF_THE_PAGE {
            assert!(
                !text.contains(field),
                "{name} reads {field}, which the page's catalog leaves out (build.rs)"
            );
        }
    }
}
