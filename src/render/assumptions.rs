//! The Assumptions view's tables as HTML text: the Savings Plan rates assumed, and every source of the catalog with its publisher, date and where to find it.

use super::Html;
use crate::catalog::{Catalog, Payment, SavingsPlan};
use crate::format;
use crate::i18n::{t, Msg};
use crate::scenario::Lang;

/// The Savings Plan discounts the catalog assumes (no public GPU-specific rates exist): a row each.
pub fn savings_plans(lang: Lang, c: &Catalog) -> String {
    let mut h = Html::new();
    h.open("tbody", &[]);
    for a in &c.savings_plan_assumptions {
        let plan = match a.plan {
            SavingsPlan::Compute => "Compute SP",
            SavingsPlan::Ec2instance => "EC2 Instance SP",
        };
        let pay = t(
            lang,
            match a.payment {
                Payment::No => Msg::PayNo,
                Payment::Partial => Msg::PayPartial,
                Payment::All => Msg::PayAll,
            },
        );
        let years = t(lang, Msg::YearsShort);
        h.open("tr", &[])
            .el(
                "th",
                &[("scope", "row")],
                &format!("{plan} · {} {years} · {pay}", a.term_years),
            )
            .el(
                "td",
                &[("class", "num")],
                &format!("{} %", format::number(a.discount_pct, 1)),
            )
            .close("tr");
    }
    h.close("tbody");
    h.finish()
}

/// The published Savings Plan rates the catalog imported: type, region, plan, term, payment, rate, date.
pub fn savings_plan_rates(lang: Lang, c: &Catalog) -> String {
    let mut h = Html::new();
    h.open("tbody", &[]);
    for r in &c.savings_plan_rates {
        let plan = match r.plan {
            SavingsPlan::Compute => "Compute SP",
            SavingsPlan::Ec2instance => "EC2 Instance SP",
        };
        let pay = match r.payment {
            Some(Payment::No) => t(lang, Msg::PayNo),
            Some(Payment::Partial) => t(lang, Msg::PayPartial),
            Some(Payment::All) => t(lang, Msg::PayAll),
            None => "?",
        };
        let years = t(lang, Msg::YearsShort);
        h.open("tr", &[("data-testid", "sp-rate")])
            .el(
                "th",
                &[("scope", "row")],
                &format!(
                    "{} {} · {plan} · {} {years} · {pay}",
                    r.instance, r.region, r.term_years
                ),
            )
            .el(
                "td",
                &[("class", "num")],
                &format!("${}/h", format::number(r.effective_usd_hr, 2)),
            )
            .el("td", &[("class", "num")], &r.as_of.to_string())
            .close("tr");
    }
    h.close("tbody");
    h.finish()
}

/// Every source: title, publisher, date, and a link (or the file it is in, or "no link").
pub fn sources(lang: Lang, c: &Catalog) -> String {
    let mut h = Html::new();
    h.open("thead", &[]).open("tr", &[]);
    for (m, class) in [
        (Msg::SourceTitle, ""),
        (Msg::Publisher, ""),
        (Msg::SourceDate, "num"),
        (Msg::SourceWhere, ""),
    ] {
        let c = if class.is_empty() { ("", "") } else { ("class", class) };
        h.el("th", &[("scope", "col"), c], t(lang, m));
    }
    h.close("tr").close("thead").open("tbody", &[]);
    for s in &c.sources {
        h.open("tr", &[("data-testid", "source"), ("data-id", &s.id)])
            .el("th", &[("scope", "row")], &s.title)
            .el("td", &[], &s.publisher)
            .el("td", &[("class", "num")], &s.date.to_string())
            .open("td", &[("class", "where")]);
        match s.url() {
            Some(href) => h.el(
                "a",
                &[("href", &href), ("rel", "noopener noreferrer"), ("target", "_blank")],
                &s.location,
            ),
            None if s.location.is_empty() => h.el("span", &[("class", "muted")], t(lang, Msg::NoLink)),
            None => h.el("code", &[], &s.location),
        };
        h.close("td").close("tr");
    }
    h.close("tbody");
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog_static::catalog;

    #[test]
    fn every_source_has_a_row_and_links_stay_attributes() {
        let c = catalog();
        let html = sources(Lang::En, &c);
        assert_eq!(html.matches("data-testid=\"source\"").count(), c.sources.len());
        assert!(html.contains("<a href=\"http"), "{html}");
        assert_eq!(
            savings_plans(Lang::Zh, &c).matches("<tr>").count(),
            c.savings_plan_assumptions.len()
        );
    }
}
