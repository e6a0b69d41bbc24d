//! Cross-check against the source articles: every price they quote either matches the catalog or carries a note saying why not.

use gpuplan::catalog::{Catalog, Payment, RiClass};

fn catalog() -> Catalog {
    Catalog::bundled()
}

/// The catalog's figure for a quote's kind, where it has one.
fn catalog_figure(c: &Catalog, instance: &str, kind: &str) -> Option<f64> {
    let inst = c.instance(instance)?;
    let per_accel = f64::from(inst.count()?) * inst.fraction;
    let od = c.on_demand(instance, "us-east-1").map(|p| p.usd_hr);
    let cb = c
        .capacity_blocks
        .rates
        .iter()
        .filter(|r| r.instance == instance)
        .max_by_key(|r| r.as_of)
        .map(|r| r.usd_hr);
    match kind {
        "od" => od,
        "od_monthly" => od.map(|p| p * 730.0),
        "od_per_accel" => od.map(|p| p / per_accel),
        "spot" => c.spot(instance, "us-east-1").map(|s| s.median_usd_hr),
        "spot_per_accel" => c.spot(instance, "us-east-1").map(|s| s.median_usd_hr / per_accel),
        "cb_per_accel" => cb.map(|p| p / per_accel),
        "cb_monthly" => cb.map(|p| p * 730.0),
        ri if ri.starts_with("ri-") => {
            let parts: Vec<&str> = ri.split('-').collect();
            let class = if parts.get(1) == Some(&"standard") {
                RiClass::Standard
            } else {
                RiClass::Convertible
            };
            let term: u32 = parts.get(2)?.parse().ok()?;
            let pay = match *parts.get(3)? {
                "no" => Payment::No,
                "partial" => Payment::Partial,
                _ => Payment::All,
            };
            c.reserved
                .iter()
                .find(|r| r.instance == instance && r.class == class && r.term_years == term && r.payment == pay)
                .map(|r| r.effective_usd_hr)
        }
        _ => None,
    }
}

#[test]
fn every_quoted_price_matches_or_is_explained() {
    let c = catalog();
    assert!(c.article_quotes.len() >= 12);
    for q in &c.article_quotes {
        let figure = catalog_figure(&c, &q.instance, &q.kind);
        // Quotes round: "约0.53", "约16,029". Accept 1 % or one unit of the last digit quoted.
        let close = figure.is_some_and(|f| (f - q.usd).abs() <= (q.usd * 0.01).max(0.005));
        if q.status == "match" {
            assert!(
                close,
                "{} says {} for {} {}, catalog has {figure:?}",
                q.source, q.usd, q.instance, q.kind
            );
        } else {
            assert!(!close, "{} is marked {} but matches the catalog", q.quote, q.status);
            assert!(
                !q.note_en.is_empty() && !q.note_zh.is_empty(),
                "{} needs notes in both languages",
                q.quote
            );
        }
    }
}

/// A note that explains a quote never states a Spot figure of its own: the card beside it shows the
/// catalog's, and two Spot prices for one type on one screen break trust (a note said $20.20/h while the
/// region table said $18.42).
#[test]
fn no_quote_note_states_a_spot_figure_of_its_own() {
    let c = catalog();
    for q in c.article_quotes.iter().filter(|q| q.kind.starts_with("spot")) {
        let per_hour = q
            .note_en
            .split('$')
            .skip(1)
            .filter(|t| {
                t.split(' ')
                    .next()
                    .is_some_and(|w| w.trim_end_matches(['.', ',', ';', ')']).ends_with("/h"))
            })
            .count();
        assert_eq!(per_hour, 0, "{}: {}", q.quote, q.note_en);
    }
}

#[test]
fn the_june_2025_cut_is_in_the_history() {
    let c = catalog();
    let p5: Vec<_> = c
        .price_history
        .iter()
        .filter(|p| p.instance == "p5.48xlarge")
        .map(|p| (p.from.to_string(), p.usd_hr))
        .collect();
    assert!(p5.contains(&("2025-06-23".to_string(), 55.04)));
    assert!(p5.iter().any(|(_, v)| *v == 98.32));
}

#[test]
fn every_family_the_articles_discuss_is_present() {
    let c = catalog();
    let families = [
        "g4dn",
        "g5",
        "g6",
        "g6e",
        "g6f",
        "gr6",
        "g7",
        "g7e",
        "p3",
        "p3dn",
        "p4d",
        "p4de",
        "p5",
        "p5e",
        "p5en",
        "p6-b200",
        "p6-b300",
        "p6e-gb200",
        "p6e-gb300",
        "trn1",
        "trn1n",
        "trn2",
        "trn2u",
        "trn3u",
        "inf1",
        "inf2",
        "dl1",
    ];
    for f in families {
        assert!(c.instances.iter().any(|i| i.family == f), "family {f} missing");
    }
    assert!(c.instance("p5.4xlarge").is_some() && c.instance("p5.48xlarge").is_some());
    // Fractional L4: the fraction is stored.
    assert_eq!(c.instance("g6f.large").map(|i| i.fraction), Some(0.125));
    // Reservation-only types are kept, without a made-up price.
    for id in ["p5e.48xlarge", "trn2.48xlarge", "u-p6e-gb200x72"] {
        assert!(c.instance(id).is_some(), "{id}");
        assert!(c.on_demand(id, "us-east-1").is_none(), "{id}");
    }
}

#[test]
fn graphics_capability_follows_the_chip() {
    let c = catalog();
    for (id, graphics) in [
        ("t4", true),
        ("a10g", true),
        ("l4", true),
        ("l40s", true),
        ("rtx-pro-6000", true),
        ("a100-40", false),
        ("h100", false),
        ("h200", false),
        ("b200", false),
        ("trainium2", false),
        ("inferentia2", false),
    ] {
        assert_eq!(c.accelerator(id).map(|a| a.graphics), Some(graphics), "{id}");
    }
}

#[test]
fn the_main_regions_are_covered() {
    let c = catalog();
    for region in [
        "us-east-1",
        "us-east-2",
        "us-west-2",
        "eu-west-1",
        "ap-northeast-1",
        "ap-southeast-1",
    ] {
        assert!(
            c.on_demand.iter().filter(|p| p.region == region).count() >= 3,
            "{region}"
        );
    }
    // Derived prices are marked and carry their multiplier.
    assert!(c.on_demand.iter().filter(|p| p.derived).all(|p| p.multiplier.is_some()));
}
