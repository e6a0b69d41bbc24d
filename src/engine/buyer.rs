//! What a buyer must know before signing a plan: the vCPU quota it needs per quota family (On-Demand and Spot apart), which lines reserve capacity, Spot capacity at the plan's scale, the catalog date of each rate, and why a Compute Savings Plan assumption is shallow.

use super::cost::{self, spot_supply, OptionCost};
use super::outcome::{Plan, PlanItem, QuotaFamily, RateDate, Recommendation, Segment, Why};
use super::sizing::hours_on;
use crate::catalog::{Catalog, IsoDate, SavingsPlan};
use crate::scenario::{Buy, Scenario};

/// A rate this many days older than the catalog's date is called out as old.
pub const STALE_DAYS: i64 = 90;

/// One option's cost, a Capacity Block's fleet timed by sizing (`sizing::hours_on`).
fn option_cost(catalog: &Catalog, scenario: &Scenario, rec: &Recommendation, buy: Buy) -> OptionCost {
    cost::option_cost(catalog, scenario, rec, buy, hours_on)
}

/// A service line running in month `m`.
fn active(m: u32) -> impl Fn(&&PlanItem) -> bool {
    move |i| i.segment != Segment::Job && i.from_month <= m && m < i.from_month + i.months
}

/// Instances of line `i` in month `m`. A growth line's `instances` is its most in any month: in month m
/// it runs that month's baseline fleet less the baseline's commitments, so commitments and growth peaking
/// in different months are not added up (bursts run on top of that fleet, not inside it).
fn in_month(plan: &Plan, i: &PlanItem, m: u32) -> u32 {
    match plan.fleet_by_month.get(m as usize) {
        Some(&fleet) if i.segment == Segment::Growth => {
            let rest: u32 = plan
                .items
                .iter()
                .filter(active(m))
                .filter(|o| o.segment == Segment::Baseline)
                .map(|o| o.instances)
                .sum();
            fleet.saturating_sub(rest).min(i.instances)
        }
        _ => i.instances,
    }
}

/// Instances running at once on Spot (or not): a job's line, or the most the service's lines hold in
/// any month.
fn peak_instances(plan: &Plan, spot: bool) -> u32 {
    let lines = || plan.items.iter().filter(move |i| (i.buy == Buy::Spot) == spot);
    let jobs: u32 = lines().filter(|i| i.segment == Segment::Job).map(|i| i.instances).sum();
    let months = lines().map(|i| i.from_month + i.months).max().unwrap_or(0);
    let services = (0..months)
        .map(|m| lines().filter(active(m)).map(|i| in_month(plan, i, m)).sum::<u32>())
        .max()
        .unwrap_or(0);
    jobs + services
}

/// The notices for a plan on `rec`, in the order a buyer reads them.
pub fn plan_notices(catalog: &Catalog, scenario: &Scenario, rec: &Recommendation, plan: &Plan) -> Vec<Why> {
    let mut out = Vec::new();
    let vcpus = catalog.instance(&rec.instance).and_then(|i| i.vcpus).unwrap_or(0.0);
    if let Some(family) = catalog.quota_family(&rec.family) {
        for spot in [false, true] {
            let instances = peak_instances(plan, spot);
            if instances > 0 && vcpus > 0.0 {
                out.push(Why::VcpuQuota {
                    family,
                    spot,
                    instances,
                    vcpus: (vcpus * f64::from(instances)).round() as u32,
                });
            }
        }
    }
    let committed: Vec<Buy> = plan
        .items
        .iter()
        .map(|i| i.buy)
        .filter(|b| b.term_years().is_some())
        .fold(Vec::new(), |mut v, b| {
            if !v.contains(&b) {
                v.push(b);
            }
            v
        });
    if !committed.is_empty() {
        out.push(Why::CapacityNotReserved { buys: committed });
    }
    if plan.items.iter().any(|i| i.buy == Buy::CapacityBlock) {
        if let Some(c) = option_cost(catalog, scenario, rec, Buy::CapacityBlock).cb {
            out.push(Why::CapacityReserved {
                instances: c.instances,
                days: c.days,
                blocks: c.blocks,
                lead_weeks: c.max_lead_weeks,
                recommended: rec.sized_instances,
            });
        }
    }
    if let Some(i) = plan.items.iter().find(|i| i.buy == Buy::Spot) {
        let observed = catalog.spot(&rec.instance, &scenario.region);
        out.push(Why::SpotAtScale {
            instances: i.instances,
            zones: observed.map_or(0, |s| s.n_az),
            zones_at_on_demand: observed.map_or(0, |s| s.n_az_at_od),
            supply: spot_supply(observed),
            // An MPI fleet run some hours a month is a service in the plan, yet its instances run together.
            together: crate::engine::cost::runs_together(scenario.task),
        });
    }
    if let Some(w) = shallow_compute_sp(catalog, scenario, rec, plan) {
        out.push(w);
    }
    let dates = plan.rates.clone();
    let stale: Vec<(RateDate, i64)> = dates
        .iter()
        .map(|r| (r.clone(), r.as_of.days_until(catalog.as_of)))
        .filter(|(_, days)| *days > STALE_DAYS)
        .collect();
    if !dates.is_empty() {
        out.push(Why::RateDates { rates: dates });
    }
    if !stale.is_empty() {
        out.push(Why::StaleRates {
            rates: stale,
            catalog_as_of: catalog.as_of,
        });
    }
    out
}

/// The catalog date of every rate the plan uses (On-Demand underlies every option but Spot and blocks),
/// what `engine::plan` keeps in `Plan::rates`.
pub(super) fn rate_dates(catalog: &Catalog, scenario: &Scenario, rec: &Recommendation, plan: &Plan) -> Vec<RateDate> {
    let mut out: Vec<RateDate> = Vec::new();
    for item in &plan.items {
        if !out.iter().any(|r| r.buy == item.buy) {
            out.extend(rate_date(catalog, scenario, rec, item.buy));
        }
    }
    out
}

/// The source and date of the rate `buy` is priced at for `rec` in the scenario's region: Spot's and a
/// Capacity Block's own, a Reserved Instance's, a published Savings Plan rate's, else On-Demand's. A
/// Savings Plan rate the catalog did not import is derived (On-Demand × a discount) and says so, dated by
/// the older of its inputs. `None` where the catalog has no rate.
pub fn rate_date(catalog: &Catalog, scenario: &Scenario, rec: &Recommendation, buy: Buy) -> Option<RateDate> {
    let dated = |source: &str, as_of: IsoDate| RateDate {
        buy,
        source: source.to_string(),
        as_of,
        derived_from: None,
        source_title: catalog.source_title(source),
        derived_title: None,
        from_article: catalog.from_article(source),
        derived_from_article: false,
    };
    let od = catalog.on_demand(&rec.instance, &scenario.region);
    match buy {
        Buy::Spot => catalog
            .spot(&rec.instance, &scenario.region)
            .map(|s| dated(&s.source, s.as_of)),
        Buy::CapacityBlock => option_cost(catalog, scenario, rec, Buy::CapacityBlock)
            .cb
            .map(|c| dated(&c.source, c.as_of)),
        Buy::Ri1 | Buy::Ri3 => {
            let ri = catalog.reserved.iter().find(|r| r.instance == rec.instance);
            ri.map(|r| dated(&r.source, r.as_of))
        }
        Buy::ComputeSp1 | Buy::ComputeSp3 | Buy::InstanceSp1 | Buy::InstanceSp3 => {
            let od = od?;
            let plan = match buy {
                Buy::ComputeSp1 | Buy::ComputeSp3 => SavingsPlan::Compute,
                _ => SavingsPlan::Ec2instance,
            };
            let term = buy.term_years().unwrap_or(1);
            let (_, basis) = cost::sp_discount_basis(catalog, scenario, &rec.instance, plan, term, od.usd_hr);
            match basis {
                cost::SpRateBasis::Published { as_of, source, .. } => Some(dated(&source, as_of)),
                cost::SpRateBasis::Override => Some(RateDate {
                    derived_from: Some("your discount".into()),
                    derived_title: Some("your discount".into()),
                    ..dated(&od.source, od.as_of)
                }),
                cost::SpRateBasis::NotImported => {
                    let p = scenario.purchase.payment;
                    let (_, from, from_as_of) = cost::derived_sp_discount(catalog, &rec.instance, plan, term, p)?;
                    let from = from.to_string();
                    let as_of = if from_as_of.days_until(od.as_of) > 0 {
                        from_as_of
                    } else {
                        od.as_of
                    };
                    Some(RateDate {
                        as_of,
                        derived_title: Some(catalog.source_title(&from)),
                        derived_from_article: catalog.from_article(&from),
                        derived_from: Some(from),
                        ..dated(&od.source, od.as_of)
                    })
                }
            }
        }
        Buy::OnDemand => od.map(|p| dated(&p.source, p.as_of)),
    }
}

/// A Compute Savings Plan in the plan (or considered for it) for a P-family type: its discount is the
/// type's own published Convertible RI discount (else the catalog's median); say why it is shallow.
fn shallow_compute_sp(catalog: &Catalog, scenario: &Scenario, rec: &Recommendation, plan: &Plan) -> Option<Why> {
    // The P families' June 2025 cut is what makes their commitments shallow.
    let p_family = catalog.quota_family(&rec.family) == Some(QuotaFamily::P);
    if scenario.purchase.compute_sp_pct.is_some() || rec.job_hours.is_some() || !p_family {
        return None;
    }
    let used = plan.items.iter().any(|i| {
        matches!(i.buy, Buy::ComputeSp1 | Buy::ComputeSp3) || i.considered.iter().any(|c| c.0 == Buy::ComputeSp1)
    });
    if !used {
        return None;
    }
    // The term the figures shown use: the headline's Compute SP, else 3 years where the plan buys it, else 1.
    let term = match scenario.purchase.buy {
        Buy::ComputeSp3 => 3,
        Buy::ComputeSp1 => 1,
        _ if plan.items.iter().any(|i| i.buy == Buy::ComputeSp3) => 3,
        _ => 1,
    };
    let own = cost::sp_discount(catalog, scenario, &rec.instance, SavingsPlan::Compute, term)?;
    let median = catalog
        .sp_assumption(&rec.instance, SavingsPlan::Compute, term, scenario.purchase.payment)?
        .discount_pct
        / 100.0;
    let p = scenario.purchase.payment;
    let own_ri = cost::ri_discount(catalog, &rec.instance, crate::catalog::RiClass::Convertible, term, p).is_some();
    Some(Why::ComputeSpShallow {
        term_years: term,
        discount_pct: own * 100.0,
        median_pct: median * 100.0,
        own_ri,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The catalog's table, held to AWS's quota names (the Spot Instance quotas page: "All P", "All G and
    /// VT", "All Inf", "All Trn", "All DL Spot Instance Requests"), family by family.
    #[test]
    fn families_map_to_their_quotas() {
        let c = crate::catalog_static::catalog();
        let q = |f: &str| c.quota_family(f);
        assert_eq!(q("p5"), Some(QuotaFamily::P));
        assert_eq!(q("p6-b200"), Some(QuotaFamily::P));
        assert_eq!(q("p6e-gb200"), Some(QuotaFamily::P));
        assert_eq!(q("g6e"), Some(QuotaFamily::GAndVt));
        assert_eq!(q("gr6"), Some(QuotaFamily::GAndVt));
        assert_eq!(q("inf2"), Some(QuotaFamily::Inf));
        assert_eq!(q("trn1n"), Some(QuotaFamily::Trn));
        assert_eq!(q("dl1"), Some(QuotaFamily::Dl));
        assert_eq!(q("m5"), None);
    }
}
