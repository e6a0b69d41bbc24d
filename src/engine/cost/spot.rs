//! Spot: capacity judged from the observed zones, interruptions from the Spot Advisor bands, and the
//! expected overhead of a checkpointed job (the formula in `cost`'s module notes); `spot_cost` prices it.

use super::{Basis, OptionCost, HOURS_PER_MONTH};
use crate::engine::outcome::{NotOffered, SpotSupply};
use crate::num::Within;
use crate::scenario::{ServingMode, Task};

/// Whether a task's instances depend on each other (training, MPI: one lost instance stops all, and
/// they share a zone and a placement group); serving replicas, a batch job's too, run independently.
pub fn runs_together(task: Task) -> bool {
    matches!(task, Task::Training | Task::Finetune | Task::Hpc)
}

/// The judgement from the observed zones: see `SpotSupply`.
pub fn spot_supply(observed: Option<&crate::catalog::SpotPrice>) -> SpotSupply {
    match observed {
        None => SpotSupply::Uncounted,
        Some(s) if s.n_az == 0 => SpotSupply::Uncounted,
        Some(s) if s.n_az <= 2 || s.n_az_at_od > 0 => SpotSupply::Scarce,
        Some(_) => SpotSupply::Ample,
    }
}

/// The most instances one Spot job whose instances must run together may count on: the user's
/// `spotmax` where the catalog shows ample capacity, else one.
pub fn spot_job_max_instances(supply: SpotSupply, spot_max: u32) -> u32 {
    match supply {
        SpotSupply::Ample => spot_max.max(1),
        SpotSupply::Scarce | SpotSupply::Uncounted => 1,
    }
}

/// Spot details behind an option's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct SpotDetail {
    pub interrupt_pct_month: f64,
    pub band: Option<String>,
    /// Whether the interruption rate is an assumption (no band known and none set).
    pub rate_assumed: bool,
    pub overhead_factor: f64,
    pub young_interval_min: Option<f64>,
    pub ckpt_interval_min: f64,
    /// Zones with Spot below On-Demand and zones listed at On-Demand (catalog), and the judgement.
    pub zones: u32,
    pub zones_at_on_demand: u32,
    pub supply: SpotSupply,
    /// The most instances a job that needs them together may gather on Spot (jobs only).
    pub max_job_instances: Option<u32>,
    /// Minutes to get Spot capacity back after an interruption (an assumption, `reacq`), on top of
    /// the restart.
    pub reacquire_min: f64,
}

/// Midpoints of the Spot Advisor bands, interruptions per instance per month, percent.
pub fn band_midpoint_pct(band: &str) -> Option<f64> {
    match band {
        "<5" => Some(2.5),
        "5-10" => Some(7.5),
        "10-15" => Some(12.5),
        "15-20" => Some(17.5),
        ">20" => Some(25.0),
        _ => None,
    }
}

/// Interruptions per instance-hour from a monthly share: λ = −ln(1 − f) / 730.
pub fn rate_per_hour(pct_month: f64) -> f64 {
    let f = (pct_month / 100.0).within(0.0, 0.999);
    -(1.0 - f).ln() / HOURS_PER_MONTH
}

/// Expected wall-clock factor of a checkpointed job on Spot; `None` if it would never finish.
pub fn spot_overhead(rate_per_hour_fleet: f64, interval_h: f64, write_h: f64, restart_h: f64) -> Option<f64> {
    let interval = interval_h.max(1e-6);
    let lost = rate_per_hour_fleet * (restart_h + (interval + write_h) / 2.0);
    (lost < 1.0).then(|| (1.0 + write_h / interval) / (1.0 - lost))
}

/// Young's optimal checkpoint interval, hours.
pub fn young_interval_h(rate_per_hour_fleet: f64, write_h: f64) -> Option<f64> {
    (rate_per_hour_fleet > 0.0).then(|| (2.0 * write_h / rate_per_hour_fleet).sqrt())
}

/// Spot: the observed median (or the user's discount off On-Demand), the interruption rate from the
/// Advisor band, and the overhead: checkpoints and restarts for a job whose instances run together, lost
/// capacity replaced for a service.
pub(super) fn spot_cost(b: &Basis) -> OptionCost {
    let (catalog, scenario, rec, buy) = (b.catalog, b.scenario, b.rec, b.buy);
    let p = &scenario.purchase;
    let online = scenario.serving == ServingMode::Online;
    let observed = catalog.spot(&rec.instance, &scenario.region);
    match scenario.task {
        Task::Inference if online => return OptionCost::unavailable(buy, NotOffered::NonInterruptible),
        Task::Graphics if online => return OptionCost::unavailable(buy, NotOffered::InteractiveDesktops),
        _ => {}
    }
    let supply = spot_supply(observed);
    // A job whose instances must run together (training, MPI): all of them at once on Spot.
    let together = runs_together(scenario.task);
    let max_job = together.then(|| spot_job_max_instances(supply, p.spot_max_instances));
    if let Some(max) = max_job.filter(|m| b.fleet > *m) {
        return OptionCost::unavailable(
            buy,
            NotOffered::SpotTooLarge {
                instances: b.fleet,
                max,
                scarce: supply != SpotSupply::Ample,
            },
        );
    }
    let rate = match (observed, p.spot_discount_pct, b.od) {
        (_, Some(d), Some(o)) => o / b.list * (1.0 - d / 100.0) * b.other,
        (Some(s), _, _) => s.median_usd_hr * b.other,
        _ => {
            let looked = catalog.spot_looked(&scenario.region);
            return OptionCost::unavailable(buy, NotOffered::NoSpotPrice { looked });
        }
    };
    let band = observed.and_then(|s| s.interruption_band.clone());
    let (pct, assumed) = match (p.interrupt_pct_month, band.as_deref().and_then(band_midpoint_pct)) {
        (Some(x), _) => (x, false),
        (None, Some(x)) => (x, false),
        // Unknown: assume the worst Spot Advisor band.
        (None, None) => (25.0, true),
    };
    // Instances that run together are interrupted as one fleet, however many of them are priced here.
    let fleet_rate = rate_per_hour(pct) * if together { f64::from(b.fleet) } else { b.u.n };
    // Back to work after an interruption: get capacity again, then restart and reload.
    let (tau, c, r) = (
        p.ckpt_interval_min / 60.0,
        p.ckpt_write_min / 60.0,
        (p.restart_min + p.reacquire_min) / 60.0,
    );
    // Jobs whose ranks depend on each other (training, MPI) checkpoint; one lost instance stops all.
    let factor = if together {
        match spot_overhead(fleet_rate, tau, c, r) {
            Some(f) => f,
            None => return OptionCost::unavailable(buy, NotOffered::SpotNeverFinishes),
        }
    } else {
        // A service replaces lost capacity while an instance restarts.
        1.0 / (1.0 - (rate_per_hour(pct) * r).min(0.9))
    };
    let mut o = b.simple(rate, factor);
    o.spot = Some(SpotDetail {
        interrupt_pct_month: pct,
        band,
        rate_assumed: assumed,
        overhead_factor: factor,
        young_interval_min: young_interval_h(fleet_rate, c).map(|h| h * 60.0),
        ckpt_interval_min: p.ckpt_interval_min,
        zones: observed.map_or(0, |s| s.n_az),
        zones_at_on_demand: observed.map_or(0, |s| s.n_az_at_od),
        supply,
        max_job_instances: max_job,
        reacquire_min: p.reacquire_min,
    });
    o.assumption = observed.is_none() || assumed;
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spot_overhead_rises_with_the_rate_and_young_balances_it() {
        let (c, r) = (2.0 / 60.0, 10.0 / 60.0);
        let mut last = 1.0;
        for pct in [0.0, 2.5, 7.5, 12.5, 25.0] {
            let f = spot_overhead(rate_per_hour(pct) * 8.0, 0.5, c, r).unwrap_or(f64::INFINITY);
            assert!(f >= last, "{pct}: {f}");
            last = f;
        }
        // At Young's interval the overhead is no worse than at half or twice it.
        let lam = rate_per_hour(25.0) * 8.0;
        let tau = young_interval_h(lam, c).unwrap_or(1.0);
        let at = |t: f64| spot_overhead(lam, t, c, r).unwrap_or(f64::INFINITY);
        assert!(at(tau) <= at(tau / 2.0) && at(tau) <= at(tau * 2.0));
        assert_eq!(spot_overhead(100.0, 0.5, c, r), None);
    }
}
