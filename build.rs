//! Build script: turns catalog.json into a compact token stream that `catalog_static` reads at start-up,
//! so the wasm carries neither the JSON text, nor a JSON parser, nor bulky static structures. Natively
//! the same file is parsed and validated, and a test checks both forms are equal (tests/catalog.rs), so
//! the data the page uses is always the validated data.
//!
//! Format (tokens separated by U+001F), laid out so gzip finds like values next to each other:
//! - the text table: its length, then every distinct text (ids, regions, sources, dates, titles, notes)
//!   once, sorted; everywhere else a text is its index in this table;
//! - then every field in the order `catalog_static` reads them: a single record field by field, a list
//!   as its row count and then column by column (all rows' first field, then all rows' second field...);
//! - numbers in their shortest exact text without a leading zero (`.25`); booleans 1 or 0; an absent
//!   optional value an empty token; a list of texts one token of comma-separated indices.
//!
//! - a closed choice (a chip's generation, a source's kind, a quota family) as its index in the word list
//!   of its enum's `ALL`, one character counted from `0` (the test that both forms are equal checks the
//!   orders agree).
//!
//! Left out (never read by the page or engine; tests/catalog.rs names them and checks no code reads
//! them): Spot min/max prices and band source, the links' basis texts and notes, the notes of Capacity Block
//! rates and changes and of managed-service prices, the grid figures' and PUE's basis texts, the chips'
//! `arch` texts (the engine asks their `generation`), vendors and the sources of `llm_decode` and
//! `trains`. The CLI reads catalog.json itself.

use serde_json::Value;
use std::collections::HashMap;

/// The separator between tokens. No catalog text may contain it (checked below).
const SEP: char = '\u{1f}';

/// How to write one field.
#[derive(Clone, Copy)]
enum Kind {
    Str,
    OptStr,
    F64,
    OptF64,
    U32,
    /// A whole number or absent (an empty token).
    OptU32,
    Bool,
    /// true, false or absent: "1", "0" or an empty token.
    OptBool,
    Date,
    Strs,
    /// A purchase option's link word (`od` when absent) as its index in `BUY_WORDS`: the order of
    /// `catalog::Buy::ALL` (tests/catalog.rs checks the compiled-in catalog equals the parse).
    Buy,
    /// One of a closed set of words, as its index in the list (the order of the enum's `ALL`).
    Word(&'static [&'static str]),
    /// The same, or absent: an empty token.
    OptWord(&'static [&'static str]),
}

/// `catalog::Generation::ALL`'s words.
const GENERATIONS: &[&str] = &[
    "volta",
    "turing",
    "ampere",
    "ada",
    "hopper",
    "blackwell",
    "gaudi",
    "neuron1",
    "neuron2",
    "neuron3",
    "neuron4",
];
/// `catalog::AssumedPeak::ALL`'s words.
const ASSUMED_PEAKS: &[&str] = &["a10g", "rtx6000", "gaudi"];
/// `catalog::SourceKind::ALL`'s words.
const SOURCE_KINDS: &[&str] = &["published", "article", "derived", "assumption"];

/// The `buy` key's words in `catalog::Buy::ALL`'s order.
const BUY_WORDS: [&str; 9] = ["od", "spot", "csp1", "csp3", "isp1", "isp3", "ri1", "ri3", "cb"];

/// A number in its shortest exact text, without a leading zero: `0.25` as `.25`.
fn num(x: f64) -> String {
    let s = x.to_string();
    s.strip_prefix("0.").map_or(s.clone(), |t| format!(".{t}"))
}

/// A closed choice's word as its index in `words`, one character counted from `0`.
fn word_index(words: &[&str], v: &Value, what: &str) -> String {
    let word = v.as_str().unwrap_or_else(|| panic!("{what}: not a text"));
    let i = words.iter().position(|w| *w == word);
    let i = i.unwrap_or_else(|| panic!("{what}: `{word}` is not one of {words:?}"));
    char::from(b'0' + u8::try_from(i).unwrap_or(u8::MAX)).to_string()
}

/// The stream being built: the text table (with each text's index) and the tokens after it.
#[derive(Default)]
struct Out {
    texts: Vec<String>,
    index: HashMap<String, usize>,
    tokens: Vec<String>,
}

impl Out {
    /// A text's place in the table, as a token (numbered in first-use order; renumbered by use count at the end).
    fn text(&mut self, text: &str, what: &str) -> String {
        assert!(!text.contains(SEP), "{what}: contains the separator U+001F");
        let n = self.texts.len();
        let i = *self.index.entry(text.to_string()).or_insert(n);
        if i == n {
            self.texts.push(text.to_string());
        }
        format!("\u{0}{i}")
    }

    /// One field's token.
    fn field(&mut self, kind: Kind, v: Option<&Value>, what: &str) -> String {
        let v = v.unwrap_or(&Value::Null);
        let number = |x: Option<f64>| x.unwrap_or_else(|| panic!("{what}: not a number"));
        match kind {
            Kind::Str => self.text(v.as_str().unwrap_or(""), what),
            Kind::OptStr => {
                let s = v.as_str();
                assert!(s != Some(""), "{what}: an empty text would read back as absent");
                s.map(|s| self.text(s, what)).unwrap_or_default()
            }
            Kind::F64 => num(number(v.as_f64())),
            Kind::OptF64 => v.as_f64().map(num).unwrap_or_default(),
            Kind::U32 => v
                .as_u64()
                .unwrap_or_else(|| panic!("{what}: not an integer"))
                .to_string(),
            Kind::OptU32 if v.is_null() => String::new(),
            Kind::OptU32 => v
                .as_u64()
                .unwrap_or_else(|| panic!("{what}: not an integer"))
                .to_string(),
            Kind::Bool => if v.as_bool().unwrap_or(false) { "1" } else { "0" }.to_string(),
            Kind::OptBool => v.as_bool().map_or("", |b| if b { "1" } else { "0" }).to_string(),
            Kind::Date => self.text(v.as_str().unwrap_or_else(|| panic!("{what}: not a date")), what),
            Kind::Strs => {
                let items = v.as_array().into_iter().flatten().map(|x| x.as_str().unwrap_or(""));
                let refs: Vec<String> = items.map(|x| self.text(x, what)).collect();
                refs.join(",")
            }
            Kind::Buy => {
                let word = v.as_str().unwrap_or("od");
                let i = BUY_WORDS.iter().position(|w| *w == word);
                i.unwrap_or_else(|| panic!("{what}: `{word}` is no purchase option"))
                    .to_string()
            }
            Kind::Word(words) => word_index(words, v, what),
            Kind::OptWord(_) if v.is_null() => String::new(),
            Kind::OptWord(words) => word_index(words, v, what),
        }
    }

    fn row(&mut self, obj: &Value, what: &str, fields: &[(&str, Kind)]) -> Vec<String> {
        fields
            .iter()
            .map(|(json, kind)| self.field(*kind, obj.get(*json), &format!("{what}.{json}")))
            .collect()
    }

    fn record(&mut self, obj: &Value, what: &str, fields: &[(&str, Kind)]) {
        let row = self.row(obj, what, fields);
        self.tokens.extend(row);
    }

    /// The row count, then the table column by column.
    fn list(&mut self, items: &Value, what: &str, fields: &[(&str, Kind)]) {
        let items = items.as_array().unwrap_or_else(|| panic!("{what}: not a list"));
        let rows: Vec<Vec<String>> = items.iter().map(|item| self.row(item, what, fields)).collect();
        self.tokens.push(rows.len().to_string());
        for column in 0..fields.len() {
            self.tokens.extend(rows.iter().map(|row| row[column].clone()));
        }
    }

    /// The finished stream: the text table (sorted, so like texts sit together), then the tokens with each
    /// text reference (marked by a NUL while building) renumbered to its place in the sorted table.
    fn finish(self) -> String {
        let sorted: std::collections::BTreeMap<&String, usize> = self.texts.iter().zip(0..).collect();
        let order: Vec<usize> = sorted.into_values().collect();
        let mut new_index = vec![0; order.len()];
        for (new, &old) in order.iter().enumerate() {
            new_index[old] = new;
        }
        let refs = |t: &str| {
            t.split(',')
                .filter_map(|r| r.strip_prefix('\0')?.parse::<usize>().ok())
                .collect::<Vec<_>>()
        };
        let mut all = vec![order.len().to_string()];
        all.extend(order.iter().map(|&i| self.texts[i].clone()));
        for t in &self.tokens {
            if t.starts_with('\0') {
                all.push(
                    refs(t)
                        .iter()
                        .map(|&i| new_index[i].to_string())
                        .collect::<Vec<_>>()
                        .join(","),
                );
            } else {
                all.push(t.clone());
            }
        }
        let mut text = all.join("\u{1f}");
        text.push(SEP);
        text
    }
}

fn main() {
    println!("cargo:rerun-if-changed=catalog.json");
    println!("cargo:rerun-if-changed=build.rs");
    let text = std::fs::read_to_string("catalog.json").unwrap_or_else(|e| panic!("catalog.json: {e}"));
    let c: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("catalog.json: {e}"));
    use Kind::*;
    let mut out = Out::default();
    out.record(&c, "catalog", &[("schema_version", U32), ("as_of", Date)]);
    out.list(
        &c["sources"],
        "sources",
        &[
            ("id", Str),
            ("title", Str),
            ("publisher", Str),
            ("where", Str),
            ("date", Date),
            ("kind", Word(SOURCE_KINDS)),
        ],
    );
    out.list(
        &c["accelerators"],
        "accelerators",
        &[
            ("id", Str),
            ("name", Str),
            ("stack", Str),
            ("generation", Word(GENERATIONS)),
            ("mem_gb", OptF64),
            ("mem_bw_gbs", OptF64),
            ("bf16_tflops", OptF64),
            ("fp16_tflops", OptF64),
            ("fp8_tflops", OptF64),
            ("int8_tops", OptF64),
            ("fp64_tflops", OptF64),
            ("tdp_w", OptF64),
            ("graphics", Bool),
            ("llm_decode", Bool),
            ("trains", Bool),
            ("source", Str),
            ("as_of", Date),
            ("note", Str),
            ("fp4_tflops", OptF64),
            ("assumed_peak", OptWord(ASSUMED_PEAKS)),
        ],
    );
    out.list(
        &c["instances"],
        "instances",
        &[
            ("id", Str),
            ("family", Str),
            ("accelerator", Str),
            ("count", OptU32),
            ("fraction", F64),
            ("accel_mem_gib", F64),
            ("vcpus", OptF64),
            ("ram_gib", OptF64),
            ("net_gbps", OptF64),
            ("efa_interfaces", OptF64),
            ("interconnect", Str),
            ("nvme_gb", OptF64),
            ("neuron_cores", OptF64),
            ("legacy", Bool),
            ("ultraserver", Bool),
            ("regions", Strs),
            ("source", Str),
            ("as_of", Date),
            ("note", Str),
        ],
    );
    out.list(
        &c["on_demand"],
        "on_demand",
        &[
            ("instance", Str),
            ("region", Str),
            ("usd_hr", F64),
            ("source", Str),
            ("as_of", Date),
            ("derived", Bool),
            ("multiplier", OptF64),
        ],
    );
    out.list(
        &c["spot"],
        "spot",
        &[
            ("instance", Str),
            ("region", Str),
            ("median_usd_hr", F64),
            ("n_az", U32),
            ("n_az_at_od", U32),
            ("source", Str),
            ("as_of", Date),
            ("interruption_band", OptStr),
        ],
    );
    out.list(
        &c["reserved"],
        "reserved",
        &[
            ("instance", Str),
            ("region", Str),
            ("class", Str),
            ("term_years", U32),
            ("payment", Str),
            ("effective_usd_hr", F64),
            ("source", Str),
            ("as_of", Date),
        ],
    );
    out.list(
        &c["savings_plan_assumptions"],
        "savings_plan_assumptions",
        &[
            ("plan", Str),
            ("term_years", U32),
            ("payment", Str),
            ("discount_pct", F64),
            ("assumption", Bool),
            ("source", Str),
            ("as_of", Date),
            ("family", OptStr),
        ],
    );
    out.list(
        &c["savings_plan_rates"],
        "savings_plan_rates",
        &[
            ("instance", Str),
            ("region", Str),
            ("plan", Str),
            ("term_years", U32),
            ("payment", OptStr),
            ("effective_usd_hr", F64),
            ("upfront_usd", OptF64),
            ("source", Str),
            ("as_of", Date),
        ],
    );
    let cb = &c["capacity_blocks"];
    out.record(
        cb,
        "capacity_blocks",
        &[
            ("families", Strs),
            ("min_days", U32),
            ("max_daily_days", U32),
            ("weekly_step_days", U32),
            ("max_days", U32),
            ("max_instances", U32),
            ("max_lead_weeks", U32),
            ("group_rate_regions", Strs),
            ("source", Str),
            ("as_of", Date),
        ],
    );
    out.list(
        &cb["rates"],
        "capacity_blocks.rates",
        &[
            ("instance", Str),
            ("region", Str),
            ("usd_hr", F64),
            ("as_of", Date),
            ("source", Str),
        ],
    );
    out.list(
        &cb["changes"],
        "capacity_blocks.changes",
        &[("from", Date), ("source", Str)],
    );
    out.record(
        &c["spot_rules"],
        "spot_rules",
        &[
            ("notice_minutes", U32),
            ("max_discount_pct", F64),
            ("bands", Strs),
            ("source", Str),
            ("as_of", Date),
        ],
    );
    out.record(
        &c["price_coverage"],
        "price_coverage",
        &[("families", Strs), ("regions", Strs), ("source", Str), ("as_of", Date)],
    );
    out.list(
        &c["price_history"],
        "price_history",
        &[
            ("instance", Str),
            ("region", Str),
            ("from", Date),
            ("usd_hr", F64),
            ("source", Str),
            ("option", Buy),
            ("payment", OptStr),
            ("class", OptStr),
        ],
    );
    out.list(
        &c["article_quotes"],
        "article_quotes",
        &[
            ("source", Str),
            ("quote", Str),
            ("instance", Str),
            ("kind", Str),
            ("usd", F64),
            ("status", Str),
            ("note_en", Str),
            ("note_zh", Str),
        ],
    );
    out.list(
        &c["links"],
        "links",
        &[
            ("instance", Str),
            ("kind", Str),
            ("name", Str),
            ("link_gbs", OptF64),
            ("source", Str),
            ("as_of", Date),
            ("domain", U32),
            ("domain_source", Str),
            ("net_gbps_per_accel", OptF64),
            ("gdr", OptBool),
            ("gdr_source", OptStr),
        ],
    );
    out.list(
        &c["grid_intensity"],
        "grid_intensity",
        &[
            ("region", Str),
            ("gco2e_per_kwh", F64),
            ("data_year", Str),
            ("source", Str),
            ("as_of", Date),
        ],
    );
    out.record(&c["pue"], "pue", &[("value", F64), ("source", Str), ("as_of", Date)]);
    out.list(
        &c["managed"],
        "managed",
        &[
            ("service", Str),
            ("model", Str),
            ("offer", Str),
            ("region", Str),
            ("tier", Str),
            ("in_usd_m", OptF64),
            ("out_usd_m", OptF64),
            ("usd_hr", OptF64),
            ("pct", OptF64),
            ("until", OptStr),
            ("source", Str),
            ("as_of", Date),
        ],
    );
    out.record(
        &c["quota_families"],
        "quota_families",
        &[
            ("p", Strs),
            ("g", Strs),
            ("inf", Strs),
            ("trn", Strs),
            ("dl", Strs),
            ("source", Str),
            ("as_of", Date),
        ],
    );
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|e| panic!("OUT_DIR: {e}")))
        .join("catalog.tokens");
    std::fs::write(&dest, out.finish()).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
}
