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

/// What the scenario asks for, joined with " · ".
pub fn scenario_line(s: &Scenario, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let n = |v: f64| number(v, 1);
    let mut parts: Vec<String> = Vec::new();
    if s.task.uses_model() {
        parts.push(model_name(s, zh));
        parts.push(super::precision_name(s.precision).to_string());
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
            parts.push(if zh {
                format!("{} 个并发序列", s.batch)
            } else {
                super::count(s.batch, "sequence", "sequences")
            });
        }
        (Task::Training | Task::Finetune, false) => {
            parts.push(format!("{}B tokens", n(s.train_tokens_b)));
            parts.push(format!("within {} days", n(s.target_days)));
        }
        (Task::Training | Task::Finetune, true) => {
            parts.push(format!("{} 亿 token", n(s.train_tokens_b * 10.0)));
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

/// A thousand requests' cost and one request's time: "$0.25 · 13.3 s each (0.42 s to the first
/// token)"; without a compute figure the prefill is not estimated and the time is the output's alone.
pub fn per_request(money: &str, total_s: f64, prefill_s: Option<f64>, lang: Lang) -> String {
    let t = crate::format::number(total_s, 1);
    let p = prefill_s.map(|p| crate::format::number(p, 2));
    match (lang, p) {
        (Lang::Zh, Some(p)) => format!("{money} · 每次 {t} 秒（首 token {p} 秒）"),
        (Lang::Zh, None) => format!("{money} · 每次输出 {t} 秒（未估算预填充）"),
        (Lang::En, Some(p)) => format!("{money} · {t} s each ({p} s to the first token)"),
        (Lang::En, None) => format!("{money} · {t} s of output each (prefill not estimated)"),
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
}
