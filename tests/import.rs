//! catalog-import on fixture files in the real AWS formats: what changes, what is refused, and that refusal changes nothing.

use gpuplan::catalog::IsoDate;
use gpuplan::catalog::{Catalog, Payment, RiClass, BUNDLED_JSON};
use gpuplan::import::{apply, apply_at, Input, Open};

const OFFER: &str = include_str!("fixtures/prices/offer-us-east-1.json");
const SPOT: &str = include_str!("fixtures/spot-history.json");
const SP: &str = include_str!("fixtures/prices/savings-plans-us-east-1.json");

#[path = "import/spot.rs"]
mod spot;

fn imported() -> Catalog {
    let (text, report) = match apply(
        BUNDLED_JSON,
        &[Input::Offer("offer.json", OFFER), Input::SpotHistory("spot.json", SPOT)],
    ) {
        Ok(x) => x,
        Err(e) => panic!("{e}"),
    };
    assert!(
        report
            .lines
            .iter()
            .any(|l| l.contains("p5.48xlarge us-east-1: 55.04 -> 50")),
        "{report:?}"
    );
    match Catalog::parse(&text) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn on_demand_comes_from_linux_shared_rows_only() {
    let c = imported();
    let p5 = c
        .on_demand("p5.48xlarge", "us-east-1")
        .map(|p| (p.usd_hr, p.source.clone(), p.as_of.to_string()));
    assert_eq!(
        p5,
        Some((50.0, "aws-price-list-us-east-1-2026-11-01".into(), "2026-11-01".into()))
    );
    assert!(c.source("aws-price-list-us-east-1-2026-11-01").is_some());
    // Unchanged price keeps its value; unknown instance types (m7i) are ignored.
    assert_eq!(c.on_demand("g6.xlarge", "us-east-1").map(|p| p.usd_hr), Some(0.8048));
    assert!(c.instance("m7i.large").is_none());
    assert_eq!(c.as_of.to_string(), "2026-11-22");
}

#[test]
fn reserved_rates_replace_earlier_ones_with_upfront_amortised() {
    let c = imported();
    let p5: Vec<_> = c.reserved.iter().filter(|r| r.instance == "p5.48xlarge").collect();
    assert_eq!(p5.len(), 2);
    let all = p5
        .iter()
        .find(|r| r.payment == Payment::All)
        .map(|r| (r.class, r.term_years, r.effective_usd_hr));
    // 525,600 upfront / (3 x 8,760 h) = 20.0 per hour.
    assert_eq!(all, Some((RiClass::Standard, 3, 20.0)));
    let partial = p5
        .iter()
        .find(|r| r.payment == Payment::Partial)
        .map(|r| r.effective_usd_hr);
    // 30 + 87,600 / 8,760 = 40.
    assert_eq!(partial, Some(40.0));
}

#[test]
fn spot_takes_the_latest_price_per_zone_and_the_median_over_zones() {
    let c = imported();
    let s = c
        .spot("p5.48xlarge", "us-east-1")
        .map(|s| (s.median_usd_hr, s.min_usd_hr, s.max_usd_hr, s.n_az));
    // Zones a (18, latest), b (20), c (22); the Local Zone and Windows rows are left out.
    assert_eq!(s, Some((20.0, Some(18.0), Some(22.0), 3)));
    assert_eq!(
        c.spot("p5.48xlarge", "us-east-1")
            .and_then(|s| s.interruption_band.clone()),
        Some("5-10".into())
    );
    assert_eq!(c.spot("g6.xlarge", "us-west-2").map(|s| s.median_usd_hr), Some(0.4));
}

#[test]
fn malformed_inputs_are_refused_naming_the_file() {
    let cases = [
        (Input::Offer("a.json", "{not json"), "not JSON"),
        (Input::Offer("b.json", r#"{"offerCode":"AmazonS3"}"#), "AmazonEC2"),
        (
            Input::Offer(
                "c.json",
                r#"{"offerCode":"AmazonEC2","publicationDate":"yesterday","products":{}}"#,
            ),
            "YYYY-MM-DD",
        ),
        (Input::SpotHistory("d.json", r#"{"Prices":[]}"#), "SpotPriceHistory"),
        (
            Input::SpotHistory(
                "e.json",
                r#"{"SpotPriceHistory":[{"AvailabilityZone":"us-east-1a","InstanceType":"p5.48xlarge","ProductDescription":"Linux/UNIX","SpotPrice":"cheap","Timestamp":"2026-11-01T00:00:00Z"}]}"#,
            ),
            "SpotPrice",
        ),
    ];
    for (input, fragment) in cases {
        let name = input.name().to_string();
        match apply(BUNDLED_JSON, &[input]) {
            Ok(_) => panic!("{name} was accepted"),
            Err(e) => {
                let msg = e.to_string();
                assert!(msg.starts_with(&name) && msg.contains(fragment), "{msg}");
            }
        }
    }
}

#[test]
fn the_command_leaves_the_catalog_untouched_on_bad_input() {
    let dir = std::env::temp_dir().join(format!("gpuplan-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let catalog = dir.join("catalog.json");
    let bad = dir.join("bad.json");
    std::fs::write(&catalog, BUNDLED_JSON).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(&bad, "{\"offerCode\": 3}").unwrap_or_else(|e| panic!("{e}"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_catalog-import"))
        .args([
            "--catalog",
            &catalog.to_string_lossy(),
            "--offer",
            &bad.to_string_lossy(),
        ])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.json"));
    assert_eq!(std::fs::read_to_string(&catalog).unwrap_or_default(), BUNDLED_JSON);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn savings_plans_files_give_published_rates_of_linux_shared_usage() {
    // tests/fixtures/prices/savings-plans-us-east-1.json (AWS Savings Plans offer file format): p5.48xlarge Compute SP
    // 1 year No Upfront 41.28 (Linux, shared); the Windows (RunInstances:0002), dedicated and m5 rates are not read.
    let (text, report) = match apply(BUNDLED_JSON, &[Input::SavingsPlans("sp.json", SP)]) {
        Ok(x) => x,
        Err(e) => panic!("{e}"),
    };
    let c = match Catalog::parse(&text) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    use gpuplan::catalog::SavingsPlan;
    let rate = |plan, term, pay| {
        c.sp_rate("p5.48xlarge", "us-east-1", plan, term, pay)
            .map(|r| r.effective_usd_hr)
    };
    assert_eq!(rate(SavingsPlan::Compute, 1, Payment::No), Some(41.28));
    assert_eq!(rate(SavingsPlan::Ec2instance, 3, Payment::All), Some(24.77));
    assert_eq!(rate(SavingsPlan::Compute, 1, Payment::All), None);
    assert_eq!(
        c.sp_rate("g5.xlarge", "us-east-1", SavingsPlan::Compute, 1, Payment::No)
            .map(|r| r.effective_usd_hr),
        Some(0.785)
    );
    assert_eq!(report.changed, 3, "{report:?}");
    assert!(
        report
            .lines
            .iter()
            .any(|l| l.contains("p5.48xlarge us-east-1 compute 1y no: new 41.28")),
        "{report:?}"
    );
    // The rates already imported stay; the catalog's date is the file's.
    assert!(c
        .sp_rate("p5en.48xlarge", "us-east-1", SavingsPlan::Ec2instance, 1, Payment::No)
        .is_some());
    assert_eq!(c.as_of.to_string(), "2026-11-01");
    // Not a Savings Plans file: refused, naming the file.
    let bad = apply(
        BUNDLED_JSON,
        &[Input::SavingsPlans(
            "x.json",
            r#"{"publicationDate":"2026-11-01T00:00:00Z"}"#,
        )],
    );
    assert!(bad.is_err_and(|e| e.to_string().starts_with("x.json") && e.to_string().contains("terms.savingsPlan")));
}

/// A folder of its own for one test, with the bundled catalog and the fixture offer file in it.
fn scratch(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gpuplan-import-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.join("catalog.json"), BUNDLED_JSON).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.join("offer.json"), OFFER).unwrap_or_else(|e| panic!("{e}"));
    dir
}

#[cfg(unix)]
#[test]
fn a_write_cut_short_by_a_file_size_limit_leaves_the_old_catalog_whole() {
    let dir = scratch("ulimit");
    // 100 blocks of 512 bytes: far less than the catalog, so the write of the new one fails midway.
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -f 100; exec \"$0\" --catalog \"$1/catalog.json\" --offer \"$1/offer.json\"")
        .arg(env!("CARGO_BIN_EXE_catalog-import"))
        .arg(&dir)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!out.status.success(), "{out:?}");
    assert_eq!(
        std::fs::read_to_string(dir.join("catalog.json")).unwrap_or_default(),
        BUNDLED_JSON
    );
    // Without the limit the same import succeeds, writes a catalog that parses, and leaves no temporary file.
    let ok = std::process::Command::new(env!("CARGO_BIN_EXE_catalog-import"))
        .arg("--catalog")
        .arg(dir.join("catalog.json"))
        .arg("--offer")
        .arg(dir.join("offer.json"))
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(ok.status.success(), "{ok:?}");
    let text = std::fs::read_to_string(dir.join("catalog.json")).unwrap_or_default();
    assert!(text != BUNDLED_JSON && Catalog::parse(&text).is_ok());
    let left: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert_eq!(left.len(), 2, "{left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_path_that_is_not_utf8_is_refused_with_a_message() {
    use std::os::unix::ffi::OsStrExt;
    let dir = scratch("utf8");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_catalog-import"))
        .arg("--catalog")
        .arg(dir.join("catalog.json"))
        .arg("--offer")
        .arg(std::ffi::OsStr::from_bytes(b"offer-\xff.json"))
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("argument 4 is not UTF-8"));
    assert_eq!(
        std::fs::read_to_string(dir.join("catalog.json")).unwrap_or_default(),
        BUNDLED_JSON
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_figure_the_page_build_cannot_carry_is_refused_naming_the_file_that_brought_it() {
    // The file's name becomes a source of the catalog: with U+001F (the page build's token separator) in it,
    // the build would fail; the import refuses, naming that file.
    let r = apply(
        BUNDLED_JSON,
        &[
            Input::Offer("offer.json", OFFER),
            Input::SpotHistory("spot\u{1f}.json", SPOT),
        ],
    );
    let msg = r.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(msg.starts_with("spot\u{1f}.json"), "{msg}");
    assert!(msg.contains("control character U+001F"), "{msg}");
    assert!(apply(
        BUNDLED_JSON,
        &[Input::Offer("offer.json", OFFER), Input::SpotHistory("spot.json", SPOT)]
    )
    .is_ok());
}

/// The offer fixture's three parts as separate JSON texts, so a test can lay them out in any order.
fn offer_parts() -> (String, String, String) {
    let v: serde_json::Value = match serde_json::from_str(OFFER) {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    };
    let part = |k: &str| v.get(k).map(|x| x.to_string()).unwrap_or_default();
    let header = format!(
        r#""offerCode":{},"publicationDate":{}"#,
        part("offerCode"),
        part("publicationDate")
    );
    (header, part("products"), part("terms"))
}

/// Opens the file at `path` from its start at each call, as the importer's binary does.
fn opener(path: &std::path::Path) -> Box<Open> {
    let path = path.to_path_buf();
    Box::new(move || std::fs::File::open(&path).map(|f| Box::new(f) as Box<dyn std::io::Read>))
}

#[test]
fn an_offer_file_read_from_disk_as_a_stream_imports_what_its_text_does() {
    let path = std::env::temp_dir().join(format!("gpuplan-offer-{}.json", std::process::id()));
    if let Err(e) = std::fs::write(&path, OFFER) {
        panic!("{e}");
    }
    let from_text = apply(BUNDLED_JSON, &[Input::Offer("offer.json", OFFER)]);
    let open = opener(&path);
    let from_file = apply(BUNDLED_JSON, &[Input::OfferReader("offer.json", &*open)]);
    let _ = std::fs::remove_file(&path);
    match (from_text, from_file) {
        (Ok(a), Ok(b)) => {
            assert!(a.1.changed > 0, "the fixture changes prices: {:?}", a.1);
            assert_eq!(a, b);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_offer_file_gives_the_same_rates_whatever_order_its_keys_come_in() {
    let (header, products, terms) = offer_parts();
    let reference = apply(BUNDLED_JSON, &[Input::Offer("offer.json", OFFER)]);
    let layouts = [
        format!(r#"{{{header},"products":{products},"terms":{terms}}}"#),
        format!(r#"{{"terms":{terms},"products":{products},{header}}}"#),
        format!(r#"{{"products":{products},"disclaimer":{{"a":[1,2,{{"b":null}}]}},"terms":{terms},{header}}}"#),
    ];
    for text in &layouts {
        assert_eq!(
            apply(BUNDLED_JSON, &[Input::Offer("offer.json", text)]),
            reference,
            "{text:.120}"
        );
    }
}

#[test]
fn an_offer_file_without_terms_or_with_trailing_text_is_refused_naming_it() {
    let (header, products, terms) = offer_parts();
    let cases = [
        (format!(r#"{{{header},"products":{products}}}"#), "no `terms` object"),
        (format!(r#"{{{header},"terms":{terms}}}"#), "no `products` object"),
        (
            format!(r#"{{{header},"products":{products},"terms":{terms}}} x"#),
            "not JSON",
        ),
        (format!(r#"{{{header},"products":"none","terms":{terms}}}"#), "not JSON"),
    ];
    for (text, fragment) in &cases {
        match apply(BUNDLED_JSON, &[Input::Offer("o.json", text)]) {
            Ok(_) => panic!("accepted: {text:.120}"),
            Err(e) => {
                assert_eq!(e.file, "o.json");
                assert!(e.problem.contains(fragment), "{fragment}: {e}");
            }
        }
    }
}

/// The fixture with one text replaced (the replaced text must be there).
fn offer_with(from: &str, to: &str) -> String {
    assert!(OFFER.contains(from), "the fixture has {from}");
    OFFER.replacen(from, to, 1)
}

fn p5_us_east_1(text: &str) -> Option<f64> {
    Catalog::parse(text)
        .ok()?
        .on_demand("p5.48xlarge", "us-east-1")
        .map(|p| p.usd_hr)
}

#[test]
fn an_implausible_price_is_refused_by_name_and_the_catalog_keeps_its_own() {
    let before = p5_us_east_1(BUNDLED_JSON);
    for huge in ["1000000000000", "1e308", "0.0500000000"] {
        let text = offer_with("\"50.0000000000\"", &format!("\"{huge}\""));
        let (out, report) = match apply(BUNDLED_JSON, &[Input::Offer("offer.json", &text)]) {
            Ok(x) => x,
            Err(e) => panic!("{huge}: {e}"),
        };
        assert_eq!(p5_us_east_1(&out), before, "{huge}");
        assert_eq!(report.refused, 1, "{report:?}");
        let line = report.lines.iter().find(|l| l.starts_with("refused:"));
        assert!(
            line.is_some_and(|l| l.contains("On-Demand p5.48xlarge us-east-1 from offer.json") && l.contains("outside")),
            "{huge}: {report:?}"
        );
    }
}

#[test]
fn a_region_code_aws_does_not_have_is_refused_and_never_becomes_a_catalog_region() {
    let text = offer_with(
        "\"regionCode\": \"us-east-1\", \"instanceType\": \"p5.48xlarge\"",
        "\"regionCode\": \"us-east-9\", \"instanceType\": \"p5.48xlarge\"",
    );
    let (out, report) = match apply(BUNDLED_JSON, &[Input::Offer("offer.json", &text)]) {
        Ok(x) => x,
        Err(e) => panic!("{e}"),
    };
    assert!(report.refused >= 1, "{report:?}");
    assert!(
        report
            .lines
            .iter()
            .any(|l| l.contains("`us-east-9` is not an AWS region code")),
        "{report:?}"
    );
    assert!(!out.contains("us-east-9"));
}

#[test]
fn a_reserved_rate_dearer_than_on_demand_is_refused() {
    // 3-year All Upfront of 52,560,000 USD = $2,000/h effective against $50/h On-Demand.
    let text = offer_with("\"525600\"", "\"52560000\"");
    let report = match apply(BUNDLED_JSON, &[Input::Offer("offer.json", &text)]) {
        Ok((_, r)) => r,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(report.refused, 1, "{report:?}");
    assert!(report.lines.iter().any(
        |l| l.contains("Reserved p5.48xlarge us-east-1 3-year all upfront") && l.contains("dearer than On-Demand")
    ));
}

#[test]
fn a_file_dated_after_today_is_refused_naming_it() {
    let text = offer_with("\"2026-11-01T00:00:00Z\"", "\"9999-12-31T00:00:00Z\"");
    let today = IsoDate::parse("2026-12-02");
    match apply_at(BUNDLED_JSON, &[Input::Offer("future.json", &text)], today) {
        Ok(_) => panic!("a file of 9999 was accepted"),
        Err(e) => {
            assert_eq!(e.file, "future.json");
            assert!(
                e.problem.contains("9999-12-31") && e.problem.contains("after today"),
                "{e}"
            );
        }
    }
    // The fixture's own date (2026-11-01) is before today: accepted.
    assert!(apply_at(BUNDLED_JSON, &[Input::Offer("offer.json", OFFER)], today).is_ok());
}

#[test]
fn a_savings_plans_file_read_from_disk_as_a_stream_imports_what_its_text_does() {
    let path = std::env::temp_dir().join(format!("gpuplan-sp-{}.json", std::process::id()));
    if let Err(e) = std::fs::write(&path, SP) {
        panic!("{e}");
    }
    let from_text = apply(BUNDLED_JSON, &[Input::SavingsPlans("sp.json", SP)]);
    let open = opener(&path);
    let from_file = apply(BUNDLED_JSON, &[Input::SavingsPlansReader("sp.json", &*open)]);
    let _ = std::fs::remove_file(&path);
    match (from_text, from_file) {
        (Ok(a), Ok(b)) => {
            assert!(a.1.changed > 0, "the fixture changes rates: {:?}", a.1);
            assert_eq!(a, b);
        }
        other => panic!("{other:?}"),
    }
}
