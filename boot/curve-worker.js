// The cost-versus-latency curve's Web Worker (web/src/bin/gpuplan-curve.rs): the page (web/src/app/curve.rs) starts it when the curve is
// first opened and posts it the scenario's link query on each redraw of the open curve; it answers a query that differs from the one
// before with the opened section's HTML, in order, so the page's last answer is its latest question's. scripts/curve_worker.py writes
// it into dist/ with the content-hashed names of the worker's wasm-bindgen glue and wasm (no-modules: the glue defines
// `wasm_bindgen`), both relative to this script, so the page works from any sub-path.
importScripts('./__GLUE__');
const ready = wasm_bindgen({ module_or_path: './__WASM__' });
let last = null;
onmessage = (event) => {
  const query = String(event.data);
  if (query === last) return;
  last = query;
  // Text is an answer; `null` says the wasm failed to load or stopped (src/app/curve.rs then offers to try
  // again with a new worker). The next question is asked again, even the same one.
  ready.then(() => postMessage(wasm_bindgen.curve(query))).catch(() => {
    last = null;
    postMessage(null);
  });
};
