//! The scenario a result answers, in one line: "Llama 3.1 8B · BF16 · 8K context · 50 sequences".

use crate::format::number;
use crate::scenario::{Lang, ModelChoice, Scenario, Task};

/// The model's name, or "a 70B model" for a custom size.
fn model_name(s: &Scenario, zh: bool) -> String {
    match &s.model {
        ModelChoice::Custom { params_b, .. } if zh => format!("{}B 参数模型", number(*params_b, 1)),
        ModelChoice::Custom { params_b, .. } => format!("{}B model", number(*params_b, 1)),
        ModelChoice::Preset(_) => s.model_arch().name.to_string(),
    }
}

/// Tokens as people write them: 8192 → "8K", 3000 → "3,000".
fn tokens(n: u32) -> String {
    if n >= 1024 && n.is_multiple_of(1024) {
        format!("{}K", n / 1024)
    } else {
        number(f64::from(n), 0)
    }
}

/// A count of training tokens given in billions, as people write it: "20M", "3B", "1.5T"; in Chinese
/// in 万 and 亿 ("2,000 万", "30 亿", "1 万亿"), never "0.2 亿" or "10,000 亿".
pub fn token_count(billions: f64, lang: Lang) -> String {
    let n = billions * 1e9;
    let (value, unit) = match lang {
        Lang::Zh if n >= 1e12 => (n / 1e12, " 万亿"),
        Lang::Zh if n >= 1e8 => (n / 1e8, " 亿"),
        Lang::Zh if n >= 1e4 => (n / 1e4, " 万"),
        Lang::En if n >= 1e12 => (n / 1e12, "T"),
        Lang::En if n >= 1e9 => (n / 1e9, "B"),
        Lang::En if n >= 1e6 => (n / 1e6, "M"),
        Lang::En if n >= 1e3 => (n / 1e3, "K"),
        _ => (n, if lang == Lang::Zh { " " } else { "" }),
    };
    // Three significant figures at most: 1.25B, 12.5B, 125B.
    let decimals = if value >= 100.0 {
        0
    } else if value >= 10.0 {
        1
    } else {
        2
    };
    format!("{}{unit}", number(value, decimals))
}

/// The job a training or fine-tuning scenario runs: "Training", "QLoRA fine-tune".
fn job_name(s: &Scenario, zh: bool) -> String {
    use crate::scenario::FinetuneMethod::{Full, Lora, Qlora};
    match (s.task, s.method, zh) {
        (Task::Inference, _, false) => "Batch inference job".into(),
        (Task::Inference, _, true) => "批量推理作业".into(),
        (Task::Training, _, false) => "Training from scratch".into(),
        (Task::Training, _, true) => "从头训练".into(),
        (_, Full, false) => "Full fine-tune".into(),
        (_, Full, true) => "全参数微调".into(),
        (_, Lora, false) => "LoRA fine-tune".into(),
        (_, Qlora, false) => "QLoRA fine-tune".into(),
        (_, Lora, true) => "LoRA 微调".into(),
        (_, Qlora, true) => "QLoRA 微调".into(),
    }
}

/// What the scenario asks for, joined with " · ".
pub fn scenario_line(s: &Scenario, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let n = |v: f64| number(v, 1);
    let mut parts: Vec<String> = Vec::new();
    if s.is_job() {
        parts.push(job_name(s, zh));
    }
    if s.task.uses_model() {
        parts.push(model_name(s, zh));
        // QLoRA holds the frozen base in 4 bits whatever the compute precision.
        let qlora = s.task == Task::Finetune && s.method == crate::scenario::FinetuneMethod::Qlora;
        parts.push(match (qlora, zh) {
            (true, false) => format!("4-bit weights, {} adapters", super::precision_name(s.precision)),
            (true, true) => format!("4-bit 权重，{} 适配器", super::precision_name(s.precision)),
            (false, _) => super::precision_name(s.precision).to_string(),
        });
    }
    let needs = &s.needs;
    match (s.task, zh) {
        // With the output stated, a request's two lengths; else the context.
        (Task::Inference, _) => {
            let (p, o, c) = (
                tokens(s.prompt_tokens()),
                tokens(s.output_tokens),
                tokens(s.context_tokens),
            );
            parts.push(match (s.output_tokens > 0, zh) {
                (true, false) => format!("{p} + {o} tokens per request"),
                (true, true) => format!("每次请求 {p} + {o} token"),
                (false, false) => format!("{c} context"),
                (false, true) => format!("{c} 上下文"),
            });
            let reqs = token_count(s.job_requests / 1e9, lang);
            parts.push(match (s.batch_job(), zh) {
                (true, false) => format!("{reqs} requests within {} days", n(s.target_days)),
                (true, true) => format!("{reqs}个请求，{} 天内完成", n(s.target_days)),
                (false, false) => super::count(s.batch, "sequence", "sequences"),
                (false, true) => format!("{} 个并发序列", s.batch),
            });
        }
        (Task::Training | Task::Finetune, false) => {
            parts.push(format!("{} tokens", token_count(s.train_tokens_b, lang)));
            parts.push(format!("within {} days", n(s.target_days)));
        }
        (Task::Training | Task::Finetune, true) => {
            parts.push(format!("{} token", token_count(s.train_tokens_b, lang)));
            parts.push(format!("{} 天内完成", n(s.target_days)));
        }
        (Task::Graphics, false) => parts.push(format!(
            "{} · {} GiB GPU memory each",
            super::count(needs.seats, "seat", "seats"),
            n(needs.gpu_mem_gib)
        )),
        (Task::Graphics, true) => parts.push(format!(
            "{} 个席位 · 每席位显存 {} GiB",
            needs.seats,
            n(needs.gpu_mem_gib)
        )),
        (Task::Hpc, false) => parts.push(format!(
            "{} TFLOPS FP64 · {} GiB",
            n(needs.fp64_tflops),
            n(needs.gpu_mem_gib)
        )),
        (Task::Hpc, true) => parts.push(format!(
            "FP64 {} TFLOPS · 显存 {} GiB",
            n(needs.fp64_tflops),
            n(needs.gpu_mem_gib)
        )),
    }
    parts.push(s.region.clone());
    parts.join(" · ")
}

/// The label of a total over the horizon: "Over 12 months", "12 个月合计".
pub fn over_months(months: u32, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{months} 个月合计"),
        Lang::En if months == 1 => "Over 1 month".into(),
        Lang::En => format!("Over {months} months"),
    }
}

/// A thousand requests' cost and one request's time: "$0.25 · 13.3 s each" (its first token is the card's
/// own figure, time to first token).
pub fn per_request(money: &str, total_s: f64, lang: Lang) -> String {
    let t = crate::format::number(total_s, 1);
    match lang {
        Lang::Zh => format!("{money} · 每次 {t} 秒"),
        Lang::En => format!("{money} · {t} s each"),
    }
}

/// A fractional count of months: "9.3 months", "9.3 个月".
pub fn months(m: f64, lang: Lang) -> String {
    let n = crate::format::number(m, 1);
    match lang {
        Lang::Zh => format!("{n} 个月"),
        Lang::En => format!("{n} months"),
    }
}

/// What the cheapest plan saves: "$1,234.00 saved against all On-Demand", "比全部按需节省 ¥8,765.00".
pub fn savings(money: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("比全部按需节省 {money}"),
        Lang::En => format!("{money} saved against all On-Demand"),
    }
}

/// A commitment's break-even utilisation: "91 % of hours must be used", "使用率需达 91% 才划算".
pub fn breakeven_use(share: f64, lang: Lang) -> String {
    let pct = number(share * 100.0, 0);
    match lang {
        Lang::Zh => format!("使用率需达 {pct}% 才划算"),
        Lang::En => format!("{pct} % of hours must be used"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_scenario_in_both_languages() {
        let mut s = Scenario {
            batch: 50,
            ..Scenario::default()
        };
        assert_eq!(
            scenario_line(&s, Lang::En),
            "Llama 3.1 8B · BF16 · 8K context · 50 sequences · us-east-1"
        );
        assert_eq!(
            scenario_line(&s, Lang::Zh),
            "Llama 3.1 8B · BF16 · 8K 上下文 · 50 个并发序列 · us-east-1"
        );
        s.task = Task::Training;
        assert!(scenario_line(&s, Lang::Zh).contains("10 亿 token · 30 天内完成"));
    }

    #[test]
    fn a_fine_tune_names_its_method_its_4_bit_weights_and_its_tokens() {
        // Issue 24 #17: a 20 M-token QLoRA fine-tune of Llama 3.1 70B read "Llama 3.1 70B · BF16 · 0B tokens".
        let s = Scenario {
            task: Task::Finetune,
            method: crate::scenario::FinetuneMethod::Qlora,
            model: ModelChoice::Preset("llama3.1-70b".into()),
            train_tokens_b: 0.02,
            ..Scenario::default()
        };
        assert_eq!(
            scenario_line(&s, Lang::En),
            "QLoRA fine-tune · Llama 3.1 70B · 4-bit weights, BF16 adapters · 20M tokens · within 30 days · us-east-1"
        );
        assert_eq!(
            scenario_line(&s, Lang::Zh),
            "QLoRA 微调 · Llama 3.1 70B · 4-bit 权重，BF16 适配器 · 2,000 万 token · 30 天内完成 · us-east-1"
        );
    }

    #[test]
    fn token_counts_in_m_b_t_and_in_wan_yi() {
        for (b, en, zh) in [
            (0.02, "20M", "2,000 万"),
            (0.0005, "500K", "50 万"),
            (1.0, "1B", "10 亿"),
            (15.0, "15B", "150 亿"),
            (1000.0, "1T", "1 万亿"),
            (15_000.0, "15T", "15 万亿"),
            (2.5, "2.5B", "25 亿"),
        ] {
            assert_eq!(token_count(b, Lang::En), en, "{b}");
            assert_eq!(token_count(b, Lang::Zh), zh, "{b}");
        }
        assert!(!token_count(0.02, Lang::Zh).contains("亿"));
    }
}
