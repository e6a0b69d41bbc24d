//! Memory model: how many GiB a workload needs, split into what shards across accelerators and what every accelerator repeats.
//!
//! Formulas from ../shared/DOMAIN.md §8: weights `N·b`; KV cache `2·L·n_kv·d_head·s·B·b_kv`
//! (grouped-query aware); Adam mixed-precision training 16 B/param (ZeRO accounting), sharded by
//! FSDP/ZeRO-3 across data-parallel accelerators; LoRA adapters `r·(d_in+d_out)` per adapted matrix;
//! activations with full recomputation `2·s·B·h` bytes per layer plus one layer's working set
//! `34·s·B·h` (Korthikanti et al. 2022, with flash attention so the `5·a·s/h` term is not stored).

use super::outcome::MemoryNeed;
use crate::models::ModelArch;
use crate::scenario::{Assumptions, FinetuneMethod, Precision, Scenario, Speculation, Task};

pub const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

/// KV-cache bytes per token per sequence at the scenario's precision.
pub fn kv_bytes_per_token(arch: &ModelArch, precision: Precision) -> f64 {
    let b = precision.kv_bytes();
    match arch.kv_bytes_per_token_bf16_override {
        Some(bf16) => bf16 * b / 2.0,
        None => 2.0 * f64::from(arch.layers) * f64::from(arch.kv_heads) * f64::from(arch.head_dim) * b,
    }
}

/// How many copies of the KV cache a tensor-parallel group of `tp` accelerators keeps, against one split
/// evenly over them: a head cannot be split, so with fewer KV heads than ranks each rank keeps at least one
/// and the heads are replicated `tp / kv_heads` times (vLLM's `QKVParallelLinear`: `num_kv_head_replicas =
/// tp_size / total_num_kv_heads`; Neuron's NxD replicates them to the TP degree likewise); a multi-head
/// latent (DeepSeek's MLA, the KV override) is one vector every head reads, so every rank keeps all of it
/// (`tp` copies; SGLang's data-parallel attention exists to avoid this, and the planner does not assume it).
pub fn kv_copies(arch: &ModelArch, tp: u32) -> f64 {
    let tp = f64::from(tp.max(1));
    if arch.kv_bytes_per_token_bf16_override.is_some() {
        return tp;
    }
    match arch.kv_heads {
        0 => 1.0,
        n => (tp / f64::from(n)).max(1.0),
    }
}

/// Tokens a sequence keeps in cache: the context, capped by a sliding window on every layer.
pub fn cached_tokens(arch: &ModelArch, context_tokens: u32) -> f64 {
    f64::from(arch.sliding_window.map_or(context_tokens, |w| w.min(context_tokens)))
}

/// Trainable adapter parameters for LoRA on the four attention projections of every layer.
pub fn lora_params(arch: &ModelArch, rank: u32) -> f64 {
    let h = f64::from(arch.hidden);
    let q = f64::from(arch.heads * arch.head_dim);
    let kv = f64::from(arch.kv_heads * arch.head_dim);
    // q: h→q, k: h→kv, v: h→kv, o: q→h; each adds r·(d_in + d_out).
    let per_layer = (h + q) + 2.0 * (h + kv) + (q + h);
    f64::from(rank) * per_layer * f64::from(arch.layers)
}

/// Activations per accelerator for one training micro-batch with full recomputation, bytes.
fn training_activation_bytes(arch: &ModelArch, seq: f64, micro_batch: f64) -> f64 {
    let sbh = seq * micro_batch * f64::from(arch.hidden);
    2.0 * sbh * f64::from(arch.layers) + 34.0 * sbh
}

/// The draft of speculative decoding, as memory and a decode step see it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DraftShape {
    /// Parameters one draft step reads and computes with (2 FLOPs each a token).
    pub read_params: f64,
    /// Parameters the draft keeps in memory.
    pub held_params: f64,
    /// Its decoder layers and width (its all-reduces) and its KV cache bytes per token.
    pub layers: u32,
    pub hidden: u32,
    pub kv_bytes_per_token: f64,
}

/// The published EAGLE-3 head for Llama 3.1 8B drafts over a 32,000-token vocabulary (its config.json,
/// `draft_vocab_size`), not the target's full one.
const EAGLE_DRAFT_VOCAB: f64 = 32_000.0;

/// The scenario's draft, `None` without speculation (or off serving). An EAGLE-3 head is one decoder layer
/// of the target (`N_act / L`) and a language-model head over `EAGLE_DRAFT_VOCAB`, and keeps the fusion of
/// three feature layers (`3·h²`) besides; a draft model is `models::estimate` of its stated size.
pub fn draft_shape(scenario: &Scenario, arch: &ModelArch) -> Option<DraftShape> {
    if scenario.task != Task::Inference {
        return None;
    }
    let h = f64::from(arch.hidden);
    let b = scenario.precision;
    match scenario.speculation.method {
        Speculation::Off => None,
        Speculation::Eagle => {
            let layer = arch.active_params / f64::from(arch.layers.max(1));
            Some(DraftShape {
                read_params: layer + EAGLE_DRAFT_VOCAB * h,
                held_params: layer + EAGLE_DRAFT_VOCAB * h + 3.0 * h * h,
                layers: 1,
                hidden: arch.hidden,
                // One layer of the target's cache (the cache is the same per layer).
                kv_bytes_per_token: kv_bytes_per_token(arch, b) / f64::from(arch.layers.max(1)),
            })
        }
        Speculation::Draft => {
            let n = scenario.speculation.draft_params_b * 1e9;
            let d = crate::models::estimate(n, n);
            Some(DraftShape {
                read_params: n,
                held_params: n,
                layers: d.layers,
                hidden: d.hidden,
                kv_bytes_per_token: kv_bytes_per_token(&d, b),
            })
        }
    }
}

/// The memory a model-based scenario needs. Graphics and HPC are sized from stated needs instead.
pub fn model_memory(scenario: &Scenario, arch: &ModelArch, a: &Assumptions) -> MemoryNeed {
    let n = arch.total_params;
    let seq = f64::from(scenario.context_tokens);
    let batch = f64::from(scenario.batch.max(1));
    match scenario.task {
        Task::Inference | Task::Graphics | Task::Hpc => {
            let kv =
                kv_bytes_per_token(arch, scenario.precision) * cached_tokens(arch, scenario.context_tokens) * batch;
            let draft = draft_shape(scenario, arch);
            let tokens = f64::from(scenario.context_tokens) * batch;
            MemoryNeed {
                weights_gib: n * scenario.precision.weight_bytes() / GIB,
                kv_cache_gib: kv / GIB,
                overhead_gib: a.overhead_gib,
                draft_gib: draft.map_or(0.0, |d| d.held_params * scenario.precision.weight_bytes() / GIB),
                draft_kv_gib: draft.map_or(0.0, |d| d.kv_bytes_per_token * tokens / GIB),
                ..MemoryNeed::default()
            }
        }
        Task::Training => full_training(n, scenario.precision, arch, seq, batch, a),
        Task::Finetune => match scenario.method {
            FinetuneMethod::Full => full_training(n, scenario.precision, arch, seq, batch, a),
            FinetuneMethod::Lora | FinetuneMethod::Qlora => {
                // Frozen base at 2 B/param (QLoRA: 4-bit with scales, ~0.5625 B/param); adapters get the
                // full 16 B/param treatment (2 weights + 2 grads + 12 optimizer).
                let base_b = if scenario.method == FinetuneMethod::Qlora {
                    Precision::Int4.weight_bytes()
                } else {
                    2.0
                };
                let adapters = lora_params(arch, a.lora_rank);
                MemoryNeed {
                    weights_gib: (n * base_b + adapters * 2.0) / GIB,
                    gradients_gib: adapters * 2.0 / GIB,
                    optimizer_gib: adapters * 12.0 / GIB,
                    activations_gib: training_activation_bytes(arch, seq, batch) / GIB,
                    overhead_gib: a.overhead_gib,
                    ..MemoryNeed::default()
                }
            }
        },
    }
}

/// Full training with Adam: 16 B/param in mixed precision (bf16 weights 2 + grads 2 + fp32 master 4 +
/// m 4 + v 4) and also 16 B/param in pure fp32 (weights 4 + grads 4 + m 4 + v 4).
fn full_training(n: f64, precision: Precision, arch: &ModelArch, seq: f64, batch: f64, a: &Assumptions) -> MemoryNeed {
    let (w, g, o) = if precision == Precision::Fp32 {
        (4.0, 4.0, 8.0)
    } else {
        (2.0, 2.0, 12.0)
    };
    MemoryNeed {
        weights_gib: n * w / GIB,
        gradients_gib: n * g / GIB,
        optimizer_gib: n * o / GIB,
        activations_gib: training_activation_bytes(arch, seq, batch) / GIB,
        overhead_gib: a.overhead_gib,
        ..MemoryNeed::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::preset_by_id;
    use crate::scenario::ModelChoice;

    fn arch(id: &str) -> ModelArch {
        preset_by_id(id).cloned().unwrap_or_else(|| panic!("{id}"))
    }

    #[test]
    fn kv_cache_matches_the_reference_figures() {
        // models/README: Llama 3.1 8B bf16 128 KiB/token; 70B 320 KiB/token -> 40 GiB per 128K sequence.
        assert_eq!(kv_bytes_per_token(&arch("llama3.1-8b"), Precision::Bf16), 131_072.0);
        let per_seq = kv_bytes_per_token(&arch("llama3.1-70b"), Precision::Bf16) * 131_072.0 / GIB;
        assert!((per_seq - 40.0).abs() < 1e-9);
        // MLA: DeepSeek-V3 stores 70,272 B/token in bf16, half in fp8.
        assert_eq!(kv_bytes_per_token(&arch("deepseek-v3"), Precision::Fp8), 35_136.0);
        // Mistral v0.1's 4096 window caps the cache.
        assert_eq!(cached_tokens(&arch("mistral-7b"), 32_768), 4096.0);
    }

    /// The expert review of 2026-12-06 (F4): DeepSeek-V3 at TP8 was held to 1/8 of its latent cache per
    /// GPU, and Llama 70B at TP16 to half its KV heads per rank.
    #[test]
    fn kv_heads_fewer_than_ranks_are_copied_and_a_latent_is_kept_whole_on_every_rank() {
        // Llama 3.1 70B: 8 KV heads. TP8 splits them one a rank; TP16 keeps each twice.
        assert_eq!(kv_copies(&arch("llama3.1-70b"), 8), 1.0);
        assert_eq!(kv_copies(&arch("llama3.1-70b"), 16), 2.0);
        assert_eq!(kv_copies(&arch("llama3.1-70b"), 1), 1.0);
        // Llama 3.1 8B on 32 NeuronCores (Neuron's TP32 runs): 8 KV heads, four copies.
        assert_eq!(kv_copies(&arch("llama3.1-8b"), 32), 4.0);
        // MLA: every rank keeps the whole 576-wide latent.
        assert_eq!(kv_copies(&arch("deepseek-v3"), 8), 8.0);
        assert_eq!(kv_copies(&arch("deepseek-v3"), 1), 1.0);
    }

    #[test]
    fn training_needs_16_bytes_per_parameter_before_activations() {
        let s = Scenario {
            task: Task::Training,
            model: ModelChoice::Preset("llama2-7b".into()),
            ..Scenario::default()
        };
        let m = model_memory(&s, &arch("llama2-7b"), &Assumptions::default());
        let states = m.sharded_gib() * GIB / 6_738_415_616.0;
        assert!((states - 16.0).abs() < 1e-9, "{states}");
    }

    #[test]
    fn min_devices_rounds_up_and_refuses_impossible() {
        let m = MemoryNeed {
            weights_gib: 100.0,
            overhead_gib: 1.0,
            ..MemoryNeed::default()
        };
        assert_eq!(m.min_devices(51.0), Some(2));
        assert_eq!(m.min_devices(50.0), Some(3));
        assert_eq!(m.min_devices(1.0), None);
    }
}
