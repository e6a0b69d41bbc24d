//! The build's static pages (src/bin/prerender.rs writes them into dist/): the default scenario's answer for the front documents' first frame (`render::front`), a page per instance type and per model preset, sitemap.xml and llms.txt. Pure functions of the bundled catalog, drawn with the page's own `render::` functions.

use super::page::{self, Answer};
use super::{notes, Html};
use crate::catalog::Catalog;
use crate::format;
use crate::i18n::Msg;
use crate::models::{ModelArch, PRESETS};
use crate::scenario::Lang;
use crate::state::{encode_state, parse_state, AppState};

mod frame;
mod instance;
pub use frame::{first_frame, link_frame, LINK_LOADING, LOADING};
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
    pub(super) fn assert_relative(html: &str) {
        for attr in ["href=\"", "src=\""] {
            for part in html.split(attr).skip(1) {
                let url = part.split('"').next().unwrap_or_default();
                assert!(!url.starts_with('/') && !url.contains("://"), "absolute URL {url}");
            }
        }
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
