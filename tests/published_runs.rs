//! Training estimates held against published runs (issues 13 and 23). The runs, their sources, dates and
//! stated setups live in ONE table, `gpuplan::accuracy::training_runs` (the product's accuracy ledger reads
//! the same); this file is its oracle. The planner estimates each with ONE set of default assumptions (no
//! per-case constant). Tolerance: each run within ±25 % in the unit its source reports, except the known
//! misses the table lists with their reason (kept, not tuned away); the median is taken over one
//! direction (estimated speed ÷ published speed), within ±15 %.
//!
//! Why the default kernel efficiency (`teff` 0.55) stands for the NVIDIA runs (issue 13 review,
//! 2026-12-01): in speed the model is fast on the A100 Llama 2 runs (+11 % to +21 %) and slightly slow on
//! the 405B H100 runs (−5 %, −9 %), where it finds Meta's own layout (TP 8 × PP 16 × DP 64/128). Lowering
//! `teff` to meet Llama 2 would push the 405B runs down; raising it would widen the A100 optimism. The
//! Llama 2 figures are GPU-hours of whole runs, which include failures and restarts (Llama 3 §3.3.4:
//! "more than 90 %" effective training time), while the planner times steady-state steps. NVIDIA's
//! Megatron-Bridge rows (tuned synthetic benchmarks with context parallelism and overlapped tensor-parallel
//! all-reduces) run 13-26 % above the planner.
//!
//! Trainium (issue 23): at the GPU kernel efficiency the planner ran the nine published Trn1 runs +36 %
//! to +161 % fast (tests/fixtures/published_training_before.md). Neuron chips now run at their own
//! family's efficiency, `nteff` 0.33 (AWS's Trn1 tables state 28-33 % MFU): eight of nine within ±25 %,
//! median +4 %; the ninth is an early-release row (a known miss with its reason).
//!
//! MoE (NVIDIA Megatron-Bridge's seven pre-training rows): timed as dense models of their active
//! parameters they ran +77 % to +650 % fast. The routing term (`moeb`: memory traffic per routed
//! activation value, one figure for all seven, an effective figure calibrated on them) brings six within
//! ±25 %, median −6 %; the narrowest experts on one node stay a known miss. Since 2026-12-04 the planner
//! also chooses an expert-parallel degree (experts' weights sharded, the all-to-all on the catalog's
//! links, routing imbalance `moecap` and grouped-GEMM rate `ggeff` as assumptions) and `moeb` was
//! re-calibrated once (258 → 245 B: six within ±19 %, median −5 %). On these clusters the planner keeps
//! EP 1: memory fits without it and the imbalance an EP group pays costs more than it saves.
//!
//! Fine-tuning (2026-12-06, expert review of g6e/g7e LoRA at 40-52 % MFU): NVIDIA's H100 fine-tuning
//! tables added seven rows. Megatron's (NeMo 24.07, FP8) LoRA rows run −15 % to −18 % and its 7B and 13B
//! SFT rows −9 % and −16 %, as that source's pre-training rows do (its 70B SFT row, −38 %, must recompute
//! in full to fit at DP 1: a known miss); NeMo AutoModel's PyTorch-backend LoRA row (18 % of peak as
//! stated) runs +156 %, and Qwen's Hugging Face PEFT rows on one A100 +12 % to +59 %, whose scripts pass
//! `--gradient_checkpointing` (a recomputed forward the planner does not charge when memory allows). The
//! bias follows the software stack, not the method or the chip, so no fine-tuning figure was added: the
//! misses are listed with their reasons (tests/fixtures/published_training_finetune.md). No published
//! fine-tuning run with its setup was found for L40S, A10G, L4 or RTX PRO 6000 (LitGPT's A10G table
//! states times on Alpaca 2k but not its token count); their estimates rest on `teff` and the peak alone.

use gpuplan::accuracy::{by_family, score_all, summary, training_runs, Scored, Setup};
use gpuplan::catalog::Catalog;
use gpuplan::scenario::Assumptions;

fn scored() -> Vec<Scored> {
    score_all(&training_runs(), &Catalog::bundled(), &Assumptions::default())
}

fn pct(x: f64) -> String {
    format!("{:+.0} %", x * 100.0)
}

/// The measured table (printed with `--nocapture`; committed in tests/fixtures/published_training.md).
fn report(s: &[Scored]) -> String {
    let mut out = String::from("| run | family | workload | published | estimate | error | speed | plan |\n|---|---|---|---|---|---|---|---|\n");
    for x in s {
        let plan = x.plan.as_ref().map_or_else(
            || "no plan".to_string(),
            |p| {
                let q = &p.parallelism;
                format!(
                    "TP{} PP{} DP{} mb{} ga{} {:?}",
                    q.tp, q.pp, q.dp, q.micro_batch, q.grad_accum, q.recompute
                )
            },
        );
        out.push_str(&format!(
            "| {} | {} | {} | {} {} | {} | {} | {} | {} |\n",
            x.run.name,
            x.run.family.name(),
            x.run.workload.name(),
            x.run.published,
            x.run.unit.name(),
            x.estimate.map_or("-".into(), |e| format!("{e:.4}")),
            x.error().map_or("-".into(), pct),
            x.speed_error().map_or("-".into(), pct),
            plan
        ));
    }
    out.push_str("\n| family | runs | median speed | worst | within ±25 % |\n|---|---|---|---|---|\n");
    for (f, m) in by_family(s) {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} |\n",
            f.name(),
            m.runs,
            pct(m.median),
            pct(m.worst),
            m.within_25
        ));
    }
    out
}

#[test]
fn published_training_runs_within_tolerance() {
    let s = scored();
    let report = report(&s);
    println!("{report}");
    for x in &s {
        assert!(!x.run.source.is_empty() && !x.run.date.is_empty() && !x.run.setup_text.is_empty());
        let err = x.error().unwrap_or_else(|| panic!("{}: no plan\n{report}", x.run.name));
        if let Some(why) = x.run.known_miss {
            assert!(!why.is_empty(), "{}", x.run.name);
            continue;
        }
        assert!(
            err.abs() <= 0.25,
            "{}: estimate / published − 1 = {err:+.3}\n{report}",
            x.run.name
        );
    }
    let all = summary(&s, &|_| true).unwrap_or_else(|| panic!("no runs"));
    println!("median speed error over all {} runs: {:+.3}", all.runs, all.median);
    // Phase 1 of issue 23: the median is held over the runs the engine meets; the families measured
    // before their own efficiency terms (Trainium, MoE, LoRA at batch 1) are known misses until then.
    let met = summary(&s, &|r| r.known_miss.is_none()).unwrap_or_else(|| panic!("no runs"));
    assert!(
        met.median.abs() <= 0.15,
        "median speed error {:+.3}\n{report}",
        met.median
    );
}

/// The ledger holds at least the runs issue 23 asks of the training half, across the families.
#[test]
fn the_ledger_covers_every_training_family() {
    let runs = training_runs();
    assert!(runs.len() >= 30, "{}", runs.len());
    let count = |f: &dyn Fn(&gpuplan::accuracy::Run) -> bool| runs.iter().filter(|r| f(r)).count();
    use gpuplan::accuracy::{Family, Workload};
    assert!(count(&|r| r.family == Family::Trainium) >= 5);
    assert!(count(&|r| r.workload == Workload::Moe) >= 5);
    assert!(count(&|r| matches!(r.workload, Workload::Lora | Workload::Qlora)) >= 4);
    for f in [Family::A100, Family::H100, Family::B200] {
        assert!(count(&|r| r.family == f) >= 3, "{f:?}");
    }
    // Every name is unique (the ledger and KNOWN_MISSES key on it).
    for r in &runs {
        assert_eq!(count(&|x| x.name == r.name), 1, "{}", r.name);
    }
}

/// Every known miss names a run of the table (a renamed or removed run leaves no stale excuse).
#[test]
fn every_known_miss_names_a_run() {
    let runs = training_runs();
    for (name, why) in gpuplan::accuracy::KNOWN_MISSES {
        assert!(runs.iter().any(|r| r.name == *name), "{name}");
        assert!(!why.is_empty());
    }
}

/// Every published run gets a plan on its own machines; Llama 3's stated layout is found.
#[test]
fn every_published_run_gets_a_plan() {
    for x in scored() {
        let p = x
            .plan
            .as_ref()
            .unwrap_or_else(|| panic!("{}: no plan fits its published machines", x.run.name));
        // Llama 3 Table 4 states the layout: TP 8, PP 16, DP 64 (8,192 GPUs) or 128 (16,384). The planner
        // finds it, recomputing in full only the layers memory needs (1 of each stage's 7).
        if x.run.name.starts_with("Llama 3 405B") {
            let Setup::Training(t) = &x.run.setup;
            let gpus = match &t.machines {
                gpuplan::accuracy::Machines::Cluster(c) => c.gpus,
                gpuplan::accuracy::Machines::Instances { .. } => 0,
            };
            let q = &p.parallelism;
            assert_eq!((q.tp, q.pp, q.dp), (8, 16, gpus / 128), "{}", x.run.name);
            assert_eq!(q.recompute_layers, Some(1), "{}", x.run.name);
        }
    }
}

/// MoE training is held with one routing figure: every MoE row but the listed miss within ±25 %, and
/// their median within ±15 %. Without the term (`moeb` 0) the same rows run far ahead of the published
/// speeds, so the term is what meets them.
#[test]
fn moe_training_is_held_with_one_routing_figure() {
    use gpuplan::accuracy::Workload;
    let moe = |a: &Assumptions| {
        summary(&score_all(&training_runs(), &Catalog::bundled(), a), &|r| {
            r.workload == Workload::Moe
        })
    };
    let with = moe(&Assumptions::default()).unwrap_or_else(|| panic!("no MoE runs"));
    assert!(with.runs >= 7 && with.median.abs() <= 0.15, "{with:?}");
    let dense = Assumptions {
        moe_bytes_per_value: 0.0,
        ..Assumptions::default()
    };
    let without = moe(&dense).unwrap_or_else(|| panic!("no MoE runs"));
    assert!(without.median > 0.5, "{without:?}");
}
