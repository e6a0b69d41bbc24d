//! The published serving runs, each with its source, URL, date, quoted setup and the figure it measured
//! (moved as they were from tests/published_serving.rs, which holds the planner to them). One row per
//! measurement; never a figure typed without its source. The table is long, so it is kept in three parts read
//! in order (`runs()`): this file's first rows, the TensorRT-LLM tables (`serving_runs/trtllm.rs`) and the
//! later additions (`serving_runs/later.rs`).

use super::serving::{Measured, Run};

mod later;
mod trtllm;

const NEMO: &str = "NVIDIA NeMo Framework user guide, Llama-2 inference performance (TensorRT-LLM, 128 in / 20 out)";
const NEMO_URL: &str = "https://docs.nvidia.com/nemo-framework/user-guide/latest/performance/llama.html";
const NIM: &str =
    "NVIDIA NIM LLM benchmarking guide v1.0.0, Performance: Llama-3.3-70B-Instruct, NIM 1.8.0, 2 x H100 80GB, FP8, TP2";
const NIM_URL: &str = "https://docs.nvidia.com/nim/benchmarking/llm/1.0.0/performance";
const NEURON_INF2: &str = "AWS Neuron documentation, Inf2 Inference Performance, decoder models (Transformers NeuronX)";
const NEURON_INF2_URL: &str = "https://github.com/aws-neuron/aws-neuron-sdk/blob/1351ee128a6f9e48407a2609f1b162d379ec0cac/general/benchmarks/inf2/latency_data_decoder.csv";
const NEURON_TRN1: &str =
    "AWS Neuron documentation, Trn1/Trn1n Inference Performance, decoder models (Transformers NeuronX)";
const NEURON_TRN1_URL: &str = "https://github.com/aws-neuron/aws-neuron-sdk/blob/7c165a3e01131a86537f6e0b3ba43716e44d8bc4/about-neuron/benchmarks/trn1/latency_data_decoder.csv";
const TRTLLM: &str = "NVIDIA TensorRT-LLM, Performance of TensorRT-LLM (docs/source/performance.md, v0.6.1 throughput and v0.5 low-latency tables; gptSessionBenchmark, static batches)";
const TRTLLM_URL: &str =
    "https://github.com/NVIDIA/TensorRT-LLM/blob/138f96d45f90b9667426f7c47297d8c06bafac73/docs/source/performance.md";
const TRTLLM_H200: &str = "NVIDIA TensorRT-LLM blog, H200 achieves nearly 12,000 tokens/sec on Llama2-13B with TensorRT-LLM (H200 FP8 max throughput table)";
const TRTLLM_H200_URL: &str =
    "https://github.com/NVIDIA/TensorRT-LLM/blob/release/0.5.0/docs/source/blogs/H200launch.md";
const BASETEN: &str = "Baseten blog, Faster Mixtral inference with TensorRT-LLM and quantization";
const BASETEN_URL: &str = "https://www.baseten.co/blog/faster-mixtral-inference-with-tensorrt-llm-and-quantization/";
const HF_SM: &str = "Hugging Face blog (P. Schmid), Llama 2 on Amazon SageMaker a Benchmark (TGI 1.0.3)";
const HF_SM_URL: &str = "https://huggingface.co/blog/llama-sagemaker-benchmark";
const TRTLLM_019: &str = "NVIDIA TensorRT-LLM 0.19.0 documentation, Performance Overview (trtllm-bench, PyTorch backend, maximum load: requests fed at an infinite rate)";
const TRTLLM_019_URL: &str = "https://nvidia.github.io/TensorRT-LLM/0.19.0/performance/perf-overview.html";
const SGLANG_1008: &str =
    "SGLang issue #1008 (L. Zheng, maintainer), Torch.compile Performance Tracking: sglang.bench_latency, CUDA graph";
const SGLANG_1008_URL: &str = "https://github.com/sgl-project/sglang/issues/1008";
const TRTLLM_V1: &str = "NVIDIA TensorRT-LLM 1.0 documentation, Performance Overview (docs/source/performance/perf-overview.md, \"NEW for v1.0\"; trtllm-bench throughput, PyTorch backend, ModelOpt FP8/FP4 checkpoints, maximum load: requests fed at an infinite rate; Total Output Throughput, tokens/s)";
const TRTLLM_V1_URL: &str =
    "https://github.com/NVIDIA/TensorRT-LLM/blob/00f37686aa854010d68bcbd0f4ab000221541ca6/docs/source/performance/perf-overview.md";
const HF_SM_RAW: &str = "Hugging Face / P. Schmid, text-generation-inference-tests results/sagemaker.csv: the raw data of the blog Llama 2 on Amazon SageMaker a Benchmark (TGI 1.0.3, k6 virtual users, 50 generated tokens per request, do_sample)";
const HF_SM_RAW_URL: &str = "https://github.com/philschmid/text-generation-inference-tests/blob/4373a85992198f116af57c7dd18d2f07f6d03bae/results/sagemaker.csv";
const NEURON_TRN2_70B: &str = "AWS Neuron documentation, NxD Inference tutorial: Using Speculative Decoding to improve Llama-3.3-70B inference performance on Trn2 instances, Scenario 1 (no speculative decoding): LLMPerf sample output";
const NEURON_TRN2_70B_URL: &str = "https://github.com/aws-neuron/aws-neuron-sdk/blob/81ce03ae261e12925e53437a0f690478e6366155/libraries/nxd-inference/tutorials/trn2-llama3.3-70b-tutorial.rst";
const NEURON_TRN2_405B: &str = "AWS Neuron documentation, NxD Inference tutorial: Using Speculative Decoding and Quantization to improve Llama-3.1-405B inference performance on Trn2 instances, Scenario 1 (bf16 base configuration): LLMPerf output";
const NEURON_TRN2_405B_URL: &str = "https://github.com/aws-neuron/aws-neuron-sdk/blob/81ce03ae261e12925e53437a0f690478e6366155/libraries/nxd-inference/tutorials/trn2-llama3.1-405b-speculative-tutorial.rst";

/// A TensorRT-LLM table's source: its name, address and date.
struct Table {
    source: &'static str,
    url: &'static str,
    date: &'static str,
}

/// TensorRT-LLM 0.19.0's maximum-load table.
const TRT_019: Table = Table {
    source: TRTLLM_019,
    url: TRTLLM_019_URL,
    date: "2025-05",
};

/// TensorRT-LLM 1.0's maximum-load table (Total Output Throughput over the GPUs of one TP group; MoE rows
/// ran with expert parallelism and attention data parallelism, which gpuplan does not model: it estimates
/// them as tensor parallel over the same GPUs).
const TRT_V1: Table = Table {
    source: TRTLLM_V1,
    url: TRTLLM_V1_URL,
    date: "2025 (v1.0)",
};

/// A TensorRT-LLM maximum-load row of `table`: `query` states the model, precision and ISL + OSL; the
/// concurrency is not stated (requests at an infinite rate), so the run is estimated at the most sequences
/// a replica holds (`seqs` 0, gpuplan's memory model with the default 90 % usable; the source sets 90-95 %
/// for the KV cache).
const fn max_load(
    table: Table,
    id: &'static str,
    family: &'static str,
    setup: &'static str,
    query: &'static str,
    (instance, tp): (&'static str, u32),
    measured: Measured,
) -> Run {
    Run {
        id,
        family,
        source: table.source,
        url: table.url,
        date: table.date,
        setup,
        query,
        instance,
        tp,
        seqs: 0,
        measured,
    }
}

/// A row of the raw data behind Hugging Face's SageMaker benchmark: Llama 2 (`query` states the model, FP16,
/// a 512-token prompt assumed as the blog's rows do, 50 tokens out) at `seqs` virtual users, tokens/s.
const fn hf_raw(
    id: &'static str,
    setup: &'static str,
    query: &'static str,
    instance: &'static str,
    tp: u32,
    seqs: u32,
    tps: f64,
) -> Run {
    Run {
        id,
        family: "A10G",
        source: HF_SM_RAW,
        url: HF_SM_RAW_URL,
        date: "2023-09-26",
        setup,
        query,
        instance,
        tp,
        seqs,
        measured: Measured::ThroughputTps { out: 50.0, tps },
    }
}

/// A NIM row: Llama 3.3 70B (the shape of the 3.1 70B preset) in FP8 on 2 × H100 (TP2), as `query` states it.
const fn nim(id: &'static str, setup: &'static str, query: &'static str, seqs: u32, measured: Measured) -> Run {
    Run {
        id,
        family: "H100",
        source: NIM,
        url: NIM_URL,
        date: "2025",
        setup,
        query,
        instance: "p5.48xlarge",
        tp: 2,
        seqs,
        measured,
    }
}

/// A NeMo row: Llama 2 7B in FP16, 128 tokens in and 20 out, end-to-end `ms`.
const fn nemo(id: &'static str, family: &'static str, instance: &'static str, tp: u32, seqs: u32, ms: f64) -> Run {
    Run {
        id,
        family,
        source: NEMO,
        url: NEMO_URL,
        date: "2024",
        setup: "Llama 2 7B, FP16, TensorRT-LLM, 128 input / 20 output tokens: end-to-end latency of the batch",
        query: "v=1&model=llama2-7b&prec=fp16&ctx=128",
        instance,
        tp,
        seqs,
        measured: Measured::LatencyMs { out: 20.0, ms },
    }
}

/// Every published serving run, in the table's order: these first rows, then the TensorRT-LLM tables', then
/// the later additions.
pub fn runs() -> impl Iterator<Item = &'static Run> + Clone {
    FIRST.iter().chain(trtllm::RUNS).chain(later::RUNS)
}

/// How many runs `runs()` yields: what the Assumptions view's serving note counts (evaluated at compile
/// time, so the wasm build does not link the runs themselves).
pub const RUN_COUNT: usize = FIRST.len() + trtllm::RUNS.len() + later::RUNS.len();

/// The table's first rows: the PyTorch and NIM/NeMo runs and the first Neuron (Inf2, Trn1) rows.
const FIRST: &[Run] = &[
    Run {
        id: "A100 Llama 2 70B TP8 1 user (PyTorch)",
        family: "A100",
        source: "PyTorch blog (IBM Research, Meta): 29 ms per token for single-user requests, Llama 2 70B on 8 A100 GPUs, tensor parallel",
        url: "https://pytorch.org/blog/pytorch-compile-to-speed-up-inference/",
        date: "2023",
        setup: "29 ms/token for single user requests on the 70B LLaMa model (as measured on 8 A100 GPUs), torch.compile, tensor parallel",
        query: "v=1&model=llama2-70b&prec=bf16&ctx=1024",
        instance: "p4de.24xlarge",
        tp: 8,
        seqs: 1,
        measured: Measured::ItlMs(29.0),
    },
    nim("H100 NIM 70B FP8 TP2 1 user 1500", "ISL/OSL 1000/500, concurrency 1: ITL 18.91 ms", "v=1&model=llama3.1-70b&prec=fp8&ctx=1500", 1, Measured::ItlMs(18.91)),
    nim("H100 NIM 70B FP8 TP2 1 user 5000", "ISL/OSL 5000/500, concurrency 1: ITL 18.58 ms", "v=1&model=llama3.1-70b&prec=fp8&ctx=5000", 1, Measured::ItlMs(18.58)),
    nim("H100 NIM 70B FP8 TP2 5 users", "ISL/OSL 5000/500, concurrency 5: 218.48 output tokens/s", "v=1&model=llama3.1-70b&prec=fp8&ctx=5000", 5, Measured::ThroughputTps { out: 500.0, tps: 218.48 }),
    nim("H100 NIM 70B FP8 TP2 25 users", "ISL/OSL 5000/500, concurrency 25: 623.4 output tokens/s", "v=1&model=llama3.1-70b&prec=fp8&ctx=5000", 25, Measured::ThroughputTps { out: 500.0, tps: 623.4 }),
    // The same table's TTFT column (NIM 1.8.0, "5000 Input Tokens / 500 Output Tokens | Concurrency | TTFT (ms)"):
    // the first token at load, prefill plus the wait for a prefill slot.
    nim("H100 NIM 70B FP8 TP2 TTFT 1 user", "ISL/OSL 5000/500, concurrency 1: TTFT 406.77 ms", "v=1&model=llama3.1-70b&prec=fp8&ctx=5500&out=500", 1, Measured::TtftAtLoadMs(406.77)),
    nim("H100 NIM 70B FP8 TP2 TTFT 5 users", "ISL/OSL 5000/500, concurrency 5: TTFT 546.7 ms", "v=1&model=llama3.1-70b&prec=fp8&ctx=5500&out=500", 5, Measured::TtftAtLoadMs(546.7)),
    nim("H100 NIM 70B FP8 TP2 TTFT 25 users", "ISL/OSL 5000/500, concurrency 25: TTFT 688.69 ms", "v=1&model=llama3.1-70b&prec=fp8&ctx=5500&out=500", 25, Measured::TtftAtLoadMs(688.69)),
    nim("H100 NIM 70B FP8 TP2 TTFT 50 users", "ISL/OSL 5000/500, concurrency 50: TTFT 834.51 ms", "v=1&model=llama3.1-70b&prec=fp8&ctx=5500&out=500", 50, Measured::TtftAtLoadMs(834.51)),
    nemo("A100 NeMo 7B TP1 batch 1", "A100", "p4de.24xlarge", 1, 1, 234.0),
    nemo("H100 NeMo 7B TP1 batch 1", "H100", "p5.48xlarge", 1, 1, 153.8),
    nemo("A100 NeMo 7B TP8 batch 1", "A100", "p4de.24xlarge", 8, 1, 136.5),
    nemo("H100 NeMo 7B TP8 batch 1", "H100", "p5.48xlarge", 8, 1, 97.6),
    nemo("A100 NeMo 7B TP1 batch 8", "A100", "p4de.24xlarge", 1, 8, 329.5),
    nemo("H100 NeMo 7B TP1 batch 8", "H100", "p5.48xlarge", 1, 8, 199.2),
    Run {
        id: "Inferentia2 Llama-2-13b 1024/1024 TP24 batch 1",
        family: "Inferentia2",
        source: NEURON_INF2,
        url: NEURON_INF2_URL,
        date: "2024",
        setup: "Llama-2-13b, inf2.48xlarge, Transformers NeuronX, TP degree 24 (NeuronCores = 12 devices), DP 1, batch 1, sequence length 2048 = 1024 in + 1024 out, FP16 (matmult BF16): 198.1 tokens/s over the sequence, so 2048 / 198.1 s end to end",
        query: "v=1&model=llama2-13b&prec=fp16&ctx=2048&out=1024",
        instance: "inf2.48xlarge",
        tp: 12,
        seqs: 1,
        measured: Measured::LatencyMs { out: 1024.0, ms: 10338.2 },
    },
    Run {
        id: "Inferentia2 Llama-2-13b 128/3968 TP24 batch 1",
        family: "Inferentia2",
        source: NEURON_INF2,
        url: NEURON_INF2_URL,
        date: "2024",
        setup: "Llama-2-13b, inf2.48xlarge, Transformers NeuronX, TP degree 24 (NeuronCores = 12 devices), DP 1, batch 1, sequence length 4096 = 128 in + 3968 out, FP16 (matmult BF16): 104.1 tokens/s over the sequence, so 4096 / 104.1 s end to end",
        query: "v=1&model=llama2-13b&prec=fp16&ctx=4096&out=3968",
        instance: "inf2.48xlarge",
        tp: 12,
        seqs: 1,
        measured: Measured::LatencyMs { out: 3968.0, ms: 39346.8 },
    },
    Run {
        id: "Inferentia2 Llama-2-13b 3968/128 TP24 batch 1",
        family: "Inferentia2",
        source: NEURON_INF2,
        url: NEURON_INF2_URL,
        date: "2024",
        setup: "Llama-2-13b, inf2.48xlarge, Transformers NeuronX, TP degree 24 (NeuronCores = 12 devices), DP 1, batch 1, sequence length 4096 = 3968 in + 128 out, FP16 (matmult BF16): 2370.6 tokens/s over the sequence, so 4096 / 2370.6 s end to end",
        query: "v=1&model=llama2-13b&prec=fp16&ctx=4096&out=128",
        instance: "inf2.48xlarge",
        tp: 12,
        seqs: 1,
        measured: Measured::LatencyMs { out: 128.0, ms: 1727.8 },
    },
    Run {
        id: "Inferentia2 Llama-2-70b 256/256 TP24 batch 1",
        family: "Inferentia2",
        source: NEURON_INF2,
        url: NEURON_INF2_URL,
        date: "2024",
        setup: "Llama-2-70b, inf2.48xlarge, Transformers NeuronX (Neuron 2.16.0), TP degree 24 (NeuronCores = 12 devices), DP 1, batch 1, sequence length 512 = 256 in + 256 out, FP16 (matmult BF16): 18.4 tokens/s over the sequence, so 512 / 18.4 s end to end",
        query: "v=1&model=llama2-70b&prec=fp16&ctx=512&out=256",
        instance: "inf2.48xlarge",
        tp: 12,
        seqs: 1,
        measured: Measured::LatencyMs { out: 256.0, ms: 27826.1 },
    },
    Run {
        id: "Inferentia2 Llama-2-70b 256/2048 TP24 batch 1",
        family: "Inferentia2",
        source: NEURON_INF2,
        url: NEURON_INF2_URL,
        date: "2024",
        setup: "Llama-2-70b, inf2.48xlarge, Transformers NeuronX (Neuron 2.16.0), TP degree 24 (NeuronCores = 12 devices), DP 1, batch 1, sequence length 2304 = 256 in + 2048 out, FP16 (matmult BF16): 10.3 tokens/s over the sequence, so 2304 / 10.3 s end to end",
        query: "v=1&model=llama2-70b&prec=fp16&ctx=2304&out=2048",
        instance: "inf2.48xlarge",
        tp: 12,
        seqs: 1,
        measured: Measured::LatencyMs { out: 2048.0, ms: 223689.3 },
    },
    Run {
        id: "Trainium Llama-3-8B 128/8064 TP32 TPOT",
        family: "Trainium",
        source: NEURON_TRN1,
        url: NEURON_TRN1_URL,
        date: "2024",
        setup: "Llama-3-8B, trn1.32xlarge, Transformers NeuronX (Neuron 2.18), TP degree 32 (NeuronCores = 16 devices), batch 1, input 128, output 8064, FP16 (matmult BF16), weights stored int8: TTFT P50 17.09 ms, TPOT P50 7.03 ms",
        query: "v=1&model=llama3.1-8b&prec=int8&ctx=8192&out=8064",
        instance: "trn1.32xlarge",
        tp: 16,
        seqs: 1,
        measured: Measured::ItlMs(7.03),
    },
    Run {
        id: "Trainium Llama-3-8B 128/8064 TP32 TTFT",
        family: "Trainium",
        source: NEURON_TRN1,
        url: NEURON_TRN1_URL,
        date: "2024",
        setup: "Llama-3-8B, trn1.32xlarge, Transformers NeuronX (Neuron 2.18), TP degree 32 (NeuronCores = 16 devices), batch 1, input 128, output 8064, FP16 (matmult BF16), weights stored int8: TTFT P50 17.09 ms, TPOT P50 7.03 ms",
        query: "v=1&model=llama3.1-8b&prec=int8&ctx=8192&out=8064",
        instance: "trn1.32xlarge",
        tp: 16,
        seqs: 1,
        measured: Measured::TtftMs(17.09),
    },
    Run {
        id: "Trainium Llama-3-8B 4096/4096 TP32 TPOT",
        family: "Trainium",
        source: NEURON_TRN1,
        url: NEURON_TRN1_URL,
        date: "2024",
        setup: "Llama-3-8B, trn1.32xlarge, Transformers NeuronX (Neuron 2.18), TP degree 32 (NeuronCores = 16 devices), batch 1, input 4096, output 4096, FP16 (matmult BF16), weights stored int8: TTFT P50 153.02 ms, TPOT P50 7.04 ms",
        query: "v=1&model=llama3.1-8b&prec=int8&ctx=8192&out=4096",
        instance: "trn1.32xlarge",
        tp: 16,
        seqs: 1,
        measured: Measured::ItlMs(7.04),
    },
    Run {
        id: "Trainium Llama-3-8B 4096/4096 TP32 TTFT",
        family: "Trainium",
        source: NEURON_TRN1,
        url: NEURON_TRN1_URL,
        date: "2024",
        setup: "Llama-3-8B, trn1.32xlarge, Transformers NeuronX (Neuron 2.18), TP degree 32 (NeuronCores = 16 devices), batch 1, input 4096, output 4096, FP16 (matmult BF16), weights stored int8: TTFT P50 153.02 ms, TPOT P50 7.04 ms",
        query: "v=1&model=llama3.1-8b&prec=int8&ctx=8192&out=4096",
        instance: "trn1.32xlarge",
        tp: 16,
        seqs: 1,
        measured: Measured::TtftMs(153.02),
    },
    Run {
        id: "Trainium Llama-3-70B 2048/2048 TP32 TPOT",
        family: "Trainium",
        source: NEURON_TRN1,
        url: NEURON_TRN1_URL,
        date: "2024",
        setup: "Llama-3-70B, trn1.32xlarge, Transformers NeuronX (Neuron 2.18), TP degree 32 (NeuronCores = 16 devices), batch 1, input 2048, output 2048, FP16 (matmult BF16), weights stored bf16: TTFT P50 547.0 ms, TPOT P50 26.2 ms",
        query: "v=1&model=llama3.1-70b&prec=bf16&ctx=4096&out=2048",
        instance: "trn1.32xlarge",
        tp: 16,
        seqs: 1,
        measured: Measured::ItlMs(26.2),
    },
    Run {
        id: "Trainium Llama-3-70B 2048/2048 TP32 TTFT",
        family: "Trainium",
        source: NEURON_TRN1,
        url: NEURON_TRN1_URL,
        date: "2024",
        setup: "Llama-3-70B, trn1.32xlarge, Transformers NeuronX (Neuron 2.18), TP degree 32 (NeuronCores = 16 devices), batch 1, input 2048, output 2048, FP16 (matmult BF16), weights stored bf16: TTFT P50 547.0 ms, TPOT P50 26.2 ms",
        query: "v=1&model=llama3.1-70b&prec=bf16&ctx=4096&out=2048",
        instance: "trn1.32xlarge",
        tp: 16,
        seqs: 1,
        measured: Measured::TtftMs(547.0),
    },
    Run {
        id: "Trainium Llama-3-70B 128/1024 TP32 TPOT",
        family: "Trainium",
        source: NEURON_TRN1,
        url: NEURON_TRN1_URL,
        date: "2024",
        setup: "Llama-3-70B, trn1.32xlarge, Transformers NeuronX (Neuron 2.18), TP degree 32 (NeuronCores = 16 devices), batch 1, input 128, output 1024, FP16 (matmult BF16), weights stored bf16: TTFT P50 53.2 ms, TPOT P50 24.48 ms",
        query: "v=1&model=llama3.1-70b&prec=bf16&ctx=1152&out=1024",
        instance: "trn1.32xlarge",
        tp: 16,
        seqs: 1,
        measured: Measured::ItlMs(24.48),
    },
    Run {
        id: "Trainium Llama-2-70b 128/128 TP32 TPOT",
        family: "Trainium",
        source: NEURON_TRN1,
        url: NEURON_TRN1_URL,
        date: "2024",
        setup: "Llama-2-70b, trn1.32xlarge, Transformers NeuronX (Neuron 2.18), TP degree 32 (NeuronCores = 16 devices), batch 1, input 128, output 128, FP16 (matmult BF16), weights stored bf16: TTFT P50 53.91 ms, TPOT P50 25.18 ms",
        query: "v=1&model=llama2-70b&prec=bf16&ctx=256&out=128",
        instance: "trn1.32xlarge",
        tp: 16,
        seqs: 1,
        measured: Measured::ItlMs(25.18),
    },
    Run {
        id: "Trainium Llama-2-70b 1024/1024 TP32 TPOT",
        family: "Trainium",
        source: NEURON_TRN1,
        url: NEURON_TRN1_URL,
        date: "2024",
        setup: "Llama-2-70b, trn1.32xlarge, Transformers NeuronX (Neuron 2.18), TP degree 32 (NeuronCores = 16 devices), batch 1, input 1024, output 1024, FP16 (matmult BF16), weights stored bf16: TTFT P50 232.48 ms, TPOT P50 26.04 ms",
        query: "v=1&model=llama2-70b&prec=bf16&ctx=2048&out=1024",
        instance: "trn1.32xlarge",
        tp: 16,
        seqs: 1,
        measured: Measured::ItlMs(26.04),
    },
    Run {
        id: "Trainium Llama-2-70b 1024/1024 TP32 TTFT",
        family: "Trainium",
        source: NEURON_TRN1,
        url: NEURON_TRN1_URL,
        date: "2024",
        setup: "Llama-2-70b, trn1.32xlarge, Transformers NeuronX (Neuron 2.18), TP degree 32 (NeuronCores = 16 devices), batch 1, input 1024, output 1024, FP16 (matmult BF16), weights stored bf16: TTFT P50 232.48 ms, TPOT P50 26.04 ms",
        query: "v=1&model=llama2-70b&prec=bf16&ctx=2048&out=1024",
        instance: "trn1.32xlarge",
        tp: 16,
        seqs: 1,
        measured: Measured::TtftMs(232.48),
    },
];
