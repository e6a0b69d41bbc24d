//! Cost of one recommendation under every purchase option: effective hourly, upfront, monthly, horizon, per job and per token, break-even, and Spot with checkpointing.
//!
//! Money formulas from ../shared/DOMAIN.md §8: 730 hours a month; effective hourly = upfront / term
//! hours + recurring; break-even utilisation = effective rate / On-Demand rate; break-even month =
//! upfront / (On-Demand monthly − recurring monthly). Spot: a job of W hours checkpointed every τ
//! (writing takes C), restarting in R after an interruption at rate Λ per hour (over all its
//! instances), takes T = W·(1 + C/τ) / (1 − Λ·(R + (τ + C)/2)) (DOMAIN.md's failure model plus the
//! checkpoint cost); the best interval is Young's τ* = √(2·C/Λ).

mod capacity_block;
mod savings_plan;
mod spot;

pub use capacity_block::*;
pub use savings_plan::*;
pub use spot::*;

use super::outcome::{CostTerm, NotOffered, Recommendation, TermKind};
use crate::catalog::{Catalog, IsoDate, Payment, RiClass, SavingsPlan};
use crate::scenario::{Buy, Scenario};

pub const HOURS_PER_MONTH: f64 = 730.0;
pub const HOURS_PER_YEAR: f64 = 8760.0;
/// Share of a Partial Upfront commitment paid at purchase: AWS does not publish the split per GPU type;
/// half is the usual shape of its partial-upfront offers. An assumption, shown as such.
pub const PARTIAL_UPFRONT_SHARE: f64 = 0.5;

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
    pub per_accelerator_hour_usd: f64,
    /// One training or fine-tuning job, and its wall clock on this option.
    pub job_usd: Option<f64>,
    pub job_hours: Option<f64>,
    pub usd_per_million_tokens: Option<f64>,
    /// Commitments: the share of hours the instances must run for the commitment to beat On-Demand.
    pub breakeven_utilization: Option<f64>,
    /// Upfront payments: months of usage until the upfront is recovered against On-Demand.
    pub breakeven_month: Option<f64>,
    /// The rate is an assumption (Savings Plans) or derived (RI outside us-east-1), not a published figure.
    pub assumption: bool,
    pub spot: Option<SpotDetail>,
    pub cb: Option<CbDetail>,
    /// Savings Plans: where the rate comes from.
    pub sp_rate: Option<SpRateBasis>,
    /// The terms `monthly_usd` and `job_usd` add up to (what the formula line prints).
    pub monthly_terms: Vec<CostTerm>,
    pub job_terms: Vec<CostTerm>,
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
            per_accelerator_hour_usd: 0.0,
            job_usd: None,
            job_hours: None,
            usd_per_million_tokens: None,
            breakeven_utilization: None,
            breakeven_month: None,
            assumption: false,
            spot: None,
            cb: None,
            sp_rate: None,
            monthly_terms: Vec::new(),
            job_terms: Vec::new(),
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

/// The share of a commitment paid upfront.
fn upfront_share(p: Payment) -> f64 {
    match p {
        Payment::No => 0.0,
        Payment::Partial => PARTIAL_UPFRONT_SHARE,
        Payment::All => 1.0,
    }
}

/// The published us-east-1 Reserved Instance of the type, class, term and payment, if the catalog has one.
fn ri_rate<'a>(
    catalog: &'a Catalog,
    instance: &str,
    class: RiClass,
    term: u32,
    payment: Payment,
) -> Option<&'a crate::catalog::ReservedRate> {
    catalog.reserved.iter().find(|r| {
        r.instance == instance
            && r.region == "us-east-1"
            && r.class == class
            && r.term_years == term
            && r.payment == payment
    })
}

/// Discount of a published RI off us-east-1 On-Demand, if the type has one.
pub fn ri_discount(catalog: &Catalog, instance: &str, class: RiClass, term: u32, payment: Payment) -> Option<f64> {
    let od = catalog.on_demand(instance, "us-east-1")?.usd_hr;
    ri_rate(catalog, instance, class, term, payment).map(|r| 1.0 - r.effective_usd_hr / od)
}

/// A Savings Plan discount derived where no rate is published: the type's own RI discount of the matching
/// class (EC2 Instance SP ~ Standard RI, Compute SP ~ Convertible RI), else the catalog's assumption for its
/// type (`Catalog::sp_assumption`: a P type's Compute SP the P family's); with the source and date of the input
/// it comes from.
pub fn derived_sp_discount<'a>(
    catalog: &'a Catalog,
    instance: &str,
    plan: SavingsPlan,
    term: u32,
    payment: Payment,
) -> Option<(f64, &'a str, IsoDate)> {
    let class = match plan {
        SavingsPlan::Compute => RiClass::Convertible,
        SavingsPlan::Ec2instance => RiClass::Standard,
    };
    let own = ri_discount(catalog, instance, class, term, payment)
        .zip(ri_rate(catalog, instance, class, term, payment))
        .map(|(d, r)| (d, r.source.as_str(), r.as_of));
    own.or_else(|| {
        catalog
            .sp_assumption(instance, plan, term, payment)
            .map(|a| (a.discount_pct / 100.0, a.source.as_str(), a.as_of))
    })
}

/// The Savings Plan discount used: the user's override, else `derived_sp_discount`.
pub fn sp_discount(
    catalog: &Catalog,
    scenario: &Scenario,
    instance: &str,
    plan: SavingsPlan,
    term: u32,
) -> Option<f64> {
    let p = &scenario.purchase;
    let override_pct = match plan {
        SavingsPlan::Compute => p.compute_sp_pct,
        SavingsPlan::Ec2instance => p.instance_sp_pct,
    };
    if let Some(pct) = override_pct {
        return Some(pct / 100.0);
    }
    derived_sp_discount(catalog, instance, plan, term, p.payment).map(|(d, _, _)| d)
}

/// Every purchase option for one recommendation, in `Buy::ALL` order.
pub fn option_costs(
    catalog: &Catalog,
    scenario: &Scenario,
    rec: &Recommendation,
    fleet_hours: FleetHours,
) -> Vec<OptionCost> {
    Buy::ALL
        .iter()
        .map(|b| option_cost(catalog, scenario, rec, *b, fleet_hours))
        .collect()
}

/// What the usage profile adds up to, per month.
struct Usage {
    n: f64,
    burst_n: f64,
    /// Instance-hours a month of the baseline fleet.
    base_hours: f64,
    /// Instance-hours a month of bursts on top.
    burst_hours: f64,
    job_instance_hours: Option<f64>,
    /// A job's start-up, hours (0 for a service).
    startup_h: f64,
}

fn usage(scenario: &Scenario, rec: &Recommendation, instances: u32) -> Usage {
    let n = f64::from(instances);
    let burst_n = f64::from(scenario.purchase.burst_instances);
    Usage {
        n,
        burst_n,
        base_hours: n * scenario.hours_per_month,
        burst_hours: burst_n * scenario.purchase.burst_hours,
        job_instance_hours: base_job_hours(rec).map(|h| h * n),
        startup_h: startup_h(scenario, rec),
    }
}

/// A job's start-up on any option, hours: boot, image pull and weight loading, the `restart` assumption
/// a Capacity Block also counts (Spot's restarts after interruptions are in its overhead). 0 for a service.
pub fn startup_h(scenario: &Scenario, rec: &Recommendation) -> f64 {
    base_job_hours(rec).map_or(0.0, |_| scenario.purchase.restart_min / 60.0)
}

/// The job's wall clock before any purchase option's overhead (a recommendation whose headline follows
/// `buy=spot` already carries the Spot overhead in `job_hours`).
pub fn base_job_hours(rec: &Recommendation) -> Option<f64> {
    rec.base_job_hours.or(rec.job_hours)
}

/// What every option's cost starts from: the recommendation and scenario, the usage, the list-price
/// factors and the On-Demand rate.
struct Basis<'a> {
    catalog: &'a Catalog,
    scenario: &'a Scenario,
    rec: &'a Recommendation,
    buy: Buy,
    /// The reseller's factor on list prices, and on Spot and commitments (`discall`).
    list: f64,
    other: f64,
    /// On-Demand per instance-hour after the reseller's discount.
    od: Option<f64>,
    u: Usage,
    accels: f64,
    /// Instances that run together where the task's do (`runs_together`): the fleet whose size Spot's
    /// cap and interruption rate are judged on, whether priced whole (`u.n`, the recommendation's count)
    /// or per instance (one, the plan's per-instance terms).
    fleet: u32,
}

impl Basis<'_> {
    /// A simple option: a rate per instance-hour, no upfront, usage-based (`wall_factor`: Spot's overhead).
    fn simple(&self, rate: f64, wall_factor: f64) -> OptionCost {
        let (u, rec) = (&self.u, self.rec);
        let monthly = rate * (u.base_hours + u.burst_hours) * wall_factor;
        let job_hours = base_job_hours(rec).map(|h| h * wall_factor + u.startup_h);
        let job_usd = u
            .job_instance_hours
            .map(|h| (h * wall_factor + u.startup_h * u.n) * rate);
        OptionCost {
            hourly_usd: rate * u.n,
            monthly_usd: monthly,
            horizon_usd: job_usd.unwrap_or(monthly * f64::from(self.scenario.months)),
            per_accelerator_hour_usd: rate / self.accels,
            job_usd,
            job_hours,
            usd_per_million_tokens: rec.tokens_per_s.map(|t| rate * u.n / (t * 3600.0) * 1e6),
            monthly_terms: monthly_terms(self.scenario, u, (rate, wall_factor), TermKind::Usage, rate),
            job_terms: (base_job_hours(rec).map(|h| CostTerm::new(TermKind::Usage, rate, u.n, h, wall_factor)))
                .into_iter()
                .chain(
                    (job_usd.is_some() && u.startup_h > 0.0)
                        .then(|| CostTerm::new(TermKind::Startup, rate, u.n, u.startup_h, 1.0)),
                )
                .collect(),
            ..OptionCost::zero(self.buy)
        }
    }
}

/// A job's wall-clock hours on `n` instances of the recommendation's type, given `base_hours` on its own
/// fleet (`None` where no plan fits): what a Capacity Block booking weighs fleet sizes by. Sizing decides
/// it (`sizing::hours_on`, the training planner re-run at that size); callers above pass it in, so
/// pricing prices the fleets it is given and never plans one.
pub type FleetHours = fn(&Catalog, &Scenario, &Recommendation, u32, f64) -> Option<f64>;

/// One option's cost.
pub fn option_cost(
    catalog: &Catalog,
    scenario: &Scenario,
    rec: &Recommendation,
    buy: Buy,
    fleet_hours: FleetHours,
) -> OptionCost {
    option_cost_of(
        catalog,
        scenario,
        (rec, rec.n_instances, rec.n_instances),
        buy,
        fleet_hours,
    )
}

/// One option's cost for `instances` of the recommendation's type in a fleet of `fleet` (the plan prices
/// one instance's terms without copying the recommendation: its `Clone` is ~4 KB of the page's code).
/// Spot judges the fleet, not the instances priced: one instance of six that run together is refused
/// Spot, and interrupted, as the six are. A Capacity Block books the recommendation's own fleet.
pub fn option_cost_of(
    catalog: &Catalog,
    scenario: &Scenario,
    (rec, instances, fleet): (&Recommendation, u32, u32),
    buy: Buy,
    fleet_hours: FleetHours,
) -> OptionCost {
    let p = &scenario.purchase;
    let list = 1.0 - p.reseller_pct / 100.0;
    let c = Basis {
        catalog,
        scenario,
        rec,
        buy,
        list,
        other: if p.reseller_on_all { list } else { 1.0 },
        od: catalog
            .on_demand(&rec.instance, &scenario.region)
            .map(|x| x.usd_hr * list),
        u: usage(scenario, rec, instances),
        fleet: fleet.max(instances),
        accels: catalog
            .instance(&rec.instance)
            .and_then(|i| i.count().map(|c| f64::from(c) * i.fraction))
            .unwrap_or(1.0)
            .max(1e-9),
    };
    let mut o = match buy {
        Buy::OnDemand => match c.od {
            Some(r) => c.simple(r, 1.0),
            None => OptionCost::unavailable(buy, NotOffered::NoOnDemandPrice),
        },
        Buy::Spot => spot::spot_cost(&c),
        Buy::ComputeSp1 | Buy::ComputeSp3 | Buy::InstanceSp1 | Buy::InstanceSp3 | Buy::Ri1 | Buy::Ri3 => {
            commitment_cost(&c)
        }
        Buy::CapacityBlock => capacity_block::capacity_block(catalog, scenario, rec, (c.list, c.accels), fleet_hours),
    };
    // A batch job's tokens are counted once: its dollars per million are the job's cost over them,
    // start-up and Spot's restarts included.
    let tokens = scenario.job_output_tokens();
    if let Some(usd) = o.job_usd.filter(|_| tokens > 0.0) {
        o.usd_per_million_tokens = Some(usd / tokens * 1e6);
    }
    o
}

/// A Savings Plan or Reserved Instance: its discount (published, or the assumption), then `commitment`.
fn commitment_cost(c: &Basis) -> OptionCost {
    let (catalog, scenario, rec, buy) = (c.catalog, c.scenario, c.rec, c.buy);
    let p = &scenario.purchase;
    let Some(od_rate) = c.od else {
        return OptionCost::unavailable(buy, NotOffered::NoOnDemandPrice);
    };
    let term = buy.term_years().unwrap_or(1);
    let plan = match buy {
        Buy::ComputeSp1 | Buy::ComputeSp3 => SavingsPlan::Compute,
        _ => SavingsPlan::Ec2instance,
    };
    let (discount, sp_rate) = match buy {
        Buy::Ri1 | Buy::Ri3 => match ri_discount(catalog, &rec.instance, p.ri_class, term, p.payment) {
            // Outside us-east-1 the published discount is applied to the regional price (derived).
            Some(d) => (d, None),
            None => return OptionCost::unavailable(buy, NotOffered::NoPublishedRi),
        },
        _ => {
            let (d, basis) = sp_discount_basis(catalog, scenario, &rec.instance, plan, term, od_rate / c.list);
            (d, Some(basis))
        }
    };
    let assumption = match &sp_rate {
        None => scenario.region != "us-east-1",
        Some(b) => !matches!(b, SpRateBasis::Published { .. }),
    };
    let mut o = commitment(
        buy,
        od_rate / c.list,
        od_rate,
        discount,
        c.other,
        term,
        p.payment,
        &c.u,
        scenario,
        rec,
        c.accels,
        assumption,
    );
    o.sp_rate = sp_rate;
    o
}

/// A month's terms: the baseline fleet (at `base`: rate and factor, hours of `kind`), then any bursts
/// at `burst_rate`.
fn monthly_terms(scenario: &Scenario, u: &Usage, base: (f64, f64), kind: TermKind, burst_rate: f64) -> Vec<CostTerm> {
    let hours = match kind {
        TermKind::Committed => HOURS_PER_MONTH,
        _ => scenario.hours_per_month,
    };
    let burst_factor = if kind == TermKind::Usage { base.1 } else { 1.0 };
    let mut terms = vec![CostTerm::new(kind, base.0, u.n, hours, base.1)];
    if u.burst_hours > 0.0 {
        let h = scenario.purchase.burst_hours;
        terms.push(CostTerm::new(TermKind::Bursts, burst_rate, u.burst_n, h, burst_factor));
    }
    terms
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
    let service_horizon = eff * u.n * term_hours * terms + od_rate * u.burst_hours * months;
    let od_monthly_usage = od_rate * u.base_hours;
    let job = u
        .job_instance_hours
        .and(base_job_hours(rec))
        .map(|h| job_cover(h + u.startup_h, term_hours, eff, od_rate));
    let job_usd = job.map(|(terms, tail_h)| eff * u.n * term_hours * terms + od_rate * u.n * tail_h);
    let recurring_monthly = recurring_hourly * u.n * HOURS_PER_MONTH;
    OptionCost {
        buy,
        unavailable: None,
        hourly_usd: eff * u.n,
        upfront_usd: upfront,
        monthly_usd: monthly,
        horizon_usd: job_usd.unwrap_or(service_horizon),
        per_accelerator_hour_usd: eff / accels,
        // A job on a commitment pays whole terms (the rest of the last one only pays off if other work
        // uses it), or runs past its last whole term On-Demand where that is cheaper (`job_cover`).
        job_usd,
        job_hours: base_job_hours(rec).map(|h| h + u.startup_h),
        // Paid for all 730 hours of a month, it serves only the hours the fleet runs.
        usd_per_million_tokens: rec
            .tokens_per_s
            .filter(|_| scenario.hours_per_month > 0.0)
            .map(|t| eff * u.n * HOURS_PER_MONTH / scenario.hours_per_month.min(HOURS_PER_MONTH) / (t * 3600.0) * 1e6),
        breakeven_utilization: Some(eff / od_rate),
        breakeven_month: (upfront > 0.0 && od_monthly_usage > recurring_monthly)
            .then(|| upfront / (od_monthly_usage - recurring_monthly)),
        assumption,
        spot: None,
        cb: None,
        sp_rate: None,
        monthly_terms: monthly_terms(scenario, u, (eff, 1.0), TermKind::Committed, od_rate),
        job_terms: job
            .map(|(terms, tail_h)| {
                let whole = CostTerm::new(TermKind::WholeTerm, eff, u.n, term_hours, terms);
                let tail = (tail_h > 0.0).then(|| CostTerm::new(TermKind::OnDemandTail, od_rate, u.n, tail_h, 1.0));
                std::iter::once(whole).chain(tail).collect()
            })
            .unwrap_or_default(),
    }
}

/// How a job of `job_h` wall-clock hours is covered by a commitment of `term_h` hours at `eff` an
/// instance-hour: as many whole terms as its hours need (renewed back to back), or, where cheaper, the
/// whole terms it fills and the rest On-Demand at `od_rate` (a 10,872 h job on a 1-year term: one term
/// of 8,760 h and 2,112 h On-Demand, or two terms). Returns (terms, On-Demand tail hours).
pub fn job_cover(job_h: f64, term_h: f64, eff: f64, od_rate: f64) -> (f64, f64) {
    let term_h = term_h.max(1.0);
    // A hair above a whole number of terms is that number (float noise in the hours).
    let whole = (job_h / term_h - 1e-9).ceil().max(1.0);
    let filled = (job_h / term_h + 1e-9).floor();
    let tail_h = job_h - filled * term_h;
    if filled >= 1.0 && tail_h > 1e-6 && od_rate * tail_h < eff * term_h {
        (filled, tail_h)
    } else {
        (whole, 0.0)
    }
}
