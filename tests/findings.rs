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
