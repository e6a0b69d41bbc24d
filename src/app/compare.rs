//! The Compare view: picked instance types side by side — specs, fit for the current workload, every purchase option's cost.

use super::Ctx;
use crate::engine::cost::option_costs;
use crate::explain;
use crate::format;
use crate::i18n::Msg;
use crate::scenario::Buy;
use leptos::prelude::*;

/// One row of the comparison: a label and a cell per picked instance.
fn row(label: String, cells: Vec<String>) -> impl IntoView {
    view! {
        <tr><th scope="row">{label}</th>{cells.into_iter().map(|c| view! { <td class="num">{c}</td> }).collect_view()}</tr>
    }
}

#[component]
pub fn Compare(ctx: Ctx) -> impl IntoView {
    move || {
        let picks = ctx.state.with(|s| s.compare.clone());
        if picks.is_empty() {
            return view! { <section class="card"><h2>{ctx.t(Msg::ViewCompare)}</h2><p data-testid="compare-empty">{ctx.t(Msg::CompareEmpty)}</p></section> }.into_any();
        }
        let lang = ctx.lang();
        let (specs, fit, costs) = ctx.catalog.with_value(|c| {
            let scenario = ctx.scenario.get();
            let outcome = ctx.outcome.get();
            let inst: Vec<_> = picks.iter().filter_map(|id| c.instance(id)).collect();
            let spec = |f: &dyn Fn(&crate::catalog::Instance) -> String| inst.iter().map(|i| f(i)).collect::<Vec<_>>();
            let acc = |i: &crate::catalog::Instance| {
                c.accelerator(&i.accelerator)
                    .map_or_else(String::new, |a| a.name.clone())
            };
            let specs = vec![
                (ctx.t(Msg::Accelerator).to_string(), spec(&|i| acc(i))),
                (
                    ctx.t(Msg::Count).to_string(),
                    spec(&|i| {
                        i.count
                            .map_or_else(|| "—".into(), |n| format::accel_count(n, i.fraction))
                    }),
                ),
                (
                    ctx.t(Msg::MemPerAccel).to_string(),
                    spec(&|i| format::number(i.accel_mem_gib, 2)),
                ),
                (
                    ctx.t(Msg::Vcpus).to_string(),
                    spec(&|i| i.vcpus.map_or_else(|| "—".into(), |v| format::number(v, 0))),
                ),
                (
                    ctx.t(Msg::RamGib).to_string(),
                    spec(&|i| i.ram_gib.map_or_else(|| "—".into(), |v| format::number(v, 0))),
                ),
                (
                    ctx.t(Msg::NetGbps).to_string(),
                    spec(&|i| i.net_gbps.map_or_else(|| "—".into(), |v| format::number(v, 1))),
                ),
                (
                    ctx.t(Msg::Efa).to_string(),
                    spec(&|i| i.efa_interfaces.map_or_else(|| "—".into(), |v| format::number(v, 0))),
                ),
                (
                    ctx.t(Msg::OnDemand).to_string(),
                    spec(&|i| {
                        c.on_demand(&i.id, &scenario.region)
                            .map_or_else(|| ctx.t(Msg::NoPrice).into(), |p| ctx.money(p.usd_hr))
                    }),
                ),
            ];
            let recs: Vec<_> = picks
                .iter()
                .map(|id| outcome.recommendations.iter().find(|r| &r.instance == id).cloned())
                .collect();
            let fit = picks
                .iter()
                .zip(&recs)
                .map(|(id, r)| match r {
                    Some(r) if r.fits => explain::fits_on(r.n_instances, lang),
                    Some(_) => ctx.t(Msg::DoesNotFit).to_string(),
                    None => outcome.excluded.iter().find(|e| e.instances.contains(id)).map_or_else(
                        || ctx.t(Msg::DoesNotFit).to_string(),
                        |e| explain::exclusion(&e.reason, lang),
                    ),
                })
                .collect::<Vec<_>>();
            let per_rec: Vec<Vec<_>> = recs
                .iter()
                .map(|r| r.as_ref().map_or_else(Vec::new, |r| option_costs(c, &scenario, r)))
                .collect();
            let costs = Buy::ALL
                .iter()
                .map(|b| {
                    let cells = per_rec
                        .iter()
                        .map(|opts| {
                            opts.iter()
                                .find(|o| o.buy == *b)
                                .and_then(|o| o.comparable_usd())
                                .map_or_else(|| "—".to_string(), |v| ctx.money(v))
                        })
                        .collect::<Vec<_>>();
                    (explain::buy_name(*b, lang).to_string(), cells)
                })
                .collect::<Vec<_>>();
            (specs, fit, costs)
        });
        view! {
            <section class="card compare" data-testid="compare">
                <div class="section-head">
                    <h2>{ctx.t(Msg::ViewCompare)}</h2>
                    <super::export_bar::ExportBar ctx=ctx what=super::export_bar::What::Compare />
                </div>
                <div class="table-wrap" tabindex="0">
                    <table>
                        <thead><tr><th scope="col">{ctx.t(Msg::Instance)}</th>
                            {picks.iter().map(|id| { let id2 = id.clone(); view! {
                                <th scope="col" data-testid="compare-col" data-instance=id.clone()>{id.clone()} " "
                                    <button type="button" class="small" aria-label=format!("{} {id}", ctx.t(Msg::RemoveFromCompare))
                                        on:click=move |_| ctx.update(|s| s.toggle_compare(&id2))>"×"</button></th>
                            }}).collect_view()}
                        </tr></thead>
                        <tbody>
                            {specs.into_iter().map(|(l, c)| row(l, c)).collect_view()}
                            // Whether it fits is a sentence, often a long one: it wraps instead of widening the table.
                            <tr><th scope="row">{ctx.t(Msg::Fits)}</th>{fit.into_iter().map(|c| view! { <td class="fit">{c}</td> }).collect_view()}</tr>
                            <tr><th scope="row" colspan="99" class="group">{ctx.t(Msg::Options)} " (" {ctx.t(Msg::Horizon)} " / " {ctx.t(Msg::PerJob)} ")"</th></tr>
                            {costs.into_iter().map(|(l, c)| row(l, c)).collect_view()}
                        </tbody>
                    </table>
                </div>
            </section>
        }
        .into_any()
    }
}
