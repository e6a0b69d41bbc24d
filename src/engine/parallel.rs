//! The parallelism plan: how a training or fine-tuning job spreads over accelerators (tensor, pipeline and
//! sharded data parallelism, micro-batch, gradient accumulation, activation recomputation) and what the
//! interconnect costs it.

use super::outcome::{Parallelism, Recompute, StepTerms};
use crate::num::Within;

mod step;
use step::Layout;

use super::memory::GIB;
use crate::scenario::Assumptions;

/// What one training job asks of every plan, per token and per parameter (built by `sizing::training`).
#[derive(Clone, Debug, PartialEq)]
pub struct Job {
    pub layers: f64,
    pub hidden: f64,
    /// Tokens per sequence.
    pub seq: f64,
    /// Model FLOPs per token: `k·N_act + 12·L·h·s` (k = 6 full, 4 LoRA/QLoRA).
    pub flops_per_token: f64,
    /// FLOPs per token of one more forward pass (full recomputation): `2·N_act + 4·L·h·s`.
    pub fwd_flops_per_token: f64,
    /// FLOPs per token of the attention core's forward (selective recomputation): `4·L·h·s`.
    pub attn_fwd_flops_per_token: f64,
    /// Bytes of weights split by TP·PP only (every data-parallel replica holds them).
    pub weight_bytes: f64,
    /// Bytes of gradients and optimizer states, split by TP·PP and sharded over DP (ZeRO stage 2).
    pub sharded_bytes: f64,
    /// Bytes per replica of the all-reduce a step's gradient reduce-scatter plus weight all-gather add up
    /// to (bf16: 2 per trainable parameter; ring cost `2·(n−1)/n` of it).
    pub sync_bytes: f64,
    /// Bytes moved per forward or backward pass to dequantise 4-bit weights (QLoRA), 0 otherwise.
    pub dequant_bytes_per_pass: f64,
    /// Bytes per activation value (2: bf16).
    pub act_bytes: f64,
    /// MoE routing work per token, bytes at memory bandwidth (`moeb` × the routed values a token
    /// moves, `ModelArch::routed_values_per_token`); 0 for a dense model.
    pub moe_bytes_per_token: f64,
    /// Routed experts per MoE layer (what an expert-parallel degree must divide); 0 for a dense model.
    pub experts: u32,
    /// Share of the weights, gradients and optimizer states in the routed experts (`ModelArch::routed_share`):
    /// what expert parallelism shards; 0 for a dense model.
    pub expert_share: f64,
    /// Share of the model FLOPs a token spends in its routed experts (grouped GEMMs).
    pub expert_flops_share: f64,
    /// Activation values a token sends to its experts per MoE layer, each way: `k·h` (0 for a dense model).
    pub dispatch_values_per_token: f64,
    /// Sequences each data-parallel replica processes per optimizer step (the `batch` key).
    pub seqs_per_replica: u32,
    /// Sequences per optimizer step over all replicas, when set; overrides `seqs_per_replica`.
    pub global_batch: Option<u32>,
    pub overhead_gib: f64,
    /// The model's query and KV heads, which a tensor-parallel degree must split (`tp_splits_heads`);
    /// 0 where the runtime pads heads to any degree (Neuron) or the shape is not known.
    pub heads: u32,
    pub kv_heads: u32,
}

/// Whether tensor parallelism of degree `tp` splits attention evenly: the query heads divide by it and
/// the KV heads divide by it or are replicated to it (vLLM's check, as Megatron's; `heads` 0: no rule).
pub fn tp_splits_heads(heads: u32, kv_heads: u32, tp: u32) -> bool {
    let kv_ok = kv_heads == 0 || kv_heads.is_multiple_of(tp) || tp.is_multiple_of(kv_heads);
    tp <= 1 || heads == 0 || (heads.is_multiple_of(tp) && kv_ok)
}

/// What the accelerators and their links offer.
#[derive(Clone, Debug, PartialEq)]
pub struct Hardware {
    /// Dense peak per accelerator for the job's precision (FP8 already scaled by the FP8 efficiency), FLOP/s.
    pub peak_flops: f64,
    /// Share of that peak the matrix math reaches between communications: the family's kernel
    /// efficiency (`teff` on GPUs, `nteff` on Neuron chips).
    pub kernel_eff: f64,
    pub usable_gib: f64,
    pub mem_bw_bytes_s: f64,
    /// Intra-instance link per accelerator, one direction, bytes/s.
    pub link_bytes_s: f64,
    /// Accelerators sharing that link.
    pub domain: u32,
    /// Accelerators per instance.
    pub count: u32,
    /// Network per accelerator between instances, bytes/s (host-staged traffic already discounted).
    pub net_bytes_s: f64,
}

/// A plan with its step time and memory per accelerator.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub parallelism: Parallelism,
    pub terms: StepTerms,
    /// Tokens per optimizer step over all replicas.
    pub tokens_per_step: f64,
    /// Memory per accelerator, GiB: weights, gradients + optimizer (sharded), activations, overhead.
    pub weights_gib: f64,
    pub states_gib: f64,
    pub activations_gib: f64,
    pub mem_gib: f64,
    /// Instances the plan spans; whether the data-parallel or pipeline traffic crosses the network.
    pub instances: u32,
}

impl Plan {
    /// Seconds per token over the whole job.
    pub fn seconds_per_token(&self) -> f64 {
        self.terms.step_s() / self.tokens_per_step
    }
}

const TP_CHOICES: [u32; 7] = [1, 2, 4, 8, 16, 32, 64];
/// Expert-parallel degrees: powers of two, each dividing the data-parallel replicas and the experts.
const EP_CHOICES: [u32; 8] = [1, 2, 4, 8, 16, 32, 64, 128];
const PP_CHOICES: [u32; 5] = [1, 2, 4, 8, 16];
const RECOMPUTE: [Recompute; 3] = [Recompute::None, Recompute::Selective, Recompute::Full];
const MAX_MICRO_BATCH: u32 = 16;

/// Activation bytes per accelerator for one micro-batch on the first pipeline stage (1F1B keeps `pp`
/// micro-batches of `L/pp` layers: about one micro-batch of all layers), with sequence parallelism
/// dividing by TP. Per layer (Korthikanti et al. 2022): none `s·b·h·(34 + 5·a·s/h)` approximated with
/// flash attention as `34·s·b·h + 5·s²·b·(h/128)`; selective `34·s·b·h`; full `2·s·b·h` plus one
/// layer's working set `34·s·b·h`.
/// With `Full`, `full` is the share of layers recomputed in full (the rest selectively).
fn activation_bytes(job: &Job, mb: f64, tp: f64, rc: Recompute, full: f64) -> f64 {
    let sbh = job.seq * mb * job.hidden * job.act_bytes / 2.0;
    let per_layer = match rc {
        // Attention scores kept: 5·a·s²·b with a = h/128 heads (head size 128 assumed).
        Recompute::None => 34.0 * sbh + 5.0 * (job.hidden / 128.0) * job.seq * job.seq * mb,
        Recompute::Selective => 34.0 * sbh,
        Recompute::Full => (2.0 * full + 34.0 * (1.0 - full)) * sbh,
    };
    let working = if rc == Recompute::Full { 34.0 * sbh } else { 0.0 };
    (per_layer * job.layers + working) / tp
}

/// Memory per accelerator, GiB: (weights, states, activations, total); `full` as in `activation_bytes`.
/// Expert parallelism of degree `ep` shards the routed experts' weights over `ep` of the replicas
/// (Megatron-Core: the EP group is carved out of data parallelism); their gradients and optimizer states
/// are sharded over the `dp/ep` replicas that hold the same experts, `tp·pp·dp` in all, as before.
#[allow(clippy::too_many_arguments)]
fn memory_gib(job: &Job, mp: (u32, u32, u32), dp: u32, mb: u32, rc: Recompute, full: f64) -> (f64, f64, f64, f64) {
    let (tp, pp, ep) = mp;
    let mp = f64::from(tp * pp);
    let w = job.weight_bytes * expert_split(job, ep) / mp / GIB;
    let s = job.sharded_bytes / (mp * f64::from(dp)) / GIB;
    let act = activation_bytes(job, f64::from(mb), f64::from(tp), rc, full) / GIB;
    (w, s, act, w + s + act + job.overhead_gib)
}

/// The share of a replica's weights one accelerator of an `ep`-way expert-parallel group holds:
/// the dense part whole, the routed experts' `1/ep`: `1 − f_e + f_e/ep`.
fn expert_split(job: &Job, ep: u32) -> f64 {
    1.0 - job.expert_share + job.expert_share / f64::from(ep.max(1))
}

/// Layers per pipeline stage (at least one).
fn stage_layers(job: &Job, pp: u32) -> u32 {
    ((job.layers / f64::from(pp)).floor() as u32).max(1)
}

/// The fewest layers per stage to recompute in full so the plan fits (Megatron-LM's block method), as a
/// share of the stage's layers; `None` when selective recomputation alone fits or even all layers do not.
fn full_share_needed(job: &Job, usable_gib: f64, mp: (u32, u32, u32), dp: u32, mb: u32) -> Option<f64> {
    let all = memory_gib(job, mp, dp, mb, Recompute::Full, 1.0).3;
    let none = memory_gib(job, mp, dp, mb, Recompute::Full, 0.0).3;
    if all > usable_gib || memory_gib(job, mp, dp, mb, Recompute::Selective, 0.0).3 <= usable_gib {
        return None;
    }
    let n = f64::from(stage_layers(job, mp.1));
    let k = (n * (none - usable_gib) / (none - all)).ceil().within(1.0, n);
    Some(k / n)
}

/// Evaluates one plan of degrees `mp` = (TP, PP, EP); `None` if it does not fit or does not divide the
/// accelerators. Under `Recompute::Full` only the fewest layers per stage that make it fit are recomputed
/// in full.
fn evaluate(
    job: &Job,
    hw: &Hardware,
    a: &Assumptions,
    n_inst: u32,
    mp: (u32, u32, u32),
    mb: u32,
    rc: Recompute,
) -> Option<Plan> {
    super::work::add(super::work::Unit::Layout, 1);
    let (tp, pp, ep) = mp;
    let n_dev = n_inst * hw.count;
    if !n_dev.is_multiple_of(tp * pp) || f64::from(pp) > job.layers {
        return None;
    }
    let dp = n_dev / (tp * pp);
    if !ep_divides(job, dp, ep) {
        return None;
    }
    let full = match rc {
        Recompute::Full => full_share_needed(job, hw.usable_gib, mp, dp, mb).unwrap_or(1.0),
        _ => 1.0,
    };
    let (replica_seqs, ga) = replica_batch(job, dp, mb)?;
    let (w, s, act, mem) = memory_gib(job, mp, dp, mb, rc, full);
    if mem > hw.usable_gib {
        return None;
    }
    let layout = Layout {
        tp,
        pp,
        ep,
        dp,
        mb,
        ga,
        rc,
        full,
    };
    let tokens_per_step = f64::from(replica_seqs) * f64::from(dp) * job.seq;
    let terms = step::terms(job, hw, a, &layout, tokens_per_step);
    let step = terms.step_s();
    let f = layout.full_share();
    let model_flops = job.flops_per_token * tokens_per_step;
    Some(Plan {
        parallelism: Parallelism {
            tp,
            pp,
            ep,
            dp,
            micro_batch: mb,
            grad_accum: ga,
            recompute: rc,
            recompute_layers: (f < 1.0 && rc == Recompute::Full)
                .then(|| (f * f64::from(stage_layers(job, pp))).round() as u32),
            stage_layers: stage_layers(job, pp),
            comm_share: terms.comm_s() / step,
            effective_mfu: model_flops / (step * f64::from(n_dev) * hw.peak_flops),
        },
        terms,
        tokens_per_step,
        weights_gib: w,
        states_gib: s,
        activations_gib: act,
        mem_gib: mem,
        instances: n_inst,
    })
}

/// Sequences per replica per optimizer step and the gradient accumulation that makes them, for
/// micro-batch `mb` over `dp` replicas: the global batch when set (`None` when there are more replicas
/// than sequences), else the `batch` key per replica (`None` when the micro-batch exceeds it).
fn replica_batch(job: &Job, dp: u32, mb: u32) -> Option<(u32, u32)> {
    match job.global_batch {
        Some(g) if g > 0 => {
            if dp > g {
                return None;
            }
            let ga = g.div_ceil(dp * mb);
            Some((mb * ga, ga))
        }
        _ => {
            let want = job.seqs_per_replica.max(1);
            if mb > want {
                return None;
            }
            Some((mb * want.div_ceil(mb), want.div_ceil(mb)))
        }
    }
}

/// TP degrees to try: powers of two dividing the fast domain (and the domain itself), each splitting the
/// model's heads (`tp_splits_heads`).
fn tp_choices<'a>(job: &'a Job, hw: &'a Hardware) -> impl Iterator<Item = u32> + 'a {
    TP_CHOICES
        .iter()
        .copied()
        .filter(move |t| hw.domain.is_multiple_of(*t))
        .chain((!hw.domain.is_power_of_two() && hw.domain > 1).then_some(hw.domain))
        .filter(move |t| tp_splits_heads(job.heads, job.kv_heads, *t))
}

/// Whether expert parallelism of degree `ep` divides the `dp` replicas and the experts (a dense model:
/// only EP 1).
fn ep_divides(job: &Job, dp: u32, ep: u32) -> bool {
    ep == 1 || (job.experts > 0 && job.expert_share > 0.0 && dp.is_multiple_of(ep) && job.experts.is_multiple_of(ep))
}

/// The largest expert-parallel degree that divides `dp` replicas and the experts (1 for a dense model).
fn max_ep(job: &Job, dp: u32) -> u32 {
    EP_CHOICES
        .iter()
        .copied()
        .filter(|&e| ep_divides(job, dp, e))
        .max()
        .unwrap_or(1)
}

/// The fastest plan on `n_inst` instances (at a fixed count the fastest is also the cheapest), or `None`
/// when no plan fits. Search: TP over the domain's divisors, PP in {1, 2, 4, 8, 16}, EP (MoE only) over
/// powers of two dividing the replicas and the experts, micro-batch in powers of two up to 16,
/// recomputation none / selective / full: at most 7·5·5·3 evaluations a dense model (8× that an MoE),
/// most refused by memory.
pub fn best_plan(job: &Job, hw: &Hardware, a: &Assumptions, n_inst: u32) -> Option<Plan> {
    let mut best: Option<Plan> = None;
    let n_dev = n_inst * hw.count;
    for tp in tp_choices(job, hw) {
        for pp in PP_CHOICES {
            let dp = n_dev / (tp * pp).max(1);
            for ep in EP_CHOICES.into_iter().filter(|&e| ep_divides(job, dp, e)) {
                for rc in RECOMPUTE {
                    search_mb(job, hw, a, n_inst, (tp, pp, ep), rc, &mut best);
                }
            }
        }
    }
    match a.end_to_end_train_mfu() {
        Some(mfu) => best.map(|p| at_mfu(p, job, hw, mfu)),
        None => best,
    }
}

/// Micro-batches in powers of two up to 16 for one set of degrees and recomputation, keeping the fastest
/// plan in `best`.
fn search_mb(
    job: &Job,
    hw: &Hardware,
    a: &Assumptions,
    n_inst: u32,
    mp: (u32, u32, u32),
    rc: Recompute,
    best: &mut Option<Plan>,
) {
    let mut mb = 1;
    while mb <= MAX_MICRO_BATCH {
        match evaluate(job, hw, a, n_inst, mp, mb, rc) {
            Some(p)
                if best
                    .as_ref()
                    .is_none_or(|b| p.seconds_per_token() < b.seconds_per_token() * 0.999) =>
            {
                *best = Some(p);
            }
            Some(_) => {}
            // A larger micro-batch needs more memory: stop at the first that does not fit.
            None if memory_gib(job, mp, 1, mb, rc, 1.0).3 > hw.usable_gib && mb > 1 => break,
            None => {}
        }
        mb *= 2;
    }
}

/// The plan timed at an end-to-end MFU given by an old link (`mfu` without `teff`): the step is the model
/// FLOPs over the peak at that MFU, split over the terms as the planner split it.
fn at_mfu(mut p: Plan, job: &Job, hw: &Hardware, mfu: f64) -> Plan {
    let devices = f64::from(p.instances * hw.count);
    let step = job.flops_per_token * p.tokens_per_step / (devices * hw.peak_flops * mfu);
    p.terms = p.terms.scaled(step / p.terms.step_s());
    p.parallelism.effective_mfu = mfu;
    p
}

/// Whether any plan fits on `n_inst` instances (memory only, the smallest micro-batch, full recomputation
/// and an MoE's largest expert-parallel degree).
pub fn fits(job: &Job, hw: &Hardware, n_inst: u32) -> bool {
    let n_dev = n_inst * hw.count;
    tp_choices(job, hw).any(|tp| {
        PP_CHOICES.iter().any(|&pp| {
            let dp = n_dev / (tp * pp);
            n_dev.is_multiple_of(tp * pp)
                && f64::from(pp) <= job.layers
                && memory_gib(job, (tp, pp, max_ep(job, dp)), dp, 1, Recompute::Full, 1.0).3 <= hw.usable_gib
        })
    })
}

/// The least each accelerator must hold whatever the instance count: weights over the largest TP·PP (an
/// MoE's experts over the largest EP), one micro-batch of activations with full recomputation, and the
/// overhead (GiB).
pub fn floor_gib(job: &Job, hw: &Hardware) -> f64 {
    let tp = tp_choices(job, hw).max().unwrap_or(1);
    let pp = PP_CHOICES.last().copied().unwrap_or(1).min(job.layers.max(1.0) as u32);
    let ep = max_ep(job, 1 << 20);
    memory_gib(job, (tp, pp, ep), u32::MAX, 1, Recompute::Full, 1.0).3
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Llama 3 405B's shape at 8K on 80 GB GPUs, TP 8 × PP 16 × DP 64 (Llama 3 paper, Table 4).
    fn job_405b() -> Job {
        let n = 405.8e9;
        Job {
            layers: 126.0,
            hidden: 16384.0,
            seq: 8192.0,
            flops_per_token: 6.0 * n,
            fwd_flops_per_token: 2.0 * n,
            attn_fwd_flops_per_token: 0.0,
            weight_bytes: n * 2.0,
            sharded_bytes: n * 14.0,
            sync_bytes: n * 2.0,
            dequant_bytes_per_pass: 0.0,
            act_bytes: 2.0,
            moe_bytes_per_token: 0.0,
            experts: 0,
            expert_share: 0.0,
            expert_flops_share: 0.0,
            dispatch_values_per_token: 0.0,
            seqs_per_replica: 32,
            global_batch: None,
            overhead_gib: 1.0,
            heads: 128,
            kv_heads: 8,
        }
    }

    /// A 280B MoE, 90 % of it in 64 routed experts, 4 layers (PP ≤ 4), negligible activations.
    fn moe_280b(experts: u32) -> Job {
        let n = 280e9;
        Job {
            layers: 4.0,
            hidden: 1000.0,
            seq: 1.0,
            weight_bytes: n * 2.0,
            sharded_bytes: n * 14.0,
            sync_bytes: n * 2.0,
            experts,
            expert_share: 0.9,
            heads: 0,
            kv_heads: 0,
            ..job_405b()
        }
    }

    #[test]
    fn expert_parallelism_shards_the_experts_weights_so_an_moe_fits_on_fewer_devices() {
        let job = moe_280b(64);
        // EP 4: each accelerator holds the dense 10 % whole and a quarter of the experts: 0.1 + 0.9/4.
        let one = memory_gib(&job, (8, 4, 1), 8, 1, Recompute::Full, 1.0);
        let four = memory_gib(&job, (8, 4, 4), 8, 1, Recompute::Full, 1.0);
        assert!((four.0 / one.0 - 0.325).abs() < 1e-12, "{} {}", one.0, four.0);
        assert_eq!(
            four.1, one.1,
            "gradients and optimizer states stay sharded over all tp·pp·dp"
        );
        // On 8 instances of 8 × 72 GiB: TP 8 × PP 4 × DP 2 holds 2·N/32 + 14·N/64 = 73.3 GiB of weights and
        // states without EP; EP 2 halves the experts' weights (66.0 GiB): it fits.
        let hw = Hardware {
            usable_gib: 72.0,
            domain: 8,
            count: 8,
            ..Hardware {
                peak_flops: 1e15,
                kernel_eff: 0.5,
                usable_gib: 0.0,
                mem_bw_bytes_s: 3e12,
                link_bytes_s: 4.5e11,
                domain: 0,
                count: 0,
                net_bytes_s: 5e10,
            }
        };
        assert!(
            !fits(&moe_280b(0), &hw, 8),
            "without expert parallelism (experts unknown)"
        );
        assert!(fits(&job, &hw, 8));
        assert!(floor_gib(&job, &hw) < floor_gib(&moe_280b(0), &hw));
    }

    #[test]
    fn only_as_many_layers_as_memory_needs_are_recomputed_in_full() {
        let job = job_405b();
        let usable = 80.0 * 0.9;
        // Selective alone: 34·s·h·2 B × 126 layers / 8 = 71.9 GiB of activations plus 7.1 GiB of weights
        // and states: over 72 GiB. Recomputing k of the stage's 7 layers in full saves 32/34 of theirs.
        assert!(memory_gib(&job, (8, 16, 1), 64, 1, Recompute::Selective, 0.0).3 > usable);
        let share = full_share_needed(&job, usable, (8, 16, 1), 64, 1).unwrap_or(0.0);
        let k = (share * 7.0).round();
        assert!((share * 7.0 - k).abs() < 1e-9 && (1.0..7.0).contains(&k), "{share}");
        assert!(memory_gib(&job, (8, 16, 1), 64, 1, Recompute::Full, k / 7.0).3 <= usable);
        assert!(memory_gib(&job, (8, 16, 1), 64, 1, Recompute::Full, (k - 1.0) / 7.0).3 > usable);
        // Where selective fits, no layer is recomputed in full; where not even all layers fit, none helps.
        assert_eq!(full_share_needed(&job, 1000.0, (8, 16, 1), 64, 1), None);
        assert_eq!(full_share_needed(&job, 10.0, (8, 16, 1), 64, 1), None);
    }
}
