//! Decimal text of `f64` values: fixed decimals, the shortest text that reads back exactly, and
//! parsing. Results are those of the standard library (`{:.N}`, `Display`, `str::parse`); in the
//! browser they come from exact integer arithmetic here and the JavaScript engine's correctly rounded
//! conversions, which keeps core's float formatting and parsing code and tables (about 20 KB gzip) out
//! of the wasm. Tests check every piece against the standard library.

/// `f64::clamp` without its panic message: std's formats the bounds with `{:?}`, which pulls core's
/// float formatting (~5 KB gzip) into the wasm (clippy.toml refuses `f64::clamp`). A NaN gives `lo`.
pub trait Within {
    fn within(self, lo: f64, hi: f64) -> f64;
}

impl Within for f64 {
    fn within(self, lo: f64, hi: f64) -> f64 {
        self.max(lo).min(hi)
    }
}

/// `format!("{:.decimals$}", v)`.
#[cfg(not(target_arch = "wasm32"))]
pub fn fixed(v: f64, decimals: usize) -> String {
    format!("{v:.decimals$}")
}

/// `v.to_string()`: the shortest decimal that reads back as `v`, never in exponent notation.
#[cfg(not(target_arch = "wasm32"))]
pub fn shortest(v: f64) -> String {
    v.to_string()
}

/// `v` rounded to `decimals` (0 to 6) as `shortest` writes it: a figure at the boundary (an attribute,
/// an export) at the precision shown, without float noise such as `0.30000000000000004`.
pub fn rounded(v: f64, decimals: usize) -> String {
    let scale = [1.0, 10.0, 100.0, 1e3, 1e4, 1e5, 1e6]
        .get(decimals)
        .copied()
        .unwrap_or(1e6);
    let r = (v * scale).round() / scale;
    // Past 2^53 the product is already an integer: keep `v` rather than a rounded-off scale's error.
    shortest(if r.is_finite() { r } else { v })
}

/// `s.parse::<f64>().ok()`: the same syntax (sign, digits, point, exponent, `inf`, `infinity`, `nan`).
#[cfg(not(target_arch = "wasm32"))]
pub fn parse(s: &str) -> Option<f64> {
    s.parse().ok()
}

/// `format!("{:.decimals$}", v)`.
#[cfg(target_arch = "wasm32")]
pub fn fixed(v: f64, decimals: usize) -> String {
    fixed_exact(v, decimals).unwrap_or_else(|| {
        // Only past about 1e18 (an integer there) or beyond 20 decimals: the engine's own text.
        let js = crate::js_number::to_fixed(v, decimals.min(100) as u8);
        js.map_or_else(|| shortest(v), |s| expand_exponent(&s))
    })
}

/// `v.to_string()`: the shortest decimal that reads back as `v`, never in exponent notation.
#[cfg(target_arch = "wasm32")]
pub fn shortest(v: f64) -> String {
    if let Some(s) = special(v) {
        s.to_string()
    } else if v == 0.0 {
        if v.is_sign_negative() { "-0" } else { "0" }.to_string()
    } else {
        // JavaScript's Number#toString gives the same shortest digits, in exponent form outside 1e-7..1e21.
        expand_exponent(&crate::js_number::to_shortest(v))
    }
}

/// `s.parse::<f64>().ok()`: the same syntax (sign, digits, point, exponent, `inf`, `infinity`, `nan`).
#[cfg(target_arch = "wasm32")]
pub fn parse(s: &str) -> Option<f64> {
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    let sign = if s.starts_with('-') { -1.0 } else { 1.0 };
    // Short decimals (the whole catalog, nearly every link) first: no allocation, no call into JavaScript.
    if let Some(v) = parse_short(s) {
        Some(v)
    } else if body.eq_ignore_ascii_case("inf") || body.eq_ignore_ascii_case("infinity") {
        Some(sign * f64::INFINITY)
    } else if body.eq_ignore_ascii_case("nan") {
        Some(f64::NAN)
    } else {
        // The syntax is checked here; the value, correctly rounded, comes from JavaScript's parseFloat,
        // whose grammar includes this one.
        is_decimal(s).then(|| crate::js_number::parse_float(s))
    }
}

/// Powers of ten that are exact in an f64.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
    1e21, 1e22,
];

/// The value of a plain decimal (`[+-]?d+(.d*)?` or `.d+`) of at most 15 significant digits and 22
/// decimals, without JavaScript or tables: digits / 10^decimals is then one correctly rounded division
/// of two exact values, hence the correctly rounded value of the text. `None` for anything else.
pub fn parse_short(s: &str) -> Option<f64> {
    let negative = s.starts_with('-');
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    if (int.is_empty() && frac.is_empty()) || frac.len() >= POW10.len() {
        return None;
    }
    let mut digits: u64 = 0;
    let mut significant = 0;
    for b in int.bytes().chain(frac.bytes()) {
        if !b.is_ascii_digit() {
            return None;
        }
        if digits > 0 || b != b'0' {
            significant += 1;
        }
        if significant > 15 {
            return None;
        }
        digits = digits * 10 + u64::from(b - b'0');
    }
    let v = digits as f64 / POW10.get(frac.len()).copied()?;
    Some(if negative { -v } else { v })
}

/// Whether `s` is a decimal number as Rust reads one: `[+-]? (d+ | d+ . d* | d* . d+) ([eE] [+-]? d+)?`.
pub fn is_decimal(s: &str) -> bool {
    let s = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (mantissa, exponent) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let all_digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mantissa_ok = all_digits(int) && all_digits(frac) && !(int.is_empty() && frac.is_empty());
    let exponent_ok = exponent.is_none_or(|e| {
        let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
        !digits.is_empty() && all_digits(digits)
    });
    mantissa_ok && exponent_ok
}

/// How the standard library writes the values that have no digits.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn special(v: f64) -> Option<&'static str> {
    if v.is_nan() {
        Some("NaN")
    } else if v == f64::INFINITY {
        Some("inf")
    } else if v == f64::NEG_INFINITY {
        Some("-inf")
    } else {
        None
    }
}

/// `v` with exactly `decimals` decimals, rounded half to even on its exact binary value as the standard
/// library does, by integer arithmetic; `None` when that would overflow 128 bits (|v| past about 1e18
/// with many decimals) or for more than 20 decimals.
pub fn fixed_exact(v: f64, decimals: usize) -> Option<String> {
    if let Some(s) = special(v) {
        return Some(s.to_string());
    }
    if decimals > 20 {
        return None;
    }
    let bits = v.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let fraction = u128::from(bits & ((1u64 << 52) - 1));
    // v = m · 2^e exactly.
    let (m, e) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | 1 << 52, biased - 1075)
    };
    let scaled = m.checked_mul(10u128.pow(decimals as u32))?;
    let n = if e >= 0 {
        scaled.checked_mul(1u128.checked_shl(e as u32)?)?
    } else {
        let shift = e.unsigned_abs();
        if shift >= 128 {
            0 // below half a unit of the last decimal: scaled < 2^120 <= 2^(shift - 1)
        } else {
            let q = scaled >> shift;
            let r = scaled & ((1u128 << shift) - 1);
            let half = 1u128 << (shift - 1);
            if r > half || (r == half && q % 2 == 1) {
                q + 1
            } else {
                q
            }
        }
    };
    let digits = format!("{n:0>width$}", width = decimals + 1);
    let (int, frac) = digits.split_at(digits.len() - decimals);
    let sign = if v.is_sign_negative() { "-" } else { "" };
    Some(if decimals == 0 {
        format!("{sign}{int}")
    } else {
        format!("{sign}{int}.{frac}")
    })
}

/// Writes a number given in exponent notation (`1.5e-7`, `1e+21`, `-2.5e22`) in plain decimals
/// (`0.00000015`, `1000000000000000000000`); anything else is returned as it is.
pub fn expand_exponent(s: &str) -> String {
    let Some(at) = s.find(['e', 'E']) else {
        return s.to_string();
    };
    let (mantissa, exp) = (&s[..at], &s[at + 1..]);
    let Ok(exp) = exp.trim_start_matches('+').parse::<i32>() else {
        return s.to_string();
    };
    let (sign, mantissa) = mantissa.strip_prefix('-').map_or(("", mantissa), |m| ("-", m));
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{int}{frac}");
    // The decimal point sits after `point` digits.
    let point = int.len() as i32 + exp;
    let body = if point <= 0 {
        format!("0.{}{digits}", "0".repeat(point.unsigned_abs() as usize))
    } else if point as usize >= digits.len() {
        format!("{digits}{}", "0".repeat(point as usize - digits.len()))
    } else {
        let (a, b) = digits.split_at(point as usize);
        format!("{a}.{b}")
    };
    format!("{sign}{body}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What JavaScript's Number#toString writes: plain between 1e-7 and 1e21, else exponent notation.
    fn js_to_string(v: f64) -> String {
        let a = v.abs();
        if a == 0.0 || (1e-7..1e21).contains(&a) {
            v.to_string()
        } else {
            let e = format!("{v:e}");
            if a >= 1e21 {
                e.replacen('e', "e+", 1)
            } else {
                e
            }
        }
    }

    #[test]
    fn exact_fixed_matches_the_standard_library_at_ties_and_edges() {
        for v in [
            0.125,
            0.375,
            2.5,
            3.5,
            -2.5,
            1.005,
            0.045,
            1e-320,
            -0.0,
            0.0,
            5e-324,
            123_456_789.987_654_33,
        ] {
            for d in 0..=6 {
                assert_eq!(fixed_exact(v, d), Some(format!("{v:.d$}")), "{v} {d}");
            }
        }
        assert_eq!(fixed_exact(f64::NAN, 2).as_deref(), Some("NaN"));
        assert_eq!(fixed_exact(f64::NEG_INFINITY, 2).as_deref(), Some("-inf"));
        assert_eq!(fixed_exact(1e300, 2), None);
    }

    #[test]
    fn exponents_expand_like_display() {
        for v in [1.5e-7, 1e21, 2.5e22, -1e-10, 1.7976931348623157e308, 5e-324, 123.0, 0.1] {
            assert_eq!(expand_exponent(&js_to_string(v)), v.to_string(), "{v}");
        }
    }

    #[test]
    fn decimal_syntax_matches_the_standard_library() {
        for s in [
            "1", "-1", "+1", "1.", ".5", "1e5", "1E-5", "1.5e+3", "", ".", "-", "e5", "1e", "1e+", "1..2", " 1", "1_0",
            "0x10", "--1", "1.e3", ".e3",
        ] {
            assert_eq!(is_decimal(s), s.parse::<f64>().is_ok(), "{s:?}");
        }
    }

    #[test]
    fn short_decimals_read_as_the_standard_library_reads_them() {
        for s in [
            "0",
            "-0",
            "1",
            "98.32",
            "0.1",
            "-12.5",
            "1.",
            ".5",
            "+3",
            "0.30000000000000004",
            "1e5",
            "",
            ".",
            "1.2.3",
            "123456789012345.6",
        ] {
            match parse_short(s) {
                Some(v) => assert_eq!(v.to_bits(), s.parse::<f64>().map(f64::to_bits).unwrap_or(0), "{s}"),
                None => assert!(s.parse::<f64>().is_err() || s.contains('e') || s.len() > 16, "{s}"),
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        #[test]
        fn short_decimals_are_exact(int in 0u64..1_000_000_000, frac in "[0-9]{0,6}", neg in any::<bool>()) {
            let s = format!("{}{int}.{frac}", if neg { "-" } else { "" });
            let v = parse_short(&s);
            prop_assert!(v.is_some());
            prop_assert_eq!(v.map(f64::to_bits), s.parse::<f64>().ok().map(f64::to_bits));
        }

        #[test]
        fn every_price_written_shortest_reads_back(cents in 0u64..100_000_000, scale in 0u32..6) {
            let x = cents as f64 / 10f64.powi(scale as i32);
            let text = x.to_string();
            if let Some(v) = parse_short(&text) {
                prop_assert_eq!(v.to_bits(), x.to_bits());
            }
        }

        #[test]
        fn exact_fixed_is_the_standard_library(bits in any::<u64>(), d in 0usize..=20) {
            let v = f64::from_bits(bits);
            if let Some(s) = fixed_exact(v, d) {
                prop_assert_eq!(s, format!("{v:.d$}"));
            } else {
                prop_assert!(v.abs() > 1e15 || d > 20);
            }
        }

        #[test]
        fn exact_fixed_covers_everyday_values(v in -1e12f64..1e12, d in 0usize..=8) {
            prop_assert_eq!(fixed_exact(v, d), Some(format!("{v:.d$}")));
        }

        #[test]
        fn expanded_javascript_text_is_display(bits in any::<u64>()) {
            let v = f64::from_bits(bits);
            prop_assume!(v.is_finite());
            prop_assert_eq!(expand_exponent(&js_to_string(v)), v.to_string());
        }

        #[test]
        fn decimal_syntax_is_the_standard_librarys(s in "[-+]?[0-9]{0,3}[.]?[0-9]{0,3}([eE][-+]?[0-9]{0,3})?") {
            prop_assert_eq!(is_decimal(&s), s.parse::<f64>().is_ok(), "{:?}", s);
        }
    }
}
