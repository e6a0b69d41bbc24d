//! Self-hosting against managed services (issue 26, item 5): Bedrock's bill is tokens × price (worked by
//! hand), the break-even agrees with both lines, a model AWS does not sell says "no published price", in
//! both languages, on the page's card and chart, in the embed message and in the CLI.

use gpuplan::catalog::Catalog;
use gpuplan::engine::managed::{compare, Bedrock, Managed};
use gpuplan::engine::{recommend, Recommendation};
use gpuplan::explain::managed_lines;
use gpuplan::scenario::{Lang, Scenario};

mod common;

fn plan(q: &str) -> (&'static Catalog, Scenario, Recommendation) {
    let s = common::scenario(q);
    let r = common::top_fit(&s);
    (common::catalog(), s, r)
}

fn managed(q: &str) -> (&'static Catalog, Recommendation, Managed) {
    let (c, s, r) = plan(q);
    let p = gpuplan::engine::plan(c, &s, &r);
    let m = compare(c, &s, &r, Some(&p)).unwrap_or_else(|| panic!("no comparison for {q}"));
    (c, r, m)
}

fn lines(q: &str, lang: Lang) -> Vec<String> {
    let (c, r, m) = managed(q);
    let (s, _) = gpuplan::query::parse(q, c);
    managed_lines(c, &m, s.model_arch().name, &r.instance, lang, &gpuplan::format::usd)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

#[test]
fn bedrock_bill_for_a_months_tokens_is_tokens_times_price() {
    // 1,000 output tokens/s for 730 h: 1,000 × 3,600 × 730 = 2.628e9 output tokens; a 1,000-token prompt per
    // 200-token answer makes 5 × that input, 1.314e10. Llama 3.1 8B on Bedrock, $0.22 in and $0.22 out per
    // million: (1.314e10 + 2.628e9) × 0.22 / 1e6 = $3,468.96; batch at $0.11 / $0.11 is half, $1,734.48.
    let (_, _, m) = managed("v=1&model=llama3.1-8b&ctx=1200&out=200&tps=1000");
    let load = m.load.unwrap_or_else(|| panic!("no load"));
    assert!(close(load.out_tokens_month, 2.628e9), "{load:?}");
    assert!(close(load.in_tokens_month, 1.314e10), "{load:?}");
    assert!(close(m.bedrock_monthly_usd.unwrap_or(0.0), 3468.96), "{m:?}");
    assert!(close(m.batch_monthly_usd.unwrap_or(0.0), 1734.48), "{m:?}");
    // Fewer hours a month, fewer tokens: half the hours, half the bill.
    let (_, _, half) = managed("v=1&model=llama3.1-8b&ctx=1200&out=200&tps=1000&hours=365");
    assert!(
        close(half.bedrock_monthly_usd.unwrap_or(0.0), 3468.96 / 2.0),
        "{half:?}"
    );
}

#[test]
fn the_break_even_agrees_with_both_lines() {
    for q in [
        "v=1&model=llama3.1-8b&ctx=1200&out=200&tps=1000",
        "v=1&model=llama3.1-8b&ctx=4096&out=512&batch=64",
        "v=1&model=llama3.1-70b&ctx=2500&out=500&batch=32",
        "v=1&model=llama3.1-70b&ctx=1000&out=1000&tps=20000&prio=cost",
        "v=1&model=llama3.1-8b&ctx=600&out=300&batch=4&buy=isp3",
    ] {
        let (_, _, m) = managed(q);
        let (Bedrock::Priced { on_demand, .. }, Some(load)) = (&m.bedrock, m.load) else {
            panic!("{q}: {m:?}");
        };
        let be = m.breakeven_tokens_month.unwrap_or_else(|| panic!("{q}: no break-even"));
        let plan = m.plan_monthly_usd.unwrap_or(0.0);
        // At the break-even, split at the load's mix, Bedrock's bill is the plan's month.
        let total = load.in_tokens_month + load.out_tokens_month;
        let share_in = load.in_tokens_month / total;
        assert!(
            close(on_demand.cost_usd(be * share_in, be * (1.0 - share_in)), plan),
            "{q}"
        );
        // Bedrock is cheaper exactly when the load is below the break-even.
        assert_eq!(m.bedrock_cheaper(), Some(total < be), "{q}: {m:?}");
        // The fleet carries at least the load it was sized for.
        assert!(
            m.capacity_tokens_month.is_some_and(|c| c >= total * (1.0 - 1e-9)),
            "{q}: {m:?}"
        );
    }
}

#[test]
fn a_model_aws_does_not_sell_has_no_published_price_in_both_languages() {
    for q in ["v=1&model=qwen2.5-7b&out=200", "v=1&params=20&out=200"] {
        let (_, _, m) = managed(q);
        assert_eq!(m.bedrock, Bedrock::NoPrice, "{q}");
        assert!(m.bedrock_monthly_usd.is_none() && m.breakeven_tokens_month.is_none());
        let en = lines(q, Lang::En);
        assert!(en[0].contains("no published price"), "{en:?}");
        assert!(lines(q, Lang::Zh)[0].contains("无公开价格"));
    }
    // Llama 3.1 405B reached end of life on Bedrock on 2026-07-07: nothing to compare, and said so.
    let (_, _, m) = managed("v=1&model=llama3.1-405b&out=200&prec=fp8");
    assert!(matches!(m.bedrock, Bedrock::Ended { .. }), "{m:?}");
    assert!(lines("v=1&model=llama3.1-405b&out=200&prec=fp8", Lang::En)[0].contains("2026-07-07"));
}

#[test]
fn the_card_says_which_is_cheaper_and_where_it_breaks_even_in_both_languages() {
    let q = "v=1&model=llama3.1-8b&ctx=1200&out=200&tps=1000";
    let en = lines(q, Lang::En).join("\n");
    assert!(en.contains("$0.22 / $0.22 per million input / output tokens"), "{en}");
    assert!(en.contains("$3,468.96 a month"), "{en}");
    assert!(en.contains("is cheaper by"), "{en}");
    assert!(en.contains("Break-even:"), "{en}");
    assert!(en.contains("SageMaker AI real-time endpoint on ml."), "{en}");
    assert!(en.contains("no published price"), "{en}");
    let zh = lines(q, Lang::Zh).join("\n");
    assert!(
        zh.contains("盈亏平衡") && zh.contains("每月 $3,468.96") && zh.contains("便宜"),
        "{zh}"
    );
    // Without the output tokens per request the mix is unknown: the card asks for `out`, no bill.
    let (_, _, m) = managed("v=1&model=llama3.1-8b");
    assert!(m.load.is_none() && m.bedrock_monthly_usd.is_none());
    assert!(lines("v=1&model=llama3.1-8b", Lang::En)
        .iter()
        .any(|l| l.contains("output tokens per request (out)")));
}

#[test]
fn the_ecs_fee_cut_is_named_for_g_and_p_families() {
    let (_, r, m) = managed("v=1&model=llama3.1-8b&out=200&inst=g6e.xlarge");
    assert_eq!(r.instance, "g6e.xlarge");
    assert_eq!(m.ecs_fee_usd_hr, None);
    assert_eq!(m.ecs_fee_cut.as_ref().map(|c| c.0), Some(35.0));
    let en = lines("v=1&model=llama3.1-8b&out=200&inst=g6e.xlarge", Lang::En).join("\n");
    assert!(
        en.contains("management fee: no published price; the fee for this family fell 35 %"),
        "{en}"
    );
}

#[test]
fn the_cumulative_chart_draws_bedrock_beside_the_plan() {
    let (c, s, r) = plan("v=1&model=llama3.1-8b&ctx=1200&out=200&tps=1000");
    let options = gpuplan::engine::option_costs(c, &s, &r);
    let f = gpuplan::render::Fmt::from(Lang::En);
    let svg = gpuplan::render::cost_charts::cumulative(f, &options, 12, Some(3468.96));
    assert!(svg.contains(r#"data-testid="bedrock-line""#), "{svg}");
    // Twelve months of the stated load on Bedrock: 12 × $3,468.96.
    assert!(svg.contains(r#"data-paid-usd="41627.52"#), "{svg}");
    assert!(svg.contains("Amazon Bedrock on-demand, stated load"));
    let without = gpuplan::render::cost_charts::cumulative(f, &options, 12, None);
    assert!(!without.contains("bedrock"));
}

#[test]
fn the_embed_message_carries_the_same_figures() {
    let q = "v=1&model=llama3.1-8b&ctx=1200&out=200&tps=1000";
    let (c, s, _) = plan(q);
    let o = recommend(c, &s);
    let msg = gpuplan::message::result_message(c, &s, &Default::default(), &[], &o);
    let m = msg.managed.unwrap_or_else(|| panic!("no managed figures"));
    assert_eq!((m.bedrock, m.bedrock_region.as_deref()), ("priced", Some("us-east-2")));
    assert!(close(m.bedrock_monthly_usd.unwrap_or(0.0), 3468.96));
    let top = gpuplan::message::top(&o).unwrap_or_else(|| panic!("no top"));
    let (_, _, direct) = managed(q);
    assert_eq!(m.breakeven_tokens_per_month, direct.breakeven_tokens_month);
    // Self-hosting's month is the plan's (its horizon over the months), the message's own plan figure.
    let p = msg.plan.as_ref().map(|p| p.horizon_usd / f64::from(s.months));
    assert!(close(m.plan_monthly_usd.unwrap_or(0.0), p.unwrap_or(-1.0)), "{m:?}");
    assert!(top.monthly_usd.is_some());
    let (qs, _) = gpuplan::query::parse("v=1&model=qwen2.5-7b&out=200", c);
    let qm = gpuplan::message::result_message(c, &qs, &Default::default(), &[], &recommend(c, &qs));
    let qm = qm.managed.unwrap_or_else(|| panic!("no managed figures"));
    assert_eq!(
        (qm.bedrock, qm.bedrock_monthly_usd, qm.cheaper),
        ("no_published_price", None, None)
    );
}

/// The expert review of 2026-12-06 (F7): Llama 3.3 70B was told "no published price" on Bedrock, where
/// AWS's Bedrock page (in ../shared/reference/managed_services.csv) lists $0.72 in and $0.72 out per million
/// tokens on demand and $0.36 / $0.36 in batch (us-east-2). 2,000 output tokens/s for 730 h is 5.256e9
/// output tokens; a 500-token prompt per 500-token answer as many input tokens: 1.0512e10 × 0.72 / 1e6 =
/// $7,568.64 a month; batch $3,784.32. Llama 4 Maverick's on-demand price is $0.24 / $0.97.
#[test]
fn bedrock_prices_every_preset_it_sells() {
    let (_, _, m) = managed("v=1&model=llama3.3-70b&prec=fp8&ctx=1000&out=500&tps=2000");
    assert!(close(m.bedrock_monthly_usd.unwrap_or(0.0), 7568.64), "{m:?}");
    assert!(close(m.batch_monthly_usd.unwrap_or(0.0), 3784.32), "{m:?}");
    let c = common::catalog();
    for preset in [
        "llama3.3-70b",
        "llama4-scout",
        "llama4-maverick",
        "deepseek-r1",
        "gpt-oss-20b",
        "gpt-oss-120b",
    ] {
        assert!(
            c.managed.iter().any(|p| p.model == preset),
            "{preset}: no Bedrock price"
        );
    }
    let maverick = c
        .managed
        .iter()
        .find(|p| p.model == "llama4-maverick" && p.tier == "on-demand");
    assert_eq!(
        maverick.map(|p| (p.in_usd_m, p.out_usd_m)),
        Some((Some(0.24), Some(0.97)))
    );
}

/// F6: the card compares Bedrock with what the plan costs, not with the On-Demand headline. The batch job
/// of 3e9 output tokens on Spot: the plan is $172.78 for the job (7.0806 h × $24.402 on p6-b200); Bedrock
/// batch 15e9 tokens × $0.11 / M = $1,650: self-hosting cheaper by $1,477.22 (it said $806.68 On-Demand).
#[test]
fn a_batch_jobs_card_compares_bedrock_with_the_plans_cost() {
    let q = "v=1&task=infer&mode=batch&model=llama3.1-8b&ctx=750&out=150&reqs=20000000&days=3&buy=spot";
    let (c, s, r) = plan(q);
    let p = gpuplan::engine::plan(c, &s, &r);
    let (_, _, m) = managed(q);
    assert!(close(m.plan_monthly_usd.unwrap_or(0.0), p.horizon_usd), "{m:?}");
    assert!((p.horizon_usd - 172.78).abs() < 0.005, "{}", p.horizon_usd);
    assert_eq!(m.plan_buys, [gpuplan::scenario::Buy::Spot]);
    let en = lines(q, Lang::En).join("\n");
    assert!(
        en.contains("this plan (Spot) $172.78 for the job: self-hosting is cheaper by $1,477.22"),
        "{en}"
    );
    let zh = lines(q, Lang::Zh).join("\n");
    assert!(zh.contains("本方案（Spot 竞价）整个作业 $172.78"), "{zh}");
    // The same job without `buy=spot`: the plan is still Spot, so the card says the same.
    let en = lines(
        "v=1&task=infer&mode=batch&model=llama3.1-8b&ctx=750&out=150&reqs=20000000&days=3",
        Lang::En,
    );
    assert!(en.join("\n").contains("this plan (Spot) $172.78 for the job"), "{en:?}");
}

/// F6, a service: S1's plan is an EC2 Instance Savings Plan of 1 year, $152,436 over 12 months, so its
/// month is $12,703.00 (not the On-Demand $20,036.31) and the break-even 12,703 / $0.22 per M = 57.74
/// billion tokens a month (it said 91.07 billion).
#[test]
fn a_services_break_even_is_against_the_plans_month() {
    let q = "v=1&task=infer&model=llama3.1-8b&ctx=4096&out=512&batch=200&seqtps=30&ttft=1&prio=cost";
    let (c, s, r) = plan(q);
    let p = gpuplan::engine::plan(c, &s, &r);
    let (_, _, m) = managed(q);
    let month = p.horizon_usd / 12.0;
    assert!((month - 12_703.0).abs() < 0.005, "{month}");
    assert!(close(m.plan_monthly_usd.unwrap_or(0.0), month), "{m:?}");
    let be = m.breakeven_tokens_month.unwrap_or(0.0);
    assert!((be / 1e9 - 57.74).abs() < 0.005, "{be}");
    let en = lines(q, Lang::En).join("\n");
    assert!(
        en.contains("this plan (EC2 Instance Savings Plan, 1 year) $12,703.00 a month"),
        "{en}"
    );
    assert!(en.contains("Break-even: 57.74 billion tokens a month"), "{en}");
}

/// Every surface carries the plan's figure: the CLI's managed figures and lines, and its summary message.
#[test]
fn the_cli_compares_bedrock_with_the_plan() {
    let q = "v=1&task=infer&model=llama3.1-8b&ctx=4096&out=512&batch=200&seqtps=30&ttft=1&prio=cost";
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gpuplan"))
        .arg(q)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}"));
    let month = v["plan"]["horizon_usd"].as_f64().unwrap_or(0.0) / 12.0;
    let figures = v["managed"]["figures"]["plan_monthly_usd"].as_f64().unwrap_or(0.0);
    let message = v["summary"]["managed"]["plan_monthly_usd"].as_f64().unwrap_or(0.0);
    assert!(
        close(figures, month) && close(message, month),
        "{figures} {message} {month}"
    );
    let lines = v["managed"]["lines"].to_string();
    assert!(
        lines.contains("this plan (EC2 Instance Savings Plan, 1 year) $12,703.00 a month"),
        "{lines}"
    );
}

/// A growing fleet's plan month is its horizon's average, so the load it is weighed against is the mean
/// demand: users compounding by 10 % a month over 12 months average (1.1¹² − 1) / (0.1 × 12) = 1.7807
/// times the first month's.
#[test]
fn a_growing_fleets_load_is_its_mean_over_the_horizon() {
    let q = "v=1&model=llama3.1-8b&ctx=2048&out=256&batch=64&growth=10&months=12";
    let (_, _, first) = managed("v=1&model=llama3.1-8b&ctx=2048&out=256&batch=64");
    let (c, s, r) = plan(q);
    let p = gpuplan::engine::plan(c, &s, &r);
    let (_, _, m) = managed(q);
    let mean = (1.1_f64.powi(12) - 1.0) / (0.1 * 12.0);
    assert!((m.mean_demand - mean).abs() < 1e-9, "{}", m.mean_demand);
    let (l, l0) = (
        m.load.map_or(0.0, |l| l.out_tokens_month),
        first.load.map_or(1.0, |l| l.out_tokens_month),
    );
    assert!(close(l, l0 * mean), "{l} vs {l0}");
    assert!(close(m.plan_monthly_usd.unwrap_or(0.0), p.horizon_usd / 12.0));
    // Each month's fleet is sized to carry that month's demand: the mean capacity carries the mean load.
    let total = m.load.map_or(0.0, |l| l.in_tokens_month + l.out_tokens_month);
    assert!(
        m.capacity_tokens_month.is_some_and(|c| c >= total * (1.0 - 1e-9)),
        "{m:?}"
    );
    // The chart's line stays at the first month's load, beside the first month's fleet's options.
    assert!(close(
        m.first_month_bedrock_usd().unwrap_or(0.0),
        first.bedrock_monthly_usd.unwrap_or(-1.0)
    ));
}
