//! The page's one delegated click handler: every button drawn as HTML text names its `render::Act` (`data-act`), and this does it, through the same paths as the inputs (`Ctx::set`, `Ctx::update`).

use super::{export_bar, url_sync, Ctx};
use gpuplan::i18n::{t, Msg};
use gpuplan::render::controls::{self, STRATEGIES};
use gpuplan::render::Act;
use gpuplan::scenario::Scenario;
use gpuplan::state::{encode_state, Column};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The fields a strategy may set, with the label the form shows for each.
const STRATEGY_FIELDS: &[(&str, Msg)] = &[
    ("task", Msg::Task),
    ("mode", Msg::ServingMode),
    ("hours", Msg::HoursPerMonth),
    ("buy", Msg::BuyOption),
    ("ckpt", Msg::CkptInterval),
    ("multinode", Msg::Multinode),
    ("window", Msg::WindowDays),
    ("days", Msg::TargetDays),
    ("cuda", Msg::CudaOnly),
    ("urgent", Msg::Urgent),
    ("arch", Msg::NonTransformer),
    ("prio", Msg::Priority),
    ("inst", Msg::OnlyTypes),
    ("disc", Msg::ResellerPct),
];

/// Puts the focus on the element `selector` finds once the page has been redrawn: a button drawn as
/// HTML text is a new element after each change, and a keyboard user keeps their place.
pub(super) fn refocus(selector: String) {
    request_animation_frame(move || {
        if let Some(el) = gloo::utils::document()
            .query_selector(&selector)
            .ok()
            .flatten()
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        {
            let _ = el.focus();
        }
    });
}

/// A click anywhere in the page: the nearest element with a `data-act` says what to do (a fix names
/// its link key, `data-key`, beside the value it sets). Removing a Compare column moves the focus to the
/// next column's "×", if any; the inputs drawn as HTML text act on `change` (`on_change`).
pub fn on_click(ctx: Ctx, ev: leptos::ev::MouseEvent) {
    let Some((el, act)) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|e| e.closest(Act::ANY).ok().flatten())
        .and_then(|e| Some((e.clone(), e.get_attribute(Act::ATTR).as_deref().and_then(Act::parse)?)))
    else {
        return;
    };
    let attr = |name: &str| el.get_attribute(name).unwrap_or_default();
    let id = attr("data-id");
    // The same button once the page is redrawn.
    let again = || refocus(act.selector("", Some(&id)));
    match act {
        Act::Best => ctx.update(|s| s.pick = String::new()),
        Act::Pick => ctx.update(|s| s.pick = id.clone()),
        Act::Region => ctx.set("region", &id),
        Act::Fix => Some(attr(controls::KEY_ATTR))
            .filter(|k| !k.is_empty())
            .map_or((), |k| ctx.set(&k, &id)),
        Act::Pairs => set_pairs(ctx, &id),
        Act::View => {
            ctx.set("view", &id);
            again();
        }
        Act::Cmp => {
            ctx.update(|s| s.toggle_compare(&id));
            again();
        }
        Act::Sort => {
            if let Some(c) = Column::from_key(&id) {
                ctx.update(|s| s.sort_by(c));
            }
            again();
        }
        Act::Uncmp => {
            ctx.update(|s| s.toggle_compare(&id));
            refocus(Act::Uncmp.selector(".compare ", None));
        }
        Act::Set => set_segment(ctx, &el, &attr(controls::VALUE_ATTR)),
        Act::Export => {
            if let Some(bar) = el.closest("[data-what]").ok().flatten() {
                export_bar::run(ctx, bar, &attr("data-export"));
            }
        }
        Act::CopyLink => copy(
            ctx,
            url_sync::page_url_for(&ctx.state.with_untracked(encode_state)),
            Msg::Copied,
        ),
        Act::CopyEmbed => {
            let html = ctx
                .state
                .with_untracked(|s| gpuplan::state::embed_snippet(s, &url_sync::page_base()));
            copy(ctx, html, Msg::EmbedCopied);
        }
        Act::Reset => reset(ctx),
        Act::Strategy => strategy(ctx, &id),
        Act::ShowAll => ctx.show_all.set(true),
        Act::Curve => super::curve::toggle(ctx),
        Act::Retry => super::curve::retry(ctx),
        Act::Col => {
            if let Some(c) = Column::from_key(&id) {
                ctx.update(|s| s.toggle_column(c));
            }
            again();
        }
        Act::Check | Act::Select | Act::Num => {}
    }
}

/// A segmented input's button: sets the link key its group names (the nearest element naming one, its row)
/// to its value, and keeps the focus on it once the page is redrawn.
fn set_segment(ctx: Ctx, el: &web_sys::Element, value: &str) {
    let key = el
        .parent_element()
        .and_then(|p| p.closest(controls::ANY_KEY).ok().flatten())
        .and_then(|f| f.get_attribute(controls::KEY_ATTR))
        .unwrap_or_default();
    if !key.is_empty() {
        ctx.set(&key, value);
        refocus(controls::segment_selector(&key, value));
    }
}

/// Sets every `key=value` pair of `pairs` (a point of the cost-versus-latency curve), and keeps the focus on
/// the table's button for it once the page is redrawn.
fn set_pairs(ctx: Ctx, pairs: &str) {
    for (k, v) in gpuplan::query::pairs(pairs) {
        ctx.set(&k, &v);
    }
    super::curve::keep_focus(Act::Pairs.selector("button", Some(pairs)));
}

/// A change anywhere in the page: a `<select>` or a checkbox drawn as HTML text (`Act::Select`,
/// `Act::Check`) sets its link key (`data-key`) to the select's value or the value the checkbox names
/// (`data-id`), and keeps the focus once the page is redrawn; a number field's change is
/// `fields::on_change`'s.
pub fn on_change(ctx: Ctx, ev: leptos::ev::Event) {
    if super::fields::on_change(ctx, &ev) {
        return;
    }
    let Some(el) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return;
    };
    let value = match el.get_attribute(Act::ATTR).as_deref().and_then(Act::parse) {
        Some(Act::Select) => event_target_value(&ev),
        Some(Act::Check) => el.get_attribute("data-id").unwrap_or_default(),
        _ => return,
    };
    let key = el.get_attribute(controls::KEY_ATTR).unwrap_or_default();
    if key == "model" && value == "custom" {
        // A custom model starts from the current one's parameters.
        ctx.set("params", &ctx.scenario.with(|s| s.model_arch().params_b_text()));
    } else if !key.is_empty() {
        ctx.set(&key, &value);
    }
    refocus(controls::field_selector(&key));
}

/// Copies `text` and says how it went in the header's status.
fn copy(ctx: Ctx, text: String, done: Msg) {
    url_sync::copy_then(
        text,
        Box::new(move |ok| {
            let m = if ok { done } else { Msg::CopyFailed };
            if let Ok(Some(status)) = gloo::utils::document().query_selector("[data-testid=\"copy-status\"]") {
                status.set_text_content(Some(t(ctx.lang.get_untracked(), m)));
            }
        }),
    );
}

/// A new visitor's state, in the page's language; this browser forgets the last scenario.
fn reset(ctx: Ctx) {
    url_sync::forget_last();
    let lang = ctx.lang.get_untracked();
    ctx.update(|s| {
        *s = super::fresh_state();
        s.presentation.lang = lang;
    });
    ctx.warnings.set(Vec::new());
}

/// Applies one of the articles' strategies and notes what it changed, in the form's own labels.
fn strategy(ctx: Ctx, id: &str) {
    let Some((_, s, _)) = STRATEGIES.iter().find(|(k, _, _)| *k == id) else {
        return;
    };
    let before = ctx.scenario.with_untracked(Scenario::duplicate);
    ctx.update(|st| {
        let job = st.scenario.task.is_job();
        s.apply(&mut st.scenario);
        if st.scenario.task.is_job() != job {
            super::new_kind_of_task(&mut st.scenario);
        }
    });
    let after = ctx.scenario.with_untracked(Scenario::duplicate);
    let value = |sc: &Scenario, k: &str| gpuplan::query::field_value(sc, k);
    ctx.strategy_changed.set(Some(
        STRATEGY_FIELDS
            .iter()
            .filter(|(k, _)| value(&before, k) != value(&after, k))
            .map(|(_, m)| *m)
            .collect(),
    ));
}
