//! The cost engine: hand-computed cases and properties over the whole catalog.

use gpuplan::catalog::Catalog;
use gpuplan::engine::cost::{option_cost, option_costs, OptionCost, HOURS_PER_YEAR};
use gpuplan::engine::plan::plan;
use gpuplan::engine::{recommend, Recommendation};
use gpuplan::query;
use gpuplan::scenario::{Buy, Scenario};
use proptest::prelude::*;
use std::sync::OnceLock;

fn catalog() -> &'static Catalog {
    static C: OnceLock<Catalog> = OnceLock::new();
    C.get_or_init(Catalog::bundled)
}

fn scenario(q: &str) -> Scenario {
    let (s, w) = query::parse(q, catalog());
    assert!(w.is_empty(), "{q}: {w:?}");
    s
}

fn first(s: &Scenario) -> Recommendation {
    match recommend(catalog(), s).recommendations.into_iter().next() {
        Some(r) => r,
        None => panic!("no recommendation for {s:?}"),
    }
}

fn cost(q: &str, buy: Buy) -> OptionCost {
    let s = scenario(q);
    option_cost(catalog(), &s, &first(&s), buy)
}

const P4D_HPC: &str = "v=1&task=hpc&fp64=50&gmem=100&inst=p4d.24xlarge";

#[test]
fn p4d_on_demand_at_730_hours() {
    let o = cost(P4D_HPC, Buy::OnDemand);
    assert_eq!(o.unavailable, None);
    // 21.957642 x 730 = 16,029.08 a month (the article's "约16,029美元").
    assert!((o.monthly_usd - 21.957642 * 730.0).abs() < 1e-9);
    assert!((o.horizon_usd - 21.957642 * 730.0 * 12.0).abs() < 1e-6);
    assert!((o.per_accel_hour_usd - 21.957642 / 8.0).abs() < 1e-12);
}

#[test]
fn a_15_percent_reseller_discount_scales_list_prices_by_085() {
    for buy in [Buy::OnDemand, Buy::CapacityBlock] {
        let q = "v=1&task=train&model=llama3.1-8b&tokens=10&inst=p5.48xlarge";
        let base = cost(q, buy);
        let disc = cost(&format!("{q}&disc=15"), buy);
        assert!((disc.hourly_usd - base.hourly_usd * 0.85).abs() < 1e-9, "{buy:?}");
    }
    // Not on top of commitments unless asked.
    let q = "v=1&task=hpc&fp64=50&inst=p4d.24xlarge&ricls=standard";
    let ri = cost(q, Buy::Ri1).hourly_usd;
    assert!((cost(&format!("{q}&disc=15"), Buy::Ri1).hourly_usd - ri).abs() < 1e-9);
    assert!((cost(&format!("{q}&disc=15&discall=1"), Buy::Ri1).hourly_usd - ri * 0.85).abs() < 1e-9);
}

#[test]
fn published_ri_rates_are_used_and_break_even_is_computed() {
    // p4d 3-year Standard All Upfront: $8.159056/h effective (vantage, 2025-11-30).
    let o = cost(&format!("{P4D_HPC}&pay=all"), Buy::Ri3);
    assert!((o.hourly_usd - 8.159056).abs() < 1e-6, "{}", o.hourly_usd);
    assert!((o.upfront_usd - 8.159056 * 3.0 * HOURS_PER_YEAR).abs() < 1e-3);
    assert!((o.breakeven_utilization.unwrap_or(0.0) - 8.159056 / 21.957642).abs() < 1e-9);
    // Break-even month: upfront / On-Demand monthly (no recurring): 214,420 / 16,029 = 13.4 months.
    let month = 8.159056 * 3.0 * HOURS_PER_YEAR / (21.957642 * 730.0);
    assert!(
        (o.breakeven_month.unwrap_or(0.0) - month).abs() < 1e-9,
        "{:?}",
        o.breakeven_month
    );
    assert!(!o.assumption);
    // No upfront, no break-even month.
    assert_eq!(cost(P4D_HPC, Buy::Ri3).breakeven_month, None);
}

#[test]
fn types_without_published_ri_say_so() {
    for inst in ["p5en.48xlarge", "p6-b200.48xlarge", "g7e.2xlarge"] {
        let o = cost(&format!("v=1&inst={inst}"), Buy::Ri1);
        assert!(o.unavailable.is_some(), "{inst}");
    }
}

#[test]
fn savings_plans_are_assumptions_from_the_types_own_ri_discount() {
    let o = cost(P4D_HPC, Buy::InstanceSp1);
    assert!(o.assumption);
    // EC2 Instance SP ~ the type's 1-year Standard No Upfront RI: 13.921094.
    assert!((o.hourly_usd - 13.921094).abs() < 1e-6, "{}", o.hourly_usd);
    let overridden = cost(&format!("{P4D_HPC}&ispdisc=50"), Buy::InstanceSp1);
    assert!((overridden.hourly_usd - 21.957642 * 0.5).abs() < 1e-9);
}

#[test]
fn online_serving_is_never_put_on_spot() {
    assert!(cost("v=1&batch=1&ctx=2048&inst=g6.xlarge", Buy::Spot)
        .unavailable
        .is_some());
    let batch = cost("v=1&batch=1&ctx=2048&mode=batch&inst=g6.xlarge", Buy::Spot);
    assert!(batch.unavailable.is_none());
    // Observed us-east-1 median $0.3821/h, plus capacity replaced during restarts.
    assert!(batch.hourly_usd >= 0.3821 && batch.monthly_usd > 0.3821 * 730.0);
    // Where no Spot price was observed, Spot is priced only with a user-set discount.
    assert!(cost("v=1&mode=batch&inst=inf2.xlarge", Buy::Spot).unavailable.is_some());
    let set = cost("v=1&mode=batch&inst=inf2.xlarge&spotdisc=60", Buy::Spot);
    assert!((set.hourly_usd - 0.7582 * 0.4).abs() < 1e-9 && set.assumption);
}

#[test]
fn capacity_blocks_only_for_jobs_on_supporting_families() {
    let job = cost(
        "v=1&task=train&model=llama3.1-8b&tokens=10&inst=p5.48xlarge",
        Buy::CapacityBlock,
    );
    let cb = job.cb.clone().unwrap_or_else(|| panic!("{job:?}"));
    assert!(cb.days >= 1 && cb.days <= 14);
    assert!((job.upfront_usd - cb.rate_usd_hr * f64::from(cb.days) * 24.0).abs() < 1e-6);
    assert!(cost(
        "v=1&task=train&model=llama3.1-8b&tokens=10&inst=g6e.12xlarge",
        Buy::CapacityBlock
    )
    .unavailable
    .is_some());
    assert!(cost("v=1&task=hpc&fp64=1&inst=p5.48xlarge", Buy::CapacityBlock)
        .unavailable
        .is_some());
}

/// A service growing 10 % a month for 24 months from one g6e.xlarge, worked by hand: the fleet is
/// 1, 2×7, 3×4, 4×3, 5×2, 6×2, 7×2, 8, 9×2 (101 instance-months). A 1-year EC2 Instance Savings
/// Plan (break-even utilisation ~0.63) pays for the k-th instance when the fleet reaches k in at
/// least 63 % of the months: 3 instances are there in 16 of 24 months (67 %), a 4th only in 12
/// (50 %). So the plan commits 3 and runs the 38 instance-months above them On-Demand.
#[test]
fn growing_fleet_commits_the_level_it_keeps_using() {
    let s = scenario("v=1&mode=batch&inst=g6e.xlarge&growth=10&months=24");
    let r = first(&s);
    let p = plan(catalog(), &s, &r);
    assert_eq!(p.fleet_by_month.iter().map(|n| u64::from(*n)).sum::<u64>(), 101);
    assert_eq!(p.fleet_by_month.first(), Some(&1));
    assert_eq!(p.fleet_by_month.last(), Some(&9));
    assert_eq!(p.items.len(), 2, "{:?}", p.items);
    let (base, growth) = (&p.items[0], &p.items[1]);
    assert_eq!(base.segment, gpuplan::engine::plan::Segment::Baseline);
    assert_eq!(base.instances, 3);
    assert!(base.buy.term_years() == Some(1), "{:?}", base.buy);
    assert_eq!(growth.segment, gpuplan::engine::plan::Segment::Growth);
    assert_eq!((growth.buy, growth.instances), (Buy::OnDemand, 6));
    let od_month = catalog().on_demand("g6e.xlarge", "us-east-1").map_or(0.0, |p| p.usd_hr) * 730.0;
    assert!((growth.horizon_usd - 38.0 * od_month).abs() < 1e-6, "{growth:?}");
    assert!((p.all_od_horizon_usd.unwrap_or(0.0) - 101.0 * od_month).abs() < 1e-6);
    assert!(p.savings_vs_od_usd.unwrap_or(0.0) > 0.0);
    // No growth: the same plan as before this feature (the whole baseline on one option).
    let steady = scenario("v=1&mode=batch&inst=g6e.xlarge&months=24");
    let q = plan(catalog(), &steady, &first(&steady));
    assert!(q.fleet_by_month.is_empty() && q.items.len() == 1 && q.items[0].instances == 1);
}

#[test]
fn headline_figures_follow_the_chosen_option() {
    let s = scenario(&format!("{P4D_HPC}&buy=ri3&pay=all"));
    let r = first(&s);
    assert!((r.hourly_usd.unwrap_or(0.0) - 8.159056).abs() < 1e-6);
}

#[test]
fn baseline_plus_burst_commits_the_baseline() {
    let s = scenario("v=1&mode=batch&inst=g6e.xlarge&burst=3&bursth=100&months=12");
    let r = first(&s);
    let p = plan(catalog(), &s, &r);
    assert_eq!(p.items.len(), 2);
    assert!(p.items[0].buy != Buy::OnDemand, "{:?}", p.items[0]);
    assert!(matches!(p.items[1].buy, Buy::OnDemand | Buy::Spot));
    assert!(p.savings_vs_od_usd.unwrap_or(-1.0) > 0.0);
}

fn any_query() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![
            "infer&mode=batch",
            "infer",
            "train",
            "finetune",
            "hpc",
            "graphics",
        ]),
        1u32..=730,
        1u32..=36,
        0u32..=40,
        prop::sample::select(vec!["no", "partial", "all"]),
        0u32..=5,
        prop::sample::select(vec![0, 0, 3, 10, 25, -8]),
    )
        .prop_map(|(task, hours, months, disc, pay, burst, growth)| {
            format!(
                "v=1&task={task}&hours={hours}&months={months}&disc={disc}&pay={pay}&burst={burst}&growth={growth}&tokens=5&fp64=10"
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn plan_never_dearer_than_all_on_demand(q in any_query()) {
        let s = scenario(&q);
        for r in recommend(catalog(), &s).recommendations.iter().take(5) {
            let p = plan(catalog(), &s, r);
            if let Some(od) = p.all_od_horizon_usd {
                prop_assert!(p.horizon_usd <= od * (1.0 + 1e-9), "{q} {}: {} > {od}", r.instance, p.horizon_usd);
            }
        }
    }

    /// A growing fleet's plan is the cheapest of every option at every commitment level from 0 to
    /// the peak (not only the levels the fleet passes through, which the engine tries).
    #[test]
    fn growth_plan_is_the_least_over_every_level(q in any_query()) {
        let s = scenario(&q);
        for r in recommend(catalog(), &s).recommendations.iter().filter(|r| r.job_hours.is_none()).take(3) {
            let p = plan(catalog(), &s, r);
            if p.fleet_by_month.is_empty() { continue; }
            let mut steady = s.clone();
            steady.purchase.burst_instances = 0;
            let one = Recommendation { n_instances: 1, ..r.clone() };
            let costs: Vec<_> = Buy::ALL.iter().map(|b| option_cost(catalog(), &steady, &one, *b))
                .filter(|o| o.unavailable.is_none()).collect();
            let Some(flex) = costs.iter().filter(|o| matches!(o.buy, Buy::OnDemand | Buy::Spot)).map(|o| o.monthly_usd).reduce(f64::min) else { continue };
            let peak = p.fleet_by_month.iter().copied().max().unwrap_or(0);
            let bursts: f64 = p.items.iter().filter(|i| i.segment == gpuplan::engine::plan::Segment::Burst).map(|i| i.horizon_usd).sum();
            for o in costs.iter().filter(|o| !matches!(o.buy, Buy::OnDemand | Buy::Spot | Buy::CapacityBlock)) {
                for k in 0..=peak {
                    let rest: f64 = p.fleet_by_month.iter().map(|n| f64::from(n.saturating_sub(k))).sum();
                    let total = f64::from(k) * o.horizon_usd + rest * flex + bursts;
                    prop_assert!(p.horizon_usd <= total * (1.0 + 1e-9) + 1e-6, "{q} {} {:?} k={k}: {} > {total}", r.instance, o.buy, p.horizon_usd);
                }
            }
        }
    }

    #[test]
    fn commitments_never_beat_on_demand_below_break_even(q in any_query()) {
        let s = scenario(&q);
        for r in recommend(catalog(), &s).recommendations.iter().filter(|r| r.job_hours.is_none()).take(5) {
            let options = option_costs(catalog(), &s, r);
            let Some(od) = options.iter().find(|o| o.buy == Buy::OnDemand && o.unavailable.is_none()) else { continue };
            for o in options.iter().filter(|o| o.unavailable.is_none() && o.breakeven_utilization.is_some()) {
                let util = s.hours_per_month / 730.0;
                let be = o.breakeven_utilization.unwrap_or(0.0);
                if s.purchase.burst_instances == 0 && util < be - 1e-9 {
                    prop_assert!(o.monthly_usd >= od.monthly_usd, "{q} {:?}", o.buy);
                }
            }
        }
    }

    #[test]
    fn more_hours_never_cost_less_on_demand(q in any_query(), extra in 1u32..200) {
        let s = scenario(&q);
        let mut more = s.clone();
        more.hours_per_month = (s.hours_per_month + f64::from(extra)).min(744.0);
        for r in recommend(catalog(), &s).recommendations.iter().filter(|r| r.job_hours.is_none()).take(5) {
            let a = option_cost(catalog(), &s, r, Buy::OnDemand);
            let b = option_cost(catalog(), &more, r, Buy::OnDemand);
            prop_assert!(b.monthly_usd >= a.monthly_usd);
        }
    }

    #[test]
    fn spot_expected_cost_rises_with_the_interruption_rate(a in 0u32..50, b in 0u32..50) {
        let (lo, hi) = (a.min(b), a.max(b));
        let q = "v=1&task=train&model=llama3.1-8b&tokens=50&inst=p5.48xlarge";
        let low = cost(&format!("{q}&irate={lo}"), Buy::Spot);
        let high = cost(&format!("{q}&irate={hi}"), Buy::Spot);
        if let (Some(l), Some(h)) = (low.job_usd, high.job_usd) {
            prop_assert!(h >= l);
        } else {
            prop_assert!(high.unavailable.is_some());
        }
    }
}

#[test]
fn buy_spot_charges_the_checkpoint_overhead_once() {
    // The headline follows `buy=spot` (its wall clock includes the overhead), but every option is still
    // priced from the On-Demand wall clock: the same figures with and without `&buy=spot`.
    let q = "v=1&task=train&model=llama3.1-8b&tokens=20&days=10&inst=p5.48xlarge";
    let plain = scenario(q);
    let spot = scenario(&format!("{q}&buy=spot"));
    let (rp, rs) = (first(&plain), first(&spot));
    let (op, os) = (
        option_costs(catalog(), &plain, &rp),
        option_costs(catalog(), &spot, &rs),
    );
    for (a, b) in op.iter().zip(&os) {
        assert_eq!(a.job_hours, b.job_hours, "{:?}", a.buy);
        assert_eq!(a.job_usd, b.job_usd, "{:?}", a.buy);
    }
    let s = &op[1];
    let f = s.spot.as_ref().map_or(0.0, |d| d.overhead_factor);
    // Spot's wall clock = the On-Demand one x the overhead factor, once; the headline shows exactly that.
    assert!((s.job_hours.unwrap_or(0.0) - rp.job_hours.unwrap_or(0.0) * f).abs() < 1e-9);
    assert_eq!(rs.job_hours, s.job_hours);
    assert_eq!(rs.base_job_hours, rp.job_hours);
    let (pp, ps) = (plan(catalog(), &plain, &rp), plan(catalog(), &spot, &rs));
    assert_eq!(pp.horizon_usd, ps.horizon_usd);
}
