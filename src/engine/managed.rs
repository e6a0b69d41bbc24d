//! Self-hosting against managed services (issue 26): Amazon Bedrock's per-token prices for the scenario's
//! model at the stated load, against what the cheapest plan costs (never the On-Demand figure when the plan
//! buys otherwise), the break-even in tokens a month, SageMaker AI real-time endpoints on the same type,
//! and ECS Managed Instances' fee. Only the catalog's published figures; a missing one is `None`.

use super::outcome::{Plan, Recommendation};
use crate::catalog::{Catalog, IsoDate, ManagedPrice};
use crate::scenario::{Buy, ModelChoice, Scenario, Task};

/// One published Bedrock per-token price: USD per million input and output tokens.
#[derive(Clone, Debug, PartialEq)]
pub struct TokenPrice {
    pub in_usd_m: f64,
    pub out_usd_m: f64,
    /// The region the price is published for (the scenario's where the source has it).
    pub region: String,
    pub source: String,
    pub as_of: IsoDate,
}

impl TokenPrice {
    /// Bedrock's bill for `in_tokens` and `out_tokens`: tokens × price.
    pub fn cost_usd(&self, in_tokens: f64, out_tokens: f64) -> f64 {
        (in_tokens * self.in_usd_m + out_tokens * self.out_usd_m) / 1e6
    }
}

/// An hourly rate: Bedrock provisioned throughput per model unit, or a SageMaker AI instance.
#[derive(Clone, Debug, PartialEq)]
pub struct HourlyRate {
    /// pt-0, pt-1, pt-6 (no commitment, 1 or 6 months) or the SageMaker use.
    pub tier: String,
    pub usd_hr: f64,
    pub region: String,
    pub source: String,
    pub as_of: IsoDate,
}

/// What Bedrock publishes for the scenario's model.
#[derive(Clone, Debug, PartialEq)]
// One value per card: its size does not matter, and a Box would cost bytes for nothing.
#[allow(clippy::large_enum_variant)]
pub enum Bedrock {
    /// No published price for this model (a custom size, or a preset AWS does not sell).
    NoPrice,
    /// AWS stopped selling it on Bedrock on this date.
    Ended { until: IsoDate, source: String },
    Priced {
        on_demand: TokenPrice,
        batch: Option<TokenPrice>,
        /// Latency-optimized on-demand inference.
        latency: Option<TokenPrice>,
        provisioned: Vec<HourlyRate>,
    },
}

/// The stated load in tokens a month: the serving target (or the fleet's output for the stated users)
/// over the hours it runs, and the prompt tokens each output token brings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Load {
    pub in_tokens_month: f64,
    pub out_tokens_month: f64,
}

/// The comparison for one recommendation.
#[derive(Clone, Debug, PartialEq)]
pub struct Managed {
    /// A batch inference job: the load is the job's tokens and every `*_monthly_usd` the job's cost, once
    /// (no break-even: a job's tokens are fixed).
    pub per_job: bool,
    pub bedrock: Bedrock,
    /// `None` where the scenario states no output tokens per request (its prompt-to-output mix is unknown).
    pub load: Option<Load>,
    /// Bedrock on-demand (and batch) for the load: tokens × price.
    pub bedrock_monthly_usd: Option<f64>,
    pub batch_monthly_usd: Option<f64>,
    /// What self-hosting costs a month (a job: once): the cheapest plan's horizon over its months (the
    /// plan's cost of the job), or, without a plan, the headline's option's month.
    pub plan_monthly_usd: Option<f64>,
    /// The purchase options that figure is priced at: the plan's lines, or the headline's option.
    pub plan_buys: Vec<Buy>,
    /// The load over the first month's: a growing service's mean demand over the plan's horizon, which the
    /// plan's average month is set against (1 for a steady fleet, a job, or without a plan).
    pub mean_demand: f64,
    /// Tokens a month (input and output at the load's mix) at which Bedrock on-demand costs the plan's month.
    pub breakeven_tokens_month: Option<f64>,
    /// Tokens a month (same mix) the plan's fleet carries at full load.
    pub capacity_tokens_month: Option<f64>,
    /// SageMaker AI real-time endpoint on ml.<type>: its rate and mark-up over EC2 On-Demand, when published.
    pub sagemaker: Option<(HourlyRate, f64)>,
    /// ECS Managed Instances' management fee for the type, when published.
    pub ecs_fee_usd_hr: Option<f64>,
    /// Article 001's July-2026 cut of that fee for the type's family class, percent, and its source.
    pub ecs_fee_cut: Option<(f64, String)>,
}

impl Managed {
    /// Bedrock's month at the first month's load, what the months' chart draws beside the options' lines
    /// (the first month's fleet); `None` for a job (its bill is once) or without a bill.
    pub fn first_month_bedrock_usd(&self) -> Option<f64> {
        Some(self.bedrock_monthly_usd? / self.mean_demand).filter(|_| !self.per_job)
    }

    /// Whether Bedrock costs less than the self-hosted plan at the stated load (on-demand; a job at batch).
    pub fn bedrock_cheaper(&self) -> Option<bool> {
        // A job may wait for Bedrock's batch inference where it has a price.
        let bedrock = match self.per_job {
            true => self.batch_monthly_usd.or(self.bedrock_monthly_usd),
            false => self.bedrock_monthly_usd,
        };
        Some(bedrock? < self.plan_monthly_usd?)
    }
}

/// Tokens per second to tokens in a month of `hours`.
fn per_month(tps: f64, hours: f64) -> f64 {
    tps * 3600.0 * hours
}

fn token_price(m: &ManagedPrice) -> Option<TokenPrice> {
    Some(TokenPrice {
        in_usd_m: m.in_usd_m?,
        out_usd_m: m.out_usd_m?,
        region: m.region.clone(),
        source: m.source.clone(),
        as_of: m.as_of,
    })
}

fn hourly(m: &ManagedPrice) -> Option<HourlyRate> {
    Some(HourlyRate {
        tier: m.tier.clone(),
        usd_hr: m.usd_hr?,
        region: m.region.clone(),
        source: m.source.clone(),
        as_of: m.as_of,
    })
}

/// Bedrock's prices for a model preset: per tier, the scenario's region where published, else the one
/// region the source gives (named on the page).
pub fn bedrock(c: &Catalog, model: &str, region: &str) -> Bedrock {
    let rows: Vec<&ManagedPrice> = c
        .managed
        .iter()
        .filter(|m| m.service == "bedrock" && m.model == model)
        .collect();
    let tier = |t: &str| {
        let of = || rows.iter().filter(|m| m.tier == t);
        of().find(|m| m.region == region).or_else(|| of().next()).copied()
    };
    let Some(od) = tier("on-demand") else {
        return Bedrock::NoPrice;
    };
    if let Some(until) = od.until.filter(|u| *u <= od.as_of) {
        return Bedrock::Ended {
            until,
            source: od.source.clone(),
        };
    }
    let Some(on_demand) = token_price(od) else {
        return Bedrock::NoPrice;
    };
    Bedrock::Priced {
        on_demand,
        batch: tier("batch").and_then(token_price),
        latency: tier("latency").and_then(token_price),
        provisioned: ["pt-0", "pt-1", "pt-6"]
            .iter()
            .filter_map(|t| tier(t).and_then(hourly))
            .collect(),
    }
}

/// The stated load: output tokens/s (the `tps` target, else the fleet's output for the stated users) over
/// the hours a month it runs, and the prompt tokens per output token of a request; `None` without `out`.
pub fn load(s: &Scenario, rec: &Recommendation) -> Option<Load> {
    if s.batch_job() {
        // A batch job's whole tokens, once (`Managed::per_job`).
        return Some(Load {
            in_tokens_month: s.job_requests * f64::from(s.prompt_tokens()),
            out_tokens_month: s.job_output_tokens(),
        });
    }
    let out_tps = if s.target_tps > 0.0 {
        s.target_tps
    } else {
        rec.tokens_per_s?
    };
    let out = f64::from(s.output_tokens);
    (out > 0.0 && s.task == Task::Inference).then(|| {
        let out_tokens_month = per_month(out_tps, s.hours_per_month);
        Load {
            in_tokens_month: out_tokens_month * f64::from(s.prompt_tokens()) / out,
            out_tokens_month,
        }
    })
}

/// A growing service's mean demand over the horizon in its first month's: the mean of (1 + g)^m, the
/// compounding `plan::demand_fleet` sizes the months by (1 for a steady fleet).
fn mean_growth(s: &Scenario) -> f64 {
    let factor = 1.0 + s.purchase.growth_pct / 100.0;
    let months = s.months.max(1);
    let mut at = 1.0;
    let mut sum = 0.0;
    for _ in 0..months {
        sum += at;
        at *= factor;
    }
    if s.fleet_grows() {
        sum / f64::from(months)
    } else {
        1.0
    }
}

/// What self-hosting costs a month (or a job), and the options it is priced at: the plan's average month
/// over its horizon (so a growing fleet's load is its mean too), else the headline's option.
fn self_hosted(s: &Scenario, rec: &Recommendation, plan: Option<&Plan>) -> (Option<f64>, Vec<Buy>, f64) {
    let Some(p) = plan.filter(|p| !p.items.is_empty()) else {
        let usd = if s.batch_job() { rec.job_usd } else { rec.monthly_usd };
        return (usd, vec![rec.priced_as(s.purchase.buy)], 1.0);
    };
    let buys = p.items.iter().fold(Vec::new(), |mut v, i| {
        if !v.contains(&i.buy) {
            v.push(i.buy);
        }
        v
    });
    match s.batch_job() {
        true => (Some(p.horizon_usd), buys, 1.0),
        false => (Some(p.horizon_usd / f64::from(s.months.max(1))), buys, mean_growth(s)),
    }
}

/// The comparison for a serving recommendation (None off serving), against `plan`, the cheapest plan for
/// `rec` where the caller has it.
pub fn compare(c: &Catalog, s: &Scenario, rec: &Recommendation, plan: Option<&Plan>) -> Option<Managed> {
    if s.task != Task::Inference {
        return None;
    }
    let (plan_monthly_usd, plan_buys, demand) = self_hosted(s, rec, plan);
    let bedrock = match &s.model {
        ModelChoice::Preset(id) => bedrock(c, id, &s.region),
        ModelChoice::Custom { .. } => Bedrock::NoPrice,
    };
    let load = load(s, rec).map(|l| Load {
        in_tokens_month: l.in_tokens_month * demand,
        out_tokens_month: l.out_tokens_month * demand,
    });
    let price = match &bedrock {
        Bedrock::Priced { on_demand, .. } => Some(on_demand),
        _ => None,
    };
    let bill = |p: Option<&TokenPrice>| {
        load.zip(p)
            .map(|(l, p)| p.cost_usd(l.in_tokens_month, l.out_tokens_month))
    };
    let batch = match &bedrock {
        Bedrock::Priced { batch, .. } => batch.as_ref(),
        _ => None,
    };
    let per_job = s.batch_job();
    // Total tokens at the load's mix: `share_in` of them input.
    let mix = load.map(|l| l.in_tokens_month / (l.in_tokens_month + l.out_tokens_month));
    let per_token = mix.zip(price).map(|(share_in, p)| p.cost_usd(share_in, 1.0 - share_in));
    let breakeven_tokens_month = plan_monthly_usd
        .filter(|_| !per_job)
        .zip(per_token)
        .filter(|(_, t)| *t > 0.0)
        .map(|(m, t)| m / t);
    // A growing fleet is sized month by month to carry that month's demand (`plan::demand_fleet`), so
    // its mean capacity grows with the mean demand.
    let capacity_tokens_month = rec
        .tokens_per_s
        .filter(|_| !per_job)
        .zip(mix)
        .map(|(t, share_in)| per_month(t, s.hours_per_month) * demand / (1.0 - share_in));
    Some(Managed {
        per_job,
        bedrock_monthly_usd: bill(price),
        batch_monthly_usd: bill(batch),
        bedrock,
        load,
        plan_monthly_usd,
        plan_buys,
        mean_demand: demand,
        breakeven_tokens_month,
        capacity_tokens_month,
        sagemaker: sagemaker(c, &rec.instance, &s.region),
        ecs_fee_usd_hr: c
            .managed
            .iter()
            .find(|m| m.service == "ecs" && m.tier == "fee" && m.offer == rec.instance)
            .and_then(|m| m.usd_hr),
        ecs_fee_cut: ecs_fee_cut(c, &rec.family),
    })
}

/// SageMaker AI's real-time endpoint rate on ml.<instance> in the region, and its mark-up over EC2 On-Demand.
fn sagemaker(c: &Catalog, instance: &str, region: &str) -> Option<(HourlyRate, f64)> {
    let ml = format!("ml.{instance}");
    let row = c
        .managed
        .iter()
        .find(|m| m.service == "sagemaker" && m.tier == "realtime" && m.offer == ml && m.region == region)?;
    let rate = hourly(row)?;
    let ec2 = c.on_demand(instance, region)?.usd_hr;
    let markup = rate.usd_hr / ec2 - 1.0;
    Some((rate, markup))
}

/// Article 001's July-2026 ECS Managed Instances fee cut for a family: its class is the family's vCPU quota
/// family (the catalog's `quota_families`), which the cut names (G-series, P-series, Trainium; rule
/// `ecs_fee_cuts_name_quota_families`).
fn ecs_fee_cut(c: &Catalog, family: &str) -> Option<(f64, String)> {
    let class = c.quota_family(family)?.letters();
    let cut = c
        .managed
        .iter()
        .find(|m| m.service == "ecs" && m.tier == "fee-cut" && m.model == class)?;
    Some((cut.pct?, cut.source.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog_static::catalog;

    #[test]
    fn the_fee_cut_class_is_the_familys_quota_family() {
        let c = catalog();
        let cut = |f: &str| ecs_fee_cut(&c, f).map(|(p, _)| p);
        assert_eq!(cut("g6e"), Some(35.0));
        assert_eq!(cut("gr6"), Some(35.0));
        assert_eq!(cut("p5en"), Some(60.0));
        assert_eq!(cut("p6-b200"), Some(60.0));
        assert_eq!(cut("trn2"), Some(60.0));
        assert_eq!(cut("inf2"), None);
        assert_eq!(cut("dl1"), None);
    }

    #[test]
    fn bedrock_prefers_the_scenarios_region_and_knows_ended_models() {
        let c = catalog();
        match bedrock(&c, "llama3.1-70b", "us-east-1") {
            Bedrock::Priced {
                on_demand,
                batch,
                provisioned,
                ..
            } => {
                assert_eq!((on_demand.in_usd_m, on_demand.out_usd_m), (0.72, 0.72));
                assert_eq!(on_demand.region, "us-east-2");
                assert_eq!(batch.map(|b| b.out_usd_m), Some(0.36));
                assert_eq!(
                    provisioned.iter().map(|p| p.usd_hr).collect::<Vec<_>>(),
                    [24.0, 21.18, 13.08]
                );
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            bedrock(&c, "llama3.1-405b", "us-east-1"),
            Bedrock::Ended { .. }
        ));
        assert_eq!(bedrock(&c, "qwen2.5-72b", "us-east-1"), Bedrock::NoPrice);
    }
}
