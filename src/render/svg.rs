//! SVG pieces the charts share: the figure and its caption, shapes, labels, grid lines, legend entries, an option's colour. A chart has no viewBox: across, positions are percentages of its width; down, pixels. It stretches to its box and its text keeps its CSS size at every width, from a 360 px phone to a 1,200 px embed.

use super::Html;
use crate::chart::Scale;
use crate::scenario::Buy;

/// Colour class of an option: the same in every chart.
pub(super) fn series_class(b: Buy) -> String {
    format!("s{}", Buy::ALL.iter().position(|x| *x == b).unwrap_or(0))
}

/// A vertical position or a length in pixels, to one decimal.
pub(super) fn px(v: f64) -> String {
    crate::num::fixed(v, 1)
}

/// A horizontal position as a percentage of the chart's width, to two decimals.
pub(super) fn pc(v: f64) -> String {
    format!("{}%", crate::num::fixed(v, 2))
}

/// `<figure class="chart" data-testid=…><figcaption>…</figcaption><svg height=…>`: as wide as its box.
pub(super) fn figure_open(h: &mut Html, testid: &str, caption: &str, label: &str, height: f64) {
    h.open("figure", &[("class", "chart"), ("data-testid", testid)])
        .el("figcaption", &[], caption);
    h.open(
        "svg",
        &[("height", &px(height)), ("role", "img"), ("aria-label", label)],
    );
}

/// A line from `x.0` to `x.1` % across and `y.0` to `y.1` px down; `extra` attributes after.
pub(super) fn line(h: &mut Html, class: &str, x: (f64, f64), y: (f64, f64), extra: &super::Attrs) {
    let v = [pc(x.0), pc(x.1), px(y.0), px(y.1)];
    let mut attrs = vec![
        ("class", class),
        ("x1", &v[0]),
        ("x2", &v[1]),
        ("y1", &v[2]),
        ("y2", &v[3]),
    ];
    attrs.extend_from_slice(extra);
    h.open("line", &attrs).close("line");
}

/// A rectangle `x.1` % wide from `x.0` % across, `y.1` px high from `y.0` px down, with a tooltip
/// `title` when not empty.
pub(super) fn rect(h: &mut Html, class: &str, x: (f64, f64), y: (f64, f64), title: &str) {
    let v = [pc(x.0), pc(x.1), px(y.0), px(y.1)];
    h.open(
        "rect",
        &[
            ("class", class),
            ("x", &v[0]),
            ("width", &v[1]),
            ("y", &v[2]),
            ("height", &v[3]),
        ],
    );
    if !title.is_empty() {
        h.el("title", &[], title);
    }
    h.close("rect");
}

/// A `<text>` at `x_pc` % across and `y` px down, moved `dx` px sideways.
pub(super) fn label(h: &mut Html, class: &str, (x_pc, dx): (f64, f64), y: f64, anchor: &str, text: &str) {
    let (xs, ys, dxs) = (pc(x_pc), px(y), px(dx));
    let mut attrs = vec![("class", class), ("x", xs.as_str()), ("y", ys.as_str())];
    if dx != 0.0 {
        attrs.push(("dx", &dxs));
    }
    if !anchor.is_empty() {
        attrs.push(("text-anchor", anchor));
    }
    h.el("text", &attrs, text);
}

/// Horizontal grid lines from `l` % to `r` % across, each labelled left of `l`.
pub(super) fn y_grid(h: &mut Html, values: &[f64], y: Scale, (l, r): (f64, f64), text: &dyn Fn(f64) -> String) {
    for v in values {
        let at = y.at(*v);
        line(h, "grid", (l, r), (at, at), &[]);
        label(h, "tick", (l, -6.0), at + 4.0, "end", &text(*v));
    }
}

/// A legend entry: a swatch of `class` and its text.
pub(super) fn legend_entry(h: &mut Html, class: &str, text: &str) {
    h.open("li", &[])
        .open("span", &[("class", &format!("swatch {class}"))])
        .close("span")
        .text(text)
        .close("li");
}

/// The vertical axis title, rotated, at `x` px from the left edge.
pub(super) fn y_title(h: &mut Html, x: f64, y: f64, text: &str) {
    let (xs, ys) = (px(x), px(y));
    let rot = format!("rotate(-90 {xs} {ys})");
    h.el(
        "text",
        &[
            ("class", "axis-label"),
            ("x", &xs),
            ("y", &ys),
            ("text-anchor", "middle"),
            ("transform", &rot),
        ],
        text,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn across_is_a_percentage_and_down_is_pixels() {
        let mut h = Html::new();
        label(&mut h, "tick", (12.5, -6.0), 40.0, "end", "$5k");
        label(&mut h, "tick", (50.0, 0.0), 8.0, "", "x");
        assert_eq!(
            h.finish(),
            "<text class=\"tick\" x=\"12.50%\" y=\"40.0\" dx=\"-6.0\" text-anchor=\"end\">$5k</text>\
             <text class=\"tick\" x=\"50.00%\" y=\"8.0\">x</text>"
        );
        let mut h = Html::new();
        figure_open(&mut h, "c", "Cap", "Label", 120.0);
        let svg = h.finish();
        assert!(svg.contains("<svg height=\"120.0\" role=\"img\""), "{svg}");
        assert!(!svg.contains("viewBox"), "{svg}");
    }
}
