//! The catalog's rules for published rates and their dates (Savings Plan rates, Spot zones, Capacity
//! Block changes, the catalog's own date), the carbon figures and the managed services' prices.

use super::*;

/// A published Savings Plan rate is below the On-Demand price of its type and region, and its discount is
/// within AWS's "up to" (66 % Compute, 72 % EC2 Instance); one rate per type, region, plan, term, payment.
pub(super) fn savings_plan_rates_below_on_demand(c: &Catalog, _: &Index) -> Result<(), Broken> {
    let keys = c
        .savings_plan_rates
        .iter()
        .map(|r| (format!("{} {:?}", r.label(), r.payment), r.label()));
    if let Some(label) = first_repeat(keys) {
        return Err(broken(&label, "duplicate rate"));
    }
    for r in &c.savings_plan_rates {
        let cap = match r.plan {
            SavingsPlan::Compute => 0.66,
            SavingsPlan::Ec2instance => 0.72,
        };
        let Some(od) = c.on_demand(&r.instance, &r.region).map(|p| p.usd_hr) else {
            return Err(broken(&r.label(), "no On-Demand price to hold the rate against"));
        };
        let rate = r.effective_usd_hr;
        if rate >= od || rate < od * (1.0 - cap) {
            return Err(broken(
                &r.label(),
                format!("field `effective_usd_hr` {rate} must be below On-Demand {od} by at most {cap}"),
            ));
        }
    }
    Ok(())
}

/// A Spot median lies within the zones' lowest and highest price where they are given.
pub(super) fn spot_median_within_zones(c: &Catalog, _: &Index) -> Result<(), Broken> {
    for s in &c.spot {
        let m = s.median_usd_hr;
        let below = s.min_usd_hr.is_some_and(|lo| m < lo);
        let above = s.max_usd_hr.is_some_and(|hi| m > hi);
        if below || above {
            return Err(broken(
                &s.label(),
                format!("field `median_usd_hr` {m} is outside the zones' min..max"),
            ));
        }
    }
    Ok(())
}

/// Known Capacity Block price changes are oldest first and not after the catalog's date.
pub(super) fn capacity_block_changes_dated(c: &Catalog, _: &Index) -> Result<(), Broken> {
    let ch = &c.capacity_blocks.changes;
    for (i, x) in ch.iter().enumerate() {
        let before = i.checked_sub(1).and_then(|j| ch.get(j));
        if x.from > c.as_of || before.is_some_and(|b| b.from >= x.from) {
            return Err(broken(
                &x.label(),
                format!(
                    "field `from` {} must follow the change before it and not pass the catalog date",
                    x.from
                ),
            ));
        }
    }
    Ok(())
}

/// The catalog's date is its newest price: no price is dated after it (every price's age is counted from it).
pub(super) fn no_price_after_the_catalog(c: &Catalog, _: &Index) -> Result<(), Broken> {
    let dated = (c.on_demand.iter().map(|p| (p.label(), p.as_of)))
        .chain(c.spot.iter().map(|p| (p.label(), p.as_of)))
        .chain(c.reserved.iter().map(|p| (p.label(), p.as_of)))
        .chain(c.savings_plan_rates.iter().map(|p| (p.label(), p.as_of)))
        .chain(c.capacity_blocks.rates.iter().map(|p| (p.label(), p.as_of)));
    for (label, d) in dated {
        if d > c.as_of {
            return Err(broken(
                &label,
                format!("field `as_of` {d} is after the catalog's date {}", c.as_of),
            ));
        }
    }
    Ok(())
}

/// Grid intensities are within what any grid emits (at most 1,200 g CO2e/kWh, above coal's ~1,000), one
/// per region; the PUE is between 1 and 2.
pub(super) fn grid_intensity_plausible(c: &Catalog, _: &Index) -> Result<(), Broken> {
    if let Some(label) = first_repeat(c.grid_intensity.iter().map(|g| (g.label(), g.label()))) {
        return Err(broken(&label, "duplicate region"));
    }
    if let Some(g) = c.grid_intensity.iter().find(|g| g.gco2e_per_kwh > 1200.0) {
        let v = g.gco2e_per_kwh;
        return Err(broken(&g.label(), format!("field `gco2e_per_kwh` {v} is above 1200")));
    }
    let pue = c.pue.value;
    if !(1.0..=2.0).contains(&pue) {
        return Err(broken("pue", format!("field `value` {pue} must be in 1..=2")));
    }
    Ok(())
}

/// The figures a managed price's service and tier need, and none it cannot have: per-token tiers both an
/// input and an output price, hourly tiers `usd_hr`, a fee cut a `pct` below 100.
pub(super) fn managed_figures_for_tier(c: &Catalog, _: &Index) -> Result<(), Broken> {
    for m in &c.managed {
        let tokens = m.in_usd_m.is_some() && m.out_usd_m.is_some();
        let hourly = m.usd_hr.is_some() && m.in_usd_m.is_none() && m.out_usd_m.is_none();
        let ok = match (m.service.as_str(), m.tier.as_str()) {
            ("bedrock", "on-demand" | "latency" | "batch") => tokens && m.usd_hr.is_none(),
            ("bedrock", "pt-0" | "pt-1" | "pt-6") | ("sagemaker", "realtime" | "training") | ("ecs", "fee") => hourly,
            ("ecs", "fee-cut") => m.pct.is_some_and(|p| p < 100.0) && m.usd_hr.is_none(),
            _ => false,
        };
        if !ok {
            return Err(broken(
                &m.label(),
                "fields `in_usd_m`, `out_usd_m`, `usd_hr`, `pct` do not fit its service and tier",
            ));
        }
    }
    Ok(())
}

/// A Bedrock price names the model preset it is for (the engine matches the scenario's model by id).
pub(super) fn managed_models_are_presets(c: &Catalog, _: &Index) -> Result<(), Broken> {
    match c
        .managed
        .iter()
        .find(|m| m.service == "bedrock" && crate::models::preset_by_id(&m.model).is_none())
    {
        Some(m) => Err(broken(
            &m.label(),
            format!("field `model`: `{}` is not a model preset", m.model),
        )),
        None => Ok(()),
    }
}

/// One managed price per service, model, offer, region and tier.
pub(super) fn managed_unique(c: &Catalog, _: &Index) -> Result<(), Broken> {
    let keys = c.managed.iter().map(|m| {
        let key = format!("{}|{}|{}|{}|{}", m.service, m.model, m.offer, m.region, m.tier);
        (key, m.label())
    });
    match first_repeat(keys) {
        Some(label) => Err(broken(&label, "duplicate managed price")),
        None => Ok(()),
    }
}
