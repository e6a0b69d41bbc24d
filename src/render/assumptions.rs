//! The Assumptions view's read-only parts as HTML text: its headings, the source and note lines under the fields, the Savings Plan rates assumed, and every source of the catalog with its publisher, date and where to find it.

use super::Html;
use crate::catalog::{Catalog, Payment, SavingsPlan};
use crate::format;
use crate::i18n::{t, Msg};
use crate::scenario::Lang;

/// A read-only part of the Assumptions view (the fields between them stay inputs).
pub enum Piece {
    /// The view's heading and what it is.
    Head,
    /// The heading of the training assumptions.
    Training,
    /// Everything after the fields: the training note, both Savings Plan tables and the sources.
    Tail,
    /// Where the fields above come from: the link key whose default is said (empty: the catalog's) and the reason.
    Source(&'static str, Msg),
    /// A note under the fields.
    Note(Msg),
}

/// `<p class="source muted">` with a text; `{runs}` in it is the ledger's count of published serving runs.
fn note(h: &mut Html, lang: Lang, m: Msg) {
    let text = t(lang, m);
    if text.contains("{runs}") {
        let runs = crate::accuracy::serving::RUN_COUNT.to_string();
        h.el("p", &[("class", "source muted")], &text.replace("{runs}", &runs));
    } else {
        h.el("p", &[("class", "source muted")], text);
    }
}

/// An attribute, left out when its value is empty.
fn attr<'a>(name: &'a str, value: &'a str) -> (&'a str, &'a str) {
    if value.is_empty() {
        ("", "")
    } else {
        (name, value)
    }
}

/// `<h3>` with a text (and an `id` unless empty).
fn h3(h: &mut Html, lang: Lang, m: Msg, id: &str) {
    h.el("h3", &[attr("id", id)], t(lang, m));
}

/// A scrollable table with its body written by `rows`.
fn table(h: &mut Html, class: &str, rows: &str) {
    h.open("div", &[("class", "table-wrap"), ("tabindex", "0")])
        .open("table", &[attr("class", class)])
        .fragment(rows)
        .close("table")
        .close("div");
}

/// One read-only part of the view in the language `lang`.
pub fn piece(lang: Lang, c: &Catalog, p: &Piece) -> String {
    let mut h = Html::new();
    match p {
        Piece::Head => {
            let ledger = super::site::page_path("a", "accuracy", lang);
            h.el("h2", &[], t(lang, Msg::ViewAssumptions))
                .el("p", &[], t(lang, Msg::AssumptionsIntro))
                .open("p", &[])
                .el(
                    "a",
                    &[("href", &ledger), ("data-testid", "ledger-link")],
                    t(lang, Msg::LedgerLink),
                )
                .close("p");
        }
        Piece::Training => h3(&mut h, lang, Msg::TrainAssumptions, ""),
        Piece::Tail => {
            note(&mut h, lang, Msg::SrcTrain);
            h3(&mut h, lang, Msg::SpPublished, "");
            note(&mut h, lang, Msg::SpPublishedNote);
            table(&mut h, "", &savings_plan_rates(lang, c));
            h3(&mut h, lang, Msg::SavingsPlansAssumed, "");
            note(&mut h, lang, Msg::SpBasis);
            table(&mut h, "", &savings_plans(lang, c));
            h3(&mut h, lang, Msg::Sources, "sources");
            note(&mut h, lang, Msg::SourcesIntro);
            h.el(
                "p",
                &[("class", "source muted"), ("data-testid", "articles-are")],
                t(lang, Msg::ArticlesAre),
            );
            table(&mut h, "sources", &sources(lang, c));
        }
        Piece::Source(key, why) => {
            let default = Some(*key)
                .filter(|k| !k.is_empty())
                .and_then(|k| crate::query::field_value(&crate::scenario::Scenario::default(), k));
            let colon = t(lang, Msg::Colon);
            let head = format!(
                "{}{colon}{} · {}{colon}",
                t(lang, Msg::Default),
                default.as_deref().unwrap_or(t(lang, Msg::FromCatalog)),
                t(lang, Msg::SourceLabel),
            );
            h.open("p", &[("class", "source")])
                .el("span", &[("class", "muted")], &head)
                .text(t(lang, *why))
                .close("p");
        }
        Piece::Note(m) => note(&mut h, lang, *m),
    }
    h.finish()
}

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
    fn the_read_only_lines_are_the_text_the_view_drew() {
        // The markup the compiled view wrote before these lines became HTML text (read from the page).
        let c = catalog();
        let src = piece(Lang::En, &c, &Piece::Source("mfu", Msg::SrcMfu));
        assert_eq!(
            src,
            format!(
                "<p class=\"source\"><span class=\"muted\">default: 0.4 · Source: </span>{}</p>",
                t(Lang::En, Msg::SrcMfu).replace('\'', "&#39;")
            )
        );
        // No key: the catalog's figure; Chinese punctuation.
        let sp = piece(Lang::Zh, &c, &Piece::Source("", Msg::SrcSp));
        assert!(
            sp.starts_with("<p class=\"source\"><span class=\"muted\">默认：按实例类型取自目录 · 来源：</span>"),
            "{sp}"
        );
        assert_eq!(
            piece(Lang::En, &c, &Piece::Note(Msg::HoursMonthNote)),
            format!("<p class=\"source muted\">{}</p>", t(Lang::En, Msg::HoursMonthNote))
        );
        // The serving note counts the ledger's runs, not a figure typed once (it read 79 when the ledger held 124).
        let runs = crate::accuracy::serving::RUN_COUNT;
        assert_eq!(
            piece(Lang::En, &c, &Piece::Note(Msg::SrcServing)),
            format!("<p class=\"source muted\">Assumptions held once against {runs} published serving runs; seat headroom is an assumption</p>")
        );
        assert!(piece(Lang::Zh, &c, &Piece::Note(Msg::SrcServing)).contains(&format!("按 {runs} 组公开推理实测")));
        assert_eq!(
            piece(Lang::Zh, &c, &Piece::Training),
            format!("<h3>{}</h3>", t(Lang::Zh, Msg::TrainAssumptions))
        );
        let tail = piece(Lang::En, &c, &Piece::Tail);
        assert_eq!(
            tail.matches("<div class=\"table-wrap\" tabindex=\"0\"><table").count(),
            3
        );
        assert!(tail.contains("<h3 id=\"sources\">Sources</h3>"), "{tail}");
        assert!(tail.contains("<table class=\"sources\"><thead>"), "{tail}");
        assert!(tail.contains("data-testid=\"articles-are\""), "{tail}");
    }

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
