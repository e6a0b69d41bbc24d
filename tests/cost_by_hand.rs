//! The cost engine's monthly figures and break-even against sums worked by hand from catalog.json's rates
//! (issue 28 item 5: these replace two properties that restated the implementation).

use gpuplan::engine::{option_cost, recommend, OptionCost};
use gpuplan::query;
use gpuplan::scenario::Buy;

mod common;
use common::catalog;

/// One instance of `inst` in us-east-1 at `hours` a month (an HPC job of 1 TFLOPS FP64: a service, one
/// instance), priced on `buy`.
fn one_instance(inst: &str, hours: u32, buy: Buy) -> OptionCost {
    let (s, w) = query::parse(&format!("v=1&task=hpc&fp64=1&inst={inst}&hours={hours}"), catalog());
    assert!(w.is_empty(), "{w:?}");
    let rec = recommend(catalog(), &s).recommendations.into_iter().find(|r| r.fits);
    let rec = rec.unwrap_or_else(|| panic!("{inst} does not fit"));
    assert_eq!((rec.instance.as_str(), rec.n_instances), (inst, 1));
    let o = option_cost(catalog(), &s, &rec, buy);
    assert_eq!(o.unavailable, None, "{inst} {buy:?}");
    o
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-6 * b.abs().max(1.0)
}

/// p5.48xlarge in us-east-1: On-Demand $55.04/h (catalog on_demand, karpenter-pricing 2026-07-20). No
/// Savings Plan rate is imported for it, so the 1-year No Upfront plans are derived:
/// - Compute SP from its own 1-year Convertible No Upfront RI, $43.344/h (vantage-ri): 21.25 % off;
/// - EC2 Instance SP from a 1-year Standard RI, which the catalog lacks for p5, so the catalog's median
///   37 % (savings_plan_assumptions): 55.04 × 0.63 = $34.6752/h.
///
/// A month:              On-Demand (rate × hours)        Instance SP (× 730)        Compute SP (× 730)
///   400 h               55.04 × 400 = 22,016.00         34.6752 × 730 = 25,312.896  43.344 × 730 = 31,641.12
///   730 h               55.04 × 730 = 40,179.20         25,312.896                  31,641.12
/// A commitment is paid for every hour, used or not: at 400 h On-Demand is the cheapest, at 730 h it is
/// the dearest.
#[test]
fn a_p5_month_at_400_and_730_hours_on_demand_and_on_1_year_savings_plans() {
    let cases = [
        (400, Buy::OnDemand, 55.04, 22_016.0),
        (730, Buy::OnDemand, 55.04, 40_179.2),
        (400, Buy::InstanceSp1, 34.6752, 25_312.896),
        (730, Buy::InstanceSp1, 34.6752, 25_312.896),
        (400, Buy::ComputeSp1, 43.344, 31_641.12),
        (730, Buy::ComputeSp1, 43.344, 31_641.12),
    ];
    for (hours, buy, hourly_usd, monthly_usd) in cases {
        let o = one_instance("p5.48xlarge", hours, buy);
        assert!(
            close(o.hourly_usd, hourly_usd),
            "{hours} h {buy:?}: {} /h",
            o.hourly_usd
        );
        assert!(
            close(o.monthly_usd, monthly_usd),
            "{hours} h {buy:?}: {} a month",
            o.monthly_usd
        );
        // Per accelerator-hour: the rate over the 8 H100s.
        assert!(close(o.per_accelerator_hour_usd, hourly_usd / 8.0), "{buy:?}");
    }
}

/// The break-even utilisation is the plan's rate over On-Demand's: Instance SP 34.6752 / 55.04 = 0.63
/// (459.9 of 730 h), Compute SP 43.344 / 55.04 = 0.7875 (574.875 h). On-Demand has none.
#[test]
fn a_p5_savings_plans_break_even_is_its_rate_over_on_demands() {
    let isp = one_instance("p5.48xlarge", 400, Buy::InstanceSp1);
    assert!(
        close(isp.breakeven_utilization.unwrap_or(0.0), 0.63),
        "{:?}",
        isp.breakeven_utilization
    );
    let csp = one_instance("p5.48xlarge", 400, Buy::ComputeSp1);
    assert!(
        close(csp.breakeven_utilization.unwrap_or(0.0), 0.7875),
        "{:?}",
        csp.breakeven_utilization
    );
    assert_eq!(
        one_instance("p5.48xlarge", 400, Buy::OnDemand).breakeven_utilization,
        None
    );
    // No upfront: no month at which an upfront is recovered.
    assert_eq!(isp.breakeven_month, None);
}

/// p5en.48xlarge in us-east-1: On-Demand $63.296/h; a published EC2 Instance SP 1-year rate of $40.43/h
/// (savings_plan_rates, sp-aws-samples 2026-09-01). The plan costs 40.43 × 730 = 29,513.90 a month.
/// Break-even: 40.43 / 63.296 = 0.638745…, i.e. 466.28 of 730 hours. By hand on each side of it:
///   466 h on On-Demand: 63.296 × 466 = 29,495.936  < 29,513.90: On-Demand is cheaper;
///   467 h on On-Demand: 63.296 × 467 = 29,559.232  > 29,513.90: the plan is cheaper.
#[test]
fn a_published_savings_plan_beats_on_demand_from_its_break_even_hours() {
    let plan = one_instance("p5en.48xlarge", 466, Buy::InstanceSp1);
    assert!(close(plan.monthly_usd, 29_513.9), "{}", plan.monthly_usd);
    let be = plan.breakeven_utilization.unwrap_or(0.0);
    assert!(close(be, 40.43 / 63.296) && (be * 730.0 - 466.28).abs() < 0.005, "{be}");
    let below = one_instance("p5en.48xlarge", 466, Buy::OnDemand);
    assert!(close(below.monthly_usd, 29_495.936), "{}", below.monthly_usd);
    assert!(below.monthly_usd < plan.monthly_usd);
    let above = one_instance("p5en.48xlarge", 467, Buy::OnDemand);
    assert!(close(above.monthly_usd, 29_559.232), "{}", above.monthly_usd);
    // The plan's month does not depend on the hours used.
    let plan_above = one_instance("p5en.48xlarge", 467, Buy::InstanceSp1);
    assert!(close(plan_above.monthly_usd, 29_513.9) && above.monthly_usd > plan_above.monthly_usd);
}
