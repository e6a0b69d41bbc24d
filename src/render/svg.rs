//! SVG pieces the charts share: the figure and its caption, shapes and labels with numbers written to one decimal, grid lines, legend entries, an option's colour.

use super::Html;
use crate::chart::Scale;
use crate::scenario::Buy;

/// The charts' drawing width (the SVG scales to its box).
pub(super) const W: f64 = 560.0;

/// Colour class of an option: the same in every chart.
pub(super) fn series_class(b: Buy) -> String {
    format!("s{}", Buy::ALL.iter().position(|x| *x == b).unwrap_or(0))
}

pub(super) fn f1(v: f64) -> String {
    crate::num::fixed(v, 1)
}

/// `<figure class="chart" data-testid=…><figcaption>…</figcaption><svg viewBox="0 0 W h" …>`.
pub(super) fn figure_open(h: &mut Html, testid: &str, caption: &str, label: &str, height: f64) {
    h.open("figure", &[("class", "chart"), ("data-testid", testid)])
        .el("figcaption", &[], caption);
    let vb = format!("0 0 {} {}", f1(W), f1(height));
    h.open("svg", &[("viewBox", &vb), ("role", "img"), ("aria-label", label)]);
}

/// An SVG shape with numeric attributes written to one decimal.
pub(super) fn shape(h: &mut Html, tag: &str, class: &str, nums: &[(&str, f64)]) {
    let vals: Vec<String> = nums.iter().map(|n| f1(n.1)).collect();
    let mut attrs: Vec<(&str, &str)> = vec![("class", class)];
    attrs.extend(nums.iter().zip(&vals).map(|(n, v)| (n.0, v.as_str())));
    h.open(tag, &attrs).close(tag);
}

/// A `<text>` at (x, y).
pub(super) fn label(h: &mut Html, class: &str, x: f64, y: f64, anchor: &str, text: &str) {
    let (xs, ys) = (f1(x), f1(y));
    let a = if anchor.is_empty() {
        ("", "")
    } else {
        ("text-anchor", anchor)
    };
    h.el("text", &[("class", class), ("x", &xs), ("y", &ys), a], text);
}

/// Horizontal grid lines across [l, W − r], each labelled at the left axis.
pub(super) fn y_grid(h: &mut Html, values: &[f64], y: Scale, l: f64, r: f64, text: &dyn Fn(f64) -> String) {
    for v in values {
        let at = y.at(*v);
        shape(h, "line", "grid", &[("x1", l), ("x2", W - r), ("y1", at), ("y2", at)]);
        label(h, "tick", l - 6.0, at + 4.0, "end", &text(*v));
    }
}

/// A legend entry in an option's colour.
pub(super) fn legend_entry(h: &mut Html, class: &str, text: &str) {
    h.open("li", &[])
        .open("span", &[("class", &format!("swatch {class}"))])
        .close("span")
        .text(text)
        .close("li");
}

/// The vertical axis title, rotated.
pub(super) fn y_title(h: &mut Html, x: f64, y: f64, text: &str) {
    let (ys, rot) = (f1(y), format!("rotate(-90 {} {})", f1(x), f1(y)));
    let xs = f1(x);
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
