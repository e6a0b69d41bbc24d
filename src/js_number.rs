//! The one narrow boundary outside `web/src/app/` that calls the browser: JavaScript's correctly rounded number conversions, used by `num.rs` in the wasm build only.

/// `Number#toFixed`, or `None` where JavaScript refuses.
pub fn to_fixed(v: f64, decimals: u8) -> Option<String> {
    js_sys::Number::from(v).to_fixed(decimals).ok().map(String::from)
}

/// `Number#toString()`: the shortest digits that read back as `v` (exponent form outside 1e-7..1e21).
pub fn to_shortest(v: f64) -> String {
    js_sys::Number::from(v)
        .to_string_with_radix(10)
        .map(String::from)
        .unwrap_or_default()
}

/// `parseFloat`.
pub fn parse_float(s: &str) -> f64 {
    js_sys::parse_float(s)
}
