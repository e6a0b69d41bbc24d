//! The one-sentence summary of `embed=line`: the workload, the top recommendation and its cost at the chosen purchase option, in the page language and currency.

use super::*;
use crate::catalog::{Catalog, IsoDate};
use crate::engine::Outcome;
use crate::presentation::Presentation;
use crate::scenario::{Currency, FinetuneMethod, Lang, Scenario, Task};

/// Money for a sentence: whole units from 100 up (`$553`, `¥3,930`), cents below (`$3.47`).
fn money_in_words(usd_amount: f64, p: Presentation) -> String {
    let (v, sym) = match p.currency {
        Currency::Usd => (usd_amount, "$"),
        Currency::Cny => (usd_amount * p.cny_per_usd, "¥"),
    };
    if v.abs() >= 100.0 {
        format!("{sym}{}", number(v, 0))
    } else {
        crate::format::money(usd_amount, p.currency, p.cny_per_usd)
    }
}

/// What is asked for: "Llama 3.1 8B, serving 8 sequences", "FP64 HPC, 40 TFLOPS".
fn workload(s: &Scenario, lang: Lang, outcome: &Outcome) -> String {
    let zh = lang == Lang::Zh;
    let arch = &outcome.arch;
    let model = if arch.name.is_empty() {
        let b = number(arch.total_params / 1e9, 1);
        if zh {
            format!("{b}B 参数模型")
        } else {
            format!("A {b}B-parameter model")
        }
    } else {
        arch.name.to_string()
    };
    let tokens = super::scenario_line::token_count(s.train_tokens_b, lang);
    let method = match s.method {
        FinetuneMethod::Full if zh => "全参数",
        FinetuneMethod::Full => "full",
        FinetuneMethod::Lora => "LoRA",
        FinetuneMethod::Qlora => "QLoRA",
    };
    let reqs = super::scenario_line::token_count(s.job_requests / 1e9, lang);
    match (s.task, zh) {
        (Task::Inference, false) if s.batch_job() => format!("{model}, a batch job of {reqs} requests"),
        (Task::Inference, true) if s.batch_job() => format!("{model}，批量作业 {reqs}个请求"),
        (Task::Inference, false) if s.target_tps > 0.0 => {
            format!("{model}, serving {} tokens/s", number(s.target_tps, 0))
        }
        (Task::Inference, true) if s.target_tps > 0.0 => {
            format!("{model}，目标 {} tokens/s", number(s.target_tps, 0))
        }
        (Task::Inference, false) => format!("{model}, serving {}", count(s.batch, "sequence", "sequences")),
        (Task::Inference, true) => format!("{model}，服务 {} 条并发序列", s.batch),
        (Task::Training, false) => format!("{model}, training on {tokens} tokens"),
        (Task::Training, true) => format!("{model}，训练 {tokens} token"),
        (Task::Finetune, false) => format!("{model}, {method} fine-tuning on {tokens} tokens"),
        (Task::Finetune, true) => format!("{model}，{method}微调 {tokens} token"),
        (Task::Graphics, false) => format!("Graphics, {}", count(s.needs.seats, "seat", "seats")),
        (Task::Graphics, true) => format!("图形工作站，{} 个席位", s.needs.seats),
        (Task::Hpc, false) => format!("FP64 HPC, {} TFLOPS", number(s.needs.fp64_tflops, 1)),
        (Task::Hpc, true) => format!("FP64 高性能计算，{} TFLOPS", number(s.needs.fp64_tflops, 1)),
    }
}

/// The answer: "1 × inf2.xlarge, $553/month On-Demand", a job's cost and time, or that nothing fits.
fn answer(s: &Scenario, p: Presentation, outcome: &Outcome) -> String {
    let (lang, zh) = (p.lang, p.lang == Lang::Zh);
    let Some(r) = crate::message::top(outcome).filter(|r| r.fits) else {
        return if zh {
            "目录中没有能运行它的实例"
        } else {
            "nothing in the catalog fits"
        }
        .into();
    };
    let what = format!("{} × {}", r.n_instances, r.instance);
    // The option the figures are: the chosen one, or On-Demand where it is not offered for the type.
    let od = buy_name(r.priced_as(s.purchase.buy), lang);
    let job = s.is_job().then_some(r.job_usd.zip(r.job_hours)).flatten();
    match (job, r.monthly_usd, zh) {
        (Some((usd, h)), _, false) => format!(
            "{what}, {} for the job ({}) {od}",
            money_in_words(usd, p),
            crate::format::hours(h, lang)
        ),
        (Some((usd, h)), _, true) => format!(
            "{what}，{od}整个作业 {}（{}）",
            money_in_words(usd, p),
            crate::format::hours(h, lang)
        ),
        (None, Some(m), false) => format!("{what}, {}/month {od}", money_in_words(m, p)),
        (None, Some(m), true) => format!("{what}，{od}每月 {}", money_in_words(m, p)),
        (None, None, false) => format!("{what}, no public price in {}", s.region),
        (None, None, true) => format!("{what}，{} 没有公开价格", s.region),
    }
}

/// The date of the rate the sentence's figure is (the top's option as priced), else the catalog's.
fn figure_as_of(catalog: &Catalog, s: &Scenario, outcome: &Outcome) -> IsoDate {
    crate::message::top(outcome)
        .filter(|r| r.fits)
        .and_then(|r| crate::engine::buyer::rate_date(catalog, s, r, r.priced_as(s.purchase.buy)))
        .map_or(catalog.as_of, |d| d.as_of)
}

/// The whole sentence: "Llama 3.1 8B, serving 8 sequences: 1 × inf2.xlarge, $553/month On-Demand
/// (prices of 2026-07-20)", dated by the rate the figure is, not by the catalog; in `p`'s language and money.
pub fn line(catalog: &Catalog, s: &Scenario, p: Presentation, outcome: &Outcome) -> String {
    let prices_as_of = figure_as_of(catalog, s, outcome);
    let (w, a) = (workload(s, p.lang, outcome), answer(s, p, outcome));
    match p.lang {
        Lang::En => format!("{w}: {a} (prices of {prices_as_of})"),
        Lang::Zh => format!("{w}：{a}（{prices_as_of} 的价格）"),
    }
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;

    fn line_for(q: &str) -> String {
        let c = Catalog::bundled();
        let (s, p, w) = crate::query::parse_link(q, &c);
        assert!(w.is_empty(), "{w:?}");
        super::line(&c, &s, p, &crate::engine::recommend(&c, &s))
    }

    #[test]
    fn one_sentence_in_each_language_and_currency() {
        let cases = [
            (
                "v=1&model=llama3.1-8b&prio=cost",
                "Llama 3.1 8B, serving 8 sequences: 1 × trn1.2xlarge, $981/month On-Demand (prices of 2026-07-20)",
            ),
            (
                "v=1&model=llama3.1-8b&prio=cost&lang=zh",
                "Llama 3.1 8B，服务 8 条并发序列：1 × trn1.2xlarge，按需每月 $981（2026-07-20 的价格）",
            ),
            (
                "v=1&model=llama3.1-8b&prio=cost&lang=zh&cur=cny",
                "Llama 3.1 8B，服务 8 条并发序列：1 × trn1.2xlarge，按需每月 ¥6,965（2026-07-20 的价格）",
            ),
            (
                "v=1&task=train&model=llama3.1-8b&tokens=10&inst=p5.48xlarge",
                "Llama 3.1 8B, training on 10B tokens: 1 × p5.48xlarge, $",
            ),
            ("v=1&task=hpc&fp64=40", "FP64 HPC, 40 TFLOPS: "),
            ("v=1&task=graphics&lang=zh", "图形工作站，1 个席位："),
            ("v=1&params=13", "A 13B-parameter model, serving 8 sequences: "),
            (
                "v=1&model=llama3.1-405b&inst=g6.xlarge",
                "Llama 3.1 405B, serving 8 sequences: nothing in the catalog fits (prices of 2026-09-01)",
            ),
        ];
        for (q, want) in cases {
            let got = line_for(q);
            assert!(got.starts_with(want), "{q}\n got: {got}\nwant: {want}");
            assert!(!got.contains('\n'));
        }
        let train = line_for("v=1&task=train&model=llama3.1-8b&tokens=10&inst=p5.48xlarge");
        assert!(
            train.contains(" for the job (") && train.ends_with(") On-Demand (prices of 2026-07-20)"),
            "{train}"
        );
        let job = line_for("v=1&task=finetune&model=llama3.1-8b&tokens=0.5&lang=zh");
        assert!(
            job.contains("LoRA微调 5 亿 token：1 × ") && job.contains("，按需整个作业 $") && job.contains(" 小时）"),
            "{job}"
        );
        assert!(job.ends_with("的价格）"), "{job}");
    }

    #[test]
    fn the_line_names_the_option_its_figure_is() {
        // p4d.24xlarge, 3-year Reserved Instance all upfront: $8.159056/h × 730 h = $5,956 a month.
        let q = "v=1&task=hpc&fp64=50&gmem=100&inst=p4d.24xlarge&buy=ri3&pay=all";
        let en = line_for(q);
        assert!(en.contains("$5,956/month Reserved Instance, 3 years ("), "{en}");
        let zh = line_for(&format!("{q}&lang=zh"));
        assert!(zh.contains("每月 $5,956") && !zh.contains("按需"), "{zh}");
        // The catalog has no Capacity Block rate for p4d.24xlarge: the figure is On-Demand, and says so.
        let cb = line_for("v=1&task=hpc&fp64=50&gmem=100&inst=p4d.24xlarge&buy=cb");
        assert!(cb.contains("/month On-Demand ("), "{cb}");
    }
}
