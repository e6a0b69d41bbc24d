//! The front documents' first frame: the app's layout (masthead, the form's column, the results column, the footer) with the answer the page draws, for the default scenario (written into index.html and zh.html by the build, `first_frame`) and for any Plan link (drawn in the browser by the small wasm before the page's own, `link_frame`).

use super::super::page::{self, Answer};
use super::super::{notes, Html};
use super::{default_state, tr};
use crate::catalog::Catalog;
use crate::i18n::{t, Msg};
use crate::presentation::Presentation;
use crate::scenario::{Currency, Lang};
use crate::state::{encode_state, parse_state, AppState, Embed, View};

/// The masthead as `app::Header` lays it out (tabs, language and currency, the link buttons), so the
/// first frame has the app's height; without the app its controls do nothing, and carry no ids.
fn masthead(p: Presentation) -> String {
    let lang = p.lang;
    let mut h = Html::new();
    h.open("header", &[("class", "masthead")])
        .open("div", &[("class", "brand")])
        .el("h1", &[], "gpuplan")
        .el("p", &[("class", "tagline")], t(lang, Msg::Tagline))
        .close("div")
        .open("nav", &[("class", "tabs"), ("aria-label", "views")])
        .fragment(&notes::tabs(lang, View::Plan))
        .close("nav")
        .open("div", &[("class", "tools")]);
    let langs = [
        ("en".to_string(), t(Lang::En, Msg::LanguageName).to_string()),
        ("zh".to_string(), t(Lang::Zh, Msg::LanguageName).to_string()),
    ];
    let curs = [
        ("usd".to_string(), "USD $".to_string()),
        ("cny".to_string(), "CNY ¥".to_string()),
    ];
    let lang_code = if lang == Lang::Zh { "zh" } else { "en" };
    let cur_code = if p.currency == Currency::Cny { "cny" } else { "usd" };
    for (m, opts, current) in [(Msg::Language, &langs, lang_code), (Msg::Currency, &curs, cur_code)] {
        h.open("label", &[("class", "field")])
            .el("span", &[("class", "label")], t(lang, m))
            .open("select", &[])
            .fragment(&super::super::options(opts, current))
            .close("select")
            .close("label");
    }
    for (m, class) in [(Msg::CopyLink, "primary"), (Msg::CopyEmbed, ""), (Msg::Reset, "")] {
        let c = if class.is_empty() { ("", "") } else { ("class", class) };
        // The stylesheet hides the embed button on phones by its test id, as in the app's header: without
        // it the first frame's header wrapped to another line there and the answer moved when the app mounted.
        let id = if m == Msg::CopyEmbed {
            ("data-testid", "copy-embed")
        } else {
            ("", "")
        };
        h.el("button", &[("type", "button"), c, id], t(lang, m));
    }
    h.el("span", &[("class", "copied")], "").close("div").close("header");
    h.finish()
}

/// The first frame's note under the scenario line (translated in `site_text`).
pub const LOADING: &str = "The default scenario's answer, computed when this page was built. Loading the planner to edit it… (Editing needs JavaScript and WebAssembly.)";

/// index.html's first frame for the default scenario in `lang`: the app's layout (masthead, the
/// form's column, the results column, the footer) with the results column exactly as the page draws it
/// (`page::results_col`). Returns the HTML and the query the page saves for this state.
pub fn first_frame(c: &Catalog, lang: Lang) -> (String, String) {
    let st = default_state(c, lang);
    (frame(c, &st, LOADING), encode_state(&st))
}

/// The first frame's note under a link's scenario line (translated in `site_text`).
pub const LINK_LOADING: &str =
    "This link's answer, computed in your browser while the planner loads. Loading the planner to edit it…";

/// The first frame for a link (or a saved scenario) the build could not pre-render, drawn in the browser
/// by the small wasm before the page's own arrives (boot/lang.js): the same layout and the same HTML the
/// page then draws over it, so nothing moves. None where the page would draw something this frame does not
/// lay out: another view than the Plan, an embed, or a link with warnings (the page lists them above the
/// answer).
pub fn link_frame(c: &Catalog, query: &str) -> Option<String> {
    let (mut st, warnings) = parse_state(query, c);
    if !warnings.is_empty() || st.view != View::Plan || st.embed != Embed::No {
        return None;
    }
    // A link made with another catalog is told so above the answer, as the page tells it.
    let link_date = st.catalog_date.filter(|d| *d != c.as_of);
    st.catalog_date = Some(c.as_of);
    let mut h = Html::new();
    let a = Answer::compute(c, &st.scenario, &st.pick);
    if let Some(d) = link_date {
        let (changes, unknown) = notes::link_rates_since(c, d, &st, &a.outcome);
        let notice = notes::catalog_notice(st.presentation, d, c.as_of, &changes, &unknown);
        page::contents(&mut h, &notice);
    }
    Some(frame_with(c, &st, &a, &h.finish(), LINK_LOADING))
}

/// The first frame of `st` (see `first_frame`), its note under the scenario line `note`.
fn frame(c: &Catalog, st: &AppState, note: &'static str) -> String {
    let a = Answer::compute(c, &st.scenario, &st.pick);
    frame_with(c, st, &a, "", note)
}

/// The first frame of `st` with its answer `a`; `above` goes between the masthead and the answer, as the
/// page's catalog notice does.
fn frame_with(c: &Catalog, st: &AppState, a: &Answer, above: &str, note: &'static str) -> String {
    let s = &st.scenario;
    let p = st.presentation;
    let lang = p.lang;
    let mut h = Html::new();
    h.open("div", &[("class", "app")]).fragment(&masthead(p));
    h.fragment(above);
    h.open("main", &[]).open("div", &[("class", "plan")]);
    h.open(
        "button",
        &[
            ("type", "button"),
            ("class", "primary edit-inputs"),
            ("aria-expanded", "false"),
        ],
    )
    .el("span", &[("class", "closed")], t(lang, Msg::EditInputs))
    .el("span", &[("class", "opened")], t(lang, Msg::ShowResult))
    .close("button");
    h.open("aside", &[("class", "form"), ("aria-label", "workload")])
        .open("section", &[("class", "card")])
        .el("h2", &[], t(lang, Msg::Workload))
        .el("p", &[("class", "scenario")], &crate::explain::scenario_line(s, lang))
        .el("p", &[("class", "boot-loading"), ("role", "status")], tr(lang, note))
        .close("section")
        .close("aside");
    let changed = super::super::assumptions::changed_notice(s, &p);
    h.open("div", &[("class", "results-col")])
        .fragment(&page::results_col(c, s, p, a, &st.compare, &changed))
        .close("div")
        .close("div")
        .close("main");
    h.open("footer", &[("class", "foot")])
        .fragment(&notes::catalog_line(lang, c.as_of, false))
        .close("footer")
        .close("div");
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::super::state_of;
    use super::super::tests::assert_relative;
    use super::*;

    #[test]
    fn the_first_frame_holds_the_default_answer_as_the_page_draws_it() {
        let c = Catalog::bundled();
        for lang in [Lang::En, Lang::Zh] {
            let (html, q) = first_frame(&c, lang);
            let st = default_state(&c, lang);
            let a = Answer::compute(&c, &st.scenario, "");
            let best = a.chosen().map(|r| r.instance.clone()).unwrap_or_default();
            assert!(!best.is_empty());
            // The results column is the shared composition, verbatim.
            assert!(html.contains(&page::results_col(&c, &st.scenario, st.presentation, &a, &[], "")));
            for id in ["top-instance", "top-hourly", "plan", "rec", "summary"] {
                assert!(html.contains(&format!("data-testid=\"{id}\"")), "{id}");
            }
            assert!(html.contains(&format!("data-instance=\"{best}\"")));
            // The saved form of the state is what the page would parse back to the same state.
            assert_eq!(encode_state(&state_of(&c, &q)), q);
            assert_relative(&html);
        }
    }

    #[test]
    fn a_links_frame_is_the_first_frame_of_its_state_under_its_own_note() {
        // Metamorphic: the default scenario's link drawn in the browser is the build's first frame, word for
        // word, but for the note under the scenario line.
        let c = Catalog::bundled();
        for lang in [Lang::En, Lang::Zh] {
            let (html, q) = first_frame(&c, lang);
            let linked = link_frame(&c, &q).unwrap_or_default();
            let note = |text| {
                let mut h = Html::new();
                h.el("p", &[("class", "boot-loading"), ("role", "status")], tr(lang, text));
                h.finish()
            };
            assert!(html.contains(&note(LOADING)));
            let want = html.replacen(&note(LOADING), &note(LINK_LOADING), 1);
            let at = want.bytes().zip(linked.bytes()).take_while(|(a, b)| a == b).count();
            assert!(
                want == linked,
                "differs at byte {at}: {:?}",
                linked.get(at.saturating_sub(80)..at + 80)
            );
        }
    }

    #[test]
    fn a_links_frame_holds_its_own_answer_and_the_notices_the_page_draws_above_it() {
        let c = Catalog::bundled();
        let q = "v=1&task=train&params=70&tokens=2000&prio=cost&mfu=0.35&cur=cny&lang=zh&cat=2025-01-01";
        let html = link_frame(&c, q).unwrap_or_default();
        let st = state_of(&c, q);
        let a = Answer::compute(&c, &st.scenario, "");
        let best = a.chosen().map(|r| r.instance.clone()).unwrap_or_default();
        assert!(html.contains(&format!("data-instance=\"{best}\"")), "{best}");
        // The changed-assumptions notice (MFU) and the older catalog's notice, in the link's language.
        let changed = super::super::super::assumptions::changed_notice(&st.scenario, &st.presentation);
        assert!(!changed.is_empty() && html.contains(&changed));
        assert!(html.contains("2025-01-01"));
        // Its currency is selected in the masthead, and its figures are in it.
        assert!(html.contains("<option value=\"cny\" selected"));
        assert!(html.contains('¥'));
        assert!(html.contains("这是此链接的答案"));
        assert_relative(&html);
    }

    #[test]
    fn a_link_the_frame_does_not_lay_out_is_left_to_the_page() {
        let c = Catalog::bundled();
        for q in [
            "v=1&view=compare",
            "v=1&embed=1",
            "v=1&embed=line",
            "v=1&ctx=banana",
            "v=1&view=assumptions",
        ] {
            assert_eq!(link_frame(&c, q), None, "{q}");
        }
        assert!(link_frame(&c, "v=1&task=train&params=7").is_some());
    }
}
