//! Exports as text: CSV, JSON and Markdown tables of the recommendations, the plan and the Compare picks. Pure; the page offers them as downloads or copies them.

use crate::catalog::Catalog;
use crate::compare::{costs_of_picks, sheet, Cell, Fit, Head};
use crate::engine::outcome::Plan;
use crate::engine::Outcome;
use crate::query::buy_key;
use crate::scenario::Scenario;

/// A table: a header and rows of cells.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

fn num(v: Option<f64>) -> String {
    v.map_or_else(String::new, |v| crate::num::shortest((v * 10_000.0).round() / 10_000.0))
}

/// One CSV field: quoted when it holds a comma, quote or line break (RFC 4180); a leading
/// `=`, `+`, `-` or `@` is prefixed with `'` so spreadsheets never run it as a formula.
fn csv_field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '@']) || (s.starts_with('-') && crate::num::parse(s).is_none()) {
        format!("'{s}")
    } else {
        s.to_string()
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

impl Table {
    pub fn to_csv(&self) -> String {
        std::iter::once(&self.header)
            .chain(&self.rows)
            .map(|r| r.iter().map(|c| csv_field(c)).collect::<Vec<_>>().join(","))
            .collect::<Vec<_>>()
            .join("\r\n")
            + "\r\n"
    }

    /// A Markdown table; pipes and line breaks in cells are escaped.
    pub fn to_markdown(&self) -> String {
        let cell = |s: &String| s.replace('|', "\\|").replace(['\n', '\r'], " ");
        let line = |r: &Vec<String>| format!("| {} |", r.iter().map(cell).collect::<Vec<_>>().join(" | "));
        let mut out = vec![
            line(&self.header),
            format!("|{}|", vec!["---"; self.header.len()].join("|")),
        ];
        out.extend(self.rows.iter().map(line));
        out.join("\n") + "\n"
    }
}

/// The ranked recommendations (figures in USD, the chosen purchase option), with each one's energy and
/// CO2e estimate in `region` (`engine::carbon::co2e`, the card's figure).
pub fn recommendations(catalog: &Catalog, region: &str, outcome: &Outcome) -> Table {
    Table {
        header: [
            "rank",
            "instance",
            "instances",
            "accelerators",
            "accelerator",
            "fits",
            "mem_needed_gib",
            "mem_available_gib",
            "hourly_usd",
            "monthly_usd",
            "job_usd",
            "job_hours",
            "tokens_per_s",
            "usd_per_million_tokens",
            "ttft_s",
            "energy_kwh",
            "co2e_kg",
        ]
        .map(String::from)
        .to_vec(),
        rows: outcome
            .recommendations
            .iter()
            .enumerate()
            .map(|(i, r)| {
                vec![
                    (i + 1).to_string(),
                    r.instance.clone(),
                    r.n_instances.to_string(),
                    r.n_accelerators.to_string(),
                    r.accelerator.clone(),
                    r.fits.to_string(),
                    num(Some(r.mem_needed_gib)),
                    num(Some(r.mem_available_gib)),
                    num(r.hourly_usd),
                    num(r.monthly_usd),
                    num(r.job_usd),
                    num(r.job_hours),
                    num(r.tokens_per_s),
                    num(r.usd_per_million_tokens),
                    num(r.ttft_s()),
                    num(r.energy_kwh),
                    num(r
                        .energy_kwh
                        .and_then(|e| crate::engine::carbon::co2e(catalog, region, e))
                        .map(|c| c.kg)),
                ]
            })
            .collect(),
    }
}

/// The plan's items, each with the source and date of the rate it is priced at (`Plan::rates`, what its
/// notice lists).
pub fn plan_table(plan: &Plan) -> Table {
    let rate = |b| plan.rates.iter().find(|r| r.buy == b);
    Table {
        header: [
            "segment",
            "purchase",
            "instance",
            "instances",
            "hours_per_month",
            "from_month",
            "months",
            "upfront_usd",
            "monthly_usd",
            "horizon_usd",
            "rate_source",
            "rate_as_of",
        ]
        .map(String::from)
        .to_vec(),
        rows: plan
            .items
            .iter()
            .map(|i| {
                vec![
                    i.segment.key().to_string(),
                    buy_key(i.buy).to_string(),
                    plan.instance.clone(),
                    i.instances.to_string(),
                    num(Some(i.hours_per_month)),
                    // 1-based, as the plan box says it ("months 6–17").
                    (i.from_month + 1).to_string(),
                    i.months.to_string(),
                    num(Some(i.upfront_usd)),
                    num(Some(i.monthly_usd)),
                    num(Some(i.horizon_usd)),
                    rate(i.buy).map_or_else(String::new, |r| r.source.clone()),
                    rate(i.buy).map_or_else(String::new, |r| r.as_of.to_string()),
                ]
            })
            .collect(),
    }
}

/// Compare: one row per picked instance with specs, fit and every option's cost (job or horizon, USD):
/// `compare::sheet` on its side, the specs only the page shows left out.
pub fn compare(catalog: &Catalog, scenario: &Scenario, outcome: &Outcome, picks: &[String]) -> Table {
    let costs = costs_of_picks(catalog, scenario, outcome, picks);
    let sheet = sheet(catalog, scenario, outcome, picks, &costs);
    let mut header = vec!["instance".to_string()];
    let mut rows: Vec<Vec<String>> = sheet.picks.iter().map(|i| vec![i.id.clone()]).collect();
    for r in &sheet.rows {
        match r.head {
            Head::Spec(_, None) => continue,
            Head::Spec(_, Some(key)) => header.push(key.into()),
            Head::Fit => {
                header.push("fits".into());
                header.push("instances".into());
            }
            Head::Buy(b) => header.push(format!("{}_usd", buy_key(b))),
        }
        for (row, cell) in rows.iter_mut().zip(&r.cells) {
            compare_cell(cell, row);
        }
    }
    Table { header, rows }
}

/// A Compare cell's columns: figures unformatted, the fit as whether and on how many instances.
fn compare_cell(cell: &Cell, out: &mut Vec<String>) {
    match *cell {
        Cell::Text(t) => out.push(t.into()),
        Cell::Figure(v, _) | Cell::Count(v, _) | Cell::Price(v) | Cell::Cost(v) => out.push(num(v)),
        Cell::Fit(fit) => {
            let n = match fit {
                Fit::On(n) | Fit::DoesNotFit(n) => n.to_string(),
                Fit::Excluded(_) | Fit::NotEvaluated => String::new(),
            };
            out.push(matches!(fit, Fit::On(_)).to_string());
            out.push(n);
        }
    }
}

/// A JSON string literal (RFC 8259 escaping).
pub(crate) fn json_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A JSON number, or `null` for a missing or non-finite value.
pub(crate) fn json_num(v: Option<f64>) -> String {
    v.filter(|x| x.is_finite())
        .map_or_else(|| "null".into(), crate::num::shortest)
}

/// Dollars as a JSON number in cents, the precision the page shows, or `null`.
fn json_money(v: Option<f64>) -> String {
    v.filter(|x| x.is_finite())
        .map_or_else(|| "null".into(), |x| crate::num::rounded(x, 2))
}

/// A table as a JSON array of objects keyed by the header (cells stay strings, as in the CSV).
fn json_rows(t: &Table, indent: &str) -> String {
    let rows: Vec<String> = t
        .rows
        .iter()
        .map(|r| {
            let fields: Vec<String> = t
                .header
                .iter()
                .zip(r)
                .map(|(k, v)| format!("{}: {}", json_str(k), json_str(v)))
                .collect();
            format!("{indent}  {{{}}}", fields.join(", "))
        })
        .collect();
    if rows.is_empty() {
        "[]".into()
    } else {
        format!("[\n{}\n{indent}]", rows.join(",\n"))
    }
}

/// A table alone as a JSON document: `{"query": …, "catalog_as_of": …, "rows": [...]}`.
pub fn json_table(link_query: &str, catalog: &Catalog, t: &Table) -> String {
    format!(
        "{{\n  \"query\": {},\n  \"catalog_as_of\": {},\n  \"rows\": {}\n}}\n",
        json_str(link_query),
        json_str(&catalog.as_of.to_string()),
        json_rows(t, "  ")
    )
}

/// Everything as one JSON document: the link, the catalog date, the recommendations and the plan.
/// Written by hand (flat objects of strings and numbers), so the page needs no JSON library.
pub fn json_document(
    link_query: &str,
    catalog: &Catalog,
    region: &str,
    outcome: &Outcome,
    plan: Option<&Plan>,
) -> String {
    let plan_json = plan.map_or_else(
        || "null".to_string(),
        |p| {
            let fleet: Vec<String> = p.fleet_by_month.iter().map(u32::to_string).collect();
            format!(
                "{{\n    \"items\": {},\n    \"horizon_usd\": {},\n    \"all_on_demand_horizon_usd\": {},\n    \"savings_vs_od_usd\": {},\n    \"fleet_by_month\": [{}]\n  }}",
                json_rows(&plan_table(p), "    "),
                json_money(Some(p.horizon_usd)),
                json_money(p.all_on_demand_horizon_usd),
                json_money(p.savings_vs_od_usd),
                fleet.join(", ")
            )
        },
    );
    format!(
        "{{\n  \"query\": {},\n  \"catalog_as_of\": {},\n  \"recommendations\": {},\n  \"plan\": {}\n}}\n",
        json_str(link_query),
        json_str(&catalog.as_of.to_string()),
        json_rows(&recommendations(catalog, region, outcome), "  "),
        plan_json
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_and_defuses_formulas() {
        let t = Table {
            header: vec!["a".into(), "b".into()],
            rows: vec![
                vec!["x,y".into(), "say \"hi\"".into()],
                vec!["=cmd()".into(), "-1.5".into()],
            ],
        };
        assert_eq!(t.to_csv(), "a,b\r\n\"x,y\",\"say \"\"hi\"\"\"\r\n'=cmd(),-1.5\r\n");
        assert_eq!(
            t.to_markdown(),
            "| a | b |\n|---|---|\n| x,y | say \"hi\" |\n| =cmd() | -1.5 |\n"
        );
    }

    #[test]
    fn exports_cover_every_recommendation() {
        let c = Catalog::bundled();
        let s = Scenario::default();
        let o = crate::engine::recommend(&c, &s);
        let t = recommendations(&c, &s.region, &o);
        assert_eq!(t.rows.len(), o.recommendations.len());
        assert!(t.rows.iter().all(|r| r.len() == t.header.len()));
        let doc: serde_json::Value =
            serde_json::from_str(&json_document("v=1\"<&>", &c, &s.region, &o, None)).unwrap_or_default();
        assert_eq!(
            doc["recommendations"].as_array().map(Vec::len),
            Some(o.recommendations.len())
        );
        assert_eq!(doc["query"], "v=1\"<&>");
        let p = crate::engine::plan(&c, &s, &o.recommendations[0]);
        let with_plan: serde_json::Value =
            serde_json::from_str(&json_document("v=1", &c, &s.region, &o, Some(&p))).unwrap_or_default();
        assert_eq!(with_plan["plan"]["items"].as_array().map(Vec::len), Some(p.items.len()));
        assert_eq!(with_plan["plan"]["fleet_by_month"], serde_json::json!([]));
        // A growing fleet exports its month-by-month size.
        let (g, _) = crate::query::parse("v=1&task=graphics&mode=batch&inst=g6e.xlarge&growth=10&months=3", &c);
        let og = crate::engine::recommend(&c, &g);
        let pg = crate::engine::plan(&c, &g, &og.recommendations[0]);
        let grown: serde_json::Value =
            serde_json::from_str(&json_document("v=1", &c, &g.region, &og, Some(&pg))).unwrap_or_default();
        assert_eq!(grown["plan"]["fleet_by_month"], serde_json::json!([1, 2, 2]));
        assert_eq!(json_str("a\u{1}\n\\"), "\"a\\u0001\\n\\\\\"");
        let cmp = compare(&c, &s, &o, &["p5.48xlarge".to_string(), "g6e.xlarge".to_string()]);
        assert_eq!(cmp.rows.len(), 2);
        // The page's table on its side: the exported specs, the fit as two columns, each option's cost.
        let csv = cmp.to_csv();
        let head =
            "instance,accelerator,count,gib_per_accelerator,vcpus,ram_gib,on_demand_usd_hr,fits,instances,od_usd,";
        assert!(csv.starts_with(head), "{csv}");
        assert!(csv.contains("\r\ng6e.xlarge,NVIDIA L40S,1,44.7,4,32,1.861,"), "{csv}");
        assert!(cmp.rows.iter().all(|r| r.len() == cmp.header.len()));
    }
}
