//! The credential-free Spot files through the importer: the public Spot price feed (regional, written with its
//! zones not counted unless a per-zone figure as new stays) and the Spot Instance Advisor's bands.

use gpuplan::catalog::{Catalog, IsoDate, BUNDLED_JSON};
use gpuplan::import::{apply, apply_at, Input, Report};

const FEED: &str = include_str!("../fixtures/prices/spot.json");
const ADVISOR: &str = include_str!("../fixtures/prices/spot-advisor-data.json");
const HISTORY: &str = include_str!("../fixtures/spot-history.json");

fn day(s: &str) -> IsoDate {
    IsoDate::parse(s).unwrap_or_else(|| panic!("{s}"))
}

fn run(inputs: &[Input]) -> (Catalog, Report) {
    let (text, report) = apply(BUNDLED_JSON, inputs).unwrap_or_else(|e| panic!("{e}"));
    (Catalog::parse(&text).unwrap_or_else(|e| panic!("{e}")), report)
}

/// A feed in spot.json's format: (region, [(size, linux USD text)]).
fn feed(regions: &[(&str, &[(&str, &str)])]) -> String {
    let regions: Vec<String> = regions
        .iter()
        .map(|(region, sizes)| {
            let sizes: Vec<String> = sizes
                .iter()
                .map(|(size, usd)| {
                    format!(
                        r#"{{"size": "{size}", "valueColumns": [{{"name": "linux", "prices": {{"USD": "{usd}"}}}}]}}"#
                    )
                })
                .collect();
            format!(
                r#"{{"region": "{region}", "instanceTypes": [{{"type": "gpuCurrentGen", "sizes": [{}]}}]}}"#,
                sizes.join(", ")
            )
        })
        .collect();
    format!(
        r#"{{"vers": 0.01, "config": {{"rate": "perhr", "regions": [{}]}}}}"#,
        regions.join(", ")
    )
}

fn has(report: &Report, fragment: &str) -> bool {
    report.lines.iter().any(|l| l.contains(fragment))
}

#[test]
fn a_regional_price_is_written_with_its_zones_not_counted_and_dated_the_day_it_was_fetched() {
    let (c, report) = run(&[Input::SpotFeed("spot.json", FEED, day("2026-11-30"))]);
    let g7 = c.spot("g7.2xlarge", "us-east-1");
    let got = g7.map(|s| (s.median_usd_hr, s.min_usd_hr, s.max_usd_hr, s.n_az, s.n_az_at_od));
    assert_eq!(got, Some((0.91, None, None, 0, 0)));
    assert_eq!(
        g7.map(|s| (s.source.as_str(), s.as_of)),
        Some(("aws-spot-feed-2026-11-30", day("2026-11-30")))
    );
    assert!(
        has(
            &report,
            "Spot g7.2xlarge us-east-1: new regional 0.91 (zones not counted)"
        ),
        "{report:?}"
    );
    // A replaced figure keeps its Advisor band: g4dn.xlarge's "15-20" (spot-advisor-2025).
    let g4 = c
        .spot("g4dn.xlarge", "us-east-1")
        .and_then(|s| s.interruption_band.clone());
    assert_eq!(g4.as_deref(), Some("15-20"));
    // m5.12xlarge is not a catalog type; p5.48xlarge's N/A* leaves its per-zone figure as it was.
    assert!(c.spot("m5.12xlarge", "us-east-1").is_none());
    assert_eq!(c.spot("p5.48xlarge", "us-east-1").map(|s| s.n_az), Some(4));
    assert!(
        has(&report, "1 catalog type(s) listed without a Linux price"),
        "{report:?}"
    );
    assert_eq!(c.as_of, day("2026-11-30"));
}

#[test]
fn a_per_zone_figure_stays_while_recent_and_close_to_the_feed_and_gives_way_when_old_or_far() {
    // The history export (2026-11-22) gives p5.48xlarge us-east-1 a median of 20 over 3 zones; the feed's
    // regional 19 is 5 % from it.
    let p5 = feed(&[("us-east-1", &[("p5.48xlarge", "19.0000")])]);
    let zones = |fetched: &str, f: &str| {
        let (c, report) = run(&[
            Input::SpotHistory("history.json", HISTORY),
            Input::SpotFeed("spot.json", f, day(fetched)),
        ]);
        let got = c.spot("p5.48xlarge", "us-east-1").map(|s| (s.median_usd_hr, s.n_az));
        (
            got,
            c.spot("p5.48xlarge", "us-east-1")
                .and_then(|s| s.interruption_band.clone()),
            report,
        )
    };
    // Fetched the same day, or 90 days later (2026-11-22 + 90 = 2027-02-20): the zones stay.
    for fetched in ["2026-11-22", "2026-11-23", "2027-02-20"] {
        let (got, _, report) = zones(fetched, &p5);
        assert_eq!(got, Some((20.0, 3)), "{fetched}");
        let line = format!("kept 1 figure(s) newer than {fetched}, or per zone within 90 days and 25 % of the regional price: p5.48xlarge us-east-1");
        assert!(has(&report, &line), "{fetched}: {report:?}");
    }
    // 91 days later the feed's price replaces it (the Advisor band stays).
    let (got, band, report) = zones("2027-02-21", &p5);
    assert_eq!(got, Some((19.0, 0)));
    assert_eq!(band.as_deref(), Some("5-10"));
    let line = "Spot p5.48xlarge us-east-1: regional 19 replaces the median 20 over 3 zone(s) of 2026-11-22";
    assert!(has(&report, line), "{report:?}");
    // A day later but 30 % below (14 against 20): the market moved, the feed's price replaces it.
    let far = feed(&[("us-east-1", &[("p5.48xlarge", "14.0000")])]);
    let (got, _, _) = zones("2026-11-23", &far);
    assert_eq!(got, Some((14.0, 0)));
}

#[test]
fn feed_prices_at_on_demand_implausible_or_in_no_aws_region_are_left_out_by_name() {
    let text = feed(&[
        (
            "us-east-1",
            &[("g6.xlarge", "0.9"), ("p4d.24xlarge", "0.5"), ("g5.xlarge", "0.3")],
        ),
        ("zz-moon-1", &[("g5.xlarge", "0.2")]),
    ]);
    let (c, report) = run(&[Input::SpotFeed("spot.json", &text, day("2026-11-30"))]);
    assert!(has(
        &report,
        "Spot g6.xlarge us-east-1: regional 0.9 is not below On-Demand 0.8048; skipped"
    ));
    // $0.50 against p4d's $21.96 On-Demand: deeper than AWS's 90 % (a slip of units), refused by name.
    assert!(
        report
            .lines
            .iter()
            .any(|l| l.starts_with("refused: Spot p4d.24xlarge us-east-1 from spot.json")
                && l.contains("largest Spot discount (90 %)")),
        "{report:?}"
    );
    assert!(has(
        &report,
        "refused: Spot prices of 1 catalog type(s) in `zz-moon-1` from spot.json"
    ));
    assert_eq!(report.refused, 2);
    assert_eq!(
        c.spot("p4d.24xlarge", "us-east-1").map(|s| s.median_usd_hr),
        Some(9.89785)
    );
    assert_eq!(c.spot("g5.xlarge", "us-east-1").map(|s| s.median_usd_hr), Some(0.3));
    assert!(!c.instances.iter().any(|i| i.regions.iter().any(|r| r == "zz-moon-1")));
}

#[test]
fn the_legacy_jsonp_feed_imports_what_its_json_does() {
    let legacy = format!("callback({});\n", FEED.trim());
    let (a, _) = run(&[Input::SpotFeed("spot.json", FEED, day("2026-11-30"))]);
    let (b, _) = run(&[Input::SpotFeed("spot.js", &legacy, day("2026-11-30"))]);
    assert_eq!(a.spot, b.spot);
}

#[test]
fn the_advisor_bands_the_feeds_new_prices_whatever_the_order_and_keeps_a_newer_band() {
    let fetched = day("2026-11-30");
    let (c, report) = run(&[
        Input::SpotAdvisor("advisor.json", ADVISOR, fetched),
        Input::SpotFeed("spot.json", FEED, fetched),
    ]);
    let band = |c: &Catalog, i: &str| {
        c.spot(i, "us-east-1")
            .map(|s| (s.interruption_band.clone(), s.band_source.clone()))
    };
    let advisor = Some("aws-spot-advisor-2026-11-30".to_string());
    assert_eq!(band(&c, "g7.2xlarge"), Some((Some("15-20".into()), advisor.clone())));
    assert_eq!(band(&c, "p5en.48xlarge"), Some((Some("<5".into()), advisor)));
    assert!(
        has(&report, "Spot band p5.48xlarge us-east-1: 5-10 -> >20"),
        "{report:?}"
    );
    assert!(
        !has(&report, "Spot band g5.xlarge"),
        "an unchanged band is no move: {report:?}"
    );
    // An Advisor file fetched before the catalog's bands' sources (2025-06-28 and 2025-11-30) changes none.
    let (old, report) = run(&[Input::SpotAdvisor("advisor.json", ADVISOR, day("2025-01-01"))]);
    assert_eq!(old.spot, Catalog::bundled().spot);
    assert!(has(&report, "kept from a newer source"), "{report:?}");
}

#[test]
fn spot_files_fetched_after_today_or_in_the_wrong_format_are_refused_naming_them() {
    let today = Some(day("2026-12-02"));
    let late = apply_at(
        BUNDLED_JSON,
        &[Input::SpotFeed("spot.json", FEED, day("2026-12-03"))],
        today,
    );
    assert!(late.is_err_and(|e| e.file == "spot.json" && e.problem.contains("after today")));
    let ok = apply_at(
        BUNDLED_JSON,
        &[Input::SpotFeed("spot.json", FEED, day("2026-12-02"))],
        today,
    );
    assert!(ok.is_ok());
    let cases = [
        (Input::SpotFeed("a.json", HISTORY, day("2026-11-30")), "config.regions"),
        (Input::SpotAdvisor("b.json", FEED, day("2026-11-30")), "ranges"),
        (
            Input::SpotFeed("c.js", "callback({\"config\": {}}", day("2026-11-30")),
            "not closed",
        ),
    ];
    for (input, fragment) in cases {
        let name = input.name().to_string();
        let e = apply(BUNDLED_JSON, &[input])
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.starts_with(&name) && e.contains(fragment), "{name}: {e}");
    }
}
