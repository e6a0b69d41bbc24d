//! A number field as HTML text (the form's and the Assumptions view's): its label, the input with its link key, range and the state's value, and the value it refused; `app::fields` handles its typing through the page's one delegated `input` and `change` handlers (`Act::Num`).

use super::{Act, Html};
use crate::i18n::{t, Msg};
use crate::query::Warning;
use crate::scenario::Lang;

/// A number field as the page draws it: its link key and label, the state's value, the key's range,
/// what is used while it is empty, and a value it could not take (said at the field, in its label's words).
pub struct NumberIn<'a> {
    pub key: &'a str,
    pub label: Msg,
    pub value: &'a str,
    pub range: Option<(f64, f64)>,
    pub placeholder: Option<Msg>,
    pub error: Option<&'a Warning>,
}

/// A labelled number input for a link key: taken while typing (after a pause) and at once on change,
/// through the page's one input and change handlers (`Act::Num`). `data-v` is the state's value the field
/// last showed, so a redraw of the state moves the field only when that value changes.
pub fn number(lang: Lang, n: &NumberIn) -> String {
    let (id, err_id) = (super::controls::field_id(n.key), format!("e-{}", n.key));
    let (min, max) = n.range.map_or((String::new(), String::new()), |(a, b)| {
        (crate::num::shortest(a), crate::num::shortest(b))
    });
    let bad = n.error.is_some();
    let attrs = [
        ("id", id.as_str()),
        ("type", "number"),
        ("step", "any"),
        ("inputmode", "decimal"),
        super::controls::key_attr(n.key),
        when(n.range.is_some(), ("min", &min)),
        when(n.range.is_some(), ("max", &max)),
        when(bad, ("class", "invalid")),
        when(bad, ("aria-invalid", "true")),
        when(bad, ("aria-describedby", &err_id)),
        ("placeholder", n.placeholder.map_or("", |m| t(lang, m))),
        ("value", n.value),
        ("data-v", n.value),
        Act::Num.attr(),
    ];
    let label = t(lang, n.label);
    let mut h = Html::new();
    h.open("label", &[("class", "field"), ("for", &id)])
        .el("span", &[("class", "label")], label)
        .open("input", &attrs);
    if let Some(w) = n.error {
        h.el(
            "span",
            &field_error_attrs(&err_id),
            &crate::explain::field_error(w, label, lang),
        );
    }
    h.close("label");
    h.finish()
}

/// An optional attribute: the pair when `on`, else the empty pair `Html` leaves out.
fn when<'x>(on: bool, pair: (&'x str, &'x str)) -> (&'x str, &'x str) {
    if on {
        pair
    } else {
        ("", "")
    }
}

/// The attributes of a number field's error (`app::fields` adds the same element when a typed value is refused).
pub fn field_error_attrs(err_id: &str) -> [(&'static str, &str); 3] {
    [("class", "field-error"), ("id", err_id), ("data-testid", "field-error")]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_field_names_its_key_range_and_the_value_it_shows() {
        // The markup the compiled `NumberField` wrote (ids, `data-key`, the range, the label's `for`),
        // with the act and the state's value it shows.
        let n = NumberIn {
            key: "batch",
            label: Msg::MicroBatch,
            value: "8",
            range: Some((1.0, 4096.0)),
            placeholder: None,
            error: None,
        };
        assert_eq!(
            number(Lang::En, &n),
            format!(
                "<label class=\"field\" for=\"f-batch\"><span class=\"label\">{}</span><input id=\"f-batch\" \
                 type=\"number\" step=\"any\" inputmode=\"decimal\" data-key=\"batch\" min=\"1\" max=\"4096\" \
                 placeholder=\"\" value=\"8\" data-v=\"8\" data-act=\"num\"></label>",
                t(Lang::En, Msg::MicroBatch)
            )
        );
        // A refused value: the input marked and described by the message, in the label's words.
        let w = Warning {
            field: "hours".into(),
            value: "-5".into(),
            problem: crate::query::Problem::OutOfRange { min: 0.0, max: 744.0 },
            used: "730".into(),
        };
        let bad = NumberIn {
            key: "hours",
            label: Msg::HoursPerMonth,
            value: "730",
            range: None,
            placeholder: Some(Msg::FromCatalog),
            error: Some(&w),
        };
        let html = number(Lang::Zh, &bad);
        assert!(
            html.contains(" class=\"invalid\" aria-invalid=\"true\" aria-describedby=\"e-hours\" placeholder=\""),
            "{html}"
        );
        assert!(
            html.ends_with(&format!(
                "<span class=\"field-error\" id=\"e-hours\" data-testid=\"field-error\">{}</span></label>",
                crate::explain::field_error(&w, t(Lang::Zh, Msg::HoursPerMonth), Lang::Zh)
            )),
            "{html}"
        );
    }
}
