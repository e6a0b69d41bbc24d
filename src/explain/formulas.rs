//! The formula lines of a recommendation: every estimate with its inputs.

mod serving;

use super::*;
use crate::engine::outcome::{Parallelism, StepTerms};
use crate::engine::Recommendation;
use crate::format::number;
use crate::models::ModelArch;
use crate::presentation::Presentation;
use crate::scenario::{Lang, Scenario, Task};
use serving::{inference_lines, per_token_lines};

/// One group of formula lines (empty where it does not apply).
type Section = fn(&Scenario, &ModelArch, &Recommendation, Presentation) -> Vec<String>;

/// The formula lines in the order shown: the estimate's terms, then its cost.
const SECTIONS: [Section; 8] = [
    weights_lines,
    inference_lines,
    training_lines,
    hpc_lines,
    cost_lines,
    per_token_lines,
    growth_lines,
    energy_lines,
];

/// The formulas behind a recommendation's numbers, each with its inputs filled in, in `f`'s language and money.
pub fn formulas(scenario: &Scenario, arch: &ModelArch, rec: &Recommendation, f: Presentation) -> Vec<String> {
    SECTIONS
        .iter()
        .flat_map(|section| section(scenario, arch, rec, f))
        .collect()
}

/// The headline cost's line (see `cost_line`).
fn cost_lines(_: &Scenario, _: &ModelArch, rec: &Recommendation, f: Presentation) -> Vec<String> {
    let lang = f.lang;
    cost_line(rec, lang == Lang::Zh, &|v: f64| f.money(v))
        .into_iter()
        .collect()
}

/// The weights: parameters × bytes per parameter for one copy of the model (QLoRA's frozen base in 4
/// bits, LoRA's in 16), then what the fleet holds when that differs: per accelerator × accelerators.
fn weights_lines(scenario: &Scenario, arch: &ModelArch, rec: &Recommendation, f: Presentation) -> Vec<String> {
    let lang = f.lang;
    use crate::scenario::{FinetuneMethod, Precision};
    let zh = lang == Lang::Zh;
    let mut out = Vec::new();
    if !scenario.task.uses_model() {
        return out;
    }
    let (b, bits) = match (scenario.task, scenario.method) {
        (Task::Finetune, FinetuneMethod::Qlora) => (Precision::Int4.weight_bytes(), Some(4)),
        (Task::Finetune, FinetuneMethod::Lora) => (2.0, None),
        _ => (scenario.precision.weight_bytes(), None),
    };
    let n_b = arch.total_params / 1e9;
    let copy_gib = arch.total_params * b / (1024.0 * 1024.0 * 1024.0);
    let four_bit = match (bits, zh) {
        (Some(_), true) => "（4-bit 基座，含缩放因子）",
        (Some(_), false) => " (4-bit base with its scales)",
        (None, _) => "",
    };
    out.push(if zh {
        format!(
            "权重（一份模型）= N × b = {}B × {} 字节{four_bit} = {}",
            number(n_b, 2),
            number(b, 4),
            gib(copy_gib)
        )
    } else {
        format!(
            "weights (one copy) = N × b = {}B × {} bytes{four_bit} = {}",
            number(n_b, 2),
            number(b, 4),
            gib(copy_gib)
        )
    });
    // A job's memory counts the fleet's weights: shards and data-parallel copies over every accelerator.
    let devices = rec.n_accelerators.max(1);
    let sum = rec.memory.weights_gib;
    if scenario.task.is_job() && devices > 1 && (sum / copy_gib - 1.0).abs() > 0.01 {
        let per = sum / f64::from(devices);
        out.push(if zh {
            format!(
                "每个加速器持有 {}，× {devices} 个加速器 = {}（整个集群合计，含分片与数据并行副本）",
                gib(per),
                gib(sum)
            )
        } else {
            format!(
                "per accelerator {} × {devices} accelerators = {} (the fleet's sum: shards and data-parallel copies)",
                gib(per),
                gib(sum)
            )
        });
    }
    out
}

/// Training and fine-tuning: optimizer states, activations, the parallel plan, accelerator-hours and the wall clock.
fn training_lines(scenario: &Scenario, arch: &ModelArch, rec: &Recommendation, f: Presentation) -> Vec<String> {
    let lang = f.lang;
    let zh = lang == Lang::Zh;
    let mut out = Vec::new();
    if !scenario.task.is_job() {
        return out;
    }
    out.push(format!(
        "{} = {} GiB{}",
        if zh {
            "梯度 + 优化器"
        } else {
            "gradients + optimizer"
        },
        number(rec.memory.gradients_gib + rec.memory.optimizer_gib, 1),
        if zh {
            "（Adam 混合精度，14 字节/参数在数据并行副本间分片，ZeRO-2）"
        } else {
            " (Adam mixed precision, 14 B/param sharded over data-parallel replicas (ZeRO-2))"
        }
    ));
    if let Some(crate::engine::Why::Plan { plan, terms, .. }) = rec
        .reasons
        .iter()
        .find(|w| matches!(w, crate::engine::Why::Plan { .. }))
    {
        out.push(format!(
            "{} = 34·s·b·h·L/t{}, 2·s·b·h·L/t + 34·s·b·h/t{}, s = {}, b = {}, h = {}, L = {}, t = {} → {}",
            if zh {
                "激活值/加速器"
            } else {
                "activations per accelerator"
            },
            if zh { "（选择性重计算）" } else { " (selective)" },
            if zh { "（完全重计算）" } else { " (full)" },
            number(f64::from(scenario.context_tokens), 0),
            plan.micro_batch,
            arch.hidden,
            arch.layers,
            plan.tp,
            gib(rec.memory.activations_gib),
        ));
        out.push(super::plan_formula(
            plan,
            terms,
            scenario.assumptions.train_mfu,
            scenario.assumptions.comm_overlap,
            lang,
        ));
        if terms.moe_s > 0.0 {
            out.push(format!(
                "MoE = moeb · k·(L·h + P_e/h) · {} / (N · {}) = {} B × {} {}",
                if zh { "每步 token 数" } else { "tokens per step" },
                if zh { "显存带宽" } else { "memory bandwidth" },
                number(scenario.assumptions.moe_bytes_per_value, 0),
                number(arch.routed_values_per_token(), 0),
                if zh { "个值/token" } else { "values a token" },
            ));
            out.push(expert_line(scenario, arch, plan, terms, zh));
        }
    }
    if let (Some(g), Some(j)) = (rec.gpu_hours, rec.job_hours) {
        out.push(format!(
            "C = k·N_act·D + 12·L·h·s·D; {} = D × step / {} × N / 3600 = {}",
            if zh { "加速器小时" } else { "accelerator-hours" },
            if zh { "每步 token 数" } else { "tokens per step" },
            number(g, 0)
        ));
        out.push(wall_clock_line(scenario, rec, (g, j), lang));
    }
    out
}

/// An MoE's expert terms: the grouped GEMMs' rate and imbalance, the expert weights' read beyond their
/// math, and expert parallelism's all-to-all on the links (`engine::parallel::step`).
fn expert_line(scenario: &Scenario, arch: &ModelArch, plan: &Parallelism, terms: &StepTerms, zh: bool) -> String {
    let a = &scenario.assumptions;
    let c = if plan.ep > 1 { a.moe_capacity } else { 1.0 };
    let head = if zh { "专家" } else { "experts" };
    format!(
        "{head}: compute × (1 + f_e·(c/g − 1)), f_e = {}, c = {} (moecap at EP > 1), g = {} (ggeff); + W_e read − math = {} s; A2A = (4 + 2·f)·L/pp·m · b·s/t·k·h·2 B·c / link|net · (1 − a2aov) = {} s, a2aov = {}, k = {}, EP = {}",
        number(arch.routed_active_share(), 2),
        number(c, 2),
        number(a.grouped_gemm_eff, 2),
        number(terms.expert_s, 3),
        number(terms.a2a_s, 3),
        number(a.a2a_overlap, 2),
        arch.experts_per_token,
        plan.ep,
    )
}

/// The job's wall clock from its accelerator-hours `g`, saying what its hours `j` add: the start-up
/// (`restart`: boot, image pull, weight loading), and on a Spot headline its checkpoints and restarts.
fn wall_clock_line(scenario: &Scenario, rec: &Recommendation, (g, j): (f64, f64), lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let startup_h = crate::engine::cost::startup_h(scenario, rec);
    let n = f64::from(rec.n_accelerators.max(1));
    let with_startup = startup_h > 0.0 && (j - g / n - startup_h).abs() < 1e-6;
    let added = match (with_startup, zh) {
        (true, true) => format!(" + 启动 {} 分钟", number(startup_h * 60.0, 0)),
        (true, false) => format!(" + {} min start-up", number(startup_h * 60.0, 0)),
        // More than the compute and no start-up alone: a Spot headline (the option's formula has F).
        (false, true) if j > g / n * 1.001 => " + 启动及 Spot 检查点与重启".to_string(),
        (false, false) if j > g / n * 1.001 => " + start-up, Spot's checkpoints and restarts".to_string(),
        (false, _) => String::new(),
    };
    format!(
        "{} = {} / {}{added} = {}",
        if zh { "时长" } else { "wall clock" },
        number(g, 1),
        rec.n_accelerators,
        crate::format::hours(j, lang)
    )
}

/// HPC: what an hour of one FP64 TFLOPS costs.
fn hpc_lines(scenario: &Scenario, _: &ModelArch, rec: &Recommendation, f: Presentation) -> Vec<String> {
    let lang = f.lang;
    let usd = &|v: f64| f.money(v);
    let zh = lang == Lang::Zh;
    let mut out = Vec::new();
    if scenario.task != Task::Hpc {
        return out;
    }
    if let (Some(tf), Some(c)) = (rec.fp64_tflops, crate::engine::usd_per_fp64_tflops_hour(rec)) {
        out.push(format!(
            "{} = {}/h ÷ {} TFLOPS = {}",
            if zh {
                "每 FP64 TFLOPS·小时成本"
            } else {
                "cost per FP64 TFLOPS-hour"
            },
            usd(rec.hourly_usd.unwrap_or(0.0)),
            number(tf, 1),
            usd(c)
        ));
    }
    out
}

/// A growing service fleet: each month's count (from the demand on a serving plan's replicas, else
/// compounded) and the commitment level the plan chooses.
fn growth_lines(scenario: &Scenario, _: &ModelArch, rec: &Recommendation, f: Presentation) -> Vec<String> {
    let lang = f.lang;
    let zh = lang == Lang::Zh;
    let mut out = Vec::new();
    if rec.job_hours.is_none() && scenario.fleet_grows() {
        let g = crate::num::shortest(scenario.purchase.growth_pct / 100.0);
        let n0 = rec.n_instances;
        let mut legend = "";
        let n_m = match rec.serving_unit {
            Some(u) => {
                let up = |x: String, per: String| format!("⌈{x} × (1 + {g})^m / {per}⌉");
                let mut r = up(scenario.batch.max(1).to_string(), u.seqs_per_replica.to_string());
                if scenario.target_tps > 0.0 {
                    r = up(scenario.batch.max(1).to_string(), format!("s = {}", u.seqs_per_replica));
                }
                if scenario.target_tps > 0.0 {
                    let t = up(number(scenario.target_tps, 0), "r".into());
                    let r_m = if zh {
                        "r：每个副本装满 s 个序列时的 tokens/s；"
                    } else {
                        "r: a replica's tokens/s packed to its s sequences; "
                    };
                    r = format!("max({r}, {t})");
                    legend = r_m;
                }
                if u.instances_per_replica > 1 {
                    r = format!("{} × {r}", u.instances_per_replica);
                } else if u.replicas_per_instance > 1 {
                    r = format!("⌈{r} / {}⌉", u.replicas_per_instance);
                }
                let bound = if scenario.purchase.growth_pct > 0.0 {
                    "max"
                } else {
                    "min"
                };
                format!("{bound}({n0}, {r})")
            }
            None => format!("⌈{n0} × (1 + {g})^m⌉"),
        };
        out.push(if zh {
            format!("第 m 月实例数 n_m = {n_m}（{legend}首月 m = 0，n_0 = {n0}）；承诺 k 台使 k·C + Σ max(0, n_m − k)·R 最小（C：一台实例在规划周期内的承诺费用；R：一台实例每月按需或 Spot 的费用）")
        } else {
            format!("fleet in month m: n_m = {n_m} ({legend}m = 0 in the first month, n_0 = {n0}); commit the k that minimises k·C + Σ max(0, n_m − k)·R (C: one instance's commitment over the horizon; R: one instance-month On-Demand or Spot)")
        });
    }
    out
}

/// Energy: TDP × accelerator-hours.
fn energy_lines(_: &Scenario, _: &ModelArch, rec: &Recommendation, f: Presentation) -> Vec<String> {
    let lang = f.lang;
    let zh = lang == Lang::Zh;
    let mut out = Vec::new();
    if let Some(e) = rec.energy_kwh {
        out.push(format!(
            "{} = TDP × {} = {} kWh",
            if zh { "能耗" } else { "energy" },
            if zh { "加速器小时" } else { "accelerator-hours" },
            number(e, 0)
        ));
    }
    out
}

/// The headline cost as the engine adds it up (`Recommendation::job_terms` for a job, else
/// `monthly_terms`): each term's rate × instances × hours, so a commitment shows its 730 h, Spot its
/// overhead, bursts their own hours. `None` without a price.
fn cost_line(rec: &crate::engine::Recommendation, zh: bool, usd: Money<'_>) -> Option<String> {
    let (name, terms, total) = if rec.job_terms.is_empty() {
        (if zh { "每月" } else { "monthly" }, &rec.monthly_terms, rec.monthly_usd)
    } else {
        (if zh { "每个作业" } else { "job" }, &rec.job_terms, rec.job_usd)
    };
    terms_line(name, terms, total, usd, zh)
}

/// `name = term + term = total`, each term as `cost_term` writes it; `None` without terms or a total.
pub(super) fn terms_line(
    name: &str,
    terms: &[crate::engine::outcome::CostTerm],
    total: Option<f64>,
    usd: Money<'_>,
    zh: bool,
) -> Option<String> {
    let total = total.filter(|_| !terms.is_empty())?;
    let sum: Vec<String> = terms.iter().map(|t| cost_term(t, zh, usd)).collect();
    Some(format!("{name} = {} = {}", sum.join(" + "), usd(total)))
}

/// One term: `$0.8048/h × 2 × 730 h`, then its factor and what its hours are.
fn cost_term(t: &crate::engine::outcome::CostTerm, zh: bool, usd: Money<'_>) -> String {
    use crate::engine::outcome::TermKind;
    let mut out = format!(
        "{}/h × {} × {} h",
        usd(t.usd_hr),
        number(t.instances, 0),
        number(t.hours, 1)
    );
    if t.kind == TermKind::Block && t.factor < 1.0 {
        out += &format!(" ÷ {}", number(1.0 / t.factor, 0));
    } else if t.factor != 1.0 {
        out += &format!(" × {}", number(t.factor, 4));
    }
    let label = match (t.kind, zh) {
        (TermKind::Usage, _) if t.factor == 1.0 => return out,
        (TermKind::Usage, false) => "Spot interruptions",
        (TermKind::Usage, true) => "Spot 中断",
        (TermKind::Bursts, false) => "bursts",
        (TermKind::Bursts, true) => "突发",
        (TermKind::Committed, false) => "committed: every hour",
        (TermKind::Committed, true) => "承诺：每小时计费",
        (TermKind::WholeTerm, false) if t.factor > 1.0 => "whole terms, renewed",
        (TermKind::WholeTerm, true) if t.factor > 1.0 => "连续续订的整个承诺期",
        (TermKind::WholeTerm, false) => "the whole term",
        (TermKind::WholeTerm, true) => "整个承诺期",
        (TermKind::OnDemandTail, false) => "On-Demand after the term",
        (TermKind::OnDemandTail, true) => "承诺期满后按需",
        (TermKind::Block, false) => "Capacity Block",
        (TermKind::Block, true) => "容量块",
        (TermKind::Startup, false) => "start-up",
        (TermKind::Startup, true) => "启动",
    };
    if zh {
        format!("{out}（{label}）")
    } else {
        format!("{out} ({label})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::outcome::{CostTerm, TermKind};

    #[test]
    fn a_term_says_what_its_hours_are_in_both_languages() {
        let t = |kind, factor| CostTerm {
            kind,
            usd_hr: 0.6549,
            instances: 2.0,
            hours: 730.0,
            factor,
        };
        let committed = t(TermKind::Committed, 1.0);
        assert_eq!(
            cost_term(&committed, false, &crate::format::usd),
            "$0.6549/h × 2 × 730 h (committed: every hour)"
        );
        assert_eq!(
            cost_term(&committed, true, &crate::format::usd),
            "$0.6549/h × 2 × 730 h（承诺：每小时计费）"
        );
        assert_eq!(
            cost_term(&t(TermKind::Usage, 1.0), false, &crate::format::usd),
            "$0.6549/h × 2 × 730 h"
        );
        assert_eq!(
            cost_term(&t(TermKind::Usage, 1.0667), true, &crate::format::usd),
            "$0.6549/h × 2 × 730 h × 1.0667（Spot 中断）"
        );
        assert_eq!(
            cost_term(&t(TermKind::Block, 0.5), false, &crate::format::usd),
            "$0.6549/h × 2 × 730 h ÷ 2 (Capacity Block)"
        );
    }
}
