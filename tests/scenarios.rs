//! Scenario tests: hand-computed worked examples and the articles' decision flow, through one helper. What
//! each family may run is in tests/scenarios/families.rs, the decision flow in tests/scenarios/flow.rs.

use gpuplan::engine::{Exclusion, Outcome};
use gpuplan::query;

mod common;

#[path = "scenarios/families.rs"]
mod families;
#[path = "scenarios/flow.rs"]
mod flow;

/// Runs a query through the parser and the engine; fails on any query warning.
fn run(q: &str) -> Outcome {
    common::run(q).1
}

fn top(o: &Outcome) -> &str {
    o.recommendations.first().map_or("(none)", |r| r.instance.as_str())
}

fn family_of(id: &str) -> &str {
    id.split('.').next().unwrap_or(id)
}

/// Whether the instance type appears among the fitting recommendations.
fn fits(o: &Outcome, id: &str) -> bool {
    o.recommendations.iter().any(|r| r.instance == id && r.fits)
}

#[test]
fn seven_b_bf16_fits_one_24_gb_gpu() {
    // Llama 3.1 8B-class 7B: 7.24e9 x 2 B = 13.5 GiB + 0.5 GiB KV (4k x 128 KiB) + 1 GiB < 22.35 x 0.9.
    let o = run("v=1&model=mistral-7b&ctx=4096&batch=1&inst=g5.xlarge,g6.xlarge");
    assert!(fits(&o, "g5.xlarge") && fits(&o, "g6.xlarge"), "{o:?}");
    let r = &o.recommendations[0];
    assert_eq!((r.n_instances, r.devices_per_replica), (1, 1));
}

#[test]
fn thirteen_b_bf16_does_not_fit_one_24_gb_gpu_but_int8_does() {
    // 13.0e9 x 2 B = 24.2 GiB > 22.35 GiB; in int8 12.1 GiB fits.
    let bf16 = run("v=1&model=llama2-13b&ctx=2048&batch=1&inst=g6.xlarge&multinode=0");
    assert!(!fits(&bf16, "g6.xlarge"));
    assert!(bf16
        .recommendations
        .iter()
        .any(|r| r.instance == "g6.xlarge" && !r.fits));
    let int8 = run("v=1&model=llama2-13b&ctx=2048&batch=1&prec=int8&inst=g6.xlarge");
    assert!(fits(&int8, "g6.xlarge"), "{int8:?}");
}

#[test]
fn seventy_b_bf16_needs_140_gb_across_accelerators() {
    let o = run("v=1&model=llama3.1-70b&ctx=1024&batch=1&prio=cost&cuda=1");
    let r = &o.recommendations[0];
    assert!(
        r.memory.weights_gib * 1.073_741_824 >= 140.0,
        "{}",
        r.memory.weights_gib
    );
    assert!(r.mem_available_gib >= 140.0 / 1.073_741_824);
    assert!(r.devices_per_replica >= 2 || r.mem_available_gib >= 141.0, "{r:?}");
    // A single 80 GB GPU is never enough.
    assert!(!fits(
        &run("v=1&model=llama3.1-70b&ctx=1024&batch=1&inst=p5.4xlarge&multinode=0"),
        "p5.4xlarge"
    ));
}

#[test]
fn hpc_needs_real_fp64() {
    let o = run("v=1&task=hpc&fp64=50&gmem=100&prio=cost");
    for r in &o.recommendations {
        assert!(r.instance.starts_with('p'), "{}", r.instance);
    }
    assert!(o
        .excluded
        .iter()
        .any(|e| e.family == "g6e" && matches!(e.reason, Exclusion::WeakFp64 { .. })));
}

#[test]
fn nothing_fits_is_a_result_with_the_nearest_option() {
    // 2T parameters in BF16 (3.6 TiB) exceed every single instance; more replicas do not help.
    let o = run("v=1&params=2000&ctx=131072&batch=64&multinode=0&cuda=1");
    assert!(o.recommendations.is_empty());
    assert!(o.nearest.is_some());
    assert!(o
        .excluded
        .iter()
        .any(|e| matches!(e.reason, Exclusion::TooSmall { .. })));
}

#[test]
fn training_hand_computed_7b_on_h100() {
    // One p5.48xlarge, Mistral 7B, 4,096-token sequences, batch 1 per replica. The planner keeps the model
    // whole on each GPU (tp 1, dp 8), micro-batch 1 with selective recomputation (none does not fit 72 GiB).
    // FLOPs per token 6·N + 12·L·h·s = 6 × 7.2417e9 + 12 × 32 × 4096 × 4096 = 4.989e10, plus the
    // recomputed attention forward 4·L·h·s = 2.147e9; at 989 TFLOPS × 0.55 per GPU.
    // Data-parallel sync: all-reduce of 2 B × 7.24e9 over 8 GPUs on NVLink, 2·7/8·14.5 GB / (450 GB/s × 0.8)
    // = 70 ms, hidden behind 0.8 of a micro-batch's 0.39 s of compute: nothing waits on the network.
    let o = run("v=1&task=train&model=mistral-7b&tokens=100&ctx=4096&batch=1&inst=p5.48xlarge");
    let r = &o.recommendations[0];
    let per_token = 6.0 * 7_241_732_096.0 + 12.0 * 32.0 * 4096.0 * 4096.0 + 4.0 * 32.0 * 4096.0 * 4096.0;
    let gpu_hours = per_token * 1e11 / (989e12 * 0.55 * 3600.0);
    assert!(
        (r.gpu_hours.unwrap_or(0.0) / gpu_hours - 1.0).abs() < 1e-9,
        "{:?} vs {gpu_hours}",
        r.gpu_hours
    );
    // The run's GPU-hours at $55.04 an instance-hour, plus the job's 10-minute start-up (`restart`).
    assert!((r.job_usd.unwrap_or(0.0) - (gpu_hours / 8.0 + 10.0 / 60.0) * 55.04).abs() < 1e-6);
    assert!(r.energy_kwh.is_some_and(|e| (e - gpu_hours * 0.7).abs() < 1e-6));
    let p = r.parallelism.as_ref().unwrap_or_else(|| panic!("no plan"));
    assert_eq!((p.tp, p.pp, p.dp, p.micro_batch, p.grad_accum), (1, 1, 8, 1, 1));
    assert_eq!(p.recompute, gpuplan::engine::outcome::Recompute::Selective);
    assert!(p.comm_share.abs() < 1e-12);
    // Effective MFU counts model FLOPs only: 0.55 × 4.989e10 / 5.204e10.
    assert!((p.effective_mfu - 0.55 * (per_token - 4.0 * 32.0 * 4096.0 * 4096.0) / per_token).abs() < 1e-9);
}

#[test]
fn more_throughput_never_needs_fewer_instances() {
    let mut last = 0;
    for tps in [0, 100, 1000, 5000, 20000] {
        let o = run(&format!("v=1&inst=g6e.xlarge&tps={tps}"));
        let n = o.recommendations[0].n_instances;
        assert!(n >= last, "{tps}: {n} < {last}");
        last = n;
    }
}

#[test]
fn a_context_beyond_the_model_is_noticed() {
    let o = run("v=1&model=llama2-7b&ctx=8192");
    assert!(o
        .notices
        .iter()
        .any(|n| matches!(n, gpuplan::engine::Why::ContextBeyondModel { max: 4096, .. })));
    assert!(run("v=1&model=llama2-7b&ctx=4096").notices.is_empty());
}

#[test]
fn absurd_targets_are_refused_with_a_reason_never_a_wrapped_count() {
    // 10^9 tokens/s of a 405B model: no type can be sized within the planning limit.
    let o = run("v=1&model=llama3.1-405b&tps=1e9&cuda=1&ctx=4096&batch=1");
    assert!(o
        .recommendations
        .iter()
        .all(|r| u64::from(r.n_instances) <= gpuplan::engine::MAX_INSTANCES));
    assert!(o
        .excluded
        .iter()
        .any(|e| matches!(e.reason, Exclusion::TooMany { instances } if instances > 100_000)));
}

#[test]
fn the_planner_chooses_the_micro_batch_and_70b_fits_p4d_at_default_settings() {
    // Issue 13: with 8 × 8,192-token micro-batches per accelerator, 70B did not fit p4d at all. Now `batch`
    // is sequences per replica per step and the planner splits it: micro-batch 1-2 with recomputation and
    // gradient accumulation, as practitioners run it (4 on p4d, where TP over 8 GPUs splits the activations).
    let o = run("v=1&task=train&model=llama3.1-70b&tokens=50");
    for id in ["p4d.24xlarge", "p5.48xlarge"] {
        let r = o.recommendations.iter().find(|r| r.instance == id && r.fits);
        let r = r.unwrap_or_else(|| panic!("{id} does not fit"));
        assert!(r.n_instances > 1, "{id}: {}", r.n_instances);
        let p = r.parallelism.as_ref().unwrap_or_else(|| panic!("{id}: no plan"));
        assert!(p.micro_batch * p.grad_accum >= 8, "{id}: {p:?}");
        assert!(p.micro_batch <= 4, "{id}: {p:?}");
        assert_ne!(p.recompute, gpuplan::engine::outcome::Recompute::None, "{id}: {p:?}");
        assert!(p.tp <= 8 && p.dp >= 1, "{id}: {p:?}");
    }
    // Even a micro-batch of 1 with full recomputation is too much for a 16 GiB T4 at 128K tokens.
    let o = run("v=1&task=train&model=llama3.1-8b&tokens=1&ctx=131072&batch=1");
    assert!(o.excluded.iter().any(|e| e.instances.iter().any(|i| i == "g4dn.xlarge")
        && matches!(e.reason, Exclusion::ActivationsTooLarge { micro_batch: 1, .. })));
}

#[test]
fn hpc_is_compared_by_dollars_per_fp64_tflops_hour() {
    // p5.48xlarge: 8 × H100 SXM at 34 FP64 TFLOPS = 272; $55.04/h / 272 = $0.2024 per TFLOPS-hour.
    let o = run("v=1&task=hpc&fp64=40");
    let p5 = o.recommendations.iter().find(|r| r.instance == "p5.48xlarge");
    let lens = p5.and_then(gpuplan::engine::usd_per_fp64_tflops_hour);
    assert!(lens.is_some_and(|c| (c - 55.04 / 272.0).abs() < 1e-9), "{lens:?}");
    // The formula list shows how it was computed.
    let catalog = common::catalog();
    let (scenario, _) = query::parse("v=1&task=hpc&fp64=40", catalog);
    let shown = p5.map(|r| gpuplan::explain::formulas(&scenario, &o.arch, r, gpuplan::scenario::Lang::En.into()));
    assert!(
        shown
            .iter()
            .flatten()
            .any(|f| f == "cost per FP64 TFLOPS-hour = $55.04/h ÷ 272 TFLOPS = $0.2024"),
        "{shown:?}"
    );
    // No FP64 figure, no lens: a training recommendation has none.
    let t = run("v=1&task=train&model=llama3.1-8b&tokens=10&inst=p5.48xlarge");
    assert_eq!(
        t.recommendations
            .first()
            .and_then(gpuplan::engine::usd_per_fp64_tflops_hour),
        None
    );
}

#[test]
fn a_growing_service_shows_its_commitment_rule_and_a_job_does_not() {
    let catalog = common::catalog();
    let lines = |q: &str| {
        let (scenario, _) = query::parse(q, catalog);
        let o = run(q);
        o.recommendations
            .first()
            .map(|r| gpuplan::explain::formulas(&scenario, &o.arch, r, gpuplan::scenario::Lang::En.into()))
            .unwrap_or_default()
    };
    // A render farm compounds its count; a service sizes each month from its users on one replica's
    // capacity (g7e.2xlarge serves 189 sequences of 2,500 tokens of Llama 3.1 8B at the readable 10 tokens/s: tests/cost.rs).
    let farm = lines("v=1&task=graphics&mode=batch&inst=g6e.xlarge&growth=10&months=24");
    assert!(
        farm.iter().any(|f| {
            f.starts_with(
            "fleet in month m: n_m = ⌈1 × (1 + 0.1)^m⌉ (m = 0 in the first month, n_0 = 1); commit the k that minimises"
        )
        }),
        "{farm:?}"
    );
    let grow = lines("v=1&model=llama3.1-8b&batch=50&ctx=2500&out=500&growth=10&months=24&inst=g7e.2xlarge");
    assert!(
        grow.iter().any(|f| f.starts_with(
            "fleet in month m: n_m = max(1, ⌈50 × (1 + 0.1)^m / 189⌉) (m = 0 in the first month, n_0 = 1); commit"
        )),
        "{grow:?}"
    );
    let tps = lines("v=1&mode=batch&model=llama3.1-70b&inst=p5.48xlarge&growth=10&months=12&tps=20000");
    assert!(
        tps.iter()
            .any(|f| f.contains("⌈20,000 × (1 + 0.1)^m / r⌉)) (r: a replica's tokens/s packed to its s sequences")),
        "{tps:?}"
    );
    // A training job ignores growth, and so does a one-month horizon.
    for q in [
        "v=1&task=train&model=llama3.1-8b&tokens=10&growth=10",
        "v=1&growth=10&months=1",
    ] {
        assert!(!lines(q).iter().any(|f| f.contains("n_m")), "{q}");
    }
}

#[test]
fn serving_shows_what_a_million_tokens_cost_and_how() {
    // Llama 3.1 8B on one trn1.2xlarge (inf2.xlarge's 16 GiB of host RAM cannot load 15 GiB of BF16
    // weights plus the 4 GiB reserve): $1.34/h at ~186 tokens/s (Neuron's 3 ms step time, `nstepms`) is
    // ~$2.01 per million tokens.
    let catalog = common::catalog();
    let (scenario, _) = query::parse("v=1", catalog);
    let o = run("v=1");
    let top = o.recommendations.first();
    let m = top.and_then(|r| r.usd_per_million_tokens).unwrap_or(0.0);
    let (h, t) = top.map_or((0.0, 1.0), |r| {
        (r.hourly_usd.unwrap_or(0.0), r.tokens_per_s.unwrap_or(1.0))
    });
    assert!(
        (m - h / (t * 3600.0) * 1e6).abs() < 1e-9 && (1.95..2.05).contains(&m),
        "{m}"
    );
    let lines = top
        .map(|r| gpuplan::explain::formulas(&scenario, &o.arch, r, gpuplan::scenario::Lang::En.into()))
        .unwrap_or_default();
    assert!(
        lines
            .iter()
            .any(|f| f == "per million tokens = $1.34/h ÷ (8 users × 23.2 = 186 tokens/s × 3,600 s) × 10⁶ = $2.01"),
        "{lines:?}"
    );
    // A training job has no per-token figure.
    let job = run("v=1&task=train&model=llama3.1-8b&tokens=10");
    assert!(job.recommendations.iter().all(|r| r.usd_per_million_tokens.is_none()));
}

/// `hours=0`: every On-Demand monthly cost is zero, so the ranking compares hourly rates: the same order
/// as at any other usage, never name order. Equal scores break ties on fewer instances, then the name.
#[test]
fn zero_hours_rank_by_what_an_hour_costs() {
    for prio in ["cost", "balanced", "perf"] {
        for task in ["infer", "graphics", "hpc"] {
            let order = |q: &str| {
                run(q)
                    .recommendations
                    .iter()
                    .map(|r| r.instance.clone())
                    .collect::<Vec<_>>()
            };
            let at = |h: u32| order(&format!("v=1&task={task}&prio={prio}&hours={h}"));
            assert_eq!(at(0), at(730), "{task} {prio}");
        }
    }
    assert_ne!(top(&run("v=1&hours=0")), "g4dn.12xlarge");
}

#[test]
fn a_chosen_type_that_cannot_run_is_shown_marked_and_named_nearest() {
    // 70B in BF16 on one g6.xlarge (22 GiB, no EFA for several instances): nothing fits; the README
    // promises the chosen type is shown, marked, and `nearest` names it.
    let o = run("v=1&model=llama3.1-70b&ctx=1024&batch=1&inst=g6.xlarge");
    assert!(
        o.recommendations.iter().any(|r| r.instance == "g6.xlarge" && !r.fits),
        "{o:?}"
    );
    assert_eq!(o.nearest.as_deref(), Some("g6.xlarge"));
    let hpc = run("v=1&task=hpc&fp64=50&inst=inf2.xlarge");
    assert!(hpc
        .recommendations
        .iter()
        .any(|r| r.instance == "inf2.xlarge" && !r.fits));
    assert_eq!(hpc.nearest.as_deref(), Some("inf2.xlarge"));
}

#[test]
fn a_chip_without_an_fp64_figure_is_not_described_with_a_question_mark() {
    use gpuplan::scenario::Lang;
    for lang in [Lang::En, Lang::Zh] {
        let t = gpuplan::explain::exclusion(&Exclusion::WeakFp64 { fp64_tflops: None }, lang);
        assert!(!t.contains('?') && t.contains("FP64"), "{t}");
    }
}

#[test]
fn seventy_b_on_p5_versus_g6e_the_plan_and_why() {
    // Issue 13: 70B pre-training. p5.48xlarge: NVLink 4 (450 GB/s one way) and 400 Gbps of EFA per GPU;
    // g6e.48xlarge: PCIe Gen4 (32 GB/s) and 50 Gbps per GPU without GPUDirect RDMA. The planner keeps
    // TP inside NVLink on p5 with little waiting; on g6e TP stays small (PCIe) and much of each step waits
    // on the network, so the same job costs several times more.
    let o = run("v=1&task=train&params=70&tokens=200&ctx=4096&prio=cost&inst=p5.48xlarge,g6e.48xlarge");
    let get = |id: &str| {
        o.recommendations
            .iter()
            .find(|r| r.instance == id && r.fits)
            .unwrap_or_else(|| panic!("{id}"))
    };
    let (p5, g6e) = (get("p5.48xlarge"), get("g6e.48xlarge"));
    let (pp5, pg6e) = (
        p5.parallelism.as_ref().unwrap_or_else(|| panic!("p5 plan")),
        g6e.parallelism.as_ref().unwrap_or_else(|| panic!("g6e plan")),
    );
    assert!(pp5.tp >= 2 && pp5.comm_share < 0.2, "{pp5:?}");
    assert!(pg6e.tp <= 4 && pg6e.comm_share > 0.25, "{pg6e:?}");
    assert!(pp5.effective_mfu > 1.5 * pg6e.effective_mfu, "{pp5:?} {pg6e:?}");
    let (c5, c6) = (p5.job_usd.unwrap_or(0.0), g6e.job_usd.unwrap_or(0.0));
    assert!(c6 > 2.0 * c5, "g6e {c6} vs p5 {c5}");
    assert_eq!(o.recommendations[0].instance, "p5.48xlarge");
    // The plan is said in words.
    let catalog = common::catalog();
    let text: Vec<String> = p5
        .reasons
        .iter()
        .map(|w| gpuplan::explain::why(w, gpuplan::scenario::Lang::En))
        .collect();
    assert!(
        text.iter()
            .any(|t| t.starts_with("Tensor-parallel over ") && t.contains("NVLink 4") && t.contains("over EFA")),
        "{text:?}"
    );
    let zh: Vec<String> = p5
        .reasons
        .iter()
        .map(|w| gpuplan::explain::why(w, gpuplan::scenario::Lang::Zh))
        .collect();
    assert!(
        zh.iter().any(|t| t.starts_with("张量并行跨 ") && t.contains("经 EFA")),
        "{zh:?}"
    );
    let _ = catalog;
}

#[test]
fn a_34b_model_at_default_settings_gets_trainium() {
    // The articles' flow: 30B+ Transformer, not urgent → Trainium. At default settings trn1 is eligible
    // and fits; at Neuron's published training efficiency (`nteff`, issue 23) it costs more than the
    // cheapest at list prices, within 3× (it was within 25 % while Trainium ran at the GPU efficiency).
    let o = run("v=1&task=train&params=34&tokens=100&prio=cost");
    let best = o.recommendations[0].job_usd.unwrap_or(f64::NAN);
    let trn = o
        .recommendations
        .iter()
        .find(|r| r.instance == "trn1.32xlarge" && r.fits);
    let trn = trn.unwrap_or_else(|| panic!("trn1 not recommended: {:?}", o.excluded));
    let trn_usd = trn.job_usd.unwrap_or(f64::INFINITY);
    assert!(trn_usd > best && trn_usd <= best * 3.0, "trn1 {trn_usd} vs best {best}");
    assert!(trn.parallelism.as_ref().is_some_and(|p| p.tp >= 2));
}

#[test]
fn an_old_training_links_mfu_still_times_the_run_end_to_end() {
    // Before the planner, `mfu` timed training: GPU-hours = model FLOPs / (peak × mfu). A link with `mfu`
    // and no `teff` keeps that: Mistral 7B, 100B tokens at 4,096 on one p5.48xlarge (989 TFLOPS BF16):
    // FLOPs per token 6 × 7.2417e9 + 12 × 32 × 4096 × 4096; at mfu 0.3 the job takes that / (8 × 989e12 × 0.3).
    let q = "v=1&task=train&model=mistral-7b&tokens=100&ctx=4096&batch=1&inst=p5.48xlarge";
    let days = |mfu: &str| {
        let o = run(&format!("{q}&mfu={mfu}"));
        assert!(
            o.notices
                .iter()
                .any(|n| matches!(n, gpuplan::engine::Why::EndToEndMfu { .. })),
            "{:?}",
            o.notices
        );
        let r = &o.recommendations[0];
        let p = r.parallelism.as_ref().unwrap_or_else(|| panic!("no plan"));
        assert!((p.effective_mfu - mfu.parse::<f64>().unwrap_or(0.0)).abs() < 1e-9);
        // The run, less the job's start-up (`restart`, 10 minutes).
        (r.job_hours.unwrap_or(f64::NAN) - 10.0 / 60.0) / 24.0
    };
    let per_token = 6.0 * 7_241_732_096.0 + 12.0 * 32.0 * 4096.0 * 4096.0;
    let want = per_token * 1e11 / (8.0 * 989e12 * 0.3) / 86_400.0;
    let (d3, d5) = (days("0.3"), days("0.5"));
    assert!((d3 / want - 1.0).abs() < 1e-9, "{d3} vs {want}");
    assert!((d5 / d3 - 0.6).abs() < 1e-9, "{d5} vs {d3}");
    // With `teff` the planner's own timing applies, and no notice.
    let o = run(&format!("{q}&mfu=0.3&teff=0.5"));
    assert!(o.notices.is_empty(), "{:?}", o.notices);
    assert!((o.recommendations[0].job_hours.unwrap_or(0.0) / 24.0 / d3 - 1.0).abs() > 0.05);
    // Both languages name the field.
    let n = gpuplan::engine::Why::EndToEndMfu { mfu: 0.3 };
    assert!(gpuplan::explain::why(&n, gpuplan::scenario::Lang::En).contains("`mfu` = 30 %"));
    assert!(gpuplan::explain::why(&n, gpuplan::scenario::Lang::Zh).contains("`mfu` = 30 %"));
}

#[test]
fn a_price_not_collected_is_not_called_not_offered() {
    // Singapore: the regional source lists every G5 size priced there, and lists none, so G5 is not
    // offered On-Demand; G7 is outside that source (no Singapore price was collected): it may be sold.
    let o = run("v=1&task=graphics&seats=1&gmem=8&vcpu=4&ram=16&region=ap-southeast-1");
    let reason = |id: &str| {
        o.excluded
            .iter()
            .find(|e| e.instances.iter().any(|i| i == id))
            .map(|e| e.reason.clone())
            .unwrap_or_else(|| panic!("{id} not excluded: {:?}", o.excluded))
    };
    let region = "ap-southeast-1".to_string();
    assert_eq!(reason("g5.xlarge"), Exclusion::NotInRegion { region: region.clone() });
    let g7 = reason("g7.2xlarge");
    assert_eq!(g7, Exclusion::PriceNotCollected { region });
    let en = gpuplan::explain::exclusion(&g7, gpuplan::scenario::Lang::En);
    assert!(en.starts_with("Price not collected for ap-southeast-1"), "{en}");
    let zh = gpuplan::explain::exclusion(&g7, gpuplan::scenario::Lang::Zh);
    assert!(zh.contains("价格未收集"), "{zh}");
    // Tokyo: p3.16xlarge has no collected price, but p3 is priced there on other sizes: the documented
    // regional multiplier derives it (us-east-1 × 1.3706), marked derived.
    let o = run("v=1&task=hpc&fp64=5&gmem=16&inst=p3.16xlarge&region=ap-northeast-1");
    let r = &o.recommendations[0];
    assert!(r.fits && r.price.as_ref().is_some_and(|p| p.derived), "{r:?}");
    assert!(r
        .reasons
        .iter()
        .any(|w| matches!(w, gpuplan::engine::Why::DerivedPrice { multiplier } if (multiplier - 1.3706).abs() < 1e-3)));
}
