//! Cost of one recommendation under every purchase option: effective hourly, upfront, monthly, horizon, per job and per token, break-even, and Spot with checkpointing.
//!
//! Money formulas from ../shared/DOMAIN.md §8: 730 hours a month; effective hourly = upfront / term
//! hours + recurring; break-even utilisation = effective rate / On-Demand rate; break-even month =
//! upfront / (On-Demand monthly − recurring monthly). Spot: a job of W hours checkpointed every τ
//! (writing takes C), restarting in R after an interruption at rate Λ per hour (over all its
//! instances), takes T = W·(1 + C/τ) / (1 − Λ·(R + (τ + C)/2)) (DOMAIN.md's failure model plus the
//! checkpoint cost); the best interval is Young's τ* = √(2·C/Λ).

use super::recommend::Recommendation;
use crate::catalog::{Catalog, IsoDate, Payment, RiClass, SavingsPlan};
use crate::num::Within;
use crate::scenario::{Buy, Scenario, ServingMode, Task};

pub const HOURS_PER_MONTH: f64 = 730.0;
pub const HOURS_PER_YEAR: f64 = 8760.0;
/// Share of a Partial Upfront commitment paid at purchase: AWS does not publish the split per GPU type;
/// half is the usual shape of its partial-upfront offers. An assumption, shown as such.
pub const PARTIAL_UPFRONT_SHARE: f64 = 0.5;

/// Capacity Blocks: at most this many instances across all of an account's blocks (AWS, "How Capacity
/// Blocks work"; 64 per block is in the catalog).
pub const CB_MAX_INSTANCES_TOTAL: u32 = 256;
/// Capacity Blocks: AWS starts terminating the instances 30 minutes before the block ends.
pub const CB_END_STOP_H: f64 = 0.5;

/// Why an option is not available for this recommendation.
#[derive(Clone, Debug, PartialEq)]
pub enum NotOffered {
    /// No public On-Demand price in the region (the base of most options).
    NoOnDemandPrice,
    /// No observed Spot price and no Spot discount set by the user.
    NoSpotPrice,
    /// Online serving without a fallback must not be interrupted.
    NonInterruptible,
    NoPublishedRi,
    CbNotSupported,
    CbNoRate,
    /// Capacity Blocks are for fixed windows, not always-on services.
    CbNotForServices,
    CbTooLong {
        days: u32,
    },
    /// Interruptions outpace progress: the job would never finish on Spot.
    SpotNeverFinishes,
    /// Interactive desktops (VDI) must not be interrupted; a render farm may be (`mode=batch`).
    InteractiveDesktops,
    /// A job whose instances must run together needs more of them than Spot can be expected to supply
    /// at once (`spotmax`; one where the catalog shows scarce Spot capacity).
    SpotTooLarge {
        instances: u32,
        max: u32,
    },
    /// More instances than Capacity Blocks allow across blocks.
    CbTooMany {
        instances: u32,
        max: u32,
    },
}

/// What the catalog says about Spot capacity for a type in a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpotSupply {
    /// A Spot price below On-Demand in three or more zones, and no zone listed at On-Demand.
    Ample,
    /// Two zones or fewer, or zones listed at the On-Demand price (no Spot capacity there).
    Scarce,
    /// The source averages over zones without counting them, or no Spot price was observed.
    Uncounted,
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
    pub zones_at_od: u32,
    pub supply: SpotSupply,
    /// The most instances a job that needs them together may gather on Spot (jobs only).
    pub max_job_instances: Option<u32>,
    /// Minutes to get Spot capacity back after an interruption (an assumption, `reacq`), on top of
    /// the restart.
    pub reacquire_min: f64,
}

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

/// One purchase option's cost for the whole recommended fleet.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionCost {
    pub buy: Buy,
    pub unavailable: Option<NotOffered>,
    /// Effective rate per hour for all the instances together while they run.
    pub hourly_usd: f64,
    pub upfront_usd: f64,
    /// Per month at the user's usage (commitments are paid whether used or not).
    pub monthly_usd: f64,
    /// Over the planning horizon (whole commitment terms that start within it).
    pub horizon_usd: f64,
    pub per_accel_hour_usd: f64,
    /// One training or fine-tuning job, and its wall clock on this option.
    pub job_usd: Option<f64>,
    pub job_hours: Option<f64>,
    pub usd_per_mtok: Option<f64>,
    /// Commitments: the share of hours the instances must run for the commitment to beat On-Demand.
    pub breakeven_utilization: Option<f64>,
    /// Upfront payments: months of usage until the upfront is recovered against On-Demand.
    pub breakeven_month: Option<f64>,
    /// The rate is an assumption (Savings Plans) or derived (RI outside us-east-1), not a published figure.
    pub assumption: bool,
    pub spot: Option<SpotDetail>,
    pub cb: Option<CbDetail>,
}

impl OptionCost {
    fn unavailable(buy: Buy, why: NotOffered) -> OptionCost {
        OptionCost {
            unavailable: Some(why),
            ..OptionCost::zero(buy)
        }
    }

    /// An available option with every figure zero, to fill in.
    fn zero(buy: Buy) -> OptionCost {
        OptionCost {
            buy,
            unavailable: None,
            hourly_usd: 0.0,
            upfront_usd: 0.0,
            monthly_usd: 0.0,
            horizon_usd: 0.0,
            per_accel_hour_usd: 0.0,
            job_usd: None,
            job_hours: None,
            usd_per_mtok: None,
            breakeven_utilization: None,
            breakeven_month: None,
            assumption: false,
            spot: None,
            cb: None,
        }
    }

    /// What a ranking or a plan compares: the job's cost for jobs, the horizon's for services.
    pub fn comparable_usd(&self) -> Option<f64> {
        if self.unavailable.is_some() {
            return None;
        }
        Some(self.job_usd.unwrap_or(self.horizon_usd))
    }
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

/// The share of a commitment paid upfront.
fn upfront_share(p: Payment) -> f64 {
    match p {
        Payment::No => 0.0,
        Payment::Partial => PARTIAL_UPFRONT_SHARE,
        Payment::All => 1.0,
    }
}

/// Discount of a published RI off us-east-1 On-Demand, if the type has one.
fn ri_discount(catalog: &Catalog, instance: &str, class: RiClass, term: u32, payment: Payment) -> Option<f64> {
    let od = catalog.on_demand(instance, "us-east-1")?.usd_hr;
    catalog
        .reserved
        .iter()
        .find(|r| {
            r.instance == instance
                && r.region == "us-east-1"
                && r.class == class
                && r.term_years == term
                && r.payment == payment
        })
        .map(|r| 1.0 - r.effective_usd_hr / od)
}

/// The Savings Plan discount used: the user's override, else the type's own RI discount of the matching
/// class (EC2 Instance SP ~ Standard RI, Compute SP ~ Convertible RI), else the catalog's assumption.
pub fn sp_discount(
    catalog: &Catalog,
    scenario: &Scenario,
    instance: &str,
    plan: SavingsPlan,
    term: u32,
) -> Option<f64> {
    let p = &scenario.purchase;
    let (override_pct, class) = match plan {
        SavingsPlan::Compute => (p.compute_sp_pct, RiClass::Convertible),
        SavingsPlan::Ec2instance => (p.instance_sp_pct, RiClass::Standard),
    };
    if let Some(pct) = override_pct {
        return Some(pct / 100.0);
    }
    ri_discount(catalog, instance, class, term, p.payment).or_else(|| {
        catalog
            .savings_plan_assumptions
            .iter()
            .find(|a| a.plan == plan && a.term_years == term && a.payment == p.payment)
            .map(|a| a.discount_pct / 100.0)
    })
}

/// Every purchase option for one recommendation, in `Buy::ALL` order.
pub fn option_costs(catalog: &Catalog, scenario: &Scenario, rec: &Recommendation) -> Vec<OptionCost> {
    Buy::ALL
        .iter()
        .map(|b| option_cost(catalog, scenario, rec, *b))
        .collect()
}

/// What the usage profile adds up to, per month.
struct Usage {
    n: f64,
    /// Instance-hours a month of the baseline fleet.
    base_hours: f64,
    /// Instance-hours a month of bursts on top.
    burst_hours: f64,
    job_instance_hours: Option<f64>,
}

fn usage(scenario: &Scenario, rec: &Recommendation) -> Usage {
    let n = f64::from(rec.n_instances);
    Usage {
        n,
        base_hours: n * scenario.hours_per_month,
        burst_hours: f64::from(scenario.purchase.burst_instances) * scenario.purchase.burst_hours,
        job_instance_hours: base_job_hours(rec).map(|h| h * n),
    }
}

/// The job's wall clock before any purchase option's overhead (a recommendation whose headline follows
/// `buy=spot` already carries the Spot overhead in `job_hours`).
pub fn base_job_hours(rec: &Recommendation) -> Option<f64> {
    rec.base_job_hours.or(rec.job_hours)
}

/// One option's cost.
pub fn option_cost(catalog: &Catalog, scenario: &Scenario, rec: &Recommendation, buy: Buy) -> OptionCost {
    let p = &scenario.purchase;
    let list = 1.0 - p.reseller_pct / 100.0;
    let other = if p.reseller_on_all { list } else { 1.0 };
    let od = catalog
        .on_demand(&rec.instance, &scenario.region)
        .map(|x| x.usd_hr * list);
    let u = usage(scenario, rec);
    let months = f64::from(scenario.months);
    let accels = catalog
        .instance(&rec.instance)
        .and_then(|i| i.count.map(|c| c * i.fraction))
        .unwrap_or(1.0)
        .max(1e-9);
    let online = scenario.serving == ServingMode::Online;
    // A simple option: a rate per instance-hour, no upfront, usage-based.
    let simple = |rate: f64, wall_factor: f64| -> OptionCost {
        let monthly = rate * (u.base_hours + u.burst_hours) * wall_factor;
        let job_hours = base_job_hours(rec).map(|h| h * wall_factor);
        let job_usd = u.job_instance_hours.map(|h| h * rate * wall_factor);
        OptionCost {
            hourly_usd: rate * u.n,
            monthly_usd: monthly,
            horizon_usd: job_usd.unwrap_or(monthly * months),
            per_accel_hour_usd: rate / accels,
            job_usd,
            job_hours,
            usd_per_mtok: rec.tokens_per_s.map(|t| rate * u.n / (t * 3600.0) * 1e6),
            ..OptionCost::zero(buy)
        }
    };
    match buy {
        Buy::OnDemand => match od {
            Some(r) => simple(r, 1.0),
            None => OptionCost::unavailable(buy, NotOffered::NoOnDemandPrice),
        },
        Buy::Spot => {
            let observed = catalog.spot(&rec.instance, &scenario.region);
            match scenario.task {
                Task::Inference if online => return OptionCost::unavailable(buy, NotOffered::NonInterruptible),
                Task::Graphics if online => return OptionCost::unavailable(buy, NotOffered::InteractiveDesktops),
                _ => {}
            }
            let supply = spot_supply(observed);
            // A job whose instances must run together (training, MPI): all of them at once on Spot.
            let together = matches!(scenario.task, Task::Training | Task::Finetune | Task::Hpc);
            let max_job = together.then(|| spot_job_max_instances(supply, p.spot_max_instances));
            if let Some(max) = max_job.filter(|m| rec.n_instances > *m) {
                return OptionCost::unavailable(
                    buy,
                    NotOffered::SpotTooLarge {
                        instances: rec.n_instances,
                        max,
                    },
                );
            }
            let rate = match (observed, p.spot_discount_pct, od) {
                (_, Some(d), Some(o)) => o / list * (1.0 - d / 100.0) * other,
                (Some(s), _, _) => s.median_usd_hr * other,
                _ => return OptionCost::unavailable(buy, NotOffered::NoSpotPrice),
            };
            let band = observed.and_then(|s| s.interruption_band.clone());
            let (pct, assumed) = match (p.interrupt_pct_month, band.as_deref().and_then(band_midpoint_pct)) {
                (Some(x), _) => (x, false),
                (None, Some(x)) => (x, false),
                // Unknown: assume the worst Spot Advisor band.
                (None, None) => (25.0, true),
            };
            let fleet_rate = rate_per_hour(pct) * u.n;
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
            let mut o = simple(rate, factor);
            o.spot = Some(SpotDetail {
                interrupt_pct_month: pct,
                band,
                rate_assumed: assumed,
                overhead_factor: factor,
                young_interval_min: young_interval_h(fleet_rate, c).map(|h| h * 60.0),
                ckpt_interval_min: p.ckpt_interval_min,
                zones: observed.map_or(0, |s| s.n_az),
                zones_at_od: observed.map_or(0, |s| s.n_az_at_od),
                supply,
                max_job_instances: max_job,
                reacquire_min: p.reacquire_min,
            });
            o.assumption = observed.is_none() || assumed;
            o
        }
        Buy::ComputeSp1 | Buy::ComputeSp3 | Buy::InstanceSp1 | Buy::InstanceSp3 | Buy::Ri1 | Buy::Ri3 => {
            let Some(od_rate) = od else {
                return OptionCost::unavailable(buy, NotOffered::NoOnDemandPrice);
            };
            let term = buy.term_years().unwrap_or(1);
            let (discount, assumption) = match buy {
                Buy::Ri1 | Buy::Ri3 => match ri_discount(catalog, &rec.instance, p.ri_class, term, p.payment) {
                    // Outside us-east-1 the published discount is applied to the regional price (derived).
                    Some(d) => (d, scenario.region != "us-east-1"),
                    None => return OptionCost::unavailable(buy, NotOffered::NoPublishedRi),
                },
                Buy::ComputeSp1 | Buy::ComputeSp3 => (
                    sp_discount(catalog, scenario, &rec.instance, SavingsPlan::Compute, term).unwrap_or(0.0),
                    true,
                ),
                _ => (
                    sp_discount(catalog, scenario, &rec.instance, SavingsPlan::Ec2instance, term).unwrap_or(0.0),
                    true,
                ),
            };
            commitment(
                buy,
                od_rate / list,
                od_rate,
                discount,
                other,
                term,
                p.payment,
                &u,
                scenario,
                rec,
                accels,
                assumption,
            )
        }
        Buy::CapacityBlock => capacity_block(catalog, scenario, rec, list, accels),
    }
}

/// A Savings Plan or RI covering the baseline fleet around the clock; bursts on On-Demand.
#[allow(clippy::too_many_arguments)]
fn commitment(
    buy: Buy,
    od_list: f64,
    od_rate: f64,
    discount: f64,
    other: f64,
    term: u32,
    payment: Payment,
    u: &Usage,
    scenario: &Scenario,
    rec: &Recommendation,
    accels: f64,
    assumption: bool,
) -> OptionCost {
    let eff = od_list * (1.0 - discount) * other;
    let term_hours = f64::from(term) * HOURS_PER_YEAR;
    let share = upfront_share(payment);
    let upfront = eff * share * term_hours * u.n;
    let recurring_hourly = eff * (1.0 - share);
    let committed_monthly = eff * u.n * HOURS_PER_MONTH;
    let monthly = committed_monthly + od_rate * u.burst_hours;
    let months = f64::from(scenario.months);
    let terms = (months / (12.0 * f64::from(term))).ceil().max(1.0);
    let horizon = eff * u.n * term_hours * terms + od_rate * u.burst_hours * months;
    let od_monthly_usage = od_rate * u.base_hours;
    let recurring_monthly = recurring_hourly * u.n * HOURS_PER_MONTH;
    OptionCost {
        buy,
        unavailable: None,
        hourly_usd: eff * u.n,
        upfront_usd: upfront,
        monthly_usd: monthly,
        horizon_usd: horizon,
        per_accel_hour_usd: eff / accels,
        // A job on a commitment pays the whole term: the rest of it only pays off if other work uses it.
        job_usd: u.job_instance_hours.map(|_| eff * u.n * term_hours),
        job_hours: base_job_hours(rec),
        usd_per_mtok: rec.tokens_per_s.map(|t| eff * u.n / (t * 3600.0) * 1e6),
        breakeven_utilization: Some(eff / od_rate),
        breakeven_month: (upfront > 0.0 && od_monthly_usage > recurring_monthly)
            .then(|| upfront / (od_monthly_usage - recurring_monthly)),
        assumption,
        spot: None,
        cb: None,
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

fn capacity_block(catalog: &Catalog, scenario: &Scenario, rec: &Recommendation, list: f64, accels: f64) -> OptionCost {
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
    let p = &scenario.purchase;
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
    let booking = match base_job_hours(rec) {
        // A job: block length and fleet size together, the training plan re-run at each fleet tried.
        Some(h) => cb_booking(
            |n| super::sizing::training::hours_on(catalog, scenario, rec, n, h),
            rec.n_instances,
            margin_h,
            f64::from(p.window_days) * 24.0,
            rules,
            max_total,
        ),
        // A short event (a launch): the whole horizon, always on, in one block of the same fleet.
        None => {
            let hours = f64::from(scenario.months) * HOURS_PER_MONTH;
            match cb_days(hours + margin_h, rules.0, rules.1, rules.2) {
                Ok(d) => Ok((rec.n_instances, d, hours)),
                Err(_) => return OptionCost::unavailable(buy, NotOffered::CbNotForServices),
            }
        }
    };
    let (n_cb, days, run_hours) = match booking {
        Ok(b) => b,
        Err(d) => return OptionCost::unavailable(buy, NotOffered::CbTooLong { days: d }),
    };
    let n = f64::from(n_cb);
    let hourly = rate.usd_hr * list * n;
    let total = hourly * f64::from(days) * 24.0;
    let is_job = rec.job_hours.is_some();
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
        per_accel_hour_usd: rate.usd_hr * list / accels,
        job_usd: is_job.then_some(total),
        job_hours: is_job.then_some(run_hours),
        usd_per_mtok: rec.tokens_per_s.map(|t| hourly / (t * 3600.0) * 1e6),
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
