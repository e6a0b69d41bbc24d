//! What each family may run: CUDA-only code, graphics, Inferentia, multi-node training and FP8, each on
//! the types that can.

use super::*;

#[test]
fn cuda_only_code_never_gets_trainium_or_inferentia() {
    for q in [
        "v=1&cuda=1",
        "v=1&cuda=1&task=train&model=qwen2.5-32b&tokens=100&ctx=4096&batch=1",
        "v=1&cuda=1&task=finetune&model=llama3.1-8b",
    ] {
        let o = run(q);
        assert!(
            o.recommendations
                .iter()
                .all(|r| !r.instance.starts_with("trn") && !r.instance.starts_with("inf")),
            "{q}"
        );
        assert!(
            o.excluded
                .iter()
                .any(|e| matches!(e.reason, Exclusion::CudaOnly { .. })),
            "{q}"
        );
    }
}

#[test]
fn graphics_never_gets_a_p_instance_or_neuron() {
    let o = run("v=1&task=graphics&gmem=20&seats=4");
    assert!(!o.recommendations.is_empty());
    for r in &o.recommendations {
        assert!(r.instance.starts_with('g'), "{}", r.instance);
    }
    assert!(o
        .excluded
        .iter()
        .any(|e| e.family.starts_with('p') && e.reason == Exclusion::NoGraphics));
}

#[test]
fn inferentia_never_trains() {
    let o = run("v=1&task=train&model=llama3.1-8b&tokens=10");
    assert!(o.recommendations.iter().all(|r| !r.instance.starts_with("inf")));
    assert!(o.excluded.iter().any(|e| e.reason == Exclusion::InferenceOnlyChip));
}

#[test]
fn multi_node_training_only_on_efa_types() {
    let o = run("v=1&task=train&model=qwen2.5-32b&tokens=100&ctx=4096&batch=1");
    for r in o.recommendations.iter().filter(|r| r.n_instances > 1) {
        let c = common::catalog();
        assert!(c.instance(&r.instance).is_some_and(|i| i.has_efa()), "{}", r.instance);
    }
    let single = run("v=1&task=train&model=qwen2.5-32b&tokens=100&ctx=4096&batch=1&multinode=0");
    assert!(single.recommendations.iter().all(|r| r.n_instances == 1));
}

#[test]
fn fp8_only_where_the_chip_has_it() {
    let o = run("v=1&prec=fp8&cuda=1");
    for r in &o.recommendations {
        let fam = family_of(&r.instance);
        assert!(
            !["g4dn", "g5", "p3", "p3dn", "p4d", "p4de"].contains(&fam),
            "{}",
            r.instance
        );
    }
    assert!(o
        .excluded
        .iter()
        .any(|e| e.family == "p4d" && matches!(e.reason, Exclusion::NoPrecision { .. })));
}
