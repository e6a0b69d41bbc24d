//! scripts/refresh-prices offline on the recorded files in tests/fixtures/prices: the catalog it writes
//! passes every rule, its report says what moved, and a refresh losing too many prices writes nothing.

use gpuplan::catalog::{Catalog, BUNDLED_JSON};
use std::path::PathBuf;
use std::process::Command;

/// Runs the script on a fresh copy of the bundled catalog in its own folder; returns (exit ok, catalog
/// text after, report text, stderr).
fn refresh(tag: &str, extra: &[&str]) -> (bool, String, String, String) {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("refresh-{tag}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let (catalog, report) = (dir.join("catalog.json"), dir.join("report.md"));
    std::fs::write(&catalog, BUNDLED_JSON).unwrap_or_else(|e| panic!("{e}"));
    let out = Command::new("python3")
        .arg("scripts/refresh-prices")
        .args([
            "--offline",
            "tests/fixtures/prices",
            "--importer",
            env!("CARGO_BIN_EXE_catalog-import"),
        ])
        .arg("--catalog")
        .arg(&catalog)
        .arg("--report")
        .arg(&report)
        .args(extra)
        .output()
        .unwrap_or_else(|e| panic!("python3: {e}"));
    let read = |p: &PathBuf| std::fs::read_to_string(p).unwrap_or_default();
    (
        out.status.success(),
        read(&catalog),
        read(&report),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn an_offline_refresh_writes_a_valid_catalog_and_reports_what_moved() {
    let (ok, text, report, err) = refresh("ok", &["--max-loss", "0.05"]);
    assert!(ok, "{err}");
    let c = Catalog::parse(&text).unwrap_or_else(|e| panic!("refreshed catalog refused: {e}"));
    // offer-us-east-1.json (published 2026-11-01): p5.48xlarge On-Demand 50.00, down from 55.04 (-9.2 %).
    assert_eq!(c.on_demand("p5.48xlarge", "us-east-1").map(|p| p.usd_hr), Some(50.0));
    assert_eq!(c.as_of.to_string(), "2026-11-01");
    assert!(
        report.contains("| On-Demand | p5.48xlarge | us-east-1 |  | 55.04 | 50.0 | -9.2 % |"),
        "{report}"
    );
    assert!(
        report.contains("| Savings Plan | p5.48xlarge | us-east-1 | compute 1 no | — | 41.28 | new |"),
        "{report}"
    );
    assert!(report.contains("lost: Reserved p5.48xlarge"), "{report}");
}

#[test]
fn a_refresh_losing_more_than_the_set_share_writes_nothing() {
    // The offer file's two p5.48xlarge RI rates replace the catalog's nine: 7 of 1,214 prices lost.
    let (ok, text, report, err) = refresh("loss", &["--max-loss", "0"]);
    assert!(!ok);
    assert!(err.contains("refused") && err.contains("left untouched"), "{err}");
    assert_eq!(text, BUNDLED_JSON);
    assert!(report.contains("7 lost"), "{report}");
}
