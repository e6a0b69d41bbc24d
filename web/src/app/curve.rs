//! The page's side of the cost-versus-latency curve (issue 26 item 2): the only file that starts the curve's worker (src/bin/gpuplan-curve.rs, its own wasm, not the page's), posts it the link's query and keeps its answers. The page's wasm draws the section's head; what the worker draws (chart and table) is text from `render::curve`, the same as the native render.

use super::{acts::refocus, Ctx};
use gpuplan::render::{curve, Act};
use gpuplan::scenario::Scenario;
use leptos::prelude::*;
use leptos::tachys::renderer::dom::Dom;
use std::cell::RefCell;
use wasm_bindgen::{JsCast, JsValue};

/// The worker and the conversation with it. Plain data, not a signal: an answer sets `Ctx::curve` again
/// to redraw (a signal of another type cost the page's wasm ~750 B gzip; BENCHMARKS.md).
struct Worker {
    /// Started on the first opening and kept for the page's life.
    worker: Option<web_sys::Worker>,
    /// The curve is open (what `Ctx::curve` is set to; only ever set, here: a signal's `update` is more
    /// code in the page's wasm than its `set`).
    open: bool,
    /// The last answer: the opened section's body.
    body: String,
    /// The curve's button to focus again once an answer is drawn (`keep_focus`).
    focus: String,
    /// The worker failed to start, to load its wasm, or stopped: the section says so until `retry`.
    failed: bool,
}

thread_local! {
    static WORKER: RefCell<Worker> =
        const { RefCell::new(Worker { worker: None, open: false, body: String::new(), focus: String::new(), failed: false }) };
}

/// Opens or closes the curve (`Act::Curve`), keeping the focus on its button.
pub(super) fn toggle(ctx: Ctx) {
    let open = WORKER.with_borrow_mut(|w| {
        w.open = !w.open;
        w.open
    });
    ctx.curve.set(open);
    keep_focus(Act::Curve.selector("", None));
}

/// Starts the worker again after a failure (`Act::Retry`): the next redraw starts a new one and asks it.
pub(super) fn retry(ctx: Ctx) {
    let open = WORKER.with_borrow_mut(|w| {
        w.failed = false;
        w.open
    });
    ctx.curve.set(open);
    keep_focus(Act::Curve.selector("", None));
}

/// Puts the focus on the element `selector` finds once the page is redrawn (`acts::refocus`), and again
/// once the worker's next answer is: a keyboard user keeps their place on the curve's buttons.
pub(super) fn keep_focus(selector: String) {
    WORKER.with_borrow_mut(|w| w.focus.clone_from(&selector));
    refocus(selector);
}

/// The curve's section for the scenario (serving): closed, its head; open, its head and the worker's
/// last answer, or a "computing" line until the first arrives, or the failure with a button to try again
/// (`curve::failed`). Each redraw posts the scenario's query:
/// boot/curve-worker.js answers a query only when it differs from the one before (the latest answer
/// wins: answers come in order).
pub(super) fn section(ctx: Ctx, s: &Scenario) -> String {
    let f = ctx.fmt();
    let open = ctx.curve.get();
    let mut out = curve::head(f, open);
    if open {
        WORKER.with_borrow_mut(|w| {
            if w.worker.is_none() && !w.failed {
                w.worker = start(ctx);
                w.failed = w.worker.is_none();
            }
            if w.failed {
                out.push_str(&curve::failed(f));
                return;
            }
            if let Some(worker) = &w.worker {
                let _ = worker.post_message(&JsValue::from_str(&gpuplan::query::encode_link(s, &f)));
            }
            if w.body.is_empty() {
                out.push_str(&curve::computing(f));
            }
            out.push_str(&w.body);
        });
    }
    out + curve::END
}

/// The worker, from the script index.html names (`<meta name="gpuplan-curve">`, written by the build's
/// scripts/curve_worker.py with its content-hashed name), relative to the page so any sub-path works.
fn start(ctx: Ctx) -> Option<web_sys::Worker> {
    let url = gloo::utils::document()
        .query_selector("meta[name=\"gpuplan-curve\"]")
        .ok()??
        .get_attribute("content")?;
    let worker = web_sys::Worker::new(&url).ok()?;
    // Through the function Leptos adds its event listeners with (a Worker is an EventTarget like an
    // element), so no glue of its own; kept for the page's life.
    // Its answers, and its `error` event (its script or glue failed to load, or threw: an `ErrorEvent`, whose
    // missing `data` is no text), through one listener.
    for event in ["message", "error"] {
        let listener = Box::new(move |e: JsValue| answered(ctx, e));
        std::mem::forget(Dom::add_event_listener(worker.unchecked_ref(), event, listener));
    }
    Some(worker)
}

/// An answer: kept, and drawn (again, if the curve is open) with the focus where the last action left it.
/// One that is not text (boot/curve-worker.js posts `null` when its wasm failed to load or stopped; the
/// worker's `error` event has no `data`) is a failure: the worker is ended, its last answer dropped (it
/// answered another question), and the section says so.
fn answered(ctx: Ctx, e: JsValue) {
    let body = e.unchecked_into::<web_sys::MessageEvent>().data().as_string();
    let (open, focus) = WORKER.with_borrow_mut(|w| {
        w.failed = body.is_none();
        if w.failed {
            if let Some(worker) = w.worker.take() {
                worker.terminate();
            }
        }
        w.body = body.unwrap_or_default();
        (w.open, std::mem::take(&mut w.focus))
    });
    ctx.curve.set(open);
    if open && !focus.is_empty() {
        refocus(focus);
    }
}
