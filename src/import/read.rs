//! Reading the files AWS offers: the Price List bulk offer file (On-Demand and Reserved terms of catalog
//! instance types) and a Spot price history export (median, min and max per type and region).

use super::stream::{parse_offer_stream, Source};
use super::*;

/// A parsed On-Demand or Reserved rate from an offer file.
pub(super) struct Rate {
    pub(super) instance: String,
    pub(super) region: String,
    pub(super) usd_hr: f64,
}

pub(super) struct RiRate {
    pub(super) instance: String,
    pub(super) region: String,
    pub(super) class: String,
    pub(super) term_years: u32,
    pub(super) payment: String,
    pub(super) effective_usd_hr: f64,
}

fn str_at<'v>(v: &'v Value, path: &[&str]) -> Option<&'v str> {
    path.iter().try_fold(v, |v, k| v.get(*k)).and_then(Value::as_str)
}

pub(super) fn date_prefix(file: &str, s: &str) -> Result<IsoDate, ImportError> {
    s.get(..10)
        .and_then(IsoDate::parse)
        .ok_or_else(|| err(file, format!("`{s}` does not start with a YYYY-MM-DD date")))
}

/// The price dimensions of one offer term.
fn dimensions(term: &Value) -> impl Iterator<Item = &Value> {
    term.get("priceDimensions")
        .and_then(Value::as_object)
        .into_iter()
        .flat_map(|m| m.values())
}

/// Reads Linux, shared-tenancy, no-pre-installed-software instance rates of catalog instance types from an
/// offer file (its text, or its path: read as a stream, `stream.rs`).
pub(super) fn parse_offer(
    file: &str,
    src: Source,
    known: &dyn Fn(&str) -> bool,
) -> Result<(IsoDate, Vec<Rate>, Vec<RiRate>), ImportError> {
    let (published, od, ri) = parse_offer_stream(file, src, known)?;
    if od.is_empty() && ri.is_empty() {
        return Err(err(
            file,
            "no Linux shared-tenancy rate for any instance type of the catalog",
        ));
    }
    Ok((published, od, ri))
}

/// A product's (instance type, region) when it is a catalog type sold for Linux on shared tenancy with
/// nothing pre-installed.
pub(super) fn wanted_product(p: &Value, known: &dyn Fn(&str) -> bool) -> Option<(String, String)> {
    let a = |k: &str| str_at(p, &["attributes", k]);
    let wanted = a("operatingSystem") == Some("Linux")
        && a("tenancy") == Some("Shared")
        && a("preInstalledSw").is_none_or(|s| s == "NA")
        && a("capacitystatus").is_none_or(|s| s == "Used")
        && a("licenseModel").is_none_or(|s| s == "No License required");
    match (wanted, a("instanceType"), a("regionCode")) {
        (true, Some(inst), Some(region)) if known(inst) => Some((inst.to_string(), region.to_string())),
        _ => None,
    }
}

/// Which file, SKU, instance type and region a term belongs to (for its rates and its errors).
pub(super) struct Place<'a> {
    pub(super) file: &'a str,
    pub(super) sku: &'a str,
    pub(super) inst: &'a str,
    pub(super) region: &'a str,
}

/// A price dimension's unit and USD amount.
fn price_of(dim: &Value) -> Option<(String, f64)> {
    let unit = dim.get("unit")?.as_str()?.to_string();
    let usd = dim.get("pricePerUnit")?.get("USD")?.as_str()?.parse::<f64>().ok()?;
    Some((unit, usd))
}

/// An On-Demand term's positive hourly prices.
pub(super) fn on_demand_rates(at: &Place, term: &Value, od: &mut Vec<Rate>) -> Result<(), ImportError> {
    for dim in dimensions(term) {
        match price_of(dim) {
            Some((unit, usd)) if unit == "Hrs" && usd > 0.0 => od.push(Rate {
                instance: at.inst.to_string(),
                region: at.region.to_string(),
                usd_hr: usd,
            }),
            Some(_) => {}
            None => {
                return Err(err(
                    at.file,
                    format!("On-Demand term of SKU {} has no readable USD price", at.sku),
                ))
            }
        }
    }
    Ok(())
}

/// A Reserved term's effective hourly rate (recurring + upfront amortised over the term, DOMAIN.md
/// "Money"), `None` when it is free; an unknown term length or payment is an error.
pub(super) fn reserved_rate(at: &Place, term: &Value) -> Result<Option<RiRate>, ImportError> {
    let ta = |k: &str| str_at(term, &["termAttributes", k]);
    let unknown = |what: &str, v: Option<&str>| {
        let v = v.unwrap_or("(missing)");
        err(
            at.file,
            format!("Reserved term of SKU {}: unknown {what} `{v}`", at.sku),
        )
    };
    let years = match ta("LeaseContractLength") {
        Some("1yr") => 1,
        Some("3yr") => 3,
        other => return Err(unknown("LeaseContractLength", other)),
    };
    let class = ta("OfferingClass").unwrap_or("standard").to_ascii_lowercase();
    let payment = match ta("PurchaseOption") {
        Some("No Upfront") => "no",
        Some("Partial Upfront") => "partial",
        Some("All Upfront") => "all",
        other => return Err(unknown("PurchaseOption", other)),
    };
    let (mut hourly, mut upfront) = (0.0, 0.0);
    for dim in dimensions(term) {
        match price_of(dim) {
            Some((unit, usd)) if unit == "Hrs" => hourly += usd,
            Some((unit, usd)) if unit == "Quantity" => upfront += usd,
            _ => {
                let msg = format!("Reserved term of SKU {} has an unreadable price", at.sku);
                return Err(err(at.file, msg));
            }
        }
    }
    let effective = hourly + upfront / (f64::from(years) * 8760.0);
    Ok((effective > 0.0).then(|| RiRate {
        instance: at.inst.to_string(),
        region: at.region.to_string(),
        class,
        term_years: years,
        payment: payment.into(),
        effective_usd_hr: effective,
    }))
}

/// Latest price per availability zone, then median/min/max per (instance, region).
pub(super) fn parse_spot(
    file: &str,
    text: &str,
    known: &dyn Fn(&str) -> bool,
) -> Result<(IsoDate, Vec<Value>), ImportError> {
    let v: Value = serde_json::from_str(text).map_err(|e| err(file, format!("not JSON: {e}")))?;
    let rows = v.get("SpotPriceHistory").and_then(Value::as_array).ok_or_else(|| {
        err(
            file,
            "no `SpotPriceHistory` array (expected `aws ec2 describe-spot-price-history` output)",
        )
    })?;
    let mut latest: BTreeMap<(String, String), (String, f64)> = BTreeMap::new();
    let mut newest = String::new();
    for (i, r) in rows.iter().enumerate() {
        let field = |k: &str| {
            r.get(k)
                .and_then(Value::as_str)
                .ok_or_else(|| err(file, format!("entry {i}: no `{k}`")))
        };
        let (az, inst, desc, ts) = (
            field("AvailabilityZone")?,
            field("InstanceType")?,
            field("ProductDescription")?,
            field("Timestamp")?,
        );
        let price: f64 = field("SpotPrice")?
            .parse()
            .map_err(|_| err(file, format!("entry {i}: `SpotPrice` is not a number")))?;
        date_prefix(file, ts)?;
        if desc != "Linux/UNIX" || !known(inst) || !(price > 0.0 && price.is_finite()) {
            continue;
        }
        if ts > newest.as_str() {
            newest = ts.to_string();
        }
        let slot = latest
            .entry((inst.to_string(), az.to_string()))
            .or_insert((String::new(), 0.0));
        if ts > slot.0.as_str() {
            *slot = (ts.to_string(), price);
        }
    }
    if latest.is_empty() {
        return Err(err(
            file,
            "no Linux/UNIX Spot price for any instance type of the catalog",
        ));
    }
    let date = date_prefix(file, &newest)?;
    let mut by_region: BTreeMap<(String, String), Vec<f64>> = BTreeMap::new();
    for ((inst, az), (_, price)) in latest {
        // us-east-1a -> us-east-1; Local Zones (us-east-1-atl-2a) are skipped.
        let region = az.trim_end_matches(|c: char| c.is_ascii_lowercase());
        let parts: Vec<&str> = region.split('-').collect();
        if parts.len() == 3 && parts.last().is_some_and(|p| p.chars().all(|c| c.is_ascii_digit())) {
            by_region.entry((inst, region.to_string())).or_default().push(price);
        }
    }
    let out = by_region
        .into_iter()
        .map(|((inst, region), mut prices)| {
            #[allow(clippy::disallowed_methods)] // native only: the importer is not in the wasm
            prices.sort_by(f64::total_cmp);
            let n = prices.len();
            let median = if n % 2 == 1 {
                prices.get(n / 2).copied().unwrap_or(0.0)
            } else {
                (prices.get(n / 2 - 1).copied().unwrap_or(0.0) + prices.get(n / 2).copied().unwrap_or(0.0)) / 2.0
            };
            json!({"instance": inst, "region": region, "median_usd_hr": median,
                   "min_usd_hr": prices.first(), "max_usd_hr": prices.last(), "n_az": n, "n_az_at_od": 0})
        })
        .collect();
    Ok((date, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    const AT: Place = Place {
        file: "o.json",
        sku: "S1",
        inst: "p5.48xlarge",
        region: "us-east-1",
    };

    fn term(attrs: Value, dims: &[(&str, &str)]) -> Value {
        let dims: serde_json::Map<String, Value> = dims
            .iter()
            .enumerate()
            .map(|(i, (unit, usd))| (i.to_string(), json!({"unit": unit, "pricePerUnit": {"USD": usd}})))
            .collect();
        json!({"termAttributes": attrs, "priceDimensions": dims})
    }

    #[test]
    fn a_reserved_rate_amortises_its_upfront_over_the_term() {
        let attrs = json!({"LeaseContractLength": "1yr", "PurchaseOption": "Partial Upfront"});
        let r = reserved_rate(&AT, &term(attrs, &[("Hrs", "1.5"), ("Quantity", "8760")]));
        let r = r
            .ok()
            .flatten()
            .map(|r| (r.effective_usd_hr, r.class, r.payment, r.term_years));
        assert_eq!(r, Some((2.5, "standard".into(), "partial".into(), 1)));
        let free = json!({"LeaseContractLength": "3yr", "PurchaseOption": "All Upfront"});
        assert!(matches!(reserved_rate(&AT, &term(free, &[("Hrs", "0")])), Ok(None)));
    }

    #[test]
    fn an_unreadable_term_is_an_error_naming_the_sku() {
        let problem = |t: Value| reserved_rate(&AT, &t).err().map(|e| e.problem).unwrap_or_default();
        let five = json!({"LeaseContractLength": "5yr", "PurchaseOption": "No Upfront"});
        assert_eq!(
            problem(term(five, &[])),
            "Reserved term of SKU S1: unknown LeaseContractLength `5yr`"
        );
        let nopay = json!({"LeaseContractLength": "1yr"});
        assert!(problem(term(nopay, &[])).ends_with("unknown PurchaseOption `(missing)`"));
        let mut od = Vec::new();
        assert!(on_demand_rates(&AT, &term(json!({}), &[("Hrs", "x")]), &mut od).is_err());
        assert!(on_demand_rates(&AT, &term(json!({}), &[("Hrs", "0"), ("Hrs", "2")]), &mut od).is_ok());
        assert_eq!(od.iter().map(|r| r.usd_hr).collect::<Vec<_>>(), [2.0]);
    }

    #[test]
    fn only_linux_shared_skus_of_known_types_are_read() {
        let p = |os: &str, inst: &str| json!({"attributes": {"operatingSystem": os, "tenancy": "Shared", "instanceType": inst, "regionCode": "us-east-1"}});
        let known = |i: &str| i.starts_with("p5");
        let want = |v: Value| wanted_product(&v, &known);
        assert_eq!(
            want(p("Linux", "p5.48xlarge")),
            Some(("p5.48xlarge".into(), "us-east-1".into()))
        );
        assert_eq!(want(p("Windows", "p5.48xlarge")), None);
        assert_eq!(want(p("Linux", "m5.large")), None);
    }
}
