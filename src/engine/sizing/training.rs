//! Training and fine-tuning: the parallelism plan (engine::parallel) on enough instances to hold the job
//! and meet the target time, with communication charged from the catalog's interconnect figures.

use super::Sized;
use crate::catalog::{Accelerator, AssumedPeak, Catalog, Instance, Link};
use crate::engine::eligibility::{fleet, multinode_ok, MAX_INSTANCES};
use crate::engine::memory::lora_params;
use crate::engine::outcome::{Exclusion, Figure, MemoryNeed, Recommendation, Why};
use crate::engine::parallel::{self, Hardware, Job, Plan};
use crate::engine::perf;
use crate::models::ModelArch;
use crate::scenario::{Assumptions, FinetuneMethod, Precision, Scenario, Task};

/// Intra-instance bandwidth used where no source gives one (Gaudi, Trainium3): PCIe Gen3 x16, one way, GB/s.
pub const UNKNOWN_LINK_GBS: f64 = 16.0;

/// The dense peak a training job runs at, TFLOPS per whole accelerator: the sourced figure, or the labelled
/// assumption for chips without one (A10G, RTX PRO 6000, Gaudi); FP8 at the stated FP8 speed-up over BF16.
pub fn training_peak_tflops(acc: &Accelerator, precision: Precision, a: &Assumptions) -> Option<f64> {
    let assumed = assumed_tflops(acc, a);
    match precision {
        Precision::Fp8 => {
            let bf16 = acc.bf16_tflops.or(assumed)?;
            let cap = acc.fp8_tflops.map_or(2.0, |f| f / bf16);
            Some(bf16 * a.fp8_speedup.min(cap).max(1.0))
        }
        p => perf::peak(acc, p).tflops().or(match p {
            Precision::Bf16 | Precision::Fp16 => assumed,
            _ => None,
        }),
    }
}

/// The labelled 16-bit dense peak assumed for chips with no published figure (the catalog's
/// `assumed_peak`: A10G, RTX PRO 6000, Gaudi; editable on the Assumptions view), shared by training and
/// serving.
pub fn assumed_tflops(acc: &Accelerator, a: &Assumptions) -> Option<f64> {
    Some(match acc.assumed_peak? {
        AssumedPeak::A10g => a.a10g_tflops,
        AssumedPeak::Rtx6000 => a.rtx6000_tflops,
        AssumedPeak::Gaudi => a.gaudi_tflops,
    })
}

/// The job's per-token and per-parameter figures.
pub fn job(scenario: &Scenario, arch: &ModelArch, a: &Assumptions) -> Job {
    let n = arch.total_params;
    let (l, h, s) = (
        f64::from(arch.layers),
        f64::from(arch.hidden),
        f64::from(scenario.context_tokens),
    );
    let attn = 12.0 * l * h * s;
    let lora = scenario.task == Task::Finetune && scenario.method != FinetuneMethod::Full;
    let k = if lora { 4.0 } else { 6.0 };
    let (weight_bytes, sharded_bytes, sync_bytes, dequant) = if lora {
        let adapters = lora_params(arch, a.lora_rank);
        let qlora = scenario.method == FinetuneMethod::Qlora;
        let base_b = if qlora { Precision::Int4.weight_bytes() } else { 2.0 };
        // QLoRA: each pass reads the 4-bit weights and writes then reads a 16-bit copy.
        let dequant = if qlora { n * (base_b + 4.0) } else { 0.0 };
        (n * base_b + adapters * 2.0, adapters * 14.0, adapters * 2.0, dequant)
    } else if scenario.precision == Precision::Fp32 {
        (n * 4.0, n * 12.0, n * 4.0, 0.0)
    } else {
        // Mixed precision Adam: bf16 weights 2 B; bf16 gradients 2 + fp32 master, m, v 12 = 14 B sharded.
        (n * 2.0, n * 14.0, n * 2.0, 0.0)
    };
    Job {
        layers: l,
        hidden: h,
        seq: s,
        flops_per_token: k * arch.active_params + attn,
        fwd_flops_per_token: 2.0 * arch.active_params + attn / 3.0,
        attn_fwd_flops_per_token: attn / 3.0,
        weight_bytes,
        sharded_bytes,
        sync_bytes,
        dequant_bytes_per_pass: dequant,
        act_bytes: 2.0,
        moe_bytes_per_token: arch.routed_values_per_token() * a.moe_bytes_per_value,
        experts: if arch.routed_share() > 0.0 { arch.experts } else { 0 },
        expert_share: arch.routed_share(),
        // k·N_e of the k·N_act + 12·L·h·s FLOPs a token costs.
        expert_flops_share: k * arch.active_params * arch.routed_active_share() / (k * arch.active_params + attn),
        dispatch_values_per_token: if arch.routed_share() > 0.0 {
            f64::from(arch.experts_per_token) * h
        } else {
            0.0
        },
        seqs_per_replica: scenario.batch.max(1),
        global_batch: (scenario.global_batch > 0).then_some(scenario.global_batch),
        overhead_gib: a.overhead_gib,
        // An estimated shape's head count is no rule.
        heads: if arch.estimated { 0 } else { arch.heads },
        kv_heads: arch.kv_heads,
    }
}

/// The job on one accelerator: Neuron's NxD pads query heads and replicates KV heads to any
/// tensor-parallel degree (its feature guide, "GQA support"), so no head rule there.
fn job_on(scenario: &Scenario, arch: &ModelArch, a: &Assumptions, acc: &Accelerator) -> Job {
    let mut j = job(scenario, arch, a);
    if acc.stack == crate::catalog::Stack::Neuron {
        (j.heads, j.kv_heads) = (0, 0);
    }
    j
}

/// What the accelerators and links of one instance type of `count` accelerators (`Instance::count`) offer
/// the job.
pub fn hardware(
    inst: &Instance,
    count: u32,
    acc: &Accelerator,
    link: Option<&Link>,
    peak_tflops: f64,
    a: &Assumptions,
) -> Hardware {
    let link_gbs = link.and_then(|l| l.link_gbs).unwrap_or(UNKNOWN_LINK_GBS);
    let net_gbps = link
        .and_then(|l| l.net_gbps_per_accel)
        .or_else(|| inst.net_gbps.map(|n| n / f64::from(count)))
        .unwrap_or(1.0);
    let gdr = link.and_then(|l| l.gdr).unwrap_or(false);
    let net_factor = if gdr { 1.0 } else { a.no_gdr_factor };
    let kernel_eff = if acc.stack == crate::catalog::Stack::Neuron {
        a.neuron_kernel_eff()
    } else {
        a.train_mfu
    };
    Hardware {
        peak_flops: peak_tflops * 1e12 * inst.fraction,
        kernel_eff,
        usable_gib: inst.accel_mem_gib * a.mem_usable,
        mem_bw_bytes_s: acc.mem_bw_gbs.unwrap_or(100.0) * 1e9 * inst.fraction,
        link_bytes_s: link_gbs * 1e9,
        domain: link.map_or(count, |l| l.domain.clamp(1, count)),
        count,
        net_bytes_s: net_gbps / 8.0 * 1e9 * net_factor,
    }
}

pub(in crate::engine) fn job_hours(plan: &Plan, total_tokens: f64) -> f64 {
    total_tokens * plan.seconds_per_token() / 3600.0
}

/// A job's wall-clock hours on exactly `n` instances of the recommended type: the planner's best plan at
/// that size (`None` where none fits). `base_hours` on the recommended fleet; other tasks scale linearly.
pub(in crate::engine) fn hours_on(
    catalog: &Catalog,
    scenario: &Scenario,
    rec: &Recommendation,
    n: u32,
    base_hours: f64,
) -> Option<f64> {
    if n == rec.n_instances {
        return Some(base_hours);
    }
    if !scenario.task.is_job() {
        return Some(base_hours * f64::from(rec.n_instances) / f64::from(n.max(1)));
    }
    plan_on(catalog, scenario, &rec.instance, n).map(|p| job_hours(&p, scenario.train_tokens_b * 1e9))
}

/// The planner's best plan for the scenario's job on exactly `n` instances of `instance`.
pub(in crate::engine) fn plan_on(catalog: &Catalog, scenario: &Scenario, instance: &str, n: u32) -> Option<Plan> {
    let inst = catalog.instance(instance)?;
    let acc = catalog.accelerator(&inst.accelerator)?;
    let a = &scenario.assumptions;
    let peak = training_peak_tflops(acc, scenario.precision, a)?;
    let job = job_on(scenario, &scenario.model_arch(), a, acc);
    let hw = hardware(inst, inst.count()?, acc, catalog.link(&inst.id), peak, a);
    parallel::best_plan(&job, &hw, a, n)
}

/// The fewest instances on which some plan fits, by doubling then bisection.
fn fewest_instances(job: &Job, hw: &Hardware) -> Option<u32> {
    let mut hi = 1u32;
    while !parallel::fits(job, hw, hi) {
        if u64::from(hi) >= MAX_INSTANCES {
            return None;
        }
        hi = (hi * 2).min(MAX_INSTANCES as u32);
    }
    let mut lo = hi / 2;
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if parallel::fits(job, hw, mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}

pub(in crate::engine) fn size_training(
    scenario: &Scenario,
    arch: &ModelArch,
    inst: &Instance,
    acc: &Accelerator,
    link: Option<&Link>,
    count: u32,
    reasons: &mut Vec<Why>,
) -> Result<Sized, Exclusion> {
    let a = &scenario.assumptions;
    let peak = training_peak_tflops(acc, scenario.precision, a).ok_or(Exclusion::MissingFigure {
        what: Figure::TensorTflops,
    })?;
    let job = job_on(scenario, arch, a, acc);
    let hw = hardware(inst, count, acc, link, peak, a);
    let floor = parallel::floor_gib(&job, &hw);
    if floor > hw.usable_gib {
        return Err(Exclusion::ActivationsTooLarge {
            per_accelerator_gib: floor,
            usable_gib: hw.usable_gib,
            micro_batch: 1,
            context_tokens: scenario.context_tokens,
        });
    }
    let whole = job.weight_bytes + job.sharded_bytes;
    let too_small = |n: u32| Exclusion::TooSmall {
        needed_gib: whole / crate::engine::memory::GIB + f64::from(n) * job.overhead_gib,
        available_gib: inst.accel_mem_gib * f64::from(n),
    };
    let n_fit = match fewest_instances(&job, &hw) {
        Some(n) => n,
        None => {
            return Err(Exclusion::TooMany {
                instances: MAX_INSTANCES + 1,
            })
        }
    };
    let n_fit = fleet(u64::from(n_fit))?;
    if n_fit > 1 {
        multinode_ok(scenario, inst, n_fit).map_err(|e| match e {
            Exclusion::NeedsMultinode { .. } => too_small(count),
            other => other,
        })?;
    }
    let plan = parallel::best_plan(&job, &hw, a, n_fit).ok_or_else(|| too_small(count * n_fit))?;
    let plan = scale_to_target(scenario, inst, &job, &hw, plan, n_fit);
    Ok(sized_for_plan(scenario, inst, link, count, &job, plan, reasons))
}

/// Scales the fewest-instance plan towards the target time, then steps back to the fewest instances that
/// still meet it: the plan the job runs on.
fn scale_to_target(scenario: &Scenario, inst: &Instance, job: &Job, hw: &Hardware, mut plan: Plan, n_fit: u32) -> Plan {
    let a = &scenario.assumptions;
    let total_tokens = scenario.train_tokens_b * 1e9;
    let target_hours = scenario.target_days.max(0.01) * 24.0;
    // Scale out towards the target: n ← n · hours(n) / target, while the extra instances still pay off
    // (communication grows with the fleet, so a fleet can stop getting faster).
    let can_scale = multinode_ok(scenario, inst, 2).is_ok();
    for _ in 0..6 {
        let hours = job_hours(&plan, total_tokens);
        if hours <= target_hours * 1.0001 || !can_scale {
            break;
        }
        let want = (f64::from(plan.instances) * hours / target_hours)
            .ceil()
            .min(MAX_INSTANCES as f64) as u32;
        if want <= plan.instances {
            break;
        }
        match parallel::best_plan(job, hw, a, want) {
            Some(p) if job_hours(&p, total_tokens) < hours * 0.98 => plan = p,
            _ => break,
        }
    }
    // The first jump extrapolates from the smallest fleet, which may have needed deep pipelines: step back
    // towards the fewest instances that still meet the target.
    for _ in 0..4 {
        let hours = job_hours(&plan, total_tokens);
        let fewer = (f64::from(plan.instances) * hours / target_hours)
            .ceil()
            .max(f64::from(n_fit)) as u32;
        if hours > target_hours * 1.0001 || fewer >= plan.instances {
            break;
        }
        match parallel::best_plan(job, hw, a, fewer) {
            Some(p) if job_hours(&p, total_tokens) <= target_hours * 1.0001 => plan = p,
            _ => break,
        }
    }
    plan
}

/// The chosen plan as the fleet's figures, and the reasons that describe it (its fit first).
fn sized_for_plan(
    scenario: &Scenario,
    inst: &Instance,
    link: Option<&Link>,
    count: u32,
    job: &Job,
    plan: Plan,
    reasons: &mut Vec<Why>,
) -> Sized {
    let total_tokens = scenario.train_tokens_b * 1e9;
    let target_hours = scenario.target_days.max(0.01) * 24.0;
    let n_instances = plan.instances;
    let devices = n_instances * count;
    let hours = job_hours(&plan, total_tokens);
    let nd = f64::from(devices);
    let states_split = if job.sharded_bytes > 0.0 { 2.0 / 14.0 } else { 0.0 };
    let memory = MemoryNeed {
        weights_gib: plan.weights_gib * nd,
        gradients_gib: plan.states_gib * nd * states_split,
        optimizer_gib: plan.states_gib * nd * (1.0 - states_split),
        activations_gib: plan.activations_gib,
        overhead_gib: job.overhead_gib,
        ..MemoryNeed::default()
    };
    reasons.insert(
        0,
        Why::Fits {
            needed_gib: memory.total_gib(nd),
            available_gib: nd * inst.accel_mem_gib,
            devices,
        },
    );
    if n_instances > 1 {
        reasons.push(Why::MultiNode { instances: n_instances });
    }
    reasons.push(Why::Plan {
        plan: plan.parallelism.clone(),
        terms: plan.terms.clone(),
        link: link.map_or_else(String::new, |l| l.name.clone()),
        across_instances: n_instances > 1,
        efa: inst.has_efa(),
    });
    let short_of_target = hours > target_hours * 1.0001;
    if short_of_target {
        reasons.push(Why::SlowerThanTarget {
            days: hours / 24.0,
            target_days: scenario.target_days,
        });
    }
    Sized {
        n_instances,
        devices_per_replica: devices,
        mem_needed_gib: memory.total_gib(nd),
        memory,
        job_hours: Some(hours),
        gpu_hours: Some(hours * nd),
        parallelism: Some(plan.parallelism),
        short_of_target,
        ..Sized::default()
    }
}
