//! The read-only parts of the Plan view (the chosen recommendation's card, its tables, the charts) as HTML text, built by pure functions the page sets with `inner_html`: one string writer instead of a compiled view type per element (BENCHMARKS.md: −40 KB gzip), testable natively.

// Render runs in the page, where a panic kills it: no slice indexing.
#![deny(clippy::indexing_slicing)]

pub mod assumptions;
pub mod charts;
pub mod compare;
pub mod controls;
pub mod cost_charts;
pub mod curve;
pub mod detail;
pub mod explore;
pub mod front;
pub mod ledger;
pub mod notes;
pub mod number;
pub mod options;
pub mod page;
pub mod ranked;
pub mod site;
mod svg;

/// What a button drawn as HTML text does: written into its `data-act` attribute here and read back by
/// the page's one delegated click handler (`app::acts`), so the two can never disagree on a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// Back to the best recommendation.
    Best,
    /// Plan in another region (`data-id`: the region).
    Region,
    /// A change that fits (`data-key`: the link key, `data-id`: its value).
    Fix,
    /// Open or close the cost-versus-latency curve.
    Curve,
    /// Start the curve's worker again after it failed.
    Retry,
    /// Several link keys at once (`data-id`: `key=value&…`): a point of the cost-versus-latency curve.
    Pairs,
    /// Open a view (`data-id`: its key).
    View,
    /// Show a recommendation's details (`data-id`: the instance type).
    Pick,
    /// Add a type to Compare or remove it (`data-id`: the instance type).
    Cmp,
    /// Sort Explore's table by a column (`data-id`: its key).
    Sort,
    /// Remove a Compare column (`data-id`: the instance type).
    Uncmp,
    /// A segmented input's value (`data-value`; the link key is the nearest `data-key`).
    Set,
    /// An export (`data-export`: csv, json or markdown; what, the nearest `data-what`).
    Export,
    /// Copy the page's link.
    CopyLink,
    /// Copy the embed code.
    CopyEmbed,
    /// Start again from a new visitor's state.
    Reset,
    /// One of the articles' combined strategies (`data-id`: its key).
    Strategy,
    /// Every ranked recommendation, not the first twelve.
    ShowAll,
    /// Show or hide one of Explore's columns (`data-id`: its key).
    Col,
    /// A form's checkbox (`data-key`: its link key, `data-id`: the value its change sets), read on `change`.
    Check,
    /// A form's `<select>` (`data-key`: its link key; the value is the select's), read on `change`.
    Select,
    /// A form's number field (`data-key`: its link key), read on `input` after a pause and on `change`.
    Num,
}

/// Every act with the name its `data-act` carries.
const ACTS: [(Act, &str); 22] = [
    (Act::Best, "best"),
    (Act::Region, "region"),
    (Act::Fix, "fix"),
    (Act::Pairs, "pairs"),
    (Act::Curve, "curve"),
    (Act::Retry, "retry"),
    (Act::View, "view"),
    (Act::Pick, "pick"),
    (Act::Cmp, "cmp"),
    (Act::Sort, "sort"),
    (Act::Uncmp, "uncmp"),
    (Act::Set, "set"),
    (Act::Export, "export"),
    (Act::CopyLink, "copy-link"),
    (Act::CopyEmbed, "copy-embed"),
    (Act::Reset, "reset"),
    (Act::Strategy, "strategy"),
    (Act::ShowAll, "show-all"),
    (Act::Col, "col"),
    (Act::Check, "check"),
    (Act::Select, "select"),
    (Act::Num, "num"),
];

impl Act {
    /// The `data-act` value.
    pub fn key(self) -> &'static str {
        ACTS.iter().find(|(a, _)| *a == self).map_or("", |(_, k)| k)
    }

    /// The act a `data-act` value names; `None` for anything else.
    pub fn parse(key: &str) -> Option<Act> {
        ACTS.iter().find(|(_, k)| *k == key).map(|(a, _)| *a)
    }

    /// The attribute every act is written in.
    pub const ATTR: &'static str = "data-act";

    /// A selector for any element that names an act (what the page's handlers look for).
    pub const ANY: &'static str = "[data-act]";

    /// The act as an attribute of an `Attrs` list.
    pub fn attr(self) -> (&'static str, &'static str) {
        (Self::ATTR, self.key())
    }

    /// The selector of this act's element after `within` (a selector it is in or a tag, or ""), with
    /// `data-id` `id` where given: how the page finds a button drawn as text again once it has been redrawn
    /// (`app::acts::refocus`).
    pub fn selector(self, within: &str, id: Option<&str>) -> String {
        // Pushed, not `format!`ted: no formatting machinery for a concatenation (~240 B of the page's wasm).
        let mut out = String::from(within);
        out.push_str("[data-act=\"");
        out.push_str(self.key());
        if let Some(id) = id {
            out.push_str("\"][data-id=\"");
            out.push_str(id);
        }
        out.push_str("\"]");
        out
    }
}

/// An HTML fragment being written. Every text and attribute value passes through `escape`, so catalog
/// text and link values can never become markup.
#[derive(Default)]
pub struct Html {
    out: String,
}

/// `(name, value)` pairs of an element's attributes; an empty name leaves the pair out, so optional
/// attributes can sit in a fixed-size list.
pub type Attrs<'a> = [(&'a str, &'a str)];

impl Html {
    pub fn new() -> Html {
        Html::default()
    }

    /// `<tag a="v"…>`.
    pub fn open(&mut self, tag: &str, attrs: &Attrs) -> &mut Html {
        self.out.push('<');
        self.out.push_str(tag);
        for (name, value) in attrs.iter().filter(|a| !a.0.is_empty()) {
            self.out.push(' ');
            self.out.push_str(name);
            self.out.push_str("=\"");
            escape_into(&mut self.out, value);
            self.out.push('"');
        }
        self.out.push('>');
        self
    }

    /// `</tag>`.
    pub fn close(&mut self, tag: &str) -> &mut Html {
        self.out.push_str("</");
        self.out.push_str(tag);
        self.out.push('>');
        self
    }

    /// Text, escaped.
    pub fn text(&mut self, text: &str) -> &mut Html {
        escape_into(&mut self.out, text);
        self
    }

    /// `<tag attrs>text</tag>`.
    pub fn el(&mut self, tag: &str, attrs: &Attrs, text: &str) -> &mut Html {
        self.open(tag, attrs).text(text).close(tag)
    }

    /// A fragment another function of this module wrote (already escaped); private to `render`.
    /// ` data-act="…"` inside a tag written as fragments.
    fn act(&mut self, act: Act) -> &mut Html {
        self.fragment(" data-act=\"").fragment(act.key()).fragment("\"")
    }

    fn fragment(&mut self, html: &str) -> &mut Html {
        self.out.push_str(html);
        self
    }

    /// `<li>text</li>` for each item.
    pub fn items(&mut self, items: &[String]) -> &mut Html {
        for i in items {
            self.el("li", &[], i);
        }
        self
    }

    pub fn finish(self) -> String {
        self.out
    }
}

fn escape_into(out: &mut String, text: &str) {
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

/// A `<select>`'s options, `(value, label)` each, the `current` value selected.
pub fn options(options: &[(String, String)], current: &str) -> String {
    let mut h = Html::new();
    for (value, label) in options {
        let selected = if *value == current { ("selected", "") } else { ("", "") };
        h.el("option", &[("value", value), selected], label);
    }
    h.finish()
}

/// How figures are written: the page language and the display currency (the link's presentation).
pub type Fmt = crate::presentation::Presentation;

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::scenario::{Currency, Lang};

    /// How the render tests write figures: English, US dollars.
    pub(crate) const EN_USD: Fmt = Fmt {
        lang: Lang::En,
        currency: Currency::Usd,
        cny_per_usd: 7.0,
    };

    #[test]
    fn escapes_text_and_attributes() {
        let mut h = Html::new();
        h.open("p", &[("title", "a\"b<c>"), ("", "left out")])
            .text("x & <script>'y'</script>")
            .close("p");
        assert_eq!(
            h.finish(),
            "<p title=\"a&quot;b&lt;c&gt;\">x &amp; &lt;script&gt;&#39;y&#39;&lt;/script&gt;</p>"
        );
    }

    proptest::proptest! {
        /// Whatever the text, it comes out as text: no markup character survives, and unescaping
        /// gives the text back.
        #[test]
        fn any_text_stays_text(t in "\\PC*") {
            let mut h = Html::new();
            h.el("p", &[("title", &t)], &t);
            let out = h.finish();
            let inner = &out[out.find('>').map_or(0, |i| i + 1)..out.len() - 4];
            proptest::prop_assert!(!inner.contains('<') && !inner.contains('>') && !inner.contains('"'));
            let back = inner.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&");
            proptest::prop_assert_eq!(back, t);
        }
    }

    #[test]
    fn the_current_option_is_selected() {
        let o = [
            ("a".to_string(), "A".to_string()),
            ("b".to_string(), "B & C".to_string()),
        ];
        assert_eq!(
            options(&o, "b"),
            "<option value=\"a\">A</option><option value=\"b\" selected=\"\">B &amp; C</option>"
        );
    }

    #[test]
    fn every_act_reads_back_as_itself() {
        let all = ACTS.map(|(a, _)| a);
        for a in all {
            assert_eq!(Act::parse(a.key()), Some(a), "{a:?}");
        }
        // Names are distinct and none is empty.
        for (i, (_, k)) in ACTS.iter().enumerate() {
            assert!(!k.is_empty());
            assert!(ACTS.iter().skip(i + 1).all(|(_, other)| other != k), "{k}");
        }
        assert_eq!(Act::parse("nonsense"), None);
        assert_eq!(Act::Pick.key(), "pick");
        // What is written is what the selectors find.
        assert_eq!(Act::Pairs.attr(), ("data-act", "pairs"));
        assert_eq!(Act::Curve.selector("", None), "[data-act=\"curve\"]");
        assert_eq!(Act::Uncmp.selector(".compare ", None), ".compare [data-act=\"uncmp\"]");
        assert_eq!(
            Act::Pairs.selector("button", Some("inst=a&tp=2")),
            "button[data-act=\"pairs\"][data-id=\"inst=a&tp=2\"]"
        );
        let mut h = Html::new();
        h.fragment("<b").act(Act::Pick).fragment(">");
        assert_eq!(h.finish(), "<b data-act=\"pick\">");
    }

    #[test]
    fn items_are_list_entries() {
        let mut h = Html::new();
        h.items(&["a".into(), "<b>".into()]);
        assert_eq!(h.finish(), "<li>a</li><li>&lt;b&gt;</li>");
    }
}
