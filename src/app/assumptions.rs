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
    let source = |default: String, why: Msg| {
        view! { <p class="source"><span class="muted">{ctx.tx(Msg::Default)} {ctx.tx(Msg::Colon)} {default.clone()} " · " {ctx.tx(Msg::SourceLabel)} {ctx.tx(Msg::Colon)}</span> {ctx.tx(why)}</p> }
    };
    let sp_rows = move || {
        let lang = ctx.lang();
        ctx.catalog.with_value(|c| {
            c.savings_plan_assumptions
                .iter()
                .map(|a| {
                    let plan = match a.plan {
                        SavingsPlan::Compute => "Compute SP",
                        SavingsPlan::Ec2instance => "EC2 Instance SP",
                    };
                    (
                        format!(
                            "{plan} · {} {} · {}",
                            a.term_years,
                            if lang == crate::scenario::Lang::Zh { "年" } else { "y" },
                            crate::i18n::t(
                                lang,
                                match a.payment {
                                    crate::catalog::Payment::No => Msg::PayNo,
                                    crate::catalog::Payment::Partial => Msg::PayPartial,
                                    crate::catalog::Payment::All => Msg::PayAll,
                                }
                            )
                        ),
                        format!("{} %", format::number(a.discount_pct, 1)),
                    )
                })
                .collect::<Vec<_>>()
        })
    };
    // Static for the page's life: the catalog does not change.
    let sources = ctx.catalog.with_value(|c| {
        c.sources
            .iter()
            .map(|s| {
                let link = s.url();
                let place = s.location.clone();
                view! {
                    <tr data-testid="source" data-id=s.id.clone()>
                        <th scope="row">{s.title.clone()}</th>
                        <td>{s.publisher.clone()}</td>
                        <td class="num">{s.date.to_string()}</td>
                        <td class="where">{match link {
                            Some(href) => view! { <a href=href rel="noopener noreferrer" target="_blank">{place}</a> }.into_any(),
                            None if place.is_empty() => view! { <span class="muted">{ctx.tx(Msg::NoLink)}</span> }.into_any(),
                            None => view! { <code>{place}</code> }.into_any(),
                        }}</td>
                    </tr>
                }
            })
            .collect_view()
    });
    view! {
        <section class="card assumptions" data-testid="assumptions">
            <h2>{ctx.tx(Msg::ViewAssumptions)}</h2>
            <p>{ctx.tx(Msg::AssumptionsIntro)}</p>
            <div class="grid2">
                <div>
                    <NumberField ctx=ctx key="mfu" label=Msg::Mfu current=value_of(ctx, "mfu") />
                    {source(crate::num::shortest(d.assumptions.mfu), Msg::SrcMfu)}
                    <NumberField ctx=ctx key="bweff" label=Msg::BwEff current=value_of(ctx, "bweff") />
                    {source(crate::num::shortest(d.assumptions.bw_efficiency), Msg::SrcBw)}
                    <NumberField ctx=ctx key="usable" label=Msg::MemUsable current=value_of(ctx, "usable") />
                    {source(crate::num::shortest(d.assumptions.mem_usable), Msg::SrcUsable)}
                    <NumberField ctx=ctx key="overhead" label=Msg::OverheadGib current=value_of(ctx, "overhead") />
                    {source(crate::num::shortest(d.assumptions.overhead_gib), Msg::SrcOverhead)}
                    <NumberField ctx=ctx key="budgetx" label=Msg::PerfBudget current=value_of(ctx, "budgetx") />
                    <NumberField ctx=ctx key="rank" label=Msg::LoraRank current=value_of(ctx, "rank") />
                    <NumberField ctx=ctx key="arlat" label=Msg::ArLat current=value_of(ctx, "arlat") />
                    <NumberField ctx=ctx key="arhop" label=Msg::ArHop current=value_of(ctx, "arhop") />
                    <NumberField ctx=ctx key="stepms" label=Msg::StepMs current=value_of(ctx, "stepms") />
                    <NumberField ctx=ctx key="seatuse" label=Msg::SeatUse current=value_of(ctx, "seatuse") />
                    <p class="source muted">{ctx.tx(Msg::SrcServing)}</p>
                </div>
                <div>
                    <NumberField ctx=ctx key="cspdisc" label=Msg::CspDisc current=value_of(ctx, "cspdisc") placeholder=Msg::FromCatalog />
                    <NumberField ctx=ctx key="ispdisc" label=Msg::IspDisc current=value_of(ctx, "ispdisc") placeholder=Msg::FromCatalog />
                    {source(ctx.t(Msg::FromCatalog).to_string(), Msg::SrcSp)}
                    <NumberField ctx=ctx key="spotdisc" label=Msg::SpotDisc current=value_of(ctx, "spotdisc") placeholder=Msg::FromCatalog />
                    <NumberField ctx=ctx key="irate" label=Msg::InterruptRate current=value_of(ctx, "irate") placeholder=Msg::FromCatalog />
                    {source(ctx.t(Msg::FromCatalog).to_string(), Msg::SrcSpot)}
                    <NumberField ctx=ctx key="ckpt" label=Msg::CkptInterval current=value_of(ctx, "ckpt") />
                    {source(crate::num::shortest(d.purchase.ckpt_interval_min), Msg::SrcCkpt)}
                    <NumberField ctx=ctx key="ckptw" label=Msg::CkptWrite current=value_of(ctx, "ckptw") />
                    <NumberField ctx=ctx key="restart" label=Msg::RestartMin current=value_of(ctx, "restart") />
                    <NumberField ctx=ctx key="reacq" label=Msg::ReacqMin current=value_of(ctx, "reacq") />
                    <NumberField ctx=ctx key="spotmax" label=Msg::SpotMax current=value_of(ctx, "spotmax") />
                    <NumberField ctx=ctx key="fx" label=Msg::Fx current=value_of(ctx, "fx") />
                    <p class="source muted">{ctx.tx(Msg::HoursMonthNote)}</p>
                </div>
            </div>
            <h3>{ctx.tx(Msg::TrainAssumptions)}</h3>
            <div class="grid2">
                <div>
                    <NumberField ctx=ctx key="teff" label=Msg::TrainMfu current=value_of(ctx, "teff") />
                    <NumberField ctx=ctx key="linkeff" label=Msg::LinkEff current=value_of(ctx, "linkeff") />
                    <NumberField ctx=ctx key="overlap" label=Msg::CommOverlap current=value_of(ctx, "overlap") />
                    <NumberField ctx=ctx key="fp8x" label=Msg::Fp8Speedup current=value_of(ctx, "fp8x") />
                    <NumberField ctx=ctx key="nogdr" label=Msg::NoGdr current=value_of(ctx, "nogdr") />
                </div>
                <div>
                    <NumberField ctx=ctx key="ppchunks" label=Msg::PpChunks current=value_of(ctx, "ppchunks") />
                    <NumberField ctx=ctx key="a10g" label=Msg::A10gTflops current=value_of(ctx, "a10g") />
                    <NumberField ctx=ctx key="rtx6000" label=Msg::Rtx6000Tflops current=value_of(ctx, "rtx6000") />
                    <NumberField ctx=ctx key="gaudi" label=Msg::GaudiTflops current=value_of(ctx, "gaudi") />
                </div>
            </div>
            <p class="source muted">{ctx.tx(Msg::SrcTrain)}</p>
            <h3>"Savings Plans (" {ctx.tx(Msg::Assumption)} ")"</h3>
            <p class="source muted">{ctx.tx(Msg::SpBasis)}</p>
            <div class="table-wrap" tabindex="0"><table>
                <tbody>{move || sp_rows().into_iter().map(|(k, v)| view! { <tr><th scope="row">{k}</th><td class="num">{v}</td></tr> }).collect_view()}</tbody>
            </table></div>
            <h3 id="sources">{ctx.tx(Msg::Sources)}</h3>
            <p class="source muted">{ctx.tx(Msg::SourcesIntro)}</p>
            <div class="table-wrap" tabindex="0"><table class="sources">
                <thead><tr>
                    <th scope="col">{ctx.tx(Msg::SourceTitle)}</th>
                    <th scope="col">{ctx.tx(Msg::Publisher)}</th>
                    <th scope="col" class="num">{ctx.tx(Msg::SourceDate)}</th>
                    <th scope="col">{ctx.tx(Msg::SourceWhere)}</th>
                </tr></thead>
                <tbody>{sources}</tbody>
            </table></div>
        </section>
    }
}
