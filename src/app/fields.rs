//! Labelled inputs bound to link keys: every change goes through `Ctx::set`, the same path a link takes.

use super::Ctx;
use crate::i18n::Msg;
use leptos::prelude::*;

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
        move || options.with(|o| current.with(|c| crate::render::controls::select(ctx.lang(), key, label, o, c)));
    view! { <div class="contents" inner_html=html></div> }.into_any()
}

/// How long typing pauses before a number field's value is taken (the answer follows the typing).
const TYPING_PAUSE: std::time::Duration = std::time::Duration::from_millis(300);

/// A labelled number input: taken while typing, once the typing pauses, and at once on change (Enter
/// or leaving the field). A half-typed number the browser cannot read yet ("1.", "-") waits.
#[component]
pub fn NumberField(
    ctx: Ctx,
    key: &'static str,
    label: Msg,
    #[prop(into)] current: Signal<String>,
    #[prop(optional)] unit: &'static str,
    /// Shown while the field is empty: what is used instead (an override left unset).
    #[prop(default = None)]
    placeholder: Option<Msg>,
) -> impl IntoView {
    let id = format!("f-{key}");
    let for_id = id.clone();
    let err_id = format!("e-{key}");
    // A value the field cannot take is said here, in the words of its label, not as a link warning.
    let error = RwSignal::new(None::<crate::query::Warning>);
    let (min, max) = ctx
        .catalog
        .with_value(|c| crate::query::range_of(key, c))
        .map_or((None, None), |(a, b)| (Some(a), Some(b)));
    let pending = StoredValue::new(None::<TimeoutHandle>);
    let commit = move |value: String| {
        if let Some(h) = pending.get_value() {
            h.clear();
        }
        pending.set_value(None);
        ctx.set(key, &value);
        let mine = ctx
            .warnings
            .try_update(|ws| {
                let mine = ws.iter().position(|w| w.field == key).map(|i| ws.remove(i));
                ws.retain(|w| w.field != key);
                mine
            })
            .flatten();
        error.set(mine);
    };
    let on_change = move |ev: leptos::ev::Event| commit(event_target_value(&ev).trim().to_string());
    let on_input = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev).trim().to_string();
        if let Some(h) = pending.get_value() {
            h.clear();
        }
        // An empty value while typing is a number not finished yet (or a field being cleared): wait.
        if value.is_empty() {
            return;
        }
        pending.set_value(set_timeout_with_handle(move || commit(value), TYPING_PAUSE).ok());
    };
    view! {
        <label class="field" for=for_id>
            <span class="label">{ctx.tx(label)} {(!unit.is_empty()).then(|| view! { <span class="unit">" (" {unit} ")"</span> })}</span>
            <input id=id type="number" step="any" inputmode="decimal" data-key=key
                min=min.map(crate::num::shortest) max=max.map(crate::num::shortest)
                class:invalid=move || error.with(Option::is_some)
                aria-invalid=move || error.with(Option::is_some).then_some("true")
                aria-describedby=move || error.with(Option::is_some).then(|| err_id.clone())
                placeholder=move || placeholder.map_or("", |m| ctx.t(m))
                prop:value=move || current.get()
                on:input=on_input on:change=on_change />
            {move || error.get().map(|w| view! {
                <span class="field-error" id=format!("e-{key}") data-testid="field-error">{crate::explain::field_error(&w, ctx.t(label), ctx.lang())}</span>
            })}
        </label>
    }
}

/// A labelled checkbox for a key whose values are `on` and `off` (HTML text from
/// `render::controls::check`; a change acts through `acts::on_change`, which puts the focus back on it).
pub fn check(ctx: Ctx, key: &'static str, label: Msg, on: &'static str, off: &'static str) -> AnyView {
    let value = value_of(ctx, key);
    let html = move || value.with(|v| crate::render::controls::check(ctx.lang(), key, label, v == on, on, off));
    view! { <div class="contents" inner_html=html></div> }.into_any()
}

/// A row of toggle buttons for a word key (HTML text from `render::controls`; a press acts through `acts`).
pub fn segmented(ctx: Ctx, key: &'static str, label: Msg, options: &'static [(&'static str, Msg)]) -> AnyView {
    let current = value_of(ctx, key);
    let html = move || current.with(|c| crate::render::controls::segmented(ctx.lang(), label, options, c));
    view! { <fieldset class="segmented" data-key=key inner_html=html></fieldset> }.into_any()
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
        Num(key, label) => view! { <NumberField ctx=ctx key=key label=label current=value_of(ctx, key) /> }.into_any(),
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

/// The current value of a link key (scenario or page state) as the link writes it (reactive).
pub fn value_of(ctx: Ctx, key: &'static str) -> Signal<String> {
    if key == "prompt" {
        // Not a key: the context less the output (`query::form_pairs` writes it back).
        Signal::derive(move || ctx.scenario.with(|s| s.prompt_tokens().to_string()))
    } else if crate::query::key(key).is_some() {
        Signal::derive(move || {
            ctx.scenario
                .with(|s| crate::query::field_value(s, key).unwrap_or_default())
        })
    } else {
        Signal::derive(move || {
            ctx.state
                .with(|st| crate::state::page_value(st, key).unwrap_or_default())
        })
    }
}
