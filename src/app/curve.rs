//! The page's side of the cost-versus-latency curve (issue 26 item 2): the only file that starts the curve's worker (src/bin/gpuplan-curve.rs, its own wasm, not the page's), posts it the scenario's link query and draws its answers. The page's wasm draws the section's head; what the worker draws (chart and table) is text from `render::curve`, the same as the native render.

use super::{acts::refocus, Ctx};
use crate::i18n::Msg;
use crate::render::{self, curve::END, Fmt};
use crate::scenario::Scenario;
use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use wasm_bindgen::{closure::Closure, JsCast, JsValue};

thread_local! {
    /// The worker, started on the first opening and kept for the page's life.
    static WORKER: RefCell<Option<web_sys::Worker>> = const { RefCell::new(None) };
    /// The last query posted (a redraw with the same scenario posts nothing).
    static ASKED: RefCell<String> = const { RefCell::new(String::new()) };
    /// Queries posted and not answered yet: the worker answers in order, so the last answer is the latest's.
    static WAITING: Cell<u32> = const { Cell::new(0) };
}

/// Opens or closes the curve; an opened curve asks the worker again (`section`).
pub(super) fn toggle(ctx: Ctx) {
    ASKED.with_borrow_mut(String::clear);
    ctx.curve
        .update(|o| *o = if o.is_some() { None } else { Some(String::new()) });
}

/// The curve's section for the scenario (serving): closed, its head; open, its head and the worker's
/// last answer, with a "computing" line while a newer one is on its way (posted here when the scenario
/// changed since the last question).
pub(super) fn section(ctx: Ctx, s: &Scenario) -> String {
    let f = Fmt::new(ctx.lang(), s);
    ctx.curve.with(|open| {
        let Some(body) = open else {
            return render::curve::head(f, false) + END;
        };
        ask(ctx, crate::query::encode(s));
        let mut out = render::curve::head(f, true);
        if WAITING.get() > 0 {
            out.push_str("<p class=\"muted\" role=\"status\" data-testid=\"curve-computing\">");
            out.push_str(f.t(Msg::CurveComputing));
            out.push_str("</p>");
        }
        out + body + END
    })
}

/// Posts `query` to the worker unless it was the last question.
fn ask(ctx: Ctx, query: String) {
    if ASKED.with_borrow(|q| *q == query) {
        return;
    }
    let worker = WORKER.with_borrow_mut(|w| {
        if w.is_none() {
            *w = start(ctx);
        }
        w.clone()
    });
    let Some(worker) = worker else { return };
    if worker.post_message(&JsValue::from_str(&query)).is_ok() {
        WAITING.set(WAITING.get() + 1);
        ASKED.set(query);
    }
}

/// The worker, from the script index.html names (`<meta name="gpuplan-curve">`, written by the build's
/// scripts/curve_worker.py with its content-hashed name), relative to the page so any sub-path works.
fn start(ctx: Ctx) -> Option<web_sys::Worker> {
    let url = gloo::utils::document()
        .query_selector("meta[name=\"gpuplan-curve\"]")
        .ok()??
        .get_attribute("content")?;
    let worker = web_sys::Worker::new(&url).ok()?;
    // The closure type Leptos's event listeners use, so no new glue for it.
    let on_answer =
        Closure::wrap(Box::new(move |e: web_sys::Event| answered(ctx, e)) as Box<dyn FnMut(web_sys::Event)>);
    let _ = worker.add_event_listener_with_callback("message", on_answer.as_ref().unchecked_ref());
    on_answer.forget();
    Some(worker)
}

/// An answer: drawn if the curve is still open, the focus kept on the curve's button it was on.
fn answered(ctx: Ctx, e: web_sys::Event) {
    WAITING.set(WAITING.get().saturating_sub(1));
    let html = e
        .unchecked_into::<web_sys::MessageEvent>()
        .data()
        .as_string()
        .unwrap_or_default();
    let focused = gloo::utils::document()
        .active_element()
        .filter(|el| el.closest("[data-testid=\"curve\"]").ok().flatten().is_some())
        .map(|el| (el.get_attribute("data-act"), el.get_attribute("data-id")));
    ctx.curve.update(|o| {
        if o.is_some() {
            *o = Some(html);
        }
    });
    if let Some((Some(act), Some(id))) = focused {
        refocus(format!("[data-act=\"{act}\"][data-id=\"{id}\"]"));
    }
}
