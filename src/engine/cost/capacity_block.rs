//! Capacity Blocks by AWS's rules: block lengths, the rate for a region, the booking for a job (block
//! length and fleet together), and the option's cost.

use super::{base_job_hours, FleetHours, OptionCost, HOURS_PER_MONTH};
use crate::catalog::{Catalog, IsoDate};
use crate::engine::outcome::{CostTerm, NotOffered, Recommendation, TermKind};
use crate::num::Within;
use crate::scenario::{Buy, Scenario};

/// Capacity Blocks: at most this many instances across all of an account's blocks (AWS, "How Capacity
/// Blocks work"; 64 per block is in the catalog).
pub const CB_MAX_INSTANCES_TOTAL: u32 = 256;
/// Capacity Blocks: AWS starts terminating the instances 30 minutes before the block ends.
pub const CB_END_STOP_H: f64 = 0.5;

/// Capacity Block details.
#[derive(Clone, Debug, PartialEq)]
pub struct CbDetail {
    pub days: u32,
    pub blocks: u32,
    /// Instances booked: block length and fleet size are chosen together (a larger fleet may fit a
    /// shorter block for less).
    pub instances: u32,
    /// The rate is stated for other regions (US regions or "most regions") and applied here: derived.
    pub rate_derived: bool,
    /// Most instances in one block, and how far ahead a block can start (AWS's rules, in the catalog).
    pub max_instances_per_block: u32,
    pub max_lead_weeks: u32,
    pub rate_usd_hr: f64,
    pub as_of: IsoDate,
    pub source: String,
    /// `source` is a source article (its kind in the catalog), not AWS's Capacity Block price list.
    pub from_article: bool,
    /// The rate is dated before this known price change (the catalog's `capacity_blocks.changes`): it may
    /// no longer be what AWS charges.
    pub predates_change: Option<IsoDate>,
}

/// Capacity Block length for a job: 1-14 days, else whole weeks, at most `max_days`.
pub fn cb_days(job_hours: f64, max_daily: u32, week: u32, max_days: u32) -> Result<u32, u32> {
    let days = (job_hours / 24.0).ceil().within(1.0, 100_000.0) as u32;
    let days = if days <= max_daily {
        days
    } else {
        days.div_ceil(week) * week
    };
    if days <= max_days {
        Ok(days)
    } else {
        Err(days)
    }
}

/// The Capacity Block rate for a type in a region: the newest published rate among the region's own
/// and those stated for a group of regions ("*"); on equal dates the region's own. Returns the rate and
/// whether it is derived (a group rate applied outside the regions it is stated for, the catalog's
/// `capacity_blocks.group_rate_regions`).
pub fn cb_rate<'a>(
    catalog: &'a Catalog,
    instance: &str,
    region: &str,
) -> Option<(&'a crate::catalog::CapacityBlockRate, bool)> {
    let best = catalog.block_rate(instance, region, None)?;
    let stated_here = catalog.capacity_blocks.group_rate_regions.iter().any(|r| r == region);
    Some((best, best.region == "*" && !stated_here))
}

/// A larger Capacity Block fleet is booked only when it costs this share less than the smallest fleet
/// within it: more blocks to find, more quota, more instances to lose (a stated policy, not a fitted figure).
pub const CB_FLEET_TOLERANCE: f64 = 0.02;

/// The allowed Capacity Block lengths, days: 1 to `max_daily`, then whole weeks up to `max_days`.
fn cb_lengths(rules: (u32, u32, u32)) -> impl Iterator<Item = u32> {
    let (max_daily, week, max_days) = rules;
    let week = week.max(1);
    (1..=max_daily).chain((max_daily / week + 1..=max_days / week).map(move |w| w * week))
}

/// The Capacity Block booking for a job of `n_min` instances or more: `hours_at(n)` is the job's
/// wall-clock hours on `n` instances (the training planner re-run at that size, so communication grows
/// with the fleet; `None` where no plan fits). Each allowed length is tried with the fewest instances
/// whose run plus `margin_h` (start-up, and the 30-minute stop at the end) fits it, up to `max_total`,
/// starting from linear scaling (the best case) and re-planned until it fits. The cheapest in
/// instance-days wins, except that the smallest fleet within `CB_FLEET_TOLERANCE` of it is preferred.
/// `window_h` > 0 keeps only runs that end inside it (if none does, the cheapest overall). Returns
/// (instances, days, run hours), or the days the smallest fleet needs.
pub fn cb_booking(
    hours_at: impl Fn(u32) -> Option<f64>,
    n_min: u32,
    margin_h: f64,
    window_h: f64,
    rules: (u32, u32, u32),
    max_total: u32,
) -> Result<(u32, u32, f64), u32> {
    let n_min = n_min.max(1);
    let h0 = hours_at(n_min).ok_or(0u32)?;
    let in_window = |h: f64| window_h <= 0.0 || h + margin_h <= window_h;
    let mut found: Vec<(u32, u32, f64)> = Vec::new();
    let first = cb_days(h0 + margin_h, rules.0, rules.1, rules.2);
    if let Ok(d) = first {
        found.push((n_min, d, h0));
    }
    for d in cb_lengths(rules) {
        let room = f64::from(d) * 24.0 - margin_h;
        if room <= 0.0 || first.is_ok_and(|d0| d >= d0) {
            continue;
        }
        // Linear scaling is the best case: the fewest instances that could fit this length.
        let mut n = (h0 * f64::from(n_min) / room).ceil().max(f64::from(n_min) + 1.0);
        // Only a booking inside the window bounds the search (a cheaper one outside it does not count).
        let bound = found
            .iter()
            .filter(|b| in_window(b.2))
            .map(|(n, d, _)| f64::from(*n) * f64::from(*d))
            .fold(f64::INFINITY, f64::min);
        if n * f64::from(d) > bound * (1.0 + CB_FLEET_TOLERANCE) {
            continue;
        }
        let mut last = h0;
        for _ in 0..4 {
            if n > f64::from(max_total) {
                break;
            }
            let Some(h) = hours_at(n as u32) else { break };
            if h <= room {
                found.push((n as u32, d, h));
                break;
            }
            if h >= last * 0.98 {
                break; // more instances no longer make it faster
            }
            last = h;
            n = (n * h / room).ceil().max(n + 1.0);
        }
    }
    let fits_window = |b: &&(u32, u32, f64)| in_window(b.2);
    let pool: Vec<&(u32, u32, f64)> = if found.iter().any(|b| fits_window(&b)) {
        found.iter().filter(fits_window).collect()
    } else {
        found.iter().collect()
    };
    let cost = |b: &(u32, u32, f64)| u64::from(b.0) * u64::from(b.1);
    let cheapest = pool.iter().map(|b| cost(b)).min().ok_or(first.err().unwrap_or(0))?;
    let within = |b: &&&(u32, u32, f64)| cost(b) as f64 <= cheapest as f64 * (1.0 + CB_FLEET_TOLERANCE);
    pool.iter()
        .filter(within)
        .min_by_key(|b| (b.0, cost(b)))
        .map(|b| **b)
        .ok_or(0)
}

/// The block to book: (instances, days, run hours) for a job (length and fleet together) or a short
/// service (the whole horizon, always on, one fleet); or why there is none.
fn block_for(
    catalog: &Catalog,
    scenario: &Scenario,
    rec: &Recommendation,
    fleet_hours: FleetHours,
) -> Result<(u32, u32, f64), NotOffered> {
    let (cb, p) = (&catalog.capacity_blocks, &scenario.purchase);
    // Start-up counts as one restart (`restart`); AWS stops the instances 30 minutes before the end.
    let margin_h = CB_END_STOP_H + p.restart_min / 60.0;
    let rules = (cb.max_daily_days, cb.weekly_step_days, cb.max_days);
    // A larger fleet only where the job may run across instances (allowed, and EFA).
    let scales = scenario.multinode && catalog.instance(&rec.instance).is_some_and(|i| i.has_efa());
    let max_total = if scales {
        CB_MAX_INSTANCES_TOTAL
    } else {
        rec.n_instances
    };
    let Some(h) = base_job_hours(rec) else {
        // A short event (a launch) in one block of the same fleet: a one-month horizon's hours run
        // back to back (200 hours are a 9-day block); a longer horizon is covered whole, always on.
        let hours = match scenario.months {
            0 | 1 => scenario.hours_per_month.within(0.0, HOURS_PER_MONTH),
            m => f64::from(m) * HOURS_PER_MONTH,
        };
        return match cb_days(hours + margin_h, rules.0, rules.1, rules.2) {
            Ok(d) => Ok((rec.n_instances, d, hours)),
            Err(_) => Err(NotOffered::CbNotForServices),
        };
    };
    let window_h = f64::from(p.window_days) * 24.0;
    // A job: block length and fleet size together, the training plan re-run at each fleet tried.
    let hours_at = |n| fleet_hours(catalog, scenario, rec, n, h);
    cb_booking(hours_at, rec.n_instances, margin_h, window_h, rules, max_total)
        .map_err(|days| NotOffered::CbTooLong { days })
}

/// The Capacity Block option: only for supporting families with a rate, at most 256 instances, booked
/// by `block_for` (`fleet_hours`: the sizing layer's hours on another fleet); paid upfront for the whole
/// block. `(list, accels)`: the share of list price paid, and accelerators per instance.
pub(super) fn capacity_block(
    catalog: &Catalog,
    scenario: &Scenario,
    rec: &Recommendation,
    (list, accels): (f64, f64),
    fleet_hours: FleetHours,
) -> OptionCost {
    let buy = Buy::CapacityBlock;
    let cb = &catalog.capacity_blocks;
    if !cb.families.contains(&rec.family) {
        return OptionCost::unavailable(buy, NotOffered::CbNotSupported);
    }
    let Some((rate, rate_derived)) = cb_rate(catalog, &rec.instance, &scenario.region) else {
        return OptionCost::unavailable(buy, NotOffered::CbNoRate);
    };
    if rec.n_instances > CB_MAX_INSTANCES_TOTAL {
        return OptionCost::unavailable(
            buy,
            NotOffered::CbTooMany {
                instances: rec.n_instances,
                max: CB_MAX_INSTANCES_TOTAL,
            },
        );
    }
    let booking = match block_for(catalog, scenario, rec, fleet_hours) {
        Ok(b) => b,
        Err(why) => return OptionCost::unavailable(buy, why),
    };
    let (n_cb, days, run_hours) = booking;
    let n = f64::from(n_cb);
    let hourly = rate.usd_hr * list * n;
    let total = hourly * f64::from(days) * 24.0;
    let is_job = rec.job_hours.is_some();
    let block = |months: f64| {
        CostTerm::new(
            TermKind::Block,
            rate.usd_hr * list,
            n,
            f64::from(days) * 24.0,
            1.0 / months,
        )
    };
    OptionCost {
        buy,
        unavailable: None,
        hourly_usd: hourly,
        upfront_usd: total,
        monthly_usd: if is_job {
            total
        } else {
            total / f64::from(scenario.months.max(1))
        },
        horizon_usd: total,
        per_accelerator_hour_usd: rate.usd_hr * list / accels,
        job_usd: is_job.then_some(total),
        job_hours: is_job.then_some(run_hours + super::startup_h(scenario, rec)),
        usd_per_million_tokens: rec.tokens_per_s.map(|t| hourly / (t * 3600.0) * 1e6),
        breakeven_utilization: None,
        breakeven_month: None,
        // A source article's rate (p6-b200/b300) is not AWS's published price list: marked like a derived one.
        assumption: rate_derived || catalog.from_article(&rate.source),
        spot: None,
        cb: Some(CbDetail {
            days,
            blocks: n_cb.div_ceil(cb.max_instances.max(1)),
            instances: n_cb,
            rate_derived,
            max_instances_per_block: cb.max_instances,
            max_lead_weeks: cb.max_lead_weeks,
            rate_usd_hr: rate.usd_hr,
            as_of: rate.as_of,
            source: rate.source.clone(),
            from_article: catalog.from_article(&rate.source),
            predates_change: cb.change_after(rate.as_of).map(|c| c.from),
        }),
        sp_rate: None,
        monthly_terms: vec![block(if is_job { 1.0 } else { f64::from(scenario.months.max(1)) })],
        job_terms: is_job.then(|| block(1.0)).into_iter().collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capacity_block_lengths_follow_the_rules() {
        assert_eq!(cb_days(1.0, 14, 7, 182), Ok(1));
        assert_eq!(cb_days(24.0 * 14.0, 14, 7, 182), Ok(14));
        assert_eq!(cb_days(24.0 * 15.0, 14, 7, 182), Ok(21));
        assert_eq!(cb_days(24.0 * 182.0, 14, 7, 182), Ok(182));
        assert_eq!(cb_days(24.0 * 183.0, 14, 7, 182), Err(189));
    }
}
