//! The workload and purchase inputs of the Plan view; each input writes its link key through `Ctx::set`.

use super::fields::{
    check, lines, number, segmented, select, value_of,
    Field::{Check, Num, Select},
    Line,
    Line::{One, Row},
};
use super::Ctx;
use gpuplan::i18n::Msg;
use gpuplan::models::PRESETS;
use gpuplan::scenario::{ModelChoice, Task};
use leptos::prelude::*;

use gpuplan::render::controls::options;
pub(crate) use gpuplan::state::new_kind_of_task;

/// A new visitor's state (no link, nothing stored, or Reset): `AppState::fresh`.
pub(crate) fn fresh_state() -> gpuplan::state::AppState {
    gpuplan::state::AppState::fresh()
}

fn modes(ctx: Ctx) -> Vec<(String, String)> {
    options(&[("online", ctx.t(Msg::Online)), ("batch", ctx.t(Msg::Batch))])
}

fn spec_methods(ctx: Ctx) -> Vec<(String, String)> {
    options(&[
        ("off", ctx.t(Msg::SpecOff)),
        ("eagle", ctx.t(Msg::SpecEagle)),
        ("draft", ctx.t(Msg::SpecDraft)),
    ])
}

fn methods(ctx: Ctx) -> Vec<(String, String)> {
    options(&[("full", ctx.t(Msg::FullTuning)), ("lora", "LoRA"), ("qlora", "QLoRA")])
}

/// The lengths a task asks for under the precision: a request's prompt and output (serving), or the
/// batch (jobs, whose sequence length sits beside the precision).
fn length_lines(serving: bool) -> &'static [Line] {
    if serving {
        &[Row(&[Num("prompt", Msg::PromptTokens), Num("out", Msg::OutputTokens)])]
    } else {
        &[One(Num("batch", Msg::MicroBatch))]
    }
}

/// The inputs each task adds after the model's; batch serving adds a job's requests and its days.
fn task_lines((task, batch): (Task, bool)) -> Vec<Line> {
    const JOB: Line = Row(&[Num("tokens", Msg::TrainTokens), Num("days", Msg::TargetDays)]);
    match task {
        Task::Inference => {
            let mut v = vec![
                Row(&[Select("mode", Msg::ServingMode, modes), Num("tps", Msg::TargetTps)]),
                Row(&[Num("seqtps", Msg::SeqTps), Num("ttft", Msg::TtftTarget)]),
                Row(&[
                    Select("spec", Msg::Speculation, spec_methods),
                    Num("specn", Msg::SpecTokens),
                    Num("specm", Msg::SpecDraftB),
                ]),
            ];
            if batch {
                v.push(Row(&[Num("reqs", Msg::JobRequests), Num("days", Msg::TargetDays)]));
            }
            v
        }
        Task::Training => vec![JOB],
        Task::Finetune => vec![JOB, One(Select("method", Msg::Method, methods))],
        Task::Graphics => vec![Row(&[
            Num("seats", Msg::Seats),
            Num("gmem", Msg::SeatGpuMem),
            Num("vcpu", Msg::SeatVcpus),
            Num("ram", Msg::SeatRam),
        ])],
        Task::Hpc => vec![Row(&[Num("fp64", Msg::HpcFp64), Num("gmem", Msg::HpcMem)])],
    }
}

/// Everything about what runs.
#[component]
pub fn WorkloadForm(ctx: Ctx) -> impl IntoView {
    // What the task decides alone (as `Memo<bool>`s, a type the page already compiles): the task's inputs
    // are rebuilt when it changes, not on every keystroke.
    let uses_model = Memo::new(move |_| ctx.scenario.with(|s| s.task.uses_model()));
    let serving = Memo::new(move |_| ctx.scenario.with(|s| s.task == Task::Inference));
    let kind = Memo::new(move |_| {
        ctx.scenario
            .with(|s| (s.task, s.serving == gpuplan::scenario::ServingMode::Batch))
    });
    let is_custom = move || ctx.scenario.with(|s| matches!(s.model, ModelChoice::Custom { .. }));
    let model_value = move || {
        if is_custom() {
            "custom".to_string()
        } else {
            value_of(ctx, "model").get()
        }
    };
    // The presets, then "custom" (`acts::on_change` turns it into the current model's parameters).
    let models = move || {
        let mut opts: Vec<_> = PRESETS.iter().map(|m| (m.id.to_string(), m.name.to_string())).collect();
        opts.push(("custom".into(), ctx.t(Msg::CustomModel).into()));
        opts
    };
    let precisions = move || {
        options(&[
            ("fp32", "FP32"),
            ("bf16", "BF16"),
            ("fp16", "FP16"),
            ("fp8", "FP8"),
            ("int8", "INT8"),
            ("int4", "INT4"),
            ("fp4", "FP4"),
        ])
    };
    // Serving asks for users beside the precision, then the lengths of a request; jobs their sequence
    // length, then the batch.
    let size_key = move || if serving.get() { "batch" } else { "ctx" };
    let size_label = move || if serving.get() { Msg::Concurrency } else { Msg::SeqLen };
    view! {
        <aside class="form" id="inputs" aria-label="workload">
            <section class="card">
                <h2>{ctx.tx(Msg::Workload)}</h2>
                {segmented(ctx, "task", Msg::Task, &[
                    ("infer", Msg::TaskInfer), ("train", Msg::TaskTrain), ("finetune", Msg::TaskFinetune),
                    ("graphics", Msg::TaskGraphics), ("hpc", Msg::TaskHpc)])}
                <Show when=move || uses_model.get()>
                    {select(ctx, "model", Msg::Model, Signal::derive(models), Signal::derive(model_value))}
                    <Show when=is_custom>
                        {lines(ctx, &[Row(&[Num("params", Msg::ParamsB), Num("active", Msg::ActiveB)])])}
                    </Show>
                    <div class="row2">
                        {select(ctx, "prec", Msg::Precision, Signal::derive(precisions), value_of(ctx, "prec"))}
                        {move || number(ctx, size_key(), size_label(), None)}
                    </div>
                    {move || lines(ctx, length_lines(serving.get()))}
                    <p class="hint" data-testid="hint-replica">{ctx.tx(Msg::HintReplica)}</p>
                </Show>
                {move || lines(ctx, &task_lines(kind.get()))}
            </section>
            <PurchaseForm ctx=ctx />
        </aside>
    }
}

/// Reseller discount, then what applies to the task: a service's bursts and growth, a job's hard window
/// and its Spot limits (how many instances may run together on Spot, Spot within the window).
fn usage_lines(job: bool) -> &'static [Line] {
    const DISC: Line = Row(&[Num("disc", Msg::ResellerPct), Check("discall", Msg::ResellerOnAll)]);
    if job {
        &[
            DISC,
            One(Num("window", Msg::WindowDays)),
            Row(&[Num("spotmax", Msg::SpotMax), Check("spotwin", Msg::SpotInWindow)]),
        ]
    } else {
        &[
            DISC,
            Row(&[Num("burst", Msg::BurstInstances), Num("bursth", Msg::BurstHours)]),
            One(Num("growth", Msg::GrowthPct)),
        ]
    }
}

/// Every region a type is offered in (an On-Demand, Spot or Capacity Block price), in name order.
fn regions(ctx: Ctx) -> Vec<(String, String)> {
    ctx.catalog.with_value(|c| gpuplan::explore::region_options(c))
}

/// The articles' combined strategies, one click each (HTML text; `acts` applies them), and what the
/// last one changed.
fn strategies(ctx: Ctx) -> impl IntoView {
    // A new form says nothing of a strategy pressed before it.
    ctx.strategy_changed.set(None);
    let changed_text = move || {
        ctx.strategy_changed
            .get()
            .map(|c| gpuplan::explain::changed_fields(&c, ctx.lang()))
    };
    view! {
            <h3>{ctx.tx(Msg::Strategies)}</h3>
            <div class="chips" inner_html=move || gpuplan::render::controls::strategy_chips(ctx.lang())></div>
            <p class="muted strategy-changed" role="status" data-testid="strategy-changed">{changed_text}</p>
    }
}

/// A restriction to named instance types (`inst=`, from a link or a strategy): shown with the types it
/// keeps and removed in one click, so no hidden filter narrows the ranking (HTML text from `render::controls`).
fn only_types(ctx: Ctx) -> impl IntoView {
    let html = move || {
        ctx.scenario
            .with(|s| gpuplan::render::controls::only_types(ctx.lang(), &s.instances))
    };
    view! { <div class="contents" inner_html=html></div> }
}

/// Constraints, priority, region, usage and how the team buys.
#[component]
fn PurchaseForm(ctx: Ctx) -> impl IntoView {
    let buys = move || {
        let lang = ctx.lang();
        options(&gpuplan::scenario::Buy::ALL.map(|b| (gpuplan::query::buy_key(b), gpuplan::explain::buy_name(b, lang))))
    };
    let pays = move || {
        options(&[
            ("no", ctx.t(Msg::PayNo)),
            ("partial", ctx.t(Msg::PayPartial)),
            ("all", ctx.t(Msg::PayAll)),
        ])
    };
    let commitment = move || ctx.scenario.with(|s| s.purchase.buy.term_years().is_some());
    let job = Memo::new(move |_| ctx.scenario.with(|s| s.is_job()));
    view! {
        <section class="card">
            <h2>{ctx.tx(Msg::Constraints)}</h2>
            {lines(ctx, &[One(Check("cuda", Msg::CudaOnly))])}
            {check(ctx, "arch", Msg::NonTransformer, "other", "transformer")}
            {lines(ctx, &[One(Check("urgent", Msg::Urgent)), One(Check("multinode", Msg::Multinode))])}
            <p class="hint" data-testid="hint-efa">{ctx.tx(Msg::HintEfa)}</p>
            {segmented(ctx, "prio", Msg::Priority, &[("cost", Msg::PrioCost), ("balanced", Msg::PrioBalanced), ("perf", Msg::PrioPerf)])}
            {lines(ctx, &[One(Select("region", Msg::Region, regions))])}
            {only_types(ctx)}
        </section>
        <section class="card">
            <h2>{ctx.tx(Msg::Usage)}</h2>
            {lines(ctx, &[Row(&[Num("hours", Msg::HoursPerMonth), Num("months", Msg::Months)])])}
            <div class="row2">
                {select(ctx, "buy", Msg::BuyOption, Signal::derive(buys), value_of(ctx, "buy"))}
                <Show when=commitment>
                    {select(ctx, "pay", Msg::Payment, Signal::derive(pays), value_of(ctx, "pay"))}
                </Show>
            </div>
            {move || lines(ctx, usage_lines(job.get()))}
            {strategies(ctx)}
        </section>
    }
}
