//! SVG charts drawn from the engine's numbers via `crate::chart`: cumulative cost, cost per option, memory per accelerator, a growing fleet by month.

use super::Ctx;
use crate::chart::{cumulative_series, ticks, Scale};
use crate::engine::cost::OptionCost;
use crate::engine::memory::MemoryNeed;
use crate::explain::buy_name;
use crate::format;
use crate::i18n::Msg;
use crate::scenario::Buy;
use leptos::prelude::*;

const W: f64 = 560.0;

/// Colour class of an option: the same in every chart.
fn series_class(b: Buy) -> String {
    format!("s{}", Buy::ALL.iter().position(|x| *x == b).unwrap_or(0))
}

fn f1(v: f64) -> String {
    crate::num::fixed(v, 1)
}

/// Horizontal grid lines across [l, W − r], each labelled at the left axis.
fn y_grid(values: &[f64], y: Scale, l: f64, r: f64, label: &dyn Fn(f64) -> String) -> impl IntoView {
    values
        .iter()
        .map(|v| {
            view! {
                <line class="grid" x1=f1(l) x2=f1(W - r) y1=f1(y.at(*v)) y2=f1(y.at(*v)) />
                <text class="tick" x=f1(l - 6.0) y=f1(y.at(*v) + 4.0) text-anchor="end">{label(*v)}</text>
            }
        })
        .collect_view()
}

/// A legend entry in an option's colour.
fn legend_entry(b: Buy, label: String) -> impl IntoView {
    view! { <li><span class=format!("swatch {}", series_class(b))></span>{label}</li> }
}

/// Cumulative cost per option over the horizon, break-even points marked (services only).
#[component]
pub fn CumulativeChart(ctx: Ctx, options: Vec<OptionCost>) -> impl IntoView {
    let months = ctx.scenario.with(|s| s.months);
    let series = cumulative_series(&options, months);
    if series.len() < 2 {
        return ().into_any();
    }
    let (h, l, r, t, b) = (260.0, 64.0, 12.0, 12.0, 42.0);
    let max = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .fold(0.0, f64::max);
    let yt = ticks(max, 4);
    let y_max = yt.last().copied().unwrap_or(1.0).max(1e-9);
    let x = Scale {
        d0: 0.0,
        d1: f64::from(months.max(1)),
        p0: l,
        p1: W - r,
    };
    let y = Scale {
        d0: 0.0,
        d1: y_max,
        p0: h - b,
        p1: t,
    };
    let xt = ticks(f64::from(months), 6);
    let (cur, fx) = ctx.scenario.with(|s| (s.purchase.currency, s.purchase.cny_per_usd));
    let lang = ctx.lang();
    let lines = series
        .iter()
        .map(|s| {
            let pts = s.points.iter().map(|(m, v)| format!("{},{}", f1(x.at(*m)), f1(y.at(*v)))).collect::<Vec<_>>().join(" ");
            let marker = s.breakeven_month.map(|m| {
                let v = s.points.iter().find(|p| p.0 >= m).map_or(0.0, |p| p.1);
                view! { <circle class=format!("be {}", series_class(s.buy)) cx=f1(x.at(m)) cy=f1(y.at(v)) r="4">
                    <title>{format!("{}: {} {}", buy_name(s.buy, lang), format::number(m, 1), crate::i18n::t(lang, Msg::MonthAxis))}</title></circle> }
            });
            view! { <polyline class=format!("line {}", series_class(s.buy)) points=pts /> {marker} }
        })
        .collect_view();
    let legend = series
        .iter()
        .map(|s| legend_entry(s.buy, buy_name(s.buy, lang).to_string()))
        .collect_view();
    view! {
        <figure class="chart" data-testid="chart-cumulative">
            <figcaption>{ctx.tx(Msg::ChartCumulative)}</figcaption>
            <svg viewBox=format!("0 0 {} {}", f1(W), f1(h)) role="img" aria-label=ctx.tx(Msg::ChartCumulative)>
                {y_grid(&yt, y, l, r, &|v| format::money_axis(v, cur, fx, lang))}
                {xt.iter().map(|m| view! {
                    <text class="tick" x=f1(x.at(*m)) y=f1(h - b + 16.0) text-anchor="middle">{format::number(*m, 0)}</text>
                }).collect_view()}
                <line class="axis" x1=f1(l) x2=f1(W - r) y1=f1(h - b) y2=f1(h - b) />
                <line class="axis" x1=f1(l) x2=f1(l) y1=f1(t) y2=f1(h - b) />
                {lines}
                <text class="axis-label" x=f1((l + W - r) / 2.0) y=f1(h - 6.0) text-anchor="middle">{ctx.tx(Msg::MonthAxis)}</text>
                <text class="axis-label" x="14" y=f1((t + h - b) / 2.0) text-anchor="middle" transform=format!("rotate(-90 14 {})", f1((t + h - b) / 2.0))>
                    {move || format!("{} ({})", ctx.t(Msg::CostAxis), if cur == crate::scenario::Currency::Cny { "CNY" } else { "USD" })}
                </text>
            </svg>
            <ul class="legend">{legend}</ul>
        </figure>
    }
    .into_any()
}

/// The cost of every available option, as bars (per job for jobs, over the horizon for services).
#[component]
pub fn OptionBars(ctx: Ctx, options: Vec<OptionCost>) -> impl IntoView {
    let avail: Vec<(Buy, f64)> = options
        .iter()
        .filter_map(|o| o.comparable_usd().map(|v| (o.buy, v)))
        .collect();
    let avail = crate::order::sorted(avail, &|a, b| a.1.total_cmp(&b.1));
    if avail.is_empty() {
        return ().into_any();
    }
    let (row, l, r, top) = (24.0, 250.0, 96.0, 8.0);
    let h = top + row * avail.len() as f64 + 26.0;
    // For a job, a commitment's bar is its whole term and would squash the others: the scale follows
    // the other options, and longer bars are clipped (marked ›, their value still printed).
    let is_job = options.iter().any(|o| o.job_usd.is_some());
    let scale_max = avail
        .iter()
        .filter(|a| !is_job || a.0.term_years().is_none())
        .map(|a| a.1)
        .fold(0.0, f64::max);
    let max = if scale_max > 0.0 {
        scale_max * 1.05
    } else {
        avail.iter().map(|a| a.1).fold(0.0, f64::max)
    }
    .max(1e-9);
    let x = Scale {
        d0: 0.0,
        d1: max,
        p0: l,
        p1: W - r,
    };
    let lang = ctx.lang();
    let bars = avail
        .iter()
        .enumerate()
        .map(|(i, (b, v))| {
            let yy = top + row * i as f64;
            let clipped = *v > max;
            let end = x.at(v.min(max));
            let label_x = if clipped { l + 6.0 } else { end + 6.0 };
            view! {
                <text class="tick" x=f1(l - 8.0) y=f1(yy + 15.0) text-anchor="end">{buy_name(*b, lang)}</text>
                <rect class=format!("bar {}", series_class(*b)) x=f1(l) y=f1(yy + 3.0) width=f1((end - l).max(1.0)) height=f1(row - 8.0) />
                {clipped.then(|| view! { <text class="clip" x=f1(end - 10.0) y=f1(yy + 15.0)>"›"</text> })}
                <text class=if clipped { "value on-bar" } else { "value" } x=f1(label_x) y=f1(yy + 15.0)>{ctx.money(*v)}</text>
            }
        })
        .collect_view();
    view! {
        <figure class="chart" data-testid="chart-options">
            <figcaption>{ctx.tx(Msg::ChartOptions)}</figcaption>
            <svg viewBox=format!("0 0 {} {}", f1(W), f1(h)) role="img" aria-label=ctx.tx(Msg::ChartOptions)>
                {bars}
                <line class="axis" x1=f1(l) x2=f1(l) y1=f1(top) y2=f1(h - 26.0) />
                <text class="axis-label" x=f1((l + W - r) / 2.0) y=f1(h - 6.0) text-anchor="middle">
                    {move || format!("{} ({})", ctx.t(Msg::CostAxis), ctx.scenario.with(|s| if s.purchase.currency == crate::scenario::Currency::Cny { "CNY" } else { "USD" }))}
                </text>
            </svg>
        </figure>
    }
    .into_any()
}

/// What one accelerator holds, stacked, against its memory.
#[component]
pub fn MemoryChart(ctx: Ctx, memory: MemoryNeed, devices: u32, capacity_gib: f64) -> impl IntoView {
    let n = f64::from(devices.max(1));
    let parts = [
        (Msg::Weights, memory.weights_gib / n, "m0"),
        (Msg::KvCache, memory.kv_cache_gib / n, "m1"),
        (Msg::Optimizer, (memory.gradients_gib + memory.optimizer_gib) / n, "m2"),
        (Msg::Activations, memory.activations_gib, "m3"),
        (Msg::Overhead, memory.overhead_gib, "m4"),
    ];
    let used: f64 = parts.iter().map(|p| p.1).sum();
    let max = used.max(capacity_gib).max(1e-9);
    let (l, r, h) = (8.0, 8.0, 64.0);
    let x = Scale {
        d0: 0.0,
        d1: max,
        p0: l,
        p1: W - r,
    };
    let usable = ctx.scenario.with(|s| s.assumptions.mem_usable) * capacity_gib;
    let mut at = 0.0;
    let rects = parts
        .iter()
        .filter(|p| p.1 > 0.0)
        .map(|(m, v, class)| {
            let x0 = x.at(at);
            at += v;
            let title = format!("{}: {} GiB", crate::i18n::t(ctx.lang(), *m), format::number(*v, 2));
            view! { <rect class=format!("seg {class}") x=f1(x0) y="8" width=f1((x.at(at) - x0).max(0.5)) height="22"><title>{title}</title></rect> }
        })
        .collect_view();
    let legend = parts
        .iter()
        .filter(|p| p.1 > 0.0)
        .map(|&(m, v, class)| view! { <li><span class=format!("swatch {class}")></span>{ctx.tx(m)} " " {format!("{} GiB", format::number(v, 1))}</li> })
        .collect_view();
    view! {
        <figure class="chart" data-testid="chart-memory">
            <figcaption>{ctx.tx(Msg::ChartMemory)} {ctx.tx(Msg::Colon)} {format!("{} / {} GiB", format::number(used, 1), format::number(capacity_gib, 1))}</figcaption>
            <svg viewBox=format!("0 0 {} {}", f1(W), f1(h)) role="img" aria-label=ctx.tx(Msg::ChartMemory)>
                <rect class="capacity" x=f1(l) y="8" width=f1(x.at(capacity_gib) - l) height="22" />
                {rects}
                <line class="limit" x1=f1(x.at(usable)) x2=f1(x.at(usable)) y1="2" y2="36" />
                <text class="tick" x=f1(l) y="52">"0 GiB"</text>
                <text class="tick" x=f1(x.at(capacity_gib)) y="52" text-anchor="end">{format!("{} GiB", format::number(capacity_gib, 1))}</text>
            </svg>
            <ul class="legend">{legend}</ul>
        </figure>
    }
}

/// A growing fleet month by month: the part the plan commits and the part above it.
#[component]
pub fn FleetChart(
    ctx: Ctx,
    fleet: Vec<u32>,
    committed: u32,
    commit_buy: Option<Buy>,
    flex_buy: Option<Buy>,
) -> impl IntoView {
    let months = fleet.len();
    let peak = fleet.iter().copied().max().unwrap_or(0);
    if months == 0 || peak == 0 {
        return ().into_any();
    }
    let (h, l, r, t, b) = (180.0, 44.0, 12.0, 12.0, 34.0);
    let yt = ticks(f64::from(peak), 4);
    let y = Scale {
        d0: 0.0,
        d1: yt.last().copied().unwrap_or(1.0).max(1.0),
        p0: h - b,
        p1: t,
    };
    let x = Scale {
        d0: 0.0,
        d1: months as f64,
        p0: l,
        p1: W - r,
    };
    let lang = ctx.lang();
    let gap = if months > 60 { 0.0 } else { 1.0 };
    let class_of = |b: Option<Buy>| b.map_or_else(|| "s0".to_string(), series_class);
    let (low_class, high_class) = (class_of(commit_buy), class_of(flex_buy));
    let bars = fleet
        .iter()
        .enumerate()
        .map(|(m, n)| {
            let (x0, x1) = (x.at(m as f64), x.at(m as f64 + 1.0) - gap);
            let low = (*n).min(committed);
            let title = format!("{} {}: {n}", crate::i18n::t(lang, Msg::MonthAxis), m + 1);
            let rect = |from: u32, to: u32, class: &str| {
                (to > from).then(|| view! {
                    <rect class=format!("bar {class}") x=f1(x0) width=f1((x1 - x0).max(0.5))
                        y=f1(y.at(f64::from(to))) height=f1(y.at(f64::from(from)) - y.at(f64::from(to)))><title>{title.clone()}</title></rect>
                })
            };
            view! { {rect(0, low, &low_class)} {rect(low, *n, &high_class)} }
        })
        .collect_view();
    let legend_item = |b: Option<Buy>, label: String| b.map(|b| legend_entry(b, label));
    let commit_label = commit_buy.map_or_else(String::new, |b| format!("{committed} × {}", buy_name(b, lang)));
    let flex_label = flex_buy.map_or_else(String::new, |b| buy_name(b, lang).to_string());
    view! {
        <figure class="chart" data-testid="chart-fleet">
            <figcaption>{ctx.tx(Msg::ChartFleet)}</figcaption>
            <svg viewBox=format!("0 0 {} {}", f1(W), f1(h)) role="img" aria-label=ctx.tx(Msg::ChartFleet)>
                {y_grid(&yt, y, l, r, &|v| format::number(v, 0))}
                {bars}
                // The committed level across the horizon: paid for in every month, used or not.
                {(committed > 0).then(|| view! {
                    <line class="level" data-testid="fleet-committed" x1=f1(l) x2=f1(W - r) y1=f1(y.at(f64::from(committed))) y2=f1(y.at(f64::from(committed))) />
                })}
                <line class="axis" x1=f1(l) x2=f1(W - r) y1=f1(h - b) y2=f1(h - b) />
                {ticks(months as f64, 6).iter().map(|m| view! {
                    <text class="tick" x=f1(x.at(*m)) y=f1(h - b + 14.0) text-anchor="middle">{format::number(*m, 0)}</text>
                }).collect_view()}
                <text class="axis-label" x=f1((l + W - r) / 2.0) y=f1(h - 4.0) text-anchor="middle">{ctx.tx(Msg::MonthAxis)}</text>
            </svg>
            <ul class="legend">{legend_item(commit_buy.filter(|_| committed > 0), commit_label)}{legend_item(flex_buy, flex_label)}</ul>
        </figure>
    }
    .into_any()
}
