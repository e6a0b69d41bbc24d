//! The formula line of speculative decoding: the step it changes, with its inputs (the draft's memory is in the memory bar).

use crate::engine::Recommendation;
use crate::format::number;
use crate::scenario::{Scenario, Speculation};

/// The speculative step: the tokens a verify step yields,
/// the cycle of γ draft steps and one verify step, and each user's speed against the same replica's
/// without speculation, end to end (the headline's gain).
/// Nothing without speculation.
pub(super) fn lines(scenario: &Scenario, rec: &Recommendation, zh: bool) -> Vec<String> {
    let Some(x) = rec.speculation else {
        return Vec::new();
    };
    let lang = if zh {
        crate::scenario::Lang::Zh
    } else {
        crate::scenario::Lang::En
    };
    let method = crate::i18n::t(
        lang,
        match scenario.speculation.method {
            Speculation::Eagle => crate::i18n::Msg::SpecEagle,
            _ => crate::i18n::Msg::SpecDraft,
        },
    );
    // Symbols and figures only, one format for both languages (BENCHMARKS.md: each argument costs bytes).
    vec![format!(
        "{} ({method}): E = (1 − α^(γ+1)) / (1 − α) = {} (α = {}, γ = {}); t_step = (t_verify + γ·t_draft) / E = ({} + {} × {}) / {} = {} ms → ×{} {}",
        if zh { "推测解码" } else { "speculative decoding" },
        number(x.accepted, 2),
        number(x.alpha, 3),
        x.gamma,
        number(x.verify_s * 1e3, 2),
        x.gamma,
        number(x.draft_s * 1e3, 2),
        number(x.accepted, 2),
        number((x.verify_s + f64::from(x.gamma) * x.draft_s) / x.accepted.max(1e-12) * 1e3, 2),
        // The headline's gain: each user's speed over the same replica's without speculation, prefills included.
        number(x.speedup(), 2),
        if zh { "端到端" } else { "end to end" },
    )]
}
