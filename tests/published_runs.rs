//! Training estimates held against published runs (issue 13). Each case states its source, date and setup
//! (model, accelerators, interconnect, precision, sequence length, global batch); the engine's planner
//! estimates it with ONE set of default assumptions (no per-case constant). Tolerance: each case within
//! ±25 % in the unit its source reports, except the known misses listed in `KNOWN_MISSES` with their
//! explanation (kept in the table, not tuned away). The median is taken over one direction: every case as
//! estimated speed ÷ measured speed (a GPU-hours estimate below the measured figure is a model that runs
//! faster), within ±15 %. (An earlier version took the median of the errors in each source's own unit,
//! where GPU-hours and MFU point opposite ways: it read −18 % where the model is in fact +11 % fast.)
//!
//! Why the default kernel efficiency (`teff` 0.55) stands, giving ~52 % effective MFU for 70B on
//! p6-b200 against Llama 3's 38-43 % on H100 (issue 13 review, 2026-12-01): in speed the model is fast
//! on the A100 Llama 2 runs (+11 % to +21 %, +37 % for the estimated 34B) and slightly slow on the 405B
//! H100 runs (−5 %, −9 %), where it finds Meta's own layout (TP 8 × PP 16 × DP 64/128). Those were
//! −21 % while recomputation was all-or-nothing per plan: recomputing in full only the layers memory
//! needs (Megatron-LM's block method, 1 of each stage's 7 here) is the principled term that was missing.
//! Lowering `teff` to meet Llama 2 would push the 405B runs down; raising it would widen the A100
//! optimism: no single value does better, and one value must serve all. One term the planner does not
//! charge, known: the Llama 2 figures are GPU-hours of whole runs, which include failures and restarts
//! (Llama 3 §3.3.4 reports "more than 90 %" effective training time at 16K GPUs, i.e. up to ~10 % of
//! the hours), while the planner times steady-state steps.
//!
//! B200 (sixth session, 2026-12-01): NVIDIA's published Megatron-Bridge benchmarks give B200 runs with a
//! stated setup (FP8, 8K sequences). Llama 3.1 405B on 128 B200 runs at 661 tokens/s/GPU, about 1,600
//! model TFLOPS per GPU: 71 % of B200's BF16 peak, or ~51 % at BF16 once FP8's speed-up (the `fp8x`
//! assumption, 1.4) is taken out. The ~52 % the planner gives a BF16 70B job on p6-b200 is therefore in
//! line with what B200 delivers, not optimistic; on the NVIDIA rows the planner is 13-26 % slow (it has
//! no context parallelism and charges tensor-parallel all-reduces as exposed time), on Meta's
//! production runs 5-9 % slow, on the A100 Llama 2 runs 11-21 % fast. The median over all rows is within
//! ±15 %; one set of assumptions serves them all.

use gpuplan::engine::parallel::{best_plan, Hardware, Plan};
use gpuplan::engine::training::{job, training_peak_tflops};
use gpuplan::models::{self, ModelArch};
use gpuplan::scenario::{Assumptions, Precision, Scenario, Task};

/// A cluster as the source describes it (not an AWS instance type: these runs were on Meta's clusters).
struct Cluster {
    peak_tflops: f64,
    mem_gib: f64,
    mem_bw_gbs: f64,
    /// NVLink per GPU, one direction, GB/s (catalog: A100 300, H100 450).
    link_gbs: f64,
    /// Network per GPU, Gbit/s, with GPUDirect RDMA.
    net_gbps: f64,
    gpus: u32,
}

/// DGX B200 as NVIDIA's runs state it: B200 at 1,000 W (catalog: 2,250 TFLOPS BF16 dense, FP8 twice
/// that; 180 GB HBM3e at 8 TB/s; NVLink 5 at 1.8 TB/s both ways), 400 Gb/s per GPU.
const DGX_B200: fn(u32) -> Cluster = |gpus| Cluster {
    peak_tflops: 2250.0,
    mem_gib: 180e9 / GIB,
    mem_bw_gbs: 8000.0,
    link_gbs: 900.0,
    net_gbps: 400.0,
    gpus,
};
const GIB: f64 = 1_073_741_824.0;

/// What was measured: accelerator-hours for the whole run, or model-FLOPs utilisation.
enum Measured {
    GpuHours(f64),
    Mfu(f64),
    TokensPerGpuSecond(f64),
}

struct Case {
    name: &'static str,
    source: &'static str,
    date: &'static str,
    arch: ModelArch,
    seq: u32,
    global_batch_seqs: u32,
    tokens: f64,
    /// BF16, or FP8 (run at the default FP8 speed-up over BF16, the `fp8x` assumption, as the page does).
    precision: Precision,
    cluster: Cluster,
    measured: Measured,
}

const A100_RSC: fn(u32) -> Cluster = |gpus| Cluster {
    peak_tflops: 312.0,
    mem_gib: 80.0,
    mem_bw_gbs: 2000.0,
    link_gbs: 300.0,
    net_gbps: 200.0,
    gpus,
};
const H100_META: fn(u32) -> Cluster = |gpus| Cluster {
    peak_tflops: 989.0,
    mem_gib: 80.0,
    mem_bw_gbs: 3350.0,
    link_gbs: 450.0,
    net_gbps: 400.0,
    gpus,
};

fn preset(id: &str) -> ModelArch {
    models::preset_by_id(id).cloned().unwrap_or_else(|| panic!("{id}"))
}

const LLAMA2: &str = "Touvron et al., Llama 2: Open Foundation and Fine-Tuned Chat Models, arXiv 2307.09288, Table 1 and §2.2.1 (2T tokens, 4K context, 4M-token global batch, A100-80GB, 200 Gbps per GPU; GPU count per model not published: 2,048 used)";
const LLAMA1: &str = "Touvron et al., LLaMA: Open and Efficient Foundation Language Models, arXiv 2302.13971, §2.4 (65B: 380 tokens/s/GPU on 2,048 A100-80GB, 2K context, 4M-token batch)";
const NEMO: &str = "NVIDIA Megatron-Bridge, Performance Summary, 25.11 NeMo container (github.com/NVIDIA-NeMo/Megatron-Bridge docs/performance-summary-archive.md): pre-training, FP8 current scaling, 8K sequences, synthetic data, tokens/sec/GPU; DGX-B200 and DGX-H100 (8 GPUs a node on NVSwitch, 8 × 400 Gb/s InfiniBand)";
const LLAMA3: &str = "Llama Team, The Llama 3 Herd of Models, arXiv 2407.21783, §3.3 Table 4 (405B, BF16, 8K sequences, 16M-token global batch, H100 with 400 Gbps RoCE per GPU)";

fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "Llama 2 7B",
            source: LLAMA2,
            date: "2023-07-18",
            arch: preset("llama2-7b"),
            seq: 4096,
            global_batch_seqs: 1024,
            tokens: 2e12,
            precision: Precision::Bf16,
            cluster: A100_RSC(2048),
            measured: Measured::GpuHours(184_320.0),
        },
        Case {
            name: "Llama 2 13B",
            source: LLAMA2,
            date: "2023-07-18",
            arch: preset("llama2-13b"),
            seq: 4096,
            global_batch_seqs: 1024,
            tokens: 2e12,
            precision: Precision::Bf16,
            cluster: A100_RSC(2048),
            measured: Measured::GpuHours(368_640.0),
        },
        Case {
            name: "Llama 2 34B (shape estimated)",
            source: LLAMA2,
            date: "2023-07-18",
            arch: models::estimate(34e9, 34e9),
            seq: 4096,
            global_batch_seqs: 1024,
            tokens: 2e12,
            precision: Precision::Bf16,
            cluster: A100_RSC(2048),
            measured: Measured::GpuHours(1_038_336.0),
        },
        Case {
            name: "Llama 2 70B",
            source: LLAMA2,
            date: "2023-07-18",
            arch: preset("llama2-70b"),
            seq: 4096,
            global_batch_seqs: 1024,
            tokens: 2e12,
            precision: Precision::Bf16,
            cluster: A100_RSC(2048),
            measured: Measured::GpuHours(1_720_320.0),
        },
        Case {
            name: "LLaMA 65B (shape estimated)",
            source: LLAMA1,
            date: "2023-02-27",
            arch: models::estimate(65.2e9, 65.2e9),
            seq: 2048,
            global_batch_seqs: 2048,
            tokens: 1.4e12,
            precision: Precision::Bf16,
            cluster: A100_RSC(2048),
            measured: Measured::TokensPerGpuSecond(380.0),
        },
        Case {
            name: "Llama 3 405B, 8,192 GPUs",
            source: LLAMA3,
            date: "2024-07-23",
            arch: preset("llama3.1-405b"),
            seq: 8192,
            global_batch_seqs: 2048,
            tokens: 15.6e12,
            precision: Precision::Bf16,
            cluster: H100_META(8192),
            measured: Measured::Mfu(0.43),
        },
        Case {
            name: "Llama 3 405B, 16,384 GPUs",
            source: LLAMA3,
            date: "2024-07-23",
            arch: preset("llama3.1-405b"),
            seq: 8192,
            global_batch_seqs: 2048,
            tokens: 15.6e12,
            precision: Precision::Bf16,
            cluster: H100_META(16384),
            measured: Measured::Mfu(0.41),
        },
        Case {
            name: "Llama 3.1 405B FP8, 128 B200",
            source: NEMO,
            date: "2025-11",
            arch: preset("llama3.1-405b"),
            seq: 8192,
            global_batch_seqs: 64,
            tokens: 15.6e12,
            precision: Precision::Fp8,
            cluster: DGX_B200(128),
            measured: Measured::TokensPerGpuSecond(661.0),
        },
        Case {
            name: "Llama 3 8B FP8, 8 B200",
            source: NEMO,
            date: "2025-11",
            arch: preset("llama3.1-8b"),
            seq: 8192,
            global_batch_seqs: 128,
            tokens: 15e12,
            precision: Precision::Fp8,
            cluster: DGX_B200(8),
            measured: Measured::TokensPerGpuSecond(30_624.0),
        },
        Case {
            name: "Llama 3 70B FP8, 64 H100",
            source: NEMO,
            date: "2025-11",
            arch: preset("llama3.1-70b"),
            seq: 8192,
            global_batch_seqs: 128,
            tokens: 15e12,
            precision: Precision::Fp8,
            cluster: H100_META(64),
            measured: Measured::TokensPerGpuSecond(1_602.0),
        },
        Case {
            name: "Llama 3.1 405B FP8, 1,024 H100",
            source: NEMO,
            date: "2025-11",
            arch: preset("llama3.1-405b"),
            seq: 8192,
            global_batch_seqs: 512,
            tokens: 15.6e12,
            precision: Precision::Fp8,
            cluster: H100_META(1024),
            measured: Measured::TokensPerGpuSecond(292.0),
        },
        Case {
            name: "Llama 3 8B FP8, 8 H100",
            source: NEMO,
            date: "2025-11",
            arch: preset("llama3.1-8b"),
            seq: 8192,
            global_batch_seqs: 128,
            tokens: 15e12,
            precision: Precision::Fp8,
            cluster: H100_META(8),
            measured: Measured::TokensPerGpuSecond(14_451.0),
        },
    ]
}

/// The planner's best plan for a case on its own cluster (8 GPUs a node, one NVLink domain each).
fn plan_on_its_cluster(c: &Case, a: &Assumptions) -> Option<Plan> {
    let s = Scenario {
        task: Task::Training,
        context_tokens: c.seq,
        global_batch: c.global_batch_seqs,
        train_tokens_b: c.tokens / 1e9,
        precision: c.precision,
        assumptions: a.clone(),
        ..Scenario::default()
    };
    let job = job(&s, &c.arch, a);
    let hw = Hardware {
        peak_flops: peak_tflops(c, a) * 1e12,
        usable_gib: c.cluster.mem_gib * a.mem_usable,
        mem_bw_bytes_s: c.cluster.mem_bw_gbs * 1e9,
        link_bytes_s: c.cluster.link_gbs * 1e9,
        domain: 8,
        count: 8,
        net_bytes_s: c.cluster.net_gbps / 8.0 * 1e9,
    };
    best_plan(&job, &hw, a, c.cluster.gpus / 8)
}

/// The peak the planner runs the case at: the cluster's BF16 dense peak, or FP8 by the engine's own rule
/// (`training_peak_tflops`: the `fp8x` speed-up over BF16, capped at the chip's FP8 peak) on the catalog's
/// accelerator of that BF16 peak (H100 SXM, B200).
fn peak_tflops(c: &Case, a: &Assumptions) -> f64 {
    let catalog = gpuplan::catalog::Catalog::bundled();
    let acc = catalog
        .accelerators
        .iter()
        .find(|x| x.bf16_tflops == Some(c.cluster.peak_tflops) && x.fp8_tflops.is_some());
    match (c.precision, acc) {
        (Precision::Bf16, _) => c.cluster.peak_tflops,
        (p, Some(acc)) => training_peak_tflops(acc, p, a).unwrap_or_else(|| panic!("{}: no peak", c.name)),
        (_, None) => panic!(
            "{}: no catalog accelerator at {} TFLOPS BF16",
            c.name, c.cluster.peak_tflops
        ),
    }
}

/// (estimate, measured) for one case, in the unit the source reports.
fn estimate(c: &Case, a: &Assumptions) -> (f64, f64) {
    let plan = plan_on_its_cluster(c, a).unwrap_or_else(|| panic!("{}: no plan", c.name));
    let gpus = f64::from(c.cluster.gpus);
    match c.measured {
        Measured::GpuHours(h) => (c.tokens * plan.seconds_per_token() * gpus / 3600.0, h),
        Measured::Mfu(m) => (plan.parallelism.effective_mfu, m),
        Measured::TokensPerGpuSecond(t) => (1.0 / plan.seconds_per_token() / gpus, t),
    }
}

/// Estimated speed ÷ measured speed: > 1 where the model runs faster than the source (fewer GPU-hours,
/// a higher MFU or more tokens per second).
fn speed_ratio(c: &Case, est: f64, meas: f64) -> f64 {
    match c.measured {
        Measured::GpuHours(_) => meas / est,
        Measured::Mfu(_) | Measured::TokensPerGpuSecond(_) => est / meas,
    }
}

/// Cases the model misses by more than 25 %, and why. Not tuned away.
const KNOWN_MISSES: [(&str, &str); 2] = [
    (
        "Llama 2 34B (shape estimated)",
        "Llama 2 34B was never released: its layer shape is estimated, and its published GPU-hours are 60 % of the 70B's for 49 % of the parameters, a less efficient run than its siblings that the paper does not explain. The A100 runs also ran partly under a 350 W power cap (production cluster), which no peak figure reflects.",
    ),
    (
        "Llama 3.1 405B FP8, 1,024 H100",
        "NVIDIA's benchmark recipe splits each 8K sequence over two GPUs (context parallelism, CP 2) to halve the pipeline (PP 8, 8 virtual stages) and overlaps tensor-parallel all-reduces with compute; the planner has no context parallelism (it takes PP 16) and charges tensor-parallel all-reduces as exposed time (15 % of its step here). A tuned synthetic-data benchmark, not a production run: the planner is slow on every NVIDIA row (−13 % to −26 %) and fast on Meta's production Llama 2 runs.",
    ),
];

#[test]
fn published_training_runs_within_tolerance() {
    let a = Assumptions::default();
    let mut ratios = Vec::new();
    let mut speeds = Vec::new();
    let mut report = String::new();
    for c in cases() {
        let (est, meas) = estimate(&c, &a);
        let ratio = est / meas;
        let speed = speed_ratio(&c, est, meas);
        report.push_str(&format!(
            "| {} | {} | {:.4} | {:.4} | {:+.0} % | speed {:+.0} % |\n",
            c.name,
            c.date,
            est,
            meas,
            (ratio - 1.0) * 100.0,
            (speed - 1.0) * 100.0
        ));
        assert!(!c.source.is_empty());
        ratios.push(ratio);
        speeds.push(speed);
    }
    println!("{report}");
    for (c, r) in cases().iter().zip(&ratios) {
        if KNOWN_MISSES.iter().any(|(n, why)| *n == c.name && !why.is_empty()) {
            assert!(
                (r - 1.0).abs() <= 0.35,
                "{}: estimate / measured = {r:.3}\n{report}",
                c.name
            );
            continue;
        }
        assert!(
            (r - 1.0).abs() <= 0.25,
            "{}: estimate / measured = {r:.3}\n{report}",
            c.name
        );
    }
    let sorted = gpuplan::order::sorted(speeds, &|a: &f64, b: &f64| a.total_cmp(b));
    let median = sorted[sorted.len() / 2];
    assert!((median - 1.0).abs() <= 0.15, "median speed ratio {median:.3}\n{report}");
}

/// Every published run gets a plan on its own cluster (printed with `--nocapture` for inspection).
#[test]
fn every_published_run_gets_a_plan() {
    let a = Assumptions::default();
    for c in cases() {
        let p = plan_on_its_cluster(&c, &a);
        assert!(p.is_some(), "{}: no plan fits its published cluster", c.name);
        // Llama 3 Table 4 states the layout: TP 8, PP 16, DP 64 (8,192 GPUs) or 128 (16,384). The planner
        // finds it, recomputing in full only the layers memory needs (1 of each stage's 7).
        if let Some(plan) = p.as_ref().filter(|_| c.name.starts_with("Llama 3 405B")) {
            let q = &plan.parallelism;
            assert_eq!((q.tp, q.pp, q.dp), (8, 16, c.cluster.gpus / 128), "{}", c.name);
            assert_eq!(q.recompute_layers, Some(1), "{}", c.name);
        }
        println!("{}: {:?}", c.name, p.map(|p| (p.parallelism, p.terms, p.mem_gib)));
    }
}
