//! Build script: turns catalog.json into a compact token stream that `catalog_static` reads at start-up,
//! so the wasm carries neither the JSON text, nor a JSON parser, nor bulky static structures. Natively
//! the same file is parsed and validated, and a test checks both forms are equal (tests/catalog.rs), so
//! the data the page uses is always the validated data.
//!
//! Format: every field's value as text, in the order `catalog_static` reads them, separated by U+001F.
//! Lists start with their length; an absent optional value is an empty token; booleans are 1 or 0.

use serde_json::Value;

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
    Bool,
    /// true, false or absent: "1", "0" or an empty token.
    OptBool,
    Date,
    Strs,
}

struct Out(String);

impl Out {
    fn token(&mut self, text: &str, what: &str) {
        assert!(!text.contains(SEP), "{what}: contains the separator U+001F");
        self.0.push_str(text);
        self.0.push(SEP);
    }

    fn field(&mut self, kind: Kind, v: Option<&Value>, what: &str) {
        let v = v.unwrap_or(&Value::Null);
        let number = |x: Option<f64>| x.unwrap_or_else(|| panic!("{what}: not a number"));
        match kind {
            Kind::Str => self.token(v.as_str().unwrap_or(""), what),
            Kind::OptStr => {
                let s = v.as_str();
                assert!(s != Some(""), "{what}: an empty text would read back as absent");
                self.token(s.unwrap_or(""), what)
            }
            Kind::F64 => self.token(&number(v.as_f64()).to_string(), what),
            Kind::OptF64 => self.token(&v.as_f64().map(|x| x.to_string()).unwrap_or_default(), what),
            Kind::U32 => {
                let n = v.as_u64().unwrap_or_else(|| panic!("{what}: not an integer"));
                self.token(&n.to_string(), what)
            }
            Kind::Bool => self.token(if v.as_bool().unwrap_or(false) { "1" } else { "0" }, what),
            Kind::OptBool => self.token(v.as_bool().map_or("", |b| if b { "1" } else { "0" }), what),
            Kind::Date => self.token(v.as_str().unwrap_or_else(|| panic!("{what}: not a date")), what),
            Kind::Strs => {
                let items: Vec<&str> = v
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|x| x.as_str().unwrap_or(""))
                    .collect();
                self.token(&items.len().to_string(), what);
                for item in items {
                    self.token(item, what);
                }
            }
        }
    }

    fn record(&mut self, obj: &Value, what: &str, fields: &[(&str, Kind)]) {
        for (json, kind) in fields {
            self.field(*kind, obj.get(*json), &format!("{what}.{json}"));
        }
    }

    fn list(&mut self, items: &Value, what: &str, fields: &[(&str, Kind)]) {
        let items = items.as_array().unwrap_or_else(|| panic!("{what}: not a list"));
        self.token(&items.len().to_string(), what);
        for item in items {
            self.record(item, what, fields);
        }
    }
}

fn main() {
    println!("cargo:rerun-if-changed=catalog.json");
    println!("cargo:rerun-if-changed=build.rs");
    let text = std::fs::read_to_string("catalog.json").unwrap_or_else(|e| panic!("catalog.json: {e}"));
    let c: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("catalog.json: {e}"));
    use Kind::*;
    let mut out = Out(String::new());
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
        ],
    );
    out.list(
        &c["accelerators"],
        "accelerators",
        &[
            ("id", Str),
            ("name", Str),
            ("vendor", Str),
            ("stack", Str),
            ("arch", Str),
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
            ("llm_decode_source", Str),
            ("source", Str),
            ("as_of", Date),
            ("note", Str),
        ],
    );
    out.list(
        &c["instances"],
        "instances",
        &[
            ("id", Str),
            ("family", Str),
            ("accelerator", Str),
            ("count", OptF64),
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
            ("min_usd_hr", OptF64),
            ("max_usd_hr", OptF64),
            ("n_az", U32),
            ("n_az_at_od", U32),
            ("source", Str),
            ("as_of", Date),
            ("interruption_band", OptStr),
            ("band_source", OptStr),
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
            ("basis", Str),
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
            ("note", Str),
        ],
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
    out.list(
        &c["price_history"],
        "price_history",
        &[
            ("instance", Str),
            ("region", Str),
            ("from", Date),
            ("usd_hr", F64),
            ("source", Str),
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
            ("link_basis", Str),
            ("source", Str),
            ("as_of", Date),
            ("domain", U32),
            ("domain_source", Str),
            ("net_gbps_per_accel", OptF64),
            ("net_basis", Str),
            ("gdr", OptBool),
            ("gdr_source", OptStr),
            ("note", Str),
        ],
    );
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|e| panic!("OUT_DIR: {e}")))
        .join("catalog.tokens");
    std::fs::write(&dest, out.0).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
}
