//! The cheapest mix of purchase options for a usage profile: commit the steady baseline (or, for a growing fleet, the level worth committing to), put bursts and growth on On-Demand or Spot, a fixed window on Capacity Blocks when cheaper.

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
    /// A growing (or shrinking) fleet's instances above the committed level, month by month.
    Growth,
}

impl Segment {
    /// The segment's name in exports and the CLI's JSON.
    pub fn key(self) -> &'static str {
        match self {
            Segment::Baseline => "baseline",
            Segment::Burst => "burst",
            Segment::Job => "job",
            Segment::Growth => "growth",
        }
    }
}

/// One line of the plan.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanItem {
    pub segment: Segment,
    pub buy: Buy,
    /// Instances this line covers; for growth, the most in any month.
    pub instances: u32,
    pub hours_per_month: f64,
    pub upfront_usd: f64,
    /// Per month; for growth, the average over the horizon.
    pub monthly_usd: f64,
    pub horizon_usd: f64,
    /// Every option considered for this segment with its horizon cost, cheapest first (for a growing
    /// fleet: the whole plan's cost with that option committed at its best level, or none committed).
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
    /// The baseline fleet in each month of the horizon when it grows; empty for a steady fleet or a job.
    pub fleet_by_month: Vec<u32>,
}

/// The baseline fleet in each month of the horizon when it grows by `growth_pct` a month: the
/// recommended count in the first month, compounded, rounded up to whole instances, never below one
/// and never above the 100,000 instances every other sizing stops at (`eligibility::MAX_INSTANCES`).
pub fn fleet_by_month(n_instances: u32, growth_pct: f64, months: u32) -> Vec<u32> {
    let factor = 1.0 + growth_pct / 100.0;
    let mut size = f64::from(n_instances);
    (0..months)
        .map(|_| {
            // A hair below the next whole number is that number, not one more (float noise in the powers).
            let n = (size - 1e-9).ceil().max(1.0);
            size *= factor;
            n.min(super::eligibility::MAX_INSTANCES as f64) as u32
        })
        .collect()
}

/// A growing fleet: commit `level` instances on one option for the horizon and run the rest of each
/// month's fleet on the cheapest flexible option (On-Demand or Spot). Every option is tried at every
/// level the fleet reaches (and at none); the cost is piecewise linear in the level, so its least is at
/// one of them. Returns the baseline and growth items, and the horizon's all-On-Demand cost.
/// `steady` is the scenario without bursts.
fn growth_plan(
    catalog: &Catalog,
    steady: &Scenario,
    rec: &Recommendation,
    fleet: &[u32],
) -> (Vec<PlanItem>, Option<f64>) {
    let one = Recommendation {
        n_instances: 1,
        ..rec.clone()
    };
    // Per instance: a commitment's cost over the horizon, a flexible option's cost per month.
    let per_instance: Vec<OptionCost> = Buy::ALL
        .iter()
        .map(|b| option_cost(catalog, steady, &one, *b))
        .filter(|o| o.unavailable.is_none())
        .collect();
    let flexible = |b: Buy| matches!(b, Buy::OnDemand | Buy::Spot);
    let flex = per_instance
        .iter()
        .filter(|o| flexible(o.buy))
        .min_by(|a, b| a.monthly_usd.total_cmp(&b.monthly_usd));
    let od_monthly = per_instance
        .iter()
        .find(|o| o.buy == Buy::OnDemand)
        .map(|o| o.monthly_usd);
    let instance_months: f64 = fleet.iter().map(|n| f64::from(*n)).sum();
    let peak = fleet.iter().copied().max().unwrap_or(0);
    let above = |level: u32| -> f64 { fleet.iter().map(|n| f64::from(n.saturating_sub(level))).sum() };
    // (option committed or None, level, total) for every candidate.
    let mut best: Option<(Option<&OptionCost>, u32, f64)> = flex.map(|f| (None, 0, f.monthly_usd * instance_months));
    let mut considered = Vec::new();
    for o in per_instance
        .iter()
        .filter(|o| !flexible(o.buy) && o.buy != Buy::CapacityBlock)
    {
        let mut option_best: Option<(u32, f64)> = None;
        // Every level the fleet reaches (a level reached in several months is tried again, harmlessly).
        for &level in fleet {
            let rest = above(level);
            let total = match flex {
                Some(f) => f64::from(level) * o.horizon_usd + rest * f.monthly_usd,
                None if rest == 0.0 => f64::from(level) * o.horizon_usd,
                None => continue,
            };
            // On a tie the smaller commitment: the same cost with more flexibility.
            if option_best.is_none_or(|(l, t)| total < t || (total == t && level < l)) {
                option_best = Some((level, total));
            }
        }
        if let Some((level, total)) = option_best {
            considered.push((o.buy, total));
            if best.is_none_or(|(_, _, t)| total < t) {
                best = Some((Some(o), level, total));
            }
        }
    }
    if let Some(f) = flex {
        considered.push((f.buy, f.monthly_usd * instance_months));
    }
    let considered = crate::order::sorted(considered, &|a, b| a.1.total_cmp(&b.1));
    let mut items = Vec::new();
    if let Some((commit, level, _)) = best {
        let months = fleet.len().max(1) as f64;
        if let Some(o) = commit.filter(|_| level > 0) {
            let k = f64::from(level);
            items.push(PlanItem {
                segment: Segment::Baseline,
                buy: o.buy,
                instances: level,
                hours_per_month: steady.hours_per_month,
                upfront_usd: o.upfront_usd * k,
                monthly_usd: o.monthly_usd * k,
                horizon_usd: o.horizon_usd * k,
                considered: considered.clone(),
            });
        }
        if let Some(f) = flex.filter(|_| level < peak) {
            let rest_usd = above(level) * f.monthly_usd;
            items.push(PlanItem {
                segment: Segment::Growth,
                buy: f.buy,
                instances: peak - level,
                hours_per_month: steady.hours_per_month,
                upfront_usd: 0.0,
                monthly_usd: rest_usd / months,
                horizon_usd: rest_usd,
                considered: if level == 0 { considered } else { Vec::new() },
            });
        }
    }
    (items, od_monthly.map(|m| m * instance_months))
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
    let mut fleet = Vec::new();
    let od = option_cost(catalog, scenario, rec, Buy::OnDemand);
    let mut all_od = od.comparable_usd();
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
        let mut base_only = scenario.clone();
        base_only.purchase.burst_instances = 0;
        if scenario.purchase.growth_pct != 0.0 && scenario.months > 1 {
            fleet = fleet_by_month(rec.n_instances, scenario.purchase.growth_pct, scenario.months);
            let (growth_items, fleet_od) = growth_plan(catalog, &base_only, rec, &fleet);
            items = growth_items;
            // All On-Demand: the growing fleet in place of the steady one, bursts as they are.
            let steady_od = option_cost(catalog, &base_only, rec, Buy::OnDemand).comparable_usd();
            all_od = match (all_od, steady_od, fleet_od) {
                (Some(all), Some(steady), Some(grown)) => Some(all - steady + grown),
                _ => None,
            };
        } else {
            // The baseline on the cheapest of every option for the baseline alone (no bursts).
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
        fleet_by_month: fleet,
    }
}

#[cfg(test)]
mod tests {
    use super::fleet_by_month;

    #[test]
    fn fleet_compounds_and_rounds_up() {
        assert_eq!(fleet_by_month(10, 10.0, 4), [10, 11, 13, 14]); // 10, 11, 12.1, 13.31
        assert_eq!(fleet_by_month(4, 0.0, 3), [4, 4, 4]);
        assert_eq!(fleet_by_month(4, -50.0, 4), [4, 2, 1, 1]); // never below one instance
                                                               // growth=100&months=60 doubled past 4,294,967,295 instances; fleets stop at 100,000 as elsewhere.
        assert_eq!(fleet_by_month(100, 100.0, 60).last(), Some(&100_000));
        assert_eq!(fleet_by_month(100, 100.0, 60)[9], 51_200);
        assert!(fleet_by_month(3, 5.0, 0).is_empty());
    }
}
