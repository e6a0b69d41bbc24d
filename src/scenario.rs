//! What the user asks for, as typed data: the engine's whole input besides the catalog. Plain values, no web types; how the answer is shown (language, currency) is `presentation`'s, never a field here.

mod assumptions;
mod speculation;
mod strategy;
pub use assumptions::{
    Assumptions, FP4_SPEEDUP, MOE_BYTES_PER_VALUE, MOE_SERVING_BYTES_PER_VALUE, READABLE_TOKENS_PER_S,
};
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
