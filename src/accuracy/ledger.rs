//! The ledger as one list: every published run, training and serving, with its family, kind, workload,
//! quoted setup, published figure, the planner's estimate in the same terms, the speed error, source and
//! date (the CLI and the pre-rendered ledger page print it); and each family's record computed from it.

use super::serving::{self, estimate_text, measured_text};
use super::{score_all, summarize, training_runs, Family, Kind, Record, Scored, Unit, Workload};
use crate::catalog::Catalog;
use crate::format::number;
use crate::scenario::Assumptions;

/// One published run with the planner's estimate of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub name: &'static str,
    pub family: Family,
    pub kind: Kind,
    pub workload: Workload,
    /// The setup as the source states it.
    pub setup: &'static str,
    pub published: String,
    /// In the published figure's terms; `None` when no plan fits the run's machines.
    pub estimate: Option<String>,
    /// Estimated speed ÷ published speed − 1 (positive: the estimate is faster).
    pub speed_error: Option<f64>,
    pub source: &'static str,
    /// The source's address where the row gives one (empty otherwise; the source names the paper).
    pub url: &'static str,
    pub date: &'static str,
}

/// Every published run, training then serving, estimated with the default assumptions.
pub fn ledger(catalog: &Catalog) -> Vec<Entry> {
    let a = Assumptions::default();
    let mut out: Vec<Entry> = score_all(&training_runs(), catalog, &a)
        .iter()
        .map(training_entry)
        .collect();
    out.extend(serving::runs().filter_map(|r| serving_entry(catalog, r)));
    out
}

/// A figure in a training unit's words.
fn in_unit(unit: Unit, v: f64) -> String {
    match unit {
        Unit::GpuHours => format!("{} GPU-hours", number(v, 0)),
        Unit::Mfu => format!("MFU {} %", number(v * 100.0, 1)),
        Unit::TokensPerGpuSecond => format!("{} tokens/s per accelerator", number(v, 0)),
        Unit::SeqsPerSecond => format!("{} sequences/s", number(v, 2)),
        Unit::SecondsPerStep => format!("{} s/step", number(v, 1)),
    }
}

fn training_entry(s: &Scored) -> Entry {
    let r = &s.run;
    Entry {
        name: r.name,
        family: r.family,
        kind: r.kind,
        workload: r.workload,
        setup: r.setup_text,
        published: in_unit(r.unit, r.published),
        estimate: s.estimate.map(|e| in_unit(r.unit, e)),
        speed_error: s.speed_error(),
        source: r.source,
        url: "",
        date: r.date,
    }
}

/// A serving run's entry; its family is its instance's accelerator's (`None` for an instance the
/// catalog lacks or an accelerator without a family).
fn serving_entry(catalog: &Catalog, r: &'static serving::Run) -> Option<Entry> {
    let inst = catalog.instance(r.instance)?;
    let family = Family::of_accelerator(&inst.accelerator)?;
    let moe = crate::query::parse(r.query, catalog).0.model_arch().is_moe();
    let rates = serving::rates(catalog, r);
    Some(Entry {
        name: r.id,
        family,
        kind: Kind::Serving,
        workload: if moe { Workload::Moe } else { Workload::Serving },
        setup: r.setup,
        published: measured_text(r.measured),
        estimate: rates.map(|(e, _)| estimate_text(r.measured, e)),
        speed_error: rates.map(|(e, m)| e / m - 1.0),
        source: r.source,
        url: r.url,
        date: r.date,
    })
}

/// Each family's record from the ledger: per family (in `Family::ALL` order), kind and dense or MoE,
/// where it has runs with an estimate.
pub fn records_of(entries: &[Entry]) -> Vec<Record> {
    let mut out = Vec::new();
    for family in Family::ALL {
        for kind in [Kind::Training, Kind::Serving] {
            for moe in [false, true] {
                let errs = entries
                    .iter()
                    .filter(|e| e.family == family && e.kind == kind && (e.workload == Workload::Moe) == moe)
                    .filter_map(|e| e.speed_error)
                    .collect();
                let pct = |x: f64| (x * 100.0).round() as i32;
                if let Some(s) = summarize(errs) {
                    out.push(Record {
                        family,
                        kind,
                        moe,
                        runs: s.runs as u32,
                        median_pct: pct(s.median),
                        worst_pct: pct(s.worst),
                        within_25: s.within_25 as u32,
                    });
                }
            }
        }
    }
    out
}
