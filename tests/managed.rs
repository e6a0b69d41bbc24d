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
    let m = compare(c, &s, &r).unwrap_or_else(|| panic!("no comparison for {q}"));
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
    let f = gpuplan::render::Fmt::new(Lang::En, &s);
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
    let msg = gpuplan::message::result_message(c, &s, &[], &o);
    let m = msg.managed.unwrap_or_else(|| panic!("no managed figures"));
    assert_eq!((m.bedrock, m.bedrock_region.as_deref()), ("priced", Some("us-east-2")));
    assert!(close(m.bedrock_monthly_usd.unwrap_or(0.0), 3468.96));
    let top = gpuplan::message::top(&o).unwrap_or_else(|| panic!("no top"));
    let (_, _, direct) = managed(q);
    assert_eq!(m.breakeven_tokens_per_month, direct.breakeven_tokens_month);
    assert_eq!(m.plan_monthly_usd, top.monthly_usd);
    let (qs, _) = gpuplan::query::parse("v=1&model=qwen2.5-7b&out=200", c);
    let qm = gpuplan::message::result_message(c, &qs, &[], &recommend(c, &qs));
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
