//! The workload and purchase inputs of the Plan view; each input writes its link key through `Ctx::set`.

use super::fields::{value_of, CheckField, NumberField, Segmented, SelectField};
use super::Ctx;
use crate::i18n::Msg;
use crate::models::PRESETS;
use crate::scenario::{ModelChoice, Strategy, Task};
use leptos::prelude::*;

/// Everything about what runs.
#[component]
pub fn WorkloadForm(ctx: Ctx) -> impl IntoView {
    let task = move || ctx.scenario.with(|s| s.task);
    let uses_model = move || task().uses_model();
    let is_custom = move || ctx.scenario.with(|s| matches!(s.model, ModelChoice::Custom { .. }));
    let model_value = move || {
        if is_custom() {
            "custom".to_string()
        } else {
            value_of(ctx, "model").get()
        }
    };
    let on_model = move |ev: leptos::ev::Event| {
        let v = event_target_value(&ev);
        if v == "custom" {
            let b = ctx.scenario.with(|s| s.model_arch().total_params / 1e9);
            ctx.set("params", &crate::num::shortest((b * 10.0).round() / 10.0));
        } else {
            ctx.set("model", &v);
        }
    };
    let precisions = move || {
        ["fp32", "bf16", "fp16", "fp8", "int8", "int4"]
            .iter()
            .map(|p| (p.to_string(), p.to_ascii_uppercase()))
            .collect::<Vec<_>>()
    };
    let modes = move || {
        vec![
            ("online".to_string(), ctx.t(Msg::Online).to_string()),
            ("batch".to_string(), ctx.t(Msg::Batch).to_string()),
        ]
    };
    let methods = move || {
        vec![
            ("full".to_string(), "Full".to_string()),
            ("lora".to_string(), "LoRA".to_string()),
            ("qlora".to_string(), "QLoRA".to_string()),
        ]
    };
    let ctx_label = move || {
        if task() == Task::Inference {
            Msg::Context
        } else {
            Msg::SeqLen
        }
    };
    let batch_label = move || {
        if task() == Task::Inference {
            Msg::Concurrency
        } else {
            Msg::MicroBatch
        }
    };
    view! {
        <aside class="form" aria-label="workload">
            <section class="card">
                <h2>{ctx.tx(Msg::Workload)}</h2>
                <Segmented ctx=ctx key="task" label=Msg::Task current=value_of(ctx, "task") options=vec![
                    ("infer", Msg::TaskInfer), ("train", Msg::TaskTrain), ("finetune", Msg::TaskFinetune),
                    ("graphics", Msg::TaskGraphics), ("hpc", Msg::TaskHpc)] />
                <Show when=uses_model>
                    <label class="field" for="f-model">
                        <span class="label">{ctx.tx(Msg::Model)}</span>
                        <select id="f-model" data-key="model" on:change=on_model>
                            {move || {
                                let cur = model_value();
                                let mut opts: Vec<_> = PRESETS.iter().map(|m| (m.id.to_string(), m.name.to_string())).collect();
                                opts.push(("custom".into(), ctx.t(Msg::CustomModel).into()));
                                opts.into_iter().map(|(v, l)| { let sel = v == cur; view! { <option value=v selected=sel>{l}</option> } }).collect_view()
                            }}
                        </select>
                    </label>
                    <Show when=is_custom>
                        <div class="row2">
                            <NumberField ctx=ctx key="params" label=Msg::ParamsB current=value_of(ctx, "params") />
                            <NumberField ctx=ctx key="active" label=Msg::ActiveB current=value_of(ctx, "active") />
                        </div>
                    </Show>
                    <div class="row2">
                        <SelectField ctx=ctx key="prec" label=Msg::Precision current=value_of(ctx, "prec") options=precisions />
                        {move || view! { <NumberField ctx=ctx key="ctx" current=value_of(ctx, "ctx") label=ctx_label() /> }}
                    </div>
                    {move || view! { <NumberField ctx=ctx key="batch" current=value_of(ctx, "batch") label=batch_label() /> }}
                </Show>
                <Show when=move || task() == Task::Inference>
                    <div class="row2">
                        <SelectField ctx=ctx key="mode" label=Msg::ServingMode current=value_of(ctx, "mode") options=modes />
                        <NumberField ctx=ctx key="tps" label=Msg::TargetTps current=value_of(ctx, "tps") />
                    </div>
                    <NumberField ctx=ctx key="seqtps" label=Msg::SeqTps current=value_of(ctx, "seqtps") />
                </Show>
                <Show when=move || task().is_job()>
                    <div class="row2">
                        <NumberField ctx=ctx key="tokens" label=Msg::TrainTokens current=value_of(ctx, "tokens") />
                        <NumberField ctx=ctx key="days" label=Msg::TargetDays current=value_of(ctx, "days") />
                    </div>
                </Show>
                <Show when=move || task() == Task::Finetune>
                    <SelectField ctx=ctx key="method" label=Msg::Method current=value_of(ctx, "method") options=methods />
                </Show>
                <Show when=move || task() == Task::Graphics>
                    <div class="row2">
                        <NumberField ctx=ctx key="seats" label=Msg::Seats current=value_of(ctx, "seats") />
                        <NumberField ctx=ctx key="gmem" label=Msg::SeatGpuMem current=value_of(ctx, "gmem") />
                        <NumberField ctx=ctx key="vcpu" label=Msg::SeatVcpus current=value_of(ctx, "vcpu") />
                        <NumberField ctx=ctx key="ram" label=Msg::SeatRam current=value_of(ctx, "ram") />
                    </div>
                </Show>
                <Show when=move || task() == Task::Hpc>
                    <div class="row2">
                        <NumberField ctx=ctx key="fp64" label=Msg::HpcFp64 current=value_of(ctx, "fp64") />
                        <NumberField ctx=ctx key="gmem" label=Msg::HpcMem current=value_of(ctx, "gmem") />
                    </div>
                </Show>
            </section>
            <PurchaseForm ctx=ctx />
        </aside>
    }
}

/// The fields a strategy may set, with the label the form shows for each.
const STRATEGY_FIELDS: &[(&str, Msg)] = &[
    ("task", Msg::Task),
    ("mode", Msg::ServingMode),
    ("hours", Msg::HoursPerMonth),
    ("buy", Msg::BuyOption),
    ("ckpt", Msg::CkptInterval),
    ("multinode", Msg::Multinode),
    ("window", Msg::WindowDays),
    ("days", Msg::TargetDays),
    ("cuda", Msg::CudaOnly),
    ("urgent", Msg::Urgent),
    ("arch", Msg::NonTransformer),
    ("prio", Msg::Priority),
    ("inst", Msg::OnlyTypes),
    ("disc", Msg::ResellerPct),
];

/// Constraints, priority, region, usage and how the team buys.
#[component]
fn PurchaseForm(ctx: Ctx) -> impl IntoView {
    let flag = move |key: &'static str| Signal::derive(move || value_of(ctx, key).get() == "1");
    let regions = move || {
        ctx.catalog.with_value(|c| {
            let r: Vec<String> = c.on_demand.iter().map(|p| p.region.clone()).collect();
            let mut r = crate::order::sorted(r, &|a, b| a.cmp(b));
            r.dedup();
            r.into_iter().map(|x| (x.clone(), x)).collect::<Vec<_>>()
        })
    };
    // What the last strategy button changed, in the form's own labels.
    let changed = RwSignal::new(None::<Vec<Msg>>);
    let strategy = move |s: Strategy, m: Msg| {
        let apply = move |_| {
            let before = ctx.scenario.get_untracked();
            ctx.update(|st| {
                let job = st.scenario.task.is_job();
                s.apply(&mut st.scenario);
                if st.scenario.task.is_job() != job {
                    st.scenario.batch = crate::scenario::Scenario::default().batch;
                }
            });
            let after = ctx.scenario.get_untracked();
            let value = |sc: &crate::scenario::Scenario, k: &str| crate::query::field_value(sc, k);
            changed.set(Some(
                STRATEGY_FIELDS
                    .iter()
                    .filter(|(k, _)| value(&before, k) != value(&after, k))
                    .map(|(_, m)| *m)
                    .collect(),
            ));
        };
        view! { <button type="button" class="chip" on:click=apply>{ctx.tx(m)}</button> }
    };
    let changed_text = move || {
        changed.get().map(|c| {
            let lang = ctx.lang();
            let zh = lang == crate::scenario::Lang::Zh;
            if c.is_empty() {
                return ctx.t(Msg::StrategyNoChange).to_string();
            }
            let names: Vec<&str> = c.iter().map(|m| crate::i18n::t(lang, *m)).collect();
            format!(
                "{}{}",
                ctx.t(Msg::StrategyChanged),
                names.join(if zh { "、" } else { ", " })
            )
        })
    };
    let buys = move || {
        crate::scenario::Buy::ALL
            .iter()
            .map(|b| {
                (
                    crate::query::buy_key(*b).to_string(),
                    crate::explain::buy_name(*b, ctx.lang()).to_string(),
                )
            })
            .collect::<Vec<_>>()
    };
    let pays = move || {
        [("no", Msg::PayNo), ("partial", Msg::PayPartial), ("all", Msg::PayAll)]
            .iter()
            .map(|(k, m)| (k.to_string(), ctx.t(*m).to_string()))
            .collect::<Vec<_>>()
    };
    let commitment = move || ctx.scenario.with(|s| s.purchase.buy.term_years().is_some());
    view! {
        <section class="card">
            <h2>{ctx.tx(Msg::Constraints)}</h2>
            <CheckField ctx=ctx key="cuda" label=Msg::CudaOnly checked=flag("cuda") />
            <CheckField ctx=ctx key="arch" label=Msg::NonTransformer on="other" off="transformer"
                checked=Signal::derive(move || value_of(ctx, "arch").get() == "other") />
            <CheckField ctx=ctx key="urgent" label=Msg::Urgent checked=flag("urgent") />
            <CheckField ctx=ctx key="multinode" label=Msg::Multinode checked=flag("multinode") />
            <Segmented ctx=ctx key="prio" label=Msg::Priority current=value_of(ctx, "prio")
                options=vec![("cost", Msg::PrioCost), ("balanced", Msg::PrioBalanced), ("perf", Msg::PrioPerf)] />
            <SelectField ctx=ctx key="region" label=Msg::Region current=value_of(ctx, "region") options=regions />
        </section>
        <section class="card">
            <h2>{ctx.tx(Msg::Usage)}</h2>
            <div class="row2">
                <NumberField ctx=ctx key="hours" label=Msg::HoursPerMonth current=value_of(ctx, "hours") />
                <NumberField ctx=ctx key="months" label=Msg::Months current=value_of(ctx, "months") />
            </div>
            <div class="row2">
                <SelectField ctx=ctx key="buy" label=Msg::BuyOption current=value_of(ctx, "buy") options=buys />
                <Show when=commitment>
                    <SelectField ctx=ctx key="pay" label=Msg::Payment current=value_of(ctx, "pay") options=pays />
                </Show>
            </div>
            <div class="row2">
                <NumberField ctx=ctx key="disc" label=Msg::ResellerPct current=value_of(ctx, "disc") />
                <CheckField ctx=ctx key="discall" label=Msg::ResellerOnAll checked=flag("discall") />
            </div>
            <div class="row2">
                <NumberField ctx=ctx key="burst" label=Msg::BurstInstances current=value_of(ctx, "burst") />
                <NumberField ctx=ctx key="bursth" label=Msg::BurstHours current=value_of(ctx, "bursth") />
            </div>
            <div class="row2">
                <NumberField ctx=ctx key="growth" label=Msg::GrowthPct current=value_of(ctx, "growth") />
                <NumberField ctx=ctx key="window" label=Msg::WindowDays current=value_of(ctx, "window") />
            </div>
            <h3>{ctx.tx(Msg::Strategies)}</h3>
            <div class="chips">
                {strategy(Strategy::DevSpot, Msg::StratDev)}
                {strategy(Strategy::SteadyInference, Msg::StratSteady)}
                {strategy(Strategy::FixedWindowTraining, Msg::StratWindow)}
                {strategy(Strategy::NeuronInference, Msg::StratNeuron)}
                {strategy(Strategy::Reseller, Msg::StratReseller)}
            </div>
            <p class="muted strategy-changed" role="status" data-testid="strategy-changed">{changed_text}</p>
        </section>
    }
}
