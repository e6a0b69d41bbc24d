//! The cheapest mix of purchase options for a usage profile: commit the steady baseline, put bursts on On-Demand or Spot, a fixed window on Capacity Blocks when cheaper.

use super::cost::{option_cost, OptionCost, HOURS_PER_MONTH};
use super::recommend::Recommendation;
use crate::catalog::Catalog;
use crate::scenario::{Buy, Scenario};

/// Which part of the usage an item covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Segment {
    /// The instances that run every month (a service).
    Baseline,
    /// Extra instances for part of each month.
    Burst,
    /// A training or fine-tuning job.
    Job,
}

/// One line of the plan.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanItem {
    pub segment: Segment,
    pub buy: Buy,
    pub instances: u32,
    pub hours_per_month: f64,
    pub upfront_usd: f64,
    pub monthly_usd: f64,
    pub horizon_usd: f64,
    /// Every option considered for this segment with its horizon cost, cheapest first.
    pub considered: Vec<(Buy, f64)>,
}

/// The plan for one recommendation.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub instance: String,
    pub items: Vec<PlanItem>,
    pub horizon_usd: f64,
    /// All-On-Demand over the same horizon; `None` without an On-Demand price.
    pub all_od_horizon_usd: Option<f64>,
    pub savings_vs_od_usd: Option<f64>,
}

fn cheapest(
    options: Vec<OptionCost>,
    key: impl Fn(&OptionCost) -> Option<f64>,
) -> (Option<OptionCost>, Vec<(Buy, f64)>) {
    let ranked: Vec<(OptionCost, f64)> = options.into_iter().filter_map(|o| key(&o).map(|k| (o, k))).collect();
    let ranked = crate::order::sorted(ranked, &|a, b| a.1.total_cmp(&b.1));
    let considered = ranked.iter().map(|(o, k)| (o.buy, *k)).collect();
    (ranked.into_iter().next().map(|(o, _)| o), considered)
}

/// The cheapest mix for the scenario's usage profile on the recommended instance type.
pub fn plan(catalog: &Catalog, scenario: &Scenario, rec: &Recommendation) -> Plan {
    let mut items = Vec::new();
    let od = option_cost(catalog, scenario, rec, Buy::OnDemand);
    let all_od = od.comparable_usd();
    if rec.job_hours.is_some() {
        // A job: On-Demand, Spot with checkpoints, a Capacity Block, or a commitment's whole term.
        let window_h = f64::from(scenario.purchase.window_days) * 24.0;
        let in_window = |o: &OptionCost| window_h <= 0.0 || o.job_hours.is_some_and(|h| h <= window_h);
        let options = Buy::ALL
            .iter()
            .map(|b| option_cost(catalog, scenario, rec, *b))
            .collect();
        let (best, considered) = cheapest(options, |o| o.comparable_usd().filter(|_| in_window(o)));
        if let Some(b) = best {
            items.push(PlanItem {
                segment: Segment::Job,
                buy: b.buy,
                instances: rec.n_instances,
                hours_per_month: 0.0,
                upfront_usd: b.upfront_usd,
                monthly_usd: b.monthly_usd,
                horizon_usd: b.comparable_usd().unwrap_or(0.0),
                considered,
            });
        }
    } else {
        // The baseline on the cheapest of every option for the baseline alone (no bursts).
        let mut base_only = scenario.clone();
        base_only.purchase.burst_instances = 0;
        let options = Buy::ALL
            .iter()
            .map(|b| option_cost(catalog, &base_only, rec, *b))
            .collect();
        let (best, considered) = cheapest(options, OptionCost::comparable_usd);
        if let Some(b) = best {
            items.push(PlanItem {
                segment: Segment::Baseline,
                buy: b.buy,
                instances: rec.n_instances,
                hours_per_month: scenario.hours_per_month,
                upfront_usd: b.upfront_usd,
                monthly_usd: b.monthly_usd,
                horizon_usd: b.horizon_usd,
                considered,
            });
        }
        let burst = scenario.purchase.burst_instances;
        if burst > 0 {
            // Bursts as their own fleet: On-Demand or Spot only (a commitment would idle between bursts).
            let burst_rec = Recommendation {
                n_instances: burst,
                ..rec.clone()
            };
            let mut burst_only = base_only.clone();
            burst_only.hours_per_month = scenario.purchase.burst_hours;
            let options = [Buy::OnDemand, Buy::Spot]
                .iter()
                .map(|b| option_cost(catalog, &burst_only, &burst_rec, *b))
                .collect();
            let (best, considered) = cheapest(options, OptionCost::comparable_usd);
            if let Some(b) = best {
                items.push(PlanItem {
                    segment: Segment::Burst,
                    buy: b.buy,
                    instances: burst,
                    hours_per_month: scenario.purchase.burst_hours.min(HOURS_PER_MONTH),
                    upfront_usd: b.upfront_usd,
                    monthly_usd: b.monthly_usd,
                    horizon_usd: b.horizon_usd,
                    considered,
                });
            }
        }
    }
    let horizon: f64 = items.iter().map(|i| i.horizon_usd).sum();
    Plan {
        instance: rec.instance.clone(),
        horizon_usd: horizon,
        all_od_horizon_usd: all_od,
        savings_vs_od_usd: all_od.map(|o| o - horizon),
        items,
    }
}
