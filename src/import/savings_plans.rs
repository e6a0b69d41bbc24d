//! Reading an AWS Savings Plans offer file (one region: `savingsPlan/v1.0/aws/AWSComputeSavingsPlan/current/{region}/index.json`):
//! the Compute and EC2 Instance plans' rates for Linux, shared-tenancy usage of catalog instance types.

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

/// The plan, term and payment of each product SKU (`productFamily`, `purchaseTerm`, `purchaseOption`),
/// with its region.
fn products(v: &Value) -> BTreeMap<String, (&'static str, u32, &'static str, String)> {
    let mut out = BTreeMap::new();
    for p in v.get("products").and_then(Value::as_array).into_iter().flatten() {
        let a = p.get("attributes").unwrap_or(&Value::Null);
        let plan = match text(p, "productFamily") {
            "ComputeSavingsPlans" => "compute",
            "EC2InstanceSavingsPlans" => "ec2instance",
            _ => continue,
        };
        let term = match text(a, "purchaseTerm") {
            "1yr" => 1,
            "3yr" => 3,
            _ => continue,
        };
        let pay = match text(a, "purchaseOption") {
            "No Upfront" => "no",
            "Partial Upfront" => "partial",
            "All Upfront" => "all",
            _ => continue,
        };
        out.insert(
            text(p, "sku").to_string(),
            (plan, term, pay, text(a, "regionCode").to_string()),
        );
    }
    out
}

/// Reads the file: its publication date and the rates of known instance types. A rate is Linux
/// (`discountedOperation` `RunInstances`) on shared tenancy (`BoxUsage:TYPE`, with or without a region
/// prefix); for a Compute plan only the rates in the file's own region are kept.
pub(super) fn parse_savings_plans(
    file: &str,
    text_in: &str,
    known: &dyn Fn(&str) -> bool,
) -> Result<(IsoDate, Vec<SpRate>), ImportError> {
    let v: Value = serde_json::from_str(text_in).map_err(|e| err(file, format!("not JSON: {e}")))?;
    let date = v
        .get("publicationDate")
        .and_then(Value::as_str)
        .ok_or_else(|| err(file, "no `publicationDate`: not a Savings Plans offer file"))?;
    let date = date
        .get(..10)
        .and_then(IsoDate::parse)
        .ok_or_else(|| err(file, format!("`publicationDate` `{date}` is not a date")))?;
    let region_of_file = text(&v, "regionCode").to_string();
    let products = products(&v);
    let terms = v
        .get("terms")
        .and_then(|t| t.get("savingsPlan"))
        .and_then(Value::as_array)
        .ok_or_else(|| err(file, "no `terms.savingsPlan`: not a Savings Plans offer file"))?;
    let mut out = Vec::new();
    for t in terms {
        let Some((plan, term_years, payment, region)) = products.get(text(t, "sku")) else {
            continue;
        };
        let region = if region.is_empty() {
            region_of_file.clone()
        } else {
            region.clone()
        };
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
                region: region.clone(),
                plan,
                term_years: *term_years,
                payment,
                usd_hr,
            });
        }
    }
    if region_of_file.is_empty() && out.iter().any(|r| r.region.is_empty()) {
        return Err(err(file, "no `regionCode`: cannot tell the rates' region"));
    }
    Ok((date, out))
}
