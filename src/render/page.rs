//! The Plan view's answer composed for one scenario: the engine figures the card is drawn from, the notices, and the static HTML of the results column, shared by the page (web/src/app/results.rs) and the build's pre-render step (src/bin/prerender.rs), so both draw one composition.

use super::{controls, detail, notes, options, ranked, Fmt, Html};
use crate::catalog::Catalog;
use crate::engine::sensitivity::{sensitivity, Sensitivity};
use crate::engine::{option_costs, plan_among, recommend, OptionCost, Outcome, Plan, Recommendation};
use crate::explain;
use crate::i18n::Msg;
use crate::scenario::{Lang, Scenario};

/// What the engine computes for the chosen recommendation beyond the ranking: every purchase option,
/// the cheapest plan, and the estimate at both ends of the efficiency assumptions (not for the
/// embedded card, which does not show it).
#[derive(Clone)]
pub struct Figures {
    pub options: Vec<OptionCost>,
    pub plan: Plan,
    pub range: Option<Sensitivity>,
}

/// The figures for `rec` under the scenario `s`; the plan
/// names a cheaper one on another type of `outcome`'s ranking where there is one.
pub fn figures(c: &Catalog, s: &Scenario, outcome: &Outcome, rec: &Recommendation, card: bool) -> Figures {
    Figures {
        options: option_costs(c, s, rec),
        plan: plan_among(c, s, &outcome.recommendations, rec),
        range: (!card).then(|| sensitivity(c, s, rec)).flatten(),
    }
}

/// Each notice of the outcome in words, then the plan's (what a buyer must know).
pub fn notice_texts(outcome: &Outcome, figures: Option<&Figures>, lang: Lang) -> Vec<String> {
    let mut n: Vec<String> = outcome.notices.iter().map(|w| explain::why(w, lang)).collect();
    n.extend(
        figures
            .iter()
            .flat_map(|f| f.plan.notices.iter())
            .map(|w| explain::why(w, lang)),
    );
    n
}

/// The one-click fixes the plan's notices offer: a larger batch for communication-bound training.
pub fn notice_fixes(figures: Option<&Figures>) -> Vec<(&'static str, String, Msg)> {
    figures
        .iter()
        .filter_map(|f| f.plan.larger_batch)
        .map(|(key, v)| {
            let label = if key == "gbatch" {
                Msg::GlobalBatch
            } else {
                Msg::MicroBatch
            };
            (key, v.to_string(), label)
        })
        .collect()
}

/// How many ranked rows the table shows before "All".
pub fn rec_limit(show_all: bool, card: bool) -> usize {
    if show_all {
        usize::MAX
    } else if card {
        5
    } else {
        12
    }
}

/// One scenario's answer, computed as the page computes it: the ranking, the chosen recommendation
/// (the link's `pick`, else the best) and its figures.
pub struct Answer {
    pub outcome: Outcome,
    /// The link's `pick` (`chosen` finds it in the outcome: no copy of a recommendation).
    pick: String,
    pub figures: Option<Figures>,
}

impl Answer {
    pub fn compute(c: &Catalog, s: &Scenario, pick: &str) -> Answer {
        let outcome = recommend(c, s);
        let figures = outcome.chosen(pick).map(|r| figures(c, s, &outcome, r, false));
        Answer {
            outcome,
            pick: pick.to_string(),
            figures,
        }
    }

    /// The chosen recommendation: the link's `pick`, else the best that fits.
    pub fn chosen(&self) -> Option<&Recommendation> {
        self.outcome.chosen(&self.pick)
    }

    /// What the card is drawn from, once everything is painted (`full`), for the full page, written as `f` says.
    pub fn detail_in<'a>(
        &'a self,
        c: &'a Catalog,
        s: &'a Scenario,
        f: Fmt,
        rec: &'a Recommendation,
        root: &'static str,
    ) -> detail::DetailIn<'a> {
        detail::DetailIn {
            catalog: c,
            scenario: s,
            outcome: &self.outcome,
            rec,
            plan: self.figures.as_ref().map(|f| &f.plan),
            range: self.figures.as_ref().and_then(|f| f.range.as_ref()),
            fmt: f,
            card: false,
            full: true,
            root,
        }
    }
}

/// The plan box's contents: the plan (`plan_html`), then its export bar in `lang` (none on a static
/// page, or in the embedded card).
pub fn plan_box(plan_html: &str, export: Option<Lang>) -> String {
    let mut h = Html::new();
    contents(&mut h, plan_html);
    if let Some(lang) = export {
        h.fragment(&controls::export_bar(lang, "gpuplan-plan"));
    }
    h.finish()
}

/// The chosen recommendation's card: the section `app::results::Results` draws, with its parts'
/// HTML from `render::detail` and `render::options`. `buttons`: the export bars (the page's; a
/// static page without the app leaves them out).
pub fn summary(c: &Catalog, s: &Scenario, f: Fmt, a: &Answer, buttons: bool, root: &'static str) -> String {
    let mut h = Html::new();
    h.open(
        "section",
        &[
            ("class", "card summary"),
            ("data-testid", "summary"),
            ("aria-live", "polite"),
        ],
    );
    match (a.chosen(), &a.figures) {
        (Some(rec), Some(fig)) => {
            let d = a.detail_in(c, s, f, rec, root);
            contents(&mut h, &detail::top(&d));
            h.open("div", &[("class", "plan-box"), ("data-testid", "plan")])
                .fragment(&plan_box(&options::plan(&d, &fig.plan), buttons.then_some(f.lang)))
                .close("div");
            contents(&mut h, &options::options(&d, &fig.options));
        }
        _ => {
            let fixes = notes::fixes_that_fit(c, s);
            contents(&mut h, &notes::nothing_fits(f, s, &a.outcome, &fixes));
        }
    }
    h.close("section");
    h.finish()
}

/// The ranked table's section as `app::results::RecTable` draws it on the full page.
pub fn rec_table(s: &Scenario, f: Fmt, a: &Answer, compare: &[String], buttons: bool) -> String {
    let total = a.outcome.recommendations.len();
    let mut h = Html::new();
    let export = (buttons && total > 0).then_some("gpuplan-recommendations");
    h.open("section", &[("class", "card")])
        .open("div", &[("class", "section-head")])
        .fragment(&controls::section_head(
            f.lang,
            Msg::Recommendations,
            Some(total),
            export,
        ))
        .close("div")
        .open("div", &[("class", "table-wrap"), ("tabindex", "0")])
        .open("table", &[("class", "recs")])
        .open("thead", &[])
        .fragment(&ranked::rec_head(f, ranked::Work::of(s)))
        .close("thead")
        .open("tbody", &[])
        .fragment(&ranked::rec_rows(
            f,
            &a.outcome,
            ranked::Work::of(s),
            a.chosen().map(|r| r.instance.as_str()),
            compare,
            rec_limit(false, false),
        ))
        .close("tbody")
        .close("table")
        .close("div");
    let more = if total > 12 && buttons {
        controls::show_all(f.lang, total)
    } else {
        String::new()
    };
    contents(&mut h, &more);
    h.close("section");
    h.finish()
}

/// The results column's answer on the full page once painted, in the page's order: the changed-assumptions
/// notice (`changed`, HTML text from `render::assumptions::changed_notice`; empty for the default), the card, the
/// notices and the curve's closed section (serving), the ranked table, why the others were left out, and the articles' guidance.
pub fn results_col(c: &Catalog, s: &Scenario, f: Fmt, a: &Answer, compare: &[String], changed: &str) -> String {
    let mut h = Html::new();
    contents(&mut h, changed);
    h.fragment(&summary(c, s, f, a, true, ""));
    // The notices, then for serving the cost-versus-latency curve's section, closed (`app::curve`).
    let mut notices = notes::notices(
        f.lang,
        &notice_texts(&a.outcome, a.figures.as_ref(), f.lang),
        &notice_fixes(a.figures.as_ref()),
    );
    if s.task == crate::scenario::Task::Inference {
        notices += &(super::curve::head(f, false) + super::curve::END);
    }
    contents(&mut h, &notices);
    h.fragment(&rec_table(s, f, a, compare, true));
    contents(&mut h, &ranked::excluded(f, &a.outcome));
    contents(&mut h, &notes::guidance(f.lang));
    h.finish()
}

/// `<div class="contents">html</div>`: how the page holds a fragment it sets with `inner_html`.
pub fn contents(h: &mut Html, html: &str) {
    h.open("div", &[("class", "contents")]).fragment(html).close("div");
}
