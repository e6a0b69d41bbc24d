//! Serving: replicas of a tensor-parallel group; the planner picks the group size (TP), the sequences each
//! replica serves and how many replicas, from memory, per-sequence speed and the throughput target.
//!
//! A replica is a TP group inside one instance's fast domain (NVLink/NVSwitch, NeuronLink, or PCIe on G
//! types). Only when the weights do not fit one whole instance does a replica span instances, as pipeline
//! stages over EFA: that adds memory, not per-sequence speed (each token still passes every stage in turn).
//! More concurrent sequences than one replica holds become more replicas, never a bigger group.

mod packing;
mod replica;

use super::Sized;
use crate::catalog::{Accelerator, Instance};
use crate::engine::eligibility::multinode_ok;
use crate::engine::memory::{self, GIB};
use crate::engine::outcome::{Exclusion, Figure, MemoryNeed, Parallelism, Recompute, Why};
use crate::engine::perf::{self, DecodeEstimate, FirstToken};
use crate::models::ModelArch;
use crate::scenario::{Assumptions, Precision, Scenario, ServingMode};
use packing::choose;
use replica::PlanCtx;

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
        link,
        bw_bytes_s: bw * 1e9 * inst.fraction,
        peak_flops: speed_peak_tflops(acc, scenario.precision, a).map(|p| p * 1e12 * inst.fraction),
        kv_bytes_seq: kv_seq_gib * GIB,
        prefill_flops: prefill_tflops(acc, scenario.precision, a).map(|p| p * 1e12 * inst.fraction),
        neuron: acc.stack == crate::catalog::Stack::Neuron,
        draft: memory::draft_shape(scenario, arch),
    };
    let (plans, tp) = search_plans(&ctx, inst, &fit, &too_small)?;
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
    let replica_need = MemoryNeed {
        kv_cache_gib: kv_seq_gib * memory::kv_copies(arch, plan.tp) * f64::from(plan.seqs_per_replica),
        draft_kv_gib: draft_kv_seq_gib * f64::from(plan.seqs_per_replica),
        ..need
    };
    let short_of_target = explain_plan(&ctx, inst, &plan, &replica_need, reasons);
    Ok((
        sized_for_plan(&ctx, inst, &plan, peak, replica_need, short_of_target),
        plan,
    ))
}

/// The plans of every tensor-parallel degree inside the fast domain, each with the most sequences a
/// replica of it holds (`fit`); when none holds the weights in one instance, the fewest pipeline stages
/// over EFA that hold a sequence. Also the largest degree tried, which the fallback exclusion is sized by.
fn search_plans(
    ctx: &PlanCtx<'_>,
    inst: &Instance,
    fit: &impl Fn(u32, u32) -> Option<u32>,
    too_small: &impl Fn(u32) -> Exclusion,
) -> Result<(Vec<ServingPlan>, u32), Exclusion> {
    let (scenario, arch, count) = (ctx.scenario, ctx.arch, ctx.count);
    // GPUs take only degrees that split the heads (vLLM refuses others; an estimated shape has no such
    // rule); Neuron's NxD pads them.
    let degrees: Vec<u32> = tp_degrees(count, ctx.link.domain)
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
    Ok((plans, tp))
}

/// The reasons that describe the chosen plan: its fit first, then its layout, how its users are spread
/// or packed, a speed below reading, and its replicas. Whether the plan is short of the reading speed, the
/// figure its `Why::BelowReadingSpeed` states.
fn explain_plan(
    ctx: &PlanCtx<'_>,
    inst: &Instance,
    plan: &ServingPlan,
    replica_need: &MemoryNeed,
    reasons: &mut Vec<Why>,
) -> bool {
    let scenario = ctx.scenario;
    let devices = plan.tp * plan.pp;
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
        link: ctx.link.name.clone(),
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
    let short_of_target = scenario.serving == ServingMode::Online && plan.estimate.tokens_per_s_per_seq < readable;
    if short_of_target {
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
    short_of_target
}

/// The chosen plan as the fleet's figures: its parallelism, a batch job's hours, the memory of its
/// replicas, its speeds and its unit of capacity.
fn sized_for_plan(
    ctx: &PlanCtx<'_>,
    inst: &Instance,
    plan: &ServingPlan,
    peak: Option<f64>,
    replica_need: MemoryNeed,
    short_of_target: bool,
) -> Sized {
    let (scenario, arch, count) = (ctx.scenario, ctx.arch, ctx.count);
    let devices = plan.tp * plan.pp;
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
        effective_mfu: effective_mfu(arch, plan, peak, inst, count),
    };
    // A batch job runs until its tokens are generated: its hours on this fleet, and the devices' hours.
    let job_hours = scenario
        .batch_job()
        .then(|| scenario.job_output_tokens() / plan.fleet_tokens_per_s().max(1e-9) / 3600.0);
    Sized {
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
        serving_unit: Some(ctx.unit(plan)),
        short_of_target,
        ..Sized::default()
    }
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
