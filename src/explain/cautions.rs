//! What would pass in silence, in words: Spot past the target or window or left out, a job's Spot risks,
//! communication-bound training and the limits a scenario met; each names the form field to change.

use crate::engine::outcome::{Limit, Why};
use crate::format::number;
use crate::i18n::{t, Msg};
use crate::scenario::Lang;

/// A field's label in quotes, as the form shows it.
fn field(lang: Lang, m: Msg) -> String {
    format!("“{}”", t(lang, m))
}

pub(super) fn why_caution(w: &Why, lang: Lang) -> Option<String> {
    let zh = lang == Lang::Zh;
    Some(match w {
        Why::SpotPastTime {
            spot_days,
            limit_days,
            window,
        } => {
            let (d, l) = (number(*spot_days, 1), number(*limit_days, 1));
            match (*window, zh) {
                (true, true) => format!("Spot 需 {d} 天完成（含中断后的检查点与重启），超过 {l} 天的硬性时限：会错过窗口。"),
                (true, false) => format!("Spot ends the job in {d} days (checkpoints and restarts after interruptions included), past the {l}-day hard window: it would miss it."),
                (false, true) => format!("Spot 需 {d} 天完成（含中断后的检查点与重启），超过 {l} 天的目标（{}）。", field(lang, Msg::TargetDays)),
                (false, false) => format!("Spot ends the job in {d} days (checkpoints and restarts after interruptions included), past the {l}-day target ({}).", field(lang, Msg::TargetDays)),
            }
        }
        Why::SpotLeftOut {
            window_days,
            spot_days,
            saving_pct,
        } => {
            let (d, p, f) = (
                number(*spot_days, 1),
                number(*saving_pct, 0),
                field(lang, Msg::SpotInWindow),
            );
            if zh {
                format!("作业有 {window_days} 天的硬性时限，计划未考虑 Spot（中断可能错过时限）：Spot 需 {d} 天，费用低 {p} %。勾选{f}即可纳入。")
            } else {
                format!("Spot is left out because the job has a {window_days}-day hard window (interruptions could miss it): it would take {d} days and cost {p} % less. Tick {f} to allow it.")
            }
        }
        Why::SpotRisks {
            days,
            interruptions,
            zones,
            instances,
        } => {
            let d = number(*days, 1);
            // Under one expected: the chance of at least one (Poisson), else the count.
            let k = match (*interruptions < 1.0, zh) {
                (true, true) => format!(
                    "至少一次中断（回收）的概率约 {} %",
                    number((1.0 - (-interruptions).exp()) * 100.0, 0)
                ),
                (true, false) => format!(
                    "a {} % chance of at least one interruption (reclaim)",
                    number((1.0 - (-interruptions).exp()) * 100.0, 0)
                ),
                (false, true) => format!("预计约 {} 次中断（回收）", number(*interruptions, 0)),
                (false, false) => format!(
                    "about {} expected",
                    super::count(interruptions.round() as u32, "interruption", "interruptions")
                ),
            };
            let price = match (*zones <= 1, zh) {
                (true, true) => "价格只是一个可用区的观测，不代表整个区域，其他可用区可能更贵或没有 Spot".to_string(),
                (true, false) => {
                    "the price is one zone's, not the region's, and another zone may cost more or have no Spot"
                        .to_string()
                }
                (false, true) => format!("价格是 {zones} 个可用区的中位数，作业所在的可用区可能更贵"),
                (false, false) => {
                    format!("the price is the median of {zones} zones, and the zone the job lands in may cost more")
                }
            };
            let mut s = if zh {
                format!("{d} 天的 Spot 作业有三项风险：运行期间{k}（每次从上个检查点重启）；{price}；容量可能数小时乃至数天消失，请准备按需或 Capacity Block 作为后备。")
            } else {
                format!("A {d}-day job on Spot carries three risks: {k} over the run (each restarts from the last checkpoint); {price}; capacity can vanish for hours or days, so keep an On-Demand or Capacity Block fallback.")
            };
            if *instances > 1 {
                s.push_str(&if zh {
                    format!("这 {instances} 台实例须在同一可用区、同一集群置放群组（EFA 所需）内同时运行：作业只能用一个可用区的 Spot 容量。")
                } else {
                    format!(" Its {instances} instances must run together in one Availability Zone and one cluster placement group (as EFA needs): the job draws on one zone's Spot capacity.")
                });
            }
            s
        }
        Why::CommBound {
            comm_share,
            global_tokens,
            key,
            better,
        } => {
            let share = number(comm_share * 100.0, 0);
            let tokens = number(global_tokens / 1e6, 2);
            let label = field(
                lang,
                if *key == "gbatch" {
                    Msg::GlobalBatch
                } else {
                    Msg::MicroBatch
                },
            );
            let mut s = if zh {
                format!("训练受通信限制：每步 {share} % 的时间在等待通信（超过 30 % 即提示），全局批量每步 {tokens} M token（预训练低于 0.5 M 即提示：GPT-3 最小模型为 0.5 M）。")
            } else {
                format!("Communication-bound training: {share} % of each step waits on communication (said above 30 %), and the global batch is {tokens} M tokens a step (said under 0.5 M for pre-training: GPT-3's smallest model used 0.5 M).")
            };
            s.push_str(&match (better, zh) {
                (Some((v, p)), true) => format!("把{label}提高到 {v}，等待更少、费用低 {} %（下方按钮）；请确认更大的批量适合训练方案。", number(*p, 0)),
                (Some((v, p)), false) => format!(" Raising {label} to {v} waits less and costs {} % less (the button below); check a larger batch suits the training recipe.", number(*p, 0)),
                (None, true) => format!("提高{label}可减少等待。"),
                (None, false) => format!(" A larger {label} would wait less."),
            });
            s
        }
        Why::Limit(Limit::GrowthCapped { max, from_month }) => {
            let (m, f) = (number(*max as f64, 0), field(lang, Msg::GrowthPct));
            if zh {
                format!("增长的实例数在第 {from_month} 个月达到单个计划的上限 {m} 台，此后按上限计：计划低估了需求（{f}）。")
            } else {
                format!("The growing fleet reaches the {m}-instance cap a plan holds in month {from_month} and is held there: the plan understates the demand ({f}).")
            }
        }
        Why::Limit(Limit::NoHours) => {
            let f = field(lang, Msg::HoursPerMonth);
            if zh {
                format!("{f}为 0：没有实例运行，所有费用都是 0。请填写服务实际运行的小时数。")
            } else {
                format!("{f} is 0: nothing runs, so every cost is 0. Set the hours the service runs.")
            }
        }
        Why::Limit(Limit::BeyondCluster {
            instances,
            accelerators,
            cluster,
        }) => {
            let (n, a, c) = (
                number(f64::from(*instances), 0),
                number(f64::from(*accelerators), 0),
                number(f64::from(*cluster), 0),
            );
            if zh {
                format!("{n} 台实例（{a} 个加速器）超过 AWS 公布的单个 EC2 UltraCluster 规模（P5 最多 {c} 个 H100 GPU）：在一个区域内应视为无法获得；请拆分或降低需求。")
            } else {
                format!("{n} instances ({a} accelerators) is more than AWS has announced for one EC2 UltraCluster (up to {c} H100 GPUs, P5): treat this fleet as unobtainable in one region; split or lower the demand.")
            }
        }
        _ => return None,
    })
}
