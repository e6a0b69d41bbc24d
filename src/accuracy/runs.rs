//! The published training runs, each with its source, date and stated setup. What a source does not
//! state is said so in `setup_text`, and the planner's default stands in. Never a figure typed without one.

use super::{Cluster, Family, Kind, Machines, Run, Setup, TrainingSetup, Unit, Workload};
use crate::models::{self, ModelArch};
use crate::scenario::{FinetuneMethod, Precision};

/// What every Neuron row leaves to the planner.
macro_rules! trn1_note {
    () => {
        "; instance given as trn1.32xlarge/trn1n.32xlarge, estimated on trn1.32xlarge (16 Trainium chips, 800 Gbps EFA); the table's TP/PP count NeuronCores (2 a chip)"
    };
}

const GIB: f64 = 1_073_741_824.0;

fn preset(id: &str) -> ModelArch {
    models::preset_by_id(id)
        .cloned()
        .unwrap_or_else(|| models::estimate(8e9, 8e9))
}

/// A model whose shape is published in its config: layers, hidden width, attention heads, KV heads,
/// head width, and for an MoE its routed experts and how many each token uses.
#[allow(clippy::too_many_arguments)]
fn shaped(
    name: &'static str,
    total: f64,
    active: f64,
    (layers, hidden, heads, kv_heads, head_dim): (u32, u32, u32, u32, u32),
    experts: u32,
    experts_per_token: u32,
) -> ModelArch {
    ModelArch {
        id: "",
        name,
        total_params: total,
        active_params: active,
        layers,
        hidden,
        heads,
        kv_heads,
        head_dim,
        max_context: 131_072,
        kv_bytes_per_token_bf16_override: None,
        sliding_window: None,
        estimated: false,
        experts,
        experts_per_token,
    }
}

const A100_RSC: fn(u32) -> Cluster = |gpus| Cluster {
    peak_tflops: 312.0,
    mem_gib: 80.0,
    mem_bw_gbs: 2000.0,
    link_gbs: 300.0,
    net_gbps: 200.0,
    gpus,
};
/// Meta's H100 clusters and NVIDIA's DGX-H100 alike: H100 SXM (989 TFLOPS BF16 dense, 80 GB, 3.35 TB/s),
/// NVLink 4 at 450 GB/s one way, 400 Gb/s per GPU.
const H100: fn(u32) -> Cluster = |gpus| Cluster {
    peak_tflops: 989.0,
    mem_gib: 80.0,
    mem_bw_gbs: 3350.0,
    link_gbs: 450.0,
    net_gbps: 400.0,
    gpus,
};
/// DGX B200 as NVIDIA's runs state it: B200 (2,250 TFLOPS BF16 dense; 180 GB HBM3e at 8 TB/s; NVLink 5
/// at 1.8 TB/s both ways), 400 Gb/s per GPU.
const DGX_B200: fn(u32) -> Cluster = |gpus| Cluster {
    peak_tflops: 2250.0,
    mem_gib: 180e9 / GIB,
    mem_bw_gbs: 8000.0,
    link_gbs: 900.0,
    net_gbps: 400.0,
    gpus,
};
/// One A100-SXM4-80G server as Qwen's profiling states it (NVLink 3 at 300 GB/s one way).
const A100_SXM: fn(u32) -> Cluster = |gpus| Cluster {
    peak_tflops: 312.0,
    mem_gib: 80.0,
    mem_bw_gbs: 2000.0,
    link_gbs: 300.0,
    net_gbps: 200.0,
    gpus,
};

const LLAMA2: &str =
    "Touvron et al., Llama 2: Open Foundation and Fine-Tuned Chat Models, arXiv 2307.09288, Table 1 and §2.2.1";
const LLAMA1: &str = "Touvron et al., LLaMA: Open and Efficient Foundation Language Models, arXiv 2302.13971, §2.4";
const NEMO: &str = "NVIDIA Megatron-Bridge, Performance Summary, 25.11 NeMo container (github.com/NVIDIA-NeMo/Megatron-Bridge docs/performance-summary-archive.md), pre-training, synthetic data, tokens/sec/GPU; MoE rows force-balanced and token-dropless";
const NEMO_2509: &str = "NVIDIA Megatron-Bridge, Performance Summary, 25.09 NeMo container (github.com/NVIDIA-NeMo/Megatron-Bridge docs/performance-summary-archive.md), pre-training, tokens/sec/GPU; dropless rows force-balanced";
const LLAMA3: &str = "Llama Team, The Llama 3 Herd of Models, arXiv 2407.21783, §3.3 Table 4";
const NEURON_221: &str = concat!("AWS Neuron documentation, Trn1/Trn1n Training Performance, Decoder Models (github.com/aws-neuron/aws-neuron-sdk general/benchmarks/trn1/training_data_decoder.csv @752349fd), Neuron 2.21, NeuronX Distributed, BF16 autocast + FP32 optimizer, AdamW", trn1_note!());
const NEURON_224: &str = concat!("AWS Neuron documentation, Trn1/Trn1n Training Performance, Decoder Models (github.com/aws-neuron/aws-neuron-sdk about-neuron/benchmarks/trn1/training_data_decoder.csv @1db4d74e), Neuron 2.24, NeuronX Distributed, BF16 autocast + FP32 optimizer, AdamW", trn1_note!());
const NEURON_218: &str = concat!("AWS Neuron documentation, Trn1/Trn1n Training Performance, Decoder Models (github.com/aws-neuron/aws-neuron-sdk general/benchmarks/trn1/training_data_decoder.csv @8907253c), Neuron 2.18, NeMo Megatron (neuronx-nemo-megatron), BF16 + stochastic rounding, AdamW", trn1_note!());
const NEURON_213: &str = concat!("AWS Neuron documentation, Trn1/Trn1n Performance, Training (github.com/aws-neuron/aws-neuron-sdk general/benchmarks/trn1/trn1_trn1n_nlp_data.csv @02b8afc5), Neuron 2.13.1, NeMo Megatron, BF16 + stochastic rounding, AdamW", trn1_note!());
const NEMO_2407: &str = "NVIDIA NeMo, Performance Benchmarks, Finetuning (github.com/NVIDIA/NeMo docs/source/performance/performance_summary.md @070a0bb1), NeMo 24.07 container, DGX-H100, FP8, SQuAD v1.1 packed to 4,096 tokens, tokens/sec/GPU";
const AUTOMODEL: &str = "NVIDIA NeMo AutoModel, Performance Summary, Finetuning (LoRA) (github.com/NVIDIA-NeMo/Automodel docs/performance-summary.md @01926a5c, last updated 2025-10-02), PyTorch backend, DGX-H100, mock data, full sequences with no padding, tokens/sec/GPU";
const QWEN: &str = "QwenLM/Qwen README (github.com/QwenLM/Qwen), Finetuning, Profiling of Memory and Speed: one A100-SXM4-80G, CUDA 11.8, PyTorch 2.0, FlashAttention 2, batch 1 with gradient accumulation 8 per GPU, s/iter";

fn training(
    arch: ModelArch,
    method: FinetuneMethod,
    precision: Precision,
    seq: u32,
    global_batch_seqs: u32,
    tokens: f64,
    machines: Machines,
) -> Setup {
    Setup::Training(TrainingSetup {
        arch,
        method,
        precision,
        seq,
        global_batch_seqs,
        tokens,
        machines,
    })
}

fn trn1(instances: u32) -> Machines {
    Machines::Instances {
        id: "trn1.32xlarge",
        instances,
    }
}

/// A run row with no known miss.
#[allow(clippy::too_many_arguments)]
fn run(
    name: &'static str,
    family: Family,
    workload: Workload,
    setup_text: &'static str,
    published: f64,
    unit: Unit,
    source: &'static str,
    date: &'static str,
    setup: Setup,
) -> Run {
    Run {
        name,
        family,
        kind: Kind::Training,
        workload,
        setup_text,
        published,
        unit,
        source,
        date,
        known_miss: None,
        setup,
    }
}

/// GPT-3 175B's shape (Brown et al. 2020, Table 2.1: 96 layers, d_model 12,288, 96 heads of 128).
fn gpt3_175b() -> ModelArch {
    shaped("GPT-3 175B", 175e9, 175e9, (96, 12288, 96, 96, 128), 0, 0)
}

/// Qwen3-30B-A3B (Hugging Face Qwen/Qwen3-30B-A3B config.json: 48 layers, hidden 2,048, 32 query and
/// 4 KV heads of 128, 128 experts, 8 a token; model card: 30.5B total, 3.3B activated).
fn qwen3_30b() -> ModelArch {
    shaped("Qwen3-30B-A3B", 30.5e9, 3.3e9, (48, 2048, 32, 4, 128), 128, 8)
}

/// Qwen3-235B-A22B (config.json: 94 layers, hidden 4,096, 64 query and 4 KV heads of 128, 128 experts,
/// 8 a token; model card: 235B total, 22B activated).
fn qwen3_235b() -> ModelArch {
    shaped("Qwen3-235B-A22B", 235e9, 22e9, (94, 4096, 64, 4, 128), 128, 8)
}

/// gpt-oss-120b (OpenAI model card: 117B total, 5.1B active; config.json: 36 layers, hidden 2,880,
/// 64 query and 8 KV heads of 64, 128 experts, 4 a token).
fn gpt_oss_120b() -> ModelArch {
    shaped("gpt-oss-120b", 117e9, 5.1e9, (36, 2880, 64, 8, 64), 128, 4)
}

/// Every published training run the planner is held to.
pub fn training_runs() -> Vec<Run> {
    use FinetuneMethod::Full;
    use Precision::{Bf16, Fp8};
    use Workload::Dense;
    let mut v = vec![
        // --- A100: Meta's production runs -----------------------------------------------------------
        run("Llama 2 7B", Family::A100, Dense,
            "2T tokens, 4K context, 4M-token global batch, A100-80GB at 200 Gbps per GPU; GPU count not published (2,048 used).",
            184_320.0, Unit::GpuHours, LLAMA2, "2023-07-18",
            training(preset("llama2-7b"), Full, Bf16, 4096, 1024, 2e12, Machines::Cluster(A100_RSC(2048)))),
        run("Llama 2 13B", Family::A100, Dense,
            "2T tokens, 4K context, 4M-token global batch, A100-80GB at 200 Gbps per GPU; GPU count not published (2,048 used).",
            368_640.0, Unit::GpuHours, LLAMA2, "2023-07-18",
            training(preset("llama2-13b"), Full, Bf16, 4096, 1024, 2e12, Machines::Cluster(A100_RSC(2048)))),
        run("Llama 2 34B (shape estimated)", Family::A100, Dense,
            "2T tokens, 4K context, 4M-token global batch; shape not published (estimated from 34B); 2,048 GPUs assumed.",
            1_038_336.0, Unit::GpuHours, LLAMA2, "2023-07-18",
            training(models::estimate(34e9, 34e9), Full, Bf16, 4096, 1024, 2e12, Machines::Cluster(A100_RSC(2048)))),
        run("Llama 2 70B", Family::A100, Dense,
            "2T tokens, 4K context, 4M-token global batch, A100-80GB at 200 Gbps per GPU; GPU count not published (2,048 used).",
            1_720_320.0, Unit::GpuHours, LLAMA2, "2023-07-18",
            training(preset("llama2-70b"), Full, Bf16, 4096, 1024, 2e12, Machines::Cluster(A100_RSC(2048)))),
        run("LLaMA 65B (shape estimated)", Family::A100, Dense,
            "65B: 380 tokens/s/GPU on 2,048 A100-80GB, 2K context, 4M-token batch; shape estimated from 65.2B.",
            380.0, Unit::TokensPerGpuSecond, LLAMA1, "2023-02-27",
            training(models::estimate(65.2e9, 65.2e9), Full, Bf16, 2048, 2048, 1.4e12, Machines::Cluster(A100_RSC(2048)))),
        // --- H100: Meta's production runs and NVIDIA's benchmarks -----------------------------------
        run("Llama 3 405B, 8,192 GPUs", Family::H100, Dense,
            "405B, BF16, 8K sequences, 16M-token global batch, TP 8 × PP 16 × DP 64, 400 Gbps RoCE per GPU.",
            0.43, Unit::Mfu, LLAMA3, "2024-07-23",
            training(preset("llama3.1-405b"), Full, Bf16, 8192, 2048, 15.6e12, Machines::Cluster(H100(8192)))),
        run("Llama 3 405B, 16,384 GPUs", Family::H100, Dense,
            "405B, BF16, 8K sequences, 16M-token global batch, TP 8 × PP 16 × DP 128, 400 Gbps RoCE per GPU.",
            0.41, Unit::Mfu, LLAMA3, "2024-07-23",
            training(preset("llama3.1-405b"), Full, Bf16, 8192, 2048, 15.6e12, Machines::Cluster(H100(16384)))),
        run("Llama 3 70B FP8, 64 H100", Family::H100, Dense,
            "DGX-H100, 64 GPUs, FP8-CS, GBS 128, MBS 1, 8K, TP 4 PP 8 VP 5.",
            1_602.0, Unit::TokensPerGpuSecond, NEMO, "2025-11",
            training(preset("llama3.1-70b"), Full, Fp8, 8192, 128, 15e12, Machines::Cluster(H100(64)))),
        run("Llama 3.1 405B FP8, 1,024 H100", Family::H100, Dense,
            "DGX-H100, 1,024 GPUs, FP8-CS, GBS 512, MBS 1, 8K, TP 8 PP 8 CP 2 VP 8.",
            292.0, Unit::TokensPerGpuSecond, NEMO, "2025-11",
            training(preset("llama3.1-405b"), Full, Fp8, 8192, 512, 15.6e12, Machines::Cluster(H100(1024)))),
        run("Llama 3 8B FP8, 8 H100", Family::H100, Dense,
            "DGX-H100, 8 GPUs, FP8-CS, GBS 128, MBS 1, 8K, FSDP 8.",
            14_451.0, Unit::TokensPerGpuSecond, NEMO, "2025-11",
            training(preset("llama3.1-8b"), Full, Fp8, 8192, 128, 15e12, Machines::Cluster(H100(8)))),
        // --- B200: NVIDIA's benchmarks -------------------------------------------------------------
        run("Llama 3.1 405B FP8, 128 B200", Family::B200, Dense,
            "DGX-B200, 128 GPUs, FP8-CS, GBS 64, MBS 1, 8K, TP 4 PP 8 CP 2 VP 8.",
            661.0, Unit::TokensPerGpuSecond, NEMO, "2025-11",
            training(preset("llama3.1-405b"), Full, Fp8, 8192, 64, 15.6e12, Machines::Cluster(DGX_B200(128)))),
        run("Llama 3 8B FP8, 8 B200", Family::B200, Dense,
            "DGX-B200, 8 GPUs, FP8-CS, GBS 128, MBS 2, 8K, no model parallelism.",
            30_624.0, Unit::TokensPerGpuSecond, NEMO, "2025-11",
            training(preset("llama3.1-8b"), Full, Fp8, 8192, 128, 15e12, Machines::Cluster(DGX_B200(8)))),
    ];
    v.extend(trainium_runs());
    v.extend(moe_runs());
    v.extend(lora_runs());
    v.extend(h100_finetune_runs());
    for r in &mut v {
        r.known_miss = KNOWN_MISSES.iter().find(|(n, _)| *n == r.name).map(|(_, why)| *why);
    }
    v
}

/// Runs the planner misses by more than 25 %, and why (kept in the table, not tuned away).
pub const KNOWN_MISSES: &[(&str, &str)] = &[
    (
        "Llama 2 34B (shape estimated)",
        "Llama 2 34B was never released: its layer shape is estimated, and its published GPU-hours are 60 % of the 70B's for 49 % of the parameters, a less efficient run than its siblings that the paper does not explain. The A100 runs also ran partly under a 350 W power cap (production cluster), which no peak figure reflects.",
    ),
    (
        "Llama 3.1 405B FP8, 1,024 H100",
        "NVIDIA's benchmark recipe splits each 8K sequence over two GPUs (context parallelism, CP 2) to halve the pipeline (PP 8, 8 virtual stages) and overlaps tensor-parallel all-reduces with compute; the planner has no context parallelism (it takes PP 16) and charges tensor-parallel all-reduces as exposed time (15 % of its step here). A tuned synthetic-data benchmark, not a production run.",
    ),
    // Issue 23, measured 2026-12-02 (tests/fixtures/published_training_before.md). Trainium's eight other
    // rows are within ±25 % since Neuron's own kernel efficiency (`nteff`). MoE (2026-12-03): six of the
    // seven rows within ±25 % since the routing term (`moeb`, calibrated on the seven: median −6 %);
    // before it, timed as dense models of their active parameters, +77 % to +650 %. 2026-12-04: with
    // expert parallelism's terms and `moeb` re-calibrated once (245 B), six within ±19 %, median −5 %.
    (
        "Llama 2 7B, 16 trn1, batch 256",
        "Measured +161 % fast at the GPU kernel efficiency, +60 % at Neuron's (nteff 0.33): an early release (Neuron 2.13.1, 2023; 22 % MFU stated) whose same 16-node Llama 2 7B runs 95 seq/s on Neuron 2.21 at a 1,024 global batch (within 16 % here). Software of the day, not the chip; the sequence length is not stated (4,096 assumed).",
    ),
    (
        "Qwen3-30B-A3B FP8, 8 B200",
        "Measured +61 % fast with the MoE routing term (`moeb`), one figure for all seven MoE rows (+650 % as a dense 3.3B model before it; +57 % before expert parallelism's terms, 2026-12-04): its 768-wide experts, the narrowest of the seven, on one 8-GPU node run slower still than the term charges. The grouped GEMMs' rate (`ggeff`) and their weight reads are charged, but 4,096 tokens a micro-batch over 128 experts keep them compute-bound in the model; the planner keeps EP 1 (all experts on every GPU, no all-to-all), where the run used EP 8. What the real kernels lose on such small experts is not modelled.",
    ),
    // Fine-tuning (2026-12-06): the Megatron rows (NeMo 24.07, H100 FP8) run −15 % to −18 % here, as the
    // same source's pre-training rows do; the Hugging Face stacks run fast. No one figure explains both.
    ("Qwen-7B LoRA, 1 A100, 4K", "Measured +42 % fast (−30 % s/step): a Hugging Face PEFT run at batch 1, not a tuned kernel stack. The profiling does not state its flags, but Qwen's fine-tuning scripts (finetune/finetune_lora_single_gpu.sh and finetune_qlora_single_gpu.sh) pass --gradient_checkpointing, a recomputed forward (≈1.4× the FLOPs of the planner's plan here, which recomputes only attention because memory allows); the planner recomputes by memory need, as Megatron does, so does not charge it."),
    ("Qwen-7B Q-LoRA, 1 A100, 4K", "Measured +59 % fast (−37 % s/step): GPTQ Int4 base through PEFT at batch 1, with the scripts' gradient checkpointing (≈1.4× the FLOPs charged, see the LoRA row)."),
    ("Qwen-14B Q-LoRA, 1 A100, 4K", "Measured +45 % fast (−31 % s/step): GPTQ Int4 base through PEFT at batch 1, with the scripts' gradient checkpointing (≈1.4× the FLOPs charged, see the 7B LoRA row)."),
    (
        "Llama 2 70B SFT FP8, 16 H100",
        "Measured −38 % slow: full fine-tuning of 69B parameters on 16 GPUs at DP 1 leaves Adam's states unsharded, 16 B a parameter or ~64 GiB a GPU before activations; the planner fits it only by recomputing layers in full (TP 2 × PP 8). NeMo's run at TP 4 × PP 4 states no recomputation, and how it fits in 80 GB is not stated (FP8 weights or optimizer states kept differently). The 7B and 13B SFT rows of the same table are within −9 % and −16 %.",
    ),
    (
        "Llama 3 70B LoRA BF16, 8 H100 (AutoModel)",
        "Measured +156 % fast: NeMo AutoModel's PyTorch backend (Hugging Face Transformers models, its docs), with no kernel optimizations listed for this row (its pre-training rows list Transformer Engine), at 176 model TFLOP/s a GPU as stated, 18 % of the BF16 peak. A like job in Megatron (NeMo 24.07: Llama 2 70B LoRA, 8 H100, TP 2 PP 4, FP8) runs 2,557 tokens/s a GPU and is within −15 % here. The software stack, not the chip.",
    ),
];

/// AWS Neuron's published Trn1 decoder pre-training rows (strong scaling, sequences/s over the cluster).
fn trainium_runs() -> Vec<Run> {
    use FinetuneMethod::Full;
    use Precision::Bf16;
    use Workload::Dense;
    vec![
        run("Llama 2 7B, 16 trn1", Family::Trainium, Dense,
            "16 nodes, TP=8 DP=64, microbatch 1, global batch 1,024, sequence 4,096: 95.14 seq/s.",
            95.14, Unit::SeqsPerSecond, NEURON_221, "2024-12-20",
            training(preset("llama2-7b"), Full, Bf16, 4096, 1024, 2e12, trn1(16))),
        run("Llama 2 13B, 32 trn1", Family::Trainium, Dense,
            "32 nodes, TP=8 DP=16 PP=8, microbatch 1, global batch 1,024, sequence 4,096: 80.33 seq/s.",
            80.33, Unit::SeqsPerSecond, NEURON_221, "2024-12-20",
            training(preset("llama2-13b"), Full, Bf16, 4096, 1024, 2e12, trn1(32))),
        run("Llama 2 70B, 32 trn1", Family::Trainium, Dense,
            "32 nodes, TP=32 DP=4 PP=8, microbatch 1, global batch 1,024, sequence 4,096: 14.44 seq/s.",
            14.44, Unit::SeqsPerSecond, NEURON_221, "2024-12-20",
            training(preset("llama2-70b"), Full, Bf16, 4096, 1024, 2e12, trn1(32))),
        run("Llama 3.1 8B, 32 trn1", Family::Trainium, Dense,
            "32 nodes, TP=32 DP=32 PP=1 ZeRO-1, microbatch 1, global batch 1,024, sequence 8,192: 47.95 seq/s.",
            47.95, Unit::SeqsPerSecond, NEURON_224, "2025-06-23",
            training(preset("llama3.1-8b"), Full, Bf16, 8192, 1024, 15e12, trn1(32))),
        run("Llama 3.1 70B, 32 trn1", Family::Trainium, Dense,
            "32 nodes, TP=32 DP=4 PP=8, microbatch 1, global batch 1,024, sequence 8,192: 7.94 seq/s.",
            7.94, Unit::SeqsPerSecond, NEURON_224, "2025-06-23",
            training(preset("llama3.1-70b"), Full, Bf16, 8192, 1024, 15e12, trn1(32))),
        run("GPT-3 23B (shape estimated), 32 trn1", Family::Trainium, Dense,
            "32 nodes, TP=8 DP=32 PP=4, microbatch 1, global batch 1,024, sequence 2,048: 107.18 seq/s; layer shape not stated (estimated from 23B).",
            107.18, Unit::SeqsPerSecond, NEURON_218, "2024-04-11",
            training(models::estimate(23e9, 23e9), Full, Bf16, 2048, 1024, 3e11, trn1(32))),
        run("GPT-3 46B (shape estimated), 32 trn1", Family::Trainium, Dense,
            "32 nodes, TP=8 DP=16 PP=8, microbatch 1, global batch 1,024, sequence 2,048: 48.24 seq/s; layer shape not stated (estimated from 46B).",
            48.24, Unit::SeqsPerSecond, NEURON_218, "2024-04-11",
            training(models::estimate(46e9, 46e9), Full, Bf16, 2048, 1024, 3e11, trn1(32))),
        run("GPT-3 175B, 32 trn1", Family::Trainium, Dense,
            "32 nodes, TP=32 DP=4 PP=8, microbatch 1, global batch 1,024, sequence 2,048: 14.60 seq/s (Neuron 2.13's table: 33.14 % MFU).",
            14.60, Unit::SeqsPerSecond, NEURON_218, "2024-04-11",
            training(gpt3_175b(), Full, Bf16, 2048, 1024, 3e11, trn1(32))),
        run("Llama 2 7B, 16 trn1, batch 256", Family::Trainium, Dense,
            "16 nodes, TP=8 DP=16 PP=1, microbatch 1, global minibatch 256: 49.75 seq/s, 22.27 % MFU; sequence length not stated (Llama 2's 4,096 assumed).",
            49.75, Unit::SeqsPerSecond, NEURON_213, "2023-09-15",
            training(preset("llama2-7b"), Full, Bf16, 4096, 256, 2e12, trn1(16))),
    ]
}

/// NVIDIA Megatron-Bridge's MoE pre-training rows.
fn moe_runs() -> Vec<Run> {
    use FinetuneMethod::Full;
    use Precision::{Bf16, Fp8};
    use Workload::Moe;
    vec![
        run("DeepSeek-V3, 1,024 H100", Family::H100, Moe,
            "DGX-H100, 1,024 GPUs, GBS 8,192, MBS 1, 4K, TP 2 PP 8 VP 4 EP 64, dropless (force-balanced); FP8 with 128×128 weight blocks (the table's note); MTP not stated (ignored).",
            1_297.0, Unit::TokensPerGpuSecond, NEMO_2509, "2025-09",
            training(preset("deepseek-v3"), Full, Fp8, 4096, 8192, 14.8e12, Machines::Cluster(H100(1024)))),
        run("Qwen3-30B-A3B FP8, 16 H100", Family::H100, Moe,
            "DGX-H100, 16 GPUs, FP8-CS, GBS 512, MBS 2, 4K, PP 2 VP 24 EP 8, force-balanced, dropless.",
            5_275.0, Unit::TokensPerGpuSecond, NEMO, "2025-11",
            training(qwen3_30b(), Full, Fp8, 4096, 512, 1e12, Machines::Cluster(H100(16)))),
        run("Qwen3-235B-A22B FP8, 256 H100", Family::H100, Moe,
            "DGX-H100, 256 GPUs, FP8-CS, GBS 2,048, MBS 1, 4K, TP 2 PP 8 VP 4 EP 32, force-balanced, dropless.",
            1_575.0, Unit::TokensPerGpuSecond, NEMO, "2025-11",
            training(qwen3_235b(), Full, Fp8, 4096, 2048, 1e12, Machines::Cluster(H100(256)))),
        run("gpt-oss-120b BF16, 64 H100", Family::H100, Moe,
            "DGX-H100, 64 GPUs, BF16, GBS 512, MBS 4, 4K, PP 4 EP 8, force-balanced, dropless.",
            5_630.0, Unit::TokensPerGpuSecond, NEMO, "2025-11",
            training(gpt_oss_120b(), Full, Bf16, 4096, 512, 1e12, Machines::Cluster(H100(64)))),
        run("Qwen3-235B-A22B FP8, 64 B200", Family::B200, Moe,
            "DGX-B200, 64 GPUs, FP8-MX, GBS 1,024, MBS 1, 4K, PP 8 VP 2 EP 8, force-balanced, dropless.",
            3_269.0, Unit::TokensPerGpuSecond, NEMO, "2025-11",
            training(qwen3_235b(), Full, Fp8, 4096, 1024, 1e12, Machines::Cluster(DGX_B200(64)))),
        run("DeepSeek-V3 FP8, 256 B200", Family::B200, Moe,
            "DGX-B200, 256 GPUs, FP8-MX, GBS 2,048, MBS 1, 4K, PP 16 EP 8, with MTP (the planner does not count the MTP module), force-balanced, dropless.",
            2_139.0, Unit::TokensPerGpuSecond, NEMO, "2025-11",
            training(preset("deepseek-v3"), Full, Fp8, 4096, 2048, 14.8e12, Machines::Cluster(DGX_B200(256)))),
        run("Qwen3-30B-A3B FP8, 8 B200", Family::B200, Moe,
            "DGX-B200, 8 GPUs, FP8-MX, GBS 512, MBS 1, 4K, EP 8, force-balanced, dropless.",
            9_299.0, Unit::TokensPerGpuSecond, NEMO, "2025-11",
            training(qwen3_30b(), Full, Fp8, 4096, 512, 1e12, Machines::Cluster(DGX_B200(8)))),
    ]
}

/// Qwen's LoRA and Q-LoRA profiling on A100-SXM4-80G (seconds per iteration of 8 sequences a GPU).
fn lora_runs() -> Vec<Run> {
    use FinetuneMethod::{Lora, Qlora};
    use Precision::Bf16;
    use Workload::{Lora as WLora, Qlora as WQlora};
    let est = |b: f64| models::estimate(b * 1e9, b * 1e9);
    vec![
        run("Qwen-7B LoRA, 1 A100, 4K", Family::A100, WLora,
            "1 × A100-SXM4-80G, LoRA (no embedding training), sequence 4,096, batch 1 × accumulation 8: 10.1 s/iter; LoRA rank not stated (planner's 16); shape estimated from the name's 7B.",
            10.1, Unit::SecondsPerStep, QWEN, "2023-12",
            training(est(7.0), Lora, Bf16, 4096, 8, 1e9, Machines::Cluster(A100_SXM(1)))),
        run("Qwen-7B Q-LoRA, 1 A100, 4K", Family::A100, WQlora,
            "1 × A100-SXM4-80G, Q-LoRA (Int4 base), sequence 4,096, batch 1 × accumulation 8: 11.6 s/iter; rank not stated (16); shape estimated from 7B.",
            11.6, Unit::SecondsPerStep, QWEN, "2023-12",
            training(est(7.0), Qlora, Bf16, 4096, 8, 1e9, Machines::Cluster(A100_SXM(1)))),
        run("Qwen-14B LoRA, 1 A100, 4K", Family::A100, WLora,
            "1 × A100-SXM4-80G, LoRA, sequence 4,096, batch 1 × accumulation 8: 17.0 s/iter; rank not stated (16); shape estimated from 14B.",
            17.0, Unit::SecondsPerStep, QWEN, "2023-12",
            training(est(14.0), Lora, Bf16, 4096, 8, 1e9, Machines::Cluster(A100_SXM(1)))),
        run("Qwen-14B Q-LoRA, 1 A100, 4K", Family::A100, WQlora,
            "1 × A100-SXM4-80G, Q-LoRA, sequence 4,096, batch 1 × accumulation 8: 20.1 s/iter; rank not stated (16); shape estimated from 14B.",
            20.1, Unit::SecondsPerStep, QWEN, "2023-12",
            training(est(14.0), Qlora, Bf16, 4096, 8, 1e9, Machines::Cluster(A100_SXM(1)))),
        run("Qwen-72B Q-LoRA, 1 A100, 4K", Family::A100, WQlora,
            "1 × A100-SXM4-80G, Q-LoRA, sequence 4,096, batch 1 × accumulation 8: 97.7 s/iter; rank not stated (16); shape estimated from 72B.",
            97.7, Unit::SecondsPerStep, QWEN, "2023-12",
            training(est(72.0), Qlora, Bf16, 4096, 8, 1e9, Machines::Cluster(A100_SXM(1)))),
        run("Qwen-72B LoRA, 4 A100, 4K", Family::A100, WLora,
            "4 × A100-SXM4-80G, LoRA + DeepSpeed ZeRO-3, sequence 4,096, batch 1 × accumulation 8 per GPU (32 a step): 83.4 s/iter; rank not stated (16); shape estimated from 72B.",
            83.4, Unit::SecondsPerStep, QWEN, "2023-12",
            training(est(72.0), Lora, Bf16, 4096, 32, 1e9, Machines::Cluster(A100_SXM(4)))),
    ]
}

/// NVIDIA's fine-tuning benchmarks on DGX-H100: NeMo 24.07's SFT and LoRA rows (FP8, Megatron) and NeMo
/// AutoModel's LoRA row (BF16, PyTorch). LoRA rank is not stated in either table (the planner's 16).
fn h100_finetune_runs() -> Vec<Run> {
    use FinetuneMethod::{Full, Lora};
    use Precision::{Bf16, Fp8};
    use Workload::{Dense, Lora as WLora};
    let h100 = |g| Machines::Cluster(H100(g));
    vec![
        run("Llama 2 7B SFT FP8, 8 H100", Family::H100, Dense,
            "DGX-H100, 8 GPUs, SFT, FP8, GBS 32, MBS 1, packed sequence 4,096, TP 1 PP 1: 17,120 tokens/s/GPU.",
            17_120.0, Unit::TokensPerGpuSecond, NEMO_2407, "2024-07",
            training(preset("llama2-7b"), Full, Fp8, 4096, 32, 1e9, h100(8))),
        run("Llama 2 13B SFT FP8, 8 H100", Family::H100, Dense,
            "DGX-H100, 8 GPUs, SFT, FP8, GBS 32, MBS 1, packed sequence 4,096, TP 1 PP 4: 9,741 tokens/s/GPU.",
            9_741.0, Unit::TokensPerGpuSecond, NEMO_2407, "2024-07",
            training(preset("llama2-13b"), Full, Fp8, 4096, 32, 1e9, h100(8))),
        run("Llama 2 70B SFT FP8, 16 H100", Family::H100, Dense,
            "DGX-H100, 16 GPUs, SFT, FP8, GBS 32, MBS 1, packed sequence 4,096, TP 4 PP 4: 1,833 tokens/s/GPU.",
            1_833.0, Unit::TokensPerGpuSecond, NEMO_2407, "2024-07",
            training(preset("llama2-70b"), Full, Fp8, 4096, 32, 1e9, h100(16))),
        run("Llama 2 7B LoRA FP8, 8 H100", Family::H100, WLora,
            "DGX-H100, 8 GPUs, LoRA, FP8, GBS 32, MBS 1, packed sequence 4,096, TP 1 PP 1: 25,206 tokens/s/GPU; rank not stated (16).",
            25_206.0, Unit::TokensPerGpuSecond, NEMO_2407, "2024-07",
            training(preset("llama2-7b"), Lora, Fp8, 4096, 32, 1e9, h100(8))),
        run("Llama 2 13B LoRA FP8, 8 H100", Family::H100, WLora,
            "DGX-H100, 8 GPUs, LoRA, FP8, GBS 32, MBS 1, packed sequence 4,096, TP 1 PP 1: 14,161 tokens/s/GPU; rank not stated (16).",
            14_161.0, Unit::TokensPerGpuSecond, NEMO_2407, "2024-07",
            training(preset("llama2-13b"), Lora, Fp8, 4096, 32, 1e9, h100(8))),
        run("Llama 2 70B LoRA FP8, 8 H100", Family::H100, WLora,
            "DGX-H100, 8 GPUs, LoRA, FP8, GBS 32, MBS 1, packed sequence 4,096, TP 2 PP 4: 2,557 tokens/s/GPU; rank not stated (16).",
            2_557.0, Unit::TokensPerGpuSecond, NEMO_2407, "2024-07",
            training(preset("llama2-70b"), Lora, Fp8, 4096, 32, 1e9, h100(8))),
        run("Llama 3 70B LoRA BF16, 8 H100 (AutoModel)", Family::H100, WLora,
            "DGX-H100, 8 GPUs, LoRA, GBS 32, MBS 1, local batch 4, GA 4, sequence 4,096, TP 2 PP 4 VP 10, FSDP, no kernel optimizations listed: 26.92 s a step, 608.42 tokens/s/GPU (176 model TFLOP/s/GPU); precision not stated in the LoRA table (the page's MFU note takes H100's BF16 peak: BF16 assumed); rank not stated (16); Llama 3.3 70B Instruct's config (Llama 3.1 70B's shape).",
            608.42, Unit::TokensPerGpuSecond, AUTOMODEL, "2025-10-02",
            training(preset("llama3.1-70b"), Lora, Bf16, 4096, 32, 1e9, h100(8))),
    ]
}
