//! What the user asks for, as typed data: the engine's whole input besides the catalog. Plain values, no web types; how the answer is shown (language, currency) is `presentation`'s, never a field here.

mod speculation;
mod strategy;
pub use speculation::{SpecSettings, Speculation, SPEC_ACCEPT};
pub use strategy::Strategy;

use crate::models::{self, ModelArch};

/// What the team wants to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Task {
    Inference,
    Training,
    Finetune,
    Graphics,
    Hpc,
}

impl Task {
    pub const ALL: [Task; 5] = [
        Task::Inference,
        Task::Training,
        Task::Finetune,
        Task::Graphics,
        Task::Hpc,
    ];

    /// Whether the task runs a language model (and so has model, precision and context inputs).
    pub fn uses_model(self) -> bool {
        matches!(self, Task::Inference | Task::Training | Task::Finetune)
    }

    /// Whether the task is always a job with an end (training, fine-tuning); a batch inference job is
    /// one too: `Scenario::is_job`.
    pub fn is_job(self) -> bool {
        matches!(self, Task::Training | Task::Finetune)
    }
}

/// Online serving (latency matters, must not be interrupted) or batch (throughput, interruptible).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ServingMode {
    Online,
    Batch,
}

/// How a model is fine-tuned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FinetuneMethod {
    Full,
    Lora,
    Qlora,
}

impl FinetuneMethod {
    /// In link-word order.
    pub const ALL: [FinetuneMethod; 3] = [FinetuneMethod::Full, FinetuneMethod::Lora, FinetuneMethod::Qlora];
}

/// Numeric precision of weights (and of compute where the accelerator supports it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Precision {
    Fp32,
    Bf16,
    Fp16,
    Fp8,
    Int8,
    Int4,
    /// 4-bit floating point with block scales (NVFP4, MXFP4): Blackwell tensor cores compute in it.
    Fp4,
}

impl Precision {
    pub const ALL: [Precision; 7] = [
        Precision::Fp32,
        Precision::Bf16,
        Precision::Fp16,
        Precision::Fp8,
        Precision::Int8,
        Precision::Int4,
        Precision::Fp4,
    ];

    /// Bytes per weight. 4-bit includes group scales (~4.5 bits; DOMAIN.md "Weights"); FP4 as NVFP4, one
    /// FP8 scale per 16 values: 4 + 8/16 = 4.5 bits (MXFP4's one 8-bit scale per 32 is 4.25: NVFP4's is the larger).
    pub fn weight_bytes(self) -> f64 {
        match self {
            Precision::Fp32 => 4.0,
            Precision::Bf16 | Precision::Fp16 => 2.0,
            Precision::Fp8 | Precision::Int8 => 1.0,
            Precision::Int4 | Precision::Fp4 => 0.5625,
        }
    }

    /// Bytes per KV-cache value: 8-bit formats keep an 8-bit cache; FP4 keeps an FP8 one (a labelled
    /// default: NVIDIA's FP4 checkpoints are made with TensorRT Model Optimizer, whose examples/llm_ptq/hf_ptq.py
    /// quantizes the KV cache to FP8 unless told otherwise, `--kv_cache_qformat` "default to fp8", and
    /// TensorRT-LLM serves the cache in the checkpoint's dtype, `KvCacheConfig(dtype="auto")`: TensorRT-LLM
    /// documentation, Quantization, 1.0-1.4, read 2026-12-04); INT4 weight-only keeps a 16-bit cache.
    pub fn kv_bytes(self) -> f64 {
        match self {
            Precision::Fp32 => 4.0,
            Precision::Fp8 | Precision::Int8 | Precision::Fp4 => 1.0,
            _ => 2.0,
        }
    }
}

/// What the ranking favours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Priority {
    Cost,
    Performance,
    Balanced,
}

impl Priority {
    /// In link-word order.
    pub const ALL: [Priority; 3] = [Priority::Cost, Priority::Performance, Priority::Balanced];
}

/// The model's architecture as the Neuron eligibility rule sees it (the `arch` key).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Architecture {
    Transformer,
    /// Multimodal, speech or another non-standard architecture.
    Other,
}

/// Which model: a preset, or a custom parameter count.
#[derive(Clone, Debug, PartialEq)]
pub enum ModelChoice {
    Preset(String),
    /// Billions of parameters; `active_b` for MoE (defaults to the total).
    Custom {
        params_b: f64,
        active_b: Option<f64>,
    },
}

/// The least speed a reader follows, output tokens/s per user: Brysbaert (2019, "How many words do we read
/// per minute?", J. Memory and Language 109, 104047) puts adults' silent reading of English at 238 words
/// a minute, most between 175 and 300 (≈ 4–7 tokens/s at 0.75 words a token); Oracle's OCI Generative AI
/// benchmark notes take 5 tokens/s as the average reading speed and 15 for chat. 10 keeps the text ahead of
/// a fast reader. The default of `Assumptions::readable_tokens_per_s` (link key `readtps`).
pub const READABLE_TOKENS_PER_S: f64 = 10.0;

/// The default of `Assumptions::moe_bytes_per_value` (link key `moeb`), calibrated once with one figure
/// on NVIDIA Megatron-Bridge's seven MoE pre-training rows (DeepSeek-V3, Qwen3 30B-A3B and 235B-A22B,
/// gpt-oss-120b; H100 and B200; tests/published_runs.rs). Method: with the physical MoE terms in place
/// (expert parallelism's memory and all-to-all on the links, `moecap`, `ggeff`, the experts' weight reads),
/// the figure, to 5 B, whose largest error over the seven rows but the known miss is least: 245 B (six
/// within ±19 %, median −5 %; 258 B before those terms, median −6 %). The planner keeps EP 1 on these
/// clusters (the imbalance an EP group pays costs more than the memory it frees), so the physical terms
/// explain little of what this figure absorbs.
pub const MOE_BYTES_PER_VALUE: f64 = 245.0;

/// The default of `Assumptions::moe_serving_bytes_per_value` (link key `moes`), calibrated with one figure
/// on the ledger's 14 MoE serving rows (TensorRT-LLM 1.0's maximum-load Qwen3, Llama 4 rows on H100, H200
/// and B200; Baseten's Mixtral on A100): 10 within ±25 % and median +12 %, where decode and prefill as a
/// dense model of the active parameters gave 4 and +36 % (tests/published_serving.rs). A forward pass's
/// share of training's `moeb` (a third, 86 B) makes every Blackwell row −50 % or slower.
pub const MOE_SERVING_BYTES_PER_VALUE: f64 = 26.0;

/// FP4 serving speed over the 16-bit peak, end to end (the `fp4x` default): FP8's end-to-end speed-up over
/// BF16 (`fp8x`, 1.4) times FP4's measured end-to-end speed-up over FP8 on the same GPU and model: SemiAnalysis
/// InferenceX, "B200: FP4 vs FP8 Precision Comparison", Llama 3.3 70B, 1k/1k, at 76 tokens/s per user FP4
/// delivers 5,971 tokens/s per GPU and FP8 4,431 (+35 %; +13 % at 108 and 139 tokens/s per user, where
/// memory rather than compute limits both),
/// <https://inferencex.semianalysis.com/compare-precision/llama-3-3-70b-b200-fp4-vs-fp8> (read 2026-12-04).
/// 1.4 × 1.35 = 1.89, not the FP4 ÷ BF16 peak ratio (4×): attention, norms and the activations'
/// quantization stay in 8/16-bit.
pub const FP4_SPEEDUP: f64 = 1.89;

/// Editable assumptions, with the defaults the page shows and cites.
#[derive(Clone, Debug, PartialEq)]
pub struct Assumptions {
    /// Model-FLOPs utilisation: share of the dense peak a real run achieves (DOMAIN.md: 30-50 %). Serving's
    /// decode compute cap takes it of the end-to-end peak: in FP8/INT8 at most `fp8_speedup`, in FP4
    /// `fp4_speedup` times the 16-bit peak, as prefill (the same GEMMs, run at a large batch).
    pub mfu: f64,
    /// Share of peak memory bandwidth a decode step achieves (DOMAIN.md §10: ~90 % copy ceiling on H200).
    pub bw_efficiency: f64,
    /// Share of accelerator memory usable after the serving engine's reserve (DOMAIN.md: keep ~10 % headroom).
    pub mem_usable: f64,
    /// Runtime overhead per accelerator, GiB (CUDA context and workspace; DOMAIN.md: 0.65-1 GB).
    pub overhead_gib: f64,
    /// Performance-first ranking considers options up to this multiple of the cheapest.
    pub perf_budget_x: f64,
    /// LoRA rank for adapter size.
    pub lora_rank: u32,
    /// Latency of one tensor-parallel all-reduce in a serving engine over a ring (PCIe, NVLink mesh, NeuronLink),
    /// microseconds: a fixed part (kernel launch and synchronisation) and one per ring hop (assumptions; the Neuron runtime docs give 1-2 µs per hop for
    /// the link alone; these values reproduce the published serving runs of tests/published_serving.rs as a whole).
    pub tp_allreduce_us: f64,
    pub tp_hop_us: f64,
    /// Latency of one tensor-parallel all-reduce over NVSwitch, microseconds, whatever the group's size: the
    /// serving engines' one-shot (or two-shot) kernels synchronise twice, not once per ring hop (TensorRT-LLM's
    /// MultiShot blog, 2024-11). PyTorch issue #131739 (2024-07-25) measured the one-shot intra-node
    /// all-reduce at ~17 µs on 8 GPUs (6-15 µs in its PR #114001); SGLang PR #2904 (2025-01) 5.7-11.8 µs for
    /// 4-32 KB on 8 × H100 without CUDA graphs, flat from TP 2 to 8; NCCL on 8 × H100 ~20-25 µs for 4 B-1 MiB
    /// (marin-community/marin issue #6736, 2026-06). Assumption: 17 µs, the measured one-shot figure.
    pub nvswitch_allreduce_us: f64,
    /// Fixed time of every decode step besides reading weights and computing: sampling, scheduling and kernel
    /// launches, milliseconds (assumption, fitted with the two above to the published runs as a whole).
    pub step_overhead_ms: f64,
    /// Share of the 16-bit dense peak a prompt's prefill reaches on a GPU (FP8/INT8 run at most `fp8_speedup`
    /// times faster, FP4 `fp4_speedup`). Assumption held against TensorRT-LLM's first-token tables (A100 FP16 and H100 FP8,
    /// LLaMA 7B/70B at 128 and 2,048 tokens: tests/published_serving.rs).
    pub prefill_mfu: f64,
    /// Serving on Neuron (Trainium, Inferentia2): share of the chip's peak prefill and the decode compute cap
    /// reach. AWS Neuron 2.18 Trn1 decoder table: Llama 2/3 8B-70B time to first token at 1-4K tokens imply
    /// ~20 % of the BF16 peak once the weight read and collectives are counted.
    pub neuron_mfu: f64,
    /// Latency per ring hop of an all-reduce over NeuronLink, microseconds (the fixed part is `tp_allreduce_us`);
    /// with `neuron_step_ms` it reproduces Neuron 2.18's Trn1 time per output token of 8B and 70B at TP 32.
    pub neuron_hop_us: f64,
    /// Fixed time of every Neuron decode step (runtime, sampling, host round trip), milliseconds.
    pub neuron_step_ms: f64,
    /// The least speed a reader follows, output tokens/s per user (`READABLE_TOKENS_PER_S` by default):
    /// online serving below it carries a notice and the room figure counts no user below it; 0 turns both off.
    pub readable_tokens_per_s: f64,
    /// Speculative decoding's per-token acceptance rate α (`speca`, `SPEC_ACCEPT` by default).
    pub spec_accept: f64,
    /// Share of each GPU's frame buffer graphics seats may fill; the rest is driver and display headroom (assumption).
    pub seat_mem_usable: f64,
    /// Training: share of the dense peak the matrix math reaches between communications, before
    /// recomputation, pipeline bubbles and waiting on links (issue 13; one value for every published run).
    pub train_mfu: f64,
    /// Training kernel efficiency on Neuron chips (Trainium, Trainium2), in place of `train_mfu`: AWS
    /// Neuron's Trn1 training tables state 28.4-33.1 % end-to-end MFU for GPT-3 23B/46B/175B on 32
    /// trn1.32xlarge (Neuron 2.13) and 22 % for Llama 2 7B (2.13.1); 0.33 holds the planner to the nine
    /// published Trn1 runs of `accuracy::training_runs`. No Trn2 training table is published: its value
    /// is Trn1's until one is (issue 23).
    pub neuron_train_mfu: f64,
    /// Share of a link's stated one-way bandwidth a collective achieves (nccl-tests: p4d 231 of 300 GB/s
    /// in one instance = 0.77; p4de over EFA ≈ 0.84 of the model's figure).
    pub link_efficiency: f64,
    /// Share of one micro-batch's compute that data-parallel communication can hide behind (assumption:
    /// Megatron-LM and FSDP overlap gradient reduce-scatter with backward and weight all-gather with forward).
    pub comm_overlap: f64,
    /// FP8 training speed over BF16, end to end (assumption: attention, norms and communication stay in
    /// 16/32-bit, so not the FP8 peak's 2×); capped by the chip's FP8 ÷ BF16 peak.
    pub fp8_speedup: f64,
    /// FP4 (NVFP4) serving speed over the 16-bit peak, end to end (`FP4_SPEEDUP`, its source there): an FP4
    /// prefill and the decode compute cap run at most this many times the BF16 peak, as FP8 at `fp8_speedup`.
    pub fp4_speedup: f64,
    /// Network throughput without GPUDirect RDMA, as a share of the instance's figure (g6e: a user measured
    /// ~3 GB/s with nccl-tests where the instance offers 6.25 GB/s per GPU: ~0.5).
    pub no_gdr_factor: f64,
    /// Pipeline model chunks per stage (interleaved 1F1B, Megatron-LM's virtual pipeline), at most the
    /// layers per stage: divides the bubble. Assumption.
    pub pp_chunks: f64,
    /// MoE training's routing work, bytes of memory traffic per routed activation value
    /// (`ModelArch::routed_values_per_token`) per token, at the accelerator's memory bandwidth: the
    /// permutation, gating, small grouped GEMMs and their launches that a dense model of the same active
    /// size does not pay. An effective figure, calibrated on NVIDIA Megatron-Bridge's seven published MoE
    /// pre-training rows (H100 and B200; `gpuplan accuracy`), not a measured byte count.
    pub moe_bytes_per_value: f64,
    /// MoE routing imbalance under expert parallelism: the most-loaded EP rank computes and receives this
    /// multiple of the balanced share of routed tokens, and the step waits for it (1 = perfectly balanced).
    /// Default: the capacity factor 1.25 Switch Transformer trains at (Fedus et al. 2021, JMLR 23(120),
    /// §2.2 and Table 1: 1.0-1.25; GShard, Lepikhin et al. 2020, uses 2.0 for top-2). Assumption.
    pub moe_capacity: f64,
    /// Speed of an MoE's expert GEMMs (grouped GEMMs over many small matrices) as a share of the dense
    /// GEMMs' at the kernel efficiency. Default 0.9: a grouped MoE kernel reaches up to 91 % of the H800's
    /// Tensor Core peak (Li et al. 2025, arXiv 2501.16103, "Static Batching of Irregular Workloads on
    /// GPUs"), about what a dense GEMM reaches. Assumption.
    pub grouped_gemm_eff: f64,
    /// Share of expert parallelism's all-to-all (token dispatch and combine) hidden behind compute. Default
    /// 0: Megatron-Bridge's EP overlap (`overlap_moe_expert_parallel_comm`, its communication-overlap docs)
    /// is an opt-in the standard all-to-all dispatcher runs without. Assumption.
    pub a2a_overlap: f64,
    /// MoE serving's routing work, bytes of memory traffic per routed activation value per token of a
    /// decode step or a prefill, at the replica's memory bandwidth (× `bw_efficiency`): gating, the
    /// tokens' permutation to and from the experts and the grouped GEMMs' inefficiency that a dense model
    /// of the same active size does not pay. An effective figure, calibrated on the published MoE serving
    /// rows (`gpuplan accuracy`), not a measured byte count.
    pub moe_serving_bytes_per_value: f64,
    /// Assumed dense BF16 TFLOPS where no source gives a figure (labelled on the page; editable).
    pub a10g_tflops: f64,
    pub rtx6000_tflops: f64,
    pub gaudi_tflops: f64,
}

impl Assumptions {
    /// The training kernel efficiency on a Neuron chip: `nteff`, or `teff` where a link sets `teff` and
    /// not `nteff` (links made before `nteff` meant `teff` for every chip).
    pub fn neuron_kernel_eff(&self) -> f64 {
        let d = Assumptions::default();
        if self.neuron_train_mfu == d.neuron_train_mfu && self.train_mfu != d.train_mfu {
            self.train_mfu
        } else {
            self.neuron_train_mfu
        }
    }

    /// Links made before the training planner (issue 13) set `mfu` for training as the run's end-to-end
    /// share of peak. While `teff` keeps its default and `mfu` does not, training keeps that meaning:
    /// the planner still chooses the plan, and the step is timed at this MFU.
    pub fn end_to_end_train_mfu(&self) -> Option<f64> {
        let d = Assumptions::default();
        (self.mfu != d.mfu && self.train_mfu == d.train_mfu).then_some(self.mfu)
    }
}

impl Default for Assumptions {
    fn default() -> Self {
        Assumptions {
            mfu: 0.4,
            bw_efficiency: 0.7,
            mem_usable: 0.9,
            overhead_gib: 1.0,
            perf_budget_x: 3.0,
            lora_rank: 16,
            tp_allreduce_us: 12.0,
            tp_hop_us: 4.0,
            nvswitch_allreduce_us: 17.0,
            step_overhead_ms: 0.75,
            seat_mem_usable: 0.95,
            prefill_mfu: 0.6,
            neuron_mfu: 0.2,
            neuron_hop_us: 1.25,
            neuron_step_ms: 3.0,
            readable_tokens_per_s: READABLE_TOKENS_PER_S,
            spec_accept: SPEC_ACCEPT,
            train_mfu: 0.55,
            neuron_train_mfu: 0.33,
            link_efficiency: 0.8,
            comm_overlap: 0.8,
            fp8_speedup: 1.4,
            fp4_speedup: FP4_SPEEDUP,
            no_gdr_factor: 0.5,
            pp_chunks: 4.0,
            moe_bytes_per_value: MOE_BYTES_PER_VALUE,
            moe_capacity: 1.25,
            grouped_gemm_eff: 0.9,
            a2a_overlap: 0.0,
            moe_serving_bytes_per_value: MOE_SERVING_BYTES_PER_VALUE,
            a10g_tflops: 62.5,
            rtx6000_tflops: 500.0,
            gaudi_tflops: 100.0,
        }
    }
}

/// Per-seat (graphics) or per-job (HPC) requirements stated by the user.
#[derive(Clone, Debug, PartialEq)]
pub struct ResourceNeeds {
    /// Graphics: concurrent seats or streams.
    pub seats: u32,
    /// GPU memory per seat (graphics) or for the whole job (HPC), GiB.
    pub gpu_mem_gib: f64,
    pub vcpus: f64,
    pub ram_gib: f64,
    /// HPC: sustained FP64 TFLOPS the job needs.
    pub fp64_tflops: f64,
}

impl Default for ResourceNeeds {
    fn default() -> Self {
        ResourceNeeds {
            seats: 1,
            gpu_mem_gib: 8.0,
            vcpus: 4.0,
            ram_gib: 16.0,
            fp64_tflops: 20.0,
        }
    }
}

/// A purchase option, as the `buy` key names it (the catalog's price history names options too).
pub use crate::catalog::Buy;

/// Display currency (`presentation::Presentation`, never a field of the scenario); all arithmetic is in USD.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Currency {
    Usd,
    Cny,
}

/// How the team buys, and the assumptions of the cost model.
#[derive(Clone, Debug, PartialEq)]
pub struct PurchaseSettings {
    /// The option the headline hourly and monthly figures follow.
    pub buy: Buy,
    pub payment: crate::catalog::Payment,
    pub ri_class: crate::catalog::RiClass,
    /// Reseller or negotiated discount on list prices, percent (the articles' 8.5折 = 15).
    pub reseller_pct: f64,
    /// Whether the reseller discount also applies on top of Spot and commitments.
    pub reseller_on_all: bool,
    /// Spot discount off On-Demand where the catalog has no observed Spot price; `None` = Spot not priced there.
    pub spot_discount_pct: Option<f64>,
    /// Spot interruptions per instance per month, percent; `None` = from the catalog's Spot Advisor band.
    pub interrupt_pct_month: Option<f64>,
    /// Checkpoint interval, minutes (the articles: every 15-30 minutes to S3).
    pub ckpt_interval_min: f64,
    /// Time to write one checkpoint, minutes.
    pub ckpt_write_min: f64,
    /// Time to get a replacement instance running and reload, minutes.
    pub restart_min: f64,
    /// Time to get Spot capacity back after an interruption, minutes, before the restart: no public
    /// figure (AWS gives none); an assumption, editable (`reacq`).
    pub reacquire_min: f64,
    /// The most instances one Spot job whose instances must run together may count on where the
    /// catalog shows ample Spot capacity (an assumption, `spotmax`); one where it is scarce.
    pub spot_max_instances: u32,
    /// Whether a job with a fixed window may go on Spot (`spotwin`); by default a window is kept
    /// with capacity that cannot be taken back (On-Demand, a Capacity Block).
    pub spot_in_window: bool,
    /// Savings Plan discount overrides, percent; `None` = the catalog's assumption.
    pub compute_sp_pct: Option<f64>,
    pub instance_sp_pct: Option<f64>,
    /// Extra instances on top of the steady baseline, and the hours a month they run.
    pub burst_instances: u32,
    pub burst_hours: f64,
    /// Days a training job must finish within (for Capacity Blocks), 0 = no fixed window.
    pub window_days: u32,
    /// How much a service's baseline fleet grows each month, percent (negative: shrinks); the plan
    /// then commits to the level worth committing to and covers the rest flexibly.
    pub growth_pct: f64,
}

impl Default for PurchaseSettings {
    fn default() -> Self {
        PurchaseSettings {
            buy: Buy::OnDemand,
            payment: crate::catalog::Payment::No,
            ri_class: crate::catalog::RiClass::Standard,
            reseller_pct: 0.0,
            reseller_on_all: false,
            spot_discount_pct: None,
            interrupt_pct_month: None,
            ckpt_interval_min: 30.0,
            ckpt_write_min: 2.0,
            restart_min: 10.0,
            reacquire_min: 60.0,
            spot_max_instances: 4,
            spot_in_window: false,
            compute_sp_pct: None,
            instance_sp_pct: None,
            burst_instances: 0,
            burst_hours: 176.0,
            window_days: 0,
            growth_pct: 0.0,
        }
    }
}

/// Language of the page and of explanations (`presentation::Presentation`, never a field of the scenario).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    Zh,
    En,
}

/// The whole scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    pub task: Task,
    pub serving: ServingMode,
    pub method: FinetuneMethod,
    pub model: ModelChoice,
    pub precision: Precision,
    /// Context length (inference: prompt + output) or sequence length (training), tokens.
    pub context_tokens: u32,
    /// Serving: output tokens per request, the end of the context; 0 = not stated (the whole context is
    /// prompt, as before the key existed).
    pub output_tokens: u32,
    /// Concurrent sequences (inference); training: sequences each data-parallel replica processes per
    /// optimizer step (the planner splits them into micro-batch × gradient accumulation).
    pub batch: u32,
    /// Training: sequences per optimizer step over all data-parallel replicas; 0 = `batch` per replica.
    pub global_batch: u32,
    /// Training or fine-tuning tokens, billions.
    pub train_tokens_b: f64,
    /// Target wall-clock for a training job, days (sets how many instances).
    pub target_days: f64,
    /// Target aggregate output tokens per second for inference; 0 = one replica.
    pub target_tps: f64,
    /// Batch inference as a job (`mode=batch`): requests to process, each `context_tokens` long with
    /// `output_tokens` of them generated; the fleet is sized to finish within `target_days`. 0 = a service.
    pub job_requests: f64,
    /// Output tokens per second each sequence must get (inference); 0 = no target.
    pub seq_tps: f64,
    /// Time to first token each request must get at the stated load, seconds (inference); 0 = no target.
    pub ttft_s: f64,
    /// Speculative decoding (serving), off by default.
    pub speculation: SpecSettings,
    pub needs: ResourceNeeds,
    /// Code depends on CUDA or custom CUDA kernels.
    pub cuda_only: bool,
    /// Transformer or not (the `arch` key), for the Neuron eligibility rule.
    pub architecture: Architecture,
    /// Must launch now, without 1-2 weeks of Neuron porting and compilation.
    pub urgent: bool,
    pub multinode: bool,
    pub priority: Priority,
    pub region: String,
    /// Restrict the ranking to these instance types (empty = all).
    pub instances: Vec<String>,
    /// Usage hours per month per instance (730 = always on).
    pub hours_per_month: f64,
    /// Planning horizon, months.
    pub months: u32,
    pub assumptions: Assumptions,
    pub purchase: PurchaseSettings,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            task: Task::Inference,
            serving: ServingMode::Online,
            method: FinetuneMethod::Lora,
            model: ModelChoice::Preset("llama3.1-8b".into()),
            precision: Precision::Bf16,
            context_tokens: 8192,
            output_tokens: 0,
            batch: 8,
            global_batch: 0,
            train_tokens_b: 1.0,
            target_days: 30.0,
            target_tps: 0.0,
            job_requests: 0.0,
            seq_tps: 0.0,
            ttft_s: 0.0,
            speculation: SpecSettings::default(),
            needs: ResourceNeeds::default(),
            cuda_only: false,
            architecture: Architecture::Transformer,
            urgent: false,
            multinode: true,
            priority: Priority::Balanced,
            region: "us-east-1".into(),
            instances: Vec::new(),
            hours_per_month: 730.0,
            months: 12,
            assumptions: Assumptions::default(),
            purchase: PurchaseSettings::default(),
        }
    }
}

impl Scenario {
    /// A copy of the scenario, for the page: the derived `clone` is `#[inline]`, so each crate that calls
    /// it compiles its own copy; the page calls this function of the library's instead (BENCHMARKS.md,
    /// sixteenth session).
    pub fn duplicate(&self) -> Scenario {
        self.clone()
    }

    /// Which of a type's rates the scenario prices: those of its payment and Reserved Instance class.
    pub fn rate_filter(&self) -> crate::catalog::RateFilter {
        crate::catalog::RateFilter {
            payment: self.purchase.payment,
            ri_class: self.purchase.ri_class,
        }
    }

    /// Serving: the prompt of a request, the context less its output.
    pub fn prompt_tokens(&self) -> u32 {
        self.context_tokens.saturating_sub(self.output_tokens)
    }

    /// Batch inference posed as a job: `mode=batch` with requests to process and their output length
    /// stated (without `out` there is no output to count, and the scenario stays a service).
    pub fn batch_job(&self) -> bool {
        self.task == Task::Inference
            && self.serving == ServingMode::Batch
            && self.job_requests > 0.0
            && self.output_tokens > 0
    }

    /// Whether the scenario is a job with an end (time and cost per job): training, fine-tuning or a
    /// batch inference job.
    pub fn is_job(&self) -> bool {
        self.task.is_job() || self.batch_job()
    }

    /// Output tokens a batch inference job generates in all (0 for anything else).
    pub fn job_output_tokens(&self) -> f64 {
        if self.batch_job() {
            self.job_requests * f64::from(self.output_tokens)
        } else {
            0.0
        }
    }

    /// The fleet's output tokens/s target serving is sized to: `tps`, or what a batch job needs to end
    /// within `target_days`, whichever is more.
    pub fn fleet_target_tps(&self) -> f64 {
        let job = self.job_output_tokens() / (self.target_days.max(0.01) * 86_400.0);
        self.target_tps.max(job)
    }

    /// Whether a service's baseline fleet changes over the horizon (`growth`, more than one month): the
    /// one place this is decided (the plan sizes each month, the formula line and the option table say so).
    pub fn fleet_grows(&self) -> bool {
        self.purchase.growth_pct != 0.0 && self.months > 1
    }

    /// The model's architecture: the preset's, or an estimate for a custom size.
    /// An unknown preset id cannot reach here from a link (the query parser falls back), but is handled anyway.
    pub fn model_arch(&self) -> ModelArch {
        match &self.model {
            ModelChoice::Preset(id) => models::preset_by_id(id)
                .cloned()
                .unwrap_or_else(|| models::estimate(8e9, 8e9)),
            ModelChoice::Custom { params_b, active_b } => {
                let total = params_b * 1e9;
                models::estimate(total, active_b.map_or(total, |a| (a * 1e9).min(total)))
            }
        }
    }
}
