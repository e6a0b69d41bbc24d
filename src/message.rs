//! The embed's result message (format v1): the headline figures a host page reads, built by one pure function that the page (posted with `serde-wasm-bindgen`) and the CLI (its `summary` field) share.

use crate::catalog::Catalog;
use crate::engine::plan;
use crate::engine::{Outcome, Recommendation};
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
pub fn managed_figures(catalog: &Catalog, scenario: &Scenario, r: &Recommendation) -> Option<ManagedFigures> {
    use crate::engine::managed::{compare, Bedrock};
    let m = compare(catalog, scenario, r)?;
    let (status, od, batch) = match &m.bedrock {
        Bedrock::NoPrice => ("no_published_price", None, None),
        Bedrock::Ended { .. } => ("ended", None, None),
        Bedrock::Priced { on_demand, batch, .. } => ("priced", Some(on_demand), batch.as_ref()),
    };
    Some(ManagedFigures {
        bedrock: status,
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
}

/// The plan's totals over the horizon.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlanFigures {
    pub horizon_usd: f64,
    pub savings_vs_od_usd: Option<f64>,
}

/// One warning about the query: the field and the sentence the page shows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WarningText {
    pub field: String,
    pub message: String,
}

/// The recommendation a one-line summary speaks of: the first that fits, else the first.
pub fn top(outcome: &Outcome) -> Option<&Recommendation> {
    outcome
        .recommendations
        .iter()
        .find(|r| r.fits)
        .or(outcome.recommendations.first())
}

fn top_figures(r: &Recommendation) -> TopFigures {
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
    }
}

/// The result message for a scenario, the warnings its link produced and the engine's outcome.
pub fn result_message(
    catalog: &Catalog,
    scenario: &Scenario,
    warnings: &[Warning],
    outcome: &Outcome,
) -> ResultMessage {
    let top = top(outcome);
    ResultMessage {
        gpuplan: "result",
        v: VERSION,
        query: crate::query::encode(scenario),
        catalog_as_of: catalog.as_of.to_string(),
        top: top.map(top_figures),
        plan: top.filter(|r| r.fits).map(|r| {
            let p = plan(catalog, scenario, r);
            PlanFigures {
                horizon_usd: p.horizon_usd,
                savings_vs_od_usd: p.savings_vs_od_usd,
            }
        }),
        warnings: warnings
            .iter()
            .map(|w| WarningText {
                field: w.field.clone(),
                message: crate::explain::warning(w, scenario.lang),
            })
            .collect(),
        managed: top
            .filter(|r| r.fits)
            .and_then(|r| managed_figures(catalog, scenario, r)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message_for(q: &str) -> ResultMessage {
        let c = Catalog::bundled();
        let (s, w) = crate::query::parse(q, &c);
        let o = crate::engine::recommend(&c, &s);
        result_message(&c, &s, &w, &o)
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
