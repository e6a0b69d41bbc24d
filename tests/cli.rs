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
    // Which fields carry values: `every_promised_field_has_a_value`.
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

/// The JSON of a query, parsed.
fn json_of(query: &str) -> serde_json::Value {
    let out = gpuplan(&[query]);
    assert!(out.status.success(), "{query}");
    serde_json::from_slice(&out.stdout).unwrap_or_default()
}

/// A number field, or a failure naming it.
fn num(v: &serde_json::Value, path: &str) -> f64 {
    let field = path.split('.').fold(v, |v, k| match k.parse::<usize>() {
        Ok(i) => &v[i],
        Err(_) => &v[k],
    });
    field.as_f64().unwrap_or_else(|| panic!("{path} is {field}"))
}

fn assert_near(v: &serde_json::Value, path: &str, want: f64) {
    let got = num(v, path);
    assert!(
        (got - want).abs() <= 1e-9 * want.abs().max(1.0),
        "{path}: {got} != {want}"
    );
}

/// The option row of one purchase word.
fn option<'a>(rec: &'a serde_json::Value, buy: &str) -> &'a serde_json::Value {
    let options = rec["options"].as_array();
    let found = options.and_then(|o| o.iter().find(|x| x["purchase"] == buy));
    found.unwrap_or_else(|| panic!("no option {buy}"))
}

#[test]
fn hand_worked_on_demand_with_bursts() {
    // catalog.json: g6.xlarge On-Demand $0.8048/h in us-east-1 (karpenter-pricing, 2026-07-20); a 3B
    // model fits one L4. Baseline 1 × 730 h = $587.504; bursts 2 × 100 h × $0.8048 = $160.96;
    // the month $748.464; 12 months $8,981.568.
    let v = json_of("v=1&params=3&inst=g6.xlarge&burst=2&bursth=100");
    let top = &v["recommendations"][0];
    assert_eq!(
        (&top["instance"], &top["n_instances"]),
        (&"g6.xlarge".into(), &1.into())
    );
    assert_near(top, "hourly_usd", 0.8048);
    assert_near(top, "monthly_usd", 0.8048 * 730.0 + 2.0 * 100.0 * 0.8048);
    let od = option(top, "od");
    assert_near(od, "monthly_usd", 748.464);
    assert_near(od, "horizon_usd", 748.464 * 12.0);
    assert_near(od, "per_accelerator_hour_usd", 0.8048);
    // L4 TDP 72 W × 730 h = 52.56 kWh a month.
    assert_near(top, "energy_kwh", 0.072 * 730.0);
    // The plan: the baseline on the published 1-year Standard RI, no upfront ($0.52392/h, vantage-ri;
    // the EC2 Instance Savings Plan assumption is the same rate) = $382.4616 a month; bursts stay
    // On-Demand ($160.96 a month, below any commitment's break-even at 100 h).
    let plan = &v["plan"];
    assert_near(plan, "items.0.monthly_usd", 0.52392 * 730.0);
    assert_eq!(plan["items"][1]["purchase"], "od");
    assert_near(plan, "items.1.horizon_usd", 160.96 * 12.0);
    assert_near(plan, "horizon_usd", 0.52392 * 730.0 * 12.0 + 160.96 * 12.0);
    assert_near(plan, "all_on_demand_horizon_usd", 748.464 * 12.0);
    assert_near(plan, "savings_vs_od_usd", (748.464 - 0.52392 * 730.0 - 160.96) * 12.0);
}

#[test]
fn hand_worked_three_year_reserved_instance_for_hpc() {
    // p4d.24xlarge: On-Demand $21.957642/h; the 3-year Standard RI all upfront $8.159056/h effective
    // (vantage-ri). 8 × A100 at 9.7 FP64 TFLOPS (vector) = 77.6 TFLOPS.
    let v = json_of("v=1&task=hpc&fp64=50&gmem=100&inst=p4d.24xlarge&buy=ri3&pay=all");
    let top = &v["recommendations"][0];
    assert_eq!(top["n_accelerators"], 8);
    assert_near(top, "hourly_usd", 8.159056);
    // A commitment is paid for all 730 hours of the month.
    assert_near(top, "monthly_usd", 8.159056 * 730.0);
    assert_near(top, "fp64_tflops", 77.6);
    assert_near(top, "usd_per_fp64_tflops_hour", 8.159056 / 77.6);
    // 8 × 400 W × 730 h.
    assert_near(top, "energy_kwh", 8.0 * 0.4 * 730.0);
    let ri3 = option(top, "ri3");
    // All upfront: the whole 3-year term (26,280 h) paid at purchase.
    assert_near(ri3, "upfront_usd", 8.159056 * 26_280.0);
    assert_near(ri3, "horizon_usd", 8.159056 * 26_280.0);
    assert_near(ri3, "per_accelerator_hour_usd", 8.159056 / 8.0);
    assert_near(ri3, "breakeven_utilization", 8.159056 / 21.957642);
    let od = option(top, "od");
    // The article's "约16,029美元" a month.
    assert_near(od, "monthly_usd", 21.957642 * 730.0);
    assert_near(od, "horizon_usd", 21.957642 * 730.0 * 12.0);
}

#[test]
fn hand_worked_regional_price_with_a_reseller_discount_and_part_time_use() {
    // g6.xlarge in ap-northeast-1: $1.1672/h (vantage-regional, 2026-08-26, published, not derived);
    // 15 % off list: $0.99212/h; 200 h a month = $198.424; 6 months $1,190.544.
    let v = json_of("v=1&params=3&inst=g6.xlarge&region=ap-northeast-1&disc=15&hours=200&months=6");
    let top = &v["recommendations"][0];
    assert_near(top, "hourly_usd", 1.1672 * 0.85);
    assert_near(top, "monthly_usd", 1.1672 * 0.85 * 200.0);
    assert_eq!(
        (&top["price_source"], &top["price_as_of"], &top["price_derived"]),
        (&"vantage-regional".into(), &"2026-08-26".into(), &false.into())
    );
    // L4 TDP 72 W × 200 h.
    assert_near(top, "energy_kwh", 0.072 * 200.0);
    // $/h ÷ (tokens/s × 3,600) × 10⁶.
    let per_mtok = 1.1672 * 0.85 / (num(top, "tokens_per_s") * 3600.0) * 1e6;
    assert_near(top, "usd_per_million_tokens", per_mtok);
    // At 200 h a month no commitment pays: the plan is On-Demand, saving nothing.
    assert_near(&v["plan"], "horizon_usd", 1.1672 * 0.85 * 200.0 * 6.0);
    assert_near(&v["plan"], "savings_vs_od_usd", 0.0);
}

/// The fields README's "Stable fields" promise on every recommendation that fits and has a price.
const PROMISED: &[&str] = &[
    "instance",
    "family",
    "accelerator",
    "n_instances",
    "n_accelerators",
    "fits",
    "mem_needed_gib",
    "mem_available_gib",
    "hourly_usd",
    "monthly_usd",
    "price_source",
    "price_as_of",
    "price_derived",
    "memory_gib",
    "reasons",
    "options",
];

/// The promised fields of a purchase option, of the plan and of a plan item.
const OPTION_FIELDS: &[&str] = &[
    "purchase",
    "name",
    "available",
    "hourly_usd",
    "upfront_usd",
    "monthly_usd",
    "horizon_usd",
];
const PLAN_FIELDS: &[&str] = &[
    "horizon_usd",
    "all_on_demand_horizon_usd",
    "savings_vs_od_usd",
    "fleet_by_month",
    "notices",
];
const PLAN_ITEM_FIELDS: &[&str] = &[
    "segment",
    "purchase",
    "instances",
    "hours_per_month",
    "from_month",
    "months",
    "monthly_usd",
    "horizon_usd",
];

/// README's "Stable fields" promise a value (not `null`) for these wherever the recommendation fits and
/// has a price; per task the task's own figures.
#[test]
fn every_promised_field_has_a_value() {
    let cases: [(&str, &[&str]); 3] = [
        (
            "v=1&model=llama3.1-8b",
            &[
                "usd_per_million_tokens",
                "tokens_per_s",
                "tokens_per_s_per_seq",
                "prefill_s",
            ],
        ),
        (
            "v=1&task=train&model=llama3.1-8b&tokens=10",
            &["job_usd", "job_hours", "gpu_hours", "parallelism"],
        ),
        ("v=1&task=hpc&fp64=50", &["fp64_tflops", "usd_per_fp64_tflops_hour"]),
    ];
    for (q, own) in cases {
        let v = json_of(q);
        for key in ["query", "catalog_as_of", "model", "plan", "range", "line", "summary"] {
            assert!(!v[key].is_null(), "{q}: {key}");
        }
        let top = &v["recommendations"][0];
        for key in PROMISED.iter().chain(own) {
            assert!(!top[key].is_null(), "{q}: recommendation {key}");
        }
        for key in OPTION_FIELDS {
            assert!(!option(top, "od")[key].is_null(), "{q}: option {key}");
        }
        let plan = &v["plan"];
        for key in PLAN_FIELDS {
            assert!(!plan[key].is_null(), "{q}: plan {key}");
        }
        let item = &plan["items"][0];
        for key in PLAN_ITEM_FIELDS {
            assert!(!item[key].is_null(), "{q}: plan item {key}");
        }
        for key in ["mfu", "bw_efficiency", "n_instances", "monthly_usd"] {
            assert!(!v["range"]["pessimistic"][key].is_null(), "{q}: range {key}");
        }
    }
}

/// `gpuplan accuracy` prints the ledger: a per-family record, training and serving, whose run counts add
/// up to the table's runs, and one line per published run, each with its source.
#[test]
fn accuracy_prints_the_ledger_by_family() {
    let out = gpuplan(&["accuracy"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let training = gpuplan::accuracy::training_runs();
    let names = training
        .iter()
        .map(|r| (r.name, r.source))
        .chain(gpuplan::accuracy::serving::runs().map(|r| (r.id, r.source)));
    let mut n = 0;
    for (name, source) in names {
        assert!(
            text.lines()
                .any(|l| l.starts_with(&format!("| {name} |")) && l.contains(source)),
            "{name}"
        );
        n += 1;
    }
    let counted: usize = text
        .lines()
        .take_while(|l| !l.is_empty())
        .skip(2)
        .filter_map(|l| l.split('|').nth(3).and_then(|c| c.trim().parse::<usize>().ok()))
        .sum();
    assert_eq!(counted, n, "{text}");
    for line in [
        "| Trainium (trn1) | training |",
        "| Trainium (trn1) | serving |",
        "| Inferentia2 (inf2) | serving |",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
}

/// Runs the CLI through `sh` so the test can shape its stdout (closed, a full disk), returning the output.
fn gpuplan_sh(redirect: &str, query: &str) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("exec \"$0\" \"$1\" {redirect}"))
        .arg(env!("CARGO_BIN_EXE_gpuplan"))
        .arg(query)
        .output()
        .unwrap_or_else(|e| panic!("{e}"))
}

#[cfg(unix)]
#[test]
fn a_reader_that_goes_away_ends_the_cli_quietly_with_the_broken_pipe_status() {
    use std::io::Read;
    // The answer is hundreds of KB, more than a pipe holds: the CLI is still writing when the reader leaves.
    let mut child = Command::new(env!("CARGO_BIN_EXE_gpuplan"))
        .arg("v=1")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut first = [0u8; 16];
    if let Some(mut out) = child.stdout.take() {
        let _ = out.read_exact(&mut first);
    }
    let out = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(&first[..1], b"{");
    // Ended by SIGPIPE as `cat` is (the shell reports 141), or exiting with 141 itself: never an abort.
    use std::os::unix::process::ExitStatusExt;
    let st = out.status;
    assert!(st.signal() == Some(13) || st.code() == Some(141), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn a_full_disk_or_a_closed_stdout_is_an_error_not_an_abort_or_silence() {
    for redirect in [">/dev/full", ">&-"] {
        let out = gpuplan_sh(redirect, "v=1");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{redirect}: {out:?}");
        assert!(
            err.starts_with("gpuplan: could not write the answer to stdout:"),
            "{redirect}: {err}"
        );
    }
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_a_warning_naming_it_and_the_rest_is_read() {
    use std::os::unix::ffi::OsStrExt;
    let arg = std::ffi::OsStr::from_bytes(b"v=1&model=llama3.1-8b&region=\xff");
    let out = Command::new(env!("CARGO_BIN_EXE_gpuplan"))
        .arg(arg)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(out.status.success(), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("argument 1 is not UTF-8"), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
    assert_eq!(v["model"]["name"], "Llama 3.1 8B");
    assert!(v["warnings"]
        .as_array()
        .is_some_and(|w| w.iter().any(|w| w["field"] == "region")));
}

/// Issue 25 item 5 on the command line: a page link carries its catalog's date (`cat=`). It was warned
/// of as an unknown field; now it says which On-Demand prices changed since, in the plan's region only.
#[test]
fn a_link_from_an_older_catalog_says_which_prices_moved_since() {
    let v = json_of("v=1&task=train&model=llama3.1-70b&tokens=100&cuda=1&inst=p5.48xlarge,p4d.24xlarge&cat=2025-01-01");
    assert_eq!(v["warnings"].as_array().map(Vec::len), Some(0), "{}", v["warnings"]);
    let since = &v["catalog_since"];
    assert_eq!(since["link_date"], "2025-01-01");
    let p5 = &since["changes"][0];
    assert_eq!(
        (p5["instance"].as_str(), p5["before_usd_hr"].as_f64()),
        (Some("p5.48xlarge"), Some(98.32))
    );
    assert_eq!(
        (p5["now_usd_hr"].as_f64(), p5["date"].as_str()),
        (Some(55.04), Some("2025-06-23"))
    );
    assert_near(&v, "catalog_since.changes.0.pct", 100.0 * (55.04 / 98.32 - 1.0));
    assert_eq!(
        (p5["option"].as_str(), p5["option_name"].as_str()),
        (Some("od"), Some("On-Demand"))
    );
    // Every option's move, not only On-Demand's: its Capacity Block rate, $39.33 (2024-12-01) -> $41.528
    // (2026-07-01, article 003's US rate).
    let cb = since["changes"]
        .as_array()
        .and_then(|a| a.iter().find(|c| c["option"] == "cb"));
    assert_eq!(
        cb.map(|c| (
            c["before_usd_hr"].as_f64(),
            c["now_usd_hr"].as_f64(),
            c["date"].as_str()
        )),
        Some((Some(39.33), Some(41.528), Some("2026-07-01")))
    );
    // In Tokyo the catalog records no history: nothing is claimed as changed, and that is said.
    let v =
        json_of("v=1&task=train&model=llama3.1-70b&tokens=100&inst=p5.48xlarge&region=ap-northeast-1&cat=2025-01-01");
    assert_eq!(v["catalog_since"]["changes"].as_array().map(Vec::len), Some(0));
    assert_eq!(v["catalog_since"]["types_without_history"], 1);
    let unknown = v["catalog_since"]["rates_without_history"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(
        unknown
            .iter()
            .any(|r| r["instance"] == "p5.48xlarge" && r["option"] == "od"),
        "{unknown:?}"
    );
    assert!(json_of("v=1")
        .get("catalog_since")
        .is_some_and(serde_json::Value::is_null));
}

/// The expert review of 2026-12-06 (P4): with `cur=cny` the headline was in yuan but the managed-services
/// lines stayed in dollars. They follow the display currency, as the page's card does.
#[test]
fn managed_lines_follow_the_display_currency() {
    let v = json_of("v=1&model=llama3.1-8b&ctx=4096&out=512&batch=64&cur=cny&fx=7.1");
    let lines: Vec<String> = v["managed"]["lines"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|l| l.as_str().map(str::to_string))
        .collect();
    assert!(!lines.is_empty());
    assert!(lines.iter().any(|l| l.contains("¥1.56")), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains('$')), "{lines:?}");
}
