//! Merging the credential-free Spot files into the catalog, dated by the day they were fetched: the feed's
//! regional price where no figure as new exists (written with `n_az: 0`, the catalog's "zones not counted"),
//! and the Advisor's interruption bands on the Spot prices the catalog holds.

use super::spot_feed::{parse_advisor, parse_feed, RegionalPrice};
use super::*;

/// What a feed's prices came to, besides the prices written.
#[derive(Default)]
struct Tally {
    /// (instance, region) whose catalog figure is newer, or per zone, recent and close to the feed's: kept.
    kept: Vec<String>,
    /// Prices of catalog types in regions the catalog has no On-Demand price for (nothing to check them by).
    no_on_demand: usize,
}

/// How long a per-zone Spot figure outlives a newer regional one from the feed: the age past which a
/// plan calls its rates stale (`engine::buyer::STALE_DAYS`).
pub const ZONE_FIGURE_KEEP_DAYS: i64 = crate::engine::buyer::STALE_DAYS;

/// How far the feed's regional price may stand from a kept per-zone median: further, the market has
/// moved and the feed's price replaces it.
pub const ZONE_FIGURE_KEEP_DRIFT: f64 = 0.25;

/// Whether the catalog's figure stays against the feed's regional `usd_hr` fetched on `fetched`: one dated
/// after the fetch; or a per-zone one (which counts the zones a Spot job can use, and their range: what
/// the feed's one regional price cannot say) no more than `ZONE_FIGURE_KEEP_DAYS` older and within
/// `ZONE_FIGURE_KEEP_DRIFT` of the feed's price.
fn keeps(old: &crate::catalog::SpotPrice, fetched: IsoDate, usd_hr: f64) -> bool {
    let age_days = fetched.days_since_epoch() - old.as_of.days_since_epoch();
    let drift = (usd_hr / old.median_usd_hr.max(1e-9) - 1.0).abs();
    old.as_of > fetched || (old.n_az > 0 && age_days <= ZONE_FIGURE_KEEP_DAYS && drift <= ZONE_FIGURE_KEEP_DRIFT)
}

/// At most ten names, then how many more.
fn few(names: &[String]) -> String {
    let shown: Vec<&str> = names.iter().take(10).map(String::as_str).collect();
    match names.len().saturating_sub(shown.len()) {
        0 => shown.join(", "),
        more => format!("{} and {more} more", shown.join(", ")),
    }
}

/// The public Spot price feed: a regional price replaces the catalog's Spot figure of the type and region
/// unless that one is newer, or per zone and as new; returns the fetch date.
pub(super) fn apply_spot_feed(
    root: &mut Map<String, Value>,
    report: &mut Report,
    current: &Catalog,
    file: &str,
    text: &str,
    fetched: IsoDate,
) -> Result<IsoDate, ImportError> {
    let known = |id: &str| current.instance(id).is_some();
    let feed = parse_feed(file, text, &known)?;
    let source = format!("aws-spot-feed-{fetched}");
    add_source(
        root,
        &source,
        format!("EC2 Spot price feed (spot.json): one Linux price per type and region, zones not given (fetched {fetched}; the file carries no date)"),
        file,
        fetched,
    );
    for (code, n) in &feed.bad_regions {
        let what = format!("Spot prices of {n} catalog type(s) in `{}`", code.escape_debug());
        report.refuse(what, file, "not an AWS region code".into());
    }
    let mut tally = Tally::default();
    for p in &feed.prices {
        merge_regional(root, report, current, p, (file, &source, fetched), &mut tally);
    }
    if !tally.kept.is_empty() {
        report.lines.push(format!(
            "Spot feed {file}: kept {} figure(s) newer than {fetched}, or per zone within {ZONE_FIGURE_KEEP_DAYS} days and {} % of the regional price: {}",
            tally.kept.len(),
            ZONE_FIGURE_KEEP_DRIFT * 100.0,
            few(&tally.kept)
        ));
    }
    if tally.no_on_demand > 0 {
        report.lines.push(format!(
            "Spot feed {file}: {} price(s) in regions where the catalog has no On-Demand price of the type to check them by; skipped",
            tally.no_on_demand
        ));
    }
    if feed.unpriced > 0 {
        report.lines.push(format!(
            "Spot feed {file}: {} catalog type(s) listed without a Linux price (no `linux` column, or N/A*); left as they were",
            feed.unpriced
        ));
    }
    Ok(fetched)
}

/// One regional price: skipped at or above On-Demand, refused when implausible, kept out by a figure as new;
/// else written (the old figure's Advisor band stays).
fn merge_regional(
    root: &mut Map<String, Value>,
    report: &mut Report,
    current: &Catalog,
    p: &RegionalPrice,
    (file, source, fetched): (&str, &str, IsoDate),
    tally: &mut Tally,
) {
    let what = format!("Spot {} {}", p.instance, p.region);
    let Some(od) = current.on_demand(&p.instance, &p.region).map(|o| o.usd_hr) else {
        tally.no_on_demand += 1;
        return;
    };
    if p.usd_hr >= od {
        let line = format!("{what}: regional {} is not below On-Demand {od}; skipped", p.usd_hr);
        report.lines.push(line);
        return;
    }
    if let Some(why) = plausible::spot_refusal(current, &p.instance, &p.region, p.usd_hr, od) {
        report.refuse(what, file, why);
        return;
    }
    let old = current.spot(&p.instance, &p.region);
    if old.is_some_and(|o| keeps(o, fetched, p.usd_hr)) {
        tally.kept.push(format!("{} {}", p.instance, p.region));
        return;
    }
    let mut row = json!({"instance": p.instance, "region": p.region, "median_usd_hr": p.usd_hr,
                         "min_usd_hr": null, "max_usd_hr": null, "n_az": 0, "n_az_at_od": 0,
                         "source": source, "as_of": fetched.to_string()});
    if let (Some(obj), Some((band, band_source))) = (
        row.as_object_mut(),
        old.and_then(|o| Some((o.interruption_band.clone()?, o.band_source.clone()?))),
    ) {
        obj.insert("interruption_band".into(), json!(band));
        obj.insert("band_source".into(), json!(band_source));
    }
    let list = array_mut(root, "spot");
    list.retain(|v| !same(v, &[("instance", &json!(p.instance)), ("region", &json!(p.region))]));
    list.push(row);
    let usd = p.usd_hr;
    let line = match old {
        None => format!("{what}: new regional {usd} (zones not counted)"),
        Some(o) if o.n_az > 0 => format!(
            "{what}: regional {usd} replaces the median {} over {} zone(s) of {}",
            o.median_usd_hr, o.n_az, o.as_of
        ),
        Some(o) if o.median_usd_hr == usd && o.source == source => return,
        Some(o) => format!("{what}: regional {} -> {usd}", o.median_usd_hr),
    };
    report.changed += 1;
    report.lines.push(line);
}

/// The Spot Instance Advisor data: each band fills or refreshes the band of the catalog's Spot price of
/// the type and region (a band from a source dated after the fetch stays); returns the fetch date.
pub(super) fn apply_spot_advisor(
    root: &mut Map<String, Value>,
    report: &mut Report,
    current: &Catalog,
    file: &str,
    text: &str,
    fetched: IsoDate,
) -> Result<IsoDate, ImportError> {
    let known = |id: &str| current.instance(id).is_some();
    let advisor = parse_advisor(file, text, &known, &current.spot_rules.bands)?;
    let source = format!("aws-spot-advisor-{fetched}");
    add_source(
        root,
        &source,
        format!("Spot Instance Advisor data (spot-advisor-data.json): interruption band per type and region over the trailing month (fetched {fetched}; the file carries no date)"),
        file,
        fetched,
    );
    for (code, n) in &advisor.bad_regions {
        let what = format!("Spot bands of {n} catalog type(s) in `{}`", code.escape_debug());
        report.refuse(what, file, "not an AWS region code".into());
    }
    for (inst, region, r) in &advisor.bad_ranges {
        let why = format!("range index {} is not one of the file's `ranges`", r.escape_debug());
        report.refuse(format!("Spot band {inst} {region}"), file, why);
    }
    let list = array_mut(root, "spot");
    let text_of = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    let at: BTreeMap<(String, String), usize> = list
        .iter()
        .enumerate()
        .map(|(i, v)| ((text_of(v, "instance"), text_of(v, "region")), i))
        .collect();
    let (mut unpriced, mut newer) = (0, 0);
    for b in advisor.bands {
        let Some(row) = at
            .get(&(b.instance.clone(), b.region.clone()))
            .and_then(|&i| list.get_mut(i))
        else {
            unpriced += 1;
            continue;
        };
        let old = row.get("interruption_band").and_then(Value::as_str).map(str::to_string);
        let old_date = row
            .get("band_source")
            .and_then(Value::as_str)
            .and_then(|s| current.source(s))
            .map(|s| s.date);
        if old.is_some() && old_date.is_some_and(|d| d > fetched) {
            newer += 1;
            continue;
        }
        if old.as_deref() != Some(b.band.as_str()) {
            report.changed += 1;
            let was = old.as_deref().unwrap_or("none");
            report
                .lines
                .push(format!("Spot band {} {}: {was} -> {}", b.instance, b.region, b.band));
        }
        if let Some(obj) = row.as_object_mut() {
            obj.insert("interruption_band".into(), json!(b.band));
            obj.insert("band_source".into(), json!(source));
        }
    }
    if unpriced + newer > 0 {
        report.lines.push(format!(
            "Spot Advisor {file}: {unpriced} band(s) of types without a Spot price in the region (not stored), {newer} kept from a newer source"
        ));
    }
    Ok(fetched)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn price(n_az: u32, as_of: &str) -> crate::catalog::SpotPrice {
        crate::catalog::SpotPrice {
            instance: "p5.48xlarge".into(),
            region: "us-east-1".into(),
            median_usd_hr: 20.0,
            min_usd_hr: None,
            max_usd_hr: None,
            n_az,
            n_az_at_od: 0,
            source: "s".into(),
            as_of: IsoDate::parse(as_of).unwrap_or_else(|| panic!("{as_of}")),
            interruption_band: None,
            band_source: None,
        }
    }

    #[test]
    fn a_per_zone_figure_stays_while_recent_and_close_and_an_uncounted_one_only_when_newer() {
        let day = |s: &str| IsoDate::parse(s).unwrap_or_else(|| panic!("{s}"));
        let fetched = day("2026-11-22");
        // The catalog's median is $20.00: a regional $21 is 5 % away, $26 is 30 % away.
        assert!(keeps(&price(3, "2026-11-22"), fetched, 21.0));
        assert!(keeps(&price(3, "2026-11-23"), fetched, 26.0));
        // 2026-08-24 is 90 days before 2026-11-22 (8 + 31 + 31 + 20): kept; a day older is replaced.
        assert!(keeps(&price(3, "2026-08-24"), fetched, 21.0));
        assert!(!keeps(&price(3, "2026-08-23"), fetched, 21.0));
        // Recent but 30 % off: the market moved.
        assert!(!keeps(&price(3, "2026-11-21"), fetched, 26.0));
        assert!(keeps(&price(3, "2026-11-21"), fetched, 25.0));
        // Zones not counted: only a newer figure stays.
        assert!(!keeps(&price(0, "2026-11-22"), fetched, 20.0));
        assert!(keeps(&price(0, "2026-11-23"), fetched, 20.0));
    }

    #[test]
    fn a_long_list_is_cut_at_ten_names() {
        let names: Vec<String> = (0..12).map(|i| i.to_string()).collect();
        assert_eq!(few(&names), "0, 1, 2, 3, 4, 5, 6, 7, 8, 9 and 2 more");
        assert_eq!(few(&names[..2]), "0, 1");
    }
}
