//! Speculative decoding as a serving scenario asks for it: off, an EAGLE-3 draft head or a smaller draft
//! model of a stated size, and the tokens drafted per verify step (link keys `spec`, `specn`, `specm`; the
//! acceptance rate is the `speca` assumption, `Assumptions::spec_accept`).

/// How decode speculates (issue 26 item 4). Off by default: old links keep their meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Speculation {
    Off,
    /// An EAGLE-3 draft head: one decoder layer of the target's width and a language-model head over the
    /// target's features (the published Llama 3.1 8B head: 1 layer, hidden 4,096, intermediate 14,336).
    Eagle,
    /// A smaller model of the same family drafts (`SpecSettings::draft_params_b`).
    Draft,
}

impl Speculation {
    /// In link-word order.
    pub const ALL: [Speculation; 3] = [Speculation::Off, Speculation::Eagle, Speculation::Draft];
}

/// The speculative-decoding settings of a serving scenario.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpecSettings {
    pub method: Speculation,
    /// Tokens drafted before each verify step, γ (`specn`). 3 is what vLLM's EAGLE-3 examples and the
    /// acceptance lengths behind `SPEC_ACCEPT` use.
    pub draft_tokens: u32,
    /// A draft model's parameters, billions (`specm`; `Speculation::Draft` only): 1 is Llama 3.2 1B, the
    /// Llama 3.1/3.3 family's smallest.
    pub draft_params_b: f64,
}

impl Default for SpecSettings {
    fn default() -> Self {
        SpecSettings {
            method: Speculation::Off,
            draft_tokens: 3,
            draft_params_b: 1.0,
        }
    }
}

/// The default per-token acceptance rate α (`speca`): Red Hat's EAGLE-3 speculator for Llama 4 Maverick
/// (model card, released 2025-09-17, vLLM 0.11.0, temperature 0.6) measured acceptance lengths at k = 3
/// drafted tokens of 2.94 (HumanEval), 3.08 (GSM8K) and 2.37 (CNN/Daily Mail), 2.80 on average; the
/// chain rule `(1 − α^(k+1)) / (1 − α)` gives 2.80 at α = 0.765. An assumption, editable: a draft model's
/// α depends on its pairing and the workload (Nebius's card for Llama 3.3 70B: 2.77-5.08 at k = 7).
pub const SPEC_ACCEPT: f64 = 0.765;
