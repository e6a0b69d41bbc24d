//! Serving: tensor-parallel degree from memory, replicas from the throughput target, decode and prefill speed.

use super::{ceil_div, Sized};
use crate::catalog::{Accelerator, Instance};
use crate::engine::eligibility::{fleet, multinode_ok};
use crate::engine::memory::{self, GIB};
use crate::engine::outcome::{Exclusion, Figure, Why};
use crate::engine::perf::{self, DecodeInputs};
use crate::models::ModelArch;
use crate::scenario::Scenario;

pub(in crate::engine) fn size_inference(
    scenario: &Scenario,
    arch: &ModelArch,
    inst: &Instance,
    acc: &Accelerator,
    count: u32,
    reasons: &mut Vec<Why>,
) -> Result<Sized, Exclusion> {
    let a = &scenario.assumptions;
    let need = memory::model_memory(scenario, arch, a);
    let usable = inst.accel_mem_gib * a.mem_usable;
    let too_small = || Exclusion::TooSmall {
        needed_gib: need.total_gib(1.0),
        available_gib: inst.accel_mem_gib * f64::from(count),
    };
    let min_dev = need.min_devices(usable).ok_or_else(too_small)?;
    // Tensor parallelism in powers of two (head counts divide evenly).
    let tp = min_dev.next_power_of_two();
    let per_replica_instances = ceil_div(tp, count);
    if per_replica_instances > 1 {
        multinode_ok(scenario, inst, per_replica_instances).map_err(|e| match e {
            Exclusion::NeedsMultinode { .. } => too_small(),
            other => other,
        })?;
        reasons.push(Why::MultiNode {
            instances: per_replica_instances,
        });
    }
    let replicas_per_instance = if tp <= count { count / tp } else { 1 };
    let bw = acc.mem_bw_gbs.ok_or(Exclusion::MissingFigure {
        what: Figure::MemoryBandwidth,
    })?;
    let peak = perf::peak(acc, scenario.precision).tflops();
    if peak.is_none() {
        reasons.push(Why::NoComputeCap);
    }
    let devices = f64::from(tp) * inst.fraction;
    let estimate = perf::decode(&DecodeInputs {
        active_params: arch.active_params,
        weight_bytes: scenario.precision.weight_bytes(),
        kv_bytes_per_seq: need.kv_cache_gib * GIB / f64::from(scenario.batch.max(1)),
        batch: f64::from(scenario.batch.max(1)),
        bw_bytes_s: bw * 1e9 * devices,
        bw_efficiency: a.bw_efficiency,
        peak_flops: peak.map(|p| p * 1e12 * devices),
        mfu: a.mfu,
        prompt_tokens: f64::from(scenario.context_tokens),
    });
    let replicas = if scenario.target_tps > 0.0 {
        (scenario.target_tps / estimate.tokens_per_s).ceil().clamp(1.0, 1e6) as u32
    } else {
        1
    };
    let n_instances = fleet(if per_replica_instances > 1 {
        u64::from(replicas) * u64::from(per_replica_instances)
    } else {
        u64::from(ceil_div(replicas, replicas_per_instance))
    })?;
    reasons.insert(
        0,
        Why::Fits {
            needed_gib: need.total_gib(f64::from(tp)),
            available_gib: f64::from(tp) * inst.accel_mem_gib,
            devices: tp,
        },
    );
    if tp > 1 || replicas_per_instance > 1 {
        reasons.push(Why::TensorParallel {
            degree: tp,
            replicas_per_instance,
        });
    }
    if replicas > 1 {
        reasons.push(Why::Replicas {
            replicas,
            tokens_per_s_each: estimate.tokens_per_s,
        });
    }
    // A fleet's throughput counts every replica the instances can host.
    let hosted = if per_replica_instances > 1 {
        replicas
    } else {
        n_instances * replicas_per_instance
    };
    Ok(Sized {
        n_instances,
        devices_per_replica: tp,
        mem_needed_gib: need.total_gib(f64::from(tp)) * f64::from(replicas),
        memory: need,
        tokens_per_s: Some(estimate.tokens_per_s * f64::from(hosted)),
        tokens_per_s_per_seq: Some(estimate.tokens_per_s_per_seq),
        prefill_s: estimate.prefill_s,
        ..Sized::default()
    })
}
