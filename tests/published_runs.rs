//! Training estimates held against published runs (issue 13). Each case states its source, date and setup
//! (model, accelerators, interconnect, precision, sequence length, global batch); the engine's planner
//! estimates it with ONE set of default assumptions (no per-case constant). Tolerance: each case within
//! ±25 %, except the known misses listed in `KNOWN_MISSES` with their explanation (kept in the table, not
//! tuned away); the median within ±20 % (the aim was ±15 %: missed, see README "How accurate it is").

use gpuplan::engine::parallel::{best_plan, Hardware, Plan};
use gpuplan::engine::training::job;
use gpuplan::models::{self, ModelArch};
use gpuplan::scenario::{Assumptions, Scenario, Task};

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
            cluster: H100_META(16384),
            measured: Measured::Mfu(0.41),
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
        assumptions: a.clone(),
        ..Scenario::default()
    };
    let job = job(&s, &c.arch, a);
    let hw = Hardware {
        peak_flops: c.cluster.peak_tflops * 1e12,
        usable_gib: c.cluster.mem_gib * a.mem_usable,
        mem_bw_bytes_s: c.cluster.mem_bw_gbs * 1e9,
        link_bytes_s: c.cluster.link_gbs * 1e9,
        domain: 8,
        count: 8,
        net_bytes_s: c.cluster.net_gbps / 8.0 * 1e9,
    };
    best_plan(&job, &hw, a, c.cluster.gpus / 8)
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

/// Cases the model misses by more than 25 %, and why. Not tuned away.
const KNOWN_MISSES: [(&str, &str); 1] = [(
    "Llama 2 34B (shape estimated)",
    "Llama 2 34B was never released: its layer shape is estimated, and its published GPU-hours are 60 % of the 70B's for 49 % of the parameters, a less efficient run than its siblings that the paper does not explain. The A100 runs also ran partly under a 350 W power cap (production cluster), which no peak figure reflects.",
)];

#[test]
fn published_training_runs_within_tolerance() {
    let a = Assumptions::default();
    let mut ratios = Vec::new();
    let mut report = String::new();
    for c in cases() {
        let (est, meas) = estimate(&c, &a);
        let ratio = est / meas;
        report.push_str(&format!(
            "| {} | {} | {:.4} | {:.4} | {:+.0} % |\n",
            c.name,
            c.date,
            est,
            meas,
            (ratio - 1.0) * 100.0
        ));
        assert!(!c.source.is_empty());
        ratios.push(ratio);
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
    let sorted = gpuplan::order::sorted(ratios.clone(), &|a: &f64, b: &f64| a.total_cmp(b));
    let median = sorted[sorted.len() / 2];
    assert!((median - 1.0).abs() <= 0.20, "median {median:.3}\n{report}");
}

/// Every published run gets a plan on its own cluster (printed with `--nocapture` for inspection).
#[test]
fn every_published_run_gets_a_plan() {
    let a = Assumptions::default();
    for c in cases() {
        let p = plan_on_its_cluster(&c, &a);
        assert!(p.is_some(), "{}: no plan fits its published cluster", c.name);
        println!("{}: {:?}", c.name, p.map(|p| (p.parallelism, p.terms, p.mem_gib)));
    }
}
