//! The engine: pure functions from a catalog and a scenario to recommendations and costs. Never imports web crates.

pub mod cost;
pub mod memory;
pub mod perf;
pub mod plan;
pub mod recommend;
pub mod sensitivity;

pub use recommend::{recommend, Excluded, Exclusion, Outcome, Recommendation, Why};
