//! The site's two front documents, drawn from the built index.html: `index.html` with the default scenario's answer in English only and `zh.html` beside it with the Chinese one only, each with its own `<html lang>`, title and description, the saved forms of both defaults (boot/lang.js) and the other as `hreflang` alternate. Invariant: each document carries one language's answer, and both sit in dist/'s root, so every relative URL the Trunk build and the app write means the same in both.

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

/// The two front documents drawn from the built `index` (English's and Chinese's, in that order): the
/// default answer in the document's language only; on `<html>` its language and the queries the page
/// saves for either default (boot/lang.js: a visit that would open one sees its document); the title and
/// description in the document's language; the other document as its `hreflang` alternate.
pub fn front_documents(c: &Catalog, index: &str) -> Result<[String; 2], String> {
    let frames = [first_frame(c, Lang::En), first_frame(c, Lang::Zh)];
    let saved = frames.iter().map(|(_, q)| q.as_str()).collect::<Vec<_>>().join(" ");
    let mut docs = [String::new(), String::new()];
    for (doc, (lang, (html, _))) in docs.iter_mut().zip([Lang::En, Lang::Zh].iter().zip(&frames)) {
        let other = if *lang == Lang::En { Lang::Zh } else { Lang::En };
        let mut out = replace_answer(index, code(*lang), Some(html))?;
        out = replace_answer(&out, code(other), None)?;
        let mut root = Html::new();
        let lang_attr = if *lang == Lang::Zh { "zh-CN" } else { "en" };
        root.open("html", &[("lang", lang_attr), ("data-default", &saved)]);
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
    use crate::render::site::LOADING;

    const INDEX: &str = "<html lang=\"en\"><head><title>gpuplan: AWS GPU and accelerator instance planner</title><meta name=\"description\" content=\"Choose AWS accelerated instances (G, P, Trainium, Inferentia) and plan what they cost under every purchase option.\"></head><body><div lang=\"en\" class=\"boot-en\" data-answer=\"en\"></div>\n<div lang=\"zh-CN\" class=\"boot-zh\" data-answer=\"zh\"></div></body></html>";

    #[test]
    fn each_front_document_carries_its_own_language_only() {
        let c = Catalog::bundled();
        let Ok([en, zh]) = front_documents(&c, INDEX) else {
            panic!("the front documents are drawn");
        };
        for doc in [&en, &zh] {
            assert!(doc.contains("data-default=\""));
            assert_eq!(doc.matches("data-testid=\"summary\"").count(), 1);
        }
        assert!(en.starts_with("<html lang=\"en\""));
        assert!(en.contains("data-answer=\"en\">") && !en.contains("data-answer=\"zh\""));
        // Neither answer's words in the other document (the catalog's own source titles may be Chinese).
        for (doc, other) in [(&en, Lang::Zh), (&zh, Lang::En)] {
            for m in [Msg::Workload, Msg::EditInputs, Msg::ShowResult] {
                assert!(!doc.contains(&format!(">{}<", t(other, m))), "{m:?}");
            }
            assert!(!doc.contains(tr(other, LOADING)));
        }
        assert!(en.contains("hreflang=\"zh-CN\" href=\"zh.html\""));
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
