//! Spot: never for online serving, its checkpoint overhead once, a window job only where allowed, capacity
//! judged from the zones, and the checkpoint interval it suggests.

use super::*;

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
