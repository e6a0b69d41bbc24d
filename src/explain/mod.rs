//! Plain words for the engine's reasons, exclusions and query warnings, in English and Chinese. Pure: the page and the CLI share them.

mod cautions;
mod exclusions;
mod formulas;
mod labels;
mod line;
mod managed;
mod parallel;
mod plan_reasons;
mod purchase;
mod ranges;
mod reasons;
mod scenario_line;
mod speculation;
mod warnings;

pub use exclusions::exclusion;
pub use formulas::formulas;
pub use labels::{
    changed_assumptions, changed_fields, history_elsewhere, latency, list_prices, per_sequence, price_basis, room,
    ttft_short,
};
pub use line::line;
pub use managed::{managed_lines, tokens};
pub use parallel::{plan_formula, plan_words};
pub use purchase::{
    buy_name, cb_article_note, not_offered, option_formula, source_name, sp_rate_line, spot_supply_line,
};

/// Money as the page shows it: the display currency's symbol and amount.
pub type Money<'a> = &'a dyn Fn(f64) -> String;

pub use ranges::{range, record};

/// A CO2e estimate with its basis: "1,234 kg CO2e (accelerators' 1,000 kWh at TDP, host not counted, ×
/// PUE 1.15 × 379 g/kWh, ccf-grid 2022-11-02; location-based)".
pub fn co2e_text(c: &crate::engine::carbon::Co2e, lang: crate::scenario::Lang) -> String {
    let (figure, basis) = co2e_parts(c, lang);
    match lang {
        crate::scenario::Lang::Zh => format!("{figure}{basis}"),
        crate::scenario::Lang::En => format!("{figure} {basis}"),
    }
}

/// The CO2e figure ("1,234 kg CO2e") and its basis in brackets, apart (the card's tile shows the basis
/// small, under the figure).
pub fn co2e_parts(c: &crate::engine::carbon::Co2e, lang: crate::scenario::Lang) -> (String, String) {
    use crate::format::number;
    let zh = lang == crate::scenario::Lang::Zh;
    let year = if c.data_year.is_empty() {
        String::new()
    } else if zh {
        format!("，{} 年电网数据", c.data_year)
    } else {
        format!(", {} grid data", c.data_year)
    };
    let (kg, e, pue, g) = (
        number(c.kg, 0),
        number(c.energy_kwh, 0),
        number(c.pue, 2),
        number(c.gco2e_per_kwh, 0),
    );
    let (src, at) = (&c.grid_source, c.grid_as_of);
    let basis = if zh {
        format!("（加速器 {e} kWh（按 TDP，未计主机）× PUE {pue} × {g} g/kWh，{src} {at}{year}；按电网位置估算，未计可再生能源采购）")
    } else {
        format!("(accelerators' {e} kWh at TDP, host not counted, × PUE {pue} × {g} g/kWh, {src} {at}{year}; location-based, renewable purchases not counted)")
    };
    (format!("{kg} kg CO2e"), basis)
}
pub use reasons::{cheaper_elsewhere, cheapest_plan_on, fits_on, fleet_path, month_span, steady_fleet_note, why};
pub use scenario_line::{breakeven_use, months, over_months, per_request, savings, scenario_line};
pub use warnings::{field_error, warning};

use crate::catalog::Stack;
use crate::format::number;
use crate::scenario::Precision;

pub(crate) fn gib(v: f64) -> String {
    format!("{} GiB", number(v, 1))
}

pub(crate) fn stack_name(s: Stack) -> &'static str {
    match s {
        Stack::Cuda => "CUDA",
        Stack::Neuron => "AWS Neuron (Trainium/Inferentia)",
        Stack::Synapse => "Habana SynapseAI (Gaudi)",
    }
}

/// A count with its noun in English: "1 instance", "3 instances".
pub(crate) fn count(n: impl std::fmt::Display + PartialEq<u32>, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Lower-case precision name as written in links.
pub fn precision_name(p: Precision) -> &'static str {
    match p {
        Precision::Fp32 => "FP32",
        Precision::Bf16 => "BF16",
        Precision::Fp16 => "FP16",
        Precision::Fp8 => "FP8",
        Precision::Int8 => "INT8",
        Precision::Int4 => "INT4",
        Precision::Fp4 => "FP4",
    }
}
