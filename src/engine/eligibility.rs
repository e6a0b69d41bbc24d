//! What an instance type must offer before it is sized: region, capability, software stack, fleet limits.

use super::outcome::Exclusion;
use super::perf::{self, Peak};
use crate::catalog::{Accelerator, Instance, PriceCoverage, Stack};
use crate::scenario::{Architecture, Scenario, Task};

/// The most instances one plan may use: beyond this a type is left out with a reason rather than
/// sized (and instance counts stay far inside u32 arithmetic).
pub const MAX_INSTANCES: u64 = 100_000;

/// Checks a fleet size against `MAX_INSTANCES`.
pub(super) fn fleet(instances: u64) -> Result<u32, Exclusion> {
    if instances > MAX_INSTANCES {
        Err(Exclusion::TooMany { instances })
    } else {
        Ok(instances as u32)
    }
}

/// FP64 below this per chip is not "real FP64" for HPC (consumer-class 1:32 or 1:64 rates).
pub const HPC_MIN_FP64_TFLOPS: f64 = 5.0;

/// Capability and policy checks that do not depend on sizing.
pub(super) fn eligibility(
    scenario: &Scenario,
    inst: &Instance,
    acc: &Accelerator,
    coverage: &PriceCoverage,
) -> Result<(), Exclusion> {
    if inst.regions.is_empty() {
        return Err(Exclusion::NoPublicOffer);
    }
    if !inst.regions.iter().any(|r| r == &scenario.region) {
        let region = scenario.region.clone();
        return Err(if coverage.covers(&inst.family, &region) {
            Exclusion::NotInRegion { region }
        } else {
            Exclusion::PriceNotCollected { region }
        });
    }
    match scenario.task {
        Task::Graphics if !acc.graphics => return Err(Exclusion::NoGraphics),
        Task::Hpc if acc.fp64_tflops.is_none_or(|f| f < HPC_MIN_FP64_TFLOPS) => {
            return Err(Exclusion::WeakFp64 {
                fp64_tflops: acc.fp64_tflops,
            })
        }
        _ => {}
    }
    if acc.stack != Stack::Cuda && scenario.task.uses_model() {
        // The articles: Trainium/Inferentia need a standard Transformer, no CUDA-only code, and 1-2 weeks
        // of Neuron SDK porting and ahead-of-time compilation.
        if scenario.cuda_only {
            return Err(Exclusion::CudaOnly { stack: acc.stack });
        }
        if scenario.architecture == Architecture::Other {
            return Err(Exclusion::NotTransformer { stack: acc.stack });
        }
        if scenario.urgent {
            return Err(Exclusion::NeedsPorting { stack: acc.stack });
        }
    }
    // LLM serving needs a toolchain that decodes generatively (catalog: `llm_decode`, with its source).
    if scenario.task == Task::Inference && scenario.architecture == Architecture::Transformer && !acc.llm_decode {
        return Err(Exclusion::NoLlmDecode);
    }
    // Training needs a training toolchain (catalog: `trains`, with its source).
    if scenario.task.is_job() && !acc.trains {
        return Err(Exclusion::InferenceOnlyChip);
    }
    // FP4 is planned for serving only: no training recipe here trains in it.
    let fp4_job = scenario.task.is_job() && scenario.precision == crate::scenario::Precision::Fp4;
    // Neuron's NxD Inference documents weight quantisation to INT8 and FP8 only (feature guide,
    // "Model Weight Quantization"): no 4-bit weights there.
    let int4_neuron = scenario.precision == crate::scenario::Precision::Int4 && acc.stack == Stack::Neuron;
    let unsupported = fp4_job || int4_neuron || perf::peak(acc, scenario.precision) == Peak::Unsupported;
    if scenario.task.uses_model() && unsupported {
        return Err(Exclusion::NoPrecision {
            precision: scenario.precision,
        });
    }
    Ok(())
}

/// Whether a set of `instances` may run as one job: multi-node needs permission and EFA.
pub(super) fn multinode_ok(scenario: &Scenario, inst: &Instance, instances: u32) -> Result<(), Exclusion> {
    if instances <= 1 {
        Ok(())
    } else if !scenario.multinode {
        Err(Exclusion::NeedsMultinode { instances })
    } else if !inst.has_efa() {
        Err(Exclusion::NoEfa { instances })
    } else {
        Ok(())
    }
}
