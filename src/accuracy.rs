//! The accuracy ledger: published runs with their setup and source, the planner's estimate of each and the
//! error, per run and per accelerator family. Pure data and arithmetic, no web types; tests/ hold the
//! planner to it and the CLI (`gpuplan accuracy`) prints it. `ledger` puts the training and serving runs
//! in one list by family; `records` holds each family's record as a small const table for the page (the
//! whole ledger stays out of the wasm; tests/ledger.rs regenerates the table and fails when it differs).

mod ledger;
mod records;
mod runs;
pub mod serving;
mod serving_runs;
pub use ledger::{ledger, records_of, Entry};
pub use records::RECORDS;
pub use runs::{training_runs, KNOWN_MISSES};

use crate::catalog::Catalog;
use crate::engine::parallel::{best_plan, Hardware, Plan};
use crate::engine::training::{hardware, job, training_peak_tflops};
use crate::models::ModelArch;
use crate::scenario::{Assumptions, FinetuneMethod, Precision, Scenario, Task};

/// The accelerator family a run measured (what the page's range line names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    A100,
    H100,
    H200,
    B200,
    /// trn1 / trn1n (Trainium).
    Trainium,
    /// trn2 (Trainium2).
    Trainium2,
    Inferentia2,
    L40s,
    A10g,
    L4,
}

impl Family {
    pub const ALL: [Family; 10] = [
        Family::A100,
        Family::H100,
        Family::H200,
        Family::B200,
        Family::Trainium,
        Family::Trainium2,
        Family::Inferentia2,
        Family::L40s,
        Family::A10g,
        Family::L4,
    ];

    /// The family of a catalog accelerator (its id), where the ledger has one.
    pub fn of_accelerator(id: &str) -> Option<Family> {
        Some(match id {
            "a100-40" | "a100-80" => Family::A100,
            "h100" => Family::H100,
            "h200" => Family::H200,
            "b200" => Family::B200,
            "trainium" => Family::Trainium,
            "trainium2" => Family::Trainium2,
            "inferentia2" => Family::Inferentia2,
            "l40s" => Family::L40s,
            "a10g" => Family::A10g,
            "l4" => Family::L4,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Family::A100 => "A100",
            Family::H100 => "H100",
            Family::H200 => "H200",
            Family::B200 => "B200",
            Family::Trainium => "Trainium (trn1)",
            Family::Trainium2 => "Trainium2 (trn2)",
            Family::Inferentia2 => "Inferentia2 (inf2)",
            Family::L40s => "L40S",
            Family::A10g => "A10G",
            Family::L4 => "L4",
        }
    }
}

/// Training or serving.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Training,
    Serving,
}

/// What the run is, beside its family: dense pre-training, mixture-of-experts pre-training, LoRA or
/// QLoRA fine-tuning, serving.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Workload {
    Dense,
    Moe,
    Lora,
    Qlora,
    Serving,
}

impl Workload {
    pub fn name(self) -> &'static str {
        match self {
            Workload::Dense => "dense",
            Workload::Moe => "MoE",
            Workload::Lora => "LoRA",
            Workload::Qlora => "QLoRA",
            Workload::Serving => "serving",
        }
    }
}

/// The unit a source reports, and which way is faster.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Accelerator-hours for the whole run (fewer is faster).
    GpuHours,
    /// Model-FLOPs utilisation, 0..1.
    Mfu,
    /// Tokens per second per accelerator.
    TokensPerGpuSecond,
    /// Sequences per second over the whole cluster.
    SeqsPerSecond,
    /// Seconds per optimizer step (fewer is faster).
    SecondsPerStep,
}

impl Unit {
    pub fn name(self) -> &'static str {
        match self {
            Unit::GpuHours => "GPU-hours",
            Unit::Mfu => "MFU",
            Unit::TokensPerGpuSecond => "tokens/s/accelerator",
            Unit::SeqsPerSecond => "sequences/s",
            Unit::SecondsPerStep => "s/step",
        }
    }

    /// Whether a larger figure means a faster run.
    pub fn higher_is_faster(self) -> bool {
        !matches!(self, Unit::GpuHours | Unit::SecondsPerStep)
    }
}

/// A cluster as a source describes it, where it is not an AWS instance type (Meta's, NVIDIA's DGX).
#[derive(Clone, Debug, PartialEq)]
pub struct Cluster {
    /// Dense BF16 peak per GPU, TFLOPS (FP8 follows the engine's rule on the catalog chip of this peak).
    pub peak_tflops: f64,
    pub mem_gib: f64,
    pub mem_bw_gbs: f64,
    /// NVLink per GPU, one direction, GB/s.
    pub link_gbs: f64,
    /// Network per GPU, Gbit/s, with GPUDirect RDMA.
    pub net_gbps: f64,
    /// GPUs in all, 8 a node on one NVLink domain (fewer: one node of that many).
    pub gpus: u32,
}

/// Where a training run ran.
#[derive(Clone, Debug, PartialEq)]
pub enum Machines {
    Cluster(Cluster),
    /// `instances` of a catalog instance type, with the catalog's links.
    Instances {
        id: &'static str,
        instances: u32,
    },
}

/// A training run's setup as the planner takes it.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainingSetup {
    pub arch: ModelArch,
    pub method: FinetuneMethod,
    pub precision: Precision,
    pub seq: u32,
    pub global_batch_seqs: u32,
    /// Tokens of the whole run (only GPU-hours depend on it).
    pub tokens: f64,
    pub machines: Machines,
}

/// How the planner estimates a run.
#[derive(Clone, Debug, PartialEq)]
pub enum Setup {
    Training(TrainingSetup),
}

/// One published measurement.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub name: &'static str,
    pub family: Family,
    pub kind: Kind,
    pub workload: Workload,
    /// The setup as the source states it (quoted or closely paraphrased), and what the planner had to assume.
    pub setup_text: &'static str,
    pub published: f64,
    pub unit: Unit,
    pub source: &'static str,
    pub date: &'static str,
    /// Why the planner misses this run by more than the tolerance, when it does (kept, not tuned away).
    pub known_miss: Option<&'static str>,
    pub setup: Setup,
}

/// A run with the planner's estimate.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    pub run: Run,
    /// In the run's unit; `None` when no plan fits its machines.
    pub estimate: Option<f64>,
    /// The planner's plan, for training runs.
    pub plan: Option<Plan>,
}

impl Scored {
    /// Estimate ÷ published − 1, in the source's unit.
    pub fn error(&self) -> Option<f64> {
        self.estimate.map(|e| e / self.run.published - 1.0)
    }

    /// Estimated speed ÷ published speed − 1: positive where the planner is faster than the run.
    pub fn speed_error(&self) -> Option<f64> {
        self.estimate.map(|e| {
            if self.run.unit.higher_is_faster() {
                e / self.run.published - 1.0
            } else {
                self.run.published / e - 1.0
            }
        })
    }
}

/// Every run scored with the assumptions `a`.
pub fn score_all(runs: &[Run], catalog: &Catalog, a: &Assumptions) -> Vec<Scored> {
    runs.iter()
        .map(|r| {
            let plan = match &r.setup {
                Setup::Training(t) => training_plan(t, catalog, a),
            };
            Scored {
                run: r.clone(),
                estimate: plan.as_ref().map(|p| training_estimate(r, p)),
                plan,
            }
        })
        .collect()
}

/// The planner's best plan for a training setup on its own machines.
pub fn training_plan(t: &TrainingSetup, catalog: &Catalog, a: &Assumptions) -> Option<Plan> {
    let s = Scenario {
        task: if t.method == FinetuneMethod::Full {
            Task::Training
        } else {
            Task::Finetune
        },
        method: t.method,
        context_tokens: t.seq,
        global_batch: t.global_batch_seqs,
        train_tokens_b: t.tokens / 1e9,
        precision: t.precision,
        assumptions: a.clone(),
        ..Scenario::default()
    };
    let job = job(&s, &t.arch, a);
    let (hw, n) = machines_hardware(&t.machines, t.precision, catalog, a)?;
    best_plan(&job, &hw, a, n)
}

/// The hardware and instance count a setup runs on.
fn machines_hardware(m: &Machines, p: Precision, catalog: &Catalog, a: &Assumptions) -> Option<(Hardware, u32)> {
    match m {
        Machines::Instances { id, instances } => {
            let inst = catalog.instance(id)?;
            let acc = catalog.accelerator(&inst.accelerator)?;
            let peak = training_peak_tflops(acc, p, a)?;
            let count = inst.count()?;
            Some((hardware(inst, count, acc, catalog.link(id), peak, a), *instances))
        }
        Machines::Cluster(c) => {
            // FP8 by the engine's own rule on the catalog accelerator of this BF16 peak (H100 SXM, B200).
            let peak = match p {
                Precision::Bf16 | Precision::Fp16 => c.peak_tflops,
                _ => {
                    let acc = catalog
                        .accelerators
                        .iter()
                        .find(|x| x.bf16_tflops == Some(c.peak_tflops) && x.fp8_tflops.is_some())?;
                    training_peak_tflops(acc, p, a)?
                }
            };
            let node = c.gpus.clamp(1, 8);
            let hw = Hardware {
                peak_flops: peak * 1e12,
                kernel_eff: a.train_mfu,
                usable_gib: c.mem_gib * a.mem_usable,
                mem_bw_bytes_s: c.mem_bw_gbs * 1e9,
                link_bytes_s: c.link_gbs * 1e9,
                domain: node,
                count: node,
                net_bytes_s: c.net_gbps / 8.0 * 1e9,
            };
            Some((hw, c.gpus / node))
        }
    }
}

/// The accelerators a plan spans.
fn devices(p: &Plan) -> f64 {
    f64::from(p.parallelism.tp * p.parallelism.pp * p.parallelism.dp)
}

/// A training plan's figure in the run's unit.
fn training_estimate(r: &Run, p: &Plan) -> f64 {
    let Setup::Training(t) = &r.setup;
    let n = devices(p);
    match r.unit {
        Unit::GpuHours => t.tokens * p.seconds_per_token() * n / 3600.0,
        Unit::Mfu => p.parallelism.effective_mfu,
        Unit::TokensPerGpuSecond => 1.0 / p.seconds_per_token() / n,
        Unit::SeqsPerSecond => 1.0 / p.seconds_per_token() / f64::from(t.seq),
        Unit::SecondsPerStep => p.terms.step_s(),
    }
}

/// A family's record as the page carries it: the runs of one kind (dense or MoE) on one family, their
/// median and worst speed errors in whole percent (estimate faster = positive).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    pub family: Family,
    pub kind: Kind,
    pub moe: bool,
    pub runs: u32,
    pub median_pct: i32,
    pub worst_pct: i32,
    pub within_25: u32,
}

/// The record of the runs of `kind` (dense or MoE) on `family`; `None` where the ledger has none.
pub fn record(family: Family, kind: Kind, moe: bool) -> Option<&'static Record> {
    RECORDS
        .iter()
        .find(|r| r.family == family && r.kind == kind && r.moe == moe)
}

/// One family's (or one workload's) record.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub runs: usize,
    /// Median of the speed errors (estimate faster = positive).
    pub median: f64,
    /// The speed error of largest magnitude.
    pub worst: f64,
    pub within_25: usize,
}

/// The record of the scored runs `pick` selects; `None` when it selects none with an estimate.
pub fn summary(scored: &[Scored], pick: &dyn Fn(&Run) -> bool) -> Option<Summary> {
    summarize(
        scored
            .iter()
            .filter(|s| pick(&s.run))
            .filter_map(Scored::speed_error)
            .collect(),
    )
}

/// The record of speed errors: how many, the median, the worst by magnitude; `None` for none.
pub fn summarize(errs: Vec<f64>) -> Option<Summary> {
    if errs.is_empty() {
        return None;
    }
    let worst = errs
        .iter()
        .copied()
        .fold(0.0_f64, |w, e| if e.abs() > w.abs() { e } else { w });
    let within_25 = errs.iter().filter(|e| e.abs() <= 0.25).count();
    let n = errs.len();
    let sorted = crate::order::sorted(errs, &|a: &f64, b: &f64| a.total_cmp(b));
    let median = if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    };
    Some(Summary {
        runs: n,
        median,
        worst,
        within_25,
    })
}

/// Each family's record, in `Family::ALL` order, for the families with runs.
pub fn by_family(scored: &[Scored]) -> Vec<(Family, Summary)> {
    Family::ALL
        .iter()
        .filter_map(|f| summary(scored, &|r: &Run| r.family == *f).map(|s| (*f, s)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scored(err: f64, unit: Unit) -> Scored {
        let mut run = training_runs().remove(0);
        run.unit = unit;
        run.published = 100.0;
        Scored {
            run,
            estimate: Some(100.0 * (1.0 + err)),
            plan: None,
        }
    }

    #[test]
    fn speed_error_turns_hours_and_seconds_into_speed() {
        // 20 % more GPU-hours than published is a model 1/1.2 − 1 = −16.7 % slow.
        let s = scored(0.2, Unit::GpuHours);
        assert!((s.speed_error().unwrap_or(0.0) - (1.0 / 1.2 - 1.0)).abs() < 1e-12);
        assert!((s.error().unwrap_or(0.0) - 0.2).abs() < 1e-12);
        let t = scored(0.2, Unit::TokensPerGpuSecond);
        assert!((t.speed_error().unwrap_or(0.0) - 0.2).abs() < 1e-12);
    }

    #[test]
    fn summary_takes_the_median_and_the_worst_by_magnitude() {
        let xs: Vec<Scored> = [0.1, -0.3, 0.05, 0.2]
            .iter()
            .map(|e| scored(*e, Unit::TokensPerGpuSecond))
            .collect();
        let s = summary(&xs, &|_| true).unwrap_or_else(|| panic!("none"));
        assert_eq!(s.runs, 4);
        assert!((s.median - 0.075).abs() < 1e-12, "{}", s.median);
        assert!((s.worst + 0.3).abs() < 1e-12);
        assert_eq!(s.within_25, 3);
        assert_eq!(summary(&xs, &|_| false), None);
    }
}
