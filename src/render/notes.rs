//! Short read-only parts of the page as HTML text: "nothing fits" with its one-click fixes (`data-act="fix"`), the notices, the link's warnings, the articles' guidance.

use super::{Fmt, Html};
use crate::catalog::{Buy, Catalog, IsoDate, PriceChange};
use crate::engine::Outcome;
use crate::explain;
use crate::i18n::{t, Msg};
use crate::query::Warning;
use crate::scenario::{Lang, Scenario, Task};
use crate::state::{full_page_href, AppState, Embed, View};

/// One-click changes after which something fits: multi-node, a lower precision, a shorter context,
/// fewer sequences (or a smaller micro-batch); each tried on the engine, the first that fits kept.
/// Each is (link key, value, the label of its field).
pub fn fixes_that_fit(c: &Catalog, s: &Scenario) -> Vec<(&'static str, String, Msg)> {
    use crate::engine::what_if::Fix;
    let serving = s.task == Task::Inference;
    crate::engine::what_if::fixes_that_fit(c, s)
        .into_iter()
        .map(|fix| {
            let (key, value) = fix_pair(s, fix);
            let label = match fix {
                Fix::Multinode => Msg::Multinode,
                Fix::Precision(_) => Msg::Precision,
                Fix::Context(_) if serving => Msg::Context,
                Fix::Context(_) => Msg::SeqLen,
                Fix::Batch(_) if serving => Msg::Concurrency,
                Fix::Batch(_) => Msg::MicroBatch,
            };
            (key, value, label)
        })
        .collect()
}

/// A what-if change (`engine::what_if::Fix`) as the link key and value that make it, written by the key's
/// own slot (so the button's value is the word a link takes).
fn fix_pair(s: &Scenario, fix: crate::engine::what_if::Fix) -> (&'static str, String) {
    use crate::engine::what_if::Fix;
    let key = match fix {
        Fix::Multinode => "multinode",
        Fix::Precision(_) => "prec",
        Fix::Context(_) => "ctx",
        Fix::Batch(_) => "batch",
    };
    let mut t = s.clone();
    fix.apply(&mut t);
    (key, crate::query::field_value(&t, key).unwrap_or_default())
}

/// "Nothing fits": the scenario, the closest type and how far off it is, and the changes that would fit.
pub fn nothing_fits(f: Fmt, s: &Scenario, o: &Outcome, fixes: &[(&'static str, String, Msg)]) -> String {
    let mut h = Html::new();
    h.el("h2", &[("data-testid", "nothing-fits")], f.t(Msg::NothingFits));
    h.el(
        "p",
        &[("class", "scenario"), ("data-testid", "scenario-line")],
        &explain::scenario_line(s, f.lang),
    );
    if let Some(n) = &o.nearest {
        let why = o
            .excluded
            .iter()
            .find(|e| e.instances.contains(n))
            .map_or(String::new(), |e| explain::exclusion(&e.reason, f.lang));
        h.open("p", &[("data-testid", "nearest")])
            .text(&format!("{}{}", f.t(Msg::Nearest), f.t(Msg::Colon)))
            .el("strong", &[], n)
            .text(&format!(" — {why}"))
            .close("p");
    }
    if !fixes.is_empty() {
        h.el("p", &[], f.t(Msg::WouldFit));
        fix_chips(&mut h, f.lang, fixes);
    }
    h.finish()
}

/// One-click changes as chips (`data-act="fix"`, the link key in `data-key`, the value in `data-id`).
fn fix_chips(h: &mut Html, lang: Lang, fixes: &[(&'static str, String, Msg)]) {
    h.open("div", &[("class", "chips")]);
    for (key, value, label) in fixes {
        let text = if *key == "multinode" {
            t(lang, *label).to_string()
        } else {
            format!("{}: {}", t(lang, *label), value.to_ascii_uppercase())
        };
        let attrs = [
            ("type", "button"),
            ("class", "chip"),
            ("data-testid", "fix"),
            super::controls::key_attr(key),
            super::Act::Fix.attr(),
            ("data-id", value),
        ];
        h.el("button", &attrs, &text);
    }
    h.close("div");
}

/// A status section with a list, then the one-click fixes a notice offers: `<section class="warnings"
/// …><ul>…</ul>…</section>`.
pub fn notices(lang: Lang, items: &[String], fixes: &[(&'static str, String, Msg)]) -> String {
    if items.is_empty() {
        return String::new();
    }
    let mut h = Html::new();
    h.open(
        "section",
        &[("class", "warnings"), ("data-testid", "notice"), ("role", "status")],
    )
    .open("ul", &[])
    .items(items)
    .close("ul");
    if !fixes.is_empty() {
        fix_chips(&mut h, lang, fixes);
    }
    h.close("section");
    h.finish()
}

/// The link's warnings, each naming its field.
pub fn warnings(lang: Lang, ws: &[Warning]) -> String {
    if ws.is_empty() {
        return String::new();
    }
    let mut h = Html::new();
    h.open(
        "section",
        &[("class", "warnings"), ("role", "status"), ("aria-live", "polite")],
    )
    .el("h2", &[], t(lang, Msg::Warnings))
    .open("ul", &[]);
    for w in ws {
        h.open("li", &[("data-testid", "warning"), ("data-field", &w.field)]);
        warning_sentence(&mut h, w, lang);
        h.close("li");
    }
    h.close("ul").close("section");
    h.finish()
}

/// Marks where the link's own text goes in a warning's sentence (private-use characters: no template has them).
const FIELD_MARK: &str = "\u{E000}";
const VALUE_MARK: &str = "\u{E001}";

/// One warning's sentence with the link's text (the key and the value, already made visible and capped by
/// `query::quote_link_text`) set apart as `<code>`: a crafted link can only ever appear as a quoted value,
/// never as words of the page.
fn warning_sentence(h: &mut Html, w: &Warning, lang: Lang) {
    let marked = Warning {
        field: FIELD_MARK.into(),
        value: VALUE_MARK.into(),
        ..w.clone()
    };
    // The plain-text sentence (CLI, embed) quotes the key in backticks; here `<code>` does that.
    let sentence = explain::warning(&marked, lang).replace("`\u{E000}`", FIELD_MARK);
    let mut rest = sentence.as_str();
    while let Some(i) = rest.find(['\u{E000}', '\u{E001}']) {
        let (before, from) = rest.split_at(i);
        h.text(before);
        let (code, after) = if let Some(after) = from.strip_prefix(FIELD_MARK) {
            (&w.field, after)
        } else {
            (&w.value, from.get(VALUE_MARK.len()..).unwrap_or(""))
        };
        h.el("code", &[("class", "link-text")], code);
        rest = after;
    }
    h.text(rest);
}

/// The articles' launch advice and cost-hygiene checklist.
pub fn guidance(lang: Lang) -> String {
    let items = |ms: &[Msg]| ms.iter().map(|m| t(lang, *m).to_string()).collect::<Vec<_>>();
    let mut h = Html::new();
    h.open("section", &[("class", "card guidance"), ("data-testid", "guidance")])
        .el("h2", &[], t(lang, Msg::Guidance))
        .open("ul", &[])
        .items(&items(&[
            Msg::GuideAmi,
            Msg::GuideEcs,
            Msg::GuideNeuron,
            Msg::GuideSpot,
        ]))
        .close("ul")
        .el("h3", &[], t(lang, Msg::Hygiene))
        .open("ul", &[("class", "checklist")])
        .items(&items(&[Msg::HygieneStop, Msg::HygieneCb, Msg::HygieneEip]))
        .close("ul")
        .close("section");
    h.finish()
}

/// The rates a link made on the catalog of `since` is told of (`Catalog::rates_since`): those of the
/// five types ranked first in `o` and of the picks for Compare, in the scenario's region, under its rate
/// filter. One call for the page, which has the state and the outcome.
pub fn link_rates_since(
    c: &Catalog,
    since: IsoDate,
    st: &AppState,
    o: &Outcome,
) -> (Vec<PriceChange>, Vec<(String, Buy)>) {
    let mut used: Vec<String> = o.recommendations.iter().take(5).map(|r| r.instance.clone()).collect();
    used.extend(st.compare.iter().cloned());
    c.rates_since(since, &st.scenario.region, &used, st.scenario.rate_filter())
}

/// What the page says when a link was made with another catalog: its date, this catalog's, and the
/// rates of the types it shows that moved in between (each with its option).
/// `unknown`: the rates (type, option) with no price history back to the link's date: then "none changed"
/// is not claimed, and the notice names them and `cat`.
pub fn catalog_notice(
    f: Fmt,
    link_date: IsoDate,
    as_of: IsoDate,
    changes: &[PriceChange],
    unknown: &[(String, Buy)],
) -> String {
    let name = |b: Buy| explain::buy_name(b, f.lang);
    let lines: Vec<String> = changes
        .iter()
        .map(|c| {
            format!(
                "{} · {}: {}/h → {}/h ({})",
                c.instance,
                name(c.option),
                f.money(c.before_usd_hr),
                f.money(c.now_usd_hr),
                c.date
            )
        })
        .collect();
    // The rates not known, one line a type (they come type by type): "p5.48xlarge · Spot; Capacity Block".
    let mut unknown_lines: Vec<String> = Vec::new();
    let mut last = "";
    for (instance, b) in unknown {
        match unknown_lines.last_mut() {
            Some(line) if last == instance => {
                line.push_str("; ");
                line.push_str(name(*b));
            }
            _ => unknown_lines.push(format!("{instance} · {}", name(*b))),
        }
        last = instance;
    }
    let (said, then) = catalog_notice_words(link_date, as_of, changes, unknown);
    let mut h = Html::new();
    h.open(
        "section",
        &[
            ("class", "warnings notice"),
            ("data-testid", "catalog-notice"),
            ("role", "status"),
        ],
    )
    .open("p", &[])
    .text(&format!("{} ", f.t(said)))
    .el("strong", &[], &link_date.to_string())
    .text(&format!(" → {as_of}. {}", f.t(then)))
    .close("p");
    if !lines.is_empty() {
        h.open("ul", &[]).items(&lines).close("ul");
        if !unknown.is_empty() {
            h.el("p", &[], f.t(Msg::HistoryNotKnown));
        }
    }
    if !unknown_lines.is_empty() {
        h.open("ul", &[]).items(&unknown_lines).close("ul");
    }
    h.close("section");
    h.finish()
}

/// The older-link notice's two sentences (the page's and the CLI's `catalog_since.message`): whether the link's
/// catalog is older or newer, then whether rates moved, none did, or some are not known.
pub fn catalog_notice_words(
    link_date: IsoDate,
    as_of: IsoDate,
    changes: &[PriceChange],
    unknown: &[(String, Buy)],
) -> (Msg, Msg) {
    let said = if link_date > as_of {
        Msg::LinkNewerCatalog
    } else {
        Msg::LinkOlderCatalog
    };
    let then = match (changes.is_empty(), unknown.is_empty()) {
        (true, false) => Msg::HistoryNotKnown,
        (true, true) => Msg::NoPricesChanged,
        (false, _) => Msg::PricesChangedSince,
    };
    (said, then)
}

/// The footer's catalog line: its date, where the figures come from, and whether it is old (`stale`).
pub fn catalog_line(lang: Lang, as_of: IsoDate, stale: bool) -> String {
    let mut h = Html::new();
    h.open("p", &[])
        .text(&format!("{} ", t(lang, Msg::CatalogAsOf)))
        .el("time", &[("data-testid", "as-of")], &as_of.to_string())
        .text(t(lang, Msg::SourcesNote))
        .close("p");
    if stale {
        h.el(
            "p",
            &[("class", "stale"), ("data-testid", "stale")],
            t(lang, Msg::Stale),
        );
    }
    h.finish()
}

/// The page's footer: in an embed (`st.embed`), the full page for the same scenario, in a new tab; then
/// the catalog's date (`catalog_line`).
pub fn footer(st: &AppState, as_of: IsoDate, stale: bool) -> String {
    let lang = st.presentation.lang;
    let mut h = Html::new();
    if st.embed != Embed::No {
        let href = full_page_href(st);
        let attrs = [
            ("href", href.as_str()),
            ("target", "_blank"),
            ("rel", "noopener"),
            ("data-testid", "open-full"),
        ];
        h.open("p", &[])
            .el("a", &attrs, &format!("{} ↗", t(lang, Msg::OpenFull)))
            .close("p");
    }
    let mut out = h.finish();
    out.push_str(&catalog_line(lang, as_of, stale));
    out
}

/// `embed=line`: a warning mark (the link's `warnings`, their sentences in one text; none, no mark), the
/// one-sentence summary of `o`, and an arrow to the full plan for the same scenario.
pub fn line(c: &Catalog, st: &AppState, o: &Outcome, warnings: &[Warning]) -> String {
    let lang = st.presentation.lang;
    let sentence = explain::line(c, &st.scenario, st.presentation, o);
    let sentence = sentence.as_str();
    let warned = warnings
        .iter()
        .map(|w| explain::warning(w, lang))
        .collect::<Vec<_>>()
        .join(" ");
    let warned = warned.as_str();
    let href = full_page_href(st);
    let href = href.as_str();
    let mut h = Html::new();
    h.open("p", &[("class", "line")]);
    if !warned.is_empty() {
        let attrs = [
            ("class", "line-warn"),
            ("data-testid", "line-warning"),
            ("role", "img"),
            ("aria-label", warned),
            ("title", warned),
        ];
        h.el("span", &attrs, "⚠ ");
    }
    h.el(
        "span",
        &[("class", "line-text"), ("data-testid", "line"), ("title", sentence)],
        sentence,
    );
    // The sentence keeps the width; the link is an arrow named "Open the full plan".
    let open = t(lang, Msg::OpenFull);
    let attrs = [
        ("href", href),
        ("target", "_blank"),
        ("rel", "noopener"),
        ("data-testid", "open-full"),
        ("aria-label", open),
        ("title", open),
    ];
    h.el("a", &attrs, "↗").close("p");
    h.finish()
}

/// The view tabs: each a button (`data-act="view"`), the open one pressed.
pub fn tabs(lang: Lang, open: View) -> String {
    let mut h = Html::new();
    for (v, m) in View::ALL
        .iter()
        .zip([Msg::ViewPlan, Msg::ViewExplore, Msg::ViewCompare, Msg::ViewAssumptions])
    {
        let on = *v == open;
        let attrs = [
            ("type", "button"),
            ("class", if on { "tab active" } else { "tab" }),
            ("aria-pressed", if on { "true" } else { "false" }),
            super::Act::View.attr(),
            ("data-id", v.key()),
        ];
        h.el("button", &attrs, t(lang, m));
    }
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog_static::catalog;

    #[test]
    fn nothing_fits_offers_fixes_that_fit() {
        let c = catalog();
        let (s, _) = crate::query::parse("v=1&params=70&prec=fp32&inst=g5.xlarge", &c);
        let o = crate::engine::recommend(&c, &s);
        assert!(o.recommendations.iter().all(|r| !r.fits));
        let html = nothing_fits(Fmt::from(Lang::En), &s, &o, &fixes_that_fit(&c, &s));
        assert!(html.contains("data-testid=\"nothing-fits\""), "{html}");
        for (key, value, _) in fixes_that_fit(&c, &s) {
            assert!(
                html.contains(&format!("data-key=\"{key}\" data-act=\"fix\" data-id=\"{value}\"")),
                "{html}"
            );
        }
    }

    #[test]
    fn warnings_name_their_field() {
        let c = catalog();
        let (_, w) = crate::query::parse("v=1&ctx=abc", &c);
        let html = warnings(Lang::Zh, &w);
        assert!(html.contains("data-field=\"ctx\""), "{html}");
        assert_eq!(warnings(Lang::En, &[]), "");
    }

    #[test]
    fn a_links_text_is_shown_as_quoted_code_never_as_the_pages_words() {
        let c = catalog();
        let spoof = "x%E2%80%AE%E2%80%8BYour%20data%20will%20be%20detained";
        let (_, w) = crate::query::parse(&format!("v=1&region={spoof}&Note%3A={spoof}"), &c);
        let html = warnings(Lang::En, &w);
        expect_test::expect![[r#"<section class="warnings" role="status" aria-live="polite"><h2>Some fields of the link could not be used</h2><ul><li data-testid="warning" data-field="region"><code class="link-text">region</code> = “<code class="link-text">x\u{202E}\u{200B}Your data will be detained</code>” is not a region in the catalog; using us-east-1.</li><li data-testid="warning" data-field="Note:">Unknown field <code class="link-text">Note:</code> (value “<code class="link-text">x\u{202E}\u{200B}Your data will be detained</code>”) ignored.</li></ul></section>"#]].assert_eq(&html);
    }
}
