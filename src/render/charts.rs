//! The Plan view's other SVG charts as HTML text: memory per accelerator and a growing fleet by month (the cost charts are in `cost_charts`); drawing from `svg` (percentages across, pixels down, so text never scales).

use super::svg::{figure_open, label, legend_entry, line, rect, series_class, y_grid};
use super::{Fmt, Html};
use crate::chart::{ticks, Scale};
use crate::engine::outcome::MemoryNeed;
use crate::explain::buy_name;
use crate::format;
use crate::i18n::Msg;
use crate::scenario::Buy;

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
        // A speculative draft serves, never trains: it takes the optimizer's colour.
        (Msg::Draft, (memory.draft_gib + memory.draft_kv_gib) / n, "m2"),
    ];
    let used: f64 = parts.iter().map(|p| p.1).sum();
    let max = used.max(capacity_gib).max(1e-9);
    let x = Scale {
        d0: 0.0,
        d1: max,
        p0: 0.0,
        p1: 100.0,
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
    figure_open(&mut h, "chart-memory", &caption, f.t(Msg::ChartMemory), 56.0);
    rect(&mut h, "capacity", (0.0, x.at(capacity_gib)), (8.0, 22.0), "");
    let mut at = 0.0;
    for (m, v, class) in parts.iter().filter(|p| p.1 > 0.0) {
        let x0 = x.at(at);
        at += v;
        let title = format!("{}: {}", f.t(*m), gib(*v, 2));
        rect(
            &mut h,
            &format!("seg {class}"),
            (x0, (x.at(at) - x0).max(0.1)),
            (8.0, 22.0),
            &title,
        );
    }
    let ux = x.at(usable);
    line(&mut h, "limit", (ux, ux), (2.0, 36.0), &[]);
    label(&mut h, "tick", (0.0, 0.0), 50.0, "", "0 GiB");
    label(
        &mut h,
        "tick",
        (x.at(capacity_gib), 0.0),
        50.0,
        "end",
        &gib(capacity_gib, 1),
    );
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
    committed: &[u32],
    (x, y, gap): (Scale, Scale, f64),
    (low_class, high_class): (&str, &str),
) {
    for (m, n) in fleet.iter().enumerate() {
        let (x0, x1) = (x.at(m as f64), x.at(m as f64 + 1.0) - gap);
        let low = (*n).min(committed.get(m).copied().unwrap_or(0));
        let title = format!("{} {}: {n}", f.t(Msg::MonthAxis), m + 1);
        for (from, to, class) in [(0, low, low_class), (low, *n, high_class)] {
            if to > from {
                let (top, bottom) = (y.at(f64::from(to)), y.at(f64::from(from)));
                rect(
                    h,
                    &format!("bar {class}"),
                    (x0, (x1 - x0).max(0.1)),
                    (top, bottom - top),
                    &title,
                );
            }
        }
    }
}

/// The fleet chart's legend: the committed level (when there is one) and the flexible part.
fn fleet_legend(
    h: &mut Html,
    f: Fmt,
    committed: &[u32],
    (commit_buy, low_class): (Option<Buy>, &str),
    (flex_buy, high_class): (Option<Buy>, &str),
) {
    h.open("ul", &[("class", "legend")]);
    let most = committed.iter().copied().max().unwrap_or(0);
    if let Some(b) = commit_buy.filter(|_| most > 0) {
        // Commitments started in different months: the level steps, and the legend gives its most.
        let up_to = if committed.iter().any(|n| *n != most) {
            f.t(Msg::UpTo)
        } else {
            ""
        };
        legend_entry(h, low_class, &format!("{up_to}{most} × {}", buy_name(b, f.lang)));
    }
    if let Some(b) = flex_buy {
        legend_entry(h, high_class, buy_name(b, f.lang));
    }
    h.close("ul");
}

/// A growing fleet month by month: the part the plan commits in each month (`committed`, the sum of the
/// commitments active then, `commit_buy` the first's option) and the part above it (`flex_buy`); empty
/// for an empty or all-zero fleet.
pub fn fleet(f: Fmt, fleet: &[u32], committed: &[u32], commit_buy: Option<Buy>, flex_buy: Option<Buy>) -> String {
    let months = fleet.len();
    let peak = fleet.iter().copied().max().unwrap_or(0);
    if months == 0 || peak == 0 {
        return String::new();
    }
    let (height, l, r, t, b) = (180.0, 9.0, 99.0, 12.0, 34.0);
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
        p1: r,
    };
    // A gap of a fifth of a month between bars, none when they are too many to tell apart.
    let gap = if months > 60 {
        0.0
    } else {
        (r - l) / months as f64 * 0.2
    };
    let class_of = |b: Option<Buy>| b.map_or_else(|| "s0".to_string(), series_class);
    let (low_class, high_class) = (class_of(commit_buy), class_of(flex_buy));
    let mut h = Html::new();
    let caption = f.t(Msg::ChartFleet);
    figure_open(&mut h, "chart-fleet", caption, caption, height);
    y_grid(&mut h, &yt, y, (l, r), &|v| format::number(v, 0));
    fleet_bars(&mut h, f, fleet, committed, (x, y, gap), (&low_class, &high_class));
    // The committed level month by month: paid for in every month, used or not.
    if committed.iter().any(|n| *n > 0) {
        h.open("g", &[("data-testid", "fleet-committed")]);
        for (m, n) in committed.iter().enumerate().filter(|(_, n)| **n > 0) {
            let ly = y.at(f64::from(*n));
            line(&mut h, "level", (x.at(m as f64), x.at(m as f64 + 1.0)), (ly, ly), &[]);
        }
        h.close("g");
    }
    line(&mut h, "axis", (l, r), (height - b, height - b), &[]);
    for m in ticks(months as f64, 6).into_iter().filter(|m| *m <= months as f64) {
        label(
            &mut h,
            "tick",
            (x.at(m), 0.0),
            height - b + 14.0,
            "middle",
            &format::number(m, 0),
        );
    }
    label(
        &mut h,
        "axis-label",
        ((l + r) / 2.0, 0.0),
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
    use crate::render::tests::EN_USD as F;

    #[test]
    fn fleet_chart_splits_each_month_at_the_committed_level() {
        let svg = fleet(F, &[1, 2, 3], &[2, 2, 2], Some(Buy::ComputeSp1), Some(Buy::OnDemand));
        // Months 1 and 2 sit under the level (one bar each); month 3 has one bar under and one above it.
        assert_eq!(svg.matches("<rect class=\"bar ").count(), 4, "{svg}");
        assert!(svg.contains("data-testid=\"fleet-committed\""));
        assert!(svg.contains("2 × "), "{svg}");
        assert_eq!(fleet(F, &[], &[], None, None), "");
        assert_eq!(fleet(F, &[0, 0], &[0, 0], None, None), "");
        // A second commitment from month 2: month 1 splits at 1, months 2 and 3 at 2 (so month 3 has
        // one under and one above), the level steps, and the legend gives its most.
        let svg = fleet(F, &[1, 2, 3], &[1, 2, 2], Some(Buy::InstanceSp1), Some(Buy::OnDemand));
        assert_eq!(svg.matches("<rect class=\"bar ").count(), 4, "{svg}");
        assert_eq!(svg.matches("class=\"level\"").count(), 3, "{svg}");
        assert!(svg.contains("up to 2 × EC2 Instance Savings Plan, 1 year"), "{svg}");
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
        // The usable limit at 0.9 × 24 GiB on a 24 GiB scale: 90 % across.
        assert!(svg.contains("x1=\"90.00%\""), "{svg}");
    }
}
