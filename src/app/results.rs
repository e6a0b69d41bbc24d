//! The Plan view's answer: the chosen recommendation in detail, the ranked list, and why the others were left out.

use super::charts::{CumulativeChart, MemoryChart, OptionBars};
use super::Ctx;
use crate::engine::cost::{option_costs, OptionCost};
use crate::engine::plan::{plan, Plan, Segment};
use crate::engine::Recommendation;
use crate::explain;
use crate::format;
use crate::i18n::Msg;
use leptos::prelude::*;

/// Results for the current scenario.
#[component]
pub fn Results(ctx: Ctx) -> impl IntoView {
    let chosen = Memo::new(move |_| {
        // The link's `pick` (set with `ctx.selected` by `pick`), so reset and history follow it too.
        let sel = ctx.state.with(|s| (!s.pick.is_empty()).then(|| s.pick.clone()));
        ctx.outcome.with(|o| {
            let fit = o.recommendations.iter().filter(|r| r.fits);
            sel.and_then(|id| o.recommendations.iter().find(|r| r.instance == id && r.fits))
                .or_else(|| fit.clone().next())
                .cloned()
        })
    });
    let options = Memo::new(move |_| {
        chosen.with(|r| {
            r.as_ref()
                .map(|r| ctx.catalog.with_value(|c| ctx.scenario.with(|s| option_costs(c, s, r))))
        })
    });
    let the_plan = Memo::new(move |_| {
        chosen.with(|r| {
            r.as_ref()
                .map(|r| ctx.catalog.with_value(|c| ctx.scenario.with(|s| plan(c, s, r))))
        })
    });
    // Each notice in words, and whether it offers the one-click fix of a smaller micro-batch; then the
    // plan's (what a buyer must know).
    let notices = move || {
        let lang = ctx.lang();
        let mut n = ctx
            .outcome
            .with(|o| o.notices.iter().map(|w| explain::why(w, lang)).collect::<Vec<_>>());
        the_plan.with(|p| n.extend(p.iter().flat_map(|p| p.notices.iter()).map(|w| explain::why(w, lang))));
        n
    };
    view! {
        {move || {
            let n = notices();
            (!n.is_empty()).then(|| view! {
                <section class="warnings" data-testid="notice" role="status">
                    <ul>{n.into_iter().map(|t| view! { <li>{t}</li> }).collect_view()}</ul>
                </section>
            })
        }}
        <section class="card summary" data-testid="summary" aria-live="polite">
            {move || match chosen.get() {
                Some(r) => view! { <Detail ctx=ctx rec=r options=options the_plan=the_plan /> }.into_any(),
                None => view! { <NothingFits ctx=ctx /> }.into_any(),
            }}
        </section>
        {move || ctx.full.get().then(|| view! {
            <RecTable ctx=ctx chosen=chosen />
            <Excluded ctx=ctx />
        })}
    }
}

#[component]
fn NothingFits(ctx: Ctx) -> impl IntoView {
    // The closest type and how far off it is (needed against available), in the exclusion's words.
    let nearest = move || {
        let lang = ctx.lang();
        ctx.outcome.with(|o| {
            o.nearest.as_ref().map(|n| {
                let why = o
                    .excluded
                    .iter()
                    .find(|e| e.instances.contains(n))
                    .map_or(String::new(), |e| explain::exclusion(&e.reason, lang));
                (n.clone(), why)
            })
        })
    };
    view! {
        <h2 data-testid="nothing-fits">{ctx.tx(Msg::NothingFits)}</h2>
        <p class="scenario" data-testid="scenario-line">{move || ctx.scenario.with(|s| explain::scenario_line(s, ctx.lang()))}</p>
        {move || nearest().map(|(n, why)| view! {
            <p data-testid="nearest">{ctx.tx(Msg::Nearest)} {ctx.tx(Msg::Colon)} <strong>{n}</strong> " — " {why}</p>
        })}
        {move || {
            let fixes = ctx.catalog.with_value(|c| ctx.scenario.with(|s| fixes_that_fit(c, s)));
            (!fixes.is_empty()).then(|| view! {
                <p>{ctx.tx(Msg::WouldFit)}</p>
                <div class="chips">{fixes.into_iter().map(|(key, value, label)| {
                    let text = if key == "multinode" { ctx.t(label).to_string() } else { format!("{}: {}", ctx.t(label), value.to_ascii_uppercase()) };
                    view! { <button type="button" class="chip" data-testid="fix" data-key=key on:click=move |_| ctx.set(key, &value)>{text}</button> }
                }).collect_view()}</div>
            })
        }}
    }
}

/// One-click changes after which something fits: multi-node, a lower precision, a shorter context,
/// fewer sequences (or a smaller micro-batch); each tried on the engine, the first that fits kept.
fn fixes_that_fit(c: &crate::catalog::Catalog, s: &crate::scenario::Scenario) -> Vec<(&'static str, String, Msg)> {
    let fits = |key: &str, value: &str| {
        let mut t = s.clone();
        crate::query::apply_pair(&mut t, key, value, c, &mut Vec::new());
        crate::engine::recommend(c, &t).recommendations.iter().any(|r| r.fits)
    };
    let mut out = Vec::new();
    if !s.multinode && fits("multinode", "1") {
        out.push(("multinode", "1".to_string(), Msg::Multinode));
    }
    if !s.task.uses_model() {
        return out;
    }
    let lower = crate::scenario::Precision::ALL
        .iter()
        .filter(|p| p.weight_bytes() < s.precision.weight_bytes())
        .map(|p| explain::precision_name(*p).to_ascii_lowercase())
        .find(|p| fits("prec", p));
    if let Some(p) = lower {
        out.push(("prec", p, Msg::Precision));
    }
    let halves = |from: u32| (1..5).map(move |i| from >> i).filter(|v| *v >= 1);
    if let Some(v) = halves(s.context_tokens)
        .filter(|v| *v >= 256)
        .find(|v| fits("ctx", &v.to_string()))
    {
        let label = if s.task == crate::scenario::Task::Inference {
            Msg::Context
        } else {
            Msg::SeqLen
        };
        out.push(("ctx", v.to_string(), label));
    }
    let batch = if s.task == crate::scenario::Task::Inference {
        Msg::Concurrency
    } else {
        Msg::MicroBatch
    };
    if let Some(v) = halves(s.batch).find(|v| fits("batch", &v.to_string())) {
        out.push(("batch", v.to_string(), batch));
    }
    out
}

/// Shows a recommendation's details (None: the best again); the link keeps the choice (`pick`).
fn pick(ctx: Ctx, id: Option<String>) {
    ctx.update(|s| s.pick = id.clone().unwrap_or_default());
    ctx.selected.set(id);
}

/// Speed or time of a recommendation, as text.
fn speed_text(r: &Recommendation, ctx: Ctx) -> String {
    let lang = ctx.lang();
    if let Some(j) = r.job_hours {
        return format::hours(j, lang);
    }
    if let Some(t) = r.tokens_per_s {
        let per = r.tokens_per_s_per_seq.map_or(String::new(), |p| {
            match lang {
                // Chinese puts the measure first: 每序列 18 token/秒.
                crate::scenario::Lang::Zh => format!("（每序列 {} token/秒）", format::number(p, 1)),
                crate::scenario::Lang::En => format!(" ({} {})", format::number(p, 1), ctx.t(Msg::PerSeq)),
            }
        });
        return format!("{} {}{per}", format::number(t, 0), ctx.t(Msg::TokensPerS));
    }
    // HPC: peak FP64 and what an hour of one TFLOPS of it costs (the lens HPC buyers compare by).
    if let Some(tf) = crate::engine::recommend::fp64_tflops(r) {
        let cost = crate::engine::recommend::usd_per_fp64_tflops_hour(r).map_or(String::new(), |c| {
            format!(" · {} {}", ctx.money(c), ctx.t(Msg::PerTflopsHour))
        });
        return format!("{} {}{cost}", format::number(tf, 1), ctx.t(Msg::Fp64Tflops));
    }
    // Graphics: how many seats one instance carries.
    r.reasons
        .iter()
        .find_map(|w| match w {
            crate::engine::Why::Seats { per_instance } => Some(per_instance.to_string()),
            _ => None,
        })
        .unwrap_or_else(|| "—".into())
}

/// What the speed column holds for a task: throughput, a job's time, peak FP64 or seats per instance.
pub fn speed_label(task: crate::scenario::Task) -> Msg {
    use crate::scenario::Task;
    match task {
        Task::Inference => Msg::Throughput,
        Task::Training | Task::Finetune => Msg::Time,
        Task::Hpc => Msg::Fp64Peak,
        Task::Graphics => Msg::SeatsPerInstance,
    }
}

/// The cost column of a task: a month of a service, or one job.
pub fn cost_label(task: crate::scenario::Task) -> Msg {
    if task.is_job() {
        Msg::PerJob
    } else {
        Msg::Monthly
    }
}

#[component]
fn Detail(
    ctx: Ctx,
    rec: Recommendation,
    options: Memo<Option<Vec<OptionCost>>>,
    the_plan: Memo<Option<Plan>>,
) -> impl IntoView {
    let first = ctx
        .outcome
        .with(|o| o.recommendations.first().map(|f| f.instance == rec.instance))
        .unwrap_or(false);
    let lang = ctx.lang();
    let reasons: Vec<String> = rec.reasons.iter().map(|w| explain::why(w, lang)).collect();
    let formulas = ctx
        .scenario
        .with(|s| ctx.outcome.with(|o| explain::formulas(s, &o.arch, &rec, lang)));
    let notes: Vec<String> = ctx.catalog.with_value(|c| {
        c.article_quotes
            .iter()
            .filter(|q| q.instance == rec.instance && q.status != "match")
            .map(|q| {
                format!(
                    "“{}” — {}",
                    q.quote,
                    if lang == crate::scenario::Lang::Zh {
                        &q.note_zh
                    } else {
                        &q.note_en
                    }
                )
            })
            .collect()
    });
    // What the catalog records about this type and its chip: caveats, disagreements between sources.
    let catalog_notes: Vec<String> = ctx.catalog.with_value(|c| {
        let inst = c.instance(&rec.instance);
        let acc = inst.and_then(|i| c.accelerator(&i.accelerator));
        [inst.map(|i| &i.note), acc.map(|a| &a.note)]
            .into_iter()
            .flatten()
            .filter(|n| !n.is_empty())
            .cloned()
            .collect()
    });
    // The same estimate at pessimistic and optimistic efficiencies: a range, not a single point.
    // The embedded card stays compact: no range, formulas, option table or charts (its link opens them).
    let card = ctx.state.with_untracked(|s| s.embed == crate::state::Embed::Card);
    // Two more engine runs, so only where the range is shown.
    let range = (!card)
        .then(|| {
            ctx.catalog.with_value(|c| {
                ctx.scenario
                    .with(|s| crate::engine::sensitivity::sensitivity(c, s, &rec.instance))
            })
        })
        .flatten()
        .and_then(|r| explain::range(&r, lang, &|usd| ctx.money(usd)));
    let task = ctx.scenario.with(|s| s.task);
    let cost = rec.job_usd.or(rec.monthly_usd);
    // Which option the headline prices are: the chosen one, or On-Demand where it is not offered.
    let priced = if rec
        .reasons
        .iter()
        .any(|w| matches!(w, crate::engine::Why::BuyNotOffered { .. }))
    {
        crate::scenario::Buy::OnDemand
    } else {
        ctx.scenario.with(|s| s.purchase.buy)
    };
    let priced = explain::buy_name(priced, lang);
    let line = ctx.scenario.with(|s| explain::scenario_line(s, lang));
    let (price_title, history) = ctx.catalog.with_value(|c| {
        let title = rec.price.as_ref().map(|p| {
            let src = c.source(&p.source).map_or(p.source.as_str(), |s| s.title.as_str());
            let tag = if p.derived {
                format!(" ({})", ctx.t(Msg::DerivedTag))
            } else {
                String::new()
            };
            format!("{src} — {}{tag}", p.as_of)
        });
        // The price levels of this type in us-east-1 (the June 2025 cut), oldest first.
        let points = c.price_history_of(&rec.instance);
        let history: Vec<String> = points
            .windows(2)
            .filter_map(|w| match w {
                [a, b] if (a.usd_hr - b.usd_hr).abs() > 1e-9 => Some(format!(
                    "{}: {}/h → {}/h ({} %)",
                    b.from,
                    ctx.money(a.usd_hr),
                    ctx.money(b.usd_hr),
                    format::signed((b.usd_hr / a.usd_hr - 1.0) * 100.0, 0)
                )),
                _ => None,
            })
            .collect();
        (title, history)
    });
    let history_label = format!("{} (us-east-1)", ctx.t(Msg::PriceHistory));
    let instance = rec.instance.clone();
    let memory = rec.memory.clone();
    let n_instances = rec.n_instances;
    let devices = rec.devices_per_replica.max(1);
    let mem_per_device = rec.mem_available_gib / f64::from(rec.n_accelerators.max(1));
    view! {
        <p class="eyebrow">{ctx.tx(if first { Msg::Best } else { Msg::YourPick })}
            {(!first).then(|| view! { " " <button type="button" class="small" data-testid="back-to-best" on:click=move |_| pick(ctx, None)>{ctx.tx(Msg::BackToBest)}</button> })}
        </p>
        <p class="scenario" data-testid="scenario-line">{line}</p>
        <h2 class="headline" data-testid="top-instance">
            {format!("{} × {}", rec.n_instances, rec.instance)}
            <span class="sub">{format!(" — {} × {}", rec.n_accelerators, rec.accelerator)}</span>
        </h2>
        <dl class="figures">
            <div><dt>{ctx.tx(Msg::Hourly)} " · " <span data-testid="priced-as">{priced}</span></dt><dd data-testid="top-hourly">{rec.hourly_usd.map_or_else(|| ctx.t(Msg::NoPrice).to_string(), |h| ctx.money(h))}</dd></div>
            <div><dt>{ctx.tx(cost_label(task))} " · " {priced}</dt><dd>{cost.map_or_else(|| ctx.t(Msg::NoPrice).to_string(), |c| ctx.money(c))}</dd></div>
            {move || the_plan.with(|p| p.as_ref().map(|p| {
                let months = f64::from(ctx.scenario.with(|s| s.months.max(1)));
                let v = if task.is_job() { p.horizon_usd } else { p.horizon_usd / months };
                view! { <div class="plan-fig"><dt>{ctx.tx(if task.is_job() { Msg::CheapestPlanJob } else { Msg::CheapestPlanMonth })}</dt><dd data-testid="top-plan">{ctx.money(v)}</dd></div> }
            }))}
            <div><dt>{ctx.tx(speed_label(task))}</dt><dd>{speed_text(&rec, ctx)}</dd></div>
            {rec.usd_per_million_tokens.map(|m| view! {
                <div><dt>{ctx.tx(Msg::PerMTok)}</dt><dd data-testid="top-per-mtok">{ctx.money(m)}</dd></div>
            })}
            <div><dt>{ctx.tx(if task.is_job() { Msg::EnergyJob } else { Msg::EnergyMonth })}</dt><dd data-testid="top-energy">{rec.energy_kwh.map_or_else(|| ctx.t(Msg::NoTdp).to_string(), |e| format!("{} kWh", format::number(e, 0)))}</dd></div>
        </dl>
        {price_title.map(|t| view! { <p class="source muted" data-testid="price-source">{ctx.tx(Msg::SourceLabel)} {ctx.tx(Msg::Colon)} {t}</p> })}
        {range.map(|r| view! { <p class="range" data-testid="range">{r}</p> })}
        {(memory.total_gib(1.0) > 0.0).then(|| view! { <MemoryChart ctx=ctx memory=memory.clone() devices=devices capacity_gib=mem_per_device /> })}
        <h3>{ctx.tx(Msg::Why)}</h3>
        <ul class="reasons">{reasons.into_iter().map(|r| view! { <li>{r}</li> }).collect_view()}</ul>
        {(!catalog_notes.is_empty()).then(|| view! {
            <aside class="note" data-testid="catalog-notes"><strong>{ctx.tx(Msg::CatalogNotes)}</strong>
                <ul lang="en">{catalog_notes.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}</ul></aside>
        })}
        {(!history.is_empty()).then(|| view! {
            <p class="history" data-testid="price-history"><strong>{history_label}</strong> {ctx.tx(Msg::Colon)} {history.join("; ")}</p>
        })}
        // Where the same type costs less: every priced region, built after the first paint.
        {move || (ctx.full.get() && !card)
            .then(|| ctx.catalog.with_value(|c| crate::explore::prices_by_region(c, &instance)))
            .filter(|r| r.len() > 1)
            .map(|regions| view! { <RegionPrices ctx=ctx regions=regions /> })}
        {(!notes.is_empty()).then(|| view! {
            <aside class="note"><strong>{ctx.tx(Msg::ArticleNote)}</strong>
                <ul>{notes.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}</ul></aside>
        })}
        {(!card).then(|| view! {
            <details class="formulas">
                <summary>{ctx.tx(Msg::Formula)}</summary>
                <ul>{formulas.into_iter().map(|f| view! { <li><code>{f}</code></li> }).collect_view()}</ul>
            </details>
        })}
        // Both read the language once as they build: a language switch rebuilds them (nothing else changes).
        {move || { ctx.lang.track(); the_plan.get().map(|p| view! { <PlanSummary ctx=ctx plan=p /> }) }}
        {move || { ctx.lang.track(); options.get() }.filter(|_| !card && ctx.full.get()).map(|o| view! {
            <OptionTable ctx=ctx options=o.clone() n_instances=n_instances />
            <div class="charts">
                <OptionBars ctx=ctx options=o.clone() />
                <CumulativeChart ctx=ctx options=o />
            </div>
        })}
    }
}

/// The chosen type's list prices in every region, each a click away from planning there.
#[component]
fn RegionPrices(ctx: Ctx, regions: Vec<crate::explore::RegionPrice>) -> impl IntoView {
    let n = regions.len();
    let rows = regions
        .into_iter()
        .map(|p| {
            let (here, pick) = (p.region.clone(), p.region.clone());
            let current = Memo::new(move |_| ctx.scenario.with(|s| s.region == here));
            view! {
                <tr data-region=p.region.clone() class:current=move || current.get()>
                    <th scope="row">{p.region.clone()}</th>
                    <td class="num">{ctx.money(p.on_demand_usd_hr)}{p.derived.then_some("*")}</td>
                    <td class="num">{p.spot_median_usd_hr.map_or_else(|| ctx.t(Msg::SpotNotObserved).to_string(), |s| ctx.money(s))}</td>
                    <td><button type="button" class="small" disabled=move || current.get() on:click=move |_| ctx.set("region", &pick)>{ctx.tx(Msg::UseRegion)}</button></td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <details class="regions" data-testid="regions">
            <summary>{ctx.tx(Msg::OtherRegions)} " (" {n} ")"</summary>
            <div class="table-wrap" tabindex="0"><table>
                <thead><tr>
                    <th scope="col">{ctx.tx(Msg::Region)}</th>
                    <th scope="col" class="num">{ctx.tx(Msg::OnDemand)}</th>
                    <th scope="col" class="num">{ctx.tx(Msg::SpotMedian)}</th>
                    <th scope="col">{ctx.tx(Msg::SwitchRegion)}</th>
                </tr></thead>
                <tbody>{rows}</tbody>
            </table></div>
            <p class="source muted">{ctx.tx(Msg::RegionsNote)}</p>
        </details>
    }
}

#[component]
fn PlanSummary(ctx: Ctx, plan: Plan) -> impl IntoView {
    let lang = ctx.lang();
    // The committed line and the flexible line of a growing fleet (the text and the chart read both).
    let find = |s: Segment| plan.items.iter().find(|i| i.segment == s).map(|i| (i.instances, i.buy));
    let (baseline, growth) = (find(Segment::Baseline), find(Segment::Growth));
    let committed = baseline.map_or(0, |(n, _)| n);
    let items: Vec<String> = plan
        .items
        .iter()
        .map(|i| {
            // Growth varies month by month: its count is the most in any month.
            let up_to = match (i.segment, lang) {
                (Segment::Growth, crate::scenario::Lang::Zh) => "最多 ",
                (Segment::Growth, crate::scenario::Lang::En) => "up to ",
                _ => "",
            };
            let seg = ctx.t(match i.segment {
                Segment::Baseline => Msg::Baseline,
                Segment::Burst => Msg::Burst,
                Segment::Job => Msg::Job,
                // Nothing committed: the flexible line is the whole fleet, not what is above a commitment.
                Segment::Growth if committed == 0 => Msg::GrowthWhole,
                Segment::Growth => Msg::GrowthSegment,
            });
            let colon = if lang == crate::scenario::Lang::Zh { "：" } else { ": " };
            format!(
                "{seg}{colon}{up_to}{} × {} — {} ({})",
                i.instances,
                plan.instance,
                explain::buy_name(i.buy, lang),
                ctx.money(i.horizon_usd)
            )
        })
        .collect();
    let card = ctx.state.with_untracked(|s| s.embed == crate::state::Embed::Card);
    let fleet = explain::fleet_path(
        &plan.fleet_by_month,
        ctx.scenario.with_untracked(|s| s.purchase.growth_pct),
        lang,
    );
    view! {
        <div class="plan-box" data-testid="plan">
            <h3>{ctx.tx(Msg::TheCheapestPlan)} {ctx.tx(Msg::Colon)} <span data-testid="plan-total">{ctx.money(plan.horizon_usd)}</span></h3>
            {fleet.map(|f| view! { <p class="fleet" data-testid="plan-fleet">{f}</p> })}
            // The compact embedded card keeps the sentence and leaves the chart to the full page.
            {(!plan.fleet_by_month.is_empty() && !card).then(|| view! {
                <super::charts::FleetChart ctx=ctx fleet=plan.fleet_by_month.clone() committed=committed
                    commit_buy=baseline.map(|(_, b)| b) flex_buy=growth.map(|(_, b)| b) />
            })}
            <ul>{items.into_iter().map(|i| view! { <li>{i}</li> }).collect_view()}</ul>
            {plan.savings_vs_od_usd.filter(|s| *s > 0.005).map(|s| view! {
                <p class="savings" data-testid="plan-savings">{explain::savings(&ctx.money(s), ctx.lang())}</p>
            })}
            {(!card).then(|| view! {
                <super::export_bar::ExportBar ctx=ctx what=super::export_bar::What::Plan />
            })}
        </div>
    }
}

#[component]
fn OptionTable(ctx: Ctx, options: Vec<OptionCost>, n_instances: u32) -> impl IntoView {
    let lang = ctx.lang();
    let options_are_job = options.iter().any(|o| o.job_usd.is_some());
    // Serving: what a million output tokens cost on each option, at the fleet's throughput.
    let per_mtok = options.iter().any(|o| o.usd_per_million_tokens.is_some());
    let months = ctx.scenario.with(|s| s.months);
    let label_in = move |lang| {
        if options_are_job {
            crate::i18n::t(lang, Msg::PerJob).to_string()
        } else {
            explain::over_months(months, lang)
        }
    };
    let total_label = label_in(lang);
    let head_label = move || label_in(ctx.lang());
    let rows = options.into_iter().map(move |o| {
        let name = explain::buy_name(o.buy, lang);
        let key = crate::query::buy_key(o.buy);
        match &o.unavailable {
            Some(why) => view! {
                <tr data-testid="option" data-purchase=key class="muted">
                    <th scope="row">{name}</th>
                    <td colspan=if per_mtok { "6" } else { "5" } class="reason">{ctx.t(Msg::NotAvailable)} {ctx.tx(Msg::Colon)} {explain::not_offered(why, lang)}</td>
                </tr>
            }.into_any(),
            None => {
                let be = match (o.breakeven_utilization, o.breakeven_month) {
                    (Some(u), Some(m)) => format!("{} · {} {}", explain::breakeven_use(u, lang), format::number(m, 1), ctx.t(Msg::BreakEvenMonth)),
                    (Some(u), None) => explain::breakeven_use(u, lang),
                    // Nothing to recover: no commitment (On-Demand, Spot) or a prepaid block.
                    _ => ctx.t(if o.buy.term_years().is_none() { Msg::NoCommitment } else { Msg::NotApplicable }).to_string(),
                };
                let total = o.job_usd.unwrap_or(o.horizon_usd);
                view! {
                    <tr data-testid="option" data-purchase=key data-total-usd=crate::num::shortest(total)>
                        // How the figures were computed, open on a click, a tap or Enter (not a hover-only title).
                        <th scope="row"><details class="how" data-testid="option-how"><summary>{name} {o.assumption.then(|| view! { <span class="tag">{ctx.t(Msg::Assumption)}</span> })}</summary>
                            <p class="formula-text">{explain::option_formula(&o, n_instances, lang)}</p></details></th>
                        <td class="num" data-label=ctx.t(Msg::Hourly)>{ctx.money(o.hourly_usd)}</td>
                        <td class="num" data-label=ctx.t(Msg::Upfront)>{ctx.money(o.upfront_usd)}</td>
                        <td class="num" data-label=total_label.clone()>{ctx.money(total)}</td>
                        <td class="num" data-label=ctx.t(Msg::PerAccelHour)>{ctx.money(o.per_accelerator_hour_usd)}</td>
                        {per_mtok.then(|| view! { <td class="num" data-label=ctx.t(Msg::PerMTok)>{o.usd_per_million_tokens.map_or_else(|| "—".to_string(), |m| ctx.money(m))}</td> })}
                        <td class="wrap" data-label=ctx.t(Msg::BreakEven)>{be}</td>
                    </tr>
                }.into_any()
            }
        }
    }).collect_view();
    // With a growing fleet the plan above differs from these figures, which are for a steady fleet.
    let is_job = options_are_job;
    let growing = move || !is_job && ctx.scenario.with(|s| s.fleet_grows());
    view! {
        <h3>{ctx.tx(Msg::Options)}</h3>
        {move || growing().then(|| view! {
            <p class="muted" data-testid="options-steady">{explain::steady_fleet_note(n_instances, ctx.lang())}</p>
        })}
        <div class="table-wrap" tabindex="0">
            <table class="options">
                <thead><tr>
                    <th scope="col">{ctx.tx(Msg::Option)}</th>
                    <th scope="col" class="num">{ctx.tx(Msg::Hourly)}</th>
                    <th scope="col" class="num">{ctx.tx(Msg::Upfront)}</th>
                    <th scope="col" class="num">{head_label}</th>
                    <th scope="col" class="num">{ctx.tx(Msg::PerAccelHour)}</th>
                    {per_mtok.then(|| view! { <th scope="col" class="num">{ctx.tx(Msg::PerMTok)}</th> })}
                    <th scope="col">{ctx.tx(Msg::BreakEven)}</th>
                </tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

/// One ranked row's display strings, computed once.
#[derive(Clone, PartialEq)]
struct RowView {
    key: String,
    id: String,
    fits: bool,
    hourly_attr: String,
    monthly_attr: String,
    n_instances: u32,
    accelerators: String,
    mem_max: String,
    mem_value: String,
    mem_title: String,
    speed: String,
    hourly: String,
    cost: String,
}

impl RowView {
    fn new(r: &Recommendation, ctx: Ctx) -> RowView {
        let cost = r.job_usd.or(r.monthly_usd);
        let mut v = RowView {
            key: String::new(),
            id: r.instance.clone(),
            fits: r.fits,
            hourly_attr: r.hourly_usd.map(crate::num::shortest).unwrap_or_default(),
            monthly_attr: r.monthly_usd.map(crate::num::shortest).unwrap_or_default(),
            n_instances: r.n_instances,
            accelerators: format!("{} × {}", r.n_accelerators, r.accelerator),
            mem_max: crate::num::shortest(r.mem_available_gib),
            mem_value: crate::num::shortest(r.mem_needed_gib.min(r.mem_available_gib)),
            mem_title: format!(
                "{} / {} GiB",
                format::number(r.mem_needed_gib, 1),
                format::number(r.mem_available_gib, 1)
            ),
            speed: speed_text(r, ctx),
            hourly: r
                .hourly_usd
                .map_or_else(|| ctx.t(Msg::NoPrice).to_string(), |h| ctx.money(h)),
            cost: cost.map_or_else(|| ctx.t(Msg::NoPrice).to_string(), |c| ctx.money(c)),
        };
        v.key = [
            &v.id,
            &v.hourly_attr,
            &v.monthly_attr,
            &v.accelerators,
            &v.mem_value,
            &v.mem_max,
            &v.speed,
            &v.hourly,
            &v.cost,
        ]
        .iter()
        .map(|x| x.as_str())
        .collect::<Vec<_>>()
        .join("|")
            + if v.fits { "|1" } else { "|0" }
            + &v.n_instances.to_string();
        v
    }
}

#[component]
fn RecTable(ctx: Ctx, chosen: Memo<Option<Recommendation>>) -> impl IntoView {
    let show_all = RwSignal::new(false);
    // Rows keyed by everything they display: a new ranking that only reorders rows moves them
    // instead of rebuilding them (most of an update's cost is the browser's layout of new DOM).
    let rows = Memo::new(move |_| {
        let card = ctx.embed.get() == crate::state::Embed::Card;
        let limit = if show_all.get() {
            usize::MAX
        } else if card {
            5
        } else {
            12
        };
        ctx.outcome.with(|o| {
            o.recommendations
                .iter()
                .take(limit)
                .map(|r| RowView::new(r, ctx))
                .collect::<Vec<_>>()
        })
    });
    let task = Memo::new(move |_| ctx.scenario.with(|s| s.task));
    let row = move |r: RowView| {
        let (id_sel, id_cmp, id_cls, id_attr) = (r.id.clone(), r.id.clone(), r.id.clone(), r.id.clone());
        let picked = {
            let id = r.id.clone();
            Memo::new(move |_| ctx.state.with(|s| s.compare.contains(&id)))
        };
        view! {
            <tr data-testid="rec" data-instance=id_attr data-fits=r.fits.to_string()
                data-hourly-usd=r.hourly_attr data-monthly-usd=r.monthly_attr
                class:selected=move || chosen.with(|c| c.as_ref().is_some_and(|x| x.instance == id_cls)) class:unfit=!r.fits>
                <th scope="row"><button type="button" class="link" on:click=move |_| pick(ctx, Some(id_sel.clone()))>{r.id}</button></th>
                <td class="num" data-label=ctx.t(Msg::Instances)>{r.n_instances}</td>
                <td class="wrap" data-label=ctx.t(Msg::Accelerators)>{r.accelerators}</td>
                <td data-label=ctx.t(Msg::Memory)><meter min="0" max=r.mem_max value=r.mem_value title=r.mem_title></meter>{if r.fits { "" } else { " ✗" }}</td>
                <td class="num wrap" data-label=ctx.t(speed_label(task.get_untracked()))>{r.speed}</td>
                <td class="num" data-label=ctx.t(Msg::Hourly)>{r.hourly}</td>
                <td class="num" data-label=ctx.t(cost_label(task.get_untracked()))>{r.cost}</td>
                <td><button type="button" class="small" aria-pressed=move || picked.get().to_string()
                    on:click=move |_| ctx.update(|s| s.toggle_compare(&id_cmp))>{move || ctx.t(if picked.get() { Msg::RemoveFromCompare } else { Msg::AddToCompare })}</button></td>
            </tr>
        }
    };
    let total = move || ctx.outcome.with(|o| o.recommendations.len());
    view! {
        <section class="card">
            <div class="section-head">
                <h2>{ctx.tx(Msg::Recommendations)} " (" {total} ")"</h2>
                // Nothing to export: no buttons.
                {move || (ctx.embed.get() != crate::state::Embed::Card && total() > 0).then(|| view! {
                    <super::export_bar::ExportBar ctx=ctx what=super::export_bar::What::Recommendations />
                })}
            </div>
            <div class="table-wrap" tabindex="0">
                <table class="recs">
                    <thead><tr>
                        <th scope="col">{ctx.tx(Msg::Instance)}</th>
                        <th scope="col" class="num">{ctx.tx(Msg::Instances)}</th>
                        <th scope="col">{ctx.tx(Msg::Accelerators)}</th>
                        <th scope="col">{ctx.tx(Msg::Memory)}</th>
                        <th scope="col" class="num">{move || ctx.t(speed_label(task.get()))}</th>
                        <th scope="col" class="num">{ctx.tx(Msg::Hourly)}</th>
                        <th scope="col" class="num">{move || ctx.t(cost_label(task.get()))}</th>
                        <th scope="col">{ctx.tx(Msg::Compare)}</th>
                    </tr></thead>
                    <tbody><For each=move || rows.get() key=|r| r.key.clone() children=row /></tbody>
                </table>
            </div>
            {move || (total() > 12 && !show_all.get() && ctx.embed.get() != crate::state::Embed::Card).then(|| view! {
                <button type="button" class="small" on:click=move |_| show_all.set(true)>{ctx.tx(Msg::All)} " (" {total} ")"</button>
            })}
        </section>
    }
}

#[component]
fn Excluded(ctx: Ctx) -> impl IntoView {
    move || {
        if ctx.embed.get() == crate::state::Embed::Card {
            return None;
        }
        let lang = ctx.lang();
        let items = ctx.outcome.with(|o| o.excluded.clone());
        (!items.is_empty()).then(|| view! {
            <section class="card excluded-card">
                <details data-testid="excluded">
                    <summary>{ctx.t(Msg::WhyNot)} " (" {items.len()} ")"</summary>
                    <ul class="excluded">
                        {items.into_iter().map(|e| view! {
                            <li><strong>{e.family.clone()}</strong> " (" {e.instances.join(", ")} "): " {explain::exclusion(&e.reason, lang)}</li>
                        }).collect_view()}
                    </ul>
                </details>
            </section>
        })
    }
}
