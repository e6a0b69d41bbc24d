//! The engine's answer as data: recommendations, exclusions and the reasons behind both.
//!
//! The engine's bottom layer: every type here is data, and this folder imports no other engine module.

mod cost;
mod plan;
mod sizing;
mod why;

pub use cost::{CostTerm, NotOffered, SpotSupply, TermKind};
pub use plan::{Plan, PlanItem, QuotaFamily, RateDate, Segment};
pub use sizing::{MemoryNeed, Parallelism, Recompute, Speculated, StepTerms};
pub use why::{Exclusion, Figure, Limit, Why};

use crate::catalog::IsoDate;
use crate::models::ModelArch;

/// Where an hourly price comes from.
#[derive(Clone, Debug, PartialEq)]
pub struct PriceRef {
    pub source: String,
    pub as_of: IsoDate,
    pub derived: bool,
}

/// One ranked option. Not `Clone` in the page (its clone was ~4 KB of the wasm; the page and the plan
/// read recommendations in place); native code (the CLI, tests) may copy one.
#[cfg_attr(not(target_arch = "wasm32"), derive(Clone))]
#[derive(Debug, PartialEq)]
pub struct Recommendation {
    pub instance: String,
    pub family: String,
    pub accelerator: String,
    pub n_instances: u32,
    /// The fleet the sizing chose; `n_instances` differs only where a Capacity Block books another.
    pub sized_instances: u32,
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
    /// For all the instances together, at the chosen `buy` option (On-Demand where it is not
    /// offered): exactly that option's figures, baseline and bursts.
    pub hourly_usd: Option<f64>,
    pub monthly_usd: Option<f64>,
    /// Cost of one training or fine-tuning job.
    pub job_usd: Option<f64>,
    /// $ per million output tokens: the month's cost over the tokens the fleet's users generate.
    pub usd_per_million_tokens: Option<f64>,
    /// The terms `monthly_usd` and `job_usd` add up to (empty without a price).
    pub monthly_terms: Vec<CostTerm>,
    pub job_terms: Vec<CostTerm>,
    pub price: Option<PriceRef>,
    /// Wall-clock hours of the job (on the chosen `buy` option: Spot includes its overhead).
    pub job_hours: Option<f64>,
    /// Wall-clock hours of the job at On-Demand pace, before any Spot overhead: what every purchase
    /// option's cost starts from (so the overhead is never applied twice).
    pub base_job_hours: Option<f64>,
    /// Accelerator-hours of the job.
    pub gpu_hours: Option<f64>,
    /// Output tokens per second the fleet's users generate: users × `tokens_per_s_per_seq`.
    pub tokens_per_s: Option<f64>,
    pub tokens_per_s_per_seq: Option<f64>,
    pub prefill_s: Option<f64>,
    /// What one more prompt adds to a replica's batch (its FLOPs and all-reduces; the weight read and step
    /// time are shared): the `t_prefill` each user's speed counts.
    pub prefill_marginal_s: Option<f64>,
    /// Time to first token for the stated prompt at the stated load (prefill plus the wait for the
    /// replica's prefill slot, `perf::first_token`): the one figure every surface shows; `None` off serving
    /// or without a compute figure.
    pub first_token: Option<FirstToken>,
    /// The latency terms the serving estimate charged each decode step (the family's own where it has
    /// them: Neuron's `nhop` and `nstepms`), for the formula line to print what was used.
    pub decode_latency: Option<DecodeLatency>,
    /// Speculative decoding's terms where the serving estimate speculates (`spec`), for the formula line.
    pub speculation: Option<Speculated>,
    /// Accelerator energy: the job's, or a month's for services, kWh (TDP × hours).
    pub energy_kwh: Option<f64>,
    /// How a training or fine-tuning job spreads over the accelerators; `None` where no plan is made.
    pub parallelism: Option<Parallelism>,
    /// What the serving plan's replicas hold, to size a growing fleet from its demand; `None` off serving.
    pub serving_unit: Option<ServingUnit>,
    /// HPC: peak FP64 TFLOPS of all the accelerators together (`Why::Fp64` states it); `None` off HPC.
    pub fp64_tflops: Option<f64>,
    /// Graphics: the seats one instance carries (`Why::Seats` states it); `None` off graphics.
    pub seats_per_instance: Option<u32>,
    /// A job slower than its target or online serving below a readable speed (`Why::SlowerThanTarget`,
    /// `Why::BelowReadingSpeed` say by how much): it ranks after every option that meets the target.
    pub short_of_target: bool,
    /// The purchase option the headline figures are where the chosen one is not offered for the type
    /// (`Why::BuyNotOffered` says why); `None` when they are the chosen option's.
    pub priced_instead: Option<crate::scenario::Buy>,
    /// The explanation, in order; every figure it states is also a field above, set from the same value.
    pub reasons: Vec<Why>,
}

/// A serving plan's unit of capacity: its group size, the most sequences one replica serves still
/// meeting the per-sequence target (all memory holds without one), and replicas per instance; and how
/// the plan loads it: the users spread over the replicas, and the room left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ServingUnit {
    pub tp: u32,
    pub seqs_per_replica: u32,
    /// Replicas one instance hosts (1 when a replica spans instances).
    pub replicas_per_instance: u32,
    /// Instances one replica spans (pipeline stages).
    pub instances_per_replica: u32,
    pub load: ServingLoad,
}

/// How the paid fleet is loaded. Online: the stated users spread over every replica the instances host
/// (⌈users ÷ replicas⌉ on the busiest, whose speed every user is counted at). With a throughput target:
/// every replica packed to the load the planner chose. The fleet's tokens/s is `users` × the speed each
/// gets (`Recommendation::tokens_per_s_per_seq`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ServingLoad {
    /// Replicas the paid instances host.
    pub replicas: u32,
    /// Concurrent sequences the fleet serves (the stated users, or replicas × the packed load).
    pub users: u32,
    /// Sequences on the busiest replica.
    pub users_per_replica: u32,
    /// More users the same instances hold at `seqs_per_replica` a replica (memory, or the per-sequence
    /// target), and the speed each user then gets.
    pub room_users: u32,
    pub room_tokens_per_s_per_seq: f64,
}

impl ServingUnit {
    /// Instances for `users` concurrent sequences and `target_tps` tokens/s in all, counted as the
    /// serving planner counts them: replicas enough for the users at `seqs_per_replica` each, or for the
    /// throughput with every replica packed to `seqs_per_replica` (`tokens_at(seqs)`: a replica's
    /// tokens/s), whichever is more.
    pub fn instances(&self, users: f64, target_tps: f64, tokens_at: impl Fn(u32) -> f64) -> f64 {
        let up = |x: f64| (x - 1e-9).ceil().max(1.0);
        let users = up(users);
        let per = self.seqs_per_replica.max(1);
        let by_users = up(users / f64::from(per));
        let by_tps = if target_tps > 0.0 {
            up(target_tps / tokens_at(per).max(1e-9))
        } else {
            1.0
        };
        let replicas = by_users.max(by_tps);
        if self.instances_per_replica > 1 {
            replicas * f64::from(self.instances_per_replica)
        } else {
            up(replicas / f64::from(self.replicas_per_instance.max(1)))
        }
    }
}

/// Fixed latency terms of a serving decode step as the estimate used them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DecodeLatency {
    /// Fixed part of one tensor-parallel all-reduce, µs.
    pub allreduce_us: f64,
    /// Per ring hop, µs (0 over NVSwitch: a one-shot all-reduce costs the same at any TP degree).
    pub hop_us: f64,
    /// Fixed time of every step, ms.
    pub step_ms: f64,
}

/// Time to first token at load, and its parts.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FirstToken {
    /// Prefill of the prompt alone (`DecodeEstimate::prefill_s`).
    pub prefill_s: f64,
    /// Share of the replica's prefill slot the other users' prompts keep busy, 0..1.
    pub slot_busy: f64,
    /// Mean wait for the slot.
    pub wait_s: f64,
    /// `prefill_s + wait_s`.
    pub ttft_s: f64,
}

/// One serving request of a stated length, at the fleet's full-load figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PerRequest {
    /// Its share of the fleet's cost: $ per million output tokens × its output tokens.
    pub usd: f64,
    /// Prefill of its prompt (the first token's wait, queueing aside); `None` without a compute figure.
    pub prefill_s: Option<f64>,
    /// Its output at the speed each user gets, which counts the replica's prefills when they are known.
    pub total_s: f64,
}

impl Recommendation {
    /// The purchase option the headline figures are: the chosen one, or the one they fell back to
    /// where it is not offered for the type (`priced_instead`).
    pub fn priced_as(&self, chosen: crate::scenario::Buy) -> crate::scenario::Buy {
        self.priced_instead.unwrap_or(chosen)
    }

    /// Seconds to the first token (`first_token`'s total).
    pub fn ttft_s(&self) -> Option<f64> {
        self.first_token.map(|f| f.ttft_s)
    }

    /// A serving request with `output_tokens` of output (none when 0 or without a speed or price).
    pub fn per_request(&self, output_tokens: u32) -> Option<PerRequest> {
        let out = f64::from(output_tokens);
        let speed = self.tokens_per_s_per_seq.filter(|t| *t > 0.0 && out > 0.0)?;
        Some(PerRequest {
            usd: self.usd_per_million_tokens? * out / 1e6,
            prefill_s: self.ttft_s().or(self.prefill_s),
            total_s: out / speed,
        })
    }
}

/// An excluded family (or some of its sizes) and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Excluded {
    pub family: String,
    pub instances: Vec<String>,
    pub reason: Exclusion,
}

/// The engine's answer (`Clone` off the page, as `Recommendation`).
#[cfg_attr(not(target_arch = "wasm32"), derive(Clone))]
#[derive(Debug, PartialEq)]
pub struct Outcome {
    pub recommendations: Vec<Recommendation>,
    pub excluded: Vec<Excluded>,
    /// When nothing fits: the option that came closest, by memory.
    pub nearest: Option<String>,
    pub arch: ModelArch,
    /// Remarks about the scenario itself, shown once above the results.
    pub notices: Vec<Why>,
}

impl Outcome {
    /// The recommendation the page shows and exports: the one the link picks (`pick=`) when it fits,
    /// else the first that fits; `None` when nothing fits.
    pub fn chosen(&self, pick: &str) -> Option<&Recommendation> {
        let fits = || self.recommendations.iter().filter(|r| r.fits);
        fits()
            .find(|r| !pick.is_empty() && r.instance == pick)
            .or_else(|| fits().next())
    }
}
