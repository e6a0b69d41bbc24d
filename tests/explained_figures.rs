//! The figures the ranking reads are typed fields of each recommendation (issue 28 item 6), and the
//! explanation states the same ones: `fp64_tflops` is `Why::Fp64`'s, `seats_per_instance` is `Why::Seats`'s,
//! `short_of_target` is there exactly when `Why::SlowerThanTarget` or `Why::BelowReadingSpeed` is, and
//! `priced_instead` is `Why::BuyNotOffered`'s option. The plan's too: `rates` is `Why::RateDates`'s list and
//! `larger_batch` is `Why::CommBound`'s offer (the page's fix). Checked on every recommendation (and the
//! best one's plan) of a fixed set of links that exercises each field, and of generated links over every
//! task and purchase option.

use gpuplan::engine::{plan, recommend, Plan, Recommendation, Why};
use gpuplan::query::parse;
use gpuplan::scenario::Buy;
use proptest::prelude::*;

mod common;
use common::catalog;

/// Links where each field takes a value: HPC and graphics fleets, a job slower than its target, users
/// below a readable speed, a type priced only on Spot, purchase options some types are not offered on,
/// chosen types that do not fit, and communication-bound training offered a larger batch or global batch
/// (and offered none).
const LINKS: &[&str] = &[
    "v=1",
    "v=1&task=hpc&fp64=50&gmem=100&prio=cost",
    "v=1&task=hpc&fp64=40&buy=csp3",
    "v=1&task=hpc&fp64=50&inst=inf2.xlarge,p5.48xlarge,g6f.large",
    "v=1&task=graphics&gmem=20&seats=4",
    "v=1&task=graphics&mode=batch&seats=40&gmem=12&vcpu=8&ram=32&buy=spot",
    "v=1&model=llama3.1-70b&prec=fp8&ctx=4096&out=512&batch=600&inst=p5.48xlarge",
    "v=1&task=train&model=llama3.1-8b&tokens=100&days=1&multinode=0",
    "v=1&task=train&params=7&tokens=100&region=us-east-2",
    "v=1&task=train&model=llama3.1-8b&tokens=10&buy=cb",
    "v=1&task=finetune&model=llama3.1-8b&buy=ri3",
    "v=1&task=train&model=llama3.1-70b&batch=1&tokens=30&region=us-east-2&inst=p4d.24xlarge&buy=cb",
    "v=1&task=train&model=llama3.1-70b&gbatch=8&tokens=30&region=us-east-2&inst=p4d.24xlarge&buy=cb",
    "v=1&task=train&model=llama3.1-8b&gbatch=8&tokens=30&inst=p4d.24xlarge",
];

/// The figure each `Why` states, one of each at most.
fn stated<T>(r: &Recommendation, pick: impl Fn(&Why) -> Option<T>) -> Result<Option<T>, String> {
    let mut found: Vec<T> = r.reasons.iter().filter_map(pick).collect();
    match found.len() {
        0 | 1 => Ok(found.pop()),
        n => Err(format!("{}: {n} reasons state the same figure", r.instance)),
    }
}

/// The fields against the explanation, for every recommendation of `q`.
fn check(q: &str) -> Result<Vec<Recommendation>, String> {
    let (s, _) = parse(q, catalog());
    let o = recommend(catalog(), &s);
    for r in &o.recommendations {
        let fail = |what: &str| format!("{q}\n{}: {what} disagrees with {:?}", r.instance, r.reasons);
        let fp64 = stated(r, |w| match w {
            Why::Fp64 { tflops } => Some(*tflops),
            _ => None,
        })?;
        if fp64 != r.fp64_tflops {
            return Err(fail("fp64_tflops"));
        }
        let seats = stated(r, |w| match w {
            Why::Seats { per_instance } => Some(*per_instance),
            _ => None,
        })?;
        if seats != r.seats_per_instance {
            return Err(fail("seats_per_instance"));
        }
        let short = stated(r, |w| {
            matches!(w, Why::SlowerThanTarget { .. } | Why::BelowReadingSpeed { .. }).then_some(())
        })?;
        if short.is_some() != r.short_of_target {
            return Err(fail("short_of_target"));
        }
        let instead = stated(r, |w| match w {
            Why::BuyNotOffered { instead, .. } => Some(*instead),
            _ => None,
        })?;
        if instead != r.priced_instead || r.priced_as(s.purchase.buy) != instead.unwrap_or(s.purchase.buy) {
            return Err(fail("priced_instead"));
        }
    }
    Ok(o.recommendations)
}

/// The plan's fields against its notices, for the best fitting recommendation of `q` (`None` when nothing
/// fits).
fn check_plan(q: &str) -> Result<Option<Plan>, String> {
    let (s, _) = parse(q, catalog());
    let o = recommend(catalog(), &s);
    let Some(r) = o.recommendations.iter().find(|r| r.fits) else {
        return Ok(None);
    };
    let p = plan(catalog(), &s, r);
    let fail = |what: &str| format!("{q}\n{}: the plan's {what} disagrees with {:?}", r.instance, p.notices);
    let one = |n: usize| {
        if n > 1 {
            Err(fail("notices (one of a kind twice)"))
        } else {
            Ok(())
        }
    };
    let rates: Vec<_> = p
        .notices
        .iter()
        .filter_map(|w| match w {
            Why::RateDates { rates } => Some(rates.clone()),
            _ => None,
        })
        .collect();
    one(rates.len())?;
    if rates.first().cloned().unwrap_or_default() != p.rates {
        return Err(fail("rates"));
    }
    let offers: Vec<_> = p
        .notices
        .iter()
        .filter_map(|w| match w {
            Why::CommBound { key, better, .. } => Some(better.map(|(v, _)| (*key, v))),
            _ => None,
        })
        .collect();
    one(offers.len())?;
    if offers.first().copied().flatten() != p.larger_batch {
        return Err(fail("larger_batch"));
    }
    Ok(Some(p))
}

#[test]
fn the_plans_fields_are_the_figures_its_notices_state() {
    let plans: Vec<Plan> = LINKS
        .iter()
        .filter_map(|q| check_plan(q).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    assert!(
        plans.iter().any(|p| !p.rates.is_empty()),
        "no link of the set dates a rate"
    );
    assert!(
        plans.iter().any(|p| p.larger_batch.is_some_and(|(k, _)| k == "batch")),
        "no link of the set offers a larger batch"
    );
    assert!(
        plans.iter().any(|p| p.larger_batch.is_some_and(|(k, _)| k == "gbatch")),
        "no link of the set offers a larger global batch"
    );
}

#[test]
fn the_fields_the_ranking_reads_are_the_figures_the_explanation_states() {
    let mut all = Vec::new();
    for q in LINKS {
        all.extend(check(q).unwrap_or_else(|e| panic!("{e}")));
    }
    // Each field takes a value somewhere in the set, so the agreement is not the empty one.
    let some = |what: &str, f: &dyn Fn(&Recommendation) -> bool| {
        assert!(all.iter().any(f), "no link of the set exercises {what}");
    };
    some("fp64_tflops", &|r| r.fp64_tflops.is_some_and(|t| t > 0.0));
    some("seats_per_instance", &|r| r.seats_per_instance.is_some_and(|n| n > 0));
    some("a job slower than its target", &|r| {
        r.short_of_target && r.reasons.iter().any(|w| matches!(w, Why::SlowerThanTarget { .. }))
    });
    some("serving below a readable speed", &|r| {
        r.short_of_target && r.reasons.iter().any(|w| matches!(w, Why::BelowReadingSpeed { .. }))
    });
    some("a type priced only on Spot", &|r| r.priced_instead == Some(Buy::Spot));
    some("On-Demand instead of the chosen option", &|r| {
        r.priced_instead == Some(Buy::OnDemand)
    });
    some("a type that does not fit", &|r| !r.fits);
}

/// p5.48xlarge's FP64 by hand: 8 H100 at the catalog's 34 TFLOPS each (vector FP64; its tensor cores' 67
/// are not the figure used).
#[test]
fn an_hpc_fleets_fp64_is_its_accelerators_peak() {
    let (s, _) = parse("v=1&task=hpc&fp64=50&gmem=100&inst=p5.48xlarge", catalog());
    let o = recommend(catalog(), &s);
    let r = o.chosen("").unwrap_or_else(|| panic!("p5.48xlarge does not fit"));
    let h100 = catalog()
        .accelerator("h100")
        .and_then(|a| a.fp64_tflops)
        .unwrap_or_default();
    assert_eq!((r.n_accelerators, h100), (8, 34.0));
    assert_eq!(r.fp64_tflops, Some(8.0 * 34.0));
}

/// Links over every task, purchase option, priority and a second region.
fn link() -> impl Strategy<Value = String> {
    let pick = |xs: &'static [&'static str]| prop::sample::select(xs.to_vec());
    let task = pick(&[
        "task=infer&model=llama3.1-8b&batch=64",
        "task=infer&model=llama3.1-70b&prec=fp8&batch=300&ctx=4096&out=512",
        "task=infer&mode=batch&model=llama3.1-8b&ctx=750&out=150&reqs=20000000&days=3",
        "task=train&model=llama3.1-70b&tokens=200&days=10",
        "task=train&model=llama2-7b&tokens=100&days=1&multinode=0",
        "task=finetune&method=lora&model=llama3.1-8b&tokens=0.1&days=1",
        "task=graphics&seats=6&gmem=12",
        "task=hpc&fp64=200&gmem=400",
        "task=hpc&fp64=60&gmem=100&inst=p4d.24xlarge,g6.xlarge,inf2.xlarge",
    ]);
    let buy = pick(&["od", "spot", "csp1", "csp3", "isp1", "isp3", "ri1", "ri3", "cb"]);
    let prio = pick(&["", "&prio=cost", "&prio=perf"]);
    let region = pick(&["", "&region=us-east-2", "&region=ap-northeast-1"]);
    (task, buy, prio, region).prop_map(|(t, b, p, r)| format!("v=1&{t}&buy={b}{p}{r}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn the_fields_agree_with_the_explanation_on_generated_links(q in link()) {
        check(&q).map_err(TestCaseError::fail)?;
        check_plan(&q).map_err(TestCaseError::fail)?;
    }
}
