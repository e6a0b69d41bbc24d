//! Price refresh from files a user downloads from AWS: the Price List bulk offer file for AmazonEC2 (On-Demand and Reserved terms), the Savings Plans offer file, a Spot price history export, and the credential-free Spot price feed and Spot Instance Advisor data. Pure: text in, new catalog text and a report out.
//!
//! The catalog is edited as JSON values so fields this module does not know survive untouched; the
//! result is validated by `Catalog::parse` before it is returned, so a refresh can never produce a
//! catalog the page would refuse.

use crate::catalog::{Catalog, IsoDate};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

mod history;
mod plausible;
mod read;
mod savings_plans;
mod spot_feed;
mod spot_merge;
mod stream;
pub use plausible::{is_aws_region, AWS_REGIONS, BAND_FACTOR, RI_FLOOR_SHARE};
use read::{parse_offer, parse_spot, RiRate};
use savings_plans::parse_savings_plans;
pub use stream::{Open, Source};

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
    /// The same, read as a stream in bounded memory (the real files run to gigabytes): name, and how to
    /// open its bytes (the binary opens the file; the library opens nothing).
    OfferReader(&'a str, &'a Open),
    /// `aws ec2 describe-spot-price-history` output: name, text.
    SpotHistory(&'a str, &'a str),
    /// AWS Savings Plans offer file (one region): name, text.
    SavingsPlans(&'a str, &'a str),
    /// The same, read as a stream in bounded memory: name, and how to open its bytes.
    SavingsPlansReader(&'a str, &'a Open),
    /// The public Spot price feed (`spot.json`, or its JSONP form `spot.js`): name, text, the day it was
    /// fetched (the file carries no date). Regional prices: written with `n_az: 0` (zones not counted).
    SpotFeed(&'a str, &'a str, IsoDate),
    /// The Spot Instance Advisor data (`spot-advisor-data.json`): name, text, the day it was fetched. Its
    /// bands go on the Spot prices the catalog holds, so it is applied after every other file.
    SpotAdvisor(&'a str, &'a str, IsoDate),
}

impl Input<'_> {
    /// The name of the file, as errors and sources give it.
    pub fn name(&self) -> &str {
        match self {
            Input::Offer(file, _)
            | Input::OfferReader(file, _)
            | Input::SpotHistory(file, _)
            | Input::SavingsPlans(file, _)
            | Input::SavingsPlansReader(file, _)
            | Input::SpotFeed(file, _, _)
            | Input::SpotAdvisor(file, _, _) => file,
        }
    }
}

/// What an import changed.
#[derive(Debug, Default, PartialEq)]
pub struct Report {
    pub lines: Vec<String>,
    pub changed: usize,
    /// Figures left out by a plausibility rule (each also a line starting "refused:").
    pub refused: usize,
}

impl Report {
    fn refuse(&mut self, what: String, file: &str, why: String) {
        self.refused += 1;
        self.lines.push(format!(
            "refused: {what} from {file}: {why}; the catalog keeps what it had"
        ));
    }
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

/// Adds (or replaces) the source of an imported AWS file: a published price list (`kind`).
fn add_source(root: &mut Map<String, Value>, id: &str, title: String, location: &str, date: IsoDate) {
    let sources = array_mut(root, "sources");
    sources.retain(|s| s.get("id").and_then(Value::as_str) != Some(id));
    let date = date.to_string();
    sources.push(
        json!({"id": id, "title": title, "publisher": "AWS", "where": location, "date": date, "kind": "published"}),
    );
}

/// Applies the inputs to the catalog text without a clock (no file is refused for its date). On any error
/// nothing is returned, so the caller writes nothing.
pub fn apply(catalog_json: &str, inputs: &[Input]) -> Result<(String, Report), ImportError> {
    apply_at(catalog_json, inputs, None)
}

/// Applies one file to the catalog as JSON (checked against `current`, the catalog as the files before
/// left it); returns the file's date.
fn apply_one(
    root: &mut Map<String, Value>,
    report: &mut Report,
    current: &Catalog,
    input: &Input,
) -> Result<IsoDate, ImportError> {
    match *input {
        Input::Offer(file, text) => apply_offer(root, report, current, file, Source::Text(text)),
        Input::OfferReader(file, open) => apply_offer(root, report, current, file, Source::Reader(open)),
        Input::SpotHistory(file, text) => apply_spot_history(root, report, current, file, text),
        Input::SavingsPlans(file, text) => apply_savings_plans(root, report, current, file, Source::Text(text)),
        Input::SavingsPlansReader(file, open) => apply_savings_plans(root, report, current, file, Source::Reader(open)),
        Input::SpotFeed(file, text, fetched) => spot_merge::apply_spot_feed(root, report, current, file, text, fetched),
        Input::SpotAdvisor(file, text, fetched) => {
            spot_merge::apply_spot_advisor(root, report, current, file, text, fetched)
        }
    }
}

/// Applies the inputs as of `today` (the importer's clock): a file dated later is refused. Implausible
/// figures are left out and named in the report (`plausible.rs`). Each file is checked against the catalog
/// as the files before it left it (a Spot price against the On-Demand rate an offer file just brought); the
/// Advisor data comes last, so its bands reach the Spot prices the other files wrote. On any error nothing
/// is returned.
pub fn apply_at(catalog_json: &str, inputs: &[Input], today: Option<IsoDate>) -> Result<(String, Report), ImportError> {
    let mut current = Catalog::parse(catalog_json).map_err(|e| err("catalog.json", e.to_string()))?;
    let mut root: Map<String, Value> =
        serde_json::from_str(catalog_json).map_err(|e| err("catalog.json", e.to_string()))?;
    let mut report = Report::default();
    let mut newest = current.as_of;
    let mut text = None;
    let advisor = |i: &&Input| matches!(i, Input::SpotAdvisor(..));
    let ordered = inputs
        .iter()
        .filter(|i| !advisor(i))
        .chain(inputs.iter().filter(advisor));
    for input in ordered {
        let date = apply_one(&mut root, &mut report, &current, input)?;
        let name = input.name();
        if let Some(why) = plausible::date_refusal(date, today) {
            return Err(err(name, format!("refused: the file is {why}")));
        }
        newest = newest.max(date);
        // Each file's figures are checked as soon as they are in, so a refusal names the file that brought
        // the figure (and the catalog entry and field it would break), not the catalog as a whole.
        // A file's figures are dated up to its own date: the catalog's date moves first, so the check
        // below sees the catalog as it will be written (rule: no entry dated after the catalog).
        root.insert("as_of".into(), json!(newest.to_string()));
        sort_prices(&mut root);
        let (checked, after) = history::checked_with_moves(&mut root, &mut report, &current, name)?;
        current = after;
        text = Some(checked);
    }
    // The last file's check was of the catalog as written; without a file, the catalog as it came.
    let text = match text {
        Some(t) => t,
        None => {
            let t = write_catalog(&root);
            Catalog::parse(&t).map_err(|e| err("catalog.json (after import)", e.to_string()))?;
            t
        }
    };
    Ok((text, report))
}

/// New prices were appended: the tables go back into (instance, region) order (rule `prices_in_order`).
fn sort_prices(root: &mut Map<String, Value>) {
    for table in ["on_demand", "spot"] {
        let key = |v: &Value| {
            let text = |k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_string();
            (text("instance"), text("region"))
        };
        let list = array_mut(root, table);
        *list = crate::order::sorted(std::mem::take(list), &|a, b| key(a).cmp(&key(b)));
    }
}

/// One offer file: its On-Demand prices replace the same type's and region's (the instance gains the
/// region), its Reserved Instance rates replace earlier ones; returns the file's date.
fn apply_offer(
    root: &mut Map<String, Value>,
    report: &mut Report,
    current: &Catalog,
    file: &str,
    src: Source,
) -> Result<IsoDate, ImportError> {
    let known = |id: &str| current.instance(id).is_some();
    let (date, od, ri) = parse_offer(file, src, &known)?;
    let od = plausible_on_demand(report, current, od, file);
    let ri = plausible_reserved(report, current, &od, ri, file);
    let regions: Vec<&str> = od
        .iter()
        .map(|r| r.region.as_str())
        .chain(ri.iter().map(|r| r.region.as_str()))
        .collect();
    let region = regions.first().copied().unwrap_or("all");
    let source = format!("aws-price-list-{region}-{date}");
    add_source(
        root,
        &source,
        format!("AWS Price List bulk offer file, AmazonEC2, {region} (published {date})"),
        file,
        date,
    );
    for r in od {
        let key = [("instance", &json!(r.instance)), ("region", &json!(r.region))];
        let list = array_mut(root, "on_demand");
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
    replace_reserved(root, report, ri, &source, date, file);
    Ok(date)
}

/// The On-Demand rates that pass `plausible::on_demand_refusal`; the others are named in the report.
fn plausible_on_demand(report: &mut Report, current: &Catalog, od: Vec<read::Rate>, file: &str) -> Vec<read::Rate> {
    let mut kept = Vec::new();
    for r in od {
        match plausible::on_demand_refusal(current, &r.instance, &r.region, r.usd_hr) {
            None => kept.push(r),
            Some(why) => report.refuse(format!("On-Demand {} {}", r.instance, r.region), file, why),
        }
    }
    kept
}

/// The Reserved rates that pass `plausible::reserved_refusal` against this file's On-Demand rate of the
/// type and region (else the catalog's); the others are named in the report.
fn plausible_reserved(
    report: &mut Report,
    current: &Catalog,
    od: &[read::Rate],
    ri: Vec<RiRate>,
    file: &str,
) -> Vec<RiRate> {
    let mut kept = Vec::new();
    for r in ri {
        let od_usd_hr = od
            .iter()
            .find(|o| o.instance == r.instance && o.region == r.region)
            .map(|o| o.usd_hr)
            .or_else(|| current.on_demand(&r.instance, &r.region).map(|p| p.usd_hr));
        match plausible::reserved_refusal(&r.region, r.effective_usd_hr, od_usd_hr) {
            None => kept.push(r),
            Some(why) => {
                let what = format!(
                    "Reserved {} {} {}-year {} upfront",
                    r.instance, r.region, r.term_years, r.payment
                );
                report.refuse(what, file, why);
            }
        }
    }
    kept
}

/// Published RI rates replace earlier ones of the same type and region.
fn replace_reserved(
    root: &mut Map<String, Value>,
    report: &mut Report,
    ri: Vec<RiRate>,
    source: &str,
    date: IsoDate,
    file: &str,
) {
    let replaced: Vec<(String, String)> = ri.iter().map(|r| (r.instance.clone(), r.region.clone())).collect();
    let list = array_mut(root, "reserved");
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

/// One Spot price history export: medians below On-Demand replace the same type's and region's (keeping
/// the Advisor band); returns the export's date.
fn apply_spot_history(
    root: &mut Map<String, Value>,
    report: &mut Report,
    current: &Catalog,
    file: &str,
    text: &str,
) -> Result<IsoDate, ImportError> {
    let known = |id: &str| current.instance(id).is_some();
    let (date, rows) = parse_spot(file, text, &known)?;
    let source = format!("aws-spot-history-{date}");
    add_source(
        root,
        &source,
        format!("EC2 Spot price history export (latest {date})"),
        file,
        date,
    );
    for mut row in rows {
        let (inst, region) = (row["instance"].clone(), row["region"].clone());
        let od = current
            .on_demand(inst.as_str().unwrap_or(""), region.as_str().unwrap_or(""))
            .map(|p| p.usd_hr);
        let median = row["median_usd_hr"].as_f64().unwrap_or(0.0);
        if let Some(code) = region.as_str().filter(|r| !is_aws_region(r)) {
            report.refuse(
                format!("Spot {inst} {code}"),
                file,
                format!("`{code}` is not an AWS region code"),
            );
            continue;
        }
        if od.is_some_and(|o| median >= o) {
            report.lines.push(format!(
                "Spot {inst} {region}: median {median} is not below On-Demand; skipped"
            ));
            continue;
        }
        let list = array_mut(root, "spot");
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
    Ok(date)
}

/// One Savings Plans offer file: its rates replace the catalog's for the same type, region, plan, term and
/// payment; a rate not below the On-Demand price is skipped; returns the file's date.
fn apply_savings_plans(
    root: &mut Map<String, Value>,
    report: &mut Report,
    current: &Catalog,
    file: &str,
    src: Source,
) -> Result<IsoDate, ImportError> {
    let known = |id: &str| current.instance(id).is_some();
    let (date, rates) = parse_savings_plans(file, src, &known)?;
    let region = rates.first().map_or("all", |r| r.region.as_str()).to_string();
    let source = format!("aws-savings-plans-{region}-{date}");
    add_source(
        root,
        &source,
        format!("AWS Savings Plans offer file, {region} (published {date})"),
        file,
        date,
    );
    for r in rates {
        let od = current.on_demand(&r.instance, &r.region).map(|p| p.usd_hr);
        if od.is_none_or(|o| r.usd_hr >= o) {
            report.lines.push(format!(
                "Savings Plan {} {} {} {}y: {} is not below On-Demand; skipped",
                r.instance, r.region, r.plan, r.term_years, r.usd_hr
            ));
            continue;
        }
        let key = [
            ("instance", &json!(r.instance)),
            ("region", &json!(r.region)),
            ("plan", &json!(r.plan)),
            ("term_years", &json!(r.term_years)),
        ];
        let list = array_mut(root, "savings_plan_rates");
        let before = list.iter().position(|v| {
            same(v, &key) && matches!(v.get("payment"), Some(p) if p == &json!(r.payment) || p.is_null())
        });
        let old = before
            .and_then(|i| list.get(i))
            .and_then(|v| v.get("effective_usd_hr"))
            .and_then(Value::as_f64);
        if let Some(i) = before {
            list.remove(i);
        }
        list.push(
            json!({"instance": r.instance, "region": r.region, "plan": r.plan, "term_years": r.term_years,
                         "payment": r.payment, "effective_usd_hr": r.usd_hr, "upfront_usd": null,
                         "source": source, "as_of": date.to_string()}),
        );
        if old != Some(r.usd_hr) {
            report.changed += 1;
            report.lines.push(match old {
                Some(b) => format!(
                    "Savings Plan {} {} {} {}y {}: {b} -> {}",
                    r.instance, r.region, r.plan, r.term_years, r.payment, r.usd_hr
                ),
                None => format!(
                    "Savings Plan {} {} {} {}y {}: new {}",
                    r.instance, r.region, r.plan, r.term_years, r.payment, r.usd_hr
                ),
            });
        }
    }
    Ok(date)
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
