//! The cost-versus-latency curve (issue 26 item 2): every instance type × tensor-parallel degree × users
//! per replica the serving planner can build for the scenario's model, each as dollars per million output
//! tokens against each user's tokens/s and time to first token, with the Pareto front marked.
//!
//! A point is one instance of the type with every replica it hosts loaded to `users_per_replica`: its
//! tokens/s are replicas × users × each one's speed (the planner's estimate at that load), its cost the
//! instance's hour at the scenario's purchase option as the ranked recommendation prices it. The front is
//! the lower-left envelope in (cost, 1 / speed): a point is on it when no other point is as cheap and as
//! fast with one of the two strictly better.

use super::outcome::{FirstToken, Outcome};
use super::perf;
use super::recommend::recommend;
use super::sizing::{serving_estimate, serving_layouts};
use crate::catalog::Catalog;
use crate::scenario::{Scenario, Task};

/// One buildable layout.
#[derive(Clone, Debug, PartialEq)]
pub struct CurvePoint {
    pub instance: String,
    pub tp: u32,
    pub replicas_per_instance: u32,
    pub users_per_replica: u32,
    pub tokens_per_s_per_user: f64,
    pub usd_per_million_tokens: f64,
    /// Prefill and the wait for the replica's prefill slot at this load (`None` without a compute figure).
    pub ttft_s: Option<f64>,
    /// On the Pareto front (no point as cheap and as fast, one of them strictly).
    pub front: bool,
}

/// Users per replica tried for a shape holding at most `max`: powers of two up to it, and `max` itself.
fn loads(max: u32) -> Vec<u32> {
    let mut out = Vec::new();
    let mut n = 1u32;
    while n < max {
        out.push(n);
        n = n.saturating_mul(2);
    }
    out.push(max.max(1));
    out
}

/// Every layout of every type that fits the scenario (serving only; empty otherwise), cheapest first (the
/// faster of equal costs first), front marked.
pub fn curve(catalog: &Catalog, scenario: &Scenario) -> Vec<CurvePoint> {
    if scenario.task != Task::Inference {
        return Vec::new();
    }
    let outcome = recommend(catalog, scenario);
    let mut points = Vec::new();
    for r in outcome.recommendations.iter().filter(|r| r.fits) {
        let Some(hourly) = r.hourly_usd.map(|h| h / f64::from(r.n_instances.max(1))) else {
            continue;
        };
        let (count, shapes) = serving_layouts(catalog, scenario, &r.instance);
        for (tp, max) in shapes {
            let replicas = (count / tp.max(1)).max(1);
            for users in loads(max.min(4096)) {
                let Some(e) = serving_estimate(catalog, scenario, &r.instance, tp, users) else {
                    continue;
                };
                let tokens_s = f64::from(replicas) * f64::from(users) * e.tokens_per_s_per_seq;
                if tokens_s <= 0.0 {
                    continue;
                }
                let out = f64::from(scenario.output_tokens);
                let request_s = if out > 0.0 { out / e.tokens_per_s_per_seq } else { 0.0 };
                let ttft = match (e.prefill_s, e.prefill_marginal_s) {
                    (Some(p), Some(m)) => Some(perf::first_token(p, m, users, request_s)),
                    _ => None,
                };
                points.push(CurvePoint {
                    instance: r.instance.clone(),
                    tp,
                    replicas_per_instance: replicas,
                    users_per_replica: users,
                    tokens_per_s_per_user: e.tokens_per_s_per_seq,
                    usd_per_million_tokens: hourly / (tokens_s * 3600.0) * 1e6,
                    ttft_s: ttft.map(|f: FirstToken| f.ttft_s),
                    front: false,
                });
            }
        }
    }
    mark_front(points)
}

/// The scenario the page draws the curve for: the same workload with no type pinned (`inst`), no per-user
/// speed or first-token target and one user, since a click on the curve sets those (a point's link keys);
/// so the curve stays the same while the user moves along it. A point does not depend on the users.
pub fn page_scenario(scenario: &Scenario) -> Scenario {
    Scenario {
        instances: Vec::new(),
        seq_tps: 0.0,
        ttft_s: 0.0,
        target_tps: 0.0,
        batch: 1,
        ..scenario.clone()
    }
}

/// The top recommendation's layout as a point of the curve, priced as `curve` prices one: an instance (or
/// the instances one replica spans) with every replica at the pick's users per replica. `None` when nothing
/// fits or the task is not serving.
pub fn pick(outcome: &Outcome) -> Option<CurvePoint> {
    let r = outcome.chosen("")?;
    let unit = r.serving_unit?;
    let speed = r.tokens_per_s_per_seq?;
    let hourly = r.hourly_usd? / f64::from(r.n_instances.max(1)) * f64::from(unit.instances_per_replica.max(1));
    let users = unit.load.users_per_replica.max(1);
    let tokens_s = f64::from(unit.replicas_per_instance.max(1)) * f64::from(users) * speed;
    (tokens_s > 0.0).then(|| CurvePoint {
        instance: r.instance.clone(),
        tp: unit.tp,
        replicas_per_instance: unit.replicas_per_instance,
        users_per_replica: users,
        tokens_per_s_per_user: speed,
        usd_per_million_tokens: hourly / (tokens_s * 3600.0) * 1e6,
        ttft_s: r.first_token.map(|f| f.ttft_s),
        front: false,
    })
}

/// Sorts the points cheapest first (the faster of equal costs first) and marks the lower-left envelope:
/// a point is on the front when it is faster than every cheaper one. Sorted once here, the front reads
/// off in order (`render::curve::front`) with no second sort in the wasm.
pub fn mark_front(points: Vec<CurvePoint>) -> Vec<CurvePoint> {
    let mut points = crate::order::sorted(points, &|p: &CurvePoint, q: &CurvePoint| {
        p.usd_per_million_tokens
            .total_cmp(&q.usd_per_million_tokens)
            .then(q.tokens_per_s_per_user.total_cmp(&p.tokens_per_s_per_user))
    });
    let mut fastest = f64::NEG_INFINITY;
    for p in &mut points {
        p.front = p.tokens_per_s_per_user > fastest;
        fastest = fastest.max(p.tokens_per_s_per_user);
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(usd: f64, speed: f64) -> CurvePoint {
        CurvePoint {
            instance: String::new(),
            tp: 1,
            replicas_per_instance: 1,
            users_per_replica: 1,
            tokens_per_s_per_user: speed,
            usd_per_million_tokens: usd,
            ttft_s: None,
            front: false,
        }
    }

    #[test]
    fn the_front_is_what_nothing_beats_on_both() {
        // (1, 10) cheapest; (2, 30) faster; (3, 20) beaten by (2, 30); (2, 25) beaten by (2, 30) at the
        // same cost; (5, 50) fastest.
        let ps = mark_front(vec![
            pt(3.0, 20.0),
            pt(1.0, 10.0),
            pt(2.0, 25.0),
            pt(5.0, 50.0),
            pt(2.0, 30.0),
        ]);
        // Cheapest first, the faster of equal costs first.
        let got: Vec<(f64, f64, bool)> = ps
            .iter()
            .map(|p| (p.usd_per_million_tokens, p.tokens_per_s_per_user, p.front))
            .collect();
        let want = vec![
            (1.0, 10.0, true),
            (2.0, 30.0, true),
            (2.0, 25.0, false),
            (3.0, 20.0, false),
            (5.0, 50.0, true),
        ];
        assert_eq!(got, want);
    }
}
