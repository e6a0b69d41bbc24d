//! What would pass in silence, in words: Spot past the target or window or left out, a job's Spot risks,
//! communication-bound training and the limits a scenario met; each names the form field to change.
//! Written compactly (one sentence per language, few variants): every `format!` costs page bytes.

use crate::engine::outcome::{Limit, Why};
use crate::format::number;
use crate::i18n::{t, Msg};
use crate::scenario::Lang;

pub(super) fn why_caution(w: &Why, lang: Lang) -> Option<String> {
    let zh = lang == Lang::Zh;
    let pick = |en: &'static str, cn: &'static str| if zh { cn } else { en };
    let label = |m: Msg| t(lang, m);
    Some(match w {
        Why::SpotPastTime {
            spot_days,
            limit_days,
            window,
        } => {
            let (d, l) = (number(*spot_days, 1), number(*limit_days, 1));
            let what = match *window {
                true => pick("hard window", "硬性时限"),
                false => label(Msg::TargetDays),
            };
            if zh {
                format!("Spot 需 {d} 天，超过 {l} 天的“{what}”。")
            } else {
                format!("Spot ends the job in {d} days, past the {l}-day “{what}”.")
            }
        }
        Why::SpotLeftOut {
            window_days,
            spot_days,
            saving_pct,
        } => {
            let (d, p, f) = (number(*spot_days, 1), number(*saving_pct, 0), label(Msg::SpotInWindow));
            if zh {
                format!("硬性时限 {window_days} 天，未用 Spot（{d} 天，便宜 {p} %）：“{f}”。")
            } else {
                format!("Spot is left out for the {window_days}-day hard window ({d} days, {p} % less): “{f}”.")
            }
        }
        Why::SpotRisks {
            days,
            interruptions,
            zones,
            instances,
        } => {
            let (d, k) = (number(*days, 1), number(*interruptions, 2));
            // Zones 0: a regional figure whose zones the source does not count (the public Spot feed).
            let z = match *zones {
                0 => pick(
                    "the region's, its zones not counted: the zone it runs in may differ",
                    "区域的，未统计可用区：所在可用区可能不同",
                ),
                1 => pick("one zone's, not the region's", "一个可用区的，不代表整个区域"),
                _ => pick(
                    "a median over zones, not the region's",
                    "多个可用区的中位数，不代表整个区域",
                ),
            };
            let mut s = if zh {
                format!("{d} 天的 Spot 作业有三项风险：预计中断 {k} 次；价格是{z}；容量可能消失，需留后备。")
            } else {
                format!("A {d}-day job on Spot has three risks: {k} interruptions expected; its price is {z}; capacity can vanish, so keep a fallback.")
            };
            if *instances > 1 {
                s.push_str(pick(
                    " Its instances must share one zone and a cluster placement group (EFA).",
                    "其实例须在同一可用区和集群置放群组（EFA）内。",
                ));
            }
            s
        }
        Why::CommBound { .. } | Why::Limit(_) => return why_limit(w, lang),
        _ => return None,
    })
}

/// Communication-bound training and the silent limits, each naming the field that fixes it.
fn why_limit(w: &Why, lang: Lang) -> Option<String> {
    let zh = lang == Lang::Zh;
    let pick = |en: &'static str, cn: &'static str| if zh { cn } else { en };
    let label = |m: Msg| t(lang, m);
    Some(match w {
        Why::CommBound {
            comm_share,
            global_tokens,
            key,
            better,
        } => {
            let (share, tokens) = (number(comm_share * 100.0, 0), number(global_tokens / 1e6, 2));
            let f = label(if *key == "gbatch" {
                Msg::GlobalBatch
            } else {
                Msg::MicroBatch
            });
            let fix = match better {
                Some((v, p)) => format!("{v} ({} %)", number(-p, 0)),
                None => String::new(),
            };
            // The bar that was passed: the waiting share, else the small global batch.
            let said = match (*comm_share > 0.3, zh) {
                (true, true) => format!("通信受限：每步 {share} % 在等待（>30 %）。"),
                (true, false) => format!("Communication-bound: {share} % of each step waits (over 30 %)."),
                (false, true) => format!("全局批量 {tokens} M token，对预训练偏小（<0.5 M）。"),
                (false, false) => {
                    format!("A global batch of {tokens} M tokens is small for pre-training (under 0.5 M).")
                }
            };
            format!("{said}{}“{f}”{}{fix}", pick(" A larger ", "更大的"), pick(": ", "："))
        }
        Why::Limit(l) => {
            let (f, n) = match l {
                Limit::GrowthCapped { from_month, .. } => (Msg::GrowthPct, *from_month),
                Limit::NoHours => (Msg::HoursPerMonth, 0),
                Limit::BeyondCluster { accelerators, .. } => (Msg::Multinode, *accelerators),
            };
            let (f, n) = (label(f), number(f64::from(n), 0));
            match (l, zh) {
                (Limit::GrowthCapped { .. }, true) => {
                    format!("“{f}”：第 {n} 个月起实例数停在上限 100,000 台，低估了需求。")
                }
                (Limit::GrowthCapped { .. }, false) => format!(
                    "“{f}”: from month {n} the fleet is held at the 100,000-instance cap, understating the demand."
                ),
                (Limit::NoHours, true) => format!("“{f}”为 0：所有费用都是 0。"),
                (Limit::NoHours, false) => format!("“{f}” is 0: every cost is 0."),
                (_, true) => format!("{n} 个加速器超过一个 EC2 UltraCluster（20,000 个 H100）：无法获得。"),
                (_, false) => {
                    format!("{n} accelerators is more than one EC2 UltraCluster (20,000 H100s): unobtainable.")
                }
            }
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spot_jobs_price_says_where_it_comes_from_and_never_counts_uncounted_zones() {
        let risks = |zones: u32, lang: Lang| {
            let w = Why::SpotRisks {
                days: 10.0,
                interruptions: 0.5,
                zones,
                instances: 1,
            };
            why_caution(&w, lang).unwrap_or_default()
        };
        assert!(risks(0, Lang::En).contains("its price is the region's, its zones not counted"));
        assert!(risks(0, Lang::Zh).contains("未统计可用区"));
        assert!(risks(1, Lang::En).contains("its price is one zone's, not the region's"));
        assert!(risks(3, Lang::En).contains("its price is a median over zones, not the region's"));
    }
}
