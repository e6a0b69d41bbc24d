//! scripts/refresh-prices offline on the recorded files in tests/fixtures/prices: the catalog it writes
//! passes every rule, its report says what moved (Spot from the public feed and the Advisor's bands too),
//! and a refresh losing too many prices writes nothing.

use gpuplan::catalog::{Catalog, BUNDLED_JSON};
use gpuplan::catalog::{Payment, RateFilter, RiClass};
use std::path::PathBuf;

/// The rates a plan of the default payment and Reserved Instance class prices.
const PLAN: RateFilter = RateFilter {
    payment: Payment::No,
    ri_class: RiClass::Standard,
};
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
    // The Spot files were fetched on 2026-11-30 (spot-fetched.txt): the newest file moves the catalog's date.
    assert_eq!(c.as_of.to_string(), "2026-11-30");
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

#[test]
fn an_offline_refresh_takes_regional_spot_from_the_feed_and_bands_from_the_advisor() {
    let (ok, text, report, err) = refresh("spot", &[]);
    assert!(ok, "{err}");
    let c = Catalog::parse(&text).unwrap_or_else(|e| panic!("refreshed catalog refused: {e}"));
    let spot = |i: &str, r: &str| {
        c.spot(i, r).map(|s| {
            let band = s.interruption_band.clone().unwrap_or_default();
            (s.median_usd_hr, s.n_az, s.source.clone(), s.as_of.to_string(), band)
        })
    };
    let feed = || "aws-spot-feed-2026-11-30".to_string();
    let day = || "2026-11-30".to_string();
    // g7.2xlarge had no Spot price in us-east-1: the feed's $0.91 with zones not counted, the Advisor's
    // band (r 3 = "15-20%").
    assert_eq!(
        spot("g7.2xlarge", "us-east-1"),
        Some((0.91, 0, feed(), day(), "15-20".into()))
    );
    // g4dn.xlarge's median over 5 zones was of 2026-06-01, older than the feed: replaced, band refreshed.
    assert_eq!(
        spot("g4dn.xlarge", "us-east-1"),
        Some((0.16, 0, feed(), day(), "10-15".into()))
    );
    // p5.48xlarge is N/A* in the feed: its per-zone median stays, its band is the Advisor's (r 4).
    let p5 = spot("p5.48xlarge", "us-east-1");
    assert_eq!(p5.map(|s| (s.1, s.4)), Some((4, ">20".into())));
    // g6.xlarge's $0.8048 is On-Demand's: skipped, and the report says so.
    assert_eq!(spot("g6.xlarge", "us-east-1").map(|s| s.0), Some(0.3618));
    let band_source = c.spot("g7.2xlarge", "us-east-1").and_then(|s| s.band_source.clone());
    assert_eq!(band_source.as_deref(), Some("aws-spot-advisor-2026-11-30"));
    assert!(c
        .source("aws-spot-feed-2026-11-30")
        .is_some_and(|s| s.date.to_string() == day()));
    // The page judges a regional price's capacity as not counted, never as ample.
    let supply = gpuplan::engine::cost::spot_supply(c.spot("g7.2xlarge", "us-east-1"));
    assert_eq!(supply, gpuplan::engine::outcome::SpotSupply::Uncounted);
    for row in [
        "| Spot | g4dn.xlarge | us-east-1 |  | 0.215 | 0.16 | -25.6 % |",
        "| Spot | g7.2xlarge | us-east-1 |  | — | 0.91 | new |",
        "| Spot | g4dn.2xlarge | ap-northeast-2 |  | 0.299933 | 0.28 | -6.6 % |",
        "- Spot band p5.48xlarge us-east-1: 5-10 -> >20",
        "- Spot band g7.2xlarge us-east-1: none -> 15-20",
        "## Importer notes",
        "- Spot g6.xlarge us-east-1: regional 0.8048 is not below On-Demand 0.8048; skipped",
        "- Spot g4dn.xlarge us-east-1: regional 0.16 replaces the median 0.215 over 5 zone(s) of 2026-06-01",
    ] {
        assert!(report.contains(row), "{row}\n{report}");
    }
}

#[test]
fn spot_files_without_the_day_they_were_fetched_are_not_imported() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("refresh-undated");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    std::fs::copy("tests/fixtures/prices/spot.json", dir.join("spot.json")).unwrap_or_else(|e| panic!("{e}"));
    let catalog = dir.join("catalog.json");
    std::fs::write(&catalog, BUNDLED_JSON).unwrap_or_else(|e| panic!("{e}"));
    let out = Command::new("python3")
        .arg("scripts/refresh-prices")
        .arg("--offline")
        .arg(&dir)
        .args(["--importer", env!("CARGO_BIN_EXE_catalog-import")])
        .arg("--catalog")
        .arg(&catalog)
        .arg("--report")
        .arg(dir.join("report.md"))
        .output()
        .unwrap_or_else(|e| panic!("python3: {e}"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("no spot-fetched.txt"), "{err}");
    assert_eq!(std::fs::read_to_string(&catalog).unwrap_or_default(), BUNDLED_JSON);
}

/// Issue 25 item 5 after a refresh: p5.48xlarge's us-east-1 On-Demand moved 55.04 -> 50.00 (offer of
/// 2026-11-01), but the price history kept ending at 55.04, so a link made on the 2026-09-01 catalog was
/// told "None of the On-Demand prices it uses changed since". The refresh records the move in the history.
#[test]
fn a_refresh_records_moved_on_demand_prices_in_the_history() {
    let (ok, text, _, err) = refresh("history", &[]);
    assert!(ok, "{err}");
    let c = Catalog::parse(&text).unwrap_or_else(|e| panic!("refreshed catalog refused: {e}"));
    let since = gpuplan::catalog::IsoDate::parse("2026-09-01").unwrap_or(c.as_of);
    let od = |p: &gpuplan::catalog::PriceChange| p.option == gpuplan::catalog::Buy::OnDemand;
    let p5 = ["p5.48xlarge".to_string()];
    let changes = c.rates_since(since, "us-east-1", &p5, PLAN).0;
    let got: Vec<_> = changes
        .iter()
        .filter(|p| od(p))
        .map(|p| (p.before_usd_hr, p.now_usd_hr, p.date.to_string()))
        .collect();
    assert_eq!(got, vec![(55.04, 50.0, "2026-11-01".to_string())]);
    // The older cut stays: a 2025 link is told the whole move, 98.32 -> 50.00.
    let jan = gpuplan::catalog::IsoDate::parse("2025-01-01").unwrap_or(c.as_of);
    let all = c.rates_since(jan, "us-east-1", &p5, PLAN).0;
    assert_eq!(
        all.iter().find(|p| od(p)).map(|p| (p.before_usd_hr, p.now_usd_hr)),
        Some((98.32, 50.0))
    );
}

/// Issue 25 item 5, every option: a refresh records each moved rate's levels, not only On-Demand's, so an
/// older link is told its Spot and Reserved Instance rates moved too. In the recorded files g4dn.xlarge's
/// us-east-1 Spot goes from $0.215 (SkyPilot, 2026-06-01) to the feed's $0.16 (2026-11-30), and
/// p5.48xlarge's 3-year Standard all-upfront RI from $20.695053 (Vantage, 2025-11-30) to $20.00 (offer file
/// of 2026-11-01).
#[test]
fn a_refresh_records_every_option_that_moved() {
    use gpuplan::catalog::Buy;
    let (ok, text, _, err) = refresh("every-option", &[]);
    assert!(ok, "{err}");
    let c = Catalog::parse(&text).unwrap_or_else(|e| panic!("refreshed catalog refused: {e}"));
    let sep = gpuplan::catalog::IsoDate::parse("2026-09-01").unwrap_or(c.as_of);
    let told = |inst: &str, filter: RateFilter, option: Buy| {
        c.rates_since(sep, "us-east-1", &[inst.to_string()], filter)
            .0
            .into_iter()
            .find(|p| p.option == option)
            .map(|p| (p.before_usd_hr, p.now_usd_hr, p.date.to_string()))
    };
    assert_eq!(
        told("g4dn.xlarge", PLAN, Buy::Spot),
        Some((0.215, 0.16, "2026-11-30".to_string()))
    );
    let all_upfront = RateFilter {
        payment: Payment::All,
        ri_class: RiClass::Standard,
    };
    let ri = told("p5.48xlarge", all_upfront, Buy::Ri3);
    assert_eq!(ri, Some((20.695053, 20.0, "2026-11-01".to_string())));
    // The plan's own payment only: a no-upfront plan is not told the all-upfront rate's move.
    assert_eq!(told("p5.48xlarge", PLAN, Buy::Ri3), None);
    // And a link of the refresh's own day is told nothing moved.
    let none = c
        .rates_since(c.as_of, "us-east-1", &["g4dn.xlarge".to_string()], PLAN)
        .0;
    assert!(none.is_empty(), "{none:?}");
}
