//! Reasons about buying: the purchase option and the plan, what a buyer must know (quotas, capacity,
//! Spot at scale, Savings Plans, rate dates), and why the ranking put a type first.

use super::*;
use crate::engine::outcome::Why;
use crate::format::number;
use crate::scenario::Lang;

/// The purchase option and the plan: not offered, the training plan, context, windows.
pub(super) fn why_purchase(w: &Why, lang: Lang) -> Option<String> {
    let zh = lang == Lang::Zh;
    Some(match w {
        Why::BuyNotOffered { buy, reason, instead } => {
            let (b, why, i) = (
                buy_name(*buy, lang),
                not_offered(reason, lang),
                buy_name(*instead, lang),
            );
            if zh {
                format!("所选购买方式“{b}”不可用（{why}），显示“{i}”的价格。")
            } else {
                format!("The chosen option “{b}” is not available ({why}); figures are {i}.")
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
        Why::JobBeyondHorizon { job_days, months } => {
            let d = number(*job_days, 0);
            if zh {
                format!("作业运行 {d} 天，超过 {months} 个月的规划周期：各方式均按整个作业计价。")
            } else {
                format!("The job runs {d} days, longer than the {months}-month planning horizon: each option is priced for the whole job.")
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
        _ => return None,
    })
}

/// What a buyer must know: quotas, capacity, Spot at scale, Savings Plans.
pub(super) fn why_buyer(w: &Why, lang: Lang) -> Option<String> {
    let zh = lang == Lang::Zh;
    Some(match w {
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
                    if more { format!("比作业按期完成所需的 {recommended} 台多，以便装进更短、更便宜的容量块；运行时间已按 {instances} 台重新估算。") } else { String::new() }
                )
            } else {
                format!(
                    "A Capacity Block reserves {instances} instances × {days} days ({}; dates can be booked up to {lead_weeks} weeks ahead), paid in full when booked; it cannot be changed or cancelled.{}",
                    count(*blocks, "block", "blocks"),
                    if more { format!(" More than the {recommended} the job needs to meet its time, to fit a shorter, cheaper block; the run is re-estimated at {instances}.") } else { String::new() }
                )
            }
        }
        Why::SpotAtScale {
            instances,
            zones,
            zones_at_on_demand,
            supply,
            together,
        } => spot_scale_text(*instances, *zones, *zones_at_on_demand, *supply, *together, zh),
        Why::ComputeSpShallow {
            term_years,
            discount_pct,
            median_pct,
            own_ri,
        } => {
            let (d, m, y) = (number(*discount_pct, 1), number(*median_pct, 1), term_years);
            let basis = match (*own_ri, zh) {
                (true, true) => format!("该类型公布的 {y} 年期可转换预留实例折扣假设为 {d} %（未导入该类型在此区域公布的 Savings Plan 费率；P 系列的中位数为 {m} %）"),
                (false, true) => format!(" P 系列 {y} 年期可转换预留实例折扣的中位数假设为 {d} %（该类型没有公布的预留实例价格；未导入其公布的 Savings Plan 费率）"),
                (true, false) => format!("this type's published {y}-year Convertible RI discount, {d} % (AWS's published Savings Plan rate for this type and region is not imported; the P family's median is {m} %)"),
                (false, false) => format!("the median {y}-year Convertible RI discount over P types, {d} % (this type has no published RI; its published Savings Plan rate is not imported)"),
            };
            if zh {
                format!("Compute Savings Plan 折扣按{basis}，低于 AWS 宣传的“最高 66 %”：2025 年 6 月 P 系列按需大幅降价后，承诺价相对按需的折扣变小。可在假设中改写。")
            } else {
                format!("The Compute Savings Plan discount is assumed equal to {basis}, short of AWS's \"up to 66 %\": after the June 2025 cut of P-family On-Demand prices, commitments save less against On-Demand. Override it in the assumptions.")
            }
        }
        _ => return None,
    })
}

/// Rate dates and why the ranking put it first.
pub(super) fn why_rank(w: &Why, lang: Lang) -> Option<String> {
    let zh = lang == Lang::Zh;
    Some(match w {
        Why::RateDates { .. } | Why::StaleRates { .. } => return rate_dates(w, lang),
        Why::RankCheapest => {
            if zh {
                "在所有放得下的选项中成本最低。".into()
            } else {
                "The lowest cost of every option that fits.".into()
            }
        }
        Why::RankFastestWithinBudget { budget_x } => {
            let tol = number((crate::engine::SPEED_TOLERANCE - 1.0) * 100.0, 0);
            if zh {
                format!(
                    "在成本不超过最便宜选项 {} 倍的选项中速度最快（相差 {tol} % 以内视为一样快，取较便宜者）。",
                    number(*budget_x, 1)
                )
            } else {
                format!(
                    "The fastest of the options costing at most {}× the cheapest (speeds within {tol} % count as equal: the cheaper is first).",
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
        _ => return None,
    })
}

/// The dates of the rates a plan uses, and those over 90 days older than the catalog.
fn rate_dates(w: &Why, lang: Lang) -> Option<String> {
    let zh = lang == Lang::Zh;
    Some(match w {
        Why::RateDates { rates } => {
            let parts: Vec<String> = rates
                .iter()
                .map(|r| {
                    let note = super::purchase::cb_article_note(r.from_article, zh);
                    if let Some(from) = &r.derived_from {
                        return derived_rate_date(r, from, lang);
                    }
                    if zh {
                        format!(
                            "{} {}（{}）{note}",
                            super::buy_name(r.buy, lang),
                            r.as_of,
                            title(r.from_article, &r.source_title, zh)
                        )
                    } else {
                        format!(
                            "{} {} ({}){note}",
                            super::buy_name(r.buy, lang),
                            r.as_of,
                            title(r.from_article, &r.source_title, zh)
                        )
                    }
                })
                .collect();
            if zh {
                format!("计划所用费率的目录日期：{}。", parts.join("；"))
            } else {
                format!("Catalog dates of the rates in this plan: {}.", parts.join("; "))
            }
        }
        Why::StaleRates { rates, catalog_as_of } => {
            let parts: Vec<String> = rates
                .iter()
                .map(|(r, days)| {
                    let (name, d) = (super::buy_name(r.buy, lang), r.as_of);
                    // A derived rate names both inputs: its date is the older one's.
                    let od = title(r.from_article, &r.source_title, zh);
                    let article = r.derived_from_article;
                    let source = match (&r.derived_from, &r.derived_title, zh) {
                        (Some(f), Some(t), false) => {
                            format!("derived from {od} and {}", derived_input(f, t, article, zh))
                        }
                        (Some(f), Some(t), true) => format!("由 {od} 与 {} 推算", derived_input(f, t, article, zh)),
                        _ => od.to_string(),
                    };
                    if zh {
                        format!("{name} {d}（{source}，早 {days} 天）")
                    } else {
                        format!("{name} of {d} ({source}, {days} days older)")
                    }
                })
                .collect();
            if zh {
                format!(
                    "以下费率比目录日期 {catalog_as_of} 早 90 天以上，可能已变：{}。购买前请核对现价。",
                    parts.join("；")
                )
            } else {
                format!(
                    "Rates over 90 days older than the catalog ({catalog_as_of}) may have moved: {}. Check current prices before buying.",
                    parts.join("; ")
                )
            }
        }
        _ => return None,
    })
}

/// The discount a derived rate is built from: a catalog source, or the user's own (`override`).
fn derived_input<'a>(from: &'a str, title_of: &'a str, from_article: bool, zh: bool) -> &'a str {
    match (from, zh) {
        ("override" | "your discount", false) => "your discount",
        ("override" | "your discount", true) => "你设定的折扣",
        _ => title(from_article, title_of, zh),
    }
}

/// A source as the notices name it: its catalog title, or "source article" for an article's figure
/// (`purchase::source_name`).
fn title(from_article: bool, title_of: &str, zh: bool) -> &str {
    super::purchase::source_name(title_of, from_article, zh)
}

/// A derived rate's date: "EC2 Instance Savings Plan, 1 year 2026-07-20, derived (On-Demand of
/// Karpenter generated AWS price list, us-east-1 On-Demand × the discount of …)", dated by the older input.
fn derived_rate_date(r: &crate::engine::outcome::RateDate, from: &str, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let od = title(r.from_article, &r.source_title, zh);
    let (named, article) = (r.derived_title.as_deref().unwrap_or(from), r.derived_from_article);
    let from = match (from, zh) {
        ("override" | "your discount", _) => derived_input(from, named, article, zh).to_string(),
        (_, false) => format!("the discount of {}", title(article, named, zh)),
        (_, true) => format!("{} 的折扣", title(article, named, zh)),
    };
    let name = super::buy_name(r.buy, lang);
    if zh {
        format!(
            "{name} {}，推算所得（{od} 的按需价 × {from}，按较早的输入日期）",
            r.as_of
        )
    } else {
        format!(
            "{name} {}, derived (On-Demand of {od} × {from}; dated by the older input)",
            r.as_of
        )
    }
}

/// The vCPU quota a plan needs, named as AWS names it.
fn quota_text(family: crate::engine::outcome::QuotaFamily, spot: bool, instances: u32, vcpus: u32, zh: bool) -> String {
    use crate::engine::outcome::QuotaFamily;
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
    zones_at_on_demand: u32,
    supply: crate::engine::outcome::SpotSupply,
    together: bool,
    zh: bool,
) -> String {
    use crate::engine::outcome::SpotSupply;
    let seen = match (supply, zh) {
        (SpotSupply::Uncounted, true) => "目录未统计有 Spot 容量的可用区数".to_string(),
        (SpotSupply::Uncounted, false) => "the catalog does not count the zones with Spot capacity".to_string(),
        (_, true) => format!("目录显示 {zones} 个可用区有 Spot 折扣，{zones_at_on_demand} 个可用区 Spot 等于按需（无容量）"),
        (_, false) => format!("the catalog shows a Spot discount in {zones} zone(s) and {zones_at_on_demand} at the On-Demand price (no capacity)"),
    };
    let scale = match (together, zh) {
        (true, true) if instances == 1 => "中断会使作业停下，直到从上个检查点重启。",
        (true, false) if instances == 1 => "an interruption stops the job until it restarts from its last checkpoint.",
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
