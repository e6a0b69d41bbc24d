//! The command line: one query in, the engine's result as JSON out. Field names are documented in README and stay stable.
#![cfg_attr(all(unix, not(test)), no_main)]

use gpuplan::catalog::Catalog;
use gpuplan::engine;
use gpuplan::engine::sensitivity::{sensitivity, Bound};
use gpuplan::engine::{option_costs, OptionCost};
use gpuplan::engine::{plan_among, Plan};
use gpuplan::engine::{recommend, Recommendation};
use gpuplan::explain;
use gpuplan::message;
use gpuplan::presentation::Presentation;
use gpuplan::query;
use gpuplan::scenario::Scenario;
use gpuplan::state::{parse_state, AppState};
use serde_json::{json, Value};

#[path = "common/edge.rs"]
mod edge;

const USAGE: &str = "usage: gpuplan '<query>' | gpuplan accuracy | gpuplan pareto '<query>'\n\
  e.g. gpuplan 'v=1&task=infer&model=llama3.1-8b&prec=bf16&ctx=8192&batch=8&prio=cost'\n\
  Prints the recommendations as JSON. Query keys are listed in README.md.\n\
  `gpuplan accuracy` prints the published runs the estimates are held to, by family.\n\
  `gpuplan pareto '<query>'` prints every serving layout ($/M output tokens, tokens/s per user, time to\n\
  first token) with the Pareto front marked, as JSON.";

/// `gpuplan pareto '<query>'`: the cost-versus-latency curve as JSON, the front's points first.
fn pareto(query: &str) -> String {
    let catalog = Catalog::bundled();
    let (scenario, shown, warnings) = query::parse_link(query, &catalog);
    let points = gpuplan::engine::pareto::curve(&catalog, &scenario);
    let point = |p: &gpuplan::engine::pareto::CurvePoint| {
        json!({
            "instance": p.instance,
            "tp": p.tp,
            "replicas_per_instance": p.replicas_per_instance,
            "users_per_replica": p.users_per_replica,
            "tokens_per_s_per_user": p.tokens_per_s_per_user,
            "usd_per_million_tokens": p.usd_per_million_tokens,
            "ttft_s": p.ttft_s,
            "front": p.front,
        })
    };
    let front: Vec<_> = points.iter().filter(|p| p.front).map(point).collect();
    let out = json!({
        "query": query::encode_link(&scenario, &shown),
        "warnings": warnings.iter().map(|w| explain::warning(w, shown.lang)).collect::<Vec<_>>(),
        "priced_as": explain::buy_name(scenario.purchase.buy, shown.lang),
        "front": front,
        "points": points.iter().map(point).collect::<Vec<_>>(),
    });
    serde_json::to_string_pretty(&denoised(out)).unwrap_or_default() + "\n"
}

/// Signed percent, no decimals.
fn pct(x: f64) -> String {
    format!("{:+.0} %", x * 100.0)
}

/// `gpuplan accuracy`: each family's record, training and serving (dense and MoE apart), then every run
/// with its estimate and error: the ledger tests/published_runs.rs and tests/published_serving.rs hold
/// the planner to, and the pre-rendered page a/accuracy/ lists.
fn accuracy() -> String {
    use gpuplan::accuracy::{ledger, records_of, Kind, Workload};
    let kind = |k: Kind, moe: bool| match (k, moe) {
        (Kind::Training, false) => "training",
        (Kind::Training, true) => "MoE training",
        (Kind::Serving, false) => "serving",
        (Kind::Serving, true) => "MoE serving",
    };
    let entries = ledger(&Catalog::bundled());
    let mut out =
        String::from("| family | runs of | runs | median | worst | within ±25 % |\n|---|---|---|---|---|---|\n");
    for r in records_of(&entries) {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} |\n",
            r.family.name(),
            kind(r.kind, r.moe),
            r.runs,
            pct(f64::from(r.median_pct) / 100.0),
            pct(f64::from(r.worst_pct) / 100.0),
            r.within_25
        ));
    }
    out.push_str("\nmedian and worst: estimated speed ÷ published speed − 1 (positive = the estimate is faster)\n\n");
    out.push_str("| run | family | runs of | published | estimate | error | source | date |\n|---|---|---|---|---|---|---|---|\n");
    for e in &entries {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} |\n",
            e.name,
            e.family.name(),
            kind(e.kind, e.workload == Workload::Moe),
            e.published,
            e.estimate.as_deref().unwrap_or("no plan"),
            e.speed_error.map_or("-".into(), pct),
            e.source,
            e.date,
        ));
    }
    out
}

fn option_json(o: &OptionCost, lang: gpuplan::scenario::Lang) -> Value {
    json!({
        "purchase": query::buy_key(o.buy),
        "name": explain::buy_name(o.buy, lang),
        "available": o.unavailable.is_none(),
        "unavailable_reason": o.unavailable.as_ref().map(|n| explain::not_offered(n, lang)),
        "hourly_usd": o.unavailable.is_none().then_some(o.hourly_usd),
        "upfront_usd": o.unavailable.is_none().then_some(o.upfront_usd),
        "monthly_usd": o.unavailable.is_none().then_some(o.monthly_usd),
        "horizon_usd": o.unavailable.is_none().then_some(o.horizon_usd),
        "per_accelerator_hour_usd": o.unavailable.is_none().then_some(o.per_accelerator_hour_usd),
        "job_usd": o.job_usd,
        "job_hours": o.job_hours,
        "usd_per_million_tokens": o.usd_per_million_tokens,
        "breakeven_utilization": o.breakeven_utilization,
        "breakeven_month": o.breakeven_month,
        "assumption": o.assumption,
        "spot": o.spot.as_ref().map(|s| json!({
            "interrupt_pct_month": s.interrupt_pct_month,
            "band": s.band,
            "rate_assumed": s.rate_assumed,
            "overhead_factor": s.overhead_factor,
            "checkpoint_interval_min": s.ckpt_interval_min,
            "young_interval_min": s.young_interval_min,
            "zones": s.zones,
            "zones_at_on_demand": s.zones_at_on_demand,
            "supply": explain::spot_supply_line(s, lang == gpuplan::scenario::Lang::Zh),
            "max_job_instances": s.max_job_instances,
            "reacquire_min": s.reacquire_min,
        })),
        "capacity_block": o.cb.as_ref().map(|c| json!({
            "days": c.days, "blocks": c.blocks, "rate_usd_hr": c.rate_usd_hr, "as_of": c.as_of.to_string(), "source": c.source,
            "max_instances_per_block": c.max_instances_per_block, "max_lead_weeks": c.max_lead_weeks,
            "instances": c.instances, "rate_derived": c.rate_derived,
            "predates_change": c.predates_change.map(|d| d.to_string()),
        })),
        "savings_plan_rate": o.sp_rate.as_ref().map(|b| explain::sp_rate_line(b, lang == gpuplan::scenario::Lang::Zh)),
    })
}

fn plan_json(p: &Plan, lang: gpuplan::scenario::Lang) -> Value {
    json!({
        "instance": p.instance,
        "items": p.items.iter().map(|i| json!({
            "segment": i.segment.key(),
            "purchase": query::buy_key(i.buy),
            "instances": i.instances,
            "hours_per_month": i.hours_per_month,
            "from_month": i.from_month,
            "months": i.months,
            "upfront_usd": i.upfront_usd,
            "monthly_usd": i.monthly_usd,
            "horizon_usd": i.horizon_usd,
            "considered": i.considered.iter().map(|(b, v)| json!({"purchase": query::buy_key(*b), "usd": v})).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "horizon_usd": p.horizon_usd,
        "all_on_demand_horizon_usd": p.all_on_demand_horizon_usd,
        "fleet_by_month": p.fleet_by_month,
        "savings_vs_od_usd": p.savings_vs_od_usd,
        "notices": p.notices.iter().map(|w| explain::why(w, lang)).collect::<Vec<_>>(),
        // The cheapest plan over every other type that fits, where it costs less than this one.
        "elsewhere": p.elsewhere.as_ref().map(|e| plan_json(e, lang)),
    })
}

fn recommendation_json(
    r: &Recommendation,
    options: &[OptionCost],
    lang: gpuplan::scenario::Lang,
    co2e: Value,
) -> Value {
    json!({
        "options": options.iter().map(|o| option_json(o, lang)).collect::<Vec<_>>(),
        "instance": r.instance,
        "family": r.family,
        "accelerator": r.accelerator,
        "n_instances": r.n_instances,
        "n_accelerators": r.n_accelerators,
        "fits": r.fits,
        "mem_needed_gib": r.mem_needed_gib,
        "mem_available_gib": r.mem_available_gib,
        "hourly_usd": r.hourly_usd,
        "monthly_usd": r.monthly_usd,
        "job_usd": r.job_usd,
        "usd_per_million_tokens": r.usd_per_million_tokens,
        "job_hours": r.job_hours,
        "gpu_hours": r.gpu_hours,
        "tokens_per_s": r.tokens_per_s,
        "tokens_per_s_per_seq": r.tokens_per_s_per_seq,
        "serving": r.serving_unit.map(|u| json!({
            "replicas": u.load.replicas,
            "users": u.load.users,
            "users_per_replica": u.load.users_per_replica,
            "room_users": u.load.room_users,
            "room_tokens_per_s_per_user": u.load.room_tokens_per_s_per_seq,
            "room": explain::room(&u.load, lang),
        })),
        "parallelism": r.parallelism,
        "prefill_s": r.prefill_s,
        "ttft_s": r.ttft_s(),
        "first_token": r.first_token.map(|f| json!({
            "prefill_s": f.prefill_s,
            "prefill_slot_busy": f.slot_busy,
            "wait_s": f.wait_s,
            "ttft_s": f.ttft_s,
        })),
        "speculation": r.speculation.map(|x| json!({
            "draft_tokens": x.gamma,
            "accept_rate": x.alpha,
            "accepted_per_step": x.accepted,
            "verify_s": x.verify_s,
            "draft_step_s": x.draft_s,
            "plain_decode_tokens_per_s_per_seq": x.plain_decode_tokens_per_s_per_seq,
            "plain_tokens_per_s_per_seq": x.plain_tokens_per_s_per_seq,
            "speedup": x.speedup(),
        })),
        "energy_kwh": r.energy_kwh,
        "co2e_estimate": co2e,
        "price_source": r.price.as_ref().map(|p| p.source.clone()),
        "price_as_of": r.price.as_ref().map(|p| p.as_of.to_string()),
        "price_derived": r.price.as_ref().map(|p| p.derived),
        "memory_gib": {
            "weights": r.memory.weights_gib,
            "kv_cache": r.memory.kv_cache_gib,
            "gradients": r.memory.gradients_gib,
            "optimizer": r.memory.optimizer_gib,
            "activations_per_accelerator": r.memory.activations_gib,
            "overhead_per_accelerator": r.memory.overhead_gib,
            "draft": r.memory.draft_gib,
            "draft_kv_cache": r.memory.draft_kv_gib,
        },
        "fp64_tflops": r.fp64_tflops,
        "usd_per_fp64_tflops_hour": gpuplan::engine::usd_per_fp64_tflops_hour(r),
        "reasons": r.reasons.iter().map(|w| explain::why(w, lang)).collect::<Vec<_>>(),
    })
}

/// The top recommendation re-estimated at both ends of the efficiency assumptions, and the sentence.
fn range_json(
    catalog: &Catalog,
    (scenario, shown): (&Scenario, &Presentation),
    card: &gpuplan::engine::Recommendation,
) -> Option<Value> {
    let s = sensitivity(catalog, scenario, card)?;
    let instance = &card.instance;
    let bound = |b: &Bound| {
        json!({
            // `mfu` is the compute efficiency the type's estimate uses, named by its link key.
            "efficiency": b.varied.key(),
            "mfu": b.mfu,
            "bw_efficiency": b.bw_efficiency,
            "n_instances": b.n_instances,
            "job_hours": b.job_hours,
            "job_usd": b.job_usd,
            "tokens_per_s": b.tokens_per_s,
            "monthly_usd": b.monthly_usd,
        })
    };
    let money = |usd| shown.money(usd);
    Some(json!({
        "instance": instance,
        "pessimistic": bound(&s.low),
        "optimistic": bound(&s.high),
        "text": explain::range(&s, shown.lang, &money),
        // The family's record against the published runs (`gpuplan accuracy`), as the page says it.
        "record": catalog.instance(instance).and_then(|i| {
            let moe = scenario.model_arch().is_moe();
            explain::record(scenario.task, moe, &i.accelerator, &card.accelerator, shown.lang)
        }),
    }))
}

edge::entry_point!(run_main);

/// The program: reads the arguments, answers, returns the exit status.
/// A recommendation's CO2e estimate (energy × PUE × the region's grid), with its basis; null without energy.
/// What the link reads as: its scenario, how the answer is shown, its catalog date.
type Link = (Scenario, Presentation, Option<gpuplan::catalog::IsoDate>);

/// The link's scenario, presentation, catalog date and warnings: a page link's own keys (`cat`, `view`, ...)
/// are read, not warned of as unknown.
fn read_link(query: &str, catalog: &Catalog) -> (Link, Vec<query::Warning>) {
    let (
        AppState {
            scenario,
            presentation,
            catalog_date,
            ..
        },
        warnings,
    ) = parse_state(query, catalog);
    ((scenario, presentation, catalog_date), warnings)
}

/// A link made on another catalog (`cat=`): which rates of the types it ranks first moved since, each with
/// its option, in the plan's region, and which have no history back to its date, as the page's notice says.
fn catalog_since(
    catalog: &Catalog,
    (scenario, lang): (&Scenario, gpuplan::scenario::Lang),
    recs: &[Recommendation],
    d: gpuplan::catalog::IsoDate,
) -> Option<Value> {
    use gpuplan::i18n::t;
    use gpuplan::query::buy_key;
    if d == catalog.as_of {
        return None;
    }
    let used: Vec<String> = recs.iter().take(5).map(|r| r.instance.clone()).collect();
    let region = scenario.region.as_str();
    let filter = scenario.rate_filter();
    let (changes, unknown) = catalog.rates_since(d, region, &used, filter);
    let (said, then) = gpuplan::render::notes::catalog_notice_words(d, catalog.as_of, &changes, &unknown);
    let types = used.iter().filter(|u| unknown.iter().any(|(i, _)| i == *u)).count();
    Some(json!({
        "link_date": d.to_string(),
        "message": format!("{} {d} → {}. {}", t(lang, said), catalog.as_of, t(lang, then)),
        "changes": changes.iter().map(|c| json!({
            "instance": c.instance, "region": region, "option": buy_key(c.option),
            "option_name": gpuplan::explain::buy_name(c.option, lang), "before_usd_hr": c.before_usd_hr,
            "now_usd_hr": c.now_usd_hr, "pct": 100.0 * (c.now_usd_hr / c.before_usd_hr - 1.0), "date": c.date.to_string(),
        })).collect::<Vec<_>>(),
        "rates_without_history": unknown.iter().map(|(i, b)| json!({
            "instance": i, "option": buy_key(*b), "option_name": gpuplan::explain::buy_name(*b, lang),
        })).collect::<Vec<_>>(),
        "types_without_history": types,
    }))
}

/// Self-hosting the top recommendation against Bedrock, SageMaker AI and ECS Managed Instances: the figures
/// and the card's lines, in the display currency as the page's card and the CLI's other lines.
fn managed_json(
    catalog: &Catalog,
    (scenario, shown): (&Scenario, &Presentation),
    outcome: &engine::Outcome,
    r: &Recommendation,
    plan: Option<&engine::Plan>,
) -> Option<Value> {
    let m = engine::managed::compare(catalog, scenario, r, plan)?;
    let money = |usd| shown.money(usd);
    let lines = explain::managed_lines(catalog, &m, outcome.arch.name, &r.instance, shown.lang, &money);
    Some(json!({"figures": message::managed_figures(catalog, scenario, r, plan), "lines": lines}))
}

fn co2e_json(catalog: &Catalog, region: &str, r: &Recommendation, lang: gpuplan::scenario::Lang) -> Value {
    let co2e = r
        .energy_kwh
        .and_then(|e| gpuplan::engine::carbon::co2e(catalog, region, e));
    co2e.map_or(Value::Null, |c| {
        json!({
            "kg": c.kg, "energy_kwh": c.energy_kwh, "pue": c.pue, "gco2e_per_kwh": c.gco2e_per_kwh,
            "grid_source": catalog.grid(region).map(|g| g.source.clone()), "grid_source_title": c.grid_source, "grid_as_of": c.grid_as_of.to_string(), "pue_source": catalog.pue.source,
            "basis": explain::co2e_text(&c, lang),
        })
    })
}

fn run_main() -> u8 {
    let (args, not_utf8) = edge::text_args(std::env::args_os().skip(1));
    for bad in &not_utf8 {
        edge::say(&format!(
            "gpuplan: warning: argument {} is not UTF-8; read as {:?} (each invalid byte sequence as U+FFFD)",
            bad.position, bad.lossy
        ));
    }
    let query = match args.as_slice() {
        [a] if a == "--help" || a == "-h" => {
            return edge::exit_for("gpuplan", edge::write_stdout(&format!("{USAGE}\n")))
        }
        [a] if a == "accuracy" => return edge::exit_for("gpuplan", edge::write_stdout(&accuracy())),
        [a, q] if a == "pareto" => return edge::exit_for("gpuplan", edge::write_stdout(&pareto(q))),
        [a] if !a.starts_with('-') => a.clone(),
        _ => {
            edge::say(USAGE);
            return 2;
        }
    };
    let catalog = Catalog::bundled();
    let ((scenario, shown, catalog_date), warnings) = read_link(&query, &catalog);
    let lang = shown.lang;
    let outcome = recommend(&catalog, &scenario);
    // The plan and the range are for the top recommendation that fits.
    let top = outcome.recommendations.iter().find(|r| r.fits);
    let top_plan = top.map(|r| plan_among(&catalog, &scenario, &outcome.recommendations, r));
    // The scenario's notices, then the plan's (what a buyer must know).
    let notices: Vec<String> = outcome
        .notices
        .iter()
        .chain(top_plan.iter().flat_map(|p| p.notices.iter()))
        .map(|w| explain::why(w, lang))
        .collect();
    let out = json!({
        "query": query::encode_link(&scenario, &shown),
        "catalog_as_of": catalog.as_of.to_string(),
        "warnings": warnings.iter().map(|w| json!({
            "field": w.field,
            "value": w.value,
            "used": w.used,
            "message": explain::warning(w, lang),
        })).collect::<Vec<_>>(),
        "model": {
            "name": outcome.arch.name,
            "total_params": outcome.arch.total_params,
            "active_params": outcome.arch.active_params,
            "estimated": outcome.arch.estimated,
        },
        "recommendations": outcome.recommendations.iter().map(|r| {
            recommendation_json(r, &option_costs(&catalog, &scenario, r), lang, co2e_json(&catalog, &scenario.region, r, lang))
        }).collect::<Vec<_>>(),
        "plan": top_plan.as_ref().map(|p| plan_json(p, lang)),
        "range": top.and_then(|r| range_json(&catalog, (&scenario, &shown), r)),
        "excluded": outcome.excluded.iter().map(|e| json!({
            "family": e.family,
            "instances": e.instances,
            "reason": explain::exclusion(&e.reason, lang),
        })).collect::<Vec<_>>(),
        "nearest": outcome.nearest,
        "notices": notices,
        // Self-hosting the top recommendation against Bedrock, SageMaker AI and ECS Managed Instances.
        "managed": top.and_then(|r| managed_json(&catalog, (&scenario, &shown), &outcome, r, top_plan.as_ref())),
        // The embed's result message (v1) for the same query: the page posts the same builder's output.
        "summary": serde_json::to_value(message::result_message(&catalog, &scenario, &shown, &warnings, &outcome)).unwrap_or(Value::Null),
        "line": explain::line(&catalog, &scenario, shown, &outcome),
        "catalog_since": catalog_date.and_then(|d| catalog_since(&catalog, (&scenario, lang), &outcome.recommendations, d)),
    });
    match serde_json::to_string_pretty(&denoised(out)) {
        Ok(s) => edge::exit_for("gpuplan", edge::write_stdout(&(s + "\n"))),
        Err(e) => {
            edge::say(&format!("gpuplan: could not write JSON: {e}"));
            1
        }
    }
}

/// The output with every fractional number at 12 significant digits: float noise such as
/// `0.30000000000000004` or `676.5999999999999` goes at this boundary, while every figure keeps far more
/// precision than the page shows (and stays within 1e-12 of the engine's, which tests compare at 1e-9).
fn denoised(mut v: serde_json::Value) -> serde_json::Value {
    denoise(&mut v);
    v
}

fn denoise(v: &mut serde_json::Value) {
    use serde_json::Value;
    match v {
        Value::Number(n) if n.is_f64() => {
            if let Some(m) = n.as_f64().and_then(|x| serde_json::Number::from_f64(significant_12(x))) {
                *n = m;
            }
        }
        Value::Array(a) => a.iter_mut().for_each(denoise),
        Value::Object(o) => o.values_mut().for_each(denoise),
        _ => {}
    }
}

/// `x` rounded to 12 significant digits (through an exact power of ten, so it prints as that decimal).
fn significant_12(x: f64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let k = 11 - x.abs().log10().floor() as i32;
    if k >= 0 {
        let m = 10f64.powi(k.min(22));
        (x * m).round() / m
    } else {
        let m = 10f64.powi((-k).min(22));
        (x / m).round() * m
    }
}
