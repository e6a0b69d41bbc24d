//! The page's buttons as HTML text (export bars, the header's copy and reset, segmented inputs, the strategies' chips, the type restriction, the changed-assumptions notice, the ranked list's head and "All" button): each names its `Act`, and the page's one delegated click handler does it.
//! It owns the form controls' attributes too: the link key (`data-key`), a segmented button's value (`data-value`)
//! and a field's id (`f-{key}`), and the selectors the page reads them and refocuses with, as `Act` owns `data-act`.

use super::{Act, Html};
use crate::i18n::{t, Msg};
use crate::scenario::{Lang, Strategy};

/// The attribute a control carries its link key in (the page reads it to know what a change sets).
pub const KEY_ATTR: &str = "data-key";

/// The attribute a segmented input's button carries its value in.
pub const VALUE_ATTR: &str = "data-value";

/// A selector for any element that names a link key (a segmented button's group is the nearest one).
pub const ANY_KEY: &str = "[data-key]";

/// The link key as an attribute of an `Attrs` list.
pub fn key_attr(key: &str) -> (&'static str, &str) {
    (KEY_ATTR, key)
}

/// The id of the field for link key `key` (`f-{key}`): its label's `for`, and what `field_selector` finds.
pub fn field_id(key: &str) -> String {
    // Pushed, not `format!`ted, as in `Act::selector`.
    let mut out = String::from("f-");
    out.push_str(key);
    out
}

/// The selector of the field for link key `key`: how the page finds it again once it has been redrawn.
pub fn field_selector(key: &str) -> String {
    let mut out = String::from("#");
    out.push_str(&field_id(key));
    out
}

/// The selector of the button for `value` in the segmented input for link key `key` (what the page refocuses
/// once a press has redrawn it).
pub fn segment_selector(key: &str, value: &str) -> String {
    let mut out = String::from("[data-key=\"");
    out.push_str(key);
    out.push_str("\"] [data-value=\"");
    out.push_str(value);
    out.push_str("\"]");
    out
}

/// The articles' combined strategies: the `data-id` of each chip, what it applies and its label.
pub const STRATEGIES: [(&str, Strategy, Msg); 5] = [
    ("dev", Strategy::DevSpot, Msg::StratDev),
    ("steady", Strategy::SteadyInference, Msg::StratSteady),
    ("window", Strategy::FixedWindowTraining, Msg::StratWindow),
    ("neuron", Strategy::NeuronInference, Msg::StratNeuron),
    ("reseller", Strategy::Reseller, Msg::StratReseller),
];

/// An export bar: CSV and JSON downloads and "copy as Markdown table" for `what` (its file name), and
/// the status of the last copy.
pub fn export_bar(lang: Lang, what: &str) -> String {
    let mut h = Html::new();
    h.open(
        "div",
        &[("class", "export"), ("data-testid", "export"), ("data-what", what)],
    );
    for (kind, m) in [
        ("csv", Msg::ExportCsv),
        ("json", Msg::ExportJson),
        ("markdown", Msg::CopyMarkdown),
    ] {
        let attrs = [
            ("type", "button"),
            ("class", "small"),
            ("data-export", kind),
            Act::Export.attr(),
        ];
        h.el("button", &attrs, t(lang, m));
    }
    h.el("span", &[("class", "copied"), ("role", "status")], "")
        .close("div");
    h.finish()
}

/// The header's buttons: copy the link, copy the embed code, reset; then the copies' status.
pub fn header_buttons(lang: Lang) -> String {
    let mut h = Html::new();
    for (act, class, m) in [
        (Act::CopyLink, "primary", Msg::CopyLink),
        (Act::CopyEmbed, "", Msg::CopyEmbed),
        (Act::Reset, "", Msg::Reset),
    ] {
        let class = if class.is_empty() { ("", "") } else { ("class", class) };
        let attrs = [("type", "button"), class, ("data-testid", act.key()), act.attr()];
        h.el("button", &attrs, t(lang, m));
    }
    h.el(
        "span",
        &[("class", "copied"), ("role", "status"), ("data-testid", "copy-status")],
        "",
    );
    h.finish()
}

/// A segmented input's legend and buttons for link key `key` (the buttons' row carries it); the `current`
/// value's button pressed.
pub fn segmented(lang: Lang, key: &str, label: Msg, options: &[(&str, Msg)], current: &str) -> String {
    let mut h = Html::new();
    h.el("legend", &[], t(lang, label));
    h.open("div", &[("class", "seg-buttons"), key_attr(key)]);
    for (value, m) in options {
        let on = *value == current;
        let attrs = [
            ("type", "button"),
            if on { ("class", "active") } else { ("", "") },
            ("aria-pressed", if on { "true" } else { "false" }),
            (VALUE_ATTR, value),
            Act::Set.attr(),
        ];
        h.el("button", &attrs, t(lang, *m));
    }
    h.close("div");
    h.finish()
}

/// The strategies' chips.
pub fn strategy_chips(lang: Lang) -> String {
    let mut h = Html::new();
    for (id, _, m) in STRATEGIES {
        let attrs = [
            ("type", "button"),
            ("class", "chip"),
            Act::Strategy.attr(),
            ("data-id", id),
        ];
        h.el("button", &attrs, t(lang, m));
    }
    h.finish()
}

/// A restriction to named instance types, with the button that lifts it (`inst=` emptied); nothing
/// when there is none.
pub fn only_types(lang: Lang, types: &[String]) -> String {
    if types.is_empty() {
        return String::new();
    }
    let mut h = Html::new();
    h.open("div", &[("class", "field only-types"), ("data-testid", "only-types")])
        .el("span", &[("class", "label")], t(lang, Msg::OnlyTypes))
        .el("span", &[("class", "types")], &types.join(", "));
    let attrs = [
        ("type", "button"),
        ("class", "small"),
        ("data-testid", "all-types"),
        key_attr("inst"),
        Act::Fix.attr(),
        ("data-id", ""),
    ];
    h.el("button", &attrs, t(lang, Msg::AllTypes)).close("div");
    h.finish()
}

/// On the Plan: which assumptions differ from the defaults (`text`), with a button to review them.
pub fn changed_notice(lang: Lang, text: &str) -> String {
    let mut h = Html::new();
    h.open("p", &[("class", "notice-line"), ("data-testid", "assumptions-changed")])
        .text(text)
        .text(" ");
    let attrs = [
        ("type", "button"),
        ("class", "small"),
        key_attr("view"),
        Act::Fix.attr(),
        ("data-id", "assumptions"),
    ];
    h.el("button", &attrs, t(lang, Msg::ReviewAssumptions)).close("p");
    h.finish()
}

/// A section's head: its title with a count, and its export bar (`what`, when there is one).
pub fn section_head(lang: Lang, title: Msg, count: Option<usize>, export: Option<&str>) -> String {
    let mut h = Html::new();
    let title = match count {
        Some(n) => format!("{} ({n})", t(lang, title)),
        None => t(lang, title).to_string(),
    };
    h.el("h2", &[], &title);
    let mut out = h.finish();
    if let Some(what) = export {
        out.push_str(&export_bar(lang, what));
    }
    out
}

/// The button under the first twelve ranked recommendations that shows all `total`.
pub fn show_all(lang: Lang, total: usize) -> String {
    let mut h = Html::new();
    let attrs = [("type", "button"), ("class", "small"), Act::ShowAll.attr()];
    h.el("button", &attrs, &format!("{} ({total})", t(lang, Msg::All)));
    h.finish()
}

/// Explore's count of Compare picks and the button that opens Compare (disabled with none).
pub fn compare_picks(lang: Lang, picks: usize) -> String {
    let mut h = Html::new();
    h.open("p", &[("class", "picks"), ("data-testid", "compare-picks")])
        .text(&format!("{picks} {} ", t(lang, Msg::PickedForCompare)));
    let attrs = [
        ("type", "button"),
        ("class", "small"),
        if picks == 0 { ("disabled", "") } else { ("", "") },
        key_attr("view"),
        Act::Fix.attr(),
        ("data-id", "compare"),
    ];
    h.el("button", &attrs, t(lang, Msg::OpenCompare)).close("p");
    h.finish()
}

/// Explore's column switches (`columns`: each column's key, label and whether it is shown), under
/// their summary; the `<details>` around them stays open while they change.
pub fn column_switches(lang: Lang, columns: &[(&str, Msg, bool)]) -> String {
    let mut h = Html::new();
    h.el("summary", &[], t(lang, Msg::Columns));
    for (key, m, shown) in columns {
        let attrs = [
            ("type", "checkbox"),
            if *shown { ("checked", "") } else { ("", "") },
            Act::Col.attr(),
            ("data-id", key),
        ];
        h.open("label", &[("class", "check")])
            .open("input", &attrs)
            .el("span", &[], t(lang, *m))
            .close("label");
    }
    h.finish()
}

/// A labelled checkbox for a link key whose values are `on` and `off` (the form's and Explore's filters):
/// a change sets the other value through `acts::on_change` (`Act::Check`).
pub fn check(lang: Lang, key: &str, label: Msg, checked: bool, on: &str, off: &str) -> String {
    let id = field_id(key);
    let attrs = [
        ("id", id.as_str()),
        ("type", "checkbox"),
        key_attr(key),
        if checked { ("checked", "") } else { ("", "") },
        Act::Check.attr(),
        ("data-id", if checked { off } else { on }),
    ];
    let mut h = Html::new();
    h.open("label", &[("class", "check"), ("for", &id)])
        .open("input", &attrs)
        .el("span", &[], t(lang, label))
        .close("label");
    h.finish()
}

/// A labelled `<select>` for a link key, `options` as (value, label) with `current` selected: a change
/// sets the key through `acts` (`Act::Select`).
pub fn select(lang: Lang, key: &str, label: Msg, options: &[(String, String)], current: &str) -> String {
    let id = field_id(key);
    let mut h = Html::new();
    h.open("label", &[("class", "field"), ("for", &id)])
        .el("span", &[("class", "label")], t(lang, label))
        .open("select", &[("id", &id), key_attr(key), Act::Select.attr()])
        .fragment(&super::options(options, current))
        .close("select")
        .close("label");
    h.finish()
}

/// The line under Explore's filters: rows shown, the region, what every price is per, and the note
/// that prices are list prices (`list_note`, empty for none).
pub fn explore_line(lang: Lang, rows: usize, region: &str, basis: &str, list_note: &str) -> String {
    let mut h = Html::new();
    h.open("p", &[("class", "muted")])
        .text(&format!("{rows} {} · {region} · ", t(lang, Msg::Rows)))
        .el("span", &[("data-testid", "price-basis")], basis);
    if !list_note.is_empty() {
        h.text(" · ").el("strong", &[("data-testid", "list-prices")], list_note);
    }
    h.close("p");
    h.finish()
}

/// A select's options from (value, label) pairs: one compiled copy of the conversion for every list the
/// page's form writes out literally.
pub fn options(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(k, l)| (k.to_string(), l.to_string())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_select_names_its_key_and_selects_the_current_value() {
        // The markup the compiled `SelectField` wrote (`id`, `data-key`, the label's `for`), and the act.
        let o = [
            ("fp16".to_string(), "FP16".to_string()),
            ("fp8".to_string(), "FP8".to_string()),
        ];
        assert_eq!(
            select(Lang::En, "prec", Msg::Precision, &o, "fp8"),
            format!(
                "<label class=\"field\" for=\"f-prec\"><span class=\"label\">{}</span><select id=\"f-prec\" \
                 data-key=\"prec\" data-act=\"select\"><option value=\"fp16\">FP16</option><option value=\"fp8\" \
                 selected=\"\">FP8</option></select></label>",
                t(Lang::En, Msg::Precision)
            )
        );
    }

    #[test]
    fn a_checkbox_names_its_key_and_the_value_a_click_sets() {
        // The markup the compiled `CheckField` wrote (`id`, `data-key`, the label's `for`), and the act.
        assert_eq!(
            check(Lang::En, "cuda", Msg::CudaOnly, false, "1", "0"),
            format!(
                "<label class=\"check\" for=\"f-cuda\"><input id=\"f-cuda\" type=\"checkbox\" data-key=\"cuda\" \
                 data-act=\"check\" data-id=\"1\"><span>{}</span></label>",
                t(Lang::En, Msg::CudaOnly)
            )
        );
        assert_eq!(field_selector("cuda"), "#f-cuda", "the id the field is found again by");
        // Checked: a click sets the other value ("arch" is a word key).
        let on = check(Lang::Zh, "arch", Msg::NonTransformer, true, "other", "transformer");
        assert!(
            on.contains(" checked=\"\" data-act=\"check\" data-id=\"transformer\">"),
            "{on}"
        );
        assert!(on.contains(t(Lang::Zh, Msg::NonTransformer)), "{on}");
    }

    #[test]
    fn the_pressed_segment_is_the_current_value() {
        let html = segmented(
            Lang::En,
            "prio",
            Msg::Priority,
            &[("cost", Msg::PrioCost), ("perf", Msg::PrioPerf)],
            "perf",
        );
        assert!(html.starts_with("<legend>"), "{html}");
        // The buttons' row names the key: the group the page's handler finds and refocuses in.
        assert!(html.contains("<div class=\"seg-buttons\" data-key=\"prio\">"), "{html}");
        assert_eq!(
            segment_selector("prio", "perf"),
            "[data-key=\"prio\"] [data-value=\"perf\"]"
        );
        assert!(html.contains("aria-pressed=\"false\" data-value=\"cost\""), "{html}");
        assert!(
            html.contains("class=\"active\" aria-pressed=\"true\" data-value=\"perf\" data-act=\"set\""),
            "{html}"
        );
    }

    #[test]
    fn export_bars_name_what_they_export() {
        let html = export_bar(Lang::Zh, "gpuplan-plan");
        assert!(
            html.starts_with("<div class=\"export\" data-testid=\"export\" data-what=\"gpuplan-plan\">"),
            "{html}"
        );
        for kind in ["csv", "json", "markdown"] {
            assert!(
                html.contains(&format!("data-export=\"{kind}\" data-act=\"export\"")),
                "{html}"
            );
        }
        assert!(
            html.ends_with("<span class=\"copied\" role=\"status\"></span></div>"),
            "{html}"
        );
    }

    #[test]
    fn a_type_restriction_shows_its_types_and_lifts_in_one_click() {
        assert_eq!(only_types(Lang::En, &[]), "");
        let html = only_types(Lang::En, &["g6.xlarge".into(), "<p5>".into()]);
        assert!(
            html.contains("<span class=\"types\">g6.xlarge, &lt;p5&gt;</span>"),
            "{html}"
        );
        assert!(
            html.contains("data-key=\"inst\" data-act=\"fix\" data-id=\"\""),
            "{html}"
        );
    }

    #[test]
    fn every_strategy_chip_is_a_distinct_act() {
        let html = strategy_chips(Lang::En);
        for (id, _, m) in STRATEGIES {
            assert!(
                html.contains(&format!("data-id=\"{id}\">{}</button>", t(Lang::En, m))),
                "{html}"
            );
        }
        assert_eq!(html.matches("data-act=\"strategy\"").count(), STRATEGIES.len());
    }

    #[test]
    fn explores_head_line_and_switches() {
        let html = compare_picks(Lang::En, 0);
        assert!(
            html.starts_with("<p class=\"picks\" data-testid=\"compare-picks\">0 picked for Compare <button"),
            "{html}"
        );
        assert!(html.contains("disabled=\"\""), "{html}");
        assert!(!compare_picks(Lang::En, 2).contains("disabled"));
        let html = column_switches(
            Lang::En,
            &[("acc", Msg::Accelerator, true), ("n", Msg::Accelerator, false)],
        );
        assert!(html.starts_with("<summary>"), "{html}");
        assert!(
            html.contains("<input type=\"checkbox\" checked=\"\" data-act=\"col\" data-id=\"acc\">"),
            "{html}"
        );
        assert!(
            html.contains("<input type=\"checkbox\" data-act=\"col\" data-id=\"n\">"),
            "{html}"
        );
        let line = explore_line(Lang::En, 3, "us-east-1", "prices per instance per hour", "");
        assert_eq!(
            line,
            "<p class=\"muted\">3 instance types · us-east-1 · <span data-testid=\"price-basis\">prices per instance per hour</span></p>"
        );
        assert!(explore_line(Lang::En, 3, "r", "b", "list")
            .ends_with(" · <strong data-testid=\"list-prices\">list</strong></p>"));
    }

    #[test]
    fn heads_count_and_export() {
        assert_eq!(
            section_head(Lang::En, Msg::Recommendations, Some(3), None),
            "<h2>Recommendations (3)</h2>"
        );
        let html = section_head(Lang::En, Msg::ViewCompare, None, Some("gpuplan-compare"));
        assert!(html.starts_with("<h2>Compare</h2><div class=\"export\""), "{html}");
    }
}
