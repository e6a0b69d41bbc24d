//! Embedding: the result message posted to the host page after every computation, the query messages the host may send (accepted from the parent window only), the one-line mode and the colour theme. Messages go to and come from the parent frame, never anywhere else.

use super::Ctx;
use gpuplan::state::{Embed, Theme};
use leptos::prelude::*;
use wasm_bindgen::JsValue;

/// The parent window, when this page runs inside a frame.
fn parent_window() -> Option<web_sys::Window> {
    let w = web_sys::window()?;
    let parent = w.parent().ok().flatten()?;
    (parent != w).then_some(parent)
}

/// Posts the result message (src/message.rs) to the parent, as the plain object its JSON text parses to.
fn post_result(ctx: Ctx) {
    let Some(parent) = parent_window() else { return };
    // Posted when what it is made of changes (`connect`'s effect tracks it): the currency is read untracked.
    let shown = ctx.state.with_untracked(|st| st.presentation);
    let msg = ctx.catalog.with_value(|c| {
        ctx.scenario.with(|s| {
            ctx.outcome.with(|o| {
                ctx.warnings
                    .with(|w| gpuplan::message::result_message(c, s, &shown, w, o))
            })
        })
    });
    if let Ok(value) = js_sys::JSON::parse(&msg.to_json()) {
        // The message holds the figures and the scenario the host set or the reader typed: any origin may embed.
        let _ = parent.post_message(&value, "*");
    }
}

/// The query of a `{gpuplan: "query", query: "<v1 query>"}` message; `None` for anything else.
fn query_of(data: &JsValue) -> Option<String> {
    if !data.is_object() {
        return None;
    }
    let kind = js_sys::Reflect::get(data, &"gpuplan".into()).ok()?;
    if kind.as_string().as_deref() != Some("query") {
        return None;
    }
    js_sys::Reflect::get(data, &"query".into()).ok()?.as_string()
}

/// A query from the host replaces the scenario as a link would (warnings and all): `state::host_query`.
fn apply_host_query(ctx: Ctx, query: &str) {
    let (next, warnings) = ctx.catalog.with_value(|c| {
        ctx.state
            .with_untracked(|now| gpuplan::state::host_query(now, query, c))
    });
    ctx.state.set(next);
    ctx.warnings.set(warnings);
}

/// Wires an embedded page to its host: a result message after every computation and a listener
/// for query messages from the parent window. Does nothing on the full page.
pub fn connect(ctx: Ctx) {
    if ctx.embed.get_untracked() == Embed::No || parent_window().is_none() {
        return;
    }
    let _ = window_event_listener(leptos::ev::message, move |e| {
        let from_parent = match (e.source(), parent_window()) {
            (Some(source), Some(parent)) => js_sys::Object::is(&source, &parent),
            _ => false,
        };
        if let Some(q) = from_parent.then(|| query_of(&e.data())).flatten() {
            apply_host_query(ctx, &q);
        }
    });
    Effect::new(move |_| {
        // Track what the message is made of; post once per change.
        ctx.outcome.track();
        ctx.warnings.track();
        ctx.lang.track();
        post_result(ctx);
    });
}

/// Sets `data-theme` on the root element for `theme=light|dark`; `auto` leaves it to the reader's system.
/// Called by the page's effect that follows the state in the document (`app::follow_in_the_document`).
pub fn show_theme(theme: Theme) {
    if let Some(root) = gloo::utils::document().document_element() {
        let _ = match theme {
            Theme::Auto => root.remove_attribute("data-theme"),
            t => root.set_attribute("data-theme", t.key()),
        };
    }
}

/// `embed=line`: the one-sentence summary and the link to the full plan, on one line.
#[component]
pub fn LineSummary(ctx: Ctx) -> impl IntoView {
    let html = move || {
        ctx.catalog.with_value(|c| {
            ctx.state.with(|st| {
                ctx.outcome
                    .with(|o| ctx.warnings.with(|ws| gpuplan::render::notes::line(c, st, o, ws)))
            })
        })
    };
    view! { <div data-testid="app" class="app embed line" data-embed="true" inner_html=html></div> }
}
