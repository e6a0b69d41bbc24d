//! Speculative decoding's speed: the tokens a verify step yields, the draft's steps and the target's one
//! verify step over γ + 1 tokens a sequence (Leviathan, Kalman & Matias 2023, "Fast Inference from
//! Transformers via Speculative Decoding", ICML; the chain form vLLM and TensorRT-LLM run).

use super::{decode, DecodeEstimate, DecodeInputs};
use crate::engine::outcome::Speculated;
use crate::num::Within;

/// Tokens one verify step yields on average when each drafted token is accepted with probability `alpha`
/// and `gamma` are drafted: `E = (1 − α^(γ+1)) / (1 − α)` (Leviathan et al., eq. 1), `γ + 1` at α = 1;
/// the target's own token comes with every step, so E ≥ 1.
pub fn accepted_per_step(alpha: f64, gamma: u32) -> f64 {
    // NaN reads as 0 (max and min return the other operand).
    let a = alpha.within(0.0, 1.0);
    if a > 1.0 - 1e-9 {
        return f64::from(gamma) + 1.0;
    }
    let mut power = 1.0;
    for _ in 0..=gamma {
        power *= a;
    }
    (1.0 - power) / (1.0 - a)
}

/// One draft step of a replica.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DraftStep {
    /// Parameters the draft reads and computes with a step.
    pub params: f64,
    /// Its KV cache read per sequence a step, bytes.
    pub kv_bytes_per_seq: f64,
    /// Its all-reduces a step over the replica's tensor-parallel group, seconds.
    pub comm_s: f64,
}

/// The target's verify step: `plain`'s inputs with every sequence computing γ + 1 tokens (the weights and
/// each sequence's KV cache read once, as in a plain step), its all-reduces over those tokens.
pub struct Verify {
    pub read_params: f64,
    pub comm_s: f64,
}

/// Decode with speculation: γ draft steps (memory-bound with a compute cap, like the target's, inside the
/// verify step's launch: no step overhead of their own), then one verify step; each sequence gains E
/// tokens a cycle, `tokens/s per sequence = E / (t_verify + γ·t_draft)`. At a large batch the verify step
/// turns compute-bound and speculation can lose: the formula says so rather than a rule. Prefill is the
/// target's, unchanged.
pub fn speculative(plain: &DecodeInputs, verify: &Verify, draft: &DraftStep, alpha: f64, gamma: u32) -> DecodeEstimate {
    let base = decode(plain);
    let q = f64::from(gamma) + 1.0;
    let checked = decode(&DecodeInputs {
        batch: plain.batch * q,
        kv_bytes_per_seq: plain.kv_bytes_per_seq / q,
        read_params: verify.read_params,
        comm_s: verify.comm_s,
        ..*plain
    });
    let verify_s = 1.0 / checked.tokens_per_s_per_seq;
    let bw = plain.bw_bytes_s * plain.bw_efficiency;
    let mem_s = (draft.params * plain.weight_bytes + plain.batch * draft.kv_bytes_per_seq) / bw;
    let compute_s = plain
        .peak_flops
        .map_or(0.0, |p| 2.0 * draft.params * plain.batch / (p * plain.mfu));
    let draft_s = mem_s.max(compute_s) + draft.comm_s;
    let accepted = accepted_per_step(alpha, gamma);
    let cycle_s = verify_s + f64::from(gamma) * draft_s;
    let per_seq = accepted / cycle_s;
    DecodeEstimate {
        tokens_per_s: plain.batch * per_seq,
        tokens_per_s_per_seq: per_seq,
        compute_bound: checked.compute_bound,
        comm_share: (verify.comm_s + f64::from(gamma) * draft.comm_s) / cycle_s,
        speculation: Some(Speculated {
            gamma,
            alpha,
            accepted,
            verify_s,
            draft_s,
            plain_decode_tokens_per_s_per_seq: base.tokens_per_s_per_seq,
            // Decode alone here; the serving planner adds the prefills to both (`with_prefill`).
            plain_tokens_per_s_per_seq: base.tokens_per_s_per_seq,
            tokens_per_s_per_seq: per_seq,
        }),
        ..base
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepted_tokens_follow_the_chain_rule() {
        // Hand-worked: α = 0.8, γ = 3: (1 − 0.8⁴)/(1 − 0.8) = (1 − 0.4096)/0.2 = 2.952.
        assert!((accepted_per_step(0.8, 3) - 2.952).abs() < 1e-12);
        // The default α = 0.765 gives the measured mean acceptance length 2.80 at k = 3 (SPEC_ACCEPT).
        assert!((accepted_per_step(crate::scenario::SPEC_ACCEPT, 3) - 2.797).abs() < 0.005);
        assert_eq!(accepted_per_step(0.0, 5), 1.0);
        assert_eq!(accepted_per_step(1.0, 4), 5.0);
        assert_eq!(accepted_per_step(f64::NAN, 4), 1.0);
    }

    fn inputs(batch: f64) -> DecodeInputs {
        // 8B BF16 on one H100-like device: 3.35 TB/s, 989 TFLOPS.
        crate::engine::perf::dense_8b(batch, 3.35e12)
    }

    #[test]
    fn one_user_gains_the_accepted_tokens_less_the_draft_and_a_full_batch_loses() {
        let free = DraftStep {
            params: 0.0,
            kv_bytes_per_seq: 0.0,
            comm_s: 0.0,
        };
        let verify = Verify {
            read_params: 8e9,
            comm_s: 0.0,
        };
        // One sequence, a free draft: memory-bound verify of 4 tokens costs one plain step, so the speed-up is E.
        let one = speculative(&inputs(1.0), &verify, &free, 0.8, 3);
        let plain = decode(&inputs(1.0)).tokens_per_s_per_seq;
        assert!((one.tokens_per_s_per_seq / plain - 2.952).abs() < 1e-9);
        // A draft reading 0.5B parameters a step: t = t_plain·(1 + 3·0.5/8), speed-up 2.952 / 1.1875.
        let small = DraftStep { params: 0.5e9, ..free };
        let paid = speculative(&inputs(1.0), &verify, &small, 0.8, 3);
        assert!((paid.tokens_per_s_per_seq / plain - 2.952 / 1.1875).abs() < 1e-9);
        // 1,024 sequences: verify computes 4,096 tokens a step (compute-bound) and speculation loses.
        let full = speculative(&inputs(1024.0), &verify, &free, 0.8, 3);
        assert!(full.tokens_per_s_per_seq < decode(&inputs(1024.0)).tokens_per_s_per_seq);
        assert!(full.compute_bound);
    }
}
