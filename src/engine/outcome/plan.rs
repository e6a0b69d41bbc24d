//! The plan for one recommendation as data: its lines (segment, option, months, cost) and what a buyer must know (quota family, rate dates).

use super::Why;
use crate::catalog::IsoDate;
use crate::scenario::Buy;

/// Which part of the usage an item covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Segment {
    /// The instances that run every month (a service).
    Baseline,
    /// Extra instances for part of each month.
    Burst,
    /// A training or fine-tuning job.
    Job,
    /// A growing (or shrinking) fleet's instances above the committed level, month by month.
    Growth,
}

impl Segment {
    /// The segment's name in exports and the CLI's JSON.
    pub fn key(self) -> &'static str {
        match self {
            Segment::Baseline => "baseline",
            Segment::Burst => "burst",
            Segment::Job => "job",
            Segment::Growth => "growth",
        }
    }
}

/// One line of the plan.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanItem {
    pub segment: Segment,
    pub buy: Buy,
    /// Instances this line covers; for growth, the most in any month.
    pub instances: u32,
    pub hours_per_month: f64,
    /// The months of the horizon this line covers (0-based start, and length within the horizon); a
    /// commitment renewed back to back is one line.
    pub from_month: u32,
    pub months: u32,
    pub upfront_usd: f64,
    /// Per month; for growth, the average over the horizon.
    pub monthly_usd: f64,
    pub horizon_usd: f64,
    /// Every option considered for this segment with its horizon cost, cheapest first (for a growing
    /// fleet: the whole plan's cost with that option committed at its best level, or none committed).
    pub considered: Vec<(Buy, f64)>,
}

/// The plan for one recommendation.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub instance: String,
    pub items: Vec<PlanItem>,
    pub horizon_usd: f64,
    /// All-On-Demand over the same horizon; `None` without an On-Demand price.
    pub all_on_demand_horizon_usd: Option<f64>,
    pub savings_vs_od_usd: Option<f64>,
    /// The baseline fleet in each month of the horizon when it grows; empty for a steady fleet or a job.
    pub fleet_by_month: Vec<u32>,
    /// What a buyer must know about this plan (a window no option meets, ...).
    pub notices: Vec<Why>,
    /// The catalog source and date of each rate the plan uses, one per option in the order its items
    /// first use them (what `Why::RateDates` lists); empty for a plan without the buyer's notices
    /// (`elsewhere`).
    pub rates: Vec<RateDate>,
    /// For training that mostly waits on communication or has a small global batch: a larger batch that
    /// waits less and costs less, as its link key (`batch` or `gbatch`) and value (what `Why::CommBound`
    /// offers, and the page's one-click fix); `None` otherwise.
    pub larger_batch: Option<(&'static str, u32)>,
    /// The cheapest plan over every other type that fits, where it costs less than this one (without
    /// its own notices); `None` when this type's is the least, or the others were not searched.
    pub elsewhere: Option<Box<Plan>>,
}

/// The EC2 vCPU quota an instance family counts against: the catalog's `quota_families`.
pub use crate::catalog::QuotaFamily;

/// Where a rate in the plan comes from: the option, the catalog source and its date.
#[derive(Clone, Debug, PartialEq)]
pub struct RateDate {
    pub buy: Buy,
    pub source: String,
    pub as_of: IsoDate,
    /// No published rate: derived from the On-Demand price (`source`) and a discount (the type's own
    /// Reserved Instance rate, the catalog's assumption or the user's), named here; `as_of` is then the
    /// older of the two inputs' dates.
    pub derived_from: Option<String>,
    /// The readable names of `source` and `derived_from` (the catalog's titles, up to their first
    /// parenthesis or colon; "your discount" as it is), for the notices: a user never meets a catalog id.
    pub source_title: String,
    pub derived_title: Option<String>,
    /// `source` (and `derived_from`) is a source article: the notices name it so, not by its title.
    pub from_article: bool,
    pub derived_from_article: bool,
}
