//! Reasons a recommendation is what it is, and the fleet sentences, as plain words.

use super::*;
use crate::engine::recommend::Why;
use crate::format::number;
use crate::scenario::Lang;

/// One reason of a recommendation, as a sentence.
pub fn why(w: &Why, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match w {
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
        } => {
            if zh {
                format!(
                    "一个副本最多容纳 {max_fit} 个序列的 KV 缓存：并发序列分给 {replicas} 个副本，每个约 {per_replica} 个。"
                )
            } else {
                format!(
                    "One replica holds the KV cache of at most {}: the concurrent sequences are split over {replicas} replicas, about {per_replica} each.",
                    count(*max_fit, "sequence", "sequences")
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
        Why::Fp16Instead => {
            if zh {
                "该 GPU 不支持 BF16，以 FP16 运行（权重大小相同；训练需要损失缩放）。".into()
            } else {
                "This GPU has no BF16: it runs in FP16 (same size; training needs loss scaling).".into()
            }
        }
        Why::NeuronPorting => {
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
                format!("FP64 峰值合计 {} TFLOPS。", number(*tflops, 1))
            } else {
                format!("{} FP64 TFLOPS at peak in all.", number(*tflops, 1))
            }
        }
        Why::Legacy => {
            if zh {
                "上一代实例，正逐步退役。".into()
            } else {
                "An older generation that AWS is retiring.".into()
            }
        }
        Why::BuyNotOffered { buy, reason } => {
            if zh {
                format!(
                    "所选购买方式“{}”不可用（{}），显示按需价格。",
                    buy_name(*buy, lang),
                    not_offered(reason, lang)
                )
            } else {
                format!(
                    "The chosen option “{}” is not available ({}); figures are On-Demand.",
                    buy_name(*buy, lang),
                    not_offered(reason, lang)
                )
            }
        }
        Why::Plan {
            plan,
            terms,
            link,
            across_instances,
            efa,
        } => super::parallel::plan_words(plan, terms, link, *across_instances, *efa, lang),
        Why::ContextBeyondModel { context, max } => {
            if zh {
                format!(
                    "上下文 {} token 超过该模型的最大上下文 {}：估算照算，但模型本身不支持。",
                    number(f64::from(*context), 0),
                    number(f64::from(*max), 0)
                )
            } else {
                format!("A {}-token context is longer than the model's maximum of {}: estimated anyway, but the model does not support it.", number(f64::from(*context), 0), number(f64::from(*max), 0))
            }
        }
        Why::WindowMissed {
            window_days,
            shortest_days,
            buy,
        } => {
            let d = number(*shortest_days, 1);
            let b = super::buy_name(*buy, lang);
            if zh {
                format!("没有任何购买方式能在 {window_days} 天的窗口内完成作业：最短需要 {d} 天（{b}）。计划按不受窗口限制的最低成本给出；请放宽窗口、允许多实例或换用更快的实例。")
            } else {
                format!("No purchase option finishes the job inside the {window_days}-day window: the shortest takes {d} days ({b}). The plan shows the cheapest option regardless; widen the window, allow more instances, or choose a faster type.")
            }
        }
        Why::EndToEndMfu { mfu } => {
            let m = number(mfu * 100.0, 1);
            if zh {
                format!("训练按 `mfu` = {m} % 的端到端 MFU 计时（规划器之前的链接即此含义）；计划仍由规划器选择。要按通信逐项计时，请设置 `teff`。")
            } else {
                format!("Training is timed at `mfu` = {m} % of peak end to end (what links meant before the planner); the planner still chooses the plan. Set `teff` to time each step's communication instead.")
            }
        }
        Why::SizedForWindow { window_days } => {
            if zh {
                format!("实例数按 {window_days} 天窗口确定（扣除启动时间和容量块结束前 30 分钟），而不是按目标天数。")
            } else {
                format!("The fleet is sized to finish inside the {window_days}-day window (less start-up and a Capacity Block's 30-minute stop before its end), not the days target.")
            }
        }
        Why::VcpuQuota {
            family,
            spot,
            instances,
            vcpus,
        } => quota_text(*family, *spot, *instances, *vcpus, zh),
        Why::CapacityNotReserved { buys } => {
            let names: Vec<&str> = buys.iter().map(|b| super::buy_name(*b, lang)).collect();
            if zh {
                format!("{} 只是计费折扣，不预留容量（区域级预留实例同样如此）；需要保证容量时，用可用区级预留实例、按需容量预留（ODCR）或 Capacity Blocks。", names.join("、"))
            } else {
                format!("{} {} a billing discount and reserve{} no capacity (nor does a regional RI); to hold capacity, use a zonal RI, an On-Demand Capacity Reservation (ODCR) or a Capacity Block.", names.join(", "), if names.len() == 1 { "is" } else { "are" }, if names.len() == 1 { "s" } else { "" })
            }
        }
        Why::CapacityReserved {
            instances,
            days,
            blocks,
            lead_weeks,
            recommended,
        } => {
            let more = instances > recommended;
            if zh {
                format!(
                    "Capacity Block 预留 {instances} 台实例 × {days} 天（{blocks} 个容量块；日期最多可提前 {lead_weeks} 周预订），预订时一次付清，不可修改或取消。{}",
                    if more { format!("比推荐的 {recommended} 台多，以便装进更短的容量块；运行时间已按 {instances} 台重新估算。") } else { String::new() }
                )
            } else {
                format!(
                    "A Capacity Block reserves {instances} instances × {days} days ({}; dates can be booked up to {lead_weeks} weeks ahead), paid in full when booked; it cannot be changed or cancelled.{}",
                    count(*blocks, "block", "blocks"),
                    if more { format!(" More than the recommended {recommended}, to fit a shorter block; the run is re-estimated at {instances}.") } else { String::new() }
                )
            }
        }
        Why::SpotAtScale {
            instances,
            zones,
            zones_at_od,
            supply,
            together,
        } => spot_scale_text(*instances, *zones, *zones_at_od, *supply, *together, zh),
        Why::ComputeSpShallow {
            discount_pct,
            median_pct,
        } => {
            let (d, m) = (number(*discount_pct, 1), number(*median_pct, 1));
            if zh {
                format!("Compute Savings Plan 折扣按该类型公布的 1 年期可转换预留实例折扣假设为 {d} %（AWS 不公布按类型的 Savings Plan 费率；GPU 类型的中位数为 {m} %），远低于 AWS 宣传的“最高 66 %”：2025 年 6 月 P 系列按需大幅降价后，承诺价相对按需只剩较小折扣。可在假设中改写。")
            } else {
                format!("The Compute Savings Plan discount is assumed equal to this type's published 1-year Convertible RI discount, {d} % (AWS publishes no per-type Savings Plan rate; the median over GPU types is {m} %), far from AWS's \"up to 66 %\": after the June 2025 cut of P-family On-Demand prices, commitments sit close to On-Demand. Override it in the assumptions.")
            }
        }
        Why::RateDates { rates } => {
            let parts: Vec<String> = rates
                .iter()
                .map(|r| {
                    if zh {
                        format!("{} {}（{}）", super::buy_name(r.buy, lang), r.as_of, r.source)
                    } else {
                        format!("{} {} ({})", super::buy_name(r.buy, lang), r.as_of, r.source)
                    }
                })
                .collect();
            if zh {
                format!("计划所用费率的目录日期：{}。", parts.join("；"))
            } else {
                format!("Catalog dates of the rates in this plan: {}.", parts.join("; "))
            }
        }
        Why::RankCheapest => {
            if zh {
                "在所有放得下的选项中成本最低。".into()
            } else {
                "The lowest cost of every option that fits.".into()
            }
        }
        Why::RankFastestWithinBudget { budget_x } => {
            if zh {
                format!("在成本不超过最便宜选项 {} 倍的选项中速度最快。", number(*budget_x, 1))
            } else {
                format!(
                    "The fastest of the options costing at most {}× the cheapest.",
                    number(*budget_x, 1)
                )
            }
        }
        Why::RankBestBalance => {
            if zh {
                "成本与速度的最佳平衡（两者相对最优值之比的几何平均）。".into()
            } else {
                "The best balance of cost and speed (geometric mean of each relative to the best).".into()
            }
        }
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

/// The vCPU quota a plan needs, named as AWS names it.
fn quota_text(family: crate::engine::buyer::QuotaFamily, spot: bool, instances: u32, vcpus: u32, zh: bool) -> String {
    use crate::engine::buyer::QuotaFamily;
    let short = match family {
        QuotaFamily::P => "P",
        QuotaFamily::GAndVt => "G and VT",
        QuotaFamily::Inf => "Inf",
        QuotaFamily::Trn => "Trn",
        QuotaFamily::Dl => "DL",
    };
    let quota = if spot {
        format!("All {short} Spot Instance Requests")
    } else {
        format!("Running On-Demand {short} instances")
    };
    let v = number(f64::from(vcpus), 0);
    if zh {
        format!("配额：{instances} 台实例共需 {v} 个 vCPU 的“{quota}”服务配额（按账户、按区域计；{}）。新账户的这类配额通常接近 0，请提前在 Service Quotas 中申请提高。", if spot { "Spot 配额与按需分开" } else { "按需、Savings Plans 和预留实例都计入" })
    } else {
        format!("Quota: {} {} {v} vCPUs of the “{quota}” service quota (per account and region; {}). New accounts often start near zero for these families: request an increase in Service Quotas well ahead.", count(instances, "instance", "instances"), if instances == 1 { "needs" } else { "need" }, if spot { "Spot has its own quota" } else { "On-Demand, Savings Plans and RIs all count" })
    }
}

/// What the catalog shows of Spot capacity for the plan's Spot instances.
fn spot_scale_text(
    instances: u32,
    zones: u32,
    zones_at_od: u32,
    supply: crate::engine::cost::SpotSupply,
    together: bool,
    zh: bool,
) -> String {
    use crate::engine::cost::SpotSupply;
    let seen = match (supply, zh) {
        (SpotSupply::Uncounted, true) => "目录未统计有 Spot 容量的可用区数".to_string(),
        (SpotSupply::Uncounted, false) => "the catalog does not count the zones with Spot capacity".to_string(),
        (_, true) => format!("目录显示 {zones} 个可用区有 Spot 折扣，{zones_at_od} 个可用区 Spot 等于按需（无容量）"),
        (_, false) => format!("the catalog shows a Spot discount in {zones} zones and {zones_at_od} zones at the On-Demand price (no capacity)"),
    };
    let scale = match (together, zh) {
        (true, true) => "这些实例必须同时运行；中断后需重新获得全部容量。",
        (true, false) => "they must all run together; after an interruption all of them must be got back.",
        (false, true) => "中断的实例会被替换，期间产能下降。",
        (false, false) => "an interrupted instance is replaced, with less capacity meanwhile.",
    };
    if zh {
        format!("Spot：计划在 Spot 上运行 {instances} 台实例；{seen}；{scale}AWS 不保证 Spot 容量。")
    } else {
        format!(
            "Spot: the plan runs {} on Spot; {seen}; {scale} AWS guarantees no Spot capacity.",
            count(instances, "instance", "instances")
        )
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
