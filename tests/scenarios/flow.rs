//! The articles' decision flow (seed 000, §6), as outcomes of the model rather than rules.

use super::*;

#[test]
fn flow_graphics_goes_to_g5_or_g6() {
    let o = run("v=1&task=graphics&gmem=20&prio=cost");
    assert!(["g5", "g6", "gr6"].contains(&family_of(top(&o))), "{}", top(&o));
}

#[test]
fn flow_light_inference_cost_first_goes_to_g5_or_g6() {
    for q in [
        "v=1&model=llama2-7b&ctx=2048&batch=1&prio=cost&cuda=1",
        "v=1&model=mistral-7b&ctx=4096&batch=4&prio=cost&cuda=1",
        "v=1&model=llama2-13b&prec=int8&ctx=4096&batch=1&prio=cost&cuda=1",
    ] {
        let o = run(q);
        assert!(["g5", "g6"].contains(&family_of(top(&o))), "{q}: {}", top(&o));
    }
    // At a 2K context, 13B in INT8 (12.1 GiB + 0.8 GiB KV + 1 GiB) squeezes onto a 16 GiB T4: G4dn is cheaper still.
    let short = run("v=1&model=llama2-13b&prec=int8&ctx=2048&batch=1&prio=cost&cuda=1");
    assert_eq!(top(&short), "g4dn.xlarge");
}

#[test]
fn flow_light_inference_performance_first_goes_to_g6e() {
    let o = run("v=1&model=llama2-7b&ctx=2048&batch=1&prio=perf&cuda=1");
    assert_eq!(family_of(top(&o)), "g6e", "{}", top(&o));
}

#[test]
fn flow_neuron_eligible_inference_goes_to_inferentia2() {
    // Seed 003: inference that can leave CUDA -> Inferentia2. Llama 3.1 8B in BF16 no longer goes to
    // inf2.xlarge: its 16 GiB of host RAM cannot load 15 GiB of weights plus the 4 GiB reserve (issue 14).
    // The cheapest Neuron option is then Inferentia2 or Trainium, behind G6 at list prices.
    let o = run("v=1&model=llama3.1-8b&ctx=4096&batch=4&prio=cost");
    assert!(o.excluded.iter().any(
        |e| e.instances.iter().any(|i| i == "inf2.xlarge") && matches!(e.reason, Exclusion::HostRamTooSmall { .. })
    ));
    let neuron = o
        .recommendations
        .iter()
        .find(|r| r.instance.starts_with("inf") || r.instance.starts_with("trn"))
        .map_or("", |r| r.instance.as_str());
    assert!(["inf2", "trn1"].contains(&family_of(neuron)), "{neuron}");
}

/// The articles send large training to Trainium where the code may leave CUDA; at list prices Trn1 is planned
/// but a P type is cheapest: at Neuron's published training efficiency (`nteff`, ~33 % MFU) and after the June
/// 2025 P-family cut, 9 × trn1.32xlarge cost ~$138k against ~$70k on 1 × p6-b200 (2.0 ×; 1.5-2.5 allowed).
#[test]
fn flow_large_training_plans_trainium_when_eligible_but_a_p_type_is_cheapest_at_list_prices() {
    let q = "v=1&task=train&model=qwen2.5-32b&tokens=100&ctx=4096&prio=cost";
    let eligible = run(q);
    assert!(family_of(top(&eligible)).starts_with('p'), "{}", top(&eligible));
    let best = eligible.recommendations[0].job_usd.unwrap_or(f64::NAN);
    let trn = eligible
        .recommendations
        .iter()
        .find(|r| r.instance == "trn1.32xlarge" && r.fits)
        .and_then(|r| r.job_usd)
        .unwrap_or(f64::INFINITY);
    assert!(trn > 1.5 * best && trn < 2.5 * best, "trn1 {trn} vs best {best}");
    let not_eligible = run(&format!("{q}&cuda=1"));
    assert!(family_of(top(&not_eligible)).starts_with('p'), "{}", top(&not_eligible));
    assert!(!fits(&not_eligible, "trn1.32xlarge"));
    let urgent = run(&format!("{q}&urgent=1"));
    assert!(urgent.recommendations.iter().all(|r| !r.instance.starts_with("trn")));
}

#[test]
fn flow_frontier_training_goes_to_p5_class_or_newer() {
    let o = run("v=1&task=train&model=llama3.1-405b&tokens=1000&ctx=4096&batch=1&prio=cost&cuda=1");
    assert!(
        ["p5", "p5en", "p5e", "p6-b200", "p6-b300"].contains(&family_of(top(&o))),
        "{}",
        top(&o)
    );
}
