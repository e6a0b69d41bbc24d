//! One replica's estimate: what every plan of one instance type shares (`PlanCtx`), a decode step's fixed
//! latency terms, and the decode and prefill of a replica of `tp` accelerators at `seqs` sequences, each
//! request's prefill counted in its users' speed.

use super::LinkView;
use crate::engine::memory;
use crate::engine::outcome::DecodeLatency;
use crate::engine::perf::{self, DecodeEstimate, DecodeInputs};
use crate::models::ModelArch;
use crate::scenario::Scenario;

/// With the output length stated, each request's prompt is prefilled once while the replica's other
/// sequences wait: over the `out` decode steps of a request the replica prefills `seqs` prompts, each adding
/// its marginal cost (its FLOPs and all-reduces; the weight read and step time ride on the batch), so each
/// user gets `out / (out · t_step + seqs · t_prefill,marginal)` tokens/s (the form `tests/published_serving.rs`
/// holds against measured throughput). Unstated (0), or without a compute figure, decode alone.
/// Speculation's plain and speculative speeds get the same prefills, so its speed-up is the headline's.
fn with_prefill(mut e: DecodeEstimate, output_tokens: u32, seqs: u32) -> DecodeEstimate {
    if let Some(p) = e.prefill_marginal_s.filter(|_| output_tokens > 0) {
        let out = f64::from(output_tokens);
        let cycle_s = |decode: f64| out / decode + f64::from(seqs) * p;
        let cycle = cycle_s(e.tokens_per_s_per_seq);
        e.tokens_per_s_per_seq = out / cycle;
        e.tokens_per_s = f64::from(seqs) * out / cycle;
        if let Some(x) = e.speculation.as_mut() {
            x.plain_tokens_per_s_per_seq = out / cycle_s(x.plain_decode_tokens_per_s_per_seq);
            x.tokens_per_s_per_seq = e.tokens_per_s_per_seq;
        }
    }
    e
}

/// What every plan of one instance type shares.
pub(super) struct PlanCtx<'a> {
    pub(super) scenario: &'a Scenario,
    pub(super) arch: &'a ModelArch,
    pub(super) count: u32,
    pub(super) link: LinkView,
    /// One accelerator (or slice), bytes/s and FLOP/s.
    pub(super) bw_bytes_s: f64,
    pub(super) peak_flops: Option<f64>,
    pub(super) kv_bytes_seq: f64,
    /// One accelerator's prefill rate, FLOP/s (peak × the family's prefill efficiency).
    pub(super) prefill_flops: Option<f64>,
    /// Neuron (Trainium, Inferentia2): its own efficiency, hop latency and step time.
    pub(super) neuron: bool,
    /// Speculative decoding's draft, `None` without speculation.
    pub(super) draft: Option<memory::DraftShape>,
}

impl PlanCtx<'_> {
    /// The fixed latency terms of a decode step: the all-reduce's per link kind (`AllReduceLatency::for_link`:
    /// one-shot `nvsar` on NVSwitch, else `arlat` and a hop, Neuron's own `nhop`) and the step time (`nstepms`
    /// on Neuron, else `stepms`).
    pub(super) fn latency(&self) -> DecodeLatency {
        let a = &self.scenario.assumptions;
        let ar = perf::AllReduceLatency::for_link(self.link.kind, self.neuron, a);
        DecodeLatency {
            allreduce_us: ar.fixed_s * 1e6,
            hop_us: ar.hop_s * 1e6,
            step_ms: if self.neuron {
                a.neuron_step_ms
            } else {
                a.step_overhead_ms
            },
        }
    }

    /// Decode and prefill for one replica of `tp` accelerators serving `seqs` sequences.
    pub(super) fn estimate(&self, tp: u32, seqs: u32) -> DecodeEstimate {
        crate::engine::work::add(crate::engine::work::Unit::Estimate, 1);
        let s = self.scenario;
        let a = &s.assumptions;
        let arch = self.arch;
        let terms = self.latency();
        let lat = perf::AllReduceLatency::for_link(self.link.kind, self.neuron, a);
        let link = self.link.link_gbs * 1e9;
        let (layers, hidden) = (arch.layers, arch.hidden);
        // The prompt is prefilled; the output is decoded. Over a request's `out` steps its KV cache grows
        // from the prompt to the whole context: a step reads prompt + out/2 tokens of it on average.
        let prompt = f64::from(s.prompt_tokens());
        let cached = |tokens: f64| arch.sliding_window.map_or(tokens, |w| tokens.min(f64::from(w)));
        let ctx = f64::from(s.context_tokens.max(1));
        let avg = prompt + f64::from(s.output_tokens) / 2.0;
        // Each rank reads its own copy of the KV cache (`memory::kv_copies`).
        let kv_read = self.kv_bytes_seq * memory::kv_copies(arch, tp) * (cached(avg) / cached(ctx).max(1.0)).min(1.0);
        let t = f64::from(tp);
        let mfu = if self.neuron { a.neuron_mfu } else { a.mfu };
        let step_ms = terms.step_ms;
        let attn_width = f64::from(arch.heads) * f64::from(arch.head_dim);
        let inputs = DecodeInputs {
            active_params: arch.active_params,
            read_params: arch.params_read(seqs),
            weight_bytes: s.precision.weight_bytes(),
            kv_bytes_per_seq: kv_read,
            batch: f64::from(seqs),
            bw_bytes_s: self.bw_bytes_s * t,
            bw_efficiency: a.bw_efficiency,
            peak_flops: self.peak_flops.map(|p| p * t),
            mfu,
            prompt_tokens: prompt,
            prefill_flops_s: self.prefill_flops.map(|p| p * t),
            attention_flops: perf::causal_attention_flops(layers, attn_width, prompt, arch.sliding_window),
            prefill_read_params: arch.params_read(s.prompt_tokens().max(1)),
            routing_bytes_per_token: arch.routed_values_per_token() * a.moe_serving_bytes_per_value,
            comm_s: perf::tp_allreduce_s(layers, hidden, f64::from(seqs), tp, lat, link),
            prefill_comm_s: perf::tp_allreduce_s(layers, hidden, prompt, tp, lat, link),
            step_overhead_s: step_ms * 1e-3,
        };
        let decode = match self.draft {
            None => perf::decode(&inputs),
            Some(d) => {
                let spec = &s.speculation;
                let checked = f64::from(seqs) * (f64::from(spec.draft_tokens) + 1.0);
                let verify = perf::speculation::Verify {
                    read_params: arch.params_read(checked.min(1e9) as u32),
                    comm_s: perf::tp_allreduce_s(layers, hidden, checked, tp, lat, link),
                };
                let draft = perf::speculation::DraftStep {
                    params: d.read_params,
                    kv_bytes_per_seq: d.kv_bytes_per_token * cached(avg),
                    comm_s: perf::tp_allreduce_s(d.layers, d.hidden, f64::from(seqs), tp, lat, link),
                };
                perf::speculation::speculative(&inputs, &verify, &draft, a.spec_accept, spec.draft_tokens)
            }
        };
        with_prefill(decode, s.output_tokens, seqs)
    }
}
