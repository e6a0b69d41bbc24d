//! The Explore view: the whole catalog as a table with filters, sortable and hideable columns, price units and provenance on every price.

use super::fields::{CheckField, NumberField, SelectField};
use super::Ctx;
use crate::explore::{rows, PriceCell};
use crate::format;
use crate::i18n::Msg;
use crate::state::{Column, PricePer, PriceUnit};
use leptos::prelude::*;

fn column_label(c: Column) -> Msg {
    match c {
        Column::Instance => Msg::Instance,
        Column::Accelerator => Msg::Accelerator,
        Column::Count => Msg::Count,
        Column::MemGib => Msg::MemPerAccel,
        Column::TotalMemGib => Msg::TotalMem,
        Column::Vcpus => Msg::Vcpus,
        Column::RamGib => Msg::RamGib,
        Column::NetGbps => Msg::NetGbps,
        Column::Efa => Msg::Efa,
        Column::OnDemand => Msg::OnDemand,
        Column::Spot => Msg::SpotMedian,
    }
}

fn opt(v: Option<f64>, d: usize) -> String {
    v.map_or_else(|| "—".into(), |v| format::number(v, d))
}

#[component]
pub fn Explore(ctx: Ctx) -> impl IntoView {
    let x = Memo::new(move |_| ctx.state.with(|s| s.explore.clone()));
    let visible = move |c: Column| ctx.state.with(|s| !s.explore.hidden.contains(&c));
    let data = Memo::new(move |_| {
        ctx.catalog
            .with_value(|c| ctx.state.with(|s| rows(c, &s.explore, &s.scenario.region)))
    });
    let families = move || {
        let f: Vec<String> = ctx
            .catalog
            .with_value(|c| c.instances.iter().map(|i| i.family.clone()).collect());
        let mut f = crate::order::sorted(f, &|a, b| a.cmp(b));
        f.dedup();
        let mut o = vec![(String::new(), ctx.t(Msg::All).to_string())];
        o.extend(f.into_iter().map(|x| (x.clone(), x)));
        o
    };
    let accels = move || {
        let mut o = vec![(String::new(), ctx.t(Msg::All).to_string())];
        o.extend(ctx.catalog.with_value(|c| {
            c.accelerators
                .iter()
                .map(|a| (a.id.clone(), a.name.clone()))
                .collect::<Vec<_>>()
        }));
        o
    };
    let stacks = move || {
        vec![
            ("all".into(), ctx.t(Msg::All).into()),
            ("cuda".into(), "CUDA".into()),
            ("neuron".into(), "Neuron".into()),
        ]
    };
    let stack_now = move || match x.get().stack {
        Some(crate::catalog::Stack::Cuda) => "cuda".to_string(),
        Some(crate::catalog::Stack::Neuron) => "neuron".to_string(),
        _ => "all".to_string(),
    };
    let unit_label = |u: PriceUnit| match u {
        PriceUnit::Hour => Msg::PerHour,
        PriceUnit::Day => Msg::PerDay,
        PriceUnit::Month => Msg::PerMonth,
        PriceUnit::Year => Msg::PerYear,
    };
    let per_label = |p: PricePer| match p {
        PricePer::Instance => Msg::PerInstance,
        PricePer::Accelerator => Msg::PerAccelerator,
        PricePer::AcceleratorGib => Msg::PerAccelGib,
        PricePer::Vcpu => Msg::PerVcpu,
        PricePer::RamGib => Msg::PerRamGib,
    };
    let units = move || {
        PriceUnit::ALL
            .iter()
            .map(|u| (u.key().to_string(), ctx.t(unit_label(*u)).to_string()))
            .collect::<Vec<_>>()
    };
    // What every price in the table is per: "prices per vCPU per hour".
    let price_basis = move || {
        let (per, unit) = x.with(|x| (ctx.t(per_label(x.per)), ctx.t(unit_label(x.unit))));
        match ctx.lang() {
            crate::scenario::Lang::Zh => format!("价格单位：{per} · {unit}"),
            crate::scenario::Lang::En => format!("prices per {per} per {unit}"),
        }
    };
    let pers = move || {
        PricePer::ALL
            .iter()
            .map(|p| (p.key().to_string(), ctx.t(per_label(*p)).to_string()))
            .collect::<Vec<_>>()
    };
    // `missing` says why a cell is empty: no public On-Demand price, or no Spot price in the snapshot.
    let price = move |p: Option<PriceCell>, missing: Msg| match p {
        Some(p) => {
            let tag = if p.derived {
                format!(" ({})", ctx.t(Msg::DerivedTag))
            } else {
                String::new()
            };
            let title = format!("{} — {}{tag}", p.source_title, p.as_of);
            view! { <td class="num" title=title tabindex="0">{ctx.money(p.usd)}{p.derived.then_some("*")}</td> }
                .into_any()
        }
        None => view! { <td class="num muted">{ctx.tx(missing)}</td> }.into_any(),
    };
    let header = move |c: Column| {
        let sorted = move || {
            ctx.state
                .with(|s| (s.explore.sort == c).then_some(s.explore.descending))
        };
        let aria = move || match sorted() {
            Some(true) => "descending",
            Some(false) => "ascending",
            None => "none",
        };
        let arrow = move || match sorted() {
            Some(true) => " ▼",
            Some(false) => " ▲",
            None => "",
        };
        view! {
            <th scope="col" aria-sort=aria class:num=!matches!(c, Column::Instance | Column::Accelerator)>
                <button type="button" class="sort" data-col=c.key() on:click=move |_| ctx.update(|s| s.sort_by(c))>
                    {ctx.tx(column_label(c))}
                    {arrow}
                </button>
            </th>
        }
    };
    // A text search of instance names (on this page only), and the Compare picks a click away.
    let search = RwSignal::new(String::new());
    let shown = Memo::new(move |_| {
        let q = search.with(|q| q.trim().to_ascii_lowercase());
        data.with(|d| {
            d.iter()
                .filter(|r| q.is_empty() || r.id.contains(&q))
                .cloned()
                .collect::<Vec<_>>()
        })
    });
    let picks = move || ctx.state.with(|s| s.compare.len());
    view! {
        <section class="card explore">
            <div class="section-head">
                <h2>{ctx.tx(Msg::ViewExplore)}</h2>
                <p class="picks" data-testid="compare-picks">{picks} " " {ctx.tx(Msg::PickedForCompare)} " "
                    <button type="button" class="small" disabled=move || picks() == 0 on:click=move |_| ctx.update(|s| s.view = crate::state::View::Compare)>{ctx.tx(Msg::OpenCompare)}</button></p>
            </div>
            <label class="field search" for="f-xq">
                <span class="label">{ctx.tx(Msg::SearchInstances)}</span>
                <input id="f-xq" type="search" data-key="xq" placeholder="g6e, p5.48xlarge…" prop:value=move || search.get()
                    on:input=move |ev| search.set(event_target_value(&ev)) />
            </label>
            <div class="filters">
                <SelectField ctx=ctx key="xfam" label=Msg::Family options=families current=Signal::derive(move || x.get().family) />
                <SelectField ctx=ctx key="xacc" label=Msg::Accelerator options=accels current=Signal::derive(move || x.get().accelerator) />
                <NumberField ctx=ctx key="xmem" label=Msg::MinMem current=Signal::derive(move || crate::num::shortest(x.get().min_mem_gib)) />
                <SelectField ctx=ctx key="xstack" label=Msg::Stack options=stacks current=Signal::derive(stack_now) />
                <SelectField ctx=ctx key="xunit" label=Msg::PricesIn options=units current=Signal::derive(move || x.get().unit.key().to_string()) />
                <SelectField ctx=ctx key="xper" label=Msg::PricesFor options=pers current=Signal::derive(move || x.get().per.key().to_string()) />
                <CheckField ctx=ctx key="xefa" label=Msg::EfaOnly checked=Signal::derive(move || x.get().efa_only) />
                <CheckField ctx=ctx key="xreg" label=Msg::InRegion checked=Signal::derive(move || x.get().in_region) />
            </div>
            <details class="columns">
                <summary>{ctx.tx(Msg::Columns)}</summary>
                {Column::ALL.iter().skip(1).map(|c| {
                    let c = *c;
                    view! { <label class="check"><input type="checkbox" prop:checked=move || visible(c) on:change=move |_| ctx.update(|s| s.toggle_column(c)) /><span>{ctx.tx(column_label(c))}</span></label> }
                }).collect_view()}
            </details>
            <p class="muted">{move || shown.with(|d| d.len())} " " {ctx.tx(Msg::Rows)} " · " {move || ctx.scenario.with(|s| s.region.clone())}
                " · " <span data-testid="price-basis">{price_basis}</span></p>
            <div class="table-wrap" tabindex="0">
                <table class="catalog">
                    <thead><tr>
                        {move || Column::ALL.iter().filter(|c| visible(**c)).map(|c| header(*c)).collect_view()}
                        <th scope="col">{ctx.tx(Msg::Compare)}</th>
                    </tr></thead>
                    <tbody>
                        {move || shown.get().into_iter().map(|r| {
                            let id = r.id.clone();
                            let picked = { let id = id.clone(); Memo::new(move |_| ctx.state.with(|s| s.compare.contains(&id))) };
                            view! {
                                <tr data-testid="catalog-row" data-instance=r.id.clone() data-od-usd=r.on_demand.as_ref().map(|p| crate::num::shortest(p.usd)).unwrap_or_default()>
                                    <th scope="row">{r.id.clone()}</th>
                                    {visible(Column::Accelerator).then(|| view! { <td class="wrap">{r.accelerator.clone()}</td> })}
                                    {visible(Column::Count).then(|| view! { <td class="num">{r.count.map_or_else(|| "—".into(), |n| format::accel_count(n, r.fraction))}</td> })}
                                    {visible(Column::MemGib).then(|| view! { <td class="num">{format!("{} GB · {} GiB", format::number(r.mem_gb, 1), format::number(r.mem_gib, 2))}</td> })}
                                    {visible(Column::TotalMemGib).then(|| view! { <td class="num">{opt(r.total_mem_gib, 1)}</td> })}
                                    {visible(Column::Vcpus).then(|| view! { <td class="num">{opt(r.vcpus, 0)}</td> })}
                                    {visible(Column::RamGib).then(|| view! { <td class="num">{opt(r.ram_gib, 0)}</td> })}
                                    {visible(Column::NetGbps).then(|| view! { <td class="num">{opt(r.net_gbps, 1)}</td> })}
                                    {visible(Column::Efa).then(|| view! { <td class="num">{opt(r.efa, 0)}</td> })}
                                    {visible(Column::OnDemand).then(|| price(r.on_demand.clone(), Msg::NoPrice))}
                                    {visible(Column::Spot).then(|| price(r.spot.clone(), Msg::SpotNotObserved))}
                                    <td><button type="button" class="small" aria-pressed=move || picked.get().to_string()
                                        on:click=move |_| ctx.update(|s| s.toggle_compare(&id))>{move || ctx.t(if picked.get() { Msg::RemoveFromCompare } else { Msg::AddToCompare })}</button></td>
                                </tr>
                            }
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
        </section>
    }
}
