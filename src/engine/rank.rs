//! Ranking: the cost and speed a ranking compares, and the order by the scenario's priority.
//!
//! It reads the recommendations' figures as typed fields (`fp64_tflops`, `short_of_target`,
//! `priced_instead`, ...), never back out of their explanation (`reasons`).

use super::outcome::{Recommendation, Why};
use crate::scenario::{Buy, Priority, Scenario};

/// The HPC lens: On-Demand (or the chosen option's) dollars per hour of one peak FP64 TFLOPS.
pub fn usd_per_fp64_tflops_hour(r: &Recommendation) -> Option<f64> {
    let tflops = r.fp64_tflops.filter(|t| *t > 0.0)?;
    r.hourly_usd.map(|h| h / tflops)
}

/// The cost a ranking compares: per job for jobs, per month for services. `None` without a price.
pub fn cost_key(r: &Recommendation) -> Option<f64> {
    r.job_usd.or(r.monthly_usd)
}

/// Higher is better: per-sequence speed for inference, 1/hours for jobs, FP64 for HPC.
pub fn speed_key(r: &Recommendation) -> f64 {
    if let Some(t) = r.tokens_per_s_per_seq {
        return t;
    }
    if let Some(h) = r.job_hours {
        return 1.0 / h.max(1e-9);
    }
    r.fp64_tflops.unwrap_or(1.0)
}

/// The headline is Spot only because the type has neither an On-Demand price nor a Capacity Block rate
/// in the region: it ranks after every type priced as asked (or at a rate that can be reserved), since
/// comparing its Spot price with their On-Demand figures would flatter it.
fn spot_only(r: &Recommendation) -> bool {
    r.priced_instead == Some(Buy::Spot)
}

/// Under `prio=perf`, speeds within this factor of a group's fastest compare as equal and cost decides:
/// a type is not "faster" for a gain smaller than the estimate can tell, such as the extra instance a
/// fleet rounded up to a whole count adds (g7e.48xlarge's 2 instances finishing 1 % before one
/// p5.48xlarge, for 19 % more). The estimates' own range is ±25 % (README: How accurate it is).
pub const SPEED_TOLERANCE: f64 = 1.05;

/// Each recommendation's speed group, by instance: the fastest opens group 0; each next one (by speed,
/// descending) joins the open group while within `SPEED_TOLERANCE` of that group's first, else opens the
/// next. Groups are fixed by their first member, so the order they give is total.
fn speed_groups(recs: Vec<&Recommendation>, speed: &dyn Fn(&Recommendation) -> f64) -> Vec<(String, u32)> {
    let by_speed = crate::order::sorted(recs, &|a, b| speed(b).total_cmp(&speed(a)));
    let mut out = Vec::with_capacity(by_speed.len());
    let (mut group, mut lead) = (0u32, f64::NAN);
    for r in by_speed {
        let v = speed(r);
        if lead.is_nan() {
            lead = v;
        } else if v * SPEED_TOLERANCE < lead {
            group += 1;
            lead = v;
        }
        out.push((r.instance.clone(), group));
    }
    out
}

/// Orders recommendations by the scenario's priority, those short of the target after those that meet
/// it; unfit and unpriced options go last. Total and
/// deterministic: when a fitting option costs nothing in the period (`hours=0` On-Demand), options
/// compare by their hourly rate instead (what an hour of use costs); equal scores fall back to fewer
/// instances, then the type's name.
pub(super) fn rank(recs: &mut Vec<Recommendation>, scenario: &Scenario) {
    let min_cost = |key: fn(&Recommendation) -> Option<f64>| {
        recs.iter()
            .filter(|r| r.fits && !spot_only(r))
            .filter_map(key)
            .fold(f64::INFINITY, f64::min)
    };
    let per_hour = min_cost(cost_key) <= 0.0;
    let cost_key = if per_hour {
        |r: &Recommendation| r.hourly_usd
    } else {
        cost_key
    };
    let cheapest = min_cost(cost_key).max(f64::MIN_POSITIVE);
    let speed_key = |r: &Recommendation| speed_key(r).max(f64::MIN_POSITIVE);
    let fastest = recs
        .iter()
        .filter(|r| r.fits && !spot_only(r) && cost_key(r).is_some())
        .map(speed_key)
        .fold(0.0, f64::max);
    let budget_x = scenario.assumptions.perf_budget_x;
    let within_budget: Vec<&Recommendation> = recs
        .iter()
        .filter(|r| r.fits && !spot_only(r) && cost_key(r).is_some_and(|c| c <= cheapest * budget_x))
        .collect();
    let groups = speed_groups(within_budget, &speed_key);
    let group = |r: &Recommendation| {
        groups
            .iter()
            .find(|(id, _)| *id == r.instance)
            .map_or(f64::INFINITY, |(_, g)| f64::from(*g))
    };
    // Smaller is better; Spot-only options, then unpriced ones, sort after priced ones.
    let score = |r: &Recommendation| -> (u8, f64, f64) {
        let speed = speed_key(r);
        let Some(cost) = cost_key(r) else {
            return if r.fits {
                (2, f64::INFINITY, -speed)
            } else {
                (3, -speed, 0.0)
            };
        };
        if !r.fits {
            return (3, cost, -speed);
        }
        if spot_only(r) {
            return (2, cost, -speed);
        }
        let tier = u8::from(r.short_of_target);
        match scenario.priority {
            Priority::Cost => (tier, cost, -speed),
            Priority::Performance if cost <= cheapest * budget_x => (tier, group(r), cost),
            Priority::Performance => (1, cost, -speed),
            // Geometric mean of cost and slowness relative to the best of each.
            Priority::Balanced => (tier, ((cost / cheapest) * (fastest / speed)).sqrt(), cost),
        }
    };
    *recs = crate::order::sorted(std::mem::take(recs), &|a, b| {
        let (sa, sb) = (score(a), score(b));
        sa.0.cmp(&sb.0)
            .then(sa.1.total_cmp(&sb.1))
            .then(sa.2.total_cmp(&sb.2))
            .then(a.n_instances.cmp(&b.n_instances))
            .then(a.instance.cmp(&b.instance))
    });
    if let Some(top) = recs.first_mut().filter(|r| r.fits && cost_key(r).is_some()) {
        top.reasons.push(match scenario.priority {
            Priority::Cost => Why::RankCheapest,
            Priority::Performance => Why::RankFastestWithinBudget { budget_x },
            Priority::Balanced => Why::RankBestBalance,
        });
    }
}
