//! The range of an estimate over the efficiency assumptions, as a sentence.

use super::*;
use crate::format::number;
use crate::scenario::Lang;

/// The estimate at both ends of the efficiency range (`engine::sensitivity`), each end in full because a
/// fleet sized to a target can change with it (then a better efficiency may mean fewer instances and a
/// longer job): "If efficiency is 25 % better than assumed (MFU 0.5, memory bandwidth 0.88): 14.7 days,
/// $X per job; 25 % worse (MFU 0.3, memory bandwidth 0.52): 24.5 days, $Y per job." `money` writes an
/// amount in the page's currency. `None` when the task has neither a job time nor a token rate.
pub fn range(s: &crate::engine::sensitivity::Sensitivity, lang: Lang, money: &dyn Fn(f64) -> String) -> Option<String> {
    use crate::engine::sensitivity::Bound;
    let zh = lang == Lang::Zh;
    let (lo, hi) = (&s.low, &s.high);
    let card = s.card_instances;
    // A bound on a fleet other than the card's says its count, and that it is another fleet.
    let instances_differ = lo.n_instances != hi.n_instances || lo.n_instances != card;
    let describe = |b: &Bound| -> Option<String> {
        let mut parts: Vec<String> = Vec::new();
        if instances_differ {
            let n = b.n_instances;
            parts.push(match (zh, n == card) {
                (true, true) => format!("{n} 台实例"),
                (true, false) => format!("{n} 台实例（而非上方的 {card} 台）"),
                (false, true) => count(n, "instance", "instances"),
                (false, false) => format!("{} (not the {card} above)", count(n, "instance", "instances")),
            });
        }
        match (b.job_hours, b.tokens_per_s) {
            (Some(h), _) => {
                parts.push(crate::format::hours(h, lang));
                if let Some(c) = b.job_usd {
                    parts.push(if zh {
                        format!("每次作业 {}", money(c))
                    } else {
                        format!("{} per job", money(c))
                    });
                }
            }
            (None, Some(t)) => {
                parts.push(if zh {
                    format!("{} token/秒", number(t, 0))
                } else {
                    format!("{} tokens/s", number(t, 0))
                });
                if let Some(c) = b.monthly_usd.filter(|_| instances_differ) {
                    parts.push(if zh {
                        format!("每月 {}", money(c))
                    } else {
                        format!("{} a month", money(c))
                    });
                }
            }
            (None, None) => return None,
        }
        // A bound priced On-Demand where the other is not says so: the two are not the same option.
        if b.on_demand_instead && !(lo.on_demand_instead && hi.on_demand_instead) {
            parts.push(if zh {
                "按需计价（所选方式不适用于该规模）".into()
            } else {
                "priced On-Demand (the chosen option is not offered for this fleet)".into()
            });
        }
        Some(parts.join(if zh { "，" } else { ", " }))
    };
    let (better, worse) = (describe(hi)?, describe(lo)?);
    let pct = number(crate::engine::sensitivity::SPREAD * 100.0, 0);
    let (mfu_hi, bw_hi, mfu_lo, bw_lo) = (
        number(hi.mfu, 2),
        number(hi.bw_efficiency, 2),
        number(lo.mfu, 2),
        number(lo.bw_efficiency, 2),
    );
    let mfu = efficiency_name(hi.varied, zh);
    Some(if zh {
        format!(
            "效率比假设高 {pct} %（{mfu} {mfu_hi}，显存带宽效率 {bw_hi}）时：{better}；低 {pct} %（{mfu} {mfu_lo}，显存带宽效率 {bw_lo}）时：{worse}。"
        )
    } else {
        format!(
            "If efficiency is {pct} % better than assumed ({mfu} {mfu_hi}, memory bandwidth {bw_hi}): {better}; {pct} % worse ({mfu} {mfu_lo}, memory bandwidth {bw_lo}): {worse}."
        )
    })
}

/// The compute efficiency a range varies, by name: training's kernel efficiency (`teff`, Neuron's
/// `nteff`), serving's MFU, or Neuron's serving efficiency (`nmfu`).
fn efficiency_name(varied: crate::engine::sensitivity::Varied, zh: bool) -> &'static str {
    use crate::engine::sensitivity::Varied;
    match (varied, zh) {
        (Varied::Kernel, true) => "内核效率",
        (Varied::Kernel, false) => "kernel efficiency",
        (Varied::NeuronKernel, true) => "Neuron 内核效率",
        (Varied::NeuronKernel, false) => "Neuron kernel efficiency",
        (Varied::NeuronMfu, true) => "Neuron 计算效率",
        (Varied::NeuronMfu, false) => "Neuron efficiency",
        (Varied::Mfu, _) => "MFU",
    }
}

/// A whole percent with its sign, as the ledger writes errors: "+19 %", "−6 %", "0 %".
fn signed_pct(v: i32) -> String {
    match v {
        0 => "0 %".into(),
        v if v < 0 => format!("−{} %", v.unsigned_abs()),
        v => format!("+{v} %"),
    }
}

/// The record of an estimate's family against the published runs (`accuracy::RECORDS`), as the sentence
/// under its range: "Held against 9 published Trainium (trn1) training runs: median −6 %, worst +19 %."
/// Training and fine-tuning cite the family's training runs, serving its serving runs, an MoE model its
/// MoE runs; `accelerator` (the catalog's id) and `accelerator_name` say which family, and a family
/// without such runs says so. `None` for graphics and HPC, which the ledger does not measure.
pub fn record(
    task: crate::scenario::Task,
    moe: bool,
    accelerator: &str,
    accelerator_name: &str,
    lang: Lang,
) -> Option<String> {
    use crate::accuracy::{Family, Kind};
    use crate::scenario::Task;
    let kind = match task {
        Task::Training | Task::Finetune => Kind::Training,
        Task::Inference => Kind::Serving,
        Task::Graphics | Task::Hpc => return None,
    };
    let zh = lang == Lang::Zh;
    let what = match (kind, zh) {
        (Kind::Training, false) => "training",
        (Kind::Serving, false) => "serving",
        (Kind::Training, true) => "训练",
        (Kind::Serving, true) => "推理",
    };
    let family = Family::of_accelerator(accelerator);
    let moe_w = if moe { "MoE " } else { "" };
    let Some((f, r)) = family.and_then(|f| crate::accuracy::record(f, kind, moe).map(|r| (f, r))) else {
        let on: &str = family.map_or(accelerator_name, |f| f.name());
        return Some(if zh {
            format!("{on} 上尚无公开的 {moe_w}{what}实测可对照。")
        } else {
            format!("Not yet held against a published {moe_w}{what} run on {on}.")
        });
    };
    let (n, median, worst) = (r.runs, signed_pct(r.median_pct), signed_pct(r.worst_pct));
    let name = f.name();
    Some(match (zh, moe) {
        (true, false) => format!("已对照 {n} 个公开的 {name} {what}实测：误差中位数 {median}，最大 {worst}。"),
        (true, true) => format!("已对照 {name} 上 {n} 个公开的 MoE {what}实测：误差中位数 {median}，最大 {worst}。"),
        (false, m) => {
            let runs = if n == 1 { "run" } else { "runs" };
            let family_w = if m {
                format!("MoE {what} {runs} on {name}")
            } else {
                format!("{name} {what} {runs}")
            };
            format!("Held against {n} published {family_w}: median {median}, worst {worst}.")
        }
    })
}
