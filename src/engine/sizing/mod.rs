//! Sizing: how many instances one type needs for the scenario, and what they deliver. One file per task.

mod graphics;
mod hpc;
mod inference;
pub(crate) mod training;

pub(super) use graphics::size_graphics;
pub(super) use hpc::size_hpc;
pub(super) use inference::size_inference;
use inference::{layouts, replica_estimate, LinkView};
pub use inference::{HOST_RAM_RESERVE_GIB, READABLE_TOKENS_PER_S};
pub(super) use training::{hours_on, size_training};

use super::outcome::MemoryNeed;
use super::perf::DecodeEstimate;
use crate::catalog::{Catalog, Instance};
use crate::scenario::Scenario;

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
    pub(super) first_token: Option<super::outcome::FirstToken>,
    pub(super) decode_latency: Option<super::outcome::DecodeLatency>,
    pub(super) speculation: Option<super::outcome::Speculated>,
    pub(super) parallelism: Option<super::outcome::Parallelism>,
    pub(super) serving_unit: Option<super::outcome::ServingUnit>,
    /// HPC: peak FP64 TFLOPS of every accelerator, the figure `Why::Fp64` states.
    pub(super) fp64_tflops: Option<f64>,
    /// Graphics: seats per instance, the figure `Why::Seats` states.
    pub(super) seats_per_instance: Option<u32>,
    /// Short of the scenario's target, as `Why::SlowerThanTarget` or `Why::BelowReadingSpeed` states.
    pub(super) short_of_target: bool,
}

fn ceil_div(a: u32, b: u32) -> u32 {
    a.div_ceil(b.max(1))
}

/// How one instance type's accelerators reach each other, for the serving planner: the catalog's fast
/// domain and per-accelerator link. Without a sourced link figure a replica stays on one accelerator.
pub(super) fn link_view(catalog: &Catalog, inst: &Instance, count: u32) -> LinkView {
    match catalog.link(&inst.id) {
        Some(l) if l.link_gbs.is_some() => LinkView {
            name: l.name.clone(),
            domain: l.domain.clamp(1, count.max(1)),
            link_gbs: l.link_gbs.unwrap_or(1.0),
            kind: l.kind,
        },
        _ => LinkView {
            name: String::new(),
            domain: 1,
            link_gbs: 1.0,
            kind: crate::catalog::Interconnect::Pcie,
        },
    }
}

/// The group shapes one instance of `instance` builds for the scenario: (tensor-parallel degree, most
/// sequences a replica holds), and how many accelerators the instance has. Empty for an unknown type or
/// one without a known count.
pub fn serving_layouts(catalog: &Catalog, scenario: &Scenario, instance: &str) -> (u32, Vec<(u32, u32)>) {
    let Some((inst, count)) = catalog
        .instances
        .iter()
        .find(|i| i.id == instance)
        .and_then(|i| Some((i, i.count()?)))
    else {
        return (0, Vec::new());
    };
    let link = link_view(catalog, inst, count);
    (count, layouts(scenario, &scenario.model_arch(), inst, count, &link))
}

/// Decode and prefill of one serving replica of `tp` accelerators of `instance` serving `seqs` sequences,
/// as the planner estimates it (for holding the model against published runs). `None` for an unknown type
/// or one without a known count.
pub fn serving_estimate(
    catalog: &Catalog,
    scenario: &Scenario,
    instance: &str,
    tp: u32,
    seqs: u32,
) -> Option<DecodeEstimate> {
    let inst = catalog.instances.iter().find(|i| i.id == instance)?;
    let acc = catalog.accelerator(&inst.accelerator)?;
    let count = inst.count()?;
    let arch = scenario.model_arch();
    replica_estimate(scenario, &arch, inst, acc, link_view(catalog, inst, count), tp, seqs)
}
