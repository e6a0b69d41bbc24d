//! Recommendation: which instance types can run the scenario, how many, how fast, at what On-Demand cost, ranked by the priority, with reasons.
//!
//! The articles' decision flow (graphics → G; light inference → G5/G6 or G6e; 30B+ training →
//! Trainium if eligible else P4/P5; frontier → P5-class) is not coded here: it falls out of the
//! eligibility rules, the memory and performance models and the prices, and tests/scenarios.rs checks it.

use super::eligibility::eligibility;
use super::perf::{self, Peak};
use super::rank::rank;
use super::sizing::{hours_on, link_view, size_graphics, size_hpc, size_inference, size_training, Sized};
use crate::catalog::{Accelerator, Catalog, Instance, Stack};
use crate::models::ModelArch;
use crate::scenario::{Scenario, Task};

use super::outcome::{Excluded, Exclusion, MemoryNeed, Outcome, PriceRef, Recommendation, Why};

/// Ranks every instance type of the catalog (or those the scenario restricts to) for the scenario.
pub fn recommend(catalog: &Catalog, scenario: &Scenario) -> Outcome {
    let windowed = for_window(scenario);
    let sized_for_window = windowed.is_some();
    let scenario = windowed.as_ref().unwrap_or(scenario);
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
            Err(e) if !scenario.instances.is_empty() => {
                // An explicitly chosen instance that cannot run it is shown, marked, rather than hidden.
                recs.push(unfit(inst, acc, e));
            }
            Err(e) => excluded.push((inst.family.clone(), inst.id.clone(), e)),
        }
    }
    rank(&mut recs, scenario);
    let nearest = nearest(&recs, &excluded);
    let mut notices = Vec::new();
    if sized_for_window {
        notices.push(Why::SizedForWindow {
            window_days: scenario.purchase.window_days,
        });
    }
    if let Some(mfu) = scenario
        .assumptions
        .end_to_end_train_mfu()
        .filter(|_| scenario.task.is_job())
    {
        notices.push(Why::EndToEndMfu { mfu });
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

/// A job with a window shorter than its `days` target is sized to end inside the window, leaving room
/// for start-up (`restart`) and a Capacity Block's 30-minute stop before its end. `None` otherwise.
fn for_window(scenario: &Scenario) -> Option<Scenario> {
    let window = scenario.purchase.window_days;
    let margin_h = super::cost::CB_END_STOP_H + scenario.purchase.restart_min / 60.0;
    let days = (f64::from(window) * 24.0 - margin_h) / 24.0;
    (scenario.is_job() && window > 0 && days < scenario.target_days).then(|| {
        let mut s = scenario.clone();
        s.target_days = days.max(0.01);
        s
    })
}

/// When nothing fits: the option that came closest by memory (available / needed), among the
/// exclusions and the explicitly chosen types shown unfit; failing a memory figure, the first chosen type.
fn nearest(recs: &[Recommendation], excluded: &[(String, String, Exclusion)]) -> Option<String> {
    if recs.iter().any(|r| r.fits) {
        return None;
    }
    let from_excluded = excluded.iter().filter_map(|(_, id, e)| match e {
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
    });
    let from_unfit = recs
        .iter()
        .filter(|r| r.mem_needed_gib > 0.0)
        .map(|r| (r.instance.clone(), r.mem_available_gib / r.mem_needed_gib));
    from_excluded
        .chain(from_unfit)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(id, _)| id)
        .or_else(|| recs.first().map(|r| r.instance.clone()))
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
    // A type without a known count (an UltraServer) shows none.
    let count = inst.count().unwrap_or(0);
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
            per_accelerator_gib * f64::from(count),
            inst.accel_mem_gib * f64::from(count),
            Why::CannotRun { reason },
        ),
        other => (0.0, 0.0, Why::CannotRun { reason: other }),
    };
    Recommendation {
        instance: inst.id.clone(),
        family: inst.family.clone(),
        accelerator: acc.name.clone(),
        n_instances: 1,
        sized_instances: 1,
        n_accelerators: count,
        fits: false,
        mem_needed_gib: needed_gib,
        mem_available_gib: available_gib,
        memory: MemoryNeed::default(),
        devices_per_replica: 0,
        hourly_usd: None,
        monthly_usd: None,
        job_usd: None,
        usd_per_million_tokens: None,
        monthly_terms: Vec::new(),
        job_terms: Vec::new(),
        price: None,
        job_hours: None,
        base_job_hours: None,
        gpu_hours: None,
        tokens_per_s: None,
        tokens_per_s_per_seq: None,
        prefill_s: None,
        prefill_marginal_s: None,
        first_token: None,
        decode_latency: None,
        speculation: None,
        energy_kwh: None,
        parallelism: None,
        serving_unit: None,
        fp64_tflops: None,
        seats_per_instance: None,
        short_of_target: false,
        priced_instead: None,
        reasons: vec![why],
    }
}

/// What a recommendation of this type says before it is sized: a fractional GPU, a legacy type, Neuron
/// porting, an estimated or MoE model, FP16 in place of BF16.
fn type_reasons(scenario: &Scenario, arch: &ModelArch, inst: &Instance, acc: &Accelerator) -> Vec<Why> {
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
        reasons.push(Why::Porting { stack: acc.stack });
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
    reasons
}

/// No public price in the region, or a price derived from another size's regional multiplier.
fn price_reason(price: Option<&crate::catalog::OnDemandPrice>, region: &str) -> Option<Why> {
    match price {
        None => Some(Why::NoPublicPrice {
            region: region.to_string(),
        }),
        Some(p) if p.derived => Some(Why::DerivedPrice {
            multiplier: p.multiplier.unwrap_or(1.0),
        }),
        Some(_) => None,
    }
}

/// The task's planner on one instance type of `count` accelerators: how many instances, and what they
/// deliver, with the reasons it gives added to `reasons`.
fn size(
    catalog: &Catalog,
    scenario: &Scenario,
    arch: &ModelArch,
    (inst, acc, count): (&Instance, &Accelerator, u32),
    reasons: &mut Vec<Why>,
) -> Result<Sized, Exclusion> {
    Ok(match scenario.task {
        Task::Inference => {
            let link = link_view(catalog, inst, count);
            size_inference(scenario, arch, inst, acc, count, link, reasons)?.0
        }
        Task::Training | Task::Finetune => {
            size_training(scenario, arch, inst, acc, catalog.link(&inst.id), count, reasons)?
        }
        Task::Graphics => size_graphics(scenario, inst, count, reasons)?,
        Task::Hpc => size_hpc(scenario, inst, acc, count, reasons)?,
    })
}

/// Sizes, prices and explains one instance type, or says why it cannot serve.
fn evaluate(
    catalog: &Catalog,
    scenario: &Scenario,
    arch: &ModelArch,
    inst: &Instance,
    acc: &Accelerator,
) -> Result<Recommendation, Exclusion> {
    // A type without a known accelerator count (some UltraServers) is listed but never planned.
    let count = inst.count().ok_or(Exclusion::UnknownCount)?;
    eligibility(scenario, inst, acc, &catalog.price_coverage)?;
    let mut reasons = type_reasons(scenario, arch, inst, acc);
    let sized = size(catalog, scenario, arch, (inst, acc, count), &mut reasons)?;
    let n_instances = sized.n_instances;
    let price = catalog.on_demand(&inst.id, &scenario.region);
    reasons.extend(price_reason(price, &scenario.region));
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
        sized_instances: n_instances,
        n_accelerators: n_instances * count,
        fits: true,
        mem_needed_gib: sized.mem_needed_gib,
        mem_available_gib: paid_devices * inst.accel_mem_gib,
        memory: sized.memory,
        devices_per_replica: sized.devices_per_replica,
        hourly_usd: hourly,
        monthly_usd: hourly.map(|h| h * scenario.hours_per_month),
        job_usd: sized.job_hours.and_then(|j| hourly.map(|h| h * j)),
        usd_per_million_tokens: sized.tokens_per_s.and_then(|t| hourly.map(|h| h / (t * 3600.0) * 1e6)),
        monthly_terms: Vec::new(),
        job_terms: Vec::new(),
        price: price.map(|p| PriceRef {
            source: p.source.clone(),
            as_of: p.as_of,
            derived: p.derived,
        }),
        job_hours: sized.job_hours,
        base_job_hours: sized.job_hours,
        gpu_hours: sized.gpu_hours,
        tokens_per_s: sized.tokens_per_s,
        tokens_per_s_per_seq: sized.tokens_per_s_per_seq,
        prefill_s: sized.prefill_s,
        prefill_marginal_s: sized.prefill_marginal_s,
        first_token: sized.first_token,
        decode_latency: sized.decode_latency,
        speculation: sized.speculation,
        energy_kwh,
        parallelism: sized.parallelism,
        serving_unit: sized.serving_unit,
        fp64_tflops: sized.fp64_tflops,
        seats_per_instance: sized.seats_per_instance,
        short_of_target: sized.short_of_target,
        priced_instead: None,
        reasons,
    };
    apply_purchase(catalog, scenario, &mut rec);
    Ok(rec)
}

/// The recommendation on `n` instances instead of its own: counts, memory on offer, the job's plan and
/// run hours there (one planner run), accelerator-hours and energy, so every figure of the card is the
/// booked fleet's.
fn adopt_fleet(catalog: &Catalog, scenario: &Scenario, rec: &mut Recommendation, n: u32) {
    let old_n = f64::from(rec.n_instances.max(1));
    let per_instance = rec.n_accelerators / rec.n_instances.max(1);
    let old_gpu_hours = rec.gpu_hours;
    rec.mem_available_gib *= f64::from(n) / old_n;
    rec.n_instances = n;
    rec.n_accelerators = per_instance * n;
    // The booked fleet's own plan and pace: the hours every other option is then priced on.
    use super::sizing::training::{job_hours, plan_on};
    if scenario.batch_job() {
        // Replicas serve independently: a batch job's hours scale with the fleet.
        let scale = f64::from(n.max(1)) / old_n;
        rec.base_job_hours = rec.base_job_hours.map(|h| h / scale);
        rec.tokens_per_s = rec.tokens_per_s.map(|t| t * scale);
    } else if let Some(plan) = plan_on(catalog, scenario, &rec.instance, n) {
        rec.base_job_hours = Some(job_hours(&plan, scenario.train_tokens_b * 1e9));
        refit_reasons(rec, &plan, n);
        rec.parallelism = Some(plan.parallelism);
    }
    rec.gpu_hours = rec.base_job_hours.map(|h| h * f64::from(rec.n_accelerators));
    if let (Some(e), Some(old), Some(new)) = (rec.energy_kwh, old_gpu_hours, rec.gpu_hours) {
        rec.energy_kwh = Some(e * new / old.max(1e-9));
    }
}

/// The memory split and the reasons that describe a fleet (what fits, how many instances, the plan)
/// restated for the adopted fleet of `n` instances and its `plan`: the card must not say "Runs across
/// 41 instances" over a booking of 44.
fn refit_reasons(rec: &mut Recommendation, plan: &super::parallel::Plan, n: u32) {
    let nd = f64::from(rec.n_accelerators);
    let m = &mut rec.memory;
    // Gradients and optimizer states keep the split the planner chose (ZeRO-2 shards both alike).
    let states_old = m.gradients_gib + m.optimizer_gib;
    let grad_share = if states_old > 0.0 {
        m.gradients_gib / states_old
    } else {
        0.0
    };
    m.weights_gib = plan.weights_gib * nd;
    m.gradients_gib = plan.states_gib * nd * grad_share;
    m.optimizer_gib = plan.states_gib * nd * (1.0 - grad_share);
    m.activations_gib = plan.activations_gib;
    let needed = m.total_gib(nd);
    rec.reasons.retain(|w| !matches!(w, Why::MultiNode { .. }));
    let mut at = None;
    for (i, w) in rec.reasons.iter_mut().enumerate() {
        match w {
            Why::Fits {
                needed_gib,
                available_gib,
                devices,
            } => {
                *needed_gib = needed;
                *available_gib = rec.mem_available_gib;
                *devices = rec.n_accelerators;
            }
            Why::Plan {
                plan: p,
                terms,
                across_instances,
                ..
            } => {
                p.clone_from(&plan.parallelism);
                terms.clone_from(&plan.terms);
                *across_instances = n > 1;
                at = Some(i);
            }
            _ => {}
        }
    }
    if n > 1 {
        let i = at.unwrap_or(rec.reasons.len());
        rec.reasons.insert(i, Why::MultiNode { instances: n });
    }
}

/// Makes the headline figures exactly the chosen purchase option's (baseline and bursts), or
/// On-Demand's where that option is not offered, with a reason.
fn apply_purchase(catalog: &Catalog, scenario: &Scenario, rec: &mut Recommendation) {
    use crate::scenario::Buy;
    let buy = scenario.purchase.buy;
    let cost = |b: Buy| super::cost::option_cost(catalog, scenario, rec, b, hours_on);
    let mut o = cost(buy);
    if let Some(reason) = o.unavailable.take() {
        // On-Demand, or without an On-Demand price a Capacity Block, or without either Spot (every other
        // option is priced from On-Demand): the card is then the booking the plan makes, never "no
        // price" beside a priced plan (a CB-only type with a Spot price, trn2 in us-east-2).
        let f = [Buy::OnDemand, Buy::CapacityBlock, Buy::Spot]
            .into_iter()
            .filter(|b| *b != buy)
            .map(cost)
            .find(|x| x.unavailable.is_none());
        let Some(f) = f else {
            return; // nothing priced: `Why::NoPublicPrice` says so
        };
        rec.priced_instead = Some(f.buy);
        rec.reasons.push(Why::BuyNotOffered {
            buy,
            reason,
            instead: f.buy,
        });
        o = f;
    }
    // A Capacity Block books the fleet its block length suits: the card then describes that fleet.
    if let Some(n) = o.cb.as_ref().map(|c| c.instances).filter(|n| *n != rec.n_instances) {
        adopt_fleet(catalog, scenario, rec, n);
    }
    if o.unavailable.is_none() {
        rec.hourly_usd = Some(o.hourly_usd);
        rec.monthly_usd = Some(o.monthly_usd);
        rec.job_usd = o.job_usd;
        rec.job_hours = o.job_hours;
        rec.usd_per_million_tokens = o.usd_per_million_tokens;
        rec.monthly_terms = o.monthly_terms;
        rec.job_terms = o.job_terms;
    }
}

#[cfg(test)]
mod tests {
    use crate::catalog_static::catalog;

    #[test]
    fn the_chosen_recommendation_is_the_pick_when_it_fits() {
        let c = catalog();
        let (s, _) = crate::query::parse("v=1&model=llama3.1-8b", &c);
        let o = super::recommend(&c, &s);
        let first = o.recommendations.iter().find(|r| r.fits).map(|r| r.instance.clone());
        let other = o
            .recommendations
            .iter()
            .filter(|r| r.fits)
            .nth(1)
            .map(|r| r.instance.clone());
        let unfit = o.recommendations.iter().find(|r| !r.fits).map(|r| r.instance.clone());
        let name = |p: &str| o.chosen(p).map(|r| r.instance.clone());
        assert_eq!(name(""), first);
        assert!(other.is_some());
        assert_eq!(name(other.as_deref().unwrap_or_default()), other);
        // A pick that does not fit (or is unknown) falls back to the best.
        assert_eq!(name(unfit.as_deref().unwrap_or("no-such-type")), first);
        assert_eq!(name("no-such-type"), first);
    }
}
