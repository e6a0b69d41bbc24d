//! Sizing: how many instances one type needs for the scenario, and what they deliver. One file per task.

mod graphics;
mod hpc;
mod inference;
pub(crate) mod training;

pub(super) use graphics::size_graphics;
pub(super) use hpc::size_hpc;
pub use inference::HOST_RAM_RESERVE_GIB;
pub(super) use inference::{replica_estimate, size_inference, LinkView};
pub(super) use training::size_training;

use super::memory::MemoryNeed;

/// What sizing decided for one instance type.
#[derive(Default)]
pub(super) struct Sized {
    pub(super) n_instances: u32,
    pub(super) devices_per_replica: u32,
    pub(super) mem_needed_gib: f64,
    pub(super) memory: MemoryNeed,
    pub(super) job_hours: Option<f64>,
    pub(super) gpu_hours: Option<f64>,
    pub(super) tokens_per_s: Option<f64>,
    pub(super) tokens_per_s_per_seq: Option<f64>,
    pub(super) prefill_s: Option<f64>,
    pub(super) prefill_marginal_s: Option<f64>,
    pub(super) parallelism: Option<super::parallel::Parallelism>,
    pub(super) serving_unit: Option<super::outcome::ServingUnit>,
}

fn ceil_div(a: u32, b: u32) -> u32 {
    a.div_ceil(b.max(1))
}
