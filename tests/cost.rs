//! The cost engine: hand-computed cases and properties over the whole catalog.

use gpuplan::engine::cost::HOURS_PER_YEAR;
use gpuplan::engine::plan;
use gpuplan::engine::{option_cost, option_costs, OptionCost};
use gpuplan::engine::{recommend, Recommendation};
use gpuplan::query;
use gpuplan::scenario::{Buy, Scenario};
use proptest::prelude::*;
use std::sync::OnceLock;

mod common;
use common::{catalog, scenario};

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
    assert!((o.per_accelerator_hour_usd - 21.957642 / 8.0).abs() < 1e-12);
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
fn published_savings_plan_rates_are_used_where_imported() {
    use gpuplan::engine::cost::SpRateBasis;
    // savings_plans_rates.csv (aws-samples pricing.json, 2026-09-01): p6-b300.48xlarge us-east-1 Compute SP
    // 1 year All Upfront $104.68/h, upfront $916,959.66 = 104.68 x 8760.
    let q = "v=1&task=hpc&fp64=1&inst=p6-b300.48xlarge&pay=all";
    let o = cost(q, Buy::ComputeSp1);
    assert!(!o.assumption);
    assert!((o.hourly_usd - 104.68).abs() < 1e-9, "{}", o.hourly_usd);
    assert!(
        (o.upfront_usd - 104.68 * HOURS_PER_YEAR).abs() < 1e-6,
        "{}",
        o.upfront_usd
    );
    assert!(matches!(
        o.sp_rate,
        Some(SpRateBasis::Published {
            payment_stated: true,
            ..
        })
    ));
    // p5en.48xlarge: EC2 Instance SP 1 year $40.43/h, 3 years $27.72/h; the source states no payment option.
    let q = "v=1&task=hpc&fp64=1&inst=p5en.48xlarge";
    let o1 = cost(q, Buy::InstanceSp1);
    let o3 = cost(q, Buy::InstanceSp3);
    assert!((o1.hourly_usd - 40.43).abs() < 1e-9 && (o3.hourly_usd - 27.72).abs() < 1e-9);
    assert!(matches!(
        o1.sp_rate,
        Some(SpRateBasis::Published {
            payment_stated: false,
            ..
        })
    ));
    // No p5en Compute SP rate was imported: derived, and labelled "not imported".
    let c = cost(q, Buy::ComputeSp1);
    assert!(c.assumption && c.sp_rate == Some(SpRateBasis::NotImported));
    // Not in another region (the rates are us-east-1's), nor when the user sets the discount.
    let o = cost(&format!("{q}&region=us-east-2"), Buy::InstanceSp1);
    assert_eq!(o.sp_rate, Some(SpRateBasis::NotImported));
    let o = cost(&format!("{q}&ispdisc=50"), Buy::InstanceSp1);
    assert!((o.hourly_usd - 63.296 * 0.5).abs() < 1e-9 && o.sp_rate == Some(SpRateBasis::Override));
}

#[test]
fn online_serving_is_never_put_on_spot() {
    assert!(cost("v=1&batch=1&ctx=2048&inst=g6.xlarge", Buy::Spot)
        .unavailable
        .is_some());
    let batch = cost("v=1&batch=1&ctx=2048&mode=batch&inst=g6.xlarge", Buy::Spot);
    assert!(batch.unavailable.is_none());
    // Observed us-east-1 median $0.3618/h (spot_prices_extra.csv, 5 zones), plus capacity replaced during restarts.
    assert!(batch.hourly_usd >= 0.3618 && batch.monthly_usd > 0.3618 * 730.0);
    // Where no Spot price was observed (g7: no source prices its Spot), Spot is priced only with a user-set discount.
    assert!(cost("v=1&mode=batch&inst=g7.2xlarge", Buy::Spot).unavailable.is_some());
    let set = cost("v=1&mode=batch&inst=g7.2xlarge&spotdisc=60", Buy::Spot);
    assert!((set.hourly_usd - 2.52 * 0.4).abs() < 1e-9 && set.assumption);
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

/// Reviewer: `task=finetune&tokens=0.05` went to 8× B200 (p6-b200.48xlarge, $113.9328/h On-Demand)
/// for 0.0692 h, $7.88: On-Demand and Spot counted no start-up (a Capacity Block did, `restart`).
/// Every option now adds that start-up (10 min by default: boot, image pull, weights) once per job:
/// 0.0692 + 0.1667 = 0.2358 h, $7.88 + 113.9328 / 6 = $7.88 + $18.99 = $26.87. Spot's interruption
/// overhead multiplies the run only. The cheapest (`prio=cost`) for a 14B QLoRA of 0.1B tokens in a
/// day is then g6e.xlarge (16.3 h, $30.30), not p6-b200 ($29.77 became 113.9328 × 0.4279 = $48.75).
#[test]
fn every_option_counts_a_jobs_start_up_once() {
    let s = scenario("v=1&task=finetune&tokens=0.05&inst=p6-b200.48xlarge");
    let r = first(&s);
    let base = gpuplan::engine::cost::base_job_hours(&r).unwrap_or(0.0);
    assert!((base - 0.0692).abs() < 0.0005, "{base}");
    let up = 10.0 / 60.0;
    let od = option_cost(catalog(), &s, &r, Buy::OnDemand);
    assert!((od.job_hours.unwrap_or(0.0) - (base + up)).abs() < 1e-9, "{od:?}");
    assert!(
        (od.job_usd.unwrap_or(0.0) - 113.9328 * (base + up)).abs() < 1e-6,
        "{od:?}"
    );
    assert!((od.job_usd.unwrap_or(0.0) - 26.87).abs() < 0.005, "{od:?}");
    assert!((r.job_usd.unwrap_or(0.0) - 26.87).abs() < 0.005, "{r:?}");
    let spot = option_cost(catalog(), &s, &r, Buy::Spot);
    let factor = spot.spot.as_ref().map_or(0.0, |d| d.overhead_factor);
    assert!(spot.unavailable.is_none() && factor >= 1.0, "{spot:?}");
    assert!(
        (spot.job_hours.unwrap_or(0.0) - (base * factor + up)).abs() < 1e-9,
        "{spot:?}"
    );
    let sp = option_cost(catalog(), &s, &r, Buy::InstanceSp1);
    assert!((sp.job_hours.unwrap_or(0.0) - (base + up)).abs() < 1e-9, "{sp:?}");
    // The formula line shows it.
    let lines = gpuplan::explain::formulas(
        &s,
        &recommend(catalog(), &s).arch,
        &r,
        gpuplan::scenario::Lang::En.into(),
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("job = ") && l.contains(" × 0.2 h (start-up) = $26.87")),
        "{lines:?}"
    );
    let zh = gpuplan::explain::formulas(
        &s,
        &recommend(catalog(), &s).arch,
        &r,
        gpuplan::scenario::Lang::Zh.into(),
    );
    assert!(zh.iter().any(|l| l.contains(" × 0.2 h（启动）")), "{zh:?}");
    // No start-up (`restart=0`): the old figure.
    let s0 = scenario("v=1&task=finetune&tokens=0.05&inst=p6-b200.48xlarge&restart=0");
    let od0 = option_cost(catalog(), &s0, &first(&s0), Buy::OnDemand);
    assert!((od0.job_usd.unwrap_or(0.0) - 7.88).abs() < 0.005, "{od0:?}");
    let q = scenario("v=1&task=finetune&method=qlora&model=qwen2.5-14b&tokens=0.1&days=1&prio=cost");
    assert_eq!(first(&q).instance, "g6e.xlarge");
}

/// Reviewer: `model=llama3.1-8b&batch=50&ctx=2500&out=500&growth=10&months=24` planned ⌈1.1^m⌉
/// instances (1, 2, 2, …, 9, 9: month 1 doubled the fleet for 10 % more users). A growing service now
/// scales its demand: on g7e.2xlarge (one 96 GB GPU) a replica holds 230 sequences of 2,500 tokens
/// beside the 8B weights, but past 189 each user reads below the readable 10 tokens/s (`readtps`; the
/// expert review of 2026-12-06 found a fleet packed to memory selling 8.45), so 50 × 1.1^m users need one
/// instance while 50 × 1.1^m ≤ 189, i.e. to month 13 (1.1^13 = 3.452, 172.6 users), two from month 14
/// (189.9) to month 21 (370.0) and three in months 22-23 (407.2, 447.7): 14 + 8 × 2 + 2 × 3 = 36
/// instance-months, not 101. With a per-sequence target of 20 tok/s fewer
/// sequences share a replica; every month still has at least what its users need.
#[test]
fn a_growing_service_scales_its_demand_not_its_instances() {
    let s = scenario("v=1&model=llama3.1-8b&batch=50&ctx=2500&out=500&growth=10&months=24&inst=g7e.2xlarge");
    let r = first(&s);
    let u = r.serving_unit.unwrap_or_else(|| panic!("{r:?}"));
    assert_eq!(
        (u.seqs_per_replica, u.replicas_per_instance, u.instances_per_replica),
        (189, 1, 1)
    );
    let p = plan(catalog(), &s, &r);
    let mut want = vec![1; 14];
    want.extend([2; 8]);
    want.extend([3; 2]);
    assert_eq!(p.fleet_by_month, want);
    for q in ["&seqtps=20", "&seqtps=20&tps=3000", "&prio=perf&seqtps=20"] {
        let s = scenario(&format!(
            "v=1&model=llama3.1-8b&batch=50&ctx=2500&out=500&growth=10&months=24{q}"
        ));
        let r = first(&s);
        let Some(u) = r.serving_unit else { panic!("{q}") };
        let p = plan(catalog(), &s, &r);
        assert_eq!(p.fleet_by_month.first(), Some(&r.n_instances), "{q}");
        let mut scale = 1.0;
        for n in &p.fleet_by_month {
            let at = |seqs| {
                gpuplan::engine::serving_estimate(catalog(), &s, &r.instance, u.tp, seqs)
                    .map_or(0.0, |e| e.tokens_per_s)
            };
            let need = u.instances(50.0 * scale, s.target_tps * scale, at);
            assert!(f64::from(*n) >= need, "{q}: {:?}", p.fleet_by_month);
            scale *= 1.1;
        }
        // 101 was the old plan's count for the users alone (a growing throughput target adds its own;
        // prio=perf serves one sequence a replica, its own choice, 50 instances in month 0).
        assert!(
            q != "&seqtps=20" || p.fleet_by_month.iter().sum::<u32>() < 101,
            "{q}: {:?}",
            p.fleet_by_month
        );
    }
    // A shrinking service never grows past its recommended count.
    let s = scenario("v=1&model=llama3.1-8b&batch=400&growth=-8&months=12");
    let r = first(&s);
    let p = plan(catalog(), &s, &r);
    assert!(
        p.fleet_by_month.iter().all(|n| *n <= r.n_instances && *n >= 1),
        "{:?}",
        p.fleet_by_month
    );
}

/// A unit's instances, by hand: 62 sequences a replica, 2 replicas an instance. 448 users need
/// ⌈448/62⌉ = 8 replicas = 4 instances; a throughput target packs every replica to its 62 sequences:
/// 20,000 tok/s at (say) 1,248 tok/s a packed replica need ⌈16.03⌉ = 17 replicas = 9 instances, for 448
/// users or for 8 (the target, not the 8 users, sets the load: never a replica at 8 sequences, issue 23).
/// A replica over 2 instances (pipeline stages) needs 2 each.
#[test]
fn a_serving_unit_counts_instances_as_the_planner_does() {
    let u = gpuplan::engine::outcome::ServingUnit {
        tp: 4,
        seqs_per_replica: 62,
        replicas_per_instance: 2,
        instances_per_replica: 1,
        load: Default::default(),
    };
    let at = |seqs: u32| match seqs {
        62 => 1_248.0,
        _ => panic!("{seqs}"),
    };
    assert_eq!(u.instances(448.0, 0.0, at), 4.0);
    assert_eq!(u.instances(448.0, 20_000.0, at), 9.0);
    assert_eq!(u.instances(8.0, 20_000.0, at), 9.0);
    assert_eq!(u.instances(62.0, 0.0, at), 1.0);
    assert_eq!(u.instances(0.0, 0.0, at), 1.0);
    let staged = gpuplan::engine::outcome::ServingUnit {
        replicas_per_instance: 1,
        instances_per_replica: 2,
        ..u
    };
    assert_eq!(staged.instances(63.0, 0.0, at), 4.0);
}

/// A render farm (its instance count compounds; a service's follows its demand, below) growing 10 % a
/// month for 24 months from one g6e.xlarge: 1, 2×7, 3×4, 4×3, 5×2, 6×2, 7×2, 8,
/// 9×2 (101 instance-months). Instance-layer k runs from the month the fleet first reaches k to the
/// end: 24, 23, 16, 12, 9, 7, 5, 3 and 2 months. A 1-year EC2 Instance Savings Plan ($10,270.49 a
/// term) costs 7.56 On-Demand months ($1,358.53 each), so a layer takes a term for every 12-month
/// stretch it runs more than 7.56 months of: 2 + 2 + 1 (+ 4 months On-Demand) + 1 + 1 terms, and the
/// layers of 7, 5, 3 and 2 months run On-Demand: 7 terms and 4 + 7 + 5 + 3 + 2 = 21 flexible months.
#[test]
fn growing_fleet_commits_each_layer_it_keeps_using() {
    let s = scenario("v=1&task=graphics&mode=online&inst=g6e.xlarge&growth=10&months=24");
    let r = first(&s);
    let p = plan(catalog(), &s, &r);
    assert_eq!(p.fleet_by_month.iter().map(|n| u64::from(*n)).sum::<u64>(), 101);
    assert_eq!(p.fleet_by_month.first(), Some(&1));
    assert_eq!(p.fleet_by_month.last(), Some(&9));
    let od_month = catalog().on_demand("g6e.xlarge", "us-east-1").map_or(0.0, |p| p.usd_hr) * 730.0;
    let term = option_cost(catalog(), &s, &r, Buy::InstanceSp1).hourly_usd * HOURS_PER_YEAR;
    assert!((term - 10_270.49).abs() < 0.01 && (od_month - 1_358.53).abs() < 0.01);
    let committed: f64 = p
        .items
        .iter()
        .filter(|i| i.buy.term_years().is_some())
        .map(|i| i.horizon_usd)
        .sum();
    assert!((committed - 7.0 * term).abs() < 1e-6, "{:?}", p.items);
    let growth: Vec<_> = p
        .items
        .iter()
        .filter(|i| i.segment == gpuplan::engine::outcome::Segment::Growth)
        .collect();
    assert_eq!(growth.len(), 1);
    assert_eq!(growth[0].buy, Buy::OnDemand);
    assert!((growth[0].horizon_usd - 21.0 * od_month).abs() < 1e-6, "{growth:?}");
    assert!((p.horizon_usd - 100_422.56).abs() < 0.05);
    assert!((p.all_on_demand_horizon_usd.unwrap_or(0.0) - 101.0 * od_month).abs() < 1e-6);
    // No growth: one line, the whole baseline on one option renewed.
    let steady = scenario("v=1&inst=g6e.xlarge&months=24");
    let q = plan(catalog(), &steady, &first(&steady));
    assert!(
        q.fleet_by_month.is_empty() && q.items.len() == 1 && q.items[0].instances == 1,
        "{:?}",
        q.items
    );
    assert_eq!((q.items[0].from_month, q.items[0].months), (0, 24));
}

/// 48 months of one always-on g6e.xlarge: a 3-year ($21,127.81) and a 1-year ($10,270.49) EC2 Instance
/// Savings Plan back to back, $31,398.29, not four 1-year plans ($41,081.95) nor 3-year twice.
/// 18 months: a 1-year plan and 6 months On-Demand (6 × $1,358.53), $18,421.67.
#[test]
fn commitments_combine_over_the_horizon() {
    let s = scenario("v=1&inst=g6e.xlarge&months=48");
    let r = first(&s);
    let p = plan(catalog(), &s, &r);
    let buys = gpuplan::order::sorted(p.items.iter().map(|i| (i.buy, i.months)).collect(), &|a, b| {
        a.1.cmp(&b.1)
    });
    assert_eq!(buys, [(Buy::InstanceSp1, 12), (Buy::InstanceSp3, 36)]);
    assert!((p.horizon_usd - 31_398.29).abs() < 0.01, "{}", p.horizon_usd);
    let four_one_year = p.items[0]
        .considered
        .iter()
        .find(|c| c.0 == Buy::InstanceSp1)
        .map_or(0.0, |c| c.1);
    assert!((four_one_year - 41_081.95).abs() < 0.01, "{four_one_year}");
    let s = scenario("v=1&inst=g6e.xlarge&months=18");
    let p = plan(catalog(), &s, &first(&s));
    let lines: Vec<_> = p.items.iter().map(|i| (i.buy, i.from_month, i.months)).collect();
    assert_eq!(lines, [(Buy::InstanceSp1, 0, 12), (Buy::OnDemand, 12, 6)]);
    assert!((p.horizon_usd - 18_421.67).abs() < 0.01);
}

/// Two burst instances 600 h a month: 600/730 = 82 % is above the 1-year plan's break-even (63 %), so
/// they are committed ($10,270.49 each) rather than On-Demand (2 × 600 × $1.861 × 12 = $26,798.40);
/// at the default 176 h (24 %) they stay On-Demand ($7,860.86).
#[test]
fn bursts_are_committed_above_break_even() {
    let s = scenario("v=1&inst=g6e.xlarge&burst=2&bursth=600");
    let p = plan(catalog(), &s, &first(&s));
    let burst = p
        .items
        .iter()
        .find(|i| i.segment == gpuplan::engine::outcome::Segment::Burst);
    assert_eq!(burst.map(|b| (b.buy, b.instances)), Some((Buy::InstanceSp1, 2)));
    assert!(burst.is_some_and(|b| (b.horizon_usd - 20_540.98).abs() < 0.02));
    let s = scenario("v=1&inst=g6e.xlarge&burst=2");
    let p = plan(catalog(), &s, &first(&s));
    let burst = p
        .items
        .iter()
        .find(|i| i.segment == gpuplan::engine::outcome::Segment::Burst);
    assert!(
        burst.is_some_and(|b| b.buy == Buy::OnDemand && (b.horizon_usd - 7_860.86).abs() < 0.01),
        "{burst:?}"
    );
}

#[test]
fn headline_figures_follow_the_chosen_option() {
    let s = scenario(&format!("{P4D_HPC}&buy=ri3&pay=all"));
    let r = first(&s);
    assert!((r.hourly_usd.unwrap_or(0.0) - 8.159056).abs() < 1e-6);
}

/// The headline is exactly the chosen option's figure for the whole scenario, bursts included
/// (On-Demand left the bursts out before): g6.xlarge On-Demand $0.8048/h in us-east-1 (catalog),
/// 730 baseline instance-hours + 2 × 100 burst instance-hours = 930 → $748.464 a month.
#[test]
fn the_headline_monthly_is_the_chosen_options_whole_figure() {
    let q = "v=1&params=3&inst=g6.xlarge&burst=2&bursth=100";
    let od = first(&scenario(q));
    assert!(
        (od.monthly_usd.unwrap_or(0.0) - 0.8048 * 930.0).abs() < 1e-6,
        "{:?}",
        od.monthly_usd
    );
    for buy in Buy::ALL {
        let s = scenario(&format!("{q}&buy={}", query::buy_key(buy)));
        let r = first(&s);
        let o = option_cost(catalog(), &s, &r, buy);
        let shown = if o.unavailable.is_none() {
            o
        } else {
            option_cost(catalog(), &s, &r, Buy::OnDemand)
        };
        assert_eq!(
            (r.monthly_usd, r.hourly_usd),
            (Some(shown.monthly_usd), Some(shown.hourly_usd)),
            "{buy:?}"
        );
    }
}

#[test]
fn baseline_plus_burst_commits_the_baseline() {
    let s = scenario("v=1&inst=g6e.xlarge&burst=3&bursth=100&months=12");
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
            if let Some(od) = p.all_on_demand_horizon_usd {
                prop_assert!(p.horizon_usd <= od * (1.0 + 1e-9), "{q} {}: {} > {od}", r.instance, p.horizon_usd);
            }
        }
    }

    /// Every option's monthly and job figures are exactly the sum of the terms the formula line prints.
    #[test]
    fn cost_terms_add_up_to_the_figures(q in any_query(), buy in 0usize..9) {
        let s = scenario(&q);
        for r in recommend(catalog(), &s).recommendations.iter().take(3) {
            let o = option_cost(catalog(), &s, r, Buy::ALL[buy]);
            if o.unavailable.is_some() { continue; }
            let sum = |t: &[gpuplan::engine::outcome::CostTerm]| t.iter().map(|t| t.usd()).sum::<f64>();
            prop_assert!((sum(&o.monthly_terms) - o.monthly_usd).abs() <= 1e-9 * o.monthly_usd.max(1.0), "{q} {:?}", o.buy);
            let job = o.job_usd.unwrap_or(0.0);
            prop_assert!((sum(&o.job_terms) - job).abs() <= 1e-9 * job.max(1.0), "{q} {:?}", o.buy);
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
    // Spot's wall clock = the run x the overhead factor, once, plus the start-up every option counts
    // once; the headline shows exactly that.
    let up = plain.purchase.restart_min / 60.0;
    assert!((s.job_hours.unwrap_or(0.0) - (rp.base_job_hours.unwrap_or(0.0) * f + up)).abs() < 1e-9);
    assert!((rp.job_hours.unwrap_or(0.0) - (rp.base_job_hours.unwrap_or(0.0) + up)).abs() < 1e-9);
    assert_eq!(rs.job_hours, s.job_hours);
    assert_eq!(rs.base_job_hours, rp.base_job_hours);
    let (pp, ps) = (plan(catalog(), &plain, &rp), plan(catalog(), &spot, &rs));
    assert_eq!(pp.horizon_usd, ps.horizon_usd);
}

/// Service recommendations to plan for, computed once: the growth oracle varies only what a plan
/// depends on beyond the recommendation (growth, horizon, usage, bursts, payment, discount).
fn service_recs() -> &'static [(String, Recommendation)] {
    static R: OnceLock<Vec<(String, Recommendation)>> = OnceLock::new();
    R.get_or_init(|| {
        let bases = [
            "v=1&params=3&inst=g6.xlarge",
            "v=1&model=llama3.1-8b",
            "v=1&model=llama3.1-70b&inst=p5.48xlarge",
            "v=1&inst=g6e.xlarge,g5.xlarge",
            "v=1&task=graphics&seats=6",
            "v=1&task=hpc&fp64=50&inst=p4d.24xlarge",
        ];
        let mut out = Vec::new();
        for q in bases {
            let recs = recommend(catalog(), &scenario(q)).recommendations;
            out.extend(recs.into_iter().filter(|r| r.fits).take(2).map(|r| (q.to_string(), r)));
        }
        out
    })
}

/// A growing fleet's plan is the cheapest of every option at every commitment level from 0 to the
/// peak (not only the levels the fleet passes through, which the engine tries).
fn growth_plan_is_the_least_over_every_level(q: &str, s: &Scenario, r: &Recommendation) -> Result<(), TestCaseError> {
    let p = plan(catalog(), s, r);
    if p.fleet_by_month.is_empty() {
        return Ok(());
    }
    let mut steady = s.clone();
    steady.purchase.burst_instances = 0;
    // Per instance of the fleet at its peak: instances that run together (HPC) are judged on Spot as
    // that fleet (its cap, its interruption rate), as the option table would judge it.
    let peak = p.fleet_by_month.iter().copied().max().unwrap_or(0);
    let fleet = Recommendation {
        n_instances: peak.max(1),
        ..r.clone()
    };
    let per = f64::from(peak.max(1));
    let costs: Vec<_> = Buy::ALL
        .iter()
        .map(|b| option_cost(catalog(), &steady, &fleet, *b))
        .filter(|o| o.unavailable.is_none())
        .map(|o| (o.buy, o.monthly_usd / per, o.horizon_usd / per))
        .collect();
    let flexible = costs.iter().filter(|o| matches!(o.0, Buy::OnDemand | Buy::Spot));
    let Some(flex) = flexible.map(|o| o.1).reduce(f64::min) else {
        return Ok(());
    };
    let bursts: f64 = p
        .items
        .iter()
        .filter(|i| i.segment == gpuplan::engine::outcome::Segment::Burst)
        .map(|i| i.horizon_usd)
        .sum();
    for o in costs
        .iter()
        .filter(|o| !matches!(o.0, Buy::OnDemand | Buy::Spot | Buy::CapacityBlock))
    {
        for k in 0..=peak {
            let rest: f64 = p.fleet_by_month.iter().map(|n| f64::from(n.saturating_sub(k))).sum();
            let total = f64::from(k) * o.2 + rest * flex + bursts;
            prop_assert!(
                p.horizon_usd <= total * (1.0 + 1e-9) + 1e-6,
                "{q} {} {:?} k={k}: {} > {total}",
                r.instance,
                o.0,
                p.horizon_usd
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

    /// The growth oracle over thousands of plans (the recommendations are computed once).
    #[test]
    fn growth_plans_are_the_least_over_every_level(
        pick in 0usize..64,
        growth in prop::sample::select(vec![-50, -8, -1, 1, 3, 10, 25, 50, 100]),
        months in 1u32..=36,
        hours in 1u32..=730,
        burst in 0u32..=3,
        pay in prop::sample::select(vec!["no", "partial", "all"]),
        disc in prop::sample::select(vec![0, 15]),
    ) {
        let recs = service_recs();
        let (base, r) = &recs[pick % recs.len()];
        // Fast growth over a long horizon reaches the 100,000-instance cap: keep the oracle's levels countable.
        let months = if growth >= 50 { months.min(12) } else { months };
        let q = format!("{base}&growth={growth}&months={months}&hours={hours}&burst={burst}&pay={pay}&disc={disc}");
        growth_plan_is_the_least_over_every_level(&q, &scenario(&q), r)?;
    }
}

/// The brute-force oracle for a plan's cover: every number (0 to the peak) of every term started in
/// every month, the rest flexible.
fn brute_cover(fleet: &[u32], terms: &[gpuplan::engine::plan::Term], flex: f64) -> f64 {
    let m = fleet.len();
    let peak = fleet.iter().copied().max().unwrap_or(0);
    let slots = m * terms.len();
    let mut counts = vec![0u32; slots];
    let mut best = f64::INFINITY;
    loop {
        let mut covered = vec![0u32; m];
        let mut cost = 0.0;
        for (idx, c) in counts.iter().enumerate() {
            let (start, t) = (idx / terms.len(), &terms[idx % terms.len()]);
            cost += f64::from(*c) * t.usd;
            for x in covered.iter_mut().take((start + t.months as usize).min(m)).skip(start) {
                *x += c;
            }
        }
        cost += fleet
            .iter()
            .zip(&covered)
            .map(|(n, c)| f64::from(n.saturating_sub(*c)) * flex)
            .sum::<f64>();
        best = best.min(cost);
        // Next combination (an odometer in base peak + 1).
        let mut i = 0;
        while i < slots && counts[i] == peak {
            counts[i] = 0;
            i += 1;
        }
        if i == slots {
            return best;
        }
        counts[i] += 1;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// The plan's cover (one instance-layer at a time, dynamic programming over the months) is the least
    /// of every combination of commitments for the fleets a plan has: steady, growing or shrinking.
    #[test]
    fn cover_equals_the_brute_force_least(
        fleet in prop::collection::vec(0u32..=2, 1..=5).prop_flat_map(|mut v| {
            v = gpuplan::order::sorted(v, &|a, b| a.cmp(b));
            (Just(v), any::<bool>())
        }).prop_map(|(mut v, shrink)| { if shrink { v.reverse(); } v }),
        terms in prop::collection::vec((1u32..=4, 50u32..=500), 1..=2),
    ) {
        use gpuplan::engine::plan::{cover_fleet, Term};
        let terms: Vec<Term> = terms.iter().map(|(months, usd)| Term {
            buy: Buy::Ri1, months: *months, usd: f64::from(*usd) / 100.0, upfront_usd: 0.0,
        }).collect();
        let fast = cover_fleet(&fleet, &terms, Some(1.0)).map_or(f64::NAN, |c| c.0);
        let slow = brute_cover(&fleet, &terms, 1.0);
        prop_assert!((fast - slow).abs() < 1e-9, "{fleet:?} {terms:?}: {fast} vs {slow}");
    }
}

#[test]
fn a_window_sizes_the_fleet_and_the_plan_is_never_empty() {
    // 30 days wanted, but a 5-day window: sized for 5 × 24 − 0.5 (a block's early stop) − 10/60 (start-up)
    // = 119.33 h, so instances = ⌈GPU-hours / (8 × 119.33)⌉ and the job ends inside the window.
    let q = "v=1&task=train&model=llama3.1-70b&tokens=100&ctx=4096&batch=1&days=30&window=5&buy=cb&inst=p5.48xlarge";
    let s = scenario(q);
    let o = recommend(catalog(), &s);
    let r = &o.recommendations[0];
    let gpu_h = r.gpu_hours.unwrap_or(0.0);
    assert_eq!(
        f64::from(r.n_instances),
        (gpu_h / (8.0 * (120.0 - 0.5 - 10.0 / 60.0))).ceil()
    );
    assert!(r.base_job_hours.unwrap_or(f64::MAX) <= 119.34);
    assert!(o
        .notices
        .iter()
        .any(|w| matches!(w, gpuplan::engine::Why::SizedForWindow { window_days: 5 })));
    let p = plan(catalog(), &s, r);
    assert_eq!(p.items.len(), 1);
    assert!(p.horizon_usd > 0.0);
    assert!(!p
        .notices
        .iter()
        .any(|w| matches!(w, gpuplan::engine::Why::WindowMissed { .. })));
    // No multi-node: one instance cannot make it. The plan is still the cheapest option, with a notice
    // naming the shortest time any option takes (On-Demand: the job's own wall clock).
    // Llama 3.1 8B, 100 B tokens: 479 h on one p5.48xlarge.
    let s = scenario(
        "v=1&task=train&model=llama3.1-8b&tokens=100&ctx=4096&batch=1&days=30&window=5&multinode=0&inst=p5.48xlarge",
    );
    let o = recommend(catalog(), &s);
    let fitting = o.recommendations.iter().find(|r| r.fits);
    assert!(fitting.is_some_and(|r| r.n_instances == 1 && r.job_hours.unwrap_or(0.0) > 120.0));
    if let Some(r) = fitting {
        let p = plan(catalog(), &s, r);
        assert_eq!(p.items.len(), 1, "{p:?}");
        // The run plus its start-up (`restart`, counted once on every option).
        let shortest = (r.base_job_hours.unwrap_or(0.0) + s.purchase.restart_min / 60.0) / 24.0;
        assert!(
            p.notices.iter().any(|w| matches!(w, gpuplan::engine::Why::WindowMissed { window_days: 5, shortest_days, .. } if (shortest_days - shortest).abs() < 1e-9)),
            "{:?}",
            p.notices
        );
        assert!(p.savings_vs_od_usd.is_some_and(|s| s >= -1e-9));
    }
}

#[test]
fn a_window_job_goes_on_spot_only_when_allowed() {
    // One p5.48xlarge for a small job: Spot is the cheapest option, but a fixed window keeps to capacity
    // that cannot be taken back unless the user allows Spot (`spotwin`).
    let q = "v=1&task=train&model=llama3.1-8b&tokens=1&inst=p5.48xlarge&window=5";
    let s = scenario(q);
    let r = first(&s);
    assert!(option_cost(catalog(), &s, &r, Buy::Spot).unavailable.is_none());
    assert_ne!(plan(catalog(), &s, &r).items[0].buy, Buy::Spot);
    let mut allowed = s.clone();
    allowed.purchase.spot_in_window = true;
    assert_eq!(plan(catalog(), &allowed, &r).items[0].buy, Buy::Spot);
}

#[test]
fn capacity_blocks_follow_the_rules() {
    use gpuplan::engine::cost::{cb_booking, cb_rate};
    let rules = (14, 7, 182);
    let margin = 0.5 + 10.0 / 60.0;
    // A 23.97 h job + start-up + the 30-minute stop does not fit a 1-day block.
    assert_eq!(cb_booking(|_| Some(23.97), 1, margin, 0.0, rules, 1), Ok((1, 2, 23.97)));
    // Scaling linearly: 112 instances for 720 h would need 35 days (3,920 instance-days); 121 run 666.4 h,
    // which with the margins fits 28 days (3,388). Up to 256 instances: 241 run 334.6 h in a 14-day block
    // (3,374), only 0.4 % less than 121 × 28: within the 2 % tolerance the smaller fleet is booked.
    let linear = |n: u32| Some(720.0 * 112.0 / f64::from(n));
    let (n, d, _) = cb_booking(linear, 112, margin, 0.0, rules, 130).unwrap_or((0, 0, 0.0));
    assert_eq!((n, d), (121, 28));
    let (n, d, _) = cb_booking(linear, 112, margin, 0.0, rules, 256).unwrap_or((0, 0, 0.0));
    assert_eq!((n, d), (121, 28));
    // A fleet that stops getting faster (communication-bound past 130 instances) is not enlarged past it.
    let capped = |n: u32| Some(720.0 * 112.0 / f64::from(n.min(130)));
    let (n, d, _) = cb_booking(capped, 112, margin, 0.0, rules, 256).unwrap_or((0, 0, 0.0));
    assert_eq!((n, d), (121, 28));
    // A 15-day window: only a run that ends inside it counts, however much cheaper a longer block is.
    let (n, d, h) = cb_booking(linear, 112, margin, 15.0 * 24.0, rules, 256).unwrap_or((0, 0, 0.0));
    assert!(
        h + margin <= 15.0 * 24.0 && d == 14 && n == 241,
        "{n} × {d} days, {h} h"
    );
    // The newest rate for the region group wins: 2026 ($41.528, US regions) over 2024 ($39.33, us-east-1).
    let c = catalog();
    let (rate, derived) = cb_rate(c, "p5.48xlarge", "us-east-1").map_or((0.0, true), |(r, d)| (r.usd_hr, d));
    assert_eq!((rate, derived), (41.528, false));
    // Stated for US regions, applied in Tokyo: derived, and the option says so.
    assert!(cb_rate(c, "p5.48xlarge", "ap-northeast-1").is_some_and(|(_, d)| d));
    let o = cost(
        "v=1&task=train&model=llama3.1-8b&tokens=10&inst=p5.48xlarge&region=ap-northeast-1",
        Buy::CapacityBlock,
    );
    assert!(o.assumption && o.cb.is_some_and(|c| c.rate_derived));
    // More than 256 instances: no block.
    let s = scenario("v=1&task=train&model=llama3.1-8b&tokens=10&inst=p5.48xlarge");
    let big = Recommendation {
        n_instances: 300,
        ..first(&s)
    };
    assert!(matches!(
        option_cost(c, &s, &big, Buy::CapacityBlock).unavailable,
        Some(gpuplan::engine::outcome::NotOffered::CbTooMany {
            instances: 300,
            max: 256
        })
    ));
}

#[test]
fn a_one_month_launch_can_run_on_a_capacity_block() {
    // Serving for one month: 730 h + the margins = 30.4 days → a 35-day block at $41.528/h:
    // 41.528 × 35 × 24 = $34,883.52, below On-Demand (730 × $55.04 = $40,179.20).
    let s = scenario("v=1&model=llama3.1-70b&months=1&inst=p5.48xlarge");
    let r = first(&s);
    let o = option_cost(catalog(), &s, &r, Buy::CapacityBlock);
    assert_eq!(o.cb.as_ref().map(|c| (c.days, c.instances)), Some((35, r.n_instances)));
    let p = plan(catalog(), &s, &r);
    assert_eq!(p.items[0].buy, Buy::CapacityBlock);
    assert!((p.horizon_usd - 34_883.52 * f64::from(r.n_instances)).abs() < 0.01);
    // A year of serving is no event: no block (the default keeps its old meaning).
    let s = scenario("v=1&model=llama3.1-70b&inst=p5.48xlarge");
    assert!(option_cost(catalog(), &s, &first(&s), Buy::CapacityBlock)
        .unavailable
        .is_some());
}

#[test]
fn spot_respects_capacity_interactivity_and_checkpoints() {
    use gpuplan::engine::outcome::{NotOffered, SpotSupply};
    // 49 × p6-b200 together on Spot: the type shows Spot in 1 zone (scarce): one instance at most.
    let s =
        scenario("v=1&task=train&model=llama3.1-70b&tokens=2000&ctx=4096&batch=1&days=30&cuda=1&inst=p6-b200.48xlarge");
    let r = first(&s);
    assert!(r.n_instances > 1);
    assert_eq!(
        option_cost(catalog(), &s, &r, Buy::Spot).unavailable,
        Some(NotOffered::SpotTooLarge {
            instances: r.n_instances,
            max: 1,
            scarce: true
        })
    );
    assert_ne!(plan(catalog(), &s, &r).items[0].buy, Buy::Spot);
    // Interactive desktops never on Spot; a render farm may be.
    let vdi = cost(
        "v=1&task=graphics&seats=10&gmem=8&vcpu=4&ram=16&inst=g6.xlarge",
        Buy::Spot,
    );
    assert_eq!(vdi.unavailable, Some(NotOffered::InteractiveDesktops));
    let farm = cost(
        "v=1&task=graphics&mode=batch&seats=10&gmem=8&vcpu=4&ram=16&inst=g6.xlarge",
        Buy::Spot,
    );
    assert!(farm.unavailable.is_none());
    // g6.xlarge: Spot in 4 zones, none at On-Demand: ample.
    assert_eq!(farm.spot.map(|d| d.supply), Some(SpotSupply::Ample));
    // HPC pays checkpoint writes: at least 1 + C/τ = 1 + 2/30.
    let hpc = cost("v=1&task=hpc&fp64=30&inst=p5.48xlarge", Buy::Spot);
    assert!(
        hpc.spot.as_ref().is_some_and(|d| d.overhead_factor >= 1.0 + 2.0 / 30.0),
        "{hpc:?}"
    );
    // Getting capacity back counts: the default 60 min on top of the restart costs more than none.
    let q = "v=1&task=train&model=llama3.1-8b&tokens=10&inst=p5.48xlarge";
    let s = scenario(q);
    let r = first(&s);
    let mut none = s.clone();
    none.purchase.reacquire_min = 0.0;
    let f = |s: &Scenario| {
        option_cost(catalog(), s, &r, Buy::Spot)
            .spot
            .map_or(0.0, |d| d.overhead_factor)
    };
    assert!(f(&s) > f(&none) && f(&none) > 1.0);
}

#[test]
fn a_plan_says_what_a_buyer_must_know() {
    use gpuplan::engine::outcome::QuotaFamily;
    use gpuplan::engine::Why;
    // 112 × p5.48xlarge (192 vCPUs each) serving for a year: 21,504 vCPUs of "Running On-Demand P
    // instances"; the 1-year plan it buys reserves no capacity.
    let s = scenario("v=1&model=llama3.1-70b&inst=p5.48xlarge");
    let r = Recommendation {
        n_instances: 112,
        ..first(&s)
    };
    let p = plan(catalog(), &s, &r);
    assert!(
        p.notices.iter().any(|w| matches!(
            w,
            Why::VcpuQuota {
                family: QuotaFamily::P,
                spot: false,
                instances: 112,
                vcpus: 21_504
            }
        )),
        "{:?}",
        p.notices
    );
    assert!(p.notices.iter().any(|w| matches!(w, Why::CapacityNotReserved { .. })));
    assert!(p
        .notices
        .iter()
        .any(|w| matches!(w, Why::ComputeSpShallow { own_ri: true, .. })));
    assert!(p
        .notices
        .iter()
        .any(|w| matches!(w, Why::RateDates { rates } if !rates.is_empty())));
    // 18 months: a 1-year plan then On-Demand: one instance at a time, not two.
    let s = scenario("v=1&inst=g6e.xlarge&months=18");
    let p = plan(catalog(), &s, &first(&s));
    assert!(
        p.notices.iter().any(|w| matches!(
            w,
            Why::VcpuQuota {
                family: QuotaFamily::GAndVt,
                spot: false,
                instances: 1,
                vcpus: 4
            }
        )),
        "{:?}",
        p.notices
    );
    // A Capacity Block reserves; a Spot job counts against the Spot quota and says what the catalog shows.
    let s = scenario("v=1&task=train&model=llama3.1-70b&tokens=500&ctx=4096&batch=1&days=20&inst=p5.48xlarge&buy=cb");
    let p = plan(catalog(), &s, &first(&s));
    if p.items[0].buy == Buy::CapacityBlock {
        assert!(p.notices.iter().any(|w| matches!(w, Why::CapacityReserved { .. })));
    }
    let s = scenario("v=1&task=train&model=llama3.1-8b&tokens=1&inst=p5.48xlarge");
    let p = plan(catalog(), &s, &first(&s));
    assert_eq!(p.items[0].buy, Buy::Spot);
    assert!(p.notices.iter().any(|w| matches!(
        w,
        Why::VcpuQuota {
            spot: true,
            vcpus: 192,
            ..
        }
    )));
    assert!(p.notices.iter().any(|w| matches!(
        w,
        Why::SpotAtScale {
            instances: 1,
            zones: 4,
            zones_at_on_demand: 2,
            ..
        }
    )));
    for lang in [gpuplan::scenario::Lang::En, gpuplan::scenario::Lang::Zh] {
        for w in &p.notices {
            assert!(!gpuplan::explain::why(w, lang).is_empty());
        }
    }
}

/// The formula line prints the terms the engine adds up, not hourly × hours.
fn cost_line(q: &str) -> String {
    let s = scenario(q);
    let r = first(&s);
    let arch = s.model_arch();
    let lines = gpuplan::explain::formulas(&s, &arch, &r, gpuplan::scenario::Lang::En.into());
    let line = lines
        .into_iter()
        .find(|l| l.starts_with("monthly =") || l.starts_with("job ="));
    line.unwrap_or_default()
}

#[test]
fn the_cost_formula_prints_the_engines_terms() {
    // g6.xlarge On-Demand $0.8048/h (us-east-1): 1 × 730 h = $587.504, bursts 2 × 100 h = $160.96,
    // together $748.464 a month: the option row's figure, not hourly × hours ($587.50).
    assert_eq!(
        cost_line("v=1&params=3&inst=g6.xlarge&burst=2&bursth=100"),
        "monthly = $0.8048/h × 1 × 730 h + $0.8048/h × 2 × 100 h (bursts) = $748.46"
    );
    // A commitment is paid for all 730 hours whatever the usage (hours=200), bursts On-Demand beside it.
    let q = "v=1&params=3&inst=g6.xlarge&burst=2&bursth=100&buy=csp1&hours=200";
    let r = first(&scenario(q));
    let eff = r.hourly_usd.unwrap_or(0.0);
    let monthly = eff * 730.0 + 0.8048 * 200.0;
    assert!((r.monthly_usd.unwrap_or(0.0) - monthly).abs() < 1e-9);
    assert_eq!(
        cost_line(q),
        format!(
            "monthly = {}/h × 1 × 730 h (committed: every hour) + $0.8048/h × 2 × 100 h (bursts) = {}",
            gpuplan::format::usd(eff),
            gpuplan::format::usd(monthly)
        )
    );
    // Spot: the job's On-Demand wall clock × the checkpoint overhead, at the Spot rate.
    let q = "v=1&task=train&model=llama3.1-8b&tokens=10&inst=p5.48xlarge&buy=spot";
    let r = first(&scenario(q));
    // Less the start-up, a term of its own, once and without the factor.
    let f = (r.job_hours.unwrap_or(0.0) - 10.0 / 60.0) / r.base_job_hours.unwrap_or(1.0);
    assert!(f > 1.0, "{f}");
    let line = cost_line(q);
    assert!(
        line.contains(&format!("× {} (Spot interruptions)", gpuplan::format::number(f, 4))),
        "{line}"
    );
    assert!(
        line.ends_with(&gpuplan::format::usd(r.job_usd.unwrap_or(0.0))),
        "{line}"
    );
}

#[test]
fn a_capacity_block_fleet_larger_than_recommended_is_re_planned_and_stated() {
    // 70B for 2T tokens in 20 days on p5en: the recommended fleet runs ~20 days, which would take a
    // 21-day block; a larger fleet fits 14 days for fewer instance-days. Its run time is the training
    // planner's at that fleet (communication grows with it), not the recommended fleet's scaled linearly.
    use gpuplan::engine::cost::CB_END_STOP_H;
    use gpuplan::engine::{parallel, training, Why};
    let s =
        scenario("v=1&task=train&model=llama3.1-70b&tokens=2000&ctx=4096&batch=1&days=20&inst=p5en.48xlarge&buy=cb");
    let r = first(&s);
    let o = option_cost(catalog(), &s, &r, Buy::CapacityBlock);
    let c = o.cb.clone().unwrap_or_else(|| panic!("no block: {o:?}"));
    // The card is the booked fleet's; the sizing's own fleet is smaller.
    assert_eq!(r.n_instances, c.instances);
    assert!(
        c.instances > r.sized_instances && c.instances <= 256,
        "{c:?} vs {}",
        r.sized_instances
    );
    let inst = catalog().instance("p5en.48xlarge").unwrap_or_else(|| panic!("no p5en"));
    let acc = catalog()
        .accelerator(&inst.accelerator)
        .unwrap_or_else(|| panic!("no H200"));
    let a = &s.assumptions;
    let peak = training::training_peak_tflops(acc, s.precision, a).unwrap_or(0.0);
    let hw = training::hardware(inst, acc, catalog().link(&inst.id), peak, a);
    let job = training::job(&s, &s.model_arch(), a);
    let best = parallel::best_plan(&job, &hw, a, c.instances).unwrap_or_else(|| panic!("no plan"));
    let hours = 2e12 * best.seconds_per_token() / 3600.0;
    let run = o.job_hours.unwrap_or(0.0) - s.purchase.restart_min / 60.0;
    assert!((run / hours - 1.0).abs() < 1e-9, "{run} vs {hours}");
    assert!(run + CB_END_STOP_H + s.purchase.restart_min / 60.0 <= f64::from(c.days) * 24.0);
    // The plan states fleet × length, the blocks, how far ahead dates are booked, and why it is larger.
    let p = plan(catalog(), &s, &r);
    let n = p
        .notices
        .iter()
        .find(|w| matches!(w, Why::CapacityReserved { .. }))
        .unwrap_or_else(|| panic!("{:?}", p.notices));
    let en = gpuplan::explain::why(n, gpuplan::scenario::Lang::En);
    let want = format!("{} instances × {} days", c.instances, c.days);
    assert!(
        en.contains(&want) && en.contains("8 weeks ahead") && en.contains("re-estimated"),
        "{en}"
    );
    let zh = gpuplan::explain::why(n, gpuplan::scenario::Lang::Zh);
    assert!(
        zh.contains(&format!("{} 台实例 × {} 天", c.instances, c.days)) && zh.contains("8 周"),
        "{zh}"
    );
}

/// $ per million tokens has one meaning for every option: what a month costs over what a month serves.
/// A commitment is paid for 730 hours whatever the fleet runs, so at 200 hours its token costs 3.65×
/// its hourly rate's (reviewer's case: a 1-year Compute Savings Plan read $0.385/M against a real $1.40).
#[test]
fn per_million_tokens_is_a_months_cost_over_a_months_tokens_for_every_option() {
    for hours in [200.0, 730.0] {
        let s = scenario(&format!("v=1&model=llama3.1-8b&batch=50&inst=g6e.xlarge&hours={hours}"));
        let rec = first(&s);
        let tps = rec.tokens_per_s.unwrap_or(0.0);
        let month_tokens_m = tps * 3600.0 * hours / 1e6;
        for o in option_costs(catalog(), &s, &rec)
            .iter()
            .filter(|o| o.unavailable.is_none())
        {
            let m = o.usd_per_million_tokens.unwrap_or_else(|| panic!("{:?}", o.buy));
            let expected = o.monthly_usd / month_tokens_m;
            assert!(
                (m / expected - 1.0).abs() < 1e-9,
                "{hours} h {:?}: {m} vs {expected}",
                o.buy
            );
        }
    }
}

#[test]
fn a_compute_sp_notice_says_whose_discount_it_is() {
    use gpuplan::engine::Why;
    use gpuplan::scenario::Lang;
    // p5.4xlarge has no published RI: its Compute SP discount is the catalog's median over GPU types,
    // and the notice must not call it the type's own.
    let s = scenario("v=1&model=llama3.1-8b&region=ap-northeast-1&inst=p5.4xlarge");
    let p = plan(catalog(), &s, &first(&s));
    let Some(w) = p.notices.iter().find(|w| matches!(w, Why::ComputeSpShallow { .. })) else {
        panic!("no Compute SP notice: {:?}", p.notices)
    };
    assert!(matches!(w, Why::ComputeSpShallow { own_ri: false, .. }), "{w:?}");
    let en = gpuplan::explain::why(w, Lang::En);
    assert!(
        en.contains("median") && en.contains("no published RI") && !en.contains("this type's published"),
        "{en}"
    );
    assert!(gpuplan::explain::why(w, Lang::Zh).contains("没有公布的预留实例"));
    // AWS does publish per-type Savings Plan rates (issue 25): the words say this one was not imported.
    assert!(en.contains("not imported") && !en.contains("publishes no"), "{en}");
    assert!(gpuplan::explain::why(w, Lang::Zh).contains("未导入"));
}

/// With `buy=cb` the card is the booked fleet's: a block may book more instances than the sizing chose
/// (reviewer: 13 instances and 104 accelerators shown, priced and timed as 14), and then every figure is
/// the 14's — count, accelerators, the plan's degrees, accelerator-hours — and the option table agrees.
#[test]
fn a_capacity_block_card_describes_the_fleet_it_books() {
    let s = scenario("v=1&task=train&model=llama3.1-70b&tokens=200&days=10&buy=cb");
    let rec = first(&s);
    let cb = option_cost(catalog(), &s, &rec, Buy::CapacityBlock);
    let booked = cb.cb.as_ref().map(|c| c.instances).unwrap_or_else(|| panic!("{cb:?}"));
    assert_eq!(rec.n_instances, booked);
    assert_eq!(rec.hourly_usd, Some(cb.hourly_usd));
    assert_eq!(rec.job_hours, cb.job_hours);
    let accels = f64::from(rec.n_accelerators);
    assert_eq!(rec.n_accelerators % rec.n_instances, 0);
    let p = rec.parallelism.as_ref().unwrap_or_else(|| panic!("{rec:?}"));
    assert_eq!(p.tp * p.pp * p.dp, rec.n_accelerators);
    // Accelerator-hours of the run (the job's hours less its start-up, `restart`).
    let (g, h) = (rec.gpu_hours.unwrap_or(0.0), rec.base_job_hours.unwrap_or(0.0));
    assert!((rec.job_hours.unwrap_or(0.0) - h - s.purchase.restart_min / 60.0).abs() < 1e-9);
    assert!((g - accels * h).abs() < 1e-6 * g, "{g} vs {accels} × {h}");
    let od = option_cost(catalog(), &s, &rec, Buy::OnDemand);
    assert!((od.hourly_usd / cb.hourly_usd - od.per_accelerator_hour_usd / cb.per_accelerator_hour_usd).abs() < 1e-9);
}

#[test]
fn a_capacity_block_rate_from_a_source_article_is_marked() {
    use gpuplan::scenario::Lang;
    // capacity_blocks.csv has no p6-b200 rate: $98.84 (8 × $12.355) is article 001's, not AWS's price
    // list, so the option is marked like a derived rate and its formula says so. p5en's published
    // (reported) 2026 rate in us-east-1 stays unmarked.
    let q = "v=1&task=train&model=llama3.1-70b&tokens=200&days=10&buy=cb&inst=";
    let s = scenario(&format!("{q}p6-b200.48xlarge"));
    let cb = option_cost(catalog(), &s, &first(&s), Buy::CapacityBlock);
    assert_eq!(cb.cb.as_ref().map(|c| c.source.as_str()), Some("article-001"));
    assert!(cb.assumption, "{cb:?}");
    let r = first(&s);
    let en = gpuplan::explain::option_formula(&cb, r.n_instances, Lang::En, &gpuplan::format::usd);
    assert!(en.contains("not AWS's Capacity Block price list"), "{en}");
    let zh = gpuplan::explain::option_formula(&cb, r.n_instances, Lang::Zh, &gpuplan::format::usd);
    assert!(zh.contains("非 AWS 公布的容量块价目表"), "{zh}");
    let s = scenario(&format!("{q}p5en.48xlarge"));
    let cb = option_cost(catalog(), &s, &first(&s), Buy::CapacityBlock);
    assert!(!cb.assumption && cb.cb.is_some_and(|c| c.source == "cb-2026-rise"));
}

#[test]
fn a_capacity_block_formula_multiplies_out_under_a_discount_and_reads_in_the_page_currency() {
    use gpuplan::scenario::Lang;
    // Issue 24 #13: "$98.84/h × 6 × 12 days × 24 h = $145,176" under a 15 % discount (the product is
    // $170,796); and the formulas stayed in USD under CNY.
    let q = "v=1&task=train&model=llama3.1-70b&tokens=200&days=10&buy=cb&inst=p6-b200.48xlarge&disc=15";
    let s = scenario(q);
    let r = first(&s);
    let cb = option_cost(catalog(), &s, &r, Buy::CapacityBlock);
    let c = cb.cb.clone().unwrap_or_else(|| panic!("a block"));
    let list = c.rate_usd_hr * f64::from(c.instances) * f64::from(c.days) * 24.0;
    assert!(
        (cb.upfront_usd - list * 0.85).abs() < 0.01,
        "{} vs {list}",
        cb.upfront_usd
    );
    let en = gpuplan::explain::option_formula(&cb, r.n_instances, Lang::En, &gpuplan::format::usd);
    assert!(en.contains("days × 24 h × (1 − 15 %) = $"), "{en}");
    assert!(!en.contains("article-001"), "{en}");
    let cny = |v: f64| gpuplan::format::money(v, gpuplan::scenario::Currency::Cny, 7.0);
    let zh = gpuplan::explain::option_formula(&cb, r.n_instances, Lang::Zh, &cny);
    assert!(
        zh.contains("天 × 24 小时 × (1 − 15 %) = ¥") && !zh.contains('$'),
        "{zh}"
    );
    // The detail's formulas follow the display currency too.
    let (s, shown, _) = gpuplan::query::parse_link(&format!("{q}&cur=cny&fx=7&lang=zh"), catalog());
    let arch = s.model_arch();
    let lines = gpuplan::explain::formulas(&s, &arch, &first(&s), shown).join("\n");
    assert!(lines.contains('¥') && !lines.contains('$'), "{lines}");
}

#[test]
fn formulas_give_one_copys_weights_and_the_fleets_sum_as_such() {
    use gpuplan::scenario::Lang;
    // Issue 24 #18: "weights = N × b = 7B × 2 bytes = 312.9 GiB" was the fleet's sum.
    let s = scenario("v=1&task=train&params=7&tokens=1000");
    let r = first(&s);
    assert!(r.n_accelerators > 1, "{}", r.n_accelerators);
    let lines = gpuplan::explain::formulas(&s, &s.model_arch(), &r, Lang::En.into()).join("\n");
    let copy = 7e9 * 2.0 / f64::from(1u32 << 30);
    assert!(
        lines.contains(&format!(
            "weights (one copy) = N × b = 7B × 2 bytes = {} GiB",
            gpuplan::format::number(copy, 1)
        )),
        "{lines}"
    );
    assert!(
        lines.contains("accelerators = ") && lines.contains("the fleet's sum"),
        "{lines}"
    );
    // QLoRA holds its base in 4 bits (with scales), whatever the compute precision.
    let s = scenario("v=1&task=finetune&model=llama3.1-70b&method=qlora&tokens=0.02");
    let zh = gpuplan::explain::formulas(&s, &s.model_arch(), &first(&s), Lang::Zh.into()).join("\n");
    assert!(zh.contains("× 0.5625 字节（4-bit 基座"), "{zh}");
}

#[test]
fn a_checkpoint_interval_longer_than_the_job_is_not_suggested() {
    use gpuplan::scenario::Lang;
    // Issue 24 #18: a job of a few hours was told to checkpoint every several hours.
    let mut withheld = 0;
    for q in [
        "v=1&task=finetune&model=llama3.1-8b&tokens=0.01&buy=spot",
        "v=1&task=train&params=7&tokens=1000&buy=spot",
    ] {
        let s = scenario(q);
        let r = first(&s);
        let spot = option_cost(catalog(), &s, &r, Buy::Spot);
        let (Some(detail), Some(job_h)) = (spot.spot.as_ref(), spot.job_hours) else {
            continue;
        };
        let text = gpuplan::explain::option_formula(&spot, r.n_instances, Lang::En, &gpuplan::format::usd);
        match detail.young_interval_min {
            Some(y) if y >= job_h * 60.0 => {
                withheld += 1;
                assert!(!text.contains("τ*"), "{q}: {text}");
            }
            Some(_) => assert!(text.contains("τ*"), "{q}: {text}"),
            None => {}
        }
    }
    assert!(withheld > 0, "the short job's interval exceeds it");
}

#[test]
fn a_growth_plans_vcpu_quota_counts_its_largest_month() {
    use gpuplan::engine::Why;
    // The commitments' and the growth line's peaks fall in different months: the quota notice counts
    // the largest month's fleet, never more instances than the plan ever runs.
    for q in [
        "v=1&model=llama3.1-8b&growth=10&months=24",
        "v=1&model=llama3.1-70b&growth=5&months=36",
        "v=1&model=llama3.1-8b&growth=-10&months=24",
        "v=1&model=llama3.1-70b&growth=20&months=12",
    ] {
        let s = scenario(q);
        let r = first(&s);
        let p = plan(catalog(), &s, &r);
        let most = p.fleet_by_month.iter().copied().max().unwrap_or(0);
        let quota: u32 = p
            .notices
            .iter()
            .filter_map(|w| match w {
                Why::VcpuQuota { instances, .. } => Some(*instances),
                _ => None,
            })
            .sum();
        assert!(
            most > 0 && quota <= most,
            "{q}: {quota} instances in the quota notice, at most {most} run"
        );
        // No Spot line here: the notice is the largest month's fleet (reviewer: 10 counted, 9 run).
        assert_eq!(quota, most, "{q}");
    }
}

#[test]
fn a_job_lines_monthly_usd_means_what_the_readme_says() {
    use gpuplan::engine::outcome::Segment;
    // README (CLI JSON, plan.items): a Capacity Block job line's monthly_usd is the whole block, paid
    // upfront; an On-Demand or Spot job line's is a month of the fleet running, the job is horizon_usd.
    let mut seen = Vec::new();
    for q in [
        "v=1&task=train&model=llama3.1-70b&tokens=200&days=10&inst=p5en.48xlarge",
        "v=1&task=train&model=llama3.1-8b&tokens=20&days=10&inst=g6e.48xlarge",
    ] {
        let s = scenario(q);
        let r = first(&s);
        let p = plan(catalog(), &s, &r);
        let Some(j) = p.items.iter().find(|i| i.segment == Segment::Job) else {
            panic!("{p:?}")
        };
        seen.push(j.buy);
        if j.buy == Buy::CapacityBlock {
            assert!(
                (j.monthly_usd - j.upfront_usd).abs() < 1e-6 && (j.horizon_usd - j.upfront_usd).abs() < 1e-6,
                "{j:?}"
            );
        } else {
            // On-Demand or Spot: a month of the fleet at the option's rate (Spot with its overhead).
            let o = option_cost(catalog(), &s, &r, j.buy);
            let month = o.hourly_usd * s.hours_per_month;
            assert!((j.monthly_usd - o.monthly_usd).abs() < 1e-6 * month, "{j:?}");
            assert!(
                j.monthly_usd >= month * (1.0 - 1e-9) && j.horizon_usd < j.monthly_usd,
                "{j:?}"
            );
        }
    }
    assert!(
        seen.contains(&Buy::CapacityBlock) && seen.iter().any(|b| *b != Buy::CapacityBlock),
        "{seen:?}"
    );
}

#[test]
fn a_type_left_with_one_spot_zone_says_so() {
    use gpuplan::engine::Why;
    use gpuplan::scenario::Lang;
    // p6-b200 in us-east-1 keeps one regular zone once the Atlanta Local Zone is left out: scarce, and
    // the texts say "1 zone(s)", not "1 zones".
    let s = scenario("v=1&task=train&model=llama3.1-8b&tokens=5&inst=p6-b200.48xlarge");
    let r = first(&s);
    let o = option_cost(catalog(), &s, &r, Buy::Spot);
    let d = o.spot.as_ref().unwrap_or_else(|| panic!("{o:?}"));
    assert_eq!((d.zones, d.supply), (1, gpuplan::engine::outcome::SpotSupply::Scarce));
    assert!(gpuplan::explain::spot_supply_line(d, false).contains("only 1 zone(s)"));
    let p = plan(catalog(), &s, &r);
    let Some(w) = p.notices.iter().find(|w| matches!(w, Why::SpotAtScale { .. })) else {
        panic!("{:?}", p.notices)
    };
    assert!(gpuplan::explain::why(w, Lang::En).contains("in 1 zone(s) and 0 at"));
}

#[test]
fn a_plan_names_its_rates_over_90_days_older_than_the_catalog() {
    use gpuplan::engine::Why;
    // The catalog is of 2026-09-01 (its newest price). g6.xlarge Spot is of 2026-06-01 (spot_prices_extra.csv,
    // earliest bound): 92 days older, named; p5.48xlarge On-Demand of 2026-07-20 (43 days) is not.
    let stale = |q: &str| {
        let s = scenario(q);
        let p = plan(catalog(), &s, &first(&s));
        p.notices
            .iter()
            .find_map(|w| match w {
                Why::StaleRates { rates, .. } => Some(rates.iter().map(|(r, d)| (r.buy, *d)).collect::<Vec<_>>()),
                _ => None,
            })
            .unwrap_or_default()
    };
    assert_eq!(
        stale("v=1&batch=1&ctx=2048&mode=batch&inst=g6.xlarge"),
        [(Buy::Spot, 92)]
    );
    // p5.48xlarge: its On-Demand rate is never named; a plan on Spot is (2026-06-01, 92 days).
    let p5 = stale("v=1&task=hpc&fp64=1&inst=p5.48xlarge&buy=od");
    assert!(p5.iter().all(|(b, d)| *b != Buy::OnDemand && *d > 90), "{p5:?}");
    let s = scenario("v=1&batch=1&ctx=2048&mode=batch&inst=g6.xlarge");
    let p = plan(catalog(), &s, &first(&s));
    let text: Vec<String> = p
        .notices
        .iter()
        .map(|w| gpuplan::explain::why(w, gpuplan::scenario::Lang::En))
        .collect();
    assert!(
        text.iter()
            .any(|t| t.contains("over 90 days older than the catalog (2026-09-01)") && t.contains("2026-06-01")),
        "{text:?}"
    );
}
