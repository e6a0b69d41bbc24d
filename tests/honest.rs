//! Issue 24's honesty items, held to hand-worked expectations: the stack a type needs (10), Spot limits
//! and risks (4, 5), communication-bound training (6) and the silent limits (11).

use gpuplan::engine::{plan, Plan, Recommendation};
use gpuplan::explain;
use gpuplan::scenario::Lang;

mod common;
use common::run;

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
    let catalog = common::catalog();
    let (s, o) = run(q);
    let r = o
        .recommendations
        .first()
        .unwrap_or_else(|| panic!("{q}: nothing ranked"));
    let p = plan(catalog, &s, r);
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
    heads.is_multiple_of(tp) && (kv.is_multiple_of(tp) || tp.is_multiple_of(kv))
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

// ---- 4. Spot for multi-node training ----

#[test]
fn spot_refused_for_scarce_capacity_says_so_and_does_not_ask_to_raise_a_limit_that_cannot_help() {
    // p5.48xlarge in us-east-1: Spot in 4 zones, 2 at the On-Demand price (scarce): one instance at most,
    // whatever `spotmax` says.
    let catalog = common::catalog();
    let (s, o) = run("v=1&task=train&params=7&tokens=1000&spotmax=16&inst=p5.48xlarge");
    let r = &o.recommendations[0];
    let spot = gpuplan::engine::option_cost(catalog, &s, r, gpuplan::scenario::Buy::Spot);
    let why = spot.unavailable.as_ref().unwrap_or_else(|| panic!("{spot:?}"));
    for lang in [Lang::En, Lang::Zh] {
        let text = explain::not_offered(why, lang);
        assert!(!text.contains("Most Spot") && !text.contains("上限"), "{text}");
        assert!(text.contains("scarce") || text.contains("稀缺"), "{text}");
    }
    // g5.48xlarge (Spot in 5 zones: ample) names the limit by the form's label, where it is.
    let (s, o) = run("v=1&task=train&params=7&tokens=100&days=30&inst=g5.48xlarge");
    let spot = gpuplan::engine::option_cost(catalog, &s, &o.recommendations[0], gpuplan::scenario::Buy::Spot);
    let text = explain::not_offered(
        spot.unavailable.as_ref().unwrap_or_else(|| panic!("{spot:?}")),
        Lang::En,
    );
    assert!(
        text.contains("Most Spot instances one job gets together") && text.contains("Usage and purchase"),
        "{text}"
    );
}

#[test]
fn spot_past_the_target_or_left_out_of_a_window_says_so() {
    // 10 × g5.48xlarge meet the 30-day target On-Demand in 705.6 h; Spot's checkpoints and restarts
    // (25 %/month band, 10 instances together) stretch it to 31.5 days.
    let (p, text) = plan_and_notices(
        "v=1&task=train&params=7&tokens=100&days=30&inst=g5.48xlarge&spotmax=100",
        Lang::En,
    );
    assert_eq!(p.items[0].buy, gpuplan::scenario::Buy::Spot);
    assert!(
        text.contains("Spot ends the job in 31.5 days") && text.contains("past the 30-day “Target duration"),
        "{text}"
    );
    let (_, zh) = plan_and_notices(
        "v=1&task=train&params=7&tokens=100&days=30&inst=g5.48xlarge&spotmax=100",
        Lang::Zh,
    );
    assert!(zh.contains("超过 30 天的“目标时长"), "{zh}");
    // Chosen as the purchase (`buy=spot`), the job's hours include Spot's overhead; the notice compares
    // the On-Demand pace with the target and still says so.
    let (_, text) = plan_and_notices(
        "v=1&task=train&params=7&tokens=100&days=30&inst=g5.48xlarge&spotmax=100&buy=spot",
        Lang::En,
    );
    assert!(text.contains("Spot ends the job in 31.5 days"), "{text}");
    // A 35-day window without `spotwin` leaves Spot out: said, with what it would have saved.
    let (p, text) = plan_and_notices(
        "v=1&task=train&params=7&tokens=100&days=30&inst=g5.48xlarge&spotmax=100&window=35",
        Lang::En,
    );
    assert_ne!(p.items[0].buy, gpuplan::scenario::Buy::Spot);
    assert!(
        text.contains("Spot is left out")
            && text.contains("35-day hard window")
            && text.contains("Allow Spot within the hard window"),
        "{text}"
    );
    // Allowed, it is planned and nothing is said about leaving it out.
    let (p, text) = plan_and_notices(
        "v=1&task=train&params=7&tokens=100&days=30&inst=g5.48xlarge&spotmax=100&window=35&spotwin=1",
        Lang::En,
    );
    assert_eq!(p.items[0].buy, gpuplan::scenario::Buy::Spot);
    assert!(!text.contains("left out"), "{text}");
}

// ---- 5. Long single-zone Spot ----

#[test]
fn long_single_zone_spot_names_its_three_risks_and_multi_node_spot_one_zone_and_a_placement_group() {
    // One p6-b200 for 75 days, Spot priced from the one us-east-1 zone with a discount.
    let q = "v=1&task=train&params=7&tokens=1000&multinode=0&days=80";
    let (p, text) = plan_and_notices(q, Lang::En);
    assert_eq!(
        (p.items[0].buy, p.items[0].instances),
        (gpuplan::scenario::Buy::Spot, 1)
    );
    assert!(text.contains("three risks"), "{text}");
    // Interruptions over the run: band <5 → 2.5 %/month, λ = −ln(0.975)/730 per hour; 1,804 h → 0.06.
    assert!(text.contains("0.06 interruptions expected"), "{text}");
    assert!(text.contains("its price is one zone's, not the region's"), "{text}");
    assert!(text.contains("capacity can vanish"), "{text}");
    // One instance is not "replaced with less capacity": the job stops until it restarts.
    assert!(
        !text.contains("replaced") && text.contains("restarts from its last checkpoint"),
        "{text}"
    );
    let (_, zh) = plan_and_notices(q, Lang::Zh);
    assert!(zh.contains("三项风险") && zh.contains("一个可用区"), "{zh}");
    // Ten instances together: one zone and a cluster placement group.
    let (_, text) = plan_and_notices(
        "v=1&task=train&params=7&tokens=100&days=30&inst=g5.48xlarge&spotmax=100",
        Lang::En,
    );
    assert!(text.contains("share one zone and a cluster placement group"), "{text}");
}

// ---- 6. Communication-bound training ----

#[test]
fn communication_bound_training_says_so_and_offers_a_larger_batch_that_costs_less() {
    let q = "v=1&task=train&model=llama3.1-70b&batch=1&tokens=30&region=us-east-2&inst=p4d.24xlarge&buy=cb";
    let catalog = common::catalog();
    let (s, o) = run(q);
    let r = &o.recommendations[0];
    let share = r.parallelism.as_ref().map_or(0.0, |p| p.comm_share);
    assert!(share > 0.3, "{share}");
    let p = plan(catalog, &s, r);
    let Some(gpuplan::engine::Why::CommBound {
        key,
        better: Some((batch, saving)),
        ..
    }) = p
        .notices
        .iter()
        .find(|w| matches!(w, gpuplan::engine::Why::CommBound { .. }))
        .cloned()
    else {
        panic!("{:?}", p.notices)
    };
    assert_eq!(key, "batch");
    // The fix, applied, is what the notice says: cheaper by the share it names, and waiting less.
    let (s2, o2) = run(&format!("{q}&batch={batch}"));
    let r2 = &o2.recommendations[0];
    let (usd, usd2) = (r.job_usd.unwrap_or(0.0), r2.job_usd.unwrap_or(f64::MAX));
    assert!((1.0 - usd2 / usd) * 100.0 - saving < 1e-6, "{usd} {usd2} {saving}");
    assert!(usd2 < usd * 0.95 && r2.parallelism.as_ref().is_some_and(|p| p.comm_share < share));
    let _ = s2;
    for lang in [Lang::En, Lang::Zh] {
        let text = explain::why(
            &p.notices
                .iter()
                .find(|w| matches!(w, gpuplan::engine::Why::CommBound { .. }))
                .cloned()
                .unwrap_or(gpuplan::engine::Why::RankCheapest),
            lang,
        );
        assert!(text.contains(&batch.to_string()) && text.contains('%'), "{text}");
    }
    // Only the bar that was passed is said: a 70B pre-training at 0.26 M tokens a step, 10 % waiting.
    let (_, text) = plan_and_notices("v=1&task=train&model=llama3.1-70b&tokens=50", Lang::En);
    assert!(
        text.contains("is small for pre-training") && !text.contains("Communication-bound"),
        "{text}"
    );
    // A well-linked job at a sensible batch says nothing.
    let (_, text) = plan_and_notices(
        "v=1&task=train&model=llama3.1-8b&tokens=100&gbatch=512&inst=p5.48xlarge",
        Lang::En,
    );
    assert!(!text.contains("Communication-bound"), "{text}");
}

// ---- 11. Silent limits ----

#[test]
fn silent_limits_say_so_naming_the_field() {
    // No hours: every cost is 0, and the notice names the field by its label.
    let (p, text) = plan_and_notices("v=1&model=llama3.1-8b&hours=0", Lang::En);
    assert_eq!(p.horizon_usd, 0.0);
    assert!(
        text.contains("“Hours per month per instance (730 = always on)” is 0"),
        "{text}"
    );
    let (_, zh) = plan_and_notices("v=1&model=llama3.1-8b&hours=0", Lang::Zh);
    assert!(zh.contains("为 0"), "{zh}");
    // 100 %/month growth for 36 months reaches the 100,000-instance cap: said, with the month.
    let (p, text) = plan_and_notices("v=1&model=llama3.1-8b&batch=64&growth=100&months=36", Lang::En);
    let first = p.fleet_by_month.iter().position(|n| *n == 100_000).map(|m| m + 1);
    assert!(first.is_some(), "{:?}", p.fleet_by_month);
    assert!(
        text.contains(&format!(
            "from month {} the fleet is held at the 100,000-instance cap",
            first.unwrap_or(0)
        )),
        "{text}"
    );
    assert!(text.contains("“Baseline growth per month (%)”"), "{text}");
    // A fleet over 20,000 accelerators is beyond one announced EC2 UltraCluster.
    let (_, text) = plan_and_notices("v=1&task=graphics&seats=65536", Lang::En);
    assert!(
        text.contains("EC2 UltraCluster") && text.contains("unobtainable"),
        "{text}"
    );
    // A modest fleet says none of these.
    let (_, text) = plan_and_notices("v=1&model=llama3.1-8b&batch=8", Lang::En);
    assert!(
        !text.contains("UltraCluster") && !text.contains("100,000-instance cap") && !text.contains("is 0"),
        "{text}"
    );
}

/// Issue 24 #21 (regressed by issue 25's rate dates): the plan's notices name their sources by title, never
/// by a catalog id, in both languages; a derived rate names both of its inputs.
#[test]
fn notices_name_sources_by_title_not_by_catalog_id() {
    let ids: Vec<&str> = common::catalog().sources.iter().map(|s| s.id.as_str()).collect();
    for q in [
        "v=1",
        "v=1&buy=spot&mode=batch",
        "v=1&task=train&params=7&tokens=1000&buy=cb",
        "v=1&buy=csp3&region=ap-northeast-1",
        "v=1&model=llama3.1-70b&ctx=2500&out=500&batch=20&seqtps=20&region=ap-northeast-1&growth=15",
    ] {
        for lang in [Lang::En, Lang::Zh] {
            let (_, words) = plan_and_notices(q, lang);
            for id in &ids {
                assert!(
                    !words.contains(id),
                    "{q} ({lang:?}) names the catalog id {id}:\n{words}"
                );
            }
        }
    }
    // The CO2e tile's basis names its grid figure's source by title too.
    let c =
        gpuplan::engine::carbon::co2e(common::catalog(), "us-east-1", 100.0).unwrap_or_else(|| panic!("a grid figure"));
    for lang in [Lang::En, Lang::Zh] {
        let basis = explain::co2e_text(&c, lang);
        assert!(ids.iter().all(|id| !basis.contains(id)), "{basis}");
    }
    let (_, words) = plan_and_notices("v=1", Lang::En);
    assert!(
        words.contains(
            "On-Demand of Karpenter generated AWS price list, us-east-1 On-Demand × the discount of gpuplan assumption"
        ),
        "{words}"
    );
}
