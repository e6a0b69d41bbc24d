//! The engine's answer as data: recommendations, exclusions and the reasons behind both.

use super::memory::MemoryNeed;
use crate::catalog::{IsoDate, Stack};
use crate::models::ModelArch;
use crate::scenario::Precision;

/// Why an instance type cannot run the scenario.
#[derive(Clone, Debug, PartialEq)]
pub enum Exclusion {
    /// No accelerator count in the catalog's sources (some UltraServers).
    UnknownCount,
    /// No public price or region data: reservation or Capacity-Block-only units.
    NoPublicOffer,
    /// Not offered On-Demand in the region: the catalog's sources list every size priced there.
    NotInRegion {
        region: String,
    },
    /// No price collected for the region, where the sources do not cover the family there: it may be sold.
    PriceNotCollected {
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
    /// The accelerator generation's toolchain does not run generative LLM decoding (first-generation
    /// Inferentia: AWS's LLM libraries target NeuronCore-v2 and later).
    NoLlmDecode,
    /// No serving plan reaches the per-sequence speed asked for; the best one reaches this.
    TooSlowPerSequence {
        best_tokens_per_s: f64,
        target: f64,
    },
    /// Host RAM cannot hold the weights the instance loads plus the runtime reserve.
    HostRamTooSmall {
        needed_gib: f64,
        ram_gib: f64,
    },
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
    /// The serving plan in words: the TP group, its link, the replicas and what each sequence gets.
    ServingPlan {
        tp: u32,
        /// Instances one replica spans as pipeline stages over EFA (1 = inside one instance).
        pp: u32,
        replicas: u32,
        link: String,
        tokens_per_s_per_seq: f64,
        comm_share: f64,
    },
    /// The concurrent sequences are split over replicas: one replica holds at most `max_fit`.
    SequencesPerReplica {
        max_fit: u32,
        per_replica: u32,
        replicas: u32,
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
    /// The context asked for is longer than the model was trained for.
    ContextBeyondModel {
        context: u32,
        max: u32,
    },
    /// The training plan: how the job spreads over the accelerators and what each step waits for.
    Plan {
        plan: super::parallel::Parallelism,
        terms: super::parallel::StepTerms,
        /// The intra-instance link's name ("NVLink 4 (NVSwitch)", "PCIe Gen4 x16").
        link: String,
        /// Whether replicas or stages talk across instances, and whether over EFA.
        across_instances: bool,
        efa: bool,
    },
    /// No purchase option finishes the job inside the window: the shortest any option takes.
    WindowMissed {
        window_days: u32,
        shortest_days: f64,
        buy: crate::scenario::Buy,
    },
    /// Training is timed at the link's `mfu` as an end-to-end share of peak (what it meant before the
    /// planner), because `teff` is not set.
    EndToEndMfu {
        mfu: f64,
    },
    /// The fleet is sized so the job ends inside the window (`window`), not the `days` target.
    SizedForWindow {
        window_days: u32,
    },
    /// The plan's peak instances need this many vCPUs of the account's quota for the family, in the
    /// region (On-Demand and Spot have separate quotas).
    VcpuQuota {
        family: super::buyer::QuotaFamily,
        spot: bool,
        instances: u32,
        vcpus: u32,
    },
    /// Savings Plans and regional RIs are billing discounts: they reserve no capacity.
    CapacityNotReserved {
        buys: Vec<crate::scenario::Buy>,
    },
    /// A Capacity Block reserves the instances for its dates: the booking (fleet × length, in how many
    /// blocks, how far ahead), and the recommended fleet when the block books a larger one (re-planned).
    CapacityReserved {
        instances: u32,
        days: u32,
        blocks: u32,
        lead_weeks: u32,
        recommended: u32,
    },
    /// The plan runs instances on Spot: what the catalog shows of Spot capacity for the type here.
    SpotAtScale {
        instances: u32,
        zones: u32,
        zones_at_on_demand: u32,
        supply: super::cost::SpotSupply,
        /// A job whose instances must run together.
        together: bool,
    },
    /// The Compute Savings Plan discount for a P-family type: its own Convertible RI discount (`own_ri`),
    /// else the catalog's median over GPU types, and that median.
    ComputeSpShallow {
        discount_pct: f64,
        median_pct: f64,
        own_ri: bool,
    },
    /// The catalog source and date of each rate the plan uses.
    RateDates {
        rates: Vec<super::buyer::RateDate>,
    },
    /// Rates of the plan older than `buyer::STALE_DAYS` before the catalog's date (the engine takes no
    /// clock: ages count from the catalog's newest price), with their age in days.
    StaleRates {
        rates: Vec<(super::buyer::RateDate, i64)>,
        catalog_as_of: crate::catalog::IsoDate,
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
    /// $ per million output tokens at full throughput.
    pub usd_per_million_tokens: Option<f64>,
    /// The terms `monthly_usd` and `job_usd` add up to (empty without a price).
    pub monthly_terms: Vec<super::cost::CostTerm>,
    pub job_terms: Vec<super::cost::CostTerm>,
    pub price: Option<PriceRef>,
    /// Wall-clock hours of the job (on the chosen `buy` option: Spot includes its overhead).
    pub job_hours: Option<f64>,
    /// Wall-clock hours of the job at On-Demand pace, before any Spot overhead: what every purchase
    /// option's cost starts from (so the overhead is never applied twice).
    pub base_job_hours: Option<f64>,
    /// Accelerator-hours of the job.
    pub gpu_hours: Option<f64>,
    /// Aggregate output tokens per second of the fleet.
    pub tokens_per_s: Option<f64>,
    pub tokens_per_s_per_seq: Option<f64>,
    pub prefill_s: Option<f64>,
    /// Accelerator energy: the job's, or a month's for services, kWh (TDP × hours).
    pub energy_kwh: Option<f64>,
    /// How a training or fine-tuning job spreads over the accelerators; `None` where no plan is made.
    pub parallelism: Option<super::parallel::Parallelism>,
    /// What the serving plan's replicas hold, to size a growing fleet from its demand; `None` off serving.
    pub serving_unit: Option<ServingUnit>,
    pub reasons: Vec<Why>,
}

/// A serving plan's unit of capacity: its group size, the most sequences one replica serves still
/// meeting the per-sequence target (all memory holds without one), and replicas per instance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ServingUnit {
    pub tp: u32,
    pub seqs_per_replica: u32,
    /// Replicas one instance hosts (1 when a replica spans instances).
    pub replicas_per_instance: u32,
    /// Instances one replica spans (pipeline stages).
    pub instances_per_replica: u32,
}

impl ServingUnit {
    /// Instances for `users` concurrent sequences and `target_tps` tokens/s in all, counted as the
    /// serving planner counts them: replicas enough for the users, each serving its share of them, or
    /// for the throughput at that share (`tokens_at(seqs)`: a replica's tokens/s), whichever is more.
    pub fn instances(&self, users: f64, target_tps: f64, tokens_at: impl Fn(u32) -> f64) -> f64 {
        let up = |x: f64| (x - 1e-9).ceil().max(1.0);
        let users = up(users);
        let by_users = up(users / f64::from(self.seqs_per_replica.max(1)));
        let share = up(users / by_users);
        let by_tps = if target_tps > 0.0 {
            up(target_tps / tokens_at(share as u32).max(1e-9))
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
    /// A serving request with `output_tokens` of output (none when 0 or without a speed or price).
    pub fn per_request(&self, output_tokens: u32) -> Option<PerRequest> {
        let out = f64::from(output_tokens);
        let speed = self.tokens_per_s_per_seq.filter(|t| *t > 0.0 && out > 0.0)?;
        Some(PerRequest {
            usd: self.usd_per_million_tokens? * out / 1e6,
            prefill_s: self.prefill_s,
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

#[cfg(test)]
mod tests {
    use crate::catalog_static::catalog;

    #[test]
    fn the_chosen_recommendation_is_the_pick_when_it_fits() {
        let c = catalog();
        let (s, _) = crate::query::parse("v=1&model=llama3.1-8b", &c);
        let o = crate::engine::recommend(&c, &s);
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
