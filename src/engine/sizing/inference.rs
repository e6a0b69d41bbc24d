//! Serving: replicas of a tensor-parallel group; the planner picks the group size (TP), the sequences each
//! replica serves and how many replicas, from memory, per-sequence speed and the throughput target.
//!
//! A replica is a TP group inside one instance's fast domain (NVLink/NVSwitch, NeuronLink, or PCIe on G
//! types). Only when the weights do not fit one whole instance does a replica span instances, as pipeline
//! stages over EFA: that adds memory, not per-sequence speed (each token still passes every stage in turn).
//! More concurrent sequences than one replica holds become more replicas, never a bigger group.

use super::{ceil_div, Sized};
use crate::catalog::{Accelerator, Instance};
use crate::engine::eligibility::{fleet, multinode_ok};
use crate::engine::memory::{self, GIB};
use crate::engine::outcome::{
    DecodeLatency, Exclusion, Figure, MemoryNeed, Parallelism, Recompute, ServingLoad, ServingUnit, Why,
};
use crate::engine::perf::{self, DecodeEstimate, DecodeInputs, FirstToken};
use crate::models::ModelArch;
use crate::num::Within;
use crate::scenario::{Assumptions, Precision, Priority, Scenario, ServingMode};

/// The default least readable speed (`scenario::READABLE_TOKENS_PER_S`, its source there); the engine reads
/// the scenario's `assumptions.readable_tokens_per_s`.
pub use crate::scenario::READABLE_TOKENS_PER_S;

/// Host RAM an instance keeps for the OS and the serving runtime besides the weights it loads (assumption).
pub const HOST_RAM_RESERVE_GIB: f64 = 4.0;

/// The most instances one pipelined replica may span.
const MAX_STAGES: u32 = 64;

/// How the accelerators of one instance reach each other, as the planner needs it.
#[derive(Clone, Debug, PartialEq)]
pub(in crate::engine) struct LinkView {
    /// Shown name ("NVLink 3 (NVSwitch)", "PCIe Gen4 x16").
    pub name: String,
    /// Accelerators in one fast domain (TP stays inside it).
    pub domain: u32,
    /// Bandwidth per accelerator, one direction, GB/s.
    pub link_gbs: f64,
    /// The catalog's kind of link: NVSwitch makes an all-reduce one-shot, the others are rings.
    pub kind: crate::catalog::Interconnect,
}

/// One way to serve the scenario on one instance type.
#[derive(Clone, Debug, PartialEq)]
pub(in crate::engine) struct ServingPlan {
    pub tp: u32,
    /// Instances one replica spans as pipeline stages (1 = inside one instance).
    pub pp: u32,
    /// Replicas the demand needs (the users, or the throughput target).
    pub replicas: u32,
    /// Sequences on the busiest replica (what `estimate` is at), and the most one replica could hold.
    pub seqs_per_replica: u32,
    pub max_seqs_per_replica: u32,
    pub n_instances: u32,
    /// Replicas the paid instances host: the users are spread over all of them.
    pub hosted: u32,
    /// Concurrent sequences the fleet serves: the stated users, or with a throughput target every hosted
    /// replica packed to `seqs_per_replica`.
    pub users: u32,
    /// The load per replica was chosen for a throughput target (packed), not the users' spread.
    pub packed: bool,
    /// One replica at `seqs_per_replica` sequences.
    pub estimate: DecodeEstimate,
}

impl ServingPlan {
    /// Output tokens/s the fleet's users generate: each at the busiest replica's per-sequence speed.
    fn fleet_tokens_per_s(&self) -> f64 {
        f64::from(self.users) * self.estimate.tokens_per_s_per_seq
    }

    /// Time to first token on the busiest replica (`first_token`).
    fn first_token(&self, output_tokens: u32) -> Option<FirstToken> {
        first_token(&self.estimate, output_tokens, self.seqs_per_replica)
    }
}

/// Time to first token of a replica's estimate at `seqs` sequences: its prefill and the wait for the
/// prefill slot, each request lasting `out / speed` (`perf::first_token`). `None` without a compute figure.
fn first_token(e: &DecodeEstimate, output_tokens: u32, seqs: u32) -> Option<FirstToken> {
    let request_s = if output_tokens > 0 {
        f64::from(output_tokens) / e.tokens_per_s_per_seq.max(1e-12)
    } else {
        0.0
    };
    Some(perf::first_token(e.prefill_s?, e.prefill_marginal_s?, seqs, request_s))
}

pub(in crate::engine) fn size_inference(
    scenario: &Scenario,
    arch: &ModelArch,
    inst: &Instance,
    acc: &Accelerator,
    count: u32,
    link: LinkView,
    reasons: &mut Vec<Why>,
) -> Result<(Sized, ServingPlan), Exclusion> {
    let a = &scenario.assumptions;
    let batch = scenario.batch.max(1);
    let need = memory::model_memory(scenario, arch, a);
    let kv_seq_gib = need.kv_cache_gib / f64::from(batch);
    // A speculative draft's KV cache grows with the sequences like the target's.
    let draft_kv_seq_gib = need.draft_kv_gib / f64::from(batch);
    let usable = inst.accel_mem_gib * a.mem_usable;
    let bw = acc.mem_bw_gbs.ok_or(Exclusion::MissingFigure {
        what: Figure::MemoryBandwidth,
    })?;
    let peak = serving_peak_tflops(acc, scenario.precision, a);
    // A replica of TP degree `tp` over `devices` accelerators: its KV cache copied where heads are fewer.
    let fit = |tp: u32, devices: u32| {
        let kv = kv_seq_gib * memory::kv_copies(arch, tp) + draft_kv_seq_gib;
        max_seqs(&need, kv, usable, devices)
    };
    let too_small = |devices: u32| Exclusion::TooSmall {
        needed_gib: need.total_gib(f64::from(devices.max(1))),
        available_gib: inst.accel_mem_gib * f64::from(devices.max(1)),
    };
    let ctx = PlanCtx {
        scenario,
        arch,
        count,
        link: link.clone(),
        bw_bytes_s: bw * 1e9 * inst.fraction,
        peak_flops: speed_peak_tflops(acc, scenario.precision, a).map(|p| p * 1e12 * inst.fraction),
        kv_bytes_seq: kv_seq_gib * GIB,
        prefill_flops: prefill_tflops(acc, scenario.precision, a).map(|p| p * 1e12 * inst.fraction),
        neuron: acc.stack == crate::catalog::Stack::Neuron,
        draft: memory::draft_shape(scenario, arch),
    };
    // GPUs take only degrees that split the heads (vLLM refuses others; an estimated shape has no such
    // rule); Neuron's NxD pads them.
    let degrees: Vec<u32> = tp_degrees(count, link.domain)
        .into_iter()
        .filter(|t| {
            ctx.neuron || arch.estimated || crate::engine::parallel::tp_splits_heads(arch.heads, arch.kv_heads, *t)
        })
        .collect();
    let mut plans = Vec::new();
    for tp in degrees.iter().copied() {
        if let Some(max) = fit(tp, tp) {
            ctx.plans_for(tp, 1, max, &mut plans);
        }
    }
    let tp = degrees.last().copied().unwrap_or(1);
    if plans.is_empty() && fit(tp, count).is_none() {
        // The weights do not fit one instance: pipeline stages over EFA, the fewest that hold a sequence.
        let stages = (2..=MAX_STAGES)
            .find(|k| fit(tp, count * k).is_some())
            .ok_or(too_small(count))?;
        multinode_ok(scenario, inst, stages).map_err(|e| match e {
            Exclusion::NeedsMultinode { .. } => too_small(count),
            other => other,
        })?;
        if let Some(max) = fit(tp, count * stages) {
            ctx.plans_for(tp, stages, max, &mut plans);
        }
    }
    if peak.is_none() {
        reasons.push(Why::NoComputeCap);
    }
    let fallback = match fit(tp, count) {
        Some(_) => Exclusion::TooMany {
            instances: crate::engine::eligibility::MAX_INSTANCES + 1,
        },
        None => too_small(count),
    };
    let plan = choose(plans, scenario, fallback)?;
    if acc.stack == crate::catalog::Stack::Neuron {
        check_host_ram(inst, &need, plan.pp)?;
    }
    let devices = plan.tp * plan.pp;
    let replica_need = MemoryNeed {
        kv_cache_gib: kv_seq_gib * memory::kv_copies(arch, plan.tp) * f64::from(plan.seqs_per_replica),
        draft_kv_gib: draft_kv_seq_gib * f64::from(plan.seqs_per_replica),
        ..need
    };
    reasons.insert(
        0,
        Why::Fits {
            needed_gib: replica_need.total_gib(f64::from(devices)),
            available_gib: f64::from(devices) * inst.accel_mem_gib,
            devices,
        },
    );
    reasons.push(Why::ServingPlan {
        tp: plan.tp,
        pp: plan.pp,
        replicas: plan.hosted,
        link: link.name.clone(),
        tokens_per_s_per_seq: plan.estimate.tokens_per_s_per_seq,
        comm_share: plan.estimate.comm_share,
    });
    if plan.packed {
        reasons.push(Why::PackedForTarget {
            per_replica: plan.seqs_per_replica,
            max_fit: plan.max_seqs_per_replica,
            by_seq_target: plan.seqs_per_replica < plan.max_seqs_per_replica && scenario.seq_tps > 0.0,
            replicas: plan.hosted,
        });
    } else if plan.hosted > 1 {
        reasons.push(Why::SequencesPerReplica {
            max_fit: plan.max_seqs_per_replica,
            per_replica: plan.seqs_per_replica,
            replicas: plan.hosted,
            users: plan.users,
        });
    }
    let readable = scenario.assumptions.readable_tokens_per_s;
    if scenario.serving == ServingMode::Online && plan.estimate.tokens_per_s_per_seq < readable {
        reasons.push(Why::BelowReadingSpeed {
            tokens_per_s_per_seq: plan.estimate.tokens_per_s_per_seq,
            readable_tokens_per_s: readable,
        });
    }
    if plan.hosted > 1 {
        reasons.push(Why::Replicas {
            replicas: plan.hosted,
            tokens_per_s_each: plan.estimate.tokens_per_s,
        });
    }
    let parallelism = Parallelism {
        tp: plan.tp,
        pp: plan.pp,
        ep: 1,
        dp: plan.hosted,
        micro_batch: plan.seqs_per_replica,
        grad_accum: 1,
        recompute: Recompute::None,
        recompute_layers: None,
        stage_layers: arch.layers / plan.pp.max(1),
        comm_share: plan.estimate.comm_share,
        effective_mfu: effective_mfu(arch, &plan, peak, inst, count),
    };
    // A batch job runs until its tokens are generated: its hours on this fleet, and the devices' hours.
    let job_hours = scenario
        .batch_job()
        .then(|| scenario.job_output_tokens() / plan.fleet_tokens_per_s().max(1e-9) / 3600.0);
    let sized = Sized {
        n_instances: plan.n_instances,
        job_hours,
        gpu_hours: job_hours.map(|h| h * f64::from(plan.n_instances) * f64::from(count)),
        devices_per_replica: devices,
        mem_needed_gib: replica_need.total_gib(f64::from(devices)) * f64::from(plan.hosted),
        memory: replica_need,
        tokens_per_s: Some(plan.fleet_tokens_per_s()),
        tokens_per_s_per_seq: Some(plan.estimate.tokens_per_s_per_seq),
        prefill_s: plan.estimate.prefill_s,
        prefill_marginal_s: plan.estimate.prefill_marginal_s,
        first_token: plan.first_token(scenario.output_tokens),
        decode_latency: Some(ctx.latency()),
        speculation: plan.estimate.speculation,
        parallelism: Some(parallelism),
        serving_unit: Some(ctx.unit(&plan)),
    };
    Ok((sized, plan))
}

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

/// The compute peak serving runs at: the catalog's, else (for 16-bit compute, which INT8 and INT4
/// weights also use without a published integer rate, and FP8 where the chip has it) the labelled
/// assumption training uses.
fn serving_peak_tflops(acc: &Accelerator, precision: Precision, a: &Assumptions) -> Option<f64> {
    // Neuron's serving stacks store INT8 weights and multiply in BF16 (the Neuron performance tables:
    // "Weight Storage Data Type int8", "Matmult-BF16").
    let precision = match precision {
        Precision::Int8 if acc.stack == crate::catalog::Stack::Neuron => Precision::Bf16,
        p => p,
    };
    perf::peak(acc, precision).tflops().or(match precision {
        // FP8 on a chip that has it but no published figure (RTX PRO 6000): the 16-bit assumption at the
        // FP8 speed-up, as training runs it.
        Precision::Fp8 if acc.generation.fp8() => super::training::training_peak_tflops(acc, precision, a),
        Precision::Fp8 | Precision::Fp32 => None,
        _ => super::training::assumed_tflops(acc, a),
    })
}

/// The rate a prompt's prefill runs at, TFLOPS: on a GPU, `prefill_mfu` of the end-to-end peak
/// (`speed_peak_tflops`); on Neuron, `neuron_mfu` of the precision's peak. `None` without a compute figure.
fn prefill_tflops(acc: &Accelerator, precision: Precision, a: &Assumptions) -> Option<f64> {
    let neuron = acc.stack == crate::catalog::Stack::Neuron;
    let share = if neuron { a.neuron_mfu } else { a.prefill_mfu };
    Some(speed_peak_tflops(acc, precision, a)? * share)
}

/// The peak a serving step's matrix math runs at end to end, TFLOPS, what prefill and the decode compute
/// cap take their share of: on a GPU the 16-bit peak, at most `fp8_speedup` times it in FP8/INT8 and
/// `fp4_speedup` in FP4 (attention, norms and the activations' quantization stay in 8/16-bit), never above
/// the precision's own peak; on Neuron the precision's peak. `None` without a compute figure.
fn speed_peak_tflops(acc: &Accelerator, precision: Precision, a: &Assumptions) -> Option<f64> {
    let peak = serving_peak_tflops(acc, precision, a)?;
    if acc.stack == crate::catalog::Stack::Neuron {
        return Some(peak);
    }
    let p16 = serving_peak_tflops(acc, Precision::Bf16, a).unwrap_or(peak);
    let speedup = match precision {
        Precision::Fp4 => a.fp4_speedup,
        _ => a.fp8_speedup,
    };
    Some(peak.min(p16 * speedup.max(1.0)))
}

/// Model FLOPs the fleet delivers at full load (2 per active parameter per token) over the peak of every
/// accelerator paid for; 0 without a compute figure.
fn effective_mfu(arch: &ModelArch, plan: &ServingPlan, peak_tflops: Option<f64>, inst: &Instance, count: u32) -> f64 {
    let Some(p) = peak_tflops else {
        return 0.0;
    };
    let paid = p * 1e12 * inst.fraction * f64::from(count) * f64::from(plan.n_instances);
    let delivered = 2.0 * arch.active_params * plan.fleet_tokens_per_s();
    (delivered / paid.max(1.0)).min(1.0)
}

/// Decode and prefill of one replica of `tp` accelerators serving `seqs` sequences: what the planner compares,
/// for tests that hold it against published runs with their stated setup.
pub(in crate::engine) fn replica_estimate(
    scenario: &Scenario,
    arch: &ModelArch,
    inst: &Instance,
    acc: &Accelerator,
    link: LinkView,
    tp: u32,
    seqs: u32,
) -> Option<DecodeEstimate> {
    let s = Scenario {
        batch: seqs.max(1),
        ..scenario.clone()
    };
    let need = memory::model_memory(&s, arch, &s.assumptions);
    let ctx = PlanCtx {
        scenario: &s,
        arch,
        count: tp,
        link,
        bw_bytes_s: acc.mem_bw_gbs? * 1e9 * inst.fraction,
        peak_flops: speed_peak_tflops(acc, s.precision, &s.assumptions).map(|p| p * 1e12 * inst.fraction),
        kv_bytes_seq: need.kv_cache_gib * GIB / f64::from(seqs.max(1)),
        prefill_flops: prefill_tflops(acc, s.precision, &s.assumptions).map(|p| p * 1e12 * inst.fraction),
        neuron: acc.stack == crate::catalog::Stack::Neuron,
        draft: memory::draft_shape(&s, arch),
    };
    Some(ctx.estimate(tp, seqs.max(1)))
}

/// Every group shape one instance builds for the scenario: each tensor-parallel degree the planner tries
/// inside the fast domain with the most sequences a replica of it holds (shapes that hold none left out).
pub(in crate::engine) fn layouts(
    scenario: &Scenario,
    arch: &ModelArch,
    inst: &Instance,
    count: u32,
    link: &LinkView,
) -> Vec<(u32, u32)> {
    let batch = scenario.batch.max(1);
    let need = memory::model_memory(scenario, arch, &scenario.assumptions);
    let kv_seq_gib = need.kv_cache_gib / f64::from(batch);
    let usable = inst.accel_mem_gib * scenario.assumptions.mem_usable;
    tp_degrees(count, link.domain)
        .into_iter()
        .filter_map(|tp| max_seqs(&need, kv_seq_gib * memory::kv_copies(arch, tp), usable, tp).map(|m| (tp, m)))
        .collect()
}

/// Tensor-parallel degrees to try inside one instance: powers of two up to the fast domain, and the whole
/// domain when it is not a power of two (Neuron pads attention heads to 12 or 24 cores).
fn tp_degrees(count: u32, domain: u32) -> Vec<u32> {
    let top = domain.clamp(1, count.max(1));
    let mut out = Vec::new();
    let mut t = 1;
    while t <= top {
        out.push(t);
        t *= 2;
    }
    if !top.is_power_of_two() {
        out.push(top);
    }
    out
}

/// The most sequences a replica over `devices` accelerators holds, `None` if not even one.
fn max_seqs(need: &MemoryNeed, kv_seq_gib: f64, usable_gib: f64, devices: u32) -> Option<u32> {
    let d = f64::from(devices);
    let room = (usable_gib - need.per_device_gib()) * d - need.weights_gib - need.draft_gib;
    if room <= 0.0 || (kv_seq_gib > 0.0 && room < kv_seq_gib) {
        return None;
    }
    Some(if kv_seq_gib > 0.0 {
        (room / kv_seq_gib).floor().min(1e6) as u32
    } else {
        1_000_000
    })
}

/// What every plan of one instance type shares.
struct PlanCtx<'a> {
    scenario: &'a Scenario,
    arch: &'a ModelArch,
    count: u32,
    link: LinkView,
    /// One accelerator (or slice), bytes/s and FLOP/s.
    bw_bytes_s: f64,
    peak_flops: Option<f64>,
    kv_bytes_seq: f64,
    /// One accelerator's prefill rate, FLOP/s (peak × the family's prefill efficiency).
    prefill_flops: Option<f64>,
    /// Neuron (Trainium, Inferentia2): its own efficiency, hop latency and step time.
    neuron: bool,
    /// Speculative decoding's draft, `None` without speculation.
    draft: Option<memory::DraftShape>,
}

impl PlanCtx<'_> {
    /// The fixed latency terms of a decode step: the all-reduce's per link kind (`AllReduceLatency::for_link`:
    /// one-shot `nvsar` on NVSwitch, else `arlat` and a hop, Neuron's own `nhop`) and the step time (`nstepms`
    /// on Neuron, else `stepms`).
    fn latency(&self) -> DecodeLatency {
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
    fn estimate(&self, tp: u32, seqs: u32) -> DecodeEstimate {
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

    /// The chosen plan's unit of capacity: the most sequences a replica of its shape serves at the
    /// per-sequence target (online, at least the readable speed; speed falls as sequences are added), from
    /// the plan's load up to what memory holds; `prio=perf` keeps the plan's own, its speed being the point.
    /// With it, the room the paid replicas leave beyond the users and the speed each user would then get.
    fn unit(&self, p: &ServingPlan) -> ServingUnit {
        let s = self.scenario;
        let load = p.seqs_per_replica.max(1);
        let per = if s.priority == Priority::Performance {
            load
        } else {
            // Online, a replica's capacity (what a growing or bursting fleet is sized by) and the room count
            // only users who would still read at a readable speed (`readtps`): a fleet that grows by packing
            // users to memory would sell them below it (expert review Q4: 8.45 tokens/s at month 23).
            let readable = if s.serving == ServingMode::Online {
                s.assumptions.readable_tokens_per_s
            } else {
                0.0
            };
            self.most_meeting(p.tp, load, p.max_seqs_per_replica, readable)
        };
        let room_tokens_per_s_per_seq = self.estimate(p.tp, per).tokens_per_s_per_seq;
        let unreadable =
            s.serving == ServingMode::Online && room_tokens_per_s_per_seq < s.assumptions.readable_tokens_per_s;
        let capacity = u64::from(p.hosted) * u64::from(per);
        let room_users = if unreadable {
            0
        } else {
            capacity.saturating_sub(u64::from(p.users)).min(u64::from(u32::MAX)) as u32
        };
        ServingUnit {
            tp: p.tp,
            seqs_per_replica: per,
            replicas_per_instance: if p.pp > 1 { 1 } else { (self.count / p.tp).max(1) },
            instances_per_replica: p.pp.max(1),
            load: ServingLoad {
                replicas: p.hosted,
                users: p.users,
                users_per_replica: p.seqs_per_replica,
                room_users,
                room_tokens_per_s_per_seq,
            },
        }
    }

    /// The most sequences in `lo..=hi` a replica of `tp` serves with each still at the per-sequence
    /// target (and at least `floor_tps`) and within the time-to-first-token target (`hi` without either;
    /// `lo` when even that misses): a binary search, speed falling and the wait growing with load.
    fn most_meeting(&self, tp: u32, lo: u32, hi: u32, floor_tps: f64) -> u32 {
        let s = self.scenario;
        let least = s.seq_tps.max(floor_tps);
        let meets = |n: u32| {
            if least <= 0.0 && s.ttft_s <= 0.0 {
                return true;
            }
            let e = self.estimate(tp, n);
            let fast = least <= 0.0 || e.tokens_per_s_per_seq >= least;
            let first = s.ttft_s <= 0.0 || first_token(&e, s.output_tokens, n).is_none_or(|f| f.ttft_s <= s.ttft_s);
            fast && first
        };
        let (mut lo, mut hi) = (lo.max(1), hi.max(lo.max(1)));
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if meets(mid) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }

    /// Plans for one group shape. Online: the most sequences per replica that fit, and (with a
    /// per-sequence target) fewer, halving, down to one; the instances those replicas need; then the users
    /// spread over every replica the instances host, each replica estimated at its load. With a throughput
    /// target: one plan, each replica packed to the most sequences memory holds (or that meet the
    /// per-sequence target), replicas enough for the target and the users.
    fn plans_for(&self, tp: u32, pp: u32, max: u32, out: &mut Vec<ServingPlan>) {
        let s = self.scenario;
        let batch = s.batch.max(1);
        let per_instance = if pp > 1 { 1 } else { (self.count / tp).max(1) };
        let instances_for = |replicas: u32| {
            let n = if pp > 1 {
                u64::from(replicas) * u64::from(pp)
            } else {
                u64::from(ceil_div(replicas, per_instance))
            };
            fleet(n).ok().map(|n_instances| {
                let hosted = if pp > 1 { replicas } else { n_instances * per_instance };
                (n_instances, hosted)
            })
        };
        let target_tps = s.fleet_target_tps();
        if target_tps > 0.0 {
            let load = self.most_meeting(tp, 1, max, 0.0);
            let estimate = self.estimate(tp, load);
            let by_tps = (target_tps / estimate.tokens_per_s.max(1e-9)).ceil().within(1.0, 1e6) as u32;
            let replicas = ceil_div(batch, load).max(by_tps);
            if let Some((n_instances, hosted)) = instances_for(replicas) {
                out.push(ServingPlan {
                    tp,
                    pp,
                    replicas,
                    seqs_per_replica: load,
                    max_seqs_per_replica: max,
                    n_instances,
                    hosted,
                    users: hosted.saturating_mul(load),
                    packed: true,
                    estimate,
                });
            }
            return;
        }
        let mut cap = max.min(batch).max(1);
        loop {
            let replicas = ceil_div(batch, cap);
            if let Some((n_instances, hosted)) = instances_for(replicas) {
                let load = ceil_div(batch, hosted.max(1));
                out.push(ServingPlan {
                    tp,
                    pp,
                    replicas,
                    seqs_per_replica: load,
                    max_seqs_per_replica: max,
                    n_instances,
                    hosted,
                    users: batch,
                    packed: false,
                    estimate: self.estimate(tp, load),
                });
            }
            if (s.seq_tps <= 0.0 && s.ttft_s <= 0.0) || cap == 1 {
                break;
            }
            cap /= 2;
        }
    }
}

/// The plan to recommend: among those meeting the per-sequence target, the fastest per sequence for
/// `prio=perf`; otherwise the fewest instances, then the most throughput they host, then the fastest.
fn choose(plans: Vec<ServingPlan>, scenario: &Scenario, fallback: Exclusion) -> Result<ServingPlan, Exclusion> {
    let target = scenario.seq_tps;
    let best_speed = plans
        .iter()
        .map(|p| p.estimate.tokens_per_s_per_seq)
        .fold(0.0, f64::max);
    let ok: Vec<ServingPlan> = plans
        .into_iter()
        .filter(|p| target <= 0.0 || p.estimate.tokens_per_s_per_seq >= target)
        .collect();
    if ok.is_empty() {
        return Err(if target > 0.0 && best_speed > 0.0 {
            Exclusion::TooSlowPerSequence {
                best_tokens_per_s: best_speed,
                target,
            }
        } else {
            fallback
        });
    }
    // The time-to-first-token target, among the plans fast enough: the least it reaches when none is.
    let ttft = |p: &ServingPlan| p.first_token(scenario.output_tokens).map(|f| f.ttft_s);
    let best_ttft = ok.iter().filter_map(ttft).reduce(f64::min);
    let mut ok = ok;
    ok.retain(|p| scenario.ttft_s <= 0.0 || ttft(p).is_some_and(|t| t <= scenario.ttft_s));
    if ok.is_empty() {
        return Err(Exclusion::SlowFirstToken {
            best_s: best_ttft,
            target_s: scenario.ttft_s,
        });
    }
    let speed = |p: &ServingPlan| p.estimate.tokens_per_s_per_seq;
    let hosted = |p: &ServingPlan| p.fleet_tokens_per_s() / f64::from(p.n_instances.max(1));
    let better = |a: &ServingPlan, b: &ServingPlan| -> bool {
        if scenario.priority == Priority::Performance {
            if speed(a) != speed(b) {
                return speed(a) > speed(b);
            }
            return a.n_instances < b.n_instances;
        }
        if a.n_instances != b.n_instances {
            return a.n_instances < b.n_instances;
        }
        if hosted(a) != hosted(b) {
            return hosted(a) > hosted(b);
        }
        speed(a) > speed(b)
    };
    let mut it = ok.into_iter();
    let mut best = it.next().ok_or(fallback)?;
    for p in it {
        if better(&p, &best) {
            best = p;
        }
    }
    Ok(best)
}

/// Neuron loads and shards the checkpoint in host memory before it reaches the devices, so host RAM must
/// hold the weights one instance loads (its pipeline stage's share) plus `HOST_RAM_RESERVE_GIB` for the OS
/// and runtime, where the catalog gives the RAM. CUDA engines stream safetensors shards to the GPU, so the
/// check is not applied to them.
fn check_host_ram(inst: &Instance, need: &MemoryNeed, pp: u32) -> Result<(), Exclusion> {
    let Some(ram_gib) = inst.ram_gib else {
        return Ok(());
    };
    let needed_gib = need.weights_gib / f64::from(pp.max(1)) + HOST_RAM_RESERVE_GIB;
    if ram_gib < needed_gib {
        return Err(Exclusion::HostRamTooSmall { needed_gib, ram_gib });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tp_degrees_stay_inside_the_domain() {
        assert_eq!(tp_degrees(8, 8), vec![1, 2, 4, 8]);
        assert_eq!(tp_degrees(12, 12), vec![1, 2, 4, 8, 12]);
        assert_eq!(tp_degrees(1, 1), vec![1]);
        assert_eq!(tp_degrees(8, 4), vec![1, 2, 4]);
    }

    #[test]
    fn max_seqs_names_the_largest_count_that_fits() {
        let need = MemoryNeed {
            weights_gib: 13.0,
            overhead_gib: 1.0,
            ..MemoryNeed::default()
        };
        // 21.6 usable − 1 overhead − 13 weights = 7.6 GiB → 7 sequences of 1 GiB.
        assert_eq!(max_seqs(&need, 1.0, 21.6, 1), Some(7));
        assert_eq!(max_seqs(&need, 1.0, 14.5, 1), None);
        assert_eq!(max_seqs(&need, 1.0, 14.5, 2), Some(14));
    }
}
