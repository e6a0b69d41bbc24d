//! Validation of the real catalog.json, and the errors a malformed catalog gets.

use gpuplan::catalog::{Catalog, CatalogError, BUNDLED_JSON};

#[path = "catalog/capabilities.rs"]
mod capabilities;

fn catalog() -> Catalog {
    match Catalog::parse(BUNDLED_JSON) {
        Ok(c) => c,
        Err(e) => panic!("bundled catalog.json is invalid: {e}"),
    }
}

#[test]
fn bundled_catalog_is_valid() {
    let c = catalog();
    assert_eq!(c.schema_version, 1);
    assert_eq!(Catalog::bundled(), c);
}

#[test]
fn skeleton_families_have_us_east_1_prices() {
    let c = catalog();
    assert!(c.on_demand.len() > 100);
    let price = |id: &str| c.on_demand(id, "us-east-1").map(|p| p.usd_hr);
    assert_eq!(price("p5.48xlarge"), Some(55.04));
    assert_eq!(price("g4dn.xlarge"), Some(0.526));
    assert_eq!(price("p4d.24xlarge"), Some(21.957642));
    for fam in ["g4dn", "g5", "g6", "g6e", "p4d", "p5"] {
        assert!(
            c.instances.iter().any(|i| i.family == fam && price(&i.id).is_some()),
            "{fam}"
        );
    }
}

/// The bundled JSON with one edit applied, parsed.
fn parse_edited(find: &str, replace: &str) -> Result<Catalog, CatalogError> {
    assert!(BUNDLED_JSON.contains(find), "fixture text not in catalog: {find}");
    Catalog::parse(&BUNDLED_JSON.replacen(find, replace, 1))
}

fn error_text(r: Result<Catalog, CatalogError>) -> String {
    r.map_or_else(|e| e.to_string(), |_| panic!("malformed catalog was accepted"))
}

/// A mutation of the bundled catalog: the rule that must refuse it, the text to find, its replacement,
/// and fragments the message must contain.
type Mutation = (&'static str, &'static str, &'static str, &'static [&'static str]);

/// One mutation per rule of `catalog::RULES` (several for some); those of the capability rules are in
/// `capabilities::BROKEN`.
const BROKEN: &[Mutation] = &[
    (
        "unique_ids",
        r#"{"id":"t4","name":"NVIDIA T4""#,
        r#"{"id":"l4","name":"NVIDIA T4""#,
        &["accelerators (l4)", "duplicate id"],
    ),
    (
        "unique_ids",
        r#""id":"nvidia-specs","title""#,
        r#""id":"karpenter-pricing","title""#,
        &["sources (karpenter-pricing)", "duplicate id"],
    ),
    (
        "unique_ids",
        r#"{"instance":"g5.xlarge","region":"us-east-1","usd_hr":1.006"#,
        r#"{"instance":"g5.xlarge","region":"us-east-2","usd_hr":1.006"#,
        &["on_demand (g5.xlarge us-east-2)", "duplicate price"],
    ),
    (
        "known_instances",
        r#"{"instance":"p4d.24xlarge","region":"us-east-1","from""#,
        r#"{"instance":"p4d.99xlarge","region":"us-east-1","from""#,
        &["price_history (p4d.99xlarge", "field `instance`", "p4d.99xlarge"],
    ),
    (
        "known_accelerators",
        r#""id":"p5.48xlarge","family":"p5","accelerator":"h100""#,
        r#""id":"p5.48xlarge","family":"p5","accelerator":"h999""#,
        &["instances (p5.48xlarge)", "field `accelerator`", "h999"],
    ),
    (
        "known_sources",
        r#""trains_source":"nvidia-specs","source":"nvidia-specs""#,
        r#""trains_source":"nvidia-specs","source":"nvidia-spec""#,
        &["accelerators (t4)", "field `source`", "`nvidia-spec`"],
    ),
    (
        // g5.xlarge's last On-Demand region moved before its first: found by binary search, so refused.
        "prices_in_order",
        r#""instance":"g5.xlarge","region":"us-west-2","usd_hr""#,
        r#""instance":"g5.xlarge","region":"aa-west-2","usd_hr""#,
        &["on_demand (g5.xlarge aa-west-2)", "sorted by instance, then region"],
    ),
    (
        "positive_figures",
        r#""instance":"p5.48xlarge","region":"us-east-1","usd_hr":55.04"#,
        r#""instance":"p5.48xlarge","region":"us-east-1","usd_hr":-55.04"#,
        &["on_demand (p5.48xlarge us-east-1)", "field `usd_hr`", "positive"],
    ),
    (
        "positive_figures",
        r#""id":"g5.xlarge","family":"g5","accelerator":"a10g","count":1"#,
        r#""id":"g5.xlarge","family":"g5","accelerator":"a10g","count":0"#,
        &["instances (g5.xlarge)", "field `count`", "positive"],
    ),
    (
        "fraction_of_a_chip",
        r#""id":"g6f.large","family":"g6f","accelerator":"l4","count":1,"fraction":0.125"#,
        r#""id":"g6f.large","family":"g6f","accelerator":"l4","count":1,"fraction":1.5"#,
        &["instances (g6f.large)", "field `fraction`", "1.5"],
    ),
    (
        "memory_within_chip",
        r#""fraction":0.125,"accel_mem_gib":2.79"#,
        r#""fraction":0.125,"accel_mem_gib":20"#,
        &["instances (g6f.large)", "field `accel_mem_gib`"],
    ),
    (
        "derived_prices_say_so",
        r#"{"instance":"g5.xlarge","region":"us-east-1","usd_hr":1.006,"source":"karpenter-pricing","as_of":"2026-07-20","derived":false}"#,
        r#"{"instance":"g5.xlarge","region":"us-east-1","usd_hr":1.006,"source":"karpenter-pricing","as_of":"2026-07-20","derived":true}"#,
        &["on_demand (g5.xlarge us-east-1)", "field `derived`"],
    ),
    (
        // g6.xlarge us-east-1 On-Demand is $0.8048/h: a Spot median of $0.9 is above it.
        "spot_below_on_demand",
        r#""instance":"g6.xlarge","region":"us-east-1","median_usd_hr":0.3618"#,
        r#""instance":"g6.xlarge","region":"us-east-1","median_usd_hr":0.9"#,
        &[
            "spot (g6.xlarge us-east-1)",
            "field `median_usd_hr`",
            "On-Demand 0.8048",
        ],
    ),
    (
        "spot_bands_known",
        r#""interruption_band":">20","band_source":"vantage-ri"}"#,
        r#""interruption_band":"often","band_source":"vantage-ri"}"#,
        &["spot (", "field `interruption_band`", "often"],
    ),
    (
        "history_levels_named",
        r#""from":"2025-06-23","usd_hr":55.04,"source":"karpenter-history"}"#,
        r#""from":"2025-06-23","usd_hr":55.04,"source":"karpenter-history","payment":"no"}"#,
        &[
            "price_history (p5.48xlarge 2025-06-23)",
            "fields `option`, `payment` and `class`",
        ],
    ),
    (
        "reserved_terms",
        r#""instance":"g5.xlarge","region":"us-east-1","class":"standard","term_years":1"#,
        r#""instance":"g5.xlarge","region":"us-east-1","class":"standard","term_years":2"#,
        &["reserved (g5.xlarge Standard 2y No)", "field `term_years`"],
    ),
    (
        // AWS: Compute Savings Plans save "up to 66%".
        "savings_plan_caps",
        r#""plan":"compute","term_years":1,"payment":"no","discount_pct":22.6"#,
        r#""plan":"compute","term_years":1,"payment":"no","discount_pct":70"#,
        &["savings_plan_assumptions (Compute 1y No)", "field `discount_pct`", "66"],
    ),
    (
        "capacity_block_families",
        r#"{"instance":"p5.48xlarge","region":"us-east-1","usd_hr":39.33"#,
        r#"{"instance":"g5.48xlarge","region":"us-east-1","usd_hr":39.33"#,
        &["capacity_blocks.rates (g5.48xlarge us-east-1)", "family `g5`"],
    ),
    (
        "quotes_explain_mismatch",
        r#""note_en":"$0.978/h is the g6.2xlarge price; g6.xlarge is $0.8048/h in us-east-1.""#,
        r#""note_en":"""#,
        &["article_quotes (g6.xlarge od)", "field `note_en`"],
    ),
    (
        "link_domains",
        r#""instance":"dl1.24xlarge","kind":"roce","name":"RoCE (on-chip Ethernet)","link_gbs":null,"link_basis":"no source read gives the figure","source":"gpuplan-assumption","as_of":"2026-12-01","domain":8"#,
        r#""instance":"dl1.24xlarge","kind":"roce","name":"RoCE (on-chip Ethernet)","link_gbs":null,"link_basis":"no source read gives the figure","source":"gpuplan-assumption","as_of":"2026-12-01","domain":9"#,
        &["links (dl1.24xlarge)", "field `domain` 9"],
    ),
    (
        // p6-b300.48xlarge us-east-1 On-Demand is $142.416/h: a Compute SP rate of $150 is above it.
        "savings_plan_rates_below_on_demand",
        r#""plan":"compute","term_years":1,"payment":"all","effective_usd_hr":104.68"#,
        r#""plan":"compute","term_years":1,"payment":"all","effective_usd_hr":150"#,
        &[
            "savings_plan_rates (p6-b300.48xlarge us-east-1 Compute 1y)",
            "field `effective_usd_hr` 150",
            "142.416",
        ],
    ),
    (
        // ... and one of $40 would be 72 % off, beyond the Compute SP's "up to 66 %".
        "savings_plan_rates_below_on_demand",
        r#""plan":"compute","term_years":3,"payment":"all","effective_usd_hr":94.91"#,
        r#""plan":"compute","term_years":3,"payment":"all","effective_usd_hr":40"#,
        &["savings_plan_rates (p6-b300.48xlarge us-east-1 Compute 3y)", "0.66"],
    ),
    (
        // g4dn.xlarge us-east-1: five zones 0.2132..0.216 (spot_prices_extra.csv); a median of 0.3 is outside.
        "spot_median_within_zones",
        r#""median_usd_hr":0.215,"min_usd_hr":0.2132,"max_usd_hr":0.216"#,
        r#""median_usd_hr":0.3,"min_usd_hr":0.2132,"max_usd_hr":0.216"#,
        &["spot (g4dn.xlarge us-east-1)", "field `median_usd_hr` 0.3"],
    ),
    (
        "capacity_block_changes_dated",
        r#"{"from":"2026-07-01","source":"article-003""#,
        r#"{"from":"2025-07-01","source":"article-003""#,
        &["capacity_blocks.changes", "field `from` 2025-07-01"],
    ),
    (
        // The catalog is of 2026-09-01 (its newest price, the Savings Plan rates).
        "no_price_after_the_catalog",
        r#""source":"sp-aws-samples","as_of":"2026-09-01"}"#,
        r#""source":"sp-aws-samples","as_of":"2026-09-02"}"#,
        &[
            "savings_plan_rates (",
            "2026-09-02 is after the catalog's date 2026-09-01",
        ],
    ),
    (
        "grid_intensity_plausible",
        r#"{"region":"eu-north-1","gco2e_per_kwh":8.8"#,
        r#"{"region":"eu-north-1","gco2e_per_kwh":8800"#,
        &["grid_intensity (eu-north-1)", "field `gco2e_per_kwh` 8800"],
    ),
    (
        "grid_intensity_plausible",
        r#""pue":{"value":1.15"#,
        r#""pue":{"value":0.9"#,
        &["pue", "field `value` 0.9"],
    ),
    (
        // Bedrock's on-demand price of Llama 3.1 8B without its output price.
        "managed_figures_for_tier",
        r#""in_usd_m":0.22,"out_usd_m":0.22,"usd_hr":null,"pct":null,"until":null,"source":"aws-pricing-cache","as_of":"2026-09-03","note":"on-demand, Standard""#,
        r#""in_usd_m":0.22,"out_usd_m":null,"usd_hr":null,"pct":null,"until":null,"source":"aws-pricing-cache","as_of":"2026-09-03","note":"on-demand, Standard""#,
        &["managed (bedrock llama3.1-8b us-east-2 on-demand)", "field"],
    ),
    (
        // A fee cut of 100 % or more is not a cut.
        "managed_figures_for_tier",
        r#""tier":"fee-cut","in_usd_m":null,"out_usd_m":null,"usd_hr":null,"pct":35"#,
        r#""tier":"fee-cut","in_usd_m":null,"out_usd_m":null,"usd_hr":null,"pct":135"#,
        &["managed (ecs g all fee-cut)", "`pct`"],
    ),
    (
        "managed_models_are_presets",
        r#"{"service":"bedrock","model":"llama3.1-8b","offer":"Llama 3.1 Instruct (8B)","region":"us-east-2","tier":"on-demand""#,
        r#"{"service":"bedrock","model":"llama3.3-8b","offer":"Llama 3.1 Instruct (8B)","region":"us-east-2","tier":"on-demand""#,
        &[
            "managed (bedrock llama3.3-8b us-east-2 on-demand)",
            "field `model`",
            "not a model preset",
        ],
    ),
    (
        "managed_unique",
        r#"{"service":"bedrock","model":"llama3.1-8b","offer":"Llama 3.1 Instruct (8B)","region":"us-east-2","tier":"batch""#,
        r#"{"service":"bedrock","model":"llama3.1-8b","offer":"Llama 3.1 Instruct (8B)","region":"us-east-2","tier":"on-demand""#,
        &[
            "managed (bedrock llama3.1-8b us-east-2 on-demand)",
            "duplicate managed price",
        ],
    ),
];

#[test]
fn each_rule_refuses_its_own_mutation() {
    for (rule, find, replace, fragments) in BROKEN.iter().chain(capabilities::BROKEN) {
        let err = parse_edited(find, replace).err();
        assert_eq!(err.as_ref().and_then(|e| e.rule()), Some(*rule), "{replace}: {err:?}");
        let msg = err.map(|e| e.to_string()).unwrap_or_default();
        for f in *fragments {
            assert!(msg.contains(f), "{rule}: message {msg:?} lacks {f:?}");
        }
    }
}

#[test]
fn every_rule_has_a_negative_case() {
    for rule in gpuplan::catalog::RULES {
        assert!(
            BROKEN.iter().chain(capabilities::BROKEN).any(|(r, ..)| *r == rule.name),
            "rule `{}` has no mutation in BROKEN",
            rule.name
        );
    }
}

#[test]
fn malformed_catalogs_name_the_entry_and_field() {
    let cases = [
        // (find, replace, fragments the message must contain)
        (
            r#""instance":"p5.48xlarge","region":"us-east-1","usd_hr":55.04"#,
            r#""instance":"p5.48xlarge","region":"us-east-1","usd_hr":"cheap""#,
            vec!["on_demand entry", "p5.48xlarge", "usd_hr"],
        ),
        (
            r#""id":"g5.xlarge","family":"g5""#,
            r#""id":"g5.xlarge","famly":"g5""#,
            vec!["instances entry", "g5.xlarge", "family"],
        ),
        (
            // An accelerator count is a whole number: a part of a chip is `fraction`'s (g6f).
            r#""id":"g5.xlarge","family":"g5","accelerator":"a10g","count":1"#,
            r#""id":"g5.xlarge","family":"g5","accelerator":"a10g","count":1.5"#,
            vec!["instances entry", "g5.xlarge", "count"],
        ),
        (
            r#""schema_version":1"#,
            r#""schema_version":2"#,
            vec!["schema_version", "version 2"],
        ),
        (
            r#""as_of":"2026-07-20""#,
            r#""as_of":"July 2026""#,
            vec!["as_of", "YYYY-MM-DD"],
        ),
    ];
    for (find, replace, fragments) in cases {
        let msg = error_text(parse_edited(find, replace));
        for f in fragments {
            assert!(msg.contains(f), "message {msg:?} lacks {f:?}");
        }
    }
}

#[test]
fn not_json_is_refused() {
    assert!(matches!(Catalog::parse("{"), Err(CatalogError::Json(_))));
    assert!(matches!(Catalog::parse("[]"), Err(CatalogError::Json(_))));
}

#[test]
fn regional_prices_cover_the_articles_regions() {
    // ../shared/reference/regional_prices_extra.csv (vantage, 2026-08-26): published, not derived.
    let c = catalog();
    for (id, region, usd) in [
        ("inf2.xlarge", "ap-northeast-1", 1.1373),
        ("g6.xlarge", "ap-northeast-1", 1.1672),
        ("g4dn.2xlarge", "ap-east-1", 1.158),
        ("g6.xlarge", "eu-central-1", 1.0064),
        ("inf2.xlarge", "ap-southeast-1", 1.06148),
    ] {
        let p = c.on_demand(id, region);
        assert_eq!(p.map(|p| (p.usd_hr, p.derived)), Some((usd, false)), "{id} {region}");
        assert!(
            c.instance(id).is_some_and(|i| i.regions.iter().any(|r| r == region)),
            "{id} {region}"
        );
    }
    // Not listed by vantage in Hong Kong: not offered there, and nothing is derived for it.
    assert!(c.on_demand("g6.xlarge", "ap-east-1").is_none());
    // Spot from the same file (vantage's zone average) is replaced by the newer per-zone file where that
    // prices the pair: inf2.xlarge ap-northeast-1 apne1-az1 0.205, apne1-az4 0.206 -> 0.2055; the Advisor
    // bucket of the older file stays the band.
    let s = c.spot("inf2.xlarge", "ap-northeast-1");
    assert_eq!(
        s.map(|s| (s.median_usd_hr, s.n_az, s.interruption_band.as_deref())),
        Some((0.2055, 2, Some("5-10")))
    );
    // A pair only vantage prices keeps its average (n_az 0).
    assert!(c.spot.iter().any(|s| s.source == "vantage-spot" && s.n_az == 0));
}

#[test]
fn spot_zone_counts_follow_the_reference() {
    // spot_prices_extra.csv: p5.48xlarge us-east-1 lists use1-az2/az3/az5/az6; its README drops use1-az1/az4
    // as Spot = On-Demand (no capacity) and the Atlanta Local Zone: 4 and 2. p3.2xlarge is only in
    // catalog_raw.csv: 7 zones, 3 without a price, 4 counted.
    let c = catalog();
    let z = |id: &str| c.spot(id, "us-east-1").map(|s| (s.n_az, s.n_az_at_od));
    assert_eq!(z("p5.48xlarge"), Some((4, 2)));
    assert_eq!(z("p3.2xlarge"), Some((4, 0)));
    assert_eq!(z("p6-b200.48xlarge"), Some((1, 0)));
    assert_eq!(z("g4dn.xlarge"), Some((5, 0)));
    // "ape1-az1..az3:0.6702" is three zones.
    assert_eq!(c.spot("g4dn.16xlarge", "ap-east-1").map(|s| s.n_az), Some(3));
}

#[test]
fn no_spot_figure_uses_a_local_zone() {
    // catalog_raw.csv's priced Local Zone listings (zone ids with a city part): use1-atl2-az1 p5.48xlarge
    // 10.2397, p5en 17.2074, p6-b200 13.0338; usw2-lax1-az1/az2 g4dn.12xlarge 0.4694. No regional fleet
    // runs there, so the build script leaves them out of every Spot median, min, max and zone count.
    let c = catalog();
    let lz = [
        ("p5.48xlarge", "us-east-1", 10.2397),
        ("p5en.48xlarge", "us-east-1", 17.2074),
        ("p6-b200.48xlarge", "us-east-1", 13.0338),
        ("g4dn.12xlarge", "us-west-2", 0.4694),
    ];
    for (id, region, usd) in lz {
        let Some(s) = c.spot(id, region) else {
            panic!("{id} {region}: no Spot")
        };
        for x in [Some(s.median_usd_hr), s.min_usd_hr, s.max_usd_hr] {
            assert_ne!(x, Some(usd), "{id} {region} uses the Local Zone price {usd}");
        }
    }
    // p6-b200 keeps one regional zone (spot_prices_extra.csv use1-az6 $24.402): its median is that zone's price.
    let b200 = c
        .spot("p6-b200.48xlarge", "us-east-1")
        .map(|s| (s.median_usd_hr, s.n_az));
    assert_eq!(b200, Some((24.402, 1)));
    // p5.48xlarge: the median of use1-az2/az3/az5/az6 (18.734, 18.1597, 18.6838, 16.9508) = 18.42175.
    assert_eq!(
        c.spot("p5.48xlarge", "us-east-1").map(|s| s.median_usd_hr),
        Some(18.42175)
    );
}

/// What the page's build cannot carry, parse refuses: a control character in any text (U+001F separates
/// build.rs's tokens), escaped or raw, in a region, a zone, a source title.
#[test]
fn a_text_with_a_control_character_is_refused_so_whatever_parses_builds() {
    let cases: &[(&str, &str)] = &[
        (
            r#"{"instance":"g5.xlarge","region":"us-east-1","usd_hr":1.006"#,
            r#"{"instance":"g5.xlarge","region":"us-east-1\u001f","usd_hr":1.006"#,
        ),
        (r#""id":"nvidia-specs","title""#, r#""id":"nvidia-specs\n","title""#),
        (
            r#""id":"nvidia-specs","title""#,
            "\"id\":\"nvidia-specs\u{85}\",\"title\"",
        ),
    ];
    for (find, replace) in cases {
        let msg = error_text(parse_edited(find, replace));
        assert!(msg.contains("control character U+"), "{msg}");
        assert!(msg.contains("line "), "{msg}");
    }
    // An escaped backslash before an n is text, not a newline.
    let ok = parse_edited(
        r#""id":"nvidia-specs","title""#,
        r#""id":"nvidia-specs","title\\n":"x","title""#,
    );
    assert!(
        !matches!(&ok, Err(e) if e.to_string().contains("control character")),
        "{ok:?}"
    );
}
