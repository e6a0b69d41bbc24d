//! FP4 (NVFP4/MXFP4) serving (issue 26, item 4): planned at the catalog's sourced FP4 peak on Blackwell,
//! refused elsewhere with the reason; weights at 4 bits plus one FP8 scale per 16 values.

use gpuplan::catalog::Catalog;
use gpuplan::engine::perf::{peak, Peak};
use gpuplan::engine::{recommend, Exclusion};
use gpuplan::scenario::{Lang, Precision};

#[test]
fn fp4_weights_are_four_bits_and_a_scale_per_sixteen() {
    // 4 bits + 8 bits / 16 = 4.5 bits = 0.5625 bytes per weight.
    assert_eq!(Precision::Fp4.weight_bytes(), (4.0 + 8.0 / 16.0) / 8.0);
}

#[test]
fn the_fp4_peak_is_the_catalogs_sourced_one_on_blackwell_only() {
    let c = Catalog::bundled();
    let acc = |id: &str| c.accelerator(id).unwrap_or_else(|| panic!("{id}"));
    assert_eq!(peak(acc("b200"), Precision::Fp4), Peak::Native(9000.0));
    assert_eq!(peak(acc("b300"), Precision::Fp4), Peak::Native(13000.0));
    assert_eq!(peak(acc("rtx-pro-6000"), Precision::Fp4), Peak::Native(2000.0));
    assert_eq!(peak(acc("h100"), Precision::Fp4), Peak::Unsupported);
    assert_eq!(peak(acc("l40s"), Precision::Fp4), Peak::Unsupported);
    assert_eq!(peak(acc("trainium2"), Precision::Fp4), Peak::Unsupported);
}

#[test]
fn a_70b_in_fp4_plans_on_blackwell_and_is_refused_elsewhere_with_the_reason() {
    let c = Catalog::bundled();
    let (s, w) = gpuplan::query::parse("v=1&model=llama3.1-70b&prec=fp4&ctx=4096&batch=4", &c);
    assert!(w.is_empty(), "{w:?}");
    let o = recommend(&c, &s);
    let fitting: Vec<&str> = o
        .recommendations
        .iter()
        .filter(|r| r.fits)
        .map(|r| r.family.as_str())
        .collect();
    assert!(!fitting.is_empty());
    assert!(
        fitting.iter().all(|f| ["p6-b200", "p6-b300", "g7e", "g7"].contains(f)),
        "{fitting:?}"
    );
    // 70.55 B weights × 0.5625 B = 36.96 GiB: one RTX PRO 6000 (96 GB) holds them.
    assert!(o
        .recommendations
        .iter()
        .any(|r| r.fits && r.instance.starts_with("g7e") && r.devices_per_replica == 1));
    let h100 = o
        .excluded
        .iter()
        .find(|e| e.family == "p5")
        .unwrap_or_else(|| panic!("p5 not excluded"));
    assert_eq!(
        h100.reason,
        Exclusion::NoPrecision {
            precision: Precision::Fp4
        }
    );
    let en = gpuplan::explain::exclusion(&h100.reason, Lang::En);
    assert!(en.contains("published FP4 peak"), "{en}");
    assert!(gpuplan::explain::exclusion(&h100.reason, Lang::Zh).contains("FP4 峰值"));
    // Training in FP4 is refused on every type, Blackwell included.
    let (t, _) = gpuplan::query::parse("v=1&task=train&model=llama3.1-8b&prec=fp4&inst=p6-b200.48xlarge", &c);
    let o = recommend(&c, &t);
    assert!(
        o.recommendations.iter().all(|r| !r.fits),
        "{:?}",
        o.recommendations.first().map(|r| &r.reasons)
    );
}

#[test]
fn old_links_keep_their_precision() {
    let c = Catalog::bundled();
    for (q, p) in [
        ("v=1", Precision::Bf16),
        ("v=1&prec=int4", Precision::Int4),
        ("v=1&prec=fp4", Precision::Fp4),
    ] {
        assert_eq!(gpuplan::query::parse(q, &c).0.precision, p, "{q}");
    }
}

/// FP8 on a chip that has it with no published figure (RTX PRO 6000, g7e) is estimated at the labelled
/// 16-bit assumption × the FP8 speed-up, as training runs it: a time to first token no slower than
/// BF16's, never a missing one.
#[test]
fn fp8_on_the_rtx_pro_6000_runs_at_the_assumed_peak_times_the_fp8_speed_up() {
    let c = Catalog::bundled();
    let ttft = |prec: &str| {
        let q = format!("v=1&model=llama3.1-8b&prec={prec}&ctx=4096&out=256&batch=4&inst=g7e.2xlarge");
        let (s, w) = gpuplan::query::parse(&q, &c);
        assert!(w.is_empty(), "{w:?}");
        let o = recommend(&c, &s);
        let r = o
            .recommendations
            .iter()
            .find(|r| r.fits)
            .unwrap_or_else(|| panic!("{q}: nothing fits"));
        r.prefill_s.unwrap_or_else(|| panic!("{q}: no prefill estimate"))
    };
    let (fp8, bf16) = (ttft("fp8"), ttft("bf16"));
    assert!(fp8 < bf16, "fp8 {fp8} s, bf16 {bf16} s");
}

/// An FP4 model keeps an FP8 KV cache (the labelled default of NVIDIA's ModelOpt FP4 checkpoints, which
/// TensorRT-LLM serves in the checkpoint's dtype): half a 16-bit cache's bytes, as FP8's.
#[test]
fn an_fp4_model_keeps_an_fp8_kv_cache() {
    assert_eq!(Precision::Fp4.kv_bytes(), Precision::Fp8.kv_bytes());
    assert_eq!(Precision::Fp4.kv_bytes() * 2.0, Precision::Bf16.kv_bytes());
    // INT4 is weight-only (W4A16): its cache stays 16-bit.
    assert_eq!(Precision::Int4.kv_bytes(), 2.0);
}

/// One B200 replica of 70B FP4 at `seqs` sequences, with `fp4x` set to `x`.
fn b200_fp4(x: f64, seqs: u32) -> gpuplan::engine::perf::DecodeEstimate {
    let c = Catalog::bundled();
    let q = format!("v=1&model=llama3.3-70b&prec=fp4&ctx=2176&out=128&fp4x={x}");
    let (s, w) = gpuplan::query::parse(&q, &c);
    assert!(w.is_empty(), "{w:?}");
    gpuplan::engine::serving_estimate(&c, &s, "p6-b200.48xlarge", 1, seqs).unwrap_or_else(|| panic!("{q}"))
}

/// `fp4x` is FP4's end-to-end speed over the BF16 peak: one more prompt's prefill (TP1: no all-reduce)
/// takes half the time at twice the speed-up, and a batch large enough to be compute-bound decodes
/// twice as fast; the default is 1.89 (fp8x 1.4 × FP4's measured 1.35 over FP8 on B200).
#[test]
fn fp4x_sets_the_fp4_prefill_and_the_decode_compute_cap() {
    assert_eq!(gpuplan::scenario::Assumptions::default().fp4_speedup, 1.89);
    let (slow, fast) = (b200_fp4(1.0, 1), b200_fp4(2.0, 1));
    let (ps, pf) = (
        slow.prefill_marginal_s.unwrap_or(0.0),
        fast.prefill_marginal_s.unwrap_or(0.0),
    );
    assert!(
        pf > 0.0 && (ps / pf - 2.0).abs() < 1e-9,
        "prefill {ps} s against {pf} s"
    );
    let (slow, fast) = (b200_fp4(1.0, 400), b200_fp4(2.0, 400));
    assert!(slow.compute_bound, "400 sequences at fp4x 1 are compute-bound");
    assert!(
        fast.tokens_per_s > slow.tokens_per_s * 1.3,
        "{} against {}",
        fast.tokens_per_s,
        slow.tokens_per_s
    );
}
