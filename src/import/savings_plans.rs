//! Reading an AWS Savings Plans offer file (one region: `savingsPlan/v1.0/aws/AWSComputeSavingsPlan/current/{region}/index.json`):
//! the Compute and EC2 Instance plans' rates for Linux, shared-tenancy usage of catalog instance types, read
//! as a stream in bounded memory.

use super::stream::{every, walk, Ask, Source};
use super::*;

/// One published rate, as the catalog stores it.
pub(super) struct SpRate {
    pub(super) instance: String,
    pub(super) region: String,
    pub(super) plan: &'static str,
    pub(super) term_years: u32,
    pub(super) payment: &'static str,
    pub(super) usd_hr: f64,
}

fn text<'v>(v: &'v Value, key: &str) -> &'v str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

/// The plan, term and payment of a product (`productFamily`, `purchaseTerm`, `purchaseOption`), with its
/// region; `None` for a product that is not a Compute or EC2 Instance plan of a known term and payment.
fn product(p: &Value) -> Option<(String, SpProduct)> {
    let a = p.get("attributes").unwrap_or(&Value::Null);
    let plan = match text(p, "productFamily") {
        "ComputeSavingsPlans" => "compute",
        "EC2InstanceSavingsPlans" => "ec2instance",
        _ => return None,
    };
    let term = match text(a, "purchaseTerm") {
        "1yr" => 1,
        "3yr" => 3,
        _ => return None,
    };
    let pay = match text(a, "purchaseOption") {
        "No Upfront" => "no",
        "Partial Upfront" => "partial",
        "All Upfront" => "all",
        _ => return None,
    };
    Some((
        text(p, "sku").to_string(),
        (plan, term, pay, text(a, "regionCode").to_string()),
    ))
}

/// A plan product: plan, term in years, payment, region (empty: the file's).
type SpProduct = (&'static str, u32, &'static str, String);

/// One term's rates of known instance types, Linux on shared tenancy.
fn term_rates(
    file: &str,
    t: &Value,
    (plan, term_years, payment, region): &SpProduct,
    region_of_file: &str,
    known: &dyn Fn(&str) -> bool,
    out: &mut Vec<SpRate>,
) -> Result<(), ImportError> {
    let region = if region.is_empty() { region_of_file } else { region };
    for r in t.get("rates").and_then(Value::as_array).into_iter().flatten() {
        let usage = text(r, "discountedUsageType");
        let Some((_, instance)) = usage.split_once("BoxUsage:") else {
            continue;
        };
        if text(r, "discountedOperation") != "RunInstances" || !known(instance) {
            continue;
        }
        let price = r.get("discountedRate").map_or("", |d| text(d, "price"));
        let usd_hr: f64 = price
            .parse()
            .ok()
            .filter(|p: &f64| p.is_finite() && *p > 0.0)
            .ok_or_else(|| {
                err(
                    file,
                    format!("rate of {instance} (sku {}): `{price}` is not a price", text(t, "sku")),
                )
            })?;
        out.push(SpRate {
            instance: instance.to_string(),
            region: region.to_string(),
            plan,
            term_years: *term_years,
            payment,
            usd_hr,
        });
    }
    Ok(())
}

/// Reads the file in two streaming walks (`stream.rs`: its header and products, then its terms, one at a
/// time): its publication date and the rates of known instance types. A rate is Linux
/// (`discountedOperation` `RunInstances`) on shared tenancy (`BoxUsage:TYPE`, with or without a region
/// prefix); for a Compute plan only the rates in the file's own region are kept.
pub(super) fn parse_savings_plans(
    file: &str,
    src: Source,
    known: &dyn Fn(&str) -> bool,
) -> Result<(IsoDate, Vec<SpRate>), ImportError> {
    let mut products: BTreeMap<String, SpProduct> = BTreeMap::new();
    let header = Ask {
        texts: &["publicationDate", "regionCode"],
        paths: &[&["products"]],
        wanted: &every,
    };
    let found = walk(file, src, &header, &mut |_, _, p| {
        products.extend(product(&p));
        Ok(())
    })?;
    let date = found
        .texts
        .get("publicationDate")
        .ok_or_else(|| err(file, "no `publicationDate`: not a Savings Plans offer file"))?;
    let date = date
        .get(..10)
        .and_then(IsoDate::parse)
        .ok_or_else(|| err(file, format!("`publicationDate` `{date}` is not a date")))?;
    let region_of_file = found.texts.get("regionCode").cloned().unwrap_or_default();
    let mut out = Vec::new();
    let terms = Ask {
        texts: &[],
        paths: &[&["terms", "savingsPlan"]],
        // An array: each term's SKU is inside it, so every element is read.
        wanted: &every,
    };
    let found = walk(file, src, &terms, &mut |_, _, t| match products.get(text(&t, "sku")) {
        Some(p) => term_rates(file, &t, p, &region_of_file, known, &mut out),
        None => Ok(()),
    })?;
    if found.seen.first() != Some(&true) {
        return Err(err(file, "no `terms.savingsPlan`: not a Savings Plans offer file"));
    }
    if region_of_file.is_empty() && out.iter().any(|r| r.region.is_empty()) {
        return Err(err(file, "no `regionCode`: cannot tell the rates' region"));
    }
    Ok((date, out))
}
