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
