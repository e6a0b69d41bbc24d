//! The parallelism plan: how a training or fine-tuning job spreads over accelerators (tensor, pipeline and
//! sharded data parallelism, micro-batch, gradient accumulation, activation recomputation) and what the
//! interconnect costs it.

use serde::Serialize;

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
    /// Data-parallel replicas; optimizer states and gradients are sharded over them (ZeRO stage 1 + 2).
    pub dp: u32,
    /// Sequences per accelerator per forward/backward pass.
    pub micro_batch: u32,
    /// Micro-batches each replica runs per optimizer step.
    pub grad_accum: u32,
    pub recompute: Recompute,
    /// Share of each step spent waiting on communication that is not overlapped (incl. the pipeline bubble), 0..1.
    pub comm_share: f64,
    /// Model FLOPs delivered per second ÷ the peak of the accelerators paid for, 0..1.
    pub effective_mfu: f64,
}
