//! The serving formula lines: the KV cache, the decode step with its terms (an MoE's experts, time to
//! first token), and what a million output tokens cost, a batch job's included.

use super::*;

/// Serving: the KV cache, then the decode step.
pub(super) fn inference_lines(
    scenario: &Scenario,
    arch: &ModelArch,
    rec: &Recommendation,
    f: Presentation,
) -> Vec<String> {
    let lang = f.lang;
    let zh = lang == Lang::Zh;
    let mut out = Vec::new();
    use crate::engine::memory::{cached_tokens, kv_bytes_per_token};
    if scenario.task != Task::Inference {
        return out;
    }
    let per_tok = kv_bytes_per_token(arch, scenario.precision);
    // The cache shown is one replica's: its sequences (the decode step's B), times the copies its TP
    // ranks hold where KV heads (an MLA latent: none) cannot split TP ways.
    let (tp, seqs) = rec
        .parallelism
        .as_ref()
        .map_or((1, scenario.batch), |p| (p.tp, p.micro_batch));
    let copies = crate::engine::memory::kv_copies(arch, tp);
    let (c, c_val, c_note) = if copies > 1.0 {
        let note = if zh {
            "（c：TP 各秩上的副本数）"
        } else {
            " (c: copies over the TP ranks)"
        };
        (" × c", format!(" × {}", number(copies, 2)), note)
    } else {
        ("", String::new(), "")
    };
    out.push(format!(
        "KV = 2·L·n_kv·d_head·b_kv × s × B{c} = {} B/token × {} × {seqs}{c_val} = {}{c_note}",
        number(per_tok, 0),
        number(cached_tokens(arch, scenario.context_tokens), 0),
        gib(rec.memory.kv_cache_gib)
    ));
    if let Some(t) = rec.tokens_per_s_per_seq {
        out.extend(decode_lines(scenario, arch, rec, t, zh));
    }
    out
}

/// Serving: a million output tokens at what the fleet's users generate (users × each one's speed).
pub(super) fn per_token_lines(
    scenario: &Scenario,
    _: &ModelArch,
    rec: &Recommendation,
    f: Presentation,
) -> Vec<String> {
    let usd = &|v: f64| f.money(v);
    let zh = f.lang == Lang::Zh;
    let mut out = Vec::new();
    if scenario.batch_job() {
        return batch_job_lines(scenario, rec, f);
    }
    if let (Some(h), Some(t), Some(m)) = (rec.hourly_usd, rec.tokens_per_s, rec.usd_per_million_tokens) {
        // A commitment is paid for 730 hours a month whatever the fleet runs: its hour of use costs more.
        let paid = h / (t * 3600.0) * 1e6;
        let hours = if (m / paid - 1.0).abs() > 1e-6 {
            format!(" × 730 h ÷ {} h", number(scenario.hours_per_month, 0))
        } else {
            String::new()
        };
        let (users, each) = match (rec.serving_unit, rec.tokens_per_s_per_seq) {
            (Some(u), Some(e)) if u.load.users > 0 => (u.load.users, e),
            _ => (0, 0.0),
        };
        let gen = if users == 0 {
            number(t, 0)
        } else if zh {
            format!(
                "{} 个用户 × {} = {}",
                number(f64::from(users), 0),
                number(each, 1),
                number(t, 0)
            )
        } else {
            format!(
                "{} users × {} = {}",
                number(f64::from(users), 0),
                number(each, 1),
                number(t, 0)
            )
        };
        out.push(if zh {
            format!(
                "每百万 token = {}/小时{hours} ÷ ({gen} token/秒 × 3600 秒) × 10⁶ = {}",
                usd(h),
                usd(m)
            )
        } else {
            format!(
                "per million tokens = {}/h{hours} ÷ ({gen} tokens/s × 3,600 s) × 10⁶ = {}",
                usd(h),
                usd(m)
            )
        });
    }
    if let (Some(r), Some(m), Some(t)) = (
        rec.per_request(scenario.output_tokens),
        rec.usd_per_million_tokens,
        rec.tokens_per_s_per_seq,
    ) {
        let o = scenario.output_tokens;
        let total = number(r.total_s, 1);
        out.push(if zh {
            format!(
                "每次请求 = {}/百万 token × {o} 输出 token = {}；用时 = {o} ÷ {} token/秒 = {total} 秒",
                usd(m),
                usd(r.usd),
                number(t, 1)
            )
        } else {
            format!(
                "per request = {}/M tokens × {o} output tokens = {}; time = {o} ÷ {} tokens/s = {total} s",
                usd(m),
                usd(r.usd),
                number(t, 1)
            )
        });
    }
    out
}

/// A batch inference job: its hours (the requests' output tokens over the fleet's tokens/s, then what
/// the headline option adds: start-up, Spot's restarts) and its dollars per million (the job's cost over
/// its tokens).
fn batch_job_lines(scenario: &Scenario, rec: &Recommendation, f: Presentation) -> Vec<String> {
    let usd = &|v: f64| f.money(v);
    let (lang, zh) = (f.lang, f.lang == Lang::Zh);
    let (Some(t), Some(base), Some(j)) = (
        rec.tokens_per_s,
        crate::engine::cost::base_job_hours(rec),
        rec.job_hours,
    ) else {
        return Vec::new();
    };
    let reqs = number(scenario.job_requests, 0);
    let o = scenario.output_tokens;
    let added = match (j > base * 1.0001, zh) {
        (true, true) => format!(" + 启动及中断 = {}", crate::format::hours(j, lang)),
        (true, false) => format!(" + start-up and interruptions = {}", crate::format::hours(j, lang)),
        (false, _) => String::new(),
    };
    let time = crate::format::hours(base, lang);
    let mut out = vec![if zh {
        format!(
            "作业时长 = {reqs} 个请求 × {o} 输出 token ÷ {} token/秒 = {time}{added}",
            number(t, 0)
        )
    } else {
        format!(
            "job time = {reqs} requests × {o} output tokens ÷ {} tokens/s = {time}{added}",
            number(t, 0)
        )
    }];
    if let (Some(c), Some(m)) = (rec.job_usd, rec.usd_per_million_tokens) {
        let tokens = number(scenario.job_output_tokens(), 0);
        out.push(if zh {
            format!("每百万 token = 作业费用 {} ÷ {tokens} token × 10⁶ = {}", usd(c), usd(m))
        } else {
            format!(
                "per million tokens = the job's {} ÷ {tokens} tokens × 10⁶ = {}",
                usd(c),
                usd(m)
            )
        });
    }
    out
}

/// The decode step with its terms: weights read over the TP group's bandwidth, the all-reduces, the step
/// overhead; and for an MoE, the experts a batch touches.
fn decode_lines(
    scenario: &crate::scenario::Scenario,
    arch: &crate::models::ModelArch,
    rec: &crate::engine::Recommendation,
    tokens_per_s_per_seq: f64,
    zh: bool,
) -> Vec<String> {
    let a = &scenario.assumptions;
    let (tp, seqs) = rec
        .parallelism
        .as_ref()
        .map_or((1, scenario.batch), |p| (p.tp, p.micro_batch));
    let mut out = moe_lines(arch, a, seqs, zh);
    let route = if arch.routed_values_per_token() > 0.0 {
        " + B·R"
    } else {
        ""
    };
    // With the output stated, the user's speed counts the replica's prefills (perf's decode is 1/t_step).
    let o = f64::from(scenario.output_tokens);
    let prefill = rec.prefill_marginal_s.filter(|_| o > 0.0);
    // The latency terms the engine charged (Neuron's own `nhop`, `nstepms`), not a guess from the name.
    let lat = rec.decode_latency.unwrap_or(crate::engine::outcome::DecodeLatency {
        allreduce_us: a.tp_allreduce_us,
        hop_us: a.tp_hop_us,
        step_ms: a.step_overhead_ms,
    });
    let (hop_us, step_ms) = (lat.hop_us, lat.step_ms);
    let step_s = prefill.map_or(1.0 / tokens_per_s_per_seq, |p| {
        (o / tokens_per_s_per_seq - f64::from(seqs) * p) / o
    });
    out.push(format!(
        "t_step = (N_read·b + B·KV_seq{route}) / (TP·BW·η) + 2·L·(α + 2·(TP−1)·β + 2·(TP−1)/TP·B·h·2 / link) + t₀ (KV_seq at prompt + out/2 tokens); TP = {tp}, B = {seqs}, L = {}, η = {}, α = {} µs, β = {} µs, t₀ = {} ms → {} {}",
        arch.layers,
        number(a.bw_efficiency, 2),
        number(lat.allreduce_us, 1),
        number(hop_us, 2),
        number(step_ms, 2),
        number(rec.speculation.map_or(1.0 / step_s, |x| x.plain_decode_tokens_per_s_per_seq), 1),
        if zh { "token/秒（每序列）" } else { "tokens/s per sequence" },
    ));
    out.extend(super::speculation::lines(scenario, rec, zh));
    if let Some(p) = prefill {
        out.push(format!(
            "{} = out / (out·t_step + B·t_prefill) = {out} / ({out} × {} ms + {seqs} × {} s) = {} {} (t_prefill: one more prompt's FLOPs and all-reduces; the batch shares the weight read)",
            if zh { "含预填充" } else { "with prefill" },
            number(step_s * 1e3, 2),
            number(p, 3),
            number(tokens_per_s_per_seq, 1),
            if zh {
                "token/秒（每位用户）"
            } else {
                "tokens/s per user"
            },
            out = scenario.output_tokens
        ));
    }
    out.extend(ttft_line(rec, seqs, o, tokens_per_s_per_seq));
    out
}

/// An MoE's decode: the experts a batch of `seqs` touches per layer (and so the parameters read), and
/// its routing work (`moes`), memory traffic in every decode step and prefill. Nothing for a dense model.
fn moe_lines(arch: &crate::models::ModelArch, a: &crate::scenario::Assumptions, seqs: u32, zh: bool) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(d) = arch.distinct_experts(seqs) {
        out.push(format!(
            "{} = E·(1 − (1 − k/E)^B) = {}·(1 − (1 − {}/{})^{}) = {} → N_read = {}B",
            if zh {
                "每层触及的专家"
            } else {
                "experts touched per layer"
            },
            arch.experts,
            arch.experts_per_token,
            arch.experts,
            seqs,
            number(d, 1),
            number(arch.params_read(seqs) / 1e9, 1)
        ));
    }
    let route_values = arch.routed_values_per_token();
    if route_values > 0.0 {
        out.push(format!(
            "R = moes · k·(L·h + P_e/h) = {} B × {} = {} MB {} (+ B·R in t_step, + s·R / (TP·BW·η) in t_prefill)",
            number(a.moe_serving_bytes_per_value, 0),
            number(route_values, 0),
            number(route_values * a.moe_serving_bytes_per_value / 1e6, 1),
            if zh { "每 token" } else { "per token" }
        ));
    }
    out
}

/// Time to first token: the prefill and the M/D/1 wait for the replica's one prefill slot, the other
/// B − 1 users each sending a prompt once a request (T = out ÷ v); symbols only, one line for both languages.
fn ttft_line(rec: &crate::engine::Recommendation, seqs: u32, o: f64, tokens_per_s_per_seq: f64) -> Option<String> {
    let (f, p) = (rec.first_token?, rec.prefill_marginal_s?);
    // Without `out` there is no request time T: no wait for the slot is counted (never "T = 0 s → ρ = 0").
    if o <= 0.0 {
        return Some(format!(
            "TTFT = t_prefill = {} s (out = 0: T = out/v unknown, the M/D/1 wait ρ·t_p/(2(1−ρ)) not counted)",
            number(f.ttft_s, 3)
        ));
    }
    Some(format!(
        "TTFT = t_prefill + ρ·t_p/(2(1−ρ)) (M/D/1), ρ = (B−1)·t_p/T, T = out/v; t_prefill = {} s, t_p = {} s, B = {seqs}, T = {} s → ρ = {}, TTFT = {} s",
        number(f.prefill_s, 3),
        number(p, 3),
        number(o / tokens_per_s_per_seq, 1),
        number(f.slot_busy, 2),
        number(f.ttft_s, 3),
    ))
}
