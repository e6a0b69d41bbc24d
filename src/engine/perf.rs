//! Performance model: the peak an accelerator offers at a precision, decode and prefill speed, and training compute and time.
//!
//! Formulas from ../shared/DOMAIN.md §8. Decode is memory-bound: a step reads the active weights and
//! every sequence's KV cache, `t ≈ (N_act·b + B·kv_seq) / (BW·η)`, capped by compute
//! `t ≥ 2·N_act·B / (P·MFU)`; over a tensor-parallel group the all-reduces add `t_comm`. An MoE step
//! reads the union of the experts its batch routes to (`ModelArch::params_read`). Prefill `(2·N_act·s + F_attn)/P_prefill` plus one weight read (causal attention per layer at the prompt length). Training `C ≈ 6·N_act·D` plus
//! `12·L·h·s` per token for attention (nanoGPT's estimate_mfu); LoRA skips weight gradients, ~`4·N·D`.

use crate::catalog::{Accelerator, Interconnect};
pub mod speculation;
pub use crate::engine::outcome::FirstToken;
use crate::models::ModelArch;
use crate::scenario::{Assumptions, FinetuneMethod, Precision, Scenario, Task};

/// The dense peak used for a precision, and whether a fallback was taken.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Peak {
    /// TFLOPS (or TOPS for int8) at the requested precision.
    Native(f64),
    /// BF16 requested on a chip without BF16 (T4, V100): runs in FP16 at this peak.
    Fp16Instead(f64),
    /// The chip lacks the precision (FP8 before Hopper/Ada).
    Unsupported,
    /// The chip may support it, but no source gives the figure.
    Unknown,
}

/// The dense peak of one whole accelerator for `precision`.
pub fn peak(acc: &Accelerator, precision: Precision) -> Peak {
    let or_unknown = |v: Option<f64>| v.map_or(Peak::Unknown, Peak::Native);
    match precision {
        Precision::Bf16 => match (acc.bf16_tflops, acc.fp16_tflops) {
            (Some(v), _) => Peak::Native(v),
            // Turing and Volta have FP16 tensor cores but no BF16.
            (None, Some(v)) if !acc.generation.bf16() => Peak::Fp16Instead(v),
            _ => Peak::Unknown,
        },
        Precision::Fp16 => or_unknown(acc.fp16_tflops.or(acc.bf16_tflops)),
        Precision::Fp8 => match acc.fp8_tflops {
            Some(v) => Peak::Native(v),
            None if acc.generation.fp8() => Peak::Unknown,
            None => Peak::Unsupported,
        },
        // W8A8 uses INT8 tensor cores where published; otherwise weights dequantise to 16-bit.
        Precision::Int8 => or_unknown(acc.int8_tops.or(acc.fp16_tflops).or(acc.bf16_tflops)),
        // 4-bit is weight-only (W4A16): compute runs at the 16-bit peak.
        Precision::Int4 => or_unknown(acc.bf16_tflops.or(acc.fp16_tflops)),
        // FP4 (NVFP4/MXFP4) weights and activations on Blackwell tensor cores, at the catalog's sourced FP4
        // peak; a Blackwell part without one is unknown, anything older has no FP4 tensor cores.
        Precision::Fp4 => match acc.fp4_tflops {
            Some(v) => Peak::Native(v),
            None if acc.generation.fp4() => Peak::Unknown,
            None => Peak::Unsupported,
        },
        // No TF32/FP32 tensor figures are in the catalog: FP32 compute is not estimated.
        Precision::Fp32 => Peak::Unknown,
    }
}

impl Peak {
    /// The usable figure, if any.
    pub fn tflops(self) -> Option<f64> {
        match self {
            Peak::Native(v) | Peak::Fp16Instead(v) => Some(v),
            Peak::Unsupported | Peak::Unknown => None,
        }
    }
}

/// FLOPs of causal self-attention over a prompt of `prompt` tokens (FlashAttention-style: computed in
/// tiles, no quadratic memory): per layer, `QKᵀ` and `AV` each `2·d` FLOPs per (query, key) pair, `d` the
/// attention width (heads × head dim), over the pairs a causal mask keeps (`s²/2`, or `s·w − w²/2` under
/// a sliding window of `w` tokens).
pub fn causal_attention_flops(layers: u32, attn_width: f64, prompt: f64, window: Option<u32>) -> f64 {
    let pairs = match window.map(f64::from) {
        Some(w) if w < prompt => prompt * w - w * w / 2.0,
        _ => prompt * prompt / 2.0,
    };
    4.0 * f64::from(layers) * attn_width * pairs
}

/// Decode and prefill estimates for one model replica spread over `devices` accelerators.
#[derive(Clone, Debug, PartialEq)]
pub struct DecodeEstimate {
    /// Output tokens per second summed over the batch.
    pub tokens_per_s: f64,
    /// Output tokens per second each sequence sees.
    pub tokens_per_s_per_seq: f64,
    /// Whether the compute cap, not memory bandwidth, set the step time.
    pub compute_bound: bool,
    /// Seconds to prefill one full-context prompt; `None` without a compute figure.
    pub prefill_s: Option<f64>,
    /// What one more prompt adds when prefilled alongside others or inside decode steps (continuous or
    /// static batching): its FLOPs and all-reduce traffic, not the weight read or step time it shares.
    pub prefill_marginal_s: Option<f64>,
    /// Share of a decode step spent in tensor-parallel all-reduces, 0..1.
    pub comm_share: f64,
    /// Speculative decoding's terms when the estimate speculates (`speculation::speculative`).
    pub speculation: Option<crate::engine::outcome::Speculated>,
}

/// Inputs of the decode estimate, so the page can show the formula with numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DecodeInputs {
    /// Parameters each token computes with (FLOPs: 2 per parameter).
    pub active_params: f64,
    /// Parameters one step reads from memory: the active ones for a dense model, the union of the routed
    /// experts the batch touches for an MoE (`ModelArch::params_read`).
    pub read_params: f64,
    pub weight_bytes: f64,
    pub kv_bytes_per_seq: f64,
    pub batch: f64,
    /// Summed over the replica's accelerators, bytes/s.
    pub bw_bytes_s: f64,
    pub bw_efficiency: f64,
    /// Summed over the replica's accelerators, FLOP/s; `None` if unknown. Serving passes the end-to-end
    /// peak (FP8/FP4 at most `fp8x`/`fp4x` × the 16-bit peak), the one prefill takes its share of.
    pub peak_flops: Option<f64>,
    pub mfu: f64,
    pub prompt_tokens: f64,
    /// FLOP/s a prompt's prefill achieves over the replica (peak × its efficiency); `None` if unknown.
    pub prefill_flops_s: Option<f64>,
    /// Causal attention FLOPs of one prompt (`causal_attention_flops`), besides the `2·N_act` per token.
    pub attention_flops: f64,
    /// Parameters a prefill reads once (every expert an MoE's prompt routes to).
    pub prefill_read_params: f64,
    /// An MoE's routing work per token of a forward pass, bytes at memory bandwidth (`moes` × the routed
    /// values a token moves, `ModelArch::routed_values_per_token`); 0 for a dense model.
    pub routing_bytes_per_token: f64,
    /// Tensor-parallel all-reduce time of one decode step and of one prompt's prefill, seconds (0 on one accelerator).
    pub comm_s: f64,
    pub prefill_comm_s: f64,
    /// Fixed time of every decode step besides reading and computing (sampling, scheduling, launches), seconds.
    pub step_overhead_s: f64,
}

/// Memory-bound decode with a compute cap (DOMAIN.md "Decode throughput"), plus the tensor-parallel
/// all-reduces, which wait on the link rather than overlap, and a fixed step overhead:
/// `t = max(t_mem, t_compute) + t_comm + t_0`. Prefill (the time to first token) is one forward pass over
/// the prompt: its linear and causal-attention FLOPs at the prefill rate, one read of the weights, its
/// all-reduces and the fixed step time, `(2·N_act·s + F_attn)/P_prefill + N_read·w/(BW·η) + t_comm + t_0`.
/// An MoE's routing work `R` bytes a token is memory traffic in both: `B·R` in `t_mem`, `s·R/(BW·η)` in
/// the prefill (0 for a dense model).
pub fn decode(i: &DecodeInputs) -> DecodeEstimate {
    let bw = i.bw_bytes_s * i.bw_efficiency;
    let t_mem = (i.read_params * i.weight_bytes + i.batch * (i.kv_bytes_per_seq + i.routing_bytes_per_token)) / bw;
    let t_compute = i
        .peak_flops
        .map_or(0.0, |p| 2.0 * i.active_params * i.batch / (p * i.mfu));
    let t = t_mem.max(t_compute) + i.comm_s + i.step_overhead_s;
    let pre_route = i.prompt_tokens * i.routing_bytes_per_token / bw;
    let prefill_marginal = i
        .prefill_flops_s
        .map(|p| (2.0 * i.active_params * i.prompt_tokens + i.attention_flops) / p + pre_route + i.prefill_comm_s);
    DecodeEstimate {
        tokens_per_s: i.batch / t,
        tokens_per_s_per_seq: 1.0 / t,
        compute_bound: t_compute > t_mem,
        prefill_s: prefill_marginal
            .map(|m| m + i.prefill_read_params * i.weight_bytes / (i.bw_bytes_s * i.bw_efficiency) + i.step_overhead_s),
        prefill_marginal_s: prefill_marginal,
        comm_share: i.comm_s / t,
        speculation: None,
    }
}

/// Time to first token of one request on a replica serving `users` sequences, each request `request_s`
/// long (its output at the speed each user gets, which already counts the replica's prefills): the
/// prompt's prefill plus the wait for the replica's one prefill slot. The slot is a single server with a
/// fixed service time (one more prompt's prefill, `marginal_s`); the other `users − 1` users each send a
/// prompt every `request_s`, so they keep it busy a share `ρ = (users − 1)·marginal_s / request_s`, and
/// the mean wait is the M/D/1 (Pollaczek–Khinchine) `W = ρ·marginal_s / (2·(1 − ρ))`. One user never
/// waits; without a request time (no output length stated) the wait is not estimated (0).
pub fn first_token(prefill_s: f64, marginal_s: f64, users: u32, request_s: f64) -> FirstToken {
    let others = f64::from(users.max(1) - 1);
    let rho = if request_s > 0.0 {
        (others * marginal_s / request_s).min(0.99)
    } else {
        0.0
    };
    let wait_s = rho * marginal_s / (2.0 * (1.0 - rho));
    FirstToken {
        prefill_s,
        slot_busy: rho,
        wait_s,
        ttft_s: prefill_s + wait_s,
    }
}

/// Latency terms of one tensor-parallel all-reduce, seconds: a fixed part (launch and synchronisation)
/// and a part per ring hop (0 where the all-reduce is one-shot).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AllReduceLatency {
    pub fixed_s: f64,
    pub hop_s: f64,
}

impl AllReduceLatency {
    /// The latency a serving all-reduce pays over a link of `kind`: on NVSwitch every GPU reaches every
    /// other at full bandwidth, so the engines' one-shot kernels synchronise twice whatever the group
    /// (`nvsar`, no hops); a ring (PCIe, NVLink mesh, RoCE) pays `arlat` and `arhop` per hop, NeuronLink its
    /// own hop (`nhop`).
    pub fn for_link(kind: Interconnect, neuron: bool, a: &Assumptions) -> AllReduceLatency {
        let (fixed_us, hop_us) = match kind {
            Interconnect::Nvswitch => (a.nvswitch_allreduce_us, 0.0),
            _ if neuron => (a.tp_allreduce_us, a.neuron_hop_us),
            _ => (a.tp_allreduce_us, a.tp_hop_us),
        };
        AllReduceLatency {
            fixed_s: fixed_us * 1e-6,
            hop_s: hop_us * 1e-6,
        }
    }

    /// Latency of one all-reduce over `tp` accelerators: `fixed + 2·(tp−1)·hop` (a ring's reduce-scatter and
    /// all-gather each pass `tp − 1` hops), seconds.
    pub fn one_s(self, tp: u32) -> f64 {
        self.fixed_s + 2.0 * f64::from(tp.max(1) - 1) * self.hop_s
    }
}

/// Tensor-parallel all-reduces of one forward pass over `tokens` tokens, seconds: two per layer (after
/// attention and after the MLP, Megatron-style), each its latency (`AllReduceLatency::one_s`) plus
/// `2·(tp−1)/tp` of the 16-bit activations (`tokens·hidden·2` bytes) over the per-accelerator link (one
/// direction): a ring's traffic, and a switch's too once messages are large (two-shot or NVLS).
pub fn tp_allreduce_s(layers: u32, hidden: u32, tokens: f64, tp: u32, lat: AllReduceLatency, link_bytes_s: f64) -> f64 {
    if tp <= 1 {
        return 0.0;
    }
    let t = f64::from(tp);
    let bytes = tokens * f64::from(hidden) * 2.0;
    let one = lat.one_s(tp) + 2.0 * (t - 1.0) / t * bytes / link_bytes_s.max(1.0);
    2.0 * f64::from(layers) * one
}

/// Training FLOPs for the scenario: `k·N_act·D + 12·L·h·s·D`, k = 6 (full) or 4 (LoRA/QLoRA: no weight gradients).
pub fn training_flops(scenario: &Scenario, arch: &ModelArch) -> f64 {
    let tokens = scenario.train_tokens_b * 1e9;
    let k = match (scenario.task, scenario.method) {
        (Task::Finetune, FinetuneMethod::Lora | FinetuneMethod::Qlora) => 4.0,
        _ => 6.0,
    };
    let attention = 12.0 * f64::from(arch.layers) * f64::from(arch.hidden) * f64::from(scenario.context_tokens);
    (k * arch.active_params + attention) * tokens
}

/// Accelerator-hours to deliver `flops` at `peak_tflops` per accelerator and utilisation `mfu`.
pub fn device_hours(flops: f64, peak_tflops: f64, mfu: f64) -> f64 {
    flops / (peak_tflops * 1e12 * mfu * 3600.0)
}

/// Test inputs: an 8B BF16 model at `batch` sequences over `bw_bytes_s`, 70 % bandwidth efficiency, an
/// H100-like 989 TFLOPS at mfu 0.4, no prompt, no communication, no step overhead.
#[cfg(test)]
pub(crate) fn dense_8b(batch: f64, bw_bytes_s: f64) -> DecodeInputs {
    DecodeInputs {
        active_params: 8e9,
        read_params: 8e9,
        weight_bytes: 2.0,
        kv_bytes_per_seq: 0.0,
        batch,
        bw_bytes_s,
        bw_efficiency: 0.7,
        peak_flops: Some(989e12),
        mfu: 0.4,
        prompt_tokens: 0.0,
        prefill_flops_s: None,
        attention_flops: 0.0,
        prefill_read_params: 8e9,
        routing_bytes_per_token: 0.0,
        comm_s: 0.0,
        prefill_comm_s: 0.0,
        step_overhead_s: 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn domain_examples() {
        // DOMAIN.md: 8B bf16 (16 GB) on L4 (~300 GB/s) -> at most ~19 tok/s at batch 1; on H100 (3.35 TB/s) ~210.
        let base = DecodeInputs {
            bw_efficiency: 1.0,
            peak_flops: None,
            ..dense_8b(1.0, 300e9)
        };
        assert!((decode(&base).tokens_per_s - 18.75).abs() < 1e-9);
        let h100 = decode(&DecodeInputs {
            bw_bytes_s: 3350e9,
            ..base
        });
        assert!((h100.tokens_per_s - 209.375).abs() < 1e-9);
        // 7B x 1T tokens = 4.2e22 FLOPs; H100 989 TFLOPS at 40 % -> ~29.5k GPU-hours.
        let h = device_hours(6.0 * 7e9 * 1e12, 989.0, 0.4);
        assert!((h - 29_491.0).abs() < 10.0, "{h}");
    }

    #[test]
    fn an_moe_routing_work_is_memory_traffic_in_decode_and_prefill() {
        // 1 GB of weights at 1 TB/s (1 ms); 10 sequences × 1 MB of routing work a token add 10 µs a step;
        // a 1,000-token prompt adds 1 ms to its prefill (1 GFLOP a token at 1 PFLOP/s: 1 ms of FLOPs).
        let dense = DecodeInputs {
            active_params: 5e8,
            read_params: 5e8,
            weight_bytes: 2.0,
            kv_bytes_per_seq: 0.0,
            batch: 10.0,
            bw_bytes_s: 1e12,
            bw_efficiency: 1.0,
            peak_flops: None,
            mfu: 0.4,
            prompt_tokens: 1000.0,
            prefill_flops_s: Some(1e15),
            attention_flops: 0.0,
            prefill_read_params: 5e8,
            routing_bytes_per_token: 0.0,
            comm_s: 0.0,
            prefill_comm_s: 0.0,
            step_overhead_s: 0.0,
        };
        let moe = decode(&DecodeInputs {
            routing_bytes_per_token: 1e6,
            ..dense
        });
        let dense = decode(&dense);
        assert!((1.0 / dense.tokens_per_s_per_seq - 1e-3).abs() < 1e-12);
        assert!((1.0 / moe.tokens_per_s_per_seq - 1.01e-3).abs() < 1e-12);
        let (pd, pm) = (
            dense.prefill_marginal_s.unwrap_or(0.0),
            moe.prefill_marginal_s.unwrap_or(0.0),
        );
        assert!((pd - 1e-3).abs() < 1e-12 && (pm - 2e-3).abs() < 1e-12, "{pd} {pm}");
    }

    #[test]
    fn compute_cap_binds_at_large_batches() {
        let i = DecodeInputs {
            prompt_tokens: 8192.0,
            prefill_flops_s: Some(989e12 * 0.6),
            ..dense_8b(4096.0, 3350e9)
        };
        let d = decode(&i);
        assert!(d.compute_bound);
        assert!((d.tokens_per_s - 989e12 * 0.4 / (2.0 * 8e9)).abs() < 1e-6);
        // Prefill: 2·8e9·8192 FLOPs at 593.4 TFLOP/s + 16 GB read at 2.345 TB/s (hand-worked).
        let p = d.prefill_s.unwrap_or(0.0);
        assert!((p - (1.31072e14 / 593.4e12 + 16e9 / 2.345e12)).abs() < 1e-9, "{p}");
    }

    #[test]
    fn first_token_waits_for_the_prefill_slot_as_an_md1_queue() {
        // One user: the prefill alone.
        let one = first_token(0.2, 0.15, 1, 10.0);
        assert_eq!((one.wait_s, one.ttft_s), (0.0, 0.2));
        // 33 users, 0.15 s a prompt, a request every 10 s: the 32 others keep the slot ρ = 32·0.15/10 = 0.48
        // busy; W = 0.48·0.15 / (2·0.52) = 0.069231 s (hand-worked).
        let busy = first_token(0.2, 0.15, 33, 10.0);
        assert!((busy.slot_busy - 0.48).abs() < 1e-12);
        assert!((busy.wait_s - 0.072 / 1.04).abs() < 1e-12, "{busy:?}");
        assert!((busy.ttft_s - (0.2 + 0.072 / 1.04)).abs() < 1e-12);
        // No request time (output not stated): no wait estimated.
        assert_eq!(first_token(0.2, 0.15, 33, 0.0).ttft_s, 0.2);
    }

    #[test]
    fn nvswitch_all_reduce_is_flat_and_a_ring_grows_per_hop() {
        let a = Assumptions::default();
        let us = |kind, neuron, tp| AllReduceLatency::for_link(kind, neuron, &a).one_s(tp) * 1e6;
        // Ring over PCIe: 12 µs + 2·(tp−1)·4 µs → 20 at TP2, 36 at TP4, 68 at TP8 (hand-worked).
        for (tp, want) in [(1, 12.0), (2, 20.0), (4, 36.0), (8, 68.0)] {
            assert!((us(Interconnect::Pcie, false, tp) - want).abs() < 1e-9, "PCIe TP{tp}");
            assert!(
                (us(Interconnect::Nvlink, false, tp) - want).abs() < 1e-9,
                "NVLink mesh TP{tp}"
            );
        }
        // NVSwitch: 17 µs at TP2 and at TP8 alike.
        for tp in [2, 4, 8] {
            assert!(
                (us(Interconnect::Nvswitch, false, tp) - 17.0).abs() < 1e-9,
                "NVSwitch TP{tp}"
            );
        }
        // NeuronLink: its own hop, 12 + 2·15·1.25 = 49.5 µs at 16 devices.
        assert!((us(Interconnect::Neuronlink, true, 16) - 49.5).abs() < 1e-9);
        // 70B (80 layers, hidden 8192) decoding one token at TP8: 160 all-reduces of 16 KB. On NVSwitch
        // (450 GB/s): 160·(17 µs + 2·7/8·16384 B / 450e9 B/s) = 2.7302 ms; as a PCIe ring it would be
        // 160·(68 µs + …) over 32 GB/s = 11.024 ms (hand-worked).
        let ar =
            |kind, gbs: f64| tp_allreduce_s(80, 8192, 1.0, 8, AllReduceLatency::for_link(kind, false, &a), gbs * 1e9);
        assert!(
            (ar(Interconnect::Nvswitch, 450.0) * 1e3 - 2.730_194).abs() < 1e-5,
            "{}",
            ar(Interconnect::Nvswitch, 450.0)
        );
        assert!(
            (ar(Interconnect::Pcie, 32.0) * 1e3 - 11.023_36).abs() < 1e-4,
            "{}",
            ar(Interconnect::Pcie, 32.0)
        );
        // One accelerator: no all-reduce at all.
        assert_eq!(
            tp_allreduce_s(
                80,
                8192,
                1.0,
                1,
                AllReduceLatency::for_link(Interconnect::Nvswitch, false, &a),
                1.0
            ),
            0.0
        );
    }

    #[test]
    fn causal_attention_counts_the_pairs_a_mask_keeps() {
        // 1 layer, width 1, 4 tokens: 8 pairs (s²/2) × 4 FLOPs.
        assert_eq!(causal_attention_flops(1, 1.0, 4.0, None), 32.0);
        // Llama 3.1 8B at a 128K prompt: 4·32·4096·131072²/2 ≈ 4.5e15, about twice the linear 2·8.03e9·131072 = 2.1e15.
        let attn = causal_attention_flops(32, 4096.0, 131_072.0, None);
        let linear = 2.0 * 8.03e9 * 131_072.0;
        assert!((attn / linear - 2.14).abs() < 0.01, "{}", attn / linear);
        // A 4096-token window over a 32K prompt keeps 32768·4096 − 4096²/2 pairs.
        let w = causal_attention_flops(1, 1.0, 32_768.0, Some(4096));
        assert_eq!(w, 4.0 * (32_768.0 * 4096.0 - 4096.0 * 4096.0 / 2.0));
        // A window longer than the prompt changes nothing.
        assert_eq!(
            causal_attention_flops(2, 8.0, 100.0, Some(4096)),
            causal_attention_flops(2, 8.0, 100.0, None)
        );
    }
}
