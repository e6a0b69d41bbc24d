//! The formula line of speculative decoding: the step it changes, with its inputs (the draft's memory is in the memory bar).

use crate::engine::Recommendation;
use crate::format::number;
use crate::scenario::{Scenario, Speculation};

/// The speculative step: the tokens a verify step yields,
/// the cycle of γ draft steps and one verify step, and each sequence's decode speed against plain decode.
/// Nothing without speculation.
pub(super) fn lines(scenario: &Scenario, rec: &Recommendation, zh: bool) -> Vec<String> {
    let Some(x) = rec.speculation else {
        return Vec::new();
    };
    let method = match (scenario.speculation.method, zh) {
        (Speculation::Eagle, false) => "EAGLE-3 draft head",
        (Speculation::Eagle, true) => "EAGLE-3 草稿头",
        (_, false) => "draft model",
        (_, true) => "草稿模型",
    };
    let cycle_s = x.verify_s + f64::from(x.gamma) * x.draft_s;
    let rate = x.accepted / cycle_s;
    let speedup = x.speedup();
    vec![
        format!(
            "{} ({method}): E = (1 − α^(γ+1)) / (1 − α) = {} {}; t_step = (t_verify + γ·t_draft) / E = ({} ms + {} × {} ms) / {} = {} ms → {} {} ({} {}, ×{}); α = {}, γ = {}",
            if zh { "推测解码" } else { "speculative decoding" },
            number(x.accepted, 2),
            if zh { "token/次验证" } else { "tokens a verify step" },
            number(x.verify_s * 1e3, 2),
            x.gamma,
            number(x.draft_s * 1e3, 2),
            number(x.accepted, 2),
            number(cycle_s / x.accepted * 1e3, 2),
            number(rate, 1),
            if zh { "token/秒（每序列）" } else { "tokens/s per sequence" },
            if zh { "不推测" } else { "without it" },
            number(x.plain_tokens_per_s_per_seq, 1),
            number(speedup, 2),
            number(x.alpha, 3),
            x.gamma,
        ),
    ]
}
