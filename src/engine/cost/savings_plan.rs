//! Savings Plans: the published rate where the catalog imported one, else the derived discount ("not imported").

use super::sp_discount;
use crate::catalog::{Catalog, IsoDate, Payment, SavingsPlan, SavingsPlanRate};
use crate::scenario::Scenario;

/// Where a Savings Plan option's rate comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum SpRateBasis {
    /// A published rate the catalog imported: its date and source, and whether the source states the
    /// payment option (where it does not, the rate is used for the payment chosen).
    Published {
        as_of: IsoDate,
        source: String,
        payment_stated: bool,
    },
    /// No published rate was imported for this type and region: the discount is derived (the type's own
    /// Reserved Instance discount, else the catalog's median).
    NotImported,
    /// The user's discount.
    Override,
}

/// A published rate's effective hourly: for all upfront the upfront spread over the term's hours where the
/// source gives it, since the hourly it states is rounded to the cent (p6-b300's 3-year Compute SP:
/// $2,494,130.21 over 26,280 h is $94.906…/h, stated $94.91, which over the term is $105 more than AWS asks).
fn published_hourly(r: &SavingsPlanRate) -> f64 {
    match (r.payment, r.upfront_usd) {
        (Some(Payment::All), Some(upfront)) => upfront / (f64::from(r.term_years) * super::HOURS_PER_YEAR),
        _ => r.effective_usd_hr,
    }
}

/// The Savings Plan discount off the regional On-Demand list price `od_list` and where it comes from: the
/// user's override, else the published rate of the type in the region, else `sp_discount`'s derivation.
pub fn sp_discount_basis(
    catalog: &Catalog,
    scenario: &Scenario,
    instance: &str,
    plan: SavingsPlan,
    term: u32,
    od_list: f64,
) -> (f64, SpRateBasis) {
    let p = &scenario.purchase;
    let overridden = match plan {
        SavingsPlan::Compute => p.compute_sp_pct.is_some(),
        SavingsPlan::Ec2instance => p.instance_sp_pct.is_some(),
    };
    let published = catalog.sp_rate(instance, &scenario.region, plan, term, p.payment);
    match published.filter(|_| !overridden && od_list > 0.0) {
        Some(r) => (
            1.0 - published_hourly(r) / od_list,
            SpRateBasis::Published {
                as_of: r.as_of,
                source: r.source.clone(),
                payment_stated: r.payment.is_some(),
            },
        ),
        None => (
            sp_discount(catalog, scenario, instance, plan, term).unwrap_or(0.0),
            if overridden {
                SpRateBasis::Override
            } else {
                SpRateBasis::NotImported
            },
        ),
    }
}
