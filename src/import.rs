//! Price refresh from files a user downloads from AWS: the Price List bulk offer file for AmazonEC2 (On-Demand and Reserved terms) and a Spot price history export. Pure: text in, new catalog text and a report out.
//!
//! The catalog is edited as JSON values so fields this module does not know survive untouched; the
//! result is validated by `Catalog::parse` before it is returned, so a refresh can never produce a
//! catalog the page would refuse.

use crate::catalog::{Catalog, IsoDate};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// Why an input was refused. Always names the file.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{file}: {problem}")]
pub struct ImportError {
    pub file: String,
    pub problem: String,
}

fn err(file: &str, problem: impl Into<String>) -> ImportError {
    ImportError {
        file: file.to_string(),
        problem: problem.into(),
    }
}

/// One input file.
pub enum Input<'a> {
    /// AWS Price List bulk offer file (AmazonEC2, one region): name, text.
    Offer(&'a str, &'a str),
    /// `aws ec2 describe-spot-price-history` output: name, text.
    SpotHistory(&'a str, &'a str),
}

/// What an import changed.
#[derive(Debug, Default, PartialEq)]
pub struct Report {
    pub lines: Vec<String>,
    pub changed: usize,
}

/// A parsed On-Demand or Reserved rate from an offer file.
struct Rate {
    instance: String,
    region: String,
    usd_hr: f64,
}

struct RiRate {
    instance: String,
    region: String,
    class: String,
    term_years: u32,
    payment: String,
    effective_usd_hr: f64,
}

fn str_at<'v>(v: &'v Value, path: &[&str]) -> Option<&'v str> {
    path.iter().try_fold(v, |v, k| v.get(*k)).and_then(Value::as_str)
}

fn date_prefix(file: &str, s: &str) -> Result<IsoDate, ImportError> {
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

/// Reads Linux, shared-tenancy, no-pre-installed-software instance rates of catalog instance types.
fn parse_offer(
    file: &str,
    text: &str,
    known: &dyn Fn(&str) -> bool,
) -> Result<(IsoDate, Vec<Rate>, Vec<RiRate>), ImportError> {
    let v: Value = serde_json::from_str(text).map_err(|e| err(file, format!("not JSON: {e}")))?;
    if str_at(&v, &["offerCode"]) != Some("AmazonEC2") {
        return Err(err(
            file,
            "not an AmazonEC2 offer file (`offerCode` is not \"AmazonEC2\")",
        ));
    }
    let published = date_prefix(
        file,
        str_at(&v, &["publicationDate"]).ok_or_else(|| err(file, "no `publicationDate`"))?,
    )?;
    let products = v
        .get("products")
        .and_then(Value::as_object)
        .ok_or_else(|| err(file, "no `products` object"))?;
    let mut skus: BTreeMap<&str, (String, String)> = BTreeMap::new();
    for (sku, p) in products {
        let a = |k: &str| str_at(p, &["attributes", k]);
        let wanted = a("operatingSystem") == Some("Linux")
            && a("tenancy") == Some("Shared")
            && a("preInstalledSw").is_none_or(|s| s == "NA")
            && a("capacitystatus").is_none_or(|s| s == "Used")
            && a("licenseModel").is_none_or(|s| s == "No License required");
        if let (true, Some(inst), Some(region)) = (wanted, a("instanceType"), a("regionCode")) {
            if known(inst) {
                skus.insert(sku.as_str(), (inst.to_string(), region.to_string()));
            }
        }
    }
    let terms = v.get("terms").ok_or_else(|| err(file, "no `terms` object"))?;
    let price_of = |dim: &Value| -> Option<(String, f64)> {
        let unit = dim.get("unit")?.as_str()?.to_string();
        let usd = dim.get("pricePerUnit")?.get("USD")?.as_str()?.parse::<f64>().ok()?;
        Some((unit, usd))
    };
    let mut od = Vec::new();
    let mut ri = Vec::new();
    for (sku, (inst, region)) in &skus {
        for term in terms
            .get("OnDemand")
            .and_then(|t| t.get(*sku))
            .and_then(Value::as_object)
            .into_iter()
            .flat_map(|m| m.values())
        {
            for dim in dimensions(term) {
                match price_of(dim) {
                    Some((unit, usd)) if unit == "Hrs" && usd > 0.0 => od.push(Rate {
                        instance: inst.clone(),
                        region: region.clone(),
                        usd_hr: usd,
                    }),
                    Some(_) => {}
                    None => {
                        return Err(err(
                            file,
                            format!("On-Demand term of SKU {sku} has no readable USD price"),
                        ))
                    }
                }
            }
        }
        for term in terms
            .get("Reserved")
            .and_then(|t| t.get(*sku))
            .and_then(Value::as_object)
            .into_iter()
            .flat_map(|m| m.values())
        {
            let ta = |k: &str| str_at(term, &["termAttributes", k]);
            let years = match ta("LeaseContractLength") {
                Some("1yr") => 1,
                Some("3yr") => 3,
                other => {
                    return Err(err(
                        file,
                        format!(
                            "Reserved term of SKU {sku}: unknown LeaseContractLength `{}`",
                            other.unwrap_or("(missing)")
                        ),
                    ))
                }
            };
            let class = ta("OfferingClass").unwrap_or("standard").to_ascii_lowercase();
            let payment = match ta("PurchaseOption") {
                Some("No Upfront") => "no",
                Some("Partial Upfront") => "partial",
                Some("All Upfront") => "all",
                other => {
                    return Err(err(
                        file,
                        format!(
                            "Reserved term of SKU {sku}: unknown PurchaseOption `{}`",
                            other.unwrap_or("(missing)")
                        ),
                    ))
                }
            };
            let (mut hourly, mut upfront) = (0.0, 0.0);
            for dim in dimensions(term) {
                match price_of(dim) {
                    Some((unit, usd)) if unit == "Hrs" => hourly += usd,
                    Some((unit, usd)) if unit == "Quantity" => upfront += usd,
                    _ => return Err(err(file, format!("Reserved term of SKU {sku} has an unreadable price"))),
                }
            }
            // Effective hourly = recurring + upfront amortised over the term (DOMAIN.md "Money").
            let effective = hourly + upfront / (f64::from(years) * 8760.0);
            if effective > 0.0 {
                ri.push(RiRate {
                    instance: inst.clone(),
                    region: region.clone(),
                    class,
                    term_years: years,
                    payment: payment.into(),
                    effective_usd_hr: effective,
                });
            }
        }
    }
    if od.is_empty() && ri.is_empty() {
        return Err(err(
            file,
            "no Linux shared-tenancy rate for any instance type of the catalog",
        ));
    }
    Ok((published, od, ri))
}

/// Latest price per availability zone, then median/min/max per (instance, region).
fn parse_spot(file: &str, text: &str, known: &dyn Fn(&str) -> bool) -> Result<(IsoDate, Vec<Value>), ImportError> {
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

fn array_mut<'a>(root: &'a mut Map<String, Value>, key: &str) -> &'a mut Vec<Value> {
    let slot = root.entry(key.to_string()).or_insert_with(|| Value::Array(Vec::new()));
    if !slot.is_array() {
        *slot = Value::Array(Vec::new());
    }
    match slot {
        Value::Array(a) => a,
        _ => unreachable!("replaced by an array above"),
    }
}

fn same(v: &Value, keys: &[(&str, &Value)]) -> bool {
    keys.iter().all(|(k, want)| v.get(*k) == Some(*want))
}

fn add_source(root: &mut Map<String, Value>, id: &str, title: String, location: &str, date: IsoDate) {
    let sources = array_mut(root, "sources");
    sources.retain(|s| s.get("id").and_then(Value::as_str) != Some(id));
    sources.push(json!({"id": id, "title": title, "publisher": "AWS", "where": location, "date": date.to_string()}));
}

/// Applies the inputs to the catalog text. On any error nothing is returned, so the caller writes nothing.
pub fn apply(catalog_json: &str, inputs: &[Input]) -> Result<(String, Report), ImportError> {
    let current = Catalog::parse(catalog_json).map_err(|e| err("catalog.json", e.to_string()))?;
    let known = |id: &str| current.instance(id).is_some();
    let mut root: Map<String, Value> =
        serde_json::from_str(catalog_json).map_err(|e| err("catalog.json", e.to_string()))?;
    let mut report = Report::default();
    let mut newest = current.as_of;
    for input in inputs {
        match input {
            Input::Offer(file, text) => {
                let (date, od, ri) = parse_offer(file, text, &known)?;
                let regions: Vec<&str> = od
                    .iter()
                    .map(|r| r.region.as_str())
                    .chain(ri.iter().map(|r| r.region.as_str()))
                    .collect();
                let region = regions.first().copied().unwrap_or("all");
                let source = format!("aws-price-list-{region}-{date}");
                add_source(
                    &mut root,
                    &source,
                    format!("AWS Price List bulk offer file, AmazonEC2, {region} (published {date})"),
                    file,
                    date,
                );
                newest = newest.max(date);
                for r in od {
                    let key = [("instance", &json!(r.instance)), ("region", &json!(r.region))];
                    let list = array_mut(&mut root, "on_demand");
                    let old = list.iter().position(|v| same(v, &key));
                    let before = old
                        .and_then(|i| list.get(i))
                        .and_then(|v| v.get("usd_hr"))
                        .and_then(Value::as_f64);
                    if let Some(i) = old {
                        list.remove(i);
                    }
                    list.push(json!({"instance": r.instance, "region": r.region, "usd_hr": r.usd_hr,
                                     "source": source, "as_of": date.to_string(), "derived": false}));
                    if before != Some(r.usd_hr) {
                        report.changed += 1;
                        report.lines.push(match before {
                            Some(b) => format!("On-Demand {} {}: {b} -> {}", r.instance, r.region, r.usd_hr),
                            None => format!("On-Demand {} {}: new {}", r.instance, r.region, r.usd_hr),
                        });
                    }
                    let regions = root
                        .get_mut("instances")
                        .and_then(Value::as_array_mut)
                        .and_then(|a| a.iter_mut().find(|i| i.get("id") == Some(&json!(r.instance))))
                        .and_then(|i| i.get_mut("regions"))
                        .and_then(Value::as_array_mut);
                    if let Some(regions) = regions {
                        if !regions.contains(&json!(r.region)) {
                            regions.push(json!(r.region));
                        }
                    }
                }
                // Published RI rates replace earlier ones of the same type and region.
                let replaced: Vec<(String, String)> =
                    ri.iter().map(|r| (r.instance.clone(), r.region.clone())).collect();
                let list = array_mut(&mut root, "reserved");
                let before = list.len();
                list.retain(|v| {
                    !replaced
                        .iter()
                        .any(|(i, g)| same(v, &[("instance", &json!(i)), ("region", &json!(g))]))
                });
                let removed = before - list.len();
                let added = ri.len();
                for r in ri {
                    list.push(
                        json!({"instance": r.instance, "region": r.region, "class": r.class, "term_years": r.term_years,
                                     "payment": r.payment, "effective_usd_hr": r.effective_usd_hr, "source": source,
                                     "as_of": date.to_string()}),
                    );
                }
                if added > 0 {
                    report.changed += added;
                    report.lines.push(format!(
                        "Reserved: {added} rates from {file} replace {removed} earlier ones"
                    ));
                }
            }
            Input::SpotHistory(file, text) => {
                let (date, rows) = parse_spot(file, text, &known)?;
                let source = format!("aws-spot-history-{date}");
                add_source(
                    &mut root,
                    &source,
                    format!("EC2 Spot price history export (latest {date})"),
                    file,
                    date,
                );
                newest = newest.max(date);
                for mut row in rows {
                    let (inst, region) = (row["instance"].clone(), row["region"].clone());
                    let od = current
                        .on_demand(inst.as_str().unwrap_or(""), region.as_str().unwrap_or(""))
                        .map(|p| p.usd_hr);
                    let median = row["median_usd_hr"].as_f64().unwrap_or(0.0);
                    if od.is_some_and(|o| median >= o) {
                        report.lines.push(format!(
                            "Spot {inst} {region}: median {median} is not below On-Demand; skipped"
                        ));
                        continue;
                    }
                    let list = array_mut(&mut root, "spot");
                    let key = [("instance", &inst), ("region", &region)];
                    let old = list.iter().position(|v| same(v, &key));
                    let band = old
                        .and_then(|i| list.get(i))
                        .and_then(|v| v.get("interruption_band").cloned());
                    let band_source = old
                        .and_then(|i| list.get(i))
                        .and_then(|v| v.get("band_source").cloned());
                    if let Some(i) = old {
                        list.remove(i);
                    }
                    if let Some(obj) = row.as_object_mut() {
                        obj.insert("source".into(), json!(source));
                        obj.insert("as_of".into(), json!(date.to_string()));
                        if let (Some(b), Some(bs)) = (band, band_source) {
                            obj.insert("interruption_band".into(), b);
                            obj.insert("band_source".into(), bs);
                        }
                    }
                    report.changed += 1;
                    report.lines.push(format!("Spot {inst} {region}: median {median}"));
                    list.push(row);
                }
            }
        }
    }
    root.insert("as_of".into(), json!(newest.to_string()));
    let text = write_catalog(&root);
    Catalog::parse(&text).map_err(|e| err("catalog.json (after import)", e.to_string()))?;
    Ok((text, report))
}

/// Writes the catalog with one array entry per line, as scripts/build_catalog.py does.
pub fn write_catalog(root: &Map<String, Value>) -> String {
    let mut out = String::from("{");
    for (i, (k, v)) in root.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&Value::String(k.clone()).to_string());
        out.push(':');
        match v {
            Value::Array(items) if !items.is_empty() => {
                out.push('[');
                for (j, item) in items.iter().enumerate() {
                    out.push_str(if j == 0 { "\n" } else { ",\n" });
                    out.push_str(&item.to_string());
                }
                out.push(']');
            }
            other => out.push_str(&other.to_string()),
        }
    }
    out.push_str("}\n");
    out
}
