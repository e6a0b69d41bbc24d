//! The serving model held against published inference measurements with stated setups: one set of
//! assumptions (the defaults) for every row, no constant per case. Each estimate must land within ±25 %
//! of the measurement and the median ratio within ±15 %; a miss that stays is listed in `KNOWN_MISSES`
//! with its measured error and reason. README's "How accurate it is" shows this table.
//!
//! `RUNS` is a const table of plain rows (family, setup quote, published figure, source, date) so that it can
//! move into the product's accuracy ledger as it is.

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
    /// Time to the first token of one request (its prompt's prefill), ms.
    TtftMs(f64),
    /// Mean time to the first token at a steady concurrency of `seqs` users (the link states `out`): the
    /// prefill plus the wait for the replica's prefill slot, as the engine's `perf::first_token`, ms.
    TtftAtLoadMs(f64),
}

/// One published serving run.
struct Run {
    /// Short unique name (what `KNOWN_MISSES` refers to).
    id: &'static str,
    /// The accelerator family the run holds the model to (for the accuracy ledger).
    family: &'static str,
    source: &'static str,
    url: &'static str,
    date: &'static str,
    /// The source's setup, quoted or closely paraphrased.
    setup: &'static str,
    /// gpuplan link: model, precision, context (prompt + output) and, where the source states it, `out`.
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
const TRTLLM_019: &str = "NVIDIA TensorRT-LLM 0.19.0 documentation, Performance Overview (trtllm-bench, PyTorch backend, maximum load: requests fed at an infinite rate)";
const TRTLLM_019_URL: &str = "https://nvidia.github.io/TensorRT-LLM/0.19.0/performance/perf-overview.html";
const SGLANG_1008: &str =
    "SGLang issue #1008 (L. Zheng, maintainer), Torch.compile Performance Tracking: sglang.bench_latency, CUDA graph";
const SGLANG_1008_URL: &str = "https://github.com/sgl-project/sglang/issues/1008";
const HF_SM: &str = "Hugging Face blog (P. Schmid), Llama 2 on Amazon SageMaker a Benchmark (TGI 1.0.3)";
const HF_SM_URL: &str = "https://huggingface.co/blog/llama-sagemaker-benchmark";

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

/// A TensorRT-LLM 0.19.0 maximum-load row: `query` states the model, precision and ISL + OSL; the concurrency
/// is not stated (requests at an infinite rate), so the run is estimated at the most sequences a replica holds
/// (`seqs` 0, gpuplan's memory model with the default 90 % usable; the source sets 90-95 % for the KV cache).
const fn trtllm_max(
    id: &'static str,
    family: &'static str,
    setup: &'static str,
    query: &'static str,
    instance: &'static str,
    tp: u32,
    measured: Measured,
) -> Run {
    Run {
        id,
        family,
        source: TRTLLM_019,
        url: TRTLLM_019_URL,
        date: "2025-05",
        setup,
        query,
        instance,
        tp,
        seqs: 0,
        measured,
    }
}

const RUNS: &[Run] = &[
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
    Run {
        id: "H100 LLaMA 7B TP1 batch 768 128/128",
        family: "H100",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM peak throughput, H100 GPUs (FP8), out tok/s/GPU: LLaMA 7B, batch 768, TP 1, input 128, output 128: 19,694 out tok/s",
        query: "v=1&model=llama2-7b&prec=fp8&ctx=256&out=128",
        instance: "p5.48xlarge",
        tp: 1,
        seqs: 768,
        measured: Measured::ThroughputTps { out: 128.0, tps: 19694.0 },
    },
    Run {
        id: "H100 LLaMA 7B TP1 batch 112 128/2048",
        family: "H100",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM peak throughput, H100 GPUs (FP8), out tok/s/GPU: LLaMA 7B, batch 112, TP 1, input 128, output 2048: 6,818 out tok/s",
        query: "v=1&model=llama2-7b&prec=fp8&ctx=2176&out=2048",
        instance: "p5.48xlarge",
        tp: 1,
        seqs: 112,
        measured: Measured::ThroughputTps { out: 2048.0, tps: 6818.0 },
    },
    Run {
        id: "H100 LLaMA 7B TP1 batch 80 2048/128",
        family: "H100",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM peak throughput, H100 GPUs (FP8), out tok/s/GPU: LLaMA 7B, batch 80, TP 1, input 2048, output 128: 2,244 out tok/s",
        query: "v=1&model=llama2-7b&prec=fp8&ctx=2176&out=128",
        instance: "p5.48xlarge",
        tp: 1,
        seqs: 80,
        measured: Measured::ThroughputTps { out: 128.0, tps: 2244.0 },
    },
    Run {
        id: "H100 LLaMA 7B TP1 batch 48 2048/2048",
        family: "H100",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM peak throughput, H100 GPUs (FP8), out tok/s/GPU: LLaMA 7B, batch 48, TP 1, input 2048, output 2048: 2,740 out tok/s",
        query: "v=1&model=llama2-7b&prec=fp8&ctx=4096&out=2048",
        instance: "p5.48xlarge",
        tp: 1,
        seqs: 48,
        measured: Measured::ThroughputTps { out: 2048.0, tps: 2740.0 },
    },
    Run {
        id: "H100 LLaMA 70B TP2 batch 1024 128/128",
        family: "H100",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM peak throughput, H100 GPUs (FP8), out tok/s/GPU: LLaMA 70B, batch 1024, TP 2, input 128, output 128: 2,657 per GPU x TP2 out tok/s",
        query: "v=1&model=llama2-70b&prec=fp8&ctx=256&out=128",
        instance: "p5.48xlarge",
        tp: 2,
        seqs: 1024,
        measured: Measured::ThroughputTps { out: 128.0, tps: 5314.0 },
    },
    Run {
        id: "H100 LLaMA 70B TP4 batch 480 128/2048",
        family: "H100",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM peak throughput, H100 GPUs (FP8), out tok/s/GPU: LLaMA 70B, batch 480, TP 4, input 128, output 2048: 1,486 per GPU x TP4 out tok/s",
        query: "v=1&model=llama2-70b&prec=fp8&ctx=2176&out=2048",
        instance: "p5.48xlarge",
        tp: 4,
        seqs: 480,
        measured: Measured::ThroughputTps { out: 2048.0, tps: 5944.0 },
    },
    Run {
        id: "H100 LLaMA 70B TP2 batch 96 2048/128",
        family: "H100",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM peak throughput, H100 GPUs (FP8), out tok/s/GPU: LLaMA 70B, batch 96, TP 2, input 2048, output 128: 306 per GPU x TP2 out tok/s",
        query: "v=1&model=llama2-70b&prec=fp8&ctx=2176&out=128",
        instance: "p5.48xlarge",
        tp: 2,
        seqs: 96,
        measured: Measured::ThroughputTps { out: 128.0, tps: 612.0 },
    },
    Run {
        id: "H100 LLaMA 70B TP2 batch 64 2048/2048",
        family: "H100",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM peak throughput, H100 GPUs (FP8), out tok/s/GPU: LLaMA 70B, batch 64, TP 2, input 2048, output 2048: 547 per GPU x TP2 out tok/s",
        query: "v=1&model=llama2-70b&prec=fp8&ctx=4096&out=2048",
        instance: "p5.48xlarge",
        tp: 2,
        seqs: 64,
        measured: Measured::ThroughputTps { out: 2048.0, tps: 1094.0 },
    },
    Run {
        id: "L40S LLaMA 7B TP1 batch 64 128/128",
        family: "L40S",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM peak throughput, L40S GPUs (FP8), v0.5 data, out tok/s: LLaMA 7B, batch 64, TP 1, input 128, output 128: 3,240 out tok/s",
        query: "v=1&model=llama2-7b&prec=fp8&ctx=256&out=128",
        instance: "g6e.xlarge",
        tp: 1,
        seqs: 64,
        measured: Measured::ThroughputTps { out: 128.0, tps: 3240.0 },
    },
    Run {
        id: "L40S LLaMA 7B TP1 batch 64 128/2048",
        family: "L40S",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM peak throughput, L40S GPUs (FP8), v0.5 data, out tok/s: LLaMA 7B, batch 64, TP 1, input 128, output 2048: 1,622 out tok/s",
        query: "v=1&model=llama2-7b&prec=fp8&ctx=2176&out=2048",
        instance: "g6e.xlarge",
        tp: 1,
        seqs: 64,
        measured: Measured::ThroughputTps { out: 2048.0, tps: 1622.0 },
    },
    Run {
        id: "L40S LLaMA 7B TP1 batch 32 2048/128",
        family: "L40S",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM peak throughput, L40S GPUs (FP8), v0.5 data, out tok/s: LLaMA 7B, batch 32, TP 1, input 2048, output 128: 581 out tok/s",
        query: "v=1&model=llama2-7b&prec=fp8&ctx=2176&out=128",
        instance: "g6e.xlarge",
        tp: 1,
        seqs: 32,
        measured: Measured::ThroughputTps { out: 128.0, tps: 581.0 },
    },
    Run {
        id: "L40S LLaMA 7B TP1 batch 16 2048/2048",
        family: "L40S",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM peak throughput, L40S GPUs (FP8), v0.5 data, out tok/s: LLaMA 7B, batch 16, TP 1, input 2048, output 2048: 531 out tok/s",
        query: "v=1&model=llama2-7b&prec=fp8&ctx=4096&out=2048",
        instance: "g6e.xlarge",
        tp: 1,
        seqs: 16,
        measured: Measured::ThroughputTps { out: 2048.0, tps: 531.0 },
    },
    Run {
        id: "A100 LLaMA 7B TP1 batch 384 128/128",
        family: "A100",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM peak throughput, A100 GPUs (FP16), out tok/s: LLaMA 7B, batch 384, TP 1, input 128, output 128: 5,586 out tok/s",
        query: "v=1&model=llama2-7b&prec=fp16&ctx=256&out=128",
        instance: "p4de.24xlarge",
        tp: 1,
        seqs: 384,
        measured: Measured::ThroughputTps { out: 128.0, tps: 5586.0 },
    },
    Run {
        id: "A100 LLaMA 7B TP1 batch 60 128/2048",
        family: "A100",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM peak throughput, A100 GPUs (FP16), out tok/s: LLaMA 7B, batch 60, TP 1, input 128, output 2048: 1,928 out tok/s",
        query: "v=1&model=llama2-7b&prec=fp16&ctx=2176&out=2048",
        instance: "p4de.24xlarge",
        tp: 1,
        seqs: 60,
        measured: Measured::ThroughputTps { out: 2048.0, tps: 1928.0 },
    },
    Run {
        id: "A100 LLaMA 7B TP1 batch 52 2048/128",
        family: "A100",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM peak throughput, A100 GPUs (FP16), out tok/s: LLaMA 7B, batch 52, TP 1, input 2048, output 128: 591 out tok/s",
        query: "v=1&model=llama2-7b&prec=fp16&ctx=2176&out=128",
        instance: "p4de.24xlarge",
        tp: 1,
        seqs: 52,
        measured: Measured::ThroughputTps { out: 128.0, tps: 591.0 },
    },
    Run {
        id: "H200 llama_13b TP1 batch 1024 128/128",
        family: "H200",
        source: TRTLLM_H200,
        url: TRTLLM_H200_URL,
        date: "2023-11",
        setup: "H200 FP8 max throughput, TensorRT-LLM v0.5.0, TensorRT 9.1.0.4: llama_13b, batch 1024 (largest power of 2 supported), TP 1, input 128, output 128: 11,819 out tok/s (preliminary)",
        query: "v=1&model=llama2-13b&prec=fp8&ctx=256&out=128",
        instance: "p5en.48xlarge",
        tp: 1,
        seqs: 1024,
        measured: Measured::ThroughputTps { out: 128.0, tps: 11819.0 },
    },
    Run {
        id: "H200 llama_13b TP1 batch 128 128/2048",
        family: "H200",
        source: TRTLLM_H200,
        url: TRTLLM_H200_URL,
        date: "2023-11",
        setup: "H200 FP8 max throughput, TensorRT-LLM v0.5.0, TensorRT 9.1.0.4: llama_13b, batch 128 (largest power of 2 supported), TP 1, input 128, output 2048: 4,750 out tok/s (preliminary)",
        query: "v=1&model=llama2-13b&prec=fp8&ctx=2176&out=2048",
        instance: "p5en.48xlarge",
        tp: 1,
        seqs: 128,
        measured: Measured::ThroughputTps { out: 2048.0, tps: 4750.0 },
    },
    Run {
        id: "H200 llama_13b TP1 batch 64 2048/128",
        family: "H200",
        source: TRTLLM_H200,
        url: TRTLLM_H200_URL,
        date: "2023-11",
        setup: "H200 FP8 max throughput, TensorRT-LLM v0.5.0, TensorRT 9.1.0.4: llama_13b, batch 64 (largest power of 2 supported), TP 1, input 2048, output 128: 1,349 out tok/s (preliminary)",
        query: "v=1&model=llama2-13b&prec=fp8&ctx=2176&out=128",
        instance: "p5en.48xlarge",
        tp: 1,
        seqs: 64,
        measured: Measured::ThroughputTps { out: 128.0, tps: 1349.0 },
    },
    Run {
        id: "H200 llama_70b TP1 batch 512 128/128",
        family: "H200",
        source: TRTLLM_H200,
        url: TRTLLM_H200_URL,
        date: "2023-11",
        setup: "H200 FP8 max throughput, TensorRT-LLM v0.5.0, TensorRT 9.1.0.4: llama_70b, batch 512 (largest power of 2 supported), TP 1, input 128, output 128: 3,014 out tok/s (preliminary)",
        query: "v=1&model=llama2-70b&prec=fp8&ctx=256&out=128",
        instance: "p5en.48xlarge",
        tp: 1,
        seqs: 512,
        measured: Measured::ThroughputTps { out: 128.0, tps: 3014.0 },
    },
    Run {
        id: "H200 llama_70b TP4 batch 512 128/2048",
        family: "H200",
        source: TRTLLM_H200,
        url: TRTLLM_H200_URL,
        date: "2023-11",
        setup: "H200 FP8 max throughput, TensorRT-LLM v0.5.0, TensorRT 9.1.0.4: llama_70b, batch 512 (largest power of 2 supported), TP 4, input 128, output 2048: 6,616 out tok/s (preliminary)",
        query: "v=1&model=llama2-70b&prec=fp8&ctx=2176&out=2048",
        instance: "p5en.48xlarge",
        tp: 4,
        seqs: 512,
        measured: Measured::ThroughputTps { out: 2048.0, tps: 6616.0 },
    },
    Run {
        id: "H200 llama_70b TP2 batch 64 2048/128",
        family: "H200",
        source: TRTLLM_H200,
        url: TRTLLM_H200_URL,
        date: "2023-11",
        setup: "H200 FP8 max throughput, TensorRT-LLM v0.5.0, TensorRT 9.1.0.4: llama_70b, batch 64 (largest power of 2 supported), TP 2, input 2048, output 128: 682 out tok/s (preliminary)",
        query: "v=1&model=llama2-70b&prec=fp8&ctx=2176&out=128",
        instance: "p5en.48xlarge",
        tp: 2,
        seqs: 64,
        measured: Measured::ThroughputTps { out: 128.0, tps: 682.0 },
    },
    Run {
        id: "H200 llama_70b TP1 batch 32 2048/128",
        family: "H200",
        source: TRTLLM_H200,
        url: TRTLLM_H200_URL,
        date: "2023-11",
        setup: "H200 FP8 max throughput, TensorRT-LLM v0.5.0, TensorRT 9.1.0.4: llama_70b, batch 32 (largest power of 2 supported), TP 1, input 2048, output 128: 303 out tok/s (preliminary)",
        query: "v=1&model=llama2-70b&prec=fp8&ctx=2176&out=128",
        instance: "p5en.48xlarge",
        tp: 1,
        seqs: 32,
        measured: Measured::ThroughputTps { out: 128.0, tps: 303.0 },
    },
    Run {
        id: "H100 LLaMA 7B TP1 first token at 128",
        family: "H100",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM low latency (v0.5 data), H100 GPUs (FP8): LLaMA 7B, batch 1, TP 1, input 128: 1st token latency 7 ms",
        query: "v=1&model=llama2-7b&prec=fp8&ctx=129&out=1",
        instance: "p5.48xlarge",
        tp: 1,
        seqs: 1,
        measured: Measured::TtftMs(7.0),
    },
    Run {
        id: "H100 LLaMA 7B TP1 first token at 2048",
        family: "H100",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM low latency (v0.5 data), H100 GPUs (FP8): LLaMA 7B, batch 1, TP 1, input 2048: 1st token latency 36 ms",
        query: "v=1&model=llama2-7b&prec=fp8&ctx=2049&out=1",
        instance: "p5.48xlarge",
        tp: 1,
        seqs: 1,
        measured: Measured::TtftMs(36.0),
    },
    Run {
        id: "H100 LLaMA 70B TP4 first token at 128",
        family: "H100",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM low latency (v0.5 data), H100 GPUs (FP8): LLaMA 70B, batch 1, TP 4, input 128: 1st token latency 26 ms",
        query: "v=1&model=llama2-70b&prec=fp8&ctx=129&out=1",
        instance: "p5.48xlarge",
        tp: 4,
        seqs: 1,
        measured: Measured::TtftMs(26.0),
    },
    Run {
        id: "H100 LLaMA 70B TP4 first token at 2048",
        family: "H100",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM low latency (v0.5 data), H100 GPUs (FP8): LLaMA 70B, batch 1, TP 4, input 2048: 1st token latency 109 ms",
        query: "v=1&model=llama2-70b&prec=fp8&ctx=2049&out=1",
        instance: "p5.48xlarge",
        tp: 4,
        seqs: 1,
        measured: Measured::TtftMs(109.0),
    },
    Run {
        id: "L40S LLaMA 7B TP1 first token at 128",
        family: "L40S",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM low latency (v0.5 data), L40S GPUs (FP8): LLaMA 7B, batch 1, TP 1, input 128: 1st token latency 14 ms",
        query: "v=1&model=llama2-7b&prec=fp8&ctx=129&out=1",
        instance: "g6e.xlarge",
        tp: 1,
        seqs: 1,
        measured: Measured::TtftMs(14.0),
    },
    Run {
        id: "L40S LLaMA 7B TP1 first token at 2048",
        family: "L40S",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM low latency (v0.5 data), L40S GPUs (FP8): LLaMA 7B, batch 1, TP 1, input 2048: 1st token latency 73 ms",
        query: "v=1&model=llama2-7b&prec=fp8&ctx=2049&out=1",
        instance: "g6e.xlarge",
        tp: 1,
        seqs: 1,
        measured: Measured::TtftMs(73.0),
    },
    Run {
        id: "A100 LLaMA 7B TP1 first token at 128",
        family: "A100",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM low latency (v0.5 data), A100 GPUs (FP16): LLaMA 7B, batch 1, TP 1, input 128: 1st token latency 16 ms",
        query: "v=1&model=llama2-7b&prec=fp16&ctx=129&out=1",
        instance: "p4de.24xlarge",
        tp: 1,
        seqs: 1,
        measured: Measured::TtftMs(16.0),
    },
    Run {
        id: "A100 LLaMA 7B TP1 first token at 2048",
        family: "A100",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM low latency (v0.5 data), A100 GPUs (FP16): LLaMA 7B, batch 1, TP 1, input 2048: 1st token latency 133 ms",
        query: "v=1&model=llama2-7b&prec=fp16&ctx=2049&out=1",
        instance: "p4de.24xlarge",
        tp: 1,
        seqs: 1,
        measured: Measured::TtftMs(133.0),
    },
    Run {
        id: "A100 LLaMA 70B TP4 first token at 128",
        family: "A100",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM low latency (v0.5 data), A100 GPUs (FP16): LLaMA 70B, batch 1, TP 4, input 128: 1st token latency 47 ms",
        query: "v=1&model=llama2-70b&prec=fp16&ctx=129&out=1",
        instance: "p4de.24xlarge",
        tp: 4,
        seqs: 1,
        measured: Measured::TtftMs(47.0),
    },
    Run {
        id: "A100 LLaMA 70B TP4 first token at 2048",
        family: "A100",
        source: TRTLLM,
        url: TRTLLM_URL,
        date: "2023",
        setup: "TensorRT-LLM low latency (v0.5 data), A100 GPUs (FP16): LLaMA 70B, batch 1, TP 4, input 2048: 1st token latency 377 ms",
        query: "v=1&model=llama2-70b&prec=fp16&ctx=2049&out=1",
        instance: "p4de.24xlarge",
        tp: 4,
        seqs: 1,
        measured: Measured::TtftMs(377.0),
    },
    Run {
        id: "A10G Llama 2 7B TGI TP4 1 users",
        family: "A10G",
        source: HF_SM,
        url: HF_SM_URL,
        date: "2023-09-26",
        setup: "Hugging Face LLM DLC (TGI 1.0.3) on ml.g5.12xlarge, no quantization, 1 concurrent requests: median 16.81 ms/token, 61.46 tokens/s. Prompts are ShareGPT samples and max_new_tokens 50 (the benchmark's load script); the prompt length is not stated, gpuplan assumes 512",
        query: "v=1&model=llama2-7b&prec=fp16&ctx=562&out=50",
        instance: "g5.12xlarge",
        tp: 4,
        seqs: 1,
        measured: Measured::ThroughputTps { out: 50.0, tps: 61.46 },
    },
    Run {
        id: "A10G Llama 2 13B TGI TP4 1 users",
        family: "A10G",
        source: HF_SM,
        url: HF_SM_URL,
        date: "2023-09-26",
        setup: "Hugging Face LLM DLC (TGI 1.0.3) on ml.g5.12xlarge, no quantization, 1 concurrent requests: median 21.0 ms/token, 47.16 tokens/s. Prompts are ShareGPT samples and max_new_tokens 50 (the benchmark's load script); the prompt length is not stated, gpuplan assumes 512",
        query: "v=1&model=llama2-13b&prec=fp16&ctx=562&out=50",
        instance: "g5.12xlarge",
        tp: 4,
        seqs: 1,
        measured: Measured::ThroughputTps { out: 50.0, tps: 47.16 },
    },
    Run {
        id: "A10G Llama 2 7B TGI TP4 20 users",
        family: "A10G",
        source: HF_SM,
        url: HF_SM_URL,
        date: "2023-09-26",
        setup: "Hugging Face LLM DLC (TGI 1.0.3) on ml.g5.12xlarge, no quantization, 20 concurrent requests: median 44.0 ms/token, 449.94 tokens/s. Prompts are ShareGPT samples and max_new_tokens 50 (the benchmark's load script); the prompt length is not stated, gpuplan assumes 512",
        query: "v=1&model=llama2-7b&prec=fp16&ctx=562&out=50",
        instance: "g5.12xlarge",
        tp: 4,
        seqs: 20,
        measured: Measured::ThroughputTps { out: 50.0, tps: 449.94 },
    },
    Run {
        id: "A10G Llama 2 13B TGI TP4 20 users",
        family: "A10G",
        source: HF_SM,
        url: HF_SM_URL,
        date: "2023-09-26",
        setup: "Hugging Face LLM DLC (TGI 1.0.3) on ml.g5.12xlarge, no quantization, 20 concurrent requests: median 67.4 ms/token, 295.64 tokens/s. Prompts are ShareGPT samples and max_new_tokens 50 (the benchmark's load script); the prompt length is not stated, gpuplan assumes 512",
        query: "v=1&model=llama2-13b&prec=fp16&ctx=562&out=50",
        instance: "g5.12xlarge",
        tp: 4,
        seqs: 20,
        measured: Measured::ThroughputTps { out: 50.0, tps: 295.64 },
    },
    Run {
        id: "A100 Llama 2 70B TGI TP8 1 users",
        family: "A100",
        source: HF_SM,
        url: HF_SM_URL,
        date: "2023-09-26",
        setup: "Hugging Face LLM DLC (TGI 1.0.3) on ml.p4d.24xlarge, no quantization, 1 concurrent requests: median 41.35 ms/token, 24.51 tokens/s. Prompts are ShareGPT samples and max_new_tokens 50 (the benchmark's load script); the prompt length is not stated, gpuplan assumes 512",
        query: "v=1&model=llama2-70b&prec=fp16&ctx=562&out=50",
        instance: "p4d.24xlarge",
        tp: 8,
        seqs: 1,
        measured: Measured::ThroughputTps { out: 50.0, tps: 24.51 },
    },
    Run {
        id: "A100 Llama 2 70B TGI TP8 20 users",
        family: "A100",
        source: HF_SM,
        url: HF_SM_URL,
        date: "2023-09-26",
        setup: "Hugging Face LLM DLC (TGI 1.0.3) on ml.p4d.24xlarge, no quantization, 20 concurrent requests: median 59.8 ms/token, 321.54 tokens/s. Prompts are ShareGPT samples and max_new_tokens 50 (the benchmark's load script); the prompt length is not stated, gpuplan assumes 512",
        query: "v=1&model=llama2-70b&prec=fp16&ctx=562&out=50",
        instance: "p4d.24xlarge",
        tp: 8,
        seqs: 20,
        measured: Measured::ThroughputTps { out: 50.0, tps: 321.54 },
    },
    Run {
        id: "MoE Mixtral 8x7B int8 A100 TP1 1 user TTFT",
        family: "MoE",
        source: BASETEN,
        url: BASETEN_URL,
        date: "2023-12",
        setup: "Mixtral 8x7B, int8 quantization, TensorRT-LLM, a single A100 GPU, 512-token input, 128-token output, single concurrent request: 127 ms time to first token, 81 perceived tokens per second (taken as the decode rate, 12.35 ms per token)",
        query: "v=1&model=mixtral-8x7b&prec=int8&ctx=640&out=128",
        instance: "p4de.24xlarge",
        tp: 1,
        seqs: 1,
        measured: Measured::TtftMs(127.0),
    },
    Run {
        id: "MoE Mixtral 8x7B int8 A100 TP1 1 user decode",
        family: "MoE",
        source: BASETEN,
        url: BASETEN_URL,
        date: "2023-12",
        setup: "Mixtral 8x7B, int8 quantization, TensorRT-LLM, a single A100 GPU, 512-token input, 128-token output, single concurrent request: 127 ms time to first token, 81 perceived tokens per second (taken as the decode rate, 12.35 ms per token)",
        query: "v=1&model=mixtral-8x7b&prec=int8&ctx=640&out=128",
        instance: "p4de.24xlarge",
        tp: 1,
        seqs: 1,
        measured: Measured::ItlMs(12.35),
    },
    trtllm_max("B200 Llama 3.3 70B FP4 TP1 max load 1000/1000", "B200", "Llama 3.3 70B FP4 (nvidia/Llama-3.3-70B-Instruct-FP4), B200, TP 1, ISL 1000, OSL 1000, maximum load: 6,866.96 total output tokens/s", "v=1&model=llama3.3-70b&prec=fp4&ctx=2000&out=1000", "p6-b200.48xlarge", 1, Measured::ThroughputTps { out: 1000.0, tps: 6866.96 }),
    trtllm_max("B200 Llama 3.3 70B FP4 TP8 max load 1000/1000", "B200", "Llama 3.3 70B FP4, B200, TP 8, ISL 1000, OSL 1000, maximum load: 19,991.64 total output tokens/s", "v=1&model=llama3.3-70b&prec=fp4&ctx=2000&out=1000", "p6-b200.48xlarge", 8, Measured::ThroughputTps { out: 1000.0, tps: 19991.64 }),
    trtllm_max("B200 Llama 3.3 70B FP4 TP1 max load 2048/128", "B200", "Llama 3.3 70B FP4, B200, TP 1, ISL 2048, OSL 128, maximum load: 1,375.49 total output tokens/s", "v=1&model=llama3.3-70b&prec=fp4&ctx=2176&out=128", "p6-b200.48xlarge", 1, Measured::ThroughputTps { out: 128.0, tps: 1375.49 }),
    trtllm_max("B200 Llama 3.3 70B FP4 TP8 max load 5000/500", "B200", "Llama 3.3 70B FP4, B200, TP 8, ISL 5000, OSL 500, maximum load: 4,810.21 total output tokens/s", "v=1&model=llama3.3-70b&prec=fp4&ctx=5500&out=500", "p6-b200.48xlarge", 8, Measured::ThroughputTps { out: 500.0, tps: 4810.21 }),
    trtllm_max("H200 Llama 3.1 70B FP8 TP8 max load 1000/1000", "H200", "Llama 3.1 70B FP8 (nvidia/Llama-3.1-70B-Instruct-FP8), H200 141GB HBM3, TP 8, ISL 1000, OSL 1000, maximum load: 12,794.92 total output tokens/s", "v=1&model=llama3.1-70b&prec=fp8&ctx=2000&out=1000", "p5en.48xlarge", 8, Measured::ThroughputTps { out: 1000.0, tps: 12794.92 }),
    Run {
        id: "H100 Llama-3-8B TP8 1 user decode (SGLang)",
        family: "H100",
        source: SGLANG_1008,
        url: SGLANG_1008_URL,
        date: "2024-08-09",
        setup: "python3 -m sglang.bench_latency --model meta-llama/Meta-Llama-3-8B --batch-size 1 --input 128 --output 8, TP=8, with cuda graph: decode median latency 0.00335 s, 298.53 token/s (the GPU is not named; its TP1 decode of 7.37 ms for 16 GB of weights rules out A100, whose peak bandwidth needs 8 ms: taken as 8 × H100)",
        query: "v=1&model=llama3.1-8b&prec=bf16&ctx=136",
        instance: "p5.48xlarge",
        tp: 8,
        seqs: 1,
        measured: Measured::ItlMs(3.35),
    },
    Run {
        id: "H100 Llama-3-8B TP1 1 user decode (SGLang)",
        family: "H100",
        source: SGLANG_1008,
        url: SGLANG_1008_URL,
        date: "2024-08-09",
        setup: "python3 -m sglang.bench_latency --model meta-llama/Meta-Llama-3-8B --batch-size 1 --input 128 --output 8, TP=1, with cuda graph: decode median latency 0.00737 s, 135.64 token/s (the same GPU as the TP8 row)",
        query: "v=1&model=llama3.1-8b&prec=bf16&ctx=136",
        instance: "p5.48xlarge",
        tp: 1,
        seqs: 1,
        measured: Measured::ItlMs(7.37),
    },
    Run {
        id: "Trainium Llama-2-13b 8192/8192 TP32 TTFT",
        family: "Trainium",
        source: NEURON_TRN1,
        url: NEURON_TRN1_URL,
        date: "2024",
        setup: "Llama-2-13b, trn1.32xlarge, Transformers NeuronX (Neuron 2.18.0), TP degree 32 (NeuronCores = 16 devices), batch 1, sequence length 16384, input 8192, output 8192, FP16 (matmult BF16), weights bf16: TTFT P50 2367.93 ms, TPOT P50 13.41 ms (the longest prompt the table gives for a model of this size; no 8B row goes past 4,096 input tokens)",
        query: "v=1&model=llama2-13b&prec=bf16&ctx=16384&out=8192",
        instance: "trn1.32xlarge",
        tp: 16,
        seqs: 1,
        measured: Measured::TtftMs(2367.93),
    },
    Run {
        id: "Trainium Llama-2-13b 4096/4096 TP32 TTFT",
        family: "Trainium",
        source: NEURON_TRN1,
        url: NEURON_TRN1_URL,
        date: "2024",
        setup: "Llama-2-13b, trn1.32xlarge, Transformers NeuronX (Neuron 2.18.0), TP degree 32 (NeuronCores = 16 devices), batch 1, sequence length 8192, input 4096, output 4096, FP16 (matmult BF16), weights bf16: TTFT P50 864.14 ms, TPOT P50 9.84 ms",
        query: "v=1&model=llama2-13b&prec=bf16&ctx=8192&out=4096",
        instance: "trn1.32xlarge",
        tp: 16,
        seqs: 1,
        measured: Measured::TtftMs(864.14),
    },
];

/// Runs the model misses by more than 25 % with the current assumptions: the measured error and why.
/// Not tuned away; a miss that comes within ±25 % must leave the list (the test says so).
const KNOWN_MISSES: &[(&str, &str)] = &[
    (
        "MoE Mixtral 8x7B int8 A100 TP1 1 user TTFT",
        "measured +50 %; an MoE prompt's prefill: the experts' grouped GEMMs and routing imbalance are not modelled, and the source's int8 may be weight-only (16-bit matmuls) where the engine prefills at the INT8 rate (capped at fp8x × the 16-bit peak); its decode row is held (+24 %)",
    ),
    ("A100 Llama 2 70B TGI TP8 1 users", "measured +96 %; TGI 1.0.3 (2023) on p4d (A100 40GB) at one user took 41 ms per token where the weight read is ~16 ms: NCCL's ring all-reduce without CUDA graphs; gpuplan charges today's one-shot all-reduce over NVSwitch (nvsar 17 µs; +40 % when every link was a ring of 68 µs at TP8), not a latency per engine"),
    ("A100 Llama 2 70B TGI TP8 20 users", "measured +43 %; the same TGI 1.0.3 stack at 20 users (+13 % when NVSwitch was charged as a ring): its NCCL all-reduces cost more than the one-shot kernels today's engines run over NVSwitch"),
    ("A100 Llama 2 70B TP8 1 user (PyTorch)", "measured +83 %; PyTorch 2023 (torch.compile) reduces through NCCL's ring: 29 ms per token against 12.3 ms of weight read, where the one-shot all-reduce over NVSwitch (nvsar) that TensorRT-LLM, vLLM and SGLang run gives ~16 ms; held at +21 % when every link was a ring. SGLang's CUDA-graph TP8 decode (8B, 2024) is held (+24 %)"),
    ("A100 NeMo 7B TP8 batch 1", "measured +108 %; NeMo's TensorRT-LLM Llama 2 7B at TP8 and batch 1 took ~6.8 ms a token where the weights take 1.2 ms: per-layer overhead of that benchmark's static engine (held at +3 % with the ring's 68 µs per all-reduce); SGLang's CUDA-graph TP8 decode of an 8B on H100 runs 3.35 ms a token and is held (+24 %)"),
    ("H100 NeMo 7B TP8 batch 1", "measured +79 %; as the A100 row: ~4.9 ms a token for 7B at TP8 where SGLang's CUDA-graph 8B TP8 decode on the same GPUs takes 3.35 ms (held, +24 %)"),
    ("A10G Llama 2 7B TGI TP4 1 users", "measured +28 %; one user of 7B over four A10Gs on PCIe: TGI's 16.8 ms per token is above what the weight read (3.2 ms) and the PCIe ring latency give; the 13B at one user and both at 20 users on the same instance are held"),
    ("H100 LLaMA 70B TP2 batch 64 2048/2048", "measured +84 %; 70B decode at large static batches with long outputs: the source's step is ~3× its weight and KV read and its FLOPs reach ~12-15 % of the FP8 peak; the decode compute cap (mfu 0.4) is one value for every run, and the 7B/13B large-batch rows are held"),
    ("H100 LLaMA 70B TP4 batch 480 128/2048", "measured +163 %; as the TP2 2048/2048 row: 70B at 480 sequences decodes at ~12 % of the FP8 peak in TensorRT-LLM v0.6.1; not tuned"),
    ("H200 llama_70b TP4 batch 512 128/2048", "measured +138 %; as the H100 TP4 row: 70B at 512 sequences decodes at ~12 % of the FP8 peak in TensorRT-LLM v0.5.0 (a preliminary figure); not tuned"),
    ("H100 LLaMA 70B TP4 first token at 128", "measured +51 %; a 128-token prefill over TP4 has a floor (26 ms) above one weight read, its all-reduces and the step time (~17 ms with the one-shot all-reduce over NVSwitch); the 2,048-token row is held (−6 %)"),
    ("H200 llama_13b TP1 batch 1024 128/128", "measured +30 %; a static batch of 1,024 prompts: the batch prefill (131K tokens) is charged at one prompt's prefill rate, the source's runs below it; the same table's other rows are held"),
    ("L40S LLaMA 7B TP1 first token at 2048", "measured −31 %; the L40S's FP8 prefill ran at 1.09× its BF16 dense peak; every GPU's FP8 prefill is capped at fp8_speedup × prefill_mfu = 0.84× the BF16 peak (the H100 FP8 row is held at −6 %)"),
    ("Trainium Llama-3-8B 128/8064 TP32 TTFT", "measured +56 %; Neuron's time to first token at a 128-token prompt has a floor (17 ms for 8B) above one step and the collectives; the 4,096-token row is held (+8 %)"),
    ("Trainium Llama-2-13b 8192/8192 TP32 TTFT", "measured +408 %; Neuron 2.18.0's Llama-2-13b prefills 8,192 tokens in 2.37 s, ~4 % of the chips' BF16 peak, where the same table's Llama-3-8B prefills 4,096 at ~20 % (held, +8 %): the prefill rate is one nmfu for every model. The planner's long-prompt TTFT on Trainium is optimistic by this much for models run the way this row was"),
    ("Trainium Llama-2-13b 4096/4096 TP32 TTFT", "measured +281 %; as the 8,192-token row: 0.86 s for a 4,096-token prompt of a 13B, ~3.8 × the time per FLOP of the table's Llama-3-8B row"),
    ("B200 Llama 3.3 70B FP4 TP1 max load 1000/1000", "measured −28 %; at maximum load one B200 holds ~200 sequences in gpuplan (an FP4 model keeps a 16-bit KV cache there; NVIDIA's FP4 checkpoints run an FP8 one, twice the sequences) and its FP4 prefill is capped at fp8x × the 16-bit peak"),
    ("B200 Llama 3.3 70B FP4 TP1 max load 2048/128", "measured −47 %; prefill-heavy (2,048 in, 128 out) at maximum load: gpuplan caps an FP4 prefill at fp8x (1.4) × the BF16 peak, set from Hopper's FP8 runs; Blackwell's FP4 prefill runs faster, and the 16-bit KV cache halves the batch"),
    ("B200 Llama 3.3 70B FP4 TP8 max load 1000/1000", "measured +41 %; at maximum load 8 B200 hold ~2,000 sequences in gpuplan and decode at the compute cap (mfu 0.4 of the FP4 peak); the source's batch is not stated (its CUDA graphs stop at 8,192), and TP8's row at 5,000/500 is held (+2 %)"),
];

/// The estimate in the measurement's own terms, and the measurement, both "higher is better".
fn estimate_vs_measured(catalog: &Catalog, run: &Run) -> (f64, f64) {
    let (scenario, warnings) = query::parse(run.query, catalog);
    assert!(warnings.is_empty(), "{}: {warnings:?}", run.query);
    let seqs = seqs_of(catalog, &scenario, run);
    let e = serving_estimate(catalog, &scenario, run.instance, run.tp, seqs)
        .unwrap_or_else(|| panic!("{} on {}", run.query, run.instance));
    let prefill_s = e.prefill_s.unwrap_or(0.0);
    let marginal_s = e.prefill_marginal_s.unwrap_or(0.0);
    let b = f64::from(seqs);
    // With `out` in the link the estimate already charges each request's prefill over its output
    // (`out / (out·t_step + seqs·t_marginal)`): take the decode step back out of it.
    let out_q = f64::from(scenario.output_tokens);
    let step_s = if out_q > 0.0 {
        1.0 / e.tokens_per_s_per_seq - b * marginal_s / out_q
    } else {
        1.0 / e.tokens_per_s_per_seq
    };
    // A batch of `b` prompts prefilled together reads the weights once: the first prompt's whole time,
    // then each other's marginal cost.
    let batch_prefill_s = prefill_s + (b - 1.0) * marginal_s;
    match run.measured {
        Measured::ItlMs(ms) => (1.0 / step_s, 1000.0 / ms),
        Measured::LatencyMs { out, ms } => (1.0 / (batch_prefill_s + out * step_s), 1000.0 / ms),
        Measured::ThroughputTps { out, tps } => (b * out / (out * step_s + batch_prefill_s), tps),
        Measured::TtftMs(ms) => (1.0 / prefill_s.max(1e-9), 1000.0 / ms),
        Measured::TtftAtLoadMs(ms) => {
            let request_s = out_q / e.tokens_per_s_per_seq;
            let f = gpuplan::engine::perf::first_token(prefill_s, marginal_s, seqs, request_s);
            (1.0 / f.ttft_s.max(1e-9), 1000.0 / ms)
        }
    }
}

/// The sequences a run is estimated at: its stated concurrency, or (0, maximum load) the most a replica of
/// its TP degree holds in gpuplan's memory model.
fn seqs_of(catalog: &Catalog, scenario: &gpuplan::scenario::Scenario, run: &Run) -> u32 {
    if run.seqs > 0 {
        return run.seqs;
    }
    let (_, shapes) = gpuplan::engine::serving_layouts(catalog, scenario, run.instance);
    shapes
        .iter()
        .find(|(tp, _)| *tp == run.tp)
        .map(|(_, most)| *most)
        .unwrap_or_else(|| panic!("{}: no TP{} layout on {}", run.id, run.tp, run.instance))
}

fn measured_text(m: Measured) -> String {
    match m {
        Measured::ItlMs(ms) => format!("ITL {ms} ms"),
        Measured::LatencyMs { out, ms } => format!("{out} out, {ms} ms end to end"),
        Measured::ThroughputTps { out, tps } => format!("{out} out, {tps} tok/s"),
        Measured::TtftMs(ms) => format!("TTFT {ms} ms"),
        Measured::TtftAtLoadMs(ms) => format!("TTFT at load {ms} ms"),
    }
}

/// Every run's estimate ÷ measurement (> 1: the model is faster than the source) and the printed table.
fn ratios_and_report(catalog: &Catalog) -> (Vec<f64>, String) {
    let mut ratios = Vec::new();
    let mut report =
        String::from("| run | family | setup | published | estimate ÷ published |\n|---|---|---|---|---|\n");
    for run in RUNS {
        let (est, meas) = estimate_vs_measured(catalog, run);
        let ratio = est / meas;
        let (scenario, _) = query::parse(run.query, catalog);
        let seqs = seqs_of(catalog, &scenario, run);
        report.push_str(&format!(
            "| {} | {} | {} {} TP{} ×{} | {} | {:+.0} % |\n",
            run.id,
            run.family,
            run.query,
            run.instance,
            run.tp,
            seqs,
            measured_text(run.measured),
            (ratio - 1.0) * 100.0
        ));
        ratios.push(ratio);
    }
    (ratios, report)
}

#[test]
fn every_run_states_its_source_and_setup() {
    let mut ids: Vec<&str> = Vec::new();
    for run in RUNS {
        assert!(
            !run.source.is_empty() && run.url.starts_with("https://") && !run.date.is_empty(),
            "{}",
            run.id
        );
        assert!(!run.setup.is_empty() && !run.family.is_empty(), "{}", run.id);
        assert!(!ids.contains(&run.id), "duplicate id {}", run.id);
        ids.push(run.id);
    }
    for (id, why) in KNOWN_MISSES {
        assert!(ids.contains(id), "KNOWN_MISSES names no run: {id}");
        assert!(!why.is_empty(), "{id}: a known miss needs its reason");
    }
}

#[test]
fn published_serving_runs_within_25_percent_median_within_15() {
    let catalog = Catalog::bundled();
    let (ratios, report) = ratios_and_report(&catalog);
    let all = gpuplan::order::sorted(ratios.clone(), &|a: &f64, b: &f64| a.total_cmp(b));
    println!(
        "{report}\n{} runs, median of all {:+.0} %",
        all.len(),
        (all[all.len() / 2] - 1.0) * 100.0
    );
    for (run, r) in RUNS.iter().zip(&ratios) {
        let known = KNOWN_MISSES.iter().any(|(id, _)| *id == run.id);
        let within = (0.75..=1.25).contains(r);
        if known {
            assert!(
                !within,
                "{} is now within ±25 % ({r:.2}): take it off KNOWN_MISSES\n{report}",
                run.id
            );
        } else {
            assert!(within, "{} outside ±25 % ({r:.2}):\n{report}", run.id);
        }
    }
    let kept: Vec<f64> = RUNS
        .iter()
        .zip(&ratios)
        .filter(|(run, _)| !KNOWN_MISSES.iter().any(|(id, _)| *id == run.id))
        .map(|(_, r)| *r)
        .collect();
    let kept = gpuplan::order::sorted(kept, &|a: &f64, b: &f64| a.total_cmp(b));
    let median = kept[kept.len() / 2];
    assert!((0.85..=1.15).contains(&median), "median {median:.2}:\n{report}");
}
