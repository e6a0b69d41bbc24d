//! Explore's catalog table as HTML text: sortable column heads (`data-act="sort"`), one row per type with provenance on every price, and a Compare toggle (`data-act="cmp"`).

use super::{Fmt, Html};
use crate::explore::{PriceCell, Row};
use crate::format;
use crate::i18n::Msg;
use crate::state::{Column, ExploreState};

/// A column's heading.
pub fn column_label(c: Column) -> Msg {
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
        Column::Spot => Msg::SpotPrice,
    }
}

fn opt(v: Option<f64>, d: usize) -> String {
    v.map_or_else(|| "—".into(), |v| format::number(v, d))
}

/// A price cell: the figure with its source and date shown on focus, a tap or hover (`data-src`, CSS), or why it is empty.
fn price(h: &mut Html, f: Fmt, p: Option<&PriceCell>, missing: Msg) {
    match p {
        Some(p) => {
            let tag = if p.derived {
                format!(" ({})", f.t(Msg::DerivedTag))
            } else {
                String::new()
            };
            let title = format!("{} — {}{tag}", p.source_title, p.as_of);
            let text = format!("{}{}", f.money(p.usd), if p.derived { "*" } else { "" });
            h.el(
                "td",
                &[("class", "num"), ("data-src", &title), ("tabindex", "0")],
                &text,
            );
        }
        None => {
            h.el("td", &[("class", "num muted")], f.t(missing));
        }
    }
}

/// The table's head and body for `rows` (already filtered and sorted), showing the columns `x` does not
/// hide; `compare` holds the types picked for Compare.
pub fn table(f: Fmt, rows: &[Row], x: &ExploreState, compare: &[String]) -> String {
    // Prices right after the name: on a phone the table scrolls sideways, and the price is what a row is read for.
    let first = [Column::Instance, Column::OnDemand, Column::Spot];
    let visible: Vec<Column> = first
        .iter()
        .chain(Column::ALL.iter().filter(|c| !first.contains(c)))
        .copied()
        .filter(|c| !x.hidden.contains(c))
        .collect();
    let mut h = Html::new();
    h.open("thead", &[]).open("tr", &[]);
    for c in &visible {
        let (aria, arrow) = match (x.sort == *c).then_some(x.descending) {
            Some(true) => ("descending", " ▼"),
            Some(false) => ("ascending", " ▲"),
            None => ("none", ""),
        };
        let class = if matches!(c, Column::Instance | Column::Accelerator) {
            ("", "")
        } else {
            ("class", "num")
        };
        h.open("th", &[("scope", "col"), ("aria-sort", aria), class])
            .el(
                "button",
                &[
                    ("type", "button"),
                    ("class", "sort"),
                    ("data-col", c.key()),
                    super::Act::Sort.attr(),
                    ("data-id", c.key()),
                ],
                &format!("{}{arrow}", f.t(column_label(*c))),
            )
            .close("th");
    }
    h.el("th", &[("scope", "col")], f.t(Msg::Compare))
        .close("tr")
        .close("thead")
        .open("tbody", &[]);
    for r in rows {
        row(&mut h, f, r, &visible, compare.contains(&r.id));
    }
    h.close("tbody");
    h.finish()
}

fn row(h: &mut Html, f: Fmt, r: &Row, visible: &[Column], picked: bool) {
    let od = r
        .on_demand
        .as_ref()
        .map(|p| crate::num::shortest(p.usd))
        .unwrap_or_default();
    h.open(
        "tr",
        &[
            ("data-testid", "catalog-row"),
            ("data-instance", &r.id),
            ("data-od-usd", &od),
        ],
    )
    .el("th", &[("scope", "row")], &r.id);
    for c in visible.iter().skip(1) {
        let text = match c {
            Column::Instance => continue,
            Column::Accelerator => {
                h.el("td", &[("class", "wrap")], &r.accelerator);
                continue;
            }
            Column::OnDemand => {
                price(h, f, r.on_demand.as_ref(), r.od_missing);
                continue;
            }
            Column::Spot => {
                price(h, f, r.spot.as_ref(), Msg::SpotNotObserved);
                continue;
            }
            Column::Count => r
                .count
                .map_or_else(|| "—".into(), |n| format::accel_count(n, r.fraction)),
            Column::MemGib => format!(
                "{} GB · {} GiB",
                format::number(r.mem_gb, 1),
                format::number(r.mem_gib, 2)
            ),
            Column::TotalMemGib => opt(r.total_mem_gib, 1),
            Column::Vcpus => opt(r.vcpus, 0),
            Column::RamGib => opt(r.ram_gib, 0),
            Column::NetGbps => opt(r.net_gbps, 1),
            Column::Efa => opt(r.efa, 0),
        };
        h.el("td", &[("class", "num")], &text);
    }
    super::ranked::compare_cell(h, f, &r.id, picked);
    h.close("tr");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog_static::catalog;
    use crate::scenario::{Lang, Scenario};

    #[test]
    fn hidden_columns_and_picks_show_in_the_table() {
        let c = catalog();
        let s = Scenario::default();
        let mut x = ExploreState::default();
        x.hidden.push(Column::Vcpus);
        let rows = crate::explore::rows(&c, &x, &s.region);
        let first = rows.first().map(|r| r.id.clone()).unwrap_or_default();
        let html = table(Fmt::from(Lang::En), &rows, &x, std::slice::from_ref(&first));
        assert_eq!(html.matches("data-testid=\"catalog-row\"").count(), rows.len());
        assert!(!html.contains("data-col=\"cpu\""), "hidden column still shown");
        assert!(html.contains("data-col=\"ram\""));
        assert_eq!(html.matches("aria-pressed=\"true\"").count(), 1);
        // Issue 24 #20: the prices come right after the name, in view on a 390 px phone.
        let (od, acc) = (html.find("data-col=\"od\""), html.find("data-col=\"acc\""));
        assert!(od.is_some() && od < acc, "{html}");
        assert_eq!(
            html.matches("aria-sort=\"ascending\"").count() + html.matches("aria-sort=\"descending\"").count(),
            1
        );
    }
}
