//! The site's two front documents, drawn from the built `index.html`: `index.html` with the default scenario's answer in both languages, English's first (boot/lang.js shows the Chinese one to a Chinese-preferring browser where it stands: no second document on its first visit), and `zh.html` beside it with the Chinese one only (for a host or the service worker that negotiates the language, and as the `hreflang` alternate), each with its own `<html lang>`, title and description, the saved forms of both defaults (boot/lang.js) and the other as `hreflang` alternate. Invariant: both sit in dist/'s root, so every relative URL the Trunk build and the app write means the same in both.

use super::site::{first_frame, tr};
use super::Html;
use crate::catalog::Catalog;
use crate::scenario::Lang;

/// The Chinese front document's file name, beside index.html (boot/lang.js sends a Chinese visit there).
pub const ZH_FILE: &str = "zh.html";

/// The file of the front document in `lang`, relative to dist/.
pub fn front_path(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "index.html",
        Lang::Zh => ZH_FILE,
    }
}

fn code(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
        Lang::Zh => "zh",
    }
}

/// `out` with the element `<div … data-answer="{code}"></div>` replaced by `with` (None: removed).
fn replace_answer(out: &str, code: &str, with: Option<&str>) -> Result<String, String> {
    let marker = format!("data-answer=\"{code}\"></div>");
    let end = out
        .find(&marker)
        .ok_or_else(|| format!("index.html has no empty element with data-answer=\"{code}\""))?;
    let start = out
        .get(..end)
        .and_then(|head| head.rfind("<div "))
        .ok_or_else(|| format!("index.html's data-answer=\"{code}\" is not on a <div>"))?;
    let element = out.get(start..end + marker.len()).unwrap_or_default();
    let new = with.map_or_else(String::new, |html| {
        element.replacen(&marker, &format!("data-answer=\"{code}\">{html}</div>"), 1)
    });
    Ok(out.replacen(element, &new, 1))
}

/// `out` with `from` (which must be there) replaced once by `to`.
fn swap(out: &str, from: &str, to: &str) -> Result<String, String> {
    if out.contains(from) {
        Ok(out.replacen(from, to, 1))
    } else {
        Err(format!("index.html has no {from}"))
    }
}

/// The two front documents drawn from the built `index` (English's and Chinese's, in that order): index.html
/// with both default answers, English's first, and `data-both` and the Chinese title on `<html>` (boot/lang.js
/// shows the Chinese answer and title in place); zh.html with the Chinese answer only; on `<html>` the document's
/// language and the queries the page saves for either default (boot/lang.js: a visit that would open one sees its
/// answer); the title and description in the document's language; the other document as its `hreflang` alternate.
pub fn front_documents(c: &Catalog, index: &str) -> Result<[String; 2], String> {
    let frames = [first_frame(c, Lang::En), first_frame(c, Lang::Zh)];
    let saved = frames.iter().map(|(_, q)| q.as_str()).collect::<Vec<_>>().join(" ");
    let mut docs = [String::new(), String::new()];
    for (doc, (lang, (html, _))) in docs.iter_mut().zip([Lang::En, Lang::Zh].iter().zip(&frames)) {
        let other = if *lang == Lang::En { Lang::Zh } else { Lang::En };
        let mut out = replace_answer(index, code(*lang), Some(html))?;
        let both = *lang == Lang::En;
        let zh_frame = frames.get(1).map(|(html, _)| html.as_str());
        out = replace_answer(&out, code(other), if both { zh_frame } else { None })?;
        let mut root = Html::new();
        let lang_attr = if *lang == Lang::Zh { "zh-CN" } else { "en" };
        let (both_attr, title_attr) = if both {
            (("data-both", ""), ("data-zh-title", tr(Lang::Zh, TITLE)))
        } else {
            (("", ""), ("", ""))
        };
        root.open(
            "html",
            &[("lang", lang_attr), both_attr, title_attr, ("data-default", &saved)],
        );
        out = swap(&out, "<html lang=\"en\">", &root.finish())?;
        for text in TEXTS {
            let mut h = Html::new();
            h.text(tr(*lang, text));
            out = swap(&out, text, &h.finish())?;
        }
        let mut alt = Html::new();
        let href = if other == Lang::Zh { ZH_FILE } else { "./" };
        let other_lang = if other == Lang::Zh { "zh-CN" } else { "en" };
        alt.open(
            "link",
            &[("rel", "alternate"), ("hreflang", other_lang), ("href", href)],
        );
        out = swap(&out, "</head>", &format!("{}</head>", alt.finish()))?;
        *doc = out;
    }
    Ok(docs)
}

/// index.html's title and description as written in its source (translated for zh.html).
const TITLE: &str = "gpuplan: AWS GPU and accelerator instance planner";
const DESCRIPTION: &str = "Choose AWS accelerated instances (G, P, Trainium, Inferentia) and plan what they cost under every purchase option.";
/// The texts this module translates (a test in `site_text` holds that each has its Chinese).
pub const TEXTS: [&str; 2] = [TITLE, DESCRIPTION];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{t, Msg};
    use crate::render::site::{first_frame, LOADING};

    const INDEX: &str = "<html lang=\"en\"><head><title>gpuplan: AWS GPU and accelerator instance planner</title><meta name=\"description\" content=\"Choose AWS accelerated instances (G, P, Trainium, Inferentia) and plan what they cost under every purchase option.\"></head><body><div lang=\"en\" class=\"boot-en\" data-answer=\"en\"></div>\n<div lang=\"zh-CN\" class=\"boot-zh\" data-answer=\"zh\"></div></body></html>";

    #[test]
    fn index_html_carries_both_answers_english_first_and_zh_html_the_chinese_one_only() {
        let c = Catalog::bundled();
        let Ok([en, zh]) = front_documents(&c, INDEX) else {
            panic!("the front documents are drawn");
        };
        let [(en_frame, _), (zh_frame, _)] = [first_frame(&c, Lang::En), first_frame(&c, Lang::Zh)];
        for doc in [&en, &zh] {
            assert!(doc.contains("data-default=\""));
        }
        // index.html: both answers, whole, English's first (a Chinese browser's answer comes after it in the same document).
        assert!(en.starts_with("<html lang=\"en\" data-both=\"\" data-zh-title=\""));
        assert!(en.contains(&format!("data-zh-title=\"{}\"", tr(Lang::Zh, TITLE))));
        assert_eq!(en.matches("data-testid=\"summary\"").count(), 2);
        let (at_en, at_zh) = (en.find(&en_frame), en.find(&zh_frame));
        assert!(at_en.is_some() && at_zh.is_some() && at_en < at_zh);
        assert!(en.contains("hreflang=\"zh-CN\" href=\"zh.html\""));
        // zh.html: the Chinese answer alone; no English answer's words.
        assert_eq!(zh.matches("data-testid=\"summary\"").count(), 1);
        for m in [Msg::Workload, Msg::EditInputs, Msg::ShowResult] {
            assert!(!zh.contains(&format!(">{}<", t(Lang::En, m))), "{m:?}");
        }
        assert!(!zh.contains(tr(Lang::En, LOADING)) && !zh.contains("data-both"));
        assert!(zh.starts_with("<html lang=\"zh-CN\""));
        assert!(zh.contains("data-answer=\"zh\">") && !zh.contains("data-answer=\"en\""));
        assert!(zh.contains(&format!("<title>{}</title>", tr(Lang::Zh, TITLE))));
        assert!(zh.contains("hreflang=\"en\" href=\"./\""));
        // Both documents list both defaults' saved forms.
        let default = |d: &str| {
            d.split("data-default=\"")
                .nth(1)
                .map(|s| s.split('"').next().map(str::to_string))
        };
        assert_eq!(default(&en), default(&zh));
        assert!(front_documents(&c, "<html lang=\"en\"></html>").is_err());
    }
}
