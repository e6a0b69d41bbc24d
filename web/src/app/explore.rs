//! The Explore view: the whole catalog as a table with filters, sortable and hideable columns, price units and provenance on every price.

use super::fields::{
    lines,
    Field::{Check, Num, Select},
    Line,
    Line::One,
};
use super::Ctx;
use gpuplan::explore::rows;
use gpuplan::i18n::Msg;
use gpuplan::render;
use gpuplan::render::controls::options;
use gpuplan::state::{Column, PricePer, PriceUnit};
use leptos::prelude::*;

fn unit_label(u: PriceUnit) -> Msg {
    match u {
        PriceUnit::Hour => Msg::PerHour,
        PriceUnit::Day => Msg::PerDay,
        PriceUnit::Month => Msg::PerMonth,
        PriceUnit::Year => Msg::PerYear,
    }
}

fn per_label(p: PricePer) -> Msg {
    match p {
        PricePer::Instance => Msg::PerInstance,
        PricePer::Accelerator => Msg::PerAccelerator,
        PricePer::AcceleratorGib => Msg::PerAccelGib,
        PricePer::Vcpu => Msg::PerVcpu,
        PricePer::RamGib => Msg::PerRamGib,
    }
}

/// "All" first, then `rest`.
fn all_then(ctx: Ctx, rest: Vec<(String, String)>) -> Vec<(String, String)> {
    let mut o = options(&[("", ctx.t(Msg::All))]);
    o.extend(rest);
    o
}

fn families(ctx: Ctx) -> Vec<(String, String)> {
    all_then(ctx, ctx.catalog.with_value(|c| gpuplan::explore::family_options(c)))
}

fn accels(ctx: Ctx) -> Vec<(String, String)> {
    all_then(
        ctx,
        ctx.catalog.with_value(|c| gpuplan::explore::accelerator_options(c)),
    )
}

fn stacks(ctx: Ctx) -> Vec<(String, String)> {
    options(&[("all", ctx.t(Msg::All)), ("cuda", "CUDA"), ("neuron", "Neuron")])
}

fn units(ctx: Ctx) -> Vec<(String, String)> {
    options(&PriceUnit::ALL.map(|u| (u.key(), ctx.t(unit_label(u)))))
}

fn pers(ctx: Ctx) -> Vec<(String, String)> {
    options(&PricePer::ALL.map(|p| (p.key(), ctx.t(per_label(p)))))
}

/// Explore's filters, each bound to its page key.
const FILTERS: &[Line] = &[
    One(Select("xfam", Msg::Family, families)),
    One(Select("xacc", Msg::Accelerator, accels)),
    One(Num("xmem", Msg::MinMem)),
    One(Select("xstack", Msg::Stack, stacks)),
    One(Select("xunit", Msg::PricesIn, units)),
    One(Select("xper", Msg::PricesFor, pers)),
    One(Check("xefa", Msg::EfaOnly)),
    One(Check("xreg", Msg::InRegion)),
];

#[component]
pub fn Explore(ctx: Ctx) -> impl IntoView {
    let visible = move |c: Column| ctx.state.with(|s| !s.explore.hidden.contains(&c));
    // What every price in the table is per: "prices per vCPU per hour".
    let price_basis = move || {
        let (per, unit) = ctx
            .state
            .with(|s| (ctx.t(per_label(s.explore.per)), ctx.t(unit_label(s.explore.unit))));
        gpuplan::explain::price_basis(per, unit, ctx.lang())
    };
    // A text search of instance names (on this page only), and the Compare picks a click away.
    let search = RwSignal::new(String::new());
    // The rows the filters and the search keep, computed where they are drawn: no memo of rows (a reactive
    // type of its own in the page). The table reads the state anyway, and the line under the filters is set
    // only when its HTML differs (as every `inner_html` string).
    let shown = move || {
        let q = search.with(|q| q.trim().to_ascii_lowercase());
        let mut data = ctx
            .catalog
            .with_value(|c| ctx.state.with(|s| rows(c, &s.explore, &s.scenario.region)));
        data.retain(|r| q.is_empty() || r.id.contains(&q));
        data
    };
    let picks = move || ctx.state.with(|s| s.compare.len());
    // The table as HTML text (`render::explore::table`); its buttons act through `acts`.
    let table = move || {
        let f = ctx.fmt();
        let rows = shown();
        ctx.state
            .with(|s| render::explore::table(f, &rows, &s.explore, &s.compare))
    };
    // The column switches and the line under the filters as HTML text (`render::controls`).
    let switches = move || {
        let cols: Vec<(&str, Msg, bool)> = Column::ALL
            .iter()
            .skip(1)
            .map(|c| (c.key(), render::explore::column_label(*c), visible(*c)))
            .collect();
        render::controls::column_switches(ctx.lang(), &cols)
    };
    let line = move || {
        let lang = ctx.lang();
        let note = ctx
            .scenario
            .with(|s| gpuplan::explain::list_prices(s.purchase.reseller_pct, false, lang));
        let region = ctx.scenario.with(|s| s.region.clone());
        render::controls::explore_line(lang, shown().len(), &region, &price_basis(), &note)
    };
    view! {
        <section class="card explore">
            <div class="section-head">
                <h2>{ctx.tx(Msg::ViewExplore)}</h2>
                <div class="contents" inner_html=move || render::controls::compare_picks(ctx.lang(), picks())></div>
            </div>
            <label class="field search" for="f-xq">
                <span class="label">{ctx.tx(Msg::SearchInstances)}</span>
                <input id="f-xq" type="search" placeholder="g6e, p5.48xlarge…" prop:value=move || search.get()
                    on:input=move |ev| search.set(event_target_value(&ev)) />
            </label>
            <div class="filters">{lines(ctx, FILTERS)}</div>
            <details class="columns" inner_html=switches></details>
            <div class="contents" inner_html=line></div>
            <div class="table-wrap" tabindex="0">
                <table class="catalog" inner_html=table></table>
            </div>
        </section>
    }
}
