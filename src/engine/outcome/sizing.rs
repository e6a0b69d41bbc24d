//! What sizing finds, as data: where the memory goes, and a training job's parallelism plan with its step time.

use serde::Serialize;

/// Where the memory goes, GiB. `sharded` parts divide across accelerators; `per_device` parts repeat on each.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MemoryNeed {
    pub weights_gib: f64,
    pub kv_cache_gib: f64,
    pub gradients_gib: f64,
    pub optimizer_gib: f64,
    /// Activations per accelerator (training micro-batch).
    pub activations_gib: f64,
    /// Runtime overhead per accelerator.
    pub overhead_gib: f64,
    /// Speculative decoding's draft (an EAGLE head or a draft model): its weights, and its KV cache for
    /// the batch; 0 without speculation.
    pub draft_gib: f64,
    pub draft_kv_gib: f64,
}

impl MemoryNeed {
    /// What tensor/FSDP sharding divides across accelerators.
    pub fn sharded_gib(&self) -> f64 {
        self.weights_gib
            + self.kv_cache_gib
            + self.gradients_gib
            + self.optimizer_gib
            + self.draft_gib
            + self.draft_kv_gib
    }

    /// What every accelerator holds for itself.
    pub fn per_device_gib(&self) -> f64 {
        self.activations_gib + self.overhead_gib
    }

    /// Total over `n` accelerators.
    pub fn total_gib(&self, n: f64) -> f64 {
        self.sharded_gib() + n * self.per_device_gib()
    }

    /// Fewest accelerators of `usable_gib` each that hold it, or `None` if even the per-device part does not fit.
    pub fn min_devices(&self, usable_gib: f64) -> Option<u32> {
        let room = usable_gib - self.per_device_gib();
        if room <= 0.0 {
            return None;
        }
        let n = (self.sharded_gib() / room).ceil().max(1.0);
        (n <= 1e6).then_some(n as u32)
    }
}

/// Activation recomputation: which activations the backward pass recomputes instead of keeping.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Recompute {
    /// Keep every activation.
    None,
    /// Recompute the attention core only (Korthikanti et al. 2022).
    Selective,
    /// Keep each layer's input only; recompute the layer's forward during backward.
    Full,
}

/// One chosen plan for a job on one instance type and count.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Parallelism {
    /// Tensor-parallel degree, inside one fast domain (NVLink/NeuronLink, or PCIe on G types).
    pub tp: u32,
    /// Pipeline stages.
    pub pp: u32,
    /// Expert-parallel degree (MoE): each routed expert's weights live on one of `ep` data-parallel
    /// replicas, and tokens reach them by an all-to-all; 1 for a dense model.
    pub ep: u32,
    /// Data-parallel replicas; optimizer states and gradients are sharded over them (ZeRO stage 1 + 2).
    pub dp: u32,
    /// Sequences per accelerator per forward/backward pass.
    pub micro_batch: u32,
    /// Micro-batches each replica runs per optimizer step.
    pub grad_accum: u32,
    pub recompute: Recompute,
    /// With `Full`: the layers of each pipeline stage recomputed in full when fewer than all fit the need
    /// (Megatron-LM's block method); the stage's other layers recompute selectively. `None`: every layer.
    pub recompute_layers: Option<u32>,
    /// Layers each pipeline stage runs.
    pub stage_layers: u32,
    /// Share of each step spent waiting on communication that is not overlapped (incl. the pipeline bubble), 0..1.
    pub comm_share: f64,
    /// Model FLOPs delivered per second ÷ the peak of the accelerators paid for, 0..1.
    pub effective_mfu: f64,
}

/// Where a step's time goes, seconds per optimizer step.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StepTerms {
    /// Model FLOPs at the kernel efficiency.
    pub compute_s: f64,
    /// Recomputed forward FLOPs.
    pub recompute_s: f64,
    /// QLoRA dequantisation (memory-bound).
    pub dequant_s: f64,
    /// An MoE's routing work (memory-bound, `moeb`); 0 for a dense model.
    pub moe_s: f64,
    /// An MoE's expert GEMMs waiting on their weights: what reading each accelerator's routed experts
    /// (forward, data gradient, weight gradient) takes beyond their math, the memory-bound side of small
    /// grouped GEMMs; 0 for a dense model.
    pub expert_s: f64,
    /// Pipeline bubble: `(pp−1)/(v·m)` of the busy time (interleaved schedule with `v` chunks per stage;
    /// `(pp−1)/(m+pp−1)` of the pipelined time when v = 1).
    pub bubble_s: f64,
    /// Tensor-parallel all-reduces (not overlapped).
    pub tp_s: f64,
    /// Pipeline sends between stages (not overlapped).
    pub pp_s: f64,
    /// Expert parallelism's all-to-all (token dispatch and combine) not hidden behind compute.
    pub a2a_s: f64,
    /// Data-parallel reduce-scatter + all-gather not hidden behind compute.
    pub dp_exposed_s: f64,
    /// The whole data-parallel communication, before overlap.
    pub dp_total_s: f64,
}

impl StepTerms {
    /// Every term times `k` (the same split of a longer or shorter step).
    pub(in crate::engine) fn scaled(&self, k: f64) -> StepTerms {
        StepTerms {
            compute_s: self.compute_s * k,
            recompute_s: self.recompute_s * k,
            dequant_s: self.dequant_s * k,
            moe_s: self.moe_s * k,
            expert_s: self.expert_s * k,
            bubble_s: self.bubble_s * k,
            tp_s: self.tp_s * k,
            pp_s: self.pp_s * k,
            a2a_s: self.a2a_s * k,
            dp_exposed_s: self.dp_exposed_s * k,
            dp_total_s: self.dp_total_s * k,
        }
    }
    pub fn step_s(&self) -> f64 {
        self.compute_s
            + self.recompute_s
            + self.dequant_s
            + self.moe_s
            + self.expert_s
            + self.bubble_s
            + self.tp_s
            + self.pp_s
            + self.a2a_s
            + self.dp_exposed_s
    }
    /// Time waiting on links, seconds.
    pub fn comm_s(&self) -> f64 {
        self.tp_s + self.pp_s + self.a2a_s + self.dp_exposed_s
    }
}

/// Speculative decoding's terms on a serving estimate (`perf::speculation`), for the card's formula line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Speculated {
    /// Tokens drafted per verify step, γ, and the per-token acceptance rate, α.
    pub gamma: u32,
    pub alpha: f64,
    /// Tokens a verify step yields on average, E = (1 − α^(γ+1)) / (1 − α).
    pub accepted: f64,
    /// One verify step of the target over γ + 1 tokens a sequence, and one draft step, seconds.
    pub verify_s: f64,
    pub draft_s: f64,
    /// Each sequence's decode step without speculation as a rate, tokens/s (decode alone, before
    /// prefills: the formula line's plain step).
    pub plain_decode_tokens_per_s_per_seq: f64,
    /// Each user's speed on the same replica without and with speculation, tokens/s, end to end as the
    /// headline's (the prompts' prefills included where `out` is stated; decode alone otherwise).
    pub plain_tokens_per_s_per_seq: f64,
    pub tokens_per_s_per_seq: f64,
}

impl Speculated {
    /// What speculation gains on the headline, ×: each user's speed with it over without, end to end
    /// (prefills are not sped up, so this is below the decode step's `E / (t_verify + γ·t_draft)` ÷ plain).
    pub fn speedup(&self) -> f64 {
        self.tokens_per_s_per_seq / self.plain_tokens_per_s_per_seq.max(1e-12)
    }
}
