//! MoE training with expert parallelism (issue 23 item 2): the planner chooses an expert-parallel degree
//! where the experts' memory binds, says it where it says TP and PP, and its all-to-all and expert terms
//! are formula lines naming their assumptions (`moecap`, `ggeff`, `a2aov`), each editable in the link.

use gpuplan::engine::outcome::{Parallelism, StepTerms};
use gpuplan::engine::{Recommendation, Why};
use gpuplan::scenario::Lang;

mod common;
use common::{scenario, top_fit};

const DEEPSEEK_P5: &str = "v=1&task=train&model=deepseek-v3&inst=p5.48xlarge&tokens=100";

fn plan(r: &Recommendation) -> (Parallelism, StepTerms) {
    r.reasons
        .iter()
        .find_map(|w| match w {
            Why::Plan { plan, terms, .. } => Some((plan.clone(), terms.clone())),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no training plan in {:?}", r.reasons))
}

#[test]
fn a_large_moe_on_p5_is_planned_with_expert_parallelism_and_its_all_to_all() {
    let s = scenario(DEEPSEEK_P5);
    let r = top_fit(&s);
    let (p, t) = plan(&r);
    // 671B of weights and 16 B a parameter of training state: the experts' weights are sharded over EP
    // ranks, and the all-to-all then waits on the links.
    assert!(p.ep > 1, "{p:?}");
    assert!(t.a2a_s > 0.0 && t.moe_s > 0.0, "{t:?}");
    let arch = gpuplan::models::preset_by_id("deepseek-v3").unwrap_or_else(|| panic!("no preset"));
    let lines = gpuplan::explain::formulas(&s, arch, &r, Lang::En.into()).join("\n");
    assert!(
        lines.contains(" + A2A") && lines.contains(&format!("EP = {}", p.ep)),
        "{lines}"
    );
    assert!(
        lines.contains("(moecap at EP > 1)") && lines.contains("(ggeff)") && lines.contains("a2aov = 0"),
        "{lines}"
    );
    let words = r
        .reasons
        .iter()
        .map(|w| gpuplan::explain::why(w, Lang::En))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(words.contains(&format!("expert-parallel {}", p.ep)), "{words}");
}

#[test]
fn the_all_to_all_overlap_and_the_imbalance_are_assumptions_in_the_link() {
    let hours = |r: &Recommendation| r.job_hours.unwrap_or(f64::INFINITY) * f64::from(r.n_instances);
    let base = top_fit(&scenario(DEEPSEEK_P5));
    // A fully hidden all-to-all waits on none of it, and the job takes no more instance-hours.
    let hidden = top_fit(&scenario(&format!("{DEEPSEEK_P5}&a2aov=1")));
    assert_eq!(plan(&hidden).1.a2a_s, 0.0);
    assert!(
        hours(&hidden) <= hours(&base) * (1.0 + 1e-9),
        "{} {}",
        hours(&hidden),
        hours(&base)
    );
    // A perfectly balanced router (moecap 1) is no slower than the default imbalance of 1.25; a worse
    // one (2) no faster.
    let balanced = top_fit(&scenario(&format!("{DEEPSEEK_P5}&moecap=1")));
    let skewed = top_fit(&scenario(&format!("{DEEPSEEK_P5}&moecap=2")));
    assert!(hours(&balanced) <= hours(&base) * (1.0 + 1e-9));
    assert!(hours(&skewed) >= hours(&base) * (1.0 - 1e-9));
}

#[test]
fn a_dense_model_keeps_ep_1_and_no_expert_terms() {
    let r = top_fit(&scenario(
        "v=1&task=train&model=llama3.1-70b&inst=p5.48xlarge&tokens=100",
    ));
    let (p, t) = plan(&r);
    assert_eq!(p.ep, 1);
    assert_eq!((t.a2a_s, t.expert_s, t.moe_s), (0.0, 0.0, 0.0));
}
