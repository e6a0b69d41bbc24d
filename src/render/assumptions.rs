//! The Assumptions view's read-only parts as HTML text: its headings, the source and note lines under the fields, the Savings Plan rates assumed, and every source of the catalog with its publisher, date and where to find it.

use super::Html;
use crate::catalog::{Catalog, Payment, SavingsPlan};
use crate::format;
use crate::i18n::{t, Msg};
use crate::presentation::Presentation;
use crate::scenario::{Lang, Scenario};

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

/// One line of the Assumptions form.
pub enum Line {
    /// An editable assumption: its link key and label; `true` when empty means "the catalog's figure".
    Field(&'static str, Msg, bool),
    /// A read-only line (a source or a note), HTML text.
    Text(Piece),
}

use Line::{Field, Text};
use Piece::{Note, Source};

pub const GENERAL: &[Line] = &[
    Field("mfu", Msg::Mfu, false),
    Text(Source("mfu", Msg::SrcMfu)),
    Text(Note(Msg::HintMfu)),
    Field("bweff", Msg::BwEff, false),
    Text(Source("bweff", Msg::SrcBw)),
    Field("usable", Msg::MemUsable, false),
    Text(Source("usable", Msg::SrcUsable)),
    Field("overhead", Msg::OverheadGib, false),
    Text(Source("overhead", Msg::SrcOverhead)),
    Field("budgetx", Msg::PerfBudget, false),
    Field("rank", Msg::LoraRank, false),
    Field("arlat", Msg::ArLat, false),
    Field("arhop", Msg::ArHop, false),
    Field("nvsar", Msg::NvsAr, false),
    Text(Source("nvsar", Msg::SrcNvsAr)),
    Field("stepms", Msg::StepMs, false),
    Field("pfmfu", Msg::PrefillMfu, false),
    Text(Source("pfmfu", Msg::SrcPrefill)),
    Field("fp4x", Msg::Fp4Speedup, false),
    Field("nmfu", Msg::NeuronMfu, false),
    Field("nhop", Msg::NeuronHop, false),
    Field("nstepms", Msg::NeuronStep, false),
    Text(Source("nmfu", Msg::SrcNeuronServing)),
    Field("moes", Msg::MoeServingBytes, false),
    Text(Source("moes", Msg::SrcMoeServing)),
    Field("readtps", Msg::ReadableTps, false),
    Text(Source("readtps", Msg::SrcReadable)),
    Field("speca", Msg::SpecAccept, false),
    Text(Source("speca", Msg::SrcSpec)),
    Field("seatuse", Msg::SeatUse, false),
    Text(Note(Msg::SrcServing)),
];

pub const PURCHASE: &[Line] = &[
    Field("cspdisc", Msg::CspDisc, true),
    Field("ispdisc", Msg::IspDisc, true),
    Text(Source("", Msg::SrcSp)),
    Field("spotdisc", Msg::SpotDisc, true),
    Field("irate", Msg::InterruptRate, true),
    Text(Source("", Msg::SrcSpot)),
    Field("ckpt", Msg::CkptInterval, false),
    Text(Source("ckpt", Msg::SrcCkpt)),
    Field("ckptw", Msg::CkptWrite, false),
    Field("restart", Msg::RestartMin, false),
    Field("reacq", Msg::ReacqMin, false),
    Field("fx", Msg::Fx, false),
    Text(Note(Msg::HoursMonthNote)),
];

pub const TRAINING: &[Line] = &[
    Field("teff", Msg::TrainMfu, false),
    Field("nteff", Msg::NeuronTrainMfu, false),
    Field("linkeff", Msg::LinkEff, false),
    Field("overlap", Msg::CommOverlap, false),
    Field("fp8x", Msg::Fp8Speedup, false),
    Field("moeb", Msg::MoeBytes, false),
    Text(Source("moeb", Msg::SrcMoe)),
    Field("moecap", Msg::MoeCap, false),
    Text(Source("moecap", Msg::SrcMoeCap)),
    Field("ggeff", Msg::GgEff, false),
    Text(Source("ggeff", Msg::SrcGgEff)),
    Field("a2aov", Msg::A2aOverlap, false),
    Text(Source("a2aov", Msg::SrcA2a)),
    Field("nogdr", Msg::NoGdr, false),
];

pub const TRAINING_MORE: &[Line] = &[
    Field("ppchunks", Msg::PpChunks, false),
    Field("a10g", Msg::A10gTflops, false),
    Field("rtx6000", Msg::Rtx6000Tflops, false),
    Field("gaudi", Msg::GaudiTflops, false),
];

/// Whether an assumption (a scenario key, or the rate `fx`) differs from its default (a link or an edit changed it).
pub fn is_changed(s: &Scenario, p: &Presentation, key: &str) -> bool {
    let value = |s, p: &Presentation| crate::query::field_value(s, key).or_else(|| p.value(key));
    value(s, p) != value(&Scenario::default(), &Presentation::default())
}

/// The labels of the assumptions that differ from their defaults, in the order Assumptions lists them.
pub fn changed(s: &Scenario, p: &Presentation) -> Vec<Msg> {
    [GENERAL, PURCHASE, TRAINING, TRAINING_MORE]
        .iter()
        .flat_map(|lines| lines.iter())
        .filter_map(|l| match l {
            Field(key, label, _) if is_changed(s, p, key) => Some(*label),
            _ => None,
        })
        .collect()
}

/// On the Plan: the notice of a scenario whose assumptions differ from the defaults, naming them (empty when none do).
pub fn changed_notice(s: &Scenario, p: &Presentation) -> String {
    let labels = changed(s, p);
    if labels.is_empty() {
        return String::new();
    }
    super::controls::changed_notice(p.lang, &crate::explain::changed_assumptions(&labels, p.lang))
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

/// The Savings Plan discounts the catalog assumes where no per-type rate is imported: a row each, a quota
/// family's own row (P types' Compute SP) named by the family.
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
        // A quota family's own row (P types' Compute SP) names the family, as "(P)".
        let family = a
            .family
            .as_deref()
            .map(|f| format!(" ({})", f.to_ascii_uppercase()))
            .unwrap_or_default();
        h.open("tr", &[])
            .el(
                "th",
                &[("scope", "row")],
                &format!("{plan}{family} · {} {years} · {pay}", a.term_years),
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
    fn a_scenario_names_the_assumptions_it_changes() {
        // Issue 24 #15: a link whose assumptions differ from the defaults says so.
        let c = crate::catalog_static::catalog();
        let (s, p, _) = crate::query::parse_link("v=1&mfu=0.35&ckpt=20&model=llama3.1-70b", &c);
        assert_eq!(changed(&s, &p), [Msg::Mfu, Msg::CkptInterval]);
        assert!(changed(&Scenario::default(), &Presentation::default()).is_empty());
        // The CNY rate is the presentation's, not the scenario's, and still an assumption the page names.
        let (s2, p2, _) = crate::query::parse_link("v=1&fx=7.2", &c);
        assert_eq!(changed(&s2, &p2), [Msg::Fx]);
        let text = crate::explain::changed_assumptions(&changed(&s, &p), Lang::Zh);
        assert_eq!(
            text,
            "此场景有 2 项假设不同于默认值：模型算力利用率（MFU）、检查点间隔（分钟）。"
        );
    }

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
