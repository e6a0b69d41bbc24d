//! Labelled inputs bound to link keys: every change goes through `Ctx::set`, the same path a link takes.

use super::Ctx;
use gpuplan::i18n::Msg;
use gpuplan::render::Act;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// A labelled `<select>`; `options` are (value, label) pairs (HTML text from `render::controls::select`;
/// a change acts through `acts::on_change`, which puts the focus back on it).
pub fn select(
    ctx: Ctx,
    key: &'static str,
    label: Msg,
    options: Signal<Vec<(String, String)>>,
    current: Signal<String>,
) -> AnyView {
    let html =
        move || options.with(|o| current.with(|c| gpuplan::render::controls::select(ctx.lang(), key, label, o, c)));
    view! { <div class="contents" inner_html=html></div> }.into_any()
}

/// How long typing pauses before a number field's value is taken (the answer follows the typing).
const TYPING_PAUSE: std::time::Duration = std::time::Duration::from_millis(300);

/// The number fields' shared state: the typed value waiting for a pause, and the values the fields
/// could not take (so a language switch redraws them in the new language).
#[derive(Default)]
pub struct Typing {
    pending: Option<TimeoutHandle>,
    errors: Vec<gpuplan::query::Warning>,
    /// The keys of the number fields drawn so far (`follow_state` looks each one up).
    drawn: Vec<&'static str>,
}

/// A labelled number input (HTML text from `render::number`): taken while typing, once the
/// typing pauses, and at once on change (Enter or leaving the field), by `on_input` and `on_change`
/// through the page's delegated handlers. Redrawn only on a language switch; `follow_state` keeps its
/// value on the state's.
pub fn number(ctx: Ctx, key: &'static str, label: Msg, placeholder: Option<Msg>) -> AnyView {
    let range = ctx.catalog.with_value(|c| gpuplan::query::range_of(key, c));
    ctx.typing.update_value(|t| {
        if !t.drawn.contains(&key) {
            t.drawn.push(key);
        }
    });
    let html = move || {
        let lang = ctx.lang();
        let value = ctx.state.with_untracked(|st| text_of(st, key));
        ctx.typing.with_value(|t| {
            let n = gpuplan::render::number::NumberIn {
                key,
                label,
                value: &value,
                range,
                placeholder,
                error: t.errors.iter().find(|w| w.field == key),
            };
            gpuplan::render::number::number(lang, &n)
        })
    };
    view! { <div class="contents" inner_html=html></div> }.into_any()
}

/// The number field an event is about, with its link key and its value as typed.
fn number_target(ev: &leptos::ev::Event) -> Option<(web_sys::HtmlInputElement, String, String)> {
    let el = ev.target()?.dyn_into::<web_sys::HtmlInputElement>().ok()?;
    if el.get_attribute(Act::ATTR).as_deref().and_then(Act::parse) != Some(Act::Num) {
        return None;
    }
    let key = el.get_attribute(gpuplan::render::controls::KEY_ATTR)?;
    let value = el.value().trim().to_string();
    Some((el, key, value))
}

/// Typing in a number field: its value is taken once the typing pauses. A half-typed number the
/// browser cannot read yet ("1.", "-") reads as empty and waits.
pub fn on_input(ctx: Ctx, ev: &leptos::ev::Event) {
    let Some((_, key, value)) = number_target(ev) else {
        return;
    };
    cancel_pending(ctx);
    if value.is_empty() {
        return;
    }
    let h = set_timeout_with_handle(
        move || {
            commit(ctx, &key, &value);
        },
        TYPING_PAUSE,
    )
    .ok();
    ctx.typing.update_value(|t| t.pending = h);
}

/// A number field's change (Enter, or leaving it): its value is taken at once, and the field then
/// shows the value the state keeps (a refused value stays, beside its error). `false` when the event
/// is not a number field's.
pub fn on_change(ctx: Ctx, ev: &leptos::ev::Event) -> bool {
    let Some((el, key, value)) = number_target(ev) else {
        return false;
    };
    if commit(ctx, &key, &value) {
        show_state(ctx.state.with_untracked(|st| text_of(st, &key)), &el);
    }
    true
}

fn cancel_pending(ctx: Ctx) {
    ctx.typing.update_value(|t| {
        if let Some(h) = t.pending.take() {
            h.clear();
        }
    });
}

/// Sets a number field's key to `value` and says at the field whether it was refused (a refusal is
/// said there, in the words of its label, not as a link warning). `true` when it was taken.
fn commit(ctx: Ctx, key: &str, value: &str) -> bool {
    cancel_pending(ctx);
    ctx.set(key, value);
    let mine = ctx
        .warnings
        .try_update(|ws| {
            let mine = ws.iter().position(|w| w.field == key).map(|i| ws.remove(i));
            ws.retain(|w| w.field != key);
            mine
        })
        .flatten();
    let ok = mine.is_none();
    show_error(ctx, key, mine.as_ref());
    ctx.typing.update_value(|t| {
        t.errors.retain(|w| w.field != key);
        t.errors.extend(mine);
    });
    ok
}

/// The field's error as `render::number` draws it: the message after the input, and the
/// input marked invalid and described by it; nothing of it once the value is taken.
fn show_error(ctx: Ctx, key: &str, w: Option<&gpuplan::query::Warning>) {
    let doc = gloo::utils::document();
    let err_id = format!("e-{key}");
    if let Some(old) = doc.get_element_by_id(&err_id) {
        old.remove();
    }
    let Some(input) = doc.get_element_by_id(&format!("f-{key}")) else {
        return;
    };
    let _ = input.class_list().toggle_with_force("invalid", w.is_some());
    let Some(w) = w else {
        let _ = input.remove_attribute("aria-invalid");
        let _ = input.remove_attribute("aria-describedby");
        return;
    };
    let _ = input.set_attribute("aria-invalid", "true");
    let _ = input.set_attribute("aria-describedby", &err_id);
    // The label's own words, as the field shows them.
    let label = input
        .parent_element()
        .and_then(|l| l.query_selector(".label").ok().flatten())
        .and_then(|l| l.text_content())
        .unwrap_or_default();
    let (Ok(span), Some(field)) = (doc.create_element("span"), input.parent_element()) else {
        return;
    };
    for (name, value) in gpuplan::render::number::field_error_attrs(&err_id) {
        let _ = span.set_attribute(name, value);
    }
    span.set_text_content(Some(&gpuplan::explain::field_error(
        w,
        &label,
        ctx.lang.get_untracked(),
    )));
    let _ = field.append_child(&span);
}

/// Shows the state's value in a field and notes it as the value the field last showed.
fn show_state(value: String, el: &web_sys::HtmlInputElement) {
    el.set_value(&value);
    let _ = el.set_attribute("data-v", &value);
}

/// Puts every number field on the state: a field whose key's value changed (a link edit, back or
/// forward, a reset, a strategy, a fix) shows the new value, except the focused one, whose typing is
/// never overwritten (its change shows the state's value, `on_change`). Run by the page's effect that
/// follows the state in the document (`app::follow_in_the_document`).
pub fn follow_state(ctx: Ctx, st: &gpuplan::state::AppState) {
    let doc = gloo::utils::document();
    let active = doc.active_element();
    let drawn = ctx.typing.with_value(|t| t.drawn.clone());
    for key in drawn {
        let Some(el) = doc
            .get_element_by_id(&format!("f-{key}"))
            .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            continue;
        };
        if active
            .as_ref()
            .is_some_and(|a| a == el.unchecked_ref::<web_sys::Element>())
        {
            continue;
        }
        let value = text_of(st, key);
        if el.get_attribute("data-v").as_deref() != Some(value.as_str()) {
            show_state(value, &el);
        }
    }
}

/// A labelled checkbox for a key whose values are `on` and `off` (HTML text from
/// `render::controls::check`; a change acts through `acts::on_change`, which puts the focus back on it).
pub fn check(ctx: Ctx, key: &'static str, label: Msg, on: &'static str, off: &'static str) -> AnyView {
    let value = value_of(ctx, key);
    let html = move || value.with(|v| gpuplan::render::controls::check(ctx.lang(), key, label, v == on, on, off));
    view! { <div class="contents" inner_html=html></div> }.into_any()
}

/// A row of toggle buttons for a word key (HTML text from `render::controls`; a press acts through `acts`).
pub fn segmented(ctx: Ctx, key: &'static str, label: Msg, options: &'static [(&'static str, Msg)]) -> AnyView {
    let current = value_of(ctx, key);
    let html = move || current.with(|c| gpuplan::render::controls::segmented(ctx.lang(), key, label, options, c));
    view! { <fieldset class="segmented" inner_html=html></fieldset> }.into_any()
}

/// One input of a form, as data: the view for each kind is compiled once, not once per input.
#[derive(Clone, Copy)]
pub enum Field {
    Num(&'static str, Msg),
    Select(&'static str, Msg, fn(Ctx) -> Vec<(String, String)>),
    Check(&'static str, Msg),
}

/// A form line: one input, or several side by side.
#[derive(Clone, Copy)]
pub enum Line {
    One(Field),
    Row(&'static [Field]),
}

use Field::{Check, Num, Select};
use Line::{One, Row};

fn field(ctx: Ctx, f: Field) -> AnyView {
    match f {
        Num(key, label) => number(ctx, key, label, None),
        Select(key, label, options) => select(
            ctx,
            key,
            label,
            Signal::derive(move || options(ctx)),
            value_of(ctx, key),
        ),
        Check(key, label) => check(ctx, key, label, "1", "0"),
    }
}

/// Form lines: each input through the view of its kind.
pub fn lines(ctx: Ctx, lines: &[Line]) -> AnyView {
    lines
        .iter()
        .map(|l| match l {
            One(f) => field(ctx, *f),
            Row(fs) => {
                let fs: Vec<AnyView> = fs.iter().map(|f| field(ctx, *f)).collect();
                view! { <div class="row2">{fs}</div> }.into_any()
            }
        })
        .collect_view()
        .into_any()
}

/// The value of a link key (scenario or page state) as the link writes it, in the page state `st`.
pub fn text_of(st: &gpuplan::state::AppState, key: &str) -> String {
    if key == "prompt" {
        // Not a key: the context less the output (`query::form_pairs` writes it back).
        st.scenario.prompt_tokens().to_string()
    } else if gpuplan::query::key(key).is_some() {
        gpuplan::query::field_value(&st.scenario, key).unwrap_or_default()
    } else {
        gpuplan::state::page_value(st, key).unwrap_or_default()
    }
}

/// The current value of a link key (scenario or page state) as the link writes it (reactive).
pub fn value_of(ctx: Ctx, key: &'static str) -> Signal<String> {
    if key == "prompt" {
        // Not a key: the context less the output (`query::form_pairs` writes it back).
        Signal::derive(move || ctx.scenario.with(|s| s.prompt_tokens().to_string()))
    } else if gpuplan::query::key(key).is_some() {
        Signal::derive(move || {
            ctx.scenario
                .with(|s| gpuplan::query::field_value(s, key).unwrap_or_default())
        })
    } else {
        Signal::derive(move || {
            ctx.state
                .with(|st| gpuplan::state::page_value(st, key).unwrap_or_default())
        })
    }
}
