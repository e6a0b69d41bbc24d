//! The residue of the expert review of issues 23 and 24 (the reviewer's findings #18, #3, #8 and the
//! snapshot findings), each held to a hand-worked expectation that failed before its fix.

use gpuplan::catalog::Catalog;
use gpuplan::engine::{plan, recommend, Outcome};
use gpuplan::query;
use gpuplan::scenario::{Buy, Scenario};

/// The scenario and its outcome; fails on any query warning.
fn run(q: &str) -> (Scenario, Outcome) {
    let catalog = Catalog::bundled();
    let (scenario, warnings) = query::parse(q, &catalog);
    assert!(warnings.is_empty(), "{q}: {warnings:?}");
    let o = recommend(&catalog, &scenario);
    (scenario, o)
}

/// Finding #18: trn2.48xlarge has no On-Demand price and no Capacity Block rate in us-east-2, only a
/// Spot price. Like p5e (carded as its Capacity Block), its card is the booking its plan makes, and says
/// so; it never reads "no public price" beside a priced plan. Ranked among others it comes after every
/// type priced as asked, because its Spot figure is not comparable with their On-Demand ones.
#[test]
fn a_type_priced_only_on_spot_is_carded_as_its_spot_plan_and_ranked_after_the_priced() {
    let catalog = Catalog::bundled();
    let q = "v=1&task=train&params=7&tokens=100&region=us-east-2&inst=trn2.48xlarge";
    let (s, o) = run(q);
    let r = o.recommendations.first().unwrap_or_else(|| panic!("{q}: nothing ranked"));
    assert!(r.fits, "{q}");
    assert_eq!(r.priced_as(s.purchase.buy), Buy::Spot, "{q}");
    let p = plan(&catalog, &s, r);
    assert_eq!(r.job_usd, Some(p.horizon_usd), "{q}: the card is the plan's booking");

    let q = "v=1&task=train&params=7&tokens=100&region=us-east-2";
    let (s, o) = run(q);
    let at = |id: &str| o.recommendations.iter().position(|r| r.instance == id);
    let trn2 = at("trn2.48xlarge").unwrap_or_else(|| panic!("{q}: trn2.48xlarge not ranked"));
    for (i, r) in o.recommendations.iter().enumerate().filter(|(_, r)| r.fits) {
        if r.priced_as(s.purchase.buy) != Buy::Spot && r.job_usd.is_some() {
            assert!(i < trn2, "{q}: {} ranks after the Spot-only trn2.48xlarge", r.instance);
        }
        // No fitting row reads "no price" while its plan buys something.
        if r.hourly_usd.is_none() {
            let p = plan(&catalog, &s, r);
            assert!(p.items.is_empty(), "{q}: {} is unpriced beside a plan of {:?}", r.instance, p.items);
        }
    }
}

/// Finding #8: ranked by speed, 13B on 300 B tokens in us-east-2 in 20 days books p6-b200 Capacity
/// Blocks at the rate of 2026-07-01; p5e's Capacity Block is cheaper only at its rate of 2026-01-31, which
/// predates the known change of 2026-07-01. That stale rate is no basis for "cheaper on another type".
#[test]
fn cheaper_elsewhere_is_never_a_capacity_block_rate_older_than_a_known_change() {
    let catalog = Catalog::bundled();
    let q = "v=1&task=train&params=13&tokens=300&region=us-east-2&days=20&buy=cb&prio=perf";
    let (s, o) = run(q);
    let r = o.recommendations.first().unwrap_or_else(|| panic!("{q}: nothing ranked"));
    assert_eq!(r.instance, "p6-b200.48xlarge", "{q}: the scenario moved");
    let p = gpuplan::engine::plan_among(&catalog, &s, &o.recommendations, r);
    if let Some(e) = &p.elsewhere {
        let er = o.recommendations.iter().find(|x| x.instance == e.instance);
        let stale = er.is_some_and(|er| {
            e.items.iter().any(|i| i.buy == Buy::CapacityBlock)
                && gpuplan::engine::option_cost(&catalog, &s, er, Buy::CapacityBlock)
                    .cb
                    .is_some_and(|c| c.predates_change.is_some())
        });
        assert!(!stale, "{q}: cheaper elsewhere on {}'s stale Capacity Block rate", e.instance);
    }
}

/// Snapshot finding (c): the CLI's sentence dates its figure by that rate's own date, not by the
/// catalog's: trn2.48xlarge's Spot price is of 2026-06-01 (skypilot-vms-v9), the catalog of 2026-09-01;
/// trn1.2xlarge's On-Demand price is of 2026-07-20 (karpenter-pricing). Nothing fits: the catalog's date.
#[test]
fn the_line_dates_its_figure_by_the_rate_it_is() {
    let catalog = Catalog::bundled();
    let line = |q: &str| {
        let (s, o) = run(q);
        gpuplan::explain::line(&catalog, &s, &o)
    };
    let cases = [
        (
            "v=1&task=train&params=7&tokens=100&region=us-east-2&inst=trn2.48xlarge",
            "Spot (prices of 2026-06-01)",
        ),
        ("v=1&model=llama3.1-8b&prio=cost", "On-Demand (prices of 2026-07-20)"),
        ("v=1&model=llama3.1-8b&prio=cost&lang=zh", "（2026-07-20 的价格）"),
        ("v=1&model=llama3.1-405b&inst=g6.xlarge", "nothing in the catalog fits (prices of 2026-09-01)"),
    ];
    for (q, end) in cases {
        let got = line(q);
        assert!(got.ends_with(end), "{q}\n got: {got}\nwant …{end}");
    }
}

/// Snapshot finding (a): the EC2 Instance Savings Plan of the Tokyo service has no published rate; it is
/// derived from skypilot-vms's On-Demand price (2026-05-22) and vantage-ri's Reserved Instance discount
/// (2025-11-30). The rate-dates notice says it is derived, names both inputs, and dates it by the older.
#[test]
fn a_derived_savings_plan_rate_is_dated_as_derived_by_its_older_input() {
    use gpuplan::scenario::Lang;
    let catalog = Catalog::bundled();
    let q = "v=1&model=llama3.1-70b&ctx=2500&out=500&batch=20&seqtps=20&region=ap-northeast-1&growth=15";
    let (s, o) = run(q);
    let r = o.recommendations.first().unwrap_or_else(|| panic!("{q}: nothing ranked"));
    let p = plan(&catalog, &s, r);
    let text = |lang| {
        p.notices
            .iter()
            .map(|w| gpuplan::explain::why(w, lang))
            .find(|t| t.starts_with("Catalog dates") || t.starts_with("计划所用费率"))
            .unwrap_or_default()
    };
    let en = text(Lang::En);
    assert!(
        en.contains(
            "EC2 Instance Savings Plan, 1 year 2025-11-30, derived (On-Demand of skypilot-vms × the discount of vantage-ri"
        ),
        "{en}"
    );
    assert!(en.contains("On-Demand 2026-05-22 (skypilot-vms)"), "{en}");
    let zh = text(Lang::Zh);
    assert!(zh.contains("2025-11-30，推算所得（skypilot-vms 的按需价 × vantage-ri 的折扣"), "{zh}");
}
