//! The serving model held against published inference measurements with stated setups: one set of
//! assumptions (the defaults) for every row, no constant per case. Each estimate must land within ±25 %
//! of the measurement and the median ratio within ±15 %. README's "How accurate it is" shows this table.

use gpuplan::catalog::Catalog;
use gpuplan::engine::serving_estimate;
use gpuplan::query;

/// What the source measured.
#[derive(Clone, Copy, Debug)]
enum Measured {
    /// Time between output tokens of one sequence, ms.
    ItlMs(f64),
    /// End-to-end time of a batch of requests of `out` output tokens each (prefilled together, then decoded), ms.
    LatencyMs { out: f64, ms: f64 },
    /// Output tokens per second over all sequences at a steady concurrency, with `out` output tokens per request
    /// (prefill of each new request interrupts decoding, so it is charged).
    ThroughputTps { out: f64, tps: f64 },
}

struct Run {
    source: &'static str,
    url: &'static str,
    date: &'static str,
    /// gpuplan link: model, precision, context (the prompt, for prefill and KV cache).
    query: &'static str,
    /// The AWS instance with the same accelerators, the tensor-parallel degree and concurrent sequences.
    instance: &'static str,
    tp: u32,
    seqs: u32,
    measured: Measured,
}

const NEMO: &str = "NVIDIA NeMo Framework user guide, Llama-2 inference performance (TensorRT-LLM, 128 in / 20 out)";
const NEMO_URL: &str = "https://docs.nvidia.com/nemo-framework/user-guide/latest/performance/llama.html";
const NIM: &str =
    "NVIDIA NIM LLM benchmarking guide v1.0.0, Performance: Llama-3.3-70B-Instruct, NIM 1.8.0, 2 x H100 80GB, FP8, TP2";
const NIM_URL: &str = "https://docs.nvidia.com/nim/benchmarking/llm/1.0.0/performance";

/// A NIM row: Llama 3.3 70B (the shape of the 3.1 70B preset) in FP8 on 2 × H100 (TP2), as `query` states it.
const fn nim(query: &'static str, seqs: u32, measured: Measured) -> Run {
    Run {
        source: NIM,
        url: NIM_URL,
        date: "2025",
        query,
        instance: "p5.48xlarge",
        tp: 2,
        seqs,
        measured,
    }
}

/// A NeMo row: Llama 2 7B in FP16, 128 tokens in and 20 out, end-to-end `ms`.
const fn nemo(instance: &'static str, tp: u32, seqs: u32, ms: f64) -> Run {
    Run {
        source: NEMO,
        url: NEMO_URL,
        date: "2024",
        query: "v=1&model=llama2-7b&prec=fp16&ctx=128",
        instance,
        tp,
        seqs,
        measured: Measured::LatencyMs { out: 20.0, ms },
    }
}

const RUNS: &[Run] = &[
    Run {
        source: "PyTorch blog (IBM Research, Meta): 29 ms per token for single-user requests, Llama 2 70B on 8 A100 GPUs, tensor parallel",
        url: "https://pytorch.org/blog/pytorch-compile-to-speed-up-inference/",
        date: "2023",
        query: "v=1&model=llama2-70b&prec=bf16&ctx=1024",
        instance: "p4de.24xlarge",
        tp: 8,
        seqs: 1,
        measured: Measured::ItlMs(29.0),
    },
    nim("v=1&model=llama3.1-70b&prec=fp8&ctx=1500", 1, Measured::ItlMs(18.91)),
    nim("v=1&model=llama3.1-70b&prec=fp8&ctx=5000", 1, Measured::ItlMs(18.58)),
    nim("v=1&model=llama3.1-70b&prec=fp8&ctx=5000", 5, Measured::ThroughputTps { out: 500.0, tps: 218.48 }),
    nim("v=1&model=llama3.1-70b&prec=fp8&ctx=5000", 25, Measured::ThroughputTps { out: 500.0, tps: 623.4 }),
    nemo("p4de.24xlarge", 1, 1, 234.0),
    nemo("p5.48xlarge", 1, 1, 153.8),
    nemo("p4de.24xlarge", 8, 1, 136.5),
    nemo("p5.48xlarge", 8, 1, 97.6),
    nemo("p4de.24xlarge", 1, 8, 329.5),
    nemo("p5.48xlarge", 1, 8, 199.2),
];

/// The estimate in the measurement's own terms, and the measurement, both "higher is better".
fn estimate_vs_measured(catalog: &Catalog, run: &Run) -> (f64, f64) {
    let (scenario, warnings) = query::parse(run.query, catalog);
    assert!(warnings.is_empty(), "{}: {warnings:?}", run.query);
    let e = serving_estimate(catalog, &scenario, run.instance, run.tp, run.seqs)
        .unwrap_or_else(|| panic!("{} on {}", run.query, run.instance));
    let step_s = 1.0 / e.tokens_per_s_per_seq;
    let prefill_s = e.prefill_s.unwrap_or(0.0);
    let b = f64::from(run.seqs);
    match run.measured {
        Measured::ItlMs(ms) => (1.0 / step_s, 1000.0 / ms),
        Measured::LatencyMs { out, ms } => (1.0 / (b * prefill_s + out * step_s), 1000.0 / ms),
        Measured::ThroughputTps { out, tps } => (b * out / (out * step_s + b * prefill_s), tps),
    }
}

#[test]
fn published_serving_runs_within_25_percent_median_within_15() {
    let catalog = Catalog::bundled();
    let mut ratios = Vec::new();
    let mut report = String::new();
    for run in RUNS {
        assert!(!run.source.is_empty() && run.url.starts_with("https://") && !run.date.is_empty());
        let (est, meas) = estimate_vs_measured(&catalog, run);
        let ratio = est / meas;
        report.push_str(&format!(
            "{} {} TP{} x{} seqs: estimate {est:.2} vs measured {meas:.2} = {ratio:.2}\n",
            run.query, run.instance, run.tp, run.seqs
        ));
        ratios.push(ratio);
    }
    println!("{report}");
    for r in &ratios {
        assert!((0.75..=1.25).contains(r), "outside ±25 %:\n{report}");
    }
    let ratios = gpuplan::order::sorted(ratios, &|a: &f64, b: &f64| a.total_cmp(b));
    let median = ratios[ratios.len() / 2];
    assert!((0.85..=1.15).contains(&median), "median {median:.2}:\n{report}");
}
