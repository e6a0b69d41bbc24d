//! Self-hosting against managed services in words (both languages): Bedrock's prices and bill at the
//! stated load, which is cheaper, the break-even, SageMaker AI and ECS Managed Instances. Figures from
//! `engine::managed`; where the catalog has none, "no published price".

use crate::catalog::Catalog;
use crate::engine::managed::{Bedrock, HourlyRate, Managed, TokenPrice};
use crate::format::number;
use crate::scenario::Lang;

/// A token count in words: `3.9 billion` / `39 亿`.
pub fn tokens(t: f64, lang: Lang) -> String {
    match lang {
        Lang::Zh if t >= 1e8 => format!("{} 亿", number(t / 1e8, 1)),
        Lang::Zh if t >= 1e4 => format!("{} 万", number(t / 1e4, 1)),
        Lang::En if t >= 1e9 => format!("{} billion", number(t / 1e9, 2)),
        Lang::En if t >= 1e6 => format!("{} million", number(t / 1e6, 1)),
        _ => number(t, 0),
    }
}

/// A figure's source as the page cites it: its title and date.
fn cite(c: &Catalog, source: &str, as_of: impl std::fmt::Display) -> String {
    let title = c.source(source).map_or(source, |s| s.title.as_str());
    format!("{title}, {as_of}")
}

/// A per-million price without the trailing zeros past the cents: `$0.72`, `$0.485`.
fn price(v: f64, money: &dyn Fn(f64) -> String) -> String {
    let mut s = money(v);
    if let Some(dot) = s.rfind('.') {
        while s.len() > dot + 3 && s.ends_with('0') {
            s.pop();
        }
    }
    s
}

/// Per-million input / output prices: `$0.72 / $0.72`.
fn pair(p: &TokenPrice, money: &dyn Fn(f64) -> String) -> String {
    format!("{} / {}", price(p.in_usd_m, money), price(p.out_usd_m, money))
}

fn pt_term(r: &HourlyRate, zh: bool) -> &'static str {
    match (r.tier.as_str(), zh) {
        ("pt-1", false) => "1-month commitment",
        ("pt-1", true) => "1 个月承诺",
        ("pt-6", false) => "6-month commitment",
        ("pt-6", true) => "6 个月承诺",
        (_, false) => "no commitment",
        (_, true) => "无承诺",
    }
}

/// Bedrock's prices for the model: on-demand (with region and source), batch, latency-optimized and
/// provisioned throughput; or "no published price" / the end of life.
fn bedrock_lines(c: &Catalog, b: &Bedrock, model: &str, lang: Lang, money: &dyn Fn(f64) -> String) -> Vec<String> {
    let zh = lang == Lang::Zh;
    let (on_demand, batch, latency, provisioned) = match b {
        Bedrock::NoPrice => {
            return vec![if zh {
                format!("Amazon Bedrock 上的 {model}：无公开价格。")
            } else {
                format!("Amazon Bedrock, {model}: no published price.")
            }]
        }
        Bedrock::Ended { until, source } => {
            let src = cite(c, source, until);
            return vec![if zh {
                format!("Amazon Bedrock 已于 {until} 停止提供 {model}（{src}）：无公开价格可比。")
            } else {
                format!("Amazon Bedrock ended {model} on {until} ({src}): no published price to compare.")
            }];
        }
        Bedrock::Priced {
            on_demand,
            batch,
            latency,
            provisioned,
        } => (on_demand, batch, latency, provisioned),
    };
    let src = cite(c, &on_demand.source, on_demand.as_of);
    let region = &on_demand.region;
    let mut out = vec![if zh {
        format!(
            "Amazon Bedrock 按需（{model}，{region}）：每百万输入 / 输出 token {}（{src}）。",
            pair(on_demand, money)
        )
    } else {
        format!(
            "Amazon Bedrock on-demand ({model}, {region}): {} per million input / output tokens ({src}).",
            pair(on_demand, money)
        )
    }];
    let mut extra = Vec::new();
    if let Some(b) = batch {
        extra.push(if zh {
            format!("批量推理 {}", pair(b, money))
        } else {
            format!("batch inference {}", pair(b, money))
        });
    }
    if let Some(l) = latency {
        extra.push(if zh {
            format!("延迟优化 {}", pair(l, money))
        } else {
            format!("latency-optimized {}", pair(l, money))
        });
    }
    if !extra.is_empty() {
        out.push(if zh {
            format!("{}（每百万 token）。", extra.join("；"))
        } else {
            format!("Also: {} per million tokens.", extra.join("; "))
        });
    }
    if let Some(first) = provisioned.first() {
        let rates: Vec<String> = provisioned
            .iter()
            .map(|r| format!("{}/h ({})", money(r.usd_hr), pt_term(r, zh)))
            .collect();
        let region = &first.region;
        out.push(if zh {
            format!("预置吞吐量（{region}，每模型单元）：{}。每个模型单元承载的 token 未公布，故不作比较。", rates.join("，"))
        } else {
            format!("Provisioned throughput ({region}, per model unit): {}. The tokens a model unit carries are not published, so it is not compared.", rates.join(", "))
        });
    }
    out
}

/// The bill at the stated load, which is cheaper, and the break-even against this plan's month: the
/// cheapest plan's (its options named), or the headline option's where there is no plan.
fn verdict_lines(m: &Managed, lang: Lang, money: &dyn Fn(f64) -> String) -> Vec<String> {
    let zh = lang == Lang::Zh;
    let Bedrock::Priced { on_demand, .. } = &m.bedrock else {
        return Vec::new();
    };
    let Some(load) = m.load else {
        return vec![if zh {
            "填写每次请求的输出 token（out），即可按所述负载计算 Bedrock 费用。".into()
        } else {
            "Set the output tokens per request (out) to price the stated load on Bedrock.".into()
        }];
    };
    let (Some(bedrock), Some(plan)) = (m.bedrock_monthly_usd, m.plan_monthly_usd) else {
        return Vec::new();
    };
    let (tin, tout) = (tokens(load.in_tokens_month, lang), tokens(load.out_tokens_month, lang));
    // Which figure "this plan" is: the options it buys.
    let buys: Vec<&str> = m.plan_buys.iter().map(|b| super::buy_name(*b, lang)).collect();
    let buys = buys.join(" + ");
    let (pin, pout) = (price(on_demand.in_usd_m, money), price(on_demand.out_usd_m, money));
    let gap = money((bedrock - plan).abs());
    if m.per_job {
        // The job's tokens at Bedrock's batch price (half on-demand's for most models) where it has one.
        let (b, which) = match (m.batch_monthly_usd, zh) {
            (Some(b), false) => (b, "batch inference"),
            (Some(b), true) => (b, "批量推理"),
            (None, false) => (bedrock, "on-demand"),
            (None, true) => (bedrock, "按需"),
        };
        let gap = money((b - plan).abs());
        let who = match (b < plan, zh) {
            (true, false) => format!("Bedrock is cheaper by {gap}"),
            (false, false) => format!("self-hosting is cheaper by {gap}"),
            (true, true) => format!("Bedrock 便宜 {gap}"),
            (false, true) => format!("自建便宜 {gap}"),
        };
        return vec![if zh {
            format!("本作业（输入 {tin} + 输出 {tout} token）：Bedrock {which} {}（按需 {tin} × {pin} + {tout} × {pout}，每百万，即 {}），本方案（{buys}）整个作业 {}：{who}。", money(b), money(bedrock), money(plan))
        } else {
            format!("This job ({tin} input + {tout} output tokens): Bedrock {which} {} (on-demand {tin} × {pin} + {tout} × {pout} per million = {}); this plan ({buys}) {} for the job: {who}.", money(b), money(bedrock), money(plan))
        }];
    }
    let mut out = vec![if zh {
        let who = if bedrock < plan {
            format!("Bedrock 便宜 {gap}")
        } else {
            format!("自建便宜 {gap}")
        };
        format!(
            "按所述负载（每月输入 {tin} + 输出 {tout} token）：Bedrock 按需每月 {}（{tin} × {pin} + {tout} × {pout}，每百万），本方案（{buys}）每月 {}：{who}。",
            money(bedrock),
            money(plan)
        )
    } else {
        let who = if bedrock < plan {
            format!("Bedrock is cheaper by {gap}")
        } else {
            format!("self-hosting is cheaper by {gap}")
        };
        format!(
            "At the stated load ({tin} input + {tout} output tokens a month): Bedrock on-demand {} a month ({tin} × {pin} + {tout} × {pout} per million); this plan ({buys}) {} a month: {who}.",
            money(bedrock),
            money(plan)
        )
    }];
    if let Some(be) = m.breakeven_tokens_month {
        let cap = m.capacity_tokens_month.unwrap_or(f64::INFINITY);
        let (b, c) = (tokens(be, lang), tokens(cap, lang));
        out.push(match (zh, be > cap) {
            (false, false) => format!("Break-even: {b} tokens a month (same mix), where Bedrock's bill equals this plan's month; above it, up to the {c} this fleet carries, self-hosting costs less."),
            (false, true) => format!("Break-even: {b} tokens a month (same mix), more than the {c} this fleet carries at full load: at any load it serves, Bedrock on-demand costs less."),
            (true, false) => format!("盈亏平衡：每月 {b} token（相同输入输出比例），此时 Bedrock 费用等于本方案月费；高于此值（至本机群满载的 {c}）自建更便宜。"),
            (true, true) => format!("盈亏平衡：每月 {b} token（相同比例），超过本机群满载可承载的 {c}：在它能承载的任何负载下，Bedrock 按需都更便宜。"),
        });
    }
    out
}

/// SageMaker AI real-time endpoints and ECS Managed Instances for the type.
fn hosting_lines(c: &Catalog, m: &Managed, instance: &str, lang: Lang, money: &dyn Fn(f64) -> String) -> Vec<String> {
    let zh = lang == Lang::Zh;
    let sagemaker = match (&m.sagemaker, zh) {
        (Some((r, markup)), false) => format!(
            "SageMaker AI real-time endpoint on ml.{instance}: {}/h, {} % over EC2 On-Demand ({}).",
            money(r.usd_hr),
            number(markup * 100.0, 0),
            cite(c, &r.source, r.as_of)
        ),
        (Some((r, markup)), true) => format!(
            "SageMaker AI 实时终端节点 ml.{instance}：每小时 {}，比 EC2 按需高 {} %（{}）。",
            money(r.usd_hr),
            number(markup * 100.0, 0),
            cite(c, &r.source, r.as_of)
        ),
        (None, false) => format!("SageMaker AI real-time endpoint on ml.{instance}: no published price."),
        (None, true) => format!("SageMaker AI 实时终端节点 ml.{instance}：无公开价格。"),
    };
    let fee = m.ecs_fee_usd_hr.map(|f| format!("{}/h", money(f)));
    let cut = m.ecs_fee_cut.as_ref().map(|(pct, src)| {
        let s = c
            .source(src)
            .map_or(src.clone(), |s| format!("{}, {}", s.title, s.date));
        if zh {
            format!("；该系列管理费自 2026 年 7 月起降低 {} %（{s}）", number(*pct, 0))
        } else {
            format!(
                "; the fee for this family fell {} % from July 2026 ({s})",
                number(*pct, 0)
            )
        }
    });
    let cut = cut.unwrap_or_default();
    let ecs = match (fee, zh) {
        (Some(fee), false) => {
            format!("ECS Managed Instances on {instance}: management fee {fee} per instance on top of EC2{cut}.")
        }
        (Some(fee), true) => format!("在 {instance} 上使用 ECS 托管实例：每台实例在 EC2 之外另收管理费 {fee}{cut}。"),
        (None, false) => format!("ECS Managed Instances on {instance}: management fee: no published price{cut}."),
        (None, true) => format!("在 {instance} 上使用 ECS 托管实例：管理费无公开价格{cut}。"),
    };
    vec![sagemaker, ecs]
}

/// Every line of the card's managed-services part, in order.
pub fn managed_lines(
    c: &Catalog,
    m: &Managed,
    model: &str,
    instance: &str,
    lang: Lang,
    money: &dyn Fn(f64) -> String,
) -> Vec<String> {
    let mut out = bedrock_lines(c, &m.bedrock, model, lang, money);
    out.extend(verdict_lines(m, lang, money));
    out.extend(hosting_lines(c, m, instance, lang, money));
    out
}
