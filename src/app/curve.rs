//! The page's side of the cost-versus-latency curve (issue 26 item 2): the only file that starts the curve's worker (src/bin/gpuplan-curve.rs, its own wasm, not the page's), posts it the link's query and keeps its answers. The page's wasm draws the section's head; what the worker draws (chart and table) is text from `render::curve`, the same as the native render.

use super::{acts::refocus, Ctx};
use crate::i18n::Msg;
use crate::render::{curve, Fmt};
use crate::scenario::Scenario;
use leptos::prelude::*;
use leptos::tachys::renderer::dom::Dom;
use std::cell::RefCell;
use wasm_bindgen::{JsCast, JsValue};

/// The worker and the conversation with it. Plain data, not a signal: an answer is written into the open
/// section's body in place (a signal written from here cost the page's wasm ~500 B gzip; BENCHMARKS.md).
struct Worker {
    /// Started on the first opening and kept for the page's life.
    worker: Option<web_sys::Worker>,
    /// The last answer: the opened section's body.
    body: String,
    /// The front's button to focus again once an answer is drawn (`keep_focus`).
    focus: String,
}

thread_local! {
    static WORKER: RefCell<Worker> = const { RefCell::new(Worker { worker: None, body: String::new(), focus: String::new() }) };
}

/// Puts the focus on the element `selector` finds once the page is redrawn (`acts::refocus`), and again
/// once the worker's next answer is drawn: a keyboard user keeps their place on the front's buttons.
pub(super) fn keep_focus(selector: String) {
    WORKER.with_borrow_mut(|w| w.focus.clone_from(&selector));
    refocus(selector);
}

/// The curve's section for the scenario (serving): closed, its head; open, its head and the worker's
/// last answer, or a "computing" line until the first arrives. Each redraw posts the scenario's query:
/// boot/curve-worker.js answers a query only when it differs from the one before (the latest answer
/// wins: answers come in order).
pub(super) fn section(ctx: Ctx, s: &Scenario) -> String {
    let f = Fmt::new(s.lang, s);
    let open = ctx.curve.get();
    let mut out = curve::head(f, open);
    if open {
        out.push_str(curve::BODY);
        WORKER.with_borrow_mut(|w| {
            if w.worker.is_none() {
                w.worker = start();
            }
            if let Some(worker) = &w.worker {
                let _ = worker.post_message(&JsValue::from_str(&crate::query::encode(s)));
            }
            if w.body.is_empty() {
                out.push_str("<p class=\"muted\" role=\"status\" data-testid=\"curve-computing\">");
                out.push_str(f.t(Msg::CurveComputing));
                out.push_str("</p>");
            }
            out.push_str(&w.body);
        });
        out.push_str("</div>");
    }
    out + curve::END
}

/// The worker, from the script index.html names (`<meta name="gpuplan-curve">`, written by the build's
/// scripts/curve_worker.py with its content-hashed name), relative to the page so any sub-path works.
fn start() -> Option<web_sys::Worker> {
    let url = gloo::utils::document()
        .query_selector("meta[name=\"gpuplan-curve\"]")
        .ok()??
        .get_attribute("content")?;
    let worker = web_sys::Worker::new(&url).ok()?;
    // Through the function Leptos adds its event listeners with (a Worker is an EventTarget like an
    // element), so no glue of its own; kept for the page's life.
    std::mem::forget(Dom::add_event_listener(
        worker.unchecked_ref(),
        "message",
        Box::new(answered),
    ));
    Some(worker)
}

/// An answer: kept for the next redraw and written into the open section's body now (nothing when it is
/// closed), the focus put back where the last action on the front left it.
fn answered(e: JsValue) {
    let body = e
        .unchecked_into::<web_sys::MessageEvent>()
        .data()
        .as_string()
        .unwrap_or_default();
    if let Ok(Some(el)) = gloo::utils::document().query_selector("[data-testid=\"curve-body\"]") {
        el.set_inner_html(&body);
    }
    let focus = WORKER.with_borrow_mut(|w| {
        w.body = body;
        std::mem::take(&mut w.focus)
    });
    if !focus.is_empty() {
        refocus(focus);
    }
}
