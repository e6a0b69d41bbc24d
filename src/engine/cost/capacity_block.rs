//! Capacity Blocks by AWS's rules: block lengths, the rate for a region, the booking for a job (block
//! length and fleet together), and the option's cost.

use super::{base_job_hours, CostTerm, NotOffered, OptionCost, TermKind, HOURS_PER_MONTH};
use crate::catalog::{Catalog, IsoDate};
use crate::engine::recommend::Recommendation;
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
}

/// Capacity Block length for a job: 1-14 days, else whole weeks, at most `max_days`.
pub fn cb_days(job_hours: f64, max_daily: u32, week: u32, max_days: u32) -> Result<u32, u32> {
    let days = (job_hours / 24.0).ceil().clamp(1.0, 100_000.0) as u32;
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
/// whether it is derived (a group rate applied outside the US regions it is stated for).
pub fn cb_rate<'a>(
    catalog: &'a Catalog,
    instance: &str,
    region: &str,
) -> Option<(&'a crate::catalog::CapacityBlockRate, bool)> {
    let best = catalog
        .capacity_blocks
        .rates
        .iter()
        .filter(|r| r.instance == instance && (r.region == region || r.region == "*"))
        .max_by(|a, b| {
            a.as_of
                .cmp(&b.as_of)
                .then((a.region == region).cmp(&(b.region == region)))
        })?;
    Some((best, best.region == "*" && !region.starts_with("us-")))
}

/// The cheapest Capacity Block booking for a job of `hours_at_n` wall-clock hours on `n_min` instances
/// (linear in the fleet): every fleet from `n_min` to `max_total` is tried with the shortest allowed block
/// that holds its run plus `margin_h` (start-up, and the 30-minute stop at the end); the cheapest
/// instance-days win, on a tie the smaller fleet. `window_h` > 0 keeps only runs that end inside it (if
/// none does, the cheapest overall). Returns (instances, days, run hours), or the days the smallest fleet needs.
pub fn cb_booking(
    hours_at_n: f64,
    n_min: u32,
    margin_h: f64,
    window_h: f64,
    rules: (u32, u32, u32),
    max_total: u32,
) -> Result<(u32, u32, f64), u32> {
    let (max_daily, week, max_days) = rules;
    let mut best: Option<(u32, u32, f64)> = None;
    let mut best_in_window: Option<(u32, u32, f64)> = None;
    let mut first_err = None;
    for n in n_min.max(1)..=max_total.max(n_min) {
        let hours = hours_at_n * f64::from(n_min.max(1)) / f64::from(n);
        match cb_days(hours + margin_h, max_daily, week, max_days) {
            Ok(d) => {
                let cost = u64::from(n) * u64::from(d);
                let better =
                    |b: &Option<(u32, u32, f64)>| b.is_none_or(|(bn, bd, _)| cost < u64::from(bn) * u64::from(bd));
                if better(&best) {
                    best = Some((n, d, hours));
                }
                if (window_h <= 0.0 || hours + margin_h <= window_h) && better(&best_in_window) {
                    best_in_window = Some((n, d, hours));
                }
            }
            Err(d) => {
                first_err.get_or_insert(d);
            }
        }
    }
    best_in_window.or(best).ok_or(first_err.unwrap_or(0))
}

/// The block to book: (instances, days, run hours) for a job (length and fleet together) or a short
/// service (the whole horizon, always on, one fleet); or why there is none.
fn block_for(catalog: &Catalog, scenario: &Scenario, rec: &Recommendation) -> Result<(u32, u32, f64), NotOffered> {
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
        // A short event (a launch): the whole horizon, always on, in one block of the same fleet.
        let hours = f64::from(scenario.months) * HOURS_PER_MONTH;
        return match cb_days(hours + margin_h, rules.0, rules.1, rules.2) {
            Ok(d) => Ok((rec.n_instances, d, hours)),
            Err(_) => Err(NotOffered::CbNotForServices),
        };
    };
    let window_h = f64::from(p.window_days) * 24.0;
    cb_booking(h, rec.n_instances, margin_h, window_h, rules, max_total).map_err(|days| NotOffered::CbTooLong { days })
}

/// The Capacity Block option: only for supporting families with a rate, at most 256 instances, booked
/// by `block_for`; paid upfront for the whole block.
pub(super) fn capacity_block(
    catalog: &Catalog,
    scenario: &Scenario,
    rec: &Recommendation,
    list: f64,
    accels: f64,
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
    let booking = match block_for(catalog, scenario, rec) {
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
        job_hours: is_job.then_some(run_hours),
        usd_per_million_tokens: rec.tokens_per_s.map(|t| hourly / (t * 3600.0) * 1e6),
        breakeven_utilization: None,
        breakeven_month: None,
        assumption: rate_derived,
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
        }),
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
