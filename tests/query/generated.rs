//! Generated scenarios over every field: `decode(encode(s)) == s`, and any string or mutated link parses
//! without a panic.

use super::*;

fn scenario_strategy() -> impl Strategy<Value = (Scenario, Presentation)> {
    let regions: Vec<String> = {
        let mut r: Vec<String> = catalog().on_demand.iter().map(|p| p.region.clone()).collect();
        r.sort();
        r.dedup();
        r
    };
    let instance_ids: Vec<String> = catalog().instances.iter().map(|i| i.id.clone()).collect();
    let presets: Vec<String> = gpuplan::models::PRESETS.iter().map(|m| m.id.to_string()).collect();
    (
        (
            prop::sample::select(Task::ALL.to_vec()),
            prop::sample::select(vec![ServingMode::Online, ServingMode::Batch]),
            prop::sample::select(vec![FinetuneMethod::Full, FinetuneMethod::Lora, FinetuneMethod::Qlora]),
            prop_oneof![
                prop::sample::select(presets).prop_map(ModelChoice::Preset),
                (1u32..=2_000_000, prop::option::of(1u32..=1000)).prop_map(|(p, a)| {
                    let params_b = f64::from(p) / 1000.0;
                    let active_b = a.map(|a| f64::from(a) / 1000.0).filter(|a| *a < params_b);
                    ModelChoice::Custom { params_b, active_b }
                }),
            ],
            prop::sample::select(Precision::ALL.to_vec()),
            1u32..=4_194_304,
            1u32..=65_536,
        ),
        (
            1u32..=1_000_000,
            1u32..=365_000,
            0u32..=1_000_000,
            any::<(bool, bool, bool, bool)>(),
            prop::sample::select(vec![Priority::Cost, Priority::Performance, Priority::Balanced]),
            prop::sample::select(regions),
            prop::sample::subsequence(instance_ids, 0..4),
        ),
        (
            0u32..=744,
            1u32..=120,
            1u32..=100,
            prop::sample::select(vec![Lang::Zh, Lang::En]),
            1u32..=1000,
        ),
        (
            prop::sample::select(Buy::ALL.to_vec()),
            prop::sample::select(vec![Payment::No, Payment::Partial, Payment::All]),
            0u32..=90,
            prop::option::of(0u32..=95),
            0u32..=20,
            any::<bool>(),
            0u32..=182,
            -500i32..=1000,
        ),
    )
        .prop_map(scenario_of)
}

/// What `scenario_strategy` draws: the workload, its size and place, its usage and language, its purchase.
type Workload = (Task, ServingMode, FinetuneMethod, ModelChoice, Precision, u32, u32);
type Fleet = (u32, u32, u32, (bool, bool, bool, bool), Priority, String, Vec<String>);
type Usage = (u32, u32, u32, Lang, u32);
type Purchase = (Buy, Payment, u32, Option<u32>, u32, bool, u32, i32);

/// The scenario and presentation a draw of `scenario_strategy` describes.
fn scenario_of((a, b, c, d): (Workload, Fleet, Usage, Purchase)) -> (Scenario, Presentation) {
    let (task, serving, method, model, precision, context_tokens, batch) = a;
    let (tokens_k, days_c, tps, (cuda, other, urgent, multinode), priority, region, instances) = b;
    let (hours, months, mfu_pct, lang, seats) = c;
    let mut s = Scenario {
        task,
        serving,
        method,
        model,
        precision,
        context_tokens,
        batch,
        train_tokens_b: f64::from(tokens_k) / 1000.0,
        target_days: f64::from(days_c) / 100.0,
        target_tps: f64::from(tps),
        cuda_only: cuda,
        architecture: if other {
            Architecture::Other
        } else {
            Architecture::Transformer
        },
        urgent,
        multinode,
        priority,
        region,
        instances,
        hours_per_month: f64::from(hours),
        months,
        ..Scenario::default()
    };
    s.assumptions.mfu = f64::from(mfu_pct) / 100.0;
    s.needs.seats = seats;
    let (buy, payment, disc, spot, burst, cny, window, growth_tenths) = d;
    s.purchase.buy = buy;
    s.purchase.payment = payment;
    s.purchase.reseller_pct = f64::from(disc);
    s.purchase.spot_discount_pct = spot.map(f64::from);
    s.purchase.burst_instances = burst;
    s.purchase.window_days = window;
    s.purchase.growth_pct = f64::from(growth_tenths) / 10.0;
    let p = Presentation {
        lang,
        currency: if cny { Currency::Cny } else { Currency::Usd },
        ..Presentation::default()
    };
    (s, p)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn decode_inverts_encode((s, p) in scenario_strategy()) {
        let q = encode_link(&s, &p);
        let (back, shown, warnings) = parse_link(&q, catalog());
        prop_assert!(warnings.is_empty(), "{q}: {warnings:?}");
        prop_assert_eq!((back, shown), (s.clone(), p));
        // The scenario alone reads the same from the link with or without its presentation.
        prop_assert_eq!(parse(&q, catalog()).0, parse(&encode(&s), catalog()).0);
    }

}

// Bad links: at least 100,000 cases in all, through the whole link parser (scenario and page keys).
proptest! {
    #![proptest_config(ProptestConfig { cases: fuzz_cases(60_000), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn any_string_parses_without_panic(q in "(.{0,40}|[a-z]{1,8}=.{0,20})(&[a-z]{1,8}=[^&]{0,24}){0,6}") {
        let (st, _) = parse_state(&q, catalog());
        // Whatever came in, the result re-encodes and decodes to itself.
        prop_assert_eq!(parse_state(&encode_state(&st), catalog()).0, st);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: fuzz_cases(45_000), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_links_parse_without_panic((s, p) in scenario_strategy(), cut in 0usize..400, junk in "[&=%a-z0-9,.+<>\"'-]{0,20}", drop in 0usize..30) {
        let q = encode_link(&s, &p);
        let chars: Vec<char> = q.chars().collect();
        let at = cut % chars.len().max(1);
        // Insert junk, and truncate the tail, as a hand-edited or cut-off link would.
        let mut mutated: String = chars[..at].iter().collect();
        mutated.push_str(&junk);
        mutated.extend(chars[at..chars.len().saturating_sub(drop).max(at)].iter());
        let (back, _) = parse_state(&mutated, catalog());
        prop_assert_eq!(parse_state(&encode_state(&back), catalog()).0, back);
    }
}
