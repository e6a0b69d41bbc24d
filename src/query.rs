//! The public query format (v1): what links and the CLI carry. Parsed leniently into a Scenario plus warnings; encoded canonically with only non-default values.
//!
//! This is a compatibility boundary: keys and values never change meaning. New keys may be added;
//! an unknown key is a warning, never an error, and the rest of the query is kept.

use crate::catalog::{Catalog, Payment, RiClass};
use crate::models;
use crate::scenario::{
    Buy, Currency, FinetuneMethod, Lang, ModelChoice, ModelFamily, Precision, Priority, Scenario, ServingMode, Task,
};

/// The version this build writes.
pub const VERSION: u32 = 1;

/// What was wrong with one field.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    UnknownField,
    /// Not one of the allowed words or not a number.
    Invalid {
        expected: &'static str,
    },
    OutOfRange {
        min: f64,
        max: f64,
    },
    UnknownPreset,
    UnknownRegion,
    UnknownInstance,
    UnknownVersion,
}

/// A field that could not be used as given; `used` says what the scenario holds instead.
#[derive(Clone, Debug, PartialEq)]
pub struct Warning {
    pub field: String,
    /// The value as given (truncated to 80 characters).
    pub value: String,
    pub problem: Problem,
    pub used: String,
}

/// Decodes `%XX` and `+`; invalid escapes are kept literally. Never fails.
pub fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes.get(i) {
            Some(b'+') => {
                out.push(b' ');
                i += 1;
            }
            Some(b'%') => {
                let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(b) => {
                        out.push(b);
                        i += 3;
                    }
                    None => {
                        out.push(b'%');
                        i += 1;
                    }
                }
            }
            Some(&b) => {
                out.push(b);
                i += 1;
            }
            None => break,
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Escapes everything but unreserved characters and the list comma.
pub fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~' | b',') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn shorten(s: &str) -> String {
    s.chars().take(80).collect()
}

/// Parses a query (with or without a leading `?`) against the catalog's regions and instances.
/// Splits a query into decoded key-value pairs.
pub fn pairs(query: &str) -> impl Iterator<Item = (String, String)> + '_ {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (percent_decode(k), percent_decode(v))
        })
}

/// Parses a query (with or without a leading `?`) against the catalog's regions and instances.
pub fn parse(query: &str, catalog: &Catalog) -> (Scenario, Vec<Warning>) {
    let mut s = Scenario::default();
    let mut warnings = Vec::new();
    let mut params_b: Option<f64> = None;
    let mut active_b: Option<f64> = None;
    for (key, value) in pairs(query) {
        let mut p = FieldParser {
            key: &key,
            value: &value,
            warnings: &mut warnings,
        };
        // A link's model size does not depend on the order of `params` and `active`.
        match key.as_str() {
            "params" => params_b = p.number(0.001, 100_000.0),
            "active" => active_b = p.number(0.001, 100_000.0),
            _ => {
                if !apply_pair(&mut s, &key, &value, catalog, &mut warnings) {
                    FieldParser {
                        key: &key,
                        value: &value,
                        warnings: &mut warnings,
                    }
                    .warn(Problem::UnknownField, "(ignored)");
                }
            }
        }
    }
    if let Some(total) = params_b {
        s.model = ModelChoice::Custom {
            params_b: total,
            active_b: active_b.filter(|a| *a < total),
        };
    }
    (s, warnings)
}

/// Applies one field to a scenario, as a link or an input on the page sets it. A bad value leaves the
/// field as it was and adds a warning. Returns `false` if `key` is not a scenario field.
pub fn apply_pair(s: &mut Scenario, key: &str, value: &str, catalog: &Catalog, warnings: &mut Vec<Warning>) -> bool {
    let mut p = FieldParser { key, value, warnings };
    match key {
        "v" => {
            if value != "1" {
                p.warn(Problem::UnknownVersion, "1");
            }
        }
        "task" => p.word(&mut s.task, &TASKS),
        "mode" => p.word(&mut s.serving, &MODES),
        "method" => p.word(&mut s.method, &METHODS),
        "prec" => p.word(&mut s.precision, &PRECISIONS),
        "prio" => p.word(&mut s.priority, &PRIORITIES),
        "arch" => p.word(&mut s.family, &FAMILIES),
        "lang" => p.word(&mut s.lang, &LANGS),
        "cuda" => p.flag(&mut s.cuda_only),
        "urgent" => p.flag(&mut s.urgent),
        "multinode" => p.flag(&mut s.multinode),
        "model" => {
            if models::preset_by_id(value).is_some() {
                s.model = ModelChoice::Preset(value.to_string());
            } else {
                p.warn(Problem::UnknownPreset, &preset_label(&s.model));
            }
        }
        "params" => {
            if let Some(total) = p.number(0.001, 100_000.0) {
                let active_b = match &s.model {
                    ModelChoice::Custom { active_b, .. } => active_b.filter(|a| *a < total),
                    ModelChoice::Preset(_) => None,
                };
                s.model = ModelChoice::Custom {
                    params_b: total,
                    active_b,
                };
            }
        }
        "active" => {
            let active = if value.is_empty() {
                None
            } else {
                p.number(0.001, 100_000.0)
            };
            if let ModelChoice::Custom { params_b, active_b } = &mut s.model {
                *active_b = active.filter(|a| *a < *params_b);
            }
        }
        "ctx" => p.int(&mut s.context_tokens, 1, 4_194_304),
        "batch" => p.int(&mut s.batch, 1, 65_536),
        "tokens" => p.float(&mut s.train_tokens_b, 0.000_001, 1_000_000.0),
        "days" => p.float(&mut s.target_days, 0.01, 3650.0),
        "tps" => p.float(&mut s.target_tps, 0.0, 1e9),
        "seats" => p.int(&mut s.needs.seats, 1, 100_000),
        "gmem" => p.float(&mut s.needs.gpu_mem_gib, 0.01, 1e7),
        "vcpu" => p.float(&mut s.needs.vcpus, 0.0, 100_000.0),
        "ram" => p.float(&mut s.needs.ram_gib, 0.0, 1e7),
        "fp64" => p.float(&mut s.needs.fp64_tflops, 0.001, 1e9),
        "mfu" => p.float(&mut s.assumptions.mfu, 0.01, 1.0),
        "bweff" => p.float(&mut s.assumptions.bw_efficiency, 0.01, 1.0),
        "usable" => p.float(&mut s.assumptions.mem_usable, 0.5, 1.0),
        "overhead" => p.float(&mut s.assumptions.overhead_gib, 0.0, 100.0),
        "budgetx" => p.float(&mut s.assumptions.perf_budget_x, 1.0, 100.0),
        "rank" => p.int(&mut s.assumptions.lora_rank, 1, 4096),
        "hours" => p.float(&mut s.hours_per_month, 0.0, 744.0),
        "months" => p.int(&mut s.months, 1, 120),
        "buy" => p.word(&mut s.purchase.buy, &BUYS),
        "pay" => p.word(&mut s.purchase.payment, &PAYMENTS),
        "ricls" => p.word(&mut s.purchase.ri_class, &RI_CLASSES),
        "cur" => p.word(&mut s.purchase.currency, &CURRENCIES),
        "disc" => p.float(&mut s.purchase.reseller_pct, 0.0, 90.0),
        "discall" => p.flag(&mut s.purchase.reseller_on_all),
        "fx" => p.float(&mut s.purchase.cny_per_usd, 0.01, 1000.0),
        "spotdisc" => s.purchase.spot_discount_pct = p.number(0.0, 95.0).or(s.purchase.spot_discount_pct),
        "irate" => s.purchase.interrupt_pct_month = p.number(0.0, 99.0).or(s.purchase.interrupt_pct_month),
        "cspdisc" => s.purchase.compute_sp_pct = p.number(0.0, 66.0).or(s.purchase.compute_sp_pct),
        "ispdisc" => s.purchase.instance_sp_pct = p.number(0.0, 72.0).or(s.purchase.instance_sp_pct),
        "ckpt" => p.float(&mut s.purchase.ckpt_interval_min, 1.0, 1440.0),
        "ckptw" => p.float(&mut s.purchase.ckpt_write_min, 0.0, 600.0),
        "restart" => p.float(&mut s.purchase.restart_min, 0.0, 600.0),
        "burst" => p.int(&mut s.purchase.burst_instances, 0, 100_000),
        "bursth" => p.float(&mut s.purchase.burst_hours, 0.0, 744.0),
        "growth" => p.float(&mut s.purchase.growth_pct, -50.0, 100.0),
        "window" => p.int(&mut s.purchase.window_days, 0, 182),
        "region" => {
            if catalog.on_demand.iter().any(|o| o.region == value)
                || catalog.instances.iter().any(|i| i.regions.contains(&value.to_string()))
            {
                s.region = value.to_string();
            } else {
                p.warn(Problem::UnknownRegion, &s.region.clone());
            }
        }
        "inst" => {
            s.instances.clear();
            for id in value.split(',').filter(|x| !x.is_empty()) {
                if catalog.instance(id).is_some() {
                    if !s.instances.iter().any(|x| x == id) {
                        s.instances.push(id.to_string());
                    }
                } else {
                    warnings.push(Warning {
                        field: "inst".into(),
                        value: shorten(id),
                        problem: Problem::UnknownInstance,
                        used: "(left out)".into(),
                    });
                }
            }
        }
        _ => return false,
    }
    true
}

fn preset_label(m: &ModelChoice) -> String {
    match m {
        ModelChoice::Preset(id) => id.clone(),
        ModelChoice::Custom { params_b, .. } => format!("{}B", crate::num::shortest(*params_b)),
    }
}

const TASKS: [(&str, Task); 5] = [
    ("infer", Task::Inference),
    ("train", Task::Training),
    ("finetune", Task::Finetune),
    ("graphics", Task::Graphics),
    ("hpc", Task::Hpc),
];
const MODES: [(&str, ServingMode); 2] = [("online", ServingMode::Online), ("batch", ServingMode::Batch)];
const METHODS: [(&str, FinetuneMethod); 3] = [
    ("full", FinetuneMethod::Full),
    ("lora", FinetuneMethod::Lora),
    ("qlora", FinetuneMethod::Qlora),
];
const PRIORITIES: [(&str, Priority); 3] = [
    ("cost", Priority::Cost),
    ("perf", Priority::Performance),
    ("balanced", Priority::Balanced),
];
const FAMILIES: [(&str, ModelFamily); 2] = [("transformer", ModelFamily::Transformer), ("other", ModelFamily::Other)];
const LANGS: [(&str, Lang); 2] = [("zh", Lang::Zh), ("en", Lang::En)];

const BUYS: [(&str, Buy); 9] = [
    ("od", Buy::OnDemand),
    ("spot", Buy::Spot),
    ("csp1", Buy::ComputeSp1),
    ("csp3", Buy::ComputeSp3),
    ("isp1", Buy::InstanceSp1),
    ("isp3", Buy::InstanceSp3),
    ("ri1", Buy::Ri1),
    ("ri3", Buy::Ri3),
    ("cb", Buy::CapacityBlock),
];
const PAYMENTS: [(&str, Payment); 3] = [
    ("no", Payment::No),
    ("partial", Payment::Partial),
    ("all", Payment::All),
];
const RI_CLASSES: [(&str, RiClass); 2] = [("standard", RiClass::Standard), ("convertible", RiClass::Convertible)];
const CURRENCIES: [(&str, Currency); 2] = [("usd", Currency::Usd), ("cny", Currency::Cny)];

const PRECISIONS: [(&str, Precision); 6] = [
    ("fp32", Precision::Fp32),
    ("bf16", Precision::Bf16),
    ("fp16", Precision::Fp16),
    ("fp8", Precision::Fp8),
    ("int8", Precision::Int8),
    ("int4", Precision::Int4),
];

/// Reads one field's value into the scenario, or records a warning and leaves the default.
struct FieldParser<'a> {
    key: &'a str,
    value: &'a str,
    warnings: &'a mut Vec<Warning>,
}

impl FieldParser<'_> {
    fn warn(&mut self, problem: Problem, used: &str) {
        self.warnings.push(Warning {
            field: shorten(self.key),
            value: shorten(self.value),
            problem,
            used: used.to_string(),
        });
    }

    fn word<T: Copy + PartialEq>(&mut self, slot: &mut T, words: &[(&'static str, T)]) {
        match words.iter().find(|(w, _)| *w == self.value) {
            Some((_, v)) => *slot = *v,
            None => {
                let current = words.iter().find(|(_, v)| v == slot).map_or("", |(w, _)| w);
                self.warn(
                    Problem::Invalid {
                        expected: expected_words(self.key),
                    },
                    current,
                );
            }
        }
    }

    fn flag(&mut self, slot: &mut bool) {
        match self.value {
            "1" => *slot = true,
            "0" => *slot = false,
            _ => {
                let used = if *slot { "1" } else { "0" };
                self.warn(Problem::Invalid { expected: "0|1" }, used);
            }
        }
    }

    /// A finite number within [min, max], or a warning.
    fn number(&mut self, min: f64, max: f64) -> Option<f64> {
        match crate::num::parse(self.value) {
            Some(v) if v.is_finite() && v >= min && v <= max => Some(v),
            Some(v) if v.is_finite() => {
                self.warn(Problem::OutOfRange { min, max }, "(default)");
                None
            }
            _ => {
                self.warn(Problem::Invalid { expected: "a number" }, "(default)");
                None
            }
        }
    }

    fn float(&mut self, slot: &mut f64, min: f64, max: f64) {
        let before = *slot;
        match self.number(min, max) {
            Some(v) => *slot = v,
            None => self.fix_used(&crate::num::shortest(before)),
        }
    }

    fn int(&mut self, slot: &mut u32, min: u32, max: u32) {
        let before = *slot;
        match self.number(f64::from(min), f64::from(max)) {
            Some(v) if v.fract() == 0.0 => *slot = v as u32,
            Some(_) => self.warn(
                Problem::Invalid {
                    expected: "a whole number",
                },
                &before.to_string(),
            ),
            None => self.fix_used(&before.to_string()),
        }
    }

    /// Replaces the placeholder of the last warning with the value kept.
    fn fix_used(&mut self, used: &str) {
        if let Some(w) = self.warnings.last_mut() {
            used.clone_into(&mut w.used);
        }
    }
}

fn expected_words(key: &str) -> &'static str {
    match key {
        "task" => "infer|train|finetune|graphics|hpc",
        "mode" => "online|batch",
        "method" => "full|lora|qlora",
        "prec" => "fp32|bf16|fp16|fp8|int8|int4",
        "prio" => "cost|perf|balanced",
        "arch" => "transformer|other",
        "lang" => "zh|en",
        "buy" => "od|spot|csp1|csp3|isp1|isp3|ri1|ri3|cb",
        "pay" => "no|partial|all",
        "ricls" => "standard|convertible",
        "cur" => "usd|cny",
        _ => "a known word",
    }
}

fn word_of<T: PartialEq>(v: T, words: &[(&'static str, T)]) -> &'static str {
    words.iter().find(|(_, w)| *w == v).map_or("", |(k, _)| k)
}

/// The `buy` key's word for a purchase option.
pub fn buy_key(b: Buy) -> &'static str {
    word_of(b, &BUYS)
}

/// Every scenario key, in the order links write them.
pub const KEYS: &[&str] = &[
    "task",
    "mode",
    "method",
    "model",
    "params",
    "active",
    "prec",
    "ctx",
    "batch",
    "tokens",
    "days",
    "tps",
    "seats",
    "gmem",
    "vcpu",
    "ram",
    "fp64",
    "mfu",
    "bweff",
    "usable",
    "overhead",
    "budgetx",
    "rank",
    "hours",
    "months",
    "cuda",
    "urgent",
    "multinode",
    "arch",
    "prio",
    "region",
    "inst",
    "buy",
    "pay",
    "ricls",
    "cur",
    "disc",
    "discall",
    "fx",
    "spotdisc",
    "irate",
    "cspdisc",
    "ispdisc",
    "ckpt",
    "ckptw",
    "restart",
    "burst",
    "bursth",
    "growth",
    "window",
    "lang",
];

fn flag_word(v: bool) -> String {
    if v { "1" } else { "0" }.to_string()
}

/// The current value of a field as a link writes it; `None` where the field does not apply
/// (`params` for a preset model, an unset override).
pub fn field_value(s: &Scenario, key: &str) -> Option<String> {
    let p = &s.purchase;
    let a = &s.assumptions;
    let n = |v: f64| Some(crate::num::shortest(v));
    match key {
        "task" => Some(word_of(s.task, &TASKS).into()),
        "mode" => Some(word_of(s.serving, &MODES).into()),
        "method" => Some(word_of(s.method, &METHODS).into()),
        "model" => match &s.model {
            ModelChoice::Preset(id) => Some(id.clone()),
            ModelChoice::Custom { .. } => None,
        },
        "params" => match &s.model {
            ModelChoice::Custom { params_b, .. } => n(*params_b),
            ModelChoice::Preset(_) => None,
        },
        "active" => match &s.model {
            ModelChoice::Custom { active_b: Some(x), .. } => n(*x),
            _ => None,
        },
        "prec" => Some(word_of(s.precision, &PRECISIONS).into()),
        "ctx" => n(f64::from(s.context_tokens)),
        "batch" => n(f64::from(s.batch)),
        "tokens" => n(s.train_tokens_b),
        "days" => n(s.target_days),
        "tps" => n(s.target_tps),
        "seats" => n(f64::from(s.needs.seats)),
        "gmem" => n(s.needs.gpu_mem_gib),
        "vcpu" => n(s.needs.vcpus),
        "ram" => n(s.needs.ram_gib),
        "fp64" => n(s.needs.fp64_tflops),
        "mfu" => n(a.mfu),
        "bweff" => n(a.bw_efficiency),
        "usable" => n(a.mem_usable),
        "overhead" => n(a.overhead_gib),
        "budgetx" => n(a.perf_budget_x),
        "rank" => n(f64::from(a.lora_rank)),
        "hours" => n(s.hours_per_month),
        "months" => n(f64::from(s.months)),
        "cuda" => Some(flag_word(s.cuda_only)),
        "urgent" => Some(flag_word(s.urgent)),
        "multinode" => Some(flag_word(s.multinode)),
        "arch" => Some(word_of(s.family, &FAMILIES).into()),
        "prio" => Some(word_of(s.priority, &PRIORITIES).into()),
        "region" => Some(s.region.clone()),
        "inst" => (!s.instances.is_empty()).then(|| s.instances.join(",")),
        "buy" => Some(word_of(p.buy, &BUYS).into()),
        "pay" => Some(word_of(p.payment, &PAYMENTS).into()),
        "ricls" => Some(word_of(p.ri_class, &RI_CLASSES).into()),
        "cur" => Some(word_of(p.currency, &CURRENCIES).into()),
        "disc" => n(p.reseller_pct),
        "discall" => Some(flag_word(p.reseller_on_all)),
        "fx" => n(p.cny_per_usd),
        "spotdisc" => p.spot_discount_pct.and_then(n),
        "irate" => p.interrupt_pct_month.and_then(n),
        "cspdisc" => p.compute_sp_pct.and_then(n),
        "ispdisc" => p.instance_sp_pct.and_then(n),
        "ckpt" => n(p.ckpt_interval_min),
        "ckptw" => n(p.ckpt_write_min),
        "restart" => n(p.restart_min),
        "burst" => n(f64::from(p.burst_instances)),
        "bursth" => n(p.burst_hours),
        "growth" => n(p.growth_pct),
        "window" => n(f64::from(p.window_days)),
        "lang" => Some(word_of(s.lang, &LANGS).into()),
        _ => None,
    }
}

/// Writes the scenario as a canonical query: `v=1` then only the fields that differ from the defaults, in `KEYS` order.
pub fn encode(s: &Scenario) -> String {
    let d = Scenario::default();
    let mut out = format!("v={VERSION}");
    for key in KEYS {
        let v = field_value(s, key);
        if v != field_value(&d, key) {
            if let Some(v) = v {
                out.push('&');
                out.push_str(key);
                out.push('=');
                out.push_str(&percent_encode(&v));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_coding_round_trips_and_tolerates_junk() {
        assert_eq!(percent_decode("a%20b+c%2C"), "a b c,");
        assert_eq!(percent_decode("%zz%"), "%zz%");
        assert_eq!(percent_decode("%E4%B8%AD"), "中");
        assert_eq!(percent_decode(&percent_encode("<script>中 &=")), "<script>中 &=");
    }
}
