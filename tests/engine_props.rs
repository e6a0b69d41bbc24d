//! The engine is total: any scenario a link can express gives recommendations, options and a plan without a panic, and every figure is finite or absent.

use gpuplan::catalog::Catalog;
use gpuplan::engine::cost::option_costs;
use gpuplan::engine::plan::plan;
use gpuplan::engine::recommend;
use gpuplan::query::{encode, parse};
use proptest::prelude::*;
use std::sync::OnceLock;

fn catalog() -> &'static Catalog {
    static C: OnceLock<Catalog> = OnceLock::new();
    C.get_or_init(Catalog::bundled)
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn the_engine_never_panics_and_never_yields_nan(link in extreme_link()) {
        let (s, _) = parse(&link, catalog());
        let o = recommend(catalog(), &s);
        for r in o.recommendations.iter().take(8) {
            prop_assert!(r.mem_needed_gib.is_finite() && r.mem_available_gib.is_finite(), "{}", encode(&s));
            for v in [r.hourly_usd, r.monthly_usd, r.job_usd, r.usd_per_mtok, r.job_hours, r.gpu_hours, r.tokens_per_s, r.energy_kwh] {
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
