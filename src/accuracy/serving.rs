//! The serving half of the accuracy ledger: a published inference measurement (`Run`, its rows in
//! `serving_runs.rs`) and the planner's estimate of it in the measurement's own terms, with the default
//! assumptions. tests/published_serving.rs holds the planner to it (its bounds and `KNOWN_MISSES`); the
//! ledger (`accuracy::ledger`), the CLI and the pre-rendered ledger page read the same rows.

use crate::catalog::Catalog;
use crate::engine::serving_estimate;
use crate::query;

pub use super::serving_runs::{runs, RUN_COUNT};

/// What the source measured.
#[derive(Clone, Copy, Debug)]
pub enum Measured {
    /// Time between output tokens of one sequence, ms.
    ItlMs(f64),
    /// End-to-end time of a batch of requests of `out` output tokens each (prefilled together, then decoded), ms.
    LatencyMs { out: f64, ms: f64 },
    /// Output tokens per second over all sequences at a steady concurrency, with `out` output tokens per request
    /// (prefill of each new request interrupts decoding, so it is charged).
    ThroughputTps { out: f64, tps: f64 },
    /// Time to the first token of one request (its prompt's prefill), ms.
    TtftMs(f64),
    /// Mean time to the first token at a steady concurrency of `seqs` users (the link states `out`): the
    /// prefill plus the wait for the replica's prefill slot, as the engine's `perf::first_token`, ms.
    TtftAtLoadMs(f64),
}

/// One published serving run.
pub struct Run {
    /// Short unique name (what `KNOWN_MISSES` refers to).
    pub id: &'static str,
    /// The accelerator family the run holds the model to (for the accuracy ledger).
    pub family: &'static str,
    pub source: &'static str,
    pub url: &'static str,
    pub date: &'static str,
    /// The source's setup, quoted or closely paraphrased.
    pub setup: &'static str,
    /// gpuplan link: model, precision, context (prompt + output) and, where the source states it, `out`.
    pub query: &'static str,
    /// The AWS instance with the same accelerators, the tensor-parallel degree and concurrent sequences.
    pub instance: &'static str,
    pub tp: u32,
    pub seqs: u32,
    pub measured: Measured,
}

/// The sequences a run is estimated at: its stated concurrency, or (`seqs` 0, a maximum-load row whose source
/// states none) the most a replica of its TP degree holds in gpuplan's memory model; `None` where the link
/// warns or no such layout exists.
pub fn seqs_of(catalog: &Catalog, run: &Run) -> Option<u32> {
    let (scenario, warnings) = query::parse(run.query, catalog);
    if !warnings.is_empty() {
        return None;
    }
    seqs_at(catalog, &scenario, run)
}

fn seqs_at(catalog: &Catalog, scenario: &crate::scenario::Scenario, run: &Run) -> Option<u32> {
    if run.seqs > 0 {
        return Some(run.seqs);
    }
    let (_, shapes) = crate::engine::serving_layouts(catalog, scenario, run.instance);
    shapes.iter().find(|(tp, _)| *tp == run.tp).map(|(_, most)| *most)
}

/// The estimate and the measurement as rates in the measurement's own terms, both "higher is faster"
/// (per second, or per millisecond inverted); `None` when the run's link warns or its instance cannot
/// hold it with the stated tensor-parallel degree.
pub fn rates(catalog: &Catalog, run: &Run) -> Option<(f64, f64)> {
    let (scenario, warnings) = query::parse(run.query, catalog);
    if !warnings.is_empty() {
        return None;
    }
    let seqs = seqs_at(catalog, &scenario, run)?;
    let e = serving_estimate(catalog, &scenario, run.instance, run.tp, seqs)?;
    let prefill_s = e.prefill_s.unwrap_or(0.0);
    let marginal_s = e.prefill_marginal_s.unwrap_or(0.0);
    let b = f64::from(seqs);
    // With `out` in the link the estimate already charges each request's prefill over its output
    // (`out / (out·t_step + seqs·t_marginal)`): take the decode step back out of it.
    let out_q = f64::from(scenario.output_tokens);
    let step_s = if out_q > 0.0 {
        1.0 / e.tokens_per_s_per_seq - b * marginal_s / out_q
    } else {
        1.0 / e.tokens_per_s_per_seq
    };
    // A batch of `b` prompts prefilled together reads the weights once: the first prompt's whole time,
    // then each other's marginal cost.
    let batch_prefill_s = prefill_s + (b - 1.0) * marginal_s;
    Some(match run.measured {
        Measured::ItlMs(ms) => (1.0 / step_s, 1000.0 / ms),
        Measured::LatencyMs { out, ms } => (1.0 / (batch_prefill_s + out * step_s), 1000.0 / ms),
        Measured::ThroughputTps { out, tps } => (b * out / (out * step_s + batch_prefill_s), tps),
        Measured::TtftMs(ms) => (1.0 / prefill_s.max(1e-9), 1000.0 / ms),
        Measured::TtftAtLoadMs(ms) => {
            let request_s = out_q / e.tokens_per_s_per_seq;
            let f = crate::engine::perf::first_token(prefill_s, marginal_s, seqs, request_s);
            (1.0 / f.ttft_s.max(1e-9), 1000.0 / ms)
        }
    })
}

/// The measurement as the source states it.
pub fn measured_text(m: Measured) -> String {
    match m {
        Measured::ItlMs(ms) => format!("ITL {ms} ms"),
        Measured::LatencyMs { out, ms } => format!("{out} out, {ms} ms end to end"),
        Measured::ThroughputTps { out, tps } => format!("{out} out, {tps} tok/s"),
        Measured::TtftMs(ms) => format!("TTFT {ms} ms"),
        Measured::TtftAtLoadMs(ms) => format!("TTFT at load {ms} ms"),
    }
}

/// The estimate in the same words as `measured_text`, from its rate (`rates`' first figure).
pub fn estimate_text(m: Measured, rate: f64) -> String {
    let ms = crate::format::number(1000.0 / rate, 1);
    match m {
        Measured::ItlMs(_) => format!("ITL {ms} ms"),
        Measured::LatencyMs { out, .. } => format!("{out} out, {ms} ms end to end"),
        Measured::ThroughputTps { out, .. } => format!("{out} out, {} tok/s", crate::format::number(rate, 1)),
        Measured::TtftMs(_) => format!("TTFT {ms} ms"),
        Measured::TtftAtLoadMs(_) => format!("TTFT at load {ms} ms"),
    }
}
