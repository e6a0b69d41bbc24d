//! Reasons a recommendation is what it is, and the fleet sentences, as plain words.

use super::plan_reasons::{why_buyer, why_purchase, why_rank};
use super::*;
use crate::engine::outcome::Why;
use crate::format::number;
use crate::scenario::Lang;

/// One reason of a recommendation, as a sentence: the topic's function says it (the match keeps every
/// variant assigned to one).
pub fn why(w: &Why, lang: Lang) -> String {
    let topic: fn(&Why, Lang) -> Option<String> = match w {
        Why::Fits { .. }
        | Why::CannotRun { .. }
        | Why::DoesNotFit { .. }
        | Why::TensorParallel { .. }
        | Why::Replicas { .. }
        | Why::BelowReadingSpeed { .. } => why_fit,
        Why::ServingPlan { .. }
        | Why::SequencesPerReplica { .. }
        | Why::PackedForTarget { .. }
        | Why::MultiNode { .. }
        | Why::SlowerThanTarget { .. } => why_serving,
        Why::Fp16Instead
        | Why::Porting { .. }
        | Why::MixtureOfExperts { .. }
        | Why::EstimatedArch
        | Why::FractionalGpu { .. }
        | Why::NoComputeCap => why_chip,
        Why::NoPublicPrice { .. } | Why::DerivedPrice { .. } | Why::Seats { .. } | Why::Fp64 { .. } | Why::Legacy => {
            why_price
        }
        Why::BuyNotOffered { .. }
        | Why::Plan { .. }
        | Why::ContextBeyondModel { .. }
        | Why::WindowMissed { .. }
        | Why::JobBeyondHorizon { .. }
        | Why::EndToEndMfu { .. }
        | Why::SizedForWindow { .. } => why_purchase,
        Why::VcpuQuota { .. }
        | Why::CapacityNotReserved { .. }
        | Why::CapacityReserved { .. }
        | Why::SpotAtScale { .. }
        | Why::ComputeSpShallow { .. } => why_buyer,
        Why::SpotPastTime { .. }
        | Why::SpotLeftOut { .. }
        | Why::SpotRisks { .. }
        | Why::CommBound { .. }
        | Why::Limit(_) => super::cautions::why_caution,
        Why::RateDates { .. }
        | Why::StaleRates { .. }
        | Why::RankCheapest
        | Why::RankFastestWithinBudget { .. }
        | Why::RankBestBalance => why_rank,
    };
    topic(w, lang).unwrap_or_default()
}

/// Online serving below a readable speed (the `readtps` assumption); the speed itself is the card's figure.
fn below_reading_speed(readable_tokens_per_s: f64, zh: bool) -> String {
    let r = crate::num::shortest(readable_tokens_per_s);
    if zh {
        format!("每位用户低于可读的约 {r} token/秒（Brysbaert 2019；可在假设中修改）。")
    } else {
        format!("Each user gets less than a readable ~{r} tokens/s (Brysbaert 2019; an assumption you can edit).")
    }
}

/// How the workload fits: memory, tensor parallelism, replicas, a readable speed.
fn why_fit(w: &Why, lang: Lang) -> Option<String> {
    let zh = lang == Lang::Zh;
    Some(match w {
        Why::Fits {
            needed_gib,
            available_gib,
            devices,
        } => {
            if zh {
                format!(
                    "需要 {}，{} 个加速器共有 {}：放得下。",
                    gib(*needed_gib),
                    devices,
                    gib(*available_gib)
                )
            } else {
                format!(
                    "Needs {}; {} {} {}: it fits.",
                    gib(*needed_gib),
                    count(*devices, "accelerator", "accelerators"),
                    if *devices == 1 { "has" } else { "have" },
                    gib(*available_gib)
                )
            }
        }
        Why::CannotRun { reason } => exclusion(reason, lang),
        Why::DoesNotFit {
            needed_gib,
            available_gib,
        } => {
            if zh {
                format!("需要 {}，但只有 {}：放不下。", gib(*needed_gib), gib(*available_gib))
            } else {
                format!(
                    "Needs {} but has only {}: it does not fit.",
                    gib(*needed_gib),
                    gib(*available_gib)
                )
            }
        }
        Why::TensorParallel {
            degree,
            replicas_per_instance,
        } => {
            if zh {
                format!("每个副本张量并行跨 {degree} 个加速器；每台实例可放 {replicas_per_instance} 个副本。")
            } else {
                format!(
                    "Each replica is split across {} (tensor parallel); {} per instance.",
                    count(*degree, "accelerator", "accelerators"),
                    count(*replicas_per_instance, "replica", "replicas")
                )
            }
        }
        Why::Replicas {
            replicas,
            tokens_per_s_each,
        } => {
            if zh {
                format!(
                    "共 {replicas} 个副本，每个约 {} token/s。",
                    number(*tokens_per_s_each, 0)
                )
            } else {
                format!(
                    "{replicas} replicas, about {} tokens/s each.",
                    number(*tokens_per_s_each, 0)
                )
            }
        }
        Why::BelowReadingSpeed {
            readable_tokens_per_s, ..
        } => below_reading_speed(*readable_tokens_per_s, zh),
        _ => return None,
    })
}

/// How serving and jobs are sized: the serving plan, sequences per replica, nodes, the target.
fn why_serving(w: &Why, lang: Lang) -> Option<String> {
    let zh = lang == Lang::Zh;
    Some(match w {
        Why::ServingPlan {
            tp,
            pp,
            replicas,
            link,
            tokens_per_s_per_seq,
            comm_share,
        } => serving_plan(*tp, *pp, *replicas, link, *tokens_per_s_per_seq, *comm_share, zh),
        Why::SequencesPerReplica {
            max_fit,
            per_replica,
            replicas,
            users,
        } => {
            if zh {
                format!(
                    "{users} 个并发用户分给实例承载的全部 {replicas} 个副本，每个最多 {per_replica} 个（一个副本最多容纳 {max_fit} 个序列的 KV 缓存）；每个用户按最忙副本的速度计。"
                )
            } else {
                format!(
                    "The {} are spread over all {replicas} replicas the instances host, at most {per_replica} each (one replica holds the KV cache of at most {}); every user is counted at the busiest replica's speed.",
                    count(*users, "concurrent user", "concurrent users"),
                    count(*max_fit, "sequence", "sequences")
                )
            }
        }
        Why::PackedForTarget {
            per_replica,
            max_fit,
            by_seq_target,
            replicas,
        } => {
            let why = match (zh, by_seq_target) {
                (true, true) => "仍达到每序列速度目标的最多序列数".to_string(),
                (true, false) => format!("显存可容纳的最多序列数（{max_fit}）"),
                (false, true) => "the most that still meet the per-sequence target".to_string(),
                (false, false) => format!("the most its memory holds ({max_fit})"),
            };
            if zh {
                format!(
                    "为达到吞吐量目标，每个副本装满 {per_replica} 个序列（{why}）；假定排队的请求足以让全部 {replicas} 个副本一直这么满。"
                )
            } else {
                format!(
                    "For the throughput target each replica is packed to {} ({why}); the work is assumed queued deep enough to keep all {replicas} replicas that full.",
                    count(*per_replica, "sequence", "sequences")
                )
            }
        }
        Why::MultiNode { instances } => {
            if zh {
                format!("跨 {instances} 台实例运行，通过 EFA 互联。")
            } else {
                format!("Runs across {instances} instances linked by EFA.")
            }
        }
        Why::SlowerThanTarget { days, target_days } => {
            if zh {
                format!(
                    "无法横向扩展：作业约需 {} 天，超过目标 {} 天。",
                    number(*days, 1),
                    number(*target_days, 1)
                )
            } else {
                format!(
                    "Cannot scale out: the job takes about {} days, past the {}-day target.",
                    number(*days, 1),
                    number(*target_days, 1)
                )
            }
        }
        _ => return None,
    })
}

/// What the chip brings or lacks: precision, porting, MoE, estimates, fractions.
fn why_chip(w: &Why, lang: Lang) -> Option<String> {
    let zh = lang == Lang::Zh;
    Some(match w {
        Why::Fp16Instead => {
            if zh {
                "该 GPU 不支持 BF16，以 FP16 运行（权重大小相同；训练需要损失缩放）。".into()
            } else {
                "This GPU has no BF16: it runs in FP16 (same size; training needs loss scaling).".into()
            }
        }
        Why::Porting { stack: Stack::Synapse } => {
            if zh {
                "需要 Habana SynapseAI（Gaudi 软件栈）而非 CUDA：预留移植时间；仅适合标准 Transformer。".into()
            } else {
                "Needs Habana SynapseAI (Gaudi's software), not CUDA: allow time to port; standard Transformers only."
                    .into()
            }
        }
        Why::Porting { .. } => {
            if zh {
                "需要 Neuron SDK 适配与提前编译，上手约 1-2 周；仅适合标准 Transformer 模型。".into()
            } else {
                "Needs the Neuron SDK and ahead-of-time compilation: plan 1-2 weeks to port; standard Transformer models only.".into()
            }
        }
        Why::MixtureOfExperts { active_b, total_b } => {
            if zh {
                format!(
                    "MoE：显存按全部 {}B 参数计，计算按每 token 激活的 {}B 计；每步解码要读取本批次路由到的所有专家。",
                    number(*total_b, 1),
                    number(*active_b, 1)
                )
            } else {
                format!("Mixture of experts: memory holds all {}B parameters; compute uses the {}B active per token, and a decode step reads every expert its batch routes to.", number(*total_b, 1), number(*active_b, 1))
            }
        }
        Why::EstimatedArch => {
            if zh {
                "自定义模型：层数、隐藏维度和 KV 头数按参数量估算（类 Llama 结构，8 个 KV 头）。".into()
            } else {
                "Custom model: layers, hidden size and KV heads are estimated from the parameter count (Llama-like shape, 8 KV heads).".into()
            }
        }
        Why::FractionalGpu { fraction } => {
            if zh {
                format!("分数 GPU：每台实例只有一块 L4 的 {}。", number(*fraction, 3))
            } else {
                format!("Fractional GPU: the instance gets {} of one L4.", number(*fraction, 3))
            }
        }
        Why::NoComputeCap => {
            if zh {
                "该芯片未公布张量算力：仅按显存带宽估算解码速度，未计算预填充时间。".into()
            } else {
                "No published tensor TFLOPS for this chip: decode is estimated from memory bandwidth only, and prefill is not estimated.".into()
            }
        }
        _ => return None,
    })
}

/// Prices and the type's kind: no public price, derived prices, seats, FP64, legacy.
fn why_price(w: &Why, lang: Lang) -> Option<String> {
    let zh = lang == Lang::Zh;
    Some(match w {
        Why::NoPublicPrice { region } => {
            if zh {
                format!("{region} 没有公开的按需价格：可通过 Capacity Blocks 或预留获得。")
            } else {
                format!("No public On-Demand price in {region}: available through Capacity Blocks or reservations.")
            }
        }
        Why::DerivedPrice { multiplier } => {
            if zh {
                format!(
                    "该区域价格为推算值：us-east-1 价格 × 同系列区域系数 {}。",
                    number(*multiplier, 4)
                )
            } else {
                format!(
                    "Regional price derived: the us-east-1 price × the family's regional multiplier {}.",
                    number(*multiplier, 4)
                )
            }
        }
        Why::Seats { per_instance } => {
            if zh {
                format!("每台实例可容纳 {per_instance} 个席位（按 GPU 显存、vCPU 与内存中最紧者）。")
            } else {
                format!(
                    "{} per instance (the tightest of GPU memory, vCPUs and RAM).",
                    count(*per_instance, "seat", "seats")
                )
            }
        }
        Why::Fp64 { tflops } => {
            if zh {
                format!(
                    "FP64 峰值合计 {} TFLOPS（向量峰值；A100/H100/H200 张量核心矩阵乘法约 2 倍）。",
                    number(*tflops, 1)
                )
            } else {
                format!("{} FP64 TFLOPS at peak in all (the vector rate; A100/H100/H200 tensor-core matrix multiplies: about 2×).", number(*tflops, 1))
            }
        }
        Why::Legacy => {
            if zh {
                "上一代实例，正逐步退役。".into()
            } else {
                "An older generation that AWS is retiring.".into()
            }
        }
        _ => return None,
    })
}

/// The months of the horizon a plan line covers, 1-based, as a phrase after its fleet (", months
/// 6–17"; ", month 6"); empty for a line of no months.
pub fn month_span(from_month: u32, months: u32, lang: Lang) -> String {
    let (a, b) = (from_month + 1, from_month + months);
    match (months, lang == Lang::Zh) {
        (0, _) => String::new(),
        (1, false) => format!(", month {a}"),
        (1, true) => format!("，第 {a} 月"),
        (_, false) => format!(", months {a}–{b}"),
        (_, true) => format!("，第 {a}–{b} 月"),
    }
}

/// The plan box's title where another type plans for less: this type's cheapest plan.
pub fn cheapest_plan_on(instance: &str, lang: Lang) -> String {
    if lang == Lang::Zh {
        format!("{instance} 上最省钱的方案")
    } else {
        format!("The cheapest plan on {instance}")
    }
}

/// The cheapest plan over every type that fits, on `instance`: its one line's fleet and option (`line`;
/// `None` for a plan of several lines) and its total `usd`.
pub fn cheaper_elsewhere(instance: &str, line: Option<(u32, crate::scenario::Buy)>, usd: &str, lang: Lang) -> String {
    let what = match line {
        Some((n, b)) => format!("{n} × {instance} — {} ({usd})", buy_name(b, lang)),
        None => format!("{instance} ({usd})"),
    };
    if lang == Lang::Zh {
        format!("换一种类型更省钱：{what}，为所有可行类型中最低。")
    } else {
        format!("Cheaper on another type: {what}, the least over every type that fits.")
    }
}

/// A growing fleet's path over the horizon, as a sentence ("Fleet: 1 → 9 instances over 24 months
/// (+10 % a month)"); `None` for a steady fleet.
pub fn fleet_path(fleet: &[u32], growth_pct: f64, lang: Lang) -> Option<String> {
    // Compounding at a constant rate is monotone: the ends are the least and the most.
    let (first, last) = (fleet.first()?, fleet.last()?);
    let months = fleet.len();
    let sign = if growth_pct > 0.0 { "+" } else { "" };
    let g = format!("{sign}{}", crate::num::shortest(growth_pct));
    Some(match lang {
        // A no-break space keeps the rate and its % sign on one line.
        Lang::Zh => format!("实例数：{months} 个月内从 {first} 台到 {last} 台（每月 {g}\u{a0}%）"),
        Lang::En => format!("Fleet: {first} → {last} instances over {months} months ({g}\u{a0}% a month)"),
    })
}

/// Under the purchase options of a growing fleet: their figures are for the first month's fleet.
pub fn steady_fleet_note(n_instances: u32, lang: Lang) -> String {
    match (lang, n_instances) {
        (Lang::Zh, n) => format!("以下为固定 {n} 台实例的费用；上面的方案已计入增长。"),
        (Lang::En, n) => format!(
            "These figures are for a steady fleet of {}; the plan above includes the growth.",
            count(n, "instance", "instances")
        ),
    }
}

/// That a type fits, and on how many instances ("Fits on 1 instance", "3 台实例可放下").
pub fn fits_on(n_instances: u32, lang: Lang) -> String {
    match (lang, n_instances) {
        (Lang::Zh, n) => format!("{n} 台实例可放下"),
        (Lang::En, n) => format!("Fits on {}", count(n, "instance", "instances")),
    }
}

/// "Tensor-parallel over 8 accelerators on NVLink 3 (NVSwitch), 1 replica: 41.5 tokens/s per sequence…"
fn serving_plan(tp: u32, pp: u32, replicas: u32, link: &str, tps: f64, comm: f64, zh: bool) -> String {
    let pct = number(comm * 100.0, 0);
    let speed = number(tps, 1);
    let link = if link.is_empty() { "?" } else { link };
    match (zh, tp > 1, pp > 1) {
        (false, _, true) => format!(
            "Pipeline over {pp} instances linked by EFA (the weights exceed one instance), tensor-parallel over {} on {link} in each, {}: {speed} tokens/s per sequence; stages add memory, not speed.",
            count(tp, "accelerator", "accelerators"),
            count(replicas, "replica", "replicas")
        ),
        (true, _, true) => format!(
            "跨 {pp} 台实例流水线并行（EFA 互联，权重超出单台实例），每台内 {tp} 个加速器张量并行（{link}），{replicas} 个副本：每序列 {speed} token/s；流水线增加显存，不增加速度。"
        ),
        (false, true, false) => format!(
            "Tensor-parallel over {} on {link}, {}: {speed} tokens/s per sequence; {pct} % of each step waits on all-reduces.",
            count(tp, "accelerator", "accelerators"),
            count(replicas, "replica", "replicas")
        ),
        (true, true, false) => format!(
            "张量并行跨 {tp} 个加速器（{link}），{replicas} 个副本：每序列 {speed} token/s；每步 {pct}% 的时间等待 all-reduce。"
        ),
        (false, false, false) => format!(
            "One accelerator per replica, {}: {speed} tokens/s per sequence.",
            count(replicas, "replica", "replicas")
        ),
        (true, false, false) => format!("每个副本一个加速器，共 {replicas} 个副本：每序列 {speed} token/s。"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fits_on_counts_instances_in_both_languages() {
        assert_eq!(fits_on(1, Lang::En), "Fits on 1 instance");
        assert_eq!(fits_on(3, Lang::En), "Fits on 3 instances");
        assert_eq!(fits_on(2, Lang::Zh), "2 台实例可放下");
    }

    #[test]
    fn fleet_path_names_both_ends_and_the_rate() {
        assert_eq!(
            fleet_path(&[1, 2, 2, 3], 25.0, Lang::En).as_deref(),
            Some("Fleet: 1 → 3 instances over 4 months (+25\u{a0}% a month)")
        );
        assert_eq!(
            fleet_path(&[11, 10, 9], -10.0, Lang::Zh).as_deref(),
            Some("实例数：3 个月内从 11 台到 9 台（每月 -10\u{a0}%）")
        );
        assert_eq!(fleet_path(&[], 10.0, Lang::En), None);
    }
}
