// The cost-versus-latency curve's Web Worker (src/bin/gpuplan-curve.rs): the page (src/app/curve.rs) starts it when the curve is
// first opened and posts it the scenario's link query; it answers each with the opened section's HTML, in order. scripts/curve_worker.py
// writes it into dist/ with the content-hashed names of the worker's wasm-bindgen glue and wasm (no-modules: the glue defines
// `wasm_bindgen`), both relative to this script, so the page works from any sub-path.
importScripts('./__GLUE__');
const ready = wasm_bindgen({ module_or_path: './__WASM__' });
onmessage = (event) => ready.then(() => postMessage(wasm_bindgen.curve(String(event.data))));
