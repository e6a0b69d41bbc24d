//! Purchase options: their names, why one is not offered, and each option's formula line.

use super::*;
use crate::engine::outcome::NotOffered;
use crate::format::number;
use crate::scenario::{Buy, Lang};

/// A purchase option's name.
pub fn buy_name(b: Buy, lang: Lang) -> &'static str {
    match (b, lang) {
        (Buy::OnDemand, Lang::En) => "On-Demand",
        (Buy::OnDemand, Lang::Zh) => "按需",
        (Buy::Spot, Lang::En) => "Spot",
        (Buy::Spot, Lang::Zh) => "Spot 竞价",
        (Buy::ComputeSp1, Lang::En) => "Compute Savings Plan, 1 year",
        (Buy::ComputeSp1, Lang::Zh) => "Compute Savings Plans 1 年",
        (Buy::ComputeSp3, Lang::En) => "Compute Savings Plan, 3 years",
        (Buy::ComputeSp3, Lang::Zh) => "Compute Savings Plans 3 年",
        (Buy::InstanceSp1, Lang::En) => "EC2 Instance Savings Plan, 1 year",
        (Buy::InstanceSp1, Lang::Zh) => "EC2 Instance Savings Plans 1 年",
        (Buy::InstanceSp3, Lang::En) => "EC2 Instance Savings Plan, 3 years",
        (Buy::InstanceSp3, Lang::Zh) => "EC2 Instance Savings Plans 3 年",
        (Buy::Ri1, Lang::En) => "Reserved Instance, 1 year",
        (Buy::Ri1, Lang::Zh) => "预留实例 1 年",
        (Buy::Ri3, Lang::En) => "Reserved Instance, 3 years",
        (Buy::Ri3, Lang::Zh) => "预留实例 3 年",
        (Buy::CapacityBlock, Lang::En) => "Capacity Block",
        (Buy::CapacityBlock, Lang::Zh) => "Capacity Block 容量块",
    }
}

/// Why a purchase option is not available, as a short phrase.
pub fn not_offered(n: &NotOffered, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match n {
        NotOffered::NoOnDemandPrice if zh => "该区域没有公开按需价格".into(),
        NotOffered::NoOnDemandPrice => "no public On-Demand price in the region".into(),
        NotOffered::NoSpotPrice { looked } => {
            let at = looked.map_or_else(String::new, |d| format!(" ({d})"));
            if zh {
                format!("没有观测到的 Spot 价格{at}；可在假设中设置 Spot 折扣")
            } else {
                format!("no observed Spot price{at}; set a Spot discount in the assumptions")
            }
        }
        NotOffered::NonInterruptible if zh => "在线服务不可中断".into(),
        NotOffered::NonInterruptible => "online serving must not be interrupted".into(),
        NotOffered::NoPublishedRi if zh => "没有公开的预留实例价格".into(),
        NotOffered::NoPublishedRi => "no published Reserved Instance rate".into(),
        NotOffered::CbNotSupported if zh => "该系列不支持 Capacity Blocks".into(),
        NotOffered::CbNotSupported => "the family has no Capacity Blocks".into(),
        NotOffered::CbNoRate if zh => "没有公开的 Capacity Block 价格".into(),
        NotOffered::CbNoRate => "no published Capacity Block rate".into(),
        NotOffered::CbNotForServices if zh => "Capacity Blocks 用于固定时间窗口，不适合常驻服务".into(),
        NotOffered::CbNotForServices => "Capacity Blocks are for fixed windows, not always-on services".into(),
        NotOffered::CbTooLong { days } if zh => format!("需要 {days} 天，超过 182 天上限"),
        NotOffered::CbTooLong { days } => format!("needs {days} days, past the 182-day limit"),
        NotOffered::SpotNeverFinishes if zh => "中断过于频繁，作业无法完成".into(),
        NotOffered::SpotNeverFinishes => "interruptions outpace progress: the job would never finish".into(),
        NotOffered::InteractiveDesktops if zh => {
            "交互式桌面（VDI）不可中断；渲染农场可用 Spot（服务方式选“批量”）".into()
        }
        NotOffered::InteractiveDesktops => {
            "interactive desktops (VDI) must not be interrupted; a render farm may use Spot (Serving: Batch)".into()
        }
        NotOffered::SpotTooLarge { instances, max, scarce } => {
            let (en, cn) = match scarce {
                true => (
                    "Spot capacity here is scarce: planned for one",
                    "该类型在此 Spot 容量稀缺：只按 1 台规划",
                ),
                false => (
                    "more than “Most Spot instances one job gets together” (Usage and purchase) allows",
                    "超出“单个作业可同时获得的 Spot 实例上限”（用量与购买方式）",
                ),
            };
            if zh {
                format!("作业需 {instances} 台同时运行，{cn}（{max}）")
            } else {
                format!("the job needs {instances} instances together, {en} ({max})")
            }
        }
        NotOffered::CbTooMany { instances, max } if zh => {
            format!("需要 {instances} 台实例，超过所有容量块合计 {max} 台的上限")
        }
        NotOffered::CbTooMany { instances, max } => {
            format!("needs {instances} instances, past the limit of {max} across all blocks")
        }
    }
}

/// What the catalog shows of Spot capacity, and the time to get it back after an interruption.
pub fn spot_supply_line(s: &crate::engine::cost::SpotDetail, zh: bool) -> String {
    use crate::engine::outcome::SpotSupply;
    let judged = match (s.supply, zh) {
        (SpotSupply::Ample, true) => format!("{} 个可用区有低于按需的 Spot 价格：容量充足", s.zones),
        (SpotSupply::Ample, false) => format!("Spot below On-Demand in {} zones: ample capacity", s.zones),
        (SpotSupply::Scarce, true) => format!(
            "只有 {} 个可用区有 Spot 折扣，{} 个可用区 Spot 等于按需（无容量）：容量稀缺",
            s.zones, s.zones_at_on_demand
        ),
        (SpotSupply::Scarce, false) => format!(
            "Spot discount in only {} zone(s), {} at the On-Demand price (no capacity): scarce",
            s.zones, s.zones_at_on_demand
        ),
        (SpotSupply::Uncounted, true) => "数据未统计可用区数：容量未知".to_string(),
        (SpotSupply::Uncounted, false) => "zones not counted in the data: capacity unknown".to_string(),
    };
    let reacq = number(s.reacquire_min, 0);
    match (s.max_job_instances, zh) {
        (Some(m), true) => format!("{judged}；需同时运行的作业最多 {m} 台；中断后重新获得容量假设需 {reacq} 分钟。"),
        (Some(m), false) => format!(
            "{judged}; a job whose instances run together: at most {}; getting capacity back after an interruption: {reacq} min (assumed).",
            m
        ),
        (None, true) => format!("{judged}；中断后重新获得容量假设需 {reacq} 分钟。"),
        (None, false) => format!("{judged}; getting capacity back after an interruption: {reacq} min (assumed)."),
    }
}

/// A source as a reader meets it: a source article (`from_article`, the source's kind in the catalog) by
/// its description, not its catalog id.
pub fn source_name(id: &str, from_article: bool, zh: bool) -> &str {
    match (from_article, zh) {
        (true, true) => "来源文章",
        (true, false) => "source article",
        (false, _) => id,
    }
}

/// After a Capacity Block rate's source: a source article's rate is not AWS's published price list.
pub fn cb_article_note(from_article: bool, zh: bool) -> &'static str {
    match (from_article, zh) {
        (false, _) => "",
        (true, true) => "（来源文章的价格，非 AWS 公布的容量块价目表）",
        (true, false) => " (a source article's rate, not AWS's Capacity Block price list)",
    }
}

/// A Capacity Block: the price of the block, how its length is chosen, and the booking rules.
fn cb_lines(c: &crate::engine::cost::CbDetail, upfront_usd: f64, zh: bool, usd: Money<'_>) -> Vec<String> {
    let mut lines = Vec::new();
    // A reseller's discount on the block's list rate multiplies out in the line, so its product is its total.
    let list_usd = c.rate_usd_hr * f64::from(c.instances) * f64::from(c.days) * 24.0;
    let discount = if list_usd > 0.0 {
        1.0 - upfront_usd / list_usd
    } else {
        0.0
    };
    let discount = if discount.abs() > 1e-6 {
        format!(" × (1 − {} %)", number(discount * 100.0, 2))
    } else {
        String::new()
    };
    lines.push(
        format!(
            "{}/h × {} × {} {}{discount} = {} ({} {}{})",
            usd(c.rate_usd_hr),
            c.instances,
            c.days,
            if zh { "天 × 24 小时" } else { "days × 24 h" },
            usd(upfront_usd),
            source_name(&c.source, c.from_article, zh),
            c.as_of,
            match (c.rate_derived, zh) {
                (false, _) => "",
                (true, true) => "；该价格针对其他区域公布，此处为推算",
                (true, false) => "; stated for other regions, derived here",
            }
        ) + cb_article_note(c.from_article, zh),
    );
    lines.push(if zh {
            format!(
                "容量块时长与实例数一起选择：作业运行时间 + 启动时间 + 结束前 30 分钟停机须在 {} 天内。",
                c.days
            )
        } else {
            format!(
                "Block length and fleet size are chosen together: the run plus start-up plus the 30-minute stop before the end must fit in {} days.",
                c.days
            )
        });
    if let Some(d) = c.predates_change {
        lines.push(if zh {
            format!("该价格早于 {d} 的已知容量块调价：AWS 现价可能不同。")
        } else {
            format!(
                "This rate predates the known Capacity Block price change of {d}: AWS may charge another price now."
            )
        });
    }
    if c.blocks > 1 {
        lines.push(if zh {
            "每个容量块位于一个可用区内；多个容量块不一定落在同一可用区，块之间的网络可能不同。".into()
        } else {
            "Each block is in one Availability Zone; several blocks may not land in the same zone, so the network between them may differ.".into()
        });
    }
    // Booking rules: how many blocks, and how far ahead.
    lines.push(if zh {
            format!(
                "需 {} 个容量块（每块最多 {} 台实例）；最早可提前 {} 周预订，费用在预订时一次付清。",
                c.blocks, c.max_instances_per_block, c.max_lead_weeks
            )
        } else {
            format!(
                "{} (at most {} instances each); a block can start up to {} weeks after booking and is paid in full when booked.",
                count(c.blocks, "block", "blocks"),
                c.max_instances_per_block,
                c.max_lead_weeks
            )
        });
    lines
}

/// Where a Savings Plan's rate comes from: the published rate with its date, or "not imported".
pub fn sp_rate_line(b: &crate::engine::cost::SpRateBasis, zh: bool) -> String {
    use crate::engine::cost::SpRateBasis;
    match (b, zh) {
        (SpRateBasis::Published { as_of, source, payment_stated }, false) => format!(
            "Published Savings Plan rate ({source}, {as_of}){}.",
            if *payment_stated { "" } else { "; the source does not state its payment option" }
        ),
        (SpRateBasis::Published { as_of, source, payment_stated }, true) => format!(
            "公开的 Savings Plans 费率（{source}，{as_of}）{}。",
            if *payment_stated { "" } else { "；来源未说明预付方式" }
        ),
        (SpRateBasis::NotImported, false) => "Rate not imported for this type and region: the discount is derived from Reserved Instance rates (see Assumptions).".into(),
        (SpRateBasis::NotImported, true) => "该类型与区域的费率未导入：折扣由预留实例费率推算（见“假设”）。".into(),
        (SpRateBasis::Override, false) => "Your Savings Plan discount.".into(),
        (SpRateBasis::Override, true) => "您设置的 Savings Plans 折扣。".into(),
    }
}

/// The Spot lines of an option's formula, onto `parts`: the supply, the interruption overhead `F`, and the
/// best checkpoint interval when the job outlasts it (`job_hours`, `None` for a service).
fn spot_lines(parts: &mut Vec<String>, s: &crate::engine::cost::SpotDetail, job_hours: Option<f64>, zh: bool) {
    parts.push(spot_supply_line(s, zh));
    parts.push(format!(
        "{} {} %/{}{}; F = (1 + C/τ) / (1 − Λ·(R + (τ + C)/2)) = {}",
        if zh { "中断率" } else { "interruptions" },
        number(s.interrupt_pct_month, 1),
        if zh { "月" } else { "month" },
        s.band
            .as_deref()
            .map_or(String::new(), |b| format!(" (Spot Advisor {b} %)")),
        number(s.overhead_factor, 3)
    ));
    // An interval longer than the job is no advice: the job ends before its first checkpoint.
    let within_job = |y: f64| job_hours.is_none_or(|h| y < h * 60.0);
    if let Some(y) = s.young_interval_min.filter(|y| within_job(*y)) {
        parts.push(if zh {
            format!(
                "最优检查点间隔 τ* ≈ {} 分钟（Young 公式 τ* = √(2 × 写入时间 × 平均中断间隔)：检查点耗时与重算损失之和最小）",
                number(y, 0)
            )
        } else {
            format!(
                "best checkpoint interval τ* ≈ {} min (Young: τ* = √(2 × write time × mean time between interruptions), the interval that loses least to checkpoints and re-done work)",
                number(y, 0)
            )
        });
    }
}

/// How an option's figures were computed, with the numbers, for a tooltip.
pub fn option_formula(o: &crate::engine::cost::OptionCost, n_instances: u32, lang: Lang, usd: Money<'_>) -> String {
    use crate::scenario::Buy;
    let zh = lang == Lang::Zh;
    // A Capacity Block's hourly figure is the booked fleet's, which can exceed the job's count.
    let n_instances = o.cb.as_ref().map_or(n_instances, |c| c.instances);
    let per_inst = o.hourly_usd / f64::from(n_instances.max(1));
    let mut parts = vec![if zh {
        format!(
            "每小时 = {}/小时 × {} 台 = {}/小时",
            usd(per_inst),
            n_instances,
            usd(o.hourly_usd)
        )
    } else {
        format!(
            "per hour = {}/h × {} = {}/h",
            usd(per_inst),
            count(n_instances, "instance", "instances"),
            usd(o.hourly_usd)
        )
    }];
    if let Some(s) = &o.spot {
        spot_lines(&mut parts, s, o.job_hours, zh);
    }
    if let Some(u) = o.breakeven_utilization {
        parts.push(if zh {
            format!("盈亏平衡使用率 = 有效费率 / 按需费率 = {} %", number(u * 100.0, 1))
        } else {
            format!(
                "break-even utilisation = effective rate / On-Demand rate = {} %",
                number(u * 100.0, 1)
            )
        });
    }
    if let Some(m) = o.breakeven_month {
        parts.push(if zh {
            format!("回本月数 = 预付 / (按需月费 − 月度经常费用) = {}", number(m, 1))
        } else {
            format!(
                "break-even month = upfront / (On-Demand monthly − recurring monthly) = {}",
                number(m, 1)
            )
        });
    }
    if let Some(c) = &o.cb {
        parts.extend(cb_lines(c, o.upfront_usd, zh, usd));
    }
    if o.buy.term_years().is_some() && o.job_usd.is_some() {
        // The job's terms: whole terms (renewed), and any hours past the last On-Demand.
        let name = if zh { "每个作业" } else { "job" };
        parts.extend(super::formulas::terms_line(name, &o.job_terms, o.job_usd, usd, zh));
        parts.push(if zh {
            "作业按整个承诺期计费：其余时间只有用于其他工作才划算。".into()
        } else {
            "A job pays the whole commitment term: the rest only pays off if other work uses it.".into()
        });
    }
    parts.extend(o.sp_rate.as_ref().map(|b| sp_rate_line(b, zh)));
    if o.assumption && o.buy != Buy::Spot {
        parts.push(if zh {
            "费率为假设或推算值（见“假设”）。".into()
        } else {
            "The rate is an assumption or derived (see Assumptions).".into()
        });
    }
    parts.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spot_and_desktop_refusals_name_fields_by_their_labels() {
        for n in [
            NotOffered::SpotTooLarge {
                instances: 16,
                max: 4,
                scarce: false,
            },
            NotOffered::InteractiveDesktops,
        ] {
            for lang in [Lang::En, Lang::Zh] {
                let text = not_offered(&n, lang);
                assert!(!text.contains("spotmax") && !text.contains("mode="), "{text}");
            }
        }
    }
}
