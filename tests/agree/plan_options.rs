//! A plan buys only what the options table offers (issue F1): over links whose plans may buy Spot, every
//! plan item is an option the recommendation's table offers; the reviewer's HPC fleet planned On-Demand.

use super::*;

/// Links whose plans may buy Spot: jobs and services of every task, fleets that must run together (HPC,
/// training) at several sizes and `spotmax` caps, growing and bursting fleets, other regions.
fn plan_link() -> impl Strategy<Value = String> {
    let pick = |xs: &'static [&'static str]| prop::sample::select(xs.to_vec());
    let task = pick(&[
        "task=hpc&fp64=200&gmem=400&vcpu=96&ram=1024",
        "task=hpc&fp64=60&gmem=100",
        "task=hpc&fp64=2000&gmem=4000",
        "task=train&model=llama2-7b&tokens=100&days=14",
        "task=train&model=llama3.1-70b&tokens=200&days=10",
        "task=finetune&method=lora&model=llama3.1-8b&tokens=0.1&days=1",
        "task=infer&mode=batch&model=llama3.1-8b&ctx=750&out=150&reqs=20000000&days=3",
        "task=graphics&mode=batch&seats=40&gmem=12&vcpu=8&ram=32",
        "task=infer&model=llama3.1-8b&batch=64",
    ]);
    let usage = pick(&[
        "",
        "&hours=300",
        "&hours=730",
        "&growth=10&months=12",
        "&burst=2&bursth=100",
        "&growth=10&months=24&burst=2&bursth=100",
    ]);
    let spot = pick(&["", "&spotmax=4", "&spotmax=64", "&buy=spot", "&window=14"]);
    let place = pick(&[
        "",
        "&region=us-west-2",
        "&inst=p5.4xlarge",
        "&inst=p5.4xlarge&region=us-west-2",
    ]);
    let prio = pick(&["", "&prio=cost"]);
    (task, usage, spot, place, prio).prop_map(|(t, u, s, p, r)| format!("v=1&{t}{u}{s}{p}{r}"))
}

/// Every item of `plan` buys an option the options table of `rec` offers (issue F1: a 6-instance MPI
/// fleet planned on Spot while the table refused Spot for it).
fn items_offered(
    q: &str,
    rec: &gpuplan::engine::outcome::Recommendation,
    p: &gpuplan::engine::outcome::Plan,
) -> Result<(), TestCaseError> {
    let c = catalog();
    let (s, _) = parse(q, c);
    let opts = option_costs(c, &s, rec);
    for item in &p.items {
        let offered = opts.iter().any(|o| o.buy == item.buy && o.unavailable.is_none());
        prop_assert!(
            offered,
            "{q}\n{}: the plan buys {:?} ({} instances), the table refuses it",
            rec.instance,
            item.buy,
            item.instances
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, failure_persistence: None, ..ProptestConfig::default() })]

    /// A plan item's option, here and elsewhere, is one the options table offers for that fleet.
    #[test]
    fn a_plan_item_buys_only_an_option_the_table_offers(q in plan_link()) {
        let c = catalog();
        let (s, _) = parse(&q, c);
        let o = recommend(c, &s);
        let Some(top) = o.chosen("") else { return Ok(()); };
        let p = gpuplan::engine::plan_among(c, &s, &o.recommendations, top);
        items_offered(&q, top, &p)?;
        // The quota notices (On-Demand and Spot) cover the most instances that run at once: the
        // baseline's peak month and the bursts on top (F5).
        let quota: u32 = p.notices.iter().filter_map(|w| match w {
            gpuplan::engine::Why::VcpuQuota { instances, .. } => Some(*instances),
            _ => None,
        }).sum();
        let peak = p.fleet_by_month.iter().copied().max().unwrap_or(top.n_instances);
        let bursts = if p.items.iter().any(|i| i.segment == gpuplan::engine::outcome::Segment::Burst) { s.purchase.burst_instances } else { 0 };
        // The managed card and the message weigh Bedrock against the plan's cost (F6).
        let msg = gpuplan::message::result_message(c, &s, &Default::default(), &[], &o);
        if let (Some(m), Some(mp)) = (msg.managed.as_ref(), msg.plan.as_ref()) {
            let months = if m.per_job { 1.0 } else { f64::from(s.months.max(1)) };
            prop_assert!(close_opt(m.plan_monthly_usd, Some(mp.horizon_usd / months)), "{q}\n{m:?}");
        }
        let quoted = p.notices.iter().any(|w| matches!(w, gpuplan::engine::Why::VcpuQuota { .. }));
        prop_assert!(!quoted || quota >= peak + bursts, "{q}\nquota for {quota}, peak {peak} + {bursts}");
        if let Some(e) = p.elsewhere.as_deref() {
            let rec = o.recommendations.iter().find(|r| r.instance == e.instance);
            prop_assert!(rec.is_some(), "{q}: elsewhere {} not ranked", e.instance);
            if let Some(rec) = rec {
                items_offered(&q, rec, e)?;
            }
        }
    }
}

/// The reviewer's reproduction: the HPC fleet of six p5.4xlarge, Spot refused in the table, is planned
/// without Spot, and the cheapest allowed plan is On-Demand (6 × $6.88 × 300 h × 12 = $148,608).
#[test]
fn a_coupled_hpc_fleet_refused_spot_is_planned_on_demand() {
    let q = "v=1&task=hpc&fp64=200&gmem=400&vcpu=96&ram=1024&hours=300&prio=cost";
    let c = catalog();
    let (s, _) = parse(q, c);
    let o = recommend(c, &s);
    let top = o.chosen("").unwrap_or_else(|| panic!("{q}: none fits"));
    assert_eq!((top.instance.as_str(), top.n_instances), ("p5.4xlarge", 6));
    let p = gpuplan::engine::plan(c, &s, top);
    assert!(
        p.items.iter().all(|i| i.buy != gpuplan::scenario::Buy::Spot),
        "{:?}",
        p.items
    );
    assert!(
        (p.horizon_usd - 6.0 * 6.88 * 300.0 * 12.0).abs() < 0.01,
        "{}",
        p.horizon_usd
    );
}
