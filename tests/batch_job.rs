//! Offline inference as a job (issue 26 item 3): `task=infer&mode=batch&reqs=N` with `out` stated is a
//! job of N requests. The fleet is sized to end within `days` (or a shorter `window`), packed to memory, and
//! priced per job under every option, like training. Checked against sums worked from the engine's own
//! inputs: the fleet's tokens/s, the catalog's rates, Bedrock's published prices.

use gpuplan::engine::managed::{compare, Bedrock};
use gpuplan::engine::{option_costs, recommend, Recommendation};
use gpuplan::scenario::{Buy, Lang, Scenario};

mod common;
use common::{catalog, scenario};

/// "Summarise 20 M documents, 600 tokens in and 150 out each, within 3 days" (the example).
const DOCS: &str = "v=1&task=infer&mode=batch&model=llama3.1-8b&ctx=750&out=150&reqs=20000000&days=3";

fn fitting(s: &Scenario) -> Vec<Recommendation> {
    recommend(catalog(), s)
        .recommendations
        .into_iter()
        .filter(|r| r.fits)
        .collect()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

#[test]
fn a_batch_jobs_hours_times_its_fleet_throughput_are_its_tokens() {
    for q in [
        DOCS.to_string(),
        format!("{DOCS}&inst=g6e.xlarge,g5.xlarge,inf2.xlarge,p5.48xlarge"),
        "v=1&task=infer&mode=batch&model=llama3.1-70b&prec=fp8&ctx=4096&out=512&reqs=1000000&days=7".into(),
        "v=1&task=infer&mode=batch&model=qwen2.5-14b&ctx=2000&out=1000&reqs=50000&days=0.5".into(),
    ] {
        let s = scenario(&q);
        let tokens = s.job_requests * f64::from(s.output_tokens);
        let recs = fitting(&s);
        assert!(!recs.is_empty(), "{q}");
        for r in recs {
            let (Some(h), Some(t)) = (gpuplan::engine::cost::base_job_hours(&r), r.tokens_per_s) else {
                panic!("{q} {}: a batch job has hours and a throughput", r.instance);
            };
            assert!(
                close(h * 3600.0 * t, tokens),
                "{q} {}: {h} h × {t} tokens/s ≠ {tokens}",
                r.instance
            );
        }
    }
}

#[test]
fn the_fleet_is_sized_to_the_deadline_and_no_larger() {
    let s = scenario(&format!("{DOCS}&inst=g6e.xlarge"));
    let r = fitting(&s).into_iter().next().expect("g6e.xlarge fits an 8B model");
    let h = gpuplan::engine::cost::base_job_hours(&r).unwrap_or(f64::NAN);
    let n = f64::from(r.n_instances);
    assert!(
        r.n_instances > 1,
        "a 20 M-request job in 3 days needs more than one g6e.xlarge"
    );
    // One replica an instance: the job's hours scale with the fleet; one instance fewer misses the 72 h.
    assert!(h <= 72.0, "{h} h on {n}");
    assert!(h * n / (n - 1.0) > 72.0, "{} instances would do: {h} h on {n}", n - 1.0);
    // A looser deadline buys fewer instances for the same tokens; the cost moves only by start-ups.
    let loose = scenario(&format!("{DOCS}&inst=g6e.xlarge&days=30"));
    let l = fitting(&loose).into_iter().next().expect("fits");
    assert!(l.n_instances < r.n_instances, "{} vs {}", l.n_instances, r.n_instances);
}

#[test]
fn a_window_shorter_than_the_deadline_sizes_the_job_to_the_window() {
    let s = scenario(&format!("{DOCS}&inst=g6e.xlarge&days=30&window=2"));
    let r = fitting(&s).into_iter().next().expect("fits");
    let h = gpuplan::engine::cost::base_job_hours(&r).unwrap_or(f64::NAN);
    // The window less a Capacity Block's 30-minute stop and the 10-minute start-up (`restart`).
    assert!(h <= 48.0 - 0.5 - 10.0 / 60.0 + 1e-9, "{h} h");
}

/// On-Demand: rate × instances × (the job's hours + the start-up); Spot: offered (a batch job may be
/// interrupted) and cheaper; every option's dollars per million are its job cost over the job's tokens.
#[test]
fn a_batch_job_is_priced_as_a_job_under_every_option() {
    let s = scenario(&format!("{DOCS}&inst=g6e.xlarge"));
    let r = fitting(&s).into_iter().next().expect("fits");
    let tokens = 20e6 * 150.0;
    let base = gpuplan::engine::cost::base_job_hours(&r).unwrap_or(f64::NAN);
    let rate = catalog()
        .on_demand("g6e.xlarge", "us-east-1")
        .map(|p| p.usd_hr)
        .expect("priced");
    let n = f64::from(r.n_instances);
    let options = option_costs(catalog(), &s, &r);
    let od = options.iter().find(|o| o.buy == Buy::OnDemand).expect("On-Demand");
    let od_usd = od.job_usd.expect("a job's cost");
    assert!(
        close(od_usd, rate * n * (base + s.purchase.restart_min / 60.0)),
        "{od_usd}"
    );
    assert_eq!(r.job_usd, Some(od_usd), "the headline is On-Demand's job");
    let spot = options.iter().find(|o| o.buy == Buy::Spot).expect("Spot");
    assert_eq!(spot.unavailable, None, "a batch job may run on Spot");
    assert!(spot.job_usd.is_some_and(|u| u < od_usd), "{:?}", spot.job_usd);
    for o in options.iter().filter(|o| o.unavailable.is_none()) {
        let (Some(usd), Some(m)) = (o.job_usd, o.usd_per_million_tokens) else {
            panic!("{:?}: a job's cost and its dollars per million", o.buy);
        };
        assert!(close(m, usd / tokens * 1e6), "{:?}: {m} vs {usd}", o.buy);
    }
}

#[test]
fn batch_serving_without_requests_or_without_out_stays_a_service() {
    for q in [
        "v=1&task=infer&mode=batch&ctx=4096&out=256&tps=3000&inst=g6e.xlarge",
        "v=1&task=infer&mode=batch&ctx=4096&reqs=1000000&inst=g6e.xlarge",
        "v=1&task=infer&ctx=4096&out=256&reqs=1000000&inst=g6e.xlarge",
    ] {
        let s = scenario(q);
        assert!(!s.is_job(), "{q}");
        for r in fitting(&s) {
            assert_eq!((r.job_hours, r.job_usd), (None, None), "{q} {}", r.instance);
            assert!(r.monthly_usd.is_some(), "{q}");
        }
    }
}

/// Bedrock is priced on the job's tokens once: requests × prompt at the input price and requests × out
/// at the output price, and the verdict weighs the batch price where Bedrock has one.
#[test]
fn bedrock_prices_the_jobs_tokens_once() {
    let s = scenario(DOCS);
    let r = fitting(&s).into_iter().next().expect("fits");
    let p = gpuplan::engine::plan(catalog(), &s, &r);
    let m = compare(catalog(), &s, &r, Some(&p)).expect("serving has a comparison");
    assert!(m.per_job);
    let Bedrock::Priced { on_demand, batch, .. } = &m.bedrock else {
        panic!("Llama 3.1 8B has a Bedrock price: {:?}", m.bedrock);
    };
    let (tin, tout) = (20e6 * 600.0, 20e6 * 150.0);
    let od = (tin * on_demand.in_usd_m + tout * on_demand.out_usd_m) / 1e6;
    assert!(
        m.bedrock_monthly_usd.is_some_and(|b| close(b, od)),
        "{:?} vs {od}",
        m.bedrock_monthly_usd
    );
    let b = batch.as_ref().expect("Llama 3.1 8B has a batch price");
    let bt = (tin * b.in_usd_m + tout * b.out_usd_m) / 1e6;
    assert!(
        m.batch_monthly_usd.is_some_and(|x| close(x, bt)),
        "{:?} vs {bt}",
        m.batch_monthly_usd
    );
    // The plan's side is the job's cost on the plan (its cheapest option), not the headline's option.
    assert_eq!(
        m.plan_monthly_usd,
        Some(p.horizon_usd),
        "the plan's side is the plan's cost of the job"
    );
    assert!(p.horizon_usd <= r.job_usd.unwrap_or(0.0));
    assert_eq!(m.bedrock_cheaper(), Some(bt < p.horizon_usd));
    assert_eq!((m.breakeven_tokens_month, m.capacity_tokens_month), (None, None));
}

#[test]
fn the_line_the_formulas_and_the_columns_say_it_is_a_job() {
    let s = scenario(&format!("{DOCS}&inst=g6e.xlarge"));
    let o = recommend(catalog(), &s);
    let line = gpuplan::explain::line(catalog(), &s, Default::default(), &o);
    assert!(
        line.contains("a batch job of 20M requests") && line.contains("for the job ("),
        "{line}"
    );
    let r = o.recommendations.first().expect("a recommendation");
    let f = gpuplan::explain::formulas(&s, &o.arch, r, Lang::En.into()).join("\n");
    let hours = gpuplan::format::hours(gpuplan::engine::cost::base_job_hours(r).unwrap_or(0.0), Lang::En);
    assert!(
        f.contains("job time = 20,000,000 requests × 150 output tokens ÷ ") && f.contains(&hours),
        "{f}"
    );
    assert!(f.contains("per million tokens = the job's "), "{f}");
    let zh = gpuplan::explain::scenario_line(&s, Lang::Zh);
    assert!(
        zh.starts_with("批量推理作业") && zh.contains("2,000 万个请求，3 天内完成"),
        "{zh}"
    );
}
