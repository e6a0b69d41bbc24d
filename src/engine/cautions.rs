//! What a plan would otherwise pass over in silence (issue 24): Spot past the target or window, or left
//! out of a windowed plan; a job's Spot risks; training that mostly waits on communication (with a
//! larger batch that waits less and costs less); and the limits a scenario ran into.

use super::cost::{rate_per_hour, OptionCost};
use super::outcome::{Limit, Plan, Recommendation, Segment, Why};
use crate::catalog::Catalog;
use crate::scenario::{Buy, Scenario, Task};

/// Above this share of each step waiting on communication, training says so (a stated threshold: the
/// planner's well-linked plans wait under a fifth of each step, PCIe-bound ones over a quarter).
pub const COMM_SHARE_MAX: f64 = 0.3;

/// Pre-training with a global batch under this many tokens says so: GPT-3's smallest model trained
/// at 0.5 M tokens a step, its 175B at 3.2 M (Brown et al. 2020, Table 2.1); Llama 2 at 4 M.
pub const MIN_GLOBAL_TOKENS: f64 = 0.5e6;

/// The accelerators AWS has announced for one EC2 UltraCluster: up to 20,000 H100 GPUs (P5, July 2023).
pub const ULTRACLUSTER_ACCELERATORS: u32 = 20_000;

/// The cautions for a plan on `rec`, after the buyer's notices, and the larger batch `Why::CommBound`
/// offers (`Plan::larger_batch`).
pub fn cautions(
    catalog: &Catalog,
    scenario: &Scenario,
    rec: &Recommendation,
    plan: &Plan,
) -> (Vec<Why>, Option<(&'static str, u32)>) {
    let mut out = Vec::new();
    let mut larger_batch = None;
    if rec.job_hours.is_some() {
        let spot = super::cost::option_cost(catalog, scenario, rec, Buy::Spot, super::sizing::hours_on);
        spot_cautions(scenario, rec, plan, &spot, &mut out);
        if let Some((w, batch)) = comm_bound(catalog, scenario, rec) {
            out.push(w);
            larger_batch = batch;
        }
    } else if scenario.hours_per_month <= 0.0 {
        out.push(Why::Limit(Limit::NoHours));
    }
    let max = super::eligibility::MAX_INSTANCES;
    if let Some(m) = plan.fleet_by_month.iter().position(|n| u64::from(*n) >= max) {
        out.push(Why::Limit(Limit::GrowthCapped {
            from_month: m as u32 + 1,
        }));
    }
    let peak = plan
        .fleet_by_month
        .iter()
        .copied()
        .max()
        .unwrap_or(0)
        .max(rec.n_instances);
    let per = rec.n_accelerators / rec.n_instances.max(1);
    let accelerators = peak.saturating_mul(per.max(1));
    if accelerators > ULTRACLUSTER_ACCELERATORS {
        out.push(Why::Limit(Limit::BeyondCluster { accelerators }));
    }
    (out, larger_batch)
}

/// Spot for a job: past the target or the window, left out of a windowed plan, and its risks.
fn spot_cautions(scenario: &Scenario, rec: &Recommendation, plan: &Plan, spot: &OptionCost, out: &mut Vec<Why>) {
    let (Some(hours), None) = (spot.job_hours, &spot.unavailable) else {
        return;
    };
    let p = &scenario.purchase;
    let on_spot = plan
        .items
        .iter()
        .any(|i| i.buy == Buy::Spot && i.segment == Segment::Job);
    let shown = on_spot || p.buy == Buy::Spot;
    let days = hours / 24.0;
    let window = f64::from(p.window_days);
    if shown {
        // Past the hard window first (it is the harder limit), else past the target (half a percent of slack).
        if window > 0.0 && days > window {
            out.push(Why::SpotPastTime {
                spot_days: days,
                limit_days: window,
                window: true,
            });
        } else if days > scenario.target_days * 1.005
            && rec
                .base_job_hours
                .or(rec.job_hours)
                .is_some_and(|h| h / 24.0 <= scenario.target_days * 1.005)
            && (window <= 0.0 || scenario.target_days < window)
        {
            // Only news when the fleet meets the target without Spot (else the type already says it is
            // slower): its hours before Spot's overhead, which `job_hours` includes when Spot is chosen.
            out.push(Why::SpotPastTime {
                spot_days: days,
                limit_days: scenario.target_days,
                window: false,
            });
        }
    }
    if window > 0.0 && !p.spot_in_window && !on_spot {
        if let Some(spot_usd) = spot.comparable_usd().filter(|u| *u < plan.horizon_usd * 0.99) {
            out.push(Why::SpotLeftOut {
                window_days: p.window_days,
                spot_days: days,
                saving_pct: (1.0 - spot_usd / plan.horizon_usd.max(1e-9)) * 100.0,
            });
        }
    }
    // A long run (a week or more), or instances that must share one zone, carries the risks worth naming.
    let n = rec.n_instances;
    if let (true, Some(d)) = (shown && (days >= 7.0 || n > 1), spot.spot.as_ref()) {
        out.push(Why::SpotRisks {
            days,
            interruptions: rate_per_hour(d.interrupt_pct_month) * f64::from(n) * hours,
            zones: d.zones,
            // A batch job's replicas need no shared zone: none run together.
            instances: if crate::engine::cost::runs_together(scenario.task) {
                n
            } else {
                1
            },
        });
    }
}

/// Training whose steps mostly wait on communication or whose global batch is small, and a larger
/// batch (×2 … ×32) on the same type that waits less and costs less at the chosen option, if one does (its
/// link key and value).
fn comm_bound(
    catalog: &Catalog,
    scenario: &Scenario,
    rec: &Recommendation,
) -> Option<(Why, Option<(&'static str, u32)>)> {
    let par = rec.parallelism.as_ref()?;
    let tokens = |p: &super::outcome::Parallelism| {
        f64::from(p.dp) * f64::from(p.micro_batch) * f64::from(p.grad_accum) * f64::from(scenario.context_tokens)
    };
    let pretraining = scenario.task == Task::Training;
    let short = |p: &super::outcome::Parallelism| pretraining && tokens(p) < MIN_GLOBAL_TOKENS;
    if par.comm_share <= COMM_SHARE_MAX && !short(par) {
        return None;
    }
    let usd = rec.job_usd?;
    let (key, now, cap) = if scenario.global_batch > 0 {
        ("gbatch", scenario.global_batch, 1_000_000)
    } else {
        ("batch", scenario.batch.max(1), 65_536)
    };
    let try_at = |v: u32| {
        let mut s = scenario.clone();
        s.instances = vec![rec.instance.clone()];
        if key == "gbatch" {
            s.global_batch = v;
        } else {
            s.batch = v;
        }
        let o = super::recommend::recommend(catalog, &s);
        let r = o.recommendations.into_iter().find(|r| r.fits)?;
        let p = r.parallelism?;
        let cheaper = r.job_usd.filter(|u| *u < usd * 0.95)?;
        Some((v, cheaper, p.comm_share <= COMM_SHARE_MAX && !short(&p)))
    };
    let tried: Vec<(u32, f64, bool)> = [2, 4, 8, 16, 32]
        .iter()
        .map(|k| now.saturating_mul(*k))
        .filter(|v| *v <= cap)
        .filter_map(try_at)
        .collect();
    // The first that clears both bars, else the cheapest.
    let pick = tried
        .iter()
        .find(|t| t.2)
        .or_else(|| tried.iter().min_by(|a, b| a.1.total_cmp(&b.1)));
    let why = Why::CommBound {
        comm_share: par.comm_share,
        global_tokens: tokens(par),
        key,
        better: pick.map(|t| (t.0, (1.0 - t.1 / usd) * 100.0)),
    };
    Some((why, pick.map(|t| (key, t.0))))
}
