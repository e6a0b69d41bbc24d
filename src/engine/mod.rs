//! The engine: pure functions from a catalog and a scenario to recommendations and costs. Never imports web crates.
//!
//! Layers, each importing only from those listed before it (tests/layers.rs holds the edges):
//! 1. `outcome`: every result type, data only; `work`: the counts of work done;
//! 2. `memory`, `perf`, `parallel`, `eligibility`: the models;
//! 3. `sizing`: how many instances of one type, and what they deliver;
//! 4. `cost`: prices a given fleet under every purchase option (never plans one);
//! 5. `recommend`, `rank`: every type sized, priced and ranked;
//! 6. `plan`, `buyer`, `cautions`, `sensitivity`, `what_if`: the cheapest mix, what a buyer must know,
//!    what would pass in silence, the ranges, the changes that would make something fit.
//!
//! This facade composes the top: `plan` (the mix and the buyer's notices) and the option costs with a
//! Capacity Block's fleet timed by sizing.

// The engine runs on whatever a link asks for: no index a link could push out of range may panic.
#![deny(clippy::indexing_slicing)]

pub mod buyer;
pub mod carbon;
mod cautions;
pub mod cost;
mod eligibility;
pub mod managed;
pub mod memory;
pub mod outcome;
pub mod parallel;
pub mod pareto;
pub mod perf;
pub mod plan;
mod rank;
pub mod recommend;
pub mod sensitivity;
mod sizing;
pub mod what_if;
pub mod work;

use crate::catalog::Catalog;
use crate::scenario::{Buy, Scenario};

/// The training job and hardware figures the planner works from (also used by tests/published_runs.rs).
pub mod training {
    pub use super::sizing::training::{hardware, job, training_peak_tflops, UNKNOWN_LINK_GBS};
}

pub use cost::OptionCost;
pub use eligibility::{HPC_MIN_FP64_TFLOPS, MAX_INSTANCES};
pub use outcome::{Excluded, Exclusion, Outcome, Plan, Recommendation, Why};
pub use rank::{cost_key, speed_key, usd_per_fp64_tflops_hour, SPEED_TOLERANCE};
pub use recommend::recommend;
pub use sizing::{serving_estimate, serving_layouts, HOST_RAM_RESERVE_GIB, READABLE_TOKENS_PER_S};

/// The plan for one recommendation: the cheapest mix (`plan::cheapest_plan`) and the dates of its rates,
/// then what a buyer must know about it (`buyer::plan_notices`, `cautions::cautions`, which also offers a
/// larger batch).
pub fn plan(catalog: &Catalog, scenario: &Scenario, rec: &Recommendation) -> Plan {
    let mut out = plan::cheapest_plan(catalog, scenario, rec);
    out.rates = buyer::rate_dates(catalog, scenario, rec, &out);
    let notices = buyer::plan_notices(catalog, scenario, rec, &out);
    out.notices.extend(notices);
    let (cautions, larger_batch) = cautions::cautions(catalog, scenario, rec, &out);
    out.notices.extend(cautions);
    out.larger_batch = larger_batch;
    out
}

/// The plan for `rec` (`plan`), and where another type of the ranking (`recs`) plans for less, that
/// plan (`Plan::elsewhere`): the cheapest plan is the least over every type that fits.
pub fn plan_among(catalog: &Catalog, scenario: &Scenario, recs: &[Recommendation], rec: &Recommendation) -> Plan {
    let mut out = plan(catalog, scenario, rec);
    out.elsewhere = plan::cheaper_elsewhere(catalog, scenario, recs, &out).map(Box::new);
    out
}

/// One purchase option's cost, a Capacity Block's fleet timed by sizing (`sizing::hours_on`).
pub fn option_cost(catalog: &Catalog, scenario: &Scenario, rec: &Recommendation, buy: Buy) -> OptionCost {
    cost::option_cost(catalog, scenario, rec, buy, sizing::hours_on)
}

/// Every purchase option's cost for one recommendation, in `Buy::ALL` order.
pub fn option_costs(catalog: &Catalog, scenario: &Scenario, rec: &Recommendation) -> Vec<OptionCost> {
    cost::option_costs(catalog, scenario, rec, sizing::hours_on)
}
