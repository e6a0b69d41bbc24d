//! Reading the credential-free Spot files: the public Spot price feed (`spot.json`, or its legacy JSONP form
//! `spot.js`, `callback({...})`: one Linux price per instance size and region, no zones, no date) and the
//! Spot Instance Advisor data (`spot-advisor-data.json`: an interruption band per type and region, no date).
//! Formats: ../shared/reference/price_feeds.md, feeds 7 and 9.

use super::*;

/// One regional price of a catalog type, as the feed gives it.
#[derive(Debug, PartialEq)]
pub(super) struct RegionalPrice {
    pub(super) instance: String,
    pub(super) region: String,
    pub(super) usd_hr: f64,
}

/// What a feed holds for the catalog's types.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Feed {
    /// In (instance, region) order; a type listed twice in a region keeps its last price.
    pub(super) prices: Vec<RegionalPrice>,
    /// Region names that are not AWS region codes, with how many catalog types each priced.
    pub(super) bad_regions: Vec<(String, usize)>,
    /// Catalog types listed without a readable Linux price (no `linux` column, or `N/A*`).
    pub(super) unpriced: usize,
}

/// The legacy feed's region names and their codes (alexei-led/spotinfo, `awsSpotPricingRegions` in
/// `internal/spot`, price_feeds.md source PF10); the current feed names regions by code.
const LEGACY_REGIONS: &[(&str, &str)] = &[
    ("us-east", "us-east-1"),
    ("us-west", "us-west-1"),
    ("eu-ireland", "eu-west-1"),
    ("apac-sin", "ap-southeast-1"),
    ("apac-syd", "ap-southeast-2"),
    ("apac-tokyo", "ap-northeast-1"),
];

/// The JSON of a feed: the text itself, or what a JSONP wrapper `callback( ... );` holds.
fn unwrap_jsonp<'t>(file: &str, text: &'t str) -> Result<&'t str, ImportError> {
    let t = text.trim();
    let Some(inner) = t.strip_prefix("callback(") else {
        return Ok(t);
    };
    let inner = inner.trim_end();
    let inner = inner.strip_suffix(';').unwrap_or(inner).trim_end();
    inner
        .strip_suffix(')')
        .ok_or_else(|| err(file, "the JSONP wrapper `callback(` is not closed by `)`"))
}

/// A size's Linux price: the `linux` value column's USD text (or number); `None` for `N/A*` or none.
fn linux_price(size: &Value) -> Option<f64> {
    let columns = size.get("valueColumns")?.as_array()?;
    let linux = columns
        .iter()
        .find(|c| c.get("name").and_then(Value::as_str) == Some("linux"))?;
    let usd = linux.get("prices")?.get("USD")?;
    match usd {
        Value::String(s) => s.trim().parse::<f64>().ok(),
        other => other.as_f64(),
    }
}

/// The region code a feed's region name stands for.
fn region_code(name: &str) -> &str {
    LEGACY_REGIONS
        .iter()
        .find(|(old, _)| *old == name)
        .map_or(name, |(_, code)| code)
}

/// Reads the Linux prices of catalog instance types from the Spot price feed (JSON or JSONP).
pub(super) fn parse_feed(file: &str, text: &str, known: &dyn Fn(&str) -> bool) -> Result<Feed, ImportError> {
    let v: Value = serde_json::from_str(unwrap_jsonp(file, text)?).map_err(|e| err(file, format!("not JSON: {e}")))?;
    let regions = v
        .get("config")
        .and_then(|c| c.get("regions"))
        .and_then(Value::as_array)
        .ok_or_else(|| {
            err(
                file,
                "no `config.regions` array (expected the Spot price feed, spot.json)",
            )
        })?;
    let mut feed = Feed::default();
    let mut prices: BTreeMap<(String, String), f64> = BTreeMap::new();
    for r in regions {
        let code = region_code(r.get("region").and_then(Value::as_str).unwrap_or(""));
        let sizes = r
            .get("instanceTypes")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .flat_map(|t| t.get("sizes").and_then(Value::as_array).into_iter().flatten());
        let mut here = Vec::new();
        for s in sizes {
            let Some(inst) = s.get("size").and_then(Value::as_str).filter(|i| known(i)) else {
                continue;
            };
            match linux_price(s) {
                Some(usd) => here.push((inst.to_string(), usd)),
                None => feed.unpriced += 1,
            }
        }
        if !is_aws_region(code) {
            if !here.is_empty() {
                feed.bad_regions.push((code.to_string(), here.len()));
            }
            continue;
        }
        for (inst, usd) in here {
            prices.insert((inst, code.to_string()), usd);
        }
    }
    if prices.is_empty() && feed.bad_regions.is_empty() {
        return Err(err(file, "no Linux Spot price for any instance type of the catalog"));
    }
    feed.prices = prices
        .into_iter()
        .map(|((instance, region), usd_hr)| RegionalPrice {
            instance,
            region,
            usd_hr,
        })
        .collect();
    Ok(feed)
}

/// One Advisor band of a catalog type in a region, as a catalog band ("<5", "5-10", ...).
#[derive(Debug, PartialEq)]
pub(super) struct AdvisorBand {
    pub(super) instance: String,
    pub(super) region: String,
    pub(super) band: String,
}

/// What the Advisor data holds for the catalog's types.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Advisor {
    pub(super) bands: Vec<AdvisorBand>,
    /// Region keys that are not AWS region codes, with how many catalog types each banded.
    pub(super) bad_regions: Vec<(String, usize)>,
    /// (instance, region, the `r` as written) whose range index is not one of the file's `ranges`.
    pub(super) bad_ranges: Vec<(String, String, String)>,
}

/// The file's `ranges` as catalog bands by index: each label less its `%` must be a catalog band (a
/// label the catalog does not know means the format moved: the whole file is refused).
fn advisor_ranges(file: &str, v: &Value, bands: &[String]) -> Result<BTreeMap<u64, String>, ImportError> {
    let ranges = v.get("ranges").and_then(Value::as_array).ok_or_else(|| {
        err(
            file,
            "no `ranges` array (expected the Spot Instance Advisor data, spot-advisor-data.json)",
        )
    })?;
    let mut out = BTreeMap::new();
    for (i, r) in ranges.iter().enumerate() {
        let index = r.get("index").and_then(Value::as_u64);
        let label = r.get("label").and_then(Value::as_str);
        let (Some(index), Some(label)) = (index, label) else {
            return Err(err(file, format!("range {i} has no numeric `index` and text `label`")));
        };
        let band = label.trim().strip_suffix('%').unwrap_or(label.trim());
        if !bands.iter().any(|b| b == band) {
            let known = bands.join(", ");
            let label = label.escape_debug();
            return Err(err(
                file,
                format!("range {index}: label `{label}` is not one of the catalog's Spot Advisor bands ({known})"),
            ));
        }
        out.insert(index, band.to_string());
    }
    Ok(out)
}

/// Reads the Linux interruption bands of catalog instance types from the Spot Instance Advisor data.
pub(super) fn parse_advisor(
    file: &str,
    text: &str,
    known: &dyn Fn(&str) -> bool,
    bands: &[String],
) -> Result<Advisor, ImportError> {
    let v: Value = serde_json::from_str(text).map_err(|e| err(file, format!("not JSON: {e}")))?;
    let labels = advisor_ranges(file, &v, bands)?;
    let regions = v.get("spot_advisor").and_then(Value::as_object).ok_or_else(|| {
        err(
            file,
            "no `spot_advisor` object (expected the Spot Instance Advisor data)",
        )
    })?;
    let mut out = Advisor::default();
    for (region, by_os) in regions {
        let Some(types) = by_os.get("Linux").and_then(Value::as_object) else {
            continue;
        };
        let mut here = Vec::new();
        for (inst, entry) in types.iter().filter(|(i, _)| known(i)) {
            let r = entry.get("r");
            match r.and_then(Value::as_u64).and_then(|r| labels.get(&r)) {
                Some(band) => here.push(AdvisorBand {
                    instance: inst.clone(),
                    region: region.clone(),
                    band: band.clone(),
                }),
                None => {
                    let r = r.map_or_else(|| "(missing)".to_string(), Value::to_string);
                    out.bad_ranges.push((inst.clone(), region.clone(), r));
                }
            }
        }
        if is_aws_region(region) {
            out.bands.extend(here);
        } else if !here.is_empty() {
            out.bad_regions.push((region.clone(), here.len()));
        }
    }
    if out.bands.is_empty() && out.bad_regions.is_empty() && out.bad_ranges.is_empty() {
        return Err(err(file, "no Linux band for any instance type of the catalog"));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known(i: &str) -> bool {
        ["p5.48xlarge", "g5.xlarge", "g4dn.xlarge", "inf2.xlarge"].contains(&i)
    }

    fn size(name: &str, columns: Value) -> Value {
        json!({"size": name, "valueColumns": columns})
    }

    fn linux(usd: &str) -> Value {
        json!([{"name": "linux", "prices": {"USD": usd}}, {"name": "mswin", "prices": {"USD": "9.99"}}])
    }

    fn feed_text(regions: Value) -> String {
        json!({"vers": 0.01, "config": {"rate": "perhr", "valueColumns": ["linux", "mswin"], "currencies": ["USD"],
               "regions": regions}})
        .to_string()
    }

    fn region(name: &str, sizes: Vec<Value>) -> Value {
        json!({"region": name, "footnotes": {"*": "notAvailableForCCorCGPU"},
               "instanceTypes": [{"type": "gpuCurrentGen", "sizes": sizes}]})
    }

    fn prices(f: &Feed) -> Vec<(&str, &str, f64)> {
        f.prices
            .iter()
            .map(|p| (p.instance.as_str(), p.region.as_str(), p.usd_hr))
            .collect()
    }

    #[test]
    fn the_feed_gives_the_linux_price_of_catalog_types_per_region_in_order() {
        let text = feed_text(json!([
            region("us-west-2", vec![size("g5.xlarge", linux("0.3100"))]),
            region(
                "us-east-1",
                vec![
                    size("m5.12xlarge", linux("0.3555")),
                    size("g5.xlarge", linux("0.3000")),
                    size("p5.48xlarge", linux("N/A*")),
                    size("inf2.xlarge", json!([{"name": "mswin", "prices": {"USD": "0.5"}}])),
                ]
            ),
        ]));
        let f = parse_feed("spot.json", &text, &known);
        let f = f.unwrap_or_else(|e| panic!("{e}"));
        // m5 is not a catalog type; p5's N/A* and inf2 without a linux column are unpriced, not errors.
        assert_eq!(
            prices(&f),
            [("g5.xlarge", "us-east-1", 0.3), ("g5.xlarge", "us-west-2", 0.31)]
        );
        assert_eq!((f.unpriced, f.bad_regions.len()), (2, 0));
    }

    #[test]
    fn the_legacy_jsonp_feed_reads_the_same_with_its_region_names_mapped() {
        let inner = feed_text(json!([region("us-east", vec![size("g4dn.xlarge", linux("0.1600"))])]));
        for text in [format!("callback({inner});"), format!("callback(\n{inner}\n)\n")] {
            let f = parse_feed("spot.js", &text, &known).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(prices(&f), [("g4dn.xlarge", "us-east-1", 0.16)]);
        }
        let open = parse_feed("spot.js", &format!("callback({inner}"), &known);
        assert!(open.is_err_and(|e| e.problem.contains("not closed")));
    }

    #[test]
    fn an_unknown_region_is_counted_apart_and_a_feed_without_catalog_types_is_refused() {
        let text = feed_text(json!([
            region("zz-moon-1", vec![size("g5.xlarge", linux("0.2"))]),
            region("us-east-1", vec![size("g5.xlarge", linux("0.3"))])
        ]));
        let f = parse_feed("spot.json", &text, &known).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(f.bad_regions, [("zz-moon-1".to_string(), 1)]);
        assert_eq!(prices(&f), [("g5.xlarge", "us-east-1", 0.3)]);
        let none = feed_text(json!([region("us-east-1", vec![size("m5.large", linux("0.03"))])]));
        let refused = parse_feed("spot.json", &none, &known).err().map(|e| e.problem);
        assert_eq!(
            refused.as_deref(),
            Some("no Linux Spot price for any instance type of the catalog")
        );
        let wrong = parse_feed("spot.json", "{\"SpotPriceHistory\": []}", &known)
            .err()
            .map(|e| e.problem);
        assert!(wrong.is_some_and(|p| p.starts_with("no `config.regions` array")));
    }

    fn bands() -> Vec<String> {
        ["<5", "5-10", "10-15", "15-20", ">20"].map(String::from).to_vec()
    }

    const RANGES: &str = r#"[{"index": 0, "label": "<5%", "dots": 0, "max": 5}, {"index": 1, "label": "5-10%", "dots": 1, "max": 11}, {"index": 2, "label": "10-15%", "dots": 2, "max": 16}, {"index": 3, "label": "15-20%", "dots": 3, "max": 22}, {"index": 4, "label": ">20%", "dots": 4, "max": 100}]"#;

    #[test]
    fn the_advisor_gives_each_catalog_types_linux_band_by_its_range_label() {
        let text = format!(
            r#"{{"ranges": {RANGES}, "spot_advisor": {{"us-east-1": {{"Linux": {{"p5.48xlarge": {{"s": 52, "r": 4}}, "g5.xlarge": {{"s": 59, "r": 9}}, "c6i.32xlarge": {{"s": 56, "r": 3}}}}, "Windows": {{"inf2.xlarge": {{"s": 1, "r": 0}}}}}}, "mars-1": {{"Linux": {{"inf2.xlarge": {{"s": 78, "r": 0}}}}}}}}, "global_rate": "<10%"}}"#
        );
        let a = parse_advisor("advisor.json", &text, &known, &bands()).unwrap_or_else(|e| panic!("{e}"));
        let got: Vec<_> = a
            .bands
            .iter()
            .map(|b| (b.instance.as_str(), b.region.as_str(), b.band.as_str()))
            .collect();
        assert_eq!(got, [("p5.48xlarge", "us-east-1", ">20")]);
        assert_eq!(a.bad_ranges, [("g5.xlarge".into(), "us-east-1".into(), "9".into())]);
        assert_eq!(a.bad_regions, [("mars-1".to_string(), 1)]);
    }

    #[test]
    fn an_advisor_range_the_catalog_does_not_know_refuses_the_file() {
        let text = r#"{"ranges": [{"index": 0, "label": "<3%"}], "spot_advisor": {}}"#;
        let e = parse_advisor("advisor.json", text, &known, &bands())
            .err()
            .map(|e| e.problem);
        assert!(e.is_some_and(|p| p.contains("label `<3%` is not one of the catalog's Spot Advisor bands")));
        let empty = format!(r#"{{"ranges": {RANGES}, "spot_advisor": {{"us-east-1": {{"Linux": {{}}}}}}}}"#);
        assert!(parse_advisor("advisor.json", &empty, &known, &bands()).is_err());
    }
}
