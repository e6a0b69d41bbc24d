//! Compare's table as HTML text: the picked types side by side (specs, whether they fit the scenario, every purchase option's cost), each column removable (`data-act="uncmp"`). The table itself is `crate::compare::sheet`.

use super::{Fmt, Html};
use crate::compare::{Cell, Fit, Head, Sheet};
use crate::explain;
use crate::format;
use crate::i18n::Msg;
use crate::scenario::Buy;

/// A cell's text on the page.
fn cell_text(f: Fmt, cell: &Cell) -> String {
    let dash = || "—".to_string();
    match *cell {
        Cell::Text(t) => t.to_string(),
        Cell::Figure(v, d) => v.map_or_else(dash, |v| format::number(v, d)),
        Cell::Count(n, fraction) => n.map_or_else(dash, |n| format::accel_count(n, fraction)),
        Cell::Price(v) => v.map_or_else(|| f.t(Msg::NoPrice).into(), |v| f.money(v)),
        Cell::Cost(v) => v.map_or_else(dash, |v| f.money(v)),
        Cell::Fit(Fit::On(n)) => explain::fits_on(n, f.lang),
        Cell::Fit(Fit::DoesNotFit(_)) => f.t(Msg::DoesNotFit).into(),
        Cell::Fit(Fit::Excluded(e)) => explain::exclusion(e, f.lang),
        Cell::Fit(Fit::NotEvaluated) => f.t(Msg::NotEvaluated).into(),
    }
}

/// The table's head: a column per pick, each with its "×".
fn head(h: &mut Html, f: Fmt, t: &Sheet) {
    h.open("thead", &[])
        .open("tr", &[])
        .el("th", &[("scope", "col")], f.t(Msg::Instance));
    for i in &t.picks {
        let label = format!("{} {}", f.t(Msg::RemoveFromCompare), i.id);
        h.open(
            "th",
            &[
                ("scope", "col"),
                ("data-testid", "compare-col"),
                ("data-instance", &i.id),
            ],
        )
        .text(&format!("{} ", i.id))
        .el(
            "button",
            &[
                ("type", "button"),
                ("class", "small"),
                ("aria-label", &label),
                super::Act::Uncmp.attr(),
                ("data-id", &i.id),
            ],
            "×",
        )
        .close("th");
    }
    h.close("tr").close("thead");
}

/// The table's head and body.
pub fn table(f: Fmt, t: &Sheet) -> String {
    let mut h = Html::new();
    head(&mut h, f, t);
    h.open("tbody", &[]);
    for r in &t.rows {
        let (label, class) = match r.head {
            Head::Spec(m, _) => (f.t(m), "num"),
            // Whether it fits is a sentence, often a long one: it wraps instead of widening the table.
            Head::Fit => (f.t(Msg::Fits), "fit"),
            Head::Buy(b) => (explain::buy_name(b, f.lang), "num"),
        };
        // The options' rows under one group head.
        if r.head == Head::Buy(Buy::ALL[0]) {
            let group = format!("{} ({} / {})", f.t(Msg::Options), f.t(Msg::Horizon), f.t(Msg::PerJob));
            h.open("tr", &[])
                .el("th", &[("scope", "row"), ("colspan", "99"), ("class", "group")], &group)
                .close("tr");
        }
        h.open("tr", &[]).el("th", &[("scope", "row")], label);
        for c in &r.cells {
            h.el("td", &[("class", class)], &cell_text(f, c));
        }
        h.close("tr");
    }
    h.close("tbody");
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog_static::catalog;
    use crate::compare::{costs_of_picks, sheet};
    use crate::scenario::Lang;

    #[test]
    fn a_pick_the_link_leaves_out_is_not_evaluated_rather_than_unfit() {
        let c = catalog();
        let (s, _) = crate::query::parse("v=1&model=llama3.1-8b&inst=g6e.xlarge", &c);
        let o = crate::engine::recommend(&c, &s);
        let picks = ["g6e.xlarge".to_string(), "p5.48xlarge".to_string()];
        let costs = costs_of_picks(&c, &s, &o, &picks);
        let html = table(Fmt::from(Lang::En), &sheet(&c, &s, &o, &picks, &costs));
        assert_eq!(html.matches("data-testid=\"compare-col\"").count(), 2);
        assert!(html.contains(crate::i18n::t(Lang::En, Msg::NotEvaluated)), "{html}");
        assert!(!html.contains(crate::i18n::t(Lang::En, Msg::DoesNotFit)), "{html}");
        assert!(html.contains("<td class=\"fit\">Fits on 1 instance</td>"), "{html}");
        assert!(html.contains("colspan=\"99\""), "{html}");
    }
}
