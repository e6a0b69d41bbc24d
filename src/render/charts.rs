//! The Plan view's SVG charts as HTML text: cumulative cost, cost per option, memory per accelerator, a growing fleet by month; geometry from `crate::chart`.

use super::svg::{f1, figure_open, label, legend_entry, series_class, shape, y_grid, y_title, W};
use super::{Fmt, Html};
use crate::chart::{cumulative_series, ticks, Scale};
use crate::engine::cost::OptionCost;
use crate::engine::memory::MemoryNeed;
use crate::explain::buy_name;
use crate::format;
use crate::i18n::Msg;
use crate::scenario::Buy;

/// Each option's cumulative line, with its break-even point marked (a title says which month).
fn series_lines(h: &mut Html, f: Fmt, series: &[crate::chart::Series], x: Scale, y: Scale) {
    for s in series {
        let class = series_class(s.buy);
        let pts: Vec<String> = s
            .points
            .iter()
            .map(|(m, v)| format!("{},{}", f1(x.at(*m)), f1(y.at(*v))))
            .collect();
        h.open(
            "polyline",
            &[("class", &format!("line {class}")), ("points", &pts.join(" "))],
        )
        .close("polyline");
        if let Some(m) = s.breakeven_month {
            let v = s.points.iter().find(|p| p.0 >= m).map_or(0.0, |p| p.1);
            let (cx, cy) = (f1(x.at(m)), f1(y.at(v)));
            let title = format!(
                "{}: {} {}",
                buy_name(s.buy, f.lang),
                format::number(m, 1),
                f.t(Msg::MonthAxis)
            );
            h.open(
                "circle",
                &[("class", &format!("be {class}")), ("cx", &cx), ("cy", &cy), ("r", "4")],
            )
            .el("title", &[], &title)
            .close("circle");
        }
    }
}

/// Cumulative cost per option over the horizon, break-even points marked (services only); empty with
/// fewer than two series.
pub fn cumulative(f: Fmt, options: &[OptionCost], months: u32) -> String {
    let series = cumulative_series(options, months);
    if series.len() < 2 {
        return String::new();
    }
    let (height, l, r, t, b) = (260.0, 64.0, 12.0, 12.0, 42.0);
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
        p0: height - b,
        p1: t,
    };
    let mut h = Html::new();
    figure_open(
        &mut h,
        "chart-cumulative",
        f.t(Msg::ChartCumulative),
        f.t(Msg::ChartCumulative),
        height,
    );
    y_grid(&mut h, &yt, y, l, r, &|v| {
        format::money_axis(v, f.currency, f.cny_per_usd, f.lang)
    });
    for m in ticks(f64::from(months), 6) {
        label(
            &mut h,
            "tick",
            x.at(m),
            height - b + 16.0,
            "middle",
            &format::number(m, 0),
        );
    }
    shape(
        &mut h,
        "line",
        "axis",
        &[("x1", l), ("x2", W - r), ("y1", height - b), ("y2", height - b)],
    );
    shape(
        &mut h,
        "line",
        "axis",
        &[("x1", l), ("x2", l), ("y1", t), ("y2", height - b)],
    );
    series_lines(&mut h, f, &series, x, y);
    label(
        &mut h,
        "axis-label",
        (l + W - r) / 2.0,
        height - 6.0,
        "middle",
        f.t(Msg::MonthAxis),
    );
    y_title(
        &mut h,
        14.0,
        (t + height - b) / 2.0,
        &format!("{} ({})", f.t(Msg::CostAxis), f.code()),
    );
    h.close("svg").open("ul", &[("class", "legend")]);
    for s in &series {
        legend_entry(&mut h, &series_class(s.buy), buy_name(s.buy, f.lang));
    }
    h.close("ul").close("figure");
    h.finish()
}

/// The cost of every available option, as bars (per job for jobs, over the horizon for services).
pub fn option_bars(f: Fmt, options: &[OptionCost]) -> String {
    let avail: Vec<(Buy, f64)> = options
        .iter()
        .filter_map(|o| o.comparable_usd().map(|v| (o.buy, v)))
        .collect();
    let avail = crate::order::sorted(avail, &|a, b| a.1.total_cmp(&b.1));
    if avail.is_empty() {
        return String::new();
    }
    let (row, l, r, top) = (24.0, 250.0, 96.0, 8.0);
    let height = top + row * avail.len() as f64 + 26.0;
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
    let mut h = Html::new();
    figure_open(
        &mut h,
        "chart-options",
        f.t(Msg::ChartOptions),
        f.t(Msg::ChartOptions),
        height,
    );
    for (i, (b, v)) in avail.iter().enumerate() {
        let yy = top + row * i as f64;
        let clipped = *v > max;
        let end = x.at(v.min(max));
        label(&mut h, "tick", l - 8.0, yy + 15.0, "end", buy_name(*b, f.lang));
        let class = format!("bar {}", series_class(*b));
        shape(
            &mut h,
            "rect",
            &class,
            &[
                ("x", l),
                ("y", yy + 3.0),
                ("width", (end - l).max(1.0)),
                ("height", row - 8.0),
            ],
        );
        if clipped {
            label(&mut h, "clip", end - 10.0, yy + 15.0, "", "›");
        }
        let (class, label_x) = if clipped {
            ("value on-bar", l + 6.0)
        } else {
            ("value", end + 6.0)
        };
        label(&mut h, class, label_x, yy + 15.0, "", &f.money(*v));
    }
    shape(
        &mut h,
        "line",
        "axis",
        &[("x1", l), ("x2", l), ("y1", top), ("y2", height - 26.0)],
    );
    let title = format!("{} ({})", f.t(Msg::CostAxis), f.code());
    label(&mut h, "axis-label", (l + W - r) / 2.0, height - 6.0, "middle", &title);
    h.close("svg").close("figure");
    h.finish()
}

/// The memory bar's legend: each part held, then the red dashed line, what may be used of the
/// accelerator's memory (the `usable` assumption).
fn memory_legend(h: &mut Html, f: Fmt, parts: &[(Msg, f64, &str)], usable_gib: f64) {
    let gib = |v: f64| format!("{} GiB", format::number(v, 1));
    h.open("ul", &[("class", "legend")]);
    for (m, v, class) in parts.iter().filter(|p| p.1 > 0.0) {
        legend_entry(h, class, &format!("{} {}", f.t(*m), gib(*v)));
    }
    legend_entry(h, "limit", &format!("{} {}", f.t(Msg::UsableLimit), gib(usable_gib)));
    h.close("ul");
}

/// What one accelerator holds, stacked, against its memory; `mem_usable` is the usable share (the
/// dashed limit line).
pub fn memory(f: Fmt, memory: &MemoryNeed, devices: u32, capacity_gib: f64, mem_usable: f64) -> String {
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
    let (l, r, height) = (8.0, 8.0, 64.0);
    let x = Scale {
        d0: 0.0,
        d1: max,
        p0: l,
        p1: W - r,
    };
    let usable = mem_usable * capacity_gib;
    let gib = |v: f64, d: usize| format!("{} GiB", format::number(v, d));
    let caption = format!(
        "{}{}{} / {}",
        f.t(Msg::ChartMemory),
        f.t(Msg::Colon),
        format::number(used, 1),
        gib(capacity_gib, 1)
    );
    let mut h = Html::new();
    figure_open(&mut h, "chart-memory", &caption, f.t(Msg::ChartMemory), height);
    shape(
        &mut h,
        "rect",
        "capacity",
        &[
            ("x", l),
            ("y", 8.0),
            ("width", x.at(capacity_gib) - l),
            ("height", 22.0),
        ],
    );
    let mut at = 0.0;
    for (m, v, class) in parts.iter().filter(|p| p.1 > 0.0) {
        let x0 = x.at(at);
        at += v;
        let (xs, ws) = (f1(x0), f1((x.at(at) - x0).max(0.5)));
        let title = format!("{}: {}", f.t(*m), gib(*v, 2));
        h.open(
            "rect",
            &[
                ("class", &format!("seg {class}")),
                ("x", &xs),
                ("y", "8"),
                ("width", &ws),
                ("height", "22"),
            ],
        )
        .el("title", &[], &title)
        .close("rect");
    }
    let ux = x.at(usable);
    shape(
        &mut h,
        "line",
        "limit",
        &[("x1", ux), ("x2", ux), ("y1", 2.0), ("y2", 36.0)],
    );
    label(&mut h, "tick", l, 52.0, "", "0 GiB");
    label(&mut h, "tick", x.at(capacity_gib), 52.0, "end", &gib(capacity_gib, 1));
    h.close("svg");
    memory_legend(&mut h, f, &parts, usable);
    h.close("figure");
    h.finish()
}

/// A bar per month, split at the committed level: `low` below it, `high` above.
fn fleet_bars(
    h: &mut Html,
    f: Fmt,
    fleet: &[u32],
    committed: u32,
    (x, y, gap): (Scale, Scale, f64),
    (low_class, high_class): (&str, &str),
) {
    for (m, n) in fleet.iter().enumerate() {
        let (x0, x1) = (x.at(m as f64), x.at(m as f64 + 1.0) - gap);
        let low = (*n).min(committed);
        let title = format!("{} {}: {n}", f.t(Msg::MonthAxis), m + 1);
        for (from, to, class) in [(0, low, low_class), (low, *n, high_class)] {
            if to > from {
                let (xs, ws) = (f1(x0), f1((x1 - x0).max(0.5)));
                let (ys, hs) = (f1(y.at(f64::from(to))), f1(y.at(f64::from(from)) - y.at(f64::from(to))));
                h.open(
                    "rect",
                    &[
                        ("class", &format!("bar {class}")),
                        ("x", &xs),
                        ("width", &ws),
                        ("y", &ys),
                        ("height", &hs),
                    ],
                )
                .el("title", &[], &title)
                .close("rect");
            }
        }
    }
}

/// The fleet chart's legend: the committed level (when there is one) and the flexible part.
fn fleet_legend(
    h: &mut Html,
    f: Fmt,
    committed: u32,
    (commit_buy, low_class): (Option<Buy>, &str),
    (flex_buy, high_class): (Option<Buy>, &str),
) {
    h.open("ul", &[("class", "legend")]);
    if let Some(b) = commit_buy.filter(|_| committed > 0) {
        legend_entry(h, low_class, &format!("{committed} × {}", buy_name(b, f.lang)));
    }
    if let Some(b) = flex_buy {
        legend_entry(h, high_class, buy_name(b, f.lang));
    }
    h.close("ul");
}

/// A growing fleet month by month: the part the plan commits (`commit_buy`) and the part above it
/// (`flex_buy`); empty for an empty or all-zero fleet.
pub fn fleet(f: Fmt, fleet: &[u32], committed: u32, commit_buy: Option<Buy>, flex_buy: Option<Buy>) -> String {
    let months = fleet.len();
    let peak = fleet.iter().copied().max().unwrap_or(0);
    if months == 0 || peak == 0 {
        return String::new();
    }
    let (height, l, r, t, b) = (180.0, 44.0, 12.0, 12.0, 34.0);
    let yt = ticks(f64::from(peak), 4);
    let y = Scale {
        d0: 0.0,
        d1: yt.last().copied().unwrap_or(1.0).max(1.0),
        p0: height - b,
        p1: t,
    };
    let x = Scale {
        d0: 0.0,
        d1: months as f64,
        p0: l,
        p1: W - r,
    };
    let gap = if months > 60 { 0.0 } else { 1.0 };
    let class_of = |b: Option<Buy>| b.map_or_else(|| "s0".to_string(), series_class);
    let (low_class, high_class) = (class_of(commit_buy), class_of(flex_buy));
    let mut h = Html::new();
    figure_open(
        &mut h,
        "chart-fleet",
        f.t(Msg::ChartFleet),
        f.t(Msg::ChartFleet),
        height,
    );
    y_grid(&mut h, &yt, y, l, r, &|v| format::number(v, 0));
    fleet_bars(&mut h, f, fleet, committed, (x, y, gap), (&low_class, &high_class));
    // The committed level across the horizon: paid for in every month, used or not.
    if committed > 0 {
        let ly = f1(y.at(f64::from(committed)));
        let (x1, x2) = (f1(l), f1(W - r));
        h.open(
            "line",
            &[
                ("class", "level"),
                ("data-testid", "fleet-committed"),
                ("x1", &x1),
                ("x2", &x2),
                ("y1", &ly),
                ("y2", &ly),
            ],
        )
        .close("line");
    }
    shape(
        &mut h,
        "line",
        "axis",
        &[("x1", l), ("x2", W - r), ("y1", height - b), ("y2", height - b)],
    );
    for m in ticks(months as f64, 6) {
        label(
            &mut h,
            "tick",
            x.at(m),
            height - b + 14.0,
            "middle",
            &format::number(m, 0),
        );
    }
    label(
        &mut h,
        "axis-label",
        (l + W - r) / 2.0,
        height - 4.0,
        "middle",
        f.t(Msg::MonthAxis),
    );
    h.close("svg");
    fleet_legend(&mut h, f, committed, (commit_buy, &low_class), (flex_buy, &high_class));
    h.close("figure");
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{Currency, Lang};

    const F: Fmt = Fmt {
        lang: Lang::En,
        currency: Currency::Usd,
        cny_per_usd: 7.0,
    };

    #[test]
    fn fleet_chart_splits_each_month_at_the_committed_level() {
        let svg = fleet(F, &[1, 2, 3], 2, Some(Buy::ComputeSp1), Some(Buy::OnDemand));
        // Months 1 and 2 sit under the level (one bar each); month 3 has one bar under and one above it.
        assert_eq!(svg.matches("<rect class=\"bar ").count(), 4, "{svg}");
        assert!(svg.contains("data-testid=\"fleet-committed\""));
        assert!(svg.contains("2 × "), "{svg}");
        assert_eq!(fleet(F, &[], 0, None, None), "");
        assert_eq!(fleet(F, &[0, 0], 0, None, None), "");
    }

    #[test]
    fn memory_chart_stacks_only_what_is_held() {
        let need = MemoryNeed {
            weights_gib: 16.0,
            kv_cache_gib: 4.0,
            ..MemoryNeed::default()
        };
        let svg = memory(F, &need, 2, 24.0, 0.9);
        assert_eq!(svg.matches("class=\"seg ").count(), 2, "{svg}");
        // The dashed limit line has its legend entry: 0.9 × 24 GiB usable.
        assert!(
            svg.contains("<span class=\"swatch limit\"></span>Usable limit 21.6 GiB"),
            "{svg}"
        );
        assert!(svg.contains("Weights: 8 GiB") || svg.contains("8 GiB"), "{svg}");
        // The usable limit at 0.9 × 24 GiB on a 24 GiB scale drawn over 544 px from x = 8.
        assert!(svg.contains(&format!("x1=\"{}\"", f1(8.0 + 544.0 * 0.9))), "{svg}");
    }
}
