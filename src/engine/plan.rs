//! The cheapest mix of purchase options for a usage profile: per segment (baseline, bursts), commitments of any term back to back or staggered over the horizon with the rest On-Demand or Spot (exact for growing fleets: one instance-layer at a time), a short event or a fixed-window job on a Capacity Block when cheaper.

use super::cost::{self, OptionCost, HOURS_PER_MONTH, HOURS_PER_YEAR};
use super::outcome::{Plan, PlanItem, Recommendation, Segment, Why};
use super::sizing::{hours_on, serving_estimate};
use crate::catalog::Catalog;
use crate::num::Within;
use crate::scenario::{Buy, Scenario};

mod cover;
pub use cover::{cover_fleet, cover_layer, Cover, Term};

/// One option's cost, a Capacity Block's fleet timed by sizing (`sizing::hours_on`).
fn option_cost(catalog: &Catalog, scenario: &Scenario, rec: &Recommendation, buy: Buy) -> OptionCost {
    cost::option_cost(catalog, scenario, rec, buy, hours_on)
}

/// One instance of `rec`'s type in a fleet of `fleet` under `buy` (a commitment's or On-Demand's
/// per-instance terms; Spot's cap and interruptions judged on the fleet, as the option table does).
fn one_instance(catalog: &Catalog, scenario: &Scenario, (rec, fleet): (&Recommendation, u32), buy: Buy) -> OptionCost {
    cost::option_cost_of(catalog, scenario, (rec, 1, fleet), buy, hours_on)
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

/// A growing service's fleet month by month from its demand: the users (`batch`) and any throughput
/// target compound by `growth_pct` a month, and each month gets the instances the serving plan's shape
/// needs for them (`ServingUnit::instances`, a replica's tokens/s re-estimated at its share of users) (never fewer than a month's demand needs, nor, growing, than the recommended count;
/// shrinking, never more). Without a serving unit (graphics, HPC), the count itself compounds.
pub fn demand_fleet(catalog: &Catalog, s: &Scenario, rec: &Recommendation) -> Vec<u32> {
    let Some(u) = rec.serving_unit else {
        return fleet_by_month(rec.n_instances, s.purchase.growth_pct, s.months);
    };
    let factor = 1.0 + s.purchase.growth_pct / 100.0;
    let n0 = f64::from(rec.n_instances);
    let mut scale = 1.0;
    (0..s.months)
        .map(|m| {
            let tokens_at =
                |seqs| serving_estimate(catalog, s, &rec.instance, u.tp, seqs).map_or(0.0, |e| e.tokens_per_s);
            let need = u.instances(f64::from(s.batch.max(1)) * scale, s.target_tps * scale, tokens_at);
            scale *= factor;
            let n = match (m, factor >= 1.0) {
                (0, _) => n0,
                (_, true) => need.max(n0),
                (_, false) => need.min(n0),
            };
            n.within(1.0, super::eligibility::MAX_INSTANCES as f64) as u32
        })
        .collect()
}

/// A growing fleet's committed instances in each month of the horizon: the sum of the baseline lines
/// active that month (commitments started in different months add up); empty for a steady fleet or a job.
pub fn committed_by_month(plan: &Plan) -> Vec<u32> {
    (0..plan.fleet_by_month.len() as u32)
        .map(|m| {
            let active =
                |i: &&PlanItem| i.segment == Segment::Baseline && i.from_month <= m && m < i.from_month + i.months;
            plan.items.iter().filter(active).map(|i| i.instances).sum()
        })
        .collect()
}

/// What one instance of a fleet of `fleet` (its peak) costs on each commitment over a term, and flexibly
/// per month, for the scenario's usage (`hours_per_month`); `None` for an option not offered.
fn per_instance_terms(
    catalog: &Catalog,
    s: &Scenario,
    (rec, fleet): (&Recommendation, u32),
) -> (Vec<Term>, Option<OptionCost>) {
    let mut terms = Vec::new();
    let mut flex: Option<OptionCost> = None;
    for b in Buy::ALL {
        if b == Buy::CapacityBlock {
            continue;
        }
        let o = one_instance(catalog, s, (rec, fleet), b);
        if o.unavailable.is_some() {
            continue;
        }
        match b.term_years() {
            Some(y) => terms.push(Term {
                buy: b,
                months: 12 * y,
                usd: o.hourly_usd * f64::from(y) * HOURS_PER_YEAR,
                upfront_usd: o.upfront_usd,
            }),
            None => {
                if flex.as_ref().is_none_or(|f| o.monthly_usd < f.monthly_usd) {
                    flex = Some(o);
                }
            }
        }
    }
    (terms, flex)
}

/// One segment's lines from a fleet cover: commitments (renewals back to back merged into one line)
/// and the flexible rest (a growing fleet's rest is the growth segment).
fn segment_items(
    segment: Segment,
    flex_segment: Segment,
    hours_per_month: f64,
    terms: &[Term],
    flex: Option<&OptionCost>,
    cover: (Vec<(usize, u32, u32)>, Vec<u32>),
    considered: Vec<(Buy, f64)>,
) -> Vec<PlanItem> {
    let (commits, flex_by_month) = cover;
    let horizon = flex_by_month.len() as u32;
    let mut items: Vec<PlanItem> = Vec::new();
    for (i, from, n) in crate::order::sorted(commits, &|a, b| a.1.cmp(&b.1).then(a.0.cmp(&b.0))) {
        let Some(t) = terms.get(i) else { continue };
        let k = f64::from(n);
        let used = t.months.min(horizon.saturating_sub(from));
        let renewal = items
            .iter_mut()
            .find(|x| x.buy == t.buy && x.instances == n && x.from_month + x.months == from);
        match renewal {
            Some(x) => {
                x.months += used;
                x.upfront_usd += t.upfront_usd * k;
                x.horizon_usd += t.usd * k;
            }
            None => items.push(PlanItem {
                segment,
                buy: t.buy,
                instances: n,
                hours_per_month,
                from_month: from,
                months: used,
                upfront_usd: t.upfront_usd * k,
                monthly_usd: t.usd / f64::from(t.months.max(1)) * k,
                horizon_usd: t.usd * k,
                considered: Vec::new(),
            }),
        }
    }
    let flex_months: u32 = flex_by_month.iter().sum();
    if let (Some(f), true) = (flex, flex_months > 0) {
        let first = flex_by_month.iter().position(|n| *n > 0).unwrap_or(0) as u32;
        let last = flex_by_month.iter().rposition(|n| *n > 0).unwrap_or(0) as u32;
        let usd = f.monthly_usd * f64::from(flex_months);
        items.push(PlanItem {
            segment: flex_segment,
            buy: f.buy,
            instances: flex_by_month.iter().copied().max().unwrap_or(0),
            hours_per_month,
            from_month: first,
            months: last + 1 - first,
            upfront_usd: 0.0,
            monthly_usd: usd / f64::from(horizon.max(1)),
            horizon_usd: usd,
            considered: Vec::new(),
        });
    }
    if let Some(first) = items.first_mut() {
        first.considered = considered;
    }
    items
}

/// A segment of a service (the baseline, or bursts): the cheapest cover of its fleet over the horizon
/// with every commitment term, back to back or staggered, and the rest flexible; for the baseline a
/// Capacity Block for the whole horizon (a short event) where cheaper. `considered` lists each option
/// as the only commitment (and none), and the Capacity Block.
fn service_segment(
    catalog: &Catalog,
    s: &Scenario,
    rec: &Recommendation,
    segment: Segment,
    fleet: &[u32],
) -> (Vec<PlanItem>, Option<f64>) {
    let peak = fleet.iter().copied().max().unwrap_or(rec.n_instances);
    let (terms, flex) = per_instance_terms(catalog, s, (rec, peak));
    let flex_usd = flex.as_ref().map(|f| f.monthly_usd);
    let mut considered: Vec<(Buy, f64)> = Vec::new();
    for t in &terms {
        if let Some((c, _, _)) = cover_fleet(fleet, std::slice::from_ref(t), flex_usd) {
            considered.push((t.buy, c));
        }
    }
    if let (Some(f), Some((c, _, _))) = (&flex, cover_fleet(fleet, &[], flex_usd)) {
        considered.push((f.buy, c));
    }
    let cb = (segment == Segment::Baseline && fleet.iter().all(|n| *n == rec.n_instances))
        .then(|| option_cost(catalog, s, rec, Buy::CapacityBlock))
        .filter(|o| o.unavailable.is_none());
    if let Some(o) = &cb {
        considered.push((Buy::CapacityBlock, o.horizon_usd));
    }
    let considered = crate::order::sorted(considered, &|a, b| a.1.total_cmp(&b.1));
    let od_monthly = one_instance(catalog, s, (rec, peak), Buy::OnDemand);
    let all_od = od_monthly
        .unavailable
        .is_none()
        .then(|| od_monthly.monthly_usd * fleet.iter().map(|n| f64::from(*n)).sum::<f64>());
    let Some((total, commits, flex_by_month)) = cover_fleet(fleet, &terms, flex_usd) else {
        return (Vec::new(), all_od);
    };
    if let Some(o) = cb.filter(|o| o.horizon_usd < total) {
        let months = fleet.len() as u32;
        let item = PlanItem {
            segment,
            buy: Buy::CapacityBlock,
            instances: o.cb.as_ref().map_or(rec.n_instances, |c| c.instances),
            hours_per_month: s.hours_per_month.min(HOURS_PER_MONTH),
            from_month: 0,
            months,
            upfront_usd: o.upfront_usd,
            monthly_usd: o.monthly_usd,
            horizon_usd: o.horizon_usd,
            considered,
        };
        return (vec![item], all_od);
    }
    // A growing fleet's flexible rest is its growth; a steady fleet's is part of the segment (a tail).
    let varies = fleet.iter().any(|n| Some(n) != fleet.first());
    let flex_segment = if segment == Segment::Baseline && varies {
        Segment::Growth
    } else {
        segment
    };
    let items = segment_items(
        segment,
        flex_segment,
        s.hours_per_month.min(HOURS_PER_MONTH),
        &terms,
        flex.as_ref(),
        (commits, flex_by_month),
        considered,
    );
    (items, all_od)
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

/// A job: the cheapest option that finishes inside the window (`window`), Spot only where the user
/// allows it for a window (`spotwin`); when no option can, the cheapest overall, with a notice naming
/// the shortest time any option takes. Never empty while any option is priced.
fn job_item(catalog: &Catalog, scenario: &Scenario, rec: &Recommendation, notices: &mut Vec<Why>) -> Option<PlanItem> {
    let p = &scenario.purchase;
    let window_h = f64::from(p.window_days) * 24.0;
    let options: Vec<OptionCost> = Buy::ALL
        .iter()
        .map(|b| option_cost(catalog, scenario, rec, *b))
        .collect();
    let spot_ok = |o: &OptionCost| o.buy != Buy::Spot || window_h <= 0.0 || p.spot_in_window;
    let in_window = |o: &OptionCost| window_h <= 0.0 || o.job_hours.is_some_and(|h| h <= window_h);
    let (mut best, mut considered) = cheapest(options.clone(), |o| {
        o.comparable_usd().filter(|_| in_window(o) && spot_ok(o))
    });
    if best.is_none() && window_h > 0.0 {
        let shortest = options
            .iter()
            .filter(|o| o.unavailable.is_none() && spot_ok(o))
            .filter_map(|o| o.job_hours.map(|h| (o.buy, h)))
            .min_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((buy, hours)) = shortest {
            notices.push(Why::WindowMissed {
                window_days: p.window_days,
                shortest_days: hours / 24.0,
                buy,
            });
        }
        (best, considered) = cheapest(options, |o| o.comparable_usd().filter(|_| spot_ok(o)));
    }
    let b = best?;
    Some(PlanItem {
        segment: Segment::Job,
        buy: b.buy,
        instances: b.cb.as_ref().map_or(rec.n_instances, |c| c.instances),
        hours_per_month: 0.0,
        from_month: 0,
        months: 0,
        upfront_usd: b.upfront_usd,
        monthly_usd: b.monthly_usd,
        horizon_usd: b.comparable_usd().unwrap_or(0.0),
        considered,
    })
}

/// The cheapest mix for the scenario's usage profile on the recommended instance type, with the notices
/// the mix itself raises (a missed window); `engine::plan` adds what a buyer must know (`buyer`).
pub fn cheapest_plan(catalog: &Catalog, scenario: &Scenario, rec: &Recommendation) -> Plan {
    let mut items = Vec::new();
    let mut fleet = Vec::new();
    let mut notices = Vec::new();
    let all_od;
    if rec.job_hours.is_some() {
        all_od = option_cost(catalog, scenario, rec, Buy::OnDemand).comparable_usd();
        let horizon_h = f64::from(scenario.months) * HOURS_PER_MONTH;
        if let Some(h) = rec.job_hours.filter(|h| *h > horizon_h) {
            notices.push(Why::JobBeyondHorizon {
                job_days: h / 24.0,
                months: scenario.months,
            });
        }
        items.extend(job_item(catalog, scenario, rec, &mut notices));
    } else {
        let mut base_only = scenario.clone();
        base_only.purchase.burst_instances = 0;
        let months = scenario.months.max(1) as usize;
        let base_fleet = if scenario.fleet_grows() {
            fleet = demand_fleet(catalog, scenario, rec);
            fleet.clone()
        } else {
            vec![rec.n_instances; months]
        };
        let (base_items, base_od) = service_segment(catalog, &base_only, rec, Segment::Baseline, &base_fleet);
        items = base_items;
        let mut od = base_od;
        let burst = scenario.purchase.burst_instances;
        if burst > 0 {
            // Bursts as their own fleet: flexible, or committed where their hours pass break-even.
            let mut burst_only = base_only.clone();
            burst_only.hours_per_month = scenario.purchase.burst_hours;
            let (burst_items, burst_od) =
                service_segment(catalog, &burst_only, rec, Segment::Burst, &vec![burst; months]);
            items.extend(burst_items);
            od = od.zip(burst_od).map(|(a, b)| a + b);
        }
        all_od = od;
    }
    let horizon: f64 = items.iter().map(|i| i.horizon_usd).sum();
    Plan {
        instance: rec.instance.clone(),
        horizon_usd: horizon,
        all_on_demand_horizon_usd: all_od,
        // Savings only for a plan that buys something.
        savings_vs_od_usd: all_od.filter(|_| !items.is_empty()).map(|o| o - horizon),
        items,
        fleet_by_month: fleet,
        notices,
        rates: Vec::new(),
        larger_batch: None,
        elsewhere: None,
    }
}

/// The cheapest plan over every type in `recs` that fits and is priced, other than `plan`'s, where it
/// costs less than `plan` (by more than a cent): the least over every type, not only the ranked first.
/// On a tie the higher-ranked type. A plan booking a Capacity Block at a rate dated before a known price
/// change (`CbDetail::predates_change`) is no basis for "cheaper": AWS may no longer charge it.
pub fn cheaper_elsewhere(catalog: &Catalog, scenario: &Scenario, recs: &[Recommendation], plan: &Plan) -> Option<Plan> {
    let mut best: Option<Plan> = None;
    // A type that misses the target (late, or below a readable speed) is no alternative to one that
    // meets it.
    let own_short = recs
        .iter()
        .find(|r| r.instance == plan.instance)
        .is_some_and(|r| r.short_of_target);
    let eligible = |r: &&Recommendation| r.fits && r.instance != plan.instance && (own_short || !r.short_of_target);
    let stale_block = |r: &Recommendation, p: &Plan| {
        p.items.iter().any(|i| i.buy == Buy::CapacityBlock)
            && option_cost(catalog, scenario, r, Buy::CapacityBlock)
                .cb
                .is_some_and(|c| c.predates_change.is_some())
    };
    for r in recs.iter().filter(eligible) {
        let p = cheapest_plan(catalog, scenario, r);
        if stale_block(r, &p) {
            continue;
        }
        let bar = best.as_ref().map_or(plan.horizon_usd - 0.005, |b| b.horizon_usd);
        if !p.items.is_empty() && p.horizon_usd < bar {
            best = Some(p);
        }
    }
    best
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
