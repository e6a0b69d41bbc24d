//! The build's static pages (src/bin/prerender.rs writes them into dist/): the default scenario's answer for the front documents' first frame (`render::front`), a page per instance type and per model preset, sitemap.xml and llms.txt. Pure functions of the bundled catalog, drawn with the page's own `render::` functions.

use super::page::{self, Answer};
use super::{notes, Html};
use crate::catalog::Catalog;
use crate::format;
use crate::i18n::{t, Msg};
use crate::models::{ModelArch, PRESETS};
use crate::presentation::Presentation;
use crate::scenario::{Currency, Lang};
use crate::state::{encode_state, parse_state, AppState, Embed, View};

mod instance;
pub use instance::instance_page;

/// A text in the page language: the static pages' own words, written in English here and translated in
/// `crate::site_text` (Chinese stays out of `src/render/`); the figures' words come from `i18n`.
pub(super) fn tr(lang: Lang, en: &'static str) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::Zh => crate::site_text::zh(en),
    }
}

/// The state a link opens, as the page parses it (warnings dropped: the links here are built valid).
pub fn state_of(c: &Catalog, query: &str) -> AppState {
    let mut st = parse_state(query, c).0;
    st.catalog_date = Some(c.as_of);
    st
}

/// The default scenario in `lang`, as a first visit starts it, with what its link and storage hold.
pub fn default_state(c: &Catalog, lang: Lang) -> AppState {
    let mut st = AppState::fresh();
    st.presentation.lang = lang;
    st.catalog_date = Some(c.as_of);
    st
}

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
            .fragment(&super::options(opts, current))
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
    let changed = super::assumptions::changed_notice(s, &p);
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

/// The page file of an instance type or a model preset, relative to dist/.
pub fn page_path(kind: &str, id: &str, lang: Lang) -> String {
    format!(
        "{kind}/{id}/{}",
        if lang == Lang::Zh { "zh.html" } else { "index.html" }
    )
}

/// dist/'s root from a static page (each is two folders down).
pub const ROOT: &str = "../../";

/// A link from a page two folders down to another page (relative, so dist/ works under any sub-path).
fn href(kind: &str, id: &str, lang: Lang) -> String {
    format!("../../{}", page_path(kind, id, lang))
}

/// A link from a page two folders down into the app with `st`'s scenario.
fn app_href(st: &AppState) -> String {
    format!("../../?{}", encode_state(st))
}

/// Every serving and fine-tuning answer the pages need, computed once per preset and language.
pub struct Answers {
    pub serve: Vec<(&'static ModelArch, AppState, Answer)>,
    pub finetune: Vec<(&'static ModelArch, AppState, Answer)>,
}

impl Answers {
    pub fn compute(c: &Catalog, lang: Lang) -> Answers {
        let lang_q = if lang == Lang::Zh { "&lang=zh" } else { "" };
        let run = |task: &str| {
            PRESETS
                .iter()
                .map(|m| {
                    let st = state_of(c, &format!("{task}model={}{lang_q}", m.id));
                    let a = Answer::compute(c, &st.scenario, "");
                    (m, st, a)
                })
                .collect()
        };
        Answers {
            serve: run(""),
            finetune: run("task=finetune&"),
        }
    }
}

/// A whole static document: head with its own title and description, the stylesheet, the other
/// language's copy, and the body in the app's frame.
pub(super) fn document(lang: Lang, title: &str, description: &str, css: &str, other: &str, body: &str) -> String {
    let mut h = Html::new();
    h.fragment("<!doctype html>\n")
        .open("html", &[("lang", if lang == Lang::Zh { "zh-CN" } else { "en" })])
        .open("head", &[])
        .open("meta", &[("charset", "utf-8")])
        .open(
            "meta",
            &[("name", "viewport"), ("content", "width=device-width, initial-scale=1")],
        )
        .open("meta", &[("name", "color-scheme"), ("content", "light dark")])
        .el("title", &[], title)
        .open("meta", &[("name", "description"), ("content", description)])
        .open("link", &[("rel", "icon"), ("href", "data:,")])
        .open("link", &[("rel", "stylesheet"), ("href", &format!("../../{css}"))])
        .open(
            "link",
            &[
                ("rel", "alternate"),
                ("hreflang", if lang == Lang::Zh { "en" } else { "zh-CN" }),
                ("href", other),
            ],
        )
        .close("head")
        .open("body", &[])
        .open("div", &[("class", "app static")])
        .fragment(body)
        .close("div")
        .close("body")
        .close("html");
    h.finish()
}

/// The static pages' masthead: the brand (a link to the app), where the page sits, the other language.
pub(super) fn static_masthead(h: &mut Html, lang: Lang, crumb: &str, other: &str) {
    h.open("header", &[("class", "masthead")])
        .open("div", &[("class", "brand")])
        .open("p", &[("class", "tagline")])
        .el("a", &[("href", "../../")], "gpuplan")
        .text(" › ")
        .text(crumb)
        .close("p")
        .close("div")
        .open("nav", &[("class", "tools")])
        .el(
            "a",
            &[
                ("href", other),
                ("hreflang", if lang == Lang::Zh { "en" } else { "zh-CN" }),
            ],
            if lang == Lang::Zh {
                "English"
            } else {
                crate::site_text::CHINESE
            },
        )
        .close("nav")
        .close("header");
}

pub(super) fn footer(h: &mut Html, c: &Catalog, lang: Lang) {
    h.open("footer", &[("class", "foot")]);
    page::contents(h, &notes::catalog_line(lang, c.as_of, false));
    h.close("footer");
}

/// One answer section of a model page: the card and plan the app draws, the ranked types as links to
/// their pages, and the way into the app.
fn answer_section(h: &mut Html, c: &Catalog, lang: Lang, title: &str, testid: &str, st: &AppState, a: &Answer) {
    let f = st.presentation;
    h.open("section", &[("class", "card"), ("data-testid", testid)])
        .el("h2", &[], title)
        .open("p", &[])
        .el(
            "a",
            &[("href", &app_href(st)), ("data-testid", "open-app")],
            tr(lang, "Edit this scenario in the planner →"),
        )
        .close("p")
        .close("section");
    h.fragment(&page::summary(c, &st.scenario, f, a, false, ROOT));
    let fitting: Vec<_> = a.outcome.recommendations.iter().filter(|r| r.fits).take(12).collect();
    if fitting.is_empty() {
        return;
    }
    h.open("section", &[("class", "card")])
        .el(
            "h3",
            &[],
            &format!(
                "{} ({})",
                f.t(Msg::Recommendations),
                a.outcome.recommendations.iter().filter(|r| r.fits).count()
            ),
        )
        .open("ol", &[("class", "ranked")]);
    for r in fitting {
        let cost = r
            .job_usd
            .or(r.monthly_usd)
            .map_or_else(String::new, |x| format!(" · {}", f.money(x)));
        h.open("li", &[])
            .text(&format!("{} × ", r.n_instances))
            .el("a", &[("href", &href("i", &r.instance, lang))], &r.instance)
            .text(&format!(" — {} × {}{cost}", r.n_accelerators, r.accelerator))
            .close("li");
    }
    h.close("ol").close("section");
}

/// The page of one model preset: serving and fine-tuning answers at the planner's starting values.
pub fn model_page(c: &Catalog, m: &ModelArch, lang: Lang, answers: &Answers, css: &str) -> Option<String> {
    let (_, serve_st, serve) = answers.serve.iter().find(|x| x.0.id == m.id)?;
    let (_, tune_st, tune) = answers.finetune.iter().find(|x| x.0.id == m.id)?;
    let f = serve_st.presentation;
    let other = format!("./{}", if lang == Lang::Zh { "index.html" } else { "zh.html" });
    let best = |a: &Answer, job: bool| {
        a.chosen().map_or_else(
            || tr(lang, "nothing fits").to_string(),
            |r| {
                let (usd, per) = if job {
                    (r.job_usd, tr(lang, " per job"))
                } else {
                    (r.monthly_usd, tr(lang, " per month"))
                };
                let cost = usd.map_or_else(String::new, |x| format!(", {}{per}", f.money(x)));
                format!("{} × {}{cost}", r.n_instances, r.instance)
            },
        )
    };
    let title = format!(
        "{} {} · gpuplan",
        m.name,
        tr(
            lang,
            "on AWS: which instances serve and fine-tune it, and what it costs"
        )
    );
    let description = format!(
        "{} ({} {}): {} {}; {} {}.",
        m.name,
        m.params_b_text(),
        tr(lang, "parameters"),
        tr(lang, "serving"),
        best(serve, false),
        tr(lang, "fine-tuning"),
        best(tune, true)
    );
    let mut h = Html::new();
    static_masthead(&mut h, lang, m.name, &other);
    h.open("main", &[("data-testid", "model-page")])
        .el("h1", &[("class", "headline")], m.name)
        .el("p", &[("class", "muted")], &description);
    answer_section(
        &mut h,
        c,
        lang,
        tr(lang, "Serving at the planner's starting values"),
        "serving",
        serve_st,
        serve,
    );
    answer_section(
        &mut h,
        c,
        lang,
        tr(lang, "Fine-tuning at the planner's starting values"),
        "finetuning",
        tune_st,
        tune,
    );
    h.close("main");
    footer(&mut h, c, lang);
    Some(document(lang, &title, &description, css, &other, &h.finish()))
}

/// sitemap.xml: every page, relative to `base` (the deployed address, ending in `/`; `./` keeps the
/// file relative where the host is not known).
pub fn sitemap(c: &Catalog, base: &str) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let mut url = |path: &str| {
        out.push_str("  <url><loc>");
        let mut h = Html::new();
        h.text(&format!("{base}{path}"));
        out.push_str(&h.finish());
        out.push_str("</loc><lastmod>");
        out.push_str(&c.as_of.to_string());
        out.push_str("</lastmod></url>\n");
    };
    url("");
    url(super::front::ZH_FILE);
    for lang in [Lang::En, Lang::Zh] {
        for i in &c.instances {
            url(&page_path("i", &i.id, lang));
        }
        for m in PRESETS {
            url(&page_path("m", m.id, lang));
        }
        url(&page_path("a", "accuracy", lang));
    }
    out.push_str("</urlset>\n");
    out
}

/// llms.txt: what the site is and where its static answers are, for agents that do not run wasm.
pub fn llms_txt(c: &Catalog) -> String {
    let mut out = format!(
        "# gpuplan\n\n> Choose AWS accelerated instances (GPU, Trainium, Inferentia) and plan what they cost under every purchase option. Catalog of {}. The planner runs in the browser (WebAssembly); the pages below are pre-rendered static HTML with the same figures.\n\nThe scenario lives in the link: `./?model=<preset>&task=infer|train|finetune|graphics|hpc&region=<region>&buy=...` opens the planner on it.\n\n## The planner\n\n- [gpuplan](./): the planner, with the default scenario's answer pre-rendered in English.\n- [gpuplan, Chinese](./zh.html): the same in Chinese (a Chinese-preferring browser is sent there).\n\n## Instance types\n\n",
        c.as_of
    );
    for i in &c.instances {
        out.push_str(&format!(
            "- [{}](./{}): {} × {}\n",
            i.id,
            page_path("i", &i.id, Lang::En),
            i.count()
                .map_or_else(|| "?".to_string(), |n| format::accel_count(f64::from(n), i.fraction)),
            i.accelerator
        ));
    }
    out.push_str("\n## Models (serving and fine-tuning at starting values)\n\n");
    for m in PRESETS {
        out.push_str(&format!(
            "- [{}](./{}): {} parameters\n",
            m.name,
            page_path("m", m.id, Lang::En),
            m.params_b_text()
        ));
    }
    out.push_str(&format!(
        "\n## How accurate it is\n\n- [Accuracy ledger](./{}): every published training and serving run the estimates are held to, by accelerator family, with setup, published figure, estimate, error, source and date.\n",
        page_path("a", "accuracy", Lang::En)
    ));
    out.push_str("\n## Optional\n\n- Chinese copies of every page: `zh.html` beside each `index.html`.\n- [sitemap.xml](./sitemap.xml)\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every href and src of a page: relative (no scheme, no leading slash), so dist/ works under any sub-path.
    fn assert_relative(html: &str) {
        for attr in ["href=\"", "src=\""] {
            for part in html.split(attr).skip(1) {
                let url = part.split('"').next().unwrap_or_default();
                assert!(!url.starts_with('/') && !url.contains("://"), "absolute URL {url}");
            }
        }
    }

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
        let changed = super::super::assumptions::changed_notice(&st.scenario, &st.presentation);
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

    #[test]
    fn instance_and_model_pages_are_whole_documents_that_link_to_each_other() {
        let c = Catalog::bundled();
        for lang in [Lang::En, Lang::Zh] {
            let answers = Answers::compute(&c, lang);
            let page = instance_page(&c, "p5.48xlarge", lang, &answers, "main.css").unwrap_or_default();
            assert!(page.starts_with("<!doctype html>"));
            assert!(page.contains("<title>p5.48xlarge"));
            assert!(page.contains("data-testid=\"region-prices\""));
            assert!(page.contains("data-testid=\"options-card\""), "every purchase option");
            assert!(page.contains("data-testid=\"top-hourly\""));
            assert!(page.contains(&href("m", "llama3.1-8b", lang)));
            assert!(page.contains("href=\"../../?"), "the app takes over for edits");
            assert_relative(&page);
            let m = crate::models::preset_by_id("llama3.1-8b");
            let page = m
                .and_then(|m| model_page(&c, m, lang, &answers, "main.css"))
                .unwrap_or_default();
            assert!(page.contains("data-testid=\"serving\"") && page.contains("data-testid=\"finetuning\""));
            assert!(page.contains("href=\"../../i/"));
            assert_relative(&page);
        }
    }

    #[test]
    fn the_sitemap_and_llms_txt_list_every_page() {
        let c = Catalog::bundled();
        let map = sitemap(&c, "./");
        let llms = llms_txt(&c);
        for i in &c.instances {
            assert!(map.contains(&format!("<loc>./{}</loc>", page_path("i", &i.id, Lang::Zh))));
            assert!(llms.contains(&page_path("i", &i.id, Lang::En)));
        }
        for m in PRESETS {
            assert!(map.contains(&page_path("m", m.id, Lang::En)));
            assert!(llms.contains(&page_path("m", m.id, Lang::En)));
        }
        assert!(map.contains("<loc>./a/accuracy/zh.html</loc>"), "{map}");
        assert!(llms.contains("(./a/accuracy/index.html)"), "{llms}");
        // The front documents: the English one at the root, the Chinese one beside it.
        assert!(
            map.contains("<loc>./</loc>") && map.contains("<loc>./zh.html</loc>"),
            "{map}"
        );
        assert!(llms.contains("(./)") && llms.contains("(./zh.html)"), "{llms}");
    }
}
