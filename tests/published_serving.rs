//! The serving model held against published inference measurements with stated setups: one set of
//! assumptions (the defaults) for every row, no constant per case. Each estimate must land within ±25 %
//! of the measurement and the median ratio within ±15 %. README's "How accurate it is" shows this table.

use gpuplan::catalog::Catalog;
use gpuplan::engine::recommend::serving_estimate;
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
    Run {
        source: NIM,
        url: NIM_URL,
        date: "2025",
        query: "v=1&model=llama3.1-70b&prec=fp8&ctx=1500",
        instance: "p5.48xlarge",
        tp: 2,
        seqs: 1,
        measured: Measured::ItlMs(18.91),
    },
    Run {
        source: NIM,
        url: NIM_URL,
        date: "2025",
        query: "v=1&model=llama3.1-70b&prec=fp8&ctx=5000",
        instance: "p5.48xlarge",
        tp: 2,
        seqs: 1,
        measured: Measured::ItlMs(18.58),
    },
    Run {
        source: NIM,
        url: NIM_URL,
        date: "2025",
        query: "v=1&model=llama3.1-70b&prec=fp8&ctx=5000",
        instance: "p5.48xlarge",
        tp: 2,
        seqs: 5,
        measured: Measured::ThroughputTps { out: 500.0, tps: 218.48 },
    },
    Run {
        source: NIM,
        url: NIM_URL,
        date: "2025",
        query: "v=1&model=llama3.1-70b&prec=fp8&ctx=5000",
        instance: "p5.48xlarge",
        tp: 2,
        seqs: 25,
        measured: Measured::ThroughputTps { out: 500.0, tps: 623.4 },
    },
    Run {
        source: NEMO,
        url: NEMO_URL,
        date: "2024",
        query: "v=1&model=llama2-7b&prec=fp16&ctx=128",
        instance: "p4de.24xlarge",
        tp: 1,
        seqs: 1,
        measured: Measured::LatencyMs { out: 20.0, ms: 234.0 },
    },
    Run {
        source: NEMO,
        url: NEMO_URL,
        date: "2024",
        query: "v=1&model=llama2-7b&prec=fp16&ctx=128",
        instance: "p5.48xlarge",
        tp: 1,
        seqs: 1,
        measured: Measured::LatencyMs { out: 20.0, ms: 153.8 },
    },
    Run {
        source: NEMO,
        url: NEMO_URL,
        date: "2024",
        query: "v=1&model=llama2-7b&prec=fp16&ctx=128",
        instance: "p4de.24xlarge",
        tp: 8,
        seqs: 1,
        measured: Measured::LatencyMs { out: 20.0, ms: 136.5 },
    },
    Run {
        source: NEMO,
        url: NEMO_URL,
        date: "2024",
        query: "v=1&model=llama2-7b&prec=fp16&ctx=128",
        instance: "p5.48xlarge",
        tp: 8,
        seqs: 1,
        measured: Measured::LatencyMs { out: 20.0, ms: 97.6 },
    },
    Run {
        source: NEMO,
        url: NEMO_URL,
        date: "2024",
        query: "v=1&model=llama2-7b&prec=fp16&ctx=128",
        instance: "p4de.24xlarge",
        tp: 1,
        seqs: 8,
        measured: Measured::LatencyMs { out: 20.0, ms: 329.5 },
    },
    Run {
        source: NEMO,
        url: NEMO_URL,
        date: "2024",
        query: "v=1&model=llama2-7b&prec=fp16&ctx=128",
        instance: "p5.48xlarge",
        tp: 1,
        seqs: 8,
        measured: Measured::LatencyMs { out: 20.0, ms: 199.2 },
    },
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
