//! Issue 24's honesty items, held to hand-worked expectations: the stack a type needs (10), Spot limits
//! and risks (4, 5), communication-bound training (6) and the silent limits (11).

use gpuplan::catalog::Catalog;
use gpuplan::engine::{plan, recommend, Outcome, Plan, Recommendation};
use gpuplan::explain;
use gpuplan::query;
use gpuplan::scenario::{Lang, Scenario};

/// The scenario and its outcome; fails on any query warning.
fn run(q: &str) -> (Scenario, Outcome) {
    let catalog = Catalog::bundled();
    let (scenario, warnings) = query::parse(q, &catalog);
    assert!(warnings.is_empty(), "{q}: {warnings:?}");
    let o = recommend(&catalog, &scenario);
    (scenario, o)
}

/// Every reason of a recommendation in one language, one per line.
fn reasons(r: &Recommendation, lang: Lang) -> String {
    r.reasons
        .iter()
        .map(|w| explain::why(w, lang))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The top recommendation's plan, and every notice (the outcome's, then the plan's) in words.
fn plan_and_notices(q: &str, lang: Lang) -> (Plan, String) {
    let catalog = Catalog::bundled();
    let (s, o) = run(q);
    let r = o
        .recommendations
        .first()
        .unwrap_or_else(|| panic!("{q}: nothing ranked"));
    let p = plan(&catalog, &s, r);
    let words: Vec<String> = o
        .notices
        .iter()
        .chain(p.notices.iter())
        .map(|w| explain::why(w, lang))
        .collect();
    (p, words.join("\n"))
}

// ---- 10. Honesty of the stack ----

#[test]
fn a_gaudi_type_needs_synapseai_not_the_neuron_sdk() {
    let (_, o) = run("v=1&task=train&params=7&tokens=10&inst=dl1.24xlarge");
    let r = &o.recommendations[0];
    for lang in [Lang::En, Lang::Zh] {
        let text = reasons(r, lang);
        assert!(!text.contains("Neuron"), "{text}");
        assert!(text.contains("SynapseAI"), "{text}");
    }
    // Trainium still says Neuron.
    let (_, o) = run("v=1&task=train&params=7&tokens=10&inst=trn1.32xlarge");
    assert!(reasons(&o.recommendations[0], Lang::En).contains("Neuron SDK"));
}

#[test]
fn int4_is_not_planned_on_neuron_whose_documented_weight_quantization_is_int8_and_fp8() {
    let (_, o) = run("v=1&model=llama3.1-70b&prec=int4&inst=inf2.48xlarge,trn1.32xlarge,p4d.24xlarge");
    for r in &o.recommendations {
        let neuron = r.instance.starts_with("inf") || r.instance.starts_with("trn");
        assert_eq!(r.fits, !neuron, "{}", r.instance);
        if neuron {
            let text = reasons(r, Lang::En);
            assert!(text.contains("INT8 and FP8"), "{text}");
            assert!(reasons(r, Lang::Zh).contains("INT8 和 FP8"));
        }
    }
    // INT8 and FP8 stay planned on Neuron.
    for prec in ["int8", "fp8"] {
        let (_, o) = run(&format!("v=1&model=llama3.1-70b&prec={prec}&inst=inf2.48xlarge"));
        assert!(o.recommendations[0].fits, "{prec}");
    }
}

/// vLLM's rule: the query heads divide by the TP degree; the KV heads divide by it or it by them.
fn splits(heads: u32, kv: u32, tp: u32) -> bool {
    heads % tp == 0 && (kv % tp == 0 || tp % kv == 0)
}

#[test]
fn gpu_tensor_parallel_degrees_split_the_heads_and_neuron_pads_them() {
    // Qwen2.5 7B has 28 query heads and 4 KV heads: TP 8 does not split them (28 / 8 = 3.5), TP 4 does.
    let (_, o) = run("v=1&model=qwen2.5-7b&batch=64&inst=g5.48xlarge,p4d.24xlarge");
    for r in &o.recommendations {
        let tp = r.parallelism.as_ref().map_or(1, |p| p.tp);
        assert!(splits(28, 4, tp), "{}: tp {tp}", r.instance);
    }
    // Every preset, served and trained, on every GPU type that fits.
    for m in gpuplan::models::PRESETS {
        for task in ["task=infer&batch=32", "task=train&tokens=10"] {
            let (_, o) = run(&format!("v=1&{task}&model={}", m.id));
            for r in o.recommendations.iter().filter(|r| r.fits) {
                let Some(p) = r.parallelism.as_ref() else { continue };
                let neuron = r.instance.starts_with("inf") || r.instance.starts_with("trn");
                if !neuron {
                    assert!(
                        splits(m.heads, m.kv_heads, p.tp),
                        "{} {task} on {}: tp {}",
                        m.id,
                        r.instance,
                        p.tp
                    );
                }
            }
        }
    }
    // Neuron keeps its 12-core degree for Llama 3.1 70B's 64 heads (NxD pads the query heads).
    let (_, o) = run("v=1&model=llama3.1-70b&prec=int8&inst=inf2.48xlarge");
    assert_eq!(o.recommendations[0].parallelism.as_ref().map(|p| p.tp), Some(12));
}
