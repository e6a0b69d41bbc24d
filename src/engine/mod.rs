//! The engine: pure functions from a catalog and a scenario to recommendations and costs. Never imports web crates.

pub mod buyer;
pub mod carbon;
pub mod cost;
mod eligibility;
pub mod memory;
pub mod outcome;
pub mod parallel;
pub mod perf;
pub mod plan;
mod rank;
pub mod recommend;
pub mod sensitivity;
mod sizing;

/// The training job and hardware figures the planner works from (also used by tests/published_runs.rs).
pub mod training {
    pub use super::sizing::training::{hardware, job, training_peak_tflops, UNKNOWN_LINK_GBS};
}

pub use recommend::{recommend, Excluded, Exclusion, Outcome, Recommendation, Why};
pub use sizing::HOST_RAM_RESERVE_GIB;
