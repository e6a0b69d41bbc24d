//! Graphics: seats per instance from frame buffer, vCPUs and RAM.
//!
//! A seat's frame buffer lives on one GPU: seats pack per GPU, `floor(GPU memory × usable share / seat)`
//! each, times the GPUs (g6.12xlarge: four 12 GiB seats, not six); the usable share is an assumption.

use super::{ceil_div, Sized};
use crate::catalog::Instance;
use crate::engine::outcome::{Exclusion, Why};
use crate::scenario::Scenario;

pub(in crate::engine) fn size_graphics(
    scenario: &Scenario,
    inst: &Instance,
    count: u32,
    reasons: &mut Vec<Why>,
) -> Result<Sized, Exclusion> {
    let n = &scenario.needs;
    let mem = inst.accel_mem_gib * f64::from(count);
    let per_gpu_mem = inst.accel_mem_gib * scenario.assumptions.seat_mem_usable;
    let per = |have: Option<f64>, want: f64| match have {
        _ if want <= 0.0 => f64::INFINITY,
        Some(h) => (h / want).floor(),
        None => 0.0,
    };
    let seats = (per(Some(per_gpu_mem), n.gpu_mem_gib) * f64::from(count))
        .min(per(inst.vcpus, n.vcpus))
        .min(per(inst.ram_gib, n.ram_gib))
        .min(1e6);
    if seats < 1.0 {
        return Err(Exclusion::TooSmall {
            needed_gib: n.gpu_mem_gib,
            available_gib: per_gpu_mem,
        });
    }
    let per_instance = seats as u32;
    let n_instances = ceil_div(n.seats.max(1), per_instance);
    reasons.insert(
        0,
        Why::Fits {
            needed_gib: n.gpu_mem_gib * f64::from(n.seats.max(1)),
            available_gib: mem * f64::from(n_instances),
            devices: count * n_instances,
        },
    );
    reasons.push(Why::Seats { per_instance });
    Ok(Sized {
        n_instances,
        devices_per_replica: count,
        mem_needed_gib: n.gpu_mem_gib * f64::from(n.seats.max(1)),
        seats_per_instance: Some(per_instance),
        ..Sized::default()
    })
}
