//! Savings Plans: the published rate where the catalog imported one, else the derived discount ("not imported").

use super::sp_discount;
use crate::catalog::{Catalog, IsoDate, SavingsPlan};
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
            1.0 - r.effective_usd_hr / od_list,
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
