//! The engine is total: any scenario a link can express gives recommendations, options and a plan without a panic, and every figure is finite or absent.

use gpuplan::catalog::Catalog;
use gpuplan::engine::option_costs;
use gpuplan::engine::plan;
use gpuplan::engine::recommend;
use gpuplan::query::{encode, parse};
use proptest::prelude::*;
use std::sync::OnceLock;

mod common;
use common::catalog;

/// The bundled catalog with its instances and prices in reverse order: a ranking that depends on the
/// catalog's order (not only on scores and the tie-break) differs between the two.
fn reversed_catalog() -> &'static Catalog {
    static C: OnceLock<Catalog> = OnceLock::new();
    C.get_or_init(|| {
        // On-Demand and Spot prices stay in (instance, region) order: a catalog rule (`prices_in_order`)
        // requires it, since they are found by binary search.
        let mut c = Catalog::bundled();
        c.instances.reverse();
        c.reserved.reverse();
        c
    })
}

fn finite(v: Option<f64>) -> bool {
    v.is_none_or(|x| x.is_finite() && x >= 0.0)
}

/// Links with values at and beyond the edges of every numeric field's range.
fn extreme_link() -> impl Strategy<Value = String> {
    let task = prop::sample::select(vec!["infer", "train", "finetune", "graphics", "hpc"]);
    let model = prop::sample::select(vec![
        "model=llama3.1-405b",
        "model=deepseek-v3",
        "model=mistral-7b",
        "params=100000&active=0.001",
        "params=0.001",
    ]);
    let big = prop::sample::select(vec!["1", "7", "4096", "65536", "4194304"]);
    let money = prop::sample::select(vec!["0", "0.01", "50", "90"]);
    let buy = prop::sample::select(vec!["od", "spot", "csp1", "csp3", "isp1", "isp3", "ri1", "ri3", "cb"]);
    let pay = prop::sample::select(vec!["no", "partial", "all"]);
    let pick = |xs: &'static [&'static str]| prop::sample::select(xs.to_vec());
    let extremes = (
        pick(&["1", "1000000"]),
        pick(&["0.01", "30", "3650"]),
        pick(&["1", "100000"]),
        pick(&["8", "100", "10000000"]),
        pick(&["0.001", "20", "1e9"]),
        pick(&["0", "25", "99"]),
        pick(&["1", "30", "1440"]),
        pick(&["0", "2", "600"]),
        pick(&["0", "3", "100000"]),
        pick(&["0", "14", "182"]),
        pick(&["0.01", "0.4", "1"]),
    );
    (task, model, big.clone(), big, prop::sample::select(vec!["0", "1e9", "123"]), money, buy, pay, any::<(bool, bool, bool)>(), 0u32..=744, 1u32..=120, extremes)
        .prop_map(|(task, model, ctx, batch, tps, disc, buy, pay, (cuda, multi, urgent), hours, months, x)| {
            let (tokens, days, seats, gmem, fp64, irate, ckpt, restart, burst, window, mfu) = x;
            format!(
                "v=1&task={task}&{model}&ctx={ctx}&batch={batch}&tps={tps}&disc={disc}&buy={buy}&pay={pay}&cuda={}&multinode={}&urgent={}\
                 &hours={hours}&months={months}&tokens={tokens}&days={days}&seats={seats}&gmem={gmem}&fp64={fp64}&irate={irate}&ckpt={ckpt}\
                 &ckptw={restart}&restart={restart}&burst={burst}&bursth=744&window={window}&mfu={mfu}&bweff={mfu}",
                u8::from(cuda),
                u8::from(multi),
                u8::from(urgent)
            )
        })
}

/// The keys `extreme_link` leaves at their defaults: precision, method, mode, growth, the Spot and
/// Savings Plan overrides, region, `inst`, priority and language.
fn other_keys() -> impl Strategy<Value = String> {
    let pick = |xs: &'static [&'static str]| prop::sample::select(xs.to_vec());
    (
        pick(&["fp32", "bf16", "fp16", "fp8", "int8", "int4"]),
        pick(&["full", "lora", "qlora"]),
        pick(&["online", "batch"]),
        pick(&["-50", "0", "10", "100"]),
        pick(&["", "&spotdisc=0", "&spotdisc=70", "&spotdisc=95"]),
        pick(&["", "&cspdisc=0", "&cspdisc=66", "&ispdisc=72", "&ispdisc=0"]),
        pick(&["us-east-1", "ap-northeast-1", "ap-east-1", "eu-south-1", "me-central-1"]),
        pick(&["", "&inst=g6.xlarge", "&inst=p5.48xlarge,inf2.xlarge", "&inst=trn1.2xlarge,g4dn.xlarge,p4d.24xlarge"]),
        pick(&["cost", "perf", "balanced"]),
        pick(&["en", "zh"]),
    )
        .prop_map(|(prec, method, mode, growth, spot, sp, region, inst, prio, lang)| {
            format!("&prec={prec}&method={method}&mode={mode}&growth={growth}{spot}{sp}&region={region}{inst}&prio={prio}&lang={lang}")
        })
}

/// Links at the degenerate ends a ranking must still order: no hours, one month, regions where most
/// types have no price, chosen types of equal price, and every priority.
fn degenerate_link() -> impl Strategy<Value = String> {
    let pick = |xs: &'static [&'static str]| prop::sample::select(xs.to_vec());
    (
        pick(&[
            "infer",
            "infer&mode=batch",
            "train&tokens=1",
            "finetune&tokens=0.1",
            "graphics",
            "hpc&fp64=10",
        ]),
        pick(&["0", "1", "730"]),
        pick(&["1", "12"]),
        pick(&["us-east-1", "eu-south-1", "me-central-1", "ap-east-1"]),
        pick(&[
            "",
            "&inst=g5.xlarge,g5.2xlarge,g5.4xlarge",
            "&inst=p5.48xlarge,p5e.48xlarge,p5en.48xlarge",
        ]),
        pick(&["cost", "perf", "balanced"]),
        pick(&["od", "spot", "ri1", "cb"]),
    )
        .prop_map(|(task, hours, months, region, inst, prio, buy)| {
            format!("v=1&task={task}&hours={hours}&months={months}&region={region}{inst}&prio={prio}&buy={buy}")
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn the_engine_never_panics_and_never_yields_nan(link in extreme_link(), more in other_keys()) {
        let (s, p, _) = gpuplan::query::parse_link(&format!("{link}{more}"), catalog());
        let o = recommend(catalog(), &s);
        explain_everything(&s, p.lang, &o);
        for r in o.recommendations.iter().take(8) {
            prop_assert!(r.mem_needed_gib.is_finite() && r.mem_available_gib.is_finite(), "{}", encode(&s));
            for v in [r.hourly_usd, r.monthly_usd, r.job_usd, r.usd_per_million_tokens, r.job_hours, r.gpu_hours, r.tokens_per_s, r.energy_kwh] {
                prop_assert!(finite(v), "{} {}: {v:?}", encode(&s), r.instance);
            }
            for opt in option_costs(catalog(), &s, r) {
                if opt.unavailable.is_none() {
                    for v in [Some(opt.hourly_usd), Some(opt.upfront_usd), Some(opt.monthly_usd), Some(opt.horizon_usd), opt.job_usd] {
                        prop_assert!(finite(v), "{} {} {:?}: {v:?}", encode(&s), r.instance, opt.buy);
                    }
                }
            }
            let p = plan(catalog(), &s, r);
            prop_assert!(p.horizon_usd.is_finite());
        }
    }
}

/// Every sentence and formula the page and CLI make from a result: none may panic, none is empty.
fn explain_everything(s: &gpuplan::scenario::Scenario, lang: gpuplan::scenario::Lang, o: &gpuplan::engine::Outcome) {
    use gpuplan::explain;
    for r in o.recommendations.iter().take(3) {
        for line in explain::formulas(s, &o.arch, r, lang.into()) {
            assert!(!line.is_empty() && !line.contains("NaN"), "{}: {line}", encode(s));
        }
        for w in &r.reasons {
            assert!(!explain::why(w, lang).is_empty(), "{}: {w:?}", encode(s));
        }
        for opt in option_costs(catalog(), s, r) {
            let text = explain::option_formula(&opt, r.n_instances, lang, &gpuplan::format::usd);
            assert!(!text.contains("NaN"), "{}: {text}", encode(s));
        }
    }
    for e in &o.excluded {
        assert!(!explain::exclusion(&e.reason, lang).is_empty());
    }
    for w in &o.notices {
        assert!(!explain::why(w, lang).is_empty());
    }
    if let Some(top) = o.recommendations.first().filter(|r| r.fits) {
        if let Some(sens) = gpuplan::engine::sensitivity::sensitivity(catalog(), s, top) {
            let money = |v: f64| gpuplan::format::usd(v);
            let _ = explain::range(&sens, lang, &money);
        }
    }
    assert!(!explain::line(catalog(), s, lang.into(), o).is_empty());
}

/// The instances in ranked order, with their fleet sizes.
fn order(o: &gpuplan::engine::Outcome) -> Vec<(String, u32, bool)> {
    o.recommendations
        .iter()
        .map(|r| (r.instance.clone(), r.n_instances, r.fits))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    /// The ranking is total and deterministic at the degenerate ends (no hours, missing prices, equal
    /// scores): the same order whatever order the catalog lists types and prices in, fitting priced
    /// types first, then fitting unpriced, then the rest.
    #[test]
    fn ranking_is_total_and_independent_of_catalog_order(link in degenerate_link()) {
        let (s, _) = parse(&link, catalog());
        let o = recommend(catalog(), &s);
        prop_assert_eq!(order(&o), order(&recommend(reversed_catalog(), &s)), "{}", link);
        let class = |r: &gpuplan::engine::Recommendation| match (r.fits, gpuplan::engine::cost_key(r).is_some()) {
            (true, true) => 0,
            (true, false) => 1,
            _ => 2,
        };
        let classes: Vec<u8> = o.recommendations.iter().map(class).collect();
        prop_assert!(classes.windows(2).all(|w| w[0] <= w[1]), "{}: {:?}", link, classes);
    }
}
