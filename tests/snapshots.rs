//! Snapshots of the text a buyer reads (issue 28 item 5): for six scenarios, in English and Chinese, the
//! card (`render::detail::top`), the plan and the purchase options (`render::options`), the ranked table
//! and the exclusions (`render::ranked`) and the notices and warnings (`render::notes`) as the full page
//! draws them, in tests/snapshots/<scenario>.<lang>.html; and the CLI's JSON for each, cut to its first
//! three recommendations and exclusions, in tests/snapshots/<scenario>.json. A change to any figure or
//! sentence shows as a diff; `UPDATE_EXPECT=1 cargo test --test snapshots` rewrites them after review.

use expect_test::expect_file;
use gpuplan::query;
use gpuplan::render::page::{notice_fixes, notice_texts, Answer};
use gpuplan::render::{detail, notes, options, ranked};
use std::process::Command;

mod common;
use common::catalog;

/// The default link: serving Llama 3.1 8B, the page's first answer.
const DEFAULT: &str = "v=1";
/// Pre-training a 70B model on 100 B tokens: a multi-node job.
const TRAIN_70B: &str = "v=1&task=train&model=llama3.1-70b&tokens=100";
/// QLoRA fine-tuning of a 70B model: 4-bit weights on one instance.
const QLORA_70B: &str = "v=1&task=finetune&method=qlora&model=llama3.1-70b&tokens=0.1";
/// Serving a 70B model in FP8, ranked among p5.48xlarge only.
const SERVE_70B_FP8_P5: &str = "v=1&task=infer&model=llama3.1-70b&prec=fp8&inst=p5.48xlarge";
/// A service in Tokyo whose users grow 15 % a month: a plan of layered commitments.
const TOKYO_GROWTH: &str = "v=1&model=llama3.1-70b&ctx=2500&out=500&batch=20&seqtps=20&region=ap-northeast-1&growth=15";
/// A fine-tune on Spot, priced in yuan with a reseller's 15 % (8.5折) off every price, Spot's included.
const SPOT_CNY: &str = "v=1&task=finetune&model=llama3.1-8b&tokens=1&buy=spot&cur=cny&disc=15&discall=1";

/// A line break before each block-level tag, so a diff names the row or sentence that changed.
fn lines(html: &str) -> String {
    const BREAK_BEFORE: [&str; 14] = [
        "<tr", "<li", "<p>", "<p ", "<div", "<section", "<aside", "<h2", "<h3", "<table", "<dl", "<details", "<svg",
        "<figure",
    ];
    let mut out = String::with_capacity(html.len() + html.len() / 16);
    let mut rest = html;
    while let Some(c) = rest.chars().next() {
        if c == '<' && BREAK_BEFORE.iter().any(|t| rest.starts_with(t)) && !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// One part of the page under its function's name.
fn part(out: &mut String, name: &str, html: &str) {
    out.push_str(&format!("<!-- {name} -->\n{}\n\n", lines(html)));
}

/// The page's text for `query` in `lang` (`en` or `zh`): every part the four render modules draw.
fn page_text(query: &str, lang: &str) -> String {
    let c = catalog();
    let (s, f, warnings) = query::parse_link(&format!("{query}&lang={lang}"), c);
    let a = Answer::compute(c, &s, "");
    let mut out = String::new();
    part(&mut out, "render::notes::warnings", &notes::warnings(f.lang, &warnings));
    match (a.chosen(), &a.figures) {
        (Some(rec), Some(fig)) => {
            let d = a.detail_in(c, &s, f, rec, "");
            part(&mut out, "render::detail::top", &detail::top(&d));
            part(&mut out, "render::options::plan", &options::plan(&d, &fig.plan));
            part(
                &mut out,
                "render::options::options",
                &options::options(&d, &fig.options),
            );
        }
        _ => {
            let fixes = notes::fixes_that_fit(c, &s);
            part(
                &mut out,
                "render::notes::nothing_fits",
                &notes::nothing_fits(f, &s, &a.outcome, &fixes),
            );
        }
    }
    let texts = notice_texts(&a.outcome, a.figures.as_ref(), f.lang);
    part(
        &mut out,
        "render::notes::notices",
        &notes::notices(f.lang, &texts, &notice_fixes(a.figures.as_ref())),
    );
    let chosen = a.chosen().map(|r| r.instance.as_str());
    part(
        &mut out,
        "render::ranked::rec_head",
        &ranked::rec_head(f, ranked::Work::of(&s)),
    );
    part(
        &mut out,
        "render::ranked::rec_rows",
        &ranked::rec_rows(f, &a.outcome, ranked::Work::of(&s), chosen, &[], 5),
    );
    part(&mut out, "render::ranked::excluded", &ranked::excluded(f, &a.outcome));
    out
}

/// The `gpuplan` binary's JSON for `query`, its lists of recommendations and exclusions cut to three.
fn cli_json(query: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_gpuplan"))
        .arg(query)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        out.status.success(),
        "{query}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{query}: {e}"));
    for list in ["recommendations", "excluded"] {
        if let Some(a) = v[list].as_array_mut() {
            a.truncate(3);
        }
    }
    serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
}

/// Three tests per scenario, each pinning one file of `tests/snapshots/`: the page's text in English
/// and in Chinese, and the CLI's JSON.
macro_rules! pins {
    ($($query:expr, $stem:literal => $en:ident, $zh:ident, $json:ident;)*) => {$(
        #[test]
        fn $en() {
            expect_file![concat!("snapshots/", $stem, ".en.html")].assert_eq(&page_text($query, "en"));
        }

        #[test]
        fn $zh() {
            expect_file![concat!("snapshots/", $stem, ".zh.html")].assert_eq(&page_text($query, "zh"));
        }

        #[test]
        fn $json() {
            expect_file![concat!("snapshots/", $stem, ".json")].assert_eq(&cli_json($query));
        }
    )*};
}

pins! {
    DEFAULT, "default" =>
        pins_the_default_links_text_in_english, pins_the_default_links_text_in_chinese, pins_the_default_links_cli_json;
    TRAIN_70B, "train-70b" =>
        pins_a_70b_training_jobs_text_in_english, pins_a_70b_training_jobs_text_in_chinese, pins_a_70b_training_jobs_cli_json;
    QLORA_70B, "qlora-70b" =>
        pins_a_70b_qlora_fine_tunes_text_in_english, pins_a_70b_qlora_fine_tunes_text_in_chinese, pins_a_70b_qlora_fine_tunes_cli_json;
    SERVE_70B_FP8_P5, "serve-70b-fp8-p5" =>
        pins_70b_fp8_serving_on_p5s_text_in_english, pins_70b_fp8_serving_on_p5s_text_in_chinese, pins_70b_fp8_serving_on_p5s_cli_json;
    TOKYO_GROWTH, "tokyo-growth" =>
        pins_a_growing_tokyo_fleets_text_in_english, pins_a_growing_tokyo_fleets_text_in_chinese, pins_a_growing_tokyo_fleets_cli_json;
    SPOT_CNY, "spot-cny" =>
        pins_a_discounted_spot_fine_tunes_text_in_yuan_in_english,
        pins_a_discounted_spot_fine_tunes_text_in_yuan_in_chinese,
        pins_a_discounted_spot_fine_tunes_cli_json_and_its_yuan_sentences;
}

/// The notice a link made on an older catalog gets (issue 25 item 5), in both languages: each rate of
/// p5.48xlarge and g6.xlarge in us-east-1 that moved since 2025-01-15 with its option (On-Demand's 2025 cut,
/// the Capacity Block rate of 2026-07-01), then the rates with no history back to that date, type by type.
#[test]
fn the_older_link_notice_names_each_option() {
    let c = catalog();
    let mut out = String::new();
    let since = gpuplan::catalog::IsoDate::parse("2025-01-15").unwrap_or(c.as_of);
    let used = ["p5.48xlarge".to_string(), "g6.xlarge".to_string()];
    for lang in ["en", "zh"] {
        let (s, f, _) = query::parse_link(&format!("v=1&lang={lang}"), c);
        let (moved, unknown) = c.rates_since(since, "us-east-1", &used, s.rate_filter());
        let html = notes::catalog_notice(f, since, c.as_of, &moved, &unknown);
        part(&mut out, &format!("catalog_notice ({lang})"), &html);
    }
    expect_file!["snapshots/catalog-notice.html"].assert_eq(&out);
}
