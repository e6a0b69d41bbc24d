//! The cost-versus-latency curve's worker (issue 26 item 2): a second, small-API wasm binary that Trunk builds as a Web Worker (`data-type="worker"` in index.html) and the page starts only when its curve is opened (web/src/app/curve.rs). Its one export answers a link query with the opened section's HTML (`render::curve::answer`); boot/curve-worker.js receives the page's messages and posts the answers back. Natively an empty main.

#[cfg(target_arch = "wasm32")]
mod worker {
    use gpuplan::catalog::Catalog;
    use std::sync::OnceLock;
    use wasm_bindgen::prelude::wasm_bindgen;

    /// The bundled catalog, read once for the worker's life.
    static CATALOG: OnceLock<Catalog> = OnceLock::new();

    /// The curve's section body for the page's link query (its language and currency included).
    #[wasm_bindgen]
    pub fn curve(query: &str) -> String {
        gpuplan::render::curve::answer(CATALOG.get_or_init(Catalog::bundled), query)
    }

    /// The first frame of a link the build did not pre-render (`render::site::link_frame`), drawn on the
    /// page's main thread by boot/lang.js before the page's own wasm arrives; empty where the page draws
    /// something this frame does not lay out.
    #[wasm_bindgen]
    pub fn frame(query: &str) -> String {
        gpuplan::render::site::link_frame(CATALOG.get_or_init(Catalog::bundled), query).unwrap_or_default()
    }
}

// The worker's work is its export, called by boot/curve-worker.js; start-up has nothing to do.
fn main() {}
