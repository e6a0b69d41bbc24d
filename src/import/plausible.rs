//! Plausibility rules for imported figures: a price against its type's history or its family's range, a
//! region against AWS's list, a file's date against today. A refused figure is left out (the catalog keeps
//! what it had) and the report names it with the rule it broke.

use crate::catalog::{Catalog, IsoDate};

/// How far a new On-Demand rate may move from the type's lowest and highest catalog rate (any region)
/// before it is refused as implausible: a third of the lowest to three times the highest. AWS's largest
/// published moves are well inside it (the June-2025 P5 cut: −45 %; regional spreads of the catalog: at most
/// ~1.8×), while a unit slip (cents as dollars, a monthly figure as hourly) or a corrupt number is outside.
/// An assumption of this project, stated in README ("Importing prices").
pub const BAND_FACTOR: f64 = 3.0;

/// A Reserved Instance's effective rate below this share of the same type's On-Demand rate is implausible:
/// the deepest published discount (3-year, All Upfront) is ~72 % (article 002), so 0.2 leaves room.
pub const RI_FLOOR_SHARE: f64 = 0.2;

/// AWS region codes (commercial, GovCloud and China partitions), from AWS's "Regions and Availability Zones"
/// list as of 2026-11. A code not in it is refused, so a typo or junk never becomes a catalog region.
pub const AWS_REGIONS: &[&str] = &[
    "af-south-1",
    "ap-east-1",
    "ap-east-2",
    "ap-northeast-1",
    "ap-northeast-2",
    "ap-northeast-3",
    "ap-south-1",
    "ap-south-2",
    "ap-southeast-1",
    "ap-southeast-2",
    "ap-southeast-3",
    "ap-southeast-4",
    "ap-southeast-5",
    "ap-southeast-6",
    "ap-southeast-7",
    "ca-central-1",
    "ca-west-1",
    "cn-north-1",
    "cn-northwest-1",
    "eu-central-1",
    "eu-central-2",
    "eu-north-1",
    "eu-south-1",
    "eu-south-2",
    "eu-west-1",
    "eu-west-2",
    "eu-west-3",
    "il-central-1",
    "me-central-1",
    "me-south-1",
    "mx-central-1",
    "sa-east-1",
    "us-east-1",
    "us-east-2",
    "us-gov-east-1",
    "us-gov-west-1",
    "us-west-1",
    "us-west-2",
];

/// Whether `code` is an AWS region code.
pub fn is_aws_region(code: &str) -> bool {
    AWS_REGIONS.contains(&code)
}

/// The lowest and highest of some rates, `None` when there are none.
fn span(rates: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    rates.fold(None, |acc, r| match acc {
        None => Some((r, r)),
        Some((lo, hi)) => Some((lo.min(r), hi.max(r))),
    })
}

/// Why a new On-Demand rate is implausible, or `None` when it passes. Compared with the type's own rates
/// in every region; a type without any, per accelerator with its family's; a type with neither only needs
/// to be a positive, finite number.
pub fn on_demand_refusal(current: &Catalog, instance: &str, region: &str, usd_hr: f64) -> Option<String> {
    if !is_aws_region(region) {
        return Some(format!("`{region}` is not an AWS region code"));
    }
    if !(usd_hr.is_finite() && usd_hr > 0.0) {
        return Some(format!("${usd_hr}/h is not a positive, finite price"));
    }
    let own = span(
        current
            .on_demand
            .iter()
            .filter(|p| p.instance == instance)
            .map(|p| p.usd_hr),
    );
    let (lo, hi, basis) = match own {
        Some((lo, hi)) => (lo, hi, format!("its catalog rates, ${lo}–${hi}/h")),
        None => {
            let inst = current.instance(instance)?;
            let per_device = |id: &str| {
                let i = current.instance(id)?;
                Some(f64::from(i.count()?))
            };
            let devices = f64::from(inst.count()?);
            let family = span(
                current
                    .on_demand
                    .iter()
                    .filter(|p| current.instance(&p.instance).is_some_and(|i| i.family == inst.family))
                    .filter_map(|p| Some(p.usd_hr / per_device(&p.instance)?)),
            )?;
            let (lo, hi) = (family.0 * devices, family.1 * devices);
            let basis = format!(
                "its family {}'s rates per accelerator × {devices}, ${lo}–${hi}/h",
                inst.family
            );
            (lo, hi, basis)
        }
    };
    let (floor, ceiling) = (lo / BAND_FACTOR, hi * BAND_FACTOR);
    (usd_hr < floor || usd_hr > ceiling)
        .then(|| format!("${usd_hr}/h is outside ${floor}–${ceiling}/h ({BAND_FACTOR}× around {basis})"))
}

/// Why a Reserved Instance's effective rate is implausible against the On-Demand rate it discounts.
pub fn reserved_refusal(region: &str, effective_usd_hr: f64, on_demand_usd_hr: Option<f64>) -> Option<String> {
    if !is_aws_region(region) {
        return Some(format!("`{region}` is not an AWS region code"));
    }
    if !(effective_usd_hr.is_finite() && effective_usd_hr > 0.0) {
        return Some(format!("${effective_usd_hr}/h is not a positive, finite rate"));
    }
    let od = on_demand_usd_hr?;
    if effective_usd_hr > od {
        return Some(format!("${effective_usd_hr}/h is dearer than On-Demand (${od}/h)"));
    }
    (effective_usd_hr < od * RI_FLOOR_SHARE).then(|| {
        format!(
            "${effective_usd_hr}/h is below {RI_FLOOR_SHARE} × On-Demand (${od}/h): deeper than any published discount"
        )
    })
}

/// Why a new Spot price is implausible against the On-Demand rate it discounts (no deeper than AWS's largest
/// Spot discount, the catalog's `spot_rules.max_discount_pct`) and the type's own catalog Spot prices in any
/// region (`BAND_FACTOR` around them), or `None` when it passes. A price at or above On-Demand is the
/// caller's to skip.
pub fn spot_refusal(
    current: &Catalog,
    instance: &str,
    region: &str,
    usd_hr: f64,
    on_demand_usd_hr: f64,
) -> Option<String> {
    if !is_aws_region(region) {
        return Some(format!("`{region}` is not an AWS region code"));
    }
    if !(usd_hr.is_finite() && usd_hr > 0.0) {
        return Some(format!("${usd_hr}/h is not a positive, finite price"));
    }
    let max_pct = current.spot_rules.max_discount_pct;
    let floor = on_demand_usd_hr * (1.0 - max_pct / 100.0);
    if usd_hr < floor {
        return Some(format!(
            "${usd_hr}/h is below ${floor}/h, On-Demand (${on_demand_usd_hr}/h) less AWS's largest Spot discount ({max_pct} %)"
        ));
    }
    let (lo, hi) = span(
        current
            .spot
            .iter()
            .filter(|s| s.instance == instance)
            .map(|s| s.median_usd_hr),
    )?;
    let (floor, ceiling) = (lo / BAND_FACTOR, hi * BAND_FACTOR);
    (usd_hr < floor || usd_hr > ceiling).then(|| {
        format!("${usd_hr}/h is outside ${floor}–${ceiling}/h ({BAND_FACTOR}× around its catalog Spot prices, ${lo}–${hi}/h)")
    })
}

/// Why a file's date is refused: later than today (the importer's clock). `None` when there is no clock.
pub fn date_refusal(date: IsoDate, today: Option<IsoDate>) -> Option<String> {
    let today = today?;
    (date > today).then(|| format!("dated {date}, after today ({today})"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::BUNDLED_JSON;

    fn catalog() -> Catalog {
        match Catalog::parse(BUNDLED_JSON) {
            Ok(c) => c,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn a_price_inside_its_types_band_passes_and_a_unit_slip_does_not() {
        let c = catalog();
        let Some(p5) = c.on_demand("p5.48xlarge", "us-east-1").map(|p| p.usd_hr) else {
            panic!("p5 has a us-east-1 price")
        };
        assert_eq!(on_demand_refusal(&c, "p5.48xlarge", "us-east-1", p5 * 0.55), None);
        let too_big = on_demand_refusal(&c, "p5.48xlarge", "us-east-1", p5 * 100.0);
        assert!(too_big.is_some_and(|m| m.contains("outside")));
        assert!(on_demand_refusal(&c, "p5.48xlarge", "us-east-1", 1e12).is_some());
        assert!(on_demand_refusal(&c, "p5.48xlarge", "us-east-1", f64::INFINITY).is_some());
        assert!(on_demand_refusal(&c, "p5.48xlarge", "us-east-1", p5 / 100.0).is_some());
    }

    #[test]
    fn a_region_not_in_awss_list_is_refused() {
        let c = catalog();
        let m = on_demand_refusal(&c, "p5.48xlarge", "us-east-9", 50.0);
        assert_eq!(m.as_deref(), Some("`us-east-9` is not an AWS region code"));
        assert!(reserved_refusal("mars-north-1", 1.0, Some(2.0)).is_some());
        assert!(is_aws_region("cn-northwest-1") && is_aws_region("ap-southeast-7"));
    }

    #[test]
    fn a_reserved_rate_is_between_a_fifth_of_on_demand_and_on_demand() {
        assert_eq!(reserved_refusal("us-east-1", 6.0, Some(10.0)), None);
        assert_eq!(reserved_refusal("us-east-1", 2.0, Some(10.0)), None);
        assert!(reserved_refusal("us-east-1", 1.9, Some(10.0)).is_some());
        assert!(reserved_refusal("us-east-1", 10.5, Some(10.0)).is_some());
        assert_eq!(reserved_refusal("us-east-1", 3.0, None), None);
    }

    #[test]
    fn a_spot_price_no_deeper_than_awss_largest_discount_and_near_the_types_own_passes() {
        let c = catalog();
        // p5.48xlarge us-east-1: On-Demand $55.04; the catalog's p5 Spot medians run ~$16.7–$18.4/h.
        assert_eq!(spot_refusal(&c, "p5.48xlarge", "us-east-1", 18.0, 55.04), None);
        let deep = spot_refusal(&c, "p5.48xlarge", "us-east-1", 5.0, 55.04);
        assert!(
            deep.is_some_and(|m| m.contains("largest Spot discount (90 %)")),
            "cents read as dollars"
        );
        // p4de.24xlarge: $3.5/h passes the 90 % floor of its $27.45/h On-Demand ($2.74) but is below a third
        // of the type's lowest catalog Spot median ($13.2454 / 3 = $4.42).
        let low = spot_refusal(&c, "p4de.24xlarge", "us-east-1", 3.5, 27.44705);
        assert!(low.is_some_and(|m| m.contains("around its catalog Spot prices")));
        assert!(spot_refusal(&c, "p5.48xlarge", "us-east-1", f64::NAN, 55.04).is_some());
        assert!(spot_refusal(&c, "p5.48xlarge", "zz-moon-1", 18.0, 55.04).is_some());
    }

    #[test]
    fn a_date_after_today_is_refused() {
        let d = |s: &str| IsoDate::parse(s);
        let (Some(today), Some(far)) = (d("2026-12-02"), d("9999-12-31")) else {
            panic!("dates parse")
        };
        assert!(date_refusal(far, Some(today)).is_some_and(|m| m.contains("9999-12-31")));
        assert_eq!(date_refusal(today, Some(today)), None);
        assert_eq!(date_refusal(far, None), None);
    }
}
