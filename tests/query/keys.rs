//! Every key round-trips: a valid value of each key, from what its slot accepts, reads back from its own
//! link and from the state's.

use super::*;

/// A valid, usually non-default value for a key, chosen by `r` from what its slot accepts.
fn value_for(name: &str, slot: Slot<'_>, r: u32) -> String {
    let c = catalog();
    let pick = |words: &[String]| words[r as usize % words.len()].clone();
    let split = |w: &str| w.split('|').map(str::to_string).collect::<Vec<_>>();
    match slot {
        Slot::Version => "1".into(),
        Slot::Num(_, min, max) | Slot::MaybeNum(_, min, max) => {
            let v = (min + (max - min) * f64::from(r % 1001) / 1000.0).clamp(min, max);
            gpuplan::num::shortest(((v * 1000.0).round() / 1000.0).clamp(min, max))
        }
        Slot::Int(_, min, max) => (min + r % (max - min + 1)).to_string(),
        Slot::Bool(_, w) => pick(&split(w)),
        Slot::Word(ch) => pick(&split(ch.words())),
        Slot::Model(_) => pick(
            &gpuplan::models::PRESETS
                .iter()
                .map(|m| m.id.to_string())
                .collect::<Vec<_>>(),
        ),
        Slot::Params(_) => gpuplan::num::shortest(f64::from(1 + r % 2_000_000) / 1000.0),
        Slot::Active(_) => String::new(), // set with `params` (below it)
        Slot::Region(_) => pick(&regions()),
        Slot::Instances(_, max) => {
            let ids: Vec<String> = c.instances.iter().map(|i| i.id.clone()).collect();
            let n = 1 + (r as usize % 3).min(max - 1);
            (0..n)
                .map(|k| ids[(r as usize / 3 + k * 17) % ids.len()].clone())
                .collect::<Vec<_>>()
                .join(",")
        }
        Slot::Date(_) => format!("2025-{:02}-{:02}", 1 + r % 12, 1 + r % 28),
        Slot::Text(..) if name == "xacc" => pick(&c.accelerators.iter().map(|a| a.id.clone()).collect::<Vec<_>>()),
        Slot::Text(..) if name == "pick" => pick(&c.instances.iter().map(|i| i.id.clone()).collect::<Vec<_>>()),
        Slot::Text(..) => pick(&c.instances.iter().map(|i| i.family.clone()).collect::<Vec<_>>()),
        Slot::Sort(..) => format!(
            "{}{}",
            if r % 2 == 1 { "-" } else { "" },
            pick(&split("id|acc|n|mem|tmem|cpu|ram|net|efa|od|spot"))
        ),
        Slot::Columns(_) => ["acc", "n", "mem", "tmem", "cpu", "ram", "net", "efa", "od", "spot"]
            .iter()
            .enumerate()
            .filter(|(i, _)| r >> i & 1 == 1)
            .map(|(_, k)| *k)
            .collect::<Vec<_>>()
            .join(","),
    }
}

fn regions() -> Vec<String> {
    let mut r: Vec<String> = catalog().on_demand.iter().map(|p| p.region.clone()).collect();
    r.sort();
    r.dedup();
    r
}

/// The value a state holds for a key, as links write it.
fn held<T>(table: &[Key<T>], name: &str, t: &mut T) -> Option<String> {
    table
        .iter()
        .find(|k| k.name == name)
        .and_then(|k| slot_text((k.slot)(t)))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, failure_persistence: None, ..ProptestConfig::default() })]

    /// Every key of both tables is varied: a link with any valid values decodes without warnings to a
    /// state holding exactly those values, and re-encodes to a link that decodes to the same state.
    #[test]
    fn every_key_round_trips(seeds in prop::collection::vec(any::<u32>(), 200)) {
        let mut q = String::from("v=1");
        let mut given = Vec::new();
        let mut d = AppState::default();
        for (i, k) in KEYS.iter().enumerate() {
            let r = seeds[i];
            if k.name == "v" || r % 3 == 0 || k.name == "active" {
                continue;
            }
            let mut v = value_for(k.name, (k.slot)(&mut d.scenario), r / 3);
            if k.name == "params" && r % 2 == 0 {
                // An MoE model: `active` below the total.
                let total: f64 = v.parse().unwrap_or(1.0);
                let active = gpuplan::num::shortest(((total * 0.1) * 1000.0).floor().max(1.0) / 1000.0);
                if active.parse::<f64>().unwrap_or(total) < total {
                    q.push_str(&format!("&active={active}"));
                    given.push(("active", active));
                }
                v = gpuplan::num::shortest(total);
            }
            q.push_str(&format!("&{}={}", k.name, gpuplan::query::percent_encode(&v)));
            given.push((k.name, v));
        }
        for (i, k) in PRESENTATION_KEYS.iter().enumerate() {
            let r = seeds[KEYS.len() + i];
            if r % 3 == 0 {
                continue;
            }
            let v = value_for(k.name, (k.slot)(&mut d.presentation), r / 3);
            q.push_str(&format!("&{}={}", k.name, gpuplan::query::percent_encode(&v)));
            given.push((k.name, v));
        }
        for (i, k) in PAGE_KEYS.iter().enumerate() {
            let r = seeds[KEYS.len() + PRESENTATION_KEYS.len() + i];
            if r % 3 == 0 {
                continue;
            }
            let v = value_for(k.name, (k.slot)(&mut d), r / 3);
            q.push_str(&format!("&{}={}", k.name, gpuplan::query::percent_encode(&v)));
            given.push((k.name, v));
        }
        let (mut st, warnings) = parse_state(&q, catalog());
        prop_assert!(warnings.is_empty(), "{q}: {warnings:?}");
        let has_params = given.iter().any(|(n, _)| *n == "params");
        for (name, v) in &given {
            if *name == "model" && has_params {
                continue; // a custom size overrides the preset
            }
            let now = held(KEYS, name, &mut st.scenario)
                .or_else(|| held(PRESENTATION_KEYS, name, &mut st.presentation))
                .or_else(|| held(PAGE_KEYS, name, &mut st));
            let want = if *name == "embed" && v == "card" { "1".to_string() } else { v.clone() };
            prop_assert_eq!(now.as_deref().unwrap_or(""), want.as_str(), "{} in {}", name, q);
        }
        let back = encode_state(&st);
        prop_assert_eq!(parse_state(&back, catalog()), (st, vec![]));
    }
}
