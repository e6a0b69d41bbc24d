//! The Assumptions view: every default the estimates rest on, editable, with where it comes from.

use super::fields::{value_of, NumberField};
use super::Ctx;
use crate::catalog::SavingsPlan;
use crate::format;
use crate::i18n::Msg;
use leptos::prelude::*;

#[component]
pub fn Assumptions(ctx: Ctx) -> impl IntoView {
    let d = crate::scenario::Scenario::default();
    let source = |m: Msg, default: String, why: &'static str| {
        view! { <p class="source"><span class="muted">{move || ctx.t(Msg::Default)} ": " {default.clone()} " · " {move || ctx.t(m)} ": "</span> {why}</p> }
    };
    let sp_rows = ctx.catalog.with_value(|c| {
        c.savings_plan_assumptions
            .iter()
            .map(|a| {
                let plan = match a.plan {
                    SavingsPlan::Compute => "Compute SP",
                    SavingsPlan::Ec2instance => "EC2 Instance SP",
                };
                (
                    format!("{plan} · {}y · {:?}", a.term_years, a.payment),
                    format!("{} %", format::number(a.discount_pct, 1)),
                    a.basis.clone(),
                )
            })
            .collect::<Vec<_>>()
    });
    view! {
        <section class="card assumptions" data-testid="assumptions">
            <h2>{move || ctx.t(Msg::ViewAssumptions)}</h2>
            <p>{move || ctx.t(Msg::AssumptionsIntro)}</p>
            <div class="grid2">
                <div>
                    <NumberField ctx=ctx key="mfu" label=Msg::Mfu current=value_of(ctx, "mfu") />
                    {source(Msg::SourceLabel, d.assumptions.mfu.to_string(), "DOMAIN.md: 30 % typical, 50 % well tuned (llm-calc); 78-81 % is the measured matmul ceiling on H200")}
                    <NumberField ctx=ctx key="bweff" label=Msg::BwEff current=value_of(ctx, "bweff") />
                    {source(Msg::SourceLabel, d.assumptions.bw_efficiency.to_string(), "DOMAIN.md §10: a device copy reaches ~90 % of peak on H200; decode kernels reach less")}
                    <NumberField ctx=ctx key="usable" label=Msg::MemUsable current=value_of(ctx, "usable") />
                    {source(Msg::SourceLabel, d.assumptions.mem_usable.to_string(), "DOMAIN.md: keep ~10 % headroom (serving engines reserve a fraction)")}
                    <NumberField ctx=ctx key="overhead" label=Msg::OverheadGib current=value_of(ctx, "overhead") />
                    {source(Msg::SourceLabel, d.assumptions.overhead_gib.to_string(), "DOMAIN.md: 0.65-1 GB per GPU (gpu_poor, vram-calculator)")}
                    <NumberField ctx=ctx key="budgetx" label=Msg::PerfBudget current=value_of(ctx, "budgetx") />
                    <NumberField ctx=ctx key="rank" label=Msg::LoraRank current=value_of(ctx, "rank") />
                </div>
                <div>
                    <NumberField ctx=ctx key="cspdisc" label=Msg::CspDisc current=value_of(ctx, "cspdisc") />
                    <NumberField ctx=ctx key="ispdisc" label=Msg::IspDisc current=value_of(ctx, "ispdisc") />
                    {source(Msg::SourceLabel, ctx.t(Msg::FromCatalog).to_string(), "no per-type public rate: the type's own published RI discount, else the catalog's assumption below")}
                    <NumberField ctx=ctx key="spotdisc" label=Msg::SpotDisc current=value_of(ctx, "spotdisc") />
                    <NumberField ctx=ctx key="irate" label=Msg::InterruptRate current=value_of(ctx, "irate") />
                    {source(Msg::SourceLabel, ctx.t(Msg::FromCatalog).to_string(), "Spot Instance Advisor bands (<5 … >20 % a month), band midpoint; worst band where unknown")}
                    <NumberField ctx=ctx key="ckpt" label=Msg::CkptInterval current=value_of(ctx, "ckpt") />
                    {source(Msg::SourceLabel, d.purchase.ckpt_interval_min.to_string(), "the articles: checkpoint to S3 every 15-30 minutes")}
                    <NumberField ctx=ctx key="ckptw" label=Msg::CkptWrite current=value_of(ctx, "ckptw") />
                    <NumberField ctx=ctx key="restart" label=Msg::RestartMin current=value_of(ctx, "restart") />
                    <NumberField ctx=ctx key="fx" label=Msg::Fx current=value_of(ctx, "fx") />
                    <p class="source muted">{move || ctx.t(Msg::HoursMonthNote)}</p>
                </div>
            </div>
            <h3>"Savings Plans (" {move || ctx.t(Msg::Assumption)} ")"</h3>
            <div class="table-wrap" tabindex="0"><table>
                <tbody>{sp_rows.into_iter().map(|(k, v, b)| view! { <tr><th scope="row">{k}</th><td class="num">{v}</td><td class="muted">{b}</td></tr> }).collect_view()}</tbody>
            </table></div>
        </section>
    }
}
