//! Training and fine-tuning: accelerators to hold the job, instances to meet the target time, job hours.

use super::{ceil_div, Sized};
use crate::catalog::{Accelerator, Instance};
use crate::engine::eligibility::{fleet, multinode_ok, MAX_INSTANCES};
use crate::engine::memory;
use crate::engine::outcome::{Exclusion, Figure, Why};
use crate::engine::perf;
use crate::models::ModelArch;
use crate::scenario::Scenario;

pub(in crate::engine) fn size_training(
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
    let peak = perf::peak(acc, scenario.precision)
        .tflops()
        .ok_or(Exclusion::MissingFigure {
            what: Figure::TensorTflops,
        })?;
    let too_small = |n: u32| Exclusion::TooSmall {
        needed_gib: need.total_gib(f64::from(n)),
        available_gib: inst.accel_mem_gib * f64::from(n),
    };
    let n_fit = need.min_devices(usable).ok_or_else(|| {
        // Activations grow linearly with the micro-batch; the rest of the per-accelerator part does not.
        let batch = scenario.batch.max(1);
        let per_sequence = need.activations_gib / f64::from(batch);
        let room = usable - need.overhead_gib;
        let fits = if per_sequence > 0.0 {
            (room / per_sequence).floor()
        } else {
            0.0
        };
        Exclusion::ActivationsTooLarge {
            per_accelerator_gib: need.per_device_gib(),
            usable_gib: usable,
            micro_batch: batch,
            context_tokens: scenario.context_tokens,
            fits_micro_batch: (fits >= 1.0).then(|| (fits as u32).min(batch - 1).max(1)),
        }
    })?;
    let gpu_hours = perf::device_hours(perf::training_flops(scenario, arch), peak * inst.fraction, a.mfu);
    let target_hours = scenario.target_days.max(0.01) * 24.0;
    let n_time = (gpu_hours / target_hours).ceil().clamp(1.0, 1e6) as u32;
    let fit_instances = fleet(u64::from(ceil_div(n_fit, count)))?;
    if fit_instances > 1 {
        multinode_ok(scenario, inst, fit_instances).map_err(|e| match e {
            Exclusion::NeedsMultinode { .. } => too_small(count),
            other => other,
        })?;
    }
    // The target alone never pushes a fleet past the planning limit: it then runs longer (and says so).
    let want_instances = ceil_div(n_fit.max(n_time), count).min(MAX_INSTANCES as u32);
    let n_instances = match multinode_ok(scenario, inst, want_instances) {
        Ok(()) => want_instances,
        // Cannot scale out: run on as many as allowed (it fits), and say the target is missed.
        Err(_) => fit_instances,
    };
    let devices = n_instances * count;
    let job_hours = gpu_hours / f64::from(devices);
    reasons.insert(
        0,
        Why::Fits {
            needed_gib: need.total_gib(f64::from(devices)),
            available_gib: f64::from(devices) * inst.accel_mem_gib,
            devices,
        },
    );
    if n_instances > 1 {
        reasons.push(Why::MultiNode { instances: n_instances });
    }
    if job_hours > target_hours * 1.0001 {
        reasons.push(Why::SlowerThanTarget {
            days: job_hours / 24.0,
            target_days: scenario.target_days,
        });
    }
    Ok(Sized {
        n_instances,
        devices_per_replica: devices,
        mem_needed_gib: need.total_gib(f64::from(devices)),
        memory: need,
        job_hours: Some(job_hours),
        gpu_hours: Some(gpu_hours),
        ..Sized::default()
    })
}
