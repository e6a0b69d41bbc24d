//! Model presets: architecture facts of open LLMs from their published configs, and the estimate used for custom sizes.
//!
//! Source: ../shared/reference/models/models.csv (Hugging Face config.json values, parameter counts
//! computed from the config, cross-checked against model cards and papers; see its README).

use crate::num::Within;

mod presets;
pub use presets::PRESETS;

/// Architecture facts the memory and performance models need.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelArch {
    /// Preset id as used in links (`model=llama3.1-8b`); empty for a custom model.
    pub id: &'static str,
    pub name: &'static str,
    /// All parameters (what memory holds).
    pub total_params: f64,
    /// Parameters touched per token (what compute and bandwidth see); equals total for dense models.
    pub active_params: f64,
    pub layers: u32,
    pub hidden: u32,
    pub heads: u32,
    pub kv_heads: u32,
    pub head_dim: u32,
    pub max_context: u32,
    /// KV-cache bytes per token per sequence at 2 bytes per value, when the plain GQA formula does not
    /// apply (DeepSeek-V3's MLA caches a 576-wide latent per layer: 61 x 576 x 2 = 70,272 B).
    pub kv_bytes_per_token_bf16_override: Option<f64>,
    /// Sliding-window attention on every layer caps the cached tokens (Mistral 7B v0.1: 4096).
    pub sliding_window: Option<u32>,
    /// Whether the figures were estimated from a parameter count rather than read from a config.
    pub estimated: bool,
    /// Mixture of experts: routed experts per MoE layer and how many each token uses (config
    /// `num_local_experts`/`n_routed_experts`, `num_experts_per_tok`); 0 for dense or unknown.
    pub experts: u32,
    pub experts_per_token: u32,
}

impl ModelArch {
    /// Total parameters in billions to one decimal, as the `params` key takes them (the form keeps a
    /// preset's size when it switches to a custom model).
    pub fn params_b_text(&self) -> String {
        let b = self.total_params / 1e9;
        crate::num::shortest((b * 10.0).round() / 10.0)
    }

    pub fn is_moe(&self) -> bool {
        self.active_params < self.total_params
    }

    /// Expected distinct routed experts per MoE layer that `batch` tokens touch in one decode step,
    /// `E·(1 − (1 − k/E)^B)`, assuming each token picks its k of E experts uniformly and independently.
    /// `None` for dense models or where the routing is not known (custom MoE sizes).
    pub fn distinct_experts(&self, batch: u32) -> Option<f64> {
        if self.experts_per_token == 0 || self.experts <= self.experts_per_token {
            return None;
        }
        let e = f64::from(self.experts);
        let k = f64::from(self.experts_per_token);
        let b = batch.clamp(1, 1 << 20) as i32;
        Some(e * (1.0 - (1.0 - k / e).powi(b)))
    }

    /// One routed expert's parameters over all MoE layers, `(total − active) / (E − k)`; `None` for dense
    /// models or where the routing is not known (custom MoE sizes).
    fn routed_expert_params(&self) -> Option<f64> {
        if self.experts_per_token == 0 || self.experts <= self.experts_per_token {
            return None;
        }
        let (e, k) = (f64::from(self.experts), f64::from(self.experts_per_token));
        Some((self.total_params - self.active_params) / (e - k))
    }

    /// Share of all parameters in the routed experts, `E·P_e / N`: what expert parallelism shards (0 for
    /// dense models and where the routing is not known).
    pub fn routed_share(&self) -> f64 {
        match self.routed_expert_params() {
            Some(per_expert) if self.total_params > 0.0 => {
                (f64::from(self.experts) * per_expert / self.total_params).within(0.0, 1.0)
            }
            _ => 0.0,
        }
    }

    /// Share of the active parameters in the `k` routed experts a token uses, `k·P_e / N_act`: the part of
    /// a step's matrix work that runs as grouped GEMMs (0 for dense models or unknown routing).
    pub fn routed_active_share(&self) -> f64 {
        match self.routed_expert_params() {
            Some(per_expert) if self.active_params > 0.0 => {
                (f64::from(self.experts_per_token) * per_expert / self.active_params).within(0.0, 1.0)
            }
            _ => 0.0,
        }
    }

    /// Activation values one token moves through the routed experts of every MoE layer in a training
    /// step's forward pass: each of its `k` copies carries the hidden vector in and out (`h`) and the
    /// expert's SwiGLU intermediates (`3·f`). Over `L` layers (every layer counted as an MoE layer) that is
    /// `k·(L·h + P_e/h)`, with one routed expert's parameters over all layers `P_e = 3·h·f·L`
    /// (`routed_expert_params`). 0 for dense models and where the routing is not known.
    pub fn routed_values_per_token(&self) -> f64 {
        let h = f64::from(self.hidden);
        match self.routed_expert_params() {
            Some(per_expert) if h > 0.0 => {
                f64::from(self.experts_per_token) * (f64::from(self.layers) * h + per_expert / h)
            }
            _ => 0.0,
        }
    }

    /// Parameters one decode step reads for `batch` sequences: the active parameters for a dense model; for
    /// an MoE the shared part (attention, embeddings, dense layers, shared experts) plus every routed expert
    /// the batch touches (`routed_expert_params` each).
    pub fn params_read(&self, batch: u32) -> f64 {
        match (self.distinct_experts(batch), self.routed_expert_params()) {
            (Some(d), Some(per_expert)) => {
                let shared = self.active_params - f64::from(self.experts_per_token) * per_expert;
                (shared + d * per_expert).min(self.total_params)
            }
            _ => self.active_params,
        }
    }
}

/// The preset with this id.
pub fn preset_by_id(id: &str) -> Option<&'static ModelArch> {
    PRESETS.iter().find(|m| m.id == id)
}

/// Estimates a dense or MoE Transformer's shape from its parameter count, for custom models.
///
/// Uses the Llama-family proportions N ≈ 12·L·h² (DOMAIN.md notation) with h/L ≈ 128 and grouped-query
/// attention at 8 KV heads of 128 dims, the common shape of current open models. The page says so.
pub fn estimate(total_params: f64, active_params: f64) -> ModelArch {
    let n = active_params.max(1.0);
    // 12·L·h² with h = 128·L gives N = 196,608·L³: L is the cube root rounded, found by counting (libm's
    // cbrt brings its fma into the wasm).
    let layers = layers_for(n / 196_608.0);
    let hidden = ((n / (12.0 * layers)).sqrt() / 128.0).round().max(1.0) * 128.0;
    let head_dim = 128.0_f64;
    let heads = (hidden / head_dim).max(1.0);
    ModelArch {
        id: "",
        name: "",
        total_params,
        active_params,
        layers: layers as u32,
        hidden: hidden as u32,
        heads: heads as u32,
        kv_heads: heads.min(8.0) as u32,
        head_dim: head_dim as u32,
        max_context: 131_072,
        kv_bytes_per_token_bf16_override: None,
        sliding_window: None,
        estimated: true,
        experts: 0,
        experts_per_token: 0,
    }
}

/// The cube root of `cube`, rounded, within 2..=160: the first L with (L + ½)³ ≥ `cube`.
fn layers_for(cube: f64) -> f64 {
    (2..160u32)
        .map(f64::from)
        .find(|l| (l + 0.5) * (l + 0.5) * (l + 0.5) >= cube)
        .unwrap_or(160.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::Within;

    /// Qwen3-30B-A3B by hand (config.json: 48 layers, hidden 2,048, 128 experts of intermediate 768, 8
    /// a token): one expert over all layers is 3 × 2,048 × 768 × 48 = 226,492,416 parameters, so a token
    /// moves 8 × (48 × 2,048 + 226,492,416 / 2,048) = 8 × 208,896 = 1,671,168 routed values. Dense: none.
    #[test]
    fn routed_values_follow_the_experts_shape() {
        let v = |id: &str| preset_by_id(id).map(|m| m.routed_values_per_token());
        let q = v("qwen3-30b-a3b").unwrap_or(0.0);
        assert!((q / 1_671_168.0 - 1.0).abs() < 0.01, "{q}");
        assert_eq!(v("llama3.1-8b"), Some(0.0));
    }

    #[test]
    fn a_presets_size_reads_as_the_params_key_writes_it() {
        let size = |id: &str| preset_by_id(id).map(ModelArch::params_b_text);
        assert_eq!(size("llama3.1-8b").as_deref(), Some("8"));
        assert_eq!(size("deepseek-v3").as_deref(), Some("671"));
        assert_eq!(estimate(7.25e9, 7.25e9).params_b_text(), "7.3");
    }

    #[test]
    fn moe_decode_reads_the_union_of_routed_experts() {
        let ds = preset_by_id("deepseek-v3").cloned().unwrap_or_else(|| panic!("preset"));
        // Issue 13: 32 sequences touch ~163 of 256 experts per layer.
        let d = ds.distinct_experts(32).unwrap_or(0.0);
        assert!((d - 163.3).abs() < 0.5, "{d}");
        // One sequence reads exactly the active parameters.
        assert!((ds.params_read(1) - ds.active_params).abs() < 1.0);
        let mx = preset_by_id("mixtral-8x7b")
            .cloned()
            .unwrap_or_else(|| panic!("preset"));
        // Mixtral at 16 sequences reads nearly every expert: 8·(1 − 0.75^16) = 7.92.
        assert!(mx.params_read(16) > 0.98 * mx.total_params, "{}", mx.params_read(16));
        assert!(mx.params_read(8) > 0.88 * mx.total_params);
        let dense = preset_by_id("llama3.1-8b").cloned().unwrap_or_else(|| panic!("preset"));
        assert_eq!(dense.params_read(64), dense.active_params);
    }

    #[test]
    fn presets_are_unique_and_consistent() {
        for (i, m) in PRESETS.iter().enumerate() {
            assert!(PRESETS.iter().skip(i + 1).all(|o| o.id != m.id), "{}", m.id);
            assert!(m.active_params <= m.total_params, "{}", m.id);
            assert!(m.kv_heads <= m.heads, "{}", m.id);
        }
        assert!(preset_by_id("deepseek-v3").is_some_and(ModelArch::is_moe));
        assert!(preset_by_id("llama3.1-8b").is_some_and(|m| !m.is_moe()));
    }

    #[test]
    fn current_open_models_have_their_published_sizes() {
        // Issue 24 #23: totals (and MoE active counts) within 1 % of what the publishers state.
        for (id, total_b, active_b) in [
            ("llama3.3-70b", 70.6, 70.6),
            ("llama4-scout", 109.0, 17.0),
            ("llama4-maverick", 400.0, 17.0),
            ("qwen3-8b", 8.2, 8.2),
            ("qwen3-32b", 32.8, 32.8),
            ("qwen3-30b-a3b", 30.5, 3.3),
            ("qwen3-235b-a22b", 235.0, 22.0),
            ("deepseek-r1", 671.0, 37.0),
            ("gpt-oss-20b", 20.91, 3.61),
            ("gpt-oss-120b", 116.83, 5.13),
            ("mistral-small-3.1", 24.0, 24.0),
            ("mistral-large-2", 123.0, 123.0),
        ] {
            let m = preset_by_id(id).unwrap_or_else(|| panic!("{id}"));
            let (t, a) = (m.total_params / 1e9, m.active_params / 1e9);
            // Scout's published 109B counts its vision encoder; gpt-oss's active counts leave out the embedding.
            // So does Mistral Small 3.1's "24B" (0.44B of Pixtral): its text decoder is 23.57B.
            let t_tol = if matches!(id, "llama4-scout" | "mistral-small-3.1") {
                0.02
            } else {
                0.01
            };
            assert!((t / total_b - 1.0).abs() < t_tol, "{id}: {t}B vs {total_b}B");
            let embed_b = if id.starts_with("gpt-oss") {
                201_088.0 * 2880.0 / 1e9
            } else {
                0.0
            };
            assert!(
                ((a - embed_b) / active_b - 1.0).abs() < t_tol.max(0.02),
                "{id}: {a}B active vs {active_b}B"
            );
            assert_eq!(m.is_moe(), m.experts > 0, "{id}");
            // One routed expert over all MoE layers is whole: (total − active) / (E − k) ≥ 0.
            if m.experts > 0 {
                assert!(
                    m.distinct_experts(1)
                        .is_some_and(|d| (d - f64::from(m.experts_per_token)).abs() < 1e-9),
                    "{id}"
                );
            }
        }
    }

    #[test]
    fn kv_bytes_per_token_match_the_reference() {
        // ../shared/reference/models/models.csv, column kv_cache_bytes_per_token_bf16.
        for (id, bytes) in [
            ("llama3.1-8b", 131_072.0),
            ("gemma2-9b", 344_064.0),
            ("gemma2-27b", 376_832.0),
            ("phi3-mini", 393_216.0),
        ] {
            let m = preset_by_id(id).unwrap_or_else(|| panic!("{id}"));
            let kv = crate::engine::memory::kv_bytes_per_token(m, crate::scenario::Precision::Bf16);
            assert_eq!(kv, bytes, "{id}");
        }
    }

    #[test]
    fn estimate_is_close_to_real_shapes() {
        // Llama 3.1 70B: 80 layers, hidden 8192. The estimate lands within a factor of ~1.3.
        let m = estimate(70e9, 70e9);
        assert!((60..=100).contains(&m.layers), "{m:?}");
        assert!((6144..=10240).contains(&m.hidden), "{m:?}");
        let small = estimate(7e9, 7e9);
        assert!((24..=40).contains(&small.layers), "{small:?}");
        assert!(small.estimated);
    }

    #[test]
    fn layers_are_the_rounded_cube_root_within_bounds() {
        let mut n = 1e6;
        while n < 1e14 {
            let x = n / 196_608.0;
            assert_eq!(layers_for(x), x.cbrt().round().within(2.0, 160.0), "{n}");
            n *= 1.07;
        }
    }
}
