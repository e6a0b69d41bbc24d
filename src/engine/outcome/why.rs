//! Why, in data: the reasons behind a recommendation or a plan (`Why`), and why a type cannot run the scenario (`Exclusion`).

use super::{NotOffered, Parallelism, QuotaFamily, RateDate, SpotSupply, StepTerms};
use crate::catalog::Stack;
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
    /// No plan of the type reaches the time-to-first-token target (`ttft`, at the stated load) among
    /// those meeting the per-sequence target; `best_s` is the least it reaches (`None`: no compute figure
    /// to estimate it, so the target cannot be shown to be met).
    SlowFirstToken {
        best_s: Option<f64>,
        target_s: f64,
    },
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
    /// The concurrent sequences (`users`) are spread over every replica the instances host, at most
    /// `per_replica` each: one replica holds at most `max_fit`.
    SequencesPerReplica {
        max_fit: u32,
        per_replica: u32,
        replicas: u32,
        users: u32,
    },
    /// With a throughput target the planner chooses each replica's load: `per_replica` sequences, the
    /// most its memory holds (`max_fit`) or, with a per-sequence target, the most that still meet it
    /// (`by_seq_target`); the work is assumed queued deep enough to keep every replica that full.
    PackedForTarget {
        per_replica: u32,
        max_fit: u32,
        by_seq_target: bool,
        replicas: u32,
    },
    MultiNode {
        instances: u32,
    },
    /// Online serving at less than a readable speed per user (the `readtps` assumption).
    BelowReadingSpeed {
        tokens_per_s_per_seq: f64,
        readable_tokens_per_s: f64,
    },
    SlowerThanTarget {
        days: f64,
        target_days: f64,
    },
    Fp16Instead,
    /// A model on a non-CUDA stack needs its SDK and time to port.
    Porting {
        stack: Stack,
    },
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
    /// The chosen purchase option is not available for this type; figures are `instead`'s (On-Demand,
    /// or where that has no price either, the cheapest option offered: a Capacity Block).
    BuyNotOffered {
        buy: crate::scenario::Buy,
        reason: NotOffered,
        instead: crate::scenario::Buy,
    },
    /// The context asked for is longer than the model was trained for.
    ContextBeyondModel {
        context: u32,
        max: u32,
    },
    /// The training plan: how the job spreads over the accelerators and what each step waits for.
    Plan {
        plan: Parallelism,
        terms: StepTerms,
        /// The intra-instance link's name ("NVLink 4 (NVSwitch)", "PCIe Gen4 x16").
        link: String,
        /// Whether replicas or stages talk across instances, and whether over EFA.
        across_instances: bool,
        efa: bool,
    },
    /// The job runs longer than the planning horizon (`months`): its cost covers the whole job.
    JobBeyondHorizon {
        job_days: f64,
        months: u32,
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
        family: QuotaFamily,
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
        supply: SpotSupply,
        /// A job (its instances, if more than one, must run together).
        together: bool,
    },
    /// The Compute Savings Plan discount for a P-family type: its own Convertible RI discount (`own_ri`),
    /// else the catalog's median over GPU types, and that median.
    ComputeSpShallow {
        /// The term shown: the headline's Compute SP term, else 3 where the plan buys a 3-year one, else 1.
        term_years: u32,
        discount_pct: f64,
        median_pct: f64,
        own_ri: bool,
    },
    /// The catalog source and date of each rate the plan uses.
    RateDates {
        rates: Vec<RateDate>,
    },
    /// Rates of the plan older than `buyer::STALE_DAYS` before the catalog's date (the engine takes no
    /// clock: ages count from the catalog's newest price), with their age in days.
    StaleRates {
        rates: Vec<(RateDate, i64)>,
        catalog_as_of: crate::catalog::IsoDate,
    },
    RankCheapest,
    RankFastestWithinBudget {
        budget_x: f64,
    },
    RankBestBalance,
    /// Spot ends the job past the target (`days`) or the hard window: its days with checkpoints and
    /// restarts, and that limit.
    SpotPastTime {
        spot_days: f64,
        limit_days: f64,
        window: bool,
    },
    /// A plan with a hard window leaves Spot out (`spotwin` off) though Spot would cost this share less.
    SpotLeftOut {
        window_days: u32,
        spot_days: f64,
        saving_pct: f64,
    },
    /// A job on Spot: its days, the interruptions expected over them (whole fleet), the zones with a
    /// Spot discount its price comes from, and how many instances must run together.
    SpotRisks {
        days: f64,
        interruptions: f64,
        zones: u32,
        instances: u32,
    },
    /// Training whose steps mostly wait on communication, or whose global batch is small: the share,
    /// the batch in tokens, and a larger `batch` (or `gbatch`, `key`) that waits less and costs this
    /// share less, when one does.
    CommBound {
        comm_share: f64,
        global_tokens: f64,
        key: &'static str,
        better: Option<(u32, f64)>,
    },
    /// A limit the scenario ran into.
    Limit(Limit),
}

/// Limits a scenario may meet that would otherwise pass without a word.
#[derive(Clone, Debug, PartialEq)]
pub enum Limit {
    /// A growing fleet reached the most instances a plan holds (`eligibility::MAX_INSTANCES`) in this
    /// month (from 1).
    GrowthCapped { from_month: u32 },
    /// A service used 0 hours a month: nothing runs, every cost is 0.
    NoHours,
    /// More accelerators than AWS has announced for one EC2 UltraCluster (`cautions::ULTRACLUSTER_ACCELERATORS`).
    BeyondCluster { accelerators: u32 },
}
