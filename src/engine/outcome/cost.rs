//! What pricing reports beside its figures: why an option is not offered, the terms a cost adds up to, and what the catalog says of Spot capacity.

/// Why an option is not available for this recommendation.
#[derive(Clone, Debug, PartialEq)]
pub enum NotOffered {
    /// No public On-Demand price in the region (the base of most options).
    NoOnDemandPrice,
    /// No observed Spot price and no Spot discount set by the user; `looked` is when the catalog's sources
    /// last looked at Spot in the region (`Catalog::spot_looked`).
    NoSpotPrice {
        looked: Option<crate::catalog::IsoDate>,
    },
    /// Online serving without a fallback must not be interrupted.
    NonInterruptible,
    NoPublishedRi,
    CbNotSupported,
    CbNoRate,
    /// Capacity Blocks are for fixed windows, not always-on services.
    CbNotForServices,
    CbTooLong {
        days: u32,
    },
    /// Interruptions outpace progress: the job would never finish on Spot.
    SpotNeverFinishes,
    /// Interactive desktops (VDI) must not be interrupted; a render farm may be (`mode=batch`).
    InteractiveDesktops,
    /// A job whose instances must run together needs more of them than Spot can be expected to supply
    /// at once (`spotmax`; one where the catalog shows scarce Spot capacity).
    SpotTooLarge {
        instances: u32,
        max: u32,
        /// The one comes from scarce Spot capacity, not from `spotmax`.
        scarce: bool,
    },
    /// More instances than Capacity Blocks allow across blocks.
    CbTooMany {
        instances: u32,
        max: u32,
    },
}

/// What the hours of one cost term are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TermKind {
    /// The fleet at the user's hours a month, or a job's hours.
    Usage,
    /// Burst instances at their hours a month (On-Demand beside a commitment).
    Bursts,
    /// A commitment: every hour of the month (730 h), used or not.
    Committed,
    /// A commitment's whole term, paid for one job (the factor: terms renewed back to back).
    WholeTerm,
    /// A job's hours past its last whole commitment term, On-Demand.
    OnDemandTail,
    /// A Capacity Block's days (spread over the horizon's months for a service).
    Block,
    /// A job's start-up (boot, image pull, weight loading: `restart`), once per job.
    Startup,
}

/// One term of a cost, as the engine adds it up: rate per instance-hour × instances × hours × factor
/// (the Spot overhead; for a block spread over a horizon, 1 ÷ months).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CostTerm {
    pub kind: TermKind,
    pub usd_hr: f64,
    pub instances: f64,
    pub hours: f64,
    pub factor: f64,
}

impl CostTerm {
    pub(in crate::engine) fn new(kind: TermKind, usd_hr: f64, instances: f64, hours: f64, factor: f64) -> CostTerm {
        CostTerm {
            kind,
            usd_hr,
            instances,
            hours,
            factor,
        }
    }

    pub fn usd(&self) -> f64 {
        self.usd_hr * self.instances * self.hours * self.factor
    }
}

/// What the catalog says about Spot capacity for a type in a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpotSupply {
    /// A Spot price below On-Demand in three or more zones, and no zone listed at On-Demand.
    Ample,
    /// Two zones or fewer, or zones listed at the On-Demand price (no Spot capacity there).
    Scarce,
    /// The source averages over zones without counting them, or no Spot price was observed.
    Uncounted,
}
