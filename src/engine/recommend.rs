//! Recommendation: which instance types can run the scenario, how many, how fast, at what On-Demand cost, ranked by the priority, with reasons.
//!
//! The articles' decision flow (graphics → G; light inference → G5/G6 or G6e; 30B+ training →
//! Trainium if eligible else P4/P5; frontier → P5-class) is not coded here: it falls out of the
//! eligibility rules, the memory and performance models and the prices, and tests/scenarios.rs checks it.

use super::memory::{self, MemoryNeed, GIB};
use super::perf::{self, DecodeInputs, Peak};
use crate::catalog::{Accelerator, Catalog, Instance, IsoDate, Stack};
use crate::models::ModelArch;
use crate::scenario::{ModelFamily, Precision, Priority, Scenario, Task};

/// The most instances one plan may use: beyond this a type is left out with a reason rather than
/// sized (and instance counts stay far inside u32 arithmetic).
pub const MAX_INSTANCES: u64 = 100_000;

/// Checks a fleet size against `MAX_INSTANCES`.
fn fleet(instances: u64) -> Result<u32, Exclusion> {
    if instances > MAX_INSTANCES {
        Err(Exclusion::TooMany { instances })
    } else {
        Ok(instances as u32)
    }
}

/// FP64 below this per chip is not "real FP64" for HPC (consumer-class 1:32 or 1:64 rates).
pub const HPC_MIN_FP64_TFLOPS: f64 = 5.0;

/// Why an instance type cannot run the scenario.
#[derive(Clone, Debug, PartialEq)]
pub enum Exclusion {
    /// No accelerator count in the catalog's sources (some UltraServers).
    UnknownCount,
    /// No public price or region data: reservation or Capacity-Block-only units.
    NoPublicOffer,
    NotInRegion {
        region: String,
    },
    NoGraphics,
    WeakFp64 {
        fp64_tflops: Option<f64>,
    },
    CudaOnly {
        stack: Stack,
    },
    NotTransformer {
        stack: Stack,
    },
    NeedsPorting {
        stack: Stack,
    },
    InferenceOnlyChip,
    NoPrecision {
        precision: Precision,
    },
    /// A figure the estimate needs is not published for this chip.
    MissingFigure {
        what: Figure,
    },
    /// Even every accelerator of the largest allowed set cannot hold it.
    TooSmall {
        needed_gib: f64,
        available_gib: f64,
    },
    /// What every accelerator holds for itself (a training micro-batch's activations and the runtime)
    /// exceeds one accelerator: more accelerators do not help, a smaller micro-batch does.
    ActivationsTooLarge {
        per_accelerator_gib: f64,
        usable_gib: f64,
        micro_batch: u32,
        context_tokens: u32,
        /// The largest micro-batch that would fit, if any does.
        fits_micro_batch: Option<u32>,
    },
    NeedsMultinode {
        instances: u32,
    },
    NoEfa {
        instances: u32,
    },
    /// The scenario would need more instances than one plan can sensibly hold.
    TooMany {
        instances: u64,
    },
}

/// Figures an estimate may lack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    MemoryBandwidth,
    TensorTflops,
}

/// What makes a recommendation what it is, in plain words once rendered (see `explain`).
#[derive(Clone, Debug, PartialEq)]
pub enum Why {
    Fits {
        needed_gib: f64,
        available_gib: f64,
        devices: u32,
    },
    DoesNotFit {
        needed_gib: f64,
        available_gib: f64,
    },
    /// An explicitly chosen type that cannot run the scenario, and why (shown rather than hidden).
    CannotRun {
        reason: Exclusion,
    },
    TensorParallel {
        degree: u32,
        replicas_per_instance: u32,
    },
    Replicas {
        replicas: u32,
        tokens_per_s_each: f64,
    },
    MultiNode {
        instances: u32,
    },
    SlowerThanTarget {
        days: f64,
        target_days: f64,
    },
    Fp16Instead,
    NeuronPorting,
    MixtureOfExperts {
        active_b: f64,
        total_b: f64,
    },
    EstimatedArch,
    FractionalGpu {
        fraction: f64,
    },
    NoComputeCap,
    NoPublicPrice {
        region: String,
    },
    DerivedPrice {
        multiplier: f64,
    },
    Seats {
        per_instance: u32,
    },
    Fp64 {
        tflops: f64,
    },
    Legacy,
    /// The chosen purchase option is not available for this type; figures are On-Demand.
    BuyNotOffered {
        buy: crate::scenario::Buy,
        reason: super::cost::NotOffered,
    },
    /// The training micro-batch alone rules these families out: their accelerators cannot hold its
    /// activations, whatever the number of instances; a smaller micro-batch would let them in.
    MicroBatchExcludes {
        micro_batch: u32,
        context_tokens: u32,
        families: Vec<String>,
    },
    /// The context asked for is longer than the model was trained for.
    ContextBeyondModel {
        context: u32,
        max: u32,
    },
    RankCheapest,
    RankFastestWithinBudget {
        budget_x: f64,
    },
    RankBestBalance,
}

/// Where an hourly price comes from.
#[derive(Clone, Debug, PartialEq)]
pub struct PriceRef {
    pub source: String,
    pub as_of: IsoDate,
    pub derived: bool,
}

/// One ranked option.
#[derive(Clone, Debug, PartialEq)]
pub struct Recommendation {
    pub instance: String,
    pub family: String,
    pub accelerator: String,
    pub n_instances: u32,
    /// Accelerators (or fractional slices) paid for across all the instances.
    pub n_accelerators: u32,
    pub fits: bool,
    /// Totals over the recommended accelerators.
    pub mem_needed_gib: f64,
    pub mem_available_gib: f64,
    /// Breakdown for one replica (inference) or for the whole job (training).
    pub memory: MemoryNeed,
    /// Accelerators one replica (or the job) is spread across.
    pub devices_per_replica: u32,
    /// On-Demand, for all the instances together.
    pub hourly_usd: Option<f64>,
    pub monthly_usd: Option<f64>,
    /// Cost of one training or fine-tuning job at On-Demand.
    pub job_usd: Option<f64>,
    /// On-Demand $ per million output tokens at full throughput.
    pub usd_per_mtok: Option<f64>,
    pub price: Option<PriceRef>,
    /// Wall-clock hours of the job.
    pub job_hours: Option<f64>,
    /// Accelerator-hours of the job.
    pub gpu_hours: Option<f64>,
    /// Aggregate output tokens per second of the fleet.
    pub tokens_per_s: Option<f64>,
    pub tokens_per_s_per_seq: Option<f64>,
    pub prefill_s: Option<f64>,
    /// Accelerator energy: the job's, or a month's for services, kWh (TDP × hours).
    pub energy_kwh: Option<f64>,
    pub reasons: Vec<Why>,
}

/// An excluded family (or some of its sizes) and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Excluded {
    pub family: String,
    pub instances: Vec<String>,
    pub reason: Exclusion,
}

/// The engine's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub recommendations: Vec<Recommendation>,
    pub excluded: Vec<Excluded>,
    /// When nothing fits: the option that came closest, by memory.
    pub nearest: Option<String>,
    pub arch: ModelArch,
    /// Remarks about the scenario itself, shown once above the results.
    pub notices: Vec<Why>,
}

/// Ranks every instance type of the catalog (or those the scenario restricts to) for the scenario.
pub fn recommend(catalog: &Catalog, scenario: &Scenario) -> Outcome {
    let arch = scenario.model_arch();
    let mut recs = Vec::new();
    let mut excluded: Vec<(String, String, Exclusion)> = Vec::new();
    for inst in &catalog.instances {
        if !scenario.instances.is_empty() && !scenario.instances.iter().any(|i| i == &inst.id) {
            continue;
        }
        let Some(acc) = catalog.accelerator(&inst.accelerator) else {
            continue; // Catalog::parse guarantees it exists.
        };
        match evaluate(catalog, scenario, &arch, inst, acc) {
            Ok(r) => recs.push(r),
            Err(e @ (Exclusion::TooSmall { .. } | Exclusion::ActivationsTooLarge { .. }))
                if !scenario.instances.is_empty() =>
            {
                // An explicitly chosen instance that does not fit is shown, marked, rather than hidden.
                recs.push(unfit(inst, acc, e));
            }
            Err(e) => excluded.push((inst.family.clone(), inst.id.clone(), e)),
        }
    }
    rank(&mut recs, scenario);
    let nearest = if recs.iter().any(|r| r.fits) {
        None
    } else {
        excluded
            .iter()
            .filter_map(|(_, id, e)| match e {
                Exclusion::TooSmall {
                    needed_gib,
                    available_gib,
                } => Some((id.clone(), available_gib / needed_gib)),
                Exclusion::ActivationsTooLarge {
                    per_accelerator_gib,
                    usable_gib,
                    ..
                } => Some((id.clone(), usable_gib / per_accelerator_gib)),
                _ => None,
            })
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(id, _)| id)
    };
    let mut notices = Vec::new();
    let mut crowded_out: Vec<String> = Vec::new();
    for (family, _, e) in &excluded {
        if matches!(
            e,
            Exclusion::ActivationsTooLarge {
                fits_micro_batch: Some(_),
                ..
            }
        ) && !crowded_out.contains(family)
        {
            crowded_out.push(family.clone());
        }
    }
    if !crowded_out.is_empty() {
        notices.push(Why::MicroBatchExcludes {
            micro_batch: scenario.batch.max(1),
            context_tokens: scenario.context_tokens,
            families: crowded_out,
        });
    }
    if scenario.task.uses_model() && scenario.context_tokens > arch.max_context && !arch.estimated {
        notices.push(Why::ContextBeyondModel {
            context: scenario.context_tokens,
            max: arch.max_context,
        });
    }
    Outcome {
        recommendations: recs,
        excluded: group_exclusions(excluded),
        nearest,
        arch,
        notices,
    }
}

/// Collapses per-instance exclusions into one entry per family and reason.
fn group_exclusions(items: Vec<(String, String, Exclusion)>) -> Vec<Excluded> {
    let mut out: Vec<Excluded> = Vec::new();
    for (family, id, reason) in items {
        match out.iter_mut().find(|e| e.family == family && e.reason == reason) {
            Some(e) => e.instances.push(id),
            None => out.push(Excluded {
                family,
                instances: vec![id],
                reason,
            }),
        }
    }
    out
}

fn unfit(inst: &Instance, acc: &Accelerator, reason: Exclusion) -> Recommendation {
    let count = inst.count.unwrap_or(0.0);
    let (needed_gib, available_gib, why) = match reason {
        Exclusion::TooSmall {
            needed_gib,
            available_gib,
        } => (
            needed_gib,
            available_gib,
            Why::DoesNotFit {
                needed_gib,
                available_gib,
            },
        ),
        Exclusion::ActivationsTooLarge {
            per_accelerator_gib, ..
        } => (
            per_accelerator_gib * count,
            inst.accel_mem_gib * count,
            Why::CannotRun { reason },
        ),
        other => (0.0, 0.0, Why::CannotRun { reason: other }),
    };
    Recommendation {
        instance: inst.id.clone(),
        family: inst.family.clone(),
        accelerator: acc.name.clone(),
        n_instances: 1,
        n_accelerators: inst.count.unwrap_or(0.0) as u32,
        fits: false,
        mem_needed_gib: needed_gib,
        mem_available_gib: available_gib,
        memory: MemoryNeed::default(),
        devices_per_replica: 0,
        hourly_usd: None,
        monthly_usd: None,
        job_usd: None,
        usd_per_mtok: None,
        price: None,
        job_hours: None,
        gpu_hours: None,
        tokens_per_s: None,
        tokens_per_s_per_seq: None,
        prefill_s: None,
        energy_kwh: None,
        reasons: vec![why],
    }
}

/// Capability and policy checks that do not depend on sizing.
fn eligibility(scenario: &Scenario, inst: &Instance, acc: &Accelerator) -> Result<(), Exclusion> {
    if inst.count.is_none() {
        return Err(Exclusion::UnknownCount);
    }
    if inst.regions.is_empty() {
        return Err(Exclusion::NoPublicOffer);
    }
    if !inst.regions.iter().any(|r| r == &scenario.region) {
        return Err(Exclusion::NotInRegion {
            region: scenario.region.clone(),
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
        if scenario.family == ModelFamily::Other {
            return Err(Exclusion::NotTransformer { stack: acc.stack });
        }
        if scenario.urgent {
            return Err(Exclusion::NeedsPorting { stack: acc.stack });
        }
    }
    if scenario.task.is_job() && acc.id.starts_with("inferentia") {
        return Err(Exclusion::InferenceOnlyChip);
    }
    if scenario.task.uses_model() && perf::peak(acc, scenario.precision) == Peak::Unsupported {
        return Err(Exclusion::NoPrecision {
            precision: scenario.precision,
        });
    }
    Ok(())
}

/// Sizes, prices and explains one instance type, or says why it cannot serve.
fn evaluate(
    catalog: &Catalog,
    scenario: &Scenario,
    arch: &ModelArch,
    inst: &Instance,
    acc: &Accelerator,
) -> Result<Recommendation, Exclusion> {
    eligibility(scenario, inst, acc)?;
    let count = inst.count.unwrap_or(1.0).max(1.0).round() as u32;
    let mut reasons = Vec::new();
    if inst.fraction < 1.0 {
        reasons.push(Why::FractionalGpu {
            fraction: inst.fraction,
        });
    }
    if inst.legacy {
        reasons.push(Why::Legacy);
    }
    if acc.stack != Stack::Cuda && scenario.task.uses_model() {
        reasons.push(Why::NeuronPorting);
    }
    if scenario.task.uses_model() {
        if arch.estimated {
            reasons.push(Why::EstimatedArch);
        }
        if arch.is_moe() {
            reasons.push(Why::MixtureOfExperts {
                active_b: arch.active_params / 1e9,
                total_b: arch.total_params / 1e9,
            });
        }
        if matches!(perf::peak(acc, scenario.precision), Peak::Fp16Instead(_)) {
            reasons.push(Why::Fp16Instead);
        }
    }
    let sized = match scenario.task {
        Task::Inference => size_inference(scenario, arch, inst, acc, count, &mut reasons)?,
        Task::Training | Task::Finetune => size_training(scenario, arch, inst, acc, count, &mut reasons)?,
        Task::Graphics => size_graphics(scenario, inst, count, &mut reasons)?,
        Task::Hpc => size_hpc(scenario, inst, acc, count, &mut reasons)?,
    };
    let n_instances = sized.n_instances;
    let price = catalog.on_demand(&inst.id, &scenario.region);
    match price {
        None => reasons.push(Why::NoPublicPrice {
            region: scenario.region.clone(),
        }),
        Some(p) if p.derived => reasons.push(Why::DerivedPrice {
            multiplier: p.multiplier.unwrap_or(1.0),
        }),
        Some(_) => {}
    }
    let hourly = price.map(|p| p.usd_hr * f64::from(n_instances) * (1.0 - scenario.purchase.reseller_pct / 100.0));
    let tdp_kw = acc.tdp_w.map(|w| w * inst.fraction / 1000.0);
    let paid_devices = f64::from(n_instances * count);
    let energy_kwh = tdp_kw.map(|kw| match sized.gpu_hours {
        Some(h) => kw * h,
        None => kw * paid_devices * scenario.hours_per_month,
    });
    let mut rec = Recommendation {
        instance: inst.id.clone(),
        family: inst.family.clone(),
        accelerator: acc.name.clone(),
        n_instances,
        n_accelerators: n_instances * count,
        fits: true,
        mem_needed_gib: sized.mem_needed_gib,
        mem_available_gib: paid_devices * inst.accel_mem_gib,
        memory: sized.memory,
        devices_per_replica: sized.devices_per_replica,
        hourly_usd: hourly,
        monthly_usd: hourly.map(|h| h * scenario.hours_per_month),
        job_usd: sized.job_hours.and_then(|j| hourly.map(|h| h * j)),
        usd_per_mtok: sized.tokens_per_s.and_then(|t| hourly.map(|h| h / (t * 3600.0) * 1e6)),
        price: price.map(|p| PriceRef {
            source: p.source.clone(),
            as_of: p.as_of,
            derived: p.derived,
        }),
        job_hours: sized.job_hours,
        gpu_hours: sized.gpu_hours,
        tokens_per_s: sized.tokens_per_s,
        tokens_per_s_per_seq: sized.tokens_per_s_per_seq,
        prefill_s: sized.prefill_s,
        energy_kwh,
        reasons,
    };
    apply_purchase(catalog, scenario, &mut rec);
    Ok(rec)
}

/// Makes the headline figures follow the chosen purchase option, or says why they cannot.
fn apply_purchase(catalog: &Catalog, scenario: &Scenario, rec: &mut Recommendation) {
    let buy = scenario.purchase.buy;
    if buy == crate::scenario::Buy::OnDemand {
        return;
    }
    let o = super::cost::option_cost(catalog, scenario, rec, buy);
    match o.unavailable {
        Some(reason) => rec.reasons.push(Why::BuyNotOffered { buy, reason }),
        None => {
            rec.hourly_usd = Some(o.hourly_usd);
            rec.monthly_usd = Some(o.monthly_usd);
            rec.job_usd = o.job_usd;
            rec.job_hours = o.job_hours;
            rec.usd_per_mtok = o.usd_per_mtok;
        }
    }
}

/// What sizing decided for one instance type.
#[derive(Default)]
struct Sized {
    n_instances: u32,
    devices_per_replica: u32,
    mem_needed_gib: f64,
    memory: MemoryNeed,
    job_hours: Option<f64>,
    gpu_hours: Option<f64>,
    tokens_per_s: Option<f64>,
    tokens_per_s_per_seq: Option<f64>,
    prefill_s: Option<f64>,
}

/// Whether a set of `instances` may run as one job: multi-node needs permission and EFA.
fn multinode_ok(scenario: &Scenario, inst: &Instance, instances: u32) -> Result<(), Exclusion> {
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

fn ceil_div(a: u32, b: u32) -> u32 {
    a.div_ceil(b.max(1))
}

fn size_inference(
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

fn size_training(
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

fn size_graphics(scenario: &Scenario, inst: &Instance, count: u32, reasons: &mut Vec<Why>) -> Result<Sized, Exclusion> {
    let n = &scenario.needs;
    let mem = inst.accel_mem_gib * f64::from(count);
    let per = |have: Option<f64>, want: f64| match have {
        _ if want <= 0.0 => f64::INFINITY,
        Some(h) => (h / want).floor(),
        None => 0.0,
    };
    let seats = per(Some(mem), n.gpu_mem_gib)
        .min(per(inst.vcpus, n.vcpus))
        .min(per(inst.ram_gib, n.ram_gib))
        .min(1e6);
    if seats < 1.0 {
        return Err(Exclusion::TooSmall {
            needed_gib: n.gpu_mem_gib,
            available_gib: mem,
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
        ..Sized::default()
    })
}

fn size_hpc(
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
    let devices = by_flops.max(by_mem).clamp(1.0, 1e6) as u32;
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
    reasons.push(Why::Fp64 {
        tflops: fp64 * f64::from(total_devices),
    });
    if n_instances > 1 {
        reasons.push(Why::MultiNode { instances: n_instances });
    }
    Ok(Sized {
        n_instances,
        devices_per_replica: total_devices,
        mem_needed_gib: n.gpu_mem_gib,
        ..Sized::default()
    })
}

/// Peak FP64 TFLOPS of an HPC recommendation, all its accelerators together.
pub fn fp64_tflops(r: &Recommendation) -> Option<f64> {
    r.reasons.iter().find_map(|w| match w {
        Why::Fp64 { tflops } => Some(*tflops),
        _ => None,
    })
}

/// The HPC lens: On-Demand (or the chosen option's) dollars per hour of one peak FP64 TFLOPS.
pub fn usd_per_fp64_tflops_hour(r: &Recommendation) -> Option<f64> {
    let tflops = fp64_tflops(r).filter(|t| *t > 0.0)?;
    r.hourly_usd.map(|h| h / tflops)
}

/// The cost a ranking compares: per job for jobs, per month for services. `None` without a price.
pub fn cost_key(r: &Recommendation) -> Option<f64> {
    r.job_usd.or(r.monthly_usd)
}

/// Higher is better: per-sequence speed for inference, 1/hours for jobs, FP64 for HPC.
pub fn speed_key(r: &Recommendation) -> f64 {
    if let Some(t) = r.tokens_per_s_per_seq {
        return t;
    }
    if let Some(h) = r.job_hours {
        return 1.0 / h.max(1e-9);
    }
    fp64_tflops(r).unwrap_or(1.0)
}

/// Orders recommendations by the scenario's priority; unfit and unpriced options go last.
fn rank(recs: &mut Vec<Recommendation>, scenario: &Scenario) {
    let cheapest = recs
        .iter()
        .filter(|r| r.fits)
        .filter_map(cost_key)
        .fold(f64::INFINITY, f64::min);
    let fastest = recs
        .iter()
        .filter(|r| r.fits && cost_key(r).is_some())
        .map(speed_key)
        .fold(0.0, f64::max);
    let budget_x = scenario.assumptions.perf_budget_x;
    // Smaller is better; unpriced options sort after priced ones by speed.
    let score = |r: &Recommendation| -> (u8, f64, f64) {
        let speed = speed_key(r);
        let Some(cost) = cost_key(r) else {
            return (if r.fits { 2 } else { 3 }, -speed, 0.0);
        };
        if !r.fits {
            return (3, cost, -speed);
        }
        match scenario.priority {
            Priority::Cost => (0, cost, -speed),
            Priority::Performance if cost <= cheapest * budget_x => (0, -speed, cost),
            Priority::Performance => (1, cost, -speed),
            // Geometric mean of cost and slowness relative to the best of each.
            Priority::Balanced => (0, ((cost / cheapest) * (fastest / speed)).sqrt(), cost),
        }
    };
    *recs = crate::order::sorted(std::mem::take(recs), &|a, b| {
        let (sa, sb) = (score(a), score(b));
        sa.0.cmp(&sb.0)
            .then(sa.1.total_cmp(&sb.1))
            .then(sa.2.total_cmp(&sb.2))
            .then(a.n_instances.cmp(&b.n_instances))
            .then(a.instance.cmp(&b.instance))
    });
    if let Some(top) = recs.first_mut().filter(|r| r.fits && cost_key(r).is_some()) {
        top.reasons.push(match scenario.priority {
            Priority::Cost => Why::RankCheapest,
            Priority::Performance => Why::RankFastestWithinBudget { budget_x },
            Priority::Balanced => Why::RankBestBalance,
        });
    }
}
