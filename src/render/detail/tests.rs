//! The card's tests (`render::detail`): its figures, sources and price history as drawn, in both languages.

use super::*;
use crate::catalog_static::catalog;

use crate::render::options::{options, plan};

fn card(query: &str, lang: Lang) -> (String, String, String) {
    let c = catalog();
    let (s, shown, _) = crate::query::parse_link(query, &c);
    let o = crate::engine::recommend(&c, &s);
    let rec = o
        .recommendations
        .iter()
        .find(|r| r.fits)
        .cloned()
        .unwrap_or_else(|| panic!("nothing fits {query}"));
    let p = crate::engine::plan(&c, &s, &rec);
    let opts = crate::engine::option_costs(&c, &s, &rec);
    let range = crate::engine::sensitivity::sensitivity(&c, &s, &rec);
    let d = DetailIn {
        catalog: &c,
        scenario: &s,
        outcome: &o,
        rec: &rec,
        plan: Some(&p),
        range: range.as_ref(),
        fmt: shown.in_lang(lang),
        card: false,
        full: true,
        root: "",
    };
    (top(&d), plan(&d, &p), options(&d, &opts))
}

#[test]
fn the_card_carries_its_figures_and_test_ids() {
    let (top, plan, options) = card("model=llama3.1-8b&prio=cost", Lang::En);
    for id in [
        "scenario-line",
        "top-instance",
        "priced-as",
        "top-hourly",
        "top-plan",
        "top-per-mtok",
        "top-energy",
        "price-source",
    ] {
        assert!(top.contains(&format!("data-testid=\"{id}\"")), "{id} missing: {top}");
    }
    assert!(top.contains("<h3>Why</h3>"), "{top}");
    assert!(plan.contains("data-testid=\"plan-total\""), "{plan}");
    assert!(options.contains("data-purchase=\"od\""), "{options}");
    assert!(options.contains("data-testid=\"chart-options\""), "{options}");
}

/// The text of one `data-testid` element of the card.
fn testid_text<'a>(html: &'a str, id: &str) -> &'a str {
    let at = html
        .find(&format!("data-testid=\"{id}\""))
        .unwrap_or_else(|| panic!("{id}: {html}"));
    let from = at + html[at..].find('>').unwrap_or(0) + 1;
    &html[from..from + html[from..].find('<').unwrap_or(0)]
}

#[test]
fn the_source_line_names_the_source_of_the_option_shown() {
    // Issue 24 #15: a Capacity Block rate from a source article was "Source: … On-Demand price list".
    let q = "v=1&task=train&model=llama3.1-70b&tokens=200&days=10&buy=cb&inst=p6-b200.48xlarge";
    let (top, _, _) = card(q, Lang::En);
    let src = testid_text(&top, "price-source");
    assert!(
        src.contains("source article — 2026-07-01") && !src.contains("On-Demand"),
        "{src}"
    );
    let (top, _, _) = card(&format!("{q}&lang=zh"), Lang::Zh);
    assert!(testid_text(&top, "price-source").contains("来源文章"), "{top}");
    let (top, _, _) = card("model=llama3.1-8b&prio=cost", Lang::En);
    assert!(testid_text(&top, "price-source").contains("Karpenter"), "{top}");
}

#[test]
fn a_growing_fleets_monthly_plan_figure_says_it_is_an_average() {
    let (top, _, _) = card("model=llama3.1-8b&growth=15", Lang::En);
    assert!(
        top.contains("Cheapest plan, per month (average of the growing fleet)"),
        "{top}"
    );
    let (top, _, _) = card("model=llama3.1-8b&growth=15", Lang::Zh);
    assert!(top.contains("按增长中的集群平均"), "{top}");
    let (top, _, _) = card("model=llama3.1-8b", Lang::En);
    assert!(!top.contains("average of the growing fleet"), "{top}");
}

#[test]
fn the_price_history_says_whose_region_it_is() {
    // Issue 24 #23: a plan in Tokyo showed us-east-1's history as if it were its own.
    let (top, _, _) = card("v=1&inst=p5.48xlarge&region=ap-northeast-1", Lang::En);
    let at = top.find("price-history").unwrap_or_else(|| panic!("{top}"));
    assert!(
        top[at..].contains("us-east-1; none recorded for ap-northeast-1"),
        "{}",
        &top[at..at + 200]
    );
    let (top, _, _) = card("v=1&inst=p5.48xlarge", Lang::Zh);
    let at = top.find("price-history").unwrap_or_else(|| panic!("{top}"));
    assert!(top[at..].contains("价格历史 (us-east-1)"), "{}", &top[at..at + 200]);
}

// That a Chinese card is in Chinese: tests/snapshots/*.zh.html pin its whole text.

#[test]
fn a_stated_output_gives_the_cost_and_time_of_requests_with_their_formula() {
    let q = "model=llama3.1-8b&ctx=2500&out=500&batch=50&inst=p5.48xlarge";
    let (top, _, _) = card(q, Lang::En);
    assert!(top.contains("2,000 + 500 tokens per request"), "{top}");
    let fig = &top[top.find("top-per-request").unwrap_or_else(|| panic!("{top}"))..];
    assert!(fig.contains(" s each<"), "{fig}");
    assert!(top.contains("per request = $"), "{top}");
    assert!(
        top.contains("time = 500 ÷ ") && top.contains("tokens/s = 2.4 s</code>"),
        "{top}"
    );
    assert!(
        top.contains("with prefill = out / (out·t_step + B·t_prefill) = 500 / (500 × "),
        "{top}"
    );
    // Time to first token: the card's figure, the ranked row and the formula line give one figure. One TP8
    // replica holds the 50 users (NVSwitch's one-shot all-reduce makes TP8 the most the instance hosts):
    // ρ = 49 × 0.012 s / 2.4 s = 0.25, W = 0.25 × 0.012 / (2 × 0.75) ≈ 0.002 s.
    assert!(testid_text(&top, "top-ttft") == "0.016 s", "{top}");
    assert!(
        top.contains("t_prefill = 0.014 s, t_p = 0.012 s, B = 50, T = 2.4 s → ρ = 0.25, TTFT = 0.016 s"),
        "{top}"
    );
    let (zh, _, _) = card(q, Lang::Zh);
    assert!(zh.contains("每千次请求") && zh.contains("首 token 时间"), "{zh}");
    assert!(zh.contains("每次请求 2,000 + 500 token"), "{zh}");
    // Not stated: no such figure, and the context as before.
    let (plain, _, _) = card("model=llama3.1-8b&ctx=2500", Lang::En);
    assert!(
        !plain.contains("top-per-request") && plain.contains("2,500 context"),
        "{plain}"
    );
}
