//! The CLI's contract: JSON on stdout with the documented fields; bad fields warn and exit 0; an unreadable invocation exits 2 with usage.

use std::process::Command;

fn gpuplan(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_gpuplan"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_query_prints_the_documented_json() {
    let out = gpuplan(&["v=1&task=train&model=llama3.1-8b&tokens=10&prio=cost&cuda=1&bogus=1&ctx=-1"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
    let warnings = v["warnings"].as_array().cloned().unwrap_or_default();
    let fields: Vec<_> = warnings.iter().map(|w| w["field"].as_str().unwrap_or("")).collect();
    assert_eq!(fields, ["bogus", "ctx"]);
    assert!(warnings
        .iter()
        .all(|w| w["message"].as_str().is_some_and(|m| !m.is_empty())));
    let top = &v["recommendations"][0];
    for key in [
        "instance",
        "n_instances",
        "n_accelerators",
        "fits",
        "mem_needed_gib",
        "mem_available_gib",
        "hourly_usd",
        "monthly_usd",
        "job_hours",
        "gpu_hours",
        "tokens_per_s",
        "reasons",
        "options",
    ] {
        assert!(top.get(key).is_some(), "recommendation lacks {key}");
    }
    let od = top["options"]
        .as_array()
        .and_then(|o| o.iter().find(|x| x["purchase"] == "od").cloned())
        .unwrap_or_default();
    for key in [
        "purchase",
        "hourly_usd",
        "upfront_usd",
        "monthly_usd",
        "horizon_usd",
        "breakeven_utilization",
    ] {
        assert!(od.get(key).is_some(), "option lacks {key}");
    }
    assert!(v["plan"]["items"].as_array().is_some_and(|i| !i.is_empty()));
    assert!(v["plan"].get("savings_vs_od_usd").is_some() && v["plan"].get("horizon_usd").is_some());
    assert!(v["excluded"]
        .as_array()
        .is_some_and(|e| e.iter().all(|x| x["family"].is_string() && x["reason"].is_string())));
}

#[test]
fn an_unreadable_invocation_exits_2_with_usage() {
    for args in [vec![], vec!["v=1", "extra"], vec!["--frobnicate"]] {
        let out = gpuplan(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("usage: gpuplan"));
    }
    assert!(gpuplan(&["--help"]).status.success());
}

#[test]
fn the_range_sentence_follows_the_currency() {
    let out = gpuplan(&["v=1&task=train&model=llama3.1-8b&tokens=10&cur=cny"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
    let text = v["range"]["text"].as_str().unwrap_or_default();
    assert!(text.contains('¥') && !text.contains('$'), "{text}");
}

#[test]
fn the_summary_is_the_embeds_result_message_with_the_same_figures() {
    let out = gpuplan(&["v=1&model=llama3.1-8b&prio=cost&batch=zz"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
    let s = &v["summary"];
    assert_eq!((&s["gpuplan"], &s["v"]), (&"result".into(), &1.into()));
    assert_eq!(s["query"], v["query"]);
    assert_eq!(s["catalog_as_of"], v["catalog_as_of"]);
    let top = v["recommendations"]
        .as_array()
        .and_then(|r| r.iter().find(|r| r["fits"] == true).cloned())
        .unwrap_or_default();
    for key in [
        "instance",
        "n_instances",
        "n_accelerators",
        "fits",
        "hourly_usd",
        "monthly_usd",
        "job_usd",
        "job_hours",
        "tokens_per_s",
        "usd_per_million_tokens",
    ] {
        assert_eq!(s["top"][key], top[key], "{key}");
    }
    assert_eq!(s["plan"]["horizon_usd"], v["plan"]["horizon_usd"]);
    assert_eq!(s["plan"]["savings_vs_od_usd"], v["plan"]["savings_vs_od_usd"]);
    assert_eq!(s["warnings"][0]["field"], "batch");
    assert_eq!(s["warnings"][0]["message"], v["warnings"][0]["message"]);
    assert_eq!(
        v["line"],
        "Llama 3.1 8B, serving 8 sequences: 1 × trn1.2xlarge, $981/month On-Demand (prices of 2026-07-20)"
    );
}
