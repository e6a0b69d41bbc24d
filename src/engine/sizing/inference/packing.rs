//! The serving planner's packing: the plans of one group shape (the sequences per replica, the replicas and
//! the instances that host them, for the users or a throughput target), the most sequences a replica serves
//! at the targets, a plan's unit of capacity, and the plan to recommend among them.

use super::replica::PlanCtx;
use super::{first_token, ServingPlan};
use crate::engine::eligibility::fleet;
use crate::engine::outcome::{Exclusion, ServingLoad, ServingUnit};
use crate::engine::sizing::ceil_div;
use crate::num::Within;
use crate::scenario::{Priority, Scenario, ServingMode};

impl PlanCtx<'_> {
    /// The chosen plan's unit of capacity: the most sequences a replica of its shape serves at the
    /// per-sequence target (online, at least the readable speed; speed falls as sequences are added), from
    /// the plan's load up to what memory holds; `prio=perf` keeps the plan's own, its speed being the point.
    /// With it, the room the paid replicas leave beyond the users and the speed each user would then get.
    pub(super) fn unit(&self, p: &ServingPlan) -> ServingUnit {
        let s = self.scenario;
        let load = p.seqs_per_replica.max(1);
        let per = if s.priority == Priority::Performance {
            load
        } else {
            // Online, a replica's capacity (what a growing or bursting fleet is sized by) and the room count
            // only users who would still read at a readable speed (`readtps`): a fleet that grows by packing
            // users to memory would sell them below it (expert review Q4: 8.45 tokens/s at month 23).
            let readable = if s.serving == ServingMode::Online {
                s.assumptions.readable_tokens_per_s
            } else {
                0.0
            };
            self.most_meeting(p.tp, load, p.max_seqs_per_replica, readable)
        };
        let room_tokens_per_s_per_seq = self.estimate(p.tp, per).tokens_per_s_per_seq;
        let unreadable =
            s.serving == ServingMode::Online && room_tokens_per_s_per_seq < s.assumptions.readable_tokens_per_s;
        let capacity = u64::from(p.hosted) * u64::from(per);
        let room_users = if unreadable {
            0
        } else {
            capacity.saturating_sub(u64::from(p.users)).min(u64::from(u32::MAX)) as u32
        };
        ServingUnit {
            tp: p.tp,
            seqs_per_replica: per,
            replicas_per_instance: if p.pp > 1 { 1 } else { (self.count / p.tp).max(1) },
            instances_per_replica: p.pp.max(1),
            load: ServingLoad {
                replicas: p.hosted,
                users: p.users,
                users_per_replica: p.seqs_per_replica,
                room_users,
                room_tokens_per_s_per_seq,
            },
        }
    }

    /// The most sequences in `lo..=hi` a replica of `tp` serves with each still at the per-sequence
    /// target (and at least `floor_tps`) and within the time-to-first-token target (`hi` without either;
    /// `lo` when even that misses): a binary search, speed falling and the wait growing with load.
    fn most_meeting(&self, tp: u32, lo: u32, hi: u32, floor_tps: f64) -> u32 {
        let s = self.scenario;
        let least = s.seq_tps.max(floor_tps);
        let meets = |n: u32| {
            if least <= 0.0 && s.ttft_s <= 0.0 {
                return true;
            }
            let e = self.estimate(tp, n);
            let fast = least <= 0.0 || e.tokens_per_s_per_seq >= least;
            let first = s.ttft_s <= 0.0 || first_token(&e, s.output_tokens, n).is_none_or(|f| f.ttft_s <= s.ttft_s);
            fast && first
        };
        let (mut lo, mut hi) = (lo.max(1), hi.max(lo.max(1)));
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if meets(mid) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }

    /// Plans for one group shape. Online: the most sequences per replica that fit, and (with a
    /// per-sequence target) fewer, halving, down to one; the instances those replicas need; then the users
    /// spread over every replica the instances host, each replica estimated at its load. With a throughput
    /// target: one plan, each replica packed to the most sequences memory holds (or that meet the
    /// per-sequence target), replicas enough for the target and the users.
    pub(super) fn plans_for(&self, tp: u32, pp: u32, max: u32, out: &mut Vec<ServingPlan>) {
        let s = self.scenario;
        let batch = s.batch.max(1);
        let per_instance = if pp > 1 { 1 } else { (self.count / tp).max(1) };
        let instances_for = |replicas: u32| {
            let n = if pp > 1 {
                u64::from(replicas) * u64::from(pp)
            } else {
                u64::from(ceil_div(replicas, per_instance))
            };
            fleet(n).ok().map(|n_instances| {
                let hosted = if pp > 1 { replicas } else { n_instances * per_instance };
                (n_instances, hosted)
            })
        };
        let target_tps = s.fleet_target_tps();
        if target_tps > 0.0 {
            let load = self.most_meeting(tp, 1, max, 0.0);
            let estimate = self.estimate(tp, load);
            let by_tps = (target_tps / estimate.tokens_per_s.max(1e-9)).ceil().within(1.0, 1e6) as u32;
            let replicas = ceil_div(batch, load).max(by_tps);
            if let Some((n_instances, hosted)) = instances_for(replicas) {
                out.push(ServingPlan {
                    tp,
                    pp,
                    replicas,
                    seqs_per_replica: load,
                    max_seqs_per_replica: max,
                    n_instances,
                    hosted,
                    users: hosted.saturating_mul(load),
                    packed: true,
                    estimate,
                });
            }
            return;
        }
        let mut cap = max.min(batch).max(1);
        loop {
            let replicas = ceil_div(batch, cap);
            if let Some((n_instances, hosted)) = instances_for(replicas) {
                let load = ceil_div(batch, hosted.max(1));
                out.push(ServingPlan {
                    tp,
                    pp,
                    replicas,
                    seqs_per_replica: load,
                    max_seqs_per_replica: max,
                    n_instances,
                    hosted,
                    users: batch,
                    packed: false,
                    estimate: self.estimate(tp, load),
                });
            }
            if (s.seq_tps <= 0.0 && s.ttft_s <= 0.0) || cap == 1 {
                break;
            }
            cap /= 2;
        }
    }
}

/// The plan to recommend: among those meeting the per-sequence target, the fastest per sequence for
/// `prio=perf`; otherwise the fewest instances, then the most throughput they host, then the fastest.
pub(super) fn choose(
    plans: Vec<ServingPlan>,
    scenario: &Scenario,
    fallback: Exclusion,
) -> Result<ServingPlan, Exclusion> {
    let target = scenario.seq_tps;
    let best_speed = plans
        .iter()
        .map(|p| p.estimate.tokens_per_s_per_seq)
        .fold(0.0, f64::max);
    let ok: Vec<ServingPlan> = plans
        .into_iter()
        .filter(|p| target <= 0.0 || p.estimate.tokens_per_s_per_seq >= target)
        .collect();
    if ok.is_empty() {
        return Err(if target > 0.0 && best_speed > 0.0 {
            Exclusion::TooSlowPerSequence {
                best_tokens_per_s: best_speed,
                target,
            }
        } else {
            fallback
        });
    }
    // The time-to-first-token target, among the plans fast enough: the least it reaches when none is.
    let ttft = |p: &ServingPlan| p.first_token(scenario.output_tokens).map(|f| f.ttft_s);
    let best_ttft = ok.iter().filter_map(ttft).reduce(f64::min);
    let mut ok = ok;
    ok.retain(|p| scenario.ttft_s <= 0.0 || ttft(p).is_some_and(|t| t <= scenario.ttft_s));
    if ok.is_empty() {
        return Err(Exclusion::SlowFirstToken {
            best_s: best_ttft,
            target_s: scenario.ttft_s,
        });
    }
    let speed = |p: &ServingPlan| p.estimate.tokens_per_s_per_seq;
    let hosted = |p: &ServingPlan| p.fleet_tokens_per_s() / f64::from(p.n_instances.max(1));
    let better = |a: &ServingPlan, b: &ServingPlan| -> bool {
        if scenario.priority == Priority::Performance {
            if speed(a) != speed(b) {
                return speed(a) > speed(b);
            }
            return a.n_instances < b.n_instances;
        }
        if a.n_instances != b.n_instances {
            return a.n_instances < b.n_instances;
        }
        if hosted(a) != hosted(b) {
            return hosted(a) > hosted(b);
        }
        speed(a) > speed(b)
    };
    let mut it = ok.into_iter();
    let mut best = it.next().ok_or(fallback)?;
    for p in it {
        if better(&p, &best) {
            best = p;
        }
    }
    Ok(best)
}
