//! Money, unit and count formatting shared by the page and the CLI; pure functions of numbers.

/// Groups the integer part of a non-negative decimal string in threes: "1234567.5" -> "1,234,567.5".
fn group_thousands(s: &str) -> String {
    let (int, frac) = s.split_once('.').map_or((s, None), |(i, f)| (i, Some(f)));
    let mut out = String::with_capacity(s.len() + int.len() / 3);
    for (i, ch) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    if let Some(f) = frac {
        out.push('.');
        out.push_str(f);
    }
    out
}

/// US dollars with cents, or more decimals for sub-dollar hourly rates: `$55.04`, `$0.2375`, `$16,029.08`.
pub fn usd(v: f64) -> String {
    if !v.is_finite() {
        return "—".into();
    }
    let decimals = if v.abs() < 1.0 && v != 0.0 { 4 } else { 2 };
    let body = group_thousands(&crate::num::fixed(v.abs(), decimals));
    if v < 0.0 {
        format!("-${body}")
    } else {
        format!("${body}")
    }
}

/// US dollars with exactly `decimals` decimals: one precision for a whole table column.
pub fn usd_at(v: f64, decimals: usize) -> String {
    if !v.is_finite() {
        return "—".into();
    }
    let body = group_thousands(&crate::num::fixed(v.abs(), decimals));
    if v < 0.0 {
        format!("-${body}")
    } else {
        format!("${body}")
    }
}

/// The decimals a column of amounts shares: four where any non-zero amount is under one unit (a
/// sub-dollar rate), else two, so a column never mixes `$0.8501` with `$1.97`.
pub fn column_decimals(amounts: &[f64]) -> usize {
    if amounts.iter().any(|v| v.is_finite() && *v != 0.0 && v.abs() < 1.0) {
        4
    } else {
        2
    }
}

/// A plain number with up to `max_decimals` decimals, trailing zeros dropped: 22.35, 192, 0.125.
pub fn number(v: f64, max_decimals: usize) -> String {
    if !v.is_finite() {
        return "—".into();
    }
    let s = crate::num::fixed(v, max_decimals);
    let s = if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    };
    let (sign, body) = s.strip_prefix('-').map_or(("", s.as_str()), |b| ("-", b));
    format!("{sign}{}", group_thousands(body))
}

/// A change with its sign always written, as `{:+.N}` does: `+12`, `-44.5`.
pub fn signed(v: f64, decimals: usize) -> String {
    let s = crate::num::fixed(v, decimals);
    if v.is_sign_negative() || v.is_nan() {
        s
    } else {
        format!("+{s}")
    }
}

/// An accelerator count, showing fractional GPUs as a fraction of one chip: "8", "1/8 of a".
pub fn accel_count(count: f64, fraction: f64) -> String {
    if fraction < 1.0 && fraction > 0.0 {
        let denom = (1.0 / fraction).round();
        format!("{}/{}", number(count, 0), number(denom, 0))
    } else {
        number(count, 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money() {
        let cases = [
            (55.04, "$55.04"),
            (0.2375, "$0.2375"),
            (16029.078, "$16,029.08"),
            (1234567.0, "$1,234,567.00"),
            (0.0, "$0.00"),
            (-12.5, "-$12.50"),
            (f64::NAN, "—"),
        ];
        for (v, want) in cases {
            assert_eq!(usd(v), want, "{v}");
        }
    }

    #[test]
    fn numbers() {
        assert_eq!(number(22.35, 2), "22.35");
        assert_eq!(number(192.0, 2), "192");
        assert_eq!(number(30400.0, 0), "30,400");
        assert_eq!(number(-1500.5, 1), "-1,500.5");
        assert_eq!(accel_count(1.0, 0.125), "1/8");
        assert_eq!(accel_count(8.0, 1.0), "8");
        for (v, d) in [(12.4, 0), (-44.5, 1), (0.0, 0), (-0.4, 0), (-0.0, 1), (3.25, 1)] {
            assert_eq!(signed(v, d), format!("{v:+.d$}"), "{v}");
        }
    }
}

/// Money in the display currency: USD as `$1,234.56`, CNY as `¥8,765.43` at the user's rate.
/// Money in a currency at a column's fixed precision (`column_decimals` of the amounts in that currency).
pub fn money_at(usd_amount: f64, currency: crate::scenario::Currency, cny_per_usd: f64, decimals: usize) -> String {
    match currency {
        crate::scenario::Currency::Usd => usd_at(usd_amount, decimals),
        crate::scenario::Currency::Cny => usd_at(usd_amount * cny_per_usd, decimals).replacen('$', "¥", 1),
    }
}

pub fn money(usd_amount: f64, currency: crate::scenario::Currency, cny_per_usd: f64) -> String {
    match currency {
        crate::scenario::Currency::Usd => usd(usd_amount),
        crate::scenario::Currency::Cny => usd(usd_amount * cny_per_usd).replacen('$', "¥", 1),
    }
}

/// Short money for a chart axis in a language: CNY on the Chinese page counts in 万 and 亿 (`¥32万`,
/// `¥1.2亿`), as Chinese writes money; everything else as `money_short`.
pub fn money_axis(
    usd_amount: f64,
    currency: crate::scenario::Currency,
    cny_per_usd: f64,
    lang: crate::scenario::Lang,
) -> String {
    let yuan = usd_amount * cny_per_usd;
    if currency != crate::scenario::Currency::Cny || lang != crate::scenario::Lang::Zh || yuan.abs() < 1e4 {
        return money_short(usd_amount, currency, cny_per_usd);
    }
    if yuan.abs() >= 1e8 {
        format!("¥{}亿", number(yuan / 1e8, 1))
    } else {
        format!("¥{}万", number(yuan / 1e4, 1))
    }
}

/// Short money for chart axes: `$950`, `$12.5k`, `$3.2M`.
pub fn money_short(usd_amount: f64, currency: crate::scenario::Currency, cny_per_usd: f64) -> String {
    let (v, sym) = match currency {
        crate::scenario::Currency::Usd => (usd_amount, "$"),
        crate::scenario::Currency::Cny => (usd_amount * cny_per_usd, "¥"),
    };
    let a = v.abs();
    let body = if a >= 1e9 {
        format!("{}B", number(v / 1e9, 1))
    } else if a >= 1e6 {
        format!("{}M", number(v / 1e6, 1))
    } else if a >= 1e3 {
        format!("{}k", number(v / 1e3, 1))
    } else {
        number(v, 0)
    };
    format!("{sym}{body}")
}

/// A duration in hours, in hours below two days and in days above: `5.3 h`, `12.4 days`.
pub fn hours(h: f64, lang: crate::scenario::Lang) -> String {
    let zh = lang == crate::scenario::Lang::Zh;
    if h < 48.0 {
        format!("{} {}", number(h, 1), if zh { "小时" } else { "h" })
    } else {
        format!("{} {}", number(h / 24.0, 1), if zh { "天" } else { "days" })
    }
}

#[cfg(test)]
mod money_tests {
    use super::*;
    use crate::scenario::{Currency, Lang};

    #[test]
    fn currencies_and_durations() {
        assert_eq!(money(100.0, Currency::Usd, 7.1), "$100.00");
        assert_eq!(money(100.0, Currency::Cny, 7.1), "¥710.00");
        assert_eq!(money_short(12_500.0, Currency::Usd, 7.1), "$12.5k");
        assert_eq!(money_short(3_200_000.0, Currency::Cny, 1.0), "¥3.2M");
        assert_eq!(money_axis(3_200_000.0, Currency::Cny, 1.0, Lang::Zh), "¥320万");
        assert_eq!(money_axis(320_000_000.0, Currency::Cny, 1.0, Lang::Zh), "¥3.2亿");
        assert_eq!(money_axis(3_200_000.0, Currency::Cny, 1.0, Lang::En), "¥3.2M");
        assert_eq!(hours(5.26, Lang::En), "5.3 h");
        assert_eq!(hours(72.0, Lang::Zh), "3 天");
    }
}
