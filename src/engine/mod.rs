//! The engine: pure functions from a catalog and a scenario to recommendations and costs. Never imports web crates.

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

pub use recommend::{recommend, Excluded, Exclusion, Outcome, Recommendation, Why};
pub use sizing::HOST_RAM_RESERVE_GIB;
