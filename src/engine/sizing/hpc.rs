//! FP64 HPC: accelerators from the FP64 and memory needs.

use super::{ceil_div, Sized};
use crate::catalog::{Accelerator, Instance};
use crate::engine::eligibility::{fleet, multinode_ok};
use crate::engine::outcome::{Exclusion, Why};
use crate::num::Within;
use crate::scenario::Scenario;

pub(in crate::engine) fn size_hpc(
    scenario: &Scenario,
    inst: &Instance,
    acc: &Accelerator,
    count: u32,
    reasons: &mut Vec<Why>,
) -> Result<Sized, Exclusion> {
    let n = &scenario.needs;
    let fp64 = acc.fp64_tflops.unwrap_or(0.0) * inst.fraction;
    let usable = inst.accel_mem_gib * scenario.assumptions.mem_usable;
    let by_flops = (n.fp64_tflops / fp64).ceil();
    let by_mem = (n.gpu_mem_gib / usable).ceil();
    let devices = by_flops.max(by_mem).within(1.0, 1e6) as u32;
    let n_instances = fleet(u64::from(ceil_div(devices, count)))?;
    multinode_ok(scenario, inst, n_instances)?;
    let total_devices = n_instances * count;
    reasons.insert(
        0,
        Why::Fits {
            needed_gib: n.gpu_mem_gib,
            available_gib: inst.accel_mem_gib * f64::from(total_devices),
            devices: total_devices,
        },
    );
    let fp64_tflops = fp64 * f64::from(total_devices);
    reasons.push(Why::Fp64 { tflops: fp64_tflops });
    if n_instances > 1 {
        reasons.push(Why::MultiNode { instances: n_instances });
    }
    Ok(Sized {
        n_instances,
        devices_per_replica: total_devices,
        mem_needed_gib: n.gpu_mem_gib,
        fp64_tflops: Some(fp64_tflops),
        ..Sized::default()
    })
}
