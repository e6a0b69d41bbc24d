//! The two cost charts, which must agree: cost per purchase option as bars, and cumulative cost month by month. A commitment's term that runs past the horizon is counted whole in both: pale in its bar, a dashed rise at the end of its line. Geometry from `crate::chart`, drawing from `svg`.

use super::svg::{figure_open, label, legend_entry, line, pc, px, rect, series_class, y_grid, y_title};
use super::{Fmt, Html};
use crate::chart::{cumulative_series, paid_and_owed, ticks, Scale, Series};
use crate::engine::cost::OptionCost;
use crate::explain::{self, buy_name};
use crate::format;
use crate::i18n::Msg;
use crate::num::rounded;
use crate::query::buy_key;
use crate::scenario::Buy;

/// The cumulative chart's axes: money up the left with its grid, months along the bottom, both titled.
fn axes(h: &mut Html, f: Fmt, (x, y): (Scale, Scale), money_ticks: &[f64], (height, t, b): (f64, f64, f64)) {
    let (l, r) = (x.p0, x.p1);
    y_grid(h, money_ticks, y, (l, r), &|v| {
        format::money_axis(v, f.currency, f.cny_per_usd, f.lang)
    });
    for m in ticks(x.d1, 6).into_iter().filter(|m| *m <= x.d1) {
        label(
            h,
            "tick",
            (x.at(m), 0.0),
            height - b + 16.0,
            "middle",
            &format::number(m, 0),
        );
    }
    let base = height - b;
    line(h, "axis", (l, r), (base, base), &[]);
    line(h, "axis", (l, l), (t, base), &[]);
    label(
        h,
        "axis-label",
        ((l + r) / 2.0, 0.0),
        height - 6.0,
        "middle",
        f.t(Msg::MonthAxis),
    );
    y_title(
        h,
        14.0,
        (t + height - b) / 2.0,
        &format!("{} ({})", f.t(Msg::CostAxis), f.code()),
    );
}

/// The cumulative chart's plot: months across 0..1000 of a stretched inner SVG (its strokes do not
/// scale), pixels down.
const PLOT_UNITS: f64 = 1000.0;

/// Each option's cumulative line in the stretched plot, carrying what it paid within the horizon and
/// what its terms still owe after it.
fn series_lines(h: &mut Html, series: &[Series], months: f64, y: Scale) {
    for s in series {
        let pts: Vec<String> = s
            .points
            .iter()
            .map(|(m, v)| format!("{},{}", px(m / months.max(1.0) * PLOT_UNITS), px(y.at(*v))))
            .collect();
        let paid = s.points.last().map_or(0.0, |p| p.1);
        h.open(
            "polyline",
            &[
                ("class", &format!("line {}", series_class(s.buy))),
                ("points", &pts.join(" ")),
                ("data-buy", buy_key(s.buy)),
                ("data-paid-usd", &rounded(paid, 6)),
                ("data-owed-usd", &rounded(s.owed_usd, 6)),
            ],
        )
        .close("polyline");
    }
}

/// The rest of each term, owed after the horizon: a dashed rise at the horizon's end (side by side, a
/// few pixels apart), and the break-even points on On-Demand's line, each in its option's colour.
fn owed_and_breakeven(h: &mut Html, f: Fmt, series: &[Series], x: Scale, y: Scale) {
    let mut owing = 0;
    for s in series {
        let class = series_class(s.buy);
        let paid = s.points.last().map_or(0.0, |p| p.1);
        if s.owed_usd > 0.005 {
            owing += 1;
            let shift = format!("translate({} 0)", 4 * owing);
            let (y1, y2) = (y.at(paid), y.at(paid + s.owed_usd));
            line(
                h,
                &format!("owed {class}"),
                (x.p1, x.p1),
                (y1, y2),
                &[("transform", &shift)],
            );
        }
        if let Some((m, usd)) = s.breakeven {
            let title = format!(
                "{}{}{}",
                buy_name(s.buy, f.lang),
                f.t(Msg::Colon),
                explain::months(m, f.lang)
            );
            let (cx, cy) = (pc(x.at(m)), px(y.at(usd)));
            h.open(
                "circle",
                &[("class", &format!("be {class}")), ("cx", &cx), ("cy", &cy), ("r", "4")],
            )
            .el("title", &[], &title)
            .close("circle");
        }
    }
}

/// The cumulative chart's legend: each option, then what the dashed rises and the dots mean when
/// there are any.
fn cumulative_legend(h: &mut Html, f: Fmt, series: &[Series], bedrock: bool) {
    h.open("ul", &[("class", "legend")]);
    for s in series {
        legend_entry(h, &series_class(s.buy), buy_name(s.buy, f.lang));
    }
    if series.iter().any(|s| s.owed_usd > 0.005) {
        legend_entry(h, "owed", f.t(Msg::ChartOwed));
    }
    if series.iter().any(|s| s.breakeven.is_some()) {
        legend_entry(h, "be", f.t(Msg::ChartBreakEven));
    }
    if bedrock {
        legend_entry(h, "bedrock", f.t(Msg::ChartBedrock));
    }
    h.close("ul");
}

/// Cumulative cost per option over the horizon: what each has paid by every month, the rest of its
/// terms owed after the horizon, commitments' break-even points (services only), and Amazon Bedrock's
/// on-demand bill for the stated load (`bedrock_monthly_usd` a month) beside them; empty with fewer
/// than two lines.
pub fn cumulative(f: Fmt, options: &[OptionCost], months: u32, bedrock_monthly_usd: Option<f64>) -> String {
    let series = cumulative_series(options, months);
    let bedrock = bedrock_monthly_usd.filter(|b| b.is_finite() && *b > 0.0 && !series.is_empty());
    if series.len() + usize::from(bedrock.is_some()) < 2 {
        return String::new();
    }
    let (height, l, r, t, b) = (260.0, 16.0, 92.0, 12.0, 42.0);
    let span = f64::from(months.max(1));
    let max = series
        .iter()
        .map(|s| s.points.last().map_or(0.0, |p| p.1) + s.owed_usd)
        .fold(bedrock.map_or(0.0, |b| b * span), f64::max);
    let yt = ticks(max, 4);
    let y = Scale {
        d0: 0.0,
        d1: yt.last().copied().unwrap_or(1.0).max(1e-9),
        p0: height - b,
        p1: t,
    };
    let x = Scale {
        d0: 0.0,
        d1: span,
        p0: l,
        p1: r,
    };
    let mut h = Html::new();
    let caption = f.t(Msg::ChartCumulative);
    figure_open(&mut h, "chart-cumulative", caption, caption, height);
    axes(&mut h, f, (x, y), &yt, (height, t, b));
    let (w, ht, vb) = (pc(r - l), px(height), format!("0 0 {} {}", px(PLOT_UNITS), px(height)));
    h.open(
        "svg",
        &[
            ("class", "plot"),
            ("x", &pc(l)),
            ("width", &w),
            ("height", &ht),
            ("viewBox", &vb),
            ("preserveAspectRatio", "none"),
        ],
    );
    series_lines(&mut h, &series, span, y);
    if let Some(b) = bedrock {
        let pts = format!("0,{} {},{}", px(y.at(0.0)), px(PLOT_UNITS), px(y.at(b * span)));
        h.open(
            "polyline",
            &[
                ("class", "line bedrock"),
                ("points", &pts),
                ("data-testid", "bedrock-line"),
                ("data-paid-usd", &rounded(b * span, 6)),
            ],
        )
        .close("polyline");
    }
    h.close("svg");
    owed_and_breakeven(&mut h, f, &series, x, y);
    h.close("svg");
    cumulative_legend(&mut h, f, &series, bedrock.is_some());
    h.close("figure");
    h.finish()
}

/// One bar of the option chart: what falls within the horizon solid, the rest of a term pale.
fn option_bar(h: &mut Html, b: Buy, (paid, total): (f64, f64), x: Scale, y: f64) {
    let class = series_class(b);
    let mut part = |from: f64, to: f64, class: &str| {
        let width = (x.at(to) - x.at(from)).max(0.2);
        rect(h, class, (x.at(from), width), (y, 12.0), "");
    };
    part(0.0, paid.min(x.d1), &format!("bar {class}"));
    if total > paid + 0.005 && paid < x.d1 {
        part(paid, total.min(x.d1), &format!("bar owed {class}"));
    }
}

/// The cost of every available option, as bars (per job for jobs, over the horizon for services): the
/// option's name above its bar, its figure after it; for a service, the part of a term paid after the
/// horizon is pale.
pub fn option_bars(f: Fmt, options: &[OptionCost], months: u32) -> String {
    let avail: Vec<&OptionCost> = options.iter().filter(|o| o.comparable_usd().is_some()).collect();
    let avail = crate::order::sorted(avail, &|a, b| {
        a.comparable_usd()
            .unwrap_or(0.0)
            .total_cmp(&b.comparable_usd().unwrap_or(0.0))
    });
    if avail.is_empty() {
        return String::new();
    }
    let row = 36.0;
    let height = row * avail.len() as f64 + 24.0;
    // For a job, a commitment's bar is its whole term and would squash the others: the scale follows
    // the other options, and longer bars are clipped (marked ›, their value still printed).
    let is_job = avail.iter().any(|o| o.job_usd.is_some());
    let total = |o: &OptionCost| o.comparable_usd().unwrap_or(0.0);
    let scale_max = avail
        .iter()
        .filter(|o| !is_job || o.buy.term_years().is_none())
        .map(|o| total(o))
        .fold(0.0, f64::max);
    let max = if scale_max > 0.0 {
        scale_max * 1.05
    } else {
        avail.iter().map(|o| total(o)).fold(0.0, f64::max)
    }
    .max(1e-9);
    // Bars take 72 % of the width, leaving the rest for the figure after the longest.
    let x = Scale {
        d0: 0.0,
        d1: max,
        p0: 0.0,
        p1: 72.0,
    };
    let mut h = Html::new();
    let caption = f.t(Msg::ChartOptions);
    figure_open(&mut h, "chart-options", caption, caption, height);
    let mut owes = false;
    for (i, o) in avail.iter().enumerate() {
        let y0 = row * i as f64;
        let v = total(o);
        let paid = if is_job { v } else { paid_and_owed(o, months).0.min(v) };
        owes |= v > paid + 0.005;
        label(&mut h, "tick", (0.0, 0.0), y0 + 11.0, "", buy_name(o.buy, f.lang));
        option_bar(&mut h, o.buy, (paid, v), x, y0 + 16.0);
        let clipped = v > max;
        if clipped {
            label(&mut h, "clip", (x.p1, -10.0), y0 + 27.0, "", "›");
        }
        label(&mut h, "value", (x.at(v.min(max)), 6.0), y0 + 27.0, "", &f.money(v));
    }
    let title = format!("{} ({})", f.t(Msg::CostAxis), f.code());
    label(&mut h, "axis-label", (36.0, 0.0), height - 6.0, "middle", &title);
    h.close("svg");
    if owes {
        h.open("ul", &[("class", "legend")]);
        legend_entry(&mut h, "owed", f.t(Msg::ChartOwed));
        h.close("ul");
    }
    h.close("figure");
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chart::tests::options_of;
    use crate::render::tests::EN_USD as F;
    use crate::scenario::Lang;

    #[test]
    fn both_cost_charts_show_the_rest_of_a_term_paid_after_the_horizon() {
        let (options, months) = options_of("model=llama3.1-8b&months=12");
        let line = cumulative(F, &options, months, None);
        let bars = option_bars(F, &options, months);
        // Three-year terms run past a 12-month horizon: a dashed rise per three-year option, a pale
        // part of its bar, and the legend saying so in both charts.
        let three_years = options
            .iter()
            .filter(|o| o.unavailable.is_none() && o.buy.term_years() == Some(3))
            .count();
        assert!(three_years >= 1);
        assert_eq!(line.matches("<line class=\"owed ").count(), three_years, "{line}");
        assert_eq!(bars.matches("class=\"bar owed ").count(), three_years, "{bars}");
        for svg in [&line, &bars] {
            assert!(svg.contains("<span class=\"swatch owed\"></span>"), "{svg}");
        }
        // Break-even dots sit after month 0; the plot is the only scaled drawing, and text is never in it.
        assert!(line.contains("<circle class=\"be "), "{line}");
        assert!(!line.contains("cx=\"16.00%\""), "{line}");
        assert_eq!(line.matches("viewBox").count(), 1, "{line}");
        let plot = &line[line.find("class=\"plot\"").unwrap_or(0)..];
        let plot = &plot[..plot.find("</svg>").unwrap_or(0)];
        assert!(!plot.is_empty() && !plot.contains("<text"), "{plot}");
    }

    #[test]
    fn the_legends_say_it_in_chinese_too() {
        let (options, months) = options_of("model=llama3.1-8b&months=12");
        let zh = Fmt { lang: Lang::Zh, ..F };
        let (line, bars) = (
            cumulative(zh, &options, months, None),
            option_bars(zh, &options, months),
        );
        for svg in [&line, &bars] {
            assert!(svg.contains("浅色或虚线：规划期结束后仍需支付的剩余承诺期"), "{svg}");
        }
        assert!(
            line.contains("圆点：按需累计费用已等于整个承诺期的费用") && line.contains("个月</title>"),
            "{line}"
        );
    }

    #[test]
    fn a_horizon_of_whole_terms_owes_nothing_after_it() {
        let (options, months) = options_of("model=llama3.1-8b&months=36");
        let line = cumulative(F, &options, months, None);
        assert!(
            !line.contains("class=\"owed") && !line.contains("swatch owed"),
            "{line}"
        );
        assert!(line.contains("data-owed-usd=\"0\""), "{line}");
        assert!(!option_bars(F, &options, months).contains("owed"));
        // Month ticks stop at the horizon.
        assert!(!line.contains(">40</text>"), "{line}");
    }
}
