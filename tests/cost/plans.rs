//! The plan over the horizon: a growing fleet and its commitments, bursts, windows, and what the plan tells
//! a buyer (vCPU quotas, capacity reservation, a Compute Savings Plan's discount, rate dates).

use super::*;

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
fn baseline_plus_burst_commits_the_baseline() {
    let s = scenario("v=1&inst=g6e.xlarge&burst=3&bursth=100&months=12");
    let r = first(&s);
    let p = plan(catalog(), &s, &r);
    assert_eq!(p.items.len(), 2);
    assert!(p.items[0].buy != Buy::OnDemand, "{:?}", p.items[0]);
    assert!(matches!(p.items[1].buy, Buy::OnDemand | Buy::Spot));
    assert!(p.savings_vs_od_usd.unwrap_or(-1.0) > 0.0);
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
}

#[test]
fn a_capacity_block_reserves_and_a_spot_job_counts_its_quota() {
    use gpuplan::engine::Why;
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
