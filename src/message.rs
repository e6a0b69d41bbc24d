//! The embed's result message (format v1): the headline figures a host page reads, built by one pure function that the page (posted as the object its JSON text `ResultMessage::to_json` parses to) and the CLI (its `summary` field, through serde) share.

use crate::catalog::Catalog;
use crate::engine::plan;
use crate::engine::{Outcome, Recommendation};
use crate::presentation::Presentation;
use crate::query::Warning;
use crate::scenario::Scenario;
use serde::Serialize;

/// The format's version: fields are only ever added within a version.
pub const VERSION: u32 = 1;

/// `{gpuplan: "result", v: 1, query, catalog_as_of, top, plan, warnings}`: what an embedded page
/// posts to its parent after every computation. Field names and units are documented in README.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ResultMessage {
    /// Always `"result"`: what a host's message handler switches on.
    pub gpuplan: &'static str,
    pub v: u32,
    /// The scenario as a canonical link query (no page keys), as the CLI prints it.
    pub query: String,
    pub catalog_as_of: String,
    /// The first recommendation that fits, else the first one (then `fits` is false); `null` when none.
    pub top: Option<TopFigures>,
    /// The cheapest plan for `top`, only when it fits.
    pub plan: Option<PlanFigures>,
    pub warnings: Vec<WarningText>,
    /// Serving `top` against Amazon Bedrock, SageMaker AI and ECS Managed Instances; `null` off serving.
    pub managed: Option<ManagedFigures>,
}

/// Self-hosting against managed services for `top` (engine::managed): published prices only, `null`
/// where none is published.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ManagedFigures {
    /// `priced`, `no_published_price` or `ended` (Bedrock stopped selling the model).
    pub bedrock: &'static str,
    /// A batch inference job: the tokens and every `*_monthly_usd` are the job's, once.
    pub per_job: bool,
    pub bedrock_region: Option<String>,
    pub bedrock_in_usd_per_million: Option<f64>,
    pub bedrock_out_usd_per_million: Option<f64>,
    pub batch_in_usd_per_million: Option<f64>,
    pub batch_out_usd_per_million: Option<f64>,
    /// Tokens a month at the stated load (`null` without `out`).
    pub in_tokens_per_month: Option<f64>,
    pub out_tokens_per_month: Option<f64>,
    pub bedrock_monthly_usd: Option<f64>,
    pub batch_monthly_usd: Option<f64>,
    /// Self-hosting's month: `plan`'s horizon over its months (a job: `plan.horizon_usd`, the job's cost).
    pub plan_monthly_usd: Option<f64>,
    /// `bedrock` or `self_hosted`, at the stated load.
    pub cheaper: Option<&'static str>,
    pub breakeven_tokens_per_month: Option<f64>,
    pub capacity_tokens_per_month: Option<f64>,
    pub sagemaker_usd_hr: Option<f64>,
    pub ecs_fee_usd_hr: Option<f64>,
    pub ecs_fee_cut_pct: Option<f64>,
}

/// The managed-services figures of one recommendation.
pub fn managed_figures(
    catalog: &Catalog,
    scenario: &Scenario,
    r: &Recommendation,
    plan: Option<&crate::engine::Plan>,
) -> Option<ManagedFigures> {
    use crate::engine::managed::{compare, Bedrock};
    let m = compare(catalog, scenario, r, plan)?;
    let (status, od, batch) = match &m.bedrock {
        Bedrock::NoPrice => ("no_published_price", None, None),
        Bedrock::Ended { .. } => ("ended", None, None),
        Bedrock::Priced { on_demand, batch, .. } => ("priced", Some(on_demand), batch.as_ref()),
    };
    Some(ManagedFigures {
        bedrock: status,
        per_job: m.per_job,
        bedrock_region: od.map(|p| p.region.clone()),
        bedrock_in_usd_per_million: od.map(|p| p.in_usd_m),
        bedrock_out_usd_per_million: od.map(|p| p.out_usd_m),
        batch_in_usd_per_million: batch.map(|p| p.in_usd_m),
        batch_out_usd_per_million: batch.map(|p| p.out_usd_m),
        in_tokens_per_month: m.load.map(|l| l.in_tokens_month),
        out_tokens_per_month: m.load.map(|l| l.out_tokens_month),
        bedrock_monthly_usd: m.bedrock_monthly_usd,
        batch_monthly_usd: m.batch_monthly_usd,
        plan_monthly_usd: m.plan_monthly_usd,
        cheaper: m.bedrock_cheaper().map(|b| if b { "bedrock" } else { "self_hosted" }),
        breakeven_tokens_per_month: m.breakeven_tokens_month,
        capacity_tokens_per_month: m.capacity_tokens_month,
        sagemaker_usd_hr: m.sagemaker.as_ref().map(|(r, _)| r.usd_hr),
        ecs_fee_usd_hr: m.ecs_fee_usd_hr,
        ecs_fee_cut_pct: m.ecs_fee_cut.as_ref().map(|(p, _)| *p),
    })
}

/// The top recommendation's figures: On-Demand, for all its instances together.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TopFigures {
    pub instance: String,
    pub n_instances: u32,
    pub n_accelerators: u32,
    pub fits: bool,
    pub hourly_usd: Option<f64>,
    pub monthly_usd: Option<f64>,
    pub job_usd: Option<f64>,
    pub job_hours: Option<f64>,
    pub tokens_per_s: Option<f64>,
    pub usd_per_million_tokens: Option<f64>,
    /// Serving: the users the fleet serves, the speed each gets (tokens_per_s = users × it), and the
    /// room for more users beyond them with the speed each would then get.
    pub users: Option<u32>,
    pub tokens_per_s_per_user: Option<f64>,
    pub room_users: Option<u32>,
    pub room_tokens_per_s_per_user: Option<f64>,
    /// Serving: seconds to the first token at the stated load (`Recommendation::ttft_s`).
    pub ttft_s: Option<f64>,
    /// Serving with speculative decoding (`spec`): each user's speed over the same replica's without it,
    /// end to end (prefills included) as the headline's tokens/s, ×.
    pub speculative_speedup: Option<f64>,
    /// The CO2e estimate of a job or a month, kg (`engine::carbon::co2e` in the scenario's region, the
    /// card's figure); `null` without an energy figure or a grid figure for the region.
    pub co2e_kg: Option<f64>,
}

/// The plan's totals over the horizon.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlanFigures {
    pub horizon_usd: f64,
    pub savings_vs_od_usd: Option<f64>,
    /// Every rate the plan is priced at: the purchase option (the CSV's `purchase` key), the catalog
    /// source and its date (the plan's notice of rate dates).
    pub rates: Vec<RateFigure>,
}

/// One rate of the plan and how old it is.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RateFigure {
    pub buy: &'static str,
    pub source: String,
    pub as_of: String,
}

/// One warning about the query: the field and the sentence the page shows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WarningText {
    pub field: String,
    pub message: String,
}

/// A JSON object being written, field by field (keys are this file's own names: no escaping needed).
struct Obj(String);

impl Obj {
    fn new() -> Obj {
        Obj("{".to_string())
    }

    /// Starts the field `key`; its value follows.
    fn key(&mut self, key: &str) -> &mut String {
        if self.0.len() > 1 {
            self.0.push(',');
        }
        self.0.push('"');
        self.0.push_str(key);
        self.0.push_str("\":");
        &mut self.0
    }

    fn raw(&mut self, key: &str, json: &str) -> &mut Obj {
        self.key(key).push_str(json);
        self
    }

    fn str(&mut self, key: &str, v: &str) -> &mut Obj {
        self.raw(key, &crate::export::json_str(v))
    }

    fn opt_str(&mut self, key: &str, v: Option<&str>) -> &mut Obj {
        self.raw(key, &v.map_or_else(|| "null".to_string(), crate::export::json_str))
    }

    /// A number; `null` when missing (or not finite, as serde_json writes it).
    fn num(&mut self, key: &str, v: Option<f64>) -> &mut Obj {
        self.raw(key, &crate::export::json_num(v))
    }

    fn int(&mut self, key: &str, v: Option<u32>) -> &mut Obj {
        self.num(key, v.map(f64::from))
    }

    fn obj(&mut self, key: &str, v: Option<String>) -> &mut Obj {
        self.raw(key, v.as_deref().unwrap_or("null"))
    }

    fn end(&mut self) -> String {
        let mut out = std::mem::take(&mut self.0);
        out.push('}');
        out
    }
}

impl ResultMessage {
    /// The message as JSON text, field for field what serde writes for it (`missing as null`): the page
    /// posts the object this parses to, without serde's code in the wasm.
    pub fn to_json(&self) -> String {
        let top = self.top.as_ref().map(top_json);
        let plan = self.plan.as_ref().map(|p| {
            Obj::new()
                .num("horizon_usd", Some(p.horizon_usd))
                .num("savings_vs_od_usd", p.savings_vs_od_usd)
                .raw(
                    "rates",
                    &format!(
                        "[{}]",
                        p.rates
                            .iter()
                            .map(|r| Obj::new()
                                .str("buy", r.buy)
                                .str("source", &r.source)
                                .str("as_of", &r.as_of)
                                .end())
                            .collect::<Vec<_>>()
                            .join(",")
                    ),
                )
                .end()
        });
        let warnings: Vec<String> = self
            .warnings
            .iter()
            .map(|w| Obj::new().str("field", &w.field).str("message", &w.message).end())
            .collect();
        let managed = self.managed.as_ref().map(|m| {
            Obj::new()
                .str("bedrock", m.bedrock)
                .raw("per_job", if m.per_job { "true" } else { "false" })
                .opt_str("bedrock_region", m.bedrock_region.as_deref())
                .num("bedrock_in_usd_per_million", m.bedrock_in_usd_per_million)
                .num("bedrock_out_usd_per_million", m.bedrock_out_usd_per_million)
                .num("batch_in_usd_per_million", m.batch_in_usd_per_million)
                .num("batch_out_usd_per_million", m.batch_out_usd_per_million)
                .num("in_tokens_per_month", m.in_tokens_per_month)
                .num("out_tokens_per_month", m.out_tokens_per_month)
                .num("bedrock_monthly_usd", m.bedrock_monthly_usd)
                .num("batch_monthly_usd", m.batch_monthly_usd)
                .num("plan_monthly_usd", m.plan_monthly_usd)
                .opt_str("cheaper", m.cheaper)
                .num("breakeven_tokens_per_month", m.breakeven_tokens_per_month)
                .num("capacity_tokens_per_month", m.capacity_tokens_per_month)
                .num("sagemaker_usd_hr", m.sagemaker_usd_hr)
                .num("ecs_fee_usd_hr", m.ecs_fee_usd_hr)
                .num("ecs_fee_cut_pct", m.ecs_fee_cut_pct)
                .end()
        });
        Obj::new()
            .str("gpuplan", self.gpuplan)
            .int("v", Some(self.v))
            .str("query", &self.query)
            .str("catalog_as_of", &self.catalog_as_of)
            .obj("top", top)
            .obj("plan", plan)
            .raw("warnings", &format!("[{}]", warnings.join(",")))
            .obj("managed", managed)
            .end()
    }
}

/// The top recommendation's figures as a JSON object.
fn top_json(t: &TopFigures) -> String {
    Obj::new()
        .str("instance", &t.instance)
        .int("n_instances", Some(t.n_instances))
        .int("n_accelerators", Some(t.n_accelerators))
        .raw("fits", if t.fits { "true" } else { "false" })
        .num("hourly_usd", t.hourly_usd)
        .num("monthly_usd", t.monthly_usd)
        .num("job_usd", t.job_usd)
        .num("job_hours", t.job_hours)
        .num("tokens_per_s", t.tokens_per_s)
        .num("usd_per_million_tokens", t.usd_per_million_tokens)
        .int("users", t.users)
        .num("tokens_per_s_per_user", t.tokens_per_s_per_user)
        .int("room_users", t.room_users)
        .num("room_tokens_per_s_per_user", t.room_tokens_per_s_per_user)
        .num("ttft_s", t.ttft_s)
        .num("speculative_speedup", t.speculative_speedup)
        .num("co2e_kg", t.co2e_kg)
        .end()
}

/// The recommendation a one-line summary speaks of: the first that fits, else the first.
pub fn top(outcome: &Outcome) -> Option<&Recommendation> {
    outcome
        .recommendations
        .iter()
        .find(|r| r.fits)
        .or(outcome.recommendations.first())
}

fn top_figures(catalog: &Catalog, region: &str, r: &Recommendation) -> TopFigures {
    TopFigures {
        instance: r.instance.clone(),
        n_instances: r.n_instances,
        n_accelerators: r.n_accelerators,
        fits: r.fits,
        hourly_usd: r.hourly_usd,
        monthly_usd: r.monthly_usd,
        job_usd: r.job_usd,
        job_hours: r.job_hours,
        tokens_per_s: r.tokens_per_s,
        usd_per_million_tokens: r.usd_per_million_tokens,
        users: r.serving_unit.map(|u| u.load.users),
        tokens_per_s_per_user: r.serving_unit.and(r.tokens_per_s_per_seq),
        room_users: r.serving_unit.map(|u| u.load.room_users),
        room_tokens_per_s_per_user: r.serving_unit.map(|u| u.load.room_tokens_per_s_per_seq),
        ttft_s: r.ttft_s(),
        speculative_speedup: r.speculation.map(|x| x.speedup()),
        co2e_kg: r
            .energy_kwh
            .and_then(|e| crate::engine::carbon::co2e(catalog, region, e))
            .map(|c| c.kg),
    }
}

/// The result message for a scenario shown as `presentation` says, the warnings its link produced and the
/// engine's outcome.
pub fn result_message(
    catalog: &Catalog,
    scenario: &Scenario,
    presentation: &Presentation,
    warnings: &[Warning],
    outcome: &Outcome,
) -> ResultMessage {
    let top = top(outcome);
    let top_plan = top.filter(|r| r.fits).map(|r| (r, plan(catalog, scenario, r)));
    ResultMessage {
        gpuplan: "result",
        v: VERSION,
        query: crate::query::encode_link(scenario, presentation),
        catalog_as_of: catalog.as_of.to_string(),
        top: top.map(|r| top_figures(catalog, &scenario.region, r)),
        plan: top_plan.as_ref().map(|(_, p)| {
            let rates = p
                .rates
                .iter()
                .map(|r| RateFigure {
                    buy: crate::query::buy_key(r.buy),
                    source: r.source.clone(),
                    as_of: r.as_of.to_string(),
                })
                .collect();
            PlanFigures {
                horizon_usd: p.horizon_usd,
                savings_vs_od_usd: p.savings_vs_od_usd,
                rates,
            }
        }),
        warnings: warnings
            .iter()
            .map(|w| WarningText {
                field: w.field.clone(),
                message: crate::explain::warning(w, presentation.lang),
            })
            .collect(),
        managed: top_plan
            .as_ref()
            .and_then(|(r, p)| managed_figures(catalog, scenario, r, Some(p))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message_for(q: &str) -> ResultMessage {
        let c = Catalog::bundled();
        let (s, p, w) = crate::query::parse_link(q, &c);
        let o = crate::engine::recommend(&c, &s);
        result_message(&c, &s, &p, &w, &o)
    }

    #[test]
    fn serving_gives_the_top_fitting_type_and_its_plan() {
        let m = message_for("v=1&model=llama3.1-8b&prio=cost");
        assert_eq!((m.gpuplan, m.v, m.query.as_str()), ("result", 1, "v=1&prio=cost"));
        let top = m.top.clone().unwrap_or_else(|| panic!("no top"));
        assert_eq!(
            (top.instance.as_str(), top.n_instances, top.fits),
            ("trn1.2xlarge", 1, true)
        );
        assert!(top.monthly_usd.is_some_and(|v| (v - 980.9375).abs() < 1e-6));
        assert!(top.job_usd.is_none() && top.usd_per_million_tokens.is_some());
        let plan = m.plan.unwrap_or_else(|| panic!("no plan"));
        assert!(plan.savings_vs_od_usd.is_some_and(|s| s > 0.0 && s < plan.horizon_usd));
        assert!(m.warnings.is_empty());
        let json = serde_json::to_value(message_for("v=1&model=llama3.1-8b&prio=cost")).unwrap_or_default();
        assert_eq!(
            json["top"]["usd_per_million_tokens"],
            serde_json::json!(top.usd_per_million_tokens)
        );
        assert_eq!(json["top"]["job_usd"], serde_json::Value::Null);
    }

    /// Equal JSON, numbers by value (serde writes `2.0` where the text says `2`).
    fn same(a: &serde_json::Value, b: &serde_json::Value) -> bool {
        use serde_json::Value::{Array, Number, Object};
        match (a, b) {
            (Number(x), Number(y)) => x.as_f64() == y.as_f64(),
            (Array(x), Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q)),
            (Object(x), Object(y)) => {
                x.len() == y.len() && x.iter().zip(y).all(|((k, p), (l, q))| k == l && same(p, q))
            }
            _ => a == b,
        }
    }

    /// The object keys of JSON text in the order written: a `"` opening a key follows `{` or `,`, which
    /// inside a string it cannot (there it is escaped).
    fn keys(json: &str) -> Vec<String> {
        let b = json.as_bytes();
        let mut out = Vec::new();
        for i in 1..b.len() {
            if b[i] == b'"' && (b[i - 1] == b'{' || b[i - 1] == b',') {
                if let Some(end) = json[i + 1..].find('"') {
                    if json[i + 1 + end + 1..].starts_with(':') {
                        out.push(json[i + 1..i + 1 + end].to_string());
                    }
                }
            }
        }
        out
    }

    #[test]
    fn the_hand_written_json_is_what_serde_writes() {
        // The page posts `to_json`'s object; the CLI prints serde's. Both must say the same, field for
        // field and in the same order: serving (managed services), a job, warnings, nothing fitting,
        // escapes in a warning, Chinese.
        for q in [
            "v=1&model=llama3.1-8b&prio=cost",
            "v=1&model=llama3.1-70b&out=500&tps=60000",
            "v=1&task=train&model=llama3.1-8b&tokens=10&inst=p5.48xlarge&batch=zz",
            "v=1&model=llama3.1-405b&inst=g6.xlarge",
            "v=1&region=%22%3C%5C%0A&lang=zh&task=graphics",
            "v=1&task=hpc&fp64=50",
        ] {
            let m = message_for(q);
            let text = m.to_json();
            let ours: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{q}: {e}: {text}"));
            // Both texts read by one parser (serde_json's is not correctly rounded at 17 digits, so
            // serde's own value would differ from its text's by an ulp where the digits agree).
            let serde_text = serde_json::to_string(&m).unwrap_or_default();
            let serde: serde_json::Value = serde_json::from_str(&serde_text).unwrap_or_default();
            assert!(same(&ours, &serde), "{q}:\n{ours}\n{serde}");
            // Key order too, nested objects included (a host may print the object).
            assert_eq!(keys(&text), keys(&serde_text), "{q}");
        }
    }

    #[test]
    fn a_job_a_bad_field_and_nothing_fitting() {
        let m = message_for("v=1&task=train&model=llama3.1-8b&tokens=10&inst=p5.48xlarge&batch=zz");
        let top = m.top.unwrap_or_else(|| panic!("no top"));
        assert!(top.job_usd.is_some() && top.job_hours.is_some() && top.tokens_per_s.is_none());
        assert_eq!(m.warnings.len(), 1);
        assert_eq!(m.warnings[0].field, "batch");
        assert!(m.warnings[0].message.contains("batch"), "{}", m.warnings[0].message);
        // A type too small for the model: the top does not fit and there is no plan.
        let small = message_for("v=1&model=llama3.1-405b&inst=g6.xlarge");
        assert!(small.top.as_ref().is_none_or(|t| !t.fits), "{small:?}");
        assert!(small.plan.is_none());
    }
}
